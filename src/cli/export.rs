//! `zuma-judge export kattis DIR | domjudge FILE.zip`: the suite, the constraints and
//! `solutions/` as a problem package for another contest system (`zuma_judge::export`).

use std::path::PathBuf;

use anyhow::{Context, Result};

use zuma_judge::cases::case;
use zuma_judge::cases::config::Config;
use zuma_judge::export::{domjudge, kattis, Sources};
use zuma_judge::judge::exit::Exit;
use zuma_judge::report::export::Exported;
use zuma_judge::report::writer;
use zuma_judge::submission::pasted;

/// Flags of `export`.
#[derive(clap::Args)]
pub struct ExportArgs {
    #[command(subcommand)]
    target: Target,
}

/// The package format.
#[derive(clap::Subcommand)]
enum Target {
    /// A Kattis problem package (legacy format, as problemtools' verifyproblem checks it) in DIR.
    Kattis {
        /// The package's folder (created; files of an earlier export are replaced).
        dir: PathBuf,
        #[command(flatten)]
        from: From,
    },
    /// A DOMjudge problem zip: the Kattis package plus domjudge-problem.ini and an
    /// @EXPECTED_RESULTS@ comment in each jury submission.
    Domjudge {
        /// The zip file to write.
        zip: PathBuf,
        /// The problem's colour in DOMjudge (`color` in domjudge-problem.ini: a CSS colour).
        #[arg(long, value_name = "COLOR", default_value = "#e0301e")]
        balloon_color: String,
        #[command(flatten)]
        from: From,
    },
}

/// What the package is made from.
#[derive(clap::Args)]
struct From {
    /// A case file or a directory of them; repeatable.
    #[arg(long = "cases", value_name = "PATH", default_value = "cases")]
    cases: Vec<PathBuf>,
    /// The solutions, in verdict folders (accepted/, wrong_answer/, ...).
    #[arg(long, value_name = "DIR", default_value = "solutions")]
    solutions: PathBuf,
    /// Who holds the rights to the package (rights_owner in problem.yaml).
    #[arg(long, value_name = "TEXT", default_value = "the zuma-judge authors")]
    rights_owner: String,
}

/// Runs `export`; returns how it ended.
pub fn run(config: &Config, a: ExportArgs) -> Result<Exit> {
    let from = match &a.target {
        Target::Kattis { from, .. } | Target::Domjudge { from, .. } => from,
    };
    let suite = case::load(&from.cases, &config.constraints);
    let found = pasted::discover(&from.solutions)?;
    let sources = Sources {
        suite: &suite,
        config,
        solutions: &found.pasted,
        rights_owner: &from.rights_owner,
    };
    let (package, place) = match &a.target {
        Target::Kattis { dir, .. } => {
            let p = kattis::package(&sources)?;
            p.write_dir(dir)?;
            (p, dir)
        }
        Target::Domjudge {
            zip, balloon_color, ..
        } => {
            let p = domjudge::package(&sources, balloon_color)?;
            let bytes = domjudge::zip(&p)?;
            zuma_judge::atomic::write(zip, &bytes)
                .with_context(|| format!("{}: cannot write", zip.display()))?;
            (p, zip)
        }
    };
    let exported = Exported {
        package: &package,
        place: place.display().to_string(),
        skipped: &found.skipped,
    };
    writer::write(&exported, (), None, &[])?;
    Ok(Exit::Ok)
}
