//! Which problems a file solves, read through its language's executor: a whole program or
//! LeetCode's methods, near misses of their signatures told; the file read within bounds and
//! without following another user's links.

use super::*;

pub(super) fn not_a_known_language(path: &Path) -> Error {
    Error::Usage(format!(
        "{}: not a {} file (`{} languages` lists them)",
        path.display(),
        crate::executor::extension_list(),
        crate::install::invocation()
    ))
}

/// Reads `path` and says what it is. `problems`, when not empty, overrides what the file says.
///
/// # Errors
/// One line: an unreadable file, or one that is neither a whole program nor a LeetCode solution
/// (with the name it may have meant, when one is close).
pub fn detect(path: &Path, problems: &[Problem]) -> Result<Submission, Error> {
    let language = Language::of(path).ok_or_else(|| not_a_known_language(path))?;
    let (text, encoding) = as_text(path, read_source(path)?);
    let code = signature::strip_comments(&text, language.comments());
    let declared = language.read(&code);
    let found: Vec<Problem> = declared.methods.iter().map(|&method| Problem::of_method(method)).collect();
    let found = match (found.is_empty(), declared.program) {
        (false, _) => found,
        // A whole program answers the first problem of whole programs (CSES 1624) unless told.
        (true, true) => Problem::all().find(|problem| !problem.is_leetcode()).into_iter().collect(),
        (true, false) if !problems.is_empty() => Vec::new(),
        (true, false) => return Err(Error::Input(neither(path, language, &code))),
    };
    let problems = if problems.is_empty() { found } else { problems.to_vec() };
    let needs_driver = problems.iter().any(|problem| problem.is_leetcode());
    let needs_program = problems.iter().any(|problem| !problem.is_leetcode());
    if needs_driver && needs_program {
        let programs: Vec<&str> =
            Problem::all().filter(|problem| !problem.is_leetcode()).map(Problem::id).collect();
        return Err(Error::Usage(format!(
            "{}: --problem mixes whole-program problems ({}) with LeetCode ones",
            path.display(),
            programs.join(", ")
        )));
    }
    // A program reads one input (a board, sides, several boards, placed queens), not two.
    if let [first, rest @ ..] = problems.as_slice() {
        if let Some(other) = rest.iter().find(|problem| problem.input() != first.input()) {
            return Err(Error::Usage(format!(
                "{}: --problem mixes {first} and {other}, whose programs read different inputs",
                path.display()
            )));
        }
    }
    let shape = if needs_driver { Shape::LeetCode } else { Shape::Program };
    // Every command prints it: escaped once, here, so that no name can drive the terminal or
    // reorder a line (see `escape`).
    let name = path
        .file_name()
        .map_or_else(|| path.display().to_string(), |name| name.to_string_lossy().into_owned());
    let name = crate::escape::escape_one_line(&name).into_owned();
    let mut notes = near_misses(path, language, &code, &declared);
    notes.extend(encoding);
    if shape == Shape::Program {
        // One note a judge, from its first problem here.
        let mut judges: Vec<Problem> = Vec::new();
        for &problem in &problems {
            if !judges.iter().any(|seen| seen.judge() == problem.judge()) {
                judges.push(problem);
            }
        }
        let refusals = judges.into_iter().filter_map(|problem| language.refused_by(problem, &code));
        notes.extend(
            refusals.map(|why| format!("{}: {why}; this judge runs it all the same", path.display())),
        );
    }
    Ok(Submission { path: path.to_path_buf(), name, language, shape, problems, notes })
}

/// A source's text, and where its bytes are not UTF-8 (comments in GBK or Latin-1, as code written
/// for POJ often has), the note that says so: judges compile the bytes they are given, and so does
/// this one (the build gets the file as it is); what the judge reads and shows of it has U+FFFD
/// where a byte is not UTF-8.
fn as_text(path: &Path, bytes: Vec<u8>) -> (String, Option<String>) {
    match String::from_utf8(bytes) {
        Ok(text) => (text, None),
        Err(error) => {
            let bytes = error.as_bytes();
            let at = error.utf8_error().valid_up_to();
            let line_start =
                bytes[..at].iter().rposition(|&byte| byte == b'\n').map_or(0, |newline| newline + 1);
            let line = bytes[..at].iter().filter(|&&byte| byte == b'\n').count() + 1;
            let note = format!(
                "{}: not UTF-8 text (its first byte that is not, 0x{:02x}, is at line {line}, column {}: \
                 GBK or Latin-1, say): built as it is, as judges build the bytes they are given; shown \
                 here with U+FFFD in place of such bytes",
                path.display(),
                bytes[at],
                at - line_start + 1
            );
            (String::from_utf8_lossy(bytes).into_owned(), Some(note))
        }
    }
}

/// Each method declared with a LeetCode method's name and one parameter but not with its signature
/// (another return type, or the other problem's name with this one's), told with the signature it
/// is one step from: LeetCode would not compile the file, whatever this judge makes of it.
pub(super) fn near_misses(
    path: &Path,
    language: Language,
    code: &str,
    declared: &signature::Declared,
) -> Vec<String> {
    let number = |method: Method| Problem::of_method(method).leetcode_number().unwrap_or_default();
    let mut notes = Vec::new();
    for method in Method::ALL.into_iter().filter(|&method| !declared.declares(method)) {
        let signature = language.signature(method);
        let others: Vec<String> = Method::ALL
            .into_iter()
            .filter(|&other| other != method)
            .map(|other| format!("LeetCode {}'s is `{}`", number(other), language.signature(other)))
            .collect();
        for written in signature::one_parameter_declarations(code, method_name(signature)) {
            notes.push(format!(
                "{}: `{written}` is one step from LeetCode {}'s `{signature}` ({}): \
                 LeetCode would not compile it as either",
                path.display(),
                number(method),
                others.join("; ")
            ));
        }
    }
    notes
}

/// The largest source file the judge reads: CSES's contest instructions say "The largest allowed
/// size of a source code is 128 kB" (LeetCode's own limit could not be read from here); an
/// N-Queens solution is a few KB.
pub(crate) const MAX_SOURCE_BYTES: u64 = 128 << 10;

/// A source file's bytes, refused in one line past [`MAX_SOURCE_BYTES`] before it is read whole
/// (a sparse file of 100 MB took the judge to 316 MB and left its copy in the build cache).
///
/// # Errors
/// One line: an unreadable file, or one too large.
pub(super) fn read_source(path: &Path) -> Result<Vec<u8>, Error> {
    use std::io::Read;
    use std::os::unix::fs::MetadataExt;
    // SAFETY: geteuid cannot fail.
    let uid = unsafe { libc::geteuid() };
    let refuse_link = |(link, owner): (PathBuf, u32)| {
        Error::Input(format!(
            "{}: {} is a symbolic link of another user's (uid {owner}): not followed, as the judge may \
             read what that user cannot; give the file it points to by its own path",
            path.display(),
            link.display()
        ))
    };
    if let Some(found) = foreign_link(path, uid) {
        return Err(refuse_link(found));
    }
    let cannot = |error: std::io::Error| Error::Input(format!("{}: cannot read: {error}", path.display()));
    let file = File::open(path).map_err(cannot)?;
    // A link swapped in between the check and the open: the path, checked again, must still lead
    // to the very file opened (a hard link to another's file is the kernel's to refuse).
    if let Some(found) = foreign_link(path, uid) {
        return Err(refuse_link(found));
    }
    let opened = file.metadata().map_err(cannot)?;
    let now = std::fs::metadata(path).map_err(cannot)?;
    if (opened.dev(), opened.ino()) != (now.dev(), now.ino()) {
        return Err(Error::Input(format!("{}: changed while the judge opened it: not read", path.display())));
    }
    let mut bytes = Vec::new();
    file.take(MAX_SOURCE_BYTES + 1).read_to_end(&mut bytes).map_err(cannot)?;
    if bytes.len() as u64 > MAX_SOURCE_BYTES {
        return Err(Error::Input(format!(
            "{}: more than {} KiB, the most a source file may have (CSES's limit): not read",
            path.display(),
            MAX_SOURCE_BYTES >> 10
        )));
    }
    Ok(bytes)
}

/// The first symbolic link on `path` (the file itself or a folder above it) owned by neither `uid`
/// nor root, with its owner: a student's link to `/etc/shadow`, judged by a teacher as root, would
/// otherwise be read with the teacher's rights and its first line shown in the CE.
pub(super) fn foreign_link(path: &Path, uid: u32) -> Option<(PathBuf, u32)> {
    use std::os::unix::fs::MetadataExt;
    path.ancestors().filter(|place| !place.as_os_str().is_empty()).find_map(|place| {
        let metadata = std::fs::symlink_metadata(place).ok()?;
        (metadata.file_type().is_symlink() && metadata.uid() != uid && metadata.uid() != 0)
            .then(|| (place.to_path_buf(), metadata.uid()))
    })
}

/// Why a file is neither a program nor a LeetCode solution, and what it may have meant.
pub(super) fn neither(path: &Path, language: Language, code: &str) -> String {
    let methods: Vec<(&str, Method)> =
        Method::ALL.into_iter().map(|method| (method_name(language.signature(method)), method)).collect();
    let names: Vec<&str> = methods.iter().map(|(name, _)| *name).collect();
    let file = path.display();
    if let Some((found, meant)) = signature::near_miss(code, &names) {
        return format!("{file}: `{found}` is not LeetCode's method name: did you mean `{meant}`?");
    }
    for (name, method) in &methods {
        if signature::identifiers(code).contains(name) {
            return format!(
                "{file}: `{name}` is here, but not with LeetCode's signature `{}`: a helper or an overload of that name \
                 does not make a solution (pass --problem {} to judge it anyway)",
                language.signature(*method),
                Problem::of_method(*method).id()
            );
        }
    }
    let signatures: Vec<String> =
        Method::ALL.into_iter().map(|method| format!("`{}`", language.signature(method))).collect();
    let ids: Vec<&str> = Problem::all().map(Problem::id).collect();
    let (last, first) = ids.split_last().map_or((&"", &[][..]), |(last, first)| (last, first));
    format!(
        "{file}: neither a whole program nor a LeetCode solution (no {}): pass --problem {} or {last}",
        signatures.join(" nor "),
        first.join(", ")
    )
}

/// The method's name in a signature: the word before its parenthesis.
pub fn method_name(signature: &'static str) -> &'static str {
    let head = signature.split('(').next().unwrap_or(signature);
    let head = head.trim_end().trim_end_matches(|c: char| c == '=' || c.is_whitespace());
    let head = head.strip_suffix("= function").unwrap_or(head).trim_end();
    head.rsplit(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).next().unwrap_or(head)
}
