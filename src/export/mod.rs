//! Problem packages for other systems: the suite, the constraints and the verdict folders of
//! `solutions/` as a Kattis problem package ([`kattis`]) or a DOMjudge problem zip
//! ([`domjudge`]). Built from `cases` (the suite, `.in`/`.ans` pairs), `game` (the oracle's
//! answers) and `submission` (the pasted solutions); a package is files in memory until
//! [`Package::write_dir`] or [`domjudge::zip`] puts it on disk.

pub mod domjudge;
pub mod driver;
pub mod kattis;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::cases::case::{Case, Suite};
use crate::cases::config::Config;
use crate::cases::pairs;
use crate::game::oracle;
use crate::game::rules::Instance;
use crate::submission::pasted::Pasted;

/// A problem package: file paths (relative, `/`-separated) and their bytes, sorted by path, and
/// what was left out of it with the reason, for the report.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Package {
    /// Every file of the package.
    pub files: BTreeMap<String, Vec<u8>>,
    /// One line per thing left out: `solutions/x/y.go: no stdin/stdout driver for Go`.
    pub left_out: Vec<String>,
}

impl Package {
    /// Adds a file.
    pub fn add(&mut self, path: impl Into<String>, bytes: impl Into<Vec<u8>>) {
        self.files.insert(path.into(), bytes.into());
    }

    /// Writes every file under `dir` (created when missing), each atomically; a file of an
    /// earlier export that this one does not hold is left alone.
    pub fn write_dir(&self, dir: &Path) -> Result<(), ExportError> {
        for (path, bytes) in &self.files {
            let target = dir.join(path);
            let folder = target.parent().unwrap_or(dir);
            std::fs::create_dir_all(folder).map_err(|e| ExportError::Write {
                path: folder.to_path_buf(),
                message: e.to_string(),
            })?;
            crate::atomic::write(&target, bytes).map_err(|e| ExportError::Write {
                path: target.clone(),
                message: e.to_string(),
            })?;
        }
        Ok(())
    }
}

/// Why a package cannot be made. Exit code 2.
#[derive(Debug, Error)]
pub enum ExportError {
    /// The suite has bad case files: a package must not silently drop cases.
    #[error("the suite has {} case error(s), the first: {first}; fix them (zuma-judge audit) before exporting", .count)]
    Suite {
        /// How many.
        count: usize,
        /// The first, as `run` reports it.
        first: String,
    },
    /// The oracle's witness did not replay: a bug in the oracle, never exported.
    #[error("{0}")]
    Oracle(String),
    /// A file or folder cannot be written.
    #[error("{path}: cannot write: {message}")]
    Write {
        /// The file or folder.
        path: PathBuf,
        /// The I/O error.
        message: String,
    },
}

/// A test data group of a package.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// `data/sample/`: the statement's examples, shown to contestants.
    Sample,
    /// `data/secret/`: every other valid case.
    Secret,
}

impl Group {
    /// The folder under `data/`.
    pub fn folder(self) -> &'static str {
        match self {
            Group::Sample => "sample",
            Group::Secret => "secret",
        }
    }
}

/// One test case of a package, labelled by the oracle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestCase {
    /// Its group.
    pub group: Group,
    /// The file stem: a 3-digit position in the group, then the case file's stem and the case
    /// name, e.g. `007-seeds-split-pair`.
    pub stem: String,
    /// The board.
    pub board: String,
    /// The hand, as written in the case.
    pub hand: String,
    /// The oracle's answer.
    pub answer: i32,
}

/// Tag that puts a case in `data/sample/`: the statement's examples.
pub const SAMPLE_TAG: &str = "statement";

/// The suite as test data: every case with a valid input, once per exact (board, hand), the
/// ones tagged `statement` in `sample` (unless a copy's `visibility` is not `visible`) and the
/// rest in `secret`, each group ordered by input
/// size (board plus hand, then case id) so that a submission meets the small cases first.
/// Cases that assert an invalid input are left out, with a line in `left_out`. Errors: the
/// suite has case errors, or the oracle fails.
pub fn test_data(suite: &Suite, left_out: &mut Vec<String>) -> Result<Vec<TestCase>, ExportError> {
    if let Some(first) = suite.errors.first() {
        return Err(ExportError::Suite {
            count: suite.errors.len(),
            first: first.to_string(),
        });
    }
    let samples = samples(suite);
    let mut seen = std::collections::HashSet::new();
    let mut chosen: Vec<(&Case, Group)> = Vec::new();
    for case in &suite.cases {
        if case.input.is_err() {
            left_out.push(format!(
                "{}: an invalid input (the package format has no group for invalid inputs; the input validator rejects it)",
                case.id
            ));
            continue;
        }
        if !seen.insert((case.board.clone(), case.hand.clone())) {
            left_out.push(format!("{}: the same input as an earlier case", case.id));
            continue;
        }
        let group = if samples.contains(&(case.board.as_str(), case.hand.as_str())) {
            Group::Sample
        } else {
            Group::Secret
        };
        chosen.push((case, group));
    }
    chosen.sort_by_key(|(c, _)| (c.board.len() + c.hand.len(), c.id.clone()));
    let mut out = Vec::new();
    for group in [Group::Sample, Group::Secret] {
        let in_group = chosen.iter().filter(|(_, g)| *g == group);
        for (k, (case, _)) in in_group.enumerate() {
            let instance = case.input.as_ref().expect("valid inputs only");
            let answer = oracle::solve(instance).map_err(|e| ExportError::Oracle(e.to_string()))?;
            out.push(TestCase {
                group,
                stem: format!("{:03}-{}", k + 1, slug(case)),
                board: case.board.clone(),
                hand: case.hand.clone(),
                answer: answer.as_i32(),
            });
        }
    }
    Ok(out)
}

/// The inputs (board, hand) of `data/sample/`: an input a `statement` case holds, whichever of
/// its copies comes first, unless a case not visible to students holds the same instance (the
/// same board and the same hand in any order: the same answer; a sample is shown to every
/// contestant).
fn samples(suite: &Suite) -> std::collections::HashSet<(&str, &str)> {
    let unseen: Vec<&Instance> = suite
        .cases
        .iter()
        .filter(|c| !c.visibility.shown_to_students())
        .filter_map(|c| c.input.as_ref().ok())
        .collect();
    suite
        .cases
        .iter()
        .filter(|c| c.tags.iter().any(|t| t == SAMPLE_TAG))
        .filter(|c| c.input.as_ref().is_ok_and(|i| !unseen.contains(&i)))
        .map(|c| (c.board.as_str(), c.hand.as_str()))
        .collect()
}

/// `seeds-split-pair` for `seeds.toml#split-pair`: the case id as a file name.
fn slug(case: &Case) -> String {
    let id = case.id.replace(".toml#", "-").replace(".in", "");
    id.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect()
}

/// Adds `data/<group>/<stem>.in` and `.ans` for every test case.
pub fn add_test_data(package: &mut Package, cases: &[TestCase]) {
    for t in cases {
        let base = format!("data/{}/{}", t.group.folder(), t.stem);
        package.add(format!("{base}.in"), pairs::input_text(&t.board, &t.hand));
        package.add(format!("{base}.ans"), pairs::answer_text(t.answer));
    }
}

/// What a package is made from.
pub struct Sources<'a> {
    /// The suite, loaded under the configuration's constraints.
    pub suite: &'a Suite,
    /// `judge.toml`: constraints and limits.
    pub config: &'a Config,
    /// The solutions of `solutions/<verdict>/`, every language.
    pub solutions: &'a [Pasted],
    /// Who holds the rights to the package's text (`rights_owner` in problem.yaml).
    pub rights_owner: &'a str,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rules::Constraints;

    fn suite(text: &str) -> Suite {
        let dir = tempfile::tempdir().unwrap();
        crate::atomic::write(&dir.path().join("s.toml"), text.as_bytes()).unwrap();
        crate::cases::case::load(&[dir.path().to_path_buf()], &Constraints::default())
    }

    /// A sample is shown to every contestant: a statement case whose input a hidden case
    /// holds (itself or a copy) goes to `secret`.
    #[test]
    fn a_hidden_statement_case_is_no_sample() {
        let s = suite(
            "[[case]]\nname = \"ex\"\nboard = \"G\"\nhand = \"GG\"\ntags = [\"statement\"]\n\
             [[case]]\nname = \"ex-hidden\"\nboard = \"G\"\nhand = \"GG\"\nvisibility = \"hidden\"\n\
             [[case]]\nname = \"later\"\nboard = \"R\"\nhand = \"RR\"\ntags = [\"statement\"]\nvisibility = \"after_due_date\"\n",
        );
        let data = test_data(&s, &mut Vec::new()).unwrap();
        let got: Vec<(Group, &str)> = data.iter().map(|t| (t.group, t.stem.as_str())).collect();
        assert_eq!(
            got,
            [(Group::Secret, "001-s-ex"), (Group::Secret, "002-s-later")]
        );
    }

    #[test]
    fn statement_cases_are_samples_and_the_rest_secret_smallest_first() {
        let s = suite(
            "[[case]]\nname = \"big\"\nboard = \"RRWWRRBBRR\"\nhand = \"WB\"\n\
             [[case]]\nname = \"ex\"\nboard = \"G\"\nhand = \"GG\"\ntags = [\"statement\"]\n\
             [[case]]\nname = \"small\"\nboard = \"RR\"\nhand = \"R\"\n\
             [[case]]\nname = \"again\"\nboard = \"RR\"\nhand = \"R\"\n\
             [[case]]\nname = \"bad\"\nboard = \"RRR\"\nhand = \"R\"\ninvalid = \"three\"\n",
        );
        let mut left = Vec::new();
        let data = test_data(&s, &mut left).unwrap();
        let got: Vec<(Group, &str, i32)> = data
            .iter()
            .map(|t| (t.group, t.stem.as_str(), t.answer))
            .collect();
        assert_eq!(
            got,
            vec![
                (Group::Sample, "001-s-ex", 2),
                (Group::Secret, "001-s-small", 1),
                (Group::Secret, "002-s-big", 2),
            ]
        );
        assert_eq!(
            left,
            vec![
                "s.toml#again: the same input as an earlier case".to_string(),
                "s.toml#bad: an invalid input (the package format has no group for invalid inputs; the input validator rejects it)".to_string(),
            ]
        );
    }
}
