//! The one child-process runner: judge, stress and bench start every run through [`run`], so a
//! solution that panics, aborts, overflows its stack, loops forever, eats memory or floods its
//! output gets a verdict and harms no other run, and every command gives the same verdict for it.
//!
//! Limits, as the judges apply them:
//! - time is the child's CPU time (user + system, from the kernel's accounting in `wait4`), held
//!   against the limit; `RLIMIT_CPU` stops a CPU hog at the limit rounded up to a second, and a wall-clock backstop at
//!   twice the limit plus a second stops one that sleeps or blocks. A busy machine slows a run's
//!   wall clock, not its CPU time, so it never turns an AC into a TLE;
//! - memory is the peak resident size (`ru_maxrss`), with the address space capped at the limit
//!   plus [`ADDRESS_SPACE_HEADROOM`] so that runaway allocation fails fast;
//! - output past its cap kills the child (OLE); core dumps are off.
//!
//! Unix only (Linux's `pidfd` wakes the parent the moment a child ends; elsewhere it polls).

use std::ffi::OsString;
use std::io::{Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::table::format_duration;

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

/// One run to make: a program, its arguments, its standard input, its limits.
#[derive(Clone, Copy, Debug)]
pub struct Job<'a> {
    /// Run before the program, which becomes its arguments' tail: the sandbox (`bwrap ... --`).
    pub wrapper: &'a [OsString],
    pub program: &'a Path,
    pub args: &'a [OsString],
    /// Give the child a pipe at file descriptor 3 for its answer (a LeetCode driver's channel,
    /// which the solution's own prints on stdout cannot corrupt).
    pub answer_channel: bool,
    /// The wrapper is bubblewrap, told `--info-fd 4`: the program's CPU time and memory are then
    /// read from the sandbox's own first process (see [`run`]), and a status past 128 is the
    /// signal that ended the program.
    pub sandboxed: bool,
    /// At most this many processes and threads at once, through a pids cgroup of its own where
    /// one can be made (see [`PidsCgroup`]); none otherwise.
    pub max_processes: Option<u32>,
    /// The only environment the child gets (it starts from an empty one).
    pub env: &'a [(&'a str, &'a str)],
    pub stdin: &'a [u8],
    pub limits: Limits,
}

/// What the kernel and the pipes said of a finished run.
#[derive(Clone, Debug)]
pub struct Finished {
    pub status: ExitStatus,
    pub cpu_time: Duration,
    pub wall_time: Duration,
    pub peak_memory_bytes: u64,
    /// At most the output limit's bytes.
    pub stdout: Vec<u8>,
    /// The last [`STDERR_KEPT`] bytes.
    pub stderr: Vec<u8>,
    /// What the child wrote on file descriptor 3, when it had one (at most the output limit).
    pub answer: Vec<u8>,
    /// Killed for writing more than the output limit.
    pub output_over_limit: bool,
    /// Killed by the wall-clock backstop.
    pub killed_at_backstop: bool,
    /// Killed once its CPU time, read while it ran, passed the limit.
    pub killed_over_cpu: bool,
}

/// How much of the end of standard error is kept for a runtime error's detail.
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

/// Runs `job` and waits for it, within its limits.
///
/// # Errors
/// One line when the program cannot be started at all.
pub fn run(job: &Job) -> Result<Finished, String> {
    let limits = job.limits;
    let mut command = match job.wrapper.split_first() {
        Some((wrapper, wrapper_args)) => {
            let mut command = Command::new(wrapper);
            command.args(wrapper_args).arg(job.program);
            command
        }
        None => Command::new(job.program),
    };
    command.args(job.args).env_clear().stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    for (key, value) in job.env {
        command.env(key, value);
    }
    let address_space = limits.memory_bytes.saturating_add(ADDRESS_SPACE_HEADROOM);
    // Whole seconds, rounded up: the kernel's SIGXCPU stops a hog even where the runner cannot read
    // its CPU time while it runs (inside a sandbox); the verdict compares the exact time.
    let cpu_seconds = (limits.cpu_time.as_secs() + u64::from(limits.cpu_time.subsec_nanos() > 0)).max(1);
    let file_size = limits.output_bytes;
    let answer_pipe = if job.answer_channel { Some(pipe()?) } else { None };
    let answer_write_end = answer_pipe.as_ref().map(|(_, write)| std::os::fd::AsRawFd::as_raw_fd(write));
    let info_pipe = if job.sandboxed { Some(pipe()?) } else { None };
    let cgroup = job.max_processes.and_then(PidsCgroup::create);
    let cgroup_procs = cgroup.as_ref().map(PidsCgroup::procs_path);
    let info_write_end = info_pipe.as_ref().map(|(_, write)| std::os::fd::AsRawFd::as_raw_fd(write));
    if job.sandboxed {
        become_subreaper();
    }
    // SAFETY: the closure runs in the forked child before exec and only calls setrlimit, which is
    // async-signal-safe, on values it owns.
    unsafe {
        command.pre_exec(move || {
            // A session and process group of its own: a kill reaches whatever the child started
            // too, and no terminal is there for it to type into.
            if libc::setsid() < 0 {
                return Err(std::io::Error::last_os_error());
            }
            if let Some(procs) = &cgroup_procs {
                // Into its pids cgroup, before it can fork ("0" is the writing process itself).
                let fd = libc::open(procs.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
                if fd < 0 || libc::write(fd, b"0".as_ptr().cast(), 1) != 1 {
                    return Err(std::io::Error::last_os_error());
                }
                libc::close(fd);
            }
            set_limit(libc::RLIMIT_AS, address_space, address_space)?;
            set_limit(libc::RLIMIT_CPU, cpu_seconds, cpu_seconds + 1)?;
            // No file the child writes may grow past its output limit.
            set_limit(libc::RLIMIT_FSIZE, file_size, file_size)?;
            // The pipes' ends may be numbered 3 or 4 themselves: each is first copied above 9, then
            // onto its place, where (unlike the originals) it stays open across exec.
            for (write_end, target) in [(answer_write_end, 3), (info_write_end, 4)] {
                if let Some(write_end) = write_end {
                    let copy = libc::fcntl(write_end, libc::F_DUPFD_CLOEXEC, 10);
                    if copy < 0 {
                        return Err(std::io::Error::last_os_error());
                    }
                    if libc::dup2(copy, target) != target {
                        return Err(std::io::Error::last_os_error());
                    }
                    libc::close(copy);
                }
            }
            // Nothing else the judge holds reaches the child (bwrap passes every open descriptor
            // on). Where the kernel has no close_range, Rust's own descriptors close on exec anyway.
            libc::syscall(libc::SYS_close_range, 5u32, u32::MAX, 1u32 << 2);
            set_limit(libc::RLIMIT_CORE, 0, 0)
        });
    }
    let started = Instant::now();
    let mut child =
        command.spawn().map_err(|error| format!("cannot start {}: {error}", job.program.display()))?;
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = job.stdin.to_vec();
    let writer = std::thread::spawn(move || {
        // The child may end before reading; how it ended is told by its status instead.
        let _ = stdin.write_all(&input);
    });
    let over_limit = Arc::new(AtomicBool::new(false));
    let stdout_reader = {
        let source = child.stdout.take().expect("stdout is piped");
        let over_limit = Arc::clone(&over_limit);
        let cap = usize::try_from(limits.output_bytes).unwrap_or(usize::MAX);
        std::thread::spawn(move || read_capped(source, cap, &over_limit))
    };
    let stderr_reader = {
        let source = child.stderr.take().expect("stderr is piped");
        std::thread::spawn(move || read_tail(source, STDERR_KEPT))
    };
    // The parent keeps only the read end, so that the pipe ends when the child's copies close.
    let info_reader = info_pipe.map(|(read_end, write_end)| {
        drop(write_end);
        let never_over = Arc::new(AtomicBool::new(false));
        std::thread::spawn(move || read_capped(std::fs::File::from(read_end), 1 << 16, &never_over))
    });
    let answer_reader = answer_pipe.map(|(read_end, write_end)| {
        drop(write_end);
        let over_limit = Arc::clone(&over_limit);
        let cap = usize::try_from(limits.output_bytes).unwrap_or(usize::MAX);
        std::thread::spawn(move || read_capped(std::fs::File::from(read_end), cap, &over_limit))
    });

    let pid = child.id() as libc::pid_t;
    let kill_group = || {
        // SAFETY: a plain system call; the group is the child's own (setpgid above).
        unsafe { libc::killpg(pid, libc::SIGKILL) };
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
        // The child has not been reaped, so its pid, and its group's, are still its own.
        if over_limit.load(Ordering::Relaxed) && !killed_for_output {
            killed_for_output = true;
            kill_group();
        } else if elapsed > backstop && !killed_at_backstop {
            killed_at_backstop = true;
            kill_group();
        } else if !job.sandboxed
            && !killed_over_cpu
            && elapsed > limits.cpu_time
            && cpu_time_so_far(pid) > Some(limits.cpu_time)
        {
            // Over its CPU time already: no need to wait for RLIMIT_CPU's whole second.
            killed_over_cpu = true;
            kill_group();
        }
        waiter.wait(
            backstop.saturating_sub(elapsed).clamp(Duration::from_millis(1), Duration::from_millis(20)),
        );
    }
    let wall_time = started.elapsed();
    if let Some(cgroup) = &cgroup {
        cgroup.kill_all();
    }
    // Whatever the child left behind would hold the pipes open: it goes with the child, killed
    // while the child is a zombie whose pid (and so its group's id) nothing else can take yet.
    kill_group();
    let (mut status, mut usage) = wait4(pid, 0).unwrap_or((libc::SIGKILL, zeroed_rusage()));
    if let Some(reader) = info_reader {
        // bwrap's own usage leaves out the program: its first process inside, an orphan once bwrap
        // is gone and so this process's (the subreaper's), reaped here, carries the program's.
        let info = String::from_utf8_lossy(&reader.join().unwrap_or_default()).into_owned();
        if let Some(inner) = child_pid(&info) {
            // SAFETY: a plain system call; the inner process is in bwrap's PID namespace, which
            // dies with bwrap (--die-with-parent), so this kill only hastens what is coming.
            unsafe { libc::kill(inner, libc::SIGKILL) };
            if let Some((_, inner_usage)) = wait4(inner, 0) {
                usage = inner_usage;
            }
        }
        // bwrap ends with its program's status, a signal as 128 + its number.
        let code = ExitStatus::from_raw(status).code();
        if let Some(signal) = code.filter(|&code| code > 128 && code < 128 + 65).map(|code| code - 128) {
            status = signal;
        }
    }
    let _ = writer.join();
    let stdout = stdout_reader.join().unwrap_or_default();
    let stderr = stderr_reader.join().unwrap_or_default();
    let answer = answer_reader.map(|reader| reader.join().unwrap_or_default()).unwrap_or_default();
    Ok(Finished {
        status: ExitStatus::from_raw(status),
        cpu_time: timeval(usage.ru_utime) + timeval(usage.ru_stime),
        wall_time,
        // ru_maxrss is in KiB on Linux.
        peak_memory_bytes: u64::try_from(usage.ru_maxrss).unwrap_or(0).saturating_mul(1024),
        stdout,
        stderr,
        answer,
        output_over_limit: over_limit.load(Ordering::Relaxed),
        killed_at_backstop,
        killed_over_cpu,
    })
}

/// A running process's CPU time so far (user + system), from `/proc/PID/stat`; `None` where there
/// is no such file.
fn cpu_time_so_far(pid: libc::pid_t) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name is in parentheses and may hold spaces; the fields after it are numbers.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    // utime and stime are the 14th and 15th fields of the line, the 12th and 13th after the name.
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    // SAFETY: sysconf reads a constant of the system.
    let per_second = u64::try_from(unsafe { libc::sysconf(libc::_SC_CLK_TCK) }).ok().filter(|&hz| hz > 0)?;
    Some(Duration::from_nanos(ticks.saturating_mul(1_000_000_000) / per_second))
}

impl Finished {
    /// How the run ended against `limits`: output first (a flood is killed at once), then memory
    /// (filling memory under load can also take it past the time limit), then time, then the
    /// exit status.
    pub fn ending(self, limits: &Limits) -> Ending {
        let stderr = String::from_utf8_lossy(&self.stderr);
        let cpu = format_duration(self.cpu_time);
        if self.output_over_limit {
            return Ending::OutputLimit {
                detail: format!("more than {} bytes of output: killed", limits.output_bytes),
            };
        }
        let allocation_failed = stderr.contains("memory allocation of") || stderr.contains("std::bad_alloc");
        if self.peak_memory_bytes > limits.memory_bytes || allocation_failed {
            return Ending::MemoryLimit {
                detail: format!(
                    "over the {} MB limit{}",
                    limits.memory_bytes >> 20,
                    if allocation_failed { ": an allocation failed".to_string() } else { String::new() },
                ) + &format!(", peak {} MB", self.peak_memory_bytes >> 20),
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
        if self.cpu_time > limits.cpu_time || self.killed_over_cpu {
            return Ending::TimeLimit { detail: format!("{cpu} of CPU time, over the {limit} limit") };
        }
        if !self.status.success() {
            return Ending::RuntimeError { detail: crash_detail(self.status, &stderr) };
        }
        Ending::Exited { stdout: self.stdout }
    }
}

/// A pids cgroup for one run: the kernel refuses a fork past `pids.max`, whoever the user (a fork
/// bomb run as root meets no other limit). cgroup v1's `pids` hierarchy or a v2 hierarchy that
/// delegates `pids` is used; where neither can be written (not root, no such controller) a run has
/// no process cap and relies on its other limits. Dropping it kills what is left and removes it.
#[derive(Debug)]
pub struct PidsCgroup {
    path: PathBuf,
}

impl PidsCgroup {
    /// A new group capped at `max` tasks, or `None` where none can be made.
    pub fn create(max: u32) -> Option<PidsCgroup> {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let parent = ["/sys/fs/cgroup/pids", "/sys/fs/cgroup"]
            .into_iter()
            .map(Path::new)
            .find(|root| {
                root.join("cgroup.procs").exists()
                    && (root.ends_with("pids")
                        || std::fs::read_to_string(root.join("cgroup.subtree_control")).is_ok_and(
                            |controllers| controllers.split_whitespace().any(|name| name == "pids"),
                        ))
            })?
            .join(format!("queens-judge-{}", std::process::id()));
        let path = parent.join(format!("run-{}", NEXT.fetch_add(1, Ordering::Relaxed)));
        std::fs::create_dir_all(&path).ok()?;
        let group = PidsCgroup { path };
        std::fs::write(group.path.join("pids.max"), max.to_string()).ok()?;
        Some(group)
    }

    fn procs_path(&self) -> std::ffi::CString {
        let bytes = self.path.join("cgroup.procs").into_os_string().into_encoded_bytes();
        std::ffi::CString::new(bytes).expect("a cgroup path has no NUL")
    }

    /// Kills every process still in the group.
    fn kill_all(&self) {
        for line in std::fs::read_to_string(self.path.join("cgroup.procs")).unwrap_or_default().lines() {
            if let Ok(pid) = line.trim().parse::<libc::pid_t>() {
                // SAFETY: a plain system call; the pid is in this run's own group.
                unsafe { libc::kill(pid, libc::SIGKILL) };
            }
        }
    }
}

impl Drop for PidsCgroup {
    fn drop(&mut self) {
        self.kill_all();
        // A group empties once its killed processes are reaped, which takes a moment.
        for _ in 0..50 {
            if std::fs::remove_dir(&self.path).is_ok() {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        if let Some(parent) = self.path.parent() {
            // The last run's group takes the judge's with it; another's still there keeps it.
            let _ = std::fs::remove_dir(parent);
        }
    }
}

/// Makes this process the subreaper of its descendants (`PR_SET_CHILD_SUBREAPER`), once, so that a
/// sandbox's first process, orphaned when bwrap exits, comes to it to be reaped with its usage.
fn become_subreaper() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        // SAFETY: a plain system call with integer arguments.
        unsafe { libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) };
    });
}

/// The `"child-pid"` of bwrap's `--info-fd` JSON.
fn child_pid(info: &str) -> Option<libc::pid_t> {
    let after = info.split_once("\"child-pid\"")?.1;
    let digits: String =
        after.trim_start_matches([':', ' ']).chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok().filter(|&pid| pid > 0)
}

/// A pipe whose two ends close on exec.
fn pipe() -> Result<(std::os::fd::OwnedFd, std::os::fd::OwnedFd), String> {
    let mut ends = [0; 2];
    // SAFETY: `ends` is valid for two descriptors; both are owned below and nowhere else.
    if unsafe { libc::pipe2(ends.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(format!("cannot make a pipe: {}", std::io::Error::last_os_error()));
    }
    use std::os::fd::FromRawFd;
    // SAFETY: pipe2 just opened both descriptors.
    Ok(unsafe { (std::os::fd::OwnedFd::from_raw_fd(ends[0]), std::os::fd::OwnedFd::from_raw_fd(ends[1])) })
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

/// Reads everything, keeping the first `cap` bytes and raising `over_limit` past them (and reading
/// on, so that the child never blocks on a full pipe before the parent kills it).
fn read_capped(source: impl Read, cap: usize, over_limit: &AtomicBool) -> Vec<u8> {
    let mut kept = Vec::new();
    read_chunks(source, |chunk| {
        let room = cap.saturating_sub(kept.len());
        kept.extend_from_slice(&chunk[..chunk.len().min(room)]);
        if chunk.len() > room {
            over_limit.store(true, Ordering::Relaxed);
        }
    });
    kept
}

/// Reads everything, keeping the last `keep` bytes.
fn read_tail(source: impl Read, keep: usize) -> Vec<u8> {
    let mut kept = Vec::new();
    read_chunks(source, |chunk| {
        kept.extend_from_slice(chunk);
        if kept.len() > 2 * keep {
            kept.drain(..kept.len() - keep);
        }
    });
    if kept.len() > keep {
        kept.drain(..kept.len() - keep);
    }
    kept
}

/// Sleeps until a child ends or a timeout passes: on a pidfd where Linux has them, else a sleep.
struct ExitWaiter {
    pidfd: Option<std::os::fd::OwnedFd>,
}

impl ExitWaiter {
    fn new(pid: libc::pid_t) -> ExitWaiter {
        // SAFETY: pidfd_open takes a pid and flags and returns a new descriptor or -1.
        let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) };
        let pidfd = i32::try_from(fd).ok().filter(|&fd| fd >= 0).map(|fd| {
            // SAFETY: the descriptor was just opened and is owned by nothing else.
            unsafe { <std::os::fd::OwnedFd as std::os::fd::FromRawFd>::from_raw_fd(fd) }
        });
        ExitWaiter { pidfd }
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

/// A runtime error's detail: where a Rust program panicked and its message, a stack overflow, or
/// the exit status or signal, then the last lines of stderr.
pub fn crash_detail(status: ExitStatus, stderr: &str) -> String {
    let lines: Vec<&str> = stderr.lines().filter(|line| !line.trim().is_empty()).collect();
    // Rust's panic message: "thread 'main' panicked at src/main.rs:4:5:" then the message.
    if let Some(at) = lines.iter().position(|line| line.contains("panicked at ")) {
        let place = lines[at].split_once("panicked at ").map_or("", |(_, place)| place).trim_end_matches(':');
        let message = lines.get(at + 1).map_or("", |line| line.trim());
        return format!("panicked at {place}: {message}");
    }
    if stderr.contains("has overflowed its stack") {
        return "stack overflow".to_string();
    }
    let how = match (status.code(), status.signal()) {
        (Some(code), _) => format!("exited with status {code}"),
        (None, Some(signal)) => format!("killed by signal {signal} ({})", signal_name(signal)),
        (None, None) => "ended abnormally".to_string(),
    };
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
        let args = [OsString::from("-c"), OsString::from(script)];
        let job = Job {
            wrapper: &[],
            program: Path::new("/bin/sh"),
            args: &args,
            answer_channel: true,
            sandboxed: false,
            max_processes: None,
            env: &[],
            stdin: b"",
            limits,
        };
        run(&job).expect("sh starts").ending(&limits)
    }

    const LIMITS: Limits = Limits {
        cpu_time: Duration::from_millis(300),
        memory_bytes: 64 << 20,
        output_bytes: 1000,
        wall_time: None,
    };

    #[test]
    fn each_ending_is_told_apart() {
        assert_eq!(shell("echo 92", LIMITS), Ending::Exited { stdout: b"92\n".to_vec() });
        let Ending::RuntimeError { detail } = shell("echo oops >&2; exit 3", LIMITS) else { panic!("RE") };
        assert_eq!(detail, "exited with status 3; the end of its stderr:\n  oops");
        let Ending::RuntimeError { detail } = shell("kill -SEGV $$", LIMITS) else { panic!("RE") };
        assert_eq!(detail, "killed by signal 11 (SIGSEGV)");
        let Ending::TimeLimit { detail } = shell("while :; do :; done", LIMITS) else { panic!("TLE") };
        assert!(detail.contains("CPU time") && !detail.contains("backstop"), "{detail}");
        let Ending::TimeLimit { detail } = shell("sleep 5", LIMITS) else { panic!("TLE") };
        assert!(detail.starts_with("stopped by the wall-clock backstop after"), "{detail}");
        let Ending::OutputLimit { .. } = shell("yes", LIMITS) else { panic!("OLE") };
        // A flood on the answer channel is an output flood too.
        let Ending::OutputLimit { .. } = shell("yes >&3", LIMITS) else { panic!("OLE") };
        // Nor may a file grow past the output limit.
        let file = std::env::temp_dir().join(format!("runner-test-{}", std::process::id()));
        let ending = shell(&format!("exec head -c 5000 /dev/zero > '{}'", file.display()), LIMITS);
        let written = std::fs::metadata(&file).map(|metadata| metadata.len());
        let _ = std::fs::remove_file(&file);
        let Ending::RuntimeError { detail } = ending else { panic!("RE: {ending:?}") };
        assert!(detail.contains("SIGXFSZ"), "{detail}");
        assert_eq!(written.ok(), Some(LIMITS.output_bytes));
    }

    #[test]
    fn what_a_child_leaves_behind_goes_with_it() {
        // The grandchild holds stdout open; without the group kill, reading would wait 30 s for it.
        let started = Instant::now();
        assert_eq!(shell("sleep 30 & echo 92", LIMITS), Ending::Exited { stdout: b"92\n".to_vec() });
        assert!(started.elapsed() < Duration::from_secs(20), "waited for the grandchild");
    }

    #[test]
    fn a_panic_names_its_place() {
        let stderr = "\nthread 'main' panicked at src/main.rs:4:5:\nindex out of bounds\nnote: run with `RUST_BACKTRACE=1`\n";
        let status = ExitStatus::from_raw(101 << 8);
        assert_eq!(crash_detail(status, stderr), "panicked at src/main.rs:4:5: index out of bounds");
    }
}
