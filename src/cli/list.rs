//! `zuma-judge list`: the registered solutions (compiled, uncompiled and pasted) with their
//! expected verdicts and sources, or with `--languages` every language and its toolchain; as a
//! table or as JSON.

use anyhow::Result;
use comfy_table::{ColumnConstraint, ContentArrangement};
use serde::Serialize;

use zuma_judge::report::{self, HumanOrJson};
use zuma_judge::submission::registry;
use zuma_judge::submission::{build, languages, pasted};

/// `list`'s flags.
#[derive(clap::Args)]
pub struct ListArgs {
    /// List the languages instead: extensions, toolchain found on PATH (or the Debian
    /// package to install), LeetCode's signature and where each fact comes from.
    #[arg(long)]
    languages: bool,
    /// Output format.
    #[arg(long, value_enum, default_value = "human")]
    format: HumanOrJson,
}

/// One registered solution. JSON: `solutions: [{name, expected, language, path, source}]`.
#[derive(Serialize)]
struct Listed {
    name: String,
    expected: String,
    language: String,
    path: String,
    source: String,
}

/// One language. JSON: `languages: [{id, name, extensions, toolchains, provenance}]`.
#[derive(Serialize)]
struct LanguageRow {
    id: &'static str,
    name: &'static str,
    extensions: Vec<String>,
    /// Per tool: its version line, or the "not found" message naming its package.
    toolchains: Vec<Toolchain>,
    provenance: &'static str,
}

#[derive(Serialize)]
struct Toolchain {
    program: &'static str,
    found: Option<String>,
    missing: Option<String>,
}

/// Runs `list`; returns the exit code.
pub fn run(args: ListArgs, warn_skipped: impl Fn(&[String])) -> Result<u8> {
    let text = if args.languages {
        languages_of(args.format)?
    } else {
        let found = pasted::registered()?;
        warn_skipped(&found.skipped);
        let mut rows: Vec<Listed> = registry::compiled()
            .iter()
            .map(|s| listed(s.name, s.expected.name(), "rust", s.path, s.source))
            .collect();
        rows.extend(
            registry::uncompiled()
                .iter()
                .map(|s| listed(s.name, s.expected.name(), "rust (CE)", s.path, s.source)),
        );
        rows.extend(found.pasted.iter().map(|s| {
            listed(
                &s.name,
                s.expected.name(),
                s.language.id,
                &s.path,
                &s.source,
            )
        }));
        let clash = name_clash(&rows);
        let text = solutions_of(&rows, args.format)?;
        if let Some(why) = clash {
            // As `run` refuses them: the list is still printed, then the error.
            println!("{text}");
            zuma_judge::eprintln_lossy!("error: {why}");
            return Ok(2);
        }
        text
    };
    println!("{text}");
    Ok(0)
}

/// Two solutions sharing a name, said as `run` says it (it refuses to start on them).
fn name_clash(rows: &[Listed]) -> Option<String> {
    rows.iter().enumerate().find_map(|(i, r)| {
        let other = rows[..i].iter().find(|o| o.name == r.name)?;
        Some(format!(
            "{}: the name '{}' is taken by {}; solution names are file stems and must be unique",
            r.path, r.name, other.path
        ))
    })
}

fn listed(name: &str, expected: String, language: &str, path: &str, source: &str) -> Listed {
    Listed {
        name: name.into(),
        expected,
        language: language.into(),
        path: path.into(),
        source: source.into(),
    }
}

fn solutions_of(rows: &[Listed], format: HumanOrJson) -> Result<String> {
    if format == HumanOrJson::Json {
        let v = serde_json::json!({"schema_version": zuma_judge::report::SCHEMA_VERSION, "solutions": rows});
        return Ok(serde_json::to_string_pretty(&v)?);
    }
    let mut t = report::human::table(&["solution", "expected", "language", "file", "source"]);
    for r in rows {
        t.add_row(vec![&r.name, &r.expected, &r.language, &r.path, &r.source]);
    }
    Ok(keep_whole(t, 4).to_string())
}

fn languages_of(format: HumanOrJson) -> Result<String> {
    let rows: Vec<LanguageRow> = languages::ALL
        .iter()
        .map(|l| LanguageRow {
            id: l.id,
            name: l.name,
            extensions: l.extensions.iter().map(|e| format!(".{e}")).collect(),
            toolchains: l
                .tools
                .iter()
                .map(|tool| {
                    let probed = build::probe(tool);
                    Toolchain {
                        program: tool.program,
                        found: probed.clone().ok(),
                        missing: probed.err(),
                    }
                })
                .collect(),
            provenance: l.provenance,
        })
        .collect();
    if format == HumanOrJson::Json {
        let v = serde_json::json!({ "languages": rows });
        return Ok(report::versioned_json(&v)?.trim_end().to_string());
    }
    let mut t = report::human::table(&["language", "files", "toolchain", "LeetCode's environment"]);
    for r in &rows {
        let tools: Vec<&str> = r
            .toolchains
            .iter()
            .map(|t| t.found.as_deref().or(t.missing.as_deref()).unwrap_or(""))
            .collect();
        t.add_row(vec![
            format!("{} ({})", r.name, r.id),
            r.extensions.join(" "),
            tools.join("\n"),
            r.provenance.to_string(),
        ]);
    }
    // Toolchain lines and sources both wrap; names and extensions do not.
    Ok(keep_whole(t, 2).to_string())
}

/// Fits the table in 150 columns, wrapping only the columns from `whole` on (sentences), so
/// that names and paths are never broken mid-word.
fn keep_whole(mut t: comfy_table::Table, whole: usize) -> comfy_table::Table {
    t.set_content_arrangement(ContentArrangement::Dynamic)
        .set_width(150);
    for i in 0..whole {
        if let Some(c) = t.column_mut(i) {
            c.set_constraint(ColumnConstraint::ContentWidth);
        }
    }
    t
}
