//! The problems the judge knows, each read from its description file (`problems/ID.toml`, see
//! [`description`]), with the inputs its own judge gives. This module and its description reader
//! are the only Rust code that knows any problem by name: everything else asks a [`Problem`].
//!
//! A case belongs to every problem whose input it is: an 8 x 8 board is a CSES 1624 input, an empty
//! board a LeetCode input (within LeetCode's constraint 1 <= n <= 9, or beyond it, shown as such),
//! every board is an input of the general counting problem, `queens`, and a list of sides is a
//! POJ 3239 input (within 8 <= n <= 300, or beyond). An implementation declares which problems it
//! solves (see [`crate::registry`]); it is judged only on their inputs, so a CSES solution written
//! for 8 x 8 boards alone is judged on 8 x 8 boards alone.

mod description;

use std::fmt;
use std::sync::OnceLock;

use checker::Board;

pub use description::{
    parse as parse_description, AnswerKind, Description, Domain, Input, Languages, Method,
};

/// One problem, as its description file (`problems/ID.toml`) defines it: a handle on the
/// description, ordered as the descriptions' `order`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Problem(u8);

/// One test's input, as a case gives it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum TestInput {
    /// A board, reserved squares and all (CSES, `queens`; LeetCode's empty ones).
    Board(Board),
    /// Sides, one test of several (POJ 3239's input).
    Sides(Vec<usize>),
    /// Boards, one test of several (UVa 11195's input).
    Boards(Vec<Board>),
    /// Queens placed on a board of `side`, each its row and column from 0 (AOJ ALDS1_13_A's).
    Placed { side: usize, queens: Vec<(usize, usize)> },
}

impl TestInput {
    /// The board, for a board's input.
    pub fn board(&self) -> Option<&Board> {
        match self {
            TestInput::Board(board) => Some(board),
            TestInput::Sides(_) | TestInput::Boards(_) | TestInput::Placed { .. } => None,
        }
    }

    /// Its text as a whole program reads it: the board's CSES text, the sides a line each then
    /// `0` (POJ's input), each board's side and rows then `0` (UVa's), or the number of placed
    /// queens then each one's row and column (AOJ's).
    pub fn text(&self) -> String {
        match self {
            TestInput::Board(board) => board.to_text(),
            TestInput::Sides(sides) => {
                let mut text: String = sides.iter().map(|side| format!("{side}\n")).collect();
                text.push_str("0\n");
                text
            }
            TestInput::Boards(boards) => {
                let mut text: String =
                    boards.iter().map(|board| format!("{}\n{}", board.n(), board.to_text())).collect();
                text.push_str("0\n");
                text
            }
            TestInput::Placed { queens, .. } => {
                let mut text = format!("{}\n", queens.len());
                text.extend(queens.iter().map(|(row, column)| format!("{row} {column}\n")));
                text
            }
        }
    }

    /// The largest side in it: what orders tests from the hardest.
    pub fn largest_side(&self) -> usize {
        match self {
            TestInput::Board(board) => board.n(),
            TestInput::Sides(sides) => sides.iter().copied().max().unwrap_or(0),
            TestInput::Boards(boards) => boards.iter().map(Board::n).max().unwrap_or(0),
            TestInput::Placed { side, .. } => *side,
        }
    }

    /// A few words for a report: `8 x 8`, `n = 8`, `8 sides, n = 8..300`, `2 boards, n = 4..8`
    /// or `8 x 8, 2 queens placed`.
    pub fn label(&self) -> String {
        match self {
            TestInput::Board(board) => format!("{0} x {0}", board.n()),
            TestInput::Boards(boards) => {
                let smallest = boards.iter().map(Board::n).min().unwrap_or(0);
                let largest = self.largest_side();
                let what = if boards.len() == 1 { "board" } else { "boards" };
                if smallest == largest {
                    format!("{} {what}, n = {largest}", boards.len())
                } else {
                    format!("{} {what}, n = {smallest}..{largest}", boards.len())
                }
            }
            TestInput::Placed { side, queens } => {
                let what = if queens.len() == 1 { "queen" } else { "queens" };
                format!("{side} x {side}, {} {what} placed", queens.len())
            }
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
/// Within the judge's constraints when `yes`, else beyond them.
fn within(yes: bool) -> Scope {
    if yes {
        Scope::Within
    } else {
        Scope::Beyond
    }
}

/// Every problem's description, read once from the files embedded at build time (which the build
/// script has read already: a bad one never builds).
fn descriptions() -> &'static [Description] {
    static DESCRIPTIONS: OnceLock<Vec<Description>> = OnceLock::new();
    DESCRIPTIONS.get_or_init(|| {
        let files: Vec<(String, &str)> = crate::embedded::PROBLEMS
            .iter()
            .map(|(path, text)| (format!("problems/{path}"), *text))
            .collect();
        let files: Vec<(&str, &str)> = files.iter().map(|(path, text)| (path.as_str(), *text)).collect();
        description::parse_all(&files).unwrap_or_else(|error| unreachable!("build.rs read it: {error}"))
    })
}

impl Problem {
    /// Every problem, in its description's `order`.
    pub fn all() -> impl Iterator<Item = Problem> + Clone {
        // parse_all refuses more problems than a u8 holds.
        (0..descriptions().len()).map(|index| Problem(u8::try_from(index).unwrap_or(u8::MAX)))
    }

    /// What the problem is, in one place.
    pub fn description(self) -> &'static Description {
        &descriptions()[usize::from(self.0)]
    }

    /// The name used on the command line and in JSON.
    pub fn id(self) -> &'static str {
        &self.description().id
    }

    /// The problem named `id`, as [`Problem::id`] writes it.
    pub fn from_id(id: &str) -> Option<Problem> {
        Problem::all().find(|problem| problem.id() == id)
    }

    pub fn title(self) -> &'static str {
        &self.description().title
    }

    /// As its judge names it: `CSES 1624 "Chessboard and Queens"`.
    pub fn name(self) -> &'static str {
        &self.description().name
    }

    /// A few words for a heading: `CSES 1624`.
    pub fn label(self) -> &'static str {
        &self.description().label
    }

    /// The part before the `/` of its built-in solutions' ids.
    pub fn builtins(self) -> &'static str {
        &self.description().builtins
    }

    /// Whether `input` is an input of this problem, and within the judge's constraints or not.
    pub fn admits(self, input: &TestInput) -> Option<Scope> {
        match (self.description().domain, input) {
            (_, TestInput::Board(board)) => self.admits_board(board),
            (Domain::Sides { from, to }, TestInput::Sides(sides)) => {
                Some(within(sides.iter().all(|side| (from..=to).contains(side))))
            }
            (Domain::Boards { from, to, most }, TestInput::Boards(boards)) => Some(within(
                boards.len() <= most && boards.iter().all(|board| (from..=to).contains(&board.n())),
            )),
            (Domain::Placed(side), TestInput::Placed { side: placed_on, .. }) => {
                (side == *placed_on).then_some(Scope::Within)
            }
            (_, TestInput::Sides(_) | TestInput::Boards(_) | TestInput::Placed { .. }) => None,
        }
    }

    /// Whether `board` is an input of this problem, and within the judge's constraints or not.
    pub fn admits_board(self, board: &Board) -> Option<Scope> {
        match self.description().domain {
            Domain::Side(side) => (board.n() == side).then_some(Scope::Within),
            Domain::AnySide => Some(Scope::Within),
            Domain::EmptyUpTo(largest) => (board.reserved_count() == 0).then(|| within(board.n() <= largest)),
            Domain::Sides { .. } | Domain::Boards { .. } | Domain::Placed(_) => None,
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

    /// The judge that sets it, by name: `POJ`.
    pub fn judge(self) -> &'static str {
        &self.description().judge
    }

    /// The languages its judge takes, when not all six.
    pub fn languages(self) -> Option<&'static Languages> {
        self.description().languages.as_ref()
    }

    /// The class its judge runs of a Java program, when it runs one name only.
    pub(crate) fn java_class(self) -> Option<&'static str> {
        self.description().java_class.as_deref()
    }

    /// The answer's line for board `case` (from 1) of a list, whose count is `count` (UVa's
    /// `Case 1: 92`), for a problem of boards.
    pub(crate) fn count_line(self, case: usize, count: u64) -> String {
        let line = self.description().line.as_deref().unwrap_or("{count}");
        line.replace("{case}", &case.to_string()).replace("{count}", &count.to_string())
    }

    /// Whether its judge runs every test of a submission in one process, one after another
    /// (LeetCode, whose method is called once a test), rather than each test in a fresh process.
    pub fn runs_in_one_process(self) -> bool {
        self.description().leetcode.is_some()
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
        // parse_all refuses a set of descriptions where a method has no problem.
        Problem::all().find(|problem| problem.method() == Some(method)).unwrap_or(Problem(0))
    }

    /// LeetCode's number of the problem (`51`), for a LeetCode problem.
    pub fn leetcode_number(self) -> Option<u32> {
        self.description().leetcode.map(|(_, number)| number)
    }
}

impl Method {
    /// The methods `problems` ask for, in [`Method::ALL`]'s order (a driver's calls).
    pub(crate) fn asked_by(problems: &[Problem]) -> impl Iterator<Item = Method> + '_ {
        Method::ALL
            .into_iter()
            .filter(|&method| problems.iter().any(|problem| problem.method() == Some(method)))
    }
}

impl fmt::Debug for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl serde::Serialize for Problem {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.id())
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

    fn problem(id: &str) -> Problem {
        Problem::from_id(id).unwrap_or_else(|| panic!("a problem `{id}`"))
    }

    #[test]
    fn each_board_belongs_to_the_problems_whose_input_it_is() {
        let sample =
            Board::parse("........\n........\n..*.....\n........\n........\n.....**.\n...*....\n........\n")
                .expect("the CSES sample");
        assert_eq!(problem("cses1624").admits_board(&sample), Some(Scope::Within));
        assert_eq!(problem("queens").admits_board(&sample), Some(Scope::Within));
        assert_eq!(problem("leetcode51").admits_board(&sample), None);

        let empty_nine = Board::empty(9).expect("9 x 9");
        assert_eq!(problem("cses1624").admits_board(&empty_nine), None);
        assert_eq!(problem("leetcode52").admits_board(&empty_nine), Some(Scope::Within));
        let empty_ten = Board::empty(10).expect("10 x 10");
        assert_eq!(problem("leetcode51").admits_board(&empty_ten), Some(Scope::Beyond));
        assert_eq!(problem("cses1624").admits_board(&Board::empty(8).expect("8 x 8")), Some(Scope::Within));
        assert_eq!(problem("poj3239").admits_board(&empty_nine), None);

        // POJ 3239's sides, 8 <= n <= 300: within, beyond, and no board problem's input.
        let sides = |sides: &[usize]| TestInput::Sides(sides.to_vec());
        assert_eq!(problem("poj3239").admits(&sides(&[8, 300])), Some(Scope::Within));
        assert_eq!(problem("poj3239").admits(&sides(&[8, 301])), Some(Scope::Beyond));
        assert_eq!(problem("poj3239").admits(&sides(&[4])), Some(Scope::Beyond));
        for problem in [problem("cses1624"), problem("queens"), problem("leetcode51"), problem("leetcode52")]
        {
            assert_eq!(problem.admits(&sides(&[8])), None, "{problem}");
        }
    }

    #[test]
    fn ids_round_trip() {
        for problem in Problem::all() {
            assert_eq!(Problem::from_id(problem.id()), Some(problem));
        }
        assert_eq!(Problem::from_id("cses"), None);
    }

    /// Each description stands at its problem's place, and each LeetCode method belongs to one
    /// problem, whose number its id carries.
    #[test]
    fn descriptions_are_in_their_problems_order_and_methods_are_one_to_one() {
        let ids: Vec<&str> = Problem::all().map(Problem::id).collect();
        assert_eq!(
            ids,
            ["cses1624", "queens", "leetcode51", "leetcode52", "poj3239", "uva11195", "aoj-alds1-13-a"]
        );
        for method in Method::ALL {
            let problem = Problem::of_method(method);
            assert_eq!(problem.method(), Some(method));
            let number = problem.leetcode_number().expect("a LeetCode number");
            assert_eq!(problem.id(), format!("leetcode{number}"));
            assert!(problem.runs_in_one_process());
        }
        assert_eq!(Problem::all().filter(|problem| problem.is_leetcode()).count(), Method::ALL.len());
    }

    /// A description file that is not one stops with its file, and the line and column or the
    /// key at fault, on one line; the repository's own read back as the problems.
    #[test]
    fn a_bad_description_is_one_line_naming_its_file_and_place() {
        let good =
            crate::embedded::PROBLEMS.iter().find(|(path, _)| *path == "poj3239.toml").expect("poj3239").1;
        assert_eq!(
            parse_description("problems/poj3239.toml", good).map(|found| found.id),
            Ok("poj3239".to_string())
        );
        let fault = |text: &str| parse_description("problems/x.toml", text).expect_err("a bad file");
        let unknown = fault(&format!("{good}colour = 3\n"));
        assert!(unknown.starts_with("problems/x.toml:15:1: unknown field `colour`"), "{unknown}");
        let typed = fault(&good.replace("time_limit_ms = 1000", "time_limit_ms = \"1 s\""));
        assert!(typed.starts_with("problems/x.toml:13:17: "), "{typed}");
        let shape = fault(&good.replace("answer = \"placements\"", "answer = \"count\""));
        assert_eq!(shape, "problems/x.toml: `domain`: this input, answer and domain do not go together");
        let leetcode = fault(&format!("{good}leetcode = {{ method = \"solveNQueens\", number = 51 }}\n"));
        assert!(leetcode.starts_with("problems/x.toml: `leetcode`: "), "{leetcode}");
        let language = fault(&good.replace("[\"c\", \"cpp\", \"java\"]", "[]"));
        assert!(language.starts_with("problems/x.toml: `languages`: "), "{language}");
        let line = fault(&format!("{good}line = \"Case {{case}}\"\n"));
        assert!(line.starts_with("problems/x.toml: `line`: "), "{line}");
        let limit = fault(&good.replace("memory_limit_mb = 128", "memory_limit_mb = 0"));
        assert_eq!(limit, "problems/x.toml: `memory_limit_mb`: expected 1 to 65536");
        let named = parse_description("problems/Bad Name.toml", good).expect_err("a bad id");
        assert!(named.starts_with("problems/Bad Name.toml: "), "{named}");
        for error in [unknown, typed, shape, leetcode, language, line, limit, named] {
            assert!(!error.contains('\n'), "{error}");
        }
    }

    /// The set is checked whole: one `order` each, and each LeetCode method asked by one problem.
    #[test]
    fn the_descriptions_are_checked_together() {
        let files: Vec<(&str, &str)> = crate::embedded::PROBLEMS.to_vec();
        assert_eq!(description::parse_all(&files).map(|all| all.len()), Ok(Problem::all().count()));
        let without_52: Vec<(&str, &str)> =
            files.iter().copied().filter(|(path, _)| *path != "leetcode52.toml").collect();
        let error = description::parse_all(&without_52).expect_err("no problem asks for totalNQueens");
        assert_eq!(error, "`TotalNQueens` is asked by one problem, not by []");
        let twice = files.iter().find(|(path, _)| *path == "queens.toml").expect("queens").1;
        let mut doubled = files.clone();
        doubled.push(("copy.toml", twice));
        let error = description::parse_all(&doubled).expect_err("two problems with one order");
        assert!(error.contains("have the same `order`"), "{error}");
    }
}
