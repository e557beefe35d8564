//! Kotlin, as LeetCode's: `class Solution { fun findMinStep(board: String, hand: String): Int }`,
//! compiled by the first `kotlinc` on `PATH` (Kotlin 1.9.23 where `.ci/install-toolchains` put
//! it, else Debian's 1.3) as `Solution.kt` with LeetCode's implicit imports put in front of line
//! 1, next to the harness (`harness/kotlin.kt`, compiled as `Harness.kt`), into one jar with
//! the Kotlin runtime; run by `java` like a Java worker.

use std::path::Path;

use crate::cases::config::Limits;
use crate::submission::language::{
    diagnose_class, one_line, Failed, Language, Paste, Recipe, Tool,
};
use crate::submission::languages::java::{jvm, JAVA_TOOL};
use crate::submission::worker::Launch;

/// The harness: `main`, compiled next to the paste.
const HARNESS: &str = include_str!("harness/kotlin.kt");

/// What the judge imports for a Kotlin submission, on one line in front of the paste's line 1
/// (Kotlin's own default imports, `kotlin.collections.*` and the rest, come with the language).
/// LeetCode does not publish its list; these are the two that submissions lean on without
/// importing them (`PriorityQueue`, `TreeMap`; `max`, `abs`).
const PRELUDE: &str = "import java.util.*;\nimport kotlin.math.*;\n";

/// `kotlinc` prints a JVM warning about its hard-coded `-noverify` on JDK 13 and later, before
/// anything else (its version line, its errors): this JVM flag of the compiler silences it.
const QUIET_JVM: &str = "-J-XX:-PrintWarnings";

/// The compiler's own JVM (not the solution's): C1 only and the serial GC start it faster, about
/// 1.0 s instead of 1.3 s for `-version` and 2 s instead of 3 s for a small file.
const FAST_JVM: [&str; 2] = ["-J-XX:TieredStopAtLevel=1", "-J-XX:+UseSerialGC"];

/// The row.
pub static KOTLIN: Language = Language {
    id: "kotlin",
    name: "Kotlin",
    extensions: &["kt"],
    comment: "//",
    signature: "class Solution {\n    fun findMinStep(board: String, hand: String): Int {\n        \n    }\n}",
    entry_markers: &["funfindMinStep("],
    adapt: crate::submission::language::no_adapter,
    tools: &[
        Tool {
            program: "kotlinc",
            version_args: &[QUIET_JVM, FAST_JVM[0], FAST_JVM[1], "-version"],
            package: "kotlin",
        },
        JAVA_TOOL,
    ],
    provenance: "LeetCode's environment notes (the `envInfo` its question pages carry, as of January 2025: \"Kotlin 1.9.0. We are using an experimental compiler provided by JetBrains\"); LeetCode does not list what it imports, so the prelude imports java.util.* and kotlin.math.* on line 1. Differences: the compiler is the first `kotlinc` on PATH: .ci/install-toolchains installs Kotlin 1.9.23 (the compiler and runtime of PyPI's kotlin-jupyter-kernel 0.12.0.322, JetBrains, Apache-2.0) as /usr/local/bin/kotlinc, ahead of Debian 12's kotlin package, Kotlin 1.3.31 (it does run on OpenJDK 17, with -J-XX:-PrintWarnings for its deprecated -noverify); with only Debian's, what came after 1.3 is missing and a compile error says which release the paste needs, e.g. `..<`, `Char.code`, `lowercase()`/`uppercase()`, `digitToInt()`, kotlin.collections.ArrayDeque (java.util's is imported instead), `buildList`, `sumOf`, `maxOf` on collections, `removeLast()`; compiled with -jvm-target 1.8 and the Kotlin runtime put into the jar; the JVM flags are the Java worker's",
    diagnose: |text| diagnose_class(text, "findMinStep"),
    explain,
    recipe,
    launch,
};

/// `Solution.kt` (the prelude on line 1, then the paste) and `Harness.kt`, compiled into
/// `solution.jar` with the Kotlin runtime; warnings are left out of a compile error's message.
fn recipe(paste: &Paste) -> Recipe {
    Recipe {
        paste: "Solution.kt".into(),
        files: vec![
            (
                "Solution.kt".into(),
                format!("{} {}", one_line(PRELUDE), paste.text),
            ),
            ("Harness.kt".into(), HARNESS.into()),
        ],
        commands: vec![[
            "kotlinc",
            QUIET_JVM,
            FAST_JVM[0],
            FAST_JVM[1],
            "-nowarn",
            "-jvm-target",
            "1.8",
            "-include-runtime",
            "-d",
            "{dir}/solution.jar",
            "Solution.kt",
            "Harness.kt",
        ]
        .map(String::from)
        .to_vec()],
    }
}

/// Names of Kotlin's standard library younger than Debian's Kotlin 1.3, with the release that
/// made each stable (kotlinlang.org's API reference, "Since Kotlin"): what `unresolved
/// reference: NAME` means on an older compiler.
const YOUNGER_NAMES: [(&str, (u32, u32)); 24] = [
    ("sumOf", (1, 4)),
    ("minOrNull", (1, 4)),
    ("maxOrNull", (1, 4)),
    ("minOfOrNull", (1, 4)),
    ("maxOfOrNull", (1, 4)),
    ("minByOrNull", (1, 4)),
    ("maxByOrNull", (1, 4)),
    ("runningFold", (1, 4)),
    ("runningReduce", (1, 4)),
    ("scan", (1, 4)),
    ("DeepRecursiveFunction", (1, 4)),
    ("callRecursive", (1, 4)),
    ("removeFirst", (1, 4)),
    ("removeLast", (1, 4)),
    ("lowercase", (1, 5)),
    ("uppercase", (1, 5)),
    ("lowercaseChar", (1, 5)),
    ("uppercaseChar", (1, 5)),
    ("digitToInt", (1, 5)),
    ("digitToChar", (1, 5)),
    ("code", (1, 5)),
    ("buildList", (1, 6)),
    ("buildMap", (1, 6)),
    ("buildSet", (1, 6)),
];

/// What a paste that failed to compile needs from a younger Kotlin than this machine's: a
/// trailing comma (an "expecting ..." error right after a `,`) needs 1.4, a name of
/// [`YOUNGER_NAMES`] that did not resolve the release that brought it; said only when the
/// compiler is older than that.
fn explain(failed: &Failed) -> Option<String> {
    let version = failed
        .toolchain
        .split_whitespace()
        .skip_while(|w| *w != "kotlinc-jvm")
        .nth(1)?;
    let have = release(version)?;
    let source = format!("{} {}", one_line(PRELUDE), failed.text);
    let lines: Vec<&str> = source.lines().collect();
    let at = regex::Regex::new(r":(\d+):(\d+): error: (.+)$").expect("a valid pattern");
    let mut needs: Vec<String> = Vec::new();
    for m in failed.message.lines().filter_map(|l| at.captures(l)) {
        let (line, column) = (m[1].parse::<usize>().ok()?, m[2].parse::<usize>().ok()?);
        let before: String = lines
            .get(line.checked_sub(1)?)
            .map(|l| l.chars().take(column.saturating_sub(1)).collect())
            .unwrap_or_default();
        let need = if m[3].starts_with("expecting ") && before.trim_end().ends_with(',') {
            Some(("trailing commas need".to_string(), (1, 4)))
        } else {
            let name = m[3]
                .strip_prefix("unresolved reference: ")
                .unwrap_or_default();
            YOUNGER_NAMES
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(n, since)| (format!("`{n}` needs"), *since))
        };
        if let Some((what, since)) = need.filter(|(_, since)| *since > have) {
            let said = format!("{what} Kotlin ≥ {}.{}", since.0, since.1);
            if !needs.contains(&said) {
                needs.push(said);
            }
        }
    }
    (!needs.is_empty()).then(|| format!("{}; this machine has Kotlin {version}", needs.join(", ")))
}

/// `(major, minor)` of a Kotlin version such as `1.9.23` or `1.3-SNAPSHOT`.
fn release(version: &str) -> Option<(u32, u32)> {
    let mut parts = version.split(['.', '-']);
    Some((parts.next()?.parse().ok()?, parts.next()?.parse().ok()?))
}

/// `java ... -cp DIR/solution.jar HarnessKt`, as the Java worker.
fn launch(dir: &Path, limits: &Limits) -> Launch {
    jvm(
        dir.join("solution.jar").into_os_string(),
        "HarnessKt",
        &[],
        limits,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Debian's kotlinc 1.3 on a paste with trailing commas and younger library names, as it
    /// reports them.
    const OLD_ERRORS: &str = "a/b.kt:4:22: error: expecting a parameter declaration
        hand: String,
                     ^
a/b.kt:6:38: error: expecting an argument
a/b.kt:9:15: error: expecting an argument
a/b.kt:11:23: error: unresolved reference: lowercase
a/b.kt:12:42: error: unresolved reference: sumOf
a/b.kt:12:50: error: unresolved reference: it";

    const YOUNG_PASTE: &str = "class Solution {
    fun findMinStep(
        board: String,
        hand: String,
    ): Int {
        val m = mapOf(1 to 2, 3 to 4,)
        val l = listOf(
            1,
            2,
        )
        val x = \"a,)\".lowercase()
        return board.length + m.size + l.sumOf { it }
    }
}
";

    #[test]
    fn a_paste_for_a_younger_kotlin_is_told_what_it_needs() {
        let failed = Failed {
            text: YOUNG_PASTE,
            message: OLD_ERRORS,
            toolchain: "info: kotlinc-jvm 1.3-SNAPSHOT (JRE 17.0.15+6-Debian-1deb12u1)",
        };
        assert_eq!(
            explain(&failed).as_deref(),
            Some("trailing commas need Kotlin ≥ 1.4, `lowercase` needs Kotlin ≥ 1.5, `sumOf` needs Kotlin ≥ 1.4; this machine has Kotlin 1.3-SNAPSHOT")
        );
        // A compiler that has them: the errors are the paste's own.
        let young = Failed {
            toolchain: "kotlinc-jvm 1.9.23 (kotlin-jupyter-kernel 0.12.0.322)",
            ..failed
        };
        assert_eq!(explain(&young), None);
        // An error that is not after a comma says nothing.
        let other = Failed {
            message: "a/b.kt:5:5: error: expecting a parameter declaration",
            ..failed
        };
        assert_eq!(explain(&other), None);
    }

    #[test]
    fn line_1_is_read_behind_the_prelude() {
        let failed = Failed {
            text: "class Solution { fun f(a: Int,) = a }",
            message: "a/b.kt:1:73: error: expecting a parameter declaration",
            toolchain: "info: kotlinc-jvm 1.3-SNAPSHOT (JRE 17)",
        };
        assert_eq!(one_line(PRELUDE).len() + 1 + 30, 72);
        assert_eq!(
            explain(&failed).as_deref(),
            Some("trailing commas need Kotlin ≥ 1.4; this machine has Kotlin 1.3-SNAPSHOT")
        );
    }

    #[test]
    fn the_prelude_is_on_line_1() {
        let paste = Paste {
            text: "class Solution {\n}\n",
            shown: "a/b.kt",
        };
        let recipe = recipe(&paste);
        let (name, text) = &recipe.files[0];
        assert_eq!(name, &recipe.paste);
        assert_eq!(text.lines().count(), 2);
        assert_eq!(
            text.lines().next().unwrap(),
            "import java.util.*; import kotlin.math.*; class Solution {"
        );
    }
}
