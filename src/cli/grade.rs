//! `zuma-judge grade PATH...`: judge submission files from anywhere (see
//! [`zuma_judge::submission::intake`]) on the cases and write a gradebook. Builds run in
//! parallel through the cache; submissions are then judged in parallel, `--jobs` at a time, each
//! in its own worker (whose CPU time is its own), and merged in input order, so the number of
//! jobs never changes a verdict. Exit codes as `run`'s.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{Context, Result};
use rayon::prelude::*;
use serde::Serialize;

use zuma_judge::cases::case;
use zuma_judge::cases::config::Config;
use zuma_judge::game::oracle::Oracle;
use zuma_judge::judge::execute::Executor;
use zuma_judge::judge::interrupt;
use zuma_judge::judge::runner::{self, BuildReport, BuildsSummary, Event, RunReport};
use zuma_judge::report::draw;
use zuma_judge::report::progress::Progress;
use zuma_judge::report::{self, count, gradebook, Format, ReportSpec};
use zuma_judge::submission::registry::Solution;
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
    /// Submissions judged at once, each in its own worker (default: the number of cores).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    jobs: Option<u32>,
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

/// Why the sandbox is off when the user turned it off.
pub const NO_SANDBOX: &str = "--no-sandbox";

/// Runs `grade`; returns the exit code.
pub fn run(config: &Config, args: GradeArgs) -> Result<u8> {
    if let sandbox::Status::Off(why) = sandbox::status() {
        if why != NO_SANDBOX {
            eprintln!(
                "error: grade runs strangers' code, and the sandbox cannot be built here: {why}\n\
                 help: grade on a machine with unprivileged user namespaces (or as root), or pass \
                 --no-sandbox to grade without it (the README's \"Sandbox\" says what that risks)"
            );
            return Ok(2);
        }
    }
    let taken = match intake::intake(&args.paths) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {e}");
            return Ok(2);
        }
    };
    if taken.submissions.is_empty() {
        eprintln!(
            "error: no submission under {} ({} skipped); submissions are files ending in {}",
            args.paths
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", "),
            count(taken.skipped.len(), "file"),
            languages::extensions()
        );
        return Ok(2);
    }
    let suite = case::load(&args.cases, &config.constraints);
    if suite.nothing_read() {
        for e in &suite.errors {
            eprintln!("error: {e}");
        }
        return Ok(2);
    }
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
    let builds = pool.install(|| pasted::build_all(subs, &build::cache_root()));
    let summary = BuildsSummary::of(&builds, started.elapsed().as_secs_f64() * 1e3);
    let bar = Progress::new(true);
    let mut oracle = Oracle::new();
    let checked = runner::check_suite(&suite, &mut oracle)?;
    let classes = runner::sweep_classes(&config.sweep, &mut oracle)?;
    let valid = checked.truth.iter().filter(|t| t.is_some()).count();
    bar.on_event(&Event::RunStarted {
        solutions: subs.len(),
        cases: valid,
    });
    let settings = Settings {
        limits: config.limits.clone(),
        stop: Some(&interrupt::STOP),
    };
    let runs: Vec<_> = pool.install(|| {
        subs.par_iter()
            .zip(&builds)
            .map(|(p, b)| {
                runner::run_checked(
                    &suite,
                    (checked.clone(), &classes),
                    &[p as &dyn Solution],
                    config,
                    &mut |_| p.executor(b, &settings) as Box<dyn Executor + '_>,
                    &mut |e| {
                        if !matches!(e, Event::RunStarted { .. }) {
                            bar.on_event(e)
                        }
                    },
                )
            })
            .collect()
    });
    bar.finish();
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
    for (s, b) in run.solutions.iter_mut().zip(&builds) {
        s.toolchain = b.toolchain.clone();
        s.build = b.result.as_ref().ok().map(|b| BuildReport {
            cached: b.cached,
            ms: b.ms,
        });
    }
    run.builds = Some(summary);
    run.exit_code = run.exit_code();
    let report = GradeReport {
        schema_version: zuma_judge::report::SCHEMA_VERSION,
        submissions: gradebook::entries(&run),
        skipped: taken
            .skipped
            .iter()
            .map(|p| p.display().to_string())
            .collect(),
        jobs,
        wall_ms: started.elapsed().as_secs_f64() * 1e3,
        run,
    };
    let text = render(&report, args.format);
    match &args.out {
        Some(path) => write_atomically(path, &draw::plain(&text))?,
        None => anstream::stdout().write_all(text.as_bytes())?,
    }
    for spec in &args.reports {
        write_atomically(&spec.path, &draw::plain(&render(&report, spec.format)))?;
    }
    Ok(report.run.exit_code as u8)
}

/// The report in `format`: the gradebook for people, JSON and CSV; JUnit, Markdown and HTML as `run`
/// writes them.
pub fn render(r: &GradeReport, format: Format) -> String {
    match format {
        Format::Human => human(r),
        Format::Json => {
            let mut s = serde_json::to_string_pretty(r).expect("a report always serialises");
            s.push('\n');
            s
        }
        Format::Csv => report::csv::render(&r.submissions),
        Format::Junit | Format::Markdown | Format::Html => report::reporter(format).render(&r.run),
    }
}

/// The gradebook table under a summary, then `run`'s sections (timing, submissions judged on no
/// case, failures with witnesses and minimised inputs, case-file errors, exit code).
fn human(r: &GradeReport) -> String {
    use std::fmt::Write as _;
    let run = &r.run;
    let mut o = String::new();
    let expected = if gradebook::has_expectations(run) {
        let ok = run.solutions.iter().filter(|s| s.as_expected).count();
        format!("{ok} of {} as expected", run.solutions.len())
    } else {
        "no expected verdicts: a gradebook".to_string()
    };
    let _ = writeln!(
        o,
        "zuma-judge grade: {} ({expected}), {} from {}{} ({} points), {} skipped (no known language), {}",
        count(run.solutions.len(), "submission"),
        count(run.cases, "case"),
        count(run.files, "file"),
        report::human::files_detail(run),
        run.points,
        count(r.skipped.len(), "file"),
        count(run.case_errors.len(), "case-file error")
    );
    if let Some(why) = &run.incomplete {
        let _ = writeln!(o, "INCOMPLETE: {why}");
    }
    let _ = writeln!(o, "limits: {}", run.config.describe());
    report::human::toolchains(&mut o, run);
    let _ = writeln!(
        o,
        "judged {} at a time in {:.1} s\n",
        r.jobs,
        r.wall_ms / 1e3
    );
    o.push_str(&gradebook::table(run));
    o.push('\n');
    report::human::sections(&mut o, run);
    o
}

/// Writes `text` to `path` atomically (see [`zuma_judge::atomic`]).
fn write_atomically(path: &Path, text: &str) -> Result<()> {
    zuma_judge::atomic::write(path, text.as_bytes())
        .with_context(|| format!("cannot write {}", path.display()))
}
