//! The sandbox every worker runs in, built from the kernel's own parts the way IOI's isolate,
//! nsjail and bubblewrap build theirs: namespaces (through `nix`), a read-only view of the
//! file system, rlimits and Landlock (through the `landlock` crate).
//!
//! A worker starts as `zuma-judge sandbox-init SPEC PROGRAM ARGS...` ([`wrap`]). That process
//! (the *outer*, the judge's child) unshares the mount, PID, network, IPC and UTS namespaces,
//! and the user namespace too unless the judge runs as root, then forks the namespace's init
//! (PID 1), which builds the view and forks the submission (PID 2):
//!
//! - the root is a fresh read-only tmpfs holding read-only binds of the toolchain (`/usr`, the
//!   `/lib` folders, a few files of `/etc`: `ETC`), the submission's own build folder, and
//!   `/dev/null`, `/dev/zero`, `/dev/random`, `/dev/urandom` and the `/dev/fd` links; a new
//!   namespace; and a private, size-limited `/tmp`, the only place it can write. The case
//!   files, the judge's files, other submissions, `/etc/passwd`, `/home` and `/root` are not
//!   there;
//! - no network: a new network namespace has only a loopback that is down;
//! - the judge and other workers are in another PID namespace, so they cannot be named, let
//!   alone signalled; Landlock's signal scope says the same again where the kernel has it;
//! - the submission runs without privileges: under a root judge as a user of its own
//!   (`200000 + the outer's PID`, so no two live workers share one, as isolate's boxes do);
//!   otherwise as root of its own user namespace with every capability dropped. `no_new_privs`
//!   is set, and Landlock allows reading and running files anywhere in the view and writing
//!   only in `/tmp`;
//! - `RLIMIT_NPROC` ([`NPROC`]), `RLIMIT_FSIZE` ([`FSIZE_MIB`]), `RLIMIT_NOFILE` and no core
//!   dumps, on top of the worker's `RLIMIT_AS`;
//! - when the submission's first process ends, init ends, and the kernel kills every process
//!   left in the namespace; init also dies with the outer, and the outer with the judge
//!   (`PR_SET_PDEATHSIG`). Processes started during a case are killed when it ends by the
//!   worker (see [`crate::submission::tree`]).
//!
//! A build step runs as `sandbox-init` too ([`wrap_build`]), in the same namespaces and view as
//! a worker, plus its compiler's installation and its own build folder, writable; under a root
//! judge as a user of its own ([`BUILD_UID`]), with `HOME=/tmp`, its own rlimits (CPU, memory,
//! processes, file size: `judge.toml`'s `[build]`) and a wall limit the judge enforces, so a
//! submission cannot read the case files at compile time (`include_str!`, `#include`), reach
//! the network or outlive its build.
//!
//! Programs are looked up on the judge's `PATH`; inside, `PATH` is [`PATH`]. A program outside
//! the view's folders is bound in with its installation (the folder above its `bin/`); a shim
//! script there (pyenv's) is replaced by the same program on [`PATH`], since a shim needs its
//! manager's whole home. [`status`] probes once whether this machine can build the sandbox, and
//! every report says what it found ("sandbox: on (...)" or "sandbox: off (reason)").

use std::ffi::{CString, OsString};
use std::fs;
use std::io::{self, Read, Write};
use std::os::fd::{AsRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use nix::errno::Errno;
use nix::fcntl::{open, OFlag};
use nix::sched::{unshare, CloneFlags};
use nix::sys::signal::{raise, signal, SigHandler};
use nix::sys::stat::Mode;
use nix::sys::wait::{waitpid, WaitStatus};
use nix::unistd::{chdir, execve, fork, getegid, geteuid, sethostname, ForkResult, Gid, Pid, Uid};
use serde::{Deserialize, Serialize};

use super::protocol::clipped;

mod cgroup;
mod limits;
mod rules;
mod view;

pub use cgroup::{memory_measure, CpuCgroup, MemoryCgroup};
pub use limits::{close_from, BUILD_UID};
use limits::{lock_down, LockDownError};
use rules::landlock_abi;
use view::{build_view, ViewError};

/// `PATH` inside the sandbox.
pub const PATH: &str = "/usr/local/bin:/usr/bin:/bin";

/// Folders of the host shown read-only to every worker (those missing here are skipped; a
/// symlink, such as a merged `/usr`'s `/bin`, is recreated as the same symlink).
const ROOTS: [&str; 7] = [
    "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32",
];

/// Entries of `/etc` shown read-only: the dynamic linker's cache, Debian's alternatives (where
/// `/usr/bin/java` points), and the configuration the JVM, mono, PHP and Racket read at start
/// (Racket's says where its compiled libraries and `raco`'s commands are). Entries that start
/// with one of these names are shown (`java-17-openjdk`).
const ETC: [&str; 7] = [
    "ld.so",
    "alternatives",
    "java-",
    "mono",
    "php",
    "racket",
    "ssl",
];

/// Device files bound in.
const DEVICES: [&str; 4] = ["/dev/null", "/dev/zero", "/dev/random", "/dev/urandom"];

/// Links made in the view's `/dev` whatever the host has: the JVM, Kotlin and mono harnesses
/// write their replies to `/dev/fd/3`.
const DEV_LINKS: [(&str, &str); 4] = [
    ("/dev/fd", "/proc/self/fd"),
    ("/dev/stdin", "/proc/self/fd/0"),
    ("/dev/stdout", "/proc/self/fd/1"),
    ("/dev/stderr", "/proc/self/fd/2"),
];

/// Processes and threads a worker may have at once (`RLIMIT_NPROC`): the JVM starts some 20
/// threads, Go and node about 10.
pub const NPROC: u64 = 256;

/// The largest file a worker may write, and the size of its `/tmp`, in MiB.
pub const FSIZE_MIB: u64 = 64;

/// First user ID of a root judge's workers: a worker's user is this plus its outer's PID.
const BOX_UID_BASE: u32 = 200_000;

/// What `sandbox-init` builds and runs; passed as JSON in its first argument.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Spec {
    /// Host folders and files shown read-only at the same path, besides `ROOTS` and `ETC`:
    /// the build folder, the judge's own binary for its Rust workers.
    pub expose: Vec<PathBuf>,
    /// Environment of the submission (on top of `PATH`, `HOME=/tmp`, `TMPDIR=/tmp`, `LANG`).
    pub env: Vec<(OsString, OsString)>,
    /// Print what was built and exit instead of running a program ([`status`]).
    pub probe: bool,
    /// A build instead of a worker ([`wrap_build`]): the same namespaces and view, its
    /// folders writable, as the builds' own user, under the build limits.
    #[serde(default)]
    pub build: Option<BuildRules>,
    /// Cgroups the outer joins before anything else ([`CpuCgroup`], [`MemoryCgroup`]).
    #[serde(default)]
    pub cgroups: Vec<PathBuf>,
}

/// What a build may do besides reading the view: the folders it writes, where it starts, and
/// its limits.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct BuildRules {
    /// Read, write, create and delete: the build folder, and a cache shared by builds (Go's).
    pub write: Vec<PathBuf>,
    /// Where the compiler starts: the build folder.
    pub cwd: PathBuf,
    /// CPU seconds each of its processes may use (`RLIMIT_CPU`).
    pub cpu_s: u64,
    /// Private memory each of its processes may use (`RLIMIT_DATA`), in MiB.
    pub memory_mib: u64,
}

/// Whether workers run sandboxed, and what the probe found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Status {
    /// Sandboxed; what is in force, e.g. `user, pid, net, mount, ipc, uts namespaces; ...`.
    On(String),
    /// Not sandboxed, and why.
    Off(OffReason),
}

/// Why workers run without the sandbox; its text is what a report's `sandbox: off (...)`
/// line says.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[serde(into = "String")]
pub enum OffReason {
    /// Turned off on purpose, by `--no-sandbox`.
    #[error("--no-sandbox")]
    Disabled,
    /// The judge cannot find its own executable, which builds the sandbox.
    #[error("cannot find the judge's own executable")]
    NoJudgeBinary,
    /// The probe could not be run; what the system said.
    #[error("cannot run the probe: {0}")]
    ProbeNotRun(String),
    /// The probe ran and could not build a sandbox; the last line it wrote, without its
    /// `sandbox: ` prefix, at most 200 characters.
    #[error("{0}")]
    CannotBuild(String),
}

impl From<OffReason> for String {
    fn from(r: OffReason) -> String {
        r.to_string()
    }
}

impl Status {
    /// Whether workers run sandboxed.
    pub fn is_on(&self) -> bool {
        matches!(self, Status::On(_))
    }

    /// The report line's text after `sandbox: `, e.g. `on (user, pid, ... namespaces; ...)`.
    pub fn describe(&self) -> String {
        match self {
            Status::On(what) => format!("on ({what})"),
            Status::Off(why) => format!("off ({why})"),
        }
    }
}

static DISABLED: Mutex<bool> = Mutex::new(false);
static PROBED: OnceLock<Status> = OnceLock::new();
static JUDGE: OnceLock<PathBuf> = OnceLock::new();

/// Names the judge binary that builds sandboxes (`zuma-judge sandbox-init`), for a program
/// that uses the library but is not the judge (a benchmark). Default: this executable. Call it
/// before the first worker starts.
pub fn use_judge_binary(path: &Path) {
    let _ = JUDGE.set(path.to_path_buf());
}

fn judge_binary() -> io::Result<PathBuf> {
    match JUDGE.get() {
        Some(p) => Ok(p.clone()),
        None => std::env::current_exe(),
    }
}

/// Turns the sandbox off for this process (`--no-sandbox`). Takes effect for workers started
/// afterwards.
pub fn disable() {
    *DISABLED.lock().unwrap_or_else(|e| e.into_inner()) = true;
}

/// Whether workers run sandboxed: off when [`disable`]d, else what one probe of this machine
/// found (done once, about 10 ms).
pub fn status() -> Status {
    if *DISABLED.lock().unwrap_or_else(|e| e.into_inner()) {
        return Status::Off(OffReason::Disabled);
    }
    PROBED.get_or_init(probe).clone()
}

/// Starts `sandbox-init` with a probe spec and reads what it built.
fn probe() -> Status {
    let spec = Spec {
        probe: true,
        ..Spec::default()
    };
    let Ok(exe) = judge_binary() else {
        return Status::Off(OffReason::NoJudgeBinary);
    };
    let out = std::process::Command::new(exe)
        .arg(INIT_COMMAND)
        .arg(serde_json::to_string(&spec).expect("a spec serialises"))
        .stdin(std::process::Stdio::null())
        .output();
    match out {
        Ok(o) if o.status.success() => Status::On(format!(
            "{}; {}",
            String::from_utf8_lossy(&o.stdout).trim(),
            memory_measure()
        )),
        Ok(o) => {
            let err = String::from_utf8_lossy(&o.stderr);
            let why = err
                .lines()
                .rev()
                .find(|l| !l.trim().is_empty())
                .unwrap_or("");
            let why = clipped(why.trim().trim_start_matches("sandbox: "), 200);
            Status::Off(OffReason::CannotBuild(why))
        }
        Err(e) => Status::Off(OffReason::ProbeNotRun(e.to_string())),
    }
}

/// The hidden subcommand the judge re-executes itself as.
pub const INIT_COMMAND: &str = "sandbox-init";

/// `program args` as run in a sandbox: the judge's own binary as `sandbox-init`, with the
/// program resolved to a path in the view and its installation exposed.
pub fn wrap(
    program: &OsString,
    args: &[OsString],
    mut spec: Spec,
) -> io::Result<(PathBuf, Vec<OsString>)> {
    let exe = judge_binary()?;
    let resolved = resolve(program).ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::NotFound,
            format!("{} not found", program.to_string_lossy()),
        )
    })?;
    if !in_view(&resolved) {
        spec.expose.push(installation(&resolved));
    }
    Ok((exe, init_args(&spec, resolved, args.iter().cloned())))
}

/// `sandbox-init`'s arguments: the spec as JSON, the program, its arguments.
fn init_args(spec: &Spec, program: PathBuf, args: impl Iterator<Item = OsString>) -> Vec<OsString> {
    let spec = serde_json::to_string(spec).expect("a spec serialises");
    let mut all = vec![INIT_COMMAND.into(), spec.into(), program.into_os_string()];
    all.extend(args);
    all
}

/// `program args` as a build step: the judge's own binary as `sandbox-init` with `rules` and
/// in `cgroups`, the program found on the judge's `PATH` (a shim gives way as in [`resolve`]),
/// its installation shown read-only (and that of the program an `env KEY=VALUE... PROGRAM`
/// runs, and rustup's home for a rustup proxy, named in the environment).
pub fn wrap_build(
    program: &str,
    args: &[String],
    rules: BuildRules,
    cgroups: Vec<PathBuf>,
) -> io::Result<(PathBuf, Vec<OsString>)> {
    let exe = judge_binary()?;
    let mut programs = vec![program];
    if program == "env" {
        programs.extend(args.iter().find(|a| !a.contains('=')).map(String::as_str));
    }
    let mut expose = Vec::new();
    let mut found = Vec::new();
    for p in programs {
        let Some(at) = resolve_as_named(p) else {
            continue;
        };
        for path in [at.clone(), fs::canonicalize(&at).unwrap_or(at.clone())] {
            if !in_view(&path) {
                expose.push(installation(&path));
            }
        }
        found.push(at);
    }
    let Some(resolved) = found.into_iter().next() else {
        return Err(io::Error::new(
            io::ErrorKind::NotFound,
            format!("{program} not found"),
        ));
    };
    let env = rustup_env(&mut expose);
    let spec = Spec {
        expose,
        env,
        probe: false,
        build: Some(rules),
        cgroups,
    };
    Ok((
        exe,
        init_args(&spec, resolved, args.iter().map(OsString::from)),
    ))
}

/// Where `program` is on the judge's `PATH`, by the name it was found under (a multiplexer
/// such as rustup's `rustc` reads its role from it); a shim script outside the view gives way
/// to the same program on [`PATH`].
fn resolve_as_named(program: &str) -> Option<PathBuf> {
    find(program.as_ref(), false)
}

/// For a build whose `expose`d installations hold rustup: its home, exposed too, and the
/// environment that names it (and the judge's `RUSTUP_TOOLCHAIN`, if set), since the build's
/// `HOME` is its `/tmp`.
fn rustup_env(expose: &mut Vec<PathBuf>) -> Vec<(OsString, OsString)> {
    if !expose.iter().any(|r| r.join("bin/rustup").exists()) {
        return Vec::new();
    }
    let Some(home) = std::env::var_os("RUSTUP_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| Path::new(&h).join(".rustup")))
    else {
        return Vec::new();
    };
    expose.push(home.clone());
    let mut env = vec![("RUSTUP_HOME".into(), home.into_os_string())];
    env.extend(
        std::env::var_os("RUSTUP_TOOLCHAIN").map(|t| (OsString::from("RUSTUP_TOOLCHAIN"), t)),
    );
    env
}

/// Where a program is: a path as given, else the judge's `PATH`; a shim script outside the
/// view's folders (pyenv's) gives way to the same program on [`PATH`].
pub fn resolve(program: &OsString) -> Option<PathBuf> {
    find(program, true)
}

/// [`resolve`], with links followed when `canonical`.
fn find(program: &std::ffi::OsStr, canonical: bool) -> Option<PathBuf> {
    let found = which::which(program).ok()?;
    let found = match canonical {
        true => fs::canonicalize(&found).unwrap_or(found),
        false => found,
    };
    if in_view(&found) || !is_script(&found) {
        return Some(found);
    }
    let cwd = std::env::current_dir().ok()?;
    which::which_in(program, Some(PATH), cwd)
        .ok()
        .or(Some(found))
}

fn in_view(path: &Path) -> bool {
    ROOTS.iter().any(|r| path.starts_with(r))
}

fn is_script(path: &Path) -> bool {
    let mut head = [0u8; 2];
    fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut head))
        .is_ok()
        && &head == b"#!"
}

/// The folder above a program's `bin/` (a toolchain's prefix), else the program alone (the
/// judge's own binary, for its Rust workers).
fn installation(program: &Path) -> PathBuf {
    match program.parent() {
        Some(dir) if dir.file_name().is_some_and(|n| n == "bin") => {
            dir.parent().unwrap_or(dir).to_path_buf()
        }
        _ => program.to_path_buf(),
    }
}

/// Why this judge process may not run, when it runs inside a worker's sandbox (its PID 1 is
/// `sandbox-init`): there the judge binary is only a Rust solution's worker, and only as the
/// submission's first process (PID 2). A submission that runs the binary it finds there
/// (`/proc/self/exe`, `/proc/1/exe`) gets neither `solve` (the oracle) nor a worker of
/// another solution.
pub fn refusal(args: &[OsString]) -> Option<String> {
    let init = fs::read("/proc/1/cmdline").ok()?;
    let inside = init.split(|b| *b == 0).nth(1) == Some(INIT_COMMAND.as_bytes());
    let first_worker = args.get(1).is_some_and(|a| a == "worker") && std::process::id() == 2;
    (inside && !first_worker).then(|| {
        "zuma-judge does not run inside a worker's sandbox (only as its first process's worker)"
            .to_string()
    })
}

/// `zuma-judge sandbox-init SPEC PROGRAM ARGS...`: the outer process. Never returns: it ends
/// as the submission ended (the same exit code, or killed by the same signal).
pub fn init_main(args: &[OsString]) -> ! {
    match outer(args) {
        Ok(never) => match never {},
        Err(e) => {
            let _ = writeln!(io::stderr(), "sandbox: {e}");
            std::process::exit(125)
        }
    }
}

enum Never {}

/// Why `sandbox-init` could not run the program; it says `sandbox: ` and the text, and ends
/// with code 125. Each message holds the system's error.
#[derive(Debug, thiserror::Error)]
enum InitError {
    /// Started with no spec, or one that does not parse.
    #[error("usage: zuma-judge sandbox-init SPEC PROGRAM ARGS... (started by the judge)")]
    Usage,
    /// A spec that is not a probe, and no program.
    #[error("no program to run")]
    NoProgram,
    /// A cgroup of the spec could not be joined.
    #[error("joining {}: {error}", cgroup.display())]
    JoinCgroup { cgroup: PathBuf, error: io::Error },
    /// The namespaces could not be made.
    #[error("unprivileged namespaces are not available: unshare: {0}")]
    Unshare(Errno),
    /// A file of `/proc/self` that maps the user namespace's IDs could not be written.
    #[error("{file}: {error}")]
    MapIds {
        file: &'static str,
        error: io::Error,
    },
    /// A system call the outer or init makes failed: `pipe`, `fork`.
    #[error("{call}: {errno}")]
    Call { call: &'static str, errno: Errno },
    /// The file view could not be built.
    #[error(transparent)]
    View(#[from] ViewError),
    /// The process could not be locked down.
    #[error(transparent)]
    LockDown(#[from] LockDownError),
    /// The program's folder could not be entered.
    #[error("chdir {}: {errno}", dir.display())]
    Chdir { dir: PathBuf, errno: Errno },
    /// An argument or an environment entry holds a NUL byte.
    #[error("a NUL byte in the command")]
    NulByte,
    /// `execve` failed.
    #[error("cannot run {}: {errno}", program.to_string_lossy())]
    Exec { program: OsString, errno: Errno },
}

/// A `map_err` for a failed system `call`.
fn failed(call: &'static str) -> impl FnOnce(Errno) -> InitError {
    move |errno| InitError::Call { call, errno }
}

fn outer(args: &[OsString]) -> Result<Never, InitError> {
    let spec: Spec = args
        .first()
        .and_then(|s| serde_json::from_slice(s.as_bytes()).ok())
        .ok_or(InitError::Usage)?;
    let command = &args[1..];
    if command.is_empty() && !spec.probe {
        return Err(InitError::NoProgram);
    }
    for cgroup in &spec.cgroups {
        // A kernel file: it takes one write in place and cannot be renamed over.
        fs::write(cgroup.join("cgroup.procs"), std::process::id().to_string()).map_err(
            |error| InitError::JoinCgroup {
                cgroup: cgroup.clone(),
                error,
            },
        )?;
    }
    let as_root = geteuid().is_root();
    let mut flags = CloneFlags::CLONE_NEWNS
        | CloneFlags::CLONE_NEWPID
        | CloneFlags::CLONE_NEWNET
        | CloneFlags::CLONE_NEWIPC
        | CloneFlags::CLONE_NEWUTS;
    if !as_root {
        flags |= CloneFlags::CLONE_NEWUSER;
    }
    let (uid, gid) = (geteuid(), getegid());
    unshare(flags).map_err(InitError::Unshare)?;
    if !as_root {
        map_ids(uid, gid)?;
    }
    let (status_r, status_w) = nix::unistd::pipe().map_err(failed("pipe"))?;
    let box_uid = BOX_UID_BASE + std::process::id();
    // SAFETY: this process is single-threaded (sandbox-init runs before anything starts a
    // thread), so the child may do anything.
    match unsafe { fork() }.map_err(failed("fork"))? {
        ForkResult::Child => {
            drop(status_r);
            let code = match namespace_init(&spec, command, status_w, (as_root, box_uid)) {
                Ok(never) => match never {},
                Err(e) => {
                    let _ = writeln!(io::stderr(), "sandbox: {e}");
                    125
                }
            };
            std::process::exit(code)
        }
        ForkResult::Parent { child } => {
            drop(status_w);
            quiet_stdio(&spec);
            mirror(child, status_r)
        }
    }
}

/// Maps this process's user and group to root of its new user namespace.
fn map_ids(uid: Uid, gid: Gid) -> Result<(), InitError> {
    // Kernel files: each takes one write in place and cannot be renamed over.
    let write = |file: &'static str, text: String| {
        fs::write(format!("/proc/self/{file}"), text)
            .map_err(|error| InitError::MapIds { file, error })
    };
    write("setgroups", "deny".into())?;
    write("uid_map", format!("0 {uid} 1"))?;
    write("gid_map", format!("0 {gid} 1"))
}

/// The outer's copies of the worker's pipes are closed, so the judge sees the end of the
/// replies when the submission's processes are gone, not when the outer is. A build has no
/// reply pipe: its fd 3 may be one of the sandbox's own.
fn quiet_stdio(spec: &Spec) {
    if let Ok(null) = open("/dev/null", OFlag::O_RDWR, Mode::empty()) {
        // SAFETY: plain system calls on descriptors this process owns.
        unsafe {
            libc::dup2(null.as_raw_fd(), 0);
            if spec.build.is_none() {
                libc::dup2(null.as_raw_fd(), crate::submission::protocol::REPLY_FD);
            }
        }
    }
}

/// Waits for init and ends as the submission did: its raw wait status comes through `status`.
fn mirror(init: Pid, status: OwnedFd) -> ! {
    let mut raw = [0u8; 4];
    let got = fs::File::from(status).read_exact(&mut raw).is_ok();
    let init_status = loop {
        match waitpid(init, None) {
            Err(nix::errno::Errno::EINTR) => continue,
            other => break other,
        }
    };
    let status = if got {
        WaitStatus::from_raw(Pid::from_raw(0), i32::from_ne_bytes(raw)).ok()
    } else {
        init_status.ok()
    };
    match status {
        Some(WaitStatus::Exited(_, code)) => std::process::exit(code),
        Some(WaitStatus::Signaled(_, sig, _)) => {
            // SAFETY: restoring the default action of a signal is always sound.
            let _ = unsafe { signal(sig, SigHandler::SigDfl) };
            let _ = raise(sig);
            std::process::exit(128 + sig as i32)
        }
        _ => std::process::exit(125),
    }
}

/// PID 1 of the new namespace: builds the view, forks the submission, reaps every orphan, and
/// ends when the submission's first process ends, passing its wait status on.
fn namespace_init(
    spec: &Spec,
    command: &[OsString],
    status: OwnedFd,
    (as_root, box_uid): (bool, u32),
) -> Result<Never, InitError> {
    // SAFETY: plain system call; init dies with the outer.
    unsafe { libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) };
    // The submission must not open `/proc/1/exe` (the judge's binary, with its oracle) or
    // init's memory. Under a root judge it runs as another user, who may not; under a user
    // namespace it is init's own user, and Landlock forbids it (no ptrace-like access out of
    // the sandbox). Without Landlock, init is made not dumpable instead, which also hides the
    // namespace's /proc from the judge: processes beyond the first are then not measured.
    if as_root || landlock_abi() < 1 {
        // SAFETY: plain system call.
        unsafe { libc::prctl(libc::PR_SET_DUMPABLE, 0) };
    }
    build_view(spec)?;
    let _ = sethostname("zuma-sandbox");
    if spec.probe {
        let landlock = lock_down(spec, as_root, box_uid)?;
        let (user_ns, runs_as, builds_as) = if as_root {
            ("", "a user of its own", ", as a user of their own")
        } else {
            (
                "user, ",
                "root of its own user namespace without capabilities",
                "",
            )
        };
        println!(
            "{user_ns}pid, net, mount, ipc, uts namespaces; read-only view of the toolchain and \
             the build; private /tmp of {FSIZE_MIB} MiB; runs as {runs_as}; {landlock}; \
             RLIMIT_NPROC {NPROC}, RLIMIT_FSIZE {FSIZE_MIB} MiB; builds in the same \
             namespaces{builds_as}, writing only their build folder"
        );
        let _ = io::stdout().flush();
        std::process::exit(0);
    }
    // SAFETY: init is single-threaded.
    match unsafe { fork() }.map_err(failed("fork"))? {
        ForkResult::Child => {
            drop(status);
            // A session of its own: `kill(0, ..)` reaches only the submission's processes.
            let _ = nix::unistd::setsid();
            let locked = lock_down(spec, as_root, box_uid).map_err(InitError::from);
            let why = match locked.and_then(|_| exec(spec, command)) {
                Ok(never) => match never {},
                Err(e) => e,
            };
            let _ = writeln!(io::stderr(), "sandbox: {why}");
            std::process::exit(125)
        }
        ForkResult::Parent { child } => {
            quiet_stdio(spec);
            reap(child, status)
        }
    }
}

/// Reaps every process that ends in the namespace until the submission's first one does.
fn reap(first: Pid, status: OwnedFd) -> ! {
    loop {
        let mut raw = 0;
        // SAFETY: plain system call on a stack value.
        let pid = unsafe { libc::waitpid(-1, &mut raw, 0) };
        if pid == first.as_raw() {
            let _ = fs::File::from(status).write_all(&raw.to_ne_bytes());
            std::process::exit(0);
        }
        if pid < 0 && nix::errno::Errno::last() == nix::errno::Errno::ECHILD {
            std::process::exit(125);
        }
    }
}

/// Runs the submission's program (or a build's compiler), in `/tmp` (its build folder), with a
/// clean environment.
fn exec(spec: &Spec, command: &[OsString]) -> Result<Never, InitError> {
    let cwd = spec.build.as_ref().map_or(Path::new("/tmp"), |b| &b.cwd);
    chdir(cwd).map_err(|errno| InitError::Chdir {
        dir: cwd.to_path_buf(),
        errno,
    })?;
    let c = |s: &[u8]| CString::new(s).map_err(|_| InitError::NulByte);
    let argv: Vec<CString> = command
        .iter()
        .map(|a| c(a.as_bytes()))
        .collect::<Result<_, _>>()?;
    let mut env: Vec<CString> = [
        format!("PATH={PATH}"),
        "HOME=/tmp".into(),
        "TMPDIR=/tmp".into(),
        "LANG=C.UTF-8".into(),
    ]
    .iter()
    .map(|v| c(v.as_bytes()))
    .collect::<Result<_, _>>()?;
    for (k, v) in &spec.env {
        let mut kv = k.as_bytes().to_vec();
        kv.push(b'=');
        kv.extend_from_slice(v.as_bytes());
        env.push(c(&kv)?);
    }
    let errno = execve(&argv[0], &argv, &env).unwrap_err();
    Err(InitError::Exec {
        program: command[0].clone(),
        errno,
    })
}
