//! `zuma-judge audit [PATH]... [--fix]`: check case files against the oracle, print a diff of
//! the corrections and, with `--fix`, write them (atomically, under the folder lock). Ctrl-C or
//! SIGTERM stops it between files: the file being written is finished, the summary says where
//! it stopped, exit 3.

use std::path::PathBuf;
use std::sync::atomic::Ordering;

use anyhow::Result;

use zuma_judge::cases::audit::{self, FileAudit, Fixed};
use zuma_judge::cases::config::Config;
use zuma_judge::exit::Exit;
use zuma_judge::game::oracle::Oracle;
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
    for path in &targets.files {
        if interrupt::STOP.load(Ordering::SeqCst) {
            break;
        }
        let a = audit::audit_file(path, &config.constraints, &mut oracle)?;
        tally.audited += 1;
        show(&a, fix, human, &mut tally);
        if fix && !a.diff.is_empty() {
            fix_file(&a, config, &mut oracle, &mut tally)?;
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

/// Prints one file's errors and warnings (stderr) and, for people, its corrections, diff and
/// refuted claims (stdout); counts them all.
fn show(a: &FileAudit, fix: bool, human: bool, tally: &mut Tally) {
    for e in &a.errors {
        zuma_judge::eprintln_lossy!("{e}");
        tally.errors += 1;
        tally.raise(Exit::Usage);
    }
    for w in &a.warnings {
        zuma_judge::eprintln_lossy!("warning: {w}");
    }
    if !a.diff.is_empty() {
        tally.corrections += a.corrections.len();
        if human {
            for c in &a.corrections {
                println!("# {}: {c}", a.path.display());
            }
            print!("{}", a.diff);
        }
        if !fix {
            tally.raise(Exit::Differs);
        }
    }
    for (claim, strict) in &a.refuted_claims {
        if human {
            println!(
                "claim refuted: {claim}{}",
                if *strict { " [strict]" } else { "" }
            );
        }
        tally.refuted += 1;
        if *strict {
            tally.strict += 1;
            tally.raise(Exit::Differs);
        }
    }
}

/// Writes one file's corrections; says so when the file changed under the audit.
fn fix_file(a: &FileAudit, config: &Config, oracle: &mut Oracle, tally: &mut Tally) -> Result<()> {
    match audit::write_fix(a, &config.constraints, oracle)? {
        Fixed::AsAudited => tally.written += 1,
        Fixed::Reaudited(again) => {
            zuma_judge::eprintln_lossy!(
                "{}: changed while it was audited (another writer); audited again under the lock: {}",
                a.path.display(),
                if again.diff.is_empty() {
                    "nothing to correct, not written".to_string()
                } else {
                    format!("{} corrections written", again.corrections.len())
                }
            );
            tally.written += usize::from(!again.diff.is_empty());
        }
    }
    Ok(())
}
