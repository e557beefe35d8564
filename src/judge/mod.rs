//! Judging: the runner that judges every (solution, case) pair and emits events, timing,
//! minimising, the metamorphic laws, the kill matrix, a hack's rejudge preview, and Ctrl-C. Built on `submission`, `cases`
//! and `game`; the runner never prints, reporters turn its events into text. `execute` (calling a
//! solution) and `verdict` (the verdict kinds) live in `submission`, which needs them too; they
//! are re-exported here.

pub use crate::submission::{execute, verdict};

pub mod diagnosis;
pub mod extras;
pub mod hack;
pub mod ideas;
pub mod interrupt;
pub mod killmatrix;
pub mod metamorphic;
pub mod minimise;
pub mod runner;
pub mod session;
pub mod tapes;
pub mod timing;
