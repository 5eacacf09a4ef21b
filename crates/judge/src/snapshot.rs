//! Snapshots of enumerated boards: one insta snapshot per case whose count is small enough to read,
//! the boards drawn as grids in canonical order.
//!
//! insta owns the format: this module renders a case's boards as text and asserts them with
//! `insta::assert_snapshot!`, which compares, writes a pending `.snap.new`, accepts, or writes
//! nothing, as its update setting says ([`configure`]). The judge and the `cargo test` snapshot test
//! call the one function here, [`assert_case`], so both write the same files. The boards asserted
//! always come from the checker's brute-force oracle and are checked first (their number equals the
//! case's `expected`, each passes the checker, none twice), so a snapshot only ever records boards
//! known to be right.
//!
//! The repository's cases keep their snapshots in `crates/judge/tests/it/snapshots/` (cargo-insta
//! looks for pending snapshots inside packages); another cases folder keeps them in its own
//! `snapshots/`, written only when asked (`--accept`). A snapshot's name is its case id with `/` as
//! `__` (`cses/sample` -> `cses__sample.snap`); [`crate::case::load_cases`] refuses two ids with one
//! name.

use std::fmt::Write as _;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use checker::{oracle, solution_set, Board, Placement};

use crate::case::Case;

/// Cases with at most this many solutions (and a side the oracle handles) keep their boards as a
/// snapshot.
pub const SNAPSHOT_LIMIT: u64 = 1000;

/// Where the repository's own cases keep their snapshots, relative to the workspace's root.
pub const REPOSITORY_SNAPSHOT_FOLDER: &str = "crates/judge/tests/it/snapshots";

/// Whether a case keeps a snapshot: few solutions, on a board the brute-force oracle can draw
/// them from (a large board with a wrong, small `expected` would otherwise send the oracle
/// through a search of billions).
pub fn has_snapshot(case: &Case) -> bool {
    case.expected <= SNAPSHOT_LIMIT && case.board.n() <= crate::case::ORACLE_MAX_N
}

pub use crate::case::snapshot_name;

/// Whether `cases_folder` is the repository's own `cases/`.
pub fn is_repository_folder(cases_folder: &Path) -> bool {
    match (cases_folder.canonicalize(), crate::default_cases_folder().canonicalize()) {
        (Ok(given), Ok(default)) => given == default,
        _ => false,
    }
}

/// The folder of the snapshots of the cases in `cases_folder` (see the module docs).
pub fn snapshot_folder(cases_folder: &Path) -> PathBuf {
    if is_repository_folder(cases_folder) {
        crate::workspace_root().join(REPOSITORY_SNAPSHOT_FOLDER)
    } else {
        cases_folder.join(crate::case::SNAPSHOT_FOLDER)
    }
}

/// What a snapshot assertion may write; insta reads it from its update setting.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum WriteMode {
    /// Write nothing (CI, or a cases folder that is not the repository's without `--accept`).
    Nothing,
    /// A changed or missing snapshot leaves a pending `.snap.new` for `cargo insta review`.
    Pending,
    /// A changed or missing snapshot is written as accepted.
    Accept,
}

/// Sets insta's update setting for this process, and its workspace (so that it never asks cargo).
/// insta reads these once, at the first assertion: call this before any, while the process has
/// one thread.
pub fn configure(mode: WriteMode) {
    let update = match mode {
        WriteMode::Nothing => "no",
        WriteMode::Pending => "new",
        WriteMode::Accept => "always",
    };
    std::env::set_var("INSTA_UPDATE", update);
    std::env::set_var("INSTA_OUTPUT", "none");
    std::env::set_var("INSTA_FORCE_PASS", "0");
    std::env::set_var("INSTA_WORKSPACE_ROOT", crate::workspace_root());
}

/// The snapshot body: a header line, then every solution as a grid (`Q` queen, `*` reserved).
pub fn render(board: &Board, solutions: &[Placement]) -> String {
    let count = solutions.len();
    let mut body = format!(
        "n = {}, {} reserved, {count} solution{}, canonical order",
        board.n(),
        board.reserved_count(),
        if count == 1 { "" } else { "s" }
    );
    for (index, placement) in solutions.iter().enumerate() {
        write!(body, "\n\nsolution {}", index + 1).expect("writing to a String cannot fail");
        for row in placement.draw_on(board) {
            body.push('\n');
            body.push_str(&row);
        }
    }
    body
}

/// The oracle's boards of `case` in canonical order, checked: their number is `expected`, each
/// passes the checker, none twice.
///
/// # Errors
/// A one-line reason: the oracle and `expected` disagree (the case file is wrong), or, were the
/// oracle ever wrong, the checker's complaint.
pub fn oracle_boards(case: &Case) -> Result<Vec<Placement>, String> {
    let mut boards = oracle::solutions(&case.board);
    solution_set::canonical_order(&mut boards);
    if boards.len() as u64 != case.expected {
        return Err(format!(
            "the brute-force oracle finds {} solutions where `expected` is {}",
            boards.len(),
            case.expected
        ));
    }
    for (index, placement) in boards.iter().enumerate() {
        checker::check(&case.board, placement)
            .map_err(|error| format!("oracle board {}: {error}", index + 1))?;
    }
    if !solution_set::duplicates(&boards).is_empty() {
        return Err("the oracle repeats a board".to_string());
    }
    Ok(boards)
}

/// What became of a case's snapshot.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum SnapshotStatus {
    /// It holds exactly the oracle's boards.
    Matches,
    /// It was missing or different, and was written as accepted.
    Accepted { path: String },
    /// It was missing or different; a `.snap.new` waits for `cargo insta review` or `--accept`.
    Pending { path: String },
    /// It is missing or different and nothing was written, or the case's boards cannot be drawn.
    Failed { reason: String },
}

impl SnapshotStatus {
    pub fn is_ok(&self) -> bool {
        matches!(self, SnapshotStatus::Matches | SnapshotStatus::Accepted { .. })
    }
}

/// Asserts the snapshot of `case` (from `cases_folder`) holds `boards`, through insta. A failed
/// assertion is caught: insta's panic is the signal, and what it wrote says which status follows.
pub fn assert_case(cases_folder: &Path, case: &Case, boards: &[Placement]) -> SnapshotStatus {
    let folder = snapshot_folder(cases_folder);
    let name = snapshot_name(&case.id);
    let path = folder.join(format!("{name}.snap"));
    let pending = folder.join(format!("{name}.snap.new"));
    let before = std::fs::read(&path).ok();
    let body = render(&case.board, boards);
    let asserted = catch_unwind(AssertUnwindSafe(|| {
        insta::with_settings!({
            snapshot_path => &folder,
            prepend_module_to_snapshot => false,
            omit_expression => true,
            input_file => &case.path,
        }, {
            insta::assert_snapshot!(name.as_str(), body);
        });
    }));
    let shown = |path: &Path| crate::display_relative(path);
    match asserted {
        Ok(()) if std::fs::read(&path).ok() != before => SnapshotStatus::Accepted { path: shown(&path) },
        Ok(()) => SnapshotStatus::Matches,
        Err(_) if pending.exists() => SnapshotStatus::Pending { path: shown(&pending) },
        Err(_) => SnapshotStatus::Failed {
            reason: format!(
                "{}: {} (nothing was written)",
                shown(&path),
                if before.is_some() { "does not hold the oracle's boards" } else { "no snapshot yet" }
            ),
        },
    }
}

/// Runs `body` with panics kept quiet: insta's failed assertions are expected and reported as a
/// status, not as a message on stderr. Call it while the process has one thread.
pub fn quietly<T>(body: impl FnOnce() -> T) -> T {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let result = body();
    std::panic::set_hook(previous);
    result
}
