//! `cargo xtask stress`: clean on the real implementations; a deliberately broken one is caught,
//! shrunk to a small board, and written down as a case whose count comes from the oracle (OEIS
//! A000170 for an empty board).

use checker::{oracle, Board};
use xtask::cases::parse_case;
use xtask::sizes::parse_sizes;
use xtask::stress::{parse_density, shrink, stress, Random, StressOptions, MAX_SIZE, MAX_SIZE_REASON};

use crate::support::{path_arg, stderr_of, stdout_of, xtask, TempFolder};

#[test]
fn the_real_implementations_agree_with_the_oracle() {
    let output = xtask(&["stress", "--seed", "7", "--iterations", "60"], false);
    assert_eq!(output.status.code(), Some(0), "{}{}", stdout_of(&output), stderr_of(&output));
    assert!(stdout_of(&output)
        .contains("60 random boards (seed 7, n 4..=10, density 0..0.6): every implementation agrees"));
}

#[test]
fn the_real_leetcode_implementations_agree_on_every_side_up_to_the_bound() {
    let options = StressOptions {
        seed: 5,
        iterations: 100,
        sizes: (1..=MAX_SIZE).collect(),
        density: (0.0, 0.6),
        impl_pattern: Some("leetcode*".to_string()),
        with_fixtures: false,
        cases_folder: std::path::PathBuf::from("unused: nothing is written on success"),
    };
    let mut done = 0;
    let finding = stress(&options, &mut |iteration, _| done = iteration);
    assert!(finding.is_none(), "{finding:?}");
    assert_eq!(done, 100);
}

/// Runs `stress --with-fixtures --impl IMPLEMENTATION` with the default sizes and density, writing
/// cases to `folder`; returns the output text and the one case written.
fn caught(implementation: &str, folder: &TempFolder) -> (String, xtask::cases::Case) {
    let args = ["stress", "--with-fixtures", "--impl", implementation, "--cases", path_arg(&folder.path)];
    let output = xtask(&args, false);
    let text = stdout_of(&output);
    assert_eq!(output.status.code(), Some(1), "{text}{}", stderr_of(&output));
    let written: Vec<_> = std::fs::read_dir(folder.path.join("stress")).expect("a stress folder").collect();
    assert_eq!(written.len(), 1, "{text}");
    let path = written[0].as_ref().expect("entry").path();
    let case =
        parse_case("found", &path, &std::fs::read_to_string(&path).expect("read")).expect("a valid case");
    (text, case)
}

#[test]
fn a_leetcode_51_board_that_breaks_the_rules_is_caught_on_an_empty_board_and_shrunk_to_4() {
    let folder = TempFolder::new("stress-attacking");
    let (text, case) = caught("leetcode51/broken-attacking-board", &folder);
    // It moves the first board's second-row queen under the first: wrong on every side with a board
    // of two rows or more. n = 1 has one board of one row, n = 2 and 3 have none, so 4 is the
    // smallest, where the first board is .Q.. / ...Q / Q... / ..Q. and becomes .Q.. / .Q.. / ...
    assert!(text.contains("shrunk to 4 x 4:"), "{text}");
    assert!(
        text.contains(
            "leetcode51/broken-attacking-board  wrong boards: board 1 of 2: queens at row 1, column 2 \
             and row 2, column 2 attack along their column  <- wrong\n"
        ),
        "{text}"
    );
    assert_eq!((case.board.n(), case.board.reserved_count()), (4, 0));
    assert!(case.is_empty_board, "written as `n = 4`, so that the judge runs LeetCode on it");
    assert_eq!(case.expected, oracle::known_count(4).expect("A000170"));
}

#[test]
fn a_leetcode_51_answer_missing_a_board_is_caught_on_an_empty_board_and_shrunk_to_1() {
    let folder = TempFolder::new("stress-drops");
    let (text, case) = caught("leetcode51/broken-drops-a-board", &folder);
    // It drops the last board, so it is wrong wherever there is one: n = 1 already, with its single
    // queen.
    assert!(text.contains("shrunk to 1 x 1:"), "{text}");
    assert!(text.contains("oracle: 1\n"), "{text}");
    assert!(text.contains("leetcode51/broken-drops-a-board  0  <- wrong\n"), "{text}");
    assert_eq!((case.board.n(), case.board.reserved_count()), (1, 0));
    assert!(case.is_empty_board, "written as `n = 1`, so that the judge runs LeetCode on it");
    assert_eq!(case.expected, oracle::known_count(1).expect("A000170"));
}

#[test]
fn leetcode_runs_on_the_empty_board_of_each_side_whatever_the_density() {
    // Every random board is full of reserved squares here, so only the empty-board check can run
    // a LeetCode implementation.
    let folder = TempFolder::new("stress-dense");
    let args = [
        "stress",
        "--with-fixtures",
        "--impl",
        "leetcode51/broken-attacking-board",
        "--density",
        "1..1",
        "--sizes",
        "5,7",
        "--cases",
        path_arg(&folder.path),
    ];
    let output = xtask(&args, false);
    let text = stdout_of(&output);
    assert_eq!(output.status.code(), Some(1), "{text}{}", stderr_of(&output));
    assert!(text.contains("disagrees with the oracle; shrunk to 4 x 4:"), "{text}");
    assert!(text.starts_with("stress: the empty "), "{text}");
}

#[test]
fn a_broken_implementation_is_caught_shrunk_and_kept_as_a_case() {
    let folder = TempFolder::new("stress");
    let cases = path_arg(&folder.path);
    let args = [
        "stress",
        "--seed",
        "3",
        "--iterations",
        "200",
        "--impl",
        "cses/bitmask,cses/broken-ignores-last-row-reserved",
        "--with-fixtures",
        "--cases",
        cases,
    ];
    let output = xtask(&args, false);
    let text = stdout_of(&output);
    assert_eq!(output.status.code(), Some(1), "{text}{}", stderr_of(&output));
    assert!(text.contains("cses/broken-ignores-last-row-reserved"), "{text}");
    assert!(text.contains("<- wrong"), "{text}");

    let written: Vec<_> = std::fs::read_dir(folder.path.join("stress")).expect("a stress folder").collect();
    assert_eq!(written.len(), 1, "{text}");
    let path = written[0].as_ref().expect("entry").path();
    let case =
        parse_case("found", &path, &std::fs::read_to_string(&path).expect("read")).expect("a valid case");
    // The smallest failing board: the fixture is wrong only through a reserved square in the last
    // row, so exactly one reserved square remains, on a small board.
    assert_eq!(case.board.reserved_count(), 1, "{}", case.board);
    assert!(case.board.n() <= 5, "shrunk to {} x {}", case.board.n(), case.board.n());
    assert!((0..case.board.n()).any(|col| case.board.is_reserved(case.board.n() - 1, col)));
    assert_eq!(case.expected, oracle::count(&case.board));

    // The same seed finds the same board.
    let again = xtask(&args, false);
    assert_eq!(stdout_of(&again), text);
}

#[test]
fn shrinking_keeps_the_failure_and_reaches_a_local_minimum() {
    let mut random = Random::new(11);
    let board = xtask::stress::random_board(&mut random, 8, 0.3);
    // A stand-in bug: "fails" whenever the top-left square is reserved and n >= 3.
    let fails = |candidate: &Board| candidate.n() >= 3 && candidate.is_reserved(0, 0);
    let mut reserved = board.reserved_rows().to_vec();
    reserved[0][0] = true;
    let board = Board::from_reserved(reserved).expect("valid");
    let smallest = shrink(&board, &fails);
    assert_eq!(smallest.n(), 3);
    assert_eq!(smallest.reserved_count(), 1);
    assert!(smallest.is_reserved(0, 0));
}

#[test]
fn options_are_checked() {
    let sizes = |text: &str| parse_sizes("--sizes", text, MAX_SIZE, MAX_SIZE_REASON);
    assert_eq!(sizes("4..=10"), Ok((4..=10).collect()));
    assert_eq!(sizes("4..10"), Ok((4..=9).collect()));
    assert_eq!(sizes("6"), Ok(vec![6]));
    assert_eq!(sizes("9,4..=5"), Ok(vec![4, 5, 9]));
    assert_eq!(sizes("1..=12").map(|sides| sides.len()), Ok(12));
    for (bad, reason) in [
        ("0..=3", "sides go from 1 to 12 (the brute-force oracle counts every random board)"),
        ("4..=13", "sides go from 1 to 12 (the brute-force oracle counts every random board)"),
        ("5..=4", "`5..=4` is empty"),
        ("4..4", "`4..4` is empty"),
        ("a..=b", "`a` is not a whole number"),
    ] {
        assert_eq!(sizes(bad), Err(format!("--sizes `{bad}`: {reason}")));
    }
    assert_eq!(parse_density("0..0.6"), Ok((0.0, 0.6)));
    assert!(parse_density("0.7..0.2").is_err());
    assert!(parse_density("0..2").is_err());
    let runs: [(&[&str], &str); 2] = [
        (&["stress", "--iterations", "many"], "error: --iterations `many`: expected a whole number\n"),
        (
            &["stress", "--sizes", "4..=13"],
            "error: --sizes `4..=13`: sides go from 1 to 12 (the brute-force oracle counts every random board)\n",
        ),
    ];
    for (arguments, expected) in runs {
        let output = xtask(arguments, false);
        assert_eq!(output.status.code(), Some(2), "{arguments:?}");
        assert!(stderr_of(&output).starts_with(expected), "{}", stderr_of(&output));
        assert!(stdout_of(&output).is_empty());
    }
}
