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

/// Answers each call with `f(board, hand)`, and records every wall limit it is given and
/// counts its restarts.
struct Scripted<F> {
    f: F,
    walls: Rc<RefCell<Vec<Option<u64>>>>,
    restarts: Rc<std::cell::Cell<usize>>,
}

impl<F: FnMut(&str, &str) -> Outcome> Executor for Scripted<F> {
    fn call(&mut self, board: &str, hand: &str) -> Outcome {
        (self.f)(board, hand)
    }
    fn set_wall_ms(&mut self, wall_ms: Option<u64>) {
        self.walls.borrow_mut().push(wall_ms);
    }
    /// Recorded; false, as for a process kept across calls, so that the diagnosis makes no
    /// call on a fresh one.
    fn restart(&mut self) -> bool {
        self.restarts.set(self.restarts.get() + 1);
        false
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
                restarts: Default::default(),
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
        core_wait_ms: 0.0,
    }
}

/// Stopped by the `wall` ms wall guard after 10 ms of CPU time: it slept.
fn slept(wall: u64) -> Outcome {
    Outcome {
        wall_ms: wall as f64,
        ..out(Err(Failure::TimeLimit(Limit::Wall(wall))), 10.0)
    }
}

/// Stopped by the 5000 ms wall guard after `cpu_ms` of CPU time, having waited `wait_ms` for a
/// core.
fn walled(cpu_ms: f64, wait_ms: f64) -> Outcome {
    Outcome {
        wall_ms: 5000.0,
        core_wait_ms: wait_ms,
        ..out(Err(Failure::TimeLimit(Limit::Wall(5000))), cpu_ms)
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
    judged_or_not(script, config, limit_seen).0.unwrap()
}

/// What [`judge_stable`] returns.
type StableOrNot = Result<(Verdict, Outcome, Vec<f64>), CallError>;

/// [`judged`], or why not, and how many times the worker was restarted.
fn judged_or_not(script: Vec<Outcome>, config: &Config, limit_seen: bool) -> (StableOrNot, usize) {
    let mut script = script.into_iter();
    let mut exec = Scripted {
        f: |_: &str, _: &str| script.next().unwrap(),
        walls: Default::default(),
        restarts: Default::default(),
    };
    let r = judge_stable(&mut exec, ("WRRBBW", "RB"), 2, config, limit_seen);
    (r, exec.restarts.get())
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

/// Not rerun: a fast answer, a wall TLE of a call that slept (little CPU time, no wait for a
/// core), a far-off MLE, an MLE past the kill point.
#[test]
fn a_call_far_from_the_limit_or_asleep_at_the_wall_is_not_rerun() {
    for first in [
        out(Ok(2), 1332.0),
        walled(10.0, 3.0),
        // Half its wall time neither running nor waiting: it slept that long.
        walled(1500.0, 999.0),
        out(mle(), 300.0),
        out(mle(), 3000.0),
    ] {
        let (_, o, cpus) = judged(vec![first.clone()], &Config::default(), false);
        assert_eq!((o, cpus), (first, vec![]));
    }
}

/// A TLE killed at the kill point (1.5 x the limit) is rerun as a near-limit TLE is, and so
/// is a CPU TLE the wall guard stopped on a starved machine; the fastest run decides. Once
/// the submission had a TLE, neither is.
#[test]
fn a_tle_killed_at_the_kill_point_is_rerun_until_a_limit_was_seen() {
    let script = vec![
        out(cpu_tle(), 3001.0),
        out(cpu_tle(), 3002.0),
        out(Ok(2), 1990.0),
        out(Ok(2), 1995.0),
    ];
    let (v, o, cpus) = judged(script, &Config::default(), false);
    assert_eq!((v, o.cpu_ms), (Verdict::Accepted, 1990.0));
    assert_eq!(cpus, [3001.0, 3002.0, 1990.0, 1995.0]);
    let starved_cpu_tle = Outcome {
        result: cpu_tle(),
        ..walled(2500.0, 2000.0)
    };
    let script = vec![starved_cpu_tle, out(cpu_tle(), 2400.0), out(Ok(2), 1900.0)];
    let (v, _, cpus) = judged(script, &config_with_reruns(2), false);
    assert_eq!((v, cpus), (Verdict::Accepted, vec![2500.0, 2400.0, 1900.0]));
    let (v, _, cpus) = judged(vec![out(cpu_tle(), 3001.0)], &Config::default(), true);
    assert_eq!((v.kind(), cpus), (VerdictKind::TimeLimitExceeded, vec![]));
}

/// A call the wall guard stopped under the CPU limit while it ran or waited for a core most
/// of the time was starved, not asleep: it runs again on a fresh worker, and the first run
/// the machine did not starve decides (here an AC near the limit, rerun as usual). When every
/// run starves, the call is not judged.
#[test]
fn a_starved_call_is_rerun_on_a_fresh_worker_and_never_a_tle() {
    let script = vec![
        walled(900.0, 3900.0),
        walled(1200.0, 2900.0),
        out(Ok(2), 1500.0),
    ];
    let (r, restarts) = judged_or_not(script, &config_with_reruns(0), false);
    let (v, o, cpus) = r.unwrap();
    assert_eq!((v, o.cpu_ms), (Verdict::Accepted, 1500.0));
    assert_eq!((cpus, restarts), (vec![900.0, 1200.0, 1500.0], 2));
    let script = vec![walled(900.0, 3900.0); 4];
    let (r, restarts) = judged_or_not(script, &Config::default(), false);
    let Err(CallError::Overloaded(why)) = r else {
        panic!("{r:?}")
    };
    assert_eq!(restarts, 3);
    assert_eq!(
        why.to_string(),
        "not judged: machine overloaded (4 runs stopped by the 5000 ms wall guard; the last \
         had 900 ms of CPU time, under the 2000 ms limit, and waited 3900 ms for a core); grade \
         again on a quieter machine"
    );
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
            slept(5000),
            out(Ok(2), 1.0),
            slept(3000),
            slept(3000),
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
        Some("skipped: at least as hard as t.toml#c3, which exceeded the time limit (2 TLEs in a row)")
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
    let tle = || slept(5000);
    for (script, second, message, walls_set) in [
        (
            vec![mle(), mle()],
            "MLE",
            "skipped: at least as hard as t.toml#c1, which exceeded the memory limit (2 MLEs in a row)",
            vec![],
        ),
        (
            vec![mle(), tle()],
            "TLE",
            "skipped: at least as hard as t.toml#c1, which exceeded a limit (2 TLEs or MLEs in a row)",
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
    assert_eq!(calls.borrow().len(), 30, "{:?}", calls.borrow());
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

/// A suite of `(name, board, hand)` cases in file `t.toml`.
fn suite_of(cases: &[(&str, &str, &str)]) -> Suite {
    let text: String = cases
        .iter()
        .map(|(n, b, h)| format!("[[case]]\nname = \"{n}\"\nboard = \"{b}\"\nhand = \"{h}\"\n"))
        .collect();
    let constraints = Constraints::default();
    let (cases, errors) = case::parse_file(Path::new("t.toml"), "t.toml", &text, &constraints);
    Suite {
        cases,
        errors,
        files: 1,
        ..Suite::default()
    }
}

/// The oracle's answer to `board` + `hand`.
fn truth(board: &str, hand: &str) -> i32 {
    let inst = Instance::parse(board, hand, &Constraints::default()).unwrap();
    crate::game::oracle::solve(&inst).unwrap().as_i32()
}

/// Runs one solution, answered by `f`, on `suite` without the sweep; every board called, in
/// order, lands in `calls`.
fn run_calls<F>(suite: &Suite, calls: &Rc<RefCell<Vec<String>>>, mut f: F) -> RunReport
where
    F: FnMut(&str, &str) -> Outcome + Clone + 'static,
{
    let seen = calls.clone();
    let f = move |b: &str, h: &str| {
        seen.borrow_mut().push(b.to_string());
        f(b, h)
    };
    run(
        suite,
        &[solution()],
        &config((0, 0), Judging::default()),
        &mut |_| {
            Box::new(Scripted {
                f: f.clone(),
                walls: Default::default(),
                restarts: Default::default(),
            }) as Box<dyn Executor + '_>
        },
        &mut |_| {},
    )
    .unwrap()
}

/// A correct submission about 3x too slow on 16-ball boards with a full hand, on a suite that
/// lists those first (as `hard.toml` sorts first): judged easiest first, it scores every
/// easier case; after 3 TLEs in a row the rest, each at least as hard, are skipped, and the
/// rows keep the suite's order. In the suite's order it would have scored nothing.
#[test]
fn a_correct_but_slow_submission_scores_every_case_it_solves_in_time() {
    let suite = suite_of(&[
        ("jury-timeout", "RRGGBBYYWWRRGGBB", "RGBYW"),
        ("five-with-split", "RRYGGYYRRYYGGYRR", "GGBBB"),
        ("hunted-four", "GYYBYYGGYYBYRYGG", "RRBGR"),
        ("minus-one-a", "RRYYBBYYRRBBRRYY", "RYRYB"),
        ("split-pair", "RRWWRRBBRR", "WB"),
        ("no-three", "WWBBWBBWW", "BB"),
        ("example-1", "WRRBBW", "RB"),
        ("old-example-4", "RBYYBBRRB", "YRBGB"),
    ]);
    let calls = Rc::new(RefCell::new(Vec::new()));
    let report = run_calls(&suite, &calls, |b: &str, h: &str| {
        if b.len() == 16 {
            out(cpu_tle(), 3001.0)
        } else {
            out(Ok(truth(b, h)), 600.0)
        }
    });
    let s = &report.solutions[0];
    let rows: Vec<(&str, &str)> = s
        .cases
        .iter()
        .map(|c| (c.case.as_str(), c.verdict.code()))
        .collect();
    assert_eq!(
        rows,
        [
            ("t.toml#jury-timeout", "TLE"),
            ("t.toml#five-with-split", "TLE"),
            ("t.toml#hunted-four", "TLE"),
            ("t.toml#minus-one-a", "SKIP"),
            ("t.toml#split-pair", "AC"),
            ("t.toml#no-three", "AC"),
            ("t.toml#example-1", "AC"),
            ("t.toml#old-example-4", "AC"),
        ]
    );
    // hunted-four (4 moves) is easier than the 5-move and -1 cases, which tie in suite order;
    // the first TLE is rerun 3 times (it may be a kill-point TLE a faster run answers).
    let order: Vec<usize> = calls.borrow().iter().map(String::len).collect();
    assert_eq!(
        order,
        [6, 9, 10, 9, 16, 16, 16, 16, 16, 16],
        "{:?}",
        calls.borrow()
    );
    let skip = "skipped: at least as hard as t.toml#five-with-split, which exceeded the time \
                limit (3 TLEs in a row)";
    assert_eq!(s.cases[3].message.as_deref(), Some(skip));
    assert_eq!(s.cases[2].cpu_runs_ms, [3001.0; 4]);
    assert_eq!(s.first_failure_case.as_deref(), Some("t.toml#jury-timeout"));
    assert_eq!(
        (s.counts["AC"], s.counts["TLE"], s.counts["SKIP"]),
        (4, 3, 1)
    );
}

/// A call starved at every run is not judged: its row says so, the other cases are judged,
/// and the run ends incomplete (exit 3).
#[test]
fn a_case_the_machine_was_too_busy_to_judge_makes_the_run_incomplete() {
    let suite = suite_of(&[("a", "WRRBBW", "RB"), ("b", "WWRRBBWW", "WRBRW")]);
    let calls = Rc::new(RefCell::new(Vec::new()));
    let report = run_calls(&suite, &calls, |b: &str, h: &str| {
        if b == "WRRBBW" {
            walled(900.0, 3900.0)
        } else {
            out(Ok(truth(b, h)), 5.0)
        }
    });
    let s = &report.solutions[0];
    let codes: Vec<&str> = s.cases.iter().map(|c| c.verdict.code()).collect();
    assert_eq!(codes, ["SKIP", "AC"]);
    assert_eq!(
        s.cases[0].message.as_deref(),
        Some(
            "not judged: machine overloaded (4 runs stopped by the 5000 ms wall guard; the \
             last had 900 ms of CPU time, under the 2000 ms limit, and waited 3900 ms for a \
             core); grade again on a quieter machine"
        )
    );
    assert_eq!(calls.borrow().len(), 5);
    assert!(!s.complete);
    assert_eq!(
        report.incomplete.as_deref(),
        Some(
            "not judged: machine overloaded (sorted_hand_only on t.toml#a); grade again on a \
             quieter machine"
        )
    );
    assert_eq!(report.exit(), crate::judge::exit::Exit::Incomplete);
}

/// A machine that starves every call costs at most [`STARVED_CASES_CAP`] cases of reruns: the
/// rest is not called, and says why.
#[test]
fn after_three_starved_cases_the_rest_is_not_called() {
    let suite = suite_of(&[
        ("a", "WRRBBW", "RB"),
        ("b", "WWRRBBWW", "WRBRW"),
        ("c", "G", "GG"),
        ("d", "RBYYBBRRB", "YRBGB"),
        ("e", "WWBBWBBWW", "BB"),
    ]);
    let calls = Rc::new(RefCell::new(Vec::new()));
    let report = run_calls(&suite, &calls, |_: &str, _: &str| walled(900.0, 3900.0));
    let s = &report.solutions[0];
    let codes: Vec<&str> = s.cases.iter().map(|c| c.verdict.code()).collect();
    assert_eq!(codes, ["SKIP"; 5]);
    assert_eq!(calls.borrow().len(), 3 * 4);
    let not_called = s
        .cases
        .iter()
        .filter(|c| {
            c.message
                .as_deref()
                .is_some_and(|m| m.contains("not called"))
        })
        .count();
    assert_eq!(not_called, 2);
    assert_eq!(report.exit(), crate::judge::exit::Exit::Incomplete);
}

/// A call that slept a fifth of its wall time away was not starved: a TLE of the wall limit,
/// not rerun.
#[test]
fn a_call_mostly_asleep_at_the_wall_guard_is_a_tle() {
    let suite = suite_of(&[("a", "WRRBBW", "RB")]);
    let calls = Rc::new(RefCell::new(Vec::new()));
    let report = run_calls(&suite, &calls, |_: &str, _: &str| walled(1800.0, 1500.0));
    let s = &report.solutions[0];
    assert_eq!(s.cases[0].verdict.code(), "TLE");
    assert_eq!(calls.borrow().len(), 1);
}
