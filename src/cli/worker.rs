//! `zuma-judge worker --solution NAME` (hidden): serves one compiled solution to the judge over
//! pipes (see [`zuma_judge::submission::protocol`]).

use anyhow::{Context, Result};

use zuma_judge::judge::exit::Exit;
use zuma_judge::submission::protocol;
use zuma_judge::submission::registry;

/// Serves `name` until its requests end; returns the exit code.
pub fn cmd_worker(name: &str) -> Result<Exit> {
    let solution =
        registry::find(name).with_context(|| format!("no compiled solution named '{name}'"))?;
    protocol::serve(solution)?;
    Ok(Exit::Ok)
}
