//! Ctrl-C and SIGTERM during `run`: the first one sets a flag that the executors check between
//! and during calls, so the run stops within about 100 ms and still writes the report of what
//! was judged (exit code 3); a second one, half a second or more later, quits at once with 130.
//! One closer behind the first is the same interruption delivered twice: GNU `timeout -s INT`
//! signals the judge and then its whole process group, and so can a terminal.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// Set by the first SIGINT, SIGTERM or SIGHUP.
pub static STOP: AtomicBool = AtomicBool::new(false);

/// When the first signal came.
static FIRST: OnceLock<Instant> = OnceLock::new();

/// Signals closer than this to the first are the first delivered again.
const ECHO: Duration = Duration::from_millis(500);

/// Installs the handler (once per process).
///
/// Errors: a handler is already installed, or the system refused it.
pub fn install() -> Result<(), ctrlc::Error> {
    ctrlc::set_handler(|| {
        let now = Instant::now();
        match FIRST.get() {
            None => {
                let _ = FIRST.set(now);
                STOP.store(true, Ordering::SeqCst);
                crate::eprintln_lossy!(
                    "zuma-judge: interrupted; stopping and writing the report of what was judged (again to quit at once)"
                );
            }
            Some(first) if now.duration_since(*first) < ECHO => {}
            Some(_) => std::process::exit(130),
        }
    })
}
