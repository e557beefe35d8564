//! Rust, as LeetCode's, for `.rs` files found at run time (`run --solutions-dir`): `impl
//! Solution { pub fn find_min_step(board: String, hand: String) -> i32 }` with no
//! `struct Solution` (LeetCode declares it), compiled by `rustc` into a worker binary whose
//! `main` is the harness (`harness/rust.rs`). The `.rs` files of the repository's `solutions/`
//! are not built here: build.rs compiles them into the judge.
//!
//! The paste is the module `solution`, unchanged up to its last line; `pub struct Solution;`
//! (unless it declares its own) and the entry the harness calls are put after that line, so
//! line numbers stay as pasted and a leading `//!` or `#![allow(..)]` stays valid.

use std::path::Path;

use crate::cases::config::Limits;
use crate::submission::language::{has_word, Language, Paste, Recipe, Tool};
use crate::submission::worker::Launch;

/// The harness: the crate root, `main`.
const HARNESS: &str = include_str!("harness/rust.rs");

/// The row.
pub static RUST: Language = Language {
    id: "rust",
    name: "Rust",
    extensions: &["rs"],
    comment: "//",
    signature: "impl Solution {\n    pub fn find_min_step(board: String, hand: String) -> i32 {\n        \n    }\n}",
    entry_markers: &["fnfind_min_step("],
    adapt: crate::submission::language::no_adapter,
    tools: &[Tool {
        program: "rustc",
        version_args: &["--version"],
        package: "rustc",
    }],
    provenance: "LeetCode's help article \"What are the environments for the programming languages?\" (Rust 1.85 per the table of the jh05013 snippets crate, 2025; 1.74.1 per the cargo-leet docs, 2024; Rust 1.58.1 \"supports rand v0.6 from crates.io\" in LeetCode's question API `envInfo` in the localeet test data); LeetCode declares `struct Solution` and pre-imports nothing (submissions write their own `use std::collections::HashMap;`). Differences here: the rustc on PATH (edition 2021, -O, i.e. opt-level 2), no crates (a paste that uses rand is a CE)",
    diagnose,
    explain: crate::submission::language::no_explanation,
    recipe,
    launch,
};

/// The paste must hold `impl Solution` and `find_min_step`; says which `impl`s it has instead.
fn diagnose(text: &str) -> Option<String> {
    let mut impls = Vec::new();
    for line in text.lines() {
        let mut words = line
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .filter(|w| !w.is_empty());
        while let Some(w) = words.next() {
            if w == "impl" {
                if let Some(name) = words.next() {
                    if !impls.iter().any(|n| n == name) {
                        impls.push(name.to_string());
                    }
                }
                break;
            }
        }
    }
    if !impls.iter().any(|n| n == "Solution") {
        return Some(if impls.is_empty() {
            "no entry point: no impl Solution (with fn find_min_step)".to_string()
        } else {
            format!(
                "no entry point: no impl Solution; found impl {}",
                impls.join(", ")
            )
        });
    }
    (!has_word(text, "find_min_step"))
        .then(|| "no entry point: impl Solution has no fn find_min_step".to_string())
}

/// Whether the paste declares `struct Solution` itself.
fn declares_solution(text: &str) -> bool {
    text.lines().any(|l| {
        let t = l.trim_start();
        [
            "struct Solution",
            "pub struct Solution",
            "pub(crate) struct Solution",
        ]
        .iter()
        .any(|p| {
            t.strip_prefix(p)
                .is_some_and(|rest| !rest.starts_with(|c: char| c.is_alphanumeric() || c == '_'))
        })
    })
}

/// `solution.rs` (the paste, then `Solution` and the entry) and `main.rs` (the shown path and
/// the harness), built by `rustc -O --edition 2021`.
fn recipe(paste: &Paste) -> Recipe {
    let mut solution = paste.text.to_string();
    if !solution.ends_with('\n') {
        solution.push('\n');
    }
    if !declares_solution(paste.text) {
        solution.push_str("pub struct Solution;\n");
    }
    solution.push_str(
        "pub fn zuma_judge_entry(board: String, hand: String) -> i32 { Solution::find_min_step(board, hand) }\n",
    );
    let main = format!(
        "const ZUMA_JUDGE_SHOWN: &str = {:?};\n{HARNESS}",
        paste.shown
    );
    Recipe {
        paste: "solution.rs".into(),
        files: vec![("solution.rs".into(), solution), ("main.rs".into(), main)],
        commands: vec![[
            "rustc",
            "-O",
            "--edition",
            "2021",
            "-A",
            "warnings",
            "--color",
            "never",
            "--crate-name",
            "solution",
            "-o",
            "{dir}/solution",
            "main.rs",
        ]
        .map(String::from)
        .to_vec()],
    }
}

fn launch(dir: &Path, _: &Limits) -> Launch {
    Launch::native(dir, "rustc")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_entry_point_is_impl_solution() {
        assert_eq!(
            diagnose("struct S;\nimpl S { fn find_min_step() {} }\nimpl Other {}\n").as_deref(),
            Some("no entry point: no impl Solution; found impl S, Other")
        );
        assert_eq!(
            diagnose("impl Solution { fn other() {} }").as_deref(),
            Some("no entry point: impl Solution has no fn find_min_step")
        );
        assert_eq!(diagnose("impl Solution { fn find_min_step() {} }"), None);
    }

    #[test]
    fn solution_is_declared_after_the_last_line() {
        let r = recipe(&Paste {
            text: "//! Doc.\nimpl Solution {\n    fn find_min_step(b: String, h: String) -> i32 { 2 }\n}",
            shown: "x/a.rs",
        });
        let (name, text) = &r.files[0];
        assert_eq!(name, "solution.rs");
        assert!(text.starts_with("//! Doc.\nimpl Solution {\n"), "{text}");
        assert!(
            text.contains("}\npub struct Solution;\npub fn zuma_judge_entry("),
            "{text}"
        );
        assert!(r.files[1]
            .1
            .starts_with("const ZUMA_JUDGE_SHOWN: &str = \"x/a.rs\";\n"));
        assert!(declares_solution("pub struct Solution;\n"));
        assert!(!declares_solution("struct SolutionHelper;\n"));
    }
}
