//! Case files: every `*.toml` under the case paths (walkdir + serde + toml), validated against the
//! constraints. A bad file or case becomes a [`CaseError`] naming its file and line; the rest load.
//! Here in one place: [`crate::cases::discovery`] finds the files, [`crate::cases::parse`] reads
//! a case file, [`crate::cases::pairs`] an `.in`/`.ans` pair, [`crate::cases::suite`] loads them
//! all; [`crate::cases::error`] holds what can go wrong.

pub use crate::cases::discovery::{find_files, Discovery, Found};
pub use crate::cases::error::{CaseError, CaseWarning};
pub use crate::cases::parse::{
    case_starts, parse_file, parse_file_tables, reason_matches, short_reason, Case, Claim,
    Visibility,
};
pub use crate::cases::suite::{load, Suite};
