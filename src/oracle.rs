//! The oracle: the exact answer for an instance, with a witness (the optimal move list) that is
//! replayed through [`crate::rules`] before it is returned. A complete search made fast only by
//! reductions whose safety is argued beside them; no editorial pruning rule is used here.

use rustc_hash::FxHashMap;
use thiserror::Error;

use crate::rules::{self, Board, Colour, Instance, Move};

/// A board packed 3 bits a ball: ball `i` sits in bits `3i..3i+3` as `colour index + 1`, and 0
/// means "no ball", so the length is implied by the highest non-zero cell. Holds up to 42 balls;
/// [`rules::MAX_TOTAL_BALLS`] keeps every board the search makes within that.
type Packed = u128;

/// Hand counts packed 4 bits a colour, colour `i` in bits `4i..4i+4`.
type PackedHand = u32;

fn pack(board: &Board) -> Packed {
    board.balls().iter().enumerate().fold(0, |acc, (i, c)| {
        acc | ((c.index() as Packed + 1) << (3 * i))
    })
}

#[cfg(test)]
fn unpack(p: Packed) -> Board {
    let n = packed_len(p);
    Board::new(
        (0..n)
            .map(|i| Colour::from_index(cell(p, i) as usize - 1))
            .collect(),
    )
}

#[cfg(test)]
fn packed_len(p: Packed) -> usize {
    (128 - p.leading_zeros() as usize).div_ceil(3)
}

#[inline]
fn cell(p: Packed, i: usize) -> u8 {
    ((p >> (3 * i)) & 7) as u8
}

#[inline]
fn low_mask(cells: usize) -> Packed {
    if cells == 0 {
        0
    } else {
        (1 << (3 * cells)) - 1
    }
}

/// Removes balls `l..r` and closes the gap.
#[inline]
fn cut(p: Packed, l: usize, r: usize) -> Packed {
    (p & low_mask(l)) | ((p >> (3 * r)) << (3 * l))
}

/// One move on a packed stable board of `len` balls: insert colour code `c` (1..=5) at `gap`,
/// then the chain reaction. Returns the new board and its length.
///
/// Only the run holding the new ball can reach three, because the board was stable; after a
/// removal, only the two runs that now touch can, and each was at most two long before. So the
/// reaction is followed locally from the gap, and agrees with [`Board::play`]'s global rescan
/// (checked by `packed_play_agrees_with_rules` below, and by every witness replay).
#[inline]
fn play_packed(p: Packed, len: usize, gap: usize, c: u8) -> (Packed, usize) {
    let mut q =
        (p & low_mask(gap)) | ((c as Packed) << (3 * gap)) | ((p >> (3 * gap)) << (3 * gap + 3));
    let mut len = len + 1;
    let mut l = gap;
    while l > 0 && cell(q, l - 1) == c {
        l -= 1;
    }
    let mut r = gap + 1;
    while r < len && cell(q, r) == c {
        r += 1;
    }
    while r - l >= 3 {
        q = cut(q, l, r);
        len -= r - l;
        if l == 0 || l >= len {
            break;
        }
        let colour = cell(q, l - 1);
        if cell(q, l) != colour {
            break;
        }
        let mut lo = l - 1;
        while lo > 0 && cell(q, lo - 1) == colour {
            lo -= 1;
        }
        let mut hi = l + 1;
        while hi < len && cell(q, hi) == colour {
            hi += 1;
        }
        l = lo;
        r = hi;
    }
    (q, len)
}

fn pack_hand(h: &[u8; 5]) -> PackedHand {
    h.iter()
        .enumerate()
        .fold(0, |acc, (i, &n)| acc | ((n as PackedHand) << (4 * i)))
}

/// The oracle's answer for one instance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The optimal move list (gap indices on the board as it stands before each move), or
    /// `None` when no sequence of moves empties the board (LeetCode's -1). Already replayed.
    pub witness: Option<Vec<Move>>,
    /// Search nodes expanded for this instance, counted once per (state, budget) visit that was
    /// not cut by a bound or the memo.
    pub states: u64,
    /// For -1: the hand size, i.e. the largest budget the search exhausted.
    pub exhausted_budget: usize,
}

impl Answer {
    /// The answer as LeetCode writes it: the number of moves, or -1.
    pub fn as_i32(&self) -> i32 {
        self.witness.as_ref().map_or(-1, |w| w.len() as i32)
    }
}

/// The oracle found a witness that does not replay: a bug in the oracle, never a verdict.
#[derive(Debug, Error)]
#[error("oracle bug: the witness for {instance} does not replay to an empty board in {moves} moves (replay ended at {outcome}); please report it with this input")]
pub struct WitnessError {
    /// The input, `BOARD + HAND`.
    pub instance: String,
    /// The witness length.
    pub moves: usize,
    /// What the replay produced.
    pub outcome: String,
}

/// The exact solver. Keeps its memo across calls, so sub-states shared between the cases of a
/// run are solved once.
#[derive(Default)]
pub struct Oracle {
    /// (board, hand) -> largest budget (moves) proven not to empty the board. A property of the
    /// state alone, so it stays valid across budgets, searches and instances.
    failed: FxHashMap<(Packed, PackedHand), u8>,
    expanded: u64,
}

impl Oracle {
    /// A new oracle with an empty memo.
    pub fn new() -> Oracle {
        Oracle::default()
    }

    /// Solves `instance` exactly.
    ///
    /// Iterative deepening on the number of moves, 1 up to the hand size: the first budget that
    /// succeeds is the minimum, since every smaller budget was searched completely and failed.
    ///
    /// Errors only if the witness found fails its replay through [`rules`] (an oracle bug).
    pub fn solve(&mut self, instance: &Instance) -> Result<Answer, WitnessError> {
        self.expanded = 0;
        let p = pack(&instance.board);
        let len = instance.board.len();
        let hand = instance.hand.counts();
        let total = instance.hand.len();
        let mut path = Vec::new();
        for budget in 1..=total {
            if self.search(p, len, hand, budget as u8, &mut path) {
                path.reverse();
                self.check(instance, &path)?;
                return Ok(Answer {
                    witness: Some(path),
                    states: self.expanded,
                    exhausted_budget: 0,
                });
            }
        }
        Ok(Answer {
            witness: None,
            states: self.expanded,
            exhausted_budget: total,
        })
    }

    fn check(&self, instance: &Instance, moves: &[Move]) -> Result<(), WitnessError> {
        match rules::replay(instance, moves) {
            Ok(board) if board.is_empty() => Ok(()),
            Ok(board) => Err(WitnessError {
                instance: instance.to_string(),
                moves: moves.len(),
                outcome: format!("board {board}"),
            }),
            Err(i) => Err(WitnessError {
                instance: instance.to_string(),
                moves: moves.len(),
                outcome: format!("move {} is not playable", i + 1),
            }),
        }
    }

    /// Can `budget` moves from (p, hand) empty the board? On success `path` holds the moves,
    /// last move first.
    fn search(
        &mut self,
        p: Packed,
        len: usize,
        mut hand: [u8; 5],
        budget: u8,
        path: &mut Vec<Move>,
    ) -> bool {
        // Lower bound. Balls of colour c leave the board only in runs of three or more of c, and
        // a ball in hand is the only way to add a c. So if the board holds n > 0 balls of c, at
        // least max(0, 3 - n) of them must come from the hand: more than the hand holds means
        // no sequence at all empties the board, and the sum over colours is a bound on the
        // moves left (at least 1, since a stable non-empty board has nothing to remove).
        let mut counts = [0u8; 5];
        for i in 0..len {
            counts[cell(p, i) as usize - 1] += 1;
        }
        let mut bound = 0u8;
        for c in 0..5 {
            if counts[c] > 0 && counts[c] < 3 {
                let need = 3 - counts[c];
                if hand[c] < need {
                    return false;
                }
                bound += need;
            }
        }
        if bound.max(1) > budget {
            return false;
        }
        let key = (p, pack_hand(&hand));
        if self.failed.get(&key).is_some_and(|&f| f >= budget) {
            return false;
        }
        self.expanded += 1;
        for c in 0..5 {
            if hand[c] == 0 {
                continue;
            }
            let code = c as u8 + 1;
            hand[c] -= 1;
            for gap in 0..=len {
                // Inserting c right after a ball of c gives the same row as inserting it one
                // gap to the left (the letters are equal), so of each stretch of gaps touching
                // a run of c only the leftmost is tried. Gaps not beside c each give a
                // different row. So every distinct row after insertion is made exactly once.
                if gap > 0 && cell(p, gap - 1) == code {
                    continue;
                }
                let (q, qlen) = play_packed(p, len, gap, code);
                let won = qlen == 0 || (budget > 1 && self.search(q, qlen, hand, budget - 1, path));
                if won {
                    path.push(Move {
                        gap,
                        colour: Colour::from_index(c),
                    });
                    return true;
                }
            }
            hand[c] += 1;
        }
        let entry = self.failed.entry(key).or_insert(0);
        *entry = (*entry).max(budget);
        false
    }

    /// Distinct states in the memo (grows across calls).
    pub fn memo_len(&self) -> usize {
        self.failed.len()
    }
}

/// Convenience: a fresh oracle's answer for `board` + `hand` letters already validated.
pub fn solve(instance: &Instance) -> Result<Answer, WitnessError> {
    Oracle::new().solve(instance)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference;
    use crate::rules::Constraints;

    fn inst(board: &str, hand: &str) -> Instance {
        Instance::parse(
            board,
            hand,
            &Constraints {
                board_max: 20,
                ..Constraints::default()
            },
        )
        .unwrap()
    }

    fn answer(board: &str, hand: &str) -> i32 {
        solve(&inst(board, hand)).unwrap().as_i32()
    }

    #[test]
    fn statement_examples_and_known_values() {
        assert_eq!(answer("WRRBBW", "RB"), -1);
        assert_eq!(answer("WWRRBBWW", "WRBRW"), 2);
        assert_eq!(answer("G", "GGGGG"), 2);
        // the old fourth example
        assert_eq!(answer("RBYYBBRRB", "YRBGB"), 3);
        // split pair: RRWWRRBBRR + WB
        assert_eq!(answer("RRWWRRBBRR", "WB"), 2);
    }

    #[test]
    fn witness_for_split_pair_replays() {
        let i = inst("RRWWRRBBRR", "WB");
        let a = solve(&i).unwrap();
        let w = a.witness.unwrap();
        assert_eq!(w.len(), 2);
        assert!(rules::replay(&i, &w).unwrap().is_empty());
    }

    #[test]
    fn pack_round_trips() {
        for s in [
            "R",
            "RRGGBBYYWWRRGGBB",
            "WYBGRWYBGRWYBGRWYBGRWYBGRWYBGRWYBGRWYBGRWY",
        ] {
            let b = Board::from_letters(s).unwrap();
            assert_eq!(unpack(pack(&b)), b);
            assert_eq!(packed_len(pack(&b)), s.len());
        }
        assert_eq!(packed_len(0), 0);
    }

    /// Every board of up to 7 balls with no triple, every gap and colour: the local chain
    /// reaction equals the rules' global rescan.
    #[test]
    fn packed_play_agrees_with_rules() {
        let mut checked = 0;
        for board in crate::generate::stable_boards(7, 5) {
            let p = pack(&board);
            for c in Colour::ALL {
                for gap in 0..=board.len() {
                    let want = board.play(Move { gap, colour: c }).after;
                    let (q, n) = play_packed(p, board.len(), gap, c.index() as u8 + 1);
                    assert_eq!(
                        (unpack(q), n),
                        (want.clone(), want.len()),
                        "{board} +{c}@{gap}"
                    );
                    checked += 1;
                }
            }
        }
        assert_eq!(checked, 3_185_725);
    }

    #[test]
    fn agrees_with_reference_up_to_board_6_hand_4() {
        let lim = Constraints::default();
        let mut oracle = Oracle::new();
        let mut n = 0u64;
        for (board, hand) in crate::generate::canonical_instances(6, 4) {
            let i = Instance::parse(&board.to_string(), &hand.to_string(), &lim).unwrap();
            let want = reference::solve(&i).as_i32();
            assert_eq!(oracle.solve(&i).unwrap().as_i32(), want, "{i}");
            n += 1;
        }
        assert_eq!(n, 20_850);
    }

    /// The metamorphic laws of DESIGN.md, on every instance (not only class representatives)
    /// with board <= 5 and hand <= 3: reversing the board, renaming the colours (five fixed
    /// renamings) and reordering the hand never change the answer, and one more ball of any
    /// colour in the hand never makes it worse.
    #[test]
    fn metamorphic_laws_hold_up_to_board_5_hand_3() {
        let lim = Constraints::default();
        let renamings: [[usize; 5]; 5] = [
            [1, 2, 3, 4, 0],
            [4, 3, 2, 1, 0],
            [0, 2, 1, 4, 3],
            [2, 0, 1, 3, 4],
            [3, 4, 0, 2, 1],
        ];
        let mut oracle = Oracle::new();
        let mut value = |b: &str, h: &str| {
            oracle
                .solve(&Instance::parse(b, h, &lim).unwrap())
                .unwrap()
                .as_i32()
        };
        let mut checked = 0;
        for board in crate::generate::stable_boards(5, 5) {
            for hand in crate::generate::hands(3) {
                let (b, h) = (board.to_string(), hand.to_string());
                let v = value(&b, &h);
                assert_eq!(
                    value(&board.reversed().to_string(), &h),
                    v,
                    "reverse {b} + {h}"
                );
                let backwards: String = h.chars().rev().collect();
                assert_eq!(value(&b, &backwards), v, "reorder {b} + {h}");
                for p in &renamings {
                    let rename = |s: &str| -> String {
                        s.chars()
                            .map(|c| {
                                Colour::from_index(p[Colour::from_char(c).unwrap().index()])
                                    .as_char()
                            })
                            .collect()
                    };
                    assert_eq!(value(&rename(&b), &rename(&h)), v, "rename {p:?} {b} + {h}");
                }
                for c in Colour::ALL {
                    let more = value(&b, &format!("{h}{c}"));
                    assert!(
                        v == -1 || (more != -1 && more <= v),
                        "{b} + {h}{c}: {more} > {v}"
                    );
                }
                checked += 1;
            }
        }
        assert_eq!(checked, 3_530 * 55);
    }
}
