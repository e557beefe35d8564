//! The timing part of the human report: per solution how it was called, the CPU time total,
//! median and maximum, the largest peak memory, the slowest case, and the verdicts that hang
//! on the time limit.

use std::fmt::Write as _;

use comfy_table::CellAlignment;

use super::table::table;
use crate::judge::runner::RunReport;
use crate::judge::timing::MARGIN;

/// The "Timing" table and, when there are any, the limit-sensitive verdicts; empty without
/// solutions.
pub fn section(r: &RunReport) -> String {
    let mut o = String::new();
    if r.solutions.is_empty() {
        return o;
    }
    let mut t = table(&[
        "solution",
        "run by",
        "CPU total ms",
        "median ms",
        "max ms",
        "peak MiB",
        "slowest case",
    ]);
    for s in &r.solutions {
        let tm = &s.timing;
        t.add_row(vec![
            s.name.clone(),
            s.run_by.clone(),
            format!("{:.2}", tm.cpu_total_ms),
            format!("{:.2}", tm.cpu_median_ms),
            format!("{:.2}", tm.cpu_max_ms),
            tm.memory_max_kib
                .map_or("-".into(), |k| format!("{:.1}", k as f64 / 1024.0)),
            tm.slowest_case.clone().unwrap_or_default(),
        ]);
    }
    for i in 2..6 {
        if let Some(c) = t.column_mut(i) {
            c.set_cell_alignment(CellAlignment::Right);
        }
    }
    let _ = writeln!(
        o,
        "Timing (CPU time and peak resident memory of each call, measured by the judge)\n{t}\n"
    );
    let warnings: Vec<_> = r
        .solutions
        .iter()
        .flat_map(|s| s.timing.warnings.iter().map(move |w| (s, w)))
        .collect();
    if !warnings.is_empty() {
        let _ = writeln!(
            o,
            "Verdicts within a factor {MARGIN} of the {} ms CPU limit (another machine may judge them differently)",
            r.config.limits.cpu_ms
        );
        for (s, w) in warnings {
            let _ = writeln!(o, "  {} {}: {}", s.name, w.case, w.message);
        }
        o.push('\n');
    }
    o
}
