//! Erlang, as LeetCode's: a function `find_min_step(Board, Hand)` of binaries with no module
//! attribute (LeetCode adds it), compiled by `erlc` as `solution.erl` with
//! `-module(solution). -export([find_min_step/2]).` put in front of line 1, next to the harness
//! (`harness/erlang.erl`); run by `erl`. The BEAM flags here serve Elixir's worker too.

use std::ffi::OsString;
use std::path::Path;

use crate::cases::config::Limits;
use crate::submission::language::{diagnose_function, Language, Paste, Recipe, Tool};
use crate::submission::worker::Launch;

/// The harness: module `zuma_judge_harness`, compiled next to the paste.
const HARNESS: &str = include_str!("harness/erlang.erl");

/// What LeetCode's Erlang adds to the paste, on line 1 so every line keeps its number.
const PRELUDE: &str = "-module(solution). -export([find_min_step/2]).";

/// Address space the BEAM gets beyond the memory limit, in mebibytes. With [`BEAM_FLAGS`],
/// OTP 25 does not start under about 160 MiB (the JIT's code area, the literal area, one
/// scheduler's and one dirty scheduler's threads); the rest is a margin. The heap of the process
/// that runs a call is capped at the limit by the harness (`max_heap_size`).
pub const BEAM_RESERVE_MIB: u64 = 256;

/// The BEAM's flags: one scheduler and one of each dirty kind (the judge counts the CPU of every
/// thread), no busy waiting (it burns CPU time that the call would be charged), and a 32 MiB
/// literal area instead of the 1 GiB that does not fit under the memory limit.
pub(crate) const BEAM_FLAGS: &[&str] = &[
    "+S",
    "1:1",
    "+SDcpu",
    "1:1",
    "+SDio",
    "1",
    "+A",
    "1",
    "+sbwt",
    "none",
    "+sbwtdcpu",
    "none",
    "+sbwtdio",
    "none",
    "+MIscs",
    "32",
];

/// What `erl` runs to print its version, `Erlang/OTP 25.2.3` (the release's `OTP_VERSION`
/// file; the system only knows the major release).
pub(crate) const OTP_VERSION: &str = "{ok, V} = file:read_file(filename:join([code:root_dir(), \"releases\", erlang:system_info(otp_release), \"OTP_VERSION\"])), io:format(\"Erlang/OTP ~s\", [V]), halt().";

/// The row.
pub static ERLANG: Language = Language {
    id: "erlang",
    name: "Erlang",
    extensions: &["erl"],
    comment: "%",
    signature: "-spec find_min_step(Board :: unicode:unicode_binary(), Hand :: unicode:unicode_binary()) -> integer().\nfind_min_step(Board, Hand) ->\n  .",
    entry_markers: &["find_min_step(Board,Hand)->"],
    adapt: crate::submission::language::no_adapter,
    tools: &[
        Tool {
            program: "erl",
            version_args: &["-noshell", "-eval", OTP_VERSION],
            package: "erlang-base",
        },
        // It says no version: `erl`'s is the compiler's too.
        Tool {
            program: "erlc",
            version_args: &[],
            package: "erlang-base",
        },
    ],
    provenance: "LeetCode's code snippets for problem 488 (a public dump of its GraphQL `codeSnippets`): the function with its `-spec` and no `-module`/`-export`, called with binaries (`<<\"WRRBBW\">>`); LeetCode's Erlang version was not found in a public copy of its environment notes, and is newer than OTP 25. Differences: Debian 12's Erlang/OTP 25 (erts 13.1.5), so OTP 26's map comprehensions (`#{K => V || K := V <- M}`) and OTP 27's `json` module are a CE or an undefined function here; the BEAM runs with one scheduler and no busy waiting, and each call in a fresh process whose heap is capped at the memory limit",
    diagnose,
    explain: crate::submission::language::no_explanation,
    recipe,
    launch,
};

/// A module attribute of the paste's own (LeetCode's editor holds none, and the harness calls
/// module `solution`), then the entry point.
fn diagnose(text: &str) -> Option<String> {
    if let Some(line) = text
        .lines()
        .position(|l| l.trim_start().starts_with("-module("))
    {
        return Some(format!(
            "line {}: `-module(...)`: LeetCode's Erlang editor holds no module attribute (LeetCode \
             adds `-module(solution).` and the export); remove it",
            line + 1
        ));
    }
    diagnose_function(text, "find_min_step")
}

/// `solution.erl` (the prelude on line 1, then the paste) and `zuma_judge_harness.erl`,
/// compiled into the build directory.
fn recipe(paste: &Paste) -> Recipe {
    Recipe {
        paste: "solution.erl".into(),
        files: vec![
            ("solution.erl".into(), format!("{PRELUDE} {}", paste.text)),
            ("zuma_judge_harness.erl".into(), HARNESS.into()),
        ],
        commands: vec![[
            "erlc",
            "-o",
            "{dir}",
            "solution.erl",
            "zuma_judge_harness.erl",
        ]
        .map(String::from)
        .to_vec()],
    }
}

/// `erl -noshell FLAGS -pa DIR -run zuma_judge_harness main MEMORY_MIB`.
fn launch(dir: &Path, limits: &Limits) -> Launch {
    let mut args: Vec<OsString> = vec!["-noshell".into()];
    args.extend(BEAM_FLAGS.iter().map(OsString::from));
    args.extend([
        "-pa".into(),
        dir.as_os_str().to_owned(),
        "-run".into(),
        "zuma_judge_harness".into(),
        "main".into(),
        limits.memory_mib.to_string().into(),
    ]);
    beam("erl", args)
}

/// A worker of the BEAM started by `program` (`erl`, `elixir`) with `args`: [`BEAM_RESERVE_MIB`]
/// of address space on top of the limit, the resident set checked at the limit (binaries live
/// outside the capped process heap), no crash dump written into the user's folder, and glibc
/// kept from reserving 64 MiB of address space per thread.
pub(crate) fn beam(program: &str, args: Vec<OsString>) -> Launch {
    Launch {
        program: program.into(),
        args,
        env: vec![
            ("ERL_CRASH_DUMP_SECONDS".into(), "0".into()),
            ("MALLOC_ARENA_MAX".into(), "2".into()),
        ],
        label: program.into(),
        reserve_mib: BEAM_RESERVE_MIB,
        resident_limit: true,
        own: false,
        loads_source: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_prelude_is_on_line_1() {
        let paste = Paste {
            text: "find_min_step(Board, Hand) ->\n  -1.\n",
            shown: "a/b.erl",
        };
        let recipe = recipe(&paste);
        let (name, text) = &recipe.files[0];
        assert_eq!(name, &recipe.paste);
        assert_eq!(text.lines().count(), 2);
        assert_eq!(
            text.lines().next().unwrap(),
            "-module(solution). -export([find_min_step/2]). find_min_step(Board, Hand) ->"
        );
    }

    #[test]
    fn a_module_attribute_and_a_missing_function_are_named() {
        assert_eq!(
            diagnose("-module(zuma).\nfind_min_step(B, H) -> -1.\n").as_deref(),
            Some("line 1: `-module(...)`: LeetCode's Erlang editor holds no module attribute (LeetCode adds `-module(solution).` and the export); remove it")
        );
        assert_eq!(
            diagnose("findMinStep(B, H) -> -1.\n").as_deref(),
            Some("no entry point: no function find_min_step; found findMinStep — did you mean it?")
        );
    }
}
