//! One judged call: a solution called on one input and its outcome classified against the
//! oracle's answer, the reruns of a call whose CPU time lands near the limit, and of a call
//! the machine starved at the wall guard.

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
    /// Every run of the call was stopped by the wall-clock guard while the machine starved it
    /// ([`Outcome::starved`]) under the CPU limit: no verdict, and judging goes on.
    #[error("{0}")]
    Overloaded(Overloaded),
}

/// A call the machine was too busy to judge: its last run, in whole milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not judged: machine overloaded ({runs} runs stopped by the {wall_limit_ms} ms wall guard; the last had {cpu_ms} ms of CPU time, under the {cpu_limit_ms} ms limit, and waited {wait_ms} ms for a core); grade again on a quieter machine")]
pub struct Overloaded {
    /// Runs made, every one starved.
    pub runs: usize,
    /// The wall limit the last run was stopped at.
    pub wall_limit_ms: u64,
    /// The last run's CPU time.
    pub cpu_ms: u64,
    /// The CPU limit.
    pub cpu_limit_ms: u64,
    /// The last run's run-queue wait.
    pub wait_ms: u64,
}

/// Judges a call as [`judge_written`] does, then again while another run could change the
/// verdict, and returns the fastest run's verdict and outcome, and every run's CPU time in
/// order when there were reruns (else empty). Two kinds of rerun:
/// - A call stopped by the wall guard under the CPU limit while the machine starved it
///   ([`Outcome::starved`]) is no verdict: it runs again on a fresh worker, up to
///   `[judging] starved_reruns` times, and is [`CallError::Overloaded`] if every run starved.
///   A call that sleeps or blocks stays a TLE of the wall limit.
/// - Up to `[judging] reruns` more runs while the fastest run so far is near the CPU limit:
///   its CPU time at least `limit / MARGIN` ([`timing::MARGIN`] = 1.5) and its verdict one
///   that CPU time decides: AC, WA, or an MLE under `limit * MARGIN` (a faster run could run
///   out of memory before the CPU limit, a slower one after it), or any TLE of the CPU limit,
///   including a call killed at the kill point of `limit * MARGIN`. Once the submission had
///   a TLE or an MLE (`limit_seen`), a TLE or an MLE is not rerun, so a looping submission
///   pays the reruns once. A rerun runs on the worker of the run before when that run ended
///   with a reply (replies are tied to their call by id, so nothing left of it can answer the
///   rerun), and on a fresh one when it was killed at a limit.
pub fn judge_stable(
    exec: &mut dyn Executor,
    (board, hand): (&str, &str),
    oracle: i32,
    config: &Config,
    limit_seen: bool,
) -> Result<(Verdict, Outcome, Vec<f64>), CallError> {
    let mut cpus = Vec::new();
    let (mut verdict, mut out) = unstarved(exec, (board, hand), oracle, config, &mut cpus)?;
    // Once a submission has a TLE or an MLE, a later near-limit TLE or MLE is not rerun: its
    // verdict is a limit's whatever the rerun gives, and each rerun costs nearly a limit.
    let rerun = !(limit_seen
        && matches!(
            verdict.kind(),
            VerdictKind::TimeLimitExceeded | VerdictKind::MemoryLimitExceeded
        ));
    let first_runs = cpus.len();
    while rerun
        && cpus.len() - first_runs < config.judging.reruns
        && near_limit(&verdict, &out, &config.limits)
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

/// The first run of a call that the machine did not starve, each starved run followed by a
/// fresh worker ([`Executor::restart`]); every run's CPU time goes to `cpus`.
fn unstarved(
    exec: &mut dyn Executor,
    (board, hand): (&str, &str),
    oracle: i32,
    config: &Config,
    cpus: &mut Vec<f64>,
) -> Result<(Verdict, Outcome), CallError> {
    let cpu_limit_ms = config.limits.cpu_ms;
    loop {
        let (verdict, out) = judge_written(exec, board, hand, oracle)?;
        cpus.push(out.cpu_ms);
        if !(out.starved() && out.cpu_ms < cpu_limit_ms as f64) {
            return Ok((verdict, out));
        }
        if cpus.len() > config.judging.starved_reruns {
            let Verdict::TimeLimitExceeded {
                limit: Limit::Wall(wall_limit_ms),
            } = verdict
            else {
                unreachable!("a starved call is a TLE of the wall limit")
            };
            return Err(CallError::Overloaded(Overloaded {
                runs: cpus.len(),
                wall_limit_ms,
                cpu_ms: out.cpu_ms as u64,
                cpu_limit_ms,
                wait_ms: out.core_wait_ms as u64,
            }));
        }
        exec.restart();
    }
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
    let under_kill_point = out.cpu_ms < limit * timing::MARGIN;
    let decided_by_cpu = match v {
        Verdict::Accepted | Verdict::WrongAnswer { .. } => true,
        // Killed at the kill point or not: a faster run may answer in time.
        Verdict::TimeLimitExceeded { .. } => !is_wall_tle(v),
        // Which limit a call reaches first, memory or CPU time, depends on the machine's speed
        // when both are close: an MLE in the band is rerun like a TLE, and the fastest run decides.
        Verdict::MemoryLimitExceeded { .. } => under_kill_point,
        _ => false,
    };
    decided_by_cpu && out.cpu_ms >= limit / timing::MARGIN
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
