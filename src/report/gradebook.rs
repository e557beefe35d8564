//! The gradebook: one row per submission (the student, the verdict, passed cases, score, the
//! reason in one line, CPU time, every verdict seen and the minimised input), read off a finished
//! [`RunReport`]. `grade` writes it in every format ([`super::grade`]); `run --format csv`
//! writes its rows too.

use std::fmt::Write as _;

use comfy_table::CellAlignment;
use serde::{Serialize, Serializer};

use crate::judge::reason::{self, Audience};
use crate::judge::runner::{BuildReport, FailingInput, RunReport, SolutionReport};
use crate::judge::verdict::{Expected, VerdictKind};

/// A row's verdict: a judged submission's [`VerdictKind`], or `not_judged` (its toolchain is
/// missing, or the run stopped before it was built). In JSON and CSV its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowVerdict {
    /// Judged (a compile error too).
    Judged(VerdictKind),
    /// Not judged: no verdict and no score.
    NotJudged,
}

impl RowVerdict {
    /// Every row verdict, in the order the gradebooks count them.
    pub const ALL: [RowVerdict; 7] = [
        RowVerdict::Judged(VerdictKind::Accepted),
        RowVerdict::Judged(VerdictKind::WrongAnswer),
        RowVerdict::Judged(VerdictKind::TimeLimitExceeded),
        RowVerdict::Judged(VerdictKind::RunTimeError),
        RowVerdict::Judged(VerdictKind::MemoryLimitExceeded),
        RowVerdict::Judged(VerdictKind::CompileError),
        RowVerdict::NotJudged,
    ];

    /// `accepted`, ..., `compile_error`, or `not_judged`.
    pub fn name(self) -> &'static str {
        match self {
            RowVerdict::Judged(k) => k.name(),
            RowVerdict::NotJudged => "not_judged",
        }
    }

    /// `AC`, ..., `CE`, or `not judged`.
    pub fn code(self) -> &'static str {
        match self {
            RowVerdict::Judged(k) => k.code(),
            RowVerdict::NotJudged => "not judged",
        }
    }
}

impl Serialize for RowVerdict {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// One submission's row. JSON keys of `grade --format json`'s `submissions`.
#[derive(Clone, Debug, Serialize)]
pub struct Entry {
    /// The student: a stable id for the submission. `grade` gives the path relative to the
    /// folder given, without the language's extension (see
    /// [`crate::submission::intake::Student`]); `run` the solution's name.
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
    /// Whether it got it; null when nothing was expected or it was not judged.
    pub as_expected: Option<bool>,
    /// The overall verdict: `accepted`, `wrong_answer`, ..., `compile_error`, or `not_judged`.
    pub verdict: RowVerdict,
    /// Whether the judge lacked the submission's toolchain (then `verdict` is `not_judged`).
    pub toolchain_missing: bool,
    /// Every per-case verdict seen, in order of first appearance, e.g. `["AC", "WA", "TLE"]`;
    /// `["CE"]` (or `["RE"]` for a load error) for one judged on no case; `[]` for one whose
    /// toolchain is missing.
    pub verdicts: Vec<&'static str>,
    /// Cases AC; null when it was not judged, or not every case was (a machine too busy, a
    /// run that stopped).
    pub passed: Option<usize>,
    /// Cases in the suite.
    pub total: usize,
    /// Cases skipped (`SKIP`: after TLEs or MLEs in a row, or a machine too busy to judge
    /// them): neither passed nor judged.
    pub skipped: usize,
    /// Points of the AC cases; null when `passed` is.
    pub score: Option<u64>,
    /// Points of every case: the most it could score.
    pub max_score: u64,
    /// CPU time over the cases and the sweep's classes, in milliseconds.
    pub cpu_total_ms: f64,
    /// CPU time of the slowest case, in milliseconds.
    pub cpu_max_ms: f64,
    /// The largest peak resident memory of a case, in KiB; null when nothing measured it.
    pub memory_max_kib: Option<u64>,
    /// `file.toml#name` of the first case not AC, for the grader (students see `reason`).
    pub first_failure: Option<String>,
    /// Why it was judged on no case (the compiler's message, a missing toolchain); null when
    /// it was judged.
    pub message: Option<String>,
    /// Why it got its verdict, in one line a student understands, as the grader reads it
    /// (every input named; see [`crate::judge::reason`]).
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
    let reason = reason::of(s);
    let judged = !matches!(reason, reason::Reason::NotJudged(_));
    // A score needs every case judged: one the machine was too busy to judge, or a run that
    // stopped, leaves it unknown (null), never a lower number.
    let scored = judged && s.complete;
    Entry {
        student: s.name.clone(),
        path: s.path.clone(),
        name: s.name.clone(),
        language: s.language.clone(),
        toolchain: s.toolchain.clone(),
        expected: s.expected,
        as_expected: (judged && s.expected != Expected::Nothing).then_some(s.as_expected),
        verdict: if judged {
            RowVerdict::Judged(s.verdict)
        } else {
            RowVerdict::NotJudged
        },
        toolchain_missing: s.toolchain_missing,
        verdicts,
        passed: scored.then(|| ac.clone().count()),
        total: r.cases,
        skipped: s.cases.iter().filter(|c| c.verdict.is_skipped()).count(),
        score: scored.then(|| ac.map(|c| c.points).sum()),
        max_score: r.points,
        cpu_total_ms: s.timing.cpu_total_ms + passed_sweep_cpu_ms(s),
        cpu_max_ms: s.timing.cpu_max_ms,
        memory_max_kib: s.timing.memory_max_kib,
        first_failure: s.first_failure_case.clone(),
        message: s.message.clone(),
        reason: reason.describe(Audience::Grader),
        minimised: s.minimised.clone(),
        build: s.build.clone(),
        diagnosis: s.diagnosis.clone(),
        complete: s.complete,
        replayed: false,
    }
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

/// Rows per verdict, every verdict with a row, e.g. `accepted 1, compile_error 2, not judged 1`.
pub fn counts(entries: &[Entry]) -> String {
    let counted: Vec<String> = RowVerdict::ALL
        .into_iter()
        .map(|k| (k, entries.iter().filter(|e| e.verdict == k).count()))
        .filter(|(_, n)| *n > 0)
        .map(|(k, n)| format!("{} {n}", k.name().replace('_', " ")))
        .collect();
    counted.join(", ")
}

/// The gradebook table for people: one row per submission; with `expectations` also the
/// expected verdicts and whether they were met.
pub fn table(entries: &[Entry], expectations: bool) -> String {
    let (header, rows) = rows(entries, expectations);
    let mut t = super::human::table(&header);
    for row in rows {
        t.add_row(row);
    }
    for i in 4..8 {
        if let Some(c) = t.column_mut(i) {
            c.set_cell_alignment(CellAlignment::Right);
        }
    }
    let mut o = String::new();
    let _ = writeln!(o, "{t}");
    o
}

/// The gradebook as a Markdown table, for `grade --format markdown`.
pub fn markdown_table(entries: &[Entry], expectations: bool) -> String {
    let (header, rows) = rows(entries, expectations);
    let align: Vec<&str> = (0..header.len())
        .map(|i| if (4..8).contains(&i) { "--:" } else { ":--" })
        .collect();
    let mut o = String::new();
    let _ = writeln!(o, "| {} |", header.join(" | "));
    let _ = writeln!(o, "| {} |", align.join(" | "));
    for row in rows {
        let cells: Vec<String> = row
            .iter()
            .map(|c| {
                c.replace('&', "&amp;")
                    .replace('<', "&lt;")
                    .replace('>', "&gt;")
                    .replace('|', "\\|")
                    .replace(['\n', '\r'], " ")
            })
            .collect();
        let _ = writeln!(o, "| {} |", cells.join(" | "));
    }
    o
}

/// The verdict as people read it: `not judged`, `stopped` (the run stopped before any case
/// failed), or the verdict's name.
pub fn shown(e: &Entry) -> &'static str {
    match e.verdict {
        RowVerdict::NotJudged => "not judged",
        RowVerdict::Judged(k) => {
            crate::judge::runner::unfinished(false, e.complete, k).unwrap_or(k.name())
        }
    }
}

/// `passed/total`, or `-` when it was not judged.
pub fn of_total<T: std::fmt::Display>(part: Option<T>, total: impl std::fmt::Display) -> String {
    part.map_or_else(|| "-".to_string(), |p| format!("{p}/{total}"))
}

/// The gradebook's header and one row per submission.
fn rows(entries: &[Entry], expectations: bool) -> (Vec<&'static str>, Vec<Vec<String>>) {
    let mut header = vec![
        "student",
        "language",
        "verdict",
        "verdicts",
        "passed",
        "SKIP",
        "score",
        "CPU total ms",
    ];
    if expectations {
        header.extend(["expected", "ok"]);
    }
    header.push("reason");
    let rows = entries
        .iter()
        .map(|e| {
            let mut row = vec![
                e.student.clone(),
                e.language.clone(),
                shown(e).to_string(),
                match e.verdicts.join(" ") {
                    v if v.is_empty() => "-".to_string(),
                    v => v,
                },
                of_total(e.passed, e.total),
                e.skipped.to_string(),
                of_total(e.score, e.max_score),
                format!("{:.2}", e.cpu_total_ms),
            ];
            if expectations {
                row.push(e.expected.name());
                row.push(
                    match (e.complete, e.as_expected) {
                        (_, None) => "-",
                        (_, Some(false)) => "NO",
                        (false, Some(true)) => "cut",
                        (true, Some(true)) => "yes",
                    }
                    .into(),
                );
            }
            row.push(e.reason.clone());
            row
        })
        .collect();
    (header, rows)
}
