//! `zuma-judge fuzz`: a solution judged on seeded random instances aimed at answers 1..5; the
//! first failure shrunk and recorded. Ctrl-C stops it as it stops `run`.

use std::path::PathBuf;
use std::time::Duration;

use anyhow::{bail, Result};

use zuma_judge::cases::config::Config;
use zuma_judge::hunt::fuzz::{self, Stop};
use zuma_judge::judge::exit::Exit;
use zuma_judge::report::writer;

use super::args::{Calls, HuntFormat, Recording};
use super::hunted::Candidate;
use super::recorded::record;

/// Flags of `fuzz`.
#[derive(clap::Args)]
pub struct FuzzArgs {
    #[command(flatten)]
    candidate: Candidate,
    /// The seed (default: from the clock, printed in the report).
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Stop after this many instances (default 10000).
    #[arg(long, value_name = "N", conflicts_with = "time",
          value_parser = clap::value_parser!(u64).range(1..))]
    count: Option<u64>,
    /// Stop after about this many seconds instead.
    #[arg(long, value_name = "SECS")]
    time: Option<f64>,
    /// Output format.
    #[arg(long, value_enum, default_value = "human")]
    format: HuntFormat,
    /// Write the report here instead of standard output.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Skip the metamorphic variant of each instance.
    #[arg(long)]
    no_metamorphic: bool,
    #[command(flatten)]
    recording: Recording,
    #[command(flatten)]
    calls: Calls,
}

/// Runs `fuzz`; returns the exit code.
pub fn run(config: &Config, a: FuzzArgs) -> Result<Exit> {
    super::outputs::check_out(a.out.as_deref())?;
    // Ctrl-C and SIGTERM stop the fuzzing as they stop `run`: the calls in progress, then the
    // report of what was judged, and the failure found so far is recorded.
    let hunted = a
        .candidate
        .hunted(a.calls.in_process, config)?
        .interruptible()?;
    let sol = hunted.solution();
    let seed = a.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let stop = match (a.count, a.time) {
        (_, Some(t)) if t.is_finite() && t > 0.0 => Stop::Time(Duration::from_secs_f64(t)),
        (_, Some(t)) => bail!("--time {t}: give a positive number of seconds"),
        (Some(n), None) => Stop::Count(n),
        (None, None) => Stop::Count(10_000),
    };
    let opts = fuzz::Options {
        seed,
        stop,
        metamorphic: !a.no_metamorphic,
        jobs: a.calls.jobs,
        interrupt: hunted.stop,
    };
    let make = || hunted.executor();
    let mut report = fuzz::run(sol, &make, &opts, &config.constraints)?;
    report.submission = a.candidate.submission().map(|p| p.display().to_string());
    writer::write(&report, a.format, a.out.as_deref(), &[])?;
    if let (Some(f), false) = (&report.failure, a.recording.no_record) {
        record(
            &a.recording.regressions,
            sol.name(),
            &f.minimised,
            format!(
                "zuma-judge fuzz --seed {} --count 1, minimised",
                f.case_seed
            ),
            config,
        )?;
    }
    Ok(report.exit())
}
