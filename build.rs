//! Registers the drop-in solutions: every `solutions/<verdict>/<name>.rs` becomes a module behind
//! the `Solution` trait (see `src/submission/registry.rs`). Its name is the file stem, its
//! expected verdict the folder, its source the leading `//!` text. Each file is first compiled
//! on its own (`rustc --emit=metadata`): one that does not compile is registered as a compile
//! error with rustc's message, and every other solution still builds. Files in other languages
//! are only checked here (folder and name); the judge reads and builds them when it runs
//! (`src/submission/pasted.rs`, `src/submission/languages/`).
//!
//! A pasted LeetCode submission is `impl Solution { .. }` with no `struct Solution;`, and its
//! `//!` lines cannot be `include!`d. So each file is copied to `OUT_DIR/solutions/<verdict>/`
//! with `//!` turned into `// ` and `pub struct Solution;` put in front of line 1: line numbers
//! stay those of the original, and a compile error points at `<verdict>/<name>.rs:LINE`.

use std::fmt::Write as _;
use std::fs;
use std::path::PathBuf;

#[path = "src/submission/expected_results.rs"]
#[allow(dead_code)]
mod expected_results;

#[path = "src/submission/reaches_out.rs"]
mod reaches_out;

/// Each verdict folder and the `ExpectedVerdict` it stands for (Kattis' `rejected/`: anything
/// but AC).
const FOLDERS: [(&str, &str); 7] = [
    ("accepted", "One(VerdictKind::Accepted)"),
    ("rejected", "Rejected"),
    ("wrong_answer", "One(VerdictKind::WrongAnswer)"),
    ("time_limit_exceeded", "One(VerdictKind::TimeLimitExceeded)"),
    ("run_time_error", "One(VerdictKind::RunTimeError)"),
    (
        "memory_limit_exceeded",
        "One(VerdictKind::MemoryLimitExceeded)",
    ),
    ("compile_error", "One(VerdictKind::CompileError)"),
];

/// Files in `solutions/` that are not submissions.
const NOT_SUBMISSIONS: [&str; 3] = ["md", "txt", "toml"];

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap()).join("solutions");
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    println!("cargo:rerun-if-changed=solutions");
    let mut modules = String::new();
    let mut entries = String::new();
    let mut broken = String::new();
    let mut rust: Vec<RustFile> = Vec::new();
    let mut seen: Vec<(String, String)> = Vec::new();
    let mut folders: Vec<PathBuf> = match fs::read_dir(&root) {
        Ok(rd) => rd
            .filter_map(|e| e.ok())
            .map(|e| e.path())
            .filter(|p| p.is_dir())
            .collect(),
        Err(_) => Vec::new(),
    };
    folders.sort();
    for folder in folders {
        let folder_name = folder.file_name().unwrap().to_string_lossy().to_string();
        println!("cargo:rerun-if-changed={}", folder.display());
        let Some(&(_, variant)) = FOLDERS.iter().find(|(f, _)| *f == folder_name) else {
            fail(&format!(
                "solutions/{folder_name}/: not a verdict folder; use one of {}",
                FOLDERS.map(|f| f.0).join(", ")
            ));
        };
        let mut files: Vec<PathBuf> = fs::read_dir(&folder)
            .unwrap()
            .filter_map(|e| e.ok())
            .map(|e| e.path())
            .filter(|p| p.is_file())
            .collect();
        files.sort();
        for file in files {
            let shown = format!(
                "solutions/{folder_name}/{}",
                file.file_name().unwrap().to_string_lossy()
            );
            let ext = file
                .extension()
                .map(|e| e.to_string_lossy().to_string())
                .unwrap_or_default();
            let hidden = file.file_name().unwrap().to_string_lossy().starts_with('.');
            if hidden || NOT_SUBMISSIONS.contains(&ext.as_str()) {
                continue;
            }
            println!("cargo:rerun-if-changed={}", file.display());
            let stem = file.file_stem().unwrap().to_string_lossy().to_string();
            if stem.is_empty()
                || !stem
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
                || stem.starts_with(|c: char| c.is_ascii_digit())
            {
                fail(&format!("{shown}: the file name must be a lowercase identifier (a-z, 0-9, _; not starting with a digit), e.g. my_solution.{ext}"));
            }
            if let Some((_, other)) = seen.iter().find(|(n, _)| *n == stem) {
                fail(&format!("{shown}: the name '{stem}' is taken by {other}; solution names are file stems and must be unique"));
            }
            seen.push((stem.clone(), shown.clone()));
            let text = fs::read_to_string(&file)
                .unwrap_or_else(|e| fail(&format!("{shown}: cannot read: {e}")));
            // A DOMjudge list in the file says more than its folder.
            let listed = match expected_results::parse(&text) {
                Ok(Some((names, _))) => Some(names),
                Ok(None) => None,
                Err(bad) => fail(&format!("{shown} line {}: {}", bad.line, bad.message)),
            };
            let variant: &str = match listed {
                None => variant,
                Some(names) => {
                    let mut set = "AnyOf(crate::judge::verdict::VerdictSet::EMPTY".to_string();
                    for n in names {
                        let kind = FOLDERS
                            .iter()
                            .find(|(f, _)| *f == n)
                            .and_then(|(_, v)| v.strip_prefix("One("))
                            .and_then(|v| v.strip_suffix(')'))
                            .expect("a verdict folder for every result");
                        write!(set, ".with({kind})").unwrap();
                    }
                    set.push(')');
                    Box::leak(set.into_boxed_str())
                }
            };
            // Another language is only checked here: it is read and built when the judge runs.
            if ext == "rs" {
                let relative = format!("solutions/{folder_name}/{stem}.rs");
                let copy = out.join(&relative);
                fs::create_dir_all(copy.parent().unwrap()).unwrap();
                fs::write(&copy, adapt(&reaches_out::without_tests(&text))).unwrap();
                rust.push(RustFile {
                    module: format!("{folder_name}__{stem}"),
                    stem,
                    variant,
                    source: leading_doc(&text, "//!"),
                    shown,
                    relative,
                    copy,
                });
            }
        }
    }
    let checks: Vec<Result<(), String>> = check_each(&rust, &out)
        .into_iter()
        .zip(&rust)
        .map(
            |(check, f)| match reaches_out::reaches_out(&fs::read_to_string(&f.copy).unwrap()) {
                Some((line, what)) => Err(format!("{}:{line}: {what}", f.shown)),
                None => check,
            },
        )
        .collect();
    for (f, check) in rust.iter().zip(checks) {
        let RustFile {
            module,
            stem,
            variant,
            source,
            shown,
            copy,
            ..
        } = f;
        match check {
            Ok(()) => {
                writeln!(
                    modules,
                    "{}",
                    module_of(module, &copy.display().to_string())
                )
                .unwrap();
                writeln!(
                    entries,
                    "    Registered {{ name: {stem:?}, expected: ExpectedVerdict::{variant}, source: {source:?}, path: {shown:?}, call: {module}::{ENTRY} }},"
                )
                .unwrap();
            }
            Err(message) => {
                println!("cargo:warning={shown} does not compile on its own, or reaches outside its file; it is registered as a compile error");
                writeln!(
                    broken,
                    "    Uncompiled {{ name: {stem:?}, expected: ExpectedVerdict::{variant}, source: {source:?}, path: {shown:?}, message: {message:?} }},"
                )
                .unwrap();
            }
        }
    }
    let code = format!(
        "{modules}\n/// Every compiled drop-in solution, in folder then file-name order.\npub static COMPILED: &[Registered] = &[\n{entries}];\n\n/// Every Rust solution that does not compile on its own, with rustc's message.\npub static UNCOMPILED: &[Uncompiled] = &[\n{broken}];\n"
    );
    fs::write(out.join("registry.rs"), code).unwrap();
}

/// The leading comment block (lines starting with `prefix`), joined with spaces.
fn leading_doc(text: &str, prefix: &str) -> String {
    let mut lines = Vec::new();
    for line in text.lines() {
        let t = line.trim_start();
        if let Some(rest) = t.strip_prefix(prefix) {
            lines.push(rest.trim().to_string());
        } else if t.is_empty() && lines.is_empty() {
            continue;
        } else {
            break;
        }
    }
    lines.join(" ").trim().to_string()
}

/// The function each module gets after the paste, so that a `find_min_step` that is not `pub`
/// (LeetCode accepts one) can be called from outside the module.
const ENTRY: &str = "__zuma_judge_entry";

/// A Rust solution on its way to the registry.
struct RustFile {
    module: String,
    stem: String,
    variant: &'static str,
    source: String,
    shown: String,
    /// `solutions/<verdict>/<name>.rs`, under `OUT_DIR`.
    relative: String,
    copy: PathBuf,
}

/// Compiles each adapted copy on its own, in parallel: `Err(rustc's message)` for one that does
/// not compile. rustc runs in `OUT_DIR` on a crate of one module that includes the relative
/// path, so its messages name `solutions/<verdict>/<name>.rs` and the line as pasted. Each
/// copy is checked as each build of the judge sees it ([`CONFIGURATIONS`]), so code under
/// `#[cfg(not(debug_assertions))]` cannot break one of them.
fn check_each(files: &[RustFile], out: &std::path::Path) -> Vec<Result<(), String>> {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    std::thread::scope(|scope| {
        let handles: Vec<_> = files
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let rustc = &rustc;
                scope.spawn(move || {
                    // Compiled as the judge compiles it: a module around `include!`. The crate
                    // root is named relative to `OUT_DIR`, so rustc names the included file as
                    // `solutions/<verdict>/<name>.rs`.
                    let root = format!("check-{i}.rs");
                    fs::write(out.join(&root), module_of("m", &f.relative)).unwrap();
                    CONFIGURATIONS
                        .iter()
                        .try_for_each(|cfg| check_one(rustc, f, out, &root, cfg))
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    })
}

/// The module a drop-in becomes, in the registry and in its check alike. A doc comment's code
/// block in it is no doctest of the judge's (`cargo test --doc` would run it outside the
/// sandbox, linked to the judge's library): when rustdoc collects doctests, the module is a
/// stub.
fn module_of(module: &str, path: &str) -> String {
    format!(
        "#[cfg(not(doctest))]\n#[allow(warnings, clippy::all, non_snake_case)]\nmod {module} {{ include!({path:?}); }}\n\
         #[cfg(doctest)]\nmod {module} {{ pub fn {ENTRY}(_: String, _: String) -> i32 {{ unreachable!() }} }}"
    )
}

/// The builds a drop-in is part of, as rustc flags: `cargo build --release` and `cargo build`
/// (`cargo test` builds the library as `cargo build` does; a drop-in may carry no tests, see
/// `reaches_out`), `cargo clippy` and `cargo doc`.
const CONFIGURATIONS: [&[&str]; 4] = [
    &["-C", "debug-assertions=off"],
    &["-C", "debug-assertions=on"],
    &["-C", "debug-assertions=on", "--cfg", "clippy"],
    &["-C", "debug-assertions=on", "--cfg", "doc"],
];

/// One copy, through its crate root `root` in `out`, checked under one configuration.
fn check_one(
    rustc: &str,
    f: &RustFile,
    out: &std::path::Path,
    root: &str,
    cfg: &[&str],
) -> Result<(), String> {
    let meta = out.join(std::path::Path::new(root).with_extension("rmeta"));
    let result = std::process::Command::new(rustc)
        .current_dir(out)
        .args([
            "--edition",
            "2021",
            "--crate-type",
            "lib",
            "--emit=metadata",
        ])
        .args([
            "-A",
            "warnings",
            "--color",
            "never",
            "--crate-name",
            "solution",
        ])
        .args(cfg)
        .arg("-o")
        .arg(&meta)
        .arg(root)
        .output();
    match result {
        Ok(o) if o.status.success() => Ok(()),
        Ok(o) => Err(String::from_utf8_lossy(&o.stderr).trim_end().to_string()),
        Err(e) => fail(&format!("cannot run {rustc} to check {}: {e}", f.shown)),
    }
}

/// The submission with `//!` made plain comments, `pub struct Solution;` on line 1 and the
/// entry function after the last line, line numbers unchanged. A file that declares its own
/// `struct Solution` keeps it.
fn adapt(text: &str) -> String {
    let body: String = text
        .lines()
        .map(|l| {
            let t = l.trim_start();
            match t.strip_prefix("//!") {
                Some(rest) => format!("{}// {rest}", &l[..l.len() - t.len()]),
                None => l.to_string(),
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    let declares = body.lines().any(|l| {
        let t = l.trim_start();
        t.starts_with("struct Solution") || t.starts_with("pub struct Solution")
    });
    let entry = format!(
        "\npub fn {ENTRY}(board: String, hand: String) -> i32 {{ Solution::find_min_step(board, hand) }}\n"
    );
    if declares {
        format!("{body}{entry}")
    } else {
        format!("pub struct Solution; {body}{entry}")
    }
}

fn fail(message: &str) -> ! {
    eprintln!("error: {message}");
    println!("cargo:warning={message}");
    std::process::exit(1);
}
