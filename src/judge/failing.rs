//! A failing input: the strings a solution was called with, the oracle's answer and witness,
//! and what the solution did. One type for a solution's first failure, the sweep's failing
//! class and the minimised input.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::game::moves::compact;
use crate::game::oracle::{Answer, Solved};
use crate::judge::case_result::{failure_message, CaseResult};
use crate::judge::case_verdict::CaseVerdict;
use crate::judge::verdict::{Verdict, VerdictKind};

/// A failing input with the truth about it. JSON: `{board, hand, oracle, got, verdict, witness,
/// message?, size}`; a sweep's failing class shows only `{board, hand, oracle, got, verdict}`
/// (see [`class`]). Read back (a grade shard report) with
/// [`unsolved`](crate::judge::case_result::unsolved) in `solved` and no `case`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct FailingInput {
    /// The board, as called.
    pub board: String,
    /// The hand, as called (a case file's hand in its written order).
    pub hand: String,
    /// The oracle's answer.
    pub oracle: i32,
    /// What the solution returned, if it returned.
    pub got: Option<i32>,
    /// `WA`, `TLE`, `RE` or `MLE`: always judged.
    pub verdict: CaseVerdict,
    /// The oracle's optimal moves, e.g. `["W@9", "B@8"]` (colour@gap); empty for -1.
    pub witness: Vec<String>,
    /// For RE/TLE/MLE: what happened.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// Board plus hand, in balls.
    pub size: usize,
    /// The input and the oracle's answer, typed, for the reporters' witnesses.
    #[serde(skip, default = "crate::judge::case_result::unsolved")]
    pub solved: Solved,
    /// The case it failed as (`file.toml#name`, `sweep#...`); `None` for an input shrinking
    /// found.
    #[serde(skip)]
    pub case: Option<String>,
}

impl FailingInput {
    /// The input `solved` called as `board` and `hand`, given `verdict`.
    pub fn new((board, hand): (&str, &str), solved: Solved, verdict: &Verdict) -> FailingInput {
        let oracle = solved.answer.as_i32();
        FailingInput {
            board: board.to_string(),
            hand: hand.to_string(),
            oracle,
            got: verdict.got(oracle),
            verdict: verdict.kind().into(),
            witness: witness(&solved.answer),
            message: failure_message(verdict),
            size: solved.instance.size(),
            solved,
            case: None,
        }
    }

    /// The input of a failing case result, as it was called.
    pub fn of_result(r: &CaseResult) -> FailingInput {
        FailingInput {
            board: r.board.clone(),
            hand: r.hand.clone(),
            oracle: r.oracle,
            got: r.got,
            verdict: r.verdict,
            witness: witness(&r.solved.answer),
            message: r.message.clone(),
            size: r.solved.instance.size(),
            solved: r.solved.clone(),
            case: Some(r.case.clone()),
        }
    }

    /// The verdict's kind (a failing input is always judged).
    pub fn kind(&self) -> VerdictKind {
        self.verdict
            .kind()
            .expect("a failing input was judged, never skipped")
    }
}

/// The oracle's optimal moves as `colour@gap` words, e.g. `["W@9", "B@8"]`; empty for -1.
pub fn witness(answer: &Answer) -> Vec<String> {
    let moves = answer.witness.clone().unwrap_or_default();
    compact(&moves)
        .split_whitespace()
        .map(String::from)
        .collect()
}

/// Serialises a sweep's failing class as the JSON report shows it: `{board, hand, oracle, got,
/// verdict}` (the representative's hand in `RYBGW` order), or null.
pub fn class<S: Serializer>(failed: &Option<FailingInput>, s: S) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct Class<'a> {
        board: &'a str,
        hand: &'a str,
        oracle: i32,
        got: Option<i32>,
        verdict: CaseVerdict,
    }
    failed
        .as_ref()
        .map(|f| Class {
            board: &f.board,
            hand: &f.hand,
            oracle: f.oracle,
            got: f.got,
            verdict: f.verdict,
        })
        .serialize(s)
}

/// Reads a sweep's failing class back from [`class`]'s JSON: what it keeps, with no witness,
/// message, size, instance or case until its reader puts them back.
pub fn read_class<'de, D: Deserializer<'de>>(d: D) -> Result<Option<FailingInput>, D::Error> {
    #[derive(Deserialize)]
    struct Class {
        board: String,
        hand: String,
        oracle: i32,
        got: Option<i32>,
        verdict: CaseVerdict,
    }
    Ok(Option::<Class>::deserialize(d)?.map(|c| FailingInput {
        board: c.board,
        hand: c.hand,
        oracle: c.oracle,
        got: c.got,
        verdict: c.verdict,
        witness: Vec::new(),
        message: None,
        size: 0,
        solved: crate::judge::case_result::unsolved(),
        case: None,
    }))
}
