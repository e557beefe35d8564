//! A submission's streak of limit verdicts (TLE or MLE): the wall-clock limit shortened after
//! its first TLE, and the cases skipped after `[judging] tle_skip_after` in a row (cases are
//! judged easiest first by [`effort`], so each skipped case is at least as hard as the
//! streak's).

use crate::cases::case::Case;
use crate::cases::config::{Config, Judging};
use crate::game::oracle::{Answer, Solved};
use crate::game::rules::Instance;
use crate::judge::case_result::CaseResult;
use crate::judge::case_verdict::{CaseVerdict, SkipReason, Streak};
use crate::judge::execute::Executor;
use crate::judge::verdict::{Verdict, VerdictKind};

/// How hard a case is for a submission, the order cases are judged in (easiest first): the
/// size of the plain search tree down to the answer, `(gaps x balls in hand)` multiplied over
/// each move the answer takes (every move the hand allows for -1). It grows with the board,
/// the hand and the answer, as a submission's search does. Not the oracle's own effort: its
/// bounds settle the hardest input for a plain search (`hard.toml#jury-timeout`, which a
/// plain search takes a million states over) in 0 states. Saturates at `u64::MAX`.
pub(super) fn effort(instance: &Instance, answer: &Answer) -> u64 {
    let (board, hand) = (instance.board.len() as u64, instance.hand.len() as u64);
    let moves = u64::try_from(answer.as_i32()).unwrap_or(hand).min(hand);
    (0..moves).fold(1u64, |e, k| e.saturating_mul((board + k + 1) * (hand - k)))
}

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
    /// The case that last extended the streak, `file.toml#name`.
    last: String,
}

impl TleStreak {
    /// Counts case `case`'s verdict `v`.
    pub(super) fn saw(
        &mut self,
        (case, v): (&str, &Verdict),
        exec: &mut dyn Executor,
        config: &Config,
    ) {
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
        self.last = case.to_string();
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

    /// Why a case is skipped after the streak: how many limit verdicts in a row, which, and
    /// the case that ended it; the reason and its message.
    pub(super) fn reason(&self) -> (SkipReason, String) {
        let all = |k| self.streak.iter().all(|&s| s == k);
        let of = if all(VerdictKind::TimeLimitExceeded) {
            Streak::Tle
        } else if all(VerdictKind::MemoryLimitExceeded) {
            Streak::Mle
        } else {
            Streak::TleOrMle
        };
        let why = SkipReason::LimitStreak {
            count: self.streak.len(),
            of,
        };
        (why, why.describe(&self.last))
    }
}

/// The result of a case skipped for `why`, which `message` says in words.
pub(super) fn skipped(
    c: &Case,
    solved: Solved,
    (why, message): (SkipReason, String),
) -> CaseResult {
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
        message: Some(message),
        visibility: c.visibility,
        solved,
    }
}
