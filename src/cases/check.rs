//! A suite checked against the oracle before any solution runs: the truth of every valid
//! case, each case's own `expected` and `invalid`, and every third-party claim, its moves
//! replayed through the rules. `run`, `grade` and `audit` share it.

use std::time::Instant;

use serde::Serialize;

use crate::cases::case::{self, Case, Suite};
use crate::game::oracle::{Answer, Oracle, WitnessError};

/// A third-party claim checked against the oracle. JSON keys as GUIDE.md's "Verdicts and exit
/// codes" lists them, plus extras.
#[derive(Clone, Debug, Serialize)]
pub struct ClaimReport {
    /// `file.toml#name`.
    pub case: String,
    /// Who claimed it.
    pub source: String,
    /// The claimed answer; null for a claim of moves only.
    pub claimed: Option<i64>,
    /// A claimed move sequence, replayed (null when the claim names no moves). The claim
    /// holds only when the moves are legal and leave `leaves` (empty: they clear the board).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves: Option<crate::game::moves::MovesCheck>,
    /// The board the moves are claimed to leave; empty for "they clear it".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub leaves: Option<String>,
    /// The oracle's answer; null when the input is outside the constraints.
    pub oracle: Option<i32>,
    /// Whether the claim is right. A claim about an input outside the constraints never holds.
    pub holds: bool,
    /// Whether a refutation fails the run.
    pub strict: bool,
    /// Why the input was rejected, when it was.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rejected: Option<String>,
}

impl ClaimReport {
    /// What was claimed, for people: `2`, or `moves R@4 B@4`, `moves R@1 B@1 leaving WW`.
    pub fn claimed_text(&self) -> String {
        let moves = self.moves.as_ref().map(|m| {
            let leaves = self.leaves.as_deref().unwrap_or("");
            let tail = if leaves.is_empty() {
                String::new()
            } else {
                format!(" leaving {leaves}")
            };
            format!("moves {}{tail}", m.moves.join(" "))
        });
        match (self.claimed, moves) {
            (Some(a), Some(m)) => format!("{a} ({m})"),
            (Some(a), None) => a.to_string(),
            (None, Some(m)) => m,
            (None, None) => "nothing".into(),
        }
    }
}

/// A case's own assertion (`expected` or `invalid`) checked against the truth.
#[derive(Clone, Debug, Serialize)]
pub struct ExpectationReport {
    /// `file.toml#name`.
    pub case: String,
    /// 1-based line of the case in its file.
    pub line: usize,
    /// What the case file says, e.g. `expected = 2` or `invalid = "three in a row"`.
    pub asserted: String,
    /// The truth, e.g. `2` or `invalid: three in a row: ...`.
    pub truth: String,
    /// Whether they agree.
    pub holds: bool,
}

/// The oracle's truth for every valid case of a suite, in case order (`None` for an invalid
/// input), plus the suite's own assertions and claims checked against it.
#[derive(Clone)]
pub struct Checked {
    /// Per case, the oracle's answer for a valid input.
    pub truth: Vec<Option<Answer>>,
    /// Every claim.
    pub claims: Vec<ClaimReport>,
    /// Every assertion.
    pub expectations: Vec<ExpectationReport>,
    /// Expanded states, summed.
    pub states: u64,
    /// Oracle wall time, in milliseconds.
    pub ms: f64,
}

/// One claim checked: its answer against the oracle's, its moves replayed through the rules.
/// A claim about an input outside the constraints never holds.
pub fn claim_report(
    c: &crate::cases::case::Case,
    cl: &crate::cases::case::Claim,
    oracle_value: Option<i32>,
    oracle: &mut Oracle,
) -> Result<ClaimReport, WitnessError> {
    let moves = match (&c.input, &cl.moves) {
        (Ok(i), Some(m)) => Some(crate::game::moves::check(i, &c.hand, m, oracle)?),
        _ => None,
    };
    let answer_holds = cl
        .answer
        .is_none_or(|a| oracle_value.map(i64::from) == Some(a));
    let moves_holds = match (&cl.moves, &moves) {
        (None, _) => true,
        (Some(_), Some(m)) => m.legal && m.leaves == cl.leaves,
        (Some(_), None) => false,
    };
    Ok(ClaimReport {
        case: c.id.clone(),
        source: cl.source.clone(),
        claimed: cl.answer,
        moves,
        leaves: cl.moves.as_ref().map(|_| cl.leaves.clone()),
        oracle: oracle_value,
        holds: c.input.is_ok() && answer_holds && moves_holds,
        strict: cl.strict,
        rejected: c.input.as_ref().err().map(ToString::to_string),
    })
}

/// Solves every valid case and checks `expected`, `invalid` and the claims.
pub fn check_suite(suite: &Suite, oracle: &mut Oracle) -> Result<Checked, WitnessError> {
    let started = Instant::now();
    let mut truth = Vec::new();
    let mut claims = Vec::new();
    let mut expectations = Vec::new();
    let mut states = 0;
    for c in &suite.cases {
        let answer = match &c.input {
            Ok(i) => {
                let a = oracle.solve(i)?;
                states += a.states;
                Some(a)
            }
            Err(_) => None,
        };
        let oracle_value = answer.as_ref().map(Answer::as_i32);
        if let Some(e) = c.expected {
            expectations.push(ExpectationReport {
                case: c.id.clone(),
                line: c.line,
                asserted: format!("expected = {e}"),
                truth: truth_text(c, oracle_value),
                holds: oracle_value.map(i64::from) == Some(e),
            });
        }
        if let Some(asserted) = &c.invalid {
            expectations.push(ExpectationReport {
                case: c.id.clone(),
                line: c.line,
                asserted: format!("invalid = {asserted:?}"),
                truth: truth_text(c, oracle_value),
                holds: c
                    .input
                    .as_ref()
                    .err()
                    .is_some_and(|r| case::reason_matches(asserted, r)),
            });
        }
        for cl in &c.claims {
            claims.push(claim_report(c, cl, oracle_value, oracle)?);
        }
        truth.push(answer);
    }
    Ok(Checked {
        truth,
        claims,
        expectations,
        states,
        ms: started.elapsed().as_secs_f64() * 1e3,
    })
}

fn truth_text(c: &Case, oracle: Option<i32>) -> String {
    match (&c.input, oracle) {
        (Err(reason), _) => format!("invalid: {reason}"),
        (Ok(_), Some(v)) => v.to_string(),
        (Ok(_), None) => "unknown".into(),
    }
}
