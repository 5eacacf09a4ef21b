//! The judge engine: problems as CSES and LeetCode define them, case files, the registry of
//! implementations, one child-process runner, verdicts, snapshots, and the commands built on them
//! (judge, stress, bench, new-case, export).
//!
//! It knows nothing of a command line: `xtask` parses arguments and calls in here, and the tests
//! call in here directly. Dependencies point one way: this crate uses the checker and the solution
//! crates, never the front. Modules, from the bottom up: [`problem`], [`registry`], [`answer`],
//! [`runner`] and [`child`] (the two sides of a run), [`case`] and [`snapshot`], then the commands
//! [`judge`] (with [`report`]), [`stress`], [`bench`], [`new_case`] and [`export`]; [`escape`]
//! makes what a program wrote safe to show on a terminal.

pub mod answer;
pub mod bench;
pub mod case;
pub mod child;
pub mod choose;
pub mod contestant;
pub mod error;
pub mod escape;
pub mod executor;
pub mod export;
pub mod judge;
pub mod languages;
pub mod new_case;
pub mod pattern;
pub mod pool;
pub mod problem;
pub mod registry;
pub mod report;
pub mod runner;
pub mod sandbox;
pub mod sizes;
pub mod snapshot;
pub mod stress;
pub mod submission;
pub mod table;
#[cfg(test)]
mod tidy;
pub mod truth;
pub mod watch;

use std::path::{Path, PathBuf};

/// The workspace's root folder, where `cases/` lives.
pub fn workspace_root() -> PathBuf {
    let manifest_folder = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest_folder.ancestors().nth(2).map_or_else(|| manifest_folder.to_path_buf(), Path::to_path_buf)
}

/// The cargo target folder: `CARGO_TARGET_DIR` when set, else `target/` at the workspace's root.
pub fn target_folder() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| workspace_root().join("target"), PathBuf::from)
}

/// The default cases folder: `cases/` at the workspace's root.
pub fn default_cases_folder() -> PathBuf {
    workspace_root().join("cases")
}

/// Whether this run is CI's, which must never write a snapshot (insta reads the same variable).
pub fn is_ci() -> bool {
    std::env::var("CI").is_ok_and(|value| !value.is_empty() && value != "false" && value != "0")
}

/// A path as the user should read it: relative to the current folder when under it.
pub fn display_relative(path: &Path) -> String {
    let relative =
        std::env::current_dir().ok().and_then(|here| path.strip_prefix(here).ok().map(Path::to_path_buf));
    relative.unwrap_or_else(|| path.to_path_buf()).display().to_string().replace('\\', "/")
}

/// Writes a whole file under a temporary name beside it, then renames it into place, so that a
/// reader never sees it half-written; on failure the temporary file is removed and the target is
/// left as it was. The folder must exist: a mistyped one is an error, not a new folder.
///
/// # Errors
/// The I/O error, as one line naming the file; the temporary file is removed.
pub fn write_atomically(path: &Path, text: &str) -> Result<(), String> {
    use std::io::Write as _;
    let file_name =
        path.file_name().ok_or_else(|| format!("{}: not a file name", path.display()))?.to_string_lossy();
    let folder = path.parent().filter(|folder| !folder.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let temporary = folder.join(format!(".{file_name}.{}.tmp", std::process::id()));
    let written = std::fs::File::create_new(&temporary)
        .and_then(|mut file| file.write_all(text.as_bytes()).and_then(|()| file.sync_all()))
        .and_then(|()| std::fs::rename(&temporary, path));
    written.map_err(|error| {
        let _ = std::fs::remove_file(&temporary);
        format!("{}: cannot write: {error}", path.display())
    })
}
