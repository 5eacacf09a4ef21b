//! The fence around a run outside the sandbox (`--no-sandbox`): a Landlock domain of its own, made
//! by the kernel's unprivileged access control, so that a run which shares the judge's user still
//! sees the host the way a sandboxed run sees its root, and reaches nothing outside its domain.
//!
//! - Files: it may read and execute beneath the folders the sandbox shows (`/usr`, the `/bin` and
//!   `/lib` folders, `/etc/alternatives`, the toolchain's folders and the run's [`Layout`]), read
//!   `/proc` and two files of `/etc` (OpenSSL's settings, the loader's cache), read and write the
//!   sandbox's few device nodes, and write only beneath its own scratch folder and the layout's
//!   writable folder (a build's). Not `$HOME`, not the judge's caches, not `/etc`, not the cgroup
//!   files (so it cannot leave its groups, even as root).
//! - Processes: no `ptrace`, and so no `/proc/PID/mem` or `environ`, of any process outside its
//!   domain (the judge, another run), whatever Yama says.
//! - Where the kernel has them (Landlock ABI 4 and 6): no TCP, no signal to a process outside its
//!   domain, no abstract Unix socket outside it.
//!
//! The ruleset is made before the fork; the child only calls `landlock_restrict_self` on it,
//! after `PR_SET_NO_NEW_PRIVS`. A kernel without Landlock gives no fence ([`Fence::new`] says so),
//! and the seccomp filter ([`super::SignalFilter`]) is then all there is.

use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::path::{Path, PathBuf};

use super::{Layout, DEVICES};
use crate::MachineError;

const EXECUTE: u64 = 1 << 0;
const WRITE_FILE: u64 = 1 << 1;
const READ_FILE: u64 = 1 << 2;
const READ_DIR: u64 = 1 << 3;
/// `REMOVE_DIR` up to `MAKE_SYM`: every way of changing a folder's entries.
const CHANGE_DIR: u64 = 0b1_1111_1111 << 4;
const REFER: u64 = 1 << 13;
const TRUNCATE: u64 = 1 << 14;
/// The rights a rule on a file (not a folder) may hold.
const FILE_RIGHTS: u64 = EXECUTE | WRITE_FILE | READ_FILE | TRUNCATE;
const TCP: u64 = 0b11;
const SCOPE_ABSTRACT_UNIX_SOCKET: u64 = 1 << 0;
const SCOPE_SIGNAL: u64 = 1 << 1;
const CREATE_RULESET_VERSION: u32 = 1 << 0;
const RULE_PATH_BENEATH: u32 = 1;

const READ: u64 = EXECUTE | READ_FILE | READ_DIR;

#[repr(C)]
struct RulesetAttr {
    handled_access_fs: u64,
    handled_access_net: u64,
    scoped: u64,
}

#[repr(C, packed)]
struct PathBeneathAttr {
    allowed_access: u64,
    parent_fd: i32,
}

/// A run's fence, made before the fork (see the module's documentation), and the scratch folder
/// it may write in (its `TMPDIR`), removed with it.
#[derive(Debug)]
pub(crate) struct Fence {
    ruleset: OwnedFd,
    scratch: Scratch,
    /// The file-system rights the ruleset handles on this kernel.
    handled: u64,
}

/// What the child needs of a [`Fence`] between `fork` and `exec`: its ruleset's descriptor.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Restriction(i32);

impl Restriction {
    /// Puts the calling process (the run's child, after `PR_SET_NO_NEW_PRIVS`, before its
    /// `execve`) behind the fence. A plain system call: safe between `fork` and `exec`.
    pub(crate) fn restrict(self) -> std::io::Result<()> {
        // SAFETY: a plain system call on a descriptor the fence keeps open until the run ends.
        if unsafe { libc::syscall(libc::SYS_landlock_restrict_self, self.0, 0u32) } != 0 {
            return Err(std::io::Error::last_os_error());
        }
        Ok(())
    }
}

/// A folder of the judge's temporary folder, only its user's, removed when dropped.
#[derive(Debug)]
struct Scratch(PathBuf);

/// What a scratch folder's name starts with, before its judge's pid.
const SCRATCH_PREFIX: &str = "queens-judge-run-";

impl Scratch {
    fn new() -> Result<Scratch, String> {
        use std::os::unix::fs::DirBuilderExt;
        static SWEPT: std::sync::Once = std::sync::Once::new();
        SWEPT.call_once(|| sweep_dead_judges_scratch(&std::env::temp_dir()));
        static COUNT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let count = COUNT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!("{SCRATCH_PREFIX}{}-{count}", std::process::id()));
        std::fs::DirBuilder::new()
            .mode(0o700)
            .create(&path)
            .map_err(|error| format!("cannot make {}: {error}", path.display()))?;
        Ok(Scratch(path))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Removes the scratch folders in `temp` that a judge killed before it could (`SIGKILL`, a power
/// cut) left: those of this judge's user whose judge's pid is no live process. A folder of a live
/// judge, or another user's, is left alone.
fn sweep_dead_judges_scratch(temp: &Path) {
    use std::os::unix::fs::MetadataExt;
    // SAFETY: geteuid has no preconditions.
    let uid = unsafe { libc::geteuid() };
    let Ok(entries) = std::fs::read_dir(temp) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|name| name.strip_prefix(SCRATCH_PREFIX))
            .and_then(|rest| rest.split_once('-'))
            .and_then(|(pid, _)| pid.parse::<libc::pid_t>().ok())
        else {
            continue;
        };
        let Ok(metadata) = std::fs::symlink_metadata(entry.path()) else { continue };
        // SAFETY: signal 0 only asks whether the process exists (EPERM: it does, another user's).
        let alive = unsafe { libc::kill(pid, 0) } == 0
            || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM);
        if metadata.is_dir() && metadata.uid() == uid && !alive {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// The Landlock ABI this kernel speaks, 0 where it has none (or it is turned off).
pub fn landlock_abi() -> u32 {
    static ABI: std::sync::OnceLock<u32> = std::sync::OnceLock::new();
    *ABI.get_or_init(|| {
        // SAFETY: the version query takes no attribute.
        let abi = unsafe {
            libc::syscall(
                libc::SYS_landlock_create_ruleset,
                std::ptr::null::<RulesetAttr>(),
                0usize,
                CREATE_RULESET_VERSION,
            )
        };
        u32::try_from(abi).unwrap_or(0)
    })
}

/// Every right of writing this kernel's Landlock knows (`REFER` from ABI 2, `TRUNCATE` from 3).
fn write_rights(abi: u32) -> u64 {
    WRITE_FILE | CHANGE_DIR | if abi >= 2 { REFER } else { 0 } | if abi >= 3 { TRUNCATE } else { 0 }
}

impl Fence {
    /// The fence of a run that sees `layout`, with a scratch folder of its own; `None` where the
    /// kernel has no Landlock.
    ///
    /// # Errors
    /// The machine's ([`MachineError`]), one line: the kernel has Landlock but refuses the
    /// ruleset, or no scratch folder can be made.
    pub fn new(layout: &Layout) -> Result<Option<Fence>, MachineError> {
        Fence::make(layout).map_err(MachineError)
    }

    fn make(layout: &Layout) -> Result<Option<Fence>, String> {
        let abi = landlock_abi();
        if abi == 0 {
            return Ok(None);
        }
        let write = write_rights(abi);
        let attr = RulesetAttr {
            handled_access_fs: READ | write,
            handled_access_net: if abi >= 4 { TCP } else { 0 },
            scoped: if abi >= 6 { SCOPE_ABSTRACT_UNIX_SOCKET | SCOPE_SIGNAL } else { 0 },
        };
        let size = if abi >= 6 {
            size_of::<RulesetAttr>()
        } else if abi >= 4 {
            16
        } else {
            8
        };
        // SAFETY: a valid attribute of the size given.
        let fd = unsafe { libc::syscall(libc::SYS_landlock_create_ruleset, &attr, size, 0u32) };
        if fd < 0 {
            return Err(format!("cannot make a Landlock ruleset: {}", std::io::Error::last_os_error()));
        }
        // SAFETY: a descriptor the kernel just gave, owned by nothing else.
        let ruleset = unsafe { OwnedFd::from_raw_fd(fd as i32) };
        let fence = Fence { ruleset, scratch: Scratch::new()?, handled: attr.handled_access_fs };
        for folder in ["/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc/alternatives"] {
            fence.allow(Path::new(folder), READ)?;
        }
        // Two files of `/etc` a runtime opens whatever it runs, and stops at when refused where
        // a missing one is passed over (Node's OpenSSL), or loads faster with (the loader's cache).
        for file in ["/etc/ssl/openssl.cnf", "/etc/ld.so.cache"] {
            fence.allow(Path::new(file), READ_FILE)?;
        }
        fence.allow(Path::new("/proc"), READ_FILE | READ_DIR)?;
        for device in DEVICES {
            fence.allow(&Path::new("/dev").join(device), READ_FILE | WRITE_FILE | TRUNCATE)?;
        }
        for mount in &layout.mounts {
            fence.allow(&mount.host, if mount.writable { READ | write } else { READ })?;
        }
        fence.allow(&fence.scratch.0, READ | write)?;
        Ok(Some(fence))
    }

    /// Lets the run have `rights` beneath `path` (those a file takes, where it is a file); a path
    /// that does not exist is skipped.
    fn allow(&self, path: &Path, rights: u64) -> Result<(), String> {
        use std::os::unix::fs::OpenOptionsExt;
        let opened = std::fs::OpenOptions::new().read(true).custom_flags(libc::O_PATH).open(path);
        let Ok(place) = opened else { return Ok(()) };
        let is_dir = place.metadata().is_ok_and(|metadata| metadata.is_dir());
        let rights = rights & self.handled;
        let rule = PathBeneathAttr {
            allowed_access: if is_dir { rights } else { rights & FILE_RIGHTS },
            parent_fd: place.as_raw_fd(),
        };
        // SAFETY: a valid rule for a ruleset this fence owns.
        let added = unsafe {
            libc::syscall(
                libc::SYS_landlock_add_rule,
                self.ruleset.as_raw_fd(),
                RULE_PATH_BENEATH,
                &rule,
                0u32,
            )
        };
        if added < 0 {
            return Err(format!(
                "cannot let a run outside the sandbox see {}: {}",
                path.display(),
                std::io::Error::last_os_error()
            ));
        }
        Ok(())
    }

    /// The scratch folder, the run's `TMPDIR`.
    pub fn scratch(&self) -> &Path {
        &self.scratch.0
    }

    /// What the child needs to put itself behind the fence.
    pub(crate) fn restriction(&self) -> Restriction {
        Restriction(self.ruleset.as_raw_fd())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A judge killed with SIGKILL leaves its scratch folders; the next one removes them, and
    /// nothing of a judge still running.
    #[test]
    fn the_next_judge_removes_what_a_dead_judge_left() {
        let temp = std::env::temp_dir().join(format!("fence-sweep-test-{}", std::process::id()));
        std::fs::create_dir_all(&temp).expect("a folder");
        let mut ended = std::process::Command::new("true").spawn().expect("true starts");
        let dead = ended.id();
        ended.wait().expect("true ends");
        let left = temp.join(format!("{SCRATCH_PREFIX}{dead}-3"));
        let live = temp.join(format!("{SCRATCH_PREFIX}{}-0", std::process::id()));
        let other = temp.join("queens-judge-cache");
        for folder in [&left, &live, &other] {
            std::fs::create_dir_all(folder.join("inside")).expect("a folder");
        }
        sweep_dead_judges_scratch(&temp);
        let there = [&left, &live, &other].map(|folder| folder.exists());
        let _ = std::fs::remove_dir_all(&temp);
        assert_eq!(there, [false, true, true]);
    }
}
