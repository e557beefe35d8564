//! Helpers shared by the CLI tests.

use std::path::Path;

use assert_cmd::Command;

/// The built `zuma-judge`, run from the project root, with its build cache under `target/`.
pub fn judge() -> Command {
    let mut c = Command::cargo_bin("zuma-judge").unwrap();
    // Every test judges for real: the verdict cache would replay a submission another test
    // (or an earlier `cargo test`) judged, and its sandbox and limits would go untested.
    c.current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("ZUMA_JUDGE_CACHE", test_cache())
        .env("ZUMA_JUDGE_REJUDGE", "1");
    c
}

/// A fixture of `tests/fixtures/languages/<lang>/<folder>/<file>`, as text.
pub fn fixture(lang: &str, folder: &str, file: &str) -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(format!("tests/fixtures/languages/{lang}/{folder}/{file}")),
    )
    .unwrap()
}

/// Writes `text` to `root/rel`, creating its folders.
pub fn write(root: &Path, rel: &str, text: &str) {
    let p = root.join(rel);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, text).unwrap();
}

/// A finished command's exit code, standard output and standard error (lossy UTF-8).
pub fn outcome(out: &std::process::Output) -> (Option<i32>, String, String) {
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

/// The build cache the tests share: `target/test-build-cache`.
pub fn test_cache() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/test-build-cache")
}

/// Insta settings that blank out timings (`12.34`, `12.3 ms`) so snapshots are stable.
pub fn settings() -> insta::Settings {
    let mut s = insta::Settings::clone_current();
    s.add_filter(r"\d+\.\d+ ms", "[ms] ms");
    // Toolchain versions are the machine's; how many builds the cache held depends on earlier runs.
    s.add_filter(r"(?m)^toolchains: .*$", "toolchains: [versions]");
    // What the sandbox enforces depends on the machine (root or a user namespace, Landlock).
    s.add_filter(r"(?m)^sandbox: .*$", "sandbox: [state]");
    s.add_filter(
        r#"<property name="sandbox" value="[^"]*"/>"#,
        r#"<property name="sandbox" value="[state]"/>"#,
    );
    s.add_filter(
        r"(?m)^builds: (\d+) submissions?, \d+ from the cache, .*$",
        "builds: $1 [cached, s]",
    );
    s.add_filter(
        r#""(time_ms|total_ms|max_ms|oracle_ms)": \d+(\.\d+)?(e-?\d+)?"#,
        "\"$1\": [ms]",
    );
    s.add_filter(r"  +\d+\.\d{2}  +\d+\.\d{2} \|", "  [total ms]  [max ms] |");
    // Table widths follow the widest timing, so rules and the header's tail vary too.
    s.add_filter(r"(?m)^\+[-=]+\+$", "+[rule]+");
    s.add_filter(r"  +total ms  +max ms \|", "  total ms  max ms |");
    // The timing section is all measurements (and which case is slowest among equals is noise).
    s.add_filter(r"(?s)\nTiming \(CPU time.*?\n\n", "\n[timing section]\n\n");
    s.add_filter(r"(?s)\nVerdicts within a factor.*?\n\n", "\n");
    // Whether a TLE came from the CPU or the wall limit depends on how busy the machine is.
    s.add_filter(
        r"over the (CPU|wall) \d+ ms limit",
        "over the [CPU or wall] limit",
    );
    s
}
