//! Who is judged, and one attempt of theirs: a built-in implementation (the front's own executable
//! re-run as `__run`), or a submitted file and its build (run in the sandbox). Judge and stress
//! both make their runs through [`attempt`], which gives the answer read from the right channel, or
//! the verdict that left none.

use std::path::{Path, PathBuf};
use std::time::Duration;

use checker::Board;

use crate::answer::{Answer, Verdict};
use crate::child::{child_arguments, input_text, read_output, ChildRequest, Samples, CHILD_ENV, CPUS_ENV};
use crate::error::Error;
use crate::problem::Problem;
use crate::registry::Entry;
use crate::runner::{Ending, Isolation, Job, Limits};
use crate::sandbox::Sandbox;
use crate::submission::{Build, Shape, Submission, Toolchain};

/// Who is judged: a built-in implementation, or a submitted file and its build.
#[derive(Debug)]
pub enum Contestant {
    Builtin(Entry),
    File { submission: Submission, build: Build },
}

impl Contestant {
    pub fn id(&self) -> String {
        match self {
            Contestant::Builtin(entry) => entry.id(),
            Contestant::File { submission, .. } => submission.name.clone(),
        }
    }

    pub fn solves(&self, problem: Problem) -> bool {
        match self {
            Contestant::Builtin(entry) => entry.solves(problem),
            Contestant::File { submission, .. } => submission.problems.contains(&problem),
        }
    }

    /// Whether one run answers all its problems on a case (a counter's CSES and `queens` tables),
    /// rather than one run a problem (a LeetCode driver is told which method to call).
    pub fn one_run_for_all_problems(&self) -> bool {
        match self {
            Contestant::Builtin(_) => true,
            Contestant::File { submission, .. } => submission.shape == Shape::Program,
        }
    }
}

/// The most of an answer to `problem` on `board` the judge reads: room for every right answer
/// (LeetCode 51's boards, drawn, from OEIS's count), twice over, and 64 KiB for what a program
/// may print around it; what comes past it is counted, not kept (WA, "answer too long").
pub fn longest_answer(problem: Problem, board: &Board) -> usize {
    let slack = 64 << 10;
    if !problem.lists_boards() {
        return slack;
    }
    let n = board.n();
    let boards = checker::oracle::known_count(n)
        .map_or(usize::MAX, |count| usize::try_from(count).unwrap_or(usize::MAX));
    // A board is its row count's line, then n rows of n characters and a line end.
    let board_bytes = 8 + n * (n + 1);
    boards.saturating_mul(board_bytes).saturating_mul(2).saturating_add(slack)
}

/// Reads every submitted file; two with one file name are told apart by their paths.
///
/// # Errors
/// The first file that cannot be judged, in one line.
pub fn detect_all(files: &[PathBuf], problems: &[Problem]) -> Result<Vec<Submission>, Error> {
    let paths = crate::submission::expand_paths(files)?;
    let mut submissions: Vec<Submission> =
        paths.iter().map(|path| crate::submission::detect(path, problems)).collect::<Result<_, _>>()?;
    let names: Vec<String> = submissions.iter().map(|submission| submission.name.clone()).collect();
    for submission in &mut submissions {
        if names.iter().filter(|name| **name == submission.name).count() > 1 {
            submission.name = crate::display_relative(&submission.path);
        }
    }
    Ok(submissions)
}

/// Builds every submission, `jobs` at a time (a compiler takes a second or more).
///
/// A file whose build answers fewer problems than it seemed to solve is judged on those alone; the
/// notes say which.
///
/// # Errors
/// One line when a build cannot even start (a missing compiler, an unwritable folder).
pub fn build_all(
    submissions: Vec<Submission>,
    toolchain: &Toolchain,
    build_folder: &Path,
    sandbox: Option<&Sandbox>,
    jobs: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<(Vec<Contestant>, Vec<String>), Error> {
    let builds = crate::pool::map(
        &submissions,
        jobs,
        None,
        |submission| crate::submission::build(submission, toolchain, build_folder, sandbox),
        |_| progress(0, 0),
    );
    let mut notes = Vec::new();
    let mut contestants = Vec::new();
    for (mut submission, build) in submissions.into_iter().zip(builds) {
        let build = build?;
        if let Build::Ready(runnable) = &build {
            submission.problems.retain(|problem| runnable.problems.contains(problem));
            notes.extend(runnable.note.clone());
        }
        contestants.push(Contestant::File { submission, build });
    }
    Ok((contestants, notes))
}

/// What one attempt is asked: the problem and its input, the limits, and how it is timed.
#[derive(Clone, Copy, Debug)]
pub struct Request<'a> {
    pub problem: Problem,
    pub board: &'a Board,
    pub limits: Limits,
    pub timing: Timing<'a>,
    /// The address-space cap, when not the runner's (`u64::MAX`: none, for the sanitizers).
    pub address_space: Option<u64>,
}

impl<'a> Request<'a> {
    /// A judged run: `problem` on `board` within `limits`, timed by the kernel's accounting.
    pub fn judged(problem: Problem, board: &'a Board, limits: Limits) -> Request<'a> {
        Request { problem, board, limits, timing: Timing::Kernel, address_space: None }
    }
}

/// How an attempt is timed.
#[derive(Clone, Copy, Debug)]
pub enum Timing<'a> {
    /// By the kernel's accounting of the whole run (judge, stress; and bench for a file, one
    /// fresh process a sample).
    Kernel,
    /// Also by a built-in's own clock (bench): its cold run, then `samples` warm samples of about
    /// `target` each, pinned to `cpus`; `check_inside` lets it check LeetCode 51's boards itself.
    Samples { samples: usize, target: Duration, check_inside: bool, cpus: &'a str },
}

/// What one attempt gave: the answer, read from its channel, or the verdict that left none with its
/// detail; what the kernel measured; and a built-in's own samples when bench asked.
#[derive(Debug)]
pub struct Attempt {
    pub result: Result<Answer, (Verdict, String)>,
    pub cpu_time: Option<Duration>,
    pub wall_time: Option<Duration>,
    pub peak_memory_bytes: Option<u64>,
    /// What a LeetCode solution printed on stdout, when anything.
    pub printed: Option<String>,
    /// The end of what it wrote on stderr.
    pub stderr: String,
    /// A built-in's own timings, when [`Timing::Samples`] asked for them.
    pub samples: Option<Samples>,
}

/// Runs `contestant` once as `request` says: the one way judge, stress, bench and the languages'
/// self-tests run anything. A built-in runs as `child_program __run`; a file's build in `sandbox`
/// (unsandboxed where it is `None`).
pub fn attempt(
    contestant: &Contestant,
    request: &Request,
    child_program: &Path,
    sandbox: Option<&Sandbox>,
) -> Attempt {
    let mut attempt = Attempt {
        result: Err((Verdict::RE, String::new())),
        cpu_time: None,
        wall_time: None,
        peak_memory_bytes: None,
        printed: None,
        stderr: String::new(),
        samples: None,
    };
    let (problem, board, limits) = (request.problem, request.board, request.limits);
    let child_request = match request.timing {
        Timing::Kernel => {
            ChildRequest { problem, samples: None, sample_target: Duration::ZERO, check_inside: false }
        }
        Timing::Samples { samples, target, check_inside, .. } => {
            ChildRequest { problem, samples: Some(samples), sample_target: target, check_inside }
        }
    };
    let input = input_text(problem, board);
    let (program, args, answer_channel, layout) = match contestant {
        Contestant::Builtin(entry) => {
            (child_program.to_path_buf(), child_arguments(&entry.id(), &child_request), false, None)
        }
        Contestant::File { build: Build::CompileError(message), .. } => {
            attempt.result = Err((Verdict::CE, message.clone()));
            return attempt;
        }
        Contestant::File { build: Build::Ready(runnable), .. } => {
            match runnable.launch(sandbox.is_some(), problem, limits.memory_bytes) {
                Ok((program, args, layout)) => (program, args, runnable.answer_channel, Some(layout)),
                Err(reason) => {
                    attempt.result = Err((Verdict::RE, reason));
                    return attempt;
                }
            }
        }
    };
    // A JVM or V8 reserves far more than it uses: no address-space cap, the cgroup holds it.
    let reserves =
        matches!(contestant, Contestant::File { submission, .. } if submission.language.reserves_memory());
    let address_space = if reserves { Some(u64::MAX) } else { request.address_space };
    let isolation = match (&layout, sandbox) {
        (None, _) => Isolation::Plain,
        (Some(layout), Some(sandbox)) => Isolation::Sandboxed { sandbox, layout },
        (Some(_), None) => Isolation::Unsandboxed,
    };
    let pinned: Vec<(&str, &str)>;
    let env = match (&layout, request.timing) {
        (Some(_), _) => crate::sandbox::ENV,
        (None, Timing::Kernel) => CHILD_ENV,
        (None, Timing::Samples { cpus, .. }) => {
            pinned = CHILD_ENV.iter().copied().chain([(CPUS_ENV, cpus)]).collect();
            &pinned
        }
    };
    // A built-in timing itself may print all LeetCode 51's boards; a judged run what a right
    // answer takes.
    let answer_bytes = match request.timing {
        Timing::Samples { .. } if layout.is_none() => {
            usize::try_from(limits.output_bytes).unwrap_or(usize::MAX)
        }
        _ => longest_answer(problem, board),
    };
    let job = Job {
        isolation,
        program: &program,
        args: &args,
        answer_channel,
        max_processes: layout.is_some().then_some(crate::sandbox::MAX_PROCESSES),
        env,
        stdin: input.as_bytes(),
        limits,
        address_space,
        file_bytes: None,
        answer_bytes,
    };
    let finished = match crate::runner::run(&job) {
        Ok(finished) => finished,
        Err(reason) => {
            attempt.result = Err((Verdict::RE, reason));
            return attempt;
        }
    };
    attempt.cpu_time = Some(finished.cpu_time);
    attempt.wall_time = Some(finished.wall_time);
    attempt.peak_memory_bytes = Some(finished.peak_memory_bytes);
    // What a LeetCode solution printed is shown with a failing run, as LeetCode shows stdout.
    attempt.printed = (answer_channel && !finished.stdout.is_empty()).then(|| {
        let mut printed = String::from_utf8_lossy(&finished.stdout).into_owned();
        if finished.stdout_total > finished.stdout.len() as u64 {
            printed.push_str(&format!("\n[... {} bytes printed in all]", finished.stdout_total));
        }
        printed
    });
    attempt.stderr = String::from_utf8_lossy(&finished.stderr).into_owned();
    let channel = answer_channel.then(|| String::from_utf8_lossy(&finished.answer).into_owned());
    let (kept, total) = if answer_channel {
        (finished.answer.len(), finished.answer_total)
    } else {
        (finished.stdout.len(), finished.stdout_total)
    };
    let too_long = (total > kept as u64).then(|| {
        format!(
            "answer too long: {total} bytes, where a right answer takes at most {kept}: not read past that"
        )
    });
    attempt.result = match finished.ending(&limits) {
        Ending::TimeLimit { detail } => Err((Verdict::TLE, detail)),
        Ending::MemoryLimit { detail } => Err((Verdict::MLE, detail)),
        Ending::OutputLimit { detail } => Err((Verdict::OLE, detail)),
        Ending::RuntimeError { detail } => Err((Verdict::RE, detail)),
        Ending::Exited { .. } if too_long.is_some() => Err((Verdict::WA, too_long.unwrap_or_default())),
        Ending::Exited { stdout } => {
            let answer = match &channel {
                Some(text) => Answer::from_wire(text, problem.lists_boards()),
                None => {
                    let (answer, samples) = read_output(&stdout, &child_request);
                    attempt.samples = samples;
                    // A program whose output is not an answer (debugging lines first) is shown
                    // what it printed.
                    if answer.is_err() && layout.is_some() && !stdout.is_empty() {
                        attempt.printed = Some(String::from_utf8_lossy(&stdout).into_owned());
                    }
                    answer
                }
            };
            answer.map_err(|detail| (Verdict::WA, detail))
        }
    };
    attempt
}
