//! Snapshots of enumerated boards, where they earn their keep: one insta snapshot per LeetCode 51
//! case (an empty board, from a case file) whose count is small enough to read, the boards drawn as
//! grids in canonical order. A count case (a board with reserved squares) and a test's `NAME.in` /
//! `NAME.out` pair need none: their answer is one number, which the run is judged against.
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
//! `__` (`cses/sample` -> `cses__sample.snap`); [`judge_core::case::load_cases`] refuses two ids with one
//! name.
//!
//! Nothing is written through a symbolic link: when the snapshot folder, a folder between the cases
//! folder (or the workspace, for the repository's) and it, or the snapshot file is a link, the
//! status is a one-line refusal. Nothing is left half-written either: insta writes with a plain
//! `fs::write`, so it asserts in a folder of its own under the system's temporary folder, holding a
//! copy of the snapshot, and what it wrote there is written into place whole (a temporary file
//! beside the target, then a rename, [`judge_core::files::write_atomically`]). That costs a copy of one small
//! file per case.

use std::fmt::Write as _;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use checker::{Board, Placement};

use judge_core::case::{refuse_links_below, Case};

/// Cases with at most this many solutions (and a side the oracle handles) keep their boards as a
/// snapshot.
pub const SNAPSHOT_LIMIT: u64 = 1000;

/// Where the repository's own cases keep their snapshots, relative to the workspace's root.
pub const REPOSITORY_SNAPSHOT_FOLDER: &str = "crates/judge/tests/it/snapshots";

/// Whether a case keeps a snapshot: a case file's empty board, which a problem lists the boards of
/// (LeetCode 51), with few solutions, on a side the brute-force oracle can draw them from (a large board with
/// a wrong, small `expected` would otherwise send the oracle through a search of billions).
pub fn has_snapshot(case: &Case) -> bool {
    let Some((board, expected)) = case.board_and_count() else { return false };
    case.expected_from == judge_core::case::ExpectedFrom::CaseFile
        && board.reserved_count() == 0
        && judge_core::problem::Problem::all()
            .any(|problem| problem.lists_boards() && problem.admits(&case.input).is_some())
        && expected <= SNAPSHOT_LIMIT
        && board.n() <= judge_core::case::ORACLE_MAX_N
}

pub(crate) use judge_core::case::snapshot_name;

/// Whether `cases_folder` is the repository's own `cases/` (never, for an installed judge away from
/// its clone: its built-in cases keep their snapshots beside them, as any other folder does).
pub fn is_repository_folder(cases_folder: &Path) -> bool {
    if judge_core::install::is_installed_away() {
        return false;
    }
    match (cases_folder.canonicalize(), crate::default_cases_folder().canonicalize()) {
        (Ok(given), Ok(default)) => given == default,
        _ => false,
    }
}

/// The folder of the snapshots of the cases in `cases_folder` (see the module docs).
pub fn snapshot_folder(cases_folder: &Path) -> PathBuf {
    if is_repository_folder(cases_folder) {
        judge_core::install::workspace_root().join(REPOSITORY_SNAPSHOT_FOLDER)
    } else {
        cases_folder.join(judge_core::case::SNAPSHOT_FOLDER)
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
    std::env::set_var("INSTA_WORKSPACE_ROOT", judge_core::install::workspace_root());
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

/// Every right board of `case` (see `judge_core::truth::boards`).
///
/// # Errors
/// What disagrees (the case's `expected`, or the oracle with the checker).
pub fn oracle_boards(case: &Case) -> Result<Vec<Placement>, judge_core::error::Error> {
    let not_a_board = || judge_core::error::Error::Input("no boards: the case is not a board's".to_string());
    let (board, expected) = case.board_and_count().ok_or_else(not_a_board)?;
    judge_core::truth::boards(board, expected)
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
    pub(crate) fn is_ok(&self) -> bool {
        matches!(self, SnapshotStatus::Matches | SnapshotStatus::Accepted { .. })
    }
}

/// Asserts the snapshot of `case` (from `cases_folder`) holds `boards`, through insta. A failed
/// assertion is caught: insta's panic is the signal, and what it wrote says which status follows.
/// insta asserts in a staging folder, and only what it wrote there is written into place (see the
/// module docs).
pub fn assert_case(cases_folder: &Path, case: &Case, boards: &[Placement]) -> SnapshotStatus {
    let Places { folder, base, name, path, pending } = places(cases_folder, case);
    let snap_file = format!("{name}.snap");
    let pending_file = format!("{name}.snap.new");
    let failed =
        |reason: String| SnapshotStatus::Failed { reason: format!("{reason} (nothing was written)") };
    for target in [&path, &pending] {
        if let Err(reason) = refuse_links_below(&base, target) {
            return failed(reason.to_string());
        }
    }
    let before = match read_snapshot(&path) {
        Ok(before) => before,
        Err(reason) => return failed(reason),
    };
    let staging = match Staging::new() {
        Ok(staging) => staging,
        Err(reason) => return failed(reason),
    };
    if let Some(before) = &before {
        if let Err(error) = std::fs::write(staging.path.join(&snap_file), before) {
            return failed(format!("{}: cannot write: {error}", staging.path.display()));
        }
    }
    let Some(board) = case.board() else { return failed("no boards: the case is not a board's".into()) };
    let body = render(board, boards);
    ASSERTING.with(|asserting| asserting.set(true));
    let asserted = catch_unwind(AssertUnwindSafe(|| {
        insta::with_settings!({
            snapshot_path => &staging.path,
            prepend_module_to_snapshot => false,
            omit_expression => true,
            input_file => &case.path,
        }, {
            insta::assert_snapshot!(name.as_str(), body);
        });
    }));
    ASSERTING.with(|asserting| asserting.set(false));
    let after = std::fs::read(staging.path.join(&snap_file)).ok();
    let written_pending = std::fs::read(staging.path.join(&pending_file)).ok();
    let shown = |path: &Path| judge_core::files::display_relative(path);
    let publish = |target: &Path, bytes: Vec<u8>| -> Result<(), String> {
        // Checked again just before writing: the judge may have run a while since.
        refuse_links_below(&base, target).map_err(|error| error.to_string())?;
        let text =
            String::from_utf8(bytes).map_err(|_| format!("{}: insta wrote no UTF-8", target.display()))?;
        std::fs::create_dir_all(&folder)
            .map_err(|error| format!("{}: cannot create: {error}", folder.display()))?;
        judge_core::files::write_atomically(target, &text).map_err(|error| error.to_string())
    };
    match (asserted, after) {
        (Ok(()), Some(after)) if Some(&after) != before.as_ref() => match publish(&path, after) {
            Ok(()) => SnapshotStatus::Accepted { path: shown(&path) },
            Err(reason) => failed(reason),
        },
        (Ok(()), _) => {
            // A match makes an earlier pending snapshot stale, as insta itself would remove it.
            if std::fs::symlink_metadata(&pending).is_ok() {
                let _ = std::fs::remove_file(&pending);
            }
            SnapshotStatus::Matches
        }
        (Err(_), _) => match written_pending {
            Some(bytes) => match publish(&pending, bytes) {
                Ok(()) => SnapshotStatus::Pending { path: shown(&pending) },
                Err(reason) => failed(reason),
            },
            None => failed(format!(
                "{}: {}",
                shown(&path),
                if before.is_some() { "does not hold the oracle's boards" } else { "no snapshot yet" }
            )),
        },
    }
}

/// Where the snapshot of a case lives.
struct Places {
    /// Its folder.
    folder: PathBuf,
    /// The place the user named (or the workspace): it may be a link; nothing below it may be.
    base: PathBuf,
    /// The snapshot's name (its case id, `/` as `__`).
    name: String,
    /// The snapshot, and its pending version (`.snap.new`).
    path: PathBuf,
    pending: PathBuf,
}

fn places(cases_folder: &Path, case: &Case) -> Places {
    let folder = snapshot_folder(cases_folder);
    let base = if is_repository_folder(cases_folder) {
        judge_core::install::workspace_root()
    } else {
        cases_folder.to_path_buf()
    };
    let name = snapshot_name(&case.id);
    let (path, pending) = (folder.join(format!("{name}.snap")), folder.join(format!("{name}.snap.new")));
    Places { folder, base, name, path, pending }
}

/// Whether the snapshot of `case` already holds `boards`, read without insta and without writing
/// anything (its body, after insta's front matter, is what [`render`] gives), with no pending
/// `.snap.new` beside it to remove: what [`assert_case`] would find, told a few times quicker, and
/// safely from any thread. False in every other case, which `assert_case` then settles.
pub fn already_matches(cases_folder: &Path, case: &Case, boards: &[Placement]) -> bool {
    let Places { base, path, pending, .. } = places(cases_folder, case);
    if refuse_links_below(&base, &path).is_err() || std::fs::symlink_metadata(pending).is_ok() {
        return false;
    }
    let Ok(Some(bytes)) = read_snapshot(&path) else { return false };
    let Ok(text) = String::from_utf8(bytes) else { return false };
    let body = text.strip_prefix("---\n").and_then(|rest| rest.find("\n---\n").map(|end| &rest[end + 5..]));
    let Some(board) = case.board() else { return false };
    body.is_some_and(|body| body.trim_end_matches('\n') == render(board, boards).trim_end_matches('\n'))
}

/// A snapshot file's bytes, `None` when there is none; only a regular file is read (a FIFO would
/// block the read).
fn read_snapshot(path: &Path) -> Result<Option<Vec<u8>>, String> {
    match std::fs::symlink_metadata(path) {
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Ok(metadata) if !metadata.is_file() => Err(format!("{}: not a regular file", path.display())),
        _ => {
            std::fs::read(path).map(Some).map_err(|error| format!("{}: cannot read: {error}", path.display()))
        }
    }
}

/// A new, empty folder of this process under the system's temporary folder, removed when dropped.
struct Staging {
    path: PathBuf,
}

impl Staging {
    fn new() -> Result<Staging, String> {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let unique =
            format!("judge-snapshot-{}-{}", std::process::id(), COUNTER.fetch_add(1, Ordering::Relaxed));
        let path = std::env::temp_dir().join(unique);
        // `create_dir`, not `_all`: it fails on anything already there, a link included.
        std::fs::create_dir(&path).map_err(|error| format!("{}: cannot create: {error}", path.display()))?;
        Ok(Staging { path })
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

thread_local! {
    /// Set while this thread makes insta's assertion, whose failure is expected and reported as a
    /// status.
    static ASSERTING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `body` with insta's failed assertions kept quiet (they are reported as a status, not as a
/// message on stderr). Every other panic, on any thread, is the judge's own bug: it is told on
/// stderr, with a line saying so, never hidden.
pub fn quietly<T>(body: impl FnOnce() -> T) -> T {
    static HOOK: std::sync::Once = std::sync::Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if ASSERTING.with(std::cell::Cell::get) {
                return;
            }
            use std::io::Write as _;
            previous(info);
            // stderr may be gone (`2>&-`): nothing more can be told then.
            let _ = writeln!(
                std::io::stderr(),
                "error: the judge itself failed (a bug of the judge's, not of any file it judged); please report it"
            );
        }));
    });
    body()
}
