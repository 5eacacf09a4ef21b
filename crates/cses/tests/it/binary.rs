//! The `cses` binary end to end: stdin, stdout, stderr and exit status for every accepted and
//! rejected input and argument, including boards whose side an 8 x 8-only implementation refuses.

use std::io::Write;
use std::process::{Command, Stdio};

use pretty_assertions::assert_eq;

use crate::{board_where, run_child, Outcome, SAMPLE};

fn cses(arguments: &[&str], stdin: &[u8]) -> Outcome {
    run_child(Command::new(env!("CARGO_BIN_EXE_cses")).args(arguments), stdin)
}

fn names() -> Vec<&'static str> {
    cses::IMPLEMENTATIONS.iter().map(|implementation| implementation.name).collect()
}

#[test]
fn the_sample_prints_65_in_every_accepted_form() {
    let without_newline = SAMPLE.strip_suffix('\n').unwrap().to_owned();
    let crlf = SAMPLE.replace('\n', "\r\n");
    let crlf_without_last = crlf.strip_suffix("\r\n").unwrap().to_owned();
    let crlf_cut_before_last_newline = crlf.strip_suffix('\n').unwrap().to_owned();
    let inputs = [SAMPLE.to_owned(), without_newline, crlf, crlf_without_last, crlf_cut_before_last_newline];
    for input in inputs {
        assert_eq!(cses(&[], input.as_bytes()), Outcome::success("65\n"), "{input:?}");
    }
}

#[test]
fn the_empty_8_x_8_board_prints_92() {
    assert_eq!(cses(&[], "........\n".repeat(8).as_bytes()), Outcome::success("92\n"));
}

#[test]
fn a_32_x_32_board_is_accepted() {
    // Every square but those of the first row reserved: no queen fits the second row, so the count
    // is 0 at once, and the size bound itself is exercised.
    let reserved = board_where(32, |row, _| row > 0);
    let text = checker::Board::from_reserved(reserved).unwrap().to_text();
    assert_eq!(cses(&[], text.as_bytes()), Outcome::success("0\n"));
}

#[test]
fn every_implementation_prints_65_on_the_sample() {
    for name in names() {
        assert_eq!(cses(&["--impl", name], SAMPLE.as_bytes()), Outcome::success("65\n"), "{name}");
        let joined = format!("--impl={name}");
        assert_eq!(cses(&[&joined], SAMPLE.as_bytes()), Outcome::success("65\n"), "{name}");
    }
}

#[test]
fn eight_by_eight_only_implementations_refuse_other_sides_and_count_8_x_8() {
    let eight_by_eight_only: Vec<&str> = cses::IMPLEMENTATIONS
        .iter()
        .filter(|implementation| implementation.eight_by_eight_only)
        .map(|implementation| implementation.name)
        .collect();
    assert!(eight_by_eight_only.contains(&"fixed_board"), "{eight_by_eight_only:?}");
    let empty = |n| checker::Board::empty(n).unwrap().to_text();
    for name in eight_by_eight_only {
        // Smaller sides would be miscounted and larger ones would overrun fixed arrays; both are
        // refused before counting, with nothing on stdout.
        for n in [1, 2, 4, 7, 9, 10, 32] {
            assert_eq!(
                cses(&["--impl", name], empty(n).as_bytes()),
                Outcome::failure(&format!(
                    "{name:?} answers 8 x 8 boards only, not {n} x {n}: choose another --impl"
                )),
                "{name} on n = {n}"
            );
        }
        assert_eq!(cses(&["--impl", name], empty(8).as_bytes()), Outcome::success("92\n"), "{name}");
        assert_eq!(cses(&["--impl", name], SAMPLE.as_bytes()), Outcome::success("65\n"), "{name}");
    }
}

#[test]
fn implementations_for_every_side_count_other_sides_than_8() {
    // The refusal above is for 8 x 8-only implementations alone; A000170 gives 4 for n = 6.
    assert_eq!(checker::oracle::known_count(6), Some(4));
    let six = checker::Board::empty(6).unwrap().to_text();
    for implementation in
        cses::IMPLEMENTATIONS.iter().filter(|implementation| !implementation.eight_by_eight_only)
    {
        assert_eq!(
            cses(&["--impl", implementation.name], six.as_bytes()),
            Outcome::success("4\n"),
            "{}",
            implementation.name
        );
    }
}

#[test]
fn bad_boards_exit_2_with_one_line_naming_line_and_column() {
    let cases: &[(&[u8], &str)] = &[
        (b"", "line 1, column 1: empty input: expected rows of `.` and `*`"),
        (b"..\n\n..\n", "line 2, column 1: blank line: expected a row of `.` and `*`"),
        (b"...\n...\n", "line 3, column 1: too few rows: expected 3, found 2"),
        (b"..\n..\n..\n", "line 3, column 1: too many rows: expected 2, as the first row is 2 long"),
        (b"...\n..\n...\n", "line 2, column 3: row too short: expected 3 squares, found 2"),
        (b"...\n....\n...\n", "line 2, column 4: row too long: expected 3 squares"),
        (b"...\n.x.\n...\n", "line 2, column 2: unknown character 'x': expected `.` or `*`"),
        (b"........\n........\n....Q...\n", "line 3, column 5: unknown character 'Q': expected `.` or `*`"),
        (
            b".................................\n",
            "line 1, column 33: board too large: expected at most 32 squares a row",
        ),
        (b"..\n.\xff\n", "line 2, column 2: invalid UTF-8: expected `.` or `*`"),
    ];
    for (input, message) in cases {
        // `fixed_board` answers 8 x 8 boards only: a bad board is still reported as bad, whatever its side.
        for name in ["fastest", "hashset", "fixed_board"] {
            assert_eq!(cses(&["--impl", name], input), Outcome::failure(message), "{input:?} with {name}");
        }
    }
}

#[test]
fn a_33_x_33_board_is_too_large() {
    let text = ".".repeat(33) + "\n";
    assert_eq!(
        cses(&[], text.repeat(33).as_bytes()),
        Outcome::failure("line 1, column 33: board too large: expected at most 32 squares a row")
    );
}

#[test]
fn endless_input_is_rejected_without_reading_it_all() {
    let input = vec![b'*'; 16 * 1024 * 1024];
    assert_eq!(
        cses(&[], &input),
        Outcome::failure("line 1, column 33: board too large: expected at most 32 squares a row")
    );
}

#[cfg(unix)]
#[test]
fn an_unreadable_stdin_exits_2() {
    // Reading a directory fails with EISDIR on Linux and the BSDs.
    let output = Command::new(env!("CARGO_BIN_EXE_cses"))
        .stdin(std::fs::File::open("/").unwrap())
        .output()
        .expect("the cses binary runs");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(output.stdout, b"");
    assert!(stderr.starts_with("error: cannot read the board: "), "{stderr:?}");
    assert_eq!(stderr.lines().count(), 1, "{stderr:?}");
}

#[test]
fn unknown_implementation_lists_the_names() {
    let expected = format!("unknown implementation \"nope\": expected one of {}", names().join(", "));
    assert_eq!(cses(&["--impl", "nope"], SAMPLE.as_bytes()), Outcome::failure(&expected));
}

#[test]
fn list_prints_every_name() {
    let expected: String = names().iter().map(|name| format!("{name}\n")).collect();
    assert_eq!(cses(&["--list"], b""), Outcome::success(&expected));
}

#[test]
fn help_explains_usage_input_bound_and_exit_codes() {
    for flag in ["-h", "--help"] {
        let outcome = cses(&[flag], b"");
        assert_eq!((outcome.stderr.as_str(), outcome.status), ("", Some(0)));
        for needle in [
            "Usage: cses",
            "--impl NAME",
            "--threads N",
            "--shard I/K",
            "--list",
            "`.`",
            "`*`",
            "32",
            "(8 x 8 boards only: fixed_board)",
            "Exit status",
        ] {
            assert!(
                outcome.stdout.contains(needle),
                "{needle:?} is missing from the help:\n{}",
                outcome.stdout
            );
        }
        for name in names() {
            assert!(outcome.stdout.contains(name), "{name} is missing from the help");
        }
    }
}

#[test]
fn threads_and_shards_are_accepted_for_fastest() {
    for arguments in [
        &["--threads", "1"][..],
        &["--threads", "2"],
        &["--threads", "0"],
        &["--impl", "fastest", "--threads", "2", "--shard", "1/1"],
        &["--shard=1/1"],
    ] {
        let mut outcome = cses(arguments, SAMPLE.as_bytes());
        // A shard run names its slice before the count; shards.rs tests the whole line.
        if arguments.iter().any(|argument| argument.starts_with("--shard")) {
            let (slice, count) = outcome.stdout.rsplit_once(": ").expect("a shard line");
            assert!(slice.starts_with("slice 1/1 of board n=8 "), "{slice}");
            outcome.stdout = count.to_owned();
        }
        assert_eq!(outcome, Outcome::success("65\n"), "{arguments:?}");
    }
}

#[test]
fn the_shards_of_fastest_add_up_to_the_whole_count() {
    for shard_count in 1..=3 {
        let total: u64 = (1..=shard_count)
            .map(|shard| {
                let shard = format!("{shard}/{shard_count}");
                let outcome = cses(&["--shard", &shard], SAMPLE.as_bytes());
                assert_eq!((outcome.stderr.as_str(), outcome.status), ("", Some(0)), "{shard}");
                // The count ends the shard line.
                let (_, count) = outcome.stdout.strip_suffix('\n').unwrap().rsplit_once(": ").unwrap();
                count.parse::<u64>().unwrap()
            })
            .sum();
        assert_eq!(total, 65, "{shard_count} shards");
    }
}

#[test]
fn bad_threads_values_exit_2() {
    for value in ["", "abc", "-1", "+1", " 1", "1.5", "257", "99999999999999999999999"] {
        assert_eq!(
            cses(&["--threads", value], SAMPLE.as_bytes()),
            Outcome::failure(&format!("invalid --threads {value:?}: expected a whole number from 0 to 256")),
            "{value:?}"
        );
    }
}

#[test]
fn bad_shard_values_exit_2() {
    for value in
        ["", "1", "0/2", "3/2", "1/0", "0/0", "a/2", "1/b", "1-2", "1/2/3", "-1/2", "+1/2", "1/+2", " 1/2"]
    {
        assert_eq!(
            cses(&["--shard", value], SAMPLE.as_bytes()),
            Outcome::failure(&format!(
                "invalid --shard {value:?}: expected I/K with whole numbers 1 <= I <= K"
            )),
            "{value:?}"
        );
    }
}

#[test]
fn threads_or_shard_with_another_implementation_exit_2() {
    for arguments in [&["--impl", "bitmask", "--threads", "2"][..], &["--shard", "1/2", "--impl", "hashset"]]
    {
        let implementation = if arguments.contains(&"bitmask") { "bitmask" } else { "hashset" };
        assert_eq!(
            cses(arguments, SAMPLE.as_bytes()),
            Outcome::failure(&format!(
                "--threads and --shard apply to the fastest implementation only, not to {implementation:?}"
            )),
            "{arguments:?}"
        );
    }
}

#[test]
fn malformed_arguments_exit_2() {
    let cases: &[(&[&str], &str)] = &[
        (&["--impl"], "missing argument for option '--impl'"),
        (&["--threads"], "missing argument for option '--threads'"),
        (&["--shard"], "missing argument for option '--shard'"),
        (&["--bogus"], "invalid option '--bogus'"),
        (&["-x"], "invalid option '-x'"),
        (&["board.txt"], "unexpected argument \"board.txt\""),
        (&["--list=yes"], "unexpected argument for option '--list': \"yes\""),
    ];
    for (arguments, message) in cases {
        assert_eq!(cses(arguments, SAMPLE.as_bytes()), Outcome::failure(message), "{arguments:?}");
    }
}

#[cfg(unix)]
#[test]
fn a_non_utf8_argument_exits_2() {
    use std::os::unix::ffi::OsStrExt;

    let output = Command::new(env!("CARGO_BIN_EXE_cses"))
        .arg("--impl")
        .arg(std::ffi::OsStr::from_bytes(b"bit\xffmask"))
        .stdin(Stdio::null())
        .output()
        .expect("the cses binary runs");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(output.stdout, b"");
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "error: argument is invalid unicode: \"bit\\xFFmask\"\n"
    );
}

#[test]
fn a_closed_stdout_exits_1_and_says_so() {
    let board = format!("{}\n", ["........"; 8].join("\n"));
    let run = |redirect: &str| {
        let mut child = Command::new("sh")
            .args(["-c", &format!("\"$0\" {redirect}"), env!("CARGO_BIN_EXE_cses")])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("sh starts");
        child.stdin.take().expect("piped").write_all(board.as_bytes()).expect("write the board");
        child.wait_with_output().expect("the binary ends")
    };
    let closed = run(">&-");
    assert_eq!(closed.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&closed.stderr), "error: cannot write to stdout: it is closed\n");
    // Sending the count to /dev/null on purpose is no fault.
    let discarded = run(">/dev/null");
    assert_eq!(discarded.status.code(), Some(0), "{}", String::from_utf8_lossy(&discarded.stderr));
    assert_eq!(run("").stdout, b"92\n");
}

#[test]
fn a_stdout_on_dev_null_opened_read_write_is_no_fault() {
    // Python's subprocess.DEVNULL and a shell's `1<>/dev/null` open /dev/null read-write, as Rust's
    // runtime does for a stdout closed at start; only the latter is refused.
    let dev_null =
        std::fs::OpenOptions::new().read(true).write(true).open("/dev/null").expect("open /dev/null");
    let mut child = Command::new(env!("CARGO_BIN_EXE_cses"))
        .stdin(Stdio::piped())
        .stdout(Stdio::from(dev_null))
        .stderr(Stdio::piped())
        .spawn()
        .expect("the cses binary starts");
    child.stdin.take().expect("piped").write_all(SAMPLE.as_bytes()).expect("write the board");
    let output = child.wait_with_output().expect("the binary ends");
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
    assert_eq!(output.status.code(), Some(0));
}
