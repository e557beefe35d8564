//! Regression cases: a counterexample that `fuzz` or `exhaust` found is kept as an ordinary case
//! in `cases/regressions/<solution>.toml` (the value, not a seed, with its source and date), so
//! every later `run` judges it. A case already recorded, up to symmetry, is not added again.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::atomic;
use crate::cases::case;
use crate::game::generate;
use crate::game::rules::{Board, Constraints, Hand, Instance};

/// Where regression cases go by default, relative to the project root.
pub const DEFAULT_DIR: &str = "cases/regressions";

/// A counterexample to keep.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The input, as the hunter checked it against the oracle.
    pub instance: Instance,
    /// The hand as passed to the solution (the instance's hand in that order), for the case.
    pub hand: String,
    /// The oracle's answer, which becomes the case's `expected`.
    pub expected: i32,
    /// What the solution answered (`None`: no answer), for the note.
    pub got: Option<i32>,
    /// What found it, e.g. `zuma-judge fuzz --seed 7 --count 1, minimised`.
    pub source: String,
    /// When, as `YYYY-MM-DD` (UTC).
    pub date: String,
}

/// What [`append`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Appended {
    /// Added as the case `name` to `path`.
    Written {
        /// The file.
        path: PathBuf,
        /// The new case's name.
        name: String,
    },
    /// The file already holds the case `name`, the same input up to colour renaming and board
    /// reversal; nothing was written.
    AlreadyRecorded {
        /// The file.
        path: PathBuf,
        /// The existing case's name.
        name: String,
    },
}

/// A regression file that cannot be read or written. Exit code 2.
#[derive(Debug, Error)]
pub enum RegressionError {
    /// I/O.
    #[error("{path}: cannot {action}: {message}")]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// `read`, `write` or `create the folder`.
        action: &'static str,
        /// The I/O error.
        message: String,
    },
    /// The existing file does not parse; it is left alone.
    #[error("{0}; fix the file before new regression cases can be added to it")]
    Broken(case::CaseError),
}

/// Today's date in UTC, `YYYY-MM-DD`.
pub fn today() -> String {
    let d = time::OffsetDateTime::now_utc().date();
    format!("{:04}-{:02}-{:02}", d.year(), u8::from(d.month()), d.day())
}

/// The regression file for `solution` in `dir`.
pub fn path_for(dir: &Path, solution: &str) -> PathBuf {
    dir.join(format!("{solution}.toml"))
}

/// Appends `record` as a case to `dir/<solution>.toml` (creating both when missing), unless
/// the file already holds the same input up to symmetry. The file's cases are read under
/// `limits`; the record's own input is already typed and is not parsed again.
///
/// The read, the check for the same input and the write happen under
/// [`atomic::FolderLock`] on `dir`, so concurrent `fuzz`, `exhaust` and `merge` runs recording
/// into one file neither lose nor duplicate a case: each sees every case the others wrote.
pub fn append(
    dir: &Path,
    solution: &str,
    record: &Record,
    limits: &Constraints,
) -> Result<Appended, RegressionError> {
    let path = path_for(dir, solution);
    let inst = &record.instance;
    std::fs::create_dir_all(dir).map_err(io(dir, "create the folder"))?;
    let _lock = atomic::FolderLock::acquire(dir).map_err(io(dir, "lock the folder"))?;
    let existing = match std::fs::read_to_string(&path) {
        Ok(t) => Some(t),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(io(&path, "read")(e)),
    };
    if let Some(t) = &existing {
        let key = generate::symmetry_canonical(&inst.board, &inst.hand);
        if let Some(name) = recorded_as(&path, t, &key, limits)? {
            return Ok(Appended::AlreadyRecorded { path, name });
        }
    }
    let mut text = existing.unwrap_or_else(|| header(solution));
    if !text.ends_with('\n') {
        text.push('\n');
    }
    let name = format!("{}-{}", inst.board, record.hand);
    text.push_str(&case_block(&name, solution, record));
    atomic::write(&path, text.as_bytes()).map_err(io(&path, "write"))?;
    Ok(Appended::Written { path, name })
}

/// What turns an I/O error on `path` while trying to `action` it into a [`RegressionError`].
pub(crate) fn io(
    path: &Path,
    action: &'static str,
) -> impl FnOnce(std::io::Error) -> RegressionError {
    let path = path.to_path_buf();
    move |e| RegressionError::Io {
        path,
        action,
        message: e.to_string(),
    }
}

/// The name of the case in `text` (the file at `path`) whose input has the canonical form
/// `key`, if any. Errors: the file does not parse.
fn recorded_as(
    path: &Path,
    text: &str,
    key: &(Board, Hand),
    limits: &Constraints,
) -> Result<Option<String>, RegressionError> {
    let (cases, errors) = case::parse_file(path, &path.display().to_string(), text, limits);
    if let Some(e) = errors
        .into_iter()
        .find(|e| matches!(e, case::CaseError::Syntax { .. }))
    {
        return Err(RegressionError::Broken(e));
    }
    Ok(cases.into_iter().find_map(|c| match &c.input {
        Ok(i) if generate::symmetry_canonical(&i.board, &i.hand) == *key => Some(c.name),
        _ => None,
    }))
}

/// The `[[case]]` block for `record`, with a blank line before it.
fn case_block(name: &str, solution: &str, record: &Record) -> String {
    let got = record
        .got
        .map_or("no answer".to_string(), |g| format!("{g}"));
    let note = format!(
        "{}, {}: {solution} answered {got}, the oracle {}",
        record.source, record.date, record.expected
    );
    let q = |s: &str| toml::Value::String(s.to_string()).to_string();
    let mut block = String::new();
    let _ = write!(
        block,
        "\n[[case]]\nname = {}\nboard = {}\nhand = {}\nexpected = {}\nnote = {}\ntags = [\"regression\"]\n",
        q(name),
        q(&record.instance.board.to_string()),
        q(&record.hand),
        record.expected,
        q(&note)
    );
    block
}

fn header(solution: &str) -> String {
    format!(
        "# Regression cases for `{solution}`: counterexamples found and minimised by\n# `zuma-judge fuzz` and `zuma-judge exhaust`, kept as values. `expected` is the oracle's\n# answer; `run` judges them like any other case.\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(board: &str, hand: &str) -> Record {
        Record {
            instance: Instance::parse(board, hand, &Constraints::default()).unwrap(),
            hand: hand.into(),
            expected: 2,
            got: Some(-1),
            source: "zuma-judge fuzz seed 7".into(),
            date: "2026-11-01".into(),
        }
    }

    #[test]
    fn appends_once_up_to_symmetry_and_loads_as_a_case() {
        let dir = tempfile::tempdir().unwrap();
        let lim = Constraints::default();
        let a = append(dir.path(), "x", &record("RRWWRRBBRR", "BW"), &lim).unwrap();
        let path = dir.path().join("x.toml");
        assert_eq!(
            a,
            Appended::Written {
                path: path.clone(),
                name: "RRWWRRBBRR-BW".into()
            }
        );
        // reversed and renamed: the same case
        let b = append(dir.path(), "x", &record("YYGGYYBBYY", "GB"), &lim).unwrap();
        assert_eq!(
            b,
            Appended::AlreadyRecorded {
                path: path.clone(),
                name: "RRWWRRBBRR-BW".into()
            }
        );
        append(dir.path(), "x", &record("RRWB", "W"), &lim).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.ends_with("[[case]]\nname = \"RRWB-W\"\nboard = \"RRWB\"\nhand = \"W\"\nexpected = 2\nnote = \"zuma-judge fuzz seed 7, 2026-11-01: x answered -1, the oracle 2\"\ntags = [\"regression\"]\n"), "{text}");
        let (cases, errors) = case::parse_file(&path, "x.toml", &text, &lim);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(cases.len(), 2);
        assert_eq!(cases[0].expected, Some(2));
    }

    /// Eight writers append 10 distinct cases each, and each writes one case that all eight
    /// share (up to symmetry), at once: every distinct case is in the file exactly once.
    #[test]
    fn concurrent_appends_under_the_lock_lose_and_duplicate_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let lim = Constraints::default();
        let classes = generate::symmetry_classes(4, 2);
        assert!(classes.len() >= 80, "{}", classes.len());
        let results: Vec<Vec<Appended>> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..8)
                .map(|t| {
                    let (classes, lim, dir) = (&classes, &lim, dir.path());
                    s.spawn(move || {
                        let mut out = Vec::new();
                        for k in 0..10 {
                            let c = &classes[t * 10 + k];
                            let r = record(&c.board.to_string(), &c.hand.to_string());
                            out.push(append(dir, "x", &r, lim).unwrap());
                            // the shared one, renamed differently by each writer
                            let shared = if t % 2 == 0 {
                                ("RRWBB", "W")
                            } else {
                                ("GGYRR", "Y")
                            };
                            out.push(append(dir, "x", &record(shared.0, shared.1), lim).unwrap());
                        }
                        out
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let written = results
            .iter()
            .flatten()
            .filter(|a| matches!(a, Appended::Written { .. }))
            .count();
        let already = results
            .iter()
            .flatten()
            .filter(|a| matches!(a, Appended::AlreadyRecorded { .. }))
            .count();
        assert_eq!((written, already), (81, 79));
        let path = dir.path().join("x.toml");
        let text = std::fs::read_to_string(&path).unwrap();
        let (cases, errors) = case::parse_file(&path, "x.toml", &text, &lim);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(cases.len(), 81);
        // no temporary file is left behind
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn today_is_a_date() {
        let t = today();
        assert_eq!((t.len(), &t[4..5], &t[7..8]), (10, "-", "-"));
    }
}
