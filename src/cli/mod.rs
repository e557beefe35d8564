//! The subcommands that have moved into their own files (DESIGN.md "Layout": one file per
//! subcommand); `main.rs` dispatches to them.

pub mod editorial;
pub mod grade;
