//! The judge engine's integration tests: case files and their faults, snapshots of the
//! repository's cases, the registry of implementations, the text report of what programs wrote,
//! and the exported submissions compiled with plain rustc.

mod cases;
mod export;
mod registry;
mod report;
mod snapshots;
mod support;
mod testdata;
