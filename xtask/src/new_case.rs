//! `cargo xtask new-case`: a case file whose expected count comes from the checker's oracle.

use std::path::PathBuf;

use judge::new_case::{write_new_case, NewCase, Source};

use crate::output::{Failure, Status};

/// Write a case file whose expected count comes from the oracle
///
/// The count of a board comes from the checker's brute-force oracle, that of an empty board from
/// OEIS A000170; nothing is counted by hand or by the code under test.
#[derive(clap::Args, Debug)]
#[command(group = clap::ArgGroup::new("source").required(true).args(["n", "board"]))]
pub struct Args {
    /// The case's path under the cases folder, without .toml (e.g. reserved/corner)
    name: String,
    /// The empty N x N board
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=checker_max_n()))]
    n: Option<u64>,
    /// A board in the CSES text format
    #[arg(long, value_name = "FILE")]
    board: Option<PathBuf>,
    /// A line saying what the case is for
    #[arg(long, value_name = "TEXT")]
    description: Option<String>,
    /// Write into DIR instead of cases/
    #[arg(long = "cases", value_name = "DIR")]
    cases_folder: Option<PathBuf>,
    /// Replace an existing case file
    #[arg(long)]
    force: bool,
}

const fn checker_max_n() -> u64 {
    judge::problem::MAX_SIDE as u64
}

impl Args {
    pub fn run(self) -> Status {
        let source = match (self.n, self.board) {
            (Some(n), _) => Source::Empty(n as usize),
            (None, Some(path)) => Source::BoardFile(path),
            (None, None) => return Err(Failure::Usage("expected --n N or --board FILE".into())),
        };
        let request = NewCase {
            cases_folder: self.cases_folder.unwrap_or_else(judge::default_cases_folder),
            name: self.name,
            source,
            description: self.description,
            overwrite: self.force,
        };
        let (path, expected) = write_new_case(&request).map_err(Failure::Other)?;
        println!(
            "wrote {} (expected = {expected}); `cargo xtask judge --accept` records its snapshot",
            judge::display_relative(&path)
        );
        Ok(0)
    }
}
