//! `cargo xtask stress`: clean on the real implementations; a deliberately broken one is caught,
//! shrunk to a small board, and written down as a case whose count comes from the oracle.

use checker::{oracle, Board};
use xtask::cases::parse_case;
use xtask::stress::{parse_density, parse_sizes, shrink, Random};

use crate::support::{path_arg, stderr_of, stdout_of, xtask, TempFolder};

#[test]
fn the_real_implementations_agree_with_the_oracle() {
    let output = xtask(&["stress", "--seed", "7", "--iterations", "60"], false);
    assert_eq!(output.status.code(), Some(0), "{}{}", stdout_of(&output), stderr_of(&output));
    assert!(stdout_of(&output)
        .contains("60 random boards (seed 7, n 4..=10, density 0..0.6): every implementation agrees"));
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
    assert_eq!(parse_sizes("--sizes", "4..=10"), Ok(4..=10));
    assert_eq!(parse_sizes("--sizes", "4..10"), Ok(4..=9));
    assert_eq!(parse_sizes("--sizes", "6"), Ok(6..=6));
    for bad in ["0..=3", "5..=4", "4..=13", "a..=b", "4..4"] {
        let error = parse_sizes("--sizes", bad).expect_err(bad);
        assert!(error.starts_with(&format!("--sizes `{bad}`: expected")), "{error}");
    }
    assert_eq!(parse_density("0..0.6"), Ok((0.0, 0.6)));
    assert!(parse_density("0.7..0.2").is_err());
    assert!(parse_density("0..2").is_err());
    let output = xtask(&["stress", "--iterations", "many"], false);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr_of(&output).starts_with("error: --iterations `many`: expected a whole number\n"));
}
