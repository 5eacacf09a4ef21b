//! The one grading step: an attempt's facts, the truth of its test and what the judge adds make one
//! [`Run`], the record every command reads, whose verdict is chosen here and nowhere else, and which
//! nothing edits afterwards.

use std::time::Duration;

use checker::Placement;

use super::{Attempt, Failure};
use crate::answer::{check_lines, check_placements, find_wrong, Answer, Verdict, Wrong};
use crate::error::Error;
use crate::problem::{AnswerKind, Input, Problem, TestInput};

/// What is right on one test of a problem: its input, the count (for a board), the boards
/// themselves where the judge holds them (LeetCode 51's cases with a snapshot), and the right lines
/// (UVa's and AOJ's answers). Sides have no count: any right placement of each is accepted.
#[derive(Clone, Debug)]
pub struct Truth<'a> {
    pub problem: Problem,
    pub input: &'a TestInput,
    pub count: Option<u64>,
    pub boards: Option<&'a [Placement]>,
    /// The right lines, for an answer of lines ([`crate::truth::lines`]).
    pub lines: Option<Vec<String>>,
}

impl<'a> Truth<'a> {
    /// The truth of `input` as a test of `problem`: `count` and `boards` as the caller holds them
    /// (a case's `expected`, OEIS or the oracle; a snapshot's boards), the right lines drawn here
    /// where the problem answers lines.
    pub fn new(
        problem: Problem,
        input: &'a TestInput,
        count: Option<u64>,
        boards: Option<&'a [Placement]>,
    ) -> Self {
        let lines = crate::truth::lines(problem, input).ok();
        Truth { problem, input, count, boards, lines }
    }

    /// Checks `answer` against it with the checker.
    ///
    /// # Errors
    /// What is wrong.
    fn check(&self, answer: &Answer) -> Result<(), Wrong> {
        match (self.input, self.count, &self.lines) {
            (TestInput::Sides(sides), ..) => check_placements(sides, answer),
            (TestInput::Board(board), Some(count), _) => find_wrong(board, count, self.boards, answer),
            (TestInput::Board(_), None, _) => Err("no count is known for this board".into()),
            (TestInput::Boards(_) | TestInput::Placed { .. }, _, Some(lines)) => check_lines(lines, answer),
            (TestInput::Boards(_) | TestInput::Placed { .. }, _, None) => {
                Err("no right lines are known for this input".into())
            }
        }
    }
}

/// What the judge adds to a run's record beyond its attempt and its truth: inputs of the grading
/// step, some known only once other runs are made (LeetCode's run alone, `--strict`'s checked
/// run). Stress and bench add nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Additions {
    /// An answer that could not be read says what the right count was.
    pub right_answer: bool,
    /// A file's failure (but a CE) says what a person needs to reproduce it: the input, and what a
    /// LeetCode solution printed.
    pub reproduce: bool,
    /// Why a test that passes alone failed after others in its process: state kept between
    /// LeetCode's tests. It leads the detail.
    pub kept_state: Option<String>,
    /// With `--strict`: the first fault of the run again under the checks judges leave off.
    pub strict_fault: Option<String>,
}

/// One graded run, the record every command reads and the JSON report's entry (beside its key):
/// what the kernel measured, its verdict (set by [`Attempt::grade`] and nowhere else), what it
/// answered (a count, or how many boards or placements) where its answer could be read, why it is
/// not AC, and with `--strict` the fault its checked run found.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Run {
    pub verdict: Verdict,
    pub received: Option<i128>,
    pub detail: Option<String>,
    /// A WA whose answer is well formed and wrong in its number alone (a count, or boards each
    /// right and none twice): `received` says what is wrong.
    pub wrong_number: bool,
    /// The run's CPU time, from the kernel's accounting, as the runner measured it; in JSON,
    /// nanoseconds.
    #[serde(rename = "cpu_time_ns", serialize_with = "nanoseconds")]
    pub cpu_time: Option<Duration>,
    #[serde(rename = "wall_time_ns", serialize_with = "nanoseconds")]
    pub wall_time: Option<Duration>,
    pub peak_memory_bytes: Option<u64>,
    /// In a session: the test ran first in a new process, the one before it having been ended by
    /// the test before.
    pub new_process: bool,
    /// With `--strict`: the first fault of the run again under the checks judges leave off.
    pub strict_fault: Option<String>,
}

/// A duration as whole nanoseconds (saturating), the JSON report's unit of time.
fn nanoseconds<S: serde::Serializer>(duration: &Option<Duration>, serializer: S) -> Result<S::Ok, S::Error> {
    let nanos = duration.map(|duration| u64::try_from(duration.as_nanos()).unwrap_or(u64::MAX));
    serde::Serialize::serialize(&nanos, serializer)
}

impl Attempt {
    /// The one grading step: the contestant's failure is its verdict; an answer is held against
    /// `truth` with the checker (AC, or WA with the checker's reason); the facts come along, and
    /// `additions` say what else the record tells.
    ///
    /// # Errors
    /// The judge's own failure ([`Failure::Judge`]): no verdict at all.
    pub fn grade(&self, truth: &Truth, additions: &Additions) -> Result<Run, Error> {
        let (verdict, received, mut detail, wrong_number) = match &self.result {
            Err(failure) => {
                let (verdict, detail) = failure.verdict().map_err(Error::clone)?;
                (verdict, None, Some(detail.to_string()), false)
            }
            Ok(answer) => match truth.check(answer) {
                Ok(()) => (Verdict::AC, Some(answer.received()), None, false),
                Err(Wrong { detail, number_only }) => {
                    (Verdict::WA, Some(answer.received()), Some(detail), number_only)
                }
            },
        };
        if let (Verdict::WA, None, Some(detail), Some(count)) = (verdict, received, &mut detail, truth.count)
        {
            let counted = truth.problem.answer() == AnswerKind::Count;
            if additions.right_answer && counted && !detail.starts_with("answer too long") {
                detail.push_str(&format!("; the right answer is {count}"));
            }
        }
        if additions.reproduce && verdict != Verdict::CE {
            detail = detail.map(|detail| with_context(detail, verdict, truth, self.printed.as_deref()));
        }
        if let Some(explanation) = &additions.kept_state {
            detail = Some(format!("{explanation}\n{}", detail.unwrap_or_default()));
        }
        Ok(Run {
            verdict,
            received,
            detail,
            wrong_number,
            cpu_time: self.cpu_time,
            wall_time: self.wall_time,
            peak_memory_bytes: self.peak_memory_bytes,
            new_process: self.new_process,
            strict_fault: additions.strict_fault.clone(),
        })
    }
}

impl Failure {
    /// The verdict this failure is, as the judges name it, with its detail; the judge's own failure
    /// is no verdict, but its error.
    fn verdict(&self) -> Result<(Verdict, &str), &Error> {
        match self {
            Failure::CompileError(detail) => Ok((Verdict::CE, detail)),
            Failure::OverTime(detail) => Ok((Verdict::TLE, detail)),
            Failure::OverMemory(detail) => Ok((Verdict::MLE, detail)),
            Failure::OverOutput(detail) => Ok((Verdict::OLE, detail)),
            Failure::Crashed(detail) => Ok((Verdict::RE, detail)),
            Failure::Unreadable(detail) => Ok((Verdict::WA, detail)),
            Failure::Judge(reason) => Err(reason),
        }
    }
}

/// A file's failure, with what a person needs to reproduce it: the input, and what a LeetCode
/// solution printed.
fn with_context(detail: String, verdict: Verdict, truth: &Truth, printed: Option<&str>) -> String {
    let mut text = detail;
    if verdict == Verdict::WA || printed.is_some() {
        match (truth.problem.input(), truth.input) {
            (Input::Board, TestInput::Board(board)) => {
                text.push_str(&format!("\ninput:\n{}", board.to_text().trim_end()))
            }
            (Input::Side, TestInput::Board(board)) => text.push_str(&format!("\ninput: n = {}", board.n())),
            (_, input @ TestInput::Placed { queens, .. }) => {
                let placed: Vec<String> =
                    queens.iter().map(|(row, column)| format!("({row}, {column})")).collect();
                text.push_str(&format!("\ninput: {}: {}", input.label(), placed.join(", ")));
            }
            (_, input) => text.push_str(&format!("\ninput: {}, then 0", input.label())),
        }
    }
    if let Some(printed) = printed {
        let lines: Vec<&str> = printed.lines().take(10).collect();
        let more = if printed.lines().count() > 10 { "\n  ..." } else { "" };
        text.push_str(&format!("\nits stdout:\n  {}{more}", lines.join("\n  ")));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use checker::Board;

    fn attempt_with(result: Result<Answer, Failure>) -> Attempt {
        Attempt { result, ..super::super::failed(Failure::Judge(Error::Environment(String::new()))) }
    }

    /// A run with no facts measured: what `attempt_with` grades to.
    fn run(verdict: Verdict, detail: Option<&str>) -> Run {
        Run {
            verdict,
            received: None,
            detail: detail.map(str::to_string),
            wrong_number: false,
            cpu_time: None,
            wall_time: None,
            peak_memory_bytes: None,
            new_process: false,
            strict_fault: None,
        }
    }

    fn problem(id: &str) -> Problem {
        Problem::from_id(id).expect("a problem")
    }

    /// The one grading step: a count or boards against the truth, a contestant's failure as its
    /// verdict, the judge's failure as no verdict; the truth from the oracle, not from a solution.
    #[test]
    fn an_attempt_is_graded_once_against_the_truth() {
        let board = Board::parse("....\n....\n....\n....\n").expect("4 x 4");
        let count = checker::oracle::count(&board);
        let input = TestInput::Board(board);
        let truth = Truth::new(problem("cses1624"), &input, Some(count), None);
        let graded = |result| attempt_with(result).grade(&truth, &Additions::default());
        let right = i128::from(count);
        assert_eq!(
            graded(Ok(Answer::Count(right))),
            Ok(Run { received: Some(right), ..run(Verdict::AC, None) })
        );
        let wrong = graded(Ok(Answer::Count(right + 1))).expect("a verdict");
        assert_eq!((wrong.verdict, wrong.received, wrong.wrong_number), (Verdict::WA, Some(right + 1), true));
        assert_eq!(wrong.detail.as_deref(), Some(format!("expected {count}, got {}", right + 1).as_str()));
        // One board whose two queens attack each other: WA, with the checker's reason.
        let attacking =
            vec![vec!["Q...".to_string(), "Q...".to_string(), "....".to_string(), "....".to_string()]];
        let boards = graded(Ok(Answer::Boards(attacking.into()))).expect("a verdict");
        assert_eq!((boards.verdict, boards.received, boards.wrong_number), (Verdict::WA, Some(1), false));
        let crashed = graded(Err(Failure::Crashed("killed by signal 11".to_string())));
        assert_eq!(crashed, Ok(run(Verdict::RE, Some("killed by signal 11"))));
        let cannot = Error::Environment("cannot start".to_string());
        assert_eq!(graded(Err(Failure::Judge(cannot.clone()))), Err(cannot));
    }

    /// What the judge adds goes in through the same step, in one order: the right count after an
    /// unreadable answer, the input and the prints to reproduce a file's failure, the kept-state
    /// explanation first, `--strict`'s fault beside; a CE is told alone.
    #[test]
    fn additions_are_inputs_of_the_one_step() {
        let board = Board::parse("....\n....\n....\n....\n").expect("4 x 4");
        let count = checker::oracle::count(&board);
        let input = TestInput::Board(board);
        let truth = Truth::new(problem("cses1624"), &input, Some(count), None);
        let unreadable = Attempt {
            printed: Some("debug\n".to_string()),
            ..attempt_with(Err(Failure::Unreadable("not a number: `x`".to_string())))
        };
        let all = Additions {
            right_answer: true,
            reproduce: true,
            kept_state: Some("kept state".to_string()),
            strict_fault: Some("a fault".to_string()),
        };
        let graded = unreadable.grade(&truth, &all).expect("a verdict");
        assert_eq!(
            graded.detail.as_deref(),
            Some(
                format!(
                    "kept state\nnot a number: `x`; the right answer is {count}\ninput:\n....\n....\n....\n....\nits stdout:\n  debug"
                )
                .as_str()
            )
        );
        assert_eq!(graded.strict_fault.as_deref(), Some("a fault"));
        assert_eq!(
            unreadable.grade(&truth, &Additions::default()).expect("a verdict").detail.as_deref(),
            Some("not a number: `x`")
        );
        let compile_error = attempt_with(Err(Failure::CompileError("error: x".to_string())));
        let told = compile_error.grade(&truth, &Additions { kept_state: None, ..all.clone() }).expect("CE");
        assert_eq!(told.detail.as_deref(), Some("error: x"));
    }
}
