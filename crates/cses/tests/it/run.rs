//! The library's I/O, `cses::run`, on byte strings: what it writes, and which error it returns.

use std::io::{self, BufReader, Read, Write};

use checker::{ParseError, ParseErrorKind};
use pretty_assertions::assert_eq;

use crate::{SAMPLE, SAMPLE_COUNT};

/// Runs `cses::run` with the default implementation and returns its result and output.
fn run_default(input: &[u8]) -> (Result<u64, cses::RunError>, String) {
    let implementation = cses::implementation(cses::DEFAULT_IMPLEMENTATION).unwrap();
    let mut output = Vec::new();
    let result = cses::run(input, &mut output, implementation.count);
    (result, String::from_utf8(output).unwrap())
}

fn parse_error_of(input: &[u8]) -> ParseError {
    let (result, output) = run_default(input);
    assert_eq!(output, "", "nothing is written for a bad board");
    match result {
        Err(cses::RunError::Parse(error)) => error,
        other => panic!("expected a parse error, got {other:?}"),
    }
}

#[test]
fn the_sample_prints_65_and_a_newline() {
    let (result, output) = run_default(SAMPLE.as_bytes());
    assert_eq!(result.unwrap(), SAMPLE_COUNT);
    assert_eq!(output, "65\n");
}

#[test]
fn the_sample_without_its_last_newline_or_with_crlf_prints_65() {
    let without_newline = SAMPLE.strip_suffix('\n').unwrap();
    let crlf = SAMPLE.replace('\n', "\r\n");
    for input in [without_newline, crlf.as_str()] {
        let (result, output) = run_default(input.as_bytes());
        assert_eq!(result.unwrap(), SAMPLE_COUNT, "{input:?}");
        assert_eq!(output, "65\n");
    }
}

#[test]
fn every_implementation_runs_on_the_sample() {
    for implementation in cses::IMPLEMENTATIONS {
        let mut output = Vec::new();
        cses::run(SAMPLE.as_bytes(), &mut output, implementation.count).unwrap();
        assert_eq!(String::from_utf8(output).unwrap(), "65\n", "{}", implementation.name);
    }
}

#[test]
fn the_counter_receives_the_parsed_board() {
    let mut output = Vec::new();
    let result = cses::run(&b"*.\r\n.*"[..], &mut output, |reserved: &[Vec<bool>]| {
        assert_eq!(reserved, [vec![true, false], vec![false, true]]);
        7
    });
    assert_eq!(result.unwrap(), 7);
    assert_eq!(output, b"7\n");
}

#[test]
fn the_fastest_shards_add_up_to_the_whole_count() {
    for shard_count in 1..=4 {
        let mut total = 0;
        for shard_index in 0..shard_count {
            let options =
                cses::fastest::Options { threads: 1, shard_index, shard_count, ..Default::default() };
            let count = |reserved: &[Vec<bool>]| cses::fastest::count_with(reserved, &options);
            total += cses::run(SAMPLE.as_bytes(), io::sink(), count).unwrap();
        }
        assert_eq!(total, SAMPLE_COUNT, "{shard_count} shards");
    }
}

#[test]
fn bad_boards_are_parse_errors_at_their_line_and_column() {
    let cases: &[(&[u8], usize, usize, ParseErrorKind)] = &[
        (b"", 1, 1, ParseErrorKind::Empty),
        (b"..\n\n..\n", 2, 1, ParseErrorKind::BlankLine),
        (b"...\n...\n", 3, 1, ParseErrorKind::TooFewRows { expected: 3, found: 2 }),
        (b"..\n..\n..\n", 3, 1, ParseErrorKind::TooManyRows { expected: 2 }),
        (b"...\n..\n...\n", 2, 3, ParseErrorKind::RowTooShort { expected: 3, found: 2 }),
        (b"...\n....\n...\n", 2, 4, ParseErrorKind::RowTooLong { expected: 3 }),
        (b"...\n.x.\n...\n", 2, 2, ParseErrorKind::UnknownCharacter { found: 'x' }),
        (b"..Q\n...\n...\n", 1, 3, ParseErrorKind::UnknownCharacter { found: 'Q' }),
        (b".................................\n", 1, 33, ParseErrorKind::TooLarge),
        (b"..\n.\xff\n", 2, 2, ParseErrorKind::NotUtf8),
    ];
    for (input, line, column, kind) in cases {
        let error = parse_error_of(input);
        assert_eq!(error, ParseError { line: *line, column: *column, kind: kind.clone() }, "{input:?}");
    }
}

#[test]
fn a_parse_error_displays_as_the_checkers_message() {
    let (result, _) = run_default(b"........\n....Q...\n");
    assert_eq!(
        result.unwrap_err().to_string(),
        "line 2, column 5: unknown character 'Q': expected `.` or `*`"
    );
}

#[test]
fn endless_input_is_cut_and_still_reports_its_first_fault() {
    let wide = vec![b'.'; 4 * cses::MAX_INPUT_BYTES];
    assert_eq!(parse_error_of(&wide), ParseError { line: 1, column: 33, kind: ParseErrorKind::TooLarge });

    let mut trailing_lines = SAMPLE.as_bytes().to_vec();
    trailing_lines.extend(std::iter::repeat_n(b'\n', 2 * cses::MAX_INPUT_BYTES));
    assert_eq!(
        parse_error_of(&trailing_lines),
        ParseError { line: 9, column: 1, kind: ParseErrorKind::BlankLine }
    );

    // Two-byte characters straddle the cut at an odd offset; the cut must not read as invalid UTF-8.
    let mut straddling = b"Q".to_vec();
    straddling.extend("é".repeat(cses::MAX_INPUT_BYTES).as_bytes());
    assert_eq!(
        parse_error_of(&straddling),
        ParseError { line: 1, column: 1, kind: ParseErrorKind::UnknownCharacter { found: 'Q' } },
        "the first fault is the `Q`, not invalid UTF-8 at the cut"
    );
}

/// A reader whose every read fails.
struct FailingReader;

impl Read for FailingReader {
    fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
        Err(io::Error::other("the disk is on fire"))
    }
}

/// A writer whose every write fails.
struct FailingWriter;

impl Write for FailingWriter {
    fn write(&mut self, _: &[u8]) -> io::Result<usize> {
        Err(io::Error::new(io::ErrorKind::BrokenPipe, "the pipe is gone"))
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[test]
fn a_failing_reader_is_a_read_error_and_writes_nothing() {
    let mut output = Vec::new();
    let error = cses::run(BufReader::new(FailingReader), &mut output, cses::bitmask::count).unwrap_err();
    assert!(matches!(error, cses::RunError::Read(_)), "{error:?}");
    assert_eq!(error.to_string(), "cannot read the board: the disk is on fire");
    assert_eq!(output, b"");
}

#[test]
fn a_failing_writer_is_a_write_error() {
    let error = cses::run(SAMPLE.as_bytes(), FailingWriter, cses::bitmask::count).unwrap_err();
    assert!(matches!(error, cses::RunError::Write(_)), "{error:?}");
    assert_eq!(error.to_string(), "cannot write the count: the pipe is gone");
}
