//! The one child-process runner: judge, stress and bench start every run through [`run`] (and a
//! file's build is a run too), so a solution that panics, aborts, overflows its stack, loops
//! forever, eats memory or floods its output gets a verdict and harms no other run, and every
//! command gives the same verdict for it.
//!
//! A run is a plain child (a built-in: the judge's own code), or a submitted file's program or
//! compiler in the sandbox ([`crate::sandbox`]), or outside it with `--no-sandbox`. Limits, as the
//! judges apply them, over every process of a file's run:
//! - time is CPU time (user + system), held against the limit: a file's run has a cgroup of its
//!   own ([`RunGroup`]) that counts its whole process tree, read while it runs (a run past the
//!   limit is killed at once) and at the end; a plain child's comes from `wait4`. `RLIMIT_CPU`
//!   stops each process a second past the limit at most, and a wall-clock backstop at twice the
//!   limit plus a second stops one that sleeps or blocks. A busy machine slows a run's wall clock,
//!   not its CPU time, so it never turns an AC into a TLE;
//! - memory is the group's peak, held on the group (the kernel's out-of-memory killer: MLE), with
//!   each process's address space capped at the limit plus [`ADDRESS_SPACE_HEADROOM`] so that
//!   runaway allocation fails fast; without a group, the live tree is sampled from `/proc`;
//! - output past its cap kills the run (OLE), and the judge keeps no more of it than a right
//!   answer can take; core dumps are off; processes are capped (the group's `pids.max`, and
//!   `RLIMIT_NPROC` in the sandbox's own user namespace).
//!
//! Linux only: namespaces, cgroups, `pidfd` (which wakes the parent the moment a child ends).

use std::ffi::OsString;
use std::io::{Read, Write};
use std::os::fd::{IntoRawFd, OwnedFd, RawFd};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::sandbox::{Layout, Sandbox};
use crate::table::format_duration;

mod session;
pub use session::{run_session, SessionTest, STARTUP_ALLOWANCE};

/// What one run may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// CPU time, user + system.
    pub cpu_time: Duration,
    /// Peak resident memory, in bytes.
    pub memory_bytes: u64,
    /// Bytes of standard output.
    pub output_bytes: u64,
    /// Wall-clock time, where the caller has a budget of its own (bench); by default the backstop
    /// is twice the CPU limit plus a second.
    pub wall_time: Option<Duration>,
}

/// CSES's output cap is not published; 64 MiB is far past any right answer here (LeetCode 51's
/// boards for n = 12 are some 2 MB).
pub const DEFAULT_OUTPUT_BYTES: u64 = 64 << 20;

/// Extra address space beyond the memory limit: code, thread stacks and the allocator's arenas are
/// mapped but mostly never touched. The verdict reads the peak resident size.
pub const ADDRESS_SPACE_HEADROOM: u64 = 256 << 20;

impl Limits {
    /// The wall-clock backstop: the wall-clock limit when there is one, else twice the CPU limit
    /// plus a second.
    pub fn wall_backstop(&self) -> Duration {
        self.wall_time
            .unwrap_or_else(|| self.cpu_time.saturating_mul(2).saturating_add(Duration::from_secs(1)))
    }
}

/// How a run is kept apart from the judge.
#[derive(Clone, Copy, Debug)]
pub enum Isolation<'a> {
    /// The judge's own code (a built-in): a child process under the limits.
    Plain,
    /// A submitted file, `--no-sandbox`: a child process under the limits, in a cgroup of its
    /// own where one can be made, in its own session and process group, which it cannot leave,
    /// behind a fence that shows it what the sandbox would (`layout`, see
    /// [`crate::sandbox::Fence`]) and a filter of the calls that reach other processes
    /// ([`crate::sandbox::SignalFilter`]).
    Unsandboxed { layout: &'a Layout },
    /// A submitted file or its build, in the sandbox (see [`crate::sandbox`]).
    Sandboxed { sandbox: &'a Sandbox, layout: &'a Layout },
}

/// One run to make: a program, its arguments, its standard input, its limits.
#[derive(Clone, Copy, Debug)]
pub struct Job<'a> {
    pub isolation: Isolation<'a>,
    pub program: &'a Path,
    pub args: &'a [OsString],
    /// Give the child a pipe at file descriptor 3 for its answer (a LeetCode driver's channel,
    /// which the solution's own prints on stdout cannot corrupt).
    pub answer_channel: bool,
    /// At most this many processes and threads at once, through the run's cgroup where one can
    /// be made and `RLIMIT_NPROC` in the sandbox (see [`RunGroup`]); `None`: no cgroup at all.
    pub max_processes: Option<u32>,
    /// The only environment the child gets (it starts from an empty one).
    pub env: &'a [(&'a str, &'a str)],
    pub stdin: &'a [u8],
    pub limits: Limits,
    /// The address-space cap, when not the memory limit plus [`ADDRESS_SPACE_HEADROOM`]
    /// (`u64::MAX`: none, for the sanitizers, which reserve terabytes and touch little).
    pub address_space: Option<u64>,
    /// The largest file the run may write, when not its output limit (a compiler's output).
    pub file_bytes: Option<u64>,
    /// The most of its answer (stdout, or descriptor 3 where it has one) kept: past it the rest
    /// is read and counted, never held, up to the output limit. A LeetCode run's stdout (its
    /// prints) keeps [`PRINTS_KEPT`].
    pub answer_bytes: usize,
}

/// How much of what a LeetCode solution prints on stdout is kept, to show beside a failing run.
pub const PRINTS_KEPT: usize = 8 << 10;

/// What the kernel and the pipes said of a finished run.
#[derive(Clone, Debug)]
pub struct Finished {
    pub status: ExitStatus,
    /// Over every process of the run where a cgroup or the sandbox counted them.
    pub cpu_time: Duration,
    pub wall_time: Duration,
    /// The run's peak: its cgroup's, else the largest of its processes'.
    pub peak_memory_bytes: u64,
    /// Its first bytes (see [`Job::answer_bytes`]).
    pub stdout: Vec<u8>,
    /// How many bytes it wrote on stdout in all.
    pub stdout_total: u64,
    /// Its first and last [`STDERR_KEPT`] / 2 bytes.
    pub stderr: Vec<u8>,
    /// The first bytes the child wrote on file descriptor 3, when it had one.
    pub answer: Vec<u8>,
    /// How many bytes it wrote there in all.
    pub answer_total: u64,
    /// Killed for writing more than the output limit.
    pub output_over_limit: bool,
    /// Killed by the wall-clock backstop.
    pub killed_at_backstop: bool,
    /// Killed once its CPU time, read while it ran, passed the limit.
    pub killed_over_cpu: bool,
    /// The kernel's out-of-memory killer ended a process of the run at its cgroup's limit.
    pub killed_for_memory: bool,
    /// In a session: what the driver saw of the file's own state as the test began (one
    /// `NAME\tVALUE` line each), where it can tell.
    pub state: String,
    /// In a session: the process ended (or was killed) during this test; the tests after it were
    /// not run in it.
    pub ended_process: bool,
    /// In a session: the process ended before it answered this test.
    pub unanswered: bool,
    /// In a session: something other than the driver's frames came on the answer channel (the
    /// solution wrote there): killed.
    pub broke_protocol: bool,
    /// In a session: the process ended before it was ready for its first test (its start: the
    /// interpreter, the JVM, the file's own top-level code).
    pub in_start: bool,
}

/// How much of standard error is kept for a runtime error's or a compiler's message: its first
/// half and its last.
pub const STDERR_KEPT: usize = 64 << 10;

/// How a run ended, before its answer is read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// It exited with status 0 within every limit; its standard output.
    Exited {
        stdout: Vec<u8>,
    },
    /// Over the CPU limit, or stopped by the backstop; the detail says which.
    TimeLimit {
        detail: String,
    },
    MemoryLimit {
        detail: String,
    },
    OutputLimit {
        detail: String,
    },
    /// A crash or a non-zero status: where it panicked, or the signal, and the last lines of stderr.
    RuntimeError {
        detail: String,
    },
}

/// The pipes of a started child, the judge's ends.
struct Started {
    pid: libc::pid_t,
    stdin: std::fs::File,
    stdout: std::fs::File,
    stderr: std::fs::File,
    answer: Option<std::fs::File>,
    /// The sandbox's first process, for its report.
    sandboxed: Option<crate::sandbox::Spawned>,
    /// A run outside the sandbox: its fence, whose scratch folder goes when the run is over.
    fence: Option<crate::sandbox::Fence>,
}

impl Started {
    /// A child started with `std::process` (its three standard streams piped), outside the sandbox.
    fn plain(child: &mut std::process::Child, answer: Option<std::fs::File>) -> Started {
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

/// Runs `job` and waits for it, within its limits.
///
/// # Errors
/// One line when the program cannot be started at all.
pub fn run(job: &Job) -> Result<Finished, String> {
    stop_if_interrupted();
    let limits = job.limits;
    // The judge's own code (a built-in) needs no group: only a file's runs and builds get one.
    let group = match (job.max_processes, job.isolation) {
        (Some(max), Isolation::Unsandboxed { .. } | Isolation::Sandboxed { .. }) => {
            RunGroup::create(&limits, max)
        }
        _ => None,
    };
    let started = Instant::now();
    let mut child = match job.isolation {
        Isolation::Sandboxed { sandbox, layout } => start_sandboxed(job, sandbox, layout, group.as_ref())?,
        Isolation::Plain | Isolation::Unsandboxed { .. } => start_plain(job, group.as_ref())?,
    };
    let mut stdin = child.stdin;
    let input = job.stdin.to_vec();
    let writer = std::thread::spawn(move || {
        // The child may end before reading; how it ended is told by its status instead.
        let _ = stdin.write_all(&input);
    });
    let over_limit = Arc::new(AtomicBool::new(false));
    let limit = limits.output_bytes;
    let answer_kept = job.answer_bytes;
    let stdout_kept = if job.answer_channel { PRINTS_KEPT } else { answer_kept };
    let stdout_reader = {
        let over_limit = Arc::clone(&over_limit);
        let source = child.stdout;
        std::thread::spawn(move || read_capped(source, stdout_kept, limit, &over_limit))
    };
    let stderr_reader = {
        let source = child.stderr;
        std::thread::spawn(move || read_head_and_tail(source, STDERR_KEPT))
    };
    let answer_reader = child.answer.take().map(|source| {
        let over_limit = Arc::clone(&over_limit);
        std::thread::spawn(move || read_capped(source, answer_kept, limit, &over_limit))
    });

    let pid = child.pid;
    let sandboxed = child.sandboxed.is_some();
    let kill_all = || {
        // SAFETY: plain system calls. The child is not reaped yet, so its pid and group are still
        // its own; a sandbox's first process takes its whole PID namespace with it.
        unsafe {
            libc::kill(pid, libc::SIGKILL);
            if !sandboxed {
                libc::killpg(pid, libc::SIGKILL);
            }
        }
        if let Some(group) = &group {
            group.kill_all();
        }
    };
    // Without a cgroup, a sandbox's processes are sampled instead: every one is a descendant of
    // its first process, which reaps the rest (see `tree_usage`).
    let sample_tree = group.is_none() && sandboxed;
    let mut tree_peak = 0u64;
    let mut tree_cpu = Duration::ZERO;
    let mut killed_for_memory_sampled = false;
    let cpu_so_far = || match &group {
        Some(group) => group.cpu_time(),
        None => tree_usage(pid).map(|(cpu, _)| cpu),
    };
    let waiter = ExitWaiter::new(pid);
    let backstop = limits.wall_backstop();
    let mut killed_at_backstop = false;
    let mut killed_for_output = false;
    let mut killed_over_cpu = false;
    loop {
        if has_ended(pid) {
            break;
        }
        let elapsed = started.elapsed();
        if over_limit.load(Ordering::Relaxed) && !killed_for_output {
            killed_for_output = true;
            kill_all();
        } else if elapsed > backstop && !killed_at_backstop {
            killed_at_backstop = true;
            kill_all();
        } else if !killed_over_cpu && elapsed > limits.cpu_time / 2 && cpu_so_far() > Some(limits.cpu_time) {
            // Over its CPU time already, counting every process: no need to wait for
            // RLIMIT_CPU's whole second, which counts one process at a time.
            killed_over_cpu = true;
            kill_all();
        } else if sample_tree && !killed_over_cpu && !killed_for_memory_sampled {
            if let Some((cpu, resident)) = tree_usage(pid) {
                tree_peak = tree_peak.max(resident);
                tree_cpu = tree_cpu.max(cpu);
                if cpu > limits.cpu_time {
                    killed_over_cpu = true;
                    kill_all();
                } else if resident > limits.memory_bytes {
                    killed_for_memory_sampled = true;
                    kill_all();
                }
            }
        }
        waiter.wait(
            backstop.saturating_sub(elapsed).clamp(Duration::from_millis(1), Duration::from_millis(20)),
        );
    }
    let wall_time = started.elapsed();
    stop_if_interrupted();
    // Whatever the child left behind would hold the pipes open: it goes with the child, killed
    // while the child is a zombie whose pid (and so its group's id) nothing else can take yet.
    kill_all();
    let Reaped { status, mut cpu_time, mut peak_memory_bytes, setup_time } =
        reap(pid, child.sandboxed.take())?;
    let _ = writer.join();
    let (stdout, stdout_total) = stdout_reader.join().unwrap_or_default();
    let stderr = stderr_reader.join().unwrap_or_default();
    let (answer, answer_total) =
        answer_reader.map(|reader| reader.join().unwrap_or_default()).unwrap_or_default();
    let mut killed_for_memory = killed_for_memory_sampled;
    peak_memory_bytes = peak_memory_bytes.max(tree_peak);
    // A sandbox killed before it reported leaves only what was sampled of its live processes.
    cpu_time = cpu_time.max(tree_cpu);
    if let Some(group) = &group {
        // The group counts the sandbox's setup too, which is not the program's time.
        cpu_time = group.cpu_time().map_or(cpu_time, |total| total.saturating_sub(setup_time)).max(cpu_time);
        peak_memory_bytes = group.peak_memory().unwrap_or(peak_memory_bytes);
        killed_for_memory = group.oom_killed();
    }
    Ok(Finished {
        status: ExitStatus::from_raw(status),
        cpu_time,
        wall_time,
        peak_memory_bytes,
        stdout,
        stdout_total,
        stderr,
        answer,
        answer_total,
        output_over_limit: over_limit.load(Ordering::Relaxed),
        killed_at_backstop,
        killed_over_cpu,
        killed_for_memory,
        state: String::new(),
        ended_process: true,
        unanswered: false,
        broke_protocol: false,
        in_start: false,
    })
}

/// What the kernel (or the sandbox's report) says of a run's process once it is reaped.
struct Reaped {
    status: libc::c_int,
    cpu_time: Duration,
    peak_memory_bytes: u64,
    /// The sandbox's own setup, counted in its group but not the program's.
    setup_time: Duration,
}

/// Reaps the run's first process (killed already, or ended). A sandbox's first process reaped every
/// process of the run: its own usage (which holds theirs) stands where it was killed before it
/// could report (the backstop, an output flood, the out-of-memory killer); its report has the
/// program's status.
///
/// # Errors
/// A sandbox's setup that failed, in one line.
fn reap(pid: libc::pid_t, sandboxed: Option<crate::sandbox::Spawned>) -> Result<Reaped, String> {
    let (status, usage) = wait4(pid, 0).unwrap_or((libc::SIGKILL, zeroed_rusage()));
    let mut reaped = Reaped {
        status,
        cpu_time: timeval(usage.ru_utime) + timeval(usage.ru_stime),
        // ru_maxrss is in KiB on Linux.
        peak_memory_bytes: u64::try_from(usage.ru_maxrss).unwrap_or(0).saturating_mul(1024),
        setup_time: Duration::ZERO,
    };
    if let Some(mut spawned) = sandboxed {
        if let Some(report) = spawned.read_report()? {
            reaped.status = report.status;
            reaped.cpu_time = Duration::from_micros(report.cpu_micros);
            reaped.peak_memory_bytes = report.max_rss_kib.saturating_mul(1024);
            reaped.setup_time = Duration::from_micros(report.setup_micros);
        }
    }
    Ok(reaped)
}

/// The resource limits every process of a run gets: address space (past the memory limit, as
/// code, thread stacks and arenas are mapped but mostly never touched), CPU time in whole
/// seconds rounded up (the kernel's SIGXCPU stops a hog even where nothing reads its time while
/// it runs), the size of any file it writes, and no core dumps.
fn rlimits(job: &Job) -> Vec<(libc::__rlimit_resource_t, u64, u64)> {
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
fn start_sandboxed(
    job: &Job,
    sandbox: &Sandbox,
    layout: &Layout,
    group: Option<&RunGroup>,
) -> Result<Started, String> {
    let (stdin_read, stdin_write) = crate::sandbox::pipe()?;
    let (stdout_read, stdout_write) = crate::sandbox::pipe()?;
    let (stderr_read, stderr_write) = crate::sandbox::pipe()?;
    let answer = if job.answer_channel { Some(crate::sandbox::pipe()?) } else { None };
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
    let mut spawned = crate::sandbox::spawn(sandbox, layout, job.program, job.args, job.env, &limits, stdio)?;
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
fn start_plain(job: &Job, group: Option<&RunGroup>) -> Result<Started, String> {
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
        Isolation::Unsandboxed { layout } => crate::sandbox::Fence::new(layout)?,
        _ => None,
    };
    if let Some(fence) = &fence {
        command.env("TMPDIR", fence.scratch());
    }
    let restriction = fence.as_ref().map(crate::sandbox::Fence::restriction);
    let answer_pipe = if job.answer_channel { Some(crate::sandbox::pipe()?) } else { None };
    let answer_write_end = answer_pipe.as_ref().map(|(_, write)| std::os::fd::AsRawFd::as_raw_fd(write));
    let procs = group.map(RunGroup::procs_files).unwrap_or_default();
    // A file's run outside the sandbox shares the judge's user: it may signal nothing but itself.
    // Assembled here, for a file's run outside the sandbox: the child only writes its pid into it.
    let mut signal_filter =
        matches!(job.isolation, Isolation::Unsandboxed { .. }).then(crate::sandbox::SignalFilter::new);
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
            if let Some(signal_filter) = &mut signal_filter {
                // A judge run as root would give its runs every capability: none survives the
                // exec once the bounding set is empty (and ambient ones are cleared).
                if libc::geteuid() == 0 {
                    libc::prctl(libc::PR_CAP_AMBIENT, libc::PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
                    let mut capability = 0;
                    while libc::prctl(libc::PR_CAPBSET_DROP, capability, 0, 0, 0) == 0 {
                        capability += 1;
                    }
                }
                // What it starts stays in its tree while it lives (counted in the fallback), and
                // in its process group for good (the filter refuses `setsid` and `setpgid`): the
                // kill of the group at the end reaches every one of them.
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
        });
    }
    let mut child =
        command.spawn().map_err(|error| format!("cannot start {}: {error}", job.program.display()))?;
    let mut started = Started::plain(&mut child, answer_pipe.map(|(read, _)| std::fs::File::from(read)));
    started.fence = fence;
    Ok(started)
}

/// Starts a built-in's child: the judge's own code, so nothing needs doing between fork and exec
/// but its process group, and the standard library spawns it without copying the judge's memory
/// (`posix_spawn`, a `vfork`; a `fork` copied the page tables of the judge, a third of a run's cost
/// on the default cases). Its limits are set from outside before its input is written, so before
/// it can do any work; it asks for `SIGKILL` should the judge die (the front's `__run`).
fn start_builtin(
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

/// The CPU time (user + system, with what each has reaped) and the resident memory summed over
/// the process `root` and its live descendants, read from `/proc` (`task/*/children`): the
/// fallback where a run has no cgroup. A live process's own time is its CPU clock, to the
/// nanosecond (every thread's), where the kernel gives it; what it reaped is in clock ticks.
/// Memory shared between processes (a fork's untouched pages) counts once per process, so the sum
/// errs high.
fn tree_usage(root: libc::pid_t) -> Option<(Duration, u64)> {
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
fn process_clock(pid: libc::pid_t) -> Option<Duration> {
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

/// How a run's stderr is read where its runtime is known: by the executor of its language (a
/// built-in's is Rust's), so that the runner names no language.
pub trait Runtime {
    /// What the runtime prints when an allocation fails at the memory limit (an MLE, not an RE).
    fn out_of_memory_messages(&self) -> &'static [&'static str];
    /// A crash told from the runtime's own report (where a panic happened, an uncaught exception,
    /// a sanitizer's finding), given `how` the process ended; `None` where the report holds nothing
    /// of the kind, and the end of stderr is shown instead.
    fn explain_crash(&self, how: &str, stderr: &str) -> Option<String>;
}

/// A runtime the judge knows nothing of (a compiler's run): its stderr is shown as it is.
#[derive(Clone, Copy, Debug)]
pub struct UnknownRuntime;

impl Runtime for UnknownRuntime {
    fn out_of_memory_messages(&self) -> &'static [&'static str] {
        &[]
    }

    fn explain_crash(&self, _how: &str, _stderr: &str) -> Option<String> {
        None
    }
}

impl Finished {
    /// How the run ended against `limits`: output first (a flood is killed at once), then memory
    /// (filling memory under load can also take it past the time limit), then time, then the
    /// exit status.
    pub fn ending(self, limits: &Limits, runtime: &dyn Runtime) -> Ending {
        let stderr = String::from_utf8_lossy(&self.stderr);
        let cpu = format_duration(self.cpu_time);
        if self.output_over_limit {
            return Ending::OutputLimit {
                detail: format!("more than {} bytes of output: killed", limits.output_bytes),
            };
        }
        // A program that caught its failed allocation and went on is judged on its answer.
        let allocation_failed = !self.status.success()
            && runtime.out_of_memory_messages().iter().any(|message| stderr.contains(message));
        if self.peak_memory_bytes > limits.memory_bytes || allocation_failed || self.killed_for_memory {
            let why = if self.killed_for_memory {
                ": its processes were killed at the limit"
            } else if allocation_failed {
                ": an allocation failed"
            } else {
                ""
            };
            return Ending::MemoryLimit {
                detail: format!("over the {} MB limit{why}", limits.memory_bytes >> 20,)
                    + &format!(", peak {} MB", self.peak_memory_bytes >> 20),
            };
        }
        let limit = format_duration(limits.cpu_time);
        if self.killed_at_backstop {
            return Ending::TimeLimit {
                detail: format!(
                    "stopped by the wall-clock backstop after {} ({cpu} of CPU time; the limit is {limit})",
                    format_duration(self.wall_time)
                ),
            };
        }
        if self.status.signal() == Some(libc::SIGXCPU) {
            // The kernel's count stopped it; the usage read afterwards may fall a little short.
            return Ending::TimeLimit {
                detail: format!("stopped by the kernel at the {limit} CPU time limit (SIGXCPU)"),
            };
        }
        if self.in_start && (self.cpu_time > limits.cpu_time || self.killed_over_cpu) {
            return Ending::TimeLimit {
                detail: format!(
                    "its start (the interpreter, the JVM, the file's own top-level code) took {cpu} of CPU \
                     time, past the {limit} limit plus {} a start may take",
                    format_duration(STARTUP_ALLOWANCE)
                ),
            };
        }
        if self.cpu_time > limits.cpu_time || self.killed_over_cpu {
            return Ending::TimeLimit { detail: format!("{cpu} of CPU time, over the {limit} limit") };
        }
        if self.broke_protocol {
            return Ending::RuntimeError {
                detail: "wrote on the judge's answer channel (descriptor 3) what its driver did not: \
                         killed (a solution must not write there)"
                    .to_string(),
            };
        }
        if !self.status.success() {
            return Ending::RuntimeError { detail: crash_detail(self.status, &stderr, runtime) };
        }
        if self.unanswered {
            return Ending::RuntimeError {
                detail: format!(
                    "{} before it answered this test",
                    crash_detail(self.status, &stderr, runtime).replacen("exited", "the program exited", 1)
                ),
            };
        }
        Ending::Exited { stdout: self.stdout }
    }
}

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
pub struct RunGroup {
    kind: GroupKind,
}

#[derive(Debug)]
enum GroupKind {
    V1 { memory: Option<PathBuf>, cpuacct: Option<PathBuf>, pids: PathBuf },
    V2(PathBuf),
}

/// Where this process's cgroups are: v1 hierarchies by controller, and the v2 one.
#[derive(Debug, Default)]
struct Hierarchies {
    memory: Option<PathBuf>,
    cpuacct: Option<PathBuf>,
    pids: Option<PathBuf>,
    unified: Option<PathBuf>,
}

fn hierarchies() -> &'static Hierarchies {
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
fn sweep_dead_judges(folder: &Path) {
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
fn group_name() -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    Path::new(&format!("queens-judge-{}", std::process::id()))
        .join(format!("run-{}", NEXT.fetch_add(1, Ordering::Relaxed)))
}

fn make_group(parent: &Path, name: &Path) -> Option<PathBuf> {
    let path = parent.join(name);
    std::fs::create_dir_all(&path).ok()?;
    REGISTRY.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push(path.clone());
    Some(path)
}

/// Set once a signal has come: no run starts or reports after it (see [`clean_up_on_signals`]).
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Past a signal, a thread that would start or report a run waits for the process to end instead,
/// so that nothing is judged (or left) while the runs are killed and their cgroups removed.
fn stop_if_interrupted() {
    while INTERRUPTED.load(Ordering::SeqCst) {
        std::thread::park();
    }
}

/// Every run group alive, for [`clean_up_on_signals`].
static REGISTRY: std::sync::Mutex<Vec<PathBuf>> = std::sync::Mutex::new(Vec::new());

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

    fn limit(&self, limits: &Limits, max: u32) -> bool {
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

    fn folders(&self) -> Vec<&Path> {
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
    fn procs_files(&self) -> Vec<std::ffi::CString> {
        self.folders()
            .into_iter()
            .map(|folder| {
                let bytes = folder.join("cgroup.procs").into_os_string().into_encoded_bytes();
                std::ffi::CString::new(bytes).expect("a cgroup path has no NUL")
            })
            .collect()
    }

    /// Puts `pid` in the group.
    fn add(&self, pid: libc::pid_t) -> std::io::Result<()> {
        for folder in self.folders() {
            std::fs::write(folder.join("cgroup.procs"), pid.to_string())?;
        }
        Ok(())
    }

    /// CPU time over every process that was ever in the group.
    fn cpu_time(&self) -> Option<Duration> {
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
    fn peak_memory(&self) -> Option<u64> {
        let file = match &self.kind {
            GroupKind::V1 { memory, .. } => memory.as_ref()?.join("memory.max_usage_in_bytes"),
            GroupKind::V2(path) => path.join("memory.peak"),
        };
        std::fs::read_to_string(file).ok()?.trim().parse().ok()
    }

    /// Whether the out-of-memory killer ended a process of the group.
    fn oom_killed(&self) -> bool {
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
    fn reset_peak(&self) {
        if let GroupKind::V1 { memory: Some(memory), .. } = &self.kind {
            let _ = std::fs::write(memory.join("memory.max_usage_in_bytes"), "0");
        }
    }

    /// Kills every process still in the group.
    fn kill_all(&self) {
        for folder in self.folders() {
            kill_group_folder(folder);
        }
    }
}

fn kill_group_folder(folder: &Path) {
    for line in std::fs::read_to_string(folder.join("cgroup.procs")).unwrap_or_default().lines() {
        if let Ok(pid) = line.trim().parse::<libc::pid_t>() {
            // SAFETY: a plain system call; the pid is in this run's own group.
            unsafe { libc::kill(pid, libc::SIGKILL) };
        }
    }
}

fn remove_group_folder(folder: &Path) {
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

fn set_limit(resource: libc::__rlimit_resource_t, soft: u64, hard: u64) -> std::io::Result<()> {
    let limit = libc::rlimit { rlim_cur: soft, rlim_max: hard };
    // SAFETY: a plain system call on a value it owns.
    if unsafe { libc::setrlimit(resource, &limit) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(())
}

fn timeval(value: libc::timeval) -> Duration {
    let seconds = u64::try_from(value.tv_sec).unwrap_or(0);
    let micros = u64::try_from(value.tv_usec).unwrap_or(0);
    Duration::from_secs(seconds) + Duration::from_micros(micros)
}

/// Reads `source` to its end (or a read error), handing each chunk to `take`.
fn read_chunks(mut source: impl Read, mut take: impl FnMut(&[u8])) {
    let mut buffer = [0u8; 64 << 10];
    loop {
        match source.read(&mut buffer) {
            Ok(0) => return,
            Ok(read) => take(&buffer[..read]),
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return,
        }
    }
}

/// Reads everything, keeping the first `keep` bytes and counting the rest, and raising
/// `over_limit` once `limit` bytes have come (reading on, so that the child never blocks on a full
/// pipe before the parent kills it): whatever a program writes, the judge holds at most `keep`.
fn read_capped(source: impl Read, keep: usize, limit: u64, over_limit: &AtomicBool) -> (Vec<u8>, u64) {
    let mut kept = Vec::new();
    let mut total = 0u64;
    read_chunks(source, |chunk| {
        let room = keep.saturating_sub(kept.len());
        kept.extend_from_slice(&chunk[..chunk.len().min(room)]);
        total = total.saturating_add(chunk.len() as u64);
        if total > limit {
            over_limit.store(true, Ordering::Relaxed);
        }
    });
    (kept, total)
}

/// Reads everything, keeping the first and the last `keep / 2` bytes, with a line saying how
/// much was left out between them.
fn read_head_and_tail(source: impl Read, keep: usize) -> Vec<u8> {
    let half = keep / 2;
    let mut head = Vec::new();
    let mut tail = Vec::new();
    let mut total = 0usize;
    read_chunks(source, |chunk| {
        total = total.saturating_add(chunk.len());
        let room = half.saturating_sub(head.len());
        head.extend_from_slice(&chunk[..chunk.len().min(room)]);
        tail.extend_from_slice(&chunk[chunk.len().min(room)..]);
        if tail.len() > 2 * half {
            tail.drain(..tail.len() - half);
        }
    });
    let left_out = total.saturating_sub(head.len() + tail.len().min(half));
    if tail.len() > half {
        tail.drain(..tail.len() - half);
    }
    if left_out > 0 {
        head.extend_from_slice(format!("\n[... {left_out} bytes left out ...]\n").as_bytes());
    }
    head.extend_from_slice(&tail);
    head
}

/// Sleeps until a child ends or a timeout passes: on a pidfd where Linux has them, else a sleep.
struct ExitWaiter {
    pidfd: Option<OwnedFd>,
}

impl ExitWaiter {
    fn new(pid: libc::pid_t) -> ExitWaiter {
        // SAFETY: pidfd_open takes a pid and flags and returns a new descriptor or -1.
        let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) };
        let pidfd = i32::try_from(fd).ok().filter(|&fd| fd >= 0).map(|fd| {
            // SAFETY: the descriptor was just opened and is owned by nothing else.
            unsafe { <OwnedFd as std::os::fd::FromRawFd>::from_raw_fd(fd) }
        });
        ExitWaiter { pidfd }
    }

    fn raw_fd(&self) -> Option<RawFd> {
        self.pidfd.as_ref().map(std::os::fd::AsRawFd::as_raw_fd)
    }

    fn wait(&self, timeout: Duration) {
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
fn has_ended(pid: libc::pid_t) -> bool {
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

fn zeroed_rusage() -> libc::rusage {
    // SAFETY: rusage is a plain C struct of integers, for which all-zero bytes are valid.
    unsafe { std::mem::zeroed() }
}

/// `wait4` on one pid: `Some((status, usage))` once it has ended; `None` while it runs (WNOHANG)
/// or when it is not this process's child.
fn wait4(pid: libc::pid_t, options: libc::c_int) -> Option<(libc::c_int, libc::rusage)> {
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

/// A runtime error's detail: what `runtime` reads in its report (where a program panicked, its
/// uncaught exception), else the exit status or signal, then the last lines of stderr.
pub fn crash_detail(status: ExitStatus, stderr: &str, runtime: &dyn Runtime) -> String {
    let how = match (status.code(), status.signal()) {
        (Some(code), _) => format!("exited with status {code}"),
        (None, Some(signal)) => format!("killed by signal {signal} ({})", signal_name(signal)),
        (None, None) => "ended abnormally".to_string(),
    };
    if let Some(explained) = runtime.explain_crash(&how, stderr) {
        return explained;
    }
    let lines: Vec<&str> = stderr.lines().filter(|line| !line.trim().is_empty()).collect();
    let tail: Vec<&str> = lines.iter().rev().take(5).rev().map(|line| line.trim_end()).collect();
    if tail.is_empty() {
        how
    } else {
        format!("{how}; the end of its stderr:\n  {}", tail.join("\n  "))
    }
}

fn signal_name(signal: i32) -> &'static str {
    match signal {
        libc::SIGABRT => "SIGABRT",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGBUS => "SIGBUS",
        libc::SIGILL => "SIGILL",
        libc::SIGFPE => "SIGFPE",
        libc::SIGKILL => "SIGKILL",
        libc::SIGXCPU => "SIGXCPU",
        libc::SIGXFSZ => "SIGXFSZ",
        _ => "a signal",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shell(script: &str, limits: Limits) -> Ending {
        shell_spawned(script, limits, true)
    }

    /// With an answer channel the child is forked and set up before its exec; without one (as a
    /// built-in's) it is spawned and limited from outside.
    fn shell_spawned(script: &str, limits: Limits, answer_channel: bool) -> Ending {
        let args = [OsString::from("-c"), OsString::from(script)];
        let job = Job {
            isolation: Isolation::Plain,
            program: Path::new("/bin/sh"),
            args: &args,
            answer_channel,
            max_processes: None,
            env: &[],
            stdin: b"",
            limits,
            address_space: None,
            file_bytes: None,
            answer_bytes: 1000,
        };
        run(&job).expect("sh starts").ending(&limits, &UnknownRuntime)
    }

    const LIMITS: Limits = Limits {
        cpu_time: Duration::from_millis(300),
        memory_bytes: 64 << 20,
        output_bytes: 1000,
        wall_time: None,
    };

    #[test]
    fn each_ending_is_told_apart() {
        for forked in [true, false] {
            // Each script reads its (empty) input first, as a built-in does: its end comes only
            // once the limits are set.
            let shell =
                |script: &str, limits| shell_spawned(&format!("cat >/dev/null; {script}"), limits, forked);
            assert_eq!(shell("echo 92", LIMITS), Ending::Exited { stdout: b"92\n".to_vec() });
            let Ending::RuntimeError { detail } = shell("echo oops >&2; exit 3", LIMITS) else {
                panic!("RE")
            };
            assert_eq!(detail, "exited with status 3; the end of its stderr:\n  oops");
            let Ending::RuntimeError { detail } = shell("kill -SEGV $$", LIMITS) else { panic!("RE") };
            assert_eq!(detail, "killed by signal 11 (SIGSEGV)");
            let Ending::TimeLimit { detail } = shell("while :; do :; done", LIMITS) else { panic!("TLE") };
            assert!(detail.contains("CPU time") && !detail.contains("backstop"), "{detail}");
            let Ending::TimeLimit { detail } = shell("sleep 5", LIMITS) else { panic!("TLE") };
            assert!(detail.starts_with("stopped by the wall-clock backstop after"), "{detail}");
            let Ending::OutputLimit { .. } = shell("yes", LIMITS) else { panic!("OLE") };
            // Nor may a file grow past the output limit (RLIMIT_FSIZE, set either way).
            let file = std::env::temp_dir().join(format!("runner-test-{}-{forked}", std::process::id()));
            let ending = shell(&format!("exec head -c 5000 /dev/zero > '{}'", file.display()), LIMITS);
            let written = std::fs::metadata(&file).map(|metadata| metadata.len());
            let _ = std::fs::remove_file(&file);
            let Ending::RuntimeError { detail } = ending else { panic!("RE: {ending:?}") };
            assert!(detail.contains("SIGXFSZ"), "{detail}");
            assert_eq!(written.ok(), Some(LIMITS.output_bytes));
            // The address space is limited too (memory plus the headroom), and the core size is 0.
            let Ending::Exited { stdout } = shell("ulimit -v; ulimit -c", LIMITS) else { panic!("exit") };
            let kib = (LIMITS.memory_bytes + ADDRESS_SPACE_HEADROOM) / 1024;
            assert_eq!(String::from_utf8_lossy(&stdout), format!("{kib}\n0\n"), "forked: {forked}");
        }
        // A flood on the answer channel is an output flood too.
        let Ending::OutputLimit { .. } = shell("yes >&3", LIMITS) else { panic!("OLE") };
    }

    #[test]
    fn what_a_child_leaves_behind_goes_with_it() {
        // The grandchild holds stdout open; without the group kill, reading would wait 30 s for it.
        let started = Instant::now();
        assert_eq!(shell("sleep 30 & echo 92", LIMITS), Ending::Exited { stdout: b"92\n".to_vec() });
        assert!(started.elapsed() < Duration::from_secs(20), "waited for the grandchild");
    }

    #[test]
    fn the_fallbacks_cpu_time_is_to_the_nanosecond_not_the_clock_tick() {
        // A child that burns some CPU, then waits: its time read from outside.
        let mut child = Command::new("/bin/sh")
            .args(["-c", "i=0; while [ $i -lt 30000 ]; do i=$((i+1)); done; sleep 5"])
            .spawn()
            .expect("sh starts");
        std::thread::sleep(Duration::from_millis(600));
        let (cpu, resident) = tree_usage(child.id() as libc::pid_t).expect("its /proc");
        let _ = child.kill();
        let _ = child.wait();
        assert!(cpu > Duration::ZERO && resident > 0, "{cpu:?} {resident}");
        // Clock ticks (10 ms here) would give a whole number of them.
        assert_ne!(cpu.as_nanos() % 10_000_000, 0, "{cpu:?}");
    }

    #[test]
    fn a_crash_of_an_unknown_runtime_shows_its_status_and_the_end_of_stderr() {
        let status = ExitStatus::from_raw(1 << 8);
        let python = "Traceback (most recent call last):\n  File \"/a/b.py\", line 3, in <module>\nZeroDivisionError: division by zero\n";
        let detail = crash_detail(status, python, &UnknownRuntime);
        assert!(detail.starts_with("exited with status 1; the end of its stderr:"), "{detail}");
        assert!(detail.ends_with("ZeroDivisionError: division by zero"), "{detail}");
        assert_eq!(
            crash_detail(ExitStatus::from_raw(libc::SIGSEGV), "", &UnknownRuntime),
            "killed by signal 11 (SIGSEGV)"
        );
    }
}
