//! `zuma-judge hack BOARD HAND`: a new input, validated and labelled by the oracle (answer and
//! witness), judged with every solution on the suite; a preview of every verdict it would
//! change, and with `--apply` the case added to the case file with its source
//! (`zuma_judge::cases::hacks`, under the folder lock).

use std::io::Write as _;
use std::path::PathBuf;

use anyhow::Result;
use serde::Serialize;

use zuma_judge::cases::case::{self, Case};
use zuma_judge::cases::config::Config;
use zuma_judge::cases::hacks::{self, Hack};
use zuma_judge::cases::regression::{self, Appended};
use zuma_judge::game::moves;
use zuma_judge::game::oracle;
use zuma_judge::game::rules::Instance;
use zuma_judge::judge::hack::{self, Row};
use zuma_judge::report::HumanOrJson;

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

/// What `hack` found and did. JSON: `{board, hand, oracle, witness, case, preview: [Row],
/// changes, applied: {file, name, already} | null}`.
#[derive(Serialize)]
struct HackReport {
    board: String,
    hand: String,
    oracle: i32,
    /// The oracle's moves, `R@2 B@1` (empty for -1).
    witness: String,
    /// The case id the preview gives the hack.
    case: String,
    preview: Vec<Row>,
    /// How many verdicts change.
    changes: usize,
    applied: Option<Applied>,
}

#[derive(Serialize)]
struct Applied {
    file: String,
    name: String,
    /// The file already held the input; nothing was written.
    already: bool,
}

/// The hack's case id in the preview.
const CASE_ID: &str = "hack";

/// Runs `hack`; returns the exit code: 0, or 2 for a rejected input or an unusable suite.
pub fn run(config: &Config, a: HackArgs) -> Result<u8> {
    let instance = match Instance::parse(&a.board, &a.hand, &config.constraints) {
        Ok(i) => i,
        Err(e) => {
            zuma_judge::eprintln_lossy!("error: {} + {}: input rejected: {e}", a.board, a.hand);
            return Ok(2);
        }
    };
    let answer = oracle::solve(&instance)?;
    let mut suite = case::load(&a.cases, &config.constraints);
    if let Some(e) = suite.errors.first() {
        zuma_judge::eprintln_lossy!("error: {e}; fix the suite before previewing a hack");
        return Ok(2);
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
    let text = match a.format {
        HumanOrJson::Json => format!("{}\n", serde_json::to_string_pretty(&out)?),
        HumanOrJson::Human => human(&out),
    };
    std::io::stdout().lock().write_all(text.as_bytes())?;
    Ok(0)
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

/// The preview for people: the input and the oracle's answer, one line per solution whose
/// verdict changes, then what was written.
fn human(r: &HackReport) -> String {
    let mut s = format!(
        "{} + {}: oracle {}{}\n",
        r.board,
        r.hand,
        r.oracle,
        if r.witness.is_empty() {
            String::new()
        } else {
            format!(" ({})", r.witness)
        }
    );
    s.push_str(&format!(
        "verdicts that change if it is added ({} of {} solutions):\n",
        r.changes,
        r.preview.len()
    ));
    for row in r.preview.iter().filter(|r| r.changes) {
        let got = row
            .got
            .map_or("no answer".to_string(), |g| format!("answer {g}"));
        s.push_str(&format!(
            "  {:<28} {} -> {} ({got}; {})\n",
            row.name,
            code(&row.before),
            code(&row.after),
            row.path
        ));
    }
    let already: Vec<String> = r
        .preview
        .iter()
        .filter(|row| !row.changes)
        .filter_map(|row| match row.verdict_on_case {
            Some(v) if !v.is(zuma_judge::judge::verdict::VerdictKind::Accepted) => {
                Some(format!("{} ({v})", row.name))
            }
            _ => None,
        })
        .collect();
    if !already.is_empty() {
        s.push_str(&format!(
            "also fail it, with a verdict that is not AC already: {}\n",
            already.join(", ")
        ));
    }
    s.push_str(&match &r.applied {
        None => "nothing written; add it with --apply\n".to_string(),
        Some(a) if a.already => format!("{} already holds it as '{}'\n", a.file, a.name),
        Some(a) => format!("added to {} as '{}'\n", a.file, a.name),
    });
    s
}

/// `AC` for `accepted`, and so on.
fn code(name: &str) -> &str {
    zuma_judge::judge::verdict::VerdictKind::ALL
        .into_iter()
        .chain([zuma_judge::judge::verdict::VerdictKind::CompileError])
        .find(|k| k.name() == name)
        .map_or(name, |k| k.code())
}
