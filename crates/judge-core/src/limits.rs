//! Every run's limits, built here and nowhere else (a `tidy` test holds it): a case's, from the case
//! file and, where it states none, from the problem whose input it is (`problems/ID.toml`); and the
//! runs that are no case's: a build, stress's drawn boards, bench's timed runs, a language's
//! self-test. The output cap is the runner's default everywhere but a build's.

use std::time::Duration;

use crate::problem::{Problem, TestInput};
use crate::runner::{Limits, DEFAULT_OUTPUT_BYTES};

/// The CPU time and memory a run of `input` gets where its case states none: those of the first
/// problem whose input it is, else of the first problem (CSES 1624's 1 s and 512 MB).
pub(crate) fn defaults_for(input: &TestInput) -> (u64, u64) {
    let problem = Problem::all().find(|problem| problem.admits(input).is_some());
    problem.or_else(|| Problem::all().next()).map_or((1000, 512), Problem::limits)
}

/// A case's run: CPU time in milliseconds and memory in MB, as the case says; the wall-clock
/// backstop is the runner's (twice the CPU time and a second).
pub(crate) fn of_case(time_limit_ms: u64, memory_limit_mb: u64) -> Limits {
    Limits {
        cpu_time: Duration::from_millis(time_limit_ms),
        memory_bytes: memory_limit_mb << 20,
        output_bytes: DEFAULT_OUTPUT_BYTES,
        wall_time: None,
    }
}

/// How many times a case's memory limit a `--strict` run may use.
pub const STRICT_MEMORY_FACTOR: u64 = 4;

/// A `--strict` run of a case whose limits are `case`: the checked build (sanitizers, debug
/// assertions) is slow and hungry, so ten times the CPU time and [`STRICT_MEMORY_FACTOR`] times the
/// memory.
pub fn strict(case: Limits) -> Limits {
    Limits {
        cpu_time: case.cpu_time.saturating_mul(10),
        memory_bytes: case.memory_bytes.saturating_mul(STRICT_MEMORY_FACTOR),
        ..case
    }
}

/// A build: a compiler gets far more than a run, and is stopped all the same.
pub(crate) const BUILD_CPU: Duration = Duration::from_secs(10);
pub(crate) const BUILD_WALL: Duration = Duration::from_secs(30);
pub(crate) const BUILD_MEMORY: u64 = 2 << 30;
/// Past this much on standard output and error, the compiler is stopped.
pub(crate) const BUILD_OUTPUT_BYTES: u64 = 64 << 20;

/// A compiler's run (or a script's syntax check).
pub(crate) fn build() -> Limits {
    Limits {
        cpu_time: BUILD_CPU,
        memory_bytes: BUILD_MEMORY,
        output_bytes: BUILD_OUTPUT_BYTES,
        wall_time: Some(BUILD_WALL),
    }
}

/// A stress run on a drawn board: `cpu_time` (`--time-limit`), and the memory of the problem of
/// boards (CSES's 512 MB).
pub fn stress(cpu_time: Duration) -> Limits {
    let memory_mb = Problem::all().next().map_or(512, |problem| problem.limits().1);
    Limits { cpu_time, memory_bytes: memory_mb << 20, output_bytes: DEFAULT_OUTPUT_BYTES, wall_time: None }
}

/// The memory bench gives a run: LeetCode 51 keeps every board, some 1.4 GB at n = 15.
const BENCH_MEMORY: u64 = 4 << 30;

/// A bench run with a wall-clock `deadline` and `cpu_time` (the deadline on every core it is
/// pinned to, or the budget for a file).
pub fn bench(cpu_time: Duration, deadline: Duration) -> Limits {
    Limits {
        cpu_time,
        memory_bytes: BENCH_MEMORY,
        output_bytes: DEFAULT_OUTPUT_BYTES,
        wall_time: Some(deadline),
    }
}

/// A language's self-test: a small program's build and run, with room for a slow toolchain.
pub fn self_test() -> Limits {
    Limits {
        cpu_time: Duration::from_secs(10),
        memory_bytes: 512 << 20,
        output_bytes: 1 << 20,
        wall_time: Some(Duration::from_secs(30)),
    }
}
