//! Why a worker died, and when its own word that it ran out of memory is believed: the judge
//! takes a death or a reply as MLE only with evidence it measured (a kill at the memory
//! cgroup's limit, a peak near the limit, a refused request the size of the limit).

use nix::sys::signal::Signal;

use crate::submission::execute::Failure;
use crate::submission::protocol::clipped;

/// Whether the judge measured a call's memory (`peak_kib`) at half its limit or more: only
/// then is a submission's own word that it ran out of memory taken as MLE. An allocation
/// refused by `RLIMIT_AS` leaves the process at least half way to the limit unless that one
/// request was larger than everything before it; a forged message leaves it where it was.
pub(super) fn memory_seen(peak_kib: Option<u64>, limit_mib: u64) -> bool {
    peak_kib.is_some_and(|k| k * 2 >= limit_mib * 1024)
}

/// The size of a refused request Rust's allocator names (`memory allocation of N bytes
/// failed`), in KiB: one request at or over the limit is a memory limit met at once, where no
/// poll could see the process grow. (A submission may print this line itself with a large
/// number: it then picks MLE over RE, never over AC.)
pub(super) fn stated_request_kib(tail: &str) -> Option<u64> {
    let at = tail.find("memory allocation of ")? + "memory allocation of ".len();
    let digits: String = tail[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    Some(digits.parse::<u64>().ok()? / 1024)
}

/// Why a worker died, from its exit signal or code and the end of its stdout and stderr: out
/// of memory (Rust's "memory allocation of N bytes failed", Python's `MemoryError`, V8's "heap
/// out of memory") is [`Failure::MemoryLimit`] when the judge saw its memory near the limit
/// (`memory_limit` is then `Some`); anything else is a [`Failure::Crash`]
/// that names the signal (e.g. `SIGSEGV`), says "stack overflow" when Rust or Python said so,
/// and quotes the last line of output.
pub fn classify_death(
    signal: Option<i32>,
    code: Option<i32>,
    tail: &str,
    memory_limit: Option<&str>,
) -> Failure {
    const OUT_OF_MEMORY: [&str; 8] = [
        "memory allocation of ",
        "MemoryError",
        "JavaScript heap out of memory",
        "Fatal process out of memory",
        "Cannot allocate memory",
        // Go
        "runtime: out of memory",
        // The JVM, when the error escapes the harness, or the JVM itself runs out
        "java.lang.OutOfMemoryError",
        "insufficient memory for the Java Runtime Environment",
    ];
    if let Some(limit) = memory_limit.filter(|_| OUT_OF_MEMORY.iter().any(|m| tail.contains(m))) {
        return Failure::MemoryLimit(limit.to_string());
    }
    let how = match (signal, code) {
        (Some(s), _) => match Signal::try_from(s) {
            Ok(sig) => format!("killed by {}", sig.as_str()),
            Err(_) => format!("killed by signal {s}"),
        },
        (None, Some(c)) => format!("exited with code {c} without replying"),
        (None, None) => "died".into(),
    };
    let last = tail
        .lines()
        .rev()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .map(|l| format!(": {}", clipped(l, 200)))
        .unwrap_or_default();
    if tail.contains("has overflowed its stack")
        || tail.contains("Fatal Python error: Cannot recover from stack overflow")
    {
        Failure::Crash(format!("stack overflow, {how}{last}"))
    } else {
        Failure::Crash(format!("{how}{last}"))
    }
}
#[cfg(test)]
mod tests {
    use super::*;

    const MEM: &str = "memory 1024 MiB";

    #[test]
    fn deaths_are_named() {
        // SIGABRT after Rust's allocation failure message: MLE.
        assert_eq!(
            classify_death(
                Some(6),
                None,
                "memory allocation of 4294967296 bytes failed\n",
                Some(MEM)
            ),
            Failure::MemoryLimit(MEM.into())
        );
        // Rust's stack overflow handler prints, then aborts.
        assert_eq!(
            classify_death(
                Some(6),
                None,
                "\nthread 'main' has overflowed its stack\nfatal runtime error: stack overflow, aborting\n",
                Some(MEM)
            ),
            Failure::Crash(
                "stack overflow, killed by SIGABRT: fatal runtime error: stack overflow, aborting"
                    .into()
            )
        );
        assert_eq!(
            classify_death(Some(11), None, "", Some(MEM)),
            Failure::Crash("killed by SIGSEGV".into())
        );
        assert_eq!(
            classify_death(None, Some(3), "bye\n\n", Some(MEM)),
            Failure::Crash("exited with code 3 without replying: bye".into())
        );
        assert_eq!(
            classify_death(
                Some(6),
                None,
                "FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory",
                Some(MEM)
            ),
            Failure::MemoryLimit(MEM.into())
        );
        // The same words from a process the judge saw far from the limit: its own text, RE.
        assert_eq!(
            classify_death(Some(6), None, "memory allocation of 8 bytes failed\n", None),
            Failure::Crash("killed by SIGABRT: memory allocation of 8 bytes failed".into())
        );
    }
}
