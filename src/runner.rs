//! The runner: judges every (solution, case) pair against the oracle, checks the suite's own
//! assertions and claims, minimises each failure, and emits [`Event`]s as it goes. It never
//! prints; [`crate::report`] turns the resulting [`RunReport`] into text or JSON.

use std::time::{Duration, Instant};

use serde::Serialize;

use crate::case::{self, Case, Suite};
use crate::config::Config;
use crate::execute::{Executor, Failure, Outcome, Unjudged};
use crate::explain;
use crate::generate;
use crate::minimise;
use crate::oracle::{Answer, Oracle, WitnessError};
use crate::rules::{Instance, Move};
use crate::submission::registry::Solution;
use crate::timing::{self, Timing};
use crate::verdict::{self, Verdict, VerdictKind};

/// What the runner reports while it works, in order.
#[derive(Debug)]
pub enum Event<'a> {
    /// Before the first solution runs.
    RunStarted {
        /// Solutions to judge.
        solutions: usize,
        /// Valid cases each will run.
        cases: usize,
    },
    /// One case judged for one solution.
    CaseJudged {
        /// Solution name.
        solution: &'a str,
        /// `file.toml#name`.
        case: &'a str,
        /// The verdict.
        verdict: &'a Verdict,
        /// Wall time of the call, in milliseconds.
        time_ms: f64,
    },
    /// A solution's first failure was minimised.
    Minimised {
        /// Solution name.
        solution: &'a str,
        /// The minimised input.
        input: &'a Instance,
    },
    /// A solution is done.
    SolutionFinished {
        /// Its report.
        report: &'a SolutionReport,
    },
}

/// One case as a solution saw it. JSON keys per DESIGN.md.
#[derive(Clone, Debug, Serialize)]
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
    /// `AC`, `WA`, `TLE`, `RE` or `MLE`.
    pub verdict: &'static str,
    /// What passing it is worth (the case's `points`, default 1).
    pub points: u64,
    /// Wall time of the call, in milliseconds.
    pub time_ms: f64,
    /// CPU time of the call, in milliseconds (see [`crate::execute::Outcome::cpu_ms`]).
    pub cpu_ms: f64,
    /// With `run --repeat N`: the wall time of every call, in milliseconds (`time_ms` is their
    /// median); omitted for a single call. A baseline reads their spread as the noise.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub times_ms: Vec<f64>,
    /// For RE/TLE/MLE: what happened.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

/// A failing input with the truth about it.
#[derive(Clone, Debug, Serialize)]
pub struct FailingInput {
    /// The board.
    pub board: String,
    /// The hand.
    pub hand: String,
    /// The oracle's answer.
    pub oracle: i32,
    /// What the solution returned, if it returned.
    pub got: Option<i32>,
    /// `WA`, `RE`, ...
    pub verdict: &'static str,
    /// The oracle's optimal moves, e.g. `["W@9", "B@8"]` (colour@gap); empty for -1.
    pub witness: Vec<String>,
    /// For RE/TLE/MLE: what happened.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// Board plus hand, in balls.
    pub size: usize,
    #[serde(skip)]
    /// The witness as moves, for the human report.
    pub moves: Vec<Move>,
}

/// One solution's results. JSON keys per DESIGN.md, plus extras.
#[derive(Clone, Debug, Serialize)]
pub struct SolutionReport {
    /// The file stem.
    pub name: String,
    /// Its folder's verdict, its `@EXPECTED_RESULTS@` list, or nothing (`grade` without expectations).
    pub expected: verdict::Expected,
    /// The kind of its first failure in case order, or accepted.
    pub verdict: VerdictKind,
    /// Whether the verdicts match the folder (Kattis semantics, see [`verdict::as_expected`]).
    pub as_expected: bool,
    /// Where the algorithm comes from.
    pub source: String,
    /// Its file.
    pub path: String,
    /// Every case, in case order.
    pub cases: Vec<CaseResult>,
    /// The first failing case, with the oracle's witness.
    pub first_failure: Option<FailingInput>,
    /// `file.toml#name` of the first failing case.
    pub first_failure_case: Option<String>,
    /// The first failure shrunk while it still fails, or a failing case of the suite with the
    /// same verdict when that is smaller in [`generate::size_order`] (such as a counterexample
    /// `exhaust` recorded); null when nothing failed.
    pub minimised: Option<FailingInput>,
    /// Cases per verdict code.
    pub counts: std::collections::BTreeMap<&'static str, usize>,
    /// Sum of case times, in milliseconds.
    pub total_ms: f64,
    /// Slowest case time, in milliseconds.
    pub max_ms: f64,
    /// CPU time total, median, maximum, slowest case and limit-sensitive verdicts.
    pub timing: Timing,
    /// How the solution was called, e.g. `worker (python3)`.
    pub run_by: String,
    /// False when the run stopped before every case was judged for this solution.
    pub complete: bool,
    /// The language's id, e.g. `rust`, `cpp`, `python3`.
    pub language: String,
    /// The toolchain's version line, e.g. `g++ (Debian 12.2.0-14) 12.2.0`; null for a Rust
    /// solution compiled into the judge.
    pub toolchain: Option<String>,
    /// The build, for a submission built at run time; null for one compiled into the judge.
    pub build: Option<BuildReport>,
    /// Why the submission was judged on no case, said once: the compiler's message (CE), what
    /// it raised while loading (RE), or the missing toolchain; null when it was judged.
    pub message: Option<String>,
    /// Whether the judge lacked the toolchain (the run is then incomplete: exit 3).
    pub toolchain_missing: bool,
}

impl SolutionReport {
    /// The verdict as people read it: `not judged` when the toolchain is missing (the machine
    /// formats keep `compile_error` with `toolchain_missing: true`), else the verdict's name.
    pub fn verdict_shown(&self) -> &'static str {
        if self.toolchain_missing {
            "not judged"
        } else {
            self.verdict.name()
        }
    }
}

/// How a submission's build went.
#[derive(Clone, Debug, Serialize)]
pub struct BuildReport {
    /// Whether it came from the cache (nothing was compiled).
    pub cached: bool,
    /// Wall time of the build, in milliseconds (0 when cached).
    pub ms: f64,
}

/// A case-file problem. JSON keys per DESIGN.md.
#[derive(Clone, Debug, Serialize)]
pub struct CaseErrorReport {
    /// `file.toml#name`, or the file.
    pub case: String,
    /// The full message, with file and line.
    pub message: String,
}

/// A third-party claim checked against the oracle. JSON keys per DESIGN.md, plus extras.
#[derive(Clone, Debug, Serialize)]
pub struct ClaimReport {
    /// `file.toml#name`.
    pub case: String,
    /// Who claimed it.
    pub source: String,
    /// The claimed answer.
    pub claimed: i64,
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

/// Everything a run found. Reporters render it; [`RunReport::exit_code`] decides 0/1/2.
#[derive(Clone, Debug, Serialize)]
pub struct RunReport {
    /// The constraints and limits the run worked under.
    pub config: Config,
    /// Case files read.
    pub files: usize,
    /// Valid cases judged.
    pub cases: usize,
    /// Their points, summed: the most a solution can score.
    pub points: u64,
    /// One entry per solution.
    pub solutions: Vec<SolutionReport>,
    /// Case-file problems.
    pub case_errors: Vec<CaseErrorReport>,
    /// Every claim.
    pub claims: Vec<ClaimReport>,
    /// Every case assertion.
    pub expectations: Vec<ExpectationReport>,
    /// The oracle's search effort, in expanded states, summed over the cases.
    pub oracle_states: u64,
    /// Wall time of the oracle over all cases, in milliseconds.
    pub oracle_ms: f64,
    /// Why the run stopped before judging everything (Ctrl-C, SIGTERM, a worker that could not
    /// start); null for a complete run.
    pub incomplete: Option<String>,
    /// How the submissions built at run time (every language but the compiled-in Rust) were
    /// built; null when there were none.
    pub builds: Option<BuildsSummary>,
    /// 0, 1, 2 or 3; see [`RunReport::exit_code`].
    pub exit_code: i32,
}

impl BuildsSummary {
    /// The summary of `builds`, which took `ms` in all.
    pub fn of(builds: &[crate::submission::build::Outcome], ms: f64) -> BuildsSummary {
        BuildsSummary {
            submissions: builds.len(),
            cached: builds.iter().filter(|b| b.cached).count(),
            compiled: builds.iter().filter(|b| b.compiled).count(),
            ms,
        }
    }
}

/// The builds of one run.
#[derive(Clone, Debug, Serialize)]
pub struct BuildsSummary {
    /// Submissions built.
    pub submissions: usize,
    /// Of which from the cache (nothing compiled).
    pub cached: usize,
    /// Of which built now; 0 when the run compiled nothing (a file rejected by its text alone,
    /// such as one with no entry point, is neither cached nor compiled).
    pub compiled: usize,
    /// Wall time of all builds, in parallel, in milliseconds.
    pub ms: f64,
}

impl RunReport {
    /// 2 if any case file or case could not be used (the suite itself is broken); else 3 if the
    /// run is incomplete or a submission's toolchain is missing; else 1 if a solution's verdicts differ from its folder, a case's
    /// `expected`/`invalid` differs from the truth, or a strict claim does not hold; else 0.
    pub fn exit_code(&self) -> i32 {
        if !self.case_errors.is_empty() {
            2
        } else if self.incomplete.is_some() || self.solutions.iter().any(|s| s.toolchain_missing) {
            3
        } else if self.solutions.iter().any(|s| !s.as_expected)
            || self.expectations.iter().any(|e| !e.holds)
            || self.claims.iter().any(|c| c.strict && !c.holds)
        {
            1
        } else {
            0
        }
    }
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
            claims.push(ClaimReport {
                case: c.id.clone(),
                source: cl.source.clone(),
                claimed: cl.answer,
                oracle: oracle_value,
                holds: oracle_value.map(i64::from) == Some(cl.answer),
                strict: cl.strict,
                rejected: c.input.as_ref().err().map(ToString::to_string),
            });
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

/// How much work minimisation may do per solution, in candidate inputs tried.
pub const MINIMISE_TRIES: usize = 5_000;

/// Wall-clock budget of one solution's minimisation, in wall limits: a candidate may cost a
/// whole wall limit (a loop the worker is killed for), so tries alone do not bound the time.
pub const MINIMISE_WALL_LIMITS: u64 = 10;

/// Judges `solutions` on `suite`. `executor_for` builds the way each solution is called (in
/// process, or in a worker); `on_event` sees progress.
pub fn run(
    suite: &Suite,
    solutions: &[&dyn Solution],
    config: &Config,
    executor_for: &mut dyn for<'s> FnMut(&'s dyn Solution) -> Box<dyn Executor + 's>,
    on_event: &mut dyn FnMut(&Event),
) -> Result<RunReport, WitnessError> {
    let checked = check_suite(suite, &mut Oracle::new())?;
    run_checked(suite, checked, solutions, config, executor_for, on_event)
}

/// [`run`] with the suite already checked by [`check_suite`], so that `grade` solves the cases
/// once and judges each submission on its own thread.
pub fn run_checked(
    suite: &Suite,
    checked: Checked,
    solutions: &[&dyn Solution],
    config: &Config,
    executor_for: &mut dyn for<'s> FnMut(&'s dyn Solution) -> Box<dyn Executor + 's>,
    on_event: &mut dyn FnMut(&Event),
) -> Result<RunReport, WitnessError> {
    let mut oracle = Oracle::new();
    let valid: Vec<(&Case, &Instance, &Answer)> = suite
        .cases
        .iter()
        .zip(&checked.truth)
        .filter_map(|(c, t)| Some((c, c.input.as_ref().ok()?, t.as_ref()?)))
        .collect();
    on_event(&Event::RunStarted {
        solutions: solutions.len(),
        cases: valid.len(),
    });
    let mut reports = Vec::new();
    let mut incomplete = None;
    for sol in solutions {
        let mut exec = executor_for(*sol);
        if let Err(why) = exec.prepare() {
            let report = unjudged(*sol, &why, exec.describe(), &config.limits);
            on_event(&Event::SolutionFinished { report: &report });
            reports.push(report);
            continue;
        }
        let mut results = Vec::new();
        let mut first: Option<(usize, Verdict)> = None;
        for (k, (c, _, ans)) in valid.iter().enumerate() {
            // The case's own strings, hand order included: LeetCode passes the hand as written.
            let (verdict, out) = match judge_written(exec.as_mut(), &c.board, &c.hand, ans.as_i32())
            {
                Ok(v) => v,
                Err(why) => {
                    incomplete = Some(format!(
                        "{why}: stopped while judging {} on {}, after {k} of {} cases",
                        sol.name(),
                        c.id,
                        valid.len()
                    ));
                    break;
                }
            };
            let time_ms = out.wall_ms;
            on_event(&Event::CaseJudged {
                solution: sol.name(),
                case: &c.id,
                verdict: &verdict,
                time_ms,
            });
            if first.is_none() && verdict.kind() != VerdictKind::Accepted {
                first = Some((k, verdict.clone()));
            }
            results.push(CaseResult {
                case: c.id.clone(),
                board: c.board.clone(),
                hand: c.hand.clone(),
                oracle: ans.as_i32(),
                got: verdict.got(ans.as_i32()),
                verdict: verdict.kind().code(),
                points: c.points,
                time_ms,
                cpu_ms: out.cpu_ms,
                times_ms: out.repeats_ms.clone(),
                message: failure_message(&verdict),
            });
        }
        let one_cause = same_failure_everywhere(&results);
        let (first_failure, first_failure_case, minimised) = match first {
            None => (None, None, None),
            // Stopped, or one run-time error on every case (a name the code lacks, say): the
            // input has nothing to do with it, so there is nothing to minimise.
            Some((k, v)) if incomplete.is_some() || one_cause.is_some() => {
                let (c, inst, ans) = valid[k];
                let mut failing = failing_input(inst, ans, &v);
                (failing.board, failing.hand) = (c.board.clone(), c.hand.clone());
                (Some(failing), Some(c.id.clone()), None)
            }
            Some((k, v)) => {
                let (c, inst, ans) = valid[k];
                let mut failing = failing_input(inst, ans, &v);
                (failing.board, failing.hand) = (c.board.clone(), c.hand.clone());
                let kind = v.kind();
                // A TLE or MLE candidate costs a limit each; their first failure stands as is.
                let worth = !matches!(
                    kind,
                    VerdictKind::TimeLimitExceeded | VerdictKind::MemoryLimitExceeded
                );
                let minimised = if worth {
                    let until = Instant::now()
                        + Duration::from_millis(MINIMISE_WALL_LIMITS * config.limits.wall_ms());
                    let (small, _) = minimise::minimise(
                        inst,
                        &config.constraints,
                        |cand| {
                            if Instant::now() > until {
                                return false;
                            }
                            let Ok(a) = oracle.solve(cand) else {
                                return false;
                            };
                            match judge_call(exec.as_mut(), cand, a.as_i32()) {
                                Ok((v, _)) => v.kind() == kind,
                                Err(why) => {
                                    incomplete.get_or_insert_with(|| {
                                        format!("{why}: stopped while minimising {}", sol.name())
                                    });
                                    false
                                }
                            }
                        },
                        MINIMISE_TRIES,
                    );
                    // Greedy shrinking calls the solution with the hand in `RYBGW` order. When
                    // it shrank nothing, the failing input is the case as written: a solution
                    // whose answer depends on the hand's order may pass the sorted hand.
                    let greedy = if small == *inst {
                        (c.board.clone(), c.hand.clone(), small)
                    } else {
                        (small.board.to_string(), small.hand.to_string(), small)
                    };
                    // The best minimiser available: a failing case of the suite of the same
                    // kind (e.g. one `exhaust` or `fuzz` recorded in cases/regressions/) beats
                    // greedy shrinking's result when it is smaller in size order. Suite cases
                    // keep their hand as written, for the same reason.
                    let (board, hand, small) = valid
                        .iter()
                        .zip(&results)
                        .filter(|(_, r)| r.verdict == kind.code())
                        .map(|((c, i, _), _)| (c.board.clone(), c.hand.clone(), (*i).clone()))
                        .chain(std::iter::once(greedy))
                        .min_by(|a, b| {
                            generate::size_order((&a.2.board, &a.2.hand), (&b.2.board, &b.2.hand))
                        })
                        .expect("greedy shrinking's result is there");
                    on_event(&Event::Minimised {
                        solution: sol.name(),
                        input: &small,
                    });
                    let a = oracle.solve(&small)?;
                    // Reported only when the call fails again the same way: a minimised input
                    // that passes would be a false report.
                    match judge_written(exec.as_mut(), &board, &hand, a.as_i32()) {
                        Ok((v, _)) if incomplete.is_none() && v.kind() == kind => {
                            let mut f = failing_input(&small, &a, &v);
                            (f.board, f.hand) = (board, hand);
                            Some(f)
                        }
                        _ => None,
                    }
                } else {
                    None
                };
                (Some(failing), Some(c.id.clone()), minimised)
            }
        };
        let kinds: Vec<VerdictKind> = results
            .iter()
            .map(|r| {
                VerdictKind::ALL
                    .into_iter()
                    .find(|k| k.code() == r.verdict)
                    .unwrap()
            })
            .collect();
        let mut counts = std::collections::BTreeMap::new();
        for k in VerdictKind::ALL {
            counts.insert(k.code(), kinds.iter().filter(|x| **x == k).count());
        }
        let report = SolutionReport {
            name: sol.name().to_string(),
            expected: sol.expected(),
            verdict: verdict::overall(&kinds),
            as_expected: verdict::as_expected(sol.expected(), &kinds),
            source: sol.source().to_string(),
            path: sol.path().to_string(),
            total_ms: results.iter().map(|r| r.time_ms).sum(),
            max_ms: results.iter().map(|r| r.time_ms).fold(0.0, f64::max),
            timing: timing::summarise(&results, &config.limits),
            run_by: exec.describe(),
            complete: results.len() == valid.len(),
            language: sol.language().to_string(),
            toolchain: None,
            build: None,
            message: None,
            toolchain_missing: false,
            cases: results,
            first_failure,
            first_failure_case,
            minimised,
            counts,
        };
        on_event(&Event::SolutionFinished { report: &report });
        reports.push(report);
        if incomplete.is_some() {
            break;
        }
    }
    let mut report = RunReport {
        config: config.clone(),
        files: suite.files,
        cases: valid.len(),
        points: valid.iter().map(|(c, _, _)| c.points).sum(),
        solutions: reports,
        case_errors: suite
            .errors
            .iter()
            .map(|e| CaseErrorReport {
                case: e.subject(),
                message: e.to_string(),
            })
            .collect(),
        claims: checked.claims,
        expectations: checked.expectations,
        oracle_states: checked.states,
        oracle_ms: checked.ms,
        incomplete,
        builds: None,
        exit_code: 0,
    };
    report.exit_code = report.exit_code();
    Ok(report)
}

/// The message when every case failed with the same run-time error (at least two cases): a
/// cause that does not depend on the input, said once by the reports.
pub fn same_failure_everywhere(results: &[CaseResult]) -> Option<&str> {
    let first = results.first()?.message.as_deref()?;
    (results.len() > 1
        && results
            .iter()
            .all(|r| r.verdict == "RE" && r.message.as_deref() == Some(first)))
    .then_some(first)
}

/// The report of a submission judged on no case: CE for a build or a compile error, RE for a
/// load error, and a CE that is not as expected whatever its folder for a missing toolchain.
fn unjudged(
    sol: &dyn Solution,
    why: &Unjudged,
    run_by: String,
    limits: &crate::config::Limits,
) -> SolutionReport {
    let kind = match why {
        Unjudged::CompileError(_) | Unjudged::ToolchainMissing(_) => VerdictKind::CompileError,
        Unjudged::LoadError(_) => VerdictKind::RunTimeError,
    };
    let missing = matches!(why, Unjudged::ToolchainMissing(_));
    let mut counts = std::collections::BTreeMap::new();
    for k in VerdictKind::ALL {
        counts.insert(k.code(), 0);
    }
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
        counts,
        total_ms: 0.0,
        max_ms: 0.0,
        timing: timing::summarise(&[], limits),
        run_by,
        complete: true,
        language: sol.language().to_string(),
        toolchain: None,
        build: None,
        message: Some(why.message().to_string()),
        toolchain_missing: missing,
    }
}

/// Calls the solution once and classifies the outcome against the oracle's `oracle` answer.
/// Returns the verdict and the call's wall time in milliseconds; a call stopped before it gave
/// a verdict (see [`judge_call`]) counts as a run-time error.
pub fn judge(exec: &mut dyn Executor, instance: &Instance, oracle: i32) -> (Verdict, f64) {
    match judge_call(exec, instance, oracle) {
        Ok((v, out)) => (v, out.wall_ms),
        Err(message) => (Verdict::RunTimeError { message }, 0.0),
    }
}

/// Calls the solution once and classifies the outcome against the oracle's `oracle` answer.
/// Returns the verdict and the [`Outcome`] (wall and CPU time), or why judging stopped
/// ([`Failure::Stopped`]: Ctrl-C, or the judge's own worker could not start).
pub fn judge_call(
    exec: &mut dyn Executor,
    instance: &Instance,
    oracle: i32,
) -> Result<(Verdict, Outcome), String> {
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
) -> Result<(Verdict, Outcome), String> {
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
        Err(Failure::Stopped(why)) => return Err(why),
    };
    Ok((verdict, out))
}

fn failure_message(v: &Verdict) -> Option<String> {
    match v {
        Verdict::Accepted | Verdict::WrongAnswer { .. } => None,
        other => Some(other.describe()),
    }
}

fn failing_input(inst: &Instance, ans: &Answer, v: &Verdict) -> FailingInput {
    let moves = ans.witness.clone().unwrap_or_default();
    FailingInput {
        board: inst.board.to_string(),
        hand: inst.hand.to_string(),
        oracle: ans.as_i32(),
        got: v.got(ans.as_i32()),
        verdict: v.kind().code(),
        witness: explain::compact(&moves)
            .split_whitespace()
            .map(String::from)
            .collect(),
        message: failure_message(v),
        size: inst.size(),
        moves,
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::case;
    use crate::execute::InProcess;
    use crate::rules::Constraints;

    /// Right when the hand is written in `RYBGW` order, -1 otherwise: a solution whose answer
    /// depends on the order of the hand.
    struct SortedHandOnly;

    impl Solution for SortedHandOnly {
        fn name(&self) -> &str {
            "sorted_hand_only"
        }
        fn expected(&self) -> verdict::Expected {
            VerdictKind::WrongAnswer.into()
        }
        fn source(&self) -> &str {
            "a fake whose answer depends on the hand's order"
        }
        fn path(&self) -> &str {
            "solutions/wrong_answer/sorted_hand_only.rs"
        }
        fn find_min_step(&self, board: String, hand: String) -> i32 {
            let inst = Instance::parse(&board, &hand, &Constraints::default()).unwrap();
            if inst.hand.to_string() == hand {
                crate::oracle::solve(&inst).unwrap().as_i32()
            } else {
                -1
            }
        }
    }

    #[test]
    fn minimised_input_keeps_the_hand_as_written_when_the_sorted_hand_passes() {
        let text = "[[case]]\nname = \"unsorted\"\nboard = \"R\"\nhand = \"YRR\"\n";
        let (cases, errors) =
            case::parse_file(Path::new("t.toml"), "t.toml", text, &Constraints::default());
        let suite = Suite {
            cases,
            errors,
            files: 1,
        };
        let report = run(
            &suite,
            &[&SortedHandOnly],
            &Config::default(),
            &mut |s| Box::new(InProcess::new(s)) as Box<dyn Executor + '_>,
            &mut |_| {},
        )
        .unwrap();
        let sol = &report.solutions[0];
        let first = sol.first_failure.as_ref().unwrap();
        assert_eq!((first.board.as_str(), first.hand.as_str()), ("R", "YRR"));
        let small = sol.minimised.as_ref().unwrap();
        assert_eq!((small.board.as_str(), small.hand.as_str()), ("R", "YRR"));
        assert_eq!(
            (small.oracle, small.got, small.verdict),
            (2, Some(-1), "WA")
        );
    }
}
