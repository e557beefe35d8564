#!/usr/bin/env bash
# Stability of `grade`: one folder graded N times (default 10); every submission must get the
# same verdict, the same kinds of case verdict, the same counts of passed and skipped cases and
# the same first failing case in every run (GUIDE.md, "Grading a folder of submissions"). The folder: the README's grade example (tests/fixtures/grade/submissions/), a
# submission both too slow and wrong, and three near the 2 s CPU limit
# (tests/fixtures/grade/near_limit/: AC at 95%, TLE at 105%, MLE before the CPU limit).
# With --loaded, one more run is made with two busy-loop CPU hogs beside it (killed when the
# script ends, however it ends), and every submission's verdict, passed, skipped and score must
# be those of the first quiet run: a verdict must not depend on the machine's load.
# Prints one row per submission and exits 1 if any verdict differed between runs.
#
#   benches/stability.sh [--runs N] [--jobs J] [--loaded]
set -euo pipefail
cd "$(dirname "$0")/.."

runs=10
jobs=()
loaded=0
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --jobs) jobs=(--jobs "$2"); shift 2 ;;
    --loaded) loaded=1; shift ;;
    *) echo "usage: $0 [--runs N] [--jobs J] [--loaded]" >&2; exit 2 ;;
  esac
done

cargo build --release --quiet
judge="${CARGO_TARGET_DIR:-$PWD/target}/release/zuma-judge"
work=$(mktemp -d)
hogs=()
cleanup() {
  for pid in "${hogs[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT
export ZUMA_JUDGE_CACHE="$work/cache"

folders=(tests/fixtures/grade/submissions tests/fixtures/grade/slow_and_wrong.py
  tests/fixtures/grade/near_limit)
grade_once() { # name
  local start end
  start=$(date +%s.%N)
  # grade exits 1 when a submission is not AC; the report is what is compared. --rejudge: every
  # run judges for real (the verdict cache would replay the first run's calls).
  "$judge" grade "${folders[@]}" "${jobs[@]}" --rejudge --format json >"$work/$1.json" || true
  end=$(date +%s.%N)
  printf '%s: %.1f s, load %s\n' "$1" "$(awk "BEGIN { print $end - $start }")" \
    "$(cut -d' ' -f1-3 /proc/loadavg)" >&2
}
for i in $(seq 1 "$runs"); do
  grade_once "run$i"
done
if [ "$loaded" = 1 ]; then
  for _ in 1 2; do
    sh -c 'while :; do :; done' &
    hogs+=($!)
  done
  grade_once loaded
  kill "${hogs[@]}" 2>/dev/null || true
  hogs=()
fi

python3 - "$work" "$runs" "$loaded" <<'PY'
import json, sys
work, runs, loaded = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "1"
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
differs = 0
if loaded:
    key = lambda s: (s["verdict"], s["passed"], s["skipped"], s["score"])
    quiet = {s["name"]: key(s) for s in json.load(open(f"{work}/run1.json"))["submissions"]}
    busy = {s["name"]: key(s) for s in json.load(open(f"{work}/loaded.json"))["submissions"]}
    print("loaded (two busy-loop hogs) against the first quiet run: verdict, passed, skipped, score")
    for name in sorted(quiet.keys() | busy.keys()):
        q, b = quiet.get(name), busy.get(name)
        differs += q != b
        print(f"  {name}: {'same' if q == b else 'DIFFERS'} {q}" + ("" if q == b else f" loaded {b}"))
    print(f"{len(quiet) - differs} of {len(quiet)} submissions got the same verdicts and scores loaded")
sys.exit(1 if unstable or differs else 0)
PY
