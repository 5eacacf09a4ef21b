//! Snapshots of enumerated boards: one insta `.snap` file per case whose count is small enough to
//! read, drawn as grids in canonical order.
//!
//! The file is insta's own format, so `cargo insta review` accepts what the judge leaves pending and
//! the `cargo test` snapshot test (`xtask/tests/it/snapshots.rs`) reads what the judge accepts. The
//! repository's cases keep theirs beside that test, in `xtask/tests/it/snapshots/`, because
//! cargo-insta looks for pending snapshots only inside packages; another cases folder given with
//! `--cases DIR` keeps them in `DIR/snapshots/`. The name comes from the case's id alone
//! (`cses/sample` -> `cses__sample.snap`): insta's `glob!` would derive it from the common prefix of
//! all matched files, so a case added in a new folder could rename every snapshot.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use checker::{Board, Placement};

use crate::cases::{Case, SNAPSHOT_FOLDER};

/// Cases with at most this many solutions (and a side the oracle handles) keep their boards as a
/// snapshot.
pub const SNAPSHOT_LIMIT: u64 = 1000;

/// The test that asserts snapshots with insta; recorded as `source:` so both writers agree.
pub const SNAPSHOT_SOURCE: &str = "xtask/tests/it/snapshots.rs";

/// Whether a case keeps a snapshot: few solutions, on a board the brute-force oracle can draw
/// them from (a large board with a wrong, small `expected` would otherwise send the oracle
/// through a search of billions).
pub fn has_snapshot(case: &Case) -> bool {
    case.expected <= SNAPSHOT_LIMIT && case.board.n() <= crate::new_case::ORACLE_MAX_N
}

/// The snapshot's name: the case id with `/` as `__`, as insta names files.
pub fn snapshot_name(case: &Case) -> String {
    case.id.replace('/', "__")
}

/// The folder of the snapshots of the cases in `cases_folder` (see the module docs).
pub fn snapshot_folder(cases_folder: &Path) -> PathBuf {
    let is_the_repository_s =
        match (cases_folder.canonicalize(), crate::default_cases_folder().canonicalize()) {
            (Ok(given), Ok(default)) => given == default,
            _ => false,
        };
    if is_the_repository_s {
        crate::workspace_root().join(REPOSITORY_SNAPSHOT_FOLDER)
    } else {
        cases_folder.join(SNAPSHOT_FOLDER)
    }
}

/// Where the repository's own cases keep their snapshots, relative to the workspace's root.
pub const REPOSITORY_SNAPSHOT_FOLDER: &str = "xtask/tests/it/snapshots";

/// Where the snapshot of `case` lives, given the cases folder it was loaded from.
pub fn snapshot_path(cases_folder: &Path, case: &Case) -> PathBuf {
    snapshot_folder(cases_folder).join(format!("{}.snap", snapshot_name(case)))
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

/// The boards a snapshot body holds, read back as placements; its `*` must match the board.
///
/// # Errors
/// A one-line reason when the body is not what [`render`] writes for `board`.
pub fn parse_body(board: &Board, body: &str) -> Result<Vec<Placement>, String> {
    let mut blocks = body.trim_end().split("\n\n");
    blocks.next().ok_or("the snapshot is empty")?;
    let mut solutions = Vec::new();
    for (index, block) in blocks.enumerate() {
        let mut lines = block.lines();
        let title = lines.next().unwrap_or_default();
        if title != format!("solution {}", index + 1) {
            return Err(format!("expected `solution {}`, found `{title}`", index + 1));
        }
        let mut rows = Vec::new();
        for (row, line) in lines.enumerate() {
            for (col, square) in line.chars().enumerate() {
                if (square == '*') != board.is_reserved(row, col) {
                    return Err(format!(
                        "solution {}: row {}, column {}: reserved squares differ from the case's board",
                        index + 1,
                        row + 1,
                        col + 1
                    ));
                }
            }
            rows.push(line.replace('*', "."));
        }
        let placement =
            Placement::from_strings(&rows).map_err(|error| format!("solution {}: {error}", index + 1))?;
        solutions.push(placement);
    }
    Ok(solutions)
}

/// A snapshot file read from disk: its metadata lines and its body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SnapshotFile {
    pub input_file: Option<String>,
    pub body: String,
}

/// Reads a `.snap` file; `Ok(None)` when there is none.
///
/// # Errors
/// A one-line reason for an unreadable file or one without insta's `---` header.
pub fn read(path: &Path) -> Result<Option<SnapshotFile>, String> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(error) => return Err(format!("{}: cannot read: {error}", path.display())),
    };
    let header_and_body = text
        .strip_prefix("---\n")
        .and_then(|rest| rest.split_once("\n---\n"))
        .ok_or_else(|| format!("{}: not an insta snapshot (no `---` header)", path.display()))?;
    let (header, body) = header_and_body;
    let input_file = header
        .lines()
        .find_map(|line| line.strip_prefix("input_file:"))
        .map(|value| value.trim().to_string());
    Ok(Some(SnapshotFile { input_file, body: body.trim_end().to_string() }))
}

/// Writes a snapshot in insta's format; a pending one goes to `.snap.new` for `cargo insta review`.
///
/// The file is written whole to a temporary name and renamed, so nothing is ever half-written.
///
/// # Errors
/// The I/O error, as one line.
pub fn write(path: &Path, input_file: &str, body: &str, pending: bool) -> Result<PathBuf, String> {
    let target = if pending { path.with_extension("snap.new") } else { path.to_path_buf() };
    let mut text = format!("---\nsource: {SNAPSHOT_SOURCE}\n");
    if pending {
        // insta's pending files carry the assertion line; 0 says none, as the judge wrote it.
        text.push_str("assertion_line: 0\n");
    }
    text.push_str(&format!("input_file: {input_file}\n---\n{body}\n"));
    crate::write_atomically(&target, &text)?;
    Ok(target)
}
