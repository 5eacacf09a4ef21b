// LeetCode 51 N-Queens: right boards, but it prints debugging lines to STDOUT with println!
// ("placing queen at ...", "found board ..."); impl block only, no struct.
// Expected verdict: AC for 1 <= n <= 9 (the prints must not be taken for the answer).
impl Solution {
    pub fn solve_n_queens(n: i32) -> Vec<Vec<String>> {
        println!("solve_n_queens({n})");
        let n = n as usize;
        let mut boards = Vec::new();
        let mut queens: Vec<usize> = Vec::new();
        Self::place(n, &mut queens, &mut boards);
        println!("returning {} boards", boards.len());
        boards
    }

    fn place(n: usize, queens: &mut Vec<usize>, boards: &mut Vec<Vec<String>>) {
        let row = queens.len();
        if row == n {
            println!("found board #{}: {:?}", boards.len() + 1, queens);
            boards.push(queens.iter().map(|&c| format!("{}Q{}", ".".repeat(c), ".".repeat(n - c - 1))).collect());
            return;
        }
        for col in 0..n {
            let safe = queens.iter().enumerate().all(|(r, &c)| c != col && c.abs_diff(col) != row - r);
            if !safe {
                continue;
            }
            if row == 0 {
                println!("placing queen at row {row}, column {col}");
            }
            queens.push(col);
            Self::place(n, queens, boards);
            queens.pop();
        }
    }
}
