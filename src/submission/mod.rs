//! What is judged: submissions and how they are called. The registry of drop-in solutions, the
//! table of languages (one file each), builds and their cache, the `Executor` trait that calls a
//! solution (`execute`), the verdicts it can get and be expected to get (`verdict`), and the
//! worker processes that run a submission under the judge's limits (`worker`, `tree`, `sandbox`)
//! and the lines they speak (`protocol`),
//! `grade`'s intake of submission folders (`intake`, `pasted`, `expected_results`), and the
//! verdict cache that replays a submission's recorded calls (`replay`). Knows nothing of case
//! files or the oracle: it reads only the limits of `cases::config`.

pub mod build;
pub mod catalog;
pub mod execute;
pub mod expected_results;
pub mod intake;
pub mod language;
pub mod languages;
pub mod pasted;
pub mod protocol;
#[cfg(test)]
mod reaches_out;
pub mod registry;
pub mod replay;
pub mod sandbox;
pub mod tree;
pub mod verdict;
pub mod worker;
