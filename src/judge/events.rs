//! The events a run emits as it goes, in order: reporters and the progress bar listen to them;
//! the runner never prints.

use crate::game::rules::Instance;
use crate::judge::report::{RunReport, SolutionReport};
use crate::judge::verdict::Verdict;

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
