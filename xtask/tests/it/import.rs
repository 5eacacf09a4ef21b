//! `cargo xtask new-case --import DIR` end to end, and `cargo xtask judge --cases` on test data:
//! a folder of `NAME.in` / `NAME.out` pairs becomes case files that read back as the same boards
//! and counts, once every `.out` agrees with the checker's oracle; one that does not, a pair that
//! is broken or a file that exists stops the import before anything is written. The judge takes
//! the imported cases and the pairs themselves alike, all AC. Every count comes from the oracle or
//! OEIS A000170, never from a solution.

use std::collections::BTreeSet;
use std::path::Path;

use checker::{oracle, Board};
use judge::stress::{random_board, Random};
use serde_json::Value;

use crate::support::{cases_in, path_arg, read_case, runs, strings, table, verdict, xtask, TempFolder};

/// A reproducible n x n board with about one square in six reserved, drawn by the stress
/// command's own seeded generator, so that the boards are the same on every run.
fn generated_board(seed: u64, n: usize) -> Board {
    random_board(&mut Random::new(seed), n, 1.0 / 6.0)
}

/// Writes CSES-style test data, `1.in` / `1.out` to `10.in` / `10.out`, under `folder/relative`:
/// 8 x 8 boards and their oracle counts, returned in the order 1 to 10.
fn write_cses_tests(folder: &TempFolder, relative: &str) -> Vec<(Board, u64)> {
    let tests: Vec<(Board, u64)> = (1..=10)
        .map(|number| {
            let board = generated_board(number * 31, 8);
            let count = oracle::count(&board);
            folder.write(&format!("{relative}/{number}.in"), &board.to_text());
            folder.write(&format!("{relative}/{number}.out"), &format!("{count}\n"));
            (board, count)
        })
        .collect();
    let counts: BTreeSet<u64> = tests.iter().map(|(_, count)| *count).collect();
    assert!(counts.len() > 3, "the boards differ enough to tell the cases apart: {counts:?}");
    tests
}

/// `cargo xtask new-case --import DIR --cases CASES` and more arguments.
fn import(test_data: &Path, cases: &Path, extra: &[&str]) -> crate::support::Ran {
    let mut args = vec!["new-case", "--import", path_arg(test_data), "--cases", path_arg(cases)];
    args.extend_from_slice(extra);
    xtask(&args).run()
}

/// Judges `cases` with cses/bitmask, accepting snapshots (the folder is a temporary one), and
/// asserts a clean report: no case error, every verdict AC, exit status 0; returns the report.
#[track_caller]
fn judge_all_ac(cases: &Path) -> Value {
    let ran = xtask(&[
        "judge",
        "--cases",
        path_arg(cases),
        "--impl",
        "cses/bitmask",
        "--json",
        "--accept",
        "--jobs",
        "2",
    ])
    .run();
    ran.expect_code(0);
    let report = ran.json();
    assert_eq!(report["passed"], true, "{ran}");
    assert_eq!(strings(&report["case_errors"]), Vec::<String>::new());
    let all = runs(&report);
    assert!(!all.is_empty(), "{ran}");
    for run in &all {
        assert_eq!(verdict(run), ("AC", ""), "{run}");
    }
    assert_eq!(report["totals"]["AC"].as_u64(), Some(all.len() as u64));
    report
}

/// The case ids of `problem`'s table, in the table's order.
fn table_cases(report: &Value, problem: &str) -> Vec<String> {
    table(report, problem).unwrap_or_else(|| panic!("no {problem} table"))["cases"]
        .as_array()
        .expect("cases")
        .iter()
        .map(|case| case["id"].as_str().expect("an id").to_string())
        .collect()
}

#[test]
fn an_import_writes_case_files_of_the_same_boards_and_counts_and_the_judge_takes_both_all_ac() {
    let folder = TempFolder::new("import");
    let data = folder.path.join("data");
    let tests = write_cses_tests(&folder, "data/cses-tests");
    let cases = folder.path.join("cases");

    let ran = import(&data.join("cses-tests"), &cases, &[]);
    ran.expect_code(0);
    assert!(ran.stderr.is_empty(), "{ran}");
    let lines: Vec<&str> = ran.stdout.lines().collect();
    assert_eq!(lines.len(), 11, "a line per file and a summary: {ran}");
    for (number, (line, (_, count))) in (1..=10).zip(lines.iter().zip(&tests)) {
        let written = cases.join(format!("cses-tests/{number}.toml"));
        assert_eq!(*line, format!("wrote {} (expected = {count})", written.display()), "{ran}");
    }
    assert!(
        lines[10].starts_with("imported 10 cases from ")
            && lines[10].contains("every .out checked by the oracle"),
        "{ran}"
    );

    // Exactly the ten files, which read back as the boards and counts of the pairs.
    let read = cases_in(&cases);
    let ids: Vec<&str> = read.iter().map(|(id, _)| id.as_str()).collect();
    let mut expected_ids: Vec<String> = (1..=10).map(|number| format!("cses-tests/{number}")).collect();
    expected_ids.sort();
    assert_eq!(ids, expected_ids);
    for (number, (board, count)) in (1..=10).zip(&tests) {
        let path = cases.join(format!("cses-tests/{number}.toml"));
        let case = read_case(&path);
        assert_eq!((&case.board, case.expected, case.as_n), (board, *count, false), "{number}");
        let text = std::fs::read_to_string(&path).expect("written");
        assert!(
            text.starts_with(&format!("description = \"imported from {number}.in and {number}.out\"\n")),
            "{text}"
        );
    }

    // The judge on the imported cases: all AC, in natural order, each with the .out's count.
    let in_order: Vec<String> = (1..=10).map(|number| format!("cses-tests/{number}")).collect();
    let report = judge_all_ac(&cases);
    for problem in ["cses1624", "queens"] {
        assert_eq!(table_cases(&report, problem), in_order, "{problem}");
    }
    for run in runs(&report) {
        let id = run["case"].as_str().expect("a case");
        let number: usize = id.trim_start_matches("cses-tests/").parse().expect("a number");
        assert_eq!(run["expected"].as_u64(), Some(tests[number - 1].1), "{run}");
    }
    assert_eq!(runs(&report).len(), 20, "10 cases in two tables");

    // The judge on the pairs themselves: the same cases, all AC.
    let report = judge_all_ac(&data);
    for problem in ["cses1624", "queens"] {
        assert_eq!(table_cases(&report, problem), in_order, "{problem}");
    }
    for run in runs(&report) {
        let number: usize = run["case"]
            .as_str()
            .expect("a case")
            .trim_start_matches("cses-tests/")
            .parse()
            .expect("a number");
        assert_eq!(run["expected"].as_u64(), Some(tests[number - 1].1), "{run}");
    }
}

#[test]
fn a_wrong_out_refuses_the_whole_import_naming_the_file_and_both_counts() {
    let folder = TempFolder::new("import-wrong");
    let data = folder.path.join("cses-tests");
    let tests = write_cses_tests(&folder, "cses-tests");
    let cases = folder.path.join("cases");
    let wrong = tests[6].1 + 1;
    let seventh = folder.write("cses-tests/7.out", &format!("{wrong}\n"));

    let ran = import(&data, &cases, &[]);
    ran.expect_code(1);
    assert!(ran.stdout.is_empty(), "{ran}");
    assert_eq!(
        ran.one_error_line(),
        format!(
            "error: {}: says {wrong}, but the oracle counts {} for 7.in: nothing was imported",
            seventh.display(),
            tests[6].1
        )
    );
    assert!(!cases.exists(), "nothing at all is written: {:?}", folder.listing());

    // Two wrong counts: the first is named, the other counted.
    let third = folder.write("cses-tests/3.out", &format!("{}\n", tests[2].1 + 5));
    let ran = import(&data, &cases, &[]);
    ran.expect_code(1);
    assert_eq!(
        ran.one_error_line(),
        format!(
            "error: {}: says {}, but the oracle counts {} for 3.in (and 1 more fault): nothing was imported",
            third.display(),
            tests[2].1 + 5,
            tests[2].1
        )
    );
    assert!(!cases.exists(), "{:?}", folder.listing());

    // A broken pair stops it too, with the pair's own error.
    folder.write("cses-tests/3.out", &format!("{}\n", tests[2].1));
    folder.write("cses-tests/7.out", &format!("{}\n", tests[6].1));
    let lonely = folder.write("cses-tests/11.in", "........\n");
    let ran = import(&data, &cases, &[]);
    ran.expect_code(1);
    assert_eq!(
        ran.one_error_line(),
        format!(
            "error: {}: no `11.out` beside it: a test is a NAME.in and NAME.out pair: nothing was imported",
            lonely.display()
        )
    );
    assert!(!cases.exists(), "{:?}", folder.listing());
    std::fs::remove_file(&lonely).expect("remove");
    import(&data, &cases, &[]).expect_code(0);
    assert_eq!(cases_in(&cases).len(), 10);
}

#[test]
fn a_second_import_without_force_refuses_and_writes_nothing() {
    let folder = TempFolder::new("import-again");
    let data = folder.path.join("cses-tests");
    write_cses_tests(&folder, "cses-tests");
    let cases = folder.path.join("cases");
    import(&data, &cases, &[]).expect_code(0);
    let first = cases.join("cses-tests/1.toml");
    let original = std::fs::read_to_string(&first).expect("written");
    let edited = format!("{original}# edited by hand\n");
    std::fs::write(&first, &edited).expect("edit");
    let before = crate::support::listing(&cases);

    let again = import(&data, &cases, &[]);
    again.expect_code(1);
    assert_eq!(
        again.one_error_line(),
        format!(
            "error: {}: already exists (pass --force to replace it) (and 9 more faults): nothing was imported",
            first.display()
        )
    );
    assert_eq!(std::fs::read_to_string(&first).expect("kept"), edited);
    assert_eq!(crate::support::listing(&cases), before);

    let forced = import(&data, &cases, &["--force"]);
    forced.expect_code(0);
    assert_eq!(std::fs::read_to_string(&first).expect("replaced"), original);
    assert_eq!(crate::support::listing(&cases), before);
}

#[test]
fn online_judge_tools_samples_import_under_a_name_given_or_the_folder_s_own() {
    let folder = TempFolder::new("import-oj");
    let sample = "........\n........\n..*.....\n........\n........\n.....**.\n...*....\n........\n";
    let sample_board = Board::parse(sample).expect("the CSES sample");
    assert_eq!(oracle::count(&sample_board), 65, "the statement's answer");
    folder.write("task/test/sample-1.in", &sample.replace('\n', "\r\n"));
    folder.write("task/test/sample-1.out", "65\r\n");
    // An empty board past the oracle's reach is checked against OEIS A000170.
    let thirteen = oracle::known_count(13).expect("A000170");
    folder.write("task/test/sample-2.in", &Board::empty(13).expect("13 x 13").to_text());
    folder.write("task/test/sample-2.out", &format!(" {thirteen} "));
    let test = folder.path.join("task/test");
    let cases = folder.path.join("cases");

    import(&test, &cases, &[]).expect_code(0);
    let named = xtask(&[
        "new-case",
        "cses/samples",
        "--import",
        path_arg(&test),
        "--cases",
        path_arg(&cases),
        "--description",
        "from oj",
    ])
    .run();
    named.expect_code(0);
    let read: Vec<(String, u64, Board)> =
        cases_in(&cases).into_iter().map(|(id, case)| (id, case.expected, case.board)).collect();
    let thirteen_board = Board::empty(13).expect("13 x 13");
    assert_eq!(
        read,
        [
            ("cses/samples/sample-1".to_string(), 65, sample_board.clone()),
            ("cses/samples/sample-2".to_string(), thirteen, thirteen_board.clone()),
            ("test/sample-1".to_string(), 65, sample_board),
            ("test/sample-2".to_string(), thirteen, thirteen_board),
        ]
    );
    let text = std::fs::read_to_string(cases.join("cses/samples/sample-1.toml")).expect("written");
    assert!(text.starts_with("description = \"from oj\"\n"), "{text}");

    // Into the folder the pairs are in, the case files would share their ids: refused.
    let beside = xtask(&[
        "new-case",
        "test",
        "--import",
        path_arg(&test),
        "--cases",
        folder.path.join("task").to_str().expect("UTF-8"),
    ])
    .run();
    beside.expect_code(1);
    assert!(
        beside.one_error_line().contains("the case files would sit beside the pairs they come from"),
        "{beside}"
    );
    assert_eq!(
        crate::support::listing(&test),
        ["sample-1.in", "sample-1.out", "sample-2.in", "sample-2.out"]
    );
}

#[test]
fn an_unchecked_board_a_wrong_known_count_a_bad_name_or_no_pair_is_refused() {
    let folder = TempFolder::new("import-uncheckable");
    let cases = folder.path.join("cases");
    let mut rows = Board::empty(13).expect("13 x 13").to_text();
    rows.replace_range(0..1, "*");
    let big = folder.write("big/13.in", &rows);
    folder.write("big/13.out", "1000\n");
    let ran = import(&folder.path.join("big"), &cases, &[]);
    ran.expect_code(1);
    assert_eq!(
        ran.one_error_line(),
        format!(
            "error: {}: the board is 13 x 13 with reserved squares: the brute-force oracle counts boards up to 12 x 12 (the size bound is 32), so 13.out cannot be checked: nothing was imported",
            big.display()
        )
    );

    let empty = folder.write("empty/9.in", &Board::empty(9).expect("9 x 9").to_text());
    let out = folder.write("empty/9.out", "353\n");
    let ran = import(&folder.path.join("empty"), &cases, &[]);
    ran.expect_code(1);
    assert_eq!(
        ran.one_error_line(),
        format!(
            "error: {}: says 353, but the oracle counts {} for {}: nothing was imported",
            out.display(),
            oracle::known_count(9).expect("A000170"),
            empty.file_name().expect("a name").to_string_lossy()
        )
    );
    assert!(!cases.exists(), "{:?}", folder.listing());

    // A pair whose name is no case name, and a folder whose name is none, are refused.
    let spaced = folder.write("spaced/one copy.in", "....\n....\n....\n....\n");
    folder.write("spaced/one copy.out", "2\n");
    let ran = import(&folder.path.join("spaced"), &cases, &[]);
    ran.expect_code(1);
    assert_eq!(
        ran.one_error_line(),
        format!(
            "error: {}: `one copy` is no case name: expected letters, digits, `-` and `_` (rename the pair): nothing was imported",
            spaced.display()
        )
    );
    folder.write("my tests/1.in", "....\n....\n....\n....\n");
    folder.write("my tests/1.out", "2\n");
    let ran = import(&folder.path.join("my tests"), &cases, &[]);
    ran.expect_code(1);
    assert_eq!(
        ran.one_error_line(),
        "error: folder name `my tests`: expected letters, digits, `-` and `_`, in `/`-separated folders (give the folder to import into as NAME)"
    );
    assert!(!cases.exists(), "{:?}", folder.listing());
    let named = xtask(&[
        "new-case",
        "my-tests",
        "--import",
        path_arg(&folder.path.join("my tests")),
        "--cases",
        path_arg(&cases),
    ])
    .run();
    named.expect_code(0);
    assert_eq!(read_case(&cases.join("my-tests/1.toml")).expected, oracle::known_count(4).expect("A000170"));

    // A folder with no pair at all is no import either.
    let nothing = folder.path.join("nothing");
    std::fs::create_dir_all(&nothing).expect("create");
    let before = crate::support::listing(&cases);
    let ran = import(&nothing, &cases, &[]);
    ran.expect_code(1);
    assert_eq!(
        ran.one_error_line(),
        format!("error: {}: no NAME.in / NAME.out pair: nothing to import", nothing.display())
    );
    assert_eq!(crate::support::listing(&cases), before);
}

#[test]
fn import_usage_errors_are_one_line_with_status_2() {
    let folder = TempFolder::new("import-usage");
    let cases = folder.path.join("cases");
    let runs: [(&[&str], &str); 4] = [
        (&["new-case", "--import", "no/such/folder"], "error: --import no/such/folder: not a folder"),
        (&["new-case", "x", "--import", folder.arg(), "--n", "4"], "cannot be used with"),
        (&["new-case", "--n", "4"], "<NAME>"),
        (&["new-case", "x"], "<--n <N>|--board <FILE>|--import <DIR>>"),
    ];
    for (arguments, expected) in runs {
        let mut with_cases = arguments.to_vec();
        with_cases.extend(["--cases", path_arg(&cases)]);
        let ran = xtask(&with_cases).run();
        let line = ran.usage_error();
        assert!(line.contains(expected), "{arguments:?}: {line}");
    }
    assert!(!cases.exists());
    let help = xtask(&["new-case", "--help"]).run();
    help.expect_code(0);
    assert!(help.stdout.contains("--import <DIR>") && help.stdout.contains("NAME.in / NAME.out"), "{help}");
}
