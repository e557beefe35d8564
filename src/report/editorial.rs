//! The review of an editorial in `editorial`'s formats ([`EditorialFormat`]: human, Markdown to
//! paste as a review comment, JSON, and HTML from [`crate::report::html`]), and the case file
//! `--save` writes from it.

use std::fmt::Write as _;

use crate::editorial::check::{ClaimKind, ClaimResult};
use crate::editorial::grade::CodeResult;
use crate::editorial::Review;
use crate::report::explain;
use crate::report::writer::Document;
use crate::report::{count, draw, ReportFormat};

/// Output formats of `editorial` (its `--format` and `--report`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum EditorialFormat {
    /// Text for people.
    Human,
    /// A review to paste as a comment to the editorial's author.
    Markdown,
    /// One JSON object (`schema_version`, `claims`, `mentions`, `code`, `summary`).
    Json,
    /// One self-contained page: the claims, the code blocks' verdicts, witnesses drawn.
    Html,
}

impl ReportFormat for EditorialFormat {
    const EXAMPLE: &'static str = "html=review.html";
}

/// The review in each format, for [`crate::report::writer`].
impl Document<EditorialFormat> for Review {
    fn render(&self, format: EditorialFormat) -> String {
        match format {
            EditorialFormat::Human => human(self),
            EditorialFormat::Markdown => markdown(self),
            EditorialFormat::Json => json(self),
            EditorialFormat::Html => crate::report::html::editorial(self),
        }
    }
}

fn kind_name(k: ClaimKind) -> &'static str {
    match k {
        ClaimKind::Answer => "answer",
        ClaimKind::Transition => "transition",
        ClaimKind::Moves => "moves",
    }
}

/// What a claim says, in one line: `R + R = 2`, `WRRBBBW -> W`, `WRRBBW + RB: R@1 B@1`.
pub fn statement(c: &ClaimResult) -> String {
    let claimed = |v: &serde_json::Value| match v {
        serde_json::Value::String(s) => explain::show(s),
        serde_json::Value::Array(a) => a
            .iter()
            .filter_map(|m| m.as_str())
            .collect::<Vec<_>>()
            .join(" "),
        // Steps that no move explains: the reason says which.
        serde_json::Value::Null => "(steps)".to_string(),
        other => other.to_string(),
    };
    match (c.kind, &c.hand) {
        (ClaimKind::Answer, Some(h)) => format!("{} + {h} = {}", c.board, claimed(&c.claimed)),
        (ClaimKind::Transition, _) => {
            format!("{} -> {}", explain::show(&c.board), claimed(&c.claimed))
        }
        (_, Some(h)) => format!("{} + {h}: {}", c.board, claimed(&c.claimed)),
        (_, None) => format!("{}: {}", c.board, claimed(&c.claimed)),
    }
}

/// The verdict word of a claim: `holds`, `REFUTED`, `INVALID INPUT`.
fn word(c: &ClaimResult) -> &'static str {
    match (c.holds, c.valid) {
        (true, _) => "holds",
        (false, false) => "INVALID INPUT",
        (false, true) => "REFUTED",
    }
}

/// The reason, without the `invalid input: ` its verdict word already says.
fn reason(c: &ClaimResult) -> &str {
    c.reason.trim_start_matches("invalid input: ")
}

/// The first line: counts.
pub fn summary_line(r: &Review) -> String {
    let s = &r.summary;
    format!(
        "zuma-judge editorial: {}, {} ({} hold, {} refuted, {} of them about invalid inputs), {} mentioned without an answer, {} unread, {} graded ({} accepted), {} skipped{}{}",
        count(r.files.len(), "file"),
        count(s.claims, "claim"),
        s.hold,
        s.refuted,
        s.invalid,
        count(s.mentions, "board"),
        count(s.unread, "line"),
        count(s.graded, "code block"),
        s.accepted,
        s.skipped,
        match s.not_judged {
            0 => String::new(),
            n => format!(", {n} not judged (toolchain missing)"),
        },
        if s.graded == 0 {
            String::new()
        } else {
            format!("; code swept up to board {}, hand {}", s.bound.0, s.bound.1)
        }
    )
}

/// `smallest counterexample` when the sweep found it; else it came from the editorial's own
/// boards, shrunk, and the sweep found none (or could not run).
fn counterexample_label(c: &CodeResult) -> &'static str {
    match (c.from_sweep, &c.swept) {
        (true, _) => "smallest counterexample",
        (false, Some(_)) => "counterexample (from the editorial's boards; none in the sweep)",
        (false, None) => "counterexample (from the editorial's boards; the sweep did not run)",
    }
}

fn code_line(c: &CodeResult) -> String {
    let lang = c.language.as_deref().unwrap_or("-");
    if let (None, Some(s)) = (&c.counterexample, &c.swept) {
        if let Some((board, hand)) = s.budget_reached {
            return format!(
                "{}:{}  {lang}  {}: passed every input tried ({} up to board {board}, hand {hand}, in {:.1} s); the code budget ended the sweep before board {}, hand {}",
                c.file,
                c.line,
                c.verdict,
                super::count(s.classes as usize, "class"),
                s.ms / 1e3,
                s.max_board,
                s.max_hand
            );
        }
    }
    let sweep = c.swept.as_ref().map_or(String::new(), |s| {
        format!(
            "; swept {} ({}) up to board {}, hand {} in {:.1} s",
            super::count(s.classes as usize, "class"),
            super::count(s.instances as usize, "instance"),
            s.max_board,
            s.max_hand,
            s.ms / 1e3
        )
    });
    let what = match (&c.counterexample, &c.message) {
        (Some(cx), _) => format!(
            "{} {} + {}: oracle {}, {}",
            counterexample_label(c),
            cx.board,
            cx.hand,
            cx.oracle,
            cx.got.map_or_else(
                || cx.message.clone().unwrap_or_default(),
                |g| format!("got {g}")
            )
        ),
        (None, Some(m)) => m.clone(),
        (None, None) => "no counterexample".into(),
    };
    format!(
        "{}:{}  {lang}  {}: {what}{sweep}",
        c.file, c.line, c.verdict
    )
}

/// For people: the summary, every claim (refuted first), the mentions, the code.
pub fn human(r: &Review) -> String {
    let mut o = summary_line(r);
    o.push_str("\n\n");
    if !r.claims.is_empty() {
        o.push_str("Claims (refuted first)\n");
        let mut claims: Vec<&ClaimResult> = r.claims.iter().collect();
        claims.sort_by_key(|c| c.holds);
        for c in claims {
            let _ = writeln!(
                o,
                "  {}:{}  {:<10}  {}: {} ({}{})",
                c.file,
                c.line,
                kind_name(c.kind),
                statement(c),
                word(c),
                truth(c),
                reason(c)
            );
        }
        o.push('\n');
    }
    if !r.unread.is_empty() {
        o.push_str("Unread: looks like a claim\n");
        for u in &r.unread {
            let _ = writeln!(o, "  {}:{}  {}", u.file, u.line, shortened(&u.text));
        }
        o.push('\n');
    }
    if !r.mentions.is_empty() {
        o.push_str("Boards mentioned without an answer\n");
        for m in &r.mentions {
            let value = m.oracle.map_or("invalid".into(), |v| v.to_string());
            let _ = writeln!(
                o,
                "  {}:{}  {} + {}: oracle {value} ({})",
                m.file, m.line, m.board, m.hand, m.reason
            );
        }
        o.push('\n');
    }
    human_code(&mut o, r);
    let _ = writeln!(o, "exit {}", r.exit.code());
    o
}

/// The human review's "Code" section: each block's verdict, its witness and diagnosis.
fn human_code(o: &mut String, r: &Review) {
    if !r.code.is_empty() {
        o.push_str("Code\n");
        if r.code.iter().any(has_witness) {
            let _ = writeln!(o, "  {}", crate::report::draw::GAP_LEGEND);
        }
        for c in &r.code {
            // A compiler's message of many lines stays under its block.
            let _ = writeln!(o, "  {}", code_line(c).trim_end().replace('\n', "\n      "));
            for w in &witness_rows(c) {
                let _ = writeln!(o, "      {w}");
            }
            if c.verdict == "wrong_answer" {
                for line in super::diagnosis::lines_of(c.diagnosis.as_ref()) {
                    let _ = writeln!(o, "      {line}");
                }
            }
        }
        o.push('\n');
    }
}

/// An unread line as the reports show it: its first 100 characters (the JSON keeps it whole).
fn shortened(text: &str) -> String {
    match text.char_indices().nth(100) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}

/// The truth in front of the reason: `oracle -1; ` for a refuted answer, the rules' board for
/// a refuted transition.
fn truth(c: &ClaimResult) -> String {
    if c.holds || !c.valid {
        return String::new();
    }
    match (c.kind, &c.oracle) {
        (ClaimKind::Answer, v) => format!("the answer is {v}; "),
        _ => String::new(),
    }
}

/// A review to paste as a comment to the editorial's author.
pub fn markdown(r: &Review) -> String {
    let mut o = String::new();
    let files: Vec<String> = r.files.iter().map(|f| format!("`{f}`")).collect();
    let _ = writeln!(
        o,
        "## Review of {} (zuma-judge editorial)\n",
        files.join(", ")
    );
    let _ = writeln!(
        o,
        "{}\n",
        summary_line(r).trim_start_matches("zuma-judge editorial: ")
    );
    markdown_to_fix(&mut o, r);
    markdown_code(&mut o, r);
    let held: Vec<&ClaimResult> = r.claims.iter().filter(|c| c.holds).collect();
    if !held.is_empty() {
        o.push_str("<details><summary>Claims that hold</summary>\n\n");
        for c in held {
            let _ = writeln!(
                o,
                "- {}:{} `{}`: {}",
                c.file,
                c.line,
                statement(c),
                c.reason
            );
        }
        o.push_str("\n</details>\n\n");
    }
    if !r.mentions.is_empty() {
        o.push_str("### Boards mentioned without an answer\n\n");
        for m in &r.mentions {
            let value = m.oracle.map_or("invalid".into(), |v| v.to_string());
            let _ = writeln!(
                o,
                "- {}:{} `{} + {}`: {value} ({})",
                m.file, m.line, m.board, m.hand, m.reason
            );
        }
    }
    o
}

/// The review's "To fix" list: unread lines, (with `--strict`) boards without an answer, and
/// refuted claims; nothing when there are none.
fn markdown_to_fix(o: &mut String, r: &Review) {
    let refuted: Vec<&ClaimResult> = r.claims.iter().filter(|c| !c.holds).collect();
    let mentioned = if r.strict { r.mentions.len() } else { 0 };
    if !refuted.is_empty() || !r.unread.is_empty() || mentioned > 0 {
        o.push_str("### To fix\n\n");
        for u in &r.unread {
            let _ = writeln!(
                o,
                "- **{}:{}** unread: looks like a claim, but no style the judge reads says which: `{}`. Write it as `board + hand = answer` or in a style the README lists.",
                u.file,
                u.line,
                shortened(&u.text)
            );
        }
        for m in r.mentions.iter().take(mentioned) {
            let value = m.oracle.map_or("invalid".into(), |v| v.to_string());
            let _ = writeln!(
                o,
                "- **{}:{}** `{} + {}` is mentioned without an answer (the oracle's: {value}).",
                m.file, m.line, m.board, m.hand
            );
        }
        for c in refuted {
            let _ = writeln!(
                o,
                "- **{}:{}** ({}) `{}`: **{}**: {}{}.",
                c.file,
                c.line,
                kind_name(c.kind),
                statement(c),
                word(c).to_lowercase(),
                truth(c),
                reason(c)
            );
        }
        o.push('\n');
    }
}

/// Text as one Markdown table cell: `|` escaped, `<` and `&` as entities (a compiler's
/// `Vec<i32>` is no HTML tag), lines joined with `<br>`.
fn markdown_cell(text: &str) -> String {
    text.trim_end()
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('|', "\\|")
        .replace('\n', "<br>")
}

/// The Markdown review's code section: a table, then each counterexample's witness.
fn markdown_code(o: &mut String, r: &Review) {
    if r.code.is_empty() {
        return;
    }
    o.push_str("### Code\n\n| where | language | verdict | details |\n|---|---|---|---|\n");
    for c in &r.code {
        let line = code_line(c);
        let details = line.split_once(": ").map_or("", |(_, d)| d);
        let _ = writeln!(
            o,
            "| {}:{} | {} | {} | {} |",
            c.file,
            c.line,
            c.language.as_deref().unwrap_or("-"),
            c.verdict,
            markdown_cell(details)
        );
    }
    if r.code.iter().any(has_witness) {
        let _ = writeln!(o, "\nWitnesses below: {}.", crate::report::draw::GAP_LEGEND);
    }
    for c in r.code.iter().filter(|c| has_witness(c)) {
        let _ = writeln!(
            o,
            "\nThe oracle's witness for {}:{}'s counterexample:\n\n```text\n{}\n```",
            c.file,
            c.line,
            witness_rows(c).join("\n")
        );
    }
    for c in r.code.iter().filter(|c| c.verdict == "wrong_answer") {
        let _ = writeln!(
            o,
            "\nThe diagnosis of {}:{}:\n\n```text\n{}\n```",
            c.file,
            c.line,
            super::diagnosis::lines_of(c.diagnosis.as_ref()).join("\n")
        );
    }
    o.push('\n');
}

/// Whether a code block has a witness to draw: a counterexample with its typed answer.
fn has_witness(c: &CodeResult) -> bool {
    c.counterexample
        .as_ref()
        .is_some_and(|cx| cx.solved.is_some())
}

/// The oracle's witness for a code block's counterexample, drawn as plain rows from its typed
/// answer ([`draw::explain`]); empty when the block has no counterexample.
fn witness_rows(c: &CodeResult) -> Vec<String> {
    match &c.counterexample {
        Some(cx) => match &cx.solved {
            Some(s) => draw::explain(&s.instance, &cx.hand, &s.answer, false),
            None => Vec::new(),
        },
        None => Vec::new(),
    }
}

/// JSON, pretty, with a final newline; each code block's `witness` drawn.
pub fn json(r: &Review) -> String {
    let mut r = r.clone();
    for c in &mut r.code {
        c.witness = witness_rows(c);
    }
    let mut s = serde_json::to_string_pretty(&r).expect("a review always serialises");
    s.push('\n');
    s
}

fn quoted(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

/// One case of the saved file: a board and hand with the claims made about it.
struct SavedCase {
    name: String,
    board: String,
    hand: String,
    invalid: Option<String>,
    note: String,
    claims: Vec<String>,
}

/// The review as an ordinary case file: one case per board and hand, each claim's `source`
/// the editorial's `file:line`; invalid inputs get `invalid = "<reason>"`. Transitions have no
/// case-file form and are counted in a comment.
pub fn case_file(r: &Review) -> String {
    let mut cases: Vec<SavedCase> = Vec::new();
    for c in &r.claims {
        let Some(hand) = &c.hand else { continue };
        let claim = match (c.kind, &c.replay) {
            (ClaimKind::Answer, _) => format!("answer = {}", c.claimed),
            (ClaimKind::Moves, Some(rep)) => {
                let moves: Vec<String> = rep.moves.iter().map(|m| quoted(m)).collect();
                let leaves = c.stated_end.clone().unwrap_or_else(|| rep.leaves.clone());
                let leaves = if leaves.is_empty() {
                    String::new()
                } else {
                    format!("\nleaves = {}", quoted(&leaves))
                };
                format!("moves = [{}]{leaves}", moves.join(", "))
            }
            _ => continue,
        };
        let block = format!(
            "source = {}\n{claim}",
            quoted(&format!("{}:{}", c.file, c.line))
        );
        let reason = (!c.valid).then(|| c.reason.trim_start_matches("invalid input: ").to_string());
        saved(&mut cases, (&c.file, c.line), (&c.board, hand), reason)
            .claims
            .push(block);
    }
    for m in &r.mentions {
        let reason = (!m.valid).then(|| m.reason.trim_start_matches("invalid input: ").to_string());
        saved(&mut cases, (&m.file, m.line), (&m.board, &m.hand), reason);
    }
    let transitions = r
        .claims
        .iter()
        .filter(|c| c.kind == ClaimKind::Transition)
        .count();
    let mut o = format!(
        "# Written by `zuma-judge editorial --save` from {}.\n# Each claim's source is the editorial's file:line. {} not saved (no case-file form).\n",
        r.files.join(", "),
        count(transitions, "board transition")
    );
    for c in &cases {
        let _ = write!(
            o,
            "\n[[case]]\nname = {}\nboard = {}\nhand = {}\n",
            quoted(&c.name),
            quoted(&c.board),
            quoted(&c.hand)
        );
        if let Some(why) = &c.invalid {
            let short = why.split(':').next().unwrap_or(why);
            let _ = writeln!(o, "invalid = {}", quoted(short));
        }
        let _ = writeln!(o, "note = {}", quoted(&c.note));
        for cl in &c.claims {
            let _ = writeln!(o, "[[case.claims]]\n{cl}");
        }
    }
    o
}

/// The saved case for a board and hand, made on first sight.
fn saved<'a>(
    cases: &'a mut Vec<SavedCase>,
    (file, line): (&str, usize),
    (board, hand): (&str, &str),
    invalid: Option<String>,
) -> &'a mut SavedCase {
    if let Some(i) = cases
        .iter()
        .position(|c| c.board == board && c.hand == hand)
    {
        return &mut cases[i];
    }
    let stem = std::path::Path::new(file)
        .file_stem()
        .map(|s| s.to_string_lossy().to_string())
        .unwrap_or_default();
    let stem: String = stem
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect();
    // Two boards on one line get `-2`, `-3`: names are unique in a case file.
    let base = format!("{stem}-line-{line}");
    let taken = |n: &str| cases.iter().any(|c| c.name == n);
    let name = (1..)
        .map(|k| {
            if k == 1 {
                base.clone()
            } else {
                format!("{base}-{k}")
            }
        })
        .find(|n| !taken(n))
        .expect("some suffix is free");
    cases.push(SavedCase {
        name,
        board: board.to_string(),
        hand: hand.to_string(),
        invalid,
        note: format!("from {file}:{line}"),
        claims: Vec::new(),
    });
    cases.last_mut().expect("just pushed")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A compiler's message of two lines: indented under its block for people, one table cell
    /// in Markdown.
    #[test]
    fn a_message_of_many_lines_stays_in_its_place() {
        let r = Review {
            schema_version: 1,
            files: vec!["go.md".into()],
            claims: Vec::new(),
            mentions: Vec::new(),
            unread: Vec::new(),
            code: vec![CodeResult {
                file: "go.md".into(),
                line: 27,
                language: Some("go".into()),
                verdict: "compile_error".into(),
                counterexample: None,
                from_sweep: false,
                message: Some("# command-line-arguments\ngo.md:28:7: undefined: x<i32>\n".into()),
                swept: None,
                witness: Vec::new(),
                diagnosis: None,
            }],
            summary: Default::default(),
            strict: false,
            exit: crate::judge::exit::Exit::Differs,
        };
        let human = human(&r);
        assert!(
            human.contains(
                "Code\n  go.md:27  go  compile_error: # command-line-arguments\n      go.md:28:7: undefined: x<i32>\n"
            ),
            "{human}"
        );
        let markdown = markdown(&r);
        assert!(
            markdown.contains(
                "| go.md:27 | go | compile_error | # command-line-arguments<br>go.md:28:7: undefined: x&lt;i32> |\n"
            ),
            "{markdown}"
        );
    }
}
