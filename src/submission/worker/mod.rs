//! The worker executor: each solution runs in a child process that the judge starts once and
//! reuses for many cases, so a solution that loops, aborts, overflows its stack or allocates
//! gigabytes takes down only its worker. The parent enforces the limits of [`Limits`] per case,
//! kills an overrunning worker, gives the case its verdict and starts a fresh worker for the next
//! case. The worker speaks the JSON lines of [`crate::submission::protocol`]; time is measured
//! by the judge, from the kernel's CPU clock of the worker process and its own wall clock. The
//! worker's stdout and stderr both go to a diagnostics pipe, so a solution that prints cannot
//! corrupt the replies; its first 4 KiB and last 16 KiB explain a death (e.g. Rust's "memory
//! allocation of N bytes failed" before an abort).
//!
//! Here: the worker's start and the [`Executor`] calls; `launch` says how to start one,
//! `live` holds a running one, `wait` waits for a reply, `call` makes one call, `batch` many in
//! one round trip, and `death` says why a worker died.

use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::cases::config::Limits;
use crate::submission::execute::{Executor, Failure, Outcome, Unjudged};
use crate::submission::protocol::{excerpt, message_lines, Greeting, Request};
use crate::submission::sandbox;
use crate::submission::verdict::Limit;

mod batch;
mod call;
mod death;
mod launch;
mod live;
mod wait;

pub use death::classify_death;
pub use launch::Launch;

use call::failed;
use live::{spawn, Live};
use wait::Waited;

/// A worker is killed once its CPU time for one case passes the limit times this margin, so a
/// TLE close to the limit is told apart from a clear one (Kattis and DOMjudge use 1.5 too).
pub const MARGIN: f64 = 1.5;

/// How long a worker may take to start and say `ready`, in milliseconds (a Python or Node
/// start is about 50 ms; a loaded machine can be much slower).
pub const STARTUP_MS: u64 = 20_000;

/// CPU time a worker may use between its reply and its next call, in milliseconds, before it is
/// replaced: a JIT or a garbage collector finishing up stays well under it.
const IDLE_CPU_MS: f64 = 100.0;

/// A worker's limits and the flag that stops it.
#[derive(Clone, Debug)]
pub struct Settings {
    /// CPU, wall and memory limits per case.
    pub limits: Limits,
    /// Once set, calls answer [`Failure::Stopped`] (Ctrl-C).
    pub stop: Option<&'static AtomicBool>,
}

/// Calls one solution in a worker process; see the module docs.
pub struct Worker {
    launch: Launch,
    /// Host folders the sandbox shows the worker read-only (its build).
    expose: Vec<std::path::PathBuf>,
    settings: Settings,
    live: Option<Live>,
    /// Set when the worker cannot start at all; every call answers it at once.
    broken: Option<Failure>,
    /// The wall-clock limit per call when not the limits' own (see [`Executor::set_wall_ms`]).
    wall_override: Option<u64>,
    /// The id of the last request sent; the next one is one more, across workers. It starts
    /// at a random point ([`first_id`]), so a reply written blindly ahead of its request, under
    /// a guessed id, answers nothing.
    last_id: u64,
    /// The outcomes a batch settled ([`Executor::prefetch`]), with their inputs, in order.
    prefetched: std::collections::VecDeque<((String, String), Outcome)>,
}

/// A random start for a worker's request ids, from the kernel's random source: below 2^52,
/// so that every id stays exact in a harness that reads JSON numbers as doubles (JavaScript's),
/// and at least 2^32, far from any small number a submission would guess.
fn first_id() -> u64 {
    use std::io::Read as _;
    let mut bytes = [0u8; 8];
    let read = std::fs::File::open("/dev/urandom").and_then(|mut f| f.read_exact(&mut bytes));
    let random = read.map_or(0, |_| u64::from_le_bytes(bytes));
    (1 << 32) + random % ((1 << 52) - (1 << 32))
}

impl Worker {
    /// A worker executor; the process starts at the first call.
    pub fn new(launch: Launch, settings: Settings) -> Worker {
        Worker {
            launch,
            expose: Vec::new(),
            settings,
            live: None,
            broken: None,
            wall_override: None,
            last_id: first_id(),
            prefetched: Default::default(),
        }
    }

    /// Shows `dir` (the submission's build) to the worker's sandbox, read-only.
    pub fn exposing(mut self, dir: &std::path::Path) -> Worker {
        self.expose.push(dir.to_path_buf());
        self
    }

    /// The wall-clock limit of a call, in milliseconds.
    pub(super) fn wall_ms(&self) -> u64 {
        self.wall_override
            .unwrap_or_else(|| self.settings.limits.wall_ms())
    }

    fn stopped(&self) -> bool {
        self.settings.stop.is_some_and(|s| s.load(Ordering::SeqCst))
    }

    /// A live worker for the next call, started if need be; the error is what the call
    /// answers. A worker that died after its last reply (a harness that exits on a fatal
    /// error, say) is replaced first: the death belongs to no case, least of all the next one.
    /// So is one that kept working after its reply (a thread left spinning): it would take a
    /// core from the other workers for as long as it lives.
    fn ready(&mut self) -> Result<(), Failure> {
        if self.stopped() {
            return Err(Failure::Stopped("interrupted".into()));
        }
        if let Some(f) = &self.broken {
            return Err(f.clone());
        }
        if let Some(live) = &mut self.live {
            let cpu = live.cpu_ms();
            let busy = cpu - live.cpu_mark > IDLE_CPU_MS;
            // A reply nobody asked for would answer this call: the worker starts afresh.
            if busy || live.unasked_reply() || matches!(live.child.try_wait(), Ok(Some(_))) {
                live.kill();
                self.live = None;
            } else {
                live.cpu_mark = cpu;
            }
        }
        if self.live.is_none() {
            if let Err(f) = self.start() {
                let f = Failure::from(f);
                if !self.stopped() {
                    self.broken = Some(f.clone());
                }
                return Err(f);
            }
        }
        Ok(())
    }

    /// The request line of a call, with a new id, and the id.
    fn request(&mut self, board: &str, hand: &str) -> (Vec<u8>, u64) {
        self.last_id += 1;
        let mut request = serde_json::to_vec(&Request {
            id: Some(self.last_id),
            board: board.into(),
            hand: hand.into(),
        })
        .expect("a request always serialises");
        request.push(b'\n');
        (request, self.last_id)
    }

    pub(super) fn memory_limit(&self) -> String {
        format!("memory {} MiB", self.settings.limits.memory_mib)
    }

    /// Starts the worker and waits for `ready`. The error, as a [`Failure`], is what every
    /// call answers.
    pub(super) fn start(&mut self) -> Result<(), StartFailed> {
        let address_space = self.settings.limits.memory_mib + self.launch.reserve_mib;
        let limits = (address_space, self.settings.limits.memory_mib);
        let spawned = spawn(&self.launch, &self.expose, limits);
        let mut live = spawned.map_err(|e| {
            let label = self.launch.label.clone();
            let why = if e.kind() == io::ErrorKind::NotFound {
                Unstartable::ToolchainMissing(label)
            } else {
                let error = e.to_string();
                Unstartable::Other { label, error }
            };
            if self.launch.own {
                StartFailed::Other(Failure::Stopped(format!("cannot start a worker: {why}")))
            } else {
                StartError::CannotStart(why).into()
            }
        })?;
        live.memory_mib = self.settings.limits.memory_mib;
        live.resident_limit = self.launch.resident_limit;
        live.address_space_counts = self.launch.reserve_mib == 0;
        let startup_ms = STARTUP_MS.max(self.settings.limits.wall_ms());
        let deadline = Instant::now() + Duration::from_millis(startup_ms);
        let line = match live.wait_line(deadline, startup_ms, None, self.settings.stop, None) {
            Waited::Line(l) => l,
            Waited::Killed(f) => {
                live.kill();
                return Err(match f {
                    Failure::TimeLimit(_) => StartError::TooSlow(startup_ms).into(),
                    other => StartFailed::Other(other),
                });
            }
            Waited::Died => {
                let memory = (self.memory_limit(), self.settings.limits.memory_mib);
                return Err(match live.death(&memory, 0, None) {
                    Failure::Crash(m) => StartError::Died(m).into(),
                    other => StartFailed::Other(other),
                });
            }
        };
        self.handshake(live, &line)
    }

    /// Reads the worker's first line: `ready` keeps it as the live worker, after checking that
    /// it runs in its sandbox and that loading stayed under the CPU limit; anything else kills
    /// it and says why.
    fn handshake(&mut self, mut live: Live, line: &[u8]) -> Result<(), StartFailed> {
        let why = match Greeting::parse(line) {
            Ok(Greeting::Ready) => {
                if sandbox::status().is_on() && !live.tree.find_sandbox() {
                    live.kill();
                    return Err(StartError::OutsideSandbox.into());
                }
                live.cpu_mark = live.cpu_ms();
                // Loading is not free time: a submission that works before its first call
                // (at module level, in a static initialiser) meets the CPU limit there too.
                let limit = self.settings.limits.cpu_ms;
                if live.cpu_mark > limit as f64 {
                    live.kill();
                    let tle = Failure::TimeLimit(Limit::Cpu(limit));
                    return Err(StartFailed::Other(tle));
                }
                self.live = Some(live);
                return Ok(());
            }
            Ok(Greeting::LoadError(e)) => StartError::LoadError(e),
            Ok(Greeting::CompileError(e)) if self.launch.loads_source => {
                StartError::CompileError(message_lines(&e))
            }
            _ => StartError::Malformed(excerpt(line)),
        };
        live.kill();
        Err(why.into())
    }
}

/// Why a submission's worker could not start: said once, as the submission's verdict (CE, RE,
/// or not judged when its toolchain is missing), and then by every call (RE). Each says what
/// the report has always said.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StartError {
    /// The interpreter rejected the code itself; its message, lines of the file as pasted.
    #[error("compile error: {0}")]
    CompileError(String),
    /// The program that runs the submission (an interpreter, a runtime) could not be started.
    #[error("cannot start: {0}")]
    CannotStart(Unstartable),
    /// The harness could not load the submission, and why (e.g. no entry point).
    #[error("cannot load: {0}")]
    LoadError(String),
    /// No first line within the start-up time, in milliseconds.
    #[error("did not start within {0} ms")]
    TooSlow(u64),
    /// The worker died before its first line; how.
    #[error("died while starting: {0}")]
    Died(String),
    /// The worker said `ready` from outside the sandbox it was started in.
    #[error("died while starting")]
    OutsideSandbox,
    /// The first line was not the protocol's; its start.
    #[error("malformed reply while starting: {0}")]
    Malformed(String),
}

/// Why the program that runs a worker could not be started.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unstartable {
    /// It is not on `PATH`: the toolchain is missing. Its label, e.g. `python3`.
    #[error("{0} not found on PATH")]
    ToolchainMissing(String),
    /// Another reason.
    #[error("{label}: {error}")]
    Other {
        /// The program's label, e.g. `python3`.
        label: String,
        /// What the system said.
        error: String,
    },
}

impl StartError {
    /// The submission's verdict for it: CE for a compile error, not judged when the toolchain
    /// is missing, RE (a load error) otherwise.
    fn unjudged(self) -> Unjudged {
        match self {
            StartError::CompileError(m) => Unjudged::CompileError(m),
            e @ StartError::CannotStart(Unstartable::ToolchainMissing(_)) => {
                Unjudged::ToolchainMissing(e.to_string())
            }
            e => Unjudged::LoadError(e.to_string()),
        }
    }
}

/// Why [`Worker::start`] failed: the submission could not start, or a call's own failure (a
/// limit met while loading, a stop, the judge's own worker missing).
pub(super) enum StartFailed {
    Submission(StartError),
    Other(Failure),
}

impl From<StartError> for StartFailed {
    fn from(e: StartError) -> StartFailed {
        StartFailed::Submission(e)
    }
}

impl From<StartFailed> for Failure {
    /// What every call answers after the start failed: RE for the submission's own failure.
    fn from(f: StartFailed) -> Failure {
        match f {
            StartFailed::Submission(e) => Failure::Crash(e.to_string()),
            StartFailed::Other(f) => f,
        }
    }
}

impl Executor for Worker {
    /// Starts the worker. A submission that cannot load is its verdict, once: a syntax error is
    /// CE, a missing interpreter means the toolchain is missing, anything else is RE. A judge's
    /// own worker that cannot start is left to the first call, which stops the run.
    fn prepare(&mut self) -> Result<(), Unjudged> {
        if self.live.is_some() || self.broken.is_some() || self.stopped() {
            return Ok(());
        }
        match self.start() {
            Ok(()) => Ok(()),
            Err(StartFailed::Submission(e)) => {
                self.broken = Some(Failure::Crash(e.to_string()));
                Err(e.unjudged())
            }
            Err(StartFailed::Other(other)) => {
                if !self.stopped() {
                    self.broken = Some(other);
                }
                Ok(())
            }
        }
    }

    fn call(&mut self, board: &str, hand: &str) -> Outcome {
        if let Some(((b, h), out)) = self.prefetched.pop_front() {
            if b == board && h == hand && !self.stopped() {
                return out;
            }
            self.prefetched.clear();
        }
        if let Err(f) = self.ready() {
            return failed(f, 0.0, 0.0);
        }
        let (request, id) = self.request(board, hand);
        self.exchange(&request, id)
    }

    /// See the module `batch`: keeps the outcomes of the first calls the batch settled, for the
    /// calls that follow.
    fn prefetch(&mut self, inputs: &[(&str, &str)]) -> usize {
        self.prefetched.clear();
        let settled = self.batch_calls(inputs);
        let n = settled.len();
        let inputs = inputs.iter().map(|(b, h)| (b.to_string(), h.to_string()));
        self.prefetched.extend(inputs.zip(settled));
        n
    }

    fn describe(&self) -> String {
        format!("worker ({})", self.launch.label)
    }

    fn set_wall_ms(&mut self, wall_ms: Option<u64>) {
        self.wall_override = wall_ms;
        self.prefetched.clear();
    }

    /// Kills the worker; the next call starts a new one.
    fn restart(&mut self) -> bool {
        self.prefetched.clear();
        if let Some(mut live) = self.live.take() {
            live.kill();
        }
        true
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        if let Some(mut live) = self.live.take() {
            live.kill();
        }
    }
}
