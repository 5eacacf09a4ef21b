//! A run's cgroup ([`RunGroup`]), and the clean-up of every run's group when the judge is
//! interrupted.

use super::*;

/// A cgroup for one run, as isolate makes one a box: the kernel counts the CPU time and the peak
/// memory of every process in it, whether reaped or not, holds the memory limit on all of them
/// together (its out-of-memory killer ends the run: MLE), and refuses a fork past the process cap,
/// whoever the user.
///
/// cgroup v1's `memory`, `cpuacct` and `pids` hierarchies, or a v2 hierarchy that has (or can be
/// given) the `memory` and `pids` controllers; the run's group is made inside the judge's own.
/// Where none can be written (not root and nothing delegated, or `QUEENS_JUDGE_CGROUPS=off`), a
/// run has none; the sandbox's first process then sums the CPU time of every process it reaped
/// (it reaps them all), memory is the largest process's peak, held by `RLIMIT_AS` per process,
/// and the process cap is `RLIMIT_NPROC` in the run's own user namespace. Dropping the group kills
/// what is left and removes it.
#[derive(Debug)]
pub(crate) struct RunGroup {
    kind: GroupKind,
}

#[derive(Debug)]
pub(super) enum GroupKind {
    V1 { memory: Option<PathBuf>, cpuacct: Option<PathBuf>, pids: PathBuf },
    V2(PathBuf),
}

/// Where this process's cgroups are: v1 hierarchies by controller, and the v2 one.
#[derive(Debug, Default)]
pub(super) struct Hierarchies {
    memory: Option<PathBuf>,
    cpuacct: Option<PathBuf>,
    pids: Option<PathBuf>,
    unified: Option<PathBuf>,
}

pub(super) fn hierarchies() -> &'static Hierarchies {
    static FOUND: std::sync::OnceLock<Hierarchies> = std::sync::OnceLock::new();
    FOUND.get_or_init(|| {
        let mut found = Hierarchies::default();
        if std::env::var_os("QUEENS_JUDGE_CGROUPS").is_some_and(|value| value == "off") {
            return found;
        }
        let mounts = std::fs::read_to_string("/proc/self/mounts").unwrap_or_default();
        let own = std::fs::read_to_string("/proc/self/cgroup").unwrap_or_default();
        // "ID:controllers:/path" per hierarchy; v2's is "0::/path".
        let own_path = |controller: &str| {
            own.lines().find_map(|line| {
                let mut parts = line.splitn(3, ':');
                let (_, names, path) = (parts.next()?, parts.next()?, parts.next()?);
                let matches = if controller.is_empty() {
                    names.is_empty()
                } else {
                    names.split(',').any(|n| n == controller)
                };
                matches.then(|| path.trim_start_matches('/').to_string())
            })
        };
        for line in mounts.lines() {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let [_, mount_point, kind, options, ..] = fields[..] else { continue };
            let mount_point = Path::new(mount_point);
            if kind == "cgroup2" {
                if let Some(path) = own_path("") {
                    found.unified = Some(mount_point.join(path));
                }
            } else if kind == "cgroup" {
                for (controller, slot) in [
                    ("memory", &mut found.memory),
                    ("cpuacct", &mut found.cpuacct),
                    ("pids", &mut found.pids),
                ] {
                    if options.split(',').any(|option| option == controller) {
                        if let Some(path) = own_path(controller) {
                            *slot = Some(mount_point.join(path));
                        }
                    }
                }
            }
        }
        for folder in [&found.memory, &found.cpuacct, &found.pids, &found.unified].into_iter().flatten() {
            sweep_dead_judges(folder);
        }
        found
    })
}

/// Removes the cgroup folders of judges that died without removing them (killed by SIGKILL, which
/// nothing can catch): their processes are gone with their namespaces, their folders are empty.
pub(super) fn sweep_dead_judges(folder: &Path) {
    for entry in std::fs::read_dir(folder).into_iter().flatten().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(pid) = name.strip_prefix("queens-judge-") else { continue };
        if pid.parse::<u32>().is_err() || Path::new("/proc").join(pid).exists() {
            continue;
        }
        for run in std::fs::read_dir(entry.path()).into_iter().flatten().flatten() {
            if run.file_type().is_ok_and(|kind| kind.is_dir()) {
                kill_group_folder(&run.path());
                let _ = std::fs::remove_dir(run.path());
            }
        }
        let _ = std::fs::remove_dir(entry.path());
    }
}

/// A name no other run of this process has, under a folder of this process's own.
pub(super) fn group_name() -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    Path::new(&format!("queens-judge-{}", std::process::id()))
        .join(format!("run-{}", NEXT.fetch_add(1, Ordering::Relaxed)))
}

pub(super) fn make_group(parent: &Path, name: &Path) -> Option<PathBuf> {
    let path = parent.join(name);
    std::fs::create_dir_all(&path).ok()?;
    REGISTRY.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push(path.clone());
    Some(path)
}

/// Set once a signal has come: no run starts or reports after it (see [`clean_up_on_signals`]).
pub(super) static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Past a signal, a thread that would start or report a run waits for the process to end instead,
/// so that nothing is judged (or left) while the runs are killed and their cgroups removed.
pub(super) fn stop_if_interrupted() {
    while INTERRUPTED.load(Ordering::SeqCst) {
        std::thread::park();
    }
}

/// Every run group alive, for [`clean_up_on_signals`].
pub(super) static REGISTRY: std::sync::Mutex<Vec<PathBuf>> = std::sync::Mutex::new(Vec::new());

impl RunGroup {
    /// A group holding the run to `limits`' memory and `max` processes, or `None` where none can
    /// be made.
    pub fn create(limits: &Limits, max: u32) -> Option<RunGroup> {
        let found = hierarchies();
        let name = group_name();
        let group = if let Some(pids) = &found.pids {
            let kind = GroupKind::V1 {
                pids: make_group(pids, &name)?,
                memory: found.memory.as_ref().and_then(|memory| make_group(memory, &name)),
                cpuacct: found.cpuacct.as_ref().and_then(|cpuacct| make_group(cpuacct, &name)),
            };
            RunGroup { kind }
        } else {
            let unified = found.unified.as_ref()?;
            let parent = unified.join(name.parent()?);
            std::fs::create_dir_all(&parent).ok()?;
            // A v2 group may hold processes or hand controllers down, not both: the judge's
            // folder holds none, and gives its runs memory and pids.
            let _ = std::fs::write(parent.join("cgroup.subtree_control"), "+memory +pids");
            RunGroup { kind: GroupKind::V2(make_group(unified, &name)?) }
        };
        group.limit(limits, max).then_some(group)
    }

    pub(super) fn limit(&self, limits: &Limits, max: u32) -> bool {
        let write = |path: &Path, text: &str| std::fs::write(path, text).is_ok();
        match &self.kind {
            GroupKind::V1 { memory, pids, .. } => {
                if let (Some(memory), true) = (memory, limits.memory_bytes != u64::MAX) {
                    // Swap counts too where the kernel accounts it; else the limit holds alone.
                    let bytes = limits.memory_bytes.to_string();
                    if !write(&memory.join("memory.limit_in_bytes"), &bytes) {
                        return false;
                    }
                    let _ = write(&memory.join("memory.memsw.limit_in_bytes"), &bytes);
                }
                write(&pids.join("pids.max"), &max.to_string())
            }
            GroupKind::V2(path) => {
                if limits.memory_bytes != u64::MAX {
                    let _ = write(&path.join("memory.swap.max"), "0");
                    if !write(&path.join("memory.max"), &limits.memory_bytes.to_string()) {
                        return false;
                    }
                }
                write(&path.join("pids.max"), &max.to_string())
            }
        }
    }

    pub(super) fn folders(&self) -> Vec<&Path> {
        match &self.kind {
            GroupKind::V1 { memory, cpuacct, pids } => {
                let mut folders = vec![pids.as_path()];
                folders.extend(memory.as_deref());
                folders.extend(cpuacct.as_deref());
                folders
            }
            GroupKind::V2(path) => vec![path.as_path()],
        }
    }

    /// The `cgroup.procs` files a process joins the group through.
    pub(super) fn procs_files(&self) -> Vec<std::ffi::CString> {
        self.folders()
            .into_iter()
            .map(|folder| {
                let bytes = folder.join("cgroup.procs").into_os_string().into_encoded_bytes();
                std::ffi::CString::new(bytes).expect("a cgroup path has no NUL")
            })
            .collect()
    }

    /// Puts `pid` in the group.
    pub(super) fn add(&self, pid: libc::pid_t) -> std::io::Result<()> {
        for folder in self.folders() {
            std::fs::write(folder.join("cgroup.procs"), pid.to_string())?;
        }
        Ok(())
    }

    /// CPU time over every process that was ever in the group.
    pub(super) fn cpu_time(&self) -> Option<Duration> {
        match &self.kind {
            GroupKind::V1 { cpuacct, .. } => {
                let text = std::fs::read_to_string(cpuacct.as_ref()?.join("cpuacct.usage")).ok()?;
                text.trim().parse().ok().map(Duration::from_nanos)
            }
            GroupKind::V2(path) => {
                let text = std::fs::read_to_string(path.join("cpu.stat")).ok()?;
                let micros = text.lines().find_map(|line| line.strip_prefix("usage_usec "))?;
                micros.trim().parse().ok().map(Duration::from_micros)
            }
        }
    }

    /// The group's peak memory (what its processes held, with the page cache they brought in).
    pub(super) fn peak_memory(&self) -> Option<u64> {
        let file = match &self.kind {
            GroupKind::V1 { memory, .. } => memory.as_ref()?.join("memory.max_usage_in_bytes"),
            GroupKind::V2(path) => path.join("memory.peak"),
        };
        std::fs::read_to_string(file).ok()?.trim().parse().ok()
    }

    /// Whether the out-of-memory killer ended a process of the group.
    pub(super) fn oom_killed(&self) -> bool {
        let (file, key) = match &self.kind {
            GroupKind::V1 { memory: Some(memory), .. } => (memory.join("memory.oom_control"), "oom_kill "),
            GroupKind::V1 { memory: None, .. } => return false,
            GroupKind::V2(path) => (path.join("memory.events"), "oom_kill "),
        };
        std::fs::read_to_string(file).unwrap_or_default().lines().any(|line| {
            line.strip_prefix(key)
                .and_then(|count| count.trim().parse::<u64>().ok())
                .is_some_and(|count| count > 0)
        })
    }

    /// Starts the group's peak memory afresh from what it holds now (cgroup v1 alone allows it).
    pub(super) fn reset_peak(&self) {
        if let GroupKind::V1 { memory: Some(memory), .. } = &self.kind {
            let _ = std::fs::write(memory.join("memory.max_usage_in_bytes"), "0");
        }
    }

    /// Kills every process still in the group.
    pub(super) fn kill_all(&self) {
        for folder in self.folders() {
            kill_group_folder(folder);
        }
    }
}

pub(super) fn kill_group_folder(folder: &Path) {
    for line in std::fs::read_to_string(folder.join("cgroup.procs")).unwrap_or_default().lines() {
        if let Ok(pid) = line.trim().parse::<libc::pid_t>() {
            // SAFETY: a plain system call; the pid is in this run's own group.
            unsafe { libc::kill(pid, libc::SIGKILL) };
        }
    }
}

pub(super) fn remove_group_folder(folder: &Path) {
    // A group empties once its killed processes are reaped, which takes a moment.
    for _ in 0..100 {
        if std::fs::remove_dir(folder).is_ok() || !folder.exists() {
            break;
        }
        kill_group_folder(folder);
        std::thread::sleep(Duration::from_millis(10));
    }
    REGISTRY.lock().unwrap_or_else(std::sync::PoisonError::into_inner).retain(|path| path != folder);
    if let Some(parent) = folder.parent() {
        // The last run's group takes the judge's with it; another's still there keeps it.
        let _ = std::fs::remove_dir(parent);
    }
}

impl Drop for RunGroup {
    fn drop(&mut self) {
        self.kill_all();
        for folder in self.folders() {
            remove_group_folder(folder);
        }
    }
}

/// Makes the judge untraceable by the processes of its user (`PR_SET_DUMPABLE` 0): no `ptrace`,
/// `/proc/PID/mem`, `process_vm_writev` or `pidfd_getfd` of it from a run outside the sandbox,
/// which shares its user. The front calls this before any such run.
pub fn shield_from_runs() {
    // SAFETY: a plain system call with integer arguments.
    unsafe { libc::prctl(libc::PR_SET_DUMPABLE, 0, 0, 0, 0) };
}

/// On SIGINT, SIGTERM or SIGHUP: every run's processes killed and its cgroup removed, then the
/// process ends as the signal would have ended it (the sandboxes' first processes die with the
/// judge anyway, by `PR_SET_PDEATHSIG`). The front calls this once, first thing.
pub fn clean_up_on_signals() {
    static PIPE: std::sync::OnceLock<(RawFd, RawFd)> = std::sync::OnceLock::new();
    extern "C" fn on_signal(signal: libc::c_int) {
        if let Some(&(_, write_end)) = PIPE.get() {
            let byte = signal as u8;
            // SAFETY: write is async-signal-safe; a one-byte buffer on the stack.
            unsafe { libc::write(write_end, std::ptr::from_ref(&byte).cast(), 1) };
        }
    }
    let Ok((read_end, write_end)) = crate::sandbox::pipe() else { return };
    let (read_end, write_end) = (read_end.into_raw_fd(), write_end.into_raw_fd());
    if PIPE.set((read_end, write_end)).is_err() {
        return;
    }
    std::thread::spawn(move || {
        let mut byte = 0u8;
        // SAFETY: reads one byte into a valid buffer from a descriptor this thread owns.
        while unsafe { libc::read(read_end, std::ptr::from_mut(&mut byte).cast(), 1) } != 1 {}
        INTERRUPTED.store(true, Ordering::SeqCst);
        let folders: Vec<PathBuf> =
            REGISTRY.lock().unwrap_or_else(std::sync::PoisonError::into_inner).clone();
        for folder in &folders {
            kill_group_folder(folder);
        }
        // A killed process stays in its group until it is reaped, and the threads that would
        // reap the runs are stopped: this one reaps them (the process ends next anyway).
        let reap = || {
            // SAFETY: waitpid with a null status pointer, on this process's own children.
            while unsafe { libc::waitpid(-1, std::ptr::null_mut(), libc::WNOHANG) } > 0 {}
        };
        for _ in 0..100 {
            reap();
            if folders.iter().all(|folder| std::fs::remove_dir(folder).is_ok() || !folder.exists()) {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        for folder in &folders {
            remove_group_folder(folder);
        }
        let signal = libc::c_int::from(byte);
        // SAFETY: the default action, then the signal again: the process ends as it would have.
        unsafe {
            libc::signal(signal, libc::SIG_DFL);
            libc::raise(signal);
        }
    });
    for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
        // SAFETY: installs a handler that only writes to a pipe.
        unsafe { libc::signal(signal, on_signal as *const () as libc::sighandler_t) };
    }
}
