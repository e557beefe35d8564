//! C, as LeetCode's: a free function `int findMinStep(char* board, char* hand)`, compiled by
//! `gcc` with the standard headers LeetCode includes for you (and `uthash.h` where it is
//! installed), with the harness (`harness/c.c`) in the same translation unit.

use std::path::Path;

use crate::cases::config::Limits;
use crate::submission::language::{diagnose_function, Language, Paste, Recipe, Tool};
use crate::submission::languages::cpp::c_string;
use crate::submission::worker::Launch;

/// The harness: `main`, after the paste.
const HARNESS: &str = include_str!("harness/c.c");

/// The headers LeetCode's C editor has included before line 1 ("most standard library headers
/// are already included automatically"), and uthash, which LeetCode includes by default, when
/// the Debian package uthash-dev has put it on the include path.
const PRELUDE: &str = "\
#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__has_include)
#if __has_include(<uthash.h>)
#include <uthash.h>
#endif
#endif
";

/// The row.
pub static C: Language = Language {
    id: "c",
    name: "C",
    extensions: &["c"],
    comment: "//",
    signature: "int findMinStep(char* board, char* hand) {\n    \n}",
    entry_markers: &["intfindMinStep(char", "intfindMinStep(constchar"],
    adapt: crate::submission::language::no_adapter,
    tools: &[Tool {
        program: "gcc",
        version_args: &["--version"],
        package: "gcc",
    }],
    provenance: "LeetCode's help article \"What are the environments for the programming languages?\" (C: gcc with the gnu11 standard, AddressSanitizer on, \"most standard library headers are already included automatically\", \"uthash.h\" included by default), as quoted by the bensenq/leetcode-c README (gcc 11, -O2) and by LeetCode's own question API `envInfo` in the localeet test data (gcc 8.2, -O1). Differences here: Debian's gcc 12 with -std=gnu11 -O2 -lm; no AddressSanitizer (it reserves terabytes of address space, which the judge's RLIMIT_AS forbids, so an out-of-bounds access is a crash or goes unnoticed instead of a sanitizer report); uthash.h only when the Debian package uthash-dev is installed (it is not by default: a submission that uses it is then a CE); an allocation that fails under the memory limit aborts with Rust's \"memory allocation of N bytes failed\" (MLE) instead of returning NULL",
    diagnose: |text| diagnose_function(text, "findMinStep"),
    explain: crate::submission::language::no_explanation,
    recipe,
    launch,
};

/// One translation unit: the prelude, the paste under `#line 1 "<shown path>"` (so errors
/// name the file and line as pasted), then the harness; `malloc`, `calloc` and `realloc` are
/// wrapped by the harness, so an allocation that fails is MLE.
fn recipe(paste: &Paste) -> Recipe {
    let source = format!(
        "{PRELUDE}#line 1 {}\n{}\n#line 1 \"zuma-judge harness\"\n{HARNESS}",
        c_string(paste.shown),
        paste.text
    );
    Recipe {
        paste: String::new(),
        files: vec![("main.c".into(), source)],
        commands: vec![[
            "gcc",
            "-std=gnu11",
            "-O2",
            "-o",
            "{dir}/solution",
            "main.c",
            "-lm",
            "-Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc",
        ]
        .map(String::from)
        .to_vec()],
    }
}

fn launch(dir: &Path, _: &Limits) -> Launch {
    Launch::native(dir, "gcc")
}
