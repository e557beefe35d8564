//! zuma-judge: a judge harness for LeetCode 488 "Zuma Game" (`findMinStep(board, hand)`).
//!
//! It loads TOML case files, runs every registered candidate solution on them, and compares
//! each answer with an exact [`game::oracle`] whose every positive answer carries a replayed witness.
//!
//! ```
//! use zuma_judge::game::rules::{Constraints, Instance};
//! let i = Instance::parse("RRWWRRBBRR", "WB", &Constraints::default()).unwrap();
//! let answer = zuma_judge::game::oracle::solve(&i).unwrap();
//! assert_eq!(answer.as_i32(), 2);
//! ```

pub mod atomic;
pub mod cases;
pub mod editorial;
pub mod game;
pub mod hunt;
pub mod judge;
pub mod report;
pub mod submission;
