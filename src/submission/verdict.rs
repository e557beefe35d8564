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

/// Which time limit a call ran past, with its value in milliseconds. Written as a report
/// has always named it (`CPU 2000 ms`, `wall 5000 ms`), and so recorded in a verdict cache.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub enum Limit {
    /// The CPU time limit per case.
    Cpu(u64),
    /// The wall-clock limit per case (or the start-up time).
    Wall(u64),
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Limit::Cpu(ms) => write!(f, "CPU {ms} ms"),
            Limit::Wall(ms) => write!(f, "wall {ms} ms"),
        }
    }
}

impl From<Limit> for String {
    fn from(l: Limit) -> String {
        l.to_string()
    }
}

/// A recorded time limit that is neither `CPU N ms` nor `wall N ms`.
#[derive(Debug, thiserror::Error)]
#[error("not a time limit: {0:?}")]
pub struct NotALimit(String);

impl TryFrom<String> for Limit {
    type Error = NotALimit;

    fn try_from(text: String) -> Result<Limit, NotALimit> {
        let ms = |rest: &str| rest.strip_suffix(" ms").and_then(|n| n.parse().ok());
        if let Some(ms) = text.strip_prefix("CPU ").and_then(ms) {
            Ok(Limit::Cpu(ms))
        } else if let Some(ms) = text.strip_prefix("wall ").and_then(ms) {
            Ok(Limit::Wall(ms))
        } else {
            Err(NotALimit(text))
        }
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
        limit: Limit,
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

/// A set of verdict kinds (CE included), e.g. a DOMjudge `@EXPECTED_RESULTS@` list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct VerdictSet(u8);

impl VerdictSet {
    /// The empty set.
    pub const EMPTY: VerdictSet = VerdictSet(0);

    /// The set with `kind` added.
    pub const fn with(self, kind: VerdictKind) -> VerdictSet {
        VerdictSet(self.0 | 1 << kind as u8)
    }

    /// Whether `kind` is in the set.
    pub fn contains(self, kind: VerdictKind) -> bool {
        self.0 & 1 << kind as u8 != 0
    }

    /// The kinds, in [`VerdictKind::FOLDERS`] order.
    pub fn kinds(self) -> Vec<VerdictKind> {
        VerdictKind::FOLDERS
            .into_iter()
            .filter(|k| self.contains(*k))
            .collect()
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

impl FromIterator<VerdictKind> for VerdictSet {
    fn from_iter<I: IntoIterator<Item = VerdictKind>>(iter: I) -> Self {
        iter.into_iter().fold(VerdictSet::EMPTY, VerdictSet::with)
    }
}

/// What a submission is expected to get: a Kattis folder (one verdict, or `rejected/`), a
/// DOMjudge `@EXPECTED_RESULTS@` list, or nothing (a gradebook entry).
///
/// In JSON: `null` for nothing, the folder's name for one folder (`"wrong_answer"`,
/// `"rejected"`), and an array of names for a list (`["wrong_answer", "time_limit_exceeded"]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Expected {
    /// No expectation: every verdict is as expected (a gradebook).
    Nothing,
    /// A Kattis folder for one verdict, e.g. `wrong_answer/` (see [`as_expected`]).
    One(VerdictKind),
    /// Kattis' `rejected/`: the final verdict is anything but AC.
    Rejected,
    /// A DOMjudge list: the final verdict (see [`overall`]) is one of these.
    AnyOf(VerdictSet),
}

impl Expected {
    /// The Kattis folder called `name` (`accepted`, `rejected`, `wrong_answer`, ...).
    pub fn from_folder(name: &str) -> Option<Expected> {
        if name == "rejected" {
            return Some(Expected::Rejected);
        }
        VerdictKind::FOLDERS
            .into_iter()
            .find(|k| k.name() == name)
            .map(Expected::One)
    }

    /// The folder names [`Expected::from_folder`] knows, for messages.
    pub const FOLDER_NAMES: [&'static str; 7] = [
        "accepted",
        "rejected",
        "wrong_answer",
        "time_limit_exceeded",
        "run_time_error",
        "memory_limit_exceeded",
        "compile_error",
    ];

    /// For people: `wrong_answer`, `rejected`, `wrong_answer|time_limit_exceeded`, or `-` for
    /// nothing.
    pub fn name(self) -> String {
        match self {
            Expected::Nothing => "-".into(),
            Expected::One(k) => k.name().into(),
            Expected::Rejected => "rejected".into(),
            Expected::AnyOf(set) => set
                .kinds()
                .iter()
                .map(|k| k.name())
                .collect::<Vec<_>>()
                .join("|"),
        }
    }

    /// Short: `WA`, `not AC`, `WA|TLE`, or `-` for nothing.
    pub fn code(self) -> String {
        match self {
            Expected::Nothing => "-".into(),
            Expected::One(k) => k.code().into(),
            Expected::Rejected => "not AC".into(),
            Expected::AnyOf(set) => set
                .kinds()
                .iter()
                .map(|k| k.code())
                .collect::<Vec<_>>()
                .join("|"),
        }
    }

    /// Whether a case verdict `kind` is fine on its own for this expectation: AC and the
    /// promised verdicts are, anything else is not; with `rejected/` or nothing, every verdict is.
    pub fn allows(self, kind: VerdictKind) -> bool {
        match self {
            Expected::Nothing | Expected::Rejected => true,
            Expected::One(k) => kind == VerdictKind::Accepted || kind == k,
            Expected::AnyOf(set) => kind == VerdictKind::Accepted || set.contains(kind),
        }
    }
}

impl From<VerdictKind> for Expected {
    fn from(k: VerdictKind) -> Self {
        Expected::One(k)
    }
}

impl PartialEq<VerdictKind> for Expected {
    /// True only for the one folder of `kind`.
    fn eq(&self, kind: &VerdictKind) -> bool {
        *self == Expected::One(*kind)
    }
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

impl Serialize for Expected {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Expected::Nothing => s.serialize_none(),
            Expected::One(k) => s.serialize_str(k.name()),
            Expected::Rejected => s.serialize_str("rejected"),
            Expected::AnyOf(set) => {
                use serde::ser::SerializeSeq;
                let kinds = set.kinds();
                let mut seq = s.serialize_seq(Some(kinds.len()))?;
                for k in kinds {
                    seq.serialize_element(k.name())?;
                }
                seq.end()
            }
        }
    }
}

impl<'de> Deserialize<'de> for Expected {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            One(String),
            List(Vec<VerdictKind>),
        }
        match Option::<Raw>::deserialize(d)? {
            None => Ok(Expected::Nothing),
            Some(Raw::One(name)) => Expected::from_folder(&name).ok_or_else(|| {
                serde::de::Error::custom(format!(
                    "unknown expected verdict '{name}'; one of {}",
                    Expected::FOLDER_NAMES.join(", ")
                ))
            }),
            Some(Raw::List(kinds)) => Ok(Expected::AnyOf(kinds.into_iter().collect())),
        }
    }
}

/// Is a solution's set of case verdicts (or `[CompileError]`, for one that did not build) what
/// `expected` promises?
///
/// One folder, Kattis problem-package semantics: `accepted` means every case AC; `wrong_answer`
/// at least one WA and every other case AC; `time_limit_exceeded` at least one TLE, every other
/// case AC or TLE; likewise `run_time_error` with RE and `memory_limit_exceeded` with MLE.
/// `rejected`: the final verdict ([`overall`]) is not AC. A DOMjudge list: the final verdict is
/// one of the list (DOMjudge's `getFinalResult` with its default priorities: the first non-AC
/// case in case order). Nothing expected: always true.
pub fn as_expected(expected: impl Into<Expected>, kinds: &[VerdictKind]) -> bool {
    match expected.into() {
        Expected::Nothing => true,
        Expected::One(VerdictKind::Accepted) => kinds.iter().all(|k| *k == VerdictKind::Accepted),
        Expected::One(other) => {
            kinds.contains(&other)
                && kinds
                    .iter()
                    .all(|k| *k == other || *k == VerdictKind::Accepted)
        }
        Expected::Rejected => overall(kinds) != VerdictKind::Accepted,
        Expected::AnyOf(set) => set.contains(overall(kinds)),
    }
}

/// For a solution whose judging stopped after `kinds`: can the cases it was not judged on still
/// make it as expected? True when it already is, or when one more case of some verdict would
/// make it so (one more always suffices: it supplies the promised verdict). A stopped solution
/// is failed only for a verdict it did get, never for a promise the unjudged cases might keep.
pub fn may_be_as_expected(expected: impl Into<Expected>, kinds: &[VerdictKind]) -> bool {
    let expected = expected.into();
    as_expected(expected, kinds)
        || VerdictKind::ALL.into_iter().any(|k| {
            let more: Vec<VerdictKind> = kinds.iter().copied().chain([k]).collect();
            as_expected(expected, &more)
        })
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

    #[test]
    fn a_limit_reads_as_reports_name_it() {
        assert_eq!(Limit::Cpu(2000).to_string(), "CPU 2000 ms");
        assert_eq!(Limit::Wall(5000).to_string(), "wall 5000 ms");
        for l in [Limit::Cpu(1), Limit::Wall(3000)] {
            assert_eq!(Limit::try_from(l.to_string()).unwrap(), l);
        }
        assert!(Limit::try_from("wall 3 s".to_string()).is_err());
    }
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

    #[test]
    fn rejected_and_lists() {
        let wa_tle = Expected::AnyOf([WrongAnswer, TimeLimitExceeded].into_iter().collect());
        // DOMjudge: the final verdict (the first non-AC case) must be listed.
        assert!(as_expected(
            wa_tle,
            &[Accepted, TimeLimitExceeded, WrongAnswer]
        ));
        assert!(as_expected(wa_tle, &[WrongAnswer, RunTimeError]));
        assert!(!as_expected(wa_tle, &[RunTimeError, WrongAnswer]));
        assert!(!as_expected(wa_tle, &[Accepted, Accepted]));
        assert!(!as_expected(wa_tle, &[CompileError]));
        let ok_or_tle = Expected::AnyOf([Accepted, TimeLimitExceeded].into_iter().collect());
        assert!(as_expected(ok_or_tle, &[Accepted]));
        assert!(as_expected(ok_or_tle, &[Accepted, TimeLimitExceeded]));
        // Kattis rejected/: anything but AC, CE included.
        assert!(as_expected(Expected::Rejected, &[Accepted, RunTimeError]));
        assert!(as_expected(Expected::Rejected, &[CompileError]));
        assert!(!as_expected(Expected::Rejected, &[Accepted, Accepted]));
        assert!(as_expected(Expected::Nothing, &[WrongAnswer]));
        assert!(as_expected(CompileError, &[CompileError]));
        assert!(!as_expected(Accepted, &[CompileError]));
        assert_eq!(wa_tle.name(), "wrong_answer|time_limit_exceeded");
        assert_eq!(wa_tle.code(), "WA|TLE");
        assert_eq!(Expected::from_folder("rejected"), Some(Expected::Rejected));
        assert_eq!(
            Expected::from_folder("wrong_answer"),
            Some(Expected::One(WrongAnswer))
        );
        assert_eq!(Expected::from_folder("maybe"), None);
    }

    #[test]
    fn a_stopped_solution_fails_only_on_what_it_got() {
        // Nothing judged yet: every promise can still be kept.
        assert!(may_be_as_expected(WrongAnswer, &[]));
        assert!(may_be_as_expected(Accepted, &[]));
        assert!(may_be_as_expected(Expected::Rejected, &[]));
        // The promised WA may be in the cases not judged; an RE already breaks it.
        assert!(may_be_as_expected(WrongAnswer, &[Accepted, Accepted]));
        assert!(!may_be_as_expected(WrongAnswer, &[Accepted, RunTimeError]));
        assert!(!may_be_as_expected(Accepted, &[Accepted, WrongAnswer]));
        // DOMjudge lists: the final verdict is fixed by the first non-AC case.
        let wa_tle = Expected::AnyOf([WrongAnswer, TimeLimitExceeded].into_iter().collect());
        assert!(may_be_as_expected(wa_tle, &[Accepted]));
        assert!(may_be_as_expected(
            wa_tle,
            &[TimeLimitExceeded, RunTimeError]
        ));
        assert!(!may_be_as_expected(wa_tle, &[RunTimeError, WrongAnswer]));
    }

    #[test]
    fn expected_json_is_a_string_for_one_folder() {
        let wa_tle = Expected::AnyOf([TimeLimitExceeded, WrongAnswer].into_iter().collect());
        let cases = [
            (Expected::One(WrongAnswer), r#""wrong_answer""#),
            (Expected::Rejected, r#""rejected""#),
            (wa_tle, r#"["wrong_answer","time_limit_exceeded"]"#),
            (Expected::Nothing, "null"),
        ];
        for (e, json) in cases {
            assert_eq!(serde_json::to_string(&e).unwrap(), json);
            assert_eq!(serde_json::from_str::<Expected>(json).unwrap(), e);
        }
    }
}
