//! Registers the drop-in solutions: every `solutions/<verdict>/<name>.rs` becomes a module behind
//! the `Solution` trait (see `src/registry.rs`). Its name is the file stem, its expected verdict
//! the folder, its source the leading `//!` text.
//!
//! A pasted LeetCode submission is `impl Solution { .. }` with no `struct Solution;`, and its
//! `//!` lines cannot be `include!`d. So each file is copied to `OUT_DIR/solutions/<verdict>/`
//! with `//!` turned into `// ` and `pub struct Solution;` put in front of line 1: line numbers
//! stay those of the original, and a compile error points at `<verdict>/<name>.rs:LINE`.

use std::fmt::Write as _;
use std::fs;
use std::path::PathBuf;

const FOLDERS: [(&str, &str); 5] = [
    ("accepted", "Accepted"),
    ("wrong_answer", "WrongAnswer"),
    ("time_limit_exceeded", "TimeLimitExceeded"),
    ("run_time_error", "RunTimeError"),
    ("memory_limit_exceeded", "MemoryLimitExceeded"),
];

/// Languages run by an adapter in a worker (see `src/adapter.rs`), not compiled in.
const SCRIPT_EXTENSIONS: [&str; 2] = ["py", "js"];

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap()).join("solutions");
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    println!("cargo:rerun-if-changed=solutions");
    let mut modules = String::new();
    let mut entries = String::new();
    let mut scripts = String::new();
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
            if ext != "rs" && !SCRIPT_EXTENSIONS.contains(&ext.as_str()) {
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
                fail(&format!("{shown}: the file name must be a lowercase identifier (a-z, 0-9, _), e.g. my_solution.{ext}"));
            }
            if let Some((_, other)) = seen.iter().find(|(n, _)| *n == stem) {
                fail(&format!("{shown}: the name '{stem}' is taken by {other}; solution names are file stems and must be unique"));
            }
            seen.push((stem.clone(), shown.clone()));
            let text = fs::read_to_string(&file)
                .unwrap_or_else(|e| fail(&format!("{shown}: cannot read: {e}")));
            let doc_prefix = if ext == "rs" {
                "//!"
            } else if ext == "py" {
                "#"
            } else {
                "//"
            };
            let source = leading_doc(&text, doc_prefix);
            let abs = file.canonicalize().unwrap();
            if ext == "rs" {
                let module = format!("{folder_name}__{stem}");
                let copy = out
                    .join("solutions")
                    .join(&folder_name)
                    .join(format!("{stem}.rs"));
                fs::create_dir_all(copy.parent().unwrap()).unwrap();
                fs::write(&copy, adapt(&text)).unwrap();
                writeln!(
                    modules,
                    "#[allow(warnings, clippy::all, non_snake_case)]\nmod {module} {{ include!({:?}); }}",
                    copy.display().to_string()
                )
                .unwrap();
                writeln!(
                    entries,
                    "    Registered {{ name: {stem:?}, expected: ExpectedVerdict::{variant}, source: {source:?}, path: {shown:?}, call: {module}::Solution::find_min_step }},"
                )
                .unwrap();
            } else {
                writeln!(
                    scripts,
                    "    ScriptEntry {{ name: {stem:?}, expected: ExpectedVerdict::{variant}, source: {source:?}, path: {shown:?}, file: {:?}, language: {ext:?} }},",
                    abs.display().to_string()
                )
                .unwrap();
            }
        }
    }
    let code = format!(
        "{modules}\n/// Every compiled drop-in solution, in folder then file-name order.\npub static COMPILED: &[Registered] = &[\n{entries}];\n\n/// Every script solution (Python, JavaScript), in folder then file-name order.\npub static SCRIPTS: &[ScriptEntry] = &[\n{scripts}];\n"
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

/// The submission with `//!` made plain comments and `pub struct Solution;` on line 1, line
/// numbers unchanged. A file that declares its own `struct Solution` keeps it.
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
    if declares {
        body
    } else {
        format!("pub struct Solution; {body}\n")
    }
}

fn fail(message: &str) -> ! {
    eprintln!("error: {message}");
    println!("cargo:warning={message}");
    std::process::exit(1);
}
