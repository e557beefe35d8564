//! `zuma-judge run`, the main job.

use std::fs;

use serde_json::Value;

use crate::common::{judge, settings};

fn json_of(args: &[&str]) -> (i32, Value) {
    let out = judge()
        .args(args)
        .args(["--format", "json"])
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        serde_json::from_slice(&out.stdout).unwrap(),
    )
}

#[test]
#[ignore = "slow (33 s here: the shipped run); .ci/run runs it"]
fn shipped_cases_grade_every_solution_as_its_folder_says() {
    let (code, r) = json_of(&["run"]);
    assert_eq!(code, 0);
    let sols = r["solutions"].as_array().unwrap();
    let verdicts: Vec<(&str, &str, bool)> = sols
        .iter()
        .map(|s| {
            (
                s["name"].as_str().unwrap(),
                s["verdict"].as_str().unwrap(),
                s["as_expected"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        verdicts,
        [
            ("seed000_bfs", "accepted", true),
            ("fixed_rows_bfs", "run_time_error", true),
            ("brute_force_no_memo", "time_limit_exceeded", true),
            ("greedy_complete_runs", "wrong_answer", true),
            ("no_chain_reaction", "wrong_answer", true),
            ("run_completion_dfs", "wrong_answer", true),
            ("seed003_adjacent_memo", "wrong_answer", true),
            ("seed000_bfs_js", "accepted", true),
            ("seed003_adjacent_memo_py", "wrong_answer", true),
        ]
    );
    assert!(sols[0]["minimised"].is_null());
    for s in sols.iter().filter(|s| s["expected"] == "wrong_answer") {
        let m = &s["minimised"];
        let size = m["board"].as_str().unwrap().len() + m["hand"].as_str().unwrap().len();
        assert!(size <= 12, "{}: {m}", s["name"]);
        assert_ne!(m["oracle"], m["got"]);
    }
    // no chain reaction: its smallest counterexample (exhaust, kept in cases/regressions/)
    // beats greedy shrinking's RBBRR + B: RRYR + YY needs YYY then RRR
    let m = &sols[4]["minimised"];
    assert_eq!(
        (
            m["board"].as_str(),
            m["hand"].as_str(),
            m["oracle"].as_i64(),
            m["got"].as_i64()
        ),
        (Some("RRYR"), Some("YY"), Some(2), Some(-1))
    );
    assert_eq!(r["case_errors"], Value::Array(vec![]));
}

#[test]
fn exactly_the_wrong_claims_are_refuted() {
    let (_, r) = json_of(&["run", "--solution", "seed000_bfs"]);
    let refuted: Vec<String> = r["claims"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| !c["holds"].as_bool().unwrap())
        .map(|c| {
            format!(
                "{} {} {}",
                c["case"].as_str().unwrap(),
                c["claimed"],
                c["oracle"]
            )
        })
        .collect();
    assert_eq!(
        refuted,
        [
            "reports.toml#split-pair -1 2",
            "reports.toml#jury-changed-answer 2 5",
            "reports.toml#rrwwrrw 2 -1",
            "reports.toml#old-limit-18 -1 null",
            "reports.toml#empty-board 0 null",
            "reports.toml#starting-triple -1 null",
            "reports.toml#lowercase -1 null",
            "reports.toml#six-in-hand 2 null",
            "seeds.toml#r-plus-r 2 -1",
            "seeds.toml#starts-with-triple 0 null",
        ]
    );
    assert_eq!(r["claims"].as_array().unwrap().len(), 29);
}

#[test]
#[ignore = "slow (30 s here: the shipped run); .ci/run runs it"]
fn human_report() {
    let out = judge().args(["run"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    settings().bind(|| insta::assert_snapshot!(String::from_utf8_lossy(&out.stdout)));
}

#[test]
fn a_broken_file_is_named_and_the_others_still_run() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("a.toml"),
        "[[case]]\nname = \"ok\"\nboard = \"WWRRBBWW\"\nhand = \"WRBRW\"\nexpected = 2\n",
    )
    .unwrap();
    fs::write(
        dir.path().join("b.toml"),
        "[[case]]\nname = \"bad\"\nboard = \"RR\"\nhand = \"R\"\nexpected = 1\nfoo = 3\n",
    )
    .unwrap();
    fs::write(
        dir.path().join("c.toml"),
        "[[case]]\nname = \"triple\"\nboard = \"RRR\"\nhand = \"R\"\n",
    )
    .unwrap();
    let (code, r) = json_of(&[
        "run",
        "--cases",
        dir.path().to_str().unwrap(),
        "--solution",
        "seed000_bfs",
    ]);
    assert_eq!(code, 2);
    assert_eq!(r["cases"], 1);
    assert_eq!(r["solutions"][0]["cases"][0]["case"], "a.toml#ok");
    let errors: Vec<String> = r["case_errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["message"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(errors.len(), 2);
    let subjects: Vec<&str> = r["case_errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["case"].as_str().unwrap())
        .collect();
    assert_eq!(subjects, ["b.toml#bad", "c.toml#triple"]);
    assert!(errors[0].ends_with("b.toml line 6, column 1: case 'bad': unknown field `foo`, expected one of `name`, `board`, `hand`, `expected`, `invalid`, `note`, `tags`, `claims`, `points`, `visibility`"), "{}", errors[0]);
    assert!(errors[1].ends_with("c.toml line 2: case 'triple': input rejected: three in a row: 'RRR' at board positions 0..2 (the starting board may not hold a run of three or more); if that is intended, mark the case with invalid = \"three in a row\""), "{}", errors[1]);
}

#[test]
fn a_wrong_expected_value_or_strict_claim_exits_1() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("x.toml");
    fs::write(
        &f,
        "[[case]]\nname = \"r\"\nboard = \"R\"\nhand = \"R\"\nexpected = 2\n",
    )
    .unwrap();
    let (code, r) = json_of(&[
        "run",
        "--cases",
        f.to_str().unwrap(),
        "--solution",
        "seed000_bfs",
    ]);
    assert_eq!(code, 1);
    assert_eq!(r["expectations"][0]["asserted"], "expected = 2");
    assert_eq!(r["expectations"][0]["truth"], "-1");
    fs::write(&f, "[[case]]\nname = \"r\"\nboard = \"R\"\nhand = \"R\"\n[[case.claims]]\nsource = \"s\"\nanswer = 2\nstrict = true\n").unwrap();
    let (code, r) = json_of(&[
        "run",
        "--cases",
        f.to_str().unwrap(),
        "--solution",
        "seed000_bfs",
    ]);
    assert_eq!(code, 1);
    assert_eq!(r["claims"][0]["holds"], false);
    assert_eq!(r["claims"][0]["oracle"], -1);
}

#[test]
fn the_old_limit_comes_from_judge_toml() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = dir.path().join("judge.toml");
    fs::write(&cfg, "[constraints]\nboard_max = 20\n").unwrap();
    let f = dir.path().join("old.toml");
    fs::write(
        &f,
        "[[case]]\nname = \"w18\"\nboard = \"WWRRGGRRWWRRGGRRWW\"\nhand = \"GG\"\nexpected = -1\n",
    )
    .unwrap();
    let (code, r) = json_of(&[
        "--config",
        cfg.to_str().unwrap(),
        "run",
        "--cases",
        f.to_str().unwrap(),
        "--solution",
        "seed000_bfs",
    ]);
    assert_eq!(code, 0);
    assert_eq!(r["config"]["constraints"]["board_max"], 20);
    assert_eq!(r["solutions"][0]["cases"][0]["verdict"], "AC");
    let (code, _) = json_of(&[
        "run",
        "--cases",
        f.to_str().unwrap(),
        "--solution",
        "seed000_bfs",
    ]);
    assert_eq!(code, 2);
}

#[test]
fn unknown_solution_is_a_usage_error() {
    judge()
        .args(["run", "--solution", "nope"])
        .assert()
        .code(2)
        .stderr(predicates::str::starts_with(
            "error: no solution named 'nope'; registered: seed000_bfs, fixed_rows_bfs, brute_force_no_memo, greedy_complete_runs",
        ));
}

#[test]
fn out_writes_the_report_to_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("r.json");
    judge()
        .args([
            "run",
            "--solution",
            "seed000_bfs",
            "--format",
            "json",
            "--out",
            f.to_str().unwrap(),
        ])
        .assert()
        .code(0)
        .stdout("");
    let r: Value = serde_json::from_str(&fs::read_to_string(f).unwrap()).unwrap();
    assert_eq!(r["exit_code"], 0);
}

/// Nothing to judge is a usage error that says why, with no table of zeros before it.
#[test]
fn a_missing_or_empty_cases_path_is_an_error_before_any_judging() {
    let empty = tempfile::tempdir().unwrap();
    let out = judge()
        .args(["run", "--cases", "no/such/cases"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: no/such/cases: no such file or folder; give a case file or a folder of them\n"
    );
    let out = judge()
        .args(["run", "--cases"])
        .arg(empty.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!(
            "error: {}: no *.toml case files or .in/.ans pairs in this folder\n",
            empty.path().display()
        )
    );
    // A FIFO is neither a case file nor a folder (reading it would block).
    let fifo = empty.path().join("cases.fifo");
    assert!(std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let out = judge()
        .args(["run", "--cases"])
        .arg(&fifo)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!(
            "error: {}: not a regular file or a folder; give a case file or a folder of them\n",
            fifo.display()
        )
    );
}

#[test]
fn run_sweeps_every_solution_to_its_smallest_failing_class() {
    let (code, r) = json_of(&[
        "run",
        "--solution",
        "no_chain_reaction",
        "--solution",
        "seed000_bfs",
    ]);
    assert_eq!(code, 0);
    assert_eq!(
        r["config"]["sweep"],
        serde_json::json!({"max_board": 6, "max_hand": 4})
    );
    let wrong = &r["solutions"][0];
    let sweep = &wrong["sweep"];
    assert_eq!(
        (&sweep["classes"], &sweep["judged"], &sweep["skipped"]),
        (&Value::from(11114), &Value::from(188), &Value::from(false))
    );
    assert_eq!(
        sweep["failed"],
        serde_json::json!({"board": "RRYR", "hand": "YY", "oracle": 2, "got": -1, "verdict": "WA"})
    );
    let last = wrong["cases"].as_array().unwrap().last().unwrap();
    assert_eq!(
        (&last["case"], &last["verdict"]),
        (&Value::from("sweep#RRYR+YY"), &Value::from("WA"))
    );
    // The sweep's failing class is the minimised input: no shrinking beats it.
    assert_eq!(
        (&wrong["minimised"]["board"], &wrong["minimised"]["hand"]),
        (&Value::from("RRYR"), &Value::from("YY"))
    );
    let right = &r["solutions"][1]["sweep"];
    assert_eq!(
        (&right["judged"], &right["failed"]),
        (&Value::from(11114), &Value::Null)
    );
    // The hard set is part of the shipped cases (36, of which 25 distinct inputs).
    assert_eq!(r["cases"], 25);
    assert!(r["solutions"][1]["cases"]
        .as_array()
        .unwrap()
        .iter()
        .any(|c| c["case"] == "hard.toml#jury-timeout"));
}

#[test]
fn a_looping_submission_is_skipped_after_three_tles_in_a_row() {
    let dir = tempfile::tempdir().unwrap();
    let tle = dir.path().join("time_limit_exceeded");
    fs::create_dir(&tle).unwrap();
    fs::write(
        tle.join("forever_py.py"),
        "class Solution:\n    def findMinStep(self, board: str, hand: str) -> int:\n        while True:\n            pass\n",
    )
    .unwrap();
    fs::write(dir.path().join("judge.toml"), "[limits]\ncpu_ms = 200\n").unwrap();
    let (code, r) = json_of(&[
        "--config",
        dir.path().join("judge.toml").to_str().unwrap(),
        "run",
        "--cases",
        "cases/seeds.toml",
        "--solutions-dir",
        dir.path().to_str().unwrap(),
        "--solution",
        "forever_py",
    ]);
    assert_eq!(code, 0);
    let s = &r["solutions"][0];
    let verdicts: Vec<&str> = s["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["verdict"].as_str().unwrap())
        .collect();
    // Judged easiest first (r-plus-r, example-1, example-3), listed in the suite's order. The
    // sweep still runs after the skip, and stops at its first class: one more limit.
    assert_eq!(
        verdicts,
        ["TLE", "SKIP", "TLE", "SKIP", "SKIP", "TLE", "SKIP", "SKIP", "SKIP", "TLE"]
    );
    assert_eq!(
        (&s["verdict"], &s["counts"]["SKIP"], &s["sweep"]["skipped"]),
        (
            &Value::from("time_limit_exceeded"),
            &Value::from(6),
            &Value::from(false)
        )
    );
    assert_eq!(s["sweep"]["judged"], 1);
    assert_eq!(s["cases"][9]["case"], "sweep#R+R");
    assert_eq!(
        s["cases"][3]["message"],
        "skipped: at least as hard as seeds.toml#example-3, which exceeded the time limit \
         (3 TLEs in a row)"
    );
}

/// Files that cannot be written, and a baseline of another schema, are refused before any
/// judging: nothing on stdout, exit 2, the flag and the fix named.
#[test]
fn unwritable_outputs_and_a_foreign_baseline_are_refused_before_judging() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let run = |extra: &[&str]| {
        let out = judge()
            .args([
                "run",
                "--solution",
                "seed000_bfs",
                "--cases",
                "cases/statement.toml",
            ])
            .args(extra)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).to_string(),
            String::from_utf8_lossy(&out.stderr).to_string(),
        )
    };
    let gone = d.join("gone/judge.xml");
    let spec = format!("junit={}", gone.display());
    assert_eq!(
        run(&["--report", &spec]),
        (
            Some(2),
            String::new(),
            format!(
                "error: --report junit={}: the folder {} does not exist; create it first\n",
                gone.display(),
                d.join("gone").display()
            )
        )
    );
    let json = d.join("r.json");
    let (code, _, _) = run(&["--format", "json", "--out", json.to_str().unwrap()]);
    assert_eq!(code, Some(0));
    let text = fs::read_to_string(&json).unwrap();
    let other = d.join("r99.json");
    fs::write(
        &other,
        text.replacen("\"schema_version\": 1", "\"schema_version\": 99", 1),
    )
    .unwrap();
    let (code, _, err) = run(&["--baseline", other.to_str().unwrap()]);
    assert_eq!(code, Some(2));
    assert_eq!(
        err,
        format!(
            "error: baseline {0}: written with schema_version 99; this judge reads schema_version 1 (write a new baseline with `zuma-judge run --format json --out FILE`)\n",
            other.display()
        )
    );
}

/// A solutions folder's files that are not judged are each named with the reason: a file of a
/// known language outside a verdict folder, a file of no known language.
#[test]
fn files_not_judged_are_named_with_why() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::create_dir(d.join("accepted")).unwrap();
    fs::write(d.join("loose.py"), "class Solution:\n    pass\n").unwrap();
    fs::write(d.join("accepted/notes.txt"), "notes").unwrap();
    fs::write(
        d.join("config.toml"),
        "[sweep]\nmax_board = 0\nmax_hand = 0\n",
    )
    .unwrap();
    let out = judge()
        .current_dir(d)
        .args(["--config", "config.toml", "run", "--solutions-dir", "."])
        .args([
            "--cases",
            concat!(env!("CARGO_MANIFEST_DIR"), "/cases/statement.toml"),
        ])
        .args(["--solution", "seed000_bfs"])
        .output()
        .unwrap();
    let warnings: Vec<String> = String::from_utf8_lossy(&out.stderr)
        .lines()
        .filter(|l| l.starts_with("warning: "))
        .map(str::to_string)
        .collect();
    assert_eq!(
        warnings,
        [
            "warning: ./accepted/notes.txt: not judged: no language has this file's extension (known: .c, .cpp, .cc, .cxx, .cs, .ex, .exs, .erl, .go, .java, .js, .kt, .php, .py, .rkt, .rb, .rs, .scala, .ts, .dart, .swift)",
            "warning: ./config.toml: not judged: no language has this file's extension (known: .c, .cpp, .cc, .cxx, .cs, .ex, .exs, .erl, .go, .java, .js, .kt, .php, .py, .rkt, .rb, .rs, .scala, .ts, .dart, .swift)",
            "warning: ./loose.py: not judged: not in a verdict folder; move it into one (accepted/, wrong_answer/, ...: the verdict it should get)",
        ]
    );
    assert_eq!(out.status.code(), Some(0), "{out:?}");
}

/// One input, one point: a board and hand two cases hold (in one file or two) is judged and
/// scored once, as its first copy; a hand in another order is another input. The JSON names
/// each duplicate, the human report says so in one line.
#[test]
fn a_duplicate_input_is_judged_and_scored_once() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("cases");
    fs::create_dir(&dir).unwrap();
    let case = |name: &str, board: &str, hand: &str| {
        format!("[[case]]\nname = \"{name}\"\nboard = \"{board}\"\nhand = \"{hand}\"\n")
    };
    let a = [
        case("split-pair", "RRWWRRBBRR", "WB"),
        case("example-2", "WWRRBBWW", "WRBRW"),
        case("again", "WWRRBBWW", "WRBRW"),
    ];
    fs::write(dir.join("a.toml"), a.concat()).unwrap();
    let b = [
        case("copy", "RRWWRRBBRR", "WB"),
        case("other-order", "RRWWRRBBRR", "BW"),
    ];
    fs::write(dir.join("b.toml"), b.concat()).unwrap();
    let config = tmp.path().join("judge.toml");
    fs::write(&config, "[sweep]\nmax_board = 0\n").unwrap();
    let args = |format: &str| {
        let mut out = vec!["--config", config.to_str().unwrap(), "run", "--cases"];
        out.extend([dir.to_str().unwrap(), "--solution", "seed000_bfs"]);
        out.extend(["--format", format]);
        out.iter().map(|s| s.to_string()).collect::<Vec<_>>()
    };
    let out = judge().args(args("json")).output().unwrap();
    let r: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        (&r["cases"], &r["points"]),
        (&Value::from(3), &Value::from(3))
    );
    assert_eq!(
        r["duplicate_cases"],
        serde_json::json!([
            {"case": "a.toml#again", "same_as": "a.toml#example-2"},
            {"case": "b.toml#copy", "same_as": "a.toml#split-pair"},
        ])
    );
    let judged: Vec<&str> = r["solutions"][0]["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["case"].as_str().unwrap())
        .collect();
    assert_eq!(
        judged,
        [
            "a.toml#split-pair",
            "a.toml#example-2",
            "b.toml#other-order"
        ]
    );
    let out = judge().args(args("human")).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("zuma-judge run: 1 of 1 solution as expected, 3 cases from 2 files,"),
        "{text}"
    );
    let line = text.lines().find(|l| l.contains("judged once")).unwrap();
    assert_eq!(
        line,
        "2 duplicate inputs judged once: a.toml#again as a.toml#example-2, b.toml#copy as a.toml#split-pair"
    );
}
