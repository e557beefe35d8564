//! Hacks: an input someone found that may break accepted solutions, added to a case file as an
//! ordinary case with its provenance (who or what found it, and when). Like regression cases,
//! the read, the check for the same input and the write happen under [`atomic::FolderLock`] on
//! the file's folder, and the file is replaced atomically.

use std::path::{Path, PathBuf};

use crate::atomic;
use crate::cases::case;
use crate::cases::regression::{io, Appended, RegressionError};
use crate::game::rules::{Constraints, Instance};

/// Where hacks go by default, relative to the project root.
pub const DEFAULT_FILE: &str = "cases/hacks.toml";

/// A hack to record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hack {
    /// The input, validated.
    pub instance: Instance,
    /// The board as given.
    pub board: String,
    /// The hand as given (its order kept).
    pub hand: String,
    /// The oracle's answer, the case's `expected`.
    pub expected: i32,
    /// Who or what found it, e.g. `LeetCode discussion, 2021`.
    pub source: String,
    /// When it was added, `YYYY-MM-DD` (UTC).
    pub date: String,
}

/// Adds `hack` as a case to `file` (creating it and its folder when missing), unless the file
/// already holds the same board and hand. Errors: the file cannot be read or written, or does
/// not parse (it is then left alone).
pub fn add(file: &Path, hack: &Hack, limits: &Constraints) -> Result<Appended, RegressionError> {
    let folder = file
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(folder).map_err(io(folder, "create the folder"))?;
    let _lock = atomic::FolderLock::for_file(file).map_err(io(folder, "lock the folder"))?;
    let existing = match std::fs::read_to_string(file) {
        Ok(t) => Some(t),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(io(file, "read")(e)),
    };
    let name = format!("{}-{}", hack.board, hack.hand);
    if let Some(text) = &existing {
        let shown = file.display().to_string();
        let (cases, errors) = case::parse_file(file, &shown, text, limits);
        if let Some(e) = errors
            .into_iter()
            .find(|e| matches!(e, case::CaseError::Syntax { .. }))
        {
            return Err(RegressionError::Broken(e));
        }
        if let Some(c) = cases
            .iter()
            .find(|c| (c.board == hack.board && c.hand == hack.hand) || c.name == name)
        {
            return Ok(Appended::AlreadyRecorded {
                path: file.to_path_buf(),
                name: c.name.clone(),
            });
        }
    }
    let mut text = existing.unwrap_or_else(|| HEADER.to_string());
    if !text.ends_with('\n') {
        text.push('\n');
    }
    text.push_str(&block(&name, hack));
    atomic::write(file, text.as_bytes()).map_err(io(file, "write"))?;
    Ok(Appended::Written {
        path: PathBuf::from(file),
        name,
    })
}

const HEADER: &str = "# Hacks: inputs added with `zuma-judge hack BOARD HAND --apply`, each with where it came\n# from. `expected` is the oracle's answer; `run` judges them like any other case.\n";

/// The `[[case]]` block, with a blank line before it.
fn block(name: &str, hack: &Hack) -> String {
    let q = |s: &str| toml::Value::String(s.to_string()).to_string();
    format!(
        "\n[[case]]\nname = {}\nboard = {}\nhand = {}\nexpected = {}\nnote = {}\ntags = [\"hack\"]\n",
        q(name),
        q(&hack.board),
        q(&hack.hand),
        hack.expected,
        q(&format!("added by zuma-judge hack on {}; source: {}", hack.date, hack.source))
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hack() -> Hack {
        Hack {
            instance: Instance::parse("RRYGGYYRRYYGGYRR", "GGBBB", &Constraints::default())
                .unwrap(),
            board: "RRYGGYYRRYYGGYRR".into(),
            hand: "GGBBB".into(),
            expected: 5,
            source: "LeetCode discussion".into(),
            date: "2026-12-06".into(),
        }
    }

    #[test]
    fn adds_once_and_the_file_loads_as_cases() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("cases/hacks.toml");
        let lim = Constraints::default();
        let a = add(&file, &hack(), &lim).unwrap();
        assert_eq!(
            a,
            Appended::Written {
                path: file.clone(),
                name: "RRYGGYYRRYYGGYRR-GGBBB".into()
            }
        );
        let again = add(&file, &hack(), &lim).unwrap();
        assert!(matches!(again, Appended::AlreadyRecorded { .. }));
        let text = std::fs::read_to_string(&file).unwrap();
        assert_eq!(
            text,
            format!(
                "{HEADER}\n[[case]]\nname = \"RRYGGYYRRYYGGYRR-GGBBB\"\nboard = \"RRYGGYYRRYYGGYRR\"\nhand = \"GGBBB\"\nexpected = 5\nnote = \"added by zuma-judge hack on 2026-12-06; source: LeetCode discussion\"\ntags = [\"hack\"]\n"
            )
        );
        let (cases, errors) = case::parse_file(&file, "hacks.toml", &text, &lim);
        assert_eq!((cases.len(), errors.len()), (1, 0));
    }
}
