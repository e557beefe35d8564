//! `zuma-judge run`, the main job: every registered solution (`solutions/`, and with
//! `--solutions-dir` a folder of pasted submissions) judged on the cases by one judging session
//! ([`zuma_judge::judge::session`]), with the reports, the baseline and the extras asked for.

use std::path::PathBuf;

use anyhow::Result;

use super::outputs::Output;

use zuma_judge::cases::case;
use zuma_judge::cases::config::Config;
use zuma_judge::judge::exit::Exit;
use zuma_judge::judge::runner::RunReport;
use zuma_judge::judge::session::{self, Options};
use zuma_judge::report::baseline::{self, Baseline};
use zuma_judge::report::progress::Progress;
use zuma_judge::report::run::RunOutput;
use zuma_judge::report::{self, Format, ReportSpec};
use zuma_judge::submission::catalog::{self, Catalog};

/// Flags of `run`.
#[derive(clap::Args)]
pub struct RunArgs {
    /// A case file or a directory of them; repeatable.
    #[arg(long = "cases", value_name = "PATH", default_value = "cases")]
    pub cases: Vec<PathBuf>,
    /// Judge only this solution; repeatable.
    #[arg(long = "solution", value_name = "NAME")]
    pub solutions: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value = "human")]
    pub format: Format,
    /// Write the report here instead of standard output.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Also write a report in FORMAT to PATH, e.g. junit=judge.xml; repeatable.
    #[arg(long = "report", value_name = "FORMAT=PATH")]
    pub reports: Vec<ReportSpec>,
    /// Compare with an earlier `--format json` report: changed verdicts, cases and
    /// solutions that came or went, and cases slower by more than max(3 x the repeats'
    /// spread, 10 ms or 1 ms with repeats, 50%). A verdict regression exits 1.
    #[arg(long, value_name = "OLD.json")]
    pub baseline: Option<PathBuf>,
    /// Call each solution N times per case and report the median time.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub repeat: u32,
    /// Call compiled solutions in the judge's own process (no limits; a loop hangs the run).
    #[arg(long, hide = true)]
    pub in_process: bool,
    /// Also judge the submissions in every supported language under DIR/<verdict>/
    /// (Rust files there are built by rustc), without rebuilding the judge.
    #[arg(long, alias = "scripts-dir", value_name = "DIR")]
    pub solutions_dir: Option<PathBuf>,
    /// Also check that each solution's answers survive board reversal, colour renaming and
    /// hand reordering.
    #[arg(long)]
    pub metamorphic: bool,
    /// Also show which cases kill which wrong solutions, and a smallest killing set.
    #[arg(long)]
    pub kill_matrix: bool,
}

/// Runs `run`; returns the exit code.
pub fn run(config: &Config, a: RunArgs) -> Result<Exit> {
    super::outputs::check(&Output::all(a.out.as_deref(), None, &a.reports))?;
    report::gradescope::refuse_outside_grade(a.format, &a.reports)?;
    let catalog = Catalog::registered(a.solutions_dir.as_deref())?;
    warn_skipped(&catalog.skipped);
    let catalog = catalog.choose(&a.solutions)?;
    let old = a.baseline.as_deref().map(Baseline::load).transpose()?;
    let suite = case::load(&a.cases, &config.constraints);
    if suite.nothing_read() {
        // No case file could be read: a table of zeros would only hide the reason.
        (suite.errors.iter()).for_each(|e| zuma_judge::eprintln_lossy!("error: {e}"));
        return Ok(Exit::Usage);
    }
    let opts = Options {
        repeat: a.repeat as usize,
        in_process: a.in_process,
        metamorphic: a.metamorphic,
        kill_matrix: a.kill_matrix,
        ..Options::default()
    };
    let bar = Progress::new(true);
    let mut judged = session::judge(&catalog, &suite, config, &opts, &mut |e| bar.on_event(e))?;
    let comparison = a.baseline.as_deref().zip(old).map(|(path, old)| {
        let cmp = baseline::compare(&old, &Baseline::of(&judged.report));
        // A regression fails the gate: the report says so before it is written.
        judged.report.gates.regressions = cmp.regressions();
        cmp.render(&path.display().to_string())
    });
    judged.report.settle();
    let output = RunOutput {
        report: &judged.report,
        extras: judged.extras.as_ref(),
        comparison,
    };
    report::run::write(&output, a.format, a.out.as_deref(), &a.reports)?;
    Ok(judged.exit())
}

/// Every registered solution (and those of `solutions_dir`, in verdict folders) judged on
/// `suite` as `run` judges them, with no report written: for `hack`'s preview.
pub fn judge_suite(
    config: &Config,
    suite: &case::Suite,
    solutions_dir: Option<PathBuf>,
) -> Result<RunReport> {
    let catalog = Catalog::registered(solutions_dir.as_deref())?;
    warn_skipped(&catalog.skipped);
    let (bar, opts) = (Progress::new(true), Options::default());
    Ok(session::judge(&catalog, suite, config, &opts, &mut |e| bar.on_event(e))?.report)
}

/// Says, on standard error, which files of a solutions folder are not judged, and why.
pub fn warn_skipped(skipped: &[String]) {
    for path in skipped {
        zuma_judge::eprintln_lossy!("warning: {}", catalog::why_skipped(path));
    }
}
