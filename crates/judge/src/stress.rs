//! `cargo xtask stress`: every implementation against the checker's brute-force oracle on random
//! boards. On the first disagreement it shrinks the board while the disagreement stays (fewer
//! reserved squares first, then a smaller n), prints the smallest board with every
//! implementation's answer, and writes it to the cases folder as a new case counted by the oracle,
//! so that the bug stays caught.
//!
//! What is held against what: the CSES counters run on each random board (side drawn uniformly
//! from `--sizes`, each square reserved with a probability drawn from `--density`). The LeetCode
//! implementations answer only empty boards, which random boards seldom are, so each runs on the
//! empty board of every side drawn, once per side and run: every side of `--sizes` that is drawn is
//! checked whatever the density. A count must equal the oracle's (OEIS A000170 for an empty board);
//! LeetCode 51's boards must each pass the checker and none come twice
//! ([`crate::judge::check_boards`]) before their number is compared, so a wrong board is a
//! disagreement whose answer line names the fault. Cost per board: one oracle count (exponential in
//! n, hence the bound of 12) plus one run of each implementation.
//!
//! A run is reproducible from its seed: boards come from a SplitMix64 generator, nothing else, and
//! the empty-board checks draw nothing from it.
//!
//! Implementations run in this process, each call behind `catch_unwind`, because a child process
//! per call would cost more than the search on these small boards; a panic counts as a
//! disagreement. The price: an implementation that overflows its stack or aborts crashes stress
//! itself, and one that never returns hangs it. The judge (`cargo xtask judge`) runs every solution
//! in a child process with a deadline and a memory cap, and is where such solutions are caught.

use std::collections::{BTreeSet, HashSet};
use std::io::{IsTerminal, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;

use checker::{oracle, Board};
use lexopt::prelude::*;

use crate::cli::{number_value, os_value, text_value};
use crate::isolate::{run_kernel, Answer};
use crate::judge::check_boards;
use crate::new_case::{write_new_case, NewCase, Source, ORACLE_MAX_N};
use crate::pattern::matches;
use crate::registry::{entries, Entry};
use crate::sizes::{format_sizes, parse_sizes};

/// The largest side `--sizes` takes: the brute-force oracle must count every random board.
pub const MAX_SIZE: usize = ORACLE_MAX_N;
/// Why [`MAX_SIZE`] is the bound, as `--sizes` errors say it.
pub const MAX_SIZE_REASON: &str = "the brute-force oracle counts every random board";
const _: () = assert!(MAX_SIZE <= checker::MAX_N, "every side drawn must be a board the checker takes");

/// What `cargo xtask stress` was asked.
#[derive(Clone, Debug)]
pub struct StressOptions {
    pub seed: u64,
    pub iterations: u64,
    /// The sides a board's n is drawn from, uniformly; empty means no board is drawn.
    pub sizes: Vec<usize>,
    /// The fraction of reserved squares is drawn uniformly from this range.
    pub density: (f64, f64),
    pub impl_pattern: Option<String>,
    pub with_fixtures: bool,
    pub cases_folder: PathBuf,
}

/// SplitMix64: small, fast, and the same sequence on every machine.
#[derive(Clone, Debug)]
pub struct Random(u64);

impl Random {
    pub fn new(seed: u64) -> Random {
        Random(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A float in [0, 1).
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// One of `items`, uniformly up to a modulo bias below 2^-50 for any list of board sides. On a
    /// list of consecutive sides this is the draw an inclusive range gave before `--sizes` took
    /// lists, so old seeds find the same boards.
    ///
    /// # Panics
    /// When `items` is empty.
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[(self.next_u64() % items.len() as u64) as usize]
    }
}

/// A random board of side `n`, each square reserved with probability `density`.
pub fn random_board(random: &mut Random, n: usize, density: f64) -> Board {
    let reserved = (0..n).map(|_| (0..n).map(|_| random.unit() < density).collect()).collect();
    Board::from_reserved(reserved).expect("1 <= n <= MAX_N")
}

/// One implementation's answer as a count, or why it has none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A count, a total, or the number of LeetCode 51 boards that each passed the checker, none twice.
    Count(i128),
    /// LeetCode 51 boards wrong whatever their number: the first line of the checker's message.
    WrongBoards(String),
    Panicked(String),
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Outcome::Count(count) => write!(f, "{count}"),
            Outcome::WrongBoards(fault) => write!(f, "wrong boards: {fault}"),
            Outcome::Panicked(message) => write!(f, "panicked: {message}"),
        }
    }
}

/// Runs one implementation on a board; a panic is caught; LeetCode 51 boards are checked with
/// [`check_boards`] and then counted.
pub fn outcome(entry: &Entry, board: &Board) -> Outcome {
    match catch_unwind(AssertUnwindSafe(|| run_kernel(entry, board))) {
        Ok(Answer::Count(count)) => Outcome::Count(i128::from(count)),
        Ok(Answer::Total(total)) => Outcome::Count(i128::from(total)),
        Ok(Answer::Boards(boards)) => match check_boards(board, &boards) {
            Ok(_) => Outcome::Count(boards.len() as i128),
            // The message goes on to draw the faulty boards; their first line names the fault.
            Err(error) => Outcome::WrongBoards(
                error.lines().next().unwrap_or_default().trim_end_matches(':').to_string(),
            ),
        },
        Err(payload) => Outcome::Panicked(
            payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a non-string payload".to_string()),
        ),
    }
}

/// The number of placements on `board`: OEIS A000170 for an empty board (no search, and a source
/// outside this workspace), else the brute-force oracle.
fn true_count(board: &Board) -> u64 {
    let known = if board.reserved_count() == 0 { oracle::known_count(board.n()) } else { None };
    known.unwrap_or_else(|| oracle::count(board))
}

/// The implementations that answer `board` wrongly, with their answers.
fn disagreements(implementations: &[Entry], board: &Board) -> Vec<(String, Outcome)> {
    let answering: Vec<&Entry> =
        implementations.iter().filter(|entry| entry.problem.answers(board.reserved_count() == 0)).collect();
    if answering.is_empty() {
        // No oracle count (the costly part) for a board nobody answers.
        return Vec::new();
    }
    let truth = Outcome::Count(i128::from(true_count(board)));
    answering
        .into_iter()
        .map(|entry| (entry.id(), outcome(entry, board)))
        .filter(|(_, answer)| *answer != truth)
        .collect()
}

/// Shrinks `board` while `still_fails` holds: first unreserve squares one at a time, then drop a
/// row and a column, until neither helps. Each step keeps the first change that still fails.
/// A board left with at most [`EXHAUSTIVE_RESERVED`] reserved squares is then compared with every
/// board of each smaller side that has as few: dropping rows cannot move a reserved square, and a
/// bug that needs one reserved square somewhere usually shows on a far smaller board.
pub fn shrink(board: &Board, still_fails: &dyn Fn(&Board) -> bool) -> Board {
    let mut current = board.clone();
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
pub const EXHAUSTIVE_RESERVED: usize = 2;

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

/// What a stress run found: `None` when every implementation agreed on every board.
#[derive(Clone, Debug)]
pub struct Finding {
    pub iteration: u64,
    /// Whether the disagreement showed on the empty board of the drawn side (the LeetCode check),
    /// rather than on the random board itself.
    pub on_empty_board: bool,
    /// The board that first disagreed: the random board, or the empty board of its side.
    pub original: Board,
    pub smallest: Board,
    pub truth: u64,
    /// Every implementation's answer on the smallest board.
    pub answers: Vec<(String, Outcome)>,
    /// The implementations that disagreed on the original board.
    pub failing: Vec<String>,
}

/// Runs the stress loop; `progress` is called after each iteration with (done, total).
pub fn stress(options: &StressOptions, progress: &mut dyn FnMut(u64, u64)) -> Option<Finding> {
    let implementations: Vec<Entry> = entries(options.with_fixtures)
        .into_iter()
        .filter(|entry| matches(options.impl_pattern.as_deref(), &entry.id()))
        .collect();
    // LeetCode's implementations answer only empty boards: they are checked on the empty board of
    // each side drawn instead of on the random boards.
    let (empty_board_only, on_random_boards): (Vec<Entry>, Vec<Entry>) =
        implementations.iter().partition(|entry| !entry.problem.answers(false));
    let mut checked_sides = BTreeSet::new();
    if options.sizes.is_empty() {
        return None;
    }
    let mut random = Random::new(options.seed);
    for iteration in 1..=options.iterations {
        let n = random.pick(&options.sizes);
        let density = options.density.0 + random.unit() * (options.density.1 - options.density.0);
        let board = random_board(&mut random, n, density);
        let mut found = None;
        let failing = disagreements(&on_random_boards, &board);
        if !failing.is_empty() {
            found = Some((false, board, failing));
        } else if !empty_board_only.is_empty() && checked_sides.insert(n) {
            let empty = Board::empty(n).expect("parse_sizes keeps sides within the checker's bound");
            let failing = disagreements(&empty_board_only, &empty);
            if !failing.is_empty() {
                found = Some((true, empty, failing));
            }
        }
        progress(iteration, options.iterations);
        let Some((on_empty_board, original, failing)) = found else { continue };
        let failing_ids: Vec<String> = failing.into_iter().map(|(id, _)| id).collect();
        let culprits: Vec<Entry> =
            implementations.iter().filter(|entry| failing_ids.contains(&entry.id())).copied().collect();
        let smallest = shrink(&original, &|candidate| !disagreements(&culprits, candidate).is_empty());
        let answers = implementations
            .iter()
            .filter(|entry| entry.problem.answers(smallest.reserved_count() == 0))
            .map(|entry| (entry.id(), outcome(entry, &smallest)))
            .collect();
        return Some(Finding {
            iteration,
            on_empty_board,
            original,
            truth: true_count(&smallest),
            smallest,
            answers,
            failing: failing_ids,
        });
    }
    None
}

/// Parses `A..B` (or `A..=B`) as a density range within [0, 1].
///
/// # Errors
/// A one-line reason naming the option.
pub fn parse_density(text: &str) -> Result<(f64, f64), String> {
    let bad = || format!("--density `{text}`: expected A..B with 0 <= A <= B <= 1, e.g. 0..0.6");
    let (start, end) = text.split_once("..=").or_else(|| text.split_once("..")).ok_or_else(bad)?;
    let start: f64 = start.trim().parse().map_err(|_| bad())?;
    let end: f64 = end.trim().parse().map_err(|_| bad())?;
    if !(0.0..=1.0).contains(&start) || !(0.0..=1.0).contains(&end) || start > end {
        return Err(bad());
    }
    Ok((start, end))
}

/// Runs `cargo xtask stress`; returns the exit status (1 when it found a disagreement).
///
/// # Errors
/// A usage error, as one line.
pub fn command(mut parser: lexopt::Parser) -> Result<i32, String> {
    let mut options = StressOptions {
        seed: 1,
        iterations: 300,
        sizes: (4..=10).collect(),
        density: (0.0, 0.6),
        impl_pattern: None,
        with_fixtures: false,
        cases_folder: crate::default_cases_folder(),
    };
    while let Some(argument) = parser.next().map_err(|error| error.to_string())? {
        match argument {
            Long("seed") => options.seed = number_value(&mut parser, "--seed")?,
            Long("iterations") => {
                options.iterations = number_value(&mut parser, "--iterations")?;
            }
            Long("sizes") => {
                let text = text_value(&mut parser)?;
                options.sizes = parse_sizes("--sizes", &text, MAX_SIZE, MAX_SIZE_REASON)?;
            }
            Long("density") => options.density = parse_density(&text_value(&mut parser)?)?,
            Long("impl") => options.impl_pattern = Some(text_value(&mut parser)?),
            Long("cases") => options.cases_folder = PathBuf::from(os_value(&mut parser)?),
            Long("with-fixtures") => options.with_fixtures = true,
            Short('h') | Long("help") => {
                println!("{}", crate::cli::USAGE);
                return Ok(0);
            }
            other => return Err(other.unexpected().to_string()),
        }
    }

    let show_progress = std::io::stderr().is_terminal();
    let previous_hook = std::panic::take_hook();
    // Panics are caught and reported as answers; their default message would garble the output.
    std::panic::set_hook(Box::new(|_| {}));
    let finding = stress(&options, &mut |done, total| {
        if show_progress && (done % 10 == 0 || done == total) {
            let width = 30;
            let filled = (done * width / total.max(1)) as usize;
            eprint!("\r[{}{}] {done}/{total}", "#".repeat(filled), ".".repeat(width as usize - filled));
            let _ = std::io::stderr().flush();
        }
    });
    std::panic::set_hook(previous_hook);
    if show_progress {
        eprintln!();
    }

    let Some(finding) = finding else {
        println!(
            "stress: {} random boards (seed {}, n {}, density {}..{}): every implementation agrees with the oracle",
            options.iterations,
            options.seed,
            format_sizes(&options.sizes),
            options.density.0,
            options.density.1
        );
        return Ok(0);
    };
    let (original, smallest) = (finding.original.n(), finding.smallest.n());
    let what = if finding.on_empty_board {
        format!("the empty {original} x {original} board (the side of random board {})", finding.iteration)
    } else {
        format!("random board {} ({original} x {original})", finding.iteration)
    };
    println!(
        "stress: {what} of seed {} disagrees with the oracle; shrunk to {smallest} x {smallest}:",
        options.seed
    );
    print!("{}", finding.smallest);
    println!("oracle: {}", finding.truth);
    let width = finding.answers.iter().map(|(id, _)| id.len()).max().unwrap_or(0);
    // Marked by their answer on this board: shrinking keeps one culprit failing, not every one.
    let truth = Outcome::Count(i128::from(finding.truth));
    for (id, answer) in &finding.answers {
        let mark = if *answer != truth { "  <- wrong" } else { "" };
        println!("{id:width$}  {answer}{mark}");
    }
    let suffix = if finding.on_empty_board { "-empty" } else { "" };
    let name = format!("stress/seed{}-iteration{}{suffix}", options.seed, finding.iteration);
    // An empty board is written as `n = N`, the form every problem's implementations answer.
    let source = if finding.smallest.reserved_count() == 0 {
        Source::Empty(finding.smallest.n())
    } else {
        Source::Board(finding.smallest.clone())
    };
    let request = NewCase {
        cases_folder: options.cases_folder.clone(),
        name,
        source,
        description: Some(format!(
            "found by `cargo xtask stress --seed {} --sizes {} --density {}..{}{}{}`: {} disagreed with the oracle",
            options.seed,
            format_sizes(&options.sizes),
            options.density.0,
            options.density.1,
            options.impl_pattern.as_deref().map(|pattern| format!(" --impl {pattern}")).unwrap_or_default(),
            if options.with_fixtures { " --with-fixtures" } else { "" },
            finding.failing.join(", ")
        )),
        overwrite: true,
    };
    match write_new_case(&request) {
        Ok((path, expected)) => println!(
            "wrote {} (expected = {expected}); `cargo xtask judge --accept` records its snapshot",
            crate::judge::display_relative(&path)
        ),
        Err(message) => eprintln!("error: cannot write the case: {message}"),
    }
    Ok(1)
}
