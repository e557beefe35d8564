//! `zuma-judge solve`'s answer for people, as JSON or as Markdown: the number first, and on
//! request the witness drawn step by step ([`super::draw`]) and how the search went.

use std::fmt::Write as _;

use super::writer::Document;
use super::{count, draw, explain};
use crate::game::oracle::Answer;
use crate::game::partial;
use crate::game::rules::{InputError, Instance};
use crate::hunt::bench::Engine;
use crate::judge::exit::Exit;

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

/// What `solve` found for `board` + `hand` (as given).
pub struct Solved<'a> {
    /// The board as given.
    pub board: &'a str,
    /// The hand as given.
    pub hand: &'a str,
    /// The answer, or why the input was rejected.
    pub outcome: Outcome,
}

/// The answer of `solve`.
pub enum Outcome {
    /// The input breaks a constraint: only JSON says so on standard output.
    Rejected(InputError),
    /// Another engine's bare answer (`--engine reference|seed000`).
    Engine(Engine, i32),
    /// The oracle's answer with its witness; `explain` asks for it drawn.
    Oracle {
        /// The input.
        instance: Instance,
        /// The answer.
        answer: Answer,
        /// `--explain`.
        explain: bool,
    },
}

impl Solved<'_> {
    /// [`Exit::Usage`] for a rejected input, else [`Exit::Ok`].
    pub fn exit(&self) -> Exit {
        match self.outcome {
            Outcome::Rejected(_) => Exit::Usage,
            _ => Exit::Ok,
        }
    }
}

impl Document<SolveFormat> for Solved<'_> {
    fn render(&self, format: SolveFormat) -> String {
        let (board, hand) = (self.board, self.hand);
        match (&self.outcome, format) {
            (Outcome::Rejected(e), SolveFormat::Json) => json_text(&serde_json::json!({
                "board": board,
                "hand": hand,
                "answer": null,
                "rejected": e.to_string(),
                "constraint": e.constraint(),
            })),
            (Outcome::Rejected(_), _) => String::new(),
            (Outcome::Engine(engine, answer), SolveFormat::Json) => json_text(&serde_json::json!({
                "board": board, "hand": hand, "answer": answer, "engine": engine,
            })),
            (Outcome::Engine(_, answer), _) => format!("{answer}\n"),
            (
                Outcome::Oracle {
                    instance,
                    answer,
                    explain,
                },
                format,
            ) => match format {
                SolveFormat::Json => json(instance, board, hand, answer, *explain),
                SolveFormat::Human => human(instance, board, hand, answer, *explain),
                SolveFormat::Markdown => markdown(instance, board, hand, answer),
            },
        }
    }

    /// Only the oracle's witness for people is drawn in colour.
    fn styled(&self, format: SolveFormat) -> bool {
        matches!(self.outcome, Outcome::Oracle { .. }) && format == SolveFormat::Human
    }
}

fn json_text(v: &serde_json::Value) -> String {
    super::versioned_json(v).expect("a JSON value always serialises")
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
fn human(inst: &Instance, board: &str, hand: &str, answer: &Answer, explain: bool) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}", answer.as_i32());
    if explain {
        let _ = writeln!(out, "{}", headline(board, hand, answer));
        let _ = writeln!(out, "{}", draw::GAP_LEGEND);
        for line in draw::explain(inst, hand, answer, true) {
            let _ = writeln!(out, "{line}");
        }
        if answer.witness.is_some() {
            let _ = writeln!(out, "{}", explain::search(answer, inst.hand.len()));
        }
    }
    out
}

/// The headline with the board and hand in code spans, the gap legend, and the witness as a
/// Markdown table ([`draw::explain_markdown`]), paragraphs apart.
fn markdown(inst: &Instance, board: &str, hand: &str, answer: &Answer) -> String {
    let head = headline(&format!("`{board}`"), &format!("`{hand}`"), answer);
    let mut out = format!("{head}\n\n{}\n\n", draw::GAP_LEGEND);
    for line in draw::explain_markdown(inst, hand, answer) {
        let _ = writeln!(out, "{line}");
    }
    out
}

/// One JSON object: the answer, the witness, its steps (`hand_after` in `RYBGW` order), the
/// search statistics; with `explain` and a -1, the best partial line.
fn json(inst: &Instance, board: &str, hand: &str, answer: &Answer, explain: bool) -> String {
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
    json_text(&v)
}
