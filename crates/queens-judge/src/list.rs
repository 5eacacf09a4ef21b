//! `cargo xtask list`: every implementation, one id a line, with the problems it solves.

use crate::output::{print, Status};

/// Print every implementation, with the problems it solves
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Also list the deliberately broken fixtures
    #[arg(long, hide = true)]
    with_fixtures: bool,
}

impl Args {
    pub fn run(self) -> Status {
        let entries = judge_core::registry::entries(self.with_fixtures);
        let width = entries.iter().map(|entry| entry.id().len()).max().unwrap_or(0);
        let mut text = String::new();
        for entry in entries {
            let problems: Vec<&str> = entry.problems.iter().map(|problem| problem.id()).collect();
            text.push_str(&format!("{:width$}  {}\n", entry.id(), problems.join(",")));
        }
        print(&text)?;
        Ok(0)
    }
}
