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
//! `live` holds a running one, `wait` waits for a reply, `call` makes one call and `death`
//! says why a worker died.

use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::cases::config::Limits;
use crate::submission::execute::{Executor, Failure, Outcome, Unjudged};
use crate::submission::protocol::{excerpt, message_lines, Reply, Request};
use crate::submission::sandbox;

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

    pub(super) fn memory_limit(&self) -> String {
        format!("memory {} MiB", self.settings.limits.memory_mib)
    }

    /// Starts the worker and waits for `ready`. The error is what every call answers.
    pub(super) fn start(&mut self) -> Result<(), Failure> {
        let address_space = self.settings.limits.memory_mib + self.launch.reserve_mib;
        let limits = (address_space, self.settings.limits.memory_mib);
        let spawned = spawn(&self.launch, &self.expose, limits);
        let mut live = spawned.map_err(|e| {
            let what = if e.kind() == io::ErrorKind::NotFound {
                format!("{} not found on PATH", self.launch.label)
            } else {
                format!("{}: {e}", self.launch.label)
            };
            if self.launch.own {
                Failure::Stopped(format!("cannot start a worker: {what}"))
            } else {
                Failure::Crash(format!("cannot start: {what}"))
            }
        })?;
        live.memory_mib = self.settings.limits.memory_mib;
        live.resident_limit = self.launch.resident_limit;
        live.address_space_counts = self.launch.reserve_mib == 0;
        let startup_ms = STARTUP_MS.max(self.settings.limits.wall_ms());
        let deadline = Instant::now() + Duration::from_millis(startup_ms);
        let line = match live.wait_line(deadline, startup_ms, None, self.settings.stop) {
            Waited::Line(l) => l,
            Waited::Killed(f) => {
                live.kill();
                return Err(match f {
                    Failure::TimeLimit(_) => {
                        Failure::Crash(format!("did not start within {startup_ms} ms"))
                    }
                    other => other,
                });
            }
            Waited::Died => {
                let memory = (self.memory_limit(), self.settings.limits.memory_mib);
                return Err(match live.death(&memory, 0, None) {
                    Failure::Crash(m) => Failure::Crash(format!("died while starting: {m}")),
                    other => other,
                });
            }
        };
        self.handshake(live, &line)
    }

    /// Reads the worker's first line: `ready` keeps it as the live worker, after checking that
    /// it runs in its sandbox and that loading stayed under the CPU limit; anything else kills
    /// it and says why.
    fn handshake(&mut self, mut live: Live, line: &[u8]) -> Result<(), Failure> {
        match serde_json::from_slice::<Reply>(line) {
            Ok(Reply {
                ready: Some(true), ..
            }) => {
                if sandbox::status().is_on() && !live.tree.find_sandbox() {
                    live.kill();
                    return Err(Failure::Crash("died while starting".into()));
                }
                live.cpu_mark = live.cpu_ms();
                // Loading is not free time: a submission that works before its first call
                // (at module level, in a static initialiser) meets the CPU limit there too.
                let limit = self.settings.limits.cpu_ms;
                if live.cpu_mark > limit as f64 {
                    live.kill();
                    return Err(Failure::TimeLimit(format!("CPU {limit} ms")));
                }
                self.live = Some(live);
                Ok(())
            }
            Ok(Reply {
                load_error: Some(e),
                ..
            }) => {
                live.kill();
                Err(Failure::Crash(format!("cannot load: {e}")))
            }
            Ok(Reply {
                compile_error: Some(e),
                ..
            }) if self.launch.loads_source => {
                live.kill();
                Err(Failure::Crash(format!(
                    "{COMPILE_ERROR}{}",
                    message_lines(&e)
                )))
            }
            _ => {
                live.kill();
                Err(Failure::Crash(format!(
                    "malformed reply while starting: {}",
                    excerpt(line)
                )))
            }
        }
    }
}

/// How a start failure that is a compile error is told apart in [`Failure::Crash`].
const COMPILE_ERROR: &str = "compile error: ";

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
            Err(Failure::Crash(m)) => {
                self.broken = Some(Failure::Crash(m.clone()));
                Err(if let Some(e) = m.strip_prefix(COMPILE_ERROR) {
                    Unjudged::CompileError(e.to_string())
                } else if m.ends_with("not found on PATH") {
                    Unjudged::ToolchainMissing(m)
                } else {
                    Unjudged::LoadError(m)
                })
            }
            Err(other) => {
                if !self.stopped() {
                    self.broken = Some(other);
                }
                Ok(())
            }
        }
    }

    fn call(&mut self, board: &str, hand: &str) -> Outcome {
        if self.stopped() {
            return failed(Failure::Stopped("interrupted".into()), 0.0, 0.0);
        }
        if let Some(f) = &self.broken {
            return failed(f.clone(), 0.0, 0.0);
        }
        // A worker that died after its last reply (a harness that exits on a fatal error, say)
        // is replaced before this call: the death belongs to no case, least of all this one.
        // So is one that kept working after its reply (a thread left spinning): it would take
        // a core from the other workers for as long as it lives.
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
                if !self.stopped() {
                    self.broken = Some(f.clone());
                }
                return failed(f, 0.0, 0.0);
            }
        }
        let mut request = serde_json::to_vec(&Request {
            board: board.into(),
            hand: hand.into(),
        })
        .expect("a request always serialises");
        request.push(b'\n');
        self.exchange(&request)
    }

    fn describe(&self) -> String {
        format!("worker ({})", self.launch.label)
    }

    fn set_wall_ms(&mut self, wall_ms: Option<u64>) {
        self.wall_override = wall_ms;
    }

    /// Kills the worker; the next call starts a new one.
    fn restart(&mut self) -> bool {
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
