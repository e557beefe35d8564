//! The JSON report: [`RunReport`] serialised with the keys GUIDE.md promises in "Verdicts and
//! exit codes" (`solutions`, `case_errors`, `claims`) and more (`expectations`, `config`,
//! `exit_code`, ...).

use super::Reporter;
use crate::judge::runner::RunReport;

/// Pretty-printed JSON, one object, `schema_version` first.
pub struct Json;

impl Reporter for Json {
    fn render(&self, report: &RunReport) -> String {
        super::versioned_json(report).expect("a report always serialises")
    }
}
