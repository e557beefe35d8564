//! Reporters: turn a finished [`RunReport`] into bytes for people or machines. One file per
//! format; adding a format is one file, one [`Format`] variant and its arm in [`reporter`] (the
//! compiler then asks for the other matches on `Format`). Also the rule, shared by
//! every format, for which case results count as failures of a solution, and what every format
//! draws on: the baseline diff, `run`'s progress bar, a witness explained and drawn.

pub mod audit;
pub mod baseline;
pub mod bench;
pub mod csv;
pub mod diagnosis;
pub mod draw;
pub mod editorial;
pub mod explain;
pub mod export;
pub mod extras;
pub mod feedback;
pub mod grade;
pub mod grade_shard;
pub mod gradebook;
pub mod gradescope;
pub mod hack;
pub mod html;
pub mod human;
pub mod hunt;
pub mod ideas;
pub mod json;
pub mod junit;
pub mod list;
pub mod markdown;
pub mod progress;
pub mod run;
pub mod solve;
pub mod table;
pub mod timing;
pub mod writer;

use std::path::PathBuf;
use std::str::FromStr;

use clap::ValueEnum;

use crate::game::oracle::Solved;
use crate::judge::runner::{CaseResult, RunReport, SolutionReport};
use crate::judge::verdict::{Expected, VerdictKind};

/// An output format of `run` and `grade`, which write all six but the last, `gradescope`,
/// grade's only (`solve` has its own human, json and markdown; the other commands
/// [`HumanOrJson`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Text for people (run: verdict table, failures with witnesses, claims, case errors).
    Human,
    /// One JSON object (run: the keys listed in GUIDE.md).
    Json,
    /// JUnit XML for CI: one testsuite per solution, one testcase per case.
    Junit,
    /// A verdict table and one collapsed block per failure, for a pull-request comment.
    Markdown,
    /// The gradebook, one row per submission (run, grade).
    Csv,
    /// One self-contained page: the verdict matrix, CPU time per case, witnesses drawn.
    Html,
    /// Gradescope's results.json for the one submission of an autograder run (grade only).
    Gradescope,
}

/// Something that renders a run.
pub trait Reporter {
    /// The whole report as text. Only the human format may hold ANSI colour escapes; whoever
    /// writes the text strips them when colour is off (see [`crate::report::draw::plain`]).
    fn render(&self, report: &RunReport) -> String;
}

/// The reporter for `format`.
pub fn reporter(format: Format) -> Box<dyn Reporter> {
    match format {
        Format::Human => Box::new(human::Human),
        Format::Json => Box::new(json::Json),
        Format::Junit => Box::new(junit::Junit),
        Format::Markdown => Box::new(markdown::Markdown),
        Format::Csv => Box::new(csv::Csv),
        Format::Html => Box::new(html::Html),
        Format::Gradescope => Box::new(gradescope::Gradescope),
    }
}

/// One `--report FORMAT=PATH`: write the run in `format` to `path`. `F` is the command's
/// format enum (`editorial` has its own).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReportSpec<F = Format> {
    /// The format.
    pub format: F,
    /// The file to write.
    pub path: PathBuf,
}

/// A command's format enum, as `--report` reads it.
pub trait ReportFormat: ValueEnum + std::fmt::Debug {
    /// The example in the error for a spec without `=`, e.g. `junit=judge.xml`.
    const EXAMPLE: &'static str;
}

impl ReportFormat for Format {
    const EXAMPLE: &'static str = "junit=judge.xml";
}

/// A `--report` that does not read as `FORMAT=PATH`; each names the accepted formats where
/// that helps.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// No `=` in it.
    #[error("expected FORMAT=PATH, e.g. {example} (formats: {formats})")]
    NoEquals {
        /// An example spec of the command.
        example: &'static str,
        /// The command's formats, comma-separated.
        formats: String,
    },
    /// Nothing after the `=`.
    #[error("no path after '{0}='")]
    NoPath(String),
    /// A format the command does not write.
    #[error("unknown format '{format}' (formats: {formats})")]
    UnknownFormat {
        /// The format as given.
        format: String,
        /// The command's formats, comma-separated.
        formats: String,
    },
}

impl<F: ReportFormat> FromStr for ReportSpec<F> {
    type Err = SpecError;

    /// Parses `junit=target/judge.xml`. The error names the accepted formats.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let names = || {
            F::value_variants()
                .iter()
                .filter_map(|f| f.to_possible_value().map(|v| v.get_name().to_string()))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let Some((format, path)) = s.split_once('=') else {
            return Err(SpecError::NoEquals {
                example: F::EXAMPLE,
                formats: names(),
            });
        };
        if path.is_empty() {
            return Err(SpecError::NoPath(format.to_string()));
        }
        let format = F::from_str(format, true).map_err(|_| SpecError::UnknownFormat {
            format: format.to_string(),
            formats: names(),
        })?;
        Ok(ReportSpec {
            format,
            path: PathBuf::from(path),
        })
    }
}

/// The kind behind a per-case verdict code (`AC`, `WA`, ...) read from a saved JSON report;
/// `None` for `SKIP` or a code that names no verdict.
pub fn kind_of(code: &str) -> Option<VerdictKind> {
    VerdictKind::ALL.into_iter().find(|k| k.code() == code)
}

/// Is one case's verdict a failure for a solution whose folder promises `expected`?
///
/// The per-case reading of [`crate::judge::verdict::as_expected`]: in `accepted/` every non-AC case
/// fails; in `wrong_answer/` (and likewise TLE, RE, MLE) AC and the promised verdict are both
/// fine, any other verdict fails; with a DOMjudge list, AC and the listed verdicts are fine; in
/// `rejected/` (or with nothing expected) no case fails on its own. What a per-case rule cannot
/// see, "the promised verdict never happened", is [`missing_promise`].
pub fn case_fails(expected: impl Into<Expected>, verdict: VerdictKind) -> bool {
    !expected.into().allows(verdict)
}

/// Is `c` a failing case of `s`? [`case_fails`], except that a solution that is as expected has
/// none (a DOMjudge list judges only the final verdict, the first non-AC case), and that a
/// skipped case (see [`crate::judge::runner::CaseVerdict::Skipped`]) is neither.
pub fn fails_for(s: &SolutionReport, c: &CaseResult) -> bool {
    !s.as_expected && c.verdict.kind().is_some_and(|k| case_fails(s.expected, k))
}

/// For a solution that is not as expected although no single case fails: the folder promises
/// a verdict (e.g. WA) that no case gave. `None` when that is not the situation, and for the
/// solution an interrupted run stopped on: its cases were not all judged.
pub fn missing_promise(s: &SolutionReport) -> Option<String> {
    if !s.complete {
        return None;
    }
    let any_case = s.cases.iter().any(|c| fails_for(s, c));
    // A submission judged on no case says why in its own message.
    (!s.as_expected && !any_case && s.message.is_none()).then(|| match s.expected {
        Expected::One(k) => format!(
            "{} promises at least one {} and no case gave one ({}, all AC)",
            k.name(),
            k.code(),
            count(s.cases.len(), "case")
        ),
        Expected::AnyOf(_) => format!(
            "{} promises a final verdict of {} and the final verdict is {}",
            s.expected.name(),
            s.expected.code(),
            s.verdict.code()
        ),
        _ => format!(
            "{} promises a verdict other than AC and every one of {} cases is AC",
            s.expected.name(),
            s.cases.len()
        ),
    })
}

/// Each language's toolchain once, in solution order, e.g. `cpp g++ (Debian 12.2.0-14) 12.2.0`,
/// or `java not found` when it is missing.
pub fn toolchains(r: &RunReport) -> Vec<String> {
    let mut seen: Vec<String> = Vec::new();
    for s in &r.solutions {
        let entry = match (&s.toolchain, s.toolchain_missing) {
            // `go version go1.19.8 linux/amd64` names its language already.
            (Some(t), _) if t.starts_with(&format!("{} ", s.language)) => t.clone(),
            (Some(t), _) => format!("{} {t}", s.language),
            (None, true) => format!("{} not found", s.language),
            (None, false) => continue,
        };
        if !seen.contains(&entry) {
            seen.push(entry);
        }
    }
    seen
}

/// What the sweep did for `s`, in one line, e.g. `every class passed: 11114 classes up to
/// board 6, hand 4`, `187 of 11114 classes up to board 6, hand 4 passed, then
/// sweep#RRYR+YY: WA, oracle 2, returned -1`, or `stopped after 5000 of 11114 classes up to
/// board 6, hand 4: every class judged passed`; `None` without a sweep.
pub fn sweep_summary(s: &SolutionReport) -> Option<String> {
    let w = s.sweep.as_ref()?;
    let bound = format!(
        "{} classes up to board {}, hand {}",
        w.classes, w.max_board, w.max_hand
    );
    Some(match &w.failed {
        _ if w.skipped => format!("not swept ({bound}): the run stopped first"),
        None if w.judged < w.classes => format!(
            "stopped after {} of {bound}: every class judged passed",
            w.judged
        ),
        None => format!("every class passed: {bound}"),
        Some(f) => format!(
            "{} of {bound} passed, then {}: {}, oracle {}, returned {}",
            w.judged - 1,
            crate::judge::runner::sweep_case_id(&f.board, &f.hand),
            f.verdict,
            f.oracle,
            f.got.map_or("no answer".into(), |g| g.to_string())
        ),
    })
}

/// The cases that fail for `s` under [`case_fails`], in case order.
pub fn failing_cases(s: &SolutionReport) -> Vec<&CaseResult> {
    s.cases.iter().filter(|c| fails_for(s, c)).collect()
}

/// What a solution returned, for people: `-1`, or the failure (`RE: panicked: ...`).
pub fn returned(got: Option<i32>, message: Option<&str>) -> String {
    match (got, message) {
        (Some(g), _) => g.to_string(),
        (None, Some(m)) => format!("no answer ({m})"),
        (None, None) => "no answer".into(),
    }
}

/// The oracle's witness for a judged input, drawn with [`draw::explain`] from the runner's own
/// instance and answer (nothing is parsed or solved again). The hand is shown as `hand` is
/// written; the caller prints [`draw::GAP_LEGEND`] once above its witnesses.
pub fn witness_lines(solved: &Solved, hand: &str, styled: bool) -> Vec<String> {
    draw::explain(&solved.instance, hand, &solved.answer, styled)
}

/// A run with failing solutions, for the reporters' tests: three fakes judged on three cases.
#[cfg(test)]
pub(crate) mod fixture {
    use std::path::Path;

    use crate::cases::case::{self, Suite};
    use crate::cases::config::Config;
    use crate::game::rules::{Constraints, Instance};
    use crate::judge::execute::{Executor, InProcess};
    use crate::judge::runner::{self, RunReport};
    use crate::judge::verdict::VerdictKind;
    use crate::submission::registry::Solution;

    /// The line of the fake's panic, as its message reports it.
    pub const PANIC_LINE: u32 = line!() + 11;

    struct Fake(&'static str, VerdictKind);

    impl Fake {
        fn answer(&self, board: &str, hand: &str) -> i32 {
            let truth = || {
                let i = Instance::parse(board, hand, &Constraints::default()).unwrap();
                crate::game::oracle::solve(&i).unwrap().as_i32()
            };
            match self.0 {
                "panics_on_g" if board.contains('G') => panic!("no G please"),
                "panics_on_g" if board.starts_with('W') => truth() + 1,
                "panics_on_g" => truth(),
                "always_minus_one" => -1,
                _ => 2,
            }
        }
    }

    impl Solution for Fake {
        fn name(&self) -> &str {
            self.0
        }
        fn expected(&self) -> crate::judge::verdict::Expected {
            self.1.into()
        }
        fn source(&self) -> &str {
            "a fake for the reporters' tests"
        }
        fn path(&self) -> &str {
            "solutions/fake.rs"
        }
        fn find_min_step(&self, board: String, hand: String) -> i32 {
            self.answer(&board, &hand)
        }
    }

    /// The cases: split pair (2), a green board (2), statement example 1 (-1).
    pub const CASES: &str = r#"
[[case]]
name = "split-pair"
board = "RRWWRRBBRR"
hand = "WB"
[[case]]
name = "green"
board = "GGBB"
hand = "GB"
[[case]]
name = "example-1"
board = "WRRBBW"
hand = "RB"
"#;

    /// `always_minus_one` (accepted/: WA on split-pair and green), `panics_on_g`
    /// (wrong_answer/: RE on green, WA on example-1) and `always_two` (accepted/: WA on
    /// example-1, where the truth is -1).
    pub fn report() -> RunReport {
        let (cases, errors) = case::parse_file(
            Path::new("t.toml"),
            "t.toml",
            CASES,
            &Constraints::default(),
        );
        let suite = Suite {
            cases,
            errors,
            files: 1,
            ..Suite::default()
        };
        let fakes = [
            Fake("always_minus_one", VerdictKind::Accepted),
            Fake("panics_on_g", VerdictKind::WrongAnswer),
            Fake("always_two", VerdictKind::Accepted),
        ];
        let sols: Vec<&dyn Solution> = fakes.iter().map(|f| f as &dyn Solution).collect();
        // The reporters are tested on the case files alone; the sweep has its own tests.
        let mut config = Config::default();
        config.sweep.max_board = 0;
        runner::run(
            &suite,
            &sols,
            &config,
            &mut |s| Box::new(InProcess::new(s)) as Box<dyn Executor + '_>,
            &mut |_| {},
        )
        .unwrap()
    }
}

/// The output formats of the commands that are not judging runs (`selfcheck`, `bench`,
/// `list`, `audit`, `exhaust`, `fuzz`, `merge`): their help lists only these two.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum HumanOrJson {
    /// Text for people.
    Human,
    /// One JSON object.
    Json,
}

/// The version of every JSON report's layout, its first key `schema_version`: raised when a key
/// is renamed or removed or changes its meaning, never for a new key.
pub const SCHEMA_VERSION: u32 = 1;

/// `v` as pretty-printed JSON with `schema_version` as its first key, and a final newline.
pub fn versioned_json<T: serde::Serialize>(v: &T) -> serde_json::Result<String> {
    #[derive(serde::Serialize)]
    struct Versioned<'a, T: serde::Serialize> {
        schema_version: u32,
        #[serde(flatten)]
        report: &'a T,
    }
    let mut s = serde_json::to_string_pretty(&Versioned {
        schema_version: SCHEMA_VERSION,
        report: v,
    })?;
    s.push('\n');
    Ok(s)
}

/// `n` and its noun, plural unless `n` is 1: `1 file`, `2 files`, `0 fixes`.
pub fn count(n: usize, noun: &str) -> String {
    let plural = if n == 1 {
        ""
    } else if ["s", "x", "ch", "sh"].iter().any(|e| noun.ends_with(e)) {
        "es"
    } else {
        "s"
    };
    format!("{n} {noun}{plural}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::runner;
    use VerdictKind::*;

    #[test]
    fn toolchains_name_each_language_once() {
        let mut r = fixture::report();
        r.solutions.truncate(3);
        r.solutions[0].language = "go".into();
        r.solutions[0].toolchain = Some("go version go1.19.8 linux/amd64".into());
        r.solutions[1].language = "cpp".into();
        r.solutions[1].toolchain = Some("g++ (Debian 12.2.0-14) 12.2.0".into());
        r.solutions[2].language = "kotlin".into();
        r.solutions[2].toolchain = None;
        r.solutions[2].toolchain_missing = true;
        assert_eq!(
            toolchains(&r),
            [
                "go version go1.19.8 linux/amd64",
                "cpp g++ (Debian 12.2.0-14) 12.2.0",
                "kotlin not found"
            ]
        );
    }

    #[test]
    fn report_specs_parse() {
        assert_eq!(
            "junit=out/judge.xml".parse::<ReportSpec>(),
            Ok(ReportSpec {
                format: Format::Junit,
                path: PathBuf::from("out/judge.xml")
            })
        );
        assert_eq!(
            "Markdown=a=b.md".parse::<ReportSpec>().unwrap().path,
            PathBuf::from("a=b.md")
        );
        let error = |s: &str| s.parse::<ReportSpec>().unwrap_err().to_string();
        assert_eq!(
            error("xml=a"),
            "unknown format 'xml' (formats: human, json, junit, markdown, csv, html, gradescope)"
        );
        assert_eq!(
            error("judge.xml"),
            "expected FORMAT=PATH, e.g. junit=judge.xml (formats: human, json, junit, markdown, csv, html, gradescope)"
        );
    }

    #[test]
    fn per_case_rule_agrees_with_as_expected() {
        // A solution has a failing case, or a missing promise, exactly when it is not as
        // expected: checked over every folder and every list of up to three case verdicts.
        let mut lists: Vec<Vec<VerdictKind>> = vec![vec![]];
        let mut frontier = lists.clone();
        for _ in 0..3 {
            frontier = frontier
                .iter()
                .flat_map(|l| {
                    VerdictKind::ALL.map(|k| {
                        let mut l = l.clone();
                        l.push(k);
                        l
                    })
                })
                .collect();
            lists.extend(frontier.iter().cloned());
        }
        let mut checked = 0;
        for expected in VerdictKind::ALL {
            for kinds in &lists {
                let ok = crate::judge::verdict::as_expected(expected, kinds);
                let any_case = kinds.iter().any(|k| case_fails(expected, *k));
                // as expected => no failing case
                assert!(!(ok && any_case), "{expected:?} {kinds:?}");
                // not as expected and no failing case => the promised verdict never happened
                if !ok && !any_case {
                    assert!(
                        expected != Accepted && !kinds.contains(&expected),
                        "{expected:?} {kinds:?}"
                    );
                }
                checked += 1;
            }
        }
        assert_eq!(checked, 5 * (1 + 5 + 25 + 125));
        assert!(case_fails(Accepted, WrongAnswer));
        assert!(!case_fails(WrongAnswer, WrongAnswer));
        assert!(case_fails(WrongAnswer, RunTimeError));
        assert!(!case_fails(TimeLimitExceeded, Accepted));
    }

    #[test]
    fn sweep_line_tells_passed_failed_stopped_and_skipped_apart() {
        let mut s = fixture::report().solutions.remove(0);
        let mut w = runner::SweepReport {
            max_board: 6,
            max_hand: 4,
            classes: 11114,
            judged: 11114,
            failed: None,
            skipped: false,
            cpu_ms: 0.0,
            wall_ms: 0.0,
        };
        let line = |s: &mut SolutionReport, w: &runner::SweepReport| {
            s.sweep = Some(w.clone());
            sweep_summary(s).unwrap()
        };
        let bound = "11114 classes up to board 6, hand 4";
        assert_eq!(line(&mut s, &w), format!("every class passed: {bound}"));
        w.judged = 5000;
        assert_eq!(
            line(&mut s, &w),
            format!("stopped after 5000 of {bound}: every class judged passed")
        );
        w.judged = 188;
        let rules = crate::game::rules::Constraints::default();
        let instance = crate::game::rules::Instance::parse("RRYR", "YY", &rules).unwrap();
        let answer = crate::game::oracle::solve(&instance).unwrap();
        let wa = crate::judge::verdict::Verdict::WrongAnswer {
            expected: 2,
            got: -1,
        };
        let solved = Solved { instance, answer };
        w.failed = Some(runner::FailingInput::new(("RRYR", "YY"), solved, &wa));
        assert_eq!(
            line(&mut s, &w),
            format!("187 of {bound} passed, then sweep#RRYR+YY: WA, oracle 2, returned -1")
        );
        w.skipped = true;
        assert_eq!(
            line(&mut s, &w),
            format!("not swept ({bound}): the run stopped first")
        );
    }
}
