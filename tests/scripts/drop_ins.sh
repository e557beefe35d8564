#!/usr/bin/env bash
# Rust drop-ins that must not break the judge's build: each is registered as a compile error
# with its file and line, and every other solution still builds. One compiles only in release,
# one carries tests as solution repositories do (left out of what the judge compiles, so it
# builds although its test would not), one starts with an inner attribute, one names the crate in a
# serde attribute's string, one reads a file through `debugger_visualizer`; one holds a code
# block in a doc comment, which must not run as a doctest of the judge's.
#
# Builds a copy of the checkout (without .git and target) that shares this checkout's target
# folder, so dependencies are reused and only the crate builds again. The copy's binary then
# stands at target/release/zuma-judge, so run this after every other step that uses it.
set -euo pipefail
cd "$(dirname "$0")/../.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"
copy=$(mktemp -d)
trap 'rm -rf "$copy"' EXIT
tar --exclude=./target --exclude=./.git -cf - . | tar -C "$copy" -xf -
cd "$copy"
dir=solutions/accepted
printf 'impl Solution {\n    pub fn find_min_step(board: String, hand: String) -> i32 {\n        #[cfg(not(debug_assertions))]\n        let n: i32 = "release";\n        -1\n    }\n}\n' >"$dir/zz_release_only.rs"
printf 'impl Solution { pub fn find_min_step(b: String, h: String) -> i32 { -1 } }\n#[cfg(test)] mod t { #[test] fn x() { let a: i32 = "test"; } }\n' >"$dir/zz_test_only.rs"
printf '#![allow(dead_code)]\npub struct Solution;\nimpl Solution { pub fn find_min_step(b: String, h: String) -> i32 { -1 } }\n' >"$dir/zz_inner.rs"
printf '#[derive(serde::Deserialize)]\nstruct S {\n    #[serde(default = "crate::game::oracle::x")]\n    a: i32,\n}\nimpl Solution { pub fn find_min_step(b: String, h: String) -> i32 { -1 } }\n' >"$dir/zz_serde.rs"
printf 'impl Solution { pub fn find_min_step(b: String, h: String) -> i32 { -1 } }\n#[debugger_visualizer(gdb_script_file = "../../../../cases/seeds.toml")]\nmod m {}\n' >"$dir/zz_visualizer.rs"
printf 'impl Solution {\n    /// ```\n    /// assert_eq!(1, 2);\n    /// ```\n    pub fn find_min_step(b: String, h: String) -> i32 { -1 }\n}\n' >"$dir/zz_doc.rs"

cargo build --release --quiet
judge="$CARGO_TARGET_DIR/release/zuma-judge"
fail() { echo "drop_ins.sh: $*" >&2; exit 1; }
# name, then a line its CE message must hold
while IFS='|' read -r name expect; do
    "$judge" list | grep -q "| $name  *accepted  *rust (CE) " || fail "$name is not listed as rust (CE)"
    set +e
    shown=$("$judge" run --solution "$name" 2>&1)
    set -e
    grep -qF -- "$expect" <<<"$shown" || fail "$name: no '$expect' in:
$shown"
    echo "ok: $name is CE: $expect"
done <<'EOF'
zz_release_only|--> solutions/accepted/zz_release_only.rs:4:
zz_inner|--> solutions/accepted/zz_inner.rs:1:1
zz_serde|solutions/accepted/zz_serde.rs:3: names `crate` in an attribute's string
zz_visualizer|solutions/accepted/zz_visualizer.rs:2: uses `#[debugger_visualizer]`
EOF
"$judge" list | grep -q "| zz_test_only  *accepted  *rust  " || fail "zz_test_only did not compile"
copied=$(find "$CARGO_TARGET_DIR/release/build" -path "*/out/solutions/accepted/zz_test_only.rs" -newer Cargo.toml | head -1)
[ -n "$copied" ] && ! grep -q "fn x" "$copied" || fail "zz_test_only's test is still in what the judge compiles: $copied"
echo "ok: zz_test_only compiles without its tests"
"$judge" list | grep -q "| zz_doc  *accepted  *rust  " || fail "zz_doc did not compile"
echo "ok: zz_doc compiles"
# The doc comment's failing assertion is no doctest: only the library's own runs, and passes.
doc=$(cargo test --doc 2>&1) || fail "cargo test --doc failed:
$doc"
grep -q "test result: ok. .* 0 failed" <<<"$doc" || fail "cargo test --doc failed:
$doc"
echo "ok: zz_doc's code block is no doctest"
