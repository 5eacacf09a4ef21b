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

/// Which judge sets a problem, and so how a submission runs there.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Judge {
    /// CSES: a whole program, a fresh process each test.
    Cses,
    /// LeetCode: a method, every test of a submission in one process, one after another.
    LeetCode,
    /// This project's own generalisation (`queens`): run as CSES runs a program.
    Project,
}

/// What a submission reads, one test at a time.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Input {
    /// The board as text, a line a row (`.` free, `*` reserved).
    Board,
    /// The board's side alone, on a line (LeetCode's `n`).
    Side,
}

/// What an answer is, and so how it is read and checked.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum AnswerKind {
    /// How many placements there are.
    Count,
    /// Every placement, as boards.
    Boards,
}

/// The boards a problem takes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Domain {
    /// Boards of this side alone, reserved squares and all.
    Side(usize),
    /// Any side from 1 to [`MAX_SIDE`], reserved squares and all.
    AnySide,
    /// Empty boards; within the judge's constraints up to this side, beyond them past it.
    EmptyUpTo(usize),
}

/// The LeetCode method a problem's submissions implement. Each executor writes each method's
/// signature, reads its declaration and calls it from its driver in an exhaustive `match`: a new
/// method is a compile error in every executor, never a silent default.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Method {
    /// `solveNQueens`: every board.
    SolveNQueens,
    /// `totalNQueens`: the count.
    TotalNQueens,
}

impl Method {
    pub const ALL: [Method; 2] = [Method::SolveNQueens, Method::TotalNQueens];

    /// The methods `problems` ask for, in [`Method::ALL`]'s order (a driver's calls).
    pub fn asked_by(problems: &[Problem]) -> impl Iterator<Item = Method> + '_ {
        Method::ALL
            .into_iter()
            .filter(|&method| problems.iter().any(|problem| problem.method() == Some(method)))
    }
}

/// One problem, described in one place: everything else (detection, drivers, case selection,
/// truth, reports) reads this.
#[derive(Debug)]
pub struct Description {
    /// The name used on the command line and in JSON.
    pub id: &'static str,
    pub title: &'static str,
    pub judge: Judge,
    pub input: Input,
    pub answer: AnswerKind,
    pub domain: Domain,
    /// A LeetCode problem's method and number (the drivers' argument, the name in its result line).
    pub leetcode: Option<(Method, u32)>,
}

/// Every problem's description, in [`Problem::ALL`]'s order.
const DESCRIPTIONS: [Description; 4] = [
    Description {
        id: "cses1624",
        title: "CSES 1624 Chessboard and Queens (8 x 8 boards with reserved squares)",
        judge: Judge::Cses,
        input: Input::Board,
        answer: AnswerKind::Count,
        domain: Domain::Side(CSES_SIDE),
        leetcode: None,
    },
    Description {
        id: "queens",
        title: "queens: counting on any board from 1 x 1 to 32 x 32, with reserved squares",
        judge: Judge::Project,
        input: Input::Board,
        answer: AnswerKind::Count,
        domain: Domain::AnySide,
        leetcode: None,
    },
    Description {
        id: "leetcode51",
        title: "LeetCode 51 N-Queens (every board of the empty n x n board, 1 <= n <= 9)",
        judge: Judge::LeetCode,
        input: Input::Side,
        answer: AnswerKind::Boards,
        domain: Domain::EmptyUpTo(LEETCODE_MAX_N),
        leetcode: Some((Method::SolveNQueens, 51)),
    },
    Description {
        id: "leetcode52",
        title: "LeetCode 52 N-Queens II (the count for the empty n x n board, 1 <= n <= 9)",
        judge: Judge::LeetCode,
        input: Input::Side,
        answer: AnswerKind::Count,
        domain: Domain::EmptyUpTo(LEETCODE_MAX_N),
        leetcode: Some((Method::TotalNQueens, 52)),
    },
];

impl Problem {
    pub const ALL: [Problem; 4] =
        [Problem::Cses1624, Problem::Queens, Problem::LeetCode51, Problem::LeetCode52];

    /// What the problem is, in one place.
    pub fn description(self) -> &'static Description {
        &DESCRIPTIONS[self as usize]
    }

    /// The name used on the command line and in JSON.
    pub fn id(self) -> &'static str {
        self.description().id
    }

    /// The problem named `id`, as [`Problem::id`] writes it.
    pub fn from_id(id: &str) -> Option<Problem> {
        Problem::ALL.into_iter().find(|problem| problem.id() == id)
    }

    pub fn title(self) -> &'static str {
        self.description().title
    }

    /// Whether `board` is an input of this problem, and within the judge's constraints or not.
    pub fn admits(self, board: &Board) -> Option<Scope> {
        match self.description().domain {
            Domain::Side(side) => (board.n() == side).then_some(Scope::Within),
            Domain::AnySide => Some(Scope::Within),
            Domain::EmptyUpTo(largest) if board.reserved_count() == 0 => {
                Some(if board.n() <= largest { Scope::Within } else { Scope::Beyond })
            }
            Domain::EmptyUpTo(_) => None,
        }
    }

    /// Whether this problem's answer is every board, rather than a count.
    pub fn lists_boards(self) -> bool {
        self.description().answer == AnswerKind::Boards
    }

    /// Whether its judge runs every test of a submission in one process, one after another
    /// (LeetCode), rather than each test in a fresh process (CSES).
    pub fn runs_in_one_process(self) -> bool {
        self.description().judge == Judge::LeetCode
    }

    /// Whether a submission answers this problem through LeetCode's method (a driver), rather than
    /// as a whole program reading the board.
    pub fn is_leetcode(self) -> bool {
        self.description().leetcode.is_some()
    }

    /// The LeetCode method a submission implements, for a LeetCode problem.
    pub fn method(self) -> Option<Method> {
        self.description().leetcode.map(|(method, _)| method)
    }

    /// The LeetCode problem that asks for `method`.
    pub fn of_method(method: Method) -> Problem {
        Problem::ALL
            .into_iter()
            .find(|problem| problem.method() == Some(method))
            .expect("every method has its problem")
    }

    /// LeetCode's number of the problem (`51`), for a LeetCode problem.
    pub fn leetcode_number(self) -> Option<u32> {
        self.description().leetcode.map(|(_, number)| number)
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

    /// Each description stands at its problem's place, and each LeetCode method belongs to one
    /// problem, whose number its id carries.
    #[test]
    fn descriptions_are_in_their_problems_order_and_methods_are_one_to_one() {
        let ids: Vec<&str> = Problem::ALL.iter().map(|problem| problem.description().id).collect();
        assert_eq!(ids, ["cses1624", "queens", "leetcode51", "leetcode52"]);
        for method in Method::ALL {
            let problem = Problem::of_method(method);
            assert_eq!(problem.method(), Some(method));
            let number = problem.leetcode_number().expect("a LeetCode number");
            assert_eq!(problem.id(), format!("leetcode{number}"));
            assert!(problem.runs_in_one_process());
        }
        assert_eq!(Problem::ALL.iter().filter(|problem| problem.is_leetcode()).count(), Method::ALL.len());
    }
}
