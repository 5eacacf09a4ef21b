//! Bench: every implementation timed side by side (the front runs it from a release build), on empty boards
//! of growing n and on the boards with reserved squares of the cases folder; a table per problem, a
//! plot of time against n (`target/bench/empty-boards.svg`), and `--json` for every sample.
//!
//! How a figure is made (one (implementation, board) pair at a time, never two at once, since
//! `cses/fastest` takes every core):
//! - A probe: a child process ([`crate::runner::run`], the child asked to `--check-inside`) runs
//!   the kernel once, cold, and checks the answer with the checker after its clock stopped. The parent kills it [`STARTUP_SLACK`] past
//!   the budget (plus time to check LeetCode 51's boards); a run killed so, or whose own clock passed
//!   the budget, is "over budget", and that implementation is skipped at every larger n.
//! - A short run (under [`SHORT_RUN`]) then gets one child that takes [`SHORT_SAMPLES`] warm samples
//!   of about [`SAMPLE_TARGET`] each, every sample the mean of as many runs as fill it.
//! - A longer run gets fresh children, one per sample, each a single cold run held to the budget:
//!   5 samples in all when a run is under a tenth of the budget, 3 when under a quarter, else the
//!   probe alone.
//! - The figure is the median sample; its spread is half the interquartile range, as ± percent of
//!   the median (robust to the odd sample that another process slowed; `--json` has every sample,
//!   the fastest and the slowest). Every answer is held against OEIS A000170 (empty boards) or the
//!   case's `expected`; a wrong one is reported as such and never as a time, and the command then
//!   exits with status 1.
//!
//! The plot's folder is created, and a file written in it, before anything is timed, so that a
//! `--out` that cannot be written fails at once instead of after the whole run; the plot itself is
//! written whole or not at all (a temporary file beside it, then a rename).
//!
//! The debug build that `cargo xtask` runs would time the xtask's own code unoptimised, so the front
//! re-runs itself from a release build unless told `in_place` (the tests, which check shapes and
//! answers, never times).

pub mod plot;

use std::path::{Path, PathBuf};
use std::time::Duration;

use checker::{oracle, Board, MAX_N};
use serde::Serialize;

use crate::answer::Answer;
use crate::case::load_cases;
use crate::child::{child_arguments, input_text, read_output, ChildRequest, Samples, CHILD_ENV};
use crate::pattern::matches;
use crate::problem::Problem;
use crate::registry::{entries, Entry, Kernel};
use crate::runner::{Ending, Job, Limits};
use crate::table::{format_duration, Style, Table};
use crate::{default_cases_folder, display_relative};

/// The sides timed when `--sizes` is not given.
pub const DEFAULT_SIZES: std::ops::RangeInclusive<usize> = 4..=14;
/// The time one run may take when `--budget` is not given.
pub const DEFAULT_BUDGET: Duration = Duration::from_secs(2);
/// A run shorter than this is sampled warm, many runs a sample, in one child.
pub const SHORT_RUN: Duration = Duration::from_millis(10);
/// How many warm samples a short run gets.
pub const SHORT_SAMPLES: usize = 7;
/// About how long one warm sample of a short run lasts.
pub const SAMPLE_TARGET: Duration = Duration::from_millis(20);
/// How long past the budget a child may live: time to start, read its board and report.
pub const STARTUP_SLACK: Duration = Duration::from_millis(250);
/// Time allowed per LeetCode 51 board for the child to check the boards after its clock stopped.
const CHECK_TIME_PER_BOARD: Duration = Duration::from_micros(3);
/// The memory a child may use; LeetCode 51 keeps every board, some 1.4 GB at n = 15.
const MEMORY_LIMIT_BYTES: u64 = 4 << 30;

/// What `cargo xtask bench` was asked.
#[derive(Clone, Debug)]
pub struct BenchOptions {
    /// The sides of the empty boards, ascending; reserved boards of these sides are timed too.
    pub sizes: Vec<usize>,
    pub impl_pattern: Option<String>,
    pub budget: Duration,
    pub json: bool,
    /// Where the boards with reserved squares come from.
    pub cases_folder: PathBuf,
    /// Where the plot is written.
    pub plot_folder: PathBuf,
    /// Include the deliberately broken fixtures (hidden; for the tests).
    pub with_fixtures: bool,
    /// Time this very build, even a debug one (hidden; for the tests).
    pub in_place: bool,
}

impl Default for BenchOptions {
    fn default() -> BenchOptions {
        BenchOptions {
            sizes: DEFAULT_SIZES.collect(),
            impl_pattern: None,
            budget: DEFAULT_BUDGET,
            json: false,
            cases_folder: default_cases_folder(),
            plot_folder: crate::target_folder().join("bench"),
            with_fixtures: false,
            in_place: false,
        }
    }
}

/// The largest side `--sizes` takes: the last whose count OEIS A000170 gives, within the checker's
/// bound, so that every answer can be checked.
pub fn max_size() -> usize {
    (1..=MAX_N).take_while(|&n| oracle::known_count(n).is_some()).last().unwrap_or(1)
}

/// Why [`max_size`] is the bound, as `--sizes` errors say it.
pub const MAX_SIZE_REASON: &str = "those whose count OEIS A000170 gives";

/// Parses `--budget SECONDS`: a positive number of seconds, at most an hour.
///
/// # Errors
/// One line naming the faulty text.
pub fn parse_budget(text: &str) -> Result<Duration, String> {
    match text.trim().parse::<f64>() {
        Ok(seconds) if seconds > 0.0 && seconds <= 3600.0 => Ok(Duration::from_secs_f64(seconds)),
        Ok(_) => Err(format!("--budget `{text}`: expected more than 0 and at most 3600 seconds")),
        Err(_) => Err(format!("--budget `{text}`: expected a number of seconds")),
    }
}

/// Creates the plot's folder and writes (then removes) a file in it, so that a `--out` the plot
/// cannot be written to is a usage error before anything is timed.
///
/// # Errors
/// One line naming the folder and the I/O error.
pub fn check_plot_folder(folder: &Path) -> Result<(), String> {
    std::fs::create_dir_all(folder)
        .map_err(|error| format!("--out {}: cannot create the folder: {error}", folder.display()))?;
    let probe = folder.join(format!(".empty-boards.svg.{}.probe", std::process::id()));
    std::fs::write(&probe, "")
        .map_err(|error| format!("--out {}: cannot write in the folder: {error}", folder.display()))?;
    // Nothing is lost if the probe stays: it is empty, and the next run's probe has another name.
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

/// The problem an implementation is timed on: the general one for a counter that has it.
pub fn timed_problem(entry: &Entry) -> Problem {
    if entry.solves(Problem::Queens) {
        Problem::Queens
    } else {
        entry.problems[0]
    }
}

/// The implementations a run times, in the registry's order.
pub fn selected_implementations(options: &BenchOptions) -> Vec<Entry> {
    entries(options.with_fixtures)
        .into_iter()
        .filter(|entry| matches(options.impl_pattern.as_deref(), &entry.id()))
        .collect()
}

/// The figures of one implementation on one board.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Figures {
    /// The answer, already found right.
    pub answer: u64,
    pub median_ns: u64,
    pub min_ns: u64,
    pub max_ns: u64,
    /// The first and third quartiles of the samples (interpolated).
    pub lower_quartile_ns: u64,
    pub upper_quartile_ns: u64,
    /// Half the interquartile range, in percent of the median: the `±` of the table.
    pub spread_percent: f64,
    /// Every sample: the mean run of a warm batch (short runs) or one cold run in a fresh process.
    pub samples_ns: Vec<u64>,
    pub iterations_per_sample: u64,
    /// Whether each sample is a cold run in a fresh process (long runs) rather than a warm batch.
    pub fresh_process_per_sample: bool,
}

/// How one (implementation, board) pair came out.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Outcome {
    /// Right answers, timed.
    Measured(Figures),
    /// A run took longer than the budget: killed at the deadline, or its own clock passed it.
    OverBudget { ran_for_ns: u64, killed: bool },
    /// The child went over the memory cap.
    OutOfMemory { peak_bytes: Option<u64> },
    /// A wrong answer: never shown as a time.
    WrongAnswer { answer: String, detail: String },
    /// The child panicked, aborted or exited with an error.
    Crashed { reason: String },
    /// Not run: the implementation went over budget or out of memory on a smaller board.
    Skipped { reason: String },
}

impl Outcome {
    fn is_failure(&self) -> bool {
        matches!(self, Outcome::WrongAnswer { .. } | Outcome::Crashed { .. })
    }

    fn figures(&self) -> Option<&Figures> {
        match self {
            Outcome::Measured(figures) => Some(figures),
            _ => None,
        }
    }
}

/// One (implementation, board) pair.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Measurement {
    pub implementation: String,
    #[serde(skip)]
    pub problem: Problem,
    /// `empty` for the empty n x n board, else the case's id.
    pub board: String,
    pub n: usize,
    pub expected: u64,
    #[serde(flatten)]
    pub outcome: Outcome,
    /// This median over the fastest median of the same problem on the same board.
    pub ratio_to_fastest: Option<f64>,
}

/// Everything a bench run found.
#[derive(Clone, Debug, Serialize)]
pub struct BenchReport {
    /// Whether these are a release build's figures.
    pub release_build: bool,
    pub budget_seconds: f64,
    pub sizes: Vec<usize>,
    pub implementations: Vec<String>,
    pub empty_boards: Vec<Measurement>,
    pub reserved_boards: Vec<Measurement>,
    /// Case files that could not be read, one line each (their boards are not timed).
    pub case_errors: Vec<String>,
    pub plot: Option<String>,
    /// No wrong answer and no crash.
    pub passed: bool,
    #[serde(skip)]
    pub cases_folder: String,
}

/// Times every selected implementation (see the module docs); `executable` is this program, re-run
/// as the child, and `progress` hears what is being timed.
pub fn bench(options: &BenchOptions, executable: &Path, progress: &mut dyn FnMut(&str)) -> BenchReport {
    let implementations = selected_implementations(options);
    let mut empty_boards = Vec::new();
    // The reason an implementation is skipped from here on, by its index.
    let mut skipped: Vec<Option<String>> = vec![None; implementations.len()];
    for &n in &options.sizes {
        let board = Board::empty(n).expect("parse_sizes keeps sides within the checker's bound");
        let expected = oracle::known_count(n).expect("parse_sizes keeps sides whose count is known");
        for (index, entry) in implementations.iter().enumerate() {
            if timed_problem(entry).admits(&board).is_none() {
                continue;
            }
            let outcome = match &skipped[index] {
                Some(reason) => Outcome::Skipped { reason: reason.clone() },
                None => {
                    progress(&format!("n = {n}: {}", entry.id()));
                    let outcome = measure(executable, entry, &board, expected, options.budget);
                    match outcome {
                        Outcome::OverBudget { .. } => {
                            skipped[index] = Some(format!("over budget at n = {n}"))
                        }
                        Outcome::OutOfMemory { .. } => {
                            skipped[index] = Some(format!("out of memory at n = {n}"))
                        }
                        _ => {}
                    }
                    outcome
                }
            };
            empty_boards.push(Measurement {
                implementation: entry.id(),
                problem: timed_problem(entry),
                board: "empty".to_string(),
                n,
                expected,
                outcome,
                ratio_to_fastest: None,
            });
        }
    }

    let mut case_errors = Vec::new();
    let mut reserved_boards = Vec::new();
    let counters: Vec<&Entry> =
        implementations.iter().filter(|entry| matches!(entry.kernel, Kernel::Count(_))).collect();
    if !counters.is_empty() {
        let cases = match load_cases(&options.cases_folder) {
            Ok(loaded) => {
                case_errors.extend(loaded.errors.iter().map(ToString::to_string));
                loaded.cases
            }
            Err(error) => {
                case_errors.push(error.to_string());
                Vec::new()
            }
        };
        for case in cases
            .iter()
            .filter(|case| case.board.reserved_count() > 0 && options.sizes.contains(&case.board.n()))
        {
            for entry in counters.iter().filter(|entry| timed_problem(entry).admits(&case.board).is_some()) {
                progress(&format!("{}: {}", case.id, entry.id()));
                reserved_boards.push(Measurement {
                    implementation: entry.id(),
                    problem: timed_problem(entry),
                    board: case.id.clone(),
                    n: case.board.n(),
                    expected: case.expected,
                    outcome: measure(executable, entry, &case.board, case.expected, options.budget),
                    ratio_to_fastest: None,
                });
            }
        }
    }
    set_ratios(&mut empty_boards);
    set_ratios(&mut reserved_boards);
    let passed = case_errors.is_empty()
        && empty_boards.iter().chain(&reserved_boards).all(|measurement| !measurement.outcome.is_failure());
    BenchReport {
        release_build: !cfg!(debug_assertions),
        budget_seconds: options.budget.as_secs_f64(),
        sizes: options.sizes.clone(),
        implementations: implementations.iter().map(Entry::id).collect(),
        empty_boards,
        reserved_boards,
        case_errors,
        plot: None,
        passed,
        cases_folder: display_relative(&options.cases_folder),
    }
}

/// Each measured median over the fastest median of its row: same problem, same board.
fn set_ratios(measurements: &mut [Measurement]) {
    let fastest: Vec<Option<u64>> = measurements
        .iter()
        .map(|this| {
            measurements
                .iter()
                .filter(|other| {
                    other.problem == this.problem && other.board == this.board && other.n == this.n
                })
                .filter_map(|other| other.outcome.figures().map(|figures| figures.median_ns))
                .min()
        })
        .collect();
    for (measurement, fastest) in measurements.iter_mut().zip(fastest) {
        let median = measurement.outcome.figures().map(|figures| figures.median_ns);
        if let (Some(median), Some(fastest)) = (median, fastest) {
            measurement.ratio_to_fastest = Some(median as f64 / fastest.max(1) as f64);
        }
    }
}

/// One child run with `samples` warm samples (0: the cold run alone), its answer held against
/// `expected`: the samples, or the outcome that ends this measurement.
fn run_sample_child(
    executable: &Path,
    entry: &Entry,
    board: &Board,
    expected: u64,
    budget: Duration,
    samples: usize,
) -> Result<Samples, Outcome> {
    let problem = timed_problem(entry);
    let request =
        ChildRequest { problem, samples: Some(samples), sample_target: SAMPLE_TARGET, check_inside: true };
    let args = child_arguments(&entry.id(), &request);
    let check_time = match entry.kernel {
        Kernel::Enumerate(_) => {
            CHECK_TIME_PER_BOARD.saturating_mul(u32::try_from(expected).unwrap_or(u32::MAX))
        }
        Kernel::Count(_) | Kernel::Total(_) => Duration::ZERO,
    };
    // A short run's warm-up takes at most about half a sample, each sample about SAMPLE_TARGET.
    let sampling_time = SAMPLE_TARGET.saturating_mul(2 * samples as u32 + 1);
    let deadline =
        budget + STARTUP_SLACK + check_time + if samples > 0 { sampling_time } else { Duration::ZERO };
    // The budget is wall time: the child is killed at the deadline. The CPU limit only has to let
    // a run that uses every core reach it.
    let cores = std::thread::available_parallelism().map_or(1, usize::from) as u32;
    let limits = Limits {
        cpu_time: deadline.saturating_mul(cores),
        memory_bytes: MEMORY_LIMIT_BYTES,
        output_bytes: crate::runner::DEFAULT_OUTPUT_BYTES,
        wall_time: Some(deadline),
    };
    let input = input_text(problem, board);
    let job = Job {
        wrapper: &[],
        program: executable,
        args: &args,
        answer_channel: false,
        sandboxed: false,
        max_processes: None,
        env: CHILD_ENV,
        stdin: input.as_bytes(),
        limits,
    };
    let started = std::time::Instant::now();
    let finished = crate::runner::run(&job).map_err(|reason| Outcome::Crashed { reason })?;
    if finished.wall_time > deadline {
        return Err(Outcome::OverBudget { ran_for_ns: nanos(started.elapsed()), killed: true });
    }
    let stdout = match finished.ending(&limits) {
        Ending::Exited { stdout } => stdout,
        Ending::TimeLimit { .. } => {
            return Err(Outcome::OverBudget { ran_for_ns: nanos(started.elapsed()), killed: true })
        }
        Ending::MemoryLimit { .. } => return Err(Outcome::OutOfMemory { peak_bytes: None }),
        Ending::OutputLimit { detail } | Ending::RuntimeError { detail } => {
            return Err(Outcome::Crashed { reason: detail })
        }
    };
    let (answer, report) = read_output(&stdout, &request);
    let answer = match answer {
        Ok(Answer::Count(count)) => count,
        Ok(Answer::Boards(boards)) => boards.len() as i128,
        Err(fault) => {
            let detail =
                if fault.contains("expected") { fault } else { format!("{fault}, expected {expected}") };
            return Err(Outcome::WrongAnswer { answer: "unreadable or wrong boards".to_string(), detail });
        }
    };
    if answer != i128::from(expected) {
        let answer = if matches!(entry.kernel, Kernel::Enumerate(_)) {
            format!("{answer} boards")
        } else {
            answer.to_string()
        };
        return Err(Outcome::WrongAnswer {
            detail: format!("answered {answer}, expected {expected}"),
            answer,
        });
    }
    let report =
        report.ok_or_else(|| Outcome::Crashed { reason: "the child sent no timings".to_string() })?;
    if report.first_run_ns > nanos(budget) {
        return Err(Outcome::OverBudget { ran_for_ns: report.first_run_ns, killed: false });
    }
    Ok(report)
}

fn nanos(duration: Duration) -> u64 {
    u64::try_from(duration.as_nanos()).unwrap_or(u64::MAX)
}

/// Times one implementation on one board (see the module docs for the sampling).
pub fn measure(executable: &Path, entry: &Entry, board: &Board, expected: u64, budget: Duration) -> Outcome {
    let probe = match run_sample_child(executable, entry, board, expected, budget, 0) {
        Ok(probe) => probe,
        Err(outcome) => return outcome,
    };
    let first_run = Duration::from_nanos(probe.first_run_ns);
    // run_sample_child has held the answer to `expected`.
    let answer = expected;
    let (samples_ns, iterations_per_sample, fresh_process_per_sample) = if first_run < SHORT_RUN {
        match run_sample_child(executable, entry, board, expected, budget, SHORT_SAMPLES) {
            Ok(report) => (report.samples_ns, report.iterations_per_sample, false),
            Err(outcome) => return outcome,
        }
    } else {
        let wanted = if first_run * 10 <= budget {
            5
        } else if first_run * 4 <= budget {
            3
        } else {
            1
        };
        let mut samples = vec![probe.first_run_ns];
        while samples.len() < wanted {
            match run_sample_child(executable, entry, board, expected, budget, 0) {
                Ok(report) => samples.push(report.first_run_ns),
                Err(outcome) => return outcome,
            }
        }
        (samples, 1, true)
    };
    Outcome::Measured(figures(answer, samples_ns, iterations_per_sample, fresh_process_per_sample))
}

fn figures(answer: u64, samples_ns: Vec<u64>, iterations_per_sample: u64, fresh: bool) -> Figures {
    let mut sorted = samples_ns.clone();
    sorted.sort_unstable();
    let middle = sorted.len() / 2;
    let median_ns =
        if sorted.len() % 2 == 1 { sorted[middle] } else { (sorted[middle - 1] + sorted[middle]) / 2 };
    let min_ns = sorted.first().copied().unwrap_or_default();
    let max_ns = sorted.last().copied().unwrap_or_default();
    let lower_quartile_ns = quantile(&sorted, 0.25);
    let upper_quartile_ns = quantile(&sorted, 0.75);
    let spread_percent = 50.0 * (upper_quartile_ns - lower_quartile_ns) as f64 / median_ns.max(1) as f64;
    Figures {
        answer,
        median_ns,
        min_ns,
        max_ns,
        lower_quartile_ns,
        upper_quartile_ns,
        spread_percent,
        samples_ns,
        iterations_per_sample,
        fresh_process_per_sample: fresh,
    }
}

/// The `fraction` quantile of ascending `sorted`, interpolated between the two nearest samples.
fn quantile(sorted: &[u64], fraction: f64) -> u64 {
    let Some(&last) = sorted.last() else { return 0 };
    let position = fraction * (sorted.len() - 1) as f64;
    let below = position.floor() as usize;
    let above = sorted.get(below + 1).copied().unwrap_or(last);
    let weight = position - below as f64;
    (sorted[below] as f64 * (1.0 - weight) + above as f64 * weight).round() as u64
}

/// A ratio with two significant figures: `×1.0`, `×4.1`, `×12`, `×340`.
fn format_ratio(ratio: f64) -> String {
    if ratio < 9.95 {
        format!("×{ratio:.1}")
    } else {
        format!("×{}", plot::two_significant(ratio))
    }
}

fn format_spread(percent: f64) -> String {
    if percent < 0.95 {
        format!("±{percent:.1}%")
    } else {
        format!("±{percent:.0}%")
    }
}

/// One table cell: `1.23ms ±3% ×4.1`, or what happened instead of a time.
fn cell(measurement: &Measurement, row_fastest: Option<u64>, budget: Duration) -> (String, Style) {
    match &measurement.outcome {
        Outcome::Measured(figures) => {
            let spread = if figures.samples_ns.len() > 1 {
                format_spread(figures.spread_percent)
            } else {
                "1 run".to_string()
            };
            let ratio = measurement.ratio_to_fastest.map(format_ratio).unwrap_or_default();
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
            let bound = row_fastest
                .map(|fastest| {
                    format!(" ×>{}", plot::two_significant(nanos(budget) as f64 / fastest.max(1) as f64))
                })
                .unwrap_or_default();
            (format!("over budget (>{}){bound}", format_duration(budget)), Style::Yellow)
        }
        Outcome::OutOfMemory { .. } => ("out of memory".to_string(), Style::Yellow),
        Outcome::Skipped { .. } => ("skipped".to_string(), Style::Dim),
        Outcome::WrongAnswer { answer, .. } => (format!("WRONG ANSWER {answer}"), Style::Red),
        Outcome::Crashed { .. } => ("CRASHED".to_string(), Style::Red),
    }
}

/// The tables: per problem, sizes down and implementations across; then the reserved boards; then
/// a line for every wrong answer, crash and unreadable case file.
/// The report as tables, with ANSI styles (the front strips them where colour is off).
pub fn render_text(report: &BenchReport) -> String {
    let budget = Duration::from_secs_f64(report.budget_seconds);
    let mut out = format!(
        "{} build; each cell: the median run, ± half the interquartile range of the samples, \
         × the row's fastest; a run may take {}\n",
        if report.release_build { "release" } else { "DEBUG (not release)" },
        format_duration(budget)
    );
    for prefix in ["cses", "leetcode51", "leetcode52"] {
        let ids: Vec<&String> =
            report.implementations.iter().filter(|id| id.starts_with(&format!("{prefix}/"))).collect();
        if ids.is_empty() {
            continue;
        }
        let rows: Vec<(String, usize, String)> =
            report.sizes.iter().map(|&n| (n.to_string(), n, "empty".to_string())).collect();
        out.push_str(&format!("\n{}, empty n x n boards\n", heading(prefix)));
        out.push_str(&render_table(&report.empty_boards, "n", &ids, &rows, budget));
    }
    let counters: Vec<&String> = report.implementations.iter().filter(|id| id.starts_with("cses/")).collect();
    if !report.reserved_boards.is_empty() {
        let mut rows: Vec<(String, usize, String)> = Vec::new();
        for measurement in &report.reserved_boards {
            if !rows.iter().any(|(_, _, board)| *board == measurement.board) {
                rows.push((measurement.board.clone(), measurement.n, measurement.board.clone()));
            }
        }
        out.push_str(&format!(
            "\n{}, boards with reserved squares (the cases of these sides in {}/)\n",
            heading("cses"),
            report.cases_folder
        ));
        out.push_str(&render_table(&report.reserved_boards, "case", &counters, &rows, budget));
    }
    let mut details = Vec::new();
    for error in &report.case_errors {
        details.push(format!("case file: {error}"));
    }
    for measurement in report.empty_boards.iter().chain(&report.reserved_boards) {
        let board = if measurement.board == "empty" {
            format!("the empty {0}x{0} board", measurement.n)
        } else {
            measurement.board.clone()
        };
        match &measurement.outcome {
            Outcome::WrongAnswer { detail, .. } => {
                details.push(format!("WRONG ANSWER: {} on {board}: {detail}", measurement.implementation))
            }
            Outcome::Crashed { reason } => {
                details.push(format!("CRASHED: {} on {board}: {reason}", measurement.implementation))
            }
            _ => {}
        }
    }
    if !details.is_empty() {
        out.push('\n');
        out.push_str(&details.join("\n"));
        out.push('\n');
    }
    out
}

fn heading(prefix: &str) -> &'static str {
    match prefix {
        "cses" => "Counting (CSES 1624 and queens)",
        "leetcode51" => "LeetCode 51, listing every board",
        _ => "LeetCode 52, counting",
    }
}

/// A table of `measurements`: one row per (label, n, board), one column per implementation id.
fn render_table(
    measurements: &[Measurement],
    first_column: &str,
    ids: &[&String],
    rows: &[(String, usize, String)],
    budget: Duration,
) -> String {
    let mut header = vec![first_column.to_string()];
    header.extend(ids.iter().map(|id| id.split_once('/').map_or(id.as_str(), |(_, name)| name).to_string()));
    let mut table = Table::new(header);
    for (label, n, board) in rows {
        let in_row: Vec<Option<&Measurement>> = ids
            .iter()
            .map(|id| {
                measurements.iter().find(|measurement| {
                    &&measurement.implementation == id && measurement.n == *n && measurement.board == *board
                })
            })
            .collect();
        let row_fastest = in_row
            .iter()
            .flatten()
            .filter_map(|measurement| measurement.outcome.figures())
            .map(|figures| figures.median_ns)
            .min();
        let mut row = vec![(label.clone(), Style::Plain)];
        row.extend(in_row.iter().map(|measurement| match measurement {
            Some(measurement) => cell(measurement, row_fastest, budget),
            None => ("-".to_string(), Style::Dim),
        }));
        table.push(row);
    }
    table.render()
}
