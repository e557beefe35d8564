//! Judging: calling a solution (`execute`), the runner that judges every (solution, case) pair
//! and emits events, verdicts, timing, minimising, the metamorphic laws, the kill matrix, and
//! Ctrl-C. Built on `submission`, `cases` and `game` (and, for now, `report::explain`'s witness
//! text); the runner never prints, reporters turn its events into text.

pub mod execute;
pub mod extras;
pub mod interrupt;
pub mod killmatrix;
pub mod metamorphic;
pub mod minimise;
pub mod runner;
pub mod timing;
pub mod verdict;
