//! The sweep of symmetry classes that `exhaust` runs (and `fuzz` after shrinking): the classes
//! in the judge's size order, split into shards; each class judged with its metamorphic
//! variant, blocks of classes in parallel, read in order; the failing input of a failing class.

use std::collections::BTreeMap;
use std::fmt;
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
use crate::hunt::check::check_variant;
use crate::hunt::counterexample::{classify, Counterexample, FailureKind};
use crate::hunt::worker::{not_stopped, this_threads, ExhaustError, Worker};
use crate::judge::execute::{Batcher, Failure};
use crate::judge::metamorphic::{self, Inconsistency};

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

/// Text that is no `K/N` shard: the text as given.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("'{0}' is not a shard; write K/N with 1 <= K <= N, e.g. 1/4")]
pub struct NotAShard(pub String);

impl FromStr for Shard {
    type Err = NotAShard;
    /// Parses `K/N`, e.g. `2/4`, with `1 <= K <= N`.
    fn from_str(s: &str) -> Result<Shard, NotAShard> {
        let bad = || NotAShard(s.to_string());
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

/// A number of classes and the instances they stand for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Count {
    /// Symmetry classes.
    pub classes: u64,
    /// Instances (board string, hand multiset) they stand for.
    pub instances: u64,
}

impl Count {
    pub(crate) fn add(&mut self, class: &SymmetryClass) {
        self.classes += 1;
        self.instances += class.instances;
    }
    pub(crate) fn plus(self, o: Count) -> Count {
        Count {
            classes: self.classes + o.classes,
            instances: self.instances + o.instances,
        }
    }
}

/// Where a sweep reports progress, in classes. The CLI draws a progress bar; tests pass `&()`.
pub trait Progress: Sync {
    /// The sweep will judge up to `classes` classes.
    fn start(&self, _classes: u64) {}
    /// `classes` more were judged.
    fn advance(&self, _classes: u64) {}
}

impl Progress for () {}

/// A class as judged.
pub(crate) struct Judged {
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

/// The oracle's answer for a class.
fn oracle_of(oracle: &mut Oracle, class: &SymmetryClass) -> Result<i32, ExhaustError> {
    let inst = Instance {
        board: class.board.clone(),
        hand: class.hand,
    };
    Ok(oracle.solve(&inst)?.as_i32())
}

/// Whether [`judge`] calls a class's metamorphic variant when the solution answers it right:
/// for a solvable class, and for every `sample`-th class.
fn judges_variant(position: usize, oracle: i32, sample: u64) -> bool {
    sample > 0 && (oracle >= 0 || (position as u64).is_multiple_of(sample))
}

fn judge(
    w: &mut Worker,
    (position, class): (usize, &SymmetryClass),
    oracle: i32,
    sample: u64,
) -> Result<Judged, ExhaustError> {
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
        let variant = metamorphic::composite(&board, &hand, &metamorphic::SHIFT);
        let v = check_variant(w.exec.as_mut(), (&board, &hand), &judged.got, variant)?;
        if v.inconsistency.is_some() {
            judged.variant_kind = classify(oracle, &v.got);
        }
        judged.inconsistency = v.inconsistency;
        judged.variant = Some((v.board, v.hand, v.got));
    }
    Ok(judged)
}

/// The classes of the sweep for `max_board` x `max_hand` in size order, with their 0-based
/// positions, restricted to `shard`.
pub(crate) fn classes(
    max_board: usize,
    max_hand: usize,
    shard: Option<Shard>,
) -> Vec<(usize, SymmetryClass)> {
    generate::symmetry_classes(max_board, max_hand)
        .into_iter()
        .enumerate()
        .filter(|(i, _)| shard.is_none_or(|s| s.takes(*i)))
        .collect()
}

/// A zero count for every failure kind.
pub(crate) fn empty_failures() -> BTreeMap<FailureKind, Count> {
    FailureKind::ALL
        .into_iter()
        .map(|k| (k, Count::default()))
        .collect()
}

/// What judging a list of classes in order found.
pub(crate) struct Swept<'c> {
    pub(crate) judged: Count,
    pub(crate) failures: BTreeMap<FailureKind, Count>,
    pub(crate) inconsistent: Count,
    pub(crate) first_failure: Option<(&'c SymmetryClass, Judged)>,
    pub(crate) first_inconsistency: Option<Inconsistency>,
    /// Why the sweep stopped early, when an interrupt stopped it.
    pub(crate) stopped: Option<String>,
}

impl<'c> Swept<'c> {
    /// Reads a block's results in order; `Ok(true)` when the sweep ends here (an interrupt, or
    /// the first failure without `all`).
    fn read_block(
        &mut self,
        block: &'c [(usize, SymmetryClass)],
        results: Vec<Result<Option<Judged>, ExhaustError>>,
        all: bool,
        interruptible: bool,
    ) -> Result<bool, ExhaustError> {
        for ((_, class), judged) in block.iter().zip(results) {
            // A skipped class lies past a failure of this block, which is read first.
            let judged = match judged {
                Err(ExhaustError::Stopped(why)) if interruptible && interrupted() => {
                    self.stopped = Some(why);
                    return Ok(true);
                }
                other => other?,
            };
            let Some(judged) = judged else { break };
            self.judged.add(class);
            if let Some(i) = &judged.inconsistency {
                self.inconsistent.add(class);
                self.first_inconsistency.get_or_insert_with(|| i.clone());
            }
            if let Some(kind) = judged.kind() {
                self.failures.get_mut(&kind).unwrap().add(class);
                if self.first_failure.is_none() {
                    self.first_failure = Some((class, judged));
                }
                if !all {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }
}

/// Judges a block of classes in parallel, one result per class in order; without `all` a class
/// past a failure already seen in the block is skipped (`None`).
fn judge_block(
    block: &[(usize, SymmetryClass)],
    pool: &rayon::ThreadPool,
    workers: &[Mutex<Worker>],
    all: bool,
    sample: u64,
) -> Vec<Result<Option<Judged>, ExhaustError>> {
    let first_failure = AtomicUsize::new(usize::MAX);
    let part = block.len().div_ceil(workers.len().max(1)).max(1);
    let parts: Vec<Vec<_>> = pool.install(|| {
        block
            .par_chunks(part)
            .map(|p| judge_part(p, workers, (all, sample), &first_failure))
            .collect()
    });
    parts.into_iter().flatten().collect()
}

/// One thread's part of a block, judged in order on its worker. The calls go ahead in batches
/// ([`Batcher`], one round trip each, settled by the worker's rule): each class's call and,
/// when [`judges_variant`] foresees it, its variant's, in the order [`judge`] makes them. A
/// call no batch settled, or one not foreseen (which empties the worker's queue), is made
/// singly, as without batches.
fn judge_part(
    part: &[(usize, SymmetryClass)],
    workers: &[Mutex<Worker>],
    (all, sample): (bool, u64),
    first_failure: &AtomicUsize,
) -> Vec<Result<Option<Judged>, ExhaustError>> {
    let mut w = this_threads(workers);
    let mut ahead = Ahead::default();
    let mut out = Vec::with_capacity(part.len());
    for n in 0..part.len() {
        let (position, class) = (part[n].0, &part[n].1);
        if !all && position > first_failure.load(Ordering::Relaxed) {
            out.push(Ok(None));
            continue;
        }
        let judged = ahead
            .oracle(&mut w, part, n, sample)
            .and_then(|oracle| judge(&mut w, (position, class), oracle, sample));
        let failed = judged.as_ref().map_or(true, |j| j.kind().is_some());
        if failed {
            first_failure.fetch_min(position, Ordering::Relaxed);
        }
        out.push(judged.map(Some));
        if failed && !all {
            out.extend(part[n + 1..].iter().map(|_| Ok(None)));
            break;
        }
    }
    out
}

/// What one thread has sent ahead: the oracle's answers of the classes its batches hold, and
/// how many calls the worker still has settled.
#[derive(Default)]
struct Ahead {
    batcher: Batcher,
    oracles: Vec<i32>,
    queued: usize,
}

impl Ahead {
    /// The oracle's answer for `part[n]`, after sending the next batch when the worker has no
    /// settled call left.
    fn oracle(
        &mut self,
        w: &mut Worker,
        part: &[(usize, SymmetryClass)],
        n: usize,
        sample: u64,
    ) -> Result<i32, ExhaustError> {
        w.bound_memo();
        if self.queued == 0 {
            self.send(w, part, n, sample)?;
        }
        let oracle = self.oracle_at(w, part, n)?;
        let calls = 1 + usize::from(judges_variant(part[n].0, oracle, sample));
        self.queued = self.queued.saturating_sub(calls);
        Ok(oracle)
    }

    /// The oracle's answer for `part[k]`, solving the classes up to it in order.
    fn oracle_at(
        &mut self,
        w: &mut Worker,
        part: &[(usize, SymmetryClass)],
        k: usize,
    ) -> Result<i32, ExhaustError> {
        while self.oracles.len() <= k {
            let o = oracle_of(&mut w.oracle, &part[self.oracles.len()].1)?;
            self.oracles.push(o);
        }
        Ok(self.oracles[k])
    }

    /// Sends the calls of `part[n..]` as one batch of the batcher's next size; nothing once
    /// the batcher has stopped.
    fn send(
        &mut self,
        w: &mut Worker,
        part: &[(usize, SymmetryClass)],
        n: usize,
        sample: u64,
    ) -> Result<(), ExhaustError> {
        let want = self.batcher.size();
        let mut inputs = Vec::with_capacity(want + 1);
        for k in n..part.len() {
            if inputs.len() >= want {
                break;
            }
            let oracle = self.oracle_at(w, part, k)?;
            let (board, hand) = (part[k].1.board.to_string(), part[k].1.hand.to_string());
            let variant = judges_variant(part[k].0, oracle, sample)
                .then(|| metamorphic::composite(&board, &hand, &metamorphic::SHIFT));
            inputs.push((board, hand));
            inputs.extend(variant);
        }
        if inputs.len() < 2 {
            return Ok(());
        }
        self.queued = self.batcher.next(w.exec.as_mut(), inputs.into_iter());
        Ok(())
    }
}

/// Judges `classes` (with their positions in the whole sweep) in blocks, each block in
/// parallel, reading results in order; stops after the first failing class unless `all`.
/// Blocks start at one class a thread and double up to `block_len`, and without `all` a class
/// past a failure already seen in its block is skipped, so a solution that fails slowly (a
/// loop killed at the time limit) costs few calls past its first failure.
pub(crate) fn sweep_classes<'c>(
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
        let results = judge_block(block, pool, workers, all, sample);
        progress.advance(block.len() as u64);
        if out.read_block(block, results, all, interruptible)? {
            return Ok(out);
        }
    }
    Ok(out)
}

/// The failing input of a failing class: its representative, or the variant when only that
/// failed, with the oracle's witness.
pub(crate) fn counterexample_of(
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

/// Whether Ctrl-C or SIGTERM asked the judge to stop.
fn interrupted() -> bool {
    crate::judge::interrupt::STOP.load(Ordering::SeqCst)
}

#[cfg(test)]
mod tests {
    use super::Shard;

    #[test]
    fn shards_parse() {
        assert_eq!("2/4".parse::<Shard>(), Ok(Shard { index: 2, count: 4 }));
        assert_eq!(
            "0/4".parse::<Shard>().unwrap_err().to_string(),
            "'0/4' is not a shard; write K/N with 1 <= K <= N, e.g. 1/4"
        );
        assert!("5/4".parse::<Shard>().is_err());
        assert!("x".parse::<Shard>().is_err());
    }
}
