//! `bench`: the oracle, the reference BFS and the seed 000 port timed on the same cases in the
//! same run, either in process or as whole `zuma-judge solve --engine ...` processes (as a
//! hyperfine loop would). The caller prints the [`BenchReport`].

use std::path::Path;
use std::process::Command;
use std::time::Instant;

use serde::Serialize;

use crate::game::oracle;
use crate::game::reference;
use crate::game::rules::Instance;
use crate::submission::registry;

/// A way to answer one instance.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum Engine {
    /// The exact oracle (src/game/oracle.rs), a fresh memo per call.
    Oracle,
    /// The plain complete breadth-first search (src/game/reference.rs).
    Reference,
    /// The drop-in solution `solutions/accepted/seed000_bfs.rs`: seed 000's pruned BFS.
    Seed000,
}

/// The registry name of the seed 000 port.
pub const SEED000: &str = "seed000_bfs";

impl Engine {
    /// All engines, in table order.
    pub const ALL: [Engine; 3] = [Engine::Oracle, Engine::Reference, Engine::Seed000];

    /// The name on the command line and in tables.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Oracle => "oracle",
            Engine::Reference => "reference",
            Engine::Seed000 => "seed000",
        }
    }

    /// The engine's answer: moves, or -1. Errors if the oracle's witness fails its replay (an
    /// oracle bug) or the seed 000 port is not registered.
    pub fn answer(self, instance: &Instance) -> anyhow::Result<i32> {
        Ok(match self {
            Engine::Oracle => oracle::solve(instance)?.as_i32(),
            Engine::Reference => reference::solve(instance).as_i32(),
            Engine::Seed000 => {
                let s = registry::find(SEED000).ok_or_else(|| {
                    anyhow::anyhow!(
                        "solution {SEED000} is not registered (solutions/accepted/{SEED000}.rs)"
                    )
                })?;
                (s.call)(instance.board.to_string(), instance.hand.to_string())
            }
        })
    }
}

/// How to time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// Calls inside this process; the mean over `repeat` calls.
    InProcess,
    /// Whole `zuma-judge solve BOARD HAND --engine E` processes, started from this executable;
    /// the mean wall time over `repeat` runs, process start and exit included.
    Process,
}

/// One case's timings.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Row {
    /// `file.toml#name`.
    pub case: String,
    /// The board.
    pub board: String,
    /// The hand.
    pub hand: String,
    /// Each engine's answer, in [`Engine::ALL`] order (`None`: engine not run).
    pub answers: Vec<Option<i32>>,
    /// Each engine's mean time, in milliseconds, in [`Engine::ALL`] order.
    pub ms: Vec<Option<f64>>,
}

/// The whole comparison.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BenchReport {
    /// How the times were taken.
    pub mode: Mode,
    /// The engines, in the order of every row's `answers` and `ms` (JSON readers need it).
    pub engines: [Engine; 3],
    /// Runs per (case, engine) averaged.
    pub repeat: usize,
    /// One row per valid case.
    pub rows: Vec<Row>,
    /// Cases whose engines disagree, with the case id (all must agree: they are exact, and
    /// seed 000 is expected to be on these inputs).
    pub disagreements: Vec<String>,
}

impl BenchReport {
    /// Each engine's total time over the rows, in milliseconds, in [`Engine::ALL`] order.
    pub fn totals(&self) -> Vec<Option<f64>> {
        (0..Engine::ALL.len())
            .map(|e| {
                self.rows
                    .iter()
                    .map(|r| r.ms[e])
                    .try_fold(0.0, |acc, t| t.map(|t| acc + t))
            })
            .collect()
    }
}

/// Times `engines` on every valid case of `suite`, `repeat` times each (at least once).
/// `on_row` sees each finished row (for progress). In [`Mode::Process`], `exe` is the
/// `zuma-judge` executable to start. The suite's case-file errors are the caller's to report.
///
/// Errors when an engine fails, or when a process cannot be started.
pub fn run(
    suite: &crate::cases::case::Suite,
    engines: &[Engine],
    mode: Mode,
    repeat: usize,
    exe: &Path,
    on_row: &mut dyn FnMut(&Row),
) -> anyhow::Result<BenchReport> {
    let repeat = repeat.max(1);
    let mut rows = Vec::new();
    let mut disagreements = Vec::new();
    for case in &suite.cases {
        let Ok(instance) = &case.input else { continue };
        let mut row = Row {
            case: case.id.clone(),
            board: case.board.clone(),
            hand: case.hand.clone(),
            answers: vec![None; Engine::ALL.len()],
            ms: vec![None; Engine::ALL.len()],
        };
        for (e, engine) in Engine::ALL.iter().enumerate() {
            if !engines.contains(engine) {
                continue;
            }
            let started = Instant::now();
            let mut answer = 0;
            for _ in 0..repeat {
                answer = match mode {
                    Mode::InProcess => engine.answer(instance)?,
                    Mode::Process => solve_process(exe, instance, *engine)?,
                };
            }
            row.ms[e] = Some(started.elapsed().as_secs_f64() * 1e3 / repeat as f64);
            row.answers[e] = Some(answer);
        }
        let mut given = row.answers.iter().flatten();
        if let Some(first) = given.next() {
            if given.any(|a| a != first) {
                disagreements.push(case.id.clone());
            }
        }
        on_row(&row);
        rows.push(row);
    }
    Ok(BenchReport {
        mode,
        engines: Engine::ALL,
        repeat,
        rows,
        disagreements,
    })
}

/// Runs `exe solve BOARD HAND --engine E` and reads the answer from its first line.
fn solve_process(exe: &Path, instance: &Instance, engine: Engine) -> anyhow::Result<i32> {
    let out = Command::new(exe)
        .args([
            "solve",
            &instance.board.to_string(),
            &instance.hand.to_string(),
            "--engine",
            engine.name(),
        ])
        .output()
        .map_err(|e| anyhow::anyhow!("cannot start {}: {e}", exe.display()))?;
    let text = String::from_utf8_lossy(&out.stdout);
    text.lines()
        .next()
        .and_then(|l| l.trim().parse().ok())
        .ok_or_else(|| {
            anyhow::anyhow!(
                "{} solve {instance} --engine {} printed no answer (exit {:?})",
                exe.display(),
                engine.name(),
                out.status.code()
            )
        })
}
