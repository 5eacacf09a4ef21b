//! A sandbox's setup, planned before the `clone` (every path, option and descriptor it needs, so that
//! the child allocates nothing), and the `clone` itself.

use super::*;

/// One step of the setup, between `clone` and `execve`.
#[derive(Debug)]
pub(super) enum Step {
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
pub(super) struct Plan {
    pub(super) steps: Vec<Step>,
    /// Where the new root is built: a folder every host has, covered in the child's own mount
    /// namespace only.
    pub(super) stage: CString,
    pub(super) old_root: CString,
    pub(super) old_root_inside: CString,
    pub(super) workdir: CString,
    pub(super) program: CString,
    pub(super) argv: Vec<*const libc::c_char>,
    pub(super) envp: Vec<*const libc::c_char>,
    /// Keeps argv's and envp's strings alive.
    pub(super) _strings: Vec<CString>,
    pub(super) rlimits: Vec<(libc::__rlimit_resource_t, u64, u64)>,
    /// (inside uid, inside gid) the program runs as.
    pub(super) ids: (u32, u32),
    pub(super) drop_groups: bool,
    /// Descriptors as the child finds them: stdin, stdout, stderr, answer (-1: none), report's
    /// write end, sync's read end.
    pub(super) fds: [RawFd; 6],
    /// The system calls the program may not make ([`policy`]), installed last before `execve`.
    pub(super) policy: Vec<libc::sock_filter>,
    /// Where the judge's arguments and environment lie in its memory (from `/proc/self/stat`):
    /// the first process, the judge's copy, blanks them, so that `/proc/1/cmdline` inside shows
    /// nothing of the judge (its command line named every file of the batch).
    pub(super) judge_strings: [(usize, usize); 2],
}

/// The descriptor a bind's source is opened as in the child, the first of them.
pub(super) const FIRST_SLOT: RawFd = 100;

/// What binds a sandboxed program beyond what it sees: its resource limits (soft and hard;
/// applied to the program, which its processes inherit) and how many processes it may be.
#[derive(Clone, Debug)]
pub struct Bounds {
    pub rlimits: Vec<(libc::__rlimit_resource_t, u64, u64)>,
    pub processes: Processes,
}

/// Starts `program` with `args` and `env` in a new sandbox laid out as `layout`, within `bounds`.
///
/// # Errors
/// One line: the kernel refused the namespaces, or a host path could not be opened.
pub(crate) fn spawn(
    sandbox: &Sandbox,
    layout: &Layout,
    program: &Path,
    args: &[OsString],
    env: &[(&str, &str)],
    bounds: &Bounds,
    stdio: Stdio,
) -> Result<Spawned, String> {
    let (report_read, report_write) = pipe().map_err(|error| error.to_string())?;
    let (sync_read, sync_write) = pipe().map_err(|error| error.to_string())?;
    let (mut plan, descriptions) = make_plan(sandbox, layout, program, args, env)?;
    plan.rlimits = bounds.rlimits.clone();
    plan.policy = policy::filter(bounds.processes);
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
pub(super) fn write_id_maps(sandbox: &Sandbox, pid: libc::pid_t) -> Result<(), String> {
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

pub(super) fn c_path(path: &Path) -> Result<CString, String> {
    CString::new(path.as_os_str().as_bytes())
        .map_err(|_| format!("{}: a path with a NUL byte", path.display()))
}

pub(super) fn c_string(text: &OsStr) -> Result<CString, String> {
    CString::new(text.as_bytes())
        .map_err(|_| format!("{}: an argument with a NUL byte", text.to_string_lossy()))
}

/// The steps that build the sandbox's root under the stage, with what each one is (for errors).
pub(super) fn make_plan(
    sandbox: &Sandbox,
    layout: &Layout,
    program: &Path,
    args: &[OsString],
    env: &[(&str, &str)],
) -> Result<(Plan, Vec<String>), String> {
    let stage = Path::new("/tmp");
    let mut steps = StepList { stage, list: Vec::new(), made: vec![PathBuf::from("/")], slots: FIRST_SLOT.. };
    steps.push(
        Step::Tmpfs { target: c_path(stage)?, options: c_string(OsStr::new("mode=0755,size=1m"))?, flags: 0 },
        "the sandbox's root".to_string(),
    );
    system_folders(&mut steps)?;
    dev_folder(&mut steps)?;
    proc_and_tmp(&mut steps, layout.tmp_bytes)?;
    layout_mounts(&mut steps, layout)?;
    steps.mkdirs(Path::new("/.old-root"))?;
    let mut strings = Vec::new();
    let words = std::iter::once(program.as_os_str()).chain(args.iter().map(OsString::as_os_str));
    let argv = null_ended(words, &mut strings)?;
    let envp = null_ended(env.iter().map(|(key, value)| format!("{key}={value}")), &mut strings)?;
    let (list, descriptions) = steps.list.into_iter().unzip();
    let plan = Plan {
        steps: list,
        stage: c_path(stage)?,
        old_root: c_path(&under(stage, Path::new("/.old-root")))?,
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
        policy: policy::filter(Processes::Many),
        judge_strings: judge_strings(),
    };
    Ok((plan, descriptions))
}

/// `inside` (an absolute path in the sandbox) where it is built, under `stage`.
fn under(stage: &Path, inside: &Path) -> PathBuf {
    stage.join(inside.strip_prefix("/").unwrap_or(inside))
}

/// The steps planned so far, each with what it is (for errors), and what the next ones need:
/// the folders already made, and the descriptors left for binds' sources.
#[derive(Debug)]
struct StepList<'a> {
    stage: &'a Path,
    list: Vec<(Step, String)>,
    made: Vec<PathBuf>,
    slots: std::ops::RangeFrom<RawFd>,
}

impl StepList<'_> {
    fn push(&mut self, step: Step, what: String) {
        self.list.push((step, what));
    }

    /// `inside` where it is built, under the stage.
    fn under(&self, inside: &Path) -> PathBuf {
        under(self.stage, inside)
    }

    /// `mkdir -p` of `folder`, inside: one step for each folder not made yet.
    fn mkdirs(&mut self, folder: &Path) -> Result<(), String> {
        let mut path = PathBuf::from("/");
        for part in folder.components().skip(1) {
            path.push(part);
            if !self.made.contains(&path) {
                self.made.push(path.clone());
                self.push(Step::Mkdir(c_path(&self.under(&path))?), format!("making {}", path.display()));
            }
        }
        Ok(())
    }

    /// Shows `host` at `inside` (which must exist by then), read-only unless `writable`.
    fn bind(&mut self, host: &Path, inside: &Path, writable: bool) -> Result<(), String> {
        std::fs::symlink_metadata(host).map_err(|error| format!("{}: {error}", host.display()))?;
        let locked = locked_flags(host);
        let slot = self.slots.next().expect("slots do not run out");
        let source = c_path(Path::new(&format!("/proc/self/fd/{slot}")))?;
        self.push(
            Step::Bind {
                host: c_path(host)?,
                slot,
                source,
                target: c_path(&self.under(inside))?,
                writable,
                locked,
            },
            format!("showing {} at {}", host.display(), inside.display()),
        );
        Ok(())
    }

    /// An empty file at `inside`, to bind a file onto.
    fn touch(&mut self, inside: &Path) -> Result<(), String> {
        self.push(Step::Touch(c_path(&self.under(inside))?), format!("making {}", inside.display()));
        Ok(())
    }

    /// A symbolic link at `link`, inside, to `target`.
    fn symlink(&mut self, target: &Path, link: &Path) -> Result<(), String> {
        self.push(
            Step::Symlink { target: c_path(target)?, link: c_path(&self.under(link))? },
            format!("linking {}", link.display()),
        );
        Ok(())
    }
}

/// The host's system folders, read-only: `/usr`, the `/bin` and `/lib` folders (or their links
/// into `/usr`), and `/etc/alternatives`.
fn system_folders(steps: &mut StepList) -> Result<(), String> {
    steps.mkdirs(Path::new("/usr"))?;
    steps.bind(Path::new("/usr"), Path::new("/usr"), false)?;
    for name in ["bin", "sbin", "lib", "lib32", "lib64", "libx32"] {
        let host = Path::new("/").join(name);
        match std::fs::symlink_metadata(&host) {
            Ok(metadata) if metadata.is_symlink() => {
                let target =
                    std::fs::read_link(&host).map_err(|error| format!("{}: {error}", host.display()))?;
                steps.symlink(&target, &host)?;
            }
            Ok(metadata) if metadata.is_dir() => {
                steps.mkdirs(&host)?;
                steps.bind(&host, &host, false)?;
            }
            _ => {}
        }
    }
    // Debian's `cc`, `c++` and friends are links through /etc/alternatives: the one folder of
    // /etc a toolchain needs (links only; nothing of the host's settings).
    let alternatives = Path::new("/etc/alternatives");
    if alternatives.is_dir() {
        steps.mkdirs(alternatives)?;
        steps.bind(alternatives, alternatives, false)?;
    }
    Ok(())
}

/// A small `/dev` of its own: the [`DEVICES`] bound from the host, and the links to the
/// process's own descriptors.
fn dev_folder(steps: &mut StepList) -> Result<(), String> {
    steps.mkdirs(Path::new("/dev"))?;
    steps.push(
        Step::Tmpfs {
            target: c_path(&steps.under(Path::new("/dev")))?,
            options: c_string(OsStr::new("mode=0755,size=64k"))?,
            flags: libc::MS_NOSUID | libc::MS_NOEXEC,
        },
        "making /dev".to_string(),
    );
    for device in DEVICES {
        let path = Path::new("/dev").join(device);
        steps.touch(&path)?;
        steps.bind(&path, &path, true)?;
    }
    for (link, target) in [
        ("fd", "/proc/self/fd"),
        ("stdin", "/proc/self/fd/0"),
        ("stdout", "/proc/self/fd/1"),
        ("stderr", "/proc/self/fd/2"),
    ] {
        steps.symlink(Path::new(target), &Path::new("/dev").join(link))?;
    }
    Ok(())
}

/// A fresh `/proc`, and a private `/tmp` of `tmp_bytes` (at least a page).
fn proc_and_tmp(steps: &mut StepList, tmp_bytes: u64) -> Result<(), String> {
    steps.mkdirs(Path::new("/proc"))?;
    steps.push(Step::Proc(c_path(&steps.under(Path::new("/proc")))?), "mounting /proc".to_string());
    steps.mkdirs(Path::new("/tmp"))?;
    steps.push(
        Step::Tmpfs {
            target: c_path(&steps.under(Path::new("/tmp")))?,
            options: c_string(OsStr::new(&format!("mode=1777,size={}", tmp_bytes.max(4096))))?,
            flags: libc::MS_NOSUID | libc::MS_NODEV,
        },
        "making /tmp".to_string(),
    );
    Ok(())
}

/// The run's own host paths, each at its place inside, with the folder or empty file it is bound
/// onto.
fn layout_mounts(steps: &mut StepList, layout: &Layout) -> Result<(), String> {
    // Shallow paths first, so that a mount's folder is made before anything is mounted inside.
    let mut mounts: Vec<&Mount> = layout.mounts.iter().collect();
    mounts.sort_by_key(|mount| mount.inside.components().count());
    for mount in mounts {
        let metadata =
            std::fs::metadata(&mount.host).map_err(|error| format!("{}: {error}", mount.host.display()))?;
        if metadata.is_dir() {
            steps.mkdirs(&mount.inside)?;
        } else {
            if let Some(parent) = mount.inside.parent() {
                steps.mkdirs(parent)?;
            }
            steps.touch(&mount.inside)?;
        }
        steps.bind(&mount.host, &mount.inside, mount.writable)?;
    }
    Ok(())
}

/// `words` as C strings, which `strings` keeps alive, and the NULL-ended array of pointers to
/// them that `execve` takes.
fn null_ended(
    words: impl IntoIterator<Item = impl AsRef<OsStr>>,
    strings: &mut Vec<CString>,
) -> Result<Vec<*const libc::c_char>, String> {
    let mut pointers = Vec::new();
    for word in words {
        // The string's bytes stay where they are when the `CString` moves into `strings`.
        let word = c_string(word.as_ref())?;
        pointers.push(word.as_ptr());
        strings.push(word);
    }
    pointers.push(std::ptr::null());
    Ok(pointers)
}

/// The judge's arguments' and environment's places in its memory: `/proc/self/stat`'s
/// `arg_start`, `arg_end`, `env_start` and `env_end` (fields 48 to 51); none where unreadable.
pub(super) fn judge_strings() -> [(usize, usize); 2] {
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
pub(super) fn locked_flags(path: &Path) -> libc::c_ulong {
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
