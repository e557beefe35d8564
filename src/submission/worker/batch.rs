//! A batch: many calls on a running worker in one round trip. The requests go out in one write
//! of at most [`BATCH_BYTES`] (a pipe's atomic write, so it never blocks while the worker
//! blocks on its replies), and the replies are read as they come, each waited for by its id.
//!
//! The rule that keeps verdicts as strict as single calls: a call's CPU time is at most the
//! batch's CPU time and its memory peak at most the batch's peak. So when the batch's CPU time
//! (the kernel's, read once when its replies are in) stays under `limit / MARGIN`, the band where a
//! call would be rerun, and the worker's memory stays under half the limit (where the judge
//! starts to believe a claim of running out) with no process killed at the memory limit, no
//! call in it met a limit or could be rerun, and each answer is that call's verdict. A batch is
//! settled whole or not at all: when its CPU time passed that band, a reply was not an answer,
//! or the worker died, the worker is killed and the caller calls every input of the batch
//! singly, so limit verdicts and run-time errors always come from single calls.

use std::io::Write;
use std::time::{Duration, Instant};

use crate::submission::execute::{Outcome, MAX_BATCH};
use crate::submission::protocol::Reply;

use super::death::memory_seen;
use super::wait::Waited;
use super::{Worker, MARGIN};

/// The most bytes of requests one batch writes: `PIPE_BUF`, the size a pipe takes whole.
const BATCH_BYTES: usize = 4096;

impl Worker {
    /// Calls `inputs` in one round trip; their outcomes when the batch was settled (see the
    /// module docs), else none. Each gets an equal share of the batch's CPU time (the kernel's,
    /// read once at its end) and wall time, and the batch's memory peak: every one of them is
    /// far under the limits, so the split changes no verdict, only the times a report shows.
    pub(super) fn batch_calls(&mut self, inputs: &[(&str, &str)]) -> Vec<Outcome> {
        if inputs.is_empty() || inputs.len() > MAX_BATCH || self.ready().is_err() {
            return Vec::new();
        }
        let mut bytes = Vec::new();
        let ids: Vec<u64> = inputs
            .iter()
            .map(|(board, hand)| {
                let (line, id) = self.request(board, hand);
                bytes.extend_from_slice(&line);
                id
            })
            .collect();
        if bytes.len() > BATCH_BYTES {
            return Vec::new();
        }
        let settled = self.settle_batch(&bytes, &ids);
        if settled.len() < ids.len() {
            if let Some(mut live) = self.live.take() {
                live.kill();
            }
        }
        settled
    }

    /// Writes the batch and reads its replies: the settled outcomes. Leaves the worker for the
    /// caller to kill when not every call was settled.
    fn settle_batch(&mut self, bytes: &[u8], ids: &[u64]) -> Vec<Outcome> {
        let (limits, stop) = (self.settings.limits.clone(), self.settings.stop);
        let wall_limit = self.wall_ms();
        let live = self.live.as_mut().expect("ready");
        let start = Instant::now();
        let base = live.cpu_mark;
        let oom_before = live.begin_call();
        if live.stdin.write_all(bytes).is_err() {
            return Vec::new();
        }
        let deadline = start + Duration::from_millis(wall_limit);
        let budget = limits.cpu_ms as f64 / MARGIN;
        let cpu = Some((base, budget, limits.cpu_ms));
        let mut answers = Vec::with_capacity(ids.len());
        for &id in ids {
            let Waited::Line(line) = live.wait_line(deadline, wall_limit, cpu, stop, Some(id))
            else {
                break;
            };
            let Ok((_, Reply::Answer(answer))) = Reply::parse_with_id(&line) else {
                break;
            };
            let Ok(answer) = i32::try_from(answer) else {
                break;
            };
            answers.push(answer);
        }
        // A batch is settled whole or not at all, on one reading of the kernel at its end.
        let cpu_end = live.cpu_ms();
        if answers.len() < ids.len() || cpu_end - base >= budget {
            return Vec::new();
        }
        let share = answers.len() as f64;
        let (cpu_each, wall_each) = (
            (cpu_end - base).max(0.0) / share,
            start.elapsed().as_secs_f64() * 1e3 / share,
        );
        let settled: Vec<Outcome> = answers
            .into_iter()
            .map(|answer| Outcome {
                result: Ok(answer),
                wall_ms: wall_each,
                cpu_ms: cpu_each,
                memory_kib: None,
                repeats_ms: Vec::new(),
                core_wait_ms: 0.0,
            })
            .collect();
        let peak = live.tree.peak_kib();
        let seen = peak.max(live.address_space_seen_kib());
        if live.oom_kills() > oom_before || memory_seen(seen, limits.memory_mib) {
            return Vec::new();
        }
        if !live.settle(limits.memory_mib, cpu_end) {
            self.live = None;
        }
        settled.into_iter().map(|o| o.with_memory(peak)).collect()
    }
}
