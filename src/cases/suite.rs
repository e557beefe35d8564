//! The suite: every case file under the case paths loaded against the constraints, each file
//! once, into the usable cases in order and every problem found. Discovery finds the files;
//! a `*.toml` is parsed, an `.in`/`.ans` pair read.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::cases::discovery::{find_files, is_pair_input};
use crate::cases::duplicates::{self, Duplicate};
use crate::cases::error::{CaseError, CaseWarning};
use crate::cases::pairs;
use crate::cases::parse::{parse_file, Case};
use crate::game::rules::Constraints;

/// What loading the case paths produced: every usable case in order (files sorted by path,
/// cases in file order) and every problem found.
#[derive(Debug, Default)]
pub struct Suite {
    /// Usable cases.
    pub cases: Vec<Case>,
    /// Problems, one per bad file, folder or case.
    pub errors: Vec<CaseError>,
    /// Things to say that lose no case: empty files, symlink loops, a file reached twice.
    pub warnings: Vec<CaseWarning>,
    /// Case files found, those that could not be read included (each found once).
    pub files: usize,
    /// Of those, the ones that could not be read.
    pub unreadable: usize,
    /// Of those, the ones reached through a symlink (the file's own or a folder's).
    pub via_symlinks: usize,
    /// Cases whose board and hand an earlier case holds: not judged, not scored
    /// ([`duplicates`]). Filled by [`load`].
    pub duplicates: Vec<Duplicate>,
}

impl Suite {
    /// True when no case file at all could be read: reports would only be tables of zeros.
    pub fn nothing_read(&self) -> bool {
        self.files == self.unreadable && !self.errors.is_empty()
    }

    /// The positions in `cases` of the duplicates: the cases a run does not judge.
    pub fn repeats(&self) -> std::collections::HashSet<usize> {
        self.duplicates.iter().map(|d| d.index).collect()
    }
}

/// Loads every case file under each of `roots` against `limits`, and finds the cases that
/// repeat an earlier case's input.
pub fn load(roots: &[PathBuf], limits: &Constraints) -> Suite {
    let mut suite = Suite::default();
    let mut seen: HashMap<PathBuf, String> = HashMap::new();
    for root in roots {
        let found = match find_files(root) {
            Ok(f) => f,
            Err(e) => {
                suite.errors.push(e);
                continue;
            }
        };
        suite.errors.extend(found.errors);
        suite.warnings.extend(found.warnings);
        suite.files += found.broken_files;
        suite.unreadable += found.broken_files;
        for file in found.files {
            let path = file.path;
            let shown = path.display().to_string();
            // The same file named twice (directly, through a symlink, or through two roots)
            // is judged once.
            let real = path.canonicalize().unwrap_or_else(|_| path.clone());
            if let Some(first) = seen.get(&real) {
                suite.warnings.push(CaseWarning::SameFile {
                    path: shown,
                    first: first.clone(),
                });
                continue;
            }
            seen.insert(real, shown.clone());
            suite.files += 1;
            suite.via_symlinks += usize::from(file.via_symlink);
            let text = match std::fs::read_to_string(&path) {
                Ok(t) => t,
                Err(e) => {
                    suite.unreadable += 1;
                    suite.errors.push(CaseError::Read {
                        path: shown,
                        message: format!("cannot read: {e}"),
                    });
                    continue;
                }
            };
            let label = label_of(root, &path);
            let (cases, errors) = if is_pair_input(&path) {
                match pairs::read_pair(&path, &label, &text, limits) {
                    Ok(c) => (vec![c], Vec::new()),
                    Err(e) => (Vec::new(), vec![e]),
                }
            } else {
                parse_file(&path, &label, &text, limits)
            };
            if cases.is_empty() && errors.is_empty() {
                suite.warnings.push(CaseWarning::Empty { path: shown });
            }
            suite.cases.extend(cases);
            suite.errors.extend(errors);
        }
    }
    with_duplicates(suite)
}

/// Finds the suite's duplicate inputs. Copies that differ in points or visibility are worth a
/// warning; the others are named by the run report's list of duplicates.
fn with_duplicates(mut suite: Suite) -> Suite {
    suite.duplicates = duplicates::mark(&mut suite.cases);
    let differ = suite.duplicates.iter().filter(|d| !d.differs.is_empty());
    suite.warnings.extend(differ.map(Duplicate::warning));
    suite
}

/// The file as case ids name it: relative to the folder it was found under, or its file name
/// when the case path is the file itself.
fn label_of(root: &Path, path: &Path) -> String {
    let label = if root.is_file() {
        path.file_name()
            .map(PathBuf::from)
            .unwrap_or_else(|| path.to_path_buf())
    } else {
        path.strip_prefix(root)
            .map(Path::to_path_buf)
            .unwrap_or_else(|_| path.to_path_buf())
    };
    label.to_string_lossy().into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    const ONE: &str = "[[case]]\nname = \"a\"\nboard = \"RR\"\nhand = \"R\"\n";

    /// A file's top-level `visibility` is its cases' default, a case's own wins; an unknown
    /// word is an error with its line and the fix, and hides the file's cases until fixed.
    #[test]
    fn visibility_from_the_file_and_the_case_and_an_unknown_word() {
        use crate::cases::parse::Visibility::{self, *};
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().join("cases");
        std::fs::create_dir_all(&root).unwrap();
        let write = |name: &str, text: &str| {
            crate::atomic::write(&root.join(name), text.as_bytes()).unwrap();
        };
        write(
            "a.toml",
            "visibility = \"hidden\"\n\n[[case]]\nname = \"a\"\nboard = \"RR\"\nhand = \"R\"\n\
             [[case]]\nname = \"b\"\nboard = \"GG\"\nhand = \"G\"\nvisibility = \"visible\"\n\
             [[case]]\nname = \"c\"\nboard = \"BB\"\nhand = \"B\"\nvisibility = \"after_due_date\"\n",
        );
        write("b.toml", &format!("{ONE}[[case]]\nname = \"d\"\nboard = \"YY\"\nhand = \"Y\"\nvisibility = \"secret\"\n"));
        write("c.toml", &format!("visibility = \"hiden\"\n{ONE}"));
        let suite = load(std::slice::from_ref(&root), &Constraints::default());
        let seen: Vec<(&str, Visibility)> = suite
            .cases
            .iter()
            .map(|c| (c.id.as_str(), c.visibility))
            .collect();
        // b.toml#a repeats a.toml#a (RR + R): the first copy takes the hidden visibility.
        assert_eq!(
            seen,
            [
                ("a.toml#a", Hidden),
                ("a.toml#b", Visible),
                ("a.toml#c", AfterDueDate),
                ("b.toml#a", Visible),
                ("c.toml#a", Hidden),
            ]
        );
        let fix = "`visibility` is \"visible\", \"hidden\" or \"after_due_date\" (Gradescope's words), as in visibility = \"hidden\"";
        let errors: Vec<String> = suite.errors.iter().map(ToString::to_string).collect();
        assert_eq!(
            errors,
            [
                format!("{} line 9, column 14: case 'd': unknown variant `secret`, expected one of `visible`, `hidden`, `after_due_date`; {fix}", root.join("b.toml").display()),
                format!("{} line 1, column 14: unknown variant `hiden`, expected one of `visible`, `hidden`, `after_due_date`; {fix}", root.join("c.toml").display()),
            ]
        );
        let dups: Vec<(&str, &str)> = suite
            .duplicates
            .iter()
            .map(|d| (d.case.as_str(), d.same_as.as_str()))
            .collect();
        assert_eq!(dups, [("b.toml#a", "a.toml#a"), ("c.toml#a", "a.toml#a")]);
        // The copies that differ in visibility are warned about; c.toml#a is hidden as well.
        let warned: Vec<String> = suite.warnings.iter().map(|w| w.subject()).collect();
        assert_eq!(warned, [root.join("b.toml").display().to_string()]);
    }

    /// A tree with a symlinked folder, a symlinked file, a loop, a broken link and an empty
    /// file: every file is loaded once or named, nothing is dropped without a word.
    #[test]
    fn symlinks_are_followed_loops_and_broken_links_named_and_empty_files_warned() {
        use std::os::unix::fs::symlink;
        let tmp = tempfile::tempdir().unwrap();
        let (root, other) = (tmp.path().join("cases"), tmp.path().join("other"));
        std::fs::create_dir_all(root.join("sub")).unwrap();
        std::fs::create_dir_all(&other).unwrap();
        crate::atomic::write(&root.join("a.toml"), ONE.as_bytes()).unwrap();
        crate::atomic::write(&root.join("empty.toml"), b"# nothing yet\n").unwrap();
        crate::atomic::write(&other.join("b.toml"), ONE.as_bytes()).unwrap();
        symlink(&other, root.join("linked")).unwrap();
        symlink(root.join("a.toml"), root.join("same.toml")).unwrap();
        symlink(&root, root.join("sub/loop")).unwrap();
        symlink(tmp.path().join("gone.toml"), root.join("broken.toml")).unwrap();
        let suite = load(std::slice::from_ref(&root), &Constraints::default());
        let ids: Vec<&str> = suite.cases.iter().map(|c| c.id.as_str()).collect();
        assert_eq!(ids, ["a.toml#a", "linked/b.toml#a"]);
        let r = |p: &str| root.join(p).display().to_string();
        assert_eq!(
            suite.warnings,
            [
                CaseWarning::Loop {
                    path: r("sub/loop"),
                    ancestor: root.display().to_string()
                },
                CaseWarning::Empty {
                    path: r("empty.toml")
                },
                CaseWarning::SameFile {
                    path: r("same.toml"),
                    first: r("a.toml")
                },
            ]
        );
        assert_eq!(
            suite.errors,
            [CaseError::Read {
                path: r("broken.toml"),
                message: format!(
                    "broken symlink: {} does not exist",
                    tmp.path().join("gone.toml").display()
                )
            }]
        );
        // a.toml, broken.toml, empty.toml, linked/b.toml
        assert_eq!(
            (suite.files, suite.unreadable, suite.via_symlinks),
            (4, 1, 1)
        );
        assert_eq!(
            suite.warnings[1].to_string(),
            format!(
                "{}: empty: no [[case]] in this file, so nothing in it is judged",
                r("empty.toml")
            )
        );
    }
}
