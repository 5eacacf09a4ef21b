//! `cargo xtask export`: one implementation as a single std-only file to submit.

use std::io::Write;
use std::path::PathBuf;

use judge::export::{export, ExportError};

use crate::output::{Failure, Status};

/// Print one implementation as a single std-only file, ready to submit to its judge
///
/// cses/NAME gives a whole program (the module and a main reading the board on stdin); leetcode51/NAME,
/// leetcode52/NAME or leetcode/NAME gives the module's `impl Solution` block, without
/// `struct Solution`
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The implementation, as `cargo xtask list` names it
    #[arg(value_name = "PROBLEM/NAME")]
    id: String,
    /// Write FILE, whole or not at all, instead of printing
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
}

impl Args {
    pub fn run(self) -> Status {
        let text = match export(&self.id) {
            Ok(text) => text,
            Err(error @ ExportError::UnknownId { .. }) => return Err(Failure::Usage(error.to_string())),
            Err(error) => return Err(Failure::Other(error.to_string())),
        };
        match &self.output {
            Some(path) => {
                judge_core::files::write_atomically(path, &text)
                    .map_err(|error| Failure::Other(error.to_string()))?;
                println!("wrote {} ({})", path.display(), self.id);
            }
            None => {
                let mut stdout = std::io::stdout().lock();
                stdout
                    .write_all(text.as_bytes())
                    .and_then(|()| stdout.flush())
                    .map_err(|error| Failure::Other(format!("cannot write to stdout: {error}")))?;
            }
        }
        Ok(0)
    }
}
