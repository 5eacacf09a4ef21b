//! The leetcode crate's one integration-test binary: every implementation against the checker's
//! oracle and OEIS A000170, LeetCode's own examples, and a crate outside the workspace using it.

mod against_oracle;
mod leetcode_examples;
mod outside_crate;
mod streaming;
