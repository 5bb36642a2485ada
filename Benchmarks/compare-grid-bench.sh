#!/usr/bin/env bash
# grid-bench before and after a change, side by side with the C reference
# (its default, line drawing through the alternate character set, and -w,
# UTF-8 box characters as TermGrid writes them),
# in one run: each program twice, alternating, at 10,000 and 1,000,000
# boxes, 200x60, keys `right*100 down*100 pgdn*25 end`, lockstep.
#
#   bash Benchmarks/compare-grid-bench.sh BASELINE_GRID_BENCH [results-dir]
#
# BASELINE_GRID_BENCH is a grid-bench built (release) from the earlier
# commit, e.g. from a `git worktree` of it. Prints a table of first frame,
# bytes and CPU per key; the recordings go to results-dir.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bench=${BENCH_DIR:-$here/../../shared/bench}
baseline=$1
out=${2:-$here/results/compare}
mkdir -p "$out"
keys='right*100 down*100 pgdn*25 end'
(cd "$here/.." && swift build -c release --product grid-bench 2>&1 | grep -v "prohibited flag" | tail -1)
current=$(cd "$here/.." && swift build -c release --show-bin-path)/grid-bench
gcc -O2 -o "$out/grid_ncurses" "$here/reference/grid_ncurses.c" -lncursesw

run() {  # label ready -- command...
  local label=$1 ready=$2; shift 2
  python3 "$bench/ptybench.py" --cols 200 --rows 60 --keys "$keys" --mode lockstep \
    --ready "$ready" --json "$out/$label.json" --label "$label" "$@" > "$out/$label.txt" 2>&1 || true
}

for round in 1 2; do
  for n in 10000 1000000; do
    ready=00001; [ "$n" -gt 99999 ] && ready=0000001
    run "c-$n-$round" "$ready" -- "$out/grid_ncurses" -n "$n" -m incr
    run "c-utf8-$n-$round" "$ready" -- "$out/grid_ncurses" -n "$n" -m incr -w
    run "before-$n-$round" "$ready" -- "$baseline" -n "$n"
    run "after-$n-$round" "$ready" -- "$current" -n "$n"
  done
done

python3 - "$out" <<'PY'
import json, glob, os, sys
d = sys.argv[1]
print(f"{'run':20} {'first ms':>8} {'first B':>8} {'keys B':>8} {'CPU keys ms':>11} {'right µs':>8} {'down µs':>8} {'pgdn µs':>8}")
for f in sorted(glob.glob(os.path.join(d, '*.json'))):
    j = json.load(open(f)); k = j.get('by_key', {})
    cpu = lambda name: k.get(name, {}).get('cpu_us_mean', float('nan'))
    print(f"{j['label']:20} {j['first_frame_ms']:8.1f} {j['first_frame_bytes']:8} {j['bytes_keys']:8} "
          f"{j.get('per_key_cpu_us', {}).get('sum', float('nan')) / 1000:11.1f} {cpu('right'):8.0f} {cpu('down'):8.0f} {cpu('pgdn'):8.0f}")
PY
