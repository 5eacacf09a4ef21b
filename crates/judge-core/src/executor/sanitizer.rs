//! What the address and undefined-behaviour sanitizers report, read as LeetCode shows it under a
//! Runtime Error: the kind of fault, the access, and the frame in the user's file with its line,
//! not the whole report. C and C++ share it (GCC's and Clang's sanitizers print alike).

/// The flags LeetCode's C and C++ builds carry: both sanitizers, stopping at the first finding,
/// and line tables so that a frame names its file and line.
pub(super) const FLAGS: &[&str] =
    &["-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer", "-g1"];

/// The sanitizers' first finding in `stderr`, in a few lines; `None` where they found nothing.
pub(super) fn finding(stderr: &str) -> Option<String> {
    let lines: Vec<&str> = stderr.lines().map(str::trim).collect();
    // The undefined-behaviour sanitizer's finding is one line that names its place.
    if let Some(line) = lines.iter().find(|line| line.contains(": runtime error: ")) {
        return Some(format!("UndefinedBehaviorSanitizer: {line}"));
    }
    let at = lines.iter().position(|line| line.contains("ERROR: AddressSanitizer: "))?;
    let report = lines[at].split_once("ERROR: AddressSanitizer: ").map_or("", |(_, rest)| rest);
    // "heap-buffer-overflow on address 0x... at pc ...": the kind, without the addresses.
    let kind =
        report.split(" on address").next().unwrap_or(report).split(" on unknown").next().unwrap_or(report);
    let mut text = format!("AddressSanitizer: {}", kind.trim());
    let rest = &lines[at + 1..];
    if let Some(access) =
        rest.iter().find(|line| line.starts_with("READ of size") || line.starts_with("WRITE of size"))
    {
        let access = access.split(" at 0x").next().unwrap_or(access);
        text.push_str(&format!(" ({access})"));
    }
    // The first frame with a source place outside the system's libraries: the user's code (the
    // driver's frames come after it, under the driver's own name).
    let frame =
        rest.iter().take_while(|line| !line.is_empty()).filter(|line| line.starts_with('#')).find_map(
            |line| {
                let (_, after) = line.split_once(" in ")?;
                let (function, place) = after.rsplit_once(' ')?;
                let has_line =
                    place.rsplit(':').next().is_some_and(|number| number.chars().all(|c| c.is_ascii_digit()));
                (has_line && !place.starts_with("/usr/") && !place.contains("queens-judge-driver"))
                    .then(|| format!("{}: in {}", place.trim_start_matches('('), function.trim()))
            },
        );
    if let Some(frame) = frame {
        text.push_str(&format!("\n  {frame}"));
    }
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_finding_in_a_few_lines() {
        let asan = "=================================================================\n==12==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000000020 at pc 0x55 bp 0x7ff sp 0x7fe\nREAD of size 4 at 0x602000000020 thread T0\n    #0 0x55d3 in Solution::totalNQueens(int) /home/me/oob.cpp:9\n    #1 0x55d4 in main queens-judge-driver.cpp:12\n    #2 0x7f in __libc_start_main (/lib/x86_64-linux-gnu/libc.so.6+0x2724a)\n\n0x602000000020 is located 0 bytes after 16-byte region\n";
        assert_eq!(
            finding(asan).as_deref(),
            Some("AddressSanitizer: heap-buffer-overflow (READ of size 4)\n  /home/me/oob.cpp:9: in Solution::totalNQueens(int)")
        );
        let ubsan = "/home/me/a.c:7:12: runtime error: signed integer overflow: 2147483647 + 1 cannot be represented in type 'int'\n";
        assert!(finding(ubsan)
            .is_some_and(|text| text.contains("a.c:7:12: runtime error: signed integer overflow")));
        assert_eq!(finding("Segmentation fault\n"), None);
    }
}
