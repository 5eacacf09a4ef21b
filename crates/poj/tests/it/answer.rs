//! [`poj::answer`], the whole program's logic: POJ's sample, several n, the 0 that ends the
//! input, and input POJ never gives.

use pretty_assertions::assert_eq;

use crate::{assert_is_placement, parse_lines};

#[test]
fn the_sample_gives_one_line_of_8_rows() {
    let output = poj::answer("8\n0\n").unwrap();
    let lines = parse_lines(&output);
    assert_eq!(lines.len(), 1, "{output:?}");
    assert_eq!(lines[0].len(), 8);
    assert_is_placement("answer", 8, &lines[0]);
}

#[test]
fn each_n_gets_its_own_line_in_order() {
    let output = poj::answer("8\n9\n10\n0\n").unwrap();
    let lines = parse_lines(&output);
    assert_eq!(lines.iter().map(Vec::len).collect::<Vec<_>>(), [8, 9, 10], "{output:?}");
    for (n, rows) in (8..).zip(&lines) {
        assert_is_placement("answer", n, rows);
    }
}

#[test]
fn pojs_whole_range_in_one_input() {
    let mut input: String = (8..=300).map(|n| format!("{n}\n")).collect();
    input.push_str("0\n");
    let lines = parse_lines(&poj::answer(&input).unwrap());
    assert_eq!(lines.len(), 293);
    for (n, rows) in (8..).zip(&lines) {
        assert_is_placement("answer", n, rows);
    }
}

#[test]
fn nothing_after_the_0_is_read() {
    assert_eq!(poj::answer("8\n0\n9\n"), poj::answer("8\n0\n"));
    assert_eq!(poj::answer("8\n0\nnot a number\n3\n"), poj::answer("8\n0\n"));
    assert_eq!(poj::answer("0\n8\n"), Ok(String::new()));
}

#[test]
fn the_end_of_the_input_ends_it_too_and_spacing_does_not_matter() {
    assert_eq!(poj::answer("8"), poj::answer("8\n0\n"));
    assert_eq!(poj::answer("  8 \r\n\t9\n 0"), poj::answer("8\n9\n0\n"));
    assert_eq!(poj::answer(""), Ok(String::new()));
}

#[test]
fn input_pojs_never_gives_is_an_error_naming_the_fault() {
    let cases = [
        ("eight\n0\n", "\"eight\""),
        ("8\n-1\n0\n", "\"-1\""),
        ("8.5\n0\n", "\"8.5\""),
        ("8\n3\n0\n", "n = 3"),
        ("2\n", "n = 2"),
        ("1000001\n0\n", "n = 1000001"),
        ("99999999999999999999999\n", "\"99999999999999999999999\""),
    ];
    for (input, named) in cases {
        let error = poj::answer(input).unwrap_err();
        assert!(error.contains(named), "{input:?}: {error:?} does not name {named}");
    }
}
