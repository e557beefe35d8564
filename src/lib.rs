//! zuma-judge: a judge harness for LeetCode 488 "Zuma Game" (`findMinStep(board, hand)`).
//!
//! It loads TOML case files, runs every registered candidate solution on them, and compares
//! each answer with an exact [`oracle`] whose every positive answer carries a replayed witness.
//!
//! ```
//! use zuma_judge::rules::{Constraints, Instance};
//! let i = Instance::parse("RRWWRRBBRR", "WB", &Constraints::default()).unwrap();
//! let answer = zuma_judge::oracle::solve(&i).unwrap();
//! assert_eq!(answer.as_i32(), 2);
//! ```

pub mod atomic;
pub mod audit;
pub mod baseline;
pub mod bench;
pub mod case;
pub mod config;
pub mod counterexample;
pub mod draw;
pub mod editorial;
pub mod execute;
pub mod exhaust;
pub mod explain;
pub mod fuzz;
pub mod generate;
pub mod interrupt;
pub mod killmatrix;
pub mod metamorphic;
pub mod minimise;
pub mod moves;
pub mod oracle;
pub mod partial;
pub mod progress;
pub mod reference;
pub mod regression;
pub mod report;
pub mod rules;
pub mod runner;
pub mod selfcheck;
pub mod submission;
pub mod timing;
pub mod verdict;
