//! The best partial line for an instance the oracle answers -1: the move list that leaves the
//! fewest balls on the board. Shown to people next to "no sequence empties the board", so they
//! can see how close a solution can get. A separate bounded search over [`Board::play`]; the
//! oracle itself is not involved.

use rustc_hash::FxHashMap;

use crate::rules::{Board, Colour, Hand, Instance, Move};

/// How many distinct (board, hand) states [`best_partial`] explores by default before it stops
/// and reports the best line seen so far. Boards of 16 and hands of 5 stay well under it in the
/// shipped cases; it bounds the work for larger configured limits.
pub const MAX_STATES: usize = 200_000;

/// The best partial line found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Partial {
    /// The moves, gap indices on the board as it stands before each move. Empty when no move
    /// makes the board smaller than it starts.
    pub moves: Vec<Move>,
    /// Balls left on the board after `moves`.
    pub left: usize,
    /// Distinct (board, hand) states explored; past the cap, at most the hand size more (the
    /// states on the path being searched when the cap is hit).
    pub states: usize,
    /// True when every reachable state was explored, so `left` is the true minimum; false when
    /// the search stopped at its state cap and `left` is the best seen.
    pub exhaustive: bool,
}

/// Best outcome from one state: (balls left, moves used, first move).
type Best = (usize, usize, Option<Move>);

struct Search {
    memo: FxHashMap<(Board, Hand), Best>,
    cap: usize,
    capped: bool,
}

impl Search {
    /// The fewest balls left reachable from (board, hand), ties broken by fewer moves, then by
    /// the first move in (colour, gap) order. Exact while under the cap.
    fn best(&mut self, board: &Board, hand: Hand) -> Best {
        if let Some(b) = self.memo.get(&(board.clone(), hand)) {
            return *b;
        }
        let mut best: Best = (board.len(), 0, None);
        if self.memo.len() >= self.cap {
            self.capped = true;
            return best;
        }
        if !board.is_empty() {
            for c in Colour::ALL {
                let Some(rest) = hand.without(c) else {
                    continue;
                };
                for gap in 0..=board.len() {
                    // Inserting c right after a ball of c gives the same row as one gap to the
                    // left, so it is skipped (the same argument as in the oracle).
                    if gap > 0 && board.balls()[gap - 1] == c {
                        continue;
                    }
                    let mv = Move { gap, colour: c };
                    let after = board.play(mv).after;
                    let (left, used, _) = self.best(&after, rest);
                    if (left, used + 1) < (best.0, best.1) {
                        best = (left, used + 1, Some(mv));
                    }
                }
            }
        }
        self.memo.insert((board.clone(), hand), best);
        best
    }
}

/// The move list from `instance` that leaves the fewest balls on the board (fewest moves among
/// those), exploring at most `max_states` distinct states (see [`MAX_STATES`]).
///
/// Complete search with memo over [`Board::play`]: from each state every hand colour at every
/// gap, less the gaps right after a ball of the same colour (they repeat the gap before).
pub fn best_partial(instance: &Instance, max_states: usize) -> Partial {
    let mut s = Search {
        memo: FxHashMap::default(),
        cap: max_states,
        capped: false,
    };
    let (left, _, _) = s.best(&instance.board, instance.hand);
    let mut moves = Vec::new();
    let (mut board, mut hand) = (instance.board.clone(), instance.hand);
    while let Some(&(_, _, Some(mv))) = s.memo.get(&(board.clone(), hand)) {
        moves.push(mv);
        hand = hand
            .without(mv.colour)
            .expect("a best move spends a held ball");
        board = board.play(mv).after;
    }
    Partial {
        left,
        states: s.memo.len(),
        exhaustive: !s.capped,
        moves,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{replay, Constraints};

    fn inst(board: &str, hand: &str) -> Instance {
        Instance::parse(board, hand, &Constraints::default()).unwrap()
    }

    #[test]
    fn statement_example_1_gets_down_to_two_balls() {
        // WRRBBW + RB is -1: R clears RRR (WBBW), B clears BBB (WW); two Ws stay.
        let i = inst("WRRBBW", "RB");
        let p = best_partial(&i, MAX_STATES);
        assert_eq!(p.left, 2);
        assert_eq!(p.moves.len(), 2);
        assert_eq!(replay(&i, &p.moves).unwrap().to_string(), "WW");
        assert!(p.exhaustive);
    }

    #[test]
    fn greedy_accepted_case() {
        // WWBBWBBWW + BB is -1: a B on the first pair clears BBB, the Ws on either side merge
        // into WWW and go (BBWW); the second B clears BBB; WW stays. Five Ws can only all go
        // as one run of five, which no line makes.
        let i = inst("WWBBWBBWW", "BB");
        let p = best_partial(&i, MAX_STATES);
        let end = replay(&i, &p.moves).unwrap();
        assert_eq!((p.left, end.to_string()), (2, "WW".to_string()));
        assert_eq!(p.moves.len(), 2);
    }

    #[test]
    fn solvable_instances_reach_zero() {
        // split pair: RRWWRRBBRR + WB
        let p = best_partial(&inst("RRWWRRBBRR", "WB"), MAX_STATES);
        assert_eq!((p.left, p.moves.len()), (0, 2));
    }

    #[test]
    fn the_cap_is_reported() {
        // Cap 1: the first leaf is stored, no further state is expanded (a capped state counts
        // as its own board), and the two states on the path back to the root are stored as they
        // finish: 3 states, and the best seen is not the true best (0).
        let i = inst("RRWWRRBBRR", "WB");
        let p = best_partial(&i, 1);
        assert!(!p.exhaustive);
        assert_eq!((p.states, p.left), (3, 2));
        assert_eq!(replay(&i, &p.moves).unwrap().len(), 2);
    }
}
