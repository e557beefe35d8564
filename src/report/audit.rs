//! `zuma-judge audit`'s counts and its JSON report: every audited file with its errors,
//! warnings, corrections, diff and refuted claims, and the summary line.

use serde::Serialize;

use super::writer::Document;
use super::{count, HumanOrJson};
use crate::cases::audit::FileAudit;
use crate::judge::exit::Exit;

/// One audited file. JSON: `files: [{path, cases, errors, warnings, corrections, diff,
/// refuted_claims: [{claim, strict}]}]`; `warnings` name an empty file and each case whose
/// board and hand an earlier case holds.
#[derive(Serialize)]
pub struct AuditedFile {
    path: String,
    cases: usize,
    errors: Vec<String>,
    warnings: Vec<String>,
    corrections: Vec<String>,
    diff: String,
    refuted_claims: Vec<RefutedClaim>,
}

/// A claim the oracle refutes, and whether it was strict (a strict one fails the audit).
#[derive(Serialize)]
struct RefutedClaim {
    claim: String,
    strict: bool,
}

impl AuditedFile {
    /// The file as JSON shows it.
    pub fn of(a: &FileAudit) -> AuditedFile {
        AuditedFile {
            path: a.path.display().to_string(),
            cases: a.cases,
            errors: a.errors.iter().map(ToString::to_string).collect(),
            warnings: a.warnings.iter().map(ToString::to_string).collect(),
            corrections: a.corrections.clone(),
            diff: a.diff.clone(),
            refuted_claims: a
                .refuted_claims
                .iter()
                .map(|(claim, strict)| RefutedClaim {
                    claim: claim.clone(),
                    strict: *strict,
                })
                .collect(),
        }
    }
}

/// `audit --format json`: `{schema_version, files, unreadable, summary: {files, unreadable,
/// corrections, errors, refuted, strict, audited, written}, interrupted, exit_code}`.
#[derive(Serialize)]
pub struct AuditReport<'a> {
    /// Every file audited, in order.
    pub files: Vec<AuditedFile>,
    /// Paths that could not be read at all (folders, files).
    pub unreadable: Vec<String>,
    /// The counts.
    pub summary: &'a Tally,
    /// Whether Ctrl-C or SIGTERM stopped the audit before the last file.
    pub interrupted: bool,
    /// How the audit ended. JSON: `exit_code`, the number.
    #[serde(rename = "exit_code")]
    pub exit: Exit,
}

impl Document<HumanOrJson> for AuditReport<'_> {
    /// The JSON object; nothing for people, who were shown each file's diff as it was audited.
    fn render(&self, format: HumanOrJson) -> String {
        match format {
            HumanOrJson::Json => super::versioned_json(self).expect("a report always serialises"),
            HumanOrJson::Human => String::new(),
        }
    }

    fn styled(&self, _: HumanOrJson) -> bool {
        false
    }
}

/// What the audit found, for the exit code and the summary.
#[derive(Serialize)]
pub struct Tally {
    /// How the audit ends so far: the worst of what it found.
    #[serde(skip)]
    pub exit: Exit,
    /// Case files found (each audited; one that cannot be read is an error).
    pub files: usize,
    /// Paths that gave no case file to audit: missing, a broken symlink, a folder that cannot
    /// be read or holds no `*.toml` file. Each is an error.
    pub unreadable: usize,
    /// Corrections proposed (or written, with `--fix`).
    pub corrections: usize,
    /// Files that cannot be read and cases that cannot be judged.
    pub errors: usize,
    /// Refuted claims.
    pub refuted: usize,
    /// How many of the refuted claims are strict.
    pub strict: usize,
    /// Files audited (fewer than `files` when interrupted).
    pub audited: usize,
    /// Files written by `--fix`.
    pub written: usize,
}

impl Default for Tally {
    fn default() -> Tally {
        Tally {
            exit: Exit::Ok,
            files: 0,
            unreadable: 0,
            corrections: 0,
            errors: 0,
            refuted: 0,
            strict: 0,
            audited: 0,
            written: 0,
        }
    }
}

impl Tally {
    /// `1 error, 2 corrections proposed (run with --fix to write them), 1 claim refuted (1
    /// strict)`: every count, zeros included, so that a clean audit says what it checked.
    pub fn summary(&self, fix: bool) -> String {
        let corrections = if fix {
            format!(
                "{} written to {}",
                count(self.corrections, "correction"),
                count(self.written, "file")
            )
        } else {
            format!(
                "{} proposed (run with --fix to write them)",
                count(self.corrections, "correction")
            )
        };
        let strict = if self.strict > 0 {
            format!(" ({} strict)", self.strict)
        } else {
            String::new()
        };
        format!(
            "{}, {corrections}, {} refuted{strict}",
            count(self.errors, "error"),
            count(self.refuted, "claim")
        )
    }

    /// What the file count leaves out: `""` or ` (and 1 path that could not be audited)`.
    pub fn unread(&self) -> String {
        match self.unreadable {
            0 => String::new(),
            1 => " (and 1 path that could not be audited)".into(),
            n => format!(" (and {n} paths that could not be audited)"),
        }
    }

    /// Raises how the audit ends to `exit`: a usage error stays one.
    pub fn raise(&mut self, exit: Exit) {
        self.exit = self.exit.max(exit);
    }
}
