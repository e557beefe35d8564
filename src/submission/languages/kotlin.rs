//! Kotlin, as LeetCode's: `class Solution { fun findMinStep(board: String, hand: String): Int }`,
//! compiled by `kotlinc` as `Solution.kt` with LeetCode's implicit imports put in front of line
//! 1, next to the harness (`harness/kotlin.kt`, compiled as `Harness.kt`), into one jar with
//! the Kotlin runtime; run by `java` like a Java worker.

use std::path::Path;

use crate::cases::config::Limits;
use crate::submission::language::{diagnose_class, one_line, Language, Paste, Recipe, Tool};
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
    provenance: "LeetCode's environment notes (the `envInfo` its question pages carry, as of January 2025: \"Kotlin 1.9.0. We are using an experimental compiler provided by JetBrains\"); LeetCode does not list what it imports, so the prelude imports java.util.* and kotlin.math.* on line 1. Differences: Debian 12's kotlin package is Kotlin 1.3.31 (it does run on OpenJDK 17, with -J-XX:-PrintWarnings for its deprecated -noverify): what came after 1.3 is missing, e.g. `..<`, `Char.code`, `lowercase()`/`uppercase()`, `digitToInt()`, kotlin.collections.ArrayDeque (java.util's is imported instead), `buildList`, `sumOf`, `maxOf` on collections, `removeLast()`; compiled with -jvm-target 1.8 and the Kotlin runtime put into the jar; the JVM flags are the Java worker's",
    diagnose: |text| diagnose_class(text, "findMinStep"),
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
