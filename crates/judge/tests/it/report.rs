//! The text report shows what programs wrote with its control characters escaped: the only escape
//! sequences left in it are the judge's own SGR colours, so a program's stderr, prints, compiler
//! message or file name cannot clear the screen, draw a fake summary, set the window title or write
//! the clipboard. The JSON report keeps the exact text.

use std::collections::BTreeMap;

use judge::judge::{
    CaseInfo, FileSummary, FirstFailure, JudgeReport, ProblemReport, RunResult, Verdict, SCHEMA_VERSION,
};
use judge::report::render_text;
use judge::snapshot::SnapshotStatus;
use judge_core::contestant::Run;
use judge_core::problem::{Problem, Scope};
use pretty_assertions::assert_eq;
use std::time::Duration;

/// Clear the screen, then write "hi" to the clipboard (OSC 52, ended by BEL).
const HOSTILE: &str = "\x1b[2J\x1b]52;c;aGk=\x07";

/// The same, as the report shows it.
const HOSTILE_SHOWN: &str = r"\x1b[2J\x1b]52;c;aGk=\x07";

fn run(implementation: &str, case: &str, verdict: Verdict, detail: Option<String>) -> RunResult {
    RunResult {
        problem: Problem::from_id("cses1624").expect("a problem"),
        implementation: implementation.to_string(),
        case: case.to_string(),
        scope: Scope::Within,
        expected: 65,
        isolation: "sandboxed",
        expected_tle: false,
        graded: Run {
            verdict,
            received: None,
            detail,
            wrong_number: false,
            cpu_time: Some(Duration::from_millis(1)),
            wall_time: Some(Duration::from_millis(1)),
            peak_memory_bytes: None,
            new_process: false,
            strict_fault: None,
        },
    }
}

/// A report with a hostile text in every place a program (or a file's name) reaches: an RE's
/// stderr tail, a WA quoting what a LeetCode solution printed (with a C1 CSI), a compiler's
/// message, an "AC, but" fault, a file's name (an OSC 0 window title), a case's id, a case file's
/// fault and a snapshot's path.
fn hostile_report() -> JudgeReport {
    let file = "file/title\x1b]0;1 AC\x07.py";
    let case = "cses/\u{9b}2Jsample";
    let mut strict = run("file/strict.cpp", case, Verdict::AC, None);
    strict.graded.strict_fault = Some(format!("AddressSanitizer: {HOSTILE}"));
    let runs = vec![
        run(
            "file/crash.py",
            case,
            Verdict::RE,
            Some(format!("exited with status 1; the end of its stderr:\n  {HOSTILE}")),
        ),
        run(
            file,
            case,
            Verdict::WA,
            Some("expected 65, got 1\nits stdout:\n  \u{9b}2J\x1b[1A1 AC".to_string()),
        ),
        run("file/ce.cpp", case, Verdict::CE, Some(format!("ce.cpp:1:1: error: {HOSTILE}\r"))),
        strict,
    ];
    let implementations: Vec<String> = runs.iter().map(|run| run.implementation.clone()).collect();
    let mut totals = BTreeMap::new();
    for run in &runs {
        *totals.entry(run.graded.verdict).or_insert(0) += 1;
    }
    JudgeReport {
        schema_version: SCHEMA_VERSION,
        passed: false,
        case_errors: vec![format!("cases/bad\x1b[31m.toml: line 1, column 1: unknown field `{HOSTILE}`")],
        snapshots: BTreeMap::from([(
            case.to_string(),
            SnapshotStatus::Pending { path: format!("snapshots/{HOSTILE}.snap.new") },
        )]),
        problems: vec![ProblemReport {
            problem: Problem::from_id("cses1624").expect("a problem"),
            title: Problem::from_id("cses1624").expect("a problem").title(),
            implementations,
            cases: vec![CaseInfo {
                id: case.to_string(),
                scope: Scope::Within,
                time_limit_ms: 1000,
                memory_limit_mb: 512,
                expected_from: judge_core::case::ExpectedFrom::CaseFile,
                board: "........\n".repeat(8),
            }],
            runs,
        }],
        totals,
        processes: 4,
        slow_runs_left_out: Vec::new(),
        isolation: "sandboxed",
        notes: vec![
            format!("ce.cpp: judged on leetcode52 only: {HOSTILE}"),
            // A file's name with a line break, which the note quotes.
            "forged.py\n99 verdicts from 99 runs: 99 AC: a note".to_string(),
        ],
        files: vec![FileSummary {
            name: file.to_string(),
            verdicts: BTreeMap::from([(Verdict::WA, 1)]),
            ac_but: 0,
            first_failure: Some(FirstFailure {
                problem: Problem::from_id("cses1624").expect("a problem"),
                case: case.to_string(),
                verdict: Verdict::WA,
                strict_fault: false,
                rerun: format!("cargo xtask judge '{file}' --case '{case}'"),
                order: (false, 0, String::new()),
            }),
            skipped: 0,
            leetcode: vec![format!(
                "LeetCode 52: Runtime Error, 0 / 12 testcases passed; input n = 4: {HOSTILE}"
            )],
        }],
        refused_files: Vec::new(),
        judge_peak_memory_bytes: 50 << 20,
    }
}

/// `text` without its SGR sequences (`ESC [` digits and `;` then `m`), or the first escape
/// sequence that is not one (with what follows it).
fn without_sgr(text: &str) -> Result<String, String> {
    let mut plain = String::new();
    let mut rest = text;
    while let Some(at) = rest.find('\x1b') {
        plain.push_str(&rest[..at]);
        let sequence = &rest[at..];
        let parameters = sequence.strip_prefix("\x1b[").map(|after| {
            let length = after.find(|c: char| !c.is_ascii_digit() && c != ';').unwrap_or(after.len());
            (length, &after[length..])
        });
        match parameters {
            Some((length, after)) if after.starts_with('m') => rest = &sequence[2 + length + 1..],
            _ => return Err(sequence.chars().take(24).collect()),
        }
    }
    plain.push_str(rest);
    Ok(plain)
}

#[test]
fn the_sgr_filter_of_this_test_sees_foreign_sequences() {
    assert_eq!(without_sgr("\x1b[1;31mRE\x1b[0m ok"), Ok("RE ok".to_string()));
    assert_eq!(without_sgr("a\x1b[2Jb"), Err("\x1b[2Jb".to_string()));
    assert_eq!(without_sgr("\x1b]52;c;aGk=\x07"), Err("\x1b]52;c;aGk=\x07".to_string()));
}

#[test]
fn program_text_in_the_report_is_escaped_and_only_the_judges_colours_remain() {
    let report = hostile_report();
    let text = render_text(&report);
    let plain = without_sgr(&text).unwrap_or_else(|foreign| {
        panic!("an escape sequence that is not the judge's colour: {foreign:?} in\n{text}")
    });
    assert!(text.contains("\x1b[31") || text.contains("\x1b[1m"), "the judge's own colours stay: {text:?}");
    // Colour off (the front strips the SGR sequences): no control character but new lines.
    let controls: Vec<char> = plain.chars().filter(|&c| c.is_control() && c != '\n').collect();
    assert_eq!(controls, Vec::<char>::new(), "{plain}");

    // Every hostile text is there, visibly escaped.
    for shown in [
        format!("RE\x1b[0m file/crash.py on cses/\\u{{9b}}2Jsample: exited with status 1; the end of its stderr:\n  {HOSTILE_SHOWN}"),
        r"file/title\x1b]0;1 AC\x07.py on cses/\u{9b}2Jsample: expected 65, got 1".to_string(),
        r"  \u{9b}2J\x1b[1A1 AC".to_string(),
        format!("file/ce.cpp:\nce.cpp:1:1: error: {HOSTILE_SHOWN}\\x0d"),
        format!("file/strict.cpp on cses/\\u{{9b}}2Jsample: AddressSanitizer: {HOSTILE_SHOWN}"),
        format!("case file cases/bad\\x1b[31m.toml: line 1, column 1: unknown field `{HOSTILE_SHOWN}`"),
        format!("snapshot cses/\\u{{9b}}2Jsample: missing or different; wrote snapshots/{HOSTILE_SHOWN}.snap.new"),
        format!("LeetCode 52: Runtime Error, 0 / 12 testcases passed; input n = 4: {HOSTILE_SHOWN}; 1 WA"),
    ] {
        assert!(text.contains(&shown), "{shown:?} is not in:\n{text:?}");
    }
    // A name's line break is shown, never a line of its own.
    assert!(!plain.lines().any(|line| line.starts_with("99 verdicts")), "{plain}");
    assert!(plain.contains(r"note: forged.py\x0a99 verdicts from 99 runs"), "{plain}");
    // The report opens with how files were kept apart.
    assert!(plain.starts_with("sandbox: on ("), "{plain}");
    // The table's column and row are named escaped too.
    let header = plain.lines().find(|line| line.starts_with("case ")).expect("the table's header");
    assert!(header.contains(r"title\x1b]0;1 AC\x07.py"), "{header:?}");
    assert!(plain.lines().any(|line| line.starts_with(r"cses/\u{9b}2Jsample  ")), "{plain}");
}

#[test]
fn the_json_report_keeps_the_exact_text() {
    let report = hostile_report();
    let json = serde_json::to_string(&report).expect("the report serialises");
    assert!(!json.contains('\x1b') && !json.contains('\x07'), "JSON escapes control characters");
    let back: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let detail = back["problems"][0]["runs"][0]["detail"].as_str().expect("a detail");
    assert_eq!(detail, format!("exited with status 1; the end of its stderr:\n  {HOSTILE}"));
}

#[test]
fn the_summary_counts_an_ac_that_faults_under_strict_apart_and_speaks_in_the_singular() {
    let mut report = hostile_report();
    // Four verdicts (RE, WA, CE, an AC that faults); the CE ran no process.
    report.processes = 3;
    let text = without_sgr(&render_text(&report)).expect("only SGR");
    assert!(
        text.contains("4 verdicts from 3 runs: 0 AC, 1 AC but faulting under --strict, 1 WA, 0 TLE, 0 MLE, 1 RE, 0 OLE, 1 CE;"),
        "{text}"
    );
    report.problems[0].runs.truncate(1);
    report.totals = BTreeMap::from([(Verdict::RE, 1)]);
    report.processes = 1;
    let text = without_sgr(&render_text(&report)).expect("only SGR");
    assert!(text.contains("1 verdict from 1 run: 0 AC, 0 WA, 0 TLE, 0 MLE, 1 RE, 0 OLE, 0 CE;"), "{text}");
}
