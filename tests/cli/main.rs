//! The one integration-test binary: drives the real `zuma-judge` executable (assert_cmd) and
//! snapshots its output (insta) with timings filtered out. One module per command or concern.

mod common;
mod data;
mod diagnosis;
mod editorial;
mod exhaust;
mod export;
mod fuzz;
mod grade;
mod gradescope;
mod languages;
mod oracle_speed;
mod readme;
mod report;
mod run;
mod sandbox;
mod shard;
mod solve;
mod worker;
