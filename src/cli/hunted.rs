//! What the hunters' commands (`exhaust`, `merge`, `fuzz`) share: the solution a hunter
//! judges and how it is called, the report written out, the counterexample recorded, the
//! progress bar.

use std::path::Path;
use std::sync::atomic::AtomicBool;

use anyhow::{bail, Context, Result};
use indicatif::{ProgressBar, ProgressStyle};

use zuma_judge::cases::config::{Config, Limits};
use zuma_judge::cases::regression::{self, Appended, Record};
use zuma_judge::hunt::counterexample::Counterexample;
use zuma_judge::hunt::exhaust;
use zuma_judge::judge::execute::{Executor, InProcess};
use zuma_judge::submission::build;
use zuma_judge::submission::pasted::{self, Pasted};
use zuma_judge::submission::registry::{self, Registered, Solution};
use zuma_judge::submission::worker::{Launch, Settings, Worker};

/// The solution a hunter judges, and how its calls are made: in a worker process with the
/// limits of `judge.toml` (the default, as in `run`), or in process.
pub struct Hunted {
    compiled: Option<&'static Registered>,
    script: Option<Pasted>,
    /// How to start a worker, and the build folder its sandbox shows (none for the judge's own);
    /// `None` for in-process calls.
    launch: Option<(Launch, Option<std::path::PathBuf>)>,
    limits: Limits,
    /// The interrupt flag the calls watch, when the command handles Ctrl-C.
    pub stop: Option<&'static AtomicBool>,
}

impl Hunted {
    /// Looks `name` up among the compiled and the script solutions.
    ///
    /// Errors: no such solution (the message lists them); `in_process` for a script solution.
    pub fn find(name: &str, in_process: bool, config: &Config) -> Result<Hunted> {
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
            (None, Some(s)) => match s.build(&build::Builder {
                limits: config.build,
                ..build::Builder::in_cache(&build::cache_root())
            })
            .result
            {
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

    /// Installs the Ctrl-C/SIGTERM handler and makes every executor of the hunt watch its flag,
    /// so that a call in progress stops too.
    pub fn interruptible(mut self) -> anyhow::Result<Self> {
        zuma_judge::judge::interrupt::install()?;
        self.stop = Some(&zuma_judge::judge::interrupt::STOP);
        Ok(self)
    }

    pub fn solution(&self) -> &dyn Solution {
        match (self.compiled, &self.script) {
            (Some(c), _) => c,
            (None, Some(s)) => s,
            (None, None) => unreachable!("Hunted::find found one"),
        }
    }

    /// A fresh executor: a worker (started at its first call) or an in-process caller.
    pub fn executor(&self) -> Box<dyn Executor + Send + '_> {
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

pub fn record(
    dir: &Path,
    solution: &str,
    cx: &Counterexample,
    source: String,
    config: &Config,
) -> Result<()> {
    let Some(solved) = &cx.solved else {
        bail!(
            "{} + {} was not checked against the oracle; not recorded",
            cx.board,
            cx.hand
        );
    };
    let rec = Record {
        instance: solved.instance.clone(),
        hand: cx.hand.clone(),
        expected: cx.oracle,
        got: cx.got,
        source,
        date: regression::today(),
    };
    match regression::append(dir, solution, &rec, &config.constraints)? {
        Appended::Written { path, name } => {
            zuma_judge::eprintln_lossy!("recorded as {}#{name}", path.display())
        }
        Appended::AlreadyRecorded { path, name } => zuma_judge::eprintln_lossy!(
            "already recorded as {}#{name} (same input up to symmetry)",
            path.display()
        ),
    }
    Ok(())
}

/// An indicatif progress bar on standard error, hidden when that is not a terminal.
pub struct Bar(pub ProgressBar);

impl Bar {
    pub fn new(what: &str) -> Bar {
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
        self.0.set_position(0);
    }
    fn advance(&self, classes: u64) {
        self.0.inc(classes);
    }
}
