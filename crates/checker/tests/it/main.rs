//! The checker's test suite, one integration-test binary with a module per part of the checker
//! (one binary links once, so the suite builds and starts quickly).
//!
//! Truth comes from outside the code under test: hand-written boards and messages, OEIS A000170
//! and A002562, the CSES sample, and an unpruned enumeration written here. Every test is quick; the
//! property tests keep their case counts modest so the whole binary runs in a few seconds.

/// Expands `name: (input, expected),` rows into one `#[test]` each that calls `check(input, expected)`,
/// so that a failing row is named in the test list, as in TheAlgorithms' n_queens tests.
macro_rules! table_tests {
    ($check:expr; $($name:ident: ($input:expr, $expected:expr $(,)?),)+) => {
        $(
            #[test]
            fn $name() {
                $check($input, $expected);
            }
        )+
    };
}

mod board;
mod oracle;
mod placement;
mod properties;
mod rows;
mod solution_set;
mod strings;
mod support;
