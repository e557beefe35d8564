//! What a student may see of their own grading, in Markdown: the verdict, the reason, the
//! smallest failing input they are allowed to see with the oracle's witness, and one line per
//! case, where a case that is not visible to students is only "hidden case N: verdict".
//! `grade --feedback DIR` writes it as one file per student; Gradescope's `results.json`
//! ([`super::gradescope`]) shows the same text and draws its tests from the same helpers.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::writer::{self, WriteError};
use super::{draw, gradebook, returned};
use crate::game::oracle::Solved;
use crate::game::rules::Instance;
use crate::judge::case_verdict::CaseVerdict;
use crate::judge::reason::{self, Audience};
use crate::judge::runner::{CaseResult, FailingInput, RunReport, SolutionReport};
use crate::report::gradebook::RowVerdict;

/// The reason a student is shown for their verdict (one line): a hidden case only by its
/// position.
pub(super) fn student_reason(s: &SolutionReport) -> String {
    reason::of(s).describe(Audience::Student)
}

/// A case's verdict in words: `accepted`, `wrong answer`, ..., or `skipped` with why.
pub(super) fn verdict_words(c: &CaseResult) -> String {
    match c.verdict {
        CaseVerdict::Judged(k) => k.name().replace('_', " "),
        // Not the case that ended the streak: it may be a hidden one.
        CaseVerdict::Skipped(why) => why.describe("a case judged before it"),
    }
}

/// A case result as a student may see it.
pub(super) struct Shown<'a> {
    /// Its name for students: its id (`file.toml#name`), or `hidden case N` (N counts the
    /// cases not visible, from 1); a sweep class that is a hidden case's input is named
    /// `sweep: a hidden case's input`.
    pub label: String,
    /// Whether its input may be shown: the case is visible, and its input is no hidden case's.
    pub open: bool,
    /// The result.
    pub result: &'a CaseResult,
}

/// Whether `instance` is the input of a case of `s` that students may not see (the hand
/// compared as a multiset).
fn secret(s: &SolutionReport, instance: &Instance) -> bool {
    s.cases
        .iter()
        .any(|c| !c.visibility.shown_to_students() && c.solved.instance == *instance)
}

/// Each case of `s` as a student may see it, in case order.
pub(super) fn shown(s: &SolutionReport) -> Vec<Shown<'_>> {
    let mut hidden = 0;
    s.cases
        .iter()
        .map(|c| {
            let (label, open) = if !c.visibility.shown_to_students() {
                hidden += 1;
                (format!("hidden case {hidden}"), false)
            } else if secret(s, &c.solved.instance) && c.case.starts_with("sweep#") {
                ("sweep: a hidden case's input".to_string(), false)
            } else if secret(s, &c.solved.instance) {
                (c.case.clone(), false)
            } else {
                (c.case.clone(), true)
            };
            Shown {
                label,
                open,
                result: c,
            }
        })
        .collect()
}

/// `s` as an inline code span, whatever backticks it holds (one line).
pub(super) fn code(s: &str) -> String {
    let s: String = s
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let longest = s.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest + 1);
    let pad = if s.starts_with('`') || s.ends_with('`') || s.is_empty() {
        " "
    } else {
        ""
    };
    format!("{fence}{pad}{s}{pad}{fence}")
}

/// `s` as a fenced `text` block, whatever it holds.
pub(super) fn fenced(s: &str) -> String {
    let longest = s.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat((longest + 1).max(3));
    format!("{fence}text\n{}\n{fence}\n", s.trim_end())
}

/// A visible input in Markdown: the input, what was expected and what came back, then how the
/// oracle reaches its answer (or, for -1, why none exists), drawn as a table.
pub(super) fn input_block(
    board: &str,
    hand: &str,
    oracle: i32,
    got: &str,
    solved: &Solved,
) -> String {
    // An answer reads as a number; a failure (`no answer (RE: ...)`) may hold anything.
    let got = match got.parse::<i32>() {
        Ok(n) => n.to_string(),
        Err(_) => code(got),
    };
    let mut o = format!(
        "board {}, hand {}: expected {oracle}, got {got}\n\nThe expected answer, move by move:\n\n",
        code(board),
        code(hand),
    );
    for line in draw::explain_markdown(&solved.instance, hand, &solved.answer) {
        let _ = writeln!(o, "{line}");
    }
    let _ = writeln!(o, "\nHow to read it: {}.", draw::GAP_LEGEND);
    o
}

/// A visible failing case in Markdown ([`input_block`]).
pub(super) fn case_block(c: &CaseResult) -> String {
    let got = returned(c.got, c.message.as_deref());
    input_block(&c.board, &c.hand, c.oracle, &got, &c.solved)
}

/// The smallest failing input the student may see, in Markdown, and where it came from: the
/// minimised input when it may be shown, else the first failing case whose input may be. A
/// minimised input may be shown when it is no hidden case's input and it is itself a visible
/// case, or was shrunk from a visible first failure: an input shrunk from a hidden one would
/// tell of it.
fn smallest_visible(s: &SolutionReport) -> Option<(String, String)> {
    let cases = shown(s);
    let open = |id: &str| cases.iter().any(|c| c.result.case == id && c.open);
    if let Some(m) = s
        .minimised
        .as_ref()
        .filter(|m| !secret(s, &m.solved.instance))
    {
        let from = m.case.as_deref().or(s.first_failure_case.as_deref());
        if let Some(from) = from.filter(|f| open(f)) {
            let origin = match &m.case {
                Some(case) => format!("From case {}.", code(case)),
                None => format!("Case {} made smaller while it still fails.", code(from)),
            };
            return Some((minimised_block(m), origin));
        }
    }
    let c = cases
        .iter()
        .find(|c| c.open && c.result.verdict.failed())?
        .result;
    Some((case_block(c), format!("From case {}.", code(&c.case))))
}

fn minimised_block(m: &FailingInput) -> String {
    let got = returned(m.got, m.message.as_deref());
    input_block(&m.board, &m.hand, m.oracle, &got, &m.solved)
}

/// The verdict as a student reads it: `not judged`, `stopped`, or `wrong answer`, ....
fn verdict_shown(e: &gradebook::Entry) -> String {
    match e.verdict {
        RowVerdict::NotJudged => "not judged",
        RowVerdict::Judged(k) => {
            crate::judge::runner::unfinished(e.toolchain_missing, e.complete, k).unwrap_or(k.name())
        }
    }
    .replace('_', " ")
}

/// A count that a submission not judged lacks: `-` then.
fn or_dash(n: Option<impl std::fmt::Display>) -> String {
    n.map_or_else(|| "-".to_string(), |n| n.to_string())
}

/// What a student may see of the grading of `s` (row `e` of a run of `r`), in Markdown,
/// without a title: what `results.json`'s top-level `output` holds.
pub fn body(r: &RunReport, e: &gradebook::Entry, s: &SolutionReport) -> String {
    let mut o = String::new();
    let _ = writeln!(
        o,
        "**Verdict:** {}, {} of {} cases passed, score {} of {}\n",
        verdict_shown(e),
        or_dash(e.passed),
        e.total,
        or_dash(e.score),
        e.max_score
    );
    let _ = writeln!(o, "**Reason:**\n\n{}", fenced(&student_reason(s)));
    if let Some((block, origin)) = smallest_visible(s) {
        let _ = writeln!(
            o,
            "## Smallest failing input you can see\n\n{origin}\n\n{block}"
        );
    }
    if !s.cases.is_empty() {
        let _ = writeln!(o, "## Cases\n\n| case | verdict |\n|---|---|");
        for c in shown(s) {
            let _ = writeln!(o, "| {} | {} |", code(&c.label), verdict_words(c.result));
        }
        o.push('\n');
    }
    let _ = writeln!(o, "Limits: {}", r.config.describe());
    o
}

/// The feedback file of the student of row `e`: a title and [`body`].
pub fn file(r: &RunReport, e: &gradebook::Entry, s: &SolutionReport) -> String {
    format!("# Feedback for {}\n\n{}", code(&e.student), body(r, e, s))
}

/// A student id as a file name: letters, digits, `.`, `-` and `_` kept, anything else `_`,
/// never hidden (a leading `.` becomes `_`) and never empty.
pub fn file_stem(student: &str) -> String {
    let mut s: String = student
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_') {
                c
            } else {
                '_'
            }
        })
        .collect();
    if s.is_empty() || s.starts_with('.') {
        s.insert(0, '_');
    }
    s
}

/// A feedback folder that could not be written.
#[derive(Debug, thiserror::Error)]
pub enum FeedbackError {
    /// The folder could not be created.
    #[error("--feedback: cannot create the folder {}", path.display())]
    Folder {
        /// The folder.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// A student's file could not be written.
    #[error("--feedback: {0}")]
    File(#[from] WriteError),
}

/// Writes one feedback file per submission of `r` (rows `entries`, in solution order) into
/// `dir`, created if missing, each atomically: `DIR/<student>.md` ([`file_stem`]; two students
/// whose ids make the same name get `-2`, `-3`, ...). Returns the files written.
pub fn write_all(
    dir: &Path,
    r: &RunReport,
    entries: &[gradebook::Entry],
) -> Result<Vec<PathBuf>, FeedbackError> {
    std::fs::create_dir_all(dir).map_err(|source| FeedbackError::Folder {
        path: dir.to_path_buf(),
        source,
    })?;
    let mut taken = HashSet::new();
    let mut written = Vec::new();
    for (e, s) in entries.iter().zip(&r.solutions) {
        let stem = file_stem(&e.student);
        let mut name = stem.clone();
        let mut n = 1;
        while !taken.insert(name.clone()) {
            n += 1;
            name = format!("{stem}-{n}");
        }
        let path = dir.join(format!("{name}.md"));
        writer::to_file(&path, file(r, e, s).as_bytes())?;
        written.push(path);
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn student_ids_become_safe_file_names() {
        assert_eq!(file_stem("dan"), "dan");
        assert_eq!(file_stem("group 1/dan"), "group_1_dan");
        assert_eq!(file_stem("../etc"), "_.._etc");
        assert_eq!(file_stem(""), "_");
        assert_eq!(file_stem("émile"), "_mile");
    }

    #[test]
    fn code_spans_survive_backticks() {
        assert_eq!(code("RRWW"), "`RRWW`");
        assert_eq!(code("a`b"), "``a`b``");
        assert_eq!(code("`x"), "`` `x ``");
        assert_eq!(fenced("a\n```\nb\n"), "````text\na\n```\nb\n````\n");
    }

    #[test]
    fn hidden_cases_are_numbered_and_never_named() {
        use crate::cases::case::Visibility;
        let mut s = crate::report::fixture::report().solutions.remove(0);
        s.cases[0].visibility = Visibility::Hidden;
        s.cases[2].visibility = Visibility::AfterDueDate;
        let labels: Vec<String> = shown(&s).into_iter().map(|c| c.label).collect();
        assert_eq!(labels, ["hidden case 1", "t.toml#green", "hidden case 2"]);
    }

    #[test]
    fn the_smallest_visible_failure_skips_hidden_ones() {
        use crate::cases::case::Visibility;
        // always_minus_one: WA on split-pair (first failure) and green
        let mut s = crate::report::fixture::report().solutions.remove(0);
        let from = |s: &SolutionReport| smallest_visible(s).map(|(_, origin)| origin);
        assert_eq!(s.first_failure_case.as_deref(), Some("t.toml#split-pair"));
        // split-pair's WA, made smaller: the minimised input is no case of its own
        let m = s.minimised.as_ref().unwrap();
        assert_eq!(
            (m.board.as_str(), m.hand.as_str(), m.case.as_deref()),
            ("GGBB", "GB", None)
        );
        assert_eq!(
            from(&s).as_deref(),
            Some("Case `t.toml#split-pair` made smaller while it still fails.")
        );
        // once split-pair is hidden, what was shrunk from it is too
        s.cases[0].visibility = Visibility::Hidden;
        assert_eq!(from(&s).as_deref(), Some("From case `t.toml#green`."));
        s.cases[1].visibility = Visibility::Hidden;
        assert_eq!(from(&s), None);
    }

    #[test]
    fn an_input_equal_to_a_hidden_cases_is_never_shown() {
        use crate::cases::case::Visibility;
        // always_minus_one; example-1 made a hidden case with green's input (GGBB + GB), which
        // is also the minimised input
        let mut s = crate::report::fixture::report().solutions.remove(0);
        s.cases[2].solved = s.cases[1].solved.clone();
        s.cases[2].visibility = Visibility::Hidden;
        let open: Vec<(String, bool)> = shown(&s).into_iter().map(|c| (c.label, c.open)).collect();
        assert_eq!(
            open,
            [
                ("t.toml#split-pair".to_string(), true),
                ("t.toml#green".to_string(), false),
                ("hidden case 1".to_string(), false)
            ]
        );
        let (block, origin) = smallest_visible(&s).unwrap();
        assert_eq!(origin, "From case `t.toml#split-pair`.");
        assert!(block.starts_with("board `RRWWRRBBRR`, hand `WB`: expected 2, got -1\n"));
    }
}
