// UVa 11195 "Another n-Queen Problem": for each board, the placements of n queens on its free
// squares (bad squares block no attack), row by row with bit sets. Expected verdict: AC.
use std::io::Read;

fn place(free: &[u32], row: usize, columns: u32, rising: u32, falling: u32) -> u64 {
    let n = free.len();
    if row == n {
        return 1;
    }
    let full = (1u32 << n) - 1;
    let mut open = free[row] & !(columns | rising | falling) & full;
    let mut ways = 0;
    while open != 0 {
        let bit = open & open.wrapping_neg();
        open -= bit;
        ways += place(free, row + 1, columns | bit, ((rising | bit) << 1) & full, (falling | bit) >> 1);
    }
    ways
}

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).expect("stdin");
    let mut tokens = input.split_ascii_whitespace();
    let mut case = 0;
    while let Some(n) = tokens.next().and_then(|token| token.parse::<usize>().ok()) {
        if n == 0 {
            break;
        }
        let free: Vec<u32> = (0..n)
            .map(|_| {
                let row = tokens.next().unwrap_or("");
                row.bytes().enumerate().filter(|&(_, square)| square == b'.').fold(0, |mask, (c, _)| mask | 1 << c)
            })
            .collect();
        case += 1;
        println!("Case {case}: {}", place(&free, 0, 0, 0, 0));
    }
}
