//! Go, as LeetCode's: a free function `func findMinStep(board string, hand string) int` with no
//! `package` clause and no imports of standard packages (LeetCode adds both), built by
//! `go build` with the harness (`harness/go.go`) as a second file of package main.
//!
//! The paste is written after `package main`, the imports it needs and a `//line` directive
//! naming its shown path at line 1, so errors and panics carry the file and line as pasted. The
//! imports are found here, in the text: every standard package of [`PACKAGES`] used as
//! `name.Member`, not imported by the paste itself and not a top-level name of the paste. Each
//! is also used once after the paste's last line (`var _ = sort.Ints`), so a guess that was
//! wrong (a local variable called `list`) does not make an "imported and not used" error.

use std::path::Path;

use crate::cases::config::Limits;
use crate::submission::language::{diagnose_function, Language, Paste, Recipe, Tool};
use crate::submission::worker::Launch;

/// The harness: `main`, in its own file of package main.
const HARNESS: &str = include_str!("harness/go.go");

/// Standard packages LeetCode's Go imports implicitly, as `(name, import path, a member)`: the
/// member is what the file uses once so the import is never unused.
pub const PACKAGES: &[(&str, &str, &str)] = &[
    ("bits", "math/bits", "OnesCount"),
    ("bufio", "bufio", "NewReader"),
    ("bytes", "bytes", "Equal"),
    ("errors", "errors", "New"),
    ("fmt", "fmt", "Sprint"),
    ("heap", "container/heap", "Init"),
    ("list", "container/list", "New"),
    ("math", "math", "Abs"),
    ("os", "os", "Exit"),
    ("rand", "math/rand", "Intn"),
    ("reflect", "reflect", "TypeOf"),
    ("regexp", "regexp", "MustCompile"),
    ("ring", "container/ring", "New"),
    ("sort", "sort", "Ints"),
    ("strconv", "strconv", "Itoa"),
    ("strings", "strings", "Split"),
    ("sync", "sync", "NewCond"),
    ("time", "time", "Now"),
    ("unicode", "unicode", "IsDigit"),
    ("utf8", "unicode/utf8", "RuneLen"),
];

/// Go 1.21's built-in `min` and `max`, for a Go older than that (Debian 12 has 1.19), written
/// into the build only when the paste calls them and does not declare its own.
const MIN_MAX: &str = "package main

type zumaJudgeOrdered interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 |
		~uintptr | ~float32 | ~float64 | ~string
}
";

/// The row.
pub static GO: Language = Language {
    id: "go",
    name: "Go",
    extensions: &["go"],
    comment: "//",
    signature: "func findMinStep(board string, hand string) int {\n    \n}",
    entry_markers: &["funcfindMinStep("],
    adapt: adapt_package_clause,
    tools: &[Tool {
        program: "go",
        version_args: &["version"],
        package: "golang-go",
    }],
    provenance: "LeetCode's help article \"What are the environments for the programming languages?\" (Go 1.23 with the github.com/emirpasic/gods v1.18.1 and v2.0.0-alpha libraries, as quoted in a LeetCode problem dump in the code corpus; Go 1.18 with gods v1.18.1 in LeetCode's question API `envInfo` in the localeet test data); LeetCode's Go editor holds no `package` clause and no imports of standard packages, which LeetCode adds. Differences here: Debian's Go 1.19 (no `slices`, `maps` or `cmp` packages: a paste that uses them is a CE; the built-in `min` and `max` of Go 1.21 are provided as generic functions unless the paste declares its own); gods is not available; the implicit imports are the standard packages of `PACKAGES` in languages/go.rs, found by name in the text rather than by goimports",
    diagnose: |text| package_clause(text).or_else(|| diagnose_function(text, "findMinStep")),
    explain: crate::submission::language::no_explanation,
    recipe,
    launch,
};

/// Editorials show whole Go programs, `package main` and `func main()` included; LeetCode's
/// editor holds neither, the recipe writes its own package clause and the harness its own
/// `main`. So the paste's clause becomes a blank line and its `main` is renamed `_` (a function
/// Go compiles and nothing calls), every line where it was.
fn adapt_package_clause(text: &str) -> Option<String> {
    let clause = package_line(text)?;
    let adapted: Vec<String> = text
        .lines()
        .enumerate()
        .map(|(i, l)| match l.strip_prefix("func main(") {
            _ if i == clause => String::new(),
            Some(rest) => format!("func _({rest}"),
            None => l.to_string(),
        })
        .collect();
    Some(adapted.join("\n") + "\n")
}

/// The line (from 0) of a `package main` clause with only comments and blank lines before it.
fn package_line(text: &str) -> Option<usize> {
    let clause = text.lines().position(|l| l.trim() == "package main")?;
    text.lines()
        .take(clause)
        .all(|l| l.trim().is_empty() || l.trim_start().starts_with("//"))
        .then_some(clause)
}

/// A whole program's `package main` in a submission, which LeetCode's editor does not hold.
fn package_clause(text: &str) -> Option<String> {
    let line = package_line(text)? + 1;
    Some(format!(
        "line {line}: `package main`: LeetCode's Go editor holds no package clause (LeetCode \
         writes it, and `main`); remove the clause and any `func main`"
    ))
}

/// `solution.go` (package clause, imports, `//line`, paste, uses), `harness.go`, and
/// `builtins.go` when the paste needs `min` or `max`; built with modules off and the build
/// cache shared next to the builds.
fn recipe(paste: &Paste) -> Recipe {
    let code = code_only(paste.text);
    let declared = top_level_names(&code);
    let imported = imported_names(paste.text);
    let needed: Vec<_> = PACKAGES
        .iter()
        .filter(|(name, _, _)| {
            !declared.iter().any(|d| d == name)
                && !imported.iter().any(|i| i == name)
                && uses_selector(&code, name)
        })
        .collect();
    let mut source = String::from("package main\n");
    for (_, path, _) in &needed {
        source.push_str(&format!("import {path:?}\n"));
    }
    source.push_str(&format!("//line {}:1:1\n{}\n", paste.shown, paste.text));
    for (name, _, member) in &needed {
        source.push_str(&format!("var _ = {name}.{member}\n"));
    }
    let mut files = vec![
        ("solution.go".to_string(), source),
        ("harness.go".to_string(), HARNESS.to_string()),
    ];
    let mut builtins = String::new();
    for (f, cmp) in [("min", "<"), ("max", ">")] {
        if !declared.iter().any(|d| d == f) && calls(&code, f) {
            builtins.push_str(&format!(
                "\nfunc {f}[T zumaJudgeOrdered](x T, y ...T) T {{\n\tfor _, v := range y {{\n\t\tif v {cmp} x {{\n\t\t\tx = v\n\t\t}}\n\t}}\n\treturn x\n}}\n"
            ));
        }
    }
    let mut go_files = vec!["solution.go", "harness.go"];
    if !builtins.is_empty() {
        files.push(("builtins.go".to_string(), format!("{MIN_MAX}{builtins}")));
        go_files.push("builtins.go");
    }
    let mut command: Vec<String> = [
        "env",
        "GO111MODULE=off",
        "GOFLAGS=",
        "CGO_ENABLED=0",
        "GOCACHE={dir}/../go-build-cache",
        "GOPATH={dir}/../go-path",
        "go",
        "build",
        "-o",
        "{dir}/solution",
    ]
    .map(String::from)
    .to_vec();
    command.extend(go_files.iter().map(|f| f.to_string()));
    Recipe {
        paste: String::new(),
        files,
        commands: vec![command],
    }
}

/// Address space a Go worker gets beyond the memory limit, in mebibytes. Go's heap reserves
/// address space in 64 MiB arenas and returns freed pages lazily, so its virtual size runs far
/// ahead of its resident memory, by an amount that depends on when the collector ran: under a
/// plain `RLIMIT_AS` of the memory limit, the BFS fixture died "out of memory" at 300 MiB
/// resident in some runs and ran on to its TLE in others. The memory verdict is the resident
/// one, as for node and the JVM.
pub const GO_RESERVE_MIB: u64 = 2048;

/// The worker is the binary; `GOMEMLIMIT` makes the collector work harder as the heap nears the
/// memory limit.
fn launch(dir: &Path, limits: &Limits) -> Launch {
    Launch {
        env: vec![(
            "GOMEMLIMIT".into(),
            format!("{}MiB", limits.memory_mib).into(),
        )],
        reserve_mib: GO_RESERVE_MIB,
        resident_limit: true,
        ..Launch::native(dir, "go")
    }
}

/// `text` with comments, string literals and rune literals blanked out (newlines kept).
fn code_only(text: &str) -> String {
    let b: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < b.len() && b[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            i += 2;
            while i < b.len() && !(b[i] == '*' && b.get(i + 1) == Some(&'/')) {
                if b[i] == '\n' {
                    out.push('\n');
                }
                i += 1;
            }
            i += 2;
            out.push(' ');
        } else if c == '"' || c == '\'' || c == '`' {
            i += 1;
            while i < b.len() && b[i] != c {
                if b[i] == '\\' && c != '`' {
                    i += 1;
                } else if b[i] == '\n' {
                    out.push('\n');
                }
                i += 1;
            }
            i += 1;
            out.push_str("\"\"");
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// Names declared at the top level (`func f`, `type t`, `var v`, `const c`, unindented).
fn top_level_names(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in code.lines() {
        for kw in ["func ", "type ", "var ", "const "] {
            if let Some(rest) = line.strip_prefix(kw) {
                let name: String = rest
                    .trim_start()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() {
                    out.push(name);
                }
            }
        }
    }
    out
}

/// The names the paste's own imports bind (the alias, else the last element of the path), read
/// from its `import` lines and blocks.
fn imported_names(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_block = false;
    for line in text.lines() {
        let t = line.split("//").next().unwrap_or("").trim();
        let spec = if in_block {
            if t.starts_with(')') {
                in_block = false;
                continue;
            }
            t
        } else if let Some(rest) = t.strip_prefix("import") {
            let rest = rest.trim_start();
            match rest.strip_prefix('(') {
                Some(inner) => {
                    in_block = !inner.contains(')');
                    inner.trim_end_matches(')').trim()
                }
                None => rest,
            }
        } else {
            continue;
        };
        let mut parts = spec.split_whitespace();
        let (Some(first), second) = (parts.next(), parts.next()) else {
            continue;
        };
        let name = match second {
            Some(_) => first.to_string(),
            None => first
                .trim_end_matches(';')
                .trim_matches('"')
                .rsplit('/')
                .next()
                .unwrap_or("")
                .to_string(),
        };
        out.push(name);
    }
    out
}

/// Whether `name.Ident` occurs with `name` a whole word (not a field `x.name.Ident`).
fn uses_selector(code: &str, name: &str) -> bool {
    let bytes = code.as_bytes();
    let mut from = 0;
    while let Some(i) = code[from..].find(name) {
        let at = from + i;
        let end = at + name.len();
        let before = at.checked_sub(1).map(|j| bytes[j]);
        let word_start =
            before.is_none_or(|c| !(c.is_ascii_alphanumeric() || c == b'_' || c == b'.'));
        let selector = bytes.get(end) == Some(&b'.')
            && bytes
                .get(end + 1)
                .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_');
        if word_start && selector {
            return true;
        }
        from = end;
    }
    false
}

/// Whether `name(` is called as a whole word (not a method `x.name(`).
fn calls(code: &str, name: &str) -> bool {
    let bytes = code.as_bytes();
    let mut from = 0;
    while let Some(i) = code[from..].find(name) {
        let at = from + i;
        let end = at + name.len();
        let before = at.checked_sub(1).map(|j| bytes[j]);
        let word_start =
            before.is_none_or(|c| !(c.is_ascii_alphanumeric() || c == b'_' || c == b'.'));
        let rest = code[end..].trim_start();
        if word_start && rest.starts_with('(') {
            return true;
        }
        from = end;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn recipe_of(text: &str) -> Recipe {
        recipe(&Paste {
            text,
            shown: "s/x.go",
        })
    }

    #[test]
    fn imports_what_the_paste_uses_and_not_what_it_imports_or_declares() {
        let text = "import (\n\t\"strings\"\n)\n// sort.Ints in a comment, fmt.Println in \"a string\"\ntype heap []int\nfunc findMinStep(board string, hand string) int {\n\tx := strings.Repeat(board, 2)\n\tbits := 3\n\t_ = math.MaxInt32 + len(x) + bits.Len\n\treturn min(1, 2)\n}\n";
        let r = recipe_of(text);
        let source = &r.files[0].1;
        assert!(source.starts_with("package main\nimport \"math/bits\"\nimport \"math\"\n//line s/x.go:1:1\nimport (\n"), "{source}");
        assert!(
            source.ends_with("}\n\nvar _ = bits.OnesCount\nvar _ = math.Abs\n"),
            "{source}"
        );
        assert!(!source.contains("import \"sort\"") && !source.contains("\"fmt\""));
        assert!(!source.contains("container/heap"));
        assert!(r.files.iter().any(|(n, t)| n == "builtins.go"
            && t.contains("func min[")
            && !t.contains("func max[")));
        let own = recipe_of("func min(a, b int) int { return a }\nfunc findMinStep(b, h string) int { return min(1, 2) }\n");
        assert_eq!(own.files.len(), 2);
    }

    #[test]
    fn a_whole_program_keeps_its_lines_and_loses_its_clause_and_main() {
        let program = "// a program\npackage main\n\nimport \"fmt\"\n\nfunc findMinStep(b, h string) int { return -1 }\n\nfunc main() {\n\tfmt.Println(findMinStep(\"R\", \"R\"))\n}\n";
        assert_eq!(
            adapt_package_clause(program).as_deref(),
            Some("// a program\n\n\nimport \"fmt\"\n\nfunc findMinStep(b, h string) int { return -1 }\n\nfunc _() {\n\tfmt.Println(findMinStep(\"R\", \"R\"))\n}\n")
        );
        assert_eq!(adapt_package_clause("func main() {}\n"), None);
        assert_eq!(
            (GO.diagnose)(program).as_deref(),
            Some("line 2: `package main`: LeetCode's Go editor holds no package clause (LeetCode writes it, and `main`); remove the clause and any `func main`")
        );
    }

    #[test]
    fn import_forms_are_read() {
        assert_eq!(
            imported_names("import \"sort\"\nimport s2 \"strings\"\nimport (\"container/heap\")\nimport (\n\t\"math/bits\" // why\n\tm \"math\"\n)\n"),
            ["sort", "s2", "heap", "bits", "m"]
        );
    }
}
