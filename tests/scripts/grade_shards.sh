#!/usr/bin/env bash
# `grade --shard` as a cluster runs it: a folder of Python and JavaScript submissions graded
# whole, then in 4 shards under GNU parallel (`--shard {}/4`, and `--shard auto` from
# PARALLEL_SEQ), under Slurm's and Kubernetes' variables; each set of shards merged by `merge`
# into a CSV and a JSON that `diff` finds equal to the unsharded grade's (times, memory and
# threads aside). Also checks that deploy/'s sbatch scripts parse (bash -n), that grade.sbatch's count is
# its array's size, and that its manifests are YAML. Needs GNU parallel and python3 with PyYAML.
#
#   tests/scripts/grade_shards.sh [PER_LANGUAGE]     (ZUMA_JUDGE=path: that binary, no build)
set -euo pipefail
cd "$(dirname "$0")/../.."
per="${1:-4}"
command -v parallel >/dev/null || { echo "grade_shards.sh: GNU parallel is not installed (apt-get install parallel)" >&2; exit 2; }
for f in deploy/slurm/*.sbatch; do bash -n "$f"; done
# grade.sbatch's `count` (its --shard-count) is its array's number of tasks.
read -r lo hi < <(sed -n 's/^#SBATCH --array=\([0-9]*\)-\([0-9]*\)$/\1 \2/p' deploy/slurm/grade.sbatch)
[ "$((hi - lo + 1))" = "$(sed -n 's/^count=//p' deploy/slurm/grade.sbatch)" ] ||
  { echo "grade_shards.sh: grade.sbatch's count is not its --array's number of tasks" >&2; exit 1; }
python3 - deploy/kubernetes/*.yaml <<'PY'
import sys, yaml
for path in sys.argv[1:]:
    for doc in yaml.safe_load_all(open(path)):
        assert doc["kind"] == "Job", path
        assert doc["spec"]["template"]["spec"]["containers"][0]["image"], path
grade = yaml.safe_load(open("deploy/kubernetes/grade-job.yaml"))
env = {e["name"]: e["value"] for e in grade["spec"]["template"]["spec"]["containers"][0]["env"]}
assert grade["spec"]["completionMode"] == "Indexed"
assert int(env["JOB_COMPLETIONS"]) == grade["spec"]["completions"], "JOB_COMPLETIONS must equal completions"
PY
if [ -n "${ZUMA_JUDGE:-}" ]; then
  judge="$ZUMA_JUDGE"
else
  cargo build --release --quiet
  judge="${CARGO_TARGET_DIR:-$PWD/target}/release/zuma-judge"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export ZUMA_JUDGE_CACHE="$work/cache" ZUMA_JUDGE_REJUDGE=1
unset SLURM_ARRAY_TASK_ID SLURM_ARRAY_TASK_COUNT SLURM_ARRAY_TASK_MIN SLURM_ARRAY_TASK_MAX \
  SLURM_ARRAY_TASK_STEP JOB_COMPLETION_INDEX JOB_COMPLETIONS PARALLEL_SEQ

for lang in python3 javascript; do
  for i in $(seq 1 "$per"); do
    kind=accepted
    [ $((i % 2)) -eq 0 ] && kind=wrong_answer
    src=$(ls tests/fixtures/languages/"$lang"/$kind/* | head -1)
    ext="${src##*.}"
    mark="//"; [ "$ext" = py ] && mark="#"
    mkdir -p "$work/subs/$lang"
    cp "$src" "$work/subs/$lang/student$i.$ext"
    printf '\n%s copy %s\n' "$mark" "$i" >>"$work/subs/$lang/student$i.$ext"
  done
done
printf '[sweep]\nmax_board = 4\nmax_hand = 2\n' >"$work/judge.toml"
grade=(grade "$work/subs" --cases cases/statement.toml --config "$work/judge.toml" --jobs 1)

"$judge" "${grade[@]}" --format json --out "$work/whole.json" --report csv="$work/whole.csv"
normalise() { # FILE.json|FILE.csv -> FILE.norm, without times, memory and threads
  python3 - "$1" <<'PY'
import csv, json, sys
path = sys.argv[1]
def strip(v):
    if isinstance(v, dict):
        return {k: strip(x) for k, x in v.items()
                if not (k.endswith("_ms") or k.endswith("_kib")
                        or k in ("timing", "builds", "build", "jobs", "replayed"))}
    if isinstance(v, list):
        return [strip(x) for x in v]
    return v
with open(path + ".norm", "w") as out:
    if path.endswith(".json"):
        json.dump(strip(json.load(open(path))), out, indent=1, sort_keys=True)
    else:
        rows = list(csv.reader(open(path)))
        keep = [i for i, h in enumerate(rows[0]) if not (h.endswith("_ms") or h.endswith("_kib"))]
        csv.writer(out).writerows([[r[i] for i in keep] for r in rows])
PY
}
normalise "$work/whole.json"
normalise "$work/whole.csv"

merged() { # NAME SHARD_FILES...: merge them, diff against the unsharded grade
  local name="$1"
  shift
  "$judge" merge "$@" --format json --out "$work/$name.json" --report csv="$work/$name.csv"
  for ext in json csv; do
    normalise "$work/$name.$ext"
    diff -u "$work/whole.$ext.norm" "$work/$name.$ext.norm"
  done
  echo "grade_shards.sh: $name: 4 shards merged = the unsharded grade (CSV and JSON, times aside)"
}

parallel -j2 --halt now,fail=1 "$judge" "${grade[@]}" --shard {}/4 --out "$work/par-{}.json" ::: 1 2 3 4
merged parallel "$work"/par-{1,2,3,4}.json
parallel -j2 --halt now,fail=1 "$judge" "${grade[@]}" --shard auto --shard-count 4 --out "$work/seq-{#}.json" ::: a b c d
merged parallel-seq "$work"/seq-{1,2,3,4}.json
for id in 0 1 2 3; do
  SLURM_ARRAY_TASK_ID=$id SLURM_ARRAY_TASK_COUNT=4 SLURM_ARRAY_TASK_MIN=0 SLURM_ARRAY_TASK_MAX=3 \
    "$judge" "${grade[@]}" --shard auto --out "$work/slurm-$id.json"
done
merged slurm "$work"/slurm-{0,1,2,3}.json
for index in 0 1 2 3; do
  JOB_COMPLETION_INDEX=$index JOB_COMPLETIONS=4 \
    "$judge" "${grade[@]}" --shard auto --out "$work/k8s-$index.json"
done
merged kubernetes "$work"/k8s-{0,1,2,3}.json
