//! `cargo xtask languages`: every language a file may be written in, with its command, the tool's
//! version and whether its self-test (a tiny program built and run in the sandbox) passes here.

use crate::output::{print, Status};
use judge_core::submission::Toolchain;

/// List the languages files may be written in: extensions, command, version, and whether each
/// works on this machine (exit status 3 when one does not)
#[derive(clap::Args, Debug)]
pub struct Args {
    /// A language's command, LANGUAGE=COMMAND (as `judge --compiler` takes it)
    #[arg(long, value_name = "LANGUAGE=COMMAND")]
    compiler: Vec<String>,
    /// Print JSON instead of a table
    #[arg(long)]
    json: bool,
    /// Build and run the self-tests outside the sandbox
    #[arg(long)]
    no_sandbox: bool,
}

impl Args {
    pub fn run(self) -> Status {
        let mut toolchain = Toolchain::from_environment();
        for argument in &self.compiler {
            toolchain.set_from_argument(argument)?;
        }
        let sandbox = crate::output::sandbox(self.no_sandbox)?;
        let build_folder = judge_core::install::target_folder().join("judge-builds");
        let report = judge::languages::report(&toolchain, &build_folder, sandbox.as_ref());
        let text = if self.json {
            serde_json::to_string_pretty(&report)
                .map_err(|error| crate::output::Failure::Other(error.to_string()))?
                + "\n"
        } else {
            judge::languages::render_text(&report)
        };
        print(&text)?;
        Ok(if report.iter().all(|language| language.ready) { 0 } else { 3 })
    }
}
