//! Reporters: turn a finished [`RunReport`] into bytes for people or machines. One file per
//! format; adding a format is one file and one [`Format`] variant.

pub mod human;
pub mod hunt;
pub mod json;

use crate::runner::RunReport;

/// An output format for `run`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Verdict table, failures with witnesses, claims and case errors.
    Human,
    /// The JSON object described in DESIGN.md.
    Json,
}

/// Something that renders a run.
pub trait Reporter {
    /// The whole report as text.
    fn render(&self, report: &RunReport) -> String;
}

/// The reporter for `format`.
pub fn reporter(format: Format) -> Box<dyn Reporter> {
    match format {
        Format::Human => Box::new(human::Human),
        Format::Json => Box::new(json::Json),
    }
}
