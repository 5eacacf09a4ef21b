//! The judge: every implementation on every case of every problem it solves, each run once in a
//! child process ([`crate::runner`]), each answer checked by the checker, each small case's boards
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

use crate::answer::{check_answer, Answer};
use crate::case::{load_cases, Case};
use crate::choose::{choose, Choice, Chosen};
use crate::contestant::{attempt, attempt_session, Contestant, Failure, Request};
use crate::error::Error;
use crate::pattern::matches;
use crate::problem::{Input, Problem, Scope};
use crate::sandbox::Sandbox;
use crate::snapshot::{already_matches, assert_case, has_snapshot, oracle_boards, SnapshotStatus};
use crate::submission::{Build, Submission, Toolchain};

/// The version of the JSON report's layout; it changes when a field changes meaning or goes away.
pub const SCHEMA_VERSION: u32 = 6;

/// What a judge run was asked.
#[derive(Clone, Debug)]
pub struct JudgeOptions {
    pub cases_folder: PathBuf,
    pub impl_pattern: Option<String>,
    pub case_pattern: Option<String>,
    /// Only these problems; all when empty. For a submitted file, the problems it is judged on,
    /// whatever the file says.
    pub problems: Vec<Problem>,
    pub jobs: usize,
    /// Include the deliberately broken fixtures.
    pub with_fixtures: bool,
    /// Source files (or folders of them) to judge, each its own column; with any, built-in
    /// implementations are judged only when `impl_pattern` asks for them.
    pub files: Vec<PathBuf>,
    pub toolchain: Toolchain,
    /// Where builds are cached.
    pub build_folder: PathBuf,
    /// The sandbox files run in; `None` runs them with the resource limits alone.
    pub sandbox: Option<Sandbox>,
    /// Build files again with the checks judges leave off, and run every AC again with them.
    pub strict: bool,
    /// Stop each implementation's runs at its first failure within the judge's constraints (runs
    /// already under way finish); the runs not made are left out of the tables.
    pub fail_fast: bool,
}

pub use crate::answer::Verdict;

/// One verdict: an implementation on a case of a problem.
#[derive(Clone, Debug, Serialize)]
pub struct RunResult {
    pub problem: Problem,
    pub implementation: String,
    pub case: String,
    /// Within the judge's constraints, or beyond them (LeetCode with n > 9).
    pub scope: Scope,
    pub verdict: Verdict,
    /// The right count (for LeetCode 51, the number of boards).
    pub expected: u64,
    /// The count received (for LeetCode 51, the number of boards), when an answer was read.
    pub received: Option<i128>,
    pub cpu_time_ns: Option<u64>,
    pub wall_time_ns: Option<u64>,
    pub peak_memory_bytes: Option<u64>,
    /// Why it is not AC: the checker's message, a diff of the boards, the crash.
    pub detail: Option<String>,
    /// With `--strict`, an AC whose run faults under the checks judges leave off: the first
    /// message ("AC, but").
    pub strict_fault: Option<String>,
    /// How the run was kept apart from the judge: `builtin` (the judge's own code, a plain
    /// child), `sandboxed` or `unsandboxed` (a submitted file, `--no-sandbox`).
    pub isolation: &'static str,
    /// A LeetCode test that ran first in a new process, the test before it having ended the
    /// process all the earlier ones shared (a crash, a limit).
    pub new_process: bool,
}

/// A case as a problem's table lists it.
#[derive(Clone, Debug, Serialize)]
pub struct CaseInfo {
    pub id: String,
    pub scope: Scope,
    pub time_limit_ms: u64,
    pub memory_limit_mb: u64,
    /// Where its expected answer comes from: `case_file`, `test_data` (a `.out`) or `oracle` (a
    /// `.in` without its `.out`, or with a wrong one).
    pub expected_from: crate::case::ExpectedFrom,
    /// The board, in the CSES text format (`*` reserved), for drawing it.
    pub board: String,
}

/// One problem's part of the report: its cases down, its implementations across.
#[derive(Clone, Debug, Serialize)]
pub struct ProblemReport {
    pub problem: Problem,
    pub title: &'static str,
    pub implementations: Vec<String>,
    pub cases: Vec<CaseInfo>,
    pub runs: Vec<RunResult>,
}

/// Everything a judge run found.
#[derive(Clone, Debug, Serialize)]
pub struct JudgeReport {
    pub schema_version: u32,
    pub passed: bool,
    /// Case files that could not be read, one line each.
    pub case_errors: Vec<String>,
    pub snapshots: BTreeMap<String, SnapshotStatus>,
    pub problems: Vec<ProblemReport>,
    /// How many verdicts of each kind, over every problem's table.
    pub totals: BTreeMap<Verdict, usize>,
    /// How many child processes ran (a counter's run on an 8 x 8 board serves two tables).
    pub processes: usize,
    /// How submitted files were built and run: `sandboxed`, `unsandboxed`, or `none` (no file).
    pub isolation: &'static str,
    /// What the judge decided on a file's behalf, one line each (a file judged on one of the two
    /// problems it seemed to solve).
    pub notes: Vec<String>,
    /// Each submitted file's verdicts and first failure, with the command that reruns it.
    pub files: Vec<FileSummary>,
    /// The files given that could not be judged at all (missing, unreadable, too large, a link of
    /// another user's...), one line each; the others were judged all the same.
    pub refused_files: Vec<String>,
    /// The judge's own peak resident memory over the run (its high-water mark, as the kernel
    /// counts it): bounded whatever the files send.
    pub judge_peak_memory_bytes: u64,
}

/// One submitted file, summed up over every table it is in.
#[derive(Clone, Debug, Serialize)]
pub struct FileSummary {
    /// Its column's name.
    pub name: String,
    /// How many verdicts of each kind it got (within the judge's constraints and beyond).
    pub verdicts: BTreeMap<Verdict, usize>,
    /// Of its AC, how many fault under `--strict`'s checks.
    pub ac_but: usize,
    /// Its first run that fails, within the judge's constraints, in table order.
    pub first_failure: Option<FirstFailure>,
    /// Runs not made: `--fail-fast` stopped the file at its first failure.
    pub skipped: usize,
    /// What LeetCode itself would show for each LeetCode problem the file is judged on: its tests
    /// within the constraints, in LeetCode's order, up to the first failure ("Wrong Answer: 1 / 12
    /// testcases passed; input n = 1, output 3, expected 1").
    pub leetcode: Vec<String>,
}

impl FileSummary {
    /// Its verdicts as the reports word them (`7 AC, 2 WA`): an AC that faults under `--strict` is
    /// told apart, not counted twice, and the runs `--fail-fast` did not make are said.
    pub fn counts(&self) -> Vec<String> {
        self.verdicts
            .iter()
            .map(|(verdict, count)| {
                (verdict, if *verdict == Verdict::AC { count - self.ac_but } else { *count })
            })
            .filter(|(_, count)| *count > 0)
            .map(|(verdict, count)| format!("{count} {}", verdict.label()))
            .chain((self.ac_but > 0).then(|| format!("{} AC but faulting under --strict", self.ac_but)))
            .chain((self.skipped > 0).then(|| format!("{} not run (--fail-fast)", self.skipped)))
            .collect()
    }
}

/// A file's first failing run.
#[derive(Clone, Debug, Serialize)]
pub struct FirstFailure {
    pub problem: Problem,
    pub case: String,
    pub verdict: Verdict,
    /// An AC that faults under `--strict`'s checks ("AC, but").
    pub strict_fault: bool,
    /// The command that judges that case alone.
    pub rerun: String,
}

impl JudgeReport {
    pub fn count(&self, verdict: Verdict) -> usize {
        self.totals.get(&verdict).copied().unwrap_or(0)
    }

    pub fn runs(&self) -> impl Iterator<Item = &RunResult> {
        self.problems.iter().flat_map(|problem| problem.runs.iter())
    }
}

/// One child process to run: a contestant on a case, for every problem it answers there.
struct Task<'a> {
    contestant: &'a Contestant,
    case: &'a Case,
    problems: Vec<(Problem, Scope)>,
}

/// What one task's run gave, before it is spread over its problems' tables.
struct Outcome {
    verdict: Verdict,
    received: Option<i128>,
    cpu_time_ns: Option<u64>,
    wall_time_ns: Option<u64>,
    peak_memory_bytes: Option<u64>,
    detail: Option<String>,
    strict_fault: Option<String>,
    /// In a session: the test ran first in a new process, its session's process having ended.
    new_process: bool,
    /// The judge could not make the run (see [`Failure::Judge`]): the judging ends with it as an
    /// error of the environment, never as the file's verdict.
    judge_failure: Option<String>,
}

/// What the pool runs at once: one task in a process of its own (CSES's way), or every task of a
/// contestant on one LeetCode problem, in LeetCode's order, in one process (LeetCode's way).
enum Unit {
    Alone(usize),
    Session(Vec<usize>),
}

impl Unit {
    /// Its tasks, in the order they run.
    fn indices(&self) -> &[usize] {
        match self {
            Unit::Alone(index) => std::slice::from_ref(index),
            Unit::Session(indices) => indices,
        }
    }
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
    let problems: Vec<Problem> = Problem::ALL
        .into_iter()
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
    // The oracle draws the snapshots' boards while the files build (a tenth of a second that
    // `--watch` would otherwise add to every save); they are held to their snapshots (which may
    // write them) only once the files are chosen.
    let (chosen, drawn) = std::thread::scope(|scope| {
        let drawn = scope.spawn(|| {
            let with_snapshots = cases.iter().filter(|case| has_snapshot(case));
            let draw = |case| {
                let boards = oracle_boards(case);
                let matches =
                    boards.as_ref().is_ok_and(|boards| already_matches(&options.cases_folder, case, boards));
                Drawn { case, boards, matches }
            };
            with_snapshots.map(draw).collect::<Vec<_>>()
        });
        let chosen = choose(&choice, progress);
        (chosen, drawn.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
    });
    let Chosen { contestants: implementations, mut notes, refused } = chosen?;
    let refused_files: Vec<String> = refused.iter().map(ToString::to_string).collect();
    let (snapshots, references) = settle_snapshots(&options.cases_folder, drawn);

    let mut tasks: Vec<Task> = Vec::new();
    for contestant in &implementations {
        for case in &cases {
            let answered: Vec<(Problem, Scope)> = problems
                .iter()
                .filter(|&&problem| contestant.solves(problem))
                .filter_map(|&problem| problem.admits(&case.board).map(|scope| (problem, scope)))
                .collect();
            if answered.is_empty() {
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
    let units = plan_units(&tasks, options.fail_fast);
    let failed: std::sync::Mutex<BTreeSet<String>> = std::sync::Mutex::new(BTreeSet::new());
    let done = std::sync::atomic::AtomicUsize::new(0);
    let ran: Vec<Vec<(usize, Outcome)>> = crate::pool::map(
        &units,
        options.jobs,
        None,
        |unit| {
            let lock = || failed.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            // A failure within the judge's constraints stops the contestant's runs (--fail-fast).
            let stops = |task: &Task, outcome: &Outcome| {
                let within = task.problems.iter().any(|&(_, scope)| scope == Scope::Within);
                let fails = outcome.verdict != Verdict::AC && within;
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
                        reference_of(&references, task),
                    );
                    stops(task, &outcome);
                    vec![(*index, outcome)]
                }
                Unit::Session(indices) => {
                    let session =
                        Session { tasks: &tasks, indices, child_program, sandbox: options.sandbox.as_ref() };
                    session.run(&references, &stops)
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
    let mut outcomes: Vec<Option<Outcome>> = tasks.iter().map(|_| None).collect();
    for (index, outcome) in ran.into_iter().flatten() {
        if let Some(reason) = &outcome.judge_failure {
            let task = &tasks[index];
            return Err(Error::Environment(format!(
                "the judge could not run {} on {}: {reason}",
                task.contestant.id(),
                task.case.id
            )));
        }
        outcomes[index] = Some(outcome);
    }
    if options.strict {
        notes.extend(strict_pass(&tasks, &mut outcomes, options, child_program));
    }

    let mut problem_reports: Vec<ProblemReport> = problems
        .iter()
        .map(|&problem| ProblemReport {
            problem,
            title: problem.title(),
            implementations: implementations
                .iter()
                .filter(|contestant| contestant.solves(problem))
                .map(Contestant::id)
                .collect(),
            cases: cases
                .iter()
                .filter_map(|case| {
                    problem.admits(&case.board).map(|scope| CaseInfo {
                        id: case.id.clone(),
                        scope,
                        time_limit_ms: case.time_limit_ms,
                        memory_limit_mb: case.memory_limit_mb,
                        expected_from: case.expected_from,
                        board: case.board.to_text(),
                    })
                })
                .collect(),
            runs: Vec::new(),
        })
        .filter(|report| !report.implementations.is_empty() && !report.cases.is_empty())
        .collect();
    let mut files: Vec<FileSummary> = implementations
        .iter()
        .filter(|contestant| matches!(contestant, Contestant::File { .. }))
        .map(|contestant| FileSummary {
            name: contestant.id(),
            verdicts: BTreeMap::new(),
            ac_but: 0,
            first_failure: None,
            skipped: 0,
            leetcode: Vec::new(),
        })
        .collect();
    for unit in &units {
        let Unit::Session(indices) = unit else { continue };
        let task = &tasks[indices[0]];
        let Some(file) = files.iter_mut().find(|file| file.name == task.contestant.id()) else { continue };
        let (problem, _) = task.problems[0];
        let within: Vec<(&Task, Option<&Outcome>)> = indices
            .iter()
            .filter(|&&index| tasks[index].problems[0].1 == Scope::Within)
            .map(|&index| (&tasks[index], outcomes[index].as_ref()))
            .collect();
        file.leetcode.push(leetcode_result(problem, &within));
    }
    for (task, outcome) in tasks.iter().zip(&outcomes) {
        let file = files.iter_mut().find(|file| file.name == task.contestant.id());
        let Some(outcome) = outcome else {
            if let Some(file) = file {
                file.skipped += task.problems.len();
            }
            continue;
        };
        if let Some(file) = file {
            for &(problem, scope) in &task.problems {
                *file.verdicts.entry(outcome.verdict).or_default() += 1;
                file.ac_but += usize::from(outcome.strict_fault.is_some());
                let fails = outcome.verdict != Verdict::AC || outcome.strict_fault.is_some();
                if fails && scope == Scope::Within && file.first_failure.is_none() {
                    file.first_failure = Some(FirstFailure {
                        problem,
                        case: task.case.id.clone(),
                        verdict: outcome.verdict,
                        strict_fault: outcome.strict_fault.is_some(),
                        rerun: rerun_command(options, task, problem),
                    });
                }
            }
        }
        for &(problem, scope) in &task.problems {
            let Some(report) = problem_reports.iter_mut().find(|report| report.problem == problem) else {
                continue;
            };
            report.runs.push(RunResult {
                problem,
                implementation: task.contestant.id(),
                case: task.case.id.clone(),
                scope,
                verdict: outcome.verdict,
                expected: task.case.expected,
                received: outcome.received,
                cpu_time_ns: outcome.cpu_time_ns,
                wall_time_ns: outcome.wall_time_ns,
                peak_memory_bytes: outcome.peak_memory_bytes,
                detail: outcome.detail.clone(),
                strict_fault: outcome.strict_fault.clone(),
                new_process: outcome.new_process,
                isolation: match task.contestant {
                    Contestant::Builtin(_) => "builtin",
                    Contestant::File { .. } if options.sandbox.is_some() => "sandboxed",
                    Contestant::File { .. } => "unsandboxed",
                },
            });
        }
    }
    let mut totals: BTreeMap<Verdict, usize> = Verdict::ALL.iter().map(|&verdict| (verdict, 0)).collect();
    for run in problem_reports.iter().flat_map(|report| &report.runs) {
        *totals.entry(run.verdict).or_default() += 1;
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
            .filter(|run| run.scope == Scope::Within)
            .all(|run| run.verdict == Verdict::AC && run.strict_fault.is_none());
    Ok(JudgeReport {
        schema_version: SCHEMA_VERSION,
        passed,
        case_errors,
        snapshots,
        problems: problem_reports,
        totals,
        // A file that did not build ran nothing (its CE verdicts come from no process), nor did a
        // run --fail-fast skipped.
        // A LeetCode session is one process, and one more after each test that ended its own.
        processes: units
            .iter()
            .map(|unit| {
                let ran = |index: &&usize| {
                    outcomes[**index].is_some()
                        && !matches!(
                            tasks[**index].contestant,
                            Contestant::File { build: Build::CompileError(_), .. }
                        )
                };
                let started = |(at, index): &(usize, &usize)| {
                    *at == 0 || outcomes[**index].as_ref().is_some_and(|outcome| outcome.new_process)
                };
                unit.indices().iter().filter(ran).enumerate().filter(started).count()
            })
            .sum(),
        isolation: match (options.files.is_empty(), options.sandbox.is_some()) {
            (true, _) => "none",
            (false, true) => "sandboxed",
            (false, false) => "unsandboxed",
        },
        notes,
        files,
        refused_files,
        judge_peak_memory_bytes: own_peak_memory(),
    })
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
    boards: Result<Vec<Placement>, String>,
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
    let mut command = format!("{} judge", crate::invocation());
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

/// The pool's units: each contestant's tasks on a LeetCode problem as one session, in LeetCode's
/// order; every other task alone. Sessions first (each holds many runs), then the largest boards
/// first, so that the long runs do not end up alone at the end; with --fail-fast, each
/// contestant's cases in their order, so that its first failure stops it.
fn plan_units(tasks: &[Task], fail_fast: bool) -> Vec<Unit> {
    let mut sessions: BTreeMap<(String, Problem), Vec<usize>> = BTreeMap::new();
    let mut alone = Vec::new();
    for (index, task) in tasks.iter().enumerate() {
        match task.problems.as_slice() {
            [(problem, _)] if problem.runs_in_one_process() => {
                sessions.entry((task.contestant.id(), *problem)).or_default().push(index);
            }
            _ => alone.push(index),
        }
    }
    if !fail_fast {
        alone.sort_by_key(|&index| std::cmp::Reverse(tasks[index].case.board.n()));
    }
    let mut units: Vec<Unit> = sessions
        .into_values()
        .map(|mut indices| {
            indices.sort_by_key(|&index| leetcode_order(tasks[index].case));
            Unit::Session(indices)
        })
        .collect();
    units.extend(alone.into_iter().map(Unit::Alone));
    units
}

/// LeetCode's order of a submission's tests: the statement's examples first (in their order), then
/// by increasing n
/// (so those within the constraints before those beyond), then by id.
fn leetcode_order(case: &Case) -> (bool, usize, String) {
    (!case.example, if case.example { 0 } else { case.board.n() }, case.id.clone())
}

/// One contestant's tasks on one LeetCode problem, run in one process as LeetCode runs them.
struct Session<'a> {
    tasks: &'a [Task<'a>],
    indices: &'a [usize],
    child_program: &'a Path,
    sandbox: Option<&'a Sandbox>,
}

impl Session<'_> {
    /// Runs the tasks in order in one process (a new one after a test that ends it), then explains
    /// the failures that come from state kept between tests: each failing test that ran after
    /// others in its process is run again alone, in a fresh process.
    fn run(
        &self,
        references: &BTreeMap<String, Vec<Placement>>,
        stops: &dyn Fn(&Task, &Outcome) -> bool,
    ) -> Vec<(usize, Outcome)> {
        let tasks: Vec<&Task> = self.indices.iter().map(|&index| &self.tasks[index]).collect();
        let requests: Vec<Request> = tasks.iter().map(|task| request_of(task)).collect();
        let contestant = tasks[0].contestant;
        let mut outcomes: Vec<(usize, Outcome)> = Vec::new();
        let mut states: Vec<String> = Vec::new();
        attempt_session(contestant, &requests, self.child_program, self.sandbox, &mut |at, attempt| {
            let task = tasks[at];
            states.push(attempt.state.clone());
            let outcome = outcome_of(task, attempt, reference_of(references, task));
            let stop = stops(task, &outcome);
            outcomes.push((self.indices[at], outcome));
            !stop
        });
        if matches!(contestant, Contestant::File { .. }) {
            self.explain_kept_state(&tasks, &requests, &states, &mut outcomes, references);
        }
        outcomes
    }

    /// Runs again alone each failing test within the constraints that shared its process with tests
    /// before it; where it passes alone, its detail says that the file keeps state between tests,
    /// which test left it, what the driver saw of it, and how to mend it. Where the first such test
    /// fails alone too, the file is wrong whatever its state, and the others are not run again.
    fn explain_kept_state(
        &self,
        tasks: &[&Task],
        requests: &[Request],
        states: &[String],
        outcomes: &mut [(usize, Outcome)],
        references: &BTreeMap<String, Vec<Placement>>,
    ) {
        for at in 1..outcomes.len() {
            let outcome = &outcomes[at].1;
            let task = tasks[at];
            // Past the constraints a failure fails nothing: no second run to explain it.
            let within = task.problems.iter().any(|&(_, scope)| scope == Scope::Within);
            if outcome.verdict == Verdict::AC
                || outcome.verdict == Verdict::CE
                || outcome.new_process
                || !within
            {
                continue;
            }
            let mut alone = None;
            attempt_session(
                task.contestant,
                &requests[at..=at],
                self.child_program,
                self.sandbox,
                &mut |_, attempt| {
                    alone = Some(outcome_of(task, attempt, reference_of(references, task)));
                    false
                },
            );
            if alone.as_ref().map(|alone| alone.verdict) != Some(Verdict::AC) {
                return;
            }
            let explanation = kept_state_explanation(task, tasks[at - 1], &states[at]);
            let detail = outcomes[at].1.detail.take().unwrap_or_default();
            outcomes[at].1.detail = Some(format!("{explanation}\n{detail}"));
        }
    }
}

/// Why a test that passes alone failed after others: LeetCode's one process per submission.
fn kept_state_explanation(task: &Task, before: &Task, state: &str) -> String {
    let (problem, _) = task.problems[0];
    let method = match task.contestant {
        Contestant::File { submission, .. } => problem
            .method()
            .map_or("the method", |method| {
                crate::submission::method_name(submission.language.signature(method))
            })
            .to_string(),
        Contestant::Builtin(_) => "the method".to_string(),
    };
    let named: Vec<String> = state
        .lines()
        .filter_map(|line| line.split_once('\t'))
        .map(|(name, value)| format!("`{name}` ({value})"))
        .collect();
    let left = if named.is_empty() {
        "state that a fresh process does not have (a global, a static)".to_string()
    } else {
        format!("{}, which a fresh process starts without", named.join(", "))
    };
    format!(
        "passes alone, in a fresh process: the file keeps state between tests. LeetCode runs every \
         test of a submission in one process, one after another, so this test began with what the \
         test before it ({}, n = {}) left: {left}. Reset it at the start of `{method}`, or keep it in \
         a local variable or an instance field.",
        before.case.id,
        before.case.board.n()
    )
}

/// The oracle's boards for a task's case, where its snapshot holds them.
fn reference_of<'r>(
    references: &'r BTreeMap<String, Vec<Placement>>,
    task: &Task,
) -> Option<&'r [Placement]> {
    references.get(&task.case.id).map(Vec::as_slice)
}

/// What LeetCode shows for a submission whose tests (within the constraints, in its order) gave
/// these outcomes: the first failure's verdict, how many tests passed before it, and its input.
fn leetcode_result(problem: Problem, tests: &[(&Task, Option<&Outcome>)]) -> String {
    let title = format!("LeetCode {}", problem.leetcode_number().unwrap_or_default());
    let total = tests.len();
    if total == 0 {
        return format!(
            "{title}: no test here is within LeetCode's constraints, so LeetCode would run none of them"
        );
    }
    let restarts =
        tests.iter().filter(|(_, outcome)| outcome.is_some_and(|outcome| outcome.new_process)).count();
    let restarted = match restarts {
        0 => String::new(),
        1 => " (a test ended the process once: the tests after it ran in a new one)".to_string(),
        _ => format!(
            " (tests ended the process {restarts} times: each time, the tests after ran in a new one)"
        ),
    };
    let failed =
        tests.iter().position(|(_, outcome)| outcome.is_none_or(|outcome| outcome.verdict != Verdict::AC));
    let Some(at) = failed else {
        return format!("{title}: Accepted, {total} / {total} testcases passed{restarted}");
    };
    let (task, outcome) = tests[at];
    let Some(outcome) = outcome else {
        return format!("{title}: {at} / {total} testcases passed, then stopped (--fail-fast){restarted}");
    };
    let name = match outcome.verdict {
        Verdict::AC => "Accepted",
        Verdict::WA => "Wrong Answer",
        Verdict::TLE => "Time Limit Exceeded",
        Verdict::MLE => "Memory Limit Exceeded",
        Verdict::OLE => "Output Limit Exceeded",
        Verdict::RE => "Runtime Error",
        Verdict::CE => return format!("{title}: Compile Error"),
    };
    let n = task.case.board.n();
    let counted = |count: i128| match (problem.lists_boards(), count) {
        (false, _) => count.to_string(),
        (true, 1) => "1 board".to_string(),
        (true, _) => format!("{count} boards"),
    };
    let shown = match (outcome.verdict, outcome.received) {
        (Verdict::WA, Some(received)) => format!(
            "input n = {n}, output {}, expected {}",
            counted(received),
            counted(i128::from(task.case.expected))
        ),
        (Verdict::RE, _) => {
            let first = outcome.detail.as_deref().and_then(|detail| detail.lines().next()).unwrap_or("");
            format!("input n = {n}: {first}")
        }
        _ => format!("input n = {n}"),
    };
    format!("{title}: {name}, {at} / {total} testcases passed; {shown}{restarted}")
}

/// A task's request: its problem on its board within its case's limits.
fn request_of<'a>(task: &Task<'a>) -> Request<'a> {
    // Every problem a task answers takes the same input and the same kind of answer.
    let (problem, _) = task.problems[0];
    Request::judged(problem, &task.case.board, task.case.limits())
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

/// Judges what one attempt at a task gave.
fn outcome_of(task: &Task, attempt: crate::contestant::Attempt, reference: Option<&[Placement]>) -> Outcome {
    let (problem, _) = task.problems[0];
    let mut outcome = Outcome {
        verdict: Verdict::AC,
        received: None,
        cpu_time_ns: attempt.cpu_time.map(nanos),
        wall_time_ns: attempt.wall_time.map(nanos),
        peak_memory_bytes: attempt.peak_memory_bytes,
        detail: None,
        strict_fault: None,
        new_process: attempt.new_process,
        judge_failure: None,
    };
    let (verdict, detail) = match attempt.result {
        // An answer that could not be read says what the right one was.
        Err(Failure::Verdict(Verdict::WA, detail))
            if !problem.lists_boards() && !detail.starts_with("answer too long") =>
        {
            (Verdict::WA, Some(format!("{detail}; the right answer is {}", task.case.expected)))
        }
        Err(Failure::Verdict(verdict, detail)) => (verdict, Some(detail)),
        Err(Failure::Judge(reason)) => {
            // Counted as no verdict at all: the judging stops with the reason.
            outcome.judge_failure = Some(reason.clone());
            (Verdict::RE, Some(reason))
        }
        Ok(answer) => {
            outcome.received = Some(match &answer {
                Answer::Count(count) => *count,
                Answer::Boards(boards) => boards.len() as i128,
            });
            match check_answer(&task.case.board, task.case.expected, reference, &answer) {
                Ok(()) => (Verdict::AC, None),
                Err(detail) => (Verdict::WA, Some(detail)),
            }
        }
    };
    let is_file = matches!(task.contestant, Contestant::File { .. });
    outcome.verdict = verdict;
    outcome.detail = match detail {
        Some(detail) if is_file && verdict != Verdict::CE => {
            Some(with_context(detail, verdict, problem, &task.case.board, attempt.printed))
        }
        detail => detail,
    };
    outcome
}

/// How many times a case's memory limit a `--strict` run may use.
pub const STRICT_MEMORY_FACTOR: u64 = 4;

/// `--strict`: every Rust and C++ file built again with [`Toolchain::strict`], and each of its AC
/// runs made again with that build; a fault there is the run's `strict_fault`. The runs get ten
/// times the CPU time and [`STRICT_MEMORY_FACTOR`] times the memory (the sanitizers are slow and
/// keep shadow memory), held on the run's cgroup; no address-space cap (the address sanitizer
/// maps terabytes it never touches). A file whose checked build fails, where its plain build
/// succeeded, is the machine's matter (no sanitizer library, a build past its limits): its runs
/// are left unchecked, and a note (returned) says so, rather than blame the file.
fn strict_pass(
    tasks: &[Task],
    outcomes: &mut [Option<Outcome>],
    options: &JudgeOptions,
    child_program: &Path,
) -> Vec<String> {
    let toolchain = options.toolchain.strict();
    let files: Vec<&Submission> = {
        let mut seen = Vec::new();
        for task in tasks {
            if let Contestant::File { submission, build: Build::Ready(_) } = task.contestant {
                if Toolchain::has_strict_build(submission.language)
                    && !seen.iter().any(|other: &&Submission| other.path == submission.path)
                {
                    seen.push(submission);
                }
            }
        }
        seen
    };
    let rebuilt: Vec<Contestant> = crate::pool::map(
        &files,
        options.jobs,
        None,
        |submission| {
            let build = crate::submission::build(
                submission,
                &toolchain,
                &options.build_folder,
                options.sandbox.as_ref(),
            )
            .unwrap_or_else(|error| Build::CompileError(error.to_string()));
            Contestant::File { submission: (*submission).clone(), build }
        },
        |_| {},
    );
    let notes = rebuilt
        .iter()
        .filter_map(|contestant| match contestant {
            Contestant::File { submission, build: Build::CompileError(message) } => Some(format!(
                "{}: not checked under --strict: its checked build fails here ({})",
                submission.name,
                message.lines().map(str::trim).find(|line| !line.is_empty()).unwrap_or("no message")
            )),
            _ => None,
        })
        .collect();
    let again: Vec<usize> = (0..tasks.len())
        .filter(|&index| outcomes[index].as_ref().is_some_and(|outcome| outcome.verdict == Verdict::AC))
        .filter(|&index| matches!(tasks[index].contestant, Contestant::File { .. }))
        .collect();
    let faults: Vec<Option<String>> = crate::pool::map(
        &again,
        options.jobs,
        None,
        |&index| {
            let task = &tasks[index];
            let strict = rebuilt.iter().find(|contestant| {
                contestant.id() == task.contestant.id()
                    && matches!(contestant, Contestant::File { build: Build::Ready(_), .. })
            })?;
            let mut limits = task.case.limits();
            limits.cpu_time = limits.cpu_time.saturating_mul(10);
            limits.memory_bytes = limits.memory_bytes.saturating_mul(STRICT_MEMORY_FACTOR);
            let (problem, _) = task.problems[0];
            let request = Request {
                address_space: Some(u64::MAX),
                ..Request::judged(problem, &task.case.board, limits)
            };
            let attempt = attempt(strict, &request, child_program, options.sandbox.as_ref());
            let first_line = |text: &str| text.lines().next().unwrap_or_default().to_string();
            match attempt.result {
                Ok(answer) => check_answer(&task.case.board, task.case.expected, None, &answer)
                    .err()
                    .map(|detail| format!("a wrong answer under the checks: {}", first_line(&detail))),
                // The judge's failure is no fault of the file's: its run stays unchecked.
                Err(Failure::Judge(_)) => None,
                Err(Failure::Verdict(_, detail)) => Some(
                    match task.contestant {
                        Contestant::File { submission, .. } => {
                            submission.language.strict_fault(&attempt.stderr)
                        }
                        Contestant::Builtin(_) => None,
                    }
                    .unwrap_or_else(|| first_line(&detail)),
                ),
            }
        },
        |_| {},
    );
    for (index, fault) in again.into_iter().zip(faults) {
        if let Some(outcome) = &mut outcomes[index] {
            outcome.strict_fault = fault;
        }
    }
    notes
}

/// A submission's failure, with what a person needs to reproduce it: the input, and what a
/// LeetCode solution printed.
fn with_context(
    detail: String,
    verdict: Verdict,
    problem: Problem,
    board: &checker::Board,
    printed: Option<String>,
) -> String {
    let mut text = detail;
    if verdict == Verdict::WA || printed.is_some() {
        match problem.description().input {
            Input::Board => text.push_str(&format!("\ninput:\n{}", board.to_text().trim_end())),
            Input::Side => text.push_str(&format!("\ninput: n = {}", board.n())),
        }
    }
    if let Some(printed) = printed {
        let lines: Vec<&str> = printed.lines().take(10).collect();
        let more = if printed.lines().count() > 10 { "\n  ..." } else { "" };
        text.push_str(&format!("\nits stdout:\n  {}{more}", lines.join("\n  ")));
    }
    text
}

fn nanos(duration: std::time::Duration) -> u64 {
    u64::try_from(duration.as_nanos()).unwrap_or(u64::MAX)
}
