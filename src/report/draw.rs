//! Draws a witness (or any move list) as rows of balls for people: one row per move with the
//! inserted ball bracketed, then one row per removal of the chain reaction. Styled rows colour
//! each ball with ANSI escapes (anstyle); the caller's stream strips them when colour is off.

use anstyle::{AnsiColor, Color, Style};

use crate::game::oracle::Answer;
use crate::game::partial::{self, Partial};
use crate::game::rules::{Colour, Hand, Instance, Move};
use crate::report::{count, explain};

/// When to colour terminal output (`--color`). `auto` colours a terminal unless `NO_COLOR` is
/// set (or `CLICOLOR=0`); `CLICOLOR_FORCE` forces colour; the flag overrides the environment.
/// Detection is anstream's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorWhen {
    /// Colour when writing to a terminal and the environment allows it.
    Auto,
    /// Always colour.
    Always,
    /// Never colour: plain letters.
    Never,
}

impl ColorWhen {
    /// Makes this the choice of every `anstream` stream in the process.
    pub fn apply(self) {
        let choice = match self {
            ColorWhen::Auto => anstream::ColorChoice::Auto,
            ColorWhen::Always => anstream::ColorChoice::Always,
            ColorWhen::Never => anstream::ColorChoice::Never,
        };
        choice.write_global();
    }
}

/// The ANSI style of a ball: its colour as the background, a readable letter on top.
/// R red, Y yellow, B blue, G green, W (bright) white.
pub fn ball_style(c: Colour) -> Style {
    let (bg, fg) = match c {
        Colour::R => (AnsiColor::Red, AnsiColor::BrightWhite),
        Colour::Y => (AnsiColor::Yellow, AnsiColor::Black),
        Colour::B => (AnsiColor::Blue, AnsiColor::BrightWhite),
        Colour::G => (AnsiColor::Green, AnsiColor::Black),
        Colour::W => (AnsiColor::BrightWhite, AnsiColor::Black),
    };
    Style::new()
        .bg_color(Some(Color::Ansi(bg)))
        .fg_color(Some(Color::Ansi(fg)))
        .bold()
}

/// A run of letters (`BBB`) with every ball coloured when `styled`.
pub fn letters(s: &str, styled: bool) -> String {
    s.chars()
        .map(|ch| match Colour::from_char(ch) {
            Some(c) if styled => {
                let st = ball_style(c);
                format!("{st}{ch}{st:#}")
            }
            _ => ch.to_string(),
        })
        .collect()
}

/// One board as a row of balls, two columns a ball (`R R W`), with the ball at index `mark`
/// bracketed (`R[W]R`). The empty board is `(empty)`. Returns the text and its width in columns
/// (escapes excluded), so rows can be aligned.
pub fn row(board: &str, mark: Option<usize>, styled: bool) -> (String, usize) {
    if board.is_empty() {
        return ("(empty)".into(), 7);
    }
    let mut out = String::new();
    let n = board.chars().count();
    for (i, ch) in board.chars().enumerate() {
        let sep = if mark == Some(i) {
            '['
        } else if i > 0 && mark == Some(i - 1) {
            ']'
        } else {
            ' '
        };
        if i > 0 || sep == '[' {
            out.push(sep);
        }
        let ball = letters(&ch.to_string(), styled);
        if styled && mark == Some(i) {
            let u = Style::new().underline();
            out.push_str(&format!("{u}{ball}{u:#}"));
        } else {
            out.push_str(&ball);
        }
    }
    let mut width = 2 * n - 1;
    if let Some(m) = mark {
        width += if m == 0 { 1 } else { 0 };
        if m + 1 == n {
            out.push(']');
            width += 1;
        }
    }
    (out, width)
}

/// How to read a drawn witness, said once above the witnesses of a block or report: the gap
/// numbering of [`Move`] (LeetCode's insertion index) and the inserted ball's brackets.
pub const GAP_LEGEND: &str = "gap i inserts before board[i] (LeetCode's insertion index; gap n, the board's length, is the right end); [X] is the inserted ball";

/// One row of a drawn witness: its label (`start`, `1. W at gap 9`, `  remove BBB`), the board
/// drawn by [`row`] with its width, and the hand after the row's move (`None` on removals).
struct Row {
    label: String,
    board: (String, usize),
    hand: Option<String>,
}

pub use crate::game::moves::hands_after;

/// The rows that play `moves` from `instance`, the hand shown as `hand` was written (falling back
/// to the instance's own hand when `hand` does not hold the same balls).
fn rows(instance: &Instance, hand: &str, moves: &[Move], styled: bool) -> Vec<Row> {
    let written = match Hand::from_letters(hand) {
        Some(h) if h == instance.hand => hand.to_string(),
        _ => instance.hand.to_string(),
    };
    let mut rows = vec![Row {
        label: "start".into(),
        board: row(&instance.board.to_string(), None, styled),
        hand: Some(written.clone()),
    }];
    let steps = explain::steps(instance, moves);
    for (s, h) in steps.iter().zip(hands_after(&written, moves)) {
        rows.push(Row {
            label: format!("{}. {} at gap {}", s.number, s.mv.colour, s.mv.gap),
            board: row(&s.inserted, Some(s.mv.gap), styled),
            hand: Some(h),
        });
        for (run, after) in &s.removals {
            rows.push(Row {
                label: format!("  remove {}", letters(run, styled)),
                board: row(after, None, styled),
                hand: None,
            });
        }
    }
    rows
}

/// A hand for people: its letters, or `-` when empty.
fn held(hand: &str) -> &str {
    if hand.is_empty() {
        "-"
    } else {
        hand
    }
}

/// The lines that play `moves` from `instance`, e.g. for `RRWWRRBBRR` + `WB`:
///
/// ```text
/// start          R R W W R R B B R R      hand WB
/// 1. W at gap 9  R R W W R R B B R[W]R    hand B
/// 2. B at gap 8  R R W W R R B B[B]R W R  hand -
///   remove BBB   R R W W R R R W R
///   remove RRR   R R W W W R
///   remove WWW   R R R
///   remove RRR   (empty)
/// ```
///
/// Board rows start in one column; the hand, as `hand` was written less the balls spent, follows
/// the insertion rows. Gaps are numbered as [`GAP_LEGEND`] says (the caller prints it once).
/// Panics if a move is not playable (see [`explain::steps`]).
pub fn moves(instance: &Instance, hand: &str, moves: &[Move], styled: bool) -> Vec<String> {
    let rows = rows(instance, hand, moves, styled);
    let label_width = rows.iter().map(|r| visible(&r.label)).max().unwrap_or(0);
    let row_width = rows.iter().map(|r| r.board.1).max().unwrap_or(0);
    rows.into_iter()
        .map(
            |Row {
                 label,
                 board: (text, width),
                 hand,
             }| {
                let lpad = " ".repeat(label_width - visible(&label));
                match hand {
                    Some(h) => {
                        let rpad = " ".repeat(row_width - width);
                        format!(
                            "{label}{lpad}  {text}{rpad}  hand {}",
                            letters(held(&h), styled)
                        )
                    }
                    None => format!("{label}{lpad}  {text}"),
                }
            },
        )
        .collect()
}

/// The same rows as [`moves`], as a Markdown table for pasting (plain letters, each board in a
/// code span so its spacing and brackets survive):
///
/// ```text
/// | move | board | hand |
/// |---|---|---|
/// | start | `R R W W R R B B R R` | `WB` |
/// | 1. W at gap 9 | `R R W W R R B B R[W]R` | `B` |
/// ...
/// | remove RRR | `(empty)` | |
/// ```
pub fn markdown_moves(instance: &Instance, hand: &str, moves: &[Move]) -> Vec<String> {
    let mut out = vec![
        "| move | board | hand |".to_string(),
        "|---|---|---|".into(),
    ];
    for r in rows(instance, hand, moves, false) {
        let hand = r.hand.map_or(String::new(), |h| format!(" `{}`", held(&h)));
        out.push(format!("| {} | `{}` |{hand} |", r.label.trim(), r.board.0));
    }
    out
}

/// What comes before the move rows of [`explain`]: nothing for a witness; for -1, how the search
/// was exhausted and the best partial line's summary. Returns those lines and the moves to draw.
fn preface(instance: &Instance, answer: &Answer) -> (Vec<String>, Vec<Move>) {
    if let Some(w) = &answer.witness {
        return (Vec::new(), w.clone());
    }
    let p = partial::best_partial(instance, partial::MAX_STATES);
    let lines = vec![explain::fresh_search(instance), partial_summary(&p)];
    (lines, p.moves)
}

/// The oracle's `answer` for `instance` (hand as written: `hand`), drawn: the witness move by
/// move; or, for -1, how the oracle's search was exhausted ([`explain::search`]) and the best
/// partial line ([`partial::best_partial`]), the moves that leave the fewest balls on the board.
pub fn explain(instance: &Instance, hand: &str, answer: &Answer, styled: bool) -> Vec<String> {
    let (mut out, line) = preface(instance, answer);
    out.extend(moves(instance, hand, &line, styled));
    out
}

/// [`explain()`] in Markdown: the -1 lines as paragraphs, then the moves as a table
/// ([`markdown_moves`]).
pub fn explain_markdown(instance: &Instance, hand: &str, answer: &Answer) -> Vec<String> {
    let (preface, line) = preface(instance, answer);
    let mut out = Vec::new();
    for p in preface {
        out.push(p);
        out.push(String::new());
    }
    out.extend(markdown_moves(instance, hand, &line));
    out
}

/// One line about a best partial line, e.g.
/// `best partial line: 2 balls left after 2 moves (7 states explored, all of them)`.
pub fn partial_summary(p: &Partial) -> String {
    let how = if p.exhaustive {
        format!("{} explored, all of them", count(p.states, "state"))
    } else {
        format!(
            "search stopped at {} states, complete up to {} moves: the best seen",
            p.states, p.complete_to
        )
    };
    format!(
        "best partial line: {} left after {} ({how})",
        count(p.left, "ball"),
        count(p.moves.len(), "move")
    )
}

/// Width of `s` in columns once ANSI escapes are stripped.
fn visible(s: &str) -> usize {
    anstream::adapter::strip_str(s).to_string().chars().count()
}

/// Removes ANSI escapes, for text that goes to a file or a machine format.
pub fn plain(s: &str) -> String {
    anstream::adapter::strip_str(s).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rules::Constraints;

    fn split_pair() -> (Instance, Vec<Move>) {
        // split pair: RRWWRRBBRR + WB
        let i = Instance::parse("RRWWRRBBRR", "WB", &Constraints::default()).unwrap();
        let m = vec![
            Move {
                gap: 9,
                colour: Colour::W,
            },
            Move {
                gap: 8,
                colour: Colour::B,
            },
        ];
        (i, m)
    }

    #[test]
    fn split_pair_plain() {
        let (i, m) = split_pair();
        // the hand as written, WB (the multiset's display would say BW)
        assert_eq!(
            moves(&i, "WB", &m, false),
            [
                "start          R R W W R R B B R R      hand WB",
                "1. W at gap 9  R R W W R R B B R[W]R    hand B",
                "2. B at gap 8  R R W W R R B B[B]R W R  hand -",
                "  remove BBB   R R W W R R R W R",
                "  remove RRR   R R W W W R",
                "  remove WWW   R R R",
                "  remove RRR   (empty)",
            ]
        );
        // a hand that is not the instance's falls back to the instance's own
        assert_eq!(moves(&i, "RR", &m, false)[0], moves(&i, "BW", &m, false)[0]);
    }

    #[test]
    fn split_pair_markdown() {
        let (i, m) = split_pair();
        assert_eq!(
            markdown_moves(&i, "WB", &m),
            [
                "| move | board | hand |",
                "|---|---|---|",
                "| start | `R R W W R R B B R R` | `WB` |",
                "| 1. W at gap 9 | `R R W W R R B B R[W]R` | `B` |",
                "| 2. B at gap 8 | `R R W W R R B B[B]R W R` | `-` |",
                "| remove BBB | `R R W W R R R W R` | |",
                "| remove RRR | `R R W W W R` | |",
                "| remove WWW | `R R R` | |",
                "| remove RRR | `(empty)` | |",
            ]
        );
    }

    #[test]
    fn hands_keep_their_written_order() {
        let mv = |c, gap| Move { gap, colour: c };
        assert_eq!(
            hands_after(
                "WBRB",
                &[mv(Colour::B, 0), mv(Colour::W, 0), mv(Colour::B, 1)]
            ),
            ["WRB", "RB", "R"]
        );
    }

    #[test]
    fn styled_is_plain_once_stripped() {
        let (i, m) = split_pair();
        let styled = moves(&i, "WB", &m, true);
        // a red ball: bold, bright white letter, red background; the inserted W also underlined
        assert!(styled[1].starts_with("1. W at gap 9  \u{1b}[1m\u{1b}[97m\u{1b}[41mR\u{1b}[0m "));
        assert!(styled[1].contains("[\u{1b}[4m\u{1b}[1m\u{1b}[30m\u{1b}[107mW\u{1b}[0m\u{1b}[0m]"));
        let stripped: Vec<String> = styled.iter().map(|l| plain(l)).collect();
        assert_eq!(stripped, moves(&i, "WB", &m, false));
    }

    #[test]
    fn rows_mark_the_ends() {
        assert_eq!(row("RGB", Some(0), false), ("[R]G B".into(), 6));
        assert_eq!(row("RGB", Some(2), false), ("R G[B]".into(), 6));
        assert_eq!(row("R", Some(0), false), ("[R]".into(), 3));
        assert_eq!(row("", None, false), ("(empty)".into(), 7));
    }
}
