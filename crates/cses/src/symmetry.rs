//! CSES 1624 by the classic symmetry method, as the well-known fast counters of the 1990s and
//! 2000s do it on the empty board: bitboards, the top queen kept near the left corner, and a
//! rotation check at each solution found, which counts it 2, 4 or 8 times.
//!
//! Why it works. The 8 symmetries of the square (4 rotations, 4 reflections) map solutions to
//! solutions when the reserved squares map onto themselves, as on the empty board. No solution is
//! its own mirror image under a reflection (two queens would share a line, or all of them a
//! diagonal), so each family of images holds 8, 4 or 2 solutions: 2 when a quarter turn maps the
//! solution onto itself, 4 when only a half turn does. The search visits only solutions that may be
//! the least of their family, comparing boards row by row (a row by its queen's column), and
//! weighs each one it keeps by its family's size. Two kinds:
//! - A queen in the top left corner. Its family has 8 members and exactly two of them keep that
//!   corner: the solution and its transpose, whose row 1 queen stands in the column where the
//!   first stands in row 1 of column 1. Keeping the one whose column 1 queen is lower than row 1's
//!   queen is right, so column 1 is closed above that row. Each solution found counts 8.
//! - No corner queen: the top queen in column `top`, with `1 <= top < (n - 1) / 2`, must be at least
//!   as near a corner as the other three border queens. So both side columns stay empty above row
//!   `top`; by row `n - 1 - top` both must be taken; the bottom queen stands between columns `top`
//!   and `n - 1 - top`. At a solution the three rotations are compared with it, but only those
//!   whose top row ties with it (a test of one square each): a smaller rotation drops it, an equal
//!   quarter turn weighs 2, an equal half turn 4, else 8.
//!
//! Boards whose reserved squares keep fewer symmetries take what they keep: with the left-right
//! mirror, the top queen's left half counts twice (the middle column once); with none, a plain
//! search. The first rows' placements are shared among threads, one per core, from one queue (for
//! n > 10; a smaller board's whole search takes less time than starting a thread).
//!
//! Cost: the pruned tree is about an eighth of the plain search's on the empty board, O(1) a node
//! and O(n) at the few solutions whose rotations tie on the top row; memory O(n) a thread. It still
//! finds many solutions that a rotation then drops, and a search by rows cannot prune the dead ends
//! that the side columns cause until their rows come; counters that place border queens first
//! (`fastest`) do better.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

/// Counts the placements of n queens on the n x n board whose reserved squares are
/// `reserved[row][col]`, n being `reserved.len()`; a reserved square holds no queen but blocks no
/// attack. A square missing from a short row counts as free; squares past column n are ignored.
///
/// # Complexity
/// Exponential in n: on the empty board about an eighth of a plain search's nodes.
///
/// # Panics
/// When n is 64 or more, past what a `u64` mask holds.
pub fn count(reserved: &[Vec<bool>]) -> u64 {
    let n = reserved.len();
    assert!(n < 64, "board side {n} does not fit a 64-bit mask");
    if n == 0 {
        return 1;
    }
    let is_reserved = |row: usize, col: usize| reserved[row].get(col).copied().unwrap_or(false);
    let free: Vec<u64> = (0..n)
        .map(|row| (0..n).filter(|&col| !is_reserved(row, col)).fold(0, |mask, col| mask | 1 << col))
        .collect();
    let keeps = |map: fn(usize, usize, usize) -> (usize, usize)| {
        (0..n).all(|row| {
            (0..n).all(|col| {
                let (to_row, to_col) = map(n, row, col);
                is_reserved(row, col) == is_reserved(to_row, to_col)
            })
        })
    };
    // A quarter turn and a reflection generate all eight.
    let quarter_turn = keeps(|n, row, col| (col, n - 1 - row));
    let mirror = keeps(|n, row, col| (row, n - 1 - col));
    let transpose = keeps(|_, row, col| (col, row));

    let jobs = if n >= 4 && quarter_turn && transpose {
        classic_jobs(n, &free)
    } else if n >= 2 && mirror {
        mirror_jobs(n, &free)
    } else {
        plain_jobs(n, &free)
    };
    run_jobs(n, &free, &jobs)
}

/// How the search of one job is pruned and weighed.
#[derive(Clone, Copy, Debug)]
enum Kind {
    /// Every solution counts `weight` times, with no pruning beyond the job's first rows.
    Plain { weight: u64 },
    /// A queen in the top left corner and row 1's queen in column `second`: column 1 is closed
    /// above row `second`, and each solution counts 8.
    Corner { second: usize },
    /// The top queen in column `top`, not a corner: the side and bottom rules of the module's
    /// header, and the rotation check at each solution.
    Border { top: usize },
}

/// The search below a placement of the first rows: the rows placed, their queens (one bit each),
/// and the columns and diagonals they attack on the next row.
#[derive(Clone, Copy, Debug)]
struct Job {
    kind: Kind,
    row: usize,
    queens: [u64; 3],
    columns: u64,
    left: u64,
    right: u64,
}

impl Job {
    fn place(self, queen: u64) -> Job {
        let mut queens = self.queens;
        if self.row < queens.len() {
            queens[self.row] = queen;
        }
        Job {
            kind: self.kind,
            row: self.row + 1,
            queens,
            columns: self.columns | queen,
            left: (self.left | queen) << 1,
            right: (self.right | queen) >> 1,
        }
    }
}

/// The bits of `mask`, lowest first.
fn bits(mut mask: u64) -> impl Iterator<Item = u64> {
    std::iter::from_fn(move || {
        let bit = mask & mask.wrapping_neg();
        mask ^= bit;
        (bit != 0).then_some(bit)
    })
}

const NO_QUEEN: Job =
    Job { kind: Kind::Plain { weight: 1 }, row: 0, queens: [0; 3], columns: 0, left: 0, right: 0 };

/// The jobs of the classic method (n >= 4, all eight symmetries kept): the corner's placements of
/// rows 0 to 2, and the border's of rows 0 and 1.
fn classic_jobs(n: usize, free: &[u64]) -> Vec<Job> {
    let mut jobs = Vec::new();
    if free[0] & 1 != 0 {
        let corner = NO_QUEEN.place(1);
        for second in (2..n - 1).filter(|&second| free[1] >> second & 1 != 0) {
            let kind = Kind::Corner { second };
            let job = Job { kind, ..corner.place(1 << second) };
            let row_2 = pruned(n, free, kind)[2];
            for queen in bits(row_2 & !(job.columns | job.left | job.right)) {
                jobs.push(job.place(queen));
            }
        }
    }
    for top in (1..n).take_while(|&top| top < n - 1 - top) {
        if free[0] >> top & 1 == 0 {
            continue;
        }
        let kind = Kind::Border { top };
        let job = Job { kind, ..NO_QUEEN.place(1 << top) };
        let row_1 = pruned(n, free, kind)[1];
        for queen in bits(row_1 & !(job.columns | job.left | job.right)) {
            jobs.push(job.place(queen));
        }
    }
    jobs
}

/// The jobs when the left-right mirror is a symmetry: a top queen left of the middle counts twice,
/// one in the middle column once, the rows 0 and 1 placed.
fn mirror_jobs(n: usize, free: &[u64]) -> Vec<Job> {
    let mut jobs = Vec::new();
    for top in bits(free[0] & ((1 << n.div_ceil(2)) - 1)) {
        let weight = if n % 2 == 1 && top == 1 << (n / 2) { 1 } else { 2 };
        let job = Job { kind: Kind::Plain { weight }, ..NO_QUEEN.place(top) };
        for queen in bits(free[1] & !(job.columns | job.left | job.right)) {
            jobs.push(job.place(queen));
        }
    }
    jobs
}

/// The jobs of a plain search: row 0 placed (none for the empty board of side 0).
fn plain_jobs(n: usize, free: &[u64]) -> Vec<Job> {
    if n == 0 {
        return vec![NO_QUEEN];
    }
    bits(free[0]).map(|queen| NO_QUEEN.place(queen)).collect()
}

/// Boards up to this side are counted on the calling thread: asking for the cores and starting
/// threads would cost more than the whole search (about 30 microseconds, against 70 for Q(10)).
const ONE_THREAD_MAX_N: usize = 10;

/// Runs the jobs on one thread per core (one for small boards), each taking the next job from one
/// queue.
fn run_jobs(n: usize, free: &[u64], jobs: &[Job]) -> u64 {
    let next = AtomicUsize::new(0);
    let work = || {
        let mut total = 0;
        while let Some(job) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) {
            if job.row == n {
                // Only the board of side 1 is whole once its first row is placed.
                total += 1;
                continue;
            }
            let mut search = Search::new(n, free, job);
            total += search.below(job.row, job.columns, job.left, job.right);
        }
        total
    };
    // Asked only when needed: on Linux the answer reads the cgroup files, some 30 microseconds.
    let threads = if n <= ONE_THREAD_MAX_N {
        1
    } else {
        thread::available_parallelism().map_or(1, usize::from).min(jobs.len()).max(1)
    };
    if threads == 1 {
        return work();
    }
    thread::scope(|scope| {
        let workers: Vec<_> = (0..threads).map(|_| scope.spawn(work)).collect();
        workers.into_iter().map(|worker| worker.join().expect("a counting thread panicked")).sum()
    })
}

/// Each row's free squares less those a kind of job closes: column 1 above row 1's queen for a
/// corner; for a border top queen, the side columns above its row, and in the bottom row the
/// columns outside `top..=n - 1 - top`.
fn pruned(n: usize, board: &[u64], kind: Kind) -> [u64; MAX_ROWS] {
    let mut free = [0; MAX_ROWS];
    free[..n].copy_from_slice(board);
    match kind {
        Kind::Plain { .. } => {}
        Kind::Corner { second } => (2..second).for_each(|row| free[row] &= !2),
        Kind::Border { top } => {
            (1..top).for_each(|row| free[row] &= !(1 | 1 << (n - 1)));
            free[n - 1] &= ((1 << (n - top)) - 1) & !((1 << top) - 1);
        }
    }
    free
}

/// The most rows a search holds: a `u64` mask's columns.
const MAX_ROWS: usize = 64;

/// The state of one job's search, in fixed arrays so that a step reads them without indirection.
struct Search {
    last: usize,
    kind: Kind,
    /// Each row's free squares, with the job's pruning already applied to them.
    free: [u64; MAX_ROWS],
    /// The queen of each row placed so far, one bit each.
    queens: [u64; MAX_ROWS],
    /// For `Border`: the row by which both side columns must be taken, and the side columns.
    deadline: usize,
    sides: u64,
}

impl Search {
    fn new(n: usize, board: &[u64], job: &Job) -> Search {
        let deadline = match job.kind {
            Kind::Border { top } => n - 1 - top,
            _ => n,
        };
        let mut queens = [0; MAX_ROWS];
        let placed = job.row.min(job.queens.len());
        queens[..placed].copy_from_slice(&job.queens[..placed]);
        Search {
            last: n - 1,
            kind: job.kind,
            free: pruned(n, board, job.kind),
            queens,
            deadline,
            sides: 1 | 1 << (n - 1),
        }
    }

    /// The weighted count of the solutions below the rows placed before `row` (`row <= last`),
    /// given the columns and diagonals they attack on `row`.
    #[inline(never)]
    fn below(&mut self, row: usize, columns: u64, left: u64, right: u64) -> u64 {
        self.level::<true>(row, columns, left, right)
    }

    /// One row of [`Search::below`]; with `INLINE`, its calls for the next row are compiled into
    /// it (two rows a call), as C compilers do with such recursions: about a fifth faster.
    #[inline(always)]
    fn level<const INLINE: bool>(&mut self, row: usize, columns: u64, left: u64, right: u64) -> u64 {
        let mut candidates = self.free[row] & !(columns | left | right);
        if row == self.last {
            return self.complete(candidates);
        }
        if row == self.deadline {
            // Both side columns must be taken by the end of this row.
            match columns & self.sides {
                0 => return 0,
                taken if taken != self.sides => candidates &= self.sides,
                _ => {}
            }
        }
        let mut total = 0;
        while candidates != 0 {
            let queen = candidates & candidates.wrapping_neg();
            candidates ^= queen;
            self.queens[row] = queen;
            let (columns, left, right) = (columns | queen, (left | queen) << 1, (right | queen) >> 1);
            total += if INLINE {
                self.level::<false>(row + 1, columns, left, right)
            } else {
                self.below(row + 1, columns, left, right)
            };
        }
        total
    }

    /// The weight of the solution whose bottom row's candidates are `bottom`: one column is left
    /// there, so at most one candidate.
    fn complete(&mut self, bottom: u64) -> u64 {
        if bottom == 0 {
            return 0;
        }
        self.queens[self.last] = bottom;
        self.weight()
    }

    /// How many times the solution in `queens` counts. Kept out of line, so that the search's own
    /// calls save few registers.
    #[inline(never)]
    fn weight(&self) -> u64 {
        match self.kind {
            Kind::Plain { weight } => weight,
            Kind::Corner { .. } => 8,
            Kind::Border { top } => self.border_weight(top),
        }
    }

    /// The rotation check: 0 when a rotation of the solution is smaller, else its family's size.
    fn border_weight(&self, top: usize) -> u64 {
        let last = self.last;
        let n = last + 1;
        let column = |row: usize| self.queens[row].trailing_zeros() as usize;
        // A rotation's top row ties with the solution's only when the border queen it brings to
        // the top stands as near the corner as the top queen; the pruning makes it no nearer.
        let quarter_ties = column(last - top) == 0;
        let half_ties = column(last) == last - top;
        let three_quarters_ties = column(top) == last;
        if !(quarter_ties || half_ties || three_quarters_ties) {
            return 8;
        }
        let columns: Vec<usize> = (0..n).map(column).collect();
        let mut row_of_column = vec![0; n];
        for (row, &col) in columns.iter().enumerate() {
            row_of_column[col] = row;
        }
        // The rotations map (row, col) to (col, last - row), (last - row, last - col) and
        // (last - col, row): an image's queen in row r is read back through the original.
        let quarter = |row: usize| last - row_of_column[row];
        let half = |row: usize| last - columns[last - row];
        let three_quarters = |row: usize| row_of_column[last - row];
        let compare = |image: &dyn Fn(usize) -> usize| (0..n).map(image).cmp(columns.iter().copied());
        use std::cmp::Ordering::{Equal, Less};
        if quarter_ties {
            match compare(&quarter) {
                Less => return 0,
                Equal => return 2,
                _ => {}
            }
        }
        if half_ties {
            match compare(&half) {
                Less => return 0,
                Equal => return 4,
                _ => {}
            }
        }
        if three_quarters_ties && compare(&three_quarters) == Less {
            return 0;
        }
        8
    }
}
