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
//! - Its student ([`Student`]): a stable id, the same whether `grade` is given the class's folder
//!   or the student's own ([`student_of`]); renamed by a `--student-pattern` and a `--roster`
//!   ([`StudentRules`]). Two submissions with one id are refused.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use regex::Regex;
use serde::Serialize;
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
    /// Their students, in the same order.
    pub students: Vec<Student>,
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
    /// Two submissions with the same student id.
    #[error(
        "two submissions for student '{id}': {first} and {second}; grade one of them, or tell \
         them apart with --student-pattern or --roster"
    )]
    SameStudent {
        /// The id.
        id: String,
        /// The first submission's path.
        first: String,
        /// The second's.
        second: String,
    },
    /// A roster that cannot be read or has no `id` column.
    #[error("roster {path}: {message}")]
    Roster {
        /// The roster file.
        path: PathBuf,
        /// What is wrong.
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
        students: Vec::new(),
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
            out.students.push(Student {
                path: pasted.path.clone(),
                id: student_of(root, file, &files),
            });
            out.submissions.push(Pasted { expected, ..pasted });
        }
    }
    keep_extensions_apart(&mut out.students);
    Ok(out)
}

/// Default ids that only a language's extension told apart (`two_sum.py` and `two_sum.cpp`
/// in one folder) keep it: `two_sum.py` and `two_sum.cpp`, whatever else is listed. Ids that
/// the extension does not tell apart are left for [`StudentRules::apply`] to refuse.
fn keep_extensions_apart(students: &mut [Student]) {
    let ext = |s: &Student| {
        Path::new(&s.path)
            .extension()
            .map(|e| e.to_string_lossy().to_string())
    };
    let ids: Vec<(String, Option<String>)> =
        students.iter().map(|s| (s.id.clone(), ext(s))).collect();
    for (i, s) in students.iter_mut().enumerate() {
        let (id, mine) = &ids[i];
        let others: Vec<&Option<String>> = ids
            .iter()
            .enumerate()
            .filter(|(j, (other, _))| *j != i && other == id)
            .map(|(_, (_, e))| e)
            .collect();
        let apart = others.iter().all(|e| *e != mine);
        if let (false, true, Some(mine)) = (others.is_empty(), apart, mine) {
            s.id = format!("{id}.{mine}");
        }
    }
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

/// The default student id of `file`, found under `root` among `files` (every submission under
/// `root`): its path relative to `root` without the language's extension, where a folder that
/// holds no other submission stands for the file (a folder per student). So `subs/dan.py`
/// and `subs/dan/solution.js` are `dan` under `subs`, and `subs/dan` given alone is `dan` too.
/// A verdict folder never stands for a file.
pub fn student_of(root: &Path, file: &Path, files: &[PathBuf]) -> String {
    let alone = |folder: &Path| {
        let verdict = folder
            .file_name()
            .is_some_and(|n| Expected::from_folder(&n.to_string_lossy()).is_some());
        !verdict && submissions_under(folder) <= 1
    };
    let name = |p: &Path| {
        let p = p.canonicalize().unwrap_or_else(|_| p.to_path_buf());
        p.file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default()
    };
    if root == file {
        // A folder written in the path given; `./dan.py` is `dan.py`.
        let written = |p: &&Path| !p.as_os_str().is_empty() && *p != Path::new(".");
        return match file.parent().filter(written) {
            Some(folder) if alone(folder) => name(folder),
            _ => without_extension(Path::new(&name(file))),
        };
    }
    if files.len() == 1 && alone(root) {
        return name(root);
    }
    let Ok(relative) = file.strip_prefix(root) else {
        return without_extension(file);
    };
    let mut folder = root.to_path_buf();
    let mut id = PathBuf::new();
    let parents: Vec<_> = relative.components().collect();
    for c in &parents[..parents.len().saturating_sub(1)] {
        folder.push(c);
        id.push(c);
        let verdict_folder = Expected::from_folder(&c.as_os_str().to_string_lossy()).is_some();
        if !verdict_folder && files.iter().filter(|f| f.starts_with(&folder)).count() == 1 {
            return slashed(&id);
        }
    }
    without_extension(relative)
}

/// Submission files (of a known language, not hidden) under `folder`, counted up to 2.
fn submissions_under(folder: &Path) -> usize {
    walkdir::WalkDir::new(folder)
        .into_iter()
        .filter_entry(|e| e.depth() == 0 || !e.file_name().to_string_lossy().starts_with('.'))
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .filter(|e| {
            e.path()
                .extension()
                .and_then(|x| languages::by_extension(&x.to_string_lossy()))
                .is_some()
        })
        .take(2)
        .count()
}

/// `p` with `/` between its parts and no extension.
fn without_extension(p: &Path) -> String {
    slashed(&p.with_extension(""))
}

fn slashed(p: &Path) -> String {
    p.components()
        .map(|c| c.as_os_str().to_string_lossy().to_string())
        .collect::<Vec<_>>()
        .join("/")
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

/// A submission's student.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Student {
    /// The submission's path, as reports show it.
    pub path: String,
    /// Its id: [`student_of`], or what the [`StudentRules`] made of it.
    pub id: String,
}

/// How `grade` names students besides the default id: a pattern on the path, then a roster.
#[derive(Clone, Debug, Default)]
pub struct StudentRules {
    /// `--student-pattern`: its group `student` (else its first group) in a submission's path
    /// is the id; a path it does not match keeps the default id.
    pub pattern: Option<Regex>,
    /// `--roster`: ids the course knows, and the id to show for each.
    pub roster: Option<Roster>,
}

/// A roster: a CSV file with a header, column `id` (a default id, or what the pattern made)
/// and optionally column `student` (the id reports show; `id` when absent or empty). Other
/// columns are ignored.
#[derive(Clone, Debug)]
pub struct Roster {
    /// `(id, student)`, in file order.
    pub rows: Vec<(String, String)>,
}

/// What the rules could not apply. JSON key `student_ids` of `grade --format json`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct StudentNotes {
    /// Submissions (paths) the pattern did not match: they keep their default id.
    pub unmatched: Vec<String>,
    /// Ids not on the roster, kept as they are.
    pub unknown: Vec<String>,
    /// Roster students with no submission.
    pub missing: Vec<String>,
}

impl StudentNotes {
    /// One line for people, e.g. `2 roster students with no submission: eve, frank`; `None`
    /// when there is nothing to say.
    pub fn describe(&self) -> Option<String> {
        let list = |v: &[String], one: &str, many: &str, then: &str| {
            (!v.is_empty()).then(|| {
                let what = if v.len() == 1 { one } else { many };
                format!("{} {what}{then}: {}", v.len(), v.join(", "))
            })
        };
        let parts: Vec<String> = [
            list(
                &self.unmatched,
                "path",
                "paths",
                " not matched by --student-pattern (default id kept)",
            ),
            list(&self.unknown, "id", "ids", " not on the roster (kept)"),
            list(
                &self.missing,
                "roster student",
                "roster students",
                " with no submission",
            ),
        ]
        .into_iter()
        .flatten()
        .collect();
        (!parts.is_empty()).then(|| parts.join("; "))
    }
}

/// Why a `--student-pattern` cannot be used.
#[derive(Debug, Error)]
pub enum PatternError {
    /// Not a regex.
    #[error("{0}")]
    Regex(#[from] regex::Error),
    /// A regex with no group to take the id from.
    #[error("the pattern needs a group: (...) or (?P<student>...) around the id")]
    NoGroup,
}

/// `text` as a `--student-pattern`: a regex with a group `student` or at least one group.
pub fn student_pattern(text: &str) -> Result<Regex, PatternError> {
    let re = Regex::new(text)?;
    if re.captures_len() < 2 {
        return Err(PatternError::NoGroup);
    }
    Ok(re)
}

impl Roster {
    /// Reads the roster at `path`.
    pub fn read(path: &Path) -> Result<Roster, IntakeError> {
        let bad = |message: String| IntakeError::Roster {
            path: path.to_path_buf(),
            message,
        };
        let mut r = csv::Reader::from_path(path).map_err(|e| bad(e.to_string()))?;
        let header = r.headers().map_err(|e| bad(e.to_string()))?.clone();
        let col = |name: &str| header.iter().position(|h| h.trim() == name);
        let id = col("id").ok_or_else(|| {
            bad("no `id` column; the header needs `id` (the default id) and may have `student` (the id to show)".into())
        })?;
        let student = col("student");
        let mut rows: Vec<(String, String)> = Vec::new();
        for record in r.records() {
            let record = record.map_err(|e| bad(e.to_string()))?;
            let key = record.get(id).unwrap_or("").trim().to_string();
            if key.is_empty() {
                continue;
            }
            let shown = student
                .and_then(|i| record.get(i))
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .unwrap_or(&key)
                .to_string();
            if rows.iter().any(|(k, _)| *k == key) {
                return Err(bad(format!("id '{key}' is listed twice")));
            }
            rows.push((key, shown));
        }
        Ok(Roster { rows })
    }
}

impl StudentRules {
    /// Applies the rules to `students` (default ids), then refuses two submissions with one id.
    pub fn apply(&self, students: &mut [Student]) -> Result<StudentNotes, IntakeError> {
        let mut notes = StudentNotes::default();
        if let Some(re) = &self.pattern {
            for s in students.iter_mut() {
                let found = re.captures(&s.path).and_then(|c| {
                    c.name("student")
                        .or_else(|| c.iter().skip(1).flatten().next())
                        .map(|m| m.as_str().to_string())
                });
                match found.filter(|id| !id.is_empty()) {
                    Some(id) => s.id = id,
                    None => notes.unmatched.push(s.path.clone()),
                }
            }
        }
        if let Some(roster) = &self.roster {
            for s in students.iter_mut() {
                match roster.rows.iter().find(|(k, _)| *k == s.id) {
                    Some((_, shown)) => s.id = shown.clone(),
                    None => notes.unknown.push(s.id.clone()),
                }
            }
            notes.missing = roster
                .rows
                .iter()
                .filter(|(_, shown)| !students.iter().any(|s| s.id == *shown))
                .map(|(_, shown)| shown.clone())
                .collect();
        }
        for (i, s) in students.iter().enumerate() {
            if let Some(first) = students[..i].iter().find(|o| o.id == s.id) {
                return Err(IntakeError::SameStudent {
                    id: s.id.clone(),
                    first: first.path.clone(),
                    second: s.path.clone(),
                });
            }
        }
        Ok(notes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::submission::verdict::VerdictKind::*;

    fn write(root: &Path, rel: &str, text: &str) {
        let p = root.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        crate::atomic::write(&p, text.as_bytes()).unwrap();
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

    /// `dan` whether the class's folder, his folder or his file is given; a loose file by its
    /// stem; a folder with two submissions by their paths below it.
    #[test]
    fn a_student_id_does_not_change_with_the_path_given() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        write(d, "subs/dan/solution.js", "// Dan.\n");
        write(d, "subs/dan/notes.md", "notes");
        write(d, "subs/eve.py", "# Eve.\n");
        write(d, "subs/two/a.py", "# A.\n");
        write(d, "subs/two/b/main.cpp", "// B.\n");
        let ids = |path: &str| -> Vec<String> {
            let got = intake(&[d.join(path)]).unwrap();
            got.students.into_iter().map(|s| s.id).collect()
        };
        assert_eq!(ids("subs"), ["dan", "eve", "two/a", "two/b"]);
        assert_eq!(ids("subs/dan"), ["dan"]);
        assert_eq!(ids("subs/dan/solution.js"), ["dan"]);
        assert_eq!(ids("subs/eve.py"), ["eve"]);
        assert_eq!(ids("subs/two"), ["a", "b"]);
        write(d, "flat/sum.py", "# Sum.\n");
        write(d, "flat/sum.cpp", "// Sum.\n");
        write(d, "flat/zed.py", "# Zed.\n");
        assert_eq!(ids("flat"), ["sum.cpp", "sum.py", "zed"]);
        let mut students = intake(&[d.join("subs"), d.join("subs/dan/solution.js")])
            .unwrap()
            .students;
        assert_eq!(
            students.len(),
            4,
            "the same file reached twice is taken once"
        );
        students.push(Student {
            path: "other/dan.py".into(),
            id: "dan".into(),
        });
        let e = StudentRules::default().apply(&mut students).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!(
                "two submissions for student 'dan': {}/subs/dan/solution.js and other/dan.py; grade one of them, or tell them apart with --student-pattern or --roster",
                d.display()
            )
        );
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
