//! The suite as data: discovering and validating case files, `judge.toml` (the constraints and
//! the judging limits), `audit` of files and claims against the oracle, and the regression files
//! the hunters record into. Built on `game` (and the crate-wide `atomic` writes) only, except
//! that `audit` borrows the runner's claim check from `judge`.

pub mod audit;
pub mod case;
pub mod config;
pub mod regression;
