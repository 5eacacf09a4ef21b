//! What judging gives, as the reports read it: the options, each run's result, each problem's
//! table, each file's summary.

use super::*;

/// What a judge run was asked.
#[derive(Clone, Debug)]
pub struct JudgeOptions {
    pub cases_folder: PathBuf,
    pub impl_pattern: Option<String>,
    pub case_pattern: Option<String>,
    /// Only these problems; all when empty. For a submitted file, the problems it is judged on,
    /// whatever the file says.
    pub problems: Vec<Problem>,
    pub jobs: usize,
    /// Include the deliberately broken fixtures.
    pub with_fixtures: bool,
    /// Source files (or folders of them) to judge, each its own column; with any, built-in
    /// implementations are judged only when `impl_pattern` asks for them.
    pub files: Vec<PathBuf>,
    pub toolchain: Toolchain,
    /// Where builds are cached.
    pub build_folder: PathBuf,
    /// The sandbox files run in; `None` runs them with the resource limits alone.
    pub sandbox: Option<Sandbox>,
    /// Build files again with the checks judges leave off, and run every AC again with them.
    pub strict: bool,
    /// Stop each implementation's runs at its first failure within the judge's constraints (runs
    /// already under way finish); the runs not made are left out of the tables.
    pub fail_fast: bool,
    /// Also run built-in searches on the cases past their reach, to their expected TLE.
    pub slow: bool,
}

pub use judge_core::answer::Verdict;

/// One verdict: an implementation on a case of a problem, the JSON report's entry: its key, what
/// its case and contestant say of it, and its [`Run`] (whose fields the JSON shows beside the key).
#[derive(Clone, Debug, Serialize)]
pub struct RunResult {
    pub problem: Problem,
    pub implementation: String,
    pub case: String,
    /// Within the judge's constraints, or beyond them (LeetCode with n > 9).
    pub scope: Scope,
    /// The right count (for LeetCode 51, the number of boards; for POJ 3239, of placements, one a
    /// side, any right one accepted).
    pub expected: u64,
    /// How the run was kept apart from the judge: `builtin` (the judge's own code, a plain
    /// child), `sandboxed` or `unsandboxed` (a submitted file, `--no-sandbox`).
    pub isolation: &'static str,
    /// A TLE that fails nothing: a built-in search shown beside a construction to be too slow for
    /// the problem's range by design (POJ 3239's first-solution searches).
    pub expected_tle: bool,
    /// The graded run, as the grading step made it; the JSON shows its fields beside the key.
    #[serde(flatten)]
    pub graded: Run,
}

/// A built-in search left out of a case past its reach (see [`JudgeOptions::slow`]).
#[derive(Clone, Debug, Serialize)]
pub struct SlowRun {
    pub problem: Problem,
    pub implementation: String,
    pub case: String,
    /// The largest side the search is shown to answer within its problem's limit.
    pub reach: usize,
    /// The case's largest side.
    pub largest_side: usize,
}

/// A case as a problem's table lists it.
#[derive(Clone, Debug, Serialize)]
pub struct CaseInfo {
    pub id: String,
    pub scope: Scope,
    pub time_limit_ms: u64,
    pub memory_limit_mb: u64,
    /// Where its expected answer comes from: `case_file`, `test_data` (a `.out`) or `oracle` (a
    /// `.in` without its `.out`, or with a wrong one).
    pub expected_from: judge_core::case::ExpectedFrom,
    /// The board, in the CSES text format (`*` reserved), for drawing it; for POJ 3239, its
    /// input as a program reads it (a side a line, then `0`).
    pub board: String,
}

/// One problem's part of the report: its cases down, its implementations across.
#[derive(Clone, Debug, Serialize)]
pub struct ProblemReport {
    pub problem: Problem,
    pub title: &'static str,
    pub implementations: Vec<String>,
    pub cases: Vec<CaseInfo>,
    pub runs: Vec<RunResult>,
}

/// Everything a judge run found.
#[derive(Clone, Debug, Serialize)]
pub struct JudgeReport {
    pub schema_version: u32,
    pub passed: bool,
    /// Case files that could not be read, one line each.
    pub case_errors: Vec<String>,
    pub snapshots: BTreeMap<String, SnapshotStatus>,
    pub problems: Vec<ProblemReport>,
    /// How many verdicts of each kind, over every problem's table.
    pub totals: BTreeMap<Verdict, usize>,
    /// How many child processes ran (a counter's run on an 8 x 8 board serves two tables).
    pub processes: usize,
    /// How submitted files were built and run: `sandboxed`, `unsandboxed`, or `none` (no file).
    pub isolation: &'static str,
    /// What the judge decided on a file's behalf, one line each (a file judged on one of the two
    /// problems it seemed to solve).
    pub notes: Vec<String>,
    /// Each submitted file's verdicts and first failure, with the command that reruns it.
    pub files: Vec<FileSummary>,
    /// The files given that could not be judged at all (missing, unreadable, too large, a link of
    /// another user's...), one line each; the others were judged all the same.
    pub refused_files: Vec<String>,
    /// The runs not made because a built-in search would only run out its time there (past its
    /// reach, without `--slow`); left out of the tables, and said in `notes`.
    pub slow_runs_left_out: Vec<SlowRun>,
    /// The judge's own peak resident memory over the run (its high-water mark, as the kernel
    /// counts it): bounded whatever the files send.
    pub judge_peak_memory_bytes: u64,
}

/// One submitted file, summed up over every table it is in.
#[derive(Clone, Debug, Serialize)]
pub struct FileSummary {
    /// Its column's name.
    pub name: String,
    /// How many verdicts of each kind it got (within the judge's constraints and beyond).
    pub verdicts: BTreeMap<Verdict, usize>,
    /// Of its AC, how many fault under `--strict`'s checks.
    pub ac_but: usize,
    /// Its first run that fails, within the judge's constraints, in table order.
    pub first_failure: Option<FirstFailure>,
    /// Runs not made: `--fail-fast` stopped the file at its first failure.
    pub skipped: usize,
    /// What LeetCode itself would show for each LeetCode problem the file is judged on: its tests
    /// within the constraints, in LeetCode's order, up to the first failure ("Wrong Answer: 1 / 12
    /// testcases passed; input n = 1, output 3, expected 1").
    pub leetcode: Vec<String>,
}

impl FileSummary {
    /// Its verdicts as the reports word them (`7 AC, 2 WA`): an AC that faults under `--strict` is
    /// told apart, not counted twice, and the runs `--fail-fast` did not make are said.
    pub fn counts(&self) -> Vec<String> {
        self.verdicts
            .iter()
            .map(|(verdict, count)| {
                (verdict, if *verdict == Verdict::AC { count - self.ac_but } else { *count })
            })
            .filter(|(_, count)| *count > 0)
            .map(|(verdict, count)| format!("{count} {}", verdict.label()))
            .chain((self.ac_but > 0).then(|| format!("{} AC but faulting under --strict", self.ac_but)))
            .chain((self.skipped > 0).then(|| format!("{} not run (--fail-fast)", self.skipped)))
            .collect()
    }
}

/// A file's first failing run.
#[derive(Clone, Debug, Serialize)]
pub struct FirstFailure {
    pub problem: Problem,
    pub case: String,
    pub verdict: Verdict,
    /// An AC that faults under `--strict`'s checks ("AC, but").
    pub strict_fault: bool,
    /// The command that judges that case alone.
    pub rerun: String,
    /// Where it stands in the order its file's tests run (LeetCode's: the examples, then by n; a
    /// whole program's: the tables'), so that the first is the one the file met first.
    #[serde(skip)]
    pub order: (bool, usize, String),
}

impl JudgeReport {
    pub fn count(&self, verdict: Verdict) -> usize {
        self.totals.get(&verdict).copied().unwrap_or(0)
    }

    pub fn runs(&self) -> impl Iterator<Item = &RunResult> {
        self.problems.iter().flat_map(|problem| problem.runs.iter())
    }
}
