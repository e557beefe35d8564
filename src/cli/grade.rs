//! `zuma-judge grade PATH...`: judge submission files from anywhere (see
//! [`zuma_judge::submission::intake`]) on the cases and write a gradebook. The judging session
//! ([`zuma_judge::judge::session`]) builds them in parallel through the cache, then judges
//! them apart, `--jobs` at a time, each in its own worker (whose CPU time is its own), merged
//! in input order, so the number of jobs never changes a verdict. Exit codes as `run`'s.

use std::path::PathBuf;

use anyhow::Result;

use zuma_judge::cases::case;
use zuma_judge::cases::config::Config;
use zuma_judge::judge::exit::Exit;
use zuma_judge::judge::session::{self, Options, Order};
use zuma_judge::report::grade::GradeReport;
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
    /// Output format.
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
}

/// Runs `grade`; returns the exit code.
pub fn run(config: &Config, args: GradeArgs) -> Result<Exit> {
    super::outputs::check(&super::outputs::Output::all(
        args.out.as_deref(),
        None,
        &args.reports,
    ))?;
    let (catalog, suite, (students, notes)) = match take(&args, config) {
        Ok(t) => t,
        Err(code) => return Ok(code),
    };
    gradescope::check_one(args.format, &args.reports, catalog.entries.len())?;
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
    let judged = session::judge(&catalog, &suite, config, &opts, &mut |e| bar.on_event(e))?;
    let report = GradeReport::of(judged, catalog.skipped, (&students, notes));
    writer::write(&report, args.format, args.out.as_deref(), &args.reports)?;
    if let Some(dir) = &args.feedback {
        feedback::write_all(dir, &report.run, &report.submissions)?;
    }
    Ok(report.exit())
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
