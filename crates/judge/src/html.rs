//! The judge's report as one self-contained HTML page (`--html FILE`): the same run as the text and
//! JSON reports, to look at and to share. Inline CSS, no script, no outside asset, no network.
//!
//! The tables sit side by side, each cell coloured by its verdict with a bar of its CPU time against
//! the case's limit; every failure follows, its board drawn as a chessboard (the reserved squares,
//! the count expected and the one received; for LeetCode 51, the two attacking queens marked, or
//! the missing, extra and repeated boards), and
//! a file's CE or RE message as it came, escaped. Every cell and failure carries its
//! implementation, case and verdict as `data-` attributes, which the tests read back.

use std::fmt::Write as _;

use crate::judge::{CaseInfo, JudgeReport, ProblemReport, RunResult};
use crate::table::format_duration;
use judge_core::answer::Verdict;
use judge_core::case::ExpectedFrom;
use judge_core::escape::escape_controls;
use judge_core::problem::{AnswerKind, Scope};

/// Text for HTML: its markup characters as entities, its control characters escaped as the text
/// report escapes them.
fn text(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    for c in escape_controls(raw).chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

const STYLE: &str = "
body { font: 14px/1.45 system-ui, -apple-system, 'Segoe UI', sans-serif; margin: 24px; color: #1d2330; background: #f7f8fa; }
h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 17px; margin: 0 0 8px; } h3 { font-size: 15px; margin: 0 0 6px; }
.summary { font-weight: 600; padding: 6px 10px; border-radius: 6px; display: inline-block; }
.summary.passed { background: #d9f2de; color: #14532d; } .summary.failed { background: #fde2e1; color: #7f1d1d; }
.isolation { color: #556; margin: 6px 0 18px; }
.tables { display: flex; flex-wrap: wrap; gap: 20px; align-items: flex-start; }
.problem { background: #fff; border: 1px solid #dde1e8; border-radius: 8px; padding: 12px; }
table.results { border-collapse: collapse; }
table.results th, table.results td { border-bottom: 1px solid #eceef2; padding: 4px 8px; text-align: left; white-space: nowrap; }
table.results thead th { font-size: 12px; color: #556; }
td.run { min-width: 92px; }
.verdict { font-weight: 700; margin-right: 6px; }
.v-AC .verdict, .verdict.v-AC { color: #15803d; } .v-WA .verdict, .v-RE .verdict, .v-CE .verdict, .verdict.v-WA, .verdict.v-RE, .verdict.v-CE { color: #b91c1c; }
.v-TLE .verdict, .v-MLE .verdict, .v-OLE .verdict, .verdict.v-TLE, .verdict.v-MLE, .verdict.v-OLE, .strict .verdict { color: #b45309; }
td.run.v-WA, td.run.v-RE, td.run.v-CE { background: #fff1f1; } td.run.v-TLE, td.run.v-MLE, td.run.v-OLE, td.run.strict { background: #fff8e6; }
.time { color: #556; font-size: 12px; }
.bar { display: block; height: 4px; background: #eceef2; border-radius: 2px; margin-top: 3px; }
.bar span { display: block; height: 4px; background: #6b8afd; border-radius: 2px; }
.tag { font-size: 11px; color: #778; margin-left: 4px; }
.failures, .files, .notes { margin-top: 24px; }
.failure { background: #fff; border: 1px solid #dde1e8; border-radius: 8px; padding: 12px; margin-bottom: 12px; }
.failure .counts { margin: 0 0 8px; }
.group h4 { margin: 6px 0 2px; font-size: 13px; } .boards { display: flex; flex-wrap: wrap; gap: 10px; }
table.board { border-collapse: collapse; margin: 6px 0 8px; }
table.board td { width: 22px; height: 22px; padding: 0; text-align: center; font-size: 16px; line-height: 22px; }
table.board td.light { background: #f0d9b5; } table.board td.dark { background: #b58863; }
table.board td.reserved { background: repeating-linear-gradient(45deg, #6b7280, #6b7280 3px, #9ca3af 3px, #9ca3af 6px); }
table.board td.attack { box-shadow: inset 0 0 0 3px #dc2626; }
pre { background: #f3f4f7; padding: 8px; border-radius: 6px; overflow-x: auto; font-size: 12px; margin: 0; }
";

/// The page.
pub fn render_html(report: &JudgeReport) -> String {
    let mut page = String::new();
    head_and_header(&mut page, report);
    for problem in &report.problems {
        problem_table(&mut page, problem);
    }
    page.push_str("</div>\n");
    failures(&mut page, report);
    files_section(&mut page, report);
    notes_section(&mut page, report);
    page.push_str("</main>\n</body>\n</html>\n");
    page
}

/// The page's head (its title counts the ACs) and its header: the summary of verdicts and how
/// submitted files were kept apart; it opens the main part and the tables' row.
fn head_and_header(page: &mut String, report: &JudgeReport) {
    let runs: Vec<&RunResult> = report.runs().collect();
    let ac = report.count(Verdict::AC);
    let _ = write!(
        page,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>queens-judge: {ac} AC of {}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n",
        runs.len()
    );
    let counts: Vec<String> = Verdict::ALL
        .iter()
        .map(|&verdict| (verdict, report.count(verdict)))
        .filter(|&(_, count)| count > 0)
        .map(|(verdict, count)| format!("{count} {}", verdict.label()))
        .collect();
    let _ = write!(
        page,
        "<header>\n<h1>queens-judge report</h1>\n<p class=\"summary {}\" data-passed=\"{}\">{}: {}</p>\n",
        if report.passed { "passed" } else { "failed" },
        report.passed,
        if report.passed { "passed" } else { "failed" },
        text(&counts.join(", "))
    );
    let isolation = match report.isolation {
        "sandboxed" => "files were built and run in the judge's sandbox, every process counted",
        "unsandboxed" => {
            "files were built and run WITHOUT the sandbox (--no-sandbox), under the limits and a Landlock fence \
             where the kernel has one"
        }
        _ => "built-in implementations only",
    };
    let _ =
        write!(page, "<p class=\"isolation\">{isolation}</p>\n</header>\n<main>\n<div class=\"tables\">\n");
}

/// One problem's table: cases down (tagged `beyond` or `oracle`), implementations across, a cell
/// for each run and a dash where there was none.
fn problem_table(page: &mut String, problem: &ProblemReport) {
    let _ = write!(
        page,
        "<section class=\"problem\" data-problem=\"{}\">\n<h2>{}</h2>\n<table class=\"results\">\n<thead><tr><th>case</th>",
        problem.problem.id(),
        text(problem.title)
    );
    for implementation in &problem.implementations {
        let shown = implementation.split_once('/').map_or(implementation.as_str(), |(_, name)| name);
        let _ = write!(page, "<th title=\"{}\">{}</th>", text(implementation), text(shown));
    }
    page.push_str("</tr></thead>\n<tbody>\n");
    for case in &problem.cases {
        let mut tags = String::new();
        if case.scope == Scope::Beyond {
            tags.push_str("<span class=\"tag\">beyond</span>");
        }
        if case.expected_from == ExpectedFrom::Oracle {
            tags.push_str("<span class=\"tag\">oracle</span>");
        }
        let _ = write!(page, "<tr><th scope=\"row\">{}{tags}</th>", text(&case.id));
        for implementation in &problem.implementations {
            match problem.runs.iter().find(|run| &run.implementation == implementation && run.case == case.id)
            {
                Some(run) => page.push_str(&cell(run, case)),
                None => page.push_str("<td class=\"skipped\">-</td>"),
            }
        }
        page.push_str("</tr>\n");
    }
    page.push_str("</tbody>\n</table>\n</section>\n");
}

/// The files judged, one item each: LeetCode's own result, this judge's counts, and the command
/// that reruns the first failure alone; nothing when no file was judged.
fn files_section(page: &mut String, report: &JudgeReport) {
    if report.files.is_empty() {
        return;
    }
    page.push_str("<section class=\"files\">\n<h2>Files</h2>\n<ul>\n");
    for file in &report.files {
        // LeetCode's own result first, as it would show it, then this judge's counts.
        let counts: Vec<String> =
            file.leetcode.iter().map(|line| text(line)).chain([file.counts().join(", ")]).collect();
        let _ = write!(
            page,
            "<li data-file=\"{}\"><strong>{}</strong>: {}",
            text(&file.name),
            text(&file.name),
            counts.join("; ")
        );
        if let Some(failure) = &file.first_failure {
            let _ = write!(
                page,
                "; first failure {} on {}: <code>{}</code>",
                if failure.strict_fault { "AC, but" } else { failure.verdict.label() },
                text(&failure.case),
                text(&failure.rerun)
            );
        }
        page.push_str("</li>\n");
    }
    page.push_str("</ul>\n</section>\n");
}

/// The notes, the unreadable case files and the files not judged, as one list; nothing when there
/// are none.
fn notes_section(page: &mut String, report: &JudgeReport) {
    let mut notes: Vec<String> = report.notes.iter().map(|note| text(note)).collect();
    notes.extend(report.case_errors.iter().map(|error| format!("case file {}", text(error))));
    notes.extend(report.refused_files.iter().map(|refused| format!("not judged: {}", text(refused))));
    if !notes.is_empty() {
        page.push_str("<section class=\"notes\">\n<h2>Notes</h2>\n<ul>\n");
        for note in notes {
            let _ = writeln!(page, "<li>{note}</li>");
        }
        page.push_str("</ul>\n</section>\n");
    }
}

/// One run's cell: its verdict, its CPU time and a bar of that time against the case's limit.
fn cell(run: &RunResult, case: &CaseInfo) -> String {
    let strict = run.graded.strict_fault.is_some();
    let label = if strict { "AC, but" } else { run.graded.verdict.label() };
    let (time, width) = match run.graded.cpu_time {
        Some(cpu_time) => {
            let share = cpu_time.as_secs_f64() / (case.time_limit_ms.max(1) as f64 / 1e3);
            (format_duration(cpu_time), (share * 100.0).clamp(0.0, 100.0))
        }
        None => (String::new(), 0.0),
    };
    let title = run
        .graded
        .detail
        .as_deref()
        .or(run.graded.strict_fault.as_deref())
        .and_then(|detail| detail.lines().next())
        .unwrap_or("");
    format!(
        "<td class=\"run v-{}{}\" data-implementation=\"{}\" data-case=\"{}\" data-verdict=\"{}\" title=\"{}\"><span class=\"verdict\">{}</span><span class=\"time\">{}</span><span class=\"bar\"><span style=\"width: {width:.1}%\"></span></span></td>",
        run.graded.verdict.label(),
        if strict { " strict" } else { "" },
        text(&run.implementation),
        text(&run.case),
        run.graded.verdict.label(),
        text(title),
        text(label),
        text(&time)
    )
}

/// Every failure once (a counter's on an 8 x 8 board shows in two tables): its board drawn, its
/// counts, its detail; a file's later failures of one cause in a line under the first (see
/// [`crate::report::failures_by_cause`]).
fn failures(page: &mut String, report: &JudgeReport) {
    let mut told = std::collections::BTreeSet::new();
    let mut articles = String::new();
    for problem in &report.problems {
        let failing: Vec<&RunResult> = problem
            .runs
            .iter()
            .filter(|run| run.graded.verdict != Verdict::AC || run.graded.strict_fault.is_some())
            .filter(|run| told.insert((&run.implementation, &run.case)))
            .collect();
        for (run, same) in crate::report::failures_by_cause(failing.into_iter()) {
            let label =
                if run.graded.strict_fault.is_some() { "AC, but" } else { run.graded.verdict.label() };
            let on = if run.graded.verdict == Verdict::CE {
                String::new()
            } else {
                format!(" on {}", text(&run.case))
            };
            let _ = write!(
                articles,
                "<article class=\"failure\" data-implementation=\"{}\" data-case=\"{}\" data-verdict=\"{}\">\n<h3><span class=\"verdict v-{}\">{label}</span> {}{on}</h3>\n",
                text(&run.implementation),
                text(&run.case),
                run.graded.verdict.label(),
                run.graded.verdict.label(),
                text(&run.implementation)
            );
            if run.graded.verdict == Verdict::WA {
                // Lines are told by the first that differs, in the detail, not by their number.
                let lines = problem.problem.answer() == AnswerKind::Lines;
                if let Some(received) = run.graded.received.filter(|_| !lines) {
                    let what = match problem.problem.answer() {
                        AnswerKind::Count | AnswerKind::Lines => "",
                        AnswerKind::Boards => " boards",
                        AnswerKind::Placements => " placements",
                    };
                    let _ = writeln!(
                        articles,
                        "<p class=\"counts\">expected <strong>{}</strong>{what}, received <strong>{received}</strong>{what}</p>",
                        run.expected
                    );
                }
                let case = problem.cases.iter().find(|case| case.id == run.case);
                let detail = run.graded.detail.as_deref().unwrap_or("");
                let drawn = match problem.problem.description().answer {
                    AnswerKind::Boards => attacked_board(detail).or_else(|| set_difference(detail)),
                    AnswerKind::Count => case.map(|case| board(&case.board, &[])),
                    // The detail names the wrong placement, its side and its two queens; or the
                    // first line that differs, both shown.
                    AnswerKind::Placements | AnswerKind::Lines => None,
                };
                if let Some(drawn) = drawn {
                    articles.push_str(&drawn);
                }
            }
            let detail = run.graded.detail.as_deref().or(run.graded.strict_fault.as_deref()).unwrap_or("");
            // A CSES board drawn above is not written out again; what the program printed is.
            let without_board = match crate::report::without_board(detail) {
                Some((head, tail)) if run.graded.verdict == Verdict::WA => format!("{head}{tail}"),
                _ => detail.to_string(),
            };
            let detail = without_board.as_str();
            if !detail.is_empty() {
                let _ = writeln!(articles, "<pre class=\"detail\">{}</pre>", text(detail));
            }
            if let Some(line) =
                crate::report::same_cause_line(&same).filter(|_| run.graded.verdict != Verdict::CE)
            {
                let _ = writeln!(articles, "<p class=\"same\">{}</p>", text(&line));
            }
            articles.push_str("</article>\n");
        }
    }
    if !articles.is_empty() {
        page.push_str("<section class=\"failures\">\n<h2>Failures</h2>\n");
        page.push_str(&articles);
        page.push_str("</section>\n");
    }
}

/// A board drawn as a chessboard: `rows` in the CSES format (`*` reserved) or LeetCode's (`Q` a
/// queen), `attack` the squares to mark (row, column).
fn board(rows: &str, attack: &[(usize, usize)]) -> String {
    let mut drawn = String::from("<table class=\"board\">\n");
    for (row, line) in rows.lines().enumerate() {
        drawn.push_str("<tr>");
        for (column, square) in line.chars().enumerate() {
            let shade = if (row + column) % 2 == 0 { "light" } else { "dark" };
            let (class, content) = match square {
                '*' => ("reserved", ""),
                'Q' => (shade, "\u{265B}"),
                _ => (shade, ""),
            };
            let marked = if attack.contains(&(row, column)) { " attack" } else { "" };
            let _ = write!(drawn, "<td class=\"sq {class}{marked}\">{content}</td>");
        }
        drawn.push_str("</tr>\n");
    }
    drawn.push_str("</table>\n");
    drawn
}

/// LeetCode 51's failing board, from the checker's detail ("board 3 of 4: queens at row 1, column 2
/// and row 2, column 2 attack along their column", then the board's rows, indented), with the two
/// attacking queens marked; `None` when the detail is of another kind.
fn attacked_board(detail: &str) -> Option<String> {
    let mut lines = detail.lines();
    let first = lines.next()?;
    let rows: Vec<&str> = lines.map_while(|line| line.strip_prefix("  ")).collect();
    if rows.is_empty() {
        return None;
    }
    let numbers: Vec<usize> =
        first.split(|c: char| !c.is_ascii_digit()).filter_map(|number| number.parse().ok()).collect();
    // "board B of N: queens at row R1, column C1 and row R2, column C2 attack ...", 1-based.
    let attack = if first.contains("attack") && numbers.len() >= 6 {
        vec![(numbers[2] - 1, numbers[3] - 1), (numbers[4] - 1, numbers[5] - 1)]
    } else {
        Vec::new()
    };
    Some(board(&rows.join("\n"), &attack))
}

/// bench's run as a page: what was timed and on which processor, the plot (inline SVG), and every
/// measurement: its median with the spread, its ratio, or why it has no time.
pub fn render_bench_html(report: &crate::bench::BenchReport, svg: &str) -> String {
    use crate::bench::Outcome;
    let mut page = String::new();
    let _ = write!(
        page,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>queens-judge bench</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<header>\n<h1>queens-judge bench</h1>\n<p class=\"summary {}\">{}</p>\n<p class=\"isolation\">{}; {} of {} CPUs; a budget of {} s a run; {} build</p>\n</header>\n<main>\n",
        if report.passed { "passed" } else { "failed" },
        if report.passed { "every answer right" } else { "a wrong answer or a crash" },
        text(report.processor.as_deref().unwrap_or("an unnamed processor")),
        report.cpus_used,
        report.cpus_available,
        report.budget_seconds,
        if report.release_build { "a release" } else { "a debug" }
    );
    // The plot is the engine's own SVG, drawn from the figures alone (its XML declaration has no
    // place inside a page).
    let svg = match svg.trim_start().strip_prefix("<?xml") {
        Some(rest) => rest.split_once("?>").map_or(rest, |(_, body)| body),
        None => svg,
    };
    let _ = write!(page, "<section class=\"problem plot\">\n{}\n</section>\n", svg.trim());
    page.push_str("<section class=\"problem\">\n<h2>Measurements</h2>\n<table class=\"results\">\n<thead><tr><th>implementation</th><th>board</th><th>n</th><th>threads</th><th>time</th><th>ratio</th></tr></thead>\n<tbody>\n");
    for measurement in report.empty_boards.iter().chain(&report.reserved_boards) {
        let (class, shown) = match &measurement.outcome {
            Outcome::Measured(figures) => (
                "AC",
                format!(
                    "{} ±{:.1}%",
                    format_duration(std::time::Duration::from_nanos(figures.median_ns)),
                    figures.spread_percent
                ),
            ),
            Outcome::OverBudget { .. } => ("TLE", "over budget".to_string()),
            Outcome::OutOfMemory { .. } => ("MLE", "out of memory".to_string()),
            Outcome::WrongAnswer { detail, .. } => ("WA", format!("wrong answer: {detail}")),
            Outcome::Crashed { reason } => ("RE", format!("crashed: {reason}")),
            Outcome::CoresMismatch { cores_seen } => ("RE", format!("saw {cores_seen} cores")),
            Outcome::Skipped { reason } => ("skipped", format!("skipped: {reason}")),
        };
        let ratio = measurement
            .ratio_to_baseline
            .or(measurement.ratio_to_fastest)
            .map_or(String::new(), |ratio| format!("×{ratio:.2}"));
        let _ = writeln!(
            page,
            "<tr class=\"measurement v-{class}\" data-implementation=\"{}\" data-board=\"{}\" data-n=\"{}\" data-threads=\"{}\"><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td><span class=\"verdict\">{}</span></td><td>{ratio}</td></tr>",
            text(&measurement.implementation),
            text(&measurement.board),
            measurement.n,
            measurement.threads,
            text(&measurement.implementation),
            text(&measurement.board),
            measurement.n,
            measurement.threads,
            text(&shown)
        );
    }
    page.push_str("</tbody>\n</table>\n</section>\n</main>\n</body>\n</html>\n");
    page
}

/// LeetCode 51's wrong set of boards, from the checker's detail ("the set of boards is wrong:",
/// then "missing: N boards", "extra: ...", "duplicated: ..." each followed by its boards drawn side
/// by side): each group's boards drawn as chessboards; `None` for a detail of another kind.
fn set_difference(detail: &str) -> Option<String> {
    let (_, diff) = detail.split_once("the set of boards is wrong:\n")?;
    let mut drawn = String::new();
    let mut lines = diff.lines().peekable();
    while let Some(label) = lines.next() {
        let Some(group) =
            ["missing", "extra", "duplicated"].iter().find(|group| label.starts_with(&format!("{group}: ")))
        else {
            continue;
        };
        let mut rows: Vec<Vec<&str>> = Vec::new();
        while let Some(line) = lines.peek() {
            if line.trim().is_empty() || !line.trim_start().starts_with(['Q', '.']) {
                break;
            }
            rows.push(line.split_whitespace().collect());
            lines.next();
        }
        // Lines of boards side by side, as many lines as a board has rows, block after block.
        let side = rows.first().and_then(|row| row.first()).map_or(0, |token| token.chars().count());
        let _ = write!(drawn, "<div class=\"group {group}\"><h4>{}</h4><div class=\"boards\">", text(label));
        for block in rows.chunks(side.max(1)) {
            let count = block.first().map_or(0, Vec::len);
            for index in 0..count {
                let grid: Vec<&str> = block.iter().filter_map(|row| row.get(index).copied()).collect();
                drawn.push_str(&board(&grid.join("\n"), &[]));
            }
        }
        drawn.push_str("</div></div>\n");
    }
    (!drawn.is_empty()).then_some(drawn)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wrong_set_draws_its_missing_and_extra_boards() {
        let missing = checker::Placement::from_strings(&[".Q..", "...Q", "Q...", "..Q."]).expect("a board");
        let other = checker::Placement::from_strings(&["..Q.", "Q...", "...Q", ".Q.."]).expect("a board");
        let diff = checker::solution_set::compare(&[missing.clone(), other.clone()], &[other.clone(), other]);
        let detail = format!("the set of boards is wrong:\n{diff}\ninput: n = 4");
        let drawn = set_difference(&detail).expect("boards");
        assert!(drawn.contains("missing: 1 board") && drawn.contains("duplicated: 1 board"), "{drawn}");
        assert_eq!(drawn.matches("<table class=\"board\">").count(), 2, "{drawn}");
        assert_eq!(drawn.matches('\u{265B}').count(), 8, "{drawn}");
    }

    #[test]
    fn markup_and_controls_are_escaped() {
        assert_eq!(
            text("<b>\"a\" & 'b'</b>\x1b[2J"),
            "&lt;b&gt;&quot;a&quot; &amp; &#39;b&#39;&lt;/b&gt;\\x1b[2J"
        );
    }

    #[test]
    fn two_attacking_queens_are_marked() {
        let detail = "board 1 of 4: queens at row 1, column 2 and row 2, column 2 attack along their column\n  .Q..\n  .Q..\n  ...Q\n  Q...";
        let drawn = attacked_board(detail).expect("a board");
        assert_eq!(drawn.matches(" attack\"").count(), 2, "{drawn}");
        assert_eq!(drawn.matches('\u{265B}').count(), 4, "{drawn}");
        assert!(attacked_board("expected 2 boards, got 1 (each valid, none twice)").is_none());
    }
}
