//! `editorial`: find and check what an editorial says. A file (plain text, Markdown or saved
//! HTML, [`source`]) is read into prose lines and code blocks, each line keeping its line in the
//! original file; [`extract`] finds stated answers, board transitions, move sequences and
//! boards mentioned without an answer; [`check`] judges them with the oracle and the rules;
//! [`code`] sorts the code blocks and [`grade`] grades each submission on `grade`'s path and
//! sweeps it to its smallest counterexample. [`report`] renders the review and the case file.
//!
//! Boundary: this module reads files and calls the judge's library; it prints nothing (the CLI
//! in `src/cli/editorial.rs` does).

pub mod check;
pub mod code;
pub mod extract;
pub mod grade;
pub mod report;
pub mod source;

use std::collections::HashSet;

use serde::Serialize;

use crate::config::Config;
use crate::oracle::{Oracle, WitnessError};
use crate::rules::Instance;
use check::{ClaimResult, MentionResult};
use code::Sort;
use extract::{Statement, What};
use grade::CodeResult;
use source::{Block, CodeBlock, Line};

/// What one editorial file holds, before judging.
#[derive(Clone, Debug)]
pub struct Extracted {
    /// The file as given.
    pub file: String,
    /// Statements in file order.
    pub statements: Vec<Statement>,
    /// Code blocks with their sort.
    pub code: Vec<(CodeBlock, Sort)>,
}

/// Reads `text` (of file `file`) and finds its statements and code blocks.
pub fn extract(file: &str, text: &str) -> Extracted {
    let blocks = source::read(text, source::Kind::of(file));
    let mut lines: Vec<Line> = Vec::new();
    let mut code = Vec::new();
    for b in blocks {
        match b {
            Block::Prose(l) => lines.extend(l),
            Block::Code(c) => {
                let sort = code::sort(&c);
                if sort == Sort::Other {
                    lines.extend(c.lines.iter().cloned());
                }
                code.push((c, sort));
            }
        }
    }
    lines.sort_by_key(|l| l.line);
    Extracted {
        file: file.to_string(),
        statements: extract::statements(&lines),
        code,
    }
}

/// The whole review: every claim, mention and code block of every file, and a summary.
#[derive(Clone, Debug, Serialize)]
pub struct Review {
    /// 1; raised when a key changes meaning.
    pub schema_version: u32,
    /// The editorials, as given.
    pub files: Vec<String>,
    /// Answers, transitions and move sequences, judged.
    pub claims: Vec<ClaimResult>,
    /// Boards mentioned without an answer, with the oracle's.
    pub mentions: Vec<MentionResult>,
    /// Every code block that names the entry point: graded, or skipped with the reason.
    pub code: Vec<CodeResult>,
    /// Counts.
    pub summary: Summary,
    /// 0 all holds, 1 something is refuted, 3 a toolchain is missing.
    pub exit_code: u8,
}

/// Counts for the first line of a review.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Summary {
    /// Claims found.
    pub claims: usize,
    /// Of them, holding.
    pub hold: usize,
    /// Of them, refuted (invalid inputs included).
    pub refuted: usize,
    /// Of the refuted, claims about inputs outside the constraints.
    pub invalid: usize,
    /// Boards mentioned without an answer.
    pub mentions: usize,
    /// Code blocks graded.
    pub graded: usize,
    /// Of them, accepted.
    pub accepted: usize,
    /// Code blocks skipped (fragments, signatures).
    pub skipped: usize,
    /// The sweep's bound, board and hand.
    pub bound: (usize, usize),
}

/// How `review` grades code.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// The sweep's bound: longest board, largest hand.
    pub bound: (usize, usize),
    /// Grade code blocks at all (false: claims only).
    pub code: bool,
}

/// Judges every statement of `e`: claims in file order, mentions not already claimed.
pub fn judge_statements(
    e: &Extracted,
    config: &Config,
    oracle: &mut Oracle,
) -> Result<(Vec<ClaimResult>, Vec<MentionResult>), WitnessError> {
    let limits = &config.constraints;
    let f = e.file.as_str();
    let claimed: HashSet<(&str, &str)> = e
        .statements
        .iter()
        .filter_map(|s| match &s.what {
            What::Answer { board, hand, .. } => Some((board.as_str(), hand.as_str())),
            _ => None,
        })
        .collect();
    let mut mentioned = HashSet::new();
    let (mut claims, mut mentions) = (Vec::new(), Vec::new());
    for s in &e.statements {
        let at = (f, s.line);
        match &s.what {
            What::Answer {
                board,
                hand,
                claimed,
            } => claims.push(check::answer(at, (board, hand, *claimed), limits, oracle)?),
            What::Transition { from, to, colour } => {
                claims.push(check::transition(at, (from, to, *colour)))
            }
            What::Moves { board, hand, steps } => claims.push(check::sequence(
                at,
                (board, hand.as_deref(), steps),
                limits,
                oracle,
            )?),
            What::Mention { board, hand } => {
                let key = (board.as_str(), hand.as_str());
                if !claimed.contains(&key) && mentioned.insert(key) {
                    mentions.push(check::mention(at, key, limits, oracle)?);
                }
            }
        }
    }
    Ok((claims, mentions))
}

/// The valid inputs an editorial names (claims and mentions), in order, once each: the first
/// cases its code is judged on.
fn boards_of(claims: &[ClaimResult], mentions: &[MentionResult], config: &Config) -> Vec<Instance> {
    let mut seen = HashSet::new();
    let pairs = claims
        .iter()
        .filter(|c| c.kind == check::ClaimKind::Answer)
        .filter_map(|c| Some((c.board.clone(), c.hand.clone()?)))
        .chain(mentions.iter().map(|m| (m.board.clone(), m.hand.clone())));
    pairs
        .filter(|p| seen.insert(p.clone()))
        .filter_map(|(b, h)| Instance::parse(&b, &h, &config.constraints).ok())
        .collect()
}

/// Reviews the editorials `files` (`(name, text)`): judges every claim and grades every code
/// block, calling `progress` with a line before each block is graded.
pub fn review(
    files: &[(String, String)],
    config: &Config,
    opts: Options,
    progress: &mut dyn FnMut(&str),
) -> Result<Review, WitnessError> {
    let mut oracle = Oracle::new();
    let (mut claims, mut mentions, mut code) = (Vec::new(), Vec::new(), Vec::new());
    for (file, text) in files {
        let e = extract(file, text);
        let (c, m) = judge_statements(&e, config, &mut oracle)?;
        let boards = boards_of(&c, &m, config);
        for (block, sort) in &e.code {
            match sort {
                Sort::Other => {}
                Sort::Fragment(why) => {
                    let lang = block.hint.as_deref().and_then(code::named).map(|l| l.id);
                    code.push(CodeResult::skipped(file, block, lang, why.clone()));
                }
                Sort::Submission(l) if !opts.code => code.push(CodeResult::skipped(
                    file,
                    block,
                    Some(l.id),
                    "not graded (--no-code)".into(),
                )),
                Sort::Submission(l) => {
                    progress(&format!("grading {file}:{} ({})", block.line(), l.name));
                    code.push(grade::grade((file, block), l, &boards, config, opts.bound)?);
                }
            }
        }
        claims.extend(c);
        mentions.extend(m);
    }
    let summary = summarise(&claims, &mentions, &code, opts.bound);
    let exit_code = if code.iter().any(|c| c.verdict == "not_judged") {
        3
    } else {
        u8::from(summary.refuted > 0 || code.iter().any(CodeResult::refuted))
    };
    Ok(Review {
        schema_version: 1,
        files: files.iter().map(|(f, _)| f.clone()).collect(),
        claims,
        mentions,
        code,
        summary,
        exit_code,
    })
}

fn summarise(
    claims: &[ClaimResult],
    mentions: &[MentionResult],
    code: &[CodeResult],
    bound: (usize, usize),
) -> Summary {
    let graded: Vec<&CodeResult> = code.iter().filter(|c| c.verdict != "skipped").collect();
    Summary {
        claims: claims.len(),
        hold: claims.iter().filter(|c| c.holds).count(),
        refuted: claims.iter().filter(|c| !c.holds).count(),
        invalid: claims.iter().filter(|c| !c.valid).count(),
        mentions: mentions.len(),
        graded: graded.len(),
        accepted: graded.iter().filter(|c| c.verdict == "accepted").count(),
        skipped: code.len() - graded.len(),
        bound,
    }
}
