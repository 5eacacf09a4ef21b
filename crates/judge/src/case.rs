//! Case files: one TOML file a case under `cases/`, parsed strictly, so that a case's truth is
//! always the `expected` a person (or the oracle, through `new-case`) wrote down.
//!
//! Every fault is one line naming the file and the key, or the file's line and column.

use std::fmt;
use std::path::{Path, PathBuf};

use checker::{Board, MAX_N};
use serde::Deserialize;

/// CSES's limits, the defaults of every case.
pub const DEFAULT_TIME_LIMIT_MS: u64 = 1000;
pub const DEFAULT_MEMORY_LIMIT_MB: u64 = 512;

/// The folder, inside a cases folder other than the repository's, that holds the snapshots; it is
/// never read as cases.
pub const SNAPSHOT_FOLDER: &str = "snapshots";

/// One judged case.
#[derive(Clone, Debug)]
pub struct Case {
    /// The path relative to the cases folder, without `.toml`, with `/` separators: `cses/sample`.
    pub id: String,
    /// The file as given (cases folder joined with the relative path).
    pub path: PathBuf,
    pub board: Board,
    /// Whether the case was given as `n`, the empty board; only those are LeetCode's.
    pub is_empty_board: bool,
    pub expected: u64,
    pub description: Option<String>,
    pub time_limit_ms: u64,
    pub memory_limit_mb: u64,
}

/// A case file that could not be read, with its one-line reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaseError {
    pub path: PathBuf,
    /// Where in the file: `key \`n\``, `line 3, column 1`, or nothing for the whole file.
    pub location: Option<String>,
    pub message: String,
}

impl fmt::Display for CaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.path.display())?;
        if let Some(location) = &self.location {
            write!(f, ": {location}")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for CaseError {}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CaseFile {
    n: Option<toml::Spanned<i64>>,
    board: Option<toml::Spanned<String>>,
    expected: u64,
    description: Option<String>,
    time_limit_ms: Option<toml::Spanned<u64>>,
    memory_limit_mb: Option<toml::Spanned<u64>>,
}

/// The 1-based line and column of a byte offset in `text`.
fn line_and_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |at| at + 1);
    (line, before[line_start..].chars().count() + 1)
}

/// Parses one case file's text; `id` and `path` only label the result and its errors.
///
/// # Errors
/// A [`CaseError`] for bad TOML, an unknown key, a wrong type, both or neither of `n` and `board`,
/// a value out of range, or a malformed board (at the file's line and column of the fault).
pub fn parse_case(id: &str, path: &Path, text: &str) -> Result<Case, CaseError> {
    let fail =
        |location: Option<String>, message: String| CaseError { path: path.to_path_buf(), location, message };
    let at_offset = |offset: usize| {
        let (line, column) = line_and_column(text, offset);
        Some(format!("line {line}, column {column}"))
    };
    let file: CaseFile = toml::from_str(text).map_err(|error| {
        let location = error.span().and_then(|span| at_offset(span.start));
        // toml's messages may span lines; a case error is one line.
        let message: Vec<&str> =
            error.message().lines().map(str::trim).filter(|line| !line.is_empty()).collect();
        fail(location, message.join(": "))
    })?;

    let key = |name: &str| Some(format!("key `{name}`"));
    let (board, is_empty_board) = match (file.n, file.board) {
        (Some(_), Some(_)) => {
            return Err(fail(None, "both `n` and `board` are given: expected exactly one".into()))
        }
        (None, None) => {
            return Err(fail(None, "neither `n` nor `board` is given: expected exactly one".into()))
        }
        (Some(n), None) => {
            let side = *n.get_ref();
            let board = usize::try_from(side).ok().and_then(|side| Board::empty(side).ok());
            match board {
                Some(board) => (board, true),
                None => return Err(fail(key("n"), format!("{side} is out of range: expected 1 to {MAX_N}"))),
            }
        }
        (None, Some(board_text)) => {
            let span = board_text.span();
            match Board::parse(board_text.get_ref()) {
                Ok(board) => (board, false),
                Err(error) => {
                    let raw = &text[span.clone()];
                    let (value_line, _) = line_and_column(text, span.start);
                    let location = if raw.starts_with("\"\"\"") || raw.starts_with("'''") {
                        // A multi-line string drops the newline right after its opening quotes, so
                        // the board's own lines map onto the file's.
                        let skipped = usize::from(raw[3..].starts_with('\n') || raw[3..].starts_with("\r\n"));
                        format!("key `board`, line {}", value_line + skipped + error.line - 1)
                    } else {
                        // A one-line string (rows joined by `\n` escapes) has no file line per row.
                        format!("key `board` (line {value_line})")
                    };
                    return Err(fail(Some(location), format!("board {error}")));
                }
            }
        }
    };
    let positive = |value: Option<toml::Spanned<u64>>, name: &str, default: u64| match value {
        None => Ok(default),
        Some(value) if *value.get_ref() > 0 => Ok(*value.get_ref()),
        Some(_) => Err(fail(key(name), "0 is out of range: expected a positive number".into())),
    };
    Ok(Case {
        id: id.to_string(),
        path: path.to_path_buf(),
        board,
        is_empty_board,
        expected: file.expected,
        description: file.description,
        time_limit_ms: positive(file.time_limit_ms, "time_limit_ms", DEFAULT_TIME_LIMIT_MS)?,
        memory_limit_mb: positive(file.memory_limit_mb, "memory_limit_mb", DEFAULT_MEMORY_LIMIT_MB)?,
    })
}

/// Every case under `folder` (recursively, `*.toml`, sorted by id), and every file that failed.
///
/// # Errors
/// Only when the folder itself cannot be read; bad files are returned beside the good ones.
pub fn load_cases(folder: &Path) -> Result<(Vec<Case>, Vec<CaseError>), CaseError> {
    let mut files = Vec::new();
    collect_toml_files(folder, folder, &mut files).map_err(|error| CaseError {
        path: folder.to_path_buf(),
        location: None,
        message: format!("cannot read the cases folder: {error}"),
    })?;
    files.sort();
    let mut cases = Vec::new();
    let mut errors = Vec::new();
    for (id, path) in files {
        let parsed = std::fs::read_to_string(&path)
            .map_err(|error| CaseError {
                path: path.clone(),
                location: None,
                message: format!("cannot read: {error}"),
            })
            .and_then(|text| parse_case(&id, &path, &text));
        match parsed {
            Ok(case) => cases.push(case),
            Err(error) => errors.push(error),
        }
    }
    Ok((cases, errors))
}

fn collect_toml_files(root: &Path, folder: &Path, files: &mut Vec<(String, PathBuf)>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(folder)? {
        let path = entry?.path();
        if path.is_dir() {
            if path.file_name().is_some_and(|name| name == SNAPSHOT_FOLDER) {
                continue;
            }
            collect_toml_files(root, &path, files)?;
        } else if path.extension().is_some_and(|extension| extension == "toml") {
            files.push((case_id(root, &path), path));
        }
    }
    Ok(())
}

/// A case's id: its path under the cases folder, `/`-separated, without `.toml`.
pub fn case_id(root: &Path, path: &Path) -> String {
    let relative = path.strip_prefix(root).unwrap_or(path).with_extension("");
    let parts: Vec<String> =
        relative.components().map(|part| part.as_os_str().to_string_lossy().into_owned()).collect();
    parts.join("/")
}

/// The TOML text of a new case file, in the layout `cases/README.md` documents.
pub fn render_case_file(board: &Board, as_n: bool, expected: u64, description: Option<&str>) -> String {
    let mut text = String::new();
    if let Some(description) = description {
        text.push_str(&format!("description = {}\n", toml_string(description)));
    }
    if as_n {
        text.push_str(&format!("n = {}\n", board.n()));
    } else {
        text.push_str(&format!("board = \"\"\"\n{}\"\"\"\n", board.to_text()));
    }
    text.push_str(&format!("expected = {expected}\n"));
    text
}

fn toml_string(value: &str) -> String {
    toml::Value::String(value.to_string()).to_string()
}
