//! The CSV gradebook (crate `csv`): a header, then one row per submission with the columns of
//! [`COLUMNS`]. Empty fields for what a submission lacks (nothing expected, not judged, no
//! minimised input).

use super::gradebook::{self, Entry};
use super::Reporter;
use crate::judge::runner::RunReport;

/// The columns, in order.
pub const COLUMNS: [&str; 17] = [
    "student",
    "path",
    "language",
    "verdict",
    "expected",
    "as_expected",
    "passed",
    "total",
    "skipped",
    "score",
    "max_score",
    "reason",
    "cpu_total_ms",
    "cpu_max_ms",
    "minimised",
    "memory_max_kib",
    "diagnosis",
];

/// The gradebook as CSV.
pub struct Csv;

impl Reporter for Csv {
    fn render(&self, report: &RunReport) -> String {
        render(&gradebook::entries(report))
    }
}

/// `entries` as CSV text, with a header.
pub fn render(entries: &[Entry]) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(COLUMNS).expect("writing to memory");
    for e in entries {
        let expected = match e.expected {
            crate::judge::verdict::Expected::Nothing => String::new(),
            other => other.name(),
        };
        let empty = |v: Option<String>| v.unwrap_or_default();
        w.write_record([
            e.student.clone(),
            e.path.clone(),
            e.language.clone(),
            e.verdict.name().to_string(),
            expected,
            empty(e.as_expected.map(|b| b.to_string())),
            empty(e.passed.map(|n| n.to_string())),
            e.total.to_string(),
            e.skipped.to_string(),
            empty(e.score.map(|n| n.to_string())),
            e.max_score.to_string(),
            e.reason.clone(),
            format!("{:.2}", e.cpu_total_ms),
            format!("{:.2}", e.cpu_max_ms),
            e.minimised
                .as_ref()
                .map(|m| format!("{} {}", m.board, m.hand))
                .unwrap_or_default(),
            e.memory_max_kib.map(|k| k.to_string()).unwrap_or_default(),
            super::diagnosis::cell(e.diagnosis.as_ref(), e.verdicts.contains(&"WA")),
        ])
        .expect("writing to memory");
    }
    String::from_utf8(w.into_inner().expect("writing to memory")).expect("CSV of UTF-8 fields")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_row_per_solution() {
        let r = crate::report::fixture::report();
        let text = Csv.render(&r);
        let panic = format!(
            "run-time error on GGBB + GB: panicked: no G please at src/report/mod.rs:{}",
            crate::report::fixture::PANIC_LINE
        );
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "student,path,language,verdict,expected,as_expected,passed,total,skipped,score,max_score,reason,cpu_total_ms,cpu_max_ms,minimised,memory_max_kib,diagnosis");
        let fields: Vec<Vec<String>> = csv::Reader::from_reader(text.as_bytes())
            .records()
            .map(|r| {
                let r = r.unwrap();
                // Every column but the CPU times (measured).
                r.iter()
                    .enumerate()
                    .filter(|(i, _)| *i != 12 && *i != 13)
                    .map(|(_, f)| f.to_string())
                    .collect()
            })
            .collect();
        assert_eq!(
            fields,
            [
                [
                    "always_minus_one",
                    "solutions/fake.rs",
                    "rust",
                    "wrong_answer",
                    "accepted",
                    "false",
                    "1",
                    "3",
                    "0",
                    "1",
                    "3",
                    "wrong answer on RRWWRRBBRR + WB: expected 2, got -1",
                    "GGBB GB",
                    "",                  // in process: no memory measured
                    "removes_four_plus", // -1 on its failing cases and on R+RR, as the idea
                ],
                [
                    "panics_on_g",
                    "solutions/fake.rs",
                    "rust",
                    "run_time_error",
                    "wrong_answer",
                    "false",
                    "1",
                    "3",
                    "0",
                    "1",
                    "3",
                    panic.as_str(),
                    "G R",
                    "", // in process: no memory measured
                    "none",
                ],
                [
                    "always_two",
                    "solutions/fake.rs",
                    "rust",
                    "wrong_answer",
                    "accepted",
                    "false",
                    "2",
                    "3",
                    "0",
                    "2",
                    "3",
                    "wrong answer on WRRBBW + RB: expected -1, got 2",
                    "R R",
                    "", // in process: no memory measured
                    "none",
                ],
            ]
        );
    }
}
