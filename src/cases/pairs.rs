//! Cases as `.in`/`.ans` file pairs, the test data layout of Kattis and DOMjudge problem
//! packages: `NAME.in` holds the board on its first line and the hand on its second, `NAME.ans`
//! the answer (moves, or -1). One format, written by `export` and read back by `run --cases`;
//! a pair under `secret/` is a hidden case, one under `sample/` a visible one.

use std::path::Path;

use crate::cases::error::CaseError;
use crate::cases::parse::{Case, Visibility};
use crate::game::rules::{Constraints, Instance};

/// The text of an input file: the board, then the hand, each on its own line.
pub fn input_text(board: &str, hand: &str) -> String {
    format!("{board}\n{hand}\n")
}

/// The text of an answer file: the answer and a newline.
pub fn answer_text(answer: i32) -> String {
    format!("{answer}\n")
}

/// The case of the pair whose input file is `path` (text `text`), with the answer file beside
/// it. `label` is the input file as case ids name it (`secret/007-split-pair.in`); the case's
/// name is the file stem. Errors name the file and the line.
pub fn read_pair(
    path: &Path,
    label: &str,
    text: &str,
    limits: &Constraints,
) -> Result<Case, CaseError> {
    let name = path
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let error = |line: usize, message: String| CaseError::Case {
        path: path.display().to_string(),
        label: label.to_string(),
        line,
        name: name.clone(),
        message,
    };
    let (board, hand) = split_input(text).map_err(|(line, m)| error(line, m))?;
    let ans_path = path.with_extension("ans");
    let answer = std::fs::read_to_string(&ans_path).map_err(|e| {
        error(
            1,
            format!(
                "cannot read its answer file {}: {e}; every .in needs a .ans beside it",
                ans_path.display()
            ),
        )
    })?;
    let expected: i64 = answer.trim().parse().map_err(|_| {
        error(
            1,
            format!(
                "{} line 1: '{}' is not an answer; write the number of moves, or -1",
                ans_path.display(),
                answer.trim()
            ),
        )
    })?;
    let input = Instance::parse(&board, &hand, limits);
    if let Err(reason) = &input {
        return Err(error(1, format!("input rejected: {reason}")));
    }
    Ok(Case {
        id: label.to_string(),
        path: path.to_path_buf(),
        line: 1,
        name,
        board,
        hand,
        expected: Some(expected),
        invalid: None,
        note: None,
        tags: Vec::new(),
        claims: Vec::new(),
        points: 1,
        visibility: visibility_of(path),
        input,
    })
}

/// A pair's visibility from the package folder it is in: under `secret/` (Kattis's
/// `data/secret/`, groups below it included) hidden, under `sample/` visible; the nearest such
/// folder decides, and a pair in neither is visible.
pub fn visibility_of(path: &Path) -> Visibility {
    let full = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    let folders = full.ancestors().skip(1).filter_map(Path::file_name);
    for name in folders {
        if name == "secret" {
            return Visibility::Hidden;
        }
        if name == "sample" {
            return Visibility::Visible;
        }
    }
    Visibility::Visible
}

/// The board and the hand of an input file's text; errors give the 1-based line and the fix.
fn split_input(text: &str) -> Result<(String, String), (usize, String)> {
    let lines: Vec<&str> = text.lines().collect();
    if lines.len() != 2 {
        return Err((
            // The first line that is missing, or the first one too many.
            if lines.len() < 2 { lines.len() + 1 } else { 3 },
            format!(
                "an input file holds 2 lines (the board, then the hand), this one {}",
                lines.len()
            ),
        ));
    }
    Ok((lines[0].trim().to_string(), lines[1].trim().to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pair_round_trips_into_a_case() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("007-split-pair.in");
        crate::atomic::write(&path, input_text("RRWWRRBBRR", "WB").as_bytes()).unwrap();
        crate::atomic::write(&path.with_extension("ans"), answer_text(2).as_bytes()).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let c = read_pair(
            &path,
            "secret/007-split-pair.in",
            &text,
            &Constraints::default(),
        )
        .unwrap();
        assert_eq!(
            (
                c.name.as_str(),
                c.board.as_str(),
                c.hand.as_str(),
                c.expected
            ),
            ("007-split-pair", "RRWWRRBBRR", "WB", Some(2))
        );
        assert_eq!(c.id, "secret/007-split-pair.in");
        // Not under a `secret/` folder: visible.
        assert_eq!(c.visibility, Visibility::Visible);
    }

    /// Kattis's `data/secret/` (and its groups) is hidden, `data/sample/` visible.
    #[test]
    fn secret_pairs_are_hidden_and_sample_pairs_visible() {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("data");
        for (rel, shown) in [
            ("secret/001-a.in", Visibility::Hidden),
            ("secret/group1/002-b.in", Visibility::Hidden),
            ("sample/001-c.in", Visibility::Visible),
        ] {
            let path = data.join(rel);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            crate::atomic::write(&path, input_text("RR", "R").as_bytes()).unwrap();
            crate::atomic::write(&path.with_extension("ans"), answer_text(1).as_bytes()).unwrap();
            let c = read_pair(&path, rel, "RR\nR\n", &Constraints::default()).unwrap();
            assert_eq!(c.visibility, shown, "{rel}");
        }
    }

    #[test]
    fn a_missing_answer_and_a_bad_input_name_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.in");
        let lim = Constraints::default();
        let e = read_pair(&path, "x.in", "RR\nB\n", &lim).unwrap_err();
        assert!(
            e.to_string().contains("every .in needs a .ans beside it"),
            "{e}"
        );
        let e = read_pair(&path, "x.in", "RR\n", &lim).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!(
                "{} line 2: case 'x': an input file holds 2 lines (the board, then the hand), this one 1",
                path.display()
            )
        );
        crate::atomic::write(&path.with_extension("ans"), b"1\n").unwrap();
        let e = read_pair(&path, "x.in", "RRR\nB\n", &lim).unwrap_err();
        assert!(
            e.to_string().contains("input rejected: three in a row"),
            "{e}"
        );
    }
}
