//! Positions and messages in a TOML file's text, as case files and `judge.toml` report them: the
//! line of a byte offset, a parser's message on one line.

/// 1-based line of byte offset `at` in `text`.
pub fn line_of(text: &str, at: usize) -> usize {
    text.as_bytes()[..at.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// A parser's message on one line, its lines joined by "; " ("invalid table header; expected
/// `.`, `]]`"), so that it sits in a report's indented list and in one JSON string.
pub fn one_line(message: &str) -> String {
    let lines: Vec<&str> = message
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    lines.join("; ")
}
