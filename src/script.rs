//! Script solutions: `solutions/<verdict>/<name>.py` (`class Solution:` with
//! `def findMinStep(self, board: str, hand: str) -> int`) and `.js` (`var findMinStep =
//! function(board, hand) {..}` or a function declaration), pasted from LeetCode's editor as
//! written. The adapters in `adapters/`, built into the binary, run them under `python3` and
//! `node` in a [`crate::worker`], with the same protocol, limits and verdicts as compiled ones.

use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::config::Limits;
use crate::execute::{Executor, Failure};
use crate::registry::{ExpectedVerdict, Solution, SCRIPTS};
use crate::verdict::VerdictKind;
use crate::worker::{Launch, Settings, Worker};

/// The Python adapter, `adapters/worker.py`.
pub const PYTHON_ADAPTER: &str = include_str!("../adapters/worker.py");
/// The JavaScript adapter, `adapters/worker.js`.
pub const JS_ADAPTER: &str = include_str!("../adapters/worker.js");

/// Address space `node` gets beyond the memory limit, in mebibytes: Node 20 does not start under
/// about 700 MiB of `RLIMIT_AS` (V8 reserves address space up front), measured on Linux x86-64.
pub const NODE_RESERVE_MIB: u64 = 1024;

/// A script language and its interpreter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    /// `.py`, run by `python3`.
    Python,
    /// `.js`, run by `node`.
    JavaScript,
}

impl Language {
    /// The language of a file extension (`py`, `js`).
    pub fn from_extension(ext: &str) -> Option<Language> {
        match ext {
            "py" => Some(Language::Python),
            "js" => Some(Language::JavaScript),
            _ => None,
        }
    }

    /// The interpreter, looked up on `PATH`: `python3` or `node`.
    pub fn interpreter(self) -> &'static str {
        match self {
            Language::Python => "python3",
            Language::JavaScript => "node",
        }
    }

    /// The prefix of a leading comment line: `#` or `//`.
    fn comment(self) -> &'static str {
        match self {
            Language::Python => "#",
            Language::JavaScript => "//",
        }
    }
}

/// A script solution.
#[derive(Clone, Debug)]
pub struct Script {
    /// The file stem, unique across the solutions.
    pub name: String,
    /// Its folder.
    pub expected: ExpectedVerdict,
    /// The leading comment.
    pub source: String,
    /// The file as reports show it, e.g. `solutions/accepted/seed000_bfs_js.js`.
    pub path: String,
    /// The file to run.
    pub file: PathBuf,
    /// Python or JavaScript.
    pub language: Language,
}

impl Script {
    /// How to start its worker under `limits`: the interpreter with the adapter and the file.
    /// Python runs with `PYTHONHASHSEED=0`, so set and dict order, and so any answer that depends
    /// on it, repeats. Node gets [`NODE_RESERVE_MIB`] of address space on top of the memory
    /// limit, and `--max-old-space-size` of the memory limit for its heap.
    pub fn launch(&self, limits: &Limits) -> Launch {
        let file = self.file.clone().into_os_string();
        let (args, env, reserve_mib) = match self.language {
            Language::Python => (
                vec!["-c".into(), PYTHON_ADAPTER.into(), file],
                vec![
                    ("PYTHONHASHSEED".into(), "0".into()),
                    ("PYTHONDONTWRITEBYTECODE".into(), "1".into()),
                ],
                0,
            ),
            Language::JavaScript => (
                vec![
                    format!("--max-old-space-size={}", limits.memory_mib).into(),
                    "-e".into(),
                    JS_ADAPTER.into(),
                    file,
                ],
                Vec::new(),
                NODE_RESERVE_MIB,
            ),
        };
        Launch {
            program: self.language.interpreter().into(),
            args,
            env,
            label: self.language.interpreter().into(),
            reserve_mib,
            own: false,
        }
    }
}

impl Solution for Script {
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
    /// Runs the script in a one-off worker under the default [`Limits`]; panics with the failure
    /// when it gives no answer. The runner uses a long-lived [`Worker`] instead.
    fn find_min_step(&self, board: String, hand: String) -> i32 {
        let settings = Settings {
            limits: Limits::default(),
            stop: None,
        };
        let launch = self.launch(&settings.limits);
        match Worker::new(launch, settings).call(&board, &hand).result {
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

/// The script solutions registered at build time (`registry::SCRIPTS`), in folder then name
/// order.
pub fn registered() -> Vec<Script> {
    SCRIPTS
        .iter()
        .map(|s| Script {
            name: s.name.into(),
            expected: s.expected,
            source: s.source.into(),
            path: s.path.into(),
            file: PathBuf::from(s.file),
            language: Language::from_extension(s.language).expect("build.rs lists py and js only"),
        })
        .collect()
}

/// A solutions directory that cannot be used.
#[derive(Debug, Error)]
pub enum ScriptError {
    /// A directory or file cannot be read.
    #[error("{path}: cannot read: {source}")]
    Read {
        /// The directory or file.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// A folder that is not a verdict.
    #[error("{path}: not a verdict folder; use one of accepted, wrong_answer, time_limit_exceeded, run_time_error, memory_limit_exceeded")]
    Folder {
        /// The folder.
        path: PathBuf,
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

/// The `.py` and `.js` solutions under `dir/<verdict>/`, read at run time (the hidden
/// `run --scripts-dir`, for judging scripts without rebuilding). Other files are ignored.
pub fn discover(dir: &Path) -> Result<Vec<Script>, ScriptError> {
    let read = |p: &Path| {
        let mut v: Vec<PathBuf> = std::fs::read_dir(p)
            .map_err(|source| ScriptError::Read {
                path: p.to_path_buf(),
                source,
            })?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect();
        v.sort();
        Ok::<_, ScriptError>(v)
    };
    let mut out = Vec::new();
    for folder in read(dir)?.into_iter().filter(|p| p.is_dir()) {
        let fname = folder.file_name().unwrap_or_default().to_string_lossy();
        let Some(expected) = VerdictKind::ALL.into_iter().find(|k| k.name() == fname) else {
            return Err(ScriptError::Folder { path: folder });
        };
        for file in read(&folder)? {
            let ext = file.extension().unwrap_or_default().to_string_lossy();
            let Some(language) = Language::from_extension(&ext) else {
                continue;
            };
            let stem = file
                .file_stem()
                .unwrap_or_default()
                .to_string_lossy()
                .to_string();
            if !is_identifier(&stem) {
                return Err(ScriptError::Name { path: file });
            }
            let text = std::fs::read_to_string(&file).map_err(|source| ScriptError::Read {
                path: file.clone(),
                source,
            })?;
            out.push(Script {
                source: leading_comment(&text, language.comment()),
                path: file.display().to_string(),
                file: file.canonicalize().unwrap_or(file.clone()),
                name: stem,
                expected,
                language,
            });
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

/// The leading comment block (lines starting with `prefix`), joined with spaces, as `build.rs`
/// reads it.
fn leading_comment(text: &str, prefix: &str) -> String {
    let mut lines = Vec::new();
    for line in text.lines() {
        let t = line.trim_start();
        if let Some(rest) = t.strip_prefix(prefix) {
            lines.push(rest.trim().to_string());
        } else if t.is_empty() && lines.is_empty() {
            continue;
        } else {
            break;
        }
    }
    lines.join(" ").trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discovers_scripts_by_folder() {
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
            .map(|s| (s.name.as_str(), s.expected, s.source.as_str(), s.language))
            .collect();
        assert_eq!(
            got,
            [
                ("a_one", VerdictKind::WrongAnswer, "One.", Language::Python),
                (
                    "b_two",
                    VerdictKind::WrongAnswer,
                    "Always two. Wrong.",
                    Language::JavaScript
                ),
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
    fn registered_scripts_have_their_folder_and_language() {
        let names: Vec<_> = registered()
            .iter()
            .map(|s| (s.name.clone(), s.expected, s.language))
            .collect();
        assert_eq!(
            names,
            [
                (
                    "seed000_bfs_js".to_string(),
                    VerdictKind::Accepted,
                    Language::JavaScript
                ),
                (
                    "seed003_adjacent_memo_py".to_string(),
                    VerdictKind::WrongAnswer,
                    Language::Python
                ),
            ]
        );
    }
}
