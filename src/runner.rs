//! The runner: judges every (solution, case) pair against the oracle, checks the suite's own
//! assertions and claims, minimises each failure, and emits [`Event`]s as it goes. It never
//! prints; [`crate::report`] turns the resulting [`RunReport`] into text or JSON.

use std::time::Instant;

use serde::Serialize;

use crate::case::{self, Case, Suite};
use crate::config::Config;
use crate::execute::{Executor, Failure};
use crate::explain;
use crate::generate;
use crate::minimise;
use crate::oracle::{Answer, Oracle, WitnessError};
use crate::registry::Solution;
use crate::rules::{Instance, Move};
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
    /// Wall time of the call, in milliseconds.
    pub time_ms: f64,
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
    /// Its folder's verdict.
    pub expected: VerdictKind,
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
    /// 0, 1 or 2; see [`RunReport::exit_code`].
    pub exit_code: i32,
}

impl RunReport {
    /// 2 if any case file or case could not be used (the suite itself is broken); else 1 if a
    /// solution's verdicts differ from its folder, a case's `expected`/`invalid` differs from
    /// the truth, or a strict claim does not hold; else 0.
    pub fn exit_code(&self) -> i32 {
        if !self.case_errors.is_empty() {
            2
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
    for sol in solutions {
        let mut exec = executor_for(*sol);
        let mut results = Vec::new();
        let mut first: Option<(usize, Verdict)> = None;
        for (k, (c, inst, ans)) in valid.iter().enumerate() {
            let (verdict, time_ms) = judge(exec.as_mut(), inst, ans.as_i32());
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
                time_ms,
                message: failure_message(&verdict),
            });
        }
        let (first_failure, first_failure_case, minimised) = match first {
            None => (None, None, None),
            Some((k, v)) => {
                let (c, inst, ans) = valid[k];
                let mut failing = failing_input(inst, ans, &v);
                (failing.board, failing.hand) = (c.board.clone(), c.hand.clone());
                let kind = v.kind();
                let (small, _) = minimise::minimise(
                    inst,
                    &config.constraints,
                    |cand| {
                        let Ok(a) = oracle.solve(cand) else {
                            return false;
                        };
                        judge(exec.as_mut(), cand, a.as_i32()).0.kind() == kind
                    },
                    MINIMISE_TRIES,
                );
                // The best minimiser available: a failing case of the suite of the same kind
                // (e.g. one `exhaust` or `fuzz` recorded in cases/regressions/) beats greedy
                // shrinking's result when it is smaller in size order.
                let small = valid
                    .iter()
                    .zip(&results)
                    .filter(|(_, r)| r.verdict == kind.code())
                    .map(|((_, i, _), _)| (*i).clone())
                    .chain(std::iter::once(small))
                    .min_by(|a, b| generate::size_order((&a.board, &a.hand), (&b.board, &b.hand)))
                    .expect("greedy shrinking's result is there");
                on_event(&Event::Minimised {
                    solution: sol.name(),
                    input: &small,
                });
                let a = oracle.solve(&small)?;
                let v = judge(exec.as_mut(), &small, a.as_i32()).0;
                (
                    Some(failing),
                    Some(c.id.clone()),
                    Some(failing_input(&small, &a, &v)),
                )
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
            cases: results,
            first_failure,
            first_failure_case,
            minimised,
            counts,
        };
        on_event(&Event::SolutionFinished { report: &report });
        reports.push(report);
    }
    let mut report = RunReport {
        config: config.clone(),
        files: suite.files,
        cases: valid.len(),
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
        exit_code: 0,
    };
    report.exit_code = report.exit_code();
    Ok(report)
}

/// Calls the solution once and classifies the outcome against the oracle's `oracle` answer.
/// Returns the verdict and the call's wall time in milliseconds.
pub fn judge(exec: &mut dyn Executor, instance: &Instance, oracle: i32) -> (Verdict, f64) {
    let out = exec.call(&instance.board.to_string(), &instance.hand.to_string());
    let verdict = match out.result {
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
    };
    (verdict, out.wall_ms)
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
