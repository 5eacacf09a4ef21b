//! Python 3: `python3`, checked for syntax before any run (a syntax error is a CE, as LeetCode
//! reports it). A LeetCode file is LeetCode's `class Solution`: the driver compiles the file under
//! its own name and runs it in a namespace that has what LeetCode's has without an import
//! (`typing`'s names, `collections`, `math`, `itertools`, `functools`, `heapq`, `bisect` and their
//! contents); each call gets a new `Solution()`. A venv's interpreter is followed to its base
//! installation, which the sandbox shows.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::Command;

use super::context::{BuildContext, Compiled, RunContext};
use super::signature::{occurrences, parenthesized, required_parameters, squeeze, Comments, Declared};
use super::{About, Executor, Launch};
use crate::error::Error;
use crate::problem::Method;

pub struct Python;

const DRIVER: &str = include_str!("drivers/driver.py");

impl Executor for Python {
    fn about(&self) -> &'static About {
        &About {
            id: "python",
            name: "Python",
            extensions: &["py"],
            default_command: "python3",
            install_hint: "apt-get install python3",
        }
    }

    fn out_of_memory_messages(&self) -> &'static [&'static str] {
        &["\nMemoryError"]
    }

    fn comments(&self) -> Comments {
        Comments::Hash
    }

    fn read(&self, code: &str) -> Declared {
        // `def name(self, n)` with at most LeetCode's annotations: `n: int`, `-> List[List[str]]`;
        // parameters with defaults may follow (LeetCode calls it with n alone).
        let declares = |name: &str, returns: &[&str]| {
            occurrences(code, name).into_iter().any(|(before, after)| {
                squeeze(before.lines().last().unwrap_or("")) == "def"
                    && parenthesized(after).is_some_and(|(inside, rest)| {
                        let names: Vec<String> = required_parameters(inside)
                            .into_iter()
                            .map(|parameter| squeeze(parameter.split(':').next().unwrap_or("")))
                            .filter(|parameter| !parameter.is_empty())
                            .collect();
                        let annotation = squeeze(rest.split(':').next().unwrap_or(""));
                        names.len() == 2
                            && names[0] == "self"
                            && (annotation.is_empty()
                                || returns.iter().any(|ty| annotation.strip_prefix("->") == Some(ty)))
                    })
            })
        };
        // A script, unless it is LeetCode's class alone: one that reads its input is a program
        // even when it wraps its search in a class called Solution.
        let program = !code.contains("class Solution")
            || ["input(", "sys.stdin", "stdin.read"].iter().any(|reads| code.contains(reads));
        Declared::new(program, |method| match method {
            Method::SolveNQueens => declares("solveNQueens", &["List[List[str]]", "list[list[str]]"]),
            Method::TotalNQueens => declares("totalNQueens", &["int"]),
        })
    }

    fn signature(&self, method: Method) -> &'static str {
        match method {
            Method::SolveNQueens => "def solveNQueens(self, n: int) -> List[List[str]]",
            Method::TotalNQueens => "def totalNQueens(self, n: int) -> int",
        }
    }

    fn build(&self, context: &BuildContext) -> Result<Compiled, Error> {
        if context.is_leetcode() {
            context.write("driver.py", DRIVER)?;
        }
        let (interpreter, prefixes) = resolve(context.command);
        let script = "import sys\nsource = open(sys.argv[1], encoding='utf-8').read()\ncompile(source, sys.argv[2], 'exec')\n";
        let mut words: Vec<OsString> = context.command[1..].iter().map(OsString::from).collect();
        words.extend([
            "-c".into(),
            script.into(),
            context.source().into_os_string(),
            context.user_path().into(),
        ]);
        Ok(match context.run(&interpreter, &prefixes, &words, &[])? {
            Compiled::Refused(message) => {
                // Python's traceback ends with the place and the error; the check's own frames go.
                let from = message.find(&format!("File \"{}\"", context.user_path().display())).unwrap_or(0);
                Compiled::Refused(message[from..].to_string())
            }
            other => other,
        })
    }

    fn launch(&self, context: &RunContext) -> Result<Launch, Error> {
        let (program, prefixes) = resolve(context.command);
        Ok(Launch { program, args: context.script_arguments("driver.py"), prefixes })
    }

    fn self_test(&self) -> &'static str {
        "import sys\nprint(sys.stdin.read().count('*'))\n"
    }

    fn version_command(&self, command: &[String]) -> Vec<String> {
        let mut words = command.to_vec();
        words.push("--version".into());
        words
    }
}

/// The Python command's real interpreter and installation prefixes, asked of the interpreter once
/// per process (`sys.executable`, `sys.prefix` and, for a venv, `sys.base_prefix`, which holds the
/// standard library; canonical); the command's own program where it cannot say.
fn resolve(command: &[String]) -> (PathBuf, Vec<PathBuf>) {
    type Resolved = (Vec<String>, PathBuf, Vec<PathBuf>);
    static RESOLVED: std::sync::Mutex<Vec<Resolved>> = std::sync::Mutex::new(Vec::new());
    let mut resolved = RESOLVED.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some((_, interpreter, prefix)) = resolved.iter().find(|(known, _, _)| known == command) {
        return (interpreter.clone(), prefix.clone());
    }
    let (program, args) =
        command.split_first().map_or(("python3", &[][..]), |(program, args)| (program.as_str(), args));
    let asked = Command::new(program)
        .args(args)
        .args(["-c", "import sys; print(sys.executable); print(sys.prefix); print(sys.base_prefix)"])
        .output()
        .ok()
        .filter(|output| output.status.success())
        .map(|output| String::from_utf8_lossy(&output.stdout).into_owned());
    let mut lines =
        asked.as_deref().unwrap_or("").lines().map(|line| std::fs::canonicalize(line.trim()).ok());
    let interpreter = lines.next().flatten().unwrap_or_else(|| PathBuf::from(program));
    let mut prefixes: Vec<PathBuf> = lines.flatten().collect();
    prefixes.dedup();
    resolved.push((command.to_vec(), interpreter.clone(), prefixes.clone()));
    (interpreter, prefixes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_helper_named_like_leetcode_51_is_not_the_method() {
        let code = "class Solution:\n    def solveNQueens(self, row, cols, n):\n        return 0\n    def totalNQueens(self, n: int) -> int:\n        return self.solveNQueens(0, set(), n)\n";
        let declared = Python.read(code);
        assert!(
            declared.declares(Method::TotalNQueens)
                && !declared.declares(Method::SolveNQueens)
                && !declared.program
        );
        assert!(Python
            .read("class Solution:\n    def solveNQueens(self, n: int) -> List[List[str]]:\n        pass\n")
            .declares(Method::SolveNQueens));
        assert!(Python.read("print(92)\n").program);
        let defaults = "class Solution:\n    def totalNQueens(self, n: int, row: int = 0, cols=None) -> int:\n        return 0\n";
        assert!(Python.read(defaults).declares(Method::TotalNQueens));
        let two = "class Solution:\n    def totalNQueens(self, n: int, row: int) -> int:\n        return 0\n";
        assert!(!Python.read(two).declares(Method::TotalNQueens));
        assert!(Python.read("class Solution:\n    def count(self, rows): return 0\nprint(Solution().count([input() for _ in range(8)]))\n").program);
    }
}
