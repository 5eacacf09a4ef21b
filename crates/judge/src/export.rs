//! Export: one implementation as a single std-only file, ready
//! to paste into its judge.
//!
//! - `cses/NAME` gives a whole program: the module `crates/cses/src/NAME.rs`, then a generated
//!   `main` that reads the board from stdin, calls the module's `count` and prints the result, as
//!   CSES 1624 expects. Plain `rustc --edition 2021 -O` compiles it.
//! - `leetcode51/NAME`, `leetcode52/NAME` and `leetcode/NAME` give `crates/leetcode/src/NAME.rs`
//!   without its `pub struct Solution;` line, because LeetCode's editor declares `struct Solution`
//!   itself; one module answers both problems, so the three ids differ only in the leading comment.
//! - `poj3239/NAME` gives a whole program: the module `crates/poj/src/NAME.rs`, then a generated
//!   `main` that reads the sides until a 0 and prints one placement a line. POJ itself takes no
//!   Rust (C, C++, Java): the file runs on this judge and on judges that take Rust, and is a
//!   model to port for POJ.
//!
//! The module sources come from the solution crates' registries (`cses::IMPLEMENTATIONS`,
//! `leetcode::IMPLEMENTATIONS`), whose entries embed their files at compile time, so the export
//! works from any folder and a new implementation needs no line here. The module's leading `//!`
//! header becomes `//` comments: an inner doc comment is only valid before the first item of a
//! crate or module, and LeetCode puts its own `struct Solution;` above whatever is pasted.
//!
//! A CSES program's generated `main` parses the board itself, std-only, and words every fault as
//! `checker::Board::parse_bytes` does, at the same line and column.
//!
//! Cost: a few string passes over one source file.

use std::fmt;

use judge_core::problem::{Method, Problem};
use judge_core::registry::Kernel;

/// One solution module's file, as an export reads it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ModuleSource {
    /// The file, relative to the workspace's root, for the exported file's header.
    pub path: String,
    /// The file's text.
    pub text: &'static str,
}

/// What an id asks for: the kind of implementation before its `/`. Each prefix is read from the
/// problems' descriptions (their `builtins`), as the registry's ids are; `leetcode/` is the crate's.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Target {
    /// `cses/NAME`: a whole program that counts a board (CSES 1624's).
    Counter,
    /// `leetcode51/NAME`, `leetcode52/NAME`: the `impl Solution` block, submitted to the problem
    /// that asks for this method.
    Method(Method),
    /// `leetcode/NAME`: the same block, for either problem.
    LeetCode,
    /// `poj3239/NAME`: a whole program that reads sides and prints placements.
    Placer,
    /// `aoj-alds1-13-a/NAME`: a whole program that completes placed queens and prints the board.
    Completer,
}

impl Target {
    pub const ALL: [Target; 6] = [
        Target::Counter,
        Target::Method(Method::SolveNQueens),
        Target::Method(Method::TotalNQueens),
        Target::LeetCode,
        Target::Placer,
        Target::Completer,
    ];

    /// The id's part before the `/`.
    pub fn prefix(self) -> &'static str {
        match self {
            Target::Counter => Kernel::Count(|_| 0).prefix(),
            Target::Method(method) => Problem::of_method(method).builtins(),
            Target::LeetCode => "leetcode",
            Target::Placer => Kernel::Place(|_| None).prefix(),
            Target::Completer => Kernel::Complete(|_, _| None).prefix(),
        }
    }

    /// The names the solution crate's registry lists, in its order.
    pub fn names(self) -> Vec<&'static str> {
        match self {
            Target::Counter => {
                cses::IMPLEMENTATIONS.iter().map(|implementation| implementation.name).collect()
            }
            // A module is a submission to the problems it answers only.
            Target::Method(_) | Target::LeetCode => leetcode::IMPLEMENTATIONS
                .iter()
                .filter(|implementation| match self {
                    Target::Method(Method::SolveNQueens) => implementation.solve_n_queens.is_some(),
                    Target::Method(Method::TotalNQueens) => implementation.total_n_queens.is_some(),
                    _ => true,
                })
                .map(|implementation| implementation.name)
                .collect(),
            Target::Placer => poj::IMPLEMENTATIONS.iter().map(|implementation| implementation.name).collect(),
            Target::Completer => {
                aoj::IMPLEMENTATIONS.iter().map(|implementation| implementation.name).collect()
            }
        }
    }

    /// The solution crate's folder under `crates/`.
    pub fn crate_folder(self) -> &'static str {
        match self {
            Target::Counter => "cses",
            Target::Method(_) | Target::LeetCode => "leetcode",
            Target::Placer => "poj",
            Target::Completer => "aoj",
        }
    }

    /// The file of the implementation called `name`, as its registry entry embeds it, if the
    /// registry has one. The registries' `entry!` names each implementation after its module, so
    /// the path follows from the name.
    pub fn source(self, name: &str) -> Option<ModuleSource> {
        let text = match self {
            Target::Counter => cses::implementation(name)?.source,
            Target::Method(_) | Target::LeetCode => leetcode::implementation(name)?.source,
            Target::Placer => poj::implementation(name)?.source,
            Target::Completer => aoj::implementation(name)?.source,
        };
        Some(ModuleSource { path: format!("crates/{}/src/{name}.rs", self.crate_folder()), text })
    }
}

/// Every id [`export`] lists: the ids `cargo xtask list` shows, CSES first, in the registries' order.
pub fn valid_ids() -> Vec<String> {
    // The ids `list` shows, as the judge names them; `leetcode/NAME` is accepted too, unlisted.
    judge_core::registry::entries(false).iter().map(judge_core::registry::Entry::id).collect()
}

/// Why an export failed.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum ExportError {
    /// The id names no implementation; a usage error.
    UnknownId { id: String, valid_ids: Vec<String> },
    /// The module lacks what the judge calls (`pub fn count(` or `impl Solution`).
    MissingEntryPoint { path: String, expected: &'static str },
    /// A LeetCode module without its own `pub struct Solution;` line, or with more than one.
    StructLine { path: String, found: usize },
    /// A CSES module that defines `fn main` already, which the generated one would clash with.
    DefinesMain { path: String },
}

impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExportError::UnknownId { id, valid_ids } => {
                write!(f, "unknown implementation `{id}`; expected one of: {}", valid_ids.join(", "))
            }
            ExportError::MissingEntryPoint { path, expected } => {
                write!(f, "{path}: no `{expected}` to export")
            }
            ExportError::StructLine { path, found } => {
                write!(f, "{path}: expected exactly one `pub struct Solution;` line to strip, found {found}")
            }
            ExportError::DefinesMain { path } => {
                write!(f, "{path}: defines `fn main` already, which the exported program adds")
            }
        }
    }
}

impl std::error::Error for ExportError {}

/// The file to submit for `id` (`cses/NAME`, `leetcode51/NAME`, `leetcode52/NAME` or
/// `leetcode/NAME`).
///
/// # Errors
/// [`ExportError::UnknownId`] for an id that names no implementation; the others when the module
/// does not have the shape its judge needs.
pub fn export(id: &str) -> Result<String, ExportError> {
    let unknown = || ExportError::UnknownId { id: id.to_string(), valid_ids: valid_ids() };
    let (prefix, name) = id.split_once('/').ok_or_else(unknown)?;
    let target = Target::ALL.into_iter().find(|target| target.prefix() == prefix).ok_or_else(unknown)?;
    let source = target.source(name).ok_or_else(unknown)?;
    match target {
        Target::Counter => cses_program(id, &source),
        Target::Method(_) | Target::LeetCode => leetcode_file(target, id, &source),
        Target::Placer => poj_program(id, &source),
        Target::Completer => completer_program(id, prefix, &source),
    }
}

/// The POJ 3239 program: a header, the module, then [`POJ_MAIN`].
///
/// # Errors
/// When the module has no `pub fn place(` or has a `fn main(` of its own.
pub(crate) fn poj_program(id: &str, source: &ModuleSource) -> Result<String, ExportError> {
    let header = format!(
        "// POJ 3239 \"Solution to the n Queens Puzzle\", made by `cargo xtask export {id}` from\n\
         // {path}, followed by a `main` that reads the sides until a 0 and prints\n\
         // one placement a line. Std only; build it with `rustc --edition 2021 -O`. POJ itself\n\
         // takes C, C++ and Java (the class `Main`), not Rust: port it to submit it there.\n\
         //\n",
        path = source.path
    );
    whole_program(source, ("pub fn place(", "pub fn place(n: usize) -> Option<Vec<usize>>"), header, POJ_MAIN)
}

/// The program that completes placed queens (AOJ ALDS1_13_A's): a header naming the problem
/// whose built-ins have `prefix`, the module, then [`COMPLETER_MAIN`] on the problem's side.
///
/// # Errors
/// When the module has no `pub fn complete(` or has a `fn main(` of its own.
pub(crate) fn completer_program(
    id: &str,
    prefix: &str,
    source: &ModuleSource,
) -> Result<String, ExportError> {
    let problem = Problem::all().find(|problem| problem.builtins() == prefix);
    let side = problem.and_then(|problem| match problem.description().domain {
        judge_core::problem::Domain::Placed(side) => Some(side),
        _ => None,
    });
    let header = format!(
        "// {name}, made by `cargo xtask export {id}` from\n\
         // {path}, followed by a `main` that reads the placed queens and prints the\n\
         // board they complete to. Std only; build it with `rustc --edition 2021 -O`.\n\
         //\n",
        name = problem.map_or_else(|| prefix.to_string(), |problem| problem.name().to_string()),
        path = source.path
    );
    let main = COMPLETER_MAIN
        .replace("const SIDE: usize = 8;", &format!("const SIDE: usize = {};", side.unwrap_or(8)));
    let entry =
        ("pub fn complete(", "pub fn complete(n: usize, placed: &[(usize, usize)]) -> Option<Vec<usize>>");
    whole_program(source, entry, header, &main)
}

/// The `main` of an exported completion program: the number of placed queens, then each one's row
/// and column from 0, white space apart; the board of the module's completion, `Q` and `.`, a row
/// a line. Bad input, or queens no solution holds, get one line on stderr and exit status 2.
pub(crate) const COMPLETER_MAIN: &str = r#"// Added by `cargo xtask export`: the judge's side. The placed queens come on stdin: their
// number, then each one's row and column from 0; the board goes to stdout, a row a line.
const SIDE: usize = 8;

fn main() {
    use std::io::{Read, Write};

    let mut input = String::new();
    if let Err(error) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("error: cannot read stdin: {error}");
        std::process::exit(2);
    }
    let numbers: Result<Vec<usize>, _> = input.split_ascii_whitespace().map(str::parse::<usize>).collect();
    let Ok(numbers) = numbers else {
        eprintln!("error: the input holds something other than whole numbers");
        std::process::exit(2);
    };
    let (count, rest) = numbers.split_first().map_or((0, &[][..]), |(count, rest)| (*count, rest));
    let placed: Vec<(usize, usize)> = rest.chunks_exact(2).take(count).map(|pair| (pair[0], pair[1])).collect();
    let Some(columns) = complete(SIDE, &placed) else {
        eprintln!("error: no solution holds the placed queens");
        std::process::exit(2);
    };
    let mut output = String::new();
    for column in columns {
        let row: String = (0..SIDE).map(|at| if at == column { 'Q' } else { '.' }).collect();
        output.push_str(&row);
        output.push('\n');
    }
    let mut stdout = std::io::stdout().lock();
    if stdout.write_all(output.as_bytes()).and_then(|()| stdout.flush()).is_err() {
        std::process::exit(1);
    }
}
"#;

/// A whole program: `header`, the module (which must define `entry`, `(its start, its
/// signature)`, and no `main`), then `main`.
///
/// # Errors
/// The module lacks `entry`, or has a `fn main(` of its own.
fn whole_program(
    source: &ModuleSource,
    entry: (&str, &'static str),
    header: String,
    main: &str,
) -> Result<String, ExportError> {
    if !source.text.contains(entry.0) {
        return Err(ExportError::MissingEntryPoint { path: source.path.clone(), expected: entry.1 });
    }
    if source.text.lines().any(|line| line.trim_start().starts_with("fn main(")) {
        return Err(ExportError::DefinesMain { path: source.path.clone() });
    }
    let mut program = header;
    program.push_str(&outer_header(source.text));
    ensure_blank_line(&mut program);
    program.push_str(main);
    Ok(program)
}

/// The `main` of an exported POJ 3239 program: the sides, white space apart, up to a 0 or the
/// end; for each, the module's placement, its rows a space apart. A token that is no side, or a
/// side without a placement, gets one line on stderr, exit status 2, and what was placed before.
pub(crate) const POJ_MAIN: &str = r#"// Added by `cargo xtask export`: the judge's side. The sides come on stdin until a 0; each
// placement goes to stdout on a line, each column's row from 1, a space apart.
fn main() {
    use std::io::{Read, Write};

    let mut input = String::new();
    if let Err(error) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("error: cannot read stdin: {error}");
        std::process::exit(2);
    }
    let mut output = String::new();
    let mut fault = None;
    for token in input.split_ascii_whitespace() {
        let placed = match token.parse::<usize>() {
            Ok(0) => break,
            Ok(n) => place(n).ok_or_else(|| format!("n = {n} has no placement")),
            Err(_) => Err(format!("`{token}` is not a side")),
        };
        match placed {
            Ok(rows) => {
                let rows: Vec<String> = rows.iter().map(ToString::to_string).collect();
                output.push_str(&rows.join(" "));
                output.push('\n');
            }
            Err(message) => {
                fault = Some(message);
                break;
            }
        }
    }
    let mut stdout = std::io::stdout().lock();
    if stdout.write_all(output.as_bytes()).and_then(|()| stdout.flush()).is_err() {
        std::process::exit(1);
    }
    if let Some(message) = fault {
        eprintln!("error: {message}");
        std::process::exit(2);
    }
}
"#;

/// The CSES program: a header, the module, then [`CSES_MAIN`].
///
/// # Errors
/// When the module has no `pub fn count(` or has a `fn main(` of its own.
pub fn cses_program(id: &str, source: &ModuleSource) -> Result<String, ExportError> {
    let header = format!(
        "// CSES 1624 \"Chessboard and Queens\", made by `cargo xtask export {id}` from\n\
         // {path}, followed by a `main` that reads the board from stdin and prints its\n\
         // count. Std only: submit it as it is, or build it with `rustc --edition 2021 -O`.\n\
         //\n",
        path = source.path
    );
    let main = CSES_MAIN.replace("MAX_N_PLACEHOLDER", &checker::MAX_N.to_string());
    whole_program(source, ("pub fn count(", "pub fn count(reserved: &[Vec<bool>]) -> u64"), header, &main)
}

/// The LeetCode file: a header naming the problem(s), then the module without its
/// `pub struct Solution;` line.
///
/// # Errors
/// When the module has no `impl Solution`, or not exactly one `pub struct Solution;` line.
pub fn leetcode_file(target: Target, id: &str, source: &ModuleSource) -> Result<String, ExportError> {
    if !source.text.contains("impl Solution") {
        return Err(ExportError::MissingEntryPoint { path: source.path.clone(), expected: "impl Solution" });
    }
    let has = |method: Method| source.text.contains(&format!("fn {}", method.rust_name()));
    // `LeetCode 51 "N-Queens" (`solve_n_queens`)`, from the problem's description.
    let asked = |method: Method| format!("{} (`{}`)", Problem::of_method(method).name(), method.rust_name());
    let number = |method: Method| Problem::of_method(method).leetcode_number().unwrap_or_default();
    let answered: Vec<Method> = Method::ALL.into_iter().filter(|&method| has(method)).collect();
    let problems = match (target, answered.as_slice()) {
        // The target's method, and the other the block also answers.
        (Target::Method(method), [_, _]) => {
            let other = Method::ALL.into_iter().find(|&other| other != method).unwrap_or(method);
            format!(
                "{}; the same block also answers {} (`{}`)",
                asked(method),
                number(other),
                other.rust_name()
            )
        }
        (Target::Method(method), _) => asked(method),
        (_, [only]) => asked(*only),
        // Both, or neither (refused further on).
        _ => {
            let both: Vec<String> = Method::ALL
                .into_iter()
                .enumerate()
                .map(|(at, method)| {
                    let full = asked(method);
                    if at == 0 {
                        full
                    } else {
                        full.trim_start_matches("LeetCode ").to_string()
                    }
                })
                .collect();
            both.join(" and ")
        }
    };
    let body = strip_struct_line(source)?;
    let mut file = format!(
        "// {problems}.\n\
         // Made by `cargo xtask export {id}` from\n\
         // {path}, without its `pub struct Solution;` line: LeetCode declares\n\
         // `struct Solution` itself, so paste this over the editor's template.\n\
         //\n",
        path = source.path
    );
    file.push_str(&outer_header(&body));
    Ok(file)
}

/// The module's text without its one `pub struct Solution;` line; a blank line left doubled by
/// the removal goes too.
fn strip_struct_line(source: &ModuleSource) -> Result<String, ExportError> {
    let lines: Vec<&str> = source.text.lines().collect();
    let struct_lines: Vec<usize> =
        (0..lines.len()).filter(|&idx| lines[idx] == "pub struct Solution;").collect();
    let &[struct_idx] = struct_lines.as_slice() else {
        return Err(ExportError::StructLine { path: source.path.clone(), found: struct_lines.len() });
    };
    let blank_before = struct_idx == 0 || lines[struct_idx - 1].trim().is_empty();
    let blank_after = lines.get(struct_idx + 1).is_some_and(|line| line.trim().is_empty());
    let removed = if blank_before && blank_after { 2 } else { 1 };
    let mut kept: Vec<&str> = lines[..struct_idx].to_vec();
    kept.extend_from_slice(&lines[struct_idx + removed..]);
    Ok(kept.join("\n") + "\n")
}

/// The text with its leading `//!` lines (the module's header) turned into `//` comments, so that
/// it stays valid wherever it is pasted. Inner doc comments further down, inside a nested `mod`,
/// are valid where they stand and are kept.
fn outer_header(text: &str) -> String {
    let mut in_header = true;
    let mut converted = String::with_capacity(text.len());
    for line in text.lines() {
        match line.strip_prefix("//!") {
            Some(rest) if in_header => {
                converted.push_str("//");
                converted.push_str(rest);
            }
            _ => {
                in_header = false;
                converted.push_str(line);
            }
        }
        converted.push('\n');
    }
    converted
}

/// Makes `text` end with one blank line, to separate the next part.
fn ensure_blank_line(text: &mut String) {
    while text.ends_with("\n\n") {
        text.pop();
    }
    if !text.ends_with('\n') {
        text.push('\n');
    }
    text.push('\n');
}

/// The `main` of an exported CSES program, and its parser in a module of its own
/// (`exported_board`), so that no name of the solution's (a `MAX_N`, a `parse_board`) can clash
/// with its. `MAX_N_PLACEHOLDER` becomes the checker's bound.
///
/// Its parser cannot use the checker, so it restates `checker::Board::parse_bytes` step for step
/// and words every fault as the checker's `ParseError` displays it; the export tests compare the
/// two on a table of bad inputs.
pub const CSES_MAIN: &str = r#"// Added by `cargo xtask export`: the judge's side. The board comes on stdin, one row a line,
// `.` free and `*` reserved (a final newline and CRLF line ends are accepted); the count and a
// newline go to stdout. Bad input gets one line on stderr naming the first fault's line and
// column, exit status 2 and nothing on stdout.
fn main() {
    use std::io::{Read, Write};

    let mut input = Vec::new();
    if let Err(error) = std::io::stdin().read_to_end(&mut input) {
        eprintln!("error: cannot read the board: {error}");
        std::process::exit(2);
    }
    let reserved = match exported_board::parse_board(&input) {
        Ok(reserved) => reserved,
        Err(message) => {
            eprintln!("error: {message}");
            std::process::exit(2);
        }
    };
    let mut stdout = std::io::stdout();
    if writeln!(stdout, "{}", count(&reserved)).and_then(|()| stdout.flush()).is_err() {
        std::process::exit(1);
    }
}

// The board's parser, in a module of its own so that no name of the solution's (a `MAX_N`, a
// `parse_board`) can clash with its.
mod exported_board {
    /// The widest board taken, as the workspace's checker bounds it.
    const MAX_N: usize = MAX_N_PLACEHOLDER;

    /// A fault: its 1-based line and column, and what is wrong there.
    type Fault = (usize, usize, String);

    /// The reserved squares of the board in `text`, or the first fault, top to bottom and left
    /// to right. The first row's length is n.
    fn parse_text(text: &str) -> Result<Vec<Vec<bool>>, Fault> {
        let squares = |count: usize| format!("{count} square{}", if count == 1 { "" } else { "s" });
        let unknown = |found: char| format!("unknown character {found:?}: expected `.` or `*`");
        if text.is_empty() {
            return Err((1, 1, "empty input: expected rows of `.` and `*`".to_string()));
        }
        let mut n = 0;
        let mut reserved: Vec<Vec<bool>> = Vec::new();
        // Each line keeps its `\n` here, so a final newline adds no empty line. One `\r` at a
        // line's end is part of its line end, on a last line without `\n` too.
        for (index, raw_line) in text.split_inclusive('\n').enumerate() {
            let line_number = index + 1;
            let line = raw_line.strip_suffix('\n').unwrap_or(raw_line);
            let line = line.strip_suffix('\r').unwrap_or(line);
            if line.is_empty() {
                return Err((line_number, 1, "blank line: expected a row of `.` and `*`".to_string()));
            }
            if index == 0 {
                n = line.chars().count();
                if n > MAX_N {
                    // A bad square within the first MAX_N comes before the row's size.
                    let mut first_squares = line.chars().take(MAX_N).enumerate();
                    if let Some((col_idx, found)) = first_squares.find(|&(_, c)| c != '.' && c != '*') {
                        return Err((1, col_idx + 1, unknown(found)));
                    }
                    let message = format!("board too large: expected at most {MAX_N} squares a row");
                    return Err((1, MAX_N + 1, message));
                }
            } else if index == n {
                let message = format!("too many rows: expected {n}, as the first row is {n} long");
                return Err((line_number, 1, message));
            }
            let mut row = Vec::with_capacity(n);
            for (col_idx, square) in line.chars().enumerate() {
                if col_idx == n {
                    return Err((line_number, n + 1, format!("row too long: expected {}", squares(n))));
                }
                match square {
                    '.' => row.push(false),
                    '*' => row.push(true),
                    found => return Err((line_number, col_idx + 1, unknown(found))),
                }
            }
            if row.len() < n {
                let found = row.len();
                let message = format!("row too short: expected {}, found {found}", squares(n));
                return Err((line_number, found + 1, message));
            }
            reserved.push(row);
        }
        if reserved.len() < n {
            let found = reserved.len();
            return Err((found + 1, 1, format!("too few rows: expected {n}, found {found}")));
        }
        Ok(reserved)
    }

    /// As `parse_text`, on bytes: invalid UTF-8 is a fault at its first bad byte, unless a fault
    /// of the board comes before it.
    pub(crate) fn parse_board(input: &[u8]) -> Result<Vec<Vec<bool>>, String> {
        let fault = match std::str::from_utf8(input) {
            Ok(text) => match parse_text(text) {
                Ok(reserved) => return Ok(reserved),
                Err(fault) => fault,
            },
            Err(error) => {
                let valid = std::str::from_utf8(&input[..error.valid_up_to()]).unwrap_or_default();
                let line = valid.matches('\n').count() + 1;
                let line_start = valid.rfind('\n').map_or(0, |at| at + 1);
                let column = valid[line_start..].chars().count() + 1;
                // The replacement character is a fault too, so a board fault found in the
                // replaced text lies at or before the bad byte.
                match parse_text(&String::from_utf8_lossy(input)) {
                    Err(earlier) if (earlier.0, earlier.1) < (line, column) => earlier,
                    _ => (line, column, "invalid UTF-8: expected `.` or `*`".to_string()),
                }
            }
        };
        let (line, column, message) = fault;
        Err(format!("line {line}, column {column}: {message}"))
    }
}
"#;
