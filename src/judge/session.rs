//! The judging session: one call ([`judge`]) judges a [`Catalog`] on a suite under a
//! configuration, as `run`, `grade` and `hack`'s preview ask, and returns the typed report. It
//! builds the pasted submissions (through the cache, the slowest toolchains first), calls each
//! solution through the executor the catalog picks, judges them in turn once all are built, or
//! each on its own thread as soon as its own build is done (replaying the verdict cache,
//! [`crate::judge::tapes`]), attaches the builds, computes the extras asked for, and tells an
//! event sink as it goes, ending with [`Event::RunFinished`]. It never prints; the reporters
//! turn the report into text. An editorial's code blocks are built and called as a session
//! builds and calls ([`builder`], [`settings`]).

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Mutex;
use std::time::Instant;

use rayon::iter::{ParallelBridge, ParallelIterator};
use thiserror::Error;

use crate::cases::case::Suite;
use crate::cases::config::Config;
use crate::game::oracle::{Answer, Oracle, WitnessError};
use crate::game::rules::Instance;
use crate::judge::execute::{Executor, Repeat};
use crate::judge::exit::Exit;
use crate::judge::extras::{self, RunExtras};
use crate::judge::interrupt;
use crate::judge::runner::{self, BuildReport, BuildsSummary, Checked, Event, RunReport};
use crate::judge::tapes;
use crate::judge::verdict::{Expected, VerdictKind};
use crate::submission::build;
use crate::submission::catalog::{Calls, Catalog, Entry};
use crate::submission::registry::Solution;
use crate::submission::replay::{self, Record, Replaying, Tape};
use crate::submission::worker::Settings;

/// How a session judges.
#[derive(Clone, Debug)]
pub struct Options {
    /// In turn or apart.
    pub order: Order,
    /// Calls per case, the median time reported (`run --repeat`); 1 calls once.
    pub repeat: usize,
    /// Call the compiled drop-ins in the judge's own process: no limits, no sandbox.
    pub in_process: bool,
    /// Also check each answering compiled drop-in against the metamorphic laws.
    pub metamorphic: bool,
    /// Also compute which cases kill which wrong solutions.
    pub kill_matrix: bool,
}

impl Default for Options {
    /// In turn, each call once, in workers, no extras.
    fn default() -> Options {
        Options {
            order: Order::InTurn,
            repeat: 1,
            in_process: false,
            metamorphic: false,
            kill_matrix: false,
        }
    }
}

/// The order in which the catalog's solutions are judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// One after another, in one run that stops at the first solution left incomplete (`run`).
    InTurn,
    /// Each submission on its own thread, `jobs` at a time, merged in catalog order, so the
    /// number of jobs never changes a verdict (`grade`). Each replays its tape from the verdict
    /// cache when one is kept for it, unless `rejudge`; a complete judgement is kept.
    Apart {
        /// Submissions judged at once.
        jobs: usize,
        /// Judge again even what the verdict cache holds.
        rejudge: bool,
    },
}

/// What a session found.
pub struct Judged {
    /// The run: every solution's report, with the pasted ones' builds.
    pub report: RunReport,
    /// What `metamorphic` and `kill_matrix` add, when either was asked for.
    pub extras: Option<RunExtras>,
    /// Per solution, in report order: every call was answered from the verdict cache.
    pub replayed: Vec<bool>,
    /// Threads that judged.
    pub jobs: usize,
    /// Wall time of building and judging, in milliseconds.
    pub wall_ms: f64,
}

impl Judged {
    /// How the session ends: [`RunReport::exit`], which reads what the extras found, and
    /// whatever the caller adds to the report (a baseline's regressions).
    pub fn exit(&self) -> Exit {
        self.report.exit()
    }
}

/// A session that cannot judge. Commands exit 2.
#[derive(Debug, Error)]
pub enum SessionError {
    /// The Ctrl-C handler cannot be installed.
    #[error(transparent)]
    Interrupt(#[from] ctrlc::Error),
    /// The judging threads cannot start.
    #[error("cannot start the judging threads")]
    Threads(#[source] rayon::ThreadPoolBuildError),
    /// The compiled drop-ins' workers run the judge's own executable, which cannot be found.
    #[error("cannot find the judge's own executable")]
    OwnExecutable(#[source] std::io::Error),
    /// The oracle's witness did not replay.
    #[error(transparent)]
    Witness(#[from] WitnessError),
}

/// What the sandbox line adds when compiled solutions were called in the judge's own process.
const IN_PROCESS_NOTE: &str =
    "; with --in-process, compiled solutions were called in the judge's own process, unsandboxed";

/// Judges `catalog` on `suite` under `config` as `opts` says, telling `on_event` as it goes
/// (from several threads in turn when judging apart), and returns the report.
pub fn judge(
    catalog: &Catalog,
    suite: &Suite,
    config: &Config,
    opts: &Options,
    on_event: &mut (dyn FnMut(&Event) + Send),
) -> Result<Judged, SessionError> {
    // Before the builds: a signal while they run must still end in a report, not kill the judge
    // and orphan its compilers. The builds running are killed; judging then stops at once.
    interrupt::install()?;
    let jobs = match opts.order {
        Order::InTurn => 1,
        Order::Apart { jobs, .. } => jobs,
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(SessionError::Threads)?;
    let started = Instant::now();
    let pasted = catalog.pasted();
    let (mut report, replayed, builds) = match opts.order {
        Order::InTurn => in_turn(catalog, suite, config, (opts, started), on_event)?,
        Order::Apart { rejudge, .. } => {
            let apart = Apart {
                suite,
                config,
                pasted: &pasted,
                settings: settings(config),
                rejudge,
            };
            pool.install(|| apart.judge(started, on_event))?
        }
    };
    report.builds = builds.summary();
    attach_builds(&mut report, (&pasted, &builds.outcomes), opts.order);
    if opts.in_process && catalog.has_compiled() {
        // The compiled solutions never met a worker: the sandbox line must not claim them.
        report.sandbox.detail += IN_PROCESS_NOTE;
    }
    on_event(&Event::RunFinished { report: &report });
    let extras = run_extras(catalog, suite, &mut report, opts);
    Ok(Judged {
        report,
        extras,
        replayed,
        jobs,
        wall_ms: started.elapsed().as_secs_f64() * 1e3,
    })
}

/// The builder every session builds with: the cache, the build limits, the stop flag.
pub fn builder(config: &Config) -> build::Builder {
    build::Builder {
        cache: build::cache_root(),
        limits: config.build,
        stop: Some(&interrupt::STOP),
    }
}

/// The workers' settings of every session: the limits per case, the stop flag.
pub fn settings(config: &Config) -> Settings {
    Settings {
        limits: config.limits.clone(),
        stop: Some(&interrupt::STOP),
    }
}

/// The builds of a session's pasted submissions, in catalog order.
struct Builds {
    /// Each submission's build.
    outcomes: Vec<build::Outcome>,
    /// From the session's start to the end of the last build, in milliseconds.
    ms: f64,
}

impl Builds {
    /// How the builds went; none when there were no pasted submissions.
    fn summary(&self) -> Option<BuildsSummary> {
        (!self.outcomes.is_empty()).then(|| BuildsSummary::of(&self.outcomes, self.ms))
    }
}

/// Builds the pasted submissions in parallel, each on its own, the slowest toolchains first
/// ([`build::slowest_first`]), before a run in turn judges them.
fn build_all(
    pasted: &[&crate::submission::pasted::Pasted],
    config: &Config,
    started: Instant,
) -> Builds {
    let builder = builder(config);
    let languages: Vec<_> = pasted.iter().map(|p| p.language).collect();
    let order = build::slowest_first(&languages);
    let outcomes = in_order(&order, |i| pasted[i].build(&builder));
    Builds {
        outcomes,
        ms: started.elapsed().as_secs_f64() * 1e3,
    }
}

/// `work(i)` for every `i` of `order` on the current pool, started in that order (rayon's
/// `par_bridge` hands the next one to each thread as it becomes free, which the halving of a
/// parallel iterator over a slice does not), the results in the order of `i` (`order` is a
/// permutation of `0..order.len()`).
fn in_order<T: Send>(order: &[usize], work: impl Fn(usize) -> T + Sync + Send) -> Vec<T> {
    let mut done: Vec<(usize, T)> = order
        .iter()
        .copied()
        .par_bridge()
        .map(|i| (i, work(i)))
        .collect();
    done.sort_unstable_by_key(|(i, _)| *i);
    done.into_iter().map(|(_, t)| t).collect()
}

/// Every solution of `catalog` judged in one run, in turn, each call repeated as `opts` says,
/// once the pasted ones are built ([`build_all`]).
fn in_turn(
    catalog: &Catalog,
    suite: &Suite,
    config: &Config,
    (opts, started): (&Options, Instant),
    on_event: &mut (dyn FnMut(&Event) + Send),
) -> Result<(RunReport, Vec<bool>, Builds), SessionError> {
    let exe = std::env::current_exe().map_err(SessionError::OwnExecutable)?;
    let pasted = catalog.pasted();
    let builds = build_all(&pasted, config, started);
    let calls = Calls {
        pasted,
        builds: &builds.outcomes,
        settings: settings(config),
        exe,
        in_process: opts.in_process,
    };
    let solutions = catalog.solutions();
    let report = runner::run(
        suite,
        &solutions,
        config,
        &mut |s| Box::new(Repeat::new(calls.executor(s), opts.repeat)),
        &mut |e| on_event(e),
    )?;
    let replayed = vec![false; report.solutions.len()];
    Ok((report, replayed, builds))
}

/// Each submission built and judged on its own thread.
struct Apart<'a> {
    suite: &'a Suite,
    config: &'a Config,
    pasted: &'a [&'a crate::submission::pasted::Pasted],
    settings: Settings,
    rejudge: bool,
}

/// What every submission is judged against, prepared once.
struct Prepared<'a> {
    checked: Checked,
    classes: Vec<(Instance, Answer)>,
    /// What keys every tape besides its build ([`tapes::common_key`]).
    tapes: Option<replay::Key>,
    sink: Mutex<&'a mut (dyn FnMut(&Event) + Send)>,
}

/// A submission's run, whether every call of it was replayed, and its build.
type Run = (Result<RunReport, WitnessError>, bool, build::Outcome);

impl Apart<'_> {
    /// The suite checked and the sweep solved once, then each submission built and judged on
    /// the current pool (`jobs` threads), one a thread at a time: the slowest toolchains' builds first
    /// ([`build::slowest_first`]), each submission judged as soon as its own build is done.
    /// The reports merged in catalog order, with the builds (which took until the last one
    /// ended, from `started`).
    fn judge(
        &self,
        started: Instant,
        on_event: &mut (dyn FnMut(&Event) + Send),
    ) -> Result<(RunReport, Vec<bool>, Builds), SessionError> {
        let mut oracle = Oracle::new();
        let checked = runner::check_suite(self.suite, &mut oracle)?;
        let classes = runner::sweep_classes(&self.config.sweep, &mut oracle)?;
        on_event(&Event::RunStarted {
            solutions: self.pasted.len(),
            cases: checked.truth.iter().filter(|t| t.is_some()).count(),
        });
        let tapes = tapes::common_key(self.config, self.suite, &checked);
        let prepared = Prepared {
            checked,
            classes,
            tapes,
            sink: Mutex::new(on_event),
        };
        let builder = builder(self.config);
        let built_by = Mutex::new(0.0_f64);
        let languages: Vec<_> = self.pasted.iter().map(|p| p.language).collect();
        let order = build::slowest_first(&languages);
        let judged: Vec<Run> = in_order(&order, |i| {
            let outcome = self.pasted[i].build(&builder);
            let ms = started.elapsed().as_secs_f64() * 1e3;
            let mut last = built_by.lock().unwrap_or_else(|e| e.into_inner());
            *last = last.max(ms);
            drop(last);
            let (run, replayed) = self.one(i, &outcome, &prepared);
            (run, replayed, outcome)
        });
        let (mut runs, mut replayed, mut outcomes) = (Vec::new(), Vec::new(), Vec::new());
        for (run, all_replayed, outcome) in judged {
            runs.push(run);
            replayed.push(all_replayed);
            outcomes.push(outcome);
        }
        let ms = built_by.into_inner().unwrap_or_else(|e| e.into_inner());
        Ok((merge(runs)?, replayed, Builds { outcomes, ms }))
    }

    /// Judges submission `i`, built as `built`, replaying its tape from the verdict cache when
    /// there is one (and `rejudge` is off), and keeps the new tape. The flag: every call was
    /// replayed.
    fn one(
        &self,
        i: usize,
        built: &build::Outcome,
        prepared: &Prepared,
    ) -> (Result<RunReport, WitnessError>, bool) {
        let p = self.pasted[i];
        let tape = prepared
            .tapes
            .as_ref()
            .and_then(|common| tapes::path(common, built));
        let earlier = tape
            .as_deref()
            .filter(|_| !self.rejudge)
            .and_then(Tape::load);
        let had_tape = earlier.is_some();
        let mut earlier = Some(earlier);
        let record = Rc::new(RefCell::new(Record::default()));
        let r = runner::run_checked(
            self.suite,
            (prepared.checked.clone(), &prepared.classes),
            &[p as &dyn Solution],
            self.config,
            &mut |_| {
                let live = p.executor(built, &self.settings);
                let earlier = earlier.take().flatten();
                Box::new(Replaying::new(live, earlier, Rc::clone(&record)))
                    as Box<dyn Executor + '_>
            },
            &mut |e| {
                // The session said when the run started, once for every submission.
                if !matches!(e, Event::RunStarted { .. }) {
                    (prepared.sink.lock().unwrap_or_else(|e| e.into_inner()))(e)
                }
            },
        );
        let record = record.take();
        if let (Ok(r), Some(path)) = (&r, tape) {
            tapes::keep(r, &record, had_tape, &path);
        }
        (r, had_tape && record.live == 0)
    }
}

/// One report of the submissions' runs, in catalog order, with its exit code settled again.
fn merge(runs: Vec<Result<RunReport, WitnessError>>) -> Result<RunReport, WitnessError> {
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
    run.settle();
    Ok(run)
}

/// Each pasted submission's toolchain and build (cached, ms) into its report: by name in a
/// run in turn, by position when each submission was judged apart.
fn attach_builds(
    report: &mut RunReport,
    (pasted, builds): (&[&crate::submission::pasted::Pasted], &[build::Outcome]),
    order: Order,
) {
    for (i, s) in report.solutions.iter_mut().enumerate() {
        let build = match order {
            Order::InTurn => pasted
                .iter()
                .position(|p| p.name == s.name)
                .and_then(|i| builds.get(i)),
            Order::Apart { .. } => builds.get(i),
        };
        if let Some(b) = build {
            s.toolchain = b.toolchain.clone();
            s.build = BuildReport::of(b);
        }
    }
}

/// What `metamorphic` and `kill_matrix` add, when either is asked for. The metamorphic checks
/// call solutions in process, with no limits: only compiled solutions that are meant to answer
/// (accepted, wrong_answer) take part. The kill matrix reads the report, so it has every
/// known-wrong solution.
fn run_extras(
    catalog: &Catalog,
    suite: &Suite,
    report: &mut RunReport,
    opts: &Options,
) -> Option<RunExtras> {
    if !opts.metamorphic && !opts.kill_matrix {
        return None;
    }
    let answering: Vec<&dyn Solution> = catalog
        .entries
        .iter()
        .filter(|e| matches!(e, Entry::Compiled(_)))
        .map(Entry::solution)
        .filter(|s| {
            matches!(
                s.expected(),
                Expected::One(VerdictKind::Accepted | VerdictKind::WrongAnswer)
            )
        })
        .collect();
    Some(extras::compute(
        suite,
        &answering,
        report,
        opts.metamorphic,
        opts.kill_matrix,
    ))
}
