//! `zuma-judge fuzz`, the regression files it writes, and `run`'s `--metamorphic`,
//! `--kill-matrix` and best-minimiser behaviour.

use crate::common::judge;

// fuzz seed 1 finds the one-pass clean-up's bug on instance 3; greedy shrinking stops at 15
// balls and the sweep below it finds RRYR + YY.
#[test]
fn finds_records_once_and_run_rejudges() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "fuzz",
        "--solution",
        "no_chain_reaction",
        "--seed",
        "1",
        "--count",
        "100",
        "--regressions",
    ];
    let out = judge().args(args).arg(dir.path()).assert().code(1);
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(stdout.contains("failure on instance 3 (reproduce: zuma-judge fuzz --solution no_chain_reaction --seed 4 --count 1)"), "{stdout}");
    assert!(stdout.contains("greedy shrinking to 15 balls (144 candidates tried), then to 6 balls by sweeping the smaller sizes:\n    board RRYR hand YY: oracle 2, got -1 (false -1)"), "{stdout}");
    // the witness drawn as every command draws one, under the gap legend
    assert!(
        stdout.contains(
            "    oracle's witness (Y@2 Y@2):\n\
             \x20     gap i inserts before board[i] (LeetCode's insertion index; gap n, the board's length, is the right end); [X] is the inserted ball\n\
             \x20     start          R R Y R      hand YY\n\
             \x20     1. Y at gap 2  R R[Y]Y R    hand Y\n\
             \x20     2. Y at gap 2  R R[Y]Y Y R  hand -\n\
             \x20       remove YYY   R R R\n\
             \x20       remove RRR   (empty)\nexit 1\n"
        ),
        "{stdout}"
    );
    let file = dir.path().join("no_chain_reaction.toml");
    let text = std::fs::read_to_string(&file).unwrap();
    let body = text.split_once("\n\n").unwrap().1;
    let date = regex_free_date(body);
    assert_eq!(
        body,
        format!("[[case]]\nname = \"RRYR-YY\"\nboard = \"RRYR\"\nhand = \"YY\"\nexpected = 2\nnote = \"zuma-judge fuzz --seed 4 --count 1, minimised, {date}: no_chain_reaction answered -1, the oracle 2\"\ntags = [\"regression\"]\n")
    );
    // the same seed again: already recorded, the file is unchanged
    judge()
        .args(args)
        .arg(dir.path())
        .assert()
        .code(1)
        .stderr(predicates::str::contains("already recorded as"));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), text);
    run_judges_the_recorded_case(&file);
}

/// `run` judges a recorded regression case: the solution stays wrong_answer as expected, and
/// the recorded case is the smallest failing input, so it is the one reported as minimised.
fn run_judges_the_recorded_case(file: &std::path::Path) {
    let out = judge()
        .args([
            "run",
            "--format",
            "json",
            "--solution",
            "no_chain_reaction",
            "--cases",
        ])
        .arg(file)
        // After the recorded file: the shipped regression file holds the same input, and the
        // first copy of an input is the one judged.
        .args(["--cases", "cases"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let r: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let s = &r["solutions"][0];
    let case = s["cases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["case"] == "no_chain_reaction.toml#RRYR-YY")
        .unwrap();
    assert_eq!(
        (
            case["oracle"].as_i64(),
            case["got"].as_i64(),
            case["verdict"].as_str()
        ),
        (Some(2), Some(-1), Some("WA"))
    );
    assert_eq!(
        (
            s["minimised"]["board"].as_str(),
            s["minimised"]["hand"].as_str()
        ),
        (Some("RRYR"), Some("YY"))
    );
}

/// The `YYYY-MM-DD` in a regression note.
fn regex_free_date(body: &str) -> String {
    let at = body.find("minimised, ").unwrap() + "minimised, ".len();
    body[at..at + 10].to_string()
}

#[test]
fn accepted_solution_writes_nothing_and_reports_the_histogram() {
    let dir = tempfile::tempdir().unwrap();
    let out = judge()
        .args([
            "fuzz",
            "--solution",
            "seed000_bfs",
            "--seed",
            "7",
            "--count",
            "300",
            "--format",
            "json",
            "--regressions",
        ])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let r: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(r["failure"], serde_json::Value::Null);
    assert_eq!(r["generated"], 300);
    assert_eq!(
        r["histogram"],
        serde_json::json!({"-1": 64, "1": 48, "2": 68, "3": 63, "4": 30, "5": 27})
    );
    assert!(std::fs::read_dir(dir.path()).unwrap().next().is_none());
}

#[test]
#[ignore = "slow (80 s here: kill matrix); .ci/run runs it"]
fn run_metamorphic_and_kill_matrix() {
    let out = judge()
        .args(["run", "--metamorphic", "--kill-matrix"])
        .assert()
        .code(0);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(text.contains("  greedy_complete_runs: disagrees with itself on 4 cases; first hard.toml#hunted-five-b: GGRRGGBGGRRBBRBG + GGBRB gives -1 but GBRBBRRGGBGGRRGG + GGBRB gives 5 (breaks board reversal)"), "{text}");
    assert!(
        text.contains("  seed000_bfs: consistent on every case"),
        "{text}"
    );
    assert!(
        text.contains("Kill matrix: which cases kill which known-wrong solutions (x = judged and not AC; a skipped case kills nothing)\n"),
        "{text}"
    );
    assert!(
        text.contains("Smallest killing set (exact set cover): 5 of"),
        "{text}"
    );
    let out = judge()
        .args(["run", "--kill-matrix", "--format", "json"])
        .output()
        .unwrap();
    let r: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(r["kill_matrix"]["exact"], true);
    // Five cases kill the seven known-wrong solutions and the twelve ideas of the catalogue.
    assert_eq!(
        r["kill_matrix"]["cover"],
        serde_json::json!([
            "hard.toml#jury-timeout",
            "hard.toml#five-with-split",
            "regressions/greedy_complete_runs.toml#RYR-RRYY",
            "regressions/run_completion_dfs.toml#RRYRRYRR-YYYY",
            "seeds.toml#example-3"
        ])
    );
    let columns = r["kill_matrix"]["solutions"].as_array().unwrap();
    assert_eq!(columns.len(), 19);
    assert_eq!(columns[7], "idea:adjacent_only");
    assert_eq!(columns[18], "idea:state_between_calls");
    assert_eq!(r["kill_matrix"]["survivors"], serde_json::json!([]));
    // A case skipped after a TLE streak was never judged: it kills nothing.
    let km = &r["kill_matrix"];
    let mut skipped = 0;
    for (j, name) in km["solutions"].as_array().unwrap().iter().enumerate() {
        if name.as_str().unwrap().starts_with("idea:") {
            continue;
        }
        let sol = r["solutions"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["name"] == *name)
            .unwrap();
        for (row, case) in km["rows"]
            .as_array()
            .unwrap()
            .iter()
            .zip(sol["cases"].as_array().unwrap())
        {
            let verdict = case["verdict"].as_str().unwrap();
            skipped += usize::from(verdict == "SKIP");
            assert_eq!(
                row["kills"][j],
                verdict != "AC" && verdict != "SKIP",
                "{name} {row}"
            );
        }
    }
    assert!(
        skipped > 0,
        "the shipped run skips cases of brute_force_no_memo"
    );
    let out = judge()
        .args([
            "run",
            "--metamorphic",
            "--format",
            "json",
            "--solution",
            "greedy_complete_runs",
        ])
        .output()
        .unwrap();
    let r: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        r["metamorphic"][0]["inconsistent"][0],
        serde_json::json!({
            "case": "hard.toml#hunted-five-b", "board": "GGRRGGBGGRRBBRBG", "hand": "GGBRB",
            "got": -1, "variant_board": "GBRBBRRGGBGGRRGG", "variant_hand": "GGBRB",
            "variant_got": 5, "laws": ["reversal"]
        })
    );
}

/// `fuzz --submission`: a submission folder of one file is fuzzed as `grade` builds it, named
/// by the folder; its reproduce line gives the path back.
#[test]
fn a_submission_folder_of_one_file_is_fuzzed() {
    let out = judge()
        .args(["fuzz", "--no-record", "--seed", "1", "--count", "5"])
        .args(["--submission", "tests/fixtures/grade/submissions/bob"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("zuma-judge fuzz bob (expected -): seed 1, 1 instance in "),
        "{text}"
    );
    assert!(text.contains("(reproduce: zuma-judge fuzz --submission tests/fixtures/grade/submissions/bob --seed 1 --count 1):"), "{text}");
    assert!(
        text.contains("  minimised: greedy shrinking to 2 balls"),
        "{text}"
    );
}
