//! Watching a run's processes: reaping and waiting (a `pidfd` wakes the parent the moment the child
//! ends), the `/proc` fallback's CPU time and memory, and reading its pipes within bounds.

use super::*;

/// What the kernel (or the sandbox's report) says of a run's process once it is reaped.
pub(super) struct Reaped {
    pub(super) status: libc::c_int,
    pub(super) cpu_time: Duration,
    pub(super) peak_memory_bytes: u64,
    /// The sandbox's own setup, counted in its group but not the program's.
    pub(super) setup_time: Duration,
}

/// Reaps the run's first process (killed already, or ended). A sandbox's first process reaped every
/// process of the run: its own usage (which holds theirs) stands where it was killed before it
/// could report (the backstop, an output flood, the out-of-memory killer); its report has the
/// program's status.
///
/// # Errors
/// A sandbox's setup that failed, in one line.
pub(super) fn reap(pid: libc::pid_t, sandboxed: Option<crate::sandbox::Spawned>) -> Result<Reaped, String> {
    let (status, usage) = wait4(pid, 0).unwrap_or((libc::SIGKILL, zeroed_rusage()));
    let mut reaped = Reaped {
        status,
        cpu_time: timeval(usage.ru_utime) + timeval(usage.ru_stime),
        // ru_maxrss is in KiB on Linux.
        peak_memory_bytes: u64::try_from(usage.ru_maxrss).unwrap_or(0).saturating_mul(1024),
        setup_time: Duration::ZERO,
    };
    if let Some(mut spawned) = sandboxed {
        if let Some(report) = spawned.read_report().map_err(|error| error.to_string())? {
            reaped.status = report.status;
            reaped.cpu_time = Duration::from_micros(report.cpu_micros);
            reaped.peak_memory_bytes = report.max_rss_kib.saturating_mul(1024);
            reaped.setup_time = Duration::from_micros(report.setup_micros);
        }
    }
    Ok(reaped)
}

/// The CPU time (user + system, with what each has reaped) and the resident memory summed over
/// the process `root` and its live descendants, read from `/proc` (`task/*/children`): the
/// fallback where a run has no cgroup. A live process's own time is its CPU clock, to the
/// nanosecond (every thread's), where the kernel gives it; what it reaped is in clock ticks.
/// Memory shared between processes (a fork's untouched pages) counts once per process, so the sum
/// errs high.
pub(super) fn tree_usage(root: libc::pid_t) -> Option<(Duration, u64)> {
    // SAFETY: sysconf reads constants of the system.
    let (per_second, page) = unsafe { (libc::sysconf(libc::_SC_CLK_TCK), libc::sysconf(libc::_SC_PAGESIZE)) };
    let per_second = u64::try_from(per_second).ok().filter(|&hz| hz > 0)?;
    let page = u64::try_from(page).unwrap_or(4096);
    let mut ticks = 0u64;
    let mut clocked = Duration::ZERO;
    let mut resident = 0u64;
    let mut pending = vec![root];
    let mut seen = 0;
    while let Some(pid) = pending.pop() {
        seen += 1;
        if seen > 100_000 {
            break;
        }
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else { continue };
        let Some((_, fields)) = stat.rsplit_once(')') else { continue };
        let fields: Vec<u64> =
            fields.split_whitespace().skip(1).map(|field| field.parse().unwrap_or(0)).collect();
        // After the name and the state: utime, stime, cutime, cstime are 11..=14; rss is 21.
        let own: u64 = fields.get(10..12).map_or(0, |times| times.iter().sum());
        let reaped: u64 = fields.get(12..14).map_or(0, |times| times.iter().sum());
        ticks += own + reaped;
        clocked += process_clock(pid)
            .unwrap_or_else(|| Duration::from_nanos(own.saturating_mul(1_000_000_000) / per_second))
            + Duration::from_nanos(reaped.saturating_mul(1_000_000_000) / per_second);
        resident += fields.get(20).copied().unwrap_or(0).saturating_mul(page);
        let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else { continue };
        for task in tasks.flatten() {
            let children = std::fs::read_to_string(task.path().join("children")).unwrap_or_default();
            pending.extend(children.split_whitespace().filter_map(|child| child.parse::<libc::pid_t>().ok()));
        }
    }
    let counted = Duration::from_nanos(ticks.saturating_mul(1_000_000_000) / per_second);
    Some((counted.max(clocked), resident))
}

/// The CPU time of every thread of process `pid`, live or ended, to the nanosecond.
pub(super) fn process_clock(pid: libc::pid_t) -> Option<Duration> {
    let mut clock: libc::clockid_t = 0;
    let mut now = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: valid out-pointers for the duration of each call.
    let read = unsafe {
        libc::clock_getcpuclockid(pid, &mut clock) == 0 && libc::clock_gettime(clock, &mut now) == 0
    };
    read.then(|| {
        Duration::new(u64::try_from(now.tv_sec).unwrap_or(0), u32::try_from(now.tv_nsec).unwrap_or(0))
    })
}

pub(super) fn timeval(value: libc::timeval) -> Duration {
    let seconds = u64::try_from(value.tv_sec).unwrap_or(0);
    let micros = u64::try_from(value.tv_usec).unwrap_or(0);
    Duration::from_secs(seconds) + Duration::from_micros(micros)
}

/// A run being watched: its first process, when it started, its limits, and its cgroup where it
/// has one.
pub(super) struct Watch<'a> {
    pub(super) pid: libc::pid_t,
    pub(super) started: Instant,
    pub(super) limits: &'a Limits,
    pub(super) group: Option<&'a RunGroup>,
}

/// What watching a run found: the limit it was killed at, and what sampling its tree saw.
#[derive(Default)]
pub(super) struct Watched {
    pub(super) killed_at_backstop: bool,
    pub(super) killed_over_cpu: bool,
    pub(super) killed_for_memory: bool,
    pub(super) tree_peak: u64,
    pub(super) tree_cpu: Duration,
}

impl Watch<'_> {
    /// Watches the run until its first process ends, serving its `pipes` meanwhile, and killing it
    /// (`kill_all`) past its output limit, its wall-clock backstop, or its CPU time counted over
    /// every process; and, where `sample_tree` (a sandbox without a cgroup), past its memory,
    /// sampled.
    pub(super) fn until_ended(&self, pipes: &mut Pipes, sample_tree: bool, kill_all: &dyn Fn()) -> Watched {
        let (pid, limits) = (self.pid, self.limits);
        let cpu_so_far = || match self.group {
            Some(group) => group.cpu_time(),
            None => tree_usage(pid).map(|(cpu, _)| cpu),
        };
        let waiter = ExitWaiter::new(pid);
        let backstop = limits.wall_backstop();
        let mut watched = Watched::default();
        let mut killed_for_output = false;
        // The CPU time last read, and when it last grew.
        let (mut cpu_seen, mut grew_at) = (Duration::ZERO, self.started);
        while !has_ended(pid) {
            let elapsed = self.started.elapsed();
            let cpu = (elapsed > limits.cpu_time / 2).then(cpu_so_far).flatten();
            if cpu.is_some_and(|cpu| cpu > cpu_seen) {
                (cpu_seen, grew_at) = (cpu.unwrap_or_default(), Instant::now());
            }
            if pipes.over_limit && !killed_for_output {
                killed_for_output = true;
                kill_all();
            } else if !watched.killed_at_backstop && limits.past_backstop(elapsed, grew_at.elapsed()) {
                watched.killed_at_backstop = true;
                kill_all();
            } else if !watched.killed_over_cpu && cpu > Some(limits.cpu_time) {
                // Over its CPU time already, counting every process: no need to wait for
                // RLIMIT_CPU's whole second, which counts one process at a time.
                watched.killed_over_cpu = true;
                kill_all();
            } else if sample_tree && !watched.killed_over_cpu && !watched.killed_for_memory {
                if let Some((cpu, resident)) = tree_usage(pid) {
                    watched.tree_peak = watched.tree_peak.max(resident);
                    watched.tree_cpu = watched.tree_cpu.max(cpu);
                    if cpu > limits.cpu_time {
                        watched.killed_over_cpu = true;
                        kill_all();
                    } else if resident > limits.memory_bytes {
                        watched.killed_for_memory = true;
                        kill_all();
                    }
                }
            }
            pipes.serve(waiter.raw_fd(), until_next_look(backstop, elapsed));
        }
        watched
    }
}

/// How long a watch sleeps before it looks at a run again: 20 ms at most, less only to wake at its
/// backstop (past it, while the run's CPU time still grows, 20 ms again).
pub(super) fn until_next_look(backstop: Duration, elapsed: Duration) -> Duration {
    let look = Duration::from_millis(20);
    backstop.checked_sub(elapsed).map_or(look, |left| left.clamp(Duration::from_millis(1), look))
}

/// Sleeps until a child ends or a timeout passes: on a pidfd where Linux has them, else a sleep.
pub(super) struct ExitWaiter {
    pidfd: Option<OwnedFd>,
}

impl ExitWaiter {
    pub(super) fn new(pid: libc::pid_t) -> ExitWaiter {
        // SAFETY: pidfd_open takes a pid and flags and returns a new descriptor or -1.
        let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) };
        let pidfd = i32::try_from(fd).ok().filter(|&fd| fd >= 0).map(|fd| {
            // SAFETY: the descriptor was just opened and is owned by nothing else.
            unsafe { <OwnedFd as std::os::fd::FromRawFd>::from_raw_fd(fd) }
        });
        ExitWaiter { pidfd }
    }

    pub(super) fn raw_fd(&self) -> Option<RawFd> {
        self.pidfd.as_ref().map(std::os::fd::AsRawFd::as_raw_fd)
    }

    pub(super) fn wait(&self, timeout: Duration) {
        match &self.pidfd {
            Some(fd) => {
                let mut poll = libc::pollfd {
                    fd: std::os::fd::AsRawFd::as_raw_fd(fd),
                    events: libc::POLLIN,
                    revents: 0,
                };
                let millis = i32::try_from(timeout.as_millis()).unwrap_or(i32::MAX);
                // SAFETY: one valid pollfd, for the duration of the call.
                unsafe { libc::poll(&mut poll, 1, millis) };
            }
            None => std::thread::sleep(timeout.min(Duration::from_millis(1))),
        }
    }
}

/// Whether the child has ended, without reaping it (`WNOWAIT`), so that its pid stays its own.
pub(super) fn has_ended(pid: libc::pid_t) -> bool {
    // SAFETY: siginfo_t is a plain C struct for which all-zero bytes are valid; waitid writes it.
    let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: a valid out-pointer for the duration of the call.
        let result = unsafe {
            libc::waitid(
                libc::P_PID,
                pid as libc::id_t,
                &mut info,
                libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
            )
        };
        if result == 0 {
            // SAFETY: waitid filled `info`; si_pid is 0 while the child runs.
            return unsafe { info.si_pid() } != 0;
        }
        if std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
            return true;
        }
    }
}

pub(super) fn zeroed_rusage() -> libc::rusage {
    // SAFETY: rusage is a plain C struct of integers, for which all-zero bytes are valid.
    unsafe { std::mem::zeroed() }
}

/// `wait4` on one pid: `Some((status, usage))` once it has ended; `None` while it runs (WNOHANG)
/// or when it is not this process's child.
pub(super) fn wait4(pid: libc::pid_t, options: libc::c_int) -> Option<(libc::c_int, libc::rusage)> {
    let mut status = 0;
    let mut usage = zeroed_rusage();
    loop {
        // SAFETY: both out-pointers are valid for writes for the duration of the call.
        let reaped = unsafe { libc::wait4(pid, &mut status, options, &mut usage) };
        if reaped == pid {
            return Some((status, usage));
        }
        if reaped == 0 {
            return None;
        }
        if std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
            // Not (or no longer) this process's child: nothing to report.
            return None;
        }
    }
}
