//! What the hunters' commands (`exhaust`, `merge`, `fuzz`) share: the solution a hunter
//! judges and how it is called. The counterexample recorded is in `recorded.rs`, the progress
//! bar in `bar.rs`.

use std::sync::atomic::AtomicBool;

use anyhow::{bail, Context, Result};

use zuma_judge::cases::config::{Config, Limits};
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
