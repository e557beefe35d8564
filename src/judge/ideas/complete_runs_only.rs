//! `complete_runs_only`: every move completes a run of the board at once, by spending the balls
//! it lacks; no run is ever split and no other colour goes in.

use std::collections::HashMap;

use super::{Idea, Kind, Source};
use crate::game::rules::{Board, Hand, Move};

/// The catalogue's entry.
pub const IDEA: Idea = Idea {
    id: "complete_runs_only",
    name: "only completes existing runs, never splits one or inserts another colour",
    pitfall: "Clearing the board run by run, each run topped up to three, misses every solution that \
              inserts a ball between two others or uses one ball to join two runs. The short \
              recursive solution that LeetCode accepted for years does this; RRWWRRBBRR with WB is \
              2, not -1.",
    sources: &[
        Source {
            title: "LeetCode discuss, \"Recursive java solution\" (topic 75434), as collected in blog.yucc.me/p/feb0a0bd",
            url: "http://blog.yucc.me/p/feb0a0bd/",
        },
        Source {
            title: "LeetCode-Feedback issue 13990: \"Wrong solutions accepted\", RRWWRRBBRR + WB",
            url: "https://github.com/LeetCode-Feedback/LeetCode-Feedback/issues/13990",
        },
    ],
    kind: Kind::Answers(answer),
};

/// The fewest balls when each step tops one run up to three (the chain reaction follows).
fn answer(board: &str, hand: &str) -> Option<i32> {
    Some(top_up(board, hand))
}

fn top_up(board: &str, hand: &str) -> i32 {
    let (Some(b), Some(h)) = (Board::from_letters(board), Hand::from_letters(hand)) else {
        return -1;
    };
    // Its moves are moves of the true game: a board the oracle proves hopeless stays so.
    if super::search::hopeless(&b, &h) {
        return -1;
    }
    fewest(&b, &h, &mut HashMap::new()).map_or(-1, |m| m as i32)
}

fn fewest(
    board: &Board,
    hand: &Hand,
    memo: &mut HashMap<(Board, Hand), Option<u32>>,
) -> Option<u32> {
    if board.is_empty() {
        return Some(0);
    }
    if let Some(&known) = memo.get(&(board.clone(), *hand)) {
        return known;
    }
    let mut best: Option<u32> = None;
    for (start, len, colour) in board.runs() {
        let need = 3usize.saturating_sub(len);
        if hand.count(colour) < need {
            continue;
        }
        let (mut b, mut h) = (board.clone(), *hand);
        for _ in 0..need {
            b = b.play(Move { gap: start, colour }).after;
            h = h.without(colour).expect("counted");
        }
        if let Some(rest) = fewest(&b, &h, memo) {
            let total = rest + need as u32;
            best = Some(best.map_or(total, |x| x.min(total)));
        }
    }
    memo.insert((board.clone(), *hand), best);
    best
}

#[cfg(test)]
mod tests {
    #[test]
    fn tops_up_runs() {
        assert_eq!(super::top_up("WWRRBBWW", "WRBRW"), 2);
        assert_eq!(super::top_up("G", "GGGGG"), 2);
        // split pair: RRWWRRBBRR + WB
        assert_eq!(super::top_up("RRWWRRBBRR", "WB"), -1);
    }
}
