//! `zuma-judge audit [PATH]... [--fix]`: check case files against the oracle, print a diff of
//! the corrections and, with `--fix`, write them; warn about each case whose input an earlier
//! one holds (atomically, under the folder lock). Ctrl-C or
//! SIGTERM stops it between files: the file being written is finished, the summary says where
//! it stopped, exit 3.

use std::path::PathBuf;
use std::sync::atomic::Ordering;

use anyhow::Result;

use super::audited;

use zuma_judge::cases::audit;
use zuma_judge::cases::config::Config;
use zuma_judge::cases::duplicates;
use zuma_judge::game::oracle::Oracle;
use zuma_judge::judge::exit::Exit;
use zuma_judge::judge::interrupt;
use zuma_judge::report::audit::{AuditReport, AuditedFile, Tally};
use zuma_judge::report::{count, writer, HumanOrJson};

/// `audit`'s flags.
#[derive(clap::Args)]
pub struct AuditArgs {
    /// Case files or directories (default: cases).
    paths: Vec<PathBuf>,
    /// Write the corrections to the files.
    #[arg(long)]
    fix: bool,
    /// Output format: human (diffs on stdout, errors and the summary on stderr) or json (one
    /// object on stdout: `files`, `summary`, `exit_code`; errors still on stderr).
    #[arg(long, value_enum, default_value = "human")]
    format: HumanOrJson,
}

/// Runs `audit`; returns how it ended: [`Exit::Ok`] clean, [`Exit::Differs`] corrections
/// proposed or a strict claim refuted, [`Exit::Usage`] a file that cannot be audited,
/// [`Exit::Incomplete`] interrupted (the worst wins, in [`Exit`]'s order).
pub fn run(config: &Config, args: AuditArgs) -> Result<Exit> {
    let AuditArgs { paths, fix, format } = args;
    let roots = if paths.is_empty() {
        vec![PathBuf::from("cases")]
    } else {
        paths
    };
    interrupt::install()?;
    let targets = audit::targets(&roots);
    let mut tally = Tally {
        files: targets.files.len(),
        unreadable: targets.errors.len(),
        ..Tally::default()
    };
    for e in &targets.errors {
        zuma_judge::eprintln_lossy!("{e}");
        tally.errors += 1;
        tally.raise(Exit::Usage);
    }
    for w in &targets.warnings {
        zuma_judge::eprintln_lossy!("warning: {w}");
    }
    let human = format == HumanOrJson::Human;
    let mut oracle = Oracle::new();
    let mut files = Vec::new();
    // The inputs of the files audited so far: a later copy is named where it is.
    let mut inputs = duplicates::Inputs::default();
    for path in &targets.files {
        if interrupt::STOP.load(Ordering::SeqCst) {
            break;
        }
        let mut a = audit::audit_file(path, &config.constraints, &mut oracle)?;
        audit::note_duplicates(&mut a, &mut inputs);
        tally.audited += 1;
        audited::show(&a, fix, human, &mut tally);
        if fix && !a.diff.is_empty() {
            audited::fix_file(&a, config, &mut oracle, &mut tally)?;
        }
        files.push(AuditedFile::of(&a));
    }
    let interrupted = conclude(&mut tally, fix);
    let report = AuditReport {
        files,
        unreadable: targets.errors.iter().map(ToString::to_string).collect(),
        summary: &tally,
        interrupted,
        exit: tally.exit,
    };
    writer::write(&report, format, None, &[])?;
    Ok(tally.exit)
}

/// Says the summary on standard error; an audit that stopped before its last file is
/// incomplete. Returns whether it was interrupted.
fn conclude(tally: &mut Tally, fix: bool) -> bool {
    let interrupted = tally.audited < tally.files;
    if interrupted {
        zuma_judge::eprintln_lossy!(
            "interrupted: audited {} of {}: {}; the other files were not read",
            tally.audited,
            count(tally.files, "file"),
            tally.summary(fix)
        );
        tally.raise(Exit::Incomplete);
    } else {
        zuma_judge::eprintln_lossy!(
            "audited {}{}: {}",
            count(tally.files, "file"),
            tally.unread(),
            tally.summary(fix)
        );
    }
    interrupted
}
