//! The gradebook: one row per submission (passed cases, score, CPU time, every verdict seen, the
//! first failing case and the minimised input), read off a finished [`RunReport`]. `grade`
//! writes it in every format ([`super::grade`]); `run --format csv` writes its rows too.

use std::fmt::Write as _;

use comfy_table::CellAlignment;
use serde::Serialize;

use crate::judge::runner::{BuildReport, FailingInput, RunReport, SolutionReport};
use crate::judge::verdict::{Expected, VerdictKind};

/// One submission's row. JSON keys of `grade --format json`'s `submissions`.
#[derive(Clone, Debug, Serialize)]
pub struct Entry {
    /// The student: a stable id for the submission (see [`student_id`]).
    pub student: String,
    /// The file, as given.
    pub path: String,
    /// Its name: the path, or the folder holding it alone.
    pub name: String,
    /// The language's id, e.g. `python3`.
    pub language: String,
    /// The toolchain's version line; null when the toolchain is missing (or for a solution
    /// compiled into the judge).
    pub toolchain: Option<String>,
    /// What it was expected to get (null: nothing, a gradebook entry).
    pub expected: Expected,
    /// Whether it got it (always true with nothing expected).
    pub as_expected: bool,
    /// The overall verdict: `accepted`, `wrong_answer`, ..., `compile_error`.
    pub verdict: VerdictKind,
    /// Whether the judge lacked the submission's toolchain: it was not judged, and `verdict`
    /// is `compile_error` (people's tables say `not judged`).
    pub toolchain_missing: bool,
    /// Every per-case verdict seen, in order of first appearance, e.g. `["AC", "WA", "TLE"]`;
    /// `["CE"]` (or `["RE"]` for a load error) for one judged on no case; `[]` for one whose
    /// toolchain is missing.
    pub verdicts: Vec<&'static str>,
    /// Cases AC.
    pub passed: usize,
    /// Cases in the suite.
    pub total: usize,
    /// Cases skipped after TLEs or MLEs in a row (`SKIP`): neither passed nor judged.
    pub skipped: usize,
    /// Points of the AC cases.
    pub score: u64,
    /// Points of every case: the most it could score.
    pub max_score: u64,
    /// CPU time over the cases and the sweep's classes, in milliseconds.
    pub cpu_total_ms: f64,
    /// CPU time of the slowest case, in milliseconds.
    pub cpu_max_ms: f64,
    /// The largest peak resident memory of a case, in KiB; null when nothing measured it.
    pub memory_max_kib: Option<u64>,
    /// `file.toml#name` of the first case not AC.
    pub first_failure: Option<String>,
    /// Why it was judged on no case (the compiler's message, a missing toolchain); null when
    /// it was judged.
    pub message: Option<String>,
    /// Why it got its verdict, in one line a student understands.
    pub reason: String,
    /// The first failure shrunk while it still fails; null when nothing failed (or a TLE/MLE).
    pub minimised: Option<FailingInput>,
    /// The build; null for a solution compiled into the judge or a missing toolchain.
    pub build: Option<BuildReport>,
    /// The known wrong idea its answers follow; null without a wrong answer or when no known
    /// idea fits (see [`crate::judge::diagnosis`]).
    pub diagnosis: Option<crate::judge::diagnosis::Diagnosis>,
    /// False when the run stopped before every case was judged for it.
    pub complete: bool,
    /// True when every call was answered from the verdict cache: `grade` judged the same
    /// build on the same cases, limits, sandbox and judge before (see
    /// [`crate::submission::replay`]); `--rejudge` judges it again.
    pub replayed: bool,
}

/// The row of `s` in a run of `r`.
pub fn entry(r: &RunReport, s: &SolutionReport) -> Entry {
    let mut verdicts: Vec<&'static str> = Vec::new();
    for c in &s.cases {
        if !verdicts.contains(&c.verdict.code()) {
            verdicts.push(c.verdict.code());
        }
    }
    if s.message.is_some() && s.cases.is_empty() && !s.toolchain_missing {
        verdicts.push(s.verdict.code());
    }
    let ac = s
        .cases
        .iter()
        .filter(|c| c.verdict.is(VerdictKind::Accepted));
    Entry {
        student: student_id(s),
        path: s.path.clone(),
        name: s.name.clone(),
        language: s.language.clone(),
        toolchain: s.toolchain.clone(),
        expected: s.expected,
        as_expected: s.as_expected,
        verdict: s.verdict,
        toolchain_missing: s.toolchain_missing,
        verdicts,
        passed: ac.clone().count(),
        total: r.cases,
        skipped: s.cases.iter().filter(|c| c.verdict.is_skipped()).count(),
        score: ac.map(|c| c.points).sum(),
        max_score: r.points,
        cpu_total_ms: s.timing.cpu_total_ms + passed_sweep_cpu_ms(s),
        cpu_max_ms: s.timing.cpu_max_ms,
        memory_max_kib: s.timing.memory_max_kib,
        first_failure: s.first_failure_case.clone(),
        message: s.message.clone(),
        reason: reason(s),
        minimised: s.minimised.clone(),
        build: s.build.clone(),
        diagnosis: s.diagnosis.clone(),
        complete: s.complete,
        replayed: false,
    }
}

/// The student a submission belongs to: today its name.
fn student_id(s: &SolutionReport) -> String {
    s.name.clone()
}

/// Why `s` got its verdict, in one line: today the judge's message, else the verdict.
fn reason(s: &SolutionReport) -> String {
    s.message
        .clone()
        .unwrap_or_else(|| s.verdict.name().replace('_', " "))
}

/// CPU time of the sweep's passing classes: its failing class is among the cases already.
fn passed_sweep_cpu_ms(s: &SolutionReport) -> f64 {
    let Some(sweep) = &s.sweep else { return 0.0 };
    let failed: f64 = s
        .cases
        .iter()
        .filter(|c| c.case.starts_with("sweep#"))
        .map(|c| c.cpu_ms)
        .sum();
    (sweep.cpu_ms - failed).max(0.0)
}

/// Every row of `r`, in solution order.
pub fn entries(r: &RunReport) -> Vec<Entry> {
    r.solutions.iter().map(|s| entry(r, s)).collect()
}

/// Whether any submission of `r` was expected something (then tables show the expectation).
pub fn has_expectations(r: &RunReport) -> bool {
    r.solutions.iter().any(|s| s.expected != Expected::Nothing)
}

/// The gradebook table for people: one row per submission; with expectations also the
/// expected verdicts and whether they were met.
pub fn table(r: &RunReport) -> String {
    let (header, rows) = rows(r);
    let mut t = super::human::table(&header);
    for row in rows {
        t.add_row(row);
    }
    for i in 4..9 {
        if let Some(c) = t.column_mut(i) {
            c.set_cell_alignment(CellAlignment::Right);
        }
    }
    let mut o = String::new();
    let _ = writeln!(o, "{t}");
    o
}

/// The gradebook as a Markdown table, for `grade --format markdown`.
pub fn markdown_table(r: &RunReport) -> String {
    let (header, rows) = rows(r);
    let align: Vec<&str> = (0..header.len())
        .map(|i| if (4..9).contains(&i) { "--:" } else { ":--" })
        .collect();
    let mut o = String::new();
    let _ = writeln!(o, "| {} |", header.join(" | "));
    let _ = writeln!(o, "| {} |", align.join(" | "));
    for row in rows {
        let cells: Vec<String> = row.iter().map(|c| c.replace('|', "\\|")).collect();
        let _ = writeln!(o, "| {} |", cells.join(" | "));
    }
    o
}

/// The gradebook's header and one row per submission.
fn rows(r: &RunReport) -> (Vec<&'static str>, Vec<Vec<String>>) {
    let expectations = has_expectations(r);
    let mut header = vec![
        "submission",
        "language",
        "verdict",
        "verdicts",
        "passed",
        "SKIP",
        "score",
        "CPU total ms",
        "CPU max ms",
        "first failure",
    ];
    if expectations {
        header.extend(["expected", "ok"]);
    }
    let rows = entries(r)
        .into_iter()
        .map(|e| {
            let mut row = vec![
                e.name.clone(),
                e.language.clone(),
                crate::judge::runner::unfinished(e.toolchain_missing, e.complete, e.verdict)
                    .unwrap_or(e.verdict.name())
                    .to_string(),
                match e.verdicts.join(" ") {
                    v if v.is_empty() => "-".to_string(),
                    v => v,
                },
                format!("{}/{}", e.passed, e.total),
                e.skipped.to_string(),
                format!("{}/{}", e.score, e.max_score),
                format!("{:.2}", e.cpu_total_ms),
                format!("{:.2}", e.cpu_max_ms),
                e.first_failure.clone().unwrap_or_else(|| "-".into()),
            ];
            if expectations {
                row.push(e.expected.name());
                row.push(
                    match (e.complete, e.as_expected) {
                        (_, false) => "NO",
                        (false, true) => "cut",
                        (true, true) => "yes",
                    }
                    .into(),
                );
            }
            row
        })
        .collect();
    (header, rows)
}
