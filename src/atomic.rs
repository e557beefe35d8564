//! Writing a file so that a reader sees the old version or the new one, never half of one: a
//! temporary file in the same directory, synced, then renamed over the target (as cargo and
//! tempfile's `NamedTempFile::persist` do). Every file the judge writes goes through here.

use std::io::Write as _;
use std::path::Path;

/// Writes `bytes` to `path` atomically. Errors: the directory cannot take a temporary file, or
/// the write, sync or rename fails; `path` is then unchanged.
pub fn write(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let mut tmp = tempfile::NamedTempFile::new_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn replaces_the_file_and_leaves_no_temporary_behind() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("report.json");
        std::fs::write(&path, "old").unwrap();
        super::write(&path, b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }
}
