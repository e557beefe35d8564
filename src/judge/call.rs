//! One judged call: a solution called on one input and its outcome classified against the
//! oracle's answer, and the reruns of a call whose CPU time lands near the limit.

use crate::cases::config::{Config, Limits};
use crate::game::rules::Instance;
use crate::judge::execute::{Executor, Failure, Outcome};
use crate::judge::timing;
use crate::judge::verdict::{Limit, Verdict, VerdictKind};

/// Why a call gave no verdict: the judge, not the solution, failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CallError {
    /// Judging stopped before the call gave a verdict ([`Failure::Stopped`]): Ctrl-C or
    /// SIGTERM, or the judge's own worker could not start; why, e.g. `interrupted`.
    #[error("{0}")]
    Stopped(String),
}

/// Judges a call as [`judge_written`] does, then again, up to `[judging] reruns` times, while
/// the fastest run so far is near the CPU limit: its CPU time in `[limit / MARGIN, limit *
/// MARGIN)` ([`timing::MARGIN`] = 1.5) and its verdict one that CPU time decides (AC, WA, a
/// TLE of the CPU limit, or an MLE, which a faster run could reach before the CPU limit and a
/// slower one after it). Not rerun: a TLE or MLE once the submission had one (`limit_seen`); a TLE of
/// the wall limit (a sleep); a call killed at the
/// CPU budget of `limit * MARGIN` (outside the band); a call stopped at the wall-clock
/// deadline `wall_ms` whatever its message (on a starved machine), which says nothing about how
/// long it would have run and would cost a whole wall limit a rerun. Returns the fastest run's
/// verdict and outcome, and every run's CPU time in order when there were reruns (else empty).
pub fn judge_stable(
    exec: &mut dyn Executor,
    (board, hand): (&str, &str),
    oracle: i32,
    config: &Config,
    (wall_ms, limit_seen): (u64, bool),
) -> Result<(Verdict, Outcome, Vec<f64>), CallError> {
    let (mut verdict, mut out) = judge_written(exec, board, hand, oracle)?;
    let mut cpus = vec![out.cpu_ms];
    // Once a submission has a TLE or an MLE, a later near-limit TLE or MLE is not rerun: its
    // verdict is a limit's whatever the rerun gives, and each rerun costs nearly a limit.
    let rerun = !(limit_seen
        && matches!(
            verdict.kind(),
            VerdictKind::TimeLimitExceeded | VerdictKind::MemoryLimitExceeded
        ));
    while rerun
        && cpus.len() <= config.judging.reruns
        && near_limit(&verdict, &out, &config.limits)
        && out.wall_ms < wall_ms as f64
    {
        let (v, o) = judge_written(exec, board, hand, oracle)?;
        cpus.push(o.cpu_ms);
        if !is_wall_tle(&v) && o.cpu_ms < out.cpu_ms {
            (verdict, out) = (v, o);
        }
    }
    if cpus.len() == 1 {
        cpus.clear();
    }
    Ok((verdict, out, cpus))
}

fn is_wall_tle(v: &Verdict) -> bool {
    matches!(
        v,
        Verdict::TimeLimitExceeded {
            limit: Limit::Wall(_)
        }
    )
}

/// Whether another run could change the verdict: see [`judge_stable`].
fn near_limit(v: &Verdict, out: &Outcome, limits: &Limits) -> bool {
    let limit = limits.cpu_ms as f64;
    let decided_by_cpu = match v {
        Verdict::Accepted | Verdict::WrongAnswer { .. } => true,
        Verdict::TimeLimitExceeded { .. } => !is_wall_tle(v),
        // Which limit a call reaches first, memory or CPU time, depends on the machine's speed
        // when both are close: an MLE in the band is rerun like a TLE, and the fastest run decides.
        Verdict::MemoryLimitExceeded { .. } => true,
        _ => false,
    };
    decided_by_cpu && out.cpu_ms >= limit / timing::MARGIN && out.cpu_ms < limit * timing::MARGIN
}

/// Calls the solution once and classifies the outcome against the oracle's `oracle` answer.
/// Returns the verdict and the call's wall time in milliseconds; a call stopped before it gave
/// a verdict (see [`judge_call`]) counts as a run-time error.
pub fn judge(exec: &mut dyn Executor, instance: &Instance, oracle: i32) -> (Verdict, f64) {
    let (board, hand) = (instance.board.to_string(), instance.hand.to_string());
    judge_as_written(exec, &board, &hand, oracle)
}

/// [`judge`] on a board and hand as written (the hand in its written order).
pub fn judge_as_written(
    exec: &mut dyn Executor,
    board: &str,
    hand: &str,
    oracle: i32,
) -> (Verdict, f64) {
    match judge_written(exec, board, hand, oracle) {
        Ok((v, out)) => (v, out.wall_ms),
        Err(why) => (
            Verdict::RunTimeError {
                message: why.to_string(),
            },
            0.0,
        ),
    }
}

/// Calls the solution once and classifies the outcome against the oracle's `oracle` answer.
/// Returns the verdict and the [`Outcome`] (wall and CPU time), or why judging stopped
/// ([`Failure::Stopped`]: Ctrl-C, or the judge's own worker could not start).
pub fn judge_call(
    exec: &mut dyn Executor,
    instance: &Instance,
    oracle: i32,
) -> Result<(Verdict, Outcome), CallError> {
    judge_written(
        exec,
        &instance.board.to_string(),
        &instance.hand.to_string(),
        oracle,
    )
}

/// [`judge_call`] on the strings as written (a case file's `board` and `hand`, the hand in its
/// own order), which must be a valid input whose answer is `oracle`.
pub fn judge_written(
    exec: &mut dyn Executor,
    board: &str,
    hand: &str,
    oracle: i32,
) -> Result<(Verdict, Outcome), CallError> {
    let out = exec.call(board, hand);
    let verdict = match out.result.clone() {
        Ok(got) if got == oracle => Verdict::Accepted,
        Ok(got) => Verdict::WrongAnswer {
            expected: oracle,
            got,
        },
        Err(Failure::Panic(message)) => Verdict::RunTimeError {
            message: format!("panicked: {message}"),
        },
        Err(Failure::Crash(message)) => Verdict::RunTimeError { message },
        Err(Failure::TimeLimit(limit)) => Verdict::TimeLimitExceeded { limit },
        Err(Failure::MemoryLimit(limit)) => Verdict::MemoryLimitExceeded { limit },
        Err(Failure::Stopped(why)) => return Err(CallError::Stopped(why)),
    };
    Ok((verdict, out))
}
