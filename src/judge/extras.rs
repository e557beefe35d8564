//! What `run --metamorphic` and `run --kill-matrix` add to a run: each solution's
//! metamorphic inconsistencies on the cases, and the kill matrix of the report. Computed after
//! the run, from its report; `report::extras` renders them with it.

use crate::cases::case::Suite;
use crate::judge::execute::{Executor, InProcess, Outcome};
use crate::judge::killmatrix::{self, KillMatrix};
use crate::judge::metamorphic::{self, Inconsistency};
use crate::judge::runner::RunReport;
use crate::judge::verdict::VerdictKind;
use crate::submission::registry::Solution;

/// What `run --metamorphic` and `run --kill-matrix` add to a run.
#[derive(Default, serde::Serialize)]
pub struct RunExtras {
    /// Per solution: every case on which its answers disagree with themselves.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metamorphic: Option<Vec<SolutionConsistency>>,
    /// The kill matrix.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kill_matrix: Option<KillMatrix>,
    /// The calls the metamorphic checks made.
    #[serde(skip)]
    pub calls: u64,
}

/// One solution's metamorphic result.
#[derive(serde::Serialize)]
pub struct SolutionConsistency {
    /// The solution.
    pub name: String,
    /// Each case where a law breaks.
    pub inconsistent: Vec<CaseInconsistency>,
}

/// A case on which a solution disagrees with itself.
#[derive(Clone, serde::Serialize)]
pub struct CaseInconsistency {
    /// `file.toml#name`.
    pub case: String,
    /// How.
    #[serde(flatten)]
    pub inconsistency: Inconsistency,
}

/// Computes the extras asked for, and notes on the report ([`crate::judge::report::Gates`])
/// when a solution expected to be accepted disagrees with itself (one of its answers is then
/// wrong): its exit is then at least 1.
pub fn compute(
    suite: &Suite,
    solutions: &[&dyn Solution],
    report: &mut RunReport,
    metamorphic: bool,
    kill_matrix: bool,
) -> RunExtras {
    let mut extras = RunExtras::default();
    if metamorphic {
        let mut all = Vec::new();
        for sol in solutions {
            let mut exec = InProcess::new(*sol);
            let mut counting = Counting {
                inner: &mut exec,
                calls: 0,
            };
            let mut found = Vec::new();
            for c in suite.cases.iter().filter(|c| c.input.is_ok()) {
                if let Some(i) = metamorphic::check_each_law(&mut counting, &c.board, &c.hand) {
                    found.push(CaseInconsistency {
                        case: c.id.clone(),
                        inconsistency: i,
                    });
                }
            }
            extras.calls += counting.calls;
            if !found.is_empty() && sol.expected() == VerdictKind::Accepted {
                report.gates.inconsistent = true;
            }
            all.push(SolutionConsistency {
                name: sol.name().to_string(),
                inconsistent: found,
            });
        }
        extras.metamorphic = Some(all);
    }
    if kill_matrix {
        extras.kill_matrix = Some(killmatrix::build(report));
    }
    extras
}

/// Counts the calls the checks make.
struct Counting<'a> {
    inner: &'a mut dyn Executor,
    calls: u64,
}

impl Executor for Counting<'_> {
    fn call(&mut self, board: &str, hand: &str) -> Outcome {
        self.calls += 1;
        self.inner.call(board, hand)
    }
}
