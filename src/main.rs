//! The `zuma-judge` command line: parses flags, calls the library and exits with the
//! [`Exit`] its command decided (0 as expected, 1 a difference from the truth, 2 usage,
//! configuration or case-file error, 3 an incomplete run). Each subcommand's flags and work are
//! in `src/cli/<name>.rs`.

use std::process::ExitCode;

use anyhow::Result;
use clap::Parser as _;

use zuma_judge::cases::config::Config;
use zuma_judge::judge::exit::Exit;
use zuma_judge::submission::sandbox;

mod cli;

use cli::{Cli, Command};

fn main() -> ExitCode {
    // Before anything else, while the process has one thread: a worker's sandbox.
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if let Some(why) = sandbox::refusal(&args) {
        zuma_judge::eprintln_lossy!("error: {why}");
        return Exit::Usage.into();
    }
    if args.get(1).is_some_and(|a| a == sandbox::INIT_COMMAND) {
        sandbox::init_main(&args[2..]);
    }
    cli::broken_pipe::install();
    let cli = Cli::parse();
    ExitCode::from(match run(cli) {
        Ok(exit) => exit,
        Err(e) if cli::broken_pipe::is_broken_pipe(&e) => Exit::Ok,
        Err(e) => {
            zuma_judge::eprintln_lossy!("error: {e:#}");
            Exit::Usage
        }
    })
}

fn run(cli: Cli) -> Result<Exit> {
    if let Command::Worker { solution } = &cli.command {
        return cli::worker::cmd_worker(solution);
    }
    cli.color.apply();
    if cli.no_sandbox {
        sandbox::disable();
    }
    let config = Config::load(&cli.config, cli.config != *"judge.toml")?;
    Ok(match cli.command {
        Command::Run(args) => cli::run::run(&config, args)?,
        Command::Solve(args) => cli::solve::run(&config, args)?,
        Command::Selfcheck(args) => cli::selfcheck::run(args)?,
        Command::Bench(args) => cli::bench::run(&config, args)?,
        Command::Audit(args) => cli::audit::run(&config, args)?,
        Command::List(args) => cli::list::run(args, cli::run::warn_skipped)?,
        Command::Worker { .. } => unreachable!("dispatched above"),
        Command::Grade(args) => cli::grade::run(&config, args)?,
        Command::Editorial(args) => cli::editorial::run(&config, args)?,
        Command::Exhaust(args) => cli::exhaust::run(&config, args)?,
        Command::Merge(args) => cli::merge::run(&config, args)?,
        Command::Fuzz(args) => cli::fuzz::run(&config, args)?,
        Command::Export(args) => cli::export::run(&config, args)?,
        Command::Hack(args) => cli::hack::run(&config, args)?,
        Command::Ideas(args) => cli::ideas::run(&config, args)?,
    })
}
