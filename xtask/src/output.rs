//! What every command shares on the way out: failures as one line, progress on a terminal, and
//! coloured text through anstream (which honours `NO_COLOR`, `CLICOLOR` and `CLICOLOR_FORCE`, and
//! strips colour for a pipe).

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Why a command stopped before its work was done.
#[derive(Debug)]
pub enum Failure {
    /// The command line was wrong: exit status 2.
    Usage(String),
    /// Something failed along the way: exit status 1.
    Other(String),
}

pub type Status = Result<i32, Failure>;

/// Prints a usage error as one line and exits with status 2.
pub fn usage_error(message: &str) -> ! {
    eprintln!("error: {}", message.trim_start_matches("error: "));
    std::process::exit(2);
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

/// Writes `text` to stdout, with its ANSI styles where colour is on; a closed stdout is a failure.
pub fn print(text: &str) -> Result<(), Failure> {
    let mut stdout = anstream::stdout().lock();
    stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
        .map_err(|error| Failure::Other(format!("cannot write to stdout: {error}")))
}

/// A progress bar on stderr for work that runs past a second, on a terminal only, never for JSON.
#[derive(Debug)]
pub struct Progress {
    bar: ProgressBar,
    started: Instant,
    wanted: bool,
    shown: std::sync::atomic::AtomicBool,
}

impl Progress {
    pub fn new(what: &str, json: bool) -> Progress {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
        let template = format!("{what} {{bar:30}} {{pos}}/{{len}} {{msg}}");
        if let Ok(style) = ProgressStyle::with_template(&template) {
            bar.set_style(style);
        }
        Progress {
            bar,
            started: Instant::now(),
            wanted: !json && std::io::stderr().is_terminal(),
            shown: std::sync::atomic::AtomicBool::new(false),
        }
    }

    /// Records `done` of `total`, with an optional note; the bar appears once a second has gone.
    pub fn update(&self, done: u64, total: u64, message: &str) {
        self.bar.set_length(total);
        self.bar.set_position(done);
        if !message.is_empty() {
            self.bar.set_message(message.to_string());
        }
        if self.wanted
            && self.started.elapsed() > Duration::from_secs(1)
            && !self.shown.swap(true, std::sync::atomic::Ordering::Relaxed)
        {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
    }

    pub fn finish(&self) {
        self.bar.finish_and_clear();
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

/// Parses one problem id (`cses1624`), for `--problem`.
pub fn parse_problem(text: &str) -> Result<judge::problem::Problem, String> {
    judge::problem::Problem::from_id(text.trim()).ok_or_else(|| {
        let ids: Vec<&str> = judge::problem::Problem::ALL.iter().map(|problem| problem.id()).collect();
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
