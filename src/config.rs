//! `judge.toml`: the input constraints and the judging limits a run works under. Optional; the
//! defaults are LeetCode's current constraints. Every report prints what it ran under.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::rules::Constraints;

/// Judging limits, per case.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Limits {
    /// CPU time a solution may spend on one case, in milliseconds.
    pub cpu_ms: u64,
    /// Address space a solution's worker may use, in mebibytes.
    pub memory_mib: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            cpu_ms: 2000,
            memory_mib: 1024,
        }
    }
}

impl Limits {
    /// Checks the limits; the message names the key and the allowed range.
    pub fn check(&self) -> Result<(), String> {
        if !(1..=600_000).contains(&self.cpu_ms) {
            return Err(format!(
                "[limits] cpu_ms = {} is out of range: use 1 to 600000 (milliseconds)",
                self.cpu_ms
            ));
        }
        if self.memory_mib < 16 {
            return Err(format!(
                "[limits] memory_mib = {} is too small: use at least 16 (MiB)",
                self.memory_mib
            ));
        }
        Ok(())
    }

    /// Wall-clock limit for one case: twice the CPU limit plus one second, in milliseconds, so a
    /// sleeping or blocked solution cannot hang the judge.
    pub fn wall_ms(&self) -> u64 {
        2 * self.cpu_ms + 1000
    }
}

/// The whole of `judge.toml`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    /// What a valid input is.
    pub constraints: Constraints,
    /// How long and how much memory a solution may use.
    pub limits: Limits,
}

/// A `judge.toml` that cannot be used. Exit code 2.
#[derive(Debug, Error)]
pub enum ConfigError {
    /// The file exists but cannot be read.
    #[error("{path}: cannot read: {error}")]
    Read {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        error: std::io::Error,
    },
    /// TOML syntax, an unknown key or a wrong type.
    #[error("{path} line {line}: {message}")]
    Syntax {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// What the parser said.
        message: String,
    },
    /// Keys that parse but make no sense together.
    #[error("{path}: {message}")]
    Constraints {
        /// The file.
        path: PathBuf,
        /// What is wrong and how to fix it.
        message: String,
    },
}

impl Config {
    /// Reads `path`. When `required` is false and the file does not exist, the defaults.
    pub fn load(path: &Path, required: bool) -> Result<Config, ConfigError> {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && !required => {
                return Ok(Config::default())
            }
            Err(error) => {
                return Err(ConfigError::Read {
                    path: path.to_path_buf(),
                    error,
                })
            }
        };
        let config: Config = toml::from_str(&text).map_err(|e| ConfigError::Syntax {
            path: path.to_path_buf(),
            line: e.span().map_or(1, |s| line_of(&text, s.start)),
            message: e.message().to_string(),
        })?;
        config
            .constraints
            .check()
            .map(|()| config.limits.check())
            .and_then(|r| r)
            .map_err(|message| ConfigError::Constraints {
                path: path.to_path_buf(),
                message,
            })?;
        Ok(config)
    }

    /// One line for reports, e.g. `board 1..=16, hand 1..=5, colours RYBGW; 2000 ms CPU, 5000 ms wall, 1024 MiB`.
    pub fn describe(&self) -> String {
        format!(
            "board 1..={}, hand 1..={}, colours {}; {} ms CPU, {} ms wall, {} MiB",
            self.constraints.board_max,
            self.constraints.hand_max,
            self.constraints.colours,
            self.limits.cpu_ms,
            self.limits.wall_ms(),
            self.limits.memory_mib
        )
    }
}

/// 1-based line of byte offset `at` in `text`.
pub fn line_of(text: &str, at: usize) -> usize {
    text.as_bytes()[..at.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn old_limit_and_errors() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("judge.toml");
        std::fs::write(&p, "[constraints]\nboard_max = 20\n").unwrap();
        let c = Config::load(&p, true).unwrap();
        assert_eq!((c.constraints.board_max, c.constraints.hand_max), (20, 5));
        std::fs::write(&p, "[constraints]\nboard_max = 20\nboard_min = 2\n").unwrap();
        let e = Config::load(&p, true).unwrap_err().to_string();
        assert!(e.contains("line 3: unknown field `board_min`"), "{e}");
        std::fs::write(&p, "[constraints]\nboard_max = 40\n").unwrap();
        let e = Config::load(&p, true).unwrap_err().to_string();
        assert!(
            e.ends_with("[constraints] board_max + hand_max is 45, the oracle supports at most 41"),
            "{e}"
        );
        assert_eq!(
            Config::load(&dir.path().join("none.toml"), false).unwrap(),
            Config::default()
        );
    }
}
