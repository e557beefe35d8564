use std::cell::RefCell;
use std::path::Path;
use std::rc::Rc;

use super::*;
use crate::cases::case;
use crate::cases::config::{Judging, Sweep};
use crate::game::rules::Constraints;
use crate::game::rules::Instance;
use crate::judge::execute::{Failure, Outcome};
use crate::judge::verdict::{Limit, Verdict};

/// Answers each call with `f(board, hand)`, and records every wall limit it is given.
struct Scripted<F> {
    f: F,
    walls: Rc<RefCell<Vec<Option<u64>>>>,
}

impl<F: FnMut(&str, &str) -> Outcome> Executor for Scripted<F> {
    fn call(&mut self, board: &str, hand: &str) -> Outcome {
        (self.f)(board, hand)
    }
    fn set_wall_ms(&mut self, wall_ms: Option<u64>) {
        self.walls.borrow_mut().push(wall_ms);
    }
}

/// Runs one solution, answered by `f`, on `suite(cases)` with the sweep bound (4, 2); every
/// wall limit it is given lands in `walls`.
fn run_scripted<F>(
    cases: usize,
    judging: Judging,
    walls: &Rc<RefCell<Vec<Option<u64>>>>,
    f: F,
) -> RunReport
where
    F: FnMut(&str, &str) -> Outcome + Clone + 'static,
{
    run(
        &suite(cases),
        &[solution()],
        &config((4, 2), judging),
        &mut |_| {
            Box::new(Scripted {
                f: f.clone(),
                walls: walls.clone(),
            }) as Box<dyn Executor + '_>
        },
        &mut |_| {},
    )
    .unwrap()
}

fn out(result: Result<i32, Failure>, cpu_ms: f64) -> Outcome {
    Outcome {
        result,
        wall_ms: cpu_ms + 1.0,
        cpu_ms,
        memory_kib: None,
        repeats_ms: Vec::new(),
    }
}

fn cpu_tle() -> Result<i32, Failure> {
    Err(Failure::TimeLimit(Limit::Cpu(2000)))
}

fn suite(n: usize) -> Suite {
    let mut text = String::new();
    for i in 0..n {
        text.push_str(&format!(
            "[[case]]\nname = \"c{i}\"\nboard = \"WWRRBBWW\"\nhand = \"WRBRW\"\n"
        ));
    }
    let (cases, errors) = case::parse_file(
        Path::new("t.toml"),
        "t.toml",
        &text,
        &Constraints::default(),
    );
    Suite {
        cases,
        errors,
        files: 1,
        ..Suite::default()
    }
}

fn config(sweep: (usize, usize), judging: Judging) -> Config {
    Config {
        sweep: Sweep {
            max_board: sweep.0,
            max_hand: sweep.1,
        },
        judging,
        ..Config::default()
    }
}

fn solution() -> &'static dyn Solution {
    &crate::judge::runner::tests::SortedHandOnly
}

/// `judge_stable` on WRRBBW + RB (answer 2) for a submission whose calls give `script` in
/// turn; `limit_seen`: it already had a TLE or an MLE.
fn judged(script: Vec<Outcome>, config: &Config, limit_seen: bool) -> (Verdict, Outcome, Vec<f64>) {
    let mut script = script.into_iter();
    let mut exec = Scripted {
        f: |_: &str, _: &str| script.next().unwrap(),
        walls: Rc::new(RefCell::new(Vec::new())),
    };
    judge_stable(&mut exec, ("WRRBBW", "RB"), 2, config, (5000, limit_seen)).unwrap()
}

fn mle() -> Result<i32, Failure> {
    Err(Failure::MemoryLimit("memory 1024 MiB".into()))
}

#[test]
fn a_case_near_the_limit_is_rerun_and_judged_on_its_fastest_run() {
    // 1900 ms AC, then a 2100 ms TLE, 1500 ms and 1400 ms: four runs, the last the fastest.
    let script = vec![
        out(Ok(2), 1900.0),
        out(cpu_tle(), 2100.0),
        out(Ok(2), 1500.0),
        out(Ok(2), 1400.0),
    ];
    let (v, o, cpus) = judged(script, &Config::default(), false);
    assert_eq!(v, Verdict::Accepted);
    assert_eq!(o.cpu_ms, 1400.0);
    assert_eq!(cpus, vec![1900.0, 2100.0, 1500.0, 1400.0]);

    // A 2100 ms TLE whose rerun takes 1000 ms: out of the band, no third run; AC.
    let script = vec![out(cpu_tle(), 2100.0), out(Ok(2), 1000.0)];
    let (v, o, cpus) = judged(script, &Config::default(), false);
    assert_eq!(
        (v, o.cpu_ms, cpus),
        (Verdict::Accepted, 1000.0, vec![2100.0, 1000.0])
    );
}

/// An MLE near the CPU limit is rerun too: a rerun that runs out of memory sooner decides,
/// and one that reaches the CPU limit first (a TLE) does not. Once the submission had a TLE
/// or an MLE, it is not rerun: each rerun would cost nearly a limit, and the case is a
/// limit's failure either way.
#[test]
fn an_mle_near_the_limit_is_rerun_until_a_limit_was_seen() {
    let script = vec![
        out(mle(), 1900.0),
        out(cpu_tle(), 2100.0),
        out(mle(), 1800.0),
        out(mle(), 1850.0),
    ];
    let (v, o, cpus) = judged(script, &Config::default(), false);
    assert_eq!(v.kind(), VerdictKind::MemoryLimitExceeded);
    assert_eq!(
        (o.cpu_ms, cpus),
        (1800.0, vec![1900.0, 2100.0, 1800.0, 1850.0])
    );
    let (v, _, cpus) = judged(vec![out(mle(), 1900.0)], &Config::default(), true);
    assert_eq!((v.kind(), cpus), (VerdictKind::MemoryLimitExceeded, vec![]));
}

/// Not rerun: a fast answer, a wall TLE (a sleep), a call killed at 1.5 x the limit, a
/// far-off MLE, a CPU TLE stopped at the wall deadline on a starved machine.
#[test]
fn a_call_far_from_the_limit_or_stopped_by_the_wall_is_not_rerun() {
    let starved = Outcome {
        wall_ms: 5000.0,
        ..out(cpu_tle(), 2500.0)
    };
    for first in [
        out(Ok(2), 1332.0),
        out(Err(Failure::TimeLimit(Limit::Wall(5000))), 1500.0),
        out(cpu_tle(), 3000.0),
        out(mle(), 300.0),
        starved,
    ] {
        let (_, o, cpus) = judged(vec![first.clone()], &Config::default(), false);
        assert_eq!((o, cpus), (first, vec![]));
    }
}

/// With `reruns = 1`, two runs at most; the TLE stands.
#[test]
fn reruns_stop_at_the_configured_count() {
    let script = vec![out(cpu_tle(), 2500.0), out(cpu_tle(), 2400.0)];
    let (v, _, cpus) = judged(script, &config_with_reruns(1), false);
    assert_eq!(v.kind(), VerdictKind::TimeLimitExceeded);
    assert_eq!(cpus, vec![2500.0, 2400.0]);
}

fn config_with_reruns(reruns: usize) -> Config {
    config(
        (0, 0),
        Judging {
            reruns,
            ..Judging::default()
        },
    )
}

#[test]
fn after_k_tles_in_a_row_the_remaining_cases_are_skipped_never_ac() {
    let judging = Judging {
        tle_skip_after: 2,
        ..Judging::default()
    };
    let walls = Rc::new(RefCell::new(Vec::new()));
    // TLE, AC (the run of TLEs starts again), TLE, TLE, then nothing more is called.
    let script = Rc::new(RefCell::new(
        vec![
            out(Err(Failure::TimeLimit(Limit::Wall(5000))), 10.0),
            out(Ok(2), 1.0),
            out(Err(Failure::TimeLimit(Limit::Wall(3000))), 10.0),
            out(Err(Failure::TimeLimit(Limit::Wall(3000))), 10.0),
            // The sweep still runs after the skip: its first class is answered wrong.
            out(Ok(5), 1.0),
        ]
        .into_iter(),
    ));
    let calls = Rc::new(RefCell::new(0));
    let counted = calls.clone();
    let report = run_scripted(7, judging, &walls, move |_: &str, _: &str| {
        *counted.borrow_mut() += 1;
        script.borrow_mut().next().unwrap()
    });
    let s = &report.solutions[0];
    let verdicts: Vec<&str> = s.cases.iter().map(|c| c.verdict.code()).collect();
    assert_eq!(
        verdicts,
        ["TLE", "AC", "TLE", "TLE", "SKIP", "SKIP", "SKIP", "WA"]
    );
    assert_eq!(*calls.borrow(), 5);
    assert_eq!(s.counts["SKIP"], 3);
    assert_eq!(s.counts["AC"], 1);
    assert_eq!(s.verdict, VerdictKind::TimeLimitExceeded);
    assert_eq!(
        s.cases[4].message.as_deref(),
        Some("skipped: 2 TLEs in a row before it")
    );
    // The wall limit was shortened once, after the first TLE, to 2000 ms x 1.5.
    assert_eq!(*walls.borrow(), vec![Some(3000)]);
    let sweep = s.sweep.as_ref().unwrap();
    assert_eq!(
        (sweep.skipped, sweep.judged, sweep.classes),
        (false, 1, 148)
    );
    assert!(sweep
        .failed
        .as_ref()
        .unwrap()
        .verdict
        .is(VerdictKind::WrongAnswer));
    assert!(s.complete);
}

/// An MLE counts towards the streak as a TLE does (a slow memory hog on every case costs a
/// few limits), an MLE alone does not shorten the wall limit, and the SKIP message says
/// which verdicts made the streak.
#[test]
fn mles_count_towards_the_skip_streak_and_the_message_names_them() {
    let judging = Judging {
        tle_skip_after: 2,
        ..Judging::default()
    };
    let mle = || out(Err(Failure::MemoryLimit("memory 1024 MiB".into())), 10.0);
    let tle = || out(Err(Failure::TimeLimit(Limit::Wall(5000))), 10.0);
    for (script, second, message, walls_set) in [
        (
            vec![mle(), mle()],
            "MLE",
            "skipped: 2 MLEs in a row before it",
            vec![],
        ),
        (
            vec![mle(), tle()],
            "TLE",
            "skipped: 2 TLEs or MLEs in a row before it",
            vec![Some(3000)],
        ),
    ] {
        let walls = Rc::new(RefCell::new(Vec::new()));
        let script = Rc::new(RefCell::new(script.into_iter().chain([out(Ok(5), 1.0)])));
        let report = run_scripted(4, judging.clone(), &walls, move |_: &str, _: &str| {
            script.borrow_mut().next().unwrap()
        });
        let s = &report.solutions[0];
        let verdicts: Vec<&str> = s.cases.iter().map(|c| c.verdict.code()).collect();
        assert_eq!(verdicts[..4], ["MLE", second, "SKIP", "SKIP"]);
        assert_eq!(s.cases[2].message.as_deref(), Some(message));
        assert_eq!(*walls.borrow(), walls_set);
    }
}

#[test]
fn the_sweep_stops_at_the_smallest_failing_class() {
    let walls = Rc::new(RefCell::new(Vec::new()));
    let calls = Rc::new(RefCell::new(Vec::new()));
    // Right everywhere but on a hand of two balls and a board of three or more: the
    // smallest such class in size order is RRY + RR.
    let seen = calls.clone();
    let report = run_scripted(1, Judging::default(), &walls, move |b: &str, h: &str| {
        seen.borrow_mut().push(format!("{b}+{h}"));
        let inst = Instance::parse(b, h, &Constraints::default()).unwrap();
        let right = crate::game::oracle::solve(&inst).unwrap().as_i32();
        let got = if h.len() == 2 && b.len() >= 3 {
            7
        } else {
            right
        };
        out(Ok(got), 0.1)
    });
    let s = &report.solutions[0];
    let sweep = s.sweep.as_ref().unwrap();
    assert_eq!(
        (sweep.classes, sweep.judged, sweep.skipped),
        (148, 29, false)
    );
    let f = sweep.failed.as_ref().unwrap();
    assert_eq!(
        (
            f.board.as_str(),
            f.hand.as_str(),
            f.oracle,
            f.got,
            f.verdict
        ),
        ("RRY", "RR", -1, Some(7), VerdictKind::WrongAnswer.into())
    );
    // The case file's case and the 29 classes judged, no more.
    assert_eq!(calls.borrow().len(), 30);
    assert_eq!(calls.borrow().last().unwrap(), "RRY+RR");
    let last = s.cases.last().unwrap();
    assert_eq!(
        (last.case.as_str(), last.verdict),
        ("sweep#RRY+RR", VerdictKind::WrongAnswer.into())
    );
    assert_eq!(s.first_failure_case.as_deref(), Some("sweep#RRY+RR"));
    let m = s.minimised.as_ref().unwrap();
    assert_eq!(
        (m.board.as_str(), m.hand.as_str(), m.size),
        ("RRY", "RR", 5)
    );
    assert_eq!(s.verdict, VerdictKind::WrongAnswer);
    assert!(walls.borrow().is_empty());
}
