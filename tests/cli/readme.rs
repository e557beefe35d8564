//! The README, tested. A fenced block whose first line is `$ COMMAND` is a session: each of its
//! commands runs for real, and what it prints on stdout must match the lines the README shows
//! under it. The README's section "How the README is tested" is the reader's side of this file.
//!
//! Sessions run in a scratch folder holding copies of `cases/`, `solutions/` and
//! `tests/fixtures/`, with an empty build cache, so a README command behaves as it does in a
//! fresh clone. [`normalise`] masks, on both sides, what changes from run to run or machine to
//! machine; `...` on a line of its own stands for any lines, and `[..]` for any text in a line
//! (snapbox's patterns). The sessions that judge (`run`, `grade`, `editorial`) take minutes and
//! are `#[ignore]`d: `.ci/run` runs them.

use std::path::{Path, PathBuf};
use std::sync::LazyLock;

use pulldown_cmark::{CodeBlockKind, Event, Parser, Tag, TagEnd};
use regex::Regex;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The subcommands whose sessions run in `cargo test`; every other one is [`SLOW`].
const QUICK: &[&str] = &["solve", "export", "ideas"];
/// The subcommands whose sessions judge submissions, run by `.ci/run` with `--ignored`.
const SLOW: &[&str] = &["run", "grade", "editorial"];

/// One `$ COMMAND` line of the README and the output shown under it.
struct Shown {
    line: usize,
    command: String,
    output: String,
}

/// A fenced block of `$` commands, with the README line it starts on.
struct Session {
    line: usize,
    commands: Vec<Shown>,
}

impl Session {
    /// The subcommand of its first command: `solve` for `zuma-judge solve ...`.
    fn subcommand(&self) -> &str {
        let words: Vec<&str> = self.commands[0].command.split_whitespace().collect();
        match words.as_slice() {
            ["zuma-judge", sub, ..] => sub,
            ["cargo", "run", "--release", "--", sub, ..] => sub,
            _ => "",
        }
    }
}

#[test]
fn readme_sessions_that_do_not_judge() {
    check(QUICK);
}

#[test]
#[ignore = "judges every shipped solution: minutes; .ci/run runs it"]
fn readme_session_of_run() {
    check(&["run"]);
}

#[test]
#[ignore = "builds and judges four submissions: about a minute; .ci/run runs it"]
fn readme_session_of_grade() {
    check(&["grade"]);
}

#[test]
#[ignore = "sweeps two code blocks to board 8, hand 4: about a minute; .ci/run runs it"]
fn readme_session_of_editorial() {
    check(&["editorial"]);
}

#[test]
fn every_readme_session_is_checked_by_a_test() {
    let sessions = sessions();
    assert!(sessions.len() >= 6, "found {} sessions", sessions.len());
    for s in &sessions {
        let sub = s.subcommand();
        assert!(
            QUICK.contains(&sub) || SLOW.contains(&sub),
            "README.md:{}: no test runs a session of `{sub}`; add it to QUICK or SLOW in {}",
            s.line,
            file!()
        );
    }
}

#[test]
fn readme_paths_and_links_exist_in_a_clone() {
    let text = readme();
    let link = Regex::new(r"\]\(([^)#\s]+)(#[^)]*)?\)").unwrap();
    let path = Regex::new(r"`((?:src|tests|benches|cases|solutions|docs|\.ci)/[\w./-]*)`").unwrap();
    let mut missing = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let links = link.captures_iter(line).map(|c| c[1].to_string());
        let paths = path.captures_iter(line).map(|c| c[1].to_string());
        for p in links.chain(paths) {
            let local = !p.contains("://") && !p.contains('*') && !p.contains('<');
            if local && !Path::new(ROOT).join(&p).exists() {
                missing.push(format!("README.md:{}: {p}", n + 1));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "not in the clone:\n{}",
        missing.join("\n")
    );
}

/// Runs every session whose subcommand is in `subcommands`, and reports every mismatch at once.
fn check(subcommands: &[&str]) {
    let mut failures = Vec::new();
    let chosen: Vec<Session> = sessions()
        .into_iter()
        .filter(|s| subcommands.contains(&s.subcommand()))
        .collect();
    assert!(!chosen.is_empty(), "no README session of {subcommands:?}");
    for session in chosen {
        let scratch = scratch();
        for shown in &session.commands {
            let actual = run(&shown.command, scratch.path());
            let expected = snapbox::Data::text(normalise(&shown.output));
            let name = format!("README.md:{} `$ {}`", shown.line, shown.command);
            if let Err(e) = snapbox::Assert::new().try_eq(
                Some(&name),
                snapbox::Data::text(normalise(&actual)),
                expected,
            ) {
                failures.push(format!("{name} (session at line {}):\n{e}", session.line));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Runs one README command in `dir` and returns its stdout. `zuma-judge` and `cargo run
/// --release --` are the built binary; `cat FILE` reads a file the session wrote.
fn run(command: &str, dir: &Path) -> String {
    assert!(
        !command.contains(['"', '\'', '|', '>']),
        "README command `{command}`: quoting and redirection are not supported here"
    );
    let words: Vec<&str> = command.split_whitespace().collect();
    let args = match words.as_slice() {
        ["cat", file] => return std::fs::read_to_string(dir.join(file)).unwrap(),
        ["zuma-judge", args @ ..] | ["cargo", "run", "--release", "--", args @ ..] => args,
        _ => panic!("README command `{command}`: only zuma-judge, cargo run and cat are run"),
    };
    let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("zuma-judge"))
        .args(args)
        .current_dir(dir)
        .env("ZUMA_JUDGE_CACHE", dir.join(".cache"))
        .output()
        .unwrap();
    String::from_utf8(out.stdout).unwrap()
}

/// A scratch folder holding what the README's commands read.
fn scratch() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for sub in ["cases", "solutions", "tests/fixtures"] {
        copy_tree(&Path::new(ROOT).join(sub), &dir.path().join(sub));
    }
    dir
}

fn copy_tree(from: &Path, to: &Path) {
    for entry in walkdir::WalkDir::new(from) {
        let entry = entry.unwrap();
        let target = to.join(entry.path().strip_prefix(from).unwrap());
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target).unwrap();
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

fn readme() -> String {
    std::fs::read_to_string(PathBuf::from(ROOT).join("README.md")).unwrap()
}

/// Every fenced block of the README whose first line starts with `$ `.
fn sessions() -> Vec<Session> {
    let text = readme();
    let line_of = |offset: usize| text[..offset].lines().count() + 1;
    let mut found = Vec::new();
    let mut open: Option<(usize, String)> = None;
    for (event, range) in Parser::new(&text).into_offset_iter() {
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(_))) => {
                open = Some((line_of(range.start), String::new()))
            }
            Event::Text(t) => {
                if let Some((_, body)) = open.as_mut() {
                    body.push_str(&t)
                }
            }
            Event::End(TagEnd::CodeBlock) => {
                if let Some((line, body)) = open.take() {
                    add_session(&mut found, session(line, &body))
                }
            }
            _ => {}
        }
    }
    found
}

/// A block that opens with `$ cat FILE` shows a file the block before it wrote: it continues
/// that session, in the same scratch folder.
fn add_session(found: &mut Vec<Session>, block: Option<Session>) {
    let Some(block) = block else { return };
    match found.last_mut() {
        Some(before) if block.commands[0].command.starts_with("cat ") => {
            before.commands.extend(block.commands)
        }
        _ => found.push(block),
    }
}

/// Splits a block into its commands, or `None` when it does not open with `$ `.
fn session(fence_line: usize, body: &str) -> Option<Session> {
    if !body.starts_with("$ ") {
        return None;
    }
    let mut commands: Vec<Shown> = Vec::new();
    for (n, line) in body.lines().enumerate() {
        let line_no = fence_line + 1 + n;
        match (line.strip_prefix("$ "), commands.last_mut()) {
            (Some(command), _) => commands.push(Shown {
                line: line_no,
                command: command.to_string(),
                output: String::new(),
            }),
            (None, Some(shown)) => {
                shown.output.push_str(line);
                shown.output.push('\n');
            }
            (None, None) => unreachable!("the body starts with `$ `"),
        }
    }
    Some(Session {
        line: fence_line,
        commands,
    })
}

/// Masks what the README cannot promise: measured times and sizes (any decimal number), the
/// machine's toolchain versions and core count, whether a TLE hit the CPU or the wall limit,
/// the list of verdicts near the limit, the slowest case among near-equal timings, the table
/// widths that follow them, and blank lines at the end.
fn normalise(text: &str) -> String {
    static RULES: LazyLock<Vec<(Regex, &str)>> = LazyLock::new(|| {
        [
            (r"(?m)^toolchains: .*$", "toolchains: [the machine's]"),
            // Listed only when a call lands near the CPU limit, which depends on the machine.
            (r"(?s)\nVerdicts within a factor .*?\n\n", "\n"),
            (
                r"over the (CPU|wall) \d+ ms limit",
                "over the CPU or wall limit",
            ),
            (r"\d+\.\d+", "#.#"),
            (r"judged \d+ at a time", "judged # at a time"),
            (r"[ \t]+", " "),
            (r"(?m) $", ""),
            (r"-{3,}", "---"),
            (r"={3,}", "==="),
        ]
        .into_iter()
        .map(|(re, with)| (Regex::new(re).unwrap(), with))
        .collect()
    });
    let masked = RULES.iter().fold(text.to_string(), |t, (re, with)| {
        re.replace_all(&t, *with).into_owned()
    });
    let mut masked = mask_slowest_case(&masked).trim_end().to_string();
    masked.push('\n');
    masked
}

/// In the timing table, which case was slowest is noise when timings tie.
fn mask_slowest_case(text: &str) -> String {
    let row = Regex::new(r"#\.# \S+ \|$").unwrap();
    let mut in_timing = false;
    let mut out = String::new();
    for line in text.lines() {
        in_timing = (in_timing && !line.is_empty()) || line.starts_with("Timing (");
        if in_timing {
            out.push_str(&row.replace(line, "#.# [case] |"));
        } else {
            out.push_str(line);
        }
        out.push('\n');
    }
    out
}

/// The README's TOML examples, in order: the case file of "Adding a case", then `judge.toml`.
fn toml_examples() -> Vec<String> {
    let text = readme();
    let mut found = Vec::new();
    let mut open: Option<String> = None;
    for event in Parser::new(&text) {
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(lang))) if &*lang == "toml" => {
                open = Some(String::new())
            }
            Event::Text(t) => {
                if let Some(body) = open.as_mut() {
                    body.push_str(&t)
                }
            }
            Event::End(TagEnd::CodeBlock) => found.extend(open.take()),
            _ => {}
        }
    }
    found
}

/// "Adding a case" shows a case file whose claims are checked as the README says: the move
/// claim replays to a clear in the oracle's 2 moves, the bug report's -1 is refuted (not
/// strict), and the `BBB` case is rejected as it asserts. Audited under the README's
/// `judge.toml` example, which must load.
#[test]
fn the_readmes_case_file_and_judge_toml_examples_audit_as_described() {
    let examples = toml_examples();
    assert_eq!(examples.len(), 2, "the README's ```toml blocks");
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("cases")).unwrap();
    std::fs::write(dir.path().join("cases/example.toml"), &examples[0]).unwrap();
    std::fs::write(dir.path().join("judge.toml"), &examples[1]).unwrap();
    let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("zuma-judge"))
        .args(["audit", "cases"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    // Of the two claims, only the bug report's is refuted: the moves hold.
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "claim refuted: example.toml#split-pair: bug reports against the jury's answer claimed -1; oracle 2\n"
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "audited 1 file: 0 errors, 0 corrections proposed (run with --fix to write them), 1 claim refuted\n"
    );
    assert_eq!(out.status.code(), Some(0));
}
