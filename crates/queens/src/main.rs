//! The `queens` binary: parses `queens N [--show | show | --count]`, picks colour or plain drawing
//! from the terminal and NO_COLOR, and streams the answer through a buffered stdout.
//!
//! Argument errors print the error and the usage line on stderr and exit with status 2. A reader
//! that stops early (`queens 12 | head -1`) closes the pipe; the next write fails with
//! `BrokenPipe`, the search stops, and the program exits quietly with status 0, as `cat` would
//! under a shell that ignores SIGPIPE.

use std::io::{self, BufWriter, IsTerminal, Write};
use std::process::ExitCode;

use queens::{Command, Style};

fn main() -> ExitCode {
    let command = match queens::parse_args(std::env::args_os().skip(1)) {
        Ok(command) => command,
        Err(error) => {
            eprintln!("queens: {error}");
            eprintln!("{}", queens::USAGE);
            return ExitCode::from(2);
        }
    };
    let stdout = io::stdout();
    let style: Style = queens::style_for(stdout.is_terminal(), std::env::var_os("NO_COLOR").as_deref());
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let written = match command {
        Command::Help => out.write_all(queens::HELP.as_bytes()).and_then(|()| out.flush()),
        Command::Run { n, mode } => queens::run(n, mode, style, &mut out),
    };
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => {
            // What is still buffered has nowhere to go; dropping `out` would try to write it again.
            let _unwritten = out.into_parts();
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("queens: cannot write the output: {error}");
            ExitCode::from(1)
        }
    }
}
