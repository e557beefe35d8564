//! The `Solution` trait and the registry of drop-in solutions that `build.rs` generates from
//! `solutions/<expected verdict>/<name>.<ext>`. Adding a file and rebuilding registers it: a Rust
//! file is compiled into the judge (or, when it does not compile on its own, registered as a
//! compile error); a file in another language is read when the judge runs, by
//! [`crate::submission::pasted::registered`].

#[allow(unused_imports)] // the generated registry names kinds as `VerdictKind::..`
use crate::submission::verdict::VerdictKind;

/// What a solution is expected to get: its folder (one verdict or `rejected/`), or a list.
pub type ExpectedVerdict = crate::submission::verdict::Expected;

/// A candidate `findMinStep`.
pub trait Solution: Send + Sync {
    /// The file stem, unique across `solutions/`.
    fn name(&self) -> &str;
    /// The verdict its folder (or its `@EXPECTED_RESULTS@` list) promises.
    fn expected(&self) -> ExpectedVerdict;
    /// Where the algorithm comes from: the file's leading doc comment.
    fn source(&self) -> &str;
    /// The file, relative to the project root, e.g. `solutions/accepted/seed000_bfs.rs`.
    fn path(&self) -> &str;
    /// The language's id, e.g. `rust` or `cpp`.
    fn language(&self) -> &str {
        "rust"
    }
    /// LeetCode's signature: the fewest moves for `board` + `hand`, or -1. May panic.
    fn find_min_step(&self, board: String, hand: String) -> i32;
}

/// A compiled drop-in solution.
#[derive(Clone, Copy, Debug)]
pub struct Registered {
    /// The file stem.
    pub name: &'static str,
    /// Its folder.
    pub expected: ExpectedVerdict,
    /// Leading doc text.
    pub source: &'static str,
    /// Path relative to the project root.
    pub path: &'static str,
    /// The pasted `Solution::find_min_step`.
    pub call: fn(String, String) -> i32,
}

impl Solution for Registered {
    fn name(&self) -> &str {
        self.name
    }
    fn expected(&self) -> ExpectedVerdict {
        self.expected
    }
    fn source(&self) -> &str {
        self.source
    }
    fn path(&self) -> &str {
        self.path
    }
    fn find_min_step(&self, board: String, hand: String) -> i32 {
        (self.call)(board, hand)
    }
}

/// A Rust drop-in solution that does not compile on its own: its verdict is CE with rustc's
/// message, and every other solution still runs.
#[derive(Clone, Copy, Debug)]
pub struct Uncompiled {
    /// The file stem.
    pub name: &'static str,
    /// Its folder.
    pub expected: ExpectedVerdict,
    /// Leading doc text.
    pub source: &'static str,
    /// Path relative to the project root.
    pub path: &'static str,
    /// rustc's message, naming the file and line as pasted.
    pub message: &'static str,
}

impl Solution for Uncompiled {
    fn name(&self) -> &str {
        self.name
    }
    fn expected(&self) -> ExpectedVerdict {
        self.expected
    }
    fn source(&self) -> &str {
        self.source
    }
    fn path(&self) -> &str {
        self.path
    }
    fn find_min_step(&self, _: String, _: String) -> i32 {
        panic!("{} does not compile:\n{}", self.path, self.message)
    }
}

include!(concat!(env!("OUT_DIR"), "/registry.rs"));

/// Every compiled solution, in folder then name order.
pub fn compiled() -> &'static [Registered] {
    COMPILED
}

/// The compiled solution called `name`.
pub fn find(name: &str) -> Option<&'static Registered> {
    COMPILED.iter().find(|s| s.name == name)
}

/// The Rust solutions that do not compile on their own.
pub fn uncompiled() -> &'static [Uncompiled] {
    UNCOMPILED
}
