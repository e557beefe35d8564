//! `zuma-judge run`, the main job: every registered solution (compiled into the judge, scripts
//! in `solutions/`, and with `--solutions-dir` a folder of pasted submissions) judged on the
//! cases, with the reports, the baseline comparison and the extras asked for.

use std::io::Write as _;
use std::path::PathBuf;

use anyhow::{bail, Context, Result};

use zuma_judge::cases::case;
use zuma_judge::cases::config::Config;
use zuma_judge::judge::execute::Unbuilt;
use zuma_judge::judge::execute::{Executor, InProcess, Repeat, Unjudged};
use zuma_judge::judge::extras;
use zuma_judge::judge::interrupt;
use zuma_judge::judge::runner;
use zuma_judge::judge::verdict::VerdictKind;
use zuma_judge::report::baseline::{self, Baseline};
use zuma_judge::report::draw;
use zuma_judge::report::progress::Progress;
use zuma_judge::report::{self, Format, ReportSpec};
use zuma_judge::submission::pasted::{self, Pasted};
use zuma_judge::submission::registry::{self, Solution};
use zuma_judge::submission::worker::{Launch, Settings, Worker};
use zuma_judge::submission::{build, languages};

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
pub fn run(config: &Config, a: RunArgs) -> Result<u8> {
    super::outputs::check(&super::outputs::Output::all(
        a.out.as_deref(),
        None,
        &a.reports,
    ))?;
    let how = How {
        repeat: a.repeat as usize,
        in_process: a.in_process,
        solutions_dir: a.solutions_dir,
        metamorphic: a.metamorphic,
        kill_matrix: a.kill_matrix,
    };
    cmd_run(
        config,
        &a.cases,
        &a.solutions,
        (a.format, a.out),
        &a.reports,
        a.baseline.as_deref(),
        &how,
    )
}

/// What the sandbox line adds when `--in-process` called compiled solutions.
const IN_PROCESS_NOTE: &str =
    "; with --in-process, compiled solutions were called in the judge's own process, unsandboxed";

/// How `run` calls the solutions, and which extra checks it runs.
struct How {
    repeat: usize,
    in_process: bool,
    solutions_dir: Option<PathBuf>,
    metamorphic: bool,
    kill_matrix: bool,
}

fn cmd_run(
    config: &Config,
    roots: &[PathBuf],
    names: &[String],
    (format, out): (Format, Option<PathBuf>),
    reports: &[ReportSpec],
    baseline: Option<&std::path::Path>,
    how: &How,
) -> Result<u8> {
    let pastes = pasted_solutions(how)?;
    let chosen = choose(every_solution(&pastes), names)?;
    let old = baseline.map(Baseline::load).transpose()?;
    let suite = case::load(roots, &config.constraints);
    if suite.nothing_read() {
        // No case file could be read: a table of zeros would only hide the reason. (Bad cases
        // in a file that was read are reported in the usual report.)
        for e in &suite.errors {
            zuma_judge::eprintln_lossy!("error: {e}");
        }
        return Ok(2);
    }
    let pastes: Vec<&Pasted> = pastes
        .iter()
        .filter(|p| chosen.iter().any(|c| c.name() == p.name))
        .collect();
    // Before the builds: a signal while they run must still end in a report, not kill the judge
    // and orphan its compilers. The builds running are killed; judging then stops at once.
    interrupt::install()?;
    let builder = build::Builder {
        cache: build::cache_root(),
        limits: config.build,
        stop: Some(&interrupt::STOP),
    };
    let (builds, summary) = build_pasted(&pastes, &builder);
    let bar = Progress::new(true);
    let exe = std::env::current_exe().context("cannot find the judge's own executable")?;
    let settings = Settings {
        limits: config.limits.clone(),
        stop: Some(&interrupt::STOP),
    };
    let calls = Calls {
        pastes: &pastes,
        builds: &builds,
        settings,
        exe,
        how,
    };
    let mut report = runner::run(
        &suite,
        &chosen,
        config,
        &mut |s| calls.executor(s),
        &mut |e| bar.on_event(e),
    )?;
    bar.finish();
    if how.in_process && chosen.iter().any(|s| registry::find(s.name()).is_some()) {
        // The compiled solutions never met a worker: the sandbox line must not claim them.
        report.sandbox.detail += IN_PROCESS_NOTE;
    }
    report.builds = summary;
    attach_builds(&mut report, &pastes, &builds);
    let mut text = render(&mut report, &suite, &chosen, how, format)?;
    let mut code = report.exit_code as u8;
    let Some((path, old)) = baseline.zip(old) else {
        write_reports(&report, &text, out.as_deref(), reports)?;
        return Ok(code);
    };
    let cmp = baseline::compare(&old, &Baseline::of(&report));
    if cmp.regressions() > 0 && code == 0 {
        code = 1;
    }
    let comparison = cmp.render(&path.display().to_string());
    // Beside a human report on standard output, the comparison goes out in the same write, so
    // a reader that reads the start and goes away (`| head`) cannot cut the exit code off.
    if out.is_none() && format == Format::Human {
        text.push_str(&comparison);
        write_reports(&report, &text, None, reports)?;
    } else {
        write_reports(&report, &text, out.as_deref(), reports)?;
        // Standard output carries a machine format: keep it parseable. A reader that has gone
        // loses the comparison, not the exit code, which is the gate's.
        use std::io::Write as _;
        let _ = if out.is_none() {
            write!(std::io::stderr(), "{comparison}")
        } else {
            write!(std::io::stdout(), "{comparison}")
        };
    }
    Ok(code)
}

/// Every solution `run` can judge, in table order: the Rust drop-ins that compiled, those that
/// did not (CE), then the pasted ones (drop-ins in other languages, `--solutions-dir`).
fn every_solution(pastes: &[Pasted]) -> Vec<&dyn Solution> {
    let compiled = registry::compiled().iter().map(|s| s as &dyn Solution);
    let uncompiled = registry::uncompiled().iter().map(|s| s as &dyn Solution);
    let pasted = pastes.iter().map(|s| s as &dyn Solution);
    compiled.chain(uncompiled).chain(pasted).collect()
}

/// How `run` calls each chosen solution.
struct Calls<'a> {
    pastes: &'a [&'a Pasted],
    builds: &'a [build::Outcome],
    settings: Settings,
    /// The judge's own executable, which the compiled solutions' workers run.
    exe: PathBuf,
    how: &'a How,
}

impl Calls<'_> {
    /// The executor for `s`: a pasted submission's own, a compile error for a Rust file that
    /// did not build into the judge, an in-process caller (`--in-process`) or a worker; each
    /// repeated `--repeat` times.
    fn executor<'s>(&self, s: &'s dyn Solution) -> Box<dyn Executor + 's> {
        let pasted = self.pastes.iter().position(|x| x.name == s.name());
        let broken = registry::uncompiled().iter().find(|u| u.name == s.name());
        let inner: Box<dyn Executor + 's> = match (pasted, broken) {
            (Some(i), _) => self.pastes[i].executor(&self.builds[i], &self.settings),
            (None, Some(u)) => Box::new(Unbuilt {
                why: Unjudged::CompileError(u.message.to_string()),
                label: "rustc".into(),
            }),
            (None, None) if self.how.in_process => {
                Box::new(InProcess::with_stop(s, &interrupt::STOP))
            }
            (None, None) => Box::new(Worker::new(
                Launch::own_binary(self.exe.clone(), s.name()),
                self.settings.clone(),
            )),
        };
        Box::new(Repeat::new(inner, self.how.repeat))
    }
}

/// The solutions `names` picks (all of them when it is empty), checking first that no two
/// solutions share a name.
fn choose<'a>(all: Vec<&'a dyn Solution>, names: &[String]) -> Result<Vec<&'a dyn Solution>> {
    for (i, s) in all.iter().enumerate() {
        if let Some(other) = all[..i].iter().find(|o| o.name() == s.name()) {
            bail!(
                "{}: the name '{}' is taken by {}; solution names are file stems and must be unique",
                s.path(),
                s.name(),
                other.path()
            );
        }
    }
    Ok(if names.is_empty() {
        all
    } else {
        let mut v = Vec::new();
        for n in names {
            match all.iter().find(|s| s.name() == n) {
                Some(s) => v.push(*s),
                None => bail!(
                    "no solution named '{n}'; registered: {}",
                    all.iter().map(|s| s.name()).collect::<Vec<_>>().join(", ")
                ),
            }
        }
        v
    })
}

/// Each pasted submission's toolchain and build (cached, ms) into its report.
fn attach_builds(report: &mut runner::RunReport, pastes: &[&Pasted], builds: &[build::Outcome]) {
    for s in report.solutions.iter_mut() {
        if let Some(i) = pastes.iter().position(|p| p.name == s.name) {
            s.toolchain = builds[i].toolchain.clone();
            s.build = runner::BuildReport::of(&builds[i]);
        }
    }
}

/// The report in `format`, with what `--metamorphic` and `--kill-matrix` add.
fn render(
    report: &mut runner::RunReport,
    suite: &case::Suite,
    chosen: &[&dyn Solution],
    how: &How,
    format: Format,
) -> Result<String> {
    let (metamorphic, kill_matrix) = (how.metamorphic, how.kill_matrix);
    Ok(if metamorphic || kill_matrix {
        // The metamorphic checks call solutions in process, with no limits: only compiled
        // solutions that are meant to answer (accepted, wrong_answer) take part. The kill
        // matrix reads the report, so it has every known-wrong solution.
        let answering: Vec<&dyn Solution> = chosen
            .iter()
            .copied()
            .filter(|s| {
                registry::find(s.name()).is_some()
                    && matches!(
                        s.expected(),
                        zuma_judge::judge::verdict::Expected::One(
                            VerdictKind::Accepted | VerdictKind::WrongAnswer
                        )
                    )
            })
            .collect();
        let extras = extras::compute(suite, &answering, report, metamorphic, kill_matrix);
        report::extras::render(report, &extras, format)?
    } else {
        report::reporter(format).render(report)
    })
}

/// The solutions pasted into `solutions/` (and `--solutions-dir`), with a warning for each file
/// no language claims.
fn pasted_solutions(how: &How) -> Result<Vec<Pasted>> {
    let mut found = pasted::registered()?;
    if let Some(dir) = &how.solutions_dir {
        let more =
            pasted::discover(dir).with_context(|| format!("--solutions-dir {}", dir.display()))?;
        found.pasted.extend(more.pasted);
        found.skipped.extend(more.skipped);
    }
    warn_skipped(&found.skipped);
    Ok(found.pasted)
}

/// Writes the report to `out` (or standard output) and each `--report FORMAT=PATH`, files
/// atomically and without colour.
fn write_reports(
    report: &runner::RunReport,
    text: &str,
    out: Option<&std::path::Path>,
    reports: &[ReportSpec],
) -> Result<()> {
    let write = |path: &std::path::Path, text: &str| {
        zuma_judge::atomic::write(path, draw::plain(text).as_bytes())
            .with_context(|| format!("cannot write {}", path.display()))
    };
    match out {
        Some(path) => write(path, text)?,
        None => anstream::stdout().write_all(text.as_bytes())?,
    }
    for spec in reports {
        write(&spec.path, &report::reporter(spec.format).render(report))?;
    }
    Ok(())
}

/// Says, on standard error, which files of a solutions folder are not judged, and why.
pub fn warn_skipped(skipped: &[String]) {
    for path in skipped {
        let ext = std::path::Path::new(path)
            .extension()
            .unwrap_or_default()
            .to_string_lossy();
        // A file of a known language is skipped only outside a verdict folder.
        if languages::by_extension(&ext).is_some() {
            zuma_judge::eprintln_lossy!(
                "warning: {path}: not judged: not in a verdict folder; move it into one (accepted/, wrong_answer/, ...: the verdict it should get)"
            );
        } else {
            zuma_judge::eprintln_lossy!(
                "warning: {path}: not judged: no language has this file's extension (known: {})",
                languages::extensions()
            );
        }
    }
}

/// Builds the pasted submissions in parallel, each on its own, and sums up how it went.
fn build_pasted(
    pastes: &[&Pasted],
    builder: &build::Builder,
) -> (Vec<build::Outcome>, Option<runner::BuildsSummary>) {
    if pastes.is_empty() {
        return (Vec::new(), None);
    }
    let started = std::time::Instant::now();
    let owned: Vec<Pasted> = pastes.iter().map(|p| (*p).clone()).collect();
    let builds = pasted::build_all(&owned, builder);
    let summary = runner::BuildsSummary::of(&builds, started.elapsed().as_secs_f64() * 1e3);
    (builds, Some(summary))
}
