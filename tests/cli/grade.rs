//! `grade`: submission folders written by the test (a folder per student, loose files, a Kattis
//! `rejected/` folder, a DOMjudge `@EXPECTED_RESULTS@` file, a broken file), judged on a small
//! case file with points; exact verdicts, scores and CSV rows; `--jobs 1` against `--jobs 2`;
//! a second grade compiles nothing, and replays its verdicts unless `--rejudge` is given.

use std::path::Path;

use serde_json::Value;

use crate::common::{fixture, judge, outcome, write};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// example-1 (-1) is worth 2 points, split-pair (2) 3, single (2) the default 1.
const CASES: &str = r#"
[[case]]
name = "example-1"
board = "WRRBBW"
hand = "RB"
points = 2
[[case]]
name = "split-pair"
board = "RRWWRRBBRR"
hand = "WB"
points = 3
[[case]]
name = "single"
board = "G"
hand = "GG"
"#;

/// `students/`: alice (Python BFS, in her folder with notes), bob (C++, always 2), carol
/// (JavaScript that does not parse), dave.js (JavaScript BFS, a loose file), notes.txt.
/// `kattis/`: rejected/two.py (always 2), listed.py (always 2, WRONG_ANSWER or TIMELIMIT).
fn folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "cases.toml", CASES);
    let bfs_py = fixture("python3", "accepted", "seed000_bfs_py.py");
    let two_py = fixture("python3", "wrong_answer", "always_two_py.py");
    write(d, "students/alice/solution.py", &bfs_py);
    write(d, "students/alice/notes.md", "my notes");
    write(
        d,
        "students/bob/main.cpp",
        &fixture("cpp", "wrong_answer", "always_two_cpp.cpp"),
    );
    write(
        d,
        "students/carol/sol.js",
        &fixture("javascript", "compile_error", "syntax_js.js"),
    );
    write(
        d,
        "students/dave.js",
        &fixture("javascript", "accepted", "bfs_js.js"),
    );
    write(d, "students/notes.txt", "not a submission");
    write(d, "kattis/rejected/two.py", &two_py);
    write(
        d,
        "kattis/listed.py",
        &format!("# @EXPECTED_RESULTS@: WRONG_ANSWER, TIMELIMIT\n{two_py}"),
    );
    dir
}

fn grade(dir: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    grade_with_path(dir, None, args)
}

/// [`grade`] with `PATH` set to `path` when given.
fn grade_with_path(dir: &Path, path: Option<&str>, args: &[&str]) -> (Option<i32>, String, String) {
    let mut cmd = judge();
    if let Some(p) = path {
        cmd.env("PATH", p);
    }
    let out = cmd
        .current_dir(dir)
        .args(["grade", "--cases", "cases.toml", "--color", "never"])
        .args(args)
        .output()
        .unwrap();
    outcome(&out)
}

/// The CSV's fields up to `reason` and `minimised` (not the CPU times, memory or diagnosis),
/// header included, each row's fields joined with `,` as they read (a reason's commas too).
fn csv_rows(text: &str) -> Vec<String> {
    csv_fields(text)
        .iter()
        .map(|f| [&f[..12], &f[14..15]].concat().join(","))
        .collect()
}

/// Every record of the CSV, header included.
fn csv_fields(text: &str) -> Vec<Vec<String>> {
    csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(text.as_bytes())
        .records()
        .map(|r| r.unwrap().iter().map(String::from).collect())
        .collect()
}

/// The CSV's column `memory_max_kib` (the 16th, before `diagnosis`), per row after the
/// header: true where it holds a number of KiB.
fn csv_memory_measured(text: &str) -> Vec<bool> {
    csv_fields(text)
        .iter()
        .skip(1)
        .map(|f| f[15].parse::<u64>().is_ok_and(|k| k > 0))
        .collect()
}

#[test]
#[ignore = "slow (8.5 s here: builds and sweeps); .ci/run runs it"]
fn a_gradebook_of_a_folder_per_student() {
    let dir = folder();
    let (code, out, err) = grade(dir.path(), &["students", "--format", "csv"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        csv_rows(&out),
        [
            "student,path,language,verdict,expected,as_expected,passed,total,skipped,score,max_score,reason,minimised",
            "alice,students/alice/solution.py,python3,accepted,,,3,3,0,6,6,accepted: all 3 cases right,",
            "bob,students/bob/main.cpp,cpp,wrong_answer,,,2,3,0,4,6,wrong answer on WRRBBW + RB: expected -1, got 2,R R",
            "carol,students/carol/sol.js,javascript,compile_error,,,0,3,0,0,6,compile error: sol.js:4: SyntaxError: Unexpected token ';',",
            "dave,students/dave.js,javascript,accepted,,,3,3,0,6,6,accepted: all 3 cases right,",
        ]
    );
    // Carol's file never ran: nothing to measure.
    assert_eq!(csv_memory_measured(&out), [true, true, false, true]);
    let (code, out, err) = grade(dir.path(), &["students"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.starts_with("zuma-judge grade: 4 submissions (no expected verdicts: a gradebook), 3 cases from 1 file (6 points), 2 files skipped (no known language), 0 case-file errors\n"),
        "{out}"
    );
    assert!(
        out.contains("\nverdicts: accepted 2, wrong answer 1, compile error 1\n"),
        "{out}"
    );
    let header = out.lines().find(|l| l.starts_with("| student ")).unwrap();
    assert!(!header.contains("expected"), "{header}");
    let bob = out.lines().find(|l| l.starts_with("| bob ")).unwrap();
    let cells: Vec<&str> = bob.trim_matches('|').split_whitespace().collect();
    assert_eq!(
        [&cells[..8], &[cells[9..].join(" ").as_str()]].concat(),
        [
            "bob",
            "cpp",
            "wrong_answer",
            "WA",
            "AC",
            "2/3",
            "0",
            "4/6",
            "wrong answer on WRRBBW + RB: expected -1, got 2"
        ]
    );
    assert!(
        out.contains("\nstudents/carol (students/carol/sol.js, javascript)\n    SyntaxError: "),
        "{out}"
    );
    // HTML: grade's own title, every verdict counted, the gradebook with a CE row marked ✗.
    let (code, out, err) = grade(dir.path(), &["students", "--format", "html"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.matches("<title>zuma-judge grade</title>").count(), 1);
    assert_eq!(out.matches("<h1>zuma-judge grade</h1>").count(), 1);
    assert!(
        out.contains(r#"data-verdict="compile_error">CE 1</span>"#),
        "{out}"
    );
    let carol = out
        .split("<tr>")
        .find(|row| row.contains("<code>carol</code>"))
        .unwrap();
    assert!(
        carol.contains(r#"<td class="CE">compile_error ✗</td>"#),
        "{carol}"
    );
    assert!(
        carol.contains("compile error: sol.js:4: SyntaxError: Unexpected token &apos;;&apos;")
            || carol.contains("compile error: sol.js:4: SyntaxError: Unexpected token ';'"),
        "{carol}"
    );
    // Markdown: grade's own heading and the gradebook as a table (replayed: the same verdicts).
    let (code, out, err) = grade(dir.path(), &["students", "--format", "markdown"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.starts_with("### zuma-judge grade: 4 submissions (no expected verdicts: a gradebook), 3 cases from 1 file (6 points), 2 files skipped (no known language), 0 case-file errors\n"),
        "{out}"
    );
    assert!(
        out.contains("\nverdicts: accepted 2, wrong answer 1, compile error 1  \n"),
        "{out}"
    );
    let bob = out.lines().find(|l| l.starts_with("| bob |")).unwrap();
    let cells: Vec<&str> = bob.trim_matches('|').split(" | ").map(str::trim).collect();
    assert_eq!(
        [&cells[..7], &cells[8..]].concat(),
        [
            "bob",
            "cpp",
            "wrong_answer",
            "WA AC",
            "2/3",
            "0",
            "4/6",
            "wrong answer on WRRBBW + RB: expected -1, got 2"
        ]
    );
    let carol = out.lines().find(|l| l.starts_with("| carol |")).unwrap();
    assert!(carol.contains("| compile_error | CE | 0/3 |"), "{carol}");
}

#[test]
fn kattis_folders_and_domjudge_lists() {
    let dir = folder();
    let (code, out, err) = grade(dir.path(), &["kattis", "--format", "json"]);
    assert_eq!(code, Some(0), "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["schema_version"], 1);
    let rows: Vec<String> = v["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            format!(
                "{} {} {} {} {} {}/{}",
                s["name"].as_str().unwrap(),
                s["expected"],
                s["as_expected"],
                s["verdicts"],
                s["passed"],
                s["score"],
                s["max_score"]
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            r#"kattis/listed.py ["wrong_answer","time_limit_exceeded"] true ["WA","AC"] 2 4/6"#,
            r#"kattis/rejected/two.py "rejected" true ["WA","AC"] 2 4/6"#,
        ]
    );
    // A file in accepted/ that is wrong: not as expected, exit 1.
    write(
        dir.path(),
        "kattis/accepted/wrong.py",
        &fixture("python3", "wrong_answer", "always_two_py.py"),
    );
    let (code, out, err) = grade(dir.path(), &["kattis/accepted", "--format", "csv"]);
    assert_eq!(code, Some(1), "{err}");
    assert_eq!(
        csv_rows(&out)[1],
        "wrong,kattis/accepted/wrong.py,python3,wrong_answer,accepted,false,2,3,0,4,6,wrong answer on WRRBBW + RB: expected -1, got 2,R R"
    );
}

#[test]
#[ignore = "slow (11 s here: grades twice); .ci/run runs it"]
fn parallel_judging_changes_no_verdict_and_a_regrade_compiles_nothing() {
    let dir = folder();
    let verdicts = |jobs: &str| {
        let (code, out, err) = grade(
            dir.path(),
            &["students", "kattis", "--format", "json", "--jobs", jobs],
        );
        assert_eq!(code, Some(0), "{err}");
        let v: Value = serde_json::from_str(&out).unwrap();
        let subs = v["submissions"].as_array().unwrap().clone();
        let cached: Vec<bool> = subs
            .iter()
            .map(|s| s["build"]["cached"].as_bool().unwrap_or(true))
            .collect();
        let cases: Vec<Value> = v["solutions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| {
                let per_case: Vec<&Value> = s["cases"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|c| &c["verdict"])
                    .collect();
                serde_json::json!([s["name"], s["verdict"], per_case])
            })
            .collect();
        (cases, cached, v["builds"].clone())
    };
    let (one, _, _) = verdicts("1");
    let (two, cached, builds) = verdicts("2");
    assert_eq!(one, two);
    assert_eq!(one.len(), 6);
    // The second grade of the same folder built nothing.
    assert!(cached.iter().all(|c| *c), "{cached:?}");
    assert_eq!(builds["cached"], builds["submissions"]);
    let (_, out, _) = grade(dir.path(), &["students"]);
    assert!(
        out.contains("builds: 4 submissions, 4 from the cache, "),
        "{out}"
    );
    assert!(out.contains(": nothing compiled\n"), "{out}");
}

#[test]
fn usage_and_case_file_errors_exit_2() {
    let dir = folder();
    write(
        dir.path(),
        "bad.toml",
        "[[case]]\nname = \"a\"\nboard = \"RR\"\nhand = \"R\"\npoints = -1\n",
    );
    let out = judge()
        .current_dir(dir.path())
        .args(["grade", "students/dave.js", "--cases", "bad.toml"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let (code, _, err) = grade(dir.path(), &["nowhere"]);
    assert_eq!(code, Some(2));
    assert_eq!(
        err,
        "error: nowhere: no such file or folder; give submission files or folders of them\n"
    );
    write(dir.path(), "empty/readme.md", "");
    let (code, _, err) = grade(dir.path(), &["empty"]);
    assert_eq!(code, Some(2));
    assert!(
        err.starts_with(
            "error: no submission under empty (1 file skipped); submissions are files ending in "
        ),
        "{err}"
    );
}

/// A submission both too slow and wrong: its cases are skipped after two TLEs in a row, and the
/// sweep that still runs after the skip shows its WA at the smallest failing class.
#[test]
fn a_slow_and_wrong_submission_shows_its_wa_after_the_skip() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(
        d,
        "cases.toml",
        r#"
[[case]]
name = "jury-timeout"
board = "RRGGBBYYWWRRGGBB"
hand = "RGBYW"
[[case]]
name = "wide"
board = "WWRRGGRRWWRRGGRR"
hand = "GGRRW"
[[case]]
name = "third"
board = "RRYGGYYRRYYGGYRR"
hand = "GGBBB"
"#,
    );
    write(
        d,
        "judge.toml",
        "[limits]\ncpu_ms = 300\n[sweep]\nmax_board = 5\nmax_hand = 2\n[judging]\ntle_skip_after = 2\n",
    );
    let slow =
        std::fs::read_to_string(Path::new(ROOT).join("tests/fixtures/grade/slow_and_wrong.py"))
            .unwrap();
    write(d, "student/slow.py", &slow);
    let (code, out, err) = grade(d, &["student", "--format", "json"]);
    assert_eq!(code, Some(0), "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    let s = &v["submissions"][0];
    assert_eq!(s["verdict"], "time_limit_exceeded");
    assert_eq!(s["verdicts"], serde_json::json!(["TLE", "SKIP", "WA"]));
    assert_eq!(
        (s["passed"].as_u64(), s["skipped"].as_u64()),
        (Some(0), Some(1))
    );
    assert_eq!(s["first_failure"], "cases.toml#jury-timeout");
    let sweep = &v["solutions"][0]["sweep"];
    assert_eq!(sweep["skipped"], false);
    // RRYR + YY: YY between the Ys gives RRYYYR, then RRR goes in the chain reaction.
    assert_eq!(
        sweep["failed"],
        serde_json::json!({"board": "RRYR", "hand": "YY", "oracle": 2, "got": -1, "verdict": "WA"})
    );
    assert_eq!(s["minimised"]["board"], "RRYR");
}

/// A worker that still holds half the memory limit after a call is replaced before the next
/// one: a heap kept from one case (Go's and the JVM's are) is never charged to the next as MLE.
#[test]
fn memory_kept_from_one_case_is_not_charged_to_the_next() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(
        d,
        "cases.toml",
        "[[case]]\nname = \"one\"\nboard = \"G\"\nhand = \"GG\"\n[[case]]\nname = \"two\"\nboard = \"R\"\nhand = \"RR\"\n",
    );
    write(
        d,
        "judge.toml",
        "[limits]\nmemory_mib = 512\n[sweep]\nmax_board = 0\nmax_hand = 0\n",
    );
    // Each call keeps 300 MiB more, touched so that it is resident: two calls in one worker
    // would need 600 MiB.
    write(
        d,
        "hoarder.py",
        "kept = []\n\nclass Solution:\n    def findMinStep(self, board: str, hand: str) -> int:\n        kept.append(b'x' * (300 << 20))\n        return 2\n",
    );
    let (code, out, err) = grade(d, &["hoarder.py", "--format", "json"]);
    assert_eq!(code, Some(0), "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["submissions"][0]["verdicts"], serde_json::json!(["AC"]));
}

/// The three near-limit fixtures of `benches/stability.sh`, on the one case where they spin:
/// each is rerun (CPU time within a factor 1.5 of the 2 s limit) and judged on its fastest
/// run, so AC at 95% of the limit, TLE at 105%, and MLE at 1.6 s of CPU, before the limit.
#[test]
#[ignore = "slow (19 s here: near-limit reruns); .ci/run runs it"]
fn near_limit_calls_are_rerun_and_judged_on_their_fastest_run() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(
        d,
        "cases.toml",
        "[[case]]\nname = \"hunted-four\"\nboard = \"GYYBYYGGYYBYRYGG\"\nhand = \"RRBGR\"\n",
    );
    write(d, "judge.toml", "[sweep]\nmax_board = 0\nmax_hand = 0\n");
    let near = Path::new(ROOT).join("tests/fixtures/grade/near_limit");
    let (code, out, err) = grade(d, &[near.to_str().unwrap(), "--format", "json"]);
    assert_eq!(code, Some(0), "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    let got: Vec<(String, String, u64)> = v["solutions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let c = &s["cases"][0];
            (
                s["name"]
                    .as_str()
                    .unwrap()
                    .rsplit('/')
                    .next()
                    .unwrap()
                    .to_string(),
                c["verdict"].as_str().unwrap().to_string(),
                c["runs"].as_u64().unwrap(),
            )
        })
        .collect();
    let want = [
        ("near_ac.py", "AC"),
        ("near_mle.py", "MLE"),
        ("near_tle.py", "TLE"),
    ];
    let want: Vec<(String, String, u64)> = want
        .iter()
        .map(|(n, v)| (n.to_string(), v.to_string(), 4))
        .collect();
    assert_eq!(got, want);
}

/// The report without what a replay cannot repeat: build times, wall times of the whole run
/// and of the sweep, the oracle's time, and the `replayed` flags themselves.
fn without_run_timings(mut v: Value) -> Value {
    for key in ["wall_ms", "oracle_ms", "builds"] {
        v.as_object_mut().unwrap().remove(key);
    }
    for list in ["submissions", "solutions"] {
        for s in v[list].as_array_mut().unwrap() {
            let s = s.as_object_mut().unwrap();
            s.remove("build");
            s.remove("replayed");
            if let Some(sweep) = s.get_mut("sweep").and_then(Value::as_object_mut) {
                sweep.remove("wall_ms");
            }
        }
    }
    v
}

#[test]
fn a_regrade_replays_the_verdict_cache_and_rejudge_judges_again() {
    let dir = folder();
    let run = |rejudge: &str, extra: &[&str]| {
        let out = judge()
            .current_dir(dir.path())
            .env("ZUMA_JUDGE_REJUDGE", rejudge)
            .args([
                "grade",
                "--cases",
                "cases.toml",
                "kattis",
                "--color",
                "never",
            ])
            .args(extra)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{out:?}");
        String::from_utf8_lossy(&out.stdout).to_string()
    };
    let json = |text: String| -> Value { serde_json::from_str(&text).unwrap() };
    let replayed = |v: &Value| -> Vec<bool> {
        let subs = v["submissions"].as_array().unwrap();
        subs.iter().map(|s| s["replayed"] == true).collect()
    };
    let live = json(run("1", &["--format", "json"]));
    assert_eq!(replayed(&live), [false, false]);
    let again = json(run("0", &["--format", "json"]));
    assert_eq!(replayed(&again), [true, true]);
    assert_eq!(
        without_run_timings(again),
        without_run_timings(live.clone())
    );
    let text = run("0", &[]);
    assert!(
        text.contains(" s; 2 of 2 submissions replayed from the verdict cache (same build, cases, limits, sandbox and judge; --rejudge judges again)\n"),
        "{text}"
    );
    let rejudged = json(run("0", &["--rejudge", "--format", "json"]));
    assert_eq!(replayed(&rejudged), [false, false]);
}

/// A C++ file that does not compile reports its build, compiled then cached, as one that
/// compiles does; a Python file with no entry point, ruled out by its text, has none.
#[test]
fn a_failed_build_is_reported_like_any_build() {
    let dir = folder();
    let d = dir.path();
    write(
        d,
        "ce/bad.cpp",
        "class Solution {\npublic:\n    int findMinStep(string b, string h) { return -1 }\n};\n",
    );
    write(
        d,
        "ce/free.py",
        "def findMinStep(board, hand):\n    return -1\n",
    );
    let builds = || -> Vec<(String, Value)> {
        // A cache of its own: the shared one would hold bad.cpp's build from an earlier run.
        let out = judge()
            .current_dir(d)
            .env("ZUMA_JUDGE_CACHE", d.join("cache"))
            .args(["grade", "--cases", "cases.toml", "ce", "--format", "json"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{out:?}");
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        v["submissions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| {
                let mut b = s["build"].clone();
                if let Some(ms) = b.get_mut("ms") {
                    *ms = Value::from(ms.as_f64().unwrap() > 0.0);
                }
                (s["verdict"].as_str().unwrap().to_string(), b)
            })
            .collect()
    };
    let ce = || "compile_error".to_string();
    assert_eq!(
        builds(),
        [
            (ce(), serde_json::json!({"cached": false, "ms": true})),
            (ce(), Value::Null)
        ]
    );
    assert_eq!(
        builds(),
        [
            (ce(), serde_json::json!({"cached": true, "ms": false})),
            (ce(), Value::Null)
        ]
    );
}

/// Without python3 on PATH, Kattis's `rejected/two.py` is not judged: every format says
/// `not_judged` (not "compile_error", which its expectation would then seem to meet), with no
/// score, no as_expected and the missing toolchain as its reason; the run is incomplete (exit 3).
#[test]
fn a_missing_toolchain_is_not_judged_not_a_compile_error() {
    let dir = folder();
    let run = |args: &[&str]| {
        let (code, out, _) = grade_with_path(dir.path(), Some("/nonexistent"), args);
        (code, out)
    };
    let (code, out) = run(&["kattis/rejected"]);
    assert_eq!(code, Some(3), "{out}");
    let row = out
        .lines()
        .find(|l| l.starts_with("| two "))
        .unwrap_or_else(|| panic!("{out}"));
    let cells: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(
        cells.join(" "),
        "| two python3 not judged - - 0 - 0.00 rejected - not judged: the grading machine has no python3 |"
    );
    assert!(out.contains("\nverdicts: not judged 1\n"), "{out}");
    let (code, out) = run(&["kattis/rejected", "--format", "json"]);
    assert_eq!(code, Some(3), "{out}");
    let v: Value = serde_json::from_str(&out).unwrap();
    let s = &v["submissions"][0];
    assert_eq!(
        serde_json::json!([
            s["student"],
            s["verdict"],
            s["toolchain_missing"],
            s["verdicts"],
            s["passed"],
            s["score"],
            s["as_expected"],
            s["reason"]
        ]),
        serde_json::json!([
            "two",
            "not_judged",
            true,
            [],
            null,
            null,
            null,
            "not judged: the grading machine has no python3"
        ])
    );
    let (_, out) = run(&["kattis/rejected", "--format", "csv"]);
    assert_eq!(
        csv_rows(&out)[1],
        "two,kattis/rejected/two.py,python3,not_judged,rejected,,,3,0,,6,not judged: the grading machine has no python3,"
    );
}

/// A class folder of submissions judged on no case (Python 2 code, a misspelt method, a C++
/// syntax error) and one wrong answer; the sweep is off.
fn class() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "cases.toml", CASES);
    let files = [
        ("judge.toml", "[sweep]\nmax_board = 0\nmax_hand = 0\n".to_string()),
        (
            "class/ann/solution.py",
            "class Solution:\n    def findMinStep(self, board, hand):\n        for i in xrange(3):\n            pass\n        return -1\n".to_string(),
        ),
        (
            "class/ben.cpp",
            "class Solution {\npublic:\n    int findMinSteps(string board, string hand) { return -1; }\n};\n".to_string(),
        ),
        ("class/cat/main.cpp", fixture("cpp", "compile_error", "syntax_cpp.cpp")),
        ("class/dan/sol.py", fixture("python3", "wrong_answer", "always_two_py.py")),
    ];
    for (rel, text) in files {
        write(d, rel, &text);
    }
    dir
}

/// Every row names its student the same way whether the class's folder or the student's own
/// is graded, and says why in one line: Python 2 code, a misspelt method, the compiler's first
/// error, the wrong answer's input and answers.
#[test]
fn every_row_has_a_stable_student_and_a_reason() {
    let dir = class();
    let (code, out, err) = grade(dir.path(), &["class", "--format", "csv"]);
    assert_eq!(code, Some(0), "{err}");
    let rows: Vec<String> = csv_fields(&out)
        .iter()
        .map(|f| {
            [&f[0..1], &f[3..4], &f[6..7], &f[9..10], &f[11..12]]
                .concat()
                .join(" | ")
        })
        .collect();
    assert_eq!(
        rows,
        [
            "student | verdict | passed | score | reason",
            "ann | compile_error | 0 | 0 | Python 2 code (xrange, line 3)",
            "ben | compile_error | 0 | 0 | no method findMinStep; found findMinSteps — did you mean it?",
            "cat | compile_error | 0 | 0 | compile error: main.cpp:6:5: expected ';' before '}' token",
            "dan | wrong_answer | 2 | 4 | wrong answer on WRRBBW + RB: expected -1, got 2",
        ]
    );
    for (path, id) in [
        ("class/dan", "dan"),
        ("class/dan/sol.py", "dan"),
        ("class/ben.cpp", "ben"),
        ("class/ann", "ann"),
    ] {
        let (code, out, err) = grade(dir.path(), &[path, "--format", "json"]);
        assert_eq!(code, Some(0), "{err}");
        let v: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["submissions"][0]["student"], id, "{path}");
        assert_eq!(v["claims"], serde_json::json!([]), "grade checks no claims");
    }
}

/// `--student-pattern` takes the id from the path (a path it misses keeps its default id, and
/// the report says so); `--roster` shows each id's `student`, keeps ids it does not list and
/// lists its students with no submission; two submissions of one student are refused (exit 2).
#[test]
fn a_pattern_and_a_roster_name_students_and_one_student_submits_once() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "cases.toml", CASES);
    let py2 = "class Solution:\n    def findMinStep(self, board, hand):\n        print board\n";
    write(d, "subs/2024_ann_hw1.py", py2);
    write(d, "subs/2024_ben_hw1.py", py2);
    write(d, "subs/zed.py", py2);
    write(
        d,
        "roster.csv",
        "id,student,email\nann,Ann Lee,ann@example.org\nben,Ben Ode,\ncat,Cat Ray,cat@example.org\n",
    );
    let args = [
        "subs",
        "--student-pattern",
        "_(?P<student>[a-z]+)_hw",
        "--roster",
        "roster.csv",
    ];
    let (code, out, err) = grade(d, &[&args[..], &["--format", "json"]].concat());
    assert_eq!(code, Some(0), "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    let students: Vec<&str> = v["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["student"].as_str().unwrap())
        .collect();
    assert_eq!(students, ["Ann Lee", "Ben Ode", "zed"]);
    assert_eq!(
        v["student_ids"],
        serde_json::json!({"unmatched": ["subs/zed.py"], "unknown": ["zed"], "missing": ["Cat Ray"]})
    );
    let (_, out, _) = grade(d, &args);
    assert!(
        out.contains("\nstudents: 1 path not matched by --student-pattern (default id kept): subs/zed.py; 1 id not on the roster (kept): zed; 1 roster student with no submission: Cat Ray\n"),
        "{out}"
    );
    let (_, page, _) = grade(d, &[&args[..], &["--format", "html"]].concat());
    assert!(
        page.contains(r#"<p class="note" id="students">students: 1 path not matched"#),
        "{page}"
    );
    write(d, "more/zed/solution.py", py2);
    write(d, "more/yan.py", py2);
    let (code, _, err) = grade(d, &["subs", "more"]);
    assert_eq!(code, Some(2));
    assert_eq!(
        err,
        "error: two submissions for student 'zed': subs/zed.py and more/zed/solution.py; grade one of them, or tell them apart with --student-pattern or --roster\n"
    );
    write(d, "bad.csv", "name\nann\n");
    let (code, _, err) = grade(d, &["subs", "--roster", "bad.csv"]);
    assert_eq!(code, Some(2));
    assert_eq!(
        err,
        "error: roster bad.csv: no `id` column; the header needs `id` (the default id) and may have `student` (the id to show)\n"
    );
}
