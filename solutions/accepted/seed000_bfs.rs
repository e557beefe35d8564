//! Breadth-first search over (row, sorted hand) with two pruning rules: insert only at the left
//! end of a same-coloured run, or between two equal balls of another colour. Port of the
//! reference solution in seed 000 ("Zuma Game — Hard Problem & Solution", shared/seeds/000).
use std::collections::HashSet;

impl Solution {
    pub fn find_min_step(board: String, hand: String) -> i32 {
        fn clean(mut s: Vec<u8>) -> Vec<u8> {
            loop {
                let mut changed = false;
                let mut i = 0;
                while i < s.len() {
                    let mut j = i;
                    while j < s.len() && s[j] == s[i] {
                        j += 1;
                    }
                    if j - i >= 3 {
                        s.drain(i..j);
                        changed = true;
                        break;
                    }
                    i = j;
                }
                if !changed {
                    return s;
                }
            }
        }
        let mut start: Vec<u8> = hand.into_bytes();
        start.sort();
        let board = board.into_bytes();
        let mut seen: HashSet<(Vec<u8>, Vec<u8>)> = HashSet::new();
        seen.insert((board.clone(), start.clone()));
        let mut level = vec![(board, start)];
        let mut step = 0;
        while !level.is_empty() {
            step += 1;
            let mut next = Vec::new();
            for (b, h) in &level {
                for i in 0..=b.len() {
                    for j in 0..h.len() {
                        let c = h[j];
                        if j > 0 && c == h[j - 1] {
                            continue;
                        }
                        if i > 0 && b[i - 1] == c {
                            continue;
                        }
                        let worth = (i < b.len() && b[i] == c)
                            || (i > 0 && i < b.len() && b[i - 1] == b[i] && b[i] != c);
                        if !worth {
                            continue;
                        }
                        let mut nb = b[..i].to_vec();
                        nb.push(c);
                        nb.extend_from_slice(&b[i..]);
                        let nb = clean(nb);
                        if nb.is_empty() {
                            return step;
                        }
                        let mut nh = h.clone();
                        nh.remove(j);
                        if seen.insert((nb.clone(), nh.clone())) {
                            next.push((nb, nh));
                        }
                    }
                }
            }
            level = next;
        }
        -1
    }
}
