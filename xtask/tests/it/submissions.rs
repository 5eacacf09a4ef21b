//! `cargo xtask judge PATH...` and `cargo xtask stress PATH...` on users' own source files, end to
//! end: the corpus in `xtask/tests/corpus/` judged against its MANIFEST.toml (verdicts per case,
//! compile errors and crashes naming the user's file and line, hostile files changing nothing and
//! fork bombs leaving no process), a failing LeetCode solution's prints, files that match no
//! problem and `--problem`, the build cache, `--strict`, stress on files, and `--watch`.
//!
//! Every run is the built binary with `--jobs 2`, over a small temporary cases folder whose counts
//! come from the checker's oracle, never from the code under test.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Read;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex, PoisonError, RwLock, RwLockReadGuard};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use checker::{oracle, Board};
use serde_json::Value;

use crate::support::{
    path_arg, problem_ids, processes_named, run_of, runs, strings, table, verdict, xtask, KilledOnDrop, Ran,
    TempFolder, Xtask, PROBLEMS,
};

/// The CSES 1624 sample board.
const SAMPLE: &str = "........\n........\n..*.....\n........\n........\n.....**.\n...*....\n........\n";

/// The case ids of the cases folder [`cases_folder`] writes, by the problems that take them.
const CSES_CASES: [&str; 2] = ["cses/empty-8x8", "cses/sample"];
const LEETCODE_CASES: [&str; 4] = ["cses/empty-8x8", "leetcode/n1", "leetcode/n4", "leetcode/n6"];
const POJ_CASES: [&str; 1] = ["poj/all"];
const UVA_CASES: [&str; 2] = ["uva/large", "uva/sample"];
const AOJ_CASES: [&str; 2] = ["aoj/corner", "aoj/sample"];

/// Where the manifest's WA files (and TLE files in time on a small case) are right after all, as
/// its comments say, on the cases of
/// [`cases_folder`]: every other case of theirs is WA.
const RIGHT_ON: &[(&str, &[&str])] = &[
    ("cses/debug_stdout.py", &[]),
    // "Always 92: AC on boards without '*' (the empty board), WA on the others (the sample)."
    ("cses/wrong_ignores_reserved.cpp", &["cses/empty-8x8"]),
    // "Counts rooks: WA on every board with an answer": both boards have one.
    ("cses/wrong.py", &[]),
    // "Right on the sample, two queens on one diagonal for n = 9, 15, 21, ...": poj/all has them.
    ("poj3239/wrong_diagonal.cpp", &[]),
    // "Drops the last board: WA for n = 1 and 4..9."
    ("leetcode51/wrong_missing_board.py", &[]),
    // "WA for n = 4..9, AC for n = 1..3."
    ("leetcode51/wrong_attacking.cpp", &["leetcode/n1"]),
    // "AC only for n = 1."
    ("leetcode52/wrong.py", &["leetcode/n1"]),
    // "Never looks for '*', so always 92: AC on the empty board, WA on the sample."
    ("cses/wrong_ignores_reserved.js", &["cses/empty-8x8"]),
    // "2113 on the empty board, 1156 on the sample: WA on both."
    ("cses/wrong.c", &[]),
    // "WA for n = 1 and 4..9, AC for n = 2 and 3 (no boards)."
    ("leetcode51/wrong.js", &[]),
    // "WA for n = 2..9, AC for n = 1."
    ("leetcode51/wrong_attacking.java", &["leetcode/n1"]),
    // 200,000 boards: too long on every case.
    ("hostile/answer_flood.py", &[]),
    // Prints "Hello, world!" whatever the board.
    ("cses/near_miss_signature.rs", &[]),
    // 36,000 boards of 64 rows whatever n.
    ("hostile/boards_amplify.py", &[]),
    // State kept between tests, in one process run in order (n = 1, 4, 6, 8): right on the
    // first test alone.
    ("leetcode52/state_static.java", &["leetcode/n1"]),
    ("leetcode51/state_module_list.py", &["leetcode/n1"]),
    ("leetcode52/state_class_attribute.py", &["leetcode/n1"]),
    ("leetcode51/state_global.cpp", &["leetcode/n1"]),
    ("leetcode52/state_global.c", &["leetcode/n1"]),
    ("leetcode52/state_global.js", &["leetcode/n1"]),
    ("leetcode52/state_static.rs", &["leetcode/n1"]),
    // "Counts every board as if it had no bad squares": both cases have a board with some.
    ("uva11195/wrong_ignores_bad.js", &[]),
    // Too slow on 11 x 11 alone: right and in time on the sample.
    ("uva11195/slow.py", &["uva/sample"]),
    // `Case #1:` for `Case 1:`: wrong on every case.
    ("uva11195/wrong_format.cpp", &[]),
    // Reads `r c` as column then row: wrong on both cases.
    ("aoj/wrong_transposed.py", &[]),
];

/// The fork bombs run alone among these tests: a fork bomb may take every free process slot of the
/// machine (or of its pids cgroup) until its sandbox dies, and a test starting a process then
/// would fail for nothing. Every other test here holds a read guard.
static ALONE: RwLock<()> = RwLock::new(());

/// How long a test waits for what a running judge shows (a report, a process it started): a
/// guard against a hang, in minutes, never a figure.
const WAIT: Duration = Duration::from_secs(300);

fn shared() -> RwLockReadGuard<'static, ()> {
    ALONE.read().unwrap_or_else(PoisonError::into_inner)
}

// ---------------------------------------------------------------- the manifest

/// One `[[file]]` of MANIFEST.toml (its header documents the keys).
#[derive(Clone, Debug, Default)]
struct Entry {
    path: String,
    problems: Vec<String>,
    verdict: String,
    line: Option<u32>,
    mentions: Vec<String>,
    also_accept: Vec<String>,
    needs_sandbox: bool,
    comm: Option<String>,
    outside_too: bool,
}

impl Entry {
    /// The file's name: its column in the tables and its `implementation` in the JSON.
    fn name(&self) -> &str {
        self.path.rsplit('/').next().expect("a path")
    }

    fn group(&self) -> &str {
        self.path.split('/').next().expect("a path")
    }

    fn source(&self) -> PathBuf {
        corpus().join(&self.path)
    }

    /// The verdicts allowed on `case`: AC where a WA file is right (the manifest's comments), else
    /// the file's verdict or one of its `also_accept`.
    fn allowed_on(&self, case: &str) -> Vec<String> {
        let right_on = RIGHT_ON.iter().find(|(path, _)| *path == self.path);
        assert!(
            self.verdict != "WA" || right_on.is_some(),
            "{}: a WA file RIGHT_ON does not list",
            self.path
        );
        if right_on.is_some_and(|(_, right_on)| right_on.contains(&case)) {
            return vec!["AC".to_string()];
        }
        let mut allowed = vec![self.verdict.clone()];
        allowed.extend(self.also_accept.iter().cloned());
        allowed
    }
}

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus")
}

/// A quoted TOML string (the manifest's strings have no escapes).
fn toml_string(value: &str) -> String {
    let inner = value.strip_prefix('"').and_then(|value| value.strip_suffix('"'));
    let inner = inner.unwrap_or_else(|| panic!("MANIFEST.toml: `{value}` is not a string"));
    assert!(!inner.contains(['"', '\\']), "MANIFEST.toml: `{value}` has an escape");
    inner.to_string()
}

/// A one-line TOML array of strings.
fn toml_strings(value: &str) -> Vec<String> {
    let inner = value.strip_prefix('[').and_then(|value| value.strip_suffix(']'));
    let inner = inner.unwrap_or_else(|| panic!("MANIFEST.toml: `{value}` is not an array"));
    inner.split(',').map(str::trim).filter(|item| !item.is_empty()).map(toml_string).collect()
}

/// MANIFEST.toml, read with the few rules its entries use (xtask's tests have no TOML parser); an
/// unknown key, a missing one or an unknown verdict fails, so the manifest cannot drift unread.
fn manifest() -> Vec<Entry> {
    let text = std::fs::read_to_string(corpus().join("MANIFEST.toml")).expect("MANIFEST.toml");
    let mut entries: Vec<Entry> = Vec::new();
    for (number, line) in text.lines().enumerate().map(|(index, line)| (index + 1, line.trim())) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if line == "[[file]]" {
            entries.push(Entry::default());
            continue;
        }
        let (key, value) =
            line.split_once(" = ").unwrap_or_else(|| panic!("MANIFEST.toml line {number}: `{line}`"));
        let entry = entries.last_mut().unwrap_or_else(|| panic!("MANIFEST.toml line {number}: no [[file]]"));
        match key {
            "path" => entry.path = toml_string(value),
            "problems" => entry.problems = toml_strings(value),
            "verdict" => entry.verdict = toml_string(value),
            "line" => entry.line = Some(value.parse().expect("a line number")),
            "mentions" => entry.mentions = toml_strings(value),
            "also_accept" => entry.also_accept = toml_strings(value),
            "needs_sandbox" => entry.needs_sandbox = value.parse().expect("true or false"),
            "comm" => entry.comm = Some(toml_string(value)),
            "outside_too" => entry.outside_too = value.parse().expect("true or false"),
            other => panic!("MANIFEST.toml line {number}: unknown key `{other}`"),
        }
    }
    let verdicts = ["AC", "WA", "TLE", "MLE", "RE", "OLE", "CE"];
    for entry in &entries {
        assert!(!entry.path.is_empty() && !entry.problems.is_empty(), "{entry:?}");
        for verdict in std::iter::once(&entry.verdict).chain(&entry.also_accept) {
            assert!(verdicts.contains(&verdict.as_str()), "{entry:?}");
        }
        for problem in &entry.problems {
            assert!(
                ["cses1624", "leetcode51", "leetcode52", "poj3239", "uva11195", "aoj-alds1-13-a"]
                    .contains(&problem.as_str()),
                "{entry:?}"
            );
        }
        assert!(entry.source().is_file(), "{}: no such file", entry.path);
    }
    entries
}

/// The entries of one folder of the corpus, sandbox-only files apart (`needs_sandbox`).
fn group(name: &str, needs_sandbox: bool) -> Vec<Entry> {
    let entries: Vec<Entry> = manifest()
        .into_iter()
        .filter(|entry| entry.group() == name && entry.needs_sandbox == needs_sandbox)
        .collect();
    assert!(!entries.is_empty(), "no {name} files in MANIFEST.toml");
    entries
}

// ---------------------------------------------------------------- running the binary

/// The cargo target folder the test binary was built in: `<target>/debug/xtask`'s grandparent.
fn target_dir() -> PathBuf {
    let binary = Path::new(env!("CARGO_BIN_EXE_xtask"));
    binary.parent().and_then(Path::parent).expect("<target>/<profile>/xtask").to_path_buf()
}

/// Where the judge caches its builds.
fn build_root() -> PathBuf {
    target_dir().join("judge-builds")
}

/// `cargo xtask ARGS`, with the judge's builds under [`build_root`] whatever the environment says.
fn run_xtask(args: &[&str]) -> Xtask {
    xtask(args).env("CARGO_TARGET_DIR", path_arg(&target_dir()))
}

/// A cases folder: the CSES sample (65) and the empty 8 x 8 board (92), both counted by the
/// oracle, and LeetCode's n = 1, 4 and 6 from OEIS A000170.
fn cases_folder() -> TempFolder {
    let folder = TempFolder::new("submission-cases");
    let sample = oracle::count(&Board::parse(SAMPLE).expect("the sample"));
    assert_eq!(sample, 65, "the CSES sample's count");
    let empty_board = "........\n".repeat(8);
    let empty = oracle::count(&Board::parse(&empty_board).expect("an empty board"));
    assert_eq!(empty, 92, "the empty 8 x 8 board's count");
    // 3 s, not CSES's 1 s: a memory file's 512 MB cost 0.3 to 0.6 s of the kernel's CPU time on a
    // quiet virtual machine here, and past 1 s in CI, where freed pages go back to the host (free
    // page reporting) and each new one costs it a fault: TLE before MLE. The slow files are tens of
    // seconds of work, TLE at 3 s as at 1 s.
    let limit = "time_limit_ms = 3000\n";
    folder
        .write("cses/sample.toml", &format!("{limit}board = \"\"\"\n{SAMPLE}\"\"\"\nexpected = {sample}\n"));
    folder.write(
        "cses/empty-8x8.toml",
        &format!("{limit}board = \"\"\"\n{empty_board}\"\"\"\nexpected = {empty}\n"),
    );
    for (n, count) in [(1, 1), (4, 2), (6, 4)] {
        let expected = oracle::known_count(n).expect("OEIS A000170");
        assert_eq!(expected, count, "Q({n})");
        folder.write(&format!("leetcode/n{n}.toml"), &format!("n = {n}\nexpected = {expected}\n"));
    }
    // POJ 3239's every side in one input; any right placement of each is accepted.
    folder.write("poj/all.toml", "sides = { from = 8, to = 300 }\n");
    // UVa 11195's sample, whose counts the statement gives and the oracle agrees with, and the
    // empty 11 x 11 board (OEIS) after a 6 x 6 with bad squares (the oracle), where a search over
    // every order of the columns runs out of its 3 s.
    let bad_square = Board::parse(".*..\n....\n....\n....\n").expect("4 x 4");
    assert_eq!((empty, oracle::count(&bad_square)), (92, 1), "UVa's sample: Case 1: 92, Case 2: 1");
    let quote = |board: &str| format!("\"\"\"\n{board}\"\"\"");
    folder.write(
        "uva/sample.toml",
        &format!(
            "example = true\nboards = [{}, {}]\nexpected = [92, 1]\n",
            quote(&empty_board),
            quote(&bad_square.to_text())
        ),
    );
    let bad = "..*...\n......\n.*..*.\n......\n...*..\n......\n";
    folder.write(
        "uva/large.toml",
        &format!("boards = [{}, {}]\n", quote(bad), quote(&"...........\n".repeat(11))),
    );
    // AOJ ALDS1_13_A's sample, whose board the statement gives, and a corner queen and one more.
    let aoj_board = "......Q.\nQ.......\n..Q.....\n.......Q\n.....Q..\n...Q....\n.Q......\n....Q...\n";
    folder.write(
        "aoj/sample.toml",
        &format!("example = true\nplaced = [[2, 2], [5, 3]]\nexpected = {}\n", quote(aoj_board)),
    );
    folder.write("aoj/corner.toml", "placed = [[0, 0], [2, 3]]\n");
    folder
}

/// The cases a problem's table holds from [`cases_folder`].
fn cases_of(problem: &str) -> &'static [&'static str] {
    match problem {
        "cses1624" => &CSES_CASES,
        "poj3239" => &POJ_CASES,
        "uva11195" => &UVA_CASES,
        "aoj-alds1-13-a" => &AOJ_CASES,
        _ => &LEETCODE_CASES,
    }
}

/// `judge --json --jobs 2 --accept --cases CASES [extra] FILES...`: `--accept` writes the cases'
/// snapshots into the temporary folder, so that the exit status tells the verdicts alone.
fn judge_json(cases: &TempFolder, extra: &[&str], files: &[PathBuf]) -> (Ran, Value) {
    judge_json_with(cases, extra, files, &[])
}

fn judge_json_with(
    cases: &TempFolder,
    extra: &[&str],
    files: &[PathBuf],
    env: &[(&str, &str)],
) -> (Ran, Value) {
    let mut args = vec!["judge", "--json", "--jobs", "2", "--accept", "--cases", cases.arg()];
    args.extend_from_slice(extra);
    args.extend(files.iter().map(|file| path_arg(file)));
    let mut command = run_xtask(&args);
    for (key, value) in env {
        command = command.env(key, value);
    }
    let ran = command.run();
    let report = ran.json();
    (ran, report)
}

/// The implementations `problem`'s table lists (none when there is no table).
fn columns(report: &Value, problem: &str) -> Vec<String> {
    table(report, problem).map_or_else(Vec::new, |table| strings(&table["implementations"]))
}

/// Judges `entries` in one run over [`cases_folder`] and checks each file against its manifest
/// entry: it is judged on exactly its problems, on every case of theirs, with an allowed verdict
/// on each; a CE or a crash names the user's file and line; a detail holds every `mentions`.
fn judge_against_manifest(entries: &[Entry]) {
    judge_against_manifest_with(entries, &[]);
}

/// [`judge_against_manifest`], with `env` set for the judge.
fn judge_against_manifest_with(entries: &[Entry], env: &[(&str, &str)]) {
    judge_against_manifest_asking(entries, &[], env);
}

/// [`judge_against_manifest_with`], with `extra` arguments for the judge (`--problem`).
fn judge_against_manifest_asking(entries: &[Entry], extra: &[&str], env: &[(&str, &str)]) {
    let cases = cases_folder();
    let files: Vec<PathBuf> = entries.iter().map(Entry::source).collect();
    let (ran, report) = judge_json_with(&cases, extra, &files, env);
    assert_eq!(report["schema_version"], 9, "{ran}");
    assert_eq!(report["isolation"], "sandboxed", "{ran}");
    // Whatever the files print, the report stays small (each CE or crash keeps its first lines).
    assert!(ran.stdout.len() < 1 << 20, "a report of {} bytes", ran.stdout.len());
    let mut all_ac = true;
    for entry in entries {
        let name = entry.name();
        let source = entry.source().canonicalize().expect("a corpus file");
        let source = source.display().to_string();
        for problem in PROBLEMS {
            assert_eq!(
                columns(&report, problem).iter().any(|column| column == name),
                entry.problems.iter().any(|solved| solved == problem),
                "{}: judged on {problem}? (manifest: {:?})\n{ran}",
                entry.path,
                entry.problems
            );
        }
        for problem in &entry.problems {
            let table = table(&report, problem).unwrap_or_else(|| panic!("no {problem} table: {ran}"));
            let judged: BTreeSet<&str> = table["runs"]
                .as_array()
                .expect("runs")
                .iter()
                .filter(|run| run["implementation"] == name)
                .map(|run| run["case"].as_str().expect("a case"))
                .collect();
            let wanted: BTreeSet<&str> = cases_of(problem).iter().copied().collect();
            assert_eq!(judged, wanted, "{} on {problem}", entry.path);
            for case in cases_of(problem) {
                let run = run_of(&report, problem, name, case);
                let (got, detail) = verdict(run);
                let allowed = entry.allowed_on(case);
                assert!(
                    allowed.iter().any(|verdict| verdict == got),
                    "{} on {problem} {case}: {got}, expected one of {allowed:?}; detail:\n{detail}",
                    entry.path
                );
                all_ac &= got == "AC";
                if got != entry.verdict || got == "AC" {
                    continue;
                }
                for mention in &entry.mentions {
                    assert!(
                        detail.contains(mention.as_str()),
                        "{} on {case}: the detail lacks `{mention}`:\n{detail}",
                        entry.path
                    );
                }
                // A compiler's own message names the user's file; a build stopped by a limit says
                // which limit instead.
                if got == "CE" && !detail.starts_with("the compiler") {
                    assert!(detail.contains(&source), "{}: the CE names not {source}:\n{detail}", entry.path);
                }
                if let Some(line) = entry.line {
                    let place = if entry.path.ends_with(".py") {
                        format!("\"{source}\", line {line}")
                    } else {
                        format!("{source}:{line}:")
                    };
                    assert!(
                        detail.contains(&place),
                        "{} on {case}: the {got} does not name `{place}`:\n{detail}",
                        entry.path
                    );
                }
            }
        }
    }
    assert_eq!(report["passed"], all_ac, "{ran}");
    ran.expect_code(if all_ac { 0 } else { 1 });
}

// ---------------------------------------------------------------- 1. the corpus

#[test]
fn the_corpus_manifest_lists_every_corpus_file_once() {
    let listed: Vec<String> = manifest().into_iter().map(|entry| entry.path).collect();
    let unique: BTreeSet<String> = listed.iter().cloned().collect();
    assert_eq!(unique.len(), listed.len(), "a file listed twice: {listed:?}");
    let on_disk: BTreeSet<String> = crate::support::listing(&corpus())
        .into_iter()
        .filter(|path| !path.ends_with('/') && path != "MANIFEST.toml")
        .collect();
    assert_eq!(unique, on_disk);
    let wrong: BTreeSet<String> =
        manifest().into_iter().filter(|entry| entry.verdict == "WA").map(|entry| entry.path).collect();
    let slow: BTreeSet<String> =
        manifest().into_iter().filter(|entry| entry.verdict == "TLE").map(|entry| entry.path).collect();
    let covered: BTreeSet<String> = RIGHT_ON.iter().map(|(path, _)| path.to_string()).collect();
    let wrong_covered: BTreeSet<String> =
        covered.iter().filter(|path| !slow.contains(*path)).cloned().collect();
    assert_eq!(
        wrong, wrong_covered,
        "RIGHT_ON says where each WA file, and a TLE file in time somewhere, is right"
    );
}

/// UVa 11195's and AOJ ALDS1_13_A's whole programs in all six languages, asked for by
/// `--problem`, and a note for each language the judge itself would refuse.
#[test]
fn uva11195_and_aoj_files_get_their_manifest_verdicts_and_notes() {
    let _shared = shared();
    judge_against_manifest_asking(&group("uva11195", false), &["--problem", "uva11195"], &[]);
    judge_against_manifest_asking(&group("aoj", false), &["--problem", "aoj-alds1-13-a"], &[]);
    let cases = cases_folder();
    let files = [
        corpus().join("uva11195/right.js"),
        corpus().join("uva11195/right.java"),
        corpus().join("cses/right.java"),
    ];
    let (ran, report) = judge_json(&cases, &["--problem", "uva11195"], &files);
    let notes = strings(&report["notes"]);
    let noted =
        |file: &str, words: &str| notes.iter().any(|note| note.contains(file) && note.contains(words));
    assert!(noted("right.js", "UVa takes no JavaScript"), "{ran}");
    assert!(noted("right.java", "UVa runs the class `Main`, and this program's is `Queens`"), "{ran}");
    assert_eq!(notes.iter().filter(|note| note.contains("right.java")).count(), 1, "{ran}");
}

#[test]
fn cses_files_get_their_manifest_verdicts() {
    let _shared = shared();
    judge_against_manifest(&group("cses", false));
}

#[test]
fn leetcode51_files_get_their_manifest_verdicts() {
    let _shared = shared();
    judge_against_manifest(&group("leetcode51", false));
}

#[test]
fn leetcode52_files_get_their_manifest_verdicts() {
    let _shared = shared();
    judge_against_manifest(&group("leetcode52", false));
}

/// POJ 3239's programs, asked for by `--problem` (a whole program reads whatever it is given):
/// their verdicts on every side POJ gives, in one input; and a note for each file POJ itself would
/// refuse (its languages are C, C++ and Java, the Java class `Main`).
#[test]
fn poj3239_files_get_their_manifest_verdicts_and_notes() {
    let _shared = shared();
    judge_against_manifest_asking(&group("poj3239", false), &["--problem", "poj3239"], &[]);

    let cases = cases_folder();
    let files = [
        corpus().join("poj3239/right.py"),
        corpus().join("poj3239/right.cpp"),
        corpus().join("cses/right.java"),
        corpus().join("poj3239/package_line.java"),
        corpus().join("poj3239/gbk_comments.cpp"),
    ];
    let (ran, report) = judge_json(&cases, &["--problem", "poj3239"], &files);
    let notes = strings(&report["notes"]);
    let noted =
        |file: &str, words: &str| notes.iter().any(|note| note.contains(file) && note.contains(words));
    assert!(noted("right.py", "POJ takes no Python"), "{ran}");
    assert!(noted("right.java", "POJ runs the class `Main`, and this program's is `Queens`"), "{ran}");
    assert!(!notes.iter().any(|note| note.contains("right.cpp")), "{ran}");
    assert!(noted("package_line.java", "declares `package poj.queens;`: remove that line for POJ"), "{ran}");
    assert_eq!(verdict(run_of(&report, "poj3239", "package_line.java", "poj/all")).0, "AC", "{ran}");
    // Bytes that are not UTF-8 (GBK comments) are built as they are, and said so.
    assert!(
        noted("gbk_comments.cpp", "not UTF-8 text (its first byte that is not, 0xb0, is at line 4, column 4"),
        "{ran}"
    );
    assert_eq!(verdict(run_of(&report, "poj3239", "gbk_comments.cpp", "poj/all")).0, "AC", "{ran}");
    // The CSES program reads a board where POJ gives sides: its own crash, not the judge's.
    assert_eq!(verdict(run_of(&report, "poj3239", "right.java", "poj/all")).0, "RE", "{ran}");
    assert_eq!(verdict(run_of(&report, "poj3239", "right.cpp", "poj/all")).0, "AC", "{ran}");
    ran.expect_code(1);
}

/// LeetCode's own count and order, on the repository's own cases: each distinct test within the
/// constraints runs once (n = 1, 4 and 8 are each two cases here: an example or `cses/empty-8x8`
/// beside `empty/n01`, `n04`, `n08`), so the count is LeetCode's 9, and the first failure named is
/// the first the session met; every case still has its verdict in the table.
#[test]
fn leetcode_counts_its_distinct_tests_in_its_own_order() {
    let _shared = shared();
    let files = [corpus().join("leetcode52/state_static.java"), corpus().join("leetcode52/right.py")];
    let mut args = vec!["judge", "--json", "--jobs", "2"];
    args.extend(files.iter().map(|file| path_arg(file)));
    let ran = run_xtask(&args).run();
    ran.expect_code(1);
    let report: Value = serde_json::from_str(&ran.stdout).unwrap_or_else(|error| panic!("{error}: {ran}"));
    let file = |name: &str| file_of(&report, name);
    assert_eq!(
        strings(&file("right.py")["leetcode"]),
        ["LeetCode 52: Accepted, 9 / 9 testcases passed"],
        "{ran}"
    );
    // The examples run first: n = 4 (AC), then n = 1, which starts from the first test's count.
    assert_eq!(
        strings(&file("state_static.java")["leetcode"]),
        ["LeetCode 52: Wrong Answer, 1 / 9 testcases passed; input n = 1, output 3, expected 1"],
        "{ran}"
    );
    assert_eq!(file("state_static.java")["first_failure"]["case"], "leetcode/example-2", "{ran}");
    // A case of the same test as another has that test's verdict.
    for (case, twin) in [
        ("leetcode/example-1", "empty/n04"),
        ("leetcode/example-2", "empty/n01"),
        ("empty/n08", "cses/empty-8x8"),
    ] {
        let of = |id: &str| verdict(run_of(&report, "leetcode52", "state_static.java", id)).0.to_string();
        assert_eq!(of(case), of(twin), "{case} and {twin}: {ran}");
    }
}

/// A return value of the wrong type is told in the learner's terms: what came back and what the
/// problem expects, in the language's own types; no path or frame of the judge's driver.
#[test]
fn a_wrong_return_type_is_told_in_the_learners_terms() {
    let _shared = shared();
    let cases = cases_folder();
    let files = [corpus().join("leetcode51/returns_number.js"), corpus().join("leetcode52/returns_str.py")];
    let (ran, report) = judge_json(&cases, &[], &files);
    ran.expect_code(1);
    for (problem, name, said) in [
        (
            "leetcode51",
            "returns_number.js",
            "solveNQueens returned a number (2); LeetCode 51 expects an array of boards",
        ),
        ("leetcode52", "returns_str.py", "totalNQueens returned a str ('2'); LeetCode 52 expects an int"),
    ] {
        let (got, detail) = verdict(run_of(&report, problem, name, "leetcode/n4"));
        assert_eq!(got, "RE", "{name}: {detail}");
        assert!(detail.contains(said), "{name}: {detail}");
        for internal in ["driver", "/box/", "Traceback", "    at "] {
            assert!(!detail.contains(internal), "{name}: `{internal}` in {detail}");
        }
    }
}

/// A file's failures of one cause are told once: the first in full (the state it keeps, the test
/// before, the fix; the sanitizer's report), the others in one line naming their tests; the JSON
/// keeps every test's detail.
#[test]
fn failures_of_one_cause_are_told_once() {
    let _shared = shared();
    let cases = cases_folder();
    let files =
        [corpus().join("leetcode52/state_static.java"), corpus().join("leetcode52/out_of_bounds.cpp")];
    let mut args = vec!["judge", "--jobs", "2", "--accept", "--cases", cases.arg()];
    args.extend(files.iter().map(|file| path_arg(file)));
    let ran = run_xtask(&args).run();
    ran.expect_code(1);
    let lines = |words: &str| ran.stdout.lines().filter(|line| line.contains(words)).count();
    assert_eq!(lines("passes alone, in a fresh process"), 1, "{ran}");
    assert_eq!(lines("heap-buffer-overflow"), 2, "the failure and the file's LeetCode line: {ran}");
    let same: Vec<&str> =
        ran.stdout.lines().filter(|line| line.trim_start().starts_with("the same on ")).collect();
    assert_eq!(
        same,
        [
            "  the same on 2 more tests: leetcode/n4, leetcode/n6",
            "  the same on 3 more tests: leetcode/n1, leetcode/n4, leetcode/n6"
        ],
        "{ran}"
    );
    let (ran, report) = judge_json(&cases, &[], &files);
    let runs =
        table(&report, "leetcode52").expect("a LeetCode 52 table")["runs"].as_array().expect("runs").clone();
    let told = |name: &str, words: &str| {
        runs.iter()
            .filter(|run| {
                run["implementation"] == name
                    && run["detail"].as_str().is_some_and(|detail| detail.contains(words))
            })
            .count()
    };
    assert_eq!(told("state_static.java", "passes alone"), LEETCODE_CASES.len() - 1, "{ran}");
    assert_eq!(told("out_of_bounds.cpp", "heap-buffer-overflow"), LEETCODE_CASES.len(), "{ran}");
}

/// The JSON report's summary of the file named `name` (`files[]`).
fn file_of(report: &Value, name: &str) -> Value {
    report["files"].as_array().expect("files").iter().find(|file| file["name"] == name).cloned().expect(name)
}

/// The places a hostile file tries to write: /root (through /tmp/..), beside its source, and the
/// current folder (the test's, and the sandbox's `/`).
fn pwned_paths() -> Vec<PathBuf> {
    let here = std::env::current_dir().expect("the current folder");
    vec![
        PathBuf::from("/root/pwned-judge-test"),
        corpus().join("hostile/pwned-judge-test"),
        here.join("pwned-judge-test"),
        PathBuf::from("/pwned-judge-test"),
    ]
}

fn assert_no_pwned_file(when: &str) {
    for path in pwned_paths() {
        assert!(!path.exists(), "{when}: {} exists", path.display());
    }
}

/// The hostile files' verdicts are those under the judge's sandbox (the manifest's header), with
/// the kernel's cgroups counting every process of a run.
#[test]
fn hostile_files_get_their_verdicts_and_change_nothing_outside() {
    let _shared = shared();
    hostile_files_under(&[]);
}

/// The same verdicts where no cgroup can be made (`QUEENS_JUDGE_CGROUPS=off`): the sandbox's first
/// process counts every process it reaps and the runner samples the live ones.
#[test]
fn hostile_files_get_the_same_verdicts_without_cgroups() {
    let _shared = shared();
    hostile_files_under(&[("QUEENS_JUDGE_CGROUPS", "off")]);
}

/// Puts this thread (and so the judge it starts) in a session keyring of its own holding a `user`
/// key named `queens-judge-secret`, for hostile/keyring.py to look for.
fn join_a_session_keyring_with_a_secret() {
    const KEYCTL_JOIN_SESSION_KEYRING: libc::c_long = 1;
    const KEY_SPEC_SESSION_KEYRING: libc::c_long = -3;
    // SAFETY: keyctl and add_key with valid C strings and a one-byte payload.
    let (joined, added) = unsafe {
        let joined =
            libc::syscall(libc::SYS_keyctl, KEYCTL_JOIN_SESSION_KEYRING, std::ptr::null::<libc::c_char>());
        let added = libc::syscall(
            libc::SYS_add_key,
            c"user".as_ptr(),
            c"queens-judge-secret".as_ptr(),
            b"x".as_ptr(),
            1usize,
            KEY_SPEC_SESSION_KEYRING,
        );
        (joined, added)
    };
    assert!(joined >= 0 && added >= 0, "a session keyring with a key: {}", std::io::Error::last_os_error());
}

/// Whether this thread's session keyring holds a `user` key named `name`.
fn session_keyring_holds(name: &std::ffi::CStr) -> bool {
    const KEYCTL_SEARCH: libc::c_long = 10;
    const KEY_SPEC_SESSION_KEYRING: libc::c_long = -3;
    // SAFETY: keyctl with valid C strings.
    unsafe {
        libc::syscall(
            libc::SYS_keyctl,
            KEYCTL_SEARCH,
            KEY_SPEC_SESSION_KEYRING,
            c"user".as_ptr(),
            name.as_ptr(),
            0,
        ) >= 0
    }
}

fn hostile_files_under(env: &[(&str, &str)]) {
    assert_no_pwned_file("before the judge");
    join_a_session_keyring_with_a_secret();
    // A judge killed elsewhere (SIGKILL cannot be caught) may have left its folders already.
    let before = leftover_cgroups();
    judge_against_manifest_with(&group("hostile", false), env);
    assert_no_pwned_file("after the judge");
    assert!(session_keyring_holds(c"queens-judge-secret"), "the test's own key is gone");
    assert!(!session_keyring_holds(c"queens-judge-planted"), "a run left a key in the judge's keyring");
    // sleep.py is stopped at the backstop (its verdict's detail says so), not after its 30 s; no
    // figure of the whole run is asserted: a busy machine takes longer, and a hang is the
    // runner's deadline (`support::DEADLINE`).
    let left: Vec<PathBuf> = leftover_cgroups().into_iter().filter(|path| !before.contains(path)).collect();
    assert_eq!(left, Vec::<PathBuf>::new(), "cgroups left behind");
}

/// The judge's cgroup folders still there (`queens-judge-PID`), under any controller.
fn leftover_cgroups() -> Vec<PathBuf> {
    let mut left = Vec::new();
    let mut folders = vec![PathBuf::from("/sys/fs/cgroup")];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).into_iter().flatten().flatten() {
            let path = entry.path();
            if !entry.file_type().is_ok_and(|kind| kind.is_dir()) {
                continue;
            }
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with("queens-judge-") {
                let pid = name.trim_start_matches("queens-judge-");
                // Another test's judge, still running, may hold its own.
                if !Path::new("/proc").join(pid).exists() {
                    left.push(path);
                }
            } else if folders.len() < 10_000 {
                folders.push(path);
            }
        }
    }
    left
}

/// Fork bombs alone, on the sample only (a bomb's verdict does not depend on its board, and each
/// run lasts until the 3 s backstop); none of their processes may outlive the verdict.
#[test]
fn fork_bombs_are_stopped_and_leave_no_process_behind() {
    let _alone = ALONE.write().unwrap_or_else(PoisonError::into_inner);
    let entries = group("hostile", true);
    let names: Vec<&str> = entries.iter().map(|entry| entry.comm.as_deref().expect("a comm")).collect();
    for comm in &names {
        assert_eq!(processes_named(comm), Vec::<String>::new(), "`{comm}` runs before the test");
    }
    let cases = cases_folder();
    let files: Vec<PathBuf> = entries.iter().map(Entry::source).collect();
    let (ran, report) = judge_json(&cases, &["--case", "cses/sample"], &files);
    let survivors: BTreeMap<&str, Vec<String>> =
        names.iter().map(|comm| (*comm, processes_named(comm))).collect();
    assert!(survivors.values().all(Vec::is_empty), "left once the verdict was in: {survivors:?}\n{ran}");
    ran.expect_code(1);
    for entry in &entries {
        let run = run_of(&report, "cses1624", entry.name(), "cses/sample");
        let (got, detail) = verdict(run);
        assert!(
            entry.allowed_on("cses/sample").iter().any(|allowed| allowed == got),
            "{}: {got}: {detail}",
            entry.path
        );
    }
    assert_eq!(runs(&report).len(), entries.len(), "{ran}");
}

// ---------------------------------------------------------------- 2. a failing solution's prints

#[test]
fn a_failing_leetcode_solution_shows_what_it_printed() {
    let _shared = shared();
    let folder = TempFolder::new("submission-prints");
    let file = folder.write(
        "one_too_few.py",
        "class Solution:\n\
         \x20   def solveNQueens(self, n: int) -> List[List[str]]:\n\
         \x20       print(\"hello from the solution\")\n\
         \x20       boards, queens = [], []\n\
         \n\
         \x20       def place(row):\n\
         \x20           if row == n:\n\
         \x20               boards.append([\".\" * c + \"Q\" + \".\" * (n - c - 1) for c in queens])\n\
         \x20               return\n\
         \x20           for col in range(n):\n\
         \x20               if all(c != col and abs(c - col) != row - r for r, c in enumerate(queens)):\n\
         \x20                   queens.append(col)\n\
         \x20                   place(row + 1)\n\
         \x20                   queens.pop()\n\
         \n\
         \x20       place(0)\n\
         \x20       return boards[:-1]\n",
    );
    let cases = cases_folder();
    let (ran, report) = judge_json(&cases, &[], &[file]);
    ran.expect_code(1);
    assert_eq!(columns(&report, "leetcode51"), ["one_too_few.py"], "{ran}");
    for case in LEETCODE_CASES {
        let (got, detail) = verdict(run_of(&report, "leetcode51", "one_too_few.py", case));
        assert_eq!(got, "WA", "{case}: {detail}");
        assert!(detail.contains("missing: 1 board"), "{case}: {detail}");
        assert!(detail.contains("its stdout:"), "{case}: {detail}");
        assert!(detail.contains("hello from the solution"), "{case}: {detail}");
    }
}

// ---------------------------------------------------------------- 3. what a file is

#[test]
fn a_file_that_matches_no_problem_is_a_one_line_error() {
    let _shared = shared();
    let folder = TempFolder::new("submission-nothing");
    let file = folder.write("helper.rs", "pub fn helper(n: u32) -> u32 {\n    n + 1\n}\n");
    let cases = cases_folder();
    let ran = run_xtask(&["judge", "--jobs", "2", "--cases", cases.arg(), path_arg(&file)]).run();
    let line = ran.input_error();
    assert!(line.contains(path_arg(&file)), "{ran}");
    assert!(line.contains("neither a whole program"), "{ran}");
}

/// The languages `cargo xtask languages --json` lists: the engine's list, which the tests follow.
fn languages() -> Vec<Value> {
    let ran = run_xtask(&["languages", "--json"]).run();
    assert_eq!(ran.code, Some(0), "every language is ready on a machine the tests run on: {ran}");
    let report: Value = serde_json::from_str(&ran.stdout).unwrap_or_else(|error| panic!("{error}: {ran}"));
    report.as_array().expect("one entry a language").clone()
}

#[test]
fn every_language_is_ready_and_has_its_files_in_the_corpus() {
    let _shared = shared();
    let languages = languages();
    assert!(languages.len() >= 6, "{languages:?}");
    let manifest = manifest();
    for language in &languages {
        let id = language["id"].as_str().expect("an id");
        assert_eq!(language["ready"], true, "{language}");
        assert!(language["version"].as_str().is_some_and(|version| !version.is_empty()), "{language}");
        let extensions = strings(&language["extensions"]);
        // Right files of every problem, and a file that does not build, in every language.
        for (group, verdicts) in
            [("cses", &["AC"][..]), ("leetcode51", &["AC"]), ("leetcode52", &["AC"]), ("", &["CE"])]
        {
            let found = manifest.iter().any(|entry| {
                extensions.iter().any(|extension| entry.path.ends_with(extension.as_str()))
                    && (group.is_empty() || entry.group() == group)
                    && verdicts.contains(&entry.verdict.as_str())
            });
            assert!(found, "{id}: no {verdicts:?} file in corpus/{group} (MANIFEST.toml)");
        }
    }
}

#[test]
fn a_missing_toolchain_is_one_line_that_says_what_to_install() {
    let _shared = shared();
    let cases = cases_folder();
    let file = corpus().join("cses/right.c");
    let missing = "c=/nonexistent/queens-judge-gcc";
    let ran = run_xtask(&["judge", "--cases", cases.arg(), "--compiler", missing, path_arg(&file)]).run();
    let line = ran.environment_error();
    assert!(line.contains("C files cannot be judged here"), "{ran}");
    assert!(
        line.contains("/nonexistent/queens-judge-gcc` is not installed")
            && line.contains("apt-get install gcc"),
        "{ran}"
    );
    let listed = run_xtask(&["languages", "--compiler", missing]).run();
    assert_eq!(listed.code, Some(3), "{listed}");
    assert!(listed.stdout.contains("NOT READY") && listed.stdout.contains("apt-get install gcc"), "{listed}");
}

#[test]
fn a_near_miss_of_leetcodes_name_asks_what_was_meant() {
    let _shared = shared();
    let folder = TempFolder::new("submission-near-miss");
    let cases = cases_folder();
    for (name, text) in [
        ("typo.cpp", "class Solution {\npublic:\n    int totalNQueen(int n) { return n; }\n};\n"),
        ("typo.java", "class Solution {\n    public int totalNqueens(int n) { return n; }\n}\n"),
        ("typo.py", "class Solution:\n    def totalNQueen(self, n: int) -> int:\n        return n\n"),
        ("typo.js", "var solveNQueen = function(n) {\n    return [];\n};\n"),
    ] {
        let file = folder.write(name, text);
        let ran = run_xtask(&["judge", "--cases", cases.arg(), path_arg(&file)]).run();
        let line = ran.input_error();
        assert!(line.contains(path_arg(&file)) && line.contains("did you mean `"), "{ran}");
        let meant = if name.ends_with(".js") { "`solveNQueens`?" } else { "`totalNQueens`?" };
        assert!(line.ends_with(meant), "{ran}");
    }
    let helper = folder.write("helper.c", "void totalNQueens(int row, int n, int *count) {\n}\n");
    let ran = run_xtask(&["judge", "--cases", cases.arg(), path_arg(&helper)]).run();
    let line = ran.input_error();
    assert!(line.contains("not with LeetCode's signature `int totalNQueens(int n)`"), "{ran}");
    assert!(line.contains("--problem leetcode52"), "{ran}");
}

/// LeetCode runs a file's tests in one process, in order (here n = 1, 4, 6, 8): a static count
/// never reset is right on the first test alone, each file's line says what LeetCode itself would
/// show, and a learner's near-miss of a LeetCode signature is told with the signature it missed.
#[test]
fn leetcodes_own_result_and_a_near_miss_of_its_signature_are_told() {
    let _shared = shared();
    let cases = cases_folder();
    let files = [
        corpus().join("leetcode52/state_static.java"),
        corpus().join("leetcode52/state_static_reset.java"),
        corpus().join("leetcode52/out_of_bounds.cpp"),
        corpus().join("cses/near_miss_signature.rs"),
        corpus().join("leetcode52/py2_xrange.py"),
    ];
    let (ran, report) = judge_json(&cases, &[], &files);
    let file = |name: &str| file_of(&report, name);
    // Q(1) + Q(4) = 1 + 2: the second test starts from the first one's count (OEIS A000170).
    let expected = oracle::known_count(4).expect("OEIS");
    assert_eq!(
        strings(&file("state_static.java")["leetcode"]),
        [format!(
            "LeetCode 52: Wrong Answer, 1 / 4 testcases passed; input n = 4, output {}, expected {expected}",
            1 + expected
        )],
        "{ran}"
    );
    assert_eq!(
        strings(&file("state_static_reset.java")["leetcode"]),
        ["LeetCode 52: Accepted, 4 / 4 testcases passed"],
        "{ran}"
    );
    let sanitized = strings(&file("out_of_bounds.cpp")["leetcode"]);
    assert!(
        sanitized[0].starts_with("LeetCode 52: Runtime Error, 0 / 4 testcases passed; input n = 1: AddressSanitizer: heap-buffer-overflow (READ of size 4) at ")
            && sanitized[0].contains("out_of_bounds.cpp:")
            && sanitized[0].contains("the tests after ran in a new one"),
        "{ran}"
    );
    // The error itself on the result line, not "the end of its stderr:" and nothing after it.
    assert!(
        strings(&file("py2_xrange.py")["leetcode"])[0].starts_with(
            "LeetCode 52: Runtime Error, 0 / 4 testcases passed; input n = 1: exited with status 1: \
             NameError: name 'xrange' is not defined"
        ),
        "{ran}"
    );
    // Every test after the first ran in a new process: the sanitizer ended each one's.
    let runs =
        table(&report, "leetcode52").expect("a LeetCode 52 table")["runs"].as_array().expect("runs").clone();
    let restarted = runs
        .iter()
        .filter(|run| run["implementation"] == "out_of_bounds.cpp" && run["new_process"] == true)
        .count();
    assert_eq!(restarted, LEETCODE_CASES.len() - 1, "{ran}");
    assert!(strings(&report["notes"]).iter().any(|note| note.ends_with(
        "`pub fn solve_n_queens(n: i32) -> i32` is one step from LeetCode 51's `pub fn solve_n_queens(n: i32) -> Vec<Vec<String>>` \
         (LeetCode 52's is `pub fn total_n_queens(n: i32) -> i32`): LeetCode would not compile it as either"
    )), "{ran}");
    assert_eq!(
        strings(&file("near_miss_signature.rs")["leetcode"]),
        Vec::<String>::new(),
        "a CSES program: {ran}"
    );
}

/// `--strict` runs a LeetCode file's AC tests again as LeetCode runs them (a session of one test):
/// right files stay AC with no fault, whatever the language.
#[test]
fn strict_runs_a_leetcode_file_as_leetcode_does() {
    let _shared = shared();
    let cases = cases_folder();
    let files = [corpus().join("leetcode52/right.cpp"), corpus().join("leetcode52/state_static_reset.java")];
    let (ran, report) = judge_json(&cases, &["--strict"], &files);
    let all = runs(&report);
    assert_eq!(all.len(), 2 * LEETCODE_CASES.len(), "{ran}");
    for run in all {
        assert_eq!(
            (&run["verdict"], &run["strict_fault"]),
            (&Value::from("AC"), &Value::Null),
            "{run}\n{ran}"
        );
    }
    ran.expect_code(0);
}

/// `--fail-fast` stops a LeetCode file's session at its first failure (n = 4, after n = 1): the
/// tests after it are not run, and the failure is still explained.
#[test]
fn fail_fast_stops_a_leetcode_session_at_its_first_failure() {
    let _shared = shared();
    let cases = cases_folder();
    let file = corpus().join("leetcode52/state_global.js");
    let (ran, report) = judge_json(&cases, &["--fail-fast"], std::slice::from_ref(&file));
    let judged: Vec<(String, String)> = runs(&report)
        .iter()
        .map(|run| {
            (
                run["case"].as_str().unwrap_or("").to_string(),
                run["verdict"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    assert_eq!(
        judged,
        [("leetcode/n1".to_string(), "AC".to_string()), ("leetcode/n4".to_string(), "WA".to_string())],
        "{ran}"
    );
    assert_eq!(report["files"][0]["skipped"], LEETCODE_CASES.len() - 2, "{ran}");
    let (_, detail) = verdict(run_of(&report, "leetcode52", "state_global.js", "leetcode/n4"));
    assert!(
        detail.contains("keeps state between tests") && detail.contains("(leetcode/n1, n = 1)"),
        "{detail}"
    );
    ran.expect_code(1);
}

/// A Java class whose name no file system can hold is that file's CE; the other files are judged.
#[test]
fn a_java_class_named_past_a_file_names_limit_is_a_ce_of_its_own() {
    let _shared = shared();
    let folder = TempFolder::new("submission-long-class");
    let name = format!("Q{}", "u".repeat(299));
    let long = folder.write(
        "long.java",
        &format!("public class {name} {{\n    public static void main(String[] args) {{ System.out.println(92); }}\n}}\n"),
    );
    let cases = cases_folder();
    let files = [long, corpus().join("cses/right.py")];
    let (ran, report) = judge_json(&cases, &["--case", "cses/sample"], &files);
    let (got, detail) = verdict(run_of(&report, "cses1624", "long.java", "cses/sample"));
    assert_eq!(got, "CE", "{ran}");
    assert!(detail.contains("the public class's name is 300 bytes long"), "{detail}");
    assert_eq!(verdict(run_of(&report, "cses1624", "right.py", "cses/sample")).0, "AC", "{ran}");
    ran.expect_code(1);
}

/// The judge stays bounded whatever files send: two LeetCode 51 answers at once, each within the
/// wire's cap for n = 12 but some 28 times its size once parsed, stop at what parsing may cost
/// (WA, "answer too large"), and the judge's own high-water mark stays under 200 MB; a 100 MB
/// source file is refused in one line before it is read, and nothing of it is cached.
#[test]
fn the_judges_own_memory_is_bounded_whatever_files_send() {
    let _shared = shared();
    let folder = TempFolder::new("submission-amplify");
    let expected = oracle::known_count(12).expect("OEIS A000170");
    folder.write("cases/empty/n12.toml", &format!("n = 12\nexpected = {expected}\n"));
    let source = std::fs::read_to_string(corpus().join("hostile/boards_amplify.py")).expect("a corpus file");
    let files = [folder.write("one.py", &source), folder.write("two.py", &source)];
    let cases = PathBuf::from(folder.arg()).join("cases");
    let mut args = vec!["judge", "--json", "--jobs", "2", "--cases", path_arg(&cases)];
    args.extend(files.iter().map(|file| path_arg(file)));
    let ran = run_xtask(&args).run();
    let report: Value = serde_json::from_str(&ran.stdout).unwrap_or_else(|_| panic!("JSON: {ran}"));
    for name in ["one.py", "two.py"] {
        let (got, detail) = verdict(run_of(&report, "leetcode51", name, "empty/n12"));
        assert_eq!(got, "WA", "{ran}");
        assert!(detail.starts_with("answer too large"), "{detail}");
    }
    let peak = report["judge_peak_memory_bytes"].as_u64().expect("the judge's peak");
    assert!(peak > 0 && peak < 200 << 20, "the judge took {} MB", peak >> 20);

    let huge = PathBuf::from(folder.arg()).join("huge.cpp");
    std::fs::File::create(&huge).and_then(|file| file.set_len(100 << 20)).expect("a sparse file");
    let ran = run_xtask(&["judge", path_arg(&huge)]).run();
    ran.expect_code(4);
    assert!(ran.stderr.contains("huge.cpp: more than 128 KiB"), "{ran}");
    // Other tests build meanwhile: no build of any holds this file's copy.
    let copies: Vec<PathBuf> = std::fs::read_dir(build_root())
        .into_iter()
        .flatten()
        .flatten()
        .map(|build| build.path().join("source/huge.cpp"))
        .filter(|copy| copy.exists())
        .collect();
    assert_eq!(copies, Vec::<PathBuf>::new(), "{ran}");
}

/// One file that cannot be read (missing, too large) is refused in one line; the others are
/// judged all the same, and the exit status says a file given could not be used (4).
#[test]
fn a_file_that_cannot_be_read_does_not_stop_the_others() {
    let _shared = shared();
    let folder = TempFolder::new("submission-refused");
    let big = folder.write("big.py", &"#\n".repeat(70_000));
    let missing = PathBuf::from(folder.arg()).join("missing.rs");
    let cases = cases_folder();
    let files = [big, corpus().join("cses/right.cpp"), missing];
    let (ran, report) = judge_json(&cases, &["--case", "cses/sample"], &files);
    assert_eq!(verdict(run_of(&report, "cses1624", "right.cpp", "cses/sample")).0, "AC", "{ran}");
    let refused = strings(&report["refused_files"]);
    assert_eq!(refused.len(), 2, "{ran}");
    assert!(refused.iter().any(|line| line.contains("big.py: more than 128 KiB")), "{ran}");
    assert!(refused.iter().any(|line| line.contains("missing.rs: No such file")), "{ran}");
    assert_eq!(report["passed"], false, "{ran}");
    ran.expect_code(4);
}

#[test]
fn a_file_whose_other_driver_does_not_build_is_judged_on_one_problem_with_a_note() {
    let _shared = shared();
    let folder = TempFolder::new("submission-one-driver");
    // solveNQueens has LeetCode's signature but is private (a class's default): only LeetCode 52's
    // driver can call what it needs.
    let file = folder.write(
        "private51.cpp",
        "class Solution {\n    vector<vector<string>> solveNQueens(int n) { return {}; }\npublic:\n    int totalNQueens(int n) {\n        int count = 0;\n        vector<int> queens;\n        function<void(int)> place = [&](int row) {\n            if (row == n) { count++; return; }\n            for (int col = 0; col < n; col++) {\n                bool free = true;\n                for (int r = 0; r < row; r++)\n                    if (queens[r] == col || abs(queens[r] - col) == row - r) free = false;\n                if (free) { queens.push_back(col); place(row + 1); queens.pop_back(); }\n            }\n        };\n        place(0);\n        return count;\n    }\n};\n",
    );
    let cases = cases_folder();
    let (ran, report) = judge_json(&cases, &[], std::slice::from_ref(&file));
    assert_eq!(columns(&report, "leetcode51"), Vec::<String>::new(), "{ran}");
    assert_eq!(columns(&report, "leetcode52"), ["private51.cpp"], "{ran}");
    assert_eq!(ran.code, Some(0), "every LeetCode 52 run is AC: {ran}");
    let notes = strings(&report["notes"]);
    assert_eq!(notes.len(), 1, "{ran}");
    assert!(notes[0].starts_with("private51.cpp: judged on leetcode52 only"), "{ran}");
}

#[test]
fn problem_queens_judges_a_whole_program_on_other_sides_too() {
    let _shared = shared();
    let cases = TempFolder::new("submission-queens");
    let five = ".....\n..*..\n.....\n.....\n.....\n";
    let count = oracle::count(&Board::parse(five).expect("a 5 x 5 board"));
    cases.write("five.toml", &format!("board = \"\"\"\n{five}\"\"\"\nexpected = {count}\n"));
    let sample = oracle::count(&Board::parse(SAMPLE).expect("the sample"));
    cases.write("sample.toml", &format!("board = \"\"\"\n{SAMPLE}\"\"\"\nexpected = {sample}\n"));
    let right = corpus().join("cses/right.cpp");

    // As it is, the program is a CSES 1624 submission: judged on the 8 x 8 board alone.
    let (ran, report) = judge_json(&cases, &[], std::slice::from_ref(&right));
    ran.expect_code(0);
    let tables = problem_ids(&report);
    assert_eq!(tables, ["cses1624"], "{ran}");
    assert_eq!(runs(&report).len(), 1, "{ran}");

    // With --problem queens it is judged on every board, the 5 x 5 one too.
    let (ran, report) = judge_json(&cases, &["--problem", "queens"], &[right]);
    let tables = problem_ids(&report);
    assert_eq!(tables, ["queens"], "{ran}");
    assert_eq!(columns(&report, "queens"), ["right.cpp"], "{ran}");
    let (got, detail) = verdict(run_of(&report, "queens", "right.cpp", "sample"));
    assert_eq!(got, "AC", "{detail}");
    // right.cpp reads 8 rows of 8 whatever the board: its answer on 5 x 5 is judged, whatever it is.
    let run = run_of(&report, "queens", "right.cpp", "five");
    assert_eq!(run["expected"].as_u64(), Some(count), "{run}");
    let received = run["received"].as_i64().unwrap_or_else(|| panic!("no answer read: {run}"));
    let (got, detail) = verdict(run);
    assert_eq!(got, if received == count as i64 { "AC" } else { "WA" }, "{detail}");
    ran.expect_code(if got == "AC" { 0 } else { 1 });
}

// ---------------------------------------------------------------- 4. the build cache

/// The build folders under [`build_root`] whose generated driver holds `text` (a Rust LeetCode
/// build puts the file, as it is, in `driver.rs`).
fn build_folders_holding(text: &str) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(build_root()) else { return Vec::new() };
    let mut found: Vec<PathBuf> = entries
        .flatten()
        .map(|entry| entry.path())
        .filter(|folder| {
            std::fs::read_to_string(folder.join("driver.rs")).is_ok_and(|driver| driver.contains(text))
        })
        .collect();
    found.sort();
    found
}

/// Removes this test's build folders, whatever its outcome.
struct BuildsOf(String);

impl Drop for BuildsOf {
    fn drop(&mut self) {
        for folder in build_folders_holding(&self.0) {
            let _ = std::fs::remove_dir_all(folder);
        }
    }
}

fn modified(path: &Path) -> SystemTime {
    std::fs::metadata(path).and_then(|metadata| metadata.modified()).expect("a modification time")
}

#[test]
fn a_file_is_built_once_per_content() {
    let _shared = shared();
    let nonce = format!(
        "{}-{}",
        std::process::id(),
        SystemTime::now().duration_since(UNIX_EPOCH).expect("after 1970").as_nanos()
    );
    let _cleanup = BuildsOf(nonce.clone());
    let text = format!(
        "// the build cache's test, run {nonce}\n\
         impl Solution {{\n\
         \x20   pub fn total_n_queens(n: i32) -> i32 {{\n\
         \x20       fn place(n: usize, row: usize, cols: u32, sums: u32, diffs: u32) -> i32 {{\n\
         \x20           if row == n {{\n\
         \x20               return 1;\n\
         \x20           }}\n\
         \x20           let mut ways = 0;\n\
         \x20           for col in 0..n {{\n\
         \x20               let (c, s, d) = (1 << col, 1 << (row + col), 1 << (row + n - col));\n\
         \x20               if cols & c == 0 && sums & s == 0 && diffs & d == 0 {{\n\
         \x20                   ways += place(n, row + 1, cols | c, sums | s, diffs | d);\n\
         \x20               }}\n\
         \x20           }}\n\
         \x20           ways\n\
         \x20       }}\n\
         \x20       place(n as usize, 0, 0, 0, 0)\n\
         \x20   }}\n\
         }}\n"
    );
    let folder = TempFolder::new("submission-cache");
    let file = folder.write("cached.rs", &text);
    let cases = cases_folder();
    let judged = |file: &Path| {
        let (ran, report) = judge_json(&cases, &[], &[file.to_path_buf()]);
        ran.expect_code(0);
        assert_eq!(runs(&report).len(), LEETCODE_CASES.len(), "{ran}");
        ran.elapsed
    };
    assert_eq!(build_folders_holding(&text), Vec::<PathBuf>::new(), "built before the first run");
    let first = judged(&file);
    let built = build_folders_holding(&text);
    assert_eq!(built.len(), 1, "one build folder for one content: {built:?}");
    let program = built[0].join("program");
    let program_time = modified(&program);
    let second = judged(&file);
    assert_eq!(build_folders_holding(&text), built, "the second run built again");
    assert_eq!(modified(&program), program_time, "the second run wrote its program again");
    eprintln!("build cache: first run {first:?}, second run {second:?}");

    // One byte changed, in a copy: a build of its own, the first one left as it was.
    let changed = text.replacen("cache's", "cache-s", 1);
    assert_eq!(changed.len(), text.len());
    assert_eq!(changed.bytes().zip(text.bytes()).filter(|(a, b)| a != b).count(), 1);
    let copy = folder.write("copy/cached.rs", &changed);
    judged(&copy);
    let rebuilt = build_folders_holding(&changed);
    assert_eq!(rebuilt.len(), 1, "{rebuilt:?}");
    assert_ne!(rebuilt, built, "a changed file reused the old build");
    assert_eq!(build_folders_holding(&text), built);
    assert_eq!(build_folders_holding(&nonce).len(), 2);
}

// ---------------------------------------------------------------- 5. --strict

const OUT_OF_BOUNDS_CPP: &str = r#"// Right, but indexes a vector<bool>(8) at 8: inside its one word of bits, harmless unchecked.
#include <iostream>
#include <string>
#include <vector>

static std::string board[8];
static bool used_col[8], used_sum[15], used_diff[15];

static long long place(int row) {
    if (row == 8) return 1;
    long long ways = 0;
    for (int col = 0; col < 8; ++col) {
        if (board[row][col] == '*') continue;
        if (used_col[col] || used_sum[row + col] || used_diff[row - col + 7]) continue;
        used_col[col] = used_sum[row + col] = used_diff[row - col + 7] = true;
        ways += place(row + 1);
        used_col[col] = used_sum[row + col] = used_diff[row - col + 7] = false;
    }
    return ways;
}

int main() {
    std::vector<bool> seen(8);
    int rows = 0;
    for (auto &row : board) {
        std::cin >> row;
        ++rows;
    }
    seen[rows] = false;
    std::cout << place(0) << "\n";
    return 0;
}
"#;

const UNDERFLOW_RS: &str = r#"// Right, but `r - c` on usize underflows (and is thrown away): harmless without overflow checks.
use std::io::Read;

fn count(board: &[Vec<u8>], r: usize, cols: u32, sums: u32, diffs: u32) -> u64 {
    if r == 8 {
        return 1;
    }
    let mut ways = 0;
    for c in 0..8 {
        let _ = r - c;
        let (bc, bs, bd) = (1 << c, 1 << (r + c), 1 << (r + 7 - c));
        if board[r][c] == b'*' || cols & bc != 0 || sums & bs != 0 || diffs & bd != 0 {
            continue;
        }
        ways += count(board, r + 1, cols | bc, sums | bs, diffs | bd);
    }
    ways
}

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).expect("read stdin");
    let board: Vec<Vec<u8>> = input.split_whitespace().map(|row| row.bytes().collect()).collect();
    println!("{}", count(&board, 0, 0, 0, 0));
}
"#;

/// `--strict`'s memory factor (README: the sanitizers' room), held on the run's cgroup.
const STRICT_MEMORY_FACTOR: u64 = 4;

/// A right CSES program that, built with the address sanitizer (`--strict`), also fills 3 GB.
const HOG_UNDER_CHECKS_CPP: &str = r#"#include <cstdio>
#include <cstdlib>
#include <cstring>
char board[8][16];
int place(int row, int cols, int sums, int diffs) {
    if (row == 8) return 1;
    int ways = 0;
    for (int col = 0; col < 8; col++) {
        if (board[row][col] == '*' || cols >> col & 1 || sums >> (row + col) & 1 || diffs >> (row - col + 7) & 1) continue;
        ways += place(row + 1, cols | 1 << col, sums | 1 << (row + col), diffs | 1 << (row - col + 7));
    }
    return ways;
}
int main() {
    for (auto& row : board) if (scanf("%15s", row) != 1) return 1;
#if defined(__SANITIZE_ADDRESS__)
    size_t bytes = (size_t)3 << 30;
    char* big = (char*)malloc(bytes);
    if (big) memset(big, 1, bytes);
    if (big && big[bytes - 1] != 1) return 2;
#endif
    printf("%d\n", place(0, 0, 0, 0));
}
"#;

#[test]
fn strict_reports_an_ac_that_faults_under_the_checks() {
    let _shared = shared();
    let folder = TempFolder::new("submission-strict");
    let files = [
        folder.write("oob.cpp", OUT_OF_BOUNDS_CPP),
        folder.write("underflow.rs", UNDERFLOW_RS),
        folder.write("hog.cpp", HOG_UNDER_CHECKS_CPP),
    ];
    // hog.cpp holds 3 GB under the address sanitizer alone: past --strict's 4 x 512 MB.
    let faults = [
        ("oob.cpp", "out-of-bounds"),
        ("underflow.rs", "attempt to subtract with overflow"),
        ("hog.cpp", &format!("over the {} MB limit", 512 * STRICT_MEMORY_FACTOR)),
    ];
    let cases = cases_folder();
    let text = |extra: &[&str]| {
        let mut args = vec!["judge", "--jobs", "2", "--accept", "--cases", cases.arg()];
        args.extend_from_slice(extra);
        args.extend(files.iter().map(|file| path_arg(file)));
        run_xtask(&args).run()
    };
    let rows = |ran: &Ran, case: &str| -> String {
        ran.stdout
            .lines()
            .find(|line| line.starts_with(&format!("{case} ")))
            .unwrap_or_else(|| panic!("no row {case}: {ran}"))
            .to_string()
    };

    // Without --strict: AC, exit status 0, nothing said of the faults.
    let plain = text(&[]);
    plain.expect_code(0);
    assert!(!plain.stdout.contains("AC, but"), "{plain}");
    for case in CSES_CASES {
        assert_eq!(rows(&plain, case).matches("AC ").count(), 3, "{plain}");
    }
    let (ran, report) = judge_json(&cases, &[], &files);
    ran.expect_code(0);
    assert_eq!(runs(&report).len(), 6, "{ran}");
    for run in runs(&report) {
        assert_eq!(run["verdict"], "AC", "{run}");
        assert!(run["strict_fault"].is_null(), "{run}");
    }

    // With --strict: "AC, but" in every cell, each fault's message, exit status 1.
    let strict = text(&["--strict"]);
    strict.expect_code(1);
    for case in CSES_CASES {
        assert_eq!(rows(&strict, case).matches("AC, but").count(), 3, "{strict}");
        for (name, fault) in faults {
            let detail = strict
                .stdout
                .lines()
                .find(|line| line.starts_with(&format!("AC, but {name} on {case}: ")))
                .unwrap_or_else(|| panic!("no detail for {name} on {case}: {strict}"));
            assert!(detail.contains(fault), "{detail}");
        }
    }
    let (ran, report) = judge_json(&cases, &["--strict"], &files);
    ran.expect_code(1);
    assert_eq!(report["passed"], false);
    assert_eq!(runs(&report).len(), 6, "{ran}");
    for run in runs(&report) {
        assert_eq!(run["verdict"], "AC", "{run}");
        let fault = run["strict_fault"].as_str().unwrap_or_else(|| panic!("no strict_fault: {run}"));
        let name = run["implementation"].as_str().expect("a name");
        let (_, wanted) = faults.iter().find(|(file, _)| *file == name).expect("one of the files");
        assert!(fault.contains(wanted), "{run}");
    }
}

/// A file whose checked build fails where its plain build succeeds (here by its own `#error`, as a
/// machine without the sanitizers' libraries would fail it) is left unchecked with a note: the
/// checks found no fault in it, so its AC stand and the exit status is 0.
#[test]
fn strict_leaves_a_file_whose_checked_build_fails_unchecked_and_says_so() {
    let _shared = shared();
    let folder = TempFolder::new("submission-strict-build");
    let right = std::fs::read_to_string(corpus().join("cses/right.cpp")).expect("the corpus's program");
    let file = folder.write(
        "unchecked.cpp",
        &format!("#ifdef _GLIBCXX_DEBUG\n#error no checked build here\n#endif\n{right}"),
    );
    let cases = cases_folder();
    let (ran, report) = judge_json(&cases, &["--strict"], std::slice::from_ref(&file));
    ran.expect_code(0);
    assert_eq!(report["passed"], true, "{ran}");
    for run in runs(&report) {
        assert_eq!(run["verdict"], "AC", "{run}");
        assert!(run["strict_fault"].is_null(), "{run}");
    }
    let notes = strings(&report["notes"]);
    assert!(
        notes.iter().any(|note| note
            .starts_with("unchecked.cpp: not checked under --strict: its checked build fails here (")
            && note.contains("no checked build here")),
        "{notes:?}"
    );
    let text = run_xtask(&["judge", "--strict", "--cases", cases.arg(), path_arg(&file)]).run();
    text.expect_code(0);
    assert!(!text.stdout.contains("AC, but"), "{text}");
    assert!(
        format!("{}{}", text.stdout, text.stderr).contains("unchecked.cpp: not checked under --strict"),
        "{text}"
    );
}

/// Two judges started at once on the same new files: each builds those it reaches first and waits
/// for the other's (a build's lock), then both run them all under shared leases and finish, with
/// the same verdicts.
#[test]
fn two_judges_building_the_same_new_files_at_once_both_finish() {
    let _shared = shared();
    let folder = TempFolder::new("submission-two-judges");
    let fresh = format!("{} {:?}", std::process::id(), SystemTime::now());
    let files: Vec<PathBuf> = ["cses/right.c", "cses/right.rs", "cses/right.cpp"]
        .iter()
        .map(|path| {
            let text = std::fs::read_to_string(corpus().join(path)).expect("a corpus file");
            let name = path.rsplit('/').next().expect("a name");
            folder.write(name, &format!("{text}\n// {fresh}\n"))
        })
        .collect();
    let cases = cases_folder();
    let judges: Vec<_> = (0..2)
        .map(|_| {
            let ordered: Vec<String> = files.iter().map(|file| path_arg(file).to_string()).collect();
            let cases = cases.arg().to_string();
            std::thread::spawn(move || {
                let mut args =
                    vec!["judge", "--json", "--jobs", "2", "--case", "=cses/sample", "--cases", &cases];
                args.extend(ordered.iter().map(String::as_str));
                run_xtask(&args).run()
            })
        })
        .collect();
    for judge in judges {
        let ran = judge.join().expect("a judge's thread");
        ran.expect_code(0);
        let report = ran.json();
        assert_eq!(runs(&report).len(), 3, "{ran}");
        assert!(runs(&report).iter().all(|run| run["verdict"] == "AC"), "{ran}");
    }
}

// ---------------------------------------------------------------- 6. stress on files

#[test]
fn stress_shrinks_a_wrong_file_to_one_reserved_square() {
    let _shared = shared();
    let right = corpus().join("cses/right.cpp");
    let wrong = corpus().join("cses/wrong_ignores_reserved.cpp");
    let ran =
        run_xtask(&["stress", path_arg(&right), path_arg(&wrong), "--iterations", "20", "--jobs", "2"]).run();
    ran.expect_code(1);
    let lines: Vec<&str> = ran.stdout.lines().collect();
    let head = lines.iter().position(|line| line.starts_with("stress: cses1624 input ")).expect("a finding");
    assert!(lines[head].ends_with("shrunk to 8 x 8:"), "{ran}");
    let board_lines = &lines[head + 1..head + 9];
    for line in board_lines {
        assert!(line.len() == 8 && line.bytes().all(|square| square == b'.' || square == b'*'), "{ran}");
    }
    let board = Board::parse(&format!("{}\n", board_lines.join("\n"))).expect("a board");
    // Always 92 is wrong on any board with a reserved square, so the shrink frees all but one; it
    // frees them in reading order, so the last of the random board's stays: in the last row.
    assert_eq!(board.reserved_count(), 1, "{ran}");
    assert!(board_lines[7].contains('*'), "{ran}");
    let truth = oracle::count(&board);
    assert_eq!(lines[head + 9], format!("oracle: {truth}"), "{ran}");
    let answers: BTreeMap<&str, Vec<&str>> = lines[head + 10..head + 12]
        .iter()
        .map(|line| {
            let mut words = line.split_whitespace();
            (words.next().expect("a name"), words.collect())
        })
        .collect();
    let truth = truth.to_string();
    assert_eq!(answers["right.cpp"], [truth.as_str()], "{ran}");
    assert_eq!(answers["wrong_ignores_reserved.cpp"], ["92", "<-", "wrong"], "{ran}");
}

#[test]
fn stress_passes_a_right_file_and_stops_at_a_compile_error() {
    let _shared = shared();
    let right = corpus().join("leetcode52/right.py");
    let ran = run_xtask(&["stress", path_arg(&right), "--iterations", "9", "--jobs", "2"]).run();
    ran.expect_code(0);
    assert!(ran.stdout.contains("every implementation agrees with the oracle"), "{ran}");

    let broken = corpus().join("cses/ce.cpp");
    let ran = run_xtask(&["stress", path_arg(&broken), "--iterations", "3", "--jobs", "2"]).run();
    ran.expect_code(1);
    assert!(ran.stdout.contains("stress: ce.cpp does not compile:"), "{ran}");
    assert!(ran.stdout.contains("cannot convert"), "{ran}");
}

// ---------------------------------------------------------------- 7. --watch

/// A `judge --watch` child, killed and reaped when dropped, whatever the test's outcome.
struct Watch {
    child: Child,
    /// Bytes as they arrive: a read may end inside a character, so they are decoded when looked at.
    stdout: Arc<Mutex<Vec<u8>>>,
    stderr: Arc<Mutex<Vec<u8>>>,
}

impl Watch {
    fn start(args: &[&str]) -> Watch {
        let mut child = run_xtask(args).spawn();
        let collect = |mut source: Box<dyn Read + Send>| {
            let text = Arc::new(Mutex::new(Vec::new()));
            let sink = Arc::clone(&text);
            std::thread::spawn(move || {
                let mut buffer = [0; 4096];
                while let Ok(read @ 1..) = source.read(&mut buffer) {
                    let mut sink = sink.lock().unwrap_or_else(PoisonError::into_inner);
                    sink.extend_from_slice(&buffer[..read]);
                }
            });
            text
        };
        let stdout = collect(Box::new(child.stdout.take().expect("piped")));
        let stderr = collect(Box::new(child.stderr.take().expect("piped")));
        Watch { child, stdout, stderr }
    }

    fn stdout(&self) -> String {
        String::from_utf8_lossy(&self.stdout.lock().unwrap_or_else(PoisonError::into_inner)).into_owned()
    }

    fn stderr(&self) -> String {
        String::from_utf8_lossy(&self.stderr.lock().unwrap_or_else(PoisonError::into_inner)).into_owned()
    }

    /// Waits until `done` holds for (stdout, stderr), or fails after `limit`.
    fn wait_for(&mut self, what: &str, limit: Duration, done: impl Fn(&str, &str) -> bool) {
        let started = Instant::now();
        while !done(&self.stdout(), &self.stderr()) {
            if let Ok(Some(status)) = self.child.try_wait() {
                panic!("judge --watch ended ({status}) before {what}:\n{}\n{}", self.stdout(), self.stderr());
            }
            assert!(
                started.elapsed() < limit,
                "no {what} within {limit:?}:\n--- stdout\n{}\n--- stderr\n{}",
                self.stdout(),
                self.stderr()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The summary line that ends the tables of every text report.
const SUMMARY: &str = " verdicts from ";

#[test]
fn watch_judges_again_when_the_file_changes() {
    let _shared = shared();
    let folder = TempFolder::new("submission-watch");
    let right = std::fs::read_to_string(corpus().join("cses/right.py")).expect("right.py");
    let file = folder.write("watched.py", &right);
    let cases = cases_folder();
    let mut watch =
        Watch::start(&["judge", "--watch", "--jobs", "2", "--cases", cases.arg(), path_arg(&file)]);
    // The first report, and the line saying it now watches: an edit before that line may be missed.
    watch.wait_for("first report", WAIT, |stdout, stderr| {
        stdout.contains(SUMMARY) && stderr.contains("watching ")
    });
    let first = watch.stdout();
    assert_eq!(first.matches(SUMMARY).count(), 1, "{first}");
    assert!(first.contains("2 verdicts from 2 runs: 2 AC, 0 WA,"), "{first}");

    let wrong = right.replace("print(place(0))", "print(place(0) + 1)");
    assert_ne!(wrong, right, "right.py prints place(0)");
    std::fs::write(&file, wrong).expect("rewrite the watched file");
    // A report reaches the pipe in several writes (one per styled stretch of text), so the wait is
    // for its last lines, the failures' details, not for its summary line.
    let details = ["WA watched.py on cses/empty-8x8: ", "WA watched.py on cses/sample: "];
    watch.wait_for("second report", WAIT, |stdout, _| {
        let second = &stdout[first.len()..];
        second.contains(SUMMARY) && details.iter().all(|detail| second.contains(detail))
    });
    let second = watch.stdout()[first.len()..].to_string();
    assert_eq!(second.matches(SUMMARY).count(), 1, "{second}");
    assert!(second.contains("2 verdicts from 2 runs: 0 AC, 2 WA,"), "{second}");
    assert!(second.contains("WA watched.py on cses/sample: expected 65, got 66"), "{second}");
    assert!(watch.stderr().contains("changed: judging again"), "{}", watch.stderr());
    // It says it watches after every judging, and SIGTERM ends it as the signal does.
    watch.wait_for("watching again", WAIT, |_, stderr| stderr.matches("watching ").count() == 2);
    // SAFETY: kill on the child this test started.
    assert_eq!(unsafe { libc::kill(watch.child.id() as i32, libc::SIGTERM) }, 0);
    let status = watch.child.wait().expect("the watch ends");
    assert_eq!(std::os::unix::process::ExitStatusExt::signal(&status), Some(libc::SIGTERM), "{status:?}");
}

// ---------------------------------------------------------------- 7. interrupted

/// Ctrl-C (SIGINT) or SIGTERM while files run: the judge ends as the signal ends it, and leaves no
/// process of a run and no cgroup behind.
#[test]
fn an_interrupted_judge_leaves_no_run_and_no_cgroup_behind() {
    let _shared = shared();
    let folder = TempFolder::new("submission-interrupted");
    // Names itself (prctl PR_SET_NAME through ctypes) and spins until it is killed.
    let file = folder.write(
        "spin.py",
        "import ctypes, sys\nsys.stdin.read()\nctypes.CDLL(None).prctl(15, b'qj-spin', 0, 0, 0)\nwhile True:\n    pass\n",
    );
    let cases = cases_folder();
    for (signal, name) in [(2, "INT"), (15, "TERM")] {
        let mut child = run_xtask(&["judge", "--jobs", "2", "--cases", cases.arg(), path_arg(&file)]).spawn();
        let started = Instant::now();
        while processes_named("qj-spin").is_empty() {
            assert!(started.elapsed() < WAIT, "the spinning run never started");
            std::thread::sleep(Duration::from_millis(20));
        }
        let pid = child.id();
        let sent = Command::new("kill").arg(format!("-{name}")).arg(pid.to_string()).status();
        assert!(sent.is_ok_and(|status| status.success()), "kill -{name} {pid}");
        let status = child.wait().expect("the judge ends");
        assert_eq!(
            std::os::unix::process::ExitStatusExt::signal(&status),
            Some(signal),
            "the judge ends as signal {signal} ends it: {status:?}"
        );
        assert_eq!(processes_named("qj-spin"), Vec::<String>::new(), "left after signal {signal}");
        let own: Vec<PathBuf> = leftover_cgroups()
            .into_iter()
            .filter(|path| path.to_string_lossy().ends_with(&format!("queens-judge-{pid}")))
            .collect();
        assert_eq!(own, Vec::<PathBuf>::new(), "cgroups left after signal {signal}");
    }
}

// ---------------------------------------------------------------- 8. a judge that is not root

/// The effective uid of this test, from /proc/self/status.
fn effective_uid() -> u32 {
    let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    let line = status.lines().find(|line| line.starts_with("Uid:")).expect("a Uid line");
    line.split_whitespace().nth(2).and_then(|uid| uid.parse().ok()).expect("an effective uid")
}

/// As a user that is not root (this test's own, or `nobody` through setpriv when the test runs as
/// root), with no cgroup to write (`QUEENS_JUDGE_CGROUPS=off`, as on cgroup v1 or v2 without a
/// delegated group), sandboxed and with `--no-sandbox`: every limit holds, as the manifest says.
/// A run is one process, so the fork bomb and the children that would hide CPU time or memory die
/// at their first fork; one process's memory is held to the limit; a run that stops reading its
/// input, or sends a frame whose sizes overflow, ends its test, and the judge exits on its own.
#[test]
fn a_judge_that_is_not_root_sandboxes_caps_and_counts_the_same() {
    let _alone = ALONE.write().unwrap_or_else(PoisonError::into_inner);
    let folder = TempFolder::new("submission-not-root");
    let paths = [
        "cses/right.py",
        "hostile/read_host.py",
        "hostile/children_cpu.py",
        "hostile/children_memory.py",
        "hostile/memory_one_process.py",
        "hostile/many_processes.py",
        "hostile/udp_helper.py",
        "hostile/signal_owner.c",
        "hostile/stdin_fill.py",
        "hostile/frame_overflow.py",
    ];
    let manifest = manifest();
    let entries: Vec<&Entry> = paths
        .iter()
        .map(|path| manifest.iter().find(|entry| entry.path == *path).expect("in the manifest"))
        .collect();
    let mut files = Vec::new();
    for path in paths.iter().chain(["hostile/fork_bomb.py"].iter()) {
        let name = path.rsplit('/').next().expect("a name");
        let text = std::fs::read_to_string(corpus().join(path)).expect("a corpus file");
        files.push(folder.write(&format!("files/{name}"), &text));
    }
    let binary = folder.path.join("xtask");
    std::fs::copy(env!("CARGO_BIN_EXE_xtask"), &binary).expect("a copy of the judge");
    let cases = cases_folder();
    let as_root = effective_uid() == 0;
    if as_root {
        for path in [folder.path.clone(), cases.path.clone()] {
            let owned = Command::new("chown").args(["-R", "65534:65534"]).arg(&path).status();
            assert!(owned.is_ok_and(|status| status.success()), "chown {}", path.display());
        }
    }
    for mode in ["sandboxed", "unsandboxed"] {
        // The fork bomb is judged in the sandbox alone (`needs_sandbox`), and read_host.py shows
        // what the sandbox hides.
        let files: Vec<&PathBuf> = files
            .iter()
            .filter(|file| {
                let name = file.file_name().and_then(|name| name.to_str()).unwrap_or_default();
                mode == "sandboxed" || !["fork_bomb.py", "read_host.py"].contains(&name)
            })
            .collect();
        let mut command = if as_root {
            let mut command = Command::new("setpriv");
            command.args(["--reuid=65534", "--regid=65534", "--clear-groups"]).arg(&binary);
            command
        } else {
            Command::new(&binary)
        };
        command
            .args(["judge", "--json", "--jobs", "2", "--cases", cases.arg()])
            .args(if mode == "unsandboxed" { &["--no-sandbox"][..] } else { &[] })
            .args(&files)
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("CARGO_TARGET_DIR", folder.path.join("target"))
            .env("QUEENS_JUDGE_CGROUPS", "off")
            // Its cache in the test's folder: with no HOME it would be a folder of /tmp left behind.
            .env("QUEENS_JUDGE_HOME", folder.path.join("home"))
            .stdin(Stdio::null());
        let output = command.output().expect("the judge starts");
        let stdout = String::from_utf8_lossy(&output.stdout);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{mode}: {stderr}");
        let report: Value =
            serde_json::from_str(&stdout).unwrap_or_else(|error| panic!("{error}: {stdout}\n{stderr}"));
        assert_eq!(report["isolation"], mode, "{stderr}");
        // Outside the sandbox, the files that hold for it (`outside_too`) and the right one.
        let judged = entries
            .iter()
            .filter(|entry| mode == "sandboxed" || entry.outside_too || entry.path == "cses/right.py");
        for entry in judged {
            for problem in &entry.problems {
                for case in cases_of(problem) {
                    let (got, detail) = verdict(run_of(&report, problem, entry.name(), case));
                    let allowed = entry.allowed_on(case);
                    assert!(
                        allowed.iter().any(|verdict| verdict == got),
                        "{mode}: {} on {case}: {got}: {detail}",
                        entry.path
                    );
                    if got == entry.verdict {
                        for mention in &entry.mentions {
                            assert!(
                                detail.contains(mention.as_str()),
                                "{mode}: {} on {case}: {detail}",
                                entry.path
                            );
                        }
                    }
                }
            }
        }
        if mode == "sandboxed" {
            let (got, detail) = verdict(run_of(&report, "cses1624", "fork_bomb.py", "cses/sample"));
            assert!(got == "RE" && detail.contains("one process"), "fork_bomb.py: {got}: {detail}");
        }
        for comm in ["qj-forkbomb-py", "qj-many"] {
            assert_eq!(processes_named(comm), Vec::<String>::new(), "{mode}: `{comm}` outlived its verdict");
        }
    }
}

// ---------------------------------------------------------------- 9. how files were kept apart

/// The text report's first line and the JSON say whether files ran in the sandbox; `--no-sandbox`
/// says so on stderr too, and its runs are still judged the same.
#[test]
fn the_report_says_how_files_were_isolated() {
    let _shared = shared();
    let cases = cases_folder();
    let file = corpus().join("cses/right.py");
    for (extra, isolation, first_line) in [
        (&[][..], "sandboxed", "sandbox: on"),
        (&["--no-sandbox"][..], "unsandboxed", "sandbox: OFF (--no-sandbox)"),
    ] {
        let mut args =
            vec!["judge", "--jobs", "2", "--accept", "--case", "cses/sample", "--cases", cases.arg()];
        args.extend_from_slice(extra);
        args.push(path_arg(&file));
        let ran = run_xtask(&args).run();
        ran.expect_code(0);
        assert!(ran.stdout.starts_with(first_line), "{ran}");
        assert_eq!(ran.stderr.contains("--no-sandbox"), isolation == "unsandboxed", "{ran}");
        let (ran, report) = judge_json(
            &cases,
            &[&["--case", "cses/sample"][..], extra].concat(),
            std::slice::from_ref(&file),
        );
        assert_eq!(report["isolation"], isolation, "{ran}");
        let run = run_of(&report, "cses1624", "right.py", "cses/sample");
        assert_eq!(run["isolation"], isolation, "{ran}");
        assert_eq!(verdict(run).0, "AC", "{ran}");
    }
    // Without files, nothing was isolated: the built-ins are the judge's own code.
    let (ran, report) = judge_json(&cases, &["--impl", "cses/bitmask", "--case", "cses/sample"], &[]);
    assert_eq!(report["isolation"], "none", "{ran}");
    assert_eq!(run_of(&report, "cses1624", "cses/bitmask", "cses/sample")["isolation"], "builtin", "{ran}");
}

/// A Python from a venv: the sandbox shows the venv and the installation it was made from, whose
/// standard library it runs on.
#[test]
fn a_python_from_a_venv_runs_in_the_sandbox() {
    let _shared = shared();
    let folder = TempFolder::new("submission-venv");
    let venv = folder.path.join("venv");
    let made = Command::new("python3").args(["-m", "venv", "--without-pip"]).arg(&venv).status();
    assert!(made.is_ok_and(|status| status.success()), "python3 -m venv");
    let python = venv.join("bin/python3");
    let cases = cases_folder();
    let file = corpus().join("cses/right.py");
    let (ran, report) = judge_json(
        &cases,
        &["--case", "cses/sample", "--compiler", &format!("python={}", path_arg(&python))],
        std::slice::from_ref(&file),
    );
    assert_eq!(verdict(run_of(&report, "cses1624", "right.py", "cses/sample")).0, "AC", "{ran}");
}

/// Outside the sandbox (`--no-sandbox`), a run shares the judge's user, yet it is fenced: the
/// manifest's `outside_too` files (signals to the judge, another ABI, prlimit64 on the judge, the
/// cgroup files, /proc/PID/mem and environ, the build cache, a daemon in a session of its own...)
/// get the same verdicts as in the sandbox, with the kernel's cgroups and without them
/// (`QUEENS_JUDGE_CGROUPS=off`, what a non-root user has on cgroup v1); nothing is written
/// outside and no daemon is left.
#[test]
fn hostile_files_outside_the_sandbox_are_fenced() {
    let _shared = shared();
    let cases = cases_folder();
    let entries: Vec<Entry> = manifest().into_iter().filter(|entry| entry.outside_too).collect();
    assert!(entries.len() >= 10, "{} outside_too files", entries.len());
    let names: Vec<&str> = entries.iter().filter_map(|entry| entry.comm.as_deref()).collect();
    assert!(!names.is_empty(), "an outside_too file names its daemon");
    let files: Vec<PathBuf> = entries.iter().map(Entry::source).collect();
    for cgroups in ["on", "off"] {
        assert_no_pwned_file("before the judge");
        let (ran, report) =
            judge_json_with(&cases, &["--no-sandbox"], &files, &[("QUEENS_JUDGE_CGROUPS", cgroups)]);
        assert_eq!(report["isolation"], "unsandboxed", "{ran}");
        for entry in &entries {
            for problem in &entry.problems {
                for case in cases_of(problem) {
                    let (got, detail) = verdict(run_of(&report, problem, entry.name(), case));
                    let allowed = entry.allowed_on(case);
                    assert!(
                        allowed.iter().any(|verdict| verdict == got),
                        "cgroups {cgroups}: {} on {problem} {case}: {got}, expected one of {allowed:?}:\n{detail}",
                        entry.path
                    );
                }
            }
        }
        assert_no_pwned_file("after the judge");
        let left: Vec<(&str, Vec<String>)> = names
            .iter()
            .map(|comm| (*comm, processes_named(comm)))
            .filter(|(_, pids)| !pids.is_empty())
            .collect();
        assert_eq!(left, Vec::new(), "cgroups {cgroups}: left once the judge was done");
    }
}

// ---------------------------------------------------------------- 10. a busy machine

/// A process that spins until it is dropped: load on the machine. In a session of its own: with
/// the kernel's autogroups, loops in the test's own session would share one group's slice, and a
/// run (in a session of its own) would hardly feel them.
struct BusyLoop;

impl BusyLoop {
    fn start() -> KilledOnDrop {
        let mut command = Command::new("sh");
        command.args(["-c", "while :; do :; done"]);
        // SAFETY: setsid is async-signal-safe and touches nothing of the parent's.
        unsafe {
            command.pre_exec(|| {
                libc::setsid();
                Ok(())
            });
        }
        KilledOnDrop(command.spawn().expect("sh starts"))
    }
}

/// A busy machine slows a run's wall clock, not its CPU time: a file that takes about 0.8 s of its
/// 1 s limit (0.7 s of its own loop, and Python's start), judged two at a time (`--jobs 2`, this
/// machine's cores) while eight busy loops share the processor with it (so that each run gets about
/// a fifth of a core, and its wall time passes the backstop's 3 s), is AC, with and without a
/// cgroup. (With 0.85 s, the run took 0.90 to 0.93 s of CPU time on a quiet Zen 3, and past 1 s
/// under the loops: contention costs CPU time too, a little.) Its CPU time still grows past the
/// backstop, so it gets more wall time; a run that sleeps does not (hostile/sleep.py).
#[test]
fn a_busy_machine_never_turns_an_ac_into_a_tle() {
    let _alone = ALONE.write().unwrap_or_else(PoisonError::into_inner);
    let folder = TempFolder::new("submission-busy");
    let file = folder.write(
        "burn.py",
        "import sys, time\n\
         board = sys.stdin.read().split()\n\
         started = time.process_time()\n\
         while time.process_time() - started < 0.7:\n\
         \x20   pass\n\
         def place(row, cols, sums, diffs):\n\
         \x20   if row == 8:\n\
         \x20       return 1\n\
         \x20   return sum(place(row + 1, cols | {c}, sums | {row + c}, diffs | {row - c})\n\
         \x20              for c in range(8) if board[row][c] != '*' and c not in cols\n\
         \x20              and row + c not in sums and row - c not in diffs)\n\
         print(place(0, set(), set(), set()))\n",
    );
    let cases = cases_folder();
    let _loops: Vec<KilledOnDrop> = (0..8).map(|_| BusyLoop::start()).collect();
    for cgroups in ["on", "off"] {
        let (ran, report) =
            judge_json_with(&cases, &[], std::slice::from_ref(&file), &[("QUEENS_JUDGE_CGROUPS", cgroups)]);
        for case in CSES_CASES {
            let (got, detail) = verdict(run_of(&report, "cses1624", "burn.py", case));
            assert_eq!(got, "AC", "cgroups {cgroups}, {case}: {detail}\n{ran}");
        }
        ran.expect_code(0);
    }
}
