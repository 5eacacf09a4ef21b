//! The bench's child process: `xtask bench --child PROBLEM/NAME --samples K --sample-ns T`, the
//! board on stdin, one JSON [`SampleReport`] on stdout.
//!
//! It runs the kernel once, cold, and checks that answer after the clock stopped, so a check never
//! counts as time: LeetCode 51's boards as the judge checks them ([`check_boards`]: each passes the
//! checker, none twice), so that the parent only compares counts. With `--samples 0` that is
//! all: one cold run, which is what a long run's figure is made of (the parent starts a fresh child
//! per sample). With K > 0 it then estimates a warm run's time, picks how many runs make a sample of
//! about T, and takes K such samples, each the mean of its runs: that is how a run of a few
//! microseconds gets a figure the clock can resolve. Cost: the cold run, about T/2 of warm-up,
//! then K x T.

use std::hint::black_box;
use std::time::{Duration, Instant};

use checker::Board;
use serde::{Deserialize, Serialize};

use crate::isolate::{run_kernel, Answer};
use crate::judge::check_boards;
use crate::registry::Entry;

/// What the parent asks of one child.
#[derive(Clone, Copy, Debug)]
pub struct SampleRequest {
    /// Warm samples after the cold run; 0 for the cold run alone.
    pub samples: usize,
    /// About how long one warm sample lasts.
    pub sample_target: Duration,
}

/// An answer as the child checked it, small enough to send back whatever the board count.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CheckedAnswer {
    /// A CSES count.
    Count(u64),
    /// A LeetCode 52 total.
    Total(i32),
    /// LeetCode 51 boards: how many, and the first fault the checker found among them.
    Boards { count: u64, fault: Option<String> },
}

/// What the child prints.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SampleReport {
    pub answer: CheckedAnswer,
    /// The cold first run.
    pub first_run_ns: u64,
    /// One figure per warm sample: the mean run of that sample.
    pub samples_ns: Vec<u64>,
    pub iterations_per_sample: u64,
}

/// A sample never repeats a run more than this, however fast the run.
const MAX_ITERATIONS: u64 = 10_000_000;

/// The child's work (see the module docs).
pub fn child_main(entry: &Entry, board: &Board, request: &SampleRequest) -> SampleReport {
    let started = Instant::now();
    let answer = run_kernel(entry, board);
    let first_run = started.elapsed();
    let answer = check_answer(board, answer);
    let mut report = SampleReport {
        answer,
        first_run_ns: nanos(first_run),
        samples_ns: Vec::new(),
        iterations_per_sample: 1,
    };
    if request.samples == 0 {
        return report;
    }
    let warm_run = estimate_warm_run(entry, board, request.sample_target);
    let iterations = (request.sample_target.as_nanos() / warm_run.as_nanos().max(1))
        .clamp(1, u128::from(MAX_ITERATIONS)) as u64;
    report.iterations_per_sample = iterations;
    report.samples_ns = (0..request.samples)
        .map(|_| {
            let started = Instant::now();
            for _ in 0..iterations {
                black_box(run_kernel(entry, black_box(board)));
            }
            nanos(started.elapsed()) / iterations
        })
        .collect();
    report
}

/// A warm run's time: batches of doubling size until one lasts a quarter of a sample. This also
/// warms the caches and the branch predictors before the samples that count.
fn estimate_warm_run(entry: &Entry, board: &Board, sample_target: Duration) -> Duration {
    let mut iterations = 1u64;
    loop {
        let started = Instant::now();
        for _ in 0..iterations {
            black_box(run_kernel(entry, black_box(board)));
        }
        let elapsed = started.elapsed();
        if elapsed >= sample_target / 4 || iterations >= MAX_ITERATIONS {
            return elapsed / u32::try_from(iterations).unwrap_or(u32::MAX);
        }
        iterations *= 2;
    }
}

fn nanos(duration: Duration) -> u64 {
    u64::try_from(duration.as_nanos()).unwrap_or(u64::MAX)
}

/// Counts pass as they are (the parent compares them with the expected count); boards are checked
/// with [`check_boards`], and the first line of its message, which names the fault, is kept (the
/// rest draws the boards, too much to send back for every wrong run).
fn check_answer(board: &Board, answer: Answer) -> CheckedAnswer {
    match answer {
        Answer::Count(count) => CheckedAnswer::Count(count),
        Answer::Total(total) => CheckedAnswer::Total(total),
        Answer::Boards(boards) => {
            let fault = check_boards(board, &boards)
                .err()
                .map(|error| error.lines().next().unwrap_or_default().trim_end_matches(':').to_string());
            CheckedAnswer::Boards { count: boards.len() as u64, fault }
        }
    }
}
