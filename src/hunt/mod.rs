//! The hunters: `exhaust` (every instance up to a bound, sharded and merged), `fuzz` (seeded
//! random instances), the counterexample both record, `selfcheck` (the oracle against the
//! reference and the laws) and `bench`. Built on `judge` and below; their commands are in
//! `src/cli/{exhaust,fuzz,merge,selfcheck,bench}.rs`, their output in `report/hunt.rs` and
//! `report/bench.rs`.

pub mod bench;
pub mod counterexample;
pub mod exhaust;
pub mod fuzz;
pub mod selfcheck;
