//! `editorial`: find and check what an editorial says. A file (plain text, Markdown or saved
//! HTML, [`source`]) is read into prose lines and code blocks, each line keeping its line in the
//! original file; [`mod@extract`] finds stated answers, board transitions, move sequences and
//! boards mentioned without an answer; [`check`] judges them with the oracle and the rules;
//! [`code`] sorts the code blocks and [`grade`] grades each submission on `grade`'s path and
//! sweeps it to its smallest counterexample. `report::editorial` renders the review and the
//! case file.
//!
//! Boundary: this module reads files and calls the judge's library; it prints nothing (the CLI
//! in `src/cli/editorial.rs` does).

pub mod calls;
pub mod check;
pub mod code;
#[cfg(test)]
mod corpus;
pub mod extract;
pub mod found;
pub mod grade;
pub mod layout;
pub mod normalise;
pub mod play;
pub mod prose;
pub mod runs;
pub mod source;
pub mod tables;
pub mod tokens;
pub mod unread;

use std::collections::HashSet;

use serde::Serialize;

use crate::cases::config::Config;
use crate::game::oracle::{Oracle, WitnessError};
use crate::judge::exit::Exit;
use check::{ClaimResult, MentionResult};
use code::Sort;
use found::{Statement, What};
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
    for l in &mut lines {
        l.text = normalise::line(&l.text);
    }
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
    /// Lines that look like a claim but that no recogniser read.
    pub unread: Vec<Unread>,
    /// Every code block that names the entry point: graded, or skipped with the reason.
    pub code: Vec<CodeResult>,
    /// Counts.
    pub summary: Summary,
    /// Whether a board mentioned without an answer fails the review (`--strict`).
    #[serde(skip)]
    pub strict: bool,
    /// [`Exit::Ok`] all holds and nothing is unread (nor, with `strict`, mentioned);
    /// [`Exit::Differs`] something is refuted or unread; [`Exit::Incomplete`] a toolchain is
    /// missing. JSON: `exit_code`, the number.
    #[serde(rename = "exit_code")]
    pub exit: Exit,
}

/// A line that looks like a claim (a board, a hand and an answer-like word) that no recogniser
/// read.
#[derive(Clone, Debug, Serialize)]
pub struct Unread {
    /// The editorial.
    pub file: String,
    /// 1-based line in it.
    pub line: usize,
    /// The line, normalised.
    pub text: String,
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
    /// Lines that look like a claim that no recogniser read.
    pub unread: usize,
    /// Code blocks graded.
    pub graded: usize,
    /// Of them, accepted.
    pub accepted: usize,
    /// Code blocks skipped (fragments, signatures).
    pub skipped: usize,
    /// Code blocks not judged: their language's toolchain is missing.
    pub not_judged: usize,
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
    /// Fail (exit 1) on a board mentioned without an answer too, not only on an unread line.
    pub strict: bool,
    /// Wall time each code block's sweep may take.
    pub budget: std::time::Duration,
}

/// What one file holds, judged: claims, mentions and unread lines.
pub type Judged = (Vec<ClaimResult>, Vec<MentionResult>, Vec<Unread>);

/// Judges every statement of `e`: claims in file order, mentions not already claimed.
pub fn judge_statements(
    e: &Extracted,
    config: &Config,
    oracle: &mut Oracle,
) -> Result<Judged, WitnessError> {
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
    let (mut claims, mut mentions, mut unread) = (Vec::new(), Vec::new(), Vec::new());
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
            What::Unread { text } => unread.push(Unread {
                file: f.to_string(),
                line: s.line,
                text: text.clone(),
            }),
        }
    }
    Ok((claims, mentions, unread))
}

/// The valid inputs an editorial names (claims and mentions), in order, once each: the first
/// cases its code is judged on.
fn boards_of(claims: &[ClaimResult], mentions: &[MentionResult]) -> Vec<grade::Written> {
    let mut seen = HashSet::new();
    let answers = claims
        .iter()
        .filter(|c| c.kind == check::ClaimKind::Answer)
        .filter_map(|c| {
            let instance = c.solved.as_ref()?.as_ref().ok().map(|s| s.instance.clone());
            Some(((c.board.clone(), c.hand.clone()?), instance))
        });
    let mentioned = mentions
        .iter()
        .map(|m| ((m.board.clone(), m.hand.clone()), m.instance.clone()));
    answers
        .chain(mentioned)
        .filter(|(written, _)| seen.insert(written.clone()))
        .filter_map(|((board, hand), instance)| {
            Some(grade::Written {
                board,
                hand,
                instance: instance?,
            })
        })
        .collect()
}

/// Reviews the editorials `files` (`(name, text)`): judges every claim and grades every code
/// block, calling `progress` with a line before each block is graded; each block's sweep
/// reports its classes to `bar`.
pub fn review(
    files: &[(String, String)],
    config: &Config,
    opts: Options,
    progress: &mut dyn FnMut(&str),
    bar: &dyn crate::hunt::exhaust::Progress,
) -> Result<Review, WitnessError> {
    let mut oracle = Oracle::new();
    let (mut claims, mut mentions, mut code) = (Vec::new(), Vec::new(), Vec::new());
    let mut unread = Vec::new();
    for (file, text) in files {
        let e = extract(file, text);
        let (c, m, u) = judge_statements(&e, config, &mut oracle)?;
        let boards = boards_of(&c, &m);
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
                    code.push(grade::grade(
                        (file, block),
                        l,
                        &boards,
                        config,
                        (opts.bound, opts.budget),
                        bar,
                    )?);
                }
            }
        }
        claims.extend(c);
        mentions.extend(m);
        unread.extend(u);
    }
    let mut summary = summarise(&claims, &mentions, &code, opts.bound);
    summary.unread = unread.len();
    let exit = exit_of(&summary, &code, opts.strict);
    Ok(Review {
        schema_version: 1,
        files: files.iter().map(|(f, _)| f.clone()).collect(),
        claims,
        mentions,
        unread,
        code,
        summary,
        strict: opts.strict,
        exit,
    })
}

/// How a review ends: [`Exit::Incomplete`] when a code block could not be judged (its
/// toolchain is missing), [`Exit::Differs`] when anything is refuted or unread (with `strict`,
/// also a board mentioned without an answer), else [`Exit::Ok`].
fn exit_of(summary: &Summary, code: &[CodeResult], strict: bool) -> Exit {
    if code.iter().any(|c| c.verdict == "not_judged") {
        Exit::Incomplete
    } else {
        Exit::differs_if(
            summary.refuted > 0
                || summary.unread > 0
                || (strict && summary.mentions > 0)
                || code.iter().any(CodeResult::refuted),
        )
    }
}

fn summarise(
    claims: &[ClaimResult],
    mentions: &[MentionResult],
    code: &[CodeResult],
    bound: (usize, usize),
) -> Summary {
    let graded: Vec<&CodeResult> = code
        .iter()
        .filter(|c| !matches!(c.verdict.as_str(), "skipped" | "not_judged"))
        .collect();
    let skipped = code.iter().filter(|c| c.verdict == "skipped").count();
    Summary {
        claims: claims.len(),
        hold: claims.iter().filter(|c| c.holds).count(),
        refuted: claims.iter().filter(|c| !c.holds).count(),
        invalid: claims.iter().filter(|c| !c.valid).count(),
        mentions: mentions.len(),
        unread: 0,
        graded: graded.len(),
        accepted: graded.iter().filter(|c| c.verdict == "accepted").count(),
        skipped,
        not_judged: code.len() - graded.len() - skipped,
        bound,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One line per statement: `line kind board hand claimed`.
    fn compact(e: &Extracted) -> Vec<String> {
        e.statements
            .iter()
            .map(|s| match &s.what {
                What::Answer {
                    board,
                    hand,
                    claimed,
                } => format!("{} answer {board} + {hand} = {claimed}", s.line),
                What::Transition { from, to, colour } => format!(
                    "{} transition {from} -> {to}{}",
                    s.line,
                    colour.map_or(String::new(), |c| format!(" ({c})"))
                ),
                What::Moves { board, hand, steps } => format!(
                    "{} moves {board} + {} in {} steps",
                    s.line,
                    hand.as_deref().unwrap_or("?"),
                    steps.len()
                ),
                What::Mention { board, hand } => format!("{} mention {board} + {hand}", s.line),
                What::Unread { text } => format!("{} unread {text}", s.line),
            })
            .collect()
    }

    fn code(e: &Extracted) -> Vec<String> {
        e.code
            .iter()
            .map(|(b, s)| match s {
                Sort::Submission(l) => format!("{} {}", b.line(), l.id),
                Sort::Fragment(why) => format!("{} fragment: {why}", b.line()),
                Sort::Other => format!("{} other", b.line()),
            })
            .collect()
    }

    fn fixture(f: &str) -> Extracted {
        let path = format!(
            "{}/tests/fixtures/editorials/{f}",
            env!("CARGO_MANIFEST_DIR")
        );
        extract(f, &std::fs::read_to_string(path).unwrap())
    }

    #[test]
    fn markdown_shapes_with_their_lines() {
        let e = fixture("shapes.md");
        assert_eq!(
            compact(&e),
            [
                "5 answer WRRBBW + RB = 2",
                "10 answer WWRRBBWW + WRBRW = 2",
                "13 moves WWRRBBWW + WRBRW in 2 steps",
                "17 transition WRRBBBW -> W",
                "17 transition WWBBBWW -> WWWW",
                "17 transition WWWW -> ",
                "19 answer RRWWRRBBRR + WB = 2",
                "19 answer WRRBBW + RB = -1",
                "20 mention RRYRRYRR + YYYY",
                "20 answer WRRBBW + RB = 2",
                "24 answer R + RR = 1",
                "25 answer BBB + R = 0",
                "29 answer G + GGGGG = 2",
            ]
        );
        assert_eq!(
            code(&e),
            [
                "28 other",
                "33 fragment: a signature or fragment (3 lines of code), not a whole solution",
                "39 python3",
            ]
        );
    }

    #[test]
    fn every_claim_on_a_line_is_read() {
        let text = "Check: `findMinStep(\"G\",\"GGGGG\") == 2` and `findMinStep(\"R\",\"R\") == 2`.\n\
            \n\
            `findMinStep(\"GGBB\",\"GB\") == 2`, and RRWWRRBBRR with hand WB needs 3.\n\
            \n\
            `assertEquals(2, findMinStep(\"WWRRBBWW\", \"WRBRW\")); findMinStep(\"WRRBBW\", \"RB\") == -1`\n\
            \n\
            `findMinStep(\"GGBB\",\"GB\") == 2` (GGBB with GB needs 2)\n";
        assert_eq!(
            compact(&extract("inline.md", text)),
            [
                "1 answer G + GGGGG = 2",
                "1 answer R + R = 2",
                "3 answer GGBB + GB = 2",
                "3 answer RRWWRRBBRR + WB = 3",
                "5 answer WWRRBBWW + WRBRW = 2",
                "5 answer WRRBBW + RB = -1",
                "7 answer GGBB + GB = 2",
            ]
        );
    }

    #[test]
    fn a_cleared_board_becomes_nothing_later() {
        let text = "The rules: WWBBBWW -> WWWW -> empty\nThe board becomes WWBBWW.\n\nWRRBBW -> WRRRBBW\nThe board becomes WBBW.\n";
        assert_eq!(
            compact(&extract("notes.txt", text)),
            [
                "1 transition WWBBBWW -> WWWW",
                "1 transition WWWW -> ",
                "4 transition WRRBBW -> WRRRBBW",
                "5 transition WRRRBBW -> WBBW",
            ]
        );
    }

    #[test]
    fn pairs_of_every_shape_on_one_line_are_read_in_line_order() {
        let text = "Try RGBY + RR, then findMinStep(\"G\", \"GG\"), then \"WRRBBW\", \"RB\".\n";
        assert_eq!(
            compact(&extract("order.txt", text)),
            [
                "1 mention RGBY + RR",
                "1 mention G + GG",
                "1 mention WRRBBW + RB"
            ]
        );
    }

    #[test]
    fn a_named_move_that_clears_the_board_leaves_no_board_to_become_from() {
        let text = "Input: board = \"RRBB\", hand = \"RB\"\nInsert R at index 0, then the board becomes BB.\nInsert B at index 0.\nThe board becomes WW.\n";
        let e = extract("notes.txt", text);
        // No transition from the empty board to WW; the moves' check replays the sequence
        // and finds WW where the board is empty.
        assert_eq!(
            compact(&e),
            ["1 mention RRBB + RB", "2 moves RRBB + RB in 4 steps"]
        );
        let What::Moves { steps, .. } = &e.statements[1].what else {
            panic!("{:?}", compact(&e))
        };
        let steps: Vec<String> = steps
            .iter()
            .map(|s| match s {
                found::Step::Shown { line, board, .. } => format!("{line} shown {board:?}"),
                found::Step::Insert { line, mv, .. } => format!("{line} insert {mv:?}"),
            })
            .collect();
        assert_eq!(
            steps,
            [
                "2 insert Move { gap: 0, colour: R }",
                "2 shown \"BB\"",
                "3 insert Move { gap: 0, colour: B }",
                "4 shown \"WW\"",
            ]
        );
    }

    #[test]
    fn html_shapes_with_their_lines() {
        let e = fixture("shapes.html");
        assert_eq!(
            compact(&e),
            [
                "7 answer WWRRBBWW + WRBRW = 2",
                "13 answer RRWWRRBBRR + WB = 2",
                "14 answer WRRBBW + RB = 2",
                "16 transition WWBBBWW -> WWBBWW",
                "9 moves WWRRBBWW + WRBRW in 2 steps",
            ]
        );
        assert_eq!(code(&e), ["17 javascript"]);
    }

    #[test]
    fn plain_text_shapes_with_their_lines() {
        let e = fixture("shapes.txt");
        assert_eq!(
            compact(&e),
            [
                "5 answer WRRBBW + RB = -1",
                "10 transition WRRBBW -> WRRRBBW (R)",
                "11 transition WRRRBBW -> WBBW",
                "12 transition WBBW -> WBBBW (B)",
                "13 transition WBBBW -> WB",
                "10 moves WRRBBW + RB in 4 steps",
                "21 answer RRWWRRBBRR + WB = 2",
                "28 answer RR + R = 1",
                "29 answer G + GGGGG = 2",
                "30 answer RGBY + RGBY = -1",
                "31 answer RBYYBBRRB + YRBGB = 4",
                "23 moves RRWWRRBBRR + WB in 3 steps",
            ]
        );
        assert!(code(&e).is_empty());
    }

    #[test]
    fn leetcodes_own_statement_saved_as_html() {
        let e = fixture("leetcode.html");
        assert_eq!(
            compact(&e),
            [
                "4 answer WRRBBW + RB = -1",
                "7 transition WRRBBW -> WRRRBBW (R)",
                "7 transition WRRRBBW -> WBBW",
                "8 transition WBBW -> WBBBW (B)",
                "8 transition WBBBW -> WW",
                "7 moves WRRBBW + RB in 4 steps",
                "12 answer WWRRBBWW + WRBRW = 2",
                "15 transition WWRRBBWW -> WWRRRBBWW (R)",
                "15 transition WWRRRBBWW -> WWBBWW",
                "16 transition WWBBWW -> WWBBBWW (B)",
                "16 transition WWBBBWW -> WWWW",
                "16 transition WWWW -> ",
                "15 moves WWRRBBWW + WRBRW in 5 steps",
                "21 answer G + GGGGG = 2",
                "24 transition G -> GG (G)",
                "25 transition GG -> GGG (G)",
                "25 transition GGG -> ",
                "24 moves G + GGGGG in 3 steps",
            ]
        );
        let (claims, _, _) = judge_statements(&e, &Config::default(), &mut Oracle::new()).unwrap();
        assert!(claims.iter().all(|c| c.holds));
    }

    /// `line kind holds/refuted/invalid truth: reason` for each judged claim.
    fn judged(f: &str) -> Vec<String> {
        judged_text(&fixture(f))
    }

    fn judged_text(e: &Extracted) -> Vec<String> {
        let (claims, mentions, _) =
            judge_statements(e, &Config::default(), &mut Oracle::new()).unwrap();
        claims
            .iter()
            .map(|c| {
                let word = match (c.holds, c.valid) {
                    (true, _) => "holds",
                    (false, true) => "refuted",
                    (false, false) => "invalid",
                };
                format!("{} {:?} {word} {}: {}", c.line, c.kind, c.oracle, c.reason)
            })
            .chain(
                mentions
                    .iter()
                    .map(|m| format!("{} mention {:?}: {}", m.line, m.oracle, m.reason)),
            )
            .collect()
    }

    #[test]
    fn moves_and_stated_boards_are_read_in_line_order() {
        let head = "Board = \"WWRRBBWW\", hand = \"WRBRW\".\n\n";
        let holds = |body: &str| {
            let e = extract("moves.md", &format!("{head}{body}"));
            let j = judged_text(&e);
            assert!(j.iter().all(|l| !l.contains("refuted")), "{body}: {j:#?}");
            j.iter().filter(|l| !l.contains("mention")).count()
        };
        // Moves and the boards they give, on one line and on two: one moves claim.
        let one_line = "Insert R at index 4, then the board becomes WWBBWW. Then B@4 and the board is now WWBBBWW.\n";
        assert_eq!(holds(one_line), 1);
        assert_eq!(
            holds("R@4 and the board becomes WWBBWW.\nB@4 and the board is now WWBBBWW.\n"),
            1
        );
        // Two stated boards on one line are two transitions; the second is an insertion shown
        // before its chain reaction, which ends the sequence mid-move, not on another board.
        let stated = "The board becomes WWBBWW. Then the board is now WWBBBWW.\n";
        assert_eq!(holds(stated), 3);
        // Ending on a removal board short of where the move settles is refuted (WWWW clears).
        let judged_body = |body: &str| judged_text(&extract("moves.md", &format!("{head}{body}")));
        let j = judged_body("R@4 and the board becomes WWBBWW.\nB@4 and the board becomes WWWW.\n");
        assert_eq!(
            j.iter().filter(|l| l.contains("refuted")).count(),
            1,
            "{j:#?}"
        );
        assert!(
            j.iter().any(|l| l.contains("the text ends on WWWW")),
            "{j:#?}"
        );
        // A step-by-step chain reaction after a named move holds.
        let steps = "B@4 and the board becomes WWRRBBBWW. Then the board becomes WWRRWW.\n";
        assert_eq!(holds(steps), 1);
        // A board the move does not pass through is still refuted, once: B@4 clears the board,
        // so WWBB is no transition from the empty board, only a step the moves do not give.
        let j = judged_body("R@4 and the board becomes WWBBWW.\nB@4 and the board is now WWBB.\n");
        assert_eq!(
            j[0],
            "3 Moves refuted null: line 4: no one move from (empty) gives WWBB"
        );
        assert_eq!(
            j.iter().filter(|l| l.contains("refuted")).count(),
            1,
            "{j:#?}"
        );
    }

    #[test]
    fn a_move_named_in_two_notations_is_one_move() {
        let text = "Input: board = \"RRWWRRBBRR\", hand = \"WB\"\nOutput: 2\n\n\
            Insert B at index 1 (B@1), then insert W at index 3, i.e. RBR[W]WWRRBBRR.\n\n\
            Input: board = \"WWRRBBWW\", hand = \"WRBRW\"\nOutput: 2\n\n\
            Insert R at index 3 (WWR[R]RBBWW).\n\n\
            Input: board = \"WWRRBBWW\", hand = \"WRBRW\"\nOutput: 2\n\n\
            R@4, R@4 and B@4.\n";
        assert_eq!(
            judged_text(&extract("twice.md", text)),
            [
                "1 Answer holds 2: the oracle clears it with B@1 W@3",
                "4 Moves holds 2: B@1 W@3: legal, clears the board in 2 moves (optimal)",
                "6 Answer holds 2: the oracle clears it with R@2 B@2",
                "9 Moves holds 2: R@3: legal, leaves WWBBWW",
                "11 Answer holds 2: the oracle clears it with R@2 B@2",
                // The same notation twice is two moves.
                "14 Moves holds 2: R@4 R@4 B@4: legal, leaves WWRWW",
            ]
        );
    }

    /// Every pair on a line is read, quoted or in prose, in line order, each with the answer
    /// the words after it give (`= 0` too).
    #[test]
    fn every_pair_on_a_line_is_read() {
        let text = "Notes\n\nRRYRRYRR + YYYY is the tricky one, and \"WWBB\", \"B\" too.\n\n\
                    Watch out for \"RYR\", \"RRYY\" and for BBB + R = 0.\n";
        assert_eq!(
            compact(&extract("pairs.txt", text)),
            [
                "3 mention RRYRRYRR + YYYY",
                "3 mention WWBB + B",
                "5 mention RYR + RRYY",
                "5 answer BBB + R = 0",
            ]
        );
    }

    /// An arrow chain on one line that starts on the example's board is every step it shows:
    /// two moves with their insertions and removals hold.
    #[test]
    fn a_one_line_chain_of_two_moves_holds() {
        let text = "Example 1:\nInput: board = \"WWRRBBWW\", hand = \"WRBRW\"\nOutput: 2\n\
                    WWRRBBWW -> WWRRRBBWW -> WWBBWW -> WWBBBWW -> WWWW -> empty\n";
        let judged = judged_text(&extract("chain.txt", text));
        assert_eq!(
            judged
                .iter()
                .filter(|l| l.contains(" Moves "))
                .collect::<Vec<_>>(),
            ["4 Moves holds 2: R@2 B@2: legal, clears the board in 2 moves (optimal)"]
        );
        assert!(judged.iter().all(|l| !l.contains("refuted")), "{judged:#?}");
    }

    /// `===` is read as `==` is: a wrong JavaScript assertion is a claim, refuted.
    #[test]
    fn triple_equals_is_a_claim() {
        let text = "Check `findMinStep(\"G\", \"GGGGG\") === 3` and `\"RYR\", \"RRYY\" === 3`.\n";
        assert_eq!(
            judged_text(&extract("eq.md", text)),
            [
                "1 Answer refuted 2: the oracle clears it with G@0 G@0",
                "1 Answer holds 3: the oracle clears it with R@0 Y@2 Y@2",
            ]
        );
    }

    /// A heading ends the example before it: a board stated under the next heading is not one
    /// of its steps (Markdown, HTML and a plain-text `# ` line alike).
    #[test]
    fn a_heading_ends_the_example() {
        let md = "Example 2:\n\nInput: board = \"G\", hand = \"GGGGG\"\nOutput: 2\n\n## Rules\n\nWhen you insert a ball, the board becomes RRRBB.\n";
        let html = "<p>Input: board = \"G\", hand = \"GGGGG\"<br>Output: 2</p>\n<h2>Rules</h2>\n<p>When you insert a ball, the board becomes RRRBB.</p>\n";
        let txt = md.replace("## Rules", "# Rules");
        for (file, text) in [("a.md", md), ("a.html", html), ("a.txt", txt.as_str())] {
            assert_eq!(
                judged_text(&extract(file, text)),
                [format!(
                    "{} Answer holds 2: the oracle clears it with G@0 G@0",
                    if file == "a.html" { 1 } else { 3 }
                )],
                "{file}"
            );
        }
    }

    #[test]
    fn plain_text_claims_judged() {
        assert_eq!(
            judged("shapes.txt"),
            [
                "5 Answer holds -1: no sequence of moves clears the board",
                "10 Transition holds \"WRRRBBW\": R@1 inserts it",
                "11 Transition holds \"WBBW\": the chain reaction: remove RRR",
                "12 Transition holds \"WBBBW\": B@1 inserts it",
                "13 Transition refuted \"WW\": the rules give WW (remove BBB)",
                "10 Moves refuted null: line 13: no one move from WW gives WB",
                "21 Answer holds 2: the oracle clears it with B@1 W@3",
                "28 Answer holds 1: the oracle clears it with R@0",
                "29 Answer holds 2: the oracle clears it with G@0 G@0",
                "30 Answer holds -1: no sequence of moves clears the board",
                "31 Answer refuted 3: the oracle clears it with Y@2 B@0 B@0",
                "23 Moves holds 2: W@9 B@8: legal, clears the board in 2 moves (optimal)",
            ]
        );
    }

    #[test]
    fn markdown_claims_judged() {
        assert_eq!(
            judged("shapes.md"),
            [
                "5 Answer refuted -1: no sequence of moves clears the board",
                "10 Answer holds 2: the oracle clears it with R@2 B@2",
                "13 Moves holds 2: R@4 B@4: legal, clears the board in 2 moves (optimal)",
                "17 Transition refuted \"WRRW\": the rules give WRRW (remove BBB)",
                "17 Transition holds \"WWWW\": the chain reaction: remove BBB",
                "17 Transition holds \"\": the chain reaction: remove WWWW",
                "19 Answer holds 2: the oracle clears it with B@1 W@3",
                "19 Answer holds -1: no sequence of moves clears the board",
                "20 Answer refuted -1: no sequence of moves clears the board",
                "24 Answer refuted 2: the oracle clears it with R@0 R@0",
                "25 Answer invalid null: invalid input: three in a row: 'BBB' at board positions 0..2 (the starting board may not hold a run of three or more)",
                "29 Answer holds 2: the oracle clears it with G@0 G@0",
                "20 mention Some(4): cleared by Y@1 Y@1 Y@4 Y@4",
            ]
        );
    }
}
