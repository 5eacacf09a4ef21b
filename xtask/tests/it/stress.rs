//! `cargo xtask stress` end to end: clean on the real implementations; a deliberately broken one
//! is caught, shrunk within its problem's inputs, printed as a case (written only into a folder
//! given with `--cases`, never over an existing file), and a hang, runaway memory or a stack
//! overflow is a verdict with its board, not a stalled run. Every count is checked against the
//! checker's oracle here.

use checker::{oracle, Board};

use crate::support::{list, listing, parse_case_text, read_case, repository_cases, xtask, Ran, TempFolder};

const LAST_ROW_FIXTURE: &str = "cses/broken-ignores-last-row-reserved";

/// The CSES 1624 run that catches the last-row fixture; `extra` is appended.
fn last_row_run(extra: &[&str]) -> Ran {
    let mut args = vec![
        "stress",
        "--seed",
        "3",
        "--iterations",
        "20",
        "--impl",
        "cses/bitmask,cses/broken-ignores-last-row-reserved",
        "--with-fixtures",
        "--problem",
        "cses1624",
        "--jobs",
        "2",
    ];
    args.extend_from_slice(extra);
    xtask(&args).run()
}

/// What a finding prints: the header line, the smallest board, the oracle's count, and each
/// implementation's answer line.
struct Finding {
    header: String,
    board: Board,
    oracle: u64,
    answers: Vec<String>,
}

/// Reads the finding at the top of a stress run's stdout and checks the oracle's count.
#[track_caller]
fn finding(ran: &Ran) -> Finding {
    ran.expect_code(1);
    let lines: Vec<&str> = ran.stdout.lines().collect();
    let header = lines[0].to_string();
    assert!(
        header.starts_with("stress: ") && header.contains(" disagrees with the oracle; shrunk to "),
        "{ran}"
    );
    let side: usize = header
        .rsplit_once("shrunk to ")
        .and_then(|(_, size)| size.split_once(" x "))
        .and_then(|(n, _)| n.parse().ok())
        .unwrap_or_else(|| panic!("no size in `{header}`"));
    assert!(header.ends_with(&format!("shrunk to {side} x {side}:")), "{header}");
    let rows = &lines[1..=side];
    assert!(rows.iter().all(|row| row.len() == side && row.chars().all(|c| c == '.' || c == '*')), "{ran}");
    let board = Board::parse(&format!("{}\n", rows.join("\n"))).expect("the printed board parses");
    let oracle_line = lines[side + 1];
    let printed: u64 =
        oracle_line.strip_prefix("oracle: ").and_then(|n| n.parse().ok()).unwrap_or_else(|| panic!("{ran}"));
    let truth = if board.reserved_count() == 0 {
        oracle::known_count(side).expect("A000170")
    } else {
        oracle::count(&board)
    };
    assert_eq!(printed, truth, "the printed count is the oracle's: {ran}");
    let answers = lines[side + 2..]
        .iter()
        .take_while(|line| {
            !line.is_empty()
                && !line.starts_with("wrote ")
                && !line.starts_with("cannot write")
                && !line.ends_with("already holds this finding; left as it is")
        })
        .map(|line| line.to_string())
        .collect();
    Finding { header, board, oracle: truth, answers }
}

impl Finding {
    /// The answer line of `implementation`.
    #[track_caller]
    fn answer(&self, implementation: &str) -> &str {
        self.answers
            .iter()
            .find(|line| line.split_whitespace().next() == Some(implementation))
            .unwrap_or_else(|| panic!("no answer of {implementation} in {:?}", self.answers))
    }
}

#[test]
fn usage_errors_are_one_line_and_exit_2() {
    let runs: [(&[&str], &str); 6] = [
        (&["stress", "--impl", "nomatch"], "error: --impl `nomatch` matches no implementation"),
        (&["stress", "--iterations", "many"], "error: invalid value 'many' for '--iterations"),
        (
            &["stress", "--sizes", "4..=13"],
            "--sizes `4..=13`: sides go from 1 to 12 (the brute-force oracle counts every random board)",
        ),
        (&["stress", "--density", "0.7..0.2"], "--density `0.7..0.2`: expected A..B with 0 <= A <= B <= 1"),
        (&["stress", "--jobs", "0"], "'--jobs <N>': expected at least 1"),
        (&["stress", "--time-limit-ms", "0"], "error: invalid value '0' for '--time-limit-ms"),
    ];
    for (arguments, expected) in runs {
        let ran = xtask(arguments).run();
        let line = ran.usage_error();
        assert!(line.contains(expected), "{arguments:?}: {line}");
    }
}

#[test]
fn a_cses_1624_disagreement_is_shrunk_within_8x8_and_printed_not_written() {
    let before = listing(&repository_cases());
    let ran = last_row_run(&[]);
    let found = finding(&ran);
    assert!(found.header.starts_with("stress: cses1624 input "), "{ran}");
    // CSES 1624 gives 8 x 8 boards only: the shrinking frees squares and keeps the side.
    assert_eq!(found.board.n(), 8, "{ran}");
    // The fixture goes wrong only through a reserved square in the last row: one is left.
    assert_eq!(found.board.reserved_count(), 1, "{ran}");
    assert!((0..8).any(|col| found.board.is_reserved(7, col)), "{ran}");
    let truth = found.oracle.to_string();
    assert_eq!(
        found.answer("cses/bitmask").split_whitespace().collect::<Vec<_>>(),
        ["cses/bitmask", truth.as_str()]
    );
    let wrong = found.answer(LAST_ROW_FIXTURE);
    assert!(wrong.ends_with("  <- wrong") && !wrong.contains(&format!(" {truth} ")), "{wrong}");
    assert_eq!(found.answers.len(), 2, "{:?}", found.answers);

    // The case to keep is printed: the same board, the oracle's count, the command that found it.
    let (intro, case_text) =
        ran.stdout.split_once("(`--write-case` writes it):\n").unwrap_or_else(|| panic!("{ran}"));
    assert!(
        intro.trim_end().ends_with(".toml") && intro.contains("as cases/stress/cses1624-seed3-"),
        "{ran}"
    );
    let case = parse_case_text(case_text).unwrap_or_else(|| panic!("not a case: {case_text}"));
    assert_eq!((case.board, case.expected, case.as_n), (found.board.clone(), found.oracle, false));
    assert!(
        case_text.starts_with("description = \"found by `cargo xtask stress --seed 3 --iterations 20 "),
        "{case_text}"
    );
    assert!(case_text.contains(&format!("{LAST_ROW_FIXTURE} disagreed with the oracle")), "{case_text}");

    // Nothing is written without --cases or --write-case.
    assert_eq!(listing(&repository_cases()), before, "stress wrote into cases/");

    // The same seed finds the same board and prints the same text.
    let again = last_row_run(&[]);
    assert_eq!(again.stdout, ran.stdout);
    assert_eq!(again.code, Some(1));
}

#[test]
fn with_cases_the_case_is_written_under_dir_stress_once_and_catches_the_culprit() {
    let folder = TempFolder::new("stress-cases");
    let ran = last_row_run(&["--cases", folder.arg()]);
    let found = finding(&ran);
    let files = folder.listing();
    assert_eq!(files.len(), 2, "{files:?}");
    assert_eq!(files[0], "stress/");
    let name = &files[1];
    assert!(name.starts_with("stress/cses1624-seed3-") && name.ends_with(".toml"), "{name}");
    let wrote = ran.stdout.lines().find(|line| line.starts_with("wrote ")).unwrap_or_else(|| panic!("{ran}"));
    assert!(
        wrote.contains(name.as_str()) && wrote.contains(&format!("(expected = {})", found.oracle)),
        "{wrote}"
    );
    let path = folder.path.join(name);
    let written = std::fs::read(&path).expect("the case");
    let case = read_case(&path);
    assert_eq!((case.board, case.expected, case.as_n), (found.board.clone(), found.oracle, false));

    // A second identical run finds the same case there already, and leaves the file as it was.
    let again = last_row_run(&["--cases", folder.arg()]);
    again.expect_code(1);
    let line = again
        .stdout
        .lines()
        .find(|line| line.ends_with(" already holds this finding; left as it is"))
        .unwrap_or_else(|| panic!("{again}"));
    assert!(line.contains(name.as_str()), "{line}");
    assert_eq!(folder.listing(), files);
    assert_eq!(std::fs::read(&path).expect("the case"), written);

    // The judge, given the case, catches the culprit and passes the right implementation.
    let judged = xtask(&[
        "judge",
        "--cases",
        folder.arg(),
        "--with-fixtures",
        "--impl",
        "cses/bitmask,last-row",
        "--json",
        "--jobs",
        "2",
    ])
    .ci()
    .run();
    judged.expect_code(1);
    let report = judged.json();
    for run in crate::support::runs(&report) {
        let expected = if run["implementation"] == LAST_ROW_FIXTURE { "WA" } else { "AC" };
        assert_eq!(run["verdict"], expected, "{run}");
    }
    assert_eq!(
        crate::support::runs(&report).len(),
        4,
        "two implementations, in the CSES 1624 and queens tables"
    );
}

/// Runs `stress` on one CSES fixture and checks the run that does not answer is reported as
/// `verdict`, with its board, quickly, and nothing is written.
fn no_answer(fixture: &str, time_limit_ms: &str, verdict: &str) -> String {
    let before = listing(&repository_cases());
    let id = format!("cses/{fixture}");
    let ran = xtask(&[
        "stress",
        "--with-fixtures",
        "--impl",
        &id,
        "--time-limit-ms",
        time_limit_ms,
        "--density",
        "0..0.1",
        "--problem",
        "cses1624",
        "--iterations",
        "2",
        "--jobs",
        "1",
    ])
    .run();
    let found = finding(&ran);
    assert_eq!(found.board.n(), 8, "{ran}");
    let answer = found.answer(&id);
    let (_, outcome) = answer.split_once("  ").unwrap_or_else(|| panic!("{answer}"));
    assert!(outcome.starts_with(&format!("{verdict}: ")) && outcome.ends_with("  <- wrong"), "{answer}");
    assert!(ran.stdout.contains("the case to keep, as cases/stress/"), "{ran}");
    assert_eq!(listing(&repository_cases()), before);
    outcome.to_string()
}

#[test]
fn a_hang_is_a_tle_with_its_board() {
    let outcome = no_answer("broken-never-returns", "100", "TLE");
    assert!(outcome.contains("CPU time"), "{outcome}");
}

#[test]
fn runaway_memory_is_an_mle_with_its_board() {
    // stress holds every run to the default 512 MB; the time limit leaves room to fill them.
    let outcome = no_answer("broken-eats-memory", "10000", "MLE");
    assert!(outcome.contains("over the 512 MB limit"), "{outcome}");
}

#[test]
fn a_stack_overflow_is_an_re_with_its_board() {
    let outcome = no_answer("broken-overflows-stack", "1000", "RE");
    assert_eq!(outcome, "RE: stack overflow  <- wrong");
}

#[test]
fn the_real_implementations_agree_with_the_oracle() {
    let ran = xtask(&["stress", "--seed", "7", "--iterations", "30", "--jobs", "2"]).run();
    ran.expect_code(0);
    let line = ran.stdout.strip_suffix('\n').unwrap_or_else(|| panic!("{ran}"));
    assert!(!line.contains('\n'), "{ran}");
    let checked = line
        .strip_prefix("stress: ")
        .and_then(|rest| rest.strip_suffix(" inputs (seed 7): every implementation agrees with the oracle"))
        .unwrap_or_else(|| panic!("{ran}"));
    let counts: Vec<(String, u64)> = checked
        .split(", ")
        .map(|part| {
            let (count, problem) = part.split_once(' ').unwrap_or_else(|| panic!("{part}"));
            (problem.to_string(), count.parse().expect("a count"))
        })
        .collect();
    // Every problem of boards some implementation solves, in the judge's order (stress draws boards).
    let listed = list(false);
    let solved: Vec<&str> = crate::support::BOARD_PROBLEMS
        .into_iter()
        .filter(|problem| listed.iter().any(|entry| entry.solves(problem)))
        .collect();
    assert_eq!(counts.iter().map(|(problem, _)| problem.as_str()).collect::<Vec<_>>(), solved);
    for (problem, count) in &counts {
        // LeetCode's inputs are the sides 1 to 9, each checked once.
        let expected = if problem.starts_with("leetcode") { (1..=9).contains(count) } else { *count == 30 };
        assert!(expected, "{problem}: {count}");
    }
}

#[test]
fn the_real_leetcode_implementations_agree_on_every_side_of_the_constraint() {
    let ran = xtask(&[
        "stress",
        "--seed",
        "5",
        "--iterations",
        "100",
        "--problem",
        "leetcode51,leetcode52",
        "--jobs",
        "2",
    ])
    .run();
    ran.expect_code(0);
    assert_eq!(
        ran.stdout,
        "stress: 9 leetcode51, 9 leetcode52 inputs (seed 5): every implementation agrees with the oracle\n"
    );
}

/// Runs `stress --with-fixtures --impl IMPLEMENTATION EXTRA --cases DIR`; returns the finding and
/// the one case written.
fn caught(implementation: &str, extra: &[&str]) -> (Finding, crate::support::CaseFile) {
    let folder = TempFolder::new("stress-caught");
    let mut args =
        vec!["stress", "--with-fixtures", "--impl", implementation, "--jobs", "2", "--cases", folder.arg()];
    args.extend_from_slice(extra);
    let ran = xtask(&args).run();
    let found = finding(&ran);
    let files = folder.listing();
    assert_eq!(files.len(), 2, "{files:?}");
    let case = read_case(&folder.path.join(&files[1]));
    assert_eq!((&case.board, case.expected), (&found.board, found.oracle));
    (found, case)
}

#[test]
fn a_leetcode_51_board_that_breaks_the_rules_is_shrunk_to_4() {
    let (found, case) = caught("leetcode51/broken-attacking-board", &[]);
    // It moves the first board's second-row queen under the first: wrong wherever a board has two
    // rows or more. n = 1 has one board of one row, n = 2 and 3 none, so 4 is the smallest.
    assert!(found.header.starts_with("stress: leetcode51 input "), "{}", found.header);
    assert_eq!((found.board.n(), found.board.reserved_count()), (4, 0));
    assert_eq!(
        found.answer("leetcode51/broken-attacking-board"),
        "leetcode51/broken-attacking-board  wrong: board 1 of 2: queens at row 1, column 2 and row 2, column 2 \
         attack along their column  <- wrong"
    );
    assert!(case.as_n, "written as `n = 4`, so that the judge runs LeetCode on it");
    assert_eq!(case.expected, oracle::known_count(4).expect("A000170"));
}

#[test]
fn a_leetcode_51_answer_missing_a_board_is_shrunk_to_1() {
    let (found, case) = caught("leetcode51/broken-drops-a-board", &[]);
    // It drops the last board, so it is wrong wherever there is one: n = 1 already.
    assert_eq!((found.board.n(), found.oracle), (1, 1));
    assert_eq!(
        found.answer("leetcode51/broken-drops-a-board"),
        "leetcode51/broken-drops-a-board  0  <- wrong"
    );
    assert!(case.as_n);
    assert_eq!(case.expected, 1);
}

#[test]
fn leetcode_runs_on_empty_boards_whatever_the_density_and_sizes() {
    // Every random board is full of reserved squares and of sides 5 and 7: LeetCode's inputs are
    // still the empty boards of 1 to 9.
    let (found, case) = caught("leetcode51/broken-attacking-board", &["--density", "1..1", "--sizes", "5,7"]);
    assert!(found.header.starts_with("stress: leetcode51 input "), "{}", found.header);
    assert_eq!((found.board.n(), found.board.reserved_count()), (4, 0));
    assert!(case.as_n);
}

#[test]
fn a_queens_disagreement_is_shrunk_to_a_small_board() {
    let (found, case) = caught(
        "cses/bitmask,cses/broken-ignores-last-row-reserved",
        &["--seed", "3", "--iterations", "200", "--problem", "queens"],
    );
    assert!(found.header.starts_with("stress: queens input "), "{}", found.header);
    // The smallest failing board: one reserved square, in the last row, on a small board.
    let n = found.board.n();
    assert!(n <= 5, "shrunk to {n} x {n}");
    assert_eq!(found.board.reserved_count(), 1, "{}", found.board);
    assert!((0..n).any(|col| found.board.is_reserved(n - 1, col)));
    assert_eq!(case.expected, oracle::count(&case.board));
    assert!(!case.as_n);
}
