//! The kill matrix of a run: which cases kill (get a verdict other than AC from) which
//! known-wrong solutions and which known wrong ideas of the catalogue (a column `idea:ID`
//! each, judged in process by the idea's own reference), and a smallest set of cases that
//! still kills every one that any case kills — what Polygon users work out by hand.

use serde::Serialize;

use crate::judge::diagnosis;
use crate::judge::ideas::{Kind, CATALOGUE};
use crate::judge::runner::RunReport;
use crate::judge::verdict::VerdictKind;

/// Largest number of known-wrong solutions for the exact cover (a search over `2^n` sets of
/// solutions); above it the cover is greedy and says so.
pub const EXACT_LIMIT: usize = 20;

/// One case's row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct KillRow {
    /// `file.toml#name`.
    pub case: String,
    /// Per known-wrong solution, in [`KillMatrix::solutions`] order: killed here?
    pub kills: Vec<bool>,
}

/// The matrix and the cover.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct KillMatrix {
    /// The known-wrong solutions (expected verdict other than accepted), in run order, then
    /// the ideas of the catalogue as `idea:ID`.
    pub solutions: Vec<String>,
    /// Every valid case, in case order.
    pub rows: Vec<KillRow>,
    /// A smallest set of cases killing every solution that some case kills, in case order.
    pub cover: Vec<String>,
    /// Whether [`KillMatrix::cover`] is proven smallest (exact search) or greedy.
    pub exact: bool,
    /// Known-wrong solutions that no case kills.
    pub survivors: Vec<String>,
}

/// Whether a case result kills its solution: a verdict other than AC. A skipped case (after a
/// streak of TLEs or MLEs) was never judged, so it kills nothing.
fn kills(c: &crate::judge::runner::CaseResult) -> bool {
    c.verdict.failed()
}

/// Builds the matrix from a finished run, the ideas of the catalogue included.
pub fn build(report: &RunReport) -> KillMatrix {
    let wrong: Vec<_> = report
        .solutions
        .iter()
        .filter(|s| s.expected != VerdictKind::Accepted)
        .collect();
    // Every wrong solution was judged on the same cases; the first one's hold each row's input.
    let inputs: Vec<&crate::judge::runner::CaseResult> = wrong
        .first()
        .map(|s| s.cases.iter().collect())
        .unwrap_or_default();
    let idea_kills: Vec<Vec<bool>> = CATALOGUE
        .iter()
        .enumerate()
        .map(|(i, idea)| idea_column(i, idea.kind, &inputs))
        .collect();
    let rows: Vec<KillRow> = inputs
        .iter()
        .enumerate()
        .map(|(i, c)| KillRow {
            case: c.case.clone(),
            kills: wrong
                .iter()
                .map(|s| s.cases.get(i).is_some_and(kills))
                .chain(idea_kills.iter().map(|column| column[i]))
                .collect(),
        })
        .collect();
    let names: Vec<String> = wrong
        .iter()
        .map(|s| s.name.clone())
        .chain(CATALOGUE.iter().map(|i| format!("idea:{}", i.id)))
        .collect();
    let masks: Vec<Vec<bool>> = rows.iter().map(|r| r.kills.clone()).collect();
    let (picked, exact) = cover(&masks, names.len());
    let killed: Vec<bool> = (0..names.len())
        .map(|j| rows.iter().any(|r| r.kills[j]))
        .collect();
    KillMatrix {
        survivors: names
            .iter()
            .zip(&killed)
            .filter(|(_, k)| !**k)
            .map(|(n, _)| n.clone())
            .collect(),
        solutions: names,
        cover: picked.into_iter().map(|i| rows[i].case.clone()).collect(),
        exact,
        rows,
    }
}

/// Which cases kill idea `index`: its answer (as the diagnosis computes it) differs from the
/// oracle's. A habit is called on the cases in order, in one fresh process; an input its
/// reference gives up on kills nothing.
fn idea_column(
    index: usize,
    kind: Kind,
    inputs: &[&crate::judge::runner::CaseResult],
) -> Vec<bool> {
    let mut state = None;
    inputs
        .iter()
        .map(|c| {
            let got = match kind {
                Kind::Habit(f) => Some(f(&mut state, &c.board, &c.hand)),
                Kind::Answers(_) => diagnosis::idea_answer(index, &c.board, &c.hand),
            };
            got.is_some_and(|g| g != c.oracle)
        })
        .collect()
}

/// A smallest set of rows (indices, ascending) whose `true`s cover every column that any row
/// covers, and whether it is proven smallest.
///
/// Exact for up to [`EXACT_LIMIT`] columns: breadth-first search over covered-column sets,
/// adding one row at a time, so the first time the full set is reached uses the fewest rows;
/// rows are tried in order, so ties go to the earliest cases. Greedy (the row covering most
/// new columns, earliest on ties) above that.
pub fn cover(rows: &[Vec<bool>], columns: usize) -> (Vec<usize>, bool) {
    let mask = |r: &Vec<bool>| -> u64 {
        r.iter()
            .enumerate()
            .filter(|(_, k)| **k)
            .fold(0, |m, (j, _)| m | 1 << j)
    };
    if columns > EXACT_LIMIT {
        return (
            greedy_cover(&rows.iter().map(mask).collect::<Vec<u64>>()),
            false,
        );
    }
    // distinct masks, each with its first row
    let mut distinct: Vec<(u64, usize)> = Vec::new();
    for (i, r) in rows.iter().enumerate() {
        let m = mask(r);
        if m != 0 && !distinct.iter().any(|(d, _)| *d == m) {
            distinct.push((m, i));
        }
    }
    let target = distinct.iter().fold(0, |a, (m, _)| a | m);
    let size = 1usize << columns;
    // from[set] = (previous set, row added) for sets reached
    let mut from: Vec<Option<(u64, usize)>> = vec![None; size];
    let mut frontier = vec![0u64];
    let mut reached = vec![false; size];
    reached[0] = true;
    while !reached[target as usize] {
        let mut next = Vec::new();
        for &set in &frontier {
            for &(m, row) in &distinct {
                let s = set | m;
                if !reached[s as usize] {
                    reached[s as usize] = true;
                    from[s as usize] = Some((set, row));
                    next.push(s);
                }
            }
        }
        frontier = next;
    }
    let mut picked = Vec::new();
    let mut s = target;
    while let Some((prev, row)) = from[s as usize] {
        picked.push(row);
        s = prev;
    }
    picked.sort_unstable();
    (picked, true)
}

/// The greedy cover of `masks` (one bit per column): the row covering most new columns,
/// earliest on ties, until every column some row covers is covered; rows ascending.
fn greedy_cover(masks: &[u64]) -> Vec<usize> {
    let target = masks.iter().fold(0, |a, m| a | m);
    let mut have = 0u64;
    let mut picked = Vec::new();
    while have != target {
        let (i, _) = masks
            .iter()
            .enumerate()
            .max_by_key(|(i, m)| ((*m & !have).count_ones(), std::cmp::Reverse(*i)))
            .unwrap();
        have |= masks[i];
        picked.push(i);
    }
    picked.sort_unstable();
    picked
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_cover_beats_greedy() {
        // Greedy takes row 0 (four columns) and then needs rows 1 and 2 as well; rows 1 and 2
        // alone suffice.
        let t = true;
        let f = false;
        let rows = vec![
            vec![t, t, f, t, t, f],
            vec![t, t, t, f, f, f],
            vec![f, f, f, t, t, t],
            vec![f, f, f, f, f, f],
        ];
        assert_eq!(cover(&rows, 6), (vec![1, 2], true));
        let wide: Vec<Vec<bool>> = rows
            .iter()
            .map(|r| r.iter().copied().cycle().take(24).collect())
            .collect();
        assert_eq!(cover(&wide, 24), (vec![0, 1, 2], false));
    }

    #[test]
    fn nothing_to_cover() {
        assert_eq!(cover(&[vec![false, false]], 2), (vec![], true));
    }
}
