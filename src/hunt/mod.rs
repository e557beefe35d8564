//! The hunters: `exhaust` (every instance up to a bound: the `sweep` of symmetry classes,
//! sharded, and the `merge` of shards) and `fuzz` (seeded random instances), on the `worker`
//! threads both share, with the metamorphic `check` both make and the counterexample both
//! record, and a submission file as their candidate (`submission`); `selfcheck` (the oracle against the reference and the laws) and `bench`. Built on
//! `judge` and below; their commands are in `src/cli/{exhaust,fuzz,merge,selfcheck,bench}.rs`,
//! their output in `report/hunt.rs` and `report/bench.rs`.

pub mod bench;
pub mod check;
pub mod counterexample;
pub mod exhaust;
pub mod fuzz;
pub mod grade_shards;
pub mod merge;
pub mod selfcheck;
pub mod submission;
pub mod sweep;
pub mod worker;
