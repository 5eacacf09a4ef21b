//! The `cses` binary: reads a CSES 1624 board from stdin and prints its number of placements,
//! as the judge expects, with a choice of implementation and, for `fastest`, of threads and shard.
//! A shard run (`--shard I/K`, or `--shard env/K` with the index from a Slurm job array or a
//! Kubernetes Indexed Job) prints one self-describing shard line instead of the bare count, and
//! `cses --sum FILE...` adds such lines up; both live in `main/shards.rs`.
//!
//! Arguments are parsed with lexopt; the I/O is [`cses::run`]. Every failure is one line on stderr
//! and exit status 2 (1 when stdout cannot be written), with nothing on stdout. That includes a
//! board whose side the chosen implementation does not answer (one registered as
//! `eight_by_eight_only`, given another side than 8): it is refused, not counted.

use std::cell::Cell;
use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};

use cses::fastest::Options;
use cses::{Implementation, DEFAULT_IMPLEMENTATION, IMPLEMENTATIONS};

// Beside main.rs rather than in `src/`, whose top level holds the solution modules, one file each.
#[path = "main/shards.rs"]
mod shards;

use shards::{BoardId, ShardLine, Sum};

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

Usage: cses [--impl NAME] [--threads N] [--shard I/K | --shard env/K] < board.txt
       cses --sum FILE...
       cses --list
       cses --help

Input (stdin): n lines of n characters, `.` a free square and `*` a reserved one, which holds no
queen but blocks no attack. CSES gives n = 8; any 1 <= n <= {max_n} is accepted. The last newline
is optional and CRLF line ends are accepted.
Output (stdout): the count and a newline, nothing else; with --shard, one shard line instead:
  slice I/K of board n=N fnv1a64=HASH slicing=NAME: COUNT
where HASH (16 hex digits) is the FNV-1a 64-bit hash of the board's rows, each ending with `\\n`,
and NAME names the code that cut the slices (fastest and a hash of its source).

Options:
  --impl NAME    the implementation to count with (default: {default}); one of:
                 {names}{eight_by_eight_only}
  --threads N    threads for `fastest`, 0 to {max_threads}; 0, the default, means one per core
  --shard I/K    count only slice I of K disjoint slices (1 <= I <= K) with `fastest`; the
                 counts of slices 1/K to K/K add up to the whole count
  --shard env/K  the same, with the 0-based slice index from the environment: SLURM_ARRAY_TASK_ID
                 (a Slurm job array, sbatch --array=0-<K-1>) or JOB_COMPLETION_INDEX (a
                 Kubernetes Indexed Job with completions: K); an error when neither is set, when
                 both are and differ, or when the index is not below K
  --sum FILE...  add up the shard lines of the FILEs (`-` for stdin) and print the total count;
                 blank lines are skipped, and any other line, a slice of another K or board, a
                 repeated or a missing slice, or a total past 2^64 - 1 is refused
  --list         print the implementation names, one a line
  -h, --help     print this help

Environment: QUEENS_FASTEST_KERNEL=scalar makes `fastest` count with its scalar loop even where
the processor has AVX2 (its AVX2 loop, picked at run time for sides 12 to 22, is about twice as
fast); the count is the same.

Recipes for Slurm, Kubernetes and GNU parallel: docs/clusters.md in the source.

Exit status: 0 on success; 2 for a bad argument, a bad board (a one-line error on stderr names
its line and column), a board whose side the implementation does not answer, unreadable input,
or shard lines that --sum refuses (the error names the file and line); 1 when the count cannot
be written. On failure nothing is printed to stdout.
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
    Count {
        implementation: &'static Implementation,
        options: Option<Options>,
        /// Whether to print a shard line rather than the bare count: a `--shard` run.
        shard_line: bool,
    },
    Sum {
        files: Vec<OsString>,
    },
}

/// A `--shard` value: the 0-based slice and the slice count, or the count alone, the slice to
/// come from the environment.
enum Shard {
    Given { index: usize, count: usize },
    FromEnvironment { count: usize },
}

fn parse_arguments() -> Result<Command, lexopt::Error> {
    use lexopt::prelude::*;

    let mut parser = lexopt::Parser::from_env();
    let mut implementation_name = None;
    let mut threads = None;
    let mut shard = None;
    let mut wants_list = false;
    let mut wants_sum = false;
    let mut files = Vec::new();
    // A file name is an error unless --sum comes, before or after it.
    let mut first_unexpected = None;
    while let Some(argument) = parser.next()? {
        match argument {
            Short('h') | Long("help") => return Ok(Command::Help),
            Long("list") => wants_list = true,
            Long("sum") => wants_sum = true,
            Long("impl") => implementation_name = Some(parser.value()?.string()?),
            Long("threads") => threads = Some(parse_threads(&parser.value()?.string()?)?),
            Long("shard") => shard = Some(parse_shard(&parser.value()?.string()?)?),
            Value(file) => {
                if first_unexpected.is_none() {
                    first_unexpected = Some(Value(file.clone()).unexpected());
                }
                files.push(file);
            }
            _ => return Err(argument.unexpected()),
        }
    }
    if wants_sum {
        if wants_list || implementation_name.is_some() || threads.is_some() || shard.is_some() {
            return Err("--sum takes files only, not --list, --impl, --threads or --shard".into());
        }
        if files.is_empty() {
            return Err("--sum needs at least one FILE of shard lines (`-` for stdin)".into());
        }
        return Ok(Command::Sum { files });
    }
    if let Some(unexpected) = first_unexpected {
        return Err(unexpected);
    }
    if wants_list {
        return Ok(Command::List);
    }
    let implementation_name = implementation_name.unwrap_or_else(|| DEFAULT_IMPLEMENTATION.to_owned());
    let Some(implementation) = cses::implementation(&implementation_name) else {
        let names: Vec<&str> = IMPLEMENTATIONS.iter().map(|implementation| implementation.name).collect();
        return Err(format!(
            "unknown implementation {implementation_name:?}: expected one of {}",
            names.join(", ")
        )
        .into());
    };
    if threads.is_none() && shard.is_none() {
        return Ok(Command::Count { implementation, options: None, shard_line: false });
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
    let shard_line = shard.is_some();
    match shard {
        None => {}
        Some(Shard::Given { index, count }) => {
            options.shard_index = index;
            options.shard_count = count;
        }
        Some(Shard::FromEnvironment { count }) => {
            options.shard_index = shards::slice_index_from_environment(count, |name| std::env::var_os(name))?;
            options.shard_count = count;
        }
    }
    Ok(Command::Count { implementation, options: Some(options), shard_line })
}

fn parse_threads(text: &str) -> Result<usize, String> {
    match shards::parse_whole_number::<usize>(text) {
        Some(threads) if threads <= MAX_THREADS => Ok(threads),
        _ => Err(format!("invalid --threads {text:?}: expected a whole number from 0 to {MAX_THREADS}")),
    }
}

/// Parses `I/K` into the 0-based shard index and the shard count, or `env/K` into the count.
fn parse_shard(text: &str) -> Result<Shard, String> {
    if let Some(count) = text.strip_prefix("env/") {
        return match shards::parse_whole_number::<usize>(count) {
            Some(count) if count >= 1 => Ok(Shard::FromEnvironment { count }),
            _ => Err(format!("invalid --shard {text:?}: expected env/K with a whole number K >= 1")),
        };
    }
    let invalid = || format!("invalid --shard {text:?}: expected I/K with whole numbers 1 <= I <= K");
    let (index, count) = text.split_once('/').ok_or_else(invalid)?;
    let index: usize = shards::parse_whole_number(index).ok_or_else(invalid)?;
    let count: usize = shards::parse_whole_number(count).ok_or_else(invalid)?;
    if index == 0 || index > count {
        return Err(invalid());
    }
    Ok(Shard::Given { index: index - 1, count })
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
    let (implementation, options, shard_line) = match command {
        Command::Help => return print_to_stdout(&help()),
        Command::List => {
            let names: String =
                IMPLEMENTATIONS.iter().map(|implementation| format!("{}\n", implementation.name)).collect();
            return print_to_stdout(&names);
        }
        Command::Sum { files } => return sum(&files),
        Command::Count { implementation, options, shard_line } => (implementation, options, shard_line),
    };
    // A side the implementation does not answer is noted and not counted (an 8 x 8-only counter
    // may panic on it); the count goes to a buffer, so that stdout stays empty when it is refused.
    let unanswered_side = Cell::new(None);
    let board = Cell::new(None);
    let count = |reserved: &[Vec<bool>]| {
        if implementation.eight_by_eight_only && reserved.len() != 8 {
            unanswered_side.set(Some(reserved.len()));
            return 0;
        }
        if shard_line {
            board.set(Some(BoardId::of(reserved)));
        }
        match &options {
            Some(options) => cses::fastest::count_with(reserved, options),
            None => (implementation.count)(reserved),
        }
    };
    let mut output = Vec::new();
    // Writing to a buffer cannot fail, so an error here is the input's: unreadable or not a board.
    let n_solutions = match cses::run(std::io::stdin().lock(), &mut output, count) {
        Ok(n_solutions) => n_solutions,
        Err(error) => {
            print_error(error);
            return ExitCode::from(EXIT_BAD_INPUT);
        }
    };
    if let Some(n) = unanswered_side.get() {
        print_error(format_args!(
            "{:?} answers 8 x 8 boards only, not {n} x {n}: choose another --impl",
            implementation.name
        ));
        return ExitCode::from(EXIT_BAD_INPUT);
    }
    if let (Some(board), Some(options)) = (board.get(), &options) {
        let shard = ShardLine {
            slice: options.shard_index + 1,
            slice_count: options.shard_count,
            board,
            slicing: shards::slicing_of(implementation.name, implementation.source),
            count: n_solutions,
        };
        output = format!("{shard}\n").into_bytes();
    }
    write_result(&output, |error| print_error(cses::RunError::Write(error)))
}

/// `cses --sum FILE...`: the total of the files' shard lines, or the first fault in one line.
fn sum(files: &[OsString]) -> ExitCode {
    let mut sum = Sum::default();
    for file in files {
        let added = if file == "-" {
            sum.add_input("<stdin>", std::io::stdin().lock())
        } else {
            let name = file.to_string_lossy();
            match std::fs::File::open(file) {
                Ok(opened) => sum.add_input(&name, std::io::BufReader::new(opened)),
                Err(error) => Err(format!("cannot read {name}: {error}")),
            }
        };
        if let Err(message) = added {
            print_error(message);
            return ExitCode::from(EXIT_BAD_INPUT);
        }
    }
    match sum.total() {
        Ok(total) => write_result(format!("{total}\n").as_bytes(), |error| {
            print_error(format_args!("cannot write the total: {error}"));
        }),
        Err(message) => {
            print_error(message);
            ExitCode::from(EXIT_BAD_INPUT)
        }
    }
}

/// Writes a count or a total to stdout, refusing a stdout that was closed at start; `report` says
/// why a write failed.
fn write_result(output: &[u8], report: impl FnOnce(std::io::Error)) -> ExitCode {
    if stdout_is_closed() {
        print_error("cannot write to stdout: it is closed");
        return ExitCode::from(EXIT_CANNOT_WRITE);
    }
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(output).and_then(|()| stdout.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            report(error);
            ExitCode::from(EXIT_CANNOT_WRITE)
        }
    }
}

/// Whether file descriptor 1 was closed when the program started (`cses >&-`), which would lose
/// the count with exit status 0. Rust's runtime opens `/dev/null` read-write on a standard
/// descriptor that is closed at start, which leaves it like a stdout that was `/dev/null` opened
/// read-write on purpose (`1<>/dev/null`, Python's `subprocess.DEVNULL`), so the descriptor is
/// looked at before the runtime starts, by [`RECORD_STDOUT`]. Where that cannot run, this says no:
/// a lost count is better than a working stdout refused.
fn stdout_is_closed() -> bool {
    STDOUT_CLOSED_AT_START.load(Ordering::Relaxed)
}

static STDOUT_CLOSED_AT_START: AtomicBool = AtomicBool::new(false);

/// Run by the C runtime before `main`, hence before Rust's runtime reopens a closed descriptor 1.
#[cfg(target_os = "linux")]
#[used]
#[unsafe(link_section = ".init_array")]
static RECORD_STDOUT: extern "C" fn() = record_stdout;

#[cfg(target_os = "linux")]
extern "C" fn record_stdout() {
    unsafe extern "C" {
        fn fcntl(descriptor: i32, command: i32, ...) -> i32;
    }
    const F_GETFD: i32 = 1;
    // SAFETY: F_GETFD reads the descriptor's flags and changes nothing; its one failure is EBADF,
    // for a descriptor that is not open.
    let closed = unsafe { fcntl(1, F_GETFD) } == -1;
    STDOUT_CLOSED_AT_START.store(closed, Ordering::Relaxed);
}
