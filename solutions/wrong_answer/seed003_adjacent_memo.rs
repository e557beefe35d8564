//! Depth-first search with a memo on (board, hand counts) that inserts a ball only next to a ball
//! of the same colour. Port of the Python solution in seed 003 ("LeetCode 488 - Zuma Game",
//! shared/seeds/003). Wrong: RRWWRRBBRR + WB needs a W between two Rs.
use std::collections::HashMap;

impl Solution {
    pub fn find_min_step(board: String, hand: String) -> i32 {
        const INF: i32 = i32::MAX;
        const COLOURS: [u8; 5] = *b"BGRWY";
        fn shrink(mut s: Vec<u8>) -> Vec<u8> {
            let mut changed = true;
            while changed {
                changed = false;
                let mut out = Vec::new();
                let mut i = 0;
                while i < s.len() {
                    let mut j = i;
                    while j < s.len() && s[j] == s[i] {
                        j += 1;
                    }
                    if j - i >= 3 {
                        changed = true;
                    } else {
                        out.extend_from_slice(&s[i..j]);
                    }
                    i = j;
                }
                s = out;
            }
            s
        }
        fn dfs(b: Vec<u8>, hand: &mut [i32; 5], memo: &mut HashMap<(Vec<u8>, [i32; 5]), i32>) -> i32 {
            if b.is_empty() {
                return 0;
            }
            let key = (b.clone(), *hand);
            if let Some(&v) = memo.get(&key) {
                return v;
            }
            let mut best = INF;
            for i in 0..=b.len() {
                for (k, &c) in COLOURS.iter().enumerate() {
                    if hand[k] == 0 {
                        continue;
                    }
                    let left = i > 0 && b[i - 1] == c;
                    let right = i < b.len() && b[i] == c;
                    if !left && !right {
                        continue;
                    }
                    let mut nb = b[..i].to_vec();
                    nb.push(c);
                    nb.extend_from_slice(&b[i..]);
                    hand[k] -= 1;
                    let r = dfs(shrink(nb), hand, memo);
                    hand[k] += 1;
                    if r != INF {
                        best = best.min(1 + r);
                    }
                }
            }
            memo.insert(key, best);
            best
        }
        let mut counts = [0i32; 5];
        for c in hand.bytes() {
            if let Some(k) = COLOURS.iter().position(|&x| x == c) {
                counts[k] += 1;
            }
        }
        let r = dfs(board.into_bytes(), &mut counts, &mut HashMap::new());
        if r == INF { -1 } else { r }
    }
}
