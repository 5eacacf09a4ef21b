//! Loading a folder: its case files and its test data (`.in`/`.out` pairs), in natural order, every
//! file's failure kept with its place; no link followed out of it.

use super::*;

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

pub(super) fn load(folder: &Path, with_case_files: bool) -> Result<Loaded, CaseError> {
    let whole_folder_error =
        |message: String| CaseError { path: folder.to_path_buf(), location: None, message };
    let metadata =
        std::fs::metadata(folder).map_err(|error| whole_folder_error(format!("cannot read: {error}")))?;
    if !metadata.is_dir() {
        return Err(whole_folder_error("not a folder".to_string()));
    }
    let real_root =
        folder.canonicalize().map_err(|error| whole_folder_error(format!("cannot read: {error}")))?;
    let mut walk = Walk::new(folder, real_root, with_case_files);
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
                    loaded.errors.extend(hold_to_oracle(&mut case, &input, output));
                    loaded.cases.push(case);
                }
                Ok(case) => loaded.cases.push(case),
                Err(errors) => loaded.errors.extend(errors),
            },
            // A board alone is judged against the oracle's count, where it can count it.
            (Some(input), None) if with_case_files => match board_alone(&id, input, &missing) {
                Ok(case) => loaded.cases.push(case),
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

/// A test pair's case held to the oracle, where it can count the board: a wrong `.out` is the data's
/// fault, told as such (the error returned), and the case is judged against the oracle's count.
fn hold_to_oracle(case: &mut Case, input: &Path, output: PathBuf) -> Option<CaseError> {
    let truth = case.board().map(crate::truth::count_within_reach)?.ok()?;
    if Some(truth) == case.expected {
        return None;
    }
    let message = format!(
        "wrong test data: it says {}, the oracle counts {truth} on {} (judged against {truth})",
        case.expected.unwrap_or_default(),
        file_name_of(input)
    );
    case.expected = Some(truth);
    case.expected_from = ExpectedFrom::Oracle;
    Some(CaseError { path: output, location: None, message })
}

/// A `.in` without its `.out`: judged against the oracle's count, where it can count the board;
/// else `missing`'s error, saying why not.
fn board_alone(
    id: &str,
    input: PathBuf,
    missing: &dyn Fn(&Path, &str) -> CaseError,
) -> Result<Case, CaseError> {
    let board = read_test_board(&input)?;
    match crate::truth::count_within_reach(&board) {
        Ok(expected) => Ok(test_case(id, input, board, expected, ExpectedFrom::Oracle)),
        Err(reason) => {
            let mut error = missing(&input, TEST_OUTPUT_EXTENSION);
            error.message = format!("{}, and the oracle cannot count it: {reason}", error.message);
            Err(error)
        }
    }
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
pub(super) fn refuse_snapshot_name_clashes(loaded: &mut Loaded) {
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
pub(super) fn read_bounded(path: &Path, what: &str) -> Result<Vec<u8>, CaseError> {
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
pub(super) fn utf8_text(path: &Path, bytes: Vec<u8>, message: &str) -> Result<String, CaseError> {
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
pub(super) fn read_case_file(path: &Path) -> Result<String, CaseError> {
    let bytes = read_bounded(path, "a case file")?;
    utf8_text(path, bytes, "not UTF-8: a case file is TOML, which is UTF-8")
}

/// One test pair as a case with the default limits: the board in `input`, the count in `output`.
/// Both files are read, so that a pair bad in both says so at once.
/// The board a test's `.in` holds.
pub(super) fn read_test_board(input: &Path) -> Result<Board, CaseError> {
    read_bounded(input, "a board").and_then(|bytes| {
        Board::parse_bytes(&bytes).map_err(|error| CaseError {
            path: input.to_path_buf(),
            location: Some(format!("line {}, column {}", error.line, error.column)),
            message: error.kind.to_string(),
        })
    })
}

pub(super) fn file_name_of(path: &Path) -> String {
    path.file_name().map_or_else(|| path.display().to_string(), |name| name.to_string_lossy().into_owned())
}

/// A test-data case: a board, its count and where the count comes from, with the limits of the
/// problem the board is an input of.
fn test_case(id: &str, path: PathBuf, board: Board, expected: u64, expected_from: ExpectedFrom) -> Case {
    let input = TestInput::Board(board);
    let (time_limit_ms, memory_limit_mb) = crate::limits::defaults_for(&input);
    Case {
        id: id.to_string(),
        path,
        input,
        expected: Some(expected),
        description: None,
        time_limit_ms,
        memory_limit_mb,
        expected_from,
        example: false,
    }
}

pub(super) fn read_test_pair(id: &str, input: &Path, output: &Path) -> Result<Case, Vec<CaseError>> {
    let board = read_test_board(input);
    let expected = read_bounded(output, "a count")
        .and_then(|bytes| utf8_text(output, bytes, "not UTF-8: expected one integer, the number of ways"))
        .and_then(|text| parse_expected_count(output, &text));
    match (board, expected) {
        (Ok(board), Ok(expected)) => {
            Ok(test_case(id, input.to_path_buf(), board, expected, ExpectedFrom::TestData))
        }
        (board, expected) => Err(board.err().into_iter().chain(expected.err()).collect()),
    }
}

/// The count a `.out` holds: one non-negative integer, white space around it ignored.
///
/// # Errors
/// A [`CaseError`] naming `path` (and the line and column of the token at fault): no token, a
/// token that is not a non-negative integer or is past `u64`, or a second token.
pub(crate) fn parse_expected_count(path: &Path, text: &str) -> Result<u64, CaseError> {
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
pub(super) struct Walk {
    pub(super) root: PathBuf,
    /// The cases folder's real path: a link whose real path is not under it leads out.
    pub(super) real_root: PathBuf,
    /// Whether `*.toml` files are collected (not for `new-case --import`, which takes pairs only).
    pub(super) with_case_files: bool,
    pub(super) files: Vec<(String, PathBuf)>,
    /// Test pairs by case id; a half is `None` when its file is missing.
    pub(super) pairs: BTreeMap<String, TestPair>,
    pub(super) errors: Vec<CaseError>,
    /// Case files and halves of pairs that are links out of the cases folder: recorded (a case
    /// file still owns its id, a pair is not told it lacks a half) but never read.
    pub(super) refused: Vec<PathBuf>,
    pub(super) seen: Vec<PathBuf>,
}

#[derive(Default)]
pub(super) struct TestPair {
    pub(super) input: Option<PathBuf>,
    pub(super) output: Option<PathBuf>,
}

impl Walk {
    /// A walk of `root` (whose real path is `real_root`) that has found nothing yet.
    fn new(root: &Path, real_root: PathBuf, with_case_files: bool) -> Walk {
        Walk {
            root: root.to_path_buf(),
            real_root,
            with_case_files,
            files: Vec::new(),
            pairs: BTreeMap::new(),
            errors: Vec::new(),
            refused: Vec::new(),
            seen: Vec::new(),
        }
    }

    pub(super) fn folder(&mut self, folder: &Path) -> std::io::Result<()> {
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
    pub(super) fn record(&mut self, path: PathBuf, is_toml: bool, is_input: bool) {
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
    pub(super) fn link_out(&self, path: &Path) -> Option<PathBuf> {
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
/// The user's ([`crate::error::Error::Input`]): one line naming the first link on the way; also
/// when `target` is not under `folder`.
pub fn refuse_links_below(folder: &Path, target: &Path) -> Result<(), crate::error::Error> {
    links_below(folder, target).map_err(crate::error::Error::Input)
}

fn links_below(folder: &Path, target: &Path) -> Result<(), String> {
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
pub(crate) fn case_id(root: &Path, path: &Path) -> String {
    let relative = path.strip_prefix(root).unwrap_or(path).with_extension("");
    let parts: Vec<String> =
        relative.components().map(|part| part.as_os_str().to_string_lossy().into_owned()).collect();
    parts.join("/")
}
