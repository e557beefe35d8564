//! `zuma-judge run`, the main job.

use crate::common::judge;

#[test]
fn shipped_cases_pass() {
    judge().args(["run"]).assert().code(0);
}
