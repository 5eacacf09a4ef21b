//! The library's output on buffers. Every snapshot here is taken only after the same test has
//! checked the output against the checker's oracle, so a snapshot never stands alone as truth.

use checker::{oracle, Board, Placement};
use pretty_assertions::assert_eq;
use queens::Style;

/// `[2, 4, 1, 3]` as the 0-based placement `[1, 3, 0, 2]`.
fn parse_columns(line: &str) -> Placement {
    let inner = line.strip_prefix('[').and_then(|rest| rest.strip_suffix(']'));
    let inner = inner.unwrap_or_else(|| panic!("{line:?} is not a bracketed list"));
    let columns = inner
        .split(", ")
        .map(|number| {
            let one_based: usize = number.parse().unwrap_or_else(|_| panic!("{number:?} in {line:?}"));
            one_based.checked_sub(1).unwrap_or_else(|| panic!("column 0 in {line:?}"))
        })
        .collect();
    Placement::new(columns)
}

fn oracle_solutions(n: usize) -> Vec<Placement> {
    oracle::solutions(&Board::empty(n).unwrap())
}

fn list(n: usize) -> String {
    let mut buffer = Vec::new();
    queens::write_list(n, &mut buffer).unwrap();
    String::from_utf8(buffer).unwrap()
}

fn boards(n: usize, style: Style) -> String {
    let mut buffer = Vec::new();
    queens::write_boards(n, style, &mut buffer).unwrap();
    String::from_utf8(buffer).unwrap()
}

/// Reads a plain `--show` output back: each board's heading line and the queens drawn below it,
/// checking the frame and that every empty square is light or dark as its row + column says.
fn read_plain_boards(n: usize, text: &str) -> Vec<Placement> {
    let frame = format!("+{}+", "-".repeat(3 * n));
    let mut placements = Vec::new();
    if text.is_empty() {
        // No solution (n = 2 or 3): no board, not one empty board.
        return placements;
    }
    for (board_idx, block) in text.split("\n\n").enumerate() {
        let lines: Vec<&str> = block.lines().collect();
        assert_eq!(lines.len(), n + 3, "board {board_idx}: heading, frame, {n} rows, frame:\n{block}");
        assert_eq!((lines[1], lines[n + 2]), (frame.as_str(), frame.as_str()), "board {board_idx}");
        let mut drawn = Vec::new();
        for (row, line) in lines[2..n + 2].iter().enumerate() {
            let squares = line.strip_prefix('|').and_then(|rest| rest.strip_suffix('|')).unwrap();
            let squares: Vec<&str> = (0..n).map(|col| &squares[3 * col..3 * col + 3]).collect();
            let queens: Vec<usize> = (0..n).filter(|&col| squares[col] == "<W>").collect();
            assert_eq!(queens.len(), 1, "board {board_idx}, row {row}: one queen in {line:?}");
            for (col, square) in squares.iter().enumerate().filter(|&(col, _)| col != queens[0]) {
                let expected = if (row + col) % 2 == 0 { "   " } else { ":::" };
                assert_eq!(*square, expected, "board {board_idx}, square ({row}, {col}) in {line:?}");
            }
            drawn.push(queens[0]);
        }
        let drawn = Placement::new(drawn);
        assert_eq!(parse_columns(lines[0]), drawn, "board {board_idx}: the heading names the drawn queens");
        placements.push(drawn);
    }
    placements
}

#[test]
fn the_list_for_n_1_to_8_is_the_oracles_solutions_in_order() {
    for n in 1..=8 {
        let listed: Vec<Placement> = list(n).lines().map(parse_columns).collect();
        assert_eq!(listed, oracle_solutions(n), "n = {n}");
    }
}

#[test]
fn the_list_for_n_4_is_the_write_ups_form() {
    let text = list(4);
    let listed: Vec<Placement> = text.lines().map(parse_columns).collect();
    assert_eq!(listed, oracle_solutions(4));
    assert!(text.ends_with("]\n"), "every line ends with a newline: {text:?}");
    insta::assert_snapshot!("list_4", text);
}

#[test]
fn plain_boards_for_n_1_to_6_draw_the_oracles_solutions() {
    for n in 1..=6 {
        let text = boards(n, Style::Plain);
        assert_eq!(read_plain_boards(n, &text), oracle_solutions(n), "n = {n}");
    }
}

#[test]
fn the_plain_boards_for_n_4() {
    let text = boards(4, Style::Plain);
    assert_eq!(read_plain_boards(4, &text), oracle_solutions(4));
    assert!(text.is_ascii() && !text.contains('\x1b'), "plain output has no escape codes");
    insta::assert_snapshot!("show_4_plain", text);
}

#[test]
fn coloured_boards_are_the_plain_ones_with_colours_for_squares() {
    let n = 5;
    let plain = boards(n, Style::Plain);
    let coloured = boards(n, Style::Colour);
    let light = "\x1b[30;47m";
    let dark = "\x1b[37;40m";
    let reset = "\x1b[0m";
    // Turn each coloured row back into a plain one: a dark empty square is drawn ":::" there.
    let mut rebuilt = String::new();
    for block in coloured.split("\n\n") {
        if !rebuilt.is_empty() {
            rebuilt.push('\n');
        }
        let mut lines = block.lines();
        rebuilt.push_str(lines.next().unwrap());
        rebuilt.push('\n');
        rebuilt.push_str(&format!("+{}+\n", "-".repeat(3 * n)));
        for (row, line) in lines.enumerate() {
            let squares = line.strip_suffix(reset).unwrap_or_else(|| panic!("row {row} resets: {line:?}"));
            let squares: Vec<&str> = squares.split('\x1b').skip(1).collect();
            assert_eq!(squares.len(), n, "{line:?}");
            rebuilt.push('|');
            for (col, square) in squares.iter().enumerate() {
                let colours = if (row + col) % 2 == 0 { light } else { dark };
                let piece =
                    square.strip_prefix(&colours[1..]).unwrap_or_else(|| panic!("({row}, {col}) {line:?}"));
                rebuilt.push_str(if piece == "   " && colours == dark { ":::" } else { piece });
            }
            rebuilt.push_str("|\n");
        }
        rebuilt.push_str(&format!("+{}+\n", "-".repeat(3 * n)));
    }
    assert_eq!(rebuilt, plain);
}

#[test]
fn the_count_for_n_1_to_10_is_a000170() {
    for n in 1..=10 {
        let mut buffer = Vec::new();
        queens::write_count(n, &mut buffer).unwrap();
        let expected = oracle::known_count(n).unwrap();
        assert_eq!(String::from_utf8(buffer).unwrap(), format!("{expected}\n"), "n = {n}");
    }
}

#[test]
fn no_color_and_a_non_terminal_give_plain_boards() {
    use std::ffi::OsStr;
    assert_eq!(queens::style_for(true, None), Style::Colour);
    assert_eq!(queens::style_for(true, Some(OsStr::new(""))), Style::Colour, "an empty NO_COLOR is unset");
    assert_eq!(queens::style_for(true, Some(OsStr::new("1"))), Style::Plain);
    assert_eq!(queens::style_for(false, None), Style::Plain);
    assert_eq!(queens::style_for(false, Some(OsStr::new("1"))), Style::Plain);
}
