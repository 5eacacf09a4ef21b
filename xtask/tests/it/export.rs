//! `cargo xtask export`: every implementation exported and compiled alone with plain rustc, then
//! run against the judges' own answers (the CSES sample's 65, A000170 for empty boards); a CSES
//! program's own board parser against the checker's, fault by fault; the embedded sources against
//! the files on disk; the command line's exit statuses and `-o`.
//!
//! Compiling is the slow part (about half a second a file with `-O`), so the files compile two at
//! a time, the machine's core count, in one test that covers every id.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use checker::{oracle, MAX_N};
use checker::{Board, ParseErrorKind};
use xtask::export::{cses_program, export, leetcode_file, valid_ids, ExportError, ModuleSource, Target};

use crate::support::{path_arg, stderr_of, stdout_of, xtask, TempFolder};

/// The CSES statement's sample, whose answer is 65.
const CSES_SAMPLE: &str = "........\n........\n..*.....\n........\n........\n.....**.\n...*....\n........\n";

/// How many rustc processes run at once.
const COMPILE_JOBS: usize = 2;

/// The rustc of the toolchain that runs the tests, as cargo names it, else the one on the path.
fn rustc() -> Command {
    Command::new(std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into()))
}

/// Compiles `source` with plain `rustc --edition 2021 -O` into `folder`, and returns the program;
/// any diagnostic, a warning too, is a failure.
fn compile(folder: &Path, stem: &str, source: &str) -> Result<PathBuf, String> {
    let source_path = folder.join(format!("{stem}.rs"));
    std::fs::write(&source_path, source).map_err(|error| format!("{stem}: cannot write: {error}"))?;
    let program = folder.join(format!("{stem}{}", std::env::consts::EXE_SUFFIX));
    let output = rustc()
        .args(["--edition", "2021", "-O", "-o"])
        .arg(&program)
        .arg(&source_path)
        .output()
        .map_err(|error| format!("{stem}: cannot run rustc: {error}"))?;
    if !output.status.success() || !output.stderr.is_empty() {
        return Err(format!("{stem}: rustc {}:\n{}", output.status, stderr_of(&output)));
    }
    Ok(program)
}

fn run_with_stdin(program: &Path, input: &[u8]) -> Output {
    let mut child = Command::new(program)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run an exported program");
    // A program that rejects its input early may close stdin first; that is not this test's fault.
    let _ = child.stdin.take().expect("piped stdin").write_all(input);
    child.wait_with_output().expect("wait for an exported program")
}

fn empty_board(n: usize) -> String {
    format!("{}\n", ".".repeat(n)).repeat(n)
}

/// Boards with their counts from outside the code under test: the CSES sample, and OEIS A000170
/// for empty boards.
fn accepted_inputs() -> Vec<(String, Vec<u8>, String)> {
    let count_of = |n| oracle::known_count(n).expect("A000170 is known here").to_string() + "\n";
    vec![
        ("the CSES sample".into(), CSES_SAMPLE.as_bytes().to_vec(), "65\n".into()),
        (
            "the sample with CRLF and no final newline".into(),
            CSES_SAMPLE.trim_end().replace('\n', "\r\n").into_bytes(),
            "65\n".into(),
        ),
        ("the empty 8 x 8 board".into(), empty_board(8).into_bytes(), "92\n".into()),
        ("the empty 1 x 1 board".into(), b".\n".to_vec(), count_of(1)),
        ("the empty 10 x 10 board".into(), empty_board(10).into_bytes(), count_of(10)),
    ]
}

/// Inputs that are not boards; each must give status 2, nothing on stdout, and on stderr the
/// checker's own message for the first fault, prefixed `error: `. Every kind of
/// `checker::ParseErrorKind` is here, in LF and CRLF text.
fn rejected_inputs() -> Vec<(&'static str, Vec<u8>)> {
    let mut with_queen = CSES_SAMPLE.as_bytes().to_vec();
    with_queen[3] = b'Q';
    let crlf = |text: &str| text.replace('\n', "\r\n").into_bytes();
    vec![
        ("empty input", Vec::new()),
        ("a lone newline", b"\n".to_vec()),
        ("too few rows", CSES_SAMPLE.as_bytes()[..63].to_vec()),
        ("too many rows", [CSES_SAMPLE, "........\n"].concat().into_bytes()),
        ("a short row", CSES_SAMPLE.replacen("..*.....\n", "..*....\n", 1).into_bytes()),
        ("a long row", CSES_SAMPLE.replacen("..*.....\n", "..*......\n", 1).into_bytes()),
        ("a blank line", CSES_SAMPLE.replacen("........\n", "\n", 1).into_bytes()),
        ("a queen", with_queen),
        ("bytes that are not UTF-8", [&CSES_SAMPLE.as_bytes()[..9], b"\xff\xfe......\n"].concat()),
        ("a board over the bound", empty_board(MAX_N + 1).into_bytes()),
        ("a row too short on line 2", b"...\n..\n".to_vec()),
        ("a 1-square row after a 2-square one", b"..\n.\n".to_vec()),
        ("a row too long of a 1 x 1 board", b".\n..\n".to_vec()),
        ("too few rows without a final newline", b"...\n...".to_vec()),
        ("a short row, CRLF", crlf("...\n..\n...\n")),
        ("a long row, CRLF", crlf("..\n...\n")),
        ("too many rows, CRLF", crlf("..\n..\n..\n")),
        ("too few rows, CRLF", crlf("...\n...\n")),
        ("a blank line, CRLF", crlf("..\n\n..\n")),
        ("a lone CRLF", b"\r\n".to_vec()),
        ("a queen, CRLF", crlf("..\n.Q\n")),
        ("a \\r alone inside a row", b"..\r.\n...\n...\n".to_vec()),
        ("a \\r alone before a CRLF", b"...\r\r\n...\n...\n".to_vec()),
        ("a \\r ending the input", b"..\n..\r".to_vec()),
        ("a first row of 33 squares", format!("{}\n", ".".repeat(MAX_N + 1)).into_bytes()),
        (
            "a first row of 33 with a bad square in the first 32",
            format!("{}#..\n", ".".repeat(MAX_N - 2)).into_bytes(),
        ),
        ("a first row of 33 with a bad square at 33", format!("{}#\n", ".".repeat(MAX_N)).into_bytes()),
        ("a character of two bytes", "..\n.\u{e9}\n".as_bytes().to_vec()),
        ("invalid UTF-8 in the first row", b".\xff\n..\n".to_vec()),
        ("invalid UTF-8 after a fault", b"..\n...\n\xff\n".to_vec()),
        ("invalid UTF-8 after a two-byte character", "\u{e9}".bytes().chain(*b"\xff\n").collect()),
        ("a UTF-8 character cut short", b"..\n.\xc3".to_vec()),
    ]
}

#[test]
fn the_rejected_inputs_hold_every_kind_of_fault_the_checker_names() {
    let mut kinds: Vec<&str> = rejected_inputs()
        .iter()
        .map(|(label, input)| match Board::parse_bytes(input).map_err(|fault| fault.kind) {
            Ok(_) => panic!("{label}: the checker accepts it"),
            Err(ParseErrorKind::Empty) => "empty",
            Err(ParseErrorKind::BlankLine) => "blank line",
            Err(ParseErrorKind::TooFewRows { .. }) => "too few rows",
            Err(ParseErrorKind::TooManyRows { .. }) => "too many rows",
            Err(ParseErrorKind::RowTooShort { .. }) => "row too short",
            Err(ParseErrorKind::RowTooLong { .. }) => "row too long",
            Err(ParseErrorKind::UnknownCharacter { .. }) => "unknown character",
            Err(ParseErrorKind::TooLarge) => "too large",
            Err(ParseErrorKind::NotUtf8) => "not UTF-8",
            Err(other) => panic!("{label}: a kind of fault this test does not know yet: {other:?}"),
        })
        .collect();
    kinds.sort_unstable();
    kinds.dedup();
    assert_eq!(
        kinds,
        [
            "blank line",
            "empty",
            "not UTF-8",
            "row too long",
            "row too short",
            "too few rows",
            "too large",
            "too many rows",
            "unknown character"
        ]
    );
}

/// Checks one exported CSES program on every accepted and rejected input.
fn check_cses_program(id: &str, program: &Path) -> Vec<String> {
    let mut failures = Vec::new();
    for (label, input, expected) in accepted_inputs() {
        let output = run_with_stdin(program, &input);
        if output.status.code() != Some(0) || stdout_of(&output) != expected {
            failures.push(format!(
                "{id} on {label}: {}, stdout {:?} (expected {expected:?}), stderr {:?}",
                output.status,
                stdout_of(&output),
                stderr_of(&output)
            ));
        }
    }
    for (label, input) in rejected_inputs() {
        let Err(fault) = Board::parse_bytes(&input) else {
            failures.push(format!("{label}: the checker accepts this input, so the table is wrong"));
            continue;
        };
        let expected = format!("error: {fault}\n");
        let output = run_with_stdin(program, &input);
        let stderr = stderr_of(&output);
        if output.status.code() != Some(2) || !output.stdout.is_empty() || stderr != expected {
            failures.push(format!(
                "{id} on {label}: {}, stdout {:?}, stderr {stderr:?} (expected status 2 and {expected:?})",
                output.status,
                stdout_of(&output)
            ));
        }
    }
    failures
}

/// LeetCode supplies `struct Solution;`; the `main` stands in for its harness.
fn leetcode_harness(exported: &str) -> String {
    format!(
        "struct Solution;\n\n{exported}\nfn main() {{\n    println!(\"{{}}\", Solution::solve_n_queens(8).len());\n    \
         println!(\"{{}}\", Solution::total_n_queens(8));\n}}\n"
    )
}

/// Exports, compiles and runs one id; the failures, if any.
fn check_id(folder: &Path, id: &str) -> Vec<String> {
    let exported = match export(id) {
        Ok(exported) => exported,
        Err(error) => return vec![format!("{id}: {error}")],
    };
    let stem = id.replace('/', "-");
    if id.starts_with("cses/") {
        match compile(folder, &stem, &exported) {
            Ok(program) => check_cses_program(id, &program),
            Err(message) => vec![message],
        }
    } else {
        let program = match compile(folder, &stem, &leetcode_harness(&exported)) {
            Ok(program) => program,
            Err(message) => return vec![message],
        };
        let output = run_with_stdin(&program, b"");
        let expected = format!("{0}\n{0}\n", oracle::known_count(8).expect("A000170(8)"));
        if output.status.success() && stdout_of(&output) == expected {
            Vec::new()
        } else {
            vec![format!("{id}: {}, stdout {:?}, expected {expected:?}", output.status, stdout_of(&output))]
        }
    }
}

#[test]
fn every_export_compiles_alone_with_plain_rustc_and_answers_right() {
    let folder = TempFolder::new("export");
    let ids = valid_ids();
    // Every registered implementation, for CSES and for each LeetCode id form.
    assert_eq!(ids.len(), cses::IMPLEMENTATIONS.len() + 3 * leetcode::IMPLEMENTATIONS.len());
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..COMPILE_JOBS {
            scope.spawn(|| {
                while let Some(id) = ids.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let found = check_id(&folder.path, id);
                    failures.lock().expect("no test thread panics").extend(found);
                }
            });
        }
    });
    let failures = failures.into_inner().expect("no test thread panics");
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn every_registered_module_is_embedded_as_its_file_stands() {
    for target in Target::ALL {
        for name in target.names() {
            let source = target.source(name).expect("every registered name has a source");
            assert_eq!(source.path, format!("crates/{}/src/{name}.rs", target.crate_folder()));
            let on_disk = xtask::workspace_root().join(&source.path);
            assert_eq!(
                std::fs::read_to_string(&on_disk).expect("the module's file"),
                source.text,
                "{} is embedded as it stands",
                source.path
            );
        }
        assert_eq!(target.source("no_such_module"), None);
    }
}

#[test]
fn exports_turn_the_module_header_into_plain_comments() {
    for id in valid_ids() {
        let exported = export(&id).expect("every valid id exports");
        assert!(exported.starts_with("// "), "{id}");
        assert!(!exported.lines().any(|line| line.starts_with("//!")), "{id} keeps an inner doc comment");
        assert!(exported.ends_with("}\n") && !exported.ends_with("\n\n"), "{id} ends with one newline");
    }
}

#[test]
fn a_leetcode_export_drops_only_the_struct_line_and_names_its_problems() {
    for implementation in leetcode::IMPLEMENTATIONS {
        let name = implementation.name;
        let both = export(&format!("leetcode/{name}")).expect("exports");
        let source = Target::LeetCode.source(name).expect("embedded");
        assert_eq!(source.text, implementation.source);
        assert!(source.text.lines().any(|line| line == "pub struct Solution;"));
        assert!(
            !both.lines().any(|line| !line.starts_with("//") && line.contains("struct Solution")),
            "leetcode/{name} still declares Solution"
        );
        assert!(both.contains("impl Solution {"));
        // Every line of the module but the struct line is still there, in order.
        let exported_code: Vec<&str> = both.lines().filter(|line| !line.starts_with("//")).collect();
        let module_code: Vec<&str> = source
            .text
            .lines()
            .filter(|line| !line.starts_with("//") && *line != "pub struct Solution;")
            .collect();
        let non_blank = |lines: &[&str]| lines.iter().filter(|line| !line.is_empty()).count();
        assert_eq!(non_blank(&exported_code), non_blank(&module_code), "leetcode/{name}");

        let first_line = |text: &str| text.lines().next().unwrap_or_default().to_string();
        assert!(first_line(&both).contains("LeetCode 51") && first_line(&both).contains("52"));
        let for_51 = export(&format!("leetcode51/{name}")).expect("exports");
        assert!(first_line(&for_51).starts_with("// LeetCode 51 \"N-Queens\""), "{}", first_line(&for_51));
        let for_52 = export(&format!("leetcode52/{name}")).expect("exports");
        assert!(first_line(&for_52).starts_with("// LeetCode 52 \"N-Queens II\""), "{}", first_line(&for_52));
        // The three ids differ only in their comments.
        let code =
            |text: &str| text.lines().filter(|line| !line.starts_with("//")).collect::<Vec<_>>().join("\n");
        assert_eq!(code(&for_51), code(&both));
        assert_eq!(code(&for_52), code(&both));
    }
}

#[test]
fn a_module_without_the_shape_its_judge_needs_is_refused() {
    let module = |text: &'static str| ModuleSource { path: "crates/x/src/made_up.rs".to_string(), text };

    let no_struct =
        module("//! header\n\nimpl Solution {\n    pub fn total_n_queens(n: i32) -> i32 { n }\n}\n");
    let error = leetcode_file(Target::LeetCode, "leetcode/made_up", &no_struct).expect_err("no struct line");
    assert_eq!(error, ExportError::StructLine { path: no_struct.path.to_string(), found: 0 });
    assert_eq!(
        error.to_string(),
        "crates/x/src/made_up.rs: expected exactly one `pub struct Solution;` line to strip, found 0"
    );
    let two_structs = module("pub struct Solution;\npub struct Solution;\nimpl Solution {}\n");
    assert!(matches!(
        leetcode_file(Target::LeetCode, "leetcode/made_up", &two_structs),
        Err(ExportError::StructLine { found: 2, .. })
    ));
    let no_impl = module("pub struct Solution;\n");
    assert!(matches!(
        leetcode_file(Target::LeetCode, "leetcode/made_up", &no_impl),
        Err(ExportError::MissingEntryPoint { expected: "impl Solution", .. })
    ));

    let no_count = module("//! header\n\npub fn tally(reserved: &[Vec<bool>]) -> u64 { 0 }\n");
    assert!(matches!(cses_program("cses/made_up", &no_count), Err(ExportError::MissingEntryPoint { .. })));
    let with_main = module("pub fn count(reserved: &[Vec<bool>]) -> u64 { 0 }\nfn main() {}\n");
    assert!(matches!(cses_program("cses/made_up", &with_main), Err(ExportError::DefinesMain { .. })));
}

#[test]
fn an_unknown_id_is_a_usage_error_listing_the_valid_ids() {
    for id in ["cses/nope", "leetcode53/bitmask", "bitmask", "cses/bitmask/extra", "leetcode/"] {
        let output = xtask(&["export", id], false);
        let stderr = stderr_of(&output);
        assert_eq!(output.status.code(), Some(2), "{id}: {stderr}");
        assert!(output.stdout.is_empty(), "{id}");
        let first_line = stderr.lines().next().unwrap_or_default();
        assert!(first_line.starts_with(&format!("error: unknown implementation `{id}`; expected one of: ")));
        for valid in valid_ids() {
            assert!(first_line.contains(&valid), "{valid} missing from {first_line}");
        }
    }
    for args in [&["export"][..], &["export", "cses/bitmask", "cses/hashset"], &["export", "--bogus"]] {
        let output = xtask(args, false);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {}", stderr_of(&output));
        assert!(output.stdout.is_empty(), "{args:?}");
        assert!(stderr_of(&output).starts_with("error: "), "{args:?}");
    }
}

#[test]
fn output_writes_the_file_from_any_folder() {
    let folder = TempFolder::new("export-output");
    // From a folder outside the workspace: the sources are embedded, not read at run time.
    let printed = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["export", "cses/bitmask"])
        .current_dir(&folder.path)
        .output()
        .expect("run the xtask binary");
    assert_eq!(printed.status.code(), Some(0), "{}", stderr_of(&printed));
    assert_eq!(stdout_of(&printed), export("cses/bitmask").expect("exports"));

    let target = folder.path.join("solution.rs");
    std::fs::write(&target, "an older file").expect("write");
    for flag in ["-o", "--output"] {
        let output = xtask(&["export", "leetcode51/erickson", flag, path_arg(&target)], false);
        assert_eq!(output.status.code(), Some(0), "{flag}: {}", stderr_of(&output));
        assert_eq!(
            std::fs::read_to_string(&target).expect("the written file"),
            export("leetcode51/erickson").expect("exports")
        );
        std::fs::write(&target, "an older file").expect("write");
    }

    // A folder that does not exist: status 1, nothing written, no temporary file left behind.
    let missing = folder.path.join("no-such-folder").join("solution.rs");
    let output = xtask(&["export", "cses/bitmask", "-o", path_arg(&missing)], false);
    assert_eq!(output.status.code(), Some(1), "{}", stderr_of(&output));
    assert!(stderr_of(&output).starts_with("error: "));
    assert!(!missing.exists());
    // A target that is a folder: the rename fails and the temporary file goes.
    let a_folder = folder.path.join("a-folder");
    std::fs::create_dir(&a_folder).expect("create a folder");
    let output = xtask(&["export", "cses/bitmask", "-o", path_arg(&a_folder)], false);
    assert_eq!(output.status.code(), Some(1), "{}", stderr_of(&output));
    let mut left: Vec<String> = std::fs::read_dir(&folder.path)
        .expect("list the folder")
        .map(|entry| entry.expect("an entry").file_name().to_string_lossy().into_owned())
        .collect();
    left.sort_unstable();
    assert_eq!(left, ["a-folder", "solution.rs"], "no temporary file is left");
    assert_eq!(std::fs::read_to_string(&target).expect("read"), "an older file");
}
