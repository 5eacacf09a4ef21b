//! The problems the judge knows, each with the inputs its own judge gives.
//!
//! A case belongs to every problem whose input it is: an 8 x 8 board is a CSES 1624 input, an empty
//! board a LeetCode input (within LeetCode's constraint 1 <= n <= 9, or beyond it, shown as such),
//! every board is an input of the general counting problem, `queens`, and a list of sides is a
//! POJ 3239 input (within 8 <= n <= 300, or beyond). An implementation declares which problems it
//! solves (see [`crate::registry`]); it is judged only on their inputs, so a CSES solution written
//! for 8 x 8 boards alone is judged on 8 x 8 boards alone.

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
    /// POJ 3239 "Solution to the n Queens Puzzle": sides on stdin until a 0, one placement a side.
    Poj3239,
}

/// One test's input, as a case gives it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum TestInput {
    /// A board, reserved squares and all (CSES, `queens`; LeetCode's empty ones).
    Board(Board),
    /// Sides, one test of several (POJ 3239's input).
    Sides(Vec<usize>),
}

impl TestInput {
    /// The board, for a board's input.
    pub fn board(&self) -> Option<&Board> {
        match self {
            TestInput::Board(board) => Some(board),
            TestInput::Sides(_) => None,
        }
    }

    /// Its text as a whole program reads it: the board's CSES text, or the sides a line each then
    /// `0` (POJ's input).
    pub fn text(&self) -> String {
        match self {
            TestInput::Board(board) => board.to_text(),
            TestInput::Sides(sides) => {
                let mut text: String = sides.iter().map(|side| format!("{side}\n")).collect();
                text.push_str("0\n");
                text
            }
        }
    }

    /// The largest side in it: what orders tests from the hardest.
    pub(crate) fn largest_side(&self) -> usize {
        match self {
            TestInput::Board(board) => board.n(),
            TestInput::Sides(sides) => sides.iter().copied().max().unwrap_or(0),
        }
    }

    /// A few words for a report: `8 x 8`, `n = 8`, or `8 sides, n = 8..300`.
    pub fn label(&self) -> String {
        match self {
            TestInput::Board(board) => format!("{0} x {0}", board.n()),
            TestInput::Sides(sides) => {
                let smallest = sides.iter().copied().min().unwrap_or(0);
                let largest = self.largest_side();
                let what = if sides.len() == 1 { "side" } else { "sides" };
                if smallest == largest {
                    format!("{} {what}, n = {largest}", sides.len())
                } else {
                    format!("{} {what}, n = {smallest}..{largest}", sides.len())
                }
            }
        }
    }
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
pub(crate) const CSES_SIDE: usize = 8;
/// LeetCode 51 and 52's constraint: 1 <= n <= 9.
pub(crate) const LEETCODE_MAX_N: usize = 9;
/// POJ 3239's constraint: 8 <= n <= 300.
pub(crate) const POJ_SIDES: (usize, usize) = (8, 300);

/// Which judge sets a problem, and so how a submission runs there.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Judge {
    /// CSES: a whole program, a fresh process each test.
    Cses,
    /// LeetCode: a method, every test of a submission in one process, one after another.
    LeetCode,
    /// POJ: a whole program in C, C++ or Java (the class `Main`), one process for the whole input
    /// file, whose several test cases it reads itself; a special judge where answers may differ.
    Poj,
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
    /// Sides, a line each, then a line `0` (POJ 3239's test cases).
    Sides,
}

/// What an answer is, and so how it is read and checked.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum AnswerKind {
    /// How many placements there are.
    Count,
    /// Every placement, as boards.
    Boards,
    /// One placement a side, any right one, a line each: each column's row, from 1 (POJ 3239).
    Placements,
}

/// Within the judge's constraints when `yes`, else beyond them.
fn within(yes: bool) -> Scope {
    if yes {
        Scope::Within
    } else {
        Scope::Beyond
    }
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
    /// Lists of sides; within the judge's constraints where every side is in `from..=to`.
    Sides { from: usize, to: usize },
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
    pub(crate) fn asked_by(problems: &[Problem]) -> impl Iterator<Item = Method> + '_ {
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
    /// The judge's limits, a case's defaults: CPU time in milliseconds, memory in MB.
    pub limits: (u64, u64),
}

/// Every problem's description, in [`Problem::ALL`]'s order.
const DESCRIPTIONS: [Description; 5] = [
    Description {
        id: "cses1624",
        title: "CSES 1624 Chessboard and Queens (8 x 8 boards with reserved squares)",
        judge: Judge::Cses,
        input: Input::Board,
        answer: AnswerKind::Count,
        domain: Domain::Side(CSES_SIDE),
        leetcode: None,
        limits: CSES_LIMITS,
    },
    Description {
        id: "queens",
        title: "queens: counting on any board from 1 x 1 to 32 x 32, with reserved squares",
        judge: Judge::Project,
        input: Input::Board,
        answer: AnswerKind::Count,
        domain: Domain::AnySide,
        leetcode: None,
        limits: CSES_LIMITS,
    },
    Description {
        id: "leetcode51",
        title: "LeetCode 51 N-Queens (every board of the empty n x n board, 1 <= n <= 9)",
        judge: Judge::LeetCode,
        input: Input::Side,
        answer: AnswerKind::Boards,
        domain: Domain::EmptyUpTo(LEETCODE_MAX_N),
        leetcode: Some((Method::SolveNQueens, 51)),
        limits: CSES_LIMITS,
    },
    Description {
        id: "leetcode52",
        title: "LeetCode 52 N-Queens II (the count for the empty n x n board, 1 <= n <= 9)",
        judge: Judge::LeetCode,
        input: Input::Side,
        answer: AnswerKind::Count,
        domain: Domain::EmptyUpTo(LEETCODE_MAX_N),
        leetcode: Some((Method::TotalNQueens, 52)),
        limits: CSES_LIMITS,
    },
    Description {
        id: "poj3239",
        title: "POJ 3239 Solution to the n Queens Puzzle (one placement for each n, 8 <= n <= 300)",
        judge: Judge::Poj,
        input: Input::Sides,
        answer: AnswerKind::Placements,
        domain: Domain::Sides { from: POJ_SIDES.0, to: POJ_SIDES.1 },
        leetcode: None,
        limits: (1000, 128),
    },
];

/// CSES's limits, 1 s and 512 MB, which this judge also gives LeetCode's problems (LeetCode states
/// none; see README).
const CSES_LIMITS: (u64, u64) = (1000, 512);

impl Problem {
    pub const ALL: [Problem; 5] =
        [Problem::Cses1624, Problem::Queens, Problem::LeetCode51, Problem::LeetCode52, Problem::Poj3239];

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

    /// Whether `input` is an input of this problem, and within the judge's constraints or not.
    pub fn admits(self, input: &TestInput) -> Option<Scope> {
        match (self.description().domain, input) {
            (_, TestInput::Board(board)) => self.admits_board(board),
            (Domain::Sides { from, to }, TestInput::Sides(sides)) => {
                Some(within(sides.iter().all(|side| (from..=to).contains(side))))
            }
            (Domain::Side(_) | Domain::AnySide | Domain::EmptyUpTo(_), TestInput::Sides(_)) => None,
        }
    }

    /// Whether `board` is an input of this problem, and within the judge's constraints or not.
    pub(crate) fn admits_board(self, board: &Board) -> Option<Scope> {
        match self.description().domain {
            Domain::Side(side) => (board.n() == side).then_some(Scope::Within),
            Domain::AnySide => Some(Scope::Within),
            Domain::EmptyUpTo(largest) => (board.reserved_count() == 0).then(|| within(board.n() <= largest)),
            Domain::Sides { .. } => None,
        }
    }

    /// What its submissions read, and so which problems one program may answer together.
    pub fn input(self) -> Input {
        self.description().input
    }

    /// The judge's limits, a case's defaults: CPU time in milliseconds, memory in MB.
    pub fn limits(self) -> (u64, u64) {
        self.description().limits
    }

    /// Whether this problem's answer is every board, rather than a count.
    pub fn lists_boards(self) -> bool {
        self.description().answer == AnswerKind::Boards
    }

    /// What its answer is.
    pub fn answer(self) -> AnswerKind {
        self.description().answer
    }

    /// Which judge sets it.
    pub fn judge(self) -> Judge {
        self.description().judge
    }

    /// Whether its judge runs every test of a submission in one process, one after another
    /// (LeetCode), rather than each test in a fresh process (CSES).
    pub(crate) fn runs_in_one_process(self) -> bool {
        self.description().judge == Judge::LeetCode
    }

    /// Whether a submission answers this problem through LeetCode's method (a driver), rather than
    /// as a whole program reading the board.
    pub(crate) fn is_leetcode(self) -> bool {
        self.description().leetcode.is_some()
    }

    /// The LeetCode method a submission implements, for a LeetCode problem.
    pub(crate) fn method(self) -> Option<Method> {
        self.description().leetcode.map(|(method, _)| method)
    }

    /// The LeetCode problem that asks for `method`.
    pub(crate) fn of_method(method: Method) -> Problem {
        Problem::ALL
            .into_iter()
            .find(|problem| problem.method() == Some(method))
            .expect("every method has its problem")
    }

    /// LeetCode's number of the problem (`51`), for a LeetCode problem.
    pub(crate) fn leetcode_number(self) -> Option<u32> {
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
        assert_eq!(Problem::Cses1624.admits_board(&sample), Some(Scope::Within));
        assert_eq!(Problem::Queens.admits_board(&sample), Some(Scope::Within));
        assert_eq!(Problem::LeetCode51.admits_board(&sample), None);

        let empty_nine = Board::empty(9).expect("9 x 9");
        assert_eq!(Problem::Cses1624.admits_board(&empty_nine), None);
        assert_eq!(Problem::LeetCode52.admits_board(&empty_nine), Some(Scope::Within));
        let empty_ten = Board::empty(10).expect("10 x 10");
        assert_eq!(Problem::LeetCode51.admits_board(&empty_ten), Some(Scope::Beyond));
        assert_eq!(Problem::Cses1624.admits_board(&Board::empty(8).expect("8 x 8")), Some(Scope::Within));
        assert_eq!(Problem::Poj3239.admits_board(&empty_nine), None);

        // POJ 3239's sides, 8 <= n <= 300: within, beyond, and no board problem's input.
        let sides = |sides: &[usize]| TestInput::Sides(sides.to_vec());
        assert_eq!(Problem::Poj3239.admits(&sides(&[8, 300])), Some(Scope::Within));
        assert_eq!(Problem::Poj3239.admits(&sides(&[8, 301])), Some(Scope::Beyond));
        assert_eq!(Problem::Poj3239.admits(&sides(&[4])), Some(Scope::Beyond));
        for problem in [Problem::Cses1624, Problem::Queens, Problem::LeetCode51, Problem::LeetCode52] {
            assert_eq!(problem.admits(&sides(&[8])), None, "{problem}");
        }
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
        assert_eq!(ids, ["cses1624", "queens", "leetcode51", "leetcode52", "poj3239"]);
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
