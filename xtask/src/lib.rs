//! The workspace's tasks behind `cargo xtask`: the judge and its helpers.
//!
//! Only this crate sees every solution crate and the checker together; the binary (`main.rs`) parses
//! the command line and calls into these modules, which the integration tests call directly too.

pub mod bench;
pub mod cases;
pub mod cli;
pub mod export;
pub mod isolate;
pub mod judge;
pub mod new_case;
pub mod pattern;
pub mod registry;
pub mod sizes;
pub mod snapshot;
pub mod stress;
pub mod table;

use std::path::PathBuf;

/// The workspace's root folder, where `cases/` lives.
pub fn workspace_root() -> PathBuf {
    let manifest_folder = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest_folder.parent().map(PathBuf::from).unwrap_or(manifest_folder)
}

/// The default cases folder: `cases/` at the workspace's root.
pub fn default_cases_folder() -> PathBuf {
    workspace_root().join("cases")
}

/// Whether this run is CI's, which must never write a snapshot (insta reads the same variable).
pub fn is_ci() -> bool {
    std::env::var("CI").is_ok_and(|value| !value.is_empty() && value != "false" && value != "0")
}

/// Whether to colour output for a person: a terminal, and no `NO_COLOR`.
pub fn use_color(is_terminal: bool) -> bool {
    is_terminal && std::env::var_os("NO_COLOR").is_none_or(|value| value.is_empty())
}

/// A path as insta records it: relative to the workspace's root when under it, `/`-separated.
pub fn workspace_relative(path: &std::path::Path) -> String {
    let root = workspace_root().canonicalize().ok();
    let full = path.canonicalize().ok();
    let relative = match (root, full) {
        (Some(root), Some(full)) => full.strip_prefix(&root).ok().map(std::path::Path::to_path_buf),
        _ => None,
    };
    relative.unwrap_or_else(|| path.to_path_buf()).display().to_string().replace('\\', "/")
}

/// Writes a whole file under a temporary name beside it, then renames it into place, so that a
/// reader never sees it half-written; on failure the temporary file is removed and the target is
/// left as it was. The folder is created if needed.
///
/// # Errors
/// The I/O error, as one line naming the file.
pub fn write_atomically(path: &std::path::Path, text: &str) -> Result<(), String> {
    if let Some(folder) = path.parent().filter(|folder| !folder.as_os_str().is_empty()) {
        std::fs::create_dir_all(folder)
            .map_err(|error| format!("{}: cannot create: {error}", folder.display()))?;
    }
    let mut temporary_name = path.file_name().unwrap_or_default().to_os_string();
    temporary_name.push(format!(".{}.tmp", std::process::id()));
    let temporary = path.with_file_name(temporary_name);
    std::fs::write(&temporary, text).and_then(|()| std::fs::rename(&temporary, path)).map_err(|error| {
        let _ = std::fs::remove_file(&temporary);
        format!("{}: cannot write: {error}", path.display())
    })
}
