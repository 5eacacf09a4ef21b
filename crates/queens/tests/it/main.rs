//! The `queens` crate's one integration-test binary: the viewer's output checked against the
//! checker's oracle (then kept as snapshots), its count against OEIS A000170, and the binary's
//! arguments, exit statuses and closed pipes.

mod binary;
mod output;
