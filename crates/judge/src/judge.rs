//! `cargo xtask judge`: every implementation against every case it can answer, each run isolated in
//! a child process, answers checked by the checker, boards held against the cases' snapshots.
//!
//! The work is three steps: load the cases (a bad file is reported and skipped), settle the
//! snapshots, then run every (implementation, case) pair over `--jobs` worker threads, each of which
//! waits on one child at a time. The report is a value, rendered as text or JSON.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use checker::solution_set;
use checker::{check_strings, oracle, Board, Placement};
use serde::Serialize;

use std::io::{IsTerminal, Write};

use lexopt::prelude::*;

use crate::cases::{load_cases, Case};
use crate::cli::{help_requested, number_value, os_value, text_value};
use crate::isolate::{run_isolated, Answer, ChildReport, Ending};
use crate::pattern::matches;
use crate::registry::{entries, Entry, Problem};
use crate::snapshot;
use crate::table::{format_duration, Style, Table};
use crate::{default_cases_folder, is_ci, use_color};

/// What `cargo xtask judge` was asked.
#[derive(Clone, Debug)]
pub struct JudgeOptions {
    pub cases_folder: PathBuf,
    pub impl_pattern: Option<String>,
    pub case_pattern: Option<String>,
    pub jobs: usize,
    /// Write missing or changed snapshots as accepted `.snap` files.
    pub accept: bool,
    /// Never write a snapshot file, not even a pending one (CI).
    pub read_only: bool,
    /// Include the deliberately broken fixtures.
    pub with_fixtures: bool,
}

/// A run's verdict, as the judges name them.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize)]
pub enum Verdict {
    AC,
    WA,
    TLE,
    MLE,
    RE,
}

impl Verdict {
    pub const ALL: [Verdict; 5] = [Verdict::AC, Verdict::WA, Verdict::TLE, Verdict::MLE, Verdict::RE];

    pub fn label(self) -> &'static str {
        match self {
            Verdict::AC => "AC",
            Verdict::WA => "WA",
            Verdict::TLE => "TLE",
            Verdict::MLE => "MLE",
            Verdict::RE => "RE",
        }
    }

    fn style(self) -> Style {
        match self {
            Verdict::AC => Style::Green,
            Verdict::WA | Verdict::RE => Style::Red,
            Verdict::TLE | Verdict::MLE => Style::Yellow,
        }
    }
}

/// One (implementation, case) run.
#[derive(Clone, Debug, Serialize)]
pub struct RunResult {
    pub implementation: String,
    pub case: String,
    pub verdict: Verdict,
    /// The typical time of one run (the median of repeated runs when short), in nanoseconds.
    pub time_ns: Option<u64>,
    /// The first, cold run, the one held against the time limit.
    pub first_run_ns: Option<u64>,
    pub runs: u64,
    /// Why it is not AC: the checker's message, a diff of the boards, the crash.
    pub detail: Option<String>,
}

/// What became of a case's snapshot.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum SnapshotStatus {
    /// It exists, holds `expected` boards, each passes the checker, none twice.
    Matches,
    /// It was missing or wrong and `--accept` wrote it from the oracle.
    Accepted { path: String },
    /// It was missing or wrong; a `.snap.new` waits for `cargo insta review` or `--accept`.
    Pending { path: String, reason: String },
    /// It is wrong and nothing was written (read-only run, or the oracle disagrees with `expected`).
    Failed { reason: String },
}

impl SnapshotStatus {
    fn is_ok(&self) -> bool {
        matches!(self, SnapshotStatus::Matches | SnapshotStatus::Accepted { .. })
    }
}

/// Everything a judge run found.
#[derive(Clone, Debug, Serialize)]
pub struct JudgeReport {
    /// Case files that could not be read, one line each.
    pub case_errors: Vec<String>,
    pub snapshots: BTreeMap<String, SnapshotStatus>,
    pub runs: Vec<RunResult>,
    #[serde(skip)]
    pub problems: Vec<(Problem, Vec<String>)>,
    #[serde(skip)]
    pub case_ids: Vec<String>,
}

impl JudgeReport {
    /// Every run AC, every snapshot matching, every case file read.
    pub fn passed(&self) -> bool {
        self.case_errors.is_empty()
            && self.snapshots.values().all(SnapshotStatus::is_ok)
            && self.runs.iter().all(|run| run.verdict == Verdict::AC)
    }

    pub fn count(&self, verdict: Verdict) -> usize {
        self.runs.iter().filter(|run| run.verdict == verdict).count()
    }
}

/// Runs the judge; `executable` is this program, re-run as the isolated child.
///
/// # Errors
/// Only when the cases folder cannot be read at all.
pub fn judge(options: &JudgeOptions, executable: &Path) -> Result<JudgeReport, String> {
    let (cases, case_errors) = load_cases(&options.cases_folder).map_err(|error| error.to_string())?;
    let cases: Vec<Case> =
        cases.into_iter().filter(|case| matches(options.case_pattern.as_deref(), &case.id)).collect();
    let implementations: Vec<Entry> = entries(options.with_fixtures)
        .into_iter()
        .filter(|entry| matches(options.impl_pattern.as_deref(), &entry.id()))
        .collect();
    // A pattern that selects nothing is a typo, not a green run.
    if let (Some(pattern), true) = (&options.impl_pattern, implementations.is_empty()) {
        return Err(format!("--impl `{pattern}` matches no implementation (`cargo xtask list` shows them)"));
    }
    if let (Some(pattern), true) = (&options.case_pattern, cases.is_empty()) {
        return Err(format!("--case `{pattern}` matches no case in {}", options.cases_folder.display()));
    }

    let mut snapshots = BTreeMap::new();
    let mut snapshot_boards: BTreeMap<String, Vec<Placement>> = BTreeMap::new();
    for case in cases.iter().filter(|case| snapshot::has_snapshot(case)) {
        let (status, boards) = settle_snapshot(options, case);
        if let Some(boards) = boards {
            snapshot_boards.insert(case.id.clone(), boards);
        }
        snapshots.insert(case.id.clone(), status);
    }

    let tasks: Vec<(&Entry, &Case)> = implementations
        .iter()
        .flat_map(|entry| {
            cases
                .iter()
                .filter(|case| entry.problem.answers(case.is_empty_board))
                .map(move |case| (entry, case))
        })
        .collect();
    let results: Mutex<Vec<Option<RunResult>>> = Mutex::new(vec![None; tasks.len()]);
    let next_task = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..options.jobs.clamp(1, tasks.len().max(1)) {
            scope.spawn(|| loop {
                let index = next_task.fetch_add(1, Ordering::Relaxed);
                let Some(&(entry, case)) = tasks.get(index) else { break };
                let ending = run_isolated(
                    executable,
                    entry,
                    &case.board,
                    Duration::from_millis(case.time_limit_ms),
                    case.memory_limit_mb << 20,
                );
                let result = judge_ending(entry, case, snapshot_boards.get(&case.id), ending);
                results.lock().unwrap_or_else(|poisoned| poisoned.into_inner())[index] = Some(result);
            });
        }
    });
    let runs = results
        .into_inner()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .into_iter()
        .map(|result| result.expect("every task ran"))
        .collect();

    let problems = Problem::ALL
        .into_iter()
        .map(|problem| {
            let ids =
                implementations.iter().filter(|entry| entry.problem == problem).map(Entry::id).collect();
            (problem, ids)
        })
        .filter(|(_, ids): &(Problem, Vec<String>)| !ids.is_empty())
        .collect();
    Ok(JudgeReport {
        case_errors: case_errors.iter().map(ToString::to_string).collect(),
        snapshots,
        runs,
        problems,
        case_ids: cases.iter().map(|case| case.id.clone()).collect(),
    })
}

/// Checks a case's snapshot, writing a pending or accepted one where it is missing or wrong.
/// Returns its status and the boards that runs are compared with: the snapshot's when it can be
/// trusted, else the oracle's when they agree with `expected`.
fn settle_snapshot(options: &JudgeOptions, case: &Case) -> (SnapshotStatus, Option<Vec<Placement>>) {
    let path = snapshot::snapshot_path(&options.cases_folder, case);
    let problem = match snapshot::read(&path) {
        Ok(Some(file)) => match verify_snapshot(case, &file.body) {
            Ok(boards) => return (SnapshotStatus::Matches, Some(boards)),
            Err(reason) => reason,
        },
        Ok(None) => "no snapshot yet".to_string(),
        Err(reason) => reason,
    };
    let mut boards = oracle::solutions(&case.board);
    solution_set::canonical_order(&mut boards);
    if boards.len() as u64 != case.expected {
        let reason = format!(
            "{problem}, and none can be drawn: the brute-force oracle finds {} solutions where `expected` is {}",
            boards.len(),
            case.expected
        );
        return (SnapshotStatus::Failed { reason }, None);
    }
    if options.read_only {
        let reason = format!("{}: {problem} (nothing is written in CI)", path.display());
        return (SnapshotStatus::Failed { reason }, Some(boards));
    }
    let body = snapshot::render(&case.board, &boards);
    let input_file = crate::workspace_relative(&case.path);
    match snapshot::write(&path, &input_file, &body, !options.accept) {
        Ok(written) if options.accept => {
            let _ = std::fs::remove_file(path.with_extension("snap.new"));
            (SnapshotStatus::Accepted { path: display_relative(&written) }, Some(boards))
        }
        Ok(written) => {
            (SnapshotStatus::Pending { path: display_relative(&written), reason: problem }, Some(boards))
        }
        Err(reason) => (SnapshotStatus::Failed { reason }, Some(boards)),
    }
}

/// A snapshot is trusted when it holds `expected` distinct boards, each passing the checker, drawn
/// exactly as [`snapshot::render`] draws them in canonical order (as `cargo test` holds it to).
fn verify_snapshot(case: &Case, body: &str) -> Result<Vec<Placement>, String> {
    let boards = snapshot::parse_body(&case.board, body)?;
    if boards.len() as u64 != case.expected {
        return Err(format!("it holds {} boards where `expected` is {}", boards.len(), case.expected));
    }
    for (index, placement) in boards.iter().enumerate() {
        checker::check(&case.board, placement)
            .map_err(|error| format!("its board {}: {error}", index + 1))?;
    }
    let duplicates = solution_set::duplicates(&boards);
    if !duplicates.is_empty() {
        return Err(format!("it holds {} boards twice", duplicates.len()));
    }
    if !boards.is_sorted() {
        return Err("its boards are not in canonical order".to_string());
    }
    if snapshot::render(&case.board, &boards) != body.trim_end() {
        return Err(
            "it is not drawn as the judge draws a snapshot (its header or layout differs)".to_string()
        );
    }
    Ok(boards)
}

/// A path as the user should read it: relative to the current folder when under it.
pub fn display_relative(path: &Path) -> String {
    let relative =
        std::env::current_dir().ok().and_then(|here| path.strip_prefix(here).ok().map(Path::to_path_buf));
    relative.unwrap_or_else(|| path.to_path_buf()).display().to_string().replace('\\', "/")
}

fn judge_ending(
    entry: &Entry,
    case: &Case,
    reference_boards: Option<&Vec<Placement>>,
    ending: Ending,
) -> RunResult {
    let mut result = RunResult {
        implementation: entry.id(),
        case: case.id.clone(),
        verdict: Verdict::AC,
        time_ns: None,
        first_run_ns: None,
        runs: 0,
        detail: None,
    };
    let limit = Duration::from_millis(case.time_limit_ms);
    let (verdict, detail) = match ending {
        Ending::TimedOut { after } => (
            Verdict::TLE,
            Some(format!("killed after {}: the limit is {}", format_duration(after), format_duration(limit))),
        ),
        Ending::OutOfMemory { peak_bytes } => {
            let peak = peak_bytes.map(|bytes| format!(", peak {} MB", bytes >> 20)).unwrap_or_default();
            (Verdict::MLE, Some(format!("over the {} MB limit{peak}", case.memory_limit_mb)))
        }
        Ending::Crashed { reason } => (Verdict::RE, Some(reason)),
        Ending::Reported(report) => {
            let ChildReport { answer, first_run_ns, typical_run_ns, runs } = report;
            result.time_ns = Some(typical_run_ns);
            result.first_run_ns = Some(first_run_ns);
            result.runs = runs;
            let first_run = Duration::from_nanos(first_run_ns);
            match judge_answer(case, reference_boards, &answer) {
                Err(detail) => (Verdict::WA, Some(detail)),
                Ok(()) if first_run > limit => (
                    Verdict::TLE,
                    Some(format!(
                        "right answer in {}, over the {} limit",
                        format_duration(first_run),
                        format_duration(limit)
                    )),
                ),
                Ok(()) => (Verdict::AC, None),
            }
        }
    };
    result.verdict = verdict;
    result.detail = detail;
    result
}

/// Checks an answer: a count against `expected`; boards one by one with the checker, then as a set.
fn judge_answer(
    case: &Case,
    reference_boards: Option<&Vec<Placement>>,
    answer: &Answer,
) -> Result<(), String> {
    let boards = match answer {
        Answer::Count(count) if *count == case.expected => return Ok(()),
        Answer::Count(count) => return Err(format!("expected {}, got {count}", case.expected)),
        Answer::Total(total) if i128::from(*total) == i128::from(case.expected) => return Ok(()),
        Answer::Total(total) => return Err(format!("expected {}, got {total}", case.expected)),
        Answer::Boards(boards) => boards,
    };
    let placements = check_each_board(&case.board, boards)?;
    if let Some(expected_boards) = reference_boards {
        let diff = solution_set::compare(expected_boards, &placements);
        if !diff.is_empty() {
            return Err(format!("the set of boards is wrong:\n{diff}"));
        }
    }
    reject_duplicates(&placements)?;
    if placements.len() as u64 != case.expected {
        return Err(format!(
            "expected {} boards, got {} (each valid, none twice)",
            case.expected,
            placements.len()
        ));
    }
    Ok(())
}

/// Checks LeetCode boards one by one with the checker, naming the first wrong one, drawn.
///
/// # Errors
/// One paragraph: which board, the checker's message, and the board.
pub fn check_each_board(board: &Board, boards: &[Vec<String>]) -> Result<Vec<Placement>, String> {
    let mut placements = Vec::with_capacity(boards.len());
    for (index, rows) in boards.iter().enumerate() {
        match check_strings(board, rows) {
            Ok(placement) => placements.push(placement),
            Err(error) => {
                let drawn: Vec<String> = rows.iter().map(|row| format!("  {row}")).collect();
                return Err(format!(
                    "board {} of {}: {error}\n{}",
                    index + 1,
                    boards.len(),
                    drawn.join("\n")
                ));
            }
        }
    }
    Ok(placements)
}

fn reject_duplicates(placements: &[Placement]) -> Result<(), String> {
    let duplicates = solution_set::duplicates(placements);
    if duplicates.is_empty() {
        return Ok(());
    }
    let drawn = solution_set::draw_side_by_side(&duplicates, 80);
    Err(format!("{} boards appear more than once:\n{drawn}", duplicates.len()))
}

/// Checks LeetCode boards as [`check_each_board`] does, then that none appears twice, so that
/// only their number is left to judge.
///
/// # Errors
/// One paragraph naming the first wrong board, or the repeated ones, drawn.
pub fn check_boards(board: &Board, boards: &[Vec<String>]) -> Result<Vec<Placement>, String> {
    let placements = check_each_board(board, boards)?;
    reject_duplicates(&placements)?;
    Ok(placements)
}

/// The report as text: a table per problem, a summary line, then the details of every failure.
pub fn render_text(report: &JudgeReport, color: bool) -> String {
    let mut out = String::new();
    for (problem, implementation_ids) in &report.problems {
        let mut header = vec!["case".to_string()];
        header.extend(
            implementation_ids
                .iter()
                .map(|id| id.split_once('/').map_or(id.as_str(), |(_, name)| name).to_string()),
        );
        let mut table = Table::new(header);
        for case_id in &report.case_ids {
            let cells: Vec<(String, Style)> = implementation_ids
                .iter()
                .map(|implementation| {
                    let run = report
                        .runs
                        .iter()
                        .find(|run| &run.implementation == implementation && &run.case == case_id);
                    match run {
                        None => ("-".to_string(), Style::Dim),
                        Some(run) => {
                            let time = run.time_ns.map(|ns| format_duration(Duration::from_nanos(ns)));
                            let text = match time {
                                Some(time) => format!("{} {time}", run.verdict.label()),
                                None => run.verdict.label().to_string(),
                            };
                            (text, run.verdict.style())
                        }
                    }
                })
                .collect();
            if cells.iter().all(|(text, _)| text == "-") {
                continue;
            }
            let mut row = vec![(case_id.clone(), Style::Plain)];
            row.extend(cells);
            table.push(row);
        }
        out.push_str(&format!("{}\n", problem.title()));
        out.push_str(&table.render(color));
        out.push('\n');
    }

    let counts: Vec<String> = Verdict::ALL
        .iter()
        .map(|&verdict| format!("{} {}", report.count(verdict), verdict.label()))
        .collect();
    let snapshots_ok = report.snapshots.values().filter(|status| status.is_ok()).count();
    out.push_str(&format!(
        "{} runs: {}; snapshots: {snapshots_ok} of {} match; case files: {} unreadable\n",
        report.runs.len(),
        counts.join(", "),
        report.snapshots.len(),
        report.case_errors.len()
    ));

    let mut details = Vec::new();
    for error in &report.case_errors {
        details.push(format!("case file: {error}"));
    }
    for (case_id, status) in &report.snapshots {
        match status {
            SnapshotStatus::Matches => {}
            SnapshotStatus::Accepted { path } => details.push(format!("snapshot {case_id}: accepted, wrote {path}")),
            SnapshotStatus::Pending { path, reason } => details.push(format!(
                "snapshot {case_id}: {reason}; wrote {path} for review (`cargo insta review` or `cargo xtask judge --accept`)"
            )),
            SnapshotStatus::Failed { reason } => details.push(format!("snapshot {case_id}: {reason}")),
        }
    }
    for run in report.runs.iter().filter(|run| run.verdict != Verdict::AC) {
        let detail = run.detail.as_deref().unwrap_or("");
        details.push(format!("{} {} on {}: {detail}", run.verdict.label(), run.implementation, run.case));
    }
    if !details.is_empty() {
        out.push('\n');
        out.push_str(&details.join("\n"));
        out.push('\n');
    }
    out
}

/// Runs `cargo xtask judge`; returns the exit status (1 when anything failed).
///
/// # Errors
/// A usage error, as one line.
pub fn command(mut parser: lexopt::Parser) -> Result<i32, String> {
    let mut options = JudgeOptions {
        cases_folder: default_cases_folder(),
        impl_pattern: None,
        case_pattern: None,
        jobs: std::thread::available_parallelism().map_or(1, usize::from),
        accept: false,
        read_only: is_ci(),
        with_fixtures: false,
    };
    let mut json = false;
    while let Some(argument) = parser.next().map_err(|error| error.to_string())? {
        match argument {
            Long("impl") => options.impl_pattern = Some(text_value(&mut parser)?),
            Long("case") => options.case_pattern = Some(text_value(&mut parser)?),
            Long("cases") => options.cases_folder = PathBuf::from(os_value(&mut parser)?),
            Long("json") => json = true,
            Long("jobs") => {
                options.jobs = number_value(&mut parser, "--jobs")?;
                if options.jobs == 0 {
                    return Err("--jobs 0: expected at least 1".to_string());
                }
            }
            Long("accept") => options.accept = true,
            Long("with-fixtures") => options.with_fixtures = true,
            Short('h') | Long("help") => return help_requested(),
            other => return Err(other.unexpected().to_string()),
        }
    }
    if options.accept && options.read_only {
        return Err("--accept: CI never writes snapshots (CI is set)".to_string());
    }
    if !options.cases_folder.is_dir() {
        return Err(format!("--cases {}: not a folder", options.cases_folder.display()));
    }
    let executable = std::env::current_exe().map_err(|error| format!("cannot find this program: {error}"))?;
    let report = judge(&options, &executable)?;
    let mut stdout = std::io::stdout().lock();
    let printed = if json {
        let mut value = serde_json::to_value(&report).map_err(|error| error.to_string())?;
        value["passed"] = serde_json::Value::Bool(report.passed());
        writeln!(stdout, "{}", serde_json::to_string_pretty(&value).map_err(|error| error.to_string())?)
    } else {
        write!(stdout, "{}", render_text(&report, use_color(std::io::stdout().is_terminal())))
    };
    printed.map_err(|error| format!("cannot write the report: {error}"))?;
    Ok(if report.passed() { 0 } else { 1 })
}
