//! Judge-grade execution: solutions run in workers under CPU, wall and memory limits. Hostile
//! solutions are made here, from the shipped accepted ones plus a trigger that misbehaves on
//! chosen inputs, and never live in `solutions/`: scripts are judged from a temporary directory
//! (`run --solutions-dir`), compiled ones by rebuilding a copy of the project with them dropped in.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::{json, Value};

use crate::common::judge;

/// Small, quickly solved cases; the triggers below pick some of them.
const CASES: &str = r#"
[[case]]
name = "example-1"
board = "WRRBBW"
hand = "RB"
[[case]]
name = "example-2"
board = "WWRRBBWW"
hand = "WRBRW"
[[case]]
name = "example-3"
board = "G"
hand = "GGGGG"
[[case]]
name = "old-example-4"
board = "RBYYBBRRB"
hand = "YRBGB"
[[case]]
name = "split-pair"
board = "RRWWRRBBRR"
hand = "WB"
"#;

/// The hardest public case: the shipped TLE and RE examples fail on it.
const HARD_CASE: &str = r#"
[[case]]
name = "jury-timeout"
board = "RRGGBBYYWWRRGGBB"
hand = "RGBYW"
"#;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// A temporary project-like directory with `cases.toml`, `judge.toml` (`cpu_ms`, 512 MiB) and
/// `scripts/<verdict>/<name>` files.
fn workspace(cases: &str, cpu_ms: u64, scripts: &[(&str, String)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("cases.toml"), cases).unwrap();
    std::fs::write(
        dir.path().join("judge.toml"),
        format!("[limits]\ncpu_ms = {cpu_ms}\nmemory_mib = 512\n"),
    )
    .unwrap();
    for (path, text) in scripts {
        let p = dir.path().join("scripts").join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    dir
}

/// `source` with `trigger` inserted after the first line that contains `after`.
fn with_trigger(source: &str, after: &str, trigger: &str) -> String {
    let at = source.find(after).expect("anchor") + after.len();
    let at = at + source[at..].find('\n').unwrap() + 1;
    format!("{}{trigger}\n{}", &source[..at], &source[at..])
}

fn python(trigger: &str) -> String {
    let base = std::fs::read_to_string(
        Path::new(ROOT).join("tests/fixtures/languages/python3/accepted/seed000_bfs_py.py"),
    )
    .unwrap();
    with_trigger(&base, "def findMinStep", trigger)
}

fn javascript(trigger: &str) -> String {
    let base =
        std::fs::read_to_string(Path::new(ROOT).join("solutions/accepted/seed000_bfs_js.js"))
            .unwrap();
    with_trigger(&base, "var findMinStep = function", trigger)
}

fn rust(trigger: &str) -> String {
    let base =
        std::fs::read_to_string(Path::new(ROOT).join("solutions/accepted/seed000_bfs.rs")).unwrap();
    with_trigger(&base, "pub fn find_min_step", trigger)
}

/// Per solution, its case verdicts in case order as `name:VERDICT`, with the message of a TLE,
/// RE or MLE cut to its first `keep` characters. Which limit a CPU-bound loop hits first, 1.5
/// times the CPU limit or the wall limit, depends on how busy the machine is, so a TLE reads
/// `over the [CPU or wall] limit`; the tests check the wall limit separately, on a sleeper.
fn verdicts(report: &Value, keep: usize) -> BTreeMap<String, Vec<String>> {
    report["solutions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let cases = s["cases"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| {
                    let name = c["case"].as_str().unwrap().split('#').nth(1).unwrap();
                    let mut v = format!("{name}:{}", c["verdict"].as_str().unwrap());
                    if let Some(m) = c["message"].as_str() {
                        let m = if m.starts_with("TLE: over the ") {
                            "TLE: over the [CPU or wall] limit"
                        } else {
                            m
                        };
                        v.push_str(&format!(" {}", m.chars().take(keep).collect::<String>()));
                    }
                    v
                })
                .collect();
            (s["name"].as_str().unwrap().to_string(), cases)
        })
        .collect()
}

fn run_json(cmd: &mut assert_cmd::Command, code: i32) -> Value {
    let out = cmd.assert().code(code).get_output().stdout.clone();
    serde_json::from_slice(&out).unwrap()
}

fn strs(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

/// The hostile scripts: each misbehaves on one input, named in its comment or trigger.
fn hostile_scripts() -> Vec<(&'static str, String)> {
    vec![
        // Loops on boards with a Y.
        (
            "time_limit_exceeded/loop_py.py",
            python("        if 'Y' in board:\n            while True:\n                pass"),
        ),
        // Sleeps: little CPU, so the wall limit (2 * 300 + 1000 ms) ends it.
        (
            "time_limit_exceeded/sleep_py.py",
            python("        if board == 'G':\n            import time; time.sleep(60)"),
        ),
        (
            "run_time_error/index_py.py",
            python("        if len(board) == 10:\n            return [0][len(board)]"),
        ),
        (
            "run_time_error/recursion_py.py",
            python("        if board == 'WWRRBBWW':\n            def down(n): return down(n + 1) + 1\n            return down(0)"),
        ),
        // A hard crash: no exception, the interpreter dies of SIGABRT.
        (
            "run_time_error/abort_py.py",
            python("        if board == 'WRRBBW':\n            import os; os.abort()"),
        ),
        (
            "run_time_error/returns_none_py.py",
            python("        if board == 'G':\n            return None"),
        ),
        (
            "memory_limit_exceeded/alloc_py.py",
            python("        if board == 'G':\n            return len(bytearray(4 << 30))"),
        ),
        // Prints on stdout: the replies travel on another descriptor, so still AC.
        (
            "accepted/chatty_py.py",
            python("        print('{\"answer\": 99}', flush=True)\n        print(List[int], Counter('RR'), deque())"),
        ),
        (
            "time_limit_exceeded/loop_js.js",
            javascript("    if (board.includes('Y')) { for (;;) {} }"),
        ),
        (
            "run_time_error/index_js.js",
            javascript("    if (board.length === 10) { return undefined.x; }"),
        ),
        (
            "run_time_error/recursion_js.js",
            javascript("    if (board === 'WWRRBBWW') { const down = (n) => down(n + 1) + 1; return down(0); }"),
        ),
        (
            "memory_limit_exceeded/alloc_js.js",
            javascript("    if (board === 'G') { return new ArrayBuffer(4 * 2 ** 30).byteLength; }"),
        ),
        ("accepted/console_js.js", javascript("    console.log('{\"answer\": 99}');")),
    ]
}

/// What `cases` (in the order judged) should give: AC on each but those `odd` names, with
/// `odd`'s verdict there; then `odd`'s cases that are not in `cases` (the sweep's), in order.
fn expected(cases: &[&str], odd: &[(&str, &str)]) -> Vec<String> {
    let verdict = |c: &str| odd.iter().find(|(o, _)| *o == c).map_or("AC", |(_, v)| v);
    let mut rows: Vec<String> = cases
        .iter()
        .map(|c| format!("{c}:{}", verdict(c)))
        .collect();
    rows.extend(
        odd.iter()
            .filter(|(c, _)| !cases.contains(c))
            .map(|(c, v)| format!("{c}:{v}")),
    );
    rows
}

/// The cases of [`CASES`], in order.
const CASE_NAMES: [&str; 5] = [
    "example-1",
    "example-2",
    "example-3",
    "old-example-4",
    "split-pair",
];

/// A TLE as `verdicts` shows it, whichever limit ended the call.
const TLE: &str = "TLE TLE: over the [CPU or wall] limit";

/// What each hostile script and the compiled reference should get on [`CASES`].
fn hostile_script_verdicts() -> BTreeMap<String, Vec<String>> {
    let mle = "MLE MLE: over the memory 512 MiB limit";
    #[rustfmt::skip]
    let odd: [(&str, &[(&str, &str)]); 14] = [
        // RY+R: the sweep's first class, where the loop loops too.
        ("loop_py", &[("old-example-4", TLE), ("RY+R", TLE)]),
        ("sleep_py", &[("example-3", TLE)]),
        ("index_py", &[("split-pair", "RE RE: raised IndexError: list index out of range (line 8)")]),
        ("recursion_py", &[("example-2", "RE RE: raised RecursionError: maximum recursion depth exceeded (line 8)")]),
        ("abort_py", &[("example-1", "RE RE: killed by SIGABRT")]),
        ("returns_none_py", &[("example-3", "RE RE: malformed reply: returned None, not an integer")]),
        ("alloc_py", &[("example-3", mle)]),
        ("chatty_py", &[]),
        ("loop_js", &[("old-example-4", TLE), ("RY+R", TLE)]),
        ("index_js", &[("split-pair", "RE RE: raised TypeError: Cannot read properties of undefined (reading 'x') (line 5)")]),
        ("recursion_js", &[("example-2", "RE RE: raised RangeError: Maximum call stack size exceeded (line 5)")]),
        ("alloc_js", &[("example-3", mle)]),
        ("console_js", &[]),
        ("seed000_bfs", &[]),
    ];
    odd.iter()
        .map(|(name, odd)| (name.to_string(), expected(&CASE_NAMES, odd)))
        .collect()
}

#[test]
#[ignore = "slow (29 s here: hostile scripts); .ci/run runs it"]
fn hostile_python_and_javascript_get_their_verdicts_on_exactly_their_cases() {
    let ws = workspace(CASES, 300, &hostile_scripts());
    let mut cmd = judge();
    cmd.current_dir(ws.path()).args([
        "run",
        "--cases",
        "cases.toml",
        "--solutions-dir",
        "scripts",
        "--format",
        "json",
    ]);
    for s in [
        "loop_py",
        "sleep_py",
        "index_py",
        "recursion_py",
        "abort_py",
        "returns_none_py",
        "alloc_py",
        "chatty_py",
        "loop_js",
        "index_js",
        "recursion_js",
        "alloc_js",
        "console_js",
        "seed000_bfs",
    ] {
        cmd.args(["--solution", s]);
    }
    let report = run_json(&mut cmd, 0);
    assert_eq!(verdicts(&report, 200), hostile_script_verdicts());
    let by_name = |n: &str| {
        report["solutions"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["name"] == n)
            .unwrap()
            .clone()
    };
    assert_eq!(by_name("loop_py")["run_by"], "worker (python3)");
    assert_eq!(by_name("loop_js")["run_by"], "worker (node)");
    assert_eq!(
        by_name("seed000_bfs")["run_by"],
        "worker (zuma-judge worker)"
    );
    // A sleeper uses no CPU time: only the wall limit (2 * 300 + 1000 ms) can stop it.
    assert_eq!(
        by_name("sleep_py")["cases"][2]["message"],
        "TLE: over the wall 1600 ms limit"
    );
    // A loop is killed, at 1.5 times the CPU limit or at the wall limit: never a close call.
    assert_eq!(
        by_name("loop_py")["timing"]["warnings"],
        serde_json::json!([])
    );
}

/// A worker whose call ended with a reply is kept, for the reruns of a call near the CPU limit
/// too: a Python and a JavaScript (V8) script that each note every start of their worker in a
/// file burn 0.8 s of CPU on `example-3` (limit 1 s, so it is run 4 times), and each worker
/// started once for all of it.
#[test]
#[ignore = "slow (7 s of CPU: four runs of a case in each of two languages); .ci/run runs it"]
fn reruns_near_the_limit_start_no_new_worker() {
    let notes = tempfile::tempdir().unwrap();
    let note = |name: &str| notes.path().join(name).to_string_lossy().to_string();
    let py = format!(
        "open({:?}, 'a').write('start\\n')\n{}",
        note("py"),
        python("        if board == 'G':\n            import time\n            end = time.process_time() + 0.8\n            while time.process_time() < end:\n                pass")
    );
    let js = format!(
        "require('fs').appendFileSync({:?}, 'start\\n');\n{}",
        note("js"),
        javascript("    if (board === 'G') { const cpu = () => { const u = process.cpuUsage(); return u.user + u.system; }; const end = cpu() + 800000; while (cpu() < end) {} }")
    );
    let ws = workspace(
        CASES,
        1000,
        &[("accepted/burn_py.py", py), ("accepted/burn_js.js", js)],
    );
    std::fs::write(
        ws.path().join("judge.toml"),
        "[limits]\ncpu_ms = 1000\nmemory_mib = 512\n\n[sweep]\nmax_board = 0\nmax_hand = 0\n\n[judging]\nreruns = 3\n",
    )
    .unwrap();
    let report = run_json(
        judge().current_dir(ws.path()).args([
            "--no-sandbox",
            "run",
            "--cases",
            "cases.toml",
            "--solutions-dir",
            "scripts",
            "--solution",
            "burn_py",
            "--solution",
            "burn_js",
            "--format",
            "json",
        ]),
        0,
    );
    for (i, name) in ["burn_py", "burn_js"].iter().enumerate() {
        let cases = &report["solutions"][i]["cases"];
        let verdicts: Vec<&str> = (0..5)
            .map(|c| cases[c]["verdict"].as_str().unwrap())
            .collect();
        assert_eq!(verdicts, ["AC"; 5], "{name}");
        let runs = cases[2]["cpu_runs_ms"].as_array().unwrap();
        assert_eq!(runs.len(), 4, "{name}: {runs:?}");
    }
    for lang in ["py", "js"] {
        let starts = std::fs::read_to_string(note(lang)).unwrap();
        assert_eq!(starts, "start\n", "{lang}");
    }
}

/// Scripts that cannot load, and a script whose language works, in `scripts/accepted/`.
fn unloadable_scripts() -> tempfile::TempDir {
    workspace(
        CASES,
        300,
        &[
            ("accepted/typo_py.py", "class Solution:\n    def findMinStep(self, board, hand) -> int\n        return 0\n".into()),
            ("accepted/nothing_js.js", "var find_min_step = function(board, hand) { return 0; };\n".into()),
            ("accepted/raises_py.py", "class Solution:\n    def findMinStep(self, board, hand):\n        return 0\nundefined_name\n".into()),
            ("accepted/bfs_py.py", python("")),
        ],
    )
}

/// A syntax error is CE with its line; no entry point is CE saying what is missing; an
/// exception while loading is RE, once, with its line. None is run on a case or minimised.
#[test]
fn a_script_that_cannot_load_is_said_once() {
    let ws = unloadable_scripts();
    let mut cmd = judge();
    cmd.current_dir(ws.path())
        .args(["run", "--cases", "cases.toml", "--solutions-dir", "scripts"])
        .args(["--format", "json"]);
    for s in ["typo_py", "nothing_js", "raises_py", "seed000_bfs"] {
        cmd.args(["--solution", s]);
    }
    let report = run_json(&mut cmd, 1);
    let rows: Vec<(String, String, String, usize, bool)> = (0..3)
        .map(|i| {
            let s = &report["solutions"][i];
            (
                s["name"].as_str().unwrap().to_string(),
                s["verdict"].as_str().unwrap().to_string(),
                s["message"].as_str().unwrap_or("").to_string(),
                s["cases"].as_array().unwrap().len(),
                s["minimised"].is_null(),
            )
        })
        .collect();
    #[rustfmt::skip]
    let want = [
        ("typo_py", "compile_error", "SyntaxError: expected ':' (line 2)"),
        ("nothing_js", "compile_error", "no entry point: no function findMinStep; found find_min_step — did you mean it?"),
        ("raises_py", "run_time_error", "cannot load: NameError: name 'undefined_name' is not defined (line 4)"),
    ];
    let want: Vec<(String, String, String, usize, bool)> = want
        .iter()
        .map(|(n, v, m)| (n.to_string(), v.to_string(), m.to_string(), 0, true))
        .collect();
    assert_eq!(rows, want);
    assert_eq!(verdicts(&report, 0)["seed000_bfs"].len(), 5);
}

/// No python3 on PATH: the toolchain is missing, said once (and on the `toolchains:` line),
/// and the run is incomplete (3); compiled solutions are unaffected.
#[test]
fn an_interpreter_that_is_missing_is_said_once() {
    let ws = unloadable_scripts();
    let run = || {
        let mut cmd = judge();
        cmd.current_dir(ws.path())
            .env("PATH", "/nonexistent")
            .args(["run", "--cases", "cases.toml", "--solutions-dir", "scripts"])
            .args(["--solution", "bfs_py"]);
        cmd
    };
    let report = run_json(
        run().args(["--solution", "seed000_bfs", "--format", "json"]),
        3,
    );
    let s = &report["solutions"][0];
    assert_eq!(s["verdict"], "compile_error");
    assert_eq!(s["toolchain_missing"], true);
    assert_eq!(
        s["message"],
        "cannot build: `python3` not found on PATH; Debian package python3"
    );
    assert!(verdicts(&report, 0)["seed000_bfs"]
        .iter()
        .all(|v| v.ends_with(":AC")));
    let text = String::from_utf8(run().output().unwrap().stdout).unwrap();
    assert!(text.contains("\ntoolchains: python3 not found\n"), "{text}");
    assert!(
        text.contains("\nbuilds: 1 submission, 0 from the cache, 1 not built (see each one's message), 0.0 s: nothing compiled\n"),
        "{text}"
    );
}

#[test]
fn pasted_python_with_leetcode_imports_and_a_js_function_declaration_are_graded() {
    // LeetCode's editor imports typing and collections for the submission; no edits needed.
    // JavaScript may declare the function instead of assigning it to a var.
    let bfs = std::fs::read_to_string(
        Path::new(ROOT).join("tests/fixtures/languages/python3/accepted/seed000_bfs_py.py"),
    )
    .unwrap();
    let counts = "class Solution:\n    def findMinStep(self, board: str, hand: str) -> int:\n        c: Dict[str, int] = Counter(hand)\n        q: Deque[str] = deque(board)\n        return -1 if len(q) > sum(c.values()) * 3 else len(board) % 3\n";
    let by_length = "// Declared, not assigned.\nfunction findMinStep(board, hand) {\n    return board.length % 3 === 0 ? -1 : 2;\n}\n";
    let ws = workspace(
        CASES,
        2000,
        &[
            ("accepted/bfs_py.py", bfs),
            ("wrong_answer/counts_py.py", counts.into()),
            ("wrong_answer/by_length_js.js", by_length.into()),
        ],
    );
    let mut cmd = judge();
    cmd.current_dir(ws.path()).args([
        "run",
        "--cases",
        "cases.toml",
        "--solutions-dir",
        "scripts",
        "--format",
        "json",
        "--solution",
        "bfs_py",
        "--solution",
        "counts_py",
        "--solution",
        "by_length_js",
    ]);
    let report = run_json(&mut cmd, 0);
    let got = verdicts(&report, 0);
    assert!(got["bfs_py"].iter().all(|v| v.ends_with(":AC")), "{got:?}");
    assert_eq!(
        got["by_length_js"],
        strs(&[
            "example-1:AC",
            "example-2:AC",
            "example-3:AC",
            "old-example-4:WA",
            "split-pair:AC",
            // the sweep's first failing class
            "R+R:WA"
        ])
    );
    assert_eq!(
        got["counts_py"],
        strs(&[
            "example-1:WA",
            "example-2:AC",
            "example-3:WA",
            "old-example-4:WA",
            "split-pair:WA",
            "R+R:WA"
        ])
    );
}

#[test]
#[ignore = "slow (8.5 s here: repeats); .ci/run runs it"]
fn repeat_reports_the_median_of_n_calls_and_in_process_is_still_there() {
    let ws = workspace(CASES, 2000, &[]);
    let report = run_json(
        judge().current_dir(ws.path()).args([
            "run",
            "--cases",
            "cases.toml",
            "--format",
            "json",
            "--repeat",
            "3",
            "--solution",
            "seed000_bfs",
            "--solution",
            "seed003_adjacent_memo",
        ]),
        0,
    );
    assert_eq!(
        report["solutions"][0]["run_by"],
        "worker (zuma-judge worker), median of 3 calls"
    );
    let first = &report["solutions"][0]["cases"][0];
    assert_eq!(first["times_ms"].as_array().unwrap().len(), 3, "{first}");
    assert_eq!(
        verdicts(&report, 0)["seed003_adjacent_memo"],
        strs(&[
            "example-1:AC",
            "example-2:AC",
            "example-3:AC",
            "old-example-4:AC",
            "split-pair:WA"
        ])
    );
    let report = run_json(
        judge().current_dir(ws.path()).args([
            "run",
            "--cases",
            "cases.toml",
            "--format",
            "json",
            "--in-process",
            "--solution",
            "seed000_bfs",
        ]),
        0,
    );
    assert_eq!(report["solutions"][0]["run_by"], "in-process");
    let sandbox = report["sandbox"]["detail"].as_str().unwrap();
    assert!(
        sandbox.ends_with(
            "; with --in-process, compiled solutions were called in the judge's own process, unsandboxed"
        ),
        "{sandbox}"
    );
}

#[test]
#[ignore = "slow (20 s here: the shipped run); .ci/run runs it"]
fn the_shipped_examples_fail_where_they_should() {
    let ws = workspace(&format!("{CASES}{HARD_CASE}"), 1000, &[]);
    let report = run_json(
        judge().current_dir(ws.path()).args([
            "run",
            "--cases",
            "cases.toml",
            "--format",
            "json",
            "--solution",
            "brute_force_no_memo",
            "--solution",
            "fixed_rows_bfs",
        ]),
        0,
    );
    let got = verdicts(&report, 200);
    let ok = strs(&[
        "example-1:AC",
        "example-2:AC",
        "example-3:AC",
        "old-example-4:AC",
        "split-pair:AC",
    ]);
    let mut tle = ok.clone();
    tle.push("jury-timeout:TLE TLE: over the [CPU or wall] limit".into());
    assert_eq!(got["brute_force_no_memo"], tle);
    let mut re = ok;
    re.push("jury-timeout:RE RE: panicked: index out of bounds: the len is 16 but the index is 16 at solutions/run_time_error/fixed_rows_bfs.rs:23".into());
    assert_eq!(got["fixed_rows_bfs"], re);
    // A TLE is not minimised (each try would cost a limit); an RE is.
    assert_eq!(report["solutions"][0]["minimised"], Value::Null);
    assert_eq!(report["solutions"][1]["minimised"]["verdict"], "RE");
}

#[test]
fn list_shows_scripts_and_the_new_verdict_folders() {
    let out = judge()
        .arg("list")
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    // The table wraps long cells, so each solution's name and folder are checked on its line.
    for (name, expected) in [
        ("brute_force_no_memo", "time_limit_exceeded"),
        ("fixed_rows_bfs", "run_time_error"),
        ("seed000_bfs_js", "accepted"),
        ("seed003_adjacent_memo_py", "wrong_answer"),
    ] {
        let row: Vec<&str> = out
            .lines()
            .find(|l| l.starts_with(&format!("| {name} ")))
            .unwrap_or_else(|| panic!("{name} not listed:\n{out}"))
            .split_whitespace()
            .take(3)
            .collect();
        assert_eq!(row, ["|", name, expected]);
    }
}

#[test]
fn the_worker_mode_is_not_for_people() {
    let out = judge()
        .args(["worker", "--solution", "seed000_bfs"])
        .write_stdin("")
        .assert()
        .code(2)
        .get_output()
        .stderr
        .clone();
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "error: file descriptor 3 is not a pipe: `zuma-judge worker` is started by `zuma-judge run`, not by hand\n"
    );
}

#[test]
fn ctrl_c_writes_the_report_so_far_and_exits_3() {
    let ws = workspace(
        CASES,
        60_000,
        &[(
            "wrong_answer/forever_py.py",
            python("        while True:\n            pass"),
        )],
    );
    let out = ws.path().join("report.json");
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("zuma-judge"))
        .current_dir(ws.path())
        .env("ZUMA_JUDGE_CACHE", crate::common::test_cache())
        .args([
            "run",
            "--cases",
            "cases.toml",
            "--solutions-dir",
            "scripts",
            "--format",
            "json",
        ])
        .args([
            "--solution",
            "seed000_bfs",
            "--solution",
            "forever_py",
            "--out",
        ])
        .arg(&out)
        .args([
            "--report",
            "markdown=report.md",
            "--report",
            "junit=report.xml",
        ])
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Interrupt once the looping solution's worker runs: the first solution is judged by then.
    while !has_worker_running(child.id(), "/solution.py") {
        assert!(child.try_wait().unwrap().is_none(), "the run ended early");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    nix::sys::signal::kill(
        nix::unistd::Pid::from_raw(child.id() as i32),
        nix::sys::signal::Signal::SIGINT,
    )
    .unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(3));
    let report: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(report["exit_code"], 3);
    assert_eq!(
        report["incomplete"],
        "interrupted: stopped while judging forever_py on cases.toml#example-1, after 0 of 5 cases"
    );
    let got = verdicts(&report, 0);
    assert_eq!(got["seed000_bfs"].len(), 5);
    assert_eq!(got["forever_py"], Vec::<String>::new());
    assert_eq!(report["solutions"][1]["complete"], false);
    // Its promised WA may be in the cases it was not judged on: no failure, shown as stopped.
    assert_eq!(report["solutions"][1]["as_expected"], true);
    assert_eq!(report["solutions"][1]["verdict"], "accepted");
    // The other reports say where it stopped, and blame no folder for the cases not judged.
    let why =
        "interrupted: stopped while judging forever_py on cases.toml#example-1, after 0 of 5 cases";
    let md = std::fs::read_to_string(ws.path().join("report.md")).unwrap();
    assert!(
        md.starts_with("### zuma-judge: ⏸️ incomplete: the run was stopped\n"),
        "{md}"
    );
    assert!(md.contains(&format!("**INCOMPLETE:** {why}  \n")), "{md}");
    assert!(!md.contains("Move it to"), "{md}");
    assert!(
        md.contains("| <code>forever_py</code> | wrong_answer | stopped | ⏸️ |"),
        "{md}"
    );
    let xml = std::fs::read_to_string(ws.path().join("report.xml")).unwrap();
    assert_eq!(
        xml.matches(&format!("<property name=\"incomplete\" value=\"{why}\"/>"))
            .count(),
        3,
        "both solutions' suites and the cases suite"
    );
    assert!(!xml.contains("promised "), "{xml}");
}

/// Whether a child of process `parent` has `needle` in its command line (Linux `/proc`).
fn has_worker_running(parent: u32, needle: &str) -> bool {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return false;
    };
    dir.filter_map(|e| e.ok()).any(|e| {
        let stat = std::fs::read_to_string(e.path().join("stat")).unwrap_or_default();
        // pid (comm) state ppid ...: comm may hold spaces, so split after the last ')'.
        let ppid = stat
            .rsplit_once(')')
            .and_then(|(_, rest)| rest.split_whitespace().nth(1))
            .and_then(|p| p.parse::<u32>().ok());
        ppid == Some(parent)
            && std::fs::read(e.path().join("cmdline"))
                .is_ok_and(|c| String::from_utf8_lossy(&c).contains(needle))
    })
}

/// Copies the project (no `target/`, no `.git/`) to `to`, writing only files whose content
/// changed so that cargo's fingerprints survive between test runs, and replaces `solutions/`
/// by the shipped solutions plus `extra`.
fn sync_project(to: &Path, extra: &[(&str, String)]) {
    let root = Path::new(ROOT);
    let mut wanted: BTreeMap<PathBuf, Vec<u8>> = BTreeMap::new();
    for entry in walkdir::WalkDir::new(root)
        .into_iter()
        .filter_entry(|e| !matches!(e.file_name().to_str(), Some("target" | ".git")))
    {
        let entry = entry.unwrap();
        if entry.file_type().is_file() {
            let rel = entry.path().strip_prefix(root).unwrap().to_path_buf();
            wanted.insert(rel, std::fs::read(entry.path()).unwrap());
        }
    }
    for (path, text) in extra {
        wanted.insert(Path::new("solutions").join(path), text.as_bytes().to_vec());
    }
    if to.join("solutions").exists() {
        for entry in walkdir::WalkDir::new(to.join("solutions")) {
            let entry = entry.unwrap();
            let rel = entry.path().strip_prefix(to).unwrap();
            if entry.file_type().is_file() && !wanted.contains_key(rel) {
                std::fs::remove_file(entry.path()).unwrap();
            }
        }
    }
    for (rel, bytes) in &wanted {
        let p = to.join(rel);
        if std::fs::read(&p).ok().as_ref() != Some(bytes) {
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(&p, bytes).unwrap();
        }
    }
}

/// The hostile Rust solutions dropped into a copy of the project.
fn hostile_rust() -> [(&'static str, String); 9] {
    [
        (
            "time_limit_exceeded/hostile_loop.rs",
            rust("        if board.contains('Y') { loop { std::hint::black_box(0); } }"),
        ),
        (
            "time_limit_exceeded/hostile_sleep.rs",
            rust("        if board == \"G\" { std::thread::sleep(std::time::Duration::from_secs(60)); }"),
        ),
        (
            "run_time_error/hostile_index.rs",
            rust("        if board.len() == 10 { let v = vec![0u8; 3]; return v[board.len()] as i32; }"),
        ),
        (
            "run_time_error/hostile_recursion.rs",
            rust("        fn down(n: u64) -> u64 { let b = [n; 64]; std::hint::black_box(&b); if n == 0 { 0 } else { down(n - 1) + b[(n % 64) as usize] } }\n        if board == \"WWRRBBWW\" { return down(u64::MAX) as i32; }"),
        ),
        (
            "run_time_error/hostile_abort.rs",
            rust("        if board == \"WRRBBW\" { std::process::abort(); }"),
        ),
        (
            "memory_limit_exceeded/hostile_alloc.rs",
            rust("        if board == \"G\" { let v = vec![1u8; 6 << 30]; return v[v.len() - 1] as i32; }"),
        ),
        // LeetCode accepts a `find_min_step` that is not `pub`.
        (
            "accepted/private_entry.rs",
            rust("").replace("pub fn find_min_step", "fn find_min_step"),
        ),
        // Does not compile (a missing `;` on line 3): CE, and every other solution still runs.
        (
            "compile_error/missing_semicolon.rs",
            "//! Broken on purpose.\nimpl Solution {\n    pub fn find_min_step(board: String, hand: String) -> i32 { let x = 1 x }\n}\n".into(),
        ),
        // Reaches into the judge for the oracle: compiled on its own, it cannot see the crate.
        (
            "compile_error/calls_the_oracle.rs",
            "//! Cheats.\nimpl Solution {\n    pub fn find_min_step(board: String, hand: String) -> i32 {\n        let i = crate::rules::Instance::parse(&board, &hand, &Default::default()).unwrap();\n        crate::oracle::solve(&i).unwrap().as_i32()\n    }\n}\n".into(),
        ),
    ]
}

/// The judge built from a copy of the project with `hostile` dropped into its `solutions/`.
fn build_with(hostile: &[(&str, String)]) -> PathBuf {
    let base = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("hostile");
    let project = base.join("project");
    sync_project(&project, hostile);
    let status = Command::new(env!("CARGO"))
        .current_dir(&project)
        .env("CARGO_TARGET_DIR", base.join("target"))
        .env("CARGO_PROFILE_DEV_OPT_LEVEL", "1")
        .args(["build", "--offline", "--quiet", "--bin", "zuma-judge"])
        .status()
        .unwrap();
    assert!(
        status.success(),
        "the copy with hostile solutions did not build"
    );
    base.join("target/debug/zuma-judge")
}

/// The acceptance test of the issue: hostile compiled solutions dropped into `solutions/` of a
/// copy of the project, the judge rebuilt, and the run finishes with each hostile solution
/// failing exactly on its cases while every shipped solution keeps its verdicts.
#[test]
#[ignore = "slow (228 s here: builds a copy of the project); .ci/run runs it"]
fn hostile_rust_solutions_dropped_in_and_rebuilt() {
    let rebuilt = build_with(&hostile_rust());

    let ws = workspace(&format!("{CASES}{HARD_CASE}"), 1000, &[]);
    let args = ["run", "--cases", "cases.toml", "--format", "json"];
    let mut cmd = assert_cmd::Command::new(&rebuilt);
    cmd.current_dir(ws.path()).args(args);
    let report = run_json(&mut cmd, 0);
    let with_hostiles = verdicts(&report, 200);
    let sleeper = report["solutions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == "hostile_sleep")
        .unwrap();
    assert_eq!(
        sleeper["cases"][2]["message"],
        "TLE: over the wall 3000 ms limit"
    );
    let mut cmd = judge();
    cmd.current_dir(ws.path()).args(args);
    let shipped = verdicts(&run_json(&mut cmd, 0), 200);

    for (name, cases) in &shipped {
        assert_eq!(&with_hostiles[name], cases, "{name} changed");
    }
    let cases = [&CASE_NAMES[..], &["jury-timeout"]].concat();
    #[rustfmt::skip]
    let odd: [(&str, &[(&str, &str)]); 7] = [
        // RY+R: the sweep's first class, where the loop loops too.
        ("hostile_loop", &[("old-example-4", TLE), ("jury-timeout", TLE), ("RY+R", TLE)]),
        ("hostile_sleep", &[("example-3", TLE)]),
        ("hostile_index", &[("split-pair", "RE RE: panicked: index out of bounds: the len is 3 but the index is 10 at solutions/run_time_error/hostile_index.rs:8")]),
        ("hostile_recursion", &[("example-2", "RE RE: stack overflow, killed by SIGABRT: fatal runtime error: stack overflow, aborting")]),
        ("hostile_abort", &[("example-1", "RE RE: killed by SIGABRT")]),
        ("hostile_alloc", &[("example-3", "MLE MLE: over the memory 512 MiB limit")]),
        ("private_entry", &[]),
    ];
    for (name, odd) in odd {
        assert_eq!(with_hostiles[name], expected(&cases, odd), "{name}");
    }
    for name in ["missing_semicolon", "calls_the_oracle"] {
        assert_eq!(with_hostiles[name], Vec::<String>::new(), "{name}");
    }
    assert_eq!(with_hostiles.len(), shipped.len() + 9);
    let message = |name: &str| {
        let s = report["solutions"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["name"] == name)
            .unwrap();
        assert_eq!(s["verdict"], "compile_error", "{name}");
        s["message"].as_str().unwrap().to_string()
    };
    let m = message("missing_semicolon");
    assert!(
        m.contains("--> solutions/compile_error/missing_semicolon.rs:3:"),
        "{m}"
    );
    let m = message("calls_the_oracle");
    assert!(
        m.contains("solutions/compile_error/calls_the_oracle.rs:4:"),
        "{m}"
    );

    exhaust_ends_a_looping_worker(&rebuilt, ws.path());
}

/// `exhaust` calls solutions in workers too: `hostile_loop` is a counterexample with no answer,
/// not a hung sweep, even at the default bound (board 8, hand 5), since classes past a failure
/// already seen are skipped.
fn exhaust_ends_a_looping_worker(rebuilt: &Path, ws: &Path) {
    let out = assert_cmd::Command::new(rebuilt)
        .current_dir(ws)
        .args([
            "exhaust",
            "--solution",
            "hostile_loop",
            "--no-metamorphic",
            "--no-record",
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let r: Value = serde_json::from_slice(&out.stdout).unwrap();
    let cx = &r["counterexample"];
    assert_eq!(
        (&cx["board"], &cx["hand"], &cx["oracle"], &cx["kind"]),
        (&json!("RY"), &json!("R"), &json!(-1), &json!("no_answer"))
    );
    assert!(
        cx["message"].as_str().unwrap().starts_with("over the "),
        "{cx}"
    );
}

#[test]
#[ignore = "slow (5.2 s here: memory hogs); .ci/run runs it"]
fn each_case_reports_its_own_peak_memory_and_a_childs_counts() {
    // 120 MiB on example-2 only, in the worker itself or in a child it waits for. The peak is
    // the kernel's high-water mark, set back at each call: the cases after example-2 are small
    // again. An idle Python worker holds about 10 MiB.
    let hog = "        if board == 'WWRRBBWW':\n            b = bytearray(120 << 20)\n            for i in range(0, len(b), 4096): b[i] = 1\n            del b";
    let child = "        if board == 'WWRRBBWW':\n            import subprocess, sys\n            subprocess.run([sys.executable, '-c', 'b = bytearray(120 << 20)\\nfor i in range(0, len(b), 4096): b[i] = 1\\nimport time; time.sleep(0.5)'])";
    let ws = workspace(
        CASES,
        2000,
        &[
            ("accepted/hog_py.py", python(hog)),
            ("accepted/child_py.py", python(child)),
        ],
    );
    let mut cmd = judge();
    cmd.current_dir(ws.path()).args([
        "run",
        "--cases",
        "cases.toml",
        "--solutions-dir",
        "scripts",
        "--format",
        "json",
        "--solution",
        "hog_py",
        "--solution",
        "child_py",
    ]);
    let report = run_json(&mut cmd, 0);
    for s in report["solutions"].as_array().unwrap() {
        let mib: Vec<(String, u64)> = s["cases"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| !c["case"].as_str().unwrap().starts_with("sweep#"))
            .map(|c| {
                let name = c["case"].as_str().unwrap().split('#').nth(1).unwrap();
                (name.to_string(), c["memory_kib"].as_u64().unwrap() / 1024)
            })
            .collect();
        let big: Vec<&str> = mib
            .iter()
            .filter(|(_, m)| *m >= 120)
            .map(|(n, _)| n.as_str())
            .collect();
        assert_eq!(big, ["example-2"], "{} {mib:?}", s["name"]);
        assert!(mib.iter().all(|(_, m)| *m < 200), "{} {mib:?}", s["name"]);
        let small = mib.iter().filter(|(_, m)| *m < 60).count();
        assert_eq!(small, 4, "{} {mib:?}", s["name"]);
        let peak = s["timing"]["memory_max_kib"].as_u64().unwrap() / 1024;
        assert!((120..200).contains(&peak), "{} {peak}", s["name"]);
    }
}
