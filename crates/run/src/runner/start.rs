//! Starting a run's first process: in the sandbox, as a plain child behind its fence and filter
//! (`--no-sandbox`), or as a built-in spawned without copying the judge; its limits.

use super::*;
use crate::sandbox::Fence;

/// The pipes of a started child, the judge's ends.
pub(super) struct Started {
    pub(super) pid: libc::pid_t,
    pub(super) stdin: std::fs::File,
    pub(super) stdout: std::fs::File,
    pub(super) stderr: std::fs::File,
    pub(super) answer: Option<std::fs::File>,
    /// The sandbox's first process, for its report.
    pub(super) sandboxed: Option<crate::sandbox::Spawned>,
    /// A run outside the sandbox: its fence, whose scratch folder goes when the run is over.
    pub(super) fence: Option<Fence>,
}

impl Started {
    /// A child started with `std::process` (its three standard streams piped), outside the sandbox.
    pub(super) fn plain(child: &mut std::process::Child, answer: Option<std::fs::File>) -> Started {
        let pipe_file = |fd: OwnedFd| std::fs::File::from(fd);
        Started {
            pid: child.id() as libc::pid_t,
            stdin: pipe_file(child.stdin.take().expect("stdin is piped").into()),
            stdout: pipe_file(child.stdout.take().expect("stdout is piped").into()),
            stderr: pipe_file(child.stderr.take().expect("stderr is piped").into()),
            answer,
            sandboxed: None,
            fence: None,
        }
    }
}

/// The resource limits every process of a run gets: address space (past the memory limit, as
/// code, thread stacks and arenas are mapped but mostly never touched), CPU time in whole
/// seconds rounded up (the kernel's SIGXCPU stops a hog even where nothing reads its time while
/// it runs), the size of any file it writes, and no core dumps.
pub(super) fn rlimits(job: &Job) -> Vec<(libc::__rlimit_resource_t, u64, u64)> {
    let limits = &job.limits;
    let address_space =
        job.address_space.unwrap_or(limits.memory_bytes.saturating_add(ADDRESS_SPACE_HEADROOM));
    let cpu_seconds = (limits.cpu_time.as_secs() + u64::from(limits.cpu_time.subsec_nanos() > 0)).max(1);
    let file_bytes = job.file_bytes.unwrap_or(limits.output_bytes);
    // The soft CPU limit sends SIGXCPU (the verdict's TLE); the hard one, a second on, SIGKILL.
    let mut list = vec![
        (libc::RLIMIT_CPU, cpu_seconds, cpu_seconds + 1),
        (libc::RLIMIT_FSIZE, file_bytes, file_bytes),
        (libc::RLIMIT_CORE, 0, 0),
    ];
    if address_space != u64::MAX {
        list.push((libc::RLIMIT_AS, address_space, address_space));
    }
    list
}

/// Starts the job's program in the sandbox, in `group`.
pub(super) fn start_sandboxed(
    job: &Job,
    sandbox: &Sandbox,
    layout: &Layout,
    group: Option<&RunGroup>,
) -> Result<Started, String> {
    let (stdin_read, stdin_write) = pipe()?;
    let (stdout_read, stdout_write) = pipe()?;
    let (stderr_read, stderr_write) = pipe()?;
    let answer = if job.answer_channel { Some(pipe()?) } else { None };
    let (answer_read, answer_write) = answer.map_or((None, None), |(read, write)| (Some(read), Some(write)));
    let mut limits = rlimits(job);
    if let Some(max) = job.max_processes {
        // Counted per user in the run's own user namespace: a cap on every machine, root or not.
        limits.push((libc::RLIMIT_NPROC, u64::from(max), u64::from(max)));
    }
    let stdio = crate::sandbox::Stdio {
        stdin: stdin_read,
        stdout: stdout_write,
        stderr: stderr_write,
        answer: answer_write,
    };
    let bounds = crate::sandbox::Bounds { rlimits: limits, processes: job.processes };
    let mut spawned = crate::sandbox::spawn(sandbox, layout, job.program, job.args, job.env, &bounds, stdio)?;
    if let Some(group) = group {
        if let Err(error) = group.add(spawned.pid) {
            // SAFETY: the pid is this process's child, not yet reaped.
            unsafe {
                libc::kill(spawned.pid, libc::SIGKILL);
                libc::waitpid(spawned.pid, std::ptr::null_mut(), 0);
            }
            return Err(format!("cannot put a run in its cgroup: {error}"));
        }
    }
    spawned.release();
    Ok(Started {
        pid: spawned.pid,
        stdin: stdin_write.into(),
        stdout: stdout_read.into(),
        stderr: stderr_read.into(),
        answer: answer_read.map(Into::into),
        sandboxed: Some(spawned),
        fence: None,
    })
}

/// Starts the job's program as a plain child, in `group` where there is one.
pub(super) fn start_plain(job: &Job, group: Option<&RunGroup>) -> Result<Started, String> {
    let mut command = Command::new(job.program);
    command.args(job.args).env_clear().stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    for (key, value) in job.env {
        command.env(key, value);
    }
    let limits = rlimits(job);
    if matches!(job.isolation, Isolation::Plain) && !job.answer_channel && group.is_none() {
        return start_builtin(command, job, &limits);
    }
    let fence = match job.isolation {
        Isolation::Unsandboxed { layout } => Fence::new(layout).map_err(|error| error.to_string())?,
        _ => None,
    };
    if let Some(fence) = &fence {
        command.env("TMPDIR", fence.scratch());
    }
    let restriction = fence.as_ref().map(Fence::restriction);
    let answer_pipe = if job.answer_channel { Some(pipe()?) } else { None };
    let answer_write_end = answer_pipe.as_ref().map(|(_, write)| std::os::fd::AsRawFd::as_raw_fd(write));
    let procs = group.map(RunGroup::procs_files).unwrap_or_default();
    // A file's run outside the sandbox shares the judge's user: it may signal nothing but itself.
    // Assembled here, for a file's run outside the sandbox: the child only writes its pid into it.
    let mut signal_filter = matches!(job.isolation, Isolation::Unsandboxed { .. })
        .then(|| crate::sandbox::SignalFilter::new(job.processes));
    // SAFETY: the closure runs in the forked child before exec and only makes plain system
    // calls on values prepared before the fork.
    unsafe {
        command.pre_exec(move || {
            // A session and process group of its own: a kill reaches whatever the child started
            // too, and no terminal is there for it to type into.
            if libc::setsid() < 0 {
                return Err(std::io::Error::last_os_error());
            }
            // Into its cgroup, before it can fork ("0" is the writing process itself).
            for file in &procs {
                let fd = libc::open(file.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
                if fd < 0 || libc::write(fd, b"0".as_ptr().cast(), 1) != 1 {
                    return Err(std::io::Error::last_os_error());
                }
                libc::close(fd);
            }
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
            for &(resource, soft, hard) in &limits {
                set_limit(resource, soft, hard)?;
            }
            // The pipe's end may be numbered 3 itself: it is first copied above 9, then onto 3,
            // where (unlike the original) it stays open across exec.
            if let Some(write_end) = answer_write_end {
                let copy = libc::fcntl(write_end, libc::F_DUPFD_CLOEXEC, 10);
                if copy < 0 || libc::dup2(copy, 3) != 3 {
                    return Err(std::io::Error::last_os_error());
                }
                libc::close(copy);
            }
            // Nothing else the judge holds reaches the child. Where the kernel has no
            // close_range, Rust's own descriptors close on exec anyway.
            libc::syscall(libc::SYS_close_range, 4u32, u32::MAX, 1u32 << 2);
            match &mut signal_filter {
                Some(signal_filter) => confine_outside(signal_filter, restriction),
                None => Ok(()),
            }
        });
    }
    let mut child =
        command.spawn().map_err(|error| format!("cannot start {}: {error}", job.program.display()))?;
    let mut started = Started::plain(&mut child, answer_pipe.map(|(read, _)| std::fs::File::from(read)));
    started.fence = fence;
    Ok(started)
}

/// Confines a file's run outside the sandbox, in its forked child before exec: no capability
/// survives (a root judge's would all pass on), what it starts stays in its tree and its process
/// group, and it enters its fence and its system-call filter, last.
///
/// # Safety
/// Only in the child between fork and exec: plain system calls on values prepared before the
/// fork.
unsafe fn confine_outside(
    signal_filter: &mut crate::sandbox::SignalFilter,
    restriction: Option<crate::sandbox::Restriction>,
) -> std::io::Result<()> {
    // SAFETY: the caller's: the child between fork and exec; plain system calls on its own values.
    unsafe {
        // A judge run as root would give its runs every capability: none survives the exec once
        // the bounding set is empty (and ambient ones are cleared).
        if libc::geteuid() == 0 {
            libc::prctl(libc::PR_CAP_AMBIENT, libc::PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
            let mut capability = 0;
            while libc::prctl(libc::PR_CAPBSET_DROP, capability, 0, 0, 0) == 0 {
                capability += 1;
            }
        }
        // What it starts stays in its tree while it lives (counted in the fallback), and in its
        // process group for good (the filter refuses `setsid` and `setpgid`): the kill of the
        // group at the end reaches every one of them.
        libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
        let program = signal_filter.fill(libc::getpid());
        if libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 {
            return Err(std::io::Error::last_os_error());
        }
        if let Some(restriction) = restriction {
            restriction.restrict()?;
        }
        if libc::prctl(libc::PR_SET_SECCOMP, libc::SECCOMP_MODE_FILTER, &program) != 0 {
            return Err(std::io::Error::last_os_error());
        }
    }
    Ok(())
}

/// Starts a built-in's child: the judge's own code, so nothing needs doing between fork and exec
/// but its process group, and the standard library spawns it without copying the judge's memory
/// (`posix_spawn`, a `vfork`; a `fork` copied the page tables of the judge, a third of a run's cost
/// on the default cases). Its limits are set from outside before its input is written, so before
/// it can do any work; it asks for `SIGKILL` should the judge die (the front's `__run`).
pub(super) fn start_builtin(
    mut command: Command,
    job: &Job,
    limits: &[(libc::__rlimit_resource_t, u64, u64)],
) -> Result<Started, String> {
    command.process_group(0);
    let mut child =
        command.spawn().map_err(|error| format!("cannot start {}: {error}", job.program.display()))?;
    let pid = child.id() as libc::pid_t;
    for &(resource, soft, hard) in limits {
        let limit = libc::rlimit { rlim_cur: soft, rlim_max: hard };
        // SAFETY: a plain system call on a value it owns, for a child not yet reaped.
        if unsafe { libc::prlimit(pid, resource, &limit, std::ptr::null_mut()) } != 0 {
            let error = std::io::Error::last_os_error();
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("cannot limit {}: {error}", job.program.display()));
        }
    }
    Ok(Started::plain(&mut child, None))
}

pub(super) fn set_limit(resource: libc::__rlimit_resource_t, soft: u64, hard: u64) -> std::io::Result<()> {
    let limit = libc::rlimit { rlim_cur: soft, rlim_max: hard };
    // SAFETY: a plain system call on a value it owns.
    if unsafe { libc::setrlimit(resource, &limit) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(())
}

/// [`crate::sandbox::pipe`], its failure as the start's one line.
fn pipe() -> Result<(OwnedFd, OwnedFd), String> {
    crate::sandbox::pipe().map_err(|error| error.to_string())
}
