//! `zuma-judge merge`: the JSON reports of `exhaust --shard 1/N` .. `N/N` combined into one,
//! the gate of a sharded sweep; its counterexample checked against the oracle and recorded.

use std::path::PathBuf;

use anyhow::{anyhow, bail, Result};

use zuma_judge::cases::config::Config;
use zuma_judge::game::oracle::{Oracle, Solved};
use zuma_judge::game::rules::Instance;
use zuma_judge::hunt::counterexample::Counterexample;
use zuma_judge::hunt::merge;
use zuma_judge::judge::exit::Exit;
use zuma_judge::report::{hunt, writer};

use super::args::{HuntFormat, Recording};
use super::hunted::Hunted;
use super::recorded::record;

/// Flags of `merge`.
#[derive(clap::Args)]
pub struct MergeArgs {
    /// The shard reports.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value = "human")]
    format: HuntFormat,
    /// Write the report here instead of standard output.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    #[command(flatten)]
    recording: Recording,
}

/// Runs `merge`; returns the exit code.
pub fn run(config: &Config, a: MergeArgs) -> Result<Exit> {
    super::outputs::check_out(a.out.as_deref())?;
    let mut reports = Vec::new();
    for f in &a.files {
        let schema = zuma_judge::report::SCHEMA_VERSION;
        reports.push((f.clone(), merge::read_report(f, schema)?));
    }
    let mut merged = merge::merge(&reports)?;
    // The shard files are input: their counterexample is checked against the oracle before
    // anything is printed or recorded from them.
    if let Some(cx) = merged.counterexample.as_mut() {
        check_with_oracle(cx, config)?;
        check_with_solution(cx, &Hunted::find(&merged.solution, false, config)?)?;
    }
    let sweep = hunt::Sweep(&merged, Some(a.files.len()));
    writer::write(&sweep, a.format, a.out.as_deref(), &[])?;
    if let (Some(cx), false) = (&merged.counterexample, a.recording.no_record) {
        record(
            &a.recording.regressions,
            &merged.solution,
            cx,
            format!(
                "zuma-judge exhaust --max-board {} --max-hand {}, {} shards merged",
                merged.max_board,
                merged.max_hand,
                a.files.len()
            ),
            config,
        )?;
    }
    Ok(merged.exit())
}

/// Errors unless the shards' counterexample is a valid input whose answer they state right and
/// the solution got wrong; else gives it the oracle's typed answer, from which its witness is
/// drawn.
fn check_with_oracle(cx: &mut Counterexample, config: &Config) -> Result<()> {
    let inst = Instance::parse(&cx.board, &cx.hand, &config.constraints).map_err(|e| {
        anyhow!(
            "the shards' counterexample {} + {} is not a valid input: {e}",
            cx.board,
            cx.hand
        )
    })?;
    let answer = Oracle::new().solve(&inst)?;
    let truth = answer.as_i32();
    if truth != cx.oracle {
        bail!(
            "the shards say the answer for {} + {} is {}, the oracle says {truth}: the shard files are not what exhaust wrote",
            cx.board,
            cx.hand,
            cx.oracle
        );
    }
    if cx.got == Some(truth) {
        bail!(
            "the shards' counterexample {} + {} is no counterexample: the solution's answer {truth} is the oracle's; the shard files are not what exhaust wrote",
            cx.board,
            cx.hand
        );
    }
    cx.solved = Some(Solved {
        instance: inst,
        answer,
    });
    Ok(())
}

/// Errors unless the solution, called once more, still fails on the shards' counterexample as
/// they say: a wrong answer (the one they give), or a failure without one.
fn check_with_solution(cx: &Counterexample, hunted: &Hunted) -> Result<()> {
    let got = hunted.executor().call(&cx.board, &cx.hand).result;
    match (got, cx.got) {
        (Ok(v), _) if v == cx.oracle => bail!(
            "the shards' counterexample {} + {} is no counterexample: called again, {} answers {v}, the oracle's answer; the shard files are not what exhaust wrote",
            cx.board,
            cx.hand,
            hunted.solution().name()
        ),
        (Ok(v), Some(said)) if v != said => bail!(
            "the shards say {} answered {said} for {} + {}; called again, it answers {v}: the shard files are not what exhaust wrote, or the solution is not deterministic",
            hunted.solution().name(),
            cx.board,
            cx.hand
        ),
        _ => Ok(()),
    }
}
