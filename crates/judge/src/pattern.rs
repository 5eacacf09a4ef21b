//! `--impl` and `--case` patterns: comma-separated alternatives; each is a glob (`*`, `?`) matched
//! against the whole id, `=ID` the id exactly, or, with no wildcard, a substring of it.

/// Whether `id` matches `pattern` (see the module docs); `None` matches everything.
pub fn matches(pattern: Option<&str>, id: &str) -> bool {
    let Some(pattern) = pattern else { return true };
    pattern.split(',').map(str::trim).filter(|part| !part.is_empty()).any(|part| {
        if let Some(exact) = part.strip_prefix('=') {
            id == exact
        } else if part.contains(['*', '?']) {
            glob_matches(part.as_bytes(), id.as_bytes())
        } else {
            id.contains(part)
        }
    })
}

fn glob_matches(pattern: &[u8], text: &[u8]) -> bool {
    match pattern.split_first() {
        None => text.is_empty(),
        Some((b'*', rest)) => (0..=text.len()).any(|skip| glob_matches(rest, &text[skip..])),
        Some((b'?', rest)) => !text.is_empty() && glob_matches(rest, &text[1..]),
        Some((&literal, rest)) => text.first() == Some(&literal) && glob_matches(rest, &text[1..]),
    }
}

#[cfg(test)]
mod tests {
    use super::matches;

    #[test]
    fn substring_glob_and_alternatives() {
        assert!(matches(None, "cses/bitmask"));
        assert!(matches(Some("bitmask"), "cses/bitmask"));
        assert!(!matches(Some("hashset"), "cses/bitmask"));
        assert!(matches(Some("cses/*"), "cses/bitmask"));
        assert!(!matches(Some("cses/*"), "leetcode51/bitmask"));
        assert!(matches(Some("leetcode5?/erickson"), "leetcode52/erickson"));
        assert!(matches(Some("hashset, leetcode51/*"), "leetcode51/bitmask"));
        assert!(!matches(Some("*/b"), "cses/bitmask"));
        assert!(matches(Some("=tests/1"), "tests/1") && !matches(Some("=tests/1"), "tests/10"));
    }
}
