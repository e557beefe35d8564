//! PHP, as LeetCode's: `class Solution { function findMinStep($board, $hand) {..} }`, as the
//! editor holds it (without `<?php`), checked by `php -l` and run by `php` (`harness/php.php`).

use std::path::Path;

use crate::cases::config::Limits;
use crate::submission::language::{diagnose_class, Language, Paste, Recipe, Tool};
use crate::submission::worker::Launch;

/// The harness: includes the paste and speaks the worker protocol.
const HARNESS: &str = include_str!("harness/php.php");

/// The build step: `php -l`, its message naming the paste as shown.
const LINT: &str = include_str!("harness/php_lint.php");

/// Address space `php` gets beyond the memory limit, in mebibytes: the binary and its
/// libraries map about 70 MiB before any script runs, and `memory_limit` (set to the limit)
/// counts only the script's heap, so the limit is met as PHP's "Allowed memory size
/// exhausted" rather than as a failed `mmap`.
pub const PHP_RESERVE_MIB: u64 = 128;

/// The row.
pub static PHP: Language = Language {
    id: "php",
    name: "PHP",
    extensions: &["php"],
    comment: "//",
    signature: "class Solution {\n\n    /**\n     * @param String $board\n     * @param String $hand\n     * @return Integer\n     */\n    function findMinStep($board, $hand) {\n        \n    }\n}",
    entry_markers: &["functionfindMinStep($"],
    adapt: crate::submission::language::no_adapter,
    tools: &[Tool {
        program: "php",
        version_args: &["--version"],
        package: "php-cli",
    }],
    provenance: "LeetCode's help article \"What are the environments for the programming languages?\", as its `envInfo` field reads in a dump of LeetCode's GraphQL answer of 2025-01-19 (\"PHP 8.2. With bcmath module\"); the editor's code snippet (no `<?php`) from the same dump. Here: Debian 12's PHP 8.2 CLI (`php-cli`; bcmath is the separate package php-bcmath, not installed by default), `<?php ` put in front of line 1 unless the paste has it, `memory_limit` set to the judge's memory limit; a fatal error (memory exhausted, a function declared twice), which ends a PHP script, is answered from a shutdown function that re-executes the harness (`pcntl_exec`) so the worker lives on for the next case",
    diagnose: |text| diagnose_class(text, "findMinStep"),
    explain: crate::submission::language::no_explanation,
    recipe,
    launch,
};

/// `solution.php` (the paste behind `<?php ` on its line 1, so line numbers stay), the harness
/// and the lint step, which is the build.
fn recipe(paste: &Paste) -> Recipe {
    let source = if paste.text.trim_start().starts_with("<?php") {
        paste.text.to_string()
    } else {
        format!("<?php {}", paste.text)
    };
    Recipe {
        paste: "solution.php".into(),
        files: vec![
            ("solution.php".into(), source),
            ("harness.php".into(), HARNESS.into()),
            ("lint.php".into(), LINT.into()),
        ],
        commands: vec![vec![
            "php".into(),
            "lint.php".into(),
            "solution.php".into(),
            paste.shown.into(),
        ]],
    }
}

/// `php -d memory_limit=LIMITM DIR/harness.php DIR/solution.php`, errors on stderr only.
fn launch(dir: &Path, limits: &Limits) -> Launch {
    Launch {
        program: "php".into(),
        args: vec![
            "-d".into(),
            format!("memory_limit={}M", limits.memory_mib).into(),
            "-d".into(),
            "display_errors=stderr".into(),
            "-d".into(),
            "log_errors=0".into(),
            dir.join("harness.php").into_os_string(),
            dir.join("solution.php").into_os_string(),
        ],
        env: Vec::new(),
        label: "php".into(),
        reserve_mib: PHP_RESERVE_MIB,
        resident_limit: false,
        own: false,
        loads_source: true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_open_tag_goes_on_line_1_unless_pasted() {
        let shown = "a/b.php";
        let r = recipe(&Paste {
            text: "class Solution {}\n",
            shown,
        });
        assert_eq!(r.files[0].1, "<?php class Solution {}\n");
        let r = recipe(&Paste {
            text: "<?php\nclass Solution {}\n",
            shown,
        });
        assert_eq!(r.files[0].1, "<?php\nclass Solution {}\n");
    }
}
