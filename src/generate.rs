//! Case generation: enumerating every valid instance up to a size, one per colour-renaming
//! class. The tests that hold the oracle to the reference, `selfcheck` and `exhaust` draw their
//! inputs from here.

use crate::rules::{Board, Colour, Hand};

/// Every stable board (no run of three) of 1..=`max_len` balls over the first `colours` colours
/// of [`Colour::ALL`], shortest first, then in lexicographic `RYBGW` order.
pub fn stable_boards(max_len: usize, colours: usize) -> Vec<Board> {
    let mut out = Vec::new();
    for len in 1..=max_len {
        let mut cur = Vec::with_capacity(len);
        extend(&mut cur, len, colours, false, &mut out);
    }
    out
}

/// Depth-first over boards; `canonical` restricts colours to first-appearance order.
fn extend(
    cur: &mut Vec<Colour>,
    len: usize,
    colours: usize,
    canonical: bool,
    out: &mut Vec<Board>,
) {
    if cur.len() == len {
        out.push(Board::new(cur.clone()));
        return;
    }
    let limit = if canonical {
        let used = cur.iter().map(|c| c.index() + 1).max().unwrap_or(0);
        (used + 1).min(colours)
    } else {
        colours
    };
    for i in 0..limit {
        let c = Colour::from_index(i);
        let n = cur.len();
        if n >= 2 && cur[n - 1] == c && cur[n - 2] == c {
            continue;
        }
        cur.push(c);
        extend(cur, len, colours, canonical, out);
        cur.pop();
    }
}

/// Every hand of 1..=`max_hand` balls over the five colours, smallest first.
pub fn hands(max_hand: usize) -> Vec<Hand> {
    let mut out = Vec::new();
    for total in 1..=max_hand {
        let mut counts = [0u8; 5];
        hands_rec(&mut counts, 0, total, &mut out);
    }
    out
}

fn hands_rec(counts: &mut [u8; 5], i: usize, left: usize, out: &mut Vec<Hand>) {
    if i == 4 {
        counts[4] = left as u8;
        out.push(Hand::from_counts(*counts));
        return;
    }
    for n in (0..=left).rev() {
        counts[i] = n as u8;
        hands_rec(counts, i + 1, left - n, out);
    }
    counts[i] = 0;
}

/// One representative of every colour-renaming class of valid instances with a board of
/// 1..=`max_board` balls and a hand of 1..=`max_hand` balls, with the number of instances the
/// class stands for.
///
/// Renaming colours never changes the answer (the rules never look at which colour a ball is,
/// only whether two are equal). The representative's board names its colours in order of first
/// appearance (`R` first, then `Y`, ...); colours absent from the board are interchangeable, so
/// their hand counts are taken non-increasing. The class size is `5!` over the renamings that
/// fix the representative: permutations of absent colours with equal hand counts.
pub fn canonical_classes(max_board: usize, max_hand: usize) -> Vec<(Board, Hand, u64)> {
    let mut boards = Vec::new();
    for len in 1..=max_board {
        let mut cur = Vec::with_capacity(len);
        extend(&mut cur, len, 5, true, &mut boards);
    }
    let all_hands = hands(max_hand);
    let mut out = Vec::new();
    for board in boards {
        let k = board
            .balls()
            .iter()
            .map(|c| c.index() + 1)
            .max()
            .unwrap_or(0);
        for hand in &all_hands {
            let h = hand.counts();
            if h[k..].windows(2).any(|w| w[0] < w[1]) {
                continue;
            }
            let mut fixing = 1u64;
            let mut i = k;
            while i < 5 {
                let mut j = i;
                while j < 5 && h[j] == h[i] {
                    j += 1;
                }
                fixing *= factorial(j - i);
                i = j;
            }
            out.push((board.clone(), *hand, 120 / fixing));
        }
    }
    out
}

/// The representatives of [`canonical_classes`] without their weights.
pub fn canonical_instances(max_board: usize, max_hand: usize) -> Vec<(Board, Hand)> {
    canonical_classes(max_board, max_hand)
        .into_iter()
        .map(|(b, h, _)| (b, h))
        .collect()
}

fn factorial(n: usize) -> u64 {
    (1..=n as u64).product()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// Boards with no run of three: a(1)=5, a(2)=25, a(n)=4(a(n-1)+a(n-2)).
    #[test]
    fn stable_board_counts() {
        let count = |n: usize| stable_boards(n, 5).iter().filter(|b| b.len() == n).count();
        assert_eq!(
            [count(1), count(2), count(3), count(4), count(5)],
            [5, 25, 120, 580, 2800]
        );
    }

    #[test]
    fn hand_counts() {
        // multisets of size 1..=5 over 5 colours: 5 + 15 + 35 + 70 + 126
        assert_eq!(hands(5).len(), 251);
    }

    /// The class weights add up to every instance, and the representatives are pairwise
    /// non-equivalent (checked by brute force over all 120 renamings).
    #[test]
    fn classes_cover_every_instance_once() {
        let classes = canonical_classes(4, 3);
        let total: u64 = classes.iter().map(|c| c.2).sum();
        let boards = stable_boards(4, 5).len() as u64;
        assert_eq!(total, boards * hands(3).len() as u64);
        let mut seen = HashSet::new();
        for (b, h, _) in &classes {
            let key = smallest_renaming(b, h);
            assert!(seen.insert(key), "{b} + {h} twice");
        }
        assert_eq!(classes.len(), 570);
    }

    fn smallest_renaming(b: &Board, h: &Hand) -> (Vec<usize>, [u8; 5]) {
        let mut best: Option<(Vec<usize>, [u8; 5])> = None;
        for p in permutations() {
            let nb: Vec<usize> = b.balls().iter().map(|c| p[c.index()]).collect();
            let mut nh = [0u8; 5];
            for c in 0..5 {
                nh[p[c]] = h.counts()[c];
            }
            let cand = (nb, nh);
            if best.as_ref().is_none_or(|x| cand < *x) {
                best = Some(cand);
            }
        }
        best.unwrap()
    }

    fn permutations() -> Vec<[usize; 5]> {
        let mut out = Vec::new();
        for a in 0..5 {
            for b in 0..5 {
                for c in 0..5 {
                    for d in 0..5 {
                        let Some(e) = 10usize.checked_sub(a + b + c + d) else {
                            continue;
                        };
                        let p = [a, b, c, d, e];
                        let set: HashSet<_> = p.iter().collect();
                        if e < 5 && set.len() == 5 {
                            out.push(p);
                        }
                    }
                }
            }
        }
        out
    }
}
