//! Elixir, as LeetCode's: `defmodule Solution do def find_min_step(board, hand) ... end end`,
//! called with binaries (`String.t`), compiled by `elixirc` as `solution.ex` next to the harness
//! (`harness/elixir.ex`); run by `elixir` on the BEAM with Erlang's flags
//! ([`super::erlang::BEAM_FLAGS`]).

use std::ffi::OsString;
use std::path::Path;

use crate::cases::config::Limits;
use crate::submission::language::{did_you_mean, has_word, Language, Paste, Recipe, Tool};
use crate::submission::languages::erlang::{beam, BEAM_FLAGS, OTP_VERSION};
use crate::submission::worker::Launch;

/// The harness: module `ZumaJudge.Harness`, compiled next to the paste.
const HARNESS: &str = include_str!("harness/elixir.ex");

/// The row.
pub static ELIXIR: Language = Language {
    id: "elixir",
    name: "Elixir",
    extensions: &["ex", "exs"],
    comment: "#",
    signature: "defmodule Solution do\n  @spec find_min_step(board :: String.t, hand :: String.t) :: integer\n  def find_min_step(board, hand) do\n    \n  end\nend",
    entry_markers: &["defmoduleSolutiondo", "deffind_min_step(board,hand)do"],
    adapt: crate::submission::language::no_adapter,
    tools: &[
        Tool {
            program: "elixir",
            version_args: &["-e", "IO.puts(\"Elixir \" <> System.version())"],
            package: "elixir",
        },
        Tool {
            program: "erl",
            version_args: &["-noshell", "-eval", OTP_VERSION],
            package: "erlang-base",
        },
    ],
    provenance: "LeetCode's code snippets for problem 488 (a public dump of its GraphQL `codeSnippets`): module Solution with its `@spec`, called with binaries; LeetCode's Elixir version was not found in a public copy of its environment notes. Differences: Debian 12's Elixir 1.14.0 on Erlang/OTP 25 (what Elixir 1.15 and later added is missing, e.g. `Date.before?/2`, and OTP 26's additions); the BEAM runs as Erlang's worker does, each call in a fresh process whose heap is capped at the memory limit",
    diagnose,
    explain: crate::submission::language::no_explanation,
    recipe,
    launch,
};

/// The module LeetCode calls, then its function.
fn diagnose(text: &str) -> Option<String> {
    if !text.contains("defmodule Solution do") {
        return Some(
            "no entry point: no `defmodule Solution do` (LeetCode's Elixir calls Solution.find_min_step/2)"
                .into(),
        );
    }
    (!has_word(text, "find_min_step")).then(|| {
        format!(
            "no entry point: module Solution has no function find_min_step{}",
            did_you_mean(text, "find_min_step")
        )
    })
}

/// `solution.ex` (the paste, unchanged) and `harness.ex`, compiled into the build directory.
fn recipe(paste: &Paste) -> Recipe {
    Recipe {
        paste: "solution.ex".into(),
        files: vec![
            ("solution.ex".into(), paste.text.into()),
            ("harness.ex".into(), HARNESS.into()),
        ],
        commands: vec![["elixirc", "-o", "{dir}", "solution.ex", "harness.ex"]
            .map(String::from)
            .to_vec()],
    }
}

/// `elixir --erl FLAGS -pa DIR -e 'ZumaJudge.Harness.main()' MEMORY_MIB`.
fn launch(dir: &Path, limits: &Limits) -> Launch {
    let args: Vec<OsString> = vec![
        "--erl".into(),
        BEAM_FLAGS.join(" ").into(),
        "-pa".into(),
        dir.as_os_str().to_owned(),
        "-e".into(),
        "ZumaJudge.Harness.main()".into(),
        limits.memory_mib.to_string().into(),
    ];
    beam("elixir", args)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_module_or_function_is_named() {
        assert_eq!(
            diagnose("defmodule Zuma do\n  def find_min_step(b, h), do: -1\nend\n").as_deref(),
            Some("no entry point: no `defmodule Solution do` (LeetCode's Elixir calls Solution.find_min_step/2)")
        );
        assert_eq!(
            diagnose("defmodule Solution do\n  def findMinStep(b, h), do: -1\nend\n").as_deref(),
            Some("no entry point: module Solution has no function find_min_step; found findMinStep — did you mean it?")
        );
        assert_eq!(
            diagnose("defmodule Solution do\n  def find_min_step(b, h), do: -1\nend\n"),
            None
        );
    }
}
