//! The judge end to end, on cases written to a temporary folder: a wrong `expected`, a malformed
//! case file, and fixtures that panic, never return, eat memory, overflow the stack, or return
//! wrong boards are each reported, and none of them stops the other runs.

use serde_json::Value;

use crate::support::{path_arg, stderr_of, stdout_of, xtask, TempFolder};

fn verdict<'a>(report: &'a Value, implementation: &str, case: &str) -> (&'a str, &'a str) {
    let run = report["runs"]
        .as_array()
        .expect("runs")
        .iter()
        .find(|run| run["implementation"] == implementation && run["case"] == case)
        .unwrap_or_else(|| panic!("no run of {implementation} on {case}"));
    (run["verdict"].as_str().expect("verdict"), run["detail"].as_str().unwrap_or(""))
}

#[test]
fn every_failure_is_reported_and_none_stops_the_others() {
    let folder = TempFolder::new("failures");
    folder.write("good.toml", "n = 6\nexpected = 4\ntime_limit_ms = 300\nmemory_limit_mb = 64\n");
    folder.write("wrong-expected.toml", "n = 5\nexpected = 11\ntime_limit_ms = 300\nmemory_limit_mb = 64\n");
    folder.write("nested/malformed.toml", "n = 5\nexpected = 10\ncolour = \"red\"\n");
    let pattern = "cses/bitmask,cses/broken-*,leetcode51/bitmask,leetcode51/broken-*,leetcode52/erickson";
    let output = xtask(
        &[
            "judge",
            "--cases",
            path_arg(&folder.path),
            "--with-fixtures",
            "--impl",
            pattern,
            "--json",
            "--jobs",
            "2",
        ],
        true,
    );
    assert_eq!(output.status.code(), Some(1), "stderr: {}", stderr_of(&output));
    let report: Value = serde_json::from_str(&stdout_of(&output)).expect("JSON report");
    assert_eq!(report["passed"], false);

    let case_errors = report["case_errors"].as_array().expect("case errors");
    assert_eq!(case_errors.len(), 1);
    let message = case_errors[0].as_str().expect("a line");
    assert!(message.contains("malformed.toml: line 3, column 1: unknown field `colour`"), "{message}");

    assert_eq!(verdict(&report, "cses/bitmask", "good").0, "AC");
    assert_eq!(verdict(&report, "leetcode51/bitmask", "good").0, "AC");
    assert_eq!(verdict(&report, "leetcode52/erickson", "good").0, "AC");
    assert_eq!(verdict(&report, "cses/bitmask", "wrong-expected"), ("WA", "expected 11, got 10"));
    assert_eq!(verdict(&report, "leetcode52/erickson", "wrong-expected"), ("WA", "expected 11, got 10"));
    let (wa, detail) = verdict(&report, "leetcode51/bitmask", "wrong-expected");
    assert_eq!(wa, "WA");
    assert!(detail.contains("expected 11 boards, got 10"), "{detail}");

    let (re, detail) = verdict(&report, "cses/broken-panics", "good");
    assert_eq!(re, "RE");
    assert!(detail.contains("panicked: deliberate panic"), "{detail}");
    let (tle, detail) = verdict(&report, "cses/broken-never-returns", "good");
    assert_eq!(tle, "TLE");
    assert!(detail.starts_with("killed after"), "{detail}");
    assert_eq!(verdict(&report, "cses/broken-eats-memory", "good").0, "MLE");
    assert_eq!(verdict(&report, "cses/broken-overflows-stack", "good"), ("RE", "stack overflow"));
    assert_eq!(verdict(&report, "cses/broken-off-by-one", "good"), ("WA", "expected 4, got 5"));
    let (wa, detail) = verdict(&report, "leetcode51/broken-drops-a-board", "good");
    assert_eq!(wa, "WA");
    assert!(detail.contains("the set of boards is wrong") && detail.contains("missing: 1 board"), "{detail}");
    let (wa, detail) = verdict(&report, "leetcode51/broken-attacking-board", "good");
    assert_eq!(wa, "WA");
    assert!(
        detail.starts_with(
            "board 1 of 4: queens at row 1, column 2 and row 2, column 2 attack along their column"
        ),
        "{detail}"
    );

    // In CI nothing is written: the new cases' snapshots are reported, not created.
    assert_eq!(report["snapshots"]["good"]["status"], "failed");
    assert!(!folder.path.join("snapshots").exists());
    let reason = report["snapshots"]["wrong-expected"]["reason"].as_str().expect("reason");
    assert!(reason.contains("no snapshot yet"), "{reason}");
}

#[test]
fn a_new_case_gets_a_pending_snapshot_and_accept_records_it() {
    let folder = TempFolder::new("snapshots");
    folder.write(
        "reserved/corner.toml",
        "board = \"\"\"\n*....\n.....\n.....\n.....\n.....\n\"\"\"\nexpected = 8\n",
    );
    let cases = path_arg(&folder.path);
    let judge = |extra: &[&str]| {
        let mut args = vec!["judge", "--cases", cases, "--impl", "cses/bitmask,leetcode51/*"];
        args.extend_from_slice(extra);
        xtask(&args, false)
    };

    let first = judge(&[]);
    assert_eq!(first.status.code(), Some(1), "{}", stdout_of(&first));
    let pending = folder.path.join("snapshots/reserved__corner.snap.new");
    let text = std::fs::read_to_string(&pending).expect("a pending snapshot");
    assert!(text.starts_with("---\nsource: xtask/tests/it/snapshots.rs\n"), "{text}");
    assert!(
        text.contains("\n---\nn = 5, 1 reserved, 8 solutions, canonical order\n\nsolution 1\n*Q...\n"),
        "{text}"
    );
    assert!(stdout_of(&first).contains("snapshot reserved/corner: no snapshot yet; wrote"));

    let accepted = judge(&["--accept"]);
    assert_eq!(accepted.status.code(), Some(0), "{}", stdout_of(&accepted));
    assert!(!pending.exists());
    assert!(folder.path.join("snapshots/reserved__corner.snap").exists());

    let again = judge(&[]);
    assert_eq!(again.status.code(), Some(0), "{}", stdout_of(&again));
    let out = stdout_of(&again);
    assert!(out.contains("1 runs: 1 AC, 0 WA, 0 TLE, 0 MLE, 0 RE; snapshots: 1 of 1 match"), "{out}");

    // A snapshot edited by hand (a board removed) no longer matches `expected`.
    let path = folder.path.join("snapshots/reserved__corner.snap");
    let text = std::fs::read_to_string(&path).expect("snapshot");
    let cut = text.find("\n\nsolution 8").expect("eight boards");
    std::fs::write(&path, format!("{}\n", &text[..cut])).expect("edit");
    let edited = xtask(&["judge", "--cases", cases, "--impl", "cses/bitmask"], true);
    assert_eq!(edited.status.code(), Some(1));
    assert!(stdout_of(&edited).contains("it holds 7 boards where `expected` is 8"), "{}", stdout_of(&edited));

    // Two boards swapped: the same set, but not the canonical drawing that `cargo test` holds it to.
    let mut solutions: Vec<String> = text.split("\n\nsolution ").map(str::to_string).collect();
    let (first, second) = (
        solutions[1].split_once('\n').expect("title").1.to_string(),
        solutions[2].split_once('\n').expect("title").1.to_string(),
    );
    solutions[1] = format!("1\n{second}");
    solutions[2] = format!("2\n{first}");
    std::fs::write(&path, solutions.join("\n\nsolution ")).expect("edit");
    let swapped = xtask(&["judge", "--cases", cases, "--impl", "cses/bitmask"], true);
    assert_eq!(swapped.status.code(), Some(1));
    assert!(stdout_of(&swapped).contains("its boards are not in canonical order"), "{}", stdout_of(&swapped));
}

#[test]
fn the_table_shows_cases_down_and_implementations_across() {
    let folder = TempFolder::new("table");
    folder.write("n4.toml", "n = 4\nexpected = 2\n");
    folder.write("n5.toml", "n = 5\nexpected = 10\n");
    let output = xtask(
        &[
            "judge",
            "--cases",
            path_arg(&folder.path),
            "--impl",
            "cses/hashset,cses/bitmask,leetcode52/*",
            "--accept",
        ],
        false,
    );
    assert_eq!(output.status.code(), Some(0), "{}", stdout_of(&output));
    let text = stdout_of(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("CSES 1624"), "{text}");
    assert!(
        lines[1].starts_with("case") && lines[1].contains("hashset") && lines[1].contains("bitmask"),
        "{text}"
    );
    assert!(lines[3].starts_with("n4") && lines[3].matches("AC ").count() == 2, "{text}");
    assert!(text.contains("10 runs: 10 AC, 0 WA, 0 TLE, 0 MLE, 0 RE"), "{text}");
    assert!(!text.contains('\x1b'), "no colour when stdout is not a terminal");
}

#[test]
fn list_prints_every_implementation_once() {
    let output = xtask(&["list"], false);
    assert_eq!(output.status.code(), Some(0));
    let text = stdout_of(&output);
    let ids: Vec<&str> = text.lines().collect();
    for expected in ["cses/hashset", "cses/fastest", "leetcode51/erickson", "leetcode52/safety_mark"] {
        assert!(ids.contains(&expected), "{expected} missing from {ids:?}");
    }
    let mut unique = ids.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), ids.len());
    assert!(ids.iter().all(|id| !id.contains("broken")));
}

#[test]
fn new_case_counts_with_the_oracle_and_writes_nothing_on_error() {
    let folder = TempFolder::new("new-case");
    let board = folder.write(
        "board.txt",
        "........\n........\n..*.....\n........\n........\n.....**.\n...*....\n........\n",
    );
    let cases = folder.path.join("cases");
    let cases_arg = path_arg(&cases);
    let output =
        xtask(&["new-case", "cses/sample", "--board", path_arg(&board), "--cases", cases_arg], false);
    assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
    let written = std::fs::read_to_string(cases.join("cses/sample.toml")).expect("written");
    assert!(written.ends_with("expected = 65\n"), "{written}");

    let again = xtask(&["new-case", "cses/sample", "--n", "8", "--cases", cases_arg], false);
    assert_eq!(again.status.code(), Some(1));
    assert!(stderr_of(&again).contains("already exists (pass --force to replace it)"));

    let bad = folder.write("bad.txt", "....\n..x.\n");
    let rejected = xtask(&["new-case", "bad", "--board", path_arg(&bad), "--cases", cases_arg], false);
    assert_eq!(rejected.status.code(), Some(1));
    assert_eq!(
        stderr_of(&rejected).trim(),
        format!("error: {}: line 2, column 3: unknown character 'x': expected `.` or `*`", bad.display())
    );
    assert!(!cases.join("bad.toml").exists());

    let usage = xtask(&["new-case", "n99", "--n", "nine", "--cases", cases_arg], false);
    assert_eq!(usage.status.code(), Some(2));
    assert!(stderr_of(&usage).starts_with("error: --n `nine`: expected a whole number\n"));
}
