//! What can be wrong with the case files: a [`CaseError`] (a file or case that cannot be used,
//! named by file and line) and a [`CaseWarning`] (something worth saying that loses no case).

use thiserror::Error;

/// A case file or case that cannot be used. Exit code 2; the other files still run.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum CaseError {
    /// The file cannot be read, or a case path holds no case file.
    #[error("{path}: {message}")]
    Read {
        /// The file.
        path: String,
        /// The I/O error.
        message: String,
    },
    /// TOML syntax, a missing or unknown key, or a wrong type; the case is named when its
    /// table has a string `name`.
    #[error("{path} line {line}, column {column}: {}{message}", case_prefix(.name))]
    Syntax {
        /// The file.
        path: String,
        /// The file as case ids name it (relative to its case root).
        label: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The case's name, when its table has a string `name` (an unknown key, a wrong type).
        name: Option<String>,
        /// What is wrong.
        message: String,
    },
    /// A case that parses but cannot be judged.
    #[error("{path} line {line}: case '{name}': {message}")]
    Case {
        /// The file.
        path: String,
        /// The file as case ids name it (relative to its case root).
        label: String,
        /// 1-based line of the case's name.
        line: usize,
        /// The case's name.
        name: String,
        /// What is wrong and how to fix it.
        message: String,
    },
}

/// `case 'NAME': ` for a named case, nothing otherwise.
fn case_prefix(name: &Option<String>) -> String {
    name.as_ref()
        .map_or(String::new(), |n| format!("case '{n}': "))
}

impl CaseError {
    /// What the error is about, named as case ids name files: `file.toml#name` for a case,
    /// `file.toml` for a file (the path as given for a file that could not be read).
    pub fn subject(&self) -> String {
        match self {
            CaseError::Read { path, .. } => path.clone(),
            CaseError::Syntax {
                label,
                name: Some(name),
                ..
            } => format!("{label}#{name}"),
            CaseError::Syntax { label, .. } => label.clone(),
            CaseError::Case { label, name, .. } => format!("{label}#{name}"),
        }
    }
}

/// Something worth saying about the case files that loses no case: the run still exits as if
/// it were not there.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum CaseWarning {
    /// A case file with no `[[case]]` in it (empty, or only comments).
    #[error("{path}: empty: no [[case]] in this file, so nothing in it is judged")]
    Empty {
        /// The file.
        path: String,
    },
    /// A symlinked folder that leads back to a folder it is inside: its files are already
    /// found through that folder, and it is not followed again (walkdir's loop detection).
    #[error("{path}: symlink loop: it leads back to {ancestor}, which is already searched; not followed again")]
    Loop {
        /// The link.
        path: String,
        /// The folder it leads back to.
        ancestor: String,
    },
    /// The same file reached by a second path (a symlink, or two case paths): judged once.
    #[error("{path}: the same file as {first}; its cases are judged once, as {first}")]
    SameFile {
        /// The second path.
        path: String,
        /// The path it was first found by.
        first: String,
    },
    /// A case with the same board and hand as an earlier case of the suite
    /// ([`crate::cases::duplicates`]): judged and scored once, as the earlier one.
    #[error("{path} line {line}: {case} has the same board and hand as {same_as} ({same_as_path} line {same_as_line}): judged and scored once, as {same_as}{differs}")]
    Duplicate {
        /// Its file.
        path: String,
        /// 1-based line of its name.
        line: usize,
        /// Its id.
        case: String,
        /// The id of the earlier case.
        same_as: String,
        /// The earlier case's file.
        same_as_path: String,
        /// 1-based line of the earlier case's name.
        same_as_line: usize,
        /// How the copies differ in points or visibility, each as `; ...`; empty when not.
        differs: String,
    },
}

impl CaseWarning {
    /// The file or folder the warning is about.
    pub fn subject(&self) -> String {
        match self {
            CaseWarning::Empty { path }
            | CaseWarning::Loop { path, .. }
            | CaseWarning::SameFile { path, .. }
            | CaseWarning::Duplicate { path, .. } => path.clone(),
        }
    }
}
