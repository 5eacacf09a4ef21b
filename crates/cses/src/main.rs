//! The `cses` binary: reads a CSES 1624 board from stdin and prints its number of placements,
//! as the judge expects, with a choice of implementation and, for `fastest`, of threads and shard.
//!
//! Arguments are parsed with lexopt; the I/O is [`cses::run`]. Every failure is one line on stderr
//! and exit status 2 (1 when stdout cannot be written), with nothing on stdout. That includes a
//! board whose side the chosen implementation does not answer (one registered as
//! `eight_by_eight_only`, given another side than 8): it is refused, not counted.

use std::cell::Cell;
use std::io::Write;
use std::process::ExitCode;

use cses::fastest::Options;
use cses::{Implementation, DEFAULT_IMPLEMENTATION, IMPLEMENTATIONS};

/// The most threads `--threads` accepts; more would only fail to spawn.
const MAX_THREADS: usize = 256;

const EXIT_BAD_INPUT: u8 = 2;
const EXIT_CANNOT_WRITE: u8 = 1;

fn help() -> String {
    let names: Vec<&str> = IMPLEMENTATIONS.iter().map(|implementation| implementation.name).collect();
    let eight_by_eight_only: Vec<&str> = IMPLEMENTATIONS
        .iter()
        .filter(|implementation| implementation.eight_by_eight_only)
        .map(|implementation| implementation.name)
        .collect();
    let eight_by_eight_only = if eight_by_eight_only.is_empty() {
        String::new()
    } else {
        format!("\n                 (8 x 8 boards only: {})", eight_by_eight_only.join(", "))
    };
    format!(
        "\
cses: count the ways to place n non-attacking queens on an n x n board (CSES 1624)

Usage: cses [--impl NAME] [--threads N] [--shard I/K] < board.txt
       cses --list
       cses --help

Input (stdin): n lines of n characters, `.` a free square and `*` a reserved one, which holds no
queen but blocks no attack. CSES gives n = 8; any 1 <= n <= {max_n} is accepted. The last newline
is optional and CRLF line ends are accepted.
Output (stdout): the count and a newline, nothing else.

Options:
  --impl NAME    the implementation to count with (default: {default}); one of:
                 {names}{eight_by_eight_only}
  --threads N    threads for `fastest`, 0 to {max_threads}; 0, the default, means one per core
  --shard I/K    count only slice I of K disjoint slices (1 <= I <= K) with `fastest`; the
                 counts of slices 1/K to K/K add up to the whole count
  --list         print the implementation names, one a line
  -h, --help     print this help

Exit status: 0 on success; 2 for a bad argument, a bad board (a one-line error on stderr names
its line and column), a board whose side the implementation does not answer, or unreadable input;
1 when the count cannot be written. On failure nothing is printed to stdout.
",
        max_n = checker::MAX_N,
        default = DEFAULT_IMPLEMENTATION,
        names = names.join(", "),
        max_threads = MAX_THREADS,
    )
}

/// What the command line asks for.
enum Command {
    Help,
    List,
    Count { implementation: &'static Implementation, options: Option<Options> },
}

fn parse_arguments() -> Result<Command, lexopt::Error> {
    use lexopt::prelude::*;

    let mut parser = lexopt::Parser::from_env();
    let mut implementation_name = DEFAULT_IMPLEMENTATION.to_owned();
    let mut threads = None;
    let mut shard = None;
    let mut wants_list = false;
    while let Some(argument) = parser.next()? {
        match argument {
            Short('h') | Long("help") => return Ok(Command::Help),
            Long("list") => wants_list = true,
            Long("impl") => implementation_name = parser.value()?.string()?,
            Long("threads") => threads = Some(parse_threads(&parser.value()?.string()?)?),
            Long("shard") => shard = Some(parse_shard(&parser.value()?.string()?)?),
            _ => return Err(argument.unexpected()),
        }
    }
    if wants_list {
        return Ok(Command::List);
    }
    let Some(implementation) = cses::implementation(&implementation_name) else {
        let names: Vec<&str> = IMPLEMENTATIONS.iter().map(|implementation| implementation.name).collect();
        return Err(format!(
            "unknown implementation {implementation_name:?}: expected one of {}",
            names.join(", ")
        )
        .into());
    };
    if threads.is_none() && shard.is_none() {
        return Ok(Command::Count { implementation, options: None });
    }
    if implementation.name != "fastest" {
        return Err(format!(
            "--threads and --shard apply to the fastest implementation only, not to {:?}",
            implementation.name
        )
        .into());
    }
    let mut options = Options::default();
    if let Some(threads) = threads {
        options.threads = threads;
    }
    if let Some((shard_index, shard_count)) = shard {
        options.shard_index = shard_index;
        options.shard_count = shard_count;
    }
    Ok(Command::Count { implementation, options: Some(options) })
}

fn parse_threads(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(threads) if threads <= MAX_THREADS => Ok(threads),
        _ => Err(format!("invalid --threads {text:?}: expected a whole number from 0 to {MAX_THREADS}")),
    }
}

/// Parses `I/K` into the 0-based shard index and the shard count.
fn parse_shard(text: &str) -> Result<(usize, usize), String> {
    let invalid = || format!("invalid --shard {text:?}: expected I/K with whole numbers 1 <= I <= K");
    let (index, count) = text.split_once('/').ok_or_else(invalid)?;
    let index: usize = index.parse().map_err(|_| invalid())?;
    let count: usize = count.parse().map_err(|_| invalid())?;
    if index == 0 || index > count {
        return Err(invalid());
    }
    Ok((index - 1, count))
}

fn print_error(message: impl std::fmt::Display) {
    // Nothing is left to do if stderr itself fails, and eprintln! would panic.
    let _ = writeln!(std::io::stderr(), "error: {message}");
}

fn print_to_stdout(text: &str) -> ExitCode {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            print_error(format_args!("cannot write to stdout: {error}"));
            ExitCode::from(EXIT_CANNOT_WRITE)
        }
    }
}

fn main() -> ExitCode {
    let command = match parse_arguments() {
        Ok(command) => command,
        Err(error) => {
            print_error(error);
            return ExitCode::from(EXIT_BAD_INPUT);
        }
    };
    let (implementation, options) = match command {
        Command::Help => return print_to_stdout(&help()),
        Command::List => {
            let names: String =
                IMPLEMENTATIONS.iter().map(|implementation| format!("{}\n", implementation.name)).collect();
            return print_to_stdout(&names);
        }
        Command::Count { implementation, options } => (implementation, options),
    };
    // A side the implementation does not answer is noted and not counted (an 8 x 8-only counter
    // may panic on it); the count goes to a buffer, so that stdout stays empty when it is refused.
    let unanswered_side = Cell::new(None);
    let count = |reserved: &[Vec<bool>]| {
        if implementation.eight_by_eight_only && reserved.len() != 8 {
            unanswered_side.set(Some(reserved.len()));
            return 0;
        }
        match &options {
            Some(options) => cses::fastest::count_with(reserved, options),
            None => (implementation.count)(reserved),
        }
    };
    let mut output = Vec::new();
    // Writing to a buffer cannot fail, so an error here is the input's: unreadable or not a board.
    if let Err(error) = cses::run(std::io::stdin().lock(), &mut output, count) {
        print_error(error);
        return ExitCode::from(EXIT_BAD_INPUT);
    }
    if let Some(n) = unanswered_side.get() {
        print_error(format_args!(
            "{:?} answers 8 x 8 boards only, not {n} x {n}: choose another --impl",
            implementation.name
        ));
        return ExitCode::from(EXIT_BAD_INPUT);
    }
    if stdout_is_closed() {
        print_error("cannot write to stdout: it is closed");
        return ExitCode::from(EXIT_CANNOT_WRITE);
    }
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(&output).and_then(|()| stdout.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            print_error(cses::RunError::Write(error));
            ExitCode::from(EXIT_CANNOT_WRITE)
        }
    }
}

/// Whether file descriptor 1 was closed when the program started (`cses >&-`), which would lose
/// the count with exit status 0. Rust's runtime opens `/dev/null` read-write on a standard
/// descriptor that is closed at start, so such a stdout is `/dev/null` opened `O_RDWR`, where a
/// shell's `> /dev/null` opens it write-only. Linux shows both facts in /proc; elsewhere this says
/// no.
fn stdout_is_closed() -> bool {
    const O_ACCMODE: u32 = 0o3;
    const O_RDWR: u32 = 0o2;
    let is_dev_null =
        std::fs::read_link("/proc/self/fd/1").is_ok_and(|target| target == std::path::Path::new("/dev/null"));
    let read_write = std::fs::read_to_string("/proc/self/fdinfo/1").ok().and_then(|info| {
        let flags = info.lines().find_map(|line| line.strip_prefix("flags:"))?;
        u32::from_str_radix(flags.trim(), 8).ok()
    });
    is_dev_null && read_write.is_some_and(|flags| flags & O_ACCMODE == O_RDWR)
}
