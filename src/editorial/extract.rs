//! Finding the checkable statements of an editorial in its prose lines (and in code that is
//! not a submission, such as a test list): stated answers, board transitions, move sequences,
//! boards mentioned without an answer, and lines that look like a claim but that no recogniser
//! read. Each family of recognisers has its file: [`super::layout`] (LeetCode's example
//! layout), [`super::calls`] (code: assertions, prints, doctests), [`super::tables`],
//! [`super::prose`] (sentences and separators), [`super::play`] (transitions and moves),
//! [`super::unread`]. Nothing is judged here; see [`crate::editorial::check`]. The styles read
//! are listed in GUIDE.md ("Checking an editorial").

use std::ops::Range;

use regex::Regex;

use super::source::Line;
use super::{calls, layout, play, prose, tables, unread};
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
    /// A line that looks like a claim (a board, a hand and an answer-like word) that no
    /// recogniser read; `text` is the line as normalised.
    Unread {
        /// The line's text.
        text: String,
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

/// A board and hand a recogniser found on a line: where, and the answer stated, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// Where it lies on the line (bytes).
    pub at: Range<usize>,
    /// The board as written.
    pub board: String,
    /// The hand as written.
    pub hand: String,
    /// The answer stated (-1: impossible), or none: a mention.
    pub claimed: Option<i64>,
}

impl Found {
    /// From a match with groups `b` and `h`.
    pub fn of(c: &regex::Captures, at: Range<usize>, claimed: Option<i64>) -> Found {
        Found {
            at,
            board: c["b"].to_string(),
            hand: c["h"].to_string(),
            claimed,
        }
    }
}

/// A pattern of the recognisers.
pub(super) fn re(s: &str) -> Regex {
    Regex::new(s).expect("the editorial patterns are valid")
}

/// State while reading one file's lines in order.
#[derive(Default)]
pub struct Reader {
    pub(super) out: Vec<Statement>,
    /// The example being read: its board, hand and line.
    pub(super) example: Option<(String, String, usize)>,
    /// Its steps so far.
    pub(super) steps: Vec<Step>,
    /// The last board the text showed, for "the board becomes" and step rows.
    pub(super) shown: Option<String>,
    /// Column indices of a table's board, hand and answer columns.
    pub(super) header: Option<(usize, usize, Option<usize>)>,
    /// The line of the example's pair or of its last step: steps further than
    /// [`EXAMPLE_REACH`] lines from it belong to no example.
    pub(super) last: usize,
    /// The boards the last named move passes through (the insertion, then each removal of its
    /// chain reaction): a board the text states among them is that move, not a new step.
    pub(super) passing: Vec<String>,
}

/// Lines a step may follow its example's pair (or previous step) by and still belong to it.
pub(super) const EXAMPLE_REACH: usize = 15;

impl Reader {
    /// A board and hand: an answer when a number was claimed for them, else a mention.
    pub(super) fn pair(&mut self, line: usize, board: String, hand: String, claimed: Option<i64>) {
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
    pub(super) fn push(&mut self, line: usize, what: What) {
        let s = Statement { line, what };
        if !self.out.contains(&s) {
            self.out.push(s);
        }
    }

    /// Closes the example being read: its steps become a move sequence.
    pub(super) fn close_example(&mut self) {
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
    pub(super) fn show(&mut self, line: usize, to: String, colour: Option<Colour>) {
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

impl Reader {
    /// The pairs a line holds, in line order; an unsure pair makes the line unread.
    fn found(&mut self, line: usize, mut found: Vec<Found>, unsure: bool, text: &str) {
        found.sort_by_key(|f| f.at.start);
        for f in found {
            self.pair(line, f.board, f.hand, f.claimed);
        }
        if unsure {
            self.unread(line, text);
        }
    }

    /// A line that looks like a claim that no recogniser read.
    pub(super) fn unread(&mut self, line: usize, text: &str) {
        self.push(
            line,
            What::Unread {
                text: text.to_string(),
            },
        );
    }
}

/// Every statement in `lines` (one file's prose and non-submission code, in file order, each
/// line normalised).
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
        let before = r.out.len();
        read_line(&mut r, lines, i, text);
        let answered = r.out[before..].iter().any(|s| {
            s.line == l.line && matches!(s.what, What::Answer { .. } | What::Unread { .. })
        });
        if !answered && unread::looks_like_a_claim(text) {
            r.unread(l.line, text);
        }
    }
    r.close_example();
    r.out
}

/// The statements of line `i`: calls first, then the example layout, a table row, pairs in
/// prose, and else transitions and moves.
fn read_line(r: &mut Reader, lines: &[Line], i: usize, text: &str) {
    let line = lines[i].line;
    let (rest, called) = calls::on_line(lines, i);
    if !called.is_empty() {
        let taken: Vec<Range<usize>> = called.iter().map(|f| f.at.clone()).collect();
        let (more, unsure) = prose::on_line(&rest, &taken);
        r.found(line, called.into_iter().chain(more).collect(), unsure, text);
        return;
    }
    let flattened = layout::examples_on_line(text);
    if !flattened.is_empty() {
        r.close_example();
        r.found(line, flattened, false, text);
        return;
    }
    if let Some((board, hand, board_line)) = layout::pair_at(lines, i) {
        r.close_example();
        let claimed = layout::answer_after(lines, i);
        // A pair in a sentence with no `Output:` after it ("with board = "X" and hand = "Y",
        // you need 2"): the sentence's words say the answer, as for any pair in prose.
        let span = layout::pair_span(text);
        let (in_prose, unsure) = prose::on_line(text, &[]);
        let prose_reads_it = in_prose.iter().any(|f| {
            f.board == board
                && f.hand == hand
                && span.as_ref().is_some_and(|s| f.at.start <= s.start + 1)
        });
        if claimed.is_none() && prose_reads_it {
            r.found(line, in_prose, unsure, text);
        } else {
            r.pair(board_line, board.clone(), hand.clone(), claimed);
            if let Some(span) = span {
                let (rest, unsure) = prose::on_line(text, &[span]);
                r.found(line, rest, unsure, text);
            }
        }
        r.shown = Some(board.clone());
        r.example = Some((board, hand, board_line));
        r.last = line;
        return;
    }
    match tables::row(text, r.header) {
        tables::Row::Header(h) => {
            r.header = Some(h);
            return;
        }
        tables::Row::Other => return,
        tables::Row::Pair(board, hand, claimed) => {
            r.pair(line, board, hand, claimed);
            return;
        }
        tables::Row::None => r.header = None,
    }
    let (found, unsure) = prose::on_line(text, &[]);
    if !found.is_empty() || unsure {
        r.found(line, found, unsure, text);
        return;
    }
    play::play(r, line, text);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Vec<String> {
        let lines: Vec<Line> = super::super::source::lines_of(text)
            .into_iter()
            .map(|l| Line {
                text: super::super::normalise::line(&l.text),
                ..l
            })
            .collect();
        statements(&lines)
            .iter()
            .map(|s| match &s.what {
                What::Answer {
                    board,
                    hand,
                    claimed,
                } => format!("{} {board} + {hand} = {claimed}", s.line),
                What::Mention { board, hand } => format!("{} {board} + {hand}", s.line),
                What::Unread { .. } => format!("{} unread", s.line),
                other => format!("{} {other:?}", s.line),
            })
            .collect()
    }

    /// Which recogniser reads a line first: a call before a pair in prose on the same line, an
    /// example before a table, an unsure pair as unread.
    #[test]
    fn the_order_of_the_recognisers() {
        assert_eq!(
            read("`findMinStep(\"GGBB\",\"GB\") == 2` and RRWWRRBBRR + WB -> 2"),
            ["1 GGBB + GB = 2", "1 RRWWRRBBRR + WB = 2"]
        );
        assert_eq!(
            read("| board | hand | answer |\n|---|---|---|\n| WRRBBW | RB | -1 |"),
            ["3 WRRBBW + RB = -1"]
        );
        assert_eq!(
            read("With board = \"WRRBBW\" and hand = \"RB\", you need at least 2 balls."),
            ["1 WRRBBW + RB", "1 unread"]
        );
        assert_eq!(read("RRWWRRBBRR and WB make 2 in my runs"), ["1 unread"]);
    }
}
