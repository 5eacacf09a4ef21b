// LeetCode 51 N-Queens as pasted into LeetCode's editor: only the impl block, NO `struct
// Solution` (LeetCode supplies it). Bitmask backtracking. Expected verdict: AC for 1 <= n <= 9.
impl Solution {
    pub fn solve_n_queens(n: i32) -> Vec<Vec<String>> {
        fn place(n: usize, row: usize, masks: (u32, u32, u32), queens: &mut Vec<usize>, boards: &mut Vec<Vec<String>>) {
            if row == n {
                let board = queens
                    .iter()
                    .map(|&col| (0..n).map(|c| if c == col { 'Q' } else { '.' }).collect())
                    .collect();
                boards.push(board);
                return;
            }
            let (cols, sums, diffs) = masks;
            for col in 0..n {
                let (c, s, d) = (1 << col, 1 << (row + col), 1 << (row + n - 1 - col));
                if cols & c != 0 || sums & s != 0 || diffs & d != 0 {
                    continue;
                }
                queens.push(col);
                place(n, row + 1, (cols | c, sums | s, diffs | d), queens, boards);
                queens.pop();
            }
        }
        let n = n as usize;
        let mut boards = Vec::new();
        place(n, 0, (0, 0, 0), &mut Vec::with_capacity(n), &mut boards);
        boards
    }
}
