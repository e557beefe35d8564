//! Move sequences: the `R@2 B@1` notation ([`compact`]) and a board for people ([`show`]), and a
//! claimed sequence, replayed: is every move legal (a ball the hand holds, a gap on the
//! board), what board does it leave, does it clear the board, and is it as short as the
//! oracle's answer. Moves use the gap numbering of [`crate::game::rules::Move`] (`R@2`). Used by the
//! case-file claims (`run`, `audit`) and by `editorial`.

use serde::Serialize;

use crate::game::oracle::{Oracle, WitnessError};
use crate::game::rules::{Board, Colour, Instance, Move};

/// A board for people: its letters, or `(empty)`.
pub fn show(board: &str) -> String {
    if board.is_empty() {
        "(empty)".into()
    } else {
        board.to_string()
    }
}

/// A move list compactly, e.g. `W@9 B@8`.
pub fn compact(moves: &[Move]) -> String {
    moves
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// What replaying a sequence showed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MovesCheck {
    /// The moves as claimed, in `R@2` notation.
    pub moves: Vec<String>,
    /// Every move is legal.
    pub legal: bool,
    /// The board the moves leave (up to the first illegal move), letters; empty when cleared.
    pub leaves: String,
    /// The moves are legal and leave the empty board.
    pub clears: bool,
    /// They clear the board in the oracle's number of moves (null when they do not clear it).
    pub optimal: Option<bool>,
    /// The oracle's answer for the start.
    pub oracle: i32,
    /// The first illegal move and why, e.g. `move 2 (B@9): gap 9 is off a board of 4 balls`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub illegal: Option<String>,
}

impl MovesCheck {
    /// One line for people, e.g. `R@4 B@4: legal, clears the board in 2 moves (optimal)`.
    pub fn describe(&self) -> String {
        let moves = self.moves.join(" ");
        if let Some(why) = &self.illegal {
            return format!("{moves}: illegal, {why}");
        }
        match self.optimal {
            Some(true) => format!(
                "{moves}: legal, clears the board in {} (optimal)",
                plural(self.moves.len())
            ),
            Some(false) => format!(
                "{moves}: legal, clears the board in {}, the oracle needs {}",
                plural(self.moves.len()),
                self.oracle
            ),
            None => format!("{moves}: legal, leaves {}", self.leaves),
        }
    }
}

fn plural(n: usize) -> String {
    format!("{n} move{}", if n == 1 { "" } else { "s" })
}

/// Replays `moves` from `instance` through the rules and asks `oracle` for the optimum.
/// `hand` is the hand as written, which a reason for an illegal move quotes.
pub fn check(
    instance: &Instance,
    hand: &str,
    moves: &[Move],
    oracle: &mut Oracle,
) -> Result<MovesCheck, WitnessError> {
    let answer = oracle.solve(instance)?.as_i32();
    let (board, illegal) = replay_until_illegal(instance, hand, moves);
    let legal = illegal.is_none();
    let clears = legal && board.is_empty();
    Ok(MovesCheck {
        moves: moves.iter().map(ToString::to_string).collect(),
        legal,
        leaves: board.to_string(),
        clears,
        optimal: clears.then_some(moves.len() as i32 == answer),
        oracle: answer,
        illegal,
    })
}

/// Spends one ball of `colour` from a hand as written: its first letter of that colour. False
/// (and `hand` unchanged) when it holds none.
fn spend(hand: &mut String, colour: Colour) -> bool {
    match hand.find(colour.as_char()) {
        Some(i) => {
            hand.remove(i);
            true
        }
        None => false,
    }
}

/// The hand after each of `moves`, as written: `written` less each ball spent (its first
/// letter of that colour), in written order, e.g. `WB` then `B` then ``. Never re-sorted, unlike
/// [`crate::game::rules::Hand`]'s display.
pub fn hands_after(written: &str, moves: &[Move]) -> Vec<String> {
    let mut hand = written.to_string();
    moves
        .iter()
        .map(|mv| {
            spend(&mut hand, mv.colour);
            hand.clone()
        })
        .collect()
}

/// The board after the legal prefix of `moves`, and why the first illegal move is illegal.
/// The reason quotes what is left of `hand` (the hand as written, in its order), each move
/// spending the first ball of its colour.
pub fn replay_until_illegal(
    instance: &Instance,
    hand: &str,
    moves: &[Move],
) -> (Board, Option<String>) {
    let mut board = instance.board.clone();
    let mut left = hand.to_string();
    for (i, mv) in moves.iter().enumerate() {
        let why = if board.is_empty() {
            Some("the board is already empty".to_string())
        } else if mv.gap > board.len() {
            Some(format!(
                "gap {} is off a board of {} ball{} (gaps 0..={})",
                mv.gap,
                board.len(),
                if board.len() == 1 { "" } else { "s" },
                board.len()
            ))
        } else if !spend(&mut left, mv.colour) {
            Some(if left.is_empty() {
                "the hand is already empty".to_string()
            } else {
                format!("the hand {left} holds no {}", mv.colour)
            })
        } else {
            None
        };
        if let Some(why) = why {
            return (board, Some(format!("move {} ({mv}): {why}", i + 1)));
        }
        board = board.play(*mv).after;
    }
    (board, None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rules::Constraints;

    fn check_str(board: &str, hand: &str, moves: &[&str]) -> MovesCheck {
        let i = Instance::parse(board, hand, &Constraints::default()).unwrap();
        let moves: Vec<Move> = moves.iter().map(|m| Move::parse(m).unwrap()).collect();
        check(&i, hand, &moves, &mut Oracle::new()).unwrap()
    }

    #[test]
    fn statement_example_two_replays_optimally() {
        // WWRRBBWW + WRBRW: R into the reds, B into the blues.
        let c = check_str("WWRRBBWW", "WRBRW", &["R@4", "B@4"]);
        assert_eq!((c.legal, c.clears, c.optimal), (true, true, Some(true)));
        assert_eq!(
            c.describe(),
            "R@4 B@4: legal, clears the board in 2 moves (optimal)"
        );
    }

    #[test]
    fn a_sequence_that_leaves_balls_and_an_illegal_one() {
        let c = check_str("WRRBBW", "RB", &["R@1", "B@1"]);
        assert_eq!((c.legal, c.leaves.as_str(), c.optimal), (true, "WW", None));
        assert_eq!(c.describe(), "R@1 B@1: legal, leaves WW");
        let c = check_str("WRRBBW", "RB", &["R@1", "R@1"]);
        assert_eq!(
            c.illegal.as_deref(),
            Some("move 2 (R@1): the hand B holds no R")
        );
        let c = check_str("WRRBBW", "RB", &["R@1", "B@1", "W@0"]);
        assert_eq!(
            c.illegal.as_deref(),
            Some("move 3 (W@0): the hand is already empty")
        );
        let c = check_str("RRWWRRBBRR", "WBW", &["R@0"]);
        assert_eq!(
            c.illegal.as_deref(),
            Some("move 1 (R@0): the hand WBW holds no R"),
            "the hand as written, not re-sorted"
        );
        let c = check_str("RRWWRRBBRR", "WBW", &["B@1", "R@0"]);
        assert_eq!(
            c.illegal.as_deref(),
            Some("move 2 (R@0): the hand WW holds no R")
        );
        let c = check_str("WRRBBW", "RB", &["B@9"]);
        assert_eq!(
            c.illegal.as_deref(),
            Some("move 1 (B@9): gap 9 is off a board of 6 balls (gaps 0..=6)")
        );
    }
}
