//! `off_by_one`: the count of balls is one too many on solutions of two moves or more.

use super::search;
use super::{Idea, Kind, Source};

/// The catalogue's entry.
pub const IDEA: Idea = Idea {
    id: "off_by_one",
    name: "counts one ball too many on solutions of two moves or more",
    pitfall: "The count of balls used is off by one once the search goes deeper than one move: a \
              level counter bumped before the check, or 1 added both where a ball is spent and where \
              the recursion returns. One-move answers and -1 come out right, which hides it.",
    sources: &[
        Source {
            title: "seed 000, \"Zuma Game — Hard Problem & Solution\": BFS level = balls used",
            url: "shared/seeds/000_6e33c01acb0f25ac.txt",
        },
        Source {
            title: "stealthinterview.ai, \"Leetcode #488: Zuma Game\": the answer as len(hand) - len(balls)",
            url: "https://www.stealthinterview.ai/blog/leetcode-488-zuma-game",
        },
    ],
    kind: Kind::Answers(answer),
};

/// The truth, plus one when it is 2 or more.
fn answer(board: &str, hand: &str) -> Option<i32> {
    Some(match search::truth(board, hand) {
        n if n >= 2 => n + 1,
        n => n,
    })
}
