//! JavaScript: Node. A whole program reads its input on stdin; `node --check` is its build (a
//! syntax error is a CE). A LeetCode file is the function LeetCode's editor holds, in either form
//! (`var solveNQueens = function(n) {...}` or `function totalNQueens(n) {...}`, or `let`/`const`
//! and an arrow): the driver runs the file as a script under its own name, takes the function,
//! and calls it once a test case. V8 reserves far more memory than it uses: no address-space cap.

use std::ffi::OsString;

use super::context::{resolve_tool, BuildContext, Compiled, RunContext};
use super::signature::{occurrences, parenthesized, required_parameters, squeeze, Declared};
use super::{About, Executor, Launch};
use crate::error::Error;
use crate::problem::Method;

pub struct JavaScript;

const DRIVER: &str = include_str!("drivers/driver.js");

impl Executor for JavaScript {
    fn about(&self) -> &'static About {
        &About {
            id: "javascript",
            name: "JavaScript",
            extensions: &["js"],
            default_command: "node",
            install_hint: "apt-get install nodejs",
        }
    }

    fn explain_crash(&self, how: &str, stderr: &str) -> Option<String> {
        super::crash::uncaught_exception(how, stderr)
    }

    fn out_of_memory_messages(&self) -> &'static [&'static str] {
        &["JavaScript heap out of memory"]
    }

    fn read(&self, code: &str) -> Declared {
        let program = ["stdin", "readFileSync(0", "readline"].iter().any(|reads| code.contains(reads));
        Declared::new(program, |method| match method {
            Method::SolveNQueens => declares(code, "solveNQueens"),
            Method::TotalNQueens => declares(code, "totalNQueens"),
        })
    }

    fn signature(&self, method: Method) -> &'static str {
        match method {
            Method::SolveNQueens => "var solveNQueens = function(n)",
            Method::TotalNQueens => "var totalNQueens = function(n)",
        }
    }

    fn build(&self, context: &BuildContext) -> Result<Compiled, Error> {
        if context.is_leetcode() {
            context.write("driver.js", DRIVER)?;
        }
        let tool = context.tool()?;
        let mut words: Vec<OsString> = context.command[1..].iter().map(OsString::from).collect();
        words.extend(["--check".into(), context.source().into_os_string()]);
        context.run(&tool.program, &tool.prefixes, &words, &[])
    }

    fn launch(&self, context: &RunContext) -> Result<Launch, Error> {
        let tool = resolve_tool(context.command.first().map_or("node", String::as_str))?;
        Ok(Launch {
            program: tool.program,
            args: context.script_arguments("driver.js"),
            prefixes: tool.prefixes,
        })
    }

    fn reserves_memory(&self) -> bool {
        true
    }

    fn self_test(&self) -> &'static str {
        "const input = require(\"fs\").readFileSync(0, \"utf8\");\nconsole.log(input.split(\"*\").length - 1);\n"
    }
}

/// Whether `code` declares `name` as a function of one parameter (others may follow with defaults):
/// `function name(n)`, or `name = function(n)`, `name = (n) =>`, `name = n =>` after `var`, `let`
/// or `const`.
fn declares(code: &str, name: &str) -> bool {
    // LeetCode calls it with one argument: one required parameter, whatever defaults follow.
    let one_parameter = |inside: &str| required_parameters(inside).len() == 1;
    occurrences(code, name).into_iter().any(|(before, after)| {
        let before = squeeze(before.lines().last().unwrap_or(""));
        if before.ends_with("function") {
            return parenthesized(after).is_some_and(|(inside, _)| one_parameter(inside));
        }
        let Some(value) = after.trim_start().strip_prefix('=').filter(|value| !value.starts_with('=')) else {
            return false;
        };
        let value = value.trim_start();
        if let Some(function) = value.strip_prefix("function") {
            let function =
                function.trim_start().trim_start_matches(|c: char| c.is_alphanumeric() || c == '_');
            return parenthesized(function).is_some_and(|(inside, _)| one_parameter(inside));
        }
        let arrow = match parenthesized(value) {
            Some((inside, rest)) => one_parameter(inside).then_some(rest),
            None => value.split_once(|c: char| !(c.is_alphanumeric() || c == '_')).map(|(_, rest)| rest),
        };
        arrow.is_some_and(|rest| rest.trim_start().starts_with("=>"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_of_leetcodes_forms_and_arrows() {
        assert!(JavaScript.read("var solveNQueens = function(n) {\n};").declares(Method::SolveNQueens));
        assert!(JavaScript.read("function totalNQueens(n) {\n}").declares(Method::TotalNQueens));
        assert!(JavaScript.read("const totalNQueens = (n) => 0;").declares(Method::TotalNQueens));
        assert!(JavaScript.read("let totalNQueens = n => 0;").declares(Method::TotalNQueens));
        let helper = JavaScript.read("function solveNQueens(row, cols, n) {}\nfunction totalNQueens(n) { return solveNQueens(0, 0, n); }");
        assert!(helper.declares(Method::TotalNQueens) && !helper.declares(Method::SolveNQueens));
        assert!(!JavaScript.read("const x = totalNQueens(8);").declares(Method::TotalNQueens));
        // Defaults are not what LeetCode gives: it calls with n alone.
        let defaults = "var solveNQueens = function(n, colSet = new Set(), posDiag = new Set(), row = 0, board = []) {\n};";
        assert!(JavaScript.read(defaults).declares(Method::SolveNQueens));
        assert!(JavaScript
            .read("function totalNQueens(n, row = 0, cols = []) {}")
            .declares(Method::TotalNQueens));
        assert!(JavaScript.read("const totalNQueens = (n, memo = {}) => 0;").declares(Method::TotalNQueens));
        assert!(!JavaScript.read("function totalNQueens(n, row) {}").declares(Method::TotalNQueens));
        assert!(JavaScript.read("const lines = require('fs').readFileSync(0, 'utf8');").program);
    }
}
