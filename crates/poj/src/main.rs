//! The `poj` binary: a whole POJ 3239 program. It reads the n's from stdin, up to a 0, and prints
//! one placement a line ([`poj::answer`], by the explicit construction).
//!
//! On input POJ would never give (not a number, an n without a placement, unreadable stdin) it
//! prints nothing on stdout, one line on stderr, and exits with status 2; 1 when stdout fails.

use std::io::{Read, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut input = String::new();
    if let Err(error) = std::io::stdin().read_to_string(&mut input) {
        let _ = writeln!(std::io::stderr(), "error: cannot read stdin: {error}");
        return ExitCode::from(2);
    }
    let output = match poj::answer(&input) {
        Ok(output) => output,
        Err(message) => {
            let _ = writeln!(std::io::stderr(), "error: {message}");
            return ExitCode::from(2);
        }
    };
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(output.as_bytes()).and_then(|()| stdout.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            let _ = writeln!(std::io::stderr(), "error: cannot write to stdout: {error}");
            ExitCode::from(1)
        }
    }
}
