//! `zuma-judge exhaust` and `merge`: the globally smallest counterexample, exact class counts,
//! and shards that merge into the unsharded report. Small bounds keep each run well under a
//! second.

use crate::common::{judge, settings};

/// Runs `exhaust` with `args` (never recording) and returns the JSON report.
fn exhaust_json(args: &[&str]) -> serde_json::Value {
    let out = judge()
        .args(["exhaust", "--format", "json", "--no-record"])
        .args(args)
        .output()
        .unwrap();
    assert!(out.status.code().unwrap() < 2, "{out:?}");
    serde_json::from_slice(&out.stdout).unwrap()
}

// no_chain_reaction stops the chain after one removal: RRYR + YY needs YYY then RRR.
#[test]
fn smallest_counterexample_of_the_one_pass_cleanup() {
    let r = exhaust_json(&[
        "--solution",
        "no_chain_reaction",
        "--max-board",
        "8",
        "--max-hand",
        "5",
    ]);
    assert_eq!(r["domain"]["classes"], 440_857);
    assert_eq!(r["domain"]["instances"], 99_780_030);
    assert_eq!(
        (r["classes"].as_u64(), r["instances"].as_u64()),
        (Some(206), Some(14_120))
    );
    assert_eq!(
        r["counterexample"],
        serde_json::json!({
            "board": "RRYR", "hand": "YY", "oracle": 2, "got": -1, "kind": "false_minus_one",
            "witness": ["Y@2", "Y@2"], "size": 6
        })
    );
    assert_eq!(r["counterexample_class"]["instances"], 40);
}

// greedy_complete_runs completes RR first and is left with Y R.
#[test]
fn smallest_counterexample_of_the_greedy_human() {
    let out = judge()
        .args([
            "exhaust",
            "--solution",
            "greedy_complete_runs",
            "--max-board",
            "3",
            "--max-hand",
            "4",
            "--no-record",
        ])
        .assert()
        .code(1);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let mut s = settings();
    s.add_filter(r"in \d+\.\d s", "in [s] s");
    s.bind(|| insta::assert_snapshot!("exhaust_greedy", text));
}

#[test]
fn accepted_solution_reports_null() {
    let r = exhaust_json(&[
        "--solution",
        "seed000_bfs",
        "--max-board",
        "5",
        "--max-hand",
        "3",
        "--metamorphic-sample",
        "1",
    ]);
    assert_eq!(r["counterexample"], serde_json::Value::Null);
    assert_eq!(r["inconsistency"], serde_json::Value::Null);
    assert_eq!(
        (r["classes"].as_u64(), r["instances"].as_u64()),
        (Some(1_280), Some(194_150))
    );
    judge()
        .args([
            "exhaust",
            "--solution",
            "seed000_bfs",
            "--max-board",
            "4",
            "--max-hand",
            "2",
        ])
        .assert()
        .code(0)
        .stdout(predicates::str::contains(
            "no counterexample among 14600 instances up to board 4, hand 2",
        ));
}

/// Four shards, merged, give the unsharded report (all keys but the wall time).
#[test]
fn shards_merge_into_the_unsharded_report() {
    let dir = tempfile::tempdir().unwrap();
    let regressions = dir.path().join("regressions");
    let recorded = regressions.join("no_chain_reaction.toml");
    for (name, all) in [
        ("no_chain_reaction", true),
        ("no_chain_reaction", false),
        ("seed000_bfs", false),
    ] {
        let mut base = vec!["--solution", name, "--max-board", "5", "--max-hand", "3"];
        if all {
            base.push("--all");
        }
        let mut whole = exhaust_json(&base);
        let mut files = Vec::new();
        for k in 1..=4 {
            let f = dir.path().join(format!("{name}-{all}-{k}.json"));
            let shard = format!("{k}/4");
            judge()
                .args(["exhaust", "--format", "json", "--shard", &shard, "--out"])
                .arg(&f)
                .arg("--regressions")
                .arg(&regressions)
                .args(&base)
                .assert()
                // A shard that ran exits 0 whatever it found: `merge` is the gate.
                .code(0);
            files.push(f);
        }
        // A shard records nothing: its smallest need not be the sweep's. (The first sweep is
        // the only one before any merge.)
        if all {
            assert!(!recorded.exists(), "a shard recorded a case");
        }
        let out = judge()
            .args(["merge", "--format", "json", "--regressions"])
            .arg(&regressions)
            .args(&files)
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(if name == "seed000_bfs" { 0 } else { 1 })
        );
        let mut merged: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        merged["wall_ms"] = 0.into();
        whole["wall_ms"] = 0.into();
        assert_eq!(merged, whole, "{name} all={all}");
        if all {
            assert_eq!(merged["failures"]["false_minus_one"]["classes"], 13);
            assert_eq!(merged["failures"]["overestimate"]["classes"], 6);
        }
        // a missing shard is an error that names it
        judge()
            .args(["merge"])
            .args(&files[..3])
            .assert()
            .code(2)
            .stderr(predicates::str::contains("shard 4/4 is missing"));
    }
    // Asked to, a shard that finds a counterexample fails on its own.
    judge()
        .args(["exhaust", "--no-record", "--solution", "no_chain_reaction"])
        .args(["--max-board", "5", "--max-hand", "3", "--shard", "1/1"])
        .arg("--fail-on-counterexample")
        .assert()
        .code(1);
    // The merge recorded the sweep's smallest counterexample, once.
    let text = std::fs::read_to_string(&recorded).unwrap();
    assert_eq!(text.matches("[[case]]").count(), 1, "{text}");
    assert!(text.contains("board = \"RRYR\"\nhand = \"YY\""), "{text}");
    assert_eq!(std::fs::read_dir(&regressions).unwrap().count(), 1);
}

#[test]
fn bounds_outside_the_constraints_are_a_usage_error() {
    judge()
        .args([
            "exhaust",
            "--solution",
            "seed000_bfs",
            "--max-board",
            "17",
            "--max-hand",
            "2",
        ])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "--max-board 17 --max-hand 2 is outside the constraints",
        ));
    judge()
        .args(["exhaust", "--solution", "nope"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("no solution named 'nope'"));
}

/// `merge` given a file that is not a shard report says what it is instead.
#[test]
fn merge_names_what_a_wrong_file_is() {
    let dir = tempfile::tempdir().unwrap();
    let solve = dir.path().join("solve.json");
    let out = judge()
        .args(["solve", "RB", "RB", "--format", "json"])
        .output()
        .unwrap();
    std::fs::write(&solve, &out.stdout).unwrap();
    let broken = dir.path().join("broken.json");
    std::fs::write(&broken, "{\"a\": 1\n").unwrap();
    for (file, why) in [
        (
            &solve,
            "not an exhaust report: it looks like a `solve` report (missing field `solution`)",
        ),
        (
            &broken,
            "line 2: not an exhaust report (EOF while parsing an object at line 2 column 0)",
        ),
    ] {
        let out = judge().arg("merge").arg(file).output().unwrap();
        assert_eq!(out.status.code(), Some(2));
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            format!(
                "error: {}: {why}; write shard reports with `zuma-judge exhaust --shard K/N --format json --out FILE`\n",
                file.display()
            )
        );
    }
}

/// Shard files are input: a counterexample whose oracle answer or solution answer was edited
/// is refused before anything is printed or recorded.
#[test]
fn merge_refuses_a_counterexample_the_oracle_does_not_confirm() {
    let dir = tempfile::tempdir().unwrap();
    let shard = dir.path().join("s.json");
    judge()
        .args(["exhaust", "--no-record", "--solution", "no_chain_reaction"])
        .args(["--max-board", "4", "--max-hand", "2", "--shard", "1/1"])
        .args(["--format", "json", "--out"])
        .arg(&shard)
        .assert()
        .code(0);
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&shard).unwrap()).unwrap();
    let cx = &report["counterexample"];
    let (board, hand, oracle) = (
        cx["board"].as_str().unwrap(),
        cx["hand"].as_str().unwrap(),
        &cx["oracle"],
    );
    let truth = oracle.clone();
    let class = report["counterexample_class"].clone();
    type Edit = Box<dyn Fn(&mut serde_json::Value)>;
    let edits: Vec<(&str, Edit, String)> = vec![
        (
            "oracle",
            Box::new(|r| r["counterexample"]["oracle"] = 5.into()),
            format!("the shards say the answer for {board} + {hand} is 5, the oracle says {oracle}: the shard files are not what exhaust wrote"),
        ),
        (
            "got",
            Box::new(move |r| r["counterexample"]["got"] = truth.clone()),
            format!("the shards' counterexample {board} + {hand} is no counterexample: the solution's answer {oracle} is the oracle's; the shard files are not what exhaust wrote"),
        ),
        // The input moved out of its class.
        (
            "class",
            Box::new(|r| {
                let cx = &mut r["counterexample"];
                (cx["board"], cx["hand"], cx["oracle"], cx["got"]) =
                    ("RR".into(), "R".into(), 1.into(), (-1).into());
            }),
            format!("the counterexample RR + R is not in its stated class {} + {} (no renaming of colours or reversal of the board turns one into the other): the shard files are not what exhaust wrote", class["board"].as_str().unwrap(), class["hand"].as_str().unwrap()),
        ),
        // A consistent edit: RR + R needs 1, and the shard says the solution answered -1. It
        // answers 1 when called again.
        (
            "input",
            Box::new(|r| {
                let cx = &mut r["counterexample"];
                (cx["board"], cx["hand"], cx["oracle"], cx["got"]) =
                    ("RR".into(), "R".into(), 1.into(), (-1).into());
                let class = &mut r["counterexample_class"];
                (class["board"], class["hand"]) = ("RR".into(), "R".into());
            }),
            "the shards' counterexample RR + R is no counterexample: called again, no_chain_reaction answers 1, the oracle's answer; the shard files are not what exhaust wrote".to_string(),
        ),
        (
            "counterexample",
            Box::new(|r| r["counterexample"] = serde_json::Value::Null),
            format!("{}: shard 1/1 found no counterexample yet judged {} of its {} classes: the file is not what exhaust wrote", dir.path().join("counterexample.json").display(), report["classes"], report["domain"]["classes"]),
        ),
        (
            "schema_version",
            Box::new(|r| r["schema_version"] = 2.into()),
            format!("{}: written with schema_version 2; this judge reads schema_version 1: run the shard again with this judge", dir.path().join("schema_version.json").display()),
        ),
    ];
    for (key, edit, why) in edits {
        let mut edited = report.clone();
        edit(&mut edited);
        let file = dir.path().join(format!("{key}.json"));
        std::fs::write(&file, edited.to_string()).unwrap();
        let out = judge()
            .args(["merge", "--regressions"])
            .arg(dir.path().join("reg"))
            .arg(&file)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{key}");
        assert_eq!(String::from_utf8_lossy(&out.stdout), "", "{key}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            format!("error: {why}\n")
        );
    }
    assert!(!dir.path().join("reg").exists());
}

/// Ctrl-C ends a sweep with the report of the classes judged so far, marked incomplete (exit
/// 3), and `merge` refuses such a shard.
#[test]
fn an_interrupted_sweep_keeps_its_report_and_merge_refuses_it() {
    let dir = tempfile::tempdir().unwrap();
    let shard = dir.path().join("s.json");
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("zuma-judge"))
        .env("ZUMA_JUDGE_CACHE", crate::common::test_cache())
        .args(["exhaust", "--no-record", "--solution", "seed000_bfs"])
        .args(["--max-board", "8", "--max-hand", "4", "--shard", "1/1"])
        .args(["--format", "json", "--out"])
        .arg(&shard)
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    nix::sys::signal::kill(
        nix::unistd::Pid::from_raw(child.id() as i32),
        nix::sys::signal::Signal::SIGINT,
    )
    .unwrap();
    assert_eq!(child.wait().unwrap().code(), Some(3));
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&shard).unwrap()).unwrap();
    let (judged, domain) = (&report["classes"], &report["domain"]["classes"]);
    assert_eq!(
        report["incomplete"],
        format!("interrupted: stopped after {judged} of {domain} classes")
    );
    assert!(judged.as_u64().unwrap() < domain.as_u64().unwrap());
    assert_eq!(report["counterexample"], serde_json::Value::Null);
    let out = judge().arg("merge").arg(&shard).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!(
            "error: {}: shard 1/1 is incomplete (interrupted: stopped after {judged} of {domain} classes); run it again to its end\n",
            shard.display()
        )
    );
}

/// A submission file, in any language `grade` judges, is hunted as a registered solution is:
/// built through the same cache and called in the same sandboxed worker.
#[test]
fn a_submission_file_is_hunted_as_grade_builds_it() {
    let fixtures = "tests/fixtures/languages/python3";
    let wrong = format!("{fixtures}/wrong_answer/always_two_py.py");
    let r = exhaust_json(&[
        "--submission",
        &wrong,
        "--max-board",
        "4",
        "--max-hand",
        "2",
    ]);
    assert_eq!(r["solution"], "always_two_py");
    assert_eq!(
        r["counterexample"],
        serde_json::json!({
            "board": "R", "hand": "R", "oracle": -1, "got": 2, "kind": "false_solvable",
            "witness": [], "size": 2
        })
    );
    let right = format!("{fixtures}/accepted/seed000_bfs_py.py");
    let r = exhaust_json(&[
        "--submission",
        &right,
        "--max-board",
        "4",
        "--max-hand",
        "2",
    ]);
    assert_eq!(r["counterexample"], serde_json::Value::Null);
    assert_eq!(r["instances"], 14_600);
}

/// A folder of several submissions, a file of no known language and a submission that does
/// not compile are refused before any hunting (exit 2), each with the reason.
#[test]
fn a_submission_that_is_not_one_judged_file_is_refused() {
    let refused = |path: &str| {
        let out = judge()
            .args([
                "exhaust",
                "--no-record",
                "--max-board",
                "2",
                "--max-hand",
                "1",
            ])
            .args(["--submission", path])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{out:?}");
        assert!(out.stdout.is_empty());
        String::from_utf8(out.stderr).unwrap()
    };
    assert_eq!(
        refused("tests/fixtures/grade/submissions"),
        "error: tests/fixtures/grade/submissions: 4 submission files in this folder \
         (tests/fixtures/grade/submissions/alice/solution.py, \
         tests/fixtures/grade/submissions/bob/main.cpp, \
         tests/fixtures/grade/submissions/carol/sol.js, tests/fixtures/grade/submissions/dave.py); \
         a hunt judges one: give one file\n"
    );
    assert_eq!(
        refused("tests/fixtures/grade/submissions/README.txt"),
        "error: tests/fixtures/grade/submissions/README.txt: no language judges a file ending in \
         '.txt'; give a submission file ending in one of .c, .cpp, .cc, .cxx, .cs, .ex, .exs, \
         .erl, .go, .java, .js, .kt, .php, .py, .rkt, .rb, .rs, .scala, .ts, .dart, .swift\n"
    );
    assert_eq!(
        refused("tests/fixtures/languages/python3/compile_error/syntax_py.py"),
        "error: tests/fixtures/languages/python3/compile_error/syntax_py.py: SyntaxError: \
         expected ':' (line 5)\n"
    );
}
