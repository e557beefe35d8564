//! One file per subcommand (ARCHITECTURE.md, "Code map"), each with its flags as a `clap::Args` struct
//! and a `run` that returns the exit code; `main.rs` dispatches to them. A command hands its
//! typed result to the one output writer, [`zuma_judge::report::writer`]. `args.rs` holds the
//! flag groups several share, `hunted.rs` the solution `exhaust`, `merge` and `fuzz` judge,
//! `recorded.rs` the counterexample they record, `bar.rs` their progress bar, `audited.rs` one file of `audit`,
//! `broken_pipe.rs` the quiet exit when a reader goes away, `outputs.rs` the check of every
//! file a command will write, made before any judging.

pub mod args;
pub mod audit;
pub mod audited;
pub mod bar;
pub mod bench;
pub mod broken_pipe;
pub mod editorial;
pub mod exhaust;
pub mod export;
pub mod fuzz;
pub mod grade;
pub mod hack;
pub mod hunted;
pub mod ideas;
pub mod list;
pub mod merge;
pub mod outputs;
pub mod recorded;
pub mod run;
pub mod selfcheck;
pub mod solve;
pub mod worker;

use std::path::PathBuf;

use clap::{Parser, Subcommand};

use zuma_judge::report::draw::ColorWhen;

/// A judge for LeetCode 488 "Zuma Game": grades findMinStep solutions against an exact oracle.
#[derive(Parser)]
#[command(name = "zuma-judge", version, about)]
pub struct Cli {
    /// Constraints and limits file; used when present.
    #[arg(long, global = true, default_value = "judge.toml", value_name = "FILE")]
    pub config: PathBuf,
    /// Colour the output: auto (a terminal, unless NO_COLOR is set), always, never.
    #[arg(long, global = true, value_enum, default_value = "auto")]
    pub color: ColorWhen,
    /// Run workers without the sandbox (namespaces, read-only view, Landlock): only for code
    /// you trust, or where the kernel lacks a part; every report then says "sandbox: off".
    #[arg(long, global = true)]
    pub no_sandbox: bool,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand)]
pub enum Command {
    /// Judge every registered solution on the cases (the main job).
    Run(run::RunArgs),
    /// The oracle's answer for one input; the first line of human output is the number.
    Solve(solve::SolveArgs),
    /// Hold the oracle to the reference BFS and the metamorphic laws on every instance up to a
    /// size (all cores; exit 1 on any disagreement).
    Selfcheck(selfcheck::SelfcheckArgs),
    /// Time the oracle, the reference BFS and the seed 000 port on the same cases.
    Bench(bench::BenchArgs),
    /// Check case files and their claims against the oracle; print a diff of the corrections.
    Audit(audit::AuditArgs),
    /// The registered solutions, their expected verdicts and sources.
    List(list::ListArgs),
    /// Internal: serve one compiled solution to `run` over pipes (see zuma_judge::submission::worker).
    #[command(hide = true)]
    Worker {
        /// The solution's name.
        #[arg(long)]
        solution: String,
    },
    /// Grade submission files from anywhere (files or folders, recursively): a gradebook, or
    /// verdicts against a Kattis folder or a DOMjudge @EXPECTED_RESULTS@ comment.
    Grade(grade::GradeArgs),
    /// Check an editorial (text, Markdown or saved HTML): its stated answers, board
    /// transitions, move sequences and code blocks; a review out (exit 1 when anything is
    /// refuted).
    Editorial(editorial::EditorialArgs),
    /// Judge a solution on every valid instance up to a bound, one per symmetry class, smallest
    /// first; report the smallest counterexample (exit 1) or that there is none (exit 0).
    Exhaust(exhaust::ExhaustArgs),
    /// Combine the JSON reports of `exhaust --shard 1/N` .. `N/N` into one report, or those of
    /// `grade --shard 1/N` .. `N/N` into the gradebook of the whole folder.
    Merge(merge::MergeArgs),
    /// Judge a solution on seeded random instances aimed at answers 1..5; shrink and record the
    /// first failure (exit 1).
    Fuzz(fuzz::FuzzArgs),
    /// Write the suite, the constraints and solutions/ as a problem package for another
    /// contest system: a Kattis package folder or a DOMjudge zip.
    Export(export::ExportArgs),
    /// Preview a new input: validate it, label it with the oracle, show every verdict that
    /// would change if it were added; --apply adds it to the case file with its source.
    Hack(hack::HackArgs),
    /// The catalogue of known wrong ideas: each with its pitfall, its smallest counterexample
    /// and where it is published (a failing submission's report names the idea it follows).
    Ideas(ideas::IdeasArgs),
}
