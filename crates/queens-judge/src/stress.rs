//! `cargo xtask stress`: every implementation against the oracle on random inputs of its problems.

use std::path::PathBuf;
use std::time::Duration;

use judge::new_case::{write_new_case, NewCase, Source};
use judge::sizes::{format_sizes, parse_sizes};
use judge::stress::{
    case_name, parse_density, stress, Finding, Outcome, StressOptions, MAX_SIZE, MAX_SIZE_REASON,
};
use judge_core::case::render_case_file;
use judge_core::problem::Problem;

use crate::output::{cores, parse_jobs, parse_problem, print, problem_help, this_program, Progress, Status};

/// Judge every implementation against the oracle on random inputs; shrink what disagrees
///
/// Random inputs of each problem an implementation solves (8 x 8 boards for CSES 1624, boards of
/// --sizes for queens, n = 1..9 for LeetCode), each run a child process; the first disagreement is
/// shrunk within its problem and printed as a case. Exit status 1 when an implementation disagreed.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Source files (any language `cargo xtask languages` lists) or folders of them to stress, in the sandbox; with
    /// any, built-in implementations are stressed only when --impl names them
    #[arg(value_name = "PATH")]
    files: Vec<PathBuf>,
    /// Build and run files outside the sandbox, under the limits and a Landlock fence
    #[arg(long, requires = "files")]
    no_sandbox: bool,
    /// The random seed; a run is reproducible from it
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// How many random inputs of each problem
    #[arg(long, default_value_t = 300)]
    iterations: u64,
    /// The sides of the queens problem's boards: A..=B, A..B, N or a comma list of these (at most 12)
    #[arg(long, value_name = "SIDES", default_value = "4..=10", value_parser = sizes)]
    sizes: Sizes,
    /// The fraction of reserved squares, drawn per board: A..B within 0..1
    #[arg(long, value_name = "A..B", default_value = "0..0.6", value_parser = parse_density)]
    density: (f64, f64),
    /// Only implementations whose id matches (as for judge)
    #[arg(long = "impl", value_name = "PATTERN")]
    impl_pattern: Option<String>,
    #[arg(long, value_name = "PROBLEM", value_delimiter = ',', value_parser = parse_problem, help = problem_help(true))]
    problem: Vec<Problem>,
    /// Each run's CPU time limit, in milliseconds
    #[arg(long, value_name = "MS", default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=600_000))]
    time_limit_ms: u64,
    /// Run N children at once (default: the number of cores)
    #[arg(long, value_name = "N", value_parser = parse_jobs)]
    jobs: Option<usize>,
    /// Write the case of a disagreement into cases/stress/ (by default it is only printed)
    #[arg(long)]
    write_case: bool,
    /// Write the case of a disagreement into DIR/stress/ instead
    #[arg(long = "cases", value_name = "DIR")]
    cases_folder: Option<PathBuf>,
    /// Also stress the deliberately broken fixtures
    #[arg(long, hide = true)]
    with_fixtures: bool,
}

/// The sides `--sizes` names, ascending.
#[derive(Clone, Debug)]
pub struct Sizes(Vec<usize>);

fn sizes(text: &str) -> Result<Sizes, judge_core::error::Error> {
    parse_sizes("--sizes", text, MAX_SIZE, MAX_SIZE_REASON).map(Sizes)
}

impl Args {
    pub fn run(self) -> Status {
        let options = StressOptions {
            seed: self.seed,
            iterations: self.iterations,
            sizes: self.sizes.0.clone(),
            density: self.density,
            impl_pattern: self.impl_pattern.clone(),
            problems: self.problem.clone(),
            with_fixtures: self.with_fixtures,
            time_limit: Duration::from_millis(self.time_limit_ms),
            jobs: self.jobs.unwrap_or_else(cores),
            sandbox: crate::output::sandbox_for(&self.files, self.no_sandbox)?,
            files: self.files.clone(),
            toolchain: judge_core::submission::Toolchain::from_environment(),
            build_folder: judge_core::install::target_folder().join("judge-builds"),
        };
        let program = this_program()?;
        let progress = Progress::new("stress", false);
        let report = stress(&options, &program, &|done, total| progress.update(done, total, ""))?;
        progress.finish();
        if !report.compile_errors.is_empty() {
            let mut text = String::new();
            for (name, message) in &report.compile_errors {
                text.push_str(&format!("stress: {name} does not compile:\n{message}\n"));
            }
            print(&text)?;
            return Ok(1);
        }
        let command = Args::command_line(&options);
        let Some(finding) = report.finding else {
            let checked: Vec<String> =
                report.checked.iter().map(|(problem, count)| format!("{count} {problem}")).collect();
            print(&format!(
                "stress: {} inputs (seed {}): every implementation agrees with the oracle\n",
                checked.join(", "),
                options.seed
            ))?;
            return Ok(0);
        };
        let (original, smallest) = (finding.original.n(), finding.smallest.n());
        let mut text = format!(
            "stress: {} input {} ({original} x {original}) of seed {} disagrees with the oracle; shrunk to {smallest} x {smallest}:\n",
            finding.problem, finding.iteration, options.seed
        );
        text.push_str(&finding.smallest.to_text());
        text.push_str(&format!("oracle: {}\n", finding.truth));
        let width = finding.answers.iter().map(|(id, _)| id.len()).max().unwrap_or(0);
        // Marked by their answer on this input: shrinking keeps one culprit failing, not every one.
        let truth = Outcome::Count(i128::from(finding.truth));
        for (id, answer) in &finding.answers {
            let mark = if *answer != truth { "  <- wrong" } else { "" };
            text.push_str(&format!("{id:width$}  {answer}{mark}\n"));
        }
        let folder = match (&self.cases_folder, self.write_case) {
            (Some(folder), _) => Some(folder.clone()),
            (None, true) => Some(judge::default_cases_folder()),
            (None, false) => None,
        };
        text.push_str(&keep_case(&finding, options.seed, &command, folder));
        print(&text)?;
        Ok(1)
    }

    /// The command that reproduces this run.
    fn command_line(options: &StressOptions) -> String {
        // Shown on the terminal and kept in a case's description: a name's controls escaped.
        let files: Vec<String> = options
            .files
            .iter()
            .map(|file| format!(" {}", judge_core::escape::escape_one_line(&file.display().to_string())))
            .collect();
        let mut command = format!(
            "{} stress{} --seed {} --iterations {} --sizes {} --density {}..{}",
            judge_core::install::invocation(),
            files.concat(),
            options.seed,
            options.iterations,
            format_sizes(&options.sizes),
            options.density.0,
            options.density.1
        );
        if let Some(pattern) = &options.impl_pattern {
            command.push_str(&format!(" --impl {pattern}"));
        }
        if !options.problems.is_empty() {
            let ids: Vec<&str> = options.problems.iter().map(|problem| problem.id()).collect();
            command.push_str(&format!(" --problem {}", ids.join(",")));
        }
        if options.with_fixtures {
            command.push_str(" --with-fixtures");
        }
        command
    }
}

/// What becomes of a finding's case: written into `folder` as a new case (unless a file there
/// holds it already), or, with no folder, shown as the case file to keep.
fn keep_case(finding: &Finding, seed: u64, command: &str, folder: Option<PathBuf>) -> String {
    let mut text = String::new();
    let name = case_name(finding, seed);
    let description =
        format!("found by `{command}`: {} disagreed with the oracle", finding.failing.join(", "));
    let as_n = finding.smallest.reserved_count() == 0;
    let smallest = finding.smallest.n();
    match folder {
        Some(cases_folder) if cases_folder.join(format!("{name}.toml")).exists() => {
            // The name comes from the finding itself: the file there holds this very finding.
            text.push_str(&format!(
                "{} already holds this finding; left as it is\n",
                judge_core::files::display_relative(&cases_folder.join(format!("{name}.toml")))
            ));
        }
        Some(cases_folder) => {
            let source = if as_n { Source::Empty(smallest) } else { Source::Board(finding.smallest.clone()) };
            let request =
                NewCase { cases_folder, name, source, description: Some(description), overwrite: false };
            // An empty board is a LeetCode 51 case too, whose boards a snapshot keeps.
            let next = if as_n {
                format!("`{} judge --accept` records its snapshot", judge_core::install::invocation())
            } else {
                format!("`{} judge --case ={}` judges it", judge_core::install::invocation(), request.name)
            };
            match write_new_case(&request) {
                Ok((path, expected)) => text.push_str(&format!(
                    "wrote {} (expected = {expected}); {next}\n",
                    judge_core::files::display_relative(&path)
                )),
                Err(message) => text.push_str(&format!("cannot write the case: {message}\n")),
            }
        }
        None => {
            text.push_str(&format!(
                "\nthe case to keep, as cases/{name}.toml (`--write-case` writes it):\n{}",
                render_case_file(&finding.smallest, as_n, finding.truth, Some(&description))
            ));
        }
    }
    text
}
