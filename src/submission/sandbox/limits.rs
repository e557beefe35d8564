//! What the sandboxed process may use, set in it just before it runs: rlimits, its own user,
//! no privileges, only the protocol's descriptors, then Landlock ([`super::rules`]).

use std::fs;
use std::os::unix::ffi::OsStrExt;

use caps::errors::CapsError;
use landlock::RulesetError;
use nix::errno::Errno;
use nix::sys::resource::{setrlimit, Resource};
use nix::unistd::{setresgid, setresuid, Gid, Uid};

use super::{rules, BuildRules, Spec, FSIZE_MIB, NPROC};

/// Why the sandboxed process could not be locked down; the text is what `sandbox-init` says
/// after `sandbox: `. Each message holds the system's error.
#[derive(Debug, thiserror::Error)]
pub enum LockDownError {
    /// An rlimit could not be set; the text names it as `RLIMIT_NPROC`.
    #[error("{resource:?}: {errno}")]
    Limit {
        /// The limit.
        resource: Resource,
        /// The system's error.
        errno: Errno,
    },
    /// A call that gives up privileges failed: `setgroups`, `setresgid`, `setresuid` or
    /// `no_new_privs`.
    #[error("{call}: {errno}")]
    Privileges {
        /// The call.
        call: &'static str,
        /// The system's error.
        errno: Errno,
    },
    /// A capability set could not be cleared.
    #[error("dropping capabilities: {0}")]
    Capabilities(CapsError),
    /// Landlock's rules could not be made or enforced.
    #[error("Landlock: {0}")]
    Landlock(RulesetError),
}

/// Files a sandboxed process may hold open at once (`RLIMIT_NOFILE`).
pub const NOFILE: u64 = 1024;

/// Processes and threads all builds together may have at once (`RLIMIT_NPROC` counts a
/// user's, and every build of a root judge runs as [`BUILD_UID`]): a JVM compiler starts some
/// 30 threads, `go build` one per package and core.
pub const BUILD_NPROC: u64 = 1024;

/// The largest file a build may write, and the size of its `/tmp`, in MiB (a Kotlin jar with
/// its runtime is about 5 MiB).
pub const BUILD_FSIZE_MIB: u64 = 256;

/// The user every build of a root judge runs as: one user, so a cache that builds share (Go's)
/// stays theirs; builds never see one another, each in a view of its own.
pub const BUILD_UID: u32 = 199_999;

/// In the sandboxed process, before it runs: limits, its own user (a root judge's box user, or
/// root of its own user namespace without capabilities), `no_new_privs`, every descriptor
/// past the protocol's closed, and Landlock. Says what Landlock enforces.
pub fn lock_down(spec: &Spec, as_root: bool, box_uid: u32) -> Result<String, LockDownError> {
    match &spec.build {
        None => {
            limit(Resource::RLIMIT_NPROC, NPROC)?;
            limit(Resource::RLIMIT_FSIZE, FSIZE_MIB * 1024 * 1024)?;
        }
        Some(rules) => build_limits(rules)?,
    }
    limit(Resource::RLIMIT_NOFILE, NOFILE)?;
    limit(Resource::RLIMIT_CORE, 0)?;
    close_from(crate::submission::protocol::REPLY_FD + 1);
    if as_root {
        let uid = if spec.build.is_some() {
            BUILD_UID
        } else {
            box_uid
        };
        become_user(Uid::from_raw(uid), Gid::from_raw(uid))?;
    } else {
        drop_capabilities()?;
    }
    nix::sys::prctl::set_no_new_privs().map_err(failed("no_new_privs"))?;
    rules::landlock(spec.build.as_ref()).map_err(LockDownError::Landlock)
}

/// A build's limits: processes, file size, CPU seconds (`RLIMIT_CPU`, each process) and
/// private memory (`RLIMIT_DATA`: a compiler that reads `/dev/zero` stops there, while a JVM's
/// reserved but unused heap does not count).
fn build_limits(rules: &BuildRules) -> Result<(), LockDownError> {
    limit(Resource::RLIMIT_NPROC, BUILD_NPROC)?;
    limit(Resource::RLIMIT_FSIZE, BUILD_FSIZE_MIB * 1024 * 1024)?;
    limit(Resource::RLIMIT_CPU, rules.cpu_s)?;
    limit(
        Resource::RLIMIT_DATA,
        rules.memory_mib.saturating_mul(1024 * 1024),
    )
}

/// Sets the soft and hard limit of `resource` to `value`.
fn limit(resource: Resource, value: u64) -> Result<(), LockDownError> {
    setrlimit(resource, value, value).map_err(|errno| LockDownError::Limit { resource, errno })
}

/// A `map_err` for a `call` that gives up privileges.
fn failed(call: &'static str) -> impl FnOnce(Errno) -> LockDownError {
    move |errno| LockDownError::Privileges { call, errno }
}

/// Marks every descriptor from `first` on close-on-exec: nothing the judge inherited (a
/// caller's log on fd 7, a case file on fd 8) reaches the program.
pub fn close_from(first: i32) {
    const CLOSE_RANGE_CLOEXEC: libc::c_uint = 1 << 2;
    // SAFETY: plain system call with no memory passed in; async-signal-safe, so it may run
    // between fork and exec.
    unsafe {
        libc::syscall(
            libc::SYS_close_range,
            first as libc::c_uint,
            libc::c_uint::MAX,
            CLOSE_RANGE_CLOEXEC,
        )
    };
}

/// Switches to `u`:`g` with no supplementary groups, giving it the judge's pipes first.
fn become_user(u: Uid, g: Gid) -> Result<(), LockDownError> {
    give_pipes(u, g);
    nix::unistd::setgroups(&[]).map_err(failed("setgroups"))?;
    setresgid(g, g, g).map_err(failed("setresgid"))?;
    setresuid(u, u, u).map_err(failed("setresuid"))
}

/// Drops every capability (root of a user namespace).
fn drop_capabilities() -> Result<(), LockDownError> {
    for set in [
        caps::CapSet::Bounding,
        caps::CapSet::Ambient,
        caps::CapSet::Inheritable,
        caps::CapSet::Effective,
        caps::CapSet::Permitted,
    ] {
        caps::clear(None, set).map_err(LockDownError::Capabilities)?;
    }
    Ok(())
}

/// Gives the judge's pipes on the standard descriptors and the reply descriptor to the box's
/// user, so that it can reopen them as `/dev/fd/N` (the JVM and mono harnesses do). Only
/// anonymous pipes: a file or device there stays the host's.
fn give_pipes(u: Uid, g: Gid) {
    for fd in 0..=crate::submission::protocol::REPLY_FD {
        let is_pipe = fs::read_link(format!("/proc/self/fd/{fd}"))
            .is_ok_and(|to| to.as_os_str().as_bytes().starts_with(b"pipe:"));
        if is_pipe {
            // SAFETY: plain system call on a descriptor this process holds.
            unsafe { libc::fchown(fd, u.as_raw(), g.as_raw()) };
        }
    }
}
