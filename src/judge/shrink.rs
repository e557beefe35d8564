//! Shrinking a solution's first failure: the sweep's failing class, a smaller failing case of
//! the suite, or greedy shrinking (see [`crate::judge::minimise`]) while the input still fails
//! the same way, within a budget of calls and wall time.

use std::time::{Duration, Instant};

use crate::game::generate;
use crate::game::oracle::Solved;
use crate::game::oracle::{Oracle, WitnessError};
use crate::game::rules::Instance;
use crate::judge::call::{judge_call, judge_written};
use crate::judge::case_result::CaseResult;
use crate::judge::events::Event;
use crate::judge::failing::FailingInput;
use crate::judge::judging::{Judging, ValidCase};
use crate::judge::minimise;
use crate::judge::verdict::VerdictKind;

/// How much work minimisation may do per solution, in candidate inputs tried.
pub const MINIMISE_TRIES: usize = 5_000;

/// Wall-clock budget of one solution's minimisation, in wall limits: a candidate may cost a
/// whole wall limit (a loop the worker is killed for), so tries alone do not bound the time.
pub const MINIMISE_WALL_LIMITS: u64 = 10;

impl Judging<'_, '_> {
    /// The first failure minimised: the smallest failing input of the same kind among the
    /// sweep's failing class and the suite's cases, or greedy shrinking's result. A TLE or MLE
    /// costs a limit per candidate, so it is not shrunk.
    pub(super) fn minimised(
        &mut self,
        first: &FailingInput,
        swept: Option<FailingInput>,
        valid: &[ValidCase],
        results: &[CaseResult],
        oracle: &mut Oracle,
    ) -> Result<Option<FailingInput>, WitnessError> {
        let kind = first.kind();
        let worth = !matches!(
            kind,
            VerdictKind::TimeLimitExceeded | VerdictKind::MemoryLimitExceeded
        );
        // The sweep's failing class is the smallest failing input within the sweep's bound in
        // size order (for a solution that keeps the symmetries): no shrinking is needed when it
        // failed the same way. A TLE or MLE first failure is not shrunk, but a sweep failure of
        // another kind (a slow submission that is also wrong) is the smallest input that fails.
        if let Some(s) = swept.filter(|s| s.kind() == kind || !worth) {
            return Ok(Some(self.smallest_with_swept(&s, valid, results)));
        }
        if !worth {
            return Ok(None);
        }
        self.shrunk(first, valid, results, oracle)
    }

    /// The sweep's failing class, or a suite case failing the same way that is smaller in size
    /// order (one with more board and less hand than the sweep's bound).
    fn smallest_with_swept(
        &mut self,
        s: &FailingInput,
        valid: &[ValidCase],
        results: &[CaseResult],
    ) -> FailingInput {
        let (small, best) = valid
            .iter()
            .zip(results)
            .filter(|(_, r)| r.verdict.is(s.kind()))
            .map(|((_, i, _), r)| ((*i).clone(), FailingInput::of_result(r)))
            .chain(std::iter::once((s.solved.instance.clone(), s.clone())))
            .min_by(|a, b| generate::size_order((&a.0.board, &a.0.hand), (&b.0.board, &b.0.hand)))
            .expect("the sweep's failure is there");
        (self.on_event)(&Event::Minimised {
            solution: self.sol.name(),
            input: &small,
        });
        best
    }

    /// Greedy shrinking of the first failure (see [`Self::greedy`]), then the smallest of its
    /// result and the suite's cases failing the same way. Reported only when that input fails
    /// again the same way.
    fn shrunk(
        &mut self,
        first: &FailingInput,
        valid: &[ValidCase],
        results: &[CaseResult],
        oracle: &mut Oracle,
    ) -> Result<Option<FailingInput>, WitnessError> {
        let kind = first.kind();
        let greedy = self.greedy(first, oracle);
        // The best minimiser available: a failing case of the suite of the same kind (e.g. one
        // `exhaust` or `fuzz` recorded in cases/regressions/) beats greedy shrinking's result
        // when it is smaller in size order. Suite cases keep their hand as written, as
        // greedy shrinking's unshrunk input does.
        let (board, hand, small) = valid
            .iter()
            .zip(results)
            .filter(|(_, r)| r.verdict.is(kind))
            .map(|((c, i, _), _)| (c.board.clone(), c.hand.clone(), (*i).clone()))
            .chain(std::iter::once(greedy))
            .min_by(|a, b| generate::size_order((&a.2.board, &a.2.hand), (&b.2.board, &b.2.hand)))
            .expect("greedy shrinking's result is there");
        (self.on_event)(&Event::Minimised {
            solution: self.sol.name(),
            input: &small,
        });
        let a = oracle.solve(&small)?;
        // A minimised input that passes would be a false report.
        Ok(match judge_written(self.exec, &board, &hand, a.as_i32()) {
            Ok((v, _)) if self.incomplete.is_none() && v.kind() == kind => {
                let solved = Solved {
                    instance: small,
                    answer: a,
                };
                Some(FailingInput::new((&board, &hand), solved, &v))
            }
            _ => None,
        })
    }

    /// Greedy shrinking of the first failure while it fails the same way, within
    /// [`MINIMISE_TRIES`] calls and [`MINIMISE_WALL_LIMITS`] wall limits: the input as called
    /// (board, hand) and as an instance.
    fn greedy(&mut self, first: &FailingInput, oracle: &mut Oracle) -> (String, String, Instance) {
        let kind = first.kind();
        let limits = &self.config.limits;
        let until = Instant::now() + Duration::from_millis(MINIMISE_WALL_LIMITS * limits.wall_ms());
        let (exec, name, incomplete) = (&mut *self.exec, self.sol.name(), &mut self.incomplete);
        let (small, _) = minimise::minimise(
            &first.solved.instance,
            &self.config.constraints,
            |cand| {
                if Instant::now() > until {
                    return false;
                }
                let Ok(a) = oracle.solve(cand) else {
                    return false;
                };
                match judge_call(exec, cand, a.as_i32()) {
                    Ok((v, _)) => v.kind() == kind,
                    Err(why) => {
                        incomplete.get_or_insert_with(|| {
                            format!("{why}: stopped while minimising {name}")
                        });
                        false
                    }
                }
            },
            MINIMISE_TRIES,
        );
        // Greedy shrinking calls the solution with the hand in `RYBGW` order. When it shrank
        // nothing, the failing input is the case as written: a solution whose answer depends on
        // the hand's order may pass the sorted hand.
        if small == first.solved.instance {
            (first.board.clone(), first.hand.clone(), small)
        } else {
            (small.board.to_string(), small.hand.to_string(), small)
        }
    }
}
