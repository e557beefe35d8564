//! The diagnosis of a failing submission: which known wrong idea of the catalogue
//! ([`crate::judge::ideas`]) its answers follow. Its answers on every judged case and sweep
//! class are compared with each idea's answers on the same inputs; an idea fits when it agrees
//! on at least [`FIT`] of the inputs the submission fails and of those it passes. A few more
//! calls ([`EXTRA_CALLS`]) sharpen the match: each candidate's smallest counterexample, and an
//! input that tells two candidates apart. When no algorithm fits, the smallest failing input is
//! called again on a fresh worker: another answer there is the habit `state_between_calls`.
//! When nothing fits, there is no diagnosis: reports say "no known idea fits", never a guess.

use std::sync::{Arc, Mutex};

use serde::Serialize;

use crate::game::generate;
use crate::game::oracle::Answer;
use crate::game::rules::{Hand, Instance};
use crate::judge::ideas::{self, Idea, Kind};

/// The share of the failing inputs, and of the passing ones, an idea must agree on to fit.
/// Below 1 so that an idea written with another search order (which breaks ties between states
/// otherwise) still fits; far above what chance gives a random answer.
pub const FIT: f64 = 0.9;

/// Most calls the diagnosis adds to a submission's judging: candidates' counterexamples, one
/// input separating two candidates, and the call on a fresh worker.
pub const EXTRA_CALLS: usize = 4;

/// A submission's answer on one input, with the truth.
#[derive(Clone, Debug)]
pub struct Answered {
    /// The board, as called.
    pub board: String,
    /// The hand, as called.
    pub hand: String,
    /// The submission's answer.
    pub got: i32,
    /// The oracle's answer, with its witness.
    pub truth: Answer,
    /// The input, typed (for the size order).
    pub instance: Instance,
}

impl Answered {
    fn fails(&self) -> bool {
        self.got != self.truth.as_i32()
    }
}

/// What the diagnosis reads: the submission's answers and the sweep.
pub struct Evidence<'a> {
    /// Every judged case and sweep class with an answer (AC or WA), in judging order.
    pub answered: Vec<Answered>,
    /// The sweep's classes, in size order, with the oracle's answers (none: no sweep).
    pub classes: &'a [(Instance, Answer)],
    /// How many of them the submission passed: the sweep stops at its first failure, so these
    /// are the first `passed` classes.
    pub passed: usize,
}

/// Per idea of [`ideas::CATALOGUE`], the index of the first sweep class it fails (its smallest
/// counterexample there), for one list of classes.
pub struct Table {
    /// Index into the classes, per idea; `None` for a habit or an idea right on every class.
    pub first_failure: Vec<Option<usize>>,
}

/// The classes' [`Table`], computed once per list of classes in a process (a `grade` judges
/// every submission on the same sweep) and shared.
pub fn table(classes: &[(Instance, Answer)]) -> Arc<Table> {
    type Key = (usize, Option<String>);
    static TABLES: Mutex<Vec<(Key, Arc<Table>)>> = Mutex::new(Vec::new());
    let key: Key = (classes.len(), classes.last().map(|(i, _)| i.to_string()));
    let mut tables = TABLES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, t)) = tables.iter().find(|(k, _)| *k == key) {
        return Arc::clone(t);
    }
    let first_failure = ideas::CATALOGUE
        .iter()
        .map(|idea| match idea.kind {
            Kind::Habit(_) => None,
            Kind::Answers(f) => classes.iter().position(|(i, a)| {
                f(&i.board.to_string(), &i.hand.to_string()).is_some_and(|x| x != a.as_i32())
            }),
        })
        .collect();
    let t = Arc::new(Table { first_failure });
    tables.push((key, Arc::clone(&t)));
    t
}

/// One input the diagnosis shows: the submission's and the idea's answer, and the truth.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Shown {
    /// The board.
    pub board: String,
    /// The hand, as called.
    pub hand: String,
    /// The oracle's answer.
    pub oracle: i32,
    /// The submission's answer, which is the idea's.
    pub got: i32,
    /// The oracle's optimal moves, e.g. `["W@9", "B@8"]`; empty for -1.
    pub witness: Vec<String>,
}

/// A second idea that fits as well, and the input that tells the two apart.
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize)]
pub struct AlsoFits {
    /// Its id.
    pub idea: String,
    /// Its one-line name.
    pub name: String,
    /// Its agreement, as [`Diagnosis::agreement`].
    pub agreement: f64,
    /// An input on which the two ideas answer differently, with both answers (`[named,
    /// this]`) and the truth; null when no input the judge tried tells them apart.
    pub separating: Option<Separating>,
}

/// An input on which two ideas differ.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Separating {
    /// The board.
    pub board: String,
    /// The hand.
    pub hand: String,
    /// The oracle's answer.
    pub oracle: i32,
    /// The named idea's answer, then the other's.
    pub ideas: [i32; 2],
    /// The submission's answer, when it was called on it.
    pub got: Option<i32>,
}

/// The habit found by calling again: the same input, two answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Fresh {
    /// The answer in the run, after the other calls.
    pub in_run: i32,
    /// The answer on a fresh worker.
    pub fresh: i32,
}

/// The idea a failing submission's answers follow. JSON: `diagnosis: {idea, name, agreement,
/// input, pitfall, ...} | null` (null: not a wrong answer, or no known idea fits).
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize)]
pub struct Diagnosis {
    /// The idea's id in the catalogue.
    pub idea: String,
    /// Its one-line name.
    pub name: String,
    /// The share of the inputs with an answer on which the idea answers as the submission did,
    /// 0..=1.
    pub agreement: f64,
    /// Failing inputs (answer differs from the truth) on which the idea agrees, and how many.
    pub failing: [usize; 2],
    /// Passing inputs on which the idea is right too, and how many (the sweep's passed classes
    /// count as one input).
    pub passing: [usize; 2],
    /// The smallest input on which the submission and the idea agree and both differ from the
    /// truth.
    pub input: Shown,
    /// Why the idea is wrong.
    pub pitfall: String,
    /// A second idea that fits as well, if any.
    pub also: Option<AlsoFits>,
    /// For `state_between_calls`: the input's answer in the run and on a fresh worker.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fresh: Option<Fresh>,
    /// Calls the diagnosis added to the submission's judging.
    pub extra_calls: usize,
}

impl Diagnosis {
    /// One line for people: the idea, its agreement and the input.
    pub fn headline(&self) -> String {
        let i = &self.input;
        let how = match &self.fresh {
            Some(f) => format!(
                "{}+{} gets {} after the other cases and {} on a fresh worker (truth {})",
                i.board, i.hand, f.in_run, f.fresh, i.oracle
            ),
            None => format!(
                "agrees on {} of {} failing and {} of {} passing inputs; both give {} on {}+{} (truth {})",
                self.failing[0],
                self.failing[1],
                self.passing[0],
                self.passing[1],
                i.got,
                i.board,
                i.hand,
                i.oracle
            ),
        };
        format!("{} ({}): {how}", self.idea, self.name)
    }

    /// The second idea, in one line, when two fit.
    pub fn also_line(&self) -> Option<String> {
        let a = self.also.as_ref()?;
        Some(match &a.separating {
            Some(s) => format!(
                "{} fits as well; {}+{} tells them apart ({} says {}, {} says {}, truth {}{})",
                a.idea,
                s.board,
                s.hand,
                self.idea,
                s.ideas[0],
                a.idea,
                s.ideas[1],
                s.oracle,
                s.got
                    .map_or(String::new(), |g| format!(", the submission {g}"))
            ),
            None => format!("{} fits as well; no input tried tells them apart", a.idea),
        })
    }
}

/// What the submission is called with for the extra calls: `call(board, hand)` is its answer
/// (`None`: no answer, e.g. a crash), and `fresh(board, hand)` its answer on a fresh worker
/// (`None` where there is no worker to start again).
pub struct Calls<'c> {
    /// A call in the running worker.
    pub call: &'c mut dyn FnMut(&str, &str) -> Option<i32>,
    /// A call on a fresh worker.
    pub fresh: &'c mut dyn FnMut(&str, &str) -> Option<i32>,
}

/// How one idea compares with the submission.
#[derive(Clone, Copy, Debug)]
struct Score {
    index: usize,
    failing: [usize; 2],
    passing: [usize; 2],
}

impl Score {
    fn fits(&self) -> bool {
        let share = |[a, n]: [usize; 2]| n == 0 || a as f64 >= FIT * n as f64;
        self.failing[0] > 0 && share(self.failing) && share(self.passing)
    }
    fn agreement(&self) -> f64 {
        let total = self.failing[1] + self.passing[1];
        (self.failing[0] + self.passing[0]) as f64 / total.max(1) as f64
    }
    fn rank(&self) -> (usize, usize) {
        (self.failing[0] + self.passing[0], self.failing[0])
    }
}

/// Diagnoses a submission with at least one wrong answer; `None` when it has none, or when no
/// known idea fits.
pub fn diagnose(evidence: Evidence, calls: Calls) -> Option<Diagnosis> {
    let Evidence {
        mut answered,
        classes,
        passed,
    } = evidence;
    if !answered.iter().any(Answered::fails) {
        return None;
    }
    let table = table(classes);
    let sweep = Sweep {
        passed,
        first_failure: &table.first_failure,
    };
    let mut extra = 0;
    let all: Vec<usize> = (0..ideas::CATALOGUE.len()).collect();
    let mut fitting = score(&all, &answered, &sweep);
    // Each of the two best candidates' smallest counterexample in the sweep, when the
    // submission has not met it yet.
    for s in fitting.clone().iter().take(2) {
        let Some(k) = table.first_failure[s.index] else {
            continue;
        };
        let (inst, truth) = &classes[k];
        let (board, hand) = (inst.board.to_string(), inst.hand.to_string());
        if !answered.iter().any(|a| a.board == board && a.hand == hand) {
            extra += 1;
            if let Some(got) = (calls.call)(&board, &hand) {
                answered.push(Answered {
                    board,
                    hand,
                    got,
                    truth: truth.clone(),
                    instance: inst.clone(),
                });
            }
        }
    }
    fitting = rescore(&fitting, &answered, &sweep);
    let mut separating = None;
    if let [a, b, ..] = fitting.as_slice() {
        let (a, b) = (&ideas::CATALOGUE[a.index], &ideas::CATALOGUE[b.index]);
        separating = separate(a, b, &answered, classes);
        if let Some(s) = separating.as_mut().filter(|s| s.got.is_none()) {
            extra += 1;
            if let Some(x) = extra_answer(&s.board, &s.hand, calls.call) {
                s.got = Some(x.got);
                answered.push(x);
                fitting = rescore(&fitting, &answered, &sweep);
            }
        }
    }
    match fitting.first() {
        Some(best) => Some(named(best, fitting.get(1), separating, &answered, extra)),
        None => habit(&answered, calls.fresh, extra),
    }
}

/// The sweep as the scores read it.
struct Sweep<'t> {
    passed: usize,
    first_failure: &'t [Option<usize>],
}

/// [`score`] again among `candidates`, with more answers.
fn rescore(candidates: &[Score], answered: &[Answered], sweep: &Sweep) -> Vec<Score> {
    let indices: Vec<usize> = candidates.iter().map(|s| s.index).collect();
    score(&indices, answered, sweep)
}

/// Every algorithmic idea among `indices` that fits, best first (most inputs agreed, then most
/// failing inputs, then catalogue order).
fn score(indices: &[usize], answered: &[Answered], sweep: &Sweep) -> Vec<Score> {
    let (failing, passing): (Vec<&Answered>, Vec<&Answered>) =
        answered.iter().partition(|a| a.fails());
    let mut out: Vec<Score> = indices
        .iter()
        .filter_map(|&index| {
            if ideas::CATALOGUE[index].is_habit() {
                return None;
            }
            let candidate = Score {
                index,
                failing: agreeing(index, &failing, |a| a.got),
                passing: [0, 0],
            };
            // Cheap test first: most ideas are out on the failing inputs alone.
            if !candidate.fits() {
                return None;
            }
            let [right, compared] = agreeing(index, &passing, |a| a.got);
            // The classes passed count as one input: right on all of them, or not.
            let swept = usize::from(sweep.passed > 0);
            let sweep_right = sweep.first_failure[index].is_none_or(|k| k >= sweep.passed);
            let s = Score {
                passing: [right + usize::from(sweep_right) * swept, compared + swept],
                ..candidate
            };
            s.fits().then_some(s)
        })
        .collect();
    out.sort_by(|a, b| b.rank().cmp(&a.rank()).then(a.index.cmp(&b.index)));
    out
}

/// On how many of `inputs` idea `index` answers `expected`, and on how many it answered at all
/// (its reference may give up on a hard input).
fn agreeing(index: usize, inputs: &[&Answered], expected: impl Fn(&Answered) -> i32) -> [usize; 2] {
    let answers: Vec<(i32, i32)> = inputs
        .iter()
        .filter_map(|a| Some((idea_answer(index, &a.board, &a.hand)?, expected(a))))
        .collect();
    [
        answers.iter().filter(|(x, y)| x == y).count(),
        answers.len(),
    ]
}

/// Idea `index`'s answer, remembered for the process: `grade` compares every submission with
/// every idea on the same cases.
pub fn idea_answer(index: usize, board: &str, hand: &str) -> Option<i32> {
    type Memo = Mutex<Option<rustc_hash::FxHashMap<(usize, String, String), Option<i32>>>>;
    static MEMO: Memo = Mutex::new(None);
    let key = (index, board.to_string(), hand.to_string());
    let lock = || MEMO.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(known) = lock().get_or_insert_with(Default::default).get(&key) {
        return *known;
    }
    let answer = ideas::CATALOGUE[index].answer(board, hand);
    lock()
        .get_or_insert_with(Default::default)
        .insert(key, answer);
    answer
}

/// The submission's answer on an input outside its judged ones, with the oracle's truth.
fn extra_answer(
    board: &str,
    hand: &str,
    call: &mut dyn FnMut(&str, &str) -> Option<i32>,
) -> Option<Answered> {
    let instance = Instance {
        board: crate::game::rules::Board::from_letters(board)?,
        hand: Hand::from_letters(hand)?,
    };
    let truth = crate::game::oracle::solve(&instance).ok()?;
    Some(Answered {
        board: board.to_string(),
        hand: hand.to_string(),
        got: call(board, hand)?,
        truth,
        instance,
    })
}

/// An input on which `a` and `b` answer differently: among those answered first (smallest
/// first), else the smallest sweep class (the submission is then not yet called on it).
fn separate(
    a: &Idea,
    b: &Idea,
    answered: &[Answered],
    classes: &[(Instance, Answer)],
) -> Option<Separating> {
    let mut known: Vec<&Answered> = answered.iter().collect();
    known.sort_by(|x, y| size(&x.instance, &y.instance));
    for x in known {
        let (Some(p), Some(q)) = (a.answer(&x.board, &x.hand), b.answer(&x.board, &x.hand)) else {
            continue;
        };
        if p != q {
            return Some(Separating {
                board: x.board.clone(),
                hand: x.hand.clone(),
                oracle: x.truth.as_i32(),
                ideas: [p, q],
                got: Some(x.got),
            });
        }
    }
    classes
        .iter()
        .find_map(|(inst, truth)| -> Option<Separating> {
            let (board, hand) = (inst.board.to_string(), inst.hand.to_string());
            let (p, q) = (a.answer(&board, &hand)?, b.answer(&board, &hand)?);
            (p != q).then(|| Separating {
                board,
                hand,
                oracle: truth.as_i32(),
                ideas: [p, q],
                got: None,
            })
        })
}

fn size(a: &Instance, b: &Instance) -> std::cmp::Ordering {
    generate::size_order((&a.board, &a.hand), (&b.board, &b.hand))
}

/// The smallest failing input on which the submission gives `got_of` idea's answer.
fn smallest_shared(answered: &[Answered], agrees: impl Fn(&Answered) -> bool) -> Option<&Answered> {
    answered
        .iter()
        .filter(|a| a.fails() && agrees(a))
        .min_by(|x, y| size(&x.instance, &y.instance))
}

fn shown(a: &Answered) -> Shown {
    Shown {
        board: a.board.clone(),
        hand: a.hand.clone(),
        oracle: a.truth.as_i32(),
        got: a.got,
        witness: ideas::witness_of(&a.truth),
    }
}

fn named(
    best: &Score,
    second: Option<&Score>,
    separating: Option<Separating>,
    answered: &[Answered],
    extra_calls: usize,
) -> Diagnosis {
    let idea = &ideas::CATALOGUE[best.index];
    let input = smallest_shared(answered, |a| {
        idea_answer(best.index, &a.board, &a.hand) == Some(a.got)
    })
    .expect("a fitting idea agrees on a failing input");
    Diagnosis {
        idea: idea.id.to_string(),
        name: idea.name.to_string(),
        agreement: best.agreement(),
        failing: best.failing,
        passing: best.passing,
        input: shown(input),
        pitfall: idea.pitfall.to_string(),
        also: second.map(|s| AlsoFits {
            idea: ideas::CATALOGUE[s.index].id.to_string(),
            name: ideas::CATALOGUE[s.index].name.to_string(),
            agreement: s.agreement(),
            separating,
        }),
        fresh: None,
        extra_calls,
    }
}

/// No algorithm fits: the smallest failing input again, on a fresh worker. Another answer
/// there is the habit of keeping state between calls.
fn habit(
    answered: &[Answered],
    fresh: &mut dyn FnMut(&str, &str) -> Option<i32>,
    extra_calls: usize,
) -> Option<Diagnosis> {
    let first = smallest_shared(answered, |_| true)?;
    let again = fresh(&first.board, &first.hand)?;
    if again == first.got {
        return None;
    }
    let idea = ideas::find("state_between_calls").expect("in the catalogue");
    let failing = answered.iter().filter(|a| a.fails()).count();
    Some(Diagnosis {
        idea: idea.id.to_string(),
        name: idea.name.to_string(),
        agreement: 1.0,
        failing: [1, failing],
        passing: [0, 0],
        input: shown(first),
        pitfall: idea.pitfall.to_string(),
        also: None,
        fresh: Some(Fresh {
            in_run: first.got,
            fresh: again,
        }),
        extra_calls: extra_calls + 1,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cases::config::Sweep;
    use crate::game::oracle::Oracle;
    use crate::game::rules::Board;

    /// Inputs every test submission is judged on, besides the sweep: the statement's examples
    /// and the two pitfalls of the seeds.
    const CASES: [(&str, &str); 6] = [
        ("WRRBBW", "RB"),
        ("WWRRBBWW", "WRBRW"),
        ("G", "GGGGG"),
        ("RBYYBBRRB", "YRBGB"),
        ("RRYRRYRR", "YYYY"),
        ("RRYGGYYRRYYGGYRR", "GGBBB"),
    ];

    /// Judges `submit` as the runner does: the cases, then the sweep up to its first failure;
    /// then diagnoses it, with `fresh` answering a call on a fresh worker.
    fn judged(
        classes: &[(Instance, Answer)],
        submit: &mut dyn FnMut(&str, &str) -> i32,
        fresh: &mut dyn FnMut(&str, &str) -> Option<i32>,
    ) -> Option<Diagnosis> {
        let mut answered = Vec::new();
        let mut oracle = Oracle::new();
        let mut one = |board: &str, hand: &str, truth: Answer, instance: Instance| Answered {
            board: board.to_string(),
            hand: hand.to_string(),
            got: submit(board, hand),
            truth,
            instance,
        };
        for (b, h) in CASES {
            let instance = Instance {
                board: Board::from_letters(b).unwrap(),
                hand: Hand::from_letters(h).unwrap(),
            };
            let truth = oracle.solve(&instance).unwrap();
            answered.push(one(b, h, truth, instance));
        }
        let mut passed = classes.len();
        for (k, (i, a)) in classes.iter().enumerate() {
            let x = one(
                &i.board.to_string(),
                &i.hand.to_string(),
                a.clone(),
                i.clone(),
            );
            if x.fails() {
                answered.push(x);
                passed = k;
                break;
            }
        }
        let mut call = |b: &str, h: &str| Some(submit(b, h));
        diagnose(
            Evidence {
                answered,
                classes,
                passed,
            },
            Calls {
                call: &mut call,
                fresh,
            },
        )
    }

    #[test]
    fn each_idea_is_diagnosed_as_itself() {
        let classes =
            crate::judge::runner::sweep_classes(&Sweep::default(), &mut Oracle::new()).unwrap();
        let mut named = Vec::new();
        for idea in ideas::CATALOGUE.iter().filter(|i| !i.is_habit()) {
            // Where the reference gives up, the stand-in answers something no idea says.
            let mut submit = |b: &str, h: &str| idea.answer(b, h).unwrap_or(-9);
            let d = judged(&classes, &mut submit, &mut |_, _| None).expect(idea.id);
            let also = d
                .also
                .map_or(String::new(), |a| format!(" (also {})", a.idea));
            named.push(format!("{}: {}{also}", idea.id, d.idea));
        }
        assert_eq!(
            named,
            [
                "adjacent_only: adjacent_only (also complete_runs_only)",
                "complete_runs_only: adjacent_only (also complete_runs_only)",
                "greedy_cheapest_run: greedy_cheapest_run",
                "no_chain_reaction: no_chain_reaction",
                "single_pass_chain: single_pass_chain",
                "board_colours_only: board_colours_only",
                "hand_in_order: hand_in_order",
                "no_end_gap: no_end_gap",
                "memo_ignores_hand: memo_ignores_hand",
                "off_by_one: off_by_one",
                "removes_four_plus: removes_four_plus",
            ]
        );
    }

    #[test]
    fn state_kept_between_calls_is_found_on_a_fresh_worker() {
        let classes =
            crate::judge::runner::sweep_classes(&Sweep::default(), &mut Oracle::new()).unwrap();
        let Kind::Habit(call) = ideas::find("state_between_calls").unwrap().kind else {
            panic!("a habit");
        };
        let mut state = None;
        let mut submit = |b: &str, h: &str| call(&mut state, b, h);
        let mut fresh = |b: &str, h: &str| Some(call(&mut None, b, h));
        let d = judged(&classes, &mut submit, &mut fresh).unwrap();
        assert_eq!(d.idea, "state_between_calls");
        // After the statement's examples (answers 2 and 3), R + R (-1) comes out 2.
        assert_eq!((d.input.board.as_str(), d.input.hand.as_str()), ("R", "R"));
        assert_eq!(
            d.fresh,
            Some(Fresh {
                in_run: 2,
                fresh: -1
            })
        );
    }

    #[test]
    fn answers_that_follow_no_idea_get_no_diagnosis() {
        let classes =
            crate::judge::runner::sweep_classes(&Sweep::default(), &mut Oracle::new()).unwrap();
        let truth = |b: &str, h: &str| ideas::search::truth(b, h);
        // Off by one on odd boards only; an answer from a hash of the input.
        let mut odd = |b: &str, h: &str| truth(b, h) + (b.len() % 2) as i32;
        assert_eq!(
            judged(&classes, &mut odd, &mut |b, h| Some(odd_again(b, h))),
            None
        );
        let mut hashed = |b: &str, h: &str| {
            let x = b
                .bytes()
                .chain(h.bytes())
                .fold(7u32, |a, c| a.wrapping_mul(31) ^ c as u32);
            (x % 7) as i32 - 1
        };
        assert_eq!(judged(&classes, &mut hashed, &mut |_, _| None), None);
    }

    fn odd_again(b: &str, h: &str) -> i32 {
        ideas::search::truth(b, h) + (b.len() % 2) as i32
    }
}
