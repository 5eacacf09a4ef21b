//! `check` on hand-made placements: one test per fault, asserting the exact error (both squares of an
//! attack, which one is `first`) and its message, and that the topmost of several faults is the one named.

use checker::{check, AttackLine, Board, CheckError, Placement};
use pretty_assertions::assert_eq;

use crate::support::{board_from_picture, empty_board, CSES_SAMPLE};

const FREE_4: &[&str] = &["....", "....", "....", "...."];
const FREE_8: &[&str] = &["........"; 8];

fn assert_check_fault((picture, columns): (&[&str], Vec<usize>), (expected, message): (CheckError, &str)) {
    let board = board_from_picture(picture);
    let error = check(&board, &Placement::new(columns)).expect_err("the placement is wrong");
    assert_eq!(error, expected);
    assert_eq!(error.to_string(), message);
    assert!(std::error::Error::source(&error).is_none(), "only a malformed board has a source");
}

fn attack(first: (usize, usize), second: (usize, usize), line: AttackLine) -> CheckError {
    CheckError::Attack { first, second, line }
}

table_tests! { assert_check_fault;
    missing_queen_in_an_empty_placement: (
        (FREE_4, vec![]),
        (CheckError::MissingQueen { row: 0 }, "row 1 has no queen"),
    ),
    missing_queen_after_two_rows: (
        (FREE_4, vec![1, 3]),
        (CheckError::MissingQueen { row: 2 }, "row 3 has no queen"),
    ),
    missing_queen_in_the_last_row: (
        (FREE_4, vec![1, 3, 0]),
        (CheckError::MissingQueen { row: 3 }, "row 4 has no queen"),
    ),
    extra_row: (
        (FREE_4, vec![1, 3, 0, 2, 0]),
        (CheckError::ExtraRow { row: 4, n: 4 }, "row 5 is outside the 4 x 4 board"),
    ),
    extra_row_on_one_square: (
        (&["."], vec![0, 0]),
        (CheckError::ExtraRow { row: 1, n: 1 }, "row 2 is outside the 1 x 1 board"),
    ),
    column_off_board: (
        (FREE_4, vec![1, 3, 0, 4]),
        (
            CheckError::ColumnOffBoard { row: 3, column: 4, n: 4 },
            "queen at row 4, column 5 is outside the 4 x 4 board",
        ),
    ),
    // A solution under test can compute a column as `0 - 1` with wrapping; naming it must not overflow.
    column_off_board_at_the_largest_index: (
        (FREE_4, vec![usize::MAX]),
        (
            CheckError::ColumnOffBoard { row: 0, column: usize::MAX, n: 4 },
            &format!("queen at row 1, column {} is outside the 4 x 4 board", usize::MAX as u128 + 1),
        ),
    ),
    on_reserved: (
        (&["....", "....", "*...", "...."], vec![1, 3, 0, 2]),
        (
            CheckError::OnReserved { row: 2, column: 0 },
            "queen at row 3, column 1 stands on a reserved square",
        ),
    ),
    on_reserved_in_the_first_row: (
        (&["*.", ".."], vec![0, 1]),
        (
            CheckError::OnReserved { row: 0, column: 0 },
            "queen at row 1, column 1 stands on a reserved square",
        ),
    ),
    on_reserved_of_the_cses_sample: (
        (
            &["........", "........", "..*.....", "........", "........", ".....**.", "...*....", "........"],
            vec![0, 4, 7, 5, 2, 6, 1, 3],
        ),
        (
            CheckError::OnReserved { row: 5, column: 6 },
            "queen at row 6, column 7 stands on a reserved square",
        ),
    ),
    attack_by_column: (
        (FREE_4, vec![1, 3, 1, 0]),
        (
            attack((0, 1), (2, 1), AttackLine::Column),
            "queens at row 1, column 2 and row 3, column 2 attack along their column",
        ),
    ),
    attack_by_column_in_adjacent_rows: (
        (FREE_4, vec![3, 3, 0, 2]),
        (
            attack((0, 3), (1, 3), AttackLine::Column),
            "queens at row 1, column 4 and row 2, column 4 attack along their column",
        ),
    ),
    attack_by_diagonal: (
        (FREE_4, vec![0, 3, 2, 1]),
        (
            attack((0, 0), (2, 2), AttackLine::Diagonal),
            "queens at row 1, column 1 and row 3, column 3 attack along their diagonal (\\)",
        ),
    ),
    attack_by_diagonal_in_adjacent_rows: (
        (FREE_4, vec![1, 2, 0, 3]),
        (
            attack((0, 1), (1, 2), AttackLine::Diagonal),
            "queens at row 1, column 2 and row 2, column 3 attack along their diagonal (\\)",
        ),
    ),
    attack_by_anti_diagonal: (
        (FREE_8, vec![4, 0, 7, 1, 1, 1, 1, 1]),
        (
            attack((0, 4), (3, 1), AttackLine::AntiDiagonal),
            "queens at row 1, column 5 and row 4, column 2 attack along their anti-diagonal (/)",
        ),
    ),
    attack_by_anti_diagonal_in_adjacent_rows: (
        (FREE_4, vec![2, 1, 3, 0]),
        (
            attack((0, 2), (1, 1), AttackLine::AntiDiagonal),
            "queens at row 1, column 3 and row 2, column 2 attack along their anti-diagonal (/)",
        ),
    ),
    attack_by_anti_diagonal_in_the_bottom_rows: (
        (FREE_4, vec![3, 0, 2, 1]),
        (
            attack((2, 2), (3, 1), AttackLine::AntiDiagonal),
            "queens at row 3, column 3 and row 4, column 2 attack along their anti-diagonal (/)",
        ),
    ),
    // Several faults: rows are judged top to bottom, and a row's queen against the queens above it
    // from the top, so the fault named is the topmost one.
    attack_is_named_before_a_lower_reserved_square: (
        (&["....", "....", "....", "..*."], vec![0, 1, 3, 2]),
        (
            attack((0, 0), (1, 1), AttackLine::Diagonal),
            "queens at row 1, column 1 and row 2, column 2 attack along their diagonal (\\)",
        ),
    ),
    reserved_square_is_named_before_an_attack_from_the_same_row: (
        (&["....", "*...", "....", "...."], vec![0, 0, 3, 1]),
        (
            CheckError::OnReserved { row: 1, column: 0 },
            "queen at row 2, column 1 stands on a reserved square",
        ),
    ),
    the_topmost_attacker_is_named_by_diagonal: (
        (FREE_8, vec![0, 3, 5, 3, 1, 1, 1, 1]),
        (
            attack((0, 0), (3, 3), AttackLine::Diagonal),
            "queens at row 1, column 1 and row 4, column 4 attack along their diagonal (\\)",
        ),
    ),
    the_topmost_attacker_is_named_by_anti_diagonal: (
        (FREE_4, vec![3, 0, 1, 2]),
        (
            attack((0, 3), (2, 1), AttackLine::AntiDiagonal),
            "queens at row 1, column 4 and row 3, column 2 attack along their anti-diagonal (/)",
        ),
    ),
    the_topmost_attacked_row_is_named: (
        (FREE_4, vec![0, 0, 0, 0]),
        (
            attack((0, 0), (1, 0), AttackLine::Column),
            "queens at row 1, column 1 and row 2, column 1 attack along their column",
        ),
    ),
    attack_is_named_before_a_missing_queen: (
        (FREE_4, vec![2, 2]),
        (
            attack((0, 2), (1, 2), AttackLine::Column),
            "queens at row 1, column 3 and row 2, column 3 attack along their column",
        ),
    ),
    attack_is_named_before_an_extra_row: (
        (&["..", ".."], vec![0, 1, 0]),
        (
            attack((0, 0), (1, 1), AttackLine::Diagonal),
            "queens at row 1, column 1 and row 2, column 2 attack along their diagonal (\\)",
        ),
    ),
    column_off_board_is_named_before_a_missing_queen: (
        (FREE_4, vec![1, 7]),
        (
            CheckError::ColumnOffBoard { row: 1, column: 7, n: 4 },
            "queen at row 2, column 8 is outside the 4 x 4 board",
        ),
    ),
    column_off_board_is_named_before_a_lower_attack: (
        (FREE_4, vec![9, 0, 0]),
        (
            CheckError::ColumnOffBoard { row: 0, column: 9, n: 4 },
            "queen at row 1, column 10 is outside the 4 x 4 board",
        ),
    ),
    extra_row_is_named_before_its_column_off_board: (
        (FREE_4, vec![1, 3, 0, 2, 9]),
        (CheckError::ExtraRow { row: 4, n: 4 }, "row 5 is outside the 4 x 4 board"),
    ),
}

fn assert_solution(picture: &[&str], columns: Vec<usize>) {
    assert_eq!(check(&board_from_picture(picture), &Placement::new(columns)), Ok(()));
}

table_tests! { assert_solution;
    solves_one_square: (&["."], vec![0]),
    solves_four_by_four: (FREE_4, vec![1, 3, 0, 2]),
    solves_four_by_four_mirrored: (FREE_4, vec![2, 0, 3, 1]),
    solves_four_by_four_around_reserved_squares: (&["*..*", "*...", "...*", "*..*"], vec![1, 3, 0, 2]),
    solves_eight_by_eight: (FREE_8, vec![0, 4, 7, 5, 2, 6, 1, 3]),
    solves_the_cses_sample: (
        &["........", "........", "..*.....", "........", "........", ".....**.", "...*....", "........"],
        vec![0, 5, 7, 2, 6, 3, 1, 4],
    ),
}

#[test]
fn the_cses_sample_picture_is_the_sample_text() {
    let picture =
        ["........", "........", "..*.....", "........", "........", ".....**.", "...*....", "........"];
    assert_eq!(Board::parse(CSES_SAMPLE), Ok(board_from_picture(&picture)));
}

#[test]
fn a_placement_reports_its_columns() {
    let placement = Placement::new(vec![2, 0, 3, 1]);
    assert_eq!(placement.columns(), &[2, 0, 3, 1]);
    assert_eq!(placement.len(), 4);
    assert!(!placement.is_empty());
    assert!(Placement::new(Vec::new()).is_empty());
}

#[test]
fn draw_on_marks_queens_and_reserved_squares() {
    let board = Board::parse(CSES_SAMPLE).expect("the CSES sample is a board");
    let drawn = Placement::new(vec![0, 5, 7, 2, 6, 3, 1, 4]).draw_on(&board);
    let expected =
        ["Q.......", ".....Q..", "..*....Q", "..Q.....", "......Q.", "...Q.**.", ".Q.*....", "....Q..."];
    assert_eq!(drawn, expected);
}

#[test]
fn draw_on_leaves_rows_without_a_queen_plain() {
    let drawn = Placement::new(vec![1, 9]).draw_on(&board_from_picture(&["*..", "...", "..*"]));
    assert_eq!(drawn, ["*Q.", "...", "..*"]);
    assert_eq!(Placement::new(Vec::new()).draw_on(&empty_board(2)), ["..", ".."]);
}
