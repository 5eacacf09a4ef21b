//! LeetCode's `Vec<String>` boards: `Placement::from_strings` and `check_strings` on malformed rows,
//! asserting the exact `StringsError` (row, column, kind) and message; then well-formed boards.

use checker::{check_strings, AttackLine, CheckError, Placement, StringsError, StringsErrorKind as Kind};
use pretty_assertions::assert_eq;

use crate::support::empty_board;

fn fault(row: usize, column: Option<usize>, kind: Kind) -> StringsError {
    StringsError { row, column, kind }
}

fn assert_strings_fault(rows: &[&str], (expected, message): (StringsError, &str)) {
    let error = Placement::from_strings(rows).expect_err("the rows are malformed");
    assert_eq!(error, expected);
    assert_eq!(error.to_string(), message);
    // `check_strings` wraps the same error, and says the same.
    let wrapped = check_strings(&empty_board(rows.len().max(1)), rows).expect_err("the rows are malformed");
    assert_eq!(wrapped, CheckError::Malformed(expected));
    assert_eq!(wrapped.to_string(), message);
}

table_tests! { assert_strings_fault;
    row_too_short: (
        &[".Q..", "...Q", "Q..", "..Q."],
        (
            fault(3, Some(4), Kind::WrongLength { expected: 4, found: 3 }),
            "row 3, column 4: wrong length: expected 4 characters, found 3",
        ),
    ),
    row_too_long: (
        &[".Q..", "...Q.", "Q...", "..Q."],
        (
            fault(2, Some(5), Kind::WrongLength { expected: 4, found: 5 }),
            "row 2, column 5: wrong length: expected 4 characters, found 5",
        ),
    ),
    row_far_too_long: (
        &["Q......"],
        (
            fault(1, Some(2), Kind::WrongLength { expected: 1, found: 7 }),
            "row 1, column 2: wrong length: expected 1 character, found 7",
        ),
    ),
    empty_row: (
        &["", "Q."],
        (
            fault(1, Some(1), Kind::WrongLength { expected: 2, found: 0 }),
            "row 1, column 1: wrong length: expected 2 characters, found 0",
        ),
    ),
    unknown_character: (
        &[".Q..", "..x.", "Q...", "..Q."],
        (
            fault(2, Some(3), Kind::UnknownCharacter { found: 'x' }),
            "row 2, column 3: unknown character 'x': expected `Q` or `.`",
        ),
    ),
    unknown_character_lowercase_queen: (
        &["..q.", "Q...", "...Q", ".Q.."],
        (
            fault(1, Some(3), Kind::UnknownCharacter { found: 'q' }),
            "row 1, column 3: unknown character 'q': expected `Q` or `.`",
        ),
    ),
    unknown_character_reserved_mark: (
        &[".Q", "*Q"],
        (
            fault(2, Some(1), Kind::UnknownCharacter { found: '*' }),
            "row 2, column 1: unknown character '*': expected `Q` or `.`",
        ),
    ),
    unknown_character_multibyte: (
        &["Q..", ".é.", "..Q"],
        (
            fault(2, Some(2), Kind::UnknownCharacter { found: 'é' }),
            "row 2, column 2: unknown character 'é': expected `Q` or `.`",
        ),
    ),
    // Characters are read before the length is judged, so a bad one in a short row is named.
    unknown_character_in_a_short_row: (
        &["Q.", "x"],
        (
            fault(2, Some(1), Kind::UnknownCharacter { found: 'x' }),
            "row 2, column 1: unknown character 'x': expected `Q` or `.`",
        ),
    ),
    no_queen: (
        &["Q...", "....", "...Q", ".Q.."],
        (fault(2, None, Kind::NoQueen), "row 2: no `Q`: expected exactly one queen a row"),
    ),
    no_queen_on_one_square: (
        &["."],
        (fault(1, None, Kind::NoQueen), "row 1: no `Q`: expected exactly one queen a row"),
    ),
    two_queens: (
        &["Q..Q", "....", "....", "...."],
        (
            fault(1, Some(4), Kind::TwoQueens { first: 1 }),
            "row 1, column 4: a second `Q` (the first is at column 1): expected exactly one queen a row",
        ),
    ),
    three_queens_name_the_second: (
        &["..Q.", ".QQQ", "....", "...."],
        (
            fault(2, Some(3), Kind::TwoQueens { first: 2 }),
            "row 2, column 3: a second `Q` (the first is at column 2): expected exactly one queen a row",
        ),
    ),
}

#[test]
fn the_malformed_wrapper_has_the_strings_error_as_its_source() {
    let error = check_strings(&empty_board(2), &["Q.", "QQ"]).expect_err("two queens in a row");
    let source = std::error::Error::source(&error).expect("a malformed board has a source");
    assert_eq!(
        source.to_string(),
        "row 2, column 2: a second `Q` (the first is at column 1): expected exactly one queen a row"
    );
    assert_eq!(error.to_string(), source.to_string());
}

fn assert_strings_check_fault((n, rows): (usize, &[&str]), (expected, message): (CheckError, &str)) {
    let error = check_strings(&empty_board(n), rows).expect_err("the board is not a solution");
    assert_eq!(error, expected);
    assert_eq!(error.to_string(), message);
}

table_tests! { assert_strings_check_fault;
    well_formed_but_attacking: (
        (2, &["Q.", ".Q"]),
        (
            CheckError::Attack { first: (0, 0), second: (1, 1), line: AttackLine::Diagonal },
            "queens at row 1, column 1 and row 2, column 2 attack along their diagonal (\\)",
        ),
    ),
    well_formed_but_smaller_than_the_board: (
        (5, &[".Q..", "...Q", "Q...", "..Q."]),
        (CheckError::MissingQueen { row: 4 }, "row 5 has no queen"),
    ),
    well_formed_but_larger_than_the_board: (
        (1, &["Q.", ".Q"]),
        (CheckError::ExtraRow { row: 1, n: 1 }, "row 2 is outside the 1 x 1 board"),
    ),
    no_rows_at_all: ((4, &[]), (CheckError::MissingQueen { row: 0 }, "row 1 has no queen")),
}

fn assert_strings_solution(rows: &[&str], columns: Vec<usize>) {
    assert_eq!(Placement::from_strings(rows), Ok(Placement::new(columns.clone())));
    assert_eq!(check_strings(&empty_board(rows.len()), rows), Ok(Placement::new(columns.clone())));
    assert_eq!(Placement::new(columns).to_strings(), rows);
}

table_tests! { assert_strings_solution;
    strings_of_one_square: (&["Q"], vec![0]),
    strings_of_four_by_four: (&[".Q..", "...Q", "Q...", "..Q."], vec![1, 3, 0, 2]),
    strings_of_four_by_four_mirrored: (&["..Q.", "Q...", "...Q", ".Q.."], vec![2, 0, 3, 1]),
    strings_of_five_by_five: (&["Q....", "..Q..", "....Q", ".Q...", "...Q."], vec![0, 2, 4, 1, 3]),
}

#[test]
fn from_strings_accepts_owned_strings_and_no_rows() {
    let owned: Vec<String> = vec!["..Q.".into(), "Q...".into(), "...Q".into(), ".Q..".into()];
    assert_eq!(Placement::from_strings(&owned), Ok(Placement::new(vec![2, 0, 3, 1])));
    assert_eq!(Placement::from_strings::<&str>(&[]), Ok(Placement::new(Vec::new())));
}
