//! The languages the judge runs, one file each. A file fills in one [`Language`] table row and
//! keeps its harness (the worker side of the protocol, in that language) under `harness/`.
//! Adding a language is one file here and one line in [`ALL`].

use crate::submission::language::Language;

mod cpp;
mod csharp;
mod java;
mod javascript;
mod kotlin;
mod python;

/// Every language, in the order reports list them.
pub static ALL: &[&Language] = &[
    &cpp::CPP,
    &csharp::CSHARP,
    &java::JAVA,
    &javascript::JAVASCRIPT,
    &kotlin::KOTLIN,
    &python::PYTHON,
];

/// The language of a file extension (no dot), e.g. `cpp`.
pub fn by_extension(ext: &str) -> Option<&'static Language> {
    ALL.iter().copied().find(|l| l.has_extension(ext))
}

/// The language called `id`, e.g. `cpp`.
pub fn by_id(id: &str) -> Option<&'static Language> {
    ALL.iter().copied().find(|l| l.id == id)
}

/// Every extension, for messages, e.g. `.cpp, .js, .py`.
pub fn extensions() -> String {
    ALL.iter()
        .flat_map(|l| l.extensions.iter().map(|e| format!(".{e}")))
        .collect::<Vec<_>>()
        .join(", ")
}
