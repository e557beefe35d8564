//! JavaScript, as LeetCode's: `var findMinStep = function(board, hand) {..}` (or a function
//! declaration), run by `node` (`harness/javascript.js`).

use std::path::Path;

use crate::cases::config::Limits;
use crate::submission::language::{diagnose_function, Language, Paste, Recipe, Tool};
use crate::submission::worker::Launch;

/// The harness: loads the paste and speaks the worker protocol.
const HARNESS: &str = include_str!("harness/javascript.js");

/// Address space `node` gets beyond the memory limit, in mebibytes: Node 20 does not start under
/// about 700 MiB of `RLIMIT_AS` (V8 reserves address space up front), measured on Linux x86-64.
pub const NODE_RESERVE_MIB: u64 = 1024;

/// The row.
pub static JAVASCRIPT: Language = Language {
    id: "javascript",
    name: "JavaScript",
    extensions: &["js"],
    comment: "//",
    signature: "/**\n * @param {string} board\n * @param {string} hand\n * @return {number}\n */\nvar findMinStep = function(board, hand) {\n};",
    entry_markers: &["findMinStep=function(", "functionfindMinStep(", "findMinStep=("],
    adapt: crate::submission::language::no_adapter,
    tools: &[Tool {
        program: "node",
        version_args: &["--version"],
        package: "nodejs",
    }],
    provenance: "LeetCode's help article \"What are the environments for the programming languages?\" (Node.js 20 with --harmony; lodash and datastructures-js are preloaded there, not here)",
    diagnose: |text| diagnose_function(text, "findMinStep"),
    explain: crate::submission::language::no_explanation,
    recipe,
    launch,
};

fn recipe(paste: &Paste) -> Recipe {
    Recipe {
        paste: "solution.js".into(),
        files: vec![("solution.js".into(), paste.text.into())],
        commands: Vec::new(),
    }
}

/// `node --max-old-space-size=LIMIT -e HARNESS DIR/solution.js`, with [`NODE_RESERVE_MIB`] of
/// address space on top of the memory limit.
pub(crate) fn launch(dir: &Path, limits: &Limits) -> Launch {
    Launch {
        program: "node".into(),
        args: vec![
            format!("--max-old-space-size={}", limits.memory_mib).into(),
            "-e".into(),
            HARNESS.into(),
            dir.join("solution.js").into_os_string(),
        ],
        env: Vec::new(),
        label: "node".into(),
        reserve_mib: NODE_RESERVE_MIB,
        resident_limit: false,
        own: false,
        loads_source: true,
    }
}
