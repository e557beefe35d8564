//! The progress bar of `run`, on standard error (indicatif). It appears only on runs longer than
//! [`SHOW_AFTER`] and only when standard error is a terminal, so redirected or captured output
//! never holds progress lines; it is cleared before the report is written, so nothing
//! interleaves with it.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::runner::Event;

/// How long a run goes before its bar appears: shorter runs would only flash it.
pub const SHOW_AFTER: Duration = Duration::from_millis(500);

/// Follows the runner's [`Event`]s: a spinner while the oracle checks the suite, then one tick
/// per judged case with the solution's name.
pub struct Progress {
    bar: ProgressBar,
    /// Set by [`Progress::finish`]; the reveal never draws after it (the lock orders the two).
    done: Arc<Mutex<bool>>,
}

impl Progress {
    /// A bar on standard error, revealed after [`SHOW_AFTER`] when `enabled` and standard
    /// error is a terminal (indicatif's `ProgressDrawTarget::stderr` hides itself otherwise).
    pub fn new(enabled: bool) -> Progress {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
        bar.set_style(
            ProgressStyle::with_template("{spinner} {msg}  {elapsed}").expect("a valid template"),
        );
        bar.set_message("checking the cases with the oracle");
        let done = Arc::new(Mutex::new(false));
        if enabled {
            let (bar, done) = (bar.clone(), Arc::clone(&done));
            std::thread::spawn(move || {
                std::thread::sleep(SHOW_AFTER);
                let done = done.lock().unwrap_or_else(|e| e.into_inner());
                if !*done {
                    bar.set_draw_target(ProgressDrawTarget::stderr());
                    bar.enable_steady_tick(Duration::from_millis(100));
                }
            });
        }
        Progress { bar, done }
    }

    /// Feeds one runner event.
    pub fn on_event(&self, e: &Event) {
        match e {
            Event::RunStarted { solutions, cases } => {
                self.bar.set_length((solutions * cases) as u64);
                self.bar.set_style(
                    ProgressStyle::with_template(
                        "{spinner} judging [{bar:30}] {pos}/{len} cases  {elapsed}  {msg}",
                    )
                    .expect("a valid template")
                    .progress_chars("=> "),
                );
                self.bar.set_message("");
            }
            Event::CaseJudged { solution, .. } => {
                self.bar.set_message(solution.to_string());
                self.bar.inc(1);
            }
            Event::Minimised { solution, .. } => {
                self.bar.set_message(format!("{solution}: minimised"));
            }
            Event::SolutionFinished { report } => {
                self.bar
                    .set_message(format!("{}: {}", report.name, report.verdict.name()));
            }
        }
    }

    /// Clears the bar for good; call before writing the report.
    pub fn finish(&self) {
        let mut done = self.done.lock().unwrap_or_else(|e| e.into_inner());
        *done = true;
        self.bar.finish_and_clear();
    }
}

impl Drop for Progress {
    /// A run that stops on an error clears its bar too.
    fn drop(&mut self) {
        self.finish();
    }
}
