//! The poj crate's one integration-test binary: every implementation's placements against the
//! checker's `check_rows` and a pairwise check written here, the registry, [`poj::answer`] on
//! POJ's input and on input POJ never gives, and the `poj` binary end to end.

mod answer;
mod binary;
mod placements;

/// Panics, naming `who` and n, unless `rows` is a placement of n queens by both the checker's
/// `check_rows` and a pairwise comparison of every two queens, which shares no code with it.
fn assert_is_placement(who: &str, n: usize, rows: &[usize]) {
    let rows_as_u64: Vec<u64> = rows.iter().map(|&row| row as u64).collect();
    if let Err(error) = checker::check_rows(n, &rows_as_u64) {
        panic!("{who}, n = {n}: {rows:?} is not a placement: {error}");
    }
    assert_eq!(rows.len(), n, "{who}, n = {n}: one row a column");
    for (column, &row) in rows.iter().enumerate() {
        assert!((1..=n).contains(&row), "{who}, n = {n}: column {} in row {row}", column + 1);
        for (later_column, &later_row) in rows.iter().enumerate().skip(column + 1) {
            assert!(
                row != later_row && row.abs_diff(later_row) != later_column - column,
                "{who}, n = {n}: columns {} and {} (rows {row} and {later_row}) attack",
                column + 1,
                later_column + 1
            );
        }
    }
}

/// The lines of `output`, each parsed as rows; panics on anything else.
fn parse_lines(output: &str) -> Vec<Vec<usize>> {
    assert!(output.is_empty() || output.ends_with('\n'), "{output:?} does not end its last line");
    output
        .lines()
        .map(|line| {
            assert!(!line.contains("  ") && !line.starts_with(' ') && !line.ends_with(' '), "{line:?}");
            line.split(' ').map(|number| number.parse().unwrap_or_else(|_| panic!("{line:?}"))).collect()
        })
        .collect()
}
