//! LeetCode languages no Debian package runs: Swift, Dart and Python 2. Each is a row with no
//! tools ([`Language::no_toolchain`]): a pasted file in one of them is found by its extension
//! and reported "not judged" with that reason, never built, rather than skipped as a file no
//! language claims; `list --languages` names them.

use std::path::Path;

use crate::cases::config::Limits;
use crate::submission::language::{diagnose_class, no_adapter, Language, Paste, Recipe};
use crate::submission::worker::Launch;

/// Swift: Debian's `swift` package is OpenStack's object store, not the language, and
/// swift.org's toolchain is not packaged.
pub static SWIFT: Language = Language {
    id: "swift",
    name: "Swift",
    extensions: &["swift"],
    comment: "//",
    signature: "class Solution {\n    func findMinStep(_ board: String, _ hand: String) -> Int {\n        \n    }\n}",
    entry_markers: &["funcfindMinStep(_board:String"],
    adapt: no_adapter,
    tools: &[],
    provenance: "LeetCode's code snippets for problem 488 (a public dump of its GraphQL `codeSnippets`). Not judged here: Debian 12 packages no Swift compiler (its `swift` package is OpenStack's object store)",
    diagnose: |text| diagnose_class(text, "findMinStep"),
    explain: crate::submission::language::no_explanation,
    recipe: never_built,
    launch: never_started,
};

/// Dart: not packaged by Debian.
pub static DART: Language = Language {
    id: "dart",
    name: "Dart",
    extensions: &["dart"],
    comment: "//",
    signature: "class Solution {\n  int findMinStep(String board, String hand) {\n    \n  }\n}",
    entry_markers: &["intfindMinStep(Stringboard,Stringhand)"],
    adapt: no_adapter,
    tools: &[],
    provenance: "LeetCode's code snippets for problem 488 (a public dump of its GraphQL `codeSnippets`). Not judged here: Debian 12 packages no Dart SDK",
    diagnose: |text| diagnose_class(text, "findMinStep"),
    explain: crate::submission::language::no_explanation,
    recipe: never_built,
    launch: never_started,
};

/// Python 2, LeetCode's "Python": no extension of its own (a `.py` file is Python3's, whose
/// diagnosis names Python 2 code), so it is listed, never picked.
pub static PYTHON2: Language = Language {
    id: "python2",
    name: "Python 2",
    extensions: &[],
    comment: "#",
    signature: "class Solution(object):\n    def findMinStep(self, board, hand):\n        \"\"\"\n        :type board: str\n        :type hand: str\n        :rtype: int\n        \"\"\"",
    entry_markers: &[],
    adapt: no_adapter,
    tools: &[],
    provenance: "LeetCode's language menu (\"Python\", which is Python 2). Not judged here: Debian 12 packages neither python2 nor a Python 2 PyPy (only pypy3); a `.py` file is judged as Python3, and one in Python 2 syntax gets a compile error that says so",
    diagnose: |text| diagnose_class(text, "findMinStep"),
    explain: crate::submission::language::no_explanation,
    recipe: never_built,
    launch: never_started,
};

/// No recipe: a language without tools is never built.
fn never_built(_: &Paste) -> Recipe {
    Recipe::default()
}

/// No worker: a language without tools is never built, so never started.
fn never_started(dir: &Path, _: &Limits) -> Launch {
    Launch::native(dir, "none")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_says_why_it_is_not_judged() {
        let why: Vec<Option<String>> = [&SWIFT, &DART, &PYTHON2]
            .iter()
            .map(|l| l.no_toolchain())
            .collect();
        assert_eq!(
            why,
            [
                Some("no toolchain for Swift on this machine (Debian packages none)".to_string()),
                Some("no toolchain for Dart on this machine (Debian packages none)".to_string()),
                Some(
                    "no toolchain for Python 2 on this machine (Debian packages none)".to_string()
                ),
            ]
        );
    }
}
