//! `board_colours_only`: only the hand's colours that are on the board are ever played.

use super::search::{self, Variant};
use super::{Idea, Kind, Source};
use crate::game::rules::Colour;

/// The catalogue's entry.
pub const IDEA: Idea = Idea {
    id: "board_colours_only",
    name: "only plays hand colours that are already on the board",
    pitfall: "A colour the board lacks can still be needed: put between two equal balls it splits \
              them, and each half can then join other balls. RRYGGYYRRYYGGYRR with GGBBB needs \
              Bs although the board has none, and its answer is 5.",
    sources: &[
        Source {
            title: "LeetCode-Feedback issue 22440: RRYGGYYRRYYGGYRR + GGBBB, expected 5",
            url: "https://github.com/LeetCode-Feedback/LeetCode-Feedback/issues/22440",
        },
        Source {
            title: "seed 003, \"LeetCode 488 - Zuma Game\": \"only insert when the move may help create or extend a matching group\"",
            url: "shared/seeds/003_906e8cba5990aeb7.txt",
        },
    ],
    kind: Kind::Answers(answer),
};

fn on_the_board(board: &[Colour], _: usize, colour: Colour) -> bool {
    board.contains(&colour)
}

/// The fewest moves when only colours on the current board are played.
fn answer(board: &str, hand: &str) -> Option<i32> {
    let variant = Variant {
        tried: on_the_board,
        ..search::TRUE
    };
    search::answer(board, hand, &variant)
}

#[cfg(test)]
mod tests {
    #[test]
    fn never_plays_an_absent_colour() {
        assert_eq!(super::answer("RRYGGYYRRYYGGYRR", "GGBBB"), Some(-1));
        assert_eq!(super::answer("WWRRBBWW", "WRBRW"), Some(2));
    }
}
