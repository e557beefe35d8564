//! The suite as data: case files found (`discovery`), parsed (`parse`, with `text` positions) and
//! loaded into a `Suite` (`suite`; `case` gathers their API in one place), their errors
//! (`error`); inputs held by two cases (`duplicates`); `.in`/`.ans` pairs (`pairs`);
//! `judge.toml` (`config`: the constraints and the judging limits); `audit` of files and claims against the oracle, the suite checked against
//! it (`check`), and the regression files the hunters record into. Built on `game` (and the
//! crate-wide `atomic` writes) only.

pub mod audit;
pub mod case;
pub mod check;
pub mod config;
pub mod discovery;
pub mod duplicates;
pub mod error;
pub mod hacks;
pub mod pairs;
pub mod parse;
pub mod regression;
pub mod suite;
pub mod text;
