//! What a bench run times, and in which order: the empty boards of each size, then the cases of
//! boards with reserved squares, at each thread count.

use super::*;

/// What a bench run times, and how: its options, the child program, the contestants with each as
/// timed, and the CPU sets of each thread count.
pub(super) struct Plan<'a> {
    pub(super) options: &'a BenchOptions,
    pub(super) executable: &'a Path,
    pub(super) contestants: &'a [Contestant],
    pub(super) implementations: &'a [Timed],
    pub(super) pinnings: Vec<Pinning>,
}

impl Plan<'_> {
    /// `, 2 threads` where the run times several thread counts.
    fn with_threads(&self, pinning: &Pinning) -> String {
        if self.pinnings.len() > 1 {
            format!(", {} thread{}", pinning.threads, if pinning.threads == 1 { "" } else { "s" })
        } else {
            String::new()
        }
    }

    /// The timer of one measurement pinned as `pinning` says.
    fn timer<'p>(&'p self, pinning: &'p Pinning) -> Timer<'p> {
        Timer {
            executable: self.executable,
            sandbox: self.options.sandbox.as_ref(),
            budget: self.options.budget,
            pinning,
        }
    }

    /// Every implementation on the empty board of each size, at each thread count; one that goes
    /// over the budget or out of memory is skipped at the larger sizes of that thread count (with
    /// fewer threads it may go over where more threads still fit).
    pub(super) fn empty_boards(&self, progress: &mut dyn FnMut(&str)) -> Vec<Measurement> {
        let mut measured = Vec::new();
        let mut skipped: Vec<Vec<Option<String>>> =
            vec![vec![None; self.pinnings.len()]; self.implementations.len()];
        for &n in &self.options.sizes {
            let board = Board::empty(n).expect("parse_sizes keeps sides within the checker's bound");
            let expected = judge_core::truth::count(&board);
            for (pinning_index, pinning) in self.pinnings.iter().enumerate() {
                for (index, timed) in self.implementations.iter().enumerate() {
                    if timed.problem.admits_board(&board).is_none() {
                        continue;
                    }
                    let contestant = &self.contestants[timed.contestant];
                    let outcome = match &skipped[index][pinning_index] {
                        Some(reason) => Outcome::Skipped { reason: reason.clone() },
                        None if pinning_index > 0 && matches!(contestant, Contestant::File { .. }) => {
                            Outcome::Skipped { reason: "a file is timed once, on one CPU".to_string() }
                        }
                        None => {
                            progress(&format!("n = {n}{}: {}", self.with_threads(pinning), timed.id));
                            let outcome =
                                self.timer(pinning).measure(contestant, timed.problem, &board, expected);
                            let reason = match outcome {
                                Outcome::OverBudget { .. } => Some("over budget"),
                                Outcome::OutOfMemory { .. } => Some("out of memory"),
                                _ => None,
                            };
                            if let Some(reason) = reason {
                                skipped[index][pinning_index] =
                                    Some(format!("{reason} at n = {n}{}", self.with_threads(pinning)));
                            }
                            outcome
                        }
                    };
                    let board = "empty".to_string();
                    measured.push(Measurement::new(timed, board, n, pinning.threads, expected, outcome));
                }
            }
        }
        measured
    }

    /// The counters on the cases of boards with reserved squares whose side is among the sizes,
    /// and the case files that could not be read.
    pub(super) fn reserved_boards(&self, progress: &mut dyn FnMut(&str)) -> (Vec<Measurement>, Vec<String>) {
        let mut case_errors = Vec::new();
        let mut measured = Vec::new();
        let counters: Vec<&Timed> =
            self.implementations.iter().filter(|timed| !timed.problem.is_leetcode()).collect();
        if counters.is_empty() {
            return (measured, case_errors);
        }
        let cases = match load_cases(&self.options.cases_folder) {
            Ok(loaded) => {
                case_errors.extend(loaded.errors.iter().map(ToString::to_string));
                loaded.cases
            }
            Err(error) => {
                case_errors.push(error.to_string());
                Vec::new()
            }
        };
        for (case, (board, expected)) in with_reserved(&cases, &self.options.sizes) {
            for (pinning_index, pinning) in self.pinnings.iter().enumerate() {
                for timed in counters.iter().filter(|timed| timed.problem.admits(&case.input).is_some()) {
                    let contestant = &self.contestants[timed.contestant];
                    if pinning_index > 0 && matches!(contestant, Contestant::File { .. }) {
                        continue;
                    }
                    progress(&format!("{}{}: {}", case.id, self.with_threads(pinning), timed.id));
                    let outcome = self.timer(pinning).measure(contestant, timed.problem, board, expected);
                    let (id, n) = (case.id.clone(), board.n());
                    measured.push(Measurement::new(timed, id, n, pinning.threads, expected, outcome));
                }
            }
        }
        (measured, case_errors)
    }
}

impl Measurement {
    /// A measurement of `timed` on `board` (its side `n`), its ratios not yet set.
    fn new(
        timed: &Timed,
        board: String,
        n: usize,
        threads: usize,
        expected: u64,
        outcome: Outcome,
    ) -> Measurement {
        Measurement {
            implementation: timed.id.clone(),
            problem: timed.problem,
            board,
            n,
            threads,
            expected,
            outcome,
            ratio_to_fastest: None,
            ratio_to_baseline: None,
            ratio_to_baseline_bound: None,
        }
    }
}

/// The cases of boards with reserved squares whose side is among `sizes`, each with its board and
/// count.
fn with_reserved<'c>(cases: &'c [Case], sizes: &[usize]) -> Vec<(&'c Case, (&'c Board, u64))> {
    cases
        .iter()
        .filter_map(|case| Some((case, case.board_and_count()?)))
        .filter(|(_, (board, _))| board.reserved_count() > 0 && sizes.contains(&board.n()))
        .collect()
}
