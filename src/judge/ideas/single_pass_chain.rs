//! `single_pass_chain`: the chain reaction followed in one left-to-right pass that steps back a
//! single ball after each removal.

use super::search::{self, Variant};
use super::{Idea, Kind, Source};
use crate::game::rules::Colour;

/// The catalogue's entry.
pub const IDEA: Idea = Idea {
    id: "single_pass_chain",
    name: "follows the chain reaction in one pass that steps back only one ball",
    pitfall: "After a removal, the balls on its left may join those on its right. A scan that goes on \
              from one ball before the removal counts only that ball of the left run, so a pair on \
              the left meeting one ball on the right is missed, and two meeting two lose only three \
              of their four balls. Rescan from the start of the left run (or from the beginning).",
    sources: &[
        Source {
            title: "seed 000, \"Zuma Game — Hard Problem & Solution\", pitfalls: keep cleaning until nothing changes",
            url: "shared/seeds/000_6e33c01acb0f25ac.txt",
        },
        Source {
            title: "LeetCode-Feedback issue 7963: an accepted C++ solution with its own in-place chain reaction",
            url: "https://github.com/LeetCode-Feedback/LeetCode-Feedback/issues/7963",
        },
    ],
    kind: Kind::Answers(answer),
};

/// Inserts, then scans once from the left: a run of three or more is removed and the scan goes
/// on from the ball just before it, counting that run from there.
fn one_step_back(board: &[Colour], gap: usize, colour: Colour) -> Vec<Colour> {
    let mut s = search::inserted(board, gap, colour);
    let mut i = 0;
    while i < s.len() {
        let mut j = i;
        while j < s.len() && s[j] == s[i] {
            j += 1;
        }
        if j - i >= 3 {
            s.drain(i..j);
            i = i.saturating_sub(1);
        } else {
            i = j;
        }
    }
    s
}

/// The fewest moves under that clean-up.
fn answer(board: &str, hand: &str) -> Option<i32> {
    let variant = Variant {
        play: one_step_back,
        true_moves: false,
        ..search::TRUE
    };
    search::answer(board, hand, &variant)
}

#[cfg(test)]
mod tests {
    use crate::game::rules::Board;

    #[test]
    fn a_left_pair_is_missed() {
        // RR + B + R: removing the Bs leaves RRR, but the scan restarts at the second R.
        let b = Board::from_letters("RRBBR").unwrap();
        let after = super::one_step_back(b.balls(), 2, crate::game::rules::Colour::B);
        assert_eq!(Board::new(after).to_string(), "RRR");
        assert_eq!(super::answer("WWRRBBWW", "WRBRW"), Some(4));
    }
}
