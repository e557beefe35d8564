//! Finding the checkable statements of an editorial in its prose lines (and in code that is
//! not a submission, such as a test list): stated answers, board transitions, move sequences,
//! boards mentioned without an answer, and lines that look like a claim but that no recogniser
//! read. Each family of recognisers has its file: [`super::layout`] (LeetCode's example
//! layout), [`super::calls`] (code: assertions, prints, doctests), [`super::tables`],
//! [`super::prose`] (sentences and separators), [`super::play`] (transitions and moves),
//! [`super::unread`]. Nothing is judged here; see [`crate::editorial::check`]. The styles read
//! are listed in GUIDE.md ("Checking an editorial").

use std::ops::Range;

use super::found::{Reader, EXAMPLE_REACH};
use super::found::{Statement, What};
use super::source::Line;
use super::{calls, layout, play, prose, tables, unread};

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
