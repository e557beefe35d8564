//! Every language, for real: in `tests/fixtures/languages/<id>/`, one correct submission
//! (`accepted/`), one wrong one (`wrong_answer/`) and one with a syntax error
//! (`compile_error/`), pasted as LeetCode's editor holds them, judged by `run --solutions-dir`
//! on the statement's examples. Where the language's toolchain is not on `PATH`, each gets the
//! judge's "not found" verdict instead, and the run exits 3 (unless `ZUMA_REQUIRE_TOOLCHAINS` is
//! set, as `.ci/run` sets it after installing every toolchain: then a missing one fails).

use std::path::Path;

use serde_json::Value;

use crate::common::judge;
use zuma_judge::submission::build;
use zuma_judge::submission::languages;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The fixture files of `id`, as `(folder, name)`.
fn fixtures(id: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let dir = Path::new(ROOT).join("tests/fixtures/languages").join(id);
    for folder in ["accepted", "wrong_answer", "compile_error"] {
        let mut names: Vec<String> = std::fs::read_dir(dir.join(folder))
            .unwrap_or_else(|e| panic!("{}/{folder}: {e}", dir.display()))
            .map(|e| e.unwrap().path())
            .map(|p| p.file_stem().unwrap().to_string_lossy().to_string())
            .collect();
        names.sort();
        assert!(!names.is_empty(), "{id}/{folder} has no fixture");
        out.extend(names.into_iter().map(|n| (folder.to_string(), n)));
    }
    out
}

/// Judges `id`'s fixtures and checks each verdict: AC, WA and CE (with `ce_line`, the
/// compiler's `file:line` as pasted, in its message) when the toolchain is there, and the
/// "not found" verdict naming the program and its Debian package when it is not.
fn check(id: &str, ce_line: &str) {
    let language = languages::by_id(id).unwrap_or_else(|| panic!("no language {id}"));
    let missing = language
        .tools
        .iter()
        .find_map(|t| build::probe(t).err().map(|e| e.to_string()));
    if let (Some(why), Ok(_)) = (&missing, std::env::var("ZUMA_REQUIRE_TOOLCHAINS")) {
        panic!("ZUMA_REQUIRE_TOOLCHAINS is set (as in .ci/run), but: {why}");
    }
    let fixtures = fixtures(id);
    let dir = format!("tests/fixtures/languages/{id}");
    let mut cmd = judge();
    cmd.args([
        "run",
        "--cases",
        "cases/statement.toml",
        "--solutions-dir",
        &dir,
    ])
    .args(["--format", "json"]);
    for (_, name) in &fixtures {
        cmd.args(["--solution", name]);
    }
    let out = cmd.output().unwrap();
    let report: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!("{e}: {}", String::from_utf8_lossy(&out.stderr));
    });
    let solutions = report["solutions"].as_array().unwrap();
    assert_eq!(solutions.len(), fixtures.len());
    for ((folder, name), s) in fixtures.iter().zip(solutions) {
        assert_eq!(s["name"], name.as_str());
        assert_eq!(s["language"], id);
        let message = s["message"].as_str().unwrap_or("");
        if let Some(why) = &missing {
            assert_eq!(s["verdict"], "compile_error", "{name}");
            assert_eq!(s["toolchain_missing"], true, "{name}");
            assert_eq!(message, why, "{name}");
            continue;
        }
        assert_eq!(s["verdict"], folder.as_str(), "{name}: {message}");
        assert_eq!(s["as_expected"], true, "{name}: {message}");
        assert!(
            s["toolchain"].as_str().is_some_and(|t| !t.is_empty()),
            "{name}"
        );
        match folder.as_str() {
            "accepted" => assert_eq!(s["counts"]["AC"], 4, "{name}"),
            "wrong_answer" => {
                // right on 2 of the 4 cases; the sweep adds its first failing class
                assert_eq!(s["counts"]["WA"], 3, "{name}: always 2 is right on 2 of 4")
            }
            _ => assert!(
                message.contains(ce_line),
                "{name}: {ce_line} not in {message}"
            ),
        }
    }
    let code = out.status.code();
    match &missing {
        Some(why) => {
            assert!(why.starts_with("cannot build: `"), "{why}");
            assert!(why.contains("not found on PATH; Debian package "), "{why}");
            assert_eq!(code, Some(3));
        }
        None => assert_eq!(code, Some(0), "{}", String::from_utf8_lossy(&out.stderr)),
    }
}

#[test]
#[ignore = "slow (11 s here: compiles and judges); .ci/run runs it"]
fn cpp() {
    check(
        "cpp",
        "tests/fixtures/languages/cpp/compile_error/syntax_cpp.cpp:6:",
    );
}

#[test]
fn javascript() {
    check("javascript", "(line 4)");
}

#[test]
fn python3() {
    check("python3", "(line 5)");
}

#[test]
#[ignore = "slow (8.1 s here: compiles and judges); .ci/run runs it"]
fn c() {
    check(
        "c",
        "tests/fixtures/languages/c/compile_error/syntax_c.c:4:",
    );
}

#[test]
#[ignore = "slow (6.2 s here: compiles and judges); .ci/run runs it"]
fn go() {
    check(
        "go",
        "tests/fixtures/languages/go/compile_error/syntax_go.go:5:1:",
    );
}

#[test]
#[ignore = "slow (7.7 s here: compiles and judges); .ci/run runs it"]
fn rust() {
    check(
        "rust",
        "tests/fixtures/languages/rust/compile_error/syntax_rust.rs:4:",
    );
}

#[test]
fn php() {
    check(
        "php",
        "in tests/fixtures/languages/php/compile_error/syntax_php.php on line 5",
    );
}

#[test]
#[ignore = "slow (4.8 s here: judges); .ci/run runs it"]
fn ruby() {
    check(
        "ruby",
        "tests/fixtures/languages/ruby/compile_error/syntax_ruby.rb:5:",
    );
}

#[test]
#[ignore = "slow (5.5 s here: compiles and judges); .ci/run runs it"]
fn typescript() {
    check(
        "typescript",
        "tests/fixtures/languages/typescript/compile_error/syntax_typescript.ts(4,14): error TS1005",
    );
}

#[test]
#[ignore = "slow (8.9 s here: compiles and judges); .ci/run runs it"]
fn java() {
    check(
        "java",
        "tests/fixtures/languages/java/compile_error/syntax_java.java:4:",
    );
}

#[test]
#[ignore = "slow (16 s here: compiles and judges); .ci/run runs it"]
fn kotlin() {
    check(
        "kotlin",
        "tests/fixtures/languages/kotlin/compile_error/syntax_kotlin.kt:4:",
    );
}

#[test]
#[ignore = "slow (15 s here: compiles and judges); .ci/run runs it"]
fn csharp() {
    check(
        "csharp",
        "tests/fixtures/languages/csharp/compile_error/syntax_csharp.cs(4,",
    );
}

/// Go's address space runs far ahead of its heap, so its memory verdict is the resident one: a
/// submission that keeps 320 MiB and churns through 1.25 GiB more (its resident set peaks at
/// 730 to 800 MiB) is AC, and one that holds 1.5 GiB is MLE. Under a plain `RLIMIT_AS` of the limit both died in
/// Go's runtime at 270 MiB resident, as RE. Without Go, both get the "not found" verdict.
#[test]
#[ignore = "slow (6.7 s here: compiles and judges); .ci/run runs it"]
fn go_memory_is_judged_on_the_resident_set() {
    let language = languages::by_id("go").unwrap();
    let missing = language
        .tools
        .iter()
        .find_map(|t| build::probe(t).err().map(|e| e.to_string()));
    if let (Some(why), Ok(_)) = (&missing, std::env::var("ZUMA_REQUIRE_TOOLCHAINS")) {
        panic!("ZUMA_REQUIRE_TOOLCHAINS is set (as in .ci/run), but: {why}");
    }
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let put = |rel: &str, text: &str| {
        std::fs::create_dir_all(d.join(rel).parent().unwrap()).unwrap();
        std::fs::write(d.join(rel), text).unwrap();
    };
    let read = |rel: &str| std::fs::read_to_string(Path::new(ROOT).join(rel)).unwrap();
    put(
        "subs/accepted/churns_under_the_limit.go",
        &read("tests/fixtures/go_memory/churns_under_the_limit.go"),
    );
    put(
        "subs/memory_limit_exceeded/holds_1536_mib.go",
        &read("tests/fixtures/go_memory/holds_1536_mib.go"),
    );
    put(
        "cases.toml",
        "[[case]]\nname = \"example-1\"\nboard = \"WRRBBW\"\nhand = \"RB\"\n",
    );
    // Touching 1 GiB costs about 2 s of kernel CPU on a small virtual machine, near the
    // default 3 s CPU kill point once the machine is loaded: a CPU limit well above it keeps
    // the verdict the memory limit's.
    put(
        "judge.toml",
        "[limits]\ncpu_ms = 6000\n\n[sweep]\nmax_board = 0\nmax_hand = 0\n",
    );
    let out = judge()
        .args(["run", "--cases", "cases.toml", "--config", "judge.toml"])
        .args(["--solutions-dir", "subs", "--format", "json"])
        .args(["--solution", "churns_under_the_limit"])
        .args(["--solution", "holds_1536_mib"])
        .current_dir(d)
        .output()
        .unwrap();
    let report: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!("{e}: {}", String::from_utf8_lossy(&out.stderr));
    });
    let solutions = report["solutions"].as_array().unwrap();
    if let Some(why) = missing {
        let missing: Vec<&Value> = solutions.iter().map(|s| &s["toolchain_missing"]).collect();
        assert_eq!(missing, [&Value::Bool(true), &Value::Bool(true)], "{why}");
        return;
    }
    let got: Vec<String> = solutions
        .iter()
        .map(|s| format!("{} {}", s["name"], s["cases"][0]["verdict"]))
        .collect();
    assert_eq!(
        got,
        [
            r#""churns_under_the_limit" "AC""#,
            r#""holds_1536_mib" "MLE""#
        ]
    );
    assert_eq!(out.status.code(), Some(0));
}

/// Where `.ci/install-toolchains` puts Kotlin 1.9.23 (its `kotlinc` is linked into
/// `/usr/local/bin`, ahead of Debian's 1.3 on `PATH`).
const KOTLIN_1_9: &str = "/usr/local/lib/zuma-judge/kotlin-1.9.23";

/// `grade --format json` of one fixture of `tests/fixtures/newer_compilers/` on the statement's
/// examples, with `PATH` as given (the first `kotlinc` on it is the one that builds): the
/// submission's row of the report.
fn graded(file: &str, path: &str) -> Value {
    let out = judge()
        .env("PATH", path)
        .args([
            "grade",
            "--cases",
            "cases/statement.toml",
            "--format",
            "json",
        ])
        .arg(format!("tests/fixtures/newer_compilers/{file}"))
        .output()
        .unwrap();
    let report: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!("{e}: {}", String::from_utf8_lossy(&out.stderr));
    });
    report["solutions"][0].clone()
}

/// A Kotlin paste that needs Kotlin 1.4 (`DeepRecursiveFunction`, `minOfOrNull`), as public ones do:
/// built by Kotlin 1.9.23 it gets its true verdict, and the report names that compiler; built
/// by Debian's 1.3 (`PATH` without the 1.9.23 launcher) it is a compile error that says which
/// release it needs and which this machine has.
#[test]
#[ignore = "slow (about 30 s here: two Kotlin builds and a JVM judging); .ci/run runs it"]
fn a_kotlin_paste_for_1_4_is_judged_by_1_9_and_named_by_1_3() {
    let file = "deep_recursive_kotlin.kt";
    let new = Path::new(KOTLIN_1_9).join("bin/kotlinc");
    let required = std::env::var("ZUMA_REQUIRE_TOOLCHAINS").is_ok();
    if new.exists() {
        let path = format!("{KOTLIN_1_9}/bin:/usr/bin:/bin");
        let row = graded(file, &path);
        assert_eq!(
            row["toolchain"],
            "kotlinc-jvm 1.9.23 (kotlin-jupyter-kernel 0.12.0.322)"
        );
        assert_eq!(row["verdict"], "accepted", "{}", row["message"]);
        assert_eq!(row["counts"]["AC"], 4);
    } else {
        assert!(
            !required,
            "ZUMA_REQUIRE_TOOLCHAINS is set, but {new:?} is missing"
        );
    }
    if Path::new("/usr/bin/kotlinc").exists() {
        let row = graded(file, "/usr/bin:/bin");
        let toolchain = row["toolchain"].as_str().unwrap();
        let version = toolchain.split_whitespace().nth(2).unwrap();
        assert!(version.starts_with("1.3"), "{toolchain}");
        assert_eq!(row["verdict"], "compile_error");
        let message = row["message"].as_str().unwrap();
        assert_eq!(
            message.lines().next().unwrap(),
            format!(
                "`DeepRecursiveFunction` needs Kotlin ≥ 1.4, `callRecursive` needs Kotlin ≥ 1.4; this machine has Kotlin {version}"
            )
        );
        assert!(
            message.contains(&format!(
                "newer_compilers/{file}:7:22: error: unresolved reference: DeepRecursiveFunction"
            )),
            "{message}"
        );
    } else {
        assert!(
            !required,
            "ZUMA_REQUIRE_TOOLCHAINS is set, but Debian's kotlinc is missing"
        );
    }
}

/// A C# paste with a local function (C# 7, Roslyn), which mono's mcs has never compiled: a
/// compile error that says what it needs and which compiler this machine has, then mcs's own
/// errors.
#[test]
fn a_csharp_local_function_is_a_compile_error_naming_what_it_needs() {
    let mcs = languages::by_id("csharp").unwrap().tools[0];
    let row = graded("local_function_csharp.cs", &std::env::var("PATH").unwrap());
    let Ok(version) = build::probe(&mcs) else {
        assert!(std::env::var("ZUMA_REQUIRE_TOOLCHAINS").is_err(), "no mcs");
        assert_eq!(row["toolchain_missing"], true);
        return;
    };
    let version = version.rsplit(' ').next().unwrap();
    assert_eq!(row["verdict"], "compile_error");
    let message = row["message"].as_str().unwrap();
    let mut lines = message.lines();
    assert_eq!(
        lines.next().unwrap(),
        format!("local functions need C# 7.0 (Roslyn); this machine has Mono mcs {version}")
    );
    assert_eq!(
        lines.next().unwrap(),
        "tests/fixtures/newer_compilers/local_function_csharp.cs(7,15): error CS1525: Unexpected symbol `(', expecting `,', `;', or `='"
    );
}

#[test]
#[ignore = "slow (38 s here: scalac takes 7 s a file, then judges); .ci/run runs it"]
fn scala() {
    check(
        "scala",
        "tests/fixtures/languages/scala/compile_error/syntax_scala.scala:5: error:",
    );
}

#[test]
#[ignore = "slow (17 s here: compiles and judges); .ci/run runs it"]
fn erlang() {
    check(
        "erlang",
        "tests/fixtures/languages/erlang/compile_error/syntax_erlang.erl:4:5: syntax error",
    );
}

#[test]
#[ignore = "slow (19 s here: compiles and judges); .ci/run runs it"]
fn elixir() {
    check(
        "elixir",
        "tests/fixtures/languages/elixir/compile_error/syntax_elixir.ex:5:3:",
    );
}

#[test]
#[ignore = "slow (19 s here: compiles and judges); .ci/run runs it"]
fn racket() {
    check(
        "racket",
        "tests/fixtures/languages/racket/compile_error/syntax_racket.rkt:4:7: undefined-thing: unbound identifier",
    );
}

/// LeetCode runs Scala 3, Debian 12 has Scala 2.11: a paste in Scala 3's syntax and one that
/// uses Scala 2.13's library (`scala.util.chaining`, as a public paste for this problem does)
/// are compile errors that say what they need and what the machine has, before any build; a
/// paste whose entry point is missing says so. Without scalac, all are compile errors still
/// (the text decides), and the run is not incomplete for them.
#[test]
fn scala_pastes_that_need_a_newer_scala_say_so() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let read = |rel: &str| std::fs::read_to_string(Path::new(ROOT).join(rel)).unwrap();
    let put = |rel: &str, text: &str| {
        std::fs::create_dir_all(d.join(rel).parent().unwrap()).unwrap();
        std::fs::write(d.join(rel), text).unwrap();
    };
    for name in ["scala3_braceless_scala", "chaining_scala"] {
        put(
            &format!("subs/compile_error/{name}.scala"),
            &read(&format!("tests/fixtures/scala_versions/{name}.scala")),
        );
    }
    put(
        "subs/compile_error/misspelt_scala.scala",
        "object Solution {\n  def findMinSteps(board: String, hand: String): Int = -1\n}\n",
    );
    let out = judge()
        .args(["run", "--cases"])
        .arg(Path::new(ROOT).join("cases/statement.toml"))
        .args(["--solutions-dir", "subs", "--format", "json"])
        .args([
            "--solution",
            "chaining_scala",
            "--solution",
            "misspelt_scala",
        ])
        .args(["--solution", "scala3_braceless_scala"])
        .current_dir(d)
        .output()
        .unwrap();
    let report: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!("{e}: {}", String::from_utf8_lossy(&out.stderr));
    });
    let got: Vec<(String, String, String)> = report["solutions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let f = |k: &str| s[k].as_str().unwrap_or("").to_string();
            (f("name"), f("verdict"), f("message"))
        })
        .collect();
    let row = |n: &str, m: &str| (n.to_string(), "compile_error".to_string(), m.to_string());
    assert_eq!(
        got,
        [
            row("chaining_scala", "this paste needs Scala 2.13 or 3 (`scala.util.chaining`, line 3); this machine has Scala 2.11.12 (Debian 12's scala package), whose library lacks it"),
            row("misspelt_scala", "no entry point: object Solution has no method findMinStep; found findMinSteps — did you mean it?"),
            row("scala3_braceless_scala", "this paste needs Scala 3 (a definition opened by `:` instead of a brace, line 3); this machine has Scala 2.11.12 (Debian 12's scala package), which has no Scala 3: write it with braces and Scala 2 syntax"),
        ]
    );
    assert_eq!(out.status.code(), Some(0));
}

/// Swift and Dart have no Debian package: a pasted file in either is taken by `grade` (not
/// skipped as an unknown extension), never built, and not judged, with the reason in every
/// row; the grade is incomplete (exit 3). `list --languages` names both, and Python 2, with it.
#[test]
fn languages_without_a_debian_package_are_not_judged() {
    let out = judge()
        .args(["grade", "tests/fixtures/unpackaged", "--cases"])
        .args(["cases/statement.toml", "--format", "json"])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!("{e}: {}", String::from_utf8_lossy(&out.stderr));
    });
    let rows: Vec<Value> = v["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| serde_json::json!([s["student"], s["language"], s["verdict"], s["reason"]]))
        .collect();
    assert_eq!(
        rows,
        [
            serde_json::json!([
                "dart_bfs",
                "dart",
                "not_judged",
                "not judged: no toolchain for Dart on this machine (Debian packages none)"
            ]),
            serde_json::json!([
                "swift_bfs",
                "swift",
                "not_judged",
                "not judged: no toolchain for Swift on this machine (Debian packages none)"
            ]),
        ]
    );
    assert_eq!(v["skipped"], serde_json::json!([]));
    assert_eq!(out.status.code(), Some(3));
    let out = judge()
        .args(["list", "--languages", "--format", "json"])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let none: Vec<(String, String)> = v["languages"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["toolchains"][0]["program"] == "none")
        .map(|l| {
            let missing = l["toolchains"][0]["missing"].as_str().unwrap();
            (l["id"].as_str().unwrap().to_string(), missing.to_string())
        })
        .collect();
    let row = |id: &str, name: &str| {
        (
            id.to_string(),
            format!("no toolchain for {name} on this machine (Debian packages none): not judged"),
        )
    };
    assert_eq!(
        none,
        [
            row("dart", "Dart"),
            row("python2", "Python 2"),
            row("swift", "Swift")
        ]
    );
}

/// Judges each `(path under subs/, language id, text)` of `files` by `run` on example 1 under
/// `judge_toml`: one row per submission, `row` of its report, or `"NAME" true` when its
/// language's toolchain is missing (then the flag is set; a failure under
/// `ZUMA_REQUIRE_TOOLCHAINS`).
fn judged_pastes(
    files: &[(String, &str, String)],
    judge_toml: &str,
    row: &dyn Fn(&Value) -> String,
) -> (Vec<String>, Vec<bool>) {
    let missing: Vec<Option<String>> = files
        .iter()
        .map(|(_, id, _)| {
            languages::by_id(id)
                .unwrap()
                .tools
                .iter()
                .find_map(|t| build::probe(t).err().map(|e| e.to_string()))
        })
        .collect();
    if let (Some(why), Ok(_)) = (
        missing.iter().flatten().next(),
        std::env::var("ZUMA_REQUIRE_TOOLCHAINS"),
    ) {
        panic!("ZUMA_REQUIRE_TOOLCHAINS is set (as in .ci/run), but: {why}");
    }
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let put = |rel: &str, text: &str| {
        std::fs::create_dir_all(d.join(rel).parent().unwrap()).unwrap();
        std::fs::write(d.join(rel), text).unwrap();
    };
    for (file, _, text) in files {
        put(&format!("subs/{file}"), text);
    }
    put(
        "cases.toml",
        "[[case]]\nname = \"example-1\"\nboard = \"WRRBBW\"\nhand = \"RB\"\n",
    );
    put("judge.toml", judge_toml);
    let mut cmd = judge();
    cmd.args(["run", "--cases", "cases.toml", "--config", "judge.toml"])
        .args(["--solutions-dir", "subs", "--format", "json"])
        .current_dir(d);
    for (file, _, _) in files {
        let stem = Path::new(file).file_stem().unwrap().to_str().unwrap();
        cmd.args(["--solution", stem]);
    }
    let out = cmd.output().unwrap();
    let report: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!("{e}: {}", String::from_utf8_lossy(&out.stderr));
    });
    let rows = report["solutions"]
        .as_array()
        .unwrap()
        .iter()
        .zip(&missing)
        .map(|(s, missing)| match missing {
            Some(_) => format!("{} {}", s["name"], s["toolchain_missing"]),
            None => row(s),
        })
        .collect();
    (rows, missing.iter().map(Option::is_some).collect())
}

/// The BEAM and Racket reserve address space they never use, so their workers get a reserve on
/// top of the limit, and their memory is judged on the resident set (and, inside, on a call's
/// capped heap or custodian): a submission that holds gigabytes is MLE in Erlang, Elixir and
/// Racket, not a crash. Without their toolchains, each gets the "not found" verdict.
#[test]
#[ignore = "slow (6 s here: compiles and judges); .ci/run runs it"]
fn beam_and_racket_memory_is_judged_as_memory() {
    let files = [
        ("hog_elixir.ex", "elixir"),
        ("hog_erlang.erl", "erlang"),
        ("hog_racket.rkt", "racket"),
    ]
    .map(|(file, id)| {
        let text = std::fs::read_to_string(
            Path::new(ROOT)
                .join("tests/fixtures/memory_hogs")
                .join(file),
        )
        .unwrap();
        (format!("memory_limit_exceeded/{file}"), id, text)
    });
    let (got, missing) = judged_pastes(
        &files,
        "[limits]\nmemory_mib = 256\ncpu_ms = 6000\n\n[sweep]\nmax_board = 0\nmax_hand = 0\n",
        &|s| format!("{} {}", s["name"], s["cases"][0]["verdict"]),
    );
    let want: Vec<String> = ["hog_elixir", "hog_erlang", "hog_racket"]
        .iter()
        .zip(missing)
        .map(|(n, missing)| match missing {
            true => format!("\"{n}\" true"),
            false => format!("\"{n}\" \"MLE\""),
        })
        .collect();
    assert_eq!(got, want);
}

/// An answer outside a 32-bit `int` is a `bad_return` in the BEAM and Racket harnesses (their
/// integers have no bound), shown as its digits, a long one is cut between characters, and an Elixir exception whose message is not
/// UTF-8 is still a reply of the protocol, its bad bytes as U+FFFD. Without their toolchains,
/// each gets the "not found" verdict.
#[test]
#[ignore = "slow (10 s here: compiles and judges); .ci/run runs it"]
fn beam_and_racket_answers_beyond_an_int_are_bad_returns() {
    let files = [
        ("big_erlang.erl", "erlang", "-spec find_min_step(Board :: unicode:unicode_binary(), Hand :: unicode:unicode_binary()) -> integer().\nfind_min_step(_Board, _Hand) ->\n  1 bsl 70.\n"),
        ("accents_erlang.erl", "erlang", "-spec find_min_step(Board :: unicode:unicode_binary(), Hand :: unicode:unicode_binary()) -> integer().\nfind_min_step(_Board, _Hand) ->\n  unicode:characters_to_binary(lists:duplicate(120, 233)).\n"),
        ("big_elixir.ex", "elixir", "defmodule Solution do\n  @spec find_min_step(board :: String.t, hand :: String.t) :: integer\n  def find_min_step(_board, _hand) do\n    Bitwise.bsl(1, 70)\n  end\nend\n"),
        ("bytes_elixir.ex", "elixir", "defmodule Solution do\n  @spec find_min_step(board :: String.t, hand :: String.t) :: integer\n  def find_min_step(_board, _hand) do\n    raise(<<255, 65>>)\n  end\nend\n"),
        ("big_racket.rkt", "racket", "(define/contract (find-min-step board hand)\n  (-> string? string? exact-integer?)\n  (- -1 (expt 2 31)))\n"),
    ]
    .map(|(file, id, text)| (format!("run_time_error/{file}"), id, text.to_string()));
    let (got, missing) = judged_pastes(&files, "[sweep]\nmax_board = 0\nmax_hand = 0\n", &|s| {
        format!("{} {}", s["cases"][0]["verdict"], s["cases"][0]["message"])
    });
    // Cut at 100 characters, not inside the 2 bytes of an é.
    let accents = format!(
        "\"RE\" \"RE: malformed reply: returned <<\\\"{}, not an integer\"",
        "é".repeat(97)
    );
    let want = [
        (
            "big_erlang",
            "\"RE\" \"RE: malformed reply: returned 1180591620717411303424, not an integer\"",
        ),
        ("accents_erlang", accents.as_str()),
        (
            "big_elixir",
            "\"RE\" \"RE: malformed reply: returned 1180591620717411303424, not an integer\"",
        ),
        (
            "bytes_elixir",
            "\"RE\" \"RE: raised RuntimeError: \u{FFFD}A (line 4)\"",
        ),
        (
            "big_racket",
            "\"RE\" \"RE: malformed reply: returned -2147483649, not an integer\"",
        ),
    ];
    let want: Vec<String> = want
        .iter()
        .zip(missing)
        .map(|((name, row), missing)| match missing {
            true => format!("\"{name}\" true"),
            false => row.to_string(),
        })
        .collect();
    assert_eq!(got, want);
}
