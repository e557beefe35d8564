//! Lines that look like a claim but that no recogniser read: a board and a hand (two ball
//! words, or `board`/`hand` named) and an answer-like word (a number that is not a count, an
//! index or a label, a number word, "impossible") on one line. They are listed as "unread:
//! looks like a claim", never passed in silence.

use std::sync::LazyLock;

use regex::Regex;

use super::tokens;

/// A ball word: capitals `RYBGW` alone (quotes around allowed).
static BALLS: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\b[RYBGW]+\b").expect("valid"));
/// `board` and `hand` named (`board = ...`, "hand").
static NAMED: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)\bboard\b.*\bhand\b|\bhand\b.*\bboard\b").expect("valid"));
/// A number, a number word that counts balls or moves ("two balls"; "the tricky one" is no
/// answer), or an impossibility.
static ANSWER: LazyLock<Regex> = LazyLock::new(|| {
    tokens::template(r"-?\d+\b|{N}\s+(?:more\s+)?(?:balls?|insertions?|moves?|steps?|shots?)\b|{X}")
});
/// Numbers that are no answer: counts, lengths, indices, labels, bounds of a constraint.
const NOT_ANSWERS: &[&str] = &[
    r"(?:has|have|holds?|contains?|of|with|only|just|all)\s+{N}\s+(?:balls?|letters?|characters?|colou?rs?|chars?)",
    r"{N}\s+(?:letters?|characters?|chars?)\s+long",
    r"(?:length|len|size)\s*(?:of\s+|is\s+|=\s*|:\s*)?{N}",
    r"(?:example|示例|step|index|position|gap|line|case|test|round|turn|level|approach|solution|method|#)\s*{N}",
    r"@\s*{N}",
    r"{N}\s*(?:<=|<|>=|>)",
    r"(?:<=|<|>=|>)\s*{N}",
    r"^\s*{N}[.)]\s",
    r"O\([^)]*\)",
];
static NOT_ANSWERS_RE: LazyLock<Vec<Regex>> =
    LazyLock::new(|| NOT_ANSWERS.iter().map(|t| tokens::template(t)).collect());
/// A quoted single colour: three on a line are an alphabet.
static QUOTED_LETTER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r#"["'`]?\b[RYBGW]\b["'`]?"#).expect("valid"));

/// Whether `text` (one normalised line, with what the recognisers read blanked out or not) holds
/// a board, a hand and an answer-like word.
pub fn looks_like_a_claim(text: &str) -> bool {
    let balls = BALLS.find_iter(text).count();
    let singles = QUOTED_LETTER.find_iter(text).count();
    let pair = (balls >= 2 && singles < 3) || (NAMED.is_match(text) && balls >= 1);
    if !pair {
        return false;
    }
    let mut rest = text.to_string();
    for re in NOT_ANSWERS_RE.iter() {
        rest = re.replace_all(&rest, " ").into_owned();
    }
    ANSWER.is_match(&rest)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_looks_like_a_claim() {
        let table: &[(&str, bool)] = &[
            ("RRWWRRBBRR and WB give 2 in my tests", true),
            (
                "with board = \"WRRBBW\" and hand = \"RB\", you need at least 2 balls",
                true,
            ),
            ("RRWWRRBBRR uses WB: impossible", true),
            // Counts, indices and labels are no answer.
            (
                "The board RRWWRRBBRR has 10 balls and WB has 2 balls.",
                false,
            ),
            ("Example 2: RRWWRRBBRR with WB", false),
            ("Insert W at index 3 of RRWWRRBBRR, then B", false),
            ("1. WRRBBW -> WBBW", false),
            ("1 <= board.length <= 16, 1 <= hand.length <= 5", false),
            ("The colours are R, Y, B, G and W; pick 1", false),
            ("WRRBBW -> WRRRBBW -> WBBW", false),
            (
                "2 balls from your hand were needed to clear the board.",
                false,
            ),
        ];
        for (line, looks) in table {
            assert_eq!(looks_like_a_claim(line), *looks, "{line}");
        }
    }
}
