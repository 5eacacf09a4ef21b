//! A problem's description file, `problems/ID.toml`, and what it may say.
//!
//! Architecture invariant: this file uses std, serde and toml alone. The engine reads the embedded
//! files with it at run time, and the build script (`build.rs`, through `#[path]`) reads the same
//! files with it first, so that a bad description stops the build with its file, line and column,
//! and the judge never meets one.

use serde::Deserialize;

/// What a submission reads, one test at a time.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Input {
    /// The board as text, a line a row (`.` free, `*` reserved).
    Board,
    /// The board's side alone, on a line (LeetCode's `n`).
    Side,
    /// Sides, a line each, then a line `0` (POJ 3239's test cases).
    Sides,
    /// Boards, each as its side on a line then its rows, then a line `0` (UVa 11195's).
    Boards,
    /// Queens already placed: their number on a line, then a line `r c` each, from 0 (AOJ
    /// ALDS1_13_A's).
    Placed,
}

impl Input {
    /// A few words for it in a message: `sides`, `placed queens`.
    pub fn noun(self) -> &'static str {
        match self {
            Input::Board => "a board",
            Input::Side => "a side",
            Input::Sides => "sides",
            Input::Boards => "several boards",
            Input::Placed => "placed queens",
        }
    }
}

/// What an answer is, and so how it is read and checked.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AnswerKind {
    /// How many placements there are.
    Count,
    /// Every placement, as boards.
    Boards,
    /// One placement a side, any right one, a line each: each column's row, from 1 (POJ 3239).
    Placements,
    /// Lines of text, compared a line at a time (white space at a line's end and blank lines at
    /// the end aside): a count a board written by the description's `line` (UVa 11195), or the
    /// one board that holds the placed queens, `Q` and `.` (AOJ ALDS1_13_A).
    Lines,
}

/// The inputs a problem takes.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Domain {
    /// Boards of this side alone, reserved squares and all.
    Side(usize),
    /// Any side from 1 to the checker's largest, reserved squares and all.
    AnySide,
    /// Empty boards; within the judge's constraints up to this side, beyond them past it.
    EmptyUpTo(usize),
    /// Lists of sides; within the judge's constraints where every side is in `from..=to`.
    Sides { from: usize, to: usize },
    /// Lists of boards, reserved squares and all; within the judge's constraints where every side
    /// is in `from..=to` and there are at most `most` of them.
    Boards { from: usize, to: usize, most: usize },
    /// Queens placed on a board of this side, whose one completion is the answer.
    Placed(usize),
}

/// The languages a judge takes, when it does not take all six.
#[derive(Clone, PartialEq, Eq, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Languages {
    /// The ids of the languages it takes among this judge's (`c`, `cpp`, `java`...).
    pub takes: Vec<String>,
    /// Its own list, as a note words it: `C, C++, Java, Pascal and Fortran`.
    pub named: String,
}

/// The LeetCode method a problem's submissions implement. Each executor writes each method's
/// signature, reads its declaration and calls it from its driver in an exhaustive `match`: a new
/// method is a compile error in every executor, never a silent default.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Deserialize)]
pub enum Method {
    /// `solveNQueens`: every board.
    #[serde(rename = "solveNQueens")]
    SolveNQueens,
    /// `totalNQueens`: the count.
    #[serde(rename = "totalNQueens")]
    TotalNQueens,
}

impl Method {
    pub const ALL: [Method; 2] = [Method::SolveNQueens, Method::TotalNQueens];

    /// Its name in a Rust `impl Solution`: `solve_n_queens`.
    pub fn rust_name(self) -> &'static str {
        match self {
            Method::SolveNQueens => "solve_n_queens",
            Method::TotalNQueens => "total_n_queens",
        }
    }
}

/// One problem, as its file describes it: everything else (detection, drivers, case selection,
/// truth, reports) reads this.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Description {
    /// The file's name without `.toml`: the name used on the command line and in JSON.
    pub id: String,
    /// Where it stands among the problems: in tables, in JSON and in `--problem`'s list.
    pub order: u32,
    pub title: String,
    /// The problem as its judge names it, quoted: `CSES 1624 "Chessboard and Queens"`.
    pub name: String,
    /// A few words for a heading: `CSES 1624`.
    pub label: String,
    /// The judge's name in a note: `POJ`.
    pub judge: String,
    /// The languages the judge takes, when not all six.
    pub languages: Option<Languages>,
    /// The class a judge runs of a Java program, when it runs one name only (`Main`).
    pub java_class: Option<String>,
    /// A line of the answer for each board, with `{case}` (from 1) and `{count}` (UVa 11195's
    /// `Case {case}: {count}`).
    pub line: Option<String>,
    pub input: Input,
    pub answer: AnswerKind,
    pub domain: Domain,
    /// The part before the `/` of its built-in solutions' ids (`cses/bitmask`).
    pub builtins: String,
    /// A LeetCode problem's method and number (the drivers' argument, the name in its result line).
    pub leetcode: Option<(Method, u32)>,
    /// The judge's limits, a case's defaults: CPU time in milliseconds, memory in MB.
    pub limits: (u64, u64),
}

/// The file's keys, every one required but `leetcode`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    order: u32,
    title: String,
    name: String,
    label: String,
    judge: String,
    languages: Option<Languages>,
    java_class: Option<String>,
    line: Option<String>,
    input: Input,
    answer: AnswerKind,
    domain: Domain,
    builtins: String,
    leetcode: Option<LeetCode>,
    time_limit_ms: u64,
    memory_limit_mb: u64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LeetCode {
    method: Method,
    number: u32,
}

/// The largest limits a problem may give: ten minutes, and 64 GiB (a case's bounds too).
const MAX_LIMITS: (u64, u64) = (600_000, 65_536);

/// Reads one description, `path` being its file's name for errors (`problems/cses1624.toml`).
///
/// # Errors
/// One line naming the file and the line and column, or the key, at fault.
pub fn parse(path: &str, text: &str) -> Result<Description, String> {
    let name = path.rsplit('/').next().unwrap_or(path);
    let id = name.strip_suffix(".toml").unwrap_or(name).to_string();
    if id.is_empty()
        || !id.bytes().all(|byte| byte.is_ascii_lowercase() || byte.is_ascii_digit() || byte == b'-')
    {
        return Err(format!("{path}: a problem's id (its file's name) is lowercase letters, digits and `-`"));
    }
    let file: File = toml::from_str(text).map_err(|error| {
        let at = error.span().map_or_else(String::new, |span| {
            let before = &text[..span.start.min(text.len())];
            let line = before.matches('\n').count() + 1;
            let column = before.rsplit('\n').next().map_or(0, |row| row.chars().count()) + 1;
            format!("{line}:{column}: ")
        });
        format!("{path}:{at}{}", error.message().replace('\n', " "))
    })?;
    let fault = |key: &str, why: &str| Err(format!("{path}: `{key}`: {why}"));
    let fits = matches!(
        (file.input, file.answer, file.domain),
        (Input::Board, AnswerKind::Count, Domain::Side(_) | Domain::AnySide)
            | (Input::Side, AnswerKind::Count | AnswerKind::Boards, Domain::EmptyUpTo(_))
            | (Input::Sides, AnswerKind::Placements, Domain::Sides { .. })
            | (Input::Boards, AnswerKind::Lines, Domain::Boards { .. })
            | (Input::Placed, AnswerKind::Lines, Domain::Placed(_))
    );
    if !fits {
        return fault("domain", "this input, answer and domain do not go together");
    }
    if file.leetcode.is_some() && file.input != Input::Side {
        return fault("leetcode", "a LeetCode method takes a side (`input = \"side\"`)");
    }
    let line_fits = file.line.as_deref().is_some_and(|line| line.contains("{count}") && !line.contains('\n'));
    let line_ok = if file.input == Input::Boards { line_fits } else { file.line.is_none() };
    if !line_ok {
        return fault("line", "a problem of boards, and only one, writes a line a board with `{count}`");
    }
    // The language ids are the executors' (`executor::tests` holds every description to them).
    if file
        .languages
        .as_ref()
        .is_some_and(|languages| languages.takes.is_empty() || languages.named.is_empty())
    {
        return fault("languages", "a judge takes at least one language, and names its own list");
    }
    if file.builtins.is_empty() || file.builtins.contains('/') {
        return fault("builtins", "a non-empty prefix without `/`");
    }
    let limits = (file.time_limit_ms, file.memory_limit_mb);
    if limits.0 == 0 || limits.0 > MAX_LIMITS.0 {
        return fault("time_limit_ms", &format!("expected 1 to {}", MAX_LIMITS.0));
    }
    if limits.1 == 0 || limits.1 > MAX_LIMITS.1 {
        return fault("memory_limit_mb", &format!("expected 1 to {}", MAX_LIMITS.1));
    }
    Ok(Description {
        id,
        order: file.order,
        title: file.title,
        name: file.name,
        label: file.label,
        judge: file.judge,
        languages: file.languages,
        java_class: file.java_class,
        line: file.line,
        input: file.input,
        answer: file.answer,
        domain: file.domain,
        builtins: file.builtins,
        leetcode: file.leetcode.map(|leetcode| (leetcode.method, leetcode.number)),
        limits,
    })
}

/// Reads every description (`(path, text)` pairs), in their `order`.
///
/// # Errors
/// The first bad file's line; or two problems with one order, or a LeetCode method that not
/// exactly one problem asks for.
pub(crate) fn parse_all(files: &[(&str, &str)]) -> Result<Vec<Description>, String> {
    let mut descriptions =
        files.iter().map(|(path, text)| parse(path, text)).collect::<Result<Vec<_>, _>>()?;
    descriptions.sort_by_key(|description| description.order);
    for pair in descriptions.windows(2) {
        if pair[0].order == pair[1].order {
            return Err(format!("problems `{}` and `{}` have the same `order`", pair[0].id, pair[1].id));
        }
    }
    for method in Method::ALL {
        let asking: Vec<&str> = descriptions
            .iter()
            .filter(|description| description.leetcode.is_some_and(|(found, _)| found == method))
            .map(|description| description.id.as_str())
            .collect();
        if asking.len() != 1 {
            return Err(format!("`{method:?}` is asked by one problem, not by [{}]", asking.join(", ")));
        }
    }
    if descriptions.len() > usize::from(u8::MAX) {
        return Err(format!("{} problems: at most {}", descriptions.len(), u8::MAX));
    }
    Ok(descriptions)
}
