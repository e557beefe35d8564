//! The progress bar of `exhaust` and `editorial`'s code checks, on standard error.

use indicatif::{ProgressBar, ProgressStyle};

use zuma_judge::hunt::exhaust;

/// An indicatif progress bar on standard error, hidden when that is not a terminal.
pub struct Bar(pub ProgressBar);

impl Bar {
    pub fn new(what: &str) -> Bar {
        let bar = ProgressBar::new(0);
        bar.set_style(
            ProgressStyle::with_template(&format!(
                "{what} [{{elapsed_precise}}] {{wide_bar}} {{pos}}/{{len}} classes, ETA {{eta_precise}}"
            ))
            .expect("a valid template"),
        );
        Bar(bar)
    }
}

impl exhaust::Progress for Bar {
    fn start(&self, classes: u64) {
        self.0.set_length(classes);
        self.0.set_position(0);
    }
    fn advance(&self, classes: u64) {
        self.0.inc(classes);
    }
}
