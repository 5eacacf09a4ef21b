//! Helpers shared by the test modules: the CSES sample board, and boards drawn from pictures without
//! the parser.

use checker::Board;

/// The sample board of CSES 1624 "Chessboard and Queens"; its answer is 65.
pub const CSES_SAMPLE: &str = "\
........
........
..*.....
........
........
.....**.
...*....
........
";

/// The reserved squares of [`CSES_SAMPLE`], as 0-based `(row, column)`, read off the picture by hand.
pub const CSES_SAMPLE_RESERVED: [(usize, usize); 4] = [(2, 2), (5, 5), (5, 6), (6, 3)];

/// A board from a picture of `.` free and `*` reserved squares, built without [`Board::parse`] so that
/// parser tests can compare against it.
pub fn board_from_picture(rows: &[&str]) -> Board {
    let reserved = rows
        .iter()
        .map(|row| {
            row.chars()
                .map(|square| match square {
                    '.' => false,
                    '*' => true,
                    other => panic!("a test picture holds {other:?}"),
                })
                .collect()
        })
        .collect();
    Board::from_reserved(reserved).expect("a test picture is square and of a supported size")
}

/// The empty n x n board.
pub fn empty_board(n: usize) -> Board {
    Board::empty(n).expect("a test board size is in range")
}
