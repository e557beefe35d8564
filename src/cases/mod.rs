//! The suite as data: discovering and validating case files, `judge.toml` (the constraints and
//! the judging limits), `audit` of files and claims against the oracle, and the regression files
//! the hunters record into, `.in`/`.ans` pairs (`pairs`), and the suite checked against the oracle (`check`). Built on `game`
//! (and the crate-wide `atomic` writes) only.

pub mod audit;
pub mod case;
pub mod check;
pub mod config;
pub mod hacks;
pub mod pairs;
pub mod regression;
