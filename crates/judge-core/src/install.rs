//! Where this program runs from and what it keeps there: the name the user calls it by, the clone it
//! was built in or, installed away from it, a folder of the user's own, and the cargo target folder
//! its builds go to.

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
pub fn is_installed_away() -> bool {
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
pub fn installed_folder() -> PathBuf {
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

/// Whether this run is CI's, which must never write a snapshot (insta reads the same variable).
pub fn is_ci() -> bool {
    std::env::var("CI").is_ok_and(|value| !value.is_empty() && value != "false" && value != "0")
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
