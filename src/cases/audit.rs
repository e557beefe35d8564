//! `audit`: checks case files against the oracle and proposes corrections as a unified diff
//! (crate `similar`) of the file, edited with `toml_edit` so comments and layout survive.

use std::path::{Path, PathBuf};

use similar::TextDiff;
use toml_edit::{DocumentMut, Item, Table, Value};

use crate::atomic;
use crate::cases::case::{self, CaseError, CaseWarning};
use crate::cases::duplicates;
use crate::game::oracle::{Oracle, WitnessError};
use crate::game::rules::{Constraints, Instance};

/// What auditing one file found.
#[derive(Debug, Default)]
pub struct FileAudit {
    /// The file.
    pub path: PathBuf,
    /// Unified diff from the file to its corrected text; empty when nothing needs correcting.
    pub diff: String,
    /// The corrected text.
    pub corrected: String,
    /// One line per correction, e.g. `split-pair: expected = -1 -> 2`.
    pub corrections: Vec<String>,
    /// Claims that do not hold, one line each; `strict` marks the ones that fail the audit.
    pub refuted_claims: Vec<(String, bool)>,
    /// Problems that stop the file or a case from being audited.
    pub errors: Vec<CaseError>,
    /// The file's text as audited.
    pub original: String,
    /// Cases the file holds (parsed, valid or not).
    pub cases: usize,
    /// An empty file; a case repeating an earlier case's input ([`note_duplicates`]).
    pub warnings: Vec<CaseWarning>,
    /// The cases that loaded, in file order.
    pub loaded: Vec<case::Case>,
}

/// Adds to `a`'s warnings each of its cases whose board and hand an earlier case holds, in
/// this file or in one audited before it (`inputs` holds what was seen): `run` judges and
/// scores such an input once. A warning, not an error: it changes no exit code.
pub fn note_duplicates(a: &mut FileAudit, inputs: &mut duplicates::Inputs) {
    for c in &a.loaded {
        if let Some(d) = inputs.add(0, c) {
            a.warnings.push(d.warning());
        }
    }
}

/// Audits one case file's `text`. Corrections: a wrong `expected`; an `invalid` on a valid
/// input (becomes `expected`); an invalid input without `invalid` or with `expected` (becomes
/// `invalid = "<reason>"`); an `invalid` whose reason is not the input's.
pub fn audit_text(
    path: &Path,
    text: &str,
    limits: &Constraints,
    oracle: &mut Oracle,
) -> Result<FileAudit, WitnessError> {
    let mut out = FileAudit {
        path: path.to_path_buf(),
        corrected: text.to_string(),
        original: text.to_string(),
        ..FileAudit::default()
    };
    let label = path
        .file_name()
        .map(|f| f.to_string_lossy().to_string())
        .unwrap_or_default();
    let (cases, errors, loads) = case::parse_file_tables(path, &label, text, limits);
    out.cases = cases.len();
    if cases.is_empty() && errors.is_empty() {
        out.warnings.push(CaseWarning::Empty {
            path: path.display().to_string(),
        });
    }
    // Cases rejected only for lacking `invalid` are corrected, not reported as errors.
    out.errors = errors
        .into_iter()
        .filter(|e| !matches!(e, CaseError::Case { message, .. } if message.starts_with("input rejected")))
        .collect();
    // A key error (an unknown key, a wrong type) or a syntax error costs its own case only:
    // every other case of the file is still audited, as `run` judges them.
    out.refuted_claims = refuted_claims(&cases, oracle)?;
    out.loaded = cases;
    // Corrections are made chunk by chunk (one `[[case]]` to the next, as the file loads), so
    // a syntax error elsewhere in the file does not stop them. A chunk that does not load (a
    // key or syntax error) is left as it is: its error says what to fix, and `run` does not
    // judge it. A chunk with nothing to correct stays byte for byte as it is (toml_edit would
    // add a final newline to a file that has none).
    let corrected = correct_chunks(text, &loads, limits, oracle, &mut out.corrections)?;
    if !out.corrections.is_empty() {
        out.corrected = corrected;
    }
    if out.corrected != text {
        let shown = path.display().to_string();
        out.diff = TextDiff::from_lines(text, &out.corrected)
            .unified_diff()
            .context_radius(3)
            .header(&shown, &shown)
            .to_string();
    }
    Ok(out)
}

/// `text` with each chunk that loads (`loads`, one flag per chunk) corrected, the corrections
/// added to `corrections`.
fn correct_chunks(
    text: &str,
    loads: &[bool],
    limits: &Constraints,
    oracle: &mut Oracle,
    corrections: &mut Vec<String>,
) -> Result<String, WitnessError> {
    let starts = case::case_starts(text);
    let mut corrected = String::with_capacity(text.len());
    for (k, &from) in starts.iter().enumerate() {
        let chunk = &text[from..starts.get(k + 1).copied().unwrap_or(text.len())];
        let fixed = match loads.get(k) {
            Some(true) => correct_chunk(chunk, limits, oracle)?,
            _ => None,
        };
        match fixed {
            Some((text, fixes)) => {
                corrected.push_str(&text);
                corrections.extend(fixes);
            }
            None => corrected.push_str(chunk),
        }
    }
    Ok(corrected)
}

/// One loaded chunk of a case file corrected: its new text and the corrections, or None when
/// it needs none.
fn correct_chunk(
    chunk: &str,
    limits: &Constraints,
    oracle: &mut Oracle,
) -> Result<Option<(String, Vec<String>)>, WitnessError> {
    let Ok(mut doc) = chunk.parse::<DocumentMut>() else {
        return Ok(None);
    };
    let Some(tables) = doc.get_mut("case").and_then(|c| c.as_array_of_tables_mut()) else {
        return Ok(None);
    };
    let mut fixes = Vec::new();
    for t in tables.iter_mut() {
        fixes.extend(correct(t, limits, oracle)?);
    }
    Ok((!fixes.is_empty()).then(|| (doc.to_string(), fixes)))
}

/// Every claim of `cases` that does not hold, as a line saying what was claimed and the truth,
/// and whether the claim was strict.
fn refuted_claims(
    cases: &[case::Case],
    oracle: &mut Oracle,
) -> Result<Vec<(String, bool)>, WitnessError> {
    let mut refuted = Vec::new();
    for c in cases {
        let value = match &c.input {
            Ok(i) => Some(oracle.solve(i)?.as_i32()),
            Err(_) => None,
        };
        for cl in &c.claims {
            let r = crate::cases::check::claim_report(c, cl, value, oracle)?;
            if r.holds {
                continue;
            }
            let truth = match (&r.oracle, &c.input) {
                (Some(v), _) => format!("oracle {v}"),
                (None, Err(reason)) => format!("input rejected: {reason}"),
                (None, Ok(_)) => "no answer".into(),
            };
            let truth = match &r.moves {
                Some(m) => format!("{truth}; replayed: {}", m.describe()),
                None => truth,
            };
            let line = format!(
                "{}: {} claimed {}; {truth}",
                c.id,
                cl.source,
                r.claimed_text()
            );
            refuted.push((line, cl.strict));
        }
    }
    Ok(refuted)
}

/// Corrects one `[[case]]` table in place: `expected` set to the oracle's answer, `invalid`
/// set, fixed or removed to match the constraints. The correction made, if any.
fn correct(
    t: &mut Table,
    limits: &Constraints,
    oracle: &mut Oracle,
) -> Result<Option<String>, WitnessError> {
    let get = |k: &str| t.get(k).and_then(|v| v.as_str()).map(str::to_string);
    let (Some(name), Some(board), Some(hand)) = (get("name"), get("board"), get("hand")) else {
        return Ok(None);
    };
    let expected = t.get("expected").and_then(|v| v.as_integer());
    let invalid = get("invalid");
    let reason = match Instance::parse(&board, &hand, limits) {
        Ok(i) => {
            let v = i64::from(oracle.solve(&i)?.as_i32());
            if invalid.is_some() {
                t.remove("invalid");
                set(t, "expected", Value::from(v));
                return Ok(Some(format!(
                    "{name}: input is valid; invalid -> expected = {v}"
                )));
            }
            return Ok(expected.filter(|e| *e != v).map(|e| {
                set(t, "expected", Value::from(v));
                format!("{name}: expected = {e} -> {v}")
            }));
        }
        Err(reason) => reason,
    };
    if expected.is_some() {
        t.remove("expected");
    }
    match &invalid {
        Some(a) if case::reason_matches(a, &reason) => Ok(expected
            .is_some()
            .then(|| format!("{name}: invalid input has no answer; expected removed"))),
        _ => {
            let short = case::short_reason(&reason);
            set(t, "invalid", Value::from(short.clone()));
            Ok(Some(format!(
                "{name}: input rejected ({reason}); invalid = {short:?}"
            )))
        }
    }
}

/// Sets `key` to `v`, keeping the old value's comment and spacing when there was one.
fn set(t: &mut Table, key: &str, mut v: Value) {
    if let Some(old) = t.get(key).and_then(Item::as_value) {
        *v.decor_mut() = old.decor().clone();
    }
    t.insert(key, Item::Value(v));
}

/// The case files under the audited paths, each once, and what discovery could not use.
#[derive(Debug, Default)]
pub struct Targets {
    /// The files, in audit order.
    pub files: Vec<PathBuf>,
    /// Paths that cannot be audited: missing, unreadable folders, broken symlinks.
    pub errors: Vec<CaseError>,
    /// Symlink loops, and files reached by a second path.
    pub warnings: Vec<CaseWarning>,
}

/// Finds the case files under `roots` as `run` does ([`case::find_files`]).
pub fn targets(roots: &[PathBuf]) -> Targets {
    let mut out = Targets::default();
    let mut seen: std::collections::HashMap<PathBuf, PathBuf> = std::collections::HashMap::new();
    for root in roots {
        let found = match case::find_files(root) {
            Ok(f) => f,
            Err(e) => {
                out.errors.push(e);
                continue;
            }
        };
        out.errors.extend(found.errors);
        out.warnings.extend(found.warnings);
        // `.in`/`.ans` pairs hold no expected value or claim to correct: audit reads TOML only.
        let toml = found.files.into_iter();
        for f in toml.filter(|f| f.path.extension().is_some_and(|x| x == "toml")) {
            let real = f.path.canonicalize().unwrap_or_else(|_| f.path.clone());
            if let Some(first) = seen.get(&real) {
                out.warnings.push(CaseWarning::SameFile {
                    path: f.path.display().to_string(),
                    first: first.display().to_string(),
                });
                continue;
            }
            seen.insert(real, f.path.clone());
            out.files.push(f.path);
        }
    }
    out
}

/// Reads and audits one case file; a file that cannot be read gives an audit with that error.
pub fn audit_file(
    path: &Path,
    limits: &Constraints,
    oracle: &mut Oracle,
) -> Result<FileAudit, WitnessError> {
    match std::fs::read_to_string(path) {
        Ok(text) => audit_text(path, &text, limits, oracle),
        Err(e) => Ok(FileAudit {
            path: path.to_path_buf(),
            errors: vec![CaseError::Read {
                path: path.display().to_string(),
                message: format!("cannot read: {e}"),
            }],
            ..FileAudit::default()
        }),
    }
}

/// What [`write_fix`] wrote.
#[derive(Debug)]
pub enum Fixed {
    /// The corrections as audited.
    AsAudited,
    /// The file changed between the audit and the write (another writer); it was audited
    /// again under the lock and this is what was written, if anything.
    Reaudited(Box<FileAudit>),
}

/// A fix that could not be written.
#[derive(Debug, thiserror::Error)]
pub enum FixError {
    /// Locking, reading or writing the file failed; the file is unchanged.
    #[error("{path}: cannot {action}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// `lock the folder of`, `read` or `write`.
        action: &'static str,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The oracle's witness did not replay.
    #[error(transparent)]
    Oracle(#[from] WitnessError),
}

/// Writes `audit`'s corrections to its file, atomically and under the lock on its folder (the
/// one regression recording takes). The file is read again under the lock: if another writer
/// changed it since the audit, the new text is audited and corrected instead, so nothing that
/// writer added is lost.
pub fn write_fix(
    audit: &FileAudit,
    limits: &Constraints,
    oracle: &mut Oracle,
) -> Result<Fixed, FixError> {
    let path = &audit.path;
    let io = |action: &'static str| {
        move |source| FixError::Io {
            path: path.clone(),
            action,
            source,
        }
    };
    let _lock = atomic::FolderLock::for_file(path).map_err(io("lock the folder of"))?;
    let now = std::fs::read_to_string(path).map_err(io("read"))?;
    if now == audit.original {
        atomic::write(path, audit.corrected.as_bytes()).map_err(io("write"))?;
        return Ok(Fixed::AsAudited);
    }
    let again = audit_text(path, &now, limits, oracle)?;
    if !again.diff.is_empty() {
        atomic::write(path, again.corrected.as_bytes()).map_err(io("write"))?;
    }
    Ok(Fixed::Reaudited(Box::new(again)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corrects_expected_and_invalid_keeping_comments() {
        let text = "# from the seeds\n[[case]]\nname = \"r-plus-r\"\nboard = \"R\"\nhand = \"R\"\nexpected = 2 # seed 003 says so\n\n[[case]]\nname = \"bbb\"\nboard = \"BBB\"\nhand = \"R\"\nexpected = 0\n";
        let a = audit_text(
            Path::new("c.toml"),
            text,
            &Constraints::default(),
            &mut Oracle::new(),
        )
        .unwrap();
        assert_eq!(
            a.corrections,
            [
                "r-plus-r: expected = 2 -> -1",
                "bbb: input rejected (three in a row: 'BBB' at board positions 0..2 (the starting board may not hold a run of three or more)); invalid = \"three in a row\""
            ]
        );
        assert!(a.corrected.starts_with("# from the seeds\n"));
        assert!(
            a.corrected.contains("expected = -1 # seed 003 says so"),
            "{}",
            a.corrected
        );
        assert!(a.corrected.contains("invalid = \"three in a row\""));
        assert!(!a.corrected.contains("expected = 0"));
        assert!(
            a.diff
                .contains("-expected = 2 # seed 003 says so\n+expected = -1 # seed 003 says so"),
            "{}",
            a.diff
        );
    }

    /// A regression recorded between the audit and `--fix`'s write is kept: the file is
    /// audited again under the lock and that text is corrected.
    /// A case that does not load (a misspelt key, a wrong type, broken TOML) is left as it
    /// is; the cases around it are still corrected and their claims still checked.
    #[test]
    fn a_case_that_does_not_load_is_not_corrected_and_the_others_are() {
        let text = "[[case]]\nname = \"typo\"\nboard = \"BBB\"\nhand = \"R\"\ninvaild = \"three in a row\"\n\n\
                    [[case]]\nname = \"typed\"\nboard = \"R\"\nhand = \"R\"\nexpected = \"3\"\n\n\
                    [[case]]\nname = \"r\"\nboard = \"R\"\nhand = \"R\"\nexpected = 2\n\
                    claims = [{ source = \"blog\", answer = 1, strict = true }]\n";
        let a = audit_text(
            Path::new("c.toml"),
            text,
            &Constraints::default(),
            &mut Oracle::new(),
        )
        .unwrap();
        assert_eq!(a.errors.len(), 2);
        assert_eq!(a.corrections, ["r: expected = 2 -> -1"]);
        assert_eq!(
            a.refuted_claims,
            [("c.toml#r: blog claimed 1; oracle -1".to_string(), true)]
        );
        assert_eq!(a.corrected, text.replace("expected = 2", "expected = -1"));
    }

    /// Broken TOML in one case costs that case only: the others are corrected (chunk by chunk,
    /// as the file loads) and their claims checked, as `run` judges them. The comment before
    /// the first case (a chunk of its own) does not shift which case is which.
    #[test]
    fn broken_toml_in_one_case_still_corrects_and_checks_the_others() {
        let text =
            "# seeds\n[[case]]\nname = \"cut\"\nboard = \"RR\nhand = \"R\"\nexpected = 5\n\n\
                    [[case]]\nname = \"r\"\nboard = \"R\"\nhand = \"R\"\nexpected = 2\n\
                    claims = [{ source = \"blog\", answer = 1, strict = true }]\n";
        let a = audit_text(
            Path::new("c.toml"),
            text,
            &Constraints::default(),
            &mut Oracle::new(),
        )
        .unwrap();
        assert_eq!(
            a.errors.iter().map(ToString::to_string).collect::<Vec<_>>(),
            ["c.toml line 4, column 12: invalid basic string (is a closing quote missing?)"]
        );
        assert_eq!(a.corrections, ["r: expected = 2 -> -1"]);
        assert_eq!(a.corrected, text.replace("expected = 2", "expected = -1"));
        assert_eq!(
            a.refuted_claims,
            [("c.toml#r: blog claimed 1; oracle -1".to_string(), true)]
        );
    }

    #[test]
    fn a_fix_keeps_what_another_writer_added_meanwhile() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.toml");
        let one = "[[case]]\nname = \"r\"\nboard = \"R\"\nhand = \"R\"\nexpected = 2\n";
        crate::atomic::write(&path, one.as_bytes()).unwrap();
        let (lim, mut oracle) = (Constraints::default(), Oracle::new());
        let a = audit_file(&path, &lim, &mut oracle).unwrap();
        let added = "\n[[case]]\nname = \"g\"\nboard = \"GG\"\nhand = \"G\"\nexpected = 1\n";
        crate::atomic::write(&path, format!("{one}{added}").as_bytes()).unwrap();
        let Fixed::Reaudited(again) = write_fix(&a, &lim, &mut oracle).unwrap() else {
            panic!("the change was not noticed");
        };
        assert_eq!(again.corrections, ["r: expected = 2 -> -1"]);
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            format!("{}{added}", one.replace("expected = 2", "expected = -1"))
        );
        // unchanged since its audit: written as audited
        crate::atomic::write(&path, one.as_bytes()).unwrap();
        let a = audit_file(&path, &lim, &mut oracle).unwrap();
        assert!(matches!(
            write_fix(&a, &lim, &mut oracle).unwrap(),
            Fixed::AsAudited
        ));
        assert_eq!(a.cases, 1);
    }

    #[test]
    fn an_empty_file_is_a_warning() {
        let a = audit_text(
            Path::new("c.toml"),
            "# nothing yet\n",
            &Constraints::default(),
            &mut Oracle::new(),
        )
        .unwrap();
        assert_eq!(
            a.warnings
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>(),
            ["c.toml: empty: no [[case]] in this file, so nothing in it is judged"]
        );
    }

    #[test]
    fn a_correct_file_has_no_diff() {
        let text = "[[case]]\nname = \"split-pair\"\nboard = \"RRWWRRBBRR\"\nhand = \"WB\"\nexpected = 2\n";
        let a = audit_text(
            Path::new("c.toml"),
            text,
            &Constraints::default(),
            &mut Oracle::new(),
        )
        .unwrap();
        assert!(a.diff.is_empty() && a.corrections.is_empty());
    }
}
