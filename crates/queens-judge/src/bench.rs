//! `cargo xtask bench`: every implementation timed side by side on a release build.
//!
//! A debug xtask would time its own code unoptimised, so unless this is a release build (no debug
//! assertions) the command builds one (`$CARGO build --release -p xtask`) and re-runs itself with
//! the same arguments. The hidden `--in-place` skips that, for the tests, which check shapes and
//! answers, never times.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use judge::bench::machine::{cpus_available, default_threads, parse_threads};
use judge::bench::{
    bench, check_plot_folder, max_size, parse_budget, plot, render_markdown, render_text, resolve_baseline,
    BenchOptions, MAX_SIZE_REASON,
};
use judge::sizes::parse_sizes;

use crate::output::{print, this_program, Failure, Progress, Status};

/// Time every implementation side by side on a release build: tables and a plot
///
/// Each run in a child process pinned to as many CPUs as it has threads: on the empty boards of
/// each size, then on the cases with reserved squares of those sizes. Each cell is the median run,
/// ± half the interquartile range, × the row's fastest (or the baseline's time). The figures of
/// fastest against bitmask for Q(12) to Q(18), in some 3 minutes:
/// `cargo xtask bench --impl cses/fastest,cses/bitmask --sizes 12..=18 --budget 60`.
/// Exit status 1 when an answer was wrong, a run crashed or saw another number of cores.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Your own files (any language `cargo xtask languages` lists) or folders of them, timed
    /// beside the implementations --impl selects, each built and run in the sandbox; a file's time
    /// is its whole run's CPU time, start-up included
    #[arg(value_name = "PATH")]
    files: Vec<PathBuf>,
    /// A language's command, LANGUAGE=COMMAND (as judge takes it)
    #[arg(long, value_name = "LANGUAGE=COMMAND", requires = "files")]
    compiler: Vec<String>,
    /// Build and run files outside the sandbox
    #[arg(long, requires = "files")]
    no_sandbox: bool,
    /// The empty boards' sides: A..=B, A..B, N or a comma list of these (at most 27)
    #[arg(long, value_name = "SIDES", default_value = "4..=14", value_parser = sizes)]
    sizes: Sizes,
    /// Only implementations whose id matches (as for judge)
    #[arg(long = "impl", value_name = "PATTERN")]
    impl_pattern: Option<String>,
    /// What one run may take, in seconds: a run past it is killed, marked over budget, and that
    /// implementation is skipped at larger sizes with as many threads
    #[arg(long, value_name = "SECONDS", default_value = "2", value_parser = parse_budget)]
    budget: Duration,
    /// Thread counts, comma-separated (1,2): each run is pinned to the first T CPUs this process
    /// may use, so every implementation sees T cores [default: every CPU available]
    #[arg(long, value_name = "LIST", value_parser = threads)]
    threads: Option<Threads>,
    /// Ratios to this implementation's time, same size and thread count, instead of to the row's
    /// fastest (an id, or a pattern naming one of those --impl selects)
    #[arg(long, value_name = "IMPL")]
    baseline: Option<String>,
    /// Also write the run as one self-contained HTML page to FILE: the plot and every measurement
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
    /// No progress and no notes on stderr: the tables (or the JSON) alone
    #[arg(short, long)]
    quiet: bool,
    /// Every sample as JSON instead of tables
    #[arg(long, conflicts_with = "markdown")]
    json: bool,
    /// The tables as Markdown, to paste into a README
    #[arg(long)]
    markdown: bool,
    /// Take the boards with reserved squares from DIR instead of cases/
    #[arg(long = "cases", value_name = "DIR")]
    cases_folder: Option<PathBuf>,
    /// Write the plot, empty-boards.svg, to DIR (default target/bench)
    #[arg(long = "out", value_name = "DIR")]
    plot_folder: Option<PathBuf>,
    /// Also time the deliberately broken fixtures
    #[arg(long, hide = true)]
    with_fixtures: bool,
    /// Time this very build, even a debug one
    #[arg(long, hide = true)]
    in_place: bool,
}

/// The sides `--sizes` names, ascending.
#[derive(Clone, Debug)]
pub struct Sizes(Vec<usize>);

fn sizes(text: &str) -> Result<Sizes, judge_core::error::Error> {
    parse_sizes("--sizes", text, max_size(), MAX_SIZE_REASON).map(Sizes)
}

/// The thread counts `--threads` names, ascending.
#[derive(Clone, Debug)]
pub struct Threads(Vec<usize>);

fn threads(text: &str) -> Result<Threads, judge_core::error::Error> {
    parse_threads(text, cpus_available()).map(Threads)
}

impl Args {
    pub fn run(self) -> Status {
        let defaults = BenchOptions::default();
        let mut options = BenchOptions {
            sizes: self.sizes.0,
            impl_pattern: self.impl_pattern,
            budget: self.budget,
            threads: self.threads.map_or_else(default_threads, |threads| threads.0),
            baseline: self.baseline,
            json: self.json,
            markdown: self.markdown,
            cases_folder: self.cases_folder.unwrap_or(defaults.cases_folder),
            plot_folder: self.plot_folder.unwrap_or(defaults.plot_folder),
            with_fixtures: self.with_fixtures,
            in_place: self.in_place,
            files: self.files,
            toolchain: judge_core::submission::Toolchain::from_environment(),
            build_folder: judge_core::install::target_folder().join("judge-builds"),
            sandbox: None,
        };
        for argument in &self.compiler {
            options.toolchain.set_from_argument(argument)?;
        }
        // Usage errors first, so that a typo never waits for a release build.
        judge_core::submission::expand_paths(&options.files)?;
        judge::bench::check_selection(&options)?;
        options.baseline = resolve_baseline(&options)?;
        if !options.cases_folder.is_dir() {
            return Err(Failure::Usage(format!("--cases {}: not a folder", options.cases_folder.display())));
        }
        check_plot_folder(&options.plot_folder)?;
        if !options.in_place && cfg!(debug_assertions) {
            return rerun_in_release(self.quiet);
        }
        options.sandbox = crate::output::sandbox_for(&options.files, self.no_sandbox)?;
        let program = this_program()?;
        let progress = Progress::new("bench", options.json || self.quiet);
        let mut step = 0;
        let mut report = bench(&options, &program, &mut |line| {
            step += 1;
            progress.update(step, 0, line);
        })?;
        progress.finish();

        let plot_path = options.plot_folder.join("empty-boards.svg");
        let svg = plot::render_svg(&report, options.budget);
        // The folder was writable before the timing; should that change, the figures are still printed.
        let plot_error = judge_core::files::write_atomically(&plot_path, &svg).err();
        if plot_error.is_none() {
            report.plot = Some(judge_core::files::display_relative(&plot_path));
        }
        if options.json {
            let json =
                serde_json::to_string_pretty(&report).map_err(|error| Failure::Other(error.to_string()))?;
            print(&format!("{json}\n"))?;
            if !self.quiet {
                eprintln!("plot: {}", judge_core::files::display_relative(&plot_path));
            }
        } else {
            let plot_line = report.plot.as_ref().map(|plot| format!("\nplot: {plot}\n")).unwrap_or_default();
            let tables = if options.markdown { render_markdown(&report) } else { render_text(&report) };
            print(&format!("{tables}{plot_line}"))?;
        }
        if let Some(path) = &self.html {
            judge_core::files::write_atomically(path, &judge::html::render_bench_html(&report, &svg))
                .map_err(|error| Failure::Other(error.to_string()))?;
        }
        if let Some(message) = plot_error {
            return Err(Failure::Other(format!("cannot write the plot: {message}")));
        }
        Ok(if report.passed { 0 } else { 1 })
    }
}

/// Builds the release xtask and runs this same command with it; returns its exit status.
fn rerun_in_release(quiet: bool) -> Status {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| OsString::from("cargo"));
    // This program is <target>/debug/xtask; cargo puts the release one beside that folder.
    let this = this_program()?;
    let release = this
        .parent()
        .and_then(Path::parent)
        .map(|target| target.join("release").join(this.file_name().unwrap_or_default()))
        .ok_or_else(|| Failure::Other(format!("cannot find the target folder of {}", this.display())))?;
    // Said once: when the release build is first made, not at every run that finds it.
    if !quiet && !release.is_file() {
        eprintln!(
            "bench: figures must come from a release build: making one once (`cargo build --release -p xtask`); \
             later runs of this debug xtask run it at once"
        );
    }
    let mut build = Command::new(&cargo);
    build.args(["build", "--release", "-p", "xtask"]).current_dir(judge_core::install::workspace_root());
    if quiet || release.is_file() {
        build.arg("--quiet");
    }
    let built = build
        .status()
        .map_err(|error| Failure::Other(format!("cannot run {}: {error}", cargo.to_string_lossy())))?;
    if !built.success() {
        return Err(Failure::Other("the release build failed".to_string()));
    }
    if !release.is_file() {
        return Err(Failure::Other(format!("cannot find the release build at {}", release.display())));
    }
    let status = Command::new(&release)
        .args(std::env::args_os().skip(1))
        .status()
        .map_err(|error| Failure::Other(format!("cannot run {}: {error}", release.display())))?;
    Ok(status.code().unwrap_or(1))
}
