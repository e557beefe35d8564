//! TypeScript, as LeetCode's: `function findMinStep(board: string, hand: string): number {..}`,
//! compiled by `tsc` with LeetCode's options and run by `node` with the JavaScript harness; a
//! preloaded script (`harness/typescript.js`) maps stack traces back to the paste's lines.

use std::path::Path;

use crate::cases::config::Limits;
use crate::submission::language::{diagnose_function, Language, Paste, Recipe, Tool};
use crate::submission::languages::javascript;
use crate::submission::worker::Launch;

/// Preloaded before the JavaScript harness: stack-trace lines of `solution.js` become those of
/// `solution.ts` through `solution.js.map`.
const LINES: &str = include_str!("harness/typescript.js");

/// The row.
pub static TYPESCRIPT: Language = Language {
    id: "typescript",
    name: "TypeScript",
    extensions: &["ts"],
    comment: "//",
    signature: "function findMinStep(board: string, hand: string): number {\n    \n};",
    entry_markers: &["functionfindMinStep(board:string", "findMinStep=(board:string", "findMinStep=function(board:string"],
    adapt: crate::submission::language::no_adapter,
    tools: &[
        Tool {
            program: "tsc",
            version_args: &["--version"],
            package: "node-typescript (or `npm install -g typescript@5`)",
        },
        Tool {
            program: "node",
            version_args: &["--version"],
            package: "nodejs",
        },
    ],
    provenance: "LeetCode's help article \"What are the environments for the programming languages?\", as its `envInfo` field reads in a dump of LeetCode's GraphQL answer of 2025-01-19 and in thomcleary/leetcode (typescript/README.md): \"TypeScript 5.1.6, Node.js 20.10.0\", \"Compile Options: --alwaysStrict --strictBindCallApply --strictFunctionTypes --target ES2022\", run with --harmony, lodash.js and datastructures-js (priority-queue 5.4.0, queue 4.2.3, deque 1.0.4) included; the signature from the same dump's code snippets. Here: the same options with tsc 5 from npm (5.9 when measured), any tsc diagnostic, type errors included, is a compile error (believed to be LeetCode's behaviour, not found in its documentation); lodash's `_` and datastructures-js's `PriorityQueue`, `Queue`, `Deque` are not declared or loaded, so they are compile errors here",
    diagnose: |text| diagnose_function(text, "findMinStep"),
    explain: crate::submission::language::no_explanation,
    recipe,
    launch,
};

/// LeetCode's options, plus a source map (for run-time line numbers) and plain diagnostics
/// (`solution.ts(LINE,COL): error TS..`, renamed to the shown path by the build).
const TSC: &[&str] = &[
    "tsc",
    "--alwaysStrict",
    "--strictBindCallApply",
    "--strictFunctionTypes",
    "--target",
    "ES2022",
    "--sourceMap",
    "--pretty",
    "false",
    "solution.ts",
];

fn recipe(paste: &Paste) -> Recipe {
    Recipe {
        paste: "solution.ts".into(),
        files: vec![
            ("solution.ts".into(), paste.text.into()),
            ("lines.js".into(), LINES.into()),
        ],
        commands: vec![TSC.iter().map(|s| s.to_string()).collect()],
    }
}

/// The JavaScript worker on the emitted `solution.js`, with `lines.js` preloaded
/// (`node -r DIR/lines.js`).
fn launch(dir: &Path, limits: &Limits) -> Launch {
    let mut launch = javascript::launch(dir, limits);
    launch
        .args
        .splice(0..0, ["-r".into(), dir.join("lines.js").into_os_string()]);
    launch
}
