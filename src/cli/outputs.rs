//! The files a command will write (`--out`, `--report`, `--save`), checked before any judging:
//! a run of minutes must not end in "cannot write" after its report said `exit 0`.

use std::path::{Path, PathBuf};

use anyhow::{bail, Result};
use zuma_judge::report::{ReportFormat, ReportSpec};

/// One file a command will write, and the flag that named it (`--report junit=x.xml`).
pub struct Output<'a> {
    /// The flag as the user gave it, for the message.
    pub flag: String,
    /// The file.
    pub path: &'a Path,
}

impl<'a> Output<'a> {
    /// `--out FILE`, `--save FILE`: the flag and its file.
    pub fn flag(flag: &str, path: &'a Path) -> Self {
        Output {
            flag: format!("{flag} {}", path.display()),
            path,
        }
    }

    /// `--report FORMAT=PATH`.
    pub fn report<F: ReportFormat>(spec: &'a ReportSpec<F>) -> Self {
        let name = spec
            .format
            .to_possible_value()
            .map_or_else(String::new, |v| v.get_name().to_string());
        Output {
            flag: format!("--report {name}={}", spec.path.display()),
            path: &spec.path,
        }
    }

    /// Every file one command writes: `--out`, `--save` and each `--report`.
    pub fn all<F: ReportFormat>(
        out: Option<&'a Path>,
        save: Option<&'a Path>,
        reports: &'a [ReportSpec<F>],
    ) -> Vec<Self> {
        let flags = [("--out", out), ("--save", save)];
        let flags = flags
            .into_iter()
            .filter_map(|(f, p)| Some(Output::flag(f, p?)));
        flags.chain(reports.iter().map(Output::report)).collect()
    }
}

/// [`check`] for a command whose one output is `--out`.
pub fn check_out(out: Option<&Path>) -> Result<()> {
    check(&Output::all::<zuma_judge::report::Format>(out, None, &[]))
}

/// Checks that every output can be written: its folder exists, is a folder and takes a new file, the
/// output is not itself a folder, and no two outputs name the same file (one would overwrite
/// the other). A device such as /dev/null or /dev/stdout may be named more than once.
pub fn check(outputs: &[Output]) -> Result<()> {
    let mut seen: Vec<(PathBuf, &str)> = Vec::new();
    for o in outputs {
        let path = o.path;
        if path.is_dir() {
            bail!("{}: is a folder; give a file to write", o.flag);
        }
        // A device or a pipe (/dev/null, /dev/stdout) is written through, not replaced.
        let device = std::fs::metadata(path).is_ok_and(|m| !m.is_file());
        if device {
            continue;
        }
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        if !dir.is_dir() {
            bail!(
                "{}: the folder {} does not exist; create it first",
                o.flag,
                dir.display()
            );
        }
        // The write goes through a temporary file in the folder: try one (root passes
        // `access`, yet /proc takes no new file).
        if let Err(e) = tempfile::Builder::new()
            .prefix(".zuma-judge-probe.")
            .tempfile_in(dir)
        {
            let why = zuma_judge::atomic::without_path(e);
            bail!(
                "{}: cannot write in the folder {}: {why}",
                o.flag,
                dir.display()
            );
        }
        let key = std::fs::canonicalize(dir)
            .unwrap_or_else(|_| dir.to_path_buf())
            .join(path.file_name().unwrap_or_default());
        if let Some((_, other)) = seen.iter().find(|(k, _)| *k == key) {
            bail!(
                "{} and {other} name the same file; one would overwrite the other",
                o.flag
            );
        }
        seen.push((key, &o.flag));
    }
    Ok(())
}

#[cfg(test)]
mod tests;
