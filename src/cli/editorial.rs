//! `zuma-judge editorial FILE... [--format human|markdown|json|html] [--report FORMAT=PATH]
//! [--save FILE.toml] [--strict] [--code-budget SECS]`: find and check an editorial's answers,
//! board transitions, move sequences and code blocks (see [`zuma_judge::editorial`]). Exit 0
//! when everything holds and no line is unread (with `--strict`, no board mentioned without an
//! answer either), 1 when anything is refuted or unread, 2 on a usage error or an unreadable
//! file, 3 when a code block's toolchain is missing.

use std::path::PathBuf;

use anyhow::Result;

use super::outputs::Output;

use zuma_judge::cases::config::Config;
use zuma_judge::editorial::{self, grade};
use zuma_judge::judge::exit::Exit;
use zuma_judge::judge::interrupt;
use zuma_judge::report::editorial::{self as report, EditorialFormat};
use zuma_judge::report::{writer, ReportSpec};

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
    /// Also fail (exit 1) when a board is mentioned without an answer; an unread line always
    /// fails. For CI.
    #[arg(long)]
    strict: bool,
    /// Wall time, in seconds, that judging one code block may take (its editorial's boards,
    /// then the sweep); a block still passing then is reported as "passed every input tried".
    #[arg(long, default_value_t = grade::DEFAULT_BUDGET.as_secs(), value_name = "SECS")]
    code_budget: u64,
}

/// Runs `editorial`; returns the exit code.
pub fn run(config: &Config, args: EditorialArgs) -> Result<Exit> {
    super::outputs::check(&Output::all(None, args.save.as_deref(), &args.reports))?;
    let files = match read(&args, config) {
        Ok(files) => files,
        Err(code) => return Ok(code),
    };
    interrupt::install()?;
    let opts = editorial::Options {
        bound: (args.max_board, args.max_hand),
        code: !args.no_code,
        strict: args.strict,
        budget: std::time::Duration::from_secs(args.code_budget),
    };
    let bar = super::bar::Bar::new("checking code");
    let review = editorial::review(
        &files,
        config,
        opts,
        &mut |what| bar.0.suspend(|| zuma_judge::eprintln_lossy!("{what}")),
        &bar,
    )?;
    bar.0.finish_and_clear();
    write(&review, &args)?;
    Ok(review.exit)
}

/// The editorials' texts, or the exit code of a refusal already explained on standard error:
/// a file that cannot be read, or a code budget or sweep bound out of range
/// ([`grade::check_bound`]).
fn read(args: &EditorialArgs, config: &Config) -> Result<Vec<(String, String)>, Exit> {
    let mut files = Vec::new();
    for path in &args.files {
        match std::fs::read_to_string(path) {
            Ok(text) => files.push((path.display().to_string(), text)),
            Err(e) => {
                zuma_judge::eprintln_lossy!("error: {}: cannot read: {e}", path.display());
                return Err(Exit::Usage);
            }
        }
    }
    let budget = std::time::Duration::from_secs(args.code_budget);
    let bound = (args.max_board, args.max_hand);
    if let Err(e) = grade::check_bound(bound, budget, &config.constraints) {
        zuma_judge::eprintln_lossy!("error: {e}");
        return Err(Exit::Usage);
    }
    Ok(files)
}

/// Writes the review to standard output and each `--report`, and the `--save` case file.
fn write(review: &editorial::Review, args: &EditorialArgs) -> Result<()> {
    writer::write(review, args.format, None, &args.reports)?;
    if let Some(path) = &args.save {
        writer::to_file(path, report::case_file(review).as_bytes())?;
        zuma_judge::eprintln_lossy!("saved the claims as cases in {}", path.display());
    }
    Ok(())
}
