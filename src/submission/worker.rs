//! The worker executor: each solution runs in a child process that the judge starts once and
//! reuses for many cases, so a solution that loops, aborts, overflows its stack or allocates
//! gigabytes takes down only its worker. The parent enforces the limits of [`Limits`] per case,
//! kills an overrunning worker, gives the case its verdict and starts a fresh worker for the next
//! case. [`serve`] is the worker side for the Rust solutions compiled into the judge;
//! `languages/harness/` holds every other language's (see [`crate::submission::languages`]).
//!
//! Protocol (JSON lines, the same for every language): the parent writes requests
//! `{"board":"RRWW","hand":"WB"}` to the worker's stdin; the worker writes replies to file
//! descriptor 3, first `{"ready":true}` (or `{"compile_error":"..."}` / `{"load_error":"..."}`)
//! once, then one per request: `{"answer":2}`, or instead of `answer` one of `panic` (a Rust
//! panic message), `error` (an exception), `memory` (an out-of-memory exception) or `bad_return`
//! (the call returned something that is not an integer). A reply may carry `cpu_ms` and
//! `wall_ms`, but the judge ignores them: time is measured by the judge, from the kernel's CPU
//! clock of the worker process and its own wall clock. The worker's stdout and stderr both go
//! to a diagnostics pipe, so a solution that prints cannot corrupt the replies; its last 16 KiB
//! explain a death (e.g. Rust's "memory allocation of N bytes failed" before an abort).

use std::ffi::OsString;
use std::io::{self, BufRead, BufWriter, Read, Write};
use std::os::fd::{AsFd, AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

use nix::poll::{poll, PollFd, PollFlags, PollTimeout};
use nix::sys::signal::{killpg, Signal};
use nix::unistd::Pid;
use serde::{Deserialize, Serialize};

use crate::cases::config::Limits;
use crate::submission::execute::{process_cpu_ms, Executor, Failure, InProcess, Outcome, Unjudged};
use crate::submission::registry::Solution;
use crate::submission::sandbox;
use crate::submission::tree::Tree;

/// The file descriptor a worker writes its replies to.
pub const REPLY_FD: RawFd = 3;

/// A worker is killed once its CPU time for one case passes the limit times this margin, so a
/// TLE close to the limit is told apart from a clear one (Kattis and DOMjudge use 1.5 too).
pub const MARGIN: f64 = 1.5;

/// How long a worker may take to start and say `ready`, in milliseconds (a Python or Node
/// start is about 50 ms; a loaded machine can be much slower).
pub const STARTUP_MS: u64 = 20_000;

/// CPU time a worker may use between its reply and its next call, in milliseconds, before it is
/// replaced: a JIT or a garbage collector finishing up stays well under it.
const IDLE_CPU_MS: f64 = 100.0;

/// Bytes of the end of a worker's stdout and stderr kept to explain its death.
const TAIL_BYTES: usize = 16 * 1024;

/// Bytes of the start of a worker's stdout and stderr kept too: Go prints `fatal error: runtime:
/// out of memory` first, then goroutine dumps longer than [`TAIL_BYTES`].
const HEAD_BYTES: usize = 4 * 1024;

/// A request: one call of `findMinStep(board, hand)`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Request {
    /// The board, e.g. `RRWWRRBBRR`.
    pub board: String,
    /// The hand, e.g. `WB`.
    pub hand: String,
}

/// A reply line. Exactly one of the first seven fields is set.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reply {
    /// The first line: the solution is loaded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ready: Option<bool>,
    /// The first line instead of `ready`: the solution cannot be loaded, and why.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub load_error: Option<String>,
    /// The first line instead of `ready`: the interpreter rejected the code itself (a syntax
    /// error), with the line of the file as pasted. Verdict CE.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub compile_error: Option<String>,
    /// The returned answer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer: Option<i64>,
    /// A Rust panic message, with its location.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub panic: Option<String>,
    /// An exception, e.g. `IndexError: string index out of range (line 12)`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// An out-of-memory exception, e.g. `MemoryError`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub memory: Option<String>,
    /// What was returned instead of an integer, e.g. `None`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bad_return: Option<String>,
    /// CPU time of the call, all threads, in milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu_ms: Option<f64>,
    /// Wall time of the call, in milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wall_ms: Option<f64>,
}

/// How to start a worker: a program, its arguments and extra environment.
#[derive(Clone, Debug)]
pub struct Launch {
    /// The program, e.g. the judge itself, `python3` or `node` (looked up on `PATH`).
    pub program: OsString,
    /// Its arguments.
    pub args: Vec<OsString>,
    /// Extra environment variables.
    pub env: Vec<(OsString, OsString)>,
    /// For reports and errors, e.g. `python3`.
    pub label: String,
    /// Address space allowed on top of the memory limit, in mebibytes: V8 reserves some 700 MiB
    /// it never uses before any JavaScript runs, so `node` cannot start under a plain 512 MiB
    /// `RLIMIT_AS`; its heap is capped at the memory limit by a flag instead. The JVM and mono
    /// need one too (see their language files); 0 for native code and the judge itself.
    pub reserve_mib: u64,
    /// Whether the memory limit is also checked on the resident set of a worker of one process,
    /// at every poll: for a runtime given a reserve but no hard cap on its heap (Go, whose
    /// `GOMEMLIMIT` is soft). Off elsewhere: `RLIMIT_AS` or the runtime's own heap cap decides.
    pub resident_limit: bool,
    /// Whether the program is the judge itself: if it cannot be started the judge is broken
    /// ([`Failure::Stopped`]); an interpreter that cannot be started is the solution's problem
    /// ([`Failure::Crash`], verdict RE).
    pub own: bool,
    /// Whether the worker loads the submission's source itself (an interpreter's harness),
    /// and so may answer `compile_error` while starting. A compiled worker never does: the
    /// build said so already, and such a line is the submission's own, forged (RE).
    pub loads_source: bool,
}

impl Launch {
    /// This judge binary in worker mode: `zuma-judge worker --solution NAME`.
    pub fn compiled(name: &str) -> io::Result<Launch> {
        Ok(Launch::own_binary(std::env::current_exe()?, name))
    }

    /// A native build's `DIR/solution`, with no arguments and no reserve; `label` names the
    /// compiler for reports, e.g. `g++`.
    pub fn native(dir: &std::path::Path, label: &str) -> Launch {
        Launch {
            program: dir.join("solution").into_os_string(),
            args: Vec::new(),
            env: Vec::new(),
            label: label.into(),
            reserve_mib: 0,
            resident_limit: false,
            own: false,
            loads_source: false,
        }
    }

    /// `program worker --solution NAME`, for a given judge binary (benchmarks, tests).
    pub fn own_binary(program: impl Into<OsString>, name: &str) -> Launch {
        Launch {
            program: program.into(),
            args: vec!["worker".into(), "--solution".into(), name.into()],
            env: Vec::new(),
            label: "zuma-judge worker".into(),
            reserve_mib: 0,
            resident_limit: false,
            own: true,
            loads_source: false,
        }
    }
}

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

/// A running worker.
struct Live {
    child: Child,
    pid: Pid,
    /// Every process of the worker: time and memory are all of theirs, and what a case starts
    /// is killed when it ends.
    tree: Tree,
    /// The memory limit of the whole tree, in MiB.
    memory_mib: u64,
    /// [`Launch::resident_limit`].
    resident_limit: bool,
    /// Whether the address space is evidence of memory use: for a launch with no reserve,
    /// whose `RLIMIT_AS` is the memory limit (a runtime that reserves far ahead is not).
    address_space_counts: bool,
    /// [`Live::cpu_ms`] when the worker was ready or last replied, then when the next call
    /// began: the base of that call's CPU time.
    cpu_mark: f64,
    /// The CPU time of the worker and its reaped children, from `wait4` once it is reaped.
    reaped_cpu_ms: f64,
    /// The peak resident set the kernel reported for it when it was reaped (`ru_maxrss`: the
    /// largest of it and the children it reaped), in KiB.
    reaped_peak_kib: Option<u64>,
    /// The worker's memory cgroup, where the judge could make one: it caps and counts memory
    /// no process maps (a `memfd` written and never mapped), and counts the kernel's kills at
    /// the limit.
    memory: Option<sandbox::MemoryCgroup>,
    /// [`Live::oom_kills`] when the current call began.
    oom_base: u64,
    stdin: ChildStdin,
    replies: std::io::PipeReader,
    pending: Vec<u8>,
    /// [`Live::run_delay_ms`] early in the current call, read at its first poll timeout (a
    /// call that replies before it needs none): the base of its core wait.
    delay_base: Option<f64>,
    tail: Arc<Mutex<Vec<u8>>>,
    tail_done: mpsc::Receiver<()>,
}

/// How a wait for a reply ended.
enum Waited {
    Line(Vec<u8>),
    Died,
    Killed(Failure),
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
    fn wall_ms(&self) -> u64 {
        self.wall_override
            .unwrap_or_else(|| self.settings.limits.wall_ms())
    }

    fn stopped(&self) -> bool {
        self.settings.stop.is_some_and(|s| s.load(Ordering::SeqCst))
    }

    fn memory_limit(&self) -> String {
        format!("memory {} MiB", self.settings.limits.memory_mib)
    }

    /// Starts the worker and waits for `ready`. The error is what every call answers.
    fn start(&mut self) -> Result<(), Failure> {
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

    /// One call on a running worker. Kills the worker (leaving `live` empty) when the call did
    /// not end with a reply.
    fn exchange(&mut self, request: &[u8]) -> Outcome {
        let limits = self.settings.limits.clone();
        let wall_limit = self.wall_ms();
        let memory = (self.memory_limit(), limits.memory_mib);
        let stop = self.settings.stop;
        let live = self.live.as_mut().expect("started");
        let start = Instant::now();
        let base_cpu = live.cpu_mark;
        live.delay_base = None;
        live.tree.reset_peak();
        let oom_before = live.oom_kills();
        live.oom_base = oom_before;
        if let Some(m) = &live.memory {
            m.reset_peak();
        }
        if live.stdin.write_all(request).is_err() {
            // The worker died after its previous reply.
            let failure = live.death(&memory, oom_before, None);
            self.live = None;
            return failed(failure, 0.0, 0.0);
        }
        let deadline = start + Duration::from_millis(wall_limit);
        let cpu_budget = Some((base_cpu, limits.cpu_ms as f64 * MARGIN, limits.cpu_ms));
        let waited = live.wait_line(deadline, wall_limit, cpu_budget, stop);
        let wall_ms = start.elapsed().as_secs_f64() * 1e3;
        let cpu_now = live.cpu_ms();
        let cpu_ms = (cpu_now - base_cpu).max(0.0);
        let memory_kib = live.tree.peak_kib();
        // What the judge saw of the call's memory, as evidence for a submission's own word that
        // it ran out: its resident peak, or its address space where `RLIMIT_AS` is the limit.
        let seen_kib = memory_kib.max(live.address_space_seen_kib());
        // The time spent waiting for a core matters only to a call near the wall limit.
        let core_wait_ms = live.core_wait_near_limit(wall_ms, wall_limit);
        let line = match waited {
            Waited::Line(l) => l,
            Waited::Killed(f) => {
                live.kill();
                self.live = None;
                let f = cpu_first(f, cpu_ms, &limits);
                return failed(f, wall_ms, cpu_ms).with_memory(memory_kib);
            }
            Waited::Died => {
                let f = live.death(&memory, oom_before, seen_kib);
                // A dead worker's clocks are gone: its time and its peak are what the kernel
                // said when it was reaped.
                let cpu_ms = cpu_ms.max(live.reaped_cpu_ms - base_cpu);
                let memory_kib = memory_kib.max(live.reaped_peak_kib);
                let memory_kib = match &f {
                    Failure::MemoryLimit(_) => memory_kib.max(live.cgroup_peak_kib()),
                    _ => memory_kib,
                };
                self.live = None;
                let f = cpu_first(f, cpu_ms, &limits);
                return failed(f, wall_ms, cpu_ms).with_memory(memory_kib);
            }
        };
        let reply = match serde_json::from_slice::<Reply>(&line) {
            Ok(r) => r,
            Err(_) => {
                live.kill();
                self.live = None;
                // Past the CPU limit, whatever it wrote is a TLE.
                let f = Failure::Crash(format!("malformed reply: {}", excerpt(&line)));
                let f = cpu_first(f, cpu_ms, &limits);
                return failed(f, wall_ms, cpu_ms).with_memory(memory_kib);
            }
        };
        // What the worker says of its own time is never trusted: a submission could forge it.
        // Nor that it ran out of memory, unless the judge saw it near the limit.
        let near_limit = memory_seen(seen_kib, limits.memory_mib) || reply_says_memory(&line);
        let result = if live.oom_kills() > oom_before {
            // A process of its own was killed at the limit, and it answered anyway.
            Err(cpu_first(
                Failure::MemoryLimit(memory.0.clone()),
                cpu_ms,
                &limits,
            ))
        } else {
            classify_reply(
                reply,
                (&limits, wall_limit),
                (cpu_ms, wall_ms - core_wait_ms),
                (near_limit, memory_kib),
            )
        };
        // Nor is a worker kept after a call that may be rerun (`limit / MARGIN` of CPU time or
        // more) or that is a TLE: a submission that wrote a reply early, before its work ended,
        // leaves the harness's own reply to come, which could reach the judge after the next
        // request went out and answer it. A rerun repeats the input, so the work done after
        // the early reply would be the rerun's, uncharged, and the fastest run decides. Every
        // rerun, and the case after such a call, starts on a fresh worker.
        let rerun_may_follow =
            cpu_ms >= limits.cpu_ms as f64 / MARGIN || matches!(result, Err(Failure::TimeLimit(_)));
        if rerun_may_follow {
            live.kill();
            self.live = None;
        } else if !live.settle(limits.memory_mib, cpu_now) {
            self.live = None;
        }
        Outcome {
            result,
            wall_ms,
            cpu_ms,
            memory_kib,
            repeats_ms: Vec::new(),
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

/// A call that used more CPU time than the limit broke that limit first, whatever ended it
/// later (running out of memory, a crash): TLE, as a reply after the limit is. So a solution
/// over both limits gets the same verdict however fast the machine was.
fn cpu_first(f: Failure, cpu_ms: f64, limits: &Limits) -> Failure {
    match f {
        Failure::MemoryLimit(_) | Failure::Crash(_) | Failure::Panic(_)
            if cpu_ms > limits.cpu_ms as f64 =>
        {
            Failure::TimeLimit(format!("CPU {} ms", limits.cpu_ms))
        }
        other => other,
    }
}

/// Whether the judge measured a call's memory (`peak_kib`) at half its limit or more: only
/// then is a submission's own word that it ran out of memory taken as MLE. An allocation
/// refused by `RLIMIT_AS` leaves the process at least half way to the limit unless that one
/// request was larger than everything before it; a forged message leaves it where it was.
fn memory_seen(peak_kib: Option<u64>, limit_mib: u64) -> bool {
    peak_kib.is_some_and(|k| k * 2 >= limit_mib * 1024)
}

/// Whether a reply is a harness's `memory` line (a `MemoryError`, `OutOfMemoryError` or
/// `RangeError` it caught): taken as MLE whatever the judge measured, since a request refused
/// by `RLIMIT_AS` at once (`bytearray(4 << 30)`) leaves no trace the judge can read. A
/// submission that writes this line itself picks MLE over WA or RE; the README says so.
fn reply_says_memory(line: &[u8]) -> bool {
    serde_json::from_slice::<Reply>(line).is_ok_and(|r| r.memory.is_some())
}

/// The size of a refused request Rust's allocator names (`memory allocation of N bytes
/// failed`), in KiB: one request at or over the limit is a memory limit met at once, where no
/// poll could see the process grow. (A submission may print this line itself with a large
/// number: it then picks MLE over RE, never over AC.)
fn stated_request_kib(tail: &str) -> Option<u64> {
    let at = tail.find("memory allocation of ")? + "memory allocation of ".len();
    let digits: String = tail[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    Some(digits.parse::<u64>().ok()? / 1024)
}

fn failed(f: Failure, wall_ms: f64, cpu_ms: f64) -> Outcome {
    Outcome {
        result: Err(f),
        wall_ms,
        cpu_ms,
        memory_kib: None,
        repeats_ms: Vec::new(),
    }
}

/// The verdict-relevant reading of a reply that came in time. The CPU limit applies to the
/// call's CPU time as the judge measured it; the wall limit to `wall_ms`, the wall time charged
/// to the call (its time waiting for a core left out).
fn classify_reply(
    reply: Reply,
    (limits, wall_limit): (&Limits, u64),
    (cpu_ms, wall_ms): (f64, f64),
    (near_limit, memory_kib): (bool, Option<u64>),
) -> Result<i32, Failure> {
    let result = if let Some(a) = reply.answer {
        i32::try_from(a).map_err(|_| {
            Failure::Crash(format!(
                "malformed reply: answer {a} does not fit in an i32"
            ))
        })
    } else if let Some(p) = reply.panic {
        Err(Failure::Panic(one_line(&p)))
    } else if let Some(e) = reply.error {
        Err(Failure::Crash(format!("raised {}", one_line(&e))))
    } else if reply.memory.is_some() && near_limit {
        Err(Failure::MemoryLimit(format!(
            "memory {} MiB",
            limits.memory_mib
        )))
    } else if reply.memory.is_some() {
        Err(Failure::Crash(format!(
            "said it ran out of memory, at {} MiB of the {} MiB limit (not counted as MLE)",
            memory_kib.unwrap_or(0) / 1024,
            limits.memory_mib
        )))
    } else if let Some(b) = reply.bad_return {
        Err(Failure::Crash(format!(
            "malformed reply: returned {}, not an integer",
            one_line(&b)
        )))
    } else {
        Err(Failure::Crash("malformed reply: no answer".into()))
    };
    if cpu_ms > limits.cpu_ms as f64 {
        Err(Failure::TimeLimit(format!("CPU {} ms", limits.cpu_ms)))
    } else if wall_ms > wall_limit as f64 {
        Err(Failure::TimeLimit(format!("wall {wall_limit} ms")))
    } else {
        result
    }
}

/// A message the submission wrote, made one line of at most 300 characters (and `...` when
/// cut): a newline or another control character in it could fake a line of the report.
fn one_line(text: &str) -> String {
    let flat: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    clipped(&flat, 300)
}

/// A message of many lines a submission's harness sent (a compile error): control characters
/// but line breaks and tabs dropped (a carriage return could fake a line of the report), and
/// at most 6 KiB, as a build's message.
fn message_lines(text: &str) -> String {
    const MAX: usize = 6 * 1024;
    let clean: String = text
        .chars()
        .filter(|c| !c.is_control() || *c == '\n' || *c == '\t')
        .collect();
    let clean = clean.trim_matches('\n');
    if clean.len() <= MAX {
        return clean.to_string();
    }
    let mut cut = MAX;
    while !clean.is_char_boundary(cut) {
        cut -= 1;
    }
    format!("{}\n... (message cut at {MAX} bytes)", &clean[..cut])
}

/// The first `n` characters of `text`, and "..." after them when there were more.
pub(crate) fn clipped(text: &str, n: usize) -> String {
    match text.char_indices().nth(n) {
        Some((i, _)) => format!("{}...", &text[..i]),
        None => text.to_string(),
    }
}

/// The first 120 characters of a reply line, for messages.
fn excerpt(line: &[u8]) -> String {
    clipped(String::from_utf8_lossy(line).trim_end(), 120)
}

/// Starts `launch` with the reply pipe on fd 3, stdout and stderr on a diagnostics pipe, its
/// own process group (so a terminal's Ctrl-C reaches only the judge), `RLIMIT_AS` of
/// `memory_mib`, no core dumps, and death with the judge; in the sandbox when it is on, with
/// `expose` shown read-only.
fn spawn(
    launch: &Launch,
    expose: &[std::path::PathBuf],
    (memory_mib, cgroup_mib): (u64, u64),
) -> io::Result<Live> {
    let (replies, reply_w) = std::io::pipe()?;
    let (diag_r, diag_w) = std::io::pipe()?;
    let on = sandbox::status().is_on();
    let cgroup = on.then(sandbox::CpuCgroup::new).flatten();
    let memory = on.then(|| sandbox::MemoryCgroup::new(cgroup_mib)).flatten();
    let cgroups = [
        cgroup.as_ref().map(|c| &c.dir),
        memory.as_ref().map(|m| &m.dir),
    ]
    .into_iter()
    .flatten()
    .cloned()
    .collect();
    let mut cmd = command(launch, expose, cgroups)?;
    cmd.stdin(Stdio::piped())
        .stdout(diag_w.try_clone()?)
        .stderr(diag_w)
        .process_group(0);
    let reply_fd = reply_w.as_raw_fd();
    let bytes = memory_mib.saturating_mul(1024 * 1024);
    // SAFETY: the closure runs in the forked child before exec and only makes
    // async-signal-safe system calls (setrlimit, prctl, dup2, fcntl) on values copied in.
    unsafe {
        cmd.pre_exec(move || child_setup(reply_fd, bytes));
    }
    let mut child = cmd.spawn()?;
    drop(cmd); // closes the parent's copies of the diagnostics pipe's write end
    drop(reply_w);
    let stdin = child.stdin.take().expect("piped");
    let pid = Pid::from_raw(child.id() as i32);
    let (tail, tail_done) = drain_diagnostics(diag_r);
    Ok(Live {
        child,
        pid,
        tree: Tree::new(pid, cgroup),
        memory_mib: u64::MAX,
        resident_limit: false,
        address_space_counts: false,
        cpu_mark: 0.0,
        reaped_cpu_ms: 0.0,
        reaped_peak_kib: None,
        memory,
        oom_base: 0,
        stdin,
        replies,
        pending: Vec::new(),
        delay_base: None,
        tail,
        tail_done,
    })
}

/// The command that starts `launch`: through [`sandbox::wrap`] when the sandbox is on (with
/// `expose` shown read-only and the worker in `cgroup`), else as it is, with its environment.
fn command(
    launch: &Launch,
    expose: &[std::path::PathBuf],
    cgroups: Vec<std::path::PathBuf>,
) -> io::Result<Command> {
    if !sandbox::status().is_on() {
        let mut cmd = Command::new(&launch.program);
        let env = launch
            .env
            .iter()
            .map(|(k, v)| (k.as_os_str(), v.as_os_str()));
        cmd.args(&launch.args).envs(env);
        return Ok(cmd);
    }
    let spec = sandbox::Spec {
        expose: expose.to_vec(),
        env: launch.env.clone(),
        probe: false,
        build: None,
        cgroups,
    };
    let (program, args) = sandbox::wrap(&launch.program, &launch.args, spec)?;
    let mut cmd = Command::new(program);
    cmd.args(args);
    Ok(cmd)
}

/// Reads a worker's stdout and stderr on a thread of its own until they close, keeping what
/// [`keep_head_and_tail`] keeps; the receiver hears when the pipe has closed.
fn drain_diagnostics(mut diag_r: io::PipeReader) -> (Arc<Mutex<Vec<u8>>>, mpsc::Receiver<()>) {
    let tail = Arc::new(Mutex::new(Vec::new()));
    let (done_tx, tail_done) = mpsc::channel();
    let sink = Arc::clone(&tail);
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = diag_r.read(&mut buf) {
            if n == 0 {
                break;
            }
            let mut t = sink.lock().unwrap_or_else(|e| e.into_inner());
            keep_head_and_tail(&mut t, &buf[..n]);
        }
        let _ = done_tx.send(());
    });
    (tail, tail_done)
}

/// Appends `more` to a worker's diagnostics, keeping the first [`HEAD_BYTES`] (where Go and the
/// JVM name a fatal error, before pages of stack dumps) and the last [`TAIL_BYTES`].
fn keep_head_and_tail(kept: &mut Vec<u8>, more: &[u8]) {
    kept.extend_from_slice(more);
    if kept.len() > HEAD_BYTES + TAIL_BYTES {
        let cut = kept.len() - HEAD_BYTES - TAIL_BYTES;
        kept.drain(HEAD_BYTES..HEAD_BYTES + cut);
    }
}

/// In the child, between fork and exec: limits, and the reply pipe moved to fd 3.
fn child_setup(reply_fd: RawFd, memory_bytes: u64) -> io::Result<()> {
    let set = |resource, value: u64| {
        let lim = libc::rlimit {
            rlim_cur: value as libc::rlim_t,
            rlim_max: value as libc::rlim_t,
        };
        // SAFETY: plain system call on a stack value.
        if unsafe { libc::setrlimit(resource, &lim) } != 0 {
            return Err(io::Error::last_os_error());
        }
        Ok(())
    };
    set(libc::RLIMIT_AS, memory_bytes)?;
    set(libc::RLIMIT_CORE, 0)?;
    #[cfg(target_os = "linux")]
    // SAFETY: plain system call; the worker gets SIGKILL if the judge dies.
    unsafe {
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
    }
    // SAFETY: plain system calls on a descriptor this process owns.
    let r = unsafe {
        if reply_fd == REPLY_FD {
            libc::fcntl(REPLY_FD, libc::F_SETFD, 0)
        } else {
            libc::dup2(reply_fd, REPLY_FD)
        }
    };
    if r < 0 {
        return Err(io::Error::last_os_error());
    }
    // Only the protocol's descriptors cross: nothing the judge inherited (a caller's log on
    // fd 7, a case file on fd 8) reaches the worker.
    sandbox::close_from(REPLY_FD + 1);
    Ok(())
}

impl Live {
    /// The worker's CPU time so far, every thread and child, in milliseconds.
    fn cpu_ms(&mut self) -> f64 {
        self.tree.cpu_ms()
    }

    /// The worker's resident memory now, every process, in mebibytes.
    fn resident_mib(&mut self) -> u64 {
        self.tree.memory_kib() / 1024
    }

    /// The time the worker's threads have waited for a core, in milliseconds.
    fn run_delay_ms(&mut self) -> f64 {
        self.tree.run_delay_ms()
    }

    /// Whether a call past its wall `deadline` only got there because the machine was busy:
    /// the time its threads waited for a core since the call began moves the deadline on, up
    /// to twice the wall limit. A sleeping or blocked solution waits for no core, so it still
    /// meets the plain wall limit; a looping one meets the CPU limit.
    fn starved_past(&mut self, deadline: Instant, wall_limit_ms: u64) -> bool {
        let waited = self.core_wait_ms(wall_limit_ms);
        Instant::now() < deadline + Duration::from_secs_f64(waited / 1e3)
    }

    /// The time the worker waited for a core since the current call began, in milliseconds, up
    /// to twice the wall limit: not charged against the wall limit.
    fn core_wait_ms(&mut self, wall_limit_ms: u64) -> f64 {
        let Some(base) = self.delay_base else {
            return 0.0;
        };
        (self.run_delay_ms() - base).clamp(0.0, 2.0 * wall_limit_ms as f64)
    }

    /// [`Live::core_wait_ms`] for a call that took more than half the wall limit, else 0: the
    /// wait matters only to a call near the limit, and reading it costs a `/proc` walk.
    fn core_wait_near_limit(&mut self, wall_ms: f64, wall_limit_ms: u64) -> f64 {
        if wall_ms * 2.0 > wall_limit_ms as f64 {
            self.core_wait_ms(wall_limit_ms)
        } else {
            0.0
        }
    }

    /// After a reply: whether the worker stays for the next call. It answered, so it stays (an
    /// exception or a panic was caught inside it), and every process the case started is
    /// killed, unless it still holds half of `memory_mib`: a runtime that keeps its heap (Go,
    /// the JVM) would charge this case's memory to the next one, as a false MLE. Then it is
    /// killed, and the caller drops it.
    fn settle(&mut self, memory_mib: u64, cpu_now: f64) -> bool {
        if self.resident_mib() * 2 > memory_mib {
            self.kill();
            return false;
        }
        self.tree.kill_started();
        self.cpu_mark = cpu_now;
        true
    }

    /// Waits for one reply line until `deadline` (wall; `wall_limit_ms` names it) and, with `cpu` = (CPU at the start,
    /// kill point, limit) in milliseconds, until the worker's CPU time passes the kill point.
    /// Checks `stop` at least every 100 ms.
    fn wait_line(
        &mut self,
        deadline: Instant,
        wall_limit_ms: u64,
        cpu: Option<(f64, f64, u64)>,
        stop: Option<&'static AtomicBool>,
    ) -> Waited {
        // The first wait needs no reading: the call has just begun. Most calls reply in it.
        let mut first = true;
        loop {
            if let Some(i) = self.pending.iter().position(|&b| b == b'\n') {
                let rest = self.pending.split_off(i + 1);
                let mut line = std::mem::replace(&mut self.pending, rest);
                line.pop();
                return Waited::Line(line);
            }
            if stop.is_some_and(|s| s.load(Ordering::SeqCst)) {
                return Waited::Killed(Failure::Stopped("interrupted".into()));
            }
            let now = Instant::now();
            if now >= deadline && !self.starved_past(deadline, wall_limit_ms) {
                // On a starved machine the wall limit can come first for a call that had
                // already used more CPU time than allowed: that call broke the CPU limit.
                if let Some((base, _, limit)) = cpu {
                    if self.cpu_ms() - base > limit as f64 {
                        return Waited::Killed(Failure::TimeLimit(format!("CPU {limit} ms")));
                    }
                }
                return Waited::Killed(Failure::TimeLimit(format!("wall {wall_limit_ms} ms")));
            }
            // Past a deadline that starvation moved on, the wait goes on in short slices.
            let mut slice = deadline
                .saturating_duration_since(now)
                .clamp(Duration::from_millis(20), Duration::from_millis(100));
            if !first && self.delay_base.is_none() {
                self.delay_base = Some(self.run_delay_ms());
            }
            // Processes of its own can each stay under RLIMIT_AS: the tree's sum may not. One
            // process meets RLIMIT_AS alone, which does not depend on when it is looked at
            // (a garbage-collected heap's resident size does), unless its runtime has a reserve
            // and no hard heap cap.
            // The kernel killed one of its processes at the memory cgroup's limit (a child,
            // say, while the first process goes on).
            let oom = !first && self.oom_kills() > self.oom_base;
            if oom
                || !first
                    && (self.resident_limit || !self.tree.is_one_process())
                    && self.tree.memory_kib() / 1024 > self.memory_mib
            {
                return Waited::Killed(Failure::MemoryLimit(format!(
                    "memory {} MiB",
                    self.memory_mib
                )));
            }
            if let Some((base, kill_at, limit)) = cpu {
                let used = if first { 0.0 } else { self.cpu_ms() - base };
                if used >= kill_at {
                    return Waited::Killed(Failure::TimeLimit(format!("CPU {limit} ms")));
                }
                // CPU time cannot run faster than wall time times the cores; half the CPU
                // budget left is a safe wait on two cores.
                let left = Duration::from_secs_f64(((kill_at - used) / 2.0).max(2.0) / 1e3);
                slice = slice.min(left);
            }
            first = false;
            if self.address_space_counts && !first {
                self.tree.address_space_peak_kib();
            }
            if !self.receive(slice) {
                return Waited::Died;
            }
        }
    }

    /// Waits up to `slice` for the worker to write, and adds what it wrote to `pending`.
    /// False when its end of the pipe is closed or broken: the worker died.
    fn receive(&mut self, slice: Duration) -> bool {
        let ms = slice.as_millis().clamp(1, u16::MAX as u128) as u16;
        let mut fds = [PollFd::new(self.replies.as_fd(), PollFlags::POLLIN)];
        match poll(&mut fds, PollTimeout::from(ms)) {
            Ok(0) | Err(nix::errno::Errno::EINTR) => return true,
            Ok(_) => {}
            Err(_) => return false,
        }
        let mut buf = [0u8; 4096];
        match self.replies.read(&mut buf) {
            Ok(0) => false,
            Ok(n) => {
                self.pending.extend_from_slice(&buf[..n]);
                true
            }
            Err(e) => e.kind() == io::ErrorKind::Interrupted,
        }
    }

    /// Whether the worker has written more than it was asked for: a line is waiting before
    /// the next request is sent.
    fn unasked_reply(&self) -> bool {
        let mut fds = [PollFd::new(self.replies.as_fd(), PollFlags::POLLIN)];
        !self.pending.is_empty() || poll(&mut fds, PollTimeout::ZERO).is_ok_and(|n| n > 0)
    }

    /// Kills the worker's process group and every other process of its tree (one that left
    /// the group), and reaps the worker.
    fn kill(&mut self) {
        self.tree.kill_all();
        let _ = killpg(self.pid, Signal::SIGKILL);
        let _ = self.child.wait();
    }

    /// The worker closed its replies: reaps it (killing it after a second if it lingers) and
    /// says why it died, from its exit status and the end of its stderr.
    fn death(
        &mut self,
        (memory_limit, limit_mib): &(String, u64),
        oom_before: u64,
        seen_kib: Option<u64>,
    ) -> Failure {
        let status = self.reap();
        if self.oom_kills() > oom_before {
            return Failure::MemoryLimit(memory_limit.clone());
        }
        let _ = self.tail_done.recv_timeout(Duration::from_secs(1));
        let tail = {
            let t = self.tail.lock().unwrap_or_else(|e| e.into_inner());
            String::from_utf8_lossy(&t).into_owned()
        };
        let peak = seen_kib
            .max(self.reaped_peak_kib)
            .max(stated_request_kib(&tail));
        let memory = memory_seen(peak, *limit_mib).then_some(memory_limit.as_str());
        classify_death(status.signal(), status.code(), &tail, memory)
    }

    /// The largest address space seen during the call, where it counts (else `None`).
    fn address_space_seen_kib(&mut self) -> Option<u64> {
        self.address_space_counts
            .then(|| self.tree.address_space_peak_kib())
    }

    /// How many of the worker's processes the kernel killed at its memory cgroup's limit.
    fn oom_kills(&self) -> u64 {
        self.memory.as_ref().map_or(0, |m| m.oom_kills())
    }

    /// The most its memory cgroup held during the call, in KiB.
    fn cgroup_peak_kib(&self) -> Option<u64> {
        self.memory.as_ref().and_then(|m| m.peak_kib())
    }

    /// Reaps the worker (killing it after a second if it lingers), and keeps the CPU time and
    /// the peak memory the kernel reports for it and every child it reaped.
    fn reap(&mut self) -> ExitStatus {
        let until = Instant::now() + Duration::from_secs(1);
        loop {
            let hang = Instant::now() >= until;
            if hang {
                let _ = killpg(self.pid, Signal::SIGKILL);
            }
            let mut status = 0;
            // SAFETY: an all-zero rusage is a valid value for the kernel to fill in.
            let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
            let flags = if hang { 0 } else { libc::WNOHANG };
            // SAFETY: plain system call on the worker, this process's child, with pointers to
            // locals.
            let pid = unsafe { libc::wait4(self.pid.as_raw(), &mut status, flags, &mut usage) };
            if pid == self.pid.as_raw() {
                let ms = |t: libc::timeval| t.tv_sec as f64 * 1e3 + t.tv_usec as f64 / 1e3;
                self.reaped_cpu_ms = ms(usage.ru_utime) + ms(usage.ru_stime);
                self.reaped_peak_kib = Some(usage.ru_maxrss.max(0) as u64);
                return ExitStatus::from_raw(status);
            }
            if pid != 0 {
                // Reaped already (or not this process's child): nothing more to learn.
                return self
                    .child
                    .try_wait()
                    .ok()
                    .flatten()
                    .unwrap_or_else(|| ExitStatus::from_raw(9));
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    }
}

/// Why a worker died, from its exit signal or code and the end of its stdout and stderr: out
/// of memory (Rust's "memory allocation of N bytes failed", Python's `MemoryError`, V8's "heap
/// out of memory") is [`Failure::MemoryLimit`] when the judge saw its memory near the limit
/// (`memory_limit` is then `Some`); anything else is a [`Failure::Crash`]
/// that names the signal (e.g. `SIGSEGV`), says "stack overflow" when Rust or Python said so,
/// and quotes the last line of output.
pub fn classify_death(
    signal: Option<i32>,
    code: Option<i32>,
    tail: &str,
    memory_limit: Option<&str>,
) -> Failure {
    const OUT_OF_MEMORY: [&str; 8] = [
        "memory allocation of ",
        "MemoryError",
        "JavaScript heap out of memory",
        "Fatal process out of memory",
        "Cannot allocate memory",
        // Go
        "runtime: out of memory",
        // The JVM, when the error escapes the harness, or the JVM itself runs out
        "java.lang.OutOfMemoryError",
        "insufficient memory for the Java Runtime Environment",
    ];
    if let Some(limit) = memory_limit.filter(|_| OUT_OF_MEMORY.iter().any(|m| tail.contains(m))) {
        return Failure::MemoryLimit(limit.to_string());
    }
    let how = match (signal, code) {
        (Some(s), _) => match Signal::try_from(s) {
            Ok(sig) => format!("killed by {}", sig.as_str()),
            Err(_) => format!("killed by signal {s}"),
        },
        (None, Some(c)) => format!("exited with code {c} without replying"),
        (None, None) => "died".into(),
    };
    let last = tail
        .lines()
        .rev()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .map(|l| format!(": {}", clipped(l, 200)))
        .unwrap_or_default();
    if tail.contains("has overflowed its stack")
        || tail.contains("Fatal Python error: Cannot recover from stack overflow")
    {
        Failure::Crash(format!("stack overflow, {how}{last}"))
    } else {
        Failure::Crash(format!("{how}{last}"))
    }
}

/// The worker side for a compiled solution (`zuma-judge worker --solution NAME`): answers
/// requests from stdin on fd 3 until stdin closes. Panics are caught and replied; anything
/// worse ends the process, which is the point.
///
/// Errors: fd 3 is not a pipe (the command was run by hand), or a pipe broke.
pub fn serve(solution: &dyn Solution) -> io::Result<()> {
    // SAFETY: fstat only inspects the descriptor and writes the stack value.
    let is_pipe = unsafe {
        let mut st: libc::stat = std::mem::zeroed();
        libc::fstat(REPLY_FD, &mut st) == 0 && st.st_mode & libc::S_IFMT == libc::S_IFIFO
    };
    if !is_pipe {
        return Err(io::Error::other(
            "file descriptor 3 is not a pipe: `zuma-judge worker` is started by `zuma-judge run`, not by hand",
        ));
    }
    // SAFETY: fd 3 is an open pipe (checked above) and nothing else in this process uses it.
    let mut out = BufWriter::new(std::fs::File::from(unsafe {
        OwnedFd::from_raw_fd(REPLY_FD)
    }));
    send(
        &mut out,
        &Reply {
            ready: Some(true),
            ..Reply::default()
        },
    )?;
    let mut exec = InProcess::new(solution);
    for line in io::stdin().lock().lines() {
        let line = line?;
        let reply = match serde_json::from_str::<Request>(&line) {
            Ok(req) => {
                let cpu = process_cpu_ms();
                let out = exec.call(&req.board, &req.hand);
                let cpu_ms = process_cpu_ms() - cpu;
                let mut r = Reply {
                    cpu_ms: Some(cpu_ms),
                    wall_ms: Some(out.wall_ms),
                    ..Reply::default()
                };
                match out.result {
                    Ok(v) => r.answer = Some(v.into()),
                    Err(Failure::Panic(m)) => r.panic = Some(m),
                    Err(other) => r.error = Some(format!("{other:?}")),
                }
                r
            }
            Err(e) => Reply {
                error: Some(format!("malformed request: {e}")),
                ..Reply::default()
            },
        };
        send(&mut out, &reply)?;
    }
    Ok(())
}

fn send(out: &mut impl Write, reply: &Reply) -> io::Result<()> {
    serde_json::to_writer(&mut *out, reply)?;
    out.write_all(b"\n")?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    const MEM: &str = "memory 1024 MiB";

    #[test]
    fn a_message_from_the_submission_is_one_line() {
        assert_eq!(
            one_line("x\n| evil.rs   accepted |\r\u{1b}[2J"),
            "x | evil.rs   accepted |  [2J"
        );
        assert_eq!(
            one_line(&"y".repeat(400)),
            format!("{}...", "y".repeat(300))
        );
        assert_eq!(one_line(&"y".repeat(300)), "y".repeat(300));
    }

    #[test]
    fn a_call_over_the_cpu_limit_is_tle_whatever_ended_it() {
        let limits = Limits::default();
        let over = limits.cpu_ms as f64 + 1.0;
        let tle = Failure::TimeLimit(format!("CPU {} ms", limits.cpu_ms));
        for f in [
            Failure::MemoryLimit(MEM.into()),
            Failure::Crash("killed by SIGSEGV".into()),
            Failure::Panic("boom".into()),
        ] {
            assert_eq!(cpu_first(f.clone(), over, &limits), tle);
            assert_eq!(cpu_first(f.clone(), over - 2.0, &limits), f);
        }
        let wall = Failure::TimeLimit("wall 5000 ms".into());
        assert_eq!(cpu_first(wall.clone(), over, &limits), wall);
    }

    #[test]
    fn deaths_are_named() {
        // SIGABRT after Rust's allocation failure message: MLE.
        assert_eq!(
            classify_death(
                Some(6),
                None,
                "memory allocation of 4294967296 bytes failed\n",
                Some(MEM)
            ),
            Failure::MemoryLimit(MEM.into())
        );
        // Rust's stack overflow handler prints, then aborts.
        assert_eq!(
            classify_death(
                Some(6),
                None,
                "\nthread 'main' has overflowed its stack\nfatal runtime error: stack overflow, aborting\n",
                Some(MEM)
            ),
            Failure::Crash(
                "stack overflow, killed by SIGABRT: fatal runtime error: stack overflow, aborting"
                    .into()
            )
        );
        assert_eq!(
            classify_death(Some(11), None, "", Some(MEM)),
            Failure::Crash("killed by SIGSEGV".into())
        );
        assert_eq!(
            classify_death(None, Some(3), "bye\n\n", Some(MEM)),
            Failure::Crash("exited with code 3 without replying: bye".into())
        );
        assert_eq!(
            classify_death(
                Some(6),
                None,
                "FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory",
                Some(MEM)
            ),
            Failure::MemoryLimit(MEM.into())
        );
        // The same words from a process the judge saw far from the limit: its own text, RE.
        assert_eq!(
            classify_death(Some(6), None, "memory allocation of 8 bytes failed\n", None),
            Failure::Crash("killed by SIGABRT: memory allocation of 8 bytes failed".into())
        );
    }

    fn limits() -> Limits {
        Limits {
            cpu_ms: 100,
            memory_mib: 64,
        }
    }

    fn reply(json: &str) -> Reply {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn replies_are_classified() {
        let l = limits();
        assert_eq!(
            classify_reply(
                reply(r#"{"answer":2}"#),
                (&l, l.wall_ms()),
                (1.0, 1.0),
                (false, None)
            ),
            Ok(2)
        );
        // CPU over the limit is TLE even when an answer came back.
        assert_eq!(
            classify_reply(
                reply(r#"{"answer":2}"#),
                (&l, l.wall_ms()),
                (120.0, 130.0),
                (false, None)
            ),
            Err(Failure::TimeLimit("CPU 100 ms".into()))
        );
        // Sleeping past the wall limit (2 * 100 + 1000 ms) with little CPU.
        assert_eq!(
            classify_reply(
                reply(r#"{"answer":2}"#),
                (&l, l.wall_ms()),
                (1.0, 1300.0),
                (false, None)
            ),
            Err(Failure::TimeLimit("wall 1200 ms".into()))
        );
        assert_eq!(
            classify_reply(
                reply(r#"{"panic":"boom at x.rs:3"}"#),
                (&l, l.wall_ms()),
                (1.0, 1.0),
                (false, None)
            ),
            Err(Failure::Panic("boom at x.rs:3".into()))
        );
        assert_eq!(
            classify_reply(
                reply(r#"{"error":"IndexError: x (line 4)"}"#),
                (&l, l.wall_ms()),
                (1.0, 1.0),
                (false, None)
            ),
            Err(Failure::Crash("raised IndexError: x (line 4)".into()))
        );
        assert_eq!(
            classify_reply(
                reply(r#"{"memory":"MemoryError"}"#),
                (&l, l.wall_ms()),
                (1.0, 1.0),
                (true, Some(40 * 1024))
            ),
            Err(Failure::MemoryLimit("memory 64 MiB".into()))
        );
        // A harness's MemoryError the judge did not see near the limit is the process's word.
        assert_eq!(
            classify_reply(
                reply(r#"{"memory":"MemoryError"}"#),
                (&l, l.wall_ms()),
                (1.0, 1.0),
                (false, Some(5 * 1024))
            ),
            Err(Failure::Crash(
                "said it ran out of memory, at 5 MiB of the 64 MiB limit (not counted as MLE)"
                    .into()
            ))
        );
        assert_eq!(
            classify_reply(
                reply(r#"{"bad_return":"None"}"#),
                (&l, l.wall_ms()),
                (1.0, 1.0),
                (false, None)
            ),
            Err(Failure::Crash(
                "malformed reply: returned None, not an integer".into()
            ))
        );
        assert_eq!(
            classify_reply(
                reply(r#"{"answer":4294967296}"#),
                (&l, l.wall_ms()),
                (1.0, 1.0),
                (false, None)
            ),
            Err(Failure::Crash(
                "malformed reply: answer 4294967296 does not fit in an i32".into()
            ))
        );
        assert!(serde_json::from_str::<Reply>(r#"{"answr":2}"#).is_err());
    }

    #[test]
    fn the_start_of_a_long_death_is_kept() {
        let mut kept = Vec::new();
        keep_head_and_tail(&mut kept, b"fatal error: runtime: out of memory\n");
        for _ in 0..1000 {
            keep_head_and_tail(&mut kept, &[b'x'; 100]);
        }
        assert_eq!(kept.len(), HEAD_BYTES + TAIL_BYTES);
        let text = String::from_utf8_lossy(&kept);
        assert!(text.starts_with("fatal error: runtime: out of memory\n"));
        assert_eq!(
            classify_death(None, Some(2), &text, Some("memory 1024 MiB")),
            Failure::MemoryLimit("memory 1024 MiB".into())
        );
    }

    #[test]
    fn a_harness_message_cannot_fake_report_lines() {
        let forged = "SyntaxError (line 1)\n\r\x1b[2Jzuma-judge: all accepted\n";
        assert_eq!(
            message_lines(forged),
            "SyntaxError (line 1)\n[2Jzuma-judge: all accepted"
        );
        let long = message_lines(&"B".repeat(100_000));
        assert_eq!(
            long.len(),
            6 * 1024 + "\n... (message cut at 6144 bytes)".len()
        );
    }

    #[test]
    fn excerpts_are_short() {
        assert_eq!(excerpt(b"hello\n"), "hello");
        assert_eq!(
            excerpt("x".repeat(200).as_bytes()),
            format!("{}...", "x".repeat(120))
        );
    }
}
