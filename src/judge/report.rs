//! What a run found, typed: a report per solution (its cases, first failure, minimised input,
//! sweep, timing, build), the case-file problems, the claims, the sandbox and the exit code.
//! Reporters render these values; nothing here judges.

use serde::{Deserialize, Serialize};

use crate::cases::check::{ClaimReport, ExpectationReport};
use crate::cases::config::Config;
use crate::judge::case_result::CaseResult;
use crate::judge::diagnosis::Diagnosis;
use crate::judge::exit::Exit;
use crate::judge::failing::{self, FailingInput};
use crate::judge::timing::Timing;
use crate::judge::verdict::{self, VerdictKind};

/// What a solution's sweep did (see [`crate::cases::config::Sweep`]). JSON:
/// `sweep: {max_board, max_hand, classes, judged, failed, skipped, cpu_ms, wall_ms}`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SweepReport {
    /// Longest board swept, in balls.
    pub max_board: usize,
    /// Largest hand swept, in balls.
    pub max_hand: usize,
    /// Symmetry classes within the bound.
    pub classes: usize,
    /// Classes judged: every one up to and including the first failing one.
    pub judged: usize,
    /// The first failing class in size order (its representative), or null; in JSON
    /// `{board, hand, oracle, got, verdict}`.
    #[serde(
        serialize_with = "failing::class",
        deserialize_with = "failing::read_class"
    )]
    pub failed: Option<FailingInput>,
    /// True when the sweep was not run because the run stopped. A submission whose cases
    /// were skipped after TLEs in a row is still swept: the sweep stops at its first failure,
    /// so it costs at most one limit, and it shows a WA that a slow submission also has.
    pub skipped: bool,
    /// CPU time of the sweep's calls, in milliseconds.
    pub cpu_ms: f64,
    /// Wall time of the sweep, in milliseconds.
    pub wall_ms: f64,
}

/// One solution's results. JSON keys as the README's "Verdicts and exit codes" lists them, plus
/// extras.
#[derive(Clone, Debug, Serialize, Deserialize)]
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
    /// same verdict when that is smaller in [`crate::game::generate::size_order`] (such as a counterexample
    /// `exhaust` recorded); null when nothing failed.
    pub minimised: Option<FailingInput>,
    /// Cases per verdict code, `SKIP` included.
    #[serde(deserialize_with = "crate::judge::case_verdict::read_counts")]
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
#[derive(Clone, Debug, Serialize, Deserialize)]
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
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CaseErrorReport {
    /// `file.toml#name`, or the file.
    pub case: String,
    /// The full message, with file and line.
    pub message: String,
}

/// A case-file warning: the path it is about and the full message.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CaseWarningReport {
    /// The file or folder.
    pub path: String,
    /// The full message.
    pub message: String,
}

/// A case not judged because an earlier case holds its input. JSON: `{case, same_as}`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct DuplicateReport {
    /// Its id, `file.toml#name`.
    pub case: String,
    /// The id of the earlier case, judged and scored in its place.
    pub same_as: String,
}

impl DuplicateReport {
    /// The report of `d`.
    pub fn of(d: &crate::cases::duplicates::Duplicate) -> DuplicateReport {
        DuplicateReport {
            case: d.case.clone(),
            same_as: d.same_as.clone(),
        }
    }
}

/// Everything a run found. Reporters render it; [`RunReport::exit`] decides how it ends.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RunReport {
    /// The constraints and limits the run worked under.
    pub config: Config,
    /// Case files found, the ones that could not be read included.
    pub files: usize,
    /// Of those, the ones that could not be read (each also has a case error).
    pub files_unreadable: usize,
    /// Of those, the ones reached through a symlink.
    pub files_via_symlinks: usize,
    /// Valid cases judged (a duplicate input counted once).
    pub cases: usize,
    /// Their points, summed: the most a solution can score.
    pub points: u64,
    /// The cases not judged because an earlier case holds the same board and hand (and not
    /// counted in `cases` nor `points`). JSON: `duplicate_cases: [{case, same_as}]`.
    pub duplicate_cases: Vec<DuplicateReport>,
    /// One entry per solution.
    pub solutions: Vec<SolutionReport>,
    /// Case-file problems.
    pub case_errors: Vec<CaseErrorReport>,
    /// What is worth saying about the case files but loses no case: an empty file, a symlink
    /// loop, a file reached by two paths.
    pub case_warnings: Vec<CaseWarningReport>,
    /// Every claim. Not read back from JSON (a grade report has none).
    #[serde(skip_deserializing)]
    pub claims: Vec<ClaimReport>,
    /// Every case assertion. Not read back from JSON (a grade report has none).
    #[serde(skip_deserializing)]
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
    /// What the run's extras and a baseline found that fails the gate, beside the verdicts:
    /// [`RunReport::exit`] reads it. Not in the JSON (the extras have their own keys).
    #[serde(skip)]
    pub gates: Gates,
    /// 0, 1, 2 or 3: [`RunReport::exit`]'s code, set by [`RunReport::settle`].
    pub exit_code: i32,
}

/// What fails a run besides its verdicts, cases and claims: found after the run, by
/// `run --metamorphic` ([`crate::judge::extras`]) and `run --baseline`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Gates {
    /// A solution expected to be accepted disagrees with itself (one of its answers is wrong).
    pub inconsistent: bool,
    /// Verdicts that regressed against the baseline.
    pub regressions: usize,
}

/// The sandbox of a run's workers. JSON: `sandbox: {on, detail}`.
#[derive(Clone, Debug, Serialize, Deserialize)]
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
                detail: d.to_string(),
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
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct BuildsSummary {
    /// Submissions built.
    pub submissions: usize,
    /// Of which from the cache (nothing compiled).
    pub cached: usize,
    /// Of which built now; 0 when the run compiled nothing (a file rejected by its text alone,
    /// such as one with no entry point, is neither cached nor compiled).
    pub compiled: usize,
    /// Wall time from the session's start to the end of its last build, in milliseconds (with
    /// `grade`, judging runs beside the builds).
    pub ms: f64,
}

impl RunReport {
    /// How the run ends: [`Exit::Usage`] if any case file or case could not be used (the suite
    /// itself is broken); else [`Exit::Incomplete`] if the run is incomplete or a submission's
    /// toolchain is missing; else [`Exit::Differs`] if a solution's verdicts differ from its
    /// folder, a case's `expected`/`invalid` differs from the truth, a strict claim does not
    /// hold, a solution expected to be accepted disagrees with itself or a verdict regressed
    /// against the baseline ([`Gates`]); else [`Exit::Ok`].
    pub fn exit(&self) -> Exit {
        if !self.case_errors.is_empty() {
            Exit::Usage
        } else if self.incomplete.is_some() || self.solutions.iter().any(|s| s.toolchain_missing) {
            Exit::Incomplete
        } else {
            Exit::differs_if(
                self.solutions.iter().any(|s| !s.as_expected)
                    || self.expectations.iter().any(|e| !e.holds)
                    || self.claims.iter().any(|c| c.strict && !c.holds)
                    || self.gates.inconsistent
                    || self.gates.regressions > 0,
            )
        }
    }

    /// Sets the `exit_code` key from [`RunReport::exit`]: the one place that writes it, once
    /// the report is whole (before it is written).
    pub fn settle(&mut self) {
        self.exit_code = i32::from(self.exit().code());
    }
}

/// The message when every case failed with the same run-time error (at least two cases): a
/// cause that does not depend on the input, said once by the reports.
pub fn same_failure_everywhere(results: &[CaseResult]) -> Option<&str> {
    let first = results.first()?.message.as_deref()?;
    (results.len() > 1
        && results.iter().all(|r| {
            r.verdict.is(VerdictKind::RunTimeError) && r.message.as_deref() == Some(first)
        }))
    .then_some(first)
}
