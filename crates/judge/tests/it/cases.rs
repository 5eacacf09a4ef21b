//! Case files: parsing is strict, and every fault is one line naming the file and the key (or the
//! file's line and column). Loading a folder reads regular `*.toml` files only, never hangs on a
//! FIFO nor loops through a symbolic link, refuses huge files, files that are not UTF-8 and ids
//! whose snapshots would clash, and still loads every good case beside a bad one. `new-case` reads
//! a board file boundedly and never overwrites a case unasked.

use std::path::{Path, PathBuf};
use std::time::Duration;

use checker::Board;
use judge::new_case::{write_new_case, NewCase, Source};
use judge_core::case::{
    load_cases, parse_case, render_case_file, MAX_CASE_FILE_BYTES, MAX_MEMORY_LIMIT_MB, MAX_TIME_LIMIT_MS,
};
use judge_core::error::Error;
use judge_core::problem::{Problem, Scope, TestInput};
use pretty_assertions::assert_eq;

use crate::support::{board_of, count_of, ids, load, make_fifo, messages, within, TempFolder};

/// The CSES statement's sample, whose answer is 65.
const CSES_SAMPLE: &str = "........\n........\n..*.....\n........\n........\n.....**.\n...*....\n........\n";

/// A good case that sits beside every bad file, to show that one bad file spoils nothing else.
const GOOD_CASE: &str = "description = \"beside a bad file\"\nn = 4\nexpected = 2\n";

fn error_of(text: &str) -> String {
    parse_case("x", Path::new("cases/x.toml"), text).expect_err("the case must be rejected").to_string()
}

macro_rules! rejected_cases {
    ($($name:ident: ($text:expr, $message:expr),)*) => {$(
        #[test]
        fn $name() {
            assert_eq!(error_of($text), $message);
        }
    )*};
}

rejected_cases! {
    unknown_key: ("n = 4\nexpected = 2\nexpect = 2\n",
        "cases/x.toml: line 3, column 1: unknown field `expect`, expected one of `n`, `board`, `expected`, `description`, `time_limit_ms`, `memory_limit_mb`, `example`"),
    wrong_type: ("n = \"four\"\nexpected = 2\n",
        "cases/x.toml: line 1, column 5: invalid type: string \"four\", expected i64"),
    missing_expected: ("n = 4\n",
        "cases/x.toml: line 1, column 1: missing field `expected`"),
    negative_expected: ("n = 4\nexpected = -2\n",
        "cases/x.toml: line 2, column 12: invalid value: integer `-2`, expected u64"),
    both_n_and_board: ("n = 4\nboard = \"....\\n\"\nexpected = 2\n",
        "cases/x.toml: both `n` and `board` are given: expected exactly one"),
    neither_n_nor_board: ("expected = 2\n",
        "cases/x.toml: neither `n` nor `board` is given: expected exactly one"),
    n_zero: ("n = 0\nexpected = 1\n",
        "cases/x.toml: key `n`: 0 is out of range: expected 1 to 32"),
    n_negative: ("n = -4\nexpected = 1\n",
        "cases/x.toml: key `n`: -4 is out of range: expected 1 to 32"),
    n_too_large: ("n = 33\nexpected = 1\n",
        "cases/x.toml: key `n`: 33 is out of range: expected 1 to 32"),
    zero_time_limit: ("n = 4\nexpected = 2\ntime_limit_ms = 0\n",
        "cases/x.toml: key `time_limit_ms`: 0 is out of range: expected 1 to 600000"),
    zero_memory_limit: ("n = 4\nexpected = 2\nmemory_limit_mb = 0\n",
        "cases/x.toml: key `memory_limit_mb`: 0 is out of range: expected 1 to 65536"),
    bad_toml: ("n = 4\nexpected = \n",
        "cases/x.toml: line 2, column 12: invalid string: expected `\"`, `'`"),
    board_with_bad_character: ("expected = 1\nboard = \"\"\"\n....\n..Q.\n....\n....\n\"\"\"\n",
        "cases/x.toml: key `board`, line 4: board line 2, column 3: unknown character 'Q': expected `.` or `*`"),
    board_on_one_line: ("expected = 1\nboard = \"..\\n.Q\\n\"\n",
        "cases/x.toml: key `board` (line 2): board line 2, column 2: unknown character 'Q': expected `.` or `*`"),
    board_too_few_rows: ("expected = 1\nboard = \"\"\"\n....\n....\n\"\"\"\n",
        "cases/x.toml: key `board`, line 5: board line 3, column 1: too few rows: expected 4, found 2"),
}

#[test]
fn defaults_and_both_board_forms() {
    let case = parse_case("a/b", Path::new("cases/a/b.toml"), "n = 8\nexpected = 92\n").expect("valid");
    assert_eq!((case.id.as_str(), case.path.as_path()), ("a/b", Path::new("cases/a/b.toml")));
    assert_eq!((board_of(&case).n(), board_of(&case).reserved_count(), count_of(&case)), (8, 0, 92));
    // CSES 1624's statement: 1 s and 512 MB.
    assert_eq!((case.time_limit_ms, case.memory_limit_mb), (1000, 512));
    assert_eq!(case.description, None);

    let text = "description = \"one corner\"\nboard = \"\"\"\n*...\n....\n....\n....\n\"\"\"\nexpected = 2\ntime_limit_ms = 50\nmemory_limit_mb = 64\n";
    let case = parse_case("c", Path::new("cases/c.toml"), text).expect("valid");
    assert_eq!((board_of(&case).n(), board_of(&case).reserved_count()), (4, 1));
    assert!(board_of(&case).is_reserved(0, 0));
    assert_eq!((case.time_limit_ms, case.memory_limit_mb), (50, 64));
    assert_eq!(case.description.as_deref(), Some("one corner"));
}

#[test]
fn rendered_case_files_parse_back() {
    let board = Board::parse("*..\n...\n..*\n").expect("valid board");
    let text = render_case_file(&board, false, 0, Some("a \"quoted\" description"));
    let case = parse_case("r", Path::new("r.toml"), &text).expect("a rendered case parses");
    assert_eq!(*board_of(&case), board);
    assert_eq!(count_of(&case), 0);
    assert_eq!(case.description.as_deref(), Some("a \"quoted\" description"));
    let text = render_case_file(&Board::empty(5).expect("valid"), true, 10, None);
    assert_eq!(text, "n = 5\nexpected = 10\n");
    // Every character a description may hold comes back as it went in.
    let awkward = "back\\slash, \"quotes\", a\ttab, a\nline, \r, \u{1}\u{7f}, é and 🂡, `--density 0..0.6`";
    let text = render_case_file(&board, false, 0, Some(awkward));
    let case = parse_case("r", Path::new("r.toml"), &text).expect("a rendered case parses");
    assert_eq!(case.description.as_deref(), Some(awkward));
}

/// A temporary cases folder holding [`GOOD_CASE`] as `good.toml`.
fn folder_with_a_good_case(label: &str) -> TempFolder {
    let folder = TempFolder::new(label);
    folder.write("good.toml", GOOD_CASE);
    folder
}

/// Asserts that loading `folder` gives the case `good` alone, and exactly the error `expected`.
fn assert_only_error(folder: &TempFolder, expected: String) {
    let loaded = load(&folder.path);
    assert_eq!(messages(&loaded), [expected]);
    assert_eq!(ids(&loaded), ["good"]);
    assert_eq!(count_of(&loaded.cases[0]), 2, "the good case is read whole");
}

#[test]
fn a_memory_limit_past_the_largest_is_refused() {
    let folder = folder_with_a_good_case("memory-limit");
    // 2^44 MiB is 2^64 bytes: the byte count would overflow a u64.
    let bad = folder.write("huge-memory.toml", "n = 4\nexpected = 2\nmemory_limit_mb = 17592186044416\n");
    folder.write(
        "largest-memory.toml",
        format!("n = 4\nexpected = 2\nmemory_limit_mb = {MAX_MEMORY_LIMIT_MB}\n"),
    );
    let loaded = load(&folder.path);
    assert_eq!(
        messages(&loaded),
        [format!(
            "{}: key `memory_limit_mb`: 17592186044416 is out of range: expected 1 to 65536",
            bad.display()
        )]
    );
    assert_eq!(ids(&loaded), ["good", "largest-memory"]);
    assert_eq!(loaded.cases[1].memory_limit_mb, 65_536);
    assert_eq!(loaded.cases[1].limits().memory_bytes, 65_536 << 20);
}

#[test]
fn a_time_limit_past_ten_minutes_is_refused() {
    let folder = folder_with_a_good_case("time-limit");
    let bad = folder.write("slow.toml", "n = 4\nexpected = 2\ntime_limit_ms = 600001\n");
    folder.write("ten-minutes.toml", format!("n = 4\nexpected = 2\ntime_limit_ms = {MAX_TIME_LIMIT_MS}\n"));
    let loaded = load(&folder.path);
    assert_eq!(
        messages(&loaded),
        [format!("{}: key `time_limit_ms`: 600001 is out of range: expected 1 to 600000", bad.display())]
    );
    assert_eq!(ids(&loaded), ["good", "ten-minutes"]);
    assert_eq!(loaded.cases[1].limits().cpu_time, Duration::from_secs(600));
}

#[test]
fn two_ids_with_one_snapshot_name_load_one_and_name_the_clash() {
    let folder = folder_with_a_good_case("snapshot-clash");
    folder.write("x/y.toml", "n = 5\nexpected = 10\n");
    let second = folder.write("x__y.toml", "n = 6\nexpected = 4\n");
    let loaded = load(&folder.path);
    // `x/y` comes first in id order (`/` sorts before `_`), so `x__y` is the one refused.
    assert_eq!(
        messages(&loaded),
        [format!(
            "{}: its snapshot name `x__y` is the one of case `x/y`: rename one of them",
            second.display()
        )]
    );
    assert_eq!(ids(&loaded), ["good", "x/y"]);
    assert_eq!(board_of(&loaded.cases[1]).n(), 5, "the loaded one is x/y.toml's");
}

#[test]
fn a_symbolic_link_loop_is_entered_once() {
    let folder = folder_with_a_good_case("link-loop");
    folder.write("sub/inner.toml", "n = 5\nexpected = 10\n");
    std::os::unix::fs::symlink(".", folder.join("loop")).expect("link the folder to itself");
    std::os::unix::fs::symlink("..", folder.join("sub/up")).expect("link a subfolder to its parent");
    let loaded = load(&folder.path);
    assert_eq!(messages(&loaded), Vec::<String>::new());
    assert_eq!(ids(&loaded), ["good", "sub/inner"]);
}

#[test]
fn a_link_to_itself_named_as_a_case_is_an_error_naming_it() {
    let folder = folder_with_a_good_case("self-link");
    let link = folder.join("self.toml");
    std::os::unix::fs::symlink("self.toml", &link).expect("link a file to itself");
    let loaded = load(&folder.path);
    let messages = messages(&loaded);
    assert_eq!(messages.len(), 1, "{messages:?}");
    let prefix = format!("{}: cannot read: ", link.display());
    assert!(messages[0].starts_with(&prefix), "{messages:?}");
    assert!(!messages[0].contains('\n'), "{messages:?}");
    assert_eq!(ids(&loaded), ["good"]);
}

#[test]
fn a_fifo_named_as_a_case_is_an_error_and_does_not_hang() {
    let folder = folder_with_a_good_case("fifo");
    let fifo = folder.join("p.toml");
    make_fifo(&fifo);
    let root = folder.path.clone();
    let loaded = within(Duration::from_secs(20), "loading a folder with a FIFO", move || load(&root));
    assert_eq!(
        messages(&loaded),
        [format!("{}: not a regular file: only regular files are read as cases", fifo.display())]
    );
    assert_eq!(ids(&loaded), ["good"]);
}

#[test]
fn a_cargo_manifest_in_the_folder_is_an_error_naming_it() {
    let folder = folder_with_a_good_case("manifest");
    let manifest = folder.write(
        "Cargo.toml",
        "[package]\nname = \"stray\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\n",
    );
    // toml names the first unknown key where it stands: `package`, inside `[package]`.
    assert_only_error(
        &folder,
        format!(
            "{}: line 1, column 2: unknown field `package`, expected one of `n`, `board`, `expected`, `description`, `time_limit_ms`, `memory_limit_mb`, `example`",
            manifest.display()
        ),
    );
}

#[test]
fn a_file_over_one_mebibyte_is_refused() {
    let folder = folder_with_a_good_case("big");
    // Valid TOML all through, so only the size can refuse it.
    let mut text = String::from("n = 4\nexpected = 2\n");
    while text.len() as u64 <= MAX_CASE_FILE_BYTES {
        text.push_str("# a comment line to make the file larger than any case file is\n");
    }
    let big = folder.write("big.toml", &text);
    assert_only_error(&folder, format!("{}: larger than 1048576 bytes: not a case file", big.display()));
    // At the limit exactly, the same text is a case.
    text.truncate(MAX_CASE_FILE_BYTES as usize - 1);
    text.push('\n');
    std::fs::write(&big, &text).expect("rewrite big.toml");
    assert_eq!(ids(&load(&folder.path)), ["big", "good"]);
}

#[test]
fn a_bad_square_after_a_line_continuation_is_reported_at_its_file_line() {
    let folder = folder_with_a_good_case("continuation");
    // File lines: 1 `expected`, 2 `board = """\`, 3 blank, 4 `....`, 5 `..Q.`. The backslash drops
    // every newline up to the first row, so the board's line 2 is the file's line 5.
    let bad =
        folder.write("opening.toml", "expected = 1\nboard = \"\"\"\\\n\n....\n..Q.\n....\n....\n\"\"\"\n");
    assert_only_error(
        &folder,
        format!(
            "{}: key `board`, line 5: board line 2, column 3: unknown character 'Q': expected `.` or `*`",
            bad.display()
        ),
    );
    std::fs::remove_file(&bad).expect("remove");

    // A backslash inside the board joins file lines 3 and 4 into the board's first row, so the
    // board's line 2 is the file's line 5 again.
    let bad =
        folder.write("inside.toml", "expected = 1\nboard = \"\"\"\n..\\\n    ..\n..Q.\n....\n....\n\"\"\"\n");
    assert_only_error(
        &folder,
        format!(
            "{}: key `board`, line 5: board line 2, column 3: unknown character 'Q': expected `.` or `*`",
            bad.display()
        ),
    );
}

#[test]
fn a_bad_square_in_a_plain_multi_line_string_is_reported_at_its_file_line() {
    let folder = folder_with_a_good_case("multi-line");
    // A literal string; file lines: 1 `description`, 2 `board = '''`, 3 to 5 rows, row 3 bad at 4.
    let bad = folder.write(
        "literal.toml",
        "description = \"literal\"\nboard = '''\n....\n....\n...#\n....\n'''\nexpected = 0\n",
    );
    assert_only_error(
        &folder,
        format!(
            "{}: key `board`, line 5: board line 3, column 4: unknown character '#': expected `.` or `*`",
            bad.display()
        ),
    );
    std::fs::remove_file(&bad).expect("remove");

    // The first row on the line of the opening quotes: the board's line 4 is the file's line 5.
    let bad = folder.write("same-line.toml", "expected = 0\nboard = \"\"\"....\n....\n....\n.x..\n\"\"\"\n");
    assert_only_error(
        &folder,
        format!(
            "{}: key `board`, line 5: board line 4, column 2: unknown character 'x': expected `.` or `*`",
            bad.display()
        ),
    );
}

#[test]
fn a_file_that_is_not_utf8_is_reported_at_the_bad_byte() {
    let folder = folder_with_a_good_case("not-utf8");
    // `description = "` is 15 characters, so the bad byte is column 16 of line 3.
    let bad = folder.write("latin1.toml", b"n = 4\nexpected = 2\ndescription = \"\xff\"\n");
    assert_only_error(
        &folder,
        format!("{}: line 3, column 16: not UTF-8: a case file is TOML, which is UTF-8", bad.display()),
    );
    std::fs::remove_file(&bad).expect("remove");

    // Columns count characters, as toml's own locations do: `é` is one column of two bytes.
    let bad = folder.write("after-accent.toml", b"n = 4\nexpected = 2\ndescription = \"\xc3\xa9\xff\"\n");
    assert_only_error(
        &folder,
        format!("{}: line 3, column 17: not UTF-8: a case file is TOML, which is UTF-8", bad.display()),
    );
}

#[test]
fn crlf_line_ends_give_the_same_board_as_lf() {
    let folder = TempFolder::new("crlf");
    let lf = format!("description = \"the sample\"\nboard = \"\"\"\n{CSES_SAMPLE}\"\"\"\nexpected = 65\n");
    folder.write("lf.toml", &lf);
    folder.write("crlf.toml", lf.replace('\n', "\r\n"));
    let loaded = load(&folder.path);
    assert_eq!(messages(&loaded), Vec::<String>::new());
    assert_eq!(ids(&loaded), ["crlf", "lf"]);
    let sample = Board::parse(CSES_SAMPLE).expect("the sample");
    assert_eq!(*board_of(&loaded.cases[0]), sample);
    assert_eq!(*board_of(&loaded.cases[1]), sample);
    assert_eq!(loaded.cases[0].description.as_deref(), Some("the sample"));

    // A bad square in a CRLF file is at the same line as in the LF one.
    let bad_lf = lf.replacen("..*.....", "..*..Q..", 1);
    let bad = folder.write("crlf.toml", bad_lf.replace('\n', "\r\n"));
    let loaded = load(&folder.path);
    assert_eq!(
        messages(&loaded),
        [format!(
            "{}: key `board`, line 5: board line 3, column 6: unknown character 'Q': expected `.` or `*`",
            bad.display()
        )]
    );
    assert_eq!(ids(&loaded), ["lf"]);
}

#[test]
fn hidden_snapshot_and_target_folders_and_other_files_are_not_read() {
    let folder = folder_with_a_good_case("skipped");
    for skipped in [".hidden/a.toml", "snapshots/b.toml", "target/c.toml", "sub/target/d.toml"] {
        folder.write(skipped, "not a case at all");
    }
    folder.write("README.md", "not a case either");
    folder.write("notes.txt", "n = 4");
    let loaded = load(&folder.path);
    assert_eq!(messages(&loaded), Vec::<String>::new());
    assert_eq!(ids(&loaded), ["good"]);
}

#[test]
fn a_folder_that_is_missing_or_a_file_is_one_error() {
    let folder = folder_with_a_good_case("not-a-folder");
    let file = folder.join("good.toml");
    let error = load_cases(&file).expect_err("a file is not a cases folder");
    assert_eq!(error.to_string(), format!("{}: not a folder", file.display()));
    let missing = folder.join("missing");
    let error = load_cases(&missing).expect_err("a missing folder");
    assert!(error.to_string().starts_with(&format!("{}: cannot read: ", missing.display())), "{error}");
}

fn new_case(folder: &Path, name: &str, source: Source, overwrite: bool) -> NewCase {
    NewCase {
        cases_folder: folder.to_path_buf(),
        name: name.to_string(),
        source,
        description: Some("made by a test".to_string()),
        overwrite,
    }
}

fn files_under(folder: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(folder).expect("list a folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            found.extend(files_under(&path));
        } else {
            found.push(path);
        }
    }
    found.sort();
    found
}

#[test]
fn a_new_case_from_dev_zero_is_refused_at_once_and_writes_nothing() {
    let folder = TempFolder::new("new-case-zero");
    let request = new_case(&folder.path, "reserved/zeros", Source::BoardFile("/dev/zero".into()), false);
    // A guard against a hang (reading for ever), in minutes: no figure.
    let result = within(Duration::from_secs(300), "reading /dev/zero", move || write_new_case(&request));
    assert_eq!(
        result,
        Err(Error::Input(
            "/dev/zero: more than 65536 bytes: a board is at most 32 rows of 32 squares".to_string()
        ))
    );
    assert_eq!(files_under(&folder.path), Vec::<PathBuf>::new());
}

#[test]
fn a_new_case_counts_with_the_oracle_and_overwrites_only_when_asked() {
    let folder = TempFolder::new("new-case-overwrite");
    let board_file = folder.write("board.txt", CSES_SAMPLE);
    let cases = folder.join("cases");
    std::fs::create_dir(&cases).expect("create the cases folder");

    let request = new_case(&cases, "cses/copy", Source::BoardFile(board_file.clone()), false);
    let (path, expected) = write_new_case(&request).expect("a new case");
    assert_eq!((path.clone(), expected), (cases.join("cses/copy.toml"), 65));
    let written = std::fs::read_to_string(&path).expect("the new case");
    let case = parse_case("cses/copy", &path, &written).expect("the new case parses");
    assert_eq!((board_of(&case), count_of(&case)), (&Board::parse(CSES_SAMPLE).expect("the sample"), 65));

    // Again, for another board, without `overwrite`: refused, and the file is as it was.
    let request = new_case(&cases, "cses/copy", Source::Empty(6), false);
    assert_eq!(
        write_new_case(&request),
        Err(Error::Input(format!("{}: already exists (pass --force to replace it)", path.display())))
    );
    assert_eq!(std::fs::read_to_string(&path).expect("the case"), written);

    // With `overwrite`: replaced, with A000170(6) = 4; no temporary file is left beside it.
    let request = new_case(&cases, "cses/copy", Source::Empty(6), true);
    assert_eq!(write_new_case(&request), Ok((path.clone(), 4)));
    assert_eq!(
        std::fs::read_to_string(&path).expect("the case"),
        "description = \"made by a test\"\nn = 6\nexpected = 4\n"
    );
    assert_eq!(files_under(&cases), [path]);
}

/// `path`'s real path, as a refusal names a link's target.
fn real(path: &Path) -> PathBuf {
    path.canonicalize().unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

#[test]
fn a_link_out_of_the_cases_folder_is_refused_unread() {
    let folder = folder_with_a_good_case("link-out");
    let outside = TempFolder::new("link-out-target");
    let secret = outside.write("passwd", "root:x:0:0:root:/root:/bin/bash\n");
    // Opening a FIFO for reading blocks until a writer comes, and none ever does: a load that
    // ends read none of the links to it.
    let fifo = outside.join("fifo");
    make_fifo(&fifo);
    outside.write("elsewhere/inner.toml", "n = 5\nexpected = 10\n");
    folder.write("pair.in", "....\n....\n....\n....\n");
    let links = [
        ("pair.out", secret.clone()),
        ("fifo.toml", fifo.clone()),
        ("fifo.in", fifo.clone()),
        ("elsewhere", outside.join("elsewhere")),
    ];
    for (name, target) in &links {
        std::os::unix::fs::symlink(target, folder.join(name)).expect("a link out");
    }
    // A link back into the folder is followed (once: nothing is refused twice), and a relative
    // link leads out as well as an absolute one.
    std::os::unix::fs::symlink(".", folder.join("here")).expect("a link to the folder itself");
    let relative = Path::new("..").join(outside.path.file_name().expect("a name")).join("passwd");
    std::os::unix::fs::symlink(&relative, folder.join("relative.out")).expect("a relative link out");
    folder.write("relative.in", "....\n....\n....\n....\n");

    let root = folder.path.clone();
    let loaded = within(Duration::from_secs(20), "loading a folder with links out", move || load(&root));
    let refusal = |link: &str, target: &Path| {
        format!(
            "{}: a symbolic link out of the cases folder (to {}): refused",
            folder.join(link).display(),
            real(target).display()
        )
    };
    let mut expected: Vec<String> = [
        ("elsewhere", outside.join("elsewhere")),
        ("fifo.in", fifo.clone()),
        ("fifo.toml", fifo.clone()),
        ("pair.out", secret.clone()),
        ("relative.out", secret.clone()),
    ]
    .iter()
    .map(|(link, target)| refusal(link, target))
    .collect();
    expected.sort();
    let mut got = messages(&loaded);
    got.sort();
    assert_eq!(got, expected);
    assert!(got.iter().all(|line| !line.contains("root:")), "no file out of the folder is quoted: {got:?}");
    assert_eq!(ids(&loaded), ["good"]);
}

#[test]
fn a_link_inside_the_cases_folder_is_followed() {
    let folder = folder_with_a_good_case("link-inside");
    folder.write("data/real.toml", "n = 5\nexpected = 10\n");
    folder.write("data/board.txt", "....\n....\n....\n....\n");
    folder.write("data/count.txt", "2\n");
    std::os::unix::fs::symlink("data/real.toml", folder.join("alias.toml")).expect("a link to a case");
    std::os::unix::fs::symlink(folder.join("data/board.txt"), folder.join("pair.in")).expect("a link");
    std::os::unix::fs::symlink("data/count.txt", folder.join("pair.out")).expect("a link");
    // A cases folder named through a link is the folder the link leads to: its own links stay in.
    let named = TempFolder::new("link-inside-name");
    let through = named.join("cases");
    std::os::unix::fs::symlink(&folder.path, &through).expect("a link to the cases folder");
    for root in [&folder.path, &through] {
        let loaded = load(root);
        assert_eq!(messages(&loaded), Vec::<String>::new());
        assert_eq!(ids(&loaded), ["alias", "data/real", "good", "pair"]);
        assert_eq!(count_of(&loaded.cases[3]), 2);
        assert_eq!(count_of(&loaded.cases[0]), 10);
    }
}

#[test]
fn a_toml_parser_message_is_cut_short_and_escaped() {
    // An unknown key is named as it is, control characters and all, by the TOML parser.
    let message = error_of("\"\\u001b]52;c;aGk=\\u0007\" = 1\nn = 4\nexpected = 2\n");
    assert!(
        message.starts_with(r"cases/x.toml: line 1, column 1: unknown field `\x1b]52;c;aGk=\x07`, expected"),
        "{message}"
    );
    // A value is quoted whole by the parser; the error keeps the first 200 characters of its message.
    let long = "x".repeat(10_000);
    let message = error_of(&format!("n = \"{long}\"\nexpected = 2\n"));
    let whole = format!("invalid type: string \"{long}\", expected i64");
    let kept: String = whole.chars().take(200).collect();
    assert_eq!(message, format!("cases/x.toml: line 1, column 5: {kept}..."));
}

#[test]
fn a_new_case_is_never_written_through_a_link() {
    let folder = TempFolder::new("new-case-links");
    let cases = folder.join("cases");
    std::fs::create_dir(&cases).expect("create the cases folder");
    let outside = TempFolder::new("new-case-links-target");

    // A folder on the way that is a link: refused, and nothing is written where it leads.
    std::os::unix::fs::symlink(&outside.path, cases.join("reserved")).expect("a folder link");
    let request = new_case(&cases, "reserved/sub/x", Source::Empty(4), false);
    assert_eq!(
        write_new_case(&request),
        Err(Error::Input(format!("{}: a symbolic link: refused", cases.join("reserved").display())))
    );
    assert_eq!(files_under(&outside.path), Vec::<PathBuf>::new());
    assert!(!outside.join("sub").exists());

    // The case file itself a link, even with `overwrite`: refused, and its target unchanged.
    let target = outside.write("victim.txt", "unchanged\n");
    std::os::unix::fs::symlink(&target, cases.join("x.toml")).expect("a file link");
    let request = new_case(&cases, "x", Source::Empty(4), true);
    assert_eq!(
        write_new_case(&request),
        Err(Error::Input(format!("{}: a symbolic link: refused", cases.join("x.toml").display())))
    );
    assert_eq!(std::fs::read_to_string(&target).expect("the target"), "unchanged\n");

    // The cases folder itself may be named through a link: the case lands in the real folder.
    let through = folder.join("through");
    std::os::unix::fs::symlink(&cases, &through).expect("a link to the cases folder");
    let request = new_case(&through, "plain/y", Source::Empty(4), false);
    assert_eq!(write_new_case(&request), Ok((through.join("plain/y.toml"), 2)));
    assert!(cases.join("plain/y.toml").is_file());
    assert_eq!(files_under(&outside.path), [target]);
}

#[test]
fn an_import_into_a_linked_folder_writes_nothing() {
    let folder = TempFolder::new("import-links");
    let cases = folder.join("cases");
    std::fs::create_dir(&cases).expect("create the cases folder");
    let outside = TempFolder::new("import-links-target");
    std::os::unix::fs::symlink(&outside.path, cases.join("imported")).expect("a folder link");
    let test_data = folder.join("tests");
    std::fs::create_dir(&test_data).expect("create the test data folder");
    std::fs::write(test_data.join("1.in"), CSES_SAMPLE).expect("write 1.in");
    std::fs::write(test_data.join("1.out"), "65\n").expect("write 1.out");
    let request = judge::new_case::Import {
        cases_folder: cases.clone(),
        test_data,
        name: Some("imported".to_string()),
        description: None,
        overwrite: false,
    };
    assert_eq!(
        judge::new_case::import_test_data(&request),
        Err(Error::Input(format!(
            "{}: a symbolic link: refused: nothing was imported",
            cases.join("imported").display()
        )))
    );
    assert_eq!(files_under(&outside.path), Vec::<PathBuf>::new());
}

/// What an installed judge takes with it: every case of `cases/` and every snapshot, as they stand,
/// written out into a folder of its own that judges as `cases/` does.
#[test]
fn the_builtin_cases_are_the_repository_ones() {
    let folder = TempFolder::new("builtin-cases");
    judge::write_builtin_cases(&folder.path);
    let repository = judge::default_cases_folder();
    let listed = |root: &Path| {
        let mut found: Vec<(String, String)> = Vec::new();
        let mut stack = vec![root.to_path_buf()];
        while let Some(path) = stack.pop() {
            for entry in
                std::fs::read_dir(&path).expect("a folder").map(|entry| entry.expect("an entry").path())
            {
                if entry.is_dir() && entry.file_name().is_some_and(|name| name != "snapshots") {
                    stack.push(entry);
                } else if entry.extension().is_some_and(|extension| extension == "toml") {
                    let relative = entry.strip_prefix(root).expect("below").display().to_string();
                    found.push((relative, std::fs::read_to_string(&entry).expect("a case")));
                }
            }
        }
        found.sort();
        found
    };
    assert_eq!(listed(&folder.path), listed(&repository));
    let snapshots = judge_core::install::workspace_root().join(judge::snapshot::REPOSITORY_SNAPSHOT_FOLDER);
    for entry in
        std::fs::read_dir(&snapshots).expect("the snapshots").map(|entry| entry.expect("an entry").path())
    {
        let name = entry.file_name().expect("a name");
        assert_eq!(
            std::fs::read_to_string(folder.path.join("snapshots").join(name)).ok(),
            std::fs::read_to_string(&entry).ok(),
            "{}",
            entry.display()
        );
    }
    let loaded = load_cases(&folder.path).expect("readable");
    assert!(loaded.errors.is_empty() && loaded.cases.len() >= 30, "{:?}", loaded.errors);
}

// ---------------------------------------------------------------- cases of sides (POJ 3239)

rejected_cases! {
    sides_with_expected: ("sides = [8]\nexpected = 1\n",
        "cases/x.toml: line 2, column 1: unknown field `expected`, expected one of `sides`, `description`, `time_limit_ms`, `memory_limit_mb`, `example`"),
    sides_with_n: ("sides = [8]\nn = 8\n",
        "cases/x.toml: line 2, column 1: unknown field `n`, expected one of `sides`, `description`, `time_limit_ms`, `memory_limit_mb`, `example`"),
    sides_empty: ("sides = []\n", "cases/x.toml: key `sides`: no side: expected at least one"),
    sides_zero: ("sides = [8, 0]\n", "cases/x.toml: key `sides`: 0 is out of range: expected 1 to 100000"),
    sides_two: ("sides = [8, 2]\n",
        "cases/x.toml: key `sides`: 2 has no placement: no 2 queens fit on a 2 x 2 board"),
    sides_not_a_number: ("sides = [8, \"nine\"]\n",
        "cases/x.toml: key `sides`: a string is not a side: expected an integer"),
    sides_backwards: ("sides = { from = 300, to = 8 }\n",
        "cases/x.toml: key `sides`: from 300 to 8: expected from <= to"),
    sides_other_key: ("sides = { from = 8, upto = 9 }\n",
        "cases/x.toml: key `sides`: unknown key `upto`: expected `from` and `to`"),
    sides_a_string: ("sides = \"8..300\"\n",
        "cases/x.toml: key `sides`: expected a list of sides or { from = A, to = B }, found a string"),
    sides_too_many: ("sides = { from = 1, to = 100000 }\n",
        "cases/x.toml: key `sides`: 99998 sides adding up to 5000049995: at most 10000 sides adding up to 1000000"),
}

/// A case of sides: a list, or a range without 2 and 3; POJ's limits by default (1 s, 128 MB);
/// no count; it belongs to POJ 3239 alone, within its constraints or beyond them.
#[test]
fn a_case_of_sides_is_poj_input_with_pojs_limits() {
    let parse = |text: &str| parse_case("poj/x", Path::new("cases/poj/x.toml"), text).expect("valid");
    let listed = parse("sides = [8, 300, 8]\n");
    assert_eq!(listed.input, TestInput::Sides(vec![8, 300, 8]));
    assert_eq!((listed.expected, listed.time_limit_ms, listed.memory_limit_mb), (None, 1000, 128));
    let ranged = parse("sides = { from = 1, to = 6 }\ntime_limit_ms = 2000\nmemory_limit_mb = 64\n");
    assert_eq!(ranged.input, TestInput::Sides(vec![1, 4, 5, 6]));
    assert_eq!((ranged.time_limit_ms, ranged.memory_limit_mb), (2000, 64));
    for problem in Problem::all() {
        let scope = problem.admits(&listed.input);
        assert_eq!(scope.is_some(), problem == Problem::from_id("poj3239").expect("a problem"), "{problem}");
    }
    assert_eq!(Problem::from_id("poj3239").expect("a problem").admits(&listed.input), Some(Scope::Within));
    assert_eq!(Problem::from_id("poj3239").expect("a problem").admits(&ranged.input), Some(Scope::Beyond));
    // A board's case keeps CSES's limits.
    let board = parse_case("b", Path::new("cases/b.toml"), "n = 8\nexpected = 92\n").expect("valid");
    assert_eq!((board.time_limit_ms, board.memory_limit_mb), (1000, 512));
}

/// A case of several boards (UVa 11195) and one of placed queens (AOJ ALDS1_13_A): their truth is
/// the oracle's, a given `expected` must agree with it, and each fault names its key.
#[test]
fn cases_of_boards_and_of_placed_queens_are_held_to_the_oracle() {
    let parse = |text: &str| parse_case("x", Path::new("cases/x.toml"), text);
    let case = parse(
        "boards = [\"....\\n....\\n....\\n....\\n\", \".*..\\n....\\n....\\n....\\n\"]\nexpected = [2, 1]\n",
    )
    .expect("UVa's 4 x 4 boards");
    let Some(Scope::Within) = Problem::from_id("uva11195").expect("a problem").admits(&case.input) else {
        panic!("a UVa input: {:?}", case.input)
    };
    assert_eq!((case.expected, case.limits().cpu_time), (None, Duration::from_secs(3)), "UVa's limit");
    let wrong = error_of("boards = [\".*..\\n....\\n....\\n....\\n\"]\nexpected = [2]\n");
    assert_eq!(
        wrong,
        "cases/x.toml: key `expected`: [2] where the truth (OEIS, or the brute-force oracle) counts [1]"
    );
    let far =
        format!("boards = [\"*{}\\n{}\"]\n", ".".repeat(12), format!("{}\\n", ".".repeat(13)).repeat(12));
    assert!(
        error_of(&far).starts_with("cases/x.toml: key `boards`, board 1 (line 1): the board is 13 x 13"),
        "{}",
        error_of(&far)
    );
    assert!(error_of("boards = []\n").ends_with("no board: expected at least one"));

    let case = parse("placed = [[2, 2], [5, 3]]\n").expect("AOJ's sample");
    assert_eq!(case.input, TestInput::Placed { side: 8, queens: vec![(2, 2), (5, 3)] });
    assert_eq!(case.limits().memory_bytes, 128 << 20, "AOJ's limit");
    let two = error_of("placed = [[0, 2], [3, 4]]\n");
    assert_eq!(two, "cases/x.toml: key `placed`: 2 solutions hold the placed queens, where the problem's input has exactly one");
    assert!(error_of("placed = [[8, 0]]\n").contains("queen 1 at (8, 0) is off the 8 x 8 board"));
    assert!(error_of("placed = [[1, 0], [1, 5]]\n").contains("queen 2 is the second in row 1"));
    let not_it = error_of("placed = [[2, 2], [5, 3]]\nexpected = \"Q.......\"\n");
    assert!(not_it.starts_with("cases/x.toml: key `expected`: not the one solution"), "{not_it}");
    assert!(!not_it.contains('\n'), "{not_it}");
}
