//! The board model: an n x n board whose squares are free (`.`) or reserved (`*`),
//! and the parser for the CSES text format, which names the line and column of any fault.

use std::fmt;
use std::str::FromStr;

/// The largest board side the workspace supports; every solution crate honours it too.
pub const MAX_N: usize = 32;

/// An n x n board, 1 <= n <= [`MAX_N`]; a reserved square holds no queen but blocks no attack.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Board {
    /// `reserved[row][col]`, always n rows of n squares.
    reserved: Vec<Vec<bool>>,
}

/// Why a board could not be built from a size or a reserved-square matrix.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum BoardError {
    /// The side is 0 or over [`MAX_N`].
    Size { n: usize },
    /// Row `row` (0-based) has `len` squares where the board has `n` rows.
    NotSquare { row: usize, len: usize, n: usize },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::Size { n } => {
                write!(f, "board side {n} is out of range: expected 1 to {MAX_N}")
            }
            BoardError::NotSquare { row, len, n } => {
                write!(f, "row {} has {len} squares: expected {n}, as the board has {n} rows", row + 1)
            }
        }
    }
}

impl std::error::Error for BoardError {}

/// A fault in CSES board text, at a 1-based line and column.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseError {
    pub line: usize,
    pub column: usize,
    pub kind: ParseErrorKind,
}

/// What was wrong at the place a [`ParseError`] names.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// No bytes at all.
    Empty,
    /// A line with no squares.
    BlankLine,
    /// The text ended after `found` rows; the first row's length asked for `expected`.
    TooFewRows { expected: usize, found: usize },
    /// A row after the `expected`-th.
    TooManyRows { expected: usize },
    /// A row of `found` squares where `expected` were needed.
    RowTooShort { expected: usize, found: usize },
    /// A row with more than `expected` squares.
    RowTooLong { expected: usize },
    /// A character other than `.` and `*`.
    UnknownCharacter { found: char },
    /// The first row is longer than [`MAX_N`].
    TooLarge,
    /// Bytes that are not UTF-8.
    NotUtf8,
}

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseErrorKind::Empty => write!(f, "empty input: expected rows of `.` and `*`"),
            ParseErrorKind::BlankLine => write!(f, "blank line: expected a row of `.` and `*`"),
            ParseErrorKind::TooFewRows { expected, found } => {
                write!(f, "too few rows: expected {expected}, found {found}")
            }
            ParseErrorKind::TooManyRows { expected } => {
                write!(f, "too many rows: expected {expected}, as the first row is {expected} long")
            }
            ParseErrorKind::RowTooShort { expected, found } => {
                write!(f, "row too short: expected {}, found {found}", squares(*expected))
            }
            ParseErrorKind::RowTooLong { expected } => {
                write!(f, "row too long: expected {}", squares(*expected))
            }
            ParseErrorKind::UnknownCharacter { found } => {
                write!(f, "unknown character {found:?}: expected `.` or `*`")
            }
            ParseErrorKind::TooLarge => {
                write!(f, "board too large: expected at most {MAX_N} squares a row")
            }
            ParseErrorKind::NotUtf8 => write!(f, "invalid UTF-8: expected `.` or `*`"),
        }
    }
}

/// `1 square`, `8 squares`.
fn squares(count: usize) -> String {
    format!("{count} square{}", if count == 1 { "" } else { "s" })
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: {}", self.line, self.column, self.kind)
    }
}

impl std::error::Error for ParseError {}

impl Board {
    /// The n x n board with no reserved square.
    ///
    /// # Errors
    /// [`BoardError::Size`] when n is 0 or over [`MAX_N`].
    pub fn empty(n: usize) -> Result<Board, BoardError> {
        if n == 0 || n > MAX_N {
            return Err(BoardError::Size { n });
        }
        Ok(Board { reserved: vec![vec![false; n]; n] })
    }

    /// A board from its reserved squares, `reserved[row][col]`.
    ///
    /// # Errors
    /// [`BoardError::Size`] for 0 or over [`MAX_N`] rows; [`BoardError::NotSquare`] for a row of another length.
    pub fn from_reserved(reserved: Vec<Vec<bool>>) -> Result<Board, BoardError> {
        let n = reserved.len();
        if n == 0 || n > MAX_N {
            return Err(BoardError::Size { n });
        }
        if let Some((row, squares)) = reserved.iter().enumerate().find(|(_, r)| r.len() != n) {
            return Err(BoardError::NotSquare { row, len: squares.len(), n });
        }
        Ok(Board { reserved })
    }

    /// Parses CSES text given as bytes, so that invalid UTF-8 is a [`ParseError`] too.
    ///
    /// The first fault is named, as [`Board::parse`] does: a board fault before the first invalid
    /// byte wins over it.
    ///
    /// # Errors
    /// As [`Board::parse`], plus [`ParseErrorKind::NotUtf8`] at the first bad byte.
    pub fn parse_bytes(bytes: &[u8]) -> Result<Board, ParseError> {
        let error = match std::str::from_utf8(bytes) {
            Ok(text) => return Board::parse(text),
            Err(error) => error,
        };
        // The valid prefix is UTF-8 by definition, so it can be counted in characters.
        let valid = std::str::from_utf8(&bytes[..error.valid_up_to()]).unwrap_or_default();
        let line = valid.matches('\n').count() + 1;
        let line_start = valid.rfind('\n').map_or(0, |at| at + 1);
        let column = valid[line_start..].chars().count() + 1;
        let not_utf8 = ParseError { line, column, kind: ParseErrorKind::NotUtf8 };
        // Read with the bad bytes replaced, the text keeps every earlier character in its place,
        // and the replacement character is itself a fault, so parsing it fails at or before them.
        match Board::parse(&String::from_utf8_lossy(bytes)) {
            Err(earlier) if (earlier.line, earlier.column) < (line, column) => Err(earlier),
            _ => Err(not_utf8),
        }
    }

    /// Parses CSES text: one row a line, `.` free and `*` reserved; the first row's length is n.
    ///
    /// A final newline is optional and `\r\n` line ends are accepted, as is a last line ending in
    /// `\r` alone (`\r\n` cut short); nothing else is: any other `\r` is a character of its row.
    ///
    /// # Errors
    /// A [`ParseError`] at the first fault, top to bottom and left to right.
    pub fn parse(text: &str) -> Result<Board, ParseError> {
        let fault = |line, column, kind| Err(ParseError { line, column, kind });
        if text.is_empty() {
            return fault(1, 1, ParseErrorKind::Empty);
        }
        let mut n = 0;
        let mut reserved: Vec<Vec<bool>> = Vec::new();
        // `split_inclusive` keeps each line's `\n`, so a final newline adds no empty line. One `\r`
        // at a line's end is part of its line end, on a last line without `\n` too: CRLF text whose
        // final `\n` was cut off is still CRLF text.
        for (index, raw_line) in text.split_inclusive('\n').enumerate() {
            let line_number = index + 1;
            let line = raw_line.strip_suffix('\n').unwrap_or(raw_line);
            let line = line.strip_suffix('\r').unwrap_or(line);
            if line.is_empty() {
                return fault(line_number, 1, ParseErrorKind::BlankLine);
            }
            if index == 0 {
                n = line.chars().count();
                if n > MAX_N {
                    // Left to right, a bad square within the first MAX_N comes before the row's size.
                    let mut squares = line.chars().take(MAX_N).enumerate();
                    if let Some((col_idx, found)) = squares.find(|&(_, c)| c != '.' && c != '*') {
                        return fault(1, col_idx + 1, ParseErrorKind::UnknownCharacter { found });
                    }
                    return fault(1, MAX_N + 1, ParseErrorKind::TooLarge);
                }
            } else if index == n {
                return fault(line_number, 1, ParseErrorKind::TooManyRows { expected: n });
            }
            let mut row = Vec::with_capacity(n);
            for (col_idx, square) in line.chars().enumerate() {
                if col_idx == n {
                    return fault(line_number, n + 1, ParseErrorKind::RowTooLong { expected: n });
                }
                match square {
                    '.' => row.push(false),
                    '*' => row.push(true),
                    found => {
                        return fault(line_number, col_idx + 1, ParseErrorKind::UnknownCharacter { found })
                    }
                }
            }
            if row.len() < n {
                let found = row.len();
                return fault(line_number, found + 1, ParseErrorKind::RowTooShort { expected: n, found });
            }
            reserved.push(row);
        }
        if reserved.len() < n {
            let found = reserved.len();
            return fault(found + 1, 1, ParseErrorKind::TooFewRows { expected: n, found });
        }
        Ok(Board { reserved })
    }

    /// The side of the board.
    pub fn n(&self) -> usize {
        self.reserved.len()
    }

    /// Whether the square at `row`, `col` (0-based) is reserved; squares off the board are not.
    pub fn is_reserved(&self, row: usize, col: usize) -> bool {
        self.reserved.get(row).and_then(|r| r.get(col)).copied().unwrap_or(false)
    }

    /// The reserved squares as `rows[row][col]`: the input every CSES solution module takes.
    pub fn reserved_rows(&self) -> &[Vec<bool>] {
        &self.reserved
    }

    /// How many squares are reserved.
    pub fn reserved_count(&self) -> usize {
        self.reserved.iter().flatten().filter(|&&r| r).count()
    }

    /// The CSES text of the board, a newline after every row.
    pub fn to_text(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in &self.reserved {
            let line: String = row.iter().map(|&r| if r { '*' } else { '.' }).collect();
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

impl FromStr for Board {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Board, ParseError> {
        Board::parse(text)
    }
}
