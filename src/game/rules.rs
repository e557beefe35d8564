//! The rules of Zuma (LeetCode 488): colours, boards, hands, input validation, one move and its
//! chain reaction. Pure: no I/O. The oracle, the reference search, the minimiser and the
//! witness printer all play the game through this module.

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// One ball colour. The problem's alphabet is `R Y B G W`, in that order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Colour {
    /// Red, `R`.
    R,
    /// Yellow, `Y`.
    Y,
    /// Blue, `B`.
    B,
    /// Green, `G`.
    G,
    /// White, `W`.
    W,
}

impl Colour {
    /// The five colours in the problem's order.
    pub const ALL: [Colour; 5] = [Colour::R, Colour::Y, Colour::B, Colour::G, Colour::W];

    /// The colour written as `c`; only the uppercase letters `RYBGW` are colours.
    pub fn from_char(c: char) -> Option<Colour> {
        match c {
            'R' => Some(Colour::R),
            'Y' => Some(Colour::Y),
            'B' => Some(Colour::B),
            'G' => Some(Colour::G),
            'W' => Some(Colour::W),
            _ => None,
        }
    }

    /// The letter for this colour.
    pub fn as_char(self) -> char {
        match self {
            Colour::R => 'R',
            Colour::Y => 'Y',
            Colour::B => 'B',
            Colour::G => 'G',
            Colour::W => 'W',
        }
    }

    /// Position in [`Colour::ALL`], 0..5.
    pub fn index(self) -> usize {
        self as usize
    }

    /// Inverse of [`Colour::index`]. Panics on an index of 5 or more.
    pub fn from_index(i: usize) -> Colour {
        Colour::ALL[i]
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.as_char())
    }
}

/// A row of balls, leftmost first. May hold runs of three or more only in the middle of a
/// chain reaction; every board a move leaves behind is stable.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board(Vec<Colour>);

impl Board {
    /// A board from its balls, leftmost first. No validation: see [`Instance::parse`].
    pub fn new(balls: Vec<Colour>) -> Board {
        Board(balls)
    }

    /// Parses letters `RYBGW`; `None` on any other character. No constraint checks.
    pub fn from_letters(s: &str) -> Option<Board> {
        s.chars()
            .map(Colour::from_char)
            .collect::<Option<Vec<_>>>()
            .map(Board)
    }

    /// The balls, leftmost first.
    pub fn balls(&self) -> &[Colour] {
        &self.0
    }

    /// Number of balls.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// True when no ball is left: the game is won.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Balls of each colour, indexed by [`Colour::index`].
    pub fn counts(&self) -> [usize; 5] {
        let mut counts = [0; 5];
        for c in &self.0 {
            counts[c.index()] += 1;
        }
        counts
    }

    /// The maximal runs as `(start, length, colour)`, left to right.
    pub fn runs(&self) -> Vec<(usize, usize, Colour)> {
        let mut runs = Vec::new();
        let mut i = 0;
        while i < self.0.len() {
            let mut j = i;
            while j < self.0.len() && self.0[j] == self.0[i] {
                j += 1;
            }
            runs.push((i, j - i, self.0[i]));
            i = j;
        }
        runs
    }

    /// The same balls right to left.
    pub fn reversed(&self) -> Board {
        Board(self.0.iter().rev().copied().collect())
    }

    /// Plays one move: inserts `mv.colour` at gap `mv.gap` (0 = before the first ball,
    /// `len` = after the last), then runs the chain reaction to a stable board.
    ///
    /// Panics if `mv.gap > self.len()`.
    pub fn play(&self, mv: Move) -> Play {
        assert!(
            mv.gap <= self.len(),
            "gap {} on a board of {} balls",
            mv.gap,
            self.len()
        );
        let mut balls = self.0.clone();
        balls.insert(mv.gap, mv.colour);
        let inserted = Board(balls.clone());
        let mut removals = Vec::new();
        // Remove the leftmost run of three or more until none is left. From a stable board only
        // one run can reach three at a time, so the order cannot matter here.
        while let Some((start, len, colour)) = Board(balls.clone())
            .runs()
            .into_iter()
            .find(|&(_, len, _)| len >= 3)
        {
            balls.drain(start..start + len);
            removals.push(Removal {
                start,
                len,
                colour,
                after: Board(balls.clone()),
            });
        }
        Play {
            inserted,
            removals,
            after: Board(balls),
        }
    }

    /// The first run of three or more, as `(start, length, colour)`, if any.
    pub fn first_triple(&self) -> Option<(usize, usize, Colour)> {
        self.runs().into_iter().find(|&(_, len, _)| len >= 3)
    }
}

impl fmt::Display for Board {
    /// Letters, leftmost first; the empty board prints as nothing.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in &self.0 {
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

/// A multiset of balls in hand; order never matters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hand([u8; 5]);

impl Hand {
    /// A hand holding `counts[i]` balls of `Colour::from_index(i)`.
    pub fn from_counts(counts: [u8; 5]) -> Hand {
        Hand(counts)
    }

    /// Parses letters `RYBGW` in any order; `None` on any other character. No constraint checks.
    pub fn from_letters(s: &str) -> Option<Hand> {
        let mut counts = [0u8; 5];
        for ch in s.chars() {
            let c = Colour::from_char(ch)?;
            counts[c.index()] = counts[c.index()].saturating_add(1);
        }
        Some(Hand(counts))
    }

    /// Balls of each colour, indexed by [`Colour::index`].
    pub fn counts(&self) -> [u8; 5] {
        self.0
    }

    /// Balls of colour `c`.
    pub fn count(&self, c: Colour) -> usize {
        self.0[c.index()] as usize
    }

    /// Total number of balls.
    pub fn len(&self) -> usize {
        self.0.iter().map(|&n| n as usize).sum()
    }

    /// True when no ball is left.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The distinct colours held, in [`Colour::ALL`] order.
    pub fn colours(&self) -> impl Iterator<Item = Colour> + '_ {
        Colour::ALL.into_iter().filter(|c| self.count(*c) > 0)
    }

    /// The hand after spending one ball of `c`, or `None` if it holds none.
    pub fn without(&self, c: Colour) -> Option<Hand> {
        let mut counts = self.0;
        counts[c.index()] = counts[c.index()].checked_sub(1)?;
        Some(Hand(counts))
    }

    /// The hand with one more ball of `c`.
    pub fn with(&self, c: Colour) -> Hand {
        let mut counts = self.0;
        counts[c.index()] += 1;
        Hand(counts)
    }
}

impl fmt::Display for Hand {
    /// Letters in `RYBGW` order, e.g. `RRBW`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in Colour::ALL {
            for _ in 0..self.count(c) {
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}

/// One move: insert a ball of `colour` at `gap` (0 = left end, board length = right end).
///
/// The gap numbering, defined here once for every report, case file and editorial check: gap
/// `i` is LeetCode's insertion index `i`, the ball goes in before `board[i]` (the board becomes
/// `board[..i] + colour + board[i..]`), so `0` is before the first ball and `len` after the
/// last. Written `R@2` (colour, `@`, gap): [`Move::parse`] reads it and `Display` writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Move {
    /// Gap index on the board as it is before the move, `0..=len`.
    pub gap: usize,
    /// Colour of the inserted ball.
    pub colour: Colour,
}

impl Move {
    /// Reads the `R@2` notation (see [`Move`]): one colour letter, `@`, the gap. Spaces around
    /// the parts are allowed; `None` for anything else.
    pub fn parse(s: &str) -> Option<Move> {
        let (colour, gap) = s.split_once('@')?;
        let mut letters = colour.trim().chars();
        let colour = Colour::from_char(letters.next()?)?;
        if letters.next().is_some() {
            return None;
        }
        Some(Move {
            gap: gap.trim().parse().ok()?,
            colour,
        })
    }
}

impl fmt::Display for Move {
    /// `R@2`: the colour, `@`, the gap.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}@{}", self.colour, self.gap)
    }
}

/// One removal inside a chain reaction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Removal {
    /// Index of the run's first ball on the board just before this removal.
    pub start: usize,
    /// Balls removed (3 or more).
    pub len: usize,
    /// Their colour.
    pub colour: Colour,
    /// The board right after this removal.
    pub after: Board,
}

/// Everything one move did, for replaying and explaining a witness.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Play {
    /// The board with the new ball in, before any removal.
    pub inserted: Board,
    /// The chain reaction, one removal at a time (may be empty).
    pub removals: Vec<Removal>,
    /// The stable board the move leaves.
    pub after: Board,
}

/// The constraints an input must meet. Defaults are LeetCode's current ones
/// (problem 488 statement: 1 <= board.length <= 16, 1 <= hand.length <= 5, colours RYBGW).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Constraints {
    /// Longest allowed board, in balls. LeetCode once allowed 20.
    pub board_max: usize,
    /// Largest allowed hand, in balls.
    pub hand_max: usize,
    /// The colour alphabet: a subset of `RYBGW`, as letters.
    pub colours: String,
}

impl Default for Constraints {
    fn default() -> Self {
        Constraints {
            board_max: 16,
            hand_max: 5,
            colours: "RYBGW".to_string(),
        }
    }
}

/// Largest `board_max + hand_max` the oracle's packed boards can hold (3 bits a ball in 128 bits,
/// less one ball of headroom for the insertion).
pub const MAX_TOTAL_BALLS: usize = 41;

/// Constraints that make no sense: the `[constraints]` key and the fix.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ConstraintsError {
    /// A bound of zero.
    #[error("[constraints] board_max and hand_max must be at least 1")]
    ZeroBound,
    /// More balls than the oracle's packed boards hold (the sum of the bounds).
    #[error(
        "[constraints] board_max + hand_max is {0}, the oracle supports at most {MAX_TOTAL_BALLS}"
    )]
    TooManyBalls(usize),
    /// A hand past 15 balls.
    #[error("[constraints] hand_max is at most 15")]
    HandTooLarge,
    /// An empty alphabet.
    #[error("[constraints] colours must name at least one of R, Y, B, G, W")]
    NoColours,
    /// A letter that is no colour.
    #[error("[constraints] colours: '{0}' is not one of R, Y, B, G, W")]
    NotAColour(char),
    /// A colour listed twice.
    #[error("[constraints] colours: '{0}' is listed twice")]
    ColourTwice(char),
}

impl Constraints {
    /// Checks the constraints themselves; the error names the key and the fix.
    pub fn check(&self) -> Result<(), ConstraintsError> {
        if self.board_max == 0 || self.hand_max == 0 {
            return Err(ConstraintsError::ZeroBound);
        }
        if self.board_max + self.hand_max > MAX_TOTAL_BALLS {
            return Err(ConstraintsError::TooManyBalls(
                self.board_max + self.hand_max,
            ));
        }
        if self.hand_max > 15 {
            return Err(ConstraintsError::HandTooLarge);
        }
        if self.colours.is_empty() {
            return Err(ConstraintsError::NoColours);
        }
        for (i, ch) in self.colours.chars().enumerate() {
            if Colour::from_char(ch).is_none() {
                return Err(ConstraintsError::NotAColour(ch));
            }
            if self.colours.chars().take(i).any(|x| x == ch) {
                return Err(ConstraintsError::ColourTwice(ch));
            }
        }
        Ok(())
    }

    /// True when `c` is in the alphabet.
    pub fn allows(&self, c: Colour) -> bool {
        self.colours.contains(c.as_char())
    }
}

/// Which string of an input a problem is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Field {
    /// The board string.
    Board,
    /// The hand string.
    Hand,
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Field::Board => "board",
            Field::Hand => "hand",
        })
    }
}

/// Why an input is outside the constraints. Messages are stable: case files match on them
/// (`invalid = "three in a row"`).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum InputError {
    /// A character that is not an uppercase colour of the alphabet (lowercase included).
    #[error("not a colour: '{ch}' at {field} position {pos} (allowed: uppercase {alphabet})")]
    NotAColour {
        /// Board or hand.
        field: Field,
        /// The offending character.
        ch: char,
        /// Its 0-based position.
        pos: usize,
        /// The allowed letters.
        alphabet: String,
    },
    /// A board with no ball.
    #[error("empty board: the board needs at least 1 ball")]
    EmptyBoard,
    /// A hand with no ball.
    #[error("empty hand: the hand needs at least 1 ball")]
    EmptyHand,
    /// A board longer than `board_max`.
    #[error("board too long: {len} balls, the limit is {max} (board_max under [constraints] in judge.toml or the --config file; 16 by default)")]
    BoardTooLong {
        /// Balls on the board.
        len: usize,
        /// The limit.
        max: usize,
    },
    /// A hand larger than `hand_max`.
    #[error("hand too large: {len} balls, the limit is {max} (hand_max under [constraints] in judge.toml or the --config file; 5 by default)")]
    HandTooLarge {
        /// Balls in the hand.
        len: usize,
        /// The limit.
        max: usize,
    },
    /// The starting board already holds a run of three or more.
    #[error("three in a row: '{run}' at board positions {start}..{end} (the starting board may not hold a run of three or more)")]
    StartingRun {
        /// The run's letters.
        run: String,
        /// First position, 0-based.
        start: usize,
        /// Last position, 0-based, inclusive.
        end: usize,
    },
}

impl InputError {
    /// The constraint broken, as a short stable key: `colour`, `board_min`, `hand_min`,
    /// `board_max`, `hand_max` or `no_triple`.
    pub fn constraint(&self) -> &'static str {
        match self {
            InputError::NotAColour { .. } => "colour",
            InputError::EmptyBoard => "board_min",
            InputError::EmptyHand => "hand_min",
            InputError::BoardTooLong { .. } => "board_max",
            InputError::HandTooLarge { .. } => "hand_max",
            InputError::StartingRun { .. } => "no_triple",
        }
    }
}

/// A valid input: a stable, non-empty board and a non-empty hand within the constraints.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Instance {
    /// The starting board.
    pub board: Board,
    /// The starting hand.
    pub hand: Hand,
}

impl Instance {
    /// Validates `board` and `hand` against `limits`. Checks run in a fixed order, so each input
    /// has one reason: colours (board, then hand), empty board, empty hand, board length,
    /// hand size, run of three.
    pub fn parse(board: &str, hand: &str, limits: &Constraints) -> Result<Instance, InputError> {
        let letters = |s: &str, field: Field| -> Result<Vec<Colour>, InputError> {
            s.chars()
                .enumerate()
                .map(|(pos, ch)| match Colour::from_char(ch) {
                    Some(c) if limits.allows(c) => Ok(c),
                    _ => Err(InputError::NotAColour {
                        field,
                        ch,
                        pos,
                        alphabet: limits.colours.clone(),
                    }),
                })
                .collect()
        };
        let board = Board(letters(board, Field::Board)?);
        let hand_balls = letters(hand, Field::Hand)?;
        if board.is_empty() {
            return Err(InputError::EmptyBoard);
        }
        if hand_balls.is_empty() {
            return Err(InputError::EmptyHand);
        }
        if board.len() > limits.board_max {
            return Err(InputError::BoardTooLong {
                len: board.len(),
                max: limits.board_max,
            });
        }
        if hand_balls.len() > limits.hand_max {
            return Err(InputError::HandTooLarge {
                len: hand_balls.len(),
                max: limits.hand_max,
            });
        }
        if let Some((start, len, colour)) = board.first_triple() {
            return Err(InputError::StartingRun {
                run: colour.to_string().repeat(len),
                start,
                end: start + len - 1,
            });
        }
        let mut counts = [0u8; 5];
        for c in hand_balls {
            counts[c.index()] += 1;
        }
        Ok(Instance {
            board,
            hand: Hand(counts),
        })
    }

    /// Board plus hand, in balls: the size the minimiser shrinks.
    pub fn size(&self) -> usize {
        self.board.len() + self.hand.len()
    }
}

impl fmt::Display for Instance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} + {}", self.board, self.hand)
    }
}

/// Replays `moves` from `instance`; `Ok(final board)` or the index of the first move that
/// spends a ball the hand does not hold or names a gap off the board.
pub fn replay(instance: &Instance, moves: &[Move]) -> Result<Board, usize> {
    let mut board = instance.board.clone();
    let mut hand = instance.hand;
    for (i, mv) in moves.iter().enumerate() {
        if mv.gap > board.len() {
            return Err(i);
        }
        hand = hand.without(mv.colour).ok_or(i)?;
        board = board.play(*mv).after;
    }
    Ok(board)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(s: &str) -> Board {
        Board::from_letters(s).unwrap()
    }

    #[test]
    fn chain_reaction_of_statement_example_two() {
        // WWRRBBWW + R at gap 4 -> WWBBWW; then B at gap 4 -> BBB goes, WWWW goes.
        let p = b("WWRRBBWW").play(Move {
            gap: 4,
            colour: Colour::R,
        });
        assert_eq!(p.after, b("WWBBWW"));
        let p = p.after.play(Move {
            gap: 4,
            colour: Colour::B,
        });
        assert_eq!(p.inserted, b("WWBBBWW"));
        assert_eq!(p.removals.len(), 2);
        assert_eq!(p.removals[0].after, b("WWWW"));
        assert_eq!((p.removals[1].start, p.removals[1].len), (0, 4));
        assert!(p.after.is_empty());
    }

    #[test]
    fn no_removal_below_three() {
        let p = b("RGB").play(Move {
            gap: 0,
            colour: Colour::R,
        });
        assert_eq!(p.after, b("RRGB"));
        assert!(p.removals.is_empty());
    }

    #[test]
    fn each_reason_is_typed() {
        let lim = Constraints::default();
        let err = |bd: &str, h: &str| Instance::parse(bd, h, &lim).unwrap_err();
        assert_eq!(err("a", "a").constraint(), "colour");
        assert_eq!(
            err("RR", "r").to_string(),
            "not a colour: 'r' at hand position 0 (allowed: uppercase RYBGW)"
        );
        assert_eq!(err("", "R"), InputError::EmptyBoard);
        assert_eq!(err("R", ""), InputError::EmptyHand);
        assert_eq!(
            err("RRGGBBYYWWRRGGBBY", "R"),
            InputError::BoardTooLong { len: 17, max: 16 }
        );
        assert_eq!(
            err("G", "GGGGGG"),
            InputError::HandTooLarge { len: 6, max: 5 }
        );
        assert_eq!(
            err("RBBB", "R"),
            InputError::StartingRun {
                run: "BBB".into(),
                start: 1,
                end: 3
            }
        );
        let old = Constraints {
            board_max: 20,
            ..Constraints::default()
        };
        assert!(Instance::parse("WWRRGGRRWWRRGGRRWW", "GG", &old).is_ok());
        let no_white = Constraints {
            colours: "RYBG".into(),
            ..Constraints::default()
        };
        assert_eq!(
            Instance::parse("RW", "R", &no_white)
                .unwrap_err()
                .constraint(),
            "colour"
        );
    }

    #[test]
    fn move_notation_is_leetcodes_insertion_index() {
        let mv = Move::parse("R@2").unwrap();
        assert_eq!(
            mv,
            Move {
                gap: 2,
                colour: Colour::R
            }
        );
        assert_eq!(mv.to_string(), "R@2");
        // Gap 2 of WWBB is LeetCode's board[:2] + "R" + board[2:].
        assert_eq!(b("WWBB").play(mv).inserted, b("WWRBB"));
        assert_eq!(
            Move::parse(" B @ 0 ").map(|m| m.to_string()),
            Some("B@0".into())
        );
        for bad in ["R2", "X@1", "RR@1", "R@-1", "R@", "@3"] {
            assert_eq!(Move::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn hand_prints_in_alphabet_order() {
        assert_eq!(Hand::from_letters("WBRBR").unwrap().to_string(), "RRBBW");
    }

    #[test]
    fn constraints_are_checked() {
        assert!(Constraints::default().check().is_ok());
        let wide = Constraints {
            board_max: 40,
            ..Constraints::default()
        };
        assert!(wide.check().unwrap_err().to_string().contains("at most 41"));
        let odd = Constraints {
            colours: "RXB".into(),
            ..Constraints::default()
        };
        assert_eq!(
            odd.check().unwrap_err().to_string(),
            "[constraints] colours: 'X' is not one of R, Y, B, G, W"
        );
    }
}
