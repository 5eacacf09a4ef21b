//! C++: `g++ -std=c++17 -O2`, as CSES compiles it. A LeetCode file is the `class Solution` of
//! LeetCode's editor: the driver puts `<bits/stdc++.h>` and `using namespace std;` first, then
//! `#line 1 "FILE"` so that the compiler names the user's file and lines; each call gets
//! `new Solution()`.

use super::context::{quoted_for_line, BuildContext, Compiled, RunContext};
use super::signature::{declares_c_like, occurrences, parenthesized, squeeze, Declared};
use super::{About, Executor, Launch};
use crate::error::Error;
use crate::problem::Method;

pub(crate) struct Cpp;

/// The header most C++ submissions start with, and LeetCode's driver gives every one.
const STDCXX: &str = "bits/stdc++.h";

impl Executor for Cpp {
    fn about(&self) -> &'static About {
        &About {
            id: "cpp",
            name: "C++",
            extensions: &["cpp", "cc", "cxx"],
            default_command: "g++ -std=c++17 -O2",
            install_hint: "apt-get install g++",
        }
    }

    fn strict_fault(&self, stderr: &str) -> Option<String> {
        super::crash::first_fault(stderr)
    }

    fn strict_flags(&self) -> &'static [&'static str] {
        &["-D_GLIBCXX_DEBUG", "-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-g"]
    }

    fn leetcode_flags(&self) -> &'static [&'static str] {
        super::sanitizer::FLAGS
    }

    fn explain_crash(&self, _how: &str, stderr: &str) -> Option<String> {
        super::sanitizer::finding(stderr)
    }

    fn out_of_memory_messages(&self) -> &'static [&'static str] {
        &["std::bad_alloc"]
    }

    fn read(&self, code: &str) -> Declared {
        Declared::new(has_main(code), |method| match method {
            Method::SolveNQueens => {
                declares_c_like(code, "solveNQueens", &["vector<vector<string>>"], &["int"])
            }
            Method::TotalNQueens => declares_c_like(code, "totalNQueens", &["int"], &["int"]),
        })
    }

    fn signature(&self, method: Method) -> &'static str {
        match method {
            Method::SolveNQueens => "vector<vector<string>> solveNQueens(int n)",
            Method::TotalNQueens => "int totalNQueens(int n)",
        }
    }

    fn build(&self, context: &BuildContext) -> Result<Compiled, Error> {
        // `<bits/stdc++.h>` takes most of a build: its precompiled form, kept per compiler and
        // flags, takes a build from some 2 s to some 0.3 s.
        let includes_everything = context.is_leetcode() || context.text.contains("bits/stdc++.h");
        let pch: Vec<_> =
            includes_everything.then(|| context.precompiled_header(STDCXX)).flatten().into_iter().collect();
        let after: Vec<&str> = context.quick_linker().into_iter().collect();
        if !context.is_leetcode() {
            return context.compile_with(None, &pch, &after);
        }
        context.write("driver.cpp", &driver(context))?;
        context.compile_with(Some("driver.cpp"), &pch, &after)
    }

    fn launch(&self, context: &RunContext) -> Result<Launch, Error> {
        Ok(context.compiled_program())
    }

    fn self_test(&self) -> &'static str {
        "#include <iostream>\n#include <string>\nint main() {\n    std::string line;\n    int stars = 0;\n    while (std::getline(std::cin, line)) for (char c : line) stars += c == '*';\n    std::cout << stars << std::endl;\n}\n"
    }
}

/// Whether C or C++ code defines `main` (`int main(`, `signed main(`, `auto main(`).
pub(super) fn has_main(code: &str) -> bool {
    occurrences(code, "main").into_iter().any(|(before, after)| {
        let before = squeeze(before);
        ["int", "signed", "auto", "void"].iter().any(|ty| before.ends_with(ty))
            && parenthesized(after).is_some()
    })
}

/// The C++ driver: LeetCode's headers, then the file under its own name and lines, then a `main`
/// that runs every test of a submission in one process, as LeetCode does (the session protocol:
/// `R` on descriptor 3 once started, then per test a line with n on stdin and a frame on
/// descriptor 3), each with a `new Solution()` that is never deleted, as LeetCode's is not.
fn driver(context: &BuildContext) -> String {
    let (user, problems) = (context.text, context.problems);
    let quoted = quoted_for_line(context.user_path());
    let mut text = format!(
        "#include <bits/stdc++.h>\nusing namespace std;\n#line 1 \"{quoted}\"\n{user}\n#line 1 \"queens-judge-driver.cpp\"\n"
    );
    text.push_str(DRIVER_HEAD);
    for method in Method::asked_by(problems) {
        text.push_str(match method {
            Method::SolveNQueens => DRIVER_51,
            Method::TotalNQueens => DRIVER_52,
        });
    }
    text.push_str(DRIVER_TAIL);
    text
}

/// The driver's helpers and its loop, up to the call.
const DRIVER_HEAD: &str = r#"#include <unistd.h>
// Writes all of it on descriptor 3; false once the channel fails.
static bool queens_judge_send(const char* bytes, size_t size) {
    while (size > 0) {
        ssize_t wrote = write(3, bytes, size);
        if (wrote < 0 && errno == EINTR) continue;
        if (wrote <= 0) return false;
        bytes += wrote;
        size -= (size_t)wrote;
    }
    return true;
}
// A line's n, spaces around it allowed.
static bool queens_judge_number(const string& line, int& n) {
    const char* start = line.c_str();
    char* end = nullptr;
    errno = 0;
    long value = strtol(start, &end, 10);
    while (*end == ' ' || *end == '\t' || *end == '\r') end++;
    if (end == start || *end != '\0' || errno != 0 || value < INT_MIN || value > INT_MAX) return false;
    n = (int)value;
    return true;
}
int main(int argc, char** argv) {
    string problem = argc > 1 ? argv[1] : "";
    if (!queens_judge_send("R\n", 2)) return 3;
    string line, out;
    int n = 0;
    while (getline(cin, line)) {
        if (!queens_judge_number(line, n)) {
            cerr << "the judge's input is not a number of queens" << endl;
            return 2;
        }
        out.clear();
"#;

const DRIVER_51: &str = r#"        if (problem == "51") {
            Solution* solution = new Solution();
            vector<vector<string>> boards = solution->solveNQueens(n);
            out += to_string(boards.size()) + "\n";
            for (const auto& board : boards) {
                out += to_string(board.size()) + "\n";
                for (const auto& row : board) {
                    for (char c : row) {
                        if (c == '\n') out += "\\n"; else if (c == '\r') out += "\\r"; else out += c;
                    }
                    out += "\n";
                }
            }
        }
"#;

const DRIVER_52: &str = r#"        if (problem == "52") {
            Solution* solution = new Solution();
            out += to_string(solution->totalNQueens(n)) + "\n";
        }
"#;

/// What this test printed goes out first, then the frame: `A <answer> 0`, the answer.
const DRIVER_TAIL: &str = r#"        cout.flush();
        fflush(stdout);
        string header = "A " + to_string(out.size()) + " 0\n";
        if (!queens_judge_send(header.data(), header.size()) || !queens_judge_send(out.data(), out.size())) return 3;
    }
    return close(3) == 0 ? 0 : 3;
}
"#;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::Problem;

    #[test]
    fn the_driver_names_the_users_lines_and_runs_every_test() {
        use super::super::context::{Compiler, Seen};
        let (folder, user_path) = (std::path::Path::new("/build"), std::path::Path::new("queens.cpp"));
        let context = BuildContext {
            compiler: Compiler {
                sandbox: None,
                seen: Seen { folder, user_path, sandboxed: false },
                reserves_memory: false,
                file_bytes: 0,
            },
            text: "class Solution {};",
            problems: &[Problem::from_id("leetcode52").expect("a problem")],
            leetcode: true,
            command: &[],
            build_root: folder,
        };
        let driver = driver(&context);
        assert!(driver
            .contains("#line 1 \"queens.cpp\"\nclass Solution {};\n#line 1 \"queens-judge-driver.cpp\"\n"));
        // Ready once, then a frame a line, a `new Solution()` each; only the problems asked for.
        let at = |text: &str| driver.find(text).unwrap_or_else(|| panic!("no {text}"));
        assert!(at("queens_judge_send(\"R\\n\", 2)") < at("while (getline(cin, line))"));
        assert!(
            at("while (getline(cin, line))") < at("new Solution()") && at("new Solution()") < at("\"A \" + ")
        );
        assert!(!driver.contains("solveNQueens"));
    }

    #[test]
    fn an_overload_named_like_leetcode_51_is_a_helper() {
        let code = "class Solution {\npublic:\n    void solveNQueens(int row, int n, vector<bool>& cols, int& count) {}\n    int totalNQueens(int n) {\n        int count = 0;\n        vector<bool> cols(n);\n        solveNQueens(0, n, cols, count);\n        return count;\n    }\n};\n";
        let declared = Cpp.read(code);
        assert!(
            declared.declares(Method::TotalNQueens)
                && !declared.declares(Method::SolveNQueens)
                && !declared.program
        );
        assert!(Cpp.read("int main() { return 0; }").program);
        assert!(Cpp
            .read("class Solution { public: vector<vector<string>> solveNQueens(int n) { return {}; } };")
            .declares(Method::SolveNQueens));
    }
}
