//! One run of a program under limits, and the facts of how it ended.
//!
//! API boundary: a [`runner::Job`] (a program, its arguments, input and limits, and how it is kept
//! apart: plain, in the judge's own [`sandbox::Sandbox`], or fenced outside it) goes in; a
//! [`runner::Finished`] comes out: its exit or signal, CPU time, peak memory, output and what
//! ended it. A session runs test after test in one process. The sandbox (namespaces, a private
//! root, a seccomp policy) and the fence (Landlock) are this crate's, and so are the cgroups a run
//! is held in.
//!
//! Architecture invariant: this crate knows no verdict, no problem and no language (a language's
//! way of reading its crash comes in as a [`runner::Runtime`]); what a run's facts mean for a
//! problem is the engine's. Its one error is the machine's: [`MachineError`].

pub mod runner;
pub mod sandbox;

/// The machine's failure to make a run: a program that cannot be started, a sandbox or a fence
/// the kernel refuses. One line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MachineError(pub String);

impl std::fmt::Display for MachineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for MachineError {}

/// A duration with three significant figures at most: `850ns`, `12.3µs`, `4.56ms`, `1.23s`.
pub fn format_duration(duration: std::time::Duration) -> String {
    let nanos = duration.as_nanos() as f64;
    let (value, unit) = if nanos < 1e3 {
        (nanos, "ns")
    } else if nanos < 1e6 {
        (nanos / 1e3, "µs")
    } else if nanos < 1e9 {
        (nanos / 1e6, "ms")
    } else {
        (nanos / 1e9, "s")
    };
    let decimals = if value >= 100.0 || unit == "ns" {
        0
    } else if value >= 10.0 {
        1
    } else {
        2
    };
    format!("{value:.decimals$}{unit}")
}
