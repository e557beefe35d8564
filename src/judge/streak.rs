//! A submission's streak of limit verdicts (TLE or MLE): the wall-clock limit shortened after
//! its first TLE, and the cases skipped after `[judging] tle_skip_after` in a row.

use crate::cases::case::Case;
use crate::cases::config::{Config, Judging};
use crate::game::oracle::Solved;
use crate::judge::case_result::CaseResult;
use crate::judge::case_verdict::{CaseVerdict, SkipReason, Streak};
use crate::judge::execute::Executor;
use crate::judge::verdict::{Verdict, VerdictKind};

/// A submission's run of consecutive limit verdicts (TLE or MLE): after the first TLE its
/// wall-clock limit is shortened to `[judging] wall_after_tle_ms`, and after `tle_skip_after`
/// TLEs or MLEs in a row the rest of its cases are skipped, so a submission that runs out of
/// memory slowly on every case costs a few limits, as a looping one does. It also remembers an
/// MLE: after a TLE or an MLE, a later near-limit TLE or MLE is not rerun (see
/// [`judge_stable`]).
#[derive(Default)]
pub(super) struct TleStreak {
    pub(super) seen: bool,
    pub(super) mle_seen: bool,
    /// The verdicts of the current run of TLEs and MLEs, in order.
    streak: Vec<VerdictKind>,
}

impl TleStreak {
    pub(super) fn saw(&mut self, v: &Verdict, exec: &mut dyn Executor, config: &Config) {
        let kind = v.kind();
        self.mle_seen |= kind == VerdictKind::MemoryLimitExceeded;
        if !matches!(
            kind,
            VerdictKind::TimeLimitExceeded | VerdictKind::MemoryLimitExceeded
        ) {
            self.streak.clear();
            return;
        }
        if kind == VerdictKind::TimeLimitExceeded && !self.seen {
            self.seen = true;
            exec.set_wall_ms(Some(config.judging.wall_after_tle(&config.limits)));
        }
        self.streak.push(kind);
    }

    /// The wall-clock limit the next call runs under, in milliseconds.
    pub(super) fn wall_ms(&self, config: &Config) -> u64 {
        if self.seen {
            config.judging.wall_after_tle(&config.limits)
        } else {
            config.limits.wall_ms()
        }
    }

    pub(super) fn skipping(&self, judging: &Judging) -> bool {
        judging.tle_skip_after > 0 && self.streak.len() >= judging.tle_skip_after
    }

    /// Why a case is skipped after the streak: how many limit verdicts in a row, and which.
    pub(super) fn reason(&self) -> SkipReason {
        let all = |k| self.streak.iter().all(|&s| s == k);
        let of = if all(VerdictKind::TimeLimitExceeded) {
            Streak::Tle
        } else if all(VerdictKind::MemoryLimitExceeded) {
            Streak::Mle
        } else {
            Streak::TleOrMle
        };
        SkipReason::LimitStreak {
            count: self.streak.len(),
            of,
        }
    }
}

/// The result of a case skipped for `why`.
pub(super) fn skipped(c: &Case, solved: Solved, why: SkipReason) -> CaseResult {
    CaseResult {
        case: c.id.clone(),
        board: c.board.clone(),
        hand: c.hand.clone(),
        oracle: solved.answer.as_i32(),
        got: None,
        verdict: CaseVerdict::Skipped(why),
        points: c.points,
        time_ms: 0.0,
        cpu_ms: 0.0,
        memory_kib: None,
        times_ms: Vec::new(),
        runs: 0,
        cpu_runs_ms: Vec::new(),
        message: Some(why.describe()),
        visibility: c.visibility,
        solved,
    }
}
