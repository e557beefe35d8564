//! `hand_in_order`: the hand is played as a queue, first ball first.

use std::collections::HashSet;

use super::search;
use super::{Idea, Kind, Source};
use crate::game::rules::{Board, Colour};

/// The catalogue's entry.
pub const IDEA: Idea = Idea {
    id: "hand_in_order",
    name: "plays the hand as a queue, in the order given",
    pitfall: "Any ball of the hand may be played next: the hand is a set of balls, not a queue. Taking \
              hand[0], then hand[1], ... misses every solution that needs a later ball first, so the \
              answer depends on how the hand happens to be written.",
    sources: &[
        Source {
            title: "LeetCode problem 488 statement: \"Pick any ball from your hand\"",
            url: "https://leetcode.com/problems/zuma-game/",
        },
        Source {
            title: "seed 000, \"Zuma Game — Hard Problem & Solution\": the hand is sorted, its order is no part of the state",
            url: "shared/seeds/000_6e33c01acb0f25ac.txt",
        },
    ],
    kind: Kind::Answers(answer),
};

/// The fewest balls of the hand, taken in its written order (each inserted at any gap), that
/// empty the board; -1 when no prefix of the hand does; `None` past
/// [`search::MAX_STATES`] boards in a level.
fn answer(board: &str, hand: &str) -> Option<i32> {
    let (Some(b), Some(queue)) = (
        Board::from_letters(board),
        hand.chars()
            .map(Colour::from_char)
            .collect::<Option<Vec<_>>>(),
    ) else {
        return Some(-1);
    };
    // Its moves are moves of the true game: a board the oracle proves hopeless stays so.
    let held = crate::game::rules::Hand::from_letters(hand).unwrap_or_default();
    if search::hopeless(&b, &held) {
        return Some(-1);
    }
    let mut level: HashSet<Vec<Colour>> = HashSet::from([b.balls().to_vec()]);
    for (used, &colour) in queue.iter().enumerate() {
        let mut next = HashSet::new();
        for balls in &level {
            for gap in 0..=balls.len() {
                let after = search::true_play(balls, gap, colour);
                if after.is_empty() {
                    return Some(used as i32 + 1);
                }
                next.insert(after);
                if next.len() > search::MAX_STATES {
                    return None;
                }
            }
        }
        level = next;
    }
    Some(-1)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_order_decides() {
        assert_eq!(super::answer("WWRRBBWW", "WRBRW"), Some(5));
        assert_eq!(super::answer("WWRRBBWW", "RBWWW"), Some(2));
    }
}
