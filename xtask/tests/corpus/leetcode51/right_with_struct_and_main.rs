// LeetCode 51 N-Queens as written in a local crate before pasting: it DECLARES `pub struct
// Solution;`, has `use` lines, its own `fn main` and a `#[cfg(test)]` module (HashSets for the
// columns and diagonals). Expected verdict: AC for 1 <= n <= 9 -- the judge must cope with the
// struct, the main and the tests being there.
use std::collections::HashSet;

pub struct Solution;

impl Solution {
    pub fn solve_n_queens(n: i32) -> Vec<Vec<String>> {
        let mut boards = Vec::new();
        let mut rows = vec![vec!['.'; n as usize]; n as usize];
        let mut cols = HashSet::new();
        let mut sums = HashSet::new();
        let mut diffs = HashSet::new();
        Self::place(0, n, &mut rows, &mut cols, &mut sums, &mut diffs, &mut boards);
        boards
    }

    #[allow(clippy::too_many_arguments)]
    fn place(
        row: i32,
        n: i32,
        rows: &mut Vec<Vec<char>>,
        cols: &mut HashSet<i32>,
        sums: &mut HashSet<i32>,
        diffs: &mut HashSet<i32>,
        boards: &mut Vec<Vec<String>>,
    ) {
        if row == n {
            boards.push(rows.iter().map(|r| r.iter().collect()).collect());
            return;
        }
        for col in 0..n {
            if cols.contains(&col) || sums.contains(&(row + col)) || diffs.contains(&(row - col)) {
                continue;
            }
            cols.insert(col);
            sums.insert(row + col);
            diffs.insert(row - col);
            rows[row as usize][col as usize] = 'Q';
            Self::place(row + 1, n, rows, cols, sums, diffs, boards);
            rows[row as usize][col as usize] = '.';
            cols.remove(&col);
            sums.remove(&(row + col));
            diffs.remove(&(row - col));
        }
    }
}

fn main() {
    println!("{:?}", Solution::solve_n_queens(4));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_has_the_two_known_boards() {
        let boards: HashSet<Vec<String>> = Solution::solve_n_queens(4).into_iter().collect();
        let expected: HashSet<Vec<String>> = [[".Q..", "...Q", "Q...", "..Q."], ["..Q.", "Q...", "...Q", ".Q.."]]
            .iter()
            .map(|board| board.iter().map(|row| row.to_string()).collect())
            .collect();
        assert_eq!(boards, expected);
    }

    #[test]
    fn counts_for_one_to_nine() {
        let counts: Vec<usize> = (1..=9).map(|n| Solution::solve_n_queens(n).len()).collect();
        assert_eq!(counts, [1, 0, 0, 2, 10, 4, 40, 92, 352]);
    }
}
