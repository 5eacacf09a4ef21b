//! Row by row backtracking for AOJ ALDS1_13_A: a row that holds a placed queen keeps it, any other
//! tries each column; a column, a `/` diagonal (row + column) and a `\` diagonal (row - column +
//! n - 1) each have one flag, as usaco.guide keeps them for CSES 1624.

/// Each row's column in a solution of the n x n board holding every queen of `placed` (row and
/// column from 0), or `None` where no solution holds them.
pub fn complete(n: usize, placed: &[(usize, usize)]) -> Option<Vec<usize>> {
    let mut fixed = vec![None; n];
    for &(row, column) in placed {
        if row >= n || column >= n || fixed[row].is_some_and(|other| other != column) {
            return None;
        }
        fixed[row] = Some(column);
    }
    let mut search = Search {
        n,
        fixed,
        columns: vec![false; n],
        rising: vec![false; 2 * n],
        falling: vec![false; 2 * n],
        chosen: Vec::with_capacity(n),
    };
    search.place(0).then_some(search.chosen)
}

struct Search {
    n: usize,
    fixed: Vec<Option<usize>>,
    columns: Vec<bool>,
    rising: Vec<bool>,
    falling: Vec<bool>,
    chosen: Vec<usize>,
}

impl Search {
    /// Places rows `row..n`, true once every row holds a queen.
    fn place(&mut self, row: usize) -> bool {
        if row == self.n {
            return true;
        }
        let candidates: Vec<usize> = match self.fixed[row] {
            Some(column) => vec![column],
            None => (0..self.n).collect(),
        };
        for column in candidates {
            let (rising, falling) = (row + column, row + self.n - 1 - column);
            if self.columns[column] || self.rising[rising] || self.falling[falling] {
                continue;
            }
            self.mark(column, rising, falling, true);
            self.chosen.push(column);
            if self.place(row + 1) {
                return true;
            }
            self.chosen.pop();
            self.mark(column, rising, falling, false);
        }
        false
    }

    fn mark(&mut self, column: usize, rising: usize, falling: usize, taken: bool) {
        self.columns[column] = taken;
        self.rising[rising] = taken;
        self.falling[falling] = taken;
    }
}
