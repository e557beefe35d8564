//! `merge`: the reports of shards `1/N..N/N` of one `exhaust` sweep, read back from their JSON
//! and combined into the report the unsharded sweep gives. The shard files are input: each is
//! checked to be a whole, complete shard of one sweep, named once.

use std::path::PathBuf;

use thiserror::Error;

use crate::game::generate;
use crate::hunt::counterexample::Counterexample;
use crate::hunt::exhaust::{ClassRef, ExhaustReport};
use crate::hunt::sweep::{empty_failures, Count};

/// Shard reports that cannot be merged. Exit code 2.
#[derive(Debug, Error)]
pub enum MergeError {
    /// A file cannot be read or is not an `exhaust --format json` report.
    #[error("{path}: {message}")]
    File {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// The files do not make up one sharded sweep.
    #[error("{0}")]
    Mismatch(String),
}

/// Reads the `exhaust --format json` report in `path`, written with `schema_version` (a report
/// without the key is read as one).
pub fn read_report(
    path: &std::path::Path,
    schema_version: u32,
) -> Result<ExhaustReport, MergeError> {
    let text = std::fs::read_to_string(path).map_err(|e| MergeError::File {
        path: path.to_path_buf(),
        message: format!("cannot read: {e}"),
    })?;
    if let Some(found) = serde_json::from_str::<serde_json::Value>(&text)
        .ok()
        .and_then(|v| v.get("schema_version").and_then(serde_json::Value::as_u64))
        .filter(|&v| v != u64::from(schema_version))
    {
        return Err(MergeError::File {
            path: path.to_path_buf(),
            message: format!(
                "written with schema_version {found}; this judge reads schema_version {schema_version}: run the shard again with this judge"
            ),
        });
    }
    serde_json::from_str(&text).map_err(|e| MergeError::File {
        path: path.to_path_buf(),
        message: format!(
            "{}; write shard reports with `zuma-judge exhaust --shard K/N --format json --out FILE`",
            not_a_report(&text, &e)
        ),
    })
}

/// Why `text` is not an exhaust report: not JSON (with the line), or JSON of another kind (the
/// report it looks like, by its keys: serde's position is the object's end, of no help).
fn not_a_report(text: &str, e: &serde_json::Error) -> String {
    let Ok(serde_json::Value::Object(keys)) = serde_json::from_str(text) else {
        return format!("line {}: not an exhaust report ({e})", e.line());
    };
    let kind = [
        ("solutions", "`run`"),
        ("submissions", "`grade`"),
        ("code", "`editorial`"),
        ("generated", "`fuzz`"),
        ("witness", "`solve`"),
    ]
    .iter()
    .find(|(key, _)| keys.contains_key(*key))
    .map(|(_, command)| format!("it looks like a {command} report"))
    .unwrap_or_else(|| "it lacks the exhaust report's keys".to_string());
    let why = e.to_string();
    let why = why.split(" at line ").next().unwrap_or(&why);
    format!("not an exhaust report: {kind} ({why})")
}

/// Combines the reports of shards `1/N..N/N` of one sweep into the report an unsharded sweep
/// gives (all fields but `wall_ms`, which is summed).
///
/// With `--all`, counts add up and the smallest counterexample wins. Without it, each shard
/// stopped at its own first failure, which is never before the global first; so the global
/// counterexample is the smallest of the shards', and the judged counts are recomputed as
/// every class up to it in the global order (the sweep's classes are regenerated for that).
pub fn merge(reports: &[(PathBuf, ExhaustReport)]) -> Result<ExhaustReport, MergeError> {
    let first = check_shards(reports)?;
    let domain = reports
        .iter()
        .fold(Count::default(), |acc, (_, r)| acc.plus(r.domain));
    let wall_ms = reports
        .iter()
        .map(|(_, r)| r.wall_ms)
        .fold(0.0, |a, b| a + b);
    let winner = reports
        .iter()
        .filter_map(|(_, r)| Some((r.counterexample_class.as_ref()?, r)))
        .min_by(|a, b| {
            let (x, y) = (parsed(&a.0.board, &a.0.hand), parsed(&b.0.board, &b.0.hand));
            generate::size_order((&x.0, &x.1), (&y.0, &y.1))
        });
    if let Some((c, r)) = winner {
        counterexample_in_class(r.counterexample.as_ref(), c)?;
    }
    let out = ExhaustReport {
        shard: None,
        domain,
        wall_ms,
        counterexample: winner.and_then(|(_, r)| r.counterexample.clone()),
        counterexample_class: winner.map(|(c, _)| c.clone()),
        ..first.clone()
    };
    if first.all {
        Ok(merge_all(out, reports))
    } else {
        merge_to_first_failure(out, winner)
    }
}

/// Errors unless a shard's counterexample is a member of the class it names (a renaming or
/// reversal of its representative): merge counts that class as the first failure.
fn counterexample_in_class(cx: Option<&Counterexample>, c: &ClassRef) -> Result<(), MergeError> {
    let Some(cx) = cx else {
        return Ok(());
    };
    let (b, h) = parsed(&cx.board, &cx.hand);
    let (cb, ch) = parsed(&c.board, &c.hand);
    if generate::symmetry_canonical(&b, &h) == generate::symmetry_canonical(&cb, &ch) {
        return Ok(());
    }
    Err(MergeError::Mismatch(format!(
        "the counterexample {} + {} is not in its stated class {} + {} (no renaming of colours or reversal of the board turns one into the other): the shard files are not what exhaust wrote",
        cx.board, cx.hand, c.board, c.hand
    )))
}

/// A class's board and hand, parsed back from a report (a malformed one sorts as empty).
fn parsed(board: &str, hand: &str) -> (crate::game::rules::Board, crate::game::rules::Hand) {
    (
        crate::game::rules::Board::from_letters(board).unwrap_or_default(),
        crate::game::rules::Hand::from_letters(hand).unwrap_or_default(),
    )
}

/// The first report, once every report is a shard of one sweep and every shard is there once.
fn check_shards(reports: &[(PathBuf, ExhaustReport)]) -> Result<&ExhaustReport, MergeError> {
    let Some(first) = reports.first() else {
        return Err(MergeError::Mismatch(
            "no shard reports given; pass every FILE from --shard 1/N .. N/N".into(),
        ));
    };
    let mut seen = Vec::new();
    for report in reports {
        let index = check_shard(report, first, &seen)?;
        seen.push(index);
    }
    let count = first.1.shard.unwrap().count;
    if let Some(message) = missing_shards(count, &seen, "sweep") {
        return Err(MergeError::Mismatch(message));
    }
    Ok(&first.1)
}

/// What a merge of the shards `seen` of `count` lacks, e.g. `shards 2/4, 4/4 are missing; a
/// merge needs every shard of the sweep` (`whole`: what they are shards of); `None` when
/// none is missing. Grade shards are merged with the same words.
pub fn missing_shards(count: usize, seen: &[usize], whole: &str) -> Option<String> {
    let missing: Vec<String> = (1..=count)
        .filter(|i| !seen.contains(i))
        .map(|i| format!("{i}/{count}"))
        .collect();
    let (noun, verb) = match missing.len() {
        0 => return None,
        1 => ("shard", "is"),
        _ => ("shards", "are"),
    };
    Some(format!(
        "{noun} {} {verb} missing; a merge needs every shard of the {whole}",
        missing.join(", ")
    ))
}

/// The shard index of `(path, r)`, once it is a complete shard of the sweep of `first` not
/// among the indices `seen`.
fn check_shard(
    (path, r): &(PathBuf, ExhaustReport),
    (first_path, first): &(PathBuf, ExhaustReport),
    seen: &[usize],
) -> Result<usize, MergeError> {
    let key = |r: &ExhaustReport| {
        (
            r.solution.clone(),
            r.max_board,
            r.max_hand,
            r.all,
            r.metamorphic_sample,
            r.shard.map(|s| s.count),
        )
    };
    let file = |message: String| MergeError::File {
        path: path.clone(),
        message,
    };
    let Some(shard) = r.shard else {
        return Err(file("not a shard report (its \"shard\" is null); merge only reports of `exhaust --shard K/N`".into()));
    };
    if key(r) != key(first) {
        return Err(MergeError::Mismatch(format!(
            "{} ({} shard {shard}, board <= {}, hand <= {}, all {}, metamorphic sample {}) and {} ({} shard {}, board <= {}, hand <= {}, all {}, metamorphic sample {}) are not shards of one sweep",
            path.display(), r.solution, r.max_board, r.max_hand, r.all, r.metamorphic_sample,
            first_path.display(), first.solution, first.shard.unwrap(), first.max_board, first.max_hand, first.all, first.metamorphic_sample
        )));
    }
    if seen.contains(&shard.index) {
        return Err(file(format!("shard {shard} is given twice")));
    }
    if let Some(why) = &r.incomplete {
        return Err(file(format!(
            "shard {shard} is incomplete ({why}); run it again to its end"
        )));
    }
    // A shard that found nothing judged every class of its part.
    if r.counterexample.is_none() && r.inconsistency.is_none() && r.classes != r.domain.classes {
        return Err(file(format!(
            "shard {shard} found no counterexample yet judged {} of its {} classes: the file is not what exhaust wrote",
            r.classes, r.domain.classes
        )));
    }
    Ok(shard.index)
}

/// `--all`: every shard swept its whole part, so the counts add up, and the smallest of the
/// shards' first inconsistencies is the sweep's.
fn merge_all(mut out: ExhaustReport, reports: &[(PathBuf, ExhaustReport)]) -> ExhaustReport {
    out.classes = reports.iter().map(|(_, r)| r.classes).sum();
    out.instances = reports.iter().map(|(_, r)| r.instances).sum();
    out.failures = empty_failures();
    for (_, r) in reports {
        for (k, c) in &r.failures {
            let e = out.failures.entry(*k).or_default();
            *e = e.plus(*c);
        }
    }
    out.inconsistent = reports
        .iter()
        .fold(Count::default(), |acc, (_, r)| acc.plus(r.inconsistent));
    out.inconsistency = reports
        .iter()
        .filter_map(|(_, r)| r.inconsistency.as_ref())
        .min_by(|a, b| {
            let (a, b) = (parsed(&a.board, &a.hand), parsed(&b.board, &b.hand));
            let x = generate::symmetry_canonical(&a.0, &a.1);
            let y = generate::symmetry_canonical(&b.0, &b.1);
            generate::size_order((&x.0, &x.1), (&y.0, &y.1))
        })
        .cloned();
    out
}

/// Without `--all`: the sweep stops at the global counterexample, so it counts every class up
/// to that one, in the global order, and only its failure.
fn merge_to_first_failure(
    mut out: ExhaustReport,
    winner: Option<(&ClassRef, &ExhaustReport)>,
) -> Result<ExhaustReport, MergeError> {
    out.failures = empty_failures();
    out.inconsistent = Count::default();
    out.inconsistency = None;
    let Some((c, r)) = winner else {
        out.classes = out.domain.classes;
        out.instances = out.domain.instances;
        return Ok(out);
    };
    let all = generate::symmetry_classes(out.max_board, out.max_hand);
    let (b, h) = parsed(&c.board, &c.hand);
    let pos = all
        .binary_search_by(|x| generate::size_order((&x.board, &x.hand), (&b, &h)))
        .map_err(|_| {
            MergeError::Mismatch(format!(
                "the counterexample class {} + {} is not in the sweep for board <= {}, hand <= {}",
                c.board, c.hand, out.max_board, out.max_hand
            ))
        })?;
    out.classes = pos as u64 + 1;
    out.instances = all[..=pos].iter().map(|x| x.instances).sum();
    if let Some(cx) = &r.counterexample {
        let count = Count {
            classes: 1,
            instances: c.instances,
        };
        out.failures.insert(cx.kind, count);
        if cx.inconsistency.is_some() {
            out.inconsistent = count;
            out.inconsistency = cx.inconsistency.clone();
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;
    use crate::game::rules::Constraints;
    use crate::hunt::exhaust::tests::sweep_with;
    use crate::hunt::exhaust::{run, Options};
    use crate::hunt::sweep::Shard;
    use crate::judge::execute::{Executor, InProcess};
    use crate::submission::registry;

    /// seed 000's pruned search holds up to board 5, hand 3; three shards merge into the
    /// unsharded report.
    #[test]
    fn accepted_solution_has_no_counterexample_and_shards_merge() {
        let whole = sweep_with("seed000_bfs", 5, 3, false);
        assert_eq!(whole.counterexample, None);
        assert_eq!((whole.classes, whole.instances), (1_280, 194_150));
        for (name, all) in [
            ("seed000_bfs", false),
            ("no_chain_reaction", false),
            ("greedy_complete_runs", true),
        ] {
            let whole = sweep_with(name, 5, 3, all);
            let shards: Vec<(PathBuf, ExhaustReport)> = (1..=3)
                .map(|k| {
                    let sol = registry::find(name).unwrap();
                    let make = || Box::new(InProcess::new(sol)) as Box<dyn Executor + Send>;
                    let opts = Options {
                        max_board: 5,
                        max_hand: 3,
                        all,
                        shard: Some(Shard { index: k, count: 3 }),
                        metamorphic_sample: 1,
                        deadline: None,
                        jobs: 2,
                        interruptible: false,
                    };
                    let r = run(sol, &make, &opts, &Constraints::default(), &()).unwrap();
                    (PathBuf::from(format!("s{k}.json")), r)
                })
                .collect();
            let mut merged = merge(&shards).unwrap();
            merged.wall_ms = whole.wall_ms;
            assert_eq!(merged, whole, "{name}");
        }
    }

    /// A shard whose counterexample was swapped for an input outside its class does not merge;
    /// a renamed and reversed copy of it (the same class) does.
    #[test]
    fn merge_refuses_a_counterexample_outside_its_class() {
        let shard = sweep_with("no_chain_reaction", 5, 3, false);
        let c = shard.counterexample_class.clone().unwrap();
        let with = |board: String, hand: String| {
            let mut r = shard.clone();
            r.shard = Some(Shard { index: 1, count: 1 });
            let cx = r.counterexample.as_mut().unwrap();
            (cx.board, cx.hand) = (board, hand);
            vec![(PathBuf::from("s.json"), r)]
        };
        let swap_r_w = |s: &str| -> String {
            s.chars()
                .map(|b| match b {
                    'R' => 'W',
                    'W' => 'R',
                    b => b,
                })
                .collect()
        };
        let reversed: String = c.board.chars().rev().collect();
        let same = merge(&with(swap_r_w(&reversed), swap_r_w(&c.hand)));
        assert!(same.is_ok(), "{same:?}");
        match merge(&with(format!("{}G", c.board), c.hand.clone())) {
            Err(MergeError::Mismatch(m)) => assert_eq!(
                m,
                format!(
                    "the counterexample {b}G + {h} is not in its stated class {b} + {h} (no renaming of colours or reversal of the board turns one into the other): the shard files are not what exhaust wrote",
                    b = c.board,
                    h = c.hand
                )
            ),
            other => panic!("{other:?}"),
        }
    }
}
