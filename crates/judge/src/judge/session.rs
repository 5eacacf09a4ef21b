//! LeetCode's way: every test of a contestant on a LeetCode problem in one process, in LeetCode's
//! order; the explanation of a failure that comes from state kept between tests; LeetCode's own
//! result line.

use super::*;

/// What the pool runs at once: one task in a process of its own (CSES's way), or every task of a
/// contestant on one LeetCode problem, in LeetCode's order, in one process (LeetCode's way): each
/// distinct input once, as LeetCode runs a submission's tests; the `twins` (another case of the
/// same input and limits, say `cses/empty-8x8` beside `empty/n08`) take the outcome of the task
/// that ran it, `(twin, ran)`.
pub(super) enum Unit {
    Alone(usize),
    Session { indices: Vec<usize>, twins: Vec<(usize, usize)> },
}

impl Unit {
    /// Its tasks that run, in the order they run.
    pub(super) fn indices(&self) -> &[usize] {
        match self {
            Unit::Alone(index) => std::slice::from_ref(index),
            Unit::Session { indices, .. } => indices,
        }
    }
}

/// A session's tasks in LeetCode's order, each distinct test once (its n and its limits): the
/// tasks to run, and the twins that take a run task's outcome.
fn distinct_tests(tasks: &[Task], mut indices: Vec<usize>) -> Unit {
    indices.sort_by_key(|&index| leetcode_order(tasks[index].case));
    let test = |index: usize| {
        let case = tasks[index].case;
        (case.input.largest_side(), case.time_limit_ms, case.memory_limit_mb)
    };
    let mut first_of = BTreeMap::new();
    let mut twins = Vec::new();
    indices.retain(|&index| match first_of.get(&test(index)) {
        Some(&ran) => {
            twins.push((index, ran));
            false
        }
        None => {
            first_of.insert(test(index), index);
            true
        }
    });
    Unit::Session { indices, twins }
}

/// The pool's units: each contestant's tasks on a LeetCode problem as one session, in LeetCode's
/// order; every other task alone. Sessions first (each holds many runs), then the largest boards
/// first, so that the long runs do not end up alone at the end; with --fail-fast, each
/// contestant's cases in their order, so that its first failure stops it.
pub(super) fn plan_units(tasks: &[Task], fail_fast: bool) -> Vec<Unit> {
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
        alone.sort_by_key(|&index| std::cmp::Reverse(tasks[index].case.input.largest_side()));
    }
    let mut units: Vec<Unit> = sessions.into_values().map(|indices| distinct_tests(tasks, indices)).collect();
    units.extend(alone.into_iter().map(Unit::Alone));
    units
}

/// LeetCode's order of a submission's tests: the statement's examples first (in their order), then
/// by increasing n
/// (so those within the constraints before those beyond), then by id.
pub(super) fn leetcode_order(case: &Case) -> (bool, usize, String) {
    (!case.example, if case.example { 0 } else { case.input.largest_side() }, case.id.clone())
}

/// One contestant's tasks on one LeetCode problem, run in one process as LeetCode runs them.
pub(super) struct Session<'a> {
    pub(super) tasks: &'a [Task<'a>],
    pub(super) indices: &'a [usize],
    pub(super) child_program: &'a Path,
    pub(super) sandbox: Option<&'a Sandbox>,
}

impl Session<'_> {
    /// Runs the tasks in order in one process (a new one after a test that ends it), then explains
    /// the failures that come from state kept between tests: each failing test that ran after
    /// others in its process is run again alone, in a fresh process.
    pub(super) fn run(
        &self,
        references: &BTreeMap<String, Vec<Placement>>,
        stops: &dyn Fn(&Task, &Outcome) -> bool,
    ) -> Vec<(usize, Outcome)> {
        let tasks: Vec<&Task> = self.indices.iter().map(|&index| &self.tasks[index]).collect();
        let requests: Vec<Request> = tasks.iter().map(|task| request_of(task)).collect();
        let contestant = tasks[0].contestant;
        let mut outcomes: Vec<(usize, Outcome)> = Vec::new();
        attempt_session(contestant, &requests, self.child_program, self.sandbox, &mut |at, attempt| {
            let task = tasks[at];
            let outcome = outcome_of(task, attempt, reference_of(references, task));
            let stop = stops(task, &outcome);
            outcomes.push((self.indices[at], outcome));
            !stop
        });
        if matches!(contestant, Contestant::File { .. }) {
            self.explain_kept_state(&tasks, &requests, &mut outcomes, references);
        }
        outcomes
    }

    /// Runs again alone each failing test within the constraints that shared its process with tests
    /// before it; where it passes alone, its detail says that the file keeps state between tests,
    /// which test left it, what the driver saw of it, and how to mend it. Where the first such test
    /// fails alone too, the file is wrong whatever its state, and the others are not run again.
    pub(super) fn explain_kept_state(
        &self,
        tasks: &[&Task],
        requests: &[Request],
        outcomes: &mut [(usize, Outcome)],
        references: &BTreeMap<String, Vec<Placement>>,
    ) {
        for at in 1..outcomes.len() {
            let Ok(ran) = &outcomes[at].1 else { continue };
            let task = tasks[at];
            // Past the constraints a failure fails nothing: no second run to explain it.
            let within = task.problems.iter().any(|&(_, scope)| scope == Scope::Within);
            if ran.run.verdict == Verdict::AC
                || ran.run.verdict == Verdict::CE
                || ran.run.new_process
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
            if alone.and_then(Result::ok).map(|alone| alone.run.verdict) != Some(Verdict::AC) {
                return;
            }
            if let Ok(ran) = &mut outcomes[at].1 {
                ran.additions.kept_state =
                    Some(kept_state_explanation(task, tasks[at - 1], &ran.attempt.state));
            }
        }
    }
}

/// Why a test that passes alone failed after others: LeetCode's one process per submission.
pub(super) fn kept_state_explanation(task: &Task, before: &Task, state: &str) -> String {
    let (problem, _) = task.problems[0];
    let method = match task.contestant {
        Contestant::File { submission, .. } => problem
            .method()
            .map_or("the method", |method| {
                judge_core::submission::method_name(submission.language.signature(method))
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
        before.case.input.largest_side()
    )
}

/// What LeetCode shows for a submission whose tests (within the constraints, in its order) gave
/// these outcomes: the first failure's verdict, how many tests passed before it, and its input.
pub(super) fn leetcode_result(problem: Problem, tests: &[(&Task, Option<&Run>)]) -> String {
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
    let n = task.case.input.largest_side();
    let counted = |count: i128| match (problem.lists_boards(), count) {
        (false, _) => count.to_string(),
        (true, 1) => "1 board".to_string(),
        (true, _) => format!("{count} boards"),
    };
    let shown = match (outcome.verdict, outcome.received) {
        (Verdict::WA, Some(received)) => format!(
            "input n = {n}, output {}, expected {}",
            counted(received),
            counted(i128::from(task.case.expected.unwrap_or_default()))
        ),
        (Verdict::RE, _) => {
            // The error itself, never an empty quote: the exception, or the finding and its place.
            let detail = outcome.detail.as_deref().unwrap_or("");
            let first = detail.lines().next().unwrap_or("").to_string();
            let reason =
                judge_core::runner::Runtime::headline(&task.contestant.runtime(), detail).unwrap_or(first);
            format!("input n = {n}: {reason}")
        }
        _ => format!("input n = {n}"),
    };
    format!("{title}: {name}, {at} / {total} testcases passed; {shown}{restarted}")
}
