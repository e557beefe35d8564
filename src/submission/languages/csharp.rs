//! C#, as LeetCode's: `public class Solution { public int FindMinStep(string board, string hand) }`,
//! compiled by mono's `mcs` with LeetCode's implicit `using` lines in front and the paste under
//! `#line 1 "<shown path>"`, next to the harness (`harness/csharp.cs`); run by `mono`.

use std::path::Path;

use crate::cases::config::Limits;
use crate::submission::language::{
    diagnose_class, has_word, Failed, Language, Paste, Recipe, Tool,
};
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
    provenance: "LeetCode's environment notes (the `envInfo` its question pages carry, as of January 2025: \"C# 13 with .NET 9 runtime\"); LeetCode does not list its implicit `using` lines, so the prelude has System, System.Collections(.Generic), System.Linq, System.Numerics, System.Text(.RegularExpressions). Differences: Debian 12 has mono 6.8's mcs, a C# 7.2-level compiler with -langversion:latest (no local functions, which mcs never had, and no C# 8+ features: switch expressions, `is not`, ranges `[..]`, target-typed `new()`, records, file-scoped namespaces, collection expressions), and the mono runtime instead of .NET (other BCL, no PriorityQueue<TElement, TPriority> (.NET 6), other JIT and GC); a compile error on one of these says which C# version the paste needs; compiled with -optimize+ -debug and run with mono --debug so exceptions name the line (none when the JIT inlined the method); the heap is capped by MONO_GC_PARAMS=max-heap-size at the memory limit",
    diagnose: |text| diagnose_class(text, "FindMinStep"),
    explain,
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
            "-langversion:latest",
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

/// What a paste that failed to compile needs from a C# compiler younger than mono's `mcs` (a
/// C# 7.2-level compiler that lacks local functions), found from where mcs's errors point: a
/// local function (an error CS1525 on a line inside a method body that declares
/// `Type Name(...)`), a switch expression (`Unexpected symbol `switch'`), a range (CS1001 on a
/// line with `[..]`) or a target-typed `new()`.
fn explain(failed: &Failed) -> Option<String> {
    let at = regex::Regex::new(r"\((\d+),\d+\): error (CS\d+): (.+)$").expect("a valid pattern");
    let lines: Vec<&str> = failed.text.lines().collect();
    let mut needs: Vec<&str> = Vec::new();
    for m in failed.message.lines().filter_map(|l| at.captures(l)) {
        let line = m[1].parse::<usize>().ok()?;
        let text = lines.get(line.checked_sub(1)?).copied().unwrap_or_default();
        let need = match (&m[2], &m[3]) {
            ("CS1525", "Unexpected symbol `switch'") => Some("switch expressions need C# 8.0"),
            ("CS1525", e) if e.contains("expecting `(' or `type'") && text.contains("new(") => {
                Some("target-typed new() needs C# 9.0")
            }
            ("CS1001", _) if ranged(text) => Some("ranges need C# 8.0"),
            ("CS1525", _) if local_function(text) && in_code_block(failed.text, line) => {
                Some("local functions need C# 7.0")
            }
            _ => None,
        };
        if let Some(need) = need.filter(|n| !needs.contains(n)) {
            needs.push(need);
        }
    }
    // The version line as probed: `mcs Mono C# compiler version 6.8.0.105`.
    let machine = match failed.toolchain.split_once("Mono C# compiler version ") {
        Some((_, version)) => format!("Mono mcs {version}"),
        None => failed.toolchain.to_string(),
    };
    (!needs.is_empty())
        .then(|| format!("{} (Roslyn); this machine has {machine}", needs.join(", ")))
}

/// Whether `line` indexes with a range, `s[1..]`.
fn ranged(line: &str) -> bool {
    regex::Regex::new(r"\[[^\]]*\.\.")
        .expect("a valid pattern")
        .is_match(line)
}

/// Whether `line` declares a method, `[static|async|unsafe] Type Name(...`, as a local function
/// does.
fn local_function(line: &str) -> bool {
    const STATEMENTS: [&str; 12] = [
        "return", "new", "else", "await", "yield", "throw", "case", "goto", "using", "lock", "var",
        "ref",
    ];
    let declares = regex::Regex::new(
        r"^(?:(?:static|async|unsafe)\s+)*([A-Za-z_][\w.]*)(?:<[^()]*>)?(?:\[,*\])*\??\s+[A-Za-z_]\w*\s*(?:<[^()]*>)?\s*\(",
    )
    .expect("a valid pattern");
    declares
        .captures(line.trim_start())
        .is_some_and(|c| !STATEMENTS.contains(&&c[1]))
}

/// Whether line `line` (from 1) of `text` starts inside a block of code (a method's body), not
/// directly in a type's or a namespace's body; strings and comments are skipped.
fn in_code_block(text: &str, line: usize) -> bool {
    let before: Vec<&str> = text.lines().take(line.saturating_sub(1)).collect();
    let before = before.join("\n");
    let mut blocks: Vec<bool> = Vec::new(); // true: a type's or namespace's body
    let mut header = String::new();
    let mut chars = before.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => {
                chars.by_ref().find(|c| *c == '\n');
            }
            '/' if chars.peek() == Some(&'*') => {
                let mut last = ' ';
                chars
                    .by_ref()
                    .find(|c| std::mem::replace(&mut last, *c) == '*' && *c == '/');
            }
            '"' | '\'' => {
                let mut escaped = false;
                chars.by_ref().find(|d| {
                    let end = *d == c && !escaped;
                    escaped = *d == '\\' && !escaped;
                    end
                });
            }
            '{' => {
                let kinds = [
                    "class",
                    "struct",
                    "interface",
                    "namespace",
                    "enum",
                    "record",
                ];
                blocks.push(kinds.iter().any(|k| has_word(&header, k)));
                header.clear();
            }
            '}' => {
                blocks.pop();
                header.clear();
            }
            ';' => header.clear(),
            _ => header.push(c),
        }
    }
    blocks.last() == Some(&false)
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

    const MCS: &str = "mcs Mono C# compiler version 6.8.0.105";

    #[test]
    fn a_local_function_needs_roslyn() {
        // mcs 6.8.0.105 on it, with -langversion:latest
        let text = "public class Solution {
    public int FindMinStep(string board, string hand) {
        var memo = new Dictionary<string, int>(); // a { in a comment
        string s = \"{\";
        int Dfs(string b, string h) {
            return b.Length;
        }
        return Dfs(board, hand);
    }
}
";
        let message = "a/b.cs(5,15): error CS1525: Unexpected symbol `(', expecting `,', `;', or `='
a/b.cs(5,26): error CS1525: Unexpected symbol `string', expecting `,', `;', or `='
a/b.cs(8,14): error CS1519: Unexpected symbol `return' in class, struct, or interface member declaration
Compilation failed: 3 error(s), 0 warnings";
        let failed = Failed {
            text,
            message,
            toolchain: MCS,
        };
        assert_eq!(
            explain(&failed).as_deref(),
            Some("local functions need C# 7.0 (Roslyn); this machine has Mono mcs 6.8.0.105")
        );
        // The same declaration in a class's body is a method: its error is the paste's own.
        assert!(!in_code_block(text, 2));
        assert!(in_code_block(text, 5));
        assert!(local_function("static int Dfs(string b) => b.Length;"));
        assert!(!local_function("return Dfs(board, hand);"));
        assert!(!local_function("else if (x) {"));
    }

    #[test]
    fn csharp_8_and_9_features_are_named() {
        let text = "public class Solution {
    public int FindMinStep(string board, string hand) {
        var s = board[1..];
        List<int> l = new();
        return hand.Length switch { 1 => 2, _ => 3 };
    }
}
";
        let message = "u.cs(3,24): error CS1001: Unexpected symbol `.', expecting identifier
u.cs(4,26): error CS1525: Unexpected symbol `)', expecting `(' or `type'
u.cs(5,29): error CS1525: Unexpected symbol `switch'
u.cs(5,36): error CS1525: Unexpected symbol `{'";
        let failed = Failed {
            text,
            message,
            toolchain: MCS,
        };
        assert_eq!(
            explain(&failed).as_deref(),
            Some("ranges need C# 8.0, target-typed new() needs C# 9.0, switch expressions need C# 8.0 (Roslyn); this machine has Mono mcs 6.8.0.105")
        );
        let plain = Failed {
            message: "u.cs(3,9): error CS0103: The name `x' does not exist in the current context",
            ..failed
        };
        assert_eq!(explain(&plain), None);
    }

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
