//! Text tables whose cells carry a colour, and the one way this workspace prints a duration (the
//! run crate's `format_duration`, which the runner's messages use too).
//!
//! A table is rendered with ANSI styles (anstyle); whether they reach the reader is the front's
//! choice: it writes through anstream, which strips them for a pipe, `NO_COLOR` or `CLICOLOR=0`.

use anstyle::{AnsiColor, Effects};

/// How a cell is drawn on a terminal.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Style {
    Plain,
    Green,
    Red,
    Yellow,
    Dim,
}

impl Style {
    pub(crate) fn anstyle(self) -> anstyle::Style {
        match self {
            Style::Plain => anstyle::Style::new(),
            Style::Green => AnsiColor::Green.on_default(),
            Style::Red => AnsiColor::Red.on_default().effects(Effects::BOLD),
            Style::Yellow => AnsiColor::Yellow.on_default(),
            Style::Dim => anstyle::Style::new().effects(Effects::DIMMED),
        }
    }

    /// `text` in this style, with ANSI codes.
    pub(crate) fn paint(self, text: &str) -> String {
        let style = self.anstyle();
        if style == anstyle::Style::new() {
            text.to_string()
        } else {
            format!("{style}{text}{style:#}")
        }
    }
}

/// A table: a header, then rows of styled cells; the first column is left-aligned, the rest right.
#[derive(Clone, Debug)]
pub(crate) struct Table {
    header: Vec<String>,
    rows: Vec<Vec<(String, Style)>>,
}

impl Table {
    pub fn new(header: Vec<String>) -> Table {
        Table { header, rows: Vec::new() }
    }

    pub fn push(&mut self, row: Vec<(String, Style)>) {
        self.rows.push(row);
    }

    /// The table, columns aligned on the visible text, styles as ANSI codes.
    pub fn render(&self) -> String {
        let columns = self.header.len();
        let mut widths: Vec<usize> = self.header.iter().map(|title| title.chars().count()).collect();
        for row in &self.rows {
            for (column, (text, _)) in row.iter().enumerate().take(columns) {
                widths[column] = widths[column].max(text.chars().count());
            }
        }
        let mut out = String::new();
        let line = |cells: Vec<(&str, Style)>, out: &mut String| {
            let mut pieces = Vec::new();
            for (column, (text, style)) in cells.into_iter().enumerate() {
                let padding = " ".repeat(widths[column].saturating_sub(text.chars().count()));
                let styled = style.paint(text);
                pieces.push(if column == 0 {
                    format!("{styled}{padding}")
                } else {
                    format!("{padding}{styled}")
                });
            }
            out.push_str(pieces.join("  ").trim_end());
            out.push('\n');
        };
        line(self.header.iter().map(|title| (title.as_str(), Style::Plain)).collect(), &mut out);
        let rule: Vec<String> = widths.iter().map(|&width| "-".repeat(width)).collect();
        line(rule.iter().map(|dashes| (dashes.as_str(), Style::Dim)).collect(), &mut out);
        for row in &self.rows {
            line(row.iter().map(|(text, style)| (text.as_str(), *style)).collect(), &mut out);
        }
        out
    }
}

pub use run::format_duration;

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn durations_keep_three_figures() {
        assert_eq!(format_duration(Duration::from_nanos(850)), "850ns");
        assert_eq!(format_duration(Duration::from_nanos(12_345)), "12.3µs");
        assert_eq!(format_duration(Duration::from_micros(4_567)), "4.57ms");
        assert_eq!(format_duration(Duration::from_millis(1_234)), "1.23s");
        assert_eq!(format_duration(Duration::from_secs(250)), "250s");
    }

    #[test]
    fn columns_align_on_the_visible_text() {
        let mut table = Table::new(vec!["case".into(), "impl".into()]);
        table.push(vec![("a".into(), Style::Plain), ("AC 1ms".into(), Style::Green)]);
        let text = table.render();
        assert!(text.contains("\x1b[32mAC 1ms\x1b[0m"), "{text:?}");
        let plain = anstream::adapter::strip_str(&text).to_string();
        assert_eq!(plain, "case    impl\n----  ------\na     AC 1ms\n");
    }
}
