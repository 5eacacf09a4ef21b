//! The judge's report as text: a table per problem (cases down, implementations across, each cell
//! the verdict and the CPU time of the run), a summary line, then the details of every failure.

use std::time::Duration;

use crate::judge::{JudgeReport, RunResult, Verdict};
use crate::problem::Scope;
use crate::snapshot::SnapshotStatus;
use crate::table::{format_duration, Style, Table};

fn style(verdict: Verdict) -> Style {
    match verdict {
        Verdict::AC => Style::Green,
        Verdict::WA | Verdict::RE | Verdict::CE => Style::Red,
        Verdict::TLE | Verdict::MLE | Verdict::OLE => Style::Yellow,
    }
}

fn cell(run: &RunResult) -> (String, Style) {
    let (label, style) = match run.strict_fault {
        Some(_) => ("AC, but", Style::Yellow),
        None => (run.verdict.label(), style(run.verdict)),
    };
    let text = match run.cpu_time_ns {
        Some(ns) => format!("{label} {}", format_duration(Duration::from_nanos(ns))),
        None => label.to_string(),
    };
    (text, style)
}

/// The report as text, with ANSI styles (the front strips them where colour is off).
pub fn render_text(report: &JudgeReport) -> String {
    let mut out = String::new();
    for problem in &report.problems {
        let mut header = vec!["case".to_string()];
        header.extend(
            problem
                .implementations
                .iter()
                .map(|id| id.split_once('/').map_or(id.as_str(), |(_, name)| name).to_string()),
        );
        let mut table = Table::new(header);
        let mut beyond = false;
        for case in &problem.cases {
            let mut label = case.id.clone();
            if case.scope == Scope::Beyond {
                label.push_str(" (beyond)");
                beyond = true;
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
        out.push_str(&format!("{}\n", problem.title));
        out.push_str(&table.render());
        if beyond {
            out.push_str(&Style::Dim.paint(
                "(beyond): past the judge's constraints, judged all the same; a failure there fails no run\n",
            ));
        }
        out.push('\n');
    }

    let counts: Vec<String> = Verdict::ALL
        .iter()
        .map(|&verdict| format!("{} {}", report.count(verdict), verdict.label()))
        .collect();
    let verdicts: usize = report.totals.values().sum();
    let snapshots_ok = report.snapshots.values().filter(|status| status.is_ok()).count();
    out.push_str(&format!(
        "{verdicts} verdicts from {} runs: {}; snapshots: {snapshots_ok} of {} match; case files: {} unreadable\n",
        report.processes,
        counts.join(", "),
        report.snapshots.len(),
        report.case_errors.len()
    ));

    let mut details = Vec::new();
    for error in &report.case_errors {
        details.push(format!("case file {error}"));
    }
    for (case_id, status) in &report.snapshots {
        match status {
            SnapshotStatus::Matches => {}
            SnapshotStatus::Accepted { path } => details.push(format!("snapshot {case_id}: accepted, wrote {path}")),
            SnapshotStatus::Pending { path } => details.push(format!(
                "snapshot {case_id}: missing or different; wrote {path} for review (`cargo insta review` or `cargo xtask judge --accept`)"
            )),
            SnapshotStatus::Failed { reason } => details.push(format!("snapshot {case_id}: {reason}")),
        }
    }
    // A counter's failure on an 8 x 8 board shows in two tables; its detail is told once.
    let mut told = std::collections::BTreeSet::new();
    for run in report.runs().filter(|run| run.strict_fault.is_some()) {
        if told.insert((&run.implementation, &run.case)) {
            let fault = run.strict_fault.as_deref().unwrap_or("");
            details.push(format!(
                "{} {} on {}: {fault}",
                Style::Yellow.paint("AC, but"),
                run.implementation,
                run.case
            ));
        }
    }
    let mut compile_errors_told = std::collections::BTreeSet::new();
    for run in report.runs().filter(|run| run.verdict != Verdict::AC) {
        if !told.insert((&run.implementation, &run.case)) {
            continue;
        }
        // A build fails once, whatever the case: its message is told once.
        if run.verdict == Verdict::CE {
            if compile_errors_told.insert(&run.implementation) {
                let detail = run.detail.as_deref().unwrap_or("");
                details.push(format!("{} {}:\n{detail}", style(run.verdict).paint("CE"), run.implementation));
            }
            continue;
        }
        let detail = run.detail.as_deref().unwrap_or("");
        details.push(format!(
            "{} {} on {}: {detail}",
            style(run.verdict).paint(run.verdict.label()),
            run.implementation,
            run.case
        ));
    }
    if !details.is_empty() {
        out.push('\n');
        out.push_str(&details.join("\n"));
        out.push('\n');
    }
    out
}
