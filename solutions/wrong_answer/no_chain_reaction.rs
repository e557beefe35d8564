//! Seed 000's pruned breadth-first search, but with a clean-up that removes every run of three or
//! more in a single left-to-right pass and never rescans, so a chain reaction stops after its
//! first step. The one-pass "shrink" bug that public bug reports on LeetCode 488 describe
//! (statement example WWRRBBWW + WRBRW: WWWW is left standing).
use std::collections::HashSet;

impl Solution {
    pub fn find_min_step(board: String, hand: String) -> i32 {
        fn one_pass(s: &[u8]) -> Vec<u8> {
            let mut out = Vec::new();
            let mut i = 0;
            while i < s.len() {
                let mut j = i;
                while j < s.len() && s[j] == s[i] {
                    j += 1;
                }
                if j - i < 3 {
                    out.extend_from_slice(&s[i..j]);
                }
                i = j;
            }
            out
        }
        let mut h: Vec<u8> = hand.into_bytes();
        h.sort();
        let b = board.into_bytes();
        let mut seen = HashSet::new();
        seen.insert((b.clone(), h.clone()));
        let mut level = vec![(b, h)];
        let mut step = 0;
        while !level.is_empty() {
            step += 1;
            let mut next = Vec::new();
            for (b, h) in &level {
                for j in 0..h.len() {
                    if j > 0 && h[j] == h[j - 1] {
                        continue;
                    }
                    let mut nh = h.clone();
                    let c = nh.remove(j);
                    for i in 0..=b.len() {
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
                        let nb = one_pass(&nb);
                        if nb.is_empty() {
                            return step;
                        }
                        if seen.insert((nb.clone(), nh.clone())) {
                            next.push((nb, nh.clone()));
                        }
                    }
                }
            }
            level = next;
        }
        -1
    }
}
