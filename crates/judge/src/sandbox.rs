//! The sandbox a submitted program runs in: bubblewrap (`bwrap`, Debian's package `bubblewrap`).
//!
//! Inside, the program sees `/usr` and the folders it needs (its build, its source, its
//! interpreter), all read-only, and a fresh private `/tmp` of at most 64 MiB, the only place it
//! can write; `/dev`, `/proc` and the root are remounted read-only, so the host's settings in
//! `/proc/sys` are out of reach. It has no network, and new user (no nested one), PID, IPC, UTS,
//! cgroup and mount namespaces; it holds no capability even when the judge runs as root; and its
//! PID namespace dies with bwrap (`--die-with-parent`), taking every process inside with it.
//!
//! The runner adds what bubblewrap does not: a session of its own (no terminal to type into), CPU,
//! memory, output and file-size limits (inherited through bwrap), a cleared environment, a
//! wall-clock backstop, only descriptors 0 to 4 passed on, and a cap on processes through the
//! kernel's pids cgroup where it can make one (as root: `RLIMIT_NPROC` does not bind root, even in
//! a user namespace). bwrap's own `wait4` usage leaves the program out, so the runner reads it from
//! the sandbox's first process (see `runner::Job::sandboxed`).
//!
//! Where bubblewrap is missing or cannot start here, [`Sandbox::detect`] says so in one line and
//! submissions run with the resource limits alone.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The environment a submitted program gets, and nothing else (no `HOME`: nothing of the judge's
/// user shows through).
/// (The sanitizers' settings matter to `--strict` builds only: a leak is no judge's fault, and one
/// line of a report is enough.)
pub const ENV: &[(&str, &str)] = &[
    ("PATH", "/usr/local/bin:/usr/bin:/bin"),
    ("LANG", "C.UTF-8"),
    ("ASAN_OPTIONS", "detect_leaks=0"),
    ("UBSAN_OPTIONS", "print_stacktrace=0"),
];

/// The processes and threads a sandboxed program may have at once: a CSES or LeetCode solution
/// needs one, Python a few.
pub const MAX_PROCESSES: u32 = 64;

/// bubblewrap, found and working.
#[derive(Clone, Debug)]
pub struct Sandbox {
    pub bwrap: PathBuf,
}

/// The arguments every sandboxed run starts with, after `bwrap` itself (each one's reason is in
/// the module docs).
const FLAGS: &[&str] = &[
    "--unshare-all",
    "--unshare-user",
    "--disable-userns",
    "--die-with-parent",
    "--cap-drop",
    "ALL",
    "--ro-bind",
    "/usr",
    "/usr",
    "--symlink",
    "usr/bin",
    "/bin",
    "--symlink",
    "usr/sbin",
    "/sbin",
    "--symlink",
    "usr/lib",
    "/lib",
    "--symlink",
    "usr/lib64",
    "/lib64",
    "--proc",
    "/proc",
    "--dev",
    "/dev",
    "--size",
    "67108864",
    "--tmpfs",
    "/tmp",
];

/// After the binds: nothing but `/tmp` stays writable, `/proc/sys` (the host's settings) included.
const LAST_FLAGS: &[&str] = &["--remount-ro", "/dev", "--remount-ro", "/proc", "--remount-ro", "/"];

impl Sandbox {
    /// bubblewrap, if it is installed and can start a sandbox here (it needs namespaces, which a
    /// container may refuse).
    ///
    /// # Errors
    /// One line saying why there is no sandbox and how to get one.
    pub fn detect() -> Result<Sandbox, String> {
        let bwrap = find_on_path("bwrap").ok_or_else(|| {
            "bubblewrap (bwrap) is not installed, so submissions cannot be sandboxed: \
             `apt-get install bubblewrap` installs it"
                .to_string()
        })?;
        let sandbox = Sandbox { bwrap };
        let probe = Command::new(&sandbox.bwrap)
            .args(FLAGS)
            .args(LAST_FLAGS)
            .args(["--chdir", "/tmp", "--"])
            .arg("/bin/true")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .output()
            .map_err(|error| format!("{} cannot start: {error}", sandbox.bwrap.display()))?;
        if !probe.status.success() {
            let why = String::from_utf8_lossy(&probe.stderr);
            return Err(format!("bubblewrap cannot make a sandbox here ({})", why.trim()));
        }
        Ok(sandbox)
    }

    /// The command words that run a program inside the sandbox (the program and its arguments
    /// follow). Of the host, only `/usr` is there, and `reads`, the folders the program needs (its
    /// build, its source, its interpreter), each read-only at its own path, so that messages name
    /// the user's own files.
    pub fn wrapper(&self, reads: &[PathBuf]) -> Vec<OsString> {
        let mut words: Vec<OsString> = vec![self.bwrap.clone().into()];
        words.extend(FLAGS.iter().map(OsString::from));
        for folder in reads.iter().filter(|folder| !folder.starts_with("/usr")) {
            words.extend(["--ro-bind".into(), folder.clone().into(), folder.clone().into()]);
        }
        words.extend(LAST_FLAGS.iter().map(OsString::from));
        // The runner reads the sandbox's first process from descriptor 4 (see runner::Job).
        words.extend(["--info-fd".into(), "4".into(), "--chdir".into(), "/".into(), "--".into()]);
        words
    }
}

/// The first `name` in a folder of `PATH`.
fn find_on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|folder| folder.join(name)).find(|candidate| is_executable(candidate))
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path)
        .is_ok_and(|metadata| metadata.is_file() && metadata.permissions().mode() & 0o111 != 0)
}
