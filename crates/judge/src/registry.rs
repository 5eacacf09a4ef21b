//! The registry: every implementation of every solution crate, as `problem/name`.
//!
//! The solution crates keep their own lists (`cses::IMPLEMENTATIONS`, `leetcode::IMPLEMENTATIONS`),
//! so adding an implementation is one line there; this module only reads them. LeetCode's modules
//! answer two problems each, so each appears twice: `leetcode51/NAME` and `leetcode52/NAME`.
//!
//! The deliberately broken fixtures at the end exist to show that the judge and `stress` catch
//! what they should; they are listed only when asked for.

use std::fmt;

use lexopt::prelude::*;

use crate::cli::help_requested;

/// The problems the judge knows.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Problem {
    /// CSES 1624: count the placements on a board with reserved squares.
    Cses,
    /// LeetCode 51: every board of the empty n x n board.
    LeetCode51,
    /// LeetCode 52: the number of boards of the empty n x n board.
    LeetCode52,
}

impl Problem {
    pub const ALL: [Problem; 3] = [Problem::Cses, Problem::LeetCode51, Problem::LeetCode52];

    /// The id used before the `/` of an implementation's id.
    pub fn id(self) -> &'static str {
        match self {
            Problem::Cses => "cses",
            Problem::LeetCode51 => "leetcode51",
            Problem::LeetCode52 => "leetcode52",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Problem::Cses => "CSES 1624 Chessboard and Queens (count, reserved squares)",
            Problem::LeetCode51 => "LeetCode 51 N-Queens (every board, empty boards)",
            Problem::LeetCode52 => "LeetCode 52 N-Queens II (count, empty boards)",
        }
    }

    /// Whether this problem's implementations can answer a case on that kind of board.
    pub fn answers(self, is_empty_board: bool) -> bool {
        self == Problem::Cses || is_empty_board
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// The function an implementation offers, by problem.
#[derive(Clone, Copy)]
pub enum Kernel {
    Count(fn(&[Vec<bool>]) -> u64),
    Enumerate(fn(i32) -> Vec<Vec<String>>),
    Total(fn(i32) -> i32),
}

impl fmt::Debug for Kernel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Kernel::Count(_) => "Count",
            Kernel::Enumerate(_) => "Enumerate",
            Kernel::Total(_) => "Total",
        })
    }
}

/// One implementation of one problem.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub problem: Problem,
    pub name: &'static str,
    pub summary: &'static str,
    pub kernel: Kernel,
    /// A deliberately broken fixture, never part of a normal run.
    pub is_fixture: bool,
}

impl Entry {
    /// `problem/name`, as `cargo xtask list` prints it.
    pub fn id(&self) -> String {
        format!("{}/{}", self.problem.id(), self.name)
    }
}

/// Every real implementation, CSES first, in each crate's own order.
pub fn implementations() -> Vec<Entry> {
    let mut entries = Vec::new();
    for implementation in cses::IMPLEMENTATIONS {
        entries.push(Entry {
            problem: Problem::Cses,
            name: implementation.name,
            summary: implementation.summary,
            kernel: Kernel::Count(implementation.count),
            is_fixture: false,
        });
    }
    for implementation in leetcode::IMPLEMENTATIONS {
        entries.push(Entry {
            problem: Problem::LeetCode51,
            name: implementation.name,
            summary: implementation.summary,
            kernel: Kernel::Enumerate(implementation.solve_n_queens),
            is_fixture: false,
        });
    }
    for implementation in leetcode::IMPLEMENTATIONS {
        entries.push(Entry {
            problem: Problem::LeetCode52,
            name: implementation.name,
            summary: implementation.summary,
            kernel: Kernel::Total(implementation.total_n_queens),
            is_fixture: false,
        });
    }
    entries
}

/// The deliberately broken fixtures, one per way a solution can fail.
pub fn fixtures() -> Vec<Entry> {
    let fixture = |problem, name, summary, kernel| Entry { problem, name, summary, kernel, is_fixture: true };
    vec![
        fixture(Problem::Cses, "broken-panics", "panics on every board", Kernel::Count(broken::panics)),
        fixture(Problem::Cses, "broken-never-returns", "spins forever", Kernel::Count(broken::never_returns)),
        fixture(
            Problem::Cses,
            "broken-eats-memory",
            "allocates without bound",
            Kernel::Count(broken::eats_memory),
        ),
        fixture(
            Problem::Cses,
            "broken-overflows-stack",
            "recurses without end",
            Kernel::Count(broken::overflows_stack),
        ),
        fixture(
            Problem::Cses,
            "broken-off-by-one",
            "the right count plus one",
            Kernel::Count(broken::off_by_one),
        ),
        fixture(
            Problem::Cses,
            "broken-ignores-last-row-reserved",
            "treats the last row's reserved squares as free",
            Kernel::Count(broken::ignores_last_row_reserved),
        ),
        fixture(
            Problem::LeetCode51,
            "broken-drops-a-board",
            "forgets the last board",
            Kernel::Enumerate(broken::drops_a_board),
        ),
        fixture(
            Problem::LeetCode51,
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

/// The implementation (real or fixture) with this `problem/name` id.
pub fn find(id: &str) -> Option<Entry> {
    entries(true).into_iter().find(|entry| entry.id() == id)
}

/// The fixtures' bodies: each fails in exactly one way, on purpose.
mod broken {
    use std::hint::black_box;

    pub fn panics(_reserved: &[Vec<bool>]) -> u64 {
        panic!("deliberate panic in a broken fixture")
    }

    pub fn never_returns(reserved: &[Vec<bool>]) -> u64 {
        let mut spins = 0u64;
        while black_box(reserved.len()) > 0 {
            spins = black_box(spins.wrapping_add(1));
        }
        spins
    }

    pub fn eats_memory(reserved: &[Vec<bool>]) -> u64 {
        let mut hoard: Vec<Vec<u8>> = Vec::new();
        loop {
            // Touch every page so the memory is really used, not just reserved.
            hoard.push(vec![black_box(1u8); 64 << 20]);
            if black_box(hoard.len()) == usize::MAX {
                return reserved.len() as u64;
            }
        }
    }

    pub fn overflows_stack(reserved: &[Vec<bool>]) -> u64 {
        fn descend(depth: u64, padding: [u64; 64]) -> u64 {
            let padding = black_box(padding);
            if black_box(depth) == u64::MAX {
                return 0;
            }
            descend(depth + 1, padding) + padding[(depth % 64) as usize]
        }
        descend(reserved.len() as u64, [0; 64])
    }

    pub fn off_by_one(reserved: &[Vec<bool>]) -> u64 {
        cses::bitmask::count(reserved) + 1
    }

    pub fn ignores_last_row_reserved(reserved: &[Vec<bool>]) -> u64 {
        let mut freed = reserved.to_vec();
        if let Some(last) = freed.last_mut() {
            last.iter_mut().for_each(|square| *square = false);
        }
        cses::bitmask::count(&freed)
    }

    pub fn drops_a_board(n: i32) -> Vec<Vec<String>> {
        let mut boards = leetcode::bitmask::Solution::solve_n_queens(n);
        boards.pop();
        boards
    }

    pub fn attacking_board(n: i32) -> Vec<Vec<String>> {
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

/// Runs `cargo xtask list`: every implementation, one `problem/name` a line.
///
/// # Errors
/// A usage error, as one line.
pub fn list_command(mut parser: lexopt::Parser) -> Result<i32, String> {
    let mut with_fixtures = false;
    while let Some(argument) = parser.next().map_err(|error| error.to_string())? {
        match argument {
            Long("with-fixtures") => with_fixtures = true,
            Short('h') | Long("help") => return help_requested(),
            other => return Err(other.unexpected().to_string()),
        }
    }
    for entry in entries(with_fixtures) {
        println!("{}", entry.id());
    }
    Ok(0)
}
