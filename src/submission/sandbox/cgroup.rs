//! Cgroups of a worker's or a build's own, made where the judge may (root, a hierarchy
//! mounted): the kernel counts in them what no `/proc` reading can, whatever the processes did
//! or hid. Each is removed when dropped.

use std::fs;
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A fresh name for a cgroup of this judge's: `zuma-judge-{what}-{pid}-{n}`.
fn fresh_name(what: &str) -> String {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    format!("zuma-judge-{what}-{}-{n}", std::process::id())
}

/// The first `(root, v1)` of `roots` whose probe file exists, with a new folder made under it
/// (the first time, after the cgroups left by judges that are gone are removed).
fn make_under(roots: &[(&str, bool, &str)], name: &str) -> Option<(PathBuf, bool)> {
    roots
        .iter()
        .filter(|(root, _, probe)| Path::new(root).join(probe).exists())
        .find_map(|(root, v1, _)| {
            remove_orphans(Path::new(root));
            let dir = Path::new(root).join(name);
            fs::create_dir(&dir).ok()?;
            Some((dir, *v1))
        })
}

/// Removes, once per root and process, the empty cgroups of judges that are gone (killed
/// before they could remove their own): `zuma-judge-{what}-{pid}-{n}` whose `pid` is dead.
fn remove_orphans(root: &Path) {
    static DONE: std::sync::Mutex<Vec<PathBuf>> = std::sync::Mutex::new(Vec::new());
    let mut done = DONE.lock().unwrap_or_else(|e| e.into_inner());
    if done.iter().any(|r| r == root) {
        return;
    }
    done.push(root.to_path_buf());
    let Ok(entries) = fs::read_dir(root) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().to_string();
        let pid = name
            .strip_prefix("zuma-judge-")
            .and_then(|rest| rest.split('-').nth(1))
            .and_then(|pid| pid.parse::<i32>().ok());
        let gone = pid
            .is_some_and(|p| nix::sys::signal::kill(nix::unistd::Pid::from_raw(p), None).is_err());
        if gone {
            let _ = fs::remove_dir(entry.path());
        }
    }
}

/// The number after `key` on the line of `text` that starts with it (`oom_kill 3`).
fn keyed(text: &str, key: &str) -> Option<u64> {
    let line = text
        .lines()
        .find(|l| l.split_whitespace().next() == Some(key))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// A cgroup that counts CPU time: the kernel counts in it the CPU time of every task that ever
/// ran there, even a child it reaped itself (its parent ignored SIGCHLD), whose time no parent
/// is charged and `/proc` no longer shows.
#[derive(Debug)]
pub struct CpuCgroup {
    pub dir: PathBuf,
    /// The file with the total and its unit: `cpuacct.usage` (ns, cgroup v1) or `cpu.stat`'s
    /// `usage_usec` (cgroup v2).
    v1: bool,
}

impl CpuCgroup {
    /// A new, empty cgroup, or `None` where none can be made.
    pub fn new() -> Option<CpuCgroup> {
        let roots = [
            ("/sys/fs/cgroup/cpuacct", true, "cpuacct.usage"),
            ("/sys/fs/cgroup", false, "cgroup.controllers"),
        ];
        let (dir, v1) = make_under(&roots, &fresh_name("cpu"))?;
        Some(CpuCgroup { dir, v1 })
    }

    /// CPU time of every task that ever ran in it, in milliseconds.
    pub fn cpu_ms(&self) -> Option<f64> {
        if self.v1 {
            let text = fs::read_to_string(self.dir.join("cpuacct.usage")).ok()?;
            Some(text.trim().parse::<f64>().ok()? / 1e6)
        } else {
            let text = fs::read_to_string(self.dir.join("cpu.stat")).ok()?;
            Some(keyed(&text, "usage_usec")? as f64 / 1e3)
        }
    }
}

impl Drop for CpuCgroup {
    fn drop(&mut self) {
        let _ = fs::remove_dir(&self.dir);
    }
}

/// A cgroup that caps and counts memory where it lives: anonymous memory, and also what no
/// process maps (a `memfd` or `tmpfs` file that was written and never mapped, page cache). At
/// its limit the kernel first reclaims what it can (page cache), then kills a process of the
/// cgroup (an OOM kill), which it counts: that count is how the judge knows a memory limit was
/// hit, whatever the submission printed.
#[derive(Debug)]
pub struct MemoryCgroup {
    pub dir: PathBuf,
    /// cgroup v1 (`memory.limit_in_bytes`, ...) or v2 (`memory.max`, ...).
    v1: bool,
}

/// Where a memory cgroup can be made: v1's `memory` hierarchy, or v2's unified one when its
/// root hands the memory controller down.
const MEMORY_ROOTS: [(&str, bool, &str); 2] = [
    ("/sys/fs/cgroup/memory", true, "memory.limit_in_bytes"),
    ("/sys/fs/cgroup", false, "memory.stat"),
];

impl MemoryCgroup {
    /// A new, empty cgroup whose processes may hold `limit_mib` MiB in all (swap none), or
    /// `None` where none can be made.
    pub fn new(limit_mib: u64) -> Option<MemoryCgroup> {
        if !Path::new("/sys/fs/cgroup/memory").exists() {
            // v2: the controller must be on in the root's subtree.
            let on = fs::read_to_string("/sys/fs/cgroup/cgroup.subtree_control")
                .is_ok_and(|t| t.split_whitespace().any(|c| c == "memory"));
            if !on {
                let _ = control(
                    Path::new("/sys/fs/cgroup/cgroup.subtree_control"),
                    "+memory",
                );
            }
        }
        let (dir, v1) = make_under(&MEMORY_ROOTS, &fresh_name("mem"))?;
        let cgroup = MemoryCgroup { dir, v1 };
        let bytes = (limit_mib.saturating_mul(1024 * 1024)).to_string();
        let set = |file: &str, value: &str| control(&cgroup.dir.join(file), value).is_ok();
        let limited = if v1 {
            set("memory.limit_in_bytes", &bytes)
                && (!cgroup.dir.join("memory.memsw.limit_in_bytes").exists()
                    || set("memory.memsw.limit_in_bytes", &bytes))
        } else {
            set("memory.max", &bytes)
                && (!cgroup.dir.join("memory.swap.max").exists() || set("memory.swap.max", "0"))
        };
        limited.then_some(cgroup)
    }

    /// Which kind, for reports: `cgroup v1` or `cgroup v2`.
    pub fn kind(&self) -> &'static str {
        if self.v1 {
            "cgroup v1"
        } else {
            "cgroup v2"
        }
    }

    /// How many of its processes the kernel has killed at its limit.
    pub fn oom_kills(&self) -> u64 {
        let file = if self.v1 {
            "memory.oom_control"
        } else {
            "memory.events"
        };
        fs::read_to_string(self.dir.join(file))
            .ok()
            .and_then(|t| keyed(&t, "oom_kill"))
            .unwrap_or(0)
    }

    /// The most it held since it was made or [`MemoryCgroup::reset_peak`], in KiB.
    pub fn peak_kib(&self) -> Option<u64> {
        let file = if self.v1 {
            "memory.max_usage_in_bytes"
        } else {
            "memory.peak"
        };
        let text = fs::read_to_string(self.dir.join(file)).ok()?;
        Some(text.trim().parse::<u64>().ok()? / 1024)
    }

    /// Starts a new peak at what it holds now (v1; v2 kernels from 6.12 on).
    pub fn reset_peak(&self) {
        let (file, value) = if self.v1 {
            ("memory.max_usage_in_bytes", "0")
        } else {
            ("memory.peak", "reset")
        };
        let _ = control(&self.dir.join(file), value);
    }
}

/// Writes `value` to a cgroup control file. The kernel takes it in one `write`, and a control
/// file cannot be replaced by a rename (temp file + rename is for data files): it is opened as
/// it is, never created.
fn control(path: &Path, value: &str) -> io::Result<()> {
    fs::OpenOptions::new()
        .write(true)
        .open(path)?
        .write_all(value.as_bytes())
}

impl Drop for MemoryCgroup {
    fn drop(&mut self) {
        // Its last processes may take a moment to leave after a kill.
        for _ in 0..50 {
            if fs::remove_dir(&self.dir).is_ok() || !self.dir.exists() {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
    }
}

/// How memory is measured on this machine, for reports: a cgroup per worker and build when
/// one can be made here, else what `/proc` and the rlimits give.
pub fn memory_measure() -> String {
    match MemoryCgroup::new(64) {
        Some(c) => format!(
            "memory: a {} per worker and build (memfd, tmpfs and page cache counted; an OOM \
             kill there is MLE)",
            c.kind()
        ),
        None => format!(
            "memory: RLIMIT_AS and /proc (no memory cgroup here: memory in unmapped memfd files \
             is bounded only by RLIMIT_FSIZE {} MiB x RLIMIT_NOFILE {})",
            super::FSIZE_MIB,
            super::limits::NOFILE
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keyed_numbers_are_read_by_their_whole_key() {
        let v1 = "oom_kill_disable 0\nunder_oom 0\noom_kill 3\n";
        assert_eq!(keyed(v1, "oom_kill"), Some(3));
        assert_eq!(keyed(v1, "under_oom"), Some(0));
        assert_eq!(
            keyed("usage_usec 1500\nuser_usec 1000\n", "usage_usec"),
            Some(1500)
        );
        assert_eq!(keyed("low 0\nhigh 0\n", "oom_kill"), None);
    }
}
