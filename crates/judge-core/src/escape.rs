//! Control characters made visible, so that text a submitted program wrote (its stderr, what a
//! LeetCode solution printed, a compiler's message, a name it chose) cannot drive the reader's
//! terminal: clear the screen, draw a fake summary with cursor moves, set the window title (OSC 0)
//! or write the clipboard (OSC 52). Only the judge's own colours, added after escaping, reach it.
//! Nor can it reorder what the reader sees: the bidirectional controls and marks (U+061C, U+200E,
//! U+200F, U+202A to U+202E, U+2066 to U+2069) are escaped too, so that `U+202E` cannot show
//! `right.py` for a name that is not (the "Trojan Source" trick), in the terminal or the HTML.
//!
//! Escaped: every C0 control but `\n` and `\t` (U+0000 to U+001F), DEL (U+007F) and every C1
//! control (U+0080 to U+009F, which some terminals obey as ESC sequences: U+009B is CSI). Each is
//! written as a Rust string literal writes it: `\x1b` for a C0 control or DEL (two lowercase hex
//! digits), `\u{9b}` for a C1 control. Nothing else changes, backslashes included, so a text that
//! already reads `\x1b` is shown as it is: it is inert, only its look is shared.
//!
//! One pass over the text; it allocates only when there is something to escape.

use std::borrow::Cow;
use std::fmt::Write as _;

/// Whether `c` is escaped by [`escape_controls`].
fn is_escaped(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t') || is_bidirectional(c)
}

/// The characters that change the order text is shown in: Unicode's explicit embeddings,
/// overrides and isolates, and the implicit marks.
fn is_bidirectional(c: char) -> bool {
    matches!(c, '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// `text`, a name (a file's, a case's) or a one-line note, with every control character escaped,
/// line breaks and tabs too: a name that holds a line break cannot forge a line of the report.
///
/// # Examples
/// ```
/// use judge_core::escape::escape_one_line;
/// assert_eq!(escape_one_line("a.py\n9 verdicts: 9 AC"), r"a.py\x0a9 verdicts: 9 AC");
/// ```
pub fn escape_one_line(text: &str) -> Cow<'_, str> {
    match escape_controls(text) {
        Cow::Borrowed(text) if !text.contains(['\n', '\t']) => Cow::Borrowed(text),
        escaped => Cow::Owned(escaped.replace('\n', r"\x0a").replace('\t', r"\x09")),
    }
}

/// `text` with its control characters escaped (see the module docs); borrowed when it has none.
///
/// # Examples
/// ```
/// use judge_core::escape::escape_controls;
/// assert_eq!(escape_controls("\x1b[2J\x07done"), r"\x1b[2J\x07done");
/// assert_eq!(escape_controls("line 1\n\tline 2, é"), "line 1\n\tline 2, é");
/// assert_eq!(escape_controls("\u{9b}31m"), r"\u{9b}31m");
/// ```
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    let Some(first) = text.find(is_escaped) else {
        return Cow::Borrowed(text);
    };
    let mut escaped = String::with_capacity(text.len() + 8);
    escaped.push_str(&text[..first]);
    for c in text[first..].chars() {
        if !is_escaped(c) {
            escaped.push(c);
        } else if c <= '\x7f' {
            write!(escaped, "\\x{:02x}", u32::from(c)).expect("writing to a String cannot fail");
        } else {
            write!(escaped, "\\u{{{:x}}}", u32::from(c)).expect("writing to a String cannot fail");
        }
    }
    Cow::Owned(escaped)
}

#[cfg(test)]
mod tests {
    use super::escape_controls;
    use std::borrow::Cow;

    macro_rules! escaped {
        ($($name:ident: ($text:expr, $shown:expr),)*) => {$(
            #[test]
            fn $name() {
                assert_eq!(escape_controls($text), $shown);
            }
        )*};
    }

    escaped! {
        escape: ("\x1b", r"\x1b"),
        bell: ("ding\x07", r"ding\x07"),
        carriage_return: ("100%\r  0%", r"100%\x0d  0%"),
        clear_screen: ("\x1b[2J\x1b[H", r"\x1b[2J\x1b[H"),
        osc_52_clipboard_write: ("\x1b]52;c;aGk=\x07", r"\x1b]52;c;aGk=\x07"),
        osc_0_window_title: ("\x1b]0;judge: 1 AC\x1b\\", r"\x1b]0;judge: 1 AC\x1b\"),
        c1_csi: ("\u{9b}2J", r"\u{9b}2J"),
        c1_first_and_last: ("\u{80}\u{9f}", r"\u{80}\u{9f}"),
        nul_and_delete: ("\0\x7f", r"\x00\x7f"),
        newline_and_tab_kept: ("a\n\tb\n", "a\n\tb\n"),
        // U+00A0 (no-break space) is the first character past C1: not a control.
        past_c1_kept: ("\u{a0}\u{ff}", "\u{a0}\u{ff}"),
        // "right.py" shown for a name that ends in ".exe" reversed: the override is escaped.
        right_to_left_override: ("right\u{202e}yp.exe", r"right\u{202e}yp.exe"),
        isolates_and_marks: ("\u{2066}a\u{2069}\u{200e}\u{200f}\u{61c}", r"\u{2066}a\u{2069}\u{200e}\u{200f}\u{61c}"),
        embeddings: ("\u{202a}\u{202b}\u{202c}\u{202d}", r"\u{202a}\u{202b}\u{202c}\u{202d}"),
        // Letters of right-to-left scripts are text, not controls: shown as they are.
        hebrew_kept: ("שלום", "שלום"),
    }

    #[test]
    fn text_without_controls_is_borrowed_unchanged() {
        let text = "é and 'Q', 8 x 8, \\x1b as text";
        assert!(matches!(escape_controls(text), Cow::Borrowed(borrowed) if borrowed == text));
    }

    #[test]
    fn no_control_character_survives() {
        let every: String = (0..=0xa0u32).filter_map(char::from_u32).collect();
        let shown = escape_controls(&every);
        let left: Vec<char> = shown.chars().filter(|c| c.is_control()).collect();
        assert_eq!(left, ['\t', '\n']);
    }
}
