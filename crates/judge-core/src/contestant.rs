//! Who is judged, and one attempt of theirs: a built-in implementation (the front's own executable
//! re-run as `__run`), or a submitted file and its build (run in the sandbox). Judge and stress
//! both make their runs through [`attempt`], which gives the answer read from the right channel, or
//! the verdict that left none.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::answer::{longest_answer, parse_budget, Answer};
use crate::child::{child_arguments, input_text, read_output, ChildRequest, Samples, CHILD_ENV, CPUS_ENV};
use crate::error::Error;
use crate::problem::{Problem, TestInput};
use crate::registry::Entry;
use crate::runner::{Ending, Finished, Isolation, Job, Limits, SessionTest};
use crate::sandbox::Sandbox;
use crate::submission::{Build, Shape, Submission, Toolchain};

mod grade;
mod prepared;
pub use grade::{Additions, Run, Truth};
use prepared::Prepared;

/// Who is judged: a built-in implementation, or a submitted file and its build.
#[derive(Debug)]
// A run has a few dozen contestants at most, made once: boxing the file's side would save nothing.
#[allow(clippy::large_enum_variant)]
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

    /// What reads its runtime's reports (a panic, an exception, a sanitizer's finding, a failed
    /// allocation): a file's language; a built-in's is Rust's.
    pub fn runtime(&self) -> crate::executor::Language {
        match self {
            Contestant::File { submission, .. } => submission.language,
            Contestant::Builtin(_) => crate::executor::builtin_runtime(),
        }
    }

    pub fn solves(&self, problem: Problem) -> bool {
        match self {
            Contestant::Builtin(entry) => entry.solves(problem),
            Contestant::File { submission, .. } => submission.problems.contains(&problem),
        }
    }

    /// Whether a TLE of it is expected: a built-in search shown to be too slow by design.
    pub fn too_slow_by_design(&self) -> bool {
        self.search_reach().is_some()
    }

    /// A built-in search's reach ([`crate::registry::Entry::search_reach`]).
    pub fn search_reach(&self) -> Option<usize> {
        match self {
            Contestant::Builtin(entry) => entry.search_reach,
            Contestant::File { .. } => None,
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

/// Reads every submitted file; two with one file name are told apart by their paths. A file that
/// cannot be read (missing, unreadable, too large, a link of another user's, neither a program
/// nor a LeetCode solution) is refused alone, its one-line error returned beside the others.
///
/// # Errors
/// A usage error (a file in no known language, problems that cannot go together), or a folder
/// that cannot be read.
pub fn detect_all(files: &[PathBuf], problems: &[Problem]) -> Result<(Vec<Submission>, Vec<Error>), Error> {
    let (paths, mut refused) = crate::submission::expand_each(files)?;
    let mut submissions: Vec<Submission> = Vec::new();
    for path in &paths {
        match crate::submission::detect(path, problems) {
            Ok(submission) => submissions.push(submission),
            Err(error @ Error::Input(_)) => refused.push(error),
            Err(error) => return Err(error),
        }
    }
    let names: Vec<String> = submissions.iter().map(|submission| submission.name.clone()).collect();
    for submission in &mut submissions {
        if names.iter().filter(|name| **name == submission.name).count() > 1 {
            submission.name =
                crate::escape::escape_one_line(&crate::files::display_relative(&submission.path))
                    .into_owned();
        }
    }
    Ok((submissions, refused))
}

/// What [`build_all`] made: the contestants, the notes, and the files refused alone.
pub(crate) type Built = (Vec<Contestant>, Vec<String>, Vec<Error>);

/// Builds every submission, `jobs` at a time (a compiler takes a second or more).
///
/// A file whose build answers fewer problems than it seemed to solve is judged on those alone; the
/// notes say which. A file that cannot be read at build time is refused alone.
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
) -> Result<Built, Error> {
    let builds = crate::pool::map(
        &submissions,
        jobs,
        None,
        |submission| crate::submission::build(submission, toolchain, build_folder, sandbox),
        |_| progress(0, 0),
    );
    let mut notes = Vec::new();
    let mut contestants = Vec::new();
    let mut refused = Vec::new();
    for (mut submission, build) in submissions.into_iter().zip(builds) {
        let build = match build {
            Ok(build) => build,
            Err(error @ Error::Input(_)) => {
                refused.push(error);
                continue;
            }
            Err(error) => return Err(error),
        };
        notes.extend(submission.notes.iter().cloned());
        if let Build::Ready(runnable) = &build {
            submission.problems.retain(|problem| runnable.problems.contains(problem));
            notes.extend(runnable.note.clone());
        }
        contestants.push(Contestant::File { submission, build });
    }
    Ok((contestants, notes, refused))
}

/// What one attempt is asked: the problem and its input, the limits, and how it is timed.
#[derive(Clone, Copy, Debug)]
pub struct Request<'a> {
    pub problem: Problem,
    pub input: &'a TestInput,
    pub limits: Limits,
    pub timing: Timing<'a>,
    /// The address-space cap, when not the runner's (`u64::MAX`: none, for the sanitizers).
    pub address_space: Option<u64>,
}

impl<'a> Request<'a> {
    /// A judged run: `problem` on `input` within `limits`, timed by the kernel's accounting.
    pub fn judged(problem: Problem, input: &'a TestInput, limits: Limits) -> Request<'a> {
        Request { problem, input, limits, timing: Timing::Kernel, address_space: None }
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

/// What kept an attempt from giving an answer: facts, each with its detail as a person reads it;
/// which verdict a fact is, the grading step says ([`Attempt::grade`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The file did not build: the compiler's message.
    CompileError(String),
    /// Its CPU time ran past the limit (or the wall-clock backstop ended it).
    OverTime(String),
    /// Its memory ran past the limit.
    OverMemory(String),
    /// It wrote more than the judge reads.
    OverOutput(String),
    /// It crashed, or exited with a status that is not 0.
    Crashed(String),
    /// It exited, and what it answered could not be read as an answer (or was too long): why.
    Unreadable(String),
    /// The judge's or the machine's: a program that could not be started, a runtime missing, a
    /// session that broke off. Never a verdict of the file's: the commands stop with it as an error
    /// of the environment (exit status 3).
    Judge(Error),
}

/// What one attempt gave: the answer, read from its channel, or the failure that left none; what
/// the kernel measured; and a built-in's own samples when bench asked.
#[derive(Clone, Debug)]
pub struct Attempt {
    pub result: Result<Answer, Failure>,
    pub cpu_time: Option<Duration>,
    pub wall_time: Option<Duration>,
    pub peak_memory_bytes: Option<u64>,
    /// What a LeetCode solution printed on stdout, when anything.
    pub printed: Option<String>,
    /// The end of what it wrote on stderr.
    pub stderr: String,
    /// A built-in's own timings, when [`Timing::Samples`] asked for them.
    pub samples: Option<Samples>,
    /// In a session: what the driver saw of the file's own state as the test began (`NAME\tVALUE`
    /// lines), where it can tell (Java's static fields, Python's globals and class attributes).
    pub state: String,
    /// In a session: the test ran first in a new process, the one before it having been ended by
    /// the test before.
    pub new_process: bool,
}

fn child_request_of(request: &Request, session: bool) -> ChildRequest {
    match request.timing {
        Timing::Kernel => ChildRequest {
            problem: request.problem,
            samples: None,
            sample_target: Duration::ZERO,
            check_inside: false,
            session,
        },
        Timing::Samples { samples, target, check_inside, .. } => ChildRequest {
            problem: request.problem,
            samples: Some(samples),
            sample_target: target,
            check_inside,
            session,
        },
    }
}

fn failed(failure: Failure) -> Attempt {
    Attempt {
        result: Err(failure),
        cpu_time: None,
        wall_time: None,
        peak_memory_bytes: None,
        printed: None,
        stderr: String::new(),
        samples: None,
        state: String::new(),
        new_process: false,
    }
}

/// Runs `contestant` once as `request` says: the one way a single run of anything is made (CSES's
/// process per test; the languages' self-tests; bench's samples; `--strict`'s runs again). A
/// LeetCode request timed by the kernel runs as LeetCode runs a submission, in a session of one
/// test ([`attempt_session`]): no command runs a LeetCode file any other way. A built-in runs as
/// `child_program __run`; a file's build in `sandbox` (unsandboxed where it is `None`).
pub fn attempt(
    contestant: &Contestant,
    request: &Request,
    child_program: &Path,
    sandbox: Option<&Sandbox>,
) -> Attempt {
    let leetcode_file =
        matches!(contestant, Contestant::File { submission, .. } if submission.shape == Shape::LeetCode);
    if request.problem.runs_in_one_process() && (leetcode_file || matches!(request.timing, Timing::Kernel)) {
        let mut answered = None;
        attempt_session(
            contestant,
            std::slice::from_ref(request),
            child_program,
            sandbox,
            &mut |_, attempt| {
                answered = Some(attempt);
                false
            },
        );
        return answered.unwrap_or_else(|| {
            failed(Failure::Judge(Error::Environment("the session gave no answer".to_string())))
        });
    }
    let child_request = child_request_of(request, false);
    let prepared = match Prepared::new(contestant, request, &child_request, child_program, sandbox) {
        Ok(prepared) => prepared,
        Err(failure) => return failed(failure),
    };
    let (problem, limits) = (request.problem, request.limits);
    let input = input_text(problem, request.input);
    // A built-in timing itself may print all LeetCode 51's boards; a judged run what a right
    // answer takes.
    let answer_bytes = match request.timing {
        Timing::Samples { .. } if prepared.layout.is_none() => {
            usize::try_from(limits.output_bytes).unwrap_or(usize::MAX)
        }
        _ => longest_answer(problem, request.input),
    };
    let env = prepared.env();
    let job = Job { stdin: input.as_bytes(), answer_bytes, ..prepared.job(sandbox, &env, limits) };
    match crate::runner::run(&job) {
        Ok(finished) => read_attempt(contestant, finished, request, &prepared, &child_request),
        Err(reason) => failed(Failure::Judge(reason.into())),
    }
}

/// Runs `contestant` on every one of `requests` (all of one problem) in order, as LeetCode runs a
/// submission: one process answers test after test, whatever state the file keeps carried over
/// (a new `Solution` each test where the language has one). A test that ends the process (a crash,
/// a limit) is that test's verdict, and the tests after it run on in a new process
/// ([`Attempt::new_process`]). `take` is handed each test's attempt, in order, with its index;
/// where it answers `false`, no further test is run.
pub fn attempt_session(
    contestant: &Contestant,
    requests: &[Request],
    child_program: &Path,
    sandbox: Option<&Sandbox>,
    take: &mut dyn FnMut(usize, Attempt) -> bool,
) {
    let Some(first) = requests.first() else { return };
    let child_request = child_request_of(first, true);
    // The JVM's heap is sized to the largest limit of the session.
    let largest = requests.iter().max_by_key(|request| request.limits.memory_bytes).unwrap_or(first);
    let prepared = match Prepared::new(contestant, largest, &child_request, child_program, sandbox) {
        Ok(prepared) => prepared,
        Err(failure) => {
            for index in 0..requests.len() {
                if !take(index, failed(failure.clone())) {
                    return;
                }
            }
            return;
        }
    };
    let inputs: Vec<String> =
        requests.iter().map(|request| input_text(request.problem, request.input)).collect();
    let tests: Vec<SessionTest> = requests
        .iter()
        .zip(&inputs)
        .map(|(request, input)| SessionTest {
            input: input.as_bytes(),
            limits: request.limits,
            answer_bytes: longest_answer(request.problem, request.input),
        })
        .collect();
    // Each test brings its input, limits and answer's room: the session takes them from `tests`.
    let env = prepared.env();
    let job = Job { answer_channel: true, ..prepared.job(sandbox, &env, first.limits) };
    let mut next = 0;
    while next < tests.len() {
        let from = next;
        let (mut ended, mut stopped) = (false, false);
        let started = crate::runner::run_session(&job, &tests[from..], &mut |finished| {
            let index = next;
            next += 1;
            ended = finished.ended_process;
            let mut attempt = read_attempt(contestant, finished, &requests[index], &prepared, &child_request);
            attempt.new_process = index == from && from > 0;
            stopped = !take(index, attempt);
            !stopped
        });
        if let Err(reason) = started {
            // The machine could not start it: every test left says so.
            for index in next..tests.len() {
                if !take(index, failed(Failure::Judge(reason.clone().into()))) {
                    return;
                }
            }
            return;
        }
        // A session that answered every test it was given, or was told to stop, is done; one
        // that a test ended goes on in a new process.
        if stopped || !ended {
            return;
        }
    }
}

/// What a finished run (or one test of a session) gave: its answer, read from the right channel,
/// or the verdict that left none.
fn read_attempt(
    contestant: &Contestant,
    finished: Finished,
    request: &Request,
    prepared: &Prepared,
    child_request: &ChildRequest,
) -> Attempt {
    let limits = &request.limits;
    let answer_channel = prepared.answer_channel;
    let problem = child_request.problem;
    let mut attempt = failed(Failure::Crashed(String::new()));
    attempt.cpu_time = Some(finished.cpu_time);
    attempt.wall_time = Some(finished.wall_time);
    attempt.peak_memory_bytes = Some(finished.peak_memory_bytes);
    attempt.state = finished.state.clone();
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
    let runtime = contestant.runtime();
    attempt.result = match finished.ending(limits, &runtime) {
        Ending::TimeLimit { detail } => Err(Failure::OverTime(detail)),
        Ending::MemoryLimit { detail } => Err(Failure::OverMemory(detail)),
        Ending::OutputLimit { detail } => Err(Failure::OverOutput(detail)),
        Ending::RuntimeError { detail } => Err(Failure::Crashed(detail)),
        Ending::Exited { .. } if too_long.is_some() => Err(Failure::Unreadable(too_long.unwrap_or_default())),
        Ending::Exited { stdout } => {
            let answer = match &channel {
                Some(text) => {
                    Answer::from_wire_within(text, problem.answer(), parse_budget(problem, request.input))
                }
                None => {
                    let (answer, samples) = read_output(&stdout, child_request);
                    attempt.samples = samples;
                    // A program whose output is not an answer (debugging lines first) is shown
                    // what it printed.
                    if answer.is_err() && prepared.layout.is_some() && !stdout.is_empty() {
                        attempt.printed = Some(String::from_utf8_lossy(&stdout).into_owned());
                    }
                    answer
                }
            };
            answer.map_err(|wrong| Failure::Unreadable(wrong.detail))
        }
    };
    attempt
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::Limits;
    use checker::Board;

    /// A run the judge cannot start (here, its child program is missing) is the judge's failure,
    /// whatever the problem's way of running: never the contestant's RE.
    #[test]
    fn a_run_the_judge_cannot_start_is_the_judges_failure() {
        let entry = crate::registry::find("cses/bitmask").expect("a built-in");
        let board = TestInput::Board(Board::empty(8).expect("8 x 8"));
        let limits = Limits {
            cpu_time: Duration::from_secs(1),
            memory_bytes: 256 << 20,
            output_bytes: 1 << 20,
            wall_time: None,
        };
        let missing = Path::new("/nonexistent/queens-judge-child");
        for problem in [
            Problem::from_id("cses1624").expect("a problem"),
            Problem::from_id("leetcode52").expect("a problem"),
        ] {
            let request = Request::judged(problem, &board, limits);
            let ran = attempt(&Contestant::Builtin(entry), &request, missing, None);
            match ran.result {
                Err(Failure::Judge(reason @ Error::Environment(_))) => {
                    assert!(reason.message().contains("cannot start"), "{problem}: {reason}")
                }
                other => panic!("{problem}: {other:?}"),
            }
        }
    }
}
