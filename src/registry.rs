//! The `Solution` trait and the registry of drop-in solutions that `build.rs` generates from
//! `solutions/<expected verdict>/<name>.rs`. Adding a file and rebuilding registers it.

use crate::verdict::VerdictKind;

/// ExpectedVerdict is the folder a solution sits in.
pub type ExpectedVerdict = VerdictKind;

/// A candidate `findMinStep`.
pub trait Solution: Send + Sync {
    /// The file stem, unique across `solutions/`.
    fn name(&self) -> &str;
    /// The verdict its folder promises.
    fn expected(&self) -> ExpectedVerdict;
    /// Where the algorithm comes from: the file's leading doc comment.
    fn source(&self) -> &str;
    /// The file, relative to the project root, e.g. `solutions/accepted/seed000_bfs.rs`.
    fn path(&self) -> &str;
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

/// A drop-in solution in another language, run by an adapter (Python or JavaScript).
#[derive(Clone, Copy, Debug)]
pub struct ScriptEntry {
    /// The file stem.
    pub name: &'static str,
    /// Its folder.
    pub expected: ExpectedVerdict,
    /// Leading comment text.
    pub source: &'static str,
    /// Path relative to the project root.
    pub path: &'static str,
    /// Absolute path at build time.
    pub file: &'static str,
    /// `py` or `js`.
    pub language: &'static str,
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
