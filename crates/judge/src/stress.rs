//! Stress: every implementation against the checker's brute-force oracle on random inputs of each
//! problem it solves, every run a child process through [`judge_core::runner`], as the judge runs them.
//! A hang is a TLE, runaway memory an MLE, a stack overflow an RE: each is a disagreement, reported
//! with its input and shrunk like a wrong answer, and the command goes on to its report.
//!
//! The inputs stay inside each problem's domain, drawn from one SplitMix64 generator in a fixed
//! order, so a run is reproducible from its seed:
//! - CSES 1624: an 8 x 8 board, each square reserved with a probability drawn from `--density`;
//!   shrinking frees reserved squares and keeps the board 8 x 8, as CSES only gives 8 x 8 boards;
//! - `queens`: a board of a side drawn from `--sizes`, at the same density; shrinking frees
//!   squares, then drops a row and a column, then tries every smaller board with as few reserved;
//! - LeetCode 51 and 52: the empty board of each side from 1 to 9 in turn, each checked once;
//!   shrinking tries the smaller sides.
//!
//! The truth is OEIS A000170 for an empty board, else the oracle (exponential in n, hence the bound
//! of 12 on `--sizes`). LeetCode 51's boards must each pass the checker, none twice, before their
//! number is compared. Cost per input: one oracle count plus one child process per implementation,
//! `jobs` at a time.

use std::collections::{BTreeSet, HashSet};
use std::path::Path;
use std::time::Duration;

use checker::Board;

use crate::choose::{choose, Choice};
use judge_core::answer::Verdict;
use judge_core::case::ORACLE_MAX_N;
use judge_core::contestant::{attempt, Additions, Contestant, Request, Run, Truth};
use judge_core::error::Error;
use judge_core::problem::{Domain, Input, Problem, TestInput};
use judge_core::runner::Limits;
use judge_core::sandbox::Sandbox;
use judge_core::submission::{Build, Toolchain};

/// The largest side `--sizes` takes: the brute-force oracle must count every random board.
pub const MAX_SIZE: usize = ORACLE_MAX_N;
/// Why [`MAX_SIZE`] is the bound, as `--sizes` errors say it.
pub const MAX_SIZE_REASON: &str = "the brute-force oracle counts every random board";
const _: () = assert!(MAX_SIZE <= checker::MAX_N, "every side drawn must be a board the checker takes");

/// SplitMix64: small, fast, and the same sequence on every machine.
#[derive(Clone, Debug)]
pub struct Random(u64);

impl Random {
    pub fn new(seed: u64) -> Random {
        Random(seed)
    }

    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A float in [0, 1).
    pub(crate) fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// One of `items`, uniformly up to a modulo bias below 2^-50 for any list of board sides. On a
    /// list of consecutive sides this is the draw an inclusive range gave before `--sizes` took
    /// lists, so old seeds find the same boards.
    ///
    /// # Panics
    /// When `items` is empty.
    pub(crate) fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[(self.next_u64() % items.len() as u64) as usize]
    }
}

/// A random board of side `n`, each square reserved with probability `density`.
pub fn random_board(random: &mut Random, n: usize, density: f64) -> Board {
    let reserved = (0..n).map(|_| (0..n).map(|_| random.unit() < density).collect()).collect();
    Board::from_reserved(reserved).expect("1 <= n <= MAX_N")
}

/// One implementation's answer on one input: a count, or why there is none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A count, a total, or the number of LeetCode 51 boards that each passed the checker, none twice.
    Count(i128),
    /// An answer that is wrong whatever its number (bad boards, unreadable output): the reason.
    Wrong(String),
    /// A run that gave no answer: TLE, MLE, OLE or RE, and its detail's first line.
    Failed { verdict: &'static str, detail: String },
    /// A run the judge could not make (see [`judge_core::contestant::Failure::Judge`]): stress stops
    /// with it as an error of the environment.
    JudgeFailed(String),
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Outcome::Count(count) => write!(f, "{count}"),
            Outcome::Wrong(reason) => write!(f, "wrong: {reason}"),
            Outcome::Failed { verdict, detail } => write!(f, "{verdict}: {detail}"),
            Outcome::JudgeFailed(reason) => write!(f, "the judge could not run it: {reason}"),
        }
    }
}

/// Runs `contestant` once on `board` as an input of `problem` (see [`judge_core::contestant::attempt`])
/// and grades it against `count`, the oracle's, as the judge grades a run
/// ([`judge_core::contestant::Attempt::grade`]).
pub fn outcome(
    context: &Context,
    contestant: &Contestant,
    problem: Problem,
    board: &Board,
    count: u64,
) -> Outcome {
    // Shown as text only: what a program wrote reaches the terminal with its controls escaped.
    let escaped = |detail: &str| judge_core::escape::escape_controls(detail).into_owned();
    let first_line = |detail: &str| escaped(detail.lines().next().unwrap_or_default().trim_end_matches(':'));
    // As its judge runs a submission: a LeetCode input in a session of one test, a CSES one alone.
    let input = TestInput::Board(board.clone());
    let request = Request::judged(problem, &input, context.limits);
    let attempt = attempt(contestant, &request, context.child_program, context.sandbox);
    match attempt.grade(&Truth::new(problem, &input, Some(count), None), &Additions::default()) {
        Err(reason) => Outcome::JudgeFailed(reason.to_string()),
        // Right, or wrong in its number alone: the number is what stress shows.
        Ok(Run { verdict: Verdict::AC, received: Some(number), .. })
        | Ok(Run { verdict: Verdict::WA, received: Some(number), wrong_number: true, .. }) => {
            Outcome::Count(number)
        }
        // Bad boards: the first line names the fault, the rest draws boards.
        Ok(Run { verdict: Verdict::WA, received: Some(_), detail, .. }) => {
            Outcome::Wrong(first_line(detail.as_deref().unwrap_or_default()))
        }
        // An answer that could not be read: why, whole.
        Ok(Run { verdict: Verdict::WA, detail, .. }) => {
            Outcome::Wrong(escaped(detail.as_deref().unwrap_or_default()))
        }
        Ok(Run { verdict, detail, .. }) => Outcome::Failed {
            verdict: verdict.label(),
            detail: first_line(detail.as_deref().unwrap_or_default()),
        },
    }
}

/// Every implementation's outcome on `board`, `jobs` children at a time, in the order given, each
/// graded against `count`, the oracle's.
fn outcomes(
    context: &Context,
    implementations: &[&Contestant],
    problem: Problem,
    board: &Board,
    count: u64,
) -> Vec<(String, Outcome)> {
    let results = judge_core::pool::map(
        implementations,
        context.jobs,
        None,
        |entry| outcome(context, entry, problem, board, count),
        |_| {},
    );
    implementations.iter().map(|entry| entry.id()).zip(results).collect()
}

/// A run among `outcomes` that the judge could not make, as the error that ends stress.
fn judge_failure(outcomes: &[(String, Outcome)]) -> Result<(), Error> {
    match outcomes.iter().find(|(_, outcome)| matches!(outcome, Outcome::JudgeFailed(_))) {
        Some((id, outcome)) => Err(Error::Environment(format!("{id}: {outcome}"))),
        None => Ok(()),
    }
}

/// The implementations that answer `board` wrongly, with their answers.
fn disagreements(
    context: &Context,
    implementations: &[&Contestant],
    problem: Problem,
    board: &Board,
) -> Vec<(String, Outcome)> {
    if implementations.is_empty() {
        return Vec::new();
    }
    let count = judge_core::truth::count(board);
    let truth = Outcome::Count(i128::from(count));
    outcomes(context, implementations, problem, board, count)
        .into_iter()
        .filter(|(_, answer)| *answer != truth)
        .collect()
}
/// Shrinks `board` within `problem`'s domain while `still_fails` holds. For `queens`: first
/// unreserve squares one at a time, then drop a row and a column, until neither helps. Each step keeps the first change that still fails.
/// A board left with at most [`EXHAUSTIVE_RESERVED`] reserved squares is then compared with every
/// board of each smaller side that has as few: dropping rows cannot move a reserved square, and a
/// bug that needs one reserved square somewhere usually shows on a far smaller board.
pub fn shrink(problem: Problem, board: &Board, still_fails: &dyn Fn(&Board) -> bool) -> Board {
    let mut current = board.clone();
    match problem.description().domain {
        Domain::AnySide => {}
        Domain::Sides { .. } | Domain::Boards { .. } | Domain::Placed(_) => return current,
        // CSES gives 8 x 8 boards only: free reserved squares, keep the side.
        Domain::Side(_) => {
            while let Some(smaller) =
                fewer_reserved(&current).into_iter().find(|candidate| still_fails(candidate))
            {
                current = smaller;
            }
            return current;
        }
        // LeetCode gives empty boards: the smallest side that still fails.
        Domain::EmptyUpTo(_) => {
            let smaller = (1..current.n())
                .map(|side| Board::empty(side).expect("1 <= side"))
                .find(|candidate| still_fails(candidate));
            return smaller.unwrap_or(current);
        }
    }
    loop {
        if let Some(smaller) = fewer_reserved(&current).into_iter().find(|candidate| still_fails(candidate)) {
            current = smaller;
            continue;
        }
        if let Some(smaller) = smaller_boards(&current).into_iter().find(|candidate| still_fails(candidate)) {
            current = smaller;
            continue;
        }
        let reserved = current.reserved_count();
        if reserved <= EXHAUSTIVE_RESERVED {
            let smaller = (1..current.n())
                .flat_map(|side| boards_with_reserved(side, reserved))
                .find(|candidate| still_fails(candidate));
            if let Some(smaller) = smaller {
                current = smaller;
                continue;
            }
        }
        return current;
    }
}

/// The most reserved squares for which [`shrink`] tries every smaller board.
pub(crate) const EXHAUSTIVE_RESERVED: usize = 2;

/// Every board of side `n` with at most `reserved` reserved squares (at most two), fewest first.
fn boards_with_reserved(n: usize, reserved: usize) -> Vec<Board> {
    let squares: Vec<(usize, usize)> = (0..n).flat_map(|row| (0..n).map(move |col| (row, col))).collect();
    let mut patterns: Vec<Vec<(usize, usize)>> = vec![Vec::new()];
    if reserved >= 1 {
        patterns.extend(squares.iter().map(|&square| vec![square]));
    }
    if reserved >= 2 {
        for (index, &first) in squares.iter().enumerate() {
            patterns.extend(squares[index + 1..].iter().map(|&second| vec![first, second]));
        }
    }
    patterns
        .into_iter()
        .map(|pattern| {
            let mut rows = vec![vec![false; n]; n];
            for (row, col) in pattern {
                rows[row][col] = true;
            }
            Board::from_reserved(rows).expect("1 <= n")
        })
        .collect()
}

fn fewer_reserved(board: &Board) -> Vec<Board> {
    let rows = board.reserved_rows();
    let mut candidates = Vec::new();
    for row in 0..board.n() {
        for col in 0..board.n() {
            if rows[row][col] {
                let mut freed = rows.to_vec();
                freed[row][col] = false;
                candidates.push(Board::from_reserved(freed).expect("same size"));
            }
        }
    }
    candidates
}

fn smaller_boards(board: &Board) -> Vec<Board> {
    let n = board.n();
    if n <= 1 {
        return Vec::new();
    }
    let rows = board.reserved_rows();
    let mut candidates = Vec::new();
    // Many drops give the same board (all n^2 do on an empty one); trying it once keeps the first
    // failing candidate the same and spares an oracle count per repeat.
    let mut seen = HashSet::new();
    for dropped_row in 0..n {
        for dropped_col in 0..n {
            let reserved: Vec<Vec<bool>> = (0..n)
                .filter(|&row| row != dropped_row)
                .map(|row| (0..n).filter(|&col| col != dropped_col).map(|col| rows[row][col]).collect())
                .collect();
            let candidate = Board::from_reserved(reserved).expect("n - 1 >= 1");
            if seen.insert(candidate.clone()) {
                candidates.push(candidate);
            }
        }
    }
    candidates
}

/// What a stress run was asked.
#[derive(Clone, Debug)]
pub struct StressOptions {
    pub seed: u64,
    pub iterations: u64,
    /// The sides a `queens` board's n is drawn from, uniformly.
    pub sizes: Vec<usize>,
    /// The fraction of reserved squares is drawn uniformly from this range.
    pub density: (f64, f64),
    pub impl_pattern: Option<String>,
    /// Only these problems; every one when empty.
    pub problems: Vec<Problem>,
    pub with_fixtures: bool,
    /// Each run's CPU time limit.
    pub time_limit: Duration,
    /// Children at a time.
    pub jobs: usize,
    /// Source files to stress (with any, built-in implementations only when `impl_pattern` names
    /// them), how to build them, and the sandbox they run in.
    pub files: Vec<std::path::PathBuf>,
    pub toolchain: Toolchain,
    pub build_folder: std::path::PathBuf,
    pub sandbox: Option<Sandbox>,
}

/// What a run needs besides its input.
#[derive(Clone, Copy, Debug)]
pub struct Context<'a> {
    pub child_program: &'a Path,
    pub limits: Limits,
    pub jobs: usize,
    pub sandbox: Option<&'a Sandbox>,
}

/// What a stress run found when an implementation disagreed with the oracle.
#[derive(Clone, Debug)]
pub struct Finding {
    pub problem: Problem,
    pub iteration: u64,
    /// The input that first disagreed.
    pub original: Board,
    pub smallest: Board,
    pub truth: u64,
    /// Every implementation's answer on the smallest input.
    pub answers: Vec<(String, Outcome)>,
    /// The implementations that disagreed on the original input.
    pub failing: Vec<String>,
}

/// What a whole run did.
#[derive(Clone, Debug)]
pub struct StressReport {
    /// Submitted files that did not compile, with the compiler's message: nothing is stressed then.
    pub compile_errors: Vec<(String, String)>,
    /// How many inputs each problem was checked on.
    pub checked: Vec<(Problem, u64)>,
    pub finding: Option<Finding>,
}

/// The implementations a stress run considers: the built-in ones `impl_pattern` selects (all of
/// them when no file is given), and the files, built.
///
/// # Errors
/// One line when `--impl` matches no implementation, a file cannot be read or built.
pub(crate) fn contestants(options: &StressOptions) -> Result<Vec<Contestant>, Error> {
    let choice = Choice {
        files: &options.files,
        impl_pattern: options.impl_pattern.as_deref(),
        problems: &options.problems,
        with_fixtures: options.with_fixtures,
        toolchain: &options.toolchain,
        build_folder: &options.build_folder,
        sandbox: options.sandbox.as_ref(),
        jobs: options.jobs,
    };
    choose(&choice, &|_, _| {})?.every_file()
}

/// The problems to stress, each with the contestants that solve it.
fn by_problem<'a>(
    options: &StressOptions,
    contestants: &'a [Contestant],
) -> Vec<(Problem, Vec<&'a Contestant>)> {
    Problem::all()
        .filter(|problem| options.problems.is_empty() || options.problems.contains(problem))
        // Stress draws one board a test: POJ's sides, UVa's boards and AOJ's placed queens are
        // judged on their cases alone.
        .filter(|problem| matches!(problem.input(), Input::Board | Input::Side))
        .map(|problem| {
            (problem, contestants.iter().filter(|contestant| contestant.solves(problem)).collect())
        })
        .filter(|(_, solving): &(Problem, Vec<&Contestant>)| !solving.is_empty())
        .collect()
}

/// Each file that did not compile, with its compiler's message.
fn compile_errors(contestants: &[Contestant]) -> Vec<(String, String)> {
    contestants
        .iter()
        .filter_map(|contestant| match contestant {
            Contestant::File { submission, build: Build::CompileError(message) } => {
                Some((submission.name.clone(), judge_core::escape::escape_controls(message).into_owned()))
            }
            _ => None,
        })
        .collect()
}

/// Why nothing is stressed: no implementation solves the problems asked, or they take sides,
/// where stress draws boards.
fn nothing_to_stress(problems: &[Problem]) -> Error {
    let other: Vec<&Problem> =
        problems.iter().filter(|problem| !matches!(problem.input(), Input::Board | Input::Side)).collect();
    let takes: Vec<String> =
        other.iter().map(|problem| format!("{problem} takes {}", problem.input().noun())).collect();
    let ids: Vec<&str> = other.iter().map(|problem| problem.id()).collect();
    Error::Usage(if other.is_empty() {
        "no implementation solves the problems asked".to_string()
    } else {
        format!(
            "stress draws boards, and {}: judge it on its cases (`judge --problem {}`)",
            takes.join(", "),
            ids.join(",")
        )
    })
}

/// Runs the stress loop (see the module docs); `child_program` answers `__run`, `progress` is told
/// (done, total) after each iteration.
///
/// # Errors
/// One line when `--impl` matches nothing.
pub fn stress(
    options: &StressOptions,
    child_program: &Path,
    progress: &dyn Fn(u64, u64),
) -> Result<StressReport, Error> {
    let contestants = contestants(options)?;
    let compile_errors = compile_errors(&contestants);
    if !compile_errors.is_empty() {
        return Ok(StressReport { compile_errors, checked: Vec::new(), finding: None });
    }
    let chosen = by_problem(options, &contestants);
    if chosen.is_empty() {
        return Err(nothing_to_stress(&options.problems));
    }
    let limits = judge_core::limits::stress(options.time_limit);
    let context = Context { child_program, limits, jobs: options.jobs, sandbox: options.sandbox.as_ref() };
    let mut random = Random::new(options.seed);
    let mut checked: Vec<(Problem, u64)> = chosen.iter().map(|(problem, _)| (*problem, 0)).collect();
    let mut leetcode_sides_done: BTreeSet<(Problem, usize)> = BTreeSet::new();
    // The fixed side (CSES's 8) and the largest empty board (LeetCode's 9) the problems give.
    let domains = || Problem::all().map(|problem| problem.description().domain);
    let fixed_side =
        domains().find_map(|domain| if let Domain::Side(side) = domain { Some(side) } else { None });
    let largest_empty =
        domains().find_map(|domain| if let Domain::EmptyUpTo(side) = domain { Some(side) } else { None });
    for iteration in 1..=options.iterations {
        // Every draw is made whichever problems run, so a seed gives the same inputs to each.
        let density = options.density.0 + random.unit() * (options.density.1 - options.density.0);
        let cses_board = random_board(&mut random, fixed_side.unwrap_or(8), density);
        let side = if options.sizes.is_empty() { 1 } else { random.pick(&options.sizes) };
        let queens_board = random_board(&mut random, side, density);
        // LeetCode's sides in turn, each once: nine iterations check every n the judge gives.
        let leetcode_side = 1 + ((iteration - 1) % largest_empty.unwrap_or(9) as u64) as usize;
        for (index, (problem, implementations)) in chosen.iter().enumerate() {
            let board = match problem.description().domain {
                Domain::Side(_) => cses_board.clone(),
                Domain::AnySide if options.sizes.is_empty() => continue,
                Domain::AnySide => queens_board.clone(),
                Domain::EmptyUpTo(_) => {
                    if !leetcode_sides_done.insert((*problem, leetcode_side)) {
                        continue;
                    }
                    Board::empty(leetcode_side).expect("1 <= n <= 9")
                }
                // Stress draws boards (`by_problem` leaves the inputs of several tests out).
                Domain::Sides { .. } | Domain::Boards { .. } | Domain::Placed(_) => continue,
            };
            checked[index].1 += 1;
            let failing = disagreements(&context, implementations, *problem, &board);
            if failing.is_empty() {
                continue;
            }
            judge_failure(&failing)?;
            let failing: Vec<String> = failing.into_iter().map(|(id, _)| id).collect();
            let culprits: Vec<&Contestant> = implementations
                .iter()
                .copied()
                .filter(|contestant| failing.contains(&contestant.id()))
                .collect();
            let smallest = shrink(*problem, &board, &|candidate| {
                !disagreements(&context, &culprits, *problem, candidate).is_empty()
            });
            let truth = judge_core::truth::count(&smallest);
            let answers = outcomes(&context, implementations, *problem, &smallest, truth);
            judge_failure(&answers)?;
            progress(iteration, options.iterations);
            let finding =
                Finding { problem: *problem, iteration, original: board, truth, smallest, answers, failing };
            return Ok(StressReport { compile_errors, checked, finding: Some(finding) });
        }
        progress(iteration, options.iterations);
    }
    Ok(StressReport { compile_errors, checked, finding: None })
}

/// A name for the finding's case that no other finding shares: the problem, the seed, the
/// iteration, and a hash of the smallest board and the failing implementations.
pub fn case_name(finding: &Finding, seed: u64) -> String {
    // FNV-1a over the board's text and the ids: the same finding gets the same name on every machine.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in finding.smallest.to_text().bytes().chain(finding.failing.join(",").bytes()) {
        hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
    }
    format!("stress/{}-seed{seed}-iteration{}-{:08x}", finding.problem.id(), finding.iteration, hash as u32)
}
/// Parses `A..B` (or `A..=B`) as a density range within [0, 1].
///
/// # Errors
/// A one-line reason naming the option.
pub fn parse_density(text: &str) -> Result<(f64, f64), Error> {
    let bad =
        || Error::Usage(format!("--density `{text}`: expected A..B with 0 <= A <= B <= 1, e.g. 0..0.6"));
    let (start, end) = text.split_once("..=").or_else(|| text.split_once("..")).ok_or_else(bad)?;
    let start: f64 = start.trim().parse().map_err(|_| bad())?;
    let end: f64 = end.trim().parse().map_err(|_| bad())?;
    if !(0.0..=1.0).contains(&start) || !(0.0..=1.0).contains(&end) || start > end {
        return Err(bad());
    }
    Ok((start, end))
}
