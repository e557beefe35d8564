#!/usr/bin/env bash
# Stability of `grade`: one folder graded N times (default 10); every submission must get the
# same verdict, the same kinds of case verdict, the same counts of passed and skipped cases and
# the same first failing case in every run (GUIDE.md, "Grading a folder of submissions"). The folder: the README's grade example (tests/fixtures/grade/submissions/), a
# submission both too slow and wrong, and three near the 2 s CPU limit
# (tests/fixtures/grade/near_limit/: AC at 95%, TLE at 105%, MLE before the CPU limit).
# Prints one row per submission and exits 1 if any verdict differed between runs.
#
#   benches/stability.sh [--runs N] [--jobs J]
set -euo pipefail
cd "$(dirname "$0")/.."

runs=10
jobs=()
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --jobs) jobs=(--jobs "$2"); shift 2 ;;
    *) echo "usage: $0 [--runs N] [--jobs J]" >&2; exit 2 ;;
  esac
done

cargo build --release --quiet
judge="${CARGO_TARGET_DIR:-$PWD/target}/release/zuma-judge"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export ZUMA_JUDGE_CACHE="$work/cache"

folders=(tests/fixtures/grade/submissions tests/fixtures/grade/slow_and_wrong.py
  tests/fixtures/grade/near_limit)
for i in $(seq 1 "$runs"); do
  start=$(date +%s.%N)
  # grade exits 1 when a submission is not AC; the report is what is compared. --rejudge: every
  # run judges for real (the verdict cache would replay the first run's calls).
  "$judge" grade "${folders[@]}" "${jobs[@]}" --rejudge --format json >"$work/run$i.json" || true
  end=$(date +%s.%N)
  printf 'run %d of %d: %.1f s, load %s\n' "$i" "$runs" "$(awk "BEGIN { print $end - $start }")" \
    "$(cut -d' ' -f1-3 /proc/loadavg)" >&2
done

python3 - "$work" "$runs" <<'PY'
import json, sys
work, runs = sys.argv[1], int(sys.argv[2])
seen = {}  # name -> list of (verdict, verdict kinds, passed/skipped/first failure, cpu_max_ms)
for i in range(1, runs + 1):
    for s in json.load(open(f"{work}/run{i}.json"))["submissions"]:
        cases = (s["passed"], s["skipped"], s["first_failure"])
        seen.setdefault(s["name"], []).append(
            (s["verdict"], tuple(s["verdicts"]), cases, s["cpu_max_ms"]))
unstable = 0
rows_out = []
for name, rows in sorted(seen.items()):
    kinds = {(v, vs, cs) for v, vs, cs, _ in rows}
    same = len(kinds) == 1 and len(rows) == runs
    unstable += not same
    v, vs, _, _ = rows[0]
    cpus = [c or 0 for _, _, _, c in rows]
    verdict = v if same else "/".join(sorted({k[0] for k in kinds}))
    rows_out.append((name, verdict, " ".join(vs), str(len(rows)) if same else "DIFFERS",
                     f"{min(cpus):.0f} to {max(cpus):.0f}"))
head = ("submission", "verdict", "verdicts", "same in", "cpu max ms (min to max)")
widths = [max(len(r[i]) for r in rows_out + [head]) for i in range(4)]
for r in [head] + rows_out:
    print("  ".join(c.ljust(w) for c, w in zip(r, widths)) + "  " + r[4])
print(f"{len(seen) - unstable} of {len(seen)} submissions got the same verdicts in all {runs} runs")
sys.exit(1 if unstable else 0)
PY
