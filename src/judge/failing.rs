//! A failing input: the strings a solution was called with, the oracle's answer and witness,
//! and what the solution did.

use serde::Serialize;

use crate::game::moves::compact;
use crate::game::oracle::{Answer, Solved};
use crate::game::rules::Instance;
use crate::judge::case_result::{failure_message, CaseResult};
use crate::judge::verdict::Verdict;

/// A sweep's first failing class.
#[derive(Clone, Debug, Serialize)]
pub struct SweepFailure {
    /// The representative's board.
    pub board: String,
    /// Its hand, in `RYBGW` order.
    pub hand: String,
    /// The oracle's answer.
    pub oracle: i32,
    /// What the solution returned, if it returned.
    pub got: Option<i32>,
    /// `WA`, `TLE`, `RE` or `MLE`.
    pub verdict: &'static str,
}

/// A failing input with the truth about it.
#[derive(Clone, Debug, Serialize)]
pub struct FailingInput {
    /// The board.
    pub board: String,
    /// The hand.
    pub hand: String,
    /// The oracle's answer.
    pub oracle: i32,
    /// What the solution returned, if it returned.
    pub got: Option<i32>,
    /// `WA`, `RE`, ...
    pub verdict: &'static str,
    /// The oracle's optimal moves, e.g. `["W@9", "B@8"]` (colour@gap); empty for -1.
    pub witness: Vec<String>,
    /// For RE/TLE/MLE: what happened.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// Board plus hand, in balls.
    pub size: usize,
    /// The input and the oracle's answer, typed, for the reporters' witnesses.
    #[serde(skip)]
    pub solved: Solved,
}

/// A failing call: the strings it was called with, the truth and the verdict.
#[derive(Clone)]
pub(super) struct Failed {
    pub(super) board: String,
    pub(super) hand: String,
    pub(super) instance: Instance,
    pub(super) answer: Answer,
    pub(super) verdict: Verdict,
    pub(super) case: String,
}

impl Failed {
    pub(super) fn failing(&self) -> FailingInput {
        let mut f = failing_input(&self.instance, &self.answer, &self.verdict);
        (f.board, f.hand) = (self.board.clone(), self.hand.clone());
        f
    }
}

/// The failing input of a failing case result, as it was called.
pub(super) fn failing_of_result(r: &CaseResult, inst: &Instance, ans: &Answer) -> FailingInput {
    let moves = ans.witness.clone().unwrap_or_default();
    FailingInput {
        board: r.board.clone(),
        hand: r.hand.clone(),
        oracle: r.oracle,
        got: r.got,
        verdict: r.verdict.code(),
        witness: compact(&moves)
            .split_whitespace()
            .map(String::from)
            .collect(),
        message: r.message.clone(),
        size: inst.size(),
        solved: Solved {
            instance: inst.clone(),
            answer: ans.clone(),
        },
    }
}

pub(super) fn failing_input(inst: &Instance, ans: &Answer, v: &Verdict) -> FailingInput {
    let moves = ans.witness.clone().unwrap_or_default();
    FailingInput {
        board: inst.board.to_string(),
        hand: inst.hand.to_string(),
        oracle: ans.as_i32(),
        got: v.got(ans.as_i32()),
        verdict: v.kind().code(),
        witness: compact(&moves)
            .split_whitespace()
            .map(String::from)
            .collect(),
        message: failure_message(v),
        size: inst.size(),
        solved: Solved {
            instance: inst.clone(),
            answer: ans.clone(),
        },
    }
}
