//! Helpers shared by the CLI tests.

use assert_cmd::Command;

/// The built `zuma-judge`, run from the project root.
pub fn judge() -> Command {
    let mut c = Command::cargo_bin("zuma-judge").unwrap();
    c.current_dir(env!("CARGO_MANIFEST_DIR"));
    c
}

/// Insta settings that blank out timings (`12.34`, `12.3 ms`) so snapshots are stable.
pub fn settings() -> insta::Settings {
    let mut s = insta::Settings::clone_current();
    s.add_filter(r"\d+\.\d+ ms", "[ms] ms");
    s.add_filter(
        r#""(time_ms|total_ms|max_ms|oracle_ms)": \d+(\.\d+)?(e-?\d+)?"#,
        "\"$1\": [ms]",
    );
    s.add_filter(r"  +\d+\.\d{2}  +\d+\.\d{2} \|", "  [total ms]  [max ms] |");
    s
}
