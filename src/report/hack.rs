//! `zuma-judge hack`'s preview, as text for people or as JSON: the input and the oracle's
//! answer, every verdict the new case would change, and what was written.

use serde::Serialize;

use super::writer::Document;
use super::HumanOrJson;
use crate::judge::hack::Row;
use crate::judge::verdict::VerdictKind;

/// What `hack` found and did. JSON: `{board, hand, oracle, witness, case, preview: [Row],
/// changes, applied: {file, name, already} | null}`.
#[derive(Serialize)]
pub struct HackReport {
    /// The board as given.
    pub board: String,
    /// The hand as given.
    pub hand: String,
    /// The oracle's answer.
    pub oracle: i32,
    /// The oracle's moves, `R@2 B@1` (empty for -1).
    pub witness: String,
    /// The case id the preview gives the hack.
    pub case: String,
    /// One row per solution.
    pub preview: Vec<Row>,
    /// How many verdicts change.
    pub changes: usize,
    /// Where `--apply` added the case.
    pub applied: Option<Applied>,
}

/// Where `--apply` added the case.
#[derive(Serialize)]
pub struct Applied {
    /// The case file.
    pub file: String,
    /// The case's name there.
    pub name: String,
    /// The file already held the input; nothing was written.
    pub already: bool,
}

impl Document<HumanOrJson> for HackReport {
    fn render(&self, format: HumanOrJson) -> String {
        match format {
            HumanOrJson::Json => format!(
                "{}\n",
                serde_json::to_string_pretty(self).expect("a report always serialises")
            ),
            HumanOrJson::Human => human(self),
        }
    }

    fn styled(&self, _: HumanOrJson) -> bool {
        false
    }
}

/// The preview for people: the input and the oracle's answer, one line per solution whose
/// verdict changes, then what was written.
fn human(r: &HackReport) -> String {
    let mut s = format!(
        "{} + {}: oracle {}{}\n",
        r.board,
        r.hand,
        r.oracle,
        if r.witness.is_empty() {
            String::new()
        } else {
            format!(" ({})", r.witness)
        }
    );
    s.push_str(&format!(
        "verdicts that change if it is added ({} of {} solutions):\n",
        r.changes,
        r.preview.len()
    ));
    for row in r.preview.iter().filter(|r| r.changes) {
        let got = row
            .got
            .map_or("no answer".to_string(), |g| format!("answer {g}"));
        s.push_str(&format!(
            "  {:<28} {} -> {} ({got}; {})\n",
            row.name,
            code(&row.before),
            code(&row.after),
            row.path
        ));
    }
    let already: Vec<String> = r
        .preview
        .iter()
        .filter(|row| !row.changes)
        .filter_map(|row| match row.verdict_on_case {
            Some(v) if !v.is(crate::judge::verdict::VerdictKind::Accepted) => {
                Some(format!("{} ({v})", row.name))
            }
            _ => None,
        })
        .collect();
    if !already.is_empty() {
        s.push_str(&format!(
            "also fail it, with a verdict that is not AC already: {}\n",
            already.join(", ")
        ));
    }
    s.push_str(&match &r.applied {
        None => "nothing written; add it with --apply\n".to_string(),
        Some(a) if a.already => format!("{} already holds it as '{}'\n", a.file, a.name),
        Some(a) => format!("added to {} as '{}'\n", a.file, a.name),
    });
    s
}

/// `AC` for `accepted`, and so on.
fn code(name: &str) -> &str {
    VerdictKind::ALL
        .into_iter()
        .chain([VerdictKind::CompileError])
        .find(|k| k.name() == name)
        .map_or(name, |k| k.code())
}
