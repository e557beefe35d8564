//! Witness explanation: replays a move list through [`crate::game::rules`] into steps (the ball
//! inserted, then every removal of the chain reaction), and says in words how the oracle's search
//! went. Drawing the steps for people is [`crate::report::draw`]'s job, the one display of a witness.

use serde::Serialize;

use crate::game::oracle::{Answer, Oracle};
use crate::game::rules::{Instance, Move};
use crate::report::count;

pub use crate::game::moves::{compact, show};

/// One move of a witness, played out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    /// 1-based move number.
    pub number: usize,
    /// The move.
    pub mv: Move,
    /// The board before the move.
    pub before: String,
    /// The board with the new ball in, before removals.
    pub inserted: String,
    /// Each removal: the run removed (letters) and the board right after it.
    pub removals: Vec<(String, String)>,
    /// The stable board after the move.
    pub after: String,
    /// The hand after the move, in `RYBGW` order (the multiset's display, kept for the JSON
    /// contract); drawings show the hand as written, see [`crate::report::draw::hands_after`].
    pub hand_after: String,
}

/// Plays `moves` from `instance`. Panics if a move is not playable, which an oracle witness
/// never is (the oracle replays it before returning).
pub fn steps(instance: &Instance, moves: &[Move]) -> Vec<Step> {
    let mut board = instance.board.clone();
    let mut hand = instance.hand;
    let mut out = Vec::new();
    for (i, mv) in moves.iter().enumerate() {
        hand = hand.without(mv.colour).expect("witness spends a held ball");
        let play = board.play(*mv);
        out.push(Step {
            number: i + 1,
            mv: *mv,
            before: board.to_string(),
            inserted: play.inserted.to_string(),
            removals: play
                .removals
                .iter()
                .map(|r| (r.colour.to_string().repeat(r.len), r.after.to_string()))
                .collect(),
            after: play.after.to_string(),
            hand_after: hand.to_string(),
        });
        board = play.after;
    }
    out
}

/// [`search`] for `instance` as a fresh oracle searches it: what a -1's proof says. The answer a
/// judge holds may come from an oracle whose memo earlier inputs warmed (the root is then one
/// memo cut), which tells a reader nothing.
pub fn fresh_search(instance: &Instance) -> String {
    match Oracle::new().solve(instance) {
        Ok(a) => search(&a, instance.hand.len()),
        Err(e) => format!("no witness: {e}"),
    }
}

/// How the oracle's search went, in one line: for a -1, how the search was exhausted (the start
/// bound alone, or the budgets searched and what cut the nodes); otherwise the effort.
/// `hand` is the instance's hand size, in balls.
pub fn search(answer: &Answer, hand: usize) -> String {
    let s = &answer.stats;
    let n = |v: u64, noun: &str| count(v as usize, noun);
    let effort = format!(
        "{} explored ({} expanded, {}, {} played); cut: {} by the colour-count bound, {} by the partition bound, {} by the memo",
        n(answer.states, "state"), s.expanded, n(s.one_move_checks, "one-move check"), n(s.successors, "successor"), s.colour_cuts, s.partition_cuts, s.memo_cuts
    );
    let up_to = count(hand, "move");
    match (&answer.witness, s.budgets) {
        (Some(_), _) => effort,
        (None, None) if s.start_bound >= 100 => format!(
            "no sequence of up to {up_to} empties the board: proven before any search, since every way to remove the board's balls needs more balls of some colour than the hand holds"
        ),
        (None, None) => format!(
            "no sequence of up to {up_to} empties the board: proven before any search, since the lower bound at the start is {}",
            count(s.start_bound as usize, "move")
        ),
        (None, Some((first, last))) => format!(
            "no sequence of up to {up_to} empties the board: budgets {first}..={last} moves searched exhaustively (start bound {}); {effort}",
            s.start_bound
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rules::{Colour, Constraints};

    #[test]
    fn split_pair_step_by_step() {
        // split pair: RRWWRRBBRR + WB
        let i = Instance::parse("RRWWRRBBRR", "WB", &Constraints::default()).unwrap();
        let moves = [
            Move {
                gap: 9,
                colour: Colour::W,
            },
            Move {
                gap: 8,
                colour: Colour::B,
            },
        ];
        let steps = steps(&i, &moves);
        assert_eq!(steps.len(), 2);
        assert_eq!(
            (steps[0].inserted.as_str(), steps[0].after.as_str()),
            ("RRWWRRBBRWR", "RRWWRRBBRWR")
        );
        assert_eq!(steps[1].inserted, "RRWWRRBBBRWR");
        assert_eq!(
            steps[1].removals,
            [
                ("BBB".to_string(), "RRWWRRRWR".to_string()),
                ("RRR".into(), "RRWWWR".into()),
                ("WWW".into(), "RRR".into()),
                ("RRR".into(), String::new()),
            ]
        );
        // the JSON's hand_after is the multiset's display, sorted RYBGW (WB reads BW)
        assert_eq!(
            (steps[0].hand_after.as_str(), steps[1].hand_after.as_str()),
            ("B", "")
        );
        assert_eq!(compact(&moves), "W@9 B@8");
    }
}
