//! LeetCode's example layout, in English and Chinese: `Input: board = "WRRBBW", hand = "RB"`
//! (or `输入：`), the board and hand on one line or on up to four, then `Output: -1` (`输出：`,
//! `Result:`, `Answer:`, `Total insertions:`) with the number on the label's line or the next.
//! Text has been normalised first ([`super::normalise`]): full-width colons are colons.

use std::sync::LazyLock;

use regex::Regex;

use super::source::Line;
use super::tokens;

/// Words that label an example's answer (any case), the longest first.
const OUTPUT_LABELS: &[&str] = &[
    "expected output",
    "total insertions",
    "total moves",
    "minimum insertions",
    "minimum moves",
    "minimum",
    "output",
    "result",
    "answer",
    "returns",
    "return",
    "expected",
    "输出",
    "结果",
    "答案",
    "返回",
];

/// A board or hand value: quoted (any letters, so that an invalid input is still a claim), or
/// bare balls.
const VALUE: &str = r#"(?:["'`](?P<{g}>[A-Za-z]*)["'`]|\b(?P<{g}2>[RYBGW]+)\b)"#;

fn value(group: &str) -> String {
    VALUE.replace("{g}", group)
}

/// `board = "WRRBBW", hand = "RB"` on one line.
static PAIR: LazyLock<Regex> = LazyLock::new(|| {
    let re = format!(
        r#"(?i)\bboard["']?\s*[=:]\s*{}\s*[,;]?\s*(?:and\s+)?["']?\bhand["']?\s*[=:]\s*{}"#,
        value("b"),
        value("h")
    );
    Regex::new(&re).expect("valid")
});
/// LeetCode's first layout: `Input: "WRRBBW", "RB"` (board and hand quoted, no names).
static INPUT_PAIR: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r#"(?i)(?:\binput|输入)\s*:\s*["'`](?P<b>[A-Za-z]*)["'`]\s*,\s*["'`](?P<h>[A-Za-z]*)["'`]"#,
    )
    .expect("valid")
});
static BOARD_ALONE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(r#"(?i)\bboard["']?\s*[=:]\s*{}"#, value("b"))).expect("valid")
});
static HAND_ALONE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(r#"(?i)\bhand["']?\s*[=:]\s*{}"#, value("h"))).expect("valid")
});
/// `Output: -1`, `Answer: 2`, `Result = 3`, `输出: 3` (the number on the same line).
static OUTPUT: LazyLock<Regex> = LazyLock::new(|| {
    tokens::template(&format!(
        r"(?:^|\b|[^\x00-\x7F]){}\s*(?:is|=|:)\s*{{N}}",
        labels()
    ))
});
/// A label line (`Result:`, `输出：`) whose number is on the next line.
static LABEL: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(&format!(r"(?i)^{}\s*:?$", labels())).expect("valid"));
static NUMBER: LazyLock<Regex> = LazyLock::new(|| tokens::template(r"^\s*{N}\s*$"));

fn labels() -> String {
    format!("(?:{})", OUTPUT_LABELS.join("|"))
}

/// The text of group `g` or of its bare variant `g2`.
fn group(c: &regex::Captures, g: &str) -> String {
    c.name(g)
        .or_else(|| c.name(&format!("{g}2")))
        .map_or(String::new(), |m| m.as_str().to_string())
}

/// The board and hand `text` names the way an example does (`board = "..", hand = ".."`).
pub fn pair_in(text: &str) -> Option<(String, String)> {
    PAIR.captures(text)
        .map(|c| (group(&c, "b"), group(&c, "h")))
}

/// Where `text` names a board and a hand the way an example does, on one line.
pub fn pair_span(text: &str) -> Option<std::ops::Range<usize>> {
    PAIR.find(text)
        .or_else(|| INPUT_PAIR.find(text))
        .map(|m| m.range())
}

/// Several examples on one line, as a page flattened to text gives them (`Input: "WRRBBW",
/// "RB" Output: -1 Explanation: .. Input: "G", "GGGGG" Output: 2 ..`): each pair with the
/// `Output:` between it and the next pair. Empty unless the line holds two pairs or more.
pub fn examples_on_line(text: &str) -> Vec<super::found::Found> {
    let mut pairs: Vec<(std::ops::Range<usize>, String, String)> = PAIR
        .captures_iter(text)
        .chain(INPUT_PAIR.captures_iter(text))
        .filter_map(|c| Some((c.get(0)?.range(), group(&c, "b"), group(&c, "h"))))
        .collect();
    pairs.sort_by_key(|p| p.0.start);
    pairs.dedup_by(|a, b| a.0.start < b.0.end);
    if pairs.len() < 2 {
        return Vec::new();
    }
    let starts: Vec<usize> = pairs.iter().map(|p| p.0.start).collect();
    pairs
        .into_iter()
        .enumerate()
        .map(|(k, (at, board, hand))| {
            let end = starts.get(k + 1).copied().unwrap_or(text.len());
            let claimed = OUTPUT
                .captures(&text[at.end..end])
                .and_then(|c| tokens::answer_of(&c));
            super::found::Found {
                at,
                board,
                hand,
                claimed,
            }
        })
        .collect()
}

/// A `board = "..."`/`hand = "..."` pair starting at line `i` (the hand on the same line or
/// one of the next three): `(board, hand, line of the board)`.
pub fn pair_at(lines: &[Line], i: usize) -> Option<(String, String, usize)> {
    let text = &lines[i].text;
    if let Some(c) = PAIR.captures(text).or_else(|| INPUT_PAIR.captures(text)) {
        return Some((group(&c, "b"), group(&c, "h"), lines[i].line));
    }
    let board = BOARD_ALONE.captures(text)?;
    if HAND_ALONE.is_match(text) {
        return None;
    }
    lines[i + 1..]
        .iter()
        .take(3)
        .find_map(|l| HAND_ALONE.captures(&l.text))
        .map(|h| (group(&board, "b"), group(&h, "h"), lines[i].line))
}

/// The answer stated for the pair at line `i`: `Output: N` on it or on a later line, or a label
/// line (`Result:`) followed by a bare number, before the next pair and within 40 lines.
pub fn answer_after(lines: &[Line], i: usize) -> Option<i64> {
    let end = (i + 40).min(lines.len());
    for j in i..end {
        let text = lines[j].text.trim();
        if j > i
            && (PAIR.is_match(text)
                || INPUT_PAIR.is_match(text)
                || BOARD_ALONE.is_match(text) && j > i + 3)
        {
            return None;
        }
        if let Some(c) = OUTPUT.captures(text) {
            return tokens::answer_of(&c);
        }
        if LABEL.is_match(text) {
            let next = lines.get(j + 1).map(|l| l.text.as_str()).unwrap_or("");
            if let Some(c) = NUMBER.captures(next) {
                return tokens::answer_of(&c);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<Line> {
        super::super::source::lines_of(text)
    }

    #[test]
    fn examples_flattened_on_one_line() {
        let line = "Input: \"WRRBBW\", \"RB\" Output: -1 Explanation: WRRBBW -> WRR[R]BBW Input:\"G\", \"GGGGG\" Output: 2 Input: board = \"R\", hand = \"RR\" Explanation: none";
        let found: Vec<(String, String, Option<i64>)> = examples_on_line(line)
            .into_iter()
            .map(|f| (f.board, f.hand, f.claimed))
            .collect();
        assert_eq!(
            found,
            [
                ("WRRBBW".into(), "RB".into(), Some(-1)),
                ("G".into(), "GGGGG".into(), Some(2)),
                ("R".into(), "RR".into(), None),
            ]
        );
        assert!(examples_on_line("Input: \"G\", \"GG\" Output: 2").is_empty());
    }

    /// Each layout seen, with the pair and answer it states.
    #[test]
    fn example_layouts() {
        type Row<'a> = (&'a str, (&'a str, &'a str, usize), Option<i64>);
        let table: &[Row] = &[
            (
                "Input: board = \"WRRBBW\", hand = \"RB\"\nOutput: -1",
                ("WRRBBW", "RB", 1),
                Some(-1),
            ),
            (
                "$Input:board = \"WWRRBBWW\", hand = \"WRBRW\"\nOutput:2",
                ("WWRRBBWW", "WRBRW", 1),
                Some(2),
            ),
            (
                "输入: board = \"G\", hand = \"GGGGG\"\n输出: 2",
                ("G", "GGGGG", 1),
                Some(2),
            ),
            (
                "Input:\nboard = \"G\"\nhand = \"GGGGG\"\nOutput:\n2",
                ("G", "GGGGG", 2),
                Some(2),
            ),
            (
                "board: RRWWRRBBRR, hand: WB\nAnswer: two",
                ("RRWWRRBBRR", "WB", 1),
                Some(2),
            ),
            (
                "Input: board = \"a\", hand = \"a\"\nOutput: 0",
                ("a", "a", 1),
                Some(0),
            ),
            (
                "Input: board = \"G\", hand = \"GG\"\nExplanation: none",
                ("G", "GG", 1),
                None,
            ),
            (
                "Input: \"WRRBBW\", \"RB\"\nOutput: -1",
                ("WRRBBW", "RB", 1),
                Some(-1),
            ),
        ];
        for (text, pair, answer) in table {
            let ls = lines(text);
            let i = ls
                .iter()
                .position(|l| BOARD_ALONE.is_match(&l.text) || INPUT_PAIR.is_match(&l.text))
                .unwrap();
            let (b, h, at) = pair_at(&ls, i).expect(text);
            assert_eq!((b.as_str(), h.as_str(), at), *pair, "{text}");
            assert_eq!(answer_after(&ls, i), *answer, "{text}");
        }
    }
}
