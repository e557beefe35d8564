//! `zuma-judge selfcheck`: the oracle held to the reference search and the metamorphic laws on
//! every instance up to a size.

use anyhow::Result;

use zuma_judge::hunt::selfcheck;
use zuma_judge::judge::exit::Exit;
use zuma_judge::report::HumanOrJson;

/// Flags of `selfcheck`.
#[derive(clap::Args)]
pub struct SelfcheckArgs {
    /// Longest board, in balls.
    #[arg(long, default_value_t = 6, value_name = "N")]
    pub max_board: usize,
    /// Largest hand, in balls.
    #[arg(long, default_value_t = 4, value_name = "M")]
    pub max_hand: usize,
    /// Output format.
    #[arg(long, value_enum, default_value = "human")]
    pub format: HumanOrJson,
}

/// Runs `selfcheck`; returns the exit code.
pub fn run(a: SelfcheckArgs) -> Result<Exit> {
    cmd_selfcheck(a.max_board, a.max_hand, a.format)
}

fn cmd_selfcheck(max_board: usize, max_hand: usize, format: HumanOrJson) -> Result<Exit> {
    let options = selfcheck::Options {
        max_board,
        max_hand,
    };
    // indicatif draws only when stderr is a terminal.
    let bar = indicatif::ProgressBar::new(selfcheck::class_count(options)).with_style(
        indicatif::ProgressStyle::with_template(
            "{elapsed_precise} [{bar:40}] {pos}/{len} classes ({eta} left)",
        )?
        .progress_chars("=> "),
    );
    let summary = selfcheck::run(options, &|| bar.inc(1));
    bar.finish_and_clear();
    match format {
        HumanOrJson::Json => print!("{}", zuma_judge::report::versioned_json(&summary)?),
        HumanOrJson::Human => println!("{summary}"),
    }
    Ok(summary.exit())
}
