//! `state_between_calls`: a habit, not an algorithm: state kept between calls and never reset.

use super::search;
use super::{Idea, Kind, Source};

/// The catalogue's entry.
pub const IDEA: Idea = Idea {
    id: "state_between_calls",
    name: "keeps state in a global or static between calls and never resets it",
    pitfall: "LeetCode calls the function once per test, all in one process: a global, a static or a \
              class field that is not reset at the start of each call carries the last test's \
              answer or memo into the next. The same input then gets one answer on its own and \
              another after other inputs.",
    sources: &[
        Source {
            title: "LeetCode-Feedback issue 6050: an accepted C++ solution keeping ret, uset and hnum as members",
            url: "https://github.com/LeetCode-Feedback/LeetCode-Feedback/issues/6050",
        },
        Source {
            title: "LeetCode-Feedback issue 22186: a C++ solution whose best answer (ans = 6) is a member",
            url: "https://github.com/LeetCode-Feedback/LeetCode-Feedback/issues/22186",
        },
    ],
    kind: Kind::Habit(call),
};

/// One call of the catalogue's own implementation: an exact search whose best answer lives in
/// `best` (the "global"), which only ever goes down; a fresh process starts with `None`.
fn call(best: &mut Option<i32>, board: &str, hand: &str) -> i32 {
    let found = search::truth(board, hand);
    if found >= 0 {
        *best = Some(best.map_or(found, |b| b.min(found)));
    }
    best.unwrap_or(-1)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_second_call_remembers_the_first() {
        let mut best = None;
        assert_eq!(super::call(&mut best, "RR", "R"), 1);
        assert_eq!(super::call(&mut best, "G", "GGGGG"), 1);
        assert_eq!(super::call(&mut None, "G", "GGGGG"), 2);
    }
}
