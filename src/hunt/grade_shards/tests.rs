use super::*;

/// Shards of given ids, as `python3 -c 'hashlib.sha256(id).digest()[:8]'` read big-endian,
/// modulo N, plus one, gives them: the hash is documented, not `std`'s.
#[test]
fn a_student_id_hashes_to_its_shard() {
    let shards = |id: &str| [1, 2, 3, 4, 7].map(|n| shard_of(id, n));
    assert_eq!(shards("alice"), [1, 2, 3, 4, 2]);
    assert_eq!(shards("bob"), [1, 1, 3, 3, 2]);
    assert_eq!(shards("carol"), [1, 1, 3, 3, 7]);
    assert_eq!(shards("dave"), [1, 2, 2, 4, 5]);
    assert_eq!(shards("subs/dave"), [1, 2, 3, 2, 6]);
    let third = Shard { index: 3, count: 4 };
    assert_eq!(
        ["alice", "bob", "carol", "dave"].map(|id| takes(third, id)),
        [false, true, true, false]
    );
}

/// Adding submissions to a folder moves none of the others: a shard depends on the id alone.
#[test]
fn adding_an_id_moves_no_other() {
    let ids: Vec<String> = (0..200).map(|i| format!("student{i:03}")).collect();
    let before: Vec<usize> = ids[..100].iter().map(|id| shard_of(id, 4)).collect();
    let after: Vec<usize> = ids.iter().map(|id| shard_of(id, 4)).collect();
    assert_eq!(before, after[..100]);
    // Every shard gets some: 200 ids over 4 shards.
    let per: Vec<usize> = (1..=4)
        .map(|k| after.iter().filter(|&&s| s == k).count())
        .collect();
    assert_eq!(per.iter().sum::<usize>(), 200);
    assert!(per.iter().all(|&n| n > 30), "{per:?}");
}

/// `auto` over the variables `vars` gives, with `--shard-count` `count`.
fn auto_of(vars: &[(&str, &str)], count: Option<usize>) -> Result<Found, AutoError> {
    let lookup = |name: &str| {
        vars.iter()
            .find(|(k, _)| *k == name)
            .map(|(_, v)| v.to_string())
    };
    auto(&lookup, count)
}

fn found(index: usize, count: usize, from: &str) -> Result<Found, AutoError> {
    Ok(Found {
        shard: Shard { index, count },
        from: from.to_string(),
    })
}

fn refused(message: &str) -> Result<Found, AutoError> {
    Err(AutoError::Disagree(message.to_string()))
}

#[test]
fn slurm_array_task_ids_are_shards() {
    let slurm = |id, count| {
        [
            ("SLURM_ARRAY_TASK_ID", id),
            ("SLURM_ARRAY_TASK_COUNT", count),
        ]
    };
    assert_eq!(
        auto_of(&slurm("2", "4"), None),
        found(3, 4, "SLURM_ARRAY_TASK_ID=2, SLURM_ARRAY_TASK_COUNT=4")
    );
    // --array=1-4: MIN 1.
    let one_based = [
        ("SLURM_ARRAY_TASK_ID", "1"),
        ("SLURM_ARRAY_TASK_COUNT", "4"),
        ("SLURM_ARRAY_TASK_MIN", "1"),
        ("SLURM_ARRAY_TASK_MAX", "4"),
    ];
    assert_eq!(
        auto_of(&one_based, Some(4)),
        found(
            1,
            4,
            "SLURM_ARRAY_TASK_ID=1, SLURM_ARRAY_TASK_COUNT=4, SLURM_ARRAY_TASK_MIN=1"
        )
    );
    // --array=10-16:2: MIN 10, STEP 2, 4 tasks.
    let stepped = [
        ("SLURM_ARRAY_TASK_ID", "14"),
        ("SLURM_ARRAY_TASK_COUNT", "4"),
        ("SLURM_ARRAY_TASK_MIN", "10"),
        ("SLURM_ARRAY_TASK_MAX", "16"),
        ("SLURM_ARRAY_TASK_STEP", "2"),
    ];
    assert_eq!(
        auto_of(&stepped, None),
        found(
            3,
            4,
            "SLURM_ARRAY_TASK_ID=14, SLURM_ARRAY_TASK_COUNT=4, SLURM_ARRAY_TASK_MIN=10, SLURM_ARRAY_TASK_STEP=2"
        )
    );
}

#[test]
fn slurm_arrays_with_holes_or_disagreeing_counts_are_refused() {
    // --array=0,1,5,7: 4 tasks, ids 0..=7.
    let holes = [
        ("SLURM_ARRAY_TASK_ID", "5"),
        ("SLURM_ARRAY_TASK_COUNT", "4"),
        ("SLURM_ARRAY_TASK_MAX", "7"),
    ];
    assert_eq!(
        auto_of(&holes, None),
        refused("SLURM_ARRAY_TASK_ID=5, SLURM_ARRAY_TASK_COUNT=4: an array with holes (SLURM_ARRAY_TASK_MAX=7: the ids 0..=7 step 1 are not 4 tasks); give the array as a range, e.g. --array=0-3")
    );
    let off_step = [
        ("SLURM_ARRAY_TASK_ID", "3"),
        ("SLURM_ARRAY_TASK_COUNT", "4"),
        ("SLURM_ARRAY_TASK_STEP", "2"),
    ];
    assert_eq!(
        auto_of(&off_step, None),
        refused("SLURM_ARRAY_TASK_ID=3, SLURM_ARRAY_TASK_COUNT=4, SLURM_ARRAY_TASK_STEP=2: the task id is not MIN + a multiple of STEP (0 + k * 2)")
    );
    let slurm = [
        ("SLURM_ARRAY_TASK_ID", "2"),
        ("SLURM_ARRAY_TASK_COUNT", "4"),
    ];
    assert_eq!(
        auto_of(&slurm, Some(3)),
        refused("--shard-count 3 and SLURM_ARRAY_TASK_COUNT=4 disagree")
    );
    assert_eq!(
        auto_of(&[("SLURM_ARRAY_TASK_ID", "2")], None),
        refused(
            "SLURM_ARRAY_TASK_COUNT is not set: give the number of shards with --shard-count N"
        )
    );
    assert_eq!(
        auto_of(&[("SLURM_ARRAY_TASK_ID", "4"), ("SLURM_ARRAY_TASK_COUNT", "4")], None),
        refused("SLURM_ARRAY_TASK_ID=4, SLURM_ARRAY_TASK_COUNT=4: shard 5 of 4 does not exist (1 <= K <= N)")
    );
    assert_eq!(
        auto_of(&[("SLURM_ARRAY_TASK_ID", "x")], Some(4)),
        refused("SLURM_ARRAY_TASK_ID=x is not a non-negative whole number")
    );
}

#[test]
fn kubernetes_indexed_jobs_count_from_the_flag_or_job_completions() {
    let index = ("JOB_COMPLETION_INDEX", "0");
    assert_eq!(
        auto_of(&[index, ("JOB_COMPLETIONS", "4")], None),
        found(1, 4, "JOB_COMPLETION_INDEX=0, JOB_COMPLETIONS=4")
    );
    assert_eq!(
        auto_of(&[("JOB_COMPLETION_INDEX", "3")], Some(4)),
        found(4, 4, "JOB_COMPLETION_INDEX=3, --shard-count 4")
    );
    assert_eq!(
        auto_of(&[index], None),
        refused("JOB_COMPLETIONS is not set: give the number of shards with --shard-count N")
    );
    assert_eq!(
        auto_of(&[index, ("JOB_COMPLETIONS", "4")], Some(2)),
        refused("--shard-count 2 and JOB_COMPLETIONS=4 disagree")
    );
}

#[test]
fn gnu_parallel_needs_a_count() {
    assert_eq!(
        auto_of(&[("PARALLEL_SEQ", "2")], Some(4)),
        found(2, 4, "PARALLEL_SEQ=2, --shard-count 4")
    );
    assert_eq!(
        auto_of(&[("PARALLEL_SEQ", "5")], Some(4)),
        refused("PARALLEL_SEQ=5, --shard-count 4: shard 5 of 4 does not exist (1 <= K <= N)")
    );
    assert_eq!(
        auto_of(&[("PARALLEL_SEQ", "2")], None),
        refused("PARALLEL_SEQ=2 is set, but GNU parallel sets no count: give --shard-count N (or pass --shard {}/N from parallel's arguments)")
    );
}

/// Slurm first, then Kubernetes, then GNU parallel; nothing set (or only empty values) is
/// refused with the variables named.
#[test]
fn schedulers_are_read_in_order_and_none_is_refused() {
    let all = [
        ("PARALLEL_SEQ", "1"),
        ("JOB_COMPLETION_INDEX", "1"),
        ("SLURM_ARRAY_TASK_ID", "0"),
        ("SLURM_ARRAY_TASK_COUNT", "2"),
    ];
    assert_eq!(
        auto_of(&all, None),
        found(1, 2, "SLURM_ARRAY_TASK_ID=0, SLURM_ARRAY_TASK_COUNT=2")
    );
    assert_eq!(
        auto_of(&all[..2], Some(2)),
        found(2, 2, "JOB_COMPLETION_INDEX=1, --shard-count 2")
    );
    assert_eq!(
        auto_of(&[("SLURM_ARRAY_TASK_ID", " ")], Some(2)),
        Err(AutoError::Nothing)
    );
    assert_eq!(
        AutoError::Nothing.to_string(),
        "--shard auto: no scheduler variable is set; it reads SLURM_ARRAY_TASK_ID and \
         SLURM_ARRAY_TASK_COUNT (Slurm job arrays), JOB_COMPLETION_INDEX with --shard-count or \
         JOB_COMPLETIONS (Kubernetes Indexed Jobs), or PARALLEL_SEQ with --shard-count (GNU \
         parallel); or give --shard K/N"
    );
}
