//! The docs, tested. A fenced block of a top-level doc file (`README.md`, `GUIDE.md`,
//! `ARCHITECTURE.md`: every `*.md` at the root) whose first line is `$ COMMAND` is a session:
//! each of its commands runs for real, and what it prints on stdout must match the lines the doc
//! shows under it. ARCHITECTURE.md's section "How the docs are tested" is the reader's side of
//! this file.
//!
//! Sessions run in a scratch folder holding copies of `cases/`, `solutions/` and
//! `tests/fixtures/`, with an empty build cache, so a doc's command behaves as it does in a
//! fresh clone. [`normalise`] masks, on both sides, what changes from run to run or machine to
//! machine; `...` on a line of its own stands for any lines, and `[..]` for any text in a line
//! (snapbox's patterns). The sessions that judge (`run`, `grade`, `editorial`) take minutes and
//! are `#[ignore]`d: `.ci/run` runs them. Every link between the docs, and every `#anchor`, must
//! lead to a file and a heading that exist.

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

use pulldown_cmark::{CodeBlockKind, Event, Parser, Tag, TagEnd};
use regex::Regex;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The subcommands whose sessions run in `cargo test`; every other one is [`SLOW`].
const QUICK: &[&str] = &["solve", "export", "ideas", "exhaust"];
/// The subcommands whose sessions judge submissions, run by `.ci/run` with `--ignored`.
const SLOW: &[&str] = &["run", "grade", "editorial"];

/// The README is for a newcomer: it must stay short enough to finish.
const README_MAX_LINES: usize = 400;

/// A top-level doc file: its name (`GUIDE.md`) and text.
struct Doc {
    name: String,
    text: String,
}

impl Doc {
    /// The 1-based line of a byte offset.
    fn line_of(&self, offset: usize) -> usize {
        self.text[..offset].matches('\n').count() + 1
    }
}

/// One `$ COMMAND` line of a doc and the output shown under it.
struct Shown {
    line: usize,
    command: String,
    output: String,
}

/// A fenced block of `$` commands, with the doc and the line it starts on.
struct Session {
    file: String,
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
fn sessions_that_do_not_judge() {
    check(QUICK);
}

#[test]
#[ignore = "judges every shipped solution: minutes; .ci/run runs it"]
fn sessions_of_run() {
    check(&["run"]);
}

#[test]
#[ignore = "builds and judges four submissions: about a minute; .ci/run runs it"]
fn sessions_of_grade() {
    check(&["grade"]);
}

#[test]
#[ignore = "sweeps two code blocks to board 8, hand 4: about a minute; .ci/run runs it"]
fn sessions_of_editorial() {
    check(&["editorial"]);
}

#[test]
fn every_doc_session_is_checked_by_a_test() {
    let sessions = sessions();
    assert!(sessions.len() >= 6, "found {} sessions", sessions.len());
    let files: BTreeSet<&str> = sessions.iter().map(|s| s.file.as_str()).collect();
    assert!(
        files.contains("README.md") && files.contains("GUIDE.md"),
        "sessions found only in {files:?}"
    );
    for s in &sessions {
        let sub = s.subcommand();
        assert!(
            QUICK.contains(&sub) || SLOW.contains(&sub),
            "{}:{}: no test runs a session of `{sub}`; add it to QUICK or SLOW in {}",
            s.file,
            s.line,
            file!()
        );
    }
}

#[test]
fn the_readme_is_short() {
    let readme = docs().into_iter().find(|d| d.name == "README.md").unwrap();
    let lines = readme.text.lines().count();
    assert!(
        lines <= README_MAX_LINES,
        "README.md has {lines} lines, over {README_MAX_LINES}: move the detail to GUIDE.md"
    );
}

#[test]
fn doc_paths_and_links_exist_in_a_clone() {
    let docs = docs();
    let anchors: HashMap<&str, BTreeSet<String>> = docs
        .iter()
        .map(|d| (d.name.as_str(), anchors(&d.text)))
        .collect();
    let path = Regex::new(r"^(?:src|tests|benches|cases|solutions|docs|\.ci)/[\w./-]*$").unwrap();
    let mut missing = Vec::new();
    for doc in &docs {
        for (event, range) in Parser::new(&doc.text).into_offset_iter() {
            let at = format!("{}:{}", doc.name, doc.line_of(range.start));
            match event {
                Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) => {
                    if let Some(why) = broken_link(&doc.name, &dest_url, &anchors) {
                        missing.push(format!("{at}: {dest_url}: {why}"));
                    }
                }
                Event::Code(code)
                    if path.is_match(&code) && !Path::new(ROOT).join(&*code).exists() =>
                {
                    missing.push(format!("{at}: {code}: not in the clone"));
                }
                _ => {}
            }
        }
    }
    assert!(missing.is_empty(), "broken:\n{}", missing.join("\n"));
}

/// Why a link of `from` leads nowhere, or `None` when it leads to a file of the clone (and, for
/// a `#anchor` into a doc file, to one of its headings). Links off the clone are not followed.
fn broken_link(from: &str, url: &str, anchors: &HashMap<&str, BTreeSet<String>>) -> Option<String> {
    if url.contains("://") || url.starts_with("mailto:") {
        return None;
    }
    let (file, anchor) = url.split_once('#').unwrap_or((url, ""));
    let file = if file.is_empty() { from } else { file };
    if !Path::new(ROOT).join(file).exists() {
        return Some("not in the clone".into());
    }
    match anchors.get(file) {
        Some(headings) if !anchor.is_empty() && !headings.contains(anchor) => {
            Some(format!("{file} has no heading whose anchor is #{anchor}"))
        }
        _ => None,
    }
}

/// The anchors GitHub gives a doc's headings: the heading's text lowercased, spaces turned to
/// `-`, every other character but letters, digits, `-` and `_` dropped; a repeated anchor gets
/// `-1`, `-2`, ... Headings inside fenced blocks are text, not headings.
fn anchors(text: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut heading: Option<String> = None;
    for event in Parser::new(text) {
        match event {
            Event::Start(Tag::Heading { .. }) => heading = Some(String::new()),
            Event::Text(t) | Event::Code(t) => {
                if let Some(h) = heading.as_mut() {
                    h.push_str(&t)
                }
            }
            Event::End(TagEnd::Heading(_)) => {
                let base = slug(&heading.take().unwrap_or_default());
                let mut anchor = base.clone();
                let mut n = 0;
                while found.contains(&anchor) {
                    n += 1;
                    anchor = format!("{base}-{n}");
                }
                found.insert(anchor);
            }
            _ => {}
        }
    }
    found
}

/// GitHub's anchor of one heading's text.
fn slug(heading: &str) -> String {
    heading
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

#[test]
fn anchors_follow_githubs_rule() {
    let text = "# A\n## Constraints and limits: `judge.toml`\n## Bird's-eye view\n## A\n\n```text\n## Not a heading\n```\n";
    let found: Vec<String> = anchors(text).into_iter().collect();
    assert_eq!(
        found,
        [
            "a",
            "a-1",
            "birds-eye-view",
            "constraints-and-limits-judgetoml"
        ]
    );
}

/// Runs every session whose subcommand is in `subcommands`, and reports every mismatch at once.
/// Two sessions of the same commands (the README's first screen of `run` and the guide's whole
/// report) share one run: each doc's text is held to the same output.
fn check(subcommands: &[&str]) {
    let mut failures = Vec::new();
    let chosen: Vec<Session> = sessions()
        .into_iter()
        .filter(|s| subcommands.contains(&s.subcommand()))
        .collect();
    assert!(!chosen.is_empty(), "no doc session of {subcommands:?}");
    let mut outputs: HashMap<Vec<String>, Vec<String>> = HashMap::new();
    for session in chosen {
        let commands: Vec<String> = session.commands.iter().map(|c| c.command.clone()).collect();
        let actual = outputs.entry(commands).or_insert_with_key(|commands| {
            let scratch = scratch();
            commands.iter().map(|c| run(c, scratch.path())).collect()
        });
        for (shown, actual) in session.commands.iter().zip(actual.iter()) {
            let expected = snapbox::Data::text(normalise(&shown.output));
            let name = format!("{}:{} `$ {}`", session.file, shown.line, shown.command);
            if let Err(e) = snapbox::Assert::new().try_eq(
                Some(&name),
                snapbox::Data::text(normalise(actual)),
                expected,
            ) {
                failures.push(format!("{name} (session at line {}):\n{e}", session.line));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Runs one doc command in `dir` and returns its stdout. `zuma-judge` and `cargo run
/// --release --` are the built binary; `cat FILE` reads a file the session wrote.
fn run(command: &str, dir: &Path) -> String {
    assert!(
        !command.contains(['"', '\'', '|', '>']),
        "doc command `{command}`: quoting and redirection are not supported here"
    );
    let words: Vec<&str> = command.split_whitespace().collect();
    let args = match words.as_slice() {
        ["cat", file] => return std::fs::read_to_string(dir.join(file)).unwrap(),
        ["zuma-judge", args @ ..] | ["cargo", "run", "--release", "--", args @ ..] => args,
        _ => panic!("doc command `{command}`: only zuma-judge, cargo run and cat are run"),
    };
    let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("zuma-judge"))
        .args(args)
        .current_dir(dir)
        .env("ZUMA_JUDGE_CACHE", dir.join(".cache"))
        .output()
        .unwrap();
    String::from_utf8(out.stdout).unwrap()
}

/// A scratch folder holding what the docs' commands read.
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

/// Every top-level `*.md` of the clone, by name.
fn docs() -> Vec<Doc> {
    let mut docs: Vec<Doc> = std::fs::read_dir(ROOT)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "md") && path.is_file())
        .map(|path| Doc {
            name: path.file_name().unwrap().to_string_lossy().into_owned(),
            text: std::fs::read_to_string(&path).unwrap(),
        })
        .collect();
    docs.sort_by(|a, b| a.name.cmp(&b.name));
    docs
}

/// Every fenced block of every doc whose first line starts with `$ `.
fn sessions() -> Vec<Session> {
    docs().iter().flat_map(doc_sessions).collect()
}

/// The sessions of one doc, in order.
fn doc_sessions(doc: &Doc) -> Vec<Session> {
    let mut found = Vec::new();
    let mut open: Option<(usize, String)> = None;
    for (event, range) in Parser::new(&doc.text).into_offset_iter() {
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(_))) => {
                open = Some((doc.line_of(range.start), String::new()))
            }
            Event::Text(t) => {
                if let Some((_, body)) = open.as_mut() {
                    body.push_str(&t)
                }
            }
            Event::End(TagEnd::CodeBlock) => {
                if let Some((line, body)) = open.take() {
                    add_session(&mut found, session(&doc.name, line, &body))
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
fn session(file: &str, fence_line: usize, body: &str) -> Option<Session> {
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
        file: file.to_string(),
        line: fence_line,
        commands,
    })
}

/// Masks what no doc can promise: measured times and sizes (any decimal number), the
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

/// The guide's TOML examples, in order: the case file of "Adding a case", then `judge.toml`.
fn toml_examples() -> Vec<String> {
    let text = std::fs::read_to_string(PathBuf::from(ROOT).join("GUIDE.md")).unwrap();
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

/// The guide's "Adding a case" shows a case file whose claims are checked as the guide says: the move
/// claim replays to a clear in the oracle's 2 moves, the bug report's -1 is refuted (not
/// strict), and the `BBB` case is rejected as it asserts. Audited under the guide's
/// `judge.toml` example, which must load.
#[test]
fn the_guides_case_file_and_judge_toml_examples_audit_as_described() {
    let examples = toml_examples();
    assert_eq!(examples.len(), 2, "the guide's ```toml blocks");
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
