//! The search every algorithmic idea of the catalogue shares: a breadth-first search by levels
//! (level = balls spent) over (board, hand) states, complete but for the one step an idea gets
//! wrong: how a move plays out, which moves are tried, or what a visited state is keyed on.
//! With the true rules, every move and states keyed on board and hand it is the reference search.

use rustc_hash::FxHashSet;

use crate::game::oracle;
use crate::game::rules::{Board, Colour, Hand, Instance};

/// How a move plays out: the board after inserting `colour` at `gap` of `board` (a stable board
/// under the true rules), with whatever removals the rules of the idea make.
pub type Play = fn(&[Colour], usize, Colour) -> Vec<Colour>;

/// Whether a move (`gap`, `colour`) on `board` is tried at all.
pub type Tried = fn(&[Colour], usize, Colour) -> bool;

/// One variant of the search: the steps an idea may get wrong.
#[derive(Clone, Copy)]
pub struct Variant {
    /// How a move plays out.
    pub play: Play,
    /// Which moves are tried.
    pub tried: Tried,
    /// Whether a state counts as visited once its board was seen with any hand.
    pub visited_by_board: bool,
    /// The shortest run the rules remove: balls leave the board only in runs this long.
    pub removes: usize,
    /// Whether every move the variant makes is a move of the true game (true rules, some moves
    /// left out): then it can never empty a board the oracle proves hopeless, and the oracle's
    /// -1 (fast, thanks to its bounds) is its answer too, without a search.
    pub true_moves: bool,
}

/// The true rules: insert, then remove the leftmost run of three or more until none is left,
/// as [`crate::game::rules::Board::play`] does (the chain reaction); the tests hold the two
/// together.
pub fn true_play(board: &[Colour], gap: usize, colour: Colour) -> Vec<Colour> {
    settle(inserted(board, gap, colour), 3)
}

/// Every move is tried.
pub fn every_move(_: &[Colour], _: usize, _: Colour) -> bool {
    true
}

/// The truth's variant: true rules, every move, states keyed on board and hand.
pub const TRUE: Variant = Variant {
    play: true_play,
    tried: every_move,
    visited_by_board: false,
    removes: 3,
    true_moves: true,
};

/// Removes the leftmost run of `at_least` or more balls, again and again until none is left (the
/// chain reaction, with the run length an idea believes in).
pub fn settle(mut balls: Vec<Colour>, at_least: usize) -> Vec<Colour> {
    let mut i = 0;
    while i < balls.len() {
        let mut j = i;
        while j < balls.len() && balls[j] == balls[i] {
            j += 1;
        }
        if j - i >= at_least {
            balls.drain(i..j);
            // The runs left of `i` were shorter than `at_least`; only the one ending at `i`
            // can have grown, so the scan goes back to its start.
            if let Some(&left) = i.checked_sub(1).and_then(|k| balls.get(k)) {
                while i > 0 && balls[i - 1] == left {
                    i -= 1;
                }
            }
        } else {
            i = j;
        }
    }
    balls
}

/// `board` with `colour` inserted at `gap`, nothing removed.
pub fn inserted(board: &[Colour], gap: usize, colour: Colour) -> Vec<Colour> {
    let mut balls = board.to_vec();
    balls.insert(gap, colour);
    balls
}

/// Most states a search of the catalogue expands before it gives up: a reference of a wrong
/// idea has none of the oracle's bounds, and under wrong rules a hard input's state space is
/// large. An input it gives up on is compared with nothing.
pub const MAX_STATES: usize = 5_000;

/// The search gave up after [`MAX_STATES`] states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GaveUp;

/// The fewest moves that empty `board` with `hand` under `variant`, or `None`.
///
/// Levels are expanded state by state in the order they were reached, each state colour by
/// colour (`R Y B G W`) and, for each colour, gap by gap from the left: the order matters only
/// to a variant that keys visited states on the board alone.
pub fn fewest(board: &Board, hand: &Hand, variant: &Variant) -> Result<Option<u32>, GaveUp> {
    let start = (board.balls().to_vec(), *hand);
    let mut seen: FxHashSet<(Vec<Colour>, Hand)> = FxHashSet::default();
    let mut seen_boards: FxHashSet<Vec<Colour>> = FxHashSet::default();
    seen.insert(start.clone());
    seen_boards.insert(start.0.clone());
    let mut level = vec![start];
    let mut depth = 0;
    while !level.is_empty() {
        depth += 1;
        let mut next = Vec::new();
        for (balls, hand) in &level {
            for colour in hand.colours() {
                let rest = hand.without(colour).expect("colour is held");
                // A ball put right after one of its colour makes the same row as one put just
                // before that ball: when that gap is tried too, skipping this one changes no
                // answer.
                let tried = |g: usize| (variant.tried)(balls, g, colour);
                let gaps = (0..=balls.len())
                    .filter(|&g| tried(g))
                    .filter(|&g| g == 0 || balls[g - 1] != colour || !tried(g - 1));
                for gap in gaps {
                    let after = (variant.play)(balls, gap, colour);
                    if after.is_empty() {
                        return Ok(Some(depth));
                    }
                    let new = if variant.visited_by_board {
                        seen_boards.insert(after.clone())
                    } else {
                        seen.insert((after.clone(), rest))
                    };
                    if new && clearable(&after, &rest, variant.removes) {
                        next.push((after, rest));
                    }
                    if seen.len() + seen_boards.len() > 2 * MAX_STATES {
                        return Err(GaveUp);
                    }
                }
            }
        }
        level = next;
    }
    Ok(None)
}

/// Whether every colour on the board has, with the hand, enough balls for a run the rules
/// remove. A state that fails this can never be emptied, so it is not expanded (it still
/// counts as visited, as it would in the idea's own code).
fn clearable(board: &[Colour], hand: &Hand, removes: usize) -> bool {
    let mut counts = [0usize; 5];
    for c in board {
        counts[c.index()] += 1;
    }
    Colour::ALL
        .into_iter()
        .all(|c| counts[c.index()] == 0 || counts[c.index()] + hand.count(c) >= removes)
}

/// [`fewest`] on LeetCode's strings, as LeetCode writes the answer (-1 for none); `None` when
/// the search gave up. Letters other than `RYBGW` are never judged: such an input gets -1.
pub fn answer(board: &str, hand: &str, variant: &Variant) -> Option<i32> {
    let (Some(board), Some(hand)) = (Board::from_letters(board), Hand::from_letters(hand)) else {
        return Some(-1);
    };
    if variant.true_moves && hopeless(&board, &hand) {
        return Some(-1);
    }
    let found = fewest(&board, &hand, variant).ok()?;
    Some(found.map_or(-1, |m| m as i32))
}

/// Whether the oracle proves that no sequence of moves empties the board.
pub fn hopeless(board: &Board, hand: &Hand) -> bool {
    let instance = Instance {
        board: board.clone(),
        hand: *hand,
    };
    oracle::solve(&instance).is_ok_and(|a| a.witness.is_none())
}

/// The oracle's answer, as LeetCode writes it (-1 for none).
pub fn truth(board: &str, hand: &str) -> i32 {
    match (Board::from_letters(board), Hand::from_letters(hand)) {
        (Some(board), Some(hand)) => {
            oracle::solve(&Instance { board, hand }).map_or(-1, |a| a.as_i32())
        }
        _ => -1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::generate;
    use crate::game::reference;
    use crate::game::rules::Instance;

    #[test]
    fn the_true_variant_is_the_reference() {
        for c in generate::symmetry_classes(4, 3) {
            let inst = Instance {
                board: c.board.clone(),
                hand: c.hand,
            };
            let truth = reference::solve(&inst).moves;
            assert_eq!(fewest(&c.board, &c.hand, &TRUE), Ok(truth), "{inst}");
        }
    }

    #[test]
    fn true_play_is_the_rules() {
        use crate::game::rules::Move;
        for c in generate::symmetry_classes(6, 1) {
            for gap in 0..=c.board.len() {
                for colour in Colour::ALL {
                    let rules = c.board.play(Move { gap, colour }).after;
                    let ours = true_play(c.board.balls(), gap, colour);
                    assert_eq!(ours, rules.balls(), "{} {colour}@{gap}", c.board);
                }
            }
        }
    }

    #[test]
    fn settle_follows_the_chain() {
        let b = Board::from_letters("WWRRRBBBWW").unwrap().balls().to_vec();
        assert_eq!(settle(b.clone(), 3), Vec::<Colour>::new());
        assert_eq!(Board::new(settle(b, 4)).to_string(), "WWRRRBBBWW");
    }
}
