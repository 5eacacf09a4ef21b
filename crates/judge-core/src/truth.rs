//! The one place the engine learns what a right answer is, never from the code under test: the
//! count of an empty board from OEIS A000170, any other board's from the checker's brute-force
//! oracle; and a case's boards from the oracle, checked against its `expected` and the checker.
//! judge (snapshots), stress, bench's files and new-case all ask here.

use std::sync::{Mutex, PoisonError};

use checker::{oracle, solution_set, Board, Placement};

use crate::error::Error;
use crate::problem::{Problem, TestInput};

/// The largest board with reserved squares that the brute-force oracle is asked to count for a
/// board a user gave.
pub const ORACLE_MAX_N: usize = 12;

/// The number of ways to place the queens on `board`: OEIS's for an empty board it knows, else
/// the brute-force oracle's (slow past [`ORACLE_MAX_N`]; callers that take users' boards ask
/// [`count_within_reach`]).
pub fn count(board: &Board) -> u64 {
    let known = if board.reserved_count() == 0 { oracle::known_count(board.n()) } else { None };
    known.unwrap_or_else(|| oracle::count(board))
}

/// [`count`], for a board a user gave: an empty board OEIS does not know, or one with reserved
/// squares past [`ORACLE_MAX_N`], is refused rather than counted for hours.
///
/// # Errors
/// The user's ([`Error::Input`]): one line saying why the board is out of reach.
pub fn count_within_reach(board: &Board) -> Result<u64, Error> {
    // The oracle's counts of the boards of case files, remembered: a case's boards are counted
    // when it is read, and again when a problem's right lines are drawn from them.
    static COUNTED: Mutex<Vec<(Board, u64)>> = Mutex::new(Vec::new());
    if board.reserved_count() == 0 {
        let unknown = || Error::Input(format!("no known count for n = {}", board.n()));
        oracle::known_count(board.n()).ok_or_else(unknown)
    } else if board.n() <= ORACLE_MAX_N {
        let counted =
            |known: &[(Board, u64)]| known.iter().find(|(seen, _)| seen == board).map(|&(_, count)| count);
        if let Some(count) = counted(&COUNTED.lock().unwrap_or_else(PoisonError::into_inner)) {
            return Ok(count);
        }
        let count = oracle::count(board);
        COUNTED.lock().unwrap_or_else(PoisonError::into_inner).push((board.clone(), count));
        Ok(count)
    } else {
        Err(Error::Input(format!(
            "the board is {0} x {0} with reserved squares: the brute-force oracle counts boards up to {ORACLE_MAX_N} x {ORACLE_MAX_N} (the size bound is {1})",
            board.n(),
            checker::MAX_N,
        )))
    }
}

/// Every right board of `board`, in canonical order, from the oracle; checked first: as many as
/// `expected` says, each valid by the checker, none repeated.
///
/// # Errors
/// The user's ([`Error::Input`]): what disagrees (the case's `expected`, or the oracle with the
/// checker).
pub fn boards(board: &Board, expected: u64) -> Result<Vec<Placement>, Error> {
    checked_boards(board, expected).map_err(Error::Input)
}

fn checked_boards(board: &Board, expected: u64) -> Result<Vec<Placement>, String> {
    let mut boards = oracle::solutions(board);
    solution_set::canonical_order(&mut boards);
    if boards.len() as u64 != expected {
        return Err(format!(
            "the brute-force oracle finds {} solutions where `expected` is {expected}",
            boards.len(),
        ));
    }
    for (index, placement) in boards.iter().enumerate() {
        checker::check(board, placement).map_err(|error| format!("oracle board {}: {error}", index + 1))?;
    }
    if !solution_set::duplicates(&boards).is_empty() {
        return Err("the oracle repeats a board".to_string());
    }
    Ok(boards)
}

/// The right lines of an answer of lines to `problem` on `input`, remembered by input: each
/// board's count ([`count_within_reach`]) written by the problem's `line` (UVa 11195), or the one
/// board that holds the placed queens, from the oracle (AOJ ALDS1_13_A, whose input has exactly
/// one).
///
/// # Errors
/// The user's ([`Error::Input`]): a board out of the oracle's reach, or placed queens that not
/// exactly one solution holds.
pub fn lines(problem: Problem, input: &TestInput) -> Result<Vec<String>, Error> {
    static KNOWN: Mutex<Vec<(Problem, String, Vec<String>)>> = Mutex::new(Vec::new());
    if matches!(input, TestInput::Board(_) | TestInput::Sides(_)) {
        return Err(Error::Input(format!("{problem} answers no lines")));
    }
    let text = input.text();
    let known = KNOWN.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((_, _, lines)) = known.iter().find(|(of, seen, _)| *of == problem && *seen == text) {
        return Ok(lines.clone());
    }
    drop(known);
    let lines = match input {
        TestInput::Boards(boards) => boards
            .iter()
            .enumerate()
            .map(|(at, board)| Ok(problem.count_line(at + 1, count_within_reach(board)?)))
            .collect::<Result<Vec<_>, Error>>()?,
        TestInput::Placed { side, queens } => completion(*side, queens)?.to_strings(),
        TestInput::Board(_) | TestInput::Sides(_) => Vec::new(),
    };
    KNOWN.lock().unwrap_or_else(PoisonError::into_inner).push((problem, text, lines.clone()));
    Ok(lines)
}

/// The one solution of the `side` x `side` board that holds every queen of `queens` (row, column
/// from 0), from the oracle: a placed queen's row has every other square reserved.
///
/// # Errors
/// The user's ([`Error::Input`]): a queen off the board, two in one row, or not exactly one
/// solution.
pub(crate) fn completion(side: usize, queens: &[(usize, usize)]) -> Result<Placement, Error> {
    let mut reserved = vec![vec![false; side]; side];
    for (at, &(row, column)) in queens.iter().enumerate() {
        if row >= side || column >= side {
            return Err(Error::Input(format!(
                "queen {} at ({row}, {column}) is off the {side} x {side} board",
                at + 1
            )));
        }
        if queens[..at].iter().any(|&(other, _)| other == row) {
            return Err(Error::Input(format!("queen {} is the second in row {row}", at + 1)));
        }
        reserved[row] = (0..side).map(|other| other != column).collect();
    }
    let board = Board::from_reserved(reserved).map_err(|error| Error::Input(error.to_string()))?;
    let mut solutions = oracle::solutions(&board);
    match solutions.len() {
        1 => Ok(solutions.remove(0)),
        found => Err(Error::Input(format!(
            "{found} solutions hold the placed queens, where the problem's input has exactly one"
        ))),
    }
}
