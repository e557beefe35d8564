//! Writing a file so that a reader sees the old version or the new one, never half of one: a
//! temporary file in the same directory, synced, then renamed over the target (as cargo and
//! tempfile's `NamedTempFile::persist` do). Every file the judge writes goes through here.
//! A read-modify-write of a shared file (a regression file, a case file `audit --fix` edits)
//! also holds [`FolderLock`] on the file's folder, so two writers never lose each other's work.

use std::fs::{File, Permissions};
use std::io::Write as _;
use std::os::unix::fs::PermissionsExt as _;
use std::path::{Path, PathBuf};

use nix::fcntl::{Flock, FlockArg};

/// Writes `bytes` to `path` atomically. Errors: the directory cannot take a temporary file, or
/// the write, sync or rename fails; `path` is then unchanged.
///
/// The temporary file is `.<name>.<random>.tmp` beside the target: never a `*.toml`, so case
/// discovery ignores one left behind by a `kill -9`.
///
/// The file keeps the mode of the file it replaces; a new file gets the mode `File::create`
/// would give it (0666 less the umask), not the temporary file's private 0600.
pub fn write(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    // What is not a regular file (a device such as /dev/null, a FIFO, /dev/stdout) cannot be
    // replaced: it is written through. A symlink's target is replaced, not the link.
    if let Ok(m) = std::fs::metadata(path) {
        if !m.is_file() {
            return std::fs::OpenOptions::new()
                .write(true)
                .open(path)?
                .write_all(bytes);
        }
    }
    let real = resolved(path);
    let path = real.as_path();
    let dir = folder_of(path);
    let name = path
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let mut tmp = tempfile::Builder::new()
        .prefix(&format!(".{name}."))
        .suffix(".tmp")
        .permissions(Permissions::from_mode(0o666))
        .tempfile_in(dir)
        .map_err(without_path)?;
    if let Ok(old) = std::fs::metadata(path) {
        tmp.as_file().set_permissions(old.permissions())?;
    }
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    // The rename is durable once the folder's entry is: sync it too (best effort: some
    // filesystems refuse to sync a directory).
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// The OS error alone: tempfile adds the temporary file's name (`... at path
/// ".x.json.bF58LE.tmp"`, in a private wrapper that gives no access to the code), which means
/// nothing to the user, whose message already names the file being written.
pub fn without_path(e: std::io::Error) -> std::io::Error {
    let text = e.to_string();
    match text.split_once(" at path \"") {
        Some((alone, _)) => std::io::Error::new(e.kind(), alone.to_string()),
        None => e,
    }
}

/// `path` with its symlinks followed, when it names an existing file; else `path` itself.
fn resolved(path: &Path) -> PathBuf {
    match std::fs::canonicalize(path) {
        Ok(real) if real.is_file() => real,
        _ => path.to_path_buf(),
    }
}

/// The folder `path` is in (`.` for a bare file name).
fn folder_of(path: &Path) -> &Path {
    path.parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// An exclusive advisory lock (`flock(2)`) on a folder, held until dropped. Every process that
/// reads, changes and rewrites a file in the folder takes it first and re-reads the file under
/// it. The lock is on the folder, not the file, because [`write()`] replaces the file (a new
/// inode) and a lock on the old one would not exclude the next writer. The kernel releases it
/// when the process dies, `kill -9` included, so it is never stale.
#[derive(Debug)]
pub struct FolderLock {
    _lock: Flock<File>,
    /// The locked folder.
    pub folder: PathBuf,
}

impl FolderLock {
    /// Blocks until the lock on `folder` is held. Errors: the folder cannot be opened or
    /// locked.
    pub fn acquire(folder: &Path) -> std::io::Result<FolderLock> {
        let f = File::open(folder)?;
        let lock = Flock::lock(f, FlockArg::LockExclusive)
            .map_err(|(_, errno)| std::io::Error::from_raw_os_error(errno as i32))?;
        Ok(FolderLock {
            _lock: lock,
            folder: folder.to_path_buf(),
        })
    }

    /// The lock on the folder that holds `file`.
    pub fn for_file(file: &Path) -> std::io::Result<FolderLock> {
        FolderLock::acquire(folder_of(&resolved(file)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_temporary_file_that_cannot_be_made_is_named_by_its_os_error_alone() {
        let e = tempfile::Builder::new()
            .tempfile_in("/proc")
            .expect_err("/proc takes no new file");
        // Root may create in /proc's folder entry yet finds no file system there; others may not.
        let expected = if nix::unistd::geteuid().is_root() {
            "No such file or directory (os error 2)"
        } else {
            "Permission denied (os error 13)"
        };
        assert_eq!(without_path(e).to_string(), expected);
    }

    #[test]
    fn replaces_the_file_and_leaves_no_temporary_behind() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("report.json");
        std::fs::write(&path, "old").unwrap();
        write(&path, b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn keeps_the_replaced_files_mode_and_gives_a_new_file_the_usual_one() {
        let dir = tempfile::tempdir().unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o7777;
        let case_file = dir.path().join("cases.toml");
        std::fs::write(&case_file, "old").unwrap();
        std::fs::set_permissions(&case_file, Permissions::from_mode(0o640)).unwrap();
        write(&case_file, b"new").unwrap();
        assert_eq!(mode(&case_file), 0o640);
        let usual = dir.path().join("usual");
        File::create(&usual).unwrap();
        let report = dir.path().join("report.json");
        write(&report, b"{}").unwrap();
        assert_eq!(mode(&report), mode(&usual));
    }

    #[test]
    fn writes_through_a_symlink_and_into_a_device_without_replacing_them() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.toml");
        std::fs::write(&real, "old").unwrap();
        let link = dir.path().join("link.toml");
        std::os::unix::fs::symlink("real.toml", &link).unwrap();
        write(&link, b"new").unwrap();
        assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "new");
        write(Path::new("/dev/null"), b"discarded").unwrap();
        let null = std::fs::metadata("/dev/null").unwrap();
        assert!(!null.is_file(), "/dev/null is still a device");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
    }

    /// flock locks belong to an open file description, so two acquisitions in one process
    /// exclude each other as two processes would.
    #[test]
    fn the_folder_lock_excludes_a_second_holder_until_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let held = FolderLock::acquire(dir.path()).unwrap();
        let probe = File::open(dir.path()).unwrap();
        let busy = Flock::lock(probe, FlockArg::LockExclusiveNonblock).map(|_| ());
        assert_eq!(
            busy.map_err(|(_, e)| e),
            Err(nix::errno::Errno::EWOULDBLOCK)
        );
        drop(held);
        let probe = File::open(dir.path()).unwrap();
        assert!(Flock::lock(probe, FlockArg::LockExclusiveNonblock).is_ok());
    }
}
