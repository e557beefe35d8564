//! `zuma-judge list` as a table or as JSON: the registered solutions with their expected
//! verdicts and sources, or every language with its toolchain.

use comfy_table::{ColumnConstraint, ContentArrangement};
use serde::Serialize;

use super::writer::Document;
use super::HumanOrJson;

/// One registered solution. JSON: `solutions: [{name, expected, language, path, source}]`.
#[derive(Serialize)]
pub struct Listed {
    /// Its name (the file stem).
    pub name: String,
    /// The expected verdict's name.
    pub expected: String,
    /// The language's id (`rust (CE)` for a compiled-in one that does not compile).
    pub language: String,
    /// The file.
    pub path: String,
    /// Where the algorithm comes from.
    pub source: String,
}

/// One language. JSON: `languages: [{id, name, extensions, toolchains, provenance}]`.
#[derive(Serialize)]
pub struct LanguageRow {
    /// The id, e.g. `cpp`.
    pub id: &'static str,
    /// The name, e.g. `C++`.
    pub name: &'static str,
    /// `.cpp`, `.cc`, ...
    pub extensions: Vec<String>,
    /// Per tool: its version line, or the "not found" message naming its package.
    pub toolchains: Vec<Toolchain>,
    /// Where the facts about LeetCode's environment come from.
    pub provenance: &'static str,
}

/// One tool of a language, probed on PATH.
#[derive(Serialize)]
pub struct Toolchain {
    /// The program.
    pub program: &'static str,
    /// Its version line, when found.
    pub found: Option<String>,
    /// Why not, when not found.
    pub missing: Option<String>,
}

/// What `list` lists.
pub enum Listing {
    /// The solutions (`list`).
    Solutions(Vec<Listed>),
    /// The languages (`list --languages`).
    Languages(Vec<LanguageRow>),
}

impl Document<HumanOrJson> for Listing {
    fn render(&self, format: HumanOrJson) -> String {
        let text = match self {
            Listing::Solutions(rows) => solutions_of(rows, format),
            Listing::Languages(rows) => languages_of(rows, format),
        };
        format!("{text}\n")
    }

    fn styled(&self, _: HumanOrJson) -> bool {
        false
    }
}

fn solutions_of(rows: &[Listed], format: HumanOrJson) -> String {
    if format == HumanOrJson::Json {
        let v = serde_json::json!({"schema_version": super::SCHEMA_VERSION, "solutions": rows});
        return serde_json::to_string_pretty(&v).expect("a listing always serialises");
    }
    let mut t = super::table::table(&["solution", "expected", "language", "file", "source"]);
    for r in rows {
        t.add_row(vec![&r.name, &r.expected, &r.language, &r.path, &r.source]);
    }
    keep_whole(t, 4).to_string()
}

fn languages_of(rows: &[LanguageRow], format: HumanOrJson) -> String {
    if format == HumanOrJson::Json {
        let v = serde_json::json!({ "languages": rows });
        return super::versioned_json(&v)
            .expect("a listing always serialises")
            .trim_end()
            .to_string();
    }
    let mut t = super::table::table(&["language", "files", "toolchain", "LeetCode's environment"]);
    for r in rows {
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
    keep_whole(t, 2).to_string()
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
