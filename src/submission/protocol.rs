//! The protocol between the judge and a worker, the same for every language: JSON lines, each
//! request tied to its reply by a call id (protocol v2). The judge writes requests
//! `{"id":7,"board":"RRWW","hand":"WB"}` to the worker's stdin, `id` a non-negative integer
//! below 2^53 (JavaScript's exact integers), different for every request one worker is sent.
//! The worker writes replies to file descriptor [`REPLY_FD`]: first, once and with no id,
//! `{"ready":true}` (or `{"compile_error":"..."}` / `{"load_error":"..."}`), then one line per
//! request, in order, echoing the request's id: `{"id":7,"answer":2}`, or instead of `answer`
//! one of `panic` (a Rust panic message), `error` (an exception), `memory` (an out-of-memory
//! exception) or `bad_return` (the call returned something that is not an integer). A harness
//! copies the id it read, as a JSON integer, and never invents one; it reads the next request
//! only after replying to the previous one, so the judge may write several requests at once (a
//! batch) and read the replies as they come.
//!
//! While the judge waits for call `id`, a line of the protocol with another id, or none, is
//! discarded: a reply forged by the submission for another call, or a late one, answers
//! nothing. A line that is not JSON of the protocol still ends the call as a malformed reply.
//! A reply may carry `cpu_ms` and `wall_ms`, but the judge ignores them: time is measured by
//! the judge. Here too: [`serve`], the worker side for the Rust solutions compiled into the
//! judge, and how a submission's own words are cut down to fit in a report.

use std::io::{self, BufRead, BufWriter, Write};
use std::os::fd::{FromRawFd, OwnedFd, RawFd};

use serde::{Deserialize, Serialize};

use crate::submission::execute::{process_cpu_ms, Executor, Failure, InProcess};
use crate::submission::registry::Solution;

/// The file descriptor a worker writes its replies to.
pub const REPLY_FD: RawFd = 3;

/// A request: one call of `findMinStep(board, hand)`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Request {
    /// The call id, echoed by the reply; the judge always sends one (`None` only in a request
    /// someone else wrote, answered without an id).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<u64>,
    /// The board, e.g. `RRWWRRBBRR`.
    pub board: String,
    /// The hand, e.g. `WB`.
    pub hand: String,
}

/// A worker's first line: whether the submission is loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Greeting {
    /// `{"ready":true}`: the solution is loaded.
    Ready,
    /// `load_error`: the solution cannot be loaded, and why.
    LoadError(String),
    /// `compile_error`: the interpreter rejected the code itself (a syntax error), with the
    /// line of the file as pasted. Verdict CE.
    CompileError(String),
    /// Valid JSON that says none of these (e.g. `{"ready":false}`).
    Nothing,
}

impl Greeting {
    /// Reads a first line; an error when it is not JSON of the protocol. `ready` counts
    /// first, then `load_error`, then `compile_error`.
    pub fn parse(line: &[u8]) -> serde_json::Result<Greeting> {
        let l = serde_json::from_slice::<Line>(line)?;
        Ok(if l.ready == Some(true) {
            Greeting::Ready
        } else if let Some(e) = l.load_error {
            Greeting::LoadError(e)
        } else if let Some(e) = l.compile_error {
            Greeting::CompileError(e)
        } else {
            Greeting::Nothing
        })
    }
}

/// What a harness can say of one call. Its own time (`cpu_ms`, `wall_ms`) is read and
/// dropped: the judge measures time itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// `answer`: the returned answer.
    Answer(i64),
    /// `panic`: a Rust panic message, with its location.
    Panic(String),
    /// `error`: an exception, e.g. `IndexError: string index out of range (line 12)`.
    Error(String),
    /// `memory`: an out-of-memory exception, e.g. `MemoryError`.
    Memory(String),
    /// `bad_return`: what was returned instead of an integer, e.g. `None`.
    BadReturn(String),
    /// Valid JSON that says none of these (a second `ready`, say): no answer.
    Nothing,
}

impl Reply {
    /// Reads a reply line; an error when it is not JSON of the protocol. The first of
    /// `answer`, `panic`, `error`, `memory` and `bad_return` the line sets counts.
    pub fn parse(line: &[u8]) -> serde_json::Result<Reply> {
        Reply::parse_with_id(line).map(|(_, reply)| reply)
    }

    /// [`Reply::parse`], with the id the line echoes (`None` when it has none).
    pub fn parse_with_id(line: &[u8]) -> serde_json::Result<(Option<u64>, Reply)> {
        let l = serde_json::from_slice::<Line>(line)?;
        Ok((l.id, Reply::of(l)))
    }

    fn of(l: Line) -> Reply {
        if let Some(a) = l.answer {
            Reply::Answer(a)
        } else if let Some(p) = l.panic {
            Reply::Panic(p)
        } else if let Some(e) = l.error {
            Reply::Error(e)
        } else if let Some(m) = l.memory {
            Reply::Memory(m)
        } else if let Some(b) = l.bad_return {
            Reply::BadReturn(b)
        } else {
            Reply::Nothing
        }
    }
}

/// Whether `line` is a line of the protocol that answers call `id`: `Some(true)` when it echoes
/// `id`, `Some(false)` when it is a line of the protocol with another id or none (to be
/// discarded), `None` when it is not JSON of the protocol (a malformed reply).
pub fn answers(line: &[u8], id: u64) -> Option<bool> {
    serde_json::from_slice::<Line>(line)
        .ok()
        .map(|l| l.id == Some(id))
}

/// A line as a worker writes it: one of the eight fields after `id` is set (when a line sets
/// more, [`Greeting`] and [`Reply`] say which one counts).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Line {
    /// The id of the request a reply answers; none on the first line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    id: Option<u64>,
    /// The first line: the solution is loaded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ready: Option<bool>,
    /// The first line instead of `ready`: the solution cannot be loaded, and why.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    load_error: Option<String>,
    /// The first line instead of `ready`: the interpreter rejected the code itself (a syntax
    /// error), with the line of the file as pasted. Verdict CE.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    compile_error: Option<String>,
    /// The returned answer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    answer: Option<i64>,
    /// A Rust panic message, with its location.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    panic: Option<String>,
    /// An exception, e.g. `IndexError: string index out of range (line 12)`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    /// An out-of-memory exception, e.g. `MemoryError`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    memory: Option<String>,
    /// What was returned instead of an integer, e.g. `None`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    bad_return: Option<String>,
    /// CPU time of the call, all threads, in milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    cpu_ms: Option<f64>,
    /// Wall time of the call, in milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    wall_ms: Option<f64>,
}

/// A message the submission wrote, made one line of at most 300 characters (and `...` when
/// cut): a newline or another control character in it could fake a line of the report.
pub(crate) fn one_line(text: &str) -> String {
    let flat: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    clipped(&flat, 300)
}

/// A message of many lines a submission's harness sent (a compile error): control characters
/// but line breaks and tabs dropped (a carriage return could fake a line of the report), and
/// at most 6 KiB, as a build's message.
pub(crate) fn message_lines(text: &str) -> String {
    const MAX: usize = 6 * 1024;
    let clean: String = text
        .chars()
        .filter(|c| !c.is_control() || *c == '\n' || *c == '\t')
        .collect();
    let clean = clean.trim_matches('\n');
    if clean.len() <= MAX {
        return clean.to_string();
    }
    let mut cut = MAX;
    while !clean.is_char_boundary(cut) {
        cut -= 1;
    }
    format!("{}\n... (message cut at {MAX} bytes)", &clean[..cut])
}

/// The first `n` characters of `text`, and "..." after them when there were more.
pub(crate) fn clipped(text: &str, n: usize) -> String {
    match text.char_indices().nth(n) {
        Some((i, _)) => format!("{}...", &text[..i]),
        None => text.to_string(),
    }
}

/// The first 120 characters of a reply line, for messages.
pub(crate) fn excerpt(line: &[u8]) -> String {
    clipped(String::from_utf8_lossy(line).trim_end(), 120)
}

/// The worker side for a compiled solution (`zuma-judge worker --solution NAME`): answers
/// requests from stdin on fd 3, in order, each reply echoing its request's id, until stdin
/// closes. Panics are caught and replied; anything
/// worse ends the process, which is the point.
///
/// Errors: fd 3 is not a pipe (the command was run by hand), or a pipe broke.
pub fn serve(solution: &dyn Solution) -> io::Result<()> {
    // SAFETY: fstat only inspects the descriptor and writes the stack value.
    let is_pipe = unsafe {
        let mut st: libc::stat = std::mem::zeroed();
        libc::fstat(REPLY_FD, &mut st) == 0 && st.st_mode & libc::S_IFMT == libc::S_IFIFO
    };
    if !is_pipe {
        return Err(io::Error::other(
            "file descriptor 3 is not a pipe: `zuma-judge worker` is started by `zuma-judge run`, not by hand",
        ));
    }
    // SAFETY: fd 3 is an open pipe (checked above) and nothing else in this process uses it.
    let mut out = BufWriter::new(std::fs::File::from(unsafe {
        OwnedFd::from_raw_fd(REPLY_FD)
    }));
    send(
        &mut out,
        &Line {
            ready: Some(true),
            ..Line::default()
        },
    )?;
    let mut exec = InProcess::new(solution);
    for line in io::stdin().lock().lines() {
        let line = line?;
        let reply = match serde_json::from_str::<Request>(&line) {
            Ok(req) => {
                let cpu = process_cpu_ms();
                let out = exec.call(&req.board, &req.hand);
                let cpu_ms = process_cpu_ms() - cpu;
                let mut r = Line {
                    id: req.id,
                    cpu_ms: Some(cpu_ms),
                    wall_ms: Some(out.wall_ms),
                    ..Line::default()
                };
                match out.result {
                    Ok(v) => r.answer = Some(v.into()),
                    Err(Failure::Panic(m)) => r.panic = Some(m),
                    Err(other) => r.error = Some(format!("{other:?}")),
                }
                r
            }
            Err(e) => Line {
                error: Some(format!("malformed request: {e}")),
                ..Line::default()
            },
        };
        send(&mut out, &reply)?;
    }
    Ok(())
}

fn send(out: &mut impl Write, reply: &Line) -> io::Result<()> {
    serde_json::to_writer(&mut *out, reply)?;
    out.write_all(b"\n")?;
    out.flush()
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_from_the_submission_is_one_line() {
        assert_eq!(
            one_line("x\n| evil.rs   accepted |\r\u{1b}[2J"),
            "x | evil.rs   accepted |  [2J"
        );
        assert_eq!(
            one_line(&"y".repeat(400)),
            format!("{}...", "y".repeat(300))
        );
        assert_eq!(one_line(&"y".repeat(300)), "y".repeat(300));
    }

    #[test]
    fn a_harness_message_cannot_fake_report_lines() {
        let forged = "SyntaxError (line 1)\n\r\x1b[2Jzuma-judge: all accepted\n";
        assert_eq!(
            message_lines(forged),
            "SyntaxError (line 1)\n[2Jzuma-judge: all accepted"
        );
        let long = message_lines(&"B".repeat(100_000));
        assert_eq!(
            long.len(),
            6 * 1024 + "\n... (message cut at 6144 bytes)".len()
        );
    }

    #[test]
    fn a_line_says_one_thing() {
        let reply = |l: &str| Reply::parse(l.as_bytes()).unwrap();
        assert_eq!(reply(r#"{"answer":2,"cpu_ms":1.5}"#), Reply::Answer(2));
        assert_eq!(
            reply(r#"{"panic":"p","error":"e"}"#),
            Reply::Panic("p".into())
        );
        assert_eq!(reply(r#"{"ready":true}"#), Reply::Nothing);
        assert_eq!(
            Reply::parse_with_id(br#"{"id":7,"answer":2}"#).unwrap(),
            (Some(7), Reply::Answer(2))
        );
        assert!(Reply::parse(br#"{"id":-1,"answer":2}"#).is_err());
        assert!(Reply::parse(br#"{"answr":2}"#).is_err());
        let greeting = |l: &str| Greeting::parse(l.as_bytes()).unwrap();
        assert_eq!(greeting(r#"{"ready":true,"answer":1}"#), Greeting::Ready);
        assert_eq!(greeting(r#"{"ready":false}"#), Greeting::Nothing);
        assert_eq!(
            greeting(r#"{"compile_error":"x"}"#),
            Greeting::CompileError("x".into())
        );
    }

    #[test]
    fn only_a_line_with_the_id_answers_a_call() {
        assert_eq!(answers(br#"{"id":7,"answer":2}"#, 7), Some(true));
        assert_eq!(answers(br#"{"id":6,"answer":2}"#, 7), Some(false));
        assert_eq!(answers(br#"{"id":8,"error":"x"}"#, 7), Some(false));
        assert_eq!(answers(br#"{"answer":2}"#, 7), Some(false));
        assert_eq!(answers(br#"{"ready":true}"#, 7), Some(false));
        assert_eq!(answers(br#"{"id":"7","answer":2}"#, 7), None);
        assert_eq!(answers(b"not json", 7), None);
        let request = Request {
            id: Some(7),
            board: "RRWW".into(),
            hand: "WB".into(),
        };
        assert_eq!(
            serde_json::to_string(&request).unwrap(),
            r#"{"id":7,"board":"RRWW","hand":"WB"}"#
        );
    }

    #[test]
    fn excerpts_are_short() {
        assert_eq!(excerpt(b"hello\n"), "hello");
        assert_eq!(
            excerpt("x".repeat(200).as_bytes()),
            format!("{}...", "x".repeat(120))
        );
    }
}
