//! The diagnosis: each failing submission's report names the known wrong idea its answers
//! follow, or says that none fits; `zuma-judge ideas` lists the catalogue.

use crate::common::judge;

/// Each submission's diagnosis in one line: `name idea [also] input got oracle [fresh]`, or
/// `name none`.
fn diagnoses(report: &serde_json::Value) -> Vec<String> {
    report["solutions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let name = s["name"].as_str().unwrap().rsplit('/').next().unwrap();
            let d = &s["diagnosis"];
            if d.is_null() {
                return format!("{name} none");
            }
            let i = &d["input"];
            let also = d["also"]["idea"]
                .as_str()
                .map_or(String::new(), |a| format!(" (also {a})"));
            let fresh = d["fresh"]["fresh"]
                .as_i64()
                .map_or(String::new(), |f| format!(", fresh {f}"));
            format!(
                "{name} {}{also}: {}+{} gives {}, truth {}{fresh}",
                d["idea"].as_str().unwrap(),
                i["board"].as_str().unwrap(),
                i["hand"].as_str().unwrap(),
                i["got"],
                i["oracle"]
            )
        })
        .collect()
}

/// Submissions written for these tests (none is the catalogue's code: other languages, other
/// search orders, memo instead of levels), each labelled with its idea in its first line, and
/// two that follow none: answers from a hash, and a correct search off by one on odd boards.
#[test]
#[ignore = "slow (about 50 s here: 13 submissions in 3 languages); .ci/run runs it"]
fn pasted_submissions_are_diagnosed_with_their_idea() {
    let out = judge()
        .args([
            "grade",
            "tests/fixtures/diagnosis",
            "--cases",
            "cases/statement.toml",
            "--cases",
            "cases/seeds.toml",
            "--cases",
            "cases/regressions",
            "--cases",
            "tests/data/diagnosis",
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        diagnoses(&report),
        [
            "adjacent_only_bfs.cpp adjacent_only (also complete_runs_only): RRYRRYRR+YYYY gives -1, truth 4",
            "board_colours_bfs.js board_colours_only: RYGGYYRRYYGGYR+BBBGG gives -1, truth 5",
            "hand_in_order_dfs.js hand_in_order: RRY+RRYY gives 4, truth 3",
            "kept_best.py state_between_calls: R+R gives 2, truth -1, fresh -1",
            "memo_on_board.py memo_ignores_hand: RRYR+YYYY gives -1, truth 2",
            "no_chain_reaction_memo.py no_chain_reaction: RRYR+YY gives -1, truth 2",
            "no_end_gap_inner.cpp no_end_gap: R+RR gives -1, truth 2",
            "off_by_one_in_places.py none",
            "off_by_one_levels.py off_by_one: R+RR gives 3, truth 2",
            "random_answers.py none",
            "removes_four_plus_bfs.cpp removes_four_plus: R+RR gives -1, truth 2",
            "run_completion.py adjacent_only (also complete_runs_only): RRYRRYRR+YYYY gives -1, truth 4",
            "single_pass_back_one.py single_pass_chain: RRYR+YY gives -1, truth 2",
        ]
    );
    // The CSV gradebook's last column says the same.
    let out = judge()
        .args([
            "grade",
            "tests/fixtures/diagnosis/random_answers.py",
            "tests/fixtures/diagnosis/hand_in_order_dfs.js",
            "--cases",
            "cases/statement.toml",
            "--format",
            "csv",
        ])
        .output()
        .unwrap();
    let csv = String::from_utf8(out.stdout).unwrap();
    let last: Vec<&str> = csv.lines().map(|l| l.rsplit(',').next().unwrap()).collect();
    assert_eq!(last, ["diagnosis", "none", "hand_in_order"], "{csv}");
}

/// Every wrong solution shipped in `solutions/wrong_answer/` is diagnosed with its idea.
#[test]
#[ignore = "slow (about 40 s here: the shipped wrong solutions on the whole suite); .ci/run runs it"]
fn shipped_wrong_solutions_are_diagnosed() {
    let mut args = vec!["run", "--format", "json"];
    for s in [
        "greedy_complete_runs",
        "no_chain_reaction",
        "run_completion_dfs",
        "seed003_adjacent_memo",
        "seed003_adjacent_memo_py",
    ] {
        args.extend(["--solution", s]);
    }
    let out = judge().args(&args).output().unwrap();
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        diagnoses(&report),
        [
            "greedy_complete_runs greedy_cheapest_run: RYR+RRYY gives -1, truth 3",
            "no_chain_reaction no_chain_reaction: RRYR+YY gives -1, truth 2",
            "run_completion_dfs adjacent_only (also complete_runs_only): RRYRRYRR+YYYY gives -1, truth 4",
            "seed003_adjacent_memo adjacent_only (also complete_runs_only): RRYRRYRR+YYYY gives -1, truth 4",
            "seed003_adjacent_memo_py adjacent_only (also complete_runs_only): RRYRRYRR+YYYY gives -1, truth 4",
        ]
    );
}

#[test]
fn ideas_lists_the_catalogue_with_computed_counterexamples() {
    let out = judge().args(["ideas", "--format", "json"]).assert().code(0);
    let r: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    let rows: Vec<String> = r["ideas"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            let c = &i["counterexample"];
            format!(
                "{} {}+{} {} {} {}",
                i["id"].as_str().unwrap(),
                c["board"].as_str().unwrap(),
                c["hand"].as_str().unwrap(),
                c["oracle"],
                c["idea"],
                c["found_in"].as_str().unwrap()
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            "adjacent_only RRYRRYRR+YYYY 4 -1 cases",
            "complete_runs_only RRYRRYRR+YYYY 4 -1 cases",
            "greedy_cheapest_run RYR+RRYY 3 -1 sweep",
            "no_chain_reaction RRYR+YY 2 -1 sweep",
            "single_pass_chain RRYR+YY 2 -1 sweep",
            "board_colours_only RYGGYYRRYYGGYR+BBBGG 5 -1 cases",
            "hand_in_order RRY+RRYY 3 4 sweep",
            "no_end_gap R+RR 2 -1 sweep",
            "memo_ignores_hand RRYR+YYYY 2 -1 sweep",
            "off_by_one R+RR 2 3 sweep",
            "removes_four_plus R+RR 2 -1 sweep",
            "state_between_calls R+R -1 2 sweep",
        ]
    );
    assert_eq!(
        r["ideas"][11]["counterexample"]["after"],
        serde_json::json!(["R", "RR"])
    );
    assert_eq!(r["ideas"][11]["habit"], true);
}
