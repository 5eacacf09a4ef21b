//! The one child-process runner: judge, stress and bench start every run through [`run`] (and a
//! file's build is a run too), so a solution that panics, aborts, overflows its stack, loops
//! forever, eats memory or floods its output gets a verdict and harms no other run, and every
//! command gives the same verdict for it.
//!
//! A run is a plain child (a built-in: the judge's own code), or a submitted file's program or
//! compiler in the sandbox ([`crate::sandbox`]), or outside it with `--no-sandbox`. Limits, as the
//! judges apply them, over every process of a file's run:
//! - time is CPU time (user + system), held against the limit: a file's run has a cgroup of its
//!   own (`RunGroup`) that counts its whole process tree, read while it runs (a run past the
//!   limit is killed at once) and at the end; a plain child's comes from `wait4`. `RLIMIT_CPU`
//!   stops each process a second past the limit at most, and a wall-clock backstop at twice the
//!   limit plus a second stops one that sleeps or blocks. A busy machine slows a run's wall clock,
//!   not its CPU time, so it never turns an AC into a TLE;
//! - memory is the group's peak, held on the group (the kernel's out-of-memory killer: MLE), with
//!   each process's address space capped at the limit plus `ADDRESS_SPACE_HEADROOM` so that
//!   runaway allocation fails fast; without a group, the live tree is sampled from `/proc`;
//! - output past its cap kills the run (OLE), and the judge keeps no more of it than a right
//!   answer can take; core dumps are off; processes are capped (the group's `pids.max`, and
//!   `RLIMIT_NPROC` in the sandbox's own user namespace).
//!
//! Linux only: namespaces, cgroups, `pidfd` (which wakes the parent the moment a child ends).

use std::ffi::OsString;
use std::os::fd::{IntoRawFd, OwnedFd, RawFd};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::format_duration;
use crate::sandbox::{Layout, Processes, Sandbox};
use crate::MachineError;

mod ending;
pub mod forked;
mod group;
mod pipes;
mod process;
mod session;
mod start;
pub use ending::Runtime;
pub use ending::{crash_detail, UnknownRuntime};
use group::stop_if_interrupted;
pub(crate) use group::RunGroup;
pub use group::{clean_up_on_signals, shield_from_runs};
use pipes::{Pipes, Written};
use process::*;
pub(crate) use session::STARTUP_ALLOWANCE;
pub use session::{run_session, SessionTest};
use start::*;

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
pub(crate) const ADDRESS_SPACE_HEADROOM: u64 = 256 << 20;

/// How long a run's CPU time may stand still before the backstop stops it: a run that still
/// gets the processor past its backstop is only slowed by a busy machine.
pub(crate) const STILL_FOR: Duration = Duration::from_secs(1);

impl Limits {
    /// The wall-clock backstop: the wall-clock limit when there is one, else twice the CPU limit
    /// plus a second.
    pub(crate) fn wall_backstop(&self) -> Duration {
        self.wall_time
            .unwrap_or_else(|| self.cpu_time.saturating_mul(2).saturating_add(Duration::from_secs(1)))
    }

    /// Whether a run `elapsed` into its wall-clock time is past its backstop, its CPU time having
    /// last grown `still` ago. Without a wall-clock limit of its own, a run whose CPU time is
    /// still growing (it grew within [`STILL_FOR`]) gets more wall time, up to twenty times its
    /// CPU limit plus a second: a busy machine never turns an AC into a TLE, and a run that sleeps
    /// or blocks is stopped at the backstop all the same. A wall-clock limit (bench's budget, a
    /// build's) is held as it is.
    pub(crate) fn past_backstop(&self, elapsed: Duration, still: Duration) -> bool {
        if elapsed <= self.wall_backstop() {
            return false;
        }
        let cap = self.cpu_time.saturating_mul(20).saturating_add(Duration::from_secs(1));
        self.wall_time.is_some() || still >= STILL_FOR || elapsed > cap
    }
}

/// How a run is kept apart from the judge.
#[derive(Clone, Copy, Debug)]
pub enum Isolation<'a> {
    /// The judge's own code (a built-in): a child process under the limits.
    Plain,
    /// The judge's own code, as `Plain`, forked from a server of its program (which answers
    /// [`forked::COMMAND`]) rather than started anew; started anew where the program cannot serve.
    Forked,
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
    /// be made and `RLIMIT_NPROC` in the sandbox (see `RunGroup`); `None`: no cgroup at all.
    pub max_processes: Option<u32>,
    /// Whether a file's run may make processes (a build's compilers) or is one process, its
    /// threads apart (a submitted program: a new process kills it, see
    /// [`crate::sandbox::Processes`]). A built-in's run is the judge's own code, never filtered.
    pub processes: Processes,
    /// The only environment the child gets (it starts from an empty one).
    pub env: &'a [(&'a str, &'a str)],
    pub stdin: &'a [u8],
    pub limits: Limits,
    /// The address-space cap, when not the memory limit plus `ADDRESS_SPACE_HEADROOM`
    /// (`u64::MAX`: none, for the sanitizers, which reserve terabytes and touch little).
    pub address_space: Option<u64>,
    /// The largest file the run may write, when not its output limit (a compiler's output).
    pub file_bytes: Option<u64>,
    /// The most of its answer (stdout, or descriptor 3 where it has one) kept: past it the rest
    /// is read and counted, never held, up to the output limit. A LeetCode run's stdout (its
    /// prints) keeps `PRINTS_KEPT`.
    pub answer_bytes: usize,
}

/// How much of what a LeetCode solution prints on stdout is kept, to show beside a failing run.
pub(crate) const PRINTS_KEPT: usize = 8 << 10;

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
    /// Its first and last `STDERR_KEPT` / 2 bytes.
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
    /// In a session: the process stopped reading its input, so that the judge could not give it
    /// this test's whole input (it was stopped at the wall-clock backstop).
    pub stopped_reading: bool,
}

/// How much of standard error is kept for a runtime error's or a compiler's message: its first
/// half and its last.
pub(crate) const STDERR_KEPT: usize = 64 << 10;

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
/// The machine's failure ([`MachineError`]), one line, when the program cannot be started at
/// all: never the program's own verdict.
pub fn run(job: &Job) -> Result<Finished, MachineError> {
    run_job(job).map_err(MachineError)
}

fn run_job(job: &Job) -> Result<Finished, String> {
    stop_if_interrupted();
    let limits = job.limits;
    let group = group_for(job);
    let started = Instant::now();
    let child = start(job, group.as_ref())?;
    // The fence's scratch folder goes when the run is over, at the end of this function.
    let Started { pid, stdin, stdout, stderr, answer, sandboxed, fence: _fence } = child;
    let mut pipes = Pipes::new(job, stdin, stdout, stderr, answer);
    let sandboxed_run = sandboxed.is_some();
    let kill_all = || {
        // SAFETY: plain system calls. The child is not reaped yet, so its pid and group are still
        // its own; a sandbox's first process takes its whole PID namespace with it.
        unsafe {
            libc::kill(pid, libc::SIGKILL);
            if !sandboxed_run {
                libc::killpg(pid, libc::SIGKILL);
            }
        }
        if let Some(group) = &group {
            group.kill_all();
        }
    };
    // Without a cgroup, a file's run is sampled instead (a sandbox's every process is a
    // descendant of its first, which reaps the rest; a run outside it is one process): its memory
    // is held to the limit while it runs, as the group would, and its peak read at the end.
    let sample_tree = group.is_none() && !matches!(job.isolation, Isolation::Plain | Isolation::Forked);
    let watched = Watch { pid, started, limits: &limits, group: group.as_ref() }.until_ended(
        &mut pipes,
        sample_tree,
        &kill_all,
    );
    let wall_time = started.elapsed();
    stop_if_interrupted();
    // Whatever the child left behind would hold the pipes open: it goes with the child, killed
    // while the child is a zombie whose pid (and so its group's id) nothing else can take yet.
    kill_all();
    let Reaped { status, mut cpu_time, mut peak_memory_bytes, setup_time } = reap(pid, sandboxed)?;
    let Written { stdout, stdout_total, stderr, answer, answer_total, over_limit: output_over_limit } =
        pipes.drain();
    let mut killed_for_memory = watched.killed_for_memory;
    peak_memory_bytes = peak_memory_bytes.max(watched.tree_peak);
    // A sandbox killed before it reported leaves only what was sampled of its live processes.
    cpu_time = cpu_time.max(watched.tree_cpu);
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
        output_over_limit,
        killed_at_backstop: watched.killed_at_backstop,
        killed_over_cpu: watched.killed_over_cpu,
        killed_for_memory,
        state: String::new(),
        ended_process: true,
        unanswered: false,
        broke_protocol: false,
        in_start: false,
        stopped_reading: false,
    })
}

/// The cgroup of `job`, under its limits, where one can be made: the judge's own code (a built-in)
/// needs none, only a file's runs and builds get one.
fn group_for(job: &Job) -> Option<RunGroup> {
    match (job.max_processes, job.isolation) {
        (Some(max), Isolation::Unsandboxed { .. } | Isolation::Sandboxed { .. }) => {
            RunGroup::create(&job.limits, max)
        }
        _ => None,
    }
}

/// Starts `job`'s first process as its isolation says, in `group`.
fn start(job: &Job, group: Option<&RunGroup>) -> Result<Started, String> {
    match job.isolation {
        Isolation::Sandboxed { sandbox, layout } => start_sandboxed(job, sandbox, layout, group),
        Isolation::Plain | Isolation::Unsandboxed { .. } => start_plain(job, group),
        Isolation::Forked => match forked::start_forked(job)? {
            Some(started) => Ok(started),
            None => start_plain(&Job { isolation: Isolation::Plain, ..*job }, group),
        },
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
            processes: Processes::Many,
            env: &[],
            stdin: b"",
            limits,
            address_space: None,
            file_bytes: None,
            answer_bytes: 1000,
        };
        run(&job).expect("sh starts").ending(&limits, &UnknownRuntime)
    }

    // The memory limit is far above what these scripts take: with 64 MB, `echo 92` was reported
    // over it, peak 64 MB, about one run of the whole library's tests in five (never alone). The
    // cause: `execve` keeps the high-water mark of the memory it replaces in the process's
    // `ru_maxrss`, and a child spawned or forked from this test process replaces a copy of it
    // (or, spawned, its very memory), which other tests grow. A built-in forked from the fork
    // server starts from the server's few megabytes instead.
    const LIMITS: Limits = Limits {
        cpu_time: Duration::from_millis(300),
        memory_bytes: 1 << 30,
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
        // The grandchild holds stdout open; without the group kill, reading would wait the 600 s
        // for it: a deadline of minutes, not a figure.
        let started = Instant::now();
        assert_eq!(shell("sleep 600 & echo 92", LIMITS), Ending::Exited { stdout: b"92\n".to_vec() });
        assert!(started.elapsed() < Duration::from_secs(300), "waited for the grandchild");
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
