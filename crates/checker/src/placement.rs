//! Placements (one queen column per row), the check that names the exact fault of a wrong one,
//! and the conversion to and from LeetCode's `Vec<String>` boards.

use std::fmt;

use crate::Board;

/// One queen column per row, 0-based: `columns()[row] == col`.
///
/// It orders lexicographically by its columns, which is the canonical order of solution sets.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Placement {
    columns: Vec<usize>,
}

/// The line along which two queens attack.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum AttackLine {
    /// The same column.
    Column,
    /// The same `\` diagonal: row - column is equal.
    Diagonal,
    /// The same `/` diagonal: row + column is equal.
    AntiDiagonal,
}

impl fmt::Display for AttackLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            AttackLine::Column => "column",
            AttackLine::Diagonal => "diagonal (\\)",
            AttackLine::AntiDiagonal => "anti-diagonal (/)",
        })
    }
}

/// Why a placement is not a solution of a board; squares are 0-based, messages 1-based.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum CheckError {
    /// The placement stops before this row.
    MissingQueen { row: usize },
    /// The placement has a queen in this row, below the board's last.
    ExtraRow { row: usize, n: usize },
    /// The queen of this row stands right of the board's last column.
    ColumnOffBoard { row: usize, column: usize, n: usize },
    /// The queen stands on a reserved square.
    OnReserved { row: usize, column: usize },
    /// Two queens attack; `first` is the upper one, as `(row, column)`.
    Attack { first: (usize, usize), second: (usize, usize), line: AttackLine },
    /// A LeetCode board that is not one queen a row; see [`check_strings`](crate::check_strings).
    Malformed(StringsError),
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckError::MissingQueen { row } => write!(f, "row {} has no queen", row + 1),
            CheckError::ExtraRow { row, n } => {
                write!(f, "row {} is outside the {n} x {n} board", row + 1)
            }
            CheckError::ColumnOffBoard { row, column, n } => {
                // A wrong solution can hand in any column, even `usize::MAX`: count from 1 in u128,
                // which holds every usize plus one, so that naming the fault cannot overflow.
                let column_number = *column as u128 + 1;
                write!(f, "queen at row {}, column {column_number} is outside the {n} x {n} board", row + 1)
            }
            CheckError::OnReserved { row, column } => {
                write!(f, "queen at row {}, column {} stands on a reserved square", row + 1, column + 1)
            }
            CheckError::Attack { first, second, line } => write!(
                f,
                "queens at row {}, column {} and row {}, column {} attack along their {line}",
                first.0 + 1,
                first.1 + 1,
                second.0 + 1,
                second.1 + 1
            ),
            CheckError::Malformed(error) => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for CheckError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CheckError::Malformed(error) => Some(error),
            _ => None,
        }
    }
}

/// A LeetCode board string that is not a row of `.` with one `Q`, at a 1-based row and column.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct StringsError {
    pub row: usize,
    /// `None` where no single column is at fault (a row with no `Q`).
    pub column: Option<usize>,
    pub kind: StringsErrorKind,
}

/// What was wrong with the row a [`StringsError`] names.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum StringsErrorKind {
    /// The row's length differs from the number of rows.
    WrongLength { expected: usize, found: usize },
    /// A character other than `Q` and `.`.
    UnknownCharacter { found: char },
    /// No `Q` in the row.
    NoQueen,
    /// A second `Q`; `first` is the 1-based column of the first.
    TwoQueens { first: usize },
}

impl fmt::Display for StringsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(column) => write!(f, "row {}, column {column}: ", self.row)?,
            None => write!(f, "row {}: ", self.row)?,
        }
        match &self.kind {
            StringsErrorKind::WrongLength { expected, found } => {
                let plural = if *expected == 1 { "" } else { "s" };
                write!(f, "wrong length: expected {expected} character{plural}, found {found}")
            }
            StringsErrorKind::UnknownCharacter { found } => {
                write!(f, "unknown character {found:?}: expected `Q` or `.`")
            }
            StringsErrorKind::NoQueen => write!(f, "no `Q`: expected exactly one queen a row"),
            StringsErrorKind::TwoQueens { first } => {
                write!(f, "a second `Q` (the first is at column {first}): expected exactly one queen a row")
            }
        }
    }
}

impl std::error::Error for StringsError {}

impl Placement {
    /// A placement from its columns, `columns[row]`, 0-based. Any numbers are accepted; [`check`] judges them.
    pub fn new(columns: Vec<usize>) -> Placement {
        Placement { columns }
    }

    /// The queen column of each row.
    pub fn columns(&self) -> &[usize] {
        &self.columns
    }

    /// The number of rows the placement covers.
    pub fn len(&self) -> usize {
        self.columns.len()
    }

    /// Whether the placement has no row at all.
    pub fn is_empty(&self) -> bool {
        self.columns.is_empty()
    }

    /// Parses a LeetCode board: n strings of n characters, each with one `Q` among `.`.
    ///
    /// # Errors
    /// A [`StringsError`] naming the first malformed row, and its column where there is one.
    pub fn from_strings<S: AsRef<str>>(rows: &[S]) -> Result<Placement, StringsError> {
        let n = rows.len();
        let mut columns = Vec::with_capacity(n);
        for (row_idx, row) in rows.iter().enumerate() {
            let row_number = row_idx + 1;
            let fault = |column, kind| StringsError { row: row_number, column, kind };
            let mut queen: Option<usize> = None;
            let mut length = 0;
            for (col_idx, square) in row.as_ref().chars().enumerate() {
                length += 1;
                match square {
                    '.' => {}
                    'Q' => {
                        if let Some(first) = queen {
                            let kind = StringsErrorKind::TwoQueens { first: first + 1 };
                            return Err(fault(Some(col_idx + 1), kind));
                        }
                        queen = Some(col_idx);
                    }
                    found => {
                        let kind = StringsErrorKind::UnknownCharacter { found };
                        return Err(fault(Some(col_idx + 1), kind));
                    }
                }
            }
            if length != n {
                let kind = StringsErrorKind::WrongLength { expected: n, found: length };
                return Err(fault(Some(length.min(n) + 1), kind));
            }
            match queen {
                Some(col_idx) => columns.push(col_idx),
                None => return Err(fault(None, StringsErrorKind::NoQueen)),
            }
        }
        Ok(Placement { columns })
    }

    /// The LeetCode form: one string a row, `Q` for the queen and `.` elsewhere.
    pub fn to_strings(&self) -> Vec<String> {
        let n = self.columns.len();
        self.columns.iter().map(|&col| (0..n).map(|c| if c == col { 'Q' } else { '.' }).collect()).collect()
    }

    /// The placement drawn on a board: `Q` queens, `*` reserved squares, `.` the rest.
    pub fn draw_on(&self, board: &Board) -> Vec<String> {
        (0..board.n())
            .map(|row| {
                (0..board.n())
                    .map(|col| match () {
                        () if self.columns.get(row) == Some(&col) => 'Q',
                        () if board.is_reserved(row, col) => '*',
                        () => '.',
                    })
                    .collect()
            })
            .collect()
    }
}

/// Checks that `placement` is a solution of `board`: one queen in every row, each on a free square,
/// no two on one column or diagonal.
///
/// Rows are scanned top to bottom, and a row's queen is compared with every queen above it, so the
/// error names the topmost fault.
///
/// # Complexity
/// O(n^2) time, O(1) extra memory.
///
/// # Errors
/// The first [`CheckError`] found.
pub fn check(board: &Board, placement: &Placement) -> Result<(), CheckError> {
    let n = board.n();
    let columns = placement.columns();
    for (row, &column) in columns.iter().enumerate() {
        if row >= n {
            return Err(CheckError::ExtraRow { row, n });
        }
        if column >= n {
            return Err(CheckError::ColumnOffBoard { row, column, n });
        }
        if board.is_reserved(row, column) {
            return Err(CheckError::OnReserved { row, column });
        }
        for (upper_row, &upper_column) in columns[..row].iter().enumerate() {
            if let Some(line) = attack_line((upper_row, upper_column), (row, column)) {
                return Err(CheckError::Attack {
                    first: (upper_row, upper_column),
                    second: (row, column),
                    line,
                });
            }
        }
    }
    if columns.len() < n {
        return Err(CheckError::MissingQueen { row: columns.len() });
    }
    Ok(())
}

/// Checks a LeetCode board: [`Placement::from_strings`], then [`check`].
///
/// # Errors
/// [`CheckError::Malformed`] for a malformed string, else as [`check`].
pub fn check_strings<S: AsRef<str>>(board: &Board, rows: &[S]) -> Result<Placement, CheckError> {
    let placement = Placement::from_strings(rows).map_err(CheckError::Malformed)?;
    check(board, &placement)?;
    Ok(placement)
}

/// The line two distinct queens share, if any. Rows are not compared: a placement has one queen a row.
pub(crate) fn attack_line(first: (usize, usize), second: (usize, usize)) -> Option<AttackLine> {
    let ((r1, c1), (r2, c2)) = (first, second);
    if c1 == c2 {
        Some(AttackLine::Column)
    } else if r1.abs_diff(r2) == c1.abs_diff(c2) {
        // Equal distance in both directions: the sign tells which diagonal.
        if (r1 < r2) == (c1 < c2) {
            Some(AttackLine::Diagonal)
        } else {
            Some(AttackLine::AntiDiagonal)
        }
    } else {
        None
    }
}
