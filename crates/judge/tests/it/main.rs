//! The judge engine's integration tests: case files and their faults, snapshots of the
//! repository's cases, the registry of implementations, and the exported submissions compiled
//! with plain rustc.

mod cases;
mod export;
mod registry;
mod snapshots;
mod support;
mod testdata;
