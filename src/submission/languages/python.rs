//! Python 3, as LeetCode's "Python3": `class Solution` with
//! `def findMinStep(self, board: str, hand: str) -> int`, run by `python3` with LeetCode's
//! implicit imports (`harness/python.py`).

use std::path::Path;

use crate::cases::config::Limits;
use crate::submission::language::{diagnose_class, Language, Paste, Recipe, Tool};
use crate::submission::worker::Launch;

/// The harness: loads the paste under LeetCode's imports and speaks the worker protocol.
const HARNESS: &str = include_str!("harness/python.py");

/// The row.
pub static PYTHON: Language = Language {
    id: "python3",
    name: "Python3",
    extensions: &["py"],
    comment: "#",
    signature: "class Solution:\n    def findMinStep(self, board: str, hand: str) -> int:",
    entry_markers: &["deffindMinStep("],
    adapt: adapt_free_function,
    tools: &[Tool {
        program: "python3",
        version_args: &["--version"],
        package: "python3",
    }],
    provenance: "LeetCode's help article \"What are the environments for the programming languages?\" (Python 3.11; \"most libraries are already imported automatically\"); the names it pre-imports, `inf` among them, as listed by the Animenosekai/leet project's dump of LeetCode's Python globals (leet/runners/python3.md)",
    diagnose,
    explain: crate::submission::language::no_explanation,
    recipe,
    launch,
};

/// Python 2 code first (LeetCode's "Python" is Python 2; this is "Python3"), then the entry
/// point.
fn diagnose(text: &str) -> Option<String> {
    for (i, line) in text.lines().enumerate() {
        let t = line.trim_start();
        let sign = [
            "xrange(",
            "raw_input(",
            ".iteritems(",
            ".has_key(",
            "print ",
        ]
        .into_iter()
        .find(|s| {
            if *s == "print " {
                t.starts_with("print ") && !t.starts_with("print (")
            } else {
                t.contains(s)
            }
        });
        if let Some(s) = sign {
            return Some(format!(
                "this is Python 2 code (`{}`, line {}); LeetCode's Python3 and this judge run Python 3",
                s.trim_end_matches(['(', ' ']),
                i + 1
            ));
        }
    }
    if let Some(line) = text.lines().position(|l| l.starts_with("def findMinStep(")) {
        if !text.lines().any(|l| l.starts_with("class Solution")) {
            return Some(format!(
                "no entry point: `def findMinStep` on line {} is a top-level function; LeetCode's \
                 Python3 calls a method: put `class Solution:` above it, indent it, and add `self` as its first parameter",
                line + 1
            ));
        }
    }
    diagnose_class(text, "findMinStep")
}

/// Editorials often show `def findMinStep(board, hand)` at the top level, with no class
/// (seed 000 does): LeetCode's Python3 would find no `Solution`. The method appended after the
/// last line calls that function, so the paste runs as written and keeps its line numbers.
fn adapt_free_function(text: &str) -> Option<String> {
    let free = text.lines().any(|l| l.starts_with("def findMinStep("));
    let has_class = text.lines().any(|l| l.starts_with("class Solution"));
    (free && !has_class).then(|| {
        format!("{text}\n\nclass Solution:\n    def findMinStep(self, board, hand):\n        return findMinStep(board, hand)\n")
    })
}

fn recipe(paste: &Paste) -> Recipe {
    Recipe {
        paste: "solution.py".into(),
        files: vec![("solution.py".into(), paste.text.into())],
        commands: Vec::new(),
    }
}

/// `python3 -c HARNESS DIR/solution.py`, with `PYTHONHASHSEED=0` so set and dict order, and so
/// any answer that depends on it, repeats.
fn launch(dir: &Path, _: &Limits) -> Launch {
    Launch {
        program: "python3".into(),
        args: vec![
            "-c".into(),
            HARNESS.into(),
            dir.join("solution.py").into_os_string(),
        ],
        env: vec![
            ("PYTHONHASHSEED".into(), "0".into()),
            ("PYTHONDONTWRITEBYTECODE".into(), "1".into()),
        ],
        label: "python3".into(),
        reserve_mib: 0,
        resident_limit: false,
        own: false,
        loads_source: true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn python_2_code_is_named_with_its_line() {
        let text = "class Solution:\n    def findMinStep(self, board, hand):\n        for i in xrange(3):\n            pass\n";
        assert_eq!(
            diagnose(text).as_deref(),
            Some("this is Python 2 code (`xrange`, line 3); LeetCode's Python3 and this judge run Python 3")
        );
        assert_eq!(
            diagnose("class Solution:\n    def findMinStep(self, b, h):\n        print(b)\n"),
            None
        );
    }

    #[test]
    fn a_top_level_function_is_named_as_such() {
        let text = "import collections\n\ndef findMinStep(board, hand):\n    return -1\n";
        assert_eq!(
            diagnose(text).as_deref(),
            Some("no entry point: `def findMinStep` on line 3 is a top-level function; LeetCode's Python3 calls a method: put `class Solution:` above it, indent it, and add `self` as its first parameter")
        );
        assert_eq!(diagnose(&adapt_free_function(text).unwrap()), None);
    }
}
