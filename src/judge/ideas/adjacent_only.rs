//! `adjacent_only`: a ball goes in only next to a ball of its own colour.

use super::search::{self, Variant};
use super::{Idea, Kind, Source};
use crate::game::rules::Colour;

/// The catalogue's entry.
pub const IDEA: Idea = Idea {
    id: "adjacent_only",
    name: "inserts a ball only next to a ball of the same colour",
    pitfall: "A ball of another colour can be needed between two equal balls: splitting a pair lets \
              each half join other balls later. RRWWRRBBRR with WB needs a W between the last two \
              Rs, so a search that only extends runs answers -1 instead of 2.",
    sources: &[
        Source {
            title: "seed 003, \"LeetCode 488 - Zuma Game\" (Python and Go solutions)",
            url: "shared/seeds/003_906e8cba5990aeb7.txt",
        },
        Source {
            title: "LeetCode-Feedback issue 6338: a Java DFS that inserts only the colour of a neighbour",
            url: "https://github.com/LeetCode-Feedback/LeetCode-Feedback/issues/6338",
        },
        Source {
            title: "LeetCode-Feedback issue 5259: \"RRWWRRBBRR\" + \"WB\" believed to be -1",
            url: "https://github.com/LeetCode-Feedback/LeetCode-Feedback/issues/5259",
        },
    ],
    kind: Kind::Answers(answer),
};

fn beside_own_colour(board: &[Colour], gap: usize, colour: Colour) -> bool {
    (gap > 0 && board[gap - 1] == colour) || board.get(gap) == Some(&colour)
}

/// The fewest moves when each ball goes in beside a ball of its own colour.
fn answer(board: &str, hand: &str) -> Option<i32> {
    let variant = Variant {
        tried: beside_own_colour,
        ..search::TRUE
    };
    search::answer(board, hand, &variant)
}

#[cfg(test)]
mod tests {
    #[test]
    fn misses_the_split_pair() {
        // split pair: RRWWRRBBRR + WB
        assert_eq!(super::answer("RRWWRRBBRR", "WB"), Some(-1));
        assert_eq!(super::answer("WWRRBBWW", "WRBRW"), Some(2));
    }
}
