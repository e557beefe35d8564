//! Landlock, through the `landlock` crate: what the sandboxed process may open and connect to,
//! on top of what its view shows.

use std::path::PathBuf;

use landlock::{
    path_beneath_rules, Access, AccessFs, AccessNet, Ruleset, RulesetAttr, RulesetCreatedAttr,
    RulesetError, RulesetStatus, Scope, ABI,
};

use super::BuildRules;

/// The Landlock ABI the kernel has (0: none).
pub fn landlock_abi() -> i64 {
    const VERSION: libc::c_uint = 1; // LANDLOCK_CREATE_RULESET_VERSION
                                     // SAFETY: plain system call with no memory passed in.
    let v = unsafe {
        libc::syscall(
            libc::SYS_landlock_create_ruleset,
            std::ptr::null::<libc::c_void>(),
            0usize,
            VERSION,
        )
    };
    v.max(0)
}

/// Read and run anything in the view; write (but not run) only in `/tmp` (and to
/// `/dev/null`); for a build, also read, write and create in its build folders; no TCP, no
/// signals or abstract sockets out of the sandbox. Best effort: a kernel without it enforces
/// what it has. Says what is enforced.
pub fn landlock(build: Option<&BuildRules>) -> Result<String, RulesetError> {
    let abi = ABI::V6;
    let write: Vec<PathBuf> = build.map(|b| b.write.clone()).unwrap_or_default();
    let status = Ruleset::default()
        .handle_access(AccessFs::from_all(abi))?
        .handle_access(AccessNet::from_all(abi))?
        .scope(Scope::Signal | Scope::AbstractUnixSocket)?
        .create()?
        .add_rules(path_beneath_rules(["/"], AccessFs::from_read(abi)))?
        .add_rules(path_beneath_rules(
            ["/tmp"],
            AccessFs::from_all(abi) & !AccessFs::Execute,
        ))?
        .add_rules(path_beneath_rules(write, AccessFs::from_all(abi)))?
        .add_rules(path_beneath_rules(["/dev/null"], AccessFs::from_file(abi)))?
        .restrict_self()?;
    Ok(match status.ruleset {
        RulesetStatus::FullyEnforced => {
            "Landlock: writes only to /tmp, no TCP, no signals out".to_string()
        }
        RulesetStatus::PartiallyEnforced => {
            "Landlock in part (an older kernel): writes only to /tmp".to_string()
        }
        RulesetStatus::NotEnforced => "no Landlock (not in this kernel)".to_string(),
    })
}
