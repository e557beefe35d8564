//! Seed 000's breadth-first search (shared/seeds/000, "Zuma Game — Hard Problem & Solution")
//! rewritten with fixed-size rows, a `[u8; 16]` and a length, since the statement promises
//! 1 <= board.length <= 16. But a row grows by each inserted ball until it clears, so a row of 16
//! plus one ball (any 16-ball board, at its first insertion; a shorter one after enough
//! insertions that clear nothing) indexes past the end of the array and panics: the off-by-one
//! capacity bug of fixed-buffer submissions. Right whenever the rows stay within 16.
use std::collections::HashSet;

impl Solution {
    pub fn find_min_step(board: String, hand: String) -> i32 {
        type Row = ([u8; 16], usize);
        // Inserts `c` at gap `at`, then removes runs of three or more until none is left.
        fn play(row: &Row, at: usize, c: u8) -> Row {
            let (cells, len) = row;
            let mut out = [0u8; 16];
            let mut n = 0;
            for i in 0..=*len {
                if i == at {
                    out[n] = c;
                    n += 1;
                }
                if i < *len {
                    out[n] = cells[i];
                    n += 1;
                }
            }
            loop {
                let mut i = 0;
                let mut cut = None;
                while i < n {
                    let mut j = i;
                    while j < n && out[j] == out[i] {
                        j += 1;
                    }
                    if j - i >= 3 {
                        cut = Some((i, j));
                        break;
                    }
                    i = j;
                }
                let Some((i, j)) = cut else {
                    return (out, n);
                };
                out.copy_within(j..n, i);
                n -= j - i;
            }
        }
        let mut start = hand.into_bytes();
        start.sort();
        let mut first = [0u8; 16];
        first[..board.len()].copy_from_slice(board.as_bytes());
        let first: Row = (first, board.len());
        let mut seen: HashSet<(Vec<u8>, Vec<u8>)> = HashSet::new();
        seen.insert((board.into_bytes(), start.clone()));
        let mut level = vec![(first, start)];
        let mut step = 0;
        while !level.is_empty() {
            step += 1;
            let mut next = Vec::new();
            for (row, h) in &level {
                let (b, len) = (&row.0, row.1);
                for i in 0..=len {
                    for j in 0..h.len() {
                        let c = h[j];
                        if j > 0 && c == h[j - 1] {
                            continue;
                        }
                        if i > 0 && b[i - 1] == c {
                            continue;
                        }
                        let worth = (i < len && b[i] == c)
                            || (i > 0 && i < len && b[i - 1] == b[i] && b[i] != c);
                        if !worth {
                            continue;
                        }
                        let nb = play(row, i, c);
                        if nb.1 == 0 {
                            return step;
                        }
                        let mut nh = h.clone();
                        nh.remove(j);
                        if seen.insert((nb.0[..nb.1].to_vec(), nh.clone())) {
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
