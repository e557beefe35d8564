//! `exhaust`: judges a candidate on every valid instance up to a bound, one representative per
//! class of colour renaming x board reversal, in the judge's size order, on every core. Without
//! `--all` it stops at the first failing class, which is the globally smallest counterexample.
//! Shards split the sweep deterministically; [`merge`] combines their reports into one.

use std::collections::BTreeMap;
use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::game::generate::{self, SymmetryClass};
use crate::game::oracle::{Oracle, WitnessError};
use crate::game::rules::{Constraints, Instance};
use crate::hunt::counterexample::{classify, Counterexample, FailureKind};
use crate::judge::execute::{Executor, Failure};
use crate::judge::metamorphic::{self, Inconsistency};
use crate::submission::registry::Solution;

/// Builds one executor per worker thread. Each thread calls only its own.
pub type ExecutorFactory<'a> = dyn Fn() -> Box<dyn Executor + Send + 'a> + Sync + 'a;

/// Classes judged per parallel block. Without `--all` the sweep stops after the block holding
/// the first failure, so at most one block's work is wasted past it.
pub const BLOCK: usize = 4096;

/// Distinct states a worker's oracle memo may hold before it is dropped and started afresh, to
/// bound memory (about 40 bytes a state). Dropping it only costs time.
pub const MEMO_CAP: usize = 2_000_000;

/// One shard of a sweep: the classes whose 0-based position `i` in the size order has
/// `i % count == index - 1`. Round robin, so every shard gets a like share of every size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// 1-based, `1..=count`.
    pub index: usize,
    /// Number of shards.
    pub count: usize,
}

impl Shard {
    /// Does this shard judge the class at 0-based position `i`?
    pub fn takes(&self, i: usize) -> bool {
        i % self.count == self.index - 1
    }
}

impl FromStr for Shard {
    type Err = String;
    /// Parses `K/N`, e.g. `2/4`, with `1 <= K <= N`.
    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || format!("'{s}' is not a shard; write K/N with 1 <= K <= N, e.g. 1/4");
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let (index, count): (usize, usize) = (
            k.trim().parse().map_err(|_| bad())?,
            n.trim().parse().map_err(|_| bad())?,
        );
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// What to sweep and how.
#[derive(Clone, Debug)]
pub struct Options {
    /// Longest board, in balls (boards of 1..=max_board).
    pub max_board: usize,
    /// Largest hand, in balls (hands of 1..=max_hand).
    pub max_hand: usize,
    /// Judge every class and count every failure, instead of stopping at the first.
    pub all: bool,
    /// Judge only this shard's classes.
    pub shard: Option<Shard>,
    /// Which classes also get their [`metamorphic::composite`] variant judged: 0 none; else
    /// every class that the oracle or the candidate calls solvable, and 1 in this many of the
    /// rest (those at positions divisible by it; 1 means every class). The rest are where a
    /// complete search is slowest, so sampling them keeps the sweep's cost near one call a
    /// class.
    pub metamorphic_sample: u64,
    /// Worker threads; 0 for one per core.
    pub jobs: usize,
    /// Ctrl-C or SIGTERM ([`crate::judge::interrupt::STOP`], which the executors watch) ends the
    /// sweep with the report of the classes judged so far, marked incomplete, instead of an
    /// error.
    pub interruptible: bool,
    /// When set, the sweep judges no new block after this instant and reports the classes
    /// judged so far, with [`ExhaustReport::deadline_reached`] set (an editorial's code budget).
    pub deadline: Option<Instant>,
}

/// A number of classes and the instances they stand for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Count {
    /// Symmetry classes.
    pub classes: u64,
    /// Instances (board string, hand multiset) they stand for.
    pub instances: u64,
}

impl Count {
    fn add(&mut self, class: &SymmetryClass) {
        self.classes += 1;
        self.instances += class.instances;
    }
    fn plus(self, o: Count) -> Count {
        Count {
            classes: self.classes + o.classes,
            instances: self.instances + o.instances,
        }
    }
}

/// A class's representative, the smallest instance of the class.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClassRef {
    /// Its board.
    pub board: String,
    /// Its hand, letters in `RYBGW` order.
    pub hand: String,
    /// Instances the class stands for.
    pub instances: u64,
}

/// What a sweep (or a merge of shard sweeps) found. JSON keys per the `exhaust` contract:
/// `instances`, `classes`, `counterexample: {board, hand, oracle, got, ...} | null`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExhaustReport {
    /// The candidate.
    pub solution: String,
    /// Its folder.
    pub expected: crate::judge::verdict::Expected,
    /// The bound on the board, in balls.
    pub max_board: usize,
    /// The bound on the hand, in balls.
    pub max_hand: usize,
    /// Whether every class was judged (`--all`).
    pub all: bool,
    /// Which classes had their metamorphic variant judged too: 0 none, 1 all, N every class
    /// called solvable by the oracle or the candidate and 1 in N of the rest.
    pub metamorphic_sample: u64,
    /// The shard this report covers; null for a whole sweep or a merge.
    pub shard: Option<Shard>,
    /// Every class in the sweep (this shard's share) and the instances they stand for.
    pub domain: Count,
    /// Classes judged: up to and including the counterexample's, or all of them.
    pub classes: u64,
    /// Instances those classes stand for.
    pub instances: u64,
    /// Failing classes (and their instances) by kind, among those judged.
    pub failures: BTreeMap<FailureKind, Count>,
    /// Classes on which the candidate disagreed with itself, among those judged.
    pub inconsistent: Count,
    /// The smallest failing input judged: the first failing class's representative, or its
    /// metamorphic variant when only that fails. Null when nothing failed.
    pub counterexample: Option<Counterexample>,
    /// The class of the counterexample.
    pub counterexample_class: Option<ClassRef>,
    /// The first class on which the candidate disagreed with itself.
    pub inconsistency: Option<Inconsistency>,
    /// Wall time, in milliseconds (summed over shards in a merge).
    pub wall_ms: f64,
    /// Why the sweep stopped before its end (Ctrl-C, SIGTERM), or null: then `classes` counts
    /// the classes judged, in order, before the stop; a counterexample among them is still
    /// the smallest up to there. `merge` refuses an incomplete shard.
    #[serde(default)]
    pub incomplete: Option<String>,
    /// When [`Options::deadline`] stopped the sweep before its end: the board and hand sizes
    /// (in balls) of the last class judged in size order; every class before it passed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadline_reached: Option<(usize, usize)>,
}

impl ExhaustReport {
    /// 3 when the sweep was stopped, else 1 when a counterexample or an inconsistency was
    /// found, else 0.
    pub fn exit_code(&self) -> i32 {
        if self.incomplete.is_some() {
            3
        } else {
            i32::from(self.counterexample.is_some() || self.inconsistency.is_some())
        }
    }
}

/// Why a sweep stopped short.
#[derive(Debug, Error)]
pub enum ExhaustError {
    /// The oracle's witness did not replay: an oracle bug.
    #[error(transparent)]
    Oracle(#[from] WitnessError),
    /// The bound is outside the constraints, so the instances would not be valid.
    #[error("--max-board {max_board} --max-hand {max_hand} is outside the constraints (board 1..={board_max}, hand 1..={hand_max}); give bounds within them, or raise the limits in the config file (judge.toml or --config)")]
    Bounds {
        /// Requested.
        max_board: usize,
        /// Requested.
        max_hand: usize,
        /// Allowed.
        board_max: usize,
        /// Allowed.
        hand_max: usize,
    },
    /// The symmetry classes and metamorphic variants assume the five colours of the problem.
    #[error("colours = {colours:?} in the config file: exhaust and fuzz use all five colours RYBGW (symmetry classes, metamorphic variants); remove the colours line to use them")]
    Alphabet {
        /// The configured alphabet.
        colours: String,
    },
    /// The judge could not call the solution at all (e.g. its worker process could not be
    /// started): a fault of the judge or the machine, never a counterexample.
    #[error("the judge could not call the solution: {0}")]
    Stopped(String),
    /// The thread pool could not be built.
    #[error("cannot start {jobs} worker threads: {message}")]
    Threads {
        /// Requested threads.
        jobs: usize,
        /// Why.
        message: String,
    },
}

/// Where a sweep reports progress, in classes. The CLI draws a progress bar; tests pass `&()`.
pub trait Progress: Sync {
    /// The sweep will judge up to `classes` classes.
    fn start(&self, _classes: u64) {}
    /// `classes` more were judged.
    fn advance(&self, _classes: u64) {}
}

impl Progress for () {}

/// One worker thread's own executor and oracle.
pub(crate) struct Worker<'a> {
    pub(crate) exec: Box<dyn Executor + Send + 'a>,
    pub(crate) oracle: Oracle,
}

/// A class as judged.
struct Judged {
    oracle: i32,
    got: Result<i32, Failure>,
    kind: Option<FailureKind>,
    /// The composite variant's strings and answer, when judged.
    variant: Option<(String, String, Result<i32, Failure>)>,
    variant_kind: Option<FailureKind>,
    inconsistency: Option<Inconsistency>,
}

impl Judged {
    fn kind(&self) -> Option<FailureKind> {
        self.kind.or(self.variant_kind)
    }
}

/// `Err` when a call's result is [`Failure::Stopped`]: the judge, not the solution, failed.
pub(crate) fn not_stopped(got: &Result<i32, Failure>) -> Result<(), ExhaustError> {
    match got {
        Err(Failure::Stopped(why)) => Err(ExhaustError::Stopped(why.clone())),
        _ => Ok(()),
    }
}

fn judge(
    w: &mut Worker,
    position: usize,
    class: &SymmetryClass,
    sample: u64,
) -> Result<Judged, ExhaustError> {
    if w.oracle.memo_len() > MEMO_CAP {
        w.oracle = Oracle::new();
    }
    let inst = Instance {
        board: class.board.clone(),
        hand: class.hand,
    };
    let oracle = w.oracle.solve(&inst)?.as_i32();
    let (board, hand) = (class.board.to_string(), class.hand.to_string());
    let got = w.exec.call(&board, &hand).result;
    not_stopped(&got)?;
    let kind = classify(oracle, &got);
    let mut judged = Judged {
        oracle,
        got,
        kind,
        variant: None,
        variant_kind: None,
        inconsistency: None,
    };
    let solvable = oracle >= 0 || judged.got.as_ref().is_ok_and(|g| *g != -1);
    if sample > 0 && (solvable || (position as u64).is_multiple_of(sample)) {
        let (vb, vh) = metamorphic::composite(&board, &hand, &metamorphic::SHIFT);
        let vgot = w.exec.call(&vb, &vh).result;
        not_stopped(&vgot)?;
        if vgot.as_ref().ok() != judged.got.as_ref().ok() {
            judged.variant_kind = classify(oracle, &vgot);
            judged.inconsistency = Some(Inconsistency {
                board: board.clone(),
                hand: hand.clone(),
                got: judged.got.as_ref().ok().copied(),
                variant_board: vb.clone(),
                variant_hand: vh.clone(),
                variant_got: vgot.as_ref().ok().copied(),
                laws: metamorphic::broken_laws(
                    w.exec.as_mut(),
                    &board,
                    &hand,
                    judged.got.as_ref().ok().copied(),
                ),
            });
        }
        judged.variant = Some((vb, vh, vgot));
    }
    Ok(judged)
}

/// The classes of the sweep for `max_board` x `max_hand` in size order, with their 0-based
/// positions, restricted to `shard`.
fn sweep(max_board: usize, max_hand: usize, shard: Option<Shard>) -> Vec<(usize, SymmetryClass)> {
    generate::symmetry_classes(max_board, max_hand)
        .into_iter()
        .enumerate()
        .filter(|(i, _)| shard.is_none_or(|s| s.takes(*i)))
        .collect()
}

fn class_ref(c: &SymmetryClass) -> ClassRef {
    ClassRef {
        board: c.board.to_string(),
        hand: c.hand.to_string(),
        instances: c.instances,
    }
}

fn empty_failures() -> BTreeMap<FailureKind, Count> {
    FailureKind::ALL
        .into_iter()
        .map(|k| (k, Count::default()))
        .collect()
}

/// A thread pool of `jobs` threads (0: one per core) and one [`Worker`] per thread, each with
/// an executor from `make`.
pub(crate) fn pool_and_workers<'a>(
    make: &ExecutorFactory<'a>,
    jobs: usize,
) -> Result<(rayon::ThreadPool, Vec<Mutex<Worker<'a>>>), ExhaustError> {
    let jobs = if jobs == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        jobs
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(|e| ExhaustError::Threads {
            jobs,
            message: e.to_string(),
        })?;
    let workers = (0..jobs)
        .map(|_| {
            Mutex::new(Worker {
                exec: make(),
                oracle: Oracle::new(),
            })
        })
        .collect();
    Ok((pool, workers))
}

/// What judging a list of classes in order found.
struct Swept<'c> {
    judged: Count,
    failures: BTreeMap<FailureKind, Count>,
    inconsistent: Count,
    first_failure: Option<(&'c SymmetryClass, Judged)>,
    first_inconsistency: Option<Inconsistency>,
    /// Why the sweep stopped early, when an interrupt stopped it.
    stopped: Option<String>,
}

/// Judges `classes` (with their positions in the whole sweep) in blocks, each block in
/// parallel, reading results in order; stops after the first failing class unless `all`.
/// Blocks start at one class a thread and double up to `block_len`, and without `all` a class
/// past a failure already seen in its block is skipped, so a solution that fails slowly (a
/// loop killed at the time limit) costs few calls past its first failure.
fn sweep_classes<'c>(
    classes: &'c [(usize, SymmetryClass)],
    pool: &rayon::ThreadPool,
    workers: &[Mutex<Worker>],
    all: bool,
    sample: u64,
    progress: &dyn Progress,
    (block_len, deadline, interruptible): (usize, Option<Instant>, bool),
) -> Result<Swept<'c>, ExhaustError> {
    let mut out = Swept {
        judged: Count::default(),
        failures: empty_failures(),
        inconsistent: Count::default(),
        first_failure: None,
        first_inconsistency: None,
        stopped: None,
    };
    let mut len = workers.len().clamp(1, block_len.max(1));
    let mut rest = classes;
    while !rest.is_empty() {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        let (block, tail) = rest.split_at(len.min(rest.len()));
        rest = tail;
        len = (len * 2).min(block_len.max(1));
        let first_failure = AtomicUsize::new(usize::MAX);
        let results: Vec<Result<Option<Judged>, ExhaustError>> = pool.install(|| {
            block
                .par_iter()
                .map(|(position, class)| {
                    if !all && *position > first_failure.load(Ordering::Relaxed) {
                        return Ok(None);
                    }
                    let slot = rayon::current_thread_index().unwrap_or(0) % workers.len();
                    let mut w = workers[slot].lock().unwrap_or_else(|e| e.into_inner());
                    let judged = judge(&mut w, *position, class, sample)?;
                    if judged.kind().is_some() {
                        first_failure.fetch_min(*position, Ordering::Relaxed);
                    }
                    Ok(Some(judged))
                })
                .collect()
        });
        progress.advance(block.len() as u64);
        for ((_, class), judged) in block.iter().zip(results) {
            // A skipped class lies past a failure of this block, which is read first.
            let judged = match judged {
                Err(ExhaustError::Stopped(why)) if interruptible && interrupted() => {
                    out.stopped = Some(why);
                    return Ok(out);
                }
                other => other?,
            };
            let Some(judged) = judged else { break };
            out.judged.add(class);
            if let Some(i) = &judged.inconsistency {
                out.inconsistent.add(class);
                out.first_inconsistency.get_or_insert_with(|| i.clone());
            }
            if let Some(kind) = judged.kind() {
                out.failures.get_mut(&kind).unwrap().add(class);
                if out.first_failure.is_none() {
                    out.first_failure = Some((class, judged));
                }
                if !all {
                    return Ok(out);
                }
            }
        }
    }
    Ok(out)
}

/// The failing input of a failing class: its representative, or the variant when only that
/// failed, with the oracle's witness.
fn counterexample_of(
    class: &SymmetryClass,
    j: Judged,
    limits: &Constraints,
) -> Result<Counterexample, WitnessError> {
    let mut oracle = Oracle::new();
    let cx = if j.kind.is_some() {
        let inst = Instance {
            board: class.board.clone(),
            hand: class.hand,
        };
        let answer = oracle.solve(&inst)?;
        Counterexample::new(&inst, &class.hand.to_string(), &answer, &j.got)
    } else {
        let (vb, vh, vgot) = j.variant.as_ref().expect("only a variant can fail alone");
        let inst = Instance::parse(vb, vh, limits).expect("a variant of a valid instance");
        let answer = oracle.solve(&inst)?;
        debug_assert_eq!(answer.as_i32(), j.oracle);
        Counterexample::new(&inst, vh, &answer, vgot)
    };
    let mut cx = cx.expect("a failing class has a failing input");
    cx.inconsistency = j.inconsistency;
    Ok(cx)
}

/// Sweeps `solution` as `opts` says, calling it through executors from `make` (one per worker
/// thread), and reports progress to `progress`.
///
/// Order and determinism: classes are judged in blocks of [`BLOCK`] in size order, a block in
/// parallel; the results are then read in order, so the counterexample is the first failing
/// class in size order whatever the scheduling. Its representative is the smallest instance of
/// its class, so for a candidate that keeps the metamorphic laws it is the globally smallest
/// failing instance within the bound.
pub fn run(
    solution: &dyn Solution,
    make: &ExecutorFactory,
    opts: &Options,
    limits: &Constraints,
    progress: &dyn Progress,
) -> Result<ExhaustReport, ExhaustError> {
    if limits.colours.len() != 5 {
        return Err(ExhaustError::Alphabet {
            colours: limits.colours.clone(),
        });
    }
    if opts.max_board == 0
        || opts.max_hand == 0
        || opts.max_board > limits.board_max
        || opts.max_hand > limits.hand_max
    {
        return Err(ExhaustError::Bounds {
            max_board: opts.max_board,
            max_hand: opts.max_hand,
            board_max: limits.board_max,
            hand_max: limits.hand_max,
        });
    }
    let started = Instant::now();
    let classes = sweep(opts.max_board, opts.max_hand, opts.shard);
    let mut domain = Count::default();
    for (_, c) in &classes {
        domain.add(c);
    }
    // No more workers than classes: each one is a process started up front.
    let jobs = match opts.jobs {
        0 => 0,
        n => n.min(classes.len().max(1)),
    };
    let (pool, workers) = pool_and_workers(make, jobs)?;
    progress.start(domain.classes);
    let swept = sweep_classes(
        &classes,
        &pool,
        &workers,
        opts.all,
        opts.metamorphic_sample,
        progress,
        (BLOCK, opts.deadline, opts.interruptible),
    )?;
    let judged = swept.judged.classes as usize;
    let deadline_reached = (judged < classes.len()
        && swept.first_failure.is_none()
        && swept.stopped.is_none())
    .then(|| {
        classes[..judged]
            .last()
            .map_or((0, 0), |(_, c)| (c.board.len(), c.hand.len()))
    });
    let (counterexample, counterexample_class) = match swept.first_failure {
        None => (None, None),
        Some((class, j)) => (
            Some(counterexample_of(class, j, limits)?),
            Some(class_ref(class)),
        ),
    };
    Ok(ExhaustReport {
        solution: solution.name().to_string(),
        expected: solution.expected(),
        max_board: opts.max_board,
        max_hand: opts.max_hand,
        all: opts.all,
        metamorphic_sample: opts.metamorphic_sample,
        shard: opts.shard,
        domain,
        classes: swept.judged.classes,
        instances: swept.judged.instances,
        failures: swept.failures,
        inconsistent: swept.inconsistent,
        counterexample,
        counterexample_class,
        inconsistency: swept.first_inconsistency,
        wall_ms: started.elapsed().as_secs_f64() * 1e3,
        incomplete: swept.stopped.map(|why| {
            format!(
                "{why}: stopped after {} of {} classes",
                swept.judged.classes, domain.classes
            )
        }),
        deadline_reached,
    })
}

/// Whether Ctrl-C or SIGTERM asked the judge to stop.
fn interrupted() -> bool {
    crate::judge::interrupt::STOP.load(Ordering::SeqCst)
}

/// Largest board [`smaller_counterexample`] sweeps, in balls.
pub const SMALLER_MAX_BOARD: usize = 8;

/// What [`smaller_counterexample`] found.
pub struct Smaller {
    /// The smallest failing instance judged, if one failed.
    pub found: Option<Counterexample>,
    /// With nothing found: `Some((judged, below))` when the budget or the time stopped the sweep
    /// before every class of fewer than `below` balls (board at most [`SMALLER_MAX_BOARD`]) was
    /// judged, so a smaller failing input may exist; `None` when that sweep was complete.
    pub cut: Option<(u64, usize)>,
}

/// The smallest failing instance (in size order) of fewer than `below` balls in total, board at
/// most [`SMALLER_MAX_BOARD`], found by judging the first `budget` classes in size order, in
/// blocks of 256, starting no block after `time` has passed; `None` when none fails among
/// those judged. What `fuzz` runs after greedy shrinking, which can stop at a local minimum (a
/// 15-ball input whose every one-step shrink passes while a 6-ball one fails).
pub fn smaller_counterexample(
    make: &ExecutorFactory,
    limits: &Constraints,
    below: usize,
    (budget, time): (usize, std::time::Duration),
    jobs: usize,
) -> Result<Smaller, ExhaustError> {
    let deadline = Instant::now() + time;
    let max_board = SMALLER_MAX_BOARD
        .min(limits.board_max)
        .min(below.saturating_sub(2));
    let max_hand = limits.hand_max.min(5).min(below.saturating_sub(2));
    if max_board == 0 || max_hand == 0 || limits.colours.len() != 5 {
        return Ok(Smaller {
            found: None,
            cut: None,
        });
    }
    let all: Vec<(usize, SymmetryClass)> = sweep(max_board, max_hand, None)
        .into_iter()
        .filter(|(_, c)| c.board.len() + c.hand.len() < below)
        .collect();
    let classes = &all[..all.len().min(budget)];
    let (pool, workers) = pool_and_workers(make, jobs)?;
    let swept = sweep_classes(
        classes,
        &pool,
        &workers,
        false,
        0,
        &(),
        (256, Some(deadline), false),
    )?;
    Ok(match swept.first_failure {
        None => Smaller {
            found: None,
            cut: (swept.judged.classes < all.len() as u64).then_some((swept.judged.classes, below)),
        },
        Some((class, j)) => Smaller {
            found: Some(counterexample_of(class, j, limits)?),
            cut: None,
        },
    })
}

/// Shard reports that cannot be merged. Exit code 2.
#[derive(Debug, Error)]
pub enum MergeError {
    /// A file cannot be read or is not an `exhaust --format json` report.
    #[error("{path}: {message}")]
    File {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// The files do not make up one sharded sweep.
    #[error("{0}")]
    Mismatch(String),
}

/// Reads the `exhaust --format json` report in `path`, written with `schema_version` (a report
/// without the key is read as one).
pub fn read_report(
    path: &std::path::Path,
    schema_version: u32,
) -> Result<ExhaustReport, MergeError> {
    let text = std::fs::read_to_string(path).map_err(|e| MergeError::File {
        path: path.to_path_buf(),
        message: format!("cannot read: {e}"),
    })?;
    if let Some(found) = serde_json::from_str::<serde_json::Value>(&text)
        .ok()
        .and_then(|v| v.get("schema_version").and_then(serde_json::Value::as_u64))
        .filter(|&v| v != u64::from(schema_version))
    {
        return Err(MergeError::File {
            path: path.to_path_buf(),
            message: format!(
                "written with schema_version {found}; this judge reads schema_version {schema_version}: run the shard again with this judge"
            ),
        });
    }
    serde_json::from_str(&text).map_err(|e| MergeError::File {
        path: path.to_path_buf(),
        message: format!(
            "{}; write shard reports with `zuma-judge exhaust --shard K/N --format json --out FILE`",
            not_a_report(&text, &e)
        ),
    })
}

/// Why `text` is not an exhaust report: not JSON (with the line), or JSON of another kind (the
/// report it looks like, by its keys: serde's position is the object's end, of no help).
fn not_a_report(text: &str, e: &serde_json::Error) -> String {
    let Ok(serde_json::Value::Object(keys)) = serde_json::from_str(text) else {
        return format!("line {}: not an exhaust report ({e})", e.line());
    };
    let kind = [
        ("solutions", "`run`"),
        ("submissions", "`grade`"),
        ("code", "`editorial`"),
        ("generated", "`fuzz`"),
        ("witness", "`solve`"),
    ]
    .iter()
    .find(|(key, _)| keys.contains_key(*key))
    .map(|(_, command)| format!("it looks like a {command} report"))
    .unwrap_or_else(|| "it lacks the exhaust report's keys".to_string());
    let why = e.to_string();
    let why = why.split(" at line ").next().unwrap_or(&why);
    format!("not an exhaust report: {kind} ({why})")
}

/// Combines the reports of shards `1/N..N/N` of one sweep into the report an unsharded sweep
/// gives (all fields but `wall_ms`, which is summed).
///
/// With `--all`, counts add up and the smallest counterexample wins. Without it, each shard
/// stopped at its own first failure, which is never before the global first; so the global
/// counterexample is the smallest of the shards', and the judged counts are recomputed as
/// every class up to it in the global order (the sweep's classes are regenerated for that).
pub fn merge(reports: &[(PathBuf, ExhaustReport)]) -> Result<ExhaustReport, MergeError> {
    let first = check_shards(reports)?;
    let domain = reports
        .iter()
        .fold(Count::default(), |acc, (_, r)| acc.plus(r.domain));
    let wall_ms = reports
        .iter()
        .map(|(_, r)| r.wall_ms)
        .fold(0.0, |a, b| a + b);
    let winner = reports
        .iter()
        .filter_map(|(_, r)| Some((r.counterexample_class.as_ref()?, r)))
        .min_by(|a, b| {
            let (x, y) = (parsed(&a.0.board, &a.0.hand), parsed(&b.0.board, &b.0.hand));
            generate::size_order((&x.0, &x.1), (&y.0, &y.1))
        });
    if let Some((c, r)) = winner {
        counterexample_in_class(r.counterexample.as_ref(), c)?;
    }
    let out = ExhaustReport {
        shard: None,
        domain,
        wall_ms,
        counterexample: winner.and_then(|(_, r)| r.counterexample.clone()),
        counterexample_class: winner.map(|(c, _)| c.clone()),
        ..first.clone()
    };
    if first.all {
        Ok(merge_all(out, reports))
    } else {
        merge_to_first_failure(out, winner)
    }
}

/// Errors unless a shard's counterexample is a member of the class it names (a renaming or
/// reversal of its representative): merge counts that class as the first failure.
fn counterexample_in_class(cx: Option<&Counterexample>, c: &ClassRef) -> Result<(), MergeError> {
    let Some(cx) = cx else {
        return Ok(());
    };
    let (b, h) = parsed(&cx.board, &cx.hand);
    let (cb, ch) = parsed(&c.board, &c.hand);
    if generate::symmetry_canonical(&b, &h) == generate::symmetry_canonical(&cb, &ch) {
        return Ok(());
    }
    Err(MergeError::Mismatch(format!(
        "the counterexample {} + {} is not in its stated class {} + {} (no renaming of colours or reversal of the board turns one into the other): the shard files are not what exhaust wrote",
        cx.board, cx.hand, c.board, c.hand
    )))
}

/// A class's board and hand, parsed back from a report (a malformed one sorts as empty).
fn parsed(board: &str, hand: &str) -> (crate::game::rules::Board, crate::game::rules::Hand) {
    (
        crate::game::rules::Board::from_letters(board).unwrap_or_default(),
        crate::game::rules::Hand::from_letters(hand).unwrap_or_default(),
    )
}

/// The first report, once every report is a shard of one sweep and every shard is there once.
fn check_shards(reports: &[(PathBuf, ExhaustReport)]) -> Result<&ExhaustReport, MergeError> {
    let Some((first_path, first)) = reports.first() else {
        return Err(MergeError::Mismatch(
            "no shard reports given; pass every FILE from --shard 1/N .. N/N".into(),
        ));
    };
    let key = |r: &ExhaustReport| {
        (
            r.solution.clone(),
            r.max_board,
            r.max_hand,
            r.all,
            r.metamorphic_sample,
            r.shard.map(|s| s.count),
        )
    };
    let mut seen = Vec::new();
    for (path, r) in reports {
        let Some(shard) = r.shard else {
            return Err(MergeError::File {
                path: path.clone(),
                message: "not a shard report (its \"shard\" is null); merge only reports of `exhaust --shard K/N`".into(),
            });
        };
        if key(r) != key(first) {
            return Err(MergeError::Mismatch(format!(
                "{} ({} shard {shard}, board <= {}, hand <= {}, all {}, metamorphic sample {}) and {} ({} shard {}, board <= {}, hand <= {}, all {}, metamorphic sample {}) are not shards of one sweep",
                path.display(), r.solution, r.max_board, r.max_hand, r.all, r.metamorphic_sample,
                first_path.display(), first.solution, first.shard.unwrap(), first.max_board, first.max_hand, first.all, first.metamorphic_sample
            )));
        }
        if seen.contains(&shard.index) {
            return Err(MergeError::File {
                path: path.clone(),
                message: format!("shard {shard} is given twice"),
            });
        }
        if let Some(why) = &r.incomplete {
            return Err(MergeError::File {
                path: path.clone(),
                message: format!("shard {shard} is incomplete ({why}); run it again to its end"),
            });
        }
        // A shard that found nothing judged every class of its part.
        if r.counterexample.is_none() && r.inconsistency.is_none() && r.classes != r.domain.classes
        {
            return Err(MergeError::File {
                path: path.clone(),
                message: format!(
                    "shard {shard} found no counterexample yet judged {} of its {} classes: the file is not what exhaust wrote",
                    r.classes, r.domain.classes
                ),
            });
        }
        seen.push(shard.index);
    }
    let count = first.shard.unwrap().count;
    let missing: Vec<String> = (1..=count)
        .filter(|i| !seen.contains(i))
        .map(|i| format!("{i}/{count}"))
        .collect();
    if !missing.is_empty() {
        let (noun, verb) = if missing.len() == 1 {
            ("shard", "is")
        } else {
            ("shards", "are")
        };
        return Err(MergeError::Mismatch(format!(
            "{noun} {} {verb} missing; a merge needs every shard of the sweep",
            missing.join(", ")
        )));
    }
    Ok(first)
}

/// `--all`: every shard swept its whole part, so the counts add up, and the smallest of the
/// shards' first inconsistencies is the sweep's.
fn merge_all(mut out: ExhaustReport, reports: &[(PathBuf, ExhaustReport)]) -> ExhaustReport {
    out.classes = reports.iter().map(|(_, r)| r.classes).sum();
    out.instances = reports.iter().map(|(_, r)| r.instances).sum();
    out.failures = empty_failures();
    for (_, r) in reports {
        for (k, c) in &r.failures {
            let e = out.failures.entry(*k).or_default();
            *e = e.plus(*c);
        }
    }
    out.inconsistent = reports
        .iter()
        .fold(Count::default(), |acc, (_, r)| acc.plus(r.inconsistent));
    out.inconsistency = reports
        .iter()
        .filter_map(|(_, r)| r.inconsistency.as_ref())
        .min_by(|a, b| {
            let (a, b) = (parsed(&a.board, &a.hand), parsed(&b.board, &b.hand));
            let x = generate::symmetry_canonical(&a.0, &a.1);
            let y = generate::symmetry_canonical(&b.0, &b.1);
            generate::size_order((&x.0, &x.1), (&y.0, &y.1))
        })
        .cloned();
    out
}

/// Without `--all`: the sweep stops at the global counterexample, so it counts every class up
/// to that one, in the global order, and only its failure.
fn merge_to_first_failure(
    mut out: ExhaustReport,
    winner: Option<(&ClassRef, &ExhaustReport)>,
) -> Result<ExhaustReport, MergeError> {
    out.failures = empty_failures();
    out.inconsistent = Count::default();
    out.inconsistency = None;
    let Some((c, r)) = winner else {
        out.classes = out.domain.classes;
        out.instances = out.domain.instances;
        return Ok(out);
    };
    let all = generate::symmetry_classes(out.max_board, out.max_hand);
    let (b, h) = parsed(&c.board, &c.hand);
    let pos = all
        .binary_search_by(|x| generate::size_order((&x.board, &x.hand), (&b, &h)))
        .map_err(|_| {
            MergeError::Mismatch(format!(
                "the counterexample class {} + {} is not in the sweep for board <= {}, hand <= {}",
                c.board, c.hand, out.max_board, out.max_hand
            ))
        })?;
    out.classes = pos as u64 + 1;
    out.instances = all[..=pos].iter().map(|x| x.instances).sum();
    if let Some(cx) = &r.counterexample {
        let count = Count {
            classes: 1,
            instances: c.instances,
        };
        out.failures.insert(cx.kind, count);
        if cx.inconsistency.is_some() {
            out.inconsistent = count;
            out.inconsistency = cx.inconsistency.clone();
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rules::{Board, Hand};
    use crate::judge::execute::InProcess;
    use crate::submission::registry;

    fn sweep_with(name: &str, max_board: usize, max_hand: usize, all: bool) -> ExhaustReport {
        let sol = registry::find(name).unwrap();
        let make = || Box::new(InProcess::new(sol)) as Box<dyn Executor + Send>;
        run(
            sol,
            &make,
            &Options {
                max_board,
                max_hand,
                all,
                shard: None,
                metamorphic_sample: 1,
                deadline: None,
                jobs: 2,
                interruptible: false,
            },
            &Constraints::default(),
            &(),
        )
        .unwrap()
    }

    #[test]
    fn shards_parse() {
        assert_eq!("2/4".parse::<Shard>(), Ok(Shard { index: 2, count: 4 }));
        assert_eq!(
            "0/4".parse::<Shard>().unwrap_err(),
            "'0/4' is not a shard; write K/N with 1 <= K <= N, e.g. 1/4"
        );
        assert!("5/4".parse::<Shard>().is_err());
        assert!("x".parse::<Shard>().is_err());
    }

    /// The no-rescan clean-up's smallest counterexample, RRYR + YY, and no instance before it in
    /// size order fails, with or without symmetry, whatever the hand bound (all 13,885 of them
    /// checked directly).
    #[test]
    fn smallest_counterexample_is_smallest_over_all_instances() {
        let r = sweep_with("no_chain_reaction", 4, 2, false);
        let cx = r.counterexample.clone().unwrap();
        assert_eq!(
            (
                cx.board.as_str(),
                cx.hand.as_str(),
                cx.oracle,
                cx.got,
                cx.kind
            ),
            ("RRYR", "YY", 2, Some(-1), FailureKind::FalseMinusOne)
        );
        assert_eq!(cx.witness, ["Y@2", "Y@2"]);
        assert_eq!((r.classes, r.instances), (81, 6_140));
        let sol = registry::find("no_chain_reaction").unwrap();
        let (cb, ch) = (
            Board::from_letters(&cx.board).unwrap(),
            Hand::from_letters(&cx.hand).unwrap(),
        );
        let limits = Constraints::default();
        let mut oracle = Oracle::new();
        let mut checked = 0;
        for b in generate::stable_boards(cx.board.len(), 5) {
            for h in generate::hands(cx.size - 1) {
                if generate::size_order((&b, &h), (&cb, &ch)) != std::cmp::Ordering::Less {
                    continue;
                }
                let inst = Instance::parse(&b.to_string(), &h.to_string(), &limits).unwrap();
                let truth = oracle.solve(&inst).unwrap().as_i32();
                assert_eq!(
                    sol.find_min_step(b.to_string(), h.to_string()),
                    truth,
                    "{inst}"
                );
                checked += 1;
            }
        }
        assert_eq!(checked, 13_885);
    }

    /// `--all` counts every failure by kind; the greedy breaks the reversal law.
    #[test]
    fn all_counts_failures_by_kind() {
        let r = sweep_with("greedy_complete_runs", 5, 3, true);
        assert_eq!((r.classes, r.instances), (1_280, 194_150));
        let kinds: Vec<(FailureKind, u64, u64)> = r
            .failures
            .iter()
            .filter(|(_, c)| c.classes > 0)
            .map(|(k, c)| (*k, c.classes, c.instances))
            .collect();
        assert_eq!(kinds, [(FailureKind::FalseMinusOne, 6, 300)]);
        assert_eq!((r.inconsistent.classes, r.inconsistent.instances), (4, 240));
        let i = r.inconsistency.unwrap();
        assert_eq!(
            i.describe(),
            "RRYYR + RY gives -1 but YBBYY + BY gives 1 (breaks board reversal)"
        );
    }

    /// seed 000's pruned search holds up to board 5, hand 3; three shards merge into the
    /// unsharded report.
    #[test]
    fn accepted_solution_has_no_counterexample_and_shards_merge() {
        let whole = sweep_with("seed000_bfs", 5, 3, false);
        assert_eq!(whole.counterexample, None);
        assert_eq!((whole.classes, whole.instances), (1_280, 194_150));
        for (name, all) in [
            ("seed000_bfs", false),
            ("no_chain_reaction", false),
            ("greedy_complete_runs", true),
        ] {
            let whole = sweep_with(name, 5, 3, all);
            let shards: Vec<(PathBuf, ExhaustReport)> = (1..=3)
                .map(|k| {
                    let sol = registry::find(name).unwrap();
                    let make = || Box::new(InProcess::new(sol)) as Box<dyn Executor + Send>;
                    let opts = Options {
                        max_board: 5,
                        max_hand: 3,
                        all,
                        shard: Some(Shard { index: k, count: 3 }),
                        metamorphic_sample: 1,
                        deadline: None,
                        jobs: 2,
                        interruptible: false,
                    };
                    let r = run(sol, &make, &opts, &Constraints::default(), &()).unwrap();
                    (PathBuf::from(format!("s{k}.json")), r)
                })
                .collect();
            let mut merged = merge(&shards).unwrap();
            merged.wall_ms = whole.wall_ms;
            assert_eq!(merged, whole, "{name}");
        }
    }

    /// A shard whose counterexample was swapped for an input outside its class does not merge;
    /// a renamed and reversed copy of it (the same class) does.
    #[test]
    fn merge_refuses_a_counterexample_outside_its_class() {
        let shard = sweep_with("no_chain_reaction", 5, 3, false);
        let c = shard.counterexample_class.clone().unwrap();
        let with = |board: String, hand: String| {
            let mut r = shard.clone();
            r.shard = Some(Shard { index: 1, count: 1 });
            let cx = r.counterexample.as_mut().unwrap();
            (cx.board, cx.hand) = (board, hand);
            vec![(PathBuf::from("s.json"), r)]
        };
        let swap_r_w = |s: &str| -> String {
            s.chars()
                .map(|b| match b {
                    'R' => 'W',
                    'W' => 'R',
                    b => b,
                })
                .collect()
        };
        let reversed: String = c.board.chars().rev().collect();
        let same = merge(&with(swap_r_w(&reversed), swap_r_w(&c.hand)));
        assert!(same.is_ok(), "{same:?}");
        match merge(&with(format!("{}G", c.board), c.hand.clone())) {
            Err(MergeError::Mismatch(m)) => assert_eq!(
                m,
                format!(
                    "the counterexample {b}G + {h} is not in its stated class {b} + {h} (no renaming of colours or reversal of the board turns one into the other): the shard files are not what exhaust wrote",
                    b = c.board,
                    h = c.hand
                )
            ),
            other => panic!("{other:?}"),
        }
    }

    /// Answers every call with [`Failure::Stopped`], as a worker that cannot start does.
    struct CannotStart;

    impl Executor for CannotStart {
        fn call(&mut self, _board: &str, _hand: &str) -> crate::judge::execute::Outcome {
            crate::judge::execute::Outcome {
                result: Err(Failure::Stopped("cannot start zuma-judge worker".into())),
                wall_ms: 0.0,
                cpu_ms: 0.0,
                memory_kib: None,
                repeats_ms: Vec::new(),
            }
        }
    }

    #[test]
    fn a_judge_that_cannot_call_the_solution_stops_the_sweep_with_no_counterexample() {
        let sol = registry::find("seed000_bfs").unwrap();
        let make = || Box::new(CannotStart) as Box<dyn Executor + Send>;
        let opts = Options {
            max_board: 3,
            max_hand: 2,
            all: false,
            shard: None,
            metamorphic_sample: 1,
            deadline: None,
            jobs: 2,
            interruptible: false,
        };
        match run(sol, &make, &opts, &Constraints::default(), &()) {
            Err(ExhaustError::Stopped(why)) => assert_eq!(why, "cannot start zuma-judge worker"),
            other => panic!("{other:?}"),
        }
    }
}
