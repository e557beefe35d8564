//! Ctrl-C and SIGTERM during `run`: the first one sets a flag that the executors check between
//! and during calls, so the run stops within about 100 ms and still writes the report of what
//! was judged (exit code 3); a second one quits at once with 130.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Set by the first SIGINT, SIGTERM or SIGHUP.
pub static STOP: AtomicBool = AtomicBool::new(false);

static SIGNALS: AtomicUsize = AtomicUsize::new(0);

/// Installs the handler (once per process).
///
/// Errors: a handler is already installed, or the system refused it.
pub fn install() -> Result<(), ctrlc::Error> {
    ctrlc::set_handler(|| {
        if SIGNALS.fetch_add(1, Ordering::SeqCst) == 0 {
            STOP.store(true, Ordering::SeqCst);
            eprintln!(
                "zuma-judge: interrupted; stopping and writing the report of what was judged (again to quit at once)"
            );
        } else {
            std::process::exit(130);
        }
    })
}
