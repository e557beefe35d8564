//! `zuma-judge editorial`: the two seed editorials (copied into tests/fixtures/editorials, as a
//! clone has no ../shared) and the shape fixtures, end to end: claims, code verdicts, exit
//! codes, the Markdown review and the saved case file that `audit` and `run` accept.

use serde_json::Value;

use crate::common::judge;

const DIR: &str = "tests/fixtures/editorials";

/// Runs `editorial` with `args` and parses its JSON report; returns the exit code too.
fn review(args: &[&str]) -> (i32, Value) {
    let out = judge()
        .arg("editorial")
        .args(args)
        .args(["--format", "json"])
        .output()
        .unwrap();
    let json: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: {}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (out.status.code().unwrap(), json)
}

/// `line kind claimed oracle holds valid` for every claim that does not hold.
fn refuted(j: &Value) -> Vec<String> {
    j["claims"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["holds"] == false)
        .map(|c| {
            format!(
                "{} {} {} + {} claimed {} oracle {} valid {}",
                c["line"],
                c["kind"].as_str().unwrap(),
                c["board"].as_str().unwrap(),
                c["hand"].as_str().unwrap_or("-"),
                c["claimed"],
                c["oracle"],
                c["valid"]
            )
        })
        .collect()
}

/// `line language verdict board+hand` for every code block.
fn code(j: &Value) -> Vec<String> {
    j["code"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            let cx = &c["counterexample"];
            let cx = if cx.is_null() {
                "-".to_string()
            } else {
                format!(
                    "{} + {} oracle {} got {}",
                    cx["board"].as_str().unwrap(),
                    cx["hand"].as_str().unwrap(),
                    cx["oracle"],
                    cx["got"]
                )
            };
            format!(
                "{} {} {} {cx}",
                c["line"],
                c["language"].as_str().unwrap_or("-"),
                c["verdict"].as_str().unwrap()
            )
        })
        .collect()
}

// Seed 003: the test list's R + R = 2 is refuted, BBB + R is an invalid input (three in a
// row), and both code blocks fail first on RRYRRYRR + YYYY, which needs the 8/4 sweep.
#[test]
#[ignore = "slow (31 s here: sweeps to board 8); .ci/run runs it"]
fn seed_003_refuted_claims_invalid_input_and_wrong_code() {
    // A budget no load reaches: the test asserts the sweep's smallest counterexample.
    let (exit, j) = review(&[&format!("{DIR}/seed003.txt"), "--code-budget", "3600"]);
    assert_eq!(exit, 1);
    assert_eq!(j["schema_version"], 1);
    assert_eq!(
        refuted(&j),
        [
            "505 answer R + R claimed 2 oracle -1 valid true",
            "514 answer BBB + R claimed 0 oracle null valid false",
        ]
    );
    let bbb = &j["claims"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["line"] == 514)
        .unwrap()["reason"];
    assert_eq!(
        bbb,
        "invalid input: three in a row: 'BBB' at board positions 0..2 (the starting board may not hold a run of three or more)"
    );
    assert_eq!(
        code(&j),
        [
            "142 python3 wrong_answer RRYRRYRR + YYYY oracle 4 got -1",
            "240 go wrong_answer RRYRRYRR + YYYY oracle 4 got -1",
        ]
    );
    let s = &j["summary"];
    assert_eq!(
        (&s["claims"], &s["hold"], &s["refuted"], &s["invalid"]),
        (
            &Value::from(29),
            &Value::from(27),
            &Value::from(2),
            &Value::from(1)
        )
    );
    // Line 523, a row of its test list: `"WRRBBW", "RB" Verifies impossible outcome` states
    // the answer -1, which holds.
    assert!(
        j["claims"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["line"] == 523 && c["claimed"] == -1 && c["holds"] == true),
        "{j:#}"
    );
    assert_eq!(j["code"][0]["swept"]["classes"], 125254);
}

// Seed 000: every example holds, the move sequence `WWRR[R]BBWW`, `WWBB[B]WW` replays to an
// optimal 2, the pitfall's board is listed with the oracle's 2, and both reference solutions
// are AC (swept to board 6, hand 4 here to keep the test short; GUIDE.md shows 8/4).
#[test]
fn seed_000_holds_and_its_code_is_accepted() {
    let (exit, j) = review(&[
        &format!("{DIR}/seed000.txt"),
        "--max-board",
        "6",
        "--max-hand",
        "4",
        "--code-budget",
        "3600",
    ]);
    assert_eq!(exit, 0);
    assert!(refuted(&j).is_empty());
    let claims: Vec<String> = j["claims"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            format!(
                "{} {} {}",
                c["line"],
                c["kind"].as_str().unwrap(),
                c["claimed"]
            )
        })
        .collect();
    assert_eq!(
        claims,
        [
            "13 answer -1",
            "19 answer 2",
            "21 moves [\"R@4\",\"B@4\"]",
            "25 answer 2"
        ]
    );
    let m = &j["mentions"][0];
    assert_eq!(
        (&m["line"], &m["board"], &m["hand"], &m["oracle"]),
        (
            &Value::from(58),
            &Value::from("RRWWRRBBRR"),
            &Value::from("WB"),
            &Value::from(2)
        )
    );
    assert_eq!(
        code(&j),
        ["66 python3 accepted -", "114 javascript accepted -"]
    );
}

// Shapes: a JavaScript block that always answers -1 (its smallest counterexample is R + RR),
// a signature skipped, and a Python block whose indentation was lost in saving.
#[test]
fn code_blocks_graded_skipped_or_unrunnable_with_the_reason() {
    let (exit, j) = review(&[&format!("{DIR}/shapes.html"), &format!("{DIR}/shapes.md")]);
    assert_eq!(exit, 1);
    assert_eq!(
        code(&j),
        [
            "17 javascript wrong_answer R + RR oracle 2 got -1",
            "33 python3 skipped -",
            "39 python3 compile_error -",
        ]
    );
    assert_eq!(
        j["code"][2]["message"],
        "IndentationError: expected an indented block after class definition on line 39 (line 40); the indentation was probably lost when the page was saved"
    );
}

// A code block is judged on the editorial's boards as written: its example's hand WB, not the
// sorted BW that the sweep and shrinking use. This block answers 3 for WB alone, so only the
// written hand refutes it; shrinking (sorted hands) finds nothing smaller, and the
// counterexample keeps the hand as written.
#[test]
fn code_is_judged_on_the_hand_as_the_editorial_wrote_it() {
    let file = format!("{DIR}/hand_order.md");
    let (exit, j) = review(&[&file, "--max-board", "3", "--max-hand", "2"]);
    assert_eq!(exit, 1);
    assert_eq!(
        code(&j),
        ["6 python3 wrong_answer RRWWRRBBRR + WB oracle 2 got 3"]
    );
    assert_eq!(j["code"][0]["from_sweep"], false);
    assert_eq!(j["code"][0]["swept"]["classes"], 50);
    assert_eq!(
        j["code"][0]["message"],
        "RRWWRRBBRR + WB: WA: oracle 2, got 3"
    );
}

// --report html=PATH writes the review as a page: the counts, each claim, the witnesses drawn.
#[test]
fn the_review_as_an_html_page() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("review.html");
    let (exit, j) = review(&[&format!("{DIR}/seed003.txt"), "--no-code"]);
    judge()
        .args([
            "editorial",
            &format!("{DIR}/seed003.txt"),
            "--no-code",
            "--report",
        ])
        .arg(format!("html={}", page.display()))
        .assert()
        .code(exit);
    let html = std::fs::read_to_string(&page).unwrap();
    let s = &j["summary"];
    let chips = format!(
        r#"<span class="AC" data-verdict="hold">hold {}</span><span class="WA" data-verdict="refuted">refuted {}</span>"#,
        s["hold"], s["refuted"]
    );
    assert!(html.contains(&chips), "{chips}\n{html}");
    // one line per claim and per code block, each headed by its file:line
    assert_eq!(
        html.matches(r#"<code>tests/fixtures/editorials/seed003.txt:"#)
            .count(),
        j["claims"].as_array().unwrap().len() + j["code"].as_array().unwrap().len()
    );
    assert!(html.contains(r#"<span class="ball "#));
}

// --save writes an ordinary case file: `audit` replays its answers and moves (refuted claims
// are reported, none is strict) and `run` judges a solution on it.
#[test]
fn saved_claims_are_a_case_file_for_audit_and_run() {
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("seed003.toml");
    judge()
        .args([
            "editorial",
            &format!("{DIR}/seed003.txt"),
            "--no-code",
            "--save",
        ])
        .arg(&saved)
        .assert()
        .code(1);
    let text = std::fs::read_to_string(&saved).unwrap();
    assert!(text.contains("[[case]]\nname = \"seed003-line-514\"\nboard = \"BBB\"\nhand = \"R\"\ninvalid = \"three in a row\"\n"), "{text}");
    assert!(text.contains("source = \"tests/fixtures/editorials/seed003.txt:407\"\nmoves = [\"R@1\", \"B@1\"]\nleaves = \"WW\"\n"), "{text}");
    let audit = judge().arg("audit").arg(&saved).output().unwrap();
    assert_eq!(audit.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&audit.stdout),
        "claim refuted: seed003.toml#seed003-line-505: tests/fixtures/editorials/seed003.txt:505 claimed 2; oracle -1\nclaim refuted: seed003.toml#seed003-line-514: tests/fixtures/editorials/seed003.txt:514 claimed 0; input rejected: three in a row: 'BBB' at board positions 0..2 (the starting board may not hold a run of three or more)\n"
    );
    judge()
        .args(["run", "--solution", "seed000_bfs", "--cases"])
        .arg(&saved)
        .assert()
        .code(0);
}

#[test]
fn markdown_review_and_usage_errors() {
    let out = judge()
        .args([
            "editorial",
            &format!("{DIR}/shapes.txt"),
            "--format",
            "markdown",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let md = String::from_utf8_lossy(&out.stdout);
    assert!(
        md.starts_with(
            "## Review of `tests/fixtures/editorials/shapes.txt` (zuma-judge editorial)\n"
        ),
        "{md}"
    );
    assert!(md.contains("- **tests/fixtures/editorials/shapes.txt:13** (transition) `WBBBW -> WB`: **refuted**: the rules give WW (remove BBB).\n"), "{md}");
    assert!(md.contains("- **tests/fixtures/editorials/shapes.txt:31** (answer) `RBYYBBRRB + YRBGB = 4`: **refuted**: the answer is 3; the oracle clears it with Y@2 B@0 B@0.\n"), "{md}");
    judge()
        .args(["editorial", "no/such/editorial.md"])
        .assert()
        .code(2);
    judge()
        .args([
            "editorial",
            &format!("{DIR}/shapes.txt"),
            "--max-board",
            "20",
        ])
        .assert()
        .code(2);
}

// A moves claim in a case file: `audit` replays it with the gap numbering of LeetCode's
// insertion index; an illegal one is refuted with the move that breaks.
#[test]
fn audit_replays_move_claims() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("moves.toml");
    std::fs::write(
        &file,
        "[[case]]\nname = \"example-2\"\nboard = \"WWRRBBWW\"\nhand = \"WRBRW\"\n[[case.claims]]\nsource = \"right\"\nmoves = [\"R@4\", \"B@4\"]\n[[case.claims]]\nsource = \"off the board\"\nmoves = [\"R@4\", \"B@9\"]\nstrict = true\n",
    )
    .unwrap();
    let out = judge().arg("audit").arg(&file).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "claim refuted: moves.toml#example-2: off the board claimed moves R@4 B@9; oracle 2; replayed: R@4 B@9: illegal, move 2 (B@9): gap 9 is off a board of 6 balls (gaps 0..=6) [strict]\n"
    );
}

// A block whose toolchain is missing is not judged, and not counted as graded: seed 003 with
// only python3 on PATH (its Go block then has no `go`). Exit 3 beats 1.
#[test]
fn a_block_without_its_toolchain_is_not_judged_nor_counted_as_graded() {
    let bin = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink("/usr/bin/python3", bin.path().join("python3")).unwrap();
    let out = judge()
        .env("PATH", bin.path())
        .args(["editorial", &format!("{DIR}/seed003.txt")])
        .args(["--max-board", "2", "--max-hand", "1", "--format", "json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let j: Value = serde_json::from_slice(&out.stdout).unwrap();
    let s = &j["summary"];
    assert_eq!(
        (
            &s["graded"],
            &s["accepted"],
            &s["skipped"],
            &s["not_judged"]
        ),
        (
            &Value::from(1),
            &Value::from(0),
            &Value::from(0),
            &Value::from(1)
        )
    );
    assert_eq!(j["code"][1]["verdict"], "not_judged");
}

/// An unread line fails the review; a board mentioned without an answer fails it only under
/// `--strict`; both are listed under "To fix" in the Markdown review.
#[test]
fn unread_lines_and_strict_mentions() {
    let dir = tempfile::tempdir().unwrap();
    let mentioned = dir.path().join("mentioned.md");
    std::fs::write(&mentioned, "Try RGBY + RR on your own.\n").unwrap();
    let unread = dir.path().join("unread.md");
    std::fs::write(&unread, "RRWWRRBBRR and WB make 2 in my runs.\n").unwrap();
    let m = mentioned.to_str().unwrap();
    let u = unread.to_str().unwrap();
    assert_eq!(review(&[m]).0, 0);
    assert_eq!(review(&[m, "--strict"]).0, 1);
    let (exit, j) = review(&[u]);
    assert_eq!(exit, 1);
    assert_eq!(j["summary"]["unread"], 1);
    assert_eq!(j["unread"][0]["line"], 1);
    assert_eq!(
        j["unread"][0]["text"],
        "RRWWRRBBRR and WB make 2 in my runs."
    );
    let out = judge()
        .args(["editorial", m, u, "--strict", "--format", "markdown"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let md = String::from_utf8(out.stdout).unwrap();
    let to_fix = md.split("### To fix\n\n").nth(1).unwrap_or_default();
    let lines: Vec<&str> = to_fix.lines().take_while(|l| l.starts_with("- ")).collect();
    assert_eq!(
        lines,
        [
            format!("- **{u}:1** unread: looks like a claim, but no style the judge reads says which: `RRWWRRBBRR and WB make 2 in my runs.`. Write it as `board + hand = answer` or in a style the README lists."),
            format!("- **{m}:1** `RGBY + RR` is mentioned without an answer (the oracle's: -1)."),
        ]
    );
}

/// A block still passing when its budget ends is reported with what it passed, not left running.
#[test]
fn a_code_budget_ends_a_passing_sweep() {
    let (exit, j) = review(&[&format!("{DIR}/seed000.txt"), "--code-budget", "1"]);
    assert_eq!(exit, 0);
    let python = &j["code"][0];
    assert_eq!(python["verdict"], "accepted");
    let swept = &python["swept"];
    let reached = swept["budget_reached"].as_array().unwrap();
    assert!(swept["classes"].as_u64().unwrap() < 221_409, "{swept:#}");
    assert!(reached[0].as_u64().unwrap() <= 8 && reached[1].as_u64().unwrap() <= 4);
    assert!(swept["ms"].as_f64().unwrap() < 60_000.0, "{swept:#}");
    let out = judge()
        .args([
            "editorial",
            &format!("{DIR}/seed000.txt"),
            "--code-budget",
            "1",
        ])
        .output()
        .unwrap();
    let human = String::from_utf8(out.stdout).unwrap();
    assert!(
        human.contains("python3  accepted: passed every input tried ("),
        "{human}"
    );
    assert!(
        human.contains("the code budget ended the sweep before board 8, hand 4"),
        "{human}"
    );
}
