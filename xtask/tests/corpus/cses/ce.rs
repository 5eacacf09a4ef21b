// CSES 1624: does NOT compile -- mismatched types (a &str where a u64 is wanted) on line 9:
// error[E0308]. Expected verdict: CE, the error on line 9 of this file.
use std::io::Read;

fn count(board: &[Vec<u8>], row: usize, cols: u32, sums: u32, diffs: u32) -> u64 {
    if row == 8 {
        return 1;
    }
    let mut ways: u64 = "0";
    for col in 0..8 {
        let (c, s, d) = (1 << col, 1 << (row + col), 1 << (row + 7 - col));
        if board[row][col] == b'*' || cols & c != 0 || sums & s != 0 || diffs & d != 0 {
            continue;
        }
        ways += count(board, row + 1, cols | c, sums | s, diffs | d);
    }
    ways
}

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).expect("read stdin");
    let board: Vec<Vec<u8>> = input.split_whitespace().map(|row| row.bytes().collect()).collect();
    println!("{}", count(&board, 0, 0, 0, 0));
}
