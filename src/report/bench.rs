//! `bench`'s table: case, answer, each engine's milliseconds, then totals and speed-ups against
//! the oracle. The measuring is [`crate::hunt::bench`]'s.

use std::fmt;

use super::writer::Document;
use super::HumanOrJson;
use crate::hunt::bench::{BenchReport, Engine, Mode};
use crate::judge::exit::Exit;

/// [`Exit::Differs`] when two engines disagree on a case, else [`Exit::Ok`].
pub fn exit(report: &BenchReport) -> Exit {
    Exit::differs_if(!report.disagreements.is_empty())
}

impl Document<HumanOrJson> for BenchReport {
    /// The table below for people; the measurements as JSON.
    fn render(&self, format: HumanOrJson) -> String {
        match format {
            HumanOrJson::Json => super::versioned_json(self).expect("a report always serialises"),
            HumanOrJson::Human => format!("{self}\n"),
        }
    }

    fn styled(&self, _: HumanOrJson) -> bool {
        false
    }
}

fn ms(t: Option<f64>) -> String {
    t.map_or("-".into(), |t| format!("{t:.2}"))
}

impl fmt::Display for BenchReport {
    /// A table: case, answer, each engine's milliseconds; then totals and speed-ups against the
    /// oracle.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut header = vec!["case".to_string(), "answer".to_string()];
        header.extend(Engine::ALL.iter().map(|e| format!("{} ms", e.name())));
        let mut t = super::table::table(&header.iter().map(String::as_str).collect::<Vec<_>>());
        for r in &self.rows {
            let answer = r
                .answers
                .iter()
                .flatten()
                .next()
                .map_or("-".into(), i32::to_string);
            let mut cells = vec![format!("{} + {}", r.board, r.hand), answer];
            cells.extend(r.ms.iter().map(|&t| ms(t)));
            t.add_row(cells);
        }
        let totals = self.totals();
        let mut cells = vec!["total".to_string(), String::new()];
        cells.extend(totals.iter().map(|&t| ms(t)));
        t.add_row(cells);
        writeln!(f, "{t}")?;
        let how = match self.mode {
            Mode::InProcess => "in process",
            Mode::Process => "whole `zuma-judge solve --engine E` processes",
        };
        let runs = super::count(self.repeat, "run");
        writeln!(f, "mode: {how}, mean of {runs} per cell")?;
        // No case timed (every one was rejected): no ratio, rather than NaN.
        if let Some(oracle) = totals[0].filter(|&o| o > 0.0) {
            for (e, total) in totals.iter().enumerate().skip(1) {
                if let Some(total) = total {
                    writeln!(
                        f,
                        "oracle is {:.1}x faster than {} in total",
                        total / oracle,
                        Engine::ALL[e].name()
                    )?;
                }
            }
        }
        if self.rows.is_empty() {
            write!(f, "no case timed: every case was rejected")
        } else if self.disagreements.is_empty() {
            write!(f, "all engines agree on every case")
        } else {
            write!(f, "ENGINES DISAGREE on: {}", self.disagreements.join(", "))
        }
    }
}
