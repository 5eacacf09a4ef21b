//! Every language's toolchain, its version and whether it works here: the `languages` command, and
//! the self-test each language passes on first use (a tiny program of its own, built and run in
//! the sandbox as a submission is), so that a broken toolchain is told as the machine's fault, in
//! one line that says what to install, and never as a file's CE.

use std::path::{Path, PathBuf};

use judge_core::answer::Verdict;
use judge_core::contestant::{attempt, Additions, Contestant, Request, Truth};
use judge_core::error::Error;
use judge_core::executor::Language;
use judge_core::problem::{AnswerKind, Problem};
use judge_core::sandbox::Sandbox;
use judge_core::submission::{build, detect, Build, Submission, Toolchain};

/// What `languages` says of one language.
#[derive(Clone, Debug, serde::Serialize)]
pub struct LanguageStatus {
    pub id: &'static str,
    pub name: &'static str,
    pub extensions: Vec<String>,
    /// The command that builds (or runs) its files.
    pub command: String,
    /// The first line the tool prints of its version.
    pub version: Option<String>,
    /// `ready`, or what is wrong.
    pub status: String,
    pub ready: bool,
}

/// The board the self-tests read: four reserved squares, so the right output is 4.
const SELF_TEST_BOARD: &str =
    "........\n........\n..*.....\n........\n........\n.....**.\n...*....\n........\n";

/// What a self-test prints on [`SELF_TEST_BOARD`], its number of reserved squares: the truth its
/// run is graded against.
const SELF_TEST_COUNT: u64 = 4;

/// Every language, with its toolchain's version and its self-test's result.
pub fn report(toolchain: &Toolchain, build_root: &Path, sandbox: Option<&Sandbox>) -> Vec<LanguageStatus> {
    Language::all()
        .map(|language| {
            let command = toolchain.command(language);
            let version = version(language, &command);
            let checked = version.clone().and_then(|_| self_test(language, toolchain, build_root, sandbox));
            LanguageStatus {
                id: language.id(),
                name: language.name(),
                extensions: language.extensions().iter().map(|extension| format!(".{extension}")).collect(),
                command: command.join(" "),
                version: version.ok(),
                status: match &checked {
                    Ok(()) => "ready".to_string(),
                    Err(reason) => reason.clone(),
                },
                ready: checked.is_ok(),
            }
        })
        .collect()
}

/// Checks, once a process and once a toolchain for a build folder, that every language of
/// `submissions` works here.
///
/// # Errors
/// An environment error naming the language, what is wrong and what to install.
pub(crate) fn ensure_ready(
    submissions: &[Submission],
    toolchain: &Toolchain,
    build_root: &Path,
    sandbox: Option<&Sandbox>,
) -> Result<(), Error> {
    let mut languages: Vec<Language> = submissions.iter().map(|submission| submission.language).collect();
    languages.dedup();
    for language in languages {
        version(language, &toolchain.command(language))
            .and_then(|_| self_test(language, toolchain, build_root, sandbox))
            .map_err(|reason| {
                Error::Environment(format!("{} files cannot be judged here: {reason}", language.name()))
            })?;
    }
    Ok(())
}

/// The first line the tool prints of its version (asked once per process and command).
///
/// # Errors
/// The tool is missing: what to install.
fn version(language: Language, command: &[String]) -> Result<String, String> {
    type Known = (Vec<String>, Result<String, String>);
    static KNOWN: std::sync::Mutex<Vec<Known>> = std::sync::Mutex::new(Vec::new());
    let mut known = KNOWN.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some((_, found)) = known.iter().find(|(asked, _)| asked == command) {
        return found.clone();
    }
    let words = language.version_command(command);
    let missing = || {
        format!(
            "`{}` is not installed (not found on PATH): {}, or name another command with --compiler {}=COMMAND",
            command.first().map_or("", String::as_str),
            language.install_hint(),
            language.id()
        )
    };
    let found = judge_core::executor::resolve_tool(&words[0]).map_err(|_| missing()).and_then(|tool| {
        let output = std::process::Command::new(&tool.program)
            .args(&words[1..])
            .stdin(std::process::Stdio::null())
            .output()
            .map_err(|error| format!("`{}` cannot be started: {error}", words.join(" ")))?;
        let text =
            format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
        text.lines()
            .map(str::trim)
            .find(|line| !line.is_empty())
            .map(|line| judge_core::escape::escape_controls(line).into_owned())
            .ok_or_else(|| format!("`{}` printed no version", words.join(" ")))
    });
    known.push((command.to_vec(), found.clone()));
    found
}

/// Builds and runs the language's self-test in the sandbox, unless it passed before with this
/// command and isolation (a marker in the build folder says so).
///
/// # Errors
/// What went wrong: the build's message, or the run's verdict and detail.
pub(crate) fn self_test(
    language: Language,
    toolchain: &Toolchain,
    build_root: &Path,
    sandbox: Option<&Sandbox>,
) -> Result<(), String> {
    static PASSED: std::sync::Mutex<Vec<(String, PathBuf)>> = std::sync::Mutex::new(Vec::new());
    let command = toolchain.command(language);
    let isolation = if sandbox.is_some() { "sandboxed" } else { "unsandboxed" };
    let key = format!("{}\0{}\0{isolation}\0{}", language.id(), command.join(" "), language.self_test());
    let folder = build_root.join("self-test").join(language.id());
    let marker = folder.join(format!("passed-{:016x}", judge_core::executor::context::fnv1a(key.as_bytes())));
    let mut passed = PASSED.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if passed.iter().any(|(known, root)| *known == key && root == build_root) || marker.exists() {
        return Ok(());
    }
    std::fs::create_dir_all(&folder)
        .map_err(|error| format!("{}: cannot create: {error}", folder.display()))?;
    let path = folder.join(format!("{}.{}", language.self_test_name(), language.extensions()[0]));
    // Written whole, and only when it differs: another judge may be reading it.
    if std::fs::read_to_string(&path).ok().as_deref() != Some(language.self_test()) {
        judge_core::files::write_atomically(&path, language.self_test())
            .map_err(|error| error.to_string())?;
    }
    let board = checker::Board::parse(SELF_TEST_BOARD).map_err(|error| error.to_string())?;
    let board = judge_core::problem::TestInput::Board(board);
    // A whole program's count of the board: CSES 1624's, as the problems' files now say.
    let problem = Problem::all()
        .find(|problem| {
            !problem.is_leetcode()
                && problem.answer() == AnswerKind::Count
                && problem.admits(&board).is_some()
        })
        .ok_or("no problem takes a whole program's count of an 8 x 8 board")?;
    let submission: Submission = detect(&path, &[problem]).map_err(|error| error.to_string())?;
    let built = build(&submission, toolchain, build_root, sandbox).map_err(|error| error.to_string())?;
    if let Build::CompileError(message) = &built {
        return Err(format!("its self-test does not build: {}", message.lines().next().unwrap_or("")));
    }
    let contestant = Contestant::File { submission, build: built };
    let limits = judge_core::limits::self_test();
    let ran = attempt(&contestant, &Request::judged(problem, &board, limits), Path::new(""), sandbox);
    let truth = Truth::new(problem, &board, Some(SELF_TEST_COUNT), None);
    let run = ran
        .grade(&truth, &Additions::default())
        .map_err(|reason| format!("its self-test could not be run: {reason}"))?;
    match (run.verdict, run.received) {
        (Verdict::AC, _) => {}
        (Verdict::WA, Some(received)) => {
            return Err(format!("its self-test printed {received} where {SELF_TEST_COUNT} was right"))
        }
        (verdict, _) => {
            let first = run.detail.as_deref().unwrap_or("").lines().next().unwrap_or("").to_string();
            let stderr = ran.stderr.lines().find(|line| !line.trim().is_empty()).unwrap_or("").to_string();
            return Err(format!(
                "its self-test ended {verdict:?}: {first} {}",
                judge_core::escape::escape_controls(&stderr)
            )
            .trim()
            .to_string());
        }
    }
    let _ = std::fs::write(&marker, "");
    passed.push((key, build_root.to_path_buf()));
    Ok(())
}

/// The report as a table: one language a line, then what is wrong with each that is not ready.
pub fn render_text(report: &[LanguageStatus]) -> String {
    use crate::table::Style;
    let header = ["language", "files", "command", "version", "status"];
    let rows: Vec<[String; 5]> = report
        .iter()
        .map(|language| {
            [
                language.name.to_string(),
                language.extensions.join(" "),
                language.command.clone(),
                language.version.clone().unwrap_or_else(|| "-".to_string()),
                if language.ready { "ready".to_string() } else { "NOT READY".to_string() },
            ]
        })
        .collect();
    let widths: Vec<usize> = (0..header.len())
        .map(|column| {
            rows.iter()
                .map(|row| row[column].chars().count())
                .chain([header[column].len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: &[String]| {
        let padded: Vec<String> =
            cells.iter().zip(&widths).map(|(cell, width)| format!("{cell:width$}")).collect();
        padded.join("  ").trim_end().to_string()
    };
    let mut text = line(&header.map(str::to_string)) + "\n";
    for (row, language) in rows.iter().zip(report) {
        let drawn = line(row);
        let style = if language.ready { Style::Plain } else { Style::Red };
        text.push_str(&style.paint(&drawn));
        text.push('\n');
    }
    for language in report.iter().filter(|language| !language.ready) {
        text.push_str(&format!("\n{}: {}\n", language.name, language.status));
    }
    text
}
