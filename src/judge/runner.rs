//! The runner: judges every (solution, case) pair against the oracle, checks the suite's own
//! assertions and claims, minimises each failure, and emits [`Event`]s as it goes. It never
//! prints; [`crate::report`] turns the resulting [`RunReport`] into text or JSON. The report
//! types, the events, one judged call, the sweep, the streak and shrinking live in their own
//! files beside this one and are re-exported here.

use crate::cases::case::Suite;
use crate::cases::config::{Config, Limits};
use crate::game::oracle::{Answer, Oracle, WitnessError};
use crate::game::rules::Instance;
use crate::judge::call::CallError;
use crate::judge::case_result::case_result;
use crate::judge::diagnosis::{self, Diagnosis};
use crate::judge::execute::Unjudged;
use crate::judge::judging::{solved, Judged, Judging, ValidCase};
use crate::judge::streak::{effort, skipped, TleStreak};
use crate::judge::timing;
use crate::judge::verdict::{self, VerdictKind};
use crate::submission::registry::Solution;

pub use crate::cases::check::{check_suite, claim_report, Checked, ClaimReport, ExpectationReport};
pub use crate::judge::call::{
    judge, judge_as_written, judge_call, judge_stable, judge_written, Overloaded,
};
pub use crate::judge::case_result::CaseResult;
pub use crate::judge::case_verdict::{CaseVerdict, SkipReason, Streak};
pub use crate::judge::events::Event;
pub use crate::judge::execute::Executor;
pub use crate::judge::failing::FailingInput;
pub use crate::judge::report::{
    same_failure_everywhere, unfinished, BuildReport, BuildsSummary, CaseErrorReport,
    CaseWarningReport, DuplicateReport, RunReport, SandboxReport, SolutionReport, SweepReport,
};
pub use crate::judge::shrink::{MINIMISE_TRIES, MINIMISE_WALL_LIMITS};
pub use crate::judge::sweep::{sweep_case_id, sweep_classes};

/// Judges `solutions` on `suite`. `executor_for` builds the way each solution is called (in
/// process, or in a worker); `on_event` sees progress.
pub fn run(
    suite: &Suite,
    solutions: &[&dyn Solution],
    config: &Config,
    executor_for: &mut dyn for<'s> FnMut(&'s dyn Solution) -> Box<dyn Executor + 's>,
    on_event: &mut dyn FnMut(&Event),
) -> Result<RunReport, WitnessError> {
    let mut oracle = Oracle::new();
    let checked = check_suite(suite, &mut oracle)?;
    let classes = sweep_classes(&config.sweep, &mut oracle)?;
    run_checked(
        suite,
        (checked, &classes),
        solutions,
        config,
        executor_for,
        on_event,
    )
}

/// [`run`] with the suite already checked by [`check_suite`] and the sweep's classes already
/// solved by [`sweep_classes`], so that `grade` solves both once and judges each submission on
/// its own thread.
pub fn run_checked(
    suite: &Suite,
    (checked, classes): (Checked, &[(Instance, Answer)]),
    solutions: &[&dyn Solution],
    config: &Config,
    executor_for: &mut dyn for<'s> FnMut(&'s dyn Solution) -> Box<dyn Executor + 's>,
    on_event: &mut dyn FnMut(&Event),
) -> Result<RunReport, WitnessError> {
    let mut oracle = Oracle::new();
    // A case repeating an earlier case's input is judged and scored once, as the earlier one.
    let repeats = suite.repeats();
    let valid: Vec<ValidCase> = suite
        .cases
        .iter()
        .zip(&checked.truth)
        .enumerate()
        .filter(|(k, _)| !repeats.contains(k))
        .filter_map(|(_, (c, t))| Some((c, c.input.as_ref().ok()?, t.as_ref()?)))
        .collect();
    on_event(&Event::RunStarted {
        solutions: solutions.len(),
        cases: valid.len(),
    });
    let mut reports = Vec::new();
    let mut incomplete = None;
    // Calls the machine was too busy to judge: the run is incomplete, and judging goes on.
    let mut overloaded = Vec::new();
    for sol in solutions {
        let mut exec = executor_for(*sol);
        let report = match exec.prepare() {
            Err(why) => unjudged(*sol, &why, exec.describe(), &config.limits),
            Ok(()) => {
                let mut judging = Judging {
                    sol: *sol,
                    exec: exec.as_mut(),
                    config,
                    on_event: &mut *on_event,
                    tle: TleStreak::default(),
                    incomplete: None,
                    overloaded: Vec::new(),
                };
                let report = judging.solution(&valid, classes, &mut oracle)?;
                incomplete = judging.incomplete;
                overloaded.append(&mut judging.overloaded);
                report
            }
        };
        on_event(&Event::SolutionFinished { report: &report });
        reports.push(report);
        if incomplete.is_some() {
            break;
        }
    }
    let counts = (valid.len(), valid.iter().map(|(c, _, _)| c.points).sum());
    let incomplete = incomplete.or_else(|| overloaded_message(&overloaded));
    Ok(run_report(
        suite, checked, config, counts, reports, incomplete,
    ))
}

/// The skipped case of a call the machine was too busy to judge.
const SKIP_OVERLOADED: CaseVerdict = CaseVerdict::Skipped(SkipReason::Overloaded);

/// Cases of one submission the machine may starve before the rest of its cases are not called
/// (each costs up to `starved_reruns + 1` wall limits).
pub const STARVED_CASES_CAP: usize = 3;

/// Why a run whose `overloaded` calls (`solution on case`) were not judged is incomplete.
fn overloaded_message(overloaded: &[String]) -> Option<String> {
    let first = overloaded.first()?;
    let more = match overloaded.len() {
        1 => String::new(),
        n => format!(" and {} more", n - 1),
    };
    Some(format!(
        "not judged: machine overloaded ({first}{more}); grade again on a quieter machine"
    ))
}

/// The run's report, once every solution is judged (or the run stopped).
fn run_report(
    suite: &Suite,
    checked: Checked,
    config: &Config,
    (cases, points): (usize, u64),
    solutions: Vec<SolutionReport>,
    incomplete: Option<String>,
) -> RunReport {
    let mut report = RunReport {
        sandbox: SandboxReport::now(),
        config: config.clone(),
        files: suite.files,
        files_unreadable: suite.unreadable,
        files_via_symlinks: suite.via_symlinks,
        cases,
        points,
        duplicate_cases: suite.duplicates.iter().map(DuplicateReport::of).collect(),
        solutions,
        case_errors: suite
            .errors
            .iter()
            .map(|e| CaseErrorReport {
                case: e.subject(),
                message: e.to_string(),
            })
            .collect(),
        case_warnings: suite
            .warnings
            .iter()
            .map(|w| CaseWarningReport {
                path: w.subject(),
                message: w.to_string(),
            })
            .collect(),
        claims: checked.claims,
        expectations: checked.expectations,
        oracle_states: checked.states,
        oracle_ms: checked.ms,
        incomplete,
        builds: None,
        gates: Default::default(),
        exit_code: 0,
    };
    report.settle();
    report
}

/// The report of a submission judged on no case: CE for a build or a compile error, RE for a
/// load error, and a CE that is not as expected whatever its folder for a missing toolchain.
fn unjudged(sol: &dyn Solution, why: &Unjudged, run_by: String, limits: &Limits) -> SolutionReport {
    let kind = match why {
        Unjudged::CompileError(_) | Unjudged::ToolchainMissing(_) | Unjudged::Interrupted => {
            VerdictKind::CompileError
        }
        Unjudged::LoadError(_) => VerdictKind::RunTimeError,
    };
    let missing = matches!(why, Unjudged::ToolchainMissing(_) | Unjudged::Interrupted);
    let mut counts = std::collections::BTreeMap::new();
    for k in VerdictKind::ALL {
        counts.insert(k.code(), 0);
    }
    counts.insert(CaseVerdict::SKIP_CODE, 0);
    SolutionReport {
        name: sol.name().to_string(),
        expected: sol.expected(),
        verdict: kind,
        as_expected: !missing && verdict::as_expected(sol.expected(), &[kind]),
        source: sol.source().to_string(),
        path: sol.path().to_string(),
        cases: Vec::new(),
        first_failure: None,
        first_failure_case: None,
        minimised: None,
        diagnosis: None,
        counts,
        total_ms: 0.0,
        max_ms: 0.0,
        timing: timing::summarise(&[], limits),
        run_by,
        complete: !matches!(why, Unjudged::Interrupted),
        language: sol.language().to_string(),
        toolchain: None,
        build: None,
        message: Some(why.message().to_string()),
        toolchain_missing: missing,
        sweep: None,
    }
}

impl Judging<'_, '_> {
    fn solution(
        &mut self,
        valid: &[ValidCase],
        classes: &[(Instance, Answer)],
        oracle: &mut Oracle,
    ) -> Result<SolutionReport, WitnessError> {
        let mut judged = self.cases(valid);
        judged.sweep = self
            .config
            .sweep
            .enabled()
            .then(|| self.sweep(classes, &mut judged));
        let first = judged.first.take();
        let minimised = match &first {
            None => None,
            // Stopped, or one run-time error on every case (a name the code lacks, say): the
            // input has nothing to do with it, so there is nothing to minimise.
            Some(_) if self.incomplete.is_some() => None,
            Some(_) if same_failure_everywhere(&judged.results).is_some() => None,
            Some(f) => self.minimised(f, judged.swept.take(), valid, &judged.results, oracle)?,
        };
        let diagnosis = self.diagnosis(&judged, minimised.as_ref(), classes);
        let mut report = self.report(judged, first, minimised);
        report.diagnosis = diagnosis;
        Ok(report)
    }

    /// The known wrong idea the answers follow, when some answer was wrong and judging was not
    /// stopped; the extra calls it makes go to this solution's executor.
    fn diagnosis(
        &mut self,
        judged: &Judged,
        minimised: Option<&FailingInput>,
        classes: &[(Instance, Answer)],
    ) -> Option<Diagnosis> {
        if self.incomplete.is_some() {
            return None;
        }
        let answered = judged
            .results
            .iter()
            .filter(|r| {
                r.verdict.is(VerdictKind::Accepted) || r.verdict.is(VerdictKind::WrongAnswer)
            })
            .map(|r| (r.board.as_str(), r.hand.as_str(), r.got, &r.solved))
            .chain(
                minimised
                    .filter(|m| m.verdict.is(VerdictKind::WrongAnswer))
                    .map(|m| (m.board.as_str(), m.hand.as_str(), m.got, &m.solved)),
            )
            .filter_map(|(board, hand, got, solved)| {
                Some(diagnosis::Answered {
                    board: board.to_string(),
                    hand: hand.to_string(),
                    got: got?,
                    truth: solved.answer.clone(),
                    instance: solved.instance.clone(),
                })
            })
            .collect();
        let passed = judged
            .sweep
            .as_ref()
            .filter(|s| !s.skipped)
            .map_or(0, |s| s.judged - usize::from(s.failed.is_some()));
        let exec = &mut *self.exec;
        let exec = std::cell::RefCell::new(exec);
        let answer = |board: &str, hand: &str| exec.borrow_mut().call(board, hand).result.ok();
        let diagnosis = diagnosis::diagnose(
            diagnosis::Evidence {
                answered,
                classes,
                passed,
            },
            diagnosis::Calls {
                call: &mut |b, h| answer(b, h),
                fresh: &mut |b, h| {
                    // One borrow at a time: the restart's ends before the call's begins.
                    let restarted = exec.borrow_mut().restart();
                    restarted.then(|| answer(b, h)).flatten()
                },
            },
        );
        diagnosis
    }

    /// Judges the suite's cases easiest first ([`effort`]; ties in the suite's order) and skips, after `[judging] tle_skip_after` TLEs or MLEs in a
    /// row, every case after them: each is at least as hard. A case the machine was too busy to
    /// judge is not judged, and judging goes on; it stops (with `incomplete` set) when a call
    /// cannot be made. The results come back in the suite's order.
    fn cases(&mut self, valid: &[ValidCase]) -> Judged {
        let mut order: Vec<usize> = (0..valid.len()).collect();
        order.sort_by_key(|&i| effort(valid[i].1, valid[i].2));
        let mut slots: Vec<Option<CaseResult>> = valid.iter().map(|_| None).collect();
        let mut starved = 0;
        for (k, &i) in order.iter().enumerate() {
            let (c, inst, ans) = valid[i];
            if self.tle.skipping(&self.config.judging) {
                slots[i] = Some(skipped(c, solved(inst, ans), self.tle.reason()));
                continue;
            }
            if starved >= STARVED_CASES_CAP {
                // What a machine that busy costs is capped: the rest is not called.
                self.overloaded
                    .push(format!("{} on {}", self.sol.name(), c.id));
                let why = format!(
                    "not judged: machine overloaded (not called: the machine starved {starved} \
                     cases before it); grade again on a quieter machine"
                );
                slots[i] = Some(skipped(c, solved(inst, ans), (SkipReason::Overloaded, why)));
                continue;
            }
            slots[i] = match self.case(valid[i]) {
                Ok(result) => Some(result),
                Err(CallError::Overloaded(why)) => {
                    starved += 1;
                    self.overloaded
                        .push(format!("{} on {}", self.sol.name(), c.id));
                    let why = (SkipReason::Overloaded, why.to_string());
                    Some(skipped(c, solved(inst, ans), why))
                }
                Err(why) => {
                    let of = valid.len();
                    let cases = if of == 1 { "case" } else { "cases" };
                    let at = format!("{} on {}, after {k} of {of} {cases}", self.sol.name(), c.id);
                    self.incomplete = Some(format!("{why}: stopped while judging {at}"));
                    break;
                }
            };
        }
        let results: Vec<CaseResult> = slots.into_iter().flatten().collect();
        let first = results.iter().find(|r| r.verdict.failed());
        let unjudged = results.iter().any(|r| r.verdict == SKIP_OVERLOADED);
        Judged {
            first: first.map(FailingInput::of_result),
            complete: results.len() == valid.len() && !unjudged,
            results,
            ..Judged::default()
        }
    }

    /// Judges one case, its events sent; the streak sees its verdict.
    fn case(&mut self, (c, inst, ans): ValidCase) -> Result<CaseResult, CallError> {
        let (sol, config) = (self.sol, self.config);
        (self.on_event)(&Event::CaseStarted {
            solution: sol.name(),
            case: &c.id,
            wall_limit_ms: self.tle.wall_ms(config),
        });
        // The case's own strings, hand order included: LeetCode passes the hand as written.
        let (verdict, out, cpus) = self.stable((&c.board, &c.hand), ans.as_i32())?;
        self.tle.saw((&c.id, &verdict), self.exec, config);
        (self.on_event)(&Event::CaseJudged {
            solution: sol.name(),
            case: &c.id,
            verdict: &verdict,
            time_ms: out.wall_ms,
        });
        let mut result = case_result(
            c.id.clone(),
            (&c.board, &c.hand),
            solved(inst, ans),
            &verdict,
            &out,
            cpus,
            c.points,
        );
        result.visibility = c.visibility;
        Ok(result)
    }

    /// The solution's report from what was judged.
    fn report(
        &self,
        judged: Judged,
        first: Option<FailingInput>,
        minimised: Option<FailingInput>,
    ) -> SolutionReport {
        let (sol, results) = (self.sol, judged.results);
        // Skipped cases are no verdict: they count as SKIP, never as AC.
        let kinds: Vec<VerdictKind> = results.iter().filter_map(|r| r.verdict.kind()).collect();
        let mut counts = std::collections::BTreeMap::new();
        for k in VerdictKind::ALL {
            counts.insert(k.code(), kinds.iter().filter(|x| **x == k).count());
        }
        counts.insert(
            CaseVerdict::SKIP_CODE,
            results.iter().filter(|r| r.verdict.is_skipped()).count(),
        );
        let judged_cases: Vec<CaseResult> = results
            .iter()
            .filter(|r| !r.verdict.is_skipped())
            .cloned()
            .collect();
        SolutionReport {
            name: sol.name().to_string(),
            expected: sol.expected(),
            verdict: verdict::overall(&kinds),
            as_expected: if judged.complete {
                verdict::as_expected(sol.expected(), &kinds)
            } else {
                verdict::may_be_as_expected(sol.expected(), &kinds)
            },
            source: sol.source().to_string(),
            path: sol.path().to_string(),
            // From +0.0: a float sum of nothing is -0.0, which prints as `-0.00`.
            total_ms: results.iter().map(|r| r.time_ms).fold(0.0, |a, b| a + b),
            max_ms: results.iter().map(|r| r.time_ms).fold(0.0, f64::max),
            timing: timing::summarise(&judged_cases, &self.config.limits),
            run_by: self.exec.describe(),
            complete: judged.complete,
            language: sol.language().to_string(),
            toolchain: None,
            build: None,
            message: None,
            toolchain_missing: false,
            diagnosis: None,
            cases: results,
            first_failure_case: first.as_ref().and_then(|f| f.case.clone()),
            first_failure: first,
            minimised,
            counts,
            sweep: judged.sweep,
        }
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod stable_tests;
