//! Minimisation: greedy shrinking of a failing input while it still fails, in the manner of
//! proptest's shrinker (simplify, keep the step only if the failure survives, stop when no
//! single step does). Every candidate stays valid under the run's constraints.

use crate::game::rules::{Board, Colour, Constraints, Hand, Instance};

/// The inputs one shrinking step can reach from `instance`, most shrinking first: each board
/// ball removed, each hand colour less one ball, then two balls removed at once (two board
/// balls, or a board ball and a hand ball: removing one ball often flips a solvable board to
/// -1 and hides the bug, removing two keeps the counts of a colour in step), then each ball
/// recoloured to an earlier colour of `RYBGW` (so recolouring cannot cycle). Only inputs valid
/// under `limits` are kept.
pub fn candidates(instance: &Instance, limits: &Constraints) -> Vec<Instance> {
    let mut out = Vec::new();
    let balls = instance.board.balls();
    let keep = |board: Board, hand: Hand, out: &mut Vec<Instance>| {
        if let Ok(i) = Instance::parse(&board.to_string(), &hand.to_string(), limits) {
            out.push(i);
        }
    };
    for i in 0..balls.len() {
        let mut b = balls.to_vec();
        b.remove(i);
        keep(Board::new(b), instance.hand, &mut out);
    }
    for c in instance.hand.colours() {
        keep(
            instance.board.clone(),
            instance.hand.without(c).unwrap(),
            &mut out,
        );
    }
    for i in 0..balls.len() {
        for j in i + 1..balls.len() {
            let mut b = balls.to_vec();
            b.remove(j);
            b.remove(i);
            keep(Board::new(b), instance.hand, &mut out);
        }
        for c in instance.hand.colours() {
            let mut b = balls.to_vec();
            b.remove(i);
            keep(Board::new(b), instance.hand.without(c).unwrap(), &mut out);
        }
    }
    for i in 0..balls.len() {
        for c in Colour::ALL.iter().take(balls[i].index()) {
            let mut b = balls.to_vec();
            b[i] = *c;
            keep(Board::new(b), instance.hand, &mut out);
        }
    }
    for from in instance.hand.colours() {
        for to in Colour::ALL.iter().take(from.index()) {
            keep(
                instance.board.clone(),
                instance.hand.without(from).unwrap().with(*to),
                &mut out,
            );
        }
    }
    out
}

/// Shrinks `start` while `fails` holds, trying at most `max_tries` candidates in all. Returns the
/// last failing input (at worst `start` itself) and the number of candidates tried.
///
/// Terminates: each accepted step either removes a ball or moves one ball to an earlier colour
/// without changing the size.
pub fn minimise(
    start: &Instance,
    limits: &Constraints,
    mut fails: impl FnMut(&Instance) -> bool,
    max_tries: usize,
) -> (Instance, usize) {
    let mut best = start.clone();
    let mut tries = 0;
    'outer: loop {
        for cand in candidates(&best, limits) {
            if tries >= max_tries {
                break 'outer;
            }
            tries += 1;
            if fails(&cand) {
                best = cand;
                continue 'outer;
            }
        }
        break;
    }
    (best, tries)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shrinks_to_the_smallest_failing_input_of_a_simple_property() {
        // "fails" while the board holds at least two Ws and the hand a B.
        let lim = Constraints::default();
        let start = Instance::parse("RRWWRRBBRR", "WB", &lim).unwrap();
        let (min, _) = minimise(
            &start,
            &lim,
            |i| i.board.counts()[Colour::W.index()] >= 2 && i.hand.count(Colour::B) >= 1,
            10_000,
        );
        assert_eq!(min.to_string(), "WW + B");
    }

    #[test]
    fn candidates_stay_valid() {
        let lim = Constraints::default();
        let start = Instance::parse("RRGRR", "R", &lim).unwrap();
        let c = candidates(&start, &lim);
        // removing the G would leave RRRR; the single hand ball cannot go
        assert!(c
            .iter()
            .all(|i| i.board.first_triple().is_none() && !i.hand.is_empty()));
        assert_eq!(c[0].to_string(), "RGRR + R");
        assert!(!c.iter().any(|i| i.board.to_string() == "RRRR"));
    }
}
