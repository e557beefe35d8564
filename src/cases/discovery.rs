//! Discovery: the case files under a case path (walkdir, symlinks followed), sorted by path,
//! with every folder that cannot be read, broken link and symlink loop named.

use std::path::{Path, PathBuf};

use crate::cases::error::{CaseError, CaseWarning};

/// A case file found by [`find_files`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The path, as walked (through any symlink).
    pub path: PathBuf,
    /// Reached through a symlink below the case path: the file's own, or a folder's.
    pub via_symlink: bool,
}

/// Everything under one case path: the files, sorted by path, and what could not be walked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Discovery {
    /// The `*.toml` files.
    pub files: Vec<Found>,
    /// One per folder that cannot be read and per broken symlink; the rest is still walked.
    pub errors: Vec<CaseError>,
    /// Symlink loops.
    pub warnings: Vec<CaseWarning>,
    /// Broken symlinks named `*.toml`: case files that failed before they could be read (each
    /// also in `errors`).
    pub broken_files: usize,
}

/// The `*.toml` files under `root` (a file or a directory), sorted by path. Symlinks are
/// followed; a loop is a [`CaseWarning::Loop`]. A folder that cannot be read or a broken
/// symlink is a [`CaseError::Read`] for that path only. A missing `root`, or one with no case
/// file and nothing unreadable, is an error.
pub fn find_files(root: &Path) -> Result<Discovery, CaseError> {
    if root.is_file() {
        let file = Found {
            path: root.to_path_buf(),
            via_symlink: false,
        };
        return Ok(Discovery {
            files: vec![file],
            ..Discovery::default()
        });
    }
    if let Err(e) = std::fs::metadata(root) {
        return Err(unreadable_root(root, &e));
    }
    let mut found = Discovery::default();
    let mut linked_dirs: Vec<PathBuf> = Vec::new();
    for entry in walkdir::WalkDir::new(root)
        .follow_links(true)
        .sort_by_file_name()
    {
        let entry = match entry {
            Ok(e) => e,
            Err(e) => {
                walk_problem(&e, &mut found);
                continue;
            }
        };
        let via_symlink = entry.depth() > 0
            && (entry.path_is_symlink() || linked_dirs.iter().any(|d| entry.path().starts_with(d)));
        if entry.file_type().is_dir() && entry.depth() > 0 && entry.path_is_symlink() {
            linked_dirs.push(entry.path().to_path_buf());
        }
        if entry.file_type().is_file() && is_case_file(entry.path()) {
            found.files.push(Found {
                path: entry.into_path(),
                via_symlink,
            });
        }
    }
    if found.files.is_empty() && found.errors.is_empty() {
        let message = if root.is_dir() {
            "no *.toml case files or .in/.ans pairs in this folder"
        } else {
            // A FIFO, a socket or a device: not a case file to read, nor a folder to search.
            "not a regular file or a folder; give a case file or a folder of them"
        };
        return Err(CaseError::Read {
            path: root.display().to_string(),
            message: message.into(),
        });
    }
    Ok(found)
}

/// Why the case path `root` cannot be searched, `e` being why its metadata cannot be read.
fn unreadable_root(root: &Path, e: &std::io::Error) -> CaseError {
    let message = match std::fs::read_link(root) {
        Ok(target) if e.kind() == std::io::ErrorKind::NotFound => {
            format!("broken symlink: {} does not exist", target.display())
        }
        _ if e.kind() == std::io::ErrorKind::NotFound => {
            "no such file or folder; give a case file or a folder of them".into()
        }
        // A symlink loop, a folder on the way that cannot be searched.
        _ => format!("cannot read: {e}"),
    };
    CaseError::Read {
        path: root.display().to_string(),
        message,
    }
}

/// A case file (`*.toml`) or the input file of an `.in`/`.ans` pair ([`pairs`]).
fn is_case_file(path: &Path) -> bool {
    path.extension().is_some_and(|x| x == "toml") || is_pair_input(path)
}

/// The input file of an `.in`/`.ans` pair, as a package's `data/` holds them.
pub(crate) fn is_pair_input(path: &Path) -> bool {
    path.extension().is_some_and(|x| x == "in")
}

/// Files a walk error under the path it is about: a loop is a warning, anything else (a folder
/// that cannot be read, a broken symlink) an error for that path only.
fn walk_problem(e: &walkdir::Error, found: &mut Discovery) {
    let path = e
        .path()
        .map_or_else(String::new, |p| p.display().to_string());
    if let Some(ancestor) = e.loop_ancestor() {
        found.warnings.push(CaseWarning::Loop {
            path,
            ancestor: ancestor.display().to_string(),
        });
        return;
    }
    let io = e.io_error();
    let message = match (io.map(std::io::Error::kind), e.path()) {
        (Some(std::io::ErrorKind::NotFound), Some(p)) if p.is_symlink() => {
            found.broken_files += usize::from(p.extension().is_some_and(|x| x == "toml"));
            let target = std::fs::read_link(p).unwrap_or_default();
            format!("broken symlink: {} does not exist", target.display())
        }
        (Some(_), _) if e.path().is_some_and(Path::is_dir) => {
            format!("cannot read this folder: {}", io.expect("an I/O error"))
        }
        (Some(io), _) => format!("cannot read: {io}"),
        (None, _) => e.to_string(),
    };
    found.errors.push(CaseError::Read { path, message });
}
