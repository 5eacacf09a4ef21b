//! The problems the judge knows, each with the inputs its own judge gives.
//!
//! A case belongs to every problem whose input it is: an 8 x 8 board is a CSES 1624 input, an empty
//! board a LeetCode input (within LeetCode's constraint 1 <= n <= 9, or beyond it, shown as such),
//! and every board is an input of the general counting problem, `queens`. An implementation declares
//! which problems it solves (see [`crate::registry`]); it is judged only on their inputs, so a CSES
//! solution written for 8 x 8 boards alone is judged on 8 x 8 boards alone.

use std::fmt;

use checker::Board;

/// One problem, as its judge defines it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Problem {
    /// CSES 1624 "Chessboard and Queens": an 8 x 8 board with reserved squares on stdin, one count.
    Cses1624,
    /// The general counting problem the CSES counters also solve: any side from 1 to
    /// [`checker::MAX_N`], with reserved squares.
    Queens,
    /// LeetCode 51 "N-Queens": every board of the empty n x n board.
    #[serde(rename = "leetcode51")]
    LeetCode51,
    /// LeetCode 52 "N-Queens II": the number of boards of the empty n x n board.
    #[serde(rename = "leetcode52")]
    LeetCode52,
}

/// Whether an input lies within the judge's stated constraints or beyond them.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Scope {
    /// An input the judge itself could give.
    Within,
    /// A valid input the judge never gives (LeetCode with n > 9): judged, and shown as such.
    Beyond,
}

/// The largest side of any board: the checker's bound.
pub const MAX_SIDE: usize = checker::MAX_N;
/// CSES 1624's side.
pub const CSES_SIDE: usize = 8;
/// LeetCode 51 and 52's constraint: 1 <= n <= 9.
pub const LEETCODE_MAX_N: usize = 9;

impl Problem {
    pub const ALL: [Problem; 4] =
        [Problem::Cses1624, Problem::Queens, Problem::LeetCode51, Problem::LeetCode52];

    /// The name used on the command line and in JSON.
    pub fn id(self) -> &'static str {
        match self {
            Problem::Cses1624 => "cses1624",
            Problem::Queens => "queens",
            Problem::LeetCode51 => "leetcode51",
            Problem::LeetCode52 => "leetcode52",
        }
    }

    /// The problem named `id`, as [`Problem::id`] writes it.
    pub fn from_id(id: &str) -> Option<Problem> {
        Problem::ALL.into_iter().find(|problem| problem.id() == id)
    }

    pub fn title(self) -> &'static str {
        match self {
            Problem::Cses1624 => "CSES 1624 Chessboard and Queens (8 x 8 boards with reserved squares)",
            Problem::Queens => "queens: counting on any board from 1 x 1 to 32 x 32, with reserved squares",
            Problem::LeetCode51 => "LeetCode 51 N-Queens (every board of the empty n x n board, 1 <= n <= 9)",
            Problem::LeetCode52 => {
                "LeetCode 52 N-Queens II (the count for the empty n x n board, 1 <= n <= 9)"
            }
        }
    }

    /// Whether `board` is an input of this problem, and within the judge's constraints or not.
    pub fn admits(self, board: &Board) -> Option<Scope> {
        match self {
            Problem::Cses1624 => (board.n() == CSES_SIDE).then_some(Scope::Within),
            Problem::Queens => Some(Scope::Within),
            Problem::LeetCode51 | Problem::LeetCode52 if board.reserved_count() == 0 => {
                Some(if board.n() <= LEETCODE_MAX_N { Scope::Within } else { Scope::Beyond })
            }
            Problem::LeetCode51 | Problem::LeetCode52 => None,
        }
    }

    /// Whether this problem's answer is every board, rather than a count.
    pub fn lists_boards(self) -> bool {
        self == Problem::LeetCode51
    }

    /// Whether its judge runs every test of a submission in one process, one after another
    /// (LeetCode), rather than each test in a fresh process (CSES).
    pub fn runs_in_one_process(self) -> bool {
        self.is_leetcode()
    }

    /// Whether a submission answers this problem through LeetCode's method (a driver), rather than
    /// as a whole program reading the board.
    pub fn is_leetcode(self) -> bool {
        matches!(self, Problem::LeetCode51 | Problem::LeetCode52)
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_board_belongs_to_the_problems_whose_input_it_is() {
        let sample =
            Board::parse("........\n........\n..*.....\n........\n........\n.....**.\n...*....\n........\n")
                .expect("the CSES sample");
        assert_eq!(Problem::Cses1624.admits(&sample), Some(Scope::Within));
        assert_eq!(Problem::Queens.admits(&sample), Some(Scope::Within));
        assert_eq!(Problem::LeetCode51.admits(&sample), None);

        let empty_nine = Board::empty(9).expect("9 x 9");
        assert_eq!(Problem::Cses1624.admits(&empty_nine), None);
        assert_eq!(Problem::LeetCode52.admits(&empty_nine), Some(Scope::Within));
        let empty_ten = Board::empty(10).expect("10 x 10");
        assert_eq!(Problem::LeetCode51.admits(&empty_ten), Some(Scope::Beyond));
        assert_eq!(Problem::Cses1624.admits(&Board::empty(8).expect("8 x 8")), Some(Scope::Within));
    }

    #[test]
    fn ids_round_trip() {
        for problem in Problem::ALL {
            assert_eq!(Problem::from_id(problem.id()), Some(problem));
        }
        assert_eq!(Problem::from_id("cses"), None);
    }
}
