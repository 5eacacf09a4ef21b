//! Property tests: the checker's parts agree with each other and with plain rules on random inputs.
//!
//! - every solution the oracle returns passes `check`, and moving any one queen along its row is caught;
//! - `check` accepts exactly what a pairwise rule accepts;
//! - board text and LeetCode strings round-trip;
//! - the parser never panics, and every error it gives points into the input at a real fault, with
//!   everything before that point well formed.
//!
//! Case counts are modest (64 to 256 a property), so the module runs in well under a second.

use checker::{
    check, oracle, AttackLine, Board, CheckError, ParseError, ParseErrorKind as Kind, Placement, MAX_N,
};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::Index;

use crate::support::{boards, empty_board, is_solution_by_pairs};

/// The CSES text of a board written by hand, with each line ended by `line_end`, or the last not ended.
fn board_text(board: &Board, line_end: &str, final_line_end: bool) -> String {
    let rows: Vec<String> = board
        .reserved_rows()
        .iter()
        .map(|row| row.iter().map(|&r| if r { '*' } else { '.' }).collect())
        .collect();
    let mut text = rows.join(line_end);
    if final_line_end {
        text.push_str(line_end);
    }
    text
}

/// The characters the edits below insert: the board's own, line ends, and some that are never allowed.
const EDIT_CHARACTERS: [char; 8] = ['.', '*', '\n', '\r', 'Q', ' ', '\t', 'é'];

/// The text of a random board, spelled in one of the accepted ways, then damaged by one to three edits
/// (delete, insert or replace a character), so that every kind of fault turns up often.
fn damaged_board_texts() -> impl Strategy<Value = String> {
    let edit = (0..3u8, any::<Index>(), proptest::sample::select(EDIT_CHARACTERS.to_vec()));
    (boards(1..=6, 50), any::<bool>(), any::<bool>(), vec(edit, 1..=3)).prop_map(
        |(board, crlf, final_line_end, edits)| {
            let mut text: Vec<char> =
                board_text(&board, if crlf { "\r\n" } else { "\n" }, final_line_end).chars().collect();
            for (operation, place, character) in edits {
                match operation {
                    0 if !text.is_empty() => {
                        text.remove(place.index(text.len()));
                    }
                    1 => text.insert(place.index(text.len() + 1), character),
                    _ if !text.is_empty() => {
                        let at = place.index(text.len());
                        text[at] = character;
                    }
                    _ => text.push(character),
                }
            }
            text.into_iter().collect()
        },
    )
}

/// Checks that `error` names a real fault of `text` at a place inside it, and that every line and
/// square before that place is well formed, so the fault named is the first one.
///
/// Lines are the pieces between `\n`s; one `\r` ending a line is part of its line end, on the last
/// line (no `\n` after it) too.
/// A missing row is named at the line after the last row: past the text when it has no final newline.
fn assert_first_fault(text: &str, error: &ParseError) -> Result<(), TestCaseError> {
    let lines: Vec<&str> = text.split('\n').collect();
    let squares_of = |line_index: usize| -> Vec<char> {
        let line = lines[line_index];
        line.strip_suffix('\r').unwrap_or(line).chars().collect()
    };
    let (line, column) = (error.line, error.column);
    prop_assert!(line >= 1 && column >= 1, "{error:?}");
    prop_assert!(
        line <= lines.len() + usize::from(matches!(error.kind, Kind::TooFewRows { .. })),
        "{error:?}"
    );
    if line == lines.len() + 1 {
        prop_assert_eq!(column, 1);
    } else {
        prop_assert!(column <= lines[line - 1].chars().count() + 1, "{error:?}");
    }

    // Every line above the fault is a row of the first row's length, of `.` and `*` only.
    let n = if line > 1 { squares_of(0).len() } else { 0 };
    for earlier in 0..line - 1 {
        let squares = squares_of(earlier);
        prop_assert_eq!(squares.len(), n, "line {} is not a row of {}: {:?}", earlier + 1, n, text);
        prop_assert!(squares.iter().all(|&square| square == '.' || square == '*'), "line {}", earlier + 1);
    }
    if line == lines.len() + 1 {
        prop_assert_eq!(&error.kind, &Kind::TooFewRows { expected: n, found: line - 1 });
        return Ok(());
    }
    // On the faulty line, every square before the fault's column is `.` or `*`.
    let squares = squares_of(line - 1);
    prop_assert!(squares.iter().take(column - 1).all(|&square| square == '.' || square == '*'), "{error:?}");
    match error.kind {
        Kind::Empty => prop_assert!(text.is_empty()),
        Kind::BlankLine => prop_assert!(squares.is_empty() && column == 1, "{error:?}"),
        Kind::TooFewRows { expected, found } => {
            prop_assert!(found < expected && line == found + 1 && column == 1, "{error:?}");
            prop_assert!(
                squares.is_empty() && line == lines.len(),
                "only an empty last line can follow the rows"
            );
        }
        Kind::TooManyRows { expected } => {
            prop_assert!(line == expected + 1 && column == 1 && expected == n && !squares.is_empty());
        }
        Kind::RowTooShort { expected, found } => {
            prop_assert!(expected == n && squares.len() == found && found < expected && column == found + 1);
        }
        Kind::RowTooLong { expected } => {
            prop_assert!(line > 1 && expected == n && squares.len() > expected && column == expected + 1);
        }
        Kind::UnknownCharacter { found } => {
            prop_assert_eq!(lines[line - 1].chars().nth(column - 1), Some(found));
            prop_assert!(found != '.' && found != '*');
            if line == 1 {
                prop_assert!(column <= MAX_N, "past column 32 of the first row, its size is the first fault");
            }
        }
        Kind::TooLarge => prop_assert!(line == 1 && squares.len() > MAX_N && column == MAX_N + 1),
        ref other => prop_assert!(false, "parse gave {other:?} for text"),
    }
    Ok(())
}

/// Checks that an attack `check` names is real: both squares hold queens of `columns`, `first` is the
/// upper one, and the two squares lie on `line`, computed here from the squares' coordinates.
fn assert_real_attack(
    columns: &[usize],
    first: (usize, usize),
    second: (usize, usize),
    line: AttackLine,
) -> Result<(), TestCaseError> {
    prop_assert_eq!(columns.get(first.0), Some(&first.1));
    prop_assert_eq!(columns.get(second.0), Some(&second.1));
    prop_assert!(first.0 < second.0, "{:?} is not above {:?}", first, second);
    let (row_step, column_step) =
        (second.0 as isize - first.0 as isize, second.1 as isize - first.1 as isize);
    let expected = match column_step {
        0 => AttackLine::Column,
        _ if column_step == row_step => AttackLine::Diagonal,
        _ if column_step == -row_step => AttackLine::AntiDiagonal,
        _ => return Err(TestCaseError::fail(format!("{first:?} and {second:?} share no line"))),
    };
    prop_assert_eq!(line, expected);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_oracle_solution_passes_check(board in boards(1..=8, 60)) {
        let solutions = oracle::solutions(&board);
        prop_assert_eq!(oracle::count(&board), solutions.len() as u64);
        for placement in &solutions {
            prop_assert_eq!(check(&board, placement), Ok(()));
            prop_assert!(is_solution_by_pairs(&board, placement.columns()));
        }
    }

    #[test]
    fn moving_one_queen_along_its_row_is_caught(
        (n, pattern) in (4..=8usize)
            .prop_flat_map(|n| (Just(n), vec(vec(proptest::bool::weighted(0.3), n), n))),
        solution in any::<Index>(),
        row in any::<Index>(),
        shift in any::<Index>(),
    ) {
        let solutions = oracle::solutions(&empty_board(n));
        let mut columns = solution.get(&solutions).columns().to_vec();
        // Reserve squares of the random pattern, but none that the chosen solution stands on.
        let reserved: Vec<Vec<bool>> = (0..n)
            .map(|r| (0..n).map(|c| pattern[r][c] && columns[r] != c).collect())
            .collect();
        let board = Board::from_reserved(reserved).expect("a square board");
        prop_assert_eq!(check(&board, &Placement::new(columns.clone())), Ok(()));

        let row = row.index(n);
        let column = (columns[row] + 1 + shift.index(n - 1)) % n;
        columns[row] = column;
        let moved = (row, column);
        // Only `row` changed, so every fault involves its queen; a reserved square is judged before
        // attacks, and another queen already holds the new column, so there is always a fault.
        match check(&board, &Placement::new(columns.clone())) {
            Err(CheckError::OnReserved { row: fault_row, column: fault_column }) => {
                prop_assert_eq!((fault_row, fault_column), moved);
            }
            Err(CheckError::Attack { first, second, line }) => {
                prop_assert!(!board.is_reserved(row, column), "a reserved square is named before an attack");
                prop_assert!(first == moved || second == moved, "{:?} {:?} {:?}", first, second, moved);
                assert_real_attack(&columns, first, second, line)?;
            }
            other => prop_assert!(false, "moving {:?} gave {:?}", moved, other),
        }
    }

    #[test]
    fn swapping_two_queens_is_judged_by_the_pairwise_rule(
        n in 4..=8usize,
        solution in any::<Index>(),
        rows in (any::<Index>(), any::<Index>()),
    ) {
        // Swapping two rows' queens keeps the columns distinct, so only diagonals can be at fault, at
        // any distance: the near misses a wrong diagonal rule would let through.
        let board = empty_board(n);
        let solutions = oracle::solutions(&board);
        let mut columns = solution.get(&solutions).columns().to_vec();
        let (upper, lower) = (rows.0.index(n), rows.1.index(n));
        columns.swap(upper, lower);
        let verdict = check(&board, &Placement::new(columns.clone()));
        prop_assert_eq!(verdict.is_ok(), is_solution_by_pairs(&board, &columns), "{:?}", verdict);
        match verdict {
            Ok(()) => {}
            Err(CheckError::Attack { first, second, line }) => {
                prop_assert!([upper, lower].contains(&first.0) || [upper, lower].contains(&second.0));
                prop_assert!(line != AttackLine::Column);
                assert_real_attack(&columns, first, second, line)?;
            }
            Err(other) => prop_assert!(false, "swapping rows {} and {} gave {:?}", upper, lower, other),
        }
    }

    #[test]
    fn check_accepts_exactly_what_the_pairwise_rule_accepts(
        (board, columns) in boards(1..=5, 40).prop_flat_map(|board| {
            let n = board.n();
            (Just(board), vec(0..=n, n.saturating_sub(1)..=n + 1))
        }),
    ) {
        let accepted = check(&board, &Placement::new(columns.clone())).is_ok();
        prop_assert_eq!(accepted, is_solution_by_pairs(&board, &columns));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn board_to_text_and_back(board in boards(1..=MAX_N, 100)) {
        let text = board.to_text();
        prop_assert_eq!(&text, &board.to_string());
        prop_assert_eq!(Board::parse(&text), Ok(board.clone()));
        prop_assert_eq!(Board::parse_bytes(text.as_bytes()), Ok(board));
    }

    #[test]
    fn text_to_board_and_back(
        board in boards(1..=12, 100),
        crlf in any::<bool>(),
        final_line_end in any::<bool>(),
    ) {
        let canonical = board_text(&board, "\n", true);
        let spelled = board_text(&board, if crlf { "\r\n" } else { "\n" }, final_line_end);
        let parsed = Board::parse(&spelled);
        prop_assert_eq!(&parsed, &Ok(board));
        prop_assert_eq!(parsed.map(|board| board.to_text()), Ok(canonical));
    }

    #[test]
    fn placement_to_strings_and_back(
        columns in (1..=16usize).prop_flat_map(|n| vec(0..n, n)),
    ) {
        let placement = Placement::new(columns.clone());
        let strings = placement.to_strings();
        let n = columns.len();
        for (row, string) in strings.iter().enumerate() {
            let expected = format!("{}Q{}", ".".repeat(columns[row]), ".".repeat(n - 1 - columns[row]));
            prop_assert_eq!(string, &expected);
        }
        prop_assert_eq!(Placement::from_strings(&strings), Ok(placement));
    }

    #[test]
    fn strings_to_placement_and_back(
        strings in (1..=16usize).prop_flat_map(|n| {
            let row = move |column: usize| format!("{}Q{}", ".".repeat(column), ".".repeat(n - 1 - column));
            vec((0..n).prop_map(row), n)
        }),
    ) {
        let placement = Placement::from_strings(&strings);
        prop_assert!(placement.is_ok(), "{:?}", placement);
        prop_assert_eq!(placement.map(|placement| placement.to_strings()), Ok(strings));
    }

    #[test]
    fn parse_names_the_first_fault_of_a_damaged_board(text in damaged_board_texts()) {
        match Board::parse(&text) {
            Ok(board) => {
                // Accepted text is the board's own text, up to `\r\n` line ends and the final one,
                // which may also be a `\r` alone.
                let canonical = board.to_text();
                let spelled = text.replace("\r\n", "\n");
                let canonical_rows = &canonical[..canonical.len() - 1];
                let rows =
                    spelled.strip_suffix('\n').or_else(|| spelled.strip_suffix('\r')).unwrap_or(&spelled);
                prop_assert_eq!(rows, canonical_rows);
            }
            Err(error) => assert_first_fault(&text, &error)?,
        }
    }

    #[test]
    fn parse_never_panics_on_any_string(text in any::<String>()) {
        if let Err(error) = Board::parse(&text) {
            assert_first_fault(&text, &error)?;
        }
    }

    #[test]
    fn parse_never_panics_on_text_of_board_characters(text in "[.*Q \t\r\né\n]{0,80}") {
        if let Err(error) = Board::parse(&text) {
            assert_first_fault(&text, &error)?;
        }
    }

    #[test]
    fn parse_bytes_never_panics_on_any_bytes(bytes in vec(any::<u8>(), 0..80)) {
        let result = Board::parse_bytes(&bytes);
        match std::str::from_utf8(&bytes) {
            Ok(text) => prop_assert_eq!(result, Board::parse(text)),
            Err(_) => {
                let error = result.expect_err("bytes that are not UTF-8 are not a board");
                let lines: Vec<&[u8]> = bytes.split(|&byte| byte == b'\n').collect();
                prop_assert!(error.line >= 1 && error.line <= lines.len() + 1, "{:?}", error);
                if error.line <= lines.len() {
                    let line_length = lines[error.line - 1].len();
                    prop_assert!(error.column >= 1 && error.column <= line_length + 1, "{:?}", error);
                }
            }
        }
    }

    #[test]
    fn parse_bytes_names_the_first_bad_byte_after_well_formed_rows(
        width in 1usize..=6,
        rows in 0usize..=6,
        column in 0usize..=6,
        bad in prop_oneof![0x80u8..=0xBF, 0xC0u8..=0xC1, 0xF5u8..=0xFF],
        rest in vec(any::<u8>(), 0..8),
    ) {
        // Whole rows of `.`, then part of a row: nothing is wrong before the bad byte.
        let column = column.min(width - 1);
        let rows = rows.min(width - 1);
        let mut bytes: Vec<u8> = ".".repeat(width).bytes().chain([b'\n']).cycle().take(rows * (width + 1)).collect();
        bytes.extend(".".repeat(column).bytes());
        bytes.push(bad);
        bytes.extend(rest);
        let expected = ParseError { line: rows + 1, column: column + 1, kind: Kind::NotUtf8 };
        prop_assert_eq!(Board::parse_bytes(&bytes), Err(expected));
    }

    #[test]
    fn parse_bytes_names_a_board_fault_before_the_first_bad_byte(
        prefix in "[.*Q\r\né€]{0,40}",
        bad in prop_oneof![0x80u8..=0xBF, 0xC0u8..=0xC1, 0xF5u8..=0xFF],
        rest in vec(any::<u8>(), 0..8),
    ) {
        // Whatever the text before the bad byte holds, a fault there is named as that text would
        // name it were it followed by a character that ends no line (so that a `\r` ending it is a
        // character, not a line end); otherwise the bad byte is.
        let bytes: Vec<u8> = prefix.bytes().chain([bad]).chain(rest).collect();
        let last_line = prefix.rsplit('\n').next().unwrap_or_default();
        let bad_at = (prefix.split('\n').count(), last_line.chars().count() + 1);
        let error = Board::parse_bytes(&bytes).expect_err("not UTF-8");
        if error.kind == Kind::NotUtf8 {
            prop_assert_eq!((error.line, error.column), bad_at);
        } else {
            prop_assert!((error.line, error.column) < bad_at, "{:?} is not before {:?}", error, bad_at);
            let continued = format!("{prefix}Q");
            let named_before = Board::parse(&continued).err().filter(|e| (e.line, e.column) < bad_at);
            prop_assert_eq!(Some(error), named_before);
        }
    }
}
