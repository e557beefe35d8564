//! `grade`'s report: the gradebook ([`super::gradebook`]) of every submission, what intake
//! skipped, the threads and the wall time, around the run; in every format.

use std::fmt::Write as _;

use serde::Serialize;

use super::writer::Document;
use super::{count, gradebook, Format};
use crate::judge::runner::RunReport;
use crate::judge::session::Judged;

/// A graded folder: the run of every submission, plus what intake skipped.
#[derive(Serialize)]
pub struct GradeReport {
    /// 1; raised when a key changes meaning.
    pub schema_version: u32,
    /// One row per submission, in input order.
    pub submissions: Vec<gradebook::Entry>,
    /// Files of no known language, skipped.
    pub skipped: Vec<String>,
    /// Threads that judged.
    pub jobs: usize,
    /// Wall time of building and judging, in milliseconds.
    pub wall_ms: f64,
    /// The run's own keys (`solutions`, `case_errors`, `claims`, `builds`, `exit_code`, ...).
    #[serde(flatten)]
    pub run: RunReport,
}

impl GradeReport {
    /// The report of a judging session over the submissions, with the files it `skipped`.
    pub fn of(judged: Judged, skipped: Vec<String>) -> GradeReport {
        let mut submissions = gradebook::entries(&judged.report);
        for (e, replayed) in submissions.iter_mut().zip(judged.replayed) {
            e.replayed = replayed;
        }
        GradeReport {
            schema_version: super::SCHEMA_VERSION,
            submissions,
            skipped,
            jobs: judged.jobs,
            wall_ms: judged.wall_ms,
            run: judged.report,
        }
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
            Format::Markdown => super::markdown::gradebook(&self.run, &self.summary_line()),
            Format::Html => super::html::titled(&self.run, "zuma-judge grade"),
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
            let ok = run.solutions.iter().filter(|s| s.as_expected).count();
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

    /// The gradebook table under a summary, then `run`'s sections (timing, submissions judged
    /// on no case, failures with witnesses and minimised inputs, case-file errors, exit code).
    fn human(&self) -> String {
        let run = &self.run;
        let mut o = String::new();
        let _ = writeln!(o, "{}", self.summary_line());
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
        o.push_str(&gradebook::table(run));
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
