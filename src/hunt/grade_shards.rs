//! `grade --shard K/N`: which shard grades a submission (a stable hash of its student id, never
//! its place in the listing), `--shard auto` read from a scheduler's variables (Slurm job
//! arrays, Kubernetes Indexed Jobs, GNU parallel), the fingerprint that makes the shards of
//! one folder comparable, and what a shard's JSON rows leave out, put back for the merge (every
//! input solved again for its witness). The shard report and its merge are
//! `report/grade_shard.rs`'s.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use thiserror::Error;

use crate::cases::case::Suite;
use crate::cases::config::Config;
use crate::game::oracle::{Oracle, Solved};
use crate::game::rules::{Constraints, Instance};
use crate::hunt::sweep::Shard;
use crate::judge::case_verdict::{CaseVerdict, SkipReason};
use crate::judge::failing::{self, FailingInput};
use crate::judge::runner::SolutionReport;
use crate::submission::replay;

/// The shard (1-based, of `count`) that grades the submission of `student`: the first 8 bytes
/// of the SHA-256 of the id's UTF-8 bytes, read as a big-endian integer, modulo `count`, plus
/// one. It depends on the id and `count` alone, so a file added to the folder moves no
/// submission whose student id stays the same (a default id can change when a file joins its
/// folder: `intake::student_of`), and every machine and judge version agrees.
pub fn shard_of(student: &str, count: usize) -> usize {
    let digest = Sha256::digest(student.as_bytes());
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest[..8]);
    (u64::from_be_bytes(first) % count as u64) as usize + 1
}

/// Whether `shard` grades the submission of `student`.
pub fn takes(shard: Shard, student: &str) -> bool {
    shard_of(student, shard.count) == shard.index
}

/// A shard read from a scheduler's variables, and what was read, for standard error, e.g.
/// `SLURM_ARRAY_TASK_ID=2, SLURM_ARRAY_TASK_COUNT=4`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The shard.
    pub shard: Shard,
    /// The variables (and flag) it came from, `NAME=value` each.
    pub from: String,
}

/// `--shard auto` without a usable shard. `grade` exits 2.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum AutoError {
    /// No scheduler variable is set.
    #[error(
        "--shard auto: no scheduler variable is set; it reads SLURM_ARRAY_TASK_ID and \
         SLURM_ARRAY_TASK_COUNT (Slurm job arrays), JOB_COMPLETION_INDEX with --shard-count or \
         JOB_COMPLETIONS (Kubernetes Indexed Jobs), or PARALLEL_SEQ with --shard-count (GNU \
         parallel); or give --shard K/N"
    )]
    Nothing,
    /// The variables are there but give no shard: one missing, not a number, out of range,
    /// or two that disagree.
    #[error("--shard auto: {0}")]
    Disagree(String),
}

/// The shard `--shard auto` means, from the variables `var` reads (the process environment in
/// `grade`), in this order: Slurm (`SLURM_ARRAY_TASK_ID`, `SLURM_ARRAY_TASK_COUNT`,
/// `SLURM_ARRAY_TASK_MIN` (default 0), `SLURM_ARRAY_TASK_STEP` (default 1): K = (ID - MIN) /
/// STEP + 1, an array with holes refused), a Kubernetes Indexed Job (`JOB_COMPLETION_INDEX`,
/// 0-based; the count from `count` (`--shard-count`) or `JOB_COMPLETIONS`), GNU parallel
/// (`PARALLEL_SEQ`, 1-based; the count from `count`). A count given twice must agree.
pub fn auto(
    var: &dyn Fn(&str) -> Option<String>,
    count: Option<usize>,
) -> Result<Found, AutoError> {
    let var = |name: &str| var(name).filter(|v| !v.trim().is_empty());
    if let Some(id) = var("SLURM_ARRAY_TASK_ID") {
        slurm(&var, &id, count)
    } else if let Some(index) = var("JOB_COMPLETION_INDEX") {
        let (n, from) = one_count(count, "JOB_COMPLETIONS", var("JOB_COMPLETIONS"))?;
        let index = number("JOB_COMPLETION_INDEX", &index)?;
        found(
            index + 1,
            n,
            format!("JOB_COMPLETION_INDEX={index}, {from}"),
        )
    } else if let Some(seq) = var("PARALLEL_SEQ") {
        let Some(n) = count else {
            return Err(AutoError::Disagree(format!(
                "PARALLEL_SEQ={seq} is set, but GNU parallel sets no count: give --shard-count N \
                 (or pass --shard {{}}/N from parallel's arguments)"
            )));
        };
        let k = number("PARALLEL_SEQ", &seq)?;
        found(k, n, format!("PARALLEL_SEQ={k}, --shard-count {n}"))
    } else {
        Err(AutoError::Nothing)
    }
}

/// A Slurm array task's shard.
fn slurm(
    var: &dyn Fn(&str) -> Option<String>,
    id: &str,
    count: Option<usize>,
) -> Result<Found, AutoError> {
    let id = number("SLURM_ARRAY_TASK_ID", id)?;
    let (n, from) = one_count(
        count,
        "SLURM_ARRAY_TASK_COUNT",
        var("SLURM_ARRAY_TASK_COUNT"),
    )?;
    let read = |name: &str, default: usize| {
        var(name).map_or(Ok((default, None)), |v| Ok((number(name, &v)?, Some(v))))
    };
    let (min, min_set) = read("SLURM_ARRAY_TASK_MIN", 0)?;
    let (step, step_set) = read("SLURM_ARRAY_TASK_STEP", 1)?;
    let mut said = format!("SLURM_ARRAY_TASK_ID={id}, {from}");
    for (name, set) in [("MIN", min_set), ("STEP", step_set)] {
        if let Some(v) = set {
            said += &format!(", SLURM_ARRAY_TASK_{name}={v}");
        }
    }
    let bad = |why: String| Err(AutoError::Disagree(format!("{said}: {why}")));
    if step == 0 || id < min || (id - min) % step != 0 {
        return bad(format!(
            "the task id is not MIN + a multiple of STEP ({min} + k * {step})"
        ));
    }
    if let Some(max) = var("SLURM_ARRAY_TASK_MAX") {
        let max = number("SLURM_ARRAY_TASK_MAX", &max)?;
        if max < min || (max - min) / step + 1 != n {
            return bad(format!(
                "an array with holes (SLURM_ARRAY_TASK_MAX={max}: the ids {min}..={max} step \
                 {step} are not {n} tasks); give the array as a range, e.g. --array=0-{}",
                n.saturating_sub(1)
            ));
        }
    }
    found((id - min) / step + 1, n, said)
}

/// The count from `--shard-count` or the variable `name`, which must agree when both are set,
/// and how it was read.
fn one_count(
    flag: Option<usize>,
    name: &str,
    value: Option<String>,
) -> Result<(usize, String), AutoError> {
    match (flag, value) {
        (Some(n), None) => Ok((n, format!("--shard-count {n}"))),
        (None, Some(v)) => Ok((number(name, &v)?, format!("{name}={v}"))),
        (Some(n), Some(v)) if number(name, &v)? == n => Ok((n, format!("{name}={v}"))),
        (Some(n), Some(v)) => Err(AutoError::Disagree(format!(
            "--shard-count {n} and {name}={v} disagree"
        ))),
        (None, None) => Err(AutoError::Disagree(format!(
            "{name} is not set: give the number of shards with --shard-count N"
        ))),
    }
}

/// The variable `name`'s value as a number.
fn number(name: &str, value: &str) -> Result<usize, AutoError> {
    value.trim().parse().map_err(|_| {
        AutoError::Disagree(format!("{name}={value} is not a non-negative whole number"))
    })
}

/// Shard `index` of `count`, once `1 <= index <= count`.
fn found(index: usize, count: usize, from: String) -> Result<Found, AutoError> {
    if count == 0 || index == 0 || index > count {
        return Err(AutoError::Disagree(format!(
            "{from}: shard {index} of {count} does not exist (1 <= K <= N)"
        )));
    }
    Ok(Found {
        shard: Shard { index, count },
        from,
    })
}

/// What makes two shards comparable: they graded with the same judge build, configuration,
/// cases and sandbox. Each part is a SHA-256 in hex, as the verdict cache keys its tapes
/// (`judge/tapes.rs`): the judge binary's bytes, `judge.toml` as the reports write it, every
/// case's id, input, points and visibility (and every case-file error).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fingerprint {
    /// `zuma-judge` and its version, e.g. `zuma-judge 0.1.0`.
    pub judge: String,
    /// SHA-256 of the judge binary; empty when it cannot be read.
    pub judge_sha256: String,
    /// SHA-256 of the configuration's JSON.
    pub config_sha256: String,
    /// SHA-256 of the cases (ids, boards, hands, points, visibility and case-file errors, each
    /// part length-prefixed as in the verdict cache's keys).
    pub cases_sha256: String,
    /// The sandbox, as the reports describe it.
    pub sandbox: String,
}

impl Fingerprint {
    /// The fingerprint of grading `suite` under `config` with this judge, here.
    pub fn of(config: &Config, suite: &Suite) -> Fingerprint {
        let judge_sha256 = std::env::current_exe()
            .and_then(std::fs::read)
            .map_or_else(|_| String::new(), |b| format!("{:x}", Sha256::digest(b)));
        let config = serde_json::to_string(config).expect("a config serialises");
        let mut cases = replay::Key::new();
        for c in &suite.cases {
            for part in [&c.id, &c.board, &c.hand] {
                cases.put(part.as_bytes());
            }
            cases.put(format!("{} {:?}", c.points, c.visibility).as_bytes());
        }
        for e in &suite.errors {
            cases.put(e.to_string().as_bytes());
        }
        Fingerprint {
            judge: format!("zuma-judge {}", env!("CARGO_PKG_VERSION")),
            judge_sha256,
            config_sha256: format!("{:x}", Sha256::digest(config.as_bytes())),
            cases_sha256: cases.hex(),
            sandbox: crate::submission::sandbox::status().describe(),
        }
    }
}

/// What a submission's JSON row leaves out and a merge needs to render it as `grade` does:
/// why each skipped case was skipped, the case each failing input failed as, and the sweep's
/// failing class's message.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Unwritten {
    /// Each skipped case: its position in the row's `cases`, and why.
    pub skips: Vec<(usize, SkipReason)>,
    /// The case of `first_failure`.
    pub first_failure_case: Option<String>,
    /// The case of `minimised` (null for an input shrinking found).
    pub minimised_case: Option<String>,
    /// The sweep's failing class: its case and message.
    pub sweep_failed: Option<(Option<String>, Option<String>)>,
}

impl Unwritten {
    /// What the JSON of `s` leaves out.
    pub fn of(s: &SolutionReport) -> Unwritten {
        let skips = s.cases.iter().enumerate();
        let skips = skips.filter_map(|(i, c)| match c.verdict {
            CaseVerdict::Skipped(why) => Some((i, why)),
            CaseVerdict::Judged(_) => None,
        });
        Unwritten {
            skips: skips.collect(),
            first_failure_case: s.first_failure.as_ref().and_then(|f| f.case.clone()),
            minimised_case: s.minimised.as_ref().and_then(|f| f.case.clone()),
            sweep_failed: s
                .sweep
                .as_ref()
                .and_then(|w| w.failed.as_ref())
                .map(|f| (f.case.clone(), f.message.clone())),
        }
    }
}

/// The oracle's answers for the inputs a shard report names, each solved once.
pub struct Solver<'c> {
    oracle: Oracle,
    constraints: &'c Constraints,
    solved: HashMap<(String, String), Solved>,
}

impl<'c> Solver<'c> {
    /// No input solved yet, under `constraints`.
    pub fn new(constraints: &'c Constraints) -> Self {
        Solver {
            oracle: Oracle::new(),
            constraints,
            solved: HashMap::new(),
        }
    }

    /// `board` + `hand` solved, or why the shard file's input is no valid one.
    fn solve(&mut self, board: &str, hand: &str) -> Result<Solved, String> {
        let key = (board.to_string(), hand.to_string());
        if let Some(s) = self.solved.get(&key) {
            return Ok(s.clone());
        }
        let instance = Instance::parse(board, hand, self.constraints)
            .map_err(|e| format!("the input {board} + {hand} is not valid: {e}"))?;
        let answer = self
            .oracle
            .solve(&instance)
            .map_err(|e| format!("the input {board} + {hand}: {e}"))?;
        let solved = Solved { instance, answer };
        self.solved.insert(key, solved.clone());
        Ok(solved)
    }
}

/// Puts back into `s`, read from JSON, what the JSON leaves out: every input's instance and
/// the oracle's answer (solved again; a stated answer or witness that differs is refused),
/// why each skipped case was skipped, and the failing inputs' cases and messages.
pub fn restore(s: &mut SolutionReport, u: &Unwritten, solve: &mut Solver) -> Result<(), String> {
    for c in &mut s.cases {
        c.solved = solve.solve(&c.board, &c.hand)?;
        if c.solved.answer.as_i32() != c.oracle {
            return Err(format!(
                "says the answer for {} + {} is {}, the oracle says {}: the file is not what grade wrote",
                c.board,
                c.hand,
                c.oracle,
                c.solved.answer.as_i32()
            ));
        }
    }
    for &(i, why) in &u.skips {
        match s.cases.get_mut(i) {
            Some(c) if c.verdict.is_skipped() => c.verdict = CaseVerdict::Skipped(why),
            _ => return Err(format!("{}: case {i} is no skipped case", s.path)),
        }
    }
    let path = s.path.clone();
    let failing = |f: &mut FailingInput, case: Option<String>, solve: &mut Solver| {
        f.solved = solve.solve(&f.board, &f.hand)?;
        f.case = case;
        let witness = failing::witness(&f.solved.answer);
        if f.witness.is_empty() && f.size == 0 {
            // A sweep's failing class keeps neither in JSON.
            f.witness = witness;
            f.size = f.solved.instance.size();
        } else if f.witness != witness {
            return Err(format!(
                "{path}: the witness for {} + {} is not the oracle's: the file is not what grade wrote",
                f.board, f.hand
            ));
        }
        Ok(())
    };
    if let Some(f) = &mut s.first_failure {
        failing(f, u.first_failure_case.clone(), solve)?;
    }
    if let Some(f) = &mut s.minimised {
        failing(f, u.minimised_case.clone(), solve)?;
    }
    if let Some(f) = s.sweep.as_mut().and_then(|w| w.failed.as_mut()) {
        let (case, message) = u.sweep_failed.clone().unwrap_or_default();
        failing(f, case, solve)?;
        f.message = message;
    }
    Ok(())
}

#[cfg(test)]
mod tests;
