//! Complete depth-first search with no memo: every gap, every colour left in the hand, the
//! minimum over all of them, cut only where it cannot beat the best answer found so far. The
//! brute force of seed 003 ("LeetCode 488 - Zuma Game", shared/seeds/003, section "Brute Force"),
//! which it rejects as too slow: right answers, but without a memo on (board, hand) it explores
//! every sequence of insertions, about 10^9 of them on RRGGBBYYWWRRGGBB + RGBYW (answer -1).
impl Solution {
    pub fn find_min_step(board: String, hand: String) -> i32 {
        const COLOURS: &[u8; 5] = b"RYBGW";
        fn clean(mut s: Vec<u8>) -> Vec<u8> {
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
        // The fewest moves that empty `board` using at most `budget` balls, or i32::MAX.
        fn search(board: &[u8], hand: &mut [u8; 5], budget: i32) -> i32 {
            if board.is_empty() {
                return 0;
            }
            if budget == 0 {
                return i32::MAX;
            }
            let mut best = i32::MAX;
            for gap in 0..=board.len() {
                for c in 0..5 {
                    if hand[c] == 0 {
                        continue;
                    }
                    let limit = if best == i32::MAX {
                        budget - 1
                    } else {
                        (best - 2).min(budget - 1)
                    };
                    if limit < 0 {
                        continue;
                    }
                    let mut next = board.to_vec();
                    next.insert(gap, COLOURS[c]);
                    hand[c] -= 1;
                    let rest = search(&clean(next), hand, limit);
                    hand[c] += 1;
                    if rest != i32::MAX {
                        best = best.min(rest + 1);
                    }
                }
            }
            best
        }
        let mut counts = [0u8; 5];
        for b in hand.bytes() {
            if let Some(c) = COLOURS.iter().position(|&x| x == b) {
                counts[c] += 1;
            }
        }
        match search(board.as_bytes(), &mut counts, hand.len() as i32) {
            i32::MAX => -1,
            n => n,
        }
    }
}
