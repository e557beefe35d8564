//! Calling a solution: the [`Executor`] trait and the in-process executor, which catches a
//! panic and times the call. The runner only sees [`Outcome`]s.

use std::cell::RefCell;
use std::panic::{self, AssertUnwindSafe};
use std::sync::Once;
use std::time::Instant;

use crate::registry::Solution;

/// Why a call produced no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The solution panicked; the panic message.
    Panic(String),
    /// The process died or replied nonsense: a signal name, an abort, a malformed reply.
    Crash(String),
    /// A time limit was hit; which one, e.g. `CPU 2000 ms`.
    TimeLimit(String),
    /// The memory limit was hit; which one, e.g. `1024 MiB`.
    MemoryLimit(String),
}

/// One call's result and cost.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// The returned answer, or why there is none.
    pub result: Result<i32, Failure>,
    /// Wall time of the call, in milliseconds.
    pub wall_ms: f64,
}

/// Something that can call one solution repeatedly.
pub trait Executor {
    /// Calls `findMinStep(board, hand)`.
    fn call(&mut self, board: &str, hand: &str) -> Outcome;
}

/// Calls a compiled solution in this process. A panic becomes [`Failure::Panic`]; a solution
/// that loops or aborts takes the process with it (the worker executor exists for that).
pub struct InProcess<'a> {
    solution: &'a dyn Solution,
}

impl<'a> InProcess<'a> {
    /// An executor for `solution`.
    pub fn new(solution: &'a dyn Solution) -> Self {
        install_quiet_hook();
        InProcess { solution }
    }
}

thread_local! {
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
    static CAPTURING: RefCell<bool> = const { RefCell::new(false) };
}

/// Installs, once, a panic hook that records the message of panics raised inside
/// [`InProcess::call`] instead of printing them, and defers to the previous hook otherwise.
fn install_quiet_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if CAPTURING.with(|c| *c.borrow()) {
                let payload = info.payload();
                let msg = payload
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| payload.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "non-string panic payload".into());
                let at = info
                    .location()
                    .map(|l| format!(" at {}:{}", l.file(), l.line()))
                    .unwrap_or_default();
                LAST_PANIC.with(|p| *p.borrow_mut() = Some(format!("{msg}{at}")));
            } else {
                previous(info);
            }
        }));
    });
}

impl Executor for InProcess<'_> {
    fn call(&mut self, board: &str, hand: &str) -> Outcome {
        let (b, h) = (board.to_string(), hand.to_string());
        CAPTURING.with(|c| *c.borrow_mut() = true);
        let start = Instant::now();
        let r = panic::catch_unwind(AssertUnwindSafe(|| self.solution.find_min_step(b, h)));
        let wall_ms = start.elapsed().as_secs_f64() * 1e3;
        CAPTURING.with(|c| *c.borrow_mut() = false);
        let result = r.map_err(|_| {
            Failure::Panic(
                LAST_PANIC
                    .with(|p| p.borrow_mut().take())
                    .unwrap_or_else(|| "panic".into()),
            )
        });
        Outcome { result, wall_ms }
    }
}
