//! A hunter's counterexample recorded in the solution's regression file (`exhaust`, `merge`,
//! `fuzz`), unless `--no-record`.

use std::path::Path;

use anyhow::{bail, Result};

use zuma_judge::cases::config::Config;
use zuma_judge::cases::regression::{self, Appended, Record};
use zuma_judge::hunt::counterexample::Counterexample;

/// Appends `cx` to `solution`'s regression file in `dir`, with `source` (the command that found
/// it); says on standard error where it went, or that it was there already.
pub fn record(
    dir: &Path,
    solution: &str,
    cx: &Counterexample,
    source: String,
    config: &Config,
) -> Result<()> {
    let Some(solved) = &cx.solved else {
        bail!(
            "{} + {} was not checked against the oracle; not recorded",
            cx.board,
            cx.hand
        );
    };
    let rec = Record {
        instance: solved.instance.clone(),
        hand: cx.hand.clone(),
        expected: cx.oracle,
        got: cx.got,
        source,
        date: regression::today(),
    };
    match regression::append(dir, solution, &rec, &config.constraints)? {
        Appended::Written { path, name } => {
            zuma_judge::eprintln_lossy!("recorded as {}#{name}", path.display())
        }
        Appended::AlreadyRecorded { path, name } => zuma_judge::eprintln_lossy!(
            "already recorded as {}#{name} (same input up to symmetry)",
            path.display()
        ),
    }
    Ok(())
}
