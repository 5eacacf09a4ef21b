//! New cases: a case file whose `expected` comes from the checker's oracle (or OEIS A000170 for
//! an empty board), so that adding a case needs no counting by hand. A board file is read up to
//! [`cses::MAX_INPUT_BYTES`], as the `cses` binary reads its input, so `/dev/zero` is refused at once.

use std::path::PathBuf;

use std::io::Read;

use checker::{oracle, Board, MAX_N};

use crate::case::{parse_case, render_case_file};

pub use crate::case::ORACLE_MAX_N;

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
            let bytes = read_bounded(path)?;
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
    if let Some(folder) = path.parent() {
        std::fs::create_dir_all(folder)
            .map_err(|error| format!("{}: cannot create: {error}", folder.display()))?;
    }
    crate::write_atomically(&path, &text)?;
    Ok((path, expected))
}

/// A board file's bytes, at most [`cses::MAX_INPUT_BYTES`] of them.
fn read_bounded(path: &std::path::Path) -> Result<Vec<u8>, String> {
    let fail = |error: std::io::Error| format!("{}: cannot read: {error}", path.display());
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|file| file.take(cses::MAX_INPUT_BYTES as u64 + 1).read_to_end(&mut bytes))
        .map_err(fail)?;
    if bytes.len() > cses::MAX_INPUT_BYTES {
        return Err(format!(
            "{}: more than {} bytes: a board is at most {MAX_N} rows of {MAX_N} squares",
            path.display(),
            cses::MAX_INPUT_BYTES
        ));
    }
    Ok(bytes)
}
