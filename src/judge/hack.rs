//! A hack's rejudge preview: every solution judged on the suite with the new case added, and
//! for each, its verdict without the case and with it. The verdict is the first non-AC case in
//! order (`verdict::overall`), so the case is judged last and changes only a verdict that was AC.

use serde::Serialize;

use crate::judge::case_verdict::CaseVerdict;
use crate::judge::runner::RunReport;
use crate::judge::verdict::{self, VerdictKind};

/// One solution's row of the preview. JSON: `{name, path, expected, before, after, changes,
/// got, verdict_on_case}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Row {
    /// The solution's name.
    pub name: String,
    /// Its file.
    pub path: String,
    /// Its expected verdict (folder), e.g. `accepted`.
    pub expected: String,
    /// Its verdict on the suite as it is, e.g. `accepted`.
    pub before: String,
    /// Its verdict with the hack added.
    pub after: String,
    /// Whether adding the hack changes its verdict.
    pub changes: bool,
    /// Its answer on the hack (`None`: no answer, or not judged there).
    pub got: Option<i32>,
    /// Its per-case verdict on the hack (`AC`, `WA`, ...), or `None` when it was not judged
    /// there (the judge stops a solution's run early, e.g. after repeated TLEs).
    pub verdict_on_case: Option<CaseVerdict>,
}

/// The preview rows, one per solution of `report`, in report order; `case` is the hack's case id.
pub fn preview(report: &RunReport, case: &str) -> Vec<Row> {
    report
        .solutions
        .iter()
        .map(|s| {
            let kinds = |with: bool| -> Vec<VerdictKind> {
                s.cases
                    .iter()
                    .filter(|r| with || r.case != case)
                    .filter_map(|r| r.verdict.kind())
                    .collect()
            };
            let on_case = s.cases.iter().find(|r| r.case == case);
            // A solution that did not build has no case results: CE before and after.
            let (before, after) = if s.verdict == VerdictKind::CompileError {
                (s.verdict, s.verdict)
            } else {
                (
                    verdict::overall(&kinds(false)),
                    verdict::overall(&kinds(true)),
                )
            };
            Row {
                name: s.name.clone(),
                path: s.path.clone(),
                expected: s.expected.name(),
                before: before.name().to_string(),
                after: after.name().to_string(),
                changes: before != after,
                got: on_case.and_then(|r| r.got),
                verdict_on_case: on_case.map(|r| r.verdict),
            }
        })
        .collect()
}
