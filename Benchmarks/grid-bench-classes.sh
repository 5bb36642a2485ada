#!/usr/bin/env bash
# grid-bench against the C reference in one run, every key class: what
# issue 33's "Done when" asks for. At 10,000 and 1,000,000 boxes, 200x60,
# three key scripts mixing all eight keys, lockstep, the programs
# alternating (run-terminal-bench.sh), then the presses pooled by class
# (pool-terminal-bench.py: highlight move, one-row scroll, page, end/home)
# with the CPU ratio to C, the bytes, and the first frame.
#
#   bash Benchmarks/grid-bench-classes.sh [results-dir]
#
# GRID_BENCH_BEFORE=/path/to/an/earlier/grid-bench adds that build to the
# same run (before and after side by side); BENCH_DIR is the harness
# folder (default ../shared/bench beside the repository); ANALYZE=script1
# or all also prices the recordings with analyze.py (actual/ideal bytes;
# none by default: minutes per recording). Run it with nothing else on the
# machine (on a shared machine, under its build lock): the CPU figures are
# the machine's. Writes run-terminal-bench.txt and classes.txt into the
# results folder and prints both.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here/results/classes}
mkdir -p "$out"
out=$(cd "$out" && pwd)
ANALYZE=${ANALYZE:-none} bash "$here/run-terminal-bench.sh" "$out" > "$out/run-terminal-bench.txt"
python3 "$here/pool-terminal-bench.py" "$out" > "$out/classes.txt"
cat "$out/run-terminal-bench.txt" "$out/classes.txt"
