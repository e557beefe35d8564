//! `zuma-judge export`'s summary: what was written, counted by kind, and every thing left out
//! with its reason.

use super::writer::Document;
use crate::export::{kattis, Package};

/// A package written to `place`, and the solutions' files that were not judged (skipped).
pub struct Exported<'a> {
    /// The package.
    pub package: &'a Package,
    /// Where it was written: the folder or the zip.
    pub place: String,
    /// Files of the solutions folder that are in no language or no verdict folder.
    pub skipped: &'a [String],
}

impl Document<()> for Exported<'_> {
    /// `wrote DIR: N files; data: ...; submissions: accepted 3 ...`, then `left out: ...` lines.
    fn render(&self, (): ()) -> String {
        let p = self.package;
        let count = |prefix: &str, suffix: &str| {
            p.files
                .keys()
                .filter(|k| k.starts_with(prefix) && k.ends_with(suffix))
                .count()
        };
        let mut s = format!(
            "wrote {}: {} files; data: {} sample and {} secret cases; submissions:",
            self.place,
            p.files.len(),
            count("data/sample/", ".in"),
            count("data/secret/", ".in"),
        );
        for k in kattis::FOLDERS {
            s.push_str(&format!(
                " {} {}",
                k.name(),
                count(&format!("submissions/{}/", k.name()), "")
            ));
        }
        s.push('\n');
        for line in p.left_out.iter().chain(self.skipped) {
            s.push_str(&format!("left out: {line}\n"));
        }
        s
    }

    fn styled(&self, (): ()) -> bool {
        false
    }
}
