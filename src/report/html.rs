//! The HTML report (`--format html`, `--report html=PATH`): one self-contained page with no
//! script and nothing fetched: the verdict matrix (submissions × cases), each submission's CPU
//! time per case against the limit, and each failure's witness drawn as rows of coloured balls.
//! `editorial` pages come from [`editorial`]. Markup is maud's, which escapes every string.

use std::collections::HashMap;

use maud::{html, Markup, PreEscaped, DOCTYPE};

use crate::editorial::check::ClaimResult;
use crate::editorial::Review;
use crate::game::oracle::{Answer, Solved};
use crate::game::partial;
use crate::game::rules::{Instance, Move};
use crate::judge::runner::{CaseResult, FailingInput, RunReport, SolutionReport};
use crate::judge::verdict::{Expected, VerdictKind};
use crate::report::gradebook::{self, Entry, RowVerdict};
use crate::report::{count, explain, returned, sweep_summary, Reporter};

/// The page's styles: ball colours, verdict colours, the matrix.
const CSS: &str = r#"
body { font: 14px/1.45 system-ui, sans-serif; margin: 1.5em; color: #1b1b1b; }
h1 { font-size: 1.5em; margin-bottom: .2em; } h2 { margin-top: 1.6em; font-size: 1.2em; }
code, .mono { font-family: ui-monospace, monospace; }
.chips span { display: inline-block; padding: .15em .6em; margin: 0 .3em .3em 0; border-radius: 1em; }
table.matrix { border-collapse: collapse; }
.matrix th, .matrix td { border: 1px solid #ccc; padding: 2px 4px; text-align: center; }
.matrix th.name, .matrix td.name { text-align: left; white-space: nowrap; }
.matrix td.cell { width: 2.2em; font: 11px ui-monospace, monospace; }
.AC { background: #b7e4b0; } .WA { background: #f4a6a6; } .TLE { background: #f7d488; }
.RE { background: #d7b5f0; } .MLE { background: #f5b98a; } .CE { background: #c9c9c9; }
.not-judged { background: #fff; border: 1px dashed #999; }
.SKIP { background: #eee; color: #777; } .fail { outline: 2px solid #b00020; outline-offset: -2px; }
.witness { margin: .4em 0 1em 1em; border-collapse: collapse; }
.witness td { padding: 1px 8px 1px 0; vertical-align: middle; white-space: nowrap; }
.ball { display: inline-block; width: 1.5em; height: 1.5em; line-height: 1.5em; margin: 1px;
  border-radius: 50%; text-align: center; font: bold 11px ui-monospace, monospace; }
.ball.R { background: #d62828; color: #fff; } .ball.Y { background: #f6c90e; }
.ball.B { background: #1d5fd1; color: #fff; } .ball.G { background: #2a9d3a; }
.ball.W { background: #fff; border: 1px solid #999; width: calc(1.5em - 2px); height: calc(1.5em - 2px); }
.ball.ins { box-shadow: 0 0 0 2px #fff, 0 0 0 4px #111; }
.gone { color: #777; } .note { color: #555; }
rect.AC { fill: #5cb85c; } rect.WA { fill: #d9534f; } rect.TLE { fill: #e0a800; }
rect.RE { fill: #9b59b6; } rect.MLE { fill: #e67e22; } rect.SKIP { fill: #ccc; }
.plot { margin: .2em 0 .8em 0; } .plot text { font: 10px system-ui, sans-serif; fill: #555; }
"#;

/// The HTML reporter of a run.
pub struct Html;

impl Reporter for Html {
    fn render(&self, r: &RunReport) -> String {
        titled(r, "zuma-judge run")
    }
}

/// The page of a run under `title` (`grade` gives its own).
pub fn titled(r: &RunReport, title: &str) -> String {
    let body = html! {
        h1 { (title) }
        (summary(r, chips(r)))
        (matrix(r))
        (plots(r))
        (failures(r))
        (case_problems(r))
    };
    page(title, body)
}

/// `grade`'s page under `title`: the rows per verdict (compile errors and submissions not judged
/// included), the gradebook of `entries` (student, language, verdict, passed, score, reason),
/// then the run's matrix, plots, failures and case-file problems; `notes` (what the student
/// rules could not apply) under the summary.
pub fn gradebook(r: &RunReport, entries: &[Entry], title: &str, notes: Option<&str>) -> String {
    let body = html! {
        h1 { (title) }
        (summary(r, html! {
            p.chips #counts {
                @for k in RowVerdict::ALL {
                    @let n = entries.iter().filter(|e| e.verdict == k).count();
                    @if n > 0 {
                        span class=(k.code().replace(' ', "-")) data-verdict=(k.name()) { (k.code()) " " (n) }
                    }
                }
            }
        }))
        @if let Some(n) = notes { p.note #students { (n) } }
        h2 { "Gradebook" }
        table.matrix #gradebook {
            tr {
                th.name { "student" } th { "language" } th { "verdict" } th { "passed" }
                th { "score" } th.name { "reason" }
            }
            @for e in entries {
                tr {
                    td.name title=(e.path) { code { (e.student) } }
                    td { (e.language) }
                    td class=(e.verdict.code().replace(' ', "-")) {
                        (gradebook::shown(e)) " " (row_mark(e))
                    }
                    td { (gradebook::of_total(e.passed, e.total)) }
                    td { (gradebook::of_total(e.score, e.max_score)) }
                    td.name { (e.reason) }
                }
            }
        }
        (matrix(r))
        (plots(r))
        (failures(r))
        (case_problems(r))
    };
    page(title, body)
}

/// A gradebook row's mark: ✓ only for what it should get (accepted, with nothing expected),
/// ✗ otherwise; nothing for one not judged.
fn row_mark(e: &Entry) -> &'static str {
    match (e.verdict, e.as_expected, e.complete) {
        (RowVerdict::NotJudged, _, _) => "",
        (_, Some(false), _) => "✗",
        (_, _, false) => "(cut: the run stopped)",
        (_, Some(true), true) => "✓",
        (RowVerdict::Judged(VerdictKind::Accepted), None, true) => "✓",
        (_, None, true) => "✗",
    }
}

/// A whole page around `body`.
fn page(title: &str, body: Markup) -> String {
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                title { (title) }
                style { (PreEscaped(CSS)) }
            }
            body { (body) }
        }
    }
    .into_string()
}

/// Submissions per final verdict, in [`VerdictKind::FOLDERS`] order (CE included), those
/// with none left out.
fn verdict_counts(r: &RunReport) -> Vec<(VerdictKind, usize)> {
    VerdictKind::FOLDERS
        .into_iter()
        .map(|k| (k, r.solutions.iter().filter(|s| s.verdict == k).count()))
        .filter(|(_, n)| *n > 0)
        .collect()
}

/// The run's verdict counts, as chips.
fn chips(r: &RunReport) -> Markup {
    html! {
        p.chips #counts {
            @for (k, n) in verdict_counts(r) {
                span class=(k.code()) data-verdict=(k.code()) { (k.code()) " " (n) }
            }
        }
    }
}

/// The first lines: what was judged, the verdict counts (`chips`), the limits and judging
/// rules, the sandbox, why the run stopped.
fn summary(r: &RunReport, chips: Markup) -> Markup {
    let expected = r.solutions.iter().filter(|s| s.as_expected).count();
    html! {
        p {
            (count(r.solutions.len(), "submission")) " judged on " (count(r.cases, "case"))
            " from " (count(r.files, "file")) "; " (expected) " of " (r.solutions.len())
            " as expected; CPU limit " (r.config.limits.cpu_ms) " ms; exit code " (r.exit_code) "."
        }
        (chips)
        p.note #config {
            "limits: " (r.config.describe()) br;
            "judging: " (r.config.describe_judging())
        }
        p.note {
            "sandbox: " (if r.sandbox.on { "on" } else { "off" }) " (" (r.sandbox.detail) ")"
            @if let Some(why) = &r.incomplete { br; strong { "incomplete: " (why) } }
        }
    }
}

/// Every case id of the run, in the order the solutions first met them.
fn columns(r: &RunReport) -> Vec<&str> {
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for c in r.solutions.iter().flat_map(|s| &s.cases) {
        if seen.insert(c.case.as_str()) {
            out.push(c.case.as_str());
        }
    }
    out
}

/// One cell's tooltip: the case, the answers, the CPU time, what happened.
fn cell_title(c: &CaseResult) -> String {
    let mut t = format!(
        "{}: {} (oracle {}, returned {}), {:.1} ms CPU",
        c.case,
        c.verdict,
        c.oracle,
        returned(c.got, c.message.as_deref()),
        c.cpu_ms
    );
    if c.runs > 1 {
        t.push_str(&format!(", judged on the fastest of {} runs", c.runs));
    }
    t
}

/// The verdict matrix: one row per submission, one column per case (numbered; the legend
/// names them), then the sweep.
fn matrix(r: &RunReport) -> Markup {
    let cols = columns(r);
    html! {
        h2 { "Verdicts" }
        table.matrix {
            tr {
                th.name { "submission" } th { "expected" } th { "verdict" }
                @for (i, id) in cols.iter().enumerate() { th title=(id) { (i + 1) } }
                th { "sweep" }
            }
            @for s in &r.solutions { (matrix_row(s, &cols)) }
        }
        details {
            summary { "cases by column" }
            ol { @for id in &cols { li { code { (id) } } } }
        }
    }
}

fn matrix_row(s: &SolutionReport, cols: &[&str]) -> Markup {
    let by_id: HashMap<&str, &CaseResult> = s.cases.iter().map(|c| (c.case.as_str(), c)).collect();
    let nothing = s.expected == Expected::Nothing;
    let mark = match (s.complete, s.as_expected) {
        _ if s.toolchain_missing => "",
        (_, false) => "✗ not as expected",
        (false, true) => "(cut: the run stopped)",
        // A gradebook row (nothing expected) is ✓ only when accepted.
        (true, true) if nothing && s.verdict != VerdictKind::Accepted => "✗",
        (true, true) => "✓",
    };
    html! {
        tr {
            td.name title=(s.path) { code { (s.name) } " " span.note { (s.language) } }
            td { (s.expected.code()) }
            td class=(s.verdict.code()) { (s.code_shown()) " " (mark) }
            @for id in cols {
                @match by_id.get(id) {
                    Some(c) => {
                        @let fail = crate::report::fails_for(s, c);
                        td class={ "cell " (c.verdict) @if fail { " fail" } } title=(cell_title(c)) {
                            (c.verdict)
                        }
                    }
                    None => td.cell {}
                }
            }
            @let sweep = sweep_summary(s);
            @let short = match &s.sweep {
                None => "-",
                Some(w) if w.skipped => "not swept",
                Some(w) if w.failed.is_some() => "failed",
                Some(w) if w.judged < w.classes => "stopped",
                Some(_) => "passed",
            };
            td.note title=[sweep] { (short) }
        }
    }
}

/// Each submission's CPU time per case, on a log scale against the limit.
fn plots(r: &RunReport) -> Markup {
    let cols = columns(r);
    html! {
        h2 { "CPU time per case" }
        p.note {
            "One bar per case, in the matrix's column order, on a log scale from 0.1 ms; the \
             dashed line is the limit (" (r.config.limits.cpu_ms) " ms)."
        }
        @for s in &r.solutions {
            div { code { (s.name) } " " span.note { "total " (format!("{:.0}", s.timing.cpu_total_ms)) " ms" } }
            (plot(s, &cols, r.config.limits.cpu_ms as f64))
        }
    }
}

/// Height of a plot's drawing area, and its left margin for the tick labels.
const PLOT_H: f64 = 60.0;
const PLOT_LEFT: f64 = 44.0;

/// The y of `ms` in a plot whose top is `top_ms`, on a log scale from 0.1 ms.
fn plot_y(ms: f64, top_ms: f64) -> f64 {
    let lo = 0.1f64.log10();
    let v = ms.max(0.1).min(top_ms).log10();
    let y = PLOT_H - (v - lo) / (top_ms.log10() - lo) * PLOT_H;
    (y * 10.0).round() / 10.0
}

fn plot(s: &SolutionReport, cols: &[&str], limit: f64) -> Markup {
    let by_id: HashMap<&str, &CaseResult> = s.cases.iter().map(|c| (c.case.as_str(), c)).collect();
    let top = limit * 2.0;
    let width = PLOT_LEFT + 8.0 * cols.len() as f64 + 4.0;
    let ticks: Vec<f64> = [1.0, 10.0, 100.0, 1000.0]
        .into_iter()
        .filter(|t| *t < limit)
        .collect();
    html! {
        svg.plot width=(width + 30.0) height=(PLOT_H + 4.0) role="img" {
            @for t in &ticks {
                line x1=(PLOT_LEFT) x2=(width) y1=(plot_y(*t, top)) y2=(plot_y(*t, top)) stroke="#e4e4e4" {}
                text x="2" y=(plot_y(*t, top) + 3.0) { (format!("{t} ms")) }
            }
            @for (i, id) in cols.iter().enumerate() {
                @if let Some(c) = by_id.get(id) {
                    @let y = plot_y(c.cpu_ms, top);
                    rect class=(c.verdict) x=(PLOT_LEFT + 8.0 * i as f64) y=(y) width="6"
                        height=(PLOT_H - y + 1.0) stroke="#666" stroke-width="0.5" {
                        title { (cell_title(c)) }
                    }
                }
            }
            line x1=(PLOT_LEFT) x2=(width) y1=(plot_y(limit, top)) y2=(plot_y(limit, top))
                stroke="#b00020" stroke-dasharray="4 3" {}
            text x=(width + 2.0) y=(plot_y(limit, top) + 3.0) fill="#b00020" { "limit" }
        }
    }
}

/// Each submission's first failure in case order (as expected or not), with the oracle's
/// witness drawn, and its minimised input.
fn failures(r: &RunReport) -> Markup {
    let failing: Vec<&SolutionReport> = r
        .solutions
        .iter()
        .filter(|s| s.first_failure.is_some())
        .collect();
    html! {
        h2 { "First failures" }
        @if failing.is_empty() { p { "No submission failed a case." } }
        @else { (gap_note()) }
        @for s in failing {
            h3 {
                code { (s.name) } " " span class=(s.verdict.code()) { (s.code_shown()) }
                @if s.as_expected { " " span.note { "(as expected)" } }
            }
            @if let Some(f) = &s.first_failure {
                p { code { (s.first_failure_case.as_deref().unwrap_or("?")) } ": " span class=(f.verdict) { (f.verdict) } }
                (failing_witness(f))
            }
            @if let Some(m) = &s.minimised {
                p { "Minimised to " (m.size) " balls: " span class=(m.verdict) { (m.verdict) } }
                (failing_witness(m))
            }
            @let diagnosis = super::diagnosis::lines(s);
            @if !diagnosis.is_empty() {
                pre.diagnosis { (diagnosis.join("\n")) }
            }
        }
    }
}

/// How gaps are numbered, said once above the witnesses.
fn gap_note() -> Markup {
    html! {
        p.note {
            "Gap " i { "i" } " puts the ball before " code { "board[i]" }
            " (LeetCode's insertion index); gap " i { "n" } " is the end. "
            "The inserted ball is ringed; each removal of the chain reaction has its own row."
        }
    }
}

/// A judged failing input (as called), what was returned, and the oracle's witness drawn from
/// the runner's instance and answer.
fn failing_witness(f: &FailingInput) -> Markup {
    let got = returned(f.got, f.message.as_deref());
    input_witness((&f.board, &f.hand), f.oracle, got, Some(&f.solved))
}

/// `board` + `hand` (as written), what was returned, and the oracle's witness drawn from its
/// typed answer (`solved`; none for an input the oracle did not check).
fn input_witness(
    (board, hand): (&str, &str),
    oracle: i32,
    got: String,
    solved: Option<&Solved>,
) -> Markup {
    html! {
        p.mono { "board " (board) "  hand " (hand) ": oracle " (oracle) ", returned " (got) }
        @match solved {
            Some(s) => (drawn(&s.instance, hand, &s.answer)),
            None => p.note { "no witness: this input was not checked against the oracle" },
        }
    }
}

/// A refuted claim's witness for its board and hand, drawn from the answer the review found;
/// for an input outside the constraints, why there is none; nothing for a claim with no hand.
fn claim_witness(c: &ClaimResult) -> Markup {
    match (&c.solved, &c.hand) {
        (Some(Ok(s)), Some(hand)) => drawn(&s.instance, hand, &s.answer),
        (Some(Err(why)), _) => html! { p.note { "no witness: input rejected: " (why) } },
        _ => html! {},
    }
}

/// The oracle's `answer` for `inst` drawn: its witness, or for -1 the best partial line.
fn drawn(inst: &Instance, hand: &str, answer: &Answer) -> Markup {
    match &answer.witness {
        Some(w) => moves(inst, hand, w),
        None => {
            let p = partial::best_partial(inst, partial::MAX_STATES);
            html! {
                p.note { (explain::fresh_search(inst)) ". "
                    (crate::report::draw::partial_summary(&p)) ":" }
                (moves(inst, hand, &p.moves))
            }
        }
    }
}

/// `moves` played from `inst`: the start, then per move the board with the ball in (ringed)
/// and one row per removal. The hand is shown as written, less what was spent.
fn moves(inst: &Instance, hand: &str, moves: &[Move]) -> Markup {
    let steps = explain::steps(inst, moves);
    let hands = crate::report::draw::hands_after(hand, moves);
    html! {
        table.witness {
            tr { td { "start" } td { (balls(&inst.board.to_string(), None)) } td.mono { "hand " (shown(hand)) } }
            @for (s, h) in steps.iter().zip(&hands) {
                tr {
                    td { (s.number) ". " (s.mv.colour.to_string()) " at gap " (s.mv.gap) }
                    td { (balls(&s.inserted, Some(s.mv.gap))) }
                    td.mono { "hand " (shown(h)) }
                }
                @for (run, after) in &s.removals {
                    tr.gone { td { "remove " (run) } td { (balls(after, None)) } td {} }
                }
            }
        }
    }
}

/// A hand for people: `-` when empty.
fn shown(hand: &str) -> &str {
    if hand.is_empty() {
        "-"
    } else {
        hand
    }
}

/// A board as coloured balls, the one at `mark` ringed; `(empty)` for no balls.
fn balls(board: &str, mark: Option<usize>) -> Markup {
    html! {
        @if board.is_empty() { span.note { "(empty)" } }
        @for (i, ch) in board.chars().enumerate() {
            span class={ "ball " (ch) @if mark == Some(i) { " ins" } } { (ch) }
        }
    }
}

/// Case-file errors and warnings, when there are any.
fn case_problems(r: &RunReport) -> Markup {
    html! {
        @if !r.case_errors.is_empty() {
            h2 { "Case-file errors" }
            ul { @for e in &r.case_errors { li { code { (e.case) } ": " (e.message) } } }
        }
        @if !r.case_warnings.is_empty() {
            h2 { "Case-file warnings" }
            ul { @for w in &r.case_warnings { li { code { (w.path) } ": " (w.message) } } }
        }
    }
}

/// An editorial's review as a page: the counts, every claim (refuted answers with the
/// oracle's witness drawn), every code block's verdict with its counterexample drawn.
pub fn editorial(review: &Review) -> String {
    let s = &review.summary;
    let body = html! {
        h1 { "zuma-judge editorial review" }
        p { @for f in &review.files { code { (f) } " " } }
        p.chips #counts {
            span.AC data-verdict="hold" { "hold " (s.hold) }
            span.WA data-verdict="refuted" { "refuted " (s.refuted) }
            span.WA data-verdict="unread" { "unread " (s.unread) }
            span.AC data-verdict="accepted" { "code accepted " (s.accepted) " of " (s.graded) }
        }
        (gap_note())
        h2 { "Claims" }
        @if review.claims.is_empty() { p { "No claims found." } }
        @for c in &review.claims {
            p {
                code { (c.file) ":" (c.line) } " "
                span class=(if c.holds { "AC" } else { "WA" }) { (if c.holds { "holds" } else { "refuted" }) }
                ": " (c.reason)
            }
            @if !c.holds { (claim_witness(c)) }
        }
        @if !review.unread.is_empty() {
            h2 { "Unread: looks like a claim" }
            @for u in &review.unread {
                p { code { (u.file) ":" (u.line) } " " span.WA { "unread" } ": " (u.text) }
            }
        }
        h2 { "Code blocks" }
        @if review.code.is_empty() { p { "No code block names findMinStep." } }
        @for b in &review.code {
            p {
                code { (b.file) ":" (b.line) } " " (b.language.as_deref().unwrap_or("?")) ": "
                strong { (b.verdict) }
                @if let Some(m) = &b.message { " " span.note { (m) } }
            }
            @if let Some(x) = &b.counterexample {
                (input_witness((&x.board, &x.hand), x.oracle, returned(x.got, x.message.as_deref()), x.solved.as_ref()))
            }
        }
    };
    page("zuma-judge editorial review", body)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::oracle::Oracle;
    use crate::game::rules::Constraints;
    use crate::report::{failing_cases, fixture};

    #[test]
    fn a_witness_rings_the_inserted_ball_and_shows_the_hand_as_written() {
        let i = Instance::parse("RRWWRRBBRR", "WB", &Constraints::default()).unwrap();
        let page = drawn(&i, "WB", &Oracle::new().solve(&i).unwrap()).into_string();
        // The hand as written (WB, not BW), less each ball spent; the inserted ball ringed
        // before board[gap]; one row per removal of the chain reaction.
        assert!(page.contains(r#"<td class="mono">hand WB</td>"#), "{page}");
        assert!(page.contains(concat!(
            r#"<td>1. B at gap 1</td><td><span class="ball R">R</span>"#,
            r#"<span class="ball B ins">B</span><span class="ball R">R</span>"#
        )));
        assert!(page.contains(r#"<td class="mono">hand W</td></tr><tr><td>2. W at gap 3</td>"#));
        assert!(page.contains(r#"<span class="ball W ins">W</span>"#));
        let removed: Vec<&str> = page
            .split("<tr class=\"gone\"><td>remove ")
            .skip(1)
            .map(|r| &r[..3])
            .collect();
        assert_eq!(removed, ["WWW", "RRR", "BBB", "RRR"]);
        assert!(page.ends_with(
            r#"<td>remove RRR</td><td><span class="note">(empty)</span></td><td></td></tr></table>"#
        ));
    }

    #[test]
    fn the_page_counts_verdicts_and_marks_failing_cells() {
        let r = fixture::report();
        let page = Html.render(&r);
        assert!(page.starts_with("<!DOCTYPE html>"));
        let counts: Vec<String> = verdict_counts(&r)
            .into_iter()
            .map(|(k, n)| format!("data-verdict=\"{}\">{} {n}</span>", k.code(), k.code()))
            .collect();
        for c in &counts {
            assert!(page.contains(c), "{c} missing");
        }
        let failing: usize = r.solutions.iter().map(|s| failing_cases(s).len()).sum();
        assert_eq!(page.matches(" fail\"").count(), failing);
        assert!(!page.contains("<script"));
        assert!(!page.contains("http"), "nothing is fetched");
        let config = format!(
            "<p class=\"note\" id=\"config\">limits: {}<br>judging: {}</p>",
            r.config.describe(),
            r.config.describe_judging()
        );
        assert!(page.contains(&config), "{config} missing");
    }

    #[test]
    fn names_are_escaped() {
        let mut r = fixture::report();
        r.solutions[0].name = "<img src=x onerror=alert(1)>".into();
        let page = Html.render(&r);
        assert!(!page.contains("<img"));
        assert!(page.contains("&lt;img src=x onerror=alert(1)&gt;"));
    }
}
