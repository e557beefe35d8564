//! `zuma-judge solve`, `audit` and `list`.

use std::fs;

use crate::common::judge;

#[test]
fn solve_prints_the_number_first() {
    judge()
        .args(["solve", "RRWWRRBBRR", "WB"])
        .assert()
        .code(0)
        .stdout("2\n");
    judge()
        .args(["solve", "RRYGGYYRRYYGGYRR", "GGBBB"])
        .assert()
        .code(0)
        .stdout("5\n");
    judge()
        .args(["solve", "WRRBBW", "RB"])
        .assert()
        .code(0)
        .stdout("-1\n");
}

#[test]
fn solve_explain_replays_the_witness() {
    let out = judge()
        .args(["solve", "WWRRBBWW", "WRBRW", "--explain"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[..8],
        [
            "2",
            "WWRRBBWW + WRBRW: 2 moves",
            "start          W W R R B B W W    hand RRBWW",
            "1. R at gap 2  W W[R]R R B B W W  hand RBWW",
            "  remove RRR   W W B B W W",
            "2. B at gap 2  W W[B]B B W W      hand RWW",
            "  remove BBB   W W W W",
            "  remove WWWW  (empty)",
        ]
    );
}

#[test]
fn solve_rejects_invalid_input_with_its_reason() {
    for (board, hand, reason) in [
        ("a", "a", "not a colour: 'a' at board position 0"),
        ("", "R", "empty board"),
        (
            "RWWWRR",
            "RRB",
            "three in a row: 'WWW' at board positions 1..3",
        ),
        ("G", "GGGGGG", "hand too large: 6 balls, the limit is 5"),
        (
            "WWRRGGRRWWRRGGRRWW",
            "GG",
            "board too long: 18 balls, the limit is 16",
        ),
    ] {
        judge()
            .args(["solve", board, hand])
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicates::str::starts_with(format!(
                "error: input rejected: {reason}"
            )));
    }
}

#[test]
fn solve_json() {
    let out = judge()
        .args(["solve", "G", "GGGGG", "--format", "json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["answer"], 2);
    assert_eq!(
        v["witness"],
        serde_json::json!([{"gap": 0, "colour": "G"}, {"gap": 0, "colour": "G"}])
    );
}

#[test]
fn audit_shows_a_diff_and_fix_writes_it() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("claims.toml");
    fs::write(
        &f,
        "# kept\n[[case]]\nname = \"r\"\nboard = \"R\"\nhand = \"R\"\nexpected = 2\n",
    )
    .unwrap();
    let out = judge()
        .args(["audit", f.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("r: expected = 2 -> -1"), "{text}");
    assert!(text.contains("-expected = 2\n+expected = -1\n"), "{text}");
    judge()
        .args(["audit", "--fix", f.to_str().unwrap()])
        .assert()
        .code(0);
    assert_eq!(
        fs::read_to_string(&f).unwrap(),
        "# kept\n[[case]]\nname = \"r\"\nboard = \"R\"\nhand = \"R\"\nexpected = -1\n"
    );
    judge()
        .args(["audit", f.to_str().unwrap()])
        .assert()
        .code(0)
        .stdout("");
}

/// An unknown key costs its own case only: audit still finds the invalid `BBB` case and the
/// refuted strict claim after it, and its summary counts all three.
#[test]
fn audit_reports_every_problem_in_a_file_after_its_first_error() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("t.toml"),
        "[[case]]\nname = \"typo\"\nboard = \"WRRBBW\"\nhand = \"RB\"\nexpcted = 2\n\n\
         [[case]]\nname = \"bbb\"\nboard = \"BBB\"\nhand = \"R\"\nexpected = 1\n\n\
         [[case]]\nname = \"strict\"\nboard = \"RRWWRRBBRR\"\nhand = \"WB\"\nexpected = 2\n\
         claims = [{ source = \"editorial\", answer = 3, strict = true }]\n",
    )
    .unwrap();
    let out = judge()
        .current_dir(dir.path())
        .args(["audit", "t.toml"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let unknown = "t.toml line 5, column 1: unknown field `expcted`, expected one of `name`, \
                   `board`, `hand`, `expected`, `invalid`, `note`, `tags`, `claims`, `points`; \
                   did you mean `expected`?";
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        format!(
            "{unknown}\naudited 1 file: 1 error, 1 correction proposed (run with --fix to write \
             them), 1 claim refuted (1 strict)\n"
        )
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("# t.toml: bbb: input rejected (three in a row: 'BBB' at board positions 0..2 (the starting board may not hold a run of three or more)); invalid = \"three in a row\"\n"), "{text}");
    assert!(
        text.contains("-expected = 1\n+invalid = \"three in a row\"\n"),
        "{text}"
    );
    assert!(
        text.ends_with("claim refuted: t.toml#strict: editorial claimed 3; oracle 2 [strict]\n"),
        "{text}"
    );
    let out = judge()
        .current_dir(dir.path())
        .args(["audit", "t.toml", "--format", "json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["schema_version"], 1);
    assert_eq!(
        v["summary"],
        serde_json::json!({"files": 1, "audited": 1, "errors": 1, "corrections": 1, "written": 0, "refuted": 1, "strict": 1})
    );
    assert_eq!(v["files"][0]["errors"], serde_json::json!([unknown]));
    assert_eq!(
        v["files"][0]["refuted_claims"],
        serde_json::json!([{"claim": "t.toml#strict: editorial claimed 3; oracle 2", "strict": true}])
    );
    assert_eq!(v["exit_code"], 2);
}

#[test]
fn audit_of_the_shipped_cases_is_clean() {
    let out = judge().args(["audit"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(!text.contains("@@"), "{text}");
    assert_eq!(
        text.lines()
            .filter(|l| l.starts_with("claim refuted: "))
            .count(),
        10
    );
}

#[test]
fn list_names_every_solution() {
    let out = judge().args(["list"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    for name in [
        "seed000_bfs",
        "greedy_complete_runs",
        "no_chain_reaction",
        "run_completion_dfs",
        "seed003_adjacent_memo",
    ] {
        assert!(text.contains(name), "{name}");
    }
    assert!(text.contains("solutions/accepted/seed000_bfs.rs"));
}

/// A reader that goes away ends the command quietly with exit 0, as ripgrep does: no panic
/// and no error message on stderr.
#[test]
fn a_closed_pipe_is_a_quiet_exit_0() {
    use std::process::Stdio;
    for args in [
        &["list"][..],
        &["solve", "RRWWRRBBRR", "WB", "--explain"][..],
    ] {
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("zuma-judge"))
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // The reader goes before the judge writes its first line.
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        assert_eq!(
            (
                out.status.code(),
                String::from_utf8_lossy(&out.stderr).as_ref()
            ),
            (Some(0), ""),
            "{args:?}"
        );
    }
}

/// `list --format json`: every registered solution with its expected verdict, language and
/// file, under `schema_version`; `list --languages --format json` every language.
#[test]
fn list_as_json() {
    let out = judge().args(["list", "--format", "json"]).output().unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["schema_version"], 1);
    let rows: Vec<(String, String, String, String)> = v["solutions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let f = |k: &str| s[k].as_str().unwrap().to_string();
            (f("name"), f("expected"), f("language"), f("path"))
        })
        .collect();
    let row = |n: &str, e: &str, l: &str, p: &str| (n.into(), e.into(), l.into(), p.into());
    assert!(rows.contains(&row(
        "seed000_bfs",
        "accepted",
        "rust",
        "solutions/accepted/seed000_bfs.rs"
    )));
    assert!(rows.contains(&row(
        "seed003_adjacent_memo_py",
        "wrong_answer",
        "python3",
        "solutions/wrong_answer/seed003_adjacent_memo_py.py"
    )));
    assert_eq!(rows.len(), 9);
    let out = judge()
        .args(["list", "--languages", "--format", "json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let ids: Vec<&str> = v["languages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        ids,
        [
            "c",
            "cpp",
            "csharp",
            "go",
            "java",
            "javascript",
            "kotlin",
            "php",
            "python3",
            "ruby",
            "rust",
            "typescript"
        ]
    );
}
