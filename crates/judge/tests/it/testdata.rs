//! Test-data folders: `NAME.in` / `NAME.out` pairs, as CSES lets users download them (`1.in`,
//! `1.out`, ...) and as online-judge-tools keeps them (`test/sample-1.in`, ...), load as cases
//! beside TOML case files, in natural order (`2` before `10`). Every bad pair is one line naming
//! the file (and the line and column where it applies), and every other case still loads. Every
//! count here comes from the checker's oracle or OEIS A000170, never from a solution.

use std::cmp::Ordering;
use std::path::Path;
use std::sync::mpsc;
use std::time::Duration;

use checker::{oracle, Board};
use judge::stress::{random_board, Random};
use judge_core::case::{load_test_data, natural_cmp, ExpectedFrom, MAX_CASE_FILE_BYTES};
use pretty_assertions::assert_eq;

use crate::support::{board_of, count_of, ids, load, messages, TempFolder};

/// The CSES statement's sample, whose answer the statement gives as 65.
const CSES_SAMPLE: &str = "........\n........\n..*.....\n........\n........\n.....**.\n...*....\n........\n";

/// A reproducible n x n board with about one square in six reserved, drawn by the stress
/// command's own seeded generator, so that the boards are the same on every run.
fn generated_board(seed: u64, n: usize) -> Board {
    random_board(&mut Random::new(seed), n, 1.0 / 6.0)
}

/// Writes the pair `name.in` / `name.out` under `folder`: the board and its oracle count.
fn write_pair(folder: &TempFolder, name: &str, board: &Board) -> u64 {
    let count = oracle::count(board);
    folder.write(&format!("{name}.in"), board.to_text());
    folder.write(&format!("{name}.out"), format!("{count}\n"));
    count
}

#[test]
fn a_cses_folder_of_ten_pairs_loads_as_ten_cases_in_natural_order() {
    let folder = TempFolder::new("cses-folder");
    // Written from 10 down, so that no order of writing can pass for the order of loading.
    let mut written = Vec::new();
    for number in (1..=10).rev() {
        let board = generated_board(number, 8);
        let count = write_pair(&folder, &format!("cses-tests/{number}"), &board);
        written.push((format!("cses-tests/{number}"), board, count));
    }
    written.reverse();
    let counts: std::collections::BTreeSet<u64> = written.iter().map(|(_, _, count)| *count).collect();
    assert!(counts.len() > 3, "the boards differ enough to tell the cases apart: {counts:?}");

    let loaded = load(&folder.path);
    assert_eq!(messages(&loaded), Vec::<String>::new());
    let expected_ids: Vec<String> = (1..=10).map(|number| format!("cses-tests/{number}")).collect();
    assert_eq!(ids(&loaded), expected_ids, "1, 2, ..., 10: natural order, not text order");
    for (case, (id, board, count)) in loaded.cases.iter().zip(&written) {
        assert_eq!(&case.id, id);
        assert_eq!(board_of(case), board, "{id}");
        assert_eq!(count_of(case), *count, "{id}");
        // CSES 1624's statement: 1 s and 512 MB, the limits of the problem a board is an input of.
        assert_eq!((case.time_limit_ms, case.memory_limit_mb), (1000, 512));
        assert_eq!(case.path, folder.join(format!("{id}.in")), "a pair's path is its .in");
        assert_eq!(case.description, None);
    }

    // The folder itself as the cases folder: the ids are the bare names, in the same order.
    let inner = load(&folder.join("cses-tests"));
    let bare: Vec<String> = (1..=10).map(|number| number.to_string()).collect();
    assert_eq!(ids(&inner), bare);
    // And import's reader sees the same pairs.
    let pairs = load_test_data(&folder.path).expect("readable");
    assert_eq!(ids(&pairs), expected_ids);
}

#[test]
fn online_judge_tools_samples_load_with_white_space_and_crlf_around() {
    let folder = TempFolder::new("oj-samples");
    let sample = Board::parse(CSES_SAMPLE).expect("the sample");
    assert_eq!(oracle::count(&sample), 65, "the oracle agrees with the statement");
    // CRLF line ends in the .in, and white space all around the count in the .out.
    folder.write("test/sample-1.in", CSES_SAMPLE.replace('\n', "\r\n"));
    folder.write("test/sample-1.out", " \t65\r\n\n");
    // No final newline anywhere.
    folder.write("test/sample-2.in", "....\n....\n....\n....");
    let four = oracle::known_count(4).expect("A000170");
    folder.write("test/sample-2.out", four.to_string());
    let loaded = load(&folder.path);
    assert_eq!(messages(&loaded), Vec::<String>::new());
    assert_eq!(ids(&loaded), ["test/sample-1", "test/sample-2"]);
    assert_eq!((board_of(&loaded.cases[0]), count_of(&loaded.cases[0])), (&sample, 65));
    assert_eq!(
        (board_of(&loaded.cases[1]), count_of(&loaded.cases[1])),
        (&Board::empty(4).expect("4 x 4"), four)
    );
}

/// A cases folder holding the good pair `good.in` / `good.out` (the empty 5 x 5 board).
fn folder_with_a_good_pair(label: &str) -> TempFolder {
    let folder = TempFolder::new(label);
    folder.write("good.in", Board::empty(5).expect("5 x 5").to_text());
    folder.write("good.out", format!("{}\n", oracle::known_count(5).expect("A000170")));
    folder
}

/// Asserts that loading `folder` gives the case `good` alone, and exactly the errors `expected`,
/// each one line.
#[track_caller]
fn assert_only_errors(folder: &TempFolder, expected: &[String]) {
    let loaded = load(&folder.path);
    assert_eq!(messages(&loaded), expected);
    assert!(expected.iter().all(|line| !line.contains('\n')), "{expected:?}");
    assert_eq!(ids(&loaded), ["good"]);
    assert_eq!(count_of(&loaded.cases[0]), 10, "the good pair is read whole");
}

#[test]
fn an_out_without_its_in_is_an_error_naming_it() {
    let folder = folder_with_a_good_pair("half-pair");
    let orphan = folder.write("sub/orphan.out", "2\n");
    assert_only_errors(
        &folder,
        &[format!("{}: no `orphan.in` beside it: a test is a NAME.in and NAME.out pair", orphan.display())],
    );
}

#[test]
fn an_in_without_its_out_is_judged_against_the_oracle_and_says_so() {
    let folder = folder_with_a_good_pair("lonely-in");
    let sample = "........\n........\n..*.....\n........\n........\n.....**.\n...*....\n........\n";
    folder.write("lonely.in", sample);
    let loaded = load(&folder.path);
    assert_eq!(messages(&loaded), Vec::<String>::new());
    assert_eq!(ids(&loaded), ["good", "lonely"]);
    let lonely = &loaded.cases[1];
    // The oracle's count, held to the CSES sample's published answer.
    assert_eq!(count_of(lonely), oracle::count(&Board::parse(sample).expect("the sample")));
    assert_eq!(count_of(lonely), 65);
    assert_eq!(lonely.expected_from, ExpectedFrom::Oracle);
    assert_eq!(loaded.cases[0].expected_from, ExpectedFrom::TestData);
    // Past the oracle's reach, it is still an error that names the missing file.
    let big = folder
        .write("big.in", format!("*{}\n{}", ".".repeat(13), format!("{}\n", ".".repeat(14)).repeat(13)));
    let messages = messages(&load(&folder.path));
    assert_eq!(messages.len(), 1, "{messages:?}");
    assert!(
        messages[0].starts_with(&format!("{}: no `big.out` beside it", big.display()))
            && messages[0].contains("the oracle cannot count it"),
        "{messages:?}"
    );
}

#[test]
fn a_wrong_out_is_wrong_test_data_and_the_case_is_judged_against_the_oracle() {
    let folder = folder_with_a_good_pair("wrong-out");
    let sample = "........\n........\n..*.....\n........\n........\n.....**.\n...*....\n........\n";
    folder.write("1.in", sample);
    let out = folder.write("1.out", "64\n");
    let loaded = load(&folder.path);
    assert_eq!(
        messages(&loaded),
        [format!(
            "{}: wrong test data: it says 64, the oracle counts 65 on 1.in (judged against 65)",
            out.display()
        )]
    );
    let case = loaded.cases.iter().find(|case| case.id == "1").expect("the case is judged all the same");
    assert_eq!((count_of(case), case.expected_from), (65, ExpectedFrom::Oracle));
}

/// The error a pair whose `.out` holds `out` gives (a valid 4 x 4 board beside it).
fn out_error(label: &str, out: &[u8]) -> (Vec<String>, String) {
    let folder = folder_with_a_good_pair(label);
    folder.write("bad.in", "....\n....\n....\n....\n");
    let bad = folder.write("bad.out", out);
    let loaded = load(&folder.path);
    assert_eq!(ids(&loaded), ["good"], "{out:?}");
    (messages(&loaded), bad.display().to_string())
}

#[test]
fn a_out_that_is_not_one_integer_is_an_error_at_its_place() {
    let cases: [(&[u8], &str); 9] = [
        (b"", "empty: expected one integer, the number of ways"),
        (b" \n\t\r\n", "empty: expected one integer, the number of ways"),
        (b"two\n", "line 1, column 1: \"two\" is not a count: expected one non-negative integer"),
        (b"\n  -2\n", "line 2, column 3: \"-2\" is not a count: expected one non-negative integer"),
        (b"+2\n", "line 1, column 1: \"+2\" is not a count: expected one non-negative integer"),
        (b"2\n3\n", "line 2, column 1: \"3\" after the count: expected one integer only"),
        (b"2 ways\n", "line 1, column 3: \"ways\" after the count: expected one integer only"),
        (
            b"18446744073709551616\n",
            "line 1, column 1: \"18446744073709551616\" is out of range: expected at most 18446744073709551615",
        ),
        (b"2\xff\n", "line 1, column 2: not UTF-8: expected one integer, the number of ways"),
    ];
    for (out, message) in cases {
        let (messages, path) = out_error("bad-out", out);
        assert_eq!(messages, [format!("{path}: {message}")], "{out:?}");
    }
    // A long token is cut short, so that the error stays one readable line.
    let (messages, path) = out_error("long-token", "x".repeat(10_000).as_bytes());
    assert_eq!(
        messages,
        [format!(
            "{path}: line 1, column 1: \"xxxxxxxxxxxxxxxxxxxxxxxx...\" is not a count: expected one non-negative integer"
        )]
    );
    // The largest count a u64 holds is a count (read as written: the judge's loading would hold it
    // to the oracle's 0 as wrong test data).
    let folder = TempFolder::new("largest-count");
    folder.write("max.in", "*\n");
    folder.write("max.out", u64::MAX.to_string());
    let read = load_test_data(&folder.path).expect("the folder is readable");
    assert_eq!(count_of(&read.cases[0]), u64::MAX);
}

#[test]
fn a_bad_in_is_an_error_at_its_line_and_column() {
    let folder = folder_with_a_good_pair("bad-in");
    let bad = folder.write("bad.in", "....\n..Q.\n....\n....\n");
    folder.write("bad.out", "2\n");
    assert_only_errors(
        &folder,
        &[format!("{}: line 2, column 3: unknown character 'Q': expected `.` or `*`", bad.display())],
    );
    std::fs::remove_file(&bad).expect("remove");

    let bad = folder.write("bad.in", b"....\n..\xff.\n....\n....\n");
    assert_only_errors(
        &folder,
        &[format!("{}: line 2, column 3: invalid UTF-8: expected `.` or `*`", bad.display())],
    );
    std::fs::write(&bad, "....\n....\n").expect("rewrite");
    assert_only_errors(
        &folder,
        &[format!("{}: line 3, column 1: too few rows: expected 4, found 2", bad.display())],
    );
    std::fs::write(&bad, "").expect("rewrite");
    assert_only_errors(
        &folder,
        &[format!("{}: line 1, column 1: empty input: expected rows of `.` and `*`", bad.display())],
    );
}

#[test]
fn a_pair_bad_in_both_files_names_both() {
    let folder = folder_with_a_good_pair("both-bad");
    let input = folder.write("both.in", "..\n.x\n");
    let output = folder.write("both.out", "many\n");
    assert_only_errors(
        &folder,
        &[
            format!("{}: line 2, column 2: unknown character 'x': expected `.` or `*`", input.display()),
            format!(
                "{}: line 1, column 1: \"many\" is not a count: expected one non-negative integer",
                output.display()
            ),
        ],
    );
}

#[test]
fn a_file_over_one_mebibyte_is_refused_and_one_at_the_limit_is_read() {
    let folder = folder_with_a_good_pair("huge");
    // A count with white space enough to pass the limit: only the size can refuse it.
    let mut padded = " ".repeat(MAX_CASE_FILE_BYTES as usize);
    padded.push_str("2\n");
    folder.write("big-out.in", "....\n....\n....\n....\n");
    let big_out = folder.write("big-out.out", &padded);
    let mut rows = "....\n".repeat(4);
    rows.push_str(&"\n".repeat(MAX_CASE_FILE_BYTES as usize));
    let big_in = folder.write("big-in.in", &rows);
    folder.write("big-in.out", "2\n");
    assert_only_errors(
        &folder,
        &[
            format!("{}: larger than 1048576 bytes: not a board", big_in.display()),
            format!("{}: larger than 1048576 bytes: not a count", big_out.display()),
        ],
    );
    // At the limit exactly, the same count is read.
    padded.drain(..2);
    assert_eq!(padded.len() as u64, MAX_CASE_FILE_BYTES);
    std::fs::write(&big_out, &padded).expect("rewrite");
    std::fs::remove_file(&big_in).expect("remove");
    std::fs::remove_file(folder.join("big-in.out")).expect("remove");
    let loaded = load(&folder.path);
    assert_eq!(messages(&loaded), Vec::<String>::new());
    assert_eq!(ids(&loaded), ["big-out", "good"]);
    assert_eq!(count_of(&loaded.cases[0]), 2);
}

/// Makes a FIFO at `path`.
fn make_fifo(path: &Path) {
    let c_path = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).expect("no NUL in the path");
    // SAFETY: `c_path` is a valid NUL-terminated string that outlives the call.
    let status = unsafe { libc::mkfifo(c_path.as_ptr(), 0o644) };
    assert_eq!(status, 0, "mkfifo {}: {}", path.display(), std::io::Error::last_os_error());
}

#[test]
fn a_fifo_or_a_dangling_link_in_a_pair_is_an_error_and_does_not_hang() {
    let folder = folder_with_a_good_pair("fifo");
    let fifo_in = folder.join("fifo.in");
    make_fifo(&fifo_in);
    folder.write("fifo.out", "2\n");
    folder.write("fifo-out.in", "....\n....\n....\n....\n");
    let fifo_out = folder.join("fifo-out.out");
    make_fifo(&fifo_out);
    let gone = folder.join("gone.in");
    std::os::unix::fs::symlink("nowhere.in", &gone).expect("a dangling link");
    folder.write("gone.out", "2\n");
    let root = folder.path.clone();
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = sender.send(load(&root));
    });
    let loaded = receiver.recv_timeout(Duration::from_secs(20)).expect("loading never hangs on a FIFO");
    assert_eq!(ids(&loaded), ["good"]);
    let messages = messages(&loaded);
    assert_eq!(messages.len(), 3, "{messages:?}");
    assert_eq!(
        messages[0],
        format!("{}: not a regular file: only regular files are read as cases", fifo_out.display())
    );
    assert_eq!(
        messages[1],
        format!("{}: not a regular file: only regular files are read as cases", fifo_in.display())
    );
    assert!(messages[2].starts_with(&format!("{}: cannot read: ", gone.display())), "{messages:?}");
    assert!(messages.iter().all(|line| !line.contains('\n')), "{messages:?}");
}

#[test]
fn skipped_folders_and_link_loops_hold_no_pairs() {
    let folder = folder_with_a_good_pair("skipped");
    for skipped in [".hidden/a", "snapshots/b", "target/c", "sub/target/d"] {
        folder.write(&format!("{skipped}.in"), "not a board");
        folder.write(&format!("{skipped}.out"), "not a count");
    }
    write_pair(&folder, "sub/inner", &generated_board(7, 6));
    std::os::unix::fs::symlink(".", folder.join("loop")).expect("link the folder to itself");
    std::os::unix::fs::symlink("..", folder.join("sub/up")).expect("link a subfolder to its parent");
    let loaded = load(&folder.path);
    assert_eq!(messages(&loaded), Vec::<String>::new());
    assert_eq!(ids(&loaded), ["good", "sub/inner"]);
}

#[test]
fn a_pair_with_the_id_of_a_case_file_is_refused() {
    let folder = TempFolder::new("id-clash");
    let toml = folder.write("x/1.toml", "n = 4\nexpected = 2\n");
    let pair = folder.join("x/1.in");
    write_pair(&folder, "x/1", &generated_board(3, 6));
    write_pair(&folder, "x/2", &generated_board(4, 6));
    let clash =
        format!("{}: its case id `x/1` is the one of {}: rename one of them", pair.display(), toml.display());
    let loaded = load(&folder.path);
    assert_eq!(messages(&loaded), std::slice::from_ref(&clash));
    assert_eq!(ids(&loaded), ["x/1", "x/2"]);
    assert_eq!(loaded.cases[0].path, toml, "x/1 is the case file's");
    assert_eq!(board_of(&loaded.cases[0]).n(), 4);

    // A broken case file still owns its id: mending it later must not turn up a clash.
    std::fs::write(&toml, "n = 4\n").expect("break the case file");
    let loaded = load(&folder.path);
    assert_eq!(
        messages(&loaded),
        [clash, format!("{}: line 1, column 1: missing field `expected`", toml.display())]
    );
    assert_eq!(ids(&loaded), ["x/2"]);
}

#[test]
fn two_pairs_with_one_snapshot_name_load_one_and_name_the_clash() {
    let folder = TempFolder::new("pair-snapshot-clash");
    write_pair(&folder, "x/y", &generated_board(5, 5));
    write_pair(&folder, "x__y", &generated_board(6, 6));
    let loaded = load(&folder.path);
    assert_eq!(
        messages(&loaded),
        [format!(
            "{}: its snapshot name `x__y` is the one of case `x/y`: rename one of them",
            folder.join("x__y.in").display()
        )]
    );
    assert_eq!(ids(&loaded), ["x/y"]);
    assert_eq!(*board_of(&loaded.cases[0]), generated_board(5, 5));
}

#[test]
fn case_files_and_pairs_mix_in_one_natural_order() {
    let folder = TempFolder::new("mixed");
    folder.write("mixed/1.toml", "n = 4\nexpected = 2\n");
    let two = write_pair(&folder, "mixed/2", &generated_board(2, 7));
    folder.write("mixed/10.toml", "n = 5\nexpected = 10\n");
    let nine = write_pair(&folder, "mixed/9", &generated_board(9, 8));
    let eleven = write_pair(&folder, "mixed/11", &generated_board(11, 6));
    folder.write("n9.toml", "n = 9\nexpected = 352\n");
    folder.write("n10.toml", "n = 10\nexpected = 724\n");
    let loaded = load(&folder.path);
    assert_eq!(messages(&loaded), Vec::<String>::new());
    assert_eq!(ids(&loaded), ["mixed/1", "mixed/2", "mixed/9", "mixed/10", "mixed/11", "n9", "n10"]);
    let expected: Vec<u64> = loaded.cases.iter().map(count_of).collect();
    assert_eq!(expected, [2, two, nine, 10, eleven, 352, 724]);
    assert_eq!(*board_of(&loaded.cases[1]), generated_board(2, 7));
    // Import's reader takes the pairs alone.
    let pairs = load_test_data(&folder.path).expect("readable");
    assert_eq!(messages(&pairs), Vec::<String>::new());
    assert_eq!(ids(&pairs), ["mixed/2", "mixed/9", "mixed/11"]);
}

#[test]
fn natural_order_compares_digit_runs_as_numbers() {
    let ordered = [
        "", "01", "1", "2", "9", "010", "10", "11", "99", "100", "a", "a1", "a2", "a10", "a10b", "a10c",
        "a11", "b", "x/y", "x__y", "é",
    ];
    for (i, a) in ordered.iter().enumerate() {
        for (j, b) in ordered.iter().enumerate() {
            assert_eq!(natural_cmp(a, b), i.cmp(&j), "{a:?} against {b:?}");
        }
    }
    // Equal numbers but for leading zeros fall back to text order, so no two texts are equal.
    assert_eq!(natural_cmp("a01b", "a1b"), Ordering::Less);
    // Longer than any integer type: compared by their digits all the same.
    assert_eq!(
        natural_cmp("t123456789012345678901234567890", "t99999999999999999999999999999"),
        Ordering::Greater
    );
}
