//! The `zuma-judge` command line: parses flags, calls the library, maps results to exit codes
//! (0 as expected, 1 a difference from the truth, 2 usage, configuration or case-file error,
//! 3 an incomplete run).

use std::io::{IsTerminal as _, Write as _};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use clap::{Parser, Subcommand};

use zuma_judge::cases::case;
use zuma_judge::cases::config::Config;
use zuma_judge::game::oracle::Oracle;
use zuma_judge::game::partial;
use zuma_judge::game::rules::Instance;
use zuma_judge::hunt::bench::{self, Engine};
use zuma_judge::hunt::selfcheck;
use zuma_judge::judge::execute::Unbuilt;
use zuma_judge::judge::execute::{Executor, InProcess, Repeat, Unjudged};
use zuma_judge::judge::interrupt;
use zuma_judge::judge::runner;
use zuma_judge::judge::verdict::VerdictKind;
use zuma_judge::report::baseline::{self, Baseline};
use zuma_judge::report::draw::{self, ColorWhen};
use zuma_judge::report::explain;
use zuma_judge::report::progress::Progress;
use zuma_judge::report::{self, Format, HumanOrJson, ReportSpec};
use zuma_judge::submission::pasted::{self, Pasted};
use zuma_judge::submission::registry::{self, Solution};
use zuma_judge::submission::sandbox;
use zuma_judge::submission::worker::{self, Launch, Settings, Worker};
use zuma_judge::submission::{build, languages};

mod cli;
mod cli_hunt;

/// A judge for LeetCode 488 "Zuma Game": grades findMinStep solutions against an exact oracle.
#[derive(Parser)]
#[command(name = "zuma-judge", version, about)]
struct Cli {
    /// Constraints and limits file; used when present.
    #[arg(long, global = true, default_value = "judge.toml", value_name = "FILE")]
    config: PathBuf,
    /// Colour the output: auto (a terminal, unless NO_COLOR is set), always, never.
    #[arg(long, global = true, value_enum, default_value = "auto")]
    color: ColorWhen,
    /// Run workers without the sandbox (namespaces, read-only view, Landlock): only for code
    /// you trust, or where the kernel lacks a part; every report then says "sandbox: off".
    #[arg(long, global = true)]
    no_sandbox: bool,
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
        /// Also write a report in FORMAT to PATH, e.g. junit=judge.xml; repeatable.
        #[arg(long = "report", value_name = "FORMAT=PATH")]
        reports: Vec<ReportSpec>,
        /// Compare with an earlier `--format json` report: changed verdicts, cases and
        /// solutions that came or went, and cases slower by more than max(3 x the repeats'
        /// spread, 10 ms or 1 ms with repeats, 50%). A verdict regression exits 1.
        #[arg(long, value_name = "OLD.json")]
        baseline: Option<PathBuf>,
        /// Call each solution N times per case and report the median time.
        #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
        repeat: u32,
        /// Call compiled solutions in the judge's own process (no limits; a loop hangs the run).
        #[arg(long, hide = true)]
        in_process: bool,
        /// Also judge the submissions in every supported language under DIR/<verdict>/
        /// (Rust files there are built by rustc), without rebuilding the judge.
        #[arg(long, alias = "scripts-dir", value_name = "DIR")]
        solutions_dir: Option<PathBuf>,
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
        format: HumanOrJson,
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
        format: HumanOrJson,
    },
    /// Time the oracle, the reference BFS and the seed 000 port on the same cases.
    Bench {
        /// A case file or a directory of them; repeatable.
        #[arg(long = "cases", value_name = "PATH", default_value = "cases/hard.toml")]
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
        format: HumanOrJson,
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
    List(cli::list::ListArgs),
    /// Internal: serve one compiled solution to `run` over pipes (see zuma_judge::submission::worker).
    #[command(hide = true)]
    Worker {
        /// The solution's name.
        #[arg(long)]
        solution: String,
    },
    /// Grade submission files from anywhere (files or folders, recursively): a gradebook, or
    /// verdicts against a Kattis folder or a DOMjudge @EXPECTED_RESULTS@ comment.
    Grade(cli::grade::GradeArgs),
    /// Check an editorial (text, Markdown or saved HTML): its stated answers, board
    /// transitions, move sequences and code blocks; a review out (exit 1 when anything is
    /// refuted).
    Editorial(cli::editorial::EditorialArgs),
    #[command(flatten)]
    Hunt(cli_hunt::HuntCommand),
}

fn main() -> ExitCode {
    // Before anything else, while the process has one thread: a worker's sandbox.
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if let Some(why) = sandbox::refusal(&args) {
        eprintln!("error: {why}");
        return ExitCode::from(2);
    }
    if args.get(1).is_some_and(|a| a == sandbox::INIT_COMMAND) {
        sandbox::init_main(&args[2..]);
    }
    cli::broken_pipe::install();
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => ExitCode::from(code),
        Err(e) if cli::broken_pipe::is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> Result<u8> {
    if let Command::Worker { solution } = &cli.command {
        return cmd_worker(solution);
    }
    cli.color.apply();
    if cli.no_sandbox {
        sandbox::disable(cli::grade::NO_SANDBOX);
    }
    let config = Config::load(&cli.config, cli.config != *"judge.toml")?;
    match cli.command {
        Command::Run {
            cases,
            solutions,
            format,
            out,
            reports,
            baseline,
            repeat,
            in_process,
            solutions_dir,
            metamorphic,
            kill_matrix,
        } => {
            let how = How {
                repeat: repeat as usize,
                in_process,
                solutions_dir,
                metamorphic,
                kill_matrix,
            };
            cmd_run(
                &config,
                &cases,
                &solutions,
                (format, out),
                &reports,
                baseline.as_deref(),
                &how,
            )
        }
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
        Command::Audit { paths, fix } => cli::audit::run(&config, paths, fix),
        Command::List(args) => cli::list::run(args, warn_skipped),
        Command::Worker { .. } => unreachable!("dispatched above"),
        Command::Grade(args) => cli::grade::run(&config, args),
        Command::Editorial(args) => cli::editorial::run(&config, args),
        Command::Hunt(cmd) => cli_hunt::run(&config, cmd),
    }
}

/// How `run` calls the solutions, and which extra checks it runs.
struct How {
    repeat: usize,
    in_process: bool,
    solutions_dir: Option<PathBuf>,
    metamorphic: bool,
    kill_matrix: bool,
}

fn cmd_run(
    config: &Config,
    roots: &[PathBuf],
    names: &[String],
    (format, out): (Format, Option<PathBuf>),
    reports: &[ReportSpec],
    baseline: Option<&std::path::Path>,
    how: &How,
) -> Result<u8> {
    let mut found = pasted::registered()?;
    if let Some(dir) = &how.solutions_dir {
        let more =
            pasted::discover(dir).with_context(|| format!("--solutions-dir {}", dir.display()))?;
        found.pasted.extend(more.pasted);
        found.skipped.extend(more.skipped);
    }
    warn_skipped(&found.skipped);
    let pastes = found.pasted;
    let mut all: Vec<&dyn Solution> = registry::compiled()
        .iter()
        .map(|s| s as &dyn Solution)
        .collect();
    all.extend(registry::uncompiled().iter().map(|s| s as &dyn Solution));
    all.extend(pastes.iter().map(|s| s as &dyn Solution));
    for (i, s) in all.iter().enumerate() {
        if let Some(other) = all[..i].iter().find(|o| o.name() == s.name()) {
            bail!(
                "{}: the name '{}' is taken by {}; solution names are file stems and must be unique",
                s.path(),
                s.name(),
                other.path()
            );
        }
    }
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
    let old = baseline.map(Baseline::load).transpose()?;
    let suite = case::load(roots, &config.constraints);
    if suite.nothing_read() {
        // No case file could be read: a table of zeros would only hide the reason. (Bad cases
        // in a file that was read are reported in the usual report.)
        for e in &suite.errors {
            eprintln!("error: {e}");
        }
        return Ok(2);
    }
    let pastes: Vec<&Pasted> = pastes
        .iter()
        .filter(|p| chosen.iter().any(|c| c.name() == p.name))
        .collect();
    let (builds, summary) = build_pasted(&pastes);
    let bar = Progress::new(true);
    interrupt::install()?;
    let exe = std::env::current_exe().context("cannot find the judge's own executable")?;
    let settings = Settings {
        limits: config.limits.clone(),
        stop: Some(&interrupt::STOP),
    };
    let mut report = runner::run(
        &suite,
        &chosen,
        config,
        &mut |s| {
            let pasted = pastes.iter().position(|x| x.name == s.name());
            let broken = registry::uncompiled().iter().find(|u| u.name == s.name());
            let inner: Box<dyn Executor + '_> = match (pasted, broken) {
                (Some(i), _) => pastes[i].executor(&builds[i], &settings),
                (None, Some(u)) => Box::new(Unbuilt {
                    why: Unjudged::CompileError(u.message.to_string()),
                    label: "rustc".into(),
                }),
                (None, None) if how.in_process => {
                    Box::new(InProcess::with_stop(s, &interrupt::STOP))
                }
                (None, None) => Box::new(Worker::new(
                    Launch::own_binary(exe.clone(), s.name()),
                    settings.clone(),
                )),
            };
            Box::new(Repeat::new(inner, how.repeat)) as Box<dyn Executor + '_>
        },
        &mut |e| bar.on_event(e),
    )?;
    bar.finish();
    report.builds = summary;
    for s in report.solutions.iter_mut() {
        if let Some(i) = pastes.iter().position(|p| p.name == s.name) {
            s.toolchain = builds[i].toolchain.clone();
            s.build = builds[i].result.as_ref().ok().map(|b| runner::BuildReport {
                cached: b.cached,
                ms: b.ms,
            });
        }
    }
    let (metamorphic, kill_matrix) = (how.metamorphic, how.kill_matrix);
    let text = if metamorphic || kill_matrix {
        // These call solutions in process, with no limits: only compiled solutions that are
        // meant to answer (accepted, wrong_answer) take part.
        let answering: Vec<&dyn Solution> = chosen
            .iter()
            .copied()
            .filter(|s| {
                registry::find(s.name()).is_some()
                    && matches!(
                        s.expected(),
                        zuma_judge::judge::verdict::Expected::One(
                            VerdictKind::Accepted | VerdictKind::WrongAnswer
                        )
                    )
            })
            .collect();
        let extras =
            cli_hunt::run_extras(&suite, &answering, &mut report, metamorphic, kill_matrix);
        cli_hunt::render_run(&report, &extras, format)?
    } else {
        report::reporter(format).render(&report)
    };
    let write = |path: &std::path::Path, text: &str| {
        zuma_judge::atomic::write(path, draw::plain(text).as_bytes())
            .with_context(|| format!("cannot write {}", path.display()))
    };
    match &out {
        Some(path) => write(path, &text)?,
        None => anstream::stdout().write_all(text.as_bytes())?,
    }
    for spec in reports {
        write(&spec.path, &report::reporter(spec.format).render(&report))?;
    }
    let mut code = report.exit_code as u8;
    if let (Some(path), Some(old)) = (baseline, old) {
        let cmp = baseline::compare(&old, &Baseline::of(&report));
        let text = cmp.render(&path.display().to_string());
        // Standard output carries a machine format: keep it parseable.
        if out.is_none() && format != Format::Human {
            eprint!("{text}");
        } else {
            print!("{text}");
        }
        if cmp.regressions() > 0 && code == 0 {
            code = 1;
        }
    }
    Ok(code)
}

/// Says, on standard error, which files of a solutions folder are not judged, and why.
fn warn_skipped(skipped: &[String]) {
    for path in skipped {
        eprintln!(
            "warning: {path}: not judged: no language has this file's extension (known: {})",
            languages::extensions()
        );
    }
}

/// Builds the pasted submissions in parallel, each on its own, and sums up how it went.
fn build_pasted(pastes: &[&Pasted]) -> (Vec<build::Outcome>, Option<runner::BuildsSummary>) {
    if pastes.is_empty() {
        return (Vec::new(), None);
    }
    let started = std::time::Instant::now();
    let owned: Vec<Pasted> = pastes.iter().map(|p| (*p).clone()).collect();
    let builds = pasted::build_all(&owned, &build::cache_root());
    let summary = runner::BuildsSummary::of(&builds, started.elapsed().as_secs_f64() * 1e3);
    (builds, Some(summary))
}

fn cmd_solve(
    config: &Config,
    board: &str,
    hand: &str,
    explain: bool,
    format: HumanOrJson,
    engine: Engine,
) -> Result<u8> {
    let inst = match Instance::parse(board, hand, &config.constraints) {
        Ok(i) => i,
        Err(e) => {
            if format == HumanOrJson::Json {
                let v = serde_json::json!({
                    "board": board,
                    "hand": hand,
                    "answer": null,
                    "rejected": e.to_string(),
                    "constraint": e.constraint(),
                });
                println!("{}", serde_json::to_string_pretty(&v)?);
            }
            eprintln!("error: input rejected: {e}");
            return Ok(2);
        }
    };
    if engine != Engine::Oracle {
        let answer = engine.answer(&inst)?;
        match format {
            HumanOrJson::Json => {
                let v = serde_json::json!({
                    "board": board, "hand": hand, "answer": answer, "engine": engine,
                });
                println!("{}", serde_json::to_string_pretty(&v)?);
            }
            HumanOrJson::Human => println!("{answer}"),
        }
        return Ok(0);
    }
    let answer = Oracle::new().solve(&inst)?;
    let moves = answer.witness.clone().unwrap_or_default();
    match format {
        HumanOrJson::Json => {
            let mut v = serde_json::json!({
                "board": board,
                "hand": hand,
                "answer": answer.as_i32(),
                "witness": moves,
                "steps": explain::steps(&inst, &moves),
                "states": answer.states,
                "search": answer.stats,
            });
            if explain && answer.witness.is_none() {
                let p = partial::best_partial(&inst, partial::MAX_STATES);
                v["best_partial"] = serde_json::json!({
                    "moves": p.moves,
                    "left": p.left,
                    "states": p.states,
                    "complete_to": p.complete_to,
                    "exhaustive": p.exhaustive,
                });
            }
            println!("{}", serde_json::to_string_pretty(&v)?);
        }
        HumanOrJson::Human => {
            let mut out = anstream::stdout();
            writeln!(out, "{}", answer.as_i32())?;
            if explain {
                if answer.witness.is_some() {
                    writeln!(out, "{board} + {hand}: {} moves", moves.len())?;
                } else {
                    writeln!(out, "{board} + {hand}: -1")?;
                }
                for line in draw::explain(&inst, &answer, true) {
                    writeln!(out, "{line}")?;
                }
                if answer.witness.is_some() {
                    writeln!(out, "{}", explain::search(&answer, inst.hand.len()))?;
                }
            }
        }
    }
    Ok(0)
}

fn cmd_selfcheck(max_board: usize, max_hand: usize, format: HumanOrJson) -> Result<u8> {
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
        HumanOrJson::Json => println!("{}", serde_json::to_string_pretty(&summary)?),
        HumanOrJson::Human => println!("{summary}"),
    }
    Ok(summary.exit_code())
}

fn cmd_bench(
    config: &Config,
    cases: &[PathBuf],
    engines: &[Engine],
    process: bool,
    repeat: usize,
    format: HumanOrJson,
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
        // Progress is for a person watching: none when standard error is a file or a pipe.
        &mut |row| {
            if std::io::stderr().is_terminal() {
                eprintln!("timed {}", row.case);
            }
        },
    )?;
    match format {
        HumanOrJson::Json => println!("{}", serde_json::to_string_pretty(&report)?),
        HumanOrJson::Human => println!("{report}"),
    }
    Ok(u8::from(!report.disagreements.is_empty()))
}

fn cmd_worker(name: &str) -> Result<u8> {
    let solution =
        registry::find(name).with_context(|| format!("no compiled solution named '{name}'"))?;
    worker::serve(solution)?;
    Ok(0)
}
