//! Pasted submissions: a file in any language of [`crate::submission::languages`], as
//! LeetCode's editor holds it, judged in a worker after its language's build. The ones under
//! `solutions/<verdict>/` are listed at build time (`registry::PASTED`); `discover` reads a
//! folder of the same shape at run time.

use std::path::{Path, PathBuf};

use rayon::prelude::*;
use thiserror::Error;

use crate::config::Limits;
use crate::execute::{Executor, Failure, Unbuilt};
use crate::submission::build::{self, Outcome as BuildOutcome};
use crate::submission::expected_results;
use crate::submission::language::{Language, Paste};
use crate::submission::languages;
use crate::submission::registry::{ExpectedVerdict, Solution, PASTED};
use crate::submission::worker::{Settings, Worker};

/// A pasted submission.
#[derive(Clone, Debug)]
pub struct Pasted {
    /// The file stem, unique across the solutions.
    pub name: String,
    /// Its folder.
    pub expected: ExpectedVerdict,
    /// The leading comment.
    pub source: String,
    /// The file as reports show it, e.g. `solutions/accepted/seed000_bfs_js.js`.
    pub path: String,
    /// The file, absolute.
    pub file: PathBuf,
    /// Its language.
    pub language: &'static Language,
    /// Its text, as pasted.
    pub text: String,
}

impl Pasted {
    /// Reads `file` as a submission in the language of its extension; `None` when no language
    /// has the extension.
    pub fn read(
        file: &Path,
        shown: String,
        name: String,
        expected: ExpectedVerdict,
    ) -> Option<Result<Pasted, PastedError>> {
        let ext = file.extension()?.to_string_lossy().to_string();
        let language = languages::by_extension(&ext)?;
        Some(
            std::fs::read_to_string(file)
                .map_err(|source| PastedError::Read {
                    path: file.to_path_buf(),
                    source,
                })
                .map(|text| Pasted {
                    source: language.leading_comment(&text),
                    file: file.canonicalize().unwrap_or(file.to_path_buf()),
                    path: shown,
                    name,
                    expected,
                    language,
                    text,
                }),
        )
    }

    /// Builds it (or answers from the cache under `cache`).
    pub fn build(&self, cache: &Path) -> BuildOutcome {
        let paste = Paste {
            text: &self.text,
            shown: &self.path,
        };
        build::build(self.language, &paste, cache)
    }

    /// The executor for a build: a worker under `settings`, or, when it did not build, one whose
    /// [`Executor::prepare`] says why.
    pub fn executor(&self, built: &BuildOutcome, settings: &Settings) -> Box<dyn Executor> {
        let label = self
            .language
            .tools
            .first()
            .map_or(self.language.id, |t| t.program);
        match &built.result {
            Ok(b) => Box::new(Worker::new(
                (self.language.launch)(&b.dir, &settings.limits),
                settings.clone(),
            )),
            Err(why) => Box::new(Unbuilt {
                why: why.clone(),
                label: format!("worker ({label})"),
            }),
        }
    }
}

impl Solution for Pasted {
    fn name(&self) -> &str {
        &self.name
    }
    fn expected(&self) -> ExpectedVerdict {
        self.expected
    }
    fn source(&self) -> &str {
        &self.source
    }
    fn path(&self) -> &str {
        &self.path
    }
    fn language(&self) -> &str {
        self.language.id
    }
    /// Builds it and runs it in a one-off worker under the default [`Limits`]; panics with the
    /// failure when it gives no answer. The runner uses a long-lived worker instead.
    fn find_min_step(&self, board: String, hand: String) -> i32 {
        let settings = Settings {
            limits: Limits::default(),
            stop: None,
        };
        let built = self.build(&build::cache_root());
        let mut exec = self.executor(&built, &settings);
        if let Err(why) = exec.prepare() {
            panic!("{}: {}", self.path, why.message());
        }
        match exec.call(&board, &hand).result {
            Ok(v) => v,
            Err(f) => panic!("{}: {}", self.path, describe(&f)),
        }
    }
}

fn describe(f: &Failure) -> String {
    match f {
        Failure::Panic(m) => format!("panicked: {m}"),
        Failure::Crash(m) | Failure::Stopped(m) => m.clone(),
        Failure::TimeLimit(l) => format!("over the {l} limit"),
        Failure::MemoryLimit(l) => format!("over the {l} limit"),
    }
}

/// Builds every submission, in parallel, each on its own; the outcomes are in input order.
pub fn build_all(pasted: &[Pasted], cache: &Path) -> Vec<BuildOutcome> {
    pasted.par_iter().map(|p| p.build(cache)).collect()
}

/// The pasted solutions registered at build time (`registry::PASTED`), in folder then name
/// order. A file that cannot be read any more is left out.
pub fn registered() -> Vec<Pasted> {
    PASTED
        .iter()
        .filter_map(|s| {
            Pasted::read(
                Path::new(s.file),
                s.path.to_string(),
                s.name.to_string(),
                s.expected,
            )?
            .ok()
        })
        .collect()
}

/// A solutions directory that cannot be used.
#[derive(Debug, Error)]
pub enum PastedError {
    /// A directory or file cannot be read.
    #[error("{path}: cannot read: {source}")]
    Read {
        /// The directory or file.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// A folder that is not a verdict.
    #[error("{path}: not a verdict folder; use one of accepted, rejected, wrong_answer, time_limit_exceeded, run_time_error, memory_limit_exceeded, compile_error")]
    Folder {
        /// The folder.
        path: PathBuf,
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
    /// A file name that is not a lowercase identifier.
    #[error(
        "{path}: the file name must be a lowercase identifier (a-z, 0-9, _), e.g. my_solution.py"
    )]
    Name {
        /// The file.
        path: PathBuf,
    },
}

/// The submissions under `dir/<verdict>/` (Kattis folders, `rejected/` included; a DOMjudge
/// `@EXPECTED_RESULTS@` comment in a file overrides its folder) in every language the judge has, read at run time
/// (`run --solutions-dir`, for judging without rebuilding). Files of no known language are
/// ignored.
pub fn discover(dir: &Path) -> Result<Vec<Pasted>, PastedError> {
    let read = |p: &Path| {
        let mut v: Vec<PathBuf> = std::fs::read_dir(p)
            .map_err(|source| PastedError::Read {
                path: p.to_path_buf(),
                source,
            })?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect();
        v.sort();
        Ok::<_, PastedError>(v)
    };
    let mut out = Vec::new();
    for folder in read(dir)?.into_iter().filter(|p| p.is_dir()) {
        let fname = folder.file_name().unwrap_or_default().to_string_lossy();
        let Some(expected) = ExpectedVerdict::from_folder(&fname) else {
            return Err(PastedError::Folder { path: folder });
        };
        for file in read(&folder)? {
            let stem = file
                .file_stem()
                .unwrap_or_default()
                .to_string_lossy()
                .to_string();
            let shown = file.display().to_string();
            let Some(pasted) = Pasted::read(&file, shown, stem.clone(), expected) else {
                continue;
            };
            if !is_identifier(&stem) {
                return Err(PastedError::Name { path: file });
            }
            let mut pasted = pasted?;
            // A DOMjudge list in the file says more than its folder.
            if let Some((names, _)) =
                expected_results::parse(&pasted.text).map_err(|bad| PastedError::Comment {
                    path: file.clone(),
                    line: bad.line,
                    message: bad.message,
                })?
            {
                pasted.expected = ExpectedVerdict::AnyOf(
                    names
                        .iter()
                        .filter_map(|n| match ExpectedVerdict::from_folder(n) {
                            Some(ExpectedVerdict::One(k)) => Some(k),
                            _ => None,
                        })
                        .collect(),
                );
            }
            out.push(pasted);
        }
    }
    Ok(out)
}

/// Lowercase a-z, 0-9 and `_`, not starting with a digit (the rule of `build.rs`).
fn is_identifier(s: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        && !s.starts_with(|c: char| c.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discovers_submissions_by_folder() {
        let dir = tempfile::tempdir().unwrap();
        let wa = dir.path().join("wrong_answer");
        std::fs::create_dir(&wa).unwrap();
        std::fs::write(
            wa.join("b_two.js"),
            "// Always two.\n// Wrong.\nvar findMinStep = () => 2;\n",
        )
        .unwrap();
        std::fs::write(wa.join("a_one.py"), "# One.\nclass Solution: pass\n").unwrap();
        std::fs::write(wa.join("notes.txt"), "ignored").unwrap();
        let found = discover(dir.path()).unwrap();
        let got: Vec<_> = found
            .iter()
            .map(|s| {
                (
                    s.name.as_str(),
                    s.expected.name(),
                    s.source.as_str(),
                    s.language.id,
                )
            })
            .collect();
        assert_eq!(
            got,
            [
                ("a_one", "wrong_answer".to_string(), "One.", "python3"),
                (
                    "b_two",
                    "wrong_answer".to_string(),
                    "Always two. Wrong.",
                    "javascript"
                ),
            ]
        );
        let rejected = dir.path().join("rejected");
        std::fs::create_dir(&rejected).unwrap();
        std::fs::write(rejected.join("c_slow.py"), "# Slow.\n").unwrap();
        std::fs::write(
            rejected.join("d_listed.py"),
            "# @EXPECTED_RESULTS@: TIMELIMIT, WRONG_ANSWER\n",
        )
        .unwrap();
        let found = discover(dir.path()).unwrap();
        let got: Vec<_> = found
            .iter()
            .map(|s| (s.name.as_str(), s.expected.name()))
            .collect();
        assert_eq!(
            got,
            [
                ("c_slow", "rejected".to_string()),
                ("d_listed", "wrong_answer|time_limit_exceeded".to_string()),
                ("a_one", "wrong_answer".to_string()),
                ("b_two", "wrong_answer".to_string()),
            ]
        );
        std::fs::write(wa.join("Bad-Name.py"), "").unwrap();
        let e = discover(dir.path()).unwrap_err().to_string();
        assert!(e.ends_with("Bad-Name.py: the file name must be a lowercase identifier (a-z, 0-9, _), e.g. my_solution.py"), "{e}");
        std::fs::create_dir(dir.path().join("maybe")).unwrap();
        let e = discover(dir.path()).unwrap_err().to_string();
        assert!(e.contains("maybe: not a verdict folder"), "{e}");
    }

    #[test]
    fn registered_pasted_solutions_have_their_folder_and_language() {
        let names: Vec<_> = registered()
            .iter()
            .map(|s| (s.name.clone(), s.expected.name(), s.language.id))
            .collect();
        assert_eq!(
            names,
            [
                (
                    "seed000_bfs_js".to_string(),
                    "accepted".to_string(),
                    "javascript"
                ),
                (
                    "seed003_adjacent_memo_py".to_string(),
                    "wrong_answer".to_string(),
                    "python3"
                ),
            ]
        );
    }
}
