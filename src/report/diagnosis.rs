//! The diagnosis of a failing submission as text, shared by the human, Markdown, HTML and CSV
//! reports: the known wrong idea its answers follow, or "no known idea fits".

use crate::judge::diagnosis::Diagnosis;
use crate::judge::runner::SolutionReport;

/// What the reports say when a submission has a wrong answer and no idea of the catalogue fits.
pub const NONE_FITS: &str = "no known idea fits";

/// Whether the submission gave a wrong answer on a case or a sweep class (only then is there a
/// diagnosis).
pub fn has_wrong_answer(s: &SolutionReport) -> bool {
    s.cases.iter().any(|c| {
        c.verdict
            .is(crate::judge::verdict::VerdictKind::WrongAnswer)
    })
}

/// The diagnosis in lines, without indentation: the idea with its agreement and input, its
/// pitfall, the oracle's witness for the input, and a second idea that fits as well; one line
/// saying that no known idea fits; nothing for a submission without a wrong answer.
pub fn lines(s: &SolutionReport) -> Vec<String> {
    if !has_wrong_answer(s) {
        return Vec::new();
    }
    lines_of(s.diagnosis.as_ref())
}

/// The lines of [`lines`] for a submission known to have a wrong answer (an editorial's code
/// block, say).
pub fn lines_of(diagnosis: Option<&Diagnosis>) -> Vec<String> {
    let Some(d) = diagnosis else {
        return vec![format!("diagnosis: {NONE_FITS}")];
    };
    let mut out = vec![format!("diagnosis: {}", d.headline())];
    out.push(format!("  pitfall: {}", d.pitfall));
    if !d.input.witness.is_empty() {
        out.push(format!(
            "  the oracle's {} moves: {}",
            d.input.oracle,
            d.input.witness.join(" ")
        ));
    }
    if let Some(also) = d.also_line() {
        out.push(format!("  {also}"));
    }
    out
}

/// The CSV cell: the idea's id (two ids joined by `|` when two fit), `none` when no known idea
/// fits, empty without a wrong answer.
pub fn cell(diagnosis: Option<&Diagnosis>, wrong_answer: bool) -> String {
    match diagnosis {
        Some(d) => match &d.also {
            Some(a) => format!("{}|{}", d.idea, a.idea),
            None => d.idea.clone(),
        },
        None if wrong_answer => "none".to_string(),
        None => String::new(),
    }
}
