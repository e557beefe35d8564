//! Ruby, as LeetCode's: a top-level `def find_min_step(board, hand)`, checked by `ruby -c` and
//! run by `ruby` with LeetCode's implicit requires (`harness/ruby.rb`).

use std::path::Path;

use crate::cases::config::Limits;
use crate::submission::language::{diagnose_function, Language, Paste, Recipe, Tool};
use crate::submission::worker::Launch;

/// The harness: loads the paste under LeetCode's requires and speaks the worker protocol.
const HARNESS: &str = include_str!("harness/ruby.rb");

/// The row.
pub static RUBY: Language = Language {
    id: "ruby",
    name: "Ruby",
    extensions: &["rb"],
    comment: "#",
    signature: "# @param {String} board\n# @param {String} hand\n# @return {Integer}\ndef find_min_step(board, hand)\n    \nend",
    entry_markers: &["deffind_min_step"],
    adapt: crate::submission::language::no_adapter,
    tools: &[Tool {
        program: "ruby",
        version_args: &["--version"],
        package: "ruby",
    }],
    provenance: "LeetCode's help article \"What are the environments for the programming languages?\", as its `envInfo` field reads in a dump of LeetCode's GraphQL answer of 2025-01-19 (\"Ruby 3.2\"; \"Some common data structure implementations are provided in the Algorithms module\", the kanwei/algorithms gem); the signature from the same dump's code snippets. Differences: Debian 12's Ruby is 3.1, where `Set` needs `require 'set'` (the harness requires it, as Ruby 3.2 autoloads it); the `algorithms` gem is not a Debian package, so it is required only when installed (`gem install algorithms`), otherwise `Containers::...` is a NameError here",
    diagnose: |text| diagnose_function(text, "find_min_step"),
    explain: crate::submission::language::no_explanation,
    recipe,
    launch,
};

/// The paste as `solution.rb` (no prelude: the harness requires the libraries before loading
/// it, so every line number is the paste's), checked by `ruby -c`.
fn recipe(paste: &Paste) -> Recipe {
    Recipe {
        paste: "solution.rb".into(),
        files: vec![("solution.rb".into(), paste.text.into())],
        commands: vec![vec!["ruby".into(), "-c".into(), "solution.rb".into()]],
    }
}

/// `ruby -e HARNESS DIR/solution.rb`.
fn launch(dir: &Path, _: &Limits) -> Launch {
    Launch {
        program: "ruby".into(),
        args: vec![
            "-e".into(),
            HARNESS.into(),
            dir.join("solution.rb").into_os_string(),
        ],
        env: Vec::new(),
        label: "ruby".into(),
        reserve_mib: 0,
        resident_limit: false,
        own: false,
        loads_source: true,
    }
}
