//! Pasted submissions: a file in any language of [`crate::submission::languages`], as
//! LeetCode's editor holds it, judged in a worker after its language's build. The ones under
//! `solutions/<verdict>/` are read when the judge runs (`registered`, no rebuild needed); `discover` reads a
//! folder of the same shape at run time.

use std::path::{Path, PathBuf};

use rayon::prelude::*;
use thiserror::Error;

use crate::cases::config::Limits;
use crate::submission::build::{self, Builder, Outcome as BuildOutcome};
use crate::submission::execute::{Executor, Failure, Unbuilt};
use crate::submission::expected_results;
use crate::submission::language::{Language, Paste};
use crate::submission::languages;
use crate::submission::registry::{ExpectedVerdict, Solution};
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
                .map_err(|error| PastedError::Read {
                    path: file.to_path_buf(),
                    error,
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

    /// Builds it as `builder` says (or answers from the cache).
    pub fn build(&self, builder: &Builder) -> BuildOutcome {
        let paste = Paste {
            text: &self.text,
            shown: &self.path,
        };
        build::build(self.language, &paste, builder)
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
            Ok(b) => Box::new(
                Worker::new(
                    (self.language.launch)(&b.dir, &settings.limits),
                    settings.clone(),
                )
                .exposing(&b.dir),
            ),
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
        let built = self.build(&Builder::in_cache(&build::cache_root()));
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
pub fn build_all(pasted: &[Pasted], builder: &Builder) -> Vec<BuildOutcome> {
    pasted.par_iter().map(|p| p.build(builder)).collect()
}

/// The folder of the drop-in solutions: `solutions/` of the checkout the judge was built from.
pub const SOLUTIONS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/solutions");

/// What a solutions folder holds.
#[derive(Debug, Default)]
pub struct Found {
    /// The submissions, in folder then name order.
    pub pasted: Vec<Pasted>,
    /// Files that are no submission of a known language, as shown (a README or notes file
    /// included), for a warning: nothing is skipped without a word.
    pub skipped: Vec<String>,
}

/// The drop-in solutions of `solutions/<verdict>/` in every language but Rust (whose files are
/// compiled into the judge by `build.rs`), read now: a file added since the judge was built is
/// judged too. Shown as `solutions/<verdict>/<file>`. An empty result when the folder is gone.
pub fn registered() -> Result<Found, PastedError> {
    let root = Path::new(SOLUTIONS);
    if !root.is_dir() {
        return Ok(Found::default());
    }
    let mut found = discover_as(root, Path::new("solutions"))?;
    found.pasted.retain(|p| !p.path.ends_with(".rs"));
    found.skipped.retain(|s| !s.ends_with(".rs"));
    Ok(found)
}

/// A solutions directory that cannot be used.
#[derive(Debug, Error)]
pub enum PastedError {
    /// A directory or file cannot be read.
    #[error("{path}: cannot read: {error}")]
    Read {
        /// The directory or file.
        path: PathBuf,
        /// The I/O error (in the message, not a source: it would be said twice).
        error: std::io::Error,
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
        "{path}: the file name must be a lowercase identifier (a-z, 0-9, _; not starting with a digit), e.g. my_solution.py"
    )]
    Name {
        /// The file.
        path: PathBuf,
    },
}

/// The submissions under `dir/<verdict>/` (Kattis folders, `rejected/` included; a DOMjudge
/// `@EXPECTED_RESULTS@` comment in a file overrides its folder) in every language the judge
/// has (`run --solutions-dir`), shown by their path under `dir` as given. Files of no known
/// language are listed in [`Found::skipped`].
pub fn discover(dir: &Path) -> Result<Found, PastedError> {
    discover_as(dir, dir)
}

/// [`discover`], each file shown as `shown_root` joined with its path under `dir`.
fn discover_as(dir: &Path, shown_root: &Path) -> Result<Found, PastedError> {
    let read = |p: &Path| {
        let mut v: Vec<PathBuf> = std::fs::read_dir(p)
            .map_err(|error| PastedError::Read {
                path: p.to_path_buf(),
                error,
            })?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect();
        v.sort();
        Ok::<_, PastedError>(v)
    };
    let mut out = Vec::new();
    let mut skipped = Vec::new();
    for folder in read(dir)?.into_iter() {
        if is_hidden(&folder) {
            continue;
        }
        let under = folder.strip_prefix(dir).unwrap_or(&folder);
        if !folder.is_dir() {
            skipped.push(shown_root.join(under).display().to_string());
            continue;
        }
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
            if is_hidden(&file) {
                continue;
            }
            let shown = shown_root
                .join(file.strip_prefix(dir).unwrap_or(&file))
                .display()
                .to_string();
            let Some(pasted) = Pasted::read(&file, shown.clone(), stem.clone(), expected) else {
                skipped.push(shown);
                continue;
            };
            if !is_identifier(&stem) {
                return Err(PastedError::Name { path: file });
            }
            let mut pasted = pasted?;
            expected_from_comment(&mut pasted, &file)?;
            out.push(pasted);
        }
    }
    Ok(Found {
        pasted: out,
        skipped,
    })
}

/// A dot file or folder (`.git`, an editor's swap file): never a submission.
fn is_hidden(path: &Path) -> bool {
    path.file_name()
        .is_some_and(|n| n.to_string_lossy().starts_with('.'))
}

/// A DOMjudge `@EXPECTED_RESULTS@` list in the file says more than its folder: the
/// submission is expected to get any of the verdicts it names.
fn expected_from_comment(pasted: &mut Pasted, file: &Path) -> Result<(), PastedError> {
    let found = expected_results::parse(&pasted.text).map_err(|bad| PastedError::Comment {
        path: file.to_path_buf(),
        line: bad.line,
        message: bad.message,
    })?;
    if let Some((names, _)) = found {
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
    Ok(())
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
        let shown = dir.path().join("wrong_answer/notes.txt");
        assert_eq!(found.skipped, [shown.display().to_string()]);
        let got: Vec<_> = found
            .pasted
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
            .pasted
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
        assert!(e.ends_with("Bad-Name.py: the file name must be a lowercase identifier (a-z, 0-9, _; not starting with a digit), e.g. my_solution.py"), "{e}");
        std::fs::create_dir(dir.path().join("maybe")).unwrap();
        let e = discover(dir.path()).unwrap_err().to_string();
        assert!(e.contains("maybe: not a verdict folder"), "{e}");
    }

    #[test]
    fn registered_pasted_solutions_have_their_folder_and_language() {
        let found = registered().unwrap();
        assert_eq!(found.skipped, Vec::<String>::new());
        let names: Vec<_> = found
            .pasted
            .iter()
            .map(|s| (s.path.clone(), s.expected.name(), s.language.id))
            .collect();
        assert_eq!(
            names,
            [
                (
                    "solutions/accepted/seed000_bfs_js.js".to_string(),
                    "accepted".to_string(),
                    "javascript"
                ),
                (
                    "solutions/wrong_answer/seed003_adjacent_memo_py.py".to_string(),
                    "wrong_answer".to_string(),
                    "python3"
                ),
            ]
        );
    }
}
