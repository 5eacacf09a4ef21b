//! What a run answered, how it travels from a child process to the judge, and how it is checked.
//!
//! The wire format is text, so that a program in any language can speak it and the judge never
//! trusts the child's own verdict:
//! - a count: the number alone (CSES programs print exactly this);
//! - boards: the number of boards, then each board as its number of rows followed by the rows, one
//!   a line (a row that holds a line break is sent with it escaped as `\n`, which the checker then
//!   rejects as a bad character);
//! - placements (POJ 3239): one line a side, each column's row from 1, separated by spaces, as POJ
//!   programs print them;
//! - lines (UVa 11195, AOJ ALDS1_13_A): the lines themselves, as the programs print them, checked
//!   a line at a time against the lines the truth gives ([`lines`]).
//!
//! A count is read as one token, white space around it ignored, as judges compare output, so
//! trailing spaces or a missing final newline never matter; boards are read line by line, so a row
//! arrives exactly as the solution returned it. Checking is the checker's: a count against `expected`, every
//! board on its own (the first wrong one named and drawn), then the set (missing and extra boards
//! drawn), then duplicates. Placements are read a line each, blank lines skipped and numbers split on
//! white space, and each is checked on its side ([`checker::check_rows`]), the first wrong one named.

use checker::{check_rows, check_strings, solution_set, Board, Placement};

use crate::problem::{AnswerKind, Problem, TestInput};

mod boards;
mod lines;
pub(crate) use boards::boards_cost;
pub use boards::{Boards, Rows};
pub(crate) use lines::check_lines;

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
    Boards(Boards),
    /// POJ 3239's placements, one a side: each column's row, from 1.
    Placements(Vec<Vec<u64>>),
    /// Lines of text (UVa 11195's `Case k: X`, AOJ ALDS1_13_A's board), trailing white space and
    /// blank lines at the end dropped.
    Lines(Vec<String>),
}

impl Answer {
    /// The answer in the wire format (see the module docs), ending in a newline.
    pub(crate) fn to_wire(&self) -> String {
        match self {
            Answer::Count(count) => format!("{count}\n"),
            Answer::Boards(boards) => {
                let mut text = String::with_capacity(16 + boards.row_count() * 12);
                text.push_str(&format!("{}\n", boards.len()));
                for board in boards.iter() {
                    text.push_str(&format!("{}\n", board.len()));
                    for row in board.iter() {
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
            Answer::Lines(lines) => lines.iter().map(|line| format!("{line}\n")).collect(),
            Answer::Placements(placements) => {
                let mut text = String::new();
                for rows in placements {
                    let numbers: Vec<String> = rows.iter().map(u64::to_string).collect();
                    text.push_str(&numbers.join(" "));
                    text.push('\n');
                }
                text
            }
        }
    }

    /// What it answered, in a number: the count, or how many boards or placements.
    pub fn received(&self) -> i128 {
        match self {
            Answer::Count(count) => *count,
            Answer::Boards(boards) => boards.len() as i128,
            Answer::Placements(placements) => placements.len() as i128,
            Answer::Lines(lines) => lines.len() as i128,
        }
    }

    /// Reads an answer of `kind` in the wire format.
    ///
    /// # Errors
    /// What is missing or unreadable, in one line: a WA.
    pub(crate) fn from_wire(text: &str, kind: AnswerKind) -> Result<Answer, Wrong> {
        Answer::from_wire_within(text, kind, usize::MAX)
    }

    /// [`Answer::from_wire`], stopping once the boards read would take more than `budget` bytes
    /// of the judge's memory ([`board_cost`]): a row of one letter costs the judge some forty
    /// bytes once parsed, so an answer within its wire cap could still take a hundred times its
    /// size.
    ///
    /// # Errors
    /// The WA's detail, "answer too large" past the budget.
    pub(crate) fn from_wire_within(text: &str, kind: AnswerKind, budget: usize) -> Result<Answer, Wrong> {
        match kind {
            AnswerKind::Count => count_from_wire(text),
            AnswerKind::Boards => boards::boards_from_wire(text, budget).map(Answer::Boards),
            AnswerKind::Placements => placements_from_wire(text, budget),
            AnswerKind::Lines => lines::lines_from_wire(text, budget),
        }
        .map_err(Wrong::from)
    }
}

/// Placements, a line each (blank lines skipped), numbers split on white space; each number costs
/// the judge eight bytes once read, each line a `Vec`.
fn placements_from_wire(text: &str, budget: usize) -> Result<Answer, String> {
    let mut placements = Vec::new();
    let mut cost = 0usize;
    for (index, line) in text.lines().enumerate().filter(|(_, line)| !line.trim().is_empty()) {
        let mut rows = Vec::new();
        for token in line.split_whitespace() {
            let row = token.parse::<u64>().map_err(|_| {
                format!("line {}: expected a row number, found `{}`", index + 1, shorten(token))
            })?;
            rows.push(row);
        }
        cost = cost.saturating_add(placement_cost(rows.len()));
        if cost > budget {
            return Err(format!(
                "answer too large: its placements would take more than {} MB of the judge's memory: not read past that",
                budget >> 20
            ));
        }
        placements.push(rows);
    }
    Ok(Answer::Placements(placements))
}

/// What one placement of `rows` rows costs the judge once parsed: its `Vec` and eight bytes a row.
fn placement_cost(rows: usize) -> usize {
    size_of::<Vec<u64>>().saturating_add(rows.saturating_mul(8))
}

/// What the placements of `sides` cost the judge once parsed, one a side: the measure of
/// [`Answer::from_wire_within`]'s budget for them.
pub(crate) fn placements_cost(sides: &[usize]) -> usize {
    sides.iter().fold(0, |cost: usize, &side| cost.saturating_add(placement_cost(side)))
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
#[cfg(test)]
fn check_answer(
    board: &Board,
    expected: u64,
    reference: Option<&[Placement]>,
    answer: &Answer,
) -> Result<(), String> {
    find_wrong(board, expected, reference, answer).map_err(|wrong| wrong.detail)
}

/// Why an answer is WA: the checker's detail, and whether the answer is well formed and only its
/// number is wrong (a count, or boards each right and none twice), so that the number says it all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wrong {
    pub detail: String,
    pub number_only: bool,
}

/// A wrong answer with this detail, not its number alone.
impl From<String> for Wrong {
    fn from(detail: String) -> Wrong {
        Wrong { detail, number_only: false }
    }
}

impl From<&str> for Wrong {
    fn from(detail: &str) -> Wrong {
        Wrong::from(detail.to_string())
    }
}

impl std::fmt::Display for Wrong {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.detail)
    }
}

/// [`check_answer`], telling a wrong number apart from a wrong answer.
///
/// # Errors
/// What is wrong ([`Wrong`]).
pub(crate) fn find_wrong(
    board: &Board,
    expected: u64,
    reference: Option<&[Placement]>,
    answer: &Answer,
) -> Result<(), Wrong> {
    let boards = match answer {
        Answer::Count(count) if *count == i128::from(expected) => return Ok(()),
        Answer::Count(count) => {
            return Err(Wrong { detail: format!("expected {expected}, got {count}"), number_only: true })
        }
        Answer::Boards(boards) => boards,
        Answer::Placements(_) | Answer::Lines(_) => {
            return Err("placements or lines where a count or boards were expected".into())
        }
    };
    let placements = check_each_board(board, boards)?;
    if let Some(reference) = reference {
        let diff = solution_set::compare(reference, &placements);
        if !diff.is_empty() {
            return Err(format!("the set of boards is wrong:\n{diff}").into());
        }
    }
    reject_duplicates(&placements)?;
    if placements.len() as u64 != expected {
        let detail = format!("expected {expected} boards, got {} (each valid, none twice)", placements.len());
        return Err(Wrong { detail, number_only: true });
    }
    Ok(())
}

/// Checks POJ 3239's placements, one a side of `sides` in order, each with the checker.
///
/// # Errors
/// The WA's detail: too few or too many placements, or the first wrong one with its side and the
/// checker's reason.
pub(crate) fn check_placements(sides: &[usize], answer: &Answer) -> Result<(), Wrong> {
    let Answer::Placements(placements) = answer else {
        return Err("a count or boards where placements, one a line, were expected".into());
    };
    for (index, (&n, rows)) in sides.iter().zip(placements).enumerate() {
        check_rows(n, rows).map_err(|error| format!("placement {} (n = {n}): {error}", index + 1))?;
    }
    if placements.len() != sides.len() {
        let (given, asked) = (placements.len(), sides.len());
        return Err(format!("{given} placements for {asked} sides: expected one a side, a line each").into());
    }
    Ok(())
}

/// Checks LeetCode boards one by one with the checker, naming the first wrong one, drawn.
///
/// # Errors
/// One paragraph: which board, the checker's message, and the board.
fn check_each_board(board: &Board, boards: &Boards) -> Result<Vec<Placement>, String> {
    let mut placements = Vec::with_capacity(boards.len());
    // One board's rows at a time, in one list kept for every board.
    let mut board_rows: Vec<&str> = Vec::new();
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
        board_rows.clear();
        board_rows.extend(rows.iter());
        match check_strings(board, &board_rows) {
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
pub(crate) fn check_boards(board: &Board, boards: &Boards) -> Result<Vec<Placement>, Wrong> {
    let placements = check_each_board(board, boards)?;
    reject_duplicates(&placements)?;
    Ok(placements)
}

/// The most of an answer to `problem` on `input` the judge reads: room for every right answer
/// (LeetCode 51's boards, drawn, from OEIS's count; POJ's placements, each row number of up to
/// six digits and a space), twice over, and 64 KiB for what a program may print around it; what
/// comes past it is counted, not kept (WA, "answer too long").
pub(crate) fn longest_answer(problem: Problem, input: &TestInput) -> usize {
    let slack = 64 << 10;
    match (problem.answer(), input) {
        (AnswerKind::Boards, TestInput::Board(board)) => {
            let n = board.n();
            // A board is its row count's line, then n rows of n characters and a line end.
            let board_bytes = 8 + n * (n + 1);
            right_boards(n).saturating_mul(board_bytes).saturating_mul(2).saturating_add(slack)
        }
        (AnswerKind::Placements, TestInput::Sides(sides)) => {
            let bytes: usize = sides.iter().map(|&side| side.saturating_mul(7).saturating_add(1)).sum();
            bytes.saturating_mul(2).saturating_add(slack)
        }
        // Lines: UVa's a board, AOJ's a board's rows, a few dozen bytes each.
        (AnswerKind::Lines, input) => lines::longest(input).saturating_mul(2).saturating_add(slack),
        // A count, or an answer its input cannot have (refused when read).
        _ => slack,
    }
}

/// How many right boards the empty n x n board has (OEIS), `usize::MAX` where OEIS stops.
fn right_boards(n: usize) -> usize {
    checker::oracle::known_count(n).map_or(usize::MAX, |count| usize::try_from(count).unwrap_or(usize::MAX))
}

/// The most memory the judge spends parsing an answer to `problem` on `input`: twice what every
/// right board takes (OEIS's count of them), or every placement, and 1 MiB; past it the answer is
/// WA, "answer too large", whatever its size on the wire. A count costs nothing to speak of.
pub(crate) fn parse_budget(problem: Problem, input: &TestInput) -> usize {
    let twice = |bytes: usize| bytes.saturating_mul(2).saturating_add(1 << 20);
    match (problem.answer(), input) {
        (AnswerKind::Count, _) => usize::MAX,
        (AnswerKind::Boards, TestInput::Board(board)) => {
            let n = board.n();
            twice(boards_cost(right_boards(n), n, n))
        }
        (AnswerKind::Placements, TestInput::Sides(sides)) => twice(placements_cost(sides)),
        (AnswerKind::Lines, input) => twice(lines::longest(input)),
        _ => 1 << 20,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_survive_the_wire() {
        for answer in [
            Answer::Count(92),
            Answer::Count(-3),
            Answer::Boards(Boards::new()),
            Answer::Boards(Boards::from(vec![vec![".Q..", "...Q", "Q...", "..Q."], vec![]])),
            Answer::Placements(vec![vec![5, 3, 1, 6, 8, 2, 4, 7], vec![1]]),
            Answer::Lines(vec!["Case 1: 92".into(), "".into(), "Case 2: 1".into()]),
        ] {
            let kind = match answer {
                Answer::Count(_) => AnswerKind::Count,
                Answer::Boards(_) => AnswerKind::Boards,
                Answer::Placements(_) => AnswerKind::Placements,
                Answer::Lines(_) => AnswerKind::Lines,
            };
            assert_eq!(Answer::from_wire(&answer.to_wire(), kind), Ok(answer));
        }
    }

    #[test]
    fn tokens_compare_as_judges_compare() {
        assert_eq!(Answer::from_wire("  65 \r\n\n", AnswerKind::Count), Ok(Answer::Count(65)));
        assert_eq!(Answer::from_wire("65", AnswerKind::Count), Ok(Answer::Count(65)));
        assert_eq!(
            Answer::from_wire("", AnswerKind::Count),
            Err("the output ends where a count was expected".into())
        );
        assert_eq!(
            Answer::from_wire("65 66", AnswerKind::Count),
            Err("the count 65 is followed by `66`".into())
        );
        assert_eq!(
            Answer::from_wire("sixty", AnswerKind::Count),
            Err("expected a count, found `sixty`".into())
        );
        // Past its budget, an answer is not read on: 3 boards of 64 one-letter rows, and room for 2.
        let flood: String = format!("3\n{}", "64\nQ\n".replace("Q\n", &"Q\n".repeat(64)).repeat(3));
        assert!(Answer::from_wire_within(&flood, AnswerKind::Boards, boards_cost(3, 64, 1)).is_ok());
        let stopped = Answer::from_wire_within(&flood, AnswerKind::Boards, boards_cost(2, 64, 1));
        assert!(stopped.is_err_and(|detail| detail.detail.starts_with("answer too large")));
        assert_eq!(
            Answer::from_wire("1\n4\nQ...\n", AnswerKind::Boards),
            Err("the output ends in board 1, row 2".into())
        );
    }

    #[test]
    fn a_row_is_sent_as_it_is_and_a_line_break_in_it_escaped() {
        let answer = Answer::Boards(Boards::from(vec![vec!["Q .", "", "Q\n"]]));
        let read = Answer::from_wire(&answer.to_wire(), AnswerKind::Boards).expect("three rows");
        assert_eq!(read, Answer::Boards(Boards::from(vec![vec!["Q .", "", "Q\\n"]])));
        let board = Board::empty(3).expect("3 x 3");
        assert!(check_answer(&board, 0, None, &read).is_err());
    }

    /// POJ's placements: read a line each, blank lines skipped; checked on their sides in order,
    /// the first wrong one named with the checker's reason; one a side, no more, no fewer.
    #[test]
    fn placements_are_read_a_line_each_and_checked_on_their_sides() {
        let read = |text: &str| Answer::from_wire(text, AnswerKind::Placements);
        let sample = "5 3 1 6 8 2 4 7\n";
        assert_eq!(read("\n 5 3  1 6 8 2 4 7 \r\n\n"), read(sample));
        assert_eq!(check_placements(&[8], &read(sample).expect("numbers")), Ok(()));
        assert_eq!(read("5 3 x\n"), Err("line 1: expected a row number, found `x`".into()));
        assert_eq!(read("\n5 -3\n"), Err("line 2: expected a row number, found `-3`".into()));
        let two = read("2 4 1 3\n5 3 1 6 8 2 4 7\n").expect("numbers");
        assert_eq!(check_placements(&[4, 8], &two), Ok(()));
        assert_eq!(
            check_placements(&[4], &two),
            Err("2 placements for 1 sides: expected one a side, a line each".into())
        );
        assert_eq!(
            check_placements(&[4, 8, 9], &two),
            Err("2 placements for 3 sides: expected one a side, a line each".into())
        );
        let attacking = read("2 4 1 3\n1 2 3 4 5 6 7 8\n").expect("numbers");
        assert_eq!(
            check_placements(&[4, 8], &attacking),
            Err("placement 2 (n = 8): the queens of column 1 (row 1) and column 2 (row 2) attack, along their diagonal (\\)".into())
        );
        let budget = read("1 2 3\n").map(|_| ());
        assert_eq!(budget, Ok(()));
        assert!(Answer::from_wire_within("1 2 3\n4 5 6\n", AnswerKind::Placements, 40)
            .is_err_and(|detail| detail.detail.starts_with("answer too large")));
        assert!(check_placements(&[4], &Answer::Count(2)).is_err());
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
        assert_eq!(check_answer(&board, 2, None, &Answer::Boards(Boards::from(right.clone()))), Ok(()));
        let twice = vec![right[0].clone(), right[0].clone()];
        let error =
            check_answer(&board, 2, None, &Answer::Boards(Boards::from(twice))).expect_err("a repeat");
        assert!(error.starts_with("1 boards appear more than once"), "{error}");
    }

    #[test]
    fn a_board_of_the_wrong_height_is_told_as_rows_expected_and_found() {
        let eight = Board::empty(8).expect("8 x 8");
        let seven_rows: Vec<String> =
            ["Q.......", "....Q...", ".......Q", ".....Q..", "..Q.....", "......Q.", ".Q......"]
                .map(str::to_string)
                .to_vec();
        let detail = check_each_board(&eight, &Boards::from(vec![seven_rows])).expect_err("7 rows of 8");
        assert!(detail.starts_with("board 1 of 1: it has 7 rows; n = 8 needs 8\n  Q......."), "{detail}");
        let one = Board::empty(1).expect("1 x 1");
        let detail =
            check_each_board(&one, &Boards::from(Vec::<Vec<String>>::from([vec![]]))).expect_err("no row");
        assert_eq!(detail, "board 1 of 1: it has 0 rows; n = 1 needs 1");
    }

    /// Lines compare a line at a time, white space at their ends and blank lines at the end aside,
    /// and the first difference is named with both lines.
    #[test]
    fn lines_are_compared_a_line_at_a_time() {
        let expected: Vec<String> = vec!["Case 1: 92".into(), "Case 2: 1".into()];
        let read = |text: &str| Answer::from_wire(text, AnswerKind::Lines).expect("lines");
        assert_eq!(check_lines(&expected, &read("Case 1: 92  \r\nCase 2: 1\n\n\n")), Ok(()));
        assert_eq!(check_lines(&expected, &read("Case 1: 92\nCase 2: 1")), Ok(()));
        let detail = |text: &str| check_lines(&expected, &read(text)).expect_err("wrong").detail;
        assert_eq!(detail("Case 1: 92\nCase 2: 2\n"), "line 2: expected `Case 2: 1`, got `Case 2: 2`");
        assert_eq!(detail("case 1: 92\nCase 2: 1\n"), "line 1: expected `Case 1: 92`, got `case 1: 92`");
        assert_eq!(detail(" Case 1: 92\nCase 2: 1\n"), "line 1: expected `Case 1: 92`, got ` Case 1: 92`");
        assert_eq!(detail("Case 1: 92\n"), "the output ends after 1 lines, where line 2 is `Case 2: 1`");
        assert_eq!(
            detail("Case 1: 92\nCase 2: 1\nCase 3: 0\n"),
            "line 3 is `Case 3: 0`, past the 2 expected"
        );
        assert_eq!(detail("Case 1: 92\n\nCase 2: 1\n"), "line 2: expected `Case 2: 1`, got ``");
        let too_large =
            Answer::from_wire_within("Case 1: 92\n", AnswerKind::Lines, 4).expect_err("too large");
        assert!(too_large.detail.starts_with("answer too large"), "{too_large}");
        assert!(check_lines(&expected, &Answer::Count(92)).is_err());
    }
}
