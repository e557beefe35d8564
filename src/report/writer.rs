//! The one output writer (as hyperfine's `export` module): a command's typed result is a
//! [`Document`] that renders itself in each of the command's formats, and [`write()`] puts it
//! where the flags say — standard output or `--out FILE`, and every `--report FORMAT=FILE` —
//! each file written atomically ([`crate::atomic`]), colour stripped where it does not belong.
//! A new format is one file in `report/` and an arm in the document's [`Document::render`]:
//! no command changes.
//!
//! How the judging commands call it (each has its typed result and format enum already):
//!
//! ```text
//! // run:       impl Document<Format> for RunReport   (render = report::reporter(f).render(r))
//! writer::write(&report, format, out.as_deref(), &reports)?;
//! // grade:     impl Document<Format> for GradeReport (render = grade's render(r, f))
//! writer::write(&report, args.format, args.out.as_deref(), &args.reports)?;
//! // editorial: impl Document<EditorialFormat> for Review; --save is one more file
//! writer::write(&review, args.format, None, &args.reports)?;
//! writer::to_file(path, report::editorial::case_file(&review).as_bytes())?;
//! // exhaust, fuzz, merge: the hunt report, no colour (styled = false), no --report
//! writer::write(&report, format, a.out.as_deref(), &[])?;
//! ```

use std::io::Write as _;
use std::path::{Path, PathBuf};

use super::{draw, ReportSpec};

/// A command's typed result, which renders itself in each format `F` of the command.
pub trait Document<F> {
    /// The whole output in `format`.
    fn render(&self, format: F) -> String;

    /// Whether the text in `format` may hold ANSI colour escapes: then standard output gets it
    /// through `anstream` (which strips them when colour is off) and a file gets it stripped
    /// ([`draw::plain`]). Otherwise the text goes out byte for byte. Yes unless said otherwise.
    fn styled(&self, format: F) -> bool {
        let _ = format;
        true
    }
}

/// A write that failed.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// Standard output refused the text (a reader that went away: see [`WriteError::is_broken_pipe`]).
    #[error(transparent)]
    Stdout(std::io::Error),
    /// A file could not be written; it is unchanged.
    #[error("cannot write {}", path.display())]
    File {
        /// The file.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
}

impl WriteError {
    /// Whether standard output's reader has gone (`zuma-judge list | head -1`).
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, WriteError::Stdout(e) if e.kind() == std::io::ErrorKind::BrokenPipe)
    }
}

/// Writes `doc` in `format` to `out` (standard output when `None`), then in each `--report`'s
/// format to its file.
pub fn write<F: Copy, D: Document<F> + ?Sized>(
    doc: &D,
    format: F,
    out: Option<&Path>,
    reports: &[ReportSpec<F>],
) -> Result<(), WriteError> {
    let styled = doc.styled(format);
    let text = doc.render(format);
    match out {
        Some(path) => to_file(path, file_text(&text, styled).as_bytes())?,
        None => to_stdout(&text, styled)?,
    }
    to_reports(doc, reports)
}

/// Writes `doc` in each `--report`'s format to its file.
pub fn to_reports<F: Copy, D: Document<F> + ?Sized>(
    doc: &D,
    reports: &[ReportSpec<F>],
) -> Result<(), WriteError> {
    for spec in reports {
        let text = doc.render(spec.format);
        to_file(
            &spec.path,
            file_text(&text, doc.styled(spec.format)).as_bytes(),
        )?;
    }
    Ok(())
}

/// Writes `text` to standard output: through `anstream` when it may hold colour.
pub fn to_stdout(text: &str, styled: bool) -> Result<(), WriteError> {
    let written = if styled {
        anstream::stdout().write_all(text.as_bytes())
    } else {
        std::io::stdout().lock().write_all(text.as_bytes())
    };
    written.map_err(WriteError::Stdout)
}

/// Writes `bytes` to `path` atomically (see [`crate::atomic::write`]).
pub fn to_file(path: &Path, bytes: &[u8]) -> Result<(), WriteError> {
    crate::atomic::write(path, bytes).map_err(|source| WriteError::File {
        path: path.to_path_buf(),
        source,
    })
}

/// What a file gets: the text without colour.
fn file_text(text: &str, styled: bool) -> std::borrow::Cow<'_, str> {
    if styled {
        draw::plain(text).into()
    } else {
        text.into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Greeting;

    impl Document<bool> for Greeting {
        fn render(&self, loud: bool) -> String {
            if loud {
                "\x1b[1mHELLO\x1b[0m\n".into()
            } else {
                "hello\n".into()
            }
        }
    }

    #[test]
    fn every_report_gets_its_format_and_files_lose_their_colour() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a.txt"), dir.path().join("b.txt"));
        let reports = [
            ReportSpec {
                format: false,
                path: b.clone(),
            },
            ReportSpec {
                format: true,
                path: dir.path().join("c.txt"),
            },
        ];
        write(&Greeting, true, Some(&a), &reports).unwrap();
        let read = |p: &Path| std::fs::read_to_string(p).unwrap();
        assert_eq!(read(&a), "HELLO\n");
        assert_eq!(read(&b), "hello\n");
        assert_eq!(read(&dir.path().join("c.txt")), "HELLO\n");
        let gone = dir.path().join("no/such/file");
        let e = write(&Greeting, false, Some(&gone), &[]).unwrap_err();
        assert_eq!(e.to_string(), format!("cannot write {}", gone.display()));
        assert!(!e.is_broken_pipe());
    }
}
