//! How runtimes report a crash or a failed allocation on stderr, read for the executors whose
//! languages they run (the runner asks through [`crate::runner::Runtime`] and names none).

/// Rust's allocation failure (`memory allocation of N bytes failed`).
pub(super) const RUST_OUT_OF_MEMORY: &[&str] = &["memory allocation of"];

/// Where a Rust program panicked and its message (`thread 'main' panicked at src/main.rs:4:5:` then
/// the message), or its stack overflow.
pub(super) fn rust_panic(stderr: &str) -> Option<String> {
    let lines: Vec<&str> = stderr.lines().filter(|line| !line.trim().is_empty()).collect();
    if let Some(at) = lines.iter().position(|line| line.contains("panicked at ")) {
        let place = lines[at].split_once("panicked at ").map_or("", |(_, place)| place).trim_end_matches(':');
        let message = lines.get(at + 1).map_or("", |line| line.trim());
        return Some(format!("panicked at {place}: {message}"));
    }
    stderr.contains("has overflowed its stack").then(|| "stack overflow".to_string())
}

/// A JVM's or Node's uncaught exception, which comes first and its stack after: `how` the process
/// ended, then the exception (with the place Node names above it) and its first frames; `None`
/// where there is none, or where the last lines of stderr hold it anyway.
pub(super) fn uncaught_exception(how: &str, stderr: &str) -> Option<String> {
    let lines: Vec<&str> = stderr.lines().filter(|line| !line.trim().is_empty()).collect();
    let at = lines.iter().position(|line| is_exception_line(line))?;
    let tail: Vec<&str> = lines.iter().rev().take(5).map(|line| line.trim_end()).collect();
    if tail.contains(&lines[at].trim_end()) {
        return None;
    }
    let mut shown: Vec<&str> = Vec::new();
    if at > 0 && is_place(lines[0]) {
        shown.push(lines[0].trim_end());
    }
    shown.extend(lines[at..].iter().take(3).map(|line| line.trim_end()));
    Some(format!("{how}; its stderr:\n  {}", shown.join("\n  ")))
}

/// The one line a crash's detail comes down to, for LeetCode's result line: where its first line
/// only says how the process ended and that its stderr follows, that and the exception of what
/// follows (Python's is its last line, Node's and the JVM's their first), else its last line that
/// is no stack frame or marker; a finding whose next line names a place (`FILE:LINE: in f`), with
/// the place; `None` where the first line says it all.
pub(super) fn headline(detail: &str) -> Option<String> {
    let lines: Vec<&str> = detail.lines().map(str::trim).filter(|line| !line.is_empty()).collect();
    let (first, rest) = lines.split_first()?;
    if first.ends_with("stderr:") {
        let how = first.split(';').next().unwrap_or(first);
        let is_frame = |line: &&str| {
            line.starts_with("at ")
                || line.starts_with("File \"")
                || line.starts_with("Node.js v")
                || line.starts_with("[...")
                || line.chars().all(|c| matches!(c, '^' | '~' | ' '))
        };
        let found = rest
            .iter()
            .rev()
            .find(|line| is_exception_line(line))
            .or_else(|| rest.iter().rev().find(|line| !is_frame(line)))?;
        return Some(format!("{how}: {found}"));
    }
    let place =
        rest.first().filter(|line| line.split_once(": in ").is_some_and(|(place, _)| is_place(place)))?;
    Some(format!("{first} at {place}"))
}

/// `TypeError: ...`, `java.lang.ArithmeticException: ...`, `Exception in thread "main" ...`.
fn is_exception_line(line: &str) -> bool {
    let line = line.trim();
    let name = line.split(':').next().unwrap_or("");
    line.starts_with("Exception in thread")
        || (line.len() > name.len()
            && (name.ends_with("Error") || name.ends_with("Exception"))
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '_' || c == '$'))
}

/// `/path/to/file.js:7`: where Node says an uncaught exception was thrown.
fn is_place(line: &str) -> bool {
    line.rsplit_once(':').is_some_and(|(path, number)| {
        path.contains('/') && !number.is_empty() && number.chars().all(|c| c.is_ascii_digit())
    })
}

/// The first line of a sanitizer's, a checked container's or a panic's report in `stderr`.
pub(super) fn first_fault(stderr: &str) -> Option<String> {
    const MARKS: [&str; 5] =
        ["runtime error:", "ERROR: AddressSanitizer", "Error: ", "panicked at", "overflow"];
    let lines: Vec<&str> = stderr.lines().collect();
    let at = lines.iter().position(|line| MARKS.iter().any(|mark| line.contains(mark)))?;
    let line = lines[at].trim();
    // A Rust panic says where on one line and what on the next.
    if let Some(place) = line.find("panicked at") {
        let message = lines.get(at + 1).map_or("", |message| message.trim());
        return Some(format!("{} {message}", &line[place..]).trim_end().to_string());
    }
    // A checked container's message goes on until a blank line.
    let paragraph: Vec<&str> =
        lines[at..].iter().map(|line| line.trim()).take_while(|line| !line.is_empty()).collect();
    Some(paragraph.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_crash_comes_down_to_its_error_and_place() {
        let python = "exited with status 1; the end of its stderr:\n    ^^^^\n  File \"/a/x.py\", line 4, in f\n    for i in xrange(n):\n  NameError: name 'xrange' is not defined";
        assert_eq!(
            headline(python).as_deref(),
            Some("exited with status 1: NameError: name 'xrange' is not defined")
        );
        let node = "exited with status 1; its stderr:\n  /a/x.js:3\n  TypeError: Cannot read properties of undefined\n      at f (/a/x.js:3:20)";
        assert_eq!(
            headline(node).as_deref(),
            Some("exited with status 1: TypeError: Cannot read properties of undefined")
        );
        let unknown = "exited with status 2; the end of its stderr:\n  oops\n  ^^^";
        assert_eq!(headline(unknown).as_deref(), Some("exited with status 2: oops"));
        let sanitizer =
            "AddressSanitizer: heap-buffer-overflow (WRITE of size 4)\n  /a/q.c:27: in totalNQueens";
        assert_eq!(
            headline(sanitizer).as_deref(),
            Some("AddressSanitizer: heap-buffer-overflow (WRITE of size 4) at /a/q.c:27: in totalNQueens")
        );
        assert_eq!(headline("killed by signal 11 (SIGSEGV)"), None);
    }

    #[test]
    fn a_panic_names_its_place() {
        let stderr = "\nthread 'main' panicked at src/main.rs:4:5:\nindex out of bounds\nnote: run with `RUST_BACKTRACE=1`\n";
        assert_eq!(rust_panic(stderr).as_deref(), Some("panicked at src/main.rs:4:5: index out of bounds"));
        assert_eq!(
            rust_panic("\nthread 'main' has overflowed its stack\n").as_deref(),
            Some("stack overflow")
        );
        assert_eq!(rust_panic("Segmentation fault\n"), None);
    }

    #[test]
    fn an_uncaught_exception_is_shown_above_its_stack() {
        let how = "exited with status 1";
        let node = "/home/me/crash.js:7\n    const x = rows[9].split('');\n                      ^\n\nTypeError: Cannot read properties of undefined (reading 'split')\n    at main (/home/me/crash.js:7:25)\n    at Object.<anonymous> (/home/me/crash.js:9:1)\n    at Module._compile (node:internal/modules/cjs/loader:1364:14)\n    at Module.load (node:internal/modules/cjs/loader:1203:32)\n    at Module._load (node:internal/modules/cjs/loader:1019:12)\n    at node:internal/main/run_main_module:28:49\n\nNode.js v20.20.2\n";
        let detail = uncaught_exception(how, node).expect("Node's exception");
        assert!(
            detail.starts_with(how)
                && detail.contains("/home/me/crash.js:7\n")
                && detail.contains("TypeError: Cannot read")
                && detail.contains("crash.js:7:25"),
            "{detail}"
        );
        let java = "Exception in thread \"main\" java.lang.ArithmeticException: / by zero\n\tat Crash.main(Crash.java:15)\n";
        // Within the last lines already: the runner's tail shows it.
        assert_eq!(uncaught_exception(how, java), None);
        let long = format!("{java}{}", "\tat Frame.call(Frame.java:1)\n".repeat(8));
        assert!(uncaught_exception(how, &long)
            .is_some_and(|detail| detail.contains("ArithmeticException: / by zero")));
        assert_eq!(uncaught_exception(how, "Segmentation fault\n"), None);
    }
}
