//! `zuma-judge list`: the registered solutions (compiled, uncompiled and pasted) with their
//! expected verdicts and sources, or with `--languages` every language and its toolchain; as a
//! table or as JSON ([`zuma_judge::report::list`]).

use anyhow::Result;

use zuma_judge::judge::exit::Exit;
use zuma_judge::report::list::{LanguageRow, Listed, Listing, Toolchain};
use zuma_judge::report::{writer, HumanOrJson};
use zuma_judge::submission::registry;
use zuma_judge::submission::{build, languages, pasted};

/// `list`'s flags.
#[derive(clap::Args)]
pub struct ListArgs {
    /// List the languages instead: extensions, toolchain found on PATH (or the Debian
    /// package to install, or that none exists: Swift, Dart, Python 2) and where each fact
    /// comes from.
    #[arg(long)]
    languages: bool,
    /// Output format.
    #[arg(long, value_enum, default_value = "human")]
    format: HumanOrJson,
}

/// Runs `list`; returns how it ended ([`Exit::Usage`] when two solutions share a name).
pub fn run(args: ListArgs, warn_skipped: impl Fn(&[String])) -> Result<Exit> {
    if args.languages {
        writer::write(
            &Listing::Languages(languages_found()),
            args.format,
            None,
            &[],
        )?;
        return Ok(Exit::Ok);
    }
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
    // As `run` refuses them: the list is still printed, then the error.
    writer::write(&Listing::Solutions(rows), args.format, None, &[])?;
    if let Some(why) = clash {
        zuma_judge::eprintln_lossy!("error: {why}");
        return Ok(Exit::Usage);
    }
    Ok(Exit::Ok)
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

/// A tool probed on PATH: its version line, or why it is missing.
fn probed(tool: &zuma_judge::submission::language::Tool) -> Toolchain {
    let probed = build::probe(tool);
    Toolchain {
        program: tool.program,
        found: probed.clone().ok(),
        missing: probed.err().map(|e| e.to_string()),
    }
}

/// Every language, each tool probed on PATH; a language no Debian package runs says so.
fn languages_found() -> Vec<LanguageRow> {
    languages::ALL
        .iter()
        .map(|l| LanguageRow {
            id: l.id,
            name: l.name,
            extensions: l.extensions.iter().map(|e| format!(".{e}")).collect(),
            toolchains: match l.no_toolchain() {
                Some(why) => vec![Toolchain {
                    program: "none",
                    found: None,
                    missing: Some(format!("{why}: not judged")),
                }],
                None => l.tools.iter().map(probed).collect(),
            },
            provenance: l.provenance,
        })
        .collect()
}
