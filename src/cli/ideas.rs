//! `zuma-judge ideas`: the catalogue of known wrong ideas, each with its pitfall, its smallest
//! counterexample (computed on the sweep and the cases, with the oracle's witness) and where it
//! is published; as text or JSON.

use std::path::PathBuf;

use anyhow::Result;

use zuma_judge::cases::config::Config;
use zuma_judge::cases::{case, check};
use zuma_judge::game::oracle::Oracle;
use zuma_judge::judge::exit::Exit;
use zuma_judge::judge::{ideas, runner};
use zuma_judge::report::{self, writer, HumanOrJson};

/// Flags of `ideas`.
#[derive(clap::Args)]
pub struct IdeasArgs {
    /// A case file or a directory of them, searched for counterexamples after the sweep;
    /// repeatable.
    #[arg(long = "cases", value_name = "PATH", default_value = "cases")]
    cases: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value = "human")]
    format: HumanOrJson,
}

/// Runs `ideas`; returns how it ended ([`Exit::Usage`] when no case file can be read).
pub fn run(config: &Config, args: IdeasArgs) -> Result<Exit> {
    let suite = case::load(&args.cases, &config.constraints);
    if suite.nothing_read() {
        for e in &suite.errors {
            zuma_judge::eprintln_lossy!("error: {e}");
        }
        return Ok(Exit::Usage);
    }
    let mut oracle = Oracle::new();
    let classes = runner::sweep_classes(&config.sweep, &mut oracle)?;
    let checked = check::check_suite(&suite, &mut oracle)?;
    let cases: Vec<ideas::SuiteCase> = suite
        .cases
        .iter()
        .zip(&checked.truth)
        .filter_map(|(c, t)| {
            Some((
                c.board.as_str(),
                c.hand.as_str(),
                c.input.as_ref().ok()?,
                t.as_ref()?,
            ))
        })
        .collect();
    let listed = ideas::listing(&classes, &cases, &config.constraints, &mut oracle)?;
    writer::write(&report::ideas::Catalogue(&listed), args.format, None, &[])?;
    Ok(Exit::Ok)
}
