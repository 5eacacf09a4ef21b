//! The command line itself: help for each command, usage errors as one line with status 2, `list`,
//! and `new-case`, whose counts come from the checker's oracle.

use std::collections::BTreeSet;

use checker::{oracle, Board};

use crate::support::{list, path_arg, queens_judge, read_case, xtask, TempFolder, PROBLEMS};

#[test]
fn judge_help_shows_judge_options_and_not_stress_ones() {
    let flag = xtask(&["judge", "--help"]).run();
    let command = xtask(&["help", "judge"]).run();
    for ran in [&flag, &command] {
        ran.expect_code(0);
        assert!(ran.stderr.is_empty(), "{ran}");
        assert!(ran.stdout.contains("Usage: cargo xtask judge [OPTIONS]"), "{ran}");
        for option in ["--impl", "--case ", "--cases", "--problem", "--json", "--jobs", "--accept"] {
            assert!(ran.stdout.contains(option), "{option} missing: {ran}");
        }
        for other in ["--seed", "--iterations", "--budget", "--sizes", "--with-fixtures", "--in-place"] {
            assert!(!ran.stdout.contains(other), "{other} shown: {ran}");
        }
    }
    assert_eq!(flag.stdout, command.stdout);

    // And the top-level help names every command.
    let top = xtask(&["--help"]).run();
    top.expect_code(0);
    for name in ["judge", "list", "new-case", "stress", "bench", "export"] {
        assert!(top.stdout.lines().any(|line| line.trim_start().starts_with(name)), "{name}: {top}");
    }
    assert!(!top.stdout.contains("__run"), "the child's command is hidden: {top}");
}

/// Installed, the program judges whatever comes first that is not a command: a file, or a flag.
#[test]
fn queens_judge_takes_judge_arguments_first() {
    let folder = TempFolder::new("installed-routing");
    let flag_first =
        queens_judge(&folder, &["--impl", "=cses/bitmask", "--case", "=cses/sample", "--json"]).run();
    flag_first.expect_code(0);
    let report: serde_json::Value = serde_json::from_str(&flag_first.stdout).expect("the JSON report");
    assert_eq!(report["passed"], true, "{flag_first}");
    assert!(flag_first.stdout.contains("cses/bitmask"), "{flag_first}");

    let help = queens_judge(&folder, &["--help"]).run();
    help.expect_code(0);
    assert!(help.stdout.contains("Usage: queens-judge <COMMAND>"), "{help}");
    let listed = queens_judge(&folder, &["list"]).run();
    listed.expect_code(0);
    assert!(listed.stdout.contains("cses/bitmask"), "{listed}");

    let unknown = queens_judge(&folder, &["--frobnicate"]).run();
    unknown.expect_code(2);
    assert_eq!(unknown.stderr.lines().count(), 1, "{unknown}");
    assert!(unknown.stderr.starts_with("error: unexpected argument '--frobnicate'"), "{unknown}");
}

#[test]
fn every_usage_error_is_one_line_with_status_2() {
    let folder = TempFolder::new("usage");
    let runs: [(&[&str], &str); 20] = [
        (&["judge", "--frobnicate"], "'--frobnicate'"),
        (&["frobnicate"], "'frobnicate'"),
        (
            &[],
            "error: missing command: expected one of judge, list, languages, new-case, stress, bench, export",
        ),
        (&["judge", "--compiler", "cobol=cobc", "x.rs"], "--compiler `cobol=cobc`: no language `cobol`"),
        (&["judge", "Cargo.toml"], "Cargo.toml: not a .rs, .cpp, .cc, .cxx, .c, .py, .java or .js file"),
        (&["judge", "--jobs", "0"], "'--jobs <N>': expected at least 1"),
        (&["judge", "--jobs", "many"], "'--jobs <N>': expected a whole number"),
        (&["judge", "--jobs"], "'--jobs <N>'"),
        (
            &["judge", "--problem", "nope"],
            "unknown problem `nope`: expected one of cses1624, queens, leetcode51, leetcode52",
        ),
        (&["judge", "--impl", "nomatch"], "error: --impl `nomatch` matches no implementation"),
        (
            &["judge", "--impl", "cses/bitmask", "--problem", "leetcode51"],
            "error: --impl `cses/bitmask` matches cses/bitmask, which solves cses1624, queens and uva11195, not leetcode51",
        ),
        (&["judge", "--case", "nomatch"], "error: --case `nomatch` matches no case in "),
        (&["judge", "--cases", "no/such/folder"], "error: --cases no/such/folder: not a folder"),
        (&["new-case", "foo"], "<--n <N>|--board <FILE>|--import <DIR>>"),
        (&["new-case", "foo", "--n", "4", "--board", "b.txt"], "cannot be used with"),
        (&["new-case", "foo", "--n", "nine"], "'nine' for '--n <N>'"),
        (&["new-case", "foo", "--n", "0"], "'0' for '--n <N>': 0 is not in 1..=32"),
        (&["list", "extra"], "'extra'"),
        (&["export", "nomatch"], "error: unknown implementation `nomatch`"),
        (&["stress", "--problem", "cses"], "unknown problem `cses`"),
    ];
    for (arguments, expected) in runs {
        let mut with_cases = arguments.to_vec();
        // new-case writes nowhere near the repository, even were it to succeed.
        if arguments.first() == Some(&"new-case") {
            with_cases.extend(["--cases", folder.arg()]);
        }
        let ran = xtask(&with_cases).run();
        let line = ran.usage_error();
        assert!(line.contains(expected), "{arguments:?}: {line}");
    }
    assert!(folder.listing().is_empty(), "{:?}", folder.listing());
}

#[test]
fn list_prints_each_implementation_once_with_its_problems() {
    let real = list(false);
    let all = list(true);
    assert!(!real.is_empty());
    let ids: Vec<&str> = real.iter().map(|entry| entry.id.as_str()).collect();
    let unique: BTreeSet<&str> = ids.iter().copied().collect();
    assert_eq!(unique.len(), ids.len(), "an id twice: {ids:?}");
    for entry in &all {
        assert!(
            !entry.problems.is_empty()
                && entry.problems.iter().all(|problem| PROBLEMS.contains(&problem.as_str())),
            "{entry:?}"
        );
        // The prefix names the kind: a counter answers CSES 1624 (and queens unless 8 x 8 only), a
        // LeetCode module the problem of its prefix.
        let (prefix, name) = entry.id.split_once('/').unwrap_or_else(|| panic!("{entry:?}"));
        assert!(!name.is_empty());
        match prefix {
            // A general counter also counts each of UVa 11195's boards.
            "cses" => assert!(
                entry.problems == ["cses1624", "queens", "uva11195"] || entry.problems == ["cses1624"],
                "{entry:?}"
            ),
            "leetcode51" | "leetcode52" | "poj3239" | "aoj-alds1-13-a" => {
                assert_eq!(entry.problems, [prefix], "{entry:?}")
            }
            _ => panic!("unknown prefix: {entry:?}"),
        }
    }
    // Every problem has a real implementation, and none of them is a fixture.
    for problem in PROBLEMS {
        assert!(real.iter().any(|entry| entry.solves(problem)), "no implementation of {problem}");
    }
    assert!(real.iter().all(|entry| !entry.id.contains("broken")), "{ids:?}");

    // With the fixtures: the same implementations first, then the fixtures, each once.
    assert_eq!(all[..real.len()], real[..]);
    let fixtures: Vec<&str> = all[real.len()..].iter().map(|entry| entry.id.as_str()).collect();
    assert!(fixtures.iter().all(|id| id.contains("/broken-")), "{fixtures:?}");
    assert_eq!(fixtures.iter().collect::<BTreeSet<_>>().len(), fixtures.len());
    for expected in [
        "cses/broken-panics",
        "cses/broken-never-returns",
        "cses/broken-eats-memory",
        "cses/broken-overflows-stack",
        "cses/broken-off-by-one",
        "cses/broken-ignores-last-row-reserved",
        "cses/broken-slow-on-one-board",
        "leetcode51/broken-drops-a-board",
        "leetcode51/broken-attacking-board",
    ] {
        assert!(fixtures.contains(&expected), "{expected} missing from {fixtures:?}");
    }
    // The id column is aligned: every problems column starts at the same place.
    let ran = xtask(&["list", "--with-fixtures"]).run();
    let starts: BTreeSet<usize> = ran
        .stdout
        .lines()
        .map(|line| line.len() - line.split_whitespace().last().expect("problems").len())
        .collect();
    assert_eq!(starts.len(), 1, "{ran}");
}

#[test]
fn new_case_counts_with_the_oracle_and_writes_nothing_on_error() {
    let folder = TempFolder::new("new-case");
    let board_text = "........\n........\n..*.....\n........\n........\n.....**.\n...*....\n........\n";
    let board = folder.write("board.txt", board_text);
    let cases = folder.path.join("cases");
    let cases_arg = path_arg(&cases);

    let ran = xtask(&["new-case", "cses/sample", "--board", path_arg(&board), "--cases", cases_arg]).run();
    ran.expect_code(0);
    let counted = oracle::count(&Board::parse(board_text).expect("a valid board"));
    assert!(
        ran.stdout.starts_with("wrote ") && ran.stdout.contains(&format!("(expected = {counted})")),
        "{ran}"
    );
    // A count case needs no snapshot: the hint is how to judge it, in the folder it is in.
    let hint = format!("; `cargo xtask judge --cases {} --case =cses/sample` judges it\n", cases.display());
    assert!(ran.stdout.ends_with(&hint), "{ran}");
    let empty = xtask(&["new-case", "empty/n5", "--n", "5", "--cases", cases_arg]).run();
    let hint = format!(
        "; `cargo xtask judge --cases {} --accept` records its snapshot (its LeetCode 51 boards)\n",
        cases.display()
    );
    assert!(empty.stdout.ends_with(&hint), "{empty}");
    std::fs::remove_file(cases.join("empty/n5.toml")).expect("the empty board's case");
    std::fs::remove_dir(cases.join("empty")).expect("its folder");
    let path = cases.join("cses/sample.toml");
    let written = read_case(&path);
    assert_eq!(written.board, Board::parse(board_text).expect("valid"));
    assert_eq!((written.expected, written.as_n), (counted, false));
    let text = std::fs::read_to_string(&path).expect("written");

    // An existing case is kept unless --force.
    let again = xtask(&["new-case", "cses/sample", "--n", "8", "--cases", cases_arg]).run();
    again.expect_code(1);
    let line = again.one_error_line();
    assert!(line.ends_with("sample.toml: already exists (pass --force to replace it)"), "{line}");
    assert_eq!(std::fs::read_to_string(&path).expect("kept"), text);
    let forced = xtask(&[
        "new-case",
        "cses/sample",
        "--n",
        "8",
        "--cases",
        cases_arg,
        "--force",
        "--description",
        "eight",
    ])
    .run();
    forced.expect_code(0);
    let replaced = read_case(&path);
    assert_eq!(
        (replaced.board.n(), replaced.as_n, replaced.expected),
        (8, true, oracle::known_count(8).expect("A000170"))
    );
    assert!(std::fs::read_to_string(&path).expect("replaced").starts_with("description = \"eight\"\n"));

    // An empty board's count is OEIS A000170's.
    xtask(&["new-case", "empty/n09", "--n", "9", "--cases", cases_arg]).run().expect_code(0);
    assert_eq!(read_case(&cases.join("empty/n09.toml")).expected, oracle::known_count(9).expect("A000170"));

    let before = crate::support::listing(&cases);
    let bad = folder.write("bad.txt", "....\n..x.\n");
    let rejected = xtask(&["new-case", "bad", "--board", path_arg(&bad), "--cases", cases_arg]).run();
    rejected.expect_code(1);
    assert_eq!(
        rejected.one_error_line(),
        format!("error: {}: line 2, column 3: unknown character 'x': expected `.` or `*`", bad.display())
    );
    // /dev/zero never ends: it is refused at once, having read no more than a board can be.
    let zero = xtask(&["new-case", "zero", "--board", "/dev/zero", "--cases", cases_arg]).run();
    zero.expect_code(1);
    let line = zero.one_error_line();
    assert!(line.starts_with("error: /dev/zero: more than ") && line.contains(" bytes"), "{line}");
    let escape = xtask(&["new-case", "../outside", "--n", "4", "--cases", cases_arg]).run();
    escape.expect_code(1);
    assert!(escape.one_error_line().contains("case name `../outside`"), "{escape}");
    assert_eq!(crate::support::listing(&cases), before, "nothing written on error");
    assert!(!folder.path.join("outside.toml").exists());
}

/// Whether a run whose stdout reader went away ended as a command-line tool should: status 0, or
/// killed by SIGPIPE as `cat` is; a panic is status 101.
fn ended_quietly(status: std::process::ExitStatus) -> bool {
    use std::os::unix::process::ExitStatusExt;
    const SIGPIPE: i32 = 13;
    status.code() == Some(0) || status.signal() == Some(SIGPIPE)
}

#[test]
fn output_into_a_closed_pipe_ends_quietly() {
    // The read end is closed as soon as the child starts, long before it writes: `| head -1` where
    // head has gone. `judge` is asked for one quick run, so that its child processes are part of it.
    let commands: [&[&str]; 2] =
        [&["list"], &["judge", "--impl", "cses/fixed_board", "--case", "cses/sample", "--jobs", "1"]];
    for arguments in commands {
        let mut child = xtask(arguments).ci().spawn();
        drop(child.stdout.take());
        let output = child.wait_with_output().expect("wait for the xtask binary");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!stderr.contains("panicked"), "{arguments:?}: {stderr}");
        assert_eq!(stderr, "", "{arguments:?}: nothing to say when the reader has gone");
        assert!(ended_quietly(output.status), "{arguments:?}: {:?}", output.status);

        // `2>&1 | head -1`: stderr is gone too, so no error could be told, and eprintln! panics.
        let mut child = xtask(arguments).ci().spawn();
        drop(child.stdout.take());
        drop(child.stderr.take());
        let status = child.wait().expect("wait for the xtask binary");
        assert!(ended_quietly(status), "{arguments:?} with stderr gone too: {status:?}");
    }
}

/// No name a file chose and nothing a program wrote reaches the terminal raw, whichever command
/// prints it: a file named with an OSC sequence, a bell and a right-to-left override (which would
/// show `...py` for a name that is not), whose run writes a screen clear and an OSC 52 clipboard
/// write on stderr, is judged, benched and stressed, and read by new-case as a board; none of their
/// outputs holds an escape, a bell or a bidirectional control (colour is off: nothing of the judge's
/// own is one either).
#[test]
fn no_name_or_output_of_a_file_reaches_the_terminal_raw() {
    let folder = TempFolder::new("terminal-safe");
    let name = "evil\x1b]0;owned\x07\u{202e}yp.py";
    let file = folder.write(
        name,
        "import sys\nsys.stdin.read()\nsys.stderr.write('\\x1b[2J\\x1b]52;c;aGk=\\x07\\u202e')\nsys.exit(1)\n",
    );
    let board = folder.write("board\x1b[31m\u{2066}.txt", "..x\n");
    let file_arg = path_arg(&file);
    let plot = folder.path.join("plot");
    let bench = ["bench", "--in-place", "--sizes", "8", "--impl", "cses/bitmask", "--budget", "2", "--out"];
    let runs = [
        xtask(&["judge", "--case", "cses/sample", file_arg]).run(),
        xtask(&[&bench[..], &[path_arg(&plot), file_arg]].concat()).run(),
        xtask(&["stress", "--iterations", "2", "--problem", "cses1624", file_arg]).run(),
        xtask(&["new-case", "x", "--board", path_arg(&board), "--cases", path_arg(&folder.path)]).run(),
    ];
    for ran in &runs {
        assert_ne!(ran.code, Some(0), "{ran}");
        for (stream, text) in [("stdout", &ran.stdout), ("stderr", &ran.stderr)] {
            let raw: Vec<char> =
                text.chars().filter(|c| matches!(c, '\x1b' | '\x07' | '\u{202e}' | '\u{2066}')).collect();
            assert_eq!(raw, Vec::<char>::new(), "{} {stream}:\n{ran}", ran.shown.escape_debug());
        }
    }
    // And they say what they saw, escaped.
    assert!(runs[0].stdout.contains(r"evil\x1b]0;owned\x07\u{202e}yp.py"), "{}", runs[0]);
    assert!(runs[0].stdout.contains(r"\x1b[2J"), "{}", runs[0]);
}
