//! LeetCode 51's boards as the judge holds them: every row's text in one buffer, with where each
//! row and each board ends. A right answer for n = 12 is 14,200 boards of 12 rows; held as a
//! `String` a row, reading, keeping and dropping its 170,000 allocations was two fifths of the
//! judge's own CPU time on that case. Rows stay exactly as the solution returned them.

/// Boards, each a list of rows, in the order they were given.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Boards {
    /// Every row's text, one after the other.
    text: String,
    /// Where each row ends in `text`.
    row_ends: Vec<usize>,
    /// Where each board's rows end in `row_ends`.
    board_ends: Vec<usize>,
}

/// One board's rows.
#[derive(Clone, Copy, Debug)]
pub struct Rows<'a> {
    boards: &'a Boards,
    /// Its rows' range in `row_ends`.
    first: usize,
    end: usize,
}

impl Boards {
    pub fn new() -> Boards {
        Boards::default()
    }

    /// Adds a row to the board being made.
    pub fn push_row(&mut self, row: &str) {
        self.text.push_str(row);
        self.row_ends.push(self.text.len());
    }

    /// Ends the board being made: the rows pushed since the last board are its own.
    pub fn end_board(&mut self) {
        self.board_ends.push(self.row_ends.len());
    }

    /// Adds a board of these rows.
    pub fn push<S: AsRef<str>>(&mut self, rows: &[S]) {
        for row in rows {
            self.push_row(row.as_ref());
        }
        self.end_board();
    }

    pub fn len(&self) -> usize {
        self.board_ends.len()
    }

    pub fn is_empty(&self) -> bool {
        self.board_ends.is_empty()
    }

    /// The boards' rows in all.
    pub fn row_count(&self) -> usize {
        self.row_ends.len()
    }

    /// The board at `index`.
    pub fn get(&self, index: usize) -> Option<Rows<'_>> {
        let end = *self.board_ends.get(index)?;
        let first = index.checked_sub(1).map_or(0, |before| self.board_ends[before]);
        Some(Rows { boards: self, first, end })
    }

    pub fn iter(&self) -> impl ExactSizeIterator<Item = Rows<'_>> + '_ {
        (0..self.len()).map(|index| self.get(index).expect("an index below len"))
    }
}

impl<S: AsRef<str>> From<Vec<Vec<S>>> for Boards {
    fn from(boards: Vec<Vec<S>>) -> Boards {
        let mut held = Boards::new();
        for rows in &boards {
            held.push(rows);
        }
        held
    }
}

impl<'a> Rows<'a> {
    /// How many rows the board has.
    pub fn len(&self) -> usize {
        self.end - self.first
    }

    pub fn is_empty(&self) -> bool {
        self.end == self.first
    }

    /// Its rows, top first.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &'a str> + 'a {
        let boards = self.boards;
        (self.first..self.end).map(move |row| {
            let start = row.checked_sub(1).map_or(0, |before| boards.row_ends[before]);
            &boards.text[start..boards.row_ends[row]]
        })
    }
}

/// What one board costs the judge once parsed, beside its rows: where its rows end.
const BOARD_COST: usize = size_of::<usize>();

/// What one row of `length` bytes costs the judge once parsed: its bytes, and where it ends.
fn row_cost(length: usize) -> usize {
    length.saturating_add(size_of::<usize>())
}

/// What `boards` boards of `rows` rows of `length` bytes cost the judge once parsed: the measure
/// of [`super::Answer::from_wire_within`]'s budget.
pub(crate) fn boards_cost(boards: usize, rows: usize, length: usize) -> usize {
    boards.saturating_mul(BOARD_COST.saturating_add(rows.saturating_mul(row_cost(length))))
}

/// Boards, read line by line, so that a row is exactly what the solution returned (see
/// [`super::Answer::from_wire_within`]); past `budget` bytes of the judge's memory, not read on.
pub(super) fn boards_from_wire(text: &str, budget: usize) -> Result<Boards, String> {
    let mut lines = text.lines();
    let number = |line: Option<&str>, what: &str| -> Result<usize, String> {
        let line = line.ok_or_else(|| format!("the output ends where {what} was expected"))?;
        line.trim().parse::<usize>().map_err(|_| format!("expected {what}, found `{}`", super::shorten(line)))
    };
    let board_count = number(lines.next(), "the number of boards")?;
    let too_large = || {
        format!(
            "answer too large: its boards would take more than {} MB of the judge's memory, \
             where a right answer takes at most {} MB: not read past that",
            budget >> 20,
            (budget >> 20) / 2
        )
    };
    let mut cost = 0usize;
    // Room for what the text itself holds, at most: its rows cannot be longer.
    let mut boards = Boards {
        text: String::with_capacity(text.len().min(budget)),
        row_ends: Vec::new(),
        board_ends: Vec::with_capacity(board_count.min(1 << 20).min(budget / BOARD_COST)),
    };
    for index in 0..board_count {
        let rows = number(lines.next(), &format!("the number of rows of board {}", index + 1))?;
        cost = cost.saturating_add(BOARD_COST);
        for row in 0..rows {
            let line = lines
                .next()
                .ok_or_else(|| format!("the output ends in board {}, row {}", index + 1, row + 1))?;
            cost = cost.saturating_add(row_cost(line.len()));
            if cost > budget {
                return Err(too_large());
            }
            boards.push_row(line);
        }
        boards.end_board();
    }
    if let Some(extra) = lines.find(|line| !line.trim().is_empty()) {
        return Err(format!("{board_count} boards are followed by `{}`", super::shorten(extra)));
    }
    Ok(boards)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_keep_their_rows_as_given_and_in_order() {
        let given = vec![vec!["Q.", ""], vec![], vec!["..Q", "Q\n", "x"]];
        let boards = Boards::from(given.clone());
        assert_eq!((boards.len(), boards.row_count(), boards.is_empty()), (3, 5, false));
        let read: Vec<Vec<&str>> = boards.iter().map(|rows| rows.iter().collect()).collect();
        assert_eq!(read, given);
        assert_eq!(boards.get(1).map(|rows| (rows.len(), rows.is_empty())), Some((0, true)));
        assert!(boards.get(3).is_none());
        assert_eq!(boards, Boards::from(given));
        assert_ne!(boards, Boards::from(vec![vec!["Q.", ""], vec![], vec!["..Q", "Q\n"], vec!["x"]]));
        assert!(Boards::new().is_empty());
    }
}
