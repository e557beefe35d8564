//! Recall and precision on real editorials: every file of `tests/fixtures/editorials/corpus/`
//! (write-ups of this problem collected from the web and from solution repositories, each
//! with its source in its first line) and the claim-style sheet `styles.md` must yield exactly
//! the answers, mentions and unread lines `EXPECTED.md` lists for it.

use std::collections::BTreeSet;
use std::path::Path;

use super::found::What;

fn dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/editorials")
}

/// `(file, "line claim")` rows of `EXPECTED.md`'s table (a file that states nothing has one row,
/// with line `-`).
fn expected() -> BTreeSet<(String, String)> {
    let text = std::fs::read_to_string(dir().join("EXPECTED.md")).expect("EXPECTED.md");
    text.lines()
        .filter(|l| l.starts_with("| corpus/") || l.starts_with("| styles.md"))
        .map(|l| {
            let cells: Vec<&str> = l.trim_matches('|').split('|').map(str::trim).collect();
            (cells[0].to_string(), format!("{} {}", cells[1], cells[2]))
        })
        .collect()
}

/// What `extract` finds in `file`, as `EXPECTED.md` writes it.
fn found(file: &str) -> BTreeSet<(String, String)> {
    let text = std::fs::read_to_string(dir().join(file)).expect("a corpus file");
    super::extract(file, &text)
        .statements
        .iter()
        .filter_map(|s| {
            let claim = match &s.what {
                What::Answer {
                    board,
                    hand,
                    claimed,
                } => format!("{board} + {hand} = {claimed}"),
                What::Mention { board, hand } => format!("mention {board} + {hand}"),
                What::Unread { .. } => "unread".to_string(),
                _ => return None,
            };
            Some((file.to_string(), format!("{} {claim}", s.line)))
        })
        .collect()
}

#[test]
fn every_claim_of_the_corpus_and_no_other() {
    let want = expected();
    let mut files: Vec<String> = std::fs::read_dir(dir().join("corpus"))
        .expect("the corpus")
        .map(|e| {
            format!(
                "corpus/{}",
                e.expect("an entry").file_name().to_string_lossy()
            )
        })
        .collect();
    files.sort();
    files.push("styles.md".into());
    assert!(files.len() >= 11, "{files:?}");
    let mut got = BTreeSet::new();
    for f in &files {
        assert!(
            want.iter().any(|(w, _)| w == f),
            "{f} has no row in EXPECTED.md"
        );
        got.extend(found(f));
    }
    let want: BTreeSet<_> = want
        .into_iter()
        .filter(|(_, c)| !c.starts_with("- "))
        .collect();
    let missed: Vec<_> = want.difference(&got).collect();
    let extra: Vec<_> = got.difference(&want).collect();
    assert!(
        missed.is_empty() && extra.is_empty(),
        "missed (recall): {missed:#?}\nnot expected (precision): {extra:#?}"
    );
    let answers = want.iter().filter(|(_, c)| c.contains(" = ")).count();
    assert_eq!(answers, 80);
}
