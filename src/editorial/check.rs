//! Judging what [`mod@crate::editorial::extract`] found: answers against the oracle (with its
//! witness), transitions against the rules (one insertion, a removal, or an insertion and its
//! chain reaction; a wrong one gets the board the rules give), move sequences replayed.

use serde::Serialize;
use serde_json::{json, Value};

use super::found::Step;
use crate::game::moves::{self, MovesCheck};
use crate::game::oracle::{Oracle, Solved, WitnessError};
use crate::game::rules::{Board, Colour, Constraints, InputError, Instance, Move};

/// What kind of claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ClaimKind {
    /// A stated answer.
    Answer,
    /// A board becoming another.
    Transition,
    /// A sequence of moves.
    Moves,
}

/// One claim, judged. JSON keys per issue 15: `file, line, kind, board, hand, claimed,
/// oracle, holds, valid, reason`, plus `witness` and, for moves, `replay`.
#[derive(Clone, Debug, Serialize)]
pub struct ClaimResult {
    /// The editorial, as given.
    pub file: String,
    /// 1-based line in it.
    pub line: usize,
    /// Answer, transition or moves.
    pub kind: ClaimKind,
    /// The board the claim starts from (a transition's board before).
    pub board: String,
    /// The hand, when the claim has one.
    pub hand: Option<String>,
    /// What the editorial says: a number (answer), a board (transition), moves (`R@2`).
    pub claimed: Value,
    /// The truth: the oracle's answer, the board the rules give, the oracle's answer for
    /// the moves' start. Null for an input outside the constraints.
    pub oracle: Value,
    /// Whether the claim is right. A claim about an invalid input never holds.
    pub holds: bool,
    /// Whether the input is within the constraints.
    pub valid: bool,
    /// Why, in one line: the constraint broken, the removal or move that gives the board, the
    /// replay.
    pub reason: String,
    /// The oracle's optimal moves (answers), or the moves replayed (moves).
    pub witness: Vec<String>,
    /// The replay of a move sequence.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub replay: Option<MovesCheck>,
    /// The board a move sequence's text ends on, when it states one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stated_end: Option<String>,
    /// The claim's board and hand with the oracle's answer, typed, for the reporters' witness,
    /// or why the input was rejected; `None` for a claim with no hand.
    #[serde(skip)]
    pub solved: Option<Result<Solved, InputError>>,
}

/// A board and hand mentioned with no answer, and the oracle's answer for it.
#[derive(Clone, Debug, Serialize)]
pub struct MentionResult {
    /// The editorial.
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// The board as written.
    pub board: String,
    /// The hand as written.
    pub hand: String,
    /// The oracle's answer; null for an invalid input.
    pub oracle: Option<i32>,
    /// Whether the input is within the constraints.
    pub valid: bool,
    /// The constraint broken, or the witness in words.
    pub reason: String,
    /// The oracle's optimal moves.
    pub witness: Vec<String>,
    /// The input, typed, when it is within the constraints.
    #[serde(skip)]
    pub instance: Option<Instance>,
}

/// The oracle on `board` + `hand`: the input and its answer, or the constraint broken.
pub fn solve(
    board: &str,
    hand: &str,
    limits: &Constraints,
    oracle: &mut Oracle,
) -> Result<Result<Solved, InputError>, WitnessError> {
    match Instance::parse(board, hand, limits) {
        Ok(instance) => {
            let answer = oracle.solve(&instance)?;
            Ok(Ok(Solved { instance, answer }))
        }
        Err(e) => Ok(Err(e)),
    }
}

/// A solved input's answer and witness moves (none for -1).
fn value_and_moves(s: &Solved) -> (i32, Vec<Move>) {
    (
        s.answer.as_i32(),
        s.answer.witness.clone().unwrap_or_default(),
    )
}

/// A stated answer.
pub fn answer(
    (file, line): (&str, usize),
    (board, hand, claimed): (&str, &str, i64),
    limits: &Constraints,
    oracle: &mut Oracle,
) -> Result<ClaimResult, WitnessError> {
    let solved = solve(board, hand, limits, oracle)?;
    let (oracle_value, holds, valid, reason, witness) = match solved.as_ref().map(value_and_moves) {
        Ok((v, w)) => {
            let reason = if w.is_empty() {
                "no sequence of moves clears the board".to_string()
            } else {
                format!("the oracle clears it with {}", moves::compact(&w))
            };
            (json!(v), i64::from(v) == claimed, true, reason, w)
        }
        Err(why) => (
            Value::Null,
            false,
            false,
            format!("invalid input: {why}"),
            Vec::new(),
        ),
    };
    Ok(ClaimResult {
        file: file.to_string(),
        line,
        kind: ClaimKind::Answer,
        board: board.to_string(),
        hand: Some(hand.to_string()),
        claimed: json!(claimed),
        oracle: oracle_value,
        holds,
        valid,
        reason,
        witness: witness.iter().map(ToString::to_string).collect(),
        replay: None,
        stated_end: None,
        solved: Some(solved),
    })
}

/// The boards one move from `from` passes through, with how: the board with the ball in,
/// each board of its chain reaction, in order.
fn one_move_boards(from: &Board, colour: Option<Colour>) -> Vec<(Board, Move, String)> {
    let mut out = Vec::new();
    let colours: Vec<Colour> = match colour {
        Some(c) => vec![c],
        None => Colour::ALL.to_vec(),
    };
    for c in colours {
        for gap in 0..=from.len() {
            let mv = Move { gap, colour: c };
            let p = from.play(mv);
            out.push((p.inserted.clone(), mv, format!("{mv} inserts it")));
            for (k, r) in p.removals.iter().enumerate() {
                let how = if k + 1 == p.removals.len() {
                    format!("{mv} and its chain reaction give it")
                } else {
                    format!("{mv}, then removing {}", r.colour.to_string().repeat(r.len))
                };
                out.push((r.after.clone(), mv, how));
            }
        }
    }
    out
}

/// The removals the rules make on a board that holds a run of three or more, each board after.
fn chain(from: &Board) -> Vec<(Board, String)> {
    let mut out = Vec::new();
    let mut b = from.clone();
    while let Some((start, len, colour)) = b.first_triple() {
        let mut balls = b.balls().to_vec();
        balls.drain(start..start + len);
        b = Board::new(balls);
        out.push((b.clone(), colour.to_string().repeat(len)));
    }
    out
}

/// A board becoming another: one insertion, removals of the chain reaction, or both.
pub fn transition(
    (file, line): (&str, usize),
    (from, to, colour): (&str, &str, Option<Colour>),
) -> ClaimResult {
    let parsed = (Board::from_letters(from), Board::from_letters(to));
    let (holds, valid, truth, reason) = match parsed {
        (Some(f), Some(t)) => judge_transition(&f, &t, colour),
        _ => (false, false, Value::Null, "not a board of R Y B G W".into()),
    };
    ClaimResult {
        file: file.to_string(),
        line,
        kind: ClaimKind::Transition,
        board: from.to_string(),
        hand: None,
        claimed: json!(to),
        oracle: truth,
        holds,
        valid,
        reason,
        witness: Vec::new(),
        replay: None,
        stated_end: None,
        solved: None,
    }
}

fn judge_transition(f: &Board, t: &Board, colour: Option<Colour>) -> (bool, bool, Value, String) {
    let show = |b: &Board| moves::show(&b.to_string());
    if f.first_triple().is_some() {
        let steps = chain(f);
        let removed: Vec<&str> = steps.iter().map(|(_, r)| r.as_str()).collect();
        if let Some(k) = steps.iter().position(|(b, _)| b == t) {
            let how = format!(
                "the chain reaction: remove {}",
                removed[..=k].join(", then ")
            );
            return (true, true, json!(t.to_string()), how);
        }
        let end = &steps.last().expect("a board with a triple has a removal").0;
        let how = format!(
            "the rules give {} (remove {})",
            show(end),
            removed.join(", then ")
        );
        return (false, true, json!(end.to_string()), how);
    }
    if f.is_empty() {
        return (false, true, json!(""), "the board is already empty".into());
    }
    let boards = one_move_boards(f, colour);
    if let Some((b, _, how)) = boards.iter().find(|(b, _, _)| b == t) {
        return (true, true, json!(b.to_string()), how.clone());
    }
    // The nearest board the rules can give, by edit distance, to say what was meant.
    let target = t.to_string();
    let nearest = boards
        .iter()
        .min_by_key(|(b, _, _)| strsim::levenshtein(&b.to_string(), &target))
        .expect("a non-empty board has gaps");
    let how = format!(
        "no single move gives {}; the nearest the rules give is {} ({})",
        show(t),
        show(&nearest.0),
        nearest.2
    );
    (false, true, json!(nearest.0.to_string()), how)
}

/// A stated step that no move explains, with the editorial's line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StepError {
    /// The step shows something that is not a board of R Y B G W.
    #[error("line {line}: not a board")]
    NotABoard {
        /// The editorial's line.
        line: usize,
    },
    /// No single move turns the board reached into the board shown.
    #[error("line {line}: no one move from {from} gives {to}")]
    NoMove {
        /// The editorial's line.
        line: usize,
        /// The board reached, shown.
        from: String,
        /// The board the text shows, shown.
        to: String,
    },
    /// The text shows the move on another board than the one reached.
    #[error("line {line}: {mv} is shown on {shown}, but by then the board is {board}")]
    ShownElsewhere {
        /// The editorial's line.
        line: usize,
        /// The move.
        mv: Move,
        /// The board the text shows it on, shown.
        shown: String,
        /// The board reached, shown.
        board: String,
    },
    /// The move's gap is off the board reached.
    #[error("line {line}: gap {gap} is off a board of {len} ball{}", if *len == 1 { "" } else { "s" })]
    OffBoard {
        /// The editorial's line.
        line: usize,
        /// The gap.
        gap: usize,
        /// The board's length.
        len: usize,
    },
}

/// The moves a list of stated steps stands for, replayed from `start`; `Err` names the first
/// step that no move explains. Also returns the last board the text states, when the last
/// step states one.
pub fn moves_of(start: &Board, steps: &[Step]) -> Result<(Vec<Move>, Option<String>), StepError> {
    let mut settled = start.clone();
    let mut passed: Vec<Board> = vec![start.clone()];
    let mut moves = Vec::new();
    let mut last_shown = None;
    for step in steps {
        match step {
            Step::Shown {
                line,
                board,
                colour,
            } => {
                last_shown = Some(board.clone());
                let b = Board::from_letters(board).ok_or(StepError::NotABoard { line: *line })?;
                if passed.contains(&b) {
                    // The last move's insertion, shown before its chain reaction: the text
                    // shows where the ball went, not a different end. A removal board short of
                    // the settled one is still compared with the rules' end.
                    if b != settled && passed.first() == Some(&b) {
                        last_shown = None;
                    }
                    continue;
                }
                let (_, mv, _) = one_move_boards(&settled, *colour)
                    .into_iter()
                    .find(|(x, _, _)| *x == b)
                    .ok_or_else(|| StepError::NoMove {
                        line: *line,
                        from: moves::show(&settled.to_string()),
                        to: moves::show(board),
                    })?;
                (settled, passed) = advance(&settled, mv);
                moves.push(mv);
                // The text showed the insertion before its chain reaction settled.
                if b != settled {
                    last_shown = None;
                }
            }
            Step::Insert { line, before, mv } => {
                last_shown = None;
                can_insert(&settled, *line, before.as_deref(), *mv)?;
                (settled, passed) = advance(&settled, *mv);
                moves.push(*mv);
            }
        }
    }
    Ok((moves, last_shown))
}

/// Whether a named move can be played on `settled`, the board the text has reached: `Err`
/// when the text shows it on another board (`before`), or its gap is off the board.
fn can_insert(
    settled: &Board,
    line: usize,
    before: Option<&str>,
    mv: Move,
) -> Result<(), StepError> {
    if let Some(b) = before.filter(|b| *b != settled.to_string()) {
        return Err(StepError::ShownElsewhere {
            line,
            mv,
            shown: moves::show(b),
            board: moves::show(&settled.to_string()),
        });
    }
    if mv.gap > settled.len() {
        return Err(StepError::OffBoard {
            line,
            gap: mv.gap,
            len: settled.len(),
        });
    }
    Ok(())
}

/// The board after `mv` and every board it passes through.
fn advance(board: &Board, mv: Move) -> (Board, Vec<Board>) {
    let p = board.play(mv);
    let mut passed = vec![p.inserted.clone()];
    passed.extend(p.removals.iter().map(|r| r.after.clone()));
    (p.after, passed)
}

/// A move sequence from `board` (+ `hand`, when stated).
pub fn sequence(
    (file, line): (&str, usize),
    (board, hand, steps): (&str, Option<&str>, &[Step]),
    limits: &Constraints,
    oracle: &mut Oracle,
) -> Result<ClaimResult, WitnessError> {
    let mut out = ClaimResult {
        file: file.to_string(),
        line,
        kind: ClaimKind::Moves,
        board: board.to_string(),
        hand: hand.map(String::from),
        claimed: Value::Null,
        oracle: Value::Null,
        holds: false,
        valid: true,
        reason: String::new(),
        witness: Vec::new(),
        replay: None,
        stated_end: None,
        solved: None,
    };
    if let Some(h) = hand {
        out.solved = Some(solve(board, h, limits, oracle)?);
    }
    let Some(start) = Board::from_letters(board) else {
        out.valid = false;
        out.reason = "not a board of R Y B G W".into();
        return Ok(out);
    };
    let (mvs, stated_end) = match moves_of(&start, steps) {
        Ok(m) => m,
        Err(why) => {
            out.reason = why.to_string();
            return Ok(out);
        }
    };
    out.claimed = json!(mvs.iter().map(ToString::to_string).collect::<Vec<_>>());
    let own: String = mvs.iter().map(|m| m.colour.as_char()).collect();
    let written = hand.unwrap_or(&own);
    let instance = match Instance::parse(board, written, limits) {
        Ok(i) => i,
        Err(e) => {
            out.valid = false;
            out.reason = format!("invalid input: {e}");
            return Ok(out);
        }
    };
    let check = moves::check(&instance, written, &mvs, oracle)?;
    replayed(&mut out, check, stated_end, hand.is_some());
    Ok(out)
}

/// A sequence's result from its replay: it holds when the moves are legal and the text ends
/// where the rules do (when it says where).
fn replayed(out: &mut ClaimResult, check: MovesCheck, stated_end: Option<String>, hand: bool) {
    out.oracle = json!(check.oracle);
    out.witness = check.moves.clone();
    let end_ok = stated_end.as_ref().is_none_or(|e| *e == check.leaves);
    out.holds = check.legal && end_ok;
    out.reason = check.describe();
    if !hand {
        out.reason
            .push_str(" (no hand stated: the moves' own balls)");
    }
    if let (false, Some(e)) = (end_ok, &stated_end) {
        out.reason.push_str(&format!(
            "; the text ends on {}, the rules on {}",
            moves::show(e),
            moves::show(&check.leaves)
        ));
    }
    out.replay = Some(check);
    out.stated_end = stated_end;
}

/// A mentioned board and hand, with the oracle's answer.
pub fn mention(
    (file, line): (&str, usize),
    (board, hand): (&str, &str),
    limits: &Constraints,
    oracle: &mut Oracle,
) -> Result<MentionResult, WitnessError> {
    let solved = solve(board, hand, limits, oracle)?;
    let (value, valid, reason, witness) = match solved.as_ref().map(value_and_moves) {
        Ok((v, w)) if w.is_empty() => (Some(v), true, "no sequence clears it".into(), w),
        Ok((v, w)) => (
            Some(v),
            true,
            format!("cleared by {}", moves::compact(&w)),
            w,
        ),
        Err(why) => (None, false, format!("invalid input: {why}"), Vec::new()),
    };
    Ok(MentionResult {
        file: file.to_string(),
        line,
        board: board.to_string(),
        hand: hand.to_string(),
        oracle: value,
        valid,
        reason,
        witness: witness.iter().map(ToString::to_string).collect(),
        instance: solved.ok().map(|s| s.instance),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(from: &str, to: &str, c: Option<Colour>) -> (bool, String, String) {
        let r = transition(("x.md", 1), (from, to, c));
        (
            r.holds,
            r.oracle.as_str().unwrap_or("").to_string(),
            r.reason,
        )
    }

    #[test]
    fn transitions_follow_the_rules() {
        // A published tutorial's "WRRBBBW -> W": removing BBB leaves WRRW, which is stable.
        assert_eq!(
            t("WRRBBBW", "W", None),
            (
                false,
                "WRRW".into(),
                "the rules give WRRW (remove BBB)".into()
            )
        );
        assert_eq!(
            t("WWBBBWW", "WWWW", None),
            (true, "WWWW".into(), "the chain reaction: remove BBB".into())
        );
        assert_eq!(
            t("WWBBBWW", "", None),
            (
                true,
                "".into(),
                "the chain reaction: remove BBB, then WWWW".into()
            )
        );
        assert_eq!(
            t("WRRBBW", "WRRRBBW", Some(Colour::R)),
            (true, "WRRRBBW".into(), "R@1 inserts it".into())
        );
        assert_eq!(
            t("WRRBBW", "WBBW", None),
            (
                true,
                "WBBW".into(),
                "R@1 and its chain reaction give it".into()
            )
        );
        assert_eq!(
            t("WRRBBW", "WRRBW", None),
            (
                false,
                "WRRW".into(),
                "no single move gives WRRBW; the nearest the rules give is WRRW (B@3 and its chain reaction give it)".into()
            )
        );
    }
}
