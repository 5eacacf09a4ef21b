//! Board construction and the CSES text parser: one test per fault, asserting the exact kind, its
//! 1-based line and column, and the whole message; then the accepted spellings of a board.

use checker::{Board, BoardError, ParseError, ParseErrorKind as Kind, MAX_N};
use pretty_assertions::assert_eq;

use crate::support::{board_from_picture, CSES_SAMPLE, CSES_SAMPLE_RESERVED};

type ExpectedFault = (usize, usize, Kind, &'static str);

fn assert_text_fault(text: &str, (line, column, kind, message): ExpectedFault) {
    let error = Board::parse(text).expect_err("the text is not a board");
    assert_eq!(error, ParseError { line, column, kind });
    assert_eq!(error.to_string(), message);
    // Valid UTF-8 given as bytes is judged exactly as the text.
    assert_eq!(Board::parse_bytes(text.as_bytes()), Err(error));
}

fn assert_bytes_fault(bytes: impl AsRef<[u8]>, (line, column, kind, message): ExpectedFault) {
    let error = Board::parse_bytes(bytes.as_ref()).expect_err("the bytes are not a board");
    assert_eq!(error, ParseError { line, column, kind });
    assert_eq!(error.to_string(), message);
}

/// `n` rows of `width` free squares, each ended by a newline.
fn free_rows(width: usize, n: usize) -> String {
    format!("{}\n", ".".repeat(width)).repeat(n)
}

table_tests! { assert_text_fault;
    empty_input: ("", (1, 1, Kind::Empty, "line 1, column 1: empty input: expected rows of `.` and `*`")),
    blank_first_line: (
        "\n..\n..\n",
        (1, 1, Kind::BlankLine, "line 1, column 1: blank line: expected a row of `.` and `*`"),
    ),
    only_a_newline: (
        "\n",
        (1, 1, Kind::BlankLine, "line 1, column 1: blank line: expected a row of `.` and `*`"),
    ),
    blank_middle_line: (
        "...\n\n...\n...\n",
        (2, 1, Kind::BlankLine, "line 2, column 1: blank line: expected a row of `.` and `*`"),
    ),
    blank_middle_line_crlf: (
        "..\r\n\r\n..\r\n",
        (2, 1, Kind::BlankLine, "line 2, column 1: blank line: expected a row of `.` and `*`"),
    ),
    trailing_extra_blank_line: (
        "..\n..\n\n",
        (3, 1, Kind::BlankLine, "line 3, column 1: blank line: expected a row of `.` and `*`"),
    ),
    trailing_extra_blank_line_crlf: (
        "..\r\n..\r\n\r\n",
        (3, 1, Kind::BlankLine, "line 3, column 1: blank line: expected a row of `.` and `*`"),
    ),
    too_few_rows: (
        "...\n...\n",
        (
            3,
            1,
            Kind::TooFewRows { expected: 3, found: 2 },
            "line 3, column 1: too few rows: expected 3, found 2",
        ),
    ),
    too_few_rows_without_final_newline: (
        "...\n...",
        (
            3,
            1,
            Kind::TooFewRows { expected: 3, found: 2 },
            "line 3, column 1: too few rows: expected 3, found 2",
        ),
    ),
    too_few_rows_after_one: (
        "*.\n",
        (
            2,
            1,
            Kind::TooFewRows { expected: 2, found: 1 },
            "line 2, column 1: too few rows: expected 2, found 1",
        ),
    ),
    too_many_rows: (
        "..\n..\n..\n",
        (
            3,
            1,
            Kind::TooManyRows { expected: 2 },
            "line 3, column 1: too many rows: expected 2, as the first row is 2 long",
        ),
    ),
    too_many_rows_of_one: (
        ".\n.",
        (
            2,
            1,
            Kind::TooManyRows { expected: 1 },
            "line 2, column 1: too many rows: expected 1, as the first row is 1 long",
        ),
    ),
    row_too_short: (
        "...\n..\n...\n",
        (
            2,
            3,
            Kind::RowTooShort { expected: 3, found: 2 },
            "line 2, column 3: row too short: expected 3 squares, found 2",
        ),
    ),
    row_too_short_crlf: (
        "...\r\n.\r\n...\r\n",
        (
            2,
            2,
            Kind::RowTooShort { expected: 3, found: 1 },
            "line 2, column 2: row too short: expected 3 squares, found 1",
        ),
    ),
    last_row_too_short: (
        "...\n...\n.*",
        (
            3,
            3,
            Kind::RowTooShort { expected: 3, found: 2 },
            "line 3, column 3: row too short: expected 3 squares, found 2",
        ),
    ),
    row_too_long: (
        "..\n...\n",
        (2, 3, Kind::RowTooLong { expected: 2 }, "line 2, column 3: row too long: expected 2 squares"),
    ),
    last_row_too_long_crlf: (
        "..\r\n..*\r\n",
        (2, 3, Kind::RowTooLong { expected: 2 }, "line 2, column 3: row too long: expected 2 squares"),
    ),
    unknown_character_queen: (
        "...\n.Q.\n...\n",
        (
            2,
            2,
            Kind::UnknownCharacter { found: 'Q' },
            "line 2, column 2: unknown character 'Q': expected `.` or `*`",
        ),
    ),
    unknown_character_space: (
        "...\n...\n.. \n",
        (
            3,
            3,
            Kind::UnknownCharacter { found: ' ' },
            "line 3, column 3: unknown character ' ': expected `.` or `*`",
        ),
    ),
    unknown_character_tab: (
        "\t..\n...\n...\n",
        (
            1,
            1,
            Kind::UnknownCharacter { found: '\t' },
            "line 1, column 1: unknown character '\\t': expected `.` or `*`",
        ),
    ),
    unknown_character_lone_carriage_return: (
        "..\n\r.\n",
        (
            2,
            1,
            Kind::UnknownCharacter { found: '\r' },
            "line 2, column 1: unknown character '\\r': expected `.` or `*`",
        ),
    ),
    unknown_character_lone_carriage_return_mid_row: (
        "...\n.\r.\n...\n",
        (
            2,
            2,
            Kind::UnknownCharacter { found: '\r' },
            "line 2, column 2: unknown character '\\r': expected `.` or `*`",
        ),
    ),
    unknown_character_multibyte: (
        "..\n*é\n",
        (
            2,
            2,
            Kind::UnknownCharacter { found: 'é' },
            "line 2, column 2: unknown character 'é': expected `.` or `*`",
        ),
    ),
    unknown_character_before_too_short: (
        "...\n-\n",
        (
            2,
            1,
            Kind::UnknownCharacter { found: '-' },
            "line 2, column 1: unknown character '-': expected `.` or `*`",
        ),
    ),
    carriage_return_mid_row_on_a_last_line_without_newline: (
        "...\n...\n.\r.",
        (
            3,
            2,
            Kind::UnknownCharacter { found: '\r' },
            "line 3, column 2: unknown character '\\r': expected `.` or `*`",
        ),
    ),
    // One `\r` ends the last line; a second is a square too many.
    two_carriage_returns_ending_the_input: (
        "..\n..\r\r",
        (2, 3, Kind::RowTooLong { expected: 2 }, "line 2, column 3: row too long: expected 2 squares"),
    ),
    carriage_return_alone_after_the_final_newline: (
        "..\n..\n\r",
        (3, 1, Kind::BlankLine, "line 3, column 1: blank line: expected a row of `.` and `*`"),
    ),
    too_large: (
        &free_rows(MAX_N + 1, MAX_N + 1),
        (1, 33, Kind::TooLarge, "line 1, column 33: board too large: expected at most 32 squares a row"),
    ),
    too_large_single_line: (
        &".".repeat(40),
        (1, 33, Kind::TooLarge, "line 1, column 33: board too large: expected at most 32 squares a row"),
    ),
    // The first fault left to right is named, even when the row is also too long for any board.
    unknown_character_in_a_too_large_first_row: (
        &format!(".Q{}\n", ".".repeat(MAX_N)),
        (
            1,
            2,
            Kind::UnknownCharacter { found: 'Q' },
            "line 1, column 2: unknown character 'Q': expected `.` or `*`",
        ),
    ),
    too_large_before_a_late_unknown_character: (
        &format!("{}Q\n", ".".repeat(MAX_N)),
        (1, 33, Kind::TooLarge, "line 1, column 33: board too large: expected at most 32 squares a row"),
    ),
    too_many_rows_at_the_size_bound: (
        &free_rows(MAX_N, MAX_N + 1),
        (
            33,
            1,
            Kind::TooManyRows { expected: 32 },
            "line 33, column 1: too many rows: expected 32, as the first row is 32 long",
        ),
    ),
}

table_tests! { assert_bytes_fault;
    not_utf8_on_line_three_column_four: (
        b"...\n...\n...\xff\n",
        (3, 4, Kind::NotUtf8, "line 3, column 4: invalid UTF-8: expected `.` or `*`"),
    ),
    not_utf8_first_byte: (
        b"\xff",
        (1, 1, Kind::NotUtf8, "line 1, column 1: invalid UTF-8: expected `.` or `*`"),
    ),
    not_utf8_lone_continuation_byte: (
        b"..\n\x80.\n",
        (2, 1, Kind::NotUtf8, "line 2, column 1: invalid UTF-8: expected `.` or `*`"),
    ),
    // A character that is valid UTF-8 but not a square comes first, and columns count characters.
    a_multibyte_character_before_invalid_utf8_is_the_first_fault: (
        ["....\n..é".as_bytes(), b"\xff.\n".as_slice()].concat(),
        (2, 3, Kind::UnknownCharacter { found: 'é' }, "line 2, column 3: unknown character 'é': expected `.` or `*`"),
    ),
    two_multibyte_characters_before_invalid_utf8: (
        ["é€".as_bytes(), b"\xc0".as_slice()].concat(),
        (1, 1, Kind::UnknownCharacter { found: 'é' }, "line 1, column 1: unknown character 'é': expected `.` or `*`"),
    ),
    not_utf8_truncated_sequence_at_the_end: (
        b"..\n.\xc3",
        (2, 2, Kind::NotUtf8, "line 2, column 2: invalid UTF-8: expected `.` or `*`"),
    ),
    not_utf8_after_crlf: (
        b"..\r\n.\xfe\r\n",
        (2, 2, Kind::NotUtf8, "line 2, column 2: invalid UTF-8: expected `.` or `*`"),
    ),
    // The first fault is named, whichever kind it is.
    an_earlier_board_fault_is_named_before_invalid_utf8: (
        b"Q\n\xff\n",
        (1, 1, Kind::UnknownCharacter { found: 'Q' }, "line 1, column 1: unknown character 'Q': expected `.` or `*`"),
    ),
    invalid_utf8_is_named_before_a_later_board_fault: (
        b"..\n\xff\nQQ\n",
        (2, 1, Kind::NotUtf8, "line 2, column 1: invalid UTF-8: expected `.` or `*`"),
    ),
    empty_bytes: (b"", (1, 1, Kind::Empty, "line 1, column 1: empty input: expected rows of `.` and `*`")),
}

fn assert_accepted(text: &str, picture: &[&str]) {
    let expected = board_from_picture(picture);
    assert_eq!(Board::parse(text), Ok(expected.clone()));
    assert_eq!(Board::parse_bytes(text.as_bytes()), Ok(expected.clone()));
    assert_eq!(text.parse::<Board>(), Ok(expected));
}

table_tests! { assert_accepted;
    accepts_a_trailing_newline: ("..\n.*\n", &["..", ".*"]),
    accepts_no_trailing_newline: ("..\n.*", &["..", ".*"]),
    accepts_crlf_with_a_final_crlf: ("*.\r\n..\r\n", &["*.", ".."]),
    accepts_crlf_without_a_final_crlf: ("*.\r\n..", &["*.", ".."]),
    accepts_mixed_line_ends: ("*..\r\n.*.\n..*\r\n", &["*..", ".*.", "..*"]),
    accepts_crlf_cut_before_the_final_newline: ("*.\r\n..\r", &["*.", ".."]),
    accepts_a_lone_carriage_return_ending_one_square: (".\r", &["."]),
    accepts_one_free_square: (".", &["."]),
    accepts_one_reserved_square: ("*\n", &["*"]),
    accepts_all_reserved: ("**\n**\n", &["**", "**"]),
}

#[test]
fn every_line_end_spelling_of_the_sample_is_the_same_board() {
    let lines: Vec<&str> = CSES_SAMPLE.lines().collect();
    assert_eq!(lines.len(), 8);
    let spellings = [
        ("LF", format!("{}\n", lines.join("\n"))),
        ("CRLF", format!("{}\r\n", lines.join("\r\n"))),
        ("CRLF without a final newline", lines.join("\r\n")),
        ("LF without a final newline", lines.join("\n")),
        ("LF, the last line ending in a lone \\r", format!("{}\r", lines.join("\n"))),
        ("CRLF, the last line ending in a lone \\r", format!("{}\r", lines.join("\r\n"))),
    ];
    let expected = board_from_picture(&lines);
    assert_eq!(expected.reserved_count(), CSES_SAMPLE_RESERVED.len());
    for (label, text) in spellings {
        assert_eq!(Board::parse(&text), Ok(expected.clone()), "{label}: {text:?}");
        assert_eq!(Board::parse_bytes(text.as_bytes()), Ok(expected.clone()), "{label}: {text:?}");
    }
}

#[test]
fn accepts_the_largest_board() {
    let text = format!("*{}\n", ".".repeat(MAX_N - 1)).repeat(MAX_N);
    let board = Board::parse(&text).expect("a 32 x 32 board is in range");
    assert_eq!(board.n(), MAX_N);
    assert_eq!(board.reserved_count(), MAX_N);
    assert!((0..MAX_N).all(|row| board.is_reserved(row, 0) && !board.is_reserved(row, 1)));
}

#[test]
fn the_cses_sample_has_its_four_reserved_squares() {
    let board = Board::parse(CSES_SAMPLE).expect("the CSES sample is a board");
    assert_eq!(board.n(), 8);
    assert_eq!(board.reserved_count(), 4);
    for row in 0..8 {
        for column in 0..8 {
            let expected = CSES_SAMPLE_RESERVED.contains(&(row, column));
            assert_eq!(board.is_reserved(row, column), expected, "square at row {row}, column {column}");
            assert_eq!(board.reserved_rows()[row][column], expected);
        }
    }
    assert_eq!(board.to_text(), CSES_SAMPLE);
    assert_eq!(board.to_string(), CSES_SAMPLE);
}

#[test]
fn squares_off_the_board_are_not_reserved() {
    let board = board_from_picture(&["**", "**"]);
    assert!(board.is_reserved(1, 1));
    assert!(!board.is_reserved(2, 0));
    assert!(!board.is_reserved(0, 2));
    assert!(!board.is_reserved(usize::MAX, usize::MAX));
}

fn assert_board_error(result: Result<Board, BoardError>, (expected, message): (BoardError, &str)) {
    let error = result.expect_err("the board is out of range");
    assert_eq!(error, expected);
    assert_eq!(error.to_string(), message);
}

table_tests! { assert_board_error;
    empty_board_of_side_zero: (
        Board::empty(0),
        (BoardError::Size { n: 0 }, "board side 0 is out of range: expected 1 to 32"),
    ),
    empty_board_of_side_33: (
        Board::empty(33),
        (BoardError::Size { n: 33 }, "board side 33 is out of range: expected 1 to 32"),
    ),
    reserved_with_no_rows: (
        Board::from_reserved(Vec::new()),
        (BoardError::Size { n: 0 }, "board side 0 is out of range: expected 1 to 32"),
    ),
    reserved_with_33_rows: (
        Board::from_reserved(vec![vec![false; 33]; 33]),
        (BoardError::Size { n: 33 }, "board side 33 is out of range: expected 1 to 32"),
    ),
    reserved_row_too_long: (
        Board::from_reserved(vec![vec![false; 2], vec![false; 3]]),
        (
            BoardError::NotSquare { row: 1, len: 3, n: 2 },
            "row 2 has 3 squares: expected 2, as the board has 2 rows",
        ),
    ),
    reserved_rows_all_too_short: (
        Board::from_reserved(vec![vec![true; 2]; 3]),
        (
            BoardError::NotSquare { row: 0, len: 2, n: 3 },
            "row 1 has 2 squares: expected 3, as the board has 3 rows",
        ),
    ),
    reserved_empty_row: (
        Board::from_reserved(vec![vec![false, false], vec![]]),
        (
            BoardError::NotSquare { row: 1, len: 0, n: 2 },
            "row 2 has 0 squares: expected 2, as the board has 2 rows",
        ),
    ),
}

#[test]
fn empty_boards_at_the_bounds_are_built() {
    for n in [1, 2, MAX_N] {
        let board = Board::empty(n).expect("the side is in range");
        assert_eq!(board.n(), n);
        assert_eq!(board.reserved_count(), 0);
        assert_eq!(board.reserved_rows(), vec![vec![false; n]; n].as_slice());
        assert_eq!(board.to_text(), free_rows(n, n));
    }
}

#[test]
fn from_reserved_keeps_the_squares() {
    let board = Board::from_reserved(vec![vec![true, false], vec![false, false]]).expect("a 2 x 2 board");
    assert_eq!(board, board_from_picture(&["*.", ".."]));
    assert_eq!(board.to_text(), "*.\n..\n");
}
