//! Judging: the judging session (`session`, with its verdict cache `tapes`) and the runner
//! that judges every (solution, case) pair and emits events, with its parts each in its own
//! file: the report types (`report`, `case_result`, `failing`), the events (`events`), one
//! judged call and its reruns (`call`), the streak of limit verdicts (`streak`), the sweep
//! (`sweep`) and shrinking (`shrink`, on `minimise`); then timing, the metamorphic laws, the
//! kill matrix, a hack's rejudge preview, the diagnosis of a failing submission and the reason for
//! its verdict (`reason`), Ctrl-C, and the
//! one exit-code type of every command (`exit`). Built on `submission`, `cases` and `game`; the
//! runner never prints, reporters turn its events and reports into text. `execute` (calling a
//! solution) and `verdict` (the verdict kinds) live in `submission`, which needs them too; they
//! are re-exported here.

pub use crate::submission::{execute, verdict};

pub mod call;
pub mod case_result;
pub mod case_verdict;
pub mod diagnosis;
pub mod events;
pub mod exit;
pub mod extras;
pub mod failing;
pub mod hack;
pub mod ideas;
pub mod interrupt;
mod judging;
pub mod killmatrix;
pub mod metamorphic;
pub mod minimise;
pub mod reason;
pub mod report;
pub mod runner;
pub mod session;
mod shrink;
mod streak;
pub mod sweep;
pub mod tapes;
pub mod timing;
