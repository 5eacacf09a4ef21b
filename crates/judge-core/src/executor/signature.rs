//! Reading what a file declares, shared by the executors: comments stripped, the places a name is
//! declared with what comes before and after it, a parameter list's types, and near-miss names.
//!
//! It reads declarations, not a whole grammar: enough that an overload or a helper sharing
//! LeetCode's method name, a call, or a name in a comment does not make a file a LeetCode
//! solution of a problem it does not solve.

use crate::problem::Method;

/// How a language writes its comments.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Comments {
    /// `//` to the end of the line and `/* ... */`.
    CStyle,
    /// `#` to the end of the line.
    Hash,
}

/// What a file declares.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Declared {
    /// The LeetCode methods it has with LeetCode's signature, in [`Method::ALL`]'s order.
    pub methods: Vec<Method>,
    /// A whole program (a `main`, or a script that reads its input).
    pub program: bool,
}

impl Declared {
    /// A file that is a whole program or not, and has each method `declares` says it has (an
    /// executor answers with an exhaustive `match` on the method).
    pub fn new(program: bool, declares: impl Fn(Method) -> bool) -> Declared {
        Declared { methods: Method::ALL.into_iter().filter(|&method| declares(method)).collect(), program }
    }

    pub fn declares(&self, method: Method) -> bool {
        self.methods.contains(&method)
    }
}

/// The file's text without its comments (roughly: strings are not parsed), so that a name in a
/// comment does not decide what the file is. Lines stay where they were.
pub(crate) fn strip_comments(text: &str, comments: Comments) -> String {
    let mut out = String::with_capacity(text.len());
    match comments {
        Comments::Hash => {
            for line in text.lines() {
                out.push_str(line.split('#').next().unwrap_or(""));
                out.push('\n');
            }
        }
        Comments::CStyle => {
            let mut rest = text;
            while !rest.is_empty() {
                let line_comment = rest.find("//");
                let block_comment = rest.find("/*");
                match (line_comment, block_comment) {
                    (Some(at), block) if block.is_none_or(|block| at < block) => {
                        out.push_str(&rest[..at]);
                        rest = rest[at..].find('\n').map_or("", |end| &rest[at + end..]);
                    }
                    (_, Some(at)) => {
                        out.push_str(&rest[..at]);
                        let end = rest[at + 2..].find("*/").map_or(rest.len(), |end| at + 2 + end + 2);
                        // Keep the comment's line ends, so that lines do not move.
                        out.extend(rest[at..end].chars().filter(|&c| c == '\n'));
                        rest = &rest[end..];
                    }
                    _ => {
                        out.push_str(rest);
                        rest = "";
                    }
                }
            }
        }
    }
    out
}

fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '$'
}

/// The declarations in `code` of a method named `name` that take one parameter, each as written
/// up to its body (`pub fn solve_n_queens(n: i32) -> i32`): what may be one step from a LeetCode
/// signature. A call (`return name(n)`, `self.name(n)`) is not a declaration.
pub(crate) fn one_parameter_declarations(code: &str, name: &str) -> Vec<String> {
    const NOT_TYPES: [&str; 8] = ["return", "new", "await", "yield", "else", "case", "throw", "in"];
    occurrences(code, name)
        .into_iter()
        .filter_map(|(before, after)| {
            let head = before.lines().last().unwrap_or("").trim();
            let last_word = head.rsplit(|c: char| !is_word(c)).next().unwrap_or("");
            let declares = ["fn", "def", "function"].contains(&last_word)
                || (head
                    .chars()
                    .next_back()
                    .is_some_and(|c| is_word(c) || matches!(c, '>' | '*' | '&' | ']'))
                    && !NOT_TYPES.contains(&last_word)
                    && !head.ends_with('.'));
            // JavaScript's `var name = function(n)`.
            let (after, assigned) = match after.trim_start().strip_prefix('=') {
                Some(rest) => (rest.trim_start().strip_prefix("function").unwrap_or(rest), true),
                None => (after, false),
            };
            let (inside, rest) = parenthesized(after)?;
            // A Python method's `self` is not one of LeetCode's parameters.
            let parameters = inside
                .trim()
                .strip_prefix("self")
                .map_or(inside, |rest| rest.trim_start().strip_prefix(',').unwrap_or(inside));
            let one = !parameters.trim().is_empty() && !parameters.contains(',');
            if !(declares || assigned) || !one {
                return None;
            }
            let tail = rest.split(['{', '\n']).next().unwrap_or("").trim_end();
            let tail = tail.strip_suffix(':').unwrap_or(tail).trim_end();
            let mut written =
                format!("{head} {name}({}){}{tail}", inside.trim(), if tail.is_empty() { "" } else { " " });
            written = written.split_whitespace().collect::<Vec<_>>().join(" ");
            Some(written.replace(" (", "(").replace("( ", "("))
        })
        .collect()
}

/// Each whole-word occurrence of `name` in `code`: the text of its statement before it (from the
/// last `;`, `{` or `}`) and everything after it.
pub(crate) fn occurrences<'a>(code: &'a str, name: &str) -> Vec<(&'a str, &'a str)> {
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(at) = code[from..].find(name).map(|at| from + at) {
        let end = at + name.len();
        from = end;
        let before_ok = code[..at].chars().next_back().is_none_or(|c| !is_word(c));
        let after_ok = code[end..].chars().next().is_none_or(|c| !is_word(c));
        if before_ok && after_ok {
            let start = code[..at].rfind([';', '{', '}']).map_or(0, |boundary| boundary + 1);
            found.push((&code[start..at], &code[end..]));
        }
    }
    found
}

/// `rest` (leading white space allowed) opens a parenthesis: what it holds, and what follows it.
pub(crate) fn parenthesized(rest: &str) -> Option<(&str, &str)> {
    let rest = rest.trim_start();
    let inner = rest.strip_prefix('(')?;
    let mut depth = 1;
    for (index, c) in inner.char_indices() {
        match c {
            '(' | '[' | '<' => depth += 1,
            ')' | ']' | '>' => {
                depth -= 1;
                if depth == 0 {
                    return (c == ')').then(|| (&inner[..index], &inner[index + 1..]));
                }
            }
            _ => {}
        }
    }
    None
}

/// The parameters of a list (what its parentheses hold), split at its top-level commas (not those
/// of a default's call or a template's arguments), each trimmed; none for an empty list.
pub(crate) fn split_parameters(inside: &str) -> Vec<&str> {
    let mut parameters = Vec::new();
    let (mut depth, mut start) = (0usize, 0);
    for (at, c) in inside.char_indices() {
        match c {
            '(' | '[' | '{' | '<' => depth += 1,
            ')' | ']' | '}' | '>' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                parameters.push(inside[start..at].trim());
                start = at + 1;
            }
            _ => {}
        }
    }
    parameters.push(inside[start..].trim());
    if parameters == [""] {
        parameters.clear();
    }
    parameters
}

/// The parameters a call must give: those before the first that has a default (`= value` at its
/// top level: JavaScript's and Python's defaults, C++'s default arguments). LeetCode calls a method
/// with its one argument, whatever optional parameters follow it.
pub(crate) fn required_parameters(inside: &str) -> Vec<&str> {
    let has_default = |parameter: &str| {
        let mut depth = 0usize;
        let bytes = parameter.as_bytes();
        bytes.iter().enumerate().any(|(at, &byte)| {
            match byte {
                b'(' | b'[' | b'{' | b'<' => depth += 1,
                b')' | b']' | b'}' | b'>' => depth = depth.saturating_sub(1),
                _ => {}
            }
            let neighbours = (at.checked_sub(1).map(|before| bytes[before]), bytes.get(at + 1).copied());
            byte == b'='
                && depth == 0
                && !matches!(neighbours.0, Some(b'=' | b'!' | b'<' | b'>'))
                && !matches!(neighbours.1, Some(b'=' | b'>'))
        })
    };
    split_parameters(inside).into_iter().take_while(|parameter| !has_default(parameter)).collect()
}

/// `text` without any white space.
pub(crate) fn squeeze(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

/// Whether `before` (squeezed) ends with the type `ty` (squeezed) as a whole word.
pub(crate) fn ends_with_type(before: &str, ty: &str) -> bool {
    let before = squeeze(before).replace("std::", "");
    before.strip_suffix(ty).is_some_and(|head| head.chars().next_back().is_none_or(|c| !is_word(c)))
}

/// The types of a C-like parameter list (`int n, int* size` gives `int`, `int*`), each without its
/// name; `None` for a list that is empty.
pub(crate) fn parameter_types(parameters: &str) -> Vec<String> {
    if parameters.trim().is_empty() {
        return Vec::new();
    }
    parameters
        .split(',')
        .map(|parameter| {
            let parameter = parameter.trim();
            let name_start = parameter
                .char_indices()
                .rev()
                .find(|&(_, c)| !is_word(c))
                .map_or(0, |(at, c)| at + c.len_utf8());
            let head = &parameter[..name_start];
            // `int n`, `int* n`, `int &n`: the last word is a name; `int` alone is a type.
            let ty = if head.trim().is_empty() { parameter } else { head };
            squeeze(ty).replace("std::", "").replace("final", "")
        })
        .collect()
}

/// The identifiers of `code`.
pub(crate) fn identifiers(code: &str) -> std::collections::BTreeSet<&str> {
    code.split(|c: char| !is_word(c))
        .filter(|word| word.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_'))
        .collect()
}

/// A name in `code` that is close to one of `targets` but not it (a typo of LeetCode's method
/// name): the name, and the target it is close to.
pub(crate) fn near_miss<'a>(code: &str, targets: &[&'a str]) -> Option<(String, &'a str)> {
    let words = identifiers(code);
    for target in targets {
        if words.contains(target) {
            continue;
        }
        for word in &words {
            let distance = edit_distance(&word.to_ascii_lowercase(), &target.to_ascii_lowercase());
            if distance <= 2 && word.len() + 2 >= target.len() {
                return Some((word.to_string(), target));
            }
        }
    }
    None
}

/// Levenshtein's distance, over bytes.
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, &x) in a.iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &y) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (diagonal + usize::from(x != y)).min(row[j] + 1).min(above + 1);
            diagonal = above;
        }
    }
    row[b.len()]
}

/// Whether `code` declares a C-like function `name` with the return type `returns` and these
/// parameter types (squeezed), rather than only calling it or overloading it.
pub(crate) fn declares_c_like(code: &str, name: &str, returns: &[&str], parameters: &[&str]) -> bool {
    occurrences(code, name).into_iter().any(|(before, after)| {
        returns.iter().any(|ty| ends_with_type(before, ty))
            && parenthesized(after).is_some_and(|(inside, rest)| {
                // Default arguments follow the required ones; LeetCode gives those alone.
                parameter_types(&required_parameters(inside).join(",")) == parameters
                    && rest.trim_start().starts_with(['{', ';'])
            })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_do_not_decide_and_lines_do_not_move() {
        let code =
            strip_comments("// fn solve_n_queens\n/* totalNQueens\n */ fn main() {}\n", Comments::CStyle);
        assert!(
            !code.contains("solve_n_queens") && !code.contains("totalNQueens") && code.contains("fn main")
        );
        assert_eq!(code.lines().count(), 3);
        let code = strip_comments("# def solveNQueens\nprint(92)\n", Comments::Hash);
        assert!(!code.contains("solveNQueens"));
    }

    #[test]
    fn an_overload_is_not_the_signature() {
        let code = "class Solution {\npublic:\n    void solveNQueens(int row, vector<int>& cols, int& count) {}\n    int totalNQueens(int n) { int count = 0; vector<int> c; solveNQueens(0, c, count); return count; }\n};\n";
        assert!(!declares_c_like(code, "solveNQueens", &["vector<vector<string>>"], &["int"]));
        assert!(declares_c_like(code, "totalNQueens", &["int"], &["int"]));
        let lists = "vector<vector<string>> solveNQueens(int n) {\n";
        assert!(declares_c_like(lists, "solveNQueens", &["vector<vector<string>>"], &["int"]));
        assert!(!declares_c_like(
            "auto x = solveNQueens(n);",
            "solveNQueens",
            &["vector<vector<string>>"],
            &["int"]
        ));
    }

    #[test]
    fn a_name_past_ascii_and_a_comment_that_opens_on_its_star_are_read_right() {
        assert_eq!(parameter_types("int número"), ["int"]);
        assert!(declares_c_like("int totalNQueens(int número) {", "totalNQueens", &["int"], &["int"]));
        let code = strip_comments("/*/ int totalNQueens(int n) {} */ int main() {}", Comments::CStyle);
        assert!(!code.contains("totalNQueens") && code.contains("main"), "{code}");
    }

    #[test]
    fn optional_parameters_are_not_what_leetcode_gives() {
        assert_eq!(required_parameters("n, colSet = new Set(), posDiag = new Set()"), ["n"]);
        assert_eq!(required_parameters("self, n: int, memo: Dict[int, int] = {}"), ["self", "n: int"]);
        assert_eq!(required_parameters("int n, vector<int> cols = {}, int row = 0"), ["int n"]);
        assert_eq!(required_parameters("int n, int* returnSize"), ["int n", "int* returnSize"]);
        assert_eq!(required_parameters("map<int, int> seen, int n"), ["map<int, int> seen", "int n"]);
        assert!(required_parameters(" ").is_empty());
        // A comparison in a default is no second default.
        assert_eq!(required_parameters("n, flag = (1 <= 2)"), ["n"]);
        assert!(declares_c_like(
            "int totalNQueens(int n, int row = 0, vector<bool> cols = vector<bool>(9)) {",
            "totalNQueens",
            &["int"],
            &["int"]
        ));
        assert!(!declares_c_like("int totalNQueens(int n, int row) {", "totalNQueens", &["int"], &["int"]));
    }

    #[test]
    fn parameter_types_drop_the_names() {
        assert_eq!(
            parameter_types("int n, int* returnSize, int** returnColumnSizes"),
            ["int", "int*", "int**"]
        );
        assert_eq!(parameter_types("int"), ["int"]);
        assert_eq!(parameter_types("const int &n"), ["constint&"]);
        assert!(parameter_types(" ").is_empty());
    }

    #[test]
    fn a_near_miss_is_found_and_the_right_name_is_not_one() {
        assert_eq!(
            near_miss("int totalNQueen(int n)", &["totalNQueens"]),
            Some(("totalNQueen".into(), "totalNQueens"))
        );
        assert_eq!(near_miss("int totalNQueens(int n)", &["totalNQueens"]), None);
        assert_eq!(near_miss("int count(int n)", &["totalNQueens"]), None);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }
}
