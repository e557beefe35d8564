//! The Markdown report, to paste into a pull-request comment: a heading that says pass or fail,
//! a compact verdict table, and one collapsed `<details>` block per failure (the same failures
//! as the JUnit report, [`super::case_fails`]) with the oracle's witness inside.

use std::fmt::Write as _;

use quick_xml::escape::escape;

use super::{failing_cases, missing_promise, returned, witness_lines, Reporter};
use crate::judge::runner::{CaseResult, RunReport, SolutionReport};
use crate::judge::verdict::VerdictKind;

/// GitHub-flavoured Markdown with inline HTML (`<details>`, `<code>`).
pub struct Markdown;

/// Failures shown in full per solution; the rest are counted, so a broken solution cannot
/// bury the comment. JUnit lists them all.
pub const DETAILS_PER_SOLUTION: usize = 10;

/// `s` as inline code that survives tables and HTML: one line, escaped for HTML, `|` as an
/// entity (a file name may hold a newline).
fn code(s: &str) -> String {
    format!(
        "<code>{}</code>",
        escape(one_line(s)).replace('|', "&#124;")
    )
}

/// `s` as table-cell or summary text: HTML-escaped, `|` as an entity, one line.
fn text(s: &str) -> String {
    escape(one_line(s)).replace('|', "&#124;").to_string()
}

/// `s` with every line break and other control character made a space.
fn one_line(s: &str) -> String {
    s.lines()
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

impl Reporter for Markdown {
    fn render(&self, r: &RunReport) -> String {
        let mut o = String::new();
        heading(&mut o, r);
        verdict_table(&mut o, r);
        failures(&mut o, r);
        suite_problems(&mut o, r);
        o
    }
}

/// The verdict in one line, the counts, and the limits, judging, toolchains and sandbox.
fn heading(o: &mut String, r: &RunReport) {
    let bad = r.solutions.iter().filter(|s| !s.as_expected).count();
    let wrong = r.expectations.iter().filter(|e| !e.holds).count();
    let strict = r.claims.iter().filter(|c| c.strict && !c.holds).count();
    let refuted = r.claims.iter().filter(|c| !c.holds).count();
    let head = match r.exit_code {
        0 => "✅ all as expected".to_string(),
        3 if r.incomplete.is_some() => "⏸️ incomplete: the run was stopped".to_string(),
        2 => "⚠️ the case files have errors".to_string(),
        _ => {
            let mut parts = Vec::new();
            if bad > 0 {
                parts.push(format!(
                    "{bad} of {} not as expected",
                    super::count(r.solutions.len(), "solution")
                ));
            }
            if wrong > 0 {
                parts.push(format!("{} wrong", super::count(wrong, "case assertion")));
            }
            if strict > 0 {
                parts.push(format!("{} refuted", super::count(strict, "strict claim")));
            }
            format!("❌ {}", parts.join(", "))
        }
    };
    let _ = writeln!(o, "### zuma-judge: {head}\n");
    let _ = writeln!(
        o,
        "{} · {} from {}{} · {wrong} case assertions wrong · {refuted} of {} refuted · {} · exit {}  ",
        super::count(r.solutions.len(), "solution"),
        super::count(r.cases, "case"),
        super::count(r.files, "file"),
        super::human::files_detail(r),
        super::count(r.claims.len(), "claim"),
        super::count(r.case_errors.len(), "case-file error"),
        r.exit_code
    );
    context(o, r);
}

/// `grade --format markdown`: `summary`'s first line (grade's own) as the heading and its other
/// lines under it, the rows per
/// verdict (compile errors and submissions not judged included), the context lines, the
/// gradebook table of `entries`, then the failures and the suite's problems as `run` shows them.
pub fn gradebook(r: &RunReport, entries: &[super::gradebook::Entry], summary: &str) -> String {
    let mut o = String::new();
    let (head, notes) = summary.split_once('\n').unwrap_or((summary, ""));
    let _ = writeln!(o, "### {}\n", text(head));
    for line in notes.lines().filter(|l| !l.is_empty()) {
        let _ = writeln!(o, "{}  ", text(line));
    }
    let _ = writeln!(
        o,
        "verdicts: {}  ",
        text(&super::gradebook::counts(entries))
    );
    context(&mut o, r);
    o.push_str(&super::gradebook::markdown_table(
        entries,
        super::gradebook::has_expectations(r),
    ));
    o.push('\n');
    failures(&mut o, r);
    suite_problems(&mut o, r);
    o
}

/// What the run was under: INCOMPLETE, limits, judging, toolchains and sandbox.
fn context(o: &mut String, r: &RunReport) {
    if let Some(why) = &r.incomplete {
        let _ = writeln!(o, "**INCOMPLETE:** {}  ", text(why));
    }
    let tools = super::toolchains(r);
    let _ = write!(o, "limits: {}", text(&r.config.describe()));
    let _ = write!(o, "  \njudging: {}", text(&r.config.describe_judging()));
    if !tools.is_empty() {
        let _ = write!(o, "  \ntoolchains: {}", text(&tools.join("; ")));
    }
    let _ = write!(o, "  \nsandbox: {}", text(&r.sandbox.describe()));
    o.push_str("\n\n");
}

/// One row per solution with its verdict counts and times, then what each one's sweep did.
fn verdict_table(o: &mut String, r: &RunReport) {
    if !r.solutions.is_empty() {
        let _ = writeln!(
            o,
            "| solution | expected | verdict | ok | AC | WA | TLE | RE | MLE | total ms | max ms |"
        );
        let _ = writeln!(
            o,
            "| :-- | :-- | :-- | :-: | --: | --: | --: | --: | --: | --: | --: |"
        );
        for s in &r.solutions {
            let counts: Vec<String> = VerdictKind::ALL
                .iter()
                .map(|k| s.counts.get(k.code()).copied().unwrap_or(0).to_string())
                .collect();
            let _ = writeln!(
                o,
                "| {} | {} | {} | {} | {} | {:.2} | {:.2} |",
                code(&s.name),
                s.expected.name(),
                s.verdict_shown(),
                match (s.complete, s.as_expected) {
                    (_, false) => "❌",
                    (false, true) => "⏸️",
                    (true, true) => "✅",
                },
                counts.join(" | "),
                s.total_ms,
                s.max_ms
            );
        }
        o.push('\n');
        let swept: Vec<String> = r
            .solutions
            .iter()
            .filter_map(|s| {
                let w = super::sweep_summary(s)?;
                Some(format!("- {} sweep: {}", code(&s.name), text(&w)))
            })
            .collect();
        if !swept.is_empty() {
            let _ = writeln!(o, "{}\n", swept.join("\n"));
        }
    }
}

/// Each solution's missing promise and its first failures, folded.
fn failures(o: &mut String, r: &RunReport) {
    if r.solutions.iter().any(|s| !failing_cases(s).is_empty()) {
        let _ = writeln!(o, "Witnesses below: {}.\n", super::draw::GAP_LEGEND);
    }
    for s in &r.solutions {
        if let Some(why) = missing_promise(s) {
            details(
                o,
                &format!("❌ {}: {}", code(&s.name), text(&why)),
                &format!(
                    "{} is in {}/ ({}) but gave no {}.\nMove it to accepted/ or add a case it fails.",
                    s.name,
                    s.expected.name(),
                    s.path,
                    s.expected.code()
                ),
            );
        }
        let failing = failing_cases(s);
        for c in failing.iter().take(DETAILS_PER_SOLUTION) {
            case_details(o, s, c);
        }
        if failing.len() > DETAILS_PER_SOLUTION {
            let _ = writeln!(
                o,
                "… and {} more failures of {} (see the JUnit or JSON report).\n",
                failing.len() - DETAILS_PER_SOLUTION,
                code(&s.name)
            );
        }
    }
}

/// Wrong case assertions, refuted strict claims, case-file errors and warnings.
fn suite_problems(o: &mut String, r: &RunReport) {
    let problems: Vec<String> = r
        .expectations
        .iter()
        .filter(|e| !e.holds)
        .map(|e| {
            format!(
                "- {} (line {}): {}, but the truth is {} — fix with `zuma-judge audit --fix`",
                code(&e.case),
                e.line,
                text(&e.asserted),
                text(&e.truth)
            )
        })
        .chain(r.claims.iter().filter(|c| c.strict && !c.holds).map(|c| {
            format!(
                "- {}: strict claim by {} ({}) refuted; oracle {}",
                code(&c.case),
                text(&c.source),
                c.claimed_text(),
                c.oracle.map_or("none".into(), |v| v.to_string())
            )
        }))
        .chain(
            r.case_errors
                .iter()
                .map(|e| format!("- case-file error: {}", text(&e.message))),
        )
        .chain(
            r.case_warnings
                .iter()
                .map(|w| format!("- case-file warning: {}", text(&w.message))),
        )
        .collect();
    if !problems.is_empty() {
        let _ = writeln!(o, "**The suite itself**\n");
        for p in problems {
            let _ = writeln!(o, "{p}");
        }
        o.push('\n');
    }
}

fn details(o: &mut String, summary: &str, body: &str) {
    let _ = writeln!(o, "<details>\n<summary>{summary}</summary>\n\n````text");
    for line in body.lines() {
        let _ = writeln!(o, "{line}");
    }
    let _ = writeln!(o, "````\n\n</details>\n");
}

fn case_details(o: &mut String, s: &SolutionReport, c: &CaseResult) {
    let got = returned(c.got, c.message.as_deref());
    let summary = format!(
        "❌ {} {} on {}: oracle {}, returned {}",
        code(&s.name),
        c.verdict,
        code(&c.case),
        c.oracle,
        text(&got)
    );
    let mut body = format!(
        "board {}  hand {}: oracle {}, returned {got}\n",
        c.board, c.hand, c.oracle
    );
    for line in witness_lines(&c.solved, &c.hand, false) {
        let _ = writeln!(body, "  {line}");
    }
    if s.first_failure_case.as_deref() == Some(c.case.as_str()) {
        if let Some(m) = &s.minimised {
            let _ = writeln!(
                body,
                "minimised to {} balls: board {}  hand {}: oracle {}, returned {}",
                m.size,
                m.board,
                m.hand,
                m.oracle,
                returned(m.got, m.message.as_deref())
            );
            for line in witness_lines(&m.solved, &m.hand, false) {
                let _ = writeln!(body, "  {line}");
            }
        }
        for line in super::diagnosis::lines(s) {
            let _ = writeln!(body, "{line}");
        }
    }
    details(o, &summary, &body);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::fixture;

    #[test]
    fn a_name_with_a_newline_stays_in_its_cell() {
        assert_eq!(
            code("evil\n| fake | row |\r\u{1b}[31m"),
            "<code>evil &#124; fake &#124; row &#124;  [31m</code>"
        );
        assert_eq!(text("a\nb"), "a b");
    }

    #[test]
    fn one_details_block_per_failure() {
        let md = Markdown.render(&fixture::report());
        assert!(md.starts_with("### zuma-judge: ❌ 3 of 3 solutions not as expected\n"));
        let summaries: Vec<&str> = md.lines().filter(|l| l.starts_with("<summary>")).collect();
        let re = format!(
            "<summary>❌ <code>panics_on_g</code> RE on <code>t.toml#green</code>: oracle 2, returned no answer (RE: panicked: no G please at src/report/mod.rs:{})</summary>",
            fixture::PANIC_LINE
        );
        assert_eq!(
            summaries,
            [
                "<summary>❌ <code>always_minus_one</code> WA on <code>t.toml#split-pair</code>: oracle 2, returned -1</summary>",
                "<summary>❌ <code>always_minus_one</code> WA on <code>t.toml#green</code>: oracle 2, returned -1</summary>",
                &re,
                "<summary>❌ <code>always_two</code> WA on <code>t.toml#example-1</code>: oracle -1, returned 2</summary>",
            ]
        );
        assert_eq!(md.matches("<details>").count(), 4);
        assert_eq!(md.matches("</details>").count(), 4);
        // the first failure of a solution carries its minimised input, witness drawn: here the
        // suite's own smaller failing case (same size, shorter board) beats greedy shrinking
        assert!(
            md.contains(
                "minimised to 6 balls: board GGBB  hand GB: oracle 2, returned -1\n  \
             start          G G B B      hand GB\n  \
             1. B at gap 0  [B]G G B B   hand G\n  \
             2. G at gap 1  B[G]G G B B  hand -\n    \
               remove GGG   B B B\n    \
               remove BBB   (empty)\n"
            ),
            "{md}"
        );
    }

    #[test]
    fn names_cannot_break_the_table_or_the_html() {
        assert_eq!(code("a|b<c>&"), "<code>a&#124;b&lt;c&gt;&amp;</code>");
        assert_eq!(text("x|y\nz"), "x&#124;y z");
    }
}
