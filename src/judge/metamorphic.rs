//! Metamorphic laws: reversing the board, renaming colours and reordering the hand never change
//! the answer (the laws the oracle is checked on: GUIDE.md, "Oracle speed"). A candidate whose
//! answers break a law is wrong on at least one of the two inputs, and this is found without
//! the oracle. Used by `fuzz`, `exhaust` and `run --metamorphic`.

use serde::{Deserialize, Serialize};

use crate::game::rules::Colour;
use crate::judge::execute::{Executor, Outcome};

/// One law: a change to the input strings that keeps the answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Law {
    /// The board read right to left; the hand as given. The rules treat left and right alike.
    Reversal,
    /// Every colour renamed by [`SHIFT`], board and hand alike. The rules only ask whether two
    /// balls are equal.
    Renaming,
    /// The hand string in another order (reversed, or rotated when reversing changes nothing).
    /// The hand is a multiset.
    HandOrder,
}

impl Law {
    /// The three laws, in the order they are tried.
    pub const ALL: [Law; 3] = [Law::Reversal, Law::Renaming, Law::HandOrder];

    /// For people: `board reversal`, `colour renaming`, `hand order`.
    pub fn describe(self) -> &'static str {
        match self {
            Law::Reversal => "board reversal",
            Law::Renaming => "colour renaming",
            Law::HandOrder => "hand order",
        }
    }

    /// The input strings this law turns `board` + `hand` into.
    pub fn apply(self, board: &str, hand: &str) -> (String, String) {
        match self {
            Law::Reversal => (board.chars().rev().collect(), hand.to_string()),
            Law::Renaming => (rename(board, &SHIFT), rename(hand, &SHIFT)),
            Law::HandOrder => (board.to_string(), reorder(hand)),
        }
    }
}

/// The renaming the laws use: `R->Y->B->G->W->R`, as a map from colour index to colour index.
pub const SHIFT: [usize; 5] = [1, 2, 3, 4, 0];

/// `s` with every colour letter `c` replaced by `Colour::from_index(perm[c.index()])`; other
/// characters are kept.
pub fn rename(s: &str, perm: &[usize; 5]) -> String {
    s.chars()
        .map(|ch| match Colour::from_char(ch) {
            Some(c) => Colour::from_index(perm[c.index()]).as_char(),
            None => ch,
        })
        .collect()
}

/// `hand` in another order: reversed, or rotated by one when reversing gives the same string.
/// A hand of one colour has no other order and comes back unchanged.
pub fn reorder(hand: &str) -> String {
    let reversed: String = hand.chars().rev().collect();
    if reversed != hand {
        return reversed;
    }
    let mut chars: Vec<char> = hand.chars().collect();
    if !chars.is_empty() {
        chars.rotate_left(1);
    }
    chars.into_iter().collect()
}

/// All three laws at once: the board reversed and renamed by `perm`, the hand renamed and
/// reordered. One call that catches a break of any single law (unless two breaks cancel).
pub fn composite(board: &str, hand: &str, perm: &[usize; 5]) -> (String, String) {
    let reversed: String = board.chars().rev().collect();
    (rename(&reversed, perm), reorder(&rename(hand, perm)))
}

/// A candidate's answers disagreeing with themselves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Inconsistency {
    /// The input as first called.
    pub board: String,
    /// Its hand string, as passed.
    pub hand: String,
    /// The answer for it; null when the call gave none (a panic, a limit).
    pub got: Option<i32>,
    /// The transformed input.
    pub variant_board: String,
    /// Its hand string, as passed.
    pub variant_hand: String,
    /// The answer for the transformed input.
    pub variant_got: Option<i32>,
    /// The laws that, applied alone to the first input, change the answer; empty when only
    /// their combination does.
    pub laws: Vec<Law>,
}

impl Inconsistency {
    /// One line, e.g. `RRWB + W gives 2 but BWRR + W gives -1 (board reversal)`.
    pub fn describe(&self) -> String {
        let laws = if self.laws.is_empty() {
            "only all three laws together".to_string()
        } else {
            self.laws
                .iter()
                .map(|l| l.describe())
                .collect::<Vec<_>>()
                .join(", ")
        };
        format!(
            "{} + {} gives {} but {} + {} gives {} (breaks {laws})",
            self.board,
            self.hand,
            show(self.got),
            self.variant_board,
            self.variant_hand,
            show(self.variant_got)
        )
    }
}

fn show(v: Option<i32>) -> String {
    v.map_or("no answer".into(), |v| v.to_string())
}

fn answer(o: &Outcome) -> Option<i32> {
    o.result.as_ref().ok().copied()
}

/// The laws whose variant of `board` + `hand` gets an answer other than `got` from `exec`
/// (one call per law).
pub fn broken_laws(exec: &mut dyn Executor, board: &str, hand: &str, got: Option<i32>) -> Vec<Law> {
    Law::ALL
        .into_iter()
        .filter(|law| {
            let (b, h) = law.apply(board, hand);
            (b.as_str(), h.as_str()) != (board, hand) && answer(&exec.call(&b, &h)) != got
        })
        .collect()
}

/// Calls `exec` on the [`composite`] variant of `board` + `hand` (whose answer was `got`); on a
/// different answer, finds which single laws break too. `None` when the answers agree.
pub fn check_composite(
    exec: &mut dyn Executor,
    board: &str,
    hand: &str,
    got: Option<i32>,
    perm: &[usize; 5],
) -> Option<Inconsistency> {
    let (vb, vh) = composite(board, hand, perm);
    let variant_got = answer(&exec.call(&vb, &vh));
    if variant_got == got {
        return None;
    }
    Some(Inconsistency {
        board: board.to_string(),
        hand: hand.to_string(),
        got,
        variant_board: vb,
        variant_hand: vh,
        variant_got,
        laws: broken_laws(exec, board, hand, got),
    })
}

/// Calls `exec` on `board` + `hand` and on each law's variant; the first law whose variant gets
/// a different answer, as an [`Inconsistency`] listing every law that breaks. Four calls at
/// most.
pub fn check_each_law(exec: &mut dyn Executor, board: &str, hand: &str) -> Option<Inconsistency> {
    let got = answer(&exec.call(board, hand));
    let mut first = None;
    let mut laws = Vec::new();
    for law in Law::ALL {
        let (b, h) = law.apply(board, hand);
        if (b.as_str(), h.as_str()) == (board, hand) {
            continue;
        }
        let v = answer(&exec.call(&b, &h));
        if v != got {
            laws.push(law);
            first.get_or_insert((b, h, v));
        }
    }
    let (variant_board, variant_hand, variant_got) = first?;
    Some(Inconsistency {
        board: board.to_string(),
        hand: hand.to_string(),
        got,
        variant_board,
        variant_hand,
        variant_got,
        laws,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::execute::Failure;

    /// A fake candidate that answers 1 when the board starts with R, else 2: breaks reversal
    /// and renaming, keeps hand order.
    struct StartsWithR;
    impl Executor for StartsWithR {
        fn call(&mut self, board: &str, _hand: &str) -> Outcome {
            Outcome {
                result: Ok(if board.starts_with('R') { 1 } else { 2 }),
                wall_ms: 0.0,
                cpu_ms: 0.0,
                memory_kib: None,
                repeats_ms: Vec::new(),
                core_wait_ms: 0.0,
            }
        }
    }

    /// Answers the hand's first letter's index: breaks hand order and renaming.
    struct FirstHandBall;
    impl Executor for FirstHandBall {
        fn call(&mut self, _board: &str, hand: &str) -> Outcome {
            let c = hand.chars().next().and_then(Colour::from_char);
            Outcome {
                result: c
                    .map(|c| c.index() as i32)
                    .ok_or(Failure::Panic("empty".into())),
                wall_ms: 0.0,
                cpu_ms: 0.0,
                memory_kib: None,
                repeats_ms: Vec::new(),
                core_wait_ms: 0.0,
            }
        }
    }

    #[test]
    fn laws_transform_the_strings() {
        assert_eq!(
            Law::Reversal.apply("RRWB", "WB"),
            ("BWRR".into(), "WB".into())
        );
        assert_eq!(
            Law::Renaming.apply("RRWB", "WB"),
            ("YYRG".into(), "RG".into())
        );
        assert_eq!(
            Law::HandOrder.apply("RRWB", "RWB"),
            ("RRWB".into(), "BWR".into())
        );
        assert_eq!(reorder("RWR"), "WRR");
        assert_eq!(reorder("GG"), "GG");
        assert_eq!(
            composite("RRWB", "RBB", &SHIFT),
            ("GRYY".into(), "GGY".into())
        );
    }

    #[test]
    fn finds_the_broken_laws() {
        let i = check_each_law(&mut StartsWithR, "RRWB", "WB").unwrap();
        assert_eq!(i.laws, [Law::Reversal, Law::Renaming]);
        assert_eq!(
            i.describe(),
            "RRWB + WB gives 1 but BWRR + WB gives 2 (breaks board reversal, colour renaming)"
        );
        let i = check_each_law(&mut FirstHandBall, "RRWB", "WB").unwrap();
        assert_eq!(i.laws, [Law::Renaming, Law::HandOrder]);
        assert_eq!(check_each_law(&mut StartsWithR, "YRY", "R"), None);
        let c = check_composite(&mut StartsWithR, "RRWB", "WB", Some(1), &SHIFT).unwrap();
        assert_eq!(
            (c.variant_board.as_str(), c.variant_got, c.laws),
            ("GRYY", Some(2), vec![Law::Reversal, Law::Renaming])
        );
        assert_eq!(
            check_composite(&mut StartsWithR, "BWRY", "WB", Some(2), &SHIFT),
            None
        );
    }

    /// Answers 1 when the board starts with G: of RRWB's variants only the composite GRYY does.
    struct StartsWithG;
    impl Executor for StartsWithG {
        fn call(&mut self, board: &str, _hand: &str) -> Outcome {
            Outcome {
                result: Ok(if board.starts_with('G') { 1 } else { 2 }),
                wall_ms: 0.0,
                cpu_ms: 0.0,
                memory_kib: None,
                repeats_ms: Vec::new(),
                core_wait_ms: 0.0,
            }
        }
    }

    #[test]
    fn only_the_combination_breaks() {
        let c = check_composite(&mut StartsWithG, "RRWB", "WB", Some(2), &SHIFT).unwrap();
        assert_eq!((c.variant_got, c.laws.clone()), (Some(1), vec![]));
        assert!(c
            .describe()
            .ends_with("(breaks only all three laws together)"));
    }
}
