#!/usr/bin/env bash
# Kattis' own checker on our package: `zuma-judge export kattis` of the shipped suite, then
# problemtools' `verifyproblem` (from PyPI) on it, every part: config, statement (LaTeX, so the
# TeX Live packages problemtools' README lists), validators, data, submissions. It must report
# 0 errors, and every submission must get its folder's verdict (a submission that does not is
# an error in verifyproblem's count).
#
# Python runs under CPython here: problemtools' default is pypy3, which Debian's python3
# toolchain does not provide; a languages.yaml beside the package says so (problemtools reads
# one from the package's parent folder).
set -euo pipefail
cd "$(dirname "$0")/../.."

if [ "$(id -u)" = 0 ]; then
    packages="texlive-luatex texlive-latex-extra texlive-fonts-recommended texlive-plain-generic ghostscript tidy dvisvgm"
    # shellcheck disable=SC2086
    apt-get install -y -qq --no-install-recommends $packages >/dev/null ||
        { apt-get update -qq && apt-get install -y -qq --no-install-recommends $packages >/dev/null; }
fi
venv="${TMPDIR:-/tmp}/zuma-problemtools"
[ -x "$venv/bin/verifyproblem" ] || {
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet problemtools
}
"$venv/bin/verifyproblem" --version

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cargo run --release --quiet -- export kattis "$work/zuma"
cat >"$work/languages.yaml" <<'EOF'
python3:
    name: 'Python 3 (CPython)'
    compile: '/usr/bin/env python3 -m py_compile {files}'
    run: '/usr/bin/env python3 "{mainfile}"'
EOF
status=0
"$venv/bin/verifyproblem" "$work/zuma" | tee "$work/verify.log" || status=$?
submissions=$(find "$work/zuma/submissions" -type f | wc -l)
ok=$(grep -cE '^ +[a-z_]+/[^ ]+ \(.*\) OK: ' "$work/verify.log" || true)
echo "verifyproblem: exit $status; $ok of $submissions submissions got their folder's verdict"
grep -q '^zuma tested: 0 errors' "$work/verify.log"
[ "$status" = 0 ] && [ "$ok" = "$submissions" ]
