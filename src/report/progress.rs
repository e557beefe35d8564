//! The progress bar of `run`, on standard error (indicatif). It appears only on runs longer than
//! [`SHOW_AFTER`] and only when standard error is a terminal, so redirected or captured output
//! never holds progress lines; it is cleared when the run finishes ([`Event::RunFinished`]),
//! before the report is written, so nothing interleaves with it. It only listens to events.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::judge::runner::Event;
use crate::judge::verdict::VerdictKind;

/// How long a run goes before its bar appears: shorter runs would only flash it.
pub const SHOW_AFTER: Duration = Duration::from_millis(500);

/// Follows the runner's [`Event`]s: a spinner while the oracle checks the suite, then one tick
/// per judged case with the solution's name. TLE, RE and MLE lines are printed above the bar as
/// they happen (those before the bar appears, when it appears), and a call running past
/// [`SLOW_CALL`] shows its solution, case and elapsed time against the wall limit.
pub struct Progress {
    bar: ProgressBar,
    state: Arc<Mutex<State>>,
}

/// What the bar's threads share.
#[derive(Default)]
struct State {
    /// Set by [`Progress::finish`]; nothing draws after it (the lock orders them).
    done: bool,
    /// Whether the bar is on the terminal yet.
    shown: bool,
    /// Lines printed before the bar appeared, printed when it does.
    pending: Vec<String>,
    /// The call in progress: solution, case, wall limit (ms), start.
    call: Option<(String, String, u64, Instant)>,
}

/// How long a call runs before the bar names it and counts its time.
pub const SLOW_CALL: Duration = Duration::from_secs(1);

impl Progress {
    /// A bar on standard error, revealed after [`SHOW_AFTER`] when `enabled` and standard
    /// error is a terminal (indicatif's `ProgressDrawTarget::stderr` hides itself otherwise).
    pub fn new(enabled: bool) -> Progress {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
        bar.set_style(
            ProgressStyle::with_template("{spinner} {msg}  {elapsed}").expect("a valid template"),
        );
        bar.set_message("checking the cases with the oracle");
        let state = Arc::new(Mutex::new(State::default()));
        if enabled {
            let (bar, state) = (bar.clone(), Arc::clone(&state));
            std::thread::spawn(move || watch(&bar, &state));
        }
        Progress { bar, state }
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A line above the bar, now or when the bar appears.
    fn println(&self, line: String) {
        let mut state = self.state();
        if state.shown {
            self.bar.println(line);
        } else {
            state.pending.push(line);
        }
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
            Event::CaseStarted {
                solution,
                case,
                wall_limit_ms,
            } => {
                self.state().call = Some((
                    solution.to_string(),
                    case.to_string(),
                    *wall_limit_ms,
                    Instant::now(),
                ));
            }
            Event::CaseJudged {
                solution,
                case,
                verdict,
                ..
            } => {
                self.state().call = None;
                // A TLE, RE or MLE is news worth a line as it happens.
                if matches!(
                    verdict.kind(),
                    VerdictKind::TimeLimitExceeded
                        | VerdictKind::RunTimeError
                        | VerdictKind::MemoryLimitExceeded
                ) {
                    self.println(format!("  {solution} {case}: {}", verdict.describe()));
                }
                self.bar.set_message(solution.to_string());
                self.bar.inc(1);
            }
            Event::Minimised { solution, .. } => {
                self.bar.set_message(format!("{solution}: minimised"));
            }
            Event::SolutionFinished { report } => {
                self.bar
                    .set_message(format!("{}: {}", report.name, report.verdict_shown()));
            }
            Event::RunFinished { .. } => self.finish(),
        }
    }

    /// Clears the bar for good: at [`Event::RunFinished`], before the report is written (or
    /// when the bar is dropped, should the run stop on an error).
    fn finish(&self) {
        let mut state = self.state();
        state.done = true;
        self.bar.finish_and_clear();
    }
}

/// The bar's own thread: shows the bar after [`SHOW_AFTER`] with the lines held until then,
/// then names a call that runs past [`SLOW_CALL`], until the run is done.
fn watch(bar: &ProgressBar, state: &Mutex<State>) {
    std::thread::sleep(SHOW_AFTER);
    {
        let mut s = state.lock().unwrap_or_else(|e| e.into_inner());
        if s.done {
            return;
        }
        bar.set_draw_target(ProgressDrawTarget::stderr());
        bar.enable_steady_tick(Duration::from_millis(100));
        for line in s.pending.drain(..) {
            bar.println(line);
        }
        s.shown = true;
    }
    loop {
        std::thread::sleep(Duration::from_millis(250));
        let s = state.lock().unwrap_or_else(|e| e.into_inner());
        if s.done {
            return;
        }
        if let Some((solution, case, wall, since)) = &s.call {
            let running = since.elapsed();
            if running >= SLOW_CALL {
                bar.set_message(format!(
                    "{solution} {case}: {:.1} s of the {:.1} s wall limit",
                    running.as_secs_f64(),
                    *wall as f64 / 1e3
                ));
            }
        }
    }
}

impl Drop for Progress {
    /// A run that stops on an error clears its bar too.
    fn drop(&mut self) {
        self.finish();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::verdict::Verdict;

    /// An RE before the bar appears is held, not dropped (it used to be printed to the hidden
    /// bar, so the REs of a run never showed), and an AC is no news.
    #[test]
    fn failures_before_the_bar_appears_are_held_for_it() {
        let p = Progress::new(false);
        let judged = |case, verdict| Event::CaseJudged {
            solution: "fixed_rows_bfs",
            case,
            verdict,
            time_ms: 1.0,
        };
        p.on_event(&Event::CaseStarted {
            solution: "fixed_rows_bfs",
            case: "a.toml#x",
            wall_limit_ms: 5000,
        });
        assert_eq!(p.state().call.as_ref().map(|c| c.2), Some(5000));
        p.on_event(&judged("a.toml#x", &Verdict::Accepted));
        let re = Verdict::RunTimeError {
            message: "panicked: index out of bounds".into(),
        };
        p.on_event(&judged("a.toml#y", &re));
        let state = p.state();
        assert!(state.call.is_none());
        assert_eq!(
            state.pending,
            [format!("  fixed_rows_bfs a.toml#y: {}", re.describe())]
        );
    }
}
