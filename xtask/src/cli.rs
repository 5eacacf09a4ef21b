//! The command line: `cargo xtask <command> [options]`, parsed with lexopt, one arm per command.
//!
//! Exit status: 0 when the command succeeded (for `judge`, every run AC and every snapshot
//! matching), 1 when it ran and found a failure, 2 for a usage error.

use std::ffi::OsString;

use lexopt::prelude::*;

pub const USAGE: &str = "\
usage: cargo xtask <command> [options]

commands:
  judge      run every implementation against every case in cases/ and compare them side by side
  list       print every implementation, one problem/name a line
  new-case   write a case file whose expected count comes from the checker's oracle
  stress     every implementation against the oracle on random boards; shrink what disagrees
  bench      time every implementation side by side on a release build: tables and a plot
  export     print one implementation as a single std-only file, ready to submit to its judge

cargo xtask judge [--impl PATTERN] [--case PATTERN] [--cases DIR] [--json] [--jobs N] [--accept]
  --impl PATTERN   only implementations whose problem/name matches (glob with * and ?, or a
                   substring; comma-separated alternatives)
  --case PATTERN   only cases whose id (path under the cases folder, without .toml) matches
  --cases DIR      judge the cases in DIR instead of cases/
  --json           print the results as JSON instead of tables
  --jobs N         run N children at once (default: the number of cores)
  --accept         write missing or changed snapshots from the oracle as accepted .snap files

cargo xtask list

cargo xtask new-case NAME (--n N | --board FILE) [--description TEXT] [--cases DIR] [--force]
  NAME             the case's path under the cases folder, without .toml (e.g. reserved/corner)
  --n N            the empty N x N board (its count comes from OEIS A000170)
  --board FILE     a board in the CSES text format (its count comes from the brute-force oracle)
  --description    a line saying what the case is for
  --force          replace an existing case file

cargo xtask stress [--seed S] [--iterations K] [--sizes 4..=10] [--density 0..0.6] [--impl PATTERN] [--cases DIR]
  --seed S         the random seed (default 1); a run is reproducible from it
  --iterations K   how many random boards (default 300)
  --sizes SIDES    the board sides to draw from, uniformly: A..=B, A..B, N or a comma list of
                   these (default 4..=10, at most 12); LeetCode runs on each side's empty board
  --density A..B   the fraction of reserved squares, drawn per board (default 0..0.6)
  --cases DIR      where to write the case for a disagreement (default cases/, as stress/seedS-iterationI.toml)
  exit status 1 when an implementation disagreed with the oracle

cargo xtask bench [--sizes 4..=14] [--impl PATTERN] [--budget SECONDS] [--json] [--cases DIR] [--out DIR]
  --sizes SIDES    the empty boards' sides: A..=B, A..B, N or a comma list of these (default
                   4..=14, at most 27); the cases with reserved squares of these sides are timed
                   too (CSES counters only)
  --impl PATTERN   only implementations whose problem/name matches, as for judge
  --budget SECONDS what one run may take (default 2): a run past it is killed, marked over budget,
                   and that implementation is skipped at larger sizes
  --json           every sample as JSON instead of tables
  --cases DIR      take the boards with reserved squares from DIR instead of cases/
  --out DIR        write the plot, empty-boards.svg, to DIR (default target/bench)
  Each cell is the median run, ± half the interquartile range, × the row's fastest. A debug
  xtask builds the release one and re-runs itself with it. Issue 7's table, fastest against
  bitmask for Q(12) to Q(18), in some 3 minutes (bitmask passes 60 s at n = 18, where its cell
  gives the ratio as a lower bound), or whole with --budget 400 in some 11 minutes:
    cargo xtask bench --impl cses/fastest,cses/bitmask --sizes 12..=18 --budget 60
  exit status 1 when an answer was wrong or a run crashed

cargo xtask export PROBLEM/NAME [-o FILE]
  PROBLEM/NAME     cses/NAME gives a whole program (the module and a main reading the board on
                   stdin); leetcode51/NAME, leetcode52/NAME or leetcode/NAME gives the module's
                   `impl Solution` block and helpers, without `struct Solution`
  --output FILE    write FILE, whole or not at all, instead of printing (also -o FILE)

exit status: 0 success, 1 a failed run or check, 2 a usage error";

const COMMANDS: &str = "judge, list, new-case, stress, bench, export";

/// Runs the command line; returns the exit status.
pub fn main(args: Vec<OsString>) -> i32 {
    match run(args) {
        Ok(status) => status,
        Err(message) => {
            // One line: the fault, naming the option or value; `--help` has the rest.
            eprintln!("error: {message}");
            2
        }
    }
}

fn run(args: Vec<OsString>) -> Result<i32, String> {
    let mut parser = lexopt::Parser::from_args(args);
    let command = match parser.next().map_err(|error| error.to_string())? {
        Some(Value(command)) => command.string().map_err(|error| error.to_string())?,
        Some(Short('h') | Long("help")) => {
            println!("{USAGE}");
            return Ok(0);
        }
        Some(other) => return Err(other.unexpected().to_string()),
        None => {
            return Err(format!(
                "missing command: expected one of {COMMANDS}; `cargo xtask --help` explains them"
            ))
        }
    };
    match command.as_str() {
        "judge" => crate::judge::command(parser),
        "list" => crate::registry::list_command(parser),
        "new-case" => crate::new_case::command(parser),
        "stress" => crate::stress::command(parser),
        "bench" => crate::bench::command(parser),
        "export" => crate::export::command(parser),
        "__run" => crate::isolate::child_command(parser),
        other => Err(format!("unknown command `{other}`: expected one of {COMMANDS}")),
    }
}

/// The next option's value, as given.
pub(crate) fn os_value(parser: &mut lexopt::Parser) -> Result<OsString, String> {
    parser.value().map_err(|error| error.to_string())
}

/// The next option's value, as UTF-8 text.
pub(crate) fn text_value(parser: &mut lexopt::Parser) -> Result<String, String> {
    os_value(parser)?.string().map_err(|error| error.to_string())
}

/// The next option's value, as a whole number; the error names the option.
pub(crate) fn number_value<T: std::str::FromStr>(
    parser: &mut lexopt::Parser,
    option: &str,
) -> Result<T, String> {
    let text = text_value(parser)?;
    text.parse().map_err(|_| format!("{option} `{text}`: expected a whole number"))
}

/// Prints the usage text for `-h`/`--help` inside a command.
pub(crate) fn help_requested() -> Result<i32, String> {
    println!("{USAGE}");
    Ok(0)
}
