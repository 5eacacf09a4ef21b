//! Rust: `rustc`, as CSES compiles it (`-O`, edition 2021). A LeetCode file is the `impl Solution`
//! block LeetCode's editor holds: the driver puts it inside `mod user { ... }`, opened on the
//! file's first line so that no line moves, and supplies `struct Solution` only when the file has
//! none; the file's own `fn main`, `use` lines and `#[cfg(test)]` modules stay the module's
//! business.

use super::context::{BuildContext, Compiled, RunContext};
use super::signature::{occurrences, parenthesized, squeeze, Declared};
use super::{About, Executor, Launch};
use crate::error::Error;
use crate::problem::{Method, Problem};

pub struct Rust;

impl Executor for Rust {
    fn about(&self) -> &'static About {
        &About {
            id: "rust",
            name: "Rust",
            extensions: &["rs"],
            default_command: "rustc --edition 2021 -O",
            install_hint: "install Rust with rustup (https://rustup.rs)",
        }
    }

    fn explain_crash(&self, _how: &str, stderr: &str) -> Option<String> {
        super::crash::rust_panic(stderr)
    }

    fn out_of_memory_messages(&self) -> &'static [&'static str] {
        super::crash::RUST_OUT_OF_MEMORY
    }

    fn strict_fault(&self, stderr: &str) -> Option<String> {
        super::crash::first_fault(stderr)
    }

    fn strict_flags(&self) -> &'static [&'static str] {
        &["-C", "overflow-checks=on", "-C", "debug-assertions=on"]
    }

    fn read(&self, code: &str) -> Declared {
        let declares = |name: &str, returns: &str| {
            occurrences(code, name).into_iter().any(|(before, after)| {
                squeeze(before).ends_with("fn")
                    && parenthesized(after).is_some_and(|(inside, rest)| {
                        let parameter = squeeze(inside);
                        let parameter = parameter.strip_prefix("mut").unwrap_or(&parameter);
                        parameter.split_once(':').is_some_and(|(_, ty)| ty == "i32")
                            && !parameter.contains(',')
                            && squeeze(rest.split('{').next().unwrap_or("")) == returns
                    })
            })
        };
        let program = occurrences(code, "main").into_iter().any(|(before, after)| {
            squeeze(before).ends_with("fn")
                && parenthesized(after).is_some_and(|(inside, _)| inside.trim().is_empty())
        });
        Declared::new(program, |method| match method {
            Method::SolveNQueens => declares("solve_n_queens", "->Vec<Vec<String>>"),
            Method::TotalNQueens => declares("total_n_queens", "->i32"),
        })
    }

    fn signature(&self, method: Method) -> &'static str {
        match method {
            Method::SolveNQueens => "pub fn solve_n_queens(n: i32) -> Vec<Vec<String>>",
            Method::TotalNQueens => "pub fn total_n_queens(n: i32) -> i32",
        }
    }

    fn build(&self, context: &BuildContext) -> Result<Compiled, Error> {
        if !context.is_leetcode() {
            return context.compile(None, &[]);
        }
        context.write("driver.rs", &driver(context.text, context.problems))?;
        context.compile(Some("driver.rs"), &[])
    }

    fn launch(&self, context: &RunContext) -> Result<Launch, Error> {
        Ok(context.compiled_program())
    }

    fn self_test(&self) -> &'static str {
        "use std::io::Read;\nfn main() {\n    let mut input = String::new();\n    std::io::stdin().read_to_string(&mut input).unwrap();\n    println!(\"{}\", input.matches('*').count());\n}\n"
    }

    fn version_command(&self, command: &[String]) -> Vec<String> {
        vec![command.first().cloned().unwrap_or_default(), "--version".into()]
    }
}

/// The Rust driver: the file inside `mod user`, opened on its first line so that no line moves.
fn driver(user: &str, problems: &[Problem]) -> String {
    let code = super::signature::strip_comments(user, super::signature::Comments::CStyle);
    let has_struct =
        occurrences(&code, "Solution").into_iter().any(|(before, _)| squeeze(before).ends_with("struct"));
    let mut text = String::from(
        "#[allow(dead_code, unused_imports, unused_mut, unused_variables, non_snake_case)] mod user { ",
    );
    if !has_struct {
        text.push_str("pub struct Solution; ");
    }
    text.push_str(user);
    text.push_str("\n// The judge's driver, after the file: its lines move nothing above.\npub fn judge_run(problem: &str, n: i32) -> String {\n    match problem {\n");
    for method in Method::asked_by(problems) {
        text.push_str(match method {
            Method::SolveNQueens => SOLVE_N_QUEENS_ARM,
            Method::TotalNQueens => TOTAL_N_QUEENS_ARM,
        });
    }
    text.push_str("        _ => String::new(),\n    }\n}\n}\n");
    text.push_str(MAIN);
    text
}

/// The driver's `match` arm that calls `solve_n_queens`.
const SOLVE_N_QUEENS_ARM: &str = "        \"51\" => {\n            let boards: Vec<Vec<String>> = Solution::solve_n_queens(n);\n            let mut out = format!(\"{}\\n\", boards.len());\n            for board in &boards {\n                out.push_str(&format!(\"{}\\n\", board.len()));\n                for row in board {\n                    out.push_str(&row.replace('\\n', \"\\\\n\").replace('\\r', \"\\\\r\"));\n                    out.push('\\n');\n                }\n            }\n            out\n        }\n";

/// The driver's `match` arm that calls `total_n_queens`.
const TOTAL_N_QUEENS_ARM: &str = "        \"52\" => format!(\"{}\\n\", Solution::total_n_queens(n)),\n";

/// The driver's `main`: every test of a submission in one process, as LeetCode runs them (the
/// session protocol: `R` on descriptor 3 once started, then per test a line with n on stdin and a
/// frame on descriptor 3), each a new call of `Solution`'s function.
const MAIN: &str = r#"fn main() {
    use std::io::{BufRead, Write};
    use std::os::fd::FromRawFd;
    let problem = std::env::args().nth(1).unwrap_or_default();
    // SAFETY: the judge opens descriptor 3 for the answers and nothing else uses it.
    let mut channel = unsafe { std::fs::File::from_raw_fd(3) };
    channel.write_all(b"R\n").expect("the answer channel");
    let mut line = String::new();
    loop {
        line.clear();
        if std::io::stdin().lock().read_line(&mut line).expect("the judge's input") == 0 {
            break;
        }
        let n: i32 = line.trim().parse().expect("the judge's n");
        let answer = user::judge_run(&problem, n);
        // What this test printed goes out before its frame.
        let _ = std::io::stdout().flush();
        let header = format!("A {} 0\n", answer.len());
        channel.write_all(header.as_bytes()).expect("the answer channel");
        channel.write_all(answer.as_bytes()).expect("the answer channel");
    }
}
"#;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_driver_moves_no_line() {
        let user = "impl Solution {\n    pub fn total_n_queens(n: i32) -> i32 { n }\n}\n";
        let driver = driver(user, &[Problem::from_id("leetcode52").expect("a problem")]);
        let lines: Vec<&str> = driver.lines().collect();
        assert!(lines[0].ends_with("impl Solution {") && lines[0].contains("pub struct Solution;"));
        assert_eq!(lines[1], "    pub fn total_n_queens(n: i32) -> i32 { n }");
        let with_struct = super::driver("pub struct Solution;\nimpl Solution {}\n", &[]);
        assert_eq!(with_struct.matches("struct Solution").count(), 1);
    }

    #[test]
    fn one_process_runs_every_test() {
        let driver = driver("impl Solution {}\n", &[Problem::from_id("leetcode52").expect("a problem")]);
        // Ready once, then a frame a line, until the input ends; only the problems asked for.
        let ready = driver.find("write_all(b\"R\\n\")").expect("the ready line");
        let each = driver.find("read_line(&mut line)").expect("a line a test");
        assert!(ready < each && driver.contains("format!(\"A {} 0\\n\", answer.len())"));
        assert!(driver.contains("total_n_queens") && !driver.contains("solve_n_queens"));
    }

    #[test]
    fn signatures_not_names() {
        let read = |code: &str| Rust.read(code);
        assert!(read("impl Solution { pub fn total_n_queens(mut n: i32) -> i32 { 0 } }")
            .declares(Method::TotalNQueens));
        assert!(read("impl Solution { pub fn solve_n_queens(n: i32) -> Vec<Vec<String>> { vec![] } }")
            .declares(Method::SolveNQueens));
        let helper = read("impl Solution { fn solve_n_queens(row: usize, n: usize, count: &mut i32) {} pub fn total_n_queens(n: i32) -> i32 { 0 } }");
        assert!(helper.declares(Method::TotalNQueens) && !helper.declares(Method::SolveNQueens));
        assert!(read("fn main() { }").program && !read("fn not_main() {}").program);
    }
}
