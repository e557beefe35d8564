#!/usr/bin/env bash
# The GNU parallel line of GUIDE.md ("Hunting counterexamples") at a small bound: four shards of `exhaust`, merged, must give
# the unsharded sweep's report (every key but the wall time), and the gate must be `merge`'s:
# each shard exits 0, the merge exits 1 on the counterexample. Needs GNU parallel.
#
#   tests/scripts/shards.sh [NAME] [MAX_BOARD] [MAX_HAND]
set -euo pipefail
cd "$(dirname "$0")/../.."
name="${1:-no_chain_reaction}"
board="${2:-6}"
hand="${3:-3}"
command -v parallel >/dev/null || { echo "shards.sh: GNU parallel is not installed (apt-get install parallel)" >&2; exit 2; }
cargo build --release --quiet
judge="${CARGO_TARGET_DIR:-$PWD/target}/release/zuma-judge"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bound=(--solution "$name" --max-board "$board" --max-hand "$hand" --no-record --format json)

set +e
"$judge" exhaust "${bound[@]}" --out "$work/whole.json"
whole_code=$?
set -e
parallel --halt now,fail=1 "$judge" exhaust "${bound[@]}" --shard {}/4 --out "$work/shard-{}.json" ::: 1 2 3 4
set +e
"$judge" merge --no-record --format json "$work"/shard-{1,2,3,4}.json >"$work/merged.json"
merge_code=$?
set -e
python3 - "$work/whole.json" "$work/merged.json" <<'PY'
import json, sys
whole, merged = (json.load(open(p)) for p in sys.argv[1:3])
for r in (whole, merged):
    r.pop("wall_ms", None)
if whole != merged:
    keys = sorted(k for k in set(whole) | set(merged) if whole.get(k) != merged.get(k))
    sys.exit(f"shards.sh: the merge differs from the unsharded sweep in {keys}")
cx = whole.get("counterexample")
print("shards.sh: 4 shards merged = the unsharded sweep:", whole["classes"], "classes,",
      "counterexample", f"{cx['board']} + {cx['hand']}" if cx else "none")
PY
if [ "$merge_code" != "$whole_code" ]; then
  echo "shards.sh: merge exited $merge_code, the unsharded sweep $whole_code" >&2
  exit 1
fi
echo "shards.sh: every shard exited 0; merge exited $merge_code, as the unsharded sweep"
