//! `zuma-judge editorial FILE... [--format human|markdown|json|html] [--report FORMAT=PATH]
//! [--save FILE.toml]`: find and
//! check an editorial's answers, board transitions, move sequences and code blocks (see
//! [`zuma_judge::editorial`]). Exit 0 when everything holds, 1 when anything is refuted, 2 on a
//! usage error or an unreadable file, 3 when a code block's toolchain is missing.

use std::io::Write as _;
use std::path::PathBuf;

use anyhow::{Context, Result};

use zuma_judge::cases::config::Config;
use zuma_judge::editorial::{self, grade};
use zuma_judge::judge::interrupt;
use zuma_judge::report::editorial as report;
use zuma_judge::report::{ReportFormat, ReportSpec};

/// Output formats of `editorial`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum EditorialFormat {
    /// Text for people.
    Human,
    /// A review to paste as a comment to the editorial's author.
    Markdown,
    /// One JSON object (`schema_version`, `claims`, `mentions`, `code`, `summary`).
    Json,
    /// One self-contained page: the claims, the code blocks' verdicts, witnesses drawn.
    Html,
}

impl ReportFormat for EditorialFormat {
    const EXAMPLE: &'static str = "html=review.html";
}

/// Flags of `editorial`.
#[derive(clap::Args)]
pub struct EditorialArgs {
    /// Editorials: plain text, Markdown (.md) or HTML saved from a browser (.html).
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value = "human")]
    format: EditorialFormat,
    /// Also write the review in FORMAT to PATH, e.g. html=review.html; repeatable.
    #[arg(long = "report", value_name = "FORMAT=PATH")]
    reports: Vec<ReportSpec<EditorialFormat>>,
    /// Also write what was found as a case file (each claim's source is the editorial's
    /// file:line), for `run` and `audit`.
    #[arg(long, value_name = "FILE.toml")]
    save: Option<PathBuf>,
    /// Longest board the code blocks are swept to.
    #[arg(long, default_value_t = grade::DEFAULT_BOUND.0, value_name = "N")]
    max_board: usize,
    /// Largest hand the code blocks are swept to.
    #[arg(long, default_value_t = grade::DEFAULT_BOUND.1, value_name = "M")]
    max_hand: usize,
    /// Check the claims only; do not grade code blocks.
    #[arg(long)]
    no_code: bool,
}

/// Runs `editorial`; returns the exit code.
pub fn run(config: &Config, args: EditorialArgs) -> Result<u8> {
    super::outputs::check(&super::outputs::Output::all(
        None,
        args.save.as_deref(),
        &args.reports,
    ))?;
    let mut files = Vec::new();
    for path in &args.files {
        match std::fs::read_to_string(path) {
            Ok(text) => files.push((path.display().to_string(), text)),
            Err(e) => {
                zuma_judge::eprintln_lossy!("error: {}: cannot read: {e}", path.display());
                return Ok(2);
            }
        }
    }
    if args.max_board == 0
        || args.max_hand == 0
        || args.max_board > config.constraints.board_max
        || args.max_hand > config.constraints.hand_max
    {
        zuma_judge::eprintln_lossy!(
            "error: --max-board {} --max-hand {}: the sweep needs 1..={} and 1..={} (the constraints)",
            args.max_board, args.max_hand, config.constraints.board_max, config.constraints.hand_max
        );
        return Ok(2);
    }
    interrupt::install()?;
    let opts = editorial::Options {
        bound: (args.max_board, args.max_hand),
        code: !args.no_code,
    };
    let review = editorial::review(&files, config, opts, &mut |what| {
        zuma_judge::eprintln_lossy!("{what}")
    })?;
    let text = render(&review, args.format);
    anstream::stdout().write_all(text.as_bytes())?;
    for spec in &args.reports {
        let text = zuma_judge::report::draw::plain(&render(&review, spec.format));
        zuma_judge::atomic::write(&spec.path, text.as_bytes())
            .with_context(|| format!("cannot write {}", spec.path.display()))?;
    }
    if let Some(path) = &args.save {
        zuma_judge::atomic::write(path, report::case_file(&review).as_bytes())
            .with_context(|| format!("cannot write {}", path.display()))?;
        zuma_judge::eprintln_lossy!("saved the claims as cases in {}", path.display());
    }
    Ok(review.exit_code)
}

/// The review in `format`.
fn render(review: &editorial::Review, format: EditorialFormat) -> String {
    match format {
        EditorialFormat::Human => report::human(review),
        EditorialFormat::Markdown => report::markdown(review),
        EditorialFormat::Json => report::json(review),
        EditorialFormat::Html => zuma_judge::report::html::editorial(review),
    }
}
