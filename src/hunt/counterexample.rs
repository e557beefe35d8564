//! Counterexamples as `fuzz` and `exhaust` report them: the input, the oracle's answer and
//! witness, what the candidate said, and the kind of mistake. Shared by both hunters and by
//! `merge`.

use serde::{Deserialize, Serialize};

use crate::game::moves::compact;
use crate::game::oracle::{Answer, Solved};
use crate::game::rules::Instance;
use crate::judge::execute::Failure;
use crate::judge::metamorphic::Inconsistency;

/// How an answer is wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FailureKind {
    /// More moves than the fewest possible (both answers are move counts).
    Overestimate,
    /// Fewer moves than possible.
    Underestimate,
    /// -1 for a board that can be emptied.
    FalseMinusOne,
    /// A move count for a board that cannot be emptied.
    FalseSolvable,
    /// A number below -1: no answer LeetCode's signature allows.
    NotAnAnswer,
    /// No answer at all: a panic, a crash, a time or memory limit.
    NoAnswer,
}

impl FailureKind {
    /// Every kind, in report order.
    pub const ALL: [FailureKind; 6] = [
        FailureKind::Overestimate,
        FailureKind::Underestimate,
        FailureKind::FalseMinusOne,
        FailureKind::FalseSolvable,
        FailureKind::NotAnAnswer,
        FailureKind::NoAnswer,
    ];

    /// For people, e.g. `false -1`.
    pub fn describe(self) -> &'static str {
        match self {
            FailureKind::Overestimate => "overestimate",
            FailureKind::Underestimate => "underestimate",
            FailureKind::FalseMinusOne => "false -1",
            FailureKind::FalseSolvable => "false solvable",
            FailureKind::NotAnAnswer => "not an answer",
            FailureKind::NoAnswer => "no answer",
        }
    }
}

/// The kind of mistake in `got` when the truth is `oracle` (moves, or -1); `None` when right.
pub fn classify(oracle: i32, got: &Result<i32, Failure>) -> Option<FailureKind> {
    let got = match got {
        Ok(g) => *g,
        Err(_) => return Some(FailureKind::NoAnswer),
    };
    Some(match (oracle, got) {
        _ if got == oracle => return None,
        (_, g) if g < -1 => FailureKind::NotAnAnswer,
        (-1, _) => FailureKind::FalseSolvable,
        (_, -1) => FailureKind::FalseMinusOne,
        (o, g) if g > o => FailureKind::Overestimate,
        _ => FailureKind::Underestimate,
    })
}

/// A failing input with the truth about it. JSON keys `board`, `hand`, `oracle`, `got` as in
/// the `run` report's `minimised`, plus the witness and the kind.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Counterexample {
    /// The board.
    pub board: String,
    /// The hand, as passed to the candidate.
    pub hand: String,
    /// The oracle's answer, moves or -1.
    pub oracle: i32,
    /// The candidate's answer; null when it gave none.
    pub got: Option<i32>,
    /// How the answer is wrong.
    pub kind: FailureKind,
    /// The oracle's optimal moves as `colour@gap`, e.g. `["W@9", "B@8"]`; empty for -1.
    pub witness: Vec<String>,
    /// Board plus hand, in balls.
    pub size: usize,
    /// Why there is no answer (a panic message, a limit), when there is none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// When the candidate also disagrees with itself on this input's class, how.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inconsistency: Option<Inconsistency>,
    /// The input and the oracle's answer, typed, for the reporters' witness; `None` only for
    /// one read back from JSON (a shard's), until `merge` checks it against the oracle.
    #[serde(skip)]
    pub solved: Option<Solved>,
}

impl Counterexample {
    /// The counterexample for `inst` (its hand as passed: `hand`), the oracle's `answer`, and
    /// the candidate's `got`. `None` when the candidate was right.
    pub fn new(
        inst: &Instance,
        hand: &str,
        answer: &Answer,
        got: &Result<i32, Failure>,
    ) -> Option<Counterexample> {
        let board = inst.board.to_string();
        let oracle = answer.as_i32();
        let kind = classify(oracle, got)?;
        let moves = answer.witness.clone().unwrap_or_default();
        Some(Counterexample {
            size: board.len() + hand.len(),
            board,
            hand: hand.to_string(),
            oracle,
            got: got.as_ref().ok().copied(),
            kind,
            witness: compact(&moves)
                .split_whitespace()
                .map(String::from)
                .collect(),
            message: got.as_ref().err().map(failure_text),
            inconsistency: None,
            solved: Some(Solved {
                instance: inst.clone(),
                answer: answer.clone(),
            }),
        })
    }

    /// One line, e.g. `board RRWWRRBBRR hand WB: oracle 2, got -1 (false -1)`.
    pub fn describe(&self) -> String {
        let got = match (self.got, &self.message) {
            (Some(g), _) => format!("got {g}"),
            (None, Some(m)) => m.clone(),
            (None, None) => "no answer".into(),
        };
        format!(
            "board {} hand {}: oracle {}, {got} ({})",
            self.board,
            self.hand,
            self.oracle,
            self.kind.describe()
        )
    }
}

/// A failure for people, e.g. `panicked: index out of bounds`.
pub fn failure_text(f: &Failure) -> String {
    match f {
        Failure::Panic(m) => format!("panicked: {m}"),
        Failure::Crash(m) => format!("crashed: {m}"),
        Failure::TimeLimit(l) => format!("over the {l} limit"),
        Failure::MemoryLimit(l) => format!("over the {l} limit"),
        Failure::Stopped(why) => format!("stopped: {why}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds() {
        use FailureKind::*;
        let k = |o, g| classify(o, &Ok(g));
        assert_eq!(k(2, 2), None);
        assert_eq!(k(-1, -1), None);
        assert_eq!(k(2, 3), Some(Overestimate));
        assert_eq!(k(3, 2), Some(Underestimate));
        assert_eq!(k(2, -1), Some(FalseMinusOne));
        assert_eq!(k(-1, 2), Some(FalseSolvable));
        assert_eq!(k(-1, -2), Some(NotAnAnswer));
        assert_eq!(k(2, 0), Some(Underestimate));
        assert_eq!(
            classify(2, &Err(Failure::Panic("boom".into()))),
            Some(NoAnswer)
        );
    }
}
