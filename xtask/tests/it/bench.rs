//! `cargo xtask bench`, never timed: the `--sizes` and `--budget` parsers, usage errors (a plot
//! folder that cannot be written among them, caught before any timing), and tiny
//! runs whose JSON must have the right shape and the answers OEIS A000170 and the checker's oracle
//! give, whose plot must be well-formed SVG with one line per implementation, and whose
//! deliberately broken fixtures must come out as a wrong answer (never a time) and as over budget
//! (then skipped at larger sizes).
//!
//! The runs pass the hidden `--in-place`, so they time the debug build the tests built instead of
//! building a release one: these tests look at shapes and answers, not at figures.

use checker::{oracle, Board};
use serde_json::Value;
use xtask::bench::{max_size, parse_budget, MAX_SIZE_REASON};

/// `--sizes` as bench reads it: the shared parser, with bench's bound.
fn parse_sizes(text: &str) -> Result<Vec<usize>, String> {
    xtask::sizes::parse_sizes("--sizes", text, max_size(), MAX_SIZE_REASON)
}

use crate::support::{path_arg, stderr_of, stdout_of, xtask, TempFolder};

#[test]
fn sizes_are_ranges_lists_or_single_sides() {
    assert_eq!(parse_sizes("4..=6"), Ok(vec![4, 5, 6]));
    assert_eq!(parse_sizes("4..7"), Ok(vec![4, 5, 6]));
    assert_eq!(parse_sizes("8, 4,6"), Ok(vec![4, 6, 8]));
    assert_eq!(parse_sizes("5"), Ok(vec![5]));
    assert_eq!(parse_sizes("4..=5,5..6,12"), Ok(vec![4, 5, 12]));
    assert_eq!(parse_sizes(&format!("1..={}", max_size())).map(|sizes| sizes.len()), Ok(max_size()));
    // Every side the bench takes has a known count to check answers against.
    assert!(oracle::known_count(max_size()).is_some());
    assert!(oracle::known_count(max_size() + 1).is_none() || max_size() == checker::MAX_N);
}

#[test]
fn bad_sizes_and_budgets_are_one_line_errors() {
    let cases = [
        ("", "expected A..=B, A..B, N or a comma-separated list of these"),
        ("4,,6", "expected A..=B, A..B, N or a comma-separated list of these"),
        ("a..=5", "`a` is not a whole number"),
        ("4..=5..=6", "`5..=6` is not a whole number"),
        ("-3", "`-3` is not a whole number"),
        ("9..=4", "`9..=4` is empty"),
        ("4..4", "`4..4` is empty"),
        ("0..=3", "sides go from 1 to 27 (those whose count OEIS A000170 gives)"),
        ("4..=99", "sides go from 1 to 27 (those whose count OEIS A000170 gives)"),
    ];
    for (text, reason) in cases {
        let error = parse_sizes(text).expect_err(text);
        assert!(error.starts_with(&format!("--sizes `{text}`: ")), "{error}");
        assert!(error.contains(reason), "{text}: {error}");
        assert!(!error.contains('\n'), "{error}");
    }
    assert_eq!(parse_budget("0.5"), Ok(std::time::Duration::from_millis(500)));
    assert_eq!(parse_budget("60"), Ok(std::time::Duration::from_secs(60)));
    for text in ["0", "-1", "abc", "", "1e9", "NaN"] {
        let error = parse_budget(text).expect_err(text);
        assert!(error.starts_with(&format!("--budget `{text}`: ")) && !error.contains('\n'), "{error}");
    }
}

#[test]
fn a_plot_folder_that_cannot_be_written_fails_before_any_timing() {
    let folder = TempFolder::new("bench-out");
    // A file where a folder is wanted: no folder can be made under it, on any Unix.
    let blocker = folder.write("not-a-folder", "");
    let out = blocker.join("plot");
    let output = xtask(
        &["bench", "--in-place", "--sizes", "4", "--impl", "cses/bitmask", "--out", path_arg(&out)],
        true,
    );
    let stderr = stderr_of(&output);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    let expected = format!("error: --out {}: cannot create the folder: ", out.display());
    assert!(stderr.starts_with(&expected), "{stderr}");
    assert_eq!(stderr.lines().filter(|line| line.starts_with("error:")).count(), 1, "{stderr}");
    // Nothing was timed: no table, no report.
    assert!(stdout_of(&output).is_empty(), "{}", stdout_of(&output));
}

#[test]
fn usage_errors_exit_with_status_2_and_one_line() {
    let runs: [(&[&str], &str); 6] = [
        (&["bench", "--sizes", "9..=4"], "error: --sizes `9..=4`: `9..=4` is empty"),
        (&["bench", "--budget", "zero"], "error: --budget `zero`: expected a number of seconds"),
        (
            &["bench", "--impl", "no-such-implementation"],
            "error: --impl `no-such-implementation`: matches no implementation",
        ),
        (&["bench", "--frobnicate"], "error: invalid option '--frobnicate'"),
        (&["bench", "--cases", "no/such/folder"], "error: --cases no/such/folder: not a folder"),
        (&["bench", "--sizes"], "error: missing argument for option '--sizes'"),
    ];
    for (arguments, expected) in runs {
        let mut with_in_place = arguments.to_vec();
        with_in_place.push("--in-place");
        // `--sizes` without a value would take `--in-place` as its value; keep it last there.
        let arguments = if arguments.last() == Some(&"--sizes") { arguments.to_vec() } else { with_in_place };
        let output = xtask(&arguments, true);
        let stderr = stderr_of(&output);
        assert_eq!(output.status.code(), Some(2), "{arguments:?}: {stderr}");
        let first_line = stderr.lines().next().unwrap_or_default();
        assert!(first_line.starts_with(expected), "{arguments:?}: {stderr}");
        assert_eq!(stderr.lines().filter(|line| line.starts_with("error:")).count(), 1, "{stderr}");
        assert!(stdout_of(&output).is_empty());
    }
}

/// Runs `cargo xtask bench --in-place --json ARGS` with the plot in `folder`; returns the exit
/// status, the report and the plot's text.
fn bench_json(folder: &TempFolder, arguments: &[&str]) -> (Option<i32>, Value, String) {
    let plot_folder = folder.path.join("plot");
    let mut all = vec!["bench", "--in-place", "--json", "--out", path_arg(&plot_folder)];
    all.extend_from_slice(arguments);
    let output = xtask(&all, true);
    let report: Value = serde_json::from_str(&stdout_of(&output))
        .unwrap_or_else(|error| panic!("{error}: {}\n{}", stdout_of(&output), stderr_of(&output)));
    let plot = std::fs::read_to_string(plot_folder.join("empty-boards.svg")).expect("the plot is written");
    // Neither the writability probe nor the plot's temporary file is left behind.
    let mut left: Vec<String> = std::fs::read_dir(&plot_folder)
        .expect("the plot folder")
        .map(|entry| entry.expect("an entry").file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(left, ["empty-boards.svg"]);
    (output.status.code(), report, plot)
}

fn find<'a>(measurements: &'a Value, implementation: &str, n: u64) -> &'a Value {
    measurements
        .as_array()
        .expect("a list of measurements")
        .iter()
        .find(|measurement| measurement["implementation"] == implementation && measurement["n"] == n)
        .unwrap_or_else(|| panic!("no measurement of {implementation} at n = {n}"))
}

/// Checks that `svg` is well-formed as XML goes for what the plot writes: one `svg` root, every
/// tag closed in order, attribute quotes paired. Returns the `path` tags.
fn well_formed_paths(svg: &str) -> Vec<String> {
    let mut open: Vec<String> = Vec::new();
    let mut roots = 0;
    let mut paths = Vec::new();
    let mut rest = svg;
    while let Some(start) = rest.find('<') {
        let end = rest[start..].find('>').expect("every tag ends") + start;
        let tag = &rest[start + 1..end];
        assert_eq!(tag.matches('"').count() % 2, 0, "unpaired quotes in <{tag}>");
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(open.pop().as_deref(), Some(name.trim()), "</{name}> closes nothing open");
        } else {
            let name = tag.split_whitespace().next().expect("a tag name").trim_end_matches('/').to_string();
            if open.is_empty() {
                roots += 1;
                assert_eq!(name, "svg", "the root is svg");
            }
            if name == "path" {
                paths.push(tag.to_string());
            }
            if !tag.ends_with('/') {
                open.push(name);
            }
        }
        rest = &rest[end + 1..];
    }
    assert!(open.is_empty(), "left open: {open:?}");
    assert_eq!(roots, 1);
    paths
}

#[test]
fn a_tiny_run_has_right_answers_every_sample_and_a_plot() {
    let folder = TempFolder::new("bench-tiny");
    // One board with reserved squares; its count comes from the checker's brute-force oracle.
    let board_text = ".*...\n.....\n..*..\n.....\n...*.\n";
    let board = Board::parse(board_text).expect("a valid board");
    let expected_reserved = oracle::count(&board);
    folder.write(
        "cases/reserved/tiny.toml",
        &format!("board = \"\"\"\n{board_text}\"\"\"\nexpected = {expected_reserved}\n"),
    );
    folder.write("cases/empty/n05.toml", "n = 5\nexpected = 10\n");
    let implementations = ["cses/bitmask", "leetcode51/bitmask", "leetcode52/bitmask"];
    let (status, report, plot) = bench_json(
        &folder,
        &[
            "--sizes",
            "4..=5",
            "--impl",
            &implementations.join(","),
            "--cases",
            path_arg(&folder.path.join("cases")),
        ],
    );
    assert_eq!(status, Some(0), "{report}");
    assert_eq!(report["passed"], true);
    assert_eq!(report["release_build"], false, "a test run is the debug build, in place");
    assert_eq!(report["sizes"], serde_json::json!([4, 5]));
    assert_eq!(report["implementations"], serde_json::json!(implementations));
    assert_eq!(report["empty_boards"].as_array().map(Vec::len), Some(6));

    for implementation in implementations {
        for n in [4u64, 5] {
            let measurement = find(&report["empty_boards"], implementation, n);
            assert_eq!(measurement["status"], "measured", "{measurement}");
            assert_eq!(measurement["board"], "empty");
            let known = oracle::known_count(n as usize).expect("A000170");
            assert_eq!(measurement["expected"], known);
            assert_eq!(measurement["answer"], known, "{measurement}");
            let samples: Vec<u64> = measurement["samples_ns"]
                .as_array()
                .expect("every sample")
                .iter()
                .map(|sample| sample.as_u64().expect("nanoseconds"))
                .collect();
            assert!(samples.len() >= 5, "{measurement}");
            let median = measurement["median_ns"].as_u64().expect("a median");
            let (min, max) = (samples.iter().min().copied(), samples.iter().max().copied());
            assert_eq!((measurement["min_ns"].as_u64(), measurement["max_ns"].as_u64()), (min, max));
            assert!(min <= Some(median) && Some(median) <= max, "{measurement}");
            // Each problem has one implementation here, so each is its row's fastest.
            assert_eq!(measurement["ratio_to_fastest"], 1.0, "{measurement}");
        }
    }
    // The reserved board is timed for the CSES counter only; the empty-board case is not.
    let reserved = report["reserved_boards"].as_array().expect("reserved boards");
    assert_eq!(reserved.len(), 1, "{reserved:?}");
    assert_eq!(reserved[0]["implementation"], "cses/bitmask");
    assert_eq!(reserved[0]["board"], "reserved/tiny");
    assert_eq!(reserved[0]["status"], "measured");
    assert_eq!(reserved[0]["answer"], expected_reserved);

    assert!(report["plot"].as_str().is_some_and(|path| path.ends_with("empty-boards.svg")));
    let paths = well_formed_paths(&plot);
    assert_eq!(paths.len(), implementations.len(), "one path per implementation: {paths:?}");
    for implementation in implementations {
        let path = paths
            .iter()
            .find(|path| path.contains(&format!("data-implementation=\"{implementation}\"")))
            .unwrap_or_else(|| panic!("no path for {implementation}"));
        // A line through both sizes: a move, then a line.
        assert_eq!(path.matches('M').count() + path.matches('L').count(), 2, "{path}");
        assert!(plot.contains(&format!(">{implementation}</text>")), "{implementation} is in the legend");
    }
    assert!(plot.contains("time of one run") && plot.contains("µs"), "axes and ticks are labelled");
}

#[test]
fn a_wrong_answer_is_reported_and_never_shown_as_a_time() {
    let folder = TempFolder::new("bench-wrong");
    std::fs::create_dir_all(folder.path.join("cases")).expect("a cases folder");
    let cases = folder.path.join("cases");
    let (status, report, _) = bench_json(
        &folder,
        &[
            "--with-fixtures",
            "--sizes",
            "5",
            "--impl",
            "cses/broken-off-by-one,cses/bitmask",
            "--cases",
            path_arg(&cases),
        ],
    );
    assert_eq!(status, Some(1), "a wrong answer fails the run");
    assert_eq!(report["passed"], false);
    let wrong = find(&report["empty_boards"], "cses/broken-off-by-one", 5);
    assert_eq!(wrong["status"], "wrong_answer", "{wrong}");
    assert_eq!(wrong["answer"], "11");
    assert_eq!(wrong["detail"], "answered 11, expected 10");
    assert!(wrong.get("median_ns").is_none() && wrong["ratio_to_fastest"].is_null(), "{wrong}");
    assert_eq!(find(&report["empty_boards"], "cses/bitmask", 5)["status"], "measured");

    let plot_folder = folder.path.join("text-plot");
    let output = xtask(
        &[
            "bench",
            "--in-place",
            "--with-fixtures",
            "--sizes",
            "5",
            "--impl",
            "cses/broken-off-by-one",
            "--cases",
            path_arg(&cases),
            "--out",
            path_arg(&plot_folder),
        ],
        true,
    );
    let text = stdout_of(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(text.contains("WRONG ANSWER 11"), "{text}");
    assert!(
        text.contains(
            "WRONG ANSWER: cses/broken-off-by-one on the empty 5x5 board: answered 11, expected 10"
        ),
        "{text}"
    );
}

#[test]
fn wrong_leetcode_51_boards_are_reported_with_their_fault_and_never_shown_as_a_time() {
    let folder = TempFolder::new("bench-wrong-boards");
    std::fs::create_dir_all(folder.path.join("cases")).expect("a cases folder");
    let (status, report, _) = bench_json(
        &folder,
        &[
            "--with-fixtures",
            "--sizes",
            "4",
            "--impl",
            "leetcode51/broken-attacking-board,leetcode51/broken-drops-a-board",
            "--cases",
            path_arg(&folder.path.join("cases")),
        ],
    );
    assert_eq!(status, Some(1), "{report}");
    assert_eq!(report["passed"], false);
    // n = 4 has 2 boards (A000170); the first, .Q.. / ...Q / Q... / ..Q., gets its second queen
    // moved under the first.
    let attacking = find(&report["empty_boards"], "leetcode51/broken-attacking-board", 4);
    assert_eq!(attacking["status"], "wrong_answer", "{attacking}");
    assert_eq!(
        attacking["detail"],
        "board 1 of 2: queens at row 1, column 2 and row 2, column 2 attack along their column, expected 2"
    );
    let dropping = find(&report["empty_boards"], "leetcode51/broken-drops-a-board", 4);
    assert_eq!(dropping["status"], "wrong_answer", "{dropping}");
    assert_eq!(dropping["detail"], "1 boards, expected 2");
    for wrong in [attacking, dropping] {
        assert!(wrong.get("median_ns").is_none() && wrong["ratio_to_fastest"].is_null(), "{wrong}");
    }
}

#[test]
fn a_run_over_budget_is_killed_and_skipped_at_larger_sizes() {
    let folder = TempFolder::new("bench-budget");
    std::fs::create_dir_all(folder.path.join("cases")).expect("a cases folder");
    let (status, report, plot) = bench_json(
        &folder,
        &[
            "--with-fixtures",
            "--sizes",
            "4..=6",
            "--budget",
            "0.1",
            "--impl",
            "cses/broken-never-returns,cses/bitmask",
            "--cases",
            path_arg(&folder.path.join("cases")),
        ],
    );
    assert_eq!(status, Some(0), "over budget is a figure, not a failure: {report}");
    assert_eq!(report["budget_seconds"], 0.1);
    let killed = find(&report["empty_boards"], "cses/broken-never-returns", 4);
    assert_eq!(killed["status"], "over_budget", "{killed}");
    assert_eq!(killed["killed"], true);
    assert!(killed["ran_for_ns"].as_u64().is_some_and(|ns| ns >= 100_000_000), "{killed}");
    for n in [5, 6] {
        let skipped = find(&report["empty_boards"], "cses/broken-never-returns", n);
        assert_eq!(skipped["status"], "skipped", "{skipped}");
        assert_eq!(skipped["reason"], "over budget at n = 4");
        let measured = find(&report["empty_boards"], "cses/bitmask", n);
        assert_eq!(measured["status"], "measured");
        assert_eq!(measured["answer"], oracle::known_count(n as usize).expect("A000170"));
    }
    // The plot marks where the line stops, and still has one path per implementation.
    assert_eq!(well_formed_paths(&plot).len(), 2);
    assert!(plot.contains("cses/broken-never-returns n = 4: over budget"), "{plot}");
}
