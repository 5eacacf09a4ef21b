//! `cargo xtask judge`: every implementation against every case of every problem it solves.

use std::path::PathBuf;

use judge::judge::{judge, JudgeOptions};
use judge::snapshot::{configure, is_repository_folder, quietly, WriteMode};
use judge_core::problem::Problem;
use judge_core::submission::Toolchain;

use crate::output::{
    cores, parse_jobs, parse_problem, print, problem_help, this_program, Failure, Progress, Status,
};

/// Run every implementation, or your own files, on every case of their problems, side by side
///
/// A table per problem, cases down, implementations across, each cell the verdict and the CPU time
/// of one run in a child process under the case's limits. Given files (Rust, C++, C, Python, Java or
/// JavaScript: whole CSES programs or LeetCode solutions), each is built and run in the judge's
/// sandbox (its own namespaces: a private root with only a copy of the file, no network, every
/// process counted) and shown as its own column. Exit status 1 when a run is not AC or a snapshot
/// does not match; 2 for a usage error; 3 when a toolchain or the sandbox is missing here
/// (`--no-sandbox` then runs files without the sandbox); 4 when a file given cannot be used.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Source files (any language `cargo xtask languages` lists) or folders of them to judge; with any, built-in
    /// implementations are judged only when --impl names them
    #[arg(value_name = "PATH")]
    files: Vec<PathBuf>,
    /// Only implementations whose id (`cargo xtask list`) matches: a glob with * and ?, or a
    /// substring; comma-separated alternatives
    #[arg(long = "impl", value_name = "PATTERN")]
    impl_pattern: Option<String>,
    /// Only cases whose id (path under the cases folder, without .toml) matches, as for --impl
    #[arg(long = "case", value_name = "PATTERN")]
    case_pattern: Option<String>,
    /// Judge the case files in DIR instead of cases/ (its snapshots go to DIR/snapshots, written
    /// only with --accept)
    #[arg(long = "cases", value_name = "DIR")]
    cases_folder: Option<PathBuf>,
    #[arg(long, value_name = "PROBLEM", value_delimiter = ',', value_parser = parse_problem, help = problem_help(false))]
    problem: Vec<Problem>,
    /// Print the results as JSON (schema in README.md) instead of tables
    #[arg(long)]
    json: bool,
    /// Run N children at once (default: the number of cores)
    #[arg(long, value_name = "N", value_parser = parse_jobs)]
    jobs: Option<usize>,
    /// Write missing or changed snapshots, from the oracle, as accepted .snap files
    #[arg(long)]
    accept: bool,
    /// A language's command, LANGUAGE=COMMAND, for example `cpp="clang++ -std=c++20 -O2"` or
    /// `python=pypy3` (repeatable; else $JUDGE_<LANGUAGE>, else the default `cargo xtask
    /// languages` shows)
    #[arg(long, value_name = "LANGUAGE=COMMAND")]
    compiler: Vec<String>,
    /// Also write the report as one self-contained HTML page to FILE (rewritten after every
    /// judging with --watch)
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
    /// Stop each implementation's runs at its first failure (the runs not made are left out)
    #[arg(long)]
    fail_fast: bool,
    /// Also run the built-in searches on the cases past the sides they are shown to reach (POJ
    /// 3239's bitmask and erickson on poj/all), to show their expected TLE
    #[arg(long)]
    slow: bool,
    /// Judge again whenever a submitted file changes (Ctrl-C stops)
    #[arg(long, requires = "files")]
    watch: bool,
    /// Also build files with the checks judges leave off (Rust overflow checks and debug
    /// assertions; C++ -D_GLIBCXX_DEBUG with address and undefined-behaviour sanitizers) and report
    /// an AC that faults under them as "AC, but"
    #[arg(long, requires = "files")]
    strict: bool,
    /// Build and run files outside the sandbox, under the limits and a Landlock fence (where the kernel refuses
    /// the namespaces it needs); the report says so
    #[arg(long, requires = "files")]
    no_sandbox: bool,
    /// Also judge the deliberately broken fixtures
    #[arg(long, hide = true)]
    with_fixtures: bool,
}

impl Args {
    pub fn run(self) -> Status {
        let cases_folder = self.cases_folder.unwrap_or_else(judge::default_cases_folder);
        if !cases_folder.is_dir() {
            return Err(Failure::Usage(format!("--cases {}: not a folder", cases_folder.display())));
        }
        let mode = match (judge_core::install::is_ci(), self.accept) {
            (true, true) => {
                return Err(Failure::Usage("--accept: CI never writes snapshots (CI is set)".into()))
            }
            (true, false) => WriteMode::Nothing,
            (false, true) => WriteMode::Accept,
            (false, false) if is_repository_folder(&cases_folder) => WriteMode::Pending,
            (false, false) => WriteMode::Nothing,
        };
        configure(mode);
        if let Some(path) = &self.html {
            let folder = path
                .parent()
                .filter(|folder| !folder.as_os_str().is_empty())
                .unwrap_or(std::path::Path::new("."));
            if !folder.is_dir() {
                return Err(Failure::Usage(format!(
                    "--html {}: no folder {}",
                    path.display(),
                    folder.display()
                )));
            }
        }
        let mut toolchain = Toolchain::from_environment();
        for argument in &self.compiler {
            toolchain.set_from_argument(argument)?;
        }
        let sandbox = crate::output::sandbox_for(&self.files, self.no_sandbox)?;
        let options = JudgeOptions {
            cases_folder,
            impl_pattern: self.impl_pattern,
            case_pattern: self.case_pattern,
            problems: self.problem,
            jobs: self.jobs.unwrap_or_else(cores),
            with_fixtures: self.with_fixtures,
            files: self.files,
            toolchain,
            build_folder: judge_core::install::target_folder().join("judge-builds"),
            sandbox,
            strict: self.strict,
            fail_fast: self.fail_fast,
            slow: self.slow,
        };
        let program = this_program()?;
        // Taken before the first run, so that a file saved while it runs is judged again.
        let mut seen = fingerprint(&options.files);
        let status = judge_once(&options, &program, self.json, self.html.as_deref())?;
        if !self.watch {
            return Ok(status);
        }
        eprintln!("watching {} for changes (Ctrl-C stops)", describe(&options.files));
        let watcher = judge::watch::Watcher::new(&options.files);
        loop {
            watcher.wait(WATCH_INTERVAL);
            let now = fingerprint(&options.files);
            if now == seen {
                continue;
            }
            seen = now;
            eprintln!("\nchanged: judging again");
            // A file removed or made unreadable mid-edit is told, and watched for again.
            match judge_once(&options, &program, self.json, self.html.as_deref()) {
                Err(Failure::Usage(message) | Failure::Other(message)) => crate::output::error_line(&message),
                Err(Failure::Engine(error)) => crate::output::error_line(&error.to_string()),
                _ => {}
            }
            eprintln!("watching {} for changes (Ctrl-C stops)", describe(&options.files));
        }
    }
}

/// How long `--watch` waits for a save before looking at the files anyway: a save wakes it at
/// once through inotify (the engine's `watch`, a few system calls rather than a file-system watcher
/// crate); where inotify cannot be had, or misses a change (a network file system), this is how
/// often it looks.
const WATCH_INTERVAL: std::time::Duration = std::time::Duration::from_millis(300);

/// What `--watch` compares: every watched file's path, length and modification time (a folder's
/// files are listed anew each time, so an added file counts as a change).
fn fingerprint(paths: &[PathBuf]) -> Vec<(PathBuf, u64, Option<std::time::SystemTime>)> {
    let files = judge_core::submission::expand_paths(paths).unwrap_or_default();
    files
        .into_iter()
        .map(|file| {
            let metadata = std::fs::metadata(&file).ok();
            let length = metadata.as_ref().map_or(0, std::fs::Metadata::len);
            (file, length, metadata.and_then(|metadata| metadata.modified().ok()))
        })
        .collect()
}

fn describe(paths: &[PathBuf]) -> String {
    let names: Vec<String> = paths.iter().map(|path| path.display().to_string()).collect();
    names.join(", ")
}

/// One judge run, printed; its exit status.
fn judge_once(
    options: &JudgeOptions,
    program: &std::path::Path,
    json: bool,
    html: Option<&std::path::Path>,
) -> Status {
    let progress = Progress::new("judging", json);
    let report =
        quietly(|| judge(options, program, &|done, total| progress.update(done as u64, total as u64, "")))?;
    progress.finish();
    let text = if json {
        let mut text =
            serde_json::to_string_pretty(&report).map_err(|error| Failure::Other(error.to_string()))?;
        text.push('\n');
        text
    } else {
        judge::report::render_text(&report)
    };
    print(&text)?;
    if let Some(path) = html {
        // Written whole or not at all: a page half-written is never left for a browser.
        judge_core::files::write_atomically(path, &judge::html::render_html(&report))
            .map_err(|error| Failure::Other(error.to_string()))?;
    }
    // A file given that could not be judged at all is exit 4, as when it is the only one.
    Ok(if !report.refused_files.is_empty() {
        4
    } else if report.passed {
        0
    } else {
        1
    })
}
