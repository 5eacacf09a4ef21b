//! `cargo xtask judge` end to end: every failure kind in one run over a temporary cases folder with
//! the broken fixtures, the repository's cases (each problem's table holding its own inputs only,
//! an 8 x 8-only solution judged on 8 x 8 boards only), a cases folder that is not only cases and is
//! never written to without `--accept`, the snapshot flow (never through a linked snapshot folder),
//! the text table and its colours (what a program wrote shown escaped, so that only the judge's
//! colours reach the terminal), and CPU time verdicts on a busy machine. The implementations come
//! from `cargo xtask list`.

use std::collections::{BTreeMap, BTreeSet};

use checker::{oracle, Board, Placement};
use serde_json::Value;

use crate::support::{
    cases_in, list, path_arg, problem_ids, repository_cases, run_of, runs, sides_cases_in, strings, table,
    verdict, workspace_root, xtask, BusyLoops, CaseFile, Listed, TempFolder, BOARD_PROBLEMS, PROBLEMS,
};

/// The CSES 1624 sample board.
const SAMPLE: &str = "........\n........\n..*.....\n........\n........\n.....**.\n...*....\n........\n";

/// A case file of `board` (CSES text) whose `expected` is the oracle's count, with tight limits.
fn board_case(board: &str, limits: &str) -> String {
    let expected = oracle::count(&Board::parse(board).expect("a valid board"));
    format!("board = \"\"\"\n{board}\"\"\"\nexpected = {expected}\n{limits}")
}

/// Whether `problem` takes `case` as an input: 8 x 8 boards for CSES 1624, every board for
/// queens, empty boards for LeetCode.
fn admits(problem: &str, case: &CaseFile) -> bool {
    match problem {
        "cses1624" => case.board.n() == 8,
        "queens" => true,
        // POJ 3239 takes sides, UVa 11195 several boards, AOJ ALDS1_13_A placed queens: never a
        // board alone.
        "poj3239" | "uva11195" | "aoj-alds1-13-a" => false,
        _ => case.board.reserved_count() == 0,
    }
}

fn sorted(mut items: Vec<String>) -> Vec<String> {
    items.sort();
    items
}

/// Checks what every report holds whatever its runs: the schema, totals that add up to the runs,
/// one process per (implementation, case) for CSES and `queens`, and per (implementation,
/// problem) for LeetCode, with one more for each test that ran in a new process, every run in
/// its table's rows and columns.
fn check_report_shape(report: &Value) {
    assert_eq!(report["schema_version"], 9);
    let all = runs(report);
    let totals = report["totals"].as_object().expect("totals");
    assert_eq!(
        totals.keys().cloned().collect::<BTreeSet<_>>(),
        ["AC", "CE", "MLE", "OLE", "RE", "TLE", "WA"].map(String::from).into_iter().collect()
    );
    for (label, count) in totals {
        let counted = all.iter().filter(|run| run["verdict"] == label.as_str()).count();
        assert_eq!(count.as_u64(), Some(counted as u64), "totals[{label}]");
    }
    let leetcode =
        |run: &&Value| run["problem"].as_str().is_some_and(|problem| problem.starts_with("leetcode"));
    let alone: BTreeSet<(String, String)> = all
        .iter()
        .filter(|run| !leetcode(run) && run["verdict"] != "CE")
        .map(|run| (run["implementation"].to_string(), run["case"].to_string()))
        .collect();
    let sessions: BTreeSet<(String, String)> = all
        .iter()
        .filter(|run| leetcode(run) && run["verdict"] != "CE")
        .map(|run| (run["implementation"].to_string(), run["problem"].to_string()))
        .collect();
    let restarts = all.iter().filter(|run| run["new_process"] == true).count();
    assert_eq!(
        report["processes"].as_u64(),
        Some((alone.len() + sessions.len() + restarts) as u64),
        "one process per CSES pair, per LeetCode session, and per restart"
    );
    for problem in report["problems"].as_array().expect("problems") {
        assert!(PROBLEMS.contains(&problem["problem"].as_str().expect("an id")), "{}", problem["problem"]);
        assert!(problem["title"].as_str().is_some_and(|title| !title.is_empty()));
        let implementations = strings(&problem["implementations"]);
        let cases: Vec<&str> = problem["cases"]
            .as_array()
            .expect("cases")
            .iter()
            .map(|case| case["id"].as_str().expect("id"))
            .collect();
        for case in problem["cases"].as_array().expect("cases") {
            assert!(case["time_limit_ms"].as_u64().is_some_and(|ms| ms > 0), "{case}");
            assert!(case["memory_limit_mb"].as_u64().is_some_and(|mb| mb > 0), "{case}");
            assert!(case["scope"] == "within" || case["scope"] == "beyond", "{case}");
        }
        for run in problem["runs"].as_array().expect("runs") {
            assert_eq!(run["problem"], problem["problem"]);
            assert!(
                implementations.contains(&run["implementation"].as_str().expect("id").to_string()),
                "{run}"
            );
            assert!(cases.contains(&run["case"].as_str().expect("case")), "{run}");
            assert!(run["expected"].is_u64(), "{run}");
        }
    }
}

#[test]
fn every_failure_kind_is_reported_in_one_run_and_none_stops_the_others() {
    let folder = TempFolder::new("failures");
    let limits = "time_limit_ms = 300\nmemory_limit_mb = 64\n";
    folder.write("good.toml", &format!("n = 6\nexpected = 4\n{limits}"));
    folder.write("wrong-expected.toml", &format!("n = 5\nexpected = 11\n{limits}"));
    folder.write("sample8.toml", &board_case(SAMPLE, limits));
    // broken-slow-on-one-board spins on boards whose first square is reserved.
    let corner = format!("*{}", &SAMPLE[1..]);
    folder.write("corner8.toml", &board_case(&corner, limits));
    folder.write("nested/malformed.toml", "n = 5\nexpected = 10\ncolour = \"red\"\n");
    let before = folder.listing();

    let ran =
        xtask(&["judge", "--cases", folder.arg(), "--with-fixtures", "--json", "--jobs", "2"]).ci().run();
    ran.expect_code(1);
    let report = ran.json();
    check_report_shape(&report);
    assert_eq!(report["passed"], false);

    // The malformed file is one line naming the file and the place, and the other cases still run.
    let case_errors = strings(&report["case_errors"]);
    assert_eq!(case_errors.len(), 1, "{case_errors:?}");
    let line = &case_errors[0];
    assert!(!line.contains('\n'), "{line}");
    assert!(line.contains("malformed.toml: line 3, column 1: unknown field `colour`"), "{line}");
    let judged: BTreeSet<&str> =
        runs(&report).iter().map(|run| run["case"].as_str().expect("case")).collect();
    assert_eq!(judged, BTreeSet::from(["corner8", "good", "sample8", "wrong-expected"]));

    // Every real implementation: AC where the case is right, the WA the wrong `expected` earns.
    let cases: Vec<(String, CaseFile)> =
        cases_in(&folder.path).into_iter().filter(|(id, _)| id != "nested/malformed").collect();
    let real = list(false);
    for implementation in &real {
        for problem in &implementation.problems {
            for (id, case) in cases.iter().filter(|(_, case)| admits(problem, case)) {
                let run = run_of(&report, problem, &implementation.id, id);
                let (verdict, detail) = verdict(run);
                assert_eq!(run["expected"], case.expected, "{run}");
                if id == "wrong-expected" {
                    assert_eq!(verdict, "WA", "{run}");
                    if problem == "leetcode51" {
                        assert!(detail.contains("expected 11 boards, got 10"), "{run}");
                    } else {
                        assert_eq!(detail, "expected 11, got 10", "{run}");
                    }
                    assert_eq!(run["received"], 10);
                    // Right boards, one fewer than the case says: wrong in the number alone.
                    assert_eq!(run["wrong_number"], true, "{run}");
                } else {
                    assert_eq!(verdict, "AC", "{run}");
                    assert_eq!(run["wrong_number"], false, "{run}");
                    assert_eq!(run["received"], run["expected"], "{run}");
                }
                assert!(run["cpu_time_ns"].is_u64() && run["wall_time_ns"].is_u64(), "{run}");
                assert!(run["peak_memory_bytes"].as_u64().is_some_and(|bytes| bytes > 0), "{run}");
            }
        }
    }
    // No implementation is judged on a problem it does not solve: the 8 x 8-only one has no queens
    // column, and runs on the 8 x 8 boards only.
    for run in runs(&report) {
        let id = run["implementation"].as_str().expect("id");
        if let Some(listed) = real.iter().find(|listed| listed.id == id) {
            assert!(listed.solves(run["problem"].as_str().expect("problem")), "{run}");
        }
    }

    let fixture = |id: &str, case: &str| verdict(run_of(&report, "queens", id, case));
    let (re, detail) = fixture("cses/broken-panics", "good");
    assert_eq!(re, "RE");
    assert!(
        detail.starts_with("panicked at crates/judge-core/src/registry.rs:")
            && detail.contains("deliberate panic"),
        "{detail}"
    );
    assert!(!detail.contains('\n'), "{detail}");
    for case in ["good", "wrong-expected", "sample8", "corner8"] {
        let (tle, detail) = fixture("cses/broken-never-returns", case);
        assert_eq!(tle, "TLE", "{case}: {detail}");
        assert!(detail.contains("CPU time"), "{detail}");
        let (mle, detail) = fixture("cses/broken-eats-memory", case);
        assert_eq!(mle, "MLE", "{case}: {detail}");
        assert!(detail.starts_with("over the 64 MB limit"), "{detail}");
        assert_eq!(fixture("cses/broken-overflows-stack", case), ("RE", "stack overflow"));
        assert_eq!(fixture("cses/broken-panics", case).0, "RE");
    }
    assert_eq!(fixture("cses/broken-off-by-one", "good"), ("WA", "expected 4, got 5"));
    // A counter's run on an 8 x 8 board serves both counting tables, with the same verdict.
    for (id, case) in [("cses/broken-slow-on-one-board", "corner8"), ("cses/broken-off-by-one", "sample8")] {
        let cses = run_of(&report, "cses1624", id, case);
        let queens = run_of(&report, "queens", id, case);
        assert_eq!((&cses["verdict"], &cses["cpu_time_ns"]), (&queens["verdict"], &queens["cpu_time_ns"]));
    }
    assert_eq!(fixture("cses/broken-slow-on-one-board", "corner8").0, "TLE");
    assert_eq!(fixture("cses/broken-slow-on-one-board", "sample8").0, "AC");
    assert_eq!(fixture("cses/broken-ignores-last-row-reserved", "sample8").0, "AC");

    // LeetCode 51: the missing board is drawn, and it is a right board of the empty 6 x 6.
    let (wa, detail) = verdict(run_of(&report, "leetcode51", "leetcode51/broken-drops-a-board", "good"));
    assert_eq!(wa, "WA");
    assert!(detail.starts_with("the set of boards is wrong:\nmissing: 1 board\n"), "{detail}");
    assert!(!detail.contains("extra"), "{detail}");
    let drawn: Vec<&str> = detail.lines().skip(2).map(str::trim).filter(|row| !row.is_empty()).collect();
    let missing = Placement::from_strings(&drawn).unwrap_or_else(|error| panic!("{error}: {detail}"));
    assert_eq!(checker::check(&Board::empty(6).expect("6 x 6"), &missing), Ok(()), "{detail}");
    // The board that breaks the rules names the squares, then is drawn.
    let (wa, detail) = verdict(run_of(&report, "leetcode51", "leetcode51/broken-attacking-board", "good"));
    assert_eq!(wa, "WA");
    let lines: Vec<&str> = detail.lines().collect();
    assert_eq!(
        lines[0], "board 1 of 4: queens at row 1, column 2 and row 2, column 2 attack along their column",
        "{detail}"
    );
    assert_eq!(
        lines[1..].iter().map(|row| row.trim()).collect::<Vec<_>>(),
        [".Q....", ".Q....", ".....Q", "Q.....", "..Q...", "....Q."]
    );

    // In CI nothing is written: the snapshots are reported, not created.
    assert_eq!(folder.listing(), before);
    // Only LeetCode 51's cases (empty boards) keep snapshots: the count cases need none.
    let snapshots = report["snapshots"].as_object().expect("snapshots");
    assert_eq!(snapshots.keys().map(String::as_str).collect::<Vec<_>>(), ["good", "wrong-expected"]);
    assert_eq!(snapshots["good"]["status"], "failed");
    let reason = snapshots["good"]["reason"].as_str().expect("a reason");
    assert!(reason.ends_with("no snapshot yet (nothing was written)"), "{reason}");
    let reason = snapshots["wrong-expected"]["reason"].as_str().expect("a reason");
    assert!(reason.contains("the brute-force oracle finds 10 solutions where `expected` is 11"), "{reason}");
}

#[test]
fn an_8x8_only_solution_is_judged_on_the_8x8_cases_only_and_passes_them() {
    let listed = list(false);
    let fixed_board =
        listed.iter().find(|entry| entry.id == "cses/fixed_board").expect("cses/fixed_board is listed");
    assert_eq!(fixed_board.problems, ["cses1624"], "it answers 8 x 8 boards only");

    let ran = xtask(&["judge", "--impl", "cses/fixed_board", "--json", "--jobs", "2"]).ci().run();
    ran.expect_code(0);
    let report = ran.json();
    check_report_shape(&report);
    assert_eq!(report["passed"], true);
    let tables = problem_ids(&report);
    assert_eq!(tables, ["cses1624"], "judged in the CSES 1624 table only");
    let cses = table(&report, "cses1624").expect("the CSES 1624 table");
    assert_eq!(strings(&cses["implementations"]), ["cses/fixed_board"]);

    let eight_by_eight: Vec<String> = cases_in(&repository_cases())
        .into_iter()
        .filter(|(_, case)| case.board.n() == 8)
        .map(|(id, _)| id)
        .collect();
    assert!(eight_by_eight.len() >= 3, "{eight_by_eight:?}");
    let listed_cases: Vec<String> = cses["cases"]
        .as_array()
        .expect("cases")
        .iter()
        .map(|case| case["id"].as_str().expect("id").to_string())
        .collect();
    assert_eq!(sorted(listed_cases), sorted(eight_by_eight.clone()));
    let judged: Vec<String> =
        runs(&report).iter().map(|run| run["case"].as_str().expect("case").to_string()).collect();
    assert_eq!(sorted(judged), sorted(eight_by_eight));
    for run in runs(&report) {
        assert_eq!(verdict(run), ("AC", ""), "{run}");
        assert_eq!(run["scope"], "within");
    }
}

/// POJ 3239's table of the repository's cases: its cases of sides, the construction AC on every
/// one, each search AC where it is run. On the whole range, `poj/all`, the searches are too slow:
/// without `--slow` they are left out of it (and said to be, with their reach), with it each is an
/// expected TLE.
fn check_poj_table(report: &Value, sides_cases: &[String], slow: bool) {
    let table = table(report, "poj3239").expect("a POJ 3239 table");
    let listed: BTreeSet<String> = table["cases"]
        .as_array()
        .expect("cases")
        .iter()
        .map(|case| case["id"].as_str().expect("id").to_string())
        .collect();
    assert_eq!(listed, sides_cases.iter().cloned().collect::<BTreeSet<String>>());
    assert!(listed.contains("poj/all"), "{listed:?}");
    let left_out: Vec<(String, String, u64)> = report["slow_runs_left_out"]
        .as_array()
        .expect("slow_runs_left_out")
        .iter()
        .map(|run| {
            assert_eq!(run["problem"], "poj3239", "{run}");
            let reach = run["reach"].as_u64().expect("a reach");
            assert!(reach < run["largest_side"].as_u64().expect("a side"), "{run}");
            (
                run["implementation"].as_str().expect("id").to_string(),
                run["case"].as_str().expect("case").to_string(),
                reach,
            )
        })
        .collect();
    let searches = ["poj3239/bitmask", "poj3239/erickson"];
    if slow {
        assert_eq!(left_out, Vec::new());
    } else {
        let ids: Vec<(&str, &str)> =
            left_out.iter().map(|(id, case, _)| (id.as_str(), case.as_str())).collect();
        assert_eq!(ids, searches.map(|search| (search, "poj/all")));
        let note = strings(&report["notes"]).join("\n");
        assert!(note.contains("poj3239/bitmask on poj/all") && note.contains("--slow"), "{note}");
    }
    for case in &listed {
        let construction = run_of(report, "poj3239", "poj3239/construction", case);
        assert_eq!(verdict(construction), ("AC", ""), "{construction}");
        for search in searches {
            if case == "poj/all" && !slow {
                let runs = table["runs"].as_array().expect("runs");
                assert!(!runs.iter().any(|run| run["implementation"] == search && run["case"] == "poj/all"));
                continue;
            }
            let run = run_of(report, "poj3239", search, case);
            let tle = verdict(run).0 == "TLE";
            assert!(verdict(run) == ("AC", "") || (tle && run["expected_tle"] == true), "{run}");
            if case == "poj/all" {
                assert!(tle, "{search} is too slow for every n from 8 to 300: {run}");
            }
        }
    }
}

#[test]
fn the_searches_run_out_their_time_on_pojs_whole_range_with_slow() {
    let ran = xtask(&["judge", "--json", "--jobs", "2", "--problem", "poj3239", "--slow"]).ci().run();
    ran.expect_code(0);
    let report = ran.json();
    check_report_shape(&report);
    assert_eq!(report["passed"], true, "an expected TLE fails nothing");
    check_poj_table(&report, &sides_cases_in(&repository_cases()), true);
    let text = xtask(&["judge", "--problem", "poj3239", "--slow"]).ci().run();
    text.expect_code(0);
    assert!(text.stdout.contains("expected: a search shown to be too slow"), "{}", text.stdout);
}

#[test]
fn the_repository_cases_are_all_ac_and_each_table_holds_its_own_inputs() {
    let listed = list(false);
    let cases = cases_in(&repository_cases());
    let ran = xtask(&["judge", "--json", "--jobs", "2"]).ci().run();
    ran.expect_code(0);
    let report = ran.json();
    check_report_shape(&report);
    assert_eq!(report["passed"], true);
    assert_eq!(strings(&report["case_errors"]), Vec::<String>::new());
    for (id, snapshot) in report["snapshots"].as_object().expect("snapshots") {
        assert_eq!(snapshot["status"], "matches", "{id}");
    }
    // POJ 3239's searches, too slow on its whole range, are left out of it (`--slow` runs them).
    for run in runs(&report) {
        assert_eq!(verdict(run), ("AC", ""), "{run}");
    }

    let tables = problem_ids(&report);
    let solved: Vec<&str> =
        PROBLEMS.into_iter().filter(|problem| listed.iter().any(|entry| entry.solves(problem))).collect();
    assert_eq!(tables, solved);
    check_poj_table(&report, &sides_cases_in(&repository_cases()), false);
    for problem in solved.into_iter().filter(|problem| BOARD_PROBLEMS.contains(problem)) {
        let table = table(&report, problem).expect("a table");
        let implementations: Vec<String> =
            listed.iter().filter(|entry| entry.solves(problem)).map(|entry| entry.id.clone()).collect();
        assert_eq!(strings(&table["implementations"]), implementations, "{problem}: in `list` order");
        let admitted: BTreeMap<&str, &CaseFile> = cases
            .iter()
            .filter(|(_, case)| admits(problem, case))
            .map(|(id, case)| (id.as_str(), case))
            .collect();
        assert!(!admitted.is_empty(), "{problem}");
        let listed_cases: BTreeMap<&str, &Value> = table["cases"]
            .as_array()
            .expect("cases")
            .iter()
            .map(|case| (case["id"].as_str().expect("id"), case))
            .collect();
        assert_eq!(listed_cases.keys().collect::<Vec<_>>(), admitted.keys().collect::<Vec<_>>(), "{problem}");
        for (id, case) in &admitted {
            // LeetCode's constraint is 1 <= n <= 9: larger boards are judged all the same, as beyond it.
            let beyond = problem.starts_with("leetcode") && case.board.n() > 9;
            assert_eq!(listed_cases[id]["scope"], if beyond { "beyond" } else { "within" }, "{problem} {id}");
            for implementation in &implementations {
                let run = run_of(&report, problem, implementation, id);
                assert_eq!(run["scope"], listed_cases[id]["scope"]);
                assert_eq!(run["expected"], case.expected, "{run}");
            }
        }
        assert_eq!(
            table["runs"].as_array().expect("runs").len(),
            admitted.len() * implementations.len(),
            "{problem}: one run per case and implementation"
        );
    }
    assert!(
        cases.iter().any(|(_, case)| case.board.reserved_count() == 0 && case.board.n() > 9),
        "the repository has a LeetCode case beyond n = 9"
    );
}

#[test]
fn a_cases_folder_that_is_not_only_cases_is_judged_and_written_to_only_with_accept() {
    let folder = TempFolder::new("crate-folder");
    let manifest = std::fs::read_to_string(workspace_root().join("xtask/Cargo.toml")).expect("a manifest");
    folder.write("Cargo.toml", &manifest);
    folder.write("README.md", "# not a case\n");
    folder.write("src/main.rs", "fn main() {}\n");
    folder.write("cases/n6.toml", "n = 6\nexpected = 4\n");
    folder.write("corner.toml", &board_case("*....\n.....\n.....\n.....\n.....\n", ""));
    let before = folder.listing();

    // Outside CI, and still nothing is written: the folder is not the repository's.
    let ran = xtask(&["judge", "--cases", folder.arg(), "--json", "--jobs", "2"]).run();
    ran.expect_code(1);
    let report = ran.json();
    check_report_shape(&report);
    let case_errors = strings(&report["case_errors"]);
    assert_eq!(case_errors.len(), 1, "{case_errors:?}");
    assert!(case_errors[0].contains("Cargo.toml: line 1, column"), "{}", case_errors[0]);
    assert!(
        case_errors[0].contains("unknown field `package`") && !case_errors[0].contains('\n'),
        "{}",
        case_errors[0]
    );
    let judged: BTreeSet<&str> =
        runs(&report).iter().map(|run| run["case"].as_str().expect("case")).collect();
    assert_eq!(judged, BTreeSet::from(["cases/n6", "corner"]));
    assert!(runs(&report).iter().all(|run| run["verdict"] == "AC"), "{}", ran.stdout);
    assert_eq!(folder.listing(), before, "nothing is written without --accept");
    for (id, snapshot) in report["snapshots"].as_object().expect("snapshots") {
        assert_eq!(snapshot["status"], "failed", "{id}");
    }

    let accepted = xtask(&["judge", "--cases", folder.arg(), "--json", "--jobs", "2", "--accept"]).run();
    accepted.expect_code(1); // Cargo.toml is still no case file.
    let report = accepted.json();
    for (id, snapshot) in report["snapshots"].as_object().expect("snapshots") {
        assert_eq!(snapshot["status"], "accepted", "{id}");
    }
    let mut expected = before.clone();
    // The empty board's snapshot; the count case `corner` keeps none.
    expected.extend(["snapshots/", "snapshots/cases__n6.snap"].map(String::from));
    expected.sort();
    assert_eq!(folder.listing(), expected, "the snapshots, and nothing else, appear in DIR/snapshots");

    let again = xtask(&["judge", "--cases", folder.arg(), "--json", "--jobs", "2"]).run();
    for (id, snapshot) in again.json()["snapshots"].as_object().expect("snapshots") {
        assert_eq!(snapshot["status"], "matches", "{id}");
    }
    assert_eq!(folder.listing(), expected);
}

#[test]
fn a_new_case_gets_its_snapshot_with_accept_and_an_edited_one_is_caught() {
    let folder = TempFolder::new("snapshots");
    folder.write("empty/n5.toml", &board_case(".....\n.....\n.....\n.....\n.....\n", ""));
    let judge = |extra: &[&str]| {
        let mut args = vec!["judge", "--cases", folder.arg(), "--impl", "leetcode51/bitmask", "--jobs", "1"];
        args.extend_from_slice(extra);
        xtask(&args).run()
    };

    let first = judge(&[]);
    first.expect_code(1);
    assert!(
        first.stdout.contains("snapshot empty/n5: ")
            && first.stdout.contains("empty__n5.snap: no snapshot yet (nothing was written)"),
        "{first}"
    );
    assert!(!folder.path.join("snapshots").exists(), "{:?}", folder.listing());

    let accepted = judge(&["--accept"]);
    accepted.expect_code(0);
    assert!(accepted.stdout.contains("snapshot empty/n5: accepted, wrote "), "{accepted}");
    let path = folder.path.join("snapshots/empty__n5.snap");
    let text = std::fs::read_to_string(&path).expect("the accepted snapshot");
    assert!(text.starts_with("---\n"), "{text}");
    assert!(
        text.contains("\n---\nn = 5, 0 reserved, 10 solutions, canonical order\n\nsolution 1\nQ....\n"),
        "{text}"
    );
    assert_eq!(text.matches("\nsolution ").count(), 10, "{text}");
    assert!(!folder.listing().iter().any(|file| file.ends_with(".snap.new") || file.contains(".tmp")));

    let again = judge(&[]);
    again.expect_code(0);
    assert!(again.stdout.contains("snapshots: 1 of 1 match"), "{again}");

    // A snapshot edited by hand (a board removed) no longer holds the oracle's boards; nothing is
    // written over it, in CI or not.
    let cut = text.find("\n\nsolution 10").expect("ten boards");
    let edited = format!("{}\n", &text[..cut]);
    std::fs::write(&path, &edited).expect("edit");
    let args = ["judge", "--cases", folder.arg(), "--impl", "leetcode51/bitmask", "--jobs", "1"];
    for run in [xtask(&args).run(), xtask(&args).ci().run()] {
        run.expect_code(1);
        assert!(run.stdout.contains("empty__n5.snap: does not hold the oracle's boards"), "{run}");
        assert_eq!(std::fs::read_to_string(&path).expect("kept"), edited);
    }
    // Two boards swapped: the same set, but not the canonical drawing.
    let mut solutions: Vec<String> = text.split("\n\nsolution ").map(str::to_string).collect();
    let (one, two) = (
        solutions[1].split_once('\n').expect("a title").1.to_string(),
        solutions[2].split_once('\n').expect("a title").1.to_string(),
    );
    solutions[1] = format!("1\n{two}");
    solutions[2] = format!("2\n{one}");
    std::fs::write(&path, solutions.join("\n\nsolution ")).expect("edit");
    judge(&[]).expect_code(1);

    // CI never writes: --accept there is a usage error.
    let refused = xtask(&["judge", "--cases", folder.arg(), "--accept"]).ci().run();
    assert_eq!(refused.usage_error(), "error: --accept: CI never writes snapshots (CI is set)");
    // --accept puts it right.
    judge(&["--accept"]).expect_code(0);
    assert_eq!(std::fs::read_to_string(&path).expect("rewritten"), text);
}

/// The blocks of the text report, split at blank lines.
fn blocks(text: &str) -> Vec<Vec<&str>> {
    text.split("\n\n")
        .map(|block| block.lines().collect::<Vec<_>>())
        .filter(|block| !block.is_empty())
        .collect()
}

#[test]
fn the_table_shows_cases_down_and_implementations_across_in_colour_only_when_asked() {
    let folder = TempFolder::new("table");
    folder.write("n4.toml", "n = 4\nexpected = 2\n");
    folder.write("n5.toml", "n = 5\nexpected = 10\n");
    let listed = list(false);
    let ran = xtask(&["judge", "--cases", folder.arg(), "--accept", "--jobs", "2"]).run();
    ran.expect_code(0);
    let text = &ran.stdout;
    assert!(!text.contains('\x1b'), "no colour when stdout is not a terminal: {text:?}");

    // A table per problem with an implementation and a case: queens, LeetCode 51 and 52 (no 8 x 8
    // board, so no CSES 1624 table, and no column for a solution of 8 x 8 boards only).
    let blocks = blocks(text);
    let problems: Vec<&str> = ["queens", "leetcode51", "leetcode52"]
        .into_iter()
        .filter(|problem| listed.iter().any(|entry| entry.solves(problem)))
        .collect();
    assert!(blocks.len() > problems.len(), "{text}");
    let mut verdicts = 0;
    let mut processes = 0;
    for (block, problem) in blocks.iter().zip(&problems) {
        let columns: Vec<&Listed> = listed.iter().filter(|entry| entry.solves(problem)).collect();
        let title = match *problem {
            "queens" => "queens: ",
            "leetcode51" => "LeetCode 51 ",
            _ => "LeetCode 52 ",
        };
        assert!(block[0].starts_with(title), "{text}");
        let header: Vec<&str> = block[1].split_whitespace().collect();
        let names: Vec<&str> = columns.iter().map(|entry| entry.name()).collect();
        assert_eq!(header[0], "case", "{text}");
        assert_eq!(header[1..], names[..], "{text}");
        assert!(block[2].chars().all(|c| c == '-' || c == ' '), "{text}");
        for (row, case) in block[3..].iter().zip(["n4", "n5"]) {
            let cells: Vec<&str> = row.split("  ").map(str::trim).filter(|cell| !cell.is_empty()).collect();
            assert_eq!(cells[0], case, "{text}");
            assert_eq!(cells.len(), columns.len() + 1, "{row}");
            assert!(cells[1..].iter().all(|cell| cell.starts_with("AC ")), "{row}");
        }
        assert_eq!(block.len(), 5, "{text}");
        verdicts += 2 * columns.len();
        // LeetCode runs an implementation's two cases in one process; the others one each.
        processes += if problem.starts_with("leetcode") { columns.len() } else { 2 * columns.len() };
    }
    let only_8x8: Vec<&Listed> = listed.iter().filter(|entry| entry.problems == ["cses1624"]).collect();
    for entry in only_8x8 {
        assert!(!text.contains(entry.name()), "{} has no 8 x 8 case here: {text}", entry.id);
    }
    let summary = format!(
        "{verdicts} verdicts from {processes} runs: {verdicts} AC, 0 WA, 0 TLE, 0 MLE, 0 RE, 0 OLE, 0 CE; \
         snapshots: 2 of 2 match; case files: 0 unreadable"
    );
    assert!(text.lines().any(|line| line == summary), "expected `{summary}` in:\n{text}");

    // Colour is the terminal's choice, CLICOLOR_FORCE's and NO_COLOR's.
    let forced =
        xtask(&["judge", "--cases", folder.arg(), "--jobs", "2"]).ci().env("CLICOLOR_FORCE", "1").run();
    forced.expect_code(0);
    assert!(forced.stdout.contains("\x1b[32mAC "), "green AC cells: {:?}", forced.stdout);
    let plain = xtask(&["judge", "--cases", folder.arg(), "--jobs", "2"]).ci().env("NO_COLOR", "1").run();
    plain.expect_code(0);
    assert!(!plain.stdout.contains('\x1b'), "{:?}", plain.stdout);
    // The same report, but for the accepted snapshots' lines (and the blank line before them).
    assert_eq!(plain.stdout.lines().count() + 3, text.lines().count(), "{}\n{text}", plain.stdout);
}

#[test]
fn cpu_time_verdicts_stay_ac_on_a_busy_machine() {
    let _busy = BusyLoops::start(3);
    let ran = xtask(&["judge", "--case", "cses/sample,empty/n10", "--jobs", "2", "--json"]).ci().run();
    ran.expect_code(0);
    let report = ran.json();
    assert_eq!(report["passed"], true);
    let judged: BTreeSet<&str> =
        runs(&report).iter().map(|run| run["case"].as_str().expect("case")).collect();
    assert_eq!(judged, BTreeSet::from(["cses/sample", "empty/n10"]));
    for run in runs(&report) {
        assert_eq!(verdict(run), ("AC", ""), "{run}");
    }
}

/// The first escape sequence in `text` that is not an SGR colour (`ESC [`, digits and `;`, then
/// `m`), with what follows it; `None` when every ESC starts one.
fn foreign_escape(text: &str) -> Option<String> {
    text.match_indices('\x1b')
        .map(|(at, _)| &text[at..])
        .find(|sequence| {
            let is_sgr = sequence.strip_prefix("\x1b[").is_some_and(|rest| {
                rest.trim_start_matches(|c: char| c.is_ascii_digit() || c == ';').starts_with('m')
            });
            !is_sgr
        })
        .map(|sequence| sequence.chars().take(24).collect())
}

/// A CSES program that clears the screen and writes "hi" to the clipboard (OSC 52) on stderr,
/// then a C1 CSI (U+009B, as UTF-8) and a window title (OSC 0), and fails.
const HOSTILE_STDERR: &str = r#"import sys
sys.stderr.buffer.write(b"\x1b[2J\x1b]52;c;aGk=\x07\n")
sys.stderr.buffer.write(b"\xc2\x9b2J\x1b]0;1 AC\x07\n")
sys.stderr.flush()
sys.exit(3)
"#;

#[test]
fn what_a_program_writes_reaches_the_text_report_escaped() {
    assert_eq!(foreign_escape("\x1b[1m\x1b[31mRE\x1b[0m"), None);
    assert_eq!(foreign_escape("ok \x1b[2J"), Some("\x1b[2J".to_string()));
    let folder = TempFolder::new("hostile-text");
    let cases = folder.path.join("cases");
    folder.write("cases/cses/sample.toml", &board_case(SAMPLE, ""));
    let program = folder.write("programs/loud.py", HOSTILE_STDERR);
    // A compile error whose message quotes its line, and the line holds an ESC and a BEL.
    let broken = folder.write("programs/broken.py", "title = = \"\x1b]0;1 AC\x07\"\n");
    let judge = |extra: &[&str]| {
        let mut args = vec!["judge", "--jobs", "2", "--cases", cases.to_str().expect("UTF-8")];
        args.extend_from_slice(extra);
        args.extend([program.to_str().expect("UTF-8"), broken.to_str().expect("UTF-8")]);
        xtask(&args)
    };

    // The JSON report keeps the exact text (JSON escapes it).
    let ran = judge(&["--json", "--accept"]).run();
    ran.expect_code(1);
    let report = ran.json();
    let (got, detail) = verdict(run_of(&report, "cses1624", "loud.py", "cses/sample"));
    assert_eq!(got, "RE", "{ran}");
    assert!(detail.contains("\x1b[2J\x1b]52;c;aGk=\x07"), "{detail:?}");
    assert!(detail.contains("\u{9b}2J\x1b]0;1 AC\x07"), "{detail:?}");
    assert_eq!(verdict(run_of(&report, "cses1624", "broken.py", "cses/sample")).0, "CE", "{ran}");

    // In colour, the only escape sequences are the judge's colours; without, there are none.
    let coloured = judge(&[]).ci().env("CLICOLOR_FORCE", "1").run();
    coloured.expect_code(1);
    let plain = judge(&[]).ci().env("NO_COLOR", "1").run();
    plain.expect_code(1);
    assert!(coloured.stdout.contains("\x1b[") && !plain.stdout.contains('\x1b'), "{coloured}\n{plain}");
    assert_eq!(foreign_escape(&coloured.stdout), None, "{:?}", coloured.stdout);
    for text in [&coloured.stdout, &plain.stdout] {
        let controls: Vec<char> =
            text.chars().filter(|&c| c.is_control() && c != '\n' && c != '\x1b').collect();
        assert_eq!(controls, Vec::<char>::new(), "{text:?}");
        assert!(text.contains(r"\x1b[2J\x1b]52;c;aGk=\x07"), "{text:?}");
        assert!(text.contains(r"\u{9b}2J\x1b]0;1 AC\x07"), "{text:?}");
    }
    assert!(plain.stdout.contains("CE broken.py:\n"), "{}", plain.stdout);
}

#[test]
fn accept_never_writes_a_snapshot_through_a_linked_folder() {
    let folder = TempFolder::new("accept-through-link");
    folder.write("n4.toml", "n = 4\nexpected = 2\n");
    let outside = TempFolder::new("accept-through-link-target");
    let link = folder.path.join("snapshots");
    std::os::unix::fs::symlink(&outside.path, &link).expect("link the snapshot folder out");
    let ran = xtask(&["judge", "--cases", folder.arg(), "--accept", "--jobs", "2", "--json"]).run();
    ran.expect_code(1);
    let report = ran.json();
    assert_eq!(report["case_errors"], serde_json::json!([]), "{ran}");
    assert_eq!(report["snapshots"]["n4"]["status"], "failed", "{ran}");
    assert_eq!(
        report["snapshots"]["n4"]["reason"],
        format!("{}: a symbolic link: refused (nothing was written)", link.display()),
        "{ran}"
    );
    assert!(runs(&report).iter().all(|run| run["verdict"] == "AC"), "{ran}");
    assert_eq!(outside.listing(), Vec::<String>::new(), "nothing is written where the link leads");
}

/// A learner's own test data, as CSES hands it out: all AC is exit 0 with nothing written (count
/// cases need no snapshot); a `.in` without its `.out` is judged against the oracle, and a wrong
/// `.out` is the data's fault, named with the oracle's count, while the run is judged right.
#[test]
fn test_data_needs_no_snapshot_and_is_held_to_the_oracle() {
    let folder = TempFolder::new("learner-tests");
    folder.write("1.in", SAMPLE);
    folder.write("1.out", "65\n");
    folder.write("2.in", &format!("*{}", &SAMPLE[1..]));
    let before = folder.listing();
    let judge = || xtask(&["judge", "--cases", folder.arg(), "--impl", "cses/bitmask", "--jobs", "2"]).run();
    let ran = judge();
    ran.expect_code(0);
    assert_eq!(folder.listing(), before, "nothing is written into the learner's folder");
    assert!(ran.stdout.contains("\n2 (oracle) "), "{ran}");
    assert!(ran.stdout.contains("(oracle): a test without its .out, or with a wrong one"), "{ran}");
    assert!(ran.stdout.contains("snapshots: 0 of 0 match"), "{ran}");
    let report = xtask(&["judge", "--cases", folder.arg(), "--impl", "cses/bitmask", "--json"]).run().json();
    let cases = &report["problems"][0]["cases"];
    assert_eq!(cases[0]["expected_from"], "test_data", "{cases}");
    assert_eq!(cases[1]["expected_from"], "oracle", "{cases}");
    let corner = Board::parse(&format!("*{}", &SAMPLE[1..])).expect("a board");
    assert_eq!(run_of(&report, "cses1624", "cses/bitmask", "2")["expected"], oracle::count(&corner));

    let out = folder.write("1.out", "64\n");
    let ran = judge();
    ran.expect_code(1);
    let line =
        format!("case file {}: wrong test data: it says 64, the oracle counts 65 on 1.in", out.display());
    assert!(ran.stdout.contains(&line), "{ran}");
    // Cells are right-aligned: how many spaces come before AC depends on the times in the column.
    let row = ran.stdout.lines().find_map(|line| line.strip_prefix("1 (oracle) "));
    assert!(row.is_some_and(|cells| cells.trim_start().starts_with("AC ")), "{ran}");
}

/// Under the tables, one line a file: its verdicts and the command that reruns its first failure;
/// a board is drawn once however many files fail on it; --fail-fast stops a file at its first
/// failure.
#[test]
fn each_file_gets_one_line_a_board_is_drawn_once_and_fail_fast_stops_a_file() {
    let folder = TempFolder::new("learner-lines");
    folder.write("1.in", SAMPLE);
    folder.write("2.in", &"........\n".repeat(8));
    let corpus = workspace_root().join("xtask/tests/corpus/cses");
    let (always_92, right) = (corpus.join("wrong_ignores_reserved.js"), corpus.join("right.py"));
    let mut args =
        vec!["judge", "--cases", folder.arg(), "--jobs", "1", path_arg(&always_92), path_arg(&right)];
    let ran = xtask(&args).run();
    ran.expect_code(1);
    // The file as the judge's user would type it, from where the judge ran.
    let here = std::env::current_dir().expect("a working folder");
    let shown = always_92.strip_prefix(&here).unwrap_or(&always_92).display().to_string();
    let rerun = format!(
        "wrong_ignores_reserved.js: 1 AC, 1 WA; first failure WA on 1: cargo xtask judge {shown} --cases {} --case =1",
        folder.arg()
    );
    assert!(ran.stdout.lines().any(|line| line == rerun), "expected `{rerun}` in {ran}");
    assert!(ran.stdout.lines().any(|line| line == "right.py: 2 AC"), "{ran}");
    // The sample is drawn with the first failure on it, and only there.
    assert_eq!(ran.stdout.matches("..*.....").count(), 1, "{ran}");

    // The same file twice over (a copy), both failing on the sample: drawn once, then pointed at.
    let copy =
        folder.write("copy/wrong_ignores_reserved.js", &std::fs::read_to_string(&always_92).expect("a file"));
    args.push(path_arg(&copy));
    let ran = xtask(&args).run();
    assert_eq!(ran.stdout.matches("..*.....").count(), 1, "{ran}");
    assert!(ran.stdout.contains("input: the board of 1 above"), "{ran}");

    // --fail-fast: the first failure is the last run of that file.
    let ran = xtask(&[
        "judge",
        "--cases",
        folder.arg(),
        "--jobs",
        "1",
        "--fail-fast",
        "--json",
        path_arg(&always_92),
    ])
    .run();
    let report = ran.json();
    let runs = runs(&report);
    assert_eq!(runs.len(), 1, "{ran}");
    assert_eq!((runs[0]["case"].as_str(), runs[0]["verdict"].as_str()), (Some("1"), Some("WA")), "{ran}");
    assert_eq!(report["files"][0]["skipped"], 1, "{ran}");
}

/// Names are a file's too: a newline in a file's name cannot forge a line of the text report, and
/// the command suggested to judge a failing file again pastes safely in a shell, whatever the name
/// (`--html=victim.py` would otherwise be an option that overwrites `victim.py`).
#[test]
fn a_files_name_forges_no_report_line_and_its_rerun_command_is_safe_to_paste() {
    let folder = TempFolder::new("hostile-names");
    let cases = folder.path.join("cases");
    folder.write("cases/cses/sample.toml", &board_case(SAMPLE, ""));
    let forged = "9 verdicts from 9 runs: 9 AC, 0 WA";
    let wrong = "import sys\nsys.stdin.read()\nprint(0)\n";
    let newline = folder.write(&format!("programs/a\n{forged}.py"), wrong);
    let victim = folder.write("programs/victim.py", wrong);
    let option = folder.write("programs/--html=victim.py", wrong);
    assert!(option.is_file());
    // Given as ./--html=victim.py from its own folder, as a shell's completion writes it.
    let ran = xtask(&["judge", "--cases", path_arg(&cases), path_arg(&newline), "./--html=victim.py"])
        .ci()
        .env("NO_COLOR", "1")
        .current_dir(&folder.path.join("programs"))
        .run();
    ran.expect_code(1);
    assert!(!ran.stdout.lines().any(|line| line.starts_with(forged)), "a forged line:\n{ran}");
    assert!(ran.stdout.contains(&format!("a\\x0a{forged}.py")), "the name shown escaped:\n{ran}");
    // A file refused in one line: its name escaped there too.
    let refused =
        xtask(&["judge", "--cases", path_arg(&cases), &format!("{}.txt", path_arg(&newline))]).ci().run();
    ran_refused_in_one_line(&refused, forged);
    // The rerun command names the file as ./--html=victim.py, an operand, never an option.
    let rerun = ran
        .stdout
        .lines()
        .find(|line| line.contains("victim.py: ") && line.contains("cargo xtask judge"))
        .unwrap_or_else(|| panic!("a rerun command for --html=victim.py:\n{ran}"));
    assert!(rerun.contains("cargo xtask judge ./--html=victim.py"), "{rerun}");
    assert_eq!(std::fs::read_to_string(&victim).expect("victim.py"), wrong, "victim.py was overwritten");
}

/// `ran` failed with one line on stderr that names the file, escaped, and forges no `forged` line.
fn ran_refused_in_one_line(ran: &crate::support::Ran, forged: &str) {
    assert_ne!(ran.code, Some(0), "{ran}");
    assert!(!ran.stderr.lines().chain(ran.stdout.lines()).any(|line| line.starts_with(forged)), "{ran}");
    assert_eq!(ran.stderr.lines().count(), 1, "{ran}");
    assert!(ran.stderr.contains("\\x0a"), "{ran}");
}
