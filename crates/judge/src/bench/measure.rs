//! Timing: each implementation's runs on a side, its samples and their figures, and the ratios
//! between rows.

use super::*;

/// Whether two measurements are of one row: same table (the implementations' crate, as the tables
/// group them: `cses/fixed_board`, which solves only CSES's 8 x 8 boards, sits beside the n x n
/// counters), board and thread count.
pub(super) fn same_row(one: &Measurement, other: &Measurement) -> bool {
    let table = |measurement: &Measurement| {
        measurement.implementation.split_once('/').map_or("", |(prefix, _)| prefix).to_string()
    };
    table(one) == table(other) && one.board == other.board && one.n == other.n && one.threads == other.threads
}

/// Each measured median over the fastest median of its row.
pub(super) fn set_ratios(measurements: &mut [Measurement]) {
    let fastest: Vec<Option<u64>> = measurements
        .iter()
        .map(|this| {
            measurements
                .iter()
                .filter(|other| same_row(this, other))
                .filter_map(|other| other.outcome.figures().map(|figures| figures.median_ns))
                .min()
        })
        .collect();
    for (measurement, fastest) in measurements.iter_mut().zip(fastest) {
        let median = measurement.outcome.figures().map(|figures| figures.median_ns);
        if let (Some(median), Some(fastest)) = (median, fastest) {
            measurement.ratio_to_fastest = Some(median as f64 / fastest.max(1) as f64);
        }
    }
}

/// Each measurement's ratio to the baseline's in its row: exact when both were measured, a bound
/// when one went over the budget, nothing otherwise.
pub(super) fn set_baseline_ratios(measurements: &mut [Measurement], baseline: &str, budget: Duration) {
    let budget_ns = nanos(budget).max(1) as f64;
    let ratios: Vec<(Option<f64>, Option<RatioBound>)> = measurements
        .iter()
        .map(|this| {
            let Some(base) =
                measurements.iter().find(|other| other.implementation == baseline && same_row(this, other))
            else {
                return (None, None);
            };
            match (&this.outcome, &base.outcome) {
                (Outcome::Measured(mine), Outcome::Measured(theirs)) => {
                    (Some(mine.median_ns as f64 / theirs.median_ns.max(1) as f64), None)
                }
                (Outcome::Measured(mine), Outcome::OverBudget { .. }) => {
                    (None, Some(RatioBound::LessThan(mine.median_ns as f64 / budget_ns)))
                }
                (Outcome::OverBudget { .. }, Outcome::Measured(theirs)) => {
                    (None, Some(RatioBound::MoreThan(budget_ns / theirs.median_ns.max(1) as f64)))
                }
                _ => (None, None),
            }
        })
        .collect();
    for (measurement, (ratio, bound)) in measurements.iter_mut().zip(ratios) {
        measurement.ratio_to_baseline = ratio;
        measurement.ratio_to_baseline_bound = bound;
    }
}

/// What every timed run of one measurement shares: this program (a built-in's child), the
/// sandbox (a file's), the budget and the CPUs a built-in is pinned to.
pub(super) struct Timer<'a> {
    pub(super) executable: &'a Path,
    pub(super) sandbox: Option<&'a Sandbox>,
    pub(super) budget: Duration,
    pub(super) pinning: &'a Pinning,
}

impl Timer<'_> {
    /// Times `contestant` on `board` (see the module docs for the sampling): a built-in by its
    /// own clock, a file by the kernel's accounting of whole runs.
    pub(super) fn measure(
        &self,
        contestant: &Contestant,
        problem: Problem,
        board: &Board,
        expected: u64,
    ) -> Outcome {
        match contestant {
            Contestant::Builtin(entry) => {
                measure(self.executable, entry, board, expected, self.budget, self.pinning)
            }
            Contestant::File { .. } => self.measure_file(contestant, problem, board, expected),
        }
    }

    /// A file: one fresh process a sample, its CPU time over the whole run; five samples when a
    /// run takes at most a tenth of the budget, three at most a quarter, else one.
    pub(super) fn measure_file(
        &self,
        contestant: &Contestant,
        problem: Problem,
        board: &Board,
        expected: u64,
    ) -> Outcome {
        let limits = judge_core::limits::bench(self.budget, self.budget.saturating_mul(2) + STARTUP_SLACK);
        let input = TestInput::Board(board.clone());
        let request = Request::judged(problem, &input, limits);
        let mut samples = Vec::new();
        loop {
            let ran = attempt(contestant, &request, self.executable, self.sandbox);
            let cpu = ran.cpu_time.unwrap_or_default();
            let truth = Truth::new(problem, &input, Some(expected), None);
            let graded = match ran.grade(&truth, &Additions::default()) {
                Ok(graded) => graded,
                // Not the implementation's failure: not run, and said why.
                Err(reason) => {
                    return Outcome::Skipped { reason: format!("the judge could not run it: {reason}") }
                }
            };
            let detail = graded.detail.unwrap_or_default();
            match graded.verdict {
                Verdict::AC => {}
                Verdict::TLE => return Outcome::OverBudget { ran_for_ns: nanos(cpu), killed: true },
                Verdict::MLE => return Outcome::OutOfMemory { peak_bytes: ran.peak_memory_bytes },
                Verdict::WA => {
                    let answer = match graded.received {
                        Some(boards) if problem.lists_boards() => format!("{boards} boards"),
                        Some(count) => count.to_string(),
                        None => "unreadable or wrong".to_string(),
                    };
                    return Outcome::WrongAnswer { answer, detail };
                }
                Verdict::CE => {
                    let first = detail.lines().next().unwrap_or("").to_string();
                    return Outcome::Crashed { reason: format!("does not build: {first}") };
                }
                Verdict::RE | Verdict::OLE => return Outcome::Crashed { reason: detail },
            }
            samples.push(nanos(cpu));
            let first = Duration::from_nanos(samples[0]);
            let wanted = if first * 10 <= self.budget {
                5
            } else if first * 4 <= self.budget {
                3
            } else {
                1
            };
            if samples.len() >= wanted {
                return Outcome::Measured(figures(expected, samples, 1, true, 1));
            }
        }
    }
}

/// One child run with `samples` warm samples (0: the cold run alone), pinned as `pinning` says,
/// its answer held against `expected` and the parallelism it saw against the thread count: the
/// samples, or the outcome that ends this measurement.
pub(super) fn run_sample_child(
    executable: &Path,
    entry: &Entry,
    board: &Board,
    expected: u64,
    budget: Duration,
    pinning: &Pinning,
    samples: usize,
) -> Result<Samples, Outcome> {
    let Some(problem) = timed_problem(entry) else {
        return Err(Outcome::Skipped { reason: format!("{} answers no problem of boards", entry.id()) });
    };
    let check_time = match entry.kernel {
        Kernel::Enumerate(_) => {
            CHECK_TIME_PER_BOARD.saturating_mul(u32::try_from(expected).unwrap_or(u32::MAX))
        }
        Kernel::Count(_) | Kernel::Total(_) | Kernel::Place(_) | Kernel::Complete(_) => Duration::ZERO,
    };
    // A short run's warm-up takes at most about half a sample, each sample about SAMPLE_TARGET.
    let sampling_time = SAMPLE_TARGET.saturating_mul(2 * samples as u32 + 1);
    let deadline =
        budget + STARTUP_SLACK + check_time + if samples > 0 { sampling_time } else { Duration::ZERO };
    // The budget is wall time: the child is killed at the deadline. The CPU limit only has to let
    // a run that uses every core it is pinned to reach it.
    let cores = u32::try_from(pinning.threads).unwrap_or(u32::MAX);
    let limits = judge_core::limits::bench(deadline.saturating_mul(cores), deadline);
    let timing = Timing::Samples { samples, target: SAMPLE_TARGET, check_inside: true, cpus: &pinning.cpus };
    let input = TestInput::Board(board.clone());
    let request = Request { problem, input: &input, limits, timing, address_space: None };
    let ran = attempt(&Contestant::Builtin(*entry), &request, executable, None);
    let over_budget =
        || Outcome::OverBudget { ran_for_ns: ran.wall_time.map_or(nanos(deadline), nanos), killed: true };
    if ran.wall_time.is_some_and(|wall| wall > deadline) {
        return Err(over_budget());
    }
    // The child checked LeetCode 51's boards itself and sent their number: graded as a count.
    let truth = Truth::new(problem, &input, Some(expected), None);
    let graded = ran
        .grade(&truth, &Additions::default())
        .map_err(|reason| Outcome::Skipped { reason: format!("the judge could not run it: {reason}") })?;
    let detail = graded.detail.unwrap_or_default();
    match (graded.verdict, graded.received) {
        (Verdict::AC, _) => {}
        (Verdict::TLE, _) => return Err(over_budget()),
        (Verdict::MLE, _) => return Err(Outcome::OutOfMemory { peak_bytes: None }),
        (Verdict::WA, Some(answer)) => {
            let answer = if matches!(entry.kernel, Kernel::Enumerate(_)) {
                format!("{answer} boards")
            } else {
                answer.to_string()
            };
            let detail = format!("answered {answer}, expected {expected}");
            return Err(Outcome::WrongAnswer { detail, answer });
        }
        // The fault the child found in its own boards, or an answer it could not send.
        (Verdict::WA, None) => {
            let detail =
                if detail.contains("expected") { detail } else { format!("{detail}, expected {expected}") };
            return Err(Outcome::WrongAnswer { answer: "unreadable or wrong boards".to_string(), detail });
        }
        (Verdict::RE | Verdict::OLE | Verdict::CE, _) => return Err(Outcome::Crashed { reason: detail }),
    }
    let report =
        ran.samples.ok_or_else(|| Outcome::Crashed { reason: "the child sent no timings".to_string() })?;
    if report.cores != pinning.threads {
        return Err(Outcome::CoresMismatch { cores_seen: report.cores });
    }
    if report.first_run_ns > nanos(budget) {
        return Err(Outcome::OverBudget { ran_for_ns: report.first_run_ns, killed: false });
    }
    Ok(report)
}

pub(super) fn nanos(duration: Duration) -> u64 {
    u64::try_from(duration.as_nanos()).unwrap_or(u64::MAX)
}

/// Times one implementation on one board, pinned as `pinning` says (see the module docs for the
/// sampling).
pub(crate) fn measure(
    executable: &Path,
    entry: &Entry,
    board: &Board,
    expected: u64,
    budget: Duration,
    pinning: &Pinning,
) -> Outcome {
    let probe = match run_sample_child(executable, entry, board, expected, budget, pinning, 0) {
        Ok(probe) => probe,
        Err(outcome) => return outcome,
    };
    let first_run = Duration::from_nanos(probe.first_run_ns);
    // run_sample_child has held the answer to `expected`.
    let answer = expected;
    let (samples_ns, iterations_per_sample, fresh_process_per_sample) = if first_run < SHORT_RUN {
        match run_sample_child(executable, entry, board, expected, budget, pinning, SHORT_SAMPLES) {
            Ok(report) => (report.samples_ns, report.iterations_per_sample, false),
            Err(outcome) => return outcome,
        }
    } else {
        let wanted = if first_run * 10 <= budget {
            5
        } else if first_run * 4 <= budget {
            3
        } else {
            1
        };
        let mut samples = vec![probe.first_run_ns];
        while samples.len() < wanted {
            match run_sample_child(executable, entry, board, expected, budget, pinning, 0) {
                Ok(report) => samples.push(report.first_run_ns),
                Err(outcome) => return outcome,
            }
        }
        (samples, 1, true)
    };
    // run_sample_child has held every child's parallelism to the thread count.
    let cores_seen = pinning.threads;
    Outcome::Measured(figures(
        answer,
        samples_ns,
        iterations_per_sample,
        fresh_process_per_sample,
        cores_seen,
    ))
}

pub(super) fn figures(
    answer: u64,
    samples_ns: Vec<u64>,
    iterations_per_sample: u64,
    fresh: bool,
    cores_seen: usize,
) -> Figures {
    let mut sorted = samples_ns.clone();
    sorted.sort_unstable();
    let middle = sorted.len() / 2;
    let median_ns =
        if sorted.len() % 2 == 1 { sorted[middle] } else { (sorted[middle - 1] + sorted[middle]) / 2 };
    let min_ns = sorted.first().copied().unwrap_or_default();
    let max_ns = sorted.last().copied().unwrap_or_default();
    let lower_quartile_ns = quantile(&sorted, 0.25);
    let upper_quartile_ns = quantile(&sorted, 0.75);
    let spread_percent = 50.0 * (upper_quartile_ns - lower_quartile_ns) as f64 / median_ns.max(1) as f64;
    Figures {
        answer,
        median_ns,
        min_ns,
        max_ns,
        lower_quartile_ns,
        upper_quartile_ns,
        spread_percent,
        samples_ns,
        iterations_per_sample,
        fresh_process_per_sample: fresh,
        cores_seen,
    }
}

/// The `fraction` quantile of ascending `sorted`, interpolated between the two nearest samples.
pub(super) fn quantile(sorted: &[u64], fraction: f64) -> u64 {
    let Some(&last) = sorted.last() else { return 0 };
    let position = fraction * (sorted.len() - 1) as f64;
    let below = position.floor() as usize;
    let above = sorted.get(below + 1).copied().unwrap_or(last);
    let weight = position - below as f64;
    (sorted[below] as f64 * (1.0 - weight) + above as f64 * weight).round() as u64
}
