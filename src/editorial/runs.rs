//! Where code starts and ends in a plain-text editorial, which has no fences: a line that
//! opens code (a declaration at the left margin) up to the last line before prose.

/// How a line opens a run of code in plain text.
const CODE_STARTS: &[&str] = &[
    "from ",
    "import ",
    "package ",
    "#include",
    "class ",
    "def ",
    "var ",
    "let ",
    "const ",
    "function ",
    "func ",
    "impl ",
    "public ",
    "using ",
    "<?php",
    "struct ",
    "fn ",
    "pub fn ",
    "int ",
    "object ",
];

/// Words that may stand alone at the left margin inside code (Ruby's `end`, a lone brace).
const CODE_WORDS: &[&str] = &["end", "}", "};", "});", ")", "]", "else", "fi"];

/// Statement keywords that start a line of code whose indentation was lost in saving
/// (`return -1`, `if not board:`, `pass`): the first word, lower case, as code has it.
const STATEMENT_WORDS: &[&str] = &[
    "return", "if", "elif", "else:", "for", "while", "try:", "except", "raise", "break",
    "continue", "pass", "yield", "with",
];

/// Whether a line can only be prose: at the left margin, and either free of code punctuation
/// or a sentence (four or more words ending in `.`) without `;` or `{`.
fn is_prose(text: &str) -> bool {
    if text.trim().is_empty() || text.starts_with([' ', '\t']) {
        return false;
    }
    let t = text.trim();
    let first = t.split_whitespace().next().unwrap_or("");
    if opens_code(t)
        || CODE_WORDS.contains(&t)
        || (STATEMENT_WORDS.contains(&first) && !t.ends_with('.'))
        || t.starts_with("//")
        || t.starts_with('#')
        || t.starts_with('@')
    {
        return false;
    }
    let code_chars = t.contains(['(', ')', '{', '}', '[', ']', ';', '=', '<', '>']);
    let sentence = t.split_whitespace().count() >= 4
        && t.ends_with('.')
        && !t.contains(';')
        && !t.contains('{');
    !code_chars || sentence
}

/// Whether a line opens code: a declaration keyword at the left margin.
fn opens_code(text: &str) -> bool {
    CODE_STARTS.iter().any(|s| text.starts_with(s))
        && !(text.split_whitespace().count() >= 6 && text.trim_end().ends_with('.'))
}

/// The runs of code in plain text, as `(first, end)` indices into its `lines` (end exclusive): a
/// line that opens code, then every line up to the last non-blank one before a line that
/// can only be prose.
pub fn code_runs(lines: &[&str]) -> Vec<(usize, usize)> {
    let mut runs = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if !opens_code(lines[i]) {
            i += 1;
            continue;
        }
        let from = i;
        let mut last = i;
        let mut j = i + 1;
        while j < lines.len() && !is_prose(lines[j]) {
            if !lines[j].trim().is_empty() {
                last = j;
            }
            j += 1;
        }
        runs.push((from, last + 1));
        i = last + 1;
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_text_code_runs_end_at_prose() {
        let text = "Python\n\ndef findMinStep(board, hand):\n    x = 1\n\n    return x\n\nJavaScript\n\nvar findMinStep = function(b, h) {\n    return 1;\n};\n\nThe shrink() helper scans the board again.\n";
        assert_eq!(
            code_runs(&text.lines().collect::<Vec<_>>()),
            [(2, 6), (9, 12)]
        );
        // In plain text a statement at the left margin (its indentation lost) is still code;
        // a sentence that starts with one is prose.
        let text = "Code:\n\nclass Solution:\ndef findMinStep(self, board, hand):\nif not board:\nreturn 0\nreturn -1\nreturn the answer we found, or -1 at the end.";
        assert_eq!(code_runs(&text.lines().collect::<Vec<_>>()), [(2, 7)]);
    }
}
