//! Grading an editorial's code block as a submission, on `grade`'s path: built by its
//! language's recipe through the cache, run in workers under the judge's limits, judged on the
//! editorial's own boards, then swept by [`crate::hunt::exhaust`] to the globally smallest
//! counterexample up to a bound, whose oracle witness is drawn.

use std::path::Path;
use std::time::{Duration, Instant};

use serde::Serialize;
use thiserror::Error;

use super::source::CodeBlock;
use crate::cases::config::Config;
use crate::game::generate;
use crate::game::oracle::{Oracle, Solved, WitnessError};
use crate::game::rules::{Constraints, Instance};
use crate::hunt::counterexample::Counterexample;
use crate::hunt::exhaust;
use crate::judge::diagnosis::{self, Answered, Calls, Diagnosis, Evidence};
use crate::judge::execute::{Executor, Unjudged};
use crate::judge::minimise;
use crate::judge::runner;
use crate::judge::session;
use crate::judge::verdict::{Expected, Verdict, VerdictKind};
use crate::submission::build::Built;
use crate::submission::language::Language;
use crate::submission::pasted::Pasted;
use crate::submission::worker::{Settings, Worker};

/// The sweep's default bound: board 8, hand 4 reaches seed 003's smallest counterexample,
/// RRYRRYRR + YYYY (12 balls; about 15 s for a Python block that fails there, 20 to 60 s for
/// one that passes every class, on 2 cores).
pub const DEFAULT_BOUND: (usize, usize) = (8, 4);

/// The default wall time a block's judging may take (its editorial's boards, then the sweep):
/// two minutes. A correct but slow Python BFS once ran for more than 15 minutes on the full
/// sweep; with the budget it ends as "passed every input tried".
pub const DEFAULT_BUDGET: Duration = Duration::from_secs(120);

/// One code block's grade. JSON keys per issue 15: `file, line, language, verdict,
/// counterexample, message`, plus the sweep and the drawn witness.
#[derive(Clone, Debug, Serialize)]
pub struct CodeResult {
    /// The editorial.
    pub file: String,
    /// 1-based line of the block's first line.
    pub line: usize,
    /// The language's id (`python3`), or null for a skipped block of no known language.
    pub language: Option<String>,
    /// `accepted`, `wrong_answer`, ..., `compile_error`; `skipped` for a fragment;
    /// `not_judged` when its toolchain is missing.
    pub verdict: String,
    /// The smallest failing input found, with the oracle's witness; null when none failed.
    pub counterexample: Option<Counterexample>,
    /// Whether the sweep found the counterexample (then it is the smallest up to the bound);
    /// false when it came from the editorial's own boards, shrunk.
    pub from_sweep: bool,
    /// Why it did not run, was skipped, or what the failing call did.
    pub message: Option<String>,
    /// Classes of the sweep judged, and its bound.
    pub swept: Option<Sweep>,
    /// The oracle's witness for the counterexample, step by step (plain text). Drawn by the
    /// reporters from the counterexample's typed answer: empty until `report::editorial::json`
    /// fills it for the JSON.
    pub witness: Vec<String>,
    /// For a wrong answer: the known wrong idea its answers follow; null otherwise, or when no
    /// known idea fits (see [`crate::judge::diagnosis`]).
    pub diagnosis: Option<Diagnosis>,
}

/// A valid input the editorial names, as written (the hand in the editorial's order: a solution
/// whose answer depends on the hand's order is judged on the hand the editorial gave), with the
/// instance it stands for.
#[derive(Clone, Debug)]
pub struct Written {
    /// The board as written.
    pub board: String,
    /// The hand as written.
    pub hand: String,
    /// The instance.
    pub instance: Instance,
}

/// What the sweep covered.
#[derive(Clone, Debug, Serialize)]
pub struct Sweep {
    /// Longest board swept.
    pub max_board: usize,
    /// Largest hand swept.
    pub max_hand: usize,
    /// Classes judged (up to the first failure, or all).
    pub classes: u64,
    /// Instances they stand for.
    pub instances: u64,
    /// Wall time, in milliseconds.
    pub ms: f64,
    /// When the budget ended the sweep before its bound: the board and hand sizes (in balls) of
    /// the last class judged in size order (fewer balls in all first, then shorter boards);
    /// every class up to it passed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub budget_reached: Option<(usize, usize)>,
}

impl CodeResult {
    /// A block that is not graded, with the reason.
    pub fn skipped(file: &str, block: &CodeBlock, language: Option<&str>, why: String) -> Self {
        CodeResult {
            file: file.to_string(),
            line: block.line(),
            language: language.map(String::from),
            verdict: "skipped".into(),
            counterexample: None,
            from_sweep: false,
            message: Some(why),
            swept: None,
            witness: Vec::new(),
            diagnosis: None,
        }
    }

    /// Whether the block is refuted: it runs and fails, or cannot run as pasted.
    pub fn refuted(&self) -> bool {
        !matches!(self.verdict.as_str(), "accepted" | "skipped" | "not_judged")
    }
}

/// The paste as the language builds it: blank lines in front so that each line keeps its line
/// number in the editorial (compiler and runtime messages then cite the editorial), the block,
/// and the language's adapter when it needs one.
pub fn paste_text(block: &CodeBlock, language: &Language) -> String {
    let text = "\n".repeat(block.line().saturating_sub(1)) + &block.text();
    (language.adapt)(&text).unwrap_or(text)
}

/// Says what a load or compile message means for an editorial: indentation lost in saving.
fn explain_unjudged(why: &Unjudged) -> String {
    let m = why.message();
    if m.contains("IndentationError") || m.contains("unindent") || m.contains("indented block") {
        format!("{m}; the indentation was probably lost when the page was saved")
    } else {
        m.to_string()
    }
}

/// A sweep bound or code budget `editorial` cannot grade code blocks with.
#[derive(Debug, Error)]
pub enum BoundError {
    /// No time at all for a block.
    #[error("--code-budget 0: give the seconds each code block may take (at least 1), or --no-code to check the claims only")]
    NoBudget,
    /// A bound of 0, or beyond the constraints.
    #[error("--max-board {board} --max-hand {hand}: the sweep needs 1..={board_max} and 1..={hand_max} (the constraints)")]
    OutOfRange {
        /// The longest board asked for.
        board: usize,
        /// The largest hand asked for.
        hand: usize,
        /// The constraints' longest board.
        board_max: usize,
        /// The constraints' largest hand.
        hand_max: usize,
    },
}

/// Checks that code blocks can be graded within `budget`, swept up to `bound` (board, hand)
/// under the constraints `c`.
pub fn check_bound(
    (board, hand): (usize, usize),
    budget: Duration,
    c: &Constraints,
) -> Result<(), BoundError> {
    if budget.is_zero() {
        return Err(BoundError::NoBudget);
    }
    if board == 0 || hand == 0 || board > c.board_max || hand > c.hand_max {
        return Err(BoundError::OutOfRange {
            board,
            hand,
            board_max: c.board_max,
            hand_max: c.hand_max,
        });
    }
    Ok(())
}

/// The block as a pasted submission named after its place in the editorial.
fn pasted(file: &str, block: &CodeBlock, language: &'static Language) -> Pasted {
    Pasted {
        name: format!("{}:{}", file, block.line()),
        expected: Expected::Nothing,
        source: format!("{} line {}", file, block.line()),
        path: file.to_string(),
        file: Path::new(file).to_path_buf(),
        language,
        text: paste_text(block, language),
    }
}

/// Grades `block` in `language`: built, judged on `boards` (the editorial's valid inputs),
/// then swept up to `bound`, all within `budget` of wall time from the end of the build; the
/// sweep reports its classes to `progress`. Built and called as every judging session builds
/// and calls ([`session::builder`], [`session::settings`]).
pub fn grade(
    (file, block): (&str, &CodeBlock),
    language: &'static Language,
    boards: &[Written],
    config: &Config,
    (bound, budget): ((usize, usize), Duration),
    progress: &dyn exhaust::Progress,
) -> Result<CodeResult, WitnessError> {
    let mut out = CodeResult::skipped(file, block, Some(language.id), String::new());
    out.message = None;
    let pasted = pasted(file, block, language);
    let built = match pasted.build(&session::builder(config)).result {
        Ok(b) => b,
        Err(why) => return Ok(unjudged(out, &why)),
    };
    let settings = session::settings(config);
    let make = || -> Box<dyn Executor + Send> { worker(language, &built, &settings) };
    let deadline = Instant::now() + budget;
    let mut exec = make();
    if let Err(why) = exec.prepare() {
        return Ok(unjudged(out, &why));
    }
    let mut oracle = Oracle::new();
    let first = first_failure(exec.as_mut(), boards, &mut oracle)?;
    sweep(
        &mut out,
        (&pasted, &make),
        (bound, deadline),
        config,
        progress,
    );
    if out.counterexample.is_none() {
        if let Some((i, _)) = &first {
            out.counterexample = minimised(exec.as_mut(), i, config, &mut oracle)?;
        }
    }
    finish(&mut out, exec.as_mut(), first.map(|f| f.1));
    if out.verdict == VerdictKind::WrongAnswer.name() {
        out.diagnosis = diagnose(&out, exec.as_mut(), boards, &mut oracle)?;
    }
    Ok(out)
}

/// Sweeps the block up to `bound` until `deadline`: what it covered, and the smallest
/// counterexample it found, into `out`.
fn sweep(
    out: &mut CodeResult,
    (pasted, make): (&Pasted, &exhaust::ExecutorFactory),
    (bound, deadline): ((usize, usize), Instant),
    config: &Config,
    progress: &dyn exhaust::Progress,
) {
    let opts = exhaust::Options {
        max_board: bound.0,
        max_hand: bound.1,
        all: false,
        shard: None,
        metamorphic_sample: 0,
        jobs: 0,
        interruptible: false,
        deadline: Some(deadline),
    };
    match exhaust::run(pasted, make, &opts, &config.constraints, progress) {
        Ok(r) => {
            out.swept = Some(Sweep {
                max_board: bound.0,
                max_hand: bound.1,
                classes: r.classes,
                instances: r.instances,
                ms: r.wall_ms,
                budget_reached: r.deadline_reached,
            });
            out.from_sweep = r.counterexample.is_some();
            out.counterexample = r.counterexample;
        }
        Err(e) => out.message = Some(format!("the sweep could not run: {e}")),
    }
}

/// The known wrong idea a wrong code block follows: its answers on the editorial's boards and
/// on its counterexample, against the catalogue, with the sweep classes of the judge's default
/// bound it is known to pass (those smaller than a counterexample the sweep found; all of
/// them when the sweep found none).
fn diagnose(
    out: &CodeResult,
    exec: &mut dyn Executor,
    boards: &[Written],
    oracle: &mut Oracle,
) -> Result<Option<Diagnosis>, WitnessError> {
    let classes = runner::sweep_classes(&crate::cases::config::Sweep::default(), oracle)?;
    let answered = answered(out, exec, boards, oracle)?;
    let cx = out.counterexample.as_ref();
    let passed = match (
        out.from_sweep,
        &out.swept,
        cx.and_then(|c| c.solved.as_ref()),
    ) {
        (true, _, Some(s)) => classes
            .iter()
            .take_while(|(i, _)| {
                generate::size_order((&i.board, &i.hand), (&s.instance.board, &s.instance.hand))
                    .is_lt()
            })
            .count(),
        (false, Some(_), _) => classes.len(),
        _ => 0,
    };
    let exec = std::cell::RefCell::new(exec);
    let answer = |b: &str, h: &str| exec.borrow_mut().call(b, h).result.ok();
    Ok(diagnosis::diagnose(
        Evidence {
            answered,
            classes: &classes,
            passed,
        },
        Calls {
            call: &mut |b, h| answer(b, h),
            fresh: &mut |b, h| {
                // One borrow at a time: the restart's ends before the call's begins.
                let restarted = exec.borrow_mut().restart();
                restarted.then(|| answer(b, h)).flatten()
            },
        },
    ))
}

/// The block's answers on the editorial's boards and on its counterexample, with the truth.
fn answered(
    out: &CodeResult,
    exec: &mut dyn Executor,
    boards: &[Written],
    oracle: &mut Oracle,
) -> Result<Vec<Answered>, WitnessError> {
    let mut answered = Vec::new();
    for w in boards {
        if let Ok(got) = exec.call(&w.board, &w.hand).result {
            answered.push(Answered {
                board: w.board.clone(),
                hand: w.hand.clone(),
                got,
                truth: oracle.solve(&w.instance)?,
                instance: w.instance.clone(),
            });
        }
    }
    let cx = out.counterexample.as_ref();
    if let Some((cx, solved)) = cx.and_then(|c| Some((c, c.solved.as_ref()?))) {
        answered.extend(cx.got.map(|got| Answered {
            board: cx.board.clone(),
            hand: cx.hand.clone(),
            got,
            truth: solved.answer.clone(),
            instance: solved.instance.clone(),
        }));
    }
    Ok(answered)
}

/// A worker for the block's build, under `settings`; `Send`, for the sweep's threads.
fn worker<'a>(
    language: &Language,
    built: &Built,
    settings: &Settings,
) -> Box<dyn Executor + Send + 'a> {
    Box::new(
        Worker::new(
            (language.launch)(&built.dir, &settings.limits),
            Settings {
                limits: settings.limits.clone(),
                stop: settings.stop,
            },
        )
        .exposing(&built.dir),
    )
}

fn unjudged(mut out: CodeResult, why: &Unjudged) -> CodeResult {
    out.verdict = match why {
        Unjudged::CompileError(_) => VerdictKind::CompileError.name().to_string(),
        Unjudged::LoadError(_) => VerdictKind::RunTimeError.name().to_string(),
        Unjudged::ToolchainMissing(_) | Unjudged::Interrupted => "not_judged".into(),
    };
    out.message = Some(explain_unjudged(why));
    out
}

/// The first of `boards` the code gets wrong, called as written, with its verdict.
fn first_failure(
    exec: &mut dyn Executor,
    boards: &[Written],
    oracle: &mut Oracle,
) -> Result<Option<(Written, Verdict)>, WitnessError> {
    for w in boards {
        let truth = oracle.solve(&w.instance)?.as_i32();
        let (v, _) = runner::judge_as_written(exec, &w.board, &w.hand, truth);
        if v != Verdict::Accepted {
            return Ok(Some((w.clone(), v)));
        }
    }
    Ok(None)
}

/// A failing editorial board the sweep did not reach (it is bigger), shrunk greedily. Shrinking
/// calls the code with the hand in `RYBGW` order; when it shrank nothing, the counterexample is
/// the board as the editorial wrote it.
fn minimised(
    exec: &mut dyn Executor,
    start: &Written,
    config: &Config,
    oracle: &mut Oracle,
) -> Result<Option<Counterexample>, WitnessError> {
    let mut fails = |i: &Instance| {
        let truth = oracle.solve(i).map(|a| a.as_i32()).unwrap_or(-1);
        runner::judge(exec, i, truth).0 != Verdict::Accepted
    };
    let (small, _) = minimise::minimise(&start.instance, &config.constraints, &mut fails, 500);
    let (board, hand) = if small == start.instance {
        (start.board.clone(), start.hand.clone())
    } else {
        (small.board.to_string(), small.hand.to_string())
    };
    let answer = oracle.solve(&small)?;
    let got = exec.call(&board, &hand).result;
    Ok(Counterexample::new(&small, &hand, &answer, &got))
}

/// The verdict from the counterexample (judged once more for its kind), and its witness drawn.
fn finish(out: &mut CodeResult, exec: &mut dyn Executor, first: Option<Verdict>) {
    let Some(cx) = &out.counterexample else {
        out.verdict = match first {
            Some(v) => v.kind().name().to_string(),
            None => VerdictKind::Accepted.name().to_string(),
        };
        return;
    };
    let Solved { answer, .. } = cx
        .solved
        .as_ref()
        .expect("a counterexample found here carries its answer");
    let (v, _) = runner::judge_as_written(exec, &cx.board, &cx.hand, answer.as_i32());
    let kind = if v == Verdict::Accepted {
        VerdictKind::WrongAnswer
    } else {
        v.kind()
    };
    out.verdict = kind.name().to_string();
    out.message = Some(format!("{} + {}: {}", cx.board, cx.hand, v.describe()));
}
