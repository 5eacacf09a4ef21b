//! The judge: every implementation on every case of every problem it solves, each run once in a
//! child process ([`judge_core::runner`]), each answer checked by the checker, each small case's boards
//! held against its snapshot.
//!
//! Three steps: load the cases (a bad file is reported and skipped) and settle their snapshots
//! (boards from the oracle, asserted through insta), then run every (implementation, case) pair
//! over `jobs` worker threads, the largest boards first. A CSES counter answers both CSES 1624 and
//! `queens` on an 8 x 8 board with one run, shown in both tables. The report is a value
//! ([`JudgeReport`]), rendered as text ([`crate::report`]) or serialised as JSON.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use checker::Placement;
use serde::Serialize;

use crate::choose::{choose, Choice, Chosen};
use crate::pattern::matches;
use crate::snapshot::{already_matches, assert_case, has_snapshot, oracle_boards, SnapshotStatus};
use judge_core::case::{load_cases, Case};
use judge_core::contestant::{attempt, attempt_session, Additions, Attempt, Contestant, Request, Run, Truth};
use judge_core::error::Error;
use judge_core::problem::{Problem, Scope};
use judge_core::sandbox::Sandbox;
use judge_core::submission::{Build, Submission, Toolchain};

mod record;
mod session;
mod strict;
mod summary;
pub use record::*;
use session::*;
pub use strict::*;
use summary::*;

/// The version of the JSON report's layout; it changes when a field changes meaning or goes away.
pub const SCHEMA_VERSION: u32 = 9;

/// One child process to run: a contestant on a case, for every problem it answers there.
struct Task<'a> {
    contestant: &'a Contestant,
    case: &'a Case,
    problems: Vec<(Problem, Scope)>,
}

/// What one task's run gave, before it is spread over its problems' tables: its attempt, kept until
/// its run is graded for good, or the judge's own failure to make it (see
/// [`judge_core::contestant::Failure::Judge`]), which ends the judging as an error of the
/// environment, never as the file's verdict.
type Outcome = Result<Ran, Error>;

/// A task's attempt and its run as first graded, kept until what other runs add to its record is
/// known (LeetCode's run alone of a test that failed after others, `--strict`'s checked run): where
/// they add anything, it is graded once more with it, and that `Run` is the one the reports read
/// ([`grade_all`]).
#[derive(Clone, Debug)]
struct Ran {
    attempt: Attempt,
    run: Run,
    additions: Additions,
}

/// Runs the judge. `child_program` is the executable that answers `__run` (the front's own);
/// `progress` is told (done, total) after each run.
///
/// # Errors
/// One line when the cases folder cannot be read at all, or a pattern matches nothing.
pub fn judge(
    options: &JudgeOptions,
    child_program: &Path,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<JudgeReport, Error> {
    let loaded = load_cases(&options.cases_folder).map_err(|error| Error::Input(error.to_string()))?;
    let cases: Vec<Case> =
        loaded.cases.into_iter().filter(|case| matches(options.case_pattern.as_deref(), &case.id)).collect();
    let problems: Vec<Problem> = Problem::all()
        .filter(|problem| options.problems.is_empty() || options.problems.contains(problem))
        .collect();
    let choice = Choice {
        files: &options.files,
        impl_pattern: options.impl_pattern.as_deref(),
        problems: &options.problems,
        with_fixtures: options.with_fixtures,
        toolchain: &options.toolchain,
        build_folder: &options.build_folder,
        sandbox: options.sandbox.as_ref(),
        jobs: options.jobs,
    };
    if let (Some(pattern), true) = (&options.case_pattern, cases.is_empty()) {
        return Err(Error::Usage(format!(
            "--case `{pattern}` matches no case in {}",
            options.cases_folder.display()
        )));
    }
    let (chosen, drawn) = choose_and_draw(&choice, &cases, &options.cases_folder, progress);
    let Chosen { contestants: implementations, mut notes, refused } = chosen?;
    let refused_files: Vec<String> = refused.iter().map(ToString::to_string).collect();
    let (snapshots, references) = settle_snapshots(&options.cases_folder, drawn);

    let (tasks, slow_runs_left_out) = plan_tasks(&implementations, &cases, &problems, options.slow);
    notes.extend(slow_runs_note(&slow_runs_left_out));
    let units = plan_units(&tasks, options.fail_fast);
    let mut rans = run_units(&tasks, &units, &references, options, child_program, progress)?;
    if options.strict {
        notes.extend(strict_pass(&tasks, &mut rans, options, child_program));
    }
    let outcomes = grade_all(&tasks, rans, &references)?;
    let mut problem_reports = problem_reports(&problems, &implementations, &cases);
    let mut files = file_summaries(&implementations);
    record_leetcode_results(&tasks, &units, &outcomes, &mut files);
    record_runs(&tasks, &outcomes, options, &mut problem_reports, &mut files);
    let mut totals: BTreeMap<Verdict, usize> = Verdict::ALL.iter().map(|&verdict| (verdict, 0)).collect();
    for run in problem_reports.iter().flat_map(|report| &report.runs) {
        *totals.entry(run.graded.verdict).or_default() += 1;
    }
    let case_errors: Vec<String> = loaded.errors.iter().map(ToString::to_string).collect();
    // A run past the judge's constraints is shown, but a solution the judge itself would accept
    // passes whatever it does there.
    let passed = case_errors.is_empty()
        && refused_files.is_empty()
        && snapshots.values().all(SnapshotStatus::is_ok)
        && problem_reports
            .iter()
            .flat_map(|report| &report.runs)
            .filter(|run| run.scope == Scope::Within && !run.expected_tle)
            .all(|run| run.graded.verdict == Verdict::AC && run.graded.strict_fault.is_none());
    Ok(JudgeReport {
        schema_version: SCHEMA_VERSION,
        passed,
        case_errors,
        snapshots,
        problems: problem_reports,
        totals,
        processes: processes(&tasks, &units, &outcomes),
        isolation: match (options.files.is_empty(), options.sandbox.is_some()) {
            (true, _) => "none",
            (false, true) => "sandboxed",
            (false, false) => "unsandboxed",
        },
        notes,
        files,
        refused_files,
        slow_runs_left_out,
        judge_peak_memory_bytes: own_peak_memory(),
    })
}

/// The contestants chosen (and the files built), and meanwhile the oracle's boards of the cases that
/// have snapshots, drawn (a tenth of a second that `--watch` would otherwise add to every save);
/// they are held to their snapshots (which may write them) only once the files are chosen.
fn choose_and_draw<'c>(
    choice: &Choice,
    cases: &'c [Case],
    cases_folder: &Path,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> (Result<Chosen, Error>, Vec<Drawn<'c>>) {
    std::thread::scope(|scope| {
        let drawn = scope.spawn(|| {
            let with_snapshots = cases.iter().filter(|case| has_snapshot(case));
            let draw = |case| {
                let boards = oracle_boards(case);
                let matches = boards.as_ref().is_ok_and(|boards| already_matches(cases_folder, case, boards));
                Drawn { case, boards, matches }
            };
            with_snapshots.map(draw).collect::<Vec<_>>()
        });
        let chosen = choose(choice, progress);
        (chosen, drawn.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
    })
}

/// Every contestant on every case it answers: one task a case, for all the problems a counter
/// answers in one run, else one task a problem. Without `slow`, a built-in search is left out of
/// the cases past its reach, where it would only run out its time (each such pair is returned).
fn plan_tasks<'a>(
    implementations: &'a [Contestant],
    cases: &'a [Case],
    problems: &[Problem],
    slow: bool,
) -> (Vec<Task<'a>>, Vec<SlowRun>) {
    let mut tasks: Vec<Task> = Vec::new();
    let mut left_out = Vec::new();
    for contestant in implementations {
        for case in cases {
            let answered: Vec<(Problem, Scope)> = problems
                .iter()
                .filter(|&&problem| contestant.solves(problem))
                .filter_map(|&problem| problem.admits(&case.input).map(|scope| (problem, scope)))
                .collect();
            if answered.is_empty() {
                continue;
            }
            if let Some(reach) =
                contestant.search_reach().filter(|&reach| !slow && case.input.largest_side() > reach)
            {
                let implementation = contestant.id();
                left_out.extend(answered.iter().map(|&(problem, _)| SlowRun {
                    problem,
                    implementation: implementation.clone(),
                    case: case.id.clone(),
                    reach,
                    largest_side: case.input.largest_side(),
                }));
                continue;
            }
            if contestant.one_run_for_all_problems() {
                tasks.push(Task { contestant, case, problems: answered });
            } else {
                let one_each =
                    answered.into_iter().map(|answer| Task { contestant, case, problems: vec![answer] });
                tasks.extend(one_each);
            }
        }
    }
    (tasks, left_out)
}

/// The note that says which searches were left out and how to run them, if any were.
fn slow_runs_note(left_out: &[SlowRun]) -> Option<String> {
    let first = left_out.first()?;
    let runs: Vec<String> = left_out
        .iter()
        .map(|run| {
            format!(
                "{} on {} (n to {}; in time to n = {})",
                run.implementation, run.case, run.largest_side, run.reach
            )
        })
        .collect();
    Some(format!(
        "not run, as searches too slow there: {}; `{} judge --problem {} --slow` shows their TLE",
        runs.join(", "),
        judge_core::install::invocation(),
        first.problem.id(),
    ))
}

/// Runs the units on the pool, `options.jobs` at a time: each task's outcome, `None` for a task
/// `--fail-fast` skipped.
///
/// # Errors
/// A run the judge could not make ([`judge_core::contestant::Failure::Judge`]), as an error of the environment.
fn run_units(
    tasks: &[Task],
    units: &[Unit],
    references: &BTreeMap<String, Vec<Placement>>,
    options: &JudgeOptions,
    child_program: &Path,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Vec<Option<Ran>>, Error> {
    let failed: std::sync::Mutex<BTreeSet<String>> = std::sync::Mutex::new(BTreeSet::new());
    let done = std::sync::atomic::AtomicUsize::new(0);
    let ran: Vec<Vec<(usize, Outcome)>> = judge_core::pool::map(
        units,
        options.jobs,
        None,
        |unit| {
            let lock = || failed.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            // A failure within the judge's constraints stops the contestant's runs (--fail-fast).
            let stops = |task: &Task, outcome: &Outcome| {
                let within = task.problems.iter().any(|&(_, scope)| scope == Scope::Within);
                let fails = outcome.as_ref().map_or(true, |ran| ran.run.verdict != Verdict::AC) && within;
                if fails {
                    lock().insert(task.contestant.id());
                }
                fails && options.fail_fast
            };
            if options.fail_fast && lock().contains(&tasks[unit.indices()[0]].contestant.id()) {
                return Vec::new();
            }
            let outcomes = match unit {
                Unit::Alone(index) => {
                    let task = &tasks[*index];
                    let outcome = run_task(
                        child_program,
                        options.sandbox.as_ref(),
                        task,
                        reference_of(references, task),
                    );
                    stops(task, &outcome);
                    vec![(*index, outcome)]
                }
                Unit::Session { indices, twins } => {
                    let session =
                        Session { tasks, indices, child_program, sandbox: options.sandbox.as_ref() };
                    let mut outcomes = session.run(references, &stops);
                    // A test LeetCode runs once stands for every case that gives it.
                    for &(twin, ran) in twins {
                        let outcome = outcomes
                            .iter()
                            .find(|(index, _)| *index == ran)
                            .map(|(_, outcome)| outcome.clone());
                        outcomes.extend(outcome.map(|outcome| (twin, outcome)));
                    }
                    outcomes
                }
            };
            progress(
                done.fetch_add(outcomes.len(), std::sync::atomic::Ordering::Relaxed) + outcomes.len(),
                tasks.len(),
            );
            outcomes
        },
        |_| {},
    );
    let mut runs: Vec<Option<Ran>> = tasks.iter().map(|_| None).collect();
    for (index, outcome) in ran.into_iter().flatten() {
        match outcome {
            Ok(ran) => runs[index] = Some(ran),
            Err(reason) => {
                let task = &tasks[index];
                return Err(Error::Environment(format!(
                    "the judge could not run {} on {}: {reason}",
                    task.contestant.id(),
                    task.case.id
                )));
            }
        }
    }
    Ok(runs)
}

/// This process's peak resident memory so far.
fn own_peak_memory() -> u64 {
    // SAFETY: rusage is plain integers, for which all-zero bytes are valid; getrusage fills it.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: a valid out-pointer for the duration of the call.
    unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) };
    // ru_maxrss is in KiB on Linux.
    u64::try_from(usage.ru_maxrss).unwrap_or(0).saturating_mul(1024)
}

/// A case's boards drawn by the oracle, and whether its snapshot already holds them.
struct Drawn<'a> {
    case: &'a Case,
    boards: Result<Vec<Placement>, Error>,
    matches: bool,
}

/// Each case's snapshot held against the oracle's boards, and those boards, by case id.
type Settled = (BTreeMap<String, SnapshotStatus>, BTreeMap<String, Vec<Placement>>);

/// Settles each drawn case's snapshot: through insta (which may write) where it did not already
/// match.
fn settle_snapshots(cases_folder: &Path, drawn: Vec<Drawn>) -> Settled {
    let mut snapshots = BTreeMap::new();
    let mut references = BTreeMap::new();
    for Drawn { case, boards, matches } in drawn {
        let status = match boards {
            Ok(boards) => {
                let status =
                    if matches { SnapshotStatus::Matches } else { assert_case(cases_folder, case, &boards) };
                references.insert(case.id.clone(), boards);
                status
            }
            Err(reason) => SnapshotStatus::Failed { reason: format!("its boards cannot be drawn: {reason}") },
        };
        snapshots.insert(case.id.clone(), status);
    }
    (snapshots, references)
}

/// The command that judges `task`'s case alone for its file, as typed where the judge was run.
fn rerun_command(options: &JudgeOptions, task: &Task, problem: Problem) -> String {
    let mut command = format!("{} judge", judge_core::install::invocation());
    let mut several_problems = !options.problems.is_empty();
    if let Contestant::File { submission, .. } = task.contestant {
        command.push_str(&format!(" {}", crate::shell_path(&submission.path)));
        several_problems |= submission.problems.len() > 1;
    }
    command.push_str(&crate::cases_argument(&options.cases_folder));
    // `=ID`: that case alone, not every id it is a part of.
    command.push_str(&format!(" --case {}", crate::shell_word(&format!("={}", task.case.id))));
    if several_problems {
        command.push_str(&format!(" --problem {problem}"));
    }
    if options.strict {
        command.push_str(" --strict");
    }
    if options.sandbox.is_none() && matches!(task.contestant, Contestant::File { .. }) {
        command.push_str(" --no-sandbox");
    }
    command
}

/// The oracle's boards for a task's case, where its snapshot holds them.
fn reference_of<'r>(
    references: &'r BTreeMap<String, Vec<Placement>>,
    task: &Task,
) -> Option<&'r [Placement]> {
    references.get(&task.case.id).map(Vec::as_slice)
}

/// A task's request: its problem on its board within its case's limits.
fn request_of<'a>(task: &Task<'a>) -> Request<'a> {
    // Every problem a task answers takes the same input and the same kind of answer.
    let (problem, _) = task.problems[0];
    Request::judged(problem, &task.case.input, task.case.limits())
}

/// Runs one task in a process of its own and judges what came back.
fn run_task(
    child_program: &Path,
    sandbox: Option<&Sandbox>,
    task: &Task,
    reference: Option<&[Placement]>,
) -> Outcome {
    outcome_of(task, attempt(task.contestant, &request_of(task), child_program, sandbox), reference)
}

/// The truth of a task's test, as every grading of its attempts holds them to.
fn truth_of<'t>(task: &Task<'t>, reference: Option<&'t [Placement]>) -> Truth<'t> {
    let (problem, _) = task.problems[0];
    Truth::new(problem, &task.case.input, task.case.expected, reference)
}

/// Judges what one attempt at a task gave, through the one grading step ([`Attempt::grade`]), with
/// what a person needs beside a file's failure; the attempt is kept for its final grading.
fn outcome_of(task: &Task, attempt: Attempt, reference: Option<&[Placement]>) -> Outcome {
    let additions = first_additions(task);
    let run = attempt.grade(&truth_of(task, reference), &additions)?;
    Ok(Ran { attempt, run, additions })
}

/// What the judge adds to every run of `task` from the start: the right count after an unreadable
/// answer, and for a file what reproduces its failure.
fn first_additions(task: &Task) -> Additions {
    Additions {
        right_answer: true,
        reproduce: matches!(task.contestant, Contestant::File { .. }),
        ..Additions::default()
    }
}

/// Each task's run, graded for good: as first graded, or, where the session or `--strict` added
/// to it, its attempt held to its truth once more with those additions.
///
/// # Errors
/// None in practice: an attempt that graded once grades again; the judge's failure otherwise.
fn grade_all(
    tasks: &[Task],
    rans: Vec<Option<Ran>>,
    references: &BTreeMap<String, Vec<Placement>>,
) -> Result<Vec<Option<Run>>, Error> {
    let graded = tasks.iter().zip(rans).map(|(task, ran)| {
        ran.map(|ran| {
            if ran.additions == first_additions(task) {
                return Ok(ran.run);
            }
            ran.attempt.grade(&truth_of(task, reference_of(references, task)), &ran.additions)
        })
        .transpose()
    });
    graded.collect()
}
