//! Intake for `grade`: submission files from anywhere on disk (files or folders, recursively),
//! each named and given its expected verdicts. Knows files and languages, not cases.
//!
//! - Every file whose extension a language has ([`languages::by_extension`]) is one submission;
//!   other files are skipped and counted. Hidden files and folders (`.git`) are not looked at.
//! - Its name is its path as given, unless a folder below the path given holds exactly this one
//!   submission (a folder per student): then the outermost such folder names it. A verdict
//!   folder (`accepted/`, ...) never names a submission.
//! - Its expected verdicts: a DOMjudge `@EXPECTED_RESULTS@:` comment in the file (see
//!   [`expected_results`]), else the innermost Kattis verdict folder in its path (`accepted`,
//!   `rejected`, `wrong_answer`, ...), else none (a gradebook entry).

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::submission::expected_results;
use crate::submission::languages;
use crate::submission::pasted::{Pasted, PastedError};
use crate::submission::verdict::{Expected, VerdictSet};

/// What the paths held.
#[derive(Debug)]
pub struct Intake {
    /// The submissions, in path order (each path given in turn, its files sorted).
    pub submissions: Vec<Pasted>,
    /// Files of no known language, skipped.
    pub skipped: Vec<PathBuf>,
}

/// A path that cannot be taken in. `grade` exits 2.
#[derive(Debug, Error)]
pub enum IntakeError {
    /// A path that does not exist.
    #[error("{0}: no such file or folder; give submission files or folders of them")]
    Missing(PathBuf),
    /// A folder that cannot be walked, or a file that cannot be read.
    #[error("{path}: cannot read: {message}")]
    Read {
        /// The folder or file.
        path: PathBuf,
        /// The I/O error.
        message: String,
    },
    /// An `@EXPECTED_RESULTS@` comment that cannot be read.
    #[error("{path} line {line}: {message}")]
    Comment {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// What is wrong.
        message: String,
    },
}

impl From<PastedError> for IntakeError {
    fn from(e: PastedError) -> Self {
        match e {
            PastedError::Read { path, error } => IntakeError::Read {
                path,
                message: error.to_string(),
            },
            other => IntakeError::Read {
                path: PathBuf::new(),
                message: other.to_string(),
            },
        }
    }
}

/// Takes in every submission under `paths`. The same file reached twice is taken once.
pub fn intake(paths: &[PathBuf]) -> Result<Intake, IntakeError> {
    let mut out = Intake {
        submissions: Vec::new(),
        skipped: Vec::new(),
    };
    let mut seen = HashSet::new();
    for root in paths {
        if !root.exists() {
            return Err(IntakeError::Missing(root.clone()));
        }
        let mut files = Vec::new();
        let walk = walkdir::WalkDir::new(root)
            .sort_by_file_name()
            .into_iter()
            .filter_entry(|e| e.depth() == 0 || !e.file_name().to_string_lossy().starts_with('.'));
        for entry in walk {
            let entry = entry.map_err(|e| IntakeError::Read {
                path: root.clone(),
                message: e.to_string(),
            })?;
            if !entry.file_type().is_file() {
                continue;
            }
            let path = entry.into_path();
            if !seen.insert(path.canonicalize().unwrap_or_else(|_| path.clone())) {
                continue;
            }
            let known = path
                .extension()
                .and_then(|e| languages::by_extension(&e.to_string_lossy()))
                .is_some();
            if known {
                files.push(path);
            } else {
                out.skipped.push(path);
            }
        }
        for file in &files {
            let name = name_of(root, file, &files);
            let shown = file.display().to_string();
            let pasted = Pasted::read(file, shown, name, Expected::Nothing)
                .expect("the extension is a language's")?;
            let expected = expected_of(file, &pasted.text)?;
            out.submissions.push(Pasted { expected, ..pasted });
        }
    }
    Ok(out)
}

/// The name of `file`, found under `root` among `files` (every submission under `root`): the
/// outermost folder strictly below `root` that holds `file` and no other submission and is
/// not a verdict folder, else the file's path as given.
pub fn name_of(root: &Path, file: &Path, files: &[PathBuf]) -> String {
    let Ok(relative) = file.strip_prefix(root) else {
        return file.display().to_string();
    };
    let mut folder = root.to_path_buf();
    let parents: Vec<_> = relative.components().collect();
    for c in &parents[..parents.len().saturating_sub(1)] {
        folder.push(c);
        let verdict_folder = Expected::from_folder(&c.as_os_str().to_string_lossy()).is_some();
        if !verdict_folder && files.iter().filter(|f| f.starts_with(&folder)).count() == 1 {
            return folder.display().to_string();
        }
    }
    file.display().to_string()
}

/// The expected verdicts of `file` with text `text`: its `@EXPECTED_RESULTS@` list, else the
/// innermost verdict folder of its path, else nothing.
pub fn expected_of(file: &Path, text: &str) -> Result<Expected, IntakeError> {
    match expected_results::parse(text) {
        Err(bad) => Err(IntakeError::Comment {
            path: file.to_path_buf(),
            line: bad.line,
            message: bad.message,
        }),
        Ok(Some((names, _))) => Ok(Expected::AnyOf(
            names
                .iter()
                .filter_map(|n| match Expected::from_folder(n) {
                    Some(Expected::One(k)) => Some(k),
                    _ => None,
                })
                .collect::<VerdictSet>(),
        )),
        Ok(None) => Ok(folder_of(file).unwrap_or(Expected::Nothing)),
    }
}

/// The innermost Kattis verdict folder among the folders of `file`'s path.
pub fn folder_of(file: &Path) -> Option<Expected> {
    file.parent()?
        .components()
        .rev()
        .find_map(|c| Expected::from_folder(&c.as_os_str().to_string_lossy()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::submission::verdict::VerdictKind::*;

    fn write(root: &Path, rel: &str, text: &str) {
        let p = root.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }

    #[test]
    fn names_and_expectations() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        write(
            d,
            "subs/alice/solution.py",
            "# Alice.\nclass Solution: pass\n",
        );
        write(d, "subs/alice/README.md", "notes");
        write(
            d,
            "subs/bob/a.js",
            "// Bob, first try.\nvar findMinStep = () => 2;\n",
        );
        write(
            d,
            "subs/bob/b.js",
            "// @EXPECTED_RESULTS@: WRONG_ANSWER, TIMELIMIT\nvar findMinStep = () => 2;\n",
        );
        write(d, "subs/carol.cpp", "// Carol.\n");
        write(d, "subs/.git/config.py", "hidden");
        write(d, "kattis/rejected/slow.go", "// Slow.\n");
        write(d, "kattis/accepted/dave/main.rs", "//! Dave.\n");
        write(
            d,
            "kattis/wrong_answer/x/time_limit_exceeded/y.rb",
            "# Y.\n",
        );
        let roots = vec![d.join("subs"), d.join("kattis"), d.join("subs/carol.cpp")];
        let got = intake(&roots).unwrap();
        let strip = |p: &str| {
            p.strip_prefix(&format!("{}/", d.display()))
                .unwrap()
                .to_string()
        };
        let rows: Vec<(String, String, Expected, &str)> = got
            .submissions
            .iter()
            .map(|s| (strip(&s.name), strip(&s.path), s.expected, s.language.id))
            .collect();
        let rows: Vec<(&str, &str, Expected, &str)> = rows
            .iter()
            .map(|(n, p, e, l)| (n.as_str(), p.as_str(), *e, *l))
            .collect();
        let wa_tle = Expected::AnyOf([WrongAnswer, TimeLimitExceeded].into_iter().collect());
        #[rustfmt::skip]
        let want = [
            ("subs/alice", "subs/alice/solution.py", Expected::Nothing, "python3"),
            ("subs/bob/a.js", "subs/bob/a.js", Expected::Nothing, "javascript"),
            ("subs/bob/b.js", "subs/bob/b.js", wa_tle, "javascript"),
            ("subs/carol.cpp", "subs/carol.cpp", Expected::Nothing, "cpp"),
            ("kattis/accepted/dave", "kattis/accepted/dave/main.rs", Expected::One(Accepted), "rust"),
            ("kattis/rejected/slow.go", "kattis/rejected/slow.go", Expected::Rejected, "go"),
            ("kattis/wrong_answer/x", "kattis/wrong_answer/x/time_limit_exceeded/y.rb", Expected::One(TimeLimitExceeded), "ruby"),
        ];
        assert_eq!(rows, want);
        let skipped: Vec<String> = got
            .skipped
            .iter()
            .map(|p| strip(&p.display().to_string()))
            .collect();
        assert_eq!(skipped, ["subs/alice/README.md"]);
        assert_eq!(got.submissions[0].source, "Alice.");
    }

    #[test]
    fn bad_comments_and_paths_are_errors() {
        let dir = tempfile::tempdir().unwrap();
        write(
            dir.path(),
            "a.py",
            "\n\n# @EXPECTED_RESULTS@: PRESENTATION-ERROR\n",
        );
        let e = intake(&[dir.path().to_path_buf()]).unwrap_err().to_string();
        assert_eq!(
            e,
            format!("{}/a.py line 3: unknown result 'PRESENTATION-ERROR'; use CORRECT, WRONG-ANSWER, TIMELIMIT, RUN-ERROR, COMPILER-ERROR or MEMORY-LIMIT", dir.path().display())
        );
        let missing = dir.path().join("nope");
        assert_eq!(
            intake(std::slice::from_ref(&missing))
                .unwrap_err()
                .to_string(),
            format!(
                "{}: no such file or folder; give submission files or folders of them",
                missing.display()
            )
        );
    }
}
