//! Code blocks of an editorial: telling their language from the
//! language table ([`Language::entry_markers`], names and extensions) and sorting them into
//! submissions to grade, fragments to skip, and other code (test code, helpers).

use std::sync::LazyLock;

use regex::Regex;

use super::source::CodeBlock;
use crate::submission::language::Language;
use crate::submission::languages;

/// What a code block is.
#[derive(Clone, Debug)]
pub enum Sort {
    /// Defines the entry point in this language: graded.
    Submission(&'static Language),
    /// Names the entry point but is only a signature or a fragment: reported skipped, why.
    Fragment(String),
    /// Code that does not define the entry point (test code, a helper): its lines are read
    /// like prose for claims.
    Other,
}

/// The language `hint` names: a language's id, name or extension, case and digits ignored
/// (`Python`, `python3`, `py`, `JavaScript`, `js`, `C++`, `cpp`, `Go Solution`).
pub fn named(hint: &str) -> Option<&'static Language> {
    let norm = |s: &str| {
        s.to_lowercase()
            .chars()
            .filter(|c| !c.is_ascii_digit())
            .collect::<String>()
    };
    let words: Vec<String> = hint
        .split(|c: char| c.is_whitespace() || c == ',' || c == ':' || c == '(' || c == ')')
        .filter(|w| !w.is_empty())
        .map(norm)
        .collect();
    let aliases = [("golang", "go"), ("node", "js"), ("c#", "cs")];
    languages::ALL.iter().copied().find(|l| {
        words.iter().any(|w| {
            let w = aliases
                .iter()
                .find(|(a, _)| a == w)
                .map_or(w.as_str(), |(_, to)| to);
            norm(l.id) == w || norm(l.name) == w || l.extensions.iter().any(|e| norm(e) == w)
        })
    })
}

/// Sorts a block: the language with the longest entry marker in the code (whitespace removed),
/// else the one its hint names if the code names the entry point; a block whose entry point
/// has no body (a signature, `...`, `pass`, `// code here`) is a fragment.
pub fn sort(block: &CodeBlock) -> Sort {
    let text = block.text();
    let squeezed: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let names_entry = ["findMinStep", "find_min_step", "FindMinStep"]
        .iter()
        .any(|n| squeezed.contains(n));
    if !names_entry {
        return Sort::Other;
    }
    let by_marker = languages::ALL
        .iter()
        .copied()
        .map(|l| (l.entry_evidence(&squeezed), l))
        .filter(|(n, _)| *n > 0)
        .max_by_key(|(n, _)| *n)
        .map(|(_, l)| l);
    let hinted = block.hint.as_deref().and_then(named);
    let Some(language) = by_marker.or(if is_call_only(&squeezed) {
        None
    } else {
        hinted
    }) else {
        return Sort::Other;
    };
    if let Some(why) = fragment(&text, language) {
        return Sort::Fragment(why);
    }
    Sort::Submission(language)
}

/// Code that only calls the entry point (`solution.findMinStep(...)`, `findMinStep("RR", ...)`
/// in a test or a print), a test list: a definition never takes a string literal.
fn is_call_only(squeezed: &str) -> bool {
    let literal_call = ["findMinStep(", "find_min_step(", "FindMinStep("]
        .iter()
        .any(|n| squeezed.contains(&format!("{n}\"")) || squeezed.contains(&format!("{n}'")));
    squeezed.contains(".findMinStep(") || squeezed.contains("assert") || literal_call
}

/// Why a block naming the entry point cannot be a submission: the entry point's body is empty
/// (`...`, `pass`, `{}`, `todo!()`, or only comments and a docstring) or missing (it ends at the
/// signature, or is a prototype). Only the body counts, not how the block ends: `for { }` and
/// `while True: pass` are bodies (that loop). A short block with a body is a submission: `def
/// findMinStep(self, board, hand): return -1` is a whole (wrong) solution.
fn fragment(text: &str, language: &Language) -> Option<String> {
    let code_lines = text
        .lines()
        .filter(|l| {
            let t = l.trim();
            !t.is_empty() && !t.starts_with("//") && !t.starts_with('#')
        })
        .count();
    let squeezed: String = COMMENTS
        .replace_all(text, "")
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let empty = match entry_body(&squeezed, language.id) {
        None => true,
        Some(body) => {
            // Closing brackets, semicolons and Ruby's `end`s after the body say nothing.
            let mut body = body.trim_end_matches(['}', ';', ')']);
            while let Some(b) = body.strip_suffix("end") {
                body = b.trim_end_matches(['}', ';', ')']);
            }
            ["", "...", "pass"].contains(&body) || PLACEHOLDER.is_match(body)
        }
    };
    empty.then(|| {
        format!(
            "a signature or fragment ({code_lines} line{} of code), not a whole solution",
            if code_lines == 1 { "" } else { "s" }
        )
    })
}

/// The entry point's body and what follows it, in `squeezed` (comments and whitespace
/// removed): after the parameter list's `)`, the `:` that opens a Python body, the `{` (or
/// `={`) that opens a braced one, or at once in Ruby. None for a prototype (`...);`) or a
/// block that ends at the signature without an opener.
fn entry_body<'a>(squeezed: &'a str, language: &str) -> Option<&'a str> {
    let name = ["findMinStep", "find_min_step", "FindMinStep"]
        .iter()
        .filter_map(|n| {
            squeezed
                .match_indices(n)
                .find(|(at, _)| !squeezed[..*at].ends_with('.'))
        })
        .map(|(at, n)| at + n.len())
        .min()?;
    let rest = &squeezed[name..];
    let open = name + rest.find('(')?;
    let mut depth = 0;
    let close = squeezed[open..].char_indices().find_map(|(i, c)| {
        depth += match c {
            '(' => 1,
            ')' => -1,
            _ => 0,
        };
        (depth == 0).then_some(open + i + 1)
    })?;
    let after = &squeezed[close..];
    match language {
        "python3" => after.find(':').map(|i| &after[i + 1..]),
        "ruby" => Some(after),
        _ => {
            // Between `)` and `{` only a return type: `int`, `->i32`, `:Int`, `:number`.
            let i = after.find('{')?;
            let between = &after[..i];
            let signature = between
                .chars()
                .all(|c| c.is_alphanumeric() || "_<>[]?,.*&:=->".contains(c));
            signature.then(|| &after[i + 1..])
        }
    }
}

/// Comments (`//`, `/* */`, `#` but not `#include`) and Python docstrings: a body that only says
/// "write your code here" is empty.
static COMMENTS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?sm)/\*.*?\*/|""".*?"""|'''.*?'''|//[^\n]*|#(?:[^i\n][^\n]*)?$"#)
        .expect("a valid pattern")
});

/// The whole body `todo!("...")` or `unimplemented!()`, whitespace removed and its closing
/// bracket trimmed with the others.
static PLACEHOLDER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"^(?:todo|unimplemented)!\((?:"[^"]*")?$"#).expect("a valid pattern")
});

impl PartialEq for Sort {
    /// Languages are rows of one table: the same row is the same language.
    fn eq(&self, other: &Sort) -> bool {
        match (self, other) {
            (Sort::Submission(a), Sort::Submission(b)) => a.id == b.id,
            (Sort::Fragment(a), Sort::Fragment(b)) => a == b,
            (Sort::Other, Sort::Other) => true,
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::editorial::source::lines_of as lines;

    #[test]
    fn languages_are_named_by_id_name_or_extension() {
        let id = |h: &str| named(h).map(|l| l.id);
        assert_eq!(id("Python"), Some("python3"));
        assert_eq!(id("Go Solution"), Some("go"));
        assert_eq!(id("JavaScript"), Some("javascript"));
        assert_eq!(id("cpp"), Some("cpp"));
        assert_eq!(id("C++"), Some("cpp"));
        assert_eq!(id("rs"), Some("rust"));
        assert_eq!(id("Reference solution"), None);
    }

    fn block(hint: Option<&str>, text: &str) -> CodeBlock {
        CodeBlock {
            hint: hint.map(String::from),
            lines: lines(text),
        }
    }

    #[test]
    fn blocks_sort_into_submissions_fragments_and_other_code() {
        let id = |s: Sort| match s {
            Sort::Submission(l) => l.id.to_string(),
            Sort::Fragment(why) => why,
            Sort::Other => "other".into(),
        };
        let ts = "function findMinStep(board: string, hand: string): number {\n  let a = 1;\n  a += 1;\n  return a;\n}";
        assert_eq!(id(sort(&block(None, ts))), "typescript");
        let js =
            "var findMinStep = function(board, hand) {\n  let a = 1;\n  a += 1;\n  return a;\n};";
        assert_eq!(id(sort(&block(Some("text"), js))), "javascript");
        let cpp = "class Solution {\npublic:\n    int findMinStep(string board, string hand) {\n        return -1;\n    }\n};";
        assert_eq!(id(sort(&block(None, cpp))), "cpp");
        let sig = "class Solution:\n    def findMinStep(self, board: str, hand: str) -> int:\n        ...";
        assert_eq!(
            id(sort(&block(Some("python"), sig))),
            "a signature or fragment (3 lines of code), not a whole solution"
        );
        // Short but whole: a body, however small, makes a submission.
        let short = "class Solution:\n    def findMinStep(self, board, hand):\n        return -1";
        assert_eq!(id(sort(&block(Some("python"), short))), "python3");
        // Calls with the inputs written out are tests, whose claims the prose reader takes.
        for call in [
            "expect(findMinStep(\"RRWWRRBBRR\", \"WB\")).toBe(3);",
            "console.log(findMinStep('RR', 'R') === 2);",
            "println!(\"{}\", find_min_step(\"RR\".to_string(), \"R\".to_string()));",
        ] {
            assert_eq!(id(sort(&block(Some("js"), call))), "other", "{call}");
        }
        let bare = "int findMinStep(string board, string hand);";
        assert_eq!(
            id(sort(&block(Some("cpp"), bare))),
            "a signature or fragment (1 line of code), not a whole solution"
        );
        // A body of comments, a docstring or a placeholder is no body.
        let stubs = [
            ("python", "class Solution:\n    def findMinStep(self, board, hand):\n        # TODO\n"),
            ("python", "class Solution:\n    def findMinStep(self, board, hand):\n        \"\"\"Write it here.\"\"\"\n"),
            ("java", "class Solution {\n    public int findMinStep(String board, String hand) {\n        // write your code here\n    }\n}"),
            ("rust", "impl Solution {\n    pub fn find_min_step(board: String, hand: String) -> i32 {\n        todo!(\"later\")\n    }\n}"),
            ("rust", "impl Solution {\n    pub fn find_min_step(board: String, hand: String) -> i32 {\n        unimplemented!()\n    }\n}"),
            ("cpp", "class Solution {\npublic:\n    int findMinStep(string board, string hand) {\n        /* your code */\n    }\n};"),
        ];
        for (hint, stub) in stubs {
            let got = id(sort(&block(Some(hint), stub)));
            assert!(got.starts_with("a signature or fragment"), "{stub}: {got}");
        }
        // A body that loops is a body, however the block ends; so is one whose indentation
        // was lost (it is graded, and the load says so).
        let bodies = [
            ("go", "func findMinStep(board string, hand string) int {\n    for {\n    }\n}"),
            ("python", "class Solution:\n    def findMinStep(self, board: str, hand: str) -> int:\n        while True: pass"),
            ("python", "class Solution:\ndef findMinStep(self, board, hand):\nreturn -1"),
            ("ruby", "def find_min_step(board, hand)\n  -1\nend"),
        ];
        for (hint, body) in bodies {
            let language = if hint == "python" { "python3" } else { hint };
            assert_eq!(id(sort(&block(Some(hint), body))), language, "{body}");
        }
        let ruby = "def find_min_step(board, hand)\nend";
        assert_eq!(
            id(sort(&block(Some("ruby"), ruby))),
            "a signature or fragment (2 lines of code), not a whole solution"
        );
        // Python's `//` is division, not a comment; `#include` is code.
        let div = "class Solution:\n    def findMinStep(self, board, hand):\n        return len(board) // 2";
        assert_eq!(id(sort(&block(Some("python"), div))), "python3");
        let c =
            "#include <string.h>\nint findMinStep(char* board, char* hand) {\n    return -1;\n}";
        assert_eq!(id(sort(&block(Some("c"), c))), "c");
        let open = "var findMinStep = function(board, hand) {\n};";
        assert_eq!(
            id(sort(&block(Some("javascript"), open))),
            "a signature or fragment (2 lines of code), not a whole solution"
        );
        let tests = "s = Solution()\nassert s.findMinStep(\"R\", \"RR\") == 1";
        assert_eq!(id(sort(&block(Some("python"), tests))), "other");
    }
}
