//! Case files: every fault is one line naming the file and the key (or the file's line).

use std::path::Path;

use pretty_assertions::assert_eq;
use xtask::cases::{parse_case, render_case_file, DEFAULT_MEMORY_LIMIT_MB, DEFAULT_TIME_LIMIT_MS};

fn error_of(text: &str) -> String {
    parse_case("x", Path::new("cases/x.toml"), text).expect_err("the case must be rejected").to_string()
}

macro_rules! rejected_cases {
    ($($name:ident: ($text:expr, $message:expr),)*) => {$(
        #[test]
        fn $name() {
            assert_eq!(error_of($text), $message);
        }
    )*};
}

rejected_cases! {
    unknown_key: ("n = 4\nexpected = 2\nexpect = 2\n",
        "cases/x.toml: line 3, column 1: unknown field `expect`, expected one of `n`, `board`, `expected`, `description`, `time_limit_ms`, `memory_limit_mb`"),
    wrong_type: ("n = \"four\"\nexpected = 2\n",
        "cases/x.toml: line 1, column 5: invalid type: string \"four\", expected i64"),
    missing_expected: ("n = 4\n",
        "cases/x.toml: line 1, column 1: missing field `expected`"),
    negative_expected: ("n = 4\nexpected = -2\n",
        "cases/x.toml: line 2, column 12: invalid value: integer `-2`, expected u64"),
    both_n_and_board: ("n = 4\nboard = \"....\\n\"\nexpected = 2\n",
        "cases/x.toml: both `n` and `board` are given: expected exactly one"),
    neither_n_nor_board: ("expected = 2\n",
        "cases/x.toml: neither `n` nor `board` is given: expected exactly one"),
    n_zero: ("n = 0\nexpected = 1\n",
        "cases/x.toml: key `n`: 0 is out of range: expected 1 to 32"),
    n_too_large: ("n = 33\nexpected = 1\n",
        "cases/x.toml: key `n`: 33 is out of range: expected 1 to 32"),
    zero_time_limit: ("n = 4\nexpected = 2\ntime_limit_ms = 0\n",
        "cases/x.toml: key `time_limit_ms`: 0 is out of range: expected a positive number"),
    bad_toml: ("n = 4\nexpected = \n",
        "cases/x.toml: line 2, column 12: invalid string: expected `\"`, `'`"),
    board_with_bad_character: ("expected = 1\nboard = \"\"\"\n....\n..Q.\n....\n....\n\"\"\"\n",
        "cases/x.toml: key `board`, line 4: board line 2, column 3: unknown character 'Q': expected `.` or `*`"),
    board_on_one_line: ("expected = 1\nboard = \"..\\n.Q\\n\"\n",
        "cases/x.toml: key `board` (line 2): board line 2, column 2: unknown character 'Q': expected `.` or `*`"),
    board_too_few_rows: ("expected = 1\nboard = \"\"\"\n....\n....\n\"\"\"\n",
        "cases/x.toml: key `board`, line 5: board line 3, column 1: too few rows: expected 4, found 2"),
}

#[test]
fn defaults_and_both_board_forms() {
    let case = parse_case("a/b", Path::new("cases/a/b.toml"), "n = 8\nexpected = 92\n").expect("valid");
    assert_eq!((case.board.n(), case.is_empty_board, case.expected), (8, true, 92));
    assert_eq!((case.time_limit_ms, case.memory_limit_mb), (DEFAULT_TIME_LIMIT_MS, DEFAULT_MEMORY_LIMIT_MB));

    let text = "description = \"one corner\"\nboard = \"\"\"\n*...\n....\n....\n....\n\"\"\"\nexpected = 2\ntime_limit_ms = 50\nmemory_limit_mb = 64\n";
    let case = parse_case("c", Path::new("cases/c.toml"), text).expect("valid");
    assert_eq!((case.board.n(), case.board.reserved_count(), case.is_empty_board), (4, 1, false));
    assert_eq!((case.time_limit_ms, case.memory_limit_mb), (50, 64));
    assert_eq!(case.description.as_deref(), Some("one corner"));
}

#[test]
fn rendered_case_files_parse_back() {
    let board = checker::Board::parse("*..\n...\n..*\n").expect("valid board");
    let text = render_case_file(&board, false, 0, Some("a \"quoted\" description"));
    let case = parse_case("r", Path::new("r.toml"), &text).expect("a rendered case parses");
    assert_eq!(case.board, board);
    assert_eq!(case.description.as_deref(), Some("a \"quoted\" description"));
    let text = render_case_file(&checker::Board::empty(5).expect("valid"), true, 10, None);
    assert_eq!(text, "n = 5\nexpected = 10\n");
}
