//! `grade --shard K/N|auto` and `merge` of grade shards: a folder of seven Python submissions
//! graded whole and in 4 shards (shard 1 empty), merged into the same CSV and JSON (timings
//! aside); a Slurm array task judges exactly its shard; refusals exit 2 with the file named.

use std::path::Path;

use serde_json::Value;

use crate::common::{fixture, judge, outcome, write};

/// Student -> shard of 4 by the SHA-256 of the id: ann 3, ben 3, cat 4, dan 2, eve 4, fay 4,
/// gus 2, none in 1.
const STUDENTS: [(&str, &str); 7] = [
    ("ann", "accepted"),
    ("ben", "wrong_answer"),
    ("cat", "compile_error"),
    ("dan", "accepted"),
    ("eve", "wrong_answer"),
    ("fay", "accepted"),
    ("gus", "wrong_answer"),
];

fn folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(
        d,
        "cases.toml",
        "[[case]]\nname = \"split-pair\"\nboard = \"RRWWRRBBRR\"\nhand = \"WB\"\npoints = 3\n\
         [[case]]\nname = \"example-1\"\nboard = \"WRRBBW\"\nhand = \"RB\"\n",
    );
    write(d, "judge.toml", "[sweep]\nmax_board = 3\nmax_hand = 2\n");
    for (student, kind) in STUDENTS {
        let file = match kind {
            "accepted" => "seed000_bfs_py.py",
            "wrong_answer" => "always_two_py.py",
            _ => "syntax_py.py",
        };
        write(
            d,
            &format!("subs/{student}.py"),
            &fixture("python3", kind, file),
        );
    }
    dir
}

/// `zuma-judge ARGS` in `dir` with the environment `env` (and no scheduler variable else).
fn zuma(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> (Option<i32>, String, String) {
    let mut cmd = judge();
    for var in [
        "SLURM_ARRAY_TASK_ID",
        "SLURM_ARRAY_TASK_COUNT",
        "SLURM_ARRAY_TASK_MIN",
        "SLURM_ARRAY_TASK_MAX",
        "SLURM_ARRAY_TASK_STEP",
        "JOB_COMPLETION_INDEX",
        "JOB_COMPLETIONS",
        "PARALLEL_SEQ",
    ] {
        cmd.env_remove(var);
    }
    cmd.envs(env.iter().copied());
    let out = cmd
        .current_dir(dir)
        .args(["--config", "judge.toml", "--color", "never"])
        .args(args)
        .output()
        .unwrap();
    outcome(&out)
}

fn grade(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> (Option<i32>, String, String) {
    let mut all = vec!["grade", "subs", "--cases", "cases.toml"];
    all.extend(args);
    zuma(dir, &all, env)
}

/// The JSON report without what a second judging cannot repeat: times, memory, threads, the
/// builds and the verdict cache's flags.
fn without_timings(v: &mut Value) {
    match v {
        Value::Object(map) => {
            map.retain(|k, _| {
                !(k.ends_with("_ms")
                    || k.ends_with("_kib")
                    || ["timing", "builds", "build", "jobs", "replayed"].contains(&k.as_str()))
            });
            map.values_mut().for_each(without_timings);
        }
        Value::Array(list) => list.iter_mut().for_each(without_timings),
        _ => {}
    }
}

fn json(dir: &Path, file: &str) -> Value {
    let mut v: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join(file)).unwrap()).unwrap();
    without_timings(&mut v);
    v
}

/// The CSV without its CPU time and memory columns.
fn csv(dir: &Path, file: &str) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(dir.join(file)).unwrap();
    let mut rows: Vec<Vec<String>> = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(text.as_bytes())
        .records()
        .map(|r| r.unwrap().iter().map(String::from).collect())
        .collect();
    let header = rows[0].clone();
    let keep: Vec<bool> = header
        .iter()
        .map(|h| !h.ends_with("_ms") && !h.ends_with("_kib"))
        .collect();
    for row in &mut rows {
        let mut k = keep.iter();
        row.retain(|_| *k.next().unwrap());
    }
    rows
}

#[test]
fn four_shards_merge_into_the_unsharded_gradebook() {
    let dir = folder();
    let d = dir.path();
    let whole = grade(
        d,
        &[
            "--format",
            "json",
            "--out",
            "whole.json",
            "--report",
            "csv=whole.csv",
        ],
        &[],
    );
    assert_eq!(whole.0, Some(0), "{}", whole.2);
    for k in 1..=4 {
        let (code, out, err) = grade(
            d,
            &["--shard", &format!("{k}/4"), "--out", &format!("s{k}.json")],
            &[],
        );
        assert_eq!((code, out), (Some(0), String::new()), "{err}");
        let mine = [0, 2, 2, 3][k - 1];
        assert!(
            err.starts_with(&format!("shard {k}/4: {mine} of 7 submissions\n")),
            "{err}"
        );
    }
    let files = ["s1.json", "s2.json", "s3.json", "s4.json"];
    let mut merge = vec!["merge"];
    merge.extend(files);
    merge.extend([
        "--format",
        "json",
        "--out",
        "merged.json",
        "--report",
        "csv=merged.csv",
    ]);
    let (code, _, err) = zuma(d, &merge, &[]);
    assert_eq!(code, whole.0, "{err}");
    assert_eq!(json(d, "merged.json"), json(d, "whole.json"));
    assert_eq!(csv(d, "merged.csv"), csv(d, "whole.csv"));
    let students: Vec<String> = csv(d, "merged.csv")[1..]
        .iter()
        .map(|r| r[0].clone())
        .collect();
    assert_eq!(students, ["ann", "ben", "cat", "dan", "eve", "fay", "gus"]);

    // Missing and duplicate shards are refused, naming the K's and the file.
    let (code, _, err) = zuma(d, &["merge", "s1.json", "s3.json", "s4.json"], &[]);
    assert_eq!(
        (code, err.as_str()),
        (
            Some(2),
            "error: shard 2/4 is missing; a merge needs every shard of the grade\n"
        )
    );
    let (code, _, err) = zuma(
        d,
        &[
            "merge", "s1.json", "s2.json", "s3.json", "s4.json", "s2.json",
        ],
        &[],
    );
    assert_eq!(
        (code, err.as_str()),
        (
            Some(2),
            "error: s2.json: shard 2/4 is given twice (also s2.json)\n"
        )
    );
}

/// Under `SLURM_ARRAY_TASK_ID=2 SLURM_ARRAY_TASK_COUNT=4`, `--shard auto` is shard 3/4 and
/// judges ann and ben, exactly the students whose id hashes to it.
#[test]
fn a_slurm_array_task_judges_exactly_its_shard() {
    let dir = folder();
    let d = dir.path();
    let slurm = [
        ("SLURM_ARRAY_TASK_ID", "2"),
        ("SLURM_ARRAY_TASK_COUNT", "4"),
    ];
    let (code, out, err) = grade(d, &["--shard", "auto"], &slurm);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        err.starts_with(
            "shard 3/4 from SLURM_ARRAY_TASK_ID=2, SLURM_ARRAY_TASK_COUNT=4\nshard 3/4: 2 of 7 submissions\n"
        ),
        "{err}"
    );
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["kind"], "grade_shard");
    assert_eq!(v["shard"], serde_json::json!({"index": 3, "count": 4}));
    let rows: Vec<&str> = v["grade"]["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["student"].as_str().unwrap())
        .collect();
    assert_eq!(rows, ["ann", "ben"]);
    let want: Vec<&str> = STUDENTS
        .iter()
        .map(|(id, _)| *id)
        .filter(|id| zuma_judge::hunt::grade_shards::shard_of(id, 4) == 3)
        .collect();
    assert_eq!(rows, want);
    let listed: Vec<(&str, u64)> = v["students"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| (a["student"].as_str().unwrap(), a["shard"].as_u64().unwrap()))
        .collect();
    assert_eq!(
        listed,
        [
            ("ann", 3),
            ("ben", 3),
            ("cat", 4),
            ("dan", 2),
            ("eve", 4),
            ("fay", 4),
            ("gus", 2)
        ]
    );
}

/// A failed task run again alone (`sbatch --array=2`) is an array of 1 task to Slurm: with the
/// array's size given by `--shard-count` (as deploy/slurm/grade.sbatch gives it), `--shard auto`
/// refuses it instead of grading the whole folder as shard 1/1, and `--shard 3/4` grades it.
#[test]
fn a_slurm_task_run_again_alone_is_refused_unless_given_its_shard() {
    let dir = folder();
    let d = dir.path();
    let again = [
        ("SLURM_ARRAY_TASK_ID", "2"),
        ("SLURM_ARRAY_TASK_COUNT", "1"),
        ("SLURM_ARRAY_TASK_MIN", "2"),
        ("SLURM_ARRAY_TASK_MAX", "2"),
        ("SLURM_ARRAY_TASK_STEP", "1"),
    ];
    let (code, out, err) = grade(d, &["--shard", "auto", "--shard-count", "4"], &again);
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (
            Some(2),
            "",
            "error: --shard auto: --shard-count 4 and SLURM_ARRAY_TASK_COUNT=1 disagree\n"
        )
    );
    let (code, out, err) = grade(d, &["--shard", "3/4", "--shard-count", "4"], &again);
    assert_eq!(
        (code, err.as_str()),
        (Some(0), "shard 3/4: 2 of 7 submissions\n")
    );
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["shard"], serde_json::json!({"index": 3, "count": 4}));
}

#[test]
fn a_shard_without_a_scheduler_or_asked_for_a_gradebook_exits_2() {
    let dir = folder();
    let d = dir.path();
    let (code, _, err) = grade(d, &["--shard", "auto"], &[]);
    assert_eq!(code, Some(2));
    assert_eq!(
        err,
        "error: --shard auto: no scheduler variable is set; it reads SLURM_ARRAY_TASK_ID and \
         SLURM_ARRAY_TASK_COUNT (Slurm job arrays), JOB_COMPLETION_INDEX with --shard-count or \
         JOB_COMPLETIONS (Kubernetes Indexed Jobs), or PARALLEL_SEQ with --shard-count (GNU \
         parallel); or give --shard K/N\n"
    );
    let (code, _, err) = grade(
        d,
        &["--shard", "auto"],
        &[("PARALLEL_SEQ", "2"), ("JOB_COMPLETION_INDEX", "0")],
    );
    assert_eq!(
        (code, err.as_str()),
        (Some(2), "error: --shard auto: JOB_COMPLETIONS is not set: give the number of shards with --shard-count N\n")
    );
    let (code, _, err) = grade(d, &["--shard", "1/4", "--format", "csv"], &[]);
    assert_eq!(
        (code, err.as_str()),
        (Some(2), "error: a shard writes its shard report (JSON) only: drop --format and --report, and ask `zuma-judge merge` for the gradebook in any format\n")
    );
    let (code, _, err) = grade(d, &["--shard", "1/4", "--shard-count", "3"], &[]);
    assert_eq!(
        (code, err.as_str()),
        (Some(2), "error: --shard 1/4 and --shard-count 3 disagree\n")
    );
}
