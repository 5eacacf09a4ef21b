// A near miss pasted from an IDE's scratch project: `struct Solution;`, an impl whose function
// carries LeetCode 51's name, solve_n_queens, with LeetCode 52's return type and body (a right
// counter of n-queens boards), and the `fn main` that `cargo new` wrote, which only prints
// "Hello, world!". Having a main, it is judged as a whole CSES 1624 program, and it never reads
// the board nor prints a count. Expected verdict: WA on every board.
struct Solution;

impl Solution {
    pub fn solve_n_queens(n: i32) -> i32 {
        fn backtrack(row: i32, n: i32, cols: u32, diag1: u32, diag2: u32) -> i32 {
            if row == n {
                return 1;
            }
            let mut count = 0;
            for col in 0..n {
                let c = 1 << col;
                let d1 = 1 << (row + col);
                let d2 = 1 << (row - col + n - 1);
                if cols & c != 0 || diag1 & d1 != 0 || diag2 & d2 != 0 {
                    continue;
                }
                count += backtrack(row + 1, n, cols | c, diag1 | d1, diag2 | d2);
            }
            count
        }
        backtrack(0, n, 0, 0, 0)
    }
}

fn main() {
    println!("Hello, world!");
}
