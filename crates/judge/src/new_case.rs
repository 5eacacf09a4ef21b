//! New cases: a case file whose `expected` comes from the checker's oracle (or OEIS A000170 for
//! an empty board), so that adding a case needs no counting by hand. A board file is read up to
//! [`cses::MAX_INPUT_BYTES`], as the `cses` binary reads its input, so `/dev/zero` is refused at once.
//!
//! [`import_test_data`] turns a folder of `NAME.in` / `NAME.out` pairs (CSES's test data,
//! online-judge-tools' `test/`) into case files, and trusts no `.out`: each is checked against
//! the oracle first, and one that disagrees, or cannot be checked, stops the import before any
//! file is written.
//!
//! Nothing is written through a symbolic link: a case file, or a folder between the cases folder
//! and it, that is a link is refused (`refuse_links_below`); each file is written whole under a
//! temporary name beside it and renamed into place ([`judge_core::files::write_atomically`]).

use std::path::{Path, PathBuf};

use std::io::Read;

use checker::{Board, MAX_N};

use judge_core::case::{load_test_data, natural_path_cmp, parse_case, refuse_links_below, render_case_file};
use judge_core::error::Error;

pub use judge_core::case::ORACLE_MAX_N;

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
/// oracle, a symbolic link on the way, an existing file (without `overwrite`), or an I/O error.
/// Nothing is written on error. The user's ([`Error::Input`]).
pub fn write_new_case(request: &NewCase) -> Result<(PathBuf, u64), Error> {
    new_case(request).map_err(Error::Input)
}

fn new_case(request: &NewCase) -> Result<(PathBuf, u64), String> {
    let name = request.name.trim_end_matches(".toml");
    if !is_safe_name(name) {
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
    let expected = judge_core::truth::count_within_reach(&board).map_err(|error| error.to_string())?;
    let path = request.cases_folder.join(format!("{name}.toml"));
    refuse_links_below(&request.cases_folder, &path).map_err(|error| error.to_string())?;
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
    judge_core::files::write_atomically(&path, &text).map_err(|error| error.to_string())?;
    Ok((path, expected))
}

/// Whether `name` is a path under a cases folder that stays there: `/`-separated parts of letters,
/// digits, `-` and `_`.
fn is_safe_name(name: &str) -> bool {
    !name.is_empty()
        && name.split('/').all(|part| {
            !part.is_empty()
                && part != "."
                && part != ".."
                && part.chars().all(|c| c.is_ascii_alphanumeric() || "-_".contains(c))
        })
}

/// What `new-case --import` was asked.
#[derive(Clone, Debug)]
pub struct Import {
    pub cases_folder: PathBuf,
    /// The folder of `NAME.in` / `NAME.out` pairs; its subfolders are read too.
    pub test_data: PathBuf,
    /// The folder to write into, under the cases folder (`cses/official`); `None` for the test
    /// data folder's own name.
    pub name: Option<String>,
    /// Every new case's description; `None` for where it came from (`imported from 1.in and 1.out`).
    pub description: Option<String>,
    pub overwrite: bool,
}

/// One case file an import wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Imported {
    pub path: PathBuf,
    pub expected: u64,
}

/// Writes one case file per test pair of `request.test_data`, as
/// `CASES/<name>/<the pair's path without .in>.toml`, in natural order (`1`, `2`, ..., `10`).
///
/// Every pair is read and its `.out` checked against the oracle, and every target checked, before
/// the first file is written; each file is written atomically.
///
/// # Errors
/// One line: the first fault (in natural order of the files at fault), with how many more there
/// are. A fault is a pair that cannot be read ([`judge_core::case::load_test_data`]'s errors), a pair
/// whose name is no case name (letters, digits, `-` and `_`), a `.out` the oracle disagrees with
/// (both counts named), a board the oracle cannot count (larger than [`ORACLE_MAX_N`] with reserved
/// squares), a folder with no pair, a bad folder name, a target that is a symbolic link or lies
/// past one, a target that exists (without `overwrite`), or the test data folder itself as the
/// target. Nothing is written then. An I/O error while writing stops there and says how many files
/// were written. The user's ([`Error::Input`]).
pub fn import_test_data(request: &Import) -> Result<Vec<Imported>, Error> {
    import(request).map_err(Error::Input)
}

fn import(request: &Import) -> Result<Vec<Imported>, String> {
    let source = &request.test_data;
    let loaded = load_test_data(source).map_err(|error| error.to_string())?;
    let name = match &request.name {
        Some(name) => name.trim_end_matches('/').to_string(),
        None => folder_name(source)?,
    };
    if !is_safe_name(&name) {
        return Err(format!(
            "folder name `{name}`: expected letters, digits, `-` and `_`, in `/`-separated folders{}",
            if request.name.is_none() { " (give the folder to import into as NAME)" } else { "" }
        ));
    }
    let target_folder = request.cases_folder.join(&name);
    if let (Ok(target), Ok(source)) = (target_folder.canonicalize(), source.canonicalize()) {
        if target == source {
            return Err(format!(
                "{}: the case files would sit beside the pairs they come from, with the same ids: import into another folder",
                target_folder.display()
            ));
        }
    }

    // Every fault, by the file it names, so that the first one named is the first file at fault.
    let mut faults: Vec<(PathBuf, String)> =
        loaded.errors.iter().map(|error| (error.path.clone(), error.to_string())).collect();
    let mut planned = Vec::new();
    for case in &loaded.cases {
        match plan_case(request, case, &name, &target_folder) {
            Ok(plan) => planned.push(plan),
            Err(fault) => faults.push(fault),
        }
    }
    faults.sort_by(|a, b| natural_path_cmp(&a.0, &b.0));
    if let Some((_, first)) = faults.first() {
        let more = match faults.len() - 1 {
            0 => String::new(),
            1 => " (and 1 more fault)".to_string(),
            more => format!(" (and {more} more faults)"),
        };
        return Err(format!("{first}{more}: nothing was imported"));
    }
    if planned.is_empty() {
        return Err(format!("{}: no NAME.in / NAME.out pair: nothing to import", source.display()));
    }
    // The cases come in natural order of their ids, so the files are written in that order too.
    let mut written = Vec::new();
    for (path, text, expected) in planned {
        // Checked again just before writing: a link may have been made since the plan.
        let create_folder = |folder: &Path| {
            std::fs::create_dir_all(folder)
                .map_err(|error| format!("{}: cannot create: {error}", folder.display()))
        };
        let wrote = refuse_links_below(&request.cases_folder, &path)
            .map_err(|error| error.to_string())
            .and_then(|()| path.parent().map_or(Ok(()), create_folder))
            .and_then(|()| {
                judge_core::files::write_atomically(&path, &text).map_err(|error| error.to_string())
            });
        if let Err(error) = wrote {
            return Err(format!("{error} ({} files were written before it)", written.len()));
        }
        written.push(Imported { path, expected });
    }
    Ok(written)
}

/// One pair's case file, planned: its path, text and count; or the fault that keeps it out, with
/// the file it names.
fn plan_case(
    request: &Import,
    case: &judge_core::case::Case,
    name: &str,
    target_folder: &Path,
) -> Result<(PathBuf, String, u64), (PathBuf, String)> {
    let source = &request.test_data;
    let output = case.path.with_extension(judge_core::case::TEST_OUTPUT_EXTENSION);
    if !is_safe_name(&case.id) {
        let fault = format!(
            "{}: `{}` is no case name: expected letters, digits, `-` and `_` (rename the pair)",
            case.path.display(),
            case.id
        );
        return Err((case.path.clone(), fault));
    }
    // A pair is a board and its count, always.
    let Some((board, expected)) = case.board_and_count() else {
        return Err((case.path.clone(), format!("{}: not a board", case.path.display())));
    };
    let counted = judge_core::truth::count_within_reach(board).map_err(|reason| {
        (
            case.path.clone(),
            format!("{}: {reason}, so {} cannot be checked", case.path.display(), file_name(&output)),
        )
    })?;
    if counted != expected {
        let (shown, pair) = (output.display(), file_name(&case.path));
        let fault = format!("{shown}: says {expected}, but the oracle counts {counted} for {pair}");
        return Err((output, fault));
    }
    let path = target_folder.join(format!("{}.toml", case.id));
    let description = request.description.clone().unwrap_or_else(|| {
        let relative = case.path.strip_prefix(source).unwrap_or(&case.path);
        let relative_output = output.strip_prefix(source).unwrap_or(&output);
        format!("imported from {} and {}", relative.display(), relative_output.display())
    });
    let text = render_case_file(board, false, counted, Some(&description));
    let id = format!("{name}/{}", case.id);
    if let Err(error) = parse_case(&id, &path, &text) {
        return Err((path, format!("internal error, the new case does not parse: {error}")));
    }
    if let Err(reason) = refuse_links_below(&request.cases_folder, &path) {
        return Err((path, reason.to_string()));
    }
    if path.exists() && !request.overwrite {
        let fault = format!("{}: already exists (pass --force to replace it)", path.display());
        return Err((path, fault));
    }
    Ok((path, text, counted))
}

/// The last part of a folder's path, read from its real path when it has none (`.`, `..`).
fn folder_name(folder: &Path) -> Result<String, String> {
    let named = match folder.file_name() {
        Some(name) => Some(name.to_os_string()),
        None => folder.canonicalize().ok().and_then(|real| real.file_name().map(|name| name.to_os_string())),
    };
    named.and_then(|name| name.into_string().ok()).ok_or_else(|| {
        format!("{}: the folder has no name to import into: give one as NAME", folder.display())
    })
}

/// A file's name alone, for a message that already names its folder.
fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(|| path.display().to_string(), |name| name.to_string_lossy().into_owned())
}

/// A board file's bytes, at most [`cses::MAX_INPUT_BYTES`] of them.
fn read_bounded(path: &Path) -> Result<Vec<u8>, String> {
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
