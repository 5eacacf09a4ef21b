//! `--sizes`, as `bench` and `stress` both take it: board sides written `A..=B`, `A..B`, `N`, or a
//! comma-separated mix of these (`4..=6,9`), each command with its own largest side.
//!
//! One parser so that both commands accept the same text and fail with the same messages. It
//! returns the sides ascending, each once, so a command can walk them in order (`bench`) or draw
//! one uniformly (`stress`). Cost: linear in the number of sides written, which is at most the
//! largest side per part.

use judge_core::error::Error;

/// Parses `text`, given as `option`, into the sides it names, ascending and each once, each
/// within 1 to `max`; `why_max` says in the error why `max` is the bound.
///
/// # Errors
/// One line, `{option} `{text}`: {reason}`: an empty part, a piece that is not a whole number, an
/// empty range, or a side outside 1 to `max`.
///
/// # Example
/// ```
/// use judge::sizes::parse_sizes;
/// assert_eq!(parse_sizes("--sizes", "8, 4..=6,5", 12, "the oracle's bound"), Ok(vec![4, 5, 6, 8]));
/// assert!(parse_sizes("--sizes", "4..=13", 12, "the oracle's bound").is_err());
/// ```
pub fn parse_sizes(option: &str, text: &str, max: usize, why_max: &str) -> Result<Vec<usize>, Error> {
    let fail = |reason: String| Error::Usage(format!("{option} `{text}`: {reason}"));
    let mut sizes = Vec::new();
    for part in text.split(',').map(str::trim) {
        if part.is_empty() {
            return Err(fail("expected A..=B, A..B, N or a comma-separated list of these".to_string()));
        }
        let number = |piece: &str| {
            let piece = piece.trim();
            piece.parse::<usize>().map_err(|_| fail(format!("`{piece}` is not a whole number")))
        };
        let (first, last) = if let Some((start, end)) = part.split_once("..=") {
            (number(start)?, number(end)?)
        } else if let Some((start, end)) = part.split_once("..") {
            let (start, end) = (number(start)?, number(end)?);
            // `A..0` is empty whatever A is; say so rather than underflow.
            (start, end.checked_sub(1).ok_or_else(|| fail(format!("`{part}` is empty")))?)
        } else {
            let side = number(part)?;
            (side, side)
        };
        if first > last {
            return Err(fail(format!("`{part}` is empty")));
        }
        if first == 0 || last > max {
            return Err(fail(format!("sides go from 1 to {max} ({why_max})")));
        }
        sizes.extend(first..=last);
    }
    sizes.sort_unstable();
    sizes.dedup();
    Ok(sizes)
}

/// `sizes` written back the way `--sizes` takes them, runs of consecutive sides as `A..=B`:
/// `[4, 5, 6, 9]` is `4..=6,9`.
pub fn format_sizes(sizes: &[usize]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut index = 0;
    while index < sizes.len() {
        let first = sizes[index];
        let mut last = first;
        while sizes.get(index + 1) == Some(&(last + 1)) {
            index += 1;
            last += 1;
        }
        parts.push(if first == last { first.to_string() } else { format!("{first}..={last}") });
        index += 1;
    }
    parts.join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXPECTED: &str = "expected A..=B, A..B, N or a comma-separated list of these";

    macro_rules! parses {
        ($($name:ident: ($text:expr, $expected:expr),)*) => {$(
            #[test]
            fn $name() {
                assert_eq!(parse_sizes("--sizes", $text, 12, "the bound").map_err(|error| error.to_string()), $expected);
            }
        )*};
    }

    parses! {
        inclusive_range: ("4..=6", Ok(vec![4, 5, 6])),
        exclusive_range: ("4..7", Ok(vec![4, 5, 6])),
        single_side: ("5", Ok(vec![5])),
        list_sorted_and_deduplicated: ("8, 4..=5,5..6, 4", Ok(vec![4, 5, 8])),
        whole_bound: ("1..=12", Ok((1..=12).collect())),
        empty_text: ("", Err(format!("--sizes ``: {EXPECTED}"))),
        empty_part: ("4,,6", Err(format!("--sizes `4,,6`: {EXPECTED}"))),
        not_a_number: ("a..=5", Err("--sizes `a..=5`: `a` is not a whole number".to_string())),
        chained_range: ("4..=5..=6", Err("--sizes `4..=5..=6`: `5..=6` is not a whole number".to_string())),
        negative: ("-3", Err("--sizes `-3`: `-3` is not a whole number".to_string())),
        reversed: ("9..=4", Err("--sizes `9..=4`: `9..=4` is empty".to_string())),
        empty_exclusive: ("4..4", Err("--sizes `4..4`: `4..4` is empty".to_string())),
        up_to_zero: ("3..0", Err("--sizes `3..0`: `3..0` is empty".to_string())),
        zero: ("0..=3", Err("--sizes `0..=3`: sides go from 1 to 12 (the bound)".to_string())),
        past_the_bound: ("4..=13", Err("--sizes `4..=13`: sides go from 1 to 12 (the bound)".to_string())),
    }

    #[test]
    fn formatting_gives_back_what_parses_to_the_same_sides() {
        for (sizes, text) in [(vec![4, 5, 6, 9], "4..=6,9"), (vec![7], "7"), (vec![1, 3, 4], "1,3..=4")] {
            assert_eq!(format_sizes(&sizes), text);
            assert_eq!(parse_sizes("--sizes", text, 12, "the bound"), Ok(sizes));
        }
    }
}
