//! `grade --format gradescope` and `--feedback DIR`, and the autograder bundle's
//! `run_autograder` in a temporary root: results.json against the JSON Schema written from
//! Gradescope's specification (`tests/fixtures/gradescope/`), exact tests for an AC, a visible
//! WA (witness drawn) and a hidden WA (nothing of it in any string), one feedback file per
//! student, and the refusals (several submissions, `run`).

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::common::{fixture, judge, outcome, test_cache, write};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Visible: split-pair (2), statement example 3 (3).
const VISIBLE: &str = r#"
[[case]]
name = "split-pair"
board = "RRWWRRBBRR"
hand = "WB"
[[case]]
name = "example-3"
board = "RBYYBBRRB"
hand = "YRBGB"
points = 2
"#;

/// Hidden, as a whole file: -1, and nothing of it may reach a student.
const HIDDEN: &str = r#"
visibility = "hidden"
[[case]]
name = "secret-trap"
board = "YYWWYYRR"
hand = "GWY"
"#;

/// What a student must never read of the hidden case: its name, its file, its board (also as
/// a witness draws it), its hand, its answer.
const SECRETS: [&str; 6] = [
    "secret-trap",
    "hidden.toml",
    "YYWWYYRR",
    "Y Y W W Y Y R R",
    "GWY",
    "-1",
];

/// No sweep: the tests judge the case files alone.
const CONFIG: &str = "[sweep]\nmax_board = 0\nmax_hand = 0\n";

/// A folder with `judge.toml`, `cases/{visible,hidden}.toml` and `subs/` holding `files`.
fn folder(files: &[(&str, String)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "judge.toml", CONFIG);
    write(d, "cases/visible.toml", VISIBLE);
    write(d, "cases/hidden.toml", HIDDEN);
    for (rel, text) in files {
        write(d, &format!("subs/{rel}"), text);
    }
    dir
}

fn grade(dir: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let out = judge()
        .current_dir(dir)
        .args(["--color", "never", "grade", "--cases", "cases"])
        .args(args)
        .output()
        .unwrap();
    outcome(&out)
}

/// Every error of `v` against the shipped schema; empty when it conforms.
fn schema_errors(v: &Value) -> Vec<String> {
    let path = Path::new(ROOT).join("tests/fixtures/gradescope/results.schema.json");
    let mut schemas = boon::Schemas::new();
    let mut compiler = boon::Compiler::new();
    let id = compiler
        .compile(path.to_str().unwrap(), &mut schemas)
        .unwrap();
    match schemas.validate(v, id) {
        Ok(()) => Vec::new(),
        Err(e) => vec![format!("{e:#}")],
    }
}

/// Every string in `v`, keys and values.
fn strings(v: &Value) -> Vec<String> {
    match v {
        Value::String(s) => vec![s.clone()],
        Value::Array(a) => a.iter().flat_map(strings).collect(),
        Value::Object(o) => o
            .iter()
            .flat_map(|(k, v)| std::iter::once(k.clone()).chain(strings(v)))
            .collect(),
        _ => Vec::new(),
    }
}

fn assert_no_secret(v: &Value) {
    for s in strings(v) {
        for secret in SECRETS {
            assert!(!s.contains(secret), "{secret:?} in {s:?}");
        }
    }
}

/// `subs/<file>` holding `text`, graded with `--format gradescope`: the folder and the results,
/// which the schema accepts; the grade exits 0.
fn graded(file: &str, text: String) -> (tempfile::TempDir, Value) {
    let dir = folder(&[(file, text)]);
    let (code, out, err) = grade(dir.path(), &["subs", "--format", "gradescope"]);
    assert_eq!(code, Some(0), "{err}");
    let v = results(&out);
    assert_eq!(schema_errors(&v), Vec::<String>::new());
    (dir, v)
}

/// `execution_time` blanked: it is measured.
fn results(text: &str) -> Value {
    let mut v: Value = serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"));
    assert!(v["execution_time"].as_f64().unwrap() > 0.0, "{text}");
    v["execution_time"] = Value::from(0);
    v
}

#[test]
fn the_schema_rejects_what_the_specification_forbids() {
    let bad: Value = serde_json::from_str(
        &std::fs::read_to_string(Path::new(ROOT).join("tests/fixtures/gradescope/rejected.json"))
            .unwrap(),
    )
    .unwrap();
    let errors = schema_errors(&bad).join("\n");
    assert_eq!(
        errors.lines().skip(1).collect::<Vec<_>>(),
        [
            "- at '/tests/0/status' [S#/$defs/test/properties/status/enum]: value must be one of \
             'passed', 'failed'",
            "- at '/visibility' [S#/$defs/visibility/enum]: value must be one of 'hidden', \
             'after_due_date', 'after_published', 'visible'"
        ]
    );
    assert_eq!(schema_errors(&serde_json::json!({"output": "x"})).len(), 1);
    assert_eq!(
        schema_errors(&serde_json::json!({"score": 0})),
        Vec::<String>::new()
    );
}

/// always two: AC on split-pair, WA on example-3 (visible: input, expected 3, got 2 and the
/// witness drawn) and on the hidden trap (only "hidden case 1: wrong answer").
#[test]
fn one_ac_one_visible_wa_and_one_hidden_wa() {
    let (_dir, v) = graded(
        "dan.py",
        fixture("python3", "wrong_answer", "always_two_py.py"),
    );
    assert_no_secret(&v);
    insta::assert_snapshot!(
        "gradescope_ac_visible_wa_hidden_wa",
        serde_json::to_string_pretty(&v).unwrap()
    );
}

/// A compile error scores 0, with the compiler's message and no test; a missing toolchain has
/// no score at all and says it was not judged.
#[test]
fn a_compile_error_scores_zero_and_a_missing_toolchain_scores_nothing() {
    let (dir, v) = graded(
        "syntax.py",
        fixture("python3", "compile_error", "syntax_py.py"),
    );
    assert_eq!(
        (&v["score"], &v["tests"]),
        (&Value::from(0), &serde_json::json!([]))
    );
    let output = v["output"].as_str().unwrap();
    assert!(
        output.starts_with("**Verdict:** compile error, 0 of 3 cases passed, score 0 of 4\n")
            && output.contains("SyntaxError"),
        "{output}"
    );
    let out = judge()
        .current_dir(dir.path())
        .env("PATH", "/nonexistent")
        .args([
            "grade",
            "--cases",
            "cases",
            "subs",
            "--format",
            "gradescope",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let v = results(&String::from_utf8_lossy(&out.stdout));
    assert_eq!(schema_errors(&v), Vec::<String>::new());
    assert_eq!(v.get("score"), None);
    let line = v["tests"][0]["output"].as_str().unwrap();
    assert_eq!(
        line,
        "not judged: the grading machine has no python3; this is not your score: ask your \
         instructor to fix the autograder and regrade"
    );
}

#[test]
fn several_submissions_and_run_are_refused() {
    let two = fixture("python3", "wrong_answer", "always_two_py.py");
    let dir = folder(&[("a.py", two.clone()), ("b.py", two)]);
    let (code, out, err) = grade(dir.path(), &["subs", "--format", "gradescope"]);
    assert_eq!((code, out.as_str()), (Some(2), ""));
    assert_eq!(
        err,
        "error: --format gradescope writes the results of one submission (Gradescope grades \
         one per run), and 2 submissions were found; give the one file or folder to grade\n"
    );
    let out = judge()
        .current_dir(dir.path())
        .args(["run", "--cases", "cases", "--format", "gradescope"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: the gradescope format is grade's only: `zuma-judge grade SUBMISSION --format \
         gradescope`\n"
    );
}

/// One file per student, whatever the format: dan's shows the visible failure with its
/// witness and only the hidden case's number and verdict.
#[test]
fn feedback_writes_one_file_per_student() {
    let dir = folder(&[
        (
            "dan/solution.py",
            fixture("python3", "wrong_answer", "always_two_py.py"),
        ),
        (
            "eve/main.py",
            fixture("python3", "compile_error", "syntax_py.py"),
        ),
    ]);
    let (code, _, err) = grade(dir.path(), &["subs", "--format", "csv", "--feedback", "fb"]);
    assert_eq!(code, Some(0), "{err}");
    let mut names: Vec<String> = std::fs::read_dir(dir.path().join("fb"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let students: Vec<String> = names.iter().map(|n| n.replace(".md", "")).collect();
    assert_eq!(names.len(), 2, "{names:?}");
    let read = |n: &str| std::fs::read_to_string(dir.path().join("fb").join(n)).unwrap();
    let dan = read(&names[0]);
    for secret in SECRETS {
        assert!(!dan.contains(secret), "{secret:?} in {dan}");
    }
    insta::assert_snapshot!("feedback_dan", dan);
    assert!(
        read(&names[1]).contains("**Verdict:** compile error, 0 of 3 cases passed"),
        "{students:?}"
    );
}

/// `run_autograder` in a temporary root: a pasted submission in `submission/`, the cases in
/// `source/cases/`, and results.json in `results/`, valid and with nothing of the hidden case.
#[test]
fn run_autograder_in_a_temporary_root() {
    let root = tempfile::tempdir().unwrap();
    let r = root.path();
    write(r, "source/judge.toml", CONFIG);
    write(r, "source/cases/visible.toml", VISIBLE);
    write(r, "source/cases/hidden.toml", HIDDEN);
    write(
        r,
        "submission/solution.py",
        &fixture("python3", "wrong_answer", "always_two_py.py"),
    );
    let (code, stdout, _) = run_autograder(r);
    assert_eq!(code, Some(0), "{stdout}");
    assert!(stdout.contains("zuma-judge grade exited 0\n"), "{stdout}");
    let v = results(&std::fs::read_to_string(r.join("results/results.json")).unwrap());
    assert_eq!(schema_errors(&v), Vec::<String>::new());
    assert_no_secret(&v);
    assert_eq!(
        (&v["score"], v["tests"].as_array().unwrap().len()),
        (&Value::from(1), 3)
    );
    // Only results.json is left in the results folder: the grader's report went to stdout.
    let left: Vec<_> = std::fs::read_dir(r.join("results")).unwrap().collect();
    assert_eq!(left.len(), 1);
    // Two files uploaded: grade refuses, and the results say why, with no score.
    write(r, "submission/helper.py", "x = 1\n");
    let (code, stdout, _) = run_autograder(r);
    assert_eq!(code, Some(0), "{stdout}");
    let v: Value =
        serde_json::from_str(&std::fs::read_to_string(r.join("results/results.json")).unwrap())
            .unwrap();
    assert_eq!(schema_errors(&v), Vec::<String>::new());
    assert_eq!(v.get("score"), None);
    assert_eq!(
        v["output"],
        "**not graded:** --format gradescope writes the results of one submission (Gradescope \
         grades one per run), and 2 submissions were found; give the one file or folder to grade"
    );
}

/// `autograder/run_autograder` with its root at `root` and the judge under test.
fn run_autograder(root: &Path) -> (Option<i32>, String, String) {
    let script: PathBuf = Path::new(ROOT).join("autograder/run_autograder");
    let out = std::process::Command::new(script)
        .current_dir(root)
        .env("ZUMA_AUTOGRADER_ROOT", root)
        .env("ZUMA_JUDGE_BIN", env!("CARGO_BIN_EXE_zuma-judge"))
        .env("ZUMA_JUDGE_CACHE", test_cache())
        .env("ZUMA_JUDGE_REJUDGE", "1")
        .output()
        .unwrap();
    outcome(&out)
}
