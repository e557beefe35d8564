//! `grade --format gradescope`: Gradescope's `results.json` for the one submission of an
//! autograder run (the keys of Gradescope's autograder specification): the score, the student's
//! feedback ([`super::feedback`]) as the top-level output, and one test per case, a case not
//! visible to students reduced to "hidden case N: verdict". Only `grade` writes it.

use serde::Serialize;

use super::feedback::{self, shown, verdict_words, Shown};
use super::{gradebook, Format, ReportSpec, Reporter};
use crate::cases::case::Visibility;
use crate::judge::runner::{RunReport, SolutionReport};

/// Gradescope's `results.json`: the keys this judge fills in.
#[derive(Debug, Serialize)]
pub struct Results {
    /// Points earned; absent when the submission was not judged (its toolchain missing, or the
    /// run stopped before every case was judged).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<u64>,
    /// Wall time of building and judging, in seconds.
    pub execution_time: f64,
    /// What the student reads above the tests, in Markdown.
    pub output: String,
    /// `md`.
    pub output_format: &'static str,
    /// `visible`: a test's own visibility overrides it.
    pub visibility: &'static str,
    /// `hidden`: the autograder's standard output shows every case, so only instructors see it.
    pub stdout_visibility: &'static str,
    /// One test per case, in case order.
    pub tests: Vec<Test>,
}

/// One test of `results.json`.
#[derive(Debug, Serialize)]
pub struct Test {
    /// The case (`file.toml#name`), or `hidden case N`.
    pub name: String,
    /// Points earned; absent on the informational test of a submission not judged.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<u64>,
    /// The case's points.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_score: Option<u64>,
    /// `passed` (AC) or `failed` (anything else, a skipped case included).
    pub status: &'static str,
    /// What happened, in Markdown.
    pub output: String,
    /// `md`.
    pub output_format: &'static str,
    /// The case's visibility, in Gradescope's words.
    pub visibility: &'static str,
    /// The case's file (visible cases only) and the verdict's code, e.g. `["t.toml", "WA"]`.
    pub tags: Vec<String>,
}

/// Gradescope's word for a visibility.
fn word(v: Visibility) -> &'static str {
    match v {
        Visibility::Visible => "visible",
        Visibility::Hidden => "hidden",
        Visibility::AfterDueDate => "after_due_date",
    }
}

/// A request for `results.json` that cannot be met.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum GradescopeError {
    /// Gradescope takes one submission's results per run.
    #[error(
        "--format gradescope writes the results of one submission (Gradescope grades one per \
         run), and {found} submissions were found; give the one file or folder to grade"
    )]
    NotOne {
        /// Submissions found.
        found: usize,
    },
    /// A command other than `grade` was asked for it.
    #[error(
        "the gradescope format is grade's only: `zuma-judge grade SUBMISSION --format gradescope`"
    )]
    GradeOnly,
}

/// Whether `format` or a `--report` asks for Gradescope's format.
fn asked(format: Format, reports: &[ReportSpec]) -> bool {
    format == Format::Gradescope || reports.iter().any(|r| r.format == Format::Gradescope)
}

/// `grade`'s check before judging: with Gradescope's format asked for, exactly one submission.
pub fn check_one(
    format: Format,
    reports: &[ReportSpec],
    found: usize,
) -> Result<(), GradescopeError> {
    if asked(format, reports) && found != 1 {
        return Err(GradescopeError::NotOne { found });
    }
    Ok(())
}

/// `run`'s check: it never writes Gradescope's format.
pub fn refuse_outside_grade(format: Format, reports: &[ReportSpec]) -> Result<(), GradescopeError> {
    if asked(format, reports) {
        return Err(GradescopeError::GradeOnly);
    }
    Ok(())
}

/// The `results.json` of the one submission of `r` (its gradebook row `entries[0]`), judged in
/// `wall_ms`, as pretty JSON with a final newline. A run of several submissions (which `grade`
/// refuses before judging) gets no score and an output that says so.
pub fn render(r: &RunReport, entries: &[gradebook::Entry], wall_ms: f64) -> String {
    let results = match (entries, r.solutions.as_slice()) {
        ([e], [s]) => results(r, e, s, wall_ms),
        _ => Results {
            score: None,
            execution_time: seconds(wall_ms),
            output: GradescopeError::NotOne {
                found: r.solutions.len(),
            }
            .to_string(),
            tests: vec![informational("not graded", "no single submission")],
            ..base()
        },
    };
    let mut s = serde_json::to_string_pretty(&results).expect("results always serialise");
    s.push('\n');
    s
}

/// Milliseconds as seconds, to the millisecond.
fn seconds(ms: f64) -> f64 {
    ms.round() / 1e3
}

fn base() -> Results {
    Results {
        score: None,
        execution_time: 0.0,
        output: String::new(),
        output_format: "md",
        visibility: "visible",
        stdout_visibility: "hidden",
        tests: Vec::new(),
    }
}

/// Why `e` has no score: its toolchain is missing, or the run stopped before it was judged
/// whole. `None` when it was judged.
fn not_judged(e: &gradebook::Entry, s: &SolutionReport) -> Option<String> {
    if e.verdict == gradebook::RowVerdict::NotJudged {
        // The reason for students: no toolchain, a stopped run, a machine too busy.
        Some(format!(
            "{}; this is not your score: ask your instructor to fix the autograder and regrade",
            feedback::student_reason(s)
        ))
    } else if !e.complete {
        // Not why it stopped: that may name the case it stopped on, a hidden one too.
        Some(
            "not judged: the grading stopped before every case was judged; this is not your \
             score: ask your instructor to regrade"
                .to_string(),
        )
    } else {
        None
    }
}

/// An informational test: a name, `failed` and a line, no points.
fn informational(name: &str, output: &str) -> Test {
    Test {
        name: name.to_string(),
        score: None,
        max_score: None,
        status: "failed",
        output: output.to_string(),
        output_format: "md",
        visibility: "visible",
        tags: Vec::new(),
    }
}

fn results(r: &RunReport, e: &gradebook::Entry, s: &SolutionReport, wall_ms: f64) -> Results {
    let execution_time = seconds(wall_ms);
    if let Some(why) = not_judged(e, s) {
        return Results {
            execution_time,
            output: format!("**{why}**\n"),
            tests: vec![informational("not judged", &why)],
            ..base()
        };
    }
    Results {
        score: e.score,
        execution_time,
        output: feedback::body(r, e, s),
        tests: shown(s).into_iter().map(test).collect(),
        ..base()
    }
}

/// A case's test: one whose input may be shown shows it, and when it failed, what came back
/// and the oracle's witness; any other shows only its label and verdict.
fn test(shown: Shown) -> Test {
    let Shown {
        label,
        open,
        result: c,
    } = shown;
    let passed = c.verdict.kind() == Some(crate::judge::verdict::VerdictKind::Accepted);
    let verdict = verdict_words(c);
    let visible = c.visibility.shown_to_students();
    let output = match (open, passed) {
        (false, _) => format!("{label}: {verdict}"),
        (true, true) => format!(
            "board {}, hand {}: expected {}, got {}",
            feedback::code(&c.board),
            feedback::code(&c.hand),
            c.oracle,
            c.oracle
        ),
        (true, false) if c.verdict.is_skipped() => format!(
            "{verdict}: not run, so it earns nothing\n\nboard {}, hand {}: expected {}",
            feedback::code(&c.board),
            feedback::code(&c.hand),
            c.oracle
        ),
        (true, false) => format!("{}\n\n{}", verdict, feedback::case_block(c)),
    };
    let mut tags = Vec::new();
    if visible && open {
        let file = c.case.split('#').next().unwrap_or_default();
        tags.push(file.to_string());
    }
    tags.push(c.verdict.code().to_string());
    Test {
        name: label,
        score: Some(if passed { c.points } else { 0 }),
        max_score: Some(c.points),
        status: if passed { "passed" } else { "failed" },
        output,
        output_format: "md",
        visibility: word(c.visibility),
        tags,
    }
}

/// `run` refuses this format before judging ([`refuse_outside_grade`]); a run report of one
/// solution still renders, its wall time the sum of its calls'.
pub struct Gradescope;

impl Reporter for Gradescope {
    fn render(&self, r: &RunReport) -> String {
        let wall_ms = r
            .solutions
            .iter()
            .flat_map(|s| &s.cases)
            .map(|c| c.time_ms)
            .sum();
        render(r, &gradebook::entries(r), wall_ms)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn several_submissions_are_refused_and_run_never_writes_it() {
        let spec: ReportSpec = "gradescope=r.json".parse().unwrap();
        assert_eq!(
            check_one(Format::Human, std::slice::from_ref(&spec), 3),
            Err(GradescopeError::NotOne { found: 3 })
        );
        assert_eq!(check_one(Format::Gradescope, &[], 1), Ok(()));
        assert_eq!(check_one(Format::Csv, &[], 3), Ok(()));
        assert_eq!(
            refuse_outside_grade(Format::Gradescope, &[]),
            Err(GradescopeError::GradeOnly)
        );
        let r = super::super::fixture::report();
        let v: serde_json::Value = serde_json::from_str(&Gradescope.render(&r)).unwrap();
        assert_eq!(v.get("score"), None);
        assert_eq!(
            v["output"],
            "--format gradescope writes the results of one submission (Gradescope grades one \
             per run), and 3 submissions were found; give the one file or folder to grade"
        );
    }

    #[test]
    fn hidden_tests_say_only_their_number_and_verdict() {
        let mut r = super::super::fixture::report();
        r.solutions.truncate(1);
        // always_minus_one: AC on example-1, WA on split-pair and green
        r.solutions[0].cases[0].visibility = Visibility::Hidden;
        let v: serde_json::Value = serde_json::from_str(&Gradescope.render(&r)).unwrap();
        let tests = v["tests"].as_array().unwrap();
        assert_eq!(tests[0]["name"], "hidden case 1");
        assert_eq!(tests[0]["output"], "hidden case 1: wrong answer");
        assert_eq!(tests[0]["visibility"], "hidden");
        assert_eq!(tests[0]["tags"], serde_json::json!(["WA"]));
        assert_eq!(tests[1]["name"], "t.toml#green");
        assert_eq!(tests[1]["tags"], serde_json::json!(["t.toml", "WA"]));
        assert_eq!(tests[2]["status"], "passed");
        assert_eq!(v["score"], 1);
        assert!(!v.to_string().contains("RRWWRRBBRR"));
    }
}
