//! C++, as LeetCode's: `class Solution { public: int findMinStep(string board, string hand) }`,
//! compiled by `g++` with LeetCode's implicit `#include <bits/stdc++.h>` and
//! `using namespace std;`, with the harness (`harness/cpp.cpp`) in the same translation unit.

use std::path::Path;

use crate::cases::config::Limits;
use crate::submission::language::{diagnose_class, Language, Paste, Recipe, Tool};
use crate::submission::worker::Launch;

/// The harness: `main`, after the paste.
const HARNESS: &str = include_str!("harness/cpp.cpp");

/// The row.
pub static CPP: Language = Language {
    id: "cpp",
    name: "C++",
    extensions: &["cpp", "cc", "cxx"],
    comment: "//",
    signature: "class Solution {\npublic:\n    int findMinStep(string board, string hand) {\n    }\n};",
    entry_markers: &["intfindMinStep(string", "intfindMinStep(conststring", "intfindMinStep(std::string"],
    adapt: crate::submission::language::no_adapter,
    tools: &[Tool {
        program: "g++",
        version_args: &["--version"],
        package: "g++",
    }],
    provenance: "LeetCode's help article \"What are the environments for the programming languages?\" (C++23 with -O2, the GCC standard library, <bits/stdc++.h> and `using namespace std` implied); LeetCode compiles with Clang, here it is Debian's g++ with -std=gnu++2b -O2",
    diagnose: |text| diagnose_class(text, "findMinStep"),
    explain: crate::submission::language::no_explanation,
    recipe,
    launch,
};

/// One translation unit: the prelude, the paste under `#line 1 "<shown path>"` (so errors
/// name the file and line as pasted), then the harness.
fn recipe(paste: &Paste) -> Recipe {
    let source = format!(
        "#include <bits/stdc++.h>\nusing namespace std;\n#line 1 {}\n{}\n#line 1 \"zuma-judge harness\"\n{HARNESS}",
        c_string(paste.shown),
        paste.text
    );
    Recipe {
        paste: String::new(),
        files: vec![("main.cpp".into(), source)],
        commands: vec![[
            "g++",
            "-std=gnu++2b",
            "-O2",
            "-o",
            "{dir}/solution",
            "main.cpp",
        ]
        .map(String::from)
        .to_vec()],
    }
}

fn launch(dir: &Path, _: &Limits) -> Launch {
    Launch::native(dir, "g++")
}

/// `s` as a C string literal, for a `#line` directive.
pub(crate) fn c_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}
