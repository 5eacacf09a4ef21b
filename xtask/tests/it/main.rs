//! The xtask's end-to-end tests: the built `cargo xtask` binary run as a black box, on the
//! repository's cases and on cases and deliberately broken fixtures in temporary folders. The
//! engine's own tests (case files, snapshots, export) live in `crates/judge`.

mod bench;
mod cli;
mod forked;
mod html;
mod import;
mod judge;
mod other_user;
mod stress;
mod submissions;
mod support;
