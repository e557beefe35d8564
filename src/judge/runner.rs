//! The runner: judges every (solution, case) pair against the oracle, checks the suite's own
//! assertions and claims, minimises each failure, and emits [`Event`]s as it goes. It never
//! prints; [`crate::report`] turns the resulting [`RunReport`] into text or JSON.

use std::time::{Duration, Instant};

use serde::Serialize;

use crate::cases::case::{Case, Suite};
pub use crate::cases::check::{check_suite, claim_report, Checked, ClaimReport, ExpectationReport};
use crate::cases::config::Config;
use crate::game::generate;
use crate::game::moves::compact;
use crate::game::oracle::{Answer, Oracle, Solved, WitnessError};
use crate::game::rules::Instance;
use crate::judge::diagnosis::{self, Diagnosis};
use crate::judge::execute::{Executor, Failure, Outcome, Unjudged};
use crate::judge::minimise;
use crate::judge::timing::{self, Timing};
use crate::judge::verdict::{self, Verdict, VerdictKind};
use crate::submission::registry::Solution;

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
    /// A case's call for one solution is about to start (suite cases, not sweep classes).
    CaseStarted {
        /// Solution name.
        solution: &'a str,
        /// `file.toml#name`.
        case: &'a str,
        /// The call's wall-clock limit, in milliseconds.
        wall_limit_ms: u64,
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
    /// The run is done: every solution judged (or the run stopped), the builds attached.
    RunFinished {
        /// The run's report.
        report: &'a RunReport,
    },
}

/// One case as a solution saw it. JSON keys as the README's "Verdicts and exit codes" lists
/// them.
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
    /// CPU time of the call, in milliseconds (see [`crate::judge::execute::Outcome::cpu_ms`]).
    pub cpu_ms: f64,
    /// Peak resident memory of the call, every process of the worker, in KiB (see
    /// [`crate::judge::execute::Outcome::memory_kib`]); null for an in-process call.
    pub memory_kib: Option<u64>,
    /// With `run --repeat N`: the wall time of every call, in milliseconds (`time_ms` is their
    /// median); omitted for a single call. A baseline reads their spread as the noise.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub times_ms: Vec<f64>,
    /// Runs of the case: more than 1 when its CPU time landed within a factor
    /// [`timing::MARGIN`] of the limit (see [`judge_stable`]); omitted for 1.
    #[serde(skip_serializing_if = "is_one")]
    pub runs: usize,
    /// With reruns: the CPU time of every run, in milliseconds, in order (the case is judged on
    /// the fastest, whose times are `time_ms` and `cpu_ms`); omitted for one run.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cpu_runs_ms: Vec<f64>,
    /// For RE/TLE/MLE: what happened; for SKIP, why.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// The input and the oracle's answer, typed, for the reporters' witnesses.
    #[serde(skip)]
    pub solved: Solved,
}

fn is_one(n: &usize) -> bool {
    *n == 1
}

/// The per-case verdict string of a case not judged: the submission had
/// `[judging] tle_skip_after` TLEs or MLEs in a row before it.
pub const SKIPPED: &str = "SKIP";

/// The `case` of a sweep class's result: `sweep#` then the board, `+`, the hand, e.g.
/// `sweep#RRYR+YY` (hand in `RYBGW` order).
pub fn sweep_case_id(board: &str, hand: &str) -> String {
    format!("sweep#{board}+{hand}")
}

/// What a solution's sweep did (see [`crate::cases::config::Sweep`]). JSON:
/// `sweep: {max_board, max_hand, classes, judged, failed, skipped, cpu_ms, wall_ms}`.
#[derive(Clone, Debug, Serialize)]
pub struct SweepReport {
    /// Longest board swept, in balls.
    pub max_board: usize,
    /// Largest hand swept, in balls.
    pub max_hand: usize,
    /// Symmetry classes within the bound.
    pub classes: usize,
    /// Classes judged: every one up to and including the first failing one.
    pub judged: usize,
    /// The first failing class in size order (its representative), or null.
    pub failed: Option<SweepFailure>,
    /// True when the sweep was not run because the run stopped. A submission whose cases
    /// were skipped after TLEs in a row is still swept: the sweep stops at its first failure,
    /// so it costs at most one limit, and it shows a WA that a slow submission also has.
    pub skipped: bool,
    /// CPU time of the sweep's calls, in milliseconds.
    pub cpu_ms: f64,
    /// Wall time of the sweep, in milliseconds.
    pub wall_ms: f64,
}

/// A sweep's first failing class.
#[derive(Clone, Debug, Serialize)]
pub struct SweepFailure {
    /// The representative's board.
    pub board: String,
    /// Its hand, in `RYBGW` order.
    pub hand: String,
    /// The oracle's answer.
    pub oracle: i32,
    /// What the solution returned, if it returned.
    pub got: Option<i32>,
    /// `WA`, `TLE`, `RE` or `MLE`.
    pub verdict: &'static str,
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
    /// The input and the oracle's answer, typed, for the reporters' witnesses.
    #[serde(skip)]
    pub solved: Solved,
}

/// One solution's results. JSON keys as the README's "Verdicts and exit codes" lists them, plus
/// extras.
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
    /// Cases per verdict code, `SKIP` included.
    pub counts: std::collections::BTreeMap<&'static str, usize>,
    /// The sweep after the cases; null when `[sweep]` is off or the submission was judged on
    /// no case.
    pub sweep: Option<SweepReport>,
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
    /// The known wrong idea its answers follow (see [`crate::judge::diagnosis`]); null when it
    /// gave no wrong answer, or when no known idea fits.
    pub diagnosis: Option<Diagnosis>,
}

impl SolutionReport {
    /// The verdict as people read it: `not judged` when the toolchain is missing (the machine
    /// formats keep `compile_error` with `toolchain_missing: true`), `stopped` when the run
    /// stopped before any case failed (JSON keeps `accepted` with `complete: false`; a failure
    /// already seen is final, as the first non-AC case is), else the verdict's name.
    pub fn verdict_shown(&self) -> &'static str {
        self.unfinished().unwrap_or(self.verdict.name())
    }

    /// The verdict's code as people read it: `not judged`, `stopped`, or `AC`, `WA`, ....
    pub fn code_shown(&self) -> &'static str {
        self.unfinished().unwrap_or(self.verdict.code())
    }

    fn unfinished(&self) -> Option<&'static str> {
        unfinished(self.toolchain_missing, self.complete, self.verdict)
    }
}

/// What people's reports show instead of a verdict: `not judged` (toolchain missing) or
/// `stopped` (the run stopped before any case failed); `None` to show the verdict.
pub fn unfinished(
    toolchain_missing: bool,
    complete: bool,
    verdict: VerdictKind,
) -> Option<&'static str> {
    if toolchain_missing {
        Some("not judged")
    } else if !complete && verdict == VerdictKind::Accepted {
        Some("stopped")
    } else {
        None
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

impl BuildReport {
    /// The build of `o`, a failed one too; `None` when none ran or was cached (the text alone
    /// or a missing toolchain ruled it out).
    pub fn of(o: &crate::submission::build::Outcome) -> Option<BuildReport> {
        (o.cached || o.compiled).then_some(BuildReport {
            cached: o.cached,
            ms: o.ms,
        })
    }
}

/// A case-file problem. JSON keys as the README's "Verdicts and exit codes" lists them.
#[derive(Clone, Debug, Serialize)]
pub struct CaseErrorReport {
    /// `file.toml#name`, or the file.
    pub case: String,
    /// The full message, with file and line.
    pub message: String,
}

/// A case-file warning: the path it is about and the full message.
#[derive(Clone, Debug, Serialize)]
pub struct CaseWarningReport {
    /// The file or folder.
    pub path: String,
    /// The full message.
    pub message: String,
}

/// Everything a run found. Reporters render it; [`RunReport::exit_code`] decides 0/1/2.
#[derive(Clone, Debug, Serialize)]
pub struct RunReport {
    /// The constraints and limits the run worked under.
    pub config: Config,
    /// Case files found, the ones that could not be read included.
    pub files: usize,
    /// Of those, the ones that could not be read (each also has a case error).
    pub files_unreadable: usize,
    /// Of those, the ones reached through a symlink.
    pub files_via_symlinks: usize,
    /// Valid cases judged.
    pub cases: usize,
    /// Their points, summed: the most a solution can score.
    pub points: u64,
    /// One entry per solution.
    pub solutions: Vec<SolutionReport>,
    /// Case-file problems.
    pub case_errors: Vec<CaseErrorReport>,
    /// What is worth saying about the case files but loses no case: an empty file, a symlink
    /// loop, a file reached by two paths.
    pub case_warnings: Vec<CaseWarningReport>,
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
    /// Whether the workers ran sandboxed, and what the sandbox enforced or why it was off.
    pub sandbox: SandboxReport,
    /// 0, 1, 2 or 3; see [`RunReport::exit_code`].
    pub exit_code: i32,
}

/// The sandbox of a run's workers. JSON: `sandbox: {on, detail}`.
#[derive(Clone, Debug, Serialize)]
pub struct SandboxReport {
    /// Whether workers ran in the sandbox.
    pub on: bool,
    /// What it enforced, or why it was off, e.g. `--no-sandbox`.
    pub detail: String,
}

impl SandboxReport {
    /// The sandbox as it stands for workers started now.
    pub fn now() -> SandboxReport {
        match crate::submission::sandbox::status() {
            crate::submission::sandbox::Status::On(d) => SandboxReport {
                on: true,
                detail: d,
            },
            crate::submission::sandbox::Status::Off(d) => SandboxReport {
                on: false,
                detail: d,
            },
        }
    }

    /// `on (...)` or `off (reason)`, for a report's `sandbox:` line.
    pub fn describe(&self) -> String {
        format!("{} ({})", if self.on { "on" } else { "off" }, self.detail)
    }
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
    let valid: Vec<ValidCase> = suite
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
                };
                let report = judging.solution(&valid, classes, &mut oracle)?;
                incomplete = judging.incomplete;
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
    Ok(run_report(
        suite, checked, config, counts, reports, incomplete,
    ))
}

/// A valid case of the suite, its instance and the oracle's answer.
type ValidCase<'a> = (&'a Case, &'a Instance, &'a Answer);

/// A valid case's input and the oracle's answer, as the reports take them.
fn solved(instance: &Instance, answer: &Answer) -> Solved {
    Solved {
        instance: instance.clone(),
        answer: answer.clone(),
    }
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
        exit_code: 0,
    };
    report.exit_code = report.exit_code();
    report
}

/// One solution being judged: its cases, then its sweep, then its first failure minimised.
struct Judging<'r, 'e> {
    sol: &'r dyn Solution,
    exec: &'r mut (dyn Executor + 'e),
    config: &'r Config,
    on_event: &'r mut dyn FnMut(&Event),
    tle: TleStreak,
    /// Why judging stopped (Ctrl-C, a worker that could not be replaced), if it did.
    incomplete: Option<String>,
}

/// What judging a solution's cases and sweep found, before minimising.
struct Judged {
    results: Vec<CaseResult>,
    /// The first failure, in the suite's order, then the sweep's.
    first: Option<Failed>,
    /// The sweep's failing class, if one failed.
    swept: Option<Failed>,
    sweep: Option<SweepReport>,
    /// Every case and every class that should have been judged was.
    complete: bool,
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
            .filter(|r| r.verdict == "AC" || r.verdict == "WA")
            .map(|r| (r.board.as_str(), r.hand.as_str(), r.got, &r.solved))
            .chain(
                minimised
                    .filter(|m| m.verdict == "WA")
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

    /// Judges the suite's cases in order, skipping after `[judging] tle_skip_after` TLEs or
    /// MLEs in a row; stops (with `incomplete` set) when a call cannot be made.
    fn cases(&mut self, valid: &[ValidCase]) -> Judged {
        let (sol, config) = (self.sol, self.config);
        let mut judged = Judged {
            results: Vec::new(),
            first: None,
            swept: None,
            sweep: None,
            complete: false,
        };
        for (k, (c, inst, ans)) in valid.iter().enumerate() {
            if self.tle.skipping(&config.judging) {
                let result = skipped(c, solved(inst, ans), &self.tle.describe());
                judged.results.push(result);
                continue;
            }
            (self.on_event)(&Event::CaseStarted {
                solution: sol.name(),
                case: &c.id,
                wall_limit_ms: self.tle.wall_ms(config),
            });
            // The case's own strings, hand order included: LeetCode passes the hand as written.
            let (verdict, out, cpus) = match self.stable((&c.board, &c.hand), ans.as_i32()) {
                Ok(v) => v,
                Err(why) => {
                    let of = valid.len();
                    let cases = if of == 1 { "case" } else { "cases" };
                    let at = format!("{} on {}, after {k} of {of} {cases}", sol.name(), c.id);
                    self.incomplete = Some(format!("{why}: stopped while judging {at}"));
                    break;
                }
            };
            self.tle.saw(&verdict, self.exec, config);
            (self.on_event)(&Event::CaseJudged {
                solution: sol.name(),
                case: &c.id,
                verdict: &verdict,
                time_ms: out.wall_ms,
            });
            let result = case_result(
                c.id.clone(),
                (&c.board, &c.hand),
                solved(inst, ans),
                &verdict,
                &out,
                cpus,
                c.points,
            );
            judged.results.push(result);
            if judged.first.is_none() && verdict.kind() != VerdictKind::Accepted {
                judged.first = Some(Failed {
                    board: c.board.clone(),
                    hand: c.hand.clone(),
                    instance: (*inst).clone(),
                    answer: (*ans).clone(),
                    verdict,
                    case: c.id.clone(),
                });
            }
        }
        judged.complete = judged.results.len() == valid.len();
        judged
    }

    /// [`judge_stable`] under the wall-clock limit the TLE streak sets.
    fn stable(
        &mut self,
        call: (&str, &str),
        oracle: i32,
    ) -> Result<(Verdict, Outcome, Vec<f64>), String> {
        let wall = (
            self.tle.wall_ms(self.config),
            self.tle.seen || self.tle.mle_seen,
        );
        judge_stable(self.exec, call, oracle, self.config, wall)
    }

    /// Sweeps the symmetry classes in size order, up to and including the first failing one,
    /// whatever its kind, so that a TLE costs one limit. Skipped when the cases stopped.
    fn sweep(&mut self, classes: &[(Instance, Answer)], judged: &mut Judged) -> SweepReport {
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
        for (inst, ans) in classes {
            let (board, hand) = (inst.board.to_string(), inst.hand.to_string());
            let (verdict, out, cpus) = match self.stable((&board, &hand), ans.as_i32()) {
                Ok(v) => v,
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
            let id = sweep_case_id(&board, &hand);
            (self.on_event)(&Event::CaseJudged {
                solution: sol.name(),
                case: &id,
                verdict: &verdict,
                time_ms: out.wall_ms,
            });
            rep.failed = Some(SweepFailure {
                board: board.clone(),
                hand: hand.clone(),
                oracle: ans.as_i32(),
                got: verdict.got(ans.as_i32()),
                verdict: verdict.kind().code(),
            });
            // A swept class is worth no points: the score is the case files'.
            let (input, truth) = ((board.as_str(), hand.as_str()), solved(inst, ans));
            let result = case_result(id.clone(), input, truth, &verdict, &out, cpus, 0);
            judged.results.push(result);
            let failed = Failed {
                board,
                hand,
                instance: inst.clone(),
                answer: ans.clone(),
                verdict,
                case: id,
            };
            judged.first.get_or_insert_with(|| failed.clone());
            judged.swept = Some(failed);
            break;
        }
        rep.wall_ms = started.elapsed().as_secs_f64() * 1e3;
        rep
    }

    /// The first failure minimised: the smallest failing input of the same kind among the
    /// sweep's failing class and the suite's cases, or greedy shrinking's result. A TLE or MLE
    /// costs a limit per candidate, so it is not shrunk.
    fn minimised(
        &mut self,
        first: &Failed,
        swept: Option<Failed>,
        valid: &[ValidCase],
        results: &[CaseResult],
        oracle: &mut Oracle,
    ) -> Result<Option<FailingInput>, WitnessError> {
        let kind = first.verdict.kind();
        let worth = !matches!(
            kind,
            VerdictKind::TimeLimitExceeded | VerdictKind::MemoryLimitExceeded
        );
        // The sweep's failing class is the smallest failing input within the sweep's bound in
        // size order (for a solution that keeps the symmetries): no shrinking is needed when it
        // failed the same way. A TLE or MLE first failure is not shrunk, but a sweep failure of
        // another kind (a slow submission that is also wrong) is the smallest input that fails.
        if let Some(s) = swept.filter(|s| s.verdict.kind() == kind || !worth) {
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
        s: &Failed,
        valid: &[ValidCase],
        results: &[CaseResult],
    ) -> FailingInput {
        let swept_kind = s.verdict.kind().code();
        let (small, best) = valid
            .iter()
            .zip(results)
            .filter(|(_, r)| r.verdict == swept_kind)
            .map(|((_, i, a), r)| ((*i).clone(), failing_of_result(r, i, a)))
            .chain(std::iter::once((s.instance.clone(), s.failing())))
            .min_by(|a, b| generate::size_order((&a.0.board, &a.0.hand), (&b.0.board, &b.0.hand)))
            .expect("the sweep's failure is there");
        (self.on_event)(&Event::Minimised {
            solution: self.sol.name(),
            input: &small,
        });
        best
    }

    /// Greedy shrinking of the first failure, within [`MINIMISE_TRIES`] calls and
    /// [`MINIMISE_WALL_LIMITS`] wall limits, then the smallest of its result and the suite's
    /// cases failing the same way. Reported only when that input fails again the same way.
    fn shrunk(
        &mut self,
        first: &Failed,
        valid: &[ValidCase],
        results: &[CaseResult],
        oracle: &mut Oracle,
    ) -> Result<Option<FailingInput>, WitnessError> {
        let kind = first.verdict.kind();
        let limits = &self.config.limits;
        let until = Instant::now() + Duration::from_millis(MINIMISE_WALL_LIMITS * limits.wall_ms());
        let (exec, name, incomplete) = (&mut *self.exec, self.sol.name(), &mut self.incomplete);
        let (small, _) = minimise::minimise(
            &first.instance,
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
        let greedy = if small == first.instance {
            (first.board.clone(), first.hand.clone(), small)
        } else {
            (small.board.to_string(), small.hand.to_string(), small)
        };
        // The best minimiser available: a failing case of the suite of the same kind (e.g. one
        // `exhaust` or `fuzz` recorded in cases/regressions/) beats greedy shrinking's result
        // when it is smaller in size order. Suite cases keep their hand as written, for the
        // same reason.
        let (board, hand, small) = valid
            .iter()
            .zip(results)
            .filter(|(_, r)| r.verdict == kind.code())
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
                let mut f = failing_input(&small, &a, &v);
                (f.board, f.hand) = (board, hand);
                Some(f)
            }
            _ => None,
        })
    }

    /// The solution's report from what was judged.
    fn report(
        &self,
        judged: Judged,
        first: Option<Failed>,
        minimised: Option<FailingInput>,
    ) -> SolutionReport {
        let (sol, results) = (self.sol, judged.results);
        // Skipped cases are no verdict: they count as SKIP, never as AC.
        let kinds: Vec<VerdictKind> = results
            .iter()
            .filter_map(|r| VerdictKind::ALL.into_iter().find(|k| k.code() == r.verdict))
            .collect();
        let mut counts = std::collections::BTreeMap::new();
        for k in VerdictKind::ALL {
            counts.insert(k.code(), kinds.iter().filter(|x| **x == k).count());
        }
        counts.insert(
            SKIPPED,
            results.iter().filter(|r| r.verdict == SKIPPED).count(),
        );
        let judged_cases: Vec<CaseResult> = results
            .iter()
            .filter(|r| r.verdict != SKIPPED)
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
            first_failure: first.as_ref().map(Failed::failing),
            first_failure_case: first.map(|f| f.case),
            minimised,
            counts,
            sweep: judged.sweep,
        }
    }
}

/// A failing call: the strings it was called with, the truth and the verdict.
#[derive(Clone)]
struct Failed {
    board: String,
    hand: String,
    instance: Instance,
    answer: Answer,
    verdict: Verdict,
    case: String,
}

impl Failed {
    fn failing(&self) -> FailingInput {
        let mut f = failing_input(&self.instance, &self.answer, &self.verdict);
        (f.board, f.hand) = (self.board.clone(), self.hand.clone());
        f
    }
}

/// The failing input of a failing case result, as it was called.
fn failing_of_result(r: &CaseResult, inst: &Instance, ans: &Answer) -> FailingInput {
    let moves = ans.witness.clone().unwrap_or_default();
    FailingInput {
        board: r.board.clone(),
        hand: r.hand.clone(),
        oracle: r.oracle,
        got: r.got,
        verdict: r.verdict,
        witness: compact(&moves)
            .split_whitespace()
            .map(String::from)
            .collect(),
        message: r.message.clone(),
        size: inst.size(),
        solved: Solved {
            instance: inst.clone(),
            answer: ans.clone(),
        },
    }
}

/// Every symmetry class within `[sweep]` (none when it is off), in size order, with the
/// oracle's answer.
pub fn sweep_classes(
    sweep: &crate::cases::config::Sweep,
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

/// A submission's run of consecutive limit verdicts (TLE or MLE): after the first TLE its
/// wall-clock limit is shortened to `[judging] wall_after_tle_ms`, and after `tle_skip_after`
/// TLEs or MLEs in a row the rest of its cases are skipped, so a submission that runs out of
/// memory slowly on every case costs a few limits, as a looping one does. It also remembers an
/// MLE: after a TLE or an MLE, a later near-limit TLE or MLE is not rerun (see
/// [`judge_stable`]).
#[derive(Default)]
struct TleStreak {
    seen: bool,
    mle_seen: bool,
    /// The verdicts of the current run of TLEs and MLEs, in order.
    streak: Vec<VerdictKind>,
}

impl TleStreak {
    fn saw(&mut self, v: &Verdict, exec: &mut dyn Executor, config: &Config) {
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
    fn wall_ms(&self, config: &Config) -> u64 {
        if self.seen {
            config.judging.wall_after_tle(&config.limits)
        } else {
            config.limits.wall_ms()
        }
    }

    fn skipping(&self, judging: &crate::cases::config::Judging) -> bool {
        judging.tle_skip_after > 0 && self.streak.len() >= judging.tle_skip_after
    }

    /// The streak in words, e.g. `3 TLEs in a row`, `3 MLEs in a row`, `3 TLEs or MLEs in a row`.
    fn describe(&self) -> String {
        let all = |k| self.streak.iter().all(|&s| s == k);
        let what = if all(VerdictKind::TimeLimitExceeded) {
            "TLEs"
        } else if all(VerdictKind::MemoryLimitExceeded) {
            "MLEs"
        } else {
            "TLEs or MLEs"
        };
        format!("{} {what} in a row", self.streak.len())
    }
}

/// The result of a case skipped after a run of limit verdicts, `streak` in words.
fn skipped(c: &Case, solved: Solved, streak: &str) -> CaseResult {
    CaseResult {
        case: c.id.clone(),
        board: c.board.clone(),
        hand: c.hand.clone(),
        oracle: solved.answer.as_i32(),
        got: None,
        verdict: SKIPPED,
        points: c.points,
        time_ms: 0.0,
        cpu_ms: 0.0,
        memory_kib: None,
        times_ms: Vec::new(),
        runs: 0,
        cpu_runs_ms: Vec::new(),
        message: Some(format!("skipped: {streak} before it")),
        solved,
    }
}

/// The result of one judged call (or its fastest run, with reruns' CPU times `cpus`).
fn case_result(
    case: String,
    (board, hand): (&str, &str),
    solved: Solved,
    verdict: &Verdict,
    out: &Outcome,
    cpus: Vec<f64>,
    points: u64,
) -> CaseResult {
    let oracle = solved.answer.as_i32();
    CaseResult {
        case,
        points,
        board: board.to_string(),
        hand: hand.to_string(),
        oracle,
        got: verdict.got(oracle),
        verdict: verdict.kind().code(),
        time_ms: out.wall_ms,
        cpu_ms: out.cpu_ms,
        memory_kib: out.memory_kib,
        times_ms: out.repeats_ms.clone(),
        runs: cpus.len().max(1),
        cpu_runs_ms: cpus,
        message: failure_message(verdict),
        solved,
    }
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
) -> Result<(Verdict, Outcome, Vec<f64>), String> {
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
    matches!(v, Verdict::TimeLimitExceeded { limit } if limit.starts_with("wall"))
}

/// Whether another run could change the verdict: see [`judge_stable`].
fn near_limit(v: &Verdict, out: &Outcome, limits: &crate::cases::config::Limits) -> bool {
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
    limits: &crate::cases::config::Limits,
) -> SolutionReport {
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
    counts.insert(SKIPPED, 0);
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
        witness: compact(&moves)
            .split_whitespace()
            .map(String::from)
            .collect(),
        message: failure_message(v),
        size: inst.size(),
        solved: Solved {
            instance: inst.clone(),
            answer: ans.clone(),
        },
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::cases::case;
    use crate::game::rules::Constraints;
    use crate::judge::execute::InProcess;

    /// Right when the hand is written in `RYBGW` order, -1 otherwise: a solution whose answer
    /// depends on the order of the hand.
    pub(super) struct SortedHandOnly;

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
                crate::game::oracle::solve(&inst).unwrap().as_i32()
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
            ..Suite::default()
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

#[cfg(test)]
mod stable_tests {
    use std::cell::RefCell;
    use std::path::Path;
    use std::rc::Rc;

    use super::*;
    use crate::cases::case;
    use crate::cases::config::{Judging, Sweep};
    use crate::game::rules::Constraints;

    /// Answers each call with `f(board, hand)`, and records every wall limit it is given.
    struct Scripted<F> {
        f: F,
        walls: Rc<RefCell<Vec<Option<u64>>>>,
    }

    impl<F: FnMut(&str, &str) -> Outcome> Executor for Scripted<F> {
        fn call(&mut self, board: &str, hand: &str) -> Outcome {
            (self.f)(board, hand)
        }
        fn set_wall_ms(&mut self, wall_ms: Option<u64>) {
            self.walls.borrow_mut().push(wall_ms);
        }
    }

    fn out(result: Result<i32, Failure>, cpu_ms: f64) -> Outcome {
        Outcome {
            result,
            wall_ms: cpu_ms + 1.0,
            cpu_ms,
            memory_kib: None,
            repeats_ms: Vec::new(),
        }
    }

    fn cpu_tle() -> Result<i32, Failure> {
        Err(Failure::TimeLimit("CPU 2000 ms".into()))
    }

    fn suite(n: usize) -> Suite {
        let mut text = String::new();
        for i in 0..n {
            text.push_str(&format!(
                "[[case]]\nname = \"c{i}\"\nboard = \"WWRRBBWW\"\nhand = \"WRBRW\"\n"
            ));
        }
        let (cases, errors) = case::parse_file(
            Path::new("t.toml"),
            "t.toml",
            &text,
            &Constraints::default(),
        );
        Suite {
            cases,
            errors,
            files: 1,
            ..Suite::default()
        }
    }

    fn config(sweep: (usize, usize), judging: Judging) -> Config {
        Config {
            sweep: Sweep {
                max_board: sweep.0,
                max_hand: sweep.1,
            },
            judging,
            ..Config::default()
        }
    }

    fn solution() -> &'static dyn Solution {
        &crate::judge::runner::tests::SortedHandOnly
    }

    /// `judge_stable` on WRRBBW + RB (answer 2) for a submission whose calls give `script` in
    /// turn; `limit_seen`: it already had a TLE or an MLE.
    fn judged(
        script: Vec<Outcome>,
        config: &Config,
        limit_seen: bool,
    ) -> (Verdict, Outcome, Vec<f64>) {
        let mut script = script.into_iter();
        let mut exec = Scripted {
            f: |_: &str, _: &str| script.next().unwrap(),
            walls: Rc::new(RefCell::new(Vec::new())),
        };
        judge_stable(&mut exec, ("WRRBBW", "RB"), 2, config, (5000, limit_seen)).unwrap()
    }

    fn mle() -> Result<i32, Failure> {
        Err(Failure::MemoryLimit("memory 1024 MiB".into()))
    }

    #[test]
    fn a_case_near_the_limit_is_rerun_and_judged_on_its_fastest_run() {
        // 1900 ms AC, then a 2100 ms TLE, 1500 ms and 1400 ms: four runs, the last the fastest.
        let script = vec![
            out(Ok(2), 1900.0),
            out(cpu_tle(), 2100.0),
            out(Ok(2), 1500.0),
            out(Ok(2), 1400.0),
        ];
        let (v, o, cpus) = judged(script, &Config::default(), false);
        assert_eq!(v, Verdict::Accepted);
        assert_eq!(o.cpu_ms, 1400.0);
        assert_eq!(cpus, vec![1900.0, 2100.0, 1500.0, 1400.0]);

        // A 2100 ms TLE whose rerun takes 1000 ms: out of the band, no third run; AC.
        let script = vec![out(cpu_tle(), 2100.0), out(Ok(2), 1000.0)];
        let (v, o, cpus) = judged(script, &Config::default(), false);
        assert_eq!(
            (v, o.cpu_ms, cpus),
            (Verdict::Accepted, 1000.0, vec![2100.0, 1000.0])
        );
    }

    /// An MLE near the CPU limit is rerun too: a rerun that runs out of memory sooner decides,
    /// and one that reaches the CPU limit first (a TLE) does not. Once the submission had a TLE
    /// or an MLE, it is not rerun: each rerun would cost nearly a limit, and the case is a
    /// limit's failure either way.
    #[test]
    fn an_mle_near_the_limit_is_rerun_until_a_limit_was_seen() {
        let script = vec![
            out(mle(), 1900.0),
            out(cpu_tle(), 2100.0),
            out(mle(), 1800.0),
            out(mle(), 1850.0),
        ];
        let (v, o, cpus) = judged(script, &Config::default(), false);
        assert_eq!(v.kind(), VerdictKind::MemoryLimitExceeded);
        assert_eq!(
            (o.cpu_ms, cpus),
            (1800.0, vec![1900.0, 2100.0, 1800.0, 1850.0])
        );
        let (v, _, cpus) = judged(vec![out(mle(), 1900.0)], &Config::default(), true);
        assert_eq!((v.kind(), cpus), (VerdictKind::MemoryLimitExceeded, vec![]));
    }

    /// Not rerun: a fast answer, a wall TLE (a sleep), a call killed at 1.5 x the limit, a
    /// far-off MLE, a CPU TLE stopped at the wall deadline on a starved machine.
    #[test]
    fn a_call_far_from_the_limit_or_stopped_by_the_wall_is_not_rerun() {
        let starved = Outcome {
            wall_ms: 5000.0,
            ..out(cpu_tle(), 2500.0)
        };
        for first in [
            out(Ok(2), 1332.0),
            out(Err(Failure::TimeLimit("wall 5000 ms".into())), 1500.0),
            out(cpu_tle(), 3000.0),
            out(mle(), 300.0),
            starved,
        ] {
            let (_, o, cpus) = judged(vec![first.clone()], &Config::default(), false);
            assert_eq!((o, cpus), (first, vec![]));
        }
    }

    /// With `reruns = 1`, two runs at most; the TLE stands.
    #[test]
    fn reruns_stop_at_the_configured_count() {
        let script = vec![out(cpu_tle(), 2500.0), out(cpu_tle(), 2400.0)];
        let (v, _, cpus) = judged(script, &config_with_reruns(1), false);
        assert_eq!(v.kind(), VerdictKind::TimeLimitExceeded);
        assert_eq!(cpus, vec![2500.0, 2400.0]);
    }

    fn config_with_reruns(reruns: usize) -> Config {
        config(
            (0, 0),
            Judging {
                reruns,
                ..Judging::default()
            },
        )
    }

    #[test]
    fn after_k_tles_in_a_row_the_remaining_cases_are_skipped_never_ac() {
        let judging = Judging {
            tle_skip_after: 2,
            ..Judging::default()
        };
        let walls = Rc::new(RefCell::new(Vec::new()));
        // TLE, AC (the run of TLEs starts again), TLE, TLE, then nothing more is called.
        let script = Rc::new(RefCell::new(
            vec![
                out(Err(Failure::TimeLimit("wall 5000 ms".into())), 10.0),
                out(Ok(2), 1.0),
                out(Err(Failure::TimeLimit("wall 3000 ms".into())), 10.0),
                out(Err(Failure::TimeLimit("wall 3000 ms".into())), 10.0),
                // The sweep still runs after the skip: its first class is answered wrong.
                out(Ok(5), 1.0),
            ]
            .into_iter(),
        ));
        let calls = Rc::new(RefCell::new(0));
        let report = run(
            &suite(7),
            &[solution()],
            &config((4, 2), judging),
            &mut |_| {
                let (script, calls) = (script.clone(), calls.clone());
                Box::new(Scripted {
                    f: move |_: &str, _: &str| {
                        *calls.borrow_mut() += 1;
                        script.borrow_mut().next().unwrap()
                    },
                    walls: walls.clone(),
                }) as Box<dyn Executor + '_>
            },
            &mut |_| {},
        )
        .unwrap();
        let s = &report.solutions[0];
        let verdicts: Vec<&str> = s.cases.iter().map(|c| c.verdict).collect();
        assert_eq!(
            verdicts,
            ["TLE", "AC", "TLE", "TLE", "SKIP", "SKIP", "SKIP", "WA"]
        );
        assert_eq!(*calls.borrow(), 5);
        assert_eq!(s.counts["SKIP"], 3);
        assert_eq!(s.counts["AC"], 1);
        assert_eq!(s.verdict, VerdictKind::TimeLimitExceeded);
        assert_eq!(
            s.cases[4].message.as_deref(),
            Some("skipped: 2 TLEs in a row before it")
        );
        // The wall limit was shortened once, after the first TLE, to 2000 ms x 1.5.
        assert_eq!(*walls.borrow(), vec![Some(3000)]);
        let sweep = s.sweep.as_ref().unwrap();
        assert_eq!(
            (sweep.skipped, sweep.judged, sweep.classes),
            (false, 1, 148)
        );
        assert_eq!(sweep.failed.as_ref().unwrap().verdict, "WA");
        assert!(s.complete);
    }

    /// An MLE counts towards the streak as a TLE does (a slow memory hog on every case costs a
    /// few limits), an MLE alone does not shorten the wall limit, and the SKIP message says
    /// which verdicts made the streak.
    #[test]
    fn mles_count_towards_the_skip_streak_and_the_message_names_them() {
        let judging = Judging {
            tle_skip_after: 2,
            ..Judging::default()
        };
        let mle = || out(Err(Failure::MemoryLimit("memory 1024 MiB".into())), 10.0);
        let tle = || out(Err(Failure::TimeLimit("wall 5000 ms".into())), 10.0);
        for (script, second, message, walls_set) in [
            (
                vec![mle(), mle()],
                "MLE",
                "skipped: 2 MLEs in a row before it",
                vec![],
            ),
            (
                vec![mle(), tle()],
                "TLE",
                "skipped: 2 TLEs or MLEs in a row before it",
                vec![Some(3000)],
            ),
        ] {
            let walls = Rc::new(RefCell::new(Vec::new()));
            let script = Rc::new(RefCell::new(script.into_iter().chain([out(Ok(5), 1.0)])));
            let report = run(
                &suite(4),
                &[solution()],
                &config((4, 2), judging.clone()),
                &mut |_| {
                    let script = script.clone();
                    Box::new(Scripted {
                        f: move |_: &str, _: &str| script.borrow_mut().next().unwrap(),
                        walls: walls.clone(),
                    }) as Box<dyn Executor + '_>
                },
                &mut |_| {},
            )
            .unwrap();
            let s = &report.solutions[0];
            let verdicts: Vec<&str> = s.cases.iter().map(|c| c.verdict).collect();
            assert_eq!(verdicts[..4], ["MLE", second, "SKIP", "SKIP"]);
            assert_eq!(s.cases[2].message.as_deref(), Some(message));
            assert_eq!(*walls.borrow(), walls_set);
        }
    }

    #[test]
    fn the_sweep_stops_at_the_smallest_failing_class() {
        let walls = Rc::new(RefCell::new(Vec::new()));
        let calls = Rc::new(RefCell::new(Vec::new()));
        // Right everywhere but on a hand of two balls and a board of three or more: the
        // smallest such class in size order is RRY + RR.
        let report = run(
            &suite(1),
            &[solution()],
            &config((4, 2), Judging::default()),
            &mut |_| {
                let calls = calls.clone();
                Box::new(Scripted {
                    f: move |b: &str, h: &str| {
                        calls.borrow_mut().push(format!("{b}+{h}"));
                        let inst = Instance::parse(b, h, &Constraints::default()).unwrap();
                        let right = crate::game::oracle::solve(&inst).unwrap().as_i32();
                        let got = if h.len() == 2 && b.len() >= 3 {
                            7
                        } else {
                            right
                        };
                        out(Ok(got), 0.1)
                    },
                    walls: walls.clone(),
                }) as Box<dyn Executor + '_>
            },
            &mut |_| {},
        )
        .unwrap();
        let s = &report.solutions[0];
        let sweep = s.sweep.as_ref().unwrap();
        assert_eq!(
            (sweep.classes, sweep.judged, sweep.skipped),
            (148, 29, false)
        );
        let f = sweep.failed.as_ref().unwrap();
        assert_eq!(
            (
                f.board.as_str(),
                f.hand.as_str(),
                f.oracle,
                f.got,
                f.verdict
            ),
            ("RRY", "RR", -1, Some(7), "WA")
        );
        // The case file's case and the 29 classes judged, no more.
        assert_eq!(calls.borrow().len(), 30);
        assert_eq!(calls.borrow().last().unwrap(), "RRY+RR");
        let last = s.cases.last().unwrap();
        assert_eq!((last.case.as_str(), last.verdict), ("sweep#RRY+RR", "WA"));
        assert_eq!(s.first_failure_case.as_deref(), Some("sweep#RRY+RR"));
        let m = s.minimised.as_ref().unwrap();
        assert_eq!(
            (m.board.as_str(), m.hand.as_str(), m.size),
            ("RRY", "RR", 5)
        );
        assert_eq!(s.verdict, VerdictKind::WrongAnswer);
        assert!(walls.borrow().is_empty());
    }
}
