//! Calls of the entry point in code and in prose that quotes code, with the value they are said
//! to return: assertions of every language the judge runs (`assert`, `assertEquals(N, ..)`,
//! `assert.Equal(t, N, ..)`, `EXPECT_EQ`, `assert_eq!`, `expect(..).toBe(N)`,
//! `assertThat(.., equalTo(N))`), comparisons (`== N`, `-> N`, `returns N`), prints with the
//! value in a comment (`console.log(..); // 2`) or on the next line, and doctests (`>>> ..`
//! then the value).

use std::ops::Range;
use std::sync::LazyLock;

use regex::Regex;

use super::found::Found;
use super::source::Line;
use super::tokens;

/// One argument: optionally named (`board = `), optionally wrapped (`String::from(`), quoted
/// letters (any, so that an invalid input is still a claim), optionally converted
/// (`.to_string()`).
const ARG: &str = r#"(?:\w+\s*[=:]\s*)?(?:[\w:]+\s*\(\s*)?["'`](?P<{g}>[A-Za-z]*)["'`][\w.()]*?"#;

/// `findMinStep("WRRBBW", "RB")`, `find_min_step(..)`, `FindMinStep(..)`.
static CALL: LazyLock<Regex> = LazyLock::new(|| {
    let re = format!(
        r"(?i)\bfind_?min_?steps?\s*\(\s*{}\s*,\s*{}\s*\)",
        ARG.replace("{g}", "b"),
        ARG.replace("{g}", "h")
    );
    Regex::new(&re).expect("valid")
});

/// What may follow a call and state its value, on the same line.
const AFTER: &[(&str, &str)] = &[
    (
        "comparison",
        r"^\s*\)*\s*(?:===|==|->|=>|:|,|\bis\b|\breturns?\b|\bshould (?:be|return)\b|\bmust be\b|\bgives\b)\s*{N}",
    ),
    (
        "matcher",
        r"^\s*\)*\s*(?:\.\s*\w+\s*)*?\.\s*(?:toBe|toEqual|toStrictEqual|isEqualTo|equal|equals|eql|eq)\s*\(\s*{N}\s*\)",
    ),
    (
        "hamcrest",
        r"^\s*\)*\s*,\s*(?:is\s*\(\s*)?(?:equalTo|is|Is\.EqualTo|eq)\s*\(\s*{N}\s*\)",
    ),
    (
        "comment",
        r"^[^#]*?(?://|#|/\*|--)\s*(?:(?:=>|->|==|=|:)\s*|(?:output|expected|expect|returns?|prints?|answer|result|gives|should (?:be|print|return))\s*:?\s*)?{N}\s*(?:\*/)?\s*$",
    ),
];

/// What may precede a call and state its value: the expected value first.
const BEFORE: &[(&str, &str)] = &[(
    "expected first",
    r"\b(?:assert\w*|expect\w*|check\w*|verify\w*|require\.\w+|Assert\.\w+|assert\.\w+)!?\s*\(\s*(?:t\s*,\s*)?{N}\s*,[^,]*$",
)];

/// A call whose value is printed: `print(`, `console.log(`, `println!(`, a doctest's `>>> `.
static PRINTED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)(?:^\s*>>>|^\s*>\s|^\s*In\s*\[\d*\]:|\b(?:print|println!?|printf|console\.log|System\.out\.print\w*|fmt\.Print\w*|Console\.Write\w*|echo|puts|p|cout|var_dump|dbg!|pp)\b)")
        .expect("valid")
});

/// The value printed by the line before: a bare number, or one in a comment or after `=>`.
const NEXT_LINE: &[(&str, &str)] = &[
    ("bare", r"^\s*{N}\s*$"),
    (
        "comment",
        r"^\s*(?:(?:#|//|--)\s*(?:=>|->)?|=>|->)\s*(?:(?:output|prints?|result)\s*:?\s*)?{N}\s*$",
    ),
    (
        "labelled",
        r"^\s*(?:output|result|out\s*\[\d*\]|输出)\s*:\s*{N}\s*$",
    ),
];

static AFTER_RE: LazyLock<Vec<Regex>> =
    LazyLock::new(|| AFTER.iter().map(|(_, t)| tokens::template(t)).collect());
static BEFORE_RE: LazyLock<Vec<Regex>> =
    LazyLock::new(|| BEFORE.iter().map(|(_, t)| tokens::template(t)).collect());
static NEXT_RE: LazyLock<Vec<Regex>> =
    LazyLock::new(|| NEXT_LINE.iter().map(|(_, t)| tokens::template(t)).collect());

/// The value the text right after a call states, and where that statement ends.
fn value_after(tail: &str) -> Option<(i64, usize)> {
    AFTER_RE.iter().find_map(|re| {
        let c = re.captures(tail)?;
        Some((tokens::answer_of(&c)?, c.get(0)?.end()))
    })
}

/// The value the text before a call states, and where that statement starts.
fn value_before(head: &str) -> Option<(i64, usize)> {
    BEFORE_RE.iter().find_map(|re| {
        let c = re.captures(head)?;
        Some((tokens::answer_of(&c)?, c.get(0)?.start()))
    })
}

/// The value printed by line `i`: on the next line of text within three lines (blank lines
/// and fences between), or after an `Output:` label line there.
fn value_next(lines: &[Line], i: usize) -> Option<i64> {
    let mut near = lines[i + 1..]
        .iter()
        .take_while(|l| l.line <= lines[i].line + 3)
        .filter(|l| !l.text.trim().is_empty());
    let next = near.next()?;
    if let Some(n) = NEXT_RE
        .iter()
        .find_map(|re| tokens::answer_of(&re.captures(&next.text)?))
    {
        return Some(n);
    }
    let label = next.text.trim().trim_end_matches(':').to_lowercase();
    if ["output", "输出", "result", "prints"].contains(&label.as_str()) {
        let after = near.next()?;
        return tokens::answer_of(&NEXT_RE[0].captures(&after.text)?);
    }
    None
}

/// Every call of the entry point on line `i` with its value, and the line with each call (and
/// the words stating its value) blanked out, for the other recognisers.
pub fn on_line(lines: &[Line], i: usize) -> (String, Vec<Found>) {
    let text = lines[i].text.as_str();
    let mut rest = text.to_string();
    let mut found = Vec::new();
    for c in CALL.captures_iter(text) {
        let Some(m) = c.get(0) else { continue };
        let mut at: Range<usize> = m.range();
        let mut claimed = None;
        if let Some((n, end)) = value_after(&text[m.end()..]) {
            claimed = Some(n);
            at.end = m.end() + end;
        } else if let Some((n, start)) = value_before(&text[..m.start()]) {
            claimed = Some(n);
            at.start = start;
        } else if PRINTED.is_match(&text[..m.start()]) {
            claimed = value_next(lines, i);
        }
        rest.replace_range(at.clone(), &" ".repeat(at.len()));
        found.push(Found {
            at,
            board: c["b"].to_string(),
            hand: c["h"].to_string(),
            claimed,
        });
    }
    (rest, found)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Vec<(String, String, Option<i64>)> {
        let ls = super::super::source::lines_of(text);
        ls.iter()
            .enumerate()
            .flat_map(|(i, _)| on_line(&ls, i).1)
            .map(|f| (f.board, f.hand, f.claimed))
            .collect()
    }

    /// One line per language and style, with the value it states.
    #[test]
    fn assertions_and_prints_in_every_language() {
        let table: &[(&str, Option<i64>)] = &[
            ("assert Solution().findMinStep(\"WRRBBW\", \"RB\") == -1", Some(-1)),
            ("self.assertEqual(s.findMinStep('WRRBBW', 'RB'), -1)", Some(-1)),
            ("assertEquals(-1, instance.findMinStep(\"WRRBBW\", \"RB\"));", Some(-1)),
            ("assertThat(new Solution().findMinStep(\"WRRBBW\", \"RB\"), equalTo(-1));", Some(-1)),
            ("assertThat(sol.findMinStep(\"WRRBBW\", \"RB\")).isEqualTo(-1);", Some(-1)),
            ("assert.Equal(t, -1, findMinStep(\"WRRBBW\", \"RB\"))", Some(-1)),
            ("EXPECT_EQ(s.findMinStep(\"WRRBBW\", \"RB\"), -1);", Some(-1)),
            ("EXPECT_EQ(-1, s.findMinStep(\"WRRBBW\", \"RB\"));", Some(-1)),
            ("assert_eq!(Solution::find_min_step(\"WRRBBW\".to_string(), \"RB\".to_string()), -1);", Some(-1)),
            ("assert_eq!(Solution::find_min_step(String::from(\"WRRBBW\"), String::from(\"RB\")), -1);", Some(-1)),
            ("expect(findMinStep(\"WRRBBW\", \"RB\")).toBe(-1);", Some(-1)),
            ("assert.strictEqual(findMinStep(\"WRRBBW\", \"RB\"), -1);", Some(-1)),
            ("Assert.AreEqual(-1, new Solution().FindMinStep(\"WRRBBW\", \"RB\"));", Some(-1)),
            ("console.log(findMinStep(\"WRRBBW\", \"RB\")); // -1", Some(-1)),
            ("print(Solution().findMinStep(\"WRRBBW\", \"RB\"))  # Output: -1", Some(-1)),
            ("println!(\"{}\", Solution::find_min_step(\"WRRBBW\".into(), \"RB\".into())); // -1", Some(-1)),
            ("fmt.Println(findMinStep(\"WRRBBW\", \"RB\")) // -1", Some(-1)),
            ("System.out.println(new Solution().findMinStep(\"WRRBBW\", \"RB\")); // expected -1", Some(-1)),
            ("echo $s->findMinStep(\"WRRBBW\", \"RB\"); // -1", Some(-1)),
            ("puts find_min_step(\"WRRBBW\", \"RB\") # => -1", Some(-1)),
            ("findMinStep(board = \"WRRBBW\", hand = \"RB\") returns -1", Some(-1)),
            ("findMinStep(\"WRRBBW\", \"RB\") === -1", Some(-1)),
            ("print(Solution().findMinStep('WRRBBW', 'RB'))", None),
        ];
        for (line, n) in table {
            assert_eq!(
                read(line),
                [("WRRBBW".to_string(), "RB".to_string(), *n)],
                "{line}"
            );
        }
    }

    /// The value on the next line: a doctest, a print and its output.
    #[test]
    fn values_on_the_next_line() {
        let table: &[(&str, Option<i64>)] = &[
            (
                ">>> Solution().findMinStep(\"WRRBBW\", \"RB\")\n-1",
                Some(-1),
            ),
            (
                "print(Solution().findMinStep(\"WRRBBW\", \"RB\"))\n# Output: -1",
                Some(-1),
            ),
            (
                "console.log(findMinStep(\"WRRBBW\", \"RB\"));\n// => -1",
                Some(-1),
            ),
            // Not printed: the next line's number is not its value.
            ("x = findMinStep(\"WRRBBW\", \"RB\")\n-1", None),
            // An output block after the code: a blank line or a fence between.
            ("print(findMinStep(\"WRRBBW\", \"RB\"))\n\n-1", Some(-1)),
            (
                "print(findMinStep(\"WRRBBW\", \"RB\"))\nOutput:\n-1",
                Some(-1),
            ),
            (
                "In [3]: Solution().findMinStep(\"WRRBBW\", \"RB\")\nOut[3]: -1",
                Some(-1),
            ),
            // Too far: not its output.
            ("print(findMinStep(\"WRRBBW\", \"RB\"))\n\n\n\n-1", None),
        ];
        for (text, n) in table {
            assert_eq!(
                read(text),
                [("WRRBBW".to_string(), "RB".to_string(), *n)],
                "{text}"
            );
        }
    }
}
