//! A case's verdict as the runner gives it: judged, with the verdict's kind, or skipped, with
//! why. Every report tells them apart by this type; its code (`AC`, ..., `SKIP`) is the text
//! the JSON report and the tables show.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::judge::verdict::VerdictKind;

/// One case's verdict for one solution. In JSON and in every report, its [`CaseVerdict::code`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaseVerdict {
    /// The case was called and judged: `AC`, `WA`, `TLE`, `RE` or `MLE`.
    Judged(VerdictKind),
    /// The case was not called: `SKIP`.
    Skipped(SkipReason),
}

/// Why a case was not judged. Neither is a verdict, and neither scores. The JSON report keeps
/// only `SKIP` and the message; a grade shard report keeps the reason beside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SkipReason {
    /// The submission had `count` limit verdicts in a row before it (`[judging] tle_skip_after`),
    /// on cases judged easiest first: the case is at least as hard as they were.
    LimitStreak {
        /// How many, in a row.
        count: usize,
        /// Which verdicts they were.
        of: Streak,
    },
    /// Called, but every run was stopped by the wall guard while the machine starved it
    /// (`[judging] starved_reruns`): not judged, and the run is incomplete (exit 3).
    Overloaded,
}

/// The verdicts of a streak of limit verdicts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Streak {
    /// TLEs only.
    Tle,
    /// MLEs only.
    Mle,
    /// TLEs and MLEs.
    TleOrMle,
}

impl SkipReason {
    /// The reason in words, as the case's `message` says it, with `after` the case that ended
    /// the streak, e.g. `skipped: at least as hard as hard.toml#x, which exceeded the time
    /// limit (3 TLEs in a row)`, or `not judged: machine overloaded`.
    pub fn describe(self, after: &str) -> String {
        match self {
            SkipReason::LimitStreak { count, of } => {
                let (limit, what) = match of {
                    Streak::Tle => ("the time limit", "TLEs"),
                    Streak::Mle => ("the memory limit", "MLEs"),
                    Streak::TleOrMle => ("a limit", "TLEs or MLEs"),
                };
                format!(
                    "skipped: at least as hard as {after}, which exceeded {limit} \
                     ({count} {what} in a row)"
                )
            }
            SkipReason::Overloaded => "not judged: machine overloaded".to_string(),
        }
    }
}

impl CaseVerdict {
    /// The code of a skipped case, a key of a solution's `counts` beside the verdict codes.
    pub const SKIP_CODE: &'static str = "SKIP";

    /// The code: `AC`, `WA`, `TLE`, `RE`, `MLE`, or `SKIP`.
    pub fn code(self) -> &'static str {
        match self {
            CaseVerdict::Judged(kind) => kind.code(),
            CaseVerdict::Skipped(_) => Self::SKIP_CODE,
        }
    }

    /// The verdict's kind; `None` for a skipped case, which has no verdict.
    pub fn kind(self) -> Option<VerdictKind> {
        match self {
            CaseVerdict::Judged(kind) => Some(kind),
            CaseVerdict::Skipped(_) => None,
        }
    }

    /// Whether the case was judged `kind`.
    pub fn is(self, kind: VerdictKind) -> bool {
        self == CaseVerdict::Judged(kind)
    }

    /// Whether the case was skipped.
    pub fn is_skipped(self) -> bool {
        matches!(self, CaseVerdict::Skipped(_))
    }

    /// Whether the case was judged and failed (anything but AC); a skipped case did not.
    pub fn failed(self) -> bool {
        self.kind().is_some_and(|k| k != VerdictKind::Accepted)
    }
}

impl From<VerdictKind> for CaseVerdict {
    fn from(kind: VerdictKind) -> CaseVerdict {
        CaseVerdict::Judged(kind)
    }
}

impl fmt::Display for CaseVerdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.code())
    }
}

impl Serialize for CaseVerdict {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.code())
    }
}

/// Reads a code back. `SKIP` carries no reason in JSON: it reads as
/// [`SkipReason::Overloaded`] until the reader puts the recorded reason back (a grade shard
/// report keeps it beside the cases).
impl<'de> Deserialize<'de> for CaseVerdict {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let code = String::deserialize(d)?;
        CaseVerdict::from_code(&code)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown case verdict '{code}'")))
    }
}

impl CaseVerdict {
    /// The verdict of `code` (`AC`, ..., `SKIP`), a skip read as in [`Deserialize`]; `None` for
    /// anything else.
    pub fn from_code(code: &str) -> Option<CaseVerdict> {
        if code == Self::SKIP_CODE {
            return Some(CaseVerdict::Skipped(SkipReason::Overloaded));
        }
        VerdictKind::FOLDERS
            .into_iter()
            .find(|k| k.code() == code)
            .map(CaseVerdict::Judged)
    }
}

/// Reads a solution's `counts` back: the keys are case verdict codes (`AC`, ..., `SKIP`).
pub fn read_counts<'de, D: Deserializer<'de>>(
    d: D,
) -> Result<std::collections::BTreeMap<&'static str, usize>, D::Error> {
    let read = std::collections::BTreeMap::<String, usize>::deserialize(d)?;
    read.into_iter()
        .map(|(code, n)| {
            CaseVerdict::from_code(&code)
                .map(|v| (v.code(), n))
                .ok_or_else(|| serde::de::Error::custom(format!("unknown verdict code '{code}'")))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_json_are_the_verdict_codes_and_skip() {
        let skip = CaseVerdict::Skipped(SkipReason::LimitStreak {
            count: 2,
            of: Streak::TleOrMle,
        });
        let wa = CaseVerdict::from(VerdictKind::WrongAnswer);
        assert_eq!(
            serde_json::to_string(&[wa, skip]).unwrap(),
            r#"["WA","SKIP"]"#
        );
        assert_eq!(
            (wa.kind(), skip.kind()),
            (Some(VerdictKind::WrongAnswer), None)
        );
        assert!(wa.failed() && !skip.failed() && skip.is_skipped());
        let CaseVerdict::Skipped(why) = skip else {
            unreachable!()
        };
        assert_eq!(
            why.describe("t.toml#c2"),
            "skipped: at least as hard as t.toml#c2, which exceeded a limit (2 TLEs or MLEs in \
             a row)"
        );
        assert_eq!(
            SkipReason::Overloaded.describe(""),
            "not judged: machine overloaded"
        );
        // Tables pad the code as they pad text.
        assert_eq!(format!("[{wa:<4}]"), "[WA  ]");
    }
}
