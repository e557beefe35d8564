//! `grade`'s report: the gradebook ([`super::gradebook`]) of every submission, what intake
//! skipped, the threads and the wall time, around the run; in every format.

use std::fmt::Write as _;

use serde::Serialize;

use super::writer::Document;
use super::{count, gradebook, Format};
use crate::judge::runner::RunReport;
use crate::judge::session::Judged;
use crate::submission::intake::{Student, StudentNotes};

/// A graded folder: the run of every submission, plus what intake skipped.
#[derive(Serialize)]
pub struct GradeReport {
    /// 1; raised when a key changes meaning.
    pub schema_version: u32,
    /// One row per submission, in input order.
    pub submissions: Vec<gradebook::Entry>,
    /// Files of no known language, skipped.
    pub skipped: Vec<String>,
    /// What `--student-pattern` and `--roster` could not apply (paths not matched, ids not on
    /// the roster, roster students with no submission); null when neither was given.
    pub student_ids: Option<StudentNotes>,
    /// Threads that judged.
    pub jobs: usize,
    /// Wall time of building and judging, in milliseconds.
    pub wall_ms: f64,
    /// The run's own keys (`solutions`, `case_errors`, `builds`, `exit_code`, ...); `claims`
    /// and `expectations` are always empty (the case files' claims belong to `run` and `audit`).
    #[serde(flatten)]
    pub run: RunReport,
}

impl GradeReport {
    /// The report of a judging session over the submissions, with the files it `skipped`.
    /// The case files' claims and assertions are left out (`run` and `audit` check them), and
    /// the exit code is settled again without them.
    /// Each row's `student` is its id in `students` (by path).
    pub fn of(
        judged: Judged,
        skipped: Vec<String>,
        (students, student_ids): (&[Student], Option<StudentNotes>),
    ) -> GradeReport {
        let mut run = judged.report;
        run.claims.clear();
        run.expectations.clear();
        run.settle();
        let mut submissions = gradebook::entries(&run);
        for (e, replayed) in submissions.iter_mut().zip(judged.replayed) {
            e.replayed = replayed;
            if let Some(s) = students.iter().find(|s| s.path == e.path) {
                e.student = s.id.clone();
            }
        }
        GradeReport {
            schema_version: super::SCHEMA_VERSION,
            submissions,
            skipped,
            student_ids,
            jobs: judged.jobs,
            wall_ms: judged.wall_ms,
            run,
        }
    }

    /// How `grade` ends: the run's exit code, the case files' claims left out.
    pub fn exit(&self) -> crate::judge::exit::Exit {
        self.run.exit()
    }

    /// The report in `format`: the gradebook for people, Markdown, JSON and CSV; JUnit and
    /// HTML as `run` writes them.
    pub fn render(&self, format: Format) -> String {
        match format {
            Format::Human => self.human(),
            Format::Json => {
                let mut s = serde_json::to_string_pretty(self).expect("a report always serialises");
                s.push('\n');
                s
            }
            Format::Csv => super::csv::render(&self.submissions),
            Format::Markdown => {
                let summary = match self.students_line() {
                    Some(line) => format!("{}\n{line}", self.summary_line()),
                    None => self.summary_line(),
                };
                super::markdown::gradebook(&self.run, &self.submissions, &summary)
            }
            Format::Html => super::html::gradebook(
                &self.run,
                &self.submissions,
                "zuma-judge grade",
                self.students_line().as_deref(),
            ),
            Format::Junit => super::reporter(format).render(&self.run),
            Format::Gradescope => {
                super::gradescope::render(&self.run, &self.submissions, self.wall_ms)
            }
        }
    }

    /// The first line: submissions, whether they are as expected, cases, points, files skipped.
    fn summary_line(&self) -> String {
        let run = &self.run;
        let expected = if gradebook::has_expectations(run) {
            let ok = self
                .submissions
                .iter()
                .filter(|e| e.as_expected == Some(true))
                .count();
            format!("{ok} of {} as expected", run.solutions.len())
        } else {
            "no expected verdicts: a gradebook".to_string()
        };
        format!(
            "zuma-judge grade: {} ({expected}), {} from {}{} ({} points), {} skipped (no known language), {}",
            count(run.solutions.len(), "submission"),
            count(run.cases, "case"),
            count(run.files, "file"),
            super::human::files_detail(run),
            run.points,
            count(self.skipped.len(), "file"),
            count(run.case_errors.len(), "case-file error")
        )
    }

    /// `students: ...` when `--student-pattern` or `--roster` left something to say.
    pub fn students_line(&self) -> Option<String> {
        let notes = self.student_ids.as_ref()?.describe()?;
        Some(format!("students: {notes}"))
    }

    /// The gradebook table under a summary, then `run`'s sections (timing, submissions judged
    /// on no case, failures with witnesses and minimised inputs, case-file errors, exit code).
    fn human(&self) -> String {
        let run = &self.run;
        let mut o = String::new();
        let _ = writeln!(o, "{}", self.summary_line());
        if let Some(line) = self.students_line() {
            let _ = writeln!(o, "{line}");
        }
        if let Some(why) = &run.incomplete {
            let _ = writeln!(o, "INCOMPLETE: {why}");
        }
        let _ = writeln!(o, "limits: {}", run.config.describe());
        let _ = writeln!(o, "judging: {}", run.config.describe_judging());
        super::human::toolchains(&mut o, run);
        let replayed = self.submissions.iter().filter(|e| e.replayed).count();
        let cache = match replayed {
            0 => String::new(),
            n => format!(
                "; {n} of {} replayed from the verdict cache (same build, cases, limits, sandbox \
                 and judge; --rejudge judges again)",
                count(self.submissions.len(), "submission")
            ),
        };
        let _ = writeln!(
            o,
            "judged {} at a time in {:.1} s{cache}\n",
            self.jobs.min(self.submissions.len()).max(1),
            self.wall_ms / 1e3
        );
        let _ = writeln!(o, "verdicts: {}", gradebook::counts(&self.submissions));
        o.push_str(&gradebook::table(
            &self.submissions,
            gradebook::has_expectations(run),
        ));
        o.push('\n');
        super::human::sections(&mut o, run);
        o
    }
}

/// `grade` writes its report through [`super::writer`].
impl Document<Format> for GradeReport {
    fn render(&self, format: Format) -> String {
        GradeReport::render(self, format)
    }
}
