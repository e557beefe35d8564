//! A language, as data: what one file of `languages/` fills in. The judge never matches on a
//! language; it reads this table (DOMjudge keeps a table row and a compile script per language,
//! Kattis problemtools a `languages.yaml`).

use std::path::Path;

use crate::cases::config::Limits;
use crate::submission::worker::Launch;

/// A program a language needs, looked up on `PATH`.
#[derive(Clone, Copy, Debug)]
pub struct Tool {
    /// The program, e.g. `g++`.
    pub program: &'static str,
    /// Arguments that make it print its version, e.g. `["--version"]`.
    pub version_args: &'static [&'static str],
    /// The Debian package that installs it, e.g. `g++`, named in the "not found" verdict.
    pub package: &'static str,
}

/// A submission as handed to a language: its text as pasted and how reports name it.
#[derive(Clone, Copy, Debug)]
pub struct Paste<'a> {
    /// The file's text, unchanged.
    pub text: &'a str,
    /// The file as reports show it, e.g. `solutions/accepted/seed000_bfs.cpp`; compiler
    /// messages are rewritten to name it.
    pub shown: &'a str,
}

/// One build: the files to write into an empty build directory, then the commands to run there
/// in order (program and arguments; `{dir}` in an argument is replaced by the directory).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Recipe {
    /// The file name the paste is written under, e.g. `Solution.java`; compiler messages that
    /// name it are rewritten to name the paste as reports show it. Empty when the recipe puts
    /// `#line` directives naming the shown path itself.
    pub paste: String,
    /// `(file name, contents)`, written before the first command.
    pub files: Vec<(String, String)>,
    /// Commands run in the build directory; the first that fails is the compile error.
    pub commands: Vec<Vec<String>>,
}

/// A compile error, as [`Language::explain`] reads it.
#[derive(Clone, Copy, Debug)]
pub struct Failed<'a> {
    /// The paste, as pasted.
    pub text: &'a str,
    /// The compiler's message, the paste named as reports show it.
    pub message: &'a str,
    /// The version line of the compiler (the language's first tool), e.g.
    /// `Mono C# compiler version 6.8.0.105`.
    pub toolchain: &'a str,
}

/// One language of the judge. Every field is data or a pure function of its inputs.
#[derive(Debug)]
pub struct Language {
    /// Short identifier used in reports and JSON, e.g. `cpp`.
    pub id: &'static str,
    /// The name LeetCode's language menu uses, e.g. `C++`.
    pub name: &'static str,
    /// File extensions, without the dot, e.g. `["cpp", "cc"]`.
    pub extensions: &'static [&'static str],
    /// The prefix of a line comment, for the leading comment that says where a submission
    /// comes from, e.g. `//`.
    pub comment: &'static str,
    /// LeetCode's signature, as its editor shows it, e.g.
    /// `class Solution { public: int findMinStep(string board, string hand) };`.
    pub signature: &'static str,
    /// What marks a definition of the entry point in this language, written without any
    /// whitespace (`deffindMinStep(`, `intfindMinStep(string`): how `editorial` tells the
    /// language of a code block that names none. The longest marker found wins, so C++'s
    /// `intfindMinStep(string` beats nothing in C and TypeScript's typed parameter beats
    /// JavaScript's bare `functionfindMinStep(`.
    pub entry_markers: &'static [&'static str],
    /// For code from an editorial, which is often a whole program rather than what LeetCode's
    /// editor holds: the text rewritten so it runs as written (a free function where LeetCode
    /// wants a method gets a method appended; a `package main` clause LeetCode supplies itself
    /// becomes a blank line), keeping every line number; `None` when the text needs nothing.
    pub adapt: fn(&str) -> Option<String>,
    /// Programs that must be on `PATH`: the first is the one whose version keys the cache.
    /// None for a LeetCode language no Debian package runs (Swift): its submissions are never
    /// built, and are not judged ([`Language::no_toolchain`]).
    pub tools: &'static [Tool],
    /// Where the facts of this table come from (LeetCode's published environment), for the
    /// GUIDE.md and `list`.
    pub provenance: &'static str,
    /// A cause found in the text alone that no build can get past: no entry point (with what
    /// was found instead), or code for another version of the language. `None` when the text
    /// looks like a submission.
    pub diagnose: fn(&str) -> Option<String>,
    /// For a compile error: what the paste needs that this machine's compiler lacks (a newer
    /// version of the language), said in front of the compiler's message, e.g. `trailing commas
    /// need Kotlin ≥ 1.4; this machine has Kotlin 1.3-SNAPSHOT`; `None` when nothing is known.
    pub explain: fn(&Failed) -> Option<String>,
    /// What to write and run to build the paste (prelude, harness, compiler flags).
    pub recipe: fn(&Paste) -> Recipe,
    /// How to start a worker for a build in `dir` under `limits`.
    pub launch: fn(&Path, &Limits) -> Launch,
}

impl Language {
    /// Why no submission in this language is judged on any machine the judge installs its
    /// toolchains on: it has no tools, as no Debian package provides them (the verdict's
    /// message, e.g. `no toolchain for Swift on this machine (Debian packages none)`); `None`
    /// for a language with tools.
    pub fn no_toolchain(&self) -> Option<String> {
        self.tools.is_empty().then(|| {
            format!(
                "no toolchain for {} on this machine (Debian packages none)",
                self.name
            )
        })
    }

    /// The length of the longest [`Language::entry_markers`] found in `squeezed` (code with
    /// its whitespace removed), 0 when none is.
    pub fn entry_evidence(&self, squeezed: &str) -> usize {
        self.entry_markers
            .iter()
            .filter(|m| squeezed.contains(*m))
            .map(|m| m.len())
            .max()
            .unwrap_or(0)
    }

    /// Whether `ext` (no dot) is one of this language's extensions.
    pub fn has_extension(&self, ext: &str) -> bool {
        self.extensions.contains(&ext)
    }

    /// The leading comment block of `text` (lines starting with [`Language::comment`]), joined
    /// with spaces: where the submission says it comes from.
    pub fn leading_comment(&self, text: &str) -> String {
        let prefixes: &[&str] = match self.comment {
            "//" => &["//!", "//"],
            _ => std::slice::from_ref(&self.comment),
        };
        let mut lines = Vec::new();
        for line in text.lines() {
            let t = line.trim_start();
            match prefixes.iter().find_map(|p| t.strip_prefix(p)) {
                Some(rest) => lines.push(rest.trim().to_string()),
                None if t.is_empty() && lines.is_empty() => continue,
                None => break,
            }
        }
        lines.join(" ").trim().to_string()
    }
}

/// `name`s of the `class NAME` / `struct NAME` declarations in `text`, in order, for a message
/// that says what was found instead of the entry point.
pub fn declared_types(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let mut words = line
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .filter(|w| !w.is_empty());
        while let Some(w) = words.next() {
            if w == "class" || w == "struct" {
                if let Some(name) = words.next() {
                    if !out.iter().any(|n| n == name) {
                        out.push(name.to_string());
                    }
                }
                break;
            }
        }
    }
    out
}

/// Whether `text` contains `word` as a whole identifier.
pub fn has_word(text: &str, word: &str) -> bool {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .any(|w| w == word)
}

/// The usual diagnosis for a class-based language: `class` must declare a type called
/// `Solution` that holds `method`. Says which types were found instead.
pub fn diagnose_class(text: &str, method: &str) -> Option<String> {
    let types = declared_types(text);
    if !types.iter().any(|t| t == "Solution") {
        return Some(if types.is_empty() {
            format!("no entry point: no class Solution (with {method}) and no other class")
        } else {
            format!(
                "no entry point: no class Solution; found {} {}",
                if types.len() == 1 { "class" } else { "classes" },
                types.join(", ")
            )
        });
    }
    if !has_word(text, method) {
        return Some(format!(
            "no entry point: class Solution has no method {method}{}",
            did_you_mean(text, method)
        ));
    }
    None
}

/// `; found NAME — did you mean it?` when `text` has an identifier at most two edits from
/// `wanted` (case and `_` aside: `findMinSteps`, `find_min_step`, `FindMinStep`), else `""`.
pub fn did_you_mean(text: &str, wanted: &str) -> String {
    let fold = |w: &str| w.replace('_', "").to_lowercase();
    let target = fold(wanted);
    text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty() && *w != wanted)
        .map(|w| (strsim::levenshtein(&fold(w), &target), w))
        .filter(|(d, _)| *d <= 2)
        .min_by_key(|(d, _)| *d)
        .map(|(_, w)| format!("; found {w} — did you mean it?"))
        .unwrap_or_default()
}

/// The usual diagnosis for a language whose entry point is a free function.
pub fn diagnose_function(text: &str, function: &str) -> Option<String> {
    (!has_word(text, function)).then(|| {
        format!(
            "no entry point: no function {function}{}",
            did_you_mean(text, function)
        )
    })
}

/// The [`Language::explain`] of a language whose compile errors need no explanation.
pub fn no_explanation(_: &Failed) -> Option<String> {
    None
}

/// The [`Language::adapt`] of a language that needs none.
pub fn no_adapter(_: &str) -> Option<String> {
    None
}

/// `text` as one line: newlines become spaces, so a prelude put in front of line 1 keeps every
/// line number of the paste.
pub fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_declared_types_in_order() {
        let text =
            "class Solution_1 {\n};\nstruct Node { int x; };\nclass Solution_2 : public Base {};";
        assert_eq!(declared_types(text), ["Solution_1", "Node", "Solution_2"]);
        assert_eq!(
            diagnose_class(text, "findMinStep").as_deref(),
            Some("no entry point: no class Solution; found classes Solution_1, Node, Solution_2")
        );
        assert_eq!(
            diagnose_class("class Solution { int other; };", "findMinStep").as_deref(),
            Some("no entry point: class Solution has no method findMinStep")
        );
        assert_eq!(
            diagnose_class("class Solution { int findMinStep() {} };", "findMinStep"),
            None
        );
        assert_eq!(
            diagnose_class("class Solution { int findMinSteps(string b) {} };", "findMinStep")
                .as_deref(),
            Some("no entry point: class Solution has no method findMinStep; found findMinSteps — did you mean it?")
        );
        assert_eq!(
            diagnose_function("var find_min_step = () => 2;", "findMinStep").as_deref(),
            Some("no entry point: no function findMinStep; found find_min_step — did you mean it?")
        );
    }

    #[test]
    fn a_prelude_on_one_line_keeps_line_numbers() {
        assert_eq!(
            one_line("import a.*;\nimport b.*;\n"),
            "import a.*; import b.*;"
        );
    }
}
