//! CSES 1624 as most submissions are written: fixed 8 x 8 arrays, because CSES only ever sends an
//! 8 x 8 board. Row by row, a queen goes on each free square whose column and two diagonals are
//! free; `[bool; 8]` for the columns and `[bool; 15]` for each diagonal direction.
//!
//! It is right on every board CSES gives and on no other: a smaller board is read as the corner of
//! an 8 x 8 one (a wrong count), a larger one indexes past the arrays (a panic). The registry declares it a solution of CSES 1624 alone, so the judge gives it 8 x 8
//! boards only, as CSES does. Cost: at most 8^8 nodes, each O(1).

const SIDE: usize = 8;

/// The number of ways to place 8 non-attacking queens on the 8 x 8 board `reserved`.
///
/// # Panics
/// When the board is not 8 x 8.
pub fn count(reserved: &[Vec<bool>]) -> u64 {
    let mut board = [[false; SIDE]; SIDE];
    for (row, squares) in reserved.iter().enumerate() {
        for (col, &is_reserved) in squares.iter().enumerate() {
            board[row][col] = is_reserved;
        }
    }
    let mut columns = [false; SIDE];
    let mut rising = [false; 2 * SIDE - 1];
    let mut falling = [false; 2 * SIDE - 1];
    place(0, &board, &mut columns, &mut rising, &mut falling)
}

fn place(
    row: usize,
    board: &[[bool; SIDE]; SIDE],
    columns: &mut [bool; SIDE],
    rising: &mut [bool; 2 * SIDE - 1],
    falling: &mut [bool; 2 * SIDE - 1],
) -> u64 {
    if row == SIDE {
        return 1;
    }
    let mut ways = 0;
    for col in 0..SIDE {
        let (up, down) = (row + col, row + SIDE - 1 - col);
        if board[row][col] || columns[col] || rising[up] || falling[down] {
            continue;
        }
        columns[col] = true;
        rising[up] = true;
        falling[down] = true;
        ways += place(row + 1, board, columns, rising, falling);
        columns[col] = false;
        rising[up] = false;
        falling[down] = false;
    }
    ways
}
