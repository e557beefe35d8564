use super::*;
use crate::report::Format;

/// The reporters' fixture run as a graded folder: `subs/<name>.rs` per fake, student `<name>`.
/// Over 4 shards: always_minus_one in 1, panics_on_g in 4, always_two in 3, none in 2. Judged
/// once, so that every shard and the whole have the same times.
fn folder() -> (RunReport, Vec<Student>) {
    static JUDGED: std::sync::OnceLock<(RunReport, Vec<Student>)> = std::sync::OnceLock::new();
    JUDGED.get_or_init(judged).clone()
}

fn judged() -> (RunReport, Vec<Student>) {
    let mut run = crate::report::fixture::report();
    // A time: the merge adds the shards' up.
    run.oracle_ms = 0.0;
    for s in &mut run.solutions {
        s.path = format!("subs/{}.rs", s.name);
    }
    let students = run
        .solutions
        .iter()
        .map(|s| Student {
            path: s.path.clone(),
            id: s.name.clone(),
        })
        .collect();
    (run, students)
}

fn fingerprint() -> Fingerprint {
    Fingerprint {
        judge: "zuma-judge 0.1.0".into(),
        judge_sha256: "aa".into(),
        config_sha256: "bb".into(),
        cases_sha256: "cc".into(),
        sandbox: "off (--no-sandbox)".into(),
    }
}

fn grade_of(run: RunReport, students: &[Student], jobs: usize) -> GradeReport {
    let judged = Judged {
        replayed: vec![false; run.solutions.len()],
        report: run,
        extras: None,
        jobs,
        wall_ms: 0.0,
    };
    GradeReport::of(judged, vec!["subs/notes.txt".into()], (students, None))
}

/// Shard `k` of 4's report as `grade --shard k/4` writes it, `edit`ed, read back from `dir`.
fn shard_file(
    dir: &Path,
    k: usize,
    edit: &dyn Fn(&mut Option<GradeReport>),
) -> (PathBuf, ReadShard) {
    let (run, students) = folder();
    let assigned: Vec<Assigned> = students
        .iter()
        .map(|s| Assigned {
            student: s.id.clone(),
            path: s.path.clone(),
            shard: grade_shards::shard_of(&s.id, 4),
        })
        .collect();
    let mut part = run.clone();
    part.solutions
        .retain(|s| grade_shards::shard_of(&s.name, 4) == k);
    let mut grade = (!part.solutions.is_empty()).then(|| grade_of(part, &students, 1));
    edit(&mut grade);
    let shard = Shard { index: k, count: 4 };
    let report = ShardReport::new((shard, fingerprint()), assigned, grade.as_ref());
    let path = dir.join(format!("shard-{k}.json"));
    std::fs::write(&path, report.json()).unwrap();
    let read = read(&path).unwrap();
    (path, read)
}

fn shards(dir: &Path, ks: &[usize]) -> Vec<(PathBuf, ReadShard)> {
    ks.iter().map(|&k| shard_file(dir, k, &|_| {})).collect()
}

/// Four shards, one empty, merge into the grade of the whole folder, in every format: the
/// witnesses drawn from inputs solved again, rows in the folder's order.
#[test]
fn four_shards_merge_into_the_whole_grade_in_every_format() {
    let dir = tempfile::tempdir().unwrap();
    let (run, students) = folder();
    // Three shards judged, one thread each.
    let whole = grade_of(run, &students, 3);
    let merged = merge(&shards(dir.path(), &[2, 4, 1, 3])).unwrap();
    for format in [
        Format::Human,
        Format::Json,
        Format::Csv,
        Format::Markdown,
        Format::Html,
        Format::Junit,
    ] {
        let (m, w) = (merged.render(format), whole.render(format));
        let first = m.lines().zip(w.lines()).position(|(a, b)| a != b);
        assert_eq!(m, w, "{format:?}: line {first:?}");
    }
    assert!(whole.render(Format::Human).contains("always_minus_one"));
    assert_eq!(merged.exit(), whole.exit());
}

fn refusal(shards: &[(PathBuf, ReadShard)]) -> String {
    match merge(shards) {
        Err(e) => e.to_string(),
        Ok(_) => panic!("merged"),
    }
}

#[test]
fn missing_duplicate_incomplete_and_foreign_shards_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    assert_eq!(
        refusal(&shards(d, &[1, 3])),
        "shards 2/4, 4/4 are missing; a merge needs every shard of the grade"
    );
    let twice = shards(d, &[1, 2, 3, 1]);
    assert_eq!(
        refusal(&twice),
        format!(
            "{}: shard 1/4 is given twice (also {})",
            twice[3].0.display(),
            twice[0].0.display()
        )
    );
    let mut stopped = shards(d, &[1, 2, 3]);
    stopped.push(shard_file(d, 4, &|g| {
        let run = &mut g.as_mut().unwrap().run;
        run.incomplete = Some("interrupted".into());
    }));
    assert_eq!(
        refusal(&stopped),
        format!(
            "{}: shard 4/4 is incomplete (interrupted); run it again to its end",
            stopped[3].0.display()
        )
    );
    let mut foreign = shards(d, &[1, 2, 3, 4]);
    foreign[2].1.fingerprint.config_sha256 = "dd".into();
    assert_eq!(
        refusal(&foreign),
        format!(
            "{}: graded with judge.toml sha256 dd, and {} with judge.toml sha256 bb: shards of one grade run the same judge build on the same cases, judge.toml and sandbox",
            foreign[2].0.display(),
            foreign[0].0.display()
        )
    );
    let mut other = shards(d, &[1, 2, 3, 4]);
    other[1].1.shard.count = 5;
    assert_eq!(
        refusal(&other),
        format!(
            "{}: shard 2/5, and {} is shard 1/4: not shards of one grade (the same N in every --shard K/N)",
            other[1].0.display(),
            other[0].0.display()
        )
    );
    let mut lost_row = shards(d, &[1, 2, 3, 4]);
    lost_row[3] = shard_file(d, 4, &|g| *g = None);
    assert_eq!(
        refusal(&lost_row),
        format!(
            "{}: shard 4/4 holds 0 rows, but its part of the folder is 1 submissions: the file is not what grade wrote",
            lost_row[3].0.display()
        )
    );
}

/// A shard of another folder, or one whose list of students was edited, is refused by name.
#[test]
fn shards_of_another_folder_or_edited_ones_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let mut other = shards(dir.path(), &[1, 2, 3, 4]);
    other[3].1.students.pop();
    assert_eq!(
        refusal(&other),
        format!(
            "{}: lists other submissions than {}: shards of one grade grade the same folder",
            other[3].0.display(),
            other[0].0.display()
        )
    );
    let mut edited = shards(dir.path(), &[1, 2, 3, 4]);
    for (_, r) in &mut edited {
        r.students[0].shard = 2;
    }
    assert_eq!(
        refusal(&edited),
        format!(
            "{}: lists always_minus_one in shard 2/4, but its id hashes to shard 1: the file is not what grade wrote",
            edited[0].0.display()
        )
    );
}

/// A report of another kind, or of another schema, is refused by name.
#[test]
fn other_files_are_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("x.json");
    std::fs::write(&path, r#"{"schema_version": 1, "solution": "x"}"#).unwrap();
    assert!(!is_grade_shard(r#"{"schema_version": 1}"#));
    assert_eq!(
        read(&path).err().unwrap().to_string(),
        format!("{}: not a grade shard report (no \"kind\": \"grade_shard\"); write shard reports with `zuma-judge grade PATH... --shard K/N --out FILE`", path.display())
    );
    std::fs::write(&path, r#"{"schema_version": 9, "kind": "grade_shard"}"#).unwrap();
    assert!(is_grade_shard(r#"{"kind": "grade_shard"}"#));
    assert_eq!(
        read(&path).err().unwrap().to_string(),
        format!("{}: written with schema_version 9; this judge reads schema_version 1: run the shard again with this judge", path.display())
    );
}

/// A shard numbered outside `1..=N` is refused as it is read, by name (a count of 0 would
/// divide by zero where the rows are checked against the hash).
#[test]
fn shards_numbered_outside_1_to_n_are_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let (path, _) = shard_file(dir.path(), 2, &|_| {});
    let text = std::fs::read_to_string(&path).unwrap();
    for (index, count) in [(1, 0), (0, 4), (5, 4), (0, 0)] {
        let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["shard"], serde_json::json!({"index": 2, "count": 4}));
        v["shard"] = serde_json::json!({"index": index, "count": count});
        std::fs::write(&path, v.to_string()).unwrap();
        assert_eq!(
            read(&path).err().unwrap().to_string(),
            format!("{}: shard {index}/{count} does not exist (1 <= K <= N): the file is not what grade wrote", path.display())
        );
    }
}
