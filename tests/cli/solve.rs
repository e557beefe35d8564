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
    // the hand as written, WRBRW, less each ball spent (never re-sorted to RRBWW)
    assert_eq!(
        lines[..9],
        [
            "2",
            "WWRRBBWW + WRBRW: 2 moves",
            "gap i inserts before board[i] (LeetCode's insertion index; gap n, the board's length, is the right end); [X] is the inserted ball",
            "start          W W R R B B W W    hand WRBRW",
            "1. R at gap 2  W W[R]R R B B W W  hand WBRW",
            "  remove RRR   W W B B W W",
            "2. B at gap 2  W W[B]B B W W      hand WRW",
            "  remove BBB   W W W W",
            "  remove WWWW  (empty)",
        ]
    );
}

// split pair: RRWWRRBBRR + WB. The hand stays WB (its multiset reads BW). Pins the oracle's
// current witness (B@1 W@3); another optimal witness would change the rows, not the point.
#[test]
fn solve_explain_shows_the_hand_as_written() {
    let out = judge()
        .args(["solve", "RRWWRRBBRR", "WB", "--explain"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[..10],
        [
            "2",
            "RRWWRRBBRR + WB: 2 moves",
            "gap i inserts before board[i] (LeetCode's insertion index; gap n, the board's length, is the right end); [X] is the inserted ball",
            "start          R R W W R R B B R R      hand WB",
            "1. B at gap 1  R[B]R W W R R B B R R    hand W",
            "2. W at gap 3  R B R[W]W W R R B B R R  hand -",
            "  remove WWW   R B R R R B B R R",
            "  remove RRR   R B B B R R",
            "  remove BBB   R R R",
            "  remove RRR   (empty)",
        ]
    );
    assert_eq!(lines.len(), 11);
    assert!(lines[10].starts_with("3 states explored"), "{text}");
}

// one ball, one move: singular nouns ("1 move", "1 state", "1 one-move check")
#[test]
fn solve_explain_one_move() {
    judge()
        .args(["solve", "RR", "R", "--explain"])
        .assert()
        .code(0)
        .stdout(
            "1\n\
             RR + R: 1 move\n\
             gap i inserts before board[i] (LeetCode's insertion index; gap n, the board's length, is the right end); [X] is the inserted ball\n\
             start          R R      hand R\n\
             1. R at gap 0  [R]R R   hand -\n  \
               remove RRR   (empty)\n\
             1 state explored (0 expanded, 1 one-move check, 0 successors played); cut: 0 by the colour-count bound, 0 by the partition bound, 0 by the memo\n",
        );
}

// split pair again, for pasting: the headline, the legend, the witness as a Markdown table
#[test]
fn solve_explain_markdown() {
    judge()
        .args(["solve", "RRWWRRBBRR", "WB", "--explain", "--format", "markdown"])
        .assert()
        .code(0)
        .stdout(
            "`RRWWRRBBRR` + `WB`: 2 moves\n\
             \n\
             gap i inserts before board[i] (LeetCode's insertion index; gap n, the board's length, is the right end); [X] is the inserted ball\n\
             \n\
             | move | board | hand |\n\
             |---|---|---|\n\
             | start | `R R W W R R B B R R` | `WB` |\n\
             | 1. B at gap 1 | `R[B]R W W R R B B R R` | `W` |\n\
             | 2. W at gap 3 | `R B R[W]W W R R B B R R` | `-` |\n\
             | remove WWW | `R B R R R B B R R` | |\n\
             | remove RRR | `R B B B R R` | |\n\
             | remove BBB | `R R R` | |\n\
             | remove RRR | `(empty)` | |\n",
        );
}

// a -1 in Markdown: how it was proven and the best partial line, as paragraphs, then the table
#[test]
fn solve_markdown_minus_one() {
    judge()
        .args(["solve", "WWBBWBBWW", "BB", "--format", "markdown"])
        .assert()
        .code(0)
        .stdout(predicates::str::starts_with(
            "`WWBBWBBWW` + `BB`: -1\n\
             \n\
             gap i inserts before board[i] (LeetCode's insertion index; gap n, the board's length, is the right end); [X] is the inserted ball\n\
             \n\
             no sequence of up to 2 moves empties the board: ",
        ))
        .stdout(predicates::str::ends_with(
            "best partial line: 2 balls left after 2 moves (14 states explored, all of them)\n\
             \n\
             | move | board | hand |\n\
             |---|---|---|\n\
             | start | `W W B B W B B W W` | `BB` |\n\
             | 1. B at gap 0 | `[B]W W B B W B B W W` | `B` |\n\
             | 2. B at gap 3 | `B W W[B]B B W B B W W` | `-` |\n\
             | remove BBB | `B W W W B B W W` | |\n\
             | remove WWW | `B B B W W` | |\n\
             | remove BBB | `W W` | |\n",
        ));
}

// each subcommand's --format help lists only what it accepts
#[test]
fn format_help_lists_only_what_the_command_accepts() {
    let values = |cmd: &str| {
        let out = judge().args([cmd, "--help"]).output().unwrap();
        let help = String::from_utf8(out.stdout).unwrap();
        let (_, rest) = help.split_once("--format <FORMAT>").unwrap();
        let section = rest.split("[default").next().unwrap();
        section
            .lines()
            .filter_map(|l| l.trim().strip_prefix("- "))
            .map(|l| l.split(':').next().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(values("solve"), ["human", "json", "markdown"]);
    for cmd in ["selfcheck", "bench", "list", "audit", "exhaust", "fuzz"] {
        assert_eq!(values(cmd), ["human", "json"], "{cmd}");
    }
    // gradescope is grade's only: run lists it and refuses it (tests/cli/gradescope.rs)
    let seven = [
        "human",
        "json",
        "junit",
        "markdown",
        "csv",
        "html",
        "gradescope",
    ];
    assert_eq!(values("run"), seven);
    assert_eq!(values("grade"), seven);
    // merge takes exhaust shards (human, json) and grade shards (grade's formats)
    assert_eq!(values("merge"), seven);
    assert_eq!(values("editorial"), ["human", "markdown", "json", "html"]);
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
    let unknown =
        "t.toml line 5, column 1: case 'typo': unknown field `expcted`, expected one of `name`, \
                   `board`, `hand`, `expected`, `invalid`, `note`, `tags`, `claims`, `points`, \
                   `visibility`; \
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
        serde_json::json!({"files": 1, "unreadable": 0, "audited": 1, "errors": 1, "corrections": 1, "written": 0, "refuted": 1, "strict": 1})
    );
    assert_eq!(v["files"][0]["errors"], serde_json::json!([unknown]));
    assert_eq!(
        v["files"][0]["refuted_claims"],
        serde_json::json!([{"claim": "t.toml#strict: editorial claimed 3; oracle 2", "strict": true}])
    );
    assert_eq!(v["exit_code"], 2);
}

/// A path that gives no case file (a broken symlink, a missing file, a symlink loop) is an
/// error named for what it is, counted apart from the files audited, in the summary line and
/// in JSON.
#[test]
fn audit_counts_a_path_it_cannot_read_apart_from_the_files() {
    let dir = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink("gone.toml", dir.path().join("broken.toml")).unwrap();
    std::os::unix::fs::symlink("loop.toml", dir.path().join("loop.toml")).unwrap();
    let out = judge()
        .current_dir(dir.path())
        .args(["audit", "broken.toml", "missing.toml", "loop.toml"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "broken.toml: broken symlink: gone.toml does not exist\n\
         missing.toml: no such file or folder; give a case file or a folder of them\n\
         loop.toml: cannot read: Too many levels of symbolic links (os error 40)\n\
         audited 0 files (and 3 paths that could not be audited): 3 errors, 0 corrections \
         proposed (run with --fix to write them), 0 claims refuted\n"
    );
    let out = judge()
        .current_dir(dir.path())
        .args(["audit", "broken.toml", "--format", "json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (&v["summary"]["files"], &v["summary"]["unreadable"]),
        (&serde_json::json!(0), &serde_json::json!(1))
    );
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

/// The judge started in the checkout with `args`, its standard output and error piped.
fn spawn_piped(args: &[&str]) -> std::process::Child {
    use std::process::Stdio;
    std::process::Command::new(assert_cmd::cargo::cargo_bin("zuma-judge"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// A reader that goes away ends the command quietly with exit 0, as ripgrep does: no panic
/// and no error message on stderr.
#[test]
fn a_closed_pipe_is_a_quiet_exit_0() {
    for args in [
        &["list"][..],
        &["solve", "RRWWRRBBRR", "WB", "--explain"][..],
    ] {
        let mut child = spawn_piped(args);
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

/// A reader of standard error that goes away loses the message, not the exit code: a CI gate
/// that pipes only standard error (`2>&1 >report.json | head -1`) still sees 2 for bad input.
#[test]
fn a_closed_stderr_keeps_the_exit_code() {
    let mut child = spawn_piped(&["solve", "RRXX", "WB"]);
    drop(child.stderr.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        (out.status.code(), out.stdout.as_slice()),
        (Some(2), &b""[..])
    );
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
    assert!(
        out.stdout.starts_with(b"{\n  \"schema_version\": 1,\n"),
        "schema_version comes first"
    );
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
            "elixir",
            "erlang",
            "go",
            "java",
            "javascript",
            "kotlin",
            "php",
            "python3",
            "racket",
            "ruby",
            "rust",
            "scala",
            "typescript",
            "dart",
            "python2",
            "swift"
        ]
    );
}

/// A board and hand two cases hold is a warning at the later copy, naming the first (in its
/// file or an earlier one): the audit's exit is unchanged.
#[test]
fn audit_warns_about_each_duplicate_input() {
    let dir = tempfile::tempdir().unwrap();
    let case = |name: &str, hand: &str, more: &str| {
        format!("[[case]]\nname = \"{name}\"\nboard = \"RRWWRRBBRR\"\nhand = \"{hand}\"\n{more}")
    };
    fs::create_dir(dir.path().join("cases")).unwrap();
    let a = [
        case("one", "WB", ""),
        case("other-order", "BW", ""),
        case("again", "WB", ""),
    ];
    fs::write(dir.path().join("cases/a.toml"), a.concat()).unwrap();
    let b = case("copy", "WB", "points = 2\nvisibility = \"hidden\"\n");
    fs::write(dir.path().join("cases/b.toml"), b).unwrap();
    let out = judge()
        .current_dir(dir.path())
        .args(["audit", "cases"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "warning: cases/a.toml line 10: a.toml#again has the same board and hand as a.toml#one \
         (cases/a.toml line 2): judged and scored once, as a.toml#one\n\
         warning: cases/b.toml line 2: b.toml#copy has the same board and hand as a.toml#one \
         (cases/a.toml line 2): judged and scored once, as a.toml#one; its points = 2 do not \
         count, the first copy's 1 do; its visibility hidden differs from the first copy's \
         visible: the most restrictive, hidden, applies\n\
         audited 2 files: 0 errors, 0 corrections proposed (run with --fix to write them), 0 \
         claims refuted\n"
    );
}
