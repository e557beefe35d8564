//! The subcommands that have moved into their own files (DESIGN.md "Layout": one file per
//! subcommand); `main.rs` dispatches to them.

pub mod audit;
pub mod broken_pipe;
pub mod editorial;
pub mod grade;
pub mod list;
