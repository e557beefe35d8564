//! `fuzz`: judges a candidate on seeded random instances from
//! [`generate::random_instance`] (aimed at answers 1..=5), on every core, until a count or a
//! time is reached or it fails; then shrinks the failure with [`crate::judge::minimise`]. Instance `i`
//! of seed `S` is drawn from its own generator seeded `S + i`, so any one is reproduced alone.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use serde::Serialize;

use crate::game::generate;
use crate::game::oracle::Oracle;
use crate::game::rules::{Constraints, Instance};
use crate::hunt::check::check_variant;
use crate::hunt::counterexample::Counterexample;
use crate::hunt::exhaust;
use crate::hunt::worker::{
    not_stopped, pool_and_workers, this_threads, ExecutorFactory, ExhaustError, Worker,
};
use crate::judge::execute::{Executor, Failure};
use crate::judge::exit::Exit;
use crate::judge::metamorphic;
use crate::judge::minimise;
use crate::judge::runner::{self, MINIMISE_TRIES};
use crate::judge::verdict::VerdictKind;
use crate::submission::registry::Solution;

/// When to stop (besides a failure).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// After this many instances.
    Count(u64),
    /// After the batch running when this much time has passed.
    Time(Duration),
}

/// How to fuzz.
#[derive(Clone, Debug)]
pub struct Options {
    /// The run's seed; instance `i` uses seed `seed + i` (wrapping).
    pub seed: u64,
    /// When to stop.
    pub stop: Stop,
    /// Also call the candidate on a random [`metamorphic::composite`] variant of each instance.
    pub metamorphic: bool,
    /// Worker threads; 0 for one per core.
    pub jobs: usize,
    /// Set by Ctrl-C or SIGTERM ([`crate::judge::interrupt::STOP`]); `None` for no interrupts. The
    /// executors should watch the same flag, so that a call in progress stops too.
    pub interrupt: Option<&'static AtomicBool>,
}

/// Classes the sweep after greedy shrinking may judge (about the sizes up to 9 or 10 balls;
/// a second or two for the shipped wrong solutions).
pub const SWEEP_BUDGET: usize = 20_000;

/// Time after which the sweep after greedy shrinking starts no new block of 256 classes.
pub const SWEEP_TIME: Duration = Duration::from_secs(5);

/// Most instances per parallel batch; batches start at one per thread and double while they
/// take under a quarter of a second. The first failure in index order is kept, so results do
/// not depend on batching or scheduling.
pub const MAX_BATCH: u64 = 1024;

/// A failure, as found and as shrunk.
#[derive(Clone, Debug, Serialize)]
pub struct FuzzFailure {
    /// 0-based index of the failing instance in this run.
    pub index: u64,
    /// The seed that generates it alone: `zuma-judge fuzz --seed CASE_SEED --count 1`.
    pub case_seed: u64,
    /// The failing input as generated (or its metamorphic variant, when only that failed).
    pub found: Counterexample,
    /// Board plus hand after greedy shrinking, in balls.
    pub shrunk_size: usize,
    /// The smallest failing input found: greedy shrinking's, or a smaller one from a sweep of
    /// the first [`SWEEP_BUDGET`] classes below its size, for at most about [`SWEEP_TIME`]
    /// ([`exhaust::smaller_counterexample`]).
    pub minimised: Counterexample,
    /// Candidates the minimiser tried.
    pub tries: usize,
    /// When a budget cut the search for a smaller input short, which one: greedy shrinking's
    /// [`MINIMISE_TRIES`] candidates, or the sweep's [`SWEEP_BUDGET`] classes or
    /// [`SWEEP_TIME`]; a smaller failing input may then exist. Null when neither was cut.
    pub budget_cut: Option<String>,
}

/// What [`FuzzFailure::budget_cut`] says, from greedy shrinking's tries and the sweep's cut.
fn budget_cut(tries: usize, sweep: Option<(u64, usize)>) -> Option<String> {
    let mut cuts = Vec::new();
    if tries >= MINIMISE_TRIES {
        cuts.push(format!(
            "greedy shrinking used all {MINIMISE_TRIES} candidates"
        ));
    }
    if let Some((judged, below)) = sweep {
        cuts.push(format!(
            "the sweep below {below} balls stopped after {judged} classes (budget {SWEEP_BUDGET} classes, {} s)",
            SWEEP_TIME.as_secs()
        ));
    }
    (!cuts.is_empty()).then(|| cuts.join("; "))
}

/// What a fuzz run found.
#[derive(Clone, Debug, Serialize)]
pub struct FuzzReport {
    /// The candidate.
    pub solution: String,
    /// The submission file judged (`fuzz --submission PATH`), as given; omitted for a
    /// registered solution.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub submission: Option<String>,
    /// Its folder.
    pub expected: crate::judge::verdict::Expected,
    /// The run's seed.
    pub seed: u64,
    /// Instances generated and judged (up to and including a failure).
    pub generated: u64,
    /// The oracle's answers over those instances: answer (moves, or -1) -> instances.
    pub histogram: BTreeMap<i32, u64>,
    /// Instances whose board can be emptied.
    pub solvable: u64,
    /// The first failure, or null.
    pub failure: Option<FuzzFailure>,
    /// Why the run stopped early (Ctrl-C, SIGTERM), or null.
    pub incomplete: Option<String>,
    /// Wall time, in milliseconds.
    pub wall_ms: f64,
}

impl FuzzReport {
    /// [`Exit::Incomplete`] when interrupted (as `run`), else [`Exit::Differs`] when a failure
    /// (wrong answer or self-disagreement) was found, else [`Exit::Ok`].
    pub fn exit(&self) -> Exit {
        if self.incomplete.is_some() {
            Exit::Incomplete
        } else {
            Exit::differs_if(self.failure.is_some())
        }
    }
}

struct Judged {
    answer: i32,
    failure: Option<(Instance, Counterexample)>,
}

/// The instance with seed `case_seed`, as the fuzzer generates it.
pub fn instance(case_seed: u64, limits: &Constraints) -> Instance {
    generate::random_instance(&mut ChaCha8Rng::seed_from_u64(case_seed), limits)
}

fn judge_one(
    w: &mut Worker,
    case_seed: u64,
    limits: &Constraints,
    metamorphic: bool,
) -> Result<Judged, ExhaustError> {
    w.bound_memo();
    let mut rng = ChaCha8Rng::seed_from_u64(case_seed);
    let inst = generate::random_instance(&mut rng, limits);
    let answer = w.oracle.solve(&inst)?;
    let (b, h) = (inst.board.to_string(), inst.hand.to_string());
    let got = w.exec.call(&b, &h).result;
    not_stopped(&got)?;
    let mut failure = Counterexample::new(&inst, &h, &answer, &got).map(|c| (inst.clone(), c));
    if metamorphic {
        let mut perm = [0, 1, 2, 3, 4];
        perm.shuffle(&mut rng);
        let variant = metamorphic::composite(&b, &h, &perm);
        let v = check_variant(w.exec.as_mut(), (&b, &h), &got, variant)?;
        if let Some(inc) = v.inconsistency {
            if failure.is_none() {
                let vinst =
                    Instance::parse(&v.board, &v.hand, limits).expect("a variant of a valid input");
                let vanswer = w.oracle.solve(&vinst)?;
                failure =
                    Counterexample::new(&vinst, &v.hand, &vanswer, &v.got).map(|c| (vinst, c));
            }
            if let Some((_, c)) = failure.as_mut() {
                c.inconsistency = Some(inc);
            }
        }
    }
    Ok(Judged {
        answer: answer.as_i32(),
        failure,
    })
}

/// Fuzzes `solution` as `opts` says, calling it through executors from `make` (one per worker
/// thread, plus one for minimising). When [`Options::interrupt`] is set the run stops within a
/// call: the report covers the instances judged before it, and a failure already found is kept
/// as found (or as far as it was shrunk), with [`FuzzReport::incomplete`] saying so.
pub fn run(
    solution: &dyn Solution,
    make: &ExecutorFactory,
    opts: &Options,
    limits: &Constraints,
) -> Result<FuzzReport, ExhaustError> {
    if limits.colours.len() != 5 {
        return Err(ExhaustError::Alphabet {
            colours: limits.colours.clone(),
        });
    }
    let started = Instant::now();
    let searched = search(make, opts, limits, started)?;
    let mut incomplete = searched
        .interrupted
        .then(|| format!("interrupted after {} instances", searched.generated));
    let failure = match searched.found {
        None => None,
        Some((index, inst, cx)) => {
            let (failure, cut) = shrink(make, opts, limits, (index, &inst, cx))?;
            if cut {
                incomplete = Some(format!(
                    "interrupted while minimising the failure on instance {index}; kept as shrunk so far ({} balls)",
                    failure.minimised.size
                ));
            }
            Some(failure)
        }
    };
    let histogram = searched.histogram;
    Ok(FuzzReport {
        solution: solution.name().to_string(),
        submission: None,
        expected: solution.expected(),
        seed: opts.seed,
        generated: searched.generated,
        solvable: histogram
            .iter()
            .filter(|(a, _)| **a >= 0)
            .map(|(_, n)| n)
            .sum(),
        histogram,
        failure,
        incomplete,
        wall_ms: started.elapsed().as_secs_f64() * 1e3,
    })
}

/// What the search before shrinking judged.
struct Searched {
    histogram: BTreeMap<i32, u64>,
    generated: u64,
    found: Option<(u64, Instance, Counterexample)>,
    interrupted: bool,
}

/// Is the run's interrupt flag set?
fn interrupted(opts: &Options) -> bool {
    opts.interrupt.is_some_and(|f| f.load(Ordering::SeqCst))
}

/// Judges instances in parallel batches until the count, the time, the first failure (in
/// index order) or an interrupt.
fn search(
    make: &ExecutorFactory,
    opts: &Options,
    limits: &Constraints,
    started: Instant,
) -> Result<Searched, ExhaustError> {
    let (pool, workers) = pool_and_workers(make, opts.jobs)?;
    let mut out = Searched {
        histogram: BTreeMap::new(),
        generated: 0,
        found: None,
        interrupted: false,
    };
    let threads = pool.current_num_threads() as u64;
    let mut batch = threads;
    loop {
        let generated = out.generated;
        let end = match opts.stop {
            Stop::Count(n) => n.min(generated + batch),
            Stop::Time(t) if started.elapsed() >= t => generated,
            Stop::Time(_) => generated + batch,
        };
        if interrupted(opts) {
            out.interrupted = true;
            break;
        }
        if end <= generated {
            break;
        }
        let batch_started = Instant::now();
        let results: Vec<Result<Judged, ExhaustError>> = pool.install(|| {
            (generated..end)
                .into_par_iter()
                .map(|i| {
                    let mut w = this_threads(&workers);
                    judge_one(&mut w, opts.seed.wrapping_add(i), limits, opts.metamorphic)
                })
                .collect()
        });
        batch = next_batch(batch, batch_started.elapsed(), threads);
        if out.read_batch(generated..end, results, opts)? {
            break;
        }
    }
    Ok(out)
}

/// The size of the batch after one of `batch` instances that took `took`: batches of about a
/// quarter of a second are large enough to keep every core busy, small enough that `--time`
/// is kept even by a slow candidate.
fn next_batch(batch: u64, took: Duration, threads: u64) -> u64 {
    if took < Duration::from_millis(250) {
        (batch * 2).min(MAX_BATCH)
    } else if took > Duration::from_secs(1) {
        (batch / 2).max(threads)
    } else {
        batch
    }
}

impl Searched {
    /// Reads the results of instances `range` in order; `Ok(true)` when the search ends here
    /// (a failure, or an interrupt).
    fn read_batch(
        &mut self,
        range: std::ops::Range<u64>,
        results: Vec<Result<Judged, ExhaustError>>,
        opts: &Options,
    ) -> Result<bool, ExhaustError> {
        for (i, r) in range.zip(results) {
            let j = match r {
                // A call cut by the interrupt: the instances before it count, none after.
                Err(ExhaustError::Stopped(_)) if interrupted(opts) => {
                    self.interrupted = true;
                    return Ok(true);
                }
                r => r?,
            };
            self.generated = i + 1;
            *self.histogram.entry(j.answer).or_insert(0) += 1;
            if let Some((inst, cx)) = j.failure {
                self.found = Some((i, inst, cx));
                return Ok(true);
            }
        }
        Ok(false)
    }
}

/// Shrinks the failure found on instance `index`; true when an interrupt cut it short (the
/// failure is then the smallest failing input confirmed so far, `found` at worst).
fn shrink(
    make: &ExecutorFactory,
    opts: &Options,
    limits: &Constraints,
    (index, inst, cx): (u64, &Instance, Counterexample),
) -> Result<(FuzzFailure, bool), ExhaustError> {
    let mut exec = make();
    let mut oracle = Oracle::new();
    let answer = oracle.solve(inst)?;
    let kind = runner::judge(exec.as_mut(), inst, answer.as_i32()).0.kind();
    // A TLE or MLE costs a whole limit a call, as in `run`: such a failure stands as found,
    // with no shrinking and no sweep.
    let slow = matches!(
        kind,
        VerdictKind::TimeLimitExceeded | VerdictKind::MemoryLimitExceeded
    );
    let (small, tries) = if kind == VerdictKind::Accepted || slow || interrupted(opts) {
        // Accepted: only the pair disagreed (a flaky candidate); keep the input as found.
        (inst.clone(), 0)
    } else {
        greedy(exec.as_mut(), &mut oracle, (inst, kind), limits, opts)
    };
    let a = oracle.solve(&small)?;
    let (b, h) = (small.board.to_string(), small.hand.to_string());
    let got = exec.call(&b, &h).result;
    let shrunk = match &got {
        Err(Failure::Stopped(_)) => cx.clone(),
        _ => Counterexample::new(&small, &h, &a, &got).unwrap_or_else(|| cx.clone()),
    };
    let smaller = if slow {
        None
    } else {
        sweep_below(make, opts, limits, shrunk.size)?
    };
    let (swept, cut) = smaller.map_or((None, None), |s| (s.found, s.cut));
    // A smaller input from the sweep makes greedy shrinking's budget beside the point.
    let budget_cut = match &swept {
        Some(_) => None,
        None => budget_cut(tries, cut),
    };
    let failure = FuzzFailure {
        index,
        case_seed: opts.seed.wrapping_add(index),
        found: cx,
        shrunk_size: shrunk.size,
        minimised: swept.unwrap_or(shrunk),
        tries,
        budget_cut,
    };
    Ok((failure, interrupted(opts)))
}

/// Greedy shrinking of `inst` while the candidate still fails it with `kind`: the smallest
/// failing input found and the candidates tried.
fn greedy(
    exec: &mut dyn Executor,
    oracle: &mut Oracle,
    (inst, kind): (&Instance, VerdictKind),
    limits: &Constraints,
    opts: &Options,
) -> (Instance, usize) {
    minimise::minimise(
        inst,
        limits,
        |cand| {
            // Once interrupted every candidate "passes": minimise keeps the last failing one.
            let Ok(a) = oracle.solve(cand) else {
                return false;
            };
            !interrupted(opts) && runner::judge(exec, cand, a.as_i32()).0.kind() == kind
        },
        MINIMISE_TRIES,
    )
}

/// The sweep of the sizes below `size` for a smaller failure, within [`SWEEP_BUDGET`] classes
/// and [`SWEEP_TIME`]; `None` when an interrupt stops it (or came before it).
fn sweep_below(
    make: &ExecutorFactory,
    opts: &Options,
    limits: &Constraints,
    size: usize,
) -> Result<Option<exhaust::Smaller>, ExhaustError> {
    if interrupted(opts) {
        return Ok(None);
    }
    let budget = (SWEEP_BUDGET, SWEEP_TIME);
    match exhaust::smaller_counterexample(make, limits, size, budget, opts.jobs) {
        Err(ExhaustError::Stopped(_)) if interrupted(opts) => Ok(None),
        r => r.map(Some),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::execute::InProcess;
    use crate::submission::registry;

    fn fuzz(name: &str, seed: u64, count: u64) -> FuzzReport {
        let sol = registry::find(name).unwrap();
        let make = || Box::new(InProcess::new(sol)) as Box<dyn Executor + Send>;
        run(
            sol,
            &make,
            &Options {
                seed,
                stop: Stop::Count(count),
                metamorphic: true,
                jobs: 2,
                interrupt: None,
            },
            &Constraints::default(),
        )
        .unwrap()
    }

    #[test]
    fn a_cut_budget_is_said_and_a_complete_search_says_nothing() {
        assert_eq!(budget_cut(12, None), None);
        assert_eq!(
            budget_cut(MINIMISE_TRIES, None).as_deref(),
            Some("greedy shrinking used all 5000 candidates")
        );
        assert_eq!(
            budget_cut(40, Some((4096, 12))).as_deref(),
            Some("the sweep below 12 balls stopped after 4096 classes (budget 20000 classes, 5 s)")
        );
    }

    #[test]
    fn finds_and_shrinks_seed003s_bug_reproducibly() {
        let r = fuzz("seed003_adjacent_memo", 1, 10_000);
        let f = r.failure.as_ref().unwrap();
        assert_eq!((f.index, f.case_seed), (378, 379));
        assert_eq!(
            (f.found.board.as_str(), f.found.hand.as_str(), f.found.got),
            ("RRWWRRWRRBRR", "RRBBW", Some(4))
        );
        // greedy shrinking reaches 12 balls; no smaller one fails (the smallest is 12 balls)
        assert_eq!(
            (
                f.minimised.board.as_str(),
                f.minimised.hand.as_str(),
                f.minimised.oracle,
                f.minimised.got
            ),
            ("RRWWRRBRR", "BBW", 3, Some(-1))
        );
        assert_eq!(f.shrunk_size, 12);
        // the case seed alone finds the same input first
        let again = fuzz("seed003_adjacent_memo", f.case_seed, 1);
        assert_eq!(again.failure.unwrap().found, f.found);
    }

    /// Greedy shrinking stops at 15 balls; the sweep below it finds the smallest, 6 balls.
    #[test]
    fn the_sweep_beats_greedy_shrinking() {
        let r = fuzz("no_chain_reaction", 1, 100);
        let f = r.failure.unwrap();
        assert_eq!(f.shrunk_size, 15);
        assert_eq!(
            (f.minimised.board.as_str(), f.minimised.hand.as_str()),
            ("RRYR", "YY")
        );
    }

    #[test]
    fn accepted_solution_survives_with_a_spread_histogram() {
        let r = fuzz("seed000_bfs", 7, 600);
        assert!(r.failure.is_none());
        assert_eq!(r.generated, 600);
        assert_eq!(
            r.histogram.into_iter().collect::<Vec<_>>(),
            [(-1, 120), (1, 118), (2, 144), (3, 107), (4, 54), (5, 57)]
        );
        assert_eq!(r.solvable, 480);
    }
}
