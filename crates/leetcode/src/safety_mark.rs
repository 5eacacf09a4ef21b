//! LeetCode 51 and 52 by the write-up "051 - N Queens": a `ChessBoard` that holds the
//! queens and a `SafetyMark`.
//!
//! The idea it keeps: place one queen a row, and answer "is this square safe?" in O(1) from three
//! arrays of flags instead of scanning the board. The `SafetyMark` holds one flag per column and one
//! per diagonal of each direction, 2n - 1 of each: `/` diagonals are indexed by r + c, and `\`
//! diagonals by the write-up's mapping of r - c (kept as is, see `SafetyMark::diagonal_index`).
//! A queen is marked before the recursion into the next row and unmarked after it.
//!
//! Cost: the search visits every partial placement whose queens do not attack, O(n!) in the worst
//! case, with O(n) work a node (the loop over the row's columns); each solution costs O(n^2) more to
//! write out. Memory: O(n) besides the answer.
//!
//! Std-only and self-contained, so the `impl Solution` block and its helpers paste into LeetCode's
//! editor unchanged (LeetCode declares `struct Solution` itself).

pub struct Solution;

impl Solution {
    /// Every solution of the n x n board as rows of `Q` and `.`, in the order the search finds them
    /// (lexicographic by the queens' columns). n <= 0 gives no boards.
    pub fn solve_n_queens(n: i32) -> Vec<Vec<String>> {
        let mut boards = Vec::new();
        let Ok(n) = usize::try_from(n) else {
            return boards;
        };
        if n == 0 {
            return boards;
        }
        let mut chess_board = ChessBoard::new(n);
        chess_board.place_from(0, &mut |chess_board| boards.push(chess_board.to_strings()));
        boards
    }

    /// The number of solutions of the n x n board. n <= 0 gives 0.
    ///
    /// # Panics
    /// When the count does not fit an `i32` (n >= 19); no such search finishes in practice anyway.
    pub fn total_n_queens(n: i32) -> i32 {
        let Ok(n) = usize::try_from(n) else {
            return 0;
        };
        if n == 0 {
            return 0;
        }
        let mut n_solutions: u64 = 0;
        ChessBoard::new(n).place_from(0, &mut |_| n_solutions += 1);
        i32::try_from(n_solutions).unwrap_or_else(|_| {
            panic!("{n_solutions} solutions for n = {n} do not fit the i32 LeetCode returns")
        })
    }
}

/// The queens placed so far, one column for each of the top rows, and the squares they attack.
#[derive(Debug)]
pub struct ChessBoard {
    pub n: usize,
    /// `queen_columns[row]` for the rows placed so far.
    pub queen_columns: Vec<usize>,
    pub safety_mark: SafetyMark,
}

impl ChessBoard {
    pub fn new(n: usize) -> ChessBoard {
        ChessBoard { n, queen_columns: Vec::with_capacity(n), safety_mark: SafetyMark::new(n) }
    }

    pub fn is_safe(&self, row: usize, col: usize) -> bool {
        self.safety_mark.is_safe(row, col)
    }

    pub fn place_queen(&mut self, row: usize, col: usize) {
        self.queen_columns.push(col);
        self.safety_mark.mark(row, col);
    }

    pub fn remove_queen(&mut self, row: usize, col: usize) {
        self.queen_columns.pop();
        self.safety_mark.unmark(row, col);
    }

    /// Fills rows `row..n` in every safe way and calls `on_solution` for each full board.
    ///
    /// Invariant: rows `0..row` hold a queen each, and `safety_mark` marks exactly those queens.
    pub fn place_from(&mut self, row: usize, on_solution: &mut impl FnMut(&ChessBoard)) {
        if row == self.n {
            on_solution(self);
            return;
        }
        for col in 0..self.n {
            if self.is_safe(row, col) {
                self.place_queen(row, col);
                self.place_from(row + 1, on_solution);
                self.remove_queen(row, col);
            }
        }
    }

    /// The board in LeetCode's form: one string a row, `Q` for the queen and `.` elsewhere.
    pub fn to_strings(&self) -> Vec<String> {
        self.queen_columns
            .iter()
            .map(|&queen_col| (0..self.n).map(|col| if col == queen_col { 'Q' } else { '.' }).collect())
            .collect()
    }
}

/// Which columns and diagonals already hold a queen.
#[derive(Debug)]
pub struct SafetyMark {
    pub columns: Vec<bool>,
    /// `\` diagonals (top left to bottom right), on which r - c is constant; see `diagonal_index`.
    pub diagonals_down_right: Vec<bool>,
    /// `/` diagonals (top right to bottom left), on which r + c is constant, 0..=2n-2.
    pub diagonals_down_left: Vec<bool>,
}

impl SafetyMark {
    pub fn new(n: usize) -> SafetyMark {
        let n_diagonals = 2 * n - 1;
        SafetyMark {
            columns: vec![false; n],
            diagonals_down_right: vec![false; n_diagonals],
            diagonals_down_left: vec![false; n_diagonals],
        }
    }

    pub fn is_safe(&self, row: usize, col: usize) -> bool {
        !self.columns[col]
            && !self.diagonals_down_left[row + col]
            && !self.diagonals_down_right[self.diagonal_index(row, col)]
    }

    pub fn mark(&mut self, row: usize, col: usize) {
        self.set(row, col, true);
    }

    pub fn unmark(&mut self, row: usize, col: usize) {
        self.set(row, col, false);
    }

    fn set(&mut self, row: usize, col: usize, occupied: bool) {
        let down_right = self.diagonal_index(row, col);
        self.columns[col] = occupied;
        self.diagonals_down_left[row + col] = occupied;
        self.diagonals_down_right[down_right] = occupied;
    }

    /// The write-up's mapping of r - c, which runs over -(n-1)..=n-1, onto 0..=2n-2: a difference
    /// d >= 0 keeps its place d in 0..=n-1, and a negative one goes to |d| + n - 1, in n..=2n-2.
    /// The two ranges do not overlap, so no two diagonals share a flag.
    fn diagonal_index(&self, row: usize, col: usize) -> usize {
        if row >= col {
            row - col
        } else {
            col - row + self.columns.len() - 1
        }
    }
}
