//! `cargo xtask new-case`: writes a case file whose `expected` comes from the checker's oracle,
//! so that adding a case needs no counting by hand.

use std::path::PathBuf;

use checker::{oracle, Board, MAX_N};

use lexopt::prelude::*;

use crate::cases::{parse_case, render_case_file};
use crate::cli::{help_requested, number_value, os_value, text_value};
use crate::default_cases_folder;

/// The largest board with reserved squares that the brute-force oracle is asked to count.
pub const ORACLE_MAX_N: usize = 12;

/// Where the new case's board comes from.
#[derive(Clone, Debug)]
pub enum Source {
    /// The empty n x n board.
    Empty(usize),
    /// A file holding CSES board text.
    BoardFile(PathBuf),
    /// CSES board text itself (used by `stress`).
    Board(Board),
}

/// What `new-case` was asked.
#[derive(Clone, Debug)]
pub struct NewCase {
    pub cases_folder: PathBuf,
    /// The case's id: its path under the cases folder, without `.toml` (`reserved/my-board`).
    pub name: String,
    pub source: Source,
    pub description: Option<String>,
    pub overwrite: bool,
}

/// Writes the case file and returns its path and `expected`.
///
/// # Errors
/// A one-line reason: a bad name, an unreadable or malformed board file, a board too large for the
/// oracle, an existing file (without `overwrite`), or an I/O error. Nothing is written on error.
pub fn write_new_case(request: &NewCase) -> Result<(PathBuf, u64), String> {
    let name = request.name.trim_end_matches(".toml");
    let name_is_safe = !name.is_empty()
        && name.split('/').all(|part| {
            !part.is_empty()
                && part != "."
                && part != ".."
                && part.chars().all(|c| c.is_ascii_alphanumeric() || "-_".contains(c))
        });
    if !name_is_safe {
        return Err(format!(
            "case name `{}`: expected letters, digits, `-` and `_`, in `/`-separated folders",
            request.name
        ));
    }
    let (board, as_n) = match &request.source {
        Source::Empty(n) => (Board::empty(*n).map_err(|error| format!("--n {n}: {error}"))?, true),
        Source::Board(board) => (board.clone(), false),
        Source::BoardFile(path) => {
            let bytes =
                std::fs::read(path).map_err(|error| format!("{}: cannot read: {error}", path.display()))?;
            let board = Board::parse_bytes(&bytes).map_err(|error| format!("{}: {error}", path.display()))?;
            (board, false)
        }
    };
    let expected = if board.reserved_count() == 0 {
        oracle::known_count(board.n()).ok_or_else(|| format!("no known count for n = {}", board.n()))?
    } else if board.n() <= ORACLE_MAX_N {
        oracle::count(&board)
    } else {
        return Err(format!(
            "the board is {0} x {0} with reserved squares: the brute-force oracle counts boards up to {ORACLE_MAX_N} x {ORACLE_MAX_N} (the size bound is {MAX_N})",
            board.n()
        ));
    };
    let path = request.cases_folder.join(format!("{name}.toml"));
    if path.exists() && !request.overwrite {
        return Err(format!("{}: already exists (pass --force to replace it)", path.display()));
    }
    let text = render_case_file(&board, as_n, expected, request.description.as_deref());
    // Parse what is about to be written, so a case file this tool writes is always one it reads.
    parse_case(name, &path, &text)
        .map_err(|error| format!("internal error, the new case does not parse: {error}"))?;
    crate::write_atomically(&path, &text)?;
    Ok((path, expected))
}

/// Runs `cargo xtask new-case`; returns the exit status (1 when nothing could be written).
///
/// # Errors
/// A usage error, as one line.
pub fn command(mut parser: lexopt::Parser) -> Result<i32, String> {
    let mut name = None;
    let mut source = None;
    let mut description = None;
    let mut cases_folder = default_cases_folder();
    let mut overwrite = false;
    while let Some(argument) = parser.next().map_err(|error| error.to_string())? {
        match argument {
            Long("n") | Long("board") if source.is_some() => {
                return Err("new-case: give one of --n N and --board FILE, once".to_string())
            }
            Long("n") => {
                let n: usize = number_value(&mut parser, "--n")?;
                if n == 0 || n > MAX_N {
                    return Err(format!("--n `{n}`: expected a side from 1 to {MAX_N}"));
                }
                source = Some(Source::Empty(n));
            }
            Long("board") => source = Some(Source::BoardFile(PathBuf::from(os_value(&mut parser)?))),
            Long("description") => description = Some(text_value(&mut parser)?),
            Long("cases") => cases_folder = PathBuf::from(os_value(&mut parser)?),
            Long("force") => overwrite = true,
            Short('h') | Long("help") => return help_requested(),
            Value(value) if name.is_none() => name = Some(value.string().map_err(|error| error.to_string())?),
            other => return Err(other.unexpected().to_string()),
        }
    }
    let name = name.ok_or("new-case: missing NAME")?;
    let source = source.ok_or("new-case: expected --n N or --board FILE")?;
    let request = NewCase { cases_folder, name, source, description, overwrite };
    match write_new_case(&request) {
        Ok((path, expected)) => {
            println!(
                "wrote {} (expected = {expected}); `cargo xtask judge --accept` records its snapshot",
                crate::judge::display_relative(&path)
            );
            Ok(0)
        }
        Err(message) => {
            eprintln!("error: {message}");
            Ok(1)
        }
    }
}
