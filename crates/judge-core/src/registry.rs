//! The registry: every implementation of every solution crate, as `prefix/name`, with the problems
//! it solves.
//!
//! The solution crates keep their own lists (`cses::IMPLEMENTATIONS`, `leetcode::IMPLEMENTATIONS`),
//! so adding an implementation is one module file and one line there; this module only reads them.
//! A kernel answers every problem whose description reads and answers what it does: a CSES counter
//! (`cses/NAME`) every problem of boards and a count (CSES 1624 and the general counting problem,
//! `queens`), or only those of 8 x 8 boards when it is declared for them alone; a LeetCode module
//! appears as `leetcode51/NAME` when it has `solve_n_queens` and as `leetcode52/NAME` when it has
//! `total_n_queens`; a POJ module (`poj::IMPLEMENTATIONS`) as `poj3239/NAME`. The prefix before the
//! `/` is the `builtins` of the first problem the kernel answers.
//!
//! The deliberately broken fixtures at the end exist to show that the judge and `stress` catch
//! what they should; they are listed only when asked for.

use std::fmt;
use std::sync::OnceLock;

use checker::Board;

use crate::answer::Answer;
use crate::problem::{AnswerKind, Domain, Input, Problem, TestInput};

/// The function an implementation offers.
#[derive(Clone, Copy)]
pub enum Kernel {
    /// A CSES counter: the reserved squares, row by row, to the number of placements.
    Count(fn(&[Vec<bool>]) -> u64),
    /// LeetCode 51's `solve_n_queens`.
    Enumerate(fn(i32) -> Vec<Vec<String>>),
    /// LeetCode 52's `total_n_queens`.
    Total(fn(i32) -> i32),
    /// A POJ 3239 placement: each column's row, from 1, or none where no placement exists.
    Place(fn(usize) -> Option<Vec<usize>>),
    /// An AOJ ALDS1_13_A completion: the side and the placed queens (row, column from 0) to each
    /// row's column, or none where no solution holds them.
    Complete(aoj::Complete),
}

impl fmt::Debug for Kernel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Kernel::Count(_) => "Count",
            Kernel::Enumerate(_) => "Enumerate",
            Kernel::Total(_) => "Total",
            Kernel::Place(_) => "Place",
            Kernel::Complete(_) => "Complete",
        })
    }
}

impl Kernel {
    /// What a kernel of this kind reads and answers (a counter counts one board, or each board of
    /// a list, a line each), and its place in [`Kernel::problems`]' table.
    fn shape(self) -> (&'static [(Input, AnswerKind)], usize) {
        match self {
            Kernel::Count(_) => (&[(Input::Board, AnswerKind::Count), (Input::Boards, AnswerKind::Lines)], 0),
            Kernel::Enumerate(_) => (&[(Input::Side, AnswerKind::Boards)], 1),
            Kernel::Total(_) => (&[(Input::Side, AnswerKind::Count)], 2),
            Kernel::Place(_) => (&[(Input::Sides, AnswerKind::Placements)], 3),
            Kernel::Complete(_) => (&[(Input::Placed, AnswerKind::Lines)], 4),
        }
    }

    /// The problems a kernel of this kind answers: every one whose input and answer are the
    /// kernel's (a counter for 8 x 8 boards alone, those whose boards are all 8 x 8), in order.
    fn problems(self, only_8x8: bool) -> &'static [Problem] {
        static TABLE: OnceLock<Vec<Vec<Problem>>> = OnceLock::new();
        let table = TABLE.get_or_init(|| {
            let kinds = [
                Kernel::Count(|_| 0),
                Kernel::Enumerate(|_| Vec::new()),
                Kernel::Total(|_| 0),
                Kernel::Place(|_| None),
                Kernel::Complete(|_, _| None),
            ];
            let mut table = Vec::new();
            for kernel in kinds {
                let (shapes, _) = kernel.shape();
                for only_8x8 in [false, true] {
                    table.push(
                        Problem::all()
                            .filter(|problem| shapes.contains(&(problem.input(), problem.answer())))
                            .filter(|problem| !only_8x8 || problem.description().domain == Domain::Side(8))
                            .collect(),
                    );
                }
            }
            table
        });
        &table[self.shape().1 * 2 + usize::from(only_8x8)]
    }

    /// The id's part before the `/`: the `builtins` of the first problem it answers.
    pub fn prefix(self) -> &'static str {
        self.problems(false).first().map_or("builtin", |problem| problem.builtins())
    }

    /// Runs the kernel on `input` for `problem` (LeetCode's take the board's side; a placement,
    /// each side; a counter, each board of a list, a line each as `problem` writes it; a
    /// completion, the board it completes, a row a line).
    pub fn run(self, problem: Problem, input: &TestInput) -> Answer {
        let side = |board: &Board| i32::try_from(board.n()).expect("a board side is at most checker::MAX_N");
        match (self, input) {
            (Kernel::Count(count), TestInput::Board(board)) => {
                Answer::Count(i128::from(count(board.reserved_rows())))
            }
            (Kernel::Count(count), TestInput::Boards(boards)) => Answer::Lines(
                boards
                    .iter()
                    .enumerate()
                    .map(|(at, board)| problem.count_line(at + 1, count(board.reserved_rows())))
                    .collect(),
            ),
            (Kernel::Total(total), TestInput::Board(board)) => Answer::Count(i128::from(total(side(board)))),
            (Kernel::Enumerate(solve), TestInput::Board(board)) => Answer::Boards(solve(side(board)).into()),
            (Kernel::Place(place), TestInput::Sides(sides)) => Answer::Placements(
                sides
                    .iter()
                    .map(|&n| place(n).unwrap_or_default().into_iter().map(|row| row as u64).collect())
                    .collect(),
            ),
            (Kernel::Complete(complete), TestInput::Placed { side, queens }) => {
                let columns = complete(*side, queens).unwrap_or_default();
                Answer::Lines(checker::Placement::new(columns).to_strings())
            }
            // Never asked: an entry is only given the inputs of the problems it solves.
            _ => Answer::Lines(Vec::new()),
        }
    }
}

/// One implementation: one kernel, and the problems it answers.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub name: &'static str,
    pub summary: &'static str,
    pub kernel: Kernel,
    pub problems: &'static [Problem],
    /// A deliberately broken fixture, never part of a normal run.
    pub is_fixture: bool,
    /// For a search shown beside a construction to be too slow for its problem's range (POJ 3239's
    /// first-solution searches), the largest side it is shown to answer in time: past it, the judge
    /// runs it only when asked (`--slow`), and its TLE there is expected and fails nothing.
    pub search_reach: Option<usize>,
}

impl Entry {
    /// `prefix/name`, as `cargo xtask list` prints it.
    pub fn id(&self) -> String {
        format!("{}/{}", self.kernel.prefix(), self.name)
    }

    pub fn solves(&self, problem: Problem) -> bool {
        self.problems.contains(&problem)
    }

    /// An implementation of `kernel` (a real one: not a fixture, no reach), answering every
    /// problem whose input and answer it has (the 8 x 8 ones alone where `only_8x8`).
    fn new(name: &'static str, summary: &'static str, kernel: Kernel, only_8x8: bool) -> Entry {
        Entry {
            name,
            summary,
            kernel,
            problems: kernel.problems(only_8x8),
            is_fixture: false,
            search_reach: None,
        }
    }
}

/// Every real implementation, CSES first, in each crate's own order.
pub fn implementations() -> Vec<Entry> {
    let mut entries: Vec<Entry> = cses::IMPLEMENTATIONS
        .iter()
        .map(|found| {
            Entry::new(found.name, found.summary, Kernel::Count(found.count), found.eight_by_eight_only)
        })
        .collect();
    let leetcode = |kernel: fn(&leetcode::Implementation) -> Option<Kernel>| {
        leetcode::IMPLEMENTATIONS
            .iter()
            .filter_map(move |found| Some(Entry::new(found.name, found.summary, kernel(found)?, false)))
    };
    // Every LeetCode 51 entry, then every LeetCode 52 one, as `cargo xtask list` shows them.
    entries.extend(leetcode(|found| found.solve_n_queens.map(Kernel::Enumerate)));
    entries.extend(leetcode(|found| found.total_n_queens.map(Kernel::Total)));
    entries.extend(poj::IMPLEMENTATIONS.iter().map(|found| Entry {
        search_reach: found.search,
        ..Entry::new(found.name, found.summary, Kernel::Place(found.place), false)
    }));
    entries.extend(
        aoj::IMPLEMENTATIONS
            .iter()
            .map(|found| Entry::new(found.name, found.summary, Kernel::Complete(found.complete), false)),
    );
    entries
}

/// The deliberately broken fixtures, one per way a solution can fail.
pub fn fixtures() -> Vec<Entry> {
    let fixture = |name, summary, kernel: Kernel| Entry {
        is_fixture: true,
        ..Entry::new(name, summary, kernel, false)
    };
    vec![
        fixture("broken-panics", "panics on every board", Kernel::Count(broken::panics)),
        fixture("broken-never-returns", "spins forever", Kernel::Count(broken::never_returns)),
        fixture("broken-eats-memory", "allocates without bound", Kernel::Count(broken::eats_memory)),
        fixture("broken-overflows-stack", "recurses without end", Kernel::Count(broken::overflows_stack)),
        fixture("broken-off-by-one", "the right count plus one", Kernel::Count(broken::off_by_one)),
        fixture(
            "broken-ignores-last-row-reserved",
            "treats the last row's reserved squares as free",
            Kernel::Count(broken::ignores_last_row_reserved),
        ),
        fixture(
            "broken-slow-on-one-board",
            "spins forever on boards whose first square is reserved, right elsewhere",
            Kernel::Count(broken::slow_when_corner_reserved),
        ),
        fixture("broken-drops-a-board", "forgets the last board", Kernel::Enumerate(broken::drops_a_board)),
        fixture(
            "broken-attacking-board",
            "moves one queen of the first board",
            Kernel::Enumerate(broken::attacking_board),
        ),
    ]
}

/// The implementations a run considers: the real ones, plus the fixtures when asked.
pub fn entries(with_fixtures: bool) -> Vec<Entry> {
    let mut entries = implementations();
    if with_fixtures {
        entries.extend(fixtures());
    }
    entries
}

/// The implementation (real or fixture) with this `prefix/name` id.
pub fn find(id: &str) -> Option<Entry> {
    // Compared in its parts, without making each entry's id: every run's child looks itself up.
    let (prefix, name) = id.split_once('/')?;
    entries(true).into_iter().find(|entry| entry.name == name && entry.kernel.prefix() == prefix)
}

/// The fixtures' bodies: each fails in exactly one way, on purpose.
mod broken {
    use std::hint::black_box;

    pub fn panics(_reserved: &[Vec<bool>]) -> u64 {
        panic!("deliberate panic in a broken fixture")
    }

    pub(crate) fn never_returns(reserved: &[Vec<bool>]) -> u64 {
        let mut spins = 0u64;
        while black_box(reserved.len()) > 0 {
            spins = black_box(spins.wrapping_add(1));
        }
        spins
    }

    pub(crate) fn slow_when_corner_reserved(reserved: &[Vec<bool>]) -> u64 {
        if reserved[0][0] {
            return never_returns(reserved);
        }
        cses::bitmask::count(reserved)
    }

    pub(crate) fn eats_memory(reserved: &[Vec<bool>]) -> u64 {
        let mut hoard: Vec<Vec<u8>> = Vec::new();
        loop {
            // Touch every page so the memory is really used, not just reserved.
            hoard.push(vec![black_box(1u8); 64 << 20]);
            if black_box(hoard.len()) == usize::MAX {
                return reserved.len() as u64;
            }
        }
    }

    pub(crate) fn overflows_stack(reserved: &[Vec<bool>]) -> u64 {
        fn descend(depth: u64, padding: [u64; 64]) -> u64 {
            let padding = black_box(padding);
            if black_box(depth) == u64::MAX {
                return 0;
            }
            descend(depth + 1, padding) + padding[(depth % 64) as usize]
        }
        descend(reserved.len() as u64, [0; 64])
    }

    pub(crate) fn off_by_one(reserved: &[Vec<bool>]) -> u64 {
        cses::bitmask::count(reserved) + 1
    }

    pub(crate) fn ignores_last_row_reserved(reserved: &[Vec<bool>]) -> u64 {
        let mut freed = reserved.to_vec();
        if let Some(last) = freed.last_mut() {
            last.iter_mut().for_each(|square| *square = false);
        }
        cses::bitmask::count(&freed)
    }

    pub(crate) fn drops_a_board(n: i32) -> Vec<Vec<String>> {
        let mut boards = leetcode::bitmask::Solution::solve_n_queens(n);
        boards.pop();
        boards
    }

    pub(crate) fn attacking_board(n: i32) -> Vec<Vec<String>> {
        let mut boards = leetcode::bitmask::Solution::solve_n_queens(n);
        if let Some(first) = boards.first_mut() {
            // Put the second row's queen straight below the first row's: a column attack.
            if first.len() >= 2 {
                first[1] = first[0].clone();
            }
        }
        boards
    }
}
