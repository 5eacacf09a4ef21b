//! Export: every implementation exported and compiled alone with plain rustc, then run against
//! answers from outside the code under test (the CSES statement's 65 for its sample, OEIS A000170
//! for empty boards, through `checker::oracle`); a CSES program's own board parser against the
//! checker's, fault by fault; the embedded sources against the files on disk; the ids against the
//! registry; unknown ids and modules of the wrong shape refused; and the `-o` file written whole
//! or not at all (`judge_core::files::write_atomically`).
//!
//! Compiling is the slow part (about half a second a file with `-O`), so the files compile two at
//! a time, the machine's core count, in one test that covers every id.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use checker::{oracle, Board, ParseErrorKind, MAX_N};
use judge::export::{
    cses_program, export, leetcode_file, valid_ids, ExportError, ModuleSource, Target, CSES_MAIN,
};
use judge_core::problem::Method;
use pretty_assertions::assert_eq;

use crate::support::TempFolder;

/// The CSES statement's sample, whose answer is 65.
const CSES_SAMPLE: &str = "........\n........\n..*.....\n........\n........\n.....**.\n...*....\n........\n";

/// How many rustc processes run at once.
const COMPILE_JOBS: usize = 2;

fn stdout_of(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr_of(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

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
/// for empty boards. With `eight_by_eight_only`, only CSES's own 8 x 8 boards.
fn accepted_inputs(eight_by_eight_only: bool) -> Vec<(String, Vec<u8>, String)> {
    let count_of = |n| oracle::known_count(n).expect("A000170 is known here").to_string() + "\n";
    let mut inputs: Vec<(String, Vec<u8>, String)> = vec![
        ("the CSES sample".into(), CSES_SAMPLE.as_bytes().to_vec(), "65\n".into()),
        (
            "the sample with CRLF and no final newline".into(),
            CSES_SAMPLE.trim_end().replace('\n', "\r\n").into_bytes(),
            "65\n".into(),
        ),
        (
            "the sample with CRLF cut before its final newline".into(),
            CSES_SAMPLE
                .replace('\n', "\r\n")
                .strip_suffix('\n')
                .expect("a final newline")
                .as_bytes()
                .to_vec(),
            "65\n".into(),
        ),
        ("the empty 8 x 8 board".into(), empty_board(8).into_bytes(), count_of(8)),
    ];
    if !eight_by_eight_only {
        inputs.push(("the empty 1 x 1 board".into(), b".\n".to_vec(), count_of(1)));
        inputs.push(("the empty 10 x 10 board".into(), empty_board(10).into_bytes(), count_of(10)));
    }
    inputs
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
        ("two \\r ending the input", b"..\n..\r\r".to_vec()),
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
fn check_cses_program(id: &str, program: &Path, eight_by_eight_only: bool) -> Vec<String> {
    let mut failures = Vec::new();
    for (label, input, expected) in accepted_inputs(eight_by_eight_only) {
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

/// The sides a LeetCode harness asks about: LeetCode's constraint, 1 <= n <= 9.
const LEETCODE_SIDES: std::ops::RangeInclusive<usize> = 1..=9;

/// LeetCode supplies `struct Solution;`; the `main` stands in for its harness, calling whichever of
/// the two functions the module has, for every side in [`LEETCODE_SIDES`]; and what it must print.
fn leetcode_harness(exported: &str, implementation: &leetcode::Implementation) -> (String, String) {
    let mut calls = String::new();
    let mut expected = String::new();
    for n in LEETCODE_SIDES {
        let count = oracle::known_count(n).expect("A000170 is known here");
        if implementation.solve_n_queens.is_some() {
            calls.push_str(&format!("    println!(\"{{}}\", Solution::solve_n_queens({n}).len());\n"));
            expected.push_str(&format!("{count}\n"));
        }
        if implementation.total_n_queens.is_some() {
            calls.push_str(&format!("    println!(\"{{}}\", Solution::total_n_queens({n}));\n"));
            expected.push_str(&format!("{count}\n"));
        }
    }
    (format!("struct Solution;\n\n{exported}\nfn main() {{\n{calls}}}\n"), expected)
}

/// Exports, compiles and runs one id; the failures, if any.
fn check_id(folder: &Path, id: &str) -> Vec<String> {
    let exported = match export(id) {
        Ok(exported) => exported,
        Err(error) => return vec![format!("{id}: {error}")],
    };
    let stem = id.replace('/', "-");
    let (prefix, name) = id.split_once('/').expect("an id is PREFIX/NAME");
    if prefix == "cses" {
        let implementation = cses::implementation(name).expect("a registered CSES name");
        match compile(folder, &stem, &exported) {
            Ok(program) => check_cses_program(id, &program, implementation.eight_by_eight_only),
            Err(message) => vec![message],
        }
    } else if prefix == "poj3239" {
        match compile(folder, &stem, &exported) {
            Ok(program) => check_poj_program(id, &program),
            Err(message) => vec![message],
        }
    } else if prefix == "aoj-alds1-13-a" {
        match compile(folder, &stem, &exported) {
            Ok(program) => check_aoj_program(id, &program),
            Err(message) => vec![message],
        }
    } else {
        let implementation = leetcode::implementation(name).expect("a registered LeetCode name");
        let (harness, expected) = leetcode_harness(&exported, implementation);
        let program = match compile(folder, &stem, &harness) {
            Ok(program) => program,
            Err(message) => return vec![message],
        };
        let output = run_with_stdin(&program, b"");
        if output.status.success() && stdout_of(&output) == expected {
            Vec::new()
        } else {
            vec![format!("{id}: {}, stdout {:?}, expected {expected:?}", output.status, stdout_of(&output))]
        }
    }
}

/// A POJ 3239 program on the sides a first-solution search still finds at once, and what follows
/// the 0 unread: one placement a side, each right by the checker.
fn check_poj_program(id: &str, program: &Path) -> Vec<String> {
    let sides: Vec<usize> = (4..=20).collect();
    let input: String = sides.iter().map(|side| format!("{side}\n")).collect::<String>() + "0\n7\n";
    let output = run_with_stdin(program, input.as_bytes());
    let printed = stdout_of(&output);
    let lines: Vec<&str> = printed.lines().collect();
    if !output.status.success() || lines.len() != sides.len() {
        return vec![format!("{id}: {}, {} lines for {} sides", output.status, lines.len(), sides.len())];
    }
    let mut failures = Vec::new();
    for (&n, line) in sides.iter().zip(lines) {
        let rows: Vec<u64> = line.split(' ').map(|row| row.parse().unwrap_or(0)).collect();
        if let Err(error) = checker::check_rows(n, &rows) {
            failures.push(format!("{id}, n = {n}: {error} in `{line}`"));
        }
    }
    failures
}

/// An AOJ ALDS1_13_A program on the statement's sample: the statement's board; and placed queens
/// that attack: a line on stderr and exit status 2.
fn check_aoj_program(id: &str, program: &Path) -> Vec<String> {
    let output = run_with_stdin(program, b"2\n2 2\n5 3\n");
    let board = "......Q.\nQ.......\n..Q.....\n.......Q\n.....Q..\n...Q....\n.Q......\n....Q...\n";
    let mut failures = Vec::new();
    if !output.status.success() || stdout_of(&output) != board {
        failures.push(format!("{id}: {}, stdout {:?}", output.status, stdout_of(&output)));
    }
    let attacking = run_with_stdin(program, b"2\n0 0\n1 1\n");
    if attacking.status.code() != Some(2)
        || !String::from_utf8_lossy(&attacking.stderr).starts_with("error: ")
    {
        failures.push(format!("{id}: attacking queens gave {}", attacking.status));
    }
    failures
}

#[test]
fn every_export_compiles_alone_with_plain_rustc_and_answers_right() {
    let folder = TempFolder::new("export");
    let mut ids = valid_ids();
    // Every registered implementation as `list` names it, and the unlisted `leetcode/NAME` form.
    ids.extend(Target::LeetCode.names().into_iter().map(|name| format!("leetcode/{name}")));
    assert_eq!(ids.len(), judge_core::registry::implementations().len() + leetcode::IMPLEMENTATIONS.len());
    assert!(ids.iter().any(|id| id == "cses/fixed_board"), "{ids:?}");
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
fn the_leetcode_ids_of_export_are_the_registry_ones() {
    // `leetcode51/NAME` must name a module with `solve_n_queens`, `leetcode52/NAME` one with
    // `total_n_queens`, as `cargo xtask list` shows them.
    let registered: Vec<String> =
        judge_core::registry::implementations().iter().map(|entry| entry.id()).collect();
    assert_eq!(valid_ids(), registered, "export lists exactly the ids `cargo xtask list` shows");
}

#[test]
fn every_registered_module_is_embedded_as_its_file_stands() {
    for target in Target::ALL {
        for name in target.names() {
            let source = target.source(name).expect("every registered name has a source");
            assert_eq!(source.path, format!("crates/{}/src/{name}.rs", target.crate_folder()));
            let on_disk = judge_core::install::workspace_root().join(&source.path);
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

/// The lines that are not empty, in order.
fn non_blank<'a>(lines: &[&'a str]) -> Vec<&'a str> {
    lines.iter().filter(|line| !line.is_empty()).copied().collect()
}

#[test]
fn a_cses_export_is_the_module_then_the_generated_main() {
    // The generated main takes the checker's bound for its own.
    assert!(CSES_MAIN.contains("const MAX_N: usize = MAX_N_PLACEHOLDER;"));
    let main = CSES_MAIN.replace("MAX_N_PLACEHOLDER", &MAX_N.to_string());
    for implementation in cses::IMPLEMENTATIONS {
        let id = format!("cses/{}", implementation.name);
        let program = export(&id).expect("exports");
        assert!(program.ends_with(&format!("\n\n{main}")), "{id} ends with the generated main");
        let path = Target::Counter.source(implementation.name).expect("embedded").path;
        let header: Vec<&str> = program.lines().take(4).collect();
        assert!(header[0].contains(&format!("`cargo xtask export {id}`")), "{id}: {header:?}");
        assert!(header[1].starts_with(&format!("// {path}, ")), "{id}: {header:?}");
        // Every line of the module but its header is there as it stands.
        let code: Vec<&str> = implementation.source.lines().filter(|line| !line.starts_with("//!")).collect();
        let body = &program[..program.len() - main.len()];
        let exported: Vec<&str> = body.lines().skip_while(|line| line.starts_with("//")).collect();
        assert_eq!(non_blank(&exported), non_blank(&code), "{id}");
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
    assert_eq!(
        leetcode_file(Target::LeetCode, "leetcode/made_up", &two_structs),
        Err(ExportError::StructLine { path: two_structs.path.clone(), found: 2 })
    );
    let no_impl = module("pub struct Solution;\n");
    let error = leetcode_file(Target::Method(Method::SolveNQueens), "leetcode51/made_up", &no_impl)
        .expect_err("no impl");
    assert_eq!(
        error,
        ExportError::MissingEntryPoint { path: no_impl.path.clone(), expected: "impl Solution" }
    );
    assert_eq!(error.to_string(), "crates/x/src/made_up.rs: no `impl Solution` to export");

    let no_count = module("//! header\n\npub fn tally(reserved: &[Vec<bool>]) -> u64 { 0 }\n");
    let error = cses_program("cses/made_up", &no_count).expect_err("no count");
    assert_eq!(
        error.to_string(),
        "crates/x/src/made_up.rs: no `pub fn count(reserved: &[Vec<bool>]) -> u64` to export"
    );
    let with_main = module("pub fn count(reserved: &[Vec<bool>]) -> u64 { 0 }\nfn main() {}\n");
    let error = cses_program("cses/made_up", &with_main).expect_err("a main of its own");
    assert_eq!(error, ExportError::DefinesMain { path: with_main.path.clone() });
    assert_eq!(
        error.to_string(),
        "crates/x/src/made_up.rs: defines `fn main` already, which the exported program adds"
    );
}

#[test]
fn an_unknown_id_is_refused_listing_the_valid_ids() {
    for id in ["cses/nope", "leetcode53/bitmask", "bitmask", "cses/bitmask/extra", "leetcode/", "", "/"] {
        let error = export(id).expect_err("an unknown id");
        assert_eq!(error, ExportError::UnknownId { id: id.to_string(), valid_ids: valid_ids() });
        let message = error.to_string();
        assert_eq!(message.lines().count(), 1, "{message}");
        assert!(
            message.starts_with(&format!("unknown implementation `{id}`; expected one of: ")),
            "{message}"
        );
        for valid in valid_ids() {
            assert!(message.contains(&valid), "{valid} missing from {message}");
        }
    }
}

#[test]
fn an_export_is_written_whole_or_not_at_all() {
    let folder = TempFolder::new("export-output");
    let target = folder.write("solution.rs", "an older file");
    let text = export("leetcode51/erickson").expect("exports");
    judge_core::files::write_atomically(&target, &text).expect("write the export");
    assert_eq!(std::fs::read_to_string(&target).expect("the written file"), text);
    std::fs::write(&target, "an older file").expect("write");

    // A folder that does not exist: an error naming the file, nothing written, no temporary file.
    let missing = folder.join("no-such-folder").join("solution.rs");
    let error = judge_core::files::write_atomically(&missing, &text).expect_err("no such folder");
    assert!(error.to_string().starts_with(&format!("{}: cannot write: ", missing.display())), "{error}");
    assert!(!missing.exists());
    assert!(!folder.join("no-such-folder").exists(), "the folder is not made");
    // A target that is a folder: the rename fails and the temporary file goes.
    let a_folder = folder.join("a-folder");
    std::fs::create_dir(&a_folder).expect("create a folder");
    let error = judge_core::files::write_atomically(&a_folder, &text).expect_err("a folder is no file");
    assert!(error.to_string().starts_with(&format!("{}: cannot write: ", a_folder.display())), "{error}");
    let mut left: Vec<String> = std::fs::read_dir(&folder.path)
        .expect("list the folder")
        .map(|entry| entry.expect("an entry").file_name().to_string_lossy().into_owned())
        .collect();
    left.sort_unstable();
    assert_eq!(left, ["a-folder", "solution.rs"], "no temporary file is left");
    assert_eq!(std::fs::read_dir(&a_folder).expect("list a-folder").count(), 0);
    assert_eq!(std::fs::read_to_string(&target).expect("read"), "an older file");
}
