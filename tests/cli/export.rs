//! `zuma-judge export kattis|domjudge` and `zuma-judge hack`: the packages of the shipped suite,
//! file by file; the DOMjudge zip against DOMjudge's documented layout; the round trip through
//! `run --cases DIR/data`; a hack's preview and `--apply`.

use std::collections::BTreeMap;
use std::io::Read as _;
use std::path::Path;

use serde_json::Value;

use crate::common::judge;

/// Every file under `dir`, relative, sorted.
fn files_under(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            e.path()
                .strip_prefix(dir)
                .unwrap()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    v.sort();
    v
}

/// `export kattis` of the shipped suite into a fresh folder: the folder's owner and the
/// package's path.
fn exported() -> (tempfile::TempDir, std::path::PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("zuma");
    judge()
        .args(["export", "kattis"])
        .arg(&dir)
        .assert()
        .success();
    (tmp, dir)
}

/// The data files of the shipped suite's package, as `export` names them.
const DATA: [&str; 25] = [
    "sample/001-seeds-example-3",
    "sample/002-seeds-example-1",
    "sample/003-seeds-example-2",
    "sample/004-hard-old-example-4",
    "secret/001-seeds-r-plus-r",
    "secret/002-seeds-w-plus-wrg",
    "secret/003-regressions-no_chain_reaction-RRYR-YY",
    "secret/004-regressions-greedy_complete_runs-RYR-RRYY",
    "secret/005-seeds-no-triples",
    "secret/006-reports-rrwwrrw",
    "secret/007-seeds-one-per-colour",
    "secret/008-hard-split-blues",
    "secret/009-regressions-run_completion_dfs-RRWWRRBRR-BBW",
    "secret/010-regressions-run_completion_dfs-RRYRRYRR-YYYY",
    "secret/011-reports-reference-missed",
    "secret/012-reports-split-pair",
    "secret/013-hard-five-with-split",
    "secret/014-hard-hunted-five-a",
    "secret/015-hard-hunted-five-b",
    "secret/016-hard-hunted-five-c",
    "secret/017-hard-hunted-four",
    "secret/018-hard-hunted-minus-one-a",
    "secret/019-hard-hunted-minus-one-b",
    "secret/020-hard-hunted-minus-one-c",
    "secret/021-hard-jury-timeout",
];

/// The submissions of the shipped `solutions/`, by folder.
const SUBMISSIONS: [&str; 9] = [
    "submissions/accepted/seed000_bfs.rs",
    "submissions/accepted/seed000_bfs_js.js",
    "submissions/run_time_error/fixed_rows_bfs.rs",
    "submissions/time_limit_exceeded/brute_force_no_memo.rs",
    "submissions/wrong_answer/greedy_complete_runs.rs",
    "submissions/wrong_answer/no_chain_reaction.rs",
    "submissions/wrong_answer/run_completion_dfs.rs",
    "submissions/wrong_answer/seed003_adjacent_memo.rs",
    "submissions/wrong_answer/seed003_adjacent_memo_py.py",
];

fn expected_kattis_files() -> Vec<String> {
    let mut v: Vec<String> = DATA
        .iter()
        .flat_map(|d| [format!("data/{d}.ans"), format!("data/{d}.in")])
        .chain(SUBMISSIONS.iter().map(|s| s.to_string()))
        .chain(
            [
                "input_validators/validate/validate.cpp",
                "problem.yaml",
                "problem_statement/problem.en.tex",
            ]
            .map(String::from),
        )
        .collect();
    v.sort();
    v
}

#[test]
fn kattis_package_of_the_shipped_suite() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("zuma");
    let out = judge()
        .args(["export", "kattis"])
        .arg(&dir)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        stdout.lines().next().unwrap(),
        format!(
            "wrote {}: 62 files; data: 4 sample and 21 secret cases; submissions: accepted 2 wrong_answer 5 time_limit_exceeded 1 run_time_error 1",
            dir.display()
        )
    );
    assert_eq!(
        stdout
            .lines()
            .filter(|l| l.starts_with("left out: "))
            .count(),
        17
    );
    assert!(stdout.contains("left out: seeds.toml#starts-with-triple: an invalid input"));
    assert_eq!(files_under(&dir), expected_kattis_files());
    let read = |p: &str| std::fs::read_to_string(dir.join(p)).unwrap();
    assert_eq!(
        read("problem.yaml"),
        "# Written by zuma-judge export from judge.toml. The legacy format takes the time limit from\n\
         # the accepted submissions' running times; the judge's own limit is 2000 ms of CPU per case.\n\
         problem_format_version: legacy\n\
         name: Zuma Game\n\
         uuid: UUID\n\
         source: LeetCode 488\n\
         source_url: https://leetcode.com/problems/zuma-game/\n\
         license: permission\n\
         rights_owner: \"the zuma-judge authors\"\n\
         limits:\n  memory: 1024\n"
            .replace("UUID", &uuid_of(&read("problem.yaml")))
    );
    // split pair: RRWWRRBBRR + WB needs a W between the last two Rs
    assert_eq!(
        read("data/secret/012-reports-split-pair.in"),
        "RRWWRRBBRR\nWB\n"
    );
    assert_eq!(read("data/secret/012-reports-split-pair.ans"), "2\n");
    assert_eq!(read("data/sample/002-seeds-example-1.in"), "WRRBBW\nRB\n");
    assert_eq!(read("data/sample/002-seeds-example-1.ans"), "-1\n");
    let validator = read("input_validators/validate/validate.cpp");
    assert!(validator.contains("static const std::string COLOURS = \"RYBGW\";\n"));
    assert!(validator.contains("static const std::size_t BOARD_MAX = 16;\n"));
    assert!(validator.contains("static const std::size_t HAND_MAX = 5;\n"));
    let statement = read("problem_statement/problem.en.tex");
    assert!(statement.starts_with("\\problemname{Zuma Game}\n"));
    assert!(
        statement.contains("a string of between $1$ and\n16 letters, each one of \\texttt{RYBGW}")
    );
    let js = read("submissions/accepted/seed000_bfs_js.js");
    let pasted = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("solutions/accepted/seed000_bfs_js.js"),
    )
    .unwrap();
    assert!(js.starts_with(&pasted), "the paste comes first, unchanged");
    assert!(js.ends_with("console.log(String(findMinStep(words[0], words[1])));\n}\n"));
}

/// The `uuid:` value of a problem.yaml (stable: checked against a second export below).
fn uuid_of(yaml: &str) -> String {
    let line = yaml.lines().find(|l| l.starts_with("uuid: ")).unwrap();
    let u = line["uuid: ".len()..].to_string();
    assert_eq!(u.len(), 36);
    u
}

/// DOMjudge's documented layout (doc/manual/problem-format.rst): the Kattis package at the
/// zip's root, `domjudge-problem.ini` with `key = value` lines of known keys, `.in`/`.ans`
/// pairs under `data/sample` and `data/secret`, and exactly one `@EXPECTED_RESULTS@: ` line
/// in each jury submission, naming the result of its folder in DOMjudge's words.
#[test]
fn domjudge_zip_has_the_documented_layout() {
    let tmp = tempfile::tempdir().unwrap();
    let zip_path = tmp.path().join("zuma.zip");
    let out = judge()
        .args(["export", "domjudge"])
        .arg(&zip_path)
        .args(["--balloon-color", "#ff8800"])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut zip = zip::ZipArchive::new(std::fs::File::open(&zip_path).unwrap()).unwrap();
    let mut entries: BTreeMap<String, String> = BTreeMap::new();
    for i in 0..zip.len() {
        let mut f = zip.by_index(i).unwrap();
        let mut text = String::new();
        f.read_to_string(&mut text).unwrap();
        entries.insert(f.name().unwrap().into_owned(), text);
    }
    let mut names: Vec<String> = entries.keys().cloned().collect();
    let mut want = expected_kattis_files();
    want.push("domjudge-problem.ini".into());
    want.push("problem.txt".into());
    want.sort();
    names.sort();
    assert_eq!(names, want);
    assert_eq!(
        entries["domjudge-problem.ini"],
        "name = \"Zuma Game\"\ntimelimit = 2\ncolor = \"#ff8800\"\n"
    );
    assert!(entries["problem.txt"].starts_with(
        "Zuma Game\n\n\nYou are playing a variation of the game Zuma. A row of coloured balls lies on the board, and\nyou hold some balls in your hand. Each ball is red (R), yellow (Y), blue\n(B), green (G) or white (W).\n"
    ));
    for (name, text) in &entries {
        if let Some(stem) = name.strip_suffix(".in") {
            assert!(entries.contains_key(&format!("{stem}.ans")), "{name}");
        }
        let Some(rest) = name.strip_prefix("submissions/") else {
            continue;
        };
        let folder = rest.split('/').next().unwrap();
        let result = match folder {
            "accepted" => "CORRECT",
            "wrong_answer" => "WRONG-ANSWER",
            "time_limit_exceeded" => "TIMELIMIT",
            "run_time_error" => "RUN-ERROR",
            other => panic!("{other}: not a Kattis submissions folder"),
        };
        let marks: Vec<&str> = text
            .lines()
            .filter(|l| l.contains("@EXPECTED_RESULTS@: "))
            .collect();
        assert_eq!(marks.len(), 1, "{name}");
        assert!(
            marks[0].ends_with(&format!("@EXPECTED_RESULTS@: {result}")),
            "{name}: {}",
            marks[0]
        );
    }
    assert_eq!(
        entries["problem.yaml"],
        std::fs::read_to_string(exported().1.join("problem.yaml")).unwrap(),
        "the zip holds the Kattis package's problem.yaml, uuid included"
    );
}

/// The verdict of each solution in a `run --format json` report.
fn verdicts(args: &[&str]) -> Vec<(String, String)> {
    let out = judge()
        .args(["--config", "tests/fixtures/export/no-sweep.toml", "run"])
        .args(args)
        .args(["--format", "json"])
        .output()
        .unwrap();
    let r: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(r["case_errors"], Value::Array(vec![]), "{args:?}");
    r["solutions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["name"].as_str().unwrap().to_string(),
                s["verdict"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
#[ignore = "judges every shipped solution twice: a minute; .ci/run runs it"]
fn exported_data_gives_the_verdicts_of_the_toml_suite() {
    let (_tmp, dir) = exported();
    let data = dir.join("data");
    let from_pairs = verdicts(&["--cases", data.to_str().unwrap()]);
    let from_toml = verdicts(&["--cases", "cases"]);
    assert_eq!(from_pairs, from_toml);
    assert_eq!(
        from_toml,
        [
            ("seed000_bfs", "accepted"),
            ("fixed_rows_bfs", "run_time_error"),
            ("brute_force_no_memo", "time_limit_exceeded"),
            ("greedy_complete_runs", "wrong_answer"),
            ("no_chain_reaction", "wrong_answer"),
            ("run_completion_dfs", "wrong_answer"),
            ("seed003_adjacent_memo", "wrong_answer"),
            ("seed000_bfs_js", "accepted"),
            ("seed003_adjacent_memo_py", "wrong_answer"),
        ]
        .map(|(a, b)| (a.to_string(), b.to_string()))
    );
}

/// A folder holding one submission in `accepted/`: seed 003's Python solution, which inserts a
/// ball only next to one of its colour; it passes the statement's examples.
fn adjacent_only_folder(root: &Path) -> std::path::PathBuf {
    let dir = root.join("folder");
    std::fs::create_dir_all(dir.join("accepted")).unwrap();
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("solutions/wrong_answer/seed003_adjacent_memo_py.py"),
        dir.join("accepted/adjacent_only.py"),
    )
    .unwrap();
    dir
}

#[test]
#[ignore = "judges every shipped solution on the statement's cases: half a minute; .ci/run runs it"]
fn hack_previews_ac_to_wa_before_writing_and_apply_records_it_with_its_source() {
    let tmp = tempfile::tempdir().unwrap();
    let folder = adjacent_only_folder(tmp.path());
    let into = tmp.path().join("hacks.toml");
    let hack = |apply: bool| {
        let mut c = judge();
        c.args([
            "hack",
            "RRYGGYYRRYYGGYRR",
            "GGBBB",
            "--cases",
            "cases/statement.toml",
        ])
        .arg("--solutions-dir")
        .arg(&folder)
        .arg("--into")
        .arg(&into)
        .args(["--source", "LeetCode discussion, 2021", "--format", "json"]);
        if apply {
            c.arg("--apply");
        }
        let out = c.output().unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice::<Value>(&out.stdout).unwrap()
    };
    let r = hack(false);
    assert!(!into.exists(), "nothing is written without --apply");
    assert_eq!(r["oracle"], 5);
    assert_eq!(r["witness"], "B@0 B@0 B@10 G@5 G@3");
    assert_eq!(r["applied"], Value::Null);
    let rows: Vec<(&str, &str, &str, Option<i64>)> = r["preview"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|row| row["changes"] == true)
        .map(|row| {
            (
                row["name"].as_str().unwrap(),
                row["before"].as_str().unwrap(),
                row["after"].as_str().unwrap(),
                row["got"].as_i64(),
            )
        })
        .collect();
    // RRYGGYYRRYYGGYRR + GGBBB: the three adjacent-insertion solutions answer -1, the run
    // completion DFS too, and the fixed 16-ball rows overflow on its first insertion.
    assert_eq!(
        rows,
        [
            ("fixed_rows_bfs", "accepted", "run_time_error", None),
            ("run_completion_dfs", "accepted", "wrong_answer", Some(-1)),
            (
                "seed003_adjacent_memo",
                "accepted",
                "wrong_answer",
                Some(-1)
            ),
            (
                "seed003_adjacent_memo_py",
                "accepted",
                "wrong_answer",
                Some(-1)
            ),
            ("adjacent_only", "accepted", "wrong_answer", Some(-1)),
        ]
    );
    assert_eq!(r["changes"], 5);
    assert_eq!(r["preview"].as_array().unwrap().len(), 10);
    let out = judge()
        .args([
            "hack",
            "RRYGGYYRRYYGGYRR",
            "GGBBB",
            "--cases",
            "cases/statement.toml",
        ])
        .arg("--solutions-dir")
        .arg(&folder)
        .output()
        .unwrap();
    let shown = folder.join("accepted/adjacent_only.py");
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!(
            "RRYGGYYRRYYGGYRR + GGBBB: oracle 5 (B@0 B@0 B@10 G@5 G@3)\n\
             verdicts that change if it is added (5 of 10 solutions):\n\
             \x20 fixed_rows_bfs               AC -> RE (no answer; solutions/run_time_error/fixed_rows_bfs.rs)\n\
             \x20 run_completion_dfs           AC -> WA (answer -1; solutions/wrong_answer/run_completion_dfs.rs)\n\
             \x20 seed003_adjacent_memo        AC -> WA (answer -1; solutions/wrong_answer/seed003_adjacent_memo.rs)\n\
             \x20 seed003_adjacent_memo_py     AC -> WA (answer -1; solutions/wrong_answer/seed003_adjacent_memo_py.py)\n\
             \x20 adjacent_only                AC -> WA (answer -1; {})\n\
             also fail it, with a verdict that is not AC already: greedy_complete_runs (WA)\n\
             nothing written; add it with --apply\n",
            shown.display()
        )
    );
    assert!(!into.exists(), "nothing is written without --apply");
    let r = hack(true);
    assert_eq!(r["applied"]["name"], "RRYGGYYRRYYGGYRR-GGBBB");
    assert_eq!(r["applied"]["already"], false);
    let text = std::fs::read_to_string(&into).unwrap();
    let today = time::OffsetDateTime::now_utc().date();
    let date = format!(
        "{:04}-{:02}-{:02}",
        today.year(),
        u8::from(today.month()),
        today.day()
    );
    assert!(text.ends_with(&format!(
        "\n[[case]]\nname = \"RRYGGYYRRYYGGYRR-GGBBB\"\nboard = \"RRYGGYYRRYYGGYRR\"\nhand = \"GGBBB\"\nexpected = 5\nnote = \"added by zuma-judge hack on {date}; source: LeetCode discussion, 2021\"\ntags = [\"hack\"]\n"
    )));
    assert_eq!(hack(true)["applied"]["already"], true);
}

/// The exported validator, built as problemtools builds C++ (g++, C++23), accepts every input
/// of the package and rejects every case of the suite that asserts an invalid input (which the
/// legacy format has no folder for).
#[test]
fn kattis_validator_accepts_the_data_and_rejects_the_suites_invalid_cases() {
    let (tmp, dir) = exported();
    let exe = tmp.path().join("validate");
    let built = std::process::Command::new("g++")
        .args(["-O2", "-std=gnu++23", "-o"])
        .arg(&exe)
        .arg(dir.join("input_validators/validate/validate.cpp"))
        .status()
        .expect("g++ (Debian package g++) builds the validator");
    assert!(built.success());
    let validate = |input: &str| {
        let mut child = std::process::Command::new(&exe)
            .stdin(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        use std::io::Write as _;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
        child.wait().unwrap().code().unwrap()
    };
    for name in files_under(&dir.join("data")) {
        if name.ends_with(".in") {
            let text = std::fs::read_to_string(dir.join("data").join(&name)).unwrap();
            assert_eq!(validate(&text), 42, "{name}");
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("cases");
    let suite = zuma_judge::cases::case::load(&[root], &Default::default());
    let invalid: Vec<(String, i32)> = suite
        .cases
        .iter()
        .filter(|c| c.invalid.is_some())
        .map(|c| {
            let text = zuma_judge::cases::pairs::input_text(&c.board, &c.hand);
            (c.id.clone(), validate(&text))
        })
        .collect();
    assert_eq!(
        invalid,
        [
            "reports.toml#old-limit-18",
            "reports.toml#empty-board",
            "reports.toml#starting-triple",
            "reports.toml#lowercase",
            "reports.toml#six-in-hand",
            "seeds.toml#starts-with-triple",
        ]
        .map(|id| (id.to_string(), 43))
    );
}
