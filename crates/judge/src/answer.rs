//! What a run answered, how it travels from a child process to the judge, and how it is checked.
//!
//! The wire format is text, so that a program in any language can speak it and the judge never
//! trusts the child's own verdict:
//! - a count: the number alone (CSES programs print exactly this);
//! - boards: the number of boards, then each board as its number of rows followed by the rows, one
//!   a line (a row that holds a line break is sent with it escaped as `\n`, which the checker then
//!   rejects as a bad character).
//!
//! A count is read as one token, white space around it ignored, as judges compare output, so
//! trailing spaces or a missing final newline never matter; boards are read line by line, so a row
//! arrives exactly as the solution returned it. Checking is the checker's: a count against `expected`, every
//! board on its own (the first wrong one named and drawn), then the set (missing and extra boards
//! drawn), then duplicates.

use checker::{check_strings, solution_set, Board, Placement};

/// A run's verdict, as the judges name them.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, serde::Serialize)]
pub enum Verdict {
    AC,
    WA,
    TLE,
    MLE,
    RE,
    OLE,
    CE,
}

impl Verdict {
    pub const ALL: [Verdict; 7] =
        [Verdict::AC, Verdict::WA, Verdict::TLE, Verdict::MLE, Verdict::RE, Verdict::OLE, Verdict::CE];

    pub fn label(self) -> &'static str {
        match self {
            Verdict::AC => "AC",
            Verdict::WA => "WA",
            Verdict::TLE => "TLE",
            Verdict::MLE => "MLE",
            Verdict::RE => "RE",
            Verdict::OLE => "OLE",
            Verdict::CE => "CE",
        }
    }
}

/// What a kernel or program answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A count: CSES 1624, `queens` or LeetCode 52 (signed and wide, so that no wrong answer is
    /// clipped into a right one).
    Count(i128),
    /// LeetCode 51's boards.
    Boards(Vec<Vec<String>>),
}

impl Answer {
    /// The answer in the wire format (see the module docs), ending in a newline.
    pub fn to_wire(&self) -> String {
        match self {
            Answer::Count(count) => format!("{count}\n"),
            Answer::Boards(boards) => {
                let rows: usize = boards.iter().map(Vec::len).sum();
                let mut text = String::with_capacity(16 + rows * 12);
                text.push_str(&format!("{}\n", boards.len()));
                for board in boards {
                    text.push_str(&format!("{}\n", board.len()));
                    for row in board {
                        // One row a line: a line break inside a row is sent escaped, and the
                        // checker then names the character.
                        if row.as_bytes().contains(&b'\n') || row.as_bytes().contains(&b'\r') {
                            text.push_str(&row.replace('\n', "\\n").replace('\r', "\\r"));
                        } else {
                            text.push_str(row);
                        }
                        text.push('\n');
                    }
                }
                text
            }
        }
    }

    /// Reads an answer in the wire format; `boards` says which kind is expected.
    ///
    /// # Errors
    /// One line saying what is missing or unreadable, for a WA's detail.
    pub fn from_wire(text: &str, boards: bool) -> Result<Answer, String> {
        Answer::from_wire_within(text, boards, usize::MAX)
    }

    /// [`Answer::from_wire`], stopping once the boards read would take more than `budget` bytes
    /// of the judge's memory ([`board_cost`]): a row of one letter costs the judge some forty
    /// bytes once parsed, so an answer within its wire cap could still take a hundred times its
    /// size.
    ///
    /// # Errors
    /// The WA's detail, "answer too large" past the budget.
    pub fn from_wire_within(text: &str, boards: bool, budget: usize) -> Result<Answer, String> {
        if !boards {
            return count_from_wire(text);
        }
        // Boards are read line by line, so that a row is exactly what the solution returned.
        let mut lines = text.lines();
        let number = |line: Option<&str>, what: &str| -> Result<usize, String> {
            let line = line.ok_or_else(|| format!("the output ends where {what} was expected"))?;
            line.trim().parse::<usize>().map_err(|_| format!("expected {what}, found `{}`", shorten(line)))
        };
        let board_count = number(lines.next(), "the number of boards")?;
        let too_large = || {
            format!(
                "answer too large: its boards would take more than {} MB of the judge's memory, \
                 where a right answer takes at most {} MB: not read past that",
                budget >> 20,
                (budget >> 20) / 2
            )
        };
        let mut cost = 0usize;
        let mut boards = Vec::with_capacity(board_count.min(1 << 20).min(budget / BOARD_COST));
        for index in 0..board_count {
            let rows = number(lines.next(), &format!("the number of rows of board {}", index + 1))?;
            let mut board = Vec::with_capacity(rows.min(64));
            cost = cost.saturating_add(BOARD_COST);
            for row in 0..rows {
                let line = lines
                    .next()
                    .ok_or_else(|| format!("the output ends in board {}, row {}", index + 1, row + 1))?;
                cost = cost.saturating_add(row_cost(line.len()));
                if cost > budget {
                    return Err(too_large());
                }
                board.push(line.to_string());
            }
            boards.push(board);
        }
        if let Some(extra) = lines.find(|line| !line.trim().is_empty()) {
            return Err(format!("{board_count} boards are followed by `{}`", shorten(extra)));
        }
        Ok(Answer::Boards(boards))
    }
}

/// What one board costs the judge once parsed, beside its rows: its `Vec`.
const BOARD_COST: usize = size_of::<Vec<String>>();

/// What one row of `length` bytes costs the judge once parsed: its `String` in the board's `Vec`,
/// and its bytes on the heap, as the allocator rounds them (8 bytes at least, and its own header).
fn row_cost(length: usize) -> usize {
    size_of::<String>() + length.max(1).next_multiple_of(8) + 8
}

/// What `boards` boards of `rows` rows of `length` bytes cost the judge once parsed: the measure
/// of [`Answer::from_wire_within`]'s budget.
pub fn boards_cost(boards: usize, rows: usize, length: usize) -> usize {
    boards.saturating_mul(BOARD_COST.saturating_add(rows.saturating_mul(row_cost(length))))
}

/// A count: one integer token, white space around it ignored, as judges compare output.
fn count_from_wire(text: &str) -> Result<Answer, String> {
    let mut tokens = text.split_whitespace();
    let token = tokens.next().ok_or("the output ends where a count was expected")?;
    let count = token.parse::<i128>().map_err(|_| format!("expected a count, found `{}`", shorten(token)))?;
    if let Some(extra) = tokens.next() {
        return Err(format!("the count {count} is followed by `{}`", shorten(extra)));
    }
    Ok(Answer::Count(count))
}

fn shorten(token: &str) -> String {
    if token.chars().count() <= 40 {
        token.to_string()
    } else {
        format!("{}...", token.chars().take(40).collect::<String>())
    }
}

/// Checks `answer` for the case on `board` whose right count is `expected`; `reference` is the full
/// set of right boards in canonical order, when it is small enough to keep (it makes a wrong set's
/// detail show which boards are missing and which are extra).
///
/// # Errors
/// The WA's detail: for a count, `expected E, got G`; for boards, the checker's first complaint.
pub fn check_answer(
    board: &Board,
    expected: u64,
    reference: Option<&[Placement]>,
    answer: &Answer,
) -> Result<(), String> {
    let boards = match answer {
        Answer::Count(count) if *count == i128::from(expected) => return Ok(()),
        Answer::Count(count) => return Err(format!("expected {expected}, got {count}")),
        Answer::Boards(boards) => boards,
    };
    let placements = check_each_board(board, boards)?;
    if let Some(reference) = reference {
        let diff = solution_set::compare(reference, &placements);
        if !diff.is_empty() {
            return Err(format!("the set of boards is wrong:\n{diff}"));
        }
    }
    reject_duplicates(&placements)?;
    if placements.len() as u64 != expected {
        return Err(format!("expected {expected} boards, got {} (each valid, none twice)", placements.len()));
    }
    Ok(())
}

/// Checks LeetCode boards one by one with the checker, naming the first wrong one, drawn.
///
/// # Errors
/// One paragraph: which board, the checker's message, and the board.
pub fn check_each_board(board: &Board, boards: &[Vec<String>]) -> Result<Vec<Placement>, String> {
    let mut placements = Vec::with_capacity(boards.len());
    for (index, rows) in boards.iter().enumerate() {
        // Told first, as what was expected and what came: the rows' length is judged only on a
        // board of the right height.
        if rows.len() != board.n() {
            let drawn: Vec<String> = rows.iter().map(|row| format!("  {row}")).collect();
            let n = board.n();
            let rows_told =
                if rows.len() == 1 { "1 row".to_string() } else { format!("{} rows", rows.len()) };
            return Err(format!(
                "board {} of {}: it has {rows_told}; n = {n} needs {n}\n{}",
                index + 1,
                boards.len(),
                drawn.join("\n")
            )
            .trim_end()
            .to_string());
        }
        match check_strings(board, rows) {
            Ok(placement) => placements.push(placement),
            Err(error) => {
                let drawn: Vec<String> = rows.iter().map(|row| format!("  {row}")).collect();
                return Err(format!(
                    "board {} of {}: {error}\n{}",
                    index + 1,
                    boards.len(),
                    drawn.join("\n")
                ));
            }
        }
    }
    Ok(placements)
}

fn reject_duplicates(placements: &[Placement]) -> Result<(), String> {
    let duplicates = solution_set::duplicates(placements);
    if duplicates.is_empty() {
        return Ok(());
    }
    let drawn = solution_set::draw_side_by_side(&duplicates, 80);
    Err(format!("{} boards appear more than once:\n{drawn}", duplicates.len()))
}

/// Checks LeetCode boards as [`check_each_board`] does, then that none appears twice, so that
/// only their number is left to judge.
///
/// # Errors
/// One paragraph naming the first wrong board, or the repeated ones, drawn.
pub fn check_boards(board: &Board, boards: &[Vec<String>]) -> Result<Vec<Placement>, String> {
    let placements = check_each_board(board, boards)?;
    reject_duplicates(&placements)?;
    Ok(placements)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_survive_the_wire() {
        for answer in [
            Answer::Count(92),
            Answer::Count(-3),
            Answer::Boards(vec![]),
            Answer::Boards(vec![vec![".Q..".into(), "...Q".into(), "Q...".into(), "..Q.".into()], vec![]]),
        ] {
            let boards = matches!(answer, Answer::Boards(_));
            assert_eq!(Answer::from_wire(&answer.to_wire(), boards), Ok(answer));
        }
    }

    #[test]
    fn tokens_compare_as_judges_compare() {
        assert_eq!(Answer::from_wire("  65 \r\n\n", false), Ok(Answer::Count(65)));
        assert_eq!(Answer::from_wire("65", false), Ok(Answer::Count(65)));
        assert_eq!(Answer::from_wire("", false), Err("the output ends where a count was expected".into()));
        assert_eq!(Answer::from_wire("65 66", false), Err("the count 65 is followed by `66`".into()));
        assert_eq!(Answer::from_wire("sixty", false), Err("expected a count, found `sixty`".into()));
        // Past its budget, an answer is not read on: 3 boards of 64 one-letter rows, and room for 2.
        let flood: String = format!("3\n{}", "64\nQ\n".replace("Q\n", &"Q\n".repeat(64)).repeat(3));
        assert!(Answer::from_wire_within(&flood, true, boards_cost(3, 64, 1)).is_ok());
        let stopped = Answer::from_wire_within(&flood, true, boards_cost(2, 64, 1));
        assert!(stopped.is_err_and(|detail| detail.starts_with("answer too large")));
        assert_eq!(
            Answer::from_wire("1\n4\nQ...\n", true),
            Err("the output ends in board 1, row 2".to_string())
        );
    }

    #[test]
    fn a_row_is_sent_as_it_is_and_a_line_break_in_it_escaped() {
        let answer = Answer::Boards(vec![vec!["Q .".into(), String::new(), "Q\n".into()]]);
        let read = Answer::from_wire(&answer.to_wire(), true).expect("three rows");
        assert_eq!(read, Answer::Boards(vec![vec!["Q .".into(), String::new(), "Q\\n".into()]]));
        let board = Board::empty(3).expect("3 x 3");
        assert!(check_answer(&board, 0, None, &read).is_err());
    }

    #[test]
    fn counts_and_boards_are_checked() {
        let board = Board::empty(4).expect("4 x 4");
        assert_eq!(check_answer(&board, 2, None, &Answer::Count(2)), Ok(()));
        assert_eq!(check_answer(&board, 2, None, &Answer::Count(3)), Err("expected 2, got 3".into()));
        let right = vec![
            vec![".Q..".to_string(), "...Q".into(), "Q...".into(), "..Q.".into()],
            vec!["..Q.".to_string(), "Q...".into(), "...Q".into(), ".Q..".into()],
        ];
        assert_eq!(check_answer(&board, 2, None, &Answer::Boards(right.clone())), Ok(()));
        let twice = vec![right[0].clone(), right[0].clone()];
        let error = check_answer(&board, 2, None, &Answer::Boards(twice)).expect_err("a repeat");
        assert!(error.starts_with("1 boards appear more than once"), "{error}");
    }

    #[test]
    fn a_board_of_the_wrong_height_is_told_as_rows_expected_and_found() {
        let eight = Board::empty(8).expect("8 x 8");
        let seven_rows: Vec<String> =
            ["Q.......", "....Q...", ".......Q", ".....Q..", "..Q.....", "......Q.", ".Q......"]
                .map(str::to_string)
                .to_vec();
        let detail = check_each_board(&eight, &[seven_rows]).expect_err("7 rows of 8");
        assert!(detail.starts_with("board 1 of 1: it has 7 rows; n = 8 needs 8\n  Q......."), "{detail}");
        let one = Board::empty(1).expect("1 x 1");
        let detail = check_each_board(&one, &[vec![]]).expect_err("no row");
        assert_eq!(detail, "board 1 of 1: it has 0 rows; n = 1 needs 1");
    }
}
