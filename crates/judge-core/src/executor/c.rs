//! C: `gcc -std=gnu11 -O2` (LeetCode compiles C as GNU11; CSES with gcc and `-O2`), linked with
//! the maths library. A LeetCode file is what LeetCode's C editor holds: LeetCode's signatures,
//! no `#include`, no `main`. The driver puts the standard headers first, and `uthash.h` (the
//! project's own implementation of its macros, as LeetCode's C has uthash without an include),
//! then `#line 1 "FILE"`; it frees what `solveNQueens` returns, as LeetCode's caller does.

use super::context::{quoted_for_line, BuildContext, Compiled, RunContext};
use super::cpp::has_main;
use super::signature::{declares_c_like, Declared};
use super::{About, Executor, Launch};
use crate::error::Error;
use crate::problem::Method;

pub struct C;

/// The driver's `main`, after the user's file.
const DRIVER: &str = include_str!("drivers/c_driver.c");

/// The uthash macros, as LeetCode's C environment offers them.
const UTHASH: &str = include_str!("include/uthash.h");

impl Executor for C {
    fn about(&self) -> &'static About {
        &About {
            id: "c",
            name: "C",
            extensions: &["c"],
            default_command: "gcc -std=gnu11 -O2",
            install_hint: "apt-get install gcc",
        }
    }

    fn strict_fault(&self, stderr: &str) -> Option<String> {
        super::crash::first_fault(stderr)
    }

    fn strict_flags(&self) -> &'static [&'static str] {
        &["-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-g"]
    }

    fn leetcode_flags(&self) -> &'static [&'static str] {
        super::sanitizer::FLAGS
    }

    fn explain_crash(&self, _how: &str, stderr: &str) -> Option<String> {
        super::sanitizer::finding(stderr)
    }

    fn read(&self, code: &str) -> Declared {
        Declared::new(has_main(code), |method| match method {
            Method::SolveNQueens => {
                declares_c_like(code, "solveNQueens", &["char***"], &["int", "int*", "int**"])
            }
            Method::TotalNQueens => declares_c_like(code, "totalNQueens", &["int"], &["int"]),
        })
    }

    fn signature(&self, method: Method) -> &'static str {
        match method {
            Method::SolveNQueens => "char*** solveNQueens(int n, int* returnSize, int** returnColumnSizes)",
            Method::TotalNQueens => "int totalNQueens(int n)",
        }
    }

    fn build(&self, context: &BuildContext) -> Result<Compiled, Error> {
        let after: Vec<&str> = ["-lm"].into_iter().chain(context.quick_linker()).collect();
        if !context.is_leetcode() {
            return context.compile(None, &after);
        }
        context.write("include/uthash.h", UTHASH)?;
        let quoted = quoted_for_line(context.user_path());
        let mut text = String::from(
            "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <stdbool.h>\n#include <stdint.h>\n\
             #include <limits.h>\n#include <math.h>\n#include <ctype.h>\n#include \"include/uthash.h\"\n",
        );
        text.push_str(&format!(
            "#line 1 \"{quoted}\"\n{}\n#line 1 \"queens-judge-driver.c\"\n",
            context.text
        ));
        for number in context.problems.iter().filter_map(|problem| problem.leetcode_number()) {
            text.push_str(&format!("#define QUEENS_JUDGE_{number}\n"));
        }
        text.push_str(DRIVER);
        context.write("driver.c", &text)?;
        context.compile(Some("driver.c"), &after)
    }

    fn launch(&self, context: &RunContext) -> Result<Launch, Error> {
        Ok(context.compiled_program())
    }

    fn self_test(&self) -> &'static str {
        "#include <stdio.h>\nint main(void) {\n    int c, stars = 0;\n    while ((c = getchar()) != EOF) stars += c == '*';\n    printf(\"%d\\n\", stars);\n    return 0;\n}\n"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leetcodes_c_signatures() {
        let lists =
            C.read("char*** solveNQueens(int n, int* returnSize, int** returnColumnSizes) {\n return 0; }");
        assert!(
            lists.declares(Method::SolveNQueens) && !lists.declares(Method::TotalNQueens) && !lists.program
        );
        assert!(C
            .read("char ***solveNQueens(int n, int *size, int **cols) {}")
            .declares(Method::SolveNQueens));
        assert!(!C.read("void solveNQueens(int row, int n, int *count) {}").declares(Method::SolveNQueens));
        assert!(C.read("int totalNQueens(int n) { return 0; }").declares(Method::TotalNQueens));
        assert!(C.read("int main(void) { return 0; }").program);
    }
}
