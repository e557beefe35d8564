//! The wait for a worker's reply: reading the reply pipe in slices, discarding the lines that
//! answer another call, and between slices the checks that end a call early (a stop, the wall
//! deadline moved on only by a starved machine, the memory limit, the CPU kill point, a flood
//! of lines).

use std::io::{self, Read};
use std::os::fd::AsFd;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use nix::poll::{poll, PollFd, PollFlags, PollTimeout};

use crate::submission::execute::Failure;
use crate::submission::protocol::answers;
use crate::submission::verdict::Limit;

use super::live::Live;

/// The longest line a worker may write, newline excluded, in bytes: a reply is a few dozen,
/// a start-up's compile error a few KiB. A longer line ends the wait as a malformed reply, so a
/// worker cannot fill the judge's memory with one endless line.
pub(super) const MAX_LINE: usize = 1 << 20;

/// How many lines that answer no call (another call's id, or none) one wait discards before it
/// gives up: then the call is a malformed reply and the worker is killed. A harness writes one
/// line per request, so only a submission's own writes reach it.
pub(super) const MAX_DISCARDED: usize = 1000;

/// How a wait for a reply ended.
pub(super) enum Waited {
    /// A reply line, without its newline.
    Line(Vec<u8>),
    /// The worker closed its end of the reply pipe: it died.
    Died,
    /// A limit or a stop ended the wait; the worker still runs and must be killed.
    Killed(Failure),
}

/// What a call's core wait is measured from (see [`Live::core_wait_ms`]), in milliseconds.
#[derive(Clone, Copy, Debug)]
pub(super) struct WaitBase {
    /// The worker's threads' run-queue delay, added up.
    run_delay_ms: f64,
    /// The machine's busy CPU time, every core ([`machine_busy_ms`]).
    machine_busy_ms: f64,
    /// The worker's CPU time.
    cpu_ms: f64,
}

/// The CPU time every core of the machine has spent busy since boot (user, nice, system, irq,
/// softirq and steal of `/proc/stat`'s `cpu` line), in milliseconds; 0 where it cannot be read,
/// which counts no wait as the machine's.
fn machine_busy_ms() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/stat") else {
        return 0.0;
    };
    let Some(line) = stat.lines().find(|l| l.starts_with("cpu ")) else {
        return 0.0;
    };
    let ticks: Vec<f64> = line
        .split_whitespace()
        .skip(1)
        .filter_map(|t| t.parse().ok())
        .collect();
    // user nice system idle iowait irq softirq steal: all but idle and iowait.
    let busy: f64 = [0, 1, 2, 5, 6, 7]
        .iter()
        .filter_map(|&i| ticks.get(i))
        .sum();
    let hz = nix::unistd::sysconf(nix::unistd::SysconfVar::CLK_TCK)
        .ok()
        .flatten()
        .unwrap_or(100) as f64;
    busy * 1e3 / hz
}

impl Live {
    /// Whether a call past its wall `deadline` only got there because the machine was busy:
    /// the time its threads waited for a core since the call began moves the deadline on, up
    /// to twice the wall limit. A sleeping or blocked solution waits for no core, so it still
    /// meets the plain wall limit; a looping one meets the CPU limit.
    pub(super) fn starved_past(&mut self, deadline: Instant, wall_limit_ms: u64) -> bool {
        let waited = self.core_wait_ms(wall_limit_ms);
        Instant::now() < deadline + Duration::from_secs_f64(waited / 1e3)
    }

    /// The time the worker waited for a core since the current call began because other
    /// programs held the cores, in milliseconds, up to twice the wall limit: not charged
    /// against the wall limit. Its threads' run-queue delay counts only up to the CPU time the
    /// rest of the machine used meanwhile: threads of one submission that queue behind each
    /// other (pinned to one core, say) on a quiet machine waited for nobody but themselves.
    fn core_wait_ms(&mut self, wall_limit_ms: u64) -> f64 {
        let Some(base) = self.delay_base else {
            return 0.0;
        };
        let waited = self.run_delay_ms() - base.run_delay_ms;
        let others = (machine_busy_ms() - base.machine_busy_ms) - (self.cpu_ms() - base.cpu_ms);
        waited.min(others).clamp(0.0, 2.0 * wall_limit_ms as f64)
    }

    /// [`Live::core_wait_ms`] for a call that took more than half the wall limit, else 0: the
    /// wait matters only to a call near the limit, and reading it costs a `/proc` walk.
    pub(super) fn core_wait_near_limit(&mut self, wall_ms: f64, wall_limit_ms: u64) -> f64 {
        if wall_ms * 2.0 > wall_limit_ms as f64 {
            self.core_wait_ms(wall_limit_ms)
        } else {
            0.0
        }
    }

    /// Waits for one reply line until `deadline` (wall; `wall_limit_ms` names it) and, with
    /// `cpu` = (CPU at the start, kill point, limit) in milliseconds, until the worker's CPU
    /// time passes the kill point. Checks `stop` at least every 100 ms. With `want`, the line
    /// must answer call `want`: lines of the protocol with another id or none are discarded
    /// (at most [`MAX_DISCARDED`]); a line that is not of the protocol is returned, to be read
    /// as a malformed reply. Without it (the first line), any line is returned.
    pub(super) fn wait_line(
        &mut self,
        deadline: Instant,
        wall_limit_ms: u64,
        cpu: Option<(f64, f64, u64)>,
        stop: Option<&'static AtomicBool>,
        want: Option<u64>,
    ) -> Waited {
        // The first wait needs no reading: the call has just begun. Most calls reply in it.
        let mut first = true;
        let mut discarded = 0;
        loop {
            if let Some(waited) = self.next_line(want, &mut discarded) {
                return waited;
            }
            if stop.is_some_and(|s| s.load(Ordering::SeqCst)) {
                return Waited::Killed(Failure::Stopped("interrupted".into()));
            }
            let now = Instant::now();
            if now >= deadline && !self.starved_past(deadline, wall_limit_ms) {
                return Waited::Killed(self.past_wall(wall_limit_ms, cpu));
            }
            // Past a deadline that starvation moved on, the wait goes on in short slices.
            let mut slice = deadline
                .saturating_duration_since(now)
                .clamp(Duration::from_millis(20), Duration::from_millis(100));
            if !first && self.delay_base.is_none() {
                self.delay_base = Some(WaitBase {
                    run_delay_ms: self.run_delay_ms(),
                    machine_busy_ms: machine_busy_ms(),
                    cpu_ms: self.cpu_ms(),
                });
            }
            if !first && self.over_memory() {
                return Waited::Killed(Failure::MemoryLimit(format!(
                    "memory {} MiB",
                    self.memory_mib
                )));
            }
            if let Some(budget) = cpu {
                match self.cpu_left(budget, first) {
                    Ok(left) => slice = slice.min(left),
                    Err(tle) => return Waited::Killed(tle),
                }
            }
            first = false;
            if self.address_space_counts {
                self.tree.address_space_peak_kib();
            }
            if !self.receive(slice) {
                return Waited::Died;
            }
        }
    }

    /// The first waiting line that answers call `want` (any line without it), discarding the
    /// others it reads and counting them in `discarded`; a malformed reply once a line grows
    /// past [`MAX_LINE`] or more than [`MAX_DISCARDED`] were discarded; `None` when no line
    /// is waiting yet.
    fn next_line(&mut self, want: Option<u64>, discarded: &mut usize) -> Option<Waited> {
        while let Some(line) = self.take_line() {
            match want {
                Some(id) if answers(&line, id) == Some(false) => *discarded += 1,
                _ => return Some(Waited::Line(line)),
            }
            if *discarded > MAX_DISCARDED {
                return Some(Waited::Killed(Failure::Crash(format!(
                    "malformed reply: more than {MAX_DISCARDED} lines that answer no call"
                ))));
            }
        }
        (self.pending.len() > MAX_LINE).then(|| {
            Waited::Killed(Failure::Crash(format!(
                "malformed reply: a line longer than {MAX_LINE} bytes"
            )))
        })
    }

    /// The first whole line the worker wrote, without its newline, if one is waiting.
    fn take_line(&mut self) -> Option<Vec<u8>> {
        let i = self.pending.iter().position(|&b| b == b'\n')?;
        let rest = self.pending.split_off(i + 1);
        let mut line = std::mem::replace(&mut self.pending, rest);
        line.pop();
        Some(line)
    }

    /// The limit a call past its wall deadline broke: on a starved machine the wall limit can
    /// come first for a call that had already used more CPU time than allowed, and that call
    /// broke the CPU limit.
    fn past_wall(&mut self, wall_limit_ms: u64, cpu: Option<(f64, f64, u64)>) -> Failure {
        if let Some((base, _, limit)) = cpu {
            if self.cpu_ms() - base > limit as f64 {
                return Failure::TimeLimit(Limit::Cpu(limit));
            }
        }
        Failure::TimeLimit(Limit::Wall(wall_limit_ms))
    }

    /// Whether the worker is over its memory limit now, past the first wait of a call.
    /// Processes of its own can each stay under `RLIMIT_AS`: the tree's sum may not. One
    /// process meets `RLIMIT_AS` alone, which does not depend on when it is looked at (a
    /// garbage-collected heap's resident size does), unless its runtime has a reserve and no
    /// hard heap cap. And the kernel may have killed one of its processes at the memory
    /// cgroup's limit (a child, say, while the first process goes on).
    fn over_memory(&mut self) -> bool {
        self.oom_kills() > self.oom_base
            || (self.resident_limit || !self.tree.is_one_process())
                && self.tree.memory_kib() / 1024 > self.memory_mib
    }

    /// How long the next wait may last before the CPU time is looked at again, with `cpu` =
    /// (CPU at the start, kill point, limit) in milliseconds; a TLE once the CPU time used
    /// (none yet at the `first` wait) reached the kill point.
    fn cpu_left(
        &mut self,
        (base, kill_at, limit): (f64, f64, u64),
        first: bool,
    ) -> Result<Duration, Failure> {
        let used = if first { 0.0 } else { self.cpu_ms() - base };
        if used >= kill_at {
            return Err(Failure::TimeLimit(Limit::Cpu(limit)));
        }
        // CPU time cannot run faster than wall time times the cores; half the CPU budget left
        // is a safe wait on two cores.
        Ok(Duration::from_secs_f64(
            ((kill_at - used) / 2.0).max(2.0) / 1e3,
        ))
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
}
