//! `no_end_gap`: the gaps at the ends of the board are never tried.

use super::search::{self, Variant};
use super::{Idea, Kind, Source};
use crate::game::rules::Colour;

/// The catalogue's entry.
pub const IDEA: Idea = Idea {
    id: "no_end_gap",
    name: "never inserts at an end of the board, only between two balls",
    pitfall: "A board of n balls has n + 1 gaps, 0 to n, both ends included. A loop over 1..n \
              (written for \"between two balls\") never puts a ball before the first one or after \
              the last, so a board of one ball can never grow: R with RR is 2, not -1.",
    sources: &[
        Source {
            title: "LeetCode problem 488 statement: \"in between two balls in the row or on either end of the row\"",
            url: "https://leetcode.com/problems/zuma-game/",
        },
        Source {
            title: "stealthinterview.ai, \"Leetcode #488: Zuma Game\": a BFS whose gaps skip one end (range(1, len + 1))",
            url: "https://www.stealthinterview.ai/blog/leetcode-488-zuma-game",
        },
    ],
    kind: Kind::Answers(answer),
};

fn between_two(board: &[Colour], gap: usize, _: Colour) -> bool {
    gap > 0 && gap < board.len()
}

/// The fewest moves without the two end gaps.
fn answer(board: &str, hand: &str) -> Option<i32> {
    let variant = Variant {
        tried: between_two,
        ..search::TRUE
    };
    search::answer(board, hand, &variant)
}
