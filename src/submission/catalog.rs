//! The catalog: every solution a command judges, found once (as cargo builds its `Workspace`
//! before any operation): the Rust drop-ins compiled into the judge, those that did not compile,
//! the pasted files of `solutions/` and `run --solutions-dir`, or the files given to `grade`;
//! the files found but not judged; and which executor calls each solution. Knows files and
//! languages, not cases or judging.

use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::submission::build;
use crate::submission::execute::{Executor, InProcess, Unbuilt, Unjudged};
use crate::submission::intake::Intake;
use crate::submission::languages;
use crate::submission::pasted::{self, Pasted, PastedError};
use crate::submission::registry::{self, Registered, Solution, Uncompiled};
use crate::submission::worker::{Launch, Settings, Worker};

/// One solution of the catalog, by where it comes from (which decides how it is called).
#[derive(Clone, Debug)]
pub enum Entry {
    /// A Rust drop-in compiled into the judge: called in a worker running the judge itself.
    Compiled(&'static Registered),
    /// A Rust drop-in that does not compile on its own: a compile error, never called.
    Uncompiled(&'static Uncompiled),
    /// A pasted file in any language: built at run time, called in a worker.
    Pasted(Pasted),
}

impl Entry {
    /// The entry as the runner sees it.
    pub fn solution(&self) -> &dyn Solution {
        match self {
            Entry::Compiled(s) => *s,
            Entry::Uncompiled(s) => *s,
            Entry::Pasted(s) => s,
        }
    }
}

/// The solutions a command judges, in table order, and the files it found but does not judge.
#[derive(Debug, Default)]
pub struct Catalog {
    /// The solutions, in table order: compiled drop-ins, uncompiled ones, then pasted files (or
    /// in the order `--solution` named them).
    pub entries: Vec<Entry>,
    /// Files found that are not judged, as shown (see [`why_skipped`]).
    pub skipped: Vec<String>,
}

/// A catalog that cannot be made. Commands exit 2.
#[derive(Debug, Error)]
pub enum CatalogError {
    /// `solutions/` cannot be read.
    #[error(transparent)]
    Solutions(#[from] PastedError),
    /// The folder of `run --solutions-dir` cannot be read.
    #[error("--solutions-dir {}", dir.display())]
    SolutionsDir {
        /// The folder.
        dir: PathBuf,
        /// Why.
        #[source]
        source: PastedError,
    },
    /// Two solutions share a name.
    #[error("{path}: the name '{name}' is taken by {other}; solution names are file stems and must be unique")]
    Duplicate {
        /// The second solution's file.
        path: String,
        /// The name.
        name: String,
        /// The first one's file.
        other: String,
    },
    /// `--solution NAME` names none.
    #[error("no solution named '{name}'; registered: {registered}")]
    Unknown {
        /// The name asked for.
        name: String,
        /// Every name, comma-separated.
        registered: String,
    },
}

impl Catalog {
    /// Every registered solution (the Rust drop-ins, compiled or not, then the pasted files of
    /// `solutions/`), and with `more` the submissions of that folder of verdict folders too.
    pub fn registered(more: Option<&Path>) -> Result<Catalog, CatalogError> {
        let mut found = pasted::registered()?;
        if let Some(dir) = more {
            let more = pasted::discover(dir).map_err(|source| CatalogError::SolutionsDir {
                dir: dir.to_path_buf(),
                source,
            })?;
            found.pasted.extend(more.pasted);
            found.skipped.extend(more.skipped);
        }
        let compiled = registry::compiled().iter().map(Entry::Compiled);
        let uncompiled = registry::uncompiled().iter().map(Entry::Uncompiled);
        let pasted = found.pasted.into_iter().map(Entry::Pasted);
        Ok(Catalog {
            entries: compiled.chain(uncompiled).chain(pasted).collect(),
            skipped: found.skipped,
        })
    }

    /// The submissions `grade` took in, in input order.
    pub fn of_intake(taken: Intake) -> Catalog {
        Catalog {
            entries: taken.submissions.into_iter().map(Entry::Pasted).collect(),
            skipped: taken
                .skipped
                .iter()
                .map(|p| p.display().to_string())
                .collect(),
        }
    }

    /// The catalog of the solutions `names` picks, in that order (all of them when it is
    /// empty), checking first that no two solutions share a name.
    pub fn choose(self, names: &[String]) -> Result<Catalog, CatalogError> {
        let all = &self.entries;
        for (i, s) in all.iter().map(Entry::solution).enumerate() {
            if let Some(other) = all[..i].iter().find(|o| o.solution().name() == s.name()) {
                return Err(CatalogError::Duplicate {
                    path: s.path().to_string(),
                    name: s.name().to_string(),
                    other: other.solution().path().to_string(),
                });
            }
        }
        if names.is_empty() {
            return Ok(self);
        }
        let mut entries = Vec::new();
        for n in names {
            match all.iter().find(|s| s.solution().name() == n) {
                Some(s) => entries.push(s.clone()),
                None => {
                    return Err(CatalogError::Unknown {
                        name: n.clone(),
                        registered: self.names().join(", "),
                    })
                }
            }
        }
        Ok(Catalog { entries, ..self })
    }

    /// Every name, in table order.
    fn names(&self) -> Vec<&str> {
        self.entries.iter().map(|e| e.solution().name()).collect()
    }

    /// The solutions, in table order.
    pub fn solutions(&self) -> Vec<&dyn Solution> {
        self.entries.iter().map(Entry::solution).collect()
    }

    /// The pasted submissions, each once, in table order: what is built before judging.
    pub fn pasted(&self) -> Vec<&Pasted> {
        let mut out: Vec<&Pasted> = Vec::new();
        for e in &self.entries {
            if let Entry::Pasted(p) = e {
                if !out.iter().any(|o| o.name == p.name) {
                    out.push(p);
                }
            }
        }
        out
    }

    /// Whether any compiled drop-in is judged.
    pub fn has_compiled(&self) -> bool {
        self.entries.iter().any(|e| matches!(e, Entry::Compiled(_)))
    }
}

/// How the catalog's solutions are called: the limits, the pasted ones' builds and the
/// judge's own executable.
pub struct Calls<'a> {
    /// The pasted submissions, as [`Catalog::pasted`] lists them.
    pub pasted: Vec<&'a Pasted>,
    /// Their builds, in the same order.
    pub builds: &'a [build::Outcome],
    /// The workers' limits and stop flag.
    pub settings: Settings,
    /// The judge's own executable, which the compiled drop-ins' workers run.
    pub exe: PathBuf,
    /// Call compiled drop-ins in this process instead (no limits: a loop hangs the judge).
    pub in_process: bool,
}

impl Calls<'_> {
    /// The executor for `s`: a pasted submission's worker (or why it did not build), a
    /// compile error for a Rust drop-in that did not compile, an in-process caller or a worker
    /// of the judge's own executable for a compiled one.
    pub fn executor<'s>(&self, s: &'s dyn Solution) -> Box<dyn Executor + 's> {
        if let Some(i) = self.pasted.iter().position(|p| p.name == s.name()) {
            return self.pasted[i].executor(&self.builds[i], &self.settings);
        }
        if let Some(u) = registry::uncompiled().iter().find(|u| u.name == s.name()) {
            return Box::new(Unbuilt {
                why: Unjudged::CompileError(u.message.to_string()),
                label: "rustc".into(),
            });
        }
        match self.settings.stop {
            Some(stop) if self.in_process => Box::new(InProcess::with_stop(s, stop)),
            None if self.in_process => Box::new(InProcess::new(s)),
            _ => Box::new(Worker::new(
                Launch::own_binary(self.exe.clone(), s.name()),
                self.settings.clone(),
            )),
        }
    }

    /// The build of the pasted submission `name`, if it is one.
    pub fn build_of(&self, name: &str) -> Option<&build::Outcome> {
        let i = self.pasted.iter().position(|p| p.name == name)?;
        self.builds.get(i)
    }
}

/// Why the file `path` of a solutions folder is not judged: a file of a known language outside
/// a verdict folder, or a file no language claims.
pub fn why_skipped(path: &str) -> String {
    let ext = Path::new(path)
        .extension()
        .unwrap_or_default()
        .to_string_lossy();
    if languages::by_extension(&ext).is_some() {
        format!("{path}: not judged: not in a verdict folder; move it into one (accepted/, wrong_answer/, ...: the verdict it should get)")
    } else {
        format!(
            "{path}: not judged: no language has this file's extension (known: {})",
            languages::extensions()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every registered name is found once; `--solution` picks in its own order and refuses an
    /// unknown name with the list.
    #[test]
    fn choose_keeps_the_order_asked_and_names_the_unknown() {
        let all = Catalog::registered(None).unwrap();
        let names: Vec<String> = all
            .names()
            .iter()
            .rev()
            .take(2)
            .map(|s| s.to_string())
            .collect();
        let picked = Catalog::registered(None).unwrap().choose(&names).unwrap();
        assert_eq!(picked.names(), names);
        let err = all.choose(&["no_such".into()]).unwrap_err();
        assert!(err
            .to_string()
            .starts_with("no solution named 'no_such'; registered: "));
    }
}
