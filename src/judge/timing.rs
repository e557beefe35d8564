//! Timings a judge can be held to: per solution the total, median and maximum CPU time of its
//! calls (measured by the judge, from outside the worker), the largest peak memory, the
//! slowest case, and the cases whose verdict hangs on the limit, by the margin of 1.5 that
//! Kattis and DOMjudge use.

use serde::{Deserialize, Serialize};

use crate::cases::config::Limits;
use crate::judge::case_result::CaseResult;
use crate::judge::case_verdict::CaseVerdict;
use crate::judge::execute::median;
use crate::judge::verdict::VerdictKind;

/// A case is limit-sensitive when an answer took more than `limit / MARGIN` CPU time, or a call
/// that ran to its end took between `limit` and `limit * MARGIN` (so a TLE a faster machine could
/// turn into an answer); 1.5 is the margin Kattis's problemtools and DOMjudge use by default.
pub const MARGIN: f64 = crate::submission::worker::MARGIN;

/// One solution's timing, in milliseconds of CPU time unless named wall.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Timing {
    /// Sum over the cases.
    pub cpu_total_ms: f64,
    /// Median over the cases.
    pub cpu_median_ms: f64,
    /// Maximum over the cases.
    pub cpu_max_ms: f64,
    /// `file.toml#name` of the case with the most CPU time; null with no cases.
    pub slowest_case: Option<String>,
    /// Sum of the calls' wall times.
    pub wall_total_ms: f64,
    /// The largest peak resident memory of a call, in KiB; null when nothing measured it
    /// (in-process calls).
    pub memory_max_kib: Option<u64>,
    /// Cases whose verdict another machine could change.
    pub warnings: Vec<LimitWarning>,
}

/// A verdict that hangs on the time limit.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LimitWarning {
    /// `file.toml#name`.
    pub case: String,
    /// `AC`, `WA` or `TLE`.
    pub verdict: CaseVerdict,
    /// The call's CPU time.
    pub cpu_ms: f64,
    /// What it means, e.g. `AC in 1500 ms CPU, over 2000 ms / 1.5: a slower machine may say TLE`.
    pub message: String,
}

/// The timing of `cases` under `limits`.
pub fn summarise(cases: &[CaseResult], limits: &Limits) -> Timing {
    let mut cpus: Vec<f64> = cases.iter().map(|c| c.cpu_ms).collect();
    let slowest = cases
        .iter()
        .max_by(|a, b| a.cpu_ms.total_cmp(&b.cpu_ms))
        .map(|c| c.case.clone());
    let limit = limits.cpu_ms as f64;
    let warnings = cases
        .iter()
        .filter_map(|c| {
            let message = match c.verdict.kind()? {
                VerdictKind::Accepted | VerdictKind::WrongAnswer if c.cpu_ms > limit / MARGIN => format!(
                    "{} in {:.0} ms CPU, over {} ms / {MARGIN}: a slower machine may say TLE",
                    c.verdict, c.cpu_ms, limits.cpu_ms
                ),
                // A call killed at the wall limit says nothing about how long it would have run.
                // After a submission's first TLE the wall limit in force can be as low as the CPU
                // limit times the margin (`[judging] wall_after_tle_ms`), so a call that ran that
                // long on the wall clock is not called close either.
                // A TLE under the limit itself was not the call's: its worker had spent the
                // limit while loading (a submission that burns CPU at import).
                VerdictKind::TimeLimitExceeded
                    if c.message.as_deref().is_some_and(|m| m.contains("CPU"))
                        && (limit..limit * MARGIN).contains(&c.cpu_ms)
                        && c.time_ms < (limits.wall_ms() as f64).min(limit * MARGIN) =>
                {
                    format!(
                        "TLE in {:.0} ms CPU, under {} ms * {MARGIN}: a faster machine may accept it",
                        c.cpu_ms, limits.cpu_ms
                    )
                }
                _ => return None,
            };
            Some(LimitWarning {
                case: c.case.clone(),
                verdict: c.verdict,
                cpu_ms: c.cpu_ms,
                message,
            })
        })
        .collect();
    Timing {
        // Folded from +0.0: an empty float `sum()` is -0.0, which prints as "-0.00".
        cpu_total_ms: cpus.iter().fold(0.0, |t, c| t + c),
        cpu_max_ms: cpus.iter().copied().fold(0.0, f64::max),
        cpu_median_ms: median(&mut cpus),
        slowest_case: slowest,
        wall_total_ms: cases.iter().fold(0.0, |t, c| t + c.time_ms),
        memory_max_kib: cases.iter().filter_map(|c| c.memory_kib).max(),
        warnings,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case(name: &str, verdict: VerdictKind, cpu_ms: f64, message: Option<&str>) -> CaseResult {
        CaseResult {
            case: name.into(),
            board: "RR".into(),
            hand: "R".into(),
            oracle: 1,
            got: None,
            verdict: verdict.into(),
            points: 1,
            time_ms: cpu_ms + 1.0,
            cpu_ms,
            memory_kib: Some(cpu_ms as u64 + 1000),
            times_ms: Vec::new(),
            runs: 1,
            cpu_runs_ms: Vec::new(),
            message: message.map(String::from),
            visibility: Default::default(),
            solved: solved_rr_r(),
        }
    }

    /// RR + R, solved: one move.
    fn solved_rr_r() -> crate::game::oracle::Solved {
        let instance = crate::game::rules::Instance::parse(
            "RR",
            "R",
            &crate::game::rules::Constraints::default(),
        )
        .unwrap();
        let answer = crate::game::oracle::solve(&instance).unwrap();
        crate::game::oracle::Solved { instance, answer }
    }

    #[test]
    fn totals_median_slowest_and_margins() {
        let limits = Limits {
            cpu_ms: 300,
            memory_mib: 64,
        };
        let tle = Some("TLE: over the CPU 300 ms limit");
        // Killed at the wall limit (1600 ms) on a starved machine after 350 ms of CPU.
        let mut starved = case("a#starved", VerdictKind::TimeLimitExceeded, 350.0, tle);
        starved.time_ms = 1600.0;
        let cases = [
            case("a#fast", VerdictKind::Accepted, 10.0, None),
            case("a#near", VerdictKind::Accepted, 250.0, None),
            case("a#fine", VerdictKind::WrongAnswer, 150.0, None),
            case("a#close-tle", VerdictKind::TimeLimitExceeded, 400.0, tle),
            case("a#clear-tle", VerdictKind::TimeLimitExceeded, 460.0, tle),
            case(
                "a#slept",
                VerdictKind::TimeLimitExceeded,
                1.0,
                Some("TLE: over the wall 1600 ms limit"),
            ),
            starved,
            // The worker spent the limit while loading: 0 ms in the call.
            case("a#loaded", VerdictKind::TimeLimitExceeded, 0.0, tle),
        ];
        let t = summarise(&cases, &limits);
        assert_eq!(t.cpu_total_ms, 1621.0);
        assert_eq!(t.cpu_median_ms, 200.0);
        assert_eq!(t.cpu_max_ms, 460.0);
        assert_eq!(t.memory_max_kib, Some(1460));
        assert_eq!(t.slowest_case.as_deref(), Some("a#clear-tle"));
        assert_eq!(t.wall_total_ms, 2878.0);
        let got: Vec<_> = t
            .warnings
            .iter()
            .map(|w| (w.case.as_str(), w.message.as_str()))
            .collect();
        assert_eq!(
            got,
            [
                (
                    "a#near",
                    "AC in 250 ms CPU, over 300 ms / 1.5: a slower machine may say TLE"
                ),
                (
                    "a#close-tle",
                    "TLE in 400 ms CPU, under 300 ms * 1.5: a faster machine may accept it"
                ),
            ]
        );
        let empty = summarise(&[], &limits);
        assert_eq!((empty.cpu_total_ms, empty.slowest_case), (0.0, None));
        assert_eq!(empty.memory_max_kib, None);
    }
}
