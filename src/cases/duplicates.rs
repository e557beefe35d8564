//! Duplicate inputs: two cases of a suite, in one file or in two, with the same board and the
//! same hand as written. A submission is called with the hand as written, so a hand in another
//! order is another input. The first copy in suite order is judged and scored; each later one
//! is named here, and `run`, `grade` and `audit` say so. Built on the parsed cases only.

use std::collections::HashMap;

use crate::cases::error::CaseWarning;
use crate::cases::parse::{Case, Visibility};

/// A case whose input an earlier case of the suite already holds: it is not judged and not
/// scored (its `expected` and claims are still checked).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Duplicate {
    /// Its position in the suite's cases.
    pub index: usize,
    /// Its id, `file.toml#name`.
    pub case: String,
    /// Its file, as found.
    pub path: String,
    /// 1-based line of its `name`.
    pub line: usize,
    /// The id of the first case with the same input, the one judged.
    pub same_as: String,
    /// That case's file, as found.
    pub same_as_path: String,
    /// 1-based line of that case's `name`.
    pub same_as_line: usize,
    /// How the copies differ in what scores (points, visibility), one phrase each; empty when
    /// they agree.
    pub differs: Vec<String>,
}

impl Duplicate {
    /// The warning that names it, for `audit` (and for `run` when the copies differ).
    pub fn warning(&self) -> CaseWarning {
        CaseWarning::Duplicate {
            path: self.path.clone(),
            line: self.line,
            case: self.case.clone(),
            same_as: self.same_as.clone(),
            same_as_path: self.same_as_path.clone(),
            same_as_line: self.same_as_line,
            differs: self
                .differs
                .iter()
                .map(|d| format!("; {d}"))
                .collect::<String>(),
        }
    }
}

/// The first copy of an input seen so far.
#[derive(Clone, Debug)]
struct First {
    index: usize,
    id: String,
    path: String,
    line: usize,
    points: u64,
    visibility: Visibility,
}

/// The inputs seen so far, case after case in suite order (`audit` feeds it file by file).
#[derive(Debug, Default)]
pub struct Inputs {
    first: HashMap<(String, String), First>,
}

impl Inputs {
    /// Takes in `case`, the suite's case number `index`: the duplicate it is when an earlier
    /// case holds its input, else `None` (it is the first copy). A case whose input is rejected
    /// is never judged, so it is never a duplicate nor a first copy.
    pub fn add(&mut self, index: usize, case: &Case) -> Option<Duplicate> {
        if case.input.is_err() {
            return None;
        }
        let key = (case.board.clone(), case.hand.clone());
        let Some(first) = self.first.get_mut(&key) else {
            self.first.insert(
                key,
                First {
                    index,
                    id: case.id.clone(),
                    path: case.path.display().to_string(),
                    line: case.line,
                    points: case.points,
                    visibility: case.visibility,
                },
            );
            return None;
        };
        let mut differs = Vec::new();
        if case.points != first.points {
            differs.push(format!(
                "its points = {} do not count, the first copy's {} do",
                case.points, first.points
            ));
        }
        if case.visibility != first.visibility {
            let strictest = first.visibility.most_restrictive(case.visibility);
            differs.push(format!(
                "its visibility {} differs from the first copy's {}: the most restrictive, {}, applies",
                case.visibility.name(),
                first.visibility.name(),
                strictest.name()
            ));
            first.visibility = strictest;
        }
        Some(Duplicate {
            index,
            case: case.id.clone(),
            path: case.path.display().to_string(),
            line: case.line,
            same_as: first.id.clone(),
            same_as_path: first.path.clone(),
            same_as_line: first.line,
            differs,
        })
    }
}

/// The duplicates among `cases` (a suite's cases, in suite order). Each first copy's
/// visibility becomes the most restrictive of its copies', so that a hidden copy stays hidden
/// whichever copy comes first; its points stay its own.
pub fn mark(cases: &mut [Case]) -> Vec<Duplicate> {
    let mut inputs = Inputs::default();
    let found: Vec<Duplicate> = cases
        .iter()
        .enumerate()
        .filter_map(|(k, c)| inputs.add(k, c))
        .collect();
    for first in inputs.first.into_values() {
        cases[first.index].visibility = first.visibility;
    }
    found
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::cases::parse::parse_file;
    use crate::game::rules::Constraints;

    fn cases(label: &str, text: &str) -> Vec<Case> {
        let (cases, errors) = parse_file(
            Path::new(&format!("cases/{label}")),
            label,
            text,
            &Constraints::default(),
        );
        assert!(errors.is_empty(), "{errors:?}");
        cases
    }

    // jury-timeout: hard.toml and reports.toml hold the same board and hand.
    #[test]
    fn the_first_copy_is_judged_and_later_ones_named_across_and_within_files() {
        let mut all = cases(
            "a.toml",
            "[[case]]\nname = \"one\"\nboard = \"RRWWRRBBRR\"\nhand = \"WB\"\n\
             [[case]]\nname = \"other-order\"\nboard = \"RRWWRRBBRR\"\nhand = \"BW\"\n\
             [[case]]\nname = \"again\"\nboard = \"RRWWRRBBRR\"\nhand = \"WB\"\n",
        );
        all.extend(cases(
            "b.toml",
            "[[case]]\nname = \"copy\"\nboard = \"RRWWRRBBRR\"\nhand = \"WB\"\npoints = 3\nvisibility = \"hidden\"\n\
             [[case]]\nname = \"bad\"\nboard = \"RRR\"\nhand = \"B\"\ninvalid = \"three in a row\"\n\
             [[case]]\nname = \"bad-again\"\nboard = \"RRR\"\nhand = \"B\"\ninvalid = \"three in a row\"\n",
        ));
        let found = mark(&mut all);
        let pairs: Vec<(&str, &str, usize)> = found
            .iter()
            .map(|d| (d.case.as_str(), d.same_as.as_str(), d.index))
            .collect();
        assert_eq!(
            pairs,
            [
                ("a.toml#again", "a.toml#one", 2),
                ("b.toml#copy", "a.toml#one", 3)
            ]
        );
        assert_eq!(found[0].differs, Vec::<String>::new());
        // A hidden copy hides the first copy too; the first copy's points count.
        assert_eq!((all[0].visibility, all[0].points), (Visibility::Hidden, 1));
        assert_eq!(
            found[1].warning().to_string(),
            "cases/b.toml line 2: b.toml#copy has the same board and hand as a.toml#one \
             (cases/a.toml line 2): judged and scored once, as a.toml#one; its points = 3 do \
             not count, the first copy's 1 do; its visibility hidden differs from the first \
             copy's visible: the most restrictive, hidden, applies"
        );
        assert_eq!(
            found[0].warning().to_string(),
            "cases/a.toml line 10: a.toml#again has the same board and hand as a.toml#one \
             (cases/a.toml line 2): judged and scored once, as a.toml#one"
        );
    }
}
