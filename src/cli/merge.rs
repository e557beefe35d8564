//! `zuma-judge merge`: the JSON reports of `exhaust --shard 1/N` .. `N/N` combined into one,
//! the gate of a sharded sweep; its counterexample checked against the oracle and recorded. Or
//! the shard reports of `grade --shard 1/N` .. `N/N` (told apart by their `kind`) combined into
//! the gradebook an unsharded `grade` gives ([`zuma_judge::report::grade_shard`]), in any of
//! `grade`'s formats.

use std::path::PathBuf;

use anyhow::{anyhow, bail, Result};
use clap::ValueEnum as _;

use zuma_judge::cases::config::Config;
use zuma_judge::game::oracle::{Oracle, Solved};
use zuma_judge::game::rules::Instance;
use zuma_judge::hunt::counterexample::Counterexample;
use zuma_judge::hunt::merge;
use zuma_judge::judge::exit::Exit;
use zuma_judge::report::{grade_shard, gradescope, hunt, writer, Format, ReportSpec};

use super::args::{HuntFormat, Recording};
use super::hunted::Hunted;
use super::recorded::record;

/// Flags of `merge`.
#[derive(clap::Args)]
pub struct MergeArgs {
    /// The shard reports.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Output format: human or json for `exhaust` shards, any of `grade`'s for `grade` shards.
    #[arg(long, value_enum, default_value = "human")]
    format: Format,
    /// Write the report here instead of standard output.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// `grade` shards: also write the gradebook in FORMAT to PATH, e.g. csv=grades.csv;
    /// repeatable.
    #[arg(long = "report", value_name = "FORMAT=PATH")]
    reports: Vec<ReportSpec>,
    #[command(flatten)]
    recording: Recording,
}

/// Runs `merge`; returns the exit code.
pub fn run(config: &Config, a: MergeArgs) -> Result<Exit> {
    let grade = a
        .files
        .first()
        .and_then(|f| std::fs::read_to_string(f).ok())
        .is_some_and(|text| grade_shard::is_grade_shard(&text));
    if grade {
        return merge_grade(&a);
    }
    super::outputs::check_out(a.out.as_deref())?;
    if !a.reports.is_empty() {
        bail!("--report is for grade shards; an exhaust merge writes one report (--out)");
    }
    let format = match a.format {
        Format::Human => HuntFormat::Human,
        Format::Json => HuntFormat::Json,
        other => bail!(
            "--format {}: exhaust shards merge to human or json",
            other
                .to_possible_value()
                .map_or_else(String::new, |v| v.get_name().to_string())
        ),
    };
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
    writer::write(&sweep, format, a.out.as_deref(), &[])?;
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

/// Merges the shard reports of `grade --shard K/N` into the gradebook an unsharded `grade`
/// writes, in its format, to its files; exits as that `grade` would.
fn merge_grade(a: &MergeArgs) -> Result<Exit> {
    super::outputs::check(&super::outputs::Output::all(
        a.out.as_deref(),
        None,
        &a.reports,
    ))?;
    let mut shards = Vec::new();
    for f in &a.files {
        shards.push((f.clone(), grade_shard::read(f)?));
    }
    let report = grade_shard::merge(&shards)?;
    let format = a.format;
    gradescope::check_one(format, &a.reports, report.submissions.len())?;
    writer::write(&report, format, a.out.as_deref(), &a.reports)?;
    Ok(report.exit())
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
