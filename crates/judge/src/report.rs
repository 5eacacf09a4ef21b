//! The judge's report as text: a table per problem (cases down, implementations across, each cell
//! the verdict and the CPU time of the run), a summary line, then the details of every failure.
//!
//! Every text that did not come from the judge itself (what a program wrote on stderr or stdout, a
//! compiler's message, names of files and cases, a case file's fault) goes through
//! `escape_controls` before the judge's own colours are added, so that the only escape sequences
//! the text holds are the judge's SGR colours. The JSON report keeps the exact text.

use crate::judge::{JudgeReport, ProblemReport, RunResult, Verdict};
use crate::snapshot::SnapshotStatus;
use crate::table::{format_duration, Style, Table};
use judge_core::case::ExpectedFrom;
use judge_core::escape::{escape_controls, escape_one_line};
use judge_core::problem::Scope;

fn style(verdict: Verdict) -> Style {
    match verdict {
        Verdict::AC => Style::Green,
        Verdict::WA | Verdict::RE | Verdict::CE => Style::Red,
        Verdict::TLE | Verdict::MLE | Verdict::OLE => Style::Yellow,
    }
}

/// A failure's detail around the board it draws (`\ninput:\n` and the board's rows): what comes
/// before, and what comes after (what the program printed), when it draws one.
pub(crate) fn without_board(detail: &str) -> Option<(&str, &str)> {
    let (head, rest) = detail.split_once("\ninput:\n")?;
    Some((head, rest.find("\nits stdout:").map_or("", |at| &rest[at..])))
}

/// What a failure comes down to, so that a file's failures of one cause are told once: its
/// implementation, its verdict, and its detail's first line without what stands in parentheses
/// (the test before and a value, in state kept between tests; an access's size). A wrong answer
/// names its numbers outside them, so that each wrong count is told with its own board.
fn cause(run: &RunResult) -> (&str, Verdict, String) {
    let detail = run.graded.detail.as_deref().or(run.graded.strict_fault.as_deref()).unwrap_or("");
    let first = detail.lines().next().unwrap_or("");
    let mut shape = String::with_capacity(first.len());
    let mut depth = 0usize;
    for c in first.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ if depth > 0 => {}
            _ => shape.push(c),
        }
    }
    (run.implementation.as_str(), run.graded.verdict, shape)
}

/// The failures of `runs` to tell in full, in their order, each with the cases of the later
/// failures of the same cause (see `cause`), told in one line after it. A build's CE is one
/// cause whatever the case.
pub(crate) fn failures_by_cause<'a>(
    runs: impl Iterator<Item = &'a RunResult>,
) -> Vec<(&'a RunResult, Vec<&'a str>)> {
    let mut told: Vec<(&'a RunResult, Vec<&'a str>)> = Vec::new();
    let mut first_of = std::collections::BTreeMap::new();
    for run in runs {
        match first_of.get(&cause(run)) {
            Some(&at) => {
                let (_, same): &mut (&RunResult, Vec<&str>) = &mut told[at];
                same.push(run.case.as_str());
            }
            None => {
                first_of.insert(cause(run), told.len());
                told.push((run, Vec::new()));
            }
        }
    }
    told
}

/// The line told after a failure for the later ones of its cause: `the same on 13 more tests:
/// empty/n02, ...`.
pub(crate) fn same_cause_line(cases: &[&str]) -> Option<String> {
    let (first, rest) = cases.split_first()?;
    let tests =
        if rest.is_empty() { "1 more test".to_string() } else { format!("{} more tests", cases.len()) };
    let mut listed = escape_one_line(first).into_owned();
    for case in rest {
        listed.push_str(", ");
        listed.push_str(&escape_one_line(case));
    }
    Some(format!("the same on {tests}: {listed}"))
}

/// `1 run`, `2 runs`.
fn counted(count: usize, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

fn cell(run: &RunResult) -> (String, Style) {
    let (label, style) = match run.graded.strict_fault {
        Some(_) => ("AC, but", Style::Yellow),
        None => (run.graded.verdict.label(), style(run.graded.verdict)),
    };
    let text = match run.graded.cpu_time {
        Some(cpu_time) => format!("{label} {}", format_duration(cpu_time)),
        None => label.to_string(),
    };
    (text, style)
}

/// One failing run's line: its verdict, implementation, case and `detail`; a TLE it was meant to
/// get is said to fail nothing.
fn failure_line(run: &RunResult, detail: &str) -> String {
    let expected = if run.expected_tle {
        " (expected: a search shown to be too slow for the problem's range; it fails nothing)"
    } else {
        ""
    };
    format!(
        "{} {} on {}: {}{expected}",
        style(run.graded.verdict).paint(run.graded.verdict.label()),
        escape_one_line(&run.implementation),
        escape_one_line(&run.case),
        escape_controls(detail)
    )
}

/// The report as text, with ANSI styles (the front strips them where colour is off).
pub fn render_text(report: &JudgeReport) -> String {
    let mut out = isolation_line(report.isolation);
    for problem in &report.problems {
        out.push_str(&problem_table(problem));
    }
    out.push_str(&summary_line(report));
    let mut details = report_notes(report);
    details.extend(failure_details(report));
    let files = file_lines(report);
    if !details.is_empty() {
        out.push('\n');
        out.push_str(&details.join("\n"));
        out.push('\n');
    }
    if !files.is_empty() {
        out.push('\n');
        out.push_str(&files.join("\n"));
        out.push('\n');
    }
    out
}

/// How submitted files were kept apart, told before anything they did; empty for built-in
/// implementations alone.
fn isolation_line(isolation: &str) -> String {
    match isolation {
        "sandboxed" => Style::Dim.paint(
            "sandbox: on (each file's build and runs in namespaces of their own, every process counted)\n\n",
        ),
        "unsandboxed" if judge_core::sandbox::landlock_abi() > 0 => {
            "sandbox: OFF (--no-sandbox): files were built and run as plain children, under the limits, fenced\n\n"
                .to_string()
        }
        "unsandboxed" => {
            "sandbox: OFF (--no-sandbox): files were built and run as plain children, under the limits alone\n\n"
                .to_string()
        }
        _ => String::new(),
    }
}

/// One problem's table under its title (cases down, implementations across), then what its
/// `(beyond)` and `(oracle)` tags mean when a case carries one.
fn problem_table(problem: &ProblemReport) -> String {
    let mut header = vec!["case".to_string()];
    header.extend(
        problem
            .implementations
            .iter()
            .map(|id| escape_one_line(id.split_once('/').map_or(id.as_str(), |(_, name)| name)).into_owned()),
    );
    let mut table = Table::new(header);
    let mut beyond = false;
    let mut from_oracle = false;
    for case in &problem.cases {
        let mut label = escape_one_line(&case.id).into_owned();
        if case.scope == Scope::Beyond {
            label.push_str(" (beyond)");
            beyond = true;
        }
        if case.expected_from == ExpectedFrom::Oracle {
            label.push_str(" (oracle)");
            from_oracle = true;
        }
        let mut row = vec![(label, Style::Plain)];
        row.extend(problem.implementations.iter().map(|implementation| {
            problem
                .runs
                .iter()
                .find(|run| &run.implementation == implementation && run.case == case.id)
                .map_or(("-".to_string(), Style::Dim), cell)
        }));
        table.push(row);
    }
    let mut out = format!("{}\n", problem.title);
    out.push_str(&table.render());
    if beyond {
        out.push_str(&Style::Dim.paint(
            "(beyond): past the judge's constraints, judged all the same; a failure there fails no run\n",
        ));
    }
    if from_oracle {
        out.push_str(&Style::Dim.paint(
            "(oracle): a test without its .out, or with a wrong one: judged against the oracle's count\n",
        ));
    }
    out.push('\n');
    out
}

/// The summary line: how many verdicts of each kind from how many runs, the snapshots that match
/// and the case files that could not be read.
fn summary_line(report: &JudgeReport) -> String {
    // An AC that faults under --strict's checks is told apart: it fails the run.
    let ac_but = report.runs().filter(|run| run.graded.strict_fault.is_some()).count();
    let counts: Vec<String> = Verdict::ALL
        .iter()
        .map(|&verdict| match verdict {
            Verdict::AC if ac_but > 0 => {
                format!("{} AC, {ac_but} AC but faulting under --strict", report.count(verdict) - ac_but)
            }
            _ => format!("{} {}", report.count(verdict), verdict.label()),
        })
        .collect();
    let verdicts: usize = report.totals.values().sum();
    let snapshots_ok = report.snapshots.values().filter(|status| status.is_ok()).count();
    let left_out = match report.slow_runs_left_out.len() {
        0 => String::new(),
        count => format!(" ({count} too slow by design left out, below)"),
    };
    format!(
        "{} from {}{left_out}: {}; snapshots: {snapshots_ok} of {} match; case files: {} unreadable\n",
        counted(verdicts, "verdict", "verdicts"),
        counted(report.processes, "run", "runs"),
        counts.join(", "),
        report.snapshots.len(),
        report.case_errors.len()
    )
}

/// The lines before the failures: the notes, the unreadable case files, the files not judged, and
/// every snapshot that does not simply match.
fn report_notes(report: &JudgeReport) -> Vec<String> {
    let mut details = Vec::new();
    for note in &report.notes {
        details.push(format!("note: {}", escape_one_line(note)));
    }
    for error in &report.case_errors {
        details.push(format!("case file {}", escape_one_line(error)));
    }
    for refused in &report.refused_files {
        details.push(format!("{} {}", Style::Red.paint("not judged:"), escape_one_line(refused)));
    }
    for (case_id, status) in &report.snapshots {
        // These lines hold no colour: escaping each whole line escapes its id, path and reason.
        let line = match status {
            SnapshotStatus::Matches => continue,
            SnapshotStatus::Accepted { path } => format!("snapshot {case_id}: accepted, wrote {path}"),
            SnapshotStatus::Pending { path } => format!(
                "snapshot {case_id}: missing or different; wrote {path} for review (`cargo insta review` or `{} judge --accept`)",
                judge_core::install::invocation()
            ),
            SnapshotStatus::Failed { reason } => format!("snapshot {case_id}: {reason}"),
        };
        details.push(escape_controls(&line).into_owned());
    }
    details
}

/// Every failure's detail, once each: the ACs that fault under --strict first, then the other
/// verdicts, a build's CE once whatever the case and a case's board drawn once; a file's later
/// failures of one cause in a line after the first (see [`failures_by_cause`]).
fn failure_details(report: &JudgeReport) -> Vec<String> {
    let mut details = Vec::new();
    // A counter's failure on an 8 x 8 board shows in two tables; its detail is told once.
    let mut told = std::collections::BTreeSet::new();
    for run in report.runs().filter(|run| run.graded.strict_fault.is_some()) {
        if told.insert((&run.implementation, &run.case)) {
            let fault = run.graded.strict_fault.as_deref().unwrap_or("");
            details.push(format!(
                "{} {} on {}: {}",
                Style::Yellow.paint("AC, but"),
                escape_one_line(&run.implementation),
                escape_one_line(&run.case),
                escape_controls(fault)
            ));
        }
    }
    let mut boards_drawn = std::collections::BTreeSet::new();
    let failing = report.runs().filter(|run| run.graded.verdict != Verdict::AC);
    let failing: Vec<&RunResult> =
        failing.filter(|run| told.insert((&run.implementation, &run.case))).collect();
    for (run, same) in failures_by_cause(failing.into_iter()) {
        // A build fails once, whatever the case: its message is told once.
        if run.graded.verdict == Verdict::CE {
            let detail = escape_controls(run.graded.detail.as_deref().unwrap_or(""));
            let implementation = escape_one_line(&run.implementation);
            details.push(format!("{} {implementation}:\n{detail}", style(run.graded.verdict).paint("CE")));
            continue;
        }
        // A case's board is drawn once: the next failure on it points back.
        let detail = run.graded.detail.as_deref().unwrap_or("");
        let detail = match without_board(detail) {
            Some((head, tail)) if !boards_drawn.insert(&run.case) => {
                format!("{head}\ninput: the board of {} above{tail}", run.case)
            }
            _ => detail.to_string(),
        };
        details.push(failure_line(run, &detail));
        details.extend(same_cause_line(&same).map(|line| format!("  {line}")));
    }
    details
}

/// One line a file: its verdicts, and the command that reruns its first failure alone.
fn file_lines(report: &JudgeReport) -> Vec<String> {
    let mut files = Vec::new();
    for file in &report.files {
        // LeetCode's own result first, as it would show it, then this judge's counts.
        let counts: Vec<String> = file.leetcode.iter().cloned().chain([file.counts().join(", ")]).collect();
        let mut line = format!("{}: {}", escape_one_line(&file.name), escape_one_line(&counts.join("; ")));
        if let Some(failure) = &file.first_failure {
            line.push_str(&format!(
                "; first failure {} on {}: {}",
                if failure.strict_fault { "AC, but" } else { failure.verdict.label() },
                escape_one_line(&failure.case),
                escape_one_line(&failure.rerun)
            ));
        }
        files.push(line);
    }
    files
}
