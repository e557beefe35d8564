//! What is judged: submissions and how they are called. The registry of drop-in solutions, the
//! table of languages (one file each), builds and their cache, and the worker processes that
//! run a submission under the judge's limits. Knows nothing of case files or the oracle: it reads
//! only the limits of `cases::config`, and (upward, for now) `judge`'s executor trait and verdicts.

pub mod build;
pub mod expected_results;
pub mod intake;
pub mod language;
pub mod languages;
pub mod pasted;
#[cfg(test)]
mod reaches_out;
pub mod registry;
pub mod sandbox;
pub mod tree;
pub mod worker;
