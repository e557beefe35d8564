//! Stdin/stdout drivers: a LeetCode paste has no `main`, a contest system runs a program that
//! reads the input file (the board, then the hand) and prints the answer. Each driver keeps the
//! paste as pasted and adds what the language needs around it: a prelude before it (the
//! `Solution` type, the headers LeetCode's editor supplies) and a `main` after it.

/// How one language's paste becomes a program.
struct Driver {
    /// The language's id, as in `submission::languages` (`rust`, `python3`, ...).
    language: &'static str,
    /// Written before the paste.
    prelude: &'static str,
    /// Written after the paste.
    main: &'static str,
}

/// The languages with a driver. A Rust file's `//!` comment must open the crate, so Rust's
/// `Solution` type goes after the paste, with `main`.
const DRIVERS: [Driver; 4] = [
    Driver {
        language: "rust",
        prelude: "",
        main: r#"
// Driver added by zuma-judge export: LeetCode supplies `Solution` and calls the method itself.
struct Solution;

fn main() {
    let mut input = String::new();
    std::io::Read::read_to_string(&mut std::io::stdin(), &mut input).expect("read stdin");
    let mut words = input.split_whitespace();
    let board = words.next().unwrap_or_default().to_string();
    let hand = words.next().unwrap_or_default().to_string();
    println!("{}", Solution::find_min_step(board, hand));
}
"#,
    },
    Driver {
        language: "python3",
        prelude: "",
        main: r#"

# Driver added by zuma-judge export: LeetCode creates Solution() and calls the method itself.
if __name__ == "__main__":
    import sys as _zuma_sys
    _zuma_board, _zuma_hand = _zuma_sys.stdin.read().split()
    print(Solution().findMinStep(_zuma_board, _zuma_hand))
"#,
    },
    Driver {
        language: "javascript",
        prelude: "",
        main: r#"

// Driver added by zuma-judge export: LeetCode calls findMinStep itself.
{
    const words = require("fs").readFileSync(0, "utf8").split(/\s+/).filter((w) => w.length > 0);
    console.log(String(findMinStep(words[0], words[1])));
}
"#,
    },
    Driver {
        language: "cpp",
        prelude: "// Prelude added by zuma-judge export: the headers LeetCode's editor supplies.\n#include <bits/stdc++.h>\nusing namespace std;\n\n",
        main: r#"

// Driver added by zuma-judge export: LeetCode creates a Solution and calls the method itself.
int main() {
    string board, hand;
    cin >> board >> hand;
    cout << Solution().findMinStep(board, hand) << endl;
    return 0;
}
"#,
    },
];

/// The paste `text` in `language` (an id of `submission::languages`) as a whole program that
/// reads the board and the hand from standard input and prints the answer, with `header`
/// (comment lines, written without their comment marks) on top; `None` when the language has no
/// driver.
pub fn wrap(language: &str, comment: &str, text: &str, header: &[String]) -> Option<String> {
    let d = DRIVERS.iter().find(|d| d.language == language)?;
    let mut out = String::new();
    // A Rust file's inner doc comment (`//!`) must stay first: the header follows it there.
    let (top, rest) = if language == "rust" {
        split_inner_docs(text)
    } else {
        ("", text)
    };
    out.push_str(top);
    for line in header {
        out.push_str(&format!("{comment} {line}\n"));
    }
    out.push_str(d.prelude);
    out.push_str(rest);
    if !rest.ends_with('\n') {
        out.push('\n');
    }
    out.push_str(d.main);
    Some(out)
}

/// The leading `//!` lines of a Rust file, and the rest.
fn split_inner_docs(text: &str) -> (&str, &str) {
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        if !line.trim_start().starts_with("//!") {
            break;
        }
        at += line.len();
    }
    text.split_at(at)
}

/// The language ids that have a driver, for messages.
pub fn languages() -> Vec<&'static str> {
    DRIVERS.iter().map(|d| d.language).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rust_keeps_its_inner_docs_first_and_gains_a_main() {
        let text = "//! Where it comes from.\nimpl Solution {}\n";
        let out = wrap("rust", "//", text, &["@EXPECTED_RESULTS@: CORRECT".into()]).unwrap();
        assert!(out.starts_with(
            "//! Where it comes from.\n// @EXPECTED_RESULTS@: CORRECT\nimpl Solution {}\n\n// Driver added"
        ));
        assert!(out.ends_with("println!(\"{}\", Solution::find_min_step(board, hand));\n}\n"));
    }

    #[test]
    fn languages_without_a_driver_are_none() {
        assert_eq!(wrap("go", "//", "func findMinStep() {}", &[]), None);
        assert_eq!(languages(), vec!["rust", "python3", "javascript", "cpp"]);
    }
}
