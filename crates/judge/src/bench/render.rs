//! The bench report as text and Markdown: its header, one table per problem and side, each cell a
//! median with its spread and its ratio.

use super::*;

/// A ratio with two significant figures, without its `×`: `1.0`, `4.1`, `12`, `350`, `0.16`, `0.090`.
pub(super) fn ratio_figure(ratio: f64) -> String {
    two_figures(ratio, f64::round)
}

/// `value` with two significant figures (at least one decimal below 10), rounded by `round` at
/// the last figure shown: a bound is rounded away from what it excludes (a lower bound down, an
/// upper bound up), so that `×>6.2` never claims more than is known.
pub(super) fn two_figures(value: f64, round: fn(f64) -> f64) -> String {
    if !value.is_finite() || value <= 0.0 {
        return "0".to_string();
    }
    let mut exponent = value.log10().floor() as i32;
    // The product may miss a whole number by a rounding error, which floor or ceil would magnify.
    let scaled = |exponent: i32| {
        let scale = 10f64.powi(1 - exponent);
        let product = value * scale;
        let nearest = product.round();
        round(if (product - nearest).abs() < 1e-9 * nearest.max(1.0) { nearest } else { product }) / scale
    };
    let mut shown = scaled(exponent);
    // Rounding up may reach the next decade: 9.96 is 10, 0.0996 is 0.10.
    if shown >= 10f64.powi(exponent + 1) {
        exponent += 1;
        shown = scaled(exponent);
    }
    format!("{shown:.0$}", (1 - exponent).max(if exponent <= 0 { 1 } else { 0 }) as usize)
}

pub(super) fn format_ratio(ratio: f64) -> String {
    format!("×{}", ratio_figure(ratio))
}

pub(super) fn format_spread(percent: f64) -> String {
    if percent < 0.95 {
        format!("±{percent:.1}%")
    } else {
        format!("±{percent:.0}%")
    }
}

/// What the ratios of a table are taken against.
#[derive(Clone, Copy, Debug)]
pub(super) enum RatioTo<'a> {
    /// The row's fastest (no baseline).
    Fastest,
    /// The baseline, which is one of the table's columns.
    Baseline(&'a str),
    /// There is a baseline, but not in this table: no ratio.
    Nothing,
}

/// The ratio part of a cell: `×4.1`, a bound (`×>6.2`, `×<0.16`), `×?` when the baseline's time or
/// this one's is missing, or nothing.
pub(super) fn ratio_text(
    measurement: &Measurement,
    ratio_to: RatioTo,
    row_fastest: Option<u64>,
    budget: Duration,
) -> String {
    let measured = matches!(measurement.outcome, Outcome::Measured(_));
    let over_budget = matches!(measurement.outcome, Outcome::OverBudget { .. });
    match ratio_to {
        RatioTo::Nothing => String::new(),
        RatioTo::Fastest if measured => measurement.ratio_to_fastest.map(format_ratio).unwrap_or_default(),
        RatioTo::Fastest if over_budget => row_fastest
            .map(|fastest| {
                format!("×>{}", two_figures(nanos(budget) as f64 / fastest.max(1) as f64, f64::floor))
            })
            .unwrap_or_default(),
        RatioTo::Fastest => String::new(),
        // The baseline over budget has no ratio to itself, known or bounded.
        RatioTo::Baseline(baseline) if over_budget && measurement.implementation == baseline => String::new(),
        RatioTo::Baseline(_) if measured || over_budget => {
            match (measurement.ratio_to_baseline, measurement.ratio_to_baseline_bound) {
                (Some(ratio), _) => format_ratio(ratio),
                (None, Some(RatioBound::MoreThan(bound))) => format!("×>{}", two_figures(bound, f64::floor)),
                (None, Some(RatioBound::LessThan(bound))) => format!("×<{}", two_figures(bound, f64::ceil)),
                (None, None) => "×?".to_string(),
            }
        }
        RatioTo::Baseline(_) => String::new(),
    }
}

/// One table cell: `1.23ms ±3% ×4.1`, or what happened instead of a time.
pub(super) fn cell(measurement: &Measurement, ratio: &str, budget: Duration) -> (String, Style) {
    let with_ratio = |text: String| if ratio.is_empty() { text } else { format!("{text} {ratio}") };
    match &measurement.outcome {
        Outcome::Measured(figures) => {
            let spread = if figures.samples_ns.len() > 1 {
                format_spread(figures.spread_percent)
            } else {
                "1 run".to_string()
            };
            let time = format_duration(Duration::from_nanos(figures.median_ns));
            // Padded so that times, spreads and ratios line up down a column.
            let text = format!("{time:>6} {spread:>5} {ratio:>5}");
            let style = if measurement.ratio_to_fastest.is_some_and(|ratio| ratio < 1.0005) {
                Style::Green
            } else {
                Style::Plain
            };
            (text, style)
        }
        Outcome::OverBudget { .. } => {
            (with_ratio(format!("over budget (>{})", format_duration(budget))), Style::Yellow)
        }
        Outcome::OutOfMemory { .. } => ("out of memory".to_string(), Style::Yellow),
        Outcome::Skipped { .. } => ("skipped".to_string(), Style::Dim),
        Outcome::WrongAnswer { answer, .. } => {
            (format!("WRONG ANSWER {}", judge_core::escape::escape_one_line(answer)), Style::Red)
        }
        Outcome::Crashed { .. } => ("CRASHED".to_string(), Style::Red),
        Outcome::CoresMismatch { cores_seen } => {
            (format!("SAW {cores_seen} CORE{}", if *cores_seen == 1 { "" } else { "S" }), Style::Red)
        }
    }
}

/// The lines above the tables: what a cell holds, and the machine.
pub(super) fn header_lines(report: &BenchReport) -> Vec<String> {
    let budget = Duration::from_secs_f64(report.budget_seconds);
    let ratio = match &report.baseline {
        None => "× the row's fastest".to_string(),
        Some(baseline) => format!(
            "× the median of {baseline} (the baseline) on the same board with as many threads; \
             ×> and ×< bound it where one of the two ran over budget, ×? where one has no time"
        ),
    };
    let threads: Vec<String> = report.threads.iter().map(ToString::to_string).collect();
    vec![
        format!(
            "{} build; each cell: the median run, ± half the interquartile range of the samples, {ratio}; \
             a run may take {}",
            if report.release_build { "release" } else { "DEBUG (not release)" },
            format_duration(budget)
        ),
        format!(
            "processor: {}, {} CPU{} used of {}; threads per run: {}",
            report.processor.as_deref().unwrap_or("unknown (no model name in /proc/cpuinfo)"),
            report.cpus_used,
            if report.cpus_used == 1 { "" } else { "s" },
            report.cpus_available,
            threads.join(", ")
        ),
    ]
}

/// One table: its title, its column titles, and its rows of styled cells.
pub(super) struct TableParts {
    pub(super) title: String,
    pub(super) header: Vec<String>,
    pub(super) rows: Vec<Vec<(String, Style)>>,
}

/// The tables: per problem, sizes down (each with every thread count) and implementations across;
/// then the reserved boards.
pub(super) fn tables(report: &BenchReport) -> Vec<TableParts> {
    let budget = Duration::from_secs_f64(report.budget_seconds);
    let mut tables = Vec::new();
    let prefixes = board_prefixes();
    for &prefix in &prefixes {
        let ids: Vec<&String> =
            report.implementations.iter().filter(|id| id.starts_with(&format!("{prefix}/"))).collect();
        if ids.is_empty() {
            continue;
        }
        let rows: Vec<Row> = report
            .sizes
            .iter()
            .flat_map(|&n| {
                report.threads.iter().map(move |&threads| Row {
                    label: n.to_string(),
                    n,
                    threads,
                    board: "empty".to_string(),
                })
            })
            .collect();
        let title = format!("{}, empty n x n boards", heading(prefix));
        tables.push(table(title, &report.empty_boards, "n", &ids, &rows, report.baseline.as_deref(), budget));
    }
    // The counters of boards with reserved squares: the first prefix's.
    let counters_prefix = prefixes.first().copied().unwrap_or_default();
    if !report.reserved_boards.is_empty() {
        let counters: Vec<&String> = report
            .implementations
            .iter()
            .filter(|id| id.starts_with(&format!("{counters_prefix}/")))
            .collect();
        let mut rows: Vec<Row> = Vec::new();
        for measurement in &report.reserved_boards {
            if !rows.iter().any(|row| row.board == measurement.board && row.threads == measurement.threads) {
                rows.push(Row {
                    label: measurement.board.clone(),
                    n: measurement.n,
                    threads: measurement.threads,
                    board: measurement.board.clone(),
                });
            }
        }
        let title = format!(
            "{}, boards with reserved squares (the cases of these sides in {}/)",
            heading(counters_prefix),
            report.cases_folder
        );
        tables.push(table(
            title,
            &report.reserved_boards,
            "case",
            &counters,
            &rows,
            report.baseline.as_deref(),
            budget,
        ));
    }
    tables
}

/// A line for every wrong answer, crash, parallelism not as pinned, and unreadable case file.
pub(super) fn detail_lines(report: &BenchReport) -> Vec<String> {
    let mut details = Vec::new();
    for error in &report.case_errors {
        details.push(format!("case file: {error}"));
    }
    for measurement in report.empty_boards.iter().chain(&report.reserved_boards) {
        let mut board = if measurement.board == "empty" {
            format!("the empty {0}x{0} board", measurement.n)
        } else {
            measurement.board.clone()
        };
        if report.threads.len() > 1 {
            let plural = if measurement.threads == 1 { "" } else { "s" };
            board.push_str(&format!(" with {} thread{plural}", measurement.threads));
        }
        let id = &measurement.implementation;
        // What a program wrote (its stderr, its answer) reaches the terminal escaped.
        let escaped = |text: &str| judge_core::escape::escape_controls(text).into_owned();
        match &measurement.outcome {
            Outcome::WrongAnswer { detail, .. } => {
                details.push(escaped(&format!("WRONG ANSWER: {id} on {board}: {detail}")))
            }
            Outcome::Crashed { reason } => {
                details.push(escaped(&format!("CRASHED: {id} on {board}: {reason}")))
            }
            Outcome::CoresMismatch { cores_seen } => details.push(format!(
                "CORES: {id} on {board}: pinned to {} CPUs, the child saw {cores_seen} \
                 (available_parallelism; a CPU quota lowers it): no figure",
                measurement.threads
            )),
            _ => {}
        }
    }
    details
}

/// The report as tables, with ANSI styles (the front strips them where colour is off): what a
/// cell holds and the machine, the tables, then the details of what went wrong.
pub fn render_text(report: &BenchReport) -> String {
    let mut out = header_lines(report).join("\n");
    out.push('\n');
    for table in tables(report) {
        let mut text = Table::new(table.header);
        for row in table.rows {
            text.push(row);
        }
        out.push_str(&format!("\n{}\n{}", table.title, text.render()));
    }
    let details = detail_lines(report);
    if !details.is_empty() {
        out.push('\n');
        out.push_str(&details.join("\n"));
        out.push('\n');
    }
    out
}

/// The same report as [`render_text`], as Markdown to paste into a README: each header line a
/// paragraph, each table a Markdown table of the same cells, the details a list.
pub fn render_markdown(report: &BenchReport) -> String {
    let mut out = header_lines(report).join("\n\n");
    out.push('\n');
    let escape = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ").replace('|', "\\|");
    for table in tables(report) {
        out.push_str(&format!("\n{}\n\n", table.title));
        let header: Vec<String> = table.header.iter().map(|title| escape(title)).collect();
        out.push_str(&format!("| {} |\n", header.join(" | ")));
        let rule: Vec<&str> =
            (0..header.len()).map(|column| if column == 0 { ":---" } else { "---:" }).collect();
        out.push_str(&format!("| {} |\n", rule.join(" | ")));
        for row in &table.rows {
            let cells: Vec<String> = row.iter().map(|(text, _)| escape(text)).collect();
            out.push_str(&format!("| {} |\n", cells.join(" | ")));
        }
    }
    let details = detail_lines(report);
    if !details.is_empty() {
        out.push('\n');
        for line in details {
            out.push_str(&format!("- {}\n", line.replace('\n', " ")));
        }
    }
    out
}

pub(super) fn heading(prefix: &str) -> String {
    let problems: Vec<Problem> = Problem::all().filter(|problem| problem.builtins() == prefix).collect();
    match problems.as_slice() {
        [one] if one.lists_boards() => format!("{}, listing every board", one.label()),
        [one] => format!("{}, counting", one.label()),
        several => {
            let labels: Vec<&str> = several.iter().map(|problem| problem.label()).collect();
            format!("Counting ({})", labels.join(" and "))
        }
    }
}

/// The prefixes of the built-ins bench times on boards, in the problems' order: the counters'
/// first (`cses`), then LeetCode's.
fn board_prefixes() -> Vec<&'static str> {
    let mut prefixes: Vec<&'static str> = Vec::new();
    for problem in Problem::all().filter(|problem| matches!(problem.input(), Input::Board | Input::Side)) {
        if !prefixes.contains(&problem.builtins()) {
            prefixes.push(problem.builtins());
        }
    }
    prefixes
}

/// A row of a table: its label, and the board and thread count its measurements share.
pub(super) struct Row {
    pub(super) label: String,
    pub(super) n: usize,
    pub(super) threads: usize,
    pub(super) board: String,
}

/// A table of `measurements`: one row per [`Row`], one column per implementation id.
pub(super) fn table(
    title: String,
    measurements: &[Measurement],
    first_column: &str,
    ids: &[&String],
    rows: &[Row],
    baseline: Option<&str>,
    budget: Duration,
) -> TableParts {
    let mut header = vec![first_column.to_string(), "threads".to_string()];
    header.extend(ids.iter().map(|id| id.split_once('/').map_or(id.as_str(), |(_, name)| name).to_string()));
    let ratio_to = match baseline {
        None => RatioTo::Fastest,
        Some(baseline) if ids.iter().any(|id| id.as_str() == baseline) => RatioTo::Baseline(baseline),
        Some(_) => RatioTo::Nothing,
    };
    let mut table_rows = Vec::new();
    for row in rows {
        let in_row: Vec<Option<&Measurement>> = ids
            .iter()
            .map(|id| {
                measurements.iter().find(|measurement| {
                    &&measurement.implementation == id
                        && measurement.n == row.n
                        && measurement.board == row.board
                        && measurement.threads == row.threads
                })
            })
            .collect();
        let row_fastest = in_row
            .iter()
            .flatten()
            .filter_map(|measurement| measurement.outcome.figures())
            .map(|figures| figures.median_ns)
            .min();
        let mut cells = vec![(row.label.clone(), Style::Plain), (row.threads.to_string(), Style::Plain)];
        cells.extend(in_row.iter().map(|measurement| match measurement {
            Some(measurement) => {
                cell(measurement, &ratio_text(measurement, ratio_to, row_fastest, budget), budget)
            }
            None => ("-".to_string(), Style::Dim),
        }));
        table_rows.push(cells);
    }
    TableParts { title, header, rows: table_rows }
}
