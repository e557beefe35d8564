//! Scala, as LeetCode's: `object Solution { def findMinStep(board: String, hand: String): Int }`,
//! compiled by Debian's `scalac` (Scala 2.11) as `Solution.scala` next to the harness
//! (`harness/scala.scala`, compiled as `Harness.scala`); run by `java` with the Scala library on
//! the class path, like a Java worker. LeetCode runs Scala 3: a paste written in Scala 3's own
//! syntax, or one that uses the library of Scala 2.13, is named as such before any build.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use crate::cases::config::Limits;
use crate::submission::language::{did_you_mean, has_word, Language, Paste, Recipe, Tool};
use crate::submission::languages::java::{jvm, JAVA_TOOL};
use crate::submission::worker::Launch;

/// The harness: `ZumaJudgeHarness.main`, compiled next to the paste.
const HARNESS: &str = include_str!("harness/scala.scala");

/// The compiler's own JVM (not the solution's): C1 only and the serial GC start it faster, as
/// for `kotlinc`.
const FAST_JVM: [&str; 2] = ["-J-XX:TieredStopAtLevel=1", "-J-XX:+UseSerialGC"];

/// The Scala this judge compiles with, for messages: Debian 12's `scala` package.
const HERE: &str = "this machine has Scala 2.11.12 (Debian 12's scala package)";

/// The row.
pub static SCALA: Language = Language {
    id: "scala",
    name: "Scala",
    extensions: &["scala"],
    comment: "//",
    signature: "object Solution {\n    def findMinStep(board: String, hand: String): Int = {\n        \n    }\n}",
    entry_markers: &["deffindMinStep(board:String"],
    adapt: crate::submission::language::no_adapter,
    tools: &[
        Tool {
            program: "scalac",
            version_args: &[FAST_JVM[0], FAST_JVM[1], "-version"],
            package: "scala",
        },
        JAVA_TOOL,
    ],
    provenance: "LeetCode runs Scala 3 (its exact version was not found in a public copy of its environment notes); the signature from a public dump of LeetCode's code snippets for problem 488; LeetCode imports nothing for Scala (pastes write `import scala.collection.mutable`). Differences: Debian 12's scala package is Scala 2.11.12 on OpenJDK 17, and Scala 3 is in no Debian package: a paste in Scala 3's own syntax (indentation instead of braces, `if ... then`, `while ... do`, `enum`, top-level `def`, `given`/`using`, `extension`, `import a.*`) or using the library of Scala 2.13 (`LazyList`, `mutable.ArrayDeque`, `scala.util.chaining`, `toIntOption`, `updatedWith`, `groupMapReduce`) is a CE that says what it needs; the JVM flags are the Java worker's",
    diagnose,
    explain: crate::submission::language::no_explanation,
    recipe,
    launch,
};

/// Scala 3 syntax, then the library of Scala 2.13, then a package clause and the entry point.
fn diagnose(text: &str) -> Option<String> {
    let code: Vec<String> = text.lines().map(without_comment).collect();
    let mut depth = 0i64;
    for (i, line) in code.iter().enumerate() {
        let top_def = depth <= 0 && line.trim_start().starts_with("def ");
        depth += line.matches('{').count() as i64 - line.matches('}').count() as i64;
        let sign = scala3_sign(line).or(top_def.then_some("a top-level `def`"));
        if let Some(sign) = sign {
            return Some(format!(
                "this paste needs Scala 3 ({sign}, line {}); {HERE}, which has no Scala 3: write it with braces and Scala 2 syntax",
                i + 1
            ));
        }
    }
    for (i, line) in code.iter().enumerate() {
        if let Some(sign) = scala213_sign(line) {
            return Some(format!(
                "this paste needs Scala 2.13 or 3 (`{sign}`, line {}); {HERE}, whose library lacks it",
                i + 1
            ));
        }
    }
    if let Some(line) = code
        .iter()
        .position(|l| l.trim_start().starts_with("package "))
    {
        return Some(format!(
            "line {}: `package`: LeetCode's Scala editor holds no package clause (it calls \
             Solution.findMinStep in the default package); remove it",
            line + 1
        ));
    }
    let code = code.join("\n");
    if !has_word(&code, "findMinStep") {
        return Some(format!(
            "no entry point: object Solution has no method findMinStep{}",
            did_you_mean(&code, "findMinStep")
        ));
    }
    (!code.contains("object Solution")).then(|| {
        "no entry point: no object Solution (LeetCode's Scala calls Solution.findMinStep)".into()
    })
}

/// `line` without a `//` comment (a `//` inside a string literal is rare in a submission).
fn without_comment(line: &str) -> String {
    match line.find("//") {
        Some(at) => line[..at].to_string(),
        None => line.to_string(),
    }
}

/// What in `line` only Scala 3 parses, said as the message names it.
fn scala3_sign(line: &str) -> Option<&'static str> {
    let t = line.trim();
    let words: Vec<&str> = t
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
        .collect();
    let first = words.first().copied().unwrap_or("");
    let definition = ["object", "class", "trait"].contains(&first)
        || (first == "case" && words.get(1) == Some(&"class"));
    if definition && t.ends_with(':') {
        return Some("a definition opened by `:` instead of a brace");
    }
    if first == "enum" {
        return Some("`enum`");
    }
    if first == "given" || words.contains(&"using") && t.contains("(using ") {
        return Some("`given`/`using`");
    }
    if first == "extension" && t.contains('(') {
        return Some("`extension`");
    }
    if (first == "if" || t.starts_with("else if")) && words.contains(&"then") {
        return Some("`if ... then`");
    }
    if (first == "while" || first == "for") && t.ends_with(" do") {
        return Some("`while ... do`");
    }
    if first == "import" && (t.ends_with(".*") || t.contains(".*,") || t.contains(" as ")) {
        return Some("`import a.*`");
    }
    None
}

/// What in `line` the library of Scala 2.11 lacks, as written. Each is a name no Java class and
/// no Scala 2.11 member has (`java.util.ArrayDeque` is Java's, which 2.11 reaches: only
/// `mutable.ArrayDeque`, or a `mutable` import that names it, is Scala 2.13's).
fn scala213_sign(line: &str) -> Option<&'static str> {
    let t = line.trim_start();
    let from_mutable = t.starts_with("import ")
        && [
            "scala.collection.mutable.{",
            "collection.mutable.{",
            "mutable.{",
        ]
        .iter()
        .any(|p| t.contains(p));
    if line.contains("mutable.ArrayDeque") || from_mutable && has_word(line, "ArrayDeque") {
        return Some("mutable.ArrayDeque");
    }
    if has_word(line, "LazyList") {
        return Some("LazyList");
    }
    [
        "scala.util.chaining",
        ".toIntOption",
        ".updatedWith(",
        ".groupMapReduce(",
        ".to(Set)",
        ".to(List)",
    ]
    .into_iter()
    .find(|s| line.contains(s))
}

/// `Solution.scala` (the paste, unchanged) and `Harness.scala`, compiled into the build
/// directory; warnings are left out of a compile error's message.
fn recipe(paste: &Paste) -> Recipe {
    Recipe {
        paste: "Solution.scala".into(),
        files: vec![
            ("Solution.scala".into(), paste.text.into()),
            ("Harness.scala".into(), HARNESS.into()),
        ],
        commands: vec![[
            "scalac",
            FAST_JVM[0],
            FAST_JVM[1],
            "-nowarn",
            "-encoding",
            "UTF-8",
            "-d",
            "{dir}",
            "Solution.scala",
            "Harness.scala",
        ]
        .map(String::from)
        .to_vec()],
    }
}

/// `java ... -cp DIR:scala-library.jar ZumaJudgeHarness`, as the Java worker.
fn launch(dir: &Path, limits: &Limits) -> Launch {
    let mut classpath = OsString::from(dir.as_os_str());
    classpath.push(":");
    classpath.push(library().into_os_string());
    jvm(classpath, "ZumaJudgeHarness", &[], limits)
}

/// The Scala library of the `scalac` on `PATH`: `lib/scala-library.jar` next to the `bin/` its
/// link leads to (Debian's `/usr/share/scala-2.11`).
fn library() -> PathBuf {
    let installed = which::which("scalac")
        .ok()
        .and_then(|p| p.canonicalize().ok())
        .and_then(|p| Some(p.parent()?.parent()?.to_path_buf()));
    installed
        .unwrap_or_else(|| PathBuf::from("/usr/share/scala-2.11"))
        .join("lib/scala-library.jar")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scala_3_syntax_is_named_with_its_line() {
        let braces =
            "object Solution:\n  def findMinStep(board: String, hand: String): Int =\n    -1\n";
        assert_eq!(
            diagnose(braces).as_deref(),
            Some("this paste needs Scala 3 (a definition opened by `:` instead of a brace, line 1); this machine has Scala 2.11.12 (Debian 12's scala package), which has no Scala 3: write it with braces and Scala 2 syntax")
        );
        let star = "import scala.collection.mutable.*\nobject Solution {\n  def findMinStep(board: String, hand: String): Int = -1\n}\n";
        assert_eq!(
            diagnose(star).as_deref(),
            Some("this paste needs Scala 3 (`import a.*`, line 1); this machine has Scala 2.11.12 (Debian 12's scala package), which has no Scala 3: write it with braces and Scala 2 syntax")
        );
        let then = "object Solution {\n  def findMinStep(board: String, hand: String): Int =\n    if board.isEmpty then 0 else -1\n}\n";
        assert!(diagnose(then).unwrap().contains("(`if ... then`, line 3)"));
        assert!(diagnose("enum Colour { case R }\n")
            .unwrap()
            .contains("(`enum`, line 1)"));
        assert!(
            diagnose("def findMinStep(board: String, hand: String): Int = -1\n")
                .unwrap()
                .contains("(a top-level `def`, line 1)")
        );
        // A method at the left margin inside the object is Scala 2.
        let flat = "object Solution {\ndef findMinStep(board: String, hand: String): Int = -1\n}\n";
        assert_eq!(diagnose(flat), None);
    }

    #[test]
    fn the_library_of_scala_2_13_is_named() {
        let text = "import scala.util.chaining._\nobject Solution {\n  def findMinStep(board: String, hand: String): Int = -1\n}\n";
        assert_eq!(
            diagnose(text).as_deref(),
            Some("this paste needs Scala 2.13 or 3 (`scala.util.chaining`, line 1); this machine has Scala 2.11.12 (Debian 12's scala package), whose library lacks it")
        );
        // In a comment it says nothing.
        let comment = "// no LazyList here\nobject Solution {\n  def findMinStep(board: String, hand: String): Int = -1\n}\n";
        assert_eq!(diagnose(comment), None);
    }

    #[test]
    fn only_scala_2_13_s_array_deque_is_named() {
        let entry =
            "object Solution {\n  def findMinStep(board: String, hand: String): Int = -1\n}\n";
        let needs = |sign: &str, line: usize| {
            format!("this paste needs Scala 2.13 or 3 (`{sign}`, line {line}); this machine has Scala 2.11.12 (Debian 12's scala package), whose library lacks it")
        };
        // Java's ArrayDeque is in Scala 2.11's reach, imported or named in full.
        let java = format!("import scala.collection.mutable\nimport java.util.ArrayDeque\n{entry}val q = new ArrayDeque[Int]()\n");
        assert_eq!(diagnose(&java), None);
        let full = format!("{entry}val q = new java.util.ArrayDeque[String]()\n");
        assert_eq!(diagnose(&full), None);
        let scala =
            format!("import scala.collection.mutable\n{entry}val q = mutable.ArrayDeque[Int]()\n");
        assert_eq!(diagnose(&scala), Some(needs("mutable.ArrayDeque", 5)));
        let imported = format!("import scala.collection.mutable.ArrayDeque\n{entry}");
        assert_eq!(diagnose(&imported), Some(needs("mutable.ArrayDeque", 1)));
        let braces = format!("import collection.mutable.{{HashMap, ArrayDeque}}\n{entry}");
        assert_eq!(diagnose(&braces), Some(needs("mutable.ArrayDeque", 1)));
        // LazyList as a whole name only.
        let own = format!("class MyLazyList(val head: Int)\n{entry}");
        assert_eq!(diagnose(&own), None);
        let lazy = format!("{entry}val xs = LazyList.from(1)\n");
        assert_eq!(diagnose(&lazy), Some(needs("LazyList", 4)));
    }

    #[test]
    fn a_missing_entry_point_is_named() {
        // A paste kept in a repository with its package clause, as some public ones are.
        assert_eq!(
            diagnose("package leet.p488\n\nobject Solution {\n  def findMinStep(b: String, h: String): Int = -1\n}\n")
                .as_deref(),
            Some("line 1: `package`: LeetCode's Scala editor holds no package clause (it calls Solution.findMinStep in the default package); remove it")
        );
        assert_eq!(
            diagnose("object Solution {\n  def findMinSteps(b: String, h: String): Int = -1\n}\n")
                .as_deref(),
            Some("no entry point: object Solution has no method findMinStep; found findMinSteps — did you mean it?")
        );
        assert_eq!(
            diagnose("class Solution {\n  def findMinStep(b: String, h: String): Int = -1\n}\n")
                .as_deref(),
            Some(
                "no entry point: no object Solution (LeetCode's Scala calls Solution.findMinStep)"
            )
        );
    }
}
