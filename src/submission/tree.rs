//! A worker's processes, as the kernel sees them. Time, memory and the run-queue delay are
//! summed over all of them, so a submission cannot hide work in a thread or a child, and what
//! a case started is killed when the case ends.
//!
//! Under the sandbox the worker is a chain: the outer `sandbox-init` (the judge's child), the
//! init of the worker's PID namespace, and the submission's first process (PID 2 there). Every
//! other process the submission starts lives in that namespace, and orphans are adopted by its
//! init, so the namespace's own `/proc` (seen by the judge as `/proc/INIT/root/proc`) lists
//! them all, and only them: a few entries to read, not the whole machine's. Without the
//! sandbox only the worker process is known (its threads, and the children it reaped).

use std::fs::File;
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use nix::time::{clock_getcpuclockid, clock_gettime};
use nix::unistd::Pid;

use crate::submission::sandbox::CpuCgroup;

/// A worker's processes. The common case, a submission that starts no process, costs a few
/// microseconds per reading: its first process's CPU clock, and files kept open.
#[derive(Debug)]
pub struct Tree {
    /// The judge's child: the worker itself, or the sandbox's outer.
    root: Pid,
    /// The submission's first process: the root, or PID 2 of the sandbox.
    first: Pid,
    /// Its `/proc/PID` files, kept open.
    first_files: FirstFiles,
    /// Under the sandbox, once found: its init and its PID namespace.
    sandboxed: Option<Namespace>,
    /// The worker's own cgroup, where the judge could make one: its CPU total also counts
    /// the processes `/proc` never showed.
    cgroup: Option<CpuCgroup>,
    /// The largest the other processes' memory was seen at since [`Tree::reset_peak`], in KiB.
    others_peak_kib: u64,
    /// The largest address space the first process was seen at since [`Tree::reset_peak`], in
    /// KiB (`statm`'s size, read at each poll).
    address_space_peak_kib: u64,
}

/// The `/proc/PID` files of the submission's first process, kept open: `stat` and `statm`
/// are read on every poll, `status` (its `VmHWM`) and `clear_refs` once per call.
#[derive(Debug)]
struct FirstFiles {
    stat: Option<File>,
    statm: Option<File>,
    status: Option<File>,
    clear_refs: Option<File>,
}

impl FirstFiles {
    fn open(pid: Pid) -> FirstFiles {
        let dir = proc_dir(pid);
        FirstFiles {
            stat: File::open(dir.join("stat")).ok(),
            statm: File::open(dir.join("statm")).ok(),
            status: File::open(dir.join("status")).ok(),
            clear_refs: std::fs::OpenOptions::new()
                .write(true)
                .open(dir.join("clear_refs"))
                .ok(),
        }
    }
}

/// The sandbox's init, by its PID on the machine, and what its PID namespace holds.
#[derive(Debug)]
struct Namespace {
    init: Pid,
    /// The namespace's `/proc`, as the judge sees it.
    proc: PathBuf,
    /// Its `sys/kernel/ns_last_pid`, kept open: the last PID the namespace handed out.
    last_pid: Option<File>,
    /// `ns_last_pid` when the worker said it was ready.
    last_pid_at_ready: u64,
    /// Processes besides init and the first that were there at ready (by PID in the
    /// namespace): the runtime's own, never killed between cases.
    at_ready: Vec<u32>,
    /// CPU time of the children init and the first had reaped at ready, in milliseconds.
    reaped_ms_at_ready: f64,
}

impl Tree {
    /// The worker whose first process is `root` (in `cgroup`, when it has one).
    pub fn new(root: Pid, cgroup: Option<CpuCgroup>) -> Tree {
        Tree {
            cgroup,
            root,
            first: root,
            first_files: FirstFiles::open(root),
            sandboxed: None,
            others_peak_kib: 0,
            address_space_peak_kib: 0,
        }
    }

    /// Finds the sandbox's init and the submission's first process (one scan of `/proc`, once
    /// per worker), and takes the namespace as it is now as the worker's own. False when they
    /// are not there (the worker died).
    pub fn find_sandbox(&mut self) -> bool {
        let parents = parents();
        let child_of = |p: Pid| parents.iter().find(|(_, pp)| *pp == p).map(|(c, _)| *c);
        let Some(init) = child_of(self.root) else {
            return false;
        };
        let Some(first) = child_of(init) else {
            return false;
        };
        let proc = PathBuf::from(format!("/proc/{init}/root/proc"));
        let mut last_pid = File::open(proc.join("sys/kernel/ns_last_pid")).ok();
        let mut ns = Namespace {
            init,
            last_pid_at_ready: last_pid.as_mut().map_or(0, read_number),
            last_pid,
            at_ready: Vec::new(),
            reaped_ms_at_ready: 0.0,
            proc,
        };
        ns.at_ready = ns.pids();
        ns.reaped_ms_at_ready = stat_ms(&proc_dir(init), StatTimes::Children)
            + stat_ms(&proc_dir(first), StatTimes::Children);
        self.first = first;
        self.first_files = FirstFiles::open(first);
        self.sandboxed = Some(ns);
        true
    }

    /// Under the sandbox, whether any process but init and the first has been in the namespace
    /// since the worker was ready: only then are the others looked for.
    fn others_ever(&mut self) -> bool {
        match &mut self.sandboxed {
            Some(ns) => {
                !ns.at_ready.is_empty()
                    || ns
                        .last_pid
                        .as_mut()
                        .is_none_or(|f| read_number(f) != ns.last_pid_at_ready)
            }
            None => false,
        }
    }

    /// Whether the worker is one process (its threads aside): nothing but init and the first
    /// has been in its namespace since it was ready, or it runs without the sandbox.
    pub fn is_one_process(&mut self) -> bool {
        !self.others_ever()
    }

    /// The namespace's `/proc` entries of every process but init and the first.
    fn others(&self) -> Vec<PathBuf> {
        let Some(ns) = &self.sandboxed else {
            return Vec::new();
        };
        ns.pids()
            .into_iter()
            .map(|p| ns.proc.join(p.to_string()))
            .collect()
    }

    /// CPU time of the worker so far, in milliseconds: the first process's clock (every
    /// thread, exited ones too), the time of the children it and init reaped, and every other
    /// process's time.
    pub fn cpu_ms(&mut self) -> f64 {
        let seen = self.seen_cpu_ms();
        match self.cgroup.as_ref().and_then(CpuCgroup::cpu_ms) {
            Some(all) => seen.max(all),
            None => seen,
        }
    }

    /// [`Tree::cpu_ms`] as `/proc` shows it.
    fn seen_cpu_ms(&mut self) -> f64 {
        let first = process_cpu_ms(self.first);
        if self.sandboxed.is_none() {
            return first
                + self
                    .first_files
                    .stat
                    .as_mut()
                    .map_or(0.0, |f| stat_file_ms(f, StatTimes::Children));
        }
        if !self.others_ever() {
            return first
                + self
                    .sandboxed
                    .as_ref()
                    .map_or(0.0, |n| n.reaped_ms_at_ready);
        }
        let init = self.sandboxed.as_ref().map(|n| n.init);
        let reaped = self
            .first_files
            .stat
            .as_mut()
            .map_or(0.0, |f| stat_file_ms(f, StatTimes::Children))
            + init.map_or(0.0, |i| stat_ms(&proc_dir(i), StatTimes::Children));
        let others: f64 = self
            .others()
            .iter()
            .map(|d| stat_ms(d, StatTimes::All))
            .sum();
        first + reaped + others
    }

    /// Memory of the worker now, in KiB: the first process's resident set, and the
    /// proportional set (`Pss`: shared pages split between their users) of every other, so a
    /// fork bomb's shared pages are not counted once per child.
    pub fn memory_kib(&mut self) -> u64 {
        let first = self.first_files.statm.as_mut().map_or(0, |f| {
            let text = reread(f).unwrap_or_default();
            let pages: u64 = text
                .split_whitespace()
                .nth(1)
                .and_then(|v| v.parse().ok())
                .unwrap_or(0);
            pages * page_kib()
        });
        if !self.others_ever() {
            return first;
        }
        let others = self
            .others()
            .iter()
            .filter_map(|d| rollup_pss_kib(d))
            .sum::<u64>();
        self.others_peak_kib = self.others_peak_kib.max(others);
        first + others
    }

    /// Starts a new peak for [`Tree::peak_kib`]: the kernel's high-water mark of the first
    /// process's resident set is set back to what it holds now (`clear_refs` 5, Linux 4.0).
    pub fn reset_peak(&mut self) {
        if let Some(f) = &mut self.first_files.clear_refs {
            let _ = f.write_all(b"5");
        }
        self.others_peak_kib = 0;
        self.address_space_peak_kib = 0;
    }

    /// The peak resident memory of the worker since [`Tree::reset_peak`], in KiB: the first
    /// process's high-water mark as the kernel keeps it (`VmHWM`: every thread, between polls
    /// too), plus the largest the other processes were seen at by [`Tree::memory_kib`] (a
    /// child that lived between two polls is not seen). `None` when the kernel did not say.
    pub fn peak_kib(&mut self) -> Option<u64> {
        let text = reread(self.first_files.status.as_mut()?)?;
        let line = text.lines().find(|l| l.starts_with("VmHWM:"))?;
        let first: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(first + self.others_peak_kib)
    }

    /// The largest address space of the first process seen since [`Tree::reset_peak`],
    /// looking once more now, in KiB: how near a submission came to `RLIMIT_AS`.
    pub fn address_space_peak_kib(&mut self) -> u64 {
        let now = self.first_files.statm.as_mut().map_or(0, |f| {
            let text = reread(f).unwrap_or_default();
            let pages: u64 = text
                .split_whitespace()
                .next()
                .and_then(|v| v.parse().ok())
                .unwrap_or(0);
            pages * page_kib()
        });
        self.address_space_peak_kib = self.address_space_peak_kib.max(now);
        self.address_space_peak_kib
    }

    /// The time the worker's threads have waited for a core, added up, in milliseconds (the
    /// run-queue delay of `/proc/PID/task/*/schedstat`; 0 where the kernel does not say). A
    /// solution's work can move between threads (Go's scheduler does), so no one thread's
    /// delay is enough.
    pub fn run_delay_ms(&mut self) -> f64 {
        let first = run_delay_ms(&proc_dir(self.first));
        if !self.others_ever() {
            return first;
        }
        first + self.others().iter().map(|d| run_delay_ms(d)).sum::<f64>()
    }

    /// Kills every process the submission started since it was ready. Returns how many.
    pub fn kill_started(&mut self) -> usize {
        if !self.others_ever() {
            return 0;
        }
        let Some(ns) = &self.sandboxed else {
            return 0;
        };
        let started: Vec<PathBuf> = ns
            .pids()
            .into_iter()
            .filter(|p| !ns.at_ready.contains(p))
            .map(|p| ns.proc.join(p.to_string()))
            .collect();
        for d in &started {
            kill_by_dir(d);
        }
        started.len()
    }

    /// Kills every process of the worker. Killing the sandbox's init ends its namespace, and
    /// the kernel kills everything in it; this waits (up to a second) until init is gone,
    /// which is after every process of the namespace is, so nothing outlives the call.
    pub fn kill_all(&mut self) {
        for d in self.others() {
            kill_by_dir(&d);
        }
        let init = self.sandboxed.as_ref().and_then(|n| pidfd(n.init));
        let mut own = vec![self.root, self.first];
        own.extend(self.sandboxed.as_ref().map(|n| n.init));
        for p in own {
            let _ = nix::sys::signal::kill(p, nix::sys::signal::Signal::SIGKILL);
        }
        if let Some(init) = init {
            wait_gone(&init);
        }
    }
}

impl Namespace {
    /// Every process of the namespace but init and the first, by PID there.
    fn pids(&self) -> Vec<u32> {
        let Ok(dir) = std::fs::read_dir(&self.proc) else {
            return Vec::new();
        };
        dir.flatten()
            .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
            .filter(|&p| p > 2)
            .collect()
    }
}

/// An open `/proc` file's text, read again from its start; `None` when it cannot be read (the
/// process is gone).
fn reread(f: &mut File) -> Option<String> {
    let mut text = String::new();
    f.seek(SeekFrom::Start(0)).ok()?;
    f.read_to_string(&mut text).ok()?;
    Some(text)
}

/// The number an open `/proc` file holds, read again from its start.
fn read_number(f: &mut File) -> u64 {
    reread(f)
        .and_then(|t| t.trim().parse().ok())
        .unwrap_or(u64::MAX)
}

fn page_kib() -> u64 {
    // SAFETY: sysconf only reads a constant of the system.
    let p = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    if p > 0 {
        p as u64 / 1024
    } else {
        4
    }
}

fn proc_dir(pid: Pid) -> PathBuf {
    PathBuf::from(format!("/proc/{pid}"))
}

/// Every process on the machine and its parent (one scan of `/proc`).
fn parents() -> Vec<(Pid, Pid)> {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    dir.flatten()
        .filter_map(|e| {
            let pid = e.file_name().to_str()?.parse::<i32>().ok()?;
            let stat = std::fs::read_to_string(e.path().join("stat")).ok()?;
            let ppid = stat_fields(&stat).get(1)?.parse::<i32>().ok()?;
            Some((Pid::from_raw(pid), Pid::from_raw(ppid)))
        })
        .collect()
}

/// The fields of a `/proc/PID/stat` line after the command name (which may hold spaces and
/// parentheses): index 0 is the state, 1 the parent, 11 `utime`.
fn stat_fields(stat: &str) -> Vec<&str> {
    stat.rfind(')')
        .map_or(Vec::new(), |i| stat[i + 1..].split_whitespace().collect())
}

/// Which times of `/proc/PID/stat` to add up.
#[derive(Clone, Copy)]
enum StatTimes {
    /// The reaped children's (`cutime`, `cstime`).
    Children,
    /// The process's own and its reaped children's.
    All,
}

/// Times of a process's `stat`, in milliseconds (they are counted in clock ticks).
fn stat_ms(dir: &Path, which: StatTimes) -> f64 {
    match std::fs::read_to_string(dir.join("stat")) {
        Ok(stat) => stat_text_ms(&stat, which),
        Err(_) => 0.0,
    }
}

/// [`stat_ms`] of a `stat` file kept open.
fn stat_file_ms(f: &mut File, which: StatTimes) -> f64 {
    match reread(f) {
        Some(text) => stat_text_ms(&text, which),
        None => 0.0,
    }
}

fn stat_text_ms(stat: &str, which: StatTimes) -> f64 {
    let fields = stat_fields(stat);
    let range = match which {
        StatTimes::Children => 13..15,
        StatTimes::All => 11..15,
    };
    let ticks: f64 = fields.get(range).map_or(0.0, |f| {
        f.iter().filter_map(|v| v.parse::<f64>().ok()).sum()
    });
    ticks * 1e3 / clock_ticks()
}

/// A process's CPU clock, in milliseconds (0 once it is gone).
fn process_cpu_ms(pid: Pid) -> f64 {
    clock_getcpuclockid(pid)
        .and_then(clock_gettime)
        .map_or(0.0, |t| t.tv_sec() as f64 * 1e3 + t.tv_nsec() as f64 / 1e6)
}

fn clock_ticks() -> f64 {
    // SAFETY: sysconf only reads a constant of the system.
    let t = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    if t > 0 {
        t as f64
    } else {
        100.0
    }
}

/// `Pss:` of `smaps_rollup`, in KiB.
fn rollup_pss_kib(dir: &Path) -> Option<u64> {
    let s = std::fs::read_to_string(dir.join("smaps_rollup")).ok()?;
    let line = s.lines().find(|l| l.starts_with("Pss:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The run-queue delay of every thread of a process, in milliseconds.
fn run_delay_ms(dir: &Path) -> f64 {
    let Ok(tasks) = std::fs::read_dir(dir.join("task")) else {
        return 0.0;
    };
    tasks
        .flatten()
        .filter_map(|t| std::fs::read_to_string(t.path().join("schedstat")).ok())
        .filter_map(|s| s.split_whitespace().nth(1)?.parse::<f64>().ok())
        .fold(0.0, |a, b| a + b)
        / 1e6
}

/// SIGKILL to the process whose `/proc` directory is `dir`: an open `/proc/PID` directory is a
/// pidfd, so this works with a PID of another namespace, and never hits a process that reused
/// the number.
fn kill_by_dir(dir: &Path) {
    use std::os::fd::AsRawFd;
    if let Ok(d) = std::fs::File::open(dir) {
        // SAFETY: plain system call on a descriptor this process owns.
        unsafe {
            libc::syscall(
                libc::SYS_pidfd_send_signal,
                d.as_raw_fd(),
                libc::SIGKILL,
                std::ptr::null::<libc::siginfo_t>(),
                0,
            );
        }
    }
}

/// A pidfd of `pid` (`pidfd_open(2)`).
fn pidfd(pid: Pid) -> Option<std::os::fd::OwnedFd> {
    use std::os::fd::FromRawFd;
    // SAFETY: plain system call; the descriptor it returns is this process's to own.
    let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid.as_raw(), 0) };
    // SAFETY: a fresh descriptor, owned by nothing else.
    (fd >= 0).then(|| unsafe { std::os::fd::OwnedFd::from_raw_fd(fd as i32) })
}

/// Waits up to a second for the process of `pidfd` to end: a pidfd polls readable once the
/// process has exited.
fn wait_gone(pidfd: &std::os::fd::OwnedFd) {
    use std::os::fd::AsFd;
    let mut fds = [nix::poll::PollFd::new(
        pidfd.as_fd(),
        nix::poll::PollFlags::POLLIN,
    )];
    let _ = nix::poll::poll(&mut fds, nix::poll::PollTimeout::from(1000u16));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stat_fields_are_counted_after_the_name() {
        let line = "42 (a (b) c) S 7 42 42 0 -1 4194560 100 0 0 0 250 50 30 20 20 0 1";
        let f = stat_fields(line);
        assert_eq!(f[0], "S");
        assert_eq!(f[1], "7");
        assert_eq!(&f[11..15], ["250", "50", "30", "20"]);
    }

    #[test]
    fn a_plain_worker_is_its_own_process() {
        let me = Pid::this();
        let mut tree = Tree::new(me, None);
        assert!(!tree.others_ever());
        assert!(tree.others().is_empty());
        assert_eq!(tree.kill_started(), 0);
        assert!(tree.cpu_ms() > 0.0);
        assert!(tree.memory_kib() > 0);
    }
}
