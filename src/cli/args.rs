//! Flag groups that several subcommands share, flattened into each one's `clap::Args`: where a
//! hunter records its counterexample, and how it calls the solution.

use clap::builder::TypedValueParser as _;
use std::path::PathBuf;

use zuma_judge::cases::regression;

/// Output formats of `exhaust`, `fuzz` and `merge`.
pub use zuma_judge::report::HumanOrJson as HuntFormat;

/// Where and whether a hunter records its counterexample.
#[derive(clap::Args)]
pub struct Recording {
    /// Do not append the counterexample to the solution's regression file.
    #[arg(long)]
    pub no_record: bool,
    /// Folder of regression files, one `<solution>.toml` each.
    #[arg(long, value_name = "DIR", default_value = regression::DEFAULT_DIR)]
    pub regressions: PathBuf,
}

/// How a hunter calls the solution.
#[derive(clap::Args)]
pub struct Calls {
    /// Worker threads (0: one per core; at most 256, each one a sandboxed worker process).
    #[arg(long, value_name = "N", default_value_t = 0,
          value_parser = clap::value_parser!(u16).range(0..=256).map(usize::from))]
    pub jobs: usize,
    /// Call the solution inside the judge's own threads, with no time or memory limit:
    /// faster, but a solution that loops hangs the sweep. Compiled solutions only.
    #[arg(long)]
    pub in_process: bool,
}
