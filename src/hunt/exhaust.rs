//! `exhaust`: judges a candidate on every valid instance up to a bound, one representative per
//! class of colour renaming x board reversal, in the judge's size order, on every core. Without
//! `--all` it stops at the first failing class, which is the globally smallest counterexample.
//! Shards split the sweep deterministically; [`crate::hunt::merge`] combines their reports into
//! one. The sweep itself is in [`crate::hunt::sweep`].

use std::collections::BTreeMap;
use std::time::Instant;

use serde::{Deserialize, Serialize};

use crate::game::generate::SymmetryClass;
use crate::game::rules::Constraints;
use crate::hunt::counterexample::{Counterexample, FailureKind};
use crate::hunt::sweep::{self, counterexample_of, sweep_classes, Swept};
use crate::hunt::worker::pool_and_workers;
use crate::judge::exit::Exit;
use crate::judge::metamorphic::Inconsistency;
use crate::submission::registry::Solution;

pub use crate::hunt::sweep::{Count, Progress, Shard};
pub use crate::hunt::worker::{ExecutorFactory, ExhaustError, MEMO_CAP};

/// Classes judged per parallel block. Without `--all` the sweep stops after the block holding
/// the first failure, so at most one block's work is wasted past it.
pub const BLOCK: usize = 4096;

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
    /// Which classes also get their [`crate::judge::metamorphic::composite`] variant judged: 0 none; else
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
    /// [`Exit::Incomplete`] when the sweep was stopped, else [`Exit::Differs`] when a
    /// counterexample or an inconsistency was found, else [`Exit::Ok`].
    pub fn exit(&self) -> Exit {
        if self.incomplete.is_some() {
            Exit::Incomplete
        } else {
            Exit::differs_if(self.counterexample.is_some() || self.inconsistency.is_some())
        }
    }
}

fn class_ref(c: &SymmetryClass) -> ClassRef {
    ClassRef {
        board: c.board.to_string(),
        hand: c.hand.to_string(),
        instances: c.instances,
    }
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
    check_bounds(opts, limits)?;
    let started = Instant::now();
    let classes = sweep::classes(opts.max_board, opts.max_hand, opts.shard);
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
    let mut report = report(solution, opts, domain, swept, limits)?;
    report.deadline_reached = deadline_reached;
    report.wall_ms = started.elapsed().as_secs_f64() * 1e3;
    Ok(report)
}

/// Errors unless the bound lies within `limits` and the alphabet is the problem's five colours.
fn check_bounds(opts: &Options, limits: &Constraints) -> Result<(), ExhaustError> {
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
    Ok(())
}

/// The report of a sweep of `domain` that found `swept` (no wall time, no deadline yet).
fn report(
    solution: &dyn Solution,
    opts: &Options,
    domain: Count,
    swept: Swept,
    limits: &Constraints,
) -> Result<ExhaustReport, ExhaustError> {
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
        wall_ms: 0.0,
        incomplete: swept.stopped.map(|why| {
            format!(
                "{why}: stopped after {} of {} classes",
                swept.judged.classes, domain.classes
            )
        }),
        deadline_reached: None,
    })
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
    let all: Vec<(usize, SymmetryClass)> = sweep::classes(max_board, max_hand, None)
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

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::game::generate;
    use crate::game::oracle::Oracle;
    use crate::game::rules::{Board, Hand, Instance};
    use crate::judge::execute::{Executor, Failure, InProcess};
    use crate::submission::registry;

    /// The report of a whole sweep of `name` in process, every metamorphic variant judged.
    pub(crate) fn sweep_with(
        name: &str,
        max_board: usize,
        max_hand: usize,
        all: bool,
    ) -> ExhaustReport {
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
                core_wait_ms: 0.0,
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
