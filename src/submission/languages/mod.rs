//! The languages the judge runs, one file each. A file fills in one [`Language`] table row and
//! keeps its harness (the worker side of the protocol, in that language) under `harness/`.
//! Adding a language is one file here, its `mod` line and its entry in [`ALL`]; its fixtures,
//! tests and package are listed in ARCHITECTURE.md ("Where to change what").

use crate::submission::language::Language;

mod c;
mod cpp;
mod csharp;
mod elixir;
mod erlang;
mod go;
mod java;
mod javascript;
mod kotlin;
mod php;
mod python;
mod racket;
mod ruby;
mod rust;
mod scala;
mod typescript;
mod unpackaged;

/// Every language, in the order reports list them: those the judge runs, then LeetCode's
/// languages that no Debian package runs (their submissions are not judged).
pub static ALL: &[&Language] = &[
    &c::C,
    &cpp::CPP,
    &csharp::CSHARP,
    &elixir::ELIXIR,
    &erlang::ERLANG,
    &go::GO,
    &java::JAVA,
    &javascript::JAVASCRIPT,
    &kotlin::KOTLIN,
    &php::PHP,
    &python::PYTHON,
    &racket::RACKET,
    &ruby::RUBY,
    &rust::RUST,
    &scala::SCALA,
    &typescript::TYPESCRIPT,
    &unpackaged::DART,
    &unpackaged::PYTHON2,
    &unpackaged::SWIFT,
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
