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

/// Where each submission's tape is kept in the verdict cache, keyed by its build (source,
/// language and toolchain), the judge binary, the valid cases in order, `judge.toml` and the
/// sandbox; `None` for a submission that did not build (nothing to replay) or when the judge
/// binary cannot be read.
pub fn paths(
    builds: &[build::Outcome],
    config: &Config,
    suite: &Suite,
    checked: &Checked,
) -> Vec<Option<PathBuf>> {
    let judge = std::env::current_exe().and_then(std::fs::read).ok();
    let mut common = replay::Key::new();
    let Some(judge) = judge else {
        return builds.iter().map(|_| None).collect();
    };
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
    let root = build::cache_root();
    builds
        .iter()
        .map(|b| {
            let dir = b.result.as_ref().ok()?.dir.file_name()?;
            let mut key = common.clone();
            key.put(dir.as_encoded_bytes());
            Some(key.path(&root))
        })
        .collect()
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
