//! `zuma-judge grade PATH...`: judge submission files from anywhere (see
//! [`zuma_judge::submission::intake`]) on the cases and write a gradebook. The judging session
//! ([`zuma_judge::judge::session`]) builds them in parallel through the cache, then judges
//! them apart, `--jobs` at a time, each in its own worker (whose CPU time is its own), merged
//! in input order, so the number of jobs never changes a verdict. Exit codes as `run`'s.
//! With `--shard K/N|auto` it judges only the submissions of its shard
//! ([`zuma_judge::hunt::grade_shards`]) and writes a shard report
//! ([`zuma_judge::report::grade_shard`]) for `merge`, exiting 0 once it ran (3 when stopped).

use std::path::PathBuf;

use anyhow::Result;

use zuma_judge::cases::case;
use zuma_judge::cases::config::Config;
use zuma_judge::hunt::grade_shards::{self, Fingerprint};
use zuma_judge::hunt::sweep::Shard;
use zuma_judge::judge::exit::Exit;
use zuma_judge::judge::session::{self, Judged, Options, Order};
use zuma_judge::report::grade::GradeReport;
use zuma_judge::report::grade_shard::{Assigned, ShardReport};
use zuma_judge::report::progress::Progress;
use zuma_judge::report::{count, feedback, gradescope, writer, Format, ReportSpec};
use zuma_judge::submission::catalog::Catalog;
use zuma_judge::submission::sandbox;
use zuma_judge::submission::{intake, languages};

/// Flags of `grade`.
#[derive(clap::Args)]
pub struct GradeArgs {
    /// Submission files, or folders of them (searched recursively).
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// A case file or a directory of them; repeatable.
    #[arg(long = "cases", value_name = "PATH", default_value = "cases")]
    cases: Vec<PathBuf>,
    /// Output format; a shard (`--shard`) writes its shard report in JSON whatever the
    /// format (one of the others than human and json is refused).
    #[arg(long, value_enum, default_value = "human")]
    format: Format,
    /// Write the report here instead of standard output.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Also write a report in FORMAT to PATH, e.g. csv=grades.csv; repeatable.
    #[arg(long = "report", value_name = "FORMAT=PATH")]
    reports: Vec<ReportSpec>,
    /// Submissions judged at once, each in its own worker (default: the number of cores; at
    /// most 256).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=256))]
    jobs: Option<u32>,
    /// Also write one Markdown file per student into DIR (DIR/<student>.md): verdict, reason,
    /// the smallest failing input they may see with the oracle's witness, nothing hidden.
    #[arg(long, value_name = "DIR")]
    feedback: Option<PathBuf>,
    /// Judge every submission again, even one the verdict cache holds (same build, cases,
    /// limits, sandbox and judge); the new calls replace the cached ones.
    #[arg(long, env = "ZUMA_JUDGE_REJUDGE", value_parser = clap::builder::BoolishValueParser::new())]
    rejudge: bool,
    /// Student ids from each submission's path: the regex's group `student` (else its first
    /// group); a path it does not match keeps its default id (the path relative to the folder
    /// given, without the extension).
    #[arg(long, value_name = "REGEX", value_parser = intake::student_pattern)]
    student_pattern: Option<regex::Regex>,
    /// A CSV roster with a header: column `id` (a default id, or what --student-pattern made)
    /// and optionally `student` (the id to show). Ids not on it are kept and listed; roster
    /// students with no submission are listed as missing.
    #[arg(long, value_name = "FILE.csv")]
    roster: Option<PathBuf>,
    /// Judge only shard K of N (1 <= K <= N): the submissions whose student id hashes to it
    /// (SHA-256, so adding a file moves no submission whose student id stays the same), and
    /// write a shard report (JSON) for `merge`. `auto` reads K and N from Slurm's
    /// SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT, Kubernetes' JOB_COMPLETION_INDEX, or GNU
    /// parallel's PARALLEL_SEQ, and says which on standard error.
    #[arg(long, value_name = "K/N|auto")]
    shard: Option<ShardArg>,
    /// The number of shards for `--shard auto` where the scheduler does not set one
    /// (Kubernetes without JOB_COMPLETIONS, GNU parallel); must agree with one it sets.
    #[arg(long, value_name = "N", requires = "shard",
          value_parser = clap::value_parser!(u32).range(1..))]
    shard_count: Option<u32>,
}

/// `--shard`: a shard given, or `auto`.
#[derive(Clone, Copy, Debug)]
pub enum ShardArg {
    /// `K/N`.
    Given(Shard),
    /// `auto`: from the scheduler's variables.
    Auto,
}

impl std::str::FromStr for ShardArg {
    type Err = zuma_judge::hunt::sweep::NotAShard;
    fn from_str(s: &str) -> Result<ShardArg, Self::Err> {
        match s {
            "auto" => Ok(ShardArg::Auto),
            s => Ok(ShardArg::Given(s.parse()?)),
        }
    }
}

/// Runs `grade`; returns the exit code.
pub fn run(config: &Config, args: GradeArgs) -> Result<Exit> {
    super::outputs::check(&super::outputs::Output::all(
        args.out.as_deref(),
        None,
        &args.reports,
    ))?;
    let shard = match shard(&args) {
        Ok(s) => s,
        Err(code) => return Ok(code),
    };
    let taken = match take(&args, config) {
        Ok(t) => t,
        Err(code) => return Ok(code),
    };
    if let Some(shard) = shard {
        return sharded(config, &args, shard, taken);
    }
    let (catalog, suite, (students, notes)) = taken;
    let format = args.format;
    gradescope::check_one(format, &args.reports, catalog.entries.len())?;
    let judged = judge(&catalog, &suite, config, &args)?;
    let report = GradeReport::of(judged, catalog.skipped, (&students, notes));
    writer::write(&report, format, args.out.as_deref(), &args.reports)?;
    if let Some(dir) = &args.feedback {
        feedback::write_all(dir, &report.run, &report.submissions)?;
    }
    Ok(report.exit())
}

/// The session over `catalog`, `--jobs` at a time, a progress bar on standard error.
fn judge(
    catalog: &Catalog,
    suite: &case::Suite,
    config: &Config,
    args: &GradeArgs,
) -> Result<Judged> {
    let jobs = args.jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |j| j as usize,
    );
    let opts = Options {
        order: Order::Apart {
            jobs,
            rejudge: args.rejudge,
        },
        ..Options::default()
    };
    let bar = Progress::new(true);
    Ok(session::judge(catalog, suite, config, &opts, &mut |e| {
        bar.on_event(e)
    })?)
}

/// The shard `--shard` names (read from the scheduler for `auto`, said on standard error), or
/// the exit code of a refusal explained there: no shard to be found, a `--shard-count` that
/// disagrees, or a gradebook format asked of a shard.
fn shard(args: &GradeArgs) -> Result<Option<Shard>, Exit> {
    let refuse = |message: String| {
        zuma_judge::eprintln_lossy!("error: {message}");
        Exit::Usage
    };
    let count = args.shard_count.map(|n| n as usize);
    let shard = match args.shard {
        None => return Ok(None),
        Some(ShardArg::Given(s)) => match count {
            Some(n) if n != s.count => {
                return Err(refuse(format!(
                    "--shard {s} and --shard-count {n} disagree"
                )))
            }
            _ => s,
        },
        Some(ShardArg::Auto) => {
            let found = grade_shards::auto(&|name| std::env::var(name).ok(), count)
                .map_err(|e| refuse(e.to_string()))?;
            zuma_judge::eprintln_lossy!("shard {} from {}", found.shard, found.from);
            found.shard
        }
    };
    if !matches!(args.format, Format::Human | Format::Json) || !args.reports.is_empty() {
        return Err(refuse(
            "a shard writes its shard report (JSON) only: drop --format and --report, and ask \
             `zuma-judge merge` for the gradebook in any format"
                .into(),
        ));
    }
    Ok(Some(shard))
}

/// Judges the submissions of `shard` and writes its shard report (to `--out`, else standard
/// output): every submission of the folder with its shard, the fingerprint, and the part's
/// grade report. Exit 0 once it ran, 3 when it was stopped before its end.
fn sharded(config: &Config, args: &GradeArgs, shard: Shard, taken: Taken) -> Result<Exit> {
    let (mut catalog, suite, (students, notes)) = taken;
    let assigned: Vec<Assigned> = students
        .iter()
        .map(|s| Assigned {
            student: s.id.clone(),
            path: s.path.clone(),
            shard: grade_shards::shard_of(&s.id, shard.count),
        })
        .collect();
    // The catalog holds the submissions in the students' order.
    let mut mine = assigned.iter().map(|a| a.shard == shard.index);
    catalog.entries.retain(|_| mine.next() == Some(true));
    let part: Vec<intake::Student> = students
        .into_iter()
        .zip(&assigned)
        .filter(|(_, a)| a.shard == shard.index)
        .map(|(s, _)| s)
        .collect();
    zuma_judge::eprintln_lossy!(
        "shard {shard}: {} of {}",
        part.len(),
        count(assigned.len(), "submission")
    );
    let fingerprint = Fingerprint::of(config, &suite);
    let report = if catalog.entries.is_empty() {
        None
    } else {
        let judged = judge(&catalog, &suite, config, args)?;
        let skipped = catalog.skipped.clone();
        Some(GradeReport::of(judged, skipped, (&part, notes)))
    };
    let shard_report = ShardReport::new((shard, fingerprint), assigned, report.as_ref());
    let json = shard_report.json();
    match &args.out {
        Some(path) => writer::to_file(path, json.as_bytes())?,
        None => writer::to_stdout(&json, false)?,
    }
    if let (Some(dir), Some(report)) = (&args.feedback, &report) {
        feedback::write_all(dir, &report.run, &report.submissions)?;
    }
    Ok(if shard_report.complete() {
        Exit::Ok
    } else {
        Exit::Incomplete
    })
}

/// The submissions and their students, what the student rules could not apply (when any was
/// given), and the cases.
type Taken = (
    Catalog,
    case::Suite,
    (Vec<intake::Student>, Option<intake::StudentNotes>),
);

/// What [`Taken`] says, or the exit code of a refusal already explained on standard error: no
/// sandbox without `--no-sandbox`, no submission, two submissions of one student, an unreadable
/// roster, or no case file read.
fn take(args: &GradeArgs, config: &Config) -> Result<Taken, Exit> {
    if let sandbox::Status::Off(why) = sandbox::status() {
        if why != sandbox::OffReason::Disabled {
            zuma_judge::eprintln_lossy!(
                "error: grade runs strangers' code, and the sandbox cannot be built here: {why}\n\
                 help: grade on a machine with unprivileged user namespaces (or as root), or pass \
                 --no-sandbox to grade without it (the README's \"Sandbox\" says what that risks)"
            );
            return Err(Exit::Usage);
        }
    }
    let refuse = |e: intake::IntakeError| {
        zuma_judge::eprintln_lossy!("error: {e}");
        Exit::Usage
    };
    let mut taken = intake::intake(&args.paths).map_err(refuse)?;
    let rules = intake::StudentRules {
        pattern: args.student_pattern.clone(),
        roster: match &args.roster {
            Some(path) => Some(intake::Roster::read(path).map_err(refuse)?),
            None => None,
        },
    };
    let notes = rules.apply(&mut taken.students).map_err(refuse)?;
    let notes = (rules.pattern.is_some() || rules.roster.is_some()).then_some(notes);
    let students = std::mem::take(&mut taken.students);
    if taken.submissions.is_empty() {
        zuma_judge::eprintln_lossy!(
            "error: no submission under {} ({} skipped); submissions are files ending in {}",
            args.paths
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", "),
            count(taken.skipped.len(), "file"),
            languages::extensions()
        );
        return Err(Exit::Usage);
    }
    let suite = case::load(&args.cases, &config.constraints);
    if suite.nothing_read() {
        for e in &suite.errors {
            zuma_judge::eprintln_lossy!("error: {e}");
        }
        return Err(Exit::Usage);
    }
    Ok((Catalog::of_intake(taken), suite, (students, notes)))
}
