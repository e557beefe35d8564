#!/usr/bin/env bash
# Throughput of `grade`: a folder of submissions graded twice, first into an empty cache, then
# again with every build and every verdict cached (the second run replays each submission's
# calls from the verdict cache), then a third time with --rejudge (builds cached, every
# submission judged again). Prints the wall time of each run against the sum of the
# build times and the CPU time the judge measured (GUIDE.md, "Grading a folder of submissions").
#
#   benches/grade.sh [--per-language N] [--languages "python3 java ..."] [--statement]
#
# The submissions are the accepted and wrong_answer fixtures of tests/fixtures/languages/, each
# copied N times (default 10, half accepted, half wrong) with a comment line that makes every
# copy a different file, so every copy is built on its own. --statement judges on
# cases/statement.toml with the sweep off, which makes the builds the bulk of the work; without
# it the default tests run (cases/, the hard set, the sweep).
set -euo pipefail
cd "$(dirname "$0")/.."

per=10
langs=""
statement=0
while [ $# -gt 0 ]; do
  case "$1" in
    --per-language) per="$2"; shift 2 ;;
    --languages) langs="$2"; shift 2 ;;
    --statement) statement=1; shift ;;
    *) echo "usage: $0 [--per-language N] [--languages \"ID ...\"] [--statement]" >&2; exit 2 ;;
  esac
done
[ -n "$langs" ] || langs=$(ls tests/fixtures/languages)

cargo build --release --quiet
judge="${CARGO_TARGET_DIR:-$PWD/target}/release/zuma-judge"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export ZUMA_JUDGE_CACHE="$work/cache"

for lang in $langs; do
  for i in $(seq 1 "$per"); do
    kind=accepted
    [ $((i % 2)) -eq 0 ] && kind=wrong_answer
    src=$(ls tests/fixtures/languages/"$lang"/$kind/* | head -1)
    ext="${src##*.}"
    case "$ext" in py|rb) mark="#" ;; *) mark="//" ;; esac
    mkdir -p "$work/submissions/$lang"
    dst="$work/submissions/$lang/copy$i.$ext"
    cp "$src" "$dst"
    printf '\n%s benchmark copy %s\n' "$mark" "$i" >>"$dst"
  done
done

args=(grade "$work/submissions" --format json)
if [ "$statement" = 1 ]; then
  printf '[sweep]\nmax_board = 0\nmax_hand = 0\n' >"$work/judge.toml"
  args+=(--cases cases/statement.toml --config "$work/judge.toml")
fi

cores=$(nproc)
summary() {
  python3 - "$1" "$2" "$cores" <<'PY'
import json, sys
report, wall_s, cores = json.load(open(sys.argv[1])), float(sys.argv[2]), int(sys.argv[3])
subs = report["submissions"]
build = sum((s["build"] or {}).get("ms", 0) for s in subs) / 1e3
cpu = sum(s["cpu_total_ms"] for s in subs) / 1e3
# Reruns of near-limit calls are CPU the judge chose to spend: counted beside the judged CPU.
reruns = sum(sum(c.get("cpu_runs_ms") or [c["cpu_ms"]]) - c["cpu_ms"]
             for s in report["solutions"] for c in s["cases"]) / 1e3
compiled = report["builds"]["compiled"]
replayed = sum(1 for s in subs if s.get("replayed"))
bound = 1.2 * (build + cpu) / cores
print(f"{len(subs)} submissions, {compiled} compiled, {replayed} replayed: wall {wall_s:.1f} s; "
      f"build {build:.1f} s + CPU {cpu:.1f} s; 1.2 x (build + CPU) / {cores} cores = {bound:.1f} s")
print(f"  with the reruns' {reruns:.1f} s of CPU: 1.2 x (build + CPU + reruns) / {cores} cores = "
      f"{1.2 * (build + cpu + reruns) / cores:.1f} s")
verdicts = {}
for s in subs:
    verdicts[s["verdict"]] = verdicts.get(s["verdict"], 0) + 1
print("  verdicts:", ", ".join(f"{k} {v}" for k, v in sorted(verdicts.items())))
PY
}

timed() {
  local out="$1" start end
  shift
  start=$(date +%s.%N)
  "$judge" "${args[@]}" "$@" >"$out" || true
  end=$(date +%s.%N)
  python3 -c "print(f'{$end - $start:.2f}')"
}

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
first=$(timed "$work/first.json")
printf 'first run:  '
summary "$work/first.json" "$first"
again=$(timed "$work/again.json")
printf 'cached run: '
summary "$work/again.json" "$again"
python3 -c "print(f'cached run / first run = {100 * $again / $first:.1f}%')"
rejudged=$(timed "$work/rejudged.json" --rejudge)
printf 'rejudged:   '
summary "$work/rejudged.json" "$rejudged"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
