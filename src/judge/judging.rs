//! One solution being judged: its executor, the run's configuration, the event sink, its
//! streak of limit verdicts and why judging stopped, shared by the cases, the sweep and
//! shrinking; and the calls made under them.

use crate::cases::case::Case;
use crate::cases::config::Config;
use crate::game::oracle::{Answer, Solved};
use crate::game::rules::Instance;
use crate::judge::call::{judge_stable, CallError};
use crate::judge::case_result::CaseResult;
use crate::judge::events::Event;
use crate::judge::execute::{Executor, Outcome};
use crate::judge::failing::FailingInput;
use crate::judge::report::SweepReport;
use crate::judge::streak::TleStreak;
use crate::judge::verdict::Verdict;
use crate::submission::registry::Solution;

/// A valid case of the suite, its instance and the oracle's answer.
pub(super) type ValidCase<'a> = (&'a Case, &'a Instance, &'a Answer);

/// A valid case's input and the oracle's answer, as the reports take them.
pub(super) fn solved(instance: &Instance, answer: &Answer) -> Solved {
    Solved {
        instance: instance.clone(),
        answer: answer.clone(),
    }
}

/// One solution being judged: its cases, then its sweep, then its first failure minimised.
pub(super) struct Judging<'r, 'e> {
    pub(super) sol: &'r dyn Solution,
    pub(super) exec: &'r mut (dyn Executor + 'e),
    pub(super) config: &'r Config,
    pub(super) on_event: &'r mut dyn FnMut(&Event),
    pub(super) tle: TleStreak,
    /// Why judging stopped (Ctrl-C, a worker that could not be replaced), if it did.
    pub(super) incomplete: Option<String>,
    /// The calls the machine was too busy to judge (`solution on case`): judging went on,
    /// and the run is incomplete.
    pub(super) overloaded: Vec<String>,
}

/// What judging a solution's cases and sweep found, before minimising.
#[derive(Default)]
pub(super) struct Judged {
    pub(super) results: Vec<CaseResult>,
    /// The first failure, in the suite's order (whatever order the cases were judged in), then
    /// the sweep's.
    pub(super) first: Option<FailingInput>,
    /// The sweep's failing class, if one failed.
    pub(super) swept: Option<FailingInput>,
    pub(super) sweep: Option<SweepReport>,
    /// Every case and every class that should have been judged was.
    pub(super) complete: bool,
}

impl Judging<'_, '_> {
    /// [`judge_stable`], told whether the solution already had a TLE or an MLE.
    pub(super) fn stable(
        &mut self,
        call: (&str, &str),
        oracle: i32,
    ) -> Result<(Verdict, Outcome, Vec<f64>), CallError> {
        let limit_seen = self.tle.seen || self.tle.mle_seen;
        judge_stable(self.exec, call, oracle, self.config, limit_seen)
    }
}
