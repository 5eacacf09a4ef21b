//! The xtask's integration tests: case files, snapshots of the repository's cases, and the judge
//! run end to end on cases and deliberately broken fixtures made in temporary folders.

mod bench;
mod cases;
mod export;
mod judge;
mod snapshots;
mod stress;
mod support;
