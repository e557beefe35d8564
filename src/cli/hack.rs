//! `zuma-judge hack BOARD HAND`: a new input, validated and labelled by the oracle (answer and
//! witness), judged with every solution on the suite; a preview of every verdict it would
//! change, and with `--apply` the case added to the case file with its source
//! (`zuma_judge::cases::hacks`, under the folder lock).

use std::path::PathBuf;

use anyhow::Result;

use zuma_judge::cases::case::{self, Case};
use zuma_judge::cases::config::Config;
use zuma_judge::cases::hacks::{self, Hack};
use zuma_judge::cases::regression::{self, Appended};
use zuma_judge::game::moves;
use zuma_judge::game::oracle;
use zuma_judge::game::rules::Instance;
use zuma_judge::judge::exit::Exit;
use zuma_judge::judge::hack;
use zuma_judge::report::hack::{Applied, HackReport};
use zuma_judge::report::{writer, HumanOrJson};

/// Flags of `hack`.
#[derive(clap::Args)]
pub struct HackArgs {
    /// The board, e.g. RRYGGYYRRYYGGYRR.
    board: String,
    /// The hand, e.g. GGBBB.
    hand: String,
    /// Where the input comes from, kept with the case (e.g. "LeetCode discussion, 2021").
    #[arg(long, value_name = "TEXT", default_value = "zuma-judge hack")]
    source: String,
    /// The case file the hack is added to.
    #[arg(long, value_name = "FILE", default_value = hacks::DEFAULT_FILE)]
    into: PathBuf,
    /// Add the case to the file (without it, nothing is written).
    #[arg(long)]
    apply: bool,
    /// The suite the preview judges on: a case file or a directory of them; repeatable.
    #[arg(long = "cases", value_name = "PATH", default_value = "cases")]
    cases: Vec<PathBuf>,
    /// Also judge the submissions of DIR/<verdict>/ (a grade folder in Kattis verdict folders).
    #[arg(long, value_name = "DIR")]
    solutions_dir: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value = "human")]
    format: HumanOrJson,
}

/// The hack's case id in the preview.
const CASE_ID: &str = "hack";

/// Runs `hack`; returns how it ended: [`Exit::Usage`] for a rejected input or an unusable suite.
pub fn run(config: &Config, a: HackArgs) -> Result<Exit> {
    let instance = match Instance::parse(&a.board, &a.hand, &config.constraints) {
        Ok(i) => i,
        Err(e) => {
            zuma_judge::eprintln_lossy!("error: {} + {}: input rejected: {e}", a.board, a.hand);
            return Ok(Exit::Usage);
        }
    };
    let answer = oracle::solve(&instance)?;
    let mut suite = case::load(&a.cases, &config.constraints);
    if let Some(e) = suite.errors.first() {
        zuma_judge::eprintln_lossy!("error: {e}; fix the suite before previewing a hack");
        return Ok(Exit::Usage);
    }
    suite.cases.push(hack_case(&a, instance.clone()));
    // The preview compares the case files' verdicts; the sweep is the same with or without
    // the hack, so it is not run.
    let mut quick = config.clone();
    quick.sweep.max_board = 0;
    let report = super::run::judge_suite(&quick, &suite, a.solutions_dir.clone())?;
    let preview = hack::preview(&report, CASE_ID);
    let applied = if a.apply {
        Some(apply(&a, instance, answer.as_i32(), config)?)
    } else {
        None
    };
    let out = HackReport {
        board: a.board.clone(),
        hand: a.hand.clone(),
        oracle: answer.as_i32(),
        witness: answer
            .witness
            .as_deref()
            .map_or(String::new(), moves::compact),
        case: CASE_ID.into(),
        changes: preview.iter().filter(|r| r.changes).count(),
        preview,
        applied,
    };
    writer::write(&out, a.format, None, &[])?;
    Ok(Exit::Ok)
}

/// The hack as a case of the suite, last.
fn hack_case(a: &HackArgs, instance: Instance) -> Case {
    Case {
        id: CASE_ID.into(),
        path: a.into.clone(),
        line: 0,
        name: CASE_ID.into(),
        board: a.board.clone(),
        hand: a.hand.clone(),
        expected: None,
        invalid: None,
        note: Some(a.source.clone()),
        tags: vec!["hack".into()],
        claims: Vec::new(),
        points: 1,
        visibility: Default::default(),
        input: Ok(instance),
    }
}

/// Adds the case to `--into`.
fn apply(a: &HackArgs, instance: Instance, expected: i32, config: &Config) -> Result<Applied> {
    let h = Hack {
        instance,
        board: a.board.clone(),
        hand: a.hand.clone(),
        expected,
        source: a.source.clone(),
        date: regression::today(),
    };
    Ok(match hacks::add(&a.into, &h, &config.constraints)? {
        Appended::Written { path, name } => Applied {
            file: path.display().to_string(),
            name,
            already: false,
        },
        Appended::AlreadyRecorded { path, name } => Applied {
            file: path.display().to_string(),
            name,
            already: true,
        },
    })
}
