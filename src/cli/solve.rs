//! `zuma-judge solve BOARD HAND`: the oracle's answer for one input, with its witness
//! explained step by step on request.

use std::io::Write as _;

use anyhow::Result;

use zuma_judge::cases::config::Config;
use zuma_judge::game::oracle::Oracle;
use zuma_judge::game::partial;
use zuma_judge::game::rules::Instance;
use zuma_judge::hunt::bench::Engine;
use zuma_judge::report::draw;
use zuma_judge::report::explain;
use zuma_judge::report::HumanOrJson;

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
    pub format: HumanOrJson,
    /// Who answers: the oracle, the plain reference BFS, or the seed 000 port (for timing
    /// whole processes); only the oracle has a witness to explain.
    #[arg(long, value_enum, default_value = "oracle")]
    pub engine: Engine,
}

/// Runs `solve`; returns the exit code.
pub fn run(config: &Config, a: SolveArgs) -> Result<u8> {
    cmd_solve(config, &a.board, &a.hand, a.explain, a.format, a.engine)
}

fn cmd_solve(
    config: &Config,
    board: &str,
    hand: &str,
    explain: bool,
    format: HumanOrJson,
    engine: Engine,
) -> Result<u8> {
    let inst = match Instance::parse(board, hand, &config.constraints) {
        Ok(i) => i,
        Err(e) => {
            if format == HumanOrJson::Json {
                let v = serde_json::json!({
                    "board": board,
                    "hand": hand,
                    "answer": null,
                    "rejected": e.to_string(),
                    "constraint": e.constraint(),
                });
                print!("{}", zuma_judge::report::versioned_json(&v)?);
            }
            eprintln!("error: input rejected: {e}");
            return Ok(2);
        }
    };
    if engine != Engine::Oracle {
        let answer = engine.answer(&inst)?;
        match format {
            HumanOrJson::Json => {
                let v = serde_json::json!({
                    "board": board, "hand": hand, "answer": answer, "engine": engine,
                });
                print!("{}", zuma_judge::report::versioned_json(&v)?);
            }
            HumanOrJson::Human => println!("{answer}"),
        }
        return Ok(0);
    }
    let answer = Oracle::new().solve(&inst)?;
    let moves = answer.witness.clone().unwrap_or_default();
    match format {
        HumanOrJson::Json => {
            let mut v = serde_json::json!({
                "board": board,
                "hand": hand,
                "answer": answer.as_i32(),
                "witness": moves,
                "steps": explain::steps(&inst, &moves),
                "states": answer.states,
                "search": answer.stats,
            });
            if explain && answer.witness.is_none() {
                let p = partial::best_partial(&inst, partial::MAX_STATES);
                v["best_partial"] = serde_json::json!({
                    "moves": p.moves,
                    "left": p.left,
                    "states": p.states,
                    "complete_to": p.complete_to,
                    "exhaustive": p.exhaustive,
                });
            }
            print!("{}", zuma_judge::report::versioned_json(&v)?);
        }
        HumanOrJson::Human => {
            let mut out = anstream::stdout();
            writeln!(out, "{}", answer.as_i32())?;
            if explain {
                if answer.witness.is_some() {
                    writeln!(out, "{board} + {hand}: {} moves", moves.len())?;
                } else {
                    writeln!(out, "{board} + {hand}: -1")?;
                }
                for line in draw::explain(&inst, &answer, true) {
                    writeln!(out, "{line}")?;
                }
                if answer.witness.is_some() {
                    writeln!(out, "{}", explain::search(&answer, inst.hand.len()))?;
                }
            }
        }
    }
    Ok(0)
}
