//! The progress bar of `run`, on standard error (indicatif). It appears only on runs longer than
//! [`SHOW_AFTER`] and only when standard error is a terminal, so redirected or captured output
//! never holds progress lines; it is cleared before the report is written, so nothing
//! interleaves with it.

use std::cell::Cell;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::runner::Event;

/// Follows the runner's [`Event`]s: one tick per judged case, a message per solution.
pub struct Progress {
    bar: ProgressBar,
    enabled: bool,
    shown: Cell<bool>,
    started: Instant,
}

/// How long a run goes before its bar appears: shorter runs would only flash it.
pub const SHOW_AFTER: Duration = Duration::from_millis(500);

impl Progress {
    /// A bar on standard error, shown after [`SHOW_AFTER`] when `enabled` and standard error
    /// is a terminal (indicatif's `ProgressDrawTarget::stderr` hides itself otherwise).
    pub fn new(enabled: bool) -> Progress {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
        bar.set_style(
            ProgressStyle::with_template(
                "{spinner} judging [{bar:30}] {pos}/{len} cases  {elapsed}  {msg}",
            )
            .expect("a valid template")
            .progress_chars("=> "),
        );
        Progress {
            bar,
            enabled,
            shown: Cell::new(false),
            started: Instant::now(),
        }
    }

    fn show_if_long(&self) {
        if self.enabled && !self.shown.get() && self.started.elapsed() >= SHOW_AFTER {
            self.shown.set(true);
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
            self.bar.enable_steady_tick(Duration::from_millis(100));
        }
    }

    /// Feeds one runner event.
    pub fn on_event(&self, e: &Event) {
        match e {
            Event::RunStarted { solutions, cases } => {
                self.bar.set_length((solutions * cases) as u64);
            }
            Event::CaseJudged { solution, .. } => {
                self.show_if_long();
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

    /// Clears the bar; call before writing the report.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
