//! DOMjudge's `@EXPECTED_RESULTS@: WRONG-ANSWER, TIMELIMIT` comment, read out of a submission's
//! text. Plain `std` on purpose: `build.rs` includes this file too (`#[path]`), so a file in
//! `solutions/` and one given to `grade` are read by the same code.
//!
//! DOMjudge's rules (`SubmissionService::getExpectedResults`): the marker may appear once,
//! case-insensitively; the results are the rest of its line, split at commas, trimmed and
//! upper-cased, with `ACCEPTED`, `WRONG_ANSWER`, `TIME_LIMIT_EXCEEDED` and `RUN_TIME_ERROR`
//! remapped to DOMjudge's own `CORRECT`, `WRONG-ANSWER`, `TIMELIMIT` and `RUN-ERROR`. Here `_`
//! and `-` are the same (`WRONG_ANSWER` = `WRONG-ANSWER`), a comment closer (`*/`, `-->`) at the
//! end of the line is dropped, and DOMjudge's `NO-OUTPUT` and `OUTPUT-LIMIT` are refused: a
//! LeetCode function returns a value, so neither can happen.

/// The marker, as DOMjudge spells it.
pub const MARKER: &str = "@EXPECTED_RESULTS@:";

/// DOMjudge's result names (with their remapped aliases) and the judge's verdict names.
pub const NAMES: [(&str, &str); 10] = [
    ("CORRECT", "accepted"),
    ("ACCEPTED", "accepted"),
    ("WRONG-ANSWER", "wrong_answer"),
    ("TIMELIMIT", "time_limit_exceeded"),
    ("TIME-LIMIT-EXCEEDED", "time_limit_exceeded"),
    ("RUN-ERROR", "run_time_error"),
    ("RUN-TIME-ERROR", "run_time_error"),
    ("COMPILER-ERROR", "compile_error"),
    ("MEMORY-LIMIT", "memory_limit_exceeded"),
    ("MEMORY-LIMIT-EXCEEDED", "memory_limit_exceeded"),
];

/// A comment that cannot be read: the 1-based line and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadComment {
    /// 1-based line of the (second) marker.
    pub line: usize,
    /// What is wrong and how to fix it.
    pub message: String,
}

/// The verdict names (`accepted`, `wrong_answer`, ...) listed by the file's `@EXPECTED_RESULTS@`
/// comment, in the order written, without repeats, with the comment's 1-based line; `Ok(None)`
/// when there is no such comment.
pub fn parse(text: &str) -> Result<Option<(Vec<&'static str>, usize)>, BadComment> {
    let upper = text.to_ascii_uppercase();
    let Some(at) = upper.find(MARKER) else {
        return Ok(None);
    };
    let line = text[..at].matches('\n').count() + 1;
    if let Some(again) = upper[at + 1..].find(MARKER) {
        return Err(BadComment {
            line: text[..at + 1 + again].matches('\n').count() + 1,
            message: format!(
                "a second {MARKER} comment (the first is on line {line}); DOMjudge allows one"
            ),
        });
    }
    let rest = &upper[at + MARKER.len()..];
    let mut list = rest.lines().next().unwrap_or("").trim();
    for closer in ["*/", "-->", "=end"] {
        list = list.strip_suffix(closer).unwrap_or(list).trim_end();
    }
    let mut names = Vec::new();
    for item in list.split(',') {
        let item = item.trim().replace('_', "-");
        if item.is_empty() {
            return Err(BadComment {
                line,
                message: format!(
                    "{MARKER} lists no result here; write e.g. {MARKER} WRONG-ANSWER, TIMELIMIT"
                ),
            });
        }
        let Some((_, name)) = NAMES.iter().find(|(d, _)| *d == item) else {
            let hint = if item == "NO-OUTPUT" || item == "OUTPUT-LIMIT" {
                " (a LeetCode function returns a value: it cannot happen here)".to_string()
            } else {
                String::new()
            };
            return Err(BadComment {
                line,
                message: format!(
                    "unknown result '{item}'{hint}; use CORRECT, WRONG-ANSWER, TIMELIMIT, RUN-ERROR, COMPILER-ERROR or MEMORY-LIMIT"
                ),
            });
        };
        if !names.contains(name) {
            names.push(*name);
        }
    }
    Ok(Some((names, line)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_domjudge_lists() {
        let text =
            "# Greedy.\n# @EXPECTED_RESULTS@: WRONG_ANSWER, TIMELIMIT\nclass Solution: pass\n";
        assert_eq!(
            parse(text),
            Ok(Some((vec!["wrong_answer", "time_limit_exceeded"], 2)))
        );
        let c = "/*\n * @expected_results@: correct,Run-Error, CORRECT */\nint x;";
        assert_eq!(parse(c), Ok(Some((vec!["accepted", "run_time_error"], 2))));
        assert_eq!(
            parse("// @EXPECTED_RESULTS@: COMPILER-ERROR, MEMORY_LIMIT\n"),
            Ok(Some((vec!["compile_error", "memory_limit_exceeded"], 1)))
        );
        assert_eq!(parse("no comment here\n"), Ok(None));
    }

    #[test]
    fn refuses_what_cannot_be_judged() {
        assert_eq!(
            parse("\n// @EXPECTED_RESULTS@: NO-OUTPUT\n"),
            Err(BadComment {
                line: 2,
                message: "unknown result 'NO-OUTPUT' (a LeetCode function returns a value: it cannot happen here); use CORRECT, WRONG-ANSWER, TIMELIMIT, RUN-ERROR, COMPILER-ERROR or MEMORY-LIMIT".into()
            })
        );
        assert_eq!(
            parse("// @EXPECTED_RESULTS@: WA\n").unwrap_err().message,
            "unknown result 'WA'; use CORRECT, WRONG-ANSWER, TIMELIMIT, RUN-ERROR, COMPILER-ERROR or MEMORY-LIMIT"
        );
        assert_eq!(
            parse("// @EXPECTED_RESULTS@: CORRECT\n\n// @EXPECTED_RESULTS@: TIMELIMIT\n"),
            Err(BadComment {
                line: 3,
                message: "a second @EXPECTED_RESULTS@: comment (the first is on line 1); DOMjudge allows one".into()
            })
        );
        assert_eq!(parse("// @EXPECTED_RESULTS@:\n").unwrap_err().line, 1);
    }
}
