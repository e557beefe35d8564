//! `removes_four_plus`: a run of three is taken as stable; only four or more are removed.

use super::search::{self, Variant};
use super::{Idea, Kind, Source};
use crate::game::rules::Colour;

/// The catalogue's entry.
pub const IDEA: Idea = Idea {
    id: "removes_four_plus",
    name: "removes only runs of four or more (an off-by-one in the run length test)",
    pitfall: "Three in a row is already a group: the test is length >= 3. Written as > 3 (or as \
              j - i > 3 on a half-open run), every answer needs one ball more per group, and \
              boards a hand could clear look hopeless.",
    sources: &[
        Source {
            title: "LeetCode problem 488 statement: \"a group of three or more consecutive balls\"",
            url: "https://leetcode.com/problems/zuma-game/",
        },
        Source {
            title: "LeetCode-Feedback issue 22186: a C++ clean-up testing i + 3 <= j on a half-open run",
            url: "https://github.com/LeetCode-Feedback/LeetCode-Feedback/issues/22186",
        },
    ],
    kind: Kind::Answers(answer),
};

fn four_or_more(board: &[Colour], gap: usize, colour: Colour) -> Vec<Colour> {
    search::settle(search::inserted(board, gap, colour), 4)
}

/// The fewest moves when a group needs four balls.
fn answer(board: &str, hand: &str) -> Option<i32> {
    let variant = Variant {
        play: four_or_more,
        removes: 4,
        true_moves: false,
        ..search::TRUE
    };
    search::answer(board, hand, &variant)
}

#[cfg(test)]
mod tests {
    #[test]
    fn needs_one_more_ball() {
        assert_eq!(super::answer("G", "GGGGG"), Some(3));
    }
}
