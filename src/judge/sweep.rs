//! The sweep: every symmetry class within `[sweep]`, judged in size order after a solution's
//! cases, up to and including the first failing class. The classes go to the worker in batches
//! ([`Batcher`]), one round trip each: a class's call then gets the answer its batch settled,
//! as strict as a single call's (the rule is the worker's, in `submission::worker`'s `batch`),
//! and every class from the first one a batch did not settle on is called singly, reruns and
//! all.

use std::time::Instant;

use crate::cases::config::Sweep;
use crate::game::generate;
use crate::game::oracle::{Answer, Oracle, WitnessError};
use crate::game::rules::Instance;
use crate::judge::call::CallError;
use crate::judge::case_result::case_result;
use crate::judge::events::Event;
use crate::judge::execute::{Batcher, Outcome};
use crate::judge::failing::FailingInput;
use crate::judge::judging::{solved, Judged, Judging};
use crate::judge::report::SweepReport;
use crate::judge::verdict::{Verdict, VerdictKind};

/// The `case` of a sweep class's result: `sweep#` then the board, `+`, the hand, e.g.
/// `sweep#RRYR+YY` (hand in `RYBGW` order).
pub fn sweep_case_id(board: &str, hand: &str) -> String {
    format!("sweep#{board}+{hand}")
}

/// Every symmetry class within `[sweep]` (none when it is off), in size order, with the
/// oracle's answer.
pub fn sweep_classes(
    sweep: &Sweep,
    oracle: &mut Oracle,
) -> Result<Vec<(Instance, Answer)>, WitnessError> {
    if !sweep.enabled() {
        return Ok(Vec::new());
    }
    generate::symmetry_classes(sweep.max_board, sweep.max_hand)
        .into_iter()
        .map(|c| {
            let inst = Instance {
                board: c.board,
                hand: c.hand,
            };
            let a = oracle.solve(&inst)?;
            Ok((inst, a))
        })
        .collect()
}

impl Judging<'_, '_> {
    /// Sweeps the symmetry classes in size order, up to and including the first failing one,
    /// whatever its kind, so that a TLE costs one limit. Skipped when the cases stopped.
    pub(super) fn sweep(
        &mut self,
        classes: &[(Instance, Answer)],
        judged: &mut Judged,
    ) -> SweepReport {
        let (sol, config) = (self.sol, self.config);
        let started = Instant::now();
        let mut rep = SweepReport {
            max_board: config.sweep.max_board,
            max_hand: config.sweep.max_hand,
            classes: classes.len(),
            judged: 0,
            failed: None,
            skipped: self.incomplete.is_some(),
            cpu_ms: 0.0,
            wall_ms: 0.0,
        };
        if rep.skipped {
            return rep;
        }
        let mut batcher = Batcher::default();
        let mut prefetched = 0;
        for (n, (inst, ans)) in classes.iter().enumerate() {
            let (board, hand) = (inst.board.to_string(), inst.hand.to_string());
            if prefetched == 0 {
                let ahead = classes[n..].iter();
                let inputs = ahead.map(|(i, _)| (i.board.to_string(), i.hand.to_string()));
                prefetched = batcher.next(self.exec, inputs);
            }
            prefetched = prefetched.saturating_sub(1);
            let call = self.stable((&board, &hand), ans.as_i32());
            let (verdict, out, cpus) = match call {
                Ok(v) => v,
                // Not judged: the sweep stops there, and the run is incomplete.
                Err(CallError::Overloaded(_)) => {
                    let id = sweep_case_id(&board, &hand);
                    self.overloaded.push(format!("{} on {id}", sol.name()));
                    judged.complete = false;
                    break;
                }
                Err(why) => {
                    let after = format!("after {} of {} classes", rep.judged, classes.len());
                    let stopped = format!("stopped while sweeping {}, {after}", sol.name());
                    self.incomplete = Some(format!("{why}: {stopped}"));
                    judged.complete = false;
                    break;
                }
            };
            rep.judged += 1;
            rep.cpu_ms += cpus.iter().sum::<f64>().max(out.cpu_ms);
            if verdict.kind() == VerdictKind::Accepted {
                continue;
            }
            rep.failed = Some(self.failed_class((inst, ans), (verdict, out, cpus), judged));
            break;
        }
        rep.wall_ms = started.elapsed().as_secs_f64() * 1e3;
        rep
    }

    /// Records the sweep's failing class: its event, its case result (worth no points: the
    /// score is the case files'), and the failure, the first one when the cases had none.
    fn failed_class(
        &mut self,
        (inst, ans): (&Instance, &Answer),
        (verdict, out, cpus): (Verdict, Outcome, Vec<f64>),
        judged: &mut Judged,
    ) -> FailingInput {
        let (board, hand) = (inst.board.to_string(), inst.hand.to_string());
        let id = sweep_case_id(&board, &hand);
        (self.on_event)(&Event::CaseJudged {
            solution: self.sol.name(),
            case: &id,
            verdict: &verdict,
            time_ms: out.wall_ms,
        });
        let (input, truth) = ((board.as_str(), hand.as_str()), solved(inst, ans));
        let result = case_result(id, input, truth, &verdict, &out, cpus, 0);
        let failed = FailingInput::of_result(&result);
        judged.results.push(result);
        judged.first.get_or_insert_with(|| failed.clone());
        judged.swept = Some(failed.clone());
        failed
    }
}
