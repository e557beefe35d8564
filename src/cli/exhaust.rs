//! `zuma-judge exhaust`: a solution judged on every symmetry class up to a bound, smallest
//! first; the smallest counterexample reported and recorded (a shard leaves that to `merge`).

use std::path::PathBuf;

use anyhow::Result;

use zuma_judge::cases::config::Config;
use zuma_judge::hunt::exhaust::{self, Shard};
use zuma_judge::judge::exit::Exit;
use zuma_judge::report::{hunt, writer};

use super::args::{Calls, HuntFormat, Recording};
use super::bar::Bar;
use super::hunted::Candidate;
use super::recorded::record;

/// Flags of `exhaust`.
#[derive(clap::Args)]
pub struct ExhaustArgs {
    #[command(flatten)]
    candidate: Candidate,
    /// Longest board, in balls.
    #[arg(long, value_name = "N", default_value_t = 8)]
    max_board: usize,
    /// Largest hand, in balls.
    #[arg(long, value_name = "M", default_value_t = 5)]
    max_hand: usize,
    /// Judge everything and count failures by kind, instead of stopping at the first.
    #[arg(long)]
    all: bool,
    /// Judge only shard K of N (1-based); combine shard JSON reports with `merge`, which
    /// is the gate: a shard exits 0 when it ran, whatever it found.
    #[arg(long, value_name = "K/N")]
    shard: Option<Shard>,
    /// With --shard: exit 1 when this shard finds a counterexample.
    #[arg(long, requires = "shard")]
    fail_on_counterexample: bool,
    /// Output format.
    #[arg(long, value_enum, default_value = "human")]
    format: HuntFormat,
    /// Write the report here instead of standard output.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Judge the metamorphic variant (board reversed, colours renamed, hand reordered) of
    /// every class called solvable and of 1 in N of the others; 1 judges every class's.
    #[arg(long, value_name = "N", default_value_t = 16,
          value_parser = clap::value_parser!(u64).range(1..))]
    metamorphic_sample: u64,
    /// Judge no metamorphic variants.
    #[arg(long)]
    no_metamorphic: bool,
    #[command(flatten)]
    recording: Recording,
    #[command(flatten)]
    calls: Calls,
}

/// Runs `exhaust`; returns the exit code.
pub fn run(config: &Config, a: ExhaustArgs) -> Result<Exit> {
    super::outputs::check_out(a.out.as_deref())?;
    // Ctrl-C and SIGTERM stop the sweep as they stop `run`: the calls in progress, then the
    // report of the classes judged so far, marked incomplete (exit 3).
    let hunted = a
        .candidate
        .hunted(a.calls.in_process, config)?
        .interruptible()?;
    let sol = hunted.solution();
    let opts = exhaust::Options {
        max_board: a.max_board,
        max_hand: a.max_hand,
        all: a.all,
        shard: a.shard,
        metamorphic_sample: if a.no_metamorphic {
            0
        } else {
            a.metamorphic_sample
        },
        jobs: a.calls.jobs,
        interruptible: true,
        deadline: None,
    };
    let bar = Bar::new("exhaust");
    let make = || hunted.executor();
    let report = exhaust::run(sol, &make, &opts, &config.constraints, &bar)?;
    bar.0.finish_and_clear();
    writer::write(&hunt::Sweep(&report, None), a.format, a.out.as_deref(), &[])?;
    match (&report.counterexample, a.recording.no_record, a.shard) {
        (Some(cx), false, None) => record(
            &a.recording.regressions,
            sol.name(),
            cx,
            format!(
                "zuma-judge exhaust --max-board {} --max-hand {}",
                a.max_board, a.max_hand
            ),
            config,
        )?,
        // A shard's smallest need not be the sweep's: `merge` records that one.
        (Some(_), false, Some(s)) => zuma_judge::eprintln_lossy!(
            "shard {s}: counterexample not recorded; `zuma-judge merge` records the smallest of all the shards"
        ),
        _ => {}
    }
    // A shard found what it found: `merge` of every shard decides, unless asked.
    // A stopped shard did not run to its end: exit 3 all the same.
    let gate = a.shard.is_none() || a.fail_on_counterexample || report.incomplete.is_some();
    let exit = if gate { report.exit() } else { Exit::Ok };
    Ok(exit)
}
