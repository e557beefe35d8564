//! `memo_ignores_hand`: the memo of a depth-first search is keyed on the board alone.

use rustc_hash::FxHashMap;

use super::search::{self, GaveUp};
use super::{Idea, Kind, Source};
use crate::game::rules::{Board, Colour, Hand};

/// The catalogue's entry.
pub const IDEA: Idea = Idea {
    id: "memo_ignores_hand",
    name: "keys its memo or visited set on the board alone",
    pitfall: "The same board with another hand is another state: what is left in the hand decides \
              what can still be cleared. A memo keyed on the board alone hands back the answer \
              worked out with the balls held the first time, whatever is held now.",
    sources: &[
        Source {
            title: "LeetCode-Feedback issue 6049: an accepted C++ backtracking whose memo (umap) is keyed on the board",
            url: "https://github.com/LeetCode-Feedback/LeetCode-Feedback/issues/6049",
        },
        Source {
            title: "stealthinterview.ai, \"Leetcode #488: Zuma Game\": a BFS whose visited set holds boards only",
            url: "https://www.stealthinterview.ai/blog/leetcode-488-zuma-game",
        },
    ],
    kind: Kind::Answers(answer),
};

/// A depth-first search over every move (colours `R Y B G W`, then gaps from the left) whose
/// memo maps a board to the fewest moves found from it, whatever the hand was.
fn answer(board: &str, hand: &str) -> Option<i32> {
    let (Some(b), Some(h)) = (Board::from_letters(board), Hand::from_letters(hand)) else {
        return Some(-1);
    };
    let mut memo = FxHashMap::default();
    let found = dfs(b.balls().to_vec(), h, &mut memo).ok()?;
    Some(found.map_or(-1, |m| m as i32))
}

type Memo = FxHashMap<Vec<Colour>, Option<u32>>;

fn dfs(board: Vec<Colour>, hand: Hand, memo: &mut Memo) -> Result<Option<u32>, GaveUp> {
    if board.is_empty() {
        return Ok(Some(0));
    }
    if let Some(&known) = memo.get(&board) {
        return Ok(known);
    }
    if memo.len() > search::MAX_STATES {
        return Err(GaveUp);
    }
    let mut best: Option<u32> = None;
    for colour in hand.colours() {
        let rest = hand.without(colour).expect("colour is held");
        for gap in (0..=board.len()).filter(|&g| g == 0 || board[g - 1] != colour) {
            let after = search::true_play(&board, gap, colour);
            if let Some(m) = dfs(after, rest, memo)? {
                best = Some(best.map_or(m + 1, |b| b.min(m + 1)));
            }
        }
    }
    memo.insert(board, best);
    Ok(best)
}

#[cfg(test)]
mod tests {
    #[test]
    fn remembers_the_first_hand() {
        assert_eq!(super::answer("G", "GGGGG"), Some(2));
    }
}
