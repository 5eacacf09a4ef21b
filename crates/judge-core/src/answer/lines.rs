//! The lines checker: an answer of lines (UVa 11195's `Case k: X`, AOJ ALDS1_13_A's board) against
//! the lines the truth gives, one at a time. White space at the end of a line, a `\r` included, and
//! blank lines at the end of the output are dropped, as most judges compare; anything else differs.

use super::{Answer, Wrong};
use crate::problem::TestInput;

/// The most bytes a right answer to `input` takes: a line of up to 64 bytes a board, or a row a
/// line of the placed queens' board.
pub(super) fn longest(input: &TestInput) -> usize {
    match input {
        TestInput::Boards(boards) => boards.len().saturating_mul(64),
        TestInput::Placed { side, .. } => side.saturating_mul(side.saturating_add(2)),
        TestInput::Board(_) | TestInput::Sides(_) => 0,
    }
}

/// Lines, read as a program printed them: each without its end's white space, the blank lines at
/// the end dropped.
///
/// # Errors
/// "answer too large" past `budget` bytes.
pub(super) fn lines_from_wire(text: &str, budget: usize) -> Result<Answer, String> {
    if text.len() > budget {
        return Err(format!("answer too large: {} bytes where at most {budget} were expected", text.len()));
    }
    let mut lines: Vec<String> = text.lines().map(|line| line.trim_end().to_string()).collect();
    while lines.last().is_some_and(String::is_empty) {
        lines.pop();
    }
    Ok(Answer::Lines(lines))
}

/// Checks `answer` against `expected`, the right lines.
///
/// # Errors
/// The WA's detail: the first line that differs, both shown, or the line where one ends first.
pub(crate) fn check_lines(expected: &[String], answer: &Answer) -> Result<(), Wrong> {
    let Answer::Lines(lines) = answer else {
        return Err("a count, boards or placements where lines were expected".into());
    };
    let shown = |line: &str| super::shorten(&line.escape_debug().to_string());
    for (at, (want, got)) in expected.iter().zip(lines).enumerate() {
        if want != got {
            return Err(format!("line {}: expected `{}`, got `{}`", at + 1, shown(want), shown(got)).into());
        }
    }
    match (expected.get(lines.len()), lines.get(expected.len())) {
        (Some(missing), _) => Err(format!(
            "the output ends after {} lines, where line {} is `{}`",
            lines.len(),
            lines.len() + 1,
            shown(missing)
        )
        .into()),
        (None, Some(extra)) => Err(format!(
            "line {} is `{}`, past the {} expected",
            expected.len() + 1,
            shown(extra),
            expected.len()
        )
        .into()),
        (None, None) => Ok(()),
    }
}
