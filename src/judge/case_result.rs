//! One case as one solution saw it: the input, the oracle's answer, the verdict, and the
//! call's times and memory, as the reports and the JSON report take it.

use serde::{Deserialize, Serialize};

use crate::cases::case::Visibility;
use crate::game::oracle::Solved;
use crate::judge::case_verdict::CaseVerdict;
use crate::judge::execute::Outcome;
use crate::judge::verdict::Verdict;

/// One case as a solution saw it. JSON keys as GUIDE.md's "Verdicts and exit codes" lists
/// them. Read back (a grade shard report) with [`unsolved`] in `solved`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CaseResult {
    /// `file.toml#name`.
    pub case: String,
    /// The board.
    pub board: String,
    /// The hand.
    pub hand: String,
    /// The oracle's answer, moves or -1.
    pub oracle: i32,
    /// What the solution returned, if it returned.
    pub got: Option<i32>,
    /// Judged (`AC`, `WA`, `TLE`, `RE` or `MLE`) or skipped (`SKIP`); in JSON, its code.
    pub verdict: CaseVerdict,
    /// What passing it is worth (the case's `points`, default 1).
    pub points: u64,
    /// Wall time of the call, in milliseconds.
    pub time_ms: f64,
    /// CPU time of the call, in milliseconds (see [`crate::judge::execute::Outcome::cpu_ms`]).
    pub cpu_ms: f64,
    /// Peak resident memory of the call, every process of the worker, in KiB (see
    /// [`crate::judge::execute::Outcome::memory_kib`]); null for an in-process call.
    pub memory_kib: Option<u64>,
    /// With `run --repeat N`: the wall time of every call, in milliseconds (`time_ms` is their
    /// median); omitted for a single call. A baseline reads their spread as the noise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub times_ms: Vec<f64>,
    /// Runs of the case: more than 1 when its CPU time landed within a factor
    /// [`crate::judge::timing::MARGIN`] of the limit (see [`crate::judge::call::judge_stable`]); omitted for 1.
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub runs: usize,
    /// With reruns: the CPU time of every run, in milliseconds, in order (the case is judged on
    /// the fastest, whose times are `time_ms` and `cpu_ms`); omitted for one run.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cpu_runs_ms: Vec<f64>,
    /// For RE/TLE/MLE: what happened; for SKIP, why.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// Who may see the case in output meant for students (the case's `visibility`); omitted
    /// when visible. The grader's own reports show every case.
    #[serde(default, skip_serializing_if = "is_visible")]
    pub visibility: Visibility,
    /// The input and the oracle's answer, typed, for the reporters' witnesses.
    #[serde(skip, default = "unsolved")]
    pub solved: Solved,
}

/// What a case result or failing input read back from JSON holds in `solved` until its reader
/// solves the input again (the JSON keeps no instance): an empty board and hand, no witness.
pub fn unsolved() -> Solved {
    Solved {
        instance: crate::game::rules::Instance {
            board: Default::default(),
            hand: Default::default(),
        },
        answer: crate::game::oracle::Answer {
            witness: None,
            states: 0,
            exhausted_budget: 0,
            stats: Default::default(),
        },
    }
}

fn one() -> usize {
    1
}

fn is_visible(v: &Visibility) -> bool {
    *v == Visibility::Visible
}

fn is_one(n: &usize) -> bool {
    *n == 1
}

/// The result of one judged call (or its fastest run, with reruns' CPU times `cpus`).
pub(super) fn case_result(
    case: String,
    (board, hand): (&str, &str),
    solved: Solved,
    verdict: &Verdict,
    out: &Outcome,
    cpus: Vec<f64>,
    points: u64,
) -> CaseResult {
    let oracle = solved.answer.as_i32();
    CaseResult {
        case,
        points,
        board: board.to_string(),
        hand: hand.to_string(),
        oracle,
        got: verdict.got(oracle),
        verdict: verdict.kind().into(),
        time_ms: out.wall_ms,
        cpu_ms: out.cpu_ms,
        memory_kib: out.memory_kib,
        times_ms: out.repeats_ms.clone(),
        runs: cpus.len().max(1),
        cpu_runs_ms: cpus,
        message: failure_message(verdict),
        visibility: Visibility::Visible,
        solved,
    }
}

/// What happened, for a verdict that is not an answer (RE, TLE, MLE); `None` for AC and WA.
pub(super) fn failure_message(v: &Verdict) -> Option<String> {
    match v {
        Verdict::Accepted | Verdict::WrongAnswer { .. } => None,
        other => Some(other.describe()),
    }
}
