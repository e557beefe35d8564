//! The `zuma-judge` command line: parses flags, calls the library, maps results to exit codes
//! (0 as expected, 1 a difference from the truth, 2 usage, configuration or case-file error).

use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use clap::{Parser, Subcommand};

use zuma_judge::audit;
use zuma_judge::bench::{self, Engine};
use zuma_judge::case;
use zuma_judge::config::Config;
use zuma_judge::execute::{Executor, InProcess};
use zuma_judge::explain;
use zuma_judge::oracle::Oracle;
use zuma_judge::registry::{self, Solution};
use zuma_judge::report::{self, Format};
use zuma_judge::rules::Instance;
use zuma_judge::runner::{self, Event};
use zuma_judge::selfcheck;

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
        /// Who answers: the oracle, the plain reference BFS, or the seed 000 port (for timing
        /// whole processes); only the oracle has a witness to explain.
        #[arg(long, value_enum, default_value = "oracle")]
        engine: Engine,
    },
    /// Hold the oracle to the reference BFS and the metamorphic laws on every instance up to a
    /// size (all cores; exit 1 on any disagreement).
    Selfcheck {
        /// Longest board, in balls.
        #[arg(long, default_value_t = 6, value_name = "N")]
        max_board: usize,
        /// Largest hand, in balls.
        #[arg(long, default_value_t = 4, value_name = "M")]
        max_hand: usize,
        /// Output format.
        #[arg(long, value_enum, default_value = "human")]
        format: Format,
    },
    /// Time the oracle, the reference BFS and the seed 000 port on the same cases.
    Bench {
        /// A case file or a directory of them; repeatable.
        #[arg(long = "cases", value_name = "PATH", default_value = "bench/hard.toml")]
        cases: Vec<PathBuf>,
        /// Time only this engine; repeatable (default: all three).
        #[arg(long = "engine", value_enum, value_name = "ENGINE")]
        engines: Vec<Engine>,
        /// Time whole `zuma-judge solve --engine E` processes instead of in-process calls.
        #[arg(long)]
        process: bool,
        /// Runs per case and engine, averaged.
        #[arg(long, default_value_t = 1, value_name = "N")]
        repeat: usize,
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
        } => cmd_run(&config, &cases, &solutions, format, out),
        Command::Solve {
            board,
            hand,
            explain,
            format,
            engine,
        } => cmd_solve(&config, &board, &hand, explain, format, engine),
        Command::Selfcheck {
            max_board,
            max_hand,
            format,
        } => cmd_selfcheck(max_board, max_hand, format),
        Command::Bench {
            cases,
            engines,
            process,
            repeat,
            format,
        } => cmd_bench(&config, &cases, &engines, process, repeat, format),
        Command::Audit { paths, fix } => cmd_audit(&config, paths, fix),
        Command::List => cmd_list(),
    }
}

fn cmd_run(
    config: &Config,
    roots: &[PathBuf],
    names: &[String],
    format: Format,
    out: Option<PathBuf>,
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
    let report = runner::run(
        &suite,
        &chosen,
        config,
        &mut |s| Box::new(InProcess::new(s)) as Box<dyn Executor + '_>,
        &mut progress,
    )?;
    let text = report::reporter(format).render(&report);
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
    engine: Engine,
) -> Result<u8> {
    let inst = match Instance::parse(board, hand, &config.constraints) {
        Ok(i) => i,
        Err(e) => {
            eprintln!("error: input rejected: {e}");
            return Ok(2);
        }
    };
    if engine != Engine::Oracle {
        let answer = engine.answer(&inst)?;
        match format {
            Format::Json => {
                let v = serde_json::json!({
                    "board": board, "hand": hand, "answer": answer, "engine": engine,
                });
                println!("{}", serde_json::to_string_pretty(&v)?);
            }
            Format::Human => println!("{answer}"),
        }
        return Ok(0);
    }
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
                "search": answer.stats,
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
                    println!("{}", explain::search(&answer, inst.hand.len()));
                } else {
                    println!(
                        "{board} + {hand}: {}",
                        explain::search(&answer, inst.hand.len())
                    );
                }
            }
        }
    }
    Ok(0)
}

fn cmd_selfcheck(max_board: usize, max_hand: usize, format: Format) -> Result<u8> {
    let options = selfcheck::Options {
        max_board,
        max_hand,
    };
    // indicatif draws only when stderr is a terminal.
    let bar = indicatif::ProgressBar::new(selfcheck::class_count(options)).with_style(
        indicatif::ProgressStyle::with_template(
            "{elapsed_precise} [{bar:40}] {pos}/{len} classes ({eta} left)",
        )?
        .progress_chars("=> "),
    );
    let summary = selfcheck::run(options, &|| bar.inc(1));
    bar.finish_and_clear();
    match format {
        Format::Json => println!("{}", serde_json::to_string_pretty(&summary)?),
        Format::Human => println!("{summary}"),
    }
    Ok(summary.exit_code())
}

fn cmd_bench(
    config: &Config,
    cases: &[PathBuf],
    engines: &[Engine],
    process: bool,
    repeat: usize,
    format: Format,
) -> Result<u8> {
    let engines = if engines.is_empty() {
        Engine::ALL.to_vec()
    } else {
        engines.to_vec()
    };
    let mode = if process {
        bench::Mode::Process
    } else {
        bench::Mode::InProcess
    };
    let exe = std::env::current_exe().context("cannot find the zuma-judge executable")?;
    let report = bench::run(
        cases,
        &config.constraints,
        &engines,
        mode,
        repeat,
        &exe,
        &mut |row| eprintln!("timed {}", row.case),
    )?;
    match format {
        Format::Json => println!("{}", serde_json::to_string_pretty(&report)?),
        Format::Human => println!("{report}"),
    }
    Ok(u8::from(!report.disagreements.is_empty()))
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
