//! How a board, a hand and an answer are written, shared by the recognisers: the placeholders
//! their tables are written with (`{B}` a board, `{H}` a hand, `{N}` an answer in digits or
//! words, `{X}` a phrase that says "impossible"), and reading an answer back.

use regex::Regex;

/// Number words an answer may be written in ("you need two balls").
pub const NUMBER_WORDS: &[(&str, i64)] = &[
    ("zero", 0),
    ("one", 1),
    ("two", 2),
    ("three", 3),
    ("four", 4),
    ("five", 5),
    ("six", 6),
];

/// Phrases that state the answer -1 ("it is impossible", "cannot be cleared", "no way").
pub const IMPOSSIBLE: &[&str] = &[
    "impossible",
    "cannot",
    "can't",
    "can not",
    "no way",
    "unsolvable",
    "no solution",
    "not possible",
    "not solvable",
    "not clearable",
];

/// The pattern of `{N}`: digits or a number word, in group `n`.
fn number() -> String {
    let words: Vec<&str> = NUMBER_WORDS.iter().map(|(w, _)| *w).collect();
    format!(r"(?P<n>-?\d+\b|\b(?:{})\b)", words.join("|"))
}

/// The pattern of `{X}`: an impossibility phrase, in group `x`.
fn impossible() -> String {
    format!(r"(?P<x>\b(?:{})\b)", IMPOSSIBLE.join("|"))
}

/// A recogniser's pattern with its placeholders expanded: `{B}`/`{H}` a board/hand, quoted or
/// not (groups `b`, `h`); `{b}`/`{h}` the same without quotes around; `{N}`, `{X}` as above.
/// Case-insensitive except for the balls, which are capitals.
pub fn template(t: &str) -> Regex {
    let q = r#"["'`]?"#;
    let expanded = t
        .replace("{B}", &format!(r"{q}\b(?-i:(?P<b>[RYBGW]+))\b{q}"))
        .replace("{H}", &format!(r"{q}\b(?-i:(?P<h>[RYBGW]+))\b{q}"))
        .replace("{b}", r"\b(?-i:(?P<b>[RYBGW]+))\b")
        .replace("{h}", r"\b(?-i:(?P<h>[RYBGW]+))\b")
        .replace("{N}", &number())
        .replace("{X}", &impossible());
    Regex::new(&format!("(?i){expanded}")).expect("the recognisers' patterns are valid")
}

/// The answer a match states: its `n` (digits or a word) or -1 for an `x`.
pub fn answer_of(c: &regex::Captures) -> Option<i64> {
    if let Some(n) = c.name("n") {
        return parse_answer(n.as_str());
    }
    c.name("x").map(|_| -1)
}

/// `-1`, `2`, `two`, `impossible` as a number.
pub fn parse_answer(word: &str) -> Option<i64> {
    let w = word.trim().to_lowercase();
    if let Ok(n) = w.parse() {
        return Some(n);
    }
    if IMPOSSIBLE.contains(&w.as_str()) {
        return Some(-1);
    }
    NUMBER_WORDS
        .iter()
        .find(|(name, _)| *name == w)
        .map(|(_, n)| *n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_in_digits_words_and_phrases() {
        let table = [
            ("-1", Some(-1)),
            ("2", Some(2)),
            ("Two", Some(2)),
            ("five", Some(5)),
            ("impossible", Some(-1)),
            ("no way", Some(-1)),
            ("many", None),
        ];
        for (word, n) in table {
            assert_eq!(parse_answer(word), n, "{word}");
        }
    }

    #[test]
    fn placeholders_take_quotes_or_none_and_capitals_only() {
        let re = template(r"{B}\s*\+\s*{H}\s*->\s*{N}");
        for line in [
            "RRWWRRBBRR + WB -> -1",
            "\"RRWWRRBBRR\" + 'WB' -> -1",
            "`RRWWRRBBRR`+`WB`->-1",
        ] {
            let c = re.captures(line).expect(line);
            assert_eq!(
                (&c["b"], &c["h"], answer_of(&c)),
                ("RRWWRRBBRR", "WB", Some(-1))
            );
        }
        assert!(re.captures("rrwwrrbbrr + wb -> 2").is_none());
        assert!(template(r"{B} with {H} is {X}").is_match("RB with R is Impossible"));
    }
}
