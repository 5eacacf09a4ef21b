//! The judge's commands over its domain (`judge-core`): judge (with its text and HTML reports),
//! stress, bench, new-case, export and languages, how they choose their contestants, and the
//! cases built into the program with their snapshots.
//!
//! API boundary: it knows no command line (the front, `crates/queens-judge`, parses arguments and
//! calls in here) and renders ANSI styles without deciding on colour. Architecture invariant: it
//! runs nothing itself and chooses no verdict: every run goes through `judge_core::contestant`, and
//! a command only summarises the `Run`s it gets back. Modules: [`choose`](mod@choose), then the
//! commands [`judge`] (with [`report`] and [`html`]), [`stress`], [`bench`](mod@bench), [`new_case`],
//! [`export`] and [`languages`]; [`snapshot`] holds LeetCode 51's boards with insta.

pub mod bench;
pub(crate) mod choose;
pub mod export;
pub mod html;
pub mod judge;
pub mod languages;
pub mod new_case;
pub(crate) mod pattern;
pub mod report;
pub mod sizes;
pub mod snapshot;
pub mod stress;
pub(crate) mod table;
#[cfg(test)]
mod tidy;
pub mod watch;

use judge_core::files::{display_relative, write_atomically};
use judge_core::install::{installed_folder, is_installed_away, workspace_root};
use std::path::{Path, PathBuf};

/// The default cases folder: `cases/` at the workspace's root; for an installed judge away from its
/// clone, the cases built into it, written out once into `installed_folder` (with their
/// snapshots in its `snapshots/`).
pub fn default_cases_folder() -> PathBuf {
    if !is_installed_away() {
        return workspace_root().join("cases");
    }
    // Written out once a process: later asks (is this folder the default one?) read nothing.
    static WRITTEN: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    WRITTEN
        .get_or_init(|| {
            let folder = installed_folder().join("cases");
            write_builtin_cases(&folder);
            folder
        })
        .clone()
}

/// Whether `folder` is the default cases folder, which a command needs no `--cases` for.
pub(crate) fn is_default_cases_folder(folder: &Path) -> bool {
    matches!((folder.canonicalize(), default_cases_folder().canonicalize()), (Ok(given), Ok(default)) if given == default)
}

/// `word` as a shell reads it back: as it is when it holds nothing the shell would take apart,
/// else in single quotes.
pub(crate) fn shell_word(word: &str) -> String {
    let plain = !word.is_empty()
        && word.chars().all(|c| {
            c.is_ascii_alphanumeric() || matches!(c, '/' | '.' | '_' | '-' | '=' | ',' | '+' | ':' | '@')
        });
    if plain {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// A path as a suggested command takes it: relative to here where it can be, led by `./` where it
/// would start with `-` (a file named `--html=x.cpp` is a file, not an option), and quoted.
///
/// # Examples
/// ```
/// assert_eq!(judge::shell_path(std::path::Path::new("--html=victim.cpp")), "./--html=victim.cpp");
/// assert_eq!(judge::shell_path(std::path::Path::new("my file.py")), "'my file.py'");
/// ```
pub fn shell_path(path: &Path) -> String {
    let shown = display_relative(path);
    shell_word(&if shown.starts_with('-') { format!("./{shown}") } else { shown })
}

/// ` --cases DIR` for a cases folder other than the default one, else nothing: what a command the
/// judge suggests needs to find its cases.
pub fn cases_argument(cases_folder: &Path) -> String {
    if is_default_cases_folder(cases_folder) {
        String::new()
    } else {
        format!(" --cases {}", shell_path(cases_folder))
    }
}

/// Writes the cases built into the engine into `folder` (their snapshots into its `snapshots/`),
/// each file only where it is missing or different.
pub fn write_builtin_cases(folder: &Path) {
    for (files, below) in
        [(embedded::CASES, folder.to_path_buf()), (embedded::SNAPSHOTS, folder.join("snapshots"))]
    {
        for (relative, text) in files {
            let path = below.join(relative);
            if std::fs::read_to_string(&path).is_ok_and(|found| found == *text) {
                continue;
            }
            if let Some(parent) = path.parent() {
                let _ = std::fs::create_dir_all(parent);
            }
            // A folder that cannot be written is told when the cases are read.
            let _ = write_atomically(&path, text);
        }
    }
}

/// The repository's cases and their snapshots, built into the commands (see `build.rs`).
pub mod embedded {
    include!(concat!(env!("OUT_DIR"), "/embedded.rs"));
}
