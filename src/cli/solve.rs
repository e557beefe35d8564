//! `zuma-judge solve BOARD HAND`: the oracle's answer for one input, with its witness
//! explained step by step on request (drawn as every command draws one, or as a Markdown table;
//! see [`zuma_judge::report::solve`]).

use anyhow::Result;

use zuma_judge::cases::config::Config;
use zuma_judge::game::oracle::Oracle;
use zuma_judge::game::rules::Instance;
use zuma_judge::hunt::bench::Engine;
use zuma_judge::judge::exit::Exit;
use zuma_judge::report::solve::{Outcome, Solved};
use zuma_judge::report::writer;

pub use zuma_judge::report::solve::SolveFormat;

/// Flags of `solve`.
#[derive(clap::Args)]
pub struct SolveArgs {
    /// The board, e.g. RRWWRRBBRR.
    pub board: String,
    /// The hand, e.g. WB.
    pub hand: String,
    /// Show the witness step by step.
    #[arg(long)]
    pub explain: bool,
    /// Output format.
    #[arg(long, value_enum, default_value = "human")]
    pub format: SolveFormat,
    /// Who answers: the oracle, the plain reference BFS, or the seed 000 port (for timing
    /// whole processes); only the oracle has a witness to explain.
    #[arg(long, value_enum, default_value = "oracle")]
    pub engine: Engine,
}

/// Runs `solve`; returns how it ended ([`Exit::Usage`] for a rejected input).
pub fn run(config: &Config, a: SolveArgs) -> Result<Exit> {
    let (board, hand) = (a.board.as_str(), a.hand.as_str());
    let outcome = match Instance::parse(board, hand, &config.constraints) {
        Err(e) => Outcome::Rejected(e),
        Ok(inst) if a.engine != Engine::Oracle => {
            Outcome::Engine(a.engine, a.engine.answer(&inst)?)
        }
        Ok(instance) => Outcome::Oracle {
            answer: Oracle::new().solve(&instance)?,
            instance,
            explain: a.explain,
        },
    };
    let solved = Solved {
        board,
        hand,
        outcome,
    };
    writer::write(&solved, a.format, None, &[])?;
    if let Outcome::Rejected(e) = &solved.outcome {
        zuma_judge::eprintln_lossy!("error: input rejected: {e}");
    }
    Ok(solved.exit())
}
