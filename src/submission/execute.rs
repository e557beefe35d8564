//! Calling a solution: the [`Executor`] trait, the in-process executor (catches a panic, times
//! the call) and [`Repeat`] (median of N calls). The worker executor, which survives loops,
//! aborts and allocations, is in [`crate::submission::worker`]. The runner only sees [`Outcome`]s.

use std::cell::RefCell;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Once;
use std::time::Instant;

use nix::time::{clock_gettime, ClockId};

use crate::submission::registry::Solution;
use crate::submission::verdict::Limit;

/// Why a call produced no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The solution panicked; the panic message.
    Panic(String),
    /// The process died or replied nonsense: a signal name, an abort, a malformed reply.
    Crash(String),
    /// A time limit was hit; which one, e.g. `CPU 2000 ms`.
    TimeLimit(Limit),
    /// The memory limit was hit; which one, e.g. `memory 1024 MiB`.
    MemoryLimit(String),
    /// Not a verdict: judging stopped before this call gave one (Ctrl-C or SIGTERM, or the
    /// judge's own worker could not be started). The runner ends the run as incomplete.
    Stopped(String),
}

/// Why a submission cannot be judged on any case: said once for the submission, never per
/// case, and never minimised.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unjudged {
    /// CE: the compiler's message (lines of the file as pasted), or a cause found in the text
    /// (no entry point, code for another version of the language).
    CompileError(String),
    /// RE while loading: the submission raised before its first call could be made (e.g. a
    /// `NameError` at module level).
    LoadError(String),
    /// The judge lacks what the submission needs (a toolchain not on `PATH`): not the
    /// submission's fault, and the run is incomplete.
    ToolchainMissing(String),
    /// The run was interrupted (Ctrl-C, SIGTERM) before or while it was built: the run is
    /// incomplete.
    Interrupted,
}

impl Unjudged {
    /// The message, whatever the cause.
    pub fn message(&self) -> &str {
        match self {
            Unjudged::CompileError(m) | Unjudged::LoadError(m) | Unjudged::ToolchainMissing(m) => m,
            Unjudged::Interrupted => "interrupted before it was built",
        }
    }
}

/// One call's result and cost.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// The returned answer, or why there is none.
    pub result: Result<i32, Failure>,
    /// Wall time of the call, in milliseconds.
    pub wall_ms: f64,
    /// CPU time of the call (user + system), in milliseconds; for a call killed at a limit,
    /// the CPU time it had used when it was killed.
    pub cpu_ms: f64,
    /// Peak resident memory of the call, every process of the worker, in KiB, as the kernel
    /// measured it; `None` where nothing measured it (an in-process call, a worker that
    /// never started).
    pub memory_kib: Option<u64>,
    /// With [`Repeat`]: the wall time of every call, in milliseconds, of which `wall_ms` is
    /// the median; empty for a single call.
    pub repeats_ms: Vec<f64>,
    /// Time the call's threads spent runnable but waiting for a core, in milliseconds: the
    /// kernel's run-queue delay (`/proc/PID/task/*/schedstat`, second field) of the worker's
    /// processes during the call. Read only for a call that took more than half its wall limit
    /// (else 0), and 0 where nothing measured it (an in-process call).
    pub core_wait_ms: f64,
}

/// A call stopped by the wall guard was starved, not asleep, when at least this share of its
/// wall time went to running or to waiting for a core that other programs held (see
/// [`Outcome::starved`]): a call that sleeps a fifth of the wall limit away is a TLE.
pub const STARVED_SHARE: f64 = 0.8;

impl Outcome {
    /// The outcome with its peak memory.
    pub fn with_memory(self, memory_kib: Option<u64>) -> Outcome {
        Outcome { memory_kib, ..self }
    }

    /// Whether the call was stopped by the wall-clock guard while the machine kept it from
    /// running: at least [`STARVED_SHARE`] of its wall time was CPU time or run-queue wait. A
    /// call that sleeps, blocks on a read or deadlocks neither runs nor waits for a core, so it
    /// stays a TLE of the wall limit. Whether its CPU time was under the limit is the judge's
    /// question (a call over it broke the CPU limit, starved or not).
    pub fn starved(&self) -> bool {
        matches!(self.result, Err(Failure::TimeLimit(Limit::Wall(_))))
            && self.cpu_ms + self.core_wait_ms >= self.wall_ms * STARVED_SHARE
    }
}

/// The most inputs one [`Executor::prefetch`] takes: their requests fit in one atomic pipe write.
pub const MAX_BATCH: usize = 48;

/// How a caller feeds its calls to [`Executor::prefetch`]: batches of 4 inputs, doubling up to
/// [`MAX_BATCH`] while each batch is settled whole. Once one is not (a call near the limits,
/// a failure, a death), the rest go singly, as without batches, so a slow solution pays for at
/// most one cut batch.
#[derive(Clone, Debug)]
pub struct Batcher {
    /// The next batch's size; 0 once batching stopped.
    size: usize,
}

impl Default for Batcher {
    fn default() -> Batcher {
        Batcher { size: 4 }
    }
}

impl Batcher {
    /// How many calls the next batch takes: 0 once batching stopped.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Sends the first of `inputs` (up to the batch size) as one batch and returns how many
    /// calls it settled ([`Executor::prefetch`]): 0 once batching stopped, or with fewer than two
    /// inputs left (those are called singly).
    pub fn next(
        &mut self,
        exec: &mut dyn Executor,
        inputs: impl Iterator<Item = (String, String)>,
    ) -> usize {
        if self.size == 0 {
            return 0;
        }
        let owned: Vec<(String, String)> = inputs.take(self.size).collect();
        if owned.len() < 2 {
            return 0;
        }
        let refs: Vec<(&str, &str)> = owned
            .iter()
            .map(|(b, h)| (b.as_str(), h.as_str()))
            .collect();
        let settled = exec.prefetch(&refs);
        self.size = if settled == refs.len() {
            (self.size * 2).min(MAX_BATCH)
        } else {
            0
        };
        settled
    }
}

/// Something that can call one solution repeatedly.
pub trait Executor {
    /// Calls `findMinStep(board, hand)`.
    fn call(&mut self, board: &str, hand: &str) -> Outcome;

    /// How calls are made, for reports, e.g. `in-process` or `worker: python3`.
    fn describe(&self) -> String {
        "in-process".into()
    }

    /// Gets ready for the first call (a worker starts and loads the submission). An error is
    /// the submission's verdict, given once; the default is always ready.
    fn prepare(&mut self) -> Result<(), Unjudged> {
        Ok(())
    }

    /// Sets the wall-clock limit of the calls that follow, in milliseconds (`None`: back to
    /// [`crate::cases::config::Limits::wall_ms`]). The runner shortens it after a submission's first
    /// TLE. Executors without limits ignore it.
    fn set_wall_ms(&mut self, _wall_ms: Option<u64>) {}

    /// Calls `findMinStep` on each of `inputs` (at most [`MAX_BATCH`]) in one round trip, where
    /// the executor can, and keeps the outcomes of the first calls it settled, in order, each
    /// as strict as a single call's (the worker's rule is in its module `batch`); returns how
    /// many. The next calls with those inputs, in that order, get them; any other call drops
    /// the rest. The default settles none.
    fn prefetch(&mut self, _inputs: &[(&str, &str)]) -> usize {
        0
    }

    /// Ends the process behind the calls, so that the next call meets a fresh one (the
    /// diagnosis calls a failing input again there, to find state kept between calls). False
    /// when there is no process to end: an in-process call keeps whatever state it kept.
    fn restart(&mut self) -> bool {
        false
    }
}

impl<E: Executor + ?Sized> Executor for Box<E> {
    fn call(&mut self, board: &str, hand: &str) -> Outcome {
        (**self).call(board, hand)
    }
    fn prepare(&mut self) -> Result<(), Unjudged> {
        (**self).prepare()
    }
    fn describe(&self) -> String {
        (**self).describe()
    }
    fn set_wall_ms(&mut self, wall_ms: Option<u64>) {
        (**self).set_wall_ms(wall_ms)
    }
    fn restart(&mut self) -> bool {
        (**self).restart()
    }
    fn prefetch(&mut self, inputs: &[(&str, &str)]) -> usize {
        (**self).prefetch(inputs)
    }
}

/// CPU time of the calling thread, in milliseconds (`CLOCK_THREAD_CPUTIME_ID`).
pub fn thread_cpu_ms() -> f64 {
    clock_ms(ClockId::CLOCK_THREAD_CPUTIME_ID)
}

/// CPU time of this process, all threads, in milliseconds (`CLOCK_PROCESS_CPUTIME_ID`).
pub fn process_cpu_ms() -> f64 {
    clock_ms(ClockId::CLOCK_PROCESS_CPUTIME_ID)
}

fn clock_ms(clock: ClockId) -> f64 {
    clock_gettime(clock).map_or(0.0, |t| t.tv_sec() as f64 * 1e3 + t.tv_nsec() as f64 / 1e6)
}

/// Calls a compiled solution in this process. A panic becomes [`Failure::Panic`]; a solution
/// that loops or aborts takes the process with it (the worker executor exists for that).
pub struct InProcess<'a> {
    solution: &'a dyn Solution,
    stop: Option<&'static AtomicBool>,
}

impl<'a> InProcess<'a> {
    /// An executor for `solution`.
    pub fn new(solution: &'a dyn Solution) -> Self {
        install_quiet_hook();
        InProcess {
            solution,
            stop: None,
        }
    }

    /// The same, answering [`Failure::Stopped`] instead of calling once `stop` is set.
    pub fn with_stop(solution: &'a dyn Solution, stop: &'static AtomicBool) -> Self {
        InProcess {
            stop: Some(stop),
            ..InProcess::new(solution)
        }
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
                    .map(|l| format!(" at {}:{}", shown_file(l.file()), l.line()))
                    .unwrap_or_default();
                LAST_PANIC.with(|p| *p.borrow_mut() = Some(format!("{msg}{at}")));
            } else {
                previous(info);
            }
        }));
    });
}

/// A panic location as people know the file: build.rs compiles `solutions/<verdict>/<name>.rs`
/// from a copy under `OUT_DIR` with the same line numbers, so the copy's path is cut back to
/// `solutions/...`.
fn shown_file(file: &str) -> &str {
    match file.rfind("/out/solutions/") {
        Some(i) => &file[i + "/out/".len()..],
        None => file,
    }
}

impl Executor for InProcess<'_> {
    fn call(&mut self, board: &str, hand: &str) -> Outcome {
        if self.stop.is_some_and(|s| s.load(Ordering::SeqCst)) {
            return Outcome {
                result: Err(Failure::Stopped("interrupted".into())),
                wall_ms: 0.0,
                cpu_ms: 0.0,
                memory_kib: None,
                repeats_ms: Vec::new(),
                core_wait_ms: 0.0,
            };
        }
        let (b, h) = (board.to_string(), hand.to_string());
        CAPTURING.with(|c| *c.borrow_mut() = true);
        let cpu = thread_cpu_ms();
        let start = Instant::now();
        let r = panic::catch_unwind(AssertUnwindSafe(|| self.solution.find_min_step(b, h)));
        let wall_ms = start.elapsed().as_secs_f64() * 1e3;
        let cpu_ms = thread_cpu_ms() - cpu;
        CAPTURING.with(|c| *c.borrow_mut() = false);
        let result = r.map_err(|_| {
            Failure::Panic(
                LAST_PANIC
                    .with(|p| p.borrow_mut().take())
                    .unwrap_or_else(|| "panic".into()),
            )
        });
        Outcome {
            result,
            wall_ms,
            cpu_ms,
            memory_kib: None,
            repeats_ms: Vec::new(),
            core_wait_ms: 0.0,
        }
    }
}

/// Calls the inner executor up to `times` times per case and answers with the median wall and
/// CPU time (`run --repeat N`). Repeats stop at the first failure, which is the answer (a call
/// killed at a limit is not worth repeating); answers that differ between calls are a
/// [`Failure::Crash`] naming them, since a judge cannot grade a nondeterministic answer.
pub struct Repeat<E> {
    inner: E,
    times: usize,
}

impl<E: Executor> Repeat<E> {
    /// Wraps `inner`; `times` of 0 counts as 1.
    pub fn new(inner: E, times: usize) -> Self {
        Repeat {
            inner,
            times: times.max(1),
        }
    }
}

impl<E: Executor> Executor for Repeat<E> {
    fn call(&mut self, board: &str, hand: &str) -> Outcome {
        let mut answers = Vec::new();
        let (mut walls, mut cpus) = (Vec::new(), Vec::new());
        let mut memory_kib = None;
        for _ in 0..self.times {
            let out = self.inner.call(board, hand);
            match out.result {
                Ok(v) => answers.push(v),
                Err(_) => return out,
            }
            walls.push(out.wall_ms);
            cpus.push(out.cpu_ms);
            memory_kib = memory_kib.max(out.memory_kib);
        }
        let result = if answers.iter().all(|a| *a == answers[0]) {
            Ok(answers[0])
        } else {
            let list: Vec<String> = answers.iter().map(i32::to_string).collect();
            Err(Failure::Crash(format!(
                "nondeterministic: answered {} over {} calls",
                list.join(", "),
                answers.len()
            )))
        };
        let repeats_ms = if self.times > 1 {
            walls.clone()
        } else {
            Vec::new()
        };
        Outcome {
            result,
            wall_ms: median(&mut walls),
            cpu_ms: median(&mut cpus),
            memory_kib,
            repeats_ms,
            core_wait_ms: 0.0,
        }
    }

    fn prepare(&mut self) -> Result<(), Unjudged> {
        self.inner.prepare()
    }

    fn set_wall_ms(&mut self, wall_ms: Option<u64>) {
        self.inner.set_wall_ms(wall_ms)
    }

    fn restart(&mut self) -> bool {
        self.inner.restart()
    }

    /// The inner executor's batch for a single call each; none settled for repeats.
    fn prefetch(&mut self, inputs: &[(&str, &str)]) -> usize {
        if self.times == 1 {
            self.inner.prefetch(inputs)
        } else {
            0
        }
    }

    fn describe(&self) -> String {
        if self.times == 1 {
            self.inner.describe()
        } else {
            format!("{}, median of {} calls", self.inner.describe(), self.times)
        }
    }
}

/// The median of `xs` (the mean of the two middle values for an even count), or 0 when empty.
/// Sorts `xs` in place.
pub fn median(xs: &mut [f64]) -> f64 {
    if xs.is_empty() {
        return 0.0;
    }
    xs.sort_by(f64::total_cmp);
    let n = xs.len();
    if n % 2 == 1 {
        xs[n / 2]
    } else {
        (xs[n / 2 - 1] + xs[n / 2]) / 2.0
    }
}

/// A submission that cannot be called: every call fails, and [`Executor::prepare`] says why.
pub struct Unbuilt {
    /// Why.
    pub why: Unjudged,
    /// How it would have been called, e.g. `worker (g++)`.
    pub label: String,
}

impl Executor for Unbuilt {
    fn call(&mut self, _: &str, _: &str) -> Outcome {
        Outcome {
            result: Err(Failure::Crash(self.why.message().to_string())),
            wall_ms: 0.0,
            cpu_ms: 0.0,
            memory_kib: None,
            repeats_ms: Vec::new(),
            core_wait_ms: 0.0,
        }
    }
    fn describe(&self) -> String {
        self.label.clone()
    }
    fn prepare(&mut self) -> Result<(), Unjudged> {
        Err(self.why.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Settles at most `.0` calls of each batch, and notes how many each batch asked for.
    struct Settles(usize, Vec<usize>);

    impl Executor for Settles {
        fn call(&mut self, _: &str, _: &str) -> Outcome {
            unreachable!("batches only")
        }
        fn prefetch(&mut self, inputs: &[(&str, &str)]) -> usize {
            self.1.push(inputs.len());
            inputs.len().min(self.0)
        }
    }

    #[test]
    fn batches_double_while_settled_whole_and_stop_at_the_first_cut() {
        let inputs = |n| (0..n).map(|_| ("RR".to_string(), "R".to_string()));
        let mut exec = Settles(20, Vec::new());
        let mut batcher = Batcher::default();
        let settled: Vec<usize> = (0..5)
            .map(|_| batcher.next(&mut exec, inputs(100)))
            .collect();
        assert_eq!(settled, [4, 8, 16, 20, 0]);
        assert_eq!(exec.1, [4, 8, 16, 32]);
        // Never past MAX_BATCH, and one input left is called singly.
        let mut exec = Settles(100, Vec::new());
        let mut batcher = Batcher::default();
        for _ in 0..6 {
            batcher.next(&mut exec, inputs(100));
        }
        assert_eq!(batcher.next(&mut exec, inputs(1)), 0);
        assert_eq!(exec.1, [4, 8, 16, 32, 48, 48]);
    }

    /// Answers from a script of outcomes, one per call.
    struct Scripted(Vec<Outcome>);

    impl Executor for Scripted {
        fn call(&mut self, _: &str, _: &str) -> Outcome {
            self.0.remove(0)
        }
    }

    fn ok(v: i32, ms: f64) -> Outcome {
        Outcome {
            result: Ok(v),
            wall_ms: ms,
            cpu_ms: ms / 2.0,
            memory_kib: None,
            repeats_ms: Vec::new(),
            core_wait_ms: 0.0,
        }
    }

    #[test]
    fn median_of_odd_and_even_counts() {
        assert_eq!(median(&mut [3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&mut [4.0, 1.0, 3.0, 2.0]), 2.5);
        assert_eq!(median(&mut []), 0.0);
    }

    #[test]
    fn repeat_reports_the_median_and_stops_at_a_failure() {
        let mut r = Repeat::new(Scripted(vec![ok(2, 9.0), ok(2, 1.0), ok(2, 4.0)]), 3);
        let mut median = ok(2, 4.0);
        median.repeats_ms = vec![9.0, 1.0, 4.0];
        assert_eq!(r.call("RR", "R"), median);
        let tle = Outcome {
            result: Err(Failure::TimeLimit(Limit::Cpu(100))),
            wall_ms: 150.0,
            cpu_ms: 150.0,
            memory_kib: None,
            repeats_ms: Vec::new(),
            core_wait_ms: 0.0,
        };
        let mut r = Repeat::new(Scripted(vec![ok(2, 1.0), tle.clone()]), 3);
        assert_eq!(r.call("RR", "R"), tle);
        let mut r = Repeat::new(Scripted(vec![ok(2, 1.0), ok(3, 1.0), ok(2, 1.0)]), 3);
        assert_eq!(
            r.call("RR", "R").result,
            Err(Failure::Crash(
                "nondeterministic: answered 2, 3, 2 over 3 calls".into()
            ))
        );
    }
}
