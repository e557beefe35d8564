// zuma-judge harness for standalone Rust submissions (languages/rust.rs): the crate root, with
// the paste as module `solution` (`solution.rs`, which ends with `zuma_judge_entry`, a call of
// `Solution::find_min_step` from inside the paste's module, so a private one works). Speaks the
// worker protocol of src/submission/protocol.rs: JSON-line requests
// {"id":7,"board":"..","hand":".."} on stdin; on file descriptor 3 first {"ready":true}, then one
// reply per request, in order, echoing its id: {"id":7,"answer":N} or
// {"id":7,"panic":"message at FILE:LINE"} with the file as pasted. Time and memory are measured by the
// judge, outside this process. `ZUMA_JUDGE_SHOWN`, the paste's shown path, is put before this.

#[path = "solution.rs"]
#[allow(warnings, clippy::all)]
mod solution;

use std::cell::RefCell;
use std::io::{BufRead, Write};
use std::os::fd::FromRawFd;

thread_local! {
    static ZUMA_JUDGE_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

fn zuma_judge_field(line: &str, key: &str) -> String {
    let open = format!("\"{key}\":\"");
    match line.find(&open) {
        Some(i) => {
            let rest = &line[i + open.len()..];
            rest[..rest.find('"').unwrap_or(rest.len())].to_string()
        }
        None => String::new(),
    }
}

/// `{"id":N,` for a request with an id (its digits copied), else `{`: the start of its reply.
fn zuma_judge_opening(line: &str) -> String {
    let Some(i) = line.find("\"id\":") else {
        return "{".into();
    };
    let digits: String = line[i + 5..]
        .chars()
        .take_while(char::is_ascii_digit)
        .take(20)
        .collect();
    if digits.is_empty() {
        "{".into()
    } else {
        format!("{{\"id\":{digits},")
    }
}

fn zuma_judge_quoted(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars().take(300) {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn main() {
    std::panic::set_hook(Box::new(|info| {
        let payload = info.payload();
        let msg = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "non-string panic payload".into());
        let at = info
            .location()
            .map(|l| {
                let file = if l.file() == "solution.rs" {
                    ZUMA_JUDGE_SHOWN
                } else {
                    l.file()
                };
                format!(" at {file}:{}", l.line())
            })
            .unwrap_or_default();
        ZUMA_JUDGE_PANIC.with(|p| *p.borrow_mut() = Some(format!("{msg}{at}")));
    }));
    // SAFETY: the judge opens file descriptor 3 for the replies; nothing else here uses it.
    let mut out = unsafe { std::fs::File::from_raw_fd(3) };
    let mut send = |line: String| {
        if out.write_all(format!("{line}\n").as_bytes()).is_err() {
            std::process::exit(1);
        }
    };
    send("{\"ready\":true}".into());
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { return };
        let board = zuma_judge_field(&line, "board");
        let hand = zuma_judge_field(&line, "hand");
        let open = zuma_judge_opening(&line);
        let got = std::panic::catch_unwind(|| solution::zuma_judge_entry(board, hand));
        send(match got {
            Ok(n) => format!("{open}\"answer\":{n}}}"),
            Err(_) => {
                let m = ZUMA_JUDGE_PANIC.with(|p| p.borrow_mut().take());
                format!("{open}\"panic\":{}}}", zuma_judge_quoted(&m.unwrap_or_else(|| "panic".into())))
            }
        });
    }
}
