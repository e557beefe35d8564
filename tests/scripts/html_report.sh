#!/usr/bin/env bash
# The HTML report in a real browser: renders the shipped suite's report in headless Chromium,
# checks that the rendered page shows the same verdict counts as the JSON report, and takes a
# screenshot. Needs the release binary and `chromium` (Debian's package; .ci/run installs it).
# Usage: bash tests/scripts/html_report.sh [SCREENSHOT.png]
set -euo pipefail
cd "$(dirname "$0")/../.."
shot=${1:-target/html-report.png}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"${CARGO_TARGET_DIR:-target}/release/zuma-judge" run --format json --out "$dir/run.json" --report html="$dir/run.html" > /dev/null
# Chromium runs as root in CI: its own sandbox needs an unprivileged user, so it is turned off.
flags=(--headless --no-sandbox --disable-gpu --hide-scrollbars)
chromium "${flags[@]}" --dump-dom "file://$dir/run.html" 2> /dev/null > "$dir/dom.html"
chromium "${flags[@]}" --window-size=1400,2400 --screenshot="$shot" "file://$dir/run.html" 2> /dev/null
python3 - "$dir/run.json" "$dir/dom.html" "$shot" <<'PY'
import collections, json, re, sys
run = json.load(open(sys.argv[1]))
codes = {"accepted": "AC", "wrong_answer": "WA", "time_limit_exceeded": "TLE",
         "run_time_error": "RE", "memory_limit_exceeded": "MLE", "compile_error": "CE"}
want = dict(collections.Counter(codes[s["verdict"]] for s in run["solutions"]))
dom = open(sys.argv[2]).read()
got = {code: int(n) for code, n in re.findall(r'data-verdict="(\w+)">\1 (\d+)</span>', dom)}
cells = len(re.findall(r'<td class="cell \w+', dom))
cases = sum(len(s["cases"]) for s in run["solutions"])
png = open(sys.argv[3], "rb").read(8)
print(f"verdict counts: JSON {dict(sorted(want.items()))}, page {dict(sorted(got.items()))}; "
      f"{cells} matrix cells for {cases} case results")
ok = got == want and cells >= cases and png == b"\x89PNG\r\n\x1a\n"
sys.exit(0 if ok else 1)
PY
echo "screenshot: $shot"
