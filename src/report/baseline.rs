//! Baselines: compares a run with an earlier JSON report (`run --baseline OLD.json`) and lists
//! what changed: verdicts, solutions and cases that appeared or disappeared, oracle answers, and
//! timings slower beyond the measured noise. A CI gate: any regression makes `run` exit 1.
//! Both sides are read through the JSON contract (README, "Verdicts and exit codes"), so old
//! reports keep working.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;

use serde::Deserialize;
use thiserror::Error;

use crate::judge::runner::RunReport;
use crate::report::{case_fails, kind_of};

/// The parts of a JSON report a comparison reads. Unknown keys are ignored.
#[derive(Clone, Debug, Deserialize)]
pub struct Baseline {
    /// The report's `schema_version` (absent in reports older than the key).
    #[serde(default)]
    pub schema_version: Option<u32>,
    /// One entry per solution.
    pub solutions: Vec<SolutionEntry>,
}

/// One solution of a JSON report.
#[derive(Clone, Debug, Deserialize)]
pub struct SolutionEntry {
    /// The file stem.
    pub name: String,
    /// Its folder's verdict.
    pub expected: crate::judge::verdict::Expected,
    /// Whether its verdicts matched the folder.
    pub as_expected: bool,
    /// Every case.
    pub cases: Vec<CaseEntry>,
}

/// One case of one solution in a JSON report.
#[derive(Clone, Debug, Deserialize)]
pub struct CaseEntry {
    /// `file.toml#name`.
    pub case: String,
    /// The board.
    pub board: String,
    /// The hand.
    pub hand: String,
    /// The oracle's answer.
    pub oracle: i32,
    /// `AC`, `WA`, ...
    pub verdict: String,
    /// Wall time of the call, in milliseconds.
    pub time_ms: f64,
    /// With `run --repeat N`: every repeat's time, in milliseconds (optional).
    #[serde(default)]
    pub times_ms: Vec<f64>,
    /// With `run --repeat N`: the spread of the repeats' times, in milliseconds (optional;
    /// preferred over `times_ms` when both are present).
    #[serde(default)]
    pub spread_ms: Option<f64>,
}

impl CaseEntry {
    /// The measured noise of this case's time, in milliseconds: `spread_ms`, else the range
    /// (max - min) of `times_ms` when it holds two repeats or more; `None` for a single sample.
    pub fn noise_ms(&self) -> Option<f64> {
        if let Some(s) = self.spread_ms {
            return Some(s);
        }
        if self.times_ms.len() < 2 {
            return None;
        }
        let max = self.times_ms.iter().copied().fold(f64::MIN, f64::max);
        let min = self.times_ms.iter().copied().fold(f64::MAX, f64::min);
        Some(max - min)
    }
}

/// A baseline file that cannot be used. Exit code 2.
#[derive(Debug, Error)]
pub enum BaselineError {
    /// The file cannot be read.
    #[error("baseline {path}: cannot read: {error}")]
    Read {
        /// The file.
        path: String,
        /// The I/O error (not a `source`: the message already says it).
        error: std::io::Error,
    },
    /// A report of another schema version.
    #[error("baseline {path}: written with schema_version {found}; this judge reads schema_version {reads} (write a new baseline with `zuma-judge run --format json --out FILE`)")]
    Version {
        /// The file.
        path: String,
        /// The file's version.
        found: u32,
        /// The version this judge writes and reads.
        reads: u32,
    },
    /// Not a JSON report.
    #[error("baseline {path} line {line}: not a zuma-judge JSON report: {message} (a baseline is what `zuma-judge run --format json --out FILE` writes)")]
    Parse {
        /// The file.
        path: String,
        /// 1-based line.
        line: usize,
        /// What serde_json said.
        message: String,
    },
}

impl Baseline {
    /// Reads a JSON report written by `run --format json`.
    pub fn load(path: &Path) -> Result<Baseline, BaselineError> {
        let p = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|error| BaselineError::Read {
            path: p.clone(),
            error,
        })?;
        let baseline: Baseline = serde_json::from_str(&text).map_err(|e| BaselineError::Parse {
            path: p.clone(),
            line: e.line(),
            message: e.to_string(),
        })?;
        match baseline.schema_version {
            Some(found) if found != super::SCHEMA_VERSION => Err(BaselineError::Version {
                path: p,
                found,
                reads: super::SCHEMA_VERSION,
            }),
            _ => Ok(baseline),
        }
    }

    /// The same view of a run that has just finished.
    pub fn of(report: &RunReport) -> Baseline {
        let v = serde_json::to_value(report).expect("a report always serialises");
        serde_json::from_value(v).expect("a report reads back as a baseline")
    }
}

/// Timing rule, floor when either side has a single sample, in milliseconds. One sample on a
/// shared machine can lose a scheduler time slice (several milliseconds) to another process, so
/// smaller differences say nothing.
pub const FLOOR_SINGLE_MS: f64 = 10.0;
/// Timing rule, floor when both sides carry repeats, in milliseconds.
pub const FLOOR_REPEATED_MS: f64 = 1.0;
/// Timing rule, relative part: slower by more than this fraction of the old time.
pub const RELATIVE: f64 = 0.5;

/// How much slower than `old` a case may get before it is flagged, in milliseconds:
/// `max(3 x noise, floor, RELATIVE x old time)`, where noise is the larger measured spread of
/// the two sides (`--repeat`), and the floor is [`FLOOR_REPEATED_MS`] when both sides were
/// repeated, else [`FLOOR_SINGLE_MS`] (noise unmeasured). Three spreads: a difference the
/// repeats themselves produce is never flagged.
pub fn slower_threshold_ms(old: &CaseEntry, new: &CaseEntry) -> f64 {
    let (floor, noise) = match (old.noise_ms(), new.noise_ms()) {
        (Some(a), Some(b)) => (FLOOR_REPEATED_MS, a.max(b)),
        (a, b) => (FLOOR_SINGLE_MS, a.or(b).unwrap_or(0.0)),
    };
    (3.0 * noise).max(floor).max(RELATIVE * old.time_ms)
}

/// One difference between the baseline and the run.
#[derive(Clone, Debug, PartialEq)]
pub enum Change {
    /// A solution only the run has.
    SolutionAppeared(String),
    /// A solution only the baseline has.
    SolutionDisappeared(String),
    /// A solution moved to another folder.
    FolderChanged {
        /// Solution.
        solution: String,
        /// Old folder verdict.
        old: crate::judge::verdict::Expected,
        /// New folder verdict.
        new: crate::judge::verdict::Expected,
    },
    /// A solution's "as expected" flipped; a regression when it became false.
    AsExpectedChanged {
        /// Solution.
        solution: String,
        /// Now.
        now: bool,
    },
    /// A case only the run has.
    CaseAppeared(String),
    /// A case only the baseline has.
    CaseDisappeared(String),
    /// A case's input was edited.
    InputChanged {
        /// `file.toml#name`.
        case: String,
        /// Old `BOARD + HAND`.
        old: String,
        /// New `BOARD + HAND`.
        new: String,
    },
    /// The oracle's answer for the same input changed: a regression, the truth cannot move.
    OracleChanged {
        /// `file.toml#name`.
        case: String,
        /// Old answer.
        old: i32,
        /// New answer.
        new: i32,
    },
    /// A case's verdict changed for a solution.
    VerdictChanged {
        /// Solution.
        solution: String,
        /// `file.toml#name`.
        case: String,
        /// Old code.
        old: String,
        /// New code.
        new: String,
        /// True when the new verdict fails under the folder's rule and the old one did not.
        regression: bool,
    },
    /// A case got slower beyond [`slower_threshold_ms`].
    Slower {
        /// Solution.
        solution: String,
        /// `file.toml#name`.
        case: String,
        /// Old time, milliseconds.
        old_ms: f64,
        /// New time, milliseconds.
        new_ms: f64,
        /// The threshold it crossed, milliseconds.
        threshold_ms: f64,
    },
}

impl Change {
    /// Does this change fail a CI gate?
    pub fn is_regression(&self) -> bool {
        match self {
            Change::AsExpectedChanged { now, .. } => !now,
            Change::OracleChanged { .. } => true,
            Change::VerdictChanged { regression, .. } => *regression,
            _ => false,
        }
    }

    /// `("appeared", case)` or `("disappeared", case)` for a case that came or went.
    fn case_came_or_went(&self) -> Option<(&'static str, &str)> {
        match self {
            Change::CaseAppeared(c) => Some(("appeared", c)),
            Change::CaseDisappeared(c) => Some(("disappeared", c)),
            _ => None,
        }
    }

    /// Is this change a fix: a solution as expected again?
    pub fn is_fix(&self) -> bool {
        matches!(self, Change::AsExpectedChanged { now: true, .. })
    }

    /// One line for people.
    pub fn describe(&self) -> String {
        match self {
            Change::SolutionAppeared(s) => format!("solution {s} appeared"),
            Change::SolutionDisappeared(s) => format!("solution {s} disappeared"),
            Change::FolderChanged { solution, old, new } => {
                format!("{solution} moved from {old}/ to {new}/")
            }
            Change::AsExpectedChanged { solution, now } => format!(
                "{solution}: {}",
                if *now {
                    "now as expected (was not)"
                } else {
                    "no longer as expected"
                }
            ),
            Change::CaseAppeared(c) => format!("case {c} appeared"),
            Change::CaseDisappeared(c) => format!("case {c} disappeared"),
            Change::InputChanged { case, old, new } => {
                format!("case {case} input changed: {old} -> {new}")
            }
            Change::OracleChanged { case, old, new } => {
                format!("case {case}: the oracle's answer changed from {old} to {new}")
            }
            Change::VerdictChanged {
                solution,
                case,
                old,
                new,
                ..
            } => format!("{solution} on {case}: {old} -> {new}"),
            Change::Slower {
                solution,
                case,
                old_ms,
                new_ms,
                threshold_ms,
            } => format!(
                "{solution} on {case}: slower, {old_ms:.2} ms -> {new_ms:.2} ms (more than the {threshold_ms:.2} ms threshold)"
            ),
        }
    }
}

/// Everything that differs between a baseline and a run, in a stable order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Comparison {
    /// The differences: solutions, then cases, then per solution verdicts and timings.
    pub changes: Vec<Change>,
}

impl Comparison {
    /// How many changes are regressions.
    pub fn regressions(&self) -> usize {
        self.changes.iter().filter(|c| c.is_regression()).count()
    }

    /// The text for people: a summary line first (regressions, fixes, cases that came and
    /// went, slower cases), then every regression in full, then the rest; five or more cases
    /// that came (or went) are collapsed into one line naming them. When nothing changed, one
    /// line says so (`0 changes: ...`), so that a comparison that ran is never silent.
    pub fn render(&self, baseline: &str) -> String {
        let mut o = String::new();
        let n = crate::report::count;
        let of = |f: fn(&Change) -> bool| self.changes.iter().filter(|c| f(c)).count();
        let _ = writeln!(
            o,
            "Compared with {baseline}: {}: {}, {}, {}, {}, {}",
            n(self.changes.len(), "change"),
            n(self.regressions(), "regression"),
            n(of(Change::is_fix), "fix"),
            n(of(|c| matches!(c, Change::CaseAppeared(_))), "new case"),
            n(of(|c| matches!(c, Change::CaseDisappeared(_))), "gone case"),
            n(of(|c| matches!(c, Change::Slower { .. })), "slower case")
        );
        for c in self.changes.iter().filter(|c| c.is_regression()) {
            let _ = writeln!(o, "  REGRESSION  {}", c.describe());
        }
        let rest: Vec<&Change> = self.changes.iter().filter(|c| !c.is_regression()).collect();
        let mut groups: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
        for (word, id) in rest.iter().filter_map(|c| c.case_came_or_went()) {
            groups.entry(word).or_default().push(id);
        }
        let collapsed = |w: &str| groups.get(w).is_some_and(|ids| ids.len() >= COLLAPSE_AT);
        for c in &rest {
            if !c.case_came_or_went().is_some_and(|(w, _)| collapsed(w)) {
                let _ = writeln!(o, "  changed     {}", c.describe());
            }
        }
        for (word, ids) in groups.iter().filter(|(w, _)| collapsed(w)) {
            let _ = writeln!(
                o,
                "  changed     {} {word}: {}",
                n(ids.len(), "case"),
                ids.join(", ")
            );
        }
        o
    }
}

/// Cases that came (or went) from this many on are listed on one line.
const COLLAPSE_AT: usize = 5;

/// Compares `new` with `old` (see [`Change`] for what is listed and [`slower_threshold_ms`] for
/// the timing rule). Identical reports give no change.
pub fn compare(old: &Baseline, new: &Baseline) -> Comparison {
    let mut changes = Vec::new();
    let olds: BTreeMap<&str, &SolutionEntry> =
        old.solutions.iter().map(|s| (s.name.as_str(), s)).collect();
    let news: BTreeMap<&str, &SolutionEntry> =
        new.solutions.iter().map(|s| (s.name.as_str(), s)).collect();
    for name in news.keys().filter(|n| !olds.contains_key(*n)) {
        changes.push(Change::SolutionAppeared(name.to_string()));
    }
    for name in olds.keys().filter(|n| !news.contains_key(*n)) {
        changes.push(Change::SolutionDisappeared(name.to_string()));
    }
    case_changes(old, new, &mut changes);
    for (name, n) in &news {
        if let Some(o) = olds.get(name) {
            solution_changes(name, o, n, &mut changes);
        }
    }
    Comparison { changes }
}

/// Cases, once over all solutions (the first sighting of each id on each side): those that
/// appeared or disappeared, and those whose input or oracle answer changed.
fn case_changes(old: &Baseline, new: &Baseline, changes: &mut Vec<Change>) {
    let cases = |b: &Baseline| {
        let mut m: BTreeMap<String, CaseEntry> = BTreeMap::new();
        for s in &b.solutions {
            for c in &s.cases {
                m.entry(c.case.clone()).or_insert_with(|| c.clone());
            }
        }
        m
    };
    let (old_cases, new_cases) = (cases(old), cases(new));
    let old_ids: BTreeSet<&String> = old_cases.keys().collect();
    let new_ids: BTreeSet<&String> = new_cases.keys().collect();
    for id in new_ids.difference(&old_ids) {
        changes.push(Change::CaseAppeared(id.to_string()));
    }
    for id in old_ids.difference(&new_ids) {
        changes.push(Change::CaseDisappeared(id.to_string()));
    }
    for id in old_ids.intersection(&new_ids) {
        let (o, n) = (&old_cases[*id], &new_cases[*id]);
        if (&o.board, &o.hand) != (&n.board, &n.hand) {
            changes.push(Change::InputChanged {
                case: id.to_string(),
                old: format!("{} + {}", o.board, o.hand),
                new: format!("{} + {}", n.board, n.hand),
            });
        } else if o.oracle != n.oracle {
            changes.push(Change::OracleChanged {
                case: id.to_string(),
                old: o.oracle,
                new: n.oracle,
            });
        }
    }
}

/// [`case_fails`] for a verdict code of a saved report: a code that names no verdict (`SKIP`,
/// a case that was not judged) counts as a run-time error does.
fn saved_case_fails(expected: crate::judge::verdict::Expected, code: &str) -> bool {
    case_fails(
        expected,
        kind_of(code).unwrap_or(crate::judge::verdict::VerdictKind::RunTimeError),
    )
}

/// What changed for a solution present on both sides: its folder, whether it behaved as
/// expected, and per case its verdict and its time.
fn solution_changes(name: &str, o: &SolutionEntry, n: &SolutionEntry, changes: &mut Vec<Change>) {
    if o.expected != n.expected {
        changes.push(Change::FolderChanged {
            solution: name.to_string(),
            old: o.expected,
            new: n.expected,
        });
    }
    if o.as_expected != n.as_expected {
        changes.push(Change::AsExpectedChanged {
            solution: name.to_string(),
            now: n.as_expected,
        });
    }
    let old_by_id: BTreeMap<&str, &CaseEntry> =
        o.cases.iter().map(|c| (c.case.as_str(), c)).collect();
    for nc in &n.cases {
        let Some(oc) = old_by_id.get(nc.case.as_str()) else {
            continue;
        };
        if oc.verdict != nc.verdict {
            changes.push(Change::VerdictChanged {
                solution: name.to_string(),
                case: nc.case.clone(),
                old: oc.verdict.clone(),
                new: nc.verdict.clone(),
                regression: saved_case_fails(n.expected, &nc.verdict)
                    && !saved_case_fails(o.expected, &oc.verdict),
            });
        }
        let threshold_ms = slower_threshold_ms(oc, nc);
        if nc.time_ms - oc.time_ms > threshold_ms {
            changes.push(Change::Slower {
                solution: name.to_string(),
                case: nc.case.clone(),
                old_ms: oc.time_ms,
                new_ms: nc.time_ms,
                threshold_ms,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::verdict::VerdictKind;

    fn case(id: &str, verdict: &str, time_ms: f64) -> CaseEntry {
        CaseEntry {
            case: id.into(),
            board: "RRWWRRBBRR".into(),
            hand: "WB".into(),
            oracle: 2,
            verdict: verdict.into(),
            time_ms,
            times_ms: vec![],
            spread_ms: None,
        }
    }

    fn one(expected: VerdictKind, as_expected: bool, cases: Vec<CaseEntry>) -> Baseline {
        Baseline {
            schema_version: Some(1),
            solutions: vec![SolutionEntry {
                name: "s".into(),
                expected: expected.into(),
                as_expected,
                cases,
            }],
        }
    }

    #[test]
    fn identical_reports_compare_empty_and_say_so() {
        let b = one(VerdictKind::Accepted, true, vec![case("a#x", "AC", 0.5)]);
        assert_eq!(compare(&b, &b), Comparison::default());
        assert_eq!(
            compare(&b, &b).render("old.json"),
            "Compared with old.json: 0 changes: 0 regressions, 0 fixes, 0 new cases, 0 gone cases, 0 slower cases\n"
        );
    }

    #[test]
    fn an_accepted_solution_turning_wa_is_a_regression() {
        let old = one(VerdictKind::Accepted, true, vec![case("a#x", "AC", 0.5)]);
        let new = one(VerdictKind::Accepted, false, vec![case("a#x", "WA", 0.5)]);
        let c = compare(&old, &new);
        assert_eq!(c.regressions(), 2);
        assert_eq!(
            c.render("old.json"),
            "Compared with old.json: 2 changes: 2 regressions, 0 fixes, 0 new cases, 0 gone cases, 0 slower cases\n  REGRESSION  s: no longer as expected\n  REGRESSION  s on a#x: AC -> WA\n"
        );
        // and the way back is listed but is no regression
        assert_eq!(compare(&new, &old).regressions(), 0);
        assert_eq!(compare(&new, &old).changes.len(), 2);
    }

    #[test]
    fn wa_on_a_wrong_answer_solution_is_no_regression() {
        let old = one(
            VerdictKind::WrongAnswer,
            true,
            vec![case("a#x", "AC", 0.5), case("a#y", "WA", 0.5)],
        );
        let new = one(
            VerdictKind::WrongAnswer,
            true,
            vec![case("a#x", "WA", 0.5), case("a#y", "WA", 0.5)],
        );
        let c = compare(&old, &new);
        assert_eq!(c.changes.len(), 1);
        assert_eq!(c.regressions(), 0);
    }

    #[test]
    fn cases_appear_disappear_and_the_oracle_cannot_move() {
        let old = one(
            VerdictKind::Accepted,
            true,
            vec![case("a#x", "AC", 0.5), case("a#gone", "AC", 0.5)],
        );
        let mut moved = case("a#x", "AC", 0.5);
        moved.oracle = 3;
        let new = one(
            VerdictKind::Accepted,
            true,
            vec![moved, case("a#new", "AC", 0.5)],
        );
        let c = compare(&old, &new);
        assert_eq!(
            c.changes,
            [
                Change::CaseAppeared("a#new".into()),
                Change::CaseDisappeared("a#gone".into()),
                Change::OracleChanged {
                    case: "a#x".into(),
                    old: 2,
                    new: 3
                },
            ]
        );
        assert_eq!(c.regressions(), 1);
    }

    #[test]
    fn the_summary_and_regressions_come_first_and_many_gone_cases_fit_one_line() {
        let gone: Vec<CaseEntry> = (1..=6)
            .map(|k| case(&format!("a#{k}"), "AC", 0.5))
            .collect();
        let mut old = one(VerdictKind::Accepted, true, gone);
        old.solutions[0].cases.push(case("a#x", "AC", 0.5));
        let new = one(VerdictKind::Accepted, false, vec![case("a#x", "WA", 0.5)]);
        assert_eq!(
            compare(&old, &new).render("old.json"),
            "Compared with old.json: 8 changes: 2 regressions, 0 fixes, 0 new cases, 6 gone cases, 0 slower cases\n  \
             REGRESSION  s: no longer as expected\n  \
             REGRESSION  s on a#x: AC -> WA\n  \
             changed     6 cases disappeared: a#1, a#2, a#3, a#4, a#5, a#6\n"
        );
    }

    #[test]
    fn timing_rule() {
        // Single samples: the 10 ms floor and the 50 % rule.
        let t = |old: f64, new: f64| {
            let c = compare(
                &one(VerdictKind::Accepted, true, vec![case("a#x", "AC", old)]),
                &one(VerdictKind::Accepted, true, vec![case("a#x", "AC", new)]),
            );
            c.changes.len()
        };
        assert_eq!(t(0.1, 9.0), 0);
        assert_eq!(t(0.1, 10.2), 1);
        assert_eq!(t(100.0, 149.0), 0);
        assert_eq!(t(100.0, 151.0), 1);
        // Repeats on both sides: a 1 ms floor, three times the larger spread.
        let mut o = case("a#x", "AC", 0.2);
        o.times_ms = vec![0.2, 0.3, 0.6];
        let mut n = case("a#x", "AC", 1.3);
        n.times_ms = vec![1.3, 1.4];
        assert!((slower_threshold_ms(&o, &n) - 1.2).abs() < 1e-9);
        n.spread_ms = Some(2.0);
        assert_eq!(slower_threshold_ms(&o, &n), 6.0);
        n.spread_ms = Some(0.0);
        n.times_ms = vec![];
        o.times_ms = vec![];
        o.spread_ms = Some(0.0);
        assert_eq!(slower_threshold_ms(&o, &n), FLOOR_REPEATED_MS);
    }
}
