//! `zuma-judge bench`: the oracle, the reference search and the seed 000 port timed on the same
//! cases, in process or as whole processes.

use std::io::IsTerminal as _;
use std::path::PathBuf;

use anyhow::{Context, Result};

use zuma_judge::cases::case;
use zuma_judge::cases::config::Config;
use zuma_judge::hunt::bench::{self, Engine};
use zuma_judge::judge::exit::Exit;
use zuma_judge::report::{self, writer, HumanOrJson};

/// Flags of `bench`.
#[derive(clap::Args)]
pub struct BenchArgs {
    /// A case file or a directory of them; repeatable.
    #[arg(long = "cases", value_name = "PATH", default_value = "cases/hard.toml")]
    pub cases: Vec<PathBuf>,
    /// Time only this engine; repeatable (default: all three).
    #[arg(long = "engine", value_enum, value_name = "ENGINE")]
    pub engines: Vec<Engine>,
    /// Time whole `zuma-judge solve --engine E` processes instead of in-process calls.
    #[arg(long)]
    pub process: bool,
    /// Runs per case and engine, averaged.
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub repeat: usize,
    /// Output format.
    #[arg(long, value_enum, default_value = "human")]
    pub format: HumanOrJson,
}

/// Runs `bench`; returns how it ended: [`Exit::Differs`] when two engines disagree,
/// [`Exit::Usage`] when a case file cannot be used (every problem is said and the other files are still timed).
pub fn run(config: &Config, a: BenchArgs) -> Result<Exit> {
    cmd_bench(config, &a.cases, &a.engines, a.process, a.repeat, a.format)
}

fn cmd_bench(
    config: &Config,
    cases: &[PathBuf],
    engines: &[Engine],
    process: bool,
    repeat: usize,
    format: HumanOrJson,
) -> Result<Exit> {
    let engines = if engines.is_empty() {
        Engine::ALL.to_vec()
    } else {
        engines.to_vec()
    };
    let mode = if process {
        bench::Mode::Process
    } else {
        bench::Mode::InProcess
    };
    let exe = std::env::current_exe().context("cannot find the zuma-judge executable")?;
    // As in `run`: every case-file problem is said, and the files that loaded are still timed.
    let suite = case::load(cases, &config.constraints);
    for e in &suite.errors {
        zuma_judge::eprintln_lossy!("error: {e}");
    }
    for w in &suite.warnings {
        zuma_judge::eprintln_lossy!("warning: {w}");
    }
    if suite.nothing_read() {
        return Ok(Exit::Usage);
    }
    let report = bench::run(
        &suite,
        &engines,
        mode,
        repeat,
        &exe,
        // Progress is for a person watching: none when standard error is a file or a pipe.
        &mut |row| {
            if std::io::stderr().is_terminal() {
                zuma_judge::eprintln_lossy!("timed {}", row.case);
            }
        },
    )?;
    writer::write(&report, format, None, &[])?;
    Ok(if suite.errors.is_empty() {
        report::bench::exit(&report)
    } else {
        Exit::Usage
    })
}
