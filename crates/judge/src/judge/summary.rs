//! The report's summaries over the tasks' outcomes: each problem's table of runs, each file's
//! verdicts and first failure, LeetCode's own result line, and how many processes ran.

use super::*;

/// Each problem's empty table: the contestants that solve it and the cases that are its inputs
/// (a problem with neither is left out).
pub(super) fn problem_reports(
    problems: &[Problem],
    implementations: &[Contestant],
    cases: &[Case],
) -> Vec<ProblemReport> {
    problems
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
                    problem.admits(&case.input).map(|scope| CaseInfo {
                        id: case.id.clone(),
                        scope,
                        time_limit_ms: case.time_limit_ms,
                        memory_limit_mb: case.memory_limit_mb,
                        expected_from: case.expected_from,
                        board: case.input.text(),
                    })
                })
                .collect(),
            runs: Vec::new(),
        })
        .filter(|report| !report.implementations.is_empty() && !report.cases.is_empty())
        .collect()
}

/// Each submitted file's empty summary.
pub(super) fn file_summaries(implementations: &[Contestant]) -> Vec<FileSummary> {
    implementations
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
        .collect()
}

/// Each file's LeetCode result line, one per session (a file on a LeetCode problem).
pub(super) fn record_leetcode_results(
    tasks: &[Task],
    units: &[Unit],
    outcomes: &[Option<Run>],
    files: &mut [FileSummary],
) {
    for unit in units {
        let Unit::Session { indices, .. } = unit else { continue };
        let task = &tasks[indices[0]];
        let Some(file) = files.iter_mut().find(|file| file.name == task.contestant.id()) else { continue };
        let (problem, _) = task.problems[0];
        let within: Vec<(&Task, Option<&Run>)> = indices
            .iter()
            .filter(|&&index| tasks[index].problems[0].1 == Scope::Within)
            .map(|&index| (&tasks[index], outcomes[index].as_ref()))
            .collect();
        file.leetcode.push(leetcode_result(problem, &within));
    }
}

/// Each task's outcome into its problems' tables and its file's summary (a skipped task counts as
/// skipped there).
pub(super) fn record_runs(
    tasks: &[Task],
    outcomes: &[Option<Run>],
    options: &JudgeOptions,
    problem_reports: &mut [ProblemReport],
    files: &mut [FileSummary],
) {
    for (task, outcome) in tasks.iter().zip(outcomes) {
        let file = files.iter_mut().find(|file| file.name == task.contestant.id());
        let Some(outcome) = outcome else {
            if let Some(file) = file {
                file.skipped += task.problems.len();
            }
            continue;
        };
        if let Some(file) = file {
            count_in_file(file, task, outcome, options);
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
                expected: task.case.expected_number(),
                expected_tle: outcome.verdict == Verdict::TLE && task.contestant.too_slow_by_design(),
                isolation: match task.contestant {
                    Contestant::Builtin(_) => "builtin",
                    Contestant::File { .. } if options.sandbox.is_some() => "sandboxed",
                    Contestant::File { .. } => "unsandboxed",
                },
                graded: outcome.clone(),
            });
        }
    }
}

/// A task's outcome in its file's verdicts, and as its first failure within the constraints.
fn count_in_file(file: &mut FileSummary, task: &Task, outcome: &Run, options: &JudgeOptions) {
    for &(problem, scope) in &task.problems {
        *file.verdicts.entry(outcome.verdict).or_default() += 1;
        file.ac_but += usize::from(outcome.strict_fault.is_some());
        let fails = outcome.verdict != Verdict::AC || outcome.strict_fault.is_some();
        // A LeetCode file's first failure is the first in the order its session ran its tests;
        // a whole program's, the tables' first.
        let order =
            if problem.runs_in_one_process() { leetcode_order(task.case) } else { (false, 0, String::new()) };
        let earlier = file.first_failure.as_ref().is_none_or(|first| order < first.order);
        if fails && scope == Scope::Within && earlier {
            file.first_failure = Some(FirstFailure {
                problem,
                case: task.case.id.clone(),
                verdict: outcome.verdict,
                strict_fault: outcome.strict_fault.is_some(),
                rerun: rerun_command(options, task, problem),
                order,
            });
        }
    }
}

/// How many processes ran: a file that did not build ran nothing (its CE verdicts come from no
/// process), nor did a run --fail-fast skipped; a LeetCode session is one process, and one more
/// after each test that ended its own.
pub(super) fn processes(tasks: &[Task], units: &[Unit], outcomes: &[Option<Run>]) -> usize {
    units
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
        .sum()
}
