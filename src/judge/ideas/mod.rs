//! The catalogue of known wrong ideas for LeetCode 488: one file per idea, each an executable
//! reference of the idea (written here, never a pasted submission) with its id, name, pitfall and
//! where it is published. Each idea differs from the truth in one step only, so most reuse the
//! shared search ([`search`]) with that one step changed; the oracle never sees them.
//! [`smallest_counterexample`] computes where each goes wrong; the diagnosis
//! (`crate::judge::diagnosis`) matches a failing submission's answers against them.

use serde::Serialize;

use crate::game::generate;
use crate::game::moves::compact;
use crate::game::oracle::{Answer, Oracle, WitnessError};
use crate::game::rules::{Constraints, Instance};
use crate::judge::minimise;

pub mod search;

pub mod adjacent_only;
pub mod board_colours_only;
pub mod complete_runs_only;
pub mod greedy_cheapest_run;
pub mod hand_in_order;
pub mod memo_ignores_hand;
pub mod no_chain_reaction;
pub mod no_end_gap;
pub mod off_by_one;
pub mod removes_four_plus;
pub mod single_pass_chain;
pub mod state_between_calls;

/// Where an idea is published: a seed editorial (a path under the shared folder), a LeetCode
/// page, a bug report or a public solution.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Source {
    /// What it is, in a few words.
    pub title: &'static str,
    /// Its address.
    pub url: &'static str,
}

/// How an idea answers.
#[derive(Clone, Copy)]
pub enum Kind {
    /// An algorithm: the same answer for the same input (board and hand as written), every
    /// time; `None` when its reference gave up (see [`search::MAX_STATES`]).
    Answers(fn(&str, &str) -> Option<i32>),
    /// A habit: a call's answer depends on the calls before it in the same process. The state
    /// starts as `None` in a fresh process.
    Habit(fn(&mut Option<i32>, &str, &str) -> i32),
}

/// One known wrong idea.
#[derive(Clone, Copy)]
pub struct Idea {
    /// Stable id, `snake_case`; reports and tests name the idea by it.
    pub id: &'static str,
    /// One line.
    pub name: &'static str,
    /// Why it is wrong, in two or three sentences a student understands.
    pub pitfall: &'static str,
    /// Where it is published.
    pub sources: &'static [Source],
    /// Its executable reference.
    pub kind: Kind,
}

impl Idea {
    /// The idea's answer for one call in a fresh process; `None` when its reference gave up.
    pub fn answer(&self, board: &str, hand: &str) -> Option<i32> {
        match self.kind {
            Kind::Answers(f) => f(board, hand),
            Kind::Habit(f) => Some(f(&mut None, board, hand)),
        }
    }

    /// Whether the idea is a habit (found by calling again) rather than an algorithm.
    pub fn is_habit(&self) -> bool {
        matches!(self.kind, Kind::Habit(_))
    }
}

/// Every idea, algorithms first, in catalogue order.
pub const CATALOGUE: [Idea; 12] = [
    adjacent_only::IDEA,
    complete_runs_only::IDEA,
    greedy_cheapest_run::IDEA,
    no_chain_reaction::IDEA,
    single_pass_chain::IDEA,
    board_colours_only::IDEA,
    hand_in_order::IDEA,
    no_end_gap::IDEA,
    memo_ignores_hand::IDEA,
    off_by_one::IDEA,
    removes_four_plus::IDEA,
    state_between_calls::IDEA,
];

/// The idea with this id.
pub fn find(id: &str) -> Option<&'static Idea> {
    CATALOGUE.iter().find(|i| i.id == id)
}

/// Where an idea first goes wrong.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Counterexample {
    /// The board.
    pub board: String,
    /// The hand, as passed (`RYBGW` order).
    pub hand: String,
    /// The oracle's answer.
    pub oracle: i32,
    /// The idea's answer (for a habit: after the call in `after`).
    pub idea: i32,
    /// The oracle's optimal moves, e.g. `["W@9", "B@8"]`; empty for -1.
    pub witness: Vec<String>,
    /// For a habit: the call made first in the same process, `[board, hand]`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after: Option<[String; 2]>,
    /// Where it was found: `sweep` (the smallest failing class of the sweep, the smallest
    /// counterexample up to its bound) or `cases` (no class fails: the smallest failing case of
    /// the suite, or the first one shrunk while it still fails, whichever is smaller).
    pub found_in: &'static str,
}

/// The oracle's moves as the reports write them.
pub fn witness_of(answer: &Answer) -> Vec<String> {
    compact(answer.witness.as_deref().unwrap_or_default())
        .split_whitespace()
        .map(String::from)
        .collect()
}

/// The smallest input (in the judge's size order, among `classes`: one instance per symmetry
/// class, hand in `RYBGW` order, as the sweep calls them) on which `idea` answers differently
/// from the oracle; `None` when it agrees on all of them. A habit's input is the smallest
/// whose answer differs when called right after the smallest class that has an answer.
pub fn smallest_counterexample(
    idea: &Idea,
    classes: &[(Instance, Answer)],
) -> Option<Counterexample> {
    let strings = |i: &Instance| (i.board.to_string(), i.hand.to_string());
    let first = match idea.kind {
        Kind::Answers(_) => None,
        Kind::Habit(_) => Some(strings(&classes.iter().find(|(_, a)| a.as_i32() >= 0)?.0)),
    };
    classes.iter().find_map(|(inst, ans)| {
        let (board, hand) = strings(inst);
        let got = match (idea.kind, &first) {
            (Kind::Habit(f), Some((b, h))) => {
                let mut state = None;
                f(&mut state, b, h);
                f(&mut state, &board, &hand)
            }
            _ => idea.answer(&board, &hand)?,
        };
        (got != ans.as_i32()).then(|| Counterexample {
            board,
            hand,
            oracle: ans.as_i32(),
            idea: got,
            witness: witness_of(ans),
            after: first.clone().map(|(b, h)| [b, h]),
            found_in: "sweep",
        })
    })
}

/// A valid case of the suite, as called: board, hand as written, the input and its answer.
pub type SuiteCase<'a> = (&'a str, &'a str, &'a Instance, &'a Answer);

/// Most shrinking steps tried per idea when no sweep class fails.
pub const SHRINK_TRIES: usize = 2_000;

/// Where `idea` first goes wrong, as `run` would report it if the idea were a submission: the
/// smallest failing sweep class, else the smallest of the failing suite cases and the first
/// failing case shrunk greedily (by [`minimise`]) while the idea still fails it. `None` when
/// the idea is right on every class and every case. A habit is looked for in the sweep only.
pub fn counterexample(
    idea: &Idea,
    classes: &[(Instance, Answer)],
    cases: &[SuiteCase],
    limits: &Constraints,
    oracle: &mut Oracle,
) -> Result<Option<Counterexample>, WitnessError> {
    if let Some(c) = smallest_counterexample(idea, classes) {
        return Ok(Some(c));
    }
    let Kind::Answers(f) = idea.kind else {
        return Ok(None);
    };
    let failing: Vec<&SuiteCase> = cases
        .iter()
        .filter(|(b, h, _, a)| f(b, h).is_some_and(|x| x != a.as_i32()))
        .collect();
    let Some(&&(_, _, first, _)) = failing.first() else {
        return Ok(None);
    };
    let (shrunk, _) = minimise::minimise(
        first,
        limits,
        |cand| match oracle.solve(cand) {
            Ok(a) => {
                f(&cand.board.to_string(), &cand.hand.to_string()).is_some_and(|x| x != a.as_i32())
            }
            Err(_) => false,
        },
        SHRINK_TRIES,
    );
    let shrunk_answer = oracle.solve(&shrunk)?;
    let (board, hand) = (shrunk.board.to_string(), shrunk.hand.to_string());
    let candidates = failing
        .iter()
        .map(|&&(b, h, i, a)| (b.to_string(), h.to_string(), i.clone(), a.clone()))
        .chain(std::iter::once((
            board,
            hand,
            shrunk.clone(),
            shrunk_answer,
        )));
    let (board, hand, _, answer) = candidates
        .min_by(|x, y| generate::size_order((&x.2.board, &x.2.hand), (&y.2.board, &y.2.hand)))
        .expect("one failing case at least");
    Ok(Some(Counterexample {
        idea: f(&board, &hand).expect("answered while failing"),
        oracle: answer.as_i32(),
        witness: witness_of(&answer),
        board,
        hand,
        after: None,
        found_in: "cases",
    }))
}

/// One idea as `zuma-judge ideas` lists it. JSON: `ideas: [{id, name, pitfall, habit, sources:
/// [{title, url}], counterexample: {board, hand, oracle, idea, witness, after?, found_in} |
/// null}]`.
#[derive(Clone, Debug, Serialize)]
pub struct Listed {
    /// The idea's id.
    pub id: &'static str,
    /// Its one-line name.
    pub name: &'static str,
    /// Why it is wrong.
    pub pitfall: &'static str,
    /// Whether it is a habit (found by calling again) rather than an algorithm.
    pub habit: bool,
    /// Where it is published.
    pub sources: &'static [Source],
    /// Where it first goes wrong; null when it is right on every class and case.
    pub counterexample: Option<Counterexample>,
}

/// The catalogue with each idea's counterexample on `classes` (the sweep's) and `cases` (the
/// suite's valid cases), as [`counterexample`] finds it.
pub fn listing(
    classes: &[(Instance, Answer)],
    cases: &[SuiteCase],
    limits: &Constraints,
    oracle: &mut Oracle,
) -> Result<Vec<Listed>, WitnessError> {
    CATALOGUE
        .iter()
        .map(|idea| {
            Ok(Listed {
                id: idea.id,
                name: idea.name,
                pitfall: idea.pitfall,
                habit: idea.is_habit(),
                sources: idea.sources,
                counterexample: counterexample(idea, classes, cases, limits, oracle)?,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cases::case;
    use crate::cases::config::Sweep;

    /// Each idea's counterexample on the shipped suite and the default sweep: what
    /// `zuma-judge ideas` prints and GUIDE.md shows.
    #[test]
    fn every_idea_is_wrong_and_its_smallest_counterexample_is_known() {
        let mut oracle = Oracle::new();
        let classes = crate::judge::runner::sweep_classes(&Sweep::default(), &mut oracle).unwrap();
        let limits = Constraints::default();
        let suite = case::load(&[std::path::PathBuf::from("cases")], &limits);
        let checked = crate::cases::check::check_suite(&suite, &mut oracle).unwrap();
        let cases: Vec<SuiteCase> = suite
            .cases
            .iter()
            .zip(&checked.truth)
            .filter_map(|(c, t)| {
                Some((
                    c.board.as_str(),
                    c.hand.as_str(),
                    c.input.as_ref().ok()?,
                    t.as_ref()?,
                ))
            })
            .collect();
        let found: Vec<String> = CATALOGUE
            .iter()
            .map(|idea| {
                let c = counterexample(idea, &classes, &cases, &limits, &mut oracle)
                    .unwrap()
                    .expect("every idea is wrong somewhere");
                let after = c
                    .after
                    .map_or(String::new(), |[b, h]| format!(" after {b}+{h}"));
                format!(
                    "{} {}+{}{after} oracle {} idea {} ({})",
                    idea.id, c.board, c.hand, c.oracle, c.idea, c.found_in
                )
            })
            .collect();
        assert_eq!(
            found,
            [
                "adjacent_only RRYRRYRR+YYYY oracle 4 idea -1 (cases)",
                "complete_runs_only RRYRRYRR+YYYY oracle 4 idea -1 (cases)",
                "greedy_cheapest_run RYR+RRYY oracle 3 idea -1 (sweep)",
                "no_chain_reaction RRYR+YY oracle 2 idea -1 (sweep)",
                "single_pass_chain RRYR+YY oracle 2 idea -1 (sweep)",
                "board_colours_only RYGGYYRRYYGGYR+BBBGG oracle 5 idea -1 (cases)",
                "hand_in_order RRY+RRYY oracle 3 idea 4 (sweep)",
                "no_end_gap R+RR oracle 2 idea -1 (sweep)",
                "memo_ignores_hand RRYR+YYYY oracle 2 idea -1 (sweep)",
                "off_by_one R+RR oracle 2 idea 3 (sweep)",
                "removes_four_plus R+RR oracle 2 idea -1 (sweep)",
                "state_between_calls R+R after R+RR oracle -1 idea 2 (sweep)",
            ]
        );
    }

    #[test]
    fn ids_are_unique_and_every_idea_has_a_source() {
        for (i, idea) in CATALOGUE.iter().enumerate() {
            assert!(
                CATALOGUE[..i].iter().all(|o| o.id != idea.id),
                "{}",
                idea.id
            );
            assert!(!idea.sources.is_empty(), "{}", idea.id);
            assert_eq!(find(idea.id).map(|f| f.name), Some(idea.name));
        }
    }
}
