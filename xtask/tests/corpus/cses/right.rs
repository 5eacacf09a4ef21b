// CSES 1624 Chessboard and Queens: a right whole Rust program (reads the board from stdin,
// counts with bitmasks). Expected verdict: AC on every 8 x 8 board.
use std::io::Read;

fn count(free: &[u8; 8], row: usize, cols: u8, sums: u16, diffs: u16) -> u64 {
    if row == 8 {
        return 1;
    }
    let mut ways = 0;
    for col in 0..8 {
        if free[row] & (1 << col) == 0 || cols & (1 << col) != 0 {
            continue;
        }
        let (sum, diff) = (row + col, row + 7 - col);
        if sums & (1 << sum) != 0 || diffs & (1 << diff) != 0 {
            continue;
        }
        ways += count(free, row + 1, cols | 1 << col, sums | 1 << sum, diffs | 1 << diff);
    }
    ways
}

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut free = [0u8; 8];
    for (row, line) in input.lines().filter(|line| !line.trim().is_empty()).take(8).enumerate() {
        for (col, square) in line.trim().bytes().take(8).enumerate() {
            if square == b'.' {
                free[row] |= 1 << col;
            }
        }
    }
    println!("{}", count(&free, 0, 0, 0, 0));
}
