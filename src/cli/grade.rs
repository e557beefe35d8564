//! `zuma-judge grade PATH...`: judge submission files from anywhere (see
//! [`zuma_judge::submission::intake`]) on the cases and write a gradebook. Builds run in
//! parallel through the cache; submissions are then judged in parallel, `--jobs` at a time, each
//! in its own worker (whose CPU time is its own), and merged in input order, so the number of
//! jobs never changes a verdict. Exit codes as `run`'s.

use std::cell::RefCell;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::time::Instant;

use anyhow::{Context, Result};
use rayon::prelude::*;
use serde::Serialize;

use zuma_judge::cases::case;
use zuma_judge::cases::config::Config;
use zuma_judge::game::oracle::{Answer, Oracle, WitnessError};
use zuma_judge::game::rules::Instance;
use zuma_judge::judge::execute::Executor;
use zuma_judge::judge::interrupt;
use zuma_judge::judge::runner::{self, BuildReport, BuildsSummary, Event, RunReport};
use zuma_judge::report::draw;
use zuma_judge::report::progress::Progress;
use zuma_judge::report::{self, count, gradebook, Format, ReportSpec};
use zuma_judge::submission::registry::Solution;
use zuma_judge::submission::replay::{self, Record, Replaying, Tape};
use zuma_judge::submission::sandbox;
use zuma_judge::submission::worker::Settings;
use zuma_judge::submission::{build, intake, languages, pasted};

/// Flags of `grade`.
#[derive(clap::Args)]
pub struct GradeArgs {
    /// Submission files, or folders of them (searched recursively).
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// A case file or a directory of them; repeatable.
    #[arg(long = "cases", value_name = "PATH", default_value = "cases")]
    cases: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value = "human")]
    format: Format,
    /// Write the report here instead of standard output.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Also write a report in FORMAT to PATH, e.g. csv=grades.csv; repeatable.
    #[arg(long = "report", value_name = "FORMAT=PATH")]
    reports: Vec<ReportSpec>,
    /// Submissions judged at once, each in its own worker (default: the number of cores; at
    /// most 256).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=256))]
    jobs: Option<u32>,
    /// Judge every submission again, even one the verdict cache holds (same build, cases,
    /// limits, sandbox and judge); the new calls replace the cached ones.
    #[arg(long, env = "ZUMA_JUDGE_REJUDGE", value_parser = clap::builder::BoolishValueParser::new())]
    rejudge: bool,
}

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

/// Runs `grade`; returns the exit code.
pub fn run(config: &Config, args: GradeArgs) -> Result<u8> {
    super::outputs::check(&super::outputs::Output::all(
        args.out.as_deref(),
        None,
        &args.reports,
    ))?;
    let (taken, suite) = match take(&args, config) {
        Ok(t) => t,
        Err(code) => return Ok(code),
    };
    let jobs = args.jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |j| j as usize,
    );
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .context("cannot start the judging threads")?;
    interrupt::install()?;
    let started = Instant::now();
    let subs = &taken.submissions;
    let builder = build::Builder {
        cache: build::cache_root(),
        limits: config.build,
        stop: Some(&interrupt::STOP),
    };
    let builds = pool.install(|| pasted::build_all(subs, &builder));
    let summary = BuildsSummary::of(&builds, started.elapsed().as_secs_f64() * 1e3);
    let bar = Progress::new(true);
    let mut oracle = Oracle::new();
    let checked = runner::check_suite(&suite, &mut oracle)?;
    let classes = runner::sweep_classes(&config.sweep, &mut oracle)?;
    bar.on_event(&Event::RunStarted {
        solutions: subs.len(),
        cases: checked.truth.iter().filter(|t| t.is_some()).count(),
    });
    let tapes = tape_paths(&builds, config, &suite, &checked);
    let shared = Shared {
        suite: &suite,
        checked: &checked,
        classes: &classes,
        config,
        settings: Settings {
            limits: config.limits.clone(),
            stop: Some(&interrupt::STOP),
        },
        bar: &bar,
        rejudge: args.rejudge,
    };
    let judged: Vec<_> = pool.install(|| {
        subs.par_iter()
            .zip(&builds)
            .zip(&tapes)
            .map(|((p, b), tape)| shared.judge(p, b, tape.as_deref()))
            .collect()
    });
    bar.finish();
    let (runs, replayed): (Vec<_>, Vec<bool>) = judged.into_iter().unzip();
    let mut run = merge(runs, &builds)?;
    run.builds = Some(summary);
    run.exit_code = i32::from(run.exit().code());
    let mut submissions = gradebook::entries(&run);
    for (e, replayed) in submissions.iter_mut().zip(replayed) {
        e.replayed = replayed;
    }
    let report = GradeReport {
        schema_version: zuma_judge::report::SCHEMA_VERSION,
        submissions,
        skipped: taken
            .skipped
            .iter()
            .map(|p| p.display().to_string())
            .collect(),
        jobs,
        wall_ms: started.elapsed().as_secs_f64() * 1e3,
        run,
    };
    write(&report, &args)?;
    Ok(report.run.exit_code as u8)
}

/// The submissions and the cases, or the exit code of a refusal already explained on standard
/// error: no sandbox without `--no-sandbox`, no submission, or no case file read.
fn take(args: &GradeArgs, config: &Config) -> Result<(intake::Intake, case::Suite), u8> {
    if let sandbox::Status::Off(why) = sandbox::status() {
        if why != sandbox::OffReason::Disabled {
            zuma_judge::eprintln_lossy!(
                "error: grade runs strangers' code, and the sandbox cannot be built here: {why}\n\
                 help: grade on a machine with unprivileged user namespaces (or as root), or pass \
                 --no-sandbox to grade without it (the README's \"Sandbox\" says what that risks)"
            );
            return Err(2);
        }
    }
    let taken = intake::intake(&args.paths).map_err(|e| {
        zuma_judge::eprintln_lossy!("error: {e}");
        2u8
    })?;
    if taken.submissions.is_empty() {
        zuma_judge::eprintln_lossy!(
            "error: no submission under {} ({} skipped); submissions are files ending in {}",
            args.paths
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", "),
            count(taken.skipped.len(), "file"),
            languages::extensions()
        );
        return Err(2);
    }
    let suite = case::load(&args.cases, &config.constraints);
    if suite.nothing_read() {
        for e in &suite.errors {
            zuma_judge::eprintln_lossy!("error: {e}");
        }
        return Err(2);
    }
    Ok((taken, suite))
}

/// What every submission is judged against, prepared once per `grade`.
struct Shared<'a> {
    suite: &'a case::Suite,
    checked: &'a runner::Checked,
    classes: &'a [(Instance, Answer)],
    config: &'a Config,
    settings: Settings,
    bar: &'a Progress,
    rejudge: bool,
}

impl Shared<'_> {
    /// Judges one submission, replaying its tape from the verdict cache when there is one
    /// (and `--rejudge` is off), and keeps the new tape. The flag: every call was replayed.
    fn judge(
        &self,
        p: &pasted::Pasted,
        b: &build::Outcome,
        tape: Option<&Path>,
    ) -> (Result<RunReport, WitnessError>, bool) {
        let earlier = tape.filter(|_| !self.rejudge).and_then(Tape::load);
        let had_tape = earlier.is_some();
        let mut earlier = Some(earlier);
        let record = Rc::new(RefCell::new(Record::default()));
        let r = runner::run_checked(
            self.suite,
            (self.checked.clone(), self.classes),
            &[p as &dyn Solution],
            self.config,
            &mut |_| {
                let live = p.executor(b, &self.settings);
                let earlier = earlier.take().flatten();
                Box::new(Replaying::new(live, earlier, Rc::clone(&record)))
                    as Box<dyn Executor + '_>
            },
            &mut |e| {
                if !matches!(e, Event::RunStarted { .. }) {
                    self.bar.on_event(e)
                }
            },
        );
        let record = record.take();
        if let (Ok(r), Some(path)) = (&r, tape) {
            keep_tape(r, &record, had_tape, path);
        }
        (r, had_tape && record.live == 0)
    }
}

/// One report of the submissions' runs, in input order, each with its build.
fn merge(
    runs: Vec<Result<RunReport, WitnessError>>,
    builds: &[build::Outcome],
) -> Result<RunReport> {
    let mut merged: Option<RunReport> = None;
    for r in runs {
        let r = r?;
        match &mut merged {
            None => merged = Some(r),
            Some(m) => {
                m.solutions.extend(r.solutions);
                if m.incomplete.is_none() {
                    m.incomplete = r.incomplete;
                }
            }
        }
    }
    let mut run = merged.expect("at least one submission");
    for (s, b) in run.solutions.iter_mut().zip(builds) {
        s.toolchain = b.toolchain.clone();
        s.build = BuildReport::of(b);
    }
    Ok(run)
}

/// Writes the report to `--out` or standard output, and each `--report`.
fn write(report: &GradeReport, args: &GradeArgs) -> Result<()> {
    let text = render(report, args.format);
    match &args.out {
        Some(path) => write_atomically(path, &draw::plain(&text))?,
        None => anstream::stdout().write_all(text.as_bytes())?,
    }
    for spec in &args.reports {
        write_atomically(&spec.path, &draw::plain(&render(report, spec.format)))?;
    }
    Ok(())
}

/// The report in `format`: the gradebook for people, Markdown, JSON and CSV; JUnit and HTML as
/// `run` writes them.
pub fn render(r: &GradeReport, format: Format) -> String {
    match format {
        Format::Human => human(r),
        Format::Json => {
            let mut s = serde_json::to_string_pretty(r).expect("a report always serialises");
            s.push('\n');
            s
        }
        Format::Csv => report::csv::render(&r.submissions),
        Format::Markdown => report::markdown::gradebook(&r.run, &summary_line(r)),
        Format::Html => report::html::titled(&r.run, "zuma-judge grade"),
        Format::Junit => report::reporter(format).render(&r.run),
    }
}

/// The first line: submissions, whether they are as expected, cases, points, files skipped.
fn summary_line(r: &GradeReport) -> String {
    let run = &r.run;
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
        report::human::files_detail(run),
        run.points,
        count(r.skipped.len(), "file"),
        count(run.case_errors.len(), "case-file error")
    )
}

/// The gradebook table under a summary, then `run`'s sections (timing, submissions judged on no
/// case, failures with witnesses and minimised inputs, case-file errors, exit code).
fn human(r: &GradeReport) -> String {
    use std::fmt::Write as _;
    let run = &r.run;
    let mut o = String::new();
    let _ = writeln!(o, "{}", summary_line(r));
    if let Some(why) = &run.incomplete {
        let _ = writeln!(o, "INCOMPLETE: {why}");
    }
    let _ = writeln!(o, "limits: {}", run.config.describe());
    let _ = writeln!(o, "judging: {}", run.config.describe_judging());
    report::human::toolchains(&mut o, run);
    let replayed = r.submissions.iter().filter(|e| e.replayed).count();
    let cache = match replayed {
        0 => String::new(),
        n => format!(
            "; {n} of {} replayed from the verdict cache (same build, cases, limits, sandbox \
             and judge; --rejudge judges again)",
            count(r.submissions.len(), "submission")
        ),
    };
    let _ = writeln!(
        o,
        "judged {} at a time in {:.1} s{cache}\n",
        r.jobs.min(r.submissions.len()).max(1),
        r.wall_ms / 1e3
    );
    o.push_str(&gradebook::table(run));
    o.push('\n');
    report::human::sections(&mut o, run);
    o
}

/// Where each submission's tape is kept in the verdict cache ([`replay`]), keyed by its build
/// (source, language and toolchain), the judge binary, the valid cases in order, `judge.toml`
/// and the sandbox; `None` for a submission that did not build (nothing to replay) or when the
/// judge binary cannot be read.
fn tape_paths(
    builds: &[build::Outcome],
    config: &Config,
    suite: &case::Suite,
    checked: &runner::Checked,
) -> Vec<Option<PathBuf>> {
    let judge = std::env::current_exe().and_then(std::fs::read).ok();
    let mut common = replay::Key::new();
    let Some(judge) = judge else {
        return builds.iter().map(|_| None).collect();
    };
    common.put(&judge);
    common.put(
        serde_json::to_string(config)
            .expect("a config serialises")
            .as_bytes(),
    );
    common.put(sandbox::status().describe().as_bytes());
    for (c, t) in suite.cases.iter().zip(&checked.truth) {
        if t.is_some() {
            for part in [&c.id, &c.board, &c.hand] {
                common.put(part.as_bytes());
            }
        }
    }
    let root = build::cache_root();
    builds
        .iter()
        .map(|b| {
            let dir = b.result.as_ref().ok()?.dir.file_name()?;
            let mut key = common.clone();
            key.put(dir.as_encoded_bytes());
            Some(key.path(&root))
        })
        .collect()
}

/// Keeps the calls of a complete judgement as the submission's tape, unless they were all
/// replayed from it; a stopped or incomplete one is never kept. A tape that cannot be written
/// costs the next run its shortcut, nothing more: said on standard error.
fn keep_tape(r: &RunReport, record: &Record, had_tape: bool, path: &Path) {
    let complete = r.incomplete.is_none() && r.solutions.iter().all(|s| s.complete);
    if record.stopped || !complete || (had_tape && record.live == 0) {
        return;
    }
    if let Err(e) = record.tape.save(path) {
        zuma_judge::eprintln_lossy!(
            "warning: cannot keep the verdict cache's tape {}: {e}",
            path.display()
        );
    }
}

/// Writes `text` to `path` atomically (see [`zuma_judge::atomic`]).
fn write_atomically(path: &Path, text: &str) -> Result<()> {
    zuma_judge::atomic::write(path, text.as_bytes())
        .with_context(|| format!("cannot write {}", path.display()))
}
