//! `no_chain_reaction`: groups of three are removed once, and what their removal joins stays.

use super::search::{self, Variant};
use super::{Idea, Kind, Source};
use crate::game::rules::{Board, Colour};

/// The catalogue's entry.
pub const IDEA: Idea = Idea {
    id: "no_chain_reaction",
    name: "removes groups of three once, without the chain reaction",
    pitfall: "Removing a group can make its two neighbours touch and form a new group, which must be \
              removed too, and so on. A clean-up that makes one pass and stops leaves WWWW standing \
              in the statement's own example WWRRBBWW with WRBRW.",
    sources: &[
        Source {
            title: "seed 000, \"Zuma Game — Hard Problem & Solution\", pitfalls: keep cleaning until nothing changes",
            url: "shared/seeds/000_6e33c01acb0f25ac.txt",
        },
        Source {
            title: "LeetCode problem 488, example 2 (WWRRBBWW + WRBRW: the chain reaction)",
            url: "https://leetcode.com/problems/zuma-game/",
        },
    ],
    kind: Kind::Answers(answer),
};

/// One left-to-right pass that drops every run of three or more and never looks again.
fn one_pass(board: &[Colour], gap: usize, colour: Colour) -> Vec<Colour> {
    let balls = search::inserted(board, gap, colour);
    Board::new(balls)
        .runs()
        .into_iter()
        .filter(|&(_, len, _)| len < 3)
        .flat_map(|(_, len, c)| std::iter::repeat_n(c, len))
        .collect()
}

/// The fewest moves when each move removes groups once.
fn answer(board: &str, hand: &str) -> Option<i32> {
    let variant = Variant {
        play: one_pass,
        true_moves: false,
        ..search::TRUE
    };
    search::answer(board, hand, &variant)
}

#[cfg(test)]
mod tests {
    #[test]
    fn leaves_the_joined_group() {
        assert_eq!(super::answer("WWRRBBWW", "WRBRW"), Some(3));
    }
}
