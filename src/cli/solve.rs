//! `zuma-judge solve BOARD HAND`: the oracle's answer for one input, with its witness
//! explained step by step on request (drawn as every command draws one, or as a Markdown table).

use std::io::Write as _;

use anyhow::Result;

use zuma_judge::cases::config::Config;
use zuma_judge::game::oracle::{Answer, Oracle};
use zuma_judge::game::partial;
use zuma_judge::game::rules::Instance;
use zuma_judge::hunt::bench::Engine;
use zuma_judge::report::count;
use zuma_judge::report::draw;
use zuma_judge::report::explain;

/// Output formats of `solve`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SolveFormat {
    /// Text for people: the answer on the first line; with --explain, the witness drawn.
    Human,
    /// One JSON object (answer, witness, steps, search statistics).
    Json,
    /// The answer and the witness as a Markdown table, for pasting (always explained).
    Markdown,
}

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

/// Runs `solve`; returns the exit code.
pub fn run(config: &Config, a: SolveArgs) -> Result<u8> {
    let (board, hand) = (a.board.as_str(), a.hand.as_str());
    let inst = match Instance::parse(board, hand, &config.constraints) {
        Ok(i) => i,
        Err(e) => {
            if a.format == SolveFormat::Json {
                let v = serde_json::json!({
                    "board": board,
                    "hand": hand,
                    "answer": null,
                    "rejected": e.to_string(),
                    "constraint": e.constraint(),
                });
                print!("{}", zuma_judge::report::versioned_json(&v)?);
            }
            zuma_judge::eprintln_lossy!("error: input rejected: {e}");
            return Ok(2);
        }
    };
    if a.engine != Engine::Oracle {
        let answer = a.engine.answer(&inst)?;
        match a.format {
            SolveFormat::Json => {
                let v = serde_json::json!({
                    "board": board, "hand": hand, "answer": answer, "engine": a.engine,
                });
                print!("{}", zuma_judge::report::versioned_json(&v)?);
            }
            SolveFormat::Human | SolveFormat::Markdown => println!("{answer}"),
        }
        return Ok(0);
    }
    let answer = Oracle::new().solve(&inst)?;
    match a.format {
        SolveFormat::Json => json(&inst, board, hand, &answer, a.explain)?,
        SolveFormat::Human => human(&inst, board, hand, &answer, a.explain)?,
        SolveFormat::Markdown => markdown(&inst, board, hand, &answer)?,
    }
    Ok(0)
}

/// The answer, then what it is: `RRWWRRBBRR + WB: 2 moves` (or `: -1`).
fn headline(board: &str, hand: &str, answer: &Answer) -> String {
    match &answer.witness {
        Some(w) => format!("{board} + {hand}: {}", count(w.len(), "move")),
        None => format!("{board} + {hand}: -1"),
    }
}

/// The answer on the first line; with `explain`, the headline, the gap legend, the witness
/// drawn (the hand as written) and how the search went.
fn human(inst: &Instance, board: &str, hand: &str, answer: &Answer, explain: bool) -> Result<()> {
    let mut out = anstream::stdout();
    writeln!(out, "{}", answer.as_i32())?;
    if explain {
        writeln!(out, "{}", headline(board, hand, answer))?;
        writeln!(out, "{}", draw::GAP_LEGEND)?;
        for line in draw::explain(inst, hand, answer, true) {
            writeln!(out, "{line}")?;
        }
        if answer.witness.is_some() {
            writeln!(out, "{}", explain::search(answer, inst.hand.len()))?;
        }
    }
    Ok(())
}

/// The headline with the board and hand in code spans, the gap legend, and the witness as a
/// Markdown table ([`draw::explain_markdown`]), paragraphs apart.
fn markdown(inst: &Instance, board: &str, hand: &str, answer: &Answer) -> Result<()> {
    let mut out = std::io::stdout();
    let head = headline(&format!("`{board}`"), &format!("`{hand}`"), answer);
    writeln!(out, "{head}\n\n{}\n", draw::GAP_LEGEND)?;
    for line in draw::explain_markdown(inst, hand, answer) {
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// One JSON object: the answer, the witness, its steps (`hand_after` in `RYBGW` order), the
/// search statistics; with `explain` and a -1, the best partial line.
fn json(inst: &Instance, board: &str, hand: &str, answer: &Answer, explain: bool) -> Result<()> {
    let moves = answer.witness.clone().unwrap_or_default();
    let mut v = serde_json::json!({
        "board": board,
        "hand": hand,
        "answer": answer.as_i32(),
        "witness": moves,
        "steps": explain::steps(inst, &moves),
        "states": answer.states,
        "search": answer.stats,
    });
    if explain && answer.witness.is_none() {
        let p = partial::best_partial(inst, partial::MAX_STATES);
        v["best_partial"] = serde_json::json!({
            "moves": p.moves,
            "left": p.left,
            "states": p.states,
            "complete_to": p.complete_to,
            "exhaustive": p.exhaustive,
        });
    }
    print!("{}", zuma_judge::report::versioned_json(&v)?);
    Ok(())
}
