//! What the hunters' commands (`exhaust`, `merge`, `fuzz`) share: the solution a hunter
//! judges (registered, or a submission file as `grade` takes it) and how it is called. The counterexample recorded is in `recorded.rs`, the progress
//! bar in `bar.rs`.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use anyhow::{bail, Context, Result};

use zuma_judge::cases::config::{Config, Limits};
use zuma_judge::hunt::submission;
use zuma_judge::judge::execute::{Executor, InProcess};
use zuma_judge::judge::session;
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

/// What a hunter judges: a registered solution by name, or a submission file.
#[derive(clap::Args)]
#[group(required = true, multiple = false)]
pub struct Candidate {
    /// The solution to judge, by name (`zuma-judge list`).
    #[arg(long, value_name = "NAME")]
    solution: Option<String>,
    /// A submission file to judge instead, in any language `grade` judges (or a folder
    /// holding exactly one), built and called as `grade` does.
    #[arg(long, value_name = "PATH")]
    submission: Option<PathBuf>,
}

impl Candidate {
    /// The candidate, found or built.
    pub fn hunted(&self, in_process: bool, config: &Config) -> Result<Hunted> {
        match (&self.solution, &self.submission) {
            (_, Some(path)) => Hunted::submission(path, in_process, config),
            (Some(name), None) => Hunted::find(name, in_process, config),
            (None, None) => bail!("give --solution NAME or --submission PATH"),
        }
    }

    /// The submission file given, if any.
    pub fn submission(&self) -> Option<&Path> {
        self.submission.as_deref()
    }
}

/// The worker launch of `s`'s build and its build folder, built as every session builds (the
/// cache, the build limits, the sandbox); a failed build is an error with its message.
fn built(s: &Pasted, config: &Config) -> Result<(Launch, Option<PathBuf>)> {
    match s.build(&session::builder(config)).result {
        Ok(b) => Ok(((s.language.launch)(&b.dir, &config.limits), Some(b.dir))),
        Err(why) => bail!("{}: {}", s.path(), why.message()),
    }
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
            (None, Some(s)) => Some(built(s, config)?),
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

    /// The submission file at `path` (any language `grade` judges), built as `grade` builds it.
    ///
    /// Errors: not one submission ([`submission::take`]), `in_process`, or a failed build.
    pub fn submission(path: &Path, in_process: bool, config: &Config) -> Result<Hunted> {
        let pasted = submission::take(path)?;
        if in_process {
            bail!(
                "{}: --in-process runs compiled solutions only; leave it out to call this one in a worker",
                pasted.path()
            );
        }
        let launch = built(&pasted, config)?;
        let hunted = Hunted {
            compiled: None,
            script: Some(pasted),
            launch: Some(launch),
            limits: config.limits.clone(),
            stop: None,
        };
        // A submission that does not load (a script's syntax error, a missing method) is
        // refused as `grade` judges it on no case, not hunted as a crash on every input.
        if let Err(why) = hunted.executor().prepare() {
            bail!("{}: {}", hunted.solution().path(), why.message());
        }
        Ok(hunted)
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
