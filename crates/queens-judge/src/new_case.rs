//! `cargo xtask new-case`: a case file whose expected count comes from the oracle, or a folder of
//! `NAME.in` / `NAME.out` test data imported as case files, each `.out` checked by the oracle.

use std::path::PathBuf;

use judge::new_case::{import_test_data, write_new_case, Import, NewCase, Source};

use crate::output::{Failure, Status};

/// Write a case file whose expected count comes from the oracle, or import test data
///
/// The count of a board comes from the checker's brute-force oracle, that of an empty board from
/// OEIS A000170; nothing is counted by hand or by the code under test.
///
/// With --import DIR, every NAME.in / NAME.out pair under DIR (CSES's test data: 1.in, 1.out, ...;
/// online-judge-tools' test/: sample-1.in, sample-1.out, ...) becomes CASES/<NAME>/<pair>.toml,
/// where NAME defaults to DIR's own name (cses-tests/1.in -> cases/cses-tests/1.toml). Every .out
/// is checked by the oracle first: one that disagrees, a board the oracle cannot count (a large one
/// with reserved squares), a broken pair or an existing file (without --force) stops the import,
/// and then nothing at all is written.
#[derive(clap::Args, Debug)]
#[command(group = clap::ArgGroup::new("source").required(true).args(["n", "board", "import"]))]
pub struct Args {
    /// The case's path under the cases folder, without .toml (e.g. reserved/corner); with
    /// --import, the folder to write into (default: DIR's name)
    #[arg(required_unless_present = "import")]
    name: Option<String>,
    /// The empty N x N board
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=checker_max_n()))]
    n: Option<u64>,
    /// A board in the CSES text format
    #[arg(long, value_name = "FILE")]
    board: Option<PathBuf>,
    /// A folder of NAME.in / NAME.out pairs, each written as a case file once the oracle agrees
    /// with its .out
    #[arg(long, value_name = "DIR")]
    import: Option<PathBuf>,
    /// A line saying what the case is for (with --import, for every case; default: the pair's
    /// file names)
    #[arg(long, value_name = "TEXT")]
    description: Option<String>,
    /// Write into DIR instead of cases/
    #[arg(long = "cases", value_name = "DIR")]
    cases_folder: Option<PathBuf>,
    /// Replace existing case files
    #[arg(long)]
    force: bool,
}

const fn checker_max_n() -> u64 {
    judge_core::problem::MAX_SIDE as u64
}

impl Args {
    pub fn run(self) -> Status {
        let cases_folder = self.cases_folder.unwrap_or_else(judge::default_cases_folder);
        if let Some(test_data) = self.import {
            return import(Import {
                cases_folder,
                test_data,
                name: self.name,
                description: self.description,
                overwrite: self.force,
            });
        }
        let source = match (self.n, self.board) {
            (Some(n), _) => Source::Empty(n as usize),
            (None, Some(path)) => Source::BoardFile(path),
            (None, None) => {
                return Err(Failure::Usage("expected --n N, --board FILE or --import DIR".into()))
            }
        };
        let Some(name) = self.name else {
            return Err(Failure::Usage("expected NAME, the case's path under the cases folder".into()));
        };
        // An empty board is a LeetCode 51 case too, whose boards a snapshot keeps; a count case is
        // done once written.
        let lists_boards = matches!(source, Source::Empty(_));
        let cases = judge::cases_argument(&cases_folder);
        let request =
            NewCase { cases_folder, name, source, description: self.description, overwrite: self.force };
        // A case that cannot be made is a failed new-case, exit status 1, as README says, whoever's fault.
        let (path, expected) = write_new_case(&request).map_err(|error| Failure::Other(error.to_string()))?;
        let next = if lists_boards && expected <= judge::snapshot::SNAPSHOT_LIMIT {
            format!(
                "`{} judge{cases} --accept` records its snapshot (its LeetCode 51 boards)",
                judge_core::install::invocation()
            )
        } else {
            format!("`{} judge{cases} --case ={}` judges it", judge_core::install::invocation(), request.name)
        };
        println!("wrote {} (expected = {expected}); {next}", judge_core::files::display_relative(&path));
        Ok(0)
    }
}

/// `--import DIR`: one line per file written, then a summary.
fn import(request: Import) -> Status {
    if !request.test_data.is_dir() {
        return Err(Failure::Usage(format!("--import {}: not a folder", request.test_data.display())));
    }
    let written = import_test_data(&request).map_err(|error| Failure::Other(error.to_string()))?;
    for file in &written {
        println!("wrote {} (expected = {})", judge_core::files::display_relative(&file.path), file.expected);
    }
    println!(
        "imported {} case{} from {}, every .out checked by the oracle; `{} judge{}` judges them",
        written.len(),
        if written.len() == 1 { "" } else { "s" },
        judge_core::files::display_relative(&request.test_data),
        judge_core::install::invocation(),
        judge::cases_argument(&request.cases_folder)
    );
    Ok(0)
}
