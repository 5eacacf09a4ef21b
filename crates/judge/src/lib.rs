//! The judge engine: problems as CSES and LeetCode define them, case files, the registry of
//! implementations, one child-process runner, verdicts, snapshots, and the commands built on them
//! (judge, stress, bench, new-case, export).
//!
//! It knows nothing of a command line: `xtask` parses arguments and calls in here, and the tests
//! call in here directly. Dependencies point one way: this crate uses the checker and the solution
//! crates, never the front. Modules, from the bottom up: [`problem`], [`registry`], [`answer`],
//! [`runner`] and [`child`] (the two sides of a run), [`case`] and [`snapshot`], then the commands
//! [`judge`] (with [`report`]), [`stress`], [`bench`](mod@bench), [`new_case`] and [`export`]; [`escape`]
//! makes what a program wrote safe to show on a terminal.

pub mod answer;
pub mod bench;
pub mod case;
pub mod child;
pub(crate) mod choose;
pub mod contestant;
pub mod error;
pub mod escape;
pub(crate) mod executor;
pub mod export;
pub mod html;
pub mod judge;
pub mod languages;
pub mod limits;
pub mod new_case;
pub(crate) mod pattern;
pub(crate) mod pool;
pub mod problem;
pub mod registry;
pub mod report;
pub mod sizes;
pub mod snapshot;
pub mod stress;
pub mod submission;
pub(crate) mod table;
#[cfg(test)]
mod tidy;
pub(crate) mod truth;

/// The floor below the engine: one run of a program under limits, and the sandbox (the `run`
/// crate), under the paths the engine and its tests have always used.
pub use run::{runner, sandbox};
pub mod watch;

use std::os::unix::fs::DirBuilderExt;
use std::path::{Path, PathBuf};

/// How the user calls the judge, for the commands its messages suggest: `cargo xtask` unless the
/// front said otherwise ([`set_invocation`]: `queens-judge`, installed).
pub fn invocation() -> &'static str {
    INVOCATION.get().copied().unwrap_or("cargo xtask")
}

/// Tells the engine how the user calls it; the first call wins.
pub fn set_invocation(name: &'static str) {
    let _ = INVOCATION.set(name);
}

static INVOCATION: std::sync::OnceLock<&'static str> = std::sync::OnceLock::new();

/// The workspace's root folder, where `cases/` lives.
pub fn workspace_root() -> PathBuf {
    let manifest_folder = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest_folder.ancestors().nth(2).map_or_else(|| manifest_folder.to_path_buf(), Path::to_path_buf)
}

/// Whether this program runs without the clone it was built from (installed with `cargo install
/// --path crates/queens-judge`, the clone since moved or removed), or with a clone it cannot write (another
/// user's): its cases and its builds then live in [`installed_folder`], the user's own.
pub(crate) fn is_installed_away() -> bool {
    let root = workspace_root();
    !root.join("cases").is_dir()
        || !writable(&root.join("target")).unwrap_or_else(|| writable(&root).unwrap_or(false))
}

/// Whether this process may write in `folder`; `None` where it does not exist.
fn writable(folder: &Path) -> Option<bool> {
    use std::os::unix::ffi::OsStrExt;
    let path = std::ffi::CString::new(folder.as_os_str().as_bytes()).ok()?;
    // SAFETY: a valid C string for the duration of the call.
    let result = unsafe { libc::access(path.as_ptr(), libc::W_OK) };
    if result == 0 {
        Some(true)
    } else {
        (std::io::Error::last_os_error().raw_os_error() != Some(libc::ENOENT)).then_some(false)
    }
}

/// Where an installed judge keeps what the clone would hold: `$QUEENS_JUDGE_HOME`, else
/// `$XDG_CACHE_HOME/queens-judge`, else `~/.cache/queens-judge`, else a private folder of the
/// user's own under the temporary folder; one folder a version.
pub(crate) fn installed_folder() -> PathBuf {
    static CHOSEN: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    let base = CHOSEN.get_or_init(|| {
        let variable = |name: &str| std::env::var_os(name).filter(|value| !value.is_empty());
        // SAFETY: geteuid cannot fail.
        let uid = unsafe { libc::geteuid() };
        choose_installed_folder(&variable, &std::env::temp_dir(), uid)
    });
    base.join(env!("CARGO_PKG_VERSION"))
}

/// [`installed_folder`]'s choice, from the environment `variable` gives. Without a cache folder of
/// the user's own, the temporary folder's `queens-judge-UID`, made private (mode 0700) where it is
/// missing and used only when it is a folder (not a link) of this user's that no one else may
/// write; where another user made it first, or opened it, a new private folder of this process
/// instead (nothing cached across runs, nothing read from a folder another user controls).
fn choose_installed_folder(
    variable: &dyn Fn(&str) -> Option<std::ffi::OsString>,
    temp: &Path,
    uid: u32,
) -> PathBuf {
    if let Some(home) = variable("QUEENS_JUDGE_HOME") {
        return PathBuf::from(home);
    }
    if let Some(cache) = variable("XDG_CACHE_HOME")
        .or_else(|| variable("HOME").map(|home| Path::new(&home).join(".cache").into_os_string()))
    {
        return PathBuf::from(cache).join("queens-judge");
    }
    let shared = temp.join(format!("queens-judge-{uid}"));
    let _ = std::fs::DirBuilder::new().mode(0o700).create(&shared);
    if is_private(&shared, uid) {
        return shared;
    }
    (0..100u32)
        .map(|attempt| temp.join(format!("queens-judge-{uid}-{}-{attempt}", std::process::id())))
        .find(|fresh| std::fs::DirBuilder::new().mode(0o700).create(fresh).is_ok() && is_private(fresh, uid))
        .unwrap_or(shared)
}

/// Whether `folder` is a folder (not a link) owned by `uid` that no one else may write or read.
fn is_private(folder: &Path, uid: u32) -> bool {
    use std::os::unix::fs::MetadataExt;
    std::fs::symlink_metadata(folder)
        .is_ok_and(|metadata| metadata.is_dir() && metadata.uid() == uid && metadata.mode() & 0o077 == 0)
}

/// The cargo target folder: `CARGO_TARGET_DIR` when set, else `target/` at the workspace's root;
/// for an installed judge away from its clone, `target/` in `installed_folder`.
pub fn target_folder() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(
        || {
            if is_installed_away() {
                installed_folder().join("target")
            } else {
                workspace_root().join("target")
            }
        },
        PathBuf::from,
    )
}

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

/// The repository's cases and their snapshots, built into the engine (see `build.rs`).
pub mod embedded {
    include!(concat!(env!("OUT_DIR"), "/embedded.rs"));
}

/// Whether this run is CI's, which must never write a snapshot (insta reads the same variable).
pub fn is_ci() -> bool {
    std::env::var("CI").is_ok_and(|value| !value.is_empty() && value != "false" && value != "0")
}

/// A path as the user should read it: relative to the current folder when under it.
pub fn display_relative(path: &Path) -> String {
    let relative =
        std::env::current_dir().ok().and_then(|here| path.strip_prefix(here).ok().map(Path::to_path_buf));
    let shown = relative.unwrap_or_else(|| path.to_path_buf()).display().to_string().replace('\\', "/");
    // The current folder itself is `.`, never an empty word in a command.
    if shown.is_empty() {
        ".".to_string()
    } else {
        shown
    }
}

/// Opens a lock file (made if missing) and locks it (`operation`: `LOCK_SH` or `LOCK_EX`, perhaps
/// with `LOCK_NB`); again when the file was removed meanwhile (pruning the build cache removes the
/// lock files of a build it removes, while holding them), so that every holder of a lock holds one
/// file. The lock goes when the file is closed.
///
/// # Errors
/// The I/O error, its message one line naming the file, when the file cannot be made or locked
/// (`LOCK_NB`: when another holds it).
pub(crate) fn lock_file(path: &Path, operation: libc::c_int) -> Result<std::fs::File, std::io::Error> {
    use std::os::unix::fs::MetadataExt;
    let named = |what: &str, error: std::io::Error| {
        std::io::Error::new(error.kind(), format!("{}: {what}{error}", path.display()))
    };
    loop {
        let file = std::fs::File::options()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(|error| named("cannot create: ", error))?;
        // SAFETY: flock on a descriptor this function owns; released when `file` closes.
        if unsafe { libc::flock(std::os::fd::AsRawFd::as_raw_fd(&file), operation) } != 0 {
            return Err(named("cannot lock: ", std::io::Error::last_os_error()));
        }
        let held = file.metadata().map_err(|error| named("", error))?;
        if std::fs::metadata(path).is_ok_and(|now| now.ino() == held.ino() && now.dev() == held.dev()) {
            return Ok(file);
        }
    }
}

/// Writes a whole file under a temporary name beside it, then renames it into place, so that a
/// reader never sees it half-written; on failure the temporary file is removed and the target is
/// left as it was. The folder must exist: a mistyped one is an error, not a new folder.
///
/// # Errors
/// The I/O error, its message one line naming the file; the temporary file is removed.
pub fn write_atomically(path: &Path, text: &str) -> Result<(), std::io::Error> {
    use std::io::Write as _;
    let not_a_name = || {
        std::io::Error::new(std::io::ErrorKind::InvalidInput, format!("{}: not a file name", path.display()))
    };
    let file_name = path.file_name().ok_or_else(not_a_name)?.to_string_lossy();
    let folder = path.parent().filter(|folder| !folder.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let temporary = folder.join(format!(".{file_name}.{}.tmp", std::process::id()));
    let written = std::fs::File::create_new(&temporary)
        .and_then(|mut file| file.write_all(text.as_bytes()).and_then(|()| file.sync_all()))
        .and_then(|()| std::fs::rename(&temporary, path));
    written.map_err(|error| {
        let _ = std::fs::remove_file(&temporary);
        std::io::Error::new(error.kind(), format!("{}: cannot write: {error}", path.display()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn without_a_cache_of_the_users_own_the_folder_is_private_or_fresh() {
        let temp = std::env::temp_dir().join(format!("judge-installed-{}", std::process::id()));
        std::fs::create_dir_all(&temp).expect("a temporary folder");
        // SAFETY: geteuid cannot fail.
        let uid = unsafe { libc::geteuid() };
        let none = |_: &str| None;
        let home = |name: &str| (name == "HOME").then(|| std::ffi::OsString::from("/home/me"));
        assert_eq!(choose_installed_folder(&home, &temp, uid), Path::new("/home/me/.cache/queens-judge"));
        // Missing: made, private, and used again next time.
        let chosen = choose_installed_folder(&none, &temp, uid);
        assert_eq!(chosen, temp.join(format!("queens-judge-{uid}")));
        assert!(is_private(&chosen, uid));
        assert_eq!(choose_installed_folder(&none, &temp, uid), chosen);
        // Opened to others (or made by someone else first): never used.
        std::fs::set_permissions(&chosen, std::fs::Permissions::from_mode(0o777)).expect("chmod");
        let fresh = choose_installed_folder(&none, &temp, uid);
        assert_ne!(fresh, chosen);
        assert!(is_private(&fresh, uid), "{}", fresh.display());
        // A link planted there is not followed.
        std::fs::remove_dir(&chosen).expect("rmdir");
        std::os::unix::fs::symlink(&fresh, &chosen).expect("a link");
        assert_ne!(choose_installed_folder(&none, &temp, uid), chosen);
        let _ = std::fs::remove_dir_all(&temp);
    }
}
