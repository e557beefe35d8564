//! One call on a running worker, step by step: send the request, wait for the reply, measure
//! the call from the kernel and the judge's clock, and read what came back (a reply, a kill
//! at a limit, a death) as the call's outcome; then keep the worker for the next call or not.

use std::io::Write;
use std::time::{Duration, Instant};

use crate::cases::config::Limits;
use crate::submission::execute::{Failure, Outcome};
use crate::submission::protocol::{excerpt, one_line, Reply};
use crate::submission::verdict::Limit;

use super::death::memory_seen;
use super::live::Live;
use super::wait::Waited;
use super::{Worker, MARGIN};

/// What one call is judged against, and where it began.
struct Call {
    /// CPU and memory limits per case.
    limits: Limits,
    /// The wall-clock limit of the call, in milliseconds.
    wall_limit: u64,
    /// The memory limit as a verdict names it, and in MiB.
    memory: (String, u64),
    /// The worker's CPU time when the call began, in milliseconds.
    base_cpu: f64,
    /// How many of its processes the kernel had killed at the memory limit then.
    oom_before: u64,
}

/// What the judge measured of a call, from the kernel and its own clock; what the worker says
/// of its own time is never trusted: a submission could forge it.
struct Measured {
    /// Wall time since the call began, in milliseconds.
    wall_ms: f64,
    /// The worker's CPU time when the wait ended, in milliseconds.
    cpu_now: f64,
    /// The call's CPU time, in milliseconds.
    cpu_ms: f64,
    /// The resident peak of the worker's processes during the call, in KiB.
    memory_kib: Option<u64>,
    /// What the judge saw of the call's memory, as evidence for a submission's own word that
    /// it ran out: its resident peak, or its address space where `RLIMIT_AS` is the limit.
    seen_kib: Option<u64>,
    /// The time spent waiting for a core: it matters only to a call near the wall limit.
    core_wait_ms: f64,
}

impl Worker {
    /// One call on a running worker: `request`, whose id is `id`. Kills the worker (leaving
    /// `live` empty) when the call did not end with a reply.
    pub(super) fn exchange(&mut self, request: &[u8], id: u64) -> Outcome {
        let stop = self.settings.stop;
        let limits = self.settings.limits.clone();
        let wall_limit = self.wall_ms();
        let memory = (self.memory_limit(), limits.memory_mib);
        let live = self.live.as_mut().expect("started");
        let start = Instant::now();
        let call = Call {
            base_cpu: live.cpu_mark,
            oom_before: live.begin_call(),
            limits,
            wall_limit,
            memory,
        };
        if live.stdin.write_all(request).is_err() {
            // The worker died after its previous reply.
            let failure = live.death(&call.memory, call.oom_before, None);
            self.live = None;
            return failed(failure, 0.0, 0.0);
        }
        let deadline = start + Duration::from_millis(call.wall_limit);
        let kill_at = call.limits.cpu_ms as f64 * MARGIN;
        let cpu_budget = Some((call.base_cpu, kill_at, call.limits.cpu_ms));
        let waited = live.wait_line(deadline, call.wall_limit, cpu_budget, stop, Some(id));
        let m = live.measure(start, &call);
        let line = match waited {
            Waited::Line(l) => l,
            Waited::Killed(f) => {
                live.kill();
                self.live = None;
                let f = cpu_first(f, m.cpu_ms, &call.limits);
                let out = failed(f, m.wall_ms, m.cpu_ms).with_memory(m.memory_kib);
                return Outcome {
                    core_wait_ms: m.core_wait_ms,
                    ..out
                };
            }
            Waited::Died => {
                let outcome = live.died(&call, &m);
                self.live = None;
                return outcome;
            }
        };
        self.replied(&line, &call, &m)
    }

    /// The call ended with a reply `line`: the call's outcome, and whether the worker stays.
    fn replied(&mut self, line: &[u8], call: &Call, m: &Measured) -> Outcome {
        let live = self.live.as_mut().expect("started");
        let Ok(reply) = Reply::parse(line) else {
            live.kill();
            self.live = None;
            // Past the CPU limit, whatever it wrote is a TLE.
            let f = Failure::Crash(format!("malformed reply: {}", excerpt(line)));
            let f = cpu_first(f, m.cpu_ms, &call.limits);
            return failed(f, m.wall_ms, m.cpu_ms).with_memory(m.memory_kib);
        };
        // Nor is its word that it ran out of memory trusted, unless the judge saw it near the
        // limit, or it is a harness's `memory` reply (a `MemoryError`, `OutOfMemoryError` or
        // `RangeError` it caught): taken as MLE whatever the judge measured, since a request
        // refused by `RLIMIT_AS` at once (`bytearray(4 << 30)`) leaves no trace the judge can
        // read. A submission that writes this line itself picks MLE over WA or RE; GUIDE.md
        // says so.
        let limits = &call.limits;
        let near_limit =
            memory_seen(m.seen_kib, limits.memory_mib) || matches!(reply, Reply::Memory(_));
        let result = if live.oom_kills() > call.oom_before {
            // A process of its own was killed at the limit, and it answered anyway.
            let f = Failure::MemoryLimit(call.memory.0.clone());
            Err(cpu_first(f, m.cpu_ms, limits))
        } else {
            classify_reply(
                reply,
                (limits, call.wall_limit),
                (m.cpu_ms, m.wall_ms - m.core_wait_ms),
                (near_limit, m.memory_kib),
            )
        };
        // The worker stays for the next call, a rerun of this input included. A reply written
        // early, before the work ended, leaves the harness's own reply to come, but that one
        // carries this call's id and answers no later call; the work after the early reply is
        // charged to the next call (the worker's CPU clock counts every thread), or replaces the
        // worker when it passes 100 ms between two calls.
        if !live.settle(limits.memory_mib, m.cpu_now) {
            self.live = None;
        }
        Outcome {
            result,
            wall_ms: m.wall_ms,
            cpu_ms: m.cpu_ms,
            memory_kib: m.memory_kib,
            repeats_ms: Vec::new(),
            core_wait_ms: m.core_wait_ms,
        }
    }
}

impl Live {
    /// Marks the start of a call: the core wait and the peaks start afresh. Returns how many
    /// of the worker's processes the kernel had killed at the memory limit so far.
    pub(super) fn begin_call(&mut self) -> u64 {
        self.delay_base = None;
        self.tree.reset_peak();
        self.oom_base = self.oom_kills();
        if let Some(m) = &self.memory {
            m.reset_peak();
        }
        self.oom_base
    }

    /// What the judge measured of the call that began at `start`, once its wait ended.
    fn measure(&mut self, start: Instant, call: &Call) -> Measured {
        let wall_ms = start.elapsed().as_secs_f64() * 1e3;
        let cpu_now = self.cpu_ms();
        let memory_kib = self.tree.peak_kib();
        Measured {
            wall_ms,
            cpu_now,
            cpu_ms: (cpu_now - call.base_cpu).max(0.0),
            memory_kib,
            seen_kib: memory_kib.max(self.address_space_seen_kib()),
            core_wait_ms: self.core_wait_near_limit(wall_ms, call.wall_limit),
        }
    }

    /// The worker died during the call: why, with its time and its peak as the kernel said
    /// when it was reaped (a dead worker's clocks are gone).
    fn died(&mut self, call: &Call, m: &Measured) -> Outcome {
        let f = self.death(&call.memory, call.oom_before, m.seen_kib);
        let cpu_ms = m.cpu_ms.max(self.reaped_cpu_ms - call.base_cpu);
        let memory_kib = m.memory_kib.max(self.reaped_peak_kib);
        let memory_kib = match &f {
            Failure::MemoryLimit(_) => memory_kib.max(self.cgroup_peak_kib()),
            _ => memory_kib,
        };
        let f = cpu_first(f, cpu_ms, &call.limits);
        failed(f, m.wall_ms, cpu_ms).with_memory(memory_kib)
    }
}

/// A call that used more CPU time than the limit broke that limit first, whatever ended it
/// later (running out of memory, a crash): TLE, as a reply after the limit is. So a solution
/// over both limits gets the same verdict however fast the machine was.
pub(super) fn cpu_first(f: Failure, cpu_ms: f64, limits: &Limits) -> Failure {
    match f {
        Failure::MemoryLimit(_) | Failure::Crash(_) | Failure::Panic(_)
            if cpu_ms > limits.cpu_ms as f64 =>
        {
            Failure::TimeLimit(Limit::Cpu(limits.cpu_ms))
        }
        other => other,
    }
}

/// An outcome that is a failure, with no memory measured.
pub(super) fn failed(f: Failure, wall_ms: f64, cpu_ms: f64) -> Outcome {
    Outcome {
        result: Err(f),
        wall_ms,
        cpu_ms,
        memory_kib: None,
        repeats_ms: Vec::new(),
        core_wait_ms: 0.0,
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
    let result = match reply {
        Reply::Answer(a) => i32::try_from(a).map_err(|_| {
            Failure::Crash(format!(
                "malformed reply: answer {a} does not fit in an i32"
            ))
        }),
        Reply::Panic(p) => Err(Failure::Panic(one_line(&p))),
        Reply::Error(e) => Err(Failure::Crash(format!("raised {}", one_line(&e)))),
        Reply::Memory(_) if near_limit => Err(Failure::MemoryLimit(format!(
            "memory {} MiB",
            limits.memory_mib
        ))),
        Reply::Memory(_) => Err(Failure::Crash(format!(
            "said it ran out of memory, at {} MiB of the {} MiB limit (not counted as MLE)",
            memory_kib.unwrap_or(0) / 1024,
            limits.memory_mib
        ))),
        Reply::BadReturn(b) => Err(Failure::Crash(format!(
            "malformed reply: returned {}, not an integer",
            one_line(&b)
        ))),
        Reply::Nothing => Err(Failure::Crash("malformed reply: no answer".into())),
    };
    if cpu_ms > limits.cpu_ms as f64 {
        Err(Failure::TimeLimit(Limit::Cpu(limits.cpu_ms)))
    } else if wall_ms > wall_limit as f64 {
        Err(Failure::TimeLimit(Limit::Wall(wall_limit)))
    } else {
        result
    }
}
#[cfg(test)]
mod tests {
    use super::*;

    const MEM: &str = "memory 1024 MiB";

    #[test]
    fn a_call_over_the_cpu_limit_is_tle_whatever_ended_it() {
        let limits = Limits::default();
        let over = limits.cpu_ms as f64 + 1.0;
        let tle = Failure::TimeLimit(Limit::Cpu(limits.cpu_ms));
        for f in [
            Failure::MemoryLimit(MEM.into()),
            Failure::Crash("killed by SIGSEGV".into()),
            Failure::Panic("boom".into()),
        ] {
            assert_eq!(cpu_first(f.clone(), over, &limits), tle);
            assert_eq!(cpu_first(f.clone(), over - 2.0, &limits), f);
        }
        let wall = Failure::TimeLimit(Limit::Wall(5000));
        assert_eq!(cpu_first(wall.clone(), over, &limits), wall);
    }

    fn limits() -> Limits {
        Limits {
            cpu_ms: 100,
            memory_mib: 64,
        }
    }

    fn reply(json: &str) -> Reply {
        Reply::parse(json.as_bytes()).unwrap()
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
            Err(Failure::TimeLimit(Limit::Cpu(100)))
        );
        // Sleeping past the wall limit (2 * 100 + 1000 ms) with little CPU.
        assert_eq!(
            classify_reply(
                reply(r#"{"answer":2}"#),
                (&l, l.wall_ms()),
                (1.0, 1300.0),
                (false, None)
            ),
            Err(Failure::TimeLimit(Limit::Wall(1200)))
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
    }
}
