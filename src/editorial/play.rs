//! Board transitions and move sequences in an example's prose: arrow chains (`A -> B ->
//! empty`), "the board becomes X", step rows (`Insert R X`), bracketed insertions
//! (`WWRR[R]BBWW`), `R@2` and "insert R at index 2". Each feeds the [`Reader`] the example's
//! steps; [`super::check`] replays them.

use std::ops::Range;
use std::sync::LazyLock;

use regex::Regex;

use super::found::{re, Reader, Step, What};
use crate::game::rules::{Colour, Move};

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
/// A row of a step table: `Insert R WRRRBBW`, `Remove RRR WBBW`, `Initial WRRBBW`.
static STEP_ROW: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)^(initial|start|insert|add|shoot|place|remove|eliminate|clear|collapse)\b(.*)$")
});
/// An arrow between two boards; "X becomes Y" between two board words is one too.
static ARROW: LazyLock<Regex> = LazyLock::new(|| re(r"-->|->|→|=>|⟶|⇒|\bbecomes\b"));

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

/// Transitions and moves: arrows, "the board becomes", step rows, `X[c]Y`, `R@2`, "insert R
/// at index 2".
pub fn play(r: &mut Reader, line: usize, text: &str) {
    apply(r, line, text, events(text));
    if !arrows(r, line, text) && !BECOMES.is_match(text) {
        step_row(r, line, text);
    }
}

/// Named moves and stated boards, in the order the line gives them: "insert R at index 4,
/// so the board becomes WWBBWW; then B@4" is R@4, WWBBWW, B@4.
fn events(text: &str) -> Vec<(Range<usize>, Event)> {
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
    events
}

/// Applies a line's events to the reader, in order.
fn apply(r: &mut Reader, line: usize, text: &str, events: Vec<(Range<usize>, Event)>) {
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
}

/// The line's arrow chains (`A -> B -> C`) as transitions, and as steps of the example when
/// they continue it; whether there was one.
fn arrows(r: &mut Reader, line: usize, text: &str) -> bool {
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
        return true;
    }
    false
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
