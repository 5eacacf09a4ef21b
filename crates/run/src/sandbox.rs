//! The sandbox every build and every run of a submitted file happens in: Linux namespaces made by
//! the judge itself (no outside tool), so it is there on any machine whose kernel allows user
//! namespaces, root or not.
//!
//! One run is one `clone` with new user, mount, PID, network, IPC, UTS and cgroup namespaces. Its
//! first process (PID 1 inside, code of this module, never user code) builds a root of its own
//! on a tmpfs, binds into it read-only the standard system folders (`/usr` and the `/bin`, `/lib`
//! links), a few device nodes, the toolchain's folders and the run's [`Layout`] (a private
//! folder holding a copy of the submission and its build; writable for a build only), mounts a
//! fresh read-only `/proc` and a small private `/tmp`, and `pivot_root`s into it: nothing else of the host
//! is there, not the submission's own folder, `$HOME`, the host's `/tmp`, the repository or the
//! cases. It then starts the program as an unprivileged user (uid 1000 inside; outside, the
//! judge's own uid, or [`HOST_UID`] when the judge runs as root), with no capability, no new
//! privileges, an empty environment but [`ENV`], only descriptors 0 to 3, and the run's limits.
//!
//! PID 1 waits for the program, and when it ends, kills every process left in the namespace and
//! reaps them, so that nothing of a run outlives its verdict; it reports the program's status and
//! the CPU time and peak memory over every process it reaped. The runner adds a cgroup of its own
//! per run where one can be made (see `runner::RunGroup`), which counts the whole tree whether it
//! was reaped or not and holds the memory and process limits on it; the fallback is documented
//! there. The runner may kill PID 1 at any time (the wall-clock backstop): the kernel then kills
//! every process of the namespace.
//!
//! Everything the child does between `clone` and `execve` is a plain system call on data prepared
//! before the `clone`: the judge is multithreaded, so the child may not allocate or lock.

use std::ffi::{CString, OsStr, OsString};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use crate::MachineError;

mod child;
mod fence;
mod policy;
mod setup;
use child::*;
pub use fence::landlock_abi;
pub(crate) use fence::{Fence, Restriction};
pub use policy::Processes;
pub(crate) use policy::SignalFilter;
pub use setup::*;

/// The device nodes a run sees (in `/dev`).
const DEVICES: [&str; 5] = ["null", "zero", "full", "random", "urandom"];

/// The environment a submitted program (or its compiler) gets, and nothing else (no `HOME`:
/// nothing of the judge's user shows through).
/// (The sanitizers' settings matter to `--strict` builds only: a leak is no judge's fault, and one
/// line of a report is enough.)
pub const ENV: &[(&str, &str)] = &[
    ("PATH", "/usr/local/bin:/usr/bin:/bin"),
    ("LANG", "C.UTF-8"),
    ("TMPDIR", "/tmp"),
    ("ASAN_OPTIONS", "detect_leaks=0"),
    ("UBSAN_OPTIONS", "print_stacktrace=0"),
];

/// The processes and threads a sandboxed program may have at once: a CSES or LeetCode solution
/// needs one, Python a few.
pub const MAX_PROCESSES: u32 = 64;

/// The user a program runs as, inside the sandbox.
pub(crate) const INSIDE_UID: u32 = 1000;

/// Outside the sandbox, the user a program runs as when the judge is root: a user of its own, as
/// isolate's boxes have, so that a program owns nothing of the host's and the kernel's per-user
/// process limit binds it (it never binds root).
pub(crate) const HOST_UID: u32 = 60_001;

/// Where a run's private folder (its build) is, inside.
pub const BOX: &str = "/box";

/// The sandbox, found to work on this machine.
#[derive(Clone, Copy, Debug)]
pub struct Sandbox {
    /// The judge runs as root: the program runs as [`HOST_UID`].
    as_root: bool,
}

/// What one sandboxed run sees beyond the system folders: each `host` path (a file or a folder)
/// at its `inside` path; only `writable` ones may be written (a build's output folder).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Layout {
    pub(crate) mounts: Vec<Mount>,
    /// The size of the private `/tmp`, in bytes.
    pub tmp_bytes: u64,
    /// The working folder, inside.
    pub workdir: PathBuf,
}

/// One host path shown inside the sandbox.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Mount {
    pub host: PathBuf,
    pub inside: PathBuf,
    pub writable: bool,
}

impl Layout {
    /// A layout with `/tmp` of `tmp_bytes` and `/box` as the working folder.
    pub fn new(tmp_bytes: u64) -> Layout {
        Layout { mounts: Vec::new(), tmp_bytes, workdir: PathBuf::from(BOX) }
    }

    /// Shows `host` at `inside`, read-only unless `writable`.
    pub fn mount(&mut self, host: &Path, inside: &Path, writable: bool) {
        let mount = Mount { host: host.to_path_buf(), inside: inside.to_path_buf(), writable };
        if !self.mounts.contains(&mount) {
            self.mounts.push(mount);
        }
    }

    /// Shows a toolchain's folder (an installation prefix) at its own path, read-only, unless
    /// `/usr` already holds it.
    pub fn toolchain(&mut self, folder: &Path) {
        if !folder.starts_with("/usr") && folder != Path::new("/") {
            self.mount(folder, folder, false);
        }
    }
}

impl Sandbox {
    /// The sandbox, if the kernel lets this process make one: a tiny run (`/bin/true`) is made in
    /// it once per process.
    ///
    /// # Errors
    /// The machine's ([`MachineError`]): one line saying why there is no sandbox here.
    pub fn detect() -> Result<Sandbox, MachineError> {
        static DETECTED: std::sync::OnceLock<Result<Sandbox, String>> = std::sync::OnceLock::new();
        DETECTED.get_or_init(probe).clone().map_err(MachineError)
    }

    /// Whether programs run as [`HOST_UID`] (the judge is root).
    pub fn host_uid(&self) -> Option<u32> {
        self.as_root.then_some(HOST_UID)
    }
}

fn probe() -> Result<Sandbox, String> {
    // SAFETY: geteuid has no preconditions.
    let sandbox = Sandbox { as_root: unsafe { libc::geteuid() } == 0 };
    let layout = Layout { mounts: Vec::new(), tmp_bytes: 1 << 20, workdir: PathBuf::from("/") };
    let stdio = Stdio::null().map_err(|error| format!("cannot open /dev/null: {error}"))?;
    let program = ["/usr/bin/true", "/bin/true"]
        .into_iter()
        .find(|path| Path::new(path).exists())
        .ok_or("no /usr/bin/true to try the sandbox with")?;
    let bounds = Bounds { rlimits: Vec::new(), processes: Processes::One };
    let spawned = spawn(&sandbox, &layout, Path::new(program), &[], &[], &bounds, stdio)
        .map_err(|error| format!("the kernel refuses the judge's sandbox here: {error}"))?;
    let report = spawned.finish_blocking();
    match report {
        Ok(report) if report.status == 0 => Ok(sandbox),
        Ok(report) => {
            Err(format!("the judge's sandbox cannot run a program here (status {})", report.status))
        }
        Err(error) => Err(format!("the judge's sandbox cannot run a program here: {error}")),
    }
}

/// The descriptors a sandboxed program gets as 0 to 3 (3: the answer channel, when there is one).
#[derive(Debug)]
pub struct Stdio {
    pub stdin: OwnedFd,
    pub stdout: OwnedFd,
    pub stderr: OwnedFd,
    pub answer: Option<OwnedFd>,
}

impl Stdio {
    fn null() -> std::io::Result<Stdio> {
        let null = || -> std::io::Result<OwnedFd> {
            Ok(std::fs::OpenOptions::new().read(true).write(true).open("/dev/null")?.into())
        };
        Ok(Stdio { stdin: null()?, stdout: null()?, stderr: null()?, answer: None })
    }
}

/// A sandbox's first process, started.
#[derive(Debug)]
pub(crate) struct Spawned {
    /// Its PID, outside.
    pub pid: libc::pid_t,
    /// Where it tells how the program ended (see [`Report`]).
    report: std::fs::File,
    /// What each setup step was, to name a failed one.
    steps: Vec<String>,
    /// The child waits for a byte here before it sets up (see [`Spawned::release`]).
    start: Option<OwnedFd>,
}

/// How a sandboxed program ended, as PID 1 saw it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Report {
    /// The program's wait status (`WIFEXITED` and friends apply).
    pub status: i32,
    /// CPU time, user + system, over every process PID 1 reaped, in microseconds.
    pub cpu_micros: u64,
    /// The largest peak resident size of any one of them, in KiB.
    pub max_rss_kib: u64,
    /// PID 1's own CPU time (the sandbox's setup), in microseconds: a cgroup counts it too, and
    /// it is not the program's.
    pub setup_micros: u64,
}

impl Spawned {
    /// Lets the child go on, once the caller has put it in its cgroup (it has made no process
    /// of its own yet, so none escapes the group).
    pub fn release(&mut self) {
        if let Some(start) = self.start.take() {
            // SAFETY: one byte from a valid buffer to a descriptor this process owns.
            unsafe { libc::write(start.as_raw_fd(), b"g".as_ptr().cast(), 1) };
        }
    }

    /// Reads what PID 1 reported, once it has ended (the runner reaps it first).
    ///
    /// # Errors
    /// The machine's ([`MachineError`]): a setup step or the program's `execve` failed, one
    /// line naming it.
    pub(crate) fn read_report(&mut self) -> Result<Option<Report>, MachineError> {
        use std::io::Read;
        let mut bytes = Vec::new();
        let _ = (&mut self.report).take(4096).read_to_end(&mut bytes);
        parse_report(&bytes, &self.steps).map_err(MachineError)
    }

    /// Waits for PID 1 and reads its report (the probe's way; runs wait through the runner).
    fn finish_blocking(mut self) -> Result<Report, String> {
        self.release();
        let mut status = 0;
        // SAFETY: a valid out-pointer; the pid is this process's child.
        unsafe { libc::waitpid(self.pid, &mut status, 0) };
        self.read_report()
            .map_err(|error| error.to_string())?
            .ok_or_else(|| format!("its first process ended with status {status}"))
    }
}

fn parse_report(bytes: &[u8], steps: &[String]) -> Result<Option<Report>, String> {
    let mut rest = bytes;
    let mut report = None;
    let int = |bytes: &[u8]| i32::from_ne_bytes(bytes.try_into().expect("4 bytes"));
    let long = |bytes: &[u8]| u64::from_ne_bytes(bytes.try_into().expect("8 bytes"));
    while let Some((&tag, body)) = rest.split_first() {
        match tag {
            b'S' if body.len() >= 8 => {
                let step = usize::try_from(int(&body[..4])).unwrap_or(usize::MAX);
                let error = std::io::Error::from_raw_os_error(int(&body[4..8]));
                let what = steps.get(step).map_or("setting up", String::as_str);
                return Err(format!("the sandbox could not be set up: {what}: {error}"));
            }
            b'E' if body.len() >= 4 => {
                let error = std::io::Error::from_raw_os_error(int(&body[..4]));
                return Err(format!("cannot start the program in the sandbox: {error}"));
            }
            b'R' if body.len() >= 28 => {
                report = Some(Report {
                    status: int(&body[..4]),
                    cpu_micros: long(&body[4..12]),
                    max_rss_kib: long(&body[12..20]),
                    setup_micros: long(&body[20..28]),
                });
                rest = &body[28..];
                continue;
            }
            _ => return Err("the sandbox's first process sent a report it could not have".to_string()),
        }
    }
    Ok(report)
}

/// A pipe whose two ends close on exec.
///
/// # Errors
/// The kernel's, as an I/O error saying it was a pipe that could not be made.
pub fn pipe() -> Result<(OwnedFd, OwnedFd), std::io::Error> {
    let mut ends = [0; 2];
    // SAFETY: `ends` is valid for two descriptors; both are owned below and nowhere else.
    if unsafe { libc::pipe2(ends.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        let error = std::io::Error::last_os_error();
        return Err(std::io::Error::new(error.kind(), format!("cannot make a pipe: {error}")));
    }
    // SAFETY: pipe2 just opened both descriptors.
    Ok(unsafe { (OwnedFd::from_raw_fd(ends[0]), OwnedFd::from_raw_fd(ends[1])) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_report_is_read_back_or_names_its_failure() {
        let steps = vec!["making /usr".to_string()];
        let mut bytes = vec![b'R'];
        bytes.extend_from_slice(&(3i32 << 8).to_ne_bytes());
        bytes.extend_from_slice(&1500u64.to_ne_bytes());
        bytes.extend_from_slice(&2048u64.to_ne_bytes());
        bytes.extend_from_slice(&700u64.to_ne_bytes());
        let report = parse_report(&bytes, &steps).expect("a report").expect("one");
        assert_eq!(report, Report { status: 3 << 8, cpu_micros: 1500, max_rss_kib: 2048, setup_micros: 700 });
        let mut failed = vec![b'S'];
        failed.extend_from_slice(&0i32.to_ne_bytes());
        failed.extend_from_slice(&libc::EPERM.to_ne_bytes());
        let error = parse_report(&failed, &steps).expect_err("a failed step");
        assert!(error.contains("making /usr") && error.contains("not permitted"), "{error}");
        assert_eq!(parse_report(b"", &steps), Ok(None));
        assert!(parse_report(b"Zjunk", &steps).is_err());
    }
}
