//! Solution sets: the canonical order, duplicates, `compare`, and the drawing `SetDiff` prints,
//! checked against grids written out by hand.

use checker::oracle;
use checker::solution_set::{canonical_order, compare, draw_side_by_side, duplicates, SetDiff, DRAWN_BOARDS};
use checker::Placement;
use pretty_assertions::assert_eq;

use crate::support::empty_board;

fn placements(columns: &[&[usize]]) -> Vec<Placement> {
    columns.iter().map(|columns| Placement::new(columns.to_vec())).collect()
}

fn assert_canonical_order(input: &[&[usize]], expected: &[&[usize]]) {
    let mut sorted = placements(input);
    canonical_order(&mut sorted);
    assert_eq!(sorted, placements(expected));
}

table_tests! { assert_canonical_order;
    order_of_nothing: (&[], &[]),
    order_by_the_top_row_first: (&[&[2, 0, 3, 1], &[1, 3, 0, 2]], &[&[1, 3, 0, 2], &[2, 0, 3, 1]]),
    order_by_a_later_row_on_a_tie: (
        &[&[1, 5, 7, 2], &[1, 4, 6, 3], &[1, 4, 6, 0], &[0, 9, 9, 9]],
        &[&[0, 9, 9, 9], &[1, 4, 6, 0], &[1, 4, 6, 3], &[1, 5, 7, 2]],
    ),
    order_puts_a_prefix_first: (&[&[0, 2, 1], &[0, 2], &[0]], &[&[0], &[0, 2], &[0, 2, 1]]),
    order_keeps_duplicates: (&[&[1, 0], &[0, 1], &[1, 0]], &[&[0, 1], &[1, 0], &[1, 0]]),
    order_compares_numbers_not_digits: (&[&[10], &[9], &[2]], &[&[2], &[9], &[10]]),
}

fn assert_duplicates(input: &[&[usize]], expected: &[&[usize]]) {
    assert_eq!(duplicates(&placements(input)), placements(expected));
}

table_tests! { assert_duplicates;
    no_duplicates_in_nothing: (&[], &[]),
    no_duplicates_in_distinct_boards: (&[&[1, 3, 0, 2], &[2, 0, 3, 1]], &[]),
    a_duplicate_is_named_once: (
        &[&[2, 0, 3, 1], &[1, 3, 0, 2], &[2, 0, 3, 1], &[2, 0, 3, 1]],
        &[&[2, 0, 3, 1]],
    ),
    duplicates_in_canonical_order: (
        &[&[2, 0, 3, 1], &[1, 3, 0, 2], &[0], &[2, 0, 3, 1], &[1, 3, 0, 2]],
        &[&[1, 3, 0, 2], &[2, 0, 3, 1]],
    ),
    a_prefix_is_not_a_duplicate: (&[&[0, 2], &[0]], &[]),
}

#[test]
fn compare_ignores_order() {
    let expected = placements(&[&[1, 3, 0, 2], &[2, 0, 3, 1]]);
    let actual = placements(&[&[2, 0, 3, 1], &[1, 3, 0, 2]]);
    let difference = compare(&expected, &actual);
    assert_eq!(difference, SetDiff::default());
    assert!(difference.is_empty());
    assert_eq!(difference.to_string(), "the sets are equal");
}

#[test]
fn compare_names_missing_extra_and_duplicated_boards() {
    let expected = placements(&[&[2, 0, 3, 1], &[1, 3, 0, 2]]);
    let actual = placements(&[&[2, 0, 3, 1], &[0, 2, 4, 1, 3], &[2, 0, 3, 1], &[0]]);
    let difference = compare(&expected, &actual);
    assert_eq!(
        difference,
        SetDiff {
            missing: placements(&[&[1, 3, 0, 2]]),
            extra: placements(&[&[0], &[0, 2, 4, 1, 3]]),
            duplicates: placements(&[&[2, 0, 3, 1]]),
        }
    );
    assert!(!difference.is_empty());
    // Boards of other sizes (a wrong answer can have them) are drawn side by side, top-aligned.
    let drawn = "\
missing: 1 board
.Q..
...Q
Q...
..Q.

extra: 2 boards
Q   Q....
    ..Q..
    ....Q
    .Q...
    ...Q.

duplicated: 1 board
..Q.
Q...
...Q
.Q..
";
    assert_eq!(difference.to_string(), drawn);
}

#[test]
fn compare_with_only_duplicates() {
    let expected = placements(&[&[1, 3, 0, 2], &[2, 0, 3, 1]]);
    let actual = placements(&[&[1, 3, 0, 2], &[2, 0, 3, 1], &[1, 3, 0, 2]]);
    let difference = compare(&expected, &actual);
    assert_eq!(difference, SetDiff { duplicates: placements(&[&[1, 3, 0, 2]]), ..SetDiff::default() });
    assert_eq!(difference.to_string(), "duplicated: 1 board\n.Q..\n...Q\nQ...\n..Q.\n");
}

#[test]
fn compare_with_nothing_expected() {
    let difference = compare(&[], &placements(&[&[0]]));
    assert_eq!(difference.extra, placements(&[&[0]]));
    assert_eq!(difference.to_string(), "extra: 1 board\nQ\n");
}

#[test]
fn a_long_group_draws_twelve_boards_and_counts_the_rest() {
    let difference = compare(&oracle::solutions(&empty_board(8)), &[]);
    assert_eq!(difference.missing.len(), 92);
    // The first twelve solutions of 8 x 8 in lexicographic order, seven 8-wide boards to an 80-column line.
    let drawn = "\
missing: 92 boards
Q.......   Q.......   Q.......   Q.......   .Q......   .Q......   .Q......
....Q...   .....Q..   ......Q.   ......Q.   ...Q....   ....Q...   ....Q...
.......Q   .......Q   ...Q....   ....Q...   .....Q..   ......Q.   ......Q.
.....Q..   ..Q.....   .....Q..   .......Q   .......Q   Q.......   ...Q....
..Q.....   ......Q.   .......Q   .Q......   ..Q.....   ..Q.....   Q.......
......Q.   ...Q....   .Q......   ...Q....   Q.......   .......Q   .......Q
.Q......   .Q......   ....Q...   .....Q..   ......Q.   .....Q..   .....Q..
...Q....   ....Q...   ..Q.....   ..Q.....   ....Q...   ...Q....   ..Q.....
.Q......   .Q......   .Q......   .Q......   .Q......
.....Q..   .....Q..   ......Q.   ......Q.   .......Q
Q.......   .......Q   ..Q.....   ....Q...   .....Q..
......Q.   ..Q.....   .....Q..   .......Q   Q.......
...Q....   Q.......   .......Q   Q.......   ..Q.....
.......Q   ...Q....   ....Q...   ...Q....   ....Q...
..Q.....   ......Q.   Q.......   .....Q..   ......Q.
....Q...   ....Q...   ...Q....   ..Q.....   ...Q....
... and 80 more
";
    assert_eq!(difference.to_string(), drawn);
}

/// `count` distinct one-row placements, `[0]`, `[1]`, ..., each drawn as a single `Q` or `.`.
fn one_row_placements(count: usize) -> Vec<Placement> {
    (0..count).map(|column| Placement::new(vec![column])).collect()
}

#[test]
fn exactly_twelve_boards_are_all_drawn() {
    assert_eq!(DRAWN_BOARDS, 12);
    let difference = compare(&[], &one_row_placements(12));
    assert_eq!(difference.to_string(), "extra: 12 boards\nQ   .   .   .   .   .   .   .   .   .   .   .\n");
}

#[test]
fn the_thirteenth_board_is_counted_not_drawn() {
    let mut actual = one_row_placements(13);
    actual.push(Placement::new(vec![4]));
    let difference = compare(&[], &actual);
    let drawn = "\
extra: 13 boards
Q   .   .   .   .   .   .   .   .   .   .   .
... and 1 more

duplicated: 1 board
.
";
    assert_eq!(difference.to_string(), drawn);
}

#[test]
fn side_by_side_wraps_before_the_width() {
    let boards = placements(&[&[1, 3, 0, 2], &[2, 0, 3, 1], &[0]]);
    // Two 4-wide boards and their 3-wide gap fill 11 columns exactly; the third wraps.
    let drawn = "\
.Q..   ..Q.
...Q   Q...
Q...   ...Q
..Q.   .Q..
Q
";
    assert_eq!(draw_side_by_side(&boards, 11), drawn);
    // A shorter board is padded below and the padding trimmed from the line ends.
    let then_two = ".Q..\n...Q\nQ...\n..Q.\n..Q.   Q\nQ...\n...Q\n.Q..\n";
    assert_eq!(draw_side_by_side(&boards, 10), then_two);
    let one_a_line = ".Q..\n...Q\nQ...\n..Q.\n..Q.\nQ...\n...Q\n.Q..\nQ\n";
    assert_eq!(draw_side_by_side(&boards, 7), one_a_line);
    // A board wider than the width is still drawn, alone on its line.
    assert_eq!(draw_side_by_side(&boards[..1], 2), ".Q..\n...Q\nQ...\n..Q.\n");
    assert_eq!(draw_side_by_side(&[], 80), "");
}
