//! `cargo xtask stress`: every implementation against the checker's brute-force oracle on random
//! boards. On the first disagreement it shrinks the board while the disagreement stays (fewer
//! reserved squares first, then a smaller n), prints the smallest board with every
//! implementation's answer, and writes it to the cases folder as a new case counted by the oracle,
//! so that the bug stays caught.
//!
//! A run is reproducible from its seed: boards come from a SplitMix64 generator, nothing else.
//! Implementations run in this process, each call behind `catch_unwind`, because a child process
//! per call would cost more than the search on these small boards; a panic counts as a
//! disagreement. (An implementation that never returns hangs stress; the judge is where such a
//! solution is caught, with a deadline.)

use std::io::{IsTerminal, Write};
use std::ops::RangeInclusive;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;

use checker::{oracle, Board, MAX_N};
use lexopt::prelude::*;

use crate::cli::{number_value, os_value, text_value};
use crate::isolate::{run_kernel, Answer};
use crate::new_case::{write_new_case, NewCase, Source, ORACLE_MAX_N};
use crate::pattern::matches;
use crate::registry::{entries, Entry};

/// What `cargo xtask stress` was asked.
#[derive(Clone, Debug)]
pub struct StressOptions {
    pub seed: u64,
    pub iterations: u64,
    pub sizes: RangeInclusive<usize>,
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

    pub fn in_range(&mut self, range: &RangeInclusive<usize>) -> usize {
        let width = (range.end() - range.start() + 1) as u64;
        range.start() + (self.next_u64() % width) as usize
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
    Count(i128),
    Panicked(String),
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Outcome::Count(count) => write!(f, "{count}"),
            Outcome::Panicked(message) => write!(f, "panicked: {message}"),
        }
    }
}

/// Runs one implementation on a board; boards are counted, a panic is caught.
pub fn outcome(entry: &Entry, board: &Board) -> Outcome {
    match catch_unwind(AssertUnwindSafe(|| run_kernel(entry, board))) {
        Ok(Answer::Count(count)) => Outcome::Count(i128::from(count)),
        Ok(Answer::Total(total)) => Outcome::Count(i128::from(total)),
        Ok(Answer::Boards(boards)) => Outcome::Count(boards.len() as i128),
        Err(payload) => Outcome::Panicked(
            payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a non-string payload".to_string()),
        ),
    }
}

/// The implementations that answer `board` wrongly, with their answers.
fn disagreements(implementations: &[Entry], board: &Board) -> Vec<(String, Outcome)> {
    let truth = Outcome::Count(i128::from(oracle::count(board)));
    implementations
        .iter()
        .filter(|entry| entry.problem.answers(board.reserved_count() == 0))
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
    for dropped_row in 0..n {
        for dropped_col in 0..n {
            let reserved: Vec<Vec<bool>> = (0..n)
                .filter(|&row| row != dropped_row)
                .map(|row| (0..n).filter(|&col| col != dropped_col).map(|col| rows[row][col]).collect())
                .collect();
            candidates.push(Board::from_reserved(reserved).expect("n - 1 >= 1"));
        }
    }
    candidates
}

/// What a stress run found: `None` when every implementation agreed on every board.
#[derive(Clone, Debug)]
pub struct Finding {
    pub iteration: u64,
    pub original: Board,
    pub smallest: Board,
    pub truth: u64,
    /// Every implementation's answer on the smallest board.
    pub answers: Vec<(String, Outcome)>,
    pub failing: Vec<String>,
}

/// Runs the stress loop; `progress` is called after each iteration with (done, total).
pub fn stress(options: &StressOptions, progress: &mut dyn FnMut(u64, u64)) -> Option<Finding> {
    let implementations: Vec<Entry> = entries(options.with_fixtures)
        .into_iter()
        .filter(|entry| matches(options.impl_pattern.as_deref(), &entry.id()))
        .collect();
    let mut random = Random::new(options.seed);
    for iteration in 1..=options.iterations {
        let n = random.in_range(&options.sizes);
        let density = options.density.0 + random.unit() * (options.density.1 - options.density.0);
        let board = random_board(&mut random, n, density);
        let failing = disagreements(&implementations, &board);
        progress(iteration, options.iterations);
        if failing.is_empty() {
            continue;
        }
        let failing_ids: Vec<String> = failing.into_iter().map(|(id, _)| id).collect();
        let culprits: Vec<Entry> =
            implementations.iter().filter(|entry| failing_ids.contains(&entry.id())).copied().collect();
        let smallest = shrink(&board, &|candidate| !disagreements(&culprits, candidate).is_empty());
        let answers = implementations
            .iter()
            .filter(|entry| entry.problem.answers(smallest.reserved_count() == 0))
            .map(|entry| (entry.id(), outcome(entry, &smallest)))
            .collect();
        return Some(Finding {
            iteration,
            original: board,
            truth: oracle::count(&smallest),
            smallest,
            answers,
            failing: failing_ids,
        });
    }
    None
}

/// Parses `A..=B`, `A..B` or `A` as an inclusive range of sizes within 1..=`ORACLE_MAX_N`.
///
/// # Errors
/// A one-line reason naming the option.
pub fn parse_sizes(option: &str, text: &str) -> Result<RangeInclusive<usize>, String> {
    let bad = || format!("{option} `{text}`: expected A..=B, A..B or N with 1 <= A <= B <= {ORACLE_MAX_N}");
    let number = |part: &str| part.trim().parse::<usize>().map_err(|_| bad());
    let range = if let Some((start, end)) = text.split_once("..=") {
        number(start)?..=number(end)?
    } else if let Some((start, end)) = text.split_once("..") {
        number(start)?..=number(end)?.checked_sub(1).ok_or_else(bad)?
    } else {
        let n = number(text)?;
        n..=n
    };
    if *range.start() == 0 || range.start() > range.end() || *range.end() > ORACLE_MAX_N.min(MAX_N) {
        return Err(bad());
    }
    Ok(range)
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
        sizes: 4..=10,
        density: (0.0, 0.6),
        impl_pattern: None,
        with_fixtures: false,
        cases_folder: crate::default_cases_folder(),
    };
    while let Some(argument) = parser.next().map_err(|error| error.to_string())? {
        match argument {
            Long("seed") => {
                let value = text_value(&mut parser)?;
                options.seed =
                    value.parse().map_err(|_| format!("--seed `{value}`: expected a whole number"))?;
            }
            Long("iterations") => {
                options.iterations = number_value(&mut parser, "--iterations")?;
            }
            Long("sizes") => options.sizes = parse_sizes("--sizes", &text_value(&mut parser)?)?,
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
            "stress: {} random boards (seed {}, n {}..={}, density {}..{}): every implementation agrees with the oracle",
            options.iterations,
            options.seed,
            options.sizes.start(),
            options.sizes.end(),
            options.density.0,
            options.density.1
        );
        return Ok(0);
    };
    let (original, smallest) = (finding.original.n(), finding.smallest.n());
    println!(
        "stress: random board {} of seed {} ({original} x {original}) disagrees with the oracle; shrunk to {smallest} x {smallest}:",
        finding.iteration, options.seed
    );
    print!("{}", finding.smallest);
    println!("oracle: {}", finding.truth);
    let width = finding.answers.iter().map(|(id, _)| id.len()).max().unwrap_or(0);
    for (id, answer) in &finding.answers {
        let mark = if finding.failing.contains(id) { "  <- wrong" } else { "" };
        println!("{id:width$}  {answer}{mark}");
    }
    let name = format!("stress/seed{}-iteration{}", options.seed, finding.iteration);
    let request = NewCase {
        cases_folder: options.cases_folder.clone(),
        name,
        source: Source::Board(finding.smallest.clone()),
        description: Some(format!(
            "found by `cargo xtask stress --seed {}`: {} disagreed with the oracle",
            options.seed,
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
