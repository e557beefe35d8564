//! Human text for the counterexample hunters: `exhaust` and `merge` reports, `fuzz` reports,
//! and the `run --metamorphic` / `run --kill-matrix` sections. Plain text, no colour.

use std::fmt::Write as _;

use crate::hunt::counterexample::{Counterexample, FailureKind};
use crate::hunt::exhaust::ExhaustReport;
use crate::hunt::fuzz::{FuzzFailure, FuzzReport};
use crate::judge::killmatrix::KillMatrix;
use crate::judge::metamorphic::Inconsistency;
use crate::report::writer::Document;
use crate::report::{draw, versioned_json, HumanOrJson};

/// An `exhaust` report as written: of one sweep, or of `merge` with the number of shards it
/// combined. JSON or plain text, no colour.
pub struct Sweep<'a>(pub &'a ExhaustReport, pub Option<usize>);

impl Document<HumanOrJson> for Sweep<'_> {
    fn render(&self, format: HumanOrJson) -> String {
        match format {
            HumanOrJson::Json => versioned_json(self.0).expect("a report always serialises"),
            HumanOrJson::Human => exhaust(self.0, self.1),
        }
    }

    fn styled(&self, _: HumanOrJson) -> bool {
        false
    }
}

/// A `fuzz` report as written: JSON or plain text, no colour.
impl Document<HumanOrJson> for FuzzReport {
    fn render(&self, format: HumanOrJson) -> String {
        match format {
            HumanOrJson::Json => versioned_json(self).expect("a report always serialises"),
            HumanOrJson::Human => fuzz(self),
        }
    }

    fn styled(&self, _: HumanOrJson) -> bool {
        false
    }
}

/// The witness of `cx` drawn as every command draws one ([`draw::moves`], the hand as written,
/// under [`draw::GAP_LEGEND`]) from its typed answer, indented, or the -1 line.
fn witness_block(o: &mut String, cx: &Counterexample, indent: &str) {
    let Some(solved) = &cx.solved else {
        let _ = writeln!(
            o,
            "{indent}no witness: this input was not checked against the oracle"
        );
        return;
    };
    match &solved.answer.witness {
        Some(moves) if !moves.is_empty() => {
            let _ = writeln!(o, "{indent}oracle's witness ({}):", cx.witness.join(" "));
            let _ = writeln!(o, "{indent}  {}", draw::GAP_LEGEND);
            for line in draw::moves(&solved.instance, &cx.hand, moves, false) {
                let _ = writeln!(o, "{indent}  {line}");
            }
        }
        _ => {
            let _ = writeln!(
                o,
                "{indent}the oracle: no sequence of moves empties this board (-1)"
            );
        }
    }
}

fn inconsistency_line(o: &mut String, i: &Inconsistency, indent: &str) {
    let _ = writeln!(o, "{indent}disagrees with itself: {}", i.describe());
}

/// The `exhaust` (or `merge`) report for people.
pub fn exhaust(r: &ExhaustReport, merged: Option<usize>) -> String {
    let mut o = String::new();
    exhaust_heading(&mut o, r, merged);
    if let Some(why) = &r.incomplete {
        let _ = writeln!(
            o,
            "  INCOMPLETE: {why}; the classes after it were not judged"
        );
    }
    exhaust_counterexample(&mut o, r);
    exhaust_tallies(&mut o, r);
    let _ = writeln!(o, "exit {}", r.exit().code());
    o
}

/// What was swept and what was judged, in how long.
fn exhaust_heading(o: &mut String, r: &ExhaustReport, merged: Option<usize>) {
    let part = match (r.shard, merged) {
        (Some(s), _) => format!(", shard {s}"),
        (None, Some(n)) => format!(", merged from {n} shards"),
        (None, None) => String::new(),
    };
    let _ = writeln!(
        o,
        "zuma-judge exhaust {} (expected {}): board 1..={}, hand 1..={}{part}",
        r.solution,
        r.expected.name(),
        r.max_board,
        r.max_hand
    );
    let _ = writeln!(
        o,
        "  sweep: {} classes under colour renaming x board reversal, standing for {} instances",
        r.domain.classes, r.domain.instances
    );
    let how = if r.incomplete.is_some() {
        "in size order until the stop"
    } else if r.all || r.counterexample.is_none() {
        "every class"
    } else {
        "in size order up to the first failure"
    };
    let meta = match r.metamorphic_sample {
        0 => String::new(),
        1 => ", each with its metamorphic variant".into(),
        n => format!(
            ", with the metamorphic variant of those called solvable and of 1 in {n} of the rest"
        ),
    };
    let _ = writeln!(
        o,
        "  judged: {} standing for {} ({how}{meta}) in {:.1} s{}",
        super::count(r.classes as usize, "class"),
        super::count(r.instances as usize, "instance"),
        r.wall_ms / 1e3,
        if merged.is_some() {
            " (the shards' times added up)"
        } else {
            ""
        }
    );
}

/// The counterexample with its witness, or that there is none.
fn exhaust_counterexample(o: &mut String, r: &ExhaustReport) {
    match &r.counterexample {
        None if r.incomplete.is_some() => {
            let _ = writeln!(
                o,
                "  no counterexample among the {} instances judged before the stop",
                r.instances
            );
        }
        None => {
            let _ = writeln!(
                o,
                "  no counterexample among {} instances up to board {}, hand {}",
                r.instances, r.max_board, r.max_hand
            );
        }
        Some(cx) => {
            let what = if cx.inconsistency.is_some() {
                "the smallest judged; the candidate breaks a metamorphic law, so an unjudged member of an earlier class may fail too"
            } else if r.all || r.shard.is_none() {
                "the smallest"
            } else {
                "this shard's smallest"
            };
            let class = r
                .counterexample_class
                .as_ref()
                .map(|c| format!(", a class of {} instances", c.instances))
                .unwrap_or_default();
            let _ = writeln!(
                o,
                "  counterexample ({what}, {} balls: board {}, hand {}{class}):",
                cx.size,
                cx.board.len(),
                cx.hand.len()
            );
            let _ = writeln!(o, "    {}", cx.describe());
            witness_block(o, cx, "    ");
            if let Some(i) = &cx.inconsistency {
                inconsistency_line(o, i, "    ");
            }
        }
    }
}

/// With `--all`, failures by kind; with metamorphic checks, their first disagreement.
fn exhaust_tallies(o: &mut String, r: &ExhaustReport) {
    if r.all {
        let _ = writeln!(o, "  failures by kind (classes / instances):");
        for k in FailureKind::ALL {
            let c = r.failures.get(&k).copied().unwrap_or_default();
            let _ = writeln!(
                o,
                "    {:<15} {:>9} / {}",
                k.describe(),
                c.classes,
                c.instances
            );
        }
    }
    if r.metamorphic_sample > 0 {
        match &r.inconsistency {
            None => {
                let _ = writeln!(
                    o,
                    "  metamorphic: no disagreement among the variants judged"
                );
            }
            Some(i) => {
                let _ = writeln!(
                    o,
                    "  metamorphic: {} classes with answers that disagree; first:",
                    r.inconsistent.classes
                );
                inconsistency_line(o, i, "    ");
            }
        }
    }
}

/// The `fuzz` report for people.
pub fn fuzz(r: &FuzzReport) -> String {
    let mut o = String::new();
    let _ = writeln!(
        o,
        "zuma-judge fuzz {} (expected {}): seed {}, {} in {:.1} s",
        r.solution,
        r.expected.name(),
        r.seed,
        super::count(r.generated as usize, "instance"),
        r.wall_ms / 1e3
    );
    if let Some(why) = &r.incomplete {
        let _ = writeln!(o, "INCOMPLETE: {why}");
    }
    let hist: Vec<String> = r
        .histogram
        .iter()
        .map(|(answer, n)| format!("{answer}: {n}"))
        .collect();
    let _ = writeln!(
        o,
        "  oracle answers generated: {} ({} solvable)",
        hist.join(", "),
        r.solvable
    );
    match &r.failure {
        None => {
            let _ = writeln!(o, "  no failure");
        }
        Some(f) => fuzz_failure(&mut o, r, f),
    }
    let _ = writeln!(o, "exit {}", r.exit().code());
    o
}

/// The failure of a `fuzz` report: as found, and as minimised with its witness.
fn fuzz_failure(o: &mut String, r: &FuzzReport, f: &FuzzFailure) {
    let _ = writeln!(
        o,
        "  failure on instance {} (reproduce: zuma-judge fuzz {} --seed {} --count 1):",
        f.index,
        match &r.submission {
            Some(path) => format!("--submission {path}"),
            None => format!("--solution {}", r.solution),
        },
        f.case_seed
    );
    let _ = writeln!(o, "    {}", f.found.describe());
    if let Some(i) = &f.found.inconsistency {
        inconsistency_line(o, i, "    ");
    }
    let sweep = if f.minimised.size < f.shrunk_size {
        format!(
            ", then to {} balls by sweeping the smaller sizes",
            f.minimised.size
        )
    } else {
        String::new()
    };
    if let Some(cut) = &f.budget_cut {
        let _ = writeln!(
            o,
            "  budget ran out: {cut}; a smaller failing input may exist"
        );
    }
    let shrunk = match f.tries {
        0 => "not shrunk (0 candidates tried: a TLE or MLE is not shrunk)".to_string(),
        n => format!(
            "greedy shrinking to {} balls ({n} candidates tried)",
            f.shrunk_size
        ),
    };
    let _ = writeln!(o, "  minimised: {shrunk}{sweep}:");
    let _ = writeln!(o, "    {}", f.minimised.describe());
    witness_block(o, &f.minimised, "    ");
}

/// The `run --kill-matrix` section.
pub fn kill_matrix(k: &KillMatrix) -> String {
    let mut o = String::new();
    let _ = writeln!(
        o,
        "Kill matrix: which cases kill which known-wrong solutions (x = judged and not AC; a skipped case kills nothing)"
    );
    if k.solutions.is_empty() {
        let _ = writeln!(o, "  no known-wrong solutions were judged\n");
        return o;
    }
    let mut header = vec!["case"];
    header.extend(k.solutions.iter().map(String::as_str));
    let mut t = super::human::table(&header);
    for row in k.rows.iter().filter(|r| r.kills.iter().any(|x| *x)) {
        let mut cells = vec![row.case.clone()];
        cells.extend(
            row.kills
                .iter()
                .map(|x| if *x { "x" } else { "" }.to_string()),
        );
        t.add_row(cells);
    }
    let _ = writeln!(o, "{t}");
    let how = if k.exact {
        "exact set cover"
    } else {
        "greedy set cover, not proven smallest"
    };
    let _ = writeln!(
        o,
        "Smallest killing set ({how}): {} of {} cases kill every known-wrong solution that any case kills",
        k.cover.len(),
        k.rows.len()
    );
    for c in &k.cover {
        let _ = writeln!(o, "  {c}");
    }
    if !k.survivors.is_empty() {
        let _ = writeln!(
            o,
            "No case kills: {} (add a case, e.g. from `zuma-judge exhaust`)",
            k.survivors.join(", ")
        );
    }
    o.push('\n');
    o
}

/// The `run --metamorphic` section: one line per solution.
pub fn metamorphic(results: &[(String, Vec<(String, Inconsistency)>)], calls: u64) -> String {
    let mut o = String::new();
    let _ = writeln!(
        o,
        "Metamorphic checks ({calls} extra calls: board reversal, colour renaming, hand order)"
    );
    for (name, found) in results {
        match found.first() {
            None => {
                let _ = writeln!(o, "  {name}: consistent on every case");
            }
            Some((case, i)) => {
                let _ = writeln!(
                    o,
                    "  {name}: disagrees with itself on {}; first {case}: {}",
                    super::count(found.len(), "case"),
                    i.describe()
                );
            }
        }
    }
    o.push('\n');
    o
}
