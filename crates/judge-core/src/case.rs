//! Case files: one TOML file a case under `cases/`, parsed strictly, so that a case's truth is
//! always the `expected` a person (or the oracle, through `new-case`) wrote down.
//! A case of `sides` (POJ 3239's input) has no `expected`: any right placement is accepted, and
//! the checker is its truth.
//!
//! A cases folder may also hold test data as judges hand it out: `NAME.in` / `NAME.out` pairs (the
//! folders CSES lets users download, `1.in`, `1.out`, `2.in`, ..., and online-judge-tools' `test/`,
//! `sample-1.in`, `sample-1.out`). Each pair is one case: the `.in` is a board in the CSES text
//! format, the `.out` its expected count (one integer, white space around it ignored), and the
//! case takes the default limits. Its id is its path without the extension, as a TOML case's is;
//! an id that a TOML case file already has is refused.
//!
//! Every fault is one line naming the file and the key, or the file's line and column. Loading a
//! folder reads regular `*.toml`, `*.in` and `*.out` files only, each at most
//! [`MAX_CASE_FILE_BYTES`]; it follows a symbolic link to a folder inside it once (never around a
//! loop), and skips `snapshots/`, `target/` and hidden folders. A FIFO, a device, an unreadable or
//! huge file, a TOML file that is not a case file, a `.in` without its `.out` (or the reverse) or a
//! `.out` that is not one integer is an error naming it, and the other cases are still judged.
//! Cases come sorted by id in natural order ([`natural_cmp`]: `2` before `10`). Which problems a
//! case belongs to follows from its board ([`crate::problem::Problem::admits`]).
//!
//! A symbolic link (to a file or a folder) whose real path is outside the cases folder is refused
//! unread, as an error naming it, so that a cases folder from elsewhere cannot make the judge read
//! a file it does not hold, nor quote one in an error; a link that stays inside is followed. An
//! error quotes at most a short part of a case's own file, its control characters escaped: a
//! `.out`'s first 24 characters of a token, or a TOML parser's message cut at
//! `MAX_PARSER_MESSAGE_CHARS`. `refuse_links_below` is the other side: what the judge writes
//! into a cases folder is never written through a link.

use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use checker::{Board, MAX_N};
use serde::Deserialize;

use crate::escape::escape_controls;
use crate::problem::{Problem, TestInput};

mod folder;
pub use folder::*;

/// The largest limits a case may set: ten minutes, and 64 GiB (far past this machine, far below
/// where a byte count overflows).
pub const MAX_TIME_LIMIT_MS: u64 = 600_000;
pub const MAX_MEMORY_LIMIT_MB: u64 = 65_536;
pub use crate::truth::ORACLE_MAX_N;

/// A snapshot's name: the case id with `/` as `__`, as insta names files. Two ids with one name
/// are refused when a folder is loaded, so that no two cases share a snapshot.
pub fn snapshot_name(case_id: &str) -> String {
    case_id.replace('/', "__")
}

/// A case file is a few lines; anything past this is not one (nor a test's `.in` or `.out`).
pub const MAX_CASE_FILE_BYTES: u64 = 1 << 20;

/// The most characters of a TOML parser's message a case error keeps: its messages quote the
/// file's keys and values, which may be of any length.
pub(crate) const MAX_PARSER_MESSAGE_CHARS: usize = 200;

/// The extensions of test data: a board (`NAME.in`) and its expected count (`NAME.out`).
pub(crate) const TEST_INPUT_EXTENSION: &str = "in";
pub const TEST_OUTPUT_EXTENSION: &str = "out";

/// The folder, inside a cases folder other than the repository's, that holds the snapshots; it is
/// never read as cases.
pub const SNAPSHOT_FOLDER: &str = "snapshots";

/// One judged case.
#[derive(Clone, Debug)]
pub struct Case {
    /// The path relative to the cases folder, without `.toml`, with `/` separators: `cses/sample`.
    pub id: String,
    /// The file as given (cases folder joined with the relative path); for a test pair, its `.in`.
    pub path: PathBuf,
    /// What a judged program is given.
    pub input: TestInput,
    /// The count, for a board; none for sides, where any right placement is accepted.
    pub expected: Option<u64>,
    pub description: Option<String>,
    pub time_limit_ms: u64,
    pub memory_limit_mb: u64,
    /// Where `expected` comes from.
    pub expected_from: ExpectedFrom,
    /// One of the problem statement's examples, which a judge running every test in one process
    /// (LeetCode) runs first.
    pub example: bool,
}

/// Where a case's expected answer comes from.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ExpectedFrom {
    /// A case file's `expected` (a person, OEIS, or the oracle through `new-case`).
    CaseFile,
    /// A test's `.out`, which the oracle agrees with (or cannot check: a board past its reach).
    TestData,
    /// The oracle: a `.in` without its `.out`, or whose `.out` the oracle disagrees with.
    Oracle,
}

impl Case {
    /// The board, for a board's case.
    pub fn board(&self) -> Option<&Board> {
        self.input.board()
    }

    /// What its runs are held to in a report: the count for a board (for LeetCode 51, the number
    /// of boards), the number of placements, one a side, for sides.
    pub fn expected_number(&self) -> u64 {
        match &self.input {
            TestInput::Board(_) => self.expected.unwrap_or_default(),
            TestInput::Sides(sides) => sides.len() as u64,
            // The right answer's lines: one a board, or one a row of the completed board.
            TestInput::Boards(boards) => boards.len() as u64,
            TestInput::Placed { side, .. } => *side as u64,
        }
    }

    /// The board and its count, for a board's case.
    pub fn board_and_count(&self) -> Option<(&Board, u64)> {
        Some((self.input.board()?, self.expected?))
    }

    /// The case's limits, for the runner.
    pub fn limits(&self) -> crate::runner::Limits {
        crate::limits::of_case(self.time_limit_ms, self.memory_limit_mb)
    }
}

/// A case file that could not be read, with its one-line reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaseError {
    pub path: PathBuf,
    /// Where in the file: `key \`n\``, `line 3, column 1`, or nothing for the whole file.
    pub location: Option<String>,
    pub message: String,
}

impl fmt::Display for CaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.path.display())?;
        if let Some(location) = &self.location {
            write!(f, ": {location}")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for CaseError {}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CaseFile {
    n: Option<toml::Spanned<i64>>,
    board: Option<toml::Spanned<String>>,
    expected: u64,
    description: Option<String>,
    time_limit_ms: Option<toml::Spanned<u64>>,
    memory_limit_mb: Option<toml::Spanned<u64>>,
    #[serde(default)]
    example: bool,
}

/// A case of sides (POJ 3239's input): no `expected`, since any right placement is accepted.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SidesFile {
    sides: toml::Spanned<toml::Value>,
    description: Option<String>,
    time_limit_ms: Option<toml::Spanned<u64>>,
    memory_limit_mb: Option<toml::Spanned<u64>>,
    #[serde(default)]
    example: bool,
}

/// A case of several boards (UVa 11195's input): their counts come from the truth; `expected`,
/// when given, must agree with it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardsFile {
    boards: Vec<toml::Spanned<String>>,
    expected: Option<Vec<u64>>,
    description: Option<String>,
    time_limit_ms: Option<toml::Spanned<u64>>,
    memory_limit_mb: Option<toml::Spanned<u64>>,
    #[serde(default)]
    example: bool,
}

/// A case of queens already placed (AOJ ALDS1_13_A's input): the board they complete to comes
/// from the truth; `expected`, when given, must be it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlacedFile {
    placed: Vec<(usize, usize)>,
    n: Option<usize>,
    expected: Option<String>,
    description: Option<String>,
    time_limit_ms: Option<toml::Spanned<u64>>,
    memory_limit_mb: Option<toml::Spanned<u64>>,
    #[serde(default)]
    example: bool,
}

/// What every case file may set besides its input.
struct Settings {
    description: Option<String>,
    time_limit_ms: Option<toml::Spanned<u64>>,
    memory_limit_mb: Option<toml::Spanned<u64>>,
    example: bool,
}

/// Whether `text` is a TOML table with this key: `sides` for a case of sides, read as
/// [`SidesFile`], `boards` for [`BoardsFile`], `placed` for [`PlacedFile`].
fn names(text: &str, key: &str) -> bool {
    toml::from_str::<toml::Table>(text).is_ok_and(|table| table.contains_key(key))
}

/// The 1-based line and column of a byte offset in `text`.
fn line_and_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |at| at + 1);
    (line, before[line_start..].chars().count() + 1)
}

/// Parses one case file's text; `id` and `path` only label the result and its errors.
///
/// # Errors
/// A [`CaseError`] for bad TOML, an unknown key, a wrong type, both or neither of `n` and `board`,
/// a value out of range, or a malformed board (at the file's line and column of the fault).
pub fn parse_case(id: &str, path: &Path, text: &str) -> Result<Case, CaseError> {
    let fail =
        |location: Option<String>, message: String| CaseError { path: path.to_path_buf(), location, message };
    let at_offset = |offset: usize| {
        let (line, column) = line_and_column(text, offset);
        Some(format!("line {line}, column {column}"))
    };
    let toml_fault = |error: toml::de::Error| {
        let location = error.span().and_then(|span| at_offset(span.start));
        // toml's messages may span lines, and quote keys and values whole (an unknown key's name
        // as it is, control characters included); a case error is one short line.
        let message: Vec<&str> =
            error.message().lines().map(str::trim).filter(|line| !line.is_empty()).collect();
        let message = message.join(": ");
        let mut short: String = message.chars().take(MAX_PARSER_MESSAGE_CHARS).collect();
        if short.len() < message.len() {
            short.push_str("...");
        }
        fail(location, escape_controls(&short).into_owned())
    };
    let key = |name: &str| Some(format!("key `{name}`"));
    let (input, expected, settings) = if names(text, "sides") {
        let file: SidesFile = toml::from_str(text).map_err(toml_fault)?;
        let sides = parse_sides(file.sides.get_ref()).map_err(|message| fail(key("sides"), message))?;
        let SidesFile { description, time_limit_ms, memory_limit_mb, example, .. } = file;
        (TestInput::Sides(sides), None, Settings { description, time_limit_ms, memory_limit_mb, example })
    } else if names(text, "boards") {
        let file: BoardsFile = toml::from_str(text).map_err(toml_fault)?;
        let input = several_boards(text, &file, &fail)?;
        let BoardsFile { description, time_limit_ms, memory_limit_mb, example, .. } = file;
        (input, None, Settings { description, time_limit_ms, memory_limit_mb, example })
    } else if names(text, "placed") {
        let file: PlacedFile = toml::from_str(text).map_err(toml_fault)?;
        let input = placed_queens(&file, &fail)?;
        let PlacedFile { description, time_limit_ms, memory_limit_mb, example, .. } = file;
        (input, None, Settings { description, time_limit_ms, memory_limit_mb, example })
    } else {
        let file: CaseFile = toml::from_str(text).map_err(toml_fault)?;
        let input = TestInput::Board(case_board(text, &file, &fail)?);
        let CaseFile { description, time_limit_ms, memory_limit_mb, example, expected, .. } = file;
        (input, Some(expected), Settings { description, time_limit_ms, memory_limit_mb, example })
    };
    // The limits of the judge whose input this is (CSES's for a board, POJ's for sides).
    let (default_time, default_memory) = crate::limits::defaults_for(&input);
    let bounded = |value: Option<toml::Spanned<u64>>, name: &str, default: u64, max: u64| match value {
        None => Ok(default),
        Some(value) if (1..=max).contains(value.get_ref()) => Ok(*value.get_ref()),
        Some(value) => {
            Err(fail(key(name), format!("{} is out of range: expected 1 to {max}", value.get_ref())))
        }
    };
    let time_limit_ms = bounded(settings.time_limit_ms, "time_limit_ms", default_time, MAX_TIME_LIMIT_MS)?;
    let memory_limit_mb =
        bounded(settings.memory_limit_mb, "memory_limit_mb", default_memory, MAX_MEMORY_LIMIT_MB)?;
    Ok(Case {
        id: id.to_string(),
        path: path.to_path_buf(),
        input,
        expected,
        description: settings.description,
        time_limit_ms,
        memory_limit_mb,
        expected_from: ExpectedFrom::CaseFile,
        example: settings.example,
    })
}

/// The boards of a [`BoardsFile`], each within the truth's reach, and their counts as `expected`
/// says, when it does.
fn several_boards(
    text: &str,
    file: &BoardsFile,
    fail: &dyn Fn(Option<String>, String) -> CaseError,
) -> Result<TestInput, CaseError> {
    let mut boards = Vec::new();
    let mut counts = Vec::new();
    for (at, board_text) in file.boards.iter().enumerate() {
        let (line, _) = line_and_column(text, board_text.span().start);
        let location = || Some(format!("key `boards`, board {} (line {line})", at + 1));
        let board =
            Board::parse(board_text.get_ref()).map_err(|error| fail(location(), format!("board {error}")))?;
        counts.push(
            crate::truth::count_within_reach(&board).map_err(|error| fail(location(), error.to_string()))?,
        );
        boards.push(board);
    }
    if boards.is_empty() {
        return Err(fail(Some("key `boards`".into()), "no board: expected at least one".into()));
    }
    if let Some(expected) = file.expected.as_ref().filter(|expected| **expected != counts) {
        let message =
            format!("{expected:?} where the truth (OEIS, or the brute-force oracle) counts {counts:?}");
        return Err(fail(Some("key `expected`".into()), message));
    }
    Ok(TestInput::Boards(boards))
}

/// The placed queens of a [`PlacedFile`], on its `n` (by default the side of the problem that
/// places queens, AOJ's 8), which exactly one solution holds; it is `expected`, when given.
fn placed_queens(
    file: &PlacedFile,
    fail: &dyn Fn(Option<String>, String) -> CaseError,
) -> Result<TestInput, CaseError> {
    let placing = Problem::all().find_map(|problem| match problem.description().domain {
        crate::problem::Domain::Placed(side) => Some(side),
        _ => None,
    });
    let side = file.n.or(placing).unwrap_or(8);
    if !(1..=ORACLE_MAX_N).contains(&side) {
        return Err(fail(
            Some("key `n`".into()),
            format!("{side} is out of range: expected 1 to {ORACLE_MAX_N}"),
        ));
    }
    let solution = crate::truth::completion(side, &file.placed)
        .map_err(|error| fail(Some("key `placed`".into()), error.to_string()))?;
    if let Some(expected) = &file.expected {
        let rows: Vec<&str> = expected.lines().map(str::trim_end).filter(|row| !row.is_empty()).collect();
        if rows != solution.to_strings() {
            let message = format!(
                "not the one solution that holds the placed queens:\n{}",
                solution.to_strings().join("\n")
            );
            return Err(fail(Some("key `expected`".into()), message.replace('\n', " / ")));
        }
    }
    Ok(TestInput::Placed { side, queens: file.placed.clone() })
}

/// The board a case file gives: exactly one of `n` and `board`.
fn case_board(
    text: &str,
    file: &CaseFile,
    fail: &dyn Fn(Option<String>, String) -> CaseError,
) -> Result<Board, CaseError> {
    match (&file.n, &file.board) {
        (Some(_), Some(_)) => Err(fail(None, "both `n` and `board` are given: expected exactly one".into())),
        (None, None) => Err(fail(None, "neither `n` nor `board` is given: expected exactly one".into())),
        (Some(n), None) => {
            let side = *n.get_ref();
            let board = usize::try_from(side).ok().and_then(|side| Board::empty(side).ok());
            board.ok_or_else(|| {
                fail(Some("key `n`".into()), format!("{side} is out of range: expected 1 to {MAX_N}"))
            })
        }
        (None, Some(board_text)) => {
            let span = board_text.span();
            Board::parse(board_text.get_ref()).map_err(|error| {
                let raw = &text[span.clone()];
                let (value_line, _) = line_and_column(text, span.start);
                let location = if raw.starts_with("\"\"\"") || raw.starts_with("'''") {
                    format!("key `board`, line {}", value_line + file_lines_before(raw, error.line))
                } else {
                    // A one-line string (rows joined by `\n` escapes) has no file line per row.
                    format!("key `board` (line {value_line})")
                };
                fail(Some(location), format!("board {error}"))
            })
        }
    }
}

/// The largest side a `sides` case may hold, and the most sides (a case file is at most
/// [`MAX_CASE_FILE_BYTES`]; an answer is about four bytes a side, so these bound it to a few MB).
pub(crate) const MAX_SIDE_OF_SIDES: usize = 100_000;
pub(crate) const MAX_SIDES: usize = 10_000;
pub(crate) const MAX_SIDES_TOTAL: usize = 1_000_000;

/// `sides = [8, 9, 10]` or `sides = { from = 8, to = 300 }`: every side from 1 up, but 2 and 3,
/// which have no placement.
fn parse_sides(value: &toml::Value) -> Result<Vec<usize>, String> {
    let side = |value: &toml::Value| -> Result<usize, String> {
        let number = value
            .as_integer()
            .ok_or_else(|| format!("a {} is not a side: expected an integer", value.type_str()))?;
        let side = usize::try_from(number).ok().filter(|side| (1..=MAX_SIDE_OF_SIDES).contains(side));
        match side {
            None => Err(format!("{number} is out of range: expected 1 to {MAX_SIDE_OF_SIDES}")),
            Some(side @ (2 | 3)) => {
                Err(format!("{side} has no placement: no {side} queens fit on a {side} x {side} board"))
            }
            Some(side) => Ok(side),
        }
    };
    let sides: Vec<usize> = match value {
        toml::Value::Array(items) => items.iter().map(side).collect::<Result<_, _>>()?,
        toml::Value::Table(table) => {
            if let Some(other) = table.keys().find(|key| *key != "from" && *key != "to") {
                return Err(format!("unknown key `{}`: expected `from` and `to`", escape_controls(other)));
            }
            let end =
                |name: &str| table.get(name).ok_or_else(|| format!("no `{name}`: expected `from` and `to`"));
            let (from, to) = (side(end("from")?)?, side(end("to")?)?);
            if from > to {
                return Err(format!("from {from} to {to}: expected from <= to"));
            }
            (from..=to).filter(|side| !matches!(side, 2 | 3)).collect()
        }
        other => {
            return Err(format!(
                "expected a list of sides or {{ from = A, to = B }}, found a {}",
                other.type_str()
            ))
        }
    };
    if sides.is_empty() {
        return Err("no side: expected at least one".into());
    }
    let total: usize = sides.iter().sum();
    if sides.len() > MAX_SIDES || total > MAX_SIDES_TOTAL {
        return Err(format!(
            "{} sides adding up to {total}: at most {MAX_SIDES} sides adding up to {MAX_SIDES_TOTAL}",
            sides.len()
        ));
    }
    Ok(sides)
}

/// How many lines of the file lie before line `board_line` of a multi-line string's value, whose
/// raw text (opening quotes included) is `raw`: the newline right after the opening quotes is
/// dropped, and a line-ending backslash joins lines, so the value's lines and the file's differ.
fn file_lines_before(raw: &str, board_line: usize) -> usize {
    let basic = raw.starts_with("\"\"\"");
    let body = &raw[3..];
    let mut chars = body.char_indices().peekable();
    let mut file_line = 0;
    let mut value_line = 1;
    if body.starts_with("\r\n") {
        chars.next();
    }
    if body.starts_with('\n') || body.starts_with("\r\n") {
        chars.next();
        file_line += 1;
    }
    while value_line < board_line {
        let Some((at, c)) = chars.next() else { break };
        match c {
            '\n' => {
                file_line += 1;
                value_line += 1;
            }
            '\\' if basic => {
                let rest = &body[at + 1..];
                let trimmed = rest.trim_start_matches([' ', '\t']);
                if trimmed.starts_with('\n') || trimmed.starts_with("\r\n") {
                    // A line-ending backslash: every newline and space up to the next text goes.
                    while let Some(&(_, next)) = chars.peek() {
                        if !next.is_whitespace() {
                            break;
                        }
                        file_line += usize::from(next == '\n');
                        chars.next();
                    }
                } else if let Some((_, 'n')) = chars.next() {
                    // `\n` makes a line of the value but not of the file.
                    value_line += 1;
                }
            }
            _ => {}
        }
    }
    file_line
}

/// The TOML text of a new case file, in the layout `cases/README.md` documents.
pub fn render_case_file(board: &Board, as_n: bool, expected: u64, description: Option<&str>) -> String {
    let mut text = String::new();
    if let Some(description) = description {
        text.push_str(&format!("description = {}\n", toml_string(description)));
    }
    if as_n {
        text.push_str(&format!("n = {}\n", board.n()));
    } else {
        text.push_str(&format!("board = \"\"\"\n{}\"\"\"\n", board.to_text()));
    }
    text.push_str(&format!("expected = {expected}\n"));
    text
}

/// `value` as a TOML basic string: quoted, with quotes, backslashes and control characters escaped
/// (written by hand so that the toml crate is needed for parsing only).
fn toml_string(value: &str) -> String {
    let mut quoted = String::with_capacity(value.len() + 2);
    quoted.push('"');
    for c in value.chars() {
        match c {
            '"' => quoted.push_str("\\\""),
            '\\' => quoted.push_str("\\\\"),
            '\n' => quoted.push_str("\\n"),
            '\t' => quoted.push_str("\\t"),
            '\r' => quoted.push_str("\\r"),
            c if c.is_control() => quoted.push_str(&format!("\\u{:04X}", u32::from(c))),
            c => quoted.push(c),
        }
    }
    quoted.push('"');
    quoted
}
