//! The shard report of `grade --shard K/N` (JSON, read back by `merge`), and the merge of the
//! shard reports of one folder into the [`GradeReport`] an unsharded `grade` gives, which then
//! renders every gradebook format through the same code as `grade`'s. Which shard grades a
//! submission, and restoring what a row's JSON leaves out, is [`crate::hunt::grade_shards`]'s;
//! the shard files are input, checked to be
//! every shard of one grade, each once, complete, with the same judge, cases and `judge.toml`.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::grade::GradeReport;
use crate::hunt::grade_shards::{self, restore, Fingerprint, Solver, Unwritten};
use crate::hunt::sweep::Shard;
use crate::judge::runner::{BuildsSummary, RunReport};
use crate::judge::session::Judged;
use crate::submission::intake::{Student, StudentNotes};

/// The `kind` of a grade shard report, which tells it from an `exhaust` report.
pub const KIND: &str = "grade_shard";

/// A submission of the whole folder and the shard that grades it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Assigned {
    /// Its student id, the gradebook's `student`.
    pub student: String,
    /// Its file, as the gradebook's `path`.
    pub path: String,
    /// The shard's index, 1-based.
    pub shard: usize,
}

/// The report of one shard. JSON: `{schema_version, kind: "grade_shard", shard: {index,
/// count}, fingerprint, complete, incomplete, students: [{student, path, shard}], unwritten,
/// grade}`, where `students` is every submission of the folder in input order and `grade` the
/// shard's own `grade --format json` report (null when its part is empty). `G` is that report
/// as written ([`GradeReport`]) or as read back ([`ReadShard`]).
#[derive(Serialize, Deserialize)]
pub struct ShardReport<G> {
    schema_version: u32,
    kind: String,
    shard: Shard,
    fingerprint: Fingerprint,
    /// Whether every submission of the part was judged to its end.
    complete: bool,
    /// Why not, when it is not.
    incomplete: Option<String>,
    students: Vec<Assigned>,
    /// Per row of `grade.submissions`, in order.
    unwritten: Vec<Unwritten>,
    grade: Option<G>,
}

/// A shard report as `merge` reads it.
pub type ReadShard = ShardReport<GradePart>;

impl<'a> ShardReport<&'a GradeReport> {
    /// The report of `shard` of the folder whose submissions are `students`, which graded
    /// `grade` (none for an empty part) under `fingerprint`.
    pub fn new(
        (shard, fingerprint): (Shard, Fingerprint),
        students: Vec<Assigned>,
        grade: Option<&'a GradeReport>,
    ) -> Self {
        let incomplete = grade.and_then(|g| match &g.run.incomplete {
            Some(why) => Some(why.clone()),
            None => (!g.run.solutions.iter().all(|s| s.complete))
                .then(|| "a submission was not judged to its end".to_string()),
        });
        ShardReport {
            schema_version: super::SCHEMA_VERSION,
            kind: KIND.to_string(),
            shard,
            fingerprint,
            complete: incomplete.is_none(),
            incomplete,
            students,
            unwritten: grade.map_or_else(Vec::new, |g| {
                g.run.solutions.iter().map(Unwritten::of).collect()
            }),
            grade,
        }
    }

    /// Whether the part was judged to its end.
    pub fn complete(&self) -> bool {
        self.complete
    }

    /// The report as pretty JSON with a final newline.
    pub fn json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).expect("a shard report serialises");
        s.push('\n');
        s
    }
}

/// A shard's grade report, read back.
#[derive(Deserialize)]
pub struct GradePart {
    submissions: Vec<Row>,
    skipped: Vec<String>,
    student_ids: Option<StudentNotes>,
    jobs: usize,
    wall_ms: f64,
    #[serde(flatten)]
    run: RunReport,
}

/// What a merge reads of a gradebook row: the rest is made again from the run.
#[derive(Deserialize)]
struct Row {
    student: String,
    path: String,
    replayed: bool,
}

/// Shard reports that cannot be merged. Exit code 2.
#[derive(Debug, Error)]
pub enum GradeMergeError {
    /// A file that cannot be read, is no grade shard report, or does not fit the others.
    #[error("{}: {message}", path.display())]
    File {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// The files are not every shard of one grade.
    #[error("{0}")]
    Mismatch(String),
}

/// Whether the JSON `text` is a grade shard report (its `kind`), so `merge` knows which
/// merge it is given.
pub fn is_grade_shard(text: &str) -> bool {
    #[derive(Deserialize)]
    struct Kind {
        kind: Option<String>,
    }
    serde_json::from_str::<Kind>(text).is_ok_and(|k| k.kind.as_deref() == Some(KIND))
}

/// Reads the grade shard report in `path`.
pub fn read(path: &Path) -> Result<ReadShard, GradeMergeError> {
    let file = |message: String| GradeMergeError::File {
        path: path.to_path_buf(),
        message,
    };
    let text = std::fs::read_to_string(path).map_err(|e| file(format!("cannot read: {e}")))?;
    let value: serde_json::Value = serde_json::from_str(&text)
        .map_err(|e| file(format!("line {}: not JSON ({e})", e.line())))?;
    if value.get("kind").and_then(|k| k.as_str()) != Some(KIND) {
        return Err(file(
            "not a grade shard report (no \"kind\": \"grade_shard\"); write shard reports with \
             `zuma-judge grade PATH... --shard K/N --out FILE`"
                .into(),
        ));
    }
    let schema = value.get("schema_version").and_then(|v| v.as_u64());
    if schema != Some(u64::from(super::SCHEMA_VERSION)) {
        return Err(file(format!(
            "written with schema_version {}; this judge reads schema_version {}: run the shard again with this judge",
            schema.map_or_else(|| "none".into(), |v| v.to_string()),
            super::SCHEMA_VERSION
        )));
    }
    let read: ReadShard = serde_json::from_value(value).map_err(|e| {
        file(format!(
            "not a grade shard report as this judge writes it ({e}): the file is not what grade wrote"
        ))
    })?;
    let Shard { index, count } = read.shard;
    if index == 0 || index > count {
        return Err(file(format!(
            "shard {index}/{count} does not exist (1 <= K <= N): the file is not what grade wrote"
        )));
    }
    Ok(read)
}

/// The grade report an unsharded `grade` of the folder gives, from the reports of its shards
/// `1/N..N/N`: the rows in the folder's order, every key as `grade` makes it, except the times
/// (`wall_ms`, the builds' and oracle's), which are the shards' added up, and `jobs`, the
/// shards' threads added up. The shards' inputs are solved again, under the constraints they
/// were graded with, for their witnesses.
pub fn merge(shards: &[(PathBuf, ReadShard)]) -> Result<GradeReport, GradeMergeError> {
    let first = check_shards(shards)?;
    let parts: Vec<(&PathBuf, &ReadShard, &GradePart)> = shards
        .iter()
        .filter_map(|(p, r)| Some((p, r, r.grade.as_ref()?)))
        .collect();
    let Some((_, _, base)) = parts.first() else {
        return Err(GradeMergeError::Mismatch(
            "every shard is empty: the folder has no submission".into(),
        ));
    };
    let mut solve = Solver::new(&base.run.config.constraints);
    let mut solutions = Vec::new();
    let mut replayed = Vec::new();
    for a in &first.students {
        let (path, shard, part) = parts
            .iter()
            .find(|(_, r, _)| r.shard.index == a.shard)
            .ok_or_else(|| missing_row(shards, a))?;
        let i = part
            .run
            .solutions
            .iter()
            .position(|s| s.path == a.path)
            .ok_or_else(|| missing_row(shards, a))?;
        let mut s = part.run.solutions[i].clone();
        restore(&mut s, &shard.unwritten[i], &mut solve).map_err(|message| {
            GradeMergeError::File {
                path: (*path).clone(),
                message,
            }
        })?;
        solutions.push(s);
        replayed.push(part.submissions[i].replayed);
    }
    let mut run = base.run.clone();
    run.solutions = solutions;
    run.incomplete = None;
    run.oracle_ms = parts.iter().map(|(_, _, g)| g.run.oracle_ms).sum();
    run.builds = summed_builds(&parts);
    let judged = Judged {
        report: run,
        extras: None,
        replayed,
        jobs: parts.iter().map(|(_, _, g)| g.jobs).sum(),
        wall_ms: parts.iter().map(|(_, _, g)| g.wall_ms).sum(),
    };
    let students: Vec<Student> = first
        .students
        .iter()
        .map(|a| Student {
            path: a.path.clone(),
            id: a.student.clone(),
        })
        .collect();
    let notes = (base.student_ids.clone(), base.skipped.clone());
    Ok(GradeReport::of(judged, notes.1, (&students, notes.0)))
}

/// The error for a row of the folder that no shard holds (checked before: the files are not
/// what `grade` wrote).
fn missing_row(shards: &[(PathBuf, ReadShard)], a: &Assigned) -> GradeMergeError {
    let path = shards
        .iter()
        .find(|(_, r)| r.shard.index == a.shard)
        .map_or_else(PathBuf::new, |(p, _)| p.clone());
    GradeMergeError::File {
        path,
        message: format!(
            "holds no row for {} ({}), which its shard grades: the file is not what grade wrote",
            a.student, a.path
        ),
    }
}

/// The builds of every shard, added up; none when no shard built anything.
fn summed_builds(parts: &[(&PathBuf, &ReadShard, &GradePart)]) -> Option<BuildsSummary> {
    let builds: Vec<&BuildsSummary> = parts
        .iter()
        .filter_map(|(_, _, g)| g.run.builds.as_ref())
        .collect();
    (!builds.is_empty()).then(|| BuildsSummary {
        submissions: builds.iter().map(|b| b.submissions).sum(),
        cached: builds.iter().map(|b| b.cached).sum(),
        compiled: builds.iter().map(|b| b.compiled).sum(),
        ms: builds.iter().map(|b| b.ms).sum(),
    })
}

/// The first report, once every report is a complete shard of one grade, every shard there
/// once, each holding the rows of its part.
fn check_shards(shards: &[(PathBuf, ReadShard)]) -> Result<&ReadShard, GradeMergeError> {
    let Some((first_path, first)) = shards.first() else {
        return Err(GradeMergeError::Mismatch(
            "no shard reports given; pass every FILE from grade --shard 1/N .. N/N".into(),
        ));
    };
    let mut seen: Vec<(usize, &PathBuf)> = Vec::new();
    for (path, r) in shards {
        check_shard((path, r), (first_path, first), &seen)?;
        seen.push((r.shard.index, path));
    }
    let indices: Vec<usize> = seen.iter().map(|(k, _)| *k).collect();
    if let Some(message) = crate::hunt::merge::missing_shards(first.shard.count, &indices, "grade")
    {
        return Err(GradeMergeError::Mismatch(message));
    }
    Ok(first)
}

/// Errors unless `r` is a complete shard of the grade of `first`, not among `seen`, whose
/// rows are the submissions its shard grades.
fn check_shard(
    (path, r): (&PathBuf, &ReadShard),
    (first_path, first): (&PathBuf, &ReadShard),
    seen: &[(usize, &PathBuf)],
) -> Result<(), GradeMergeError> {
    let file = |message: String| GradeMergeError::File {
        path: path.clone(),
        message,
    };
    let shard = r.shard;
    if shard.count != first.shard.count {
        return Err(file(format!(
            "shard {shard}, and {} is shard {}: not shards of one grade (the same N in every --shard K/N)",
            first_path.display(),
            first.shard
        )));
    }
    if r.fingerprint != first.fingerprint {
        let (mine, theirs) = differs(&r.fingerprint, &first.fingerprint);
        return Err(file(format!(
            "graded with {mine}, and {} with {theirs}: shards of one grade run the same judge build on the same cases, judge.toml and sandbox",
            first_path.display(),
        )));
    }
    if r.students != first.students {
        return Err(file(format!(
            "lists other submissions than {}: shards of one grade grade the same folder",
            first_path.display()
        )));
    }
    if let Some((_, other)) = seen.iter().find(|(k, _)| *k == shard.index) {
        return Err(file(format!(
            "shard {shard} is given twice (also {})",
            other.display()
        )));
    }
    if !r.complete || r.incomplete.is_some() {
        return Err(file(format!(
            "shard {shard} is incomplete ({}); run it again to its end",
            r.incomplete.as_deref().unwrap_or("stopped")
        )));
    }
    check_rows(r).map_err(file)
}

/// What differs between two fingerprints, each side in words.
fn differs(a: &Fingerprint, b: &Fingerprint) -> (String, String) {
    let parts = [
        ("judge", &a.judge, &b.judge),
        ("judge binary sha256", &a.judge_sha256, &b.judge_sha256),
        ("judge.toml sha256", &a.config_sha256, &b.config_sha256),
        ("cases sha256", &a.cases_sha256, &b.cases_sha256),
        ("sandbox", &a.sandbox, &b.sandbox),
    ];
    let (mut left, mut right) = (Vec::new(), Vec::new());
    for (what, x, y) in parts.iter().filter(|(_, x, y)| x != y) {
        left.push(format!("{what} {x}"));
        right.push(format!("{what} {y}"));
    }
    (left.join(", "), right.join(", "))
}

/// Errors unless `r`'s rows are exactly the submissions its shard grades, in the folder's
/// order, each assigned by the hash of its student id, with what the JSON leaves out of each.
fn check_rows(r: &ReadShard) -> Result<(), String> {
    let shard = r.shard;
    for a in &r.students {
        let by_hash = grade_shards::shard_of(&a.student, shard.count);
        if by_hash != a.shard {
            return Err(format!(
                "lists {} in shard {}/{}, but its id hashes to shard {by_hash}: the file is not what grade wrote",
                a.student, a.shard, shard.count
            ));
        }
    }
    let want: Vec<(&str, &str)> = r
        .students
        .iter()
        .filter(|a| a.shard == shard.index)
        .map(|a| (a.student.as_str(), a.path.as_str()))
        .collect();
    let rows: Vec<(&str, &str)> = r.grade.as_ref().map_or_else(Vec::new, |g| {
        g.submissions
            .iter()
            .map(|e| (e.student.as_str(), e.path.as_str()))
            .collect()
    });
    let solutions = r.grade.as_ref().map_or(0, |g| g.run.solutions.len());
    if rows != want || solutions != rows.len() || r.unwritten.len() != rows.len() {
        return Err(format!(
            "shard {shard} holds {} rows, but its part of the folder is {} submissions: the file is not what grade wrote",
            rows.len(),
            want.len()
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests;
