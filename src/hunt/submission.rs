//! A submission file as a hunt's candidate (`exhaust --submission PATH`, `fuzz --submission
//! PATH`): taken in as `grade` takes files in ([`intake`]), one submission and only one, named
//! by its file (or the folder given, or its student's folder) without the extension. Building and calling it are
//! the same as `grade`'s: the build cache, the sandbox, a worker per thread.

use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::submission::intake::{self, IntakeError};
use crate::submission::languages;
use crate::submission::pasted::Pasted;

/// A path that is not one submission. Exit code 2.
#[derive(Debug, Error)]
pub enum SubmissionError {
    /// Missing, unreadable, or a bad `@EXPECTED_RESULTS@` comment.
    #[error(transparent)]
    Intake(#[from] IntakeError),
    /// A file no language claims.
    #[error("{path}: no language judges a file ending in '{ext}'; give a submission file ending in one of {known}")]
    UnknownLanguage {
        /// The file.
        path: PathBuf,
        /// Its extension, with the dot, or "" for none.
        ext: String,
        /// Every extension the judge knows.
        known: String,
    },
    /// A folder holding no submission file.
    #[error("{path}: no submission file in this folder (none ends in one of {known})")]
    Empty {
        /// The folder.
        path: PathBuf,
        /// Every extension the judge knows.
        known: String,
    },
    /// A folder holding several submissions: a hunt judges one.
    #[error("{path}: {count} submission files in this folder ({files}); a hunt judges one: give one file")]
    Several {
        /// The folder.
        path: PathBuf,
        /// How many.
        count: usize,
        /// Their paths, comma-separated.
        files: String,
    },
}

/// The one submission at `path` (a file, or a folder holding exactly one submission file),
/// read as `grade` reads it; its name is the file stem, or the folder's name when a folder
/// names it (`alice` for `subs/alice/solution.py`, or for `subs/alice` given).
pub fn take(path: &Path) -> Result<Pasted, SubmissionError> {
    let taken = intake::intake(&[path.to_path_buf()])?;
    let known = languages::extensions();
    let mut found = taken.submissions;
    match found.len() {
        1 => {}
        0 if path.is_dir() => {
            return Err(SubmissionError::Empty {
                path: path.to_path_buf(),
                known,
            })
        }
        0 => {
            let ext = path
                .extension()
                .map_or(String::new(), |e| format!(".{}", e.to_string_lossy()));
            return Err(SubmissionError::UnknownLanguage {
                path: path.to_path_buf(),
                ext,
                known,
            });
        }
        count => {
            let files: Vec<String> = found.iter().map(|p| p.path.clone()).collect();
            return Err(SubmissionError::Several {
                path: path.to_path_buf(),
                count,
                files: files.join(", "),
            });
        }
    }
    let mut one = found.remove(0);
    // A folder given names its one submission (`subs/bob` for `subs/bob/main.cpp`).
    let named_by = if path.is_dir() {
        path
    } else {
        Path::new(&one.name)
    };
    if let Some(stem) = named_by.file_stem() {
        one.name = stem.to_string_lossy().into_owned();
    }
    Ok(one)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_file_or_a_folder_of_one_and_nothing_else() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let write = |rel: &str| {
            let p = d.join(rel);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            crate::atomic::write(&p, b"class Solution: pass\n").unwrap();
            p
        };
        let file = write("subs/dave.py");
        write("subs/alice/solution.py");
        write("subs/alice/notes.txt");
        let notes = d.join("subs/alice/notes.txt");
        assert_eq!(take(&file).unwrap().name, "dave");
        assert_eq!(take(&d.join("subs/alice")).unwrap().name, "alice");
        assert_eq!(
            take(&d.join("subs/alice/solution.py")).unwrap().name,
            "solution"
        );
        assert_eq!(
            take(&d.join("subs")).unwrap_err().to_string(),
            format!(
                "{}: 2 submission files in this folder ({}, {}); a hunt judges one: give one file",
                d.join("subs").display(),
                d.join("subs/alice/solution.py").display(),
                file.display()
            )
        );
        let e = take(&notes).unwrap_err().to_string();
        assert!(
            e.starts_with(&format!(
                "{}: no language judges a file ending in '.txt'; give a submission file ending in one of .",
                notes.display()
            )),
            "{e}"
        );
        std::fs::create_dir(d.join("empty")).unwrap();
        assert!(take(&d.join("empty"))
            .unwrap_err()
            .to_string()
            .contains("no submission file in this folder"));
    }
}
