//! The verdict cache of a judging session: where each submission's tape of calls is kept
//! (see [`crate::submission::replay`]), keyed by everything that could change a verdict, and
//! which judgements are kept.

use std::path::{Path, PathBuf};

use crate::cases::case::Suite;
use crate::cases::config::Config;
use crate::judge::runner::{Checked, RunReport};
use crate::submission::build;
use crate::submission::replay::{self, Record};
use crate::submission::sandbox;

/// What keys every submission's tape in the verdict cache besides its build: the judge binary,
/// `judge.toml`, the sandbox and the valid cases in order; `None` when the judge binary cannot
/// be read (nothing is replayed or kept then).
pub fn common_key(config: &Config, suite: &Suite, checked: &Checked) -> Option<replay::Key> {
    let judge = std::env::current_exe().and_then(std::fs::read).ok()?;
    let mut common = replay::Key::new();
    common.put(&judge);
    common.put(
        serde_json::to_string(config)
            .expect("a config serialises")
            .as_bytes(),
    );
    common.put(sandbox::status().describe().as_bytes());
    for (c, t) in suite.cases.iter().zip(&checked.truth) {
        if t.is_some() {
            for part in [&c.id, &c.board, &c.hand] {
                common.put(part.as_bytes());
            }
        }
    }
    Some(common)
}

/// Where a submission's tape is kept in the verdict cache, keyed by `common` ([`common_key`])
/// and its build (source, language and toolchain); `None` for a submission that did not build
/// (nothing to replay).
pub fn path(common: &replay::Key, build: &build::Outcome) -> Option<PathBuf> {
    let dir = build.result.as_ref().ok()?.dir.file_name()?;
    let mut key = common.clone();
    key.put(dir.as_encoded_bytes());
    Some(key.path(&build::cache_root()))
}

/// Keeps the calls of a complete judgement as the submission's tape, unless they were all
/// replayed from it; a stopped or incomplete one is never kept. A tape that cannot be written
/// costs the next run its shortcut, nothing more: said on standard error.
pub fn keep(r: &RunReport, record: &Record, had_tape: bool, path: &Path) {
    let complete = r.incomplete.is_none() && r.solutions.iter().all(|s| s.complete);
    if record.stopped || !complete || (had_tape && record.live == 0) {
        return;
    }
    if let Err(e) = record.tape.save(path) {
        crate::eprintln_lossy!(
            "warning: cannot keep the verdict cache's tape {}: {e}",
            path.display()
        );
    }
}
