//! Java, as LeetCode's: `class Solution { public int findMinStep(String board, String hand) }`,
//! compiled by `javac` as `Solution.java` with LeetCode's implicit imports put in front of line
//! 1, next to the harness (`harness/java.java`, compiled as `Main.java`) and a stand-in for
//! `javafx.util.Pair`; run by `java`.

use std::ffi::OsString;
use std::path::Path;

use crate::cases::config::Limits;
use crate::submission::language::{diagnose_class, one_line, Language, Paste, Recipe, Tool};
use crate::submission::worker::Launch;

/// The harness: `Main`, compiled next to the paste.
const HARNESS: &str = include_str!("harness/java.java");

/// What LeetCode's Java editor imports for you ("most standard library headers are already
/// included"; the exact list is not published), `javafx.util.*` for its `Pair` included. On
/// one line in front of the paste's line 1, so every line keeps its number.
const PRELUDE: &str = "import java.util.*;
import java.util.function.*;
import java.util.stream.*;
import java.util.concurrent.*;
import java.util.concurrent.atomic.*;
import java.util.regex.*;
import java.math.*;
import java.io.*;
import java.text.*;
import javafx.util.*;
";

/// `javafx.util.Pair`, which LeetCode's classpath has (OpenJDK has no JavaFX): the same
/// `getKey`, `getValue`, `equals`, `hashCode` and `toString` (`key=value`). Imported on
/// demand, so a submission's own `Pair` class wins, as it does on LeetCode.
const PAIR: &str = "package javafx.util;

public class Pair<K, V> implements java.io.Serializable {
    private final K key;
    private final V value;

    public Pair(K key, V value) {
        this.key = key;
        this.value = value;
    }

    public K getKey() { return key; }

    public V getValue() { return value; }

    @Override
    public String toString() { return key + \"=\" + value; }

    @Override
    public int hashCode() {
        return key.hashCode() * 13 + (value == null ? 0 : value.hashCode());
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (!(o instanceof Pair)) return false;
        Pair<?, ?> p = (Pair<?, ?>) o;
        return java.util.Objects.equals(key, p.key) && java.util.Objects.equals(value, p.value);
    }
}
";

/// The Java release compiled for: Debian 12's `default-jdk-headless` is OpenJDK 17 (LeetCode
/// uses `--enable-preview --release 21`).
const RELEASE: &str = "17";

/// Address space `java` gets beyond the memory limit (its heap is capped at the limit by
/// `-Xmx`), in mebibytes. With the flags of [`launch`], OpenJDK 17 on Linux x86-64 does not
/// start under about 510 MiB on top of `-Xmx` (the 64 MiB stack of the solution's thread, 64 MiB
/// each of class space, metaspace and code cache, two 64 MiB malloc arenas, the CDS archive and
/// the JVM's own threads are reserved up front); the rest is a margin for the JIT's arenas.
pub const JAVA_RESERVE_MIB: u64 = 768;

/// The JVM that runs Java's and Kotlin's workers.
pub(crate) const JAVA_TOOL: Tool = Tool {
    program: "java",
    version_args: &["-version"],
    package: "default-jdk-headless",
};

/// The row.
pub static JAVA: Language = Language {
    id: "java",
    name: "Java",
    extensions: &["java"],
    comment: "//",
    signature: "class Solution {\n    public int findMinStep(String board, String hand) {\n        \n    }\n}",
    entry_markers: &["intfindMinStep(String"],
    adapt: crate::submission::language::no_adapter,
    tools: &[
        Tool {
            program: "javac",
            version_args: &["-version"],
            package: "default-jdk-headless",
        },
        JAVA_TOOL,
    ],
    provenance: "LeetCode's environment notes (the `envInfo` its question pages carry, as of January 2025: \"OpenJDK 21. Using compile arguments: --enable-preview --release 21. Most standard library headers are already included automatically for your convenience. Includes Pair class from javafx.util\"); the pre-imported packages are not listed there, so the prelude imports java.util, java.util.function, java.util.stream, java.util.concurrent(.atomic), java.util.regex, java.math, java.io, java.text and javafx.util (a stand-in Pair) on demand. Differences: Debian's OpenJDK 17 with --enable-preview --release 17 (Java 18-21 features such as record patterns, pattern matching for switch and sequenced collections are missing); JVM flags are this judge's (-Xmx at the memory limit, serial GC, the solution on a thread with a 64 MiB stack), LeetCode does not publish its own",
    diagnose: |text| diagnose_class(text, "findMinStep"),
    explain: crate::submission::language::no_explanation,
    recipe,
    launch,
};

/// `Solution.java` (the prelude on line 1, then the paste), `Main.java` and `Pair.java`, compiled
/// together into the build directory. An empty source path: `Pair.java` in the current directory
/// must not be taken for a class `Pair` of the unnamed package.
fn recipe(paste: &Paste) -> Recipe {
    Recipe {
        paste: "Solution.java".into(),
        files: vec![
            (
                "Solution.java".into(),
                format!("{} {}", one_line(PRELUDE), paste.text),
            ),
            ("Main.java".into(), HARNESS.into()),
            ("Pair.java".into(), PAIR.into()),
        ],
        commands: vec![[
            "javac",
            "-encoding",
            "UTF-8",
            "--release",
            RELEASE,
            "--enable-preview",
            "-Xlint:-preview",
            "-sourcepath",
            "",
            "-d",
            "{dir}",
            "Solution.java",
            "Main.java",
            "Pair.java",
        ]
        .map(String::from)
        .to_vec()],
    }
}

fn launch(dir: &Path, limits: &Limits) -> Launch {
    jvm(
        dir.as_os_str().to_owned(),
        "Main",
        &["--enable-preview"],
        limits,
    )
}

/// `java -Xmx<limit>m ... -cp CLASSPATH MAIN`, with [`JAVA_RESERVE_MIB`] of address space on top
/// of the memory limit: Java's and Kotlin's worker. Serial GC and no perf data file: a faster
/// start on a small machine, and fewer threads; the JIT is left as it is (timings matter).
/// `MALLOC_ARENA_MAX=2` keeps glibc from reserving 64 MiB of address space per thread.
pub(crate) fn jvm(classpath: OsString, main: &str, extra: &[&str], limits: &Limits) -> Launch {
    let mut args: Vec<OsString> = vec![
        format!("-Xmx{}m", limits.memory_mib).into(),
        "-XX:+UseSerialGC".into(),
        "-XX:CompressedClassSpaceSize=64m".into(),
        "-XX:ReservedCodeCacheSize=64m".into(),
        "-XX:-UsePerfData".into(),
        "-Xshare:auto".into(),
        // A JVM that crashes (out of native memory under RLIMIT_AS, say) writes hs_err_pid*.log
        // into its working directory, the user's: its summary on stdout is enough.
        "-XX:ErrorFile=/dev/null".into(),
    ];
    args.extend(extra.iter().map(OsString::from));
    args.extend(["-cp".into(), classpath, main.into()]);
    Launch {
        program: "java".into(),
        args,
        env: vec![("MALLOC_ARENA_MAX".into(), "2".into())],
        label: "java".into(),
        reserve_mib: JAVA_RESERVE_MIB,
        resident_limit: false,
        own: false,
        loads_source: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_prelude_is_on_line_1() {
        let paste = Paste {
            text: "class Solution {\n}\n",
            shown: "a/b.java",
        };
        let recipe = recipe(&paste);
        let (name, text) = &recipe.files[0];
        assert_eq!(name, &recipe.paste);
        assert_eq!(text.lines().count(), 2);
        assert!(text
            .lines()
            .next()
            .unwrap()
            .ends_with("import javafx.util.*; class Solution {"));
    }
}
