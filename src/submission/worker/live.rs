//! A running worker process: how it is started (pipes, limits, the sandbox, its cgroups),
//! what the judge reads of it (CPU time, memory, its stdout and stderr), how it is killed and
//! reaped, and why it died.

use std::io::{self, Read};
use std::os::fd::{AsFd, AsRawFd, RawFd};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

use nix::poll::{poll, PollFd, PollFlags, PollTimeout};
use nix::sys::signal::{killpg, Signal};
use nix::unistd::Pid;

use crate::submission::execute::Failure;
use crate::submission::protocol::REPLY_FD;
use crate::submission::sandbox;
use crate::submission::tree::Tree;

use super::death::{classify_death, memory_seen, stated_request_kib};
use super::launch::Launch;

/// Bytes of the end of a worker's stdout and stderr kept to explain its death.
const TAIL_BYTES: usize = 16 * 1024;

/// Bytes of the start of a worker's stdout and stderr kept too: Go prints `fatal error: runtime:
/// out of memory` first, then goroutine dumps longer than [`TAIL_BYTES`].
const HEAD_BYTES: usize = 4 * 1024;

/// A running worker.
pub(super) struct Live {
    pub(super) child: Child,
    pub(super) pid: Pid,
    /// Every process of the worker: time and memory are all of theirs, and what a case starts
    /// is killed when it ends.
    pub(super) tree: Tree,
    /// The memory limit of the whole tree, in MiB.
    pub(super) memory_mib: u64,
    /// [`super::Launch::resident_limit`].
    pub(super) resident_limit: bool,
    /// Whether the address space is evidence of memory use: for a launch with no reserve,
    /// whose `RLIMIT_AS` is the memory limit (a runtime that reserves far ahead is not).
    pub(super) address_space_counts: bool,
    /// [`Live::cpu_ms`] when the worker was ready or last replied, then when the next call
    /// began: the base of that call's CPU time.
    pub(super) cpu_mark: f64,
    /// The CPU time of the worker and its reaped children, from `wait4` once it is reaped.
    pub(super) reaped_cpu_ms: f64,
    /// The peak resident set the kernel reported for it when it was reaped (`ru_maxrss`: the
    /// largest of it and the children it reaped), in KiB.
    pub(super) reaped_peak_kib: Option<u64>,
    /// The worker's memory cgroup, where the judge could make one: it caps and counts memory
    /// no process maps (a `memfd` written and never mapped), and counts the kernel's kills at
    /// the limit.
    pub(super) memory: Option<sandbox::MemoryCgroup>,
    /// [`Live::oom_kills`] when the current call began.
    pub(super) oom_base: u64,
    pub(super) stdin: ChildStdin,
    pub(super) replies: std::io::PipeReader,
    pub(super) pending: Vec<u8>,
    /// The worker's run-queue delay, the machine's busy time and the worker's CPU time early in
    /// the current call, read at its first poll timeout (a call that replies before it needs
    /// none): the base of its core wait.
    pub(super) delay_base: Option<super::wait::WaitBase>,
    pub(super) tail: Arc<Mutex<Vec<u8>>>,
    pub(super) tail_done: mpsc::Receiver<()>,
}

/// Starts `launch` with the reply pipe on fd 3, stdout and stderr on a diagnostics pipe, its
/// own process group (so a terminal's Ctrl-C reaches only the judge), `RLIMIT_AS` of
/// `memory_mib`, no core dumps, and death with the judge; in the sandbox when it is on, with
/// `expose` shown read-only.
pub(super) fn spawn(
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
pub(super) fn keep_head_and_tail(kept: &mut Vec<u8>, more: &[u8]) {
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
    pub(super) fn cpu_ms(&mut self) -> f64 {
        self.tree.cpu_ms()
    }

    /// The worker's resident memory now, every process, in mebibytes.
    pub(super) fn resident_mib(&mut self) -> u64 {
        self.tree.memory_kib() / 1024
    }

    /// The time the worker's threads have waited for a core, in milliseconds.
    pub(super) fn run_delay_ms(&mut self) -> f64 {
        self.tree.run_delay_ms()
    }

    /// After a reply: whether the worker stays for the next call. It answered, so it stays (an
    /// exception or a panic was caught inside it), and every process the case started is
    /// killed, unless it still holds half of `memory_mib`: a runtime that keeps its heap (Go,
    /// the JVM) would charge this case's memory to the next one, as a false MLE. Then it is
    /// killed, and the caller drops it.
    pub(super) fn settle(&mut self, memory_mib: u64, cpu_now: f64) -> bool {
        if self.resident_mib() * 2 > memory_mib {
            self.kill();
            return false;
        }
        self.tree.kill_started();
        self.cpu_mark = cpu_now;
        true
    }

    /// Whether the worker has written more than it was asked for: a line is waiting before
    /// the next request is sent.
    pub(super) fn unasked_reply(&self) -> bool {
        let mut fds = [PollFd::new(self.replies.as_fd(), PollFlags::POLLIN)];
        !self.pending.is_empty() || poll(&mut fds, PollTimeout::ZERO).is_ok_and(|n| n > 0)
    }

    /// Kills the worker's process group and every other process of its tree (one that left
    /// the group), and reaps the worker.
    pub(super) fn kill(&mut self) {
        self.tree.kill_all();
        let _ = killpg(self.pid, Signal::SIGKILL);
        let _ = self.child.wait();
    }

    /// The worker closed its replies: reaps it (killing it after a second if it lingers) and
    /// says why it died, from its exit status and the end of its stderr.
    pub(super) fn death(
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
    pub(super) fn address_space_seen_kib(&mut self) -> Option<u64> {
        self.address_space_counts
            .then(|| self.tree.address_space_peak_kib())
    }

    /// How many of the worker's processes the kernel killed at its memory cgroup's limit.
    pub(super) fn oom_kills(&self) -> u64 {
        self.memory.as_ref().map_or(0, |m| m.oom_kills())
    }

    /// The most its memory cgroup held during the call, in KiB.
    pub(super) fn cgroup_peak_kib(&self) -> Option<u64> {
        self.memory.as_ref().and_then(|m| m.peak_kib())
    }

    /// Reaps the worker (killing it after a second if it lingers), and keeps the CPU time and
    /// the peak memory the kernel reports for it and every child it reaped.
    pub(super) fn reap(&mut self) -> ExitStatus {
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
#[cfg(test)]
mod tests {
    use super::*;

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
}
