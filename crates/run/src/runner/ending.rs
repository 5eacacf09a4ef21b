//! How a run ended, read against its limits: the verdict's facts (a limit, a crash and its detail,
//! or an answer), with its language's runtime reading its stderr ([`Runtime`]).

use super::*;

/// How a run's stderr is read where its runtime is known: by the executor of its language (a
/// built-in's is Rust's), so that the runner names no language.
pub trait Runtime {
    /// What the runtime prints when an allocation fails at the memory limit (an MLE, not an RE).
    fn out_of_memory_messages(&self) -> &'static [&'static str];
    /// A crash told from the runtime's own report (where a panic happened, an uncaught exception,
    /// a sanitizer's finding), given `how` the process ended; `None` where the report holds nothing
    /// of the kind, and the end of stderr is shown instead.
    fn explain_crash(&self, how: &str, stderr: &str) -> Option<String>;
    /// The one line a runtime error's `detail` (as [`crash_detail`] wrote it) comes down to, for a
    /// one-line summary: the exception and its message, or a sanitizer's finding with the place it
    /// names; `None` where the detail's first line says it already.
    fn headline(&self, _detail: &str) -> Option<String> {
        None
    }
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
        if self.stopped_reading {
            return Ending::TimeLimit {
                detail: format!(
                    "stopped reading its input: the judge could not give it this test, and stopped it \
                     at the wall-clock backstop after {} ({cpu} of CPU time; the limit is {limit})",
                    format_duration(self.wall_time)
                ),
            };
        }
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

/// A runtime error's detail: what `runtime` reads in its report (where a program panicked, its
/// uncaught exception), else the exit status or signal, then the last lines of stderr.
pub fn crash_detail(status: ExitStatus, stderr: &str, runtime: &dyn Runtime) -> String {
    let how = match (status.code(), status.signal()) {
        (Some(code), _) => format!("exited with status {code}"),
        // Only the filter's kill of a new process sends SIGSYS here (see `sandbox::Processes`).
        (None, Some(libc::SIGSYS)) => format!(
            "killed by signal {} (SIGSYS): it made a new process (fork, vfork or clone), and the judge \
             allows a run one process, its threads apart, as DMOJ's and isolate's sandboxes do",
            libc::SIGSYS
        ),
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

pub(super) fn signal_name(signal: i32) -> &'static str {
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
