//! Case files: one TOML file a case under `cases/`, parsed strictly, so that a case's truth is
//! always the `expected` a person (or the oracle, through `new-case`) wrote down.
//!
//! A cases folder may also hold test data as judges hand it out: `NAME.in` / `NAME.out` pairs (the
//! folders CSES lets users download, `1.in`, `1.out`, `2.in`, ..., and online-judge-tools' `test/`,
//! `sample-1.in`, `sample-1.out`). Each pair is one case: the `.in` is a board in the CSES text
//! format, the `.out` its expected count (one integer, white space around it ignored), and the
//! case takes the default limits. Its id is its path without the extension, as a TOML case's is;
//! an id that a TOML case file already has is refused.
//!
//! Every fault is one line naming the file and the key, or the file's line and column. Loading a
//! folder reads regular `*.toml`, `*.in` and `*.out` files only, each at most
//! [`MAX_CASE_FILE_BYTES`]; it follows a symbolic link to a folder inside it once (never around a
//! loop), and skips `snapshots/`, `target/` and hidden folders. A FIFO, a device, an unreadable or
//! huge file, a TOML file that is not a case file, a `.in` without its `.out` (or the reverse) or a
//! `.out` that is not one integer is an error naming it, and the other cases are still judged.
//! Cases come sorted by id in natural order ([`natural_cmp`]: `2` before `10`). Which problems a
//! case belongs to follows from its board ([`crate::problem::Problem::admits`]).
//!
//! A symbolic link (to a file or a folder) whose real path is outside the cases folder is refused
//! unread, as an error naming it, so that a cases folder from elsewhere cannot make the judge read
//! a file it does not hold, nor quote one in an error; a link that stays inside is followed. An
//! error quotes at most a short part of a case's own file, its control characters escaped: a
//! `.out`'s first 24 characters of a token, or a TOML parser's message cut at
//! [`MAX_PARSER_MESSAGE_CHARS`]. [`refuse_links_below`] is the other side: what the judge writes
//! into a cases folder is never written through a link.

use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use checker::{Board, MAX_N};
use serde::Deserialize;

use crate::escape::escape_controls;

/// CSES's limits, the defaults of every case.
pub const DEFAULT_TIME_LIMIT_MS: u64 = 1000;
pub const DEFAULT_MEMORY_LIMIT_MB: u64 = 512;
/// The largest limits a case may set: ten minutes, and 64 GiB (far past this machine, far below
/// where a byte count overflows).
pub const MAX_TIME_LIMIT_MS: u64 = 600_000;
pub const MAX_MEMORY_LIMIT_MB: u64 = 65_536;
pub use crate::truth::ORACLE_MAX_N;

/// A snapshot's name: the case id with `/` as `__`, as insta names files. Two ids with one name
/// are refused when a folder is loaded, so that no two cases share a snapshot.
pub fn snapshot_name(case_id: &str) -> String {
    case_id.replace('/', "__")
}

/// A case file is a few lines; anything past this is not one (nor a test's `.in` or `.out`).
pub const MAX_CASE_FILE_BYTES: u64 = 1 << 20;

/// The most characters of a TOML parser's message a case error keeps: its messages quote the
/// file's keys and values, which may be of any length.
pub const MAX_PARSER_MESSAGE_CHARS: usize = 200;

/// The extensions of test data: a board (`NAME.in`) and its expected count (`NAME.out`).
pub const TEST_INPUT_EXTENSION: &str = "in";
pub const TEST_OUTPUT_EXTENSION: &str = "out";

/// The folder, inside a cases folder other than the repository's, that holds the snapshots; it is
/// never read as cases.
pub const SNAPSHOT_FOLDER: &str = "snapshots";

/// One judged case.
#[derive(Clone, Debug)]
pub struct Case {
    /// The path relative to the cases folder, without `.toml`, with `/` separators: `cses/sample`.
    pub id: String,
    /// The file as given (cases folder joined with the relative path); for a test pair, its `.in`.
    pub path: PathBuf,
    pub board: Board,
    pub expected: u64,
    pub description: Option<String>,
    pub time_limit_ms: u64,
    pub memory_limit_mb: u64,
    /// Where `expected` comes from.
    pub expected_from: ExpectedFrom,
    /// One of the problem statement's examples, which a judge running every test in one process
    /// (LeetCode) runs first.
    pub example: bool,
}

/// Where a case's expected answer comes from.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ExpectedFrom {
    /// A case file's `expected` (a person, OEIS, or the oracle through `new-case`).
    CaseFile,
    /// A test's `.out`, which the oracle agrees with (or cannot check: a board past its reach).
    TestData,
    /// The oracle: a `.in` without its `.out`, or whose `.out` the oracle disagrees with.
    Oracle,
}

impl Case {
    /// The case's limits, for the runner.
    pub fn limits(&self) -> crate::runner::Limits {
        crate::runner::Limits {
            cpu_time: std::time::Duration::from_millis(self.time_limit_ms),
            memory_bytes: self.memory_limit_mb << 20,
            output_bytes: crate::runner::DEFAULT_OUTPUT_BYTES,
            wall_time: None,
        }
    }
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
    #[serde(default)]
    example: bool,
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
        // toml's messages may span lines, and quote keys and values whole (an unknown key's name
        // as it is, control characters included); a case error is one short line.
        let message: Vec<&str> =
            error.message().lines().map(str::trim).filter(|line| !line.is_empty()).collect();
        let message = message.join(": ");
        let mut short: String = message.chars().take(MAX_PARSER_MESSAGE_CHARS).collect();
        if short.len() < message.len() {
            short.push_str("...");
        }
        fail(location, escape_controls(&short).into_owned())
    })?;

    let key = |name: &str| Some(format!("key `{name}`"));
    let board = match (file.n, file.board) {
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
                Some(board) => board,
                None => return Err(fail(key("n"), format!("{side} is out of range: expected 1 to {MAX_N}"))),
            }
        }
        (None, Some(board_text)) => {
            let span = board_text.span();
            match Board::parse(board_text.get_ref()) {
                Ok(board) => board,
                Err(error) => {
                    let raw = &text[span.clone()];
                    let (value_line, _) = line_and_column(text, span.start);
                    let location = if raw.starts_with("\"\"\"") || raw.starts_with("'''") {
                        format!("key `board`, line {}", value_line + file_lines_before(raw, error.line))
                    } else {
                        // A one-line string (rows joined by `\n` escapes) has no file line per row.
                        format!("key `board` (line {value_line})")
                    };
                    return Err(fail(Some(location), format!("board {error}")));
                }
            }
        }
    };
    let bounded = |value: Option<toml::Spanned<u64>>, name: &str, default: u64, max: u64| match value {
        None => Ok(default),
        Some(value) if (1..=max).contains(value.get_ref()) => Ok(*value.get_ref()),
        Some(value) => {
            Err(fail(key(name), format!("{} is out of range: expected 1 to {max}", value.get_ref())))
        }
    };
    Ok(Case {
        id: id.to_string(),
        path: path.to_path_buf(),
        board,
        expected: file.expected,
        description: file.description,
        time_limit_ms: bounded(
            file.time_limit_ms,
            "time_limit_ms",
            DEFAULT_TIME_LIMIT_MS,
            MAX_TIME_LIMIT_MS,
        )?,
        memory_limit_mb: bounded(
            file.memory_limit_mb,
            "memory_limit_mb",
            DEFAULT_MEMORY_LIMIT_MB,
            MAX_MEMORY_LIMIT_MB,
        )?,
        expected_from: ExpectedFrom::CaseFile,
        example: file.example,
    })
}

/// How many lines of the file lie before line `board_line` of a multi-line string's value, whose
/// raw text (opening quotes included) is `raw`: the newline right after the opening quotes is
/// dropped, and a line-ending backslash joins lines, so the value's lines and the file's differ.
fn file_lines_before(raw: &str, board_line: usize) -> usize {
    let basic = raw.starts_with("\"\"\"");
    let body = &raw[3..];
    let mut chars = body.char_indices().peekable();
    let mut file_line = 0;
    let mut value_line = 1;
    if body.starts_with("\r\n") {
        chars.next();
    }
    if body.starts_with('\n') || body.starts_with("\r\n") {
        chars.next();
        file_line += 1;
    }
    while value_line < board_line {
        let Some((at, c)) = chars.next() else { break };
        match c {
            '\n' => {
                file_line += 1;
                value_line += 1;
            }
            '\\' if basic => {
                let rest = &body[at + 1..];
                let trimmed = rest.trim_start_matches([' ', '\t']);
                if trimmed.starts_with('\n') || trimmed.starts_with("\r\n") {
                    // A line-ending backslash: every newline and space up to the next text goes.
                    while let Some(&(_, next)) = chars.peek() {
                        if !next.is_whitespace() {
                            break;
                        }
                        file_line += usize::from(next == '\n');
                        chars.next();
                    }
                } else if let Some((_, 'n')) = chars.next() {
                    // `\n` makes a line of the value but not of the file.
                    value_line += 1;
                }
            }
            _ => {}
        }
    }
    file_line
}

/// What loading a cases folder found: the cases, sorted by id, and every file that failed.
#[derive(Debug, Default)]
pub struct Loaded {
    pub cases: Vec<Case>,
    pub errors: Vec<CaseError>,
}

/// Every case under `folder` (see the module docs), TOML case files and test pairs alike, and
/// every file that failed.
///
/// # Errors
/// Only when the folder itself cannot be read; bad files are returned beside the good ones.
pub fn load_cases(folder: &Path) -> Result<Loaded, CaseError> {
    load(folder, true)
}

/// Only the `NAME.in` / `NAME.out` pairs under `folder`, as cases (TOML files are not read): what
/// `new-case --import` checks and writes as case files.
///
/// # Errors
/// Only when the folder itself cannot be read; bad files are returned beside the good ones.
pub fn load_test_data(folder: &Path) -> Result<Loaded, CaseError> {
    load(folder, false)
}

fn load(folder: &Path, with_case_files: bool) -> Result<Loaded, CaseError> {
    let whole_folder_error =
        |message: String| CaseError { path: folder.to_path_buf(), location: None, message };
    let metadata =
        std::fs::metadata(folder).map_err(|error| whole_folder_error(format!("cannot read: {error}")))?;
    if !metadata.is_dir() {
        return Err(whole_folder_error("not a folder".to_string()));
    }
    let real_root =
        folder.canonicalize().map_err(|error| whole_folder_error(format!("cannot read: {error}")))?;
    let mut walk = Walk {
        root: folder.to_path_buf(),
        real_root,
        with_case_files,
        files: Vec::new(),
        pairs: BTreeMap::new(),
        errors: Vec::new(),
        refused: Vec::new(),
        seen: Vec::new(),
    };
    walk.folder(folder)
        .map_err(|error| whole_folder_error(format!("cannot read the cases folder: {error}")))?;
    let mut loaded = Loaded { cases: Vec::new(), errors: walk.errors };
    // Every case file found owns its id, read or not: fixing a broken one must not make a clash.
    let mut case_files: BTreeMap<String, PathBuf> = BTreeMap::new();
    for (id, path) in walk.files {
        case_files.entry(id.clone()).or_insert_with(|| path.clone());
        // A refused link is an error already, and is never read.
        if walk.refused.contains(&path) {
            continue;
        }
        match read_case_file(&path).and_then(|text| parse_case(&id, &path, &text)) {
            Ok(case) => loaded.cases.push(case),
            Err(error) => loaded.errors.push(error),
        }
    }
    for (id, pair) in walk.pairs {
        let halves = [&pair.input, &pair.output];
        if halves.into_iter().flatten().any(|half| walk.refused.contains(half)) {
            continue;
        }
        let missing = |present: &Path, absent: &str| {
            let stem = present.file_stem().unwrap_or_default().to_string_lossy().into_owned();
            CaseError {
                path: present.to_path_buf(),
                location: None,
                message: format!("no `{stem}.{absent}` beside it: a test is a NAME.in and NAME.out pair"),
            }
        };
        match (pair.input, pair.output) {
            (Some(input), Some(_)) if case_files.contains_key(&id) => loaded.errors.push(CaseError {
                path: input,
                location: None,
                message: format!(
                    "its case id `{id}` is the one of {}: rename one of them",
                    case_files[&id].display()
                ),
            }),
            (Some(input), Some(output)) => match read_test_pair(&id, &input, &output) {
                // The judge holds test data to the oracle: a wrong `.out` is the data's fault,
                // told as such, and the case is judged against the oracle's count.
                Ok(mut case) if with_case_files => {
                    if let Ok(truth) = crate::truth::count_within_reach(&case.board) {
                        if truth != case.expected {
                            loaded.errors.push(CaseError {
                                path: output,
                                location: None,
                                message: format!(
                                    "wrong test data: it says {}, the oracle counts {truth} on {} (judged against {truth})",
                                    case.expected,
                                    file_name_of(&input)
                                ),
                            });
                            case.expected = truth;
                            case.expected_from = ExpectedFrom::Oracle;
                        }
                    }
                    loaded.cases.push(case);
                }
                Ok(case) => loaded.cases.push(case),
                Err(errors) => loaded.errors.extend(errors),
            },
            // A board alone is judged against the oracle's count, where it can count it.
            (Some(input), None) if with_case_files => match read_test_board(&input) {
                Ok(board) => match crate::truth::count_within_reach(&board) {
                    Ok(expected) => loaded.cases.push(Case {
                        id: id.clone(),
                        path: input,
                        board,
                        expected,
                        description: None,
                        time_limit_ms: DEFAULT_TIME_LIMIT_MS,
                        memory_limit_mb: DEFAULT_MEMORY_LIMIT_MB,
                        expected_from: ExpectedFrom::Oracle,
                        example: false,
                    }),
                    Err(reason) => {
                        let mut error = missing(&input, TEST_OUTPUT_EXTENSION);
                        error.message =
                            format!("{}, and the oracle cannot count it: {reason}", error.message);
                        loaded.errors.push(error);
                    }
                },
                Err(error) => loaded.errors.push(error),
            },
            (Some(input), None) => loaded.errors.push(missing(&input, TEST_OUTPUT_EXTENSION)),
            (None, Some(output)) => loaded.errors.push(missing(&output, TEST_INPUT_EXTENSION)),
            (None, None) => {}
        }
    }
    loaded.cases.sort_by(|a, b| natural_cmp(&a.id, &b.id));
    refuse_snapshot_name_clashes(&mut loaded);
    loaded.errors.sort_by(|a, b| natural_path_cmp(&a.path, &b.path));
    Ok(loaded)
}

/// Natural order: text compared character by character, except that runs of digits compare as
/// the numbers they are, so `cses-tests/2` comes before `cses-tests/10` (and `n9` before `n10`).
/// Numbers equal but for leading zeros (`01`, `1`) fall back to plain text order, so two
/// different texts are never equal.
pub fn natural_cmp(a: &str, b: &str) -> Ordering {
    let (mut left, mut right) = (a.as_bytes(), b.as_bytes());
    loop {
        match (left.first(), right.first()) {
            (None, None) => return a.cmp(b),
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(x), Some(y)) if x.is_ascii_digit() && y.is_ascii_digit() => {
                let digits = |text: &[u8]| text.iter().take_while(|byte| byte.is_ascii_digit()).count();
                let (left_len, right_len) = (digits(left), digits(right));
                let significant = |run: &[u8]| {
                    let zeros = run.iter().take_while(|&&byte| byte == b'0').count();
                    run[zeros..].to_vec()
                };
                let (x, y) = (significant(&left[..left_len]), significant(&right[..right_len]));
                // UTF-8 bytes compare as their characters do, and digits are single bytes.
                let order = x.len().cmp(&y.len()).then_with(|| x.cmp(&y));
                if order != Ordering::Equal {
                    return order;
                }
                (left, right) = (&left[left_len..], &right[right_len..]);
            }
            (Some(x), Some(y)) if x != y => return x.cmp(y),
            _ => (left, right) = (&left[1..], &right[1..]),
        }
    }
}

/// [`natural_cmp`] on paths, component by component.
pub fn natural_path_cmp(a: &Path, b: &Path) -> Ordering {
    let parts = |path: &Path| -> Vec<String> {
        path.components().map(|part| part.as_os_str().to_string_lossy().into_owned()).collect()
    };
    let (a, b) = (parts(a), parts(b));
    for (x, y) in a.iter().zip(&b) {
        let order = natural_cmp(x, y);
        if order != Ordering::Equal {
            return order;
        }
    }
    a.len().cmp(&b.len())
}

/// Two ids with one snapshot name (`x/y` and `x__y`) would share a snapshot file; the second one,
/// in id order, is refused.
fn refuse_snapshot_name_clashes(loaded: &mut Loaded) {
    let mut owners: BTreeMap<String, String> = BTreeMap::new();
    let mut kept = Vec::new();
    for case in std::mem::take(&mut loaded.cases) {
        let name = snapshot_name(&case.id);
        match owners.get(&name) {
            Some(owner) => loaded.errors.push(CaseError {
                path: case.path.clone(),
                location: None,
                message: format!(
                    "its snapshot name `{name}` is the one of case `{owner}`: rename one of them"
                ),
            }),
            None => {
                owners.insert(name, case.id.clone());
                kept.push(case);
            }
        }
    }
    loaded.cases = kept;
}

/// Reads a file whole, boundedly: a regular file of at most [`MAX_CASE_FILE_BYTES`]; `what` names
/// what a larger one is not (`a case file`).
fn read_bounded(path: &Path, what: &str) -> Result<Vec<u8>, CaseError> {
    let fail = |message: String| CaseError { path: path.to_path_buf(), location: None, message };
    let metadata = std::fs::metadata(path).map_err(|error| fail(format!("cannot read: {error}")))?;
    if !metadata.is_file() {
        return Err(fail("not a regular file: only regular files are read as cases".to_string()));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|file| {
            std::io::Read::read_to_end(&mut std::io::Read::take(file, MAX_CASE_FILE_BYTES + 1), &mut bytes)
        })
        .map_err(|error| fail(format!("cannot read: {error}")))?;
    if bytes.len() as u64 > MAX_CASE_FILE_BYTES {
        return Err(fail(format!("larger than {MAX_CASE_FILE_BYTES} bytes: not {what}")));
    }
    Ok(bytes)
}

/// `bytes` as text, or an error at the line and column of the first byte that is not UTF-8.
fn utf8_text(path: &Path, bytes: Vec<u8>, message: &str) -> Result<String, CaseError> {
    String::from_utf8(bytes).map_err(|error| {
        let valid = &error.as_bytes()[..error.utf8_error().valid_up_to()];
        let text = std::str::from_utf8(valid).unwrap_or_default();
        let (line, column) = line_and_column(text, text.len());
        CaseError {
            path: path.to_path_buf(),
            location: Some(format!("line {line}, column {column}")),
            message: message.to_string(),
        }
    })
}

/// Reads a case file whole: a regular file of at most [`MAX_CASE_FILE_BYTES`], in UTF-8.
fn read_case_file(path: &Path) -> Result<String, CaseError> {
    let bytes = read_bounded(path, "a case file")?;
    utf8_text(path, bytes, "not UTF-8: a case file is TOML, which is UTF-8")
}

/// One test pair as a case with the default limits: the board in `input`, the count in `output`.
/// Both files are read, so that a pair bad in both says so at once.
/// The board a test's `.in` holds.
fn read_test_board(input: &Path) -> Result<Board, CaseError> {
    read_bounded(input, "a board").and_then(|bytes| {
        Board::parse_bytes(&bytes).map_err(|error| CaseError {
            path: input.to_path_buf(),
            location: Some(format!("line {}, column {}", error.line, error.column)),
            message: error.kind.to_string(),
        })
    })
}

fn file_name_of(path: &Path) -> String {
    path.file_name().map_or_else(|| path.display().to_string(), |name| name.to_string_lossy().into_owned())
}

fn read_test_pair(id: &str, input: &Path, output: &Path) -> Result<Case, Vec<CaseError>> {
    let board = read_test_board(input);
    let expected = read_bounded(output, "a count")
        .and_then(|bytes| utf8_text(output, bytes, "not UTF-8: expected one integer, the number of ways"))
        .and_then(|text| parse_expected_count(output, &text));
    match (board, expected) {
        (Ok(board), Ok(expected)) => Ok(Case {
            id: id.to_string(),
            path: input.to_path_buf(),
            board,
            expected,
            description: None,
            time_limit_ms: DEFAULT_TIME_LIMIT_MS,
            memory_limit_mb: DEFAULT_MEMORY_LIMIT_MB,
            expected_from: ExpectedFrom::TestData,
            example: false,
        }),
        (board, expected) => Err(board.err().into_iter().chain(expected.err()).collect()),
    }
}

/// The count a `.out` holds: one non-negative integer, white space around it ignored.
///
/// # Errors
/// A [`CaseError`] naming `path` (and the line and column of the token at fault): no token, a
/// token that is not a non-negative integer or is past `u64`, or a second token.
pub fn parse_expected_count(path: &Path, text: &str) -> Result<u64, CaseError> {
    let at = |token: &str, message: String| {
        // `token` is a slice of `text`, so its offset is the distance between their starts.
        let offset = token.as_ptr() as usize - text.as_ptr() as usize;
        let (line, column) = line_and_column(text, offset);
        CaseError {
            path: path.to_path_buf(),
            location: Some(format!("line {line}, column {column}")),
            message,
        }
    };
    // A token is shown quoted and escaped, and cut short: the error stays one readable line.
    let shown = |token: &str| {
        let mut shown: String = token.chars().take(24).collect();
        if shown.len() < token.len() {
            shown.push_str("...");
        }
        format!("{shown:?}")
    };
    let mut tokens = text.split_whitespace();
    let Some(count) = tokens.next() else {
        return Err(CaseError {
            path: path.to_path_buf(),
            location: None,
            message: "empty: expected one integer, the number of ways".to_string(),
        });
    };
    if !count.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(at(count, format!("{} is not a count: expected one non-negative integer", shown(count))));
    }
    let Ok(expected) = count.parse::<u64>() else {
        return Err(at(count, format!("{} is out of range: expected at most {}", shown(count), u64::MAX)));
    };
    if let Some(extra) = tokens.next() {
        return Err(at(extra, format!("{} after the count: expected one integer only", shown(extra))));
    }
    Ok(expected)
}

/// The folder walk: case files and test pairs found, faults met, links refused, and folders
/// entered (by their real path, so a link loop is entered once).
struct Walk {
    root: PathBuf,
    /// The cases folder's real path: a link whose real path is not under it leads out.
    real_root: PathBuf,
    /// Whether `*.toml` files are collected (not for `new-case --import`, which takes pairs only).
    with_case_files: bool,
    files: Vec<(String, PathBuf)>,
    /// Test pairs by case id; a half is `None` when its file is missing.
    pairs: BTreeMap<String, TestPair>,
    errors: Vec<CaseError>,
    /// Case files and halves of pairs that are links out of the cases folder: recorded (a case
    /// file still owns its id, a pair is not told it lacks a half) but never read.
    refused: Vec<PathBuf>,
    seen: Vec<PathBuf>,
}

#[derive(Default)]
struct TestPair {
    input: Option<PathBuf>,
    output: Option<PathBuf>,
}

impl Walk {
    fn folder(&mut self, folder: &Path) -> std::io::Result<()> {
        let real = folder.canonicalize()?;
        if self.seen.contains(&real) {
            return Ok(());
        }
        self.seen.push(real);
        let mut entries: Vec<PathBuf> = std::fs::read_dir(folder)?
            .map(|entry| entry.map(|entry| entry.path()))
            .collect::<Result<_, _>>()?;
        entries.sort();
        for path in entries {
            let name = path.file_name().map(|name| name.to_string_lossy().into_owned()).unwrap_or_default();
            let extension = path.extension().map(|extension| extension.to_string_lossy().into_owned());
            let is_toml = self.with_case_files && extension.as_deref() == Some("toml");
            let is_input = extension.as_deref() == Some(TEST_INPUT_EXTENSION);
            let is_output = extension.as_deref() == Some(TEST_OUTPUT_EXTENSION);
            // `metadata` follows a link to learn what it leads to, but opens nothing.
            let metadata = std::fs::metadata(&path);
            let is_folder = metadata.as_ref().is_ok_and(std::fs::Metadata::is_dir);
            if is_folder && (name.starts_with('.') || name == SNAPSHOT_FOLDER || name == "target") {
                continue;
            }
            if is_folder || is_toml || is_input || is_output {
                if let Some(target) = self.link_out(&path) {
                    self.errors.push(CaseError {
                        path: path.clone(),
                        location: None,
                        message: format!(
                            "a symbolic link out of the cases folder (to {}): refused",
                            escape_controls(&target.display().to_string())
                        ),
                    });
                    if !is_folder {
                        self.refused.push(path.clone());
                        self.record(path, is_toml, is_input);
                    }
                    continue;
                }
            }
            match metadata {
                Ok(metadata) if metadata.is_dir() => {
                    if let Err(error) = self.folder(&path) {
                        self.errors.push(CaseError {
                            path: path.clone(),
                            location: None,
                            message: format!("cannot read the folder: {error}"),
                        });
                    }
                }
                // A half of a pair is recorded even when it cannot be read: reading it names why.
                _ if is_input || is_output => self.record(path, false, is_input),
                Ok(_) if is_toml => self.record(path, true, false),
                Ok(_) => {}
                Err(error) if is_toml => self.errors.push(CaseError {
                    path: path.clone(),
                    location: None,
                    message: format!("cannot read: {error}"),
                }),
                // A dangling link or an unreadable entry that is no case file: nothing to judge.
                Err(_) => {}
            }
        }
        Ok(())
    }

    /// Records `path` as a case file, or as the input or output half of a pair.
    fn record(&mut self, path: PathBuf, is_toml: bool, is_input: bool) {
        let id = case_id(&self.root, &path);
        if is_toml {
            self.files.push((id, path));
        } else {
            let pair = self.pairs.entry(id).or_default();
            *(if is_input { &mut pair.input } else { &mut pair.output }) = Some(path);
        }
    }

    /// Where `path` really leads, when it is a symbolic link whose real path is outside the cases
    /// folder. A dangling link or a loop leads nowhere: reading it says why.
    fn link_out(&self, path: &Path) -> Option<PathBuf> {
        let is_link = std::fs::symlink_metadata(path).is_ok_and(|metadata| metadata.file_type().is_symlink());
        let target = if is_link { path.canonicalize().ok()? } else { return None };
        (!target.starts_with(&self.real_root)).then_some(target)
    }
}

/// Refuses to write through a symbolic link: `Ok` when neither `target` nor any folder between
/// `folder` and it is a link (what does not exist yet is none), so that a file written at `target`
/// lands where its path says. `folder` itself may be one: it is the place the user named.
///
/// # Errors
/// One line naming the first link on the way; also when `target` is not under `folder`.
pub fn refuse_links_below(folder: &Path, target: &Path) -> Result<(), String> {
    let relative = target
        .strip_prefix(folder)
        .map_err(|_| format!("{}: not under {}: refused", target.display(), folder.display()))?;
    let mut path = folder.to_path_buf();
    for part in relative.components() {
        if !matches!(part, std::path::Component::Normal(_)) {
            return Err(format!(
                "{}: not a plain path under {}: refused",
                target.display(),
                folder.display()
            ));
        }
        path.push(part);
        if std::fs::symlink_metadata(&path).is_ok_and(|metadata| metadata.file_type().is_symlink()) {
            return Err(format!("{}: a symbolic link: refused", path.display()));
        }
    }
    Ok(())
}

/// A case's id: its path under the cases folder, `/`-separated, without `.toml` (or `.in`).
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

/// `value` as a TOML basic string: quoted, with quotes, backslashes and control characters escaped
/// (written by hand so that the toml crate is needed for parsing only).
fn toml_string(value: &str) -> String {
    let mut quoted = String::with_capacity(value.len() + 2);
    quoted.push('"');
    for c in value.chars() {
        match c {
            '"' => quoted.push_str("\\\""),
            '\\' => quoted.push_str("\\\\"),
            '\n' => quoted.push_str("\\n"),
            '\t' => quoted.push_str("\\t"),
            '\r' => quoted.push_str("\\r"),
            c if c.is_control() => quoted.push_str(&format!("\\u{:04X}", u32::from(c))),
            c => quoted.push(c),
        }
    }
    quoted.push('"');
    quoted
}
