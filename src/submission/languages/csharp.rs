//! C#, as LeetCode's: `public class Solution { public int FindMinStep(string board, string hand) }`,
//! compiled by mono's `mcs` with LeetCode's implicit `using` lines in front and the paste under
//! `#line 1 "<shown path>"`, next to the harness (`harness/csharp.cs`); run by `mono`.

use std::path::Path;

use crate::cases::config::Limits;
use crate::submission::language::{diagnose_class, Language, Paste, Recipe, Tool};
use crate::submission::languages::cpp::c_string;
use crate::submission::worker::Launch;

/// The harness: `Main`, compiled next to the paste.
const HARNESS: &str = include_str!("harness/csharp.cs");

/// The harness's file name, which it knows to tell its own stack frames from the paste's.
const HARNESS_FILE: &str = "zuma_judge_harness.cs";

/// The `using` lines in front of the paste. LeetCode does not publish its list; these are the
/// namespaces its C# submissions use without a `using` of their own.
const PRELUDE: &str = "using System;
using System.Collections;
using System.Collections.Generic;
using System.Linq;
using System.Numerics;
using System.Text;
using System.Text.RegularExpressions;
";

/// Address space `mono` gets beyond the memory limit (its heap is capped at the limit by
/// `MONO_GC_PARAMS=max-heap-size`), in mebibytes: mono 6.8 starts under 150 MiB of `RLIMIT_AS`
/// in all, and peaks at about 310 MiB of address space idle (the 64 MiB stack of the
/// solution's thread among it), measured on Linux x86-64.
pub const MONO_RESERVE_MIB: u64 = 384;

/// The row.
pub static CSHARP: Language = Language {
    id: "csharp",
    name: "C#",
    extensions: &["cs"],
    comment: "//",
    signature: "public class Solution {\n    public int FindMinStep(string board, string hand) {\n        \n    }\n}",
    entry_markers: &["intFindMinStep(string"],
    adapt: crate::submission::language::no_adapter,
    tools: &[
        Tool {
            program: "mcs",
            version_args: &["--version"],
            package: "mono-mcs",
        },
        Tool {
            program: "mono",
            version_args: &["--version"],
            package: "mono-runtime",
        },
    ],
    provenance: "LeetCode's environment notes (the `envInfo` its question pages carry, as of January 2025: \"C# 13 with .NET 9 runtime\"); LeetCode does not list its implicit `using` lines, so the prelude has System, System.Collections(.Generic), System.Linq, System.Numerics, System.Text(.RegularExpressions). Differences: Debian 12 has mono 6.8's mcs, a C# 7-level compiler (no C# 8+ features: switch expressions, `is not`, ranges `[..]`, target-typed `new()`, records, file-scoped namespaces, collection expressions), and the mono runtime instead of .NET (other BCL, no PriorityQueue<TElement, TPriority> (.NET 6), other JIT and GC); compiled with -optimize+ -debug and run with mono --debug so exceptions name the line (none when the JIT inlined the method); the heap is capped by MONO_GC_PARAMS=max-heap-size at the memory limit",
    diagnose: |text| diagnose_class(text, "FindMinStep"),
    recipe,
    launch,
};

/// `solution.cs`: the prelude, then the paste under `#line 1 "<shown path>"` (so errors name the
/// file and line as pasted); compiled with the harness into `solution.exe`, warnings off.
fn recipe(paste: &Paste) -> Recipe {
    let source = format!("{PRELUDE}#line 1 {}\n{}", c_string(paste.shown), paste.text);
    Recipe {
        paste: String::new(),
        files: vec![
            ("solution.cs".into(), source),
            (HARNESS_FILE.into(), HARNESS.into()),
        ],
        commands: vec![[
            "mcs",
            "-optimize+",
            "-debug",
            "-warn:0",
            "-r:System.Numerics",
            "-out:{dir}/solution.exe",
            "solution.cs",
            HARNESS_FILE,
        ]
        .map(String::from)
        .to_vec()],
    }
}

/// `mono --debug DIR/solution.exe`, the heap capped at the memory limit, with
/// [`MONO_RESERVE_MIB`] of address space on top. `MALLOC_ARENA_MAX=2` keeps glibc from
/// reserving 64 MiB of address space per thread.
fn launch(dir: &Path, limits: &Limits) -> Launch {
    Launch {
        program: "mono".into(),
        args: vec!["--debug".into(), dir.join("solution.exe").into_os_string()],
        env: vec![
            (
                "MONO_GC_PARAMS".into(),
                format!("max-heap-size={}m", limits.memory_mib).into(),
            ),
            ("MALLOC_ARENA_MAX".into(), "2".into()),
        ],
        label: "mono".into(),
        reserve_mib: MONO_RESERVE_MIB,
        resident_limit: false,
        own: false,
        loads_source: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_paste_starts_at_line_1_of_its_shown_path() {
        let paste = Paste {
            text: "public class Solution {\n}\n",
            shown: "a/b.cs",
        };
        let recipe = recipe(&paste);
        assert!(recipe.paste.is_empty());
        let text = &recipe.files[0].1;
        assert!(text.contains(
            "using System.Text.RegularExpressions;\n#line 1 \"a/b.cs\"\npublic class Solution {\n"
        ));
        assert!(HARNESS.contains(&format!("\"{HARNESS_FILE}\"")));
    }
}
