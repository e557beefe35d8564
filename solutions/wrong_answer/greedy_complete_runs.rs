//! Greedy that only completes existing runs: repeatedly pick the run needing the fewest balls
//! (3 - its length; leftmost on ties) that the hand can pay for, spend them, and delete it with
//! its chain reaction. The "complete a run" greedy that public bug reports on LeetCode 488
//! describe as accepted but wrong (e.g. WWBBWBBWW + BB).
impl Solution {
    pub fn find_min_step(board: String, hand: String) -> i32 {
        fn collapse(mut s: Vec<u8>) -> Vec<u8> {
            loop {
                let mut i = 0;
                let mut cut = None;
                while i < s.len() {
                    let mut j = i;
                    while j < s.len() && s[j] == s[i] {
                        j += 1;
                    }
                    if j - i >= 3 {
                        cut = Some((i, j));
                        break;
                    }
                    i = j;
                }
                match cut {
                    Some((i, j)) => {
                        s.drain(i..j);
                    }
                    None => return s,
                }
            }
        }
        let mut b = board.into_bytes();
        let mut h = [0i32; 256];
        for c in hand.bytes() {
            h[c as usize] += 1;
        }
        let mut used = 0;
        while !b.is_empty() {
            let mut best: Option<(usize, usize, i32)> = None;
            let mut i = 0;
            while i < b.len() {
                let mut j = i;
                while j < b.len() && b[j] == b[i] {
                    j += 1;
                }
                let need = 3 - (j - i) as i32;
                if h[b[i] as usize] >= need && best.map_or(true, |x| need < x.2) {
                    best = Some((i, j, need));
                }
                i = j;
            }
            let Some((i, j, need)) = best else { return -1 };
            h[b[i] as usize] -= need;
            used += need;
            b.drain(i..j);
            b = collapse(b);
        }
        used
    }
}
