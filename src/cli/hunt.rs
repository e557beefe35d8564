//! The counterexample hunters' commands (`exhaust`, `merge`, `fuzz`) and `run`'s
//! `--metamorphic` and `--kill-matrix` extras, for the thin CLI in `main.rs`. Parses nothing
//! itself beyond clap; the work is in the library.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use anyhow::{bail, Context, Result};
use clap::Subcommand;
use indicatif::{ProgressBar, ProgressStyle};

use zuma_judge::cases::case::Suite;
use zuma_judge::cases::config::{Config, Limits};
use zuma_judge::cases::regression::{self, Appended, Record};
use zuma_judge::hunt::counterexample::Counterexample;
use zuma_judge::hunt::exhaust::{self, Shard};
use zuma_judge::hunt::fuzz::{self, Stop};
use zuma_judge::judge::execute::{Executor, InProcess};
use zuma_judge::judge::killmatrix::{self, KillMatrix};
use zuma_judge::judge::metamorphic::{self, Inconsistency};
use zuma_judge::judge::runner::RunReport;
use zuma_judge::judge::verdict::VerdictKind;
use zuma_judge::report::{hunt, Format};
use zuma_judge::submission::build;
use zuma_judge::submission::pasted::{self, Pasted};
use zuma_judge::submission::registry::{self, Registered, Solution};
use zuma_judge::submission::worker::{Launch, Settings, Worker};

/// Output formats of `exhaust`, `fuzz` and `merge`.
pub use zuma_judge::report::HumanOrJson as HuntFormat;

/// Where and whether a hunter records its counterexample.
#[derive(clap::Args)]
pub struct Recording {
    /// Do not append the counterexample to the solution's regression file.
    #[arg(long)]
    no_record: bool,
    /// Folder of regression files, one `<solution>.toml` each.
    #[arg(long, value_name = "DIR", default_value = regression::DEFAULT_DIR)]
    regressions: PathBuf,
}

/// How a hunter calls the solution.
#[derive(clap::Args)]
pub struct Calls {
    /// Worker threads (0: one per core).
    #[arg(long, value_name = "N", default_value_t = 0)]
    jobs: usize,
    /// Call the solution inside the judge's own threads, with no time or memory limit:
    /// faster, but a solution that loops hangs the sweep. Compiled solutions only.
    #[arg(long)]
    in_process: bool,
}

/// The hunters' subcommands, flattened into the main CLI.
#[derive(Subcommand)]
pub enum HuntCommand {
    /// Judge a solution on every valid instance up to a bound, one per symmetry class, smallest
    /// first; report the smallest counterexample (exit 1) or that there is none (exit 0).
    Exhaust {
        /// The solution to judge.
        #[arg(long, value_name = "NAME")]
        solution: String,
        /// Longest board, in balls.
        #[arg(long, value_name = "N", default_value_t = 8)]
        max_board: usize,
        /// Largest hand, in balls.
        #[arg(long, value_name = "M", default_value_t = 5)]
        max_hand: usize,
        /// Judge everything and count failures by kind, instead of stopping at the first.
        #[arg(long)]
        all: bool,
        /// Judge only shard K of N (1-based); combine shard JSON reports with `merge`, which
        /// is the gate: a shard exits 0 when it ran, whatever it found.
        #[arg(long, value_name = "K/N")]
        shard: Option<Shard>,
        /// With --shard: exit 1 when this shard finds a counterexample.
        #[arg(long, requires = "shard")]
        fail_on_counterexample: bool,
        /// Output format.
        #[arg(long, value_enum, default_value = "human")]
        format: HuntFormat,
        /// Write the report here instead of standard output.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
        /// Judge the metamorphic variant (board reversed, colours renamed, hand reordered) of
        /// every class called solvable and of 1 in N of the others; 1 judges every class's.
        #[arg(long, value_name = "N", default_value_t = 16,
              value_parser = clap::value_parser!(u64).range(1..))]
        metamorphic_sample: u64,
        /// Judge no metamorphic variants.
        #[arg(long)]
        no_metamorphic: bool,
        #[command(flatten)]
        recording: Recording,
        #[command(flatten)]
        calls: Calls,
    },
    /// Combine the JSON reports of `exhaust --shard 1/N` .. `N/N` into one report.
    Merge {
        /// The shard reports.
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value = "human")]
        format: HuntFormat,
        /// Write the report here instead of standard output.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
        #[command(flatten)]
        recording: Recording,
    },
    /// Judge a solution on seeded random instances aimed at answers 1..5; shrink and record the
    /// first failure (exit 1).
    Fuzz {
        /// The solution to judge.
        #[arg(long, value_name = "NAME")]
        solution: String,
        /// The seed (default: from the clock, printed in the report).
        #[arg(long, value_name = "S")]
        seed: Option<u64>,
        /// Stop after this many instances (default 10000).
        #[arg(long, value_name = "N", conflicts_with = "time",
              value_parser = clap::value_parser!(u64).range(1..))]
        count: Option<u64>,
        /// Stop after about this many seconds instead.
        #[arg(long, value_name = "SECS")]
        time: Option<f64>,
        /// Output format.
        #[arg(long, value_enum, default_value = "human")]
        format: HuntFormat,
        /// Write the report here instead of standard output.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
        /// Skip the metamorphic variant of each instance.
        #[arg(long)]
        no_metamorphic: bool,
        #[command(flatten)]
        recording: Recording,
        #[command(flatten)]
        calls: Calls,
    },
}

/// Runs one hunter command; returns the exit code.
pub fn run(config: &Config, cmd: HuntCommand) -> Result<u8> {
    match cmd {
        HuntCommand::Exhaust {
            solution,
            max_board,
            max_hand,
            all,
            shard,
            fail_on_counterexample,
            format,
            out,
            metamorphic_sample,
            no_metamorphic,
            recording:
                Recording {
                    no_record,
                    regressions,
                },
            calls: Calls { jobs, in_process },
        } => {
            let hunted = Hunted::find(&solution, in_process, config)?;
            let sol = hunted.solution();
            let opts = exhaust::Options {
                max_board,
                max_hand,
                all,
                shard,
                metamorphic_sample: if no_metamorphic {
                    0
                } else {
                    metamorphic_sample
                },
                jobs,
            };
            let bar = Bar::new("exhaust");
            let make = || hunted.executor();
            let report = exhaust::run(sol, &make, &opts, &config.constraints, &bar)?;
            bar.0.finish_and_clear();
            let text = match format {
                HuntFormat::Json => json(&report)?,
                HuntFormat::Human => hunt::exhaust(&report, &config.constraints, None),
            };
            emit(&text, out.as_deref())?;
            match (&report.counterexample, no_record, shard) {
                (Some(cx), false, None) => record(
                    &regressions,
                    sol.name(),
                    cx,
                    format!("zuma-judge exhaust --max-board {max_board} --max-hand {max_hand}"),
                    config,
                )?,
                // A shard's smallest need not be the sweep's: `merge` records that one.
                (Some(_), false, Some(s)) => eprintln!(
                    "shard {s}: counterexample not recorded; `zuma-judge merge` records the smallest of all the shards"
                ),
                _ => {}
            }
            // A shard found what it found: `merge` of every shard decides, unless asked.
            let gate = shard.is_none() || fail_on_counterexample;
            Ok(if gate { report.exit_code() as u8 } else { 0 })
        }
        HuntCommand::Merge {
            files,
            format,
            out,
            recording:
                Recording {
                    no_record,
                    regressions,
                },
        } => {
            let mut reports = Vec::new();
            for f in &files {
                reports.push((f.clone(), exhaust::read_report(f)?));
            }
            let merged = exhaust::merge(&reports)?;
            let text = match format {
                HuntFormat::Json => json(&merged)?,
                HuntFormat::Human => hunt::exhaust(&merged, &config.constraints, Some(files.len())),
            };
            emit(&text, out.as_deref())?;
            if let (Some(cx), false) = (&merged.counterexample, no_record) {
                // The shard files are input: check them before writing a case from them.
                Hunted::find(&merged.solution, false, config)?;
                let inst = zuma_judge::game::rules::Instance::parse(
                    &cx.board,
                    &cx.hand,
                    &config.constraints,
                )
                .map_err(|e| {
                    anyhow::anyhow!(
                        "the shards' counterexample {} + {} is not a valid input: {e}",
                        cx.board,
                        cx.hand
                    )
                })?;
                let truth = zuma_judge::game::oracle::Oracle::new()
                    .solve(&inst)?
                    .as_i32();
                if truth != cx.oracle {
                    bail!(
                        "the shards say the answer for {} + {} is {}, the oracle says {truth}; not recorded",
                        cx.board,
                        cx.hand,
                        cx.oracle
                    );
                }
                record(
                    &regressions,
                    &merged.solution,
                    cx,
                    format!(
                        "zuma-judge exhaust --max-board {} --max-hand {}, {} shards merged",
                        merged.max_board,
                        merged.max_hand,
                        files.len()
                    ),
                    config,
                )?;
            }
            Ok(merged.exit_code() as u8)
        }
        HuntCommand::Fuzz {
            solution,
            seed,
            count,
            time,
            format,
            out,
            no_metamorphic,
            recording:
                Recording {
                    no_record,
                    regressions,
                },
            calls: Calls { jobs, in_process },
        } => {
            let mut hunted = Hunted::find(&solution, in_process, config)?;
            // Ctrl-C and SIGTERM stop the fuzzing as they stop `run`: the calls in progress,
            // then the report of what was judged, and the failure found so far is recorded.
            zuma_judge::judge::interrupt::install()?;
            hunted.stop = Some(&zuma_judge::judge::interrupt::STOP);
            let sol = hunted.solution();
            let seed = seed.unwrap_or_else(|| {
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_nanos() as u64)
            });
            let stop = match (count, time) {
                (_, Some(t)) if t.is_finite() && t > 0.0 => Stop::Time(Duration::from_secs_f64(t)),
                (_, Some(t)) => bail!("--time {t}: give a positive number of seconds"),
                (Some(n), None) => Stop::Count(n),
                (None, None) => Stop::Count(10_000),
            };
            let opts = fuzz::Options {
                seed,
                stop,
                metamorphic: !no_metamorphic,
                jobs,
                interrupt: hunted.stop,
            };
            let make = || hunted.executor();
            let report = fuzz::run(sol, &make, &opts, &config.constraints)?;
            let text = match format {
                HuntFormat::Json => json(&report)?,
                HuntFormat::Human => hunt::fuzz(&report, &config.constraints),
            };
            emit(&text, out.as_deref())?;
            if let (Some(f), false) = (&report.failure, no_record) {
                record(
                    &regressions,
                    sol.name(),
                    &f.minimised,
                    format!(
                        "zuma-judge fuzz --seed {} --count 1, minimised",
                        f.case_seed
                    ),
                    config,
                )?;
            }
            Ok(report.exit_code() as u8)
        }
    }
}

/// The solution a hunter judges, and how its calls are made: in a worker process with the
/// limits of `judge.toml` (the default, as in `run`), or in process.
struct Hunted {
    compiled: Option<&'static Registered>,
    script: Option<Pasted>,
    /// How to start a worker; `None` for in-process calls.
    /// How to start a worker, and the build folder its sandbox shows (none for the judge's own).
    launch: Option<(Launch, Option<std::path::PathBuf>)>,
    limits: Limits,
    /// The interrupt flag the calls watch, when the command handles Ctrl-C.
    stop: Option<&'static AtomicBool>,
}

impl Hunted {
    /// Looks `name` up among the compiled and the script solutions.
    ///
    /// Errors: no such solution (the message lists them); `in_process` for a script solution.
    fn find(name: &str, in_process: bool, config: &Config) -> Result<Hunted> {
        let compiled = registry::find(name);
        let script = pasted::registered()?
            .pasted
            .into_iter()
            .find(|s| s.name == name);
        let launch = match (compiled, &script) {
            (Some(_), _) if in_process => None,
            (Some(c), _) => Some((
                Launch::compiled(c.name).context(
                    "cannot find the judge's own executable to start workers; try --in-process",
                )?,
                None,
            )),
            (None, Some(s)) if in_process => bail!(
                "{}: --in-process runs compiled solutions only; leave it out to call this one in a worker",
                s.path()
            ),
            (None, Some(s)) => match s.build(&build::cache_root()).result {
                Ok(b) => Some(((s.language.launch)(&b.dir, &config.limits), Some(b.dir))),
                Err(why) => bail!("{}: {}", s.path(), why.message()),
            },
            (None, None) => {
                let mut names: Vec<String> = registry::compiled()
                    .iter()
                    .map(|s| s.name.to_string())
                    .collect();
                names.extend(pasted::registered()?.pasted.into_iter().map(|s| s.name));
                bail!(
                    "no solution named '{name}'; registered: {}",
                    names.join(", ")
                )
            }
        };
        Ok(Hunted {
            compiled,
            script,
            launch,
            limits: config.limits.clone(),
            stop: None,
        })
    }

    fn solution(&self) -> &dyn Solution {
        match (self.compiled, &self.script) {
            (Some(c), _) => c,
            (None, Some(s)) => s,
            (None, None) => unreachable!("Hunted::find found one"),
        }
    }

    /// A fresh executor: a worker (started at its first call) or an in-process caller.
    fn executor(&self) -> Box<dyn Executor + Send + '_> {
        match &self.launch {
            Some((launch, dir)) => {
                let worker = Worker::new(
                    launch.clone(),
                    Settings {
                        limits: self.limits.clone(),
                        stop: self.stop,
                    },
                );
                Box::new(match dir {
                    Some(d) => worker.exposing(d),
                    None => worker,
                })
            }
            None => match self.stop {
                Some(stop) => Box::new(InProcess::with_stop(self.solution(), stop)),
                None => Box::new(InProcess::new(self.solution())),
            },
        }
    }
}

fn json<T: serde::Serialize>(v: &T) -> Result<String> {
    let mut s = serde_json::to_string_pretty(v)?;
    s.push('\n');
    Ok(s)
}

fn emit(text: &str, out: Option<&Path>) -> Result<()> {
    match out {
        Some(path) => zuma_judge::atomic::write(path, text.as_bytes())
            .with_context(|| format!("cannot write {}", path.display())),
        None => Ok(std::io::stdout().write_all(text.as_bytes())?),
    }
}

fn record(
    dir: &Path,
    solution: &str,
    cx: &Counterexample,
    source: String,
    config: &Config,
) -> Result<()> {
    let rec = Record {
        board: cx.board.clone(),
        hand: cx.hand.clone(),
        expected: cx.oracle,
        got: cx.got,
        source,
        date: regression::today(),
    };
    match regression::append(dir, solution, &rec, &config.constraints)? {
        Appended::Written { path, name } => {
            eprintln!("recorded as {}#{name}", path.display())
        }
        Appended::AlreadyRecorded { path, name } => eprintln!(
            "already recorded as {}#{name} (same input up to symmetry)",
            path.display()
        ),
    }
    Ok(())
}

/// An indicatif progress bar on standard error, hidden when that is not a terminal.
struct Bar(ProgressBar);

impl Bar {
    fn new(what: &str) -> Bar {
        let bar = ProgressBar::new(0);
        bar.set_style(
            ProgressStyle::with_template(&format!(
                "{what} [{{elapsed_precise}}] {{wide_bar}} {{pos}}/{{len}} classes, ETA {{eta_precise}}"
            ))
            .expect("a valid template"),
        );
        Bar(bar)
    }
}

impl exhaust::Progress for Bar {
    fn start(&self, classes: u64) {
        self.0.set_length(classes);
    }
    fn advance(&self, classes: u64) {
        self.0.inc(classes);
    }
}

/// What `run --metamorphic` and `run --kill-matrix` add to a run.
#[derive(Default, serde::Serialize)]
pub struct RunExtras {
    /// Per solution: every case on which its answers disagree with themselves.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metamorphic: Option<Vec<SolutionConsistency>>,
    /// The kill matrix.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kill_matrix: Option<KillMatrix>,
    #[serde(skip)]
    calls: u64,
}

/// One solution's metamorphic result.
#[derive(serde::Serialize)]
pub struct SolutionConsistency {
    /// The solution.
    pub name: String,
    /// Each case where a law breaks.
    pub inconsistent: Vec<CaseInconsistency>,
}

/// A case on which a solution disagrees with itself.
#[derive(Clone, serde::Serialize)]
pub struct CaseInconsistency {
    /// `file.toml#name`.
    pub case: String,
    /// How.
    #[serde(flatten)]
    pub inconsistency: Inconsistency,
}

/// Computes the extras asked for, and raises the report's exit code to 1 when a solution
/// expected to be accepted disagrees with itself (one of its answers is then wrong).
pub fn run_extras(
    suite: &Suite,
    solutions: &[&dyn Solution],
    report: &mut RunReport,
    metamorphic: bool,
    kill_matrix: bool,
) -> RunExtras {
    let mut extras = RunExtras::default();
    if metamorphic {
        let mut all = Vec::new();
        for sol in solutions {
            let mut exec = InProcess::new(*sol);
            let mut counting = Counting {
                inner: &mut exec,
                calls: 0,
            };
            let mut found = Vec::new();
            for c in suite.cases.iter().filter(|c| c.input.is_ok()) {
                if let Some(i) = metamorphic::check_each_law(&mut counting, &c.board, &c.hand) {
                    found.push(CaseInconsistency {
                        case: c.id.clone(),
                        inconsistency: i,
                    });
                }
            }
            extras.calls += counting.calls;
            if !found.is_empty() && sol.expected() == VerdictKind::Accepted {
                report.exit_code = report.exit_code.max(1);
            }
            all.push(SolutionConsistency {
                name: sol.name().to_string(),
                inconsistent: found,
            });
        }
        extras.metamorphic = Some(all);
    }
    if kill_matrix {
        extras.kill_matrix = Some(killmatrix::build(report));
    }
    extras
}

/// Counts the calls the checks make.
struct Counting<'a> {
    inner: &'a mut dyn Executor,
    calls: u64,
}

impl Executor for Counting<'_> {
    fn call(&mut self, board: &str, hand: &str) -> zuma_judge::judge::execute::Outcome {
        self.calls += 1;
        self.inner.call(board, hand)
    }
}

/// The run report with the extras: JSON gets `metamorphic` and `kill_matrix` keys, human text
/// gets a section each before its closing `exit N` line.
pub fn render_run(report: &RunReport, extras: &RunExtras, format: Format) -> Result<String> {
    match format {
        Format::Json => {
            let mut v = serde_json::to_value(report)?;
            if let (Some(obj), serde_json::Value::Object(more)) =
                (v.as_object_mut(), serde_json::to_value(extras)?)
            {
                obj.extend(more);
            }
            json(&v)
        }
        Format::Human => {
            let text = zuma_judge::report::reporter(format).render(report);
            let body = text
                .strip_suffix(&format!("exit {}\n", report.exit_code))
                .unwrap_or(&text);
            let mut o = body.to_string();
            if let Some(m) = &extras.metamorphic {
                let rows: Vec<(String, Vec<(String, Inconsistency)>)> = m
                    .iter()
                    .map(|s| {
                        (
                            s.name.clone(),
                            s.inconsistent
                                .iter()
                                .map(|c| (c.case.clone(), c.inconsistency.clone()))
                                .collect(),
                        )
                    })
                    .collect();
                o.push_str(&hunt::metamorphic(&rows, extras.calls));
            }
            if let Some(k) = &extras.kill_matrix {
                o.push_str(&hunt::kill_matrix(k));
            }
            o.push_str(&format!("exit {}\n", report.exit_code));
            Ok(o)
        }
        // JUnit and Markdown keep their own shape; the extras are in human and JSON output.
        Format::Junit | Format::Markdown | Format::Csv => {
            Ok(zuma_judge::report::reporter(format).render(report))
        }
    }
}
