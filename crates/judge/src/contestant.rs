//! Who is judged, and one attempt of theirs: a built-in implementation (the front's own executable
//! re-run as `__run`), or a submitted file and its build (run in the sandbox). Judge and stress
//! both make their runs through [`attempt`], which gives the answer read from the right channel, or
//! the verdict that left none.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::Duration;

use checker::Board;

use crate::answer::{Answer, Verdict};
use crate::child::{child_arguments, input_text, read_output, ChildRequest, CHILD_ENV};
use crate::problem::Problem;
use crate::registry::Entry;
use crate::runner::{Ending, Job, Limits};
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

/// Reads every submitted file; two with one file name are told apart by their paths.
pub fn detect_all(files: &[PathBuf], problems: &[Problem]) -> Result<Vec<Submission>, String> {
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
/// # Errors
/// One line when a build cannot even start (a missing compiler, an unwritable folder).
pub fn build_all(
    submissions: Vec<Submission>,
    toolchain: &Toolchain,
    build_folder: &Path,
    jobs: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Vec<Contestant>, String> {
    let builds = crate::pool::map(
        &submissions,
        jobs,
        None,
        |submission| crate::submission::build(submission, toolchain, build_folder),
        |_| progress(0, 0),
    );
    submissions
        .into_iter()
        .zip(builds)
        .map(|(submission, build)| {
            let build = build?;
            Ok(Contestant::File { submission, build })
        })
        .collect()
}

/// What runs for an attempt: the program, its arguments, whether it answers on descriptor 3, the
/// sandbox around it, its environment.
type Launch = (PathBuf, Vec<OsString>, bool, Vec<OsString>, &'static [(&'static str, &'static str)]);

/// What one attempt gave: the answer, read from its channel, or the verdict that left none with its
/// detail; and what the kernel measured.
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
}

/// Runs `contestant` once on `board` as an input of `problem`, within `limits`.
pub fn attempt(
    contestant: &Contestant,
    problem: Problem,
    board: &Board,
    limits: Limits,
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
    };
    let request = ChildRequest { problem, samples: None, sample_target: Duration::ZERO, check_inside: false };
    let launch: Launch = match contestant {
        Contestant::Builtin(entry) => (
            child_program.to_path_buf(),
            child_arguments(&entry.id(), &request),
            false,
            Vec::new(),
            CHILD_ENV,
        ),
        Contestant::File { build: Build::CompileError(message), .. } => {
            attempt.result = Err((Verdict::CE, message.clone()));
            return attempt;
        }
        Contestant::File { build: Build::Ready(runnable), .. } => (
            runnable.program.clone(),
            runnable.args_for(problem),
            runnable.answer_channel,
            sandbox.map(|sandbox| sandbox.wrapper(&runnable.reads)).unwrap_or_default(),
            crate::sandbox::ENV,
        ),
    };
    let (program, args, answer_channel, wrapper, env) = launch;
    let input = input_text(problem, board);
    let job = Job {
        wrapper: &wrapper,
        program: &program,
        args: &args,
        answer_channel,
        sandboxed: !wrapper.is_empty(),
        max_processes: (!wrapper.is_empty()).then_some(crate::sandbox::MAX_PROCESSES),
        env,
        stdin: input.as_bytes(),
        limits,
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
    attempt.printed = (answer_channel && !finished.stdout.is_empty())
        .then(|| String::from_utf8_lossy(&finished.stdout).into_owned());
    attempt.stderr = String::from_utf8_lossy(&finished.stderr).into_owned();
    let channel = answer_channel.then(|| String::from_utf8_lossy(&finished.answer).into_owned());
    attempt.result = match finished.ending(&limits) {
        Ending::TimeLimit { detail } => Err((Verdict::TLE, detail)),
        Ending::MemoryLimit { detail } => Err((Verdict::MLE, detail)),
        Ending::OutputLimit { detail } => Err((Verdict::OLE, detail)),
        Ending::RuntimeError { detail } => Err((Verdict::RE, detail)),
        Ending::Exited { stdout } => {
            let answer = match &channel {
                Some(text) => Answer::from_wire(text, problem.lists_boards()),
                None => read_output(&stdout, &request).0,
            };
            answer.map_err(|detail| (Verdict::WA, detail))
        }
    };
    attempt
}
