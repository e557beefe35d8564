//! Finding the checkable statements of an editorial in its prose lines (and in code that is
//! not a submission, such as a test list): stated answers, board transitions, move sequences
//! and boards mentioned without an answer. Nothing is judged here; see
//! [`crate::editorial::check`]. The shapes recognised are listed in the README ("Checking an
//! editorial").

use std::ops::Range;
use std::sync::LazyLock;

use regex::Regex;

use super::source::Line;
use crate::game::rules::{Colour, Move};

/// One statement found, with the 1-based line it starts on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Statement {
    /// Line in the original file.
    pub line: usize,
    /// What it says.
    pub what: What,
}

/// What a statement says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum What {
    /// `board` + `hand` needs `claimed` moves (-1: impossible).
    Answer {
        /// The board as written.
        board: String,
        /// The hand as written.
        hand: String,
        /// The stated answer.
        claimed: i64,
    },
    /// One step of play: `from` becomes `to` (by one insertion, a removal, or an insertion and
    /// its chain reaction). `colour` is the ball the text says is inserted, if it says.
    Transition {
        /// The board before, letters; empty for the empty board.
        from: String,
        /// The board after, letters; empty for the empty board.
        to: String,
        /// The inserted colour, when named.
        colour: Option<Colour>,
    },
    /// A sequence of moves from `board` (with `hand`, when the text gives it), as stated steps.
    Moves {
        /// The starting board.
        board: String,
        /// The hand, when known.
        hand: Option<String>,
        /// The steps, in order.
        steps: Vec<Step>,
    },
    /// `board` + `hand` is mentioned with no answer.
    Mention {
        /// The board as written.
        board: String,
        /// The hand as written.
        hand: String,
    },
}

/// One stated step of a move sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// The text shows the board as `board` (after an insertion, or after a removal);
    /// `colour` is the ball it says was inserted, if any.
    Shown {
        /// Line in the original file.
        line: usize,
        /// The board shown, letters; empty for the empty board.
        board: String,
        /// The inserted colour, when named.
        colour: Option<Colour>,
    },
    /// The text names a move: `R@2`, `WWRR[R]BBWW` (`before` is then the board it shows the
    /// move on), or "insert R at index 2".
    Insert {
        /// Line in the original file.
        line: usize,
        /// The board the move is shown on, when shown.
        before: Option<String>,
        /// The move.
        mv: Move,
    },
}

impl Step {
    /// Its line.
    pub fn line(&self) -> usize {
        match self {
            Step::Shown { line, .. } | Step::Insert { line, .. } => *line,
        }
    }
}

fn re(s: &str) -> Regex {
    Regex::new(s).expect("the editorial patterns are valid")
}

/// `findMinStep("WRRBBW", "RB") == -1`, `assert_eq!(find_min_step("R".into(), ..), 2)`,
/// `.toBe(2)`, `-> 2`, `returns 2`.
static CALL: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r#"(?i)find_?min_?step\s*\(\s*"([A-Za-z]*)"[\w.()]*?\s*,\s*"([A-Za-z]*)"[\w.()]*?\s*\)\s*\)?\s*(?:===|==|,|->|=>|→|:|\bis\b|\breturns?\b|\bshould be\b|\.to(?:Be|Equal)\(|\)\.to(?:Be|Equal)\()?\s*(-?\d+)?"#,
    )
});
/// `assertEquals(2, findMinStep("RR", "R"))`, `assert_eq!(2, ...)`.
static CALL_EXPECTED_FIRST: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r#"(?i)assert\w*!?\s*\(\s*(-?\d+)\s*,\s*[\w.() ]*?find_?min_?step\s*\(\s*"([A-Za-z]*)"[\w.()]*?\s*,\s*"([A-Za-z]*)""#,
    )
});
/// `board = "WRRBBW", hand = "RB"` on one line.
static PAIR: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r#"(?i)\bboard\s*[=:]\s*["'`]([A-Za-z]*)["'`]\s*[,;]?\s*(?:and\s+)?\bhand\s*[=:]\s*["'`]([A-Za-z]*)["'`]"#,
    )
});
static BOARD_ALONE: LazyLock<Regex> =
    LazyLock::new(|| re(r#"(?i)\bboard\s*[=:]\s*["'`]([A-Za-z]*)["'`]"#));
static HAND_ALONE: LazyLock<Regex> =
    LazyLock::new(|| re(r#"(?i)\bhand\s*[=:]\s*["'`]([A-Za-z]*)["'`]"#));
/// `Output: -1`, `Answer: 2`, `Result = 3` (the number on the same line).
static OUTPUT: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)\b(?:output|result|answer|returns?|expected(?: output)?|total insertions|total moves|minimum(?: insertions| moves)?)\s*(?:is|=|:)\s*(-?\d+)\b",
    )
});
/// A label line (`Result:`, `Total insertions:`) whose number is on the next line.
static LABEL: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)^(?:output|result|answer|returns?|expected(?: output)?|total insertions|total moves|minimum(?: insertions| moves)?)\s*:?$",
    )
});
static NUMBER: LazyLock<Regex> = LazyLock::new(|| re(r"^\s*(-?\d+)\s*$"));
/// `"WRRBBW", "RB"` (a row of a test list), optionally followed by its answer.
static QUOTED_PAIR: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r#"["'`]([RYBGW]+)["'`]\s*(?:,|\||\+|\s)\s*["'`]([RYBGW]+)["'`]\s*(?:(?:,|\||->|=>|→|:|===|==|=)\s*(-?\d+)\b)?"#,
    )
});
/// `RRWWRRBBRR with hand WB`, `RRWWRRBBRR + WB`.
static PROSE_PAIR: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r#"\b([RYBGW]+)\b["'`]?\s+(?:with\s+(?:the\s+|a\s+)?(?:hand\s+)?|and\s+(?:the\s+|a\s+)?hand\s+)["'`]?([RYBGW]+)\b|\b([RYBGW]+)\s\+\s([RYBGW]+)\b"#,
    )
});
/// What follows a prose pair when it states an answer.
static PROSE_ANSWER: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)^[^.;]*?(?:\b(?:needs|need|returns?|answer is|takes|requires|is|gives)|=)\s*(-?\d+)\b|^[^.;]*?\b(impossible|cannot be cleared|can't be cleared|no solution|unsolvable)\b",
    )
});
/// `WWRR[R]BBWW`: R inserted at gap 4 of WWRRBBWW.
static BRACKET: LazyLock<Regex> = LazyLock::new(|| re(r"\b([RYBGW]*)\[([RYBGW])\]([RYBGW]*)"));
/// `R@2`.
static AT: LazyLock<Regex> = LazyLock::new(|| re(r"\b([RYBGW])@(\d+)\b"));
/// What may lie between a move and the same move named again: punctuation, "i.e.", "that is".
static RESTATES: LazyLock<Regex> =
    LazyLock::new(|| re(r"(?i)^[\s(\[:,=-]*(?:i\.?e\.?|that is|or)?[\s(\[:,]*$"));
/// "insert R at index 2", "inserting a 'B' at position 4".
static INSERT_AT: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r#"(?i)\binsert(?:ing|s)?\s+(?:a\s+|an\s+|the\s+|one\s+)?["'`]?([RYBGW])["'`]?\s+(?:ball\s+)?(?:at|into|before)\s+(?:the\s+)?(?:index|position|gap|slot)\s+(\d+)"#,
    )
});
/// "the board becomes WRRRBBW" (letters only: "the row becomes empty" is how editorials
/// describe the goal, not a step).
static BECOMES: LazyLock<Regex> = LazyLock::new(|| {
    re(r#"(?i)\b(?:board|row)\s+(?:now\s+)?(?:becomes|is now|turns into)\s+["'`]?([RYBGW]+)\b"#)
});
/// "Insert 'R'" before "so the board becomes": the colour of a "becomes" step.
static INSERT_COLOUR: LazyLock<Regex> = LazyLock::new(|| {
    re(r#"(?i)\binsert(?:ing|s)?\s+(?:a\s+|an\s+|the\s+|one\s+)?["'`]?([RYBGW])["'`]?(?:\s|$)"#)
});
/// A quoted single colour (`'R'`): three on a line are an alphabet, not a test list.
static QUOTED_LETTER: LazyLock<Regex> = LazyLock::new(|| re(r#"["'`][RYBGW]["'`]"#));
/// A row of a step table: `Insert R WRRRBBW`, `Remove RRR WBBW`, `Initial WRRBBW`.
static STEP_ROW: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)^(initial|start|insert|add|shoot|place|remove|eliminate|clear|collapse)\b(.*)$")
});
static ARROW: LazyLock<Regex> = LazyLock::new(|| re(r"-->|->|→|=>|⟶|⇒"));

/// A word as a board: letters `RYBGW` (a bracketed insertion counts as its letters), or the
/// empty board (`empty`, `(empty)`, `∅`, `""`). `None` for anything else.
fn as_board(word: &str) -> Option<String> {
    let w = word.trim_matches(|c: char| "`'\",.;:!?*".contains(c));
    if ["empty", "(empty)", "∅", "\"\"", "''", "nothing"]
        .iter()
        .any(|e| w.eq_ignore_ascii_case(e))
        || word.trim() == "\"\""
    {
        return Some(String::new());
    }
    let letters: String = w.chars().filter(|c| *c != '[' && *c != ']').collect();
    (!letters.is_empty() && letters.chars().all(|c| Colour::from_char(c).is_some()))
        .then_some(letters)
}

fn words(s: &str) -> Vec<&str> {
    s.split(|c: char| c.is_whitespace() || c == '|' || c == ',')
        .filter(|w| !w.is_empty())
        .collect()
}

/// The chains of boards on an arrow line (`A -> B -> empty`): the last board word before each
/// arrow and the first after it; a part with words between its boards ends one chain and
/// starts the next (`A -> B, and C -> D`). Only chains of two or more boards are kept.
fn arrow_chains(text: &str) -> Vec<Vec<String>> {
    let parts: Vec<&str> = ARROW.split(text).collect();
    let mut chains = Vec::new();
    let mut chain: Vec<String> = Vec::new();
    for (i, part) in parts.iter().enumerate() {
        let ws = words(part);
        let first = ws.first().and_then(|w| as_board(w));
        let last = ws.last().and_then(|w| as_board(w));
        if i > 0 {
            match first {
                Some(b) => chain.push(b),
                None => chain.clear(),
            }
        }
        if i + 1 < parts.len() && (i == 0 || ws.len() > 1) {
            if chain.len() >= 2 {
                chains.push(std::mem::take(&mut chain));
            }
            chain = last.into_iter().collect();
        }
    }
    if chain.len() >= 2 {
        chains.push(chain);
    }
    chains
}

/// State while reading one file's lines in order.
#[derive(Default)]
struct Reader {
    out: Vec<Statement>,
    /// The example being read: its board, hand and line.
    example: Option<(String, String, usize)>,
    /// Its steps so far.
    steps: Vec<Step>,
    /// The last board the text showed, for "the board becomes" and step rows.
    shown: Option<String>,
    /// Column indices of a table's board, hand and answer columns.
    header: Option<(usize, usize, Option<usize>)>,
    /// The line of the example's pair or of its last step: steps further than
    /// [`EXAMPLE_REACH`] lines from it belong to no example.
    last: usize,
    /// The boards the last named move passes through (the insertion, then each removal of its
    /// chain reaction): a board the text states among them is that move, not a new step.
    passing: Vec<String>,
}

/// Lines a step may follow its example's pair (or previous step) by and still belong to it.
const EXAMPLE_REACH: usize = 15;

impl Reader {
    /// A board and hand: an answer when a number was claimed for them, else a mention.
    fn pair(&mut self, line: usize, board: String, hand: String, claimed: Option<i64>) {
        match claimed {
            Some(claimed) => self.push(
                line,
                What::Answer {
                    board,
                    hand,
                    claimed,
                },
            ),
            None => self.push(line, What::Mention { board, hand }),
        }
    }

    /// Adds a statement, once: a comment restating the call before it on the same line
    /// (`findMinStep("GGBB","GB") == 2  # GGBB with GB needs 2`) is the same claim.
    fn push(&mut self, line: usize, what: What) {
        let s = Statement { line, what };
        if !self.out.contains(&s) {
            self.out.push(s);
        }
    }

    /// Closes the example being read: its steps become a move sequence.
    fn close_example(&mut self) {
        let steps = std::mem::take(&mut self.steps);
        if let Some((board, hand, line)) = self.example.take() {
            if steps
                .iter()
                .any(|s| matches!(s, Step::Insert { .. } | Step::Shown { .. }))
            {
                let first = steps.first().map_or(line, Step::line);
                self.push(
                    first,
                    What::Moves {
                        board,
                        hand: Some(hand),
                        steps,
                    },
                );
            }
        }
        self.shown = None;
        self.passing.clear();
    }

    /// A transition from the last shown board to `to`, also a step of the example.
    fn show(&mut self, line: usize, to: String, colour: Option<Colour>) {
        // A board the last named move passes through (its insertion, a removal of its chain
        // reaction, where it settles) is that move, not a new step: no transition of its own.
        // The boards after it stay on the move; any other board ends it. Whether the text may
        // end on it is for the sequence's check (`check::moves_of`).
        let on_the_move = match self.passing.iter().position(|b| *b == to) {
            Some(i) => {
                self.passing.drain(..i);
                true
            }
            None => {
                self.passing.clear();
                false
            }
        };
        if let Some(from) = self.shown.clone().filter(|_| !on_the_move) {
            if from != to {
                self.push(
                    line,
                    What::Transition {
                        from,
                        to: to.clone(),
                        colour,
                    },
                );
            }
        }
        if self.example.is_some() {
            self.steps.push(Step::Shown {
                line,
                board: to.clone(),
                colour,
            });
            self.last = line;
        }
        self.shown = (!to.is_empty()).then_some(to);
    }
}

/// Every statement in `lines` (one file's prose and non-submission code, in file order).
pub fn statements(lines: &[Line]) -> Vec<Statement> {
    let mut r = Reader::default();
    for (i, l) in lines.iter().enumerate() {
        let text = l.text.trim();
        if r.example.is_some() && l.line > r.last + EXAMPLE_REACH {
            r.close_example();
        }
        // A heading starts a new part: no example, and no board on show, runs past it.
        if l.heading {
            r.close_example();
            r.shown = None;
        }
        let (rest, called) = calls(text);
        if !called.is_empty() {
            rows_and_prose(&mut r, l.line, &rest, called);
            continue;
        }
        if let Some((board, hand, board_line)) = pair_at(lines, i) {
            r.close_example();
            match answer_after(lines, i) {
                Some(n) => r.push(
                    board_line,
                    What::Answer {
                        board: board.clone(),
                        hand: hand.clone(),
                        claimed: n,
                    },
                ),
                None => r.push(
                    board_line,
                    What::Mention {
                        board: board.clone(),
                        hand: hand.clone(),
                    },
                ),
            }
            r.shown = Some(board.clone());
            r.example = Some((board, hand, board_line));
            r.last = l.line;
            continue;
        }
        if table_row(&mut r, l.line, text) || rows_and_prose(&mut r, l.line, text, Vec::new()) {
            continue;
        }
        play(&mut r, l.line, text);
    }
    r.close_example();
    r.out
}

/// Every call of the entry point on the line, with its answer (test code, or prose quoting
/// code: `findMinStep("G","GGGGG") == 2 and findMinStep("R","R") == 2`), and the line with the
/// calls blanked out, for the other pairs around them.
fn calls(text: &str) -> (String, Vec<LinePair>) {
    let mut rest = text.to_string();
    let mut found = Vec::new();
    for c in CALL_EXPECTED_FIRST.captures_iter(text) {
        let claimed = c[1].parse().ok();
        found.push((span(&c), c[2].to_string(), c[3].to_string(), Some(claimed)));
        blank(&mut rest, c.get(0));
    }
    for c in CALL.captures_iter(&rest.clone()) {
        let claimed = c.get(3).and_then(|n| n.as_str().parse().ok());
        found.push((span(&c), c[1].to_string(), c[2].to_string(), Some(claimed)));
        blank(&mut rest, c.get(0));
    }
    (rest, found)
}

/// Replaces the match `m` in `text` with spaces, keeping every other byte where it was.
fn blank(text: &mut String, m: Option<regex::Match>) {
    if let Some(m) = m {
        text.replace_range(m.range(), &" ".repeat(m.len()));
    }
}

/// A `board = "..."`/`hand = "..."` pair starting at line `i` (the hand on the same line or
/// one of the next three): `(board, hand, line of the board)`.
fn pair_at(lines: &[Line], i: usize) -> Option<(String, String, usize)> {
    let text = &lines[i].text;
    if let Some(c) = PAIR.captures(text) {
        return Some((c[1].to_string(), c[2].to_string(), lines[i].line));
    }
    let board = BOARD_ALONE.captures(text)?;
    if HAND_ALONE.is_match(text) {
        return None;
    }
    lines[i + 1..]
        .iter()
        .take(3)
        .find_map(|l| HAND_ALONE.captures(&l.text))
        .map(|h| (board[1].to_string(), h[1].to_string(), lines[i].line))
}

/// The answer stated for the pair at line `i`: `Output: N` on it or on a later line, or a label
/// line (`Result:`) followed by a bare number, before the next pair and within 40 lines.
fn answer_after(lines: &[Line], i: usize) -> Option<i64> {
    let end = (i + 40).min(lines.len());
    for j in i..end {
        let text = lines[j].text.trim();
        if j > i && (PAIR.is_match(text) || BOARD_ALONE.is_match(text) && j > i + 3) {
            return None;
        }
        if let Some(c) = OUTPUT.captures(text) {
            return c[1].parse().ok();
        }
        if LABEL.is_match(text) {
            let next = lines.get(j + 1).map(|l| l.text.as_str()).unwrap_or("");
            if let Some(c) = NUMBER.captures(next) {
                return c[1].parse().ok();
            }
        }
    }
    None
}

/// A row of a table whose header names a board and a hand column; true when the line was one
/// (a header or a row).
fn table_row(r: &mut Reader, line: usize, text: &str) -> bool {
    let cells: Vec<String> = text
        .trim_matches('|')
        .split('|')
        .map(|c| {
            c.trim()
                .trim_matches(|c: char| "`'\"".contains(c))
                .to_string()
        })
        .collect();
    if cells.len() < 2 {
        r.header = None;
        return false;
    }
    let find = |pat: &[&str]| {
        cells.iter().position(|c| {
            let c = c.to_lowercase();
            pat.iter().any(|p| c.contains(p))
        })
    };
    if let (Some(b), Some(h)) = (find(&["board"]), find(&["hand"])) {
        let a = find(&[
            "answer", "output", "expected", "result", "moves", "min", "steps",
        ]);
        r.header = Some((b, h, a));
        return true;
    }
    let Some((b, h, a)) = r.header else {
        return false;
    };
    if cells.iter().all(|c| c.chars().all(|ch| "-: ".contains(ch))) {
        return true;
    }
    let (Some(board), Some(hand)) = (cells.get(b), cells.get(h)) else {
        return false;
    };
    let (board, hand) = (board.clone(), hand.clone());
    r.pair(
        line,
        board,
        hand,
        a.and_then(|a| cells.get(a)).and_then(|n| n.parse().ok()),
    );
    true
}

/// A pair found on a line: where it lies, board, hand, and a quoted pair's number (None for a
/// prose pair, whose answer is read from the words after it).
type LinePair = (Range<usize>, String, String, Option<Option<i64>>);

/// The calls found on the line (blanked out of `text`), quoted pairs of a test list and pairs
/// in prose, in line order; true when the line held one.
fn rows_and_prose(r: &mut Reader, line: usize, text: &str, called: Vec<LinePair>) -> bool {
    // Every pair on the line, quoted (`"WRRBBW", "RB"`, with its number) or in prose
    // (`RRWWRRBBRR + WB`, with the answer the words after it give), in line order.
    let alphabet = QUOTED_LETTER.find_iter(text).count() >= 3;
    let mut pairs: Vec<LinePair> = called;
    if !alphabet {
        for c in QUOTED_PAIR.captures_iter(text) {
            let claimed = c.get(3).and_then(|n| n.as_str().parse().ok());
            pairs.push((span(&c), c[1].to_string(), c[2].to_string(), Some(claimed)));
        }
    }
    for c in PROSE_PAIR.captures_iter(text) {
        let at = span(&c);
        if pairs
            .iter()
            .any(|(q, ..)| q.start < at.end && at.start < q.end)
        {
            continue;
        }
        let (board, hand) = match (c.get(1), c.get(2)) {
            (Some(b), Some(h)) => (b.as_str(), h.as_str()),
            _ => (&c[3], &c[4]),
        };
        pairs.push((at, board.to_string(), hand.to_string(), None));
    }
    pairs.sort_by_key(|p| p.0.start);
    for k in 0..pairs.len() {
        let end = pairs.get(k + 1).map_or(text.len(), |n| n.0.start);
        let (at, board, hand, quoted) = pairs[k].clone();
        let claimed = quoted.unwrap_or_else(|| {
            PROSE_ANSWER
                .captures(&text[at.end..end])
                .map(|a| match a.get(1) {
                    Some(n) => n.as_str().parse().unwrap_or(-1),
                    None => -1,
                })
        });
        r.pair(line, board, hand, claimed);
    }
    !pairs.is_empty()
}

/// Transitions and moves: arrows, "the board becomes", step rows, `X[c]Y`, `R@2`, "insert R
/// at index 2".
fn play(r: &mut Reader, line: usize, text: &str) {
    // Named moves and stated boards, in the order the line gives them: "insert R at index 4,
    // so the board becomes WWBBWW; then B@4" is R@4, WWBBWW, B@4.
    let mut events: Vec<(Range<usize>, Event)> = Vec::new();
    for c in BRACKET.captures_iter(text) {
        let before = format!("{}{}", &c[1], &c[3]);
        if let Some(colour) = c[2].chars().next().and_then(Colour::from_char) {
            let mv = Move {
                gap: c[1].len(),
                colour,
            };
            events.push((span(&c), Event::Insert(Some(before), mv)));
        }
    }
    for c in AT.captures_iter(text).chain(INSERT_AT.captures_iter(text)) {
        if let (Some(colour), Ok(gap)) = (
            c[1].chars().next().and_then(Colour::from_char),
            c[2].parse(),
        ) {
            events.push((span(&c), Event::Insert(None, Move { gap, colour })));
        }
    }
    for c in BECOMES.captures_iter(text) {
        if let Some(b) = as_board(&c[1]) {
            events.push((span(&c), Event::Shown(b)));
        }
    }
    events.sort_by_key(|e| e.0.start);
    let mut after_previous = 0;
    for (at, event) in restated_once(text, events) {
        match event {
            Event::Insert(before, mv) => insert(r, line, before, mv),
            Event::Shown(b) => {
                // "Insert 'R'" in the text since the previous event names the colour.
                let colour = INSERT_COLOUR
                    .captures(&text[after_previous.min(at)..at])
                    .and_then(|i| i[1].chars().next())
                    .and_then(Colour::from_char);
                r.show(line, b, colour);
            }
        }
        after_previous = at + 1;
    }
    let chains = arrow_chains(text);
    for chain in &chains {
        for pair in chain.windows(2) {
            if pair[0] != pair[1] {
                r.push(
                    line,
                    What::Transition {
                        from: pair[0].clone(),
                        to: pair[1].clone(),
                        colour: None,
                    },
                );
            }
        }
    }
    if let Some(chain) = chains.last() {
        let last = chain.last().expect("a chain has two boards or more");
        // A chain continues the example only when it starts where the example is; each board
        // after the first is a step (`A -> A' -> B -> B' -> empty` is two moves, shown with
        // their insertions and removals).
        if r.example.is_some() && chain.first() == r.shown.as_ref() {
            for board in &chain[1..] {
                r.steps.push(Step::Shown {
                    line,
                    board: board.clone(),
                    colour: None,
                });
            }
            r.last = line;
        }
        // A cleared board ends the play: no later board "becomes" anything from it.
        r.shown = (!last.is_empty()).then(|| last.clone());
        return;
    }
    if !BECOMES.is_match(text) {
        step_row(r, line, text);
    }
}

/// What `play` found on a line, before it is applied in order.
enum Event {
    /// A named move, with the board it is drawn on (`WWRR[R]BBWW`), if any.
    Insert(Option<String>, Move),
    /// A stated board ("the board becomes WRRRBBW").
    Shown(String),
}

/// Where a match lies.
fn span(c: &regex::Captures) -> Range<usize> {
    c.get(0).map_or(0..0, |m| m.range())
}

/// The events in order, with each move named twice in a row in two notations read once
/// ("insert R at index 4 (R@4)", "R@3, i.e. WWR[R]RBBWW"): the same move with only punctuation or
/// "i.e." / "that is" between. The drawn form is kept, as it also states the board. The same
/// notation twice (`B@1, B@1`) is two moves. Yields where each event starts.
fn restated_once(text: &str, events: Vec<(Range<usize>, Event)>) -> Vec<(usize, Event)> {
    let notation = |r: &Range<usize>| {
        let m = text.get(r.clone()).unwrap_or("");
        (AT.is_match(m), BRACKET.is_match(m))
    };
    // (where the merged run starts, where it ends, its last match, the event)
    let mut out: Vec<(usize, usize, Range<usize>, Event)> = Vec::with_capacity(events.len());
    for (span, event) in events {
        if let (Some((_, end, piece, Event::Insert(drawn, seen))), Event::Insert(now, mv)) =
            (out.last_mut(), &event)
        {
            let between = text.get(*end..span.start).unwrap_or("x");
            if seen == mv && notation(piece) != notation(&span) && RESTATES.is_match(between) {
                if drawn.is_none() {
                    *drawn = now.clone();
                }
                (*end, *piece) = (span.end, span);
                continue;
            }
        }
        out.push((span.start, span.end, span, event));
    }
    out.into_iter().map(|(at, _, _, e)| (at, e)).collect()
}

/// A step-table row: `Initial X` sets the board, `Insert R X` and `Remove RRR X` show the next.
fn step_row(r: &mut Reader, line: usize, text: &str) {
    let Some(c) = STEP_ROW.captures(text) else {
        return;
    };
    if text.ends_with(':') {
        return;
    }
    let ws = words(&c[2]);
    let Some(board) = ws.last().and_then(|w| as_board(w)) else {
        return;
    };
    let verb = c[1].to_lowercase();
    if verb != "initial" && verb != "start" && ws.len() < 2 {
        return;
    }
    // A step row holds only balls and boards after its verb; a sentence is prose.
    let plain = |w: &&str| as_board(w).is_some() || w.eq_ignore_ascii_case("ball");
    if ws.len() > 3 || !ws.iter().all(plain) {
        return;
    }
    if verb == "initial" || verb == "start" {
        r.shown = Some(board);
        return;
    }
    let colour = if ["insert", "add", "shoot", "place"].contains(&verb.as_str()) {
        ws.first()
            .filter(|_| ws.len() >= 2)
            .map(|w| w.trim_matches(|c: char| "`'\"".contains(c)))
            .filter(|w| w.len() == 1)
            .and_then(|w| w.chars().next().and_then(Colour::from_char))
    } else {
        None
    };
    r.show(line, board, colour);
}

/// A named move: a step of the example when there is one.
fn insert(r: &mut Reader, line: usize, before: Option<String>, mv: Move) {
    if r.example.is_none() {
        if let Some(b) = &before {
            // A bracketed board on its own still shows one legal insertion; nothing to check
            // beyond it without a starting board.
            r.shown = Some(b.clone());
        }
        return;
    }
    let from = before.clone().or_else(|| r.shown.clone());
    let played = from
        .and_then(|b| crate::game::rules::Board::from_letters(&b))
        .filter(|b| mv.gap <= b.len())
        .map(|b| b.play(mv));
    // A cleared board ends the play: nothing is shown after it, as after a transition to it.
    r.shown = played
        .as_ref()
        .map(|p| p.after.to_string())
        .filter(|b| !b.is_empty());
    // The boards the move passes through: the text may state one of them next.
    r.passing = played.map_or(Vec::new(), |p| {
        std::iter::once(p.inserted.to_string())
            .chain(p.removals.iter().map(|x| x.after.to_string()))
            .collect()
    });
    r.steps.push(Step::Insert { line, before, mv });
    r.last = line;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_in_words() {
        assert_eq!(as_board("`WWRR[R]BBWW`"), Some("WWRRRBBWW".into()));
        assert_eq!(as_board("empty"), Some(String::new()));
        assert_eq!(as_board("(empty)"), Some(String::new()));
        assert_eq!(as_board("Remove"), None);
        assert_eq!(
            arrow_chains("so `WWBBBWW -> WWWW -> empty`."),
            [vec!["WWBBBWW".to_string(), "WWWW".into(), String::new()]]
        );
        assert_eq!(
            arrow_chains("`WRRBBBW -> W`, and `WWBBBWW -> WWWW`"),
            [
                vec!["WRRBBBW".to_string(), "W".into()],
                vec!["WWBBBWW".to_string(), "WWWW".into()]
            ]
        );
        assert!(arrow_chains("a -> b").is_empty());
    }
}
