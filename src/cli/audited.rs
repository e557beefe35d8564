//! One file of `audit`: its errors, warnings, corrections and refuted claims said and counted,
//! and with `--fix` its corrections written.

use anyhow::Result;

use zuma_judge::cases::audit::{self, FileAudit, Fixed};
use zuma_judge::cases::config::Config;
use zuma_judge::game::oracle::Oracle;
use zuma_judge::judge::exit::Exit;
use zuma_judge::report::audit::Tally;

/// Prints one file's errors and warnings (stderr) and, for people, its corrections, diff and
/// refuted claims (stdout); counts them all.
pub fn show(a: &FileAudit, fix: bool, human: bool, tally: &mut Tally) {
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
pub fn fix_file(
    a: &FileAudit,
    config: &Config,
    oracle: &mut Oracle,
    tally: &mut Tally,
) -> Result<()> {
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
