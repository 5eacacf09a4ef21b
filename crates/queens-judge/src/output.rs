//! What every command shares on the way out: failures as one line, progress on a terminal, and
//! coloured text through anstream (which honours `NO_COLOR`, `CLICOLOR` and `CLICOLOR_FORCE`, and
//! strips colour for a pipe).
//!
//! The progress bar is a few lines here rather than indicatif: that crate and its terminal layer
//! added some 10% to a cold `cargo xtask judge`, which must stay as quick as it was.

use std::io::{IsTerminal, Write};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Why a command stopped before its work was done.
#[derive(Debug)]
pub enum Failure {
    /// The command line was wrong: exit status 2.
    Usage(String),
    /// Something failed along the way: exit status 1.
    Other(String),
    /// The engine stopped: its error's own exit status (2 usage, 3 environment, 4 input).
    Engine(judge_core::error::Error),
    /// Stdout's reader went away (`| head -1`): the command ends quietly, with status 0, as other
    /// tools end when the rest of their output is not wanted.
    BrokenPipe,
}

impl From<judge_core::error::Error> for Failure {
    fn from(error: judge_core::error::Error) -> Failure {
        Failure::Engine(error)
    }
}

pub type Status = Result<i32, Failure>;

/// Prints a usage error as one line and exits with status 2.
pub fn usage_error(message: &str) -> ! {
    error_line(message.trim_start_matches("error: "));
    std::process::exit(2);
}

/// Prints `error: MESSAGE` on stderr as one line: a file's name in it may hold a newline or an
/// escape sequence, shown escaped as a program's output is. Never panics (stderr may be gone).
pub fn error_line(message: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "error: {}", judge_core::escape::escape_one_line(message));
}

/// clap's error as one line: its first paragraph (what is wrong, and for a missing argument which
/// one), without the usage and the hint that follow.
pub fn first_line(text: &str) -> String {
    let paragraph: Vec<&str> = text
        .lines()
        .skip_while(|line| line.trim().is_empty())
        .take_while(|line| !line.trim().is_empty())
        .map(str::trim)
        .collect();
    if paragraph.is_empty() {
        "bad arguments".to_string()
    } else {
        paragraph.join(" ")
    }
}

/// Writes `text` to stdout, with its ANSI styles where colour is on; a closed stdout is a failure,
/// and a pipe whose reader is gone is [`Failure::BrokenPipe`].
pub fn print(text: &str) -> Result<(), Failure> {
    let mut stdout = anstream::stdout().lock();
    stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush()).map_err(|error| match error.kind() {
        std::io::ErrorKind::BrokenPipe => Failure::BrokenPipe,
        _ => Failure::Other(format!("cannot write to stdout: {error}")),
    })
}

/// A progress bar on stderr for work that runs past a second, on a terminal only, never for JSON:
/// one line, redrawn in place at most ten times a second, cleared at the end.
#[derive(Debug)]
pub struct Progress {
    what: String,
    started: Instant,
    wanted: bool,
    /// When the line was last drawn, and how wide it was.
    drawn: Mutex<Option<(Instant, usize)>>,
}

const BAR_WIDTH: u64 = 30;

impl Progress {
    pub fn new(what: &str, json: bool) -> Progress {
        Progress {
            what: what.to_string(),
            started: Instant::now(),
            wanted: !json && std::io::stderr().is_terminal(),
            drawn: Mutex::new(None),
        }
    }

    /// Records `done` of `total` (0 when unknown), with an optional note; drawn once a second has gone.
    pub fn update(&self, done: u64, total: u64, message: &str) {
        if !self.wanted || self.started.elapsed() < Duration::from_secs(1) {
            return;
        }
        let mut drawn = self.drawn.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if drawn.is_some_and(|(at, _)| at.elapsed() < Duration::from_millis(100)) && done != total {
            return;
        }
        let mut line = format!("{} ", self.what);
        match (done.min(total) * BAR_WIDTH).checked_div(total) {
            Some(filled) => {
                let filled = filled as usize;
                let bar = format!("{}{}", "#".repeat(filled), ".".repeat(BAR_WIDTH as usize - filled));
                line.push_str(&format!("[{bar}] {done}/{total}"));
            }
            None => line.push_str(&done.to_string()),
        }
        if !message.is_empty() {
            line.push_str(&format!(" {message}"));
        }
        let width = line.chars().count();
        let padding = " ".repeat(drawn.map_or(0, |(_, old)| old).saturating_sub(width));
        let mut stderr = std::io::stderr().lock();
        let _ = write!(stderr, "\r{line}{padding}");
        let _ = stderr.flush();
        *drawn = Some((Instant::now(), width));
    }

    /// Clears the line, if one was drawn.
    pub fn finish(&self) {
        if let Some((_, width)) = *self.drawn.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) {
            let mut stderr = std::io::stderr().lock();
            let _ = write!(stderr, "\r{}\r", " ".repeat(width));
            let _ = stderr.flush();
        }
    }
}

/// The number of cores, the default for `--jobs`.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// This program, to be re-run as every child.
pub fn this_program() -> Result<std::path::PathBuf, Failure> {
    std::env::current_exe().map_err(|error| Failure::Other(format!("cannot find this program: {error}")))
}

/// `--problem`'s help, from the problems' descriptions: their ids, and which of them stress cannot
/// draw (`for_stress`: those whose input is not one board).
pub fn problem_help(for_stress: bool) -> String {
    use judge_core::problem::{Input, Problem};
    let ids = |boards: bool| -> Vec<&str> {
        Problem::all()
            .filter(|problem| !for_stress || matches!(problem.input(), Input::Board | Input::Side) == boards)
            .map(Problem::id)
            .collect()
    };
    if for_stress {
        format!(
            "Only these problems: {} (comma-separated; {} take other inputs than one board: judge them)",
            ids(true).join(", "),
            ids(false).join(", ")
        )
    } else {
        format!("Only these problems: {} (comma-separated)", ids(true).join(", "))
    }
}

/// Parses one problem id, for `--problem`.
pub fn parse_problem(text: &str) -> Result<judge_core::problem::Problem, String> {
    judge_core::problem::Problem::from_id(text.trim()).ok_or_else(|| {
        let ids: Vec<&str> = judge_core::problem::Problem::all().map(|problem| problem.id()).collect();
        format!("unknown problem `{text}`: expected one of {}", ids.join(", "))
    })
}

/// Parses `--jobs`: at least one.
pub fn parse_jobs(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err("expected at least 1".to_string()),
        Ok(jobs) => Ok(jobs),
        Err(_) => Err("expected a whole number".to_string()),
    }
}

/// The sandbox submitted files are built and run in, when there are files: the judge's own (see
/// `judge_core::sandbox`), or a one-line failure saying why there is none here. `--no-sandbox` runs them
/// without it, after a one-line note. Either way, Ctrl-C then leaves no run and no cgroup behind.
pub fn sandbox_for(
    files: &[std::path::PathBuf],
    no_sandbox: bool,
) -> Result<Option<judge_core::sandbox::Sandbox>, Failure> {
    if files.is_empty() {
        return Ok(None);
    }
    sandbox(no_sandbox)
}

/// The sandbox builds and runs of files happen in (see [`sandbox_for`]).
pub fn sandbox(no_sandbox: bool) -> Result<Option<judge_core::sandbox::Sandbox>, Failure> {
    judge_core::runner::clean_up_on_signals();
    if no_sandbox {
        judge_core::runner::shield_from_runs();
        if judge_core::sandbox::landlock_abi() == 0 {
            eprintln!(
                "note: --no-sandbox: files are built and run outside the sandbox, and this kernel has no \
                 Landlock to fence them: they can read and write whatever your user can"
            );
        } else {
            eprintln!(
                "note: --no-sandbox: files are built and run outside the sandbox, fenced (Landlock, seccomp)"
            );
        }
        return Ok(None);
    }
    judge_core::sandbox::Sandbox::detect().map(Some).map_err(|error| {
        Failure::Engine(judge_core::error::Error::Environment(format!(
            "{}; --no-sandbox runs files without it",
            error.0
        )))
    })
}
