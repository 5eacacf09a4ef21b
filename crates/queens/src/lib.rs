//! The `queens` viewer of the write-up "Next Algorithm: Backtracking into the n Queens Problem"
//! every solution of the n x n board as 1-based columns, `[2, 4, 1, 3]`, or drawn as a
//! checkered board, or only their number.
//!
//! Solutions come from `leetcode::bitmask`'s streaming search and go straight to the writer, one at a
//! time: nothing holds them all, so memory is O(n) whatever the count, and time is the search's plus
//! O(n) a listed line (O(n^2) a drawn board). The count comes from `cses::fastest`, the workspace's
//! fastest counter. Every function writes to an `impl Write`, so the tests run them on buffers; the
//! binary only parses its arguments, picks the style and handles a closed pipe.

use std::ffi::{OsStr, OsString};
use std::fmt;
use std::io::{self, Write};
use std::ops::ControlFlow;

/// The largest board `queens N` and `queens N --show` accept: n = 16 lists 14,772,512 solutions,
/// about 830 MB of lines, in some ten seconds; n = 17 would be 95 million lines, about 5 GB, more
/// than anyone reads or pipes anywhere useful.
pub const MAX_LIST_N: usize = 16;

/// The largest board `queens N --count` accepts: the bound of `cses::fastest` and of the checker.
/// Each n past 18 takes some seven times as long as the one before (Q(18) about 10 s on two cores,
/// Q(20) some eight minutes, Q(23) days); the bound is what the counter handles, not what is quick.
pub const MAX_COUNT_N: usize = 32;

/// The one-line usage, printed on stderr after every argument error.
pub const USAGE: &str = "usage: queens N [--show | show | --count] (queens --help explains)";

/// What `queens --help` prints.
pub const HELP: &str = "\
queens: every solution of the N-Queens puzzle on an N x N board

usage: queens N [--show | show | --count]

  queens N          every solution, one a line, as the 1-based column of each row's queen: [2, 4, 1, 3]
  queens N --show   each solution drawn as a checkered board, under its line; `show` works too.
                    Coloured on a terminal; plain characters (<W> a queen, ::: a dark square) when
                    stdout is not a terminal or NO_COLOR is set to a non-empty value
  queens N --count  only the number of solutions, from the workspace's fastest counter
  queens --help     this text

N is a whole number from 1 to 16 to list or show the solutions (N = 16 is already 14,772,512 of
them), and from 1 to 32 to count them (Q(18) takes some 10 s on two cores, and each N past it some
seven times as long as the one before). Solutions are listed in
lexicographic order of their columns and streamed as they are found.

Exit status: 0 on success (also when the reader of a pipe stops early), 1 when writing fails,
2 for bad arguments.
";

/// What to print for the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    /// Every solution as a line of 1-based columns.
    List,
    /// Every solution as its line and a drawn board.
    Show,
    /// Only the number of solutions.
    Count,
}

/// How `--show` draws a board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Style {
    /// ANSI background colours, for a terminal.
    Colour,
    /// ASCII only, framed, for files, pipes and NO_COLOR.
    Plain,
}

/// A command line that parsed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Command {
    /// `--help`.
    Help,
    /// Print the solutions of the n x n board in this mode.
    Run { n: usize, mode: Mode },
}

/// Why the arguments were not understood; each is reported on stderr with [`USAGE`], status 2.
#[derive(Debug)]
#[non_exhaustive]
pub enum UsageError {
    /// No board size was given.
    MissingSize,
    /// The board size is not a whole number.
    NotANumber { given: String },
    /// The board size is negative.
    Negative { given: String },
    /// The board size is 0, which has no board to show (and LeetCode's answer for it is empty).
    Zero,
    /// The board size is over the bound of the mode; `given` as typed, since it may not fit a usize.
    TooLarge { given: String, mode: Mode, bound: usize },
    /// A second positional argument that is not `show`.
    UnexpectedArgument { given: String },
    /// `--count` together with `--show` or `show`.
    CountAndShow,
    /// An unknown option, or an option with a value; lexopt's own message.
    Option(lexopt::Error),
}

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UsageError::MissingSize => write!(f, "missing the board size N"),
            UsageError::NotANumber { given } => write!(f, "board size {given:?} is not a whole number"),
            UsageError::Negative { given } => write!(f, "board size {given} is negative: expected 1 or more"),
            UsageError::Zero => write!(f, "board size 0 has no board: expected 1 or more"),
            UsageError::TooLarge { given, mode, bound } => {
                let doing = match mode {
                    Mode::List => "listing",
                    Mode::Show => "showing",
                    Mode::Count => "counting",
                };
                write!(f, "board size {given} is too large for {doing}: expected at most {bound}")
            }
            UsageError::UnexpectedArgument { given } => {
                write!(f, "unexpected argument {given:?}: expected only N and `show`")
            }
            UsageError::CountAndShow => write!(f, "--count and --show exclude each other"),
            UsageError::Option(error) => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for UsageError {}

impl From<lexopt::Error> for UsageError {
    fn from(error: lexopt::Error) -> UsageError {
        UsageError::Option(error)
    }
}

/// Parses the arguments after the program name.
///
/// # Errors
/// The first [`UsageError`] met.
pub fn parse_args(args: impl IntoIterator<Item = impl Into<OsString>>) -> Result<Command, UsageError> {
    use lexopt::Arg;

    let mut parser = lexopt::Parser::from_args(args);
    let mut size: Option<OsString> = None;
    let mut show = false;
    let mut count = false;
    while let Some(arg) = parser.next()? {
        match arg {
            Arg::Long("help") | Arg::Short('h') => return Ok(Command::Help),
            Arg::Long("show") => show = true,
            Arg::Long("count") => count = true,
            // `queens -3` reaches lexopt as the short option `3`; the rest of the token is its value.
            Arg::Short(digit) if digit.is_ascii_digit() => {
                let rest = parser.optional_value().unwrap_or_default();
                return Err(UsageError::Negative { given: format!("-{digit}{}", rest.to_string_lossy()) });
            }
            Arg::Value(value) if size.is_none() => size = Some(value),
            Arg::Value(value) if value == "show" && !show => show = true,
            Arg::Value(value) => {
                return Err(UsageError::UnexpectedArgument { given: value.to_string_lossy().into_owned() })
            }
            other => return Err(other.unexpected().into()),
        }
    }
    if count && show {
        return Err(UsageError::CountAndShow);
    }
    let mode = match (show, count) {
        (true, _) => Mode::Show,
        (false, true) => Mode::Count,
        (false, false) => Mode::List,
    };
    let size = size.ok_or(UsageError::MissingSize)?;
    let n = parse_size(&size, mode)?;
    Ok(Command::Run { n, mode })
}

/// The bound of a mode: [`MAX_COUNT_N`] for counting, [`MAX_LIST_N`] for the rest.
pub fn bound(mode: Mode) -> usize {
    match mode {
        Mode::Count => MAX_COUNT_N,
        Mode::List | Mode::Show => MAX_LIST_N,
    }
}

fn parse_size(size: &OsStr, mode: Mode) -> Result<usize, UsageError> {
    let given = size.to_string_lossy().into_owned();
    let digits = given.strip_prefix('+').unwrap_or(&given);
    if digits.is_empty() || !digits.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(UsageError::NotANumber { given });
    }
    let bound = bound(mode);
    // All digits, so the only way to fail is to be too large for a usize: over the bound too.
    match digits.parse::<usize>() {
        Ok(0) => Err(UsageError::Zero),
        Ok(n) if n <= bound => Ok(n),
        _ => Err(UsageError::TooLarge { given, mode, bound }),
    }
}

/// The style `--show` uses: colour only on a terminal, and not when NO_COLOR holds a non-empty value
/// (<https://no-color.org>).
pub fn style_for(stdout_is_terminal: bool, no_color: Option<&OsStr>) -> Style {
    let colour_refused = no_color.is_some_and(|value| !value.is_empty());
    if stdout_is_terminal && !colour_refused {
        Style::Colour
    } else {
        Style::Plain
    }
}

/// Runs a parsed [`Command::Run`]; `style` matters only to [`Mode::Show`].
///
/// # Errors
/// The writer's first error; the search stops there.
pub fn run(n: usize, mode: Mode, style: Style, out: impl Write) -> io::Result<()> {
    match mode {
        Mode::List => write_list(n, out),
        Mode::Show => write_boards(n, style, out),
        Mode::Count => write_count(n, out),
    }
}

/// Writes every solution of the n x n board, one a line, as 1-based columns: `[2, 4, 1, 3]`.
///
/// # Errors
/// The writer's first error; the search stops there.
pub fn write_list(n: usize, mut out: impl Write) -> io::Result<()> {
    let mut line = Vec::with_capacity(4 * n + 2);
    stream(n, |columns| {
        line.clear();
        push_columns(&mut line, columns);
        line.push(b'\n');
        out.write_all(&line)
    })?;
    out.flush()
}

/// Writes every solution of the n x n board as its line of columns, then the board drawn in
/// `style`, with a blank line between boards. Square (row, col) is light when row + col is even, so
/// the top-left square is light, as on the write-up's boards.
///
/// # Errors
/// The writer's first error; the search stops there.
pub fn write_boards(n: usize, style: Style, mut out: impl Write) -> io::Result<()> {
    let mut text = Vec::new();
    let mut is_first = true;
    stream(n, |columns| {
        text.clear();
        if !is_first {
            text.push(b'\n');
        }
        is_first = false;
        push_columns(&mut text, columns);
        text.push(b'\n');
        draw_board(&mut text, columns, style);
        out.write_all(&text)
    })?;
    out.flush()
}

/// Writes the number of solutions of the n x n board and a newline, from `cses::fastest`.
///
/// # Errors
/// The writer's error.
pub fn write_count(n: usize, mut out: impl Write) -> io::Result<()> {
    let empty_board = vec![vec![false; n]; n];
    writeln!(out, "{}", cses::fastest::count(&empty_board))?;
    out.flush()
}

/// Feeds every solution to `write`, stopping at its first error.
fn stream(n: usize, mut write: impl FnMut(&[usize]) -> io::Result<()>) -> io::Result<()> {
    let outcome = leetcode::bitmask::try_for_each_solution(n, &mut |columns| match write(columns) {
        Ok(()) => ControlFlow::Continue(()),
        Err(error) => ControlFlow::Break(error),
    });
    match outcome {
        ControlFlow::Continue(()) => Ok(()),
        ControlFlow::Break(error) => Err(error),
    }
}

/// Appends `[c1, c2, ...]`, the 1-based columns, as the write-up printed its `Vec` with `{:?}`.
fn push_columns(text: &mut Vec<u8>, columns: &[usize]) {
    text.push(b'[');
    for (row, &col) in columns.iter().enumerate() {
        if row > 0 {
            text.extend_from_slice(b", ");
        }
        push_number(text, col + 1);
    }
    text.push(b']');
}

/// Appends `number` in decimal; `write!` per number is the listing's main cost otherwise.
fn push_number(text: &mut Vec<u8>, mut number: usize) {
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (number % 10) as u8;
        number /= 10;
        if number == 0 {
            break;
        }
    }
    text.extend_from_slice(&digits[start..]);
}

/// The write-up's queen, three characters wide like every square.
const QUEEN: &[u8] = b"<W>";
const LIGHT_EMPTY: &[u8] = b"   ";
/// A dark square in plain characters, filled so that the board still reads as checkered.
const DARK_EMPTY_PLAIN: &[u8] = b":::";
/// The write-up's colours: black on grey for light squares, grey on black for dark ones.
const LIGHT_COLOURS: &[u8] = b"\x1b[30;47m";
const DARK_COLOURS: &[u8] = b"\x1b[37;40m";
const RESET: &[u8] = b"\x1b[0m";

fn draw_board(text: &mut Vec<u8>, columns: &[usize], style: Style) {
    let n = columns.len();
    let frame = |text: &mut Vec<u8>| {
        text.push(b'+');
        text.extend(std::iter::repeat_n(b'-', 3 * n));
        text.extend_from_slice(b"+\n");
    };
    if style == Style::Plain {
        frame(text);
    }
    for (row, &queen_col) in columns.iter().enumerate() {
        if style == Style::Plain {
            text.push(b'|');
        }
        for col in 0..n {
            let is_light = (row + col) % 2 == 0;
            let piece = if col == queen_col { QUEEN } else { LIGHT_EMPTY };
            match style {
                Style::Plain => {
                    let piece = if col != queen_col && !is_light { DARK_EMPTY_PLAIN } else { piece };
                    text.extend_from_slice(piece);
                }
                Style::Colour => {
                    text.extend_from_slice(if is_light { LIGHT_COLOURS } else { DARK_COLOURS });
                    text.extend_from_slice(piece);
                }
            }
        }
        match style {
            Style::Plain => text.extend_from_slice(b"|\n"),
            // Reset before the newline, so no colour bleeds into the rest of the terminal line.
            Style::Colour => {
                text.extend_from_slice(RESET);
                text.push(b'\n');
            }
        }
    }
    if style == Style::Plain {
        frame(text);
    }
}
