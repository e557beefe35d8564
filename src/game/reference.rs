//! The reference solver: the plainest complete breadth-first search. Every gap, every distinct
//! hand colour, identical (board, hand) states merged, nothing else. Obviously right and slow;
//! the oracle is tested against it.

use std::collections::HashSet;

use crate::game::rules::{Board, Hand, Instance, Move};

/// Result of the reference search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReferenceAnswer {
    /// Fewest moves that empty the board, or `None` when no sequence does (LeetCode's -1).
    pub moves: Option<u32>,
    /// Distinct (board, hand) states it reached, the start included.
    pub states: u64,
}

impl ReferenceAnswer {
    /// The answer as LeetCode writes it: moves, or -1.
    pub fn as_i32(&self) -> i32 {
        self.moves.map_or(-1, |m| m as i32)
    }
}

/// Breadth-first search by levels (level = balls spent). The first level that holds an empty
/// board is the answer, because every move costs one ball. Complete: from each state it tries
/// all `len + 1` gaps for every distinct colour in hand, playing each through
/// [`Board::play`]; the only merging is of identical states.
pub fn solve(instance: &Instance) -> ReferenceAnswer {
    let start = (instance.board.clone(), instance.hand);
    let mut seen: HashSet<(Board, Hand)> = HashSet::new();
    seen.insert(start.clone());
    let mut level = vec![start];
    let mut depth = 0;
    while !level.is_empty() {
        depth += 1;
        let mut next = Vec::new();
        for (board, hand) in &level {
            for colour in hand.colours() {
                let rest = hand.without(colour).expect("colour is held");
                for gap in 0..=board.len() {
                    let after = board.play(Move { gap, colour }).after;
                    if after.is_empty() {
                        return ReferenceAnswer {
                            moves: Some(depth),
                            states: seen.len() as u64,
                        };
                    }
                    let state = (after, rest);
                    if !seen.contains(&state) {
                        seen.insert(state.clone());
                        next.push(state);
                    }
                }
            }
        }
        level = next;
    }
    ReferenceAnswer {
        moves: None,
        states: seen.len() as u64,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rules::Constraints;

    fn answer(board: &str, hand: &str) -> i32 {
        solve(&Instance::parse(board, hand, &Constraints::default()).unwrap()).as_i32()
    }

    #[test]
    fn statement_examples() {
        assert_eq!(answer("WRRBBW", "RB"), -1);
        assert_eq!(answer("WWRRBBWW", "WRBRW"), 2);
        assert_eq!(answer("G", "GGGGG"), 2);
        assert_eq!(answer("RBYYBBRRB", "YRBGB"), 3);
    }

    #[test]
    fn split_pair() {
        // split pair: RRWWRRBBRR + WB
        assert_eq!(answer("RRWWRRBBRR", "WB"), 2);
    }
}
