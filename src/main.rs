//! The `zuma-judge` command line: parses flags, calls the library, maps results to exit codes
//! (0 as expected, 1 a difference from the truth, 2 usage, configuration or case-file error).

use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use clap::{Parser, Subcommand};

use zuma_judge::audit;
use zuma_judge::case;
use zuma_judge::config::Config;
use zuma_judge::execute::{Executor, InProcess};
use zuma_judge::explain;
use zuma_judge::oracle::Oracle;
use zuma_judge::registry::{self, Solution};
use zuma_judge::report::{self, Format};
use zuma_judge::rules::Instance;
use zuma_judge::runner::{self, Event};

mod cli_hunt;

/// A judge for LeetCode 488 "Zuma Game": grades findMinStep solutions against an exact oracle.
#[derive(Parser)]
#[command(name = "zuma-judge", version, about)]
struct Cli {
    /// Constraints and limits file; used when present.
    #[arg(long, global = true, default_value = "judge.toml", value_name = "FILE")]
    config: PathBuf,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Judge every registered solution on the cases (the main job).
    Run {
        /// A case file or a directory of them; repeatable.
        #[arg(long = "cases", value_name = "PATH", default_value = "cases")]
        cases: Vec<PathBuf>,
        /// Judge only this solution; repeatable.
        #[arg(long = "solution", value_name = "NAME")]
        solutions: Vec<String>,
        /// Output format.
        #[arg(long, value_enum, default_value = "human")]
        format: Format,
        /// Write the report here instead of standard output.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
        /// Also check that each solution's answers survive board reversal, colour renaming and
        /// hand reordering.
        #[arg(long)]
        metamorphic: bool,
        /// Also show which cases kill which wrong solutions, and a smallest killing set.
        #[arg(long)]
        kill_matrix: bool,
    },
    /// The oracle's answer for one input; the first line of human output is the number.
    Solve {
        /// The board, e.g. RRWWRRBBRR.
        board: String,
        /// The hand, e.g. WB.
        hand: String,
        /// Show the witness step by step.
        #[arg(long)]
        explain: bool,
        /// Output format.
        #[arg(long, value_enum, default_value = "human")]
        format: Format,
    },
    /// Check case files and their claims against the oracle; print a diff of the corrections.
    Audit {
        /// Case files or directories (default: cases).
        paths: Vec<PathBuf>,
        /// Write the corrections to the files.
        #[arg(long)]
        fix: bool,
    },
    /// The registered solutions, their expected verdicts and sources.
    List,
    #[command(flatten)]
    Hunt(cli_hunt::HuntCommand),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> Result<u8> {
    let config = Config::load(&cli.config, cli.config != *"judge.toml")?;
    match cli.command {
        Command::Run {
            cases,
            solutions,
            format,
            out,
            metamorphic,
            kill_matrix,
        } => cmd_run(
            &config,
            &cases,
            &solutions,
            format,
            out,
            (metamorphic, kill_matrix),
        ),
        Command::Solve {
            board,
            hand,
            explain,
            format,
        } => cmd_solve(&config, &board, &hand, explain, format),
        Command::Audit { paths, fix } => cmd_audit(&config, paths, fix),
        Command::List => cmd_list(),
        Command::Hunt(cmd) => cli_hunt::run(&config, cmd),
    }
}

fn cmd_run(
    config: &Config,
    roots: &[PathBuf],
    names: &[String],
    format: Format,
    out: Option<PathBuf>,
    (metamorphic, kill_matrix): (bool, bool),
) -> Result<u8> {
    let all: Vec<&dyn Solution> = registry::compiled()
        .iter()
        .map(|s| s as &dyn Solution)
        .collect();
    let chosen: Vec<&dyn Solution> = if names.is_empty() {
        all
    } else {
        let mut v = Vec::new();
        for n in names {
            match all.iter().find(|s| s.name() == n) {
                Some(s) => v.push(*s),
                None => bail!(
                    "no solution named '{n}'; registered: {}",
                    all.iter().map(|s| s.name()).collect::<Vec<_>>().join(", ")
                ),
            }
        }
        v
    };
    let suite = case::load(roots, &config.constraints);
    let mut progress = |e: &Event| {
        if let Event::SolutionFinished { report } = e {
            eprintln!("judged {}: {}", report.name, report.verdict.name());
        }
    };
    let mut report = runner::run(
        &suite,
        &chosen,
        config,
        &mut |s| Box::new(InProcess::new(s)) as Box<dyn Executor + '_>,
        &mut progress,
    )?;
    let text = if metamorphic || kill_matrix {
        let extras = cli_hunt::run_extras(&suite, &chosen, &mut report, metamorphic, kill_matrix);
        cli_hunt::render_run(&report, &extras, format)?
    } else {
        report::reporter(format).render(&report)
    };
    match out {
        Some(path) => std::fs::write(&path, text)
            .with_context(|| format!("cannot write {}", path.display()))?,
        None => std::io::stdout().write_all(text.as_bytes())?,
    }
    Ok(report.exit_code as u8)
}

fn cmd_solve(
    config: &Config,
    board: &str,
    hand: &str,
    explain: bool,
    format: Format,
) -> Result<u8> {
    let inst = match Instance::parse(board, hand, &config.constraints) {
        Ok(i) => i,
        Err(e) => {
            eprintln!("error: input rejected: {e}");
            return Ok(2);
        }
    };
    let answer = Oracle::new().solve(&inst)?;
    let moves = answer.witness.clone().unwrap_or_default();
    match format {
        Format::Json => {
            let v = serde_json::json!({
                "board": board,
                "hand": hand,
                "answer": answer.as_i32(),
                "witness": moves,
                "steps": explain::steps(&inst, &moves),
                "states": answer.states,
            });
            println!("{}", serde_json::to_string_pretty(&v)?);
        }
        Format::Human => {
            println!("{}", answer.as_i32());
            if explain {
                if answer.witness.is_some() {
                    println!("{board} + {hand}: {} moves", moves.len());
                    for line in explain::text(&inst, &moves) {
                        println!("{line}");
                    }
                    println!("{} states expanded", answer.states);
                } else {
                    println!(
                        "{board} + {hand}: no sequence of up to {} moves empties the board; {} states expanded and exhausted",
                        answer.exhausted_budget, answer.states
                    );
                }
            }
        }
    }
    Ok(0)
}

fn cmd_audit(config: &Config, paths: Vec<PathBuf>, fix: bool) -> Result<u8> {
    let roots = if paths.is_empty() {
        vec![PathBuf::from("cases")]
    } else {
        paths
    };
    let audits = audit::audit(&roots, &config.constraints)?;
    let mut code = 0u8;
    let mut corrections = 0;
    for a in &audits {
        for e in &a.errors {
            eprintln!("{e}");
            code = 2;
        }
        if !a.diff.is_empty() {
            corrections += a.corrections.len();
            for c in &a.corrections {
                println!("# {}: {c}", a.path.display());
            }
            print!("{}", a.diff);
            if fix {
                std::fs::write(&a.path, &a.corrected)
                    .with_context(|| format!("cannot write {}", a.path.display()))?;
            } else if code == 0 {
                code = 1;
            }
        }
        for (claim, strict) in &a.refuted_claims {
            println!(
                "claim refuted: {claim}{}",
                if *strict { " [strict]" } else { "" }
            );
            if *strict && code == 0 {
                code = 1;
            }
        }
    }
    let verb = if fix {
        "written"
    } else {
        "proposed (run with --fix to write them)"
    };
    eprintln!(
        "audited {} files: {corrections} corrections {verb}",
        audits.len()
    );
    Ok(code)
}

fn cmd_list() -> Result<u8> {
    let mut t = report::human::table(&["solution", "expected", "file", "source"]);
    for s in registry::compiled() {
        t.add_row(vec![s.name, s.expected.name(), s.path, s.source]);
    }
    println!("{t}");
    Ok(0)
}
