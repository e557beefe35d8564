//! Verdicts, with the field's standard names: per case AC/WA/TLE/RE/MLE, per solution
//! `accepted`, `wrong_answer`, ... (the Kattis problem-package folder names).

use std::fmt;

use serde::{Deserialize, Serialize};

/// The kind of a verdict: a solution's expected verdict (its folder), a case's verdict, or a
/// solution's overall verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum VerdictKind {
    /// AC: the oracle's answer.
    Accepted,
    /// WA: a different answer.
    WrongAnswer,
    /// TLE: over the CPU or wall-clock limit.
    TimeLimitExceeded,
    /// RE: a panic, an abort, a signal or a malformed reply.
    RunTimeError,
    /// MLE: over the memory limit.
    MemoryLimitExceeded,
    /// CE: the submission did not build (per submission, never per case).
    CompileError,
}

impl VerdictKind {
    /// The long name: `accepted`, `wrong_answer`, `time_limit_exceeded`, `run_time_error`,
    /// `memory_limit_exceeded` (also the solutions/ folder names).
    pub fn name(self) -> &'static str {
        match self {
            VerdictKind::Accepted => "accepted",
            VerdictKind::WrongAnswer => "wrong_answer",
            VerdictKind::TimeLimitExceeded => "time_limit_exceeded",
            VerdictKind::RunTimeError => "run_time_error",
            VerdictKind::MemoryLimitExceeded => "memory_limit_exceeded",
            VerdictKind::CompileError => "compile_error",
        }
    }

    /// The short code: `AC`, `WA`, `TLE`, `RE`, `MLE`.
    pub fn code(self) -> &'static str {
        match self {
            VerdictKind::Accepted => "AC",
            VerdictKind::WrongAnswer => "WA",
            VerdictKind::TimeLimitExceeded => "TLE",
            VerdictKind::RunTimeError => "RE",
            VerdictKind::MemoryLimitExceeded => "MLE",
            VerdictKind::CompileError => "CE",
        }
    }

    /// Every expected-verdict folder of `solutions/`: the per-case kinds and `compile_error`.
    pub const FOLDERS: [VerdictKind; 6] = [
        VerdictKind::Accepted,
        VerdictKind::WrongAnswer,
        VerdictKind::TimeLimitExceeded,
        VerdictKind::RunTimeError,
        VerdictKind::MemoryLimitExceeded,
        VerdictKind::CompileError,
    ];

    /// The per-case kinds, in table-column order (CE is per submission).
    pub const ALL: [VerdictKind; 5] = [
        VerdictKind::Accepted,
        VerdictKind::WrongAnswer,
        VerdictKind::TimeLimitExceeded,
        VerdictKind::RunTimeError,
        VerdictKind::MemoryLimitExceeded,
    ];
}

impl fmt::Display for VerdictKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One case's verdict, with what explains it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Returned the oracle's answer.
    Accepted,
    /// Returned `got`; the oracle says `expected`.
    WrongAnswer {
        /// The oracle's answer.
        expected: i32,
        /// What the solution returned.
        got: i32,
    },
    /// Ran past a limit; `limit` says which, e.g. `CPU 2000 ms`.
    TimeLimitExceeded {
        /// The limit hit.
        limit: String,
    },
    /// Crashed; `message` is the panic message, signal or reply problem.
    RunTimeError {
        /// What happened.
        message: String,
    },
    /// Ran out of memory under the limit.
    MemoryLimitExceeded {
        /// The limit hit.
        limit: String,
    },
}

impl Verdict {
    /// The kind of this verdict.
    pub fn kind(&self) -> VerdictKind {
        match self {
            Verdict::Accepted => VerdictKind::Accepted,
            Verdict::WrongAnswer { .. } => VerdictKind::WrongAnswer,
            Verdict::TimeLimitExceeded { .. } => VerdictKind::TimeLimitExceeded,
            Verdict::RunTimeError { .. } => VerdictKind::RunTimeError,
            Verdict::MemoryLimitExceeded { .. } => VerdictKind::MemoryLimitExceeded,
        }
    }

    /// The value the solution returned, when it returned one.
    pub fn got(&self, oracle: i32) -> Option<i32> {
        match self {
            Verdict::Accepted => Some(oracle),
            Verdict::WrongAnswer { got, .. } => Some(*got),
            _ => None,
        }
    }

    /// One line for people, e.g. `WA: oracle 2, got -1`.
    pub fn describe(&self) -> String {
        match self {
            Verdict::Accepted => "AC".into(),
            Verdict::WrongAnswer { expected, got } => format!("WA: oracle {expected}, got {got}"),
            Verdict::TimeLimitExceeded { limit } => format!("TLE: over the {limit} limit"),
            Verdict::RunTimeError { message } => format!("RE: {message}"),
            Verdict::MemoryLimitExceeded { limit } => format!("MLE: over the {limit} limit"),
        }
    }
}

/// Is a solution's set of case verdicts what its folder promises?
///
/// Kattis problem-package semantics: `accepted` means every case AC; `wrong_answer` at least one
/// WA and every other case AC; `time_limit_exceeded` at least one TLE, every other case AC or
/// TLE; likewise `run_time_error` with RE and `memory_limit_exceeded` with MLE.
pub fn as_expected(expected: VerdictKind, kinds: &[VerdictKind]) -> bool {
    match expected {
        VerdictKind::Accepted => kinds.iter().all(|k| *k == VerdictKind::Accepted),
        other => {
            kinds.contains(&other)
                && kinds
                    .iter()
                    .all(|k| *k == other || *k == VerdictKind::Accepted)
        }
    }
}

/// A solution's overall verdict: the kind of its first non-AC case in case order, or accepted.
pub fn overall(kinds: &[VerdictKind]) -> VerdictKind {
    kinds
        .iter()
        .copied()
        .find(|k| *k != VerdictKind::Accepted)
        .unwrap_or(VerdictKind::Accepted)
}

#[cfg(test)]
mod tests {
    use super::*;
    use VerdictKind::*;

    #[test]
    fn kattis_semantics() {
        assert!(as_expected(Accepted, &[Accepted, Accepted]));
        assert!(!as_expected(Accepted, &[Accepted, WrongAnswer]));
        assert!(as_expected(WrongAnswer, &[Accepted, WrongAnswer]));
        assert!(!as_expected(WrongAnswer, &[Accepted, Accepted]));
        assert!(!as_expected(WrongAnswer, &[WrongAnswer, RunTimeError]));
        assert!(as_expected(
            TimeLimitExceeded,
            &[TimeLimitExceeded, Accepted]
        ));
        assert!(!as_expected(
            TimeLimitExceeded,
            &[TimeLimitExceeded, WrongAnswer]
        ));
        assert_eq!(
            overall(&[Accepted, RunTimeError, WrongAnswer]),
            RunTimeError
        );
        assert_eq!(overall(&[Accepted]), Accepted);
    }
}
