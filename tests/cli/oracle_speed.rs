//! `solve --engine`, `solve --explain` on -1, `selfcheck` and `bench` (issue 4).

use crate::common::judge;

#[test]
fn explain_says_how_a_minus_one_was_proven() {
    // LeetCode's jury timed out on this one (Nov 2021).
    let out = judge()
        .args(["solve", "RRGGBBYYWWRRGGBB", "RGBYW", "--explain"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[..4],
        [
            "-1",
            "RRGGBBYYWWRRGGBB + RGBYW: -1",
            "gap i inserts before board[i] (LeetCode's insertion index; gap n, the board's length, is the right end); [X] is the inserted ball",
            "no sequence of up to 5 moves empties the board: proven before any search, since the lower bound at the start is 6 moves",
        ]
    );
}

#[test]
fn explain_counts_the_states_of_an_exhausted_search() {
    let out = judge()
        .args(["solve", "RRYYBBYYRRBBRRYY", "RYRYB", "--explain"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    // after the answer, the headline and the gap legend
    let line = text.lines().nth(3).unwrap();
    assert!(
        line.starts_with("no sequence of up to 5 moves empties the board: budgets 3..=5 moves searched exhaustively (start bound 3); "),
        "{text}"
    );
    assert!(line.contains(" states explored ("), "{text}");
}

#[test]
fn every_engine_answers() {
    for engine in ["oracle", "reference", "seed000"] {
        judge()
            .args(["solve", "RRWWRRBBRR", "WB", "--engine", engine])
            .assert()
            .code(0)
            .stdout("2\n");
    }
}

#[test]
fn selfcheck_small_bound() {
    let out = judge()
        .args(["selfcheck", "--max-board", "4", "--max-hand", "3"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[..4],
        [
            "selfcheck: boards of 1..=4 balls, hands of 1..=3 balls",
            "570 classes (40150 instances): 33 against the reference BFS, 537 by the colour fact (-1)",
            "6840 metamorphic-law variants (reverse, rename, hand order, one more ball)",
            "answers (classes): -1: 541, 1: 7, 2: 19, 3: 3",
        ]
    );
    assert!(lines[5].starts_with("0 disagreements in "), "{text}");
}

/// A case file that cannot be used is said (with the warnings) and exits 2; the files that
/// loaded are still timed, as `run` judges them.
#[test]
fn bench_times_the_files_that_load_and_says_what_did_not() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("a.toml"),
        "[[case]]\nname = \"r\"\nboard = \"RR\"\nhand = \"R\"\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("empty.toml"), "# nothing yet\n").unwrap();
    std::os::unix::fs::symlink("gone.toml", dir.path().join("broken.toml")).unwrap();
    let out = judge()
        .current_dir(dir.path())
        .args(["bench", "--cases", ".", "--format", "json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "error: ./broken.toml: broken symlink: gone.toml does not exist\n\
         warning: ./empty.toml: empty: no [[case]] in this file, so nothing in it is judged\n"
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let rows: Vec<(&str, &serde_json::Value)> = v["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["case"].as_str().unwrap(), &r["answers"]))
        .collect();
    assert_eq!(rows, [("a.toml#r", &serde_json::json!([1, 1, 1]))]);
}

#[test]
fn bench_in_process_agrees() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("two.toml");
    std::fs::write(
        &file,
        "[[case]]\nname = \"split-pair\"\nboard = \"RRWWRRBBRR\"\nhand = \"WB\"\nexpected = 2\n\n[[case]]\nname = \"example-1\"\nboard = \"WRRBBW\"\nhand = \"RB\"\nexpected = -1\n",
    )
    .unwrap();
    let out = judge()
        .args([
            "bench",
            "--cases",
            file.to_str().unwrap(),
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let answers: Vec<_> = v["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["answers"].clone())
        .collect();
    assert_eq!(
        answers,
        [
            serde_json::json!([2, 2, 2]),
            serde_json::json!([-1, -1, -1])
        ]
    );
    assert_eq!(v["disagreements"], serde_json::json!([]));
    assert_eq!(v["mode"], "in_process");
    assert_eq!(
        v["engines"],
        serde_json::json!(["oracle", "reference", "seed000"])
    );
}

#[test]
fn bench_whole_processes() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("one.toml");
    std::fs::write(
        &file,
        "[[case]]\nname = \"split-pair\"\nboard = \"RRWWRRBBRR\"\nhand = \"WB\"\n",
    )
    .unwrap();
    let out = judge()
        .args(["bench", "--process", "--cases", file.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("RRWWRRBBRR + WB"), "{text}");
    assert!(
        text.contains("whole `zuma-judge solve --engine E` processes"),
        "{text}"
    );
    assert!(
        text.ends_with("all engines agree on every case\n"),
        "{text}"
    );
}
