//! `audit`: checks case files against the oracle and proposes corrections as a unified diff
//! (crate `similar`) of the file, edited with `toml_edit` so comments and layout survive.

use std::path::{Path, PathBuf};

use similar::TextDiff;
use toml_edit::{DocumentMut, Item, Table, Value};

use crate::case::{self, CaseError};
use crate::oracle::{Oracle, WitnessError};
use crate::rules::{Constraints, Instance};

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
        ..FileAudit::default()
    };
    let label = path
        .file_name()
        .map(|f| f.to_string_lossy().to_string())
        .unwrap_or_default();
    let (cases, errors) = case::parse_file(path, &label, text, limits);
    // Cases rejected only for lacking `invalid` are corrected, not reported as errors.
    out.errors = errors
        .into_iter()
        .filter(|e| !matches!(e, CaseError::Case { message, .. } if message.starts_with("input rejected")))
        .collect();
    if out
        .errors
        .iter()
        .any(|e| matches!(e, CaseError::Syntax { .. }))
    {
        return Ok(out);
    }
    for c in &cases {
        let value = match &c.input {
            Ok(i) => Some(oracle.solve(i)?.as_i32()),
            Err(_) => None,
        };
        for cl in &c.claims {
            let r = crate::runner::claim_report(c, cl, value, oracle)?;
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
            out.refuted_claims.push((
                format!(
                    "{}: {} claimed {}; {truth}",
                    c.id,
                    cl.source,
                    r.claimed_text()
                ),
                cl.strict,
            ));
        }
    }
    let mut doc: DocumentMut = text.parse().expect("toml and toml_edit agree on syntax");
    let Some(tables) = doc.get_mut("case").and_then(|c| c.as_array_of_tables_mut()) else {
        return Ok(out);
    };
    for t in tables.iter_mut() {
        let get = |k: &str| t.get(k).and_then(|v| v.as_str()).map(str::to_string);
        let (Some(name), Some(board), Some(hand)) = (get("name"), get("board"), get("hand")) else {
            continue;
        };
        let expected = t.get("expected").and_then(|v| v.as_integer());
        let invalid = get("invalid");
        match Instance::parse(&board, &hand, limits) {
            Ok(i) => {
                let v = i64::from(oracle.solve(&i)?.as_i32());
                if invalid.is_some() {
                    t.remove("invalid");
                    set(t, "expected", Value::from(v));
                    out.corrections
                        .push(format!("{name}: input is valid; invalid -> expected = {v}"));
                } else if let Some(e) = expected.filter(|e| *e != v) {
                    set(t, "expected", Value::from(v));
                    out.corrections
                        .push(format!("{name}: expected = {e} -> {v}"));
                }
            }
            Err(reason) => {
                let short = case::short_reason(&reason);
                if expected.is_some() {
                    t.remove("expected");
                }
                match &invalid {
                    Some(a) if case::reason_matches(a, &reason) => {
                        if expected.is_some() {
                            out.corrections.push(format!(
                                "{name}: invalid input has no answer; expected removed"
                            ));
                        }
                    }
                    _ => {
                        set(t, "invalid", Value::from(short.clone()));
                        out.corrections.push(format!(
                            "{name}: input rejected ({reason}); invalid = {short:?}"
                        ));
                    }
                }
            }
        }
    }
    out.corrected = doc.to_string();
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

/// Sets `key` to `v`, keeping the old value's comment and spacing when there was one.
fn set(t: &mut Table, key: &str, mut v: Value) {
    if let Some(old) = t.get(key).and_then(Item::as_value) {
        *v.decor_mut() = old.decor().clone();
    }
    t.insert(key, Item::Value(v));
}

/// Audits every case file under `roots`.
pub fn audit(roots: &[PathBuf], limits: &Constraints) -> Result<Vec<FileAudit>, WitnessError> {
    let mut oracle = Oracle::new();
    let mut out = Vec::new();
    for root in roots {
        let files = match case::find_files(root) {
            Ok(f) => f,
            Err(e) => {
                out.push(FileAudit {
                    path: root.clone(),
                    errors: vec![e],
                    ..FileAudit::default()
                });
                continue;
            }
        };
        for f in files {
            match std::fs::read_to_string(&f) {
                Ok(text) => out.push(audit_text(&f, &text, limits, &mut oracle)?),
                Err(e) => out.push(FileAudit {
                    path: f.clone(),
                    errors: vec![CaseError::Read {
                        path: f.display().to_string(),
                        message: e.to_string(),
                    }],
                    ..FileAudit::default()
                }),
            }
        }
    }
    Ok(out)
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
