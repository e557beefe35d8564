//! `greedy_cheapest_run`: completes the run that needs the fewest balls, again and again.

use super::{Idea, Kind, Source};
use crate::game::rules::{Board, Hand, Move};

/// The catalogue's entry.
pub const IDEA: Idea = Idea {
    id: "greedy_cheapest_run",
    name: "greedily completes the run that needs the fewest balls, leftmost first",
    pitfall: "The cheapest run now is not the cheapest plan: clearing it can split two balls of one \
              colour that would have met later, and a greedy never goes back. Only a search over \
              the orders finds the fewest balls.",
    sources: &[
        Source {
            title: "LeetCode-Feedback issue 13990: accepted solutions that only complete runs",
            url: "https://github.com/LeetCode-Feedback/LeetCode-Feedback/issues/13990",
        },
        Source {
            title: "LeetCode-Feedback issue 22440: a hand-simulated greedy disagreeing with the expected 5",
            url: "https://github.com/LeetCode-Feedback/LeetCode-Feedback/issues/22440",
        },
    ],
    kind: Kind::Answers(answer),
};

/// Tops up the run needing the fewest balls the hand can pay (leftmost on ties) until the board
/// is empty, or -1 when no run can be paid for.
fn answer(board: &str, hand: &str) -> Option<i32> {
    Some(greedy(board, hand))
}

fn greedy(board: &str, hand: &str) -> i32 {
    let (Some(mut b), Some(mut h)) = (Board::from_letters(board), Hand::from_letters(hand)) else {
        return -1;
    };
    let mut used = 0;
    while !b.is_empty() {
        let cheapest = b
            .runs()
            .into_iter()
            .map(|(start, len, colour)| (3usize.saturating_sub(len), start, colour))
            .filter(|&(need, _, colour)| h.count(colour) >= need)
            .min_by_key(|&(need, start, _)| (need, start));
        let Some((need, start, colour)) = cheapest else {
            return -1;
        };
        for _ in 0..need {
            b = b.play(Move { gap: start, colour }).after;
            h = h.without(colour).expect("counted");
        }
        used += need as i32;
    }
    used
}

#[cfg(test)]
mod tests {
    #[test]
    fn never_goes_back() {
        // WW first (leftmost of the one-ball runs), then RR, BB and WW: four balls, not two.
        assert_eq!(super::greedy("WWRRBBWW", "WRBRW"), 4);
        assert_eq!(super::greedy("WRRBBW", "RB"), -1);
    }
}
