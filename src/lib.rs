//! zuma-judge: a judge harness for LeetCode 488 "Zuma Game" (`findMinStep(board, hand)`).
//!
//! It loads TOML case files, runs every registered candidate solution on them, and compares
//! each answer with an exact [`game::oracle`] whose every positive answer carries a replayed
//! witness.
//!
//! ```
//! use zuma_judge::game::rules::{Constraints, Instance};
//! let i = Instance::parse("RRWWRRBBRR", "WB", &Constraints::default()).unwrap();
//! let answer = zuma_judge::game::oracle::solve(&i).unwrap();
//! assert_eq!(answer.as_i32(), 2);
//! ```
//!
//! # Layout
//!
//! One folder per stage of the data flow, lowest first:
//!
//! - [`game`]: the problem: rules, oracle, reference search, partial lines, move sequences,
//!   enumeration and symmetry. Pure.
//! - [`cases`]: case files, `judge.toml`, audit, regression files, the suite checked against
//!   the oracle.
//! - [`submission`]: what is judged: the catalog of solutions found, the registry, languages,
//!   builds, calling a solution (`Executor`), verdicts, workers and their protocol, the sandbox.
//! - [`judge`]: the judging session (`judge::session`: the one library call `run`, `grade`
//!   and `hack` make), the runner in files by role (its events, the typed report, one judge
//!   call, streaks, the sweep, shrinking, the one failing-input type), timing, minimising,
//!   metamorphic laws, the kill matrix, the catalogue of wrong ideas and the diagnosis, Ctrl-C.
//! - [`hunt`] and [`editorial`]: the counterexample hunters (exhaust, fuzz, selfcheck, bench)
//!   and the extraction and checking of an editorial's claims and code.
//! - [`export`]: problem packages for other systems (a Kattis package, a DOMjudge zip) made
//!   from the suite, the oracle's answers and `solutions/`.
//! - [`report`]: the one output writer (`report::writer`), one file per output format, the
//!   baseline diff, the progress bar, a witness explained and drawn.
//! - the binary (`src/main.rs`, `src/cli/`: one file per subcommand): flags, one library call,
//!   the typed result handed to the writer, its [`judge::exit::Exit`] returned.
//!
//! [`atomic`] (atomic writes and the folder lock) is used by every stage that writes files.
//! [`judge::exit`] holds the one exit-code type, which every typed report names (the lowest
//! stage whose reports decide an exit: `run`'s and `grade`'s).
//!
//! Allowed arrows (a stage may use the stages to its left):
//!
//! ```text
//! game <- cases <- submission <- judge <- hunt/editorial/export <- report <- cli
//! ```
//!
//! No arrow runs up. Judged inputs reach the reporters typed: a case result, a failing input, a
//! counterexample and an editorial's claim carry `game::oracle::Solved` (the instance and the
//! oracle's answer), from which the reporters draw the witness without parsing the board or
//! solving it again (a -1's search is described by a fresh solve,
//! `report::explain::fresh_search`); a regression case is recorded from the typed instance. JSON carries
//! the witness as moves (`game::moves::compact`, `R@2 B@1`), and an editorial's code block also
//! as the rows `report::editorial::json` draws.
//!
//! `judge::execute` and `judge::verdict` are re-exports of `submission::execute` and
//! `submission::verdict`, which `submission` needs; `judge::runner`'s `check_suite` and
//! `ClaimReport` are re-exports of `cases::check`, which `cases::audit` needs.
//!
//! `editorial::grade` also uses `hunt` (`exhaust`, `counterexample`): a sideways arrow within one
//! stage.

/// `eprintln!` that drops a failed write. Standard error carries messages only; a reader of it
/// that has gone (`2>&1 >report.json | head -1`) must not change the exit code, which carries
/// the verdict.
#[macro_export]
macro_rules! eprintln_lossy {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

pub mod atomic;
pub mod cases;
pub mod editorial;
pub mod export;
pub mod game;
pub mod hunt;
pub mod judge;
pub mod report;
pub mod submission;
