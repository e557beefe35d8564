//! Claims in sentences and in rows of test lists: a board and a hand written together in one of
//! the `PAIRS` forms (`X + Y`, `"X", "Y"`, `X with hand Y`, `for X and Y`, `board X, hand Y`),
//! with the answer the words around them state (`AFTER`: `-> N`, `: N`, `needs N`, `the
//! answer is N`, `is impossible`; `BEFORE`: `N balls clear ..`, `it is impossible to clear
//! ..`), and the `WHOLE` sentences whose number sits between the board and the hand ("X needs
//! N balls with hand Y"). A pair whose words state two different answers, or only a bound ("at
//! least 2"), is unsure: the line is listed as unread.

use std::ops::Range;
use std::sync::LazyLock;

use regex::Regex;

use super::found::Found;
use super::tokens;

/// Sentences that hold a whole claim, the number between the board and the hand.
const WHOLE: &[(&str, &str)] = &[
    (
        "X needs N balls with hand Y",
        r"{B}\s+(?:needs|takes|requires|uses)\s+(?:only\s+|just\s+|exactly\s+)?{N}\s+(?:balls?|insertions?|moves?|shots?|steps?)\s+(?:with|using|from)\s+(?:the\s+|a\s+)?(?:hand\s+)?{H}",
    ),
    (
        "N insertions clear X using Y",
        r"{N}\s+(?:balls?|insertions?|moves?|shots?|steps?)\s+(?:clears?|empt(?:y|ies)|solves?|(?:are|is)\s+(?:needed|enough|required)\s+(?:to\s+clear|for))\s+{B}\s+(?:with|using|from)\s+(?:the\s+|a\s+)?(?:hand\s+)?{H}",
    ),
    (
        "X, Y -> N (bare, comma)",
        r"{b}\s*,\s*{h}\s*(?:->|=>|→|==|=|:)\s*{N}",
    ),
    (
        "(X, Y) -> N",
        r"\(\s*{B}\s*,\s*{H}\s*\)\s*(?:->|=>|→|==|=|:)\s*{N}",
    ),
    (
        "\"X, Y, N\" (one quoted CSV row)",
        r#""{b}\s*,\s*{h}\s*,\s*{N}""#,
    ),
];

/// The ways a board and a hand are written together.
const PAIRS: &[(&str, &str)] = &[
    (
        "\"X\", \"Y\"",
        r#"["'`]{b}["'`]\s*(?:,|\||\+|\s)\s*["'`]{h}["'`]"#,
    ),
    (
        "board X, hand Y",
        r#"\bboard["']?\s*[=:]?\s*{B}\s*[,;]?\s*(?:and\s+|with\s+)?(?:the\s+|a\s+)?["']?hand["']?\s*[=:]?\s*{H}"#,
    ),
    (
        "with hand Y, X",
        r"\bwith\s+(?:the\s+|a\s+)?hand\s+{H}\s*,?\s*(?:the\s+)?(?:board\s+)?{B}",
    ),
    (
        "for X and Y",
        r"\bfor\s+{B}\s*(?:,|and|with|using|\+)\s*(?:the\s+|a\s+)?(?:hand\s+)?{H}",
    ),
    (
        "X with hand Y",
        r"{B}\s+(?:with|using)\s+(?:the\s+|a\s+)?(?:hand\s+)?{H}",
    ),
    ("X and hand Y", r"{B}\s+and\s+(?:the\s+|a\s+)?hand\s+{H}"),
    ("X + Y", r"{B}\s*\+\s*{H}"),
    (
        "对于 X 和 Y (Chinese)",
        r"(?:对于|当|用)\s*(?:board\s*=?\s*)?{B}\s*(?:和|与|以及|,)\s*(?:hand\s*=?\s*)?{H}",
    ),
];

/// What the words after a pair (up to the next pair or the end of the sentence) may say.
const AFTER: &[(&str, &str)] = &[
    ("separator", r"^\s*(?:->|=>|→|==|=|:|,|\|)\s*{N}"),
    (
        "labelled",
        r#"^\s*[,;|]?\s*["']?(?:want|wants|expected|expect|answer|ans|result|res|output|out)["']?\s*[=:]\s*{N}"#,
    ),
    (
        "the answer is",
        r"^[^.;!?]*?\b(?:answer|result|minimum|output)\s*(?:is|=|:|of)\s*{N}{END}",
    ),
    (
        "verb",
        r"^[^.;!?]*?(?:\b(?:needs?|needed|returns?|takes|requires?|gives|yields|is|are|costs?)\b|=)\s*(?:only\s+|just\s+|exactly\s+)?{N}{END}",
    ),
    ("impossible", r"^[^.;!?]*?{X}"),
    (
        "答案是 N (Chinese)",
        r"^[^.;!?]*?(?:答案|结果|返回)\s*(?:是|为|:)?\s*{N}",
    ),
    (
        "需要 N 个 (Chinese)",
        r"^[^.;!?]*?需要\s*{N}\s*(?:个|颗|次|步)",
    ),
];

/// A bound, not an answer: "at least 2".
const BOUND: &str = r"^[^.;!?]*?(?:\b(?:at least|at most|more than|less than|fewer than|up to|over|under)\s+|(?:至少|最多|超过)\s*(?:需要|要)?\s*){N}";

/// What the words before a pair (from the start of its sentence) may say.
const BEFORE: &[(&str, &str)] = &[
    (
        "N balls clear",
        r"{N}\s+(?:balls?|insertions?|moves?|shots?|steps?)\s+(?:\w+\s+){1,3}$",
    ),
    ("impossible to clear", r"{X}\s+(?:\w+\s+){0,4}$"),
];

static WHOLE_RE: LazyLock<Vec<Regex>> = LazyLock::new(|| compile(WHOLE));
static PAIRS_RE: LazyLock<Vec<Regex>> = LazyLock::new(|| compile(PAIRS));
static AFTER_RE: LazyLock<Vec<Regex>> = LazyLock::new(|| compile(AFTER));
static BEFORE_RE: LazyLock<Vec<Regex>> = LazyLock::new(|| compile(BEFORE));
static BOUND_RE: LazyLock<Regex> = LazyLock::new(|| tokens::template(BOUND));
/// A quoted single colour (`'R'`): three on a line are an alphabet, not a test list.
static QUOTED_LETTER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r#"["'`][RYBGW]["'`]"#).expect("valid"));
/// Words that say a number is not the answer but what a wrong idea gives.
static HEDGE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:wrong|incorrect|greedy|naive|buggy|bug|fails?|failing|mistaken(?:ly)?|instead of|would)\b")
        .expect("valid")
});
/// The end of a sentence.
static SENTENCE_END: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"[.;!?](?:\s|$)").expect("valid"));

/// What must follow a number for it to be the answer of a sentence: a counted noun, or the end
/// of the clause ("is one of the hard ones" and "is 2 or 3" state no answer).
const END: &str =
    r"(?:\s+(?:more\s+)?(?:balls?|insertions?|moves?|steps?|shots?)\b|\s*[.,;:!?)(]|\s*$)";

fn compile(table: &[(&str, &str)]) -> Vec<Regex> {
    table
        .iter()
        .map(|(_, t)| tokens::template(&t.replace("{END}", END)))
        .collect()
}

/// What the words around one pair say.
#[derive(Debug, PartialEq, Eq)]
enum Said {
    Nothing,
    Answer(i64),
    /// Two different answers, or only a bound.
    Unsure,
}

/// The pairs on a line, claimed or mentioned, in line order, and whether a pair on it is
/// unsure. `taken` are spans other recognisers read already.
pub fn on_line(text: &str, taken: &[Range<usize>]) -> (Vec<Found>, bool) {
    let mut found: Vec<Found> = Vec::new();
    let free = |at: &Range<usize>, found: &[Found]| {
        let overlaps = |q: &Range<usize>| q.start < at.end && at.start < q.end;
        !taken.iter().any(overlaps) && !found.iter().any(|f| overlaps(&f.at))
    };
    for re in WHOLE_RE.iter() {
        for c in re.captures_iter(text) {
            let at = c.get(0).map_or(0..0, |m| m.range());
            if free(&at, &found) {
                found.push(Found::of(&c, at, tokens::answer_of(&c)));
            }
        }
    }
    let alphabet = QUOTED_LETTER.find_iter(text).count() >= 3;
    let mut pairs: Vec<Found> = Vec::new();
    for (k, re) in PAIRS_RE.iter().enumerate() {
        if alphabet && k == 0 {
            continue;
        }
        for c in re.captures_iter(text) {
            let at = c.get(0).map_or(0..0, |m| m.range());
            if free(&at, &found) && free(&at, &pairs) {
                pairs.push(Found::of(&c, at, None));
            }
        }
    }
    pairs.sort_by_key(|p| p.at.start);
    let mut unsure = false;
    let bounds: Vec<usize> = pairs
        .iter()
        .map(|p| p.at.start)
        .chain(found.iter().map(|f| f.at.start))
        .collect();
    for p in &mut pairs {
        let end = bounds
            .iter()
            .copied()
            .filter(|&s| s >= p.at.end)
            .min()
            .unwrap_or(text.len());
        let sentence_start = SENTENCE_END
            .find_iter(&text[..p.at.start])
            .last()
            .map_or(0, |m| m.end());
        match said(&text[p.at.end..end], &text[sentence_start..p.at.start]) {
            Said::Answer(n) => p.claimed = Some(n),
            Said::Unsure => unsure = true,
            Said::Nothing => {}
        }
    }
    found.extend(pairs);
    found.sort_by_key(|f| f.at.start);
    (found, unsure)
}

/// The answer the words after a pair (`tail`) and before it (`head`) state.
fn said(tail: &str, head: &str) -> Said {
    let mut answers: Vec<i64> = AFTER_RE
        .iter()
        .filter_map(|re| tokens::answer_of(&re.captures(tail)?))
        .collect();
    // "the answer is N" is the answer, whatever else the sentence counts.
    let stated = AFTER_RE[..3]
        .iter()
        .find_map(|re| re.captures(tail))
        .and_then(|c| tokens::answer_of(&c));
    if let Some(n) = stated {
        answers = vec![n];
    }
    answers.extend(
        BEFORE_RE
            .iter()
            .filter_map(|re| tokens::answer_of(&re.captures(head)?)),
    );
    answers.sort_unstable();
    answers.dedup();
    // "the greedy returns 3", "a naive search gives -1": a number someone else's code gives.
    let sentence = SENTENCE_END.find(tail).map_or(tail, |m| &tail[..m.start()]);
    let hedged = stated.is_none() && (HEDGE.is_match(sentence) || HEDGE.is_match(head));
    let bound = BOUND_RE.is_match(tail) || hedged;
    match answers.as_slice() {
        [] if bound => Said::Unsure,
        [] => Said::Nothing,
        [n] if !bound => Said::Answer(*n),
        _ => Said::Unsure,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> (Vec<String>, bool) {
        let (found, unsure) = on_line(text, &[]);
        let found = found
            .iter()
            .map(|f| match f.claimed {
                Some(n) => format!("{} + {} = {n}", f.board, f.hand),
                None => format!("{} + {}", f.board, f.hand),
            })
            .collect();
        (found, unsure)
    }

    /// Every prose and separator style, each with the claim it makes.
    #[test]
    fn sentences_and_separators() {
        let table: &[(&str, &str)] = &[
            ("RRWWRRBBRR, WB -> -1", "RRWWRRBBRR + WB = -1"),
            ("RRWWRRBBRR + WB -> -1", "RRWWRRBBRR + WB = -1"),
            ("`RRWWRRBBRR` + `WB` => 2", "RRWWRRBBRR + WB = 2"),
            ("\"RRWWRRBBRR\", \"WB\" → 2", "RRWWRRBBRR + WB = 2"),
            ("(RRWWRRBBRR, WB) = 2", "RRWWRRBBRR + WB = 2"),
            ("board RRWWRRBBRR, hand WB: 2", "RRWWRRBBRR + WB = 2"),
            (
                "For RRWWRRBBRR and WB the answer is -1.",
                "RRWWRRBBRR + WB = -1",
            ),
            (
                "for RRWWRRBBRR with WB the answer is 2",
                "RRWWRRBBRR + WB = 2",
            ),
            (
                "RRWWRRBBRR needs 2 balls with hand WB.",
                "RRWWRRBBRR + WB = 2",
            ),
            (
                "RRWWRRBBRR needs two balls with hand WB.",
                "RRWWRRBBRR + WB = 2",
            ),
            (
                "Two insertions clear RRWWRRBBRR using WB.",
                "RRWWRRBBRR + WB = 2",
            ),
            (
                "With RRWWRRBBRR and hand WB you need two balls.",
                "RRWWRRBBRR + WB = 2",
            ),
            ("WRRBBW with hand RB is impossible.", "WRRBBW + RB = -1"),
            ("WRRBBW with RB cannot be cleared.", "WRRBBW + RB = -1"),
            (
                "There is no way to clear WRRBBW with RB.",
                "WRRBBW + RB = -1",
            ),
            (
                "It is impossible to clear WRRBBW using RB.",
                "WRRBBW + RB = -1",
            ),
            ("\"WRRBBW, RB, -1\",", "WRRBBW + RB = -1"),
            (
                "RRWWRRBBRR with WB: the greedy returns 3 but the answer is 2.",
                "RRWWRRBBRR + WB = 2",
            ),
            (
                "With hand WB, RRWWRRBBRR needs two balls.",
                "RRWWRRBBRR + WB = 2",
            ),
            ("对于 RRWWRRBBRR 和 WB,答案是 2。", "RRWWRRBBRR + WB = 2"),
            (
                "对于 board = RRWWRRBBRR 和 hand = WB,需要 2 个球。",
                "RRWWRRBBRR + WB = 2",
            ),
            (
                "{board: \"WRRBBW\", hand: \"RB\", want: -1},",
                "WRRBBW + RB = -1",
            ),
            (
                "{\"board\": \"WRRBBW\", \"hand\": \"RB\", \"expected\": -1}",
                "WRRBBW + RB = -1",
            ),
            ("{\"WRRBBW\", \"RB\", -1},", "WRRBBW + RB = -1"),
            ("board = \"WRRBBW\", hand = \"RB\" | -1", "WRRBBW + RB = -1"),
        ];
        for (line, claim) in table {
            assert_eq!(read(line), (vec![claim.to_string()], false), "{line}");
        }
    }

    /// Counting balls is no claim; a bound or two answers is unsure; a pair alone a mention.
    #[test]
    fn counts_bounds_and_mentions() {
        assert_eq!(read("The board RRWWRRBBRR has 10 balls."), (vec![], false));
        assert_eq!(read("A hand like RB has only 2 balls."), (vec![], false));
        assert_eq!(
            read("With WRRBBW and hand RB, you need at least 2 balls."),
            (vec!["WRRBBW + RB".to_string()], true)
        );
        assert_eq!(
            read("Try RGBY + RR first."),
            (vec!["RGBY + RR".to_string()], false)
        );
        assert_eq!(
            read("For RRWWRRBBRR with WB the greedy returns 3."),
            (vec!["RRWWRRBBRR + WB".to_string()], true)
        );
        assert_eq!(
            read("对于 RRWWRRBBRR 和 WB,至少需要 2 个球。"),
            (vec!["RRWWRRBBRR + WB".to_string()], true)
        );
        assert_eq!(
            read("The colours are 'R', 'Y', 'B', 'G' and 'W'."),
            (vec![], false)
        );
    }
}
