//! The human report: a summary line, the verdict table, failures grouped per solution with the
//! oracle's witness drawn step by step and the minimised input, then wrong case assertions,
//! refuted claims and case-file errors.

use std::fmt::Write as _;

use comfy_table::CellAlignment;

pub use super::table::table;
use super::{fails_for, missing_promise, returned, witness_lines, Reporter};
use crate::judge::runner::{CaseResult, FailingInput, RunReport, SolutionReport};
use crate::judge::verdict::{Expected, VerdictKind};

/// Text for a terminal: witnesses are drawn as coloured balls (ANSI escapes, stripped by the
/// writer when colour is off).
pub struct Human;

impl Reporter for Human {
    fn render(&self, r: &RunReport) -> String {
        let mut o = String::new();
        let ok = r.solutions.iter().filter(|s| s.as_expected).count();
        let refuted = r.claims.iter().filter(|c| !c.holds).count();
        let wrong = r.expectations.iter().filter(|e| !e.holds).count();
        let _ = writeln!(
            o,
            "zuma-judge run: {ok} of {} as expected, {} from {}{}, {} wrong, {refuted} of {} refuted, {}",
            super::count(r.solutions.len(), "solution"),
            super::count(r.cases, "case"),
            super::count(r.files, "file"),
            files_detail(r),
            super::count(wrong, "case assertion"),
            super::count(r.claims.len(), "claim"),
            super::count(r.case_errors.len(), "case-file error")
        );
        if let Some(why) = &r.incomplete {
            let _ = writeln!(o, "INCOMPLETE: {why}");
        }
        let _ = writeln!(o, "limits: {}", r.config.describe());
        let _ = writeln!(o, "judging: {}", r.config.describe_judging());
        toolchains(&mut o, r);
        let _ = writeln!(
            o,
            "oracle: {} states expanded in {:.1} ms\n",
            r.oracle_states, r.oracle_ms
        );

        verdict_table(&mut o, r);
        sections(&mut o, r);
        o
    }
}

/// The verdict table: one row per solution, its counts per verdict and its times.
fn verdict_table(o: &mut String, r: &RunReport) {
    if !r.solutions.is_empty() {
        let mut t = table(&[
            "solution", "expected", "verdict", "ok", "AC", "WA", "TLE", "RE", "MLE", "total ms",
            "max ms",
        ]);
        for s in &r.solutions {
            let mut row = vec![
                s.name.clone(),
                s.expected.name().to_string(),
                s.verdict_shown().to_string(),
                match (s.complete, s.as_expected) {
                    (_, false) => "NO",
                    (false, true) => "cut",
                    (true, true) => "yes",
                }
                .to_string(),
            ];
            for k in VerdictKind::ALL {
                row.push(s.counts.get(k.code()).copied().unwrap_or(0).to_string());
            }
            row.push(format!("{:.2}", s.total_ms));
            row.push(format!("{:.2}", s.max_ms));
            t.add_row(row);
        }
        for i in 4..11 {
            if let Some(c) = t.column_mut(i) {
                c.set_cell_alignment(CellAlignment::Right);
            }
        }
        let _ = writeln!(o, "{t}\n");
    }
}

/// Everything after the verdict table, shared by `run` and `grade`: the timing section, the
/// submissions judged on no case, the failures per solution, wrong case assertions, refuted
/// claims, case-file errors and the exit code.
pub fn sections(o: &mut String, r: &RunReport) {
    o.push_str(&super::timing::section(r));
    sweep_section(o, r);
    unjudged(o, r);
    failures_section(o, r);
    assertions_section(o, r);
    claims_section(o, r);
    case_file_sections(o, r);
    let _ = writeln!(o, "exit {}", r.exit_code);
}

/// Each solution's failures, with their witnesses.
fn failures_section(o: &mut String, r: &RunReport) {
    let failing: Vec<_> = r
        .solutions
        .iter()
        .filter(|s| s.message.is_none() && (s.first_failure.is_some() || !s.as_expected))
        .collect();
    if failing.is_empty() {
        return;
    }
    let _ = writeln!(o, "Failures, per solution");
    let _ = writeln!(o, "  {}", super::draw::GAP_LEGEND);
    for s in failing {
        failures_of(o, s);
    }
    o.push('\n');
}

/// The cases whose `expected` or `invalid` does not hold.
fn assertions_section(o: &mut String, r: &RunReport) {
    let wrong: Vec<_> = r.expectations.iter().filter(|e| !e.holds).collect();
    if wrong.is_empty() {
        return;
    }
    let _ = writeln!(
        o,
        "Case assertions that do not hold (fix with `zuma-judge audit --fix`)"
    );
    for e in wrong {
        let _ = writeln!(
            o,
            "  {} (line {}): {}, but the truth is {}",
            e.case, e.line, e.asserted, e.truth
        );
    }
    o.push('\n');
}

/// How many claims hold, and each refuted one with the truth.
fn claims_section(o: &mut String, r: &RunReport) {
    if r.claims.is_empty() {
        return;
    }
    let refuted = r.claims.iter().filter(|c| !c.holds).count();
    let _ = writeln!(
        o,
        "Claims: {} checked, {} hold, {refuted} refuted",
        r.claims.len(),
        r.claims.len() - refuted
    );
    for c in r.claims.iter().filter(|c| !c.holds) {
        let truth = match (&c.oracle, &c.rejected) {
            (Some(v), _) => format!("oracle {v}"),
            (None, Some(reason)) => format!("input rejected: {reason}"),
            (None, None) => "no answer".into(),
        };
        let truth = match &c.moves {
            Some(m) => format!("{truth}; replayed: {}", m.describe()),
            None => truth,
        };
        let strict = if c.strict { " [strict]" } else { "" };
        let _ = writeln!(
            o,
            "  {}: {} claimed {}; {truth}{strict}",
            c.case,
            c.source,
            c.claimed_text()
        );
    }
    o.push('\n');
}

/// The duplicate inputs (one line), the case-file warnings (nothing lost) and errors (cases not
/// judged).
fn case_file_sections(o: &mut String, r: &RunReport) {
    if !r.duplicate_cases.is_empty() {
        let each: Vec<String> = r
            .duplicate_cases
            .iter()
            .map(|d| format!("{} as {}", d.case, d.same_as))
            .collect();
        let _ = writeln!(
            o,
            "{} judged once: {}\n",
            super::count(r.duplicate_cases.len(), "duplicate input"),
            each.join(", ")
        );
    }
    if !r.case_warnings.is_empty() {
        let _ = writeln!(o, "Case-file warnings (no case lost)");
        for w in &r.case_warnings {
            let _ = writeln!(o, "  warning: {}", w.message);
        }
        o.push('\n');
    }
    if !r.case_errors.is_empty() {
        let _ = writeln!(
            o,
            "Case-file errors (the cases or claims they name were not judged)"
        );
        for e in &r.case_errors {
            let _ = writeln!(o, "  {}", e.message);
        }
        o.push('\n');
    }
}

/// What the file count does not say: `""`, or ` (1 unreadable, 1 via symlinks)`. The count
/// itself is of every case file found, the ones that could not be read included.
pub fn files_detail(r: &RunReport) -> String {
    let mut parts = Vec::new();
    if r.files_unreadable > 0 {
        parts.push(format!("{} unreadable", r.files_unreadable));
    }
    if r.files_via_symlinks > 0 {
        parts.push(format!("{} via symlinks", r.files_via_symlinks));
    }
    if parts.is_empty() {
        String::new()
    } else {
        format!(" ({})", parts.join(", "))
    }
}

/// One line naming each language's toolchain, e.g.
/// `toolchains: cpp g++ (Debian 12.2.0-14) 12.2.0; python3 Python 3.11.7`.
pub fn toolchains(o: &mut String, r: &RunReport) {
    let seen = super::toolchains(r);
    if !seen.is_empty() {
        let _ = writeln!(o, "toolchains: {}", seen.join("; "));
    }
    let _ = writeln!(o, "sandbox: {}", r.sandbox.describe());
    if let Some(b) = &r.builds {
        let plural = if b.submissions == 1 { "" } else { "s" };
        let nothing = if b.compiled == 0 {
            ": nothing compiled"
        } else {
            ""
        };
        // Neither cached nor compiled: a toolchain missing, the text alone ruled it out, or the
        // judge could not build (a full disk).
        let unbuilt = match b.submissions.saturating_sub(b.cached + b.compiled) {
            0 => String::new(),
            n => format!(", {n} not built (see each one's message)"),
        };
        let _ = writeln!(
            o,
            "builds: {} submission{plural}, {} from the cache{unbuilt}, {:.1} s{nothing}",
            b.submissions,
            b.cached,
            b.ms / 1e3
        );
    }
}

/// Submissions judged on no case, each with its one message (compiler output, load error or
/// missing toolchain), indented.
fn unjudged(o: &mut String, r: &RunReport) {
    let none: Vec<_> = r.solutions.iter().filter(|s| s.message.is_some()).collect();
    if none.is_empty() {
        return;
    }
    let _ = writeln!(o, "Judged on no case");
    for s in none {
        let status = if s.as_expected {
            "as expected"
        } else {
            "NOT as expected"
        };
        let what = if s.toolchain_missing {
            "not judged".to_string()
        } else {
            s.verdict.code().to_string()
        };
        let expected = match s.expected {
            Expected::Nothing => String::new(),
            e => format!(", expected {e}: {what}, {status}"),
        };
        let _ = writeln!(o, "\n{} ({}, {}){expected}", s.name, s.path, s.language);
        for line in s.message.as_deref().unwrap_or("").lines() {
            let _ = writeln!(o, "    {line}");
        }
    }
    o.push('\n');
}

/// One line per swept solution: how many classes passed, and the first failing one.
fn sweep_section(o: &mut String, r: &RunReport) {
    let swept: Vec<_> = r
        .solutions
        .iter()
        .filter_map(|s| Some((s, s.sweep.as_ref()?)))
        .collect();
    let Some((_, first)) = swept.first() else {
        return;
    };
    let _ = writeln!(
        o,
        "Sweep: every symmetry class up to board {}, hand {} ({} classes), smallest first, to the first failure",
        first.max_board, first.max_hand, first.classes
    );
    let width = swept.iter().map(|(s, _)| s.name.len()).max().unwrap_or(0);
    for (s, _) in swept {
        let what = super::sweep_summary(s).unwrap_or_default();
        let _ = writeln!(o, "  {:<width$}  {what}", s.name);
    }
    o.push('\n');
}

/// `5 of 37 cases not AC (the sweep's failing class included, 3 of them skipped)`: every case
/// that is not AC, skipped ones too, of all the cases listed.
fn not_ac(s: &SolutionReport, failed: usize, skipped: usize) -> String {
    let mut notes = Vec::new();
    if s.sweep
        .as_ref()
        .is_some_and(|w| w.failed.is_some() && !w.skipped)
    {
        notes.push("the sweep's failing class included".to_string());
    }
    if skipped > 0 {
        notes.push(format!("{skipped} of them skipped"));
    }
    let notes = if notes.is_empty() {
        String::new()
    } else {
        format!(" ({})", notes.join(", "))
    };
    format!(
        "{} of {} not AC{notes}",
        failed + skipped,
        super::count(s.cases.len(), "case")
    )
}

/// One solution's block: a header, every non-AC case on one line (those its folder does not
/// allow tagged `[unexpected]`), then its first failure and the minimised input, each with the
/// oracle's witness drawn.
fn failures_of(o: &mut String, s: &SolutionReport) {
    let skipped = s.cases.iter().filter(|c| c.verdict.is_skipped()).count();
    let bad: Vec<&CaseResult> = s.cases.iter().filter(|c| c.verdict.failed()).collect();
    let status = if s.as_expected {
        "as expected"
    } else {
        "NOT as expected"
    };
    let expected = match s.expected {
        Expected::Nothing => String::new(),
        e => format!(", expected {e}: {status}"),
    };
    let _ = writeln!(
        o,
        "\n{} ({}){expected}, {}",
        s.name,
        s.path,
        not_ac(s, bad.len(), skipped)
    );
    if let Some(why) = missing_promise(s) {
        let _ = writeln!(o, "  {why}");
    }
    skips(o, s);
    if let Some(m) = crate::judge::runner::same_failure_everywhere(&s.cases) {
        let _ = writeln!(o, "  every case: {m}");
        return;
    }
    let width = bad.iter().map(|c| c.case.len()).max().unwrap_or(0);
    for c in &bad {
        let tag = if fails_for(s, c) {
            "  [unexpected]"
        } else {
            ""
        };
        let _ = writeln!(
            o,
            "  {:<3}  {:<width$}  {} + {}: oracle {}, returned {}{tag}",
            c.verdict,
            c.case,
            c.board,
            c.hand,
            c.oracle,
            returned(c.got, c.message.as_deref())
        );
    }
    witnesses(o, s);
    for line in super::diagnosis::lines(s) {
        let _ = writeln!(o, "  {line}");
    }
}

/// One line per reason cases were skipped (a streak of limit verdicts before them, or a machine
/// too busy to judge them), with how many: they have no verdict and score nothing.
fn skips(o: &mut String, s: &SolutionReport) {
    let mut why: Vec<(&str, usize)> = Vec::new();
    for c in s.cases.iter().filter(|c| c.verdict.is_skipped()) {
        let m = c.message.as_deref().unwrap_or("skipped");
        let m = m.strip_prefix("skipped: ").unwrap_or(m);
        match why.iter_mut().find(|(w, _)| *w == m) {
            Some((_, n)) => *n += 1,
            None => why.push((m, 1)),
        }
    }
    for (m, n) in why {
        let _ = writeln!(
            o,
            "  SKIP {} (not judged, not AC): {m}",
            super::count(n, "case")
        );
    }
}

/// The first failure drawn, then its minimised input (or that nothing smaller was found).
fn witnesses(o: &mut String, s: &SolutionReport) {
    if let Some(f) = &s.first_failure {
        let _ = writeln!(
            o,
            "  first failure, {}:",
            s.first_failure_case.as_deref().unwrap_or("?")
        );
        failing_block(o, f);
    }
    if let Some(m) = &s.minimised {
        let unchanged = s
            .first_failure
            .as_ref()
            .is_some_and(|f| f.size == m.size && f.board == m.board);
        if unchanged {
            let _ = writeln!(
                o,
                "  minimised: nothing smaller found (every shrinking step from it passes or breaks the constraints)"
            );
        } else {
            let _ = writeln!(o, "  minimised to {} balls (board + hand):", m.size);
            failing_block(o, m);
        }
    }
}

fn failing_block(o: &mut String, f: &FailingInput) {
    let _ = writeln!(
        o,
        "    {} + {}: oracle {}, returned {}",
        f.board,
        f.hand,
        f.oracle,
        returned(f.got, f.message.as_deref())
    );
    for line in witness_lines(&f.solved, &f.hand, true) {
        let _ = writeln!(o, "    {line}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::draw::plain;
    use crate::report::fixture;

    #[test]
    fn failures_are_grouped_per_solution_and_tagged() {
        let text = plain(&Human.render(&fixture::report()));
        assert!(text.starts_with("zuma-judge run: 0 of 3 solutions as expected, 3 cases"));
        let headers: Vec<&str> = text
            .lines()
            .filter(|l| l.contains("), expected "))
            .collect();
        assert_eq!(
            headers,
            [
                "always_minus_one (solutions/fake.rs), expected accepted: NOT as expected, 2 of 3 cases not AC",
                "panics_on_g (solutions/fake.rs), expected wrong_answer: NOT as expected, 2 of 3 cases not AC",
                "always_two (solutions/fake.rs), expected accepted: NOT as expected, 1 of 3 cases not AC",
            ]
        );
        // the WA a wrong_answer solution promises is listed, untagged; its RE is not allowed
        assert!(text.contains("  WA   t.toml#example-1  WRRBBW + RB: oracle -1, returned 0\n"));
        assert!(text.contains(&format!(
            "  RE   t.toml#green      GGBB + GB: oracle 2, returned no answer (RE: panicked: no G please at src/report/mod.rs:{})  [unexpected]\n",
            fixture::PANIC_LINE
        )));
        // a -1 failure shows the best partial line, drawn
        assert!(text.contains(
            "    best partial line: 2 balls left after 2 moves (16 states explored, all of them)\n"
        ));
        // one legend above every witness of the report; the hand as written (WB, not BW)
        assert_eq!(text.matches(crate::report::draw::GAP_LEGEND).count(), 1);
        assert!(text.contains("Failures, per solution\n  gap i inserts before board[i] (LeetCode's insertion index; gap n, the board's length, is the right end); [X] is the inserted ball\n"));
        assert!(text.contains("    start          R R W W R R B B R R      hand WB\n"));
    }
}
