#!/usr/bin/env bash
# Measures TermGrid's grid-bench and book-catalogue side by side with the C
# reference on ncursesw, with ../shared/bench/ptybench.py (bytes and CPU per
# key in a pseudo-terminal) and analyze.py (actual/ideal bytes).
#
#   bash Benchmarks/run-terminal-bench.sh [results-dir]
#
# Needs gcc, libncurses-dev, python3 (pyte is installed into a venv here).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bench=${BENCH_DIR:-$here/../../shared/bench}
out=${1:-$here/results}
mkdir -p "$out"
keys='right*100 down*100 pgdn*25 end'

(cd "$here" && swift build -c release 2>&1 | grep -v "prohibited flag" | tail -1)
bin=$(cd "$here" && swift build -c release --show-bin-path)
(cd "$here/../Examples" && swift build -c release --product book-catalogue 2>&1 | grep -v "prohibited flag" | tail -1)
catbin=$(cd "$here/../Examples" && swift build -c release --show-bin-path)/book-catalogue
gcc -O2 -o "$out/grid_ncurses" "$bench/grid_ncurses.c" -lncursesw

if [ ! -x "$out/venv/bin/python" ]; then
  python3 -m venv "$out/venv" && "$out/venv/bin/pip" install -q pyte
fi

run() {  # label mode n -- command...
  local label=$1 mode=$2; shift 2
  python3 "$bench/ptybench.py" --cols 200 --rows 60 --keys "$keys" --mode "$mode" \
    --record "$out/$label.bin" --json "$out/$label.json" --label "$label" "$@" > "$out/$label.txt" 2>&1 || true
  "$out/venv/bin/python" "$bench/analyze.py" "$out/$label.json" "$out/$label.bin" --json "$out/$label.an.json" \
    > "$out/$label.an.txt" 2>&1 || true
  echo "== $label"; tail -n 25 "$out/$label.txt"; tail -n 8 "$out/$label.an.txt"
}

for n in 10000 1000000; do
  ready=00001; [ "$n" -gt 99999 ] && ready=0000001
  run "c-incr-$n" lockstep --ready "$ready" -- "$out/grid_ncurses" -n "$n" -m incr -w
  run "termgrid-$n" lockstep --ready "$ready" -- "$bin/grid-bench" -n "$n"
  run "c-incr-$n-burst" burst --ready "$ready" -- "$out/grid_ncurses" -n "$n" -m incr -w
  run "termgrid-$n-burst" burst --ready "$ready" -- "$bin/grid-bench" -n "$n"
done

"$bin/catalogue-gen" -n 10000 > "$out/books-10000.csv"
run "catalogue-10000" lockstep --ready "books" --key-timeout 0.5 -- "$catbin" --data "$out/books-10000.csv"
