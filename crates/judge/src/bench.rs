//! Bench: every implementation timed side by side (the front runs it from a release build), on empty boards
//! of growing n and on the boards with reserved squares of the cases folder; a table per problem, a
//! plot of time against n (`target/bench/empty-boards.svg`), and `--json` for every sample.
//!
//! How a figure is made (one (implementation, board) pair at a time, never two at once, since
//! `cses/fastest` takes every core):
//! - A probe: a child process ([`judge_core::runner::run`], the child asked to `--check-inside`) runs
//!   the kernel once, cold, and checks the answer with the checker after its clock stopped. The parent kills it `STARTUP_SLACK` past
//!   the budget (plus time to check LeetCode 51's boards); a run killed so, or whose own clock passed
//!   the budget, is "over budget", and that implementation is skipped at every larger n with the
//!   same thread count.
//! - A short run (under `SHORT_RUN`) then gets one child that takes `SHORT_SAMPLES` warm samples
//!   of about `SAMPLE_TARGET` each, every sample the mean of as many runs as fill it.
//! - A longer run gets fresh children, one per sample, each a single cold run held to the budget:
//!   5 samples in all when a run is under a tenth of the budget, 3 when under a quarter, else the
//!   probe alone.
//! - The figure is the median sample; its spread is half the interquartile range, as ± percent of
//!   the median (robust to the odd sample that another process slowed; `--json` has every sample,
//!   the fastest and the slowest). Every answer is held against OEIS A000170 (empty boards) or the
//!   case's `expected`; a wrong one is reported as such and never as a time, and the command then
//!   exits with status 1.
//! - Threads (`--threads 1,2`; by default every CPU available): each child is pinned to the first T
//!   CPUs this process may use ([`machine`]), so every implementation sees T cores, and reports the
//!   parallelism it saw; a run that saw another number has no figure (the machine's CPU quota, say,
//!   gave it fewer). Every (n, thread count) pair is a row of its own, and the processor's name and
//!   the CPUs used head every table and report.
//! - Ratios: each cell has its median over the row's fastest, or with a baseline (`--baseline`)
//!   over the baseline's median at the same board and thread count; where one of the two ran over
//!   the budget only a bound is known (`×>6.2`, `×<0.16`), where one has no time, `×?`.
//!
//! The plot's folder is created, and a file written in it, before anything is timed, so that a
//! `--out` that cannot be written fails at once instead of after the whole run; the plot itself is
//! written whole or not at all (a temporary file beside it, then a rename).
//!
//! The debug build that `cargo xtask` runs would time the xtask's own code unoptimised, so the front
//! re-runs itself from a release build unless told `in_place` (the tests, which check shapes and
//! answers, never times).

pub mod machine;
pub mod plot;

use std::path::{Path, PathBuf};
use std::time::Duration;

use checker::{oracle, Board, MAX_N};
use serde::Serialize;

use crate::choose::{choose, Choice};
use crate::default_cases_folder;
use crate::pattern::matches;
use crate::table::{format_duration, Style, Table};
use judge_core::answer::Verdict;
use judge_core::case::{load_cases, Case};
use judge_core::child::Samples;
use judge_core::contestant::{attempt, Additions, Contestant, Request, Timing, Truth};
use judge_core::error::Error;
use judge_core::files::display_relative;
use judge_core::problem::TestInput;
use judge_core::problem::{Domain, Input, Problem};
use judge_core::registry::{entries, Entry, Kernel};
use judge_core::sandbox::Sandbox;
use judge_core::submission::Toolchain;

mod measure;
mod plan;
mod render;
pub(crate) use measure::*;
use plan::Plan;
pub use render::*;

/// The sides timed when `--sizes` is not given.
pub(crate) const DEFAULT_SIZES: std::ops::RangeInclusive<usize> = 4..=14;
/// The time one run may take when `--budget` is not given.
pub(crate) const DEFAULT_BUDGET: Duration = Duration::from_secs(2);
/// A run shorter than this is sampled warm, many runs a sample, in one child.
pub(crate) const SHORT_RUN: Duration = Duration::from_millis(10);
/// How many warm samples a short run gets.
pub(crate) const SHORT_SAMPLES: usize = 7;
/// About how long one warm sample of a short run lasts.
pub(crate) const SAMPLE_TARGET: Duration = Duration::from_millis(20);
/// How long past the budget a child may live: time to start, read its board and report.
pub(crate) const STARTUP_SLACK: Duration = Duration::from_millis(250);
/// Time allowed per LeetCode 51 board for the child to check the boards after its clock stopped.
const CHECK_TIME_PER_BOARD: Duration = Duration::from_micros(3);

/// What `cargo xtask bench` was asked.
#[derive(Clone, Debug)]
pub struct BenchOptions {
    /// The sides of the empty boards, ascending; reserved boards of these sides are timed too.
    pub sizes: Vec<usize>,
    pub impl_pattern: Option<String>,
    pub budget: Duration,
    /// The thread counts each implementation runs with, ascending: each run is pinned to that many
    /// CPUs.
    pub threads: Vec<usize>,
    /// The implementation every ratio is taken against, by its id; `None`: each row's fastest.
    pub baseline: Option<String>,
    pub json: bool,
    /// The tables as Markdown, to paste into a README.
    pub markdown: bool,
    /// Where the boards with reserved squares come from.
    pub cases_folder: PathBuf,
    /// Where the plot is written.
    pub plot_folder: PathBuf,
    /// Include the deliberately broken fixtures (hidden; for the tests).
    pub with_fixtures: bool,
    /// Time this very build, even a debug one (hidden; for the tests).
    pub in_place: bool,
    /// Users' files to time beside the built-ins, each built in the sandbox; a file's time is its
    /// whole run's CPU time, start-up included, a fresh process a sample.
    pub files: Vec<PathBuf>,
    pub toolchain: Toolchain,
    pub build_folder: PathBuf,
    pub sandbox: Option<Sandbox>,
}

impl Default for BenchOptions {
    fn default() -> BenchOptions {
        BenchOptions {
            sizes: DEFAULT_SIZES.collect(),
            impl_pattern: None,
            budget: DEFAULT_BUDGET,
            threads: machine::default_threads(),
            baseline: None,
            json: false,
            markdown: false,
            cases_folder: default_cases_folder(),
            plot_folder: judge_core::install::target_folder().join("bench"),
            with_fixtures: false,
            in_place: false,
            files: Vec::new(),
            toolchain: Toolchain::default(),
            build_folder: judge_core::install::target_folder().join("judge-builds"),
            sandbox: None,
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
pub fn parse_budget(text: &str) -> Result<Duration, Error> {
    match text.trim().parse::<f64>() {
        Ok(seconds) if seconds > 0.0 && seconds <= 3600.0 => Ok(Duration::from_secs_f64(seconds)),
        Ok(_) => {
            Err(Error::Usage(format!("--budget `{text}`: expected more than 0 and at most 3600 seconds")))
        }
        Err(_) => Err(Error::Usage(format!("--budget `{text}`: expected a number of seconds"))),
    }
}

/// Creates the plot's folder and writes (then removes) a file in it, so that a `--out` the plot
/// cannot be written to is a usage error before anything is timed.
///
/// # Errors
/// One line naming the folder and the I/O error.
pub fn check_plot_folder(folder: &Path) -> Result<(), Error> {
    let usage = |what: &str, error: std::io::Error| {
        Error::Usage(format!("--out {}: cannot {what}: {error}", folder.display()))
    };
    std::fs::create_dir_all(folder).map_err(|error| usage("create the folder", error))?;
    let probe = folder.join(format!(".empty-boards.svg.{}.probe", std::process::id()));
    std::fs::write(&probe, "").map_err(|error| usage("write in the folder", error))?;
    // Nothing is lost if the probe stays: it is empty, and the next run's probe has another name.
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

/// The problem an implementation is timed on: the general one (boards of any side) for a counter
/// that has it, else its first of boards; none for an implementation bench does not time.
pub(crate) fn timed_problem(entry: &Entry) -> Option<Problem> {
    let general = entry.problems.iter().find(|problem| problem.description().domain == Domain::AnySide);
    let of_boards =
        || entry.problems.iter().find(|problem| matches!(problem.input(), Input::Board | Input::Side));
    general.or_else(of_boards).copied()
}

/// The built-in implementations a run times, in the registry's order: none when files are given
/// without `--impl`; and none of those whose input is not one board (POJ 3239's sides, AOJ's
/// placed queens), where bench times boards.
pub(crate) fn selected_implementations(options: &BenchOptions) -> Vec<Entry> {
    if !options.files.is_empty() && options.impl_pattern.is_none() {
        return Vec::new();
    }
    entries(options.with_fixtures)
        .into_iter()
        .filter(|entry| matches(options.impl_pattern.as_deref(), &entry.id()) && times_boards(entry))
        .collect()
}

/// A usage error where `--impl` selects nothing bench can time (without files, or with a pattern
/// given): no implementation at all, or only ones whose input is not one board.
///
/// # Errors
/// The usage error, naming what the pattern matched where it matched anything.
pub fn check_selection(options: &BenchOptions) -> Result<(), Error> {
    let asked = options.files.is_empty() || options.impl_pattern.is_some();
    if !asked || !selected_implementations(options).is_empty() {
        return Ok(());
    }
    let pattern = options.impl_pattern.as_deref();
    let sides: Vec<Entry> = entries(options.with_fixtures)
        .into_iter()
        .filter(|entry| matches(pattern, &entry.id()) && !times_boards(entry))
        .collect();
    let pattern = pattern.unwrap_or("");
    if sides.is_empty() {
        return Err(Error::Usage(format!(
            "--impl `{pattern}` matches no implementation (`{} list` shows them)",
            judge_core::install::invocation()
        )));
    }
    let ids: Vec<String> = sides.iter().map(Entry::id).collect();
    let mut problems: Vec<&str> =
        sides.iter().flat_map(|entry| entry.problems).map(|problem| problem.id()).collect();
    problems.dedup();
    let input = sides
        .iter()
        .flat_map(|entry| entry.problems)
        .next()
        .map_or("sides", |problem| problem.input().noun());
    Err(Error::Usage(format!(
        "--impl `{pattern}` matches {}, whose input is {input}, where bench times boards: judge instead (`{} judge --problem {}`)",
        ids.join(", "),
        judge_core::install::invocation(),
        problems.join(",")
    )))
}

/// Whether bench can time `entry`: it answers a problem of boards.
fn times_boards(entry: &Entry) -> bool {
    entry.problems.iter().any(|problem| matches!(problem.input(), Input::Board | Input::Side))
}

/// The implementation `--baseline PATTERN` names among those `options` selects: the one whose id
/// it is, or else the only one it matches; `None` without a baseline.
///
/// # Errors
/// One line when it names none of them, or several.
pub fn resolve_baseline(options: &BenchOptions) -> Result<Option<String>, Error> {
    let Some(pattern) = options.baseline.as_deref() else { return Ok(None) };
    let files = judge_core::submission::expand_paths(&options.files).unwrap_or_default();
    let ids: Vec<String> = selected_implementations(options)
        .iter()
        .map(Entry::id)
        .chain(
            files.iter().filter_map(|file| file.file_name()).map(|name| name.to_string_lossy().into_owned()),
        )
        .collect();
    if ids.iter().any(|id| id == pattern) {
        return Ok(Some(pattern.to_string()));
    }
    let matching: Vec<&String> = ids.iter().filter(|id| matches(Some(pattern), id)).collect();
    match matching.as_slice() {
        [only] => Ok(Some((*only).clone())),
        [] => Err(Error::Usage(format!(
            "--baseline `{pattern}` is none of the implementations timed ({}); --impl must select it",
            ids.join(", ")
        ))),
        several => Err(Error::Usage(format!(
            "--baseline `{pattern}` matches {} implementations ({}): name one",
            several.len(),
            several.iter().map(|id| id.as_str()).collect::<Vec<_>>().join(", ")
        ))),
    }
}

/// The CPUs a run is pinned to: the first `threads` of those this process may use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Pinning {
    pub threads: usize,
    /// Their numbers, comma-separated, as the child's environment gives them.
    pub cpus: String,
}

impl Pinning {
    pub fn first(threads: usize) -> Pinning {
        Pinning { threads, cpus: machine::cpu_list(threads) }
    }
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
    /// The parallelism the child saw (`available_parallelism`, after its pinning): the thread count.
    pub cores_seen: usize,
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
    /// The child saw another parallelism than the thread count it was pinned to (the
    /// measurement's `threads`): its figures would not be that thread count's.
    CoresMismatch { cores_seen: usize },
    /// Not run: the implementation went over budget or out of memory on a smaller board.
    Skipped { reason: String },
}

impl Outcome {
    fn is_failure(&self) -> bool {
        matches!(self, Outcome::WrongAnswer { .. } | Outcome::Crashed { .. } | Outcome::CoresMismatch { .. })
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
    /// How many CPUs the run was pinned to.
    pub threads: usize,
    pub expected: u64,
    #[serde(flatten)]
    pub outcome: Outcome,
    /// This median over the fastest median of its table row: the same board, with as many threads,
    /// among the implementations of its crate.
    pub ratio_to_fastest: Option<f64>,
    /// This median over the baseline's in its table row, when both were measured.
    pub ratio_to_baseline: Option<f64>,
    /// Where one of the two ran over the budget, what is known of that ratio instead.
    pub ratio_to_baseline_bound: Option<RatioBound>,
}

/// A ratio known only from one side, one run having gone over the budget: `{"more_than": 6.2}`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RatioBound {
    MoreThan(f64),
    LessThan(f64),
}

/// Everything a bench run found.
#[derive(Clone, Debug, Serialize)]
pub struct BenchReport {
    /// Whether these are a release build's figures.
    pub release_build: bool,
    /// The processor's `model name` (`/proc/cpuinfo`); `None` where the kernel names none.
    pub processor: Option<String>,
    /// How many CPUs this process could give a run, and how many the largest thread count used.
    pub cpus_available: usize,
    pub cpus_used: usize,
    pub budget_seconds: f64,
    pub sizes: Vec<usize>,
    /// The thread counts, ascending: each implementation ran with each.
    pub threads: Vec<usize>,
    /// What the ratios are taken against, when not each row's fastest.
    pub baseline: Option<String>,
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
/// as the child, and `progress` hears what is being timed. `options.baseline` is an id already
/// ([`resolve_baseline`]).
///
/// # Errors
/// One line when a file cannot be read or built at all (a missing compiler).
pub fn bench(
    options: &BenchOptions,
    executable: &Path,
    progress: &mut dyn FnMut(&str),
) -> Result<BenchReport, Error> {
    let (contestants, implementations) = timed(options)?;
    let pinnings: Vec<Pinning> = options.threads.iter().map(|&threads| Pinning::first(threads)).collect();
    let plan =
        Plan { options, executable, contestants: &contestants, implementations: &implementations, pinnings };
    let mut empty_boards = plan.empty_boards(progress);
    let (mut reserved_boards, case_errors) = plan.reserved_boards(progress);
    for measurements in [&mut empty_boards, &mut reserved_boards] {
        set_ratios(measurements);
        if let Some(baseline) = &options.baseline {
            set_baseline_ratios(measurements, baseline, options.budget);
        }
    }
    let passed = case_errors.is_empty()
        && empty_boards.iter().chain(&reserved_boards).all(|measurement| !measurement.outcome.is_failure());
    Ok(BenchReport {
        release_build: !cfg!(debug_assertions),
        processor: machine::processor_name(),
        cpus_available: machine::cpus_available(),
        cpus_used: options.threads.iter().copied().max().unwrap_or(1),
        budget_seconds: options.budget.as_secs_f64(),
        sizes: options.sizes.clone(),
        threads: options.threads.clone(),
        baseline: options.baseline.clone(),
        implementations: implementations.iter().map(|timed| timed.id.clone()).collect(),
        empty_boards,
        reserved_boards,
        case_errors,
        plot: None,
        passed,
        cases_folder: display_relative(&options.cases_folder),
    })
}

/// One implementation as bench times it: its id (`cses/NAME`, `leetcode51/NAME`, `leetcode52/NAME`:
/// a file gets its table's prefix before its name), the problem it is timed on, and which
/// contestant runs.
#[derive(Clone, Debug)]
struct Timed {
    id: String,
    problem: Problem,
    contestant: usize,
}

/// The contestants a run times (the built-ins `--impl` selects, then the files, built), and each
/// as timed: a file that answers both LeetCode problems is timed on each.
fn timed(options: &BenchOptions) -> Result<(Vec<Contestant>, Vec<Timed>), Error> {
    let choice = Choice {
        files: &options.files,
        impl_pattern: options.impl_pattern.as_deref(),
        problems: &[],
        with_fixtures: options.with_fixtures,
        toolchain: &options.toolchain,
        build_folder: &options.build_folder,
        sandbox: options.sandbox.as_ref(),
        jobs: std::thread::available_parallelism().map_or(1, usize::from),
    };
    let contestants = choose(&choice, &|_, _| {})?.every_file()?;
    let mut timed = Vec::new();
    for (index, contestant) in contestants.iter().enumerate() {
        match contestant {
            Contestant::Builtin(entry) => {
                if let Some(problem) = timed_problem(entry) {
                    timed.push(Timed { id: entry.id(), problem, contestant: index });
                }
            }
            Contestant::File { submission, .. } => {
                for &problem in &submission.problems {
                    // Beside the built-ins of its kind: a whole program with CSES's counters.
                    let table = problem.builtins();
                    timed.push(Timed {
                        id: format!("{table}/{}", submission.name),
                        problem,
                        contestant: index,
                    });
                }
            }
        }
    }
    Ok((contestants, timed))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn measured(implementation: &str, n: usize, threads: usize, median_ns: u64) -> Measurement {
        Measurement {
            implementation: implementation.to_string(),
            problem: Problem::from_id("queens").expect("a problem"),
            board: "empty".to_string(),
            n,
            threads,
            expected: oracle::known_count(n).expect("A000170"),
            outcome: Outcome::Measured(figures(0, vec![median_ns; 3], 1, true, threads)),
            ratio_to_fastest: None,
            ratio_to_baseline: None,
            ratio_to_baseline_bound: None,
        }
    }

    fn over_budget(implementation: &str, n: usize, threads: usize) -> Measurement {
        let outcome = Outcome::OverBudget { ran_for_ns: 2_000_000_000, killed: true };
        Measurement { outcome, ..measured(implementation, n, threads, 0) }
    }

    fn report(empty_boards: Vec<Measurement>, baseline: Option<&str>) -> BenchReport {
        BenchReport {
            release_build: true,
            processor: Some("Test CPU 9000".to_string()),
            cpus_available: 2,
            cpus_used: 2,
            budget_seconds: 1.0,
            sizes: vec![12, 13],
            threads: vec![1, 2],
            baseline: baseline.map(str::to_string),
            implementations: vec!["cses/base".to_string(), "cses/quick".to_string()],
            empty_boards,
            reserved_boards: Vec::new(),
            case_errors: Vec::new(),
            plot: None,
            passed: true,
            cases_folder: "cases".to_string(),
        }
    }

    #[test]
    fn a_counter_of_the_8x8_board_alone_is_ratioed_against_its_table_row() {
        // cses/fixed_board solves CSES 1624 only; it sits in the counting table's n = 8 row.
        let eight_only = Measurement {
            problem: Problem::from_id("cses1624").expect("a problem"),
            ..measured("cses/fixed", 8, 2, 30_000)
        };
        let mut measurements =
            vec![measured("cses/quick", 8, 2, 10_000), eight_only, measured("leetcode52/other", 8, 2, 5_000)];
        set_ratios(&mut measurements);
        let ratios: Vec<Option<f64>> =
            measurements.iter().map(|measurement| measurement.ratio_to_fastest).collect();
        assert_eq!(ratios, [Some(1.0), Some(3.0), Some(1.0)]);
    }

    #[test]
    fn ratios_keep_two_figures_above_and_below_one() {
        let cases =
            [(1.0, "1.0"), (4.13, "4.1"), (12.4, "12"), (345.0, "350"), (0.16, "0.16"), (0.09, "0.090")];
        for (ratio, text) in cases {
            assert_eq!(ratio_figure(ratio), text, "{ratio}");
        }
        assert_eq!(ratio_figure(0.0996), "0.10");
        assert_eq!(ratio_figure(0.994), "0.99");
        assert_eq!(ratio_figure(0.996), "1.0");
        assert_eq!(ratio_figure(9.96), "10");
        assert_eq!(ratio_figure(1234.0), "1200");
        // Bounds round away from what they exclude; an exact figure stays as it is.
        assert_eq!(two_figures(6.29, f64::floor), "6.2");
        assert_eq!(two_figures(0.161, f64::ceil), "0.17");
        assert_eq!(two_figures(0.25, f64::ceil), "0.25");
        assert_eq!(two_figures(1.25, f64::floor), "1.2");
        assert_eq!(two_figures(299.0, f64::floor), "290");
    }

    #[test]
    fn a_baseline_ratio_is_exact_a_bound_or_unknown_per_row_and_thread_count() {
        let mut measurements = vec![
            measured("cses/base", 12, 1, 400_000_000),
            measured("cses/quick", 12, 1, 100_000_000),
            // With two threads the baseline is twice as fast: its own row, its own ratio.
            measured("cses/base", 12, 2, 200_000_000),
            measured("cses/quick", 12, 2, 100_000_000),
            over_budget("cses/base", 13, 1),
            measured("cses/quick", 13, 1, 250_000_000),
            measured("cses/base", 13, 2, 800_000_000),
            over_budget("cses/quick", 13, 2),
        ];
        set_ratios(&mut measurements);
        set_baseline_ratios(&mut measurements, "cses/base", Duration::from_secs(1));
        let ratios: Vec<(Option<f64>, Option<RatioBound>)> = measurements
            .iter()
            .map(|measurement| (measurement.ratio_to_baseline, measurement.ratio_to_baseline_bound))
            .collect();
        assert_eq!(
            ratios,
            [
                (Some(1.0), None),
                (Some(0.25), None),
                (Some(1.0), None),
                (Some(0.5), None),
                (None, None),
                (None, Some(RatioBound::LessThan(0.25))),
                (Some(1.0), None),
                (None, Some(RatioBound::MoreThan(1.25))),
            ]
        );
        assert_eq!(measurements[3].ratio_to_fastest, Some(1.0), "the row's fastest, with 2 threads");

        let with_baseline = report(measurements.clone(), Some("cses/base"));
        let text = anstream::adapter::strip_str(&render_text(&with_baseline)).to_string();
        let rows: Vec<Vec<&str>> = text
            .lines()
            .filter(|line| line.starts_with("12 ") || line.starts_with("13 "))
            .map(|line| line.split_whitespace().collect())
            .collect();
        assert_eq!(
            rows,
            [
                vec!["12", "1", "400ms", "±0.0%", "×1.0", "100ms", "±0.0%", "×0.25"],
                vec!["12", "2", "200ms", "±0.0%", "×1.0", "100ms", "±0.0%", "×0.50"],
                vec!["13", "1", "over", "budget", "(>1.00s)", "250ms", "±0.0%", "×<0.25"],
                vec!["13", "2", "800ms", "±0.0%", "×1.0", "over", "budget", "(>1.00s)", "×>1.2"],
            ],
            "{text}"
        );
        assert!(
            text.contains("\nprocessor: Test CPU 9000, 2 CPUs used of 2; threads per run: 1, 2\n"),
            "{text}"
        );

        let markdown = render_markdown(&with_baseline);
        let table: Vec<&str> = markdown.lines().filter(|line| line.starts_with('|')).collect();
        assert_eq!(
            table,
            [
                "| n | threads | base | quick |",
                "| :--- | ---: | ---: | ---: |",
                "| 12 | 1 | 400ms ±0.0% ×1.0 | 100ms ±0.0% ×0.25 |",
                "| 12 | 2 | 200ms ±0.0% ×1.0 | 100ms ±0.0% ×0.50 |",
                "| 13 | 1 | over budget (>1.00s) | 250ms ±0.0% ×<0.25 |",
                "| 13 | 2 | 800ms ±0.0% ×1.0 | over budget (>1.00s) ×>1.2 |",
            ],
            "{markdown}"
        );
        assert!(markdown.contains("\n\nprocessor: Test CPU 9000, 2 CPUs used of 2; threads per run: 1, 2\n"));

        // Without a baseline, the row's fastest, and the bound of a run over budget against it.
        let text = anstream::adapter::strip_str(&render_text(&report(measurements, None))).to_string();
        let rows: Vec<Vec<&str>> = text
            .lines()
            .filter(|line| line.starts_with("13 "))
            .map(|line| line.split_whitespace().collect())
            .collect();
        assert_eq!(
            rows,
            [
                vec!["13", "1", "over", "budget", "(>1.00s)", "×>4.0", "250ms", "±0.0%", "×1.0"],
                vec!["13", "2", "800ms", "±0.0%", "×1.0", "over", "budget", "(>1.00s)", "×>1.2"],
            ],
            "{text}"
        );
    }
}
