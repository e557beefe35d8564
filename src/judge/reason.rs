//! Why a submission got its verdict, typed ([`Reason`]): read off its finished
//! [`SolutionReport`] (the message its build, the text checks or the harness gave, and its first
//! failing case), never judged again, and said in one line for an [`Audience`]. The grader's line
//! names the input; a student's never shows a hidden case's name, input, answer or witness.

use std::sync::OnceLock;

use regex::Regex;

/// A regex compiled once, where it is used.
macro_rules! re {
    ($pattern:expr $(,)?) => {{
        static RE: OnceLock<Regex> = OnceLock::new();
        RE.get_or_init(|| Regex::new($pattern).expect("a valid pattern"))
    }};
}

use crate::judge::case_result::CaseResult;
use crate::judge::case_verdict::{CaseVerdict, SkipReason};
use crate::judge::report::SolutionReport;
use crate::judge::verdict::VerdictKind;

/// Who reads the reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Audience {
    /// The grader: every case named by its input, hidden ones too.
    Grader,
    /// A student: a case that is not [`shown_to_students`] is only "hidden case N".
    ///
    /// [`shown_to_students`]: crate::cases::case::Visibility::shown_to_students
    Student,
}

/// The case a reason is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaseRef {
    /// For a case not visible to students, its 1-based number among those cases (the suite's
    /// order), as every student-facing report numbers them; 0 for a visible one.
    pub position: usize,
    /// `file.toml#name`, or `sweep#...` for a class of the sweep.
    pub name: String,
    /// The board.
    pub board: String,
    /// The hand.
    pub hand: String,
    /// Whether students may not see its input: it is not visible, or its input is also a
    /// case's that is not (a class of the sweep, say).
    pub hidden: bool,
}

impl CaseRef {
    /// Case `i` of `s`.
    fn of(s: &SolutionReport, i: usize) -> CaseRef {
        let c = &s.cases[i];
        let not_visible = |c: &CaseResult| !c.visibility.shown_to_students();
        let position = if not_visible(c) {
            s.cases[..=i].iter().filter(|c| not_visible(c)).count()
        } else {
            0
        };
        let secret = s
            .cases
            .iter()
            .any(|h| not_visible(h) && h.solved.instance == c.solved.instance);
        CaseRef {
            position,
            name: c.case.clone(),
            board: c.board.clone(),
            hand: c.hand.clone(),
            hidden: secret,
        }
    }

    /// How a student sees it: `hidden case N`, or `a hidden case's input` for a visible case
    /// (a class of the sweep) whose input a hidden case holds.
    fn for_students(&self) -> String {
        match self.position {
            0 => "a hidden case's input".to_string(),
            n => format!("hidden case {n}"),
        }
    }

    /// Board length, in balls.
    pub fn balls(&self) -> usize {
        self.board.chars().count()
    }
}

/// Where a compiler put its first error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    /// The file's name (no folder), e.g. `main.cpp`.
    pub file: String,
    /// 1-based line.
    pub line: u32,
    /// 1-based column, when the compiler gave one.
    pub column: Option<u32>,
}

/// Why a submission was not judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotJudged {
    /// The grading machine lacks its toolchain: `program` when the message names it.
    ToolchainMissing {
        /// The missing program, e.g. `g++`.
        program: Option<String>,
        /// The judge's message.
        message: String,
    },
    /// The run stopped (Ctrl-C, SIGTERM) before it was built or judged.
    Interrupted,
    /// The machine starved `cases` of its calls at the wall guard every time they ran, and no
    /// other case failed: its verdict is not known.
    Overloaded {
        /// Cases not judged.
        cases: usize,
    },
}

/// Why a submission got its verdict.
#[derive(Clone, Debug, PartialEq)]
pub enum Reason {
    /// Every case AC.
    Accepted {
        /// Cases passed.
        cases: usize,
    },
    /// The compiler (or the language's syntax check) refused it.
    CompileError {
        /// Where, when the message says.
        at: Option<Location>,
        /// The first error's text.
        message: String,
    },
    /// The entry point is missing; `found` is a near name the code has instead.
    NoMethod {
        /// What is missing, e.g. `method findMinStep`.
        wanted: String,
        /// A declared name close to it, e.g. `findMinSteps`.
        found: Option<String>,
        /// The judge's whole message, for a case with no near name.
        message: String,
    },
    /// Python 2 code given as Python 3.
    Python2 {
        /// The Python 2 sign, e.g. `xrange`.
        token: String,
        /// Its 1-based line.
        line: usize,
    },
    /// It raised before its first call could be made.
    LoadError {
        /// The first line of what it raised.
        message: String,
    },
    /// A wrong answer on `case`.
    WrongAnswer {
        /// The case.
        case: CaseRef,
        /// The oracle's answer.
        expected: i32,
        /// What it returned.
        got: i32,
    },
    /// A crash on `case`.
    RunTimeError {
        /// The case.
        case: CaseRef,
        /// The first line of what happened.
        message: Option<String>,
    },
    /// Over the time limit on `case`.
    TimeLimit {
        /// The case.
        case: CaseRef,
        /// CPU time it had used, in milliseconds.
        cpu_ms: f64,
        /// Cases skipped after it (limit verdicts in a row).
        skipped: usize,
    },
    /// Over the memory limit on `case`.
    MemoryLimit {
        /// The case.
        case: CaseRef,
        /// Cases skipped after it.
        skipped: usize,
    },
    /// The run stopped before any case failed.
    Stopped,
    /// Not judged: no verdict, no score.
    NotJudged(NotJudged),
}

/// The reason of `s`'s verdict.
pub fn of(s: &SolutionReport) -> Reason {
    if s.toolchain_missing {
        return match s.message.as_deref() {
            Some(m) if m == crate::submission::execute::Unjudged::Interrupted.message() => {
                Reason::NotJudged(NotJudged::Interrupted)
            }
            m => {
                let message = m.unwrap_or("toolchain missing").to_string();
                Reason::NotJudged(NotJudged::ToolchainMissing {
                    program: capture(re!(r"`([^`]+)`"), &message),
                    message,
                })
            }
        };
    }
    if s.cases.is_empty() {
        if let Some(m) = &s.message {
            return unjudged(s, m);
        }
    }
    let first = s
        .first_failure_case
        .as_deref()
        .and_then(|name| s.cases.iter().position(|c| c.case == name))
        .or_else(|| s.cases.iter().position(|c| c.verdict.failed()));
    match first {
        Some(i) => failed(s, i),
        None if overloaded(s) > 0 => Reason::NotJudged(NotJudged::Overloaded {
            cases: overloaded(s),
        }),
        None if !s.complete => Reason::Stopped,
        None => Reason::Accepted {
            cases: s.cases.len(),
        },
    }
}

/// Cases of `s` not judged because the machine was overloaded.
fn overloaded(s: &SolutionReport) -> usize {
    s.cases
        .iter()
        .filter(|c| c.verdict == CaseVerdict::Skipped(SkipReason::Overloaded))
        .count()
}

/// The reason of a submission judged on no case, from its one message.
fn unjudged(s: &SolutionReport, m: &str) -> Reason {
    if let Some(c) = re!(r"Python 2 code \(`([^`]+)`, line (\d+)\)").captures(m) {
        return Reason::Python2 {
            token: c[1].to_string(),
            line: c[2].parse().unwrap_or(0),
        };
    }
    if let Some(c) = re!(r"no (method|function|fn|class Solution with a method) (\w+)").captures(m)
    {
        let kind = if &c[1] == "class Solution with a method" {
            "method"
        } else {
            &c[1]
        };
        return Reason::NoMethod {
            wanted: format!("{kind} {}", &c[2]),
            found: capture(re!(r"found (\w+) — did you mean it\?"), m),
            message: first_line(m),
        };
    }
    if m.starts_with("no entry point") {
        return Reason::NoMethod {
            wanted: String::new(),
            found: None,
            message: first_line(m),
        };
    }
    match s.verdict {
        VerdictKind::RunTimeError => {
            let line = last_line(m);
            Reason::LoadError {
                message: line
                    .strip_prefix("cannot load: ")
                    .unwrap_or(&line)
                    .to_string(),
            }
        }
        _ => compile_error(m, &s.path),
    }
}

/// The first error of a compiler's message about the file at `path`, with its place when the
/// message gives one.
fn compile_error(m: &str, path: &str) -> Reason {
    let m = m.replace(['‘', '’'], "'");
    // error[CODE]: text, then --> file:line:col (rustc)
    let rust = re!(r"(?m)^error(?:\[\w+\])?: (.+)\n\s*--> (\S+?):(\d+):(\d+)");
    let lines: Vec<&str> = m.lines().map(str::trim_end).collect();
    let found = match rust.captures(&m) {
        Some(c) => Some((located(&c[2], &c[3], Some(&c[4])), c[1].to_string())),
        // An error line first; a warning or a note may come before it.
        None => lines
            .iter()
            .filter(|l| l.contains("error"))
            .chain(lines.iter())
            .find_map(|l| error_line(l, path)),
    };
    let (at, message) = found.unwrap_or_else(|| (None, first_line(&m)));
    Reason::CompileError { at, message }
}

/// One line of a compiler's message as its place and text, when it is an error line.
fn error_line(line: &str, path: &str) -> Option<(Option<Location>, String)> {
    // file(line,col): error CODE: text (mcs, tsc)
    let paren = re!(r"^(\S+?)\((\d+),(\d+)\): error \w+: (.+)$");
    // text in FILE on line N (php)
    let php = re!(r"^(?:PHP )?(?:Parse error|Fatal error): (.+) in (\S+) on line (\d+)");
    // SyntaxError: text (line N) (python, node: the judge's own syntax check of `path`)
    let bare = re!(r"^(\w*Error): (.+) \(line (\d+)\)$");
    // file:line[:col]: [error: ]text (gcc, clang, go, javac, kotlinc, ruby)
    let colon =
        re!(r"^(?:\./)?(\S+?):(\d+)(?::(\d+))?: (?:fatal error: |error: |syntax error: )?(.+)$");
    if let Some(c) = paren.captures(line) {
        return Some((located(&c[1], &c[2], Some(&c[3])), c[4].to_string()));
    }
    if let Some(c) = php.captures(line) {
        return Some((located(&c[2], &c[3], None), c[1].to_string()));
    }
    if let Some(c) = bare.captures(line) {
        return Some((located(path, &c[3], None), format!("{}: {}", &c[1], &c[2])));
    }
    let c = colon.captures(line)?;
    let text = &c[4];
    (!text.starts_with("warning") && !text.starts_with("note")).then(|| {
        (
            located(&c[1], &c[2], c.get(3).map(|g| g.as_str())),
            text.to_string(),
        )
    })
}

/// The place `file` (its name only), `line` and `column` say.
fn located(file: &str, line: &str, column: Option<&str>) -> Option<Location> {
    Some(Location {
        file: file.rsplit('/').next().unwrap_or(file).to_string(),
        line: line.parse().ok()?,
        column: column.and_then(|c| c.parse().ok()),
    })
}

/// The reason of a submission whose first failure is its case `i`.
fn failed(s: &SolutionReport, i: usize) -> Reason {
    let c = &s.cases[i];
    let case = CaseRef::of(s, i);
    let skipped = s.cases.iter().filter(|c| c.verdict.is_skipped()).count();
    match c.verdict.kind() {
        Some(VerdictKind::WrongAnswer) => Reason::WrongAnswer {
            case,
            expected: c.oracle,
            got: c.got.unwrap_or(c.oracle),
        },
        Some(VerdictKind::TimeLimitExceeded) => Reason::TimeLimit {
            case,
            cpu_ms: c.cpu_ms,
            skipped,
        },
        Some(VerdictKind::MemoryLimitExceeded) => Reason::MemoryLimit { case, skipped },
        _ => Reason::RunTimeError {
            case,
            message: c.message.as_deref().map(|m| {
                let m = last_line(m);
                m.strip_prefix("RE: ").map(str::to_string).unwrap_or(m)
            }),
        },
    }
}

impl Reason {
    /// One line for `audience`, e.g. `wrong answer on RRWWRRBBRR + WB: expected 2, got -1`;
    /// for a student, a hidden case is only `hidden case 7: wrong answer`.
    pub fn describe(&self, audience: Audience) -> String {
        match self {
            Reason::Accepted { cases } => format!("accepted: all {cases} cases right"),
            Reason::CompileError { at, message } => match at {
                Some(Location {
                    file,
                    line,
                    column: Some(col),
                }) => {
                    format!("compile error: {file}:{line}:{col}: {message}")
                }
                Some(Location {
                    file,
                    line,
                    column: None,
                }) => {
                    format!("compile error: {file}:{line}: {message}")
                }
                None => format!("compile error: {message}"),
            },
            Reason::NoMethod {
                wanted,
                found: Some(found),
                ..
            } => format!("no {wanted}; found {found} — did you mean it?"),
            Reason::NoMethod { message, .. } => message.clone(),
            Reason::Python2 { token, line } => format!("Python 2 code ({token}, line {line})"),
            Reason::LoadError { message } => format!("run-time error while loading: {message}"),
            Reason::Stopped => "stopped: the run ended before every case was judged".into(),
            Reason::NotJudged(NotJudged::Interrupted) => {
                "not judged: the run was stopped before it was built".into()
            }
            Reason::NotJudged(NotJudged::Overloaded { cases: n }) => format!(
                "not judged: machine overloaded ({} not judged); grade again on a quieter machine",
                cases(*n)
            ),
            Reason::NotJudged(NotJudged::ToolchainMissing { program, message }) => match program {
                Some(p) => format!("not judged: the grading machine has no {p}"),
                None => format!("not judged: {message}"),
            },
            _ => self.describe_case(audience),
        }
    }

    /// A failure on a case, for `audience`.
    fn describe_case(&self, audience: Audience) -> String {
        let (case, what) = match self {
            Reason::WrongAnswer { case, .. } => (case, "wrong answer"),
            Reason::RunTimeError { case, .. } => (case, "run-time error"),
            Reason::TimeLimit { case, .. } => (case, "time limit exceeded"),
            Reason::MemoryLimit { case, .. } => (case, "memory limit exceeded"),
            _ => unreachable!("describe handles every reason without a case"),
        };
        let then = match self {
            Reason::TimeLimit { skipped, .. } | Reason::MemoryLimit { skipped, .. }
                if *skipped > 0 =>
            {
                format!("; {} skipped after it", cases(*skipped))
            }
            _ => String::new(),
        };
        if case.hidden && audience == Audience::Student {
            return format!("{}: {what}{then}", case.for_students());
        }
        let input = format!("{} + {}", case.board, case.hand);
        let body = match self {
            Reason::WrongAnswer { expected, got, .. } => {
                format!("wrong answer on {input}: expected {expected}, got {got}")
            }
            Reason::RunTimeError {
                message: Some(m), ..
            } => {
                format!("run-time error on {input}: {m}")
            }
            Reason::RunTimeError { .. } => format!("run-time error on {input}"),
            Reason::TimeLimit { cpu_ms, .. } => format!(
                "time limit: {:.1} s CPU on a {}-ball board ({input})",
                cpu_ms / 1e3,
                case.balls()
            ),
            _ => format!("memory limit exceeded on {input}"),
        };
        let hidden = if case.hidden && audience == Audience::Grader {
            format!(" [{}]", case.for_students())
        } else {
            String::new()
        };
        format!("{body}{then}{hidden}")
    }
}

/// The first group of `re` in `text`.
fn capture(re: &Regex, text: &str) -> Option<String> {
    re.captures(text).map(|c| c[1].to_string())
}

/// `1 case`, `3 cases`.
fn cases(n: usize) -> String {
    format!("{n} case{}", if n == 1 { "" } else { "s" })
}

/// The first non-empty line of `m`.
fn first_line(m: &str) -> String {
    m.lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("")
        .to_string()
}

/// The last non-empty line of `m` (a traceback ends with the exception).
fn last_line(m: &str) -> String {
    first_line(m.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or(""))
}

#[cfg(test)]
mod tests;
