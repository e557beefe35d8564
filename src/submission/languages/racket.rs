//! Racket, as LeetCode's: `(define/contract (find-min-step board hand) (-> string? string?
//! exact-integer?) ...)` with no `#lang` line, compiled by `raco make` as `solution.rkt` with
//! `#lang racket` put in front of line 1 (`define/contract` needs `racket/contract`) and
//! `(provide find-min-step)` after the last, next to the harness (`harness/racket.rkt`); run by
//! `racket`.

use std::path::Path;

use crate::cases::config::Limits;
use crate::submission::language::{Language, Paste, Recipe, Tool};
use crate::submission::worker::Launch;

/// The harness: a `racket/base` module whose `main` submodule serves the calls.
const HARNESS: &str = include_str!("harness/racket.rkt");

/// What LeetCode's Racket reads the paste as, on line 1 so every line keeps its number.
const PRELUDE: &str = "#lang racket";

/// Address space Racket gets beyond the memory limit, in mebibytes: Racket CS does not start
/// under about 150 MiB, and its custodian's memory limit (the judge's limit, set by the
/// harness) is checked at collections, a little after it is crossed.
const RACKET_RESERVE_MIB: u64 = 256;

/// The row.
pub static RACKET: Language = Language {
    id: "racket",
    name: "Racket",
    extensions: &["rkt"],
    comment: ";",
    signature: "(define/contract (find-min-step board hand)\n  (-> string? string? exact-integer?)\n  )",
    entry_markers: &["(define/contract(find-min-step", "(define(find-min-step"],
    adapt: crate::submission::language::no_adapter,
    tools: &[
        Tool {
            program: "racket",
            version_args: &["--version"],
            package: "racket",
        },
        Tool {
            program: "raco",
            version_args: &["make", "--help"],
            package: "racket",
        },
    ],
    provenance: "LeetCode's code snippets for problem 488 (a public dump of its GraphQL `codeSnippets`): `define/contract` with its contract and no `#lang` line, so the judge reads the paste as `#lang racket`, which has racket/contract; LeetCode's Racket version was not found in a public copy of its environment notes. Differences: Debian 12's Racket 8.7 (Chez Scheme); an error's line is given only when Racket CS keeps it, which it mostly does not; each call runs in a thread of a custodian whose memory is limited to the judge's limit",
    diagnose,
    explain: crate::submission::language::no_explanation,
    recipe,
    launch,
};

/// The entry point, as a whole Racket identifier (`find-min-step`, which the usual word check
/// would split at its hyphens).
fn diagnose(text: &str) -> Option<String> {
    let delimiter = |c: char| c.is_whitespace() || "()[]{}\"',`;".contains(c);
    let words: Vec<&str> = text.split(delimiter).filter(|w| !w.is_empty()).collect();
    if words.contains(&"find-min-step") {
        return None;
    }
    let near = words
        .iter()
        .find(|w| strsim::levenshtein(&w.to_lowercase(), "find-min-step") <= 2)
        .map(|w| format!("; found {w} — did you mean it?"))
        .unwrap_or_default();
    Some(format!("no entry point: no function find-min-step{near}"))
}

/// `solution.rkt` (`#lang racket` on line 1 unless a line of the paste starts with `#lang`,
/// whichever comment, `;`, `#| |#` or `#;`, comes before it; the paste; then the `provide` the
/// harness needs) and `harness.rkt`, compiled by `raco make`.
fn recipe(paste: &Paste) -> Recipe {
    let has_lang = paste
        .text
        .lines()
        .any(|l| l.trim_start().starts_with("#lang"));
    let prelude = if has_lang {
        String::new()
    } else {
        format!("{PRELUDE} ")
    };
    let text = paste.text.trim_end_matches('\n');
    Recipe {
        paste: "solution.rkt".into(),
        files: vec![
            (
                "solution.rkt".into(),
                format!("{prelude}{text}\n(provide find-min-step)\n"),
            ),
            ("harness.rkt".into(), HARNESS.into()),
        ],
        commands: vec![["raco", "make", "solution.rkt", "harness.rkt"]
            .map(String::from)
            .to_vec()],
    }
}

/// `racket DIR/harness.rkt DIR/solution.rkt MEMORY_MIB`.
fn launch(dir: &Path, limits: &Limits) -> Launch {
    Launch {
        program: "racket".into(),
        args: vec![
            dir.join("harness.rkt").into_os_string(),
            dir.join("solution.rkt").into_os_string(),
            limits.memory_mib.to_string().into(),
        ],
        env: Vec::new(),
        label: "racket".into(),
        reserve_mib: RACKET_RESERVE_MIB,
        resident_limit: false,
        own: false,
        loads_source: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_entry_point_is_a_whole_identifier() {
        assert_eq!(diagnose("(define (find-min-step b h) -1)"), None);
        assert_eq!(
            diagnose("(define (find-min-steps b h) -1)").as_deref(),
            Some("no entry point: no function find-min-step; found find-min-steps — did you mean it?")
        );
        assert_eq!(
            diagnose("(define (solve b h) -1)").as_deref(),
            Some("no entry point: no function find-min-step")
        );
    }

    #[test]
    fn the_lang_line_is_added_on_line_1_when_missing() {
        let paste = Paste {
            text: "(define/contract (find-min-step board hand)\n  (-> string? string? exact-integer?)\n  -1)",
            shown: "a/b.rkt",
        };
        let recipe = recipe(&paste);
        let (name, text) = &recipe.files[0];
        assert_eq!(name, &recipe.paste);
        assert_eq!(
            text,
            "#lang racket (define/contract (find-min-step board hand)\n  (-> string? string? exact-integer?)\n  -1)\n(provide find-min-step)\n"
        );
        let own = Paste {
            text: "; mine\n#lang racket/base\n(define (find-min-step b h) -1)\n",
            shown: "a/b.rkt",
        };
        assert!(super::recipe(&own).files[0]
            .1
            .starts_with("; mine\n#lang racket/base\n"));
    }

    #[test]
    fn a_lang_line_after_a_block_or_datum_comment_is_the_paste_s_own() {
        for text in [
            "#| LeetCode 488\n   Zuma |#\n#lang racket\n(define (find-min-step b h) -1)\n",
            "#;(old try)\n  #lang racket\n(define (find-min-step b h) -1)\n",
        ] {
            let paste = Paste {
                text,
                shown: "a/b.rkt",
            };
            assert_eq!(
                recipe(&paste).files[0].1,
                format!("{text}(provide find-min-step)\n")
            );
        }
    }
}
