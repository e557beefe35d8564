//! A hunter's worker threads: each with its own executor and oracle, in a thread pool; the
//! error that stops a hunt; a call whose failure is the judge's, not the solution's. The
//! floor under `sweep`, `exhaust` and `fuzz`.

use std::sync::Mutex;

use thiserror::Error;

use crate::game::oracle::{Oracle, WitnessError};
use crate::judge::execute::{Executor, Failure};

/// Builds one executor per worker thread. Each thread calls only its own.
pub type ExecutorFactory<'a> = dyn Fn() -> Box<dyn Executor + Send + 'a> + Sync + 'a;

/// Distinct states a worker's oracle memo may hold before it is dropped and started afresh, to
/// bound memory (about 40 bytes a state). Dropping it only costs time.
pub const MEMO_CAP: usize = 2_000_000;

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

/// One worker thread's own executor and oracle.
pub(crate) struct Worker<'a> {
    pub(crate) exec: Box<dyn Executor + Send + 'a>,
    pub(crate) oracle: Oracle,
}

impl Worker<'_> {
    /// Drops the oracle's memo once it holds more than [`MEMO_CAP`] states.
    pub(crate) fn bound_memo(&mut self) {
        if self.oracle.memo_len() > MEMO_CAP {
            self.oracle = Oracle::new();
        }
    }
}

/// `Err` when a call's result is [`Failure::Stopped`]: the judge, not the solution, failed.
pub(crate) fn not_stopped(got: &Result<i32, Failure>) -> Result<(), ExhaustError> {
    match got {
        Err(Failure::Stopped(why)) => Err(ExhaustError::Stopped(why.clone())),
        _ => Ok(()),
    }
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

/// The worker of the current rayon thread, locked (a poisoned lock is taken over: a worker
/// holds no invariant a panic could break).
pub(crate) fn this_threads<'w, 'a>(
    workers: &'w [Mutex<Worker<'a>>],
) -> std::sync::MutexGuard<'w, Worker<'a>> {
    let slot = rayon::current_thread_index().unwrap_or(0) % workers.len();
    workers[slot].lock().unwrap_or_else(|e| e.into_inner())
}
