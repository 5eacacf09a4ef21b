//! Plain text tables with optional ANSI colour, and the one way this workspace prints a duration.

use std::time::Duration;

/// How a cell is drawn on a terminal; without colour every style is plain.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Style {
    Plain,
    Green,
    Red,
    Yellow,
    Dim,
}

impl Style {
    fn ansi(self) -> Option<&'static str> {
        match self {
            Style::Plain => None,
            Style::Green => Some("\x1b[32m"),
            Style::Red => Some("\x1b[1;31m"),
            Style::Yellow => Some("\x1b[33m"),
            Style::Dim => Some("\x1b[2m"),
        }
    }
}

/// A table: a header, then rows of styled cells; the first column is left-aligned, the rest right.
#[derive(Clone, Debug)]
pub struct Table {
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

    pub fn render(&self, color: bool) -> String {
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
                let styled = match (color, style.ansi()) {
                    (true, Some(code)) => format!("{code}{text}\x1b[0m"),
                    _ => text.to_string(),
                };
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

/// A duration with three significant figures at most: `850ns`, `12.3µs`, `4.56ms`, `1.23s`.
pub fn format_duration(duration: Duration) -> String {
    let nanos = duration.as_nanos() as f64;
    let (value, unit) = if nanos < 1e3 {
        (nanos, "ns")
    } else if nanos < 1e6 {
        (nanos / 1e3, "µs")
    } else if nanos < 1e9 {
        (nanos / 1e6, "ms")
    } else {
        (nanos / 1e9, "s")
    };
    let decimals = if value >= 100.0 || unit == "ns" {
        0
    } else if value >= 10.0 {
        1
    } else {
        2
    };
    format!("{value:.decimals$}{unit}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_keep_three_figures() {
        assert_eq!(format_duration(Duration::from_nanos(850)), "850ns");
        assert_eq!(format_duration(Duration::from_nanos(12_345)), "12.3µs");
        assert_eq!(format_duration(Duration::from_micros(4_567)), "4.57ms");
        assert_eq!(format_duration(Duration::from_millis(1_234)), "1.23s");
        assert_eq!(format_duration(Duration::from_secs(250)), "250s");
    }

    #[test]
    fn columns_align_and_colour_is_optional() {
        let mut table = Table::new(vec!["case".into(), "impl".into()]);
        table.push(vec![("a".into(), Style::Plain), ("AC 1ms".into(), Style::Green)]);
        assert_eq!(table.render(false), "case    impl\n----  ------\na     AC 1ms\n");
        assert!(table.render(true).contains("\x1b[32mAC 1ms\x1b[0m"));
    }
}
