//! Depth-first search over runs: for every run, spend 3 - its length balls of its colour to clear
//! it, recurse, and keep the minimum. The short solution that LeetCode 488 accepted for years;
//! public bug reports show it misses moves that split a pair (RRWWRRBBRR + WB gives -1, not 2).
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
        fn dfs(b: Vec<u8>, h: &mut [i32; 256]) -> i32 {
            if b.is_empty() {
                return 0;
            }
            let mut best = i32::MAX;
            let mut i = 0;
            while i < b.len() {
                let mut j = i;
                while j < b.len() && b[j] == b[i] {
                    j += 1;
                }
                let need = 3 - (j - i) as i32;
                let c = b[i] as usize;
                if h[c] >= need {
                    h[c] -= need;
                    let mut nb = b[..i].to_vec();
                    nb.extend_from_slice(&b[j..]);
                    let r = dfs(collapse(nb), h);
                    if r != i32::MAX {
                        best = best.min(need + r);
                    }
                    h[c] += need;
                }
                i = j;
            }
            best
        }
        let mut h = [0i32; 256];
        for c in hand.bytes() {
            h[c as usize] += 1;
        }
        let r = dfs(board.into_bytes(), &mut h);
        if r == i32::MAX { -1 } else { r }
    }
}
