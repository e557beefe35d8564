#!/usr/bin/env python3
"""Concurrent `fuzz` runs recording into one regression file lose no case and duplicate none.

PAIRS pairs of `zuma-judge fuzz --solution seed003_adjacent_memo` start at once, all recording
into one fresh `--regressions` folder; the two runs of a pair share a seed, so they find the same
counterexample and race to record it, while the pairs (seeds far apart) find different ones.

The check, from what each run says on standard error (`recorded as FILE#NAME` or `already
recorded as FILE#NAME`) and the file afterwards:
  - every run exits 1 (a counterexample) and says one of the two;
  - the names reported as recorded are distinct (none written twice);
  - the file parses (`zuma-judge audit FILE` exits 0) and its case names are exactly the union of
    every name reported, recorded or already recorded: no case lost, none duplicated.

Usage: tests/scripts/concurrent_fuzz.py [--pairs 10] [--bin target/release/zuma-judge]
Exit 0 when the check holds, 1 when it does not.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
REPORTED = re.compile(r"^(already recorded|recorded) as (.+)#(\S+)", re.M)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pairs", type=int, default=10)
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
    ap.add_argument("--bin", default=os.path.join(target, "release/zuma-judge"))
    ap.add_argument("--solution", default="seed003_adjacent_memo")
    ap.add_argument("--workers", action="store_true", help="call the solution in worker processes")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="zuma-concurrent-") as tmp:
        regs = os.path.join(tmp, "regressions")
        started = time.monotonic()
        procs = []
        for pair in range(args.pairs):
            seed = 1_000_003 * (pair + 1)
            for member in range(2):
                cmd = [args.bin, "fuzz", "--solution", args.solution, "--seed", str(seed),
                       "--count", "20000", "--jobs", "1", "--regressions", regs]
                if not args.workers:
                    cmd.append("--in-process")
                procs.append((pair, member, subprocess.Popen(
                    cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)))
        written, already, problems = [], [], []
        for pair, member, p in procs:
            err = p.communicate()[1]
            found = REPORTED.findall(err)
            if p.returncode != 1 or len(found) != 1:
                problems.append(f"pair {pair}.{member}: exit {p.returncode}, stderr {err!r}")
                continue
            kind, _, name = found[0]
            (written if kind == "recorded" else already).append(name)
        wall = time.monotonic() - started
        path = os.path.join(regs, f"{args.solution}.toml")
        text = open(path).read() if os.path.exists(path) else ""
        in_file = re.findall(r'^name = "([^"]+)"$', text, re.M)
        audit = subprocess.run([args.bin, "audit", path], cwd=ROOT, capture_output=True, text=True)
        if audit.returncode != 0:
            problems.append(f"audit {path}: exit {audit.returncode}: {audit.stderr.strip()}")
        if len(set(written)) != len(written):
            problems.append(f"a name reported as recorded twice: {sorted(written)}")
        if len(set(in_file)) != len(in_file):
            problems.append(f"duplicated in the file: {sorted(in_file)}")
        lost = (set(written) | set(already)) - set(in_file)
        if lost:
            problems.append(f"reported but not in the file (lost): {sorted(lost)}")
        extra = set(in_file) - (set(written) | set(already))
        if extra:
            problems.append(f"in the file but reported by no run: {sorted(extra)}")
        print(f"concurrent fuzz: {2 * args.pairs} runs ({args.pairs} pairs) in {wall:.1f} s; "
              f"{len(written)} recorded, {len(already)} already recorded; the file holds "
              f"{len(in_file)} cases ({len(set(in_file))} distinct); lost {len(lost)}")
        for p in problems:
            print(f"  FAIL: {p}")
        return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
