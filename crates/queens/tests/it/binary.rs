//! The `queens` binary as a user runs it: its arguments, exit statuses, stderr, and a reader that
//! closes the pipe early. Its stdout here is a pipe, never a terminal, so `--show` draws plain.

use std::io::{BufRead, BufReader};
use std::process::{Command, Output, Stdio};

use checker::oracle;
use pretty_assertions::assert_eq;

fn queens(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(args)
        .env_remove("NO_COLOR")
        .output()
        .expect("queens starts")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8 output")
}

fn library_output(write: impl FnOnce(&mut Vec<u8>) -> std::io::Result<()>) -> String {
    let mut buffer = Vec::new();
    write(&mut buffer).unwrap();
    text(&buffer)
}

#[test]
fn listing_prints_what_the_library_writes() {
    let output = queens(&["6"]);
    assert!(output.status.success(), "{output:?}");
    assert_eq!(text(&output.stdout), library_output(|out| queens::write_list(6, out)));
    assert_eq!(text(&output.stdout).lines().count(), 4);
    assert_eq!(text(&output.stderr), "");
}

#[test]
fn show_off_a_terminal_is_plain_with_or_without_no_color() {
    let plain = library_output(|out| queens::write_boards(4, queens::Style::Plain, out));
    for args in [&["4", "--show"][..], &["4", "show"], &["--show", "4"]] {
        let output = queens(args);
        assert!(output.status.success(), "{args:?}: {output:?}");
        assert_eq!(text(&output.stdout), plain, "{args:?}");
    }
    let output =
        Command::new(env!("CARGO_BIN_EXE_queens")).args(["4", "--show"]).env("NO_COLOR", "1").output();
    assert_eq!(text(&output.unwrap().stdout), plain, "NO_COLOR=1");
}

#[test]
fn count_prints_a000170() {
    for n in [1, 2, 3, 4, 8, 10, 11] {
        let output = queens(&[&n.to_string(), "--count"]);
        assert!(output.status.success(), "n = {n}: {output:?}");
        let expected = oracle::known_count(n).unwrap();
        assert_eq!(text(&output.stdout), format!("{expected}\n"), "n = {n}");
    }
}

#[test]
fn help_explains_and_exits_0() {
    let output = queens(&["--help"]);
    assert!(output.status.success());
    let help = text(&output.stdout);
    assert!(help.contains("usage: queens N [--show | show | --count]"), "{help}");
    assert!(
        help.contains("from 1 to 16") && help.contains("from 1 to 32"),
        "the help names the bounds: {help}"
    );
    assert!(help.contains("NO_COLOR"), "{help}");
}

#[test]
fn bad_arguments_print_the_error_and_the_usage_line_and_exit_2() {
    let usage = "usage: queens N [--show | show | --count] (queens --help explains)";
    let cases: &[(&[&str], &str)] = &[
        (&[], "missing the board size N"),
        (&["--show"], "missing the board size N"),
        (&["four"], "board size \"four\" is not a whole number"),
        (&["4.0"], "board size \"4.0\" is not a whole number"),
        (&[""], "board size \"\" is not a whole number"),
        (&["-3"], "board size -3 is negative: expected 1 or more"),
        (&["-12", "--count"], "board size -12 is negative: expected 1 or more"),
        (&["0"], "board size 0 has no board: expected 1 or more"),
        (&["17"], "board size 17 is too large for listing: expected at most 16"),
        (&["17", "show"], "board size 17 is too large for showing: expected at most 16"),
        (&["33", "--count"], "board size 33 is too large for counting: expected at most 32"),
        (
            &["99999999999999999999999"],
            "board size 99999999999999999999999 is too large for listing: expected at most 16",
        ),
        (&["4", "5"], "unexpected argument \"5\": expected only N and `show`"),
        (&["4", "display"], "unexpected argument \"display\": expected only N and `show`"),
        (&["4", "--show", "--count"], "--count and --show exclude each other"),
        (&["4", "--bogus"], "invalid option '--bogus'"),
        (&["4", "--count=yes"], "unexpected argument for option '--count': \"yes\""),
    ];
    for (args, message) in cases {
        let output = queens(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert_eq!(text(&output.stderr), format!("queens: {message}\n{usage}\n"), "{args:?}");
        assert_eq!(text(&output.stdout), "", "{args:?}: nothing on stdout");
    }
}

#[test]
fn a_reader_that_stops_early_ends_it_quietly() {
    // n = 14 writes about 16 MB, far more than a pipe holds, so the binary is still writing when the
    // pipe closes and must meet the broken pipe.
    let mut child = Command::new(env!("CARGO_BIN_EXE_queens"))
        .arg("14")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("queens starts");
    let mut first_line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut first_line).unwrap();
    assert_eq!(first_line, "[1, 3, 5, 7, 12, 10, 13, 4, 14, 9, 2, 6, 8, 11]\n");
    let output = child.wait_with_output().unwrap();
    assert_eq!(text(&output.stderr), "", "no panic, no message");
    assert_eq!(output.status.code(), Some(0));
}
