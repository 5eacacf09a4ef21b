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

mod fence;
mod policy;
pub use fence::{landlock_abi, Fence, Restriction};
pub use policy::SignalFilter;

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
pub const INSIDE_UID: u32 = 1000;

/// Outside the sandbox, the user a program runs as when the judge is root: a user of its own, as
/// isolate's boxes have, so that a program owns nothing of the host's and the kernel's per-user
/// process limit binds it (it never binds root).
pub const HOST_UID: u32 = 60_001;

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
    pub mounts: Vec<Mount>,
    /// The size of the private `/tmp`, in bytes.
    pub tmp_bytes: u64,
    /// The working folder, inside.
    pub workdir: PathBuf,
}

/// One host path shown inside the sandbox.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mount {
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
    /// One line saying why there is no sandbox here.
    pub fn detect() -> Result<Sandbox, String> {
        static DETECTED: std::sync::OnceLock<Result<Sandbox, String>> = std::sync::OnceLock::new();
        DETECTED.get_or_init(probe).clone()
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
    let spawned = spawn(&sandbox, &layout, Path::new(program), &[], &[], &[], stdio)
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
pub struct Spawned {
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
pub struct Report {
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
    /// A setup step or the program's `execve` failed: one line naming it.
    pub fn read_report(&mut self) -> Result<Option<Report>, String> {
        use std::io::Read;
        let mut bytes = Vec::new();
        let _ = (&mut self.report).take(4096).read_to_end(&mut bytes);
        parse_report(&bytes, &self.steps)
    }

    /// Waits for PID 1 and reads its report (the probe's way; runs wait through the runner).
    fn finish_blocking(mut self) -> Result<Report, String> {
        self.release();
        let mut status = 0;
        // SAFETY: a valid out-pointer; the pid is this process's child.
        unsafe { libc::waitpid(self.pid, &mut status, 0) };
        self.read_report()?.ok_or_else(|| format!("its first process ended with status {status}"))
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

/// One step of the setup, between `clone` and `execve`.
#[derive(Debug)]
enum Step {
    /// `mkdir -p` of one folder (its parents come as steps of their own).
    Mkdir(CString),
    /// An empty file to mount a file onto.
    Touch(CString),
    Tmpfs {
        target: CString,
        options: CString,
        flags: libc::c_ulong,
    },
    /// A bind mount of a host path, opened (as descriptor `slot`) before the stage covers
    /// anything and bound through `/proc/self/fd/N`, then made read-only unless `writable`,
    /// keeping the flags the kernel locks.
    Bind {
        host: CString,
        slot: RawFd,
        source: CString,
        target: CString,
        writable: bool,
        locked: libc::c_ulong,
    },
    Symlink {
        target: CString,
        link: CString,
    },
    Proc(CString),
}

/// Everything the child needs, prepared before the `clone`.
#[derive(Debug)]
struct Plan {
    steps: Vec<Step>,
    /// Where the new root is built: a folder every host has, covered in the child's own mount
    /// namespace only.
    stage: CString,
    old_root: CString,
    old_root_inside: CString,
    workdir: CString,
    program: CString,
    argv: Vec<*const libc::c_char>,
    envp: Vec<*const libc::c_char>,
    /// Keeps argv's and envp's strings alive.
    _strings: Vec<CString>,
    rlimits: Vec<(libc::__rlimit_resource_t, u64, u64)>,
    /// (inside uid, inside gid) the program runs as.
    ids: (u32, u32),
    drop_groups: bool,
    /// Descriptors as the child finds them: stdin, stdout, stderr, answer (-1: none), report's
    /// write end, sync's read end.
    fds: [RawFd; 6],
    /// The system calls the program may not make ([`policy`]), installed last before `execve`.
    policy: Vec<libc::sock_filter>,
    /// Where the judge's arguments and environment lie in its memory (from `/proc/self/stat`):
    /// the first process, the judge's copy, blanks them, so that `/proc/1/cmdline` inside shows
    /// nothing of the judge (its command line named every file of the batch).
    judge_strings: [(usize, usize); 2],
}

/// The descriptor a bind's source is opened as in the child, the first of them.
const FIRST_SLOT: RawFd = 100;

/// Starts `program` with `args` and `env` in a new sandbox laid out as `layout`, under
/// `rlimits` (soft and hard; applied to the program, which its processes inherit).
///
/// # Errors
/// One line: the kernel refused the namespaces, or a host path could not be opened.
pub fn spawn(
    sandbox: &Sandbox,
    layout: &Layout,
    program: &Path,
    args: &[OsString],
    env: &[(&str, &str)],
    rlimits: &[(libc::__rlimit_resource_t, u64, u64)],
    stdio: Stdio,
) -> Result<Spawned, String> {
    let (report_read, report_write) = pipe()?;
    let (sync_read, sync_write) = pipe()?;
    let (mut plan, descriptions) = make_plan(sandbox, layout, program, args, env)?;
    plan.rlimits = rlimits.to_vec();
    plan.fds = [
        stdio.stdin.as_raw_fd(),
        stdio.stdout.as_raw_fd(),
        stdio.stderr.as_raw_fd(),
        stdio.answer.as_ref().map_or(-1, AsRawFd::as_raw_fd),
        report_write.as_raw_fd(),
        sync_read.as_raw_fd(),
    ];
    // The child runs on a stack of its own (clone without CLONE_VM copies the memory, so this
    // one is freed here, not there).
    let mut stack = vec![0u8; 256 << 10];
    // SAFETY: the stack pointer is the top of `stack`, 16-byte aligned, writable and unused by
    // anything else; `plan` outlives the call (the child has its own copy of the memory).
    let pid = unsafe {
        let top = stack.as_mut_ptr().add(stack.len());
        let top = top.sub(top as usize % 16);
        libc::clone(
            child_main,
            top.cast(),
            libc::CLONE_NEWUSER
                | libc::CLONE_NEWNS
                | libc::CLONE_NEWPID
                | libc::CLONE_NEWNET
                | libc::CLONE_NEWIPC
                | libc::CLONE_NEWUTS
                | libc::CLONE_NEWCGROUP
                | libc::SIGCHLD,
            std::ptr::from_mut(&mut plan).cast(),
        )
    };
    if pid < 0 {
        return Err(format!("clone with new namespaces: {}", std::io::Error::last_os_error()));
    }
    drop(stack);
    drop(stdio);
    drop(report_write);
    drop(sync_read);
    let spawned = Spawned {
        pid,
        report: std::fs::File::from(report_read),
        steps: descriptions,
        start: Some(sync_write),
    };
    if let Err(error) = write_id_maps(sandbox, pid) {
        // SAFETY: the pid is this process's child, not yet reaped.
        unsafe {
            libc::kill(pid, libc::SIGKILL);
            libc::waitpid(pid, std::ptr::null_mut(), 0);
        }
        return Err(error);
    }
    Ok(spawned)
}

/// Writes the child's user and group maps: the judge's user as root inside for the setup, and
/// the program's user (see the module docs).
fn write_id_maps(sandbox: &Sandbox, pid: libc::pid_t) -> Result<(), String> {
    let proc = PathBuf::from(format!("/proc/{pid}"));
    let write = |file: &str, text: &str| {
        std::fs::write(proc.join(file), text)
            .map_err(|error| format!("writing the sandbox's {file}: {error}"))
    };
    // SAFETY: getuid and getgid have no preconditions.
    let (uid, gid) = unsafe { (libc::getuid(), libc::getgid()) };
    if sandbox.as_root {
        write("uid_map", &format!("0 0 1\n{INSIDE_UID} {HOST_UID} 1\n"))?;
        write("gid_map", &format!("0 0 1\n{INSIDE_UID} {HOST_UID} 1\n"))
    } else {
        write("setgroups", "deny")?;
        write("uid_map", &format!("{INSIDE_UID} {uid} 1\n"))?;
        write("gid_map", &format!("{INSIDE_UID} {gid} 1\n"))
    }
}

fn c_path(path: &Path) -> Result<CString, String> {
    CString::new(path.as_os_str().as_bytes())
        .map_err(|_| format!("{}: a path with a NUL byte", path.display()))
}

fn c_string(text: &OsStr) -> Result<CString, String> {
    CString::new(text.as_bytes())
        .map_err(|_| format!("{}: an argument with a NUL byte", text.to_string_lossy()))
}

/// The steps that build the sandbox's root under the stage, with what each one is (for errors).
fn make_plan(
    sandbox: &Sandbox,
    layout: &Layout,
    program: &Path,
    args: &[OsString],
    env: &[(&str, &str)],
) -> Result<(Plan, Vec<String>), String> {
    let stage = Path::new("/tmp");
    let under = |inside: &Path| stage.join(inside.strip_prefix("/").unwrap_or(inside));
    let mut steps: Vec<(Step, String)> = Vec::new();
    let mut slots = FIRST_SLOT..;
    let mut made: Vec<PathBuf> = vec![PathBuf::from("/")];
    let mut mkdirs = |steps: &mut Vec<(Step, String)>, folder: &Path| -> Result<(), String> {
        let mut path = PathBuf::from("/");
        for part in folder.components().skip(1) {
            path.push(part);
            if !made.contains(&path) {
                made.push(path.clone());
                steps.push((Step::Mkdir(c_path(&under(&path))?), format!("making {}", path.display())));
            }
        }
        Ok(())
    };
    let mut bind =
        |steps: &mut Vec<(Step, String)>, host: &Path, inside: &Path, writable: bool| -> Result<(), String> {
            std::fs::symlink_metadata(host).map_err(|error| format!("{}: {error}", host.display()))?;
            let locked = locked_flags(host);
            let slot = slots.next().expect("slots do not run out");
            let source = c_path(Path::new(&format!("/proc/self/fd/{slot}")))?;
            steps.push((
                Step::Bind {
                    host: c_path(host)?,
                    slot,
                    source,
                    target: c_path(&under(inside))?,
                    writable,
                    locked,
                },
                format!("showing {} at {}", host.display(), inside.display()),
            ));
            Ok(())
        };
    steps.push((
        Step::Tmpfs { target: c_path(stage)?, options: c_string(OsStr::new("mode=0755,size=1m"))?, flags: 0 },
        "the sandbox's root".to_string(),
    ));
    mkdirs(&mut steps, Path::new("/usr"))?;
    bind(&mut steps, Path::new("/usr"), Path::new("/usr"), false)?;
    for name in ["bin", "sbin", "lib", "lib32", "lib64", "libx32"] {
        let host = Path::new("/").join(name);
        match std::fs::symlink_metadata(&host) {
            Ok(metadata) if metadata.is_symlink() => {
                let target =
                    std::fs::read_link(&host).map_err(|error| format!("{}: {error}", host.display()))?;
                steps.push((
                    Step::Symlink { target: c_path(&target)?, link: c_path(&under(&host))? },
                    format!("linking {}", host.display()),
                ));
            }
            Ok(metadata) if metadata.is_dir() => {
                mkdirs(&mut steps, &host)?;
                bind(&mut steps, &host, &host, false)?;
            }
            _ => {}
        }
    }
    // Debian's `cc`, `c++` and friends are links through /etc/alternatives: the one folder of
    // /etc a toolchain needs (links only; nothing of the host's settings).
    let alternatives = Path::new("/etc/alternatives");
    if alternatives.is_dir() {
        mkdirs(&mut steps, alternatives)?;
        bind(&mut steps, alternatives, alternatives, false)?;
    }
    mkdirs(&mut steps, Path::new("/dev"))?;
    steps.push((
        Step::Tmpfs {
            target: c_path(&under(Path::new("/dev")))?,
            options: c_string(OsStr::new("mode=0755,size=64k"))?,
            flags: libc::MS_NOSUID | libc::MS_NOEXEC,
        },
        "making /dev".to_string(),
    ));
    for device in DEVICES {
        let path = Path::new("/dev").join(device);
        steps.push((Step::Touch(c_path(&under(&path))?), format!("making {}", path.display())));
        bind(&mut steps, &path, &path, true)?;
    }
    for (link, target) in [
        ("fd", "/proc/self/fd"),
        ("stdin", "/proc/self/fd/0"),
        ("stdout", "/proc/self/fd/1"),
        ("stderr", "/proc/self/fd/2"),
    ] {
        let link = Path::new("/dev").join(link);
        steps.push((
            Step::Symlink { target: c_path(Path::new(target))?, link: c_path(&under(&link))? },
            format!("linking {}", link.display()),
        ));
    }
    mkdirs(&mut steps, Path::new("/proc"))?;
    steps.push((Step::Proc(c_path(&under(Path::new("/proc")))?), "mounting /proc".to_string()));
    mkdirs(&mut steps, Path::new("/tmp"))?;
    steps.push((
        Step::Tmpfs {
            target: c_path(&under(Path::new("/tmp")))?,
            options: c_string(OsStr::new(&format!("mode=1777,size={}", layout.tmp_bytes.max(4096))))?,
            flags: libc::MS_NOSUID | libc::MS_NODEV,
        },
        "making /tmp".to_string(),
    ));
    // Shallow paths first, so that a mount's folder is made before anything is mounted inside.
    let mut mounts: Vec<&Mount> = layout.mounts.iter().collect();
    mounts.sort_by_key(|mount| mount.inside.components().count());
    for mount in mounts {
        let metadata =
            std::fs::metadata(&mount.host).map_err(|error| format!("{}: {error}", mount.host.display()))?;
        if metadata.is_dir() {
            mkdirs(&mut steps, &mount.inside)?;
        } else {
            if let Some(parent) = mount.inside.parent() {
                mkdirs(&mut steps, parent)?;
            }
            steps.push((
                Step::Touch(c_path(&under(&mount.inside))?),
                format!("making {}", mount.inside.display()),
            ));
        }
        bind(&mut steps, &mount.host, &mount.inside, mount.writable)?;
    }
    mkdirs(&mut steps, Path::new("/.old-root"))?;
    let mut strings = Vec::new();
    let mut argv = Vec::new();
    for word in std::iter::once(program.as_os_str()).chain(args.iter().map(OsString::as_os_str)) {
        let word = c_string(word)?;
        argv.push(word.as_ptr());
        strings.push(word);
    }
    argv.push(std::ptr::null());
    let mut envp = Vec::new();
    for (key, value) in env {
        let pair = c_string(OsStr::new(&format!("{key}={value}")))?;
        envp.push(pair.as_ptr());
        strings.push(pair);
    }
    envp.push(std::ptr::null());
    let descriptions = steps.iter().map(|(_, what)| what.clone()).collect();
    let plan = Plan {
        steps: steps.into_iter().map(|(step, _)| step).collect(),
        stage: c_path(stage)?,
        old_root: c_path(&under(Path::new("/.old-root")))?,
        old_root_inside: c_path(Path::new("/.old-root"))?,
        workdir: c_path(&layout.workdir)?,
        program: c_path(program)?,
        argv,
        envp,
        _strings: strings,
        rlimits: Vec::new(),
        ids: (INSIDE_UID, INSIDE_UID),
        drop_groups: sandbox.as_root,
        fds: [-1; 6],
        policy: policy::filter(),
        judge_strings: judge_strings(),
    };
    Ok((plan, descriptions))
}

/// The judge's arguments' and environment's places in its memory: `/proc/self/stat`'s
/// `arg_start`, `arg_end`, `env_start` and `env_end` (fields 48 to 51); none where unreadable.
fn judge_strings() -> [(usize, usize); 2] {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let fields: Vec<usize> = stat
        .rsplit_once(')')
        .map(|(_, rest)| rest.split_whitespace().map(|field| field.parse().unwrap_or(0)).collect())
        .unwrap_or_default();
    // After the name, the state is field 3: field N is at N - 3.
    let field = |number: usize| fields.get(number - 3).copied().unwrap_or(0);
    [(field(48), field(49)), (field(50), field(51))]
}

/// The mount flags of the mount holding `path` that a bind of it must keep (the kernel locks
/// them on mounts that came from a more privileged namespace).
fn locked_flags(path: &Path) -> libc::c_ulong {
    let Ok(c) = c_path(path) else { return 0 };
    // SAFETY: statvfs is plain old data for which zeroes are valid; the call fills it.
    let mut stat: libc::statvfs = unsafe { std::mem::zeroed() };
    // SAFETY: a valid path and out-pointer.
    if unsafe { libc::statvfs(c.as_ptr(), &mut stat) } != 0 {
        return 0;
    }
    let mut flags = 0;
    for (has, flag) in [
        (libc::ST_NOSUID, libc::MS_NOSUID),
        (libc::ST_NODEV, libc::MS_NODEV),
        (libc::ST_NOEXEC, libc::MS_NOEXEC),
        (libc::ST_NOATIME, libc::MS_NOATIME),
        (libc::ST_NODIRATIME, libc::MS_NODIRATIME),
        (libc::ST_RELATIME, libc::MS_RELATIME),
        (libc::ST_RDONLY, libc::MS_RDONLY),
    ] {
        if stat.f_flag & has != 0 {
            flags |= flag;
        }
    }
    flags
}

/// A pipe whose two ends close on exec.
pub fn pipe() -> Result<(OwnedFd, OwnedFd), String> {
    let mut ends = [0; 2];
    // SAFETY: `ends` is valid for two descriptors; both are owned below and nowhere else.
    if unsafe { libc::pipe2(ends.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(format!("cannot make a pipe: {}", std::io::Error::last_os_error()));
    }
    // SAFETY: pipe2 just opened both descriptors.
    Ok(unsafe { (OwnedFd::from_raw_fd(ends[0]), OwnedFd::from_raw_fd(ends[1])) })
}

// ------------------------------------------------------------------ the child's side

/// Sends a failure record on the report descriptor and ends.
///
/// # Safety
/// Only async-signal-safe calls: usable between `clone` and `execve`.
unsafe fn fail(tag: u8, step: i32, fd: RawFd) -> ! {
    // SAFETY: errno is thread-local and readable.
    let errno = unsafe { *libc::__errno_location() };
    let mut record = [0u8; 9];
    record[0] = tag;
    let length = if tag == b'S' {
        record[1..5].copy_from_slice(&step.to_ne_bytes());
        record[5..9].copy_from_slice(&errno.to_ne_bytes());
        9
    } else {
        record[1..5].copy_from_slice(&errno.to_ne_bytes());
        5
    };
    // SAFETY: writes from a valid buffer, then ends the process without running anything else.
    unsafe {
        libc::write(fd, record.as_ptr().cast(), length);
        libc::_exit(127)
    }
}

/// The sandbox's PID 1: set up, start the program, wait, report.
extern "C" fn child_main(argument: *mut libc::c_void) -> libc::c_int {
    // SAFETY: `argument` is the parent's `Plan`, copied with the rest of its memory.
    let plan = unsafe { &*argument.cast::<Plan>() };
    // SAFETY: every call below is a plain system call on prepared data (see the module docs).
    unsafe { child_setup(plan) }
}

unsafe fn child_setup(plan: &Plan) -> libc::c_int {
    // SAFETY (whole function): plain system calls on data prepared before the clone.
    unsafe {
        // Descriptors to 0..=5, through copies above them, so that no move overwrites another.
        let mut high = [-1; 6];
        for (index, &fd) in plan.fds.iter().enumerate() {
            if fd >= 0 {
                high[index] = libc::fcntl(fd, libc::F_DUPFD_CLOEXEC, 16);
                if high[index] < 0 {
                    libc::_exit(126);
                }
            }
        }
        for (target, &fd) in high.iter().enumerate() {
            if fd >= 0 {
                libc::dup2(fd, target as RawFd);
                libc::close(fd);
            } else {
                libc::close(target as RawFd);
            }
        }
        // The report goes on 4, closed on exec; 0..=3 stay open across it.
        libc::fcntl(4, libc::F_SETFD, libc::FD_CLOEXEC);
        // This process is the judge's copy, never exec'd: its arguments and environment would
        // show in /proc/1/cmdline. Blanked in this copy only (the judge's own are untouched).
        for &(start, end) in &plan.judge_strings {
            if start > 0 && end > start {
                std::ptr::write_bytes(start as *mut u8, 0, end - start);
            }
        }
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
        // Wait for the parent: the id maps are written and the cgroup joined.
        let mut byte = 0u8;
        if libc::read(5, std::ptr::from_mut(&mut byte).cast(), 1) != 1 {
            libc::_exit(125);
        }
        libc::close(5);
        // Nothing inside may trace this process (the program may share its user outside). Only
        // now: it makes /proc/PID's files root's, and the parent of a judge that is not root had
        // to write the id maps there first.
        libc::prctl(libc::PR_SET_DUMPABLE, 0, 0, 0, 0);
        libc::setsid();
        let report = 4;
        // Every bind's source, opened in this mount namespace (a mount of the parent's would not
        // bind) and before the stage covers any of them.
        for (index, step) in plan.steps.iter().enumerate() {
            if let Step::Bind { host, slot, .. } = step {
                let fd = libc::open(host.as_ptr(), libc::O_PATH | libc::O_CLOEXEC);
                if fd < 0 || libc::dup3(fd, *slot, libc::O_CLOEXEC) != *slot {
                    fail(b'S', index as i32, report);
                }
                libc::close(fd);
            }
        }
        if libc::mount(
            std::ptr::null(),
            c"/".as_ptr(),
            std::ptr::null(),
            libc::MS_REC | libc::MS_PRIVATE,
            std::ptr::null(),
        ) != 0
        {
            fail(b'S', -1, report);
        }
        for (index, step) in plan.steps.iter().enumerate() {
            let failed = match step {
                Step::Mkdir(path) => {
                    libc::mkdir(path.as_ptr(), 0o755) != 0 && *libc::__errno_location() != libc::EEXIST
                }
                Step::Touch(path) => {
                    let fd =
                        libc::open(path.as_ptr(), libc::O_RDONLY | libc::O_CREAT | libc::O_CLOEXEC, 0o644);
                    if fd >= 0 {
                        libc::close(fd);
                    }
                    false
                }
                Step::Tmpfs { target, options, flags } => {
                    libc::mount(
                        c"tmpfs".as_ptr(),
                        target.as_ptr(),
                        c"tmpfs".as_ptr(),
                        *flags,
                        options.as_ptr().cast(),
                    ) != 0
                }
                Step::Bind { source, target, writable, locked, .. } => {
                    libc::mount(
                        source.as_ptr(),
                        target.as_ptr(),
                        std::ptr::null(),
                        libc::MS_BIND | libc::MS_REC,
                        std::ptr::null(),
                    ) != 0
                        || libc::mount(
                            std::ptr::null(),
                            target.as_ptr(),
                            std::ptr::null(),
                            libc::MS_BIND
                                | libc::MS_REMOUNT
                                | libc::MS_NOSUID
                                | locked
                                | if *writable { 0 } else { libc::MS_RDONLY },
                            std::ptr::null(),
                        ) != 0
                }
                Step::Symlink { target, link } => libc::symlink(target.as_ptr(), link.as_ptr()) != 0,
                Step::Proc(target) => {
                    libc::mount(
                        c"proc".as_ptr(),
                        target.as_ptr(),
                        c"proc".as_ptr(),
                        // Read-only: no /proc/sys setting, however open its mode, can be written.
                        libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC | libc::MS_RDONLY,
                        std::ptr::null(),
                    ) != 0
                }
            };
            if failed {
                fail(b'S', index as i32, report);
            }
        }
        // Into the new root; the host's goes.
        if libc::syscall(libc::SYS_pivot_root, plan.stage.as_ptr(), plan.old_root.as_ptr()) != 0
            || libc::chdir(c"/".as_ptr()) != 0
            || libc::umount2(plan.old_root_inside.as_ptr(), libc::MNT_DETACH) != 0
        {
            fail(b'S', -1, report);
        }
        libc::rmdir(plan.old_root_inside.as_ptr());
        // The root itself read-only: only /tmp and a build's own folder can be written.
        if libc::mount(
            std::ptr::null(),
            c"/".as_ptr(),
            std::ptr::null(),
            libc::MS_BIND | libc::MS_REMOUNT | libc::MS_RDONLY | libc::MS_NOSUID | libc::MS_NODEV,
            std::ptr::null(),
        ) != 0
        {
            fail(b'S', -1, report);
        }
        // Nothing but 0..=4 stays open (the bind sources were only needed for the mounts).
        libc::syscall(libc::SYS_close_range, 5u32, u32::MAX, 0u32);
        // The program's own process, PID 2: a bare clone, as glibc's fork would take the locks
        // (malloc's among them) that another thread of the judge may have held at the clone.
        let program =
            libc::syscall(libc::SYS_clone, libc::SIGCHLD as libc::c_long, 0, 0, 0, 0) as libc::pid_t;
        if program < 0 {
            fail(b'S', -1, report);
        }
        if program == 0 {
            start_program(plan, report);
        }
        // PID 1 keeps none of the program's descriptors: its pipes close when the program's do.
        for fd in 0..4 {
            libc::close(fd);
        }
        let mut program_status = 0;
        let mut program_running = true;
        loop {
            let mut status = 0;
            let reaped = libc::waitpid(-1, &mut status, 0);
            if reaped < 0 {
                if *libc::__errno_location() == libc::EINTR {
                    continue;
                }
                break;
            }
            if reaped == program && program_running {
                program_running = false;
                program_status = status;
                // What the program left behind ends with it.
                libc::kill(-1, libc::SIGKILL);
            }
        }
        let mut usage: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage);
        let micros = |time: libc::timeval| (time.tv_sec as u64) * 1_000_000 + time.tv_usec as u64;
        let cpu = micros(usage.ru_utime) + micros(usage.ru_stime);
        let mut own: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_SELF, &mut own);
        let setup = micros(own.ru_utime) + micros(own.ru_stime);
        let mut record = [0u8; 29];
        record[0] = b'R';
        record[1..5].copy_from_slice(&program_status.to_ne_bytes());
        record[5..13].copy_from_slice(&cpu.to_ne_bytes());
        record[13..21].copy_from_slice(&(usage.ru_maxrss as u64).to_ne_bytes());
        record[21..29].copy_from_slice(&setup.to_ne_bytes());
        libc::write(report, record.as_ptr().cast(), record.len());
        libc::_exit(0)
    }
}

/// PID 2: limits, the unprivileged user, then the program.
unsafe fn start_program(plan: &Plan, report: RawFd) -> ! {
    // SAFETY (whole function): plain system calls on prepared data.
    unsafe {
        for &(resource, soft, hard) in &plan.rlimits {
            let limit = libc::rlimit { rlim_cur: soft, rlim_max: hard };
            if libc::setrlimit(resource, &limit) != 0 {
                fail(b'E', 0, report);
            }
        }
        // Bare system calls: glibc's would signal every thread it knows of to change theirs too,
        // and the judge's threads are not in this process; it would wait for them forever.
        if plan.drop_groups && libc::syscall(libc::SYS_setgroups, 0, std::ptr::null::<libc::gid_t>()) != 0 {
            fail(b'E', 0, report);
        }
        let (uid, gid) = plan.ids;
        if libc::syscall(libc::SYS_setresgid, gid, gid, gid) != 0
            || libc::syscall(libc::SYS_setresuid, uid, uid, uid) != 0
        {
            fail(b'E', 0, report);
        }
        libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
        // A session keyring of its own: the judge's (a login's, a container's) holds keys that
        // belong to whoever started it, and would outlive the run.
        const KEYCTL_JOIN_SESSION_KEYRING: libc::c_long = 1;
        if libc::syscall(libc::SYS_keyctl, KEYCTL_JOIN_SESSION_KEYRING, std::ptr::null::<libc::c_char>()) < 0
            && *libc::__errno_location() != libc::ENOSYS
        {
            fail(b'E', 0, report);
        }
        // As a program expects to start: no signal blocked, SIGPIPE not ignored (the judge
        // ignores it, as every Rust program does, and an ignored signal stays so across exec).
        let mut signals: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut signals);
        libc::sigprocmask(libc::SIG_SETMASK, &signals, std::ptr::null_mut());
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
        if libc::chdir(plan.workdir.as_ptr()) != 0 {
            libc::chdir(c"/".as_ptr());
        }
        // Last: the policy refuses the keyring's calls made above.
        let policy =
            libc::sock_fprog { len: plan.policy.len() as u16, filter: plan.policy.as_ptr().cast_mut() };
        if libc::prctl(libc::PR_SET_SECCOMP, libc::SECCOMP_MODE_FILTER, &policy) != 0 {
            fail(b'E', 0, report);
        }
        libc::execve(plan.program.as_ptr(), plan.argv.as_ptr(), plan.envp.as_ptr());
        fail(b'E', 0, report)
    }
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
