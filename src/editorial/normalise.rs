//! Text as it is pasted from the web, made plain before any claim is read: the debris seen in
//! real editorials of this problem (icon-font glyphs glued before a label, non-breaking and
//! zero-width spaces, full-width punctuation from Chinese pages, curly quotes, emphasis markers,
//! backticks of inline code, HTML tags and entities left in Markdown). Only prose lines (and the
//! lines of code that is not a submission) are normalised; a line keeps its number.
//!
//! Unicode NFKC is not used: it also folds superscripts and ligatures (`O(n²)` would gain a
//! number), and leaves curly quotes alone; the table below maps exactly what pages carry.

use std::borrow::Cow;
use std::sync::LazyLock;

use regex::Regex;

/// Characters replaced one for one: spaces of every width become a space, full-width and curly
/// punctuation its ASCII form, a typographic minus before a digit a hyphen (see [`minus`]).
const CHARACTERS: &[(char, &str)] = &[
    ('\u{00a0}', " "), // no-break space
    ('\u{2002}', " "),
    ('\u{2003}', " "),
    ('\u{2009}', " "), // thin space
    ('\u{202f}', " "), // narrow no-break space
    ('\u{3000}', " "), // ideographic space
    ('\u{200b}', ""),  // zero-width space
    ('\u{200c}', ""),
    ('\u{200d}', ""),
    ('\u{2060}', ""), // word joiner
    ('\u{feff}', ""), // byte-order mark pasted mid-text
    ('“', "\""),
    ('”', "\""),
    ('„', "\""),
    ('«', "\""),
    ('»', "\""),
    ('‘', "'"),
    ('’', "'"),
    ('‚', "'"),
    ('′', "'"),
    ('、', ","),
    ('。', ". "),
    ('→', " -> "),
    ('⟶', " -> "),
    ('⇒', " => "),
];

/// Labels that icon-font debris is found glued to (`โบOutput:2`, `Input:`).
static GLUED_LABEL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)[^\x00-\x7F\p{Han}\s]+(input|output|explanation|example|answer|result|expected)\b",
    )
    .expect("valid")
});
/// A typographic minus or dash right before a digit, after a space or a separator: `Output: −1`.
static MINUS: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(^|[\s:=(,\[|])[−–]\s?(\d)").expect("valid"));
/// An HTML tag left in Markdown prose (`<strong>输入：</strong>`).
static TAG: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"</?([A-Za-z][A-Za-z0-9]*)(?:\s[^<>]*)?/?>").expect("valid"));
/// Tags inside a word (`WRR<em>R</em>BBW` is one board): dropped; any other tag is a space.
const INLINE_TAGS: &[&str] = &[
    "em", "strong", "b", "i", "u", "s", "code", "span", "sub", "sup", "mark", "font", "a", "kbd",
];
/// Emphasis around a word: `*Input:*`, `_Output_`.
static EMPHASIS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(^|[\s(])[*_]+([^\s*_])|([^\s*_])[*_]+($|[\s),.:;])").expect("valid")
});

/// HTML entities seen in pasted pages.
const ENTITIES: &[(&str, &str)] = &[
    ("&gt;", ">"),
    ("&lt;", "<"),
    ("&quot;", "\""),
    ("&#39;", "'"),
    ("&apos;", "'"),
    ("&nbsp;", " "),
    ("&amp;", "&"),
];

/// One line made plain (see the module doc). Full-width forms (U+FF01..U+FF5E) become ASCII;
/// runs of spaces become one.
pub fn line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if let Some((_, to)) = CHARACTERS.iter().find(|(from, _)| *from == c) {
            out.push_str(to);
        } else if ('\u{ff01}'..='\u{ff5e}').contains(&c) {
            out.push(char::from_u32(c as u32 - 0xfee0).unwrap_or(c));
        } else if ('\u{e000}'..='\u{f8ff}').contains(&c) {
            // Private-use glyphs are icon fonts: nothing to read.
        } else {
            out.push(c);
        }
    }
    let mut s = out;
    if s.contains('<') {
        s = TAG
            .replace_all(&s, |c: &regex::Captures| {
                let inline = INLINE_TAGS.contains(&c[1].to_ascii_lowercase().as_str());
                if inline {
                    ""
                } else {
                    " "
                }
            })
            .into_owned();
    }
    if s.contains('&') {
        for (from, to) in ENTITIES {
            s = s.replace(from, to);
        }
    }
    s = s.replace("**", "").replace("__", "").replace('`', "");
    s = replace(&s, &GLUED_LABEL, "$1");
    s = replace(&s, &MINUS, "$1-$2");
    s = emphasis(&s);
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn replace(s: &str, re: &Regex, with: &str) -> String {
    match re.replace_all(s, with) {
        Cow::Borrowed(_) => s.to_string(),
        Cow::Owned(o) => o,
    }
}

/// Emphasis markers dropped, twice over so that `*a* *b*` loses all four.
fn emphasis(s: &str) -> String {
    let once = replace(s, &EMPHASIS, "$1$2$3$4");
    replace(&once, &EMPHASIS, "$1$2$3$4")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The debris actually seen, each with what it must read as.
    const SEEN: &[(&str, &str)] = &[
        // An icon font turned to text before a label, and a `$` before another.
        ("โบOutput:2", "Output:2"),
        (
            "$Input:board = \"WWRRBBWW\", hand = \"WRBRW\"",
            "$Input:board = \"WWRRBBWW\", hand = \"WRBRW\"",
        ),
        // leetcode.cn: full-width colon and comma, and the tags of its <pre>.
        (
            "<strong>输入：</strong>board = \"WRRBBW\", hand = \"RB\"",
            "输入:board = \"WRRBBW\", hand = \"RB\"",
        ),
        ("<strong>输出：</strong>-1", "输出:-1"),
        ("W<em><strong>BBB</strong></em>W -&gt; WW", "WBBBW -> WW"),
        // Curly quotes, a no-break space, emphasis, inline code.
        (
            "**Input:**\u{a0}board = “WRRBBW”, hand = ‘RB’",
            "Input: board = \"WRRBBW\", hand = 'RB'",
        ),
        (
            "- **Input:** `board = \"WRRBBW\"`, `hand = \"RB\"`",
            "- Input: board = \"WRRBBW\", hand = \"RB\"",
        ),
        ("*Output:* −1", "Output: -1"),
        ("_Output_: 2", "Output: 2"),
        // Nothing to change: identifiers keep their underscores.
        (
            "find_min_step(\"R\", \"RR\")",
            "find_min_step(\"R\", \"RR\")",
        ),
        ("WRRBBW – the board", "WRRBBW – the board"),
        ("\u{e900}Output: 2", "Output: 2"),
        ("ＲＲ＋Ｒ＝１", "RR+R=1"),
    ];

    #[test]
    fn debris_seen_on_real_pages() {
        for (pasted, plain) in SEEN {
            assert_eq!(line(pasted), *plain, "{pasted:?}");
        }
    }
}
