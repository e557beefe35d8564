//! The file view a sandboxed process sees: a read-only tmpfs root holding read-only binds of
//! the toolchain, a few files of `/etc`, the devices, and what the spec exposes; a build's own
//! folders bound read-write; a new `/proc`; a private, size-limited `/tmp`.

use std::fs;
use std::io;
use std::os::fd::{AsRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use nix::errno::Errno;
use nix::fcntl::{open, OFlag};
use nix::mount::{mount, umount2, MntFlags, MsFlags};
use nix::sys::stat::Mode;
use nix::sys::statvfs::{statvfs, FsFlags};
use nix::unistd::{chdir, pivot_root};

use super::limits::BUILD_FSIZE_MIB;
use super::{Spec, DEVICES, DEV_LINKS, ETC, FSIZE_MIB, ROOTS};

/// Why the view could not be built; the text is what `sandbox-init` says after `sandbox: `.
/// Each message holds the system's error.
#[derive(Debug, thiserror::Error)]
pub enum ViewError {
    /// A system call on the mounts or the root failed: what it was doing (`pivot_root`,
    /// `making mounts private`), and the error.
    #[error("{what}: {errno}")]
    Call {
        /// What the call was for.
        what: &'static str,
        /// The system's error.
        errno: Errno,
    },
    /// The tmpfs at `at` (the view's root or its `/tmp`) could not be mounted.
    #[error("mounting a tmpfs on {}: {errno}", at.display())]
    Tmpfs {
        /// Where it was to be mounted.
        at: PathBuf,
        /// The system's error.
        errno: Errno,
    },
    /// A source of the view could not be opened.
    #[error("opening {}: {errno}", path.display())]
    Open {
        /// The host path.
        path: PathBuf,
        /// The system's error.
        errno: Errno,
    },
    /// A folder, file or link of the view could not be made at `at`.
    #[error("{}: {error}", at.display())]
    Make {
        /// The path inside the view being made.
        at: PathBuf,
        /// The system's error.
        error: io::Error,
    },
    /// A source could not be bound into the view.
    #[error("binding {}: {errno}", path.display())]
    Bind {
        /// The host path.
        path: PathBuf,
        /// The system's error.
        errno: Errno,
    },
    /// The flags of the host mount under a bind could not be read.
    #[error("statvfs {}: {errno}", at.display())]
    Statvfs {
        /// The bind, inside the view.
        at: PathBuf,
        /// The system's error.
        errno: Errno,
    },
    /// A bind could not be remounted read-only.
    #[error("making {} read-only: {errno}", path.display())]
    ReadOnly {
        /// The host path.
        path: PathBuf,
        /// The system's error.
        errno: Errno,
    },
    /// A build's folder could not be remounted writable only (no devices, nothing run).
    #[error("making {} writable only: {errno}", path.display())]
    WritableOnly {
        /// The host path.
        path: PathBuf,
        /// The system's error.
        errno: Errno,
    },
}

/// Everything shown in the view, host path first: [`ROOTS`], [`ETC`], [`DEVICES`] and the
/// spec's own.
fn sources(spec: &Spec) -> Vec<PathBuf> {
    let mut all: Vec<PathBuf> = ROOTS.iter().map(PathBuf::from).collect();
    all.extend(etc_entries(spec.build.is_some()));
    all.extend(DEVICES.iter().map(PathBuf::from));
    all.extend(spec.expose.iter().cloned());
    // A path inside another is already shown by the other's bind, whose read-only mount
    // would refuse the mount point.
    let shown = all.clone();
    all.retain(|p| !shown.iter().any(|q| q != p && p.starts_with(q)));
    all.dedup();
    all
}

/// The entries of `/etc` named by [`ETC`], sorted; for a build, without `ssl` (no compiler
/// needs a certificate, and `/etc/ssl/private` holds keys).
pub fn etc_entries(build: bool) -> Vec<PathBuf> {
    let Ok(etc) = fs::read_dir("/etc") else {
        return Vec::new();
    };
    let mut names: Vec<PathBuf> = etc
        .flatten()
        .filter(|e| {
            let name = e.file_name();
            ETC.iter()
                .filter(|p| !(build && **p == "ssl"))
                .any(|p| name.as_bytes().starts_with(p.as_bytes()))
        })
        .map(|e| e.path())
        .collect();
    names.sort();
    names
}

/// A source to bind into the view: its path, opened, and whether it is a folder.
type Bind = (PathBuf, OwnedFd, bool);
/// A symbolic link to make again inside the view: where, and its target.
type Link = (PathBuf, PathBuf);

/// What the view shows, opened: each source that exists as a path descriptor (and whether it
/// is a folder), and each symbolic link among them with its target, to be made again inside.
fn open_sources(spec: &Spec) -> Result<(Vec<Bind>, Vec<Link>), ViewError> {
    let mut binds = Vec::new();
    let mut links = Vec::new();
    for path in sources(spec) {
        let Ok(meta) = fs::symlink_metadata(&path) else {
            continue;
        };
        if meta.file_type().is_symlink() {
            if let Ok(to) = fs::read_link(&path) {
                links.push((path, to));
            }
            continue;
        }
        let fd = open(&path, OFlag::O_PATH | OFlag::O_CLOEXEC, Mode::empty()).map_err(|errno| {
            ViewError::Open {
                path: path.clone(),
                errno,
            }
        })?;
        binds.push((path, fd, meta.is_dir()));
    }
    Ok((binds, links))
}

/// Builds the view and makes it the root: a read-only tmpfs with the [`sources`] bound in
/// read-only, a new `/proc` and a private `/tmp`.
pub fn build_view(spec: &Spec) -> Result<(), ViewError> {
    mount(
        None::<&str>,
        "/",
        None::<&str>,
        MsFlags::MS_REC | MsFlags::MS_PRIVATE,
        None::<&str>,
    )
    .map_err(errno("making mounts private"))?;
    // The sources are opened before the new root covers /tmp, where some may live.
    let (binds, links) = open_sources(spec)?;
    let writable = open_writable(spec)?;
    let root = Path::new("/tmp");
    tmpfs(root, "1m", "0755")?;
    // The private /tmp first: a build under the machine's /tmp is then bound inside it.
    let tmp = root.join("tmp");
    fs::create_dir_all(&tmp).map_err(made(&tmp))?;
    let tmp_mib = if spec.build.is_some() {
        BUILD_FSIZE_MIB
    } else {
        FSIZE_MIB
    };
    tmpfs(&tmp, &format!("{tmp_mib}m"), "1777")?;
    for (path, fd, is_dir) in &binds {
        bind_read_only(root, path, fd, *is_dir)?;
    }
    for (path, fd) in &writable {
        bind_writable(root, path, fd)?;
    }
    let dev_links = DEV_LINKS
        .iter()
        .map(|(p, to)| (PathBuf::from(p), PathBuf::from(to)));
    for (path, to) in links.into_iter().chain(dev_links) {
        let at = inside(root, &path);
        make_parent(&at)?;
        std::os::unix::fs::symlink(&to, &at).map_err(made(&at))?;
    }
    mount_proc(root)?;
    enter(root)
}

/// A `map_err` for a failed system call: `what` it was doing, and the error.
fn errno(what: &'static str) -> impl FnOnce(Errno) -> ViewError {
    move |errno| ViewError::Call { what, errno }
}

/// A `map_err` for a folder, file or link of the view that could not be made at `at`.
fn made(at: &Path) -> impl FnOnce(io::Error) -> ViewError + '_ {
    move |error| ViewError::Make {
        at: at.to_path_buf(),
        error,
    }
}

/// Mounts a tmpfs of `size` and `mode` at `at`. Nothing written in the view can be run: no
/// copy of a binary patched in /tmp.
fn tmpfs(at: &Path, size: &str, mode: &str) -> Result<(), ViewError> {
    mount(
        Some("tmpfs"),
        at,
        Some("tmpfs"),
        MsFlags::MS_NOSUID | MsFlags::MS_NODEV | MsFlags::MS_NOEXEC,
        Some(format!("size={size},mode={mode}").as_str()),
    )
    .map_err(|errno| ViewError::Tmpfs {
        at: at.to_path_buf(),
        errno,
    })
}

/// A new `/proc` in the view at `root`: it shows only the sandbox's own processes.
fn mount_proc(root: &Path) -> Result<(), ViewError> {
    let proc = root.join("proc");
    fs::create_dir_all(&proc).map_err(made(&proc))?;
    mount(
        Some("proc"),
        &proc,
        Some("proc"),
        MsFlags::MS_NOSUID | MsFlags::MS_NODEV | MsFlags::MS_NOEXEC,
        None::<&str>,
    )
    .map_err(errno("mounting /proc"))
}

/// Makes the view at `root` the root, detaches the old one, and makes the new one read-only.
fn enter(root: &Path) -> Result<(), ViewError> {
    chdir(root).map_err(errno("chdir"))?;
    pivot_root(".", ".").map_err(errno("pivot_root"))?;
    umount2(".", MntFlags::MNT_DETACH).map_err(errno("detaching the old root"))?;
    chdir("/").map_err(errno("chdir"))?;
    mount(
        None::<&str>,
        "/",
        None::<&str>,
        MsFlags::MS_REMOUNT | MsFlags::MS_BIND | MsFlags::MS_RDONLY,
        None::<&str>,
    )
    .map_err(errno("making the root read-only"))
}

/// A build's own folders, opened: bound read-write.
fn open_writable(spec: &Spec) -> Result<Vec<(PathBuf, OwnedFd)>, ViewError> {
    let Some(rules) = &spec.build else {
        return Ok(Vec::new());
    };
    rules
        .write
        .iter()
        .map(|path| {
            open(path, OFlag::O_PATH | OFlag::O_CLOEXEC, Mode::empty())
                .map(|fd| (path.clone(), fd))
                .map_err(|errno| ViewError::Open {
                    path: path.clone(),
                    errno,
                })
        })
        .collect()
}

/// Binds the opened folder `path` at the same place under `root`, writable, without devices,
/// set-user-ID programs or anything run from it.
fn bind_writable(root: &Path, path: &Path, fd: &OwnedFd) -> Result<(), ViewError> {
    let at = inside(root, path);
    fs::create_dir_all(&at).map_err(made(&at))?;
    bind(path, fd, &at)?;
    let flags = remount_flags(&at, MsFlags::MS_NODEV | MsFlags::MS_NOEXEC)?;
    mount(None::<&str>, &at, None::<&str>, flags, None::<&str>).map_err(|errno| {
        ViewError::WritableOnly {
            path: path.to_path_buf(),
            errno,
        }
    })
}

/// Binds `path`, opened as `fd`, at `at`.
fn bind(path: &Path, fd: &OwnedFd, at: &Path) -> Result<(), ViewError> {
    let source = format!("/proc/self/fd/{}", fd.as_raw_fd());
    mount(
        Some(source.as_str()),
        at,
        None::<&str>,
        MsFlags::MS_BIND | MsFlags::MS_REC,
        None::<&str>,
    )
    .map_err(|errno| ViewError::Bind {
        path: path.to_path_buf(),
        errno,
    })
}

/// `root` + `path` (absolute).
fn inside(root: &Path, path: &Path) -> PathBuf {
    root.join(path.strip_prefix("/").unwrap_or(path))
}

fn make_parent(at: &Path) -> Result<(), ViewError> {
    let parent = at.parent().unwrap_or(Path::new("/"));
    fs::create_dir_all(parent).map_err(made(parent))
}

/// Binds the opened `path` at the same place under `root`, read-only (a device stays writable:
/// writing to `/dev/null` changes no file). A remount keeps the flags the host mount has, which
/// a user namespace may not drop (`nosuid`, `noexec`, the atime flags).
fn bind_read_only(root: &Path, path: &Path, fd: &OwnedFd, is_dir: bool) -> Result<(), ViewError> {
    let at = inside(root, path);
    if is_dir {
        fs::create_dir_all(&at).map_err(made(&at))?;
    } else {
        make_parent(&at)?;
        fs::File::create(&at).map_err(made(&at))?;
    }
    bind(path, fd, &at)?;
    if path.starts_with("/dev") {
        return Ok(());
    }
    let flags = remount_flags(&at, MsFlags::MS_RDONLY)?;
    mount(None::<&str>, &at, None::<&str>, flags, None::<&str>).map_err(|errno| {
        ViewError::ReadOnly {
            path: path.to_path_buf(),
            errno,
        }
    })
}

/// The flags that remount the bind at `at` with `extra` and `nosuid`, keeping the flags the
/// host mount has, which a user namespace may not drop (`nodev`, `noexec`, the atime flags).
fn remount_flags(at: &Path, extra: MsFlags) -> Result<MsFlags, ViewError> {
    let host = statvfs(at).map_err(|errno| ViewError::Statvfs {
        at: at.to_path_buf(),
        errno,
    })?;
    let mut flags = MsFlags::MS_REMOUNT | MsFlags::MS_BIND | MsFlags::MS_NOSUID | extra;
    for (st, ms) in [
        (FsFlags::ST_NODEV, MsFlags::MS_NODEV),
        (FsFlags::ST_NOEXEC, MsFlags::MS_NOEXEC),
        (FsFlags::ST_NOATIME, MsFlags::MS_NOATIME),
        (FsFlags::ST_NODIRATIME, MsFlags::MS_NODIRATIME),
        (FsFlags::ST_RELATIME, MsFlags::MS_RELATIME),
    ] {
        if host.flags().contains(st) {
            flags |= ms;
        }
    }
    Ok(flags)
}
