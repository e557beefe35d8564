//! `zuma-judge audit [PATH]... [--fix]`: check case files against the oracle, print a diff of
//! the corrections and, with `--fix`, write them (atomically, under the folder lock). Ctrl-C or
//! SIGTERM stops it between files: the file being written is finished, the summary says where
//! it stopped, exit 3.

use std::path::PathBuf;
use std::sync::atomic::Ordering;

use anyhow::Result;

use zuma_judge::cases::audit::{self, FileAudit, Fixed};
use zuma_judge::cases::config::Config;
use zuma_judge::game::oracle::Oracle;
use zuma_judge::judge::interrupt;

/// What the audit found, for the exit code and the summary.
#[derive(Default)]
struct Tally {
    /// Exit code so far: 2 beats 1.
    code: u8,
    corrections: usize,
    audited: usize,
    written: usize,
}

impl Tally {
    fn raise(&mut self, code: u8) {
        if self.code != 2 {
            self.code = self.code.max(code);
        }
    }
}

/// Runs `audit`; returns the exit code (0 clean, 1 corrections proposed or a strict claim
/// refuted, 2 a file that cannot be audited, 3 interrupted; 2 takes precedence over 3, 3 over 1).
pub fn run(config: &Config, paths: Vec<PathBuf>, fix: bool) -> Result<u8> {
    let roots = if paths.is_empty() {
        vec![PathBuf::from("cases")]
    } else {
        paths
    };
    interrupt::install()?;
    let targets = audit::targets(&roots);
    let mut tally = Tally::default();
    for e in &targets.errors {
        eprintln!("{e}");
        tally.raise(2);
    }
    for w in &targets.warnings {
        eprintln!("warning: {w}");
    }
    let mut oracle = Oracle::new();
    for path in &targets.files {
        if interrupt::STOP.load(Ordering::SeqCst) {
            break;
        }
        let a = audit::audit_file(path, &config.constraints, &mut oracle)?;
        tally.audited += 1;
        show(&a, fix, &mut tally);
        if fix && !a.diff.is_empty() {
            fix_file(&a, config, &mut oracle, &mut tally)?;
        }
    }
    let verb = if fix {
        format!("written to {} files", tally.written)
    } else {
        "proposed (run with --fix to write them)".to_string()
    };
    let total = targets.files.len();
    if tally.audited < total {
        eprintln!(
            "interrupted: audited {} of {total} files: {} corrections {verb}; the other files were not read",
            tally.audited, tally.corrections
        );
        if tally.code != 2 {
            tally.code = 3;
        }
    } else {
        eprintln!(
            "audited {total} files: {} corrections {verb}",
            tally.corrections
        );
    }
    Ok(tally.code)
}

/// Prints one file's errors, warnings, corrections, diff and refuted claims.
fn show(a: &FileAudit, fix: bool, tally: &mut Tally) {
    for e in &a.errors {
        eprintln!("{e}");
        tally.raise(2);
    }
    for w in &a.warnings {
        eprintln!("warning: {w}");
    }
    if !a.diff.is_empty() {
        tally.corrections += a.corrections.len();
        for c in &a.corrections {
            println!("# {}: {c}", a.path.display());
        }
        print!("{}", a.diff);
        if !fix {
            tally.raise(1);
        }
    }
    for (claim, strict) in &a.refuted_claims {
        println!(
            "claim refuted: {claim}{}",
            if *strict { " [strict]" } else { "" }
        );
        if *strict {
            tally.raise(1);
        }
    }
}

/// Writes one file's corrections; says so when the file changed under the audit.
fn fix_file(a: &FileAudit, config: &Config, oracle: &mut Oracle, tally: &mut Tally) -> Result<()> {
    match audit::write_fix(a, &config.constraints, oracle)? {
        Fixed::AsAudited => tally.written += 1,
        Fixed::Reaudited(again) => {
            eprintln!(
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
