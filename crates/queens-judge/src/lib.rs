//! `queens-judge`, the product: the command line over the judge engine (its commands, `crates/judge`,
//! over its domain, `crates/judge-core`), installed as `queens-judge` (`cargo install --path
//! crates/queens-judge`) and run in this repository as `cargo xtask` (the `xtask` package, its
//! tooling). Both binaries call [`main`].
//!
//! This crate only parses arguments (clap's derive, one module a command), shows progress and
//! colour, and calls the engine; everything else is the engine's. Exit status: 0 when the command
//! succeeded (for `judge`, every run AC and every snapshot matching), 1 when it ran and found a
//! failure, 2 for a usage error, 3 when the machine lacks what it needs (a compiler, a sandbox),
//! 4 when a file given cannot be used (a case file that does not parse); always told in one line.

mod bench;
mod child;
mod export;
mod judge;
mod languages;
mod list;
mod new_case;
mod output;
mod stress;

use clap::{Parser, Subcommand};

/// The workspace's tasks: judge N-Queens solutions the way CSES 1624 and LeetCode 51/52 do, and
/// compare them side by side.
#[derive(Parser, Debug)]
#[command(name = "cargo xtask", bin_name = "cargo xtask")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    Judge(judge::Args),
    List(list::Args),
    Languages(languages::Args),
    NewCase(new_case::Args),
    Stress(stress::Args),
    Bench(bench::Args),
    Export(export::Args),
}

/// The commands, as the one-line error for a missing one lists them.
const COMMANDS: [&str; 7] = ["judge", "list", "languages", "new-case", "stress", "bench", "export"];

/// How the user calls this program: `queens-judge` when installed under that name, else
/// `cargo xtask`; help, usage lines and rerun commands say it.
pub fn invocation() -> &'static str {
    let installed = std::env::args_os()
        .next()
        .and_then(|first| {
            std::path::Path::new(&first).file_name().map(|name| name.to_string_lossy().into_owned())
        })
        .is_some_and(|name| name.starts_with("queens-judge"));
    if installed {
        "queens-judge"
    } else {
        "cargo xtask"
    }
}

/// The program: the child of a run (`__run`), or one command.
pub fn main() {
    // The child of every run starts hundreds of times a judge run: it skips clap, whose command
    // tree costs more to build than the smallest runs take.
    if std::env::args_os().nth(1).is_some_and(|command| command == child::COMMAND) {
        std::process::exit(child::main(std::env::args_os().skip(2).collect()));
    }
    // The server the runs of built-ins are forked from (see `judge_core::runner::forked`): each fork
    // answers one `__run`.
    if std::env::args_os().nth(1).is_some_and(|command| command == ::judge_core::runner::forked::COMMAND) {
        // The problems' descriptions are read here, once, and every fork has them.
        let _ = ::judge_core::problem::Problem::all().count();
        std::process::exit(::judge_core::runner::forked::serve(child::forked));
    }
    let name = invocation();
    ::judge_core::install::set_invocation(name);
    // `queens-judge mine.cpp`, `queens-judge --watch mine.cpp`: judging is what the installed
    // program is for, so anything first but a command or a request for help is `judge`'s.
    let mut arguments: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let first = arguments.get(1).map(|first| first.to_string_lossy().into_owned());
    if name == "queens-judge"
        && first.is_some_and(|first| {
            !["help", "-h", "--help"].contains(&first.as_str()) && !COMMANDS.contains(&first.as_str())
        })
    {
        arguments.insert(1, "judge".into());
    }
    let parsed = <Cli as clap::CommandFactory>::command()
        .name(name)
        .bin_name(name)
        .try_get_matches_from(arguments)
        .and_then(|matches| <Cli as clap::FromArgMatches>::from_arg_matches(&matches));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(error) if error.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            output::usage_error(&format!(
                "missing command: expected one of {}; `{name} --help` explains them",
                COMMANDS.join(", ")
            ))
        }
        Err(error) if !error.use_stderr() => {
            // --help and the help subcommand: print it, exit 0.
            let _ = error.print();
            std::process::exit(0);
        }
        Err(error) => output::usage_error(&output::first_line(&error.render().to_string())),
    };
    let status = match cli.command {
        Command::Judge(args) => args.run(),
        Command::List(args) => args.run(),
        Command::Languages(args) => args.run(),
        Command::NewCase(args) => args.run(),
        Command::Stress(args) => args.run(),
        Command::Bench(args) => args.run(),
        Command::Export(args) => args.run(),
    };
    // Rust ignores SIGPIPE, so a reader gone (`| head -1`) shows as a write error: ended here, once
    // every run's child process has been waited for and every value dropped on the way out, rather
    // than by the signal wherever the process happened to be.
    match status {
        Ok(status) => std::process::exit(status),
        Err(output::Failure::Usage(message)) => output::usage_error(&message),
        Err(output::Failure::BrokenPipe) => std::process::exit(0),
        Err(output::Failure::Other(message)) => {
            // With `2>&1 | head -1` stderr may be gone too, and eprintln! would panic.
            output::error_line(&message);
            std::process::exit(1);
        }
        Err(output::Failure::Engine(error)) => {
            output::error_line(&error.to_string());
            std::process::exit(error.exit_status());
        }
    }
}
