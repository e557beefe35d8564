//! The human report: a summary line, the verdict table, each failure with the oracle's witness
//! step by step and its minimised input, then wrong case assertions, refuted claims and
//! case-file errors.

use std::fmt::Write as _;

use comfy_table::{presets, CellAlignment, ContentArrangement, Table};

use super::Reporter;
use crate::explain;
use crate::rules::{Constraints, Instance};
use crate::runner::{FailingInput, RunReport};
use crate::verdict::VerdictKind;

/// Plain text, no colour.
pub struct Human;

/// A table with no borders and a header rule, wide enough never to wrap.
pub fn table(header: &[&str]) -> Table {
    let mut t = Table::new();
    t.load_preset(presets::ASCII_BORDERS_ONLY_CONDENSED)
        .set_content_arrangement(ContentArrangement::Disabled)
        .set_header(header.iter().map(|h| h.to_string()));
    t
}

impl Reporter for Human {
    fn render(&self, r: &RunReport) -> String {
        let mut o = String::new();
        let ok = r.solutions.iter().filter(|s| s.as_expected).count();
        let refuted = r.claims.iter().filter(|c| !c.holds).count();
        let wrong = r.expectations.iter().filter(|e| !e.holds).count();
        let _ = writeln!(
            o,
            "zuma-judge run: {ok} of {} solutions as expected, {} cases from {} files, {wrong} case assertions wrong, {refuted} of {} claims refuted, {} case-file errors",
            r.solutions.len(),
            r.cases,
            r.files,
            r.claims.len(),
            r.case_errors.len()
        );
        if let Some(why) = &r.incomplete {
            let _ = writeln!(o, "INCOMPLETE: {why}");
        }
        let _ = writeln!(o, "limits: {}", r.config.describe());
        let _ = writeln!(
            o,
            "oracle: {} states expanded in {:.1} ms\n",
            r.oracle_states, r.oracle_ms
        );

        if !r.solutions.is_empty() {
            let mut t = table(&[
                "solution", "expected", "verdict", "ok", "AC", "WA", "TLE", "RE", "MLE",
                "total ms", "max ms",
            ]);
            for s in &r.solutions {
                let mut row = vec![
                    s.name.clone(),
                    s.expected.name().to_string(),
                    s.verdict.name().to_string(),
                    match (s.complete, s.as_expected) {
                        (false, _) => "cut",
                        (true, true) => "yes",
                        (true, false) => "NO",
                    }
                    .to_string(),
                ];
                for k in VerdictKind::ALL {
                    row.push(s.counts.get(k.code()).copied().unwrap_or(0).to_string());
                }
                row.push(format!("{:.2}", s.total_ms));
                row.push(format!("{:.2}", s.max_ms));
                t.add_row(row);
            }
            for i in 4..11 {
                if let Some(c) = t.column_mut(i) {
                    c.set_cell_alignment(CellAlignment::Right);
                }
            }
            let _ = writeln!(o, "{t}\n");
        }
        o.push_str(&super::timing::section(r));

        let failing: Vec<_> = r
            .solutions
            .iter()
            .filter(|s| s.first_failure.is_some())
            .collect();
        if !failing.is_empty() {
            let _ = writeln!(o, "Failures");
            for s in failing {
                let f = s.first_failure.as_ref().unwrap();
                let _ = writeln!(
                    o,
                    "\n{} ({}, expected {}): {} on {}",
                    s.name,
                    s.path,
                    s.expected.name(),
                    f.verdict,
                    s.first_failure_case.as_deref().unwrap_or("?")
                );
                failing_block(&mut o, f, &r.config.constraints);
                if let Some(m) = &s.minimised {
                    let _ = writeln!(o, "  minimised to {} balls:", m.size);
                    failing_block(&mut o, m, &r.config.constraints);
                }
            }
            o.push('\n');
        }

        let wrong: Vec<_> = r.expectations.iter().filter(|e| !e.holds).collect();
        if !wrong.is_empty() {
            let _ = writeln!(
                o,
                "Case assertions that do not hold (fix with `zuma-judge audit --fix`)"
            );
            for e in wrong {
                let _ = writeln!(
                    o,
                    "  {} (line {}): {}, but the truth is {}",
                    e.case, e.line, e.asserted, e.truth
                );
            }
            o.push('\n');
        }

        if !r.claims.is_empty() {
            let _ = writeln!(
                o,
                "Claims: {} checked, {} hold, {refuted} refuted",
                r.claims.len(),
                r.claims.len() - refuted
            );
            for c in r.claims.iter().filter(|c| !c.holds) {
                let truth = match (&c.oracle, &c.rejected) {
                    (Some(v), _) => format!("oracle {v}"),
                    (None, Some(reason)) => format!("input rejected: {reason}"),
                    (None, None) => "no answer".into(),
                };
                let strict = if c.strict { " [strict]" } else { "" };
                let _ = writeln!(
                    o,
                    "  {}: {} claimed {}; {truth}{strict}",
                    c.case, c.source, c.claimed
                );
            }
            o.push('\n');
        }

        if !r.case_errors.is_empty() {
            let _ = writeln!(o, "Case-file errors (these cases were not judged)");
            for e in &r.case_errors {
                let _ = writeln!(o, "  {}", e.message);
            }
            o.push('\n');
        }
        let _ = writeln!(o, "exit {}", r.exit_code);
        o
    }
}

fn failing_block(o: &mut String, f: &FailingInput, limits: &Constraints) {
    let got = match (f.got, &f.message) {
        (Some(g), _) => format!("got {g}"),
        (None, Some(m)) => m.clone(),
        (None, None) => "no answer".into(),
    };
    let _ = writeln!(
        o,
        "  board {}  hand {}: oracle {}, {got}",
        f.board, f.hand, f.oracle
    );
    match Instance::parse(&f.board, &f.hand, limits) {
        Ok(inst) if !f.moves.is_empty() => {
            let _ = writeln!(o, "  oracle's witness:");
            for line in explain::text(&inst, &f.moves) {
                let _ = writeln!(o, "    {line}");
            }
        }
        _ => {
            let _ = writeln!(o, "  no sequence of moves empties this board (-1)");
        }
    }
}
