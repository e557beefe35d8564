//! `judge.toml`: the input constraints and the judging limits a run works under. Optional; the
//! defaults are LeetCode's current constraints. Every report prints what it ran under.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::cases::text::{line_of, one_line};
use crate::game::rules::{Constraints, ConstraintsError};

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
    /// Checks the limits; the error names the key and the allowed range.
    pub fn check(&self) -> Result<(), KeyError> {
        if !(1..=600_000).contains(&self.cpu_ms) {
            return Err(KeyError::CpuMs(self.cpu_ms));
        }
        if self.memory_mib < 16 {
            return Err(KeyError::MemoryMib(self.memory_mib));
        }
        Ok(())
    }

    /// Wall-clock limit for one case: twice the CPU limit plus one second, in milliseconds, so a
    /// sleeping or blocked solution cannot hang the judge.
    pub fn wall_ms(&self) -> u64 {
        2 * self.cpu_ms + 1000
    }
}

/// `[sweep]`: after the case files, every submission is judged on every symmetry class (colour
/// renaming x board reversal) of boards of 1..=`max_board` and hands of 1..=`max_hand` balls,
/// smallest first, up to its first failing class (see [`crate::judge::runner`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Sweep {
    /// Longest board, in balls; 0 turns the sweep off.
    pub max_board: usize,
    /// Largest hand, in balls; 0 turns the sweep off.
    pub max_hand: usize,
}

impl Default for Sweep {
    /// 6 x 4: 11114 classes, the largest bound on which a Python submission spends at most
    /// about 3 s. Measured with `zuma-judge run` (worker calls, one a class, one core each): the
    /// plain Python BFS spent 2.5 s CPU on 6 x 4, 0.4 s on 5 x 4, 2.5 s on 7 x 3 (21769
    /// classes, but hands of 3 only), 13.9 s on 6 x 5 and 16.9 s on 7 x 4; the shipped
    /// `seed003_adjacent_memo_py` 1.4 to 1.6 s on 6 x 4.
    fn default() -> Self {
        Sweep {
            max_board: 6,
            max_hand: 4,
        }
    }
}

impl Sweep {
    /// Whether there is a sweep at all.
    pub fn enabled(&self) -> bool {
        self.max_board > 0 && self.max_hand > 0
    }

    /// Checks the bound against the constraints; the error names the key.
    pub fn check(&self, constraints: &Constraints) -> Result<(), KeyError> {
        if !self.enabled() {
            return Ok(());
        }
        if self.max_board > constraints.board_max.min(SWEEP_MAX_BOARD) {
            return Err(KeyError::SweepBoard {
                max_board: self.max_board,
                allowed: constraints.board_max.min(SWEEP_MAX_BOARD),
            });
        }
        if self.max_hand > constraints.hand_max {
            return Err(KeyError::SweepHand {
                max_hand: self.max_hand,
                allowed: constraints.hand_max,
            });
        }
        if constraints.colours.len() != 5 {
            return Err(KeyError::SweepColours(constraints.colours.clone()));
        }
        Ok(())
    }
}

/// Longest board `[sweep] max_board` may ask for: 10 balls with a hand of 5 is millions of
/// classes, hours for any submission.
pub const SWEEP_MAX_BOARD: usize = 10;

/// `[judging]`: how verdicts are made stable and how a looping submission is cut short. A
/// verdict is a function of the CPU time the judge measured; the wall limit only guards against
/// code that sleeps or blocks, and a call the machine starved at that guard is run again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Judging {
    /// Up to how many extra runs a case gets when its CPU time lands within a factor
    /// [`crate::judge::timing::MARGIN`] of the CPU limit, on either side; the fastest run is judged.
    pub reruns: usize,
    /// Cases are judged easiest first (the oracle's effort); after this many consecutive TLEs
    /// or MLEs a submission's remaining cases, each at least as hard, are skipped (the sweep
    /// still runs, to its first failure); 0 never skips.
    pub tle_skip_after: usize,
    /// Wall-clock limit of every case after a submission's first TLE, in milliseconds; 0 for
    /// the CPU limit x 1.5, the CPU budget at which a worker is killed anyway.
    pub wall_after_tle_ms: u64,
    /// Up to how many more runs, each on a fresh worker, a call gets when the wall guard
    /// stopped it under the CPU limit while the machine starved it (it spent most of its wall
    /// time running or waiting for a core); after that the case is not judged (machine
    /// overloaded) and the run is incomplete.
    pub starved_reruns: usize,
}

impl Default for Judging {
    fn default() -> Self {
        Judging {
            reruns: 3,
            tle_skip_after: 3,
            wall_after_tle_ms: 0,
            starved_reruns: 3,
        }
    }
}

impl Judging {
    /// Checks the keys against the limits; the error names the key.
    pub fn check(&self, limits: &Limits) -> Result<(), KeyError> {
        if self.reruns > 10 {
            return Err(KeyError::Reruns(self.reruns));
        }
        if self.starved_reruns > 10 {
            return Err(KeyError::StarvedReruns(self.starved_reruns));
        }
        if self.tle_skip_after > 1000 {
            return Err(KeyError::TleSkipAfter(self.tle_skip_after));
        }
        let w = self.wall_after_tle_ms;
        if w != 0 && !(limits.cpu_ms..=limits.wall_ms()).contains(&w) {
            return Err(KeyError::WallAfterTle {
                wall_after_tle_ms: w,
                cpu_ms: limits.cpu_ms,
                wall_ms: limits.wall_ms(),
            });
        }
        Ok(())
    }

    /// The wall-clock limit after a first TLE, in milliseconds.
    pub fn wall_after_tle(&self, limits: &Limits) -> u64 {
        if self.wall_after_tle_ms == 0 {
            limits.cpu_ms * 3 / 2
        } else {
            self.wall_after_tle_ms
        }
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
    /// The exhaustive sweep after the case files.
    pub sweep: Sweep,
    /// Reruns near the limit, and what happens after a TLE.
    pub judging: Judging,
    /// What one build may use.
    pub build: BuildLimits,
}

/// `[build]`: what one build of a submission may use. A build past one of them is CE.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct BuildLimits {
    /// Wall-clock time of each build command, in seconds (a cold `kotlinc` takes about 10 s).
    pub wall_s: u64,
    /// CPU time of each process of a build, in seconds.
    pub cpu_s: u64,
    /// Memory of a build: its cgroup's limit where the judge can make one, and the private
    /// memory of each of its processes (`RLIMIT_DATA`) everywhere, in MiB.
    pub memory_mib: u64,
}

impl Default for BuildLimits {
    fn default() -> Self {
        BuildLimits {
            wall_s: 180,
            cpu_s: 120,
            memory_mib: 2048,
        }
    }
}

impl BuildLimits {
    /// Checks the limits; the error names the key and the allowed range.
    pub fn check(&self) -> Result<(), KeyError> {
        let ranges = [
            ("wall_s", self.wall_s, 1, 3600, "seconds"),
            ("cpu_s", self.cpu_s, 1, 3600, "seconds"),
            ("memory_mib", self.memory_mib, 256, 1 << 20, "MiB"),
        ];
        for (key, value, low, high, unit) in ranges {
            if !(low..=high).contains(&value) {
                return Err(KeyError::Build {
                    key,
                    value,
                    low,
                    high,
                    unit,
                });
            }
        }
        Ok(())
    }

    /// Part of a report's limits line: `builds 180 s wall, 120 s CPU, 2048 MiB`.
    pub fn describe(&self) -> String {
        format!(
            "builds {} s wall, {} s CPU, {} MiB",
            self.wall_s, self.cpu_s, self.memory_mib
        )
    }
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
    #[error("{path}: {error}")]
    Constraints {
        /// The file.
        path: PathBuf,
        /// What is wrong and how to fix it.
        error: KeyError,
    },
}

/// A key of `judge.toml` out of its range, or keys that make no sense together: the key, the
/// allowed range and the fix.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum KeyError {
    /// `[constraints]`.
    #[error(transparent)]
    Constraints(#[from] ConstraintsError),
    /// `[limits] cpu_ms`.
    #[error("[limits] cpu_ms = {0} is out of range: use 1 to 600000 (milliseconds)")]
    CpuMs(u64),
    /// `[limits] memory_mib`.
    #[error("[limits] memory_mib = {0} is too small: use at least 16 (MiB)")]
    MemoryMib(u64),
    /// `[sweep] max_board`.
    #[error("[sweep] max_board = {max_board} is out of range: use 0 (no sweep) to {allowed} (the smaller of [constraints] board_max and {SWEEP_MAX_BOARD})")]
    SweepBoard {
        /// As written.
        max_board: usize,
        /// The most allowed.
        allowed: usize,
    },
    /// `[sweep] max_hand`.
    #[error("[sweep] max_hand = {max_hand} is out of range: use 0 (no sweep) to {allowed} ([constraints] hand_max)")]
    SweepHand {
        /// As written.
        max_hand: usize,
        /// The most allowed.
        allowed: usize,
    },
    /// A sweep over an alphabet other than the five colours.
    #[error("[sweep] enumerates boards over the five colours RYBGW, but [constraints] colours = {0:?}: set [sweep] max_board = 0 to turn the sweep off")]
    SweepColours(String),
    /// `[judging] reruns`.
    #[error("[judging] reruns = {0} is out of range: use 0 to 10 (extra runs of a case near the CPU limit)")]
    Reruns(usize),
    /// `[judging] starved_reruns`.
    #[error("[judging] starved_reruns = {0} is out of range: use 0 to 10 (extra runs of a call the machine starved at the wall guard)")]
    StarvedReruns(usize),
    /// `[judging] tle_skip_after`.
    #[error("[judging] tle_skip_after = {0} is out of range: use 0 (never skip) to 1000 (consecutive TLEs or MLEs)")]
    TleSkipAfter(usize),
    /// `[judging] wall_after_tle_ms`.
    #[error("[judging] wall_after_tle_ms = {wall_after_tle_ms} is out of range: use 0 (the CPU limit x 1.5) or {cpu_ms} ([limits] cpu_ms) to {wall_ms} (the wall limit, 2 x cpu_ms + 1000)")]
    WallAfterTle {
        /// As written.
        wall_after_tle_ms: u64,
        /// The least allowed: the CPU limit.
        cpu_ms: u64,
        /// The most allowed: the wall limit.
        wall_ms: u64,
    },
    /// A `[build]` limit.
    #[error("[build] {key} = {value} is out of range: use {low} to {high} ({unit})")]
    Build {
        /// The key.
        key: &'static str,
        /// As written.
        value: u64,
        /// The least allowed.
        low: u64,
        /// The most allowed.
        high: u64,
        /// Its unit.
        unit: &'static str,
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
            message: one_line(e.message()),
        })?;
        config
            .constraints
            .check()
            .map_err(KeyError::from)
            .and_then(|()| config.limits.check())
            .and_then(|()| config.sweep.check(&config.constraints))
            .and_then(|()| config.judging.check(&config.limits))
            .and_then(|()| config.build.check())
            .map_err(|error| ConfigError::Constraints {
                path: path.to_path_buf(),
                error,
            })?;
        Ok(config)
    }

    /// One line for reports, e.g. `board 1..=16, hand 1..=5, colours RYBGW; 2000 ms CPU, 5000
    /// ms wall, 1024 MiB; builds 180 s wall, 120 s CPU, 2048 MiB`.
    pub fn describe(&self) -> String {
        format!(
            "board 1..={}, hand 1..={}, colours {}; {} ms CPU, {} ms wall, {} MiB; {}",
            self.constraints.board_max,
            self.constraints.hand_max,
            self.constraints.colours,
            self.limits.cpu_ms,
            self.limits.wall_ms(),
            self.limits.memory_mib,
            self.build.describe()
        )
    }

    /// One line for reports on the sweep and the judging policy, e.g. `sweep: every class up
    /// to board 6, hand 4; cases: easiest first, skip those at least as hard as 3 TLEs in a row;
    /// reruns: up to 3 near the CPU limit, the fastest decides; wall guard: 5000 ms, 3000 ms
    /// after a TLE, a starved call rerun up to 3 times, then not judged`.
    pub fn describe_judging(&self) -> String {
        let sweep = if self.sweep.enabled() {
            format!(
                "every class up to board {}, hand {}",
                self.sweep.max_board, self.sweep.max_hand
            )
        } else {
            "off".into()
        };
        let skip = match self.judging.tle_skip_after {
            0 => "never skip".to_string(),
            k => format!("skip those at least as hard as {k} TLEs in a row"),
        };
        let reruns = match self.judging.reruns {
            0 => "off".to_string(),
            n => format!("up to {n} near the CPU limit, the fastest decides"),
        };
        let starved = match self.judging.starved_reruns {
            0 => "a starved call not judged".to_string(),
            n => format!("a starved call rerun up to {n} times, then not judged"),
        };
        format!(
            "sweep: {sweep}; cases: easiest first, {skip}; reruns: {reruns}; wall guard: {} ms, \
             {} ms after a TLE, {starved}",
            self.limits.wall_ms(),
            self.judging.wall_after_tle(&self.limits)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn old_limit_and_errors() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("judge.toml");
        crate::atomic::write(&p, "[constraints]\nboard_max = 20\n".as_bytes()).unwrap();
        let c = Config::load(&p, true).unwrap();
        assert_eq!((c.constraints.board_max, c.constraints.hand_max), (20, 5));
        crate::atomic::write(
            &p,
            "[constraints]\nboard_max = 20\nboard_min = 2\n".as_bytes(),
        )
        .unwrap();
        let e = Config::load(&p, true).unwrap_err().to_string();
        assert!(e.contains("line 3: unknown field `board_min`"), "{e}");
        crate::atomic::write(&p, "[constraints]\nboard_max = 40\n".as_bytes()).unwrap();
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

    #[test]
    fn sweep_and_judging_keys_are_range_checked() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("judge.toml");
        let err = |text: &str| {
            crate::atomic::write(&p, text.as_bytes()).unwrap();
            Config::load(&p, true).unwrap_err().to_string()
        };
        assert!(err("[sweep]\nmax_board = 11\n").ends_with(
            "[sweep] max_board = 11 is out of range: use 0 (no sweep) to 10 (the smaller of \
             [constraints] board_max and 10)"
        ));
        assert!(err("[sweep]\nmax_hand = 6\n").ends_with(
            "[sweep] max_hand = 6 is out of range: use 0 (no sweep) to 5 ([constraints] hand_max)"
        ));
        assert!(err("[judging]\nreruns = 11\n").contains("[judging] reruns = 11 is out of range"));
        assert!(err("[judging]\nstarved_reruns = 11\n").ends_with(
            "[judging] starved_reruns = 11 is out of range: use 0 to 10 (extra runs of a call \
             the machine starved at the wall guard)"
        ));
        assert!(err("[judging]\nwall_after_tle_ms = 100\n").ends_with(
            "[judging] wall_after_tle_ms = 100 is out of range: use 0 (the CPU limit x 1.5) or \
             2000 ([limits] cpu_ms) to 5000 (the wall limit, 2 x cpu_ms + 1000)"
        ));
        crate::atomic::write(
            &p,
            b"[sweep]\nmax_board = 0\n[judging]\ntle_skip_after = 0\n",
        )
        .unwrap();
        let c = Config::load(&p, true).unwrap();
        assert!(!c.sweep.enabled());
        assert_eq!(c.judging.wall_after_tle(&c.limits), 3000);
        assert_eq!(
            c.describe_judging(),
            "sweep: off; cases: easiest first, never skip; reruns: up to 3 near the CPU limit, \
             the fastest decides; wall guard: 5000 ms, 3000 ms after a TLE, a starved call \
             rerun up to 3 times, then not judged"
        );
        assert_eq!(
            Config::default().sweep,
            Sweep {
                max_board: 6,
                max_hand: 4
            }
        );
    }
}
