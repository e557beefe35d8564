//! How to start a worker: the program (the judge itself, a native build or an interpreter),
//! its arguments and environment, and what its runtime needs of the limits.

use std::ffi::OsString;
use std::io;

/// How to start a worker: a program, its arguments and extra environment.
#[derive(Clone, Debug)]
pub struct Launch {
    /// The program, e.g. the judge itself, `python3` or `node` (looked up on `PATH`).
    pub program: OsString,
    /// Its arguments.
    pub args: Vec<OsString>,
    /// Extra environment variables.
    pub env: Vec<(OsString, OsString)>,
    /// For reports and errors, e.g. `python3`.
    pub label: String,
    /// Address space allowed on top of the memory limit, in mebibytes: V8 reserves some 700 MiB
    /// it never uses before any JavaScript runs, so `node` cannot start under a plain 512 MiB
    /// `RLIMIT_AS`; its heap is capped at the memory limit by a flag instead. The JVM and mono
    /// need one too (see their language files); 0 for native code and the judge itself.
    pub reserve_mib: u64,
    /// Whether the memory limit is also checked on the resident set of a worker of one process,
    /// at every poll: for a runtime given a reserve but no hard cap on its heap (Go, whose
    /// `GOMEMLIMIT` is soft). Off elsewhere: `RLIMIT_AS` or the runtime's own heap cap decides.
    pub resident_limit: bool,
    /// Whether the program is the judge itself: if it cannot be started the judge is broken
    /// ([`Failure::Stopped`](crate::submission::execute::Failure::Stopped)); an interpreter that cannot be started is the solution's problem
    /// ([`Failure::Crash`](crate::submission::execute::Failure::Crash), verdict RE).
    pub own: bool,
    /// Whether the worker loads the submission's source itself (an interpreter's harness),
    /// and so may answer `compile_error` while starting. A compiled worker never does: the
    /// build said so already, and such a line is the submission's own, forged (RE).
    pub loads_source: bool,
}

impl Launch {
    /// This judge binary in worker mode: `zuma-judge worker --solution NAME`.
    pub fn compiled(name: &str) -> io::Result<Launch> {
        Ok(Launch::own_binary(std::env::current_exe()?, name))
    }

    /// A native build's `DIR/solution`, with no arguments and no reserve; `label` names the
    /// compiler for reports, e.g. `g++`.
    pub fn native(dir: &std::path::Path, label: &str) -> Launch {
        Launch {
            program: dir.join("solution").into_os_string(),
            args: Vec::new(),
            env: Vec::new(),
            label: label.into(),
            reserve_mib: 0,
            resident_limit: false,
            own: false,
            loads_source: false,
        }
    }

    /// `program worker --solution NAME`, for a given judge binary (benchmarks, tests).
    pub fn own_binary(program: impl Into<OsString>, name: &str) -> Launch {
        Launch {
            program: program.into(),
            args: vec!["worker".into(), "--solution".into(), name.into()],
            env: Vec::new(),
            label: "zuma-judge worker".into(),
            reserve_mib: 0,
            resident_limit: false,
            own: true,
            loads_source: false,
        }
    }
}
