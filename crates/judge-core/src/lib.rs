//! The judge's domain, below its commands: the problems, read from their description files
//! ([`problem`], with the [`limits`] of a run), case files ([`case`]), the registry of built-in
//! implementations ([`registry`]), answers and the checks that make them AC or WA ([`answer`]), the
//! right answers ([`truth`]), a language an [`executor`], users' files and their builds
//! ([`submission`]), and the one path of a run ([`contestant`]: attempt, then grade, one `Run`),
//! with a built-in's side of it ([`child`]).
//!
//! API boundary: it knows no command, no rendering and no command line; the commands
//! (`crates/judge`) are built on it, and it never names them (the compiler holds it: it does not
//! depend on them). Architecture invariant: no problem is named in its code, only read from
//! `problems/ID.toml`; no language is named outside `executor/`; and one run of anything goes through
//! `contestant`, whose grading step is the only place a verdict is chosen.

pub mod answer;
pub mod case;
pub mod child;
pub mod contestant;
pub mod error;
pub mod escape;
pub mod executor;
pub mod files;
pub mod install;
pub mod limits;
pub mod pool;
pub mod problem;
pub mod registry;
pub mod submission;
pub mod truth;

/// The floor below the engine: one run of a program under limits, and the sandbox (the `run`
/// crate), under the paths the engine and its tests have always used.
pub use run::{runner, sandbox};

/// The problems' descriptions, built into the engine (see `build.rs`).
pub(crate) mod embedded {
    include!(concat!(env!("OUT_DIR"), "/embedded.rs"));
}
