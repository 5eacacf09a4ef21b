//! The bench's plot: time against n on the empty boards, as an SVG written by hand.
//!
//! A log-scale time axis with a gridline at every decade, n along the bottom, and one `<path>` per
//! implementation and thread count (the only `path` elements in the file; a test counts them):
//! colour by the implementation's name, so that one technique has one colour across problems and
//! thread counts, dash by problem (CSES solid, LeetCode 51 dashed, LeetCode 52 dotted), and, where
//! there are several thread counts, the marker by thread count (the most threads a dot, then a
//! square, a diamond, ...) with a thinner line for fewer threads. Each median is a marker with a
//! bar over the middle half of its samples (the interquartile range) and a tooltip; a run over
//! budget is a hollow triangle on the budget's line, where its line stops. A legend on the right
//! names every line; the subtitle names the processor. Cost: linear in the number of measurements
//! times the number of lines.

use std::fmt::Write;
use std::time::Duration;

use super::{BenchReport, Outcome};
use crate::table::format_duration;
use judge_core::problem::{AnswerKind, Problem};

/// The width without the legend's labels; the legend widens the picture to fit its longest label.
const MIN_WIDTH: f64 = 960.0;
const HEIGHT: f64 = 560.0;
const LEFT: f64 = 84.0;
const TOP: f64 = 64.0;
const RIGHT: f64 = 700.0;
/// About how wide a character of the legend's 12-pixel font is.
const LEGEND_CHARACTER_WIDTH: f64 = 7.0;
const BOTTOM: f64 = HEIGHT - 64.0;
const FONT: &str = "DejaVu Sans, Helvetica, Arial, sans-serif";

/// Tableau's ten colours, distinct on white and for most colour-blind readers, and two more.
const PALETTE: [&str; 12] = [
    "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#b6992d", "#b07aa1", "#ff9da7", "#9c755f",
    "#79706e", "#17becf", "#bcbd22",
];

/// Each series' colour: one per implementation name (the part after the `/`), in order of first
/// appearance, whatever its thread count.
fn colours(series: &[Series]) -> Vec<&'static str> {
    let mut names: Vec<&str> = Vec::new();
    series
        .iter()
        .map(|series| {
            let name = series.id.split_once('/').map_or(series.id.as_str(), |(_, name)| name);
            let index = names.iter().position(|known| *known == name).unwrap_or_else(|| {
                names.push(name);
                names.len() - 1
            });
            PALETTE[index % PALETTE.len()]
        })
        .collect()
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// One implementation's points with one thread count: (n, median, lower quartile, upper quartile,
/// spread %), and the n at which it went over budget, if it did.
struct Series {
    id: String,
    threads: usize,
    /// The legend's and the tooltips' name: the id, with the thread count when there are several.
    label: String,
    /// The rank of its thread count from the most threads down: 0 draws dots and a full line.
    rank: usize,
    /// The problem its measurements answer (none: none measured).
    problem: Option<Problem>,
    points: Vec<(usize, u64, u64, u64, f64)>,
    over_budget_at: Option<usize>,
}

/// A marker of the given rank centred on (x, y): a dot, a square, a diamond, a downward triangle,
/// then dots again. `extra` goes inside the element (a tooltip).
fn marker(rank: usize, x: f64, y: f64, attributes: &str, extra: &str) -> String {
    let shape = match rank % 4 {
        0 => format!("<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"3.5\" {attributes}>"),
        1 => {
            format!("<rect x=\"{:.1}\" y=\"{:.1}\" width=\"8\" height=\"8\" {attributes}>", x - 4.0, y - 4.0)
        }
        2 => format!(
            "<polygon points=\"{x:.1},{:.1} {:.1},{y:.1} {x:.1},{:.1} {:.1},{y:.1}\" {attributes}>",
            y - 5.5,
            x + 5.5,
            y + 5.5,
            x - 5.5
        ),
        _ => format!(
            "<polygon points=\"{:.1},{:.1} {:.1},{:.1} {x:.1},{:.1}\" {attributes}>",
            x - 4.0,
            y - 3.5,
            x + 4.0,
            y - 3.5,
            y + 4.0
        ),
    };
    let name = shape[1..].split_whitespace().next().unwrap_or("circle").to_string();
    format!("{shape}{extra}</{name}>")
}

/// The line's width: full for the most threads, thinner for fewer.
fn line_width(rank: usize) -> &'static str {
    if rank == 0 {
        "2"
    } else {
        "1.25"
    }
}

/// A line's dashes and their name, by how the problem is judged and what it answers: a whole
/// program's count is solid.
fn dash(problem: Option<Problem>) -> (&'static str, &'static str) {
    let Some(problem) = problem else { return ("", "solid") };
    match (problem.is_leetcode(), problem.description().answer) {
        (false, _) => ("", "solid"),
        (true, AnswerKind::Boards) => (" stroke-dasharray=\"8 4\"", "dashed"),
        (true, AnswerKind::Count) => (" stroke-dasharray=\"2 3\"", "dotted"),
        // No LeetCode problem answers placements or lines; and bench times boards alone.
        (true, AnswerKind::Placements | AnswerKind::Lines) => ("", "solid"),
    }
}

/// What a line's dashes stand for.
fn problem_note(problem: Problem) -> String {
    match problem.leetcode_number() {
        None => {
            let programs: Vec<&str> =
                Problem::all().filter(|problem| !problem.is_leetcode()).map(Problem::id).collect();
            format!("counting ({})", programs.join(", "))
        }
        Some(number) if problem.lists_boards() => format!("LeetCode {number}, listing the boards"),
        Some(number) => format!("LeetCode {number}, counting"),
    }
}

/// The time axis label of 10^exponent nanoseconds: `1ns`, `10µs`, `100ms`, `1s`, `1000s`.
fn decade_label(exponent: i32) -> String {
    let (unit, base) = match exponent {
        i32::MIN..=2 => ("ns", 0),
        3..=5 => ("µs", 3),
        6..=8 => ("ms", 6),
        _ => ("s", 9),
    };
    format!("{}{unit}", 10u64.pow((exponent - base).max(0) as u32))
}

/// The plot of `report`'s empty boards as an SVG document.
pub fn render_svg(report: &BenchReport, budget: Duration) -> String {
    let series = all_series(report);
    let any_over_budget = series.iter().any(|series| series.over_budget_at.is_some());
    let axes = Axes::new(report, &series, budget);
    let mut svg = String::new();
    header(&mut svg, report, &series, budget);
    ticks(&mut svg, &axes);
    if any_over_budget {
        budget_line(&mut svg, &axes, budget);
    }
    let colours = colours(&series);
    // Fewer threads first, so that where two lines meet the most threads' dots sit on the squares.
    let mut drawing_order: Vec<(&Series, &str)> = series.iter().zip(colours.iter().copied()).collect();
    drawing_order.sort_by_key(|(series, _)| std::cmp::Reverse(series.rank));
    for (series, colour) in drawing_order {
        series_line(&mut svg, series, colour, &axes, budget);
    }
    legend(&mut svg, &series, &colours, any_over_budget);
    if series.iter().all(|series| series.points.is_empty()) {
        let _ = writeln!(
            svg,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"14\" text-anchor=\"middle\" fill=\"#888\">no figure to plot</text>",
            (LEFT + RIGHT) / 2.0,
            (TOP + BOTTOM) / 2.0
        );
    }
    svg.push_str("</svg>\n");
    svg
}

/// Every implementation's series, one per thread count, the most threads first.
fn all_series(report: &BenchReport) -> Vec<Series> {
    let several_thread_counts = report.threads.len() > 1;
    report
        .implementations
        .iter()
        .flat_map(|id| {
            report.threads.iter().rev().enumerate().map(move |(rank, &threads)| (id, rank, threads))
        })
        .map(|(id, rank, threads)| one_series(report, id, rank, threads, several_thread_counts))
        .collect()
}

/// One implementation's series with one thread count: its medians, and where it went over budget.
fn one_series(
    report: &BenchReport,
    id: &str,
    rank: usize,
    threads: usize,
    several_thread_counts: bool,
) -> Series {
    let mine = report
        .empty_boards
        .iter()
        .filter(|measurement| measurement.implementation == id && measurement.threads == threads);
    let label = if several_thread_counts {
        format!("{id}, {threads} thread{}", if threads == 1 { "" } else { "s" })
    } else {
        id.to_string()
    };
    let mut series = Series {
        id: id.to_string(),
        threads,
        label,
        rank,
        problem: report
            .empty_boards
            .iter()
            .chain(&report.reserved_boards)
            .find(|measurement| measurement.implementation == id)
            .map(|measurement| measurement.problem),
        points: Vec::new(),
        over_budget_at: None,
    };
    for measurement in mine {
        match &measurement.outcome {
            Outcome::Measured(figures) => series.points.push((
                measurement.n,
                figures.median_ns.max(1),
                figures.lower_quartile_ns.max(1),
                figures.upper_quartile_ns.max(1),
                figures.spread_percent,
            )),
            Outcome::OverBudget { .. } if series.over_budget_at.is_none() => {
                series.over_budget_at = Some(measurement.n)
            }
            _ => {}
        }
    }
    series
}

/// The two scales: decades of time up the side, the sizes along the bottom.
struct Axes {
    low_decade: i32,
    high_decade: i32,
    first_n: usize,
    last_n: usize,
}

impl Axes {
    /// Scales that hold every quartile of `series`, and the budget when a run went over it.
    fn new(report: &BenchReport, series: &[Series], budget: Duration) -> Axes {
        let budget_ns = budget.as_nanos() as f64;
        let mut low = f64::INFINITY;
        let mut high: f64 = 0.0;
        for &(_, _, min, max, _) in series.iter().flat_map(|series| &series.points) {
            low = low.min(min as f64);
            high = high.max(max as f64);
        }
        if series.iter().any(|series| series.over_budget_at.is_some()) {
            low = low.min(budget_ns);
            high = high.max(budget_ns);
        }
        if !low.is_finite() {
            (low, high) = (1e3, 1e9);
        }
        let low_decade = low.log10().floor() as i32;
        // A little headroom, so that a point or the budget's line never sits on the frame's top.
        let high_decade = ((high.log10() + 0.15).ceil() as i32).max(low_decade + 1);
        let first_n = report.sizes.first().copied().unwrap_or(1);
        let last_n = report.sizes.last().copied().unwrap_or(first_n);
        Axes { low_decade, high_decade, first_n, last_n }
    }

    /// The height of a time, on the log scale.
    fn y_of(&self, nanos: f64) -> f64 {
        let fraction =
            (nanos.log10() - f64::from(self.low_decade)) / f64::from(self.high_decade - self.low_decade);
        BOTTOM - fraction * (BOTTOM - TOP)
    }

    /// Where a size sits along the bottom: the middle of its slot.
    fn x_of(&self, n: usize) -> f64 {
        let span = (self.last_n - self.first_n) as f64 + 1.0;
        LEFT + ((n - self.first_n) as f64 + 0.5) / span * (RIGHT - LEFT)
    }
}

/// The document's opening, wide enough for the legend, with its white ground, title and subtitle.
fn header(svg: &mut String, report: &BenchReport, series: &[Series], budget: Duration) {
    let longest_label = series
        .iter()
        .map(|series| series.label.chars().count() + if series.points.is_empty() { 12 } else { 0 })
        .max()
        .unwrap_or(0)
        .max(40);
    let width = MIN_WIDTH.max((RIGHT + 62.0 + LEGEND_CHARACTER_WIDTH * longest_label as f64 + 16.0).ceil());
    let _ = writeln!(
        svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{HEIGHT}\" viewBox=\"0 0 {width} {HEIGHT}\" font-family=\"{FONT}\">"
    );
    let _ = writeln!(svg, "<rect x=\"0\" y=\"0\" width=\"{width}\" height=\"{HEIGHT}\" fill=\"#ffffff\"/>");
    let processor = report.processor.as_deref().unwrap_or("an unknown processor");
    let cpus = format!("{} CPU{}", report.cpus_used, if report.cpus_used == 1 { "" } else { "s" });
    let _ = writeln!(
        svg,
        "<text x=\"{LEFT}\" y=\"28\" font-size=\"18\" font-weight=\"bold\" fill=\"#222\">N-Queens: time to solve the empty n × n board<tspan dx=\"10\" font-size=\"13\" font-weight=\"normal\" fill=\"#555\">on {}, {cpus}</tspan></text>",
        escape(processor)
    );
    let build = if report.release_build { "release build" } else { "DEBUG build, not release figures" };
    let _ = writeln!(
        svg,
        "<text x=\"{LEFT}\" y=\"48\" font-size=\"12\" fill=\"#555\">median of repeated runs, bars over the middle half of the samples; log scale; {build}; a run may take {}</text>",
        escape(&format_duration(budget))
    );
}

/// The frame: gridlines and ticks on both axes, the two axis lines and the axes' titles.
fn ticks(svg: &mut String, axes: &Axes) {
    let _ = writeln!(svg, "<g stroke-width=\"1\">");
    time_ticks(svg, axes);
    for n in axes.first_n..=axes.last_n {
        let x = axes.x_of(n);
        let _ = writeln!(
            svg,
            "<line x1=\"{x:.1}\" y1=\"{BOTTOM}\" x2=\"{x:.1}\" y2=\"{:.1}\" stroke=\"#444\"/>",
            BOTTOM + 6.0
        );
        let _ = writeln!(
            svg,
            "<text x=\"{x:.1}\" y=\"{:.1}\" font-size=\"12\" text-anchor=\"middle\" fill=\"#333\" stroke=\"none\">{n}</text>",
            BOTTOM + 21.0
        );
    }
    let _ = writeln!(svg, "<line x1=\"{LEFT}\" y1=\"{TOP}\" x2=\"{LEFT}\" y2=\"{BOTTOM}\" stroke=\"#444\"/>");
    let _ =
        writeln!(svg, "<line x1=\"{LEFT}\" y1=\"{BOTTOM}\" x2=\"{RIGHT}\" y2=\"{BOTTOM}\" stroke=\"#444\"/>");
    let _ = writeln!(svg, "</g>");
    let _ = writeln!(
        svg,
        "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"13\" text-anchor=\"middle\" fill=\"#222\">n (queens on an n × n board)</text>",
        (LEFT + RIGHT) / 2.0,
        HEIGHT - 20.0
    );
    let _ = writeln!(
        svg,
        "<text transform=\"translate(22 {:.1}) rotate(-90)\" font-size=\"13\" text-anchor=\"middle\" fill=\"#222\">time of one run</text>",
        (TOP + BOTTOM) / 2.0
    );
}

/// The time axis: a gridline and a label at every decade, short ticks at 2 to 9 times it, and
/// faint gridlines at 2 and 5 times it.
fn time_ticks(svg: &mut String, axes: &Axes) {
    for decade in axes.low_decade..=axes.high_decade {
        let y = axes.y_of(10f64.powi(decade));
        let _ = writeln!(
            svg,
            "<line x1=\"{LEFT}\" y1=\"{y:.1}\" x2=\"{RIGHT}\" y2=\"{y:.1}\" stroke=\"#d9d9d9\"/>"
        );
        let _ = writeln!(
            svg,
            "<line x1=\"{:.1}\" y1=\"{y:.1}\" x2=\"{LEFT}\" y2=\"{y:.1}\" stroke=\"#444\"/>",
            LEFT - 6.0
        );
        let _ = writeln!(
            svg,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"12\" text-anchor=\"end\" fill=\"#333\" stroke=\"none\">{}</text>",
            LEFT - 9.0,
            y + 4.0,
            decade_label(decade)
        );
        if decade < axes.high_decade {
            for multiple in 2..=9 {
                let y = axes.y_of(f64::from(multiple) * 10f64.powi(decade));
                let _ = writeln!(
                    svg,
                    "<line x1=\"{:.1}\" y1=\"{y:.1}\" x2=\"{LEFT}\" y2=\"{y:.1}\" stroke=\"#888\"/>",
                    LEFT - 3.0
                );
                if multiple == 2 || multiple == 5 {
                    let _ = writeln!(
                        svg,
                        "<line x1=\"{LEFT}\" y1=\"{y:.1}\" x2=\"{RIGHT}\" y2=\"{y:.1}\" stroke=\"#f0f0f0\"/>"
                    );
                }
            }
        }
    }
}

/// The budget's dashed red line across the plot, labelled at its right end.
fn budget_line(svg: &mut String, axes: &Axes, budget: Duration) {
    let y = axes.y_of(budget.as_nanos() as f64);
    let _ = writeln!(
        svg,
        "<line x1=\"{LEFT}\" y1=\"{y:.1}\" x2=\"{RIGHT}\" y2=\"{y:.1}\" stroke=\"#c0392b\" stroke-width=\"1\" stroke-dasharray=\"5 4\"/>"
    );
    let _ = writeln!(
        svg,
        "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"end\" fill=\"#c0392b\">budget {}</text>",
        RIGHT - 4.0,
        y - 5.0,
        escape(&format_duration(budget))
    );
}

/// One series: its line through the medians, a marker and a quartile bar at each, and a hollow
/// triangle on the budget's line where it went over.
fn series_line(svg: &mut String, series: &Series, colour: &str, axes: &Axes, budget: Duration) {
    let mut data = String::new();
    let mut previous_n = None;
    for &(n, median, _, _, _) in &series.points {
        // A gap (a wrong answer, a crash) breaks the line rather than bridging it.
        let command = if previous_n == Some(n.wrapping_sub(1)) { 'L' } else { 'M' };
        let _ = write!(data, "{command}{:.1},{:.1} ", axes.x_of(n), axes.y_of(median as f64));
        previous_n = Some(n);
    }
    let _ = writeln!(
        svg,
        "<path data-implementation=\"{}\" data-threads=\"{}\" d=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"{}\" stroke-linejoin=\"round\"{}/>",
        escape(&series.id),
        series.threads,
        data.trim_end(),
        line_width(series.rank),
        dash(series.problem).0
    );
    let _ = writeln!(svg, "<g fill=\"{colour}\" stroke=\"{colour}\">");
    for &(n, median, min, max, spread) in &series.points {
        let x = axes.x_of(n);
        let _ = writeln!(
            svg,
            "<line x1=\"{x:.1}\" y1=\"{:.1}\" x2=\"{x:.1}\" y2=\"{:.1}\" stroke-width=\"1.5\"/>",
            axes.y_of(min as f64),
            axes.y_of(max as f64)
        );
        let title = format!(
            "<title>{} n = {n}: {} ±{spread:.0}%</title>",
            escape(&series.label),
            escape(&format_duration(Duration::from_nanos(median)))
        );
        let _ = writeln!(
            svg,
            "{}",
            marker(series.rank, x, axes.y_of(median as f64), "stroke=\"#ffffff\" stroke-width=\"1\"", &title)
        );
    }
    if let Some(n) = series.over_budget_at {
        let (x, y) = (axes.x_of(n), axes.y_of(budget.as_nanos() as f64));
        let _ = writeln!(
            svg,
            "<polygon points=\"{x:.1},{:.1} {:.1},{:.1} {:.1},{:.1}\" fill=\"#ffffff\" stroke-width=\"1.5\"><title>{} n = {n}: over budget</title></polygon>",
            y - 6.0,
            x - 5.5,
            y + 4.0,
            x + 5.5,
            y + 4.0,
            escape(&series.label)
        );
    }
    let _ = writeln!(svg, "</g>");
}

/// The legend on the right: a sample of each line and its label, then what the dashes mean and,
/// when a run went over budget, what the triangle means.
fn legend(svg: &mut String, series: &[Series], colours: &[&str], any_over_budget: bool) {
    let legend_x = RIGHT + 24.0;
    let _ = writeln!(svg, "<g font-size=\"12\">");
    for (index, (series, &colour)) in series.iter().zip(colours).enumerate() {
        let y = TOP + 6.0 + 20.0 * index as f64;
        let _ = writeln!(
            svg,
            "<line x1=\"{legend_x:.1}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\" stroke=\"{colour}\" stroke-width=\"{}\"{}/>",
            legend_x + 30.0,
            line_width(series.rank),
            dash(series.problem).0
        );
        let _ = writeln!(
            svg,
            "{}",
            marker(series.rank, legend_x + 15.0, y, &format!("fill=\"{colour}\" stroke=\"#ffffff\""), "")
        );
        let note = if series.points.is_empty() { " (no figure)" } else { "" };
        let _ = writeln!(
            svg,
            "<text x=\"{:.1}\" y=\"{:.1}\" fill=\"#222\">{}{note}</text>",
            legend_x + 38.0,
            y + 4.0,
            escape(&series.label)
        );
    }
    let mut key_y = TOP + 6.0 + 20.0 * series.len() as f64 + 14.0;
    dash_key(svg, series, legend_x, &mut key_y);
    if any_over_budget {
        let _ = writeln!(
            svg,
            "<text x=\"{legend_x:.1}\" y=\"{key_y:.1}\" font-size=\"11\" fill=\"#666\">△: over budget there, skipped after</text>"
        );
    }
    let _ = writeln!(svg, "</g>");
}

/// What the dashes mean, one line a dash style, for the problems on the plot; `key_y` moves down
/// past each line written.
fn dash_key(svg: &mut String, series: &[Series], legend_x: f64, key_y: &mut f64) {
    let mut shown: Vec<&str> = Vec::new();
    for problem in Problem::all() {
        let (_, style) = dash(Some(problem));
        if shown.contains(&style) {
            continue;
        }
        let alike = |other: Option<Problem>| dash(other).1 == style;
        if series.iter().any(|series| alike(series.problem)) {
            shown.push(style);
            let _ = writeln!(
                svg,
                "<text x=\"{legend_x:.1}\" y=\"{key_y:.1}\" font-size=\"11\" fill=\"#666\">{style}: {}</text>",
                escape(&problem_note(problem))
            );
            *key_y += 16.0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::decade_label;

    #[test]
    fn decades_keep_their_unit() {
        assert_eq!(decade_label(0), "1ns");
        assert_eq!(decade_label(4), "10µs");
        assert_eq!(decade_label(8), "100ms");
        assert_eq!(decade_label(9), "1s");
        assert_eq!(decade_label(11), "100s");
    }
}
