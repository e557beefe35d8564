//! `run`'s output: the run report with its extras ([`super::extras`]) in `--format`, each
//! `--report` in its format, and the baseline's comparison ([`super::baseline`]) beside them,
//! all through the one writer ([`super::writer`]).

use std::path::Path;

use super::writer::{self, Document, WriteError};
use super::{draw, reporter, Format, ReportSpec};
use crate::judge::extras::RunExtras;
use crate::judge::runner::RunReport;

/// The run report alone, in each format: what every `--report` file holds.
impl Document<Format> for RunReport {
    fn render(&self, format: Format) -> String {
        reporter(format).render(self)
    }
}

/// What `run` writes: the report, the extras asked for, and the baseline's comparison.
pub struct RunOutput<'a> {
    /// The run, its exit code settled ([`RunReport::settle`]).
    pub report: &'a RunReport,
    /// What `--metamorphic` and `--kill-matrix` add, in human and JSON output.
    pub extras: Option<&'a RunExtras>,
    /// The comparison with `--baseline`, as text.
    pub comparison: Option<String>,
}

/// The report with its extras in `format`.
impl Document<Format> for RunOutput<'_> {
    fn render(&self, format: Format) -> String {
        match self.extras {
            Some(extras) => super::extras::render(self.report, extras, format)
                .expect("a report always serialises"),
            None => self.report.render(format),
        }
    }
}

/// Writes `output` in `format` to `out` (standard output when `None`) and the report in each
/// `--report`'s format to its file, files atomically and without colour. The comparison goes
/// beside a human report on standard output in the same write, so a reader that reads the
/// start and goes away (`| head`) cannot cut the exit code off; else it follows on the stream
/// the report does not take, keeping a machine format parseable. A reader that has gone then
/// loses the comparison, not the exit code, which is the gate's.
pub fn write(
    output: &RunOutput,
    format: Format,
    out: Option<&Path>,
    reports: &[ReportSpec],
) -> Result<(), WriteError> {
    let text = output.render(format);
    let (text, after) = match &output.comparison {
        Some(c) if out.is_none() && format == Format::Human => (text + c, None),
        c => (text, c.as_deref()),
    };
    match out {
        Some(path) => writer::to_file(path, draw::plain(&text).as_bytes())?,
        None => writer::to_stdout(&text, true)?,
    }
    writer::to_reports(output.report, reports)?;
    if let Some(c) = after {
        use std::io::Write as _;
        let _ = match out {
            None => write!(std::io::stderr(), "{c}"),
            Some(_) => write!(std::io::stdout(), "{c}"),
        };
    }
    Ok(())
}
