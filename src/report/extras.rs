//! A run's report with what `run --metamorphic` and `run --kill-matrix` add
//! ([`crate::judge::extras`]): JSON gets a key each, human text a section each.

use super::{hunt, Format};
use crate::judge::extras::RunExtras;
use crate::judge::metamorphic::Inconsistency;
use crate::judge::runner::RunReport;

/// The run report with the extras: JSON gets `metamorphic` and `kill_matrix` keys, human text
/// gets a section each before its closing `exit N` line.
pub fn render(
    report: &RunReport,
    extras: &RunExtras,
    format: Format,
) -> serde_json::Result<String> {
    match format {
        Format::Json => {
            let mut v = serde_json::to_value(report)?;
            if let (Some(obj), serde_json::Value::Object(more)) =
                (v.as_object_mut(), serde_json::to_value(extras)?)
            {
                obj.extend(more);
            }
            super::versioned_json(&v)
        }
        Format::Human => {
            let text = super::reporter(format).render(report);
            let body = text
                .strip_suffix(&format!("exit {}\n", report.exit_code))
                .unwrap_or(&text);
            let mut o = body.to_string();
            if let Some(m) = &extras.metamorphic {
                let rows: Vec<(String, Vec<(String, Inconsistency)>)> = m
                    .iter()
                    .map(|s| {
                        (
                            s.name.clone(),
                            s.inconsistent
                                .iter()
                                .map(|c| (c.case.clone(), c.inconsistency.clone()))
                                .collect(),
                        )
                    })
                    .collect();
                o.push_str(&hunt::metamorphic(&rows, extras.calls));
            }
            if let Some(k) = &extras.kill_matrix {
                o.push_str(&hunt::kill_matrix(k));
            }
            o.push_str(&format!("exit {}\n", report.exit_code));
            Ok(o)
        }
        // JUnit, Markdown, CSV and HTML keep their own shape; the extras are in human and JSON output.
        Format::Junit | Format::Markdown | Format::Csv | Format::Html | Format::Gradescope => {
            Ok(super::reporter(format).render(report))
        }
    }
}
