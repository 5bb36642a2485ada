#!/usr/bin/env bash
# Measures TermGrid's grid-bench side by side with the C reference grid on
# ncursesw (its default: line drawing through the alternate character set),
# with ../shared/bench/ptybench.py (bytes and CPU per key in a
# pseudo-terminal) and analyze.py (actual/ideal bytes), then prints a table
# per key class (median CPU, mean bytes) for both.
#
#   bash Benchmarks/run-terminal-bench.sh [results-dir]
#
# GRID_BENCH_BEFORE=/path/to/grid-bench adds an earlier build of grid-bench
# (say, of the commit before a change) to the same run, as a third program.
#
# Three key scripts at 200x60, N = 10,000 and 1,000,000 boxes, lockstep (a
# key, a frame, the next key), the programs alternating; and the first
# script as a 226-key burst. Needs gcc, libncurses-dev, python3 (pyte is
# installed into a venv in the results folder). The C reference is
# reference/grid_ncurses.c (a copy of ../shared/bench/grid_ncurses.c); the
# harness is ../shared/bench (BENCH_DIR).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bench=${BENCH_DIR:-$here/../../shared/bench}
out=${1:-$here/results}
mkdir -p "$out"
scripts=(
  'right*100 down*100 pgdn*25 end'
  'down*30 right*20 pgdn*10 left*20 up*30 pgup*10 end home'
  'pgdn*5 right*7 down*13 end up*9 left*11 pgup*6 home down*40 right*40 left*3 up*2'
)

# grid-bench is a product of the main package (its tests compare its screens
# with the C program's). It is built with the Swift runtime linked in
# (--static-swift-stdlib, as a Swift command-line program is shipped on
# Linux: no symbol look-ups across libswiftCore at start, no calls through
# its PLT per key), into a build folder of its own; GRID_BENCH_LINK=dynamic
# measures the usual build (the runtime as shared libraries) instead.
if [ "${GRID_BENCH_LINK:-static}" = dynamic ]; then
  (cd "$here/.." && swift build -c release --product grid-bench 2>&1 | grep -v "prohibited flag" | tail -1)
  bin=$(cd "$here/.." && swift build -c release --show-bin-path)
else
  (cd "$here/.." && swift build -c release --product grid-bench --static-swift-stdlib --build-path "$here/.build-static" 2>&1 \
    | grep -v "prohibited flag" | tail -1)
  bin=$(cd "$here/.." && swift build -c release --static-swift-stdlib --build-path "$here/.build-static" --show-bin-path)
fi
gcc -O2 -o "$out/grid_ncurses" "$here/reference/grid_ncurses.c" -lncursesw

if [ ! -x "$out/venv/bin/python" ]; then
  python3 -m venv "$out/venv" && "$out/venv/bin/pip" install -q pyte
fi

labels=()
run() {  # label mode keys -- command...
  local label=$1 mode=$2 keys=$3; shift 3
  python3 "$bench/ptybench.py" --cols 200 --rows 60 --keys "$keys" --mode "$mode" \
    --record "$out/$label.bin" --json "$out/$label.json" --label "$label" "$@" > "$out/$label.txt" 2>&1 || true
  labels+=("$label")
}

for n in 10000 1000000; do
  ready=00001; [ "$n" -gt 99999 ] && ready=0000001
  for s in 0 1 2; do
    run "c-$n-s$s" lockstep "${scripts[$s]}" --ready "$ready" -- "$out/grid_ncurses" -n "$n" -m incr
    run "termgrid-$n-s$s" lockstep "${scripts[$s]}" --ready "$ready" -- "$bin/grid-bench" -n "$n"
    if [ -n "${GRID_BENCH_BEFORE:-}" ]; then
      run "before-$n-s$s" lockstep "${scripts[$s]}" --ready "$ready" -- "$GRID_BENCH_BEFORE" -n "$n"
    fi
  done
  run "c-$n-burst" burst "${scripts[0]}" --ready "$ready" -- "$out/grid_ncurses" -n "$n" -m incr
  run "termgrid-$n-burst" burst "${scripts[0]}" --ready "$ready" -- "$bin/grid-bench" -n "$n"
  if [ -n "${GRID_BENCH_BEFORE:-}" ]; then
    run "before-$n-burst" burst "${scripts[0]}" --ready "$ready" -- "$GRID_BENCH_BEFORE" -n "$n"
  fi
done

# Priced after every measurement (analyze.py replays each recording through
# a terminal emulator, a minute or two each): nothing else runs while a
# program is measured. ANALYZE=script1 prices only script 1 and the bursts,
# ANALYZE=none nothing (for repeated runs whose CPU figures are pooled).
for label in "${labels[@]}"; do
  case "${ANALYZE:-all}:$label" in script1:*-s1 | script1:*-s2 | none:*) continue ;; esac
  "$out/venv/bin/python" "$bench/analyze.py" "$out/$label.json" "$out/$label.bin" --json "$out/$label.an.json" \
    > "$out/$label.an.txt" 2>&1 || true
done

python3 - "$out" <<'PY'
import json, statistics, sys, os
out = sys.argv[1]
before = os.path.exists(f"{out}/before-10000-s0.json") and os.environ.get("GRID_BENCH_BEFORE")
def load(label):
    d = json.load(open(f"{out}/{label}.json"))
    an = {}
    try: an = json.load(open(f"{out}/{label}.an.json"))
    except Exception: pass
    return d, an
for n in (10000, 1000000):
    print(f"\n## {n:,} boxes, 200x60 (lockstep; CPU medians over the key presses, bytes means)\n")
    extra = " before CPU µs | before bytes |" if before else ""
    print("| script | key | C CPU µs | TermGrid CPU µs | ratio | C bytes | TermGrid bytes | ratio |" + extra)
    print("| --- | --- | --- | --- | --- | --- | --- | --- |" + (" --- | --- |" if before else ""))
    for s in range(3):
        c, _ = load(f"c-{n}-s{s}"); t, _ = load(f"termgrid-{n}-s{s}")
        def per_key(d):
            k = {}
            for seg in d["segments"][1:]:
                k.setdefault(seg["key"], []).append((seg.get("cpu_us", 0), seg["bytes"]))
            return k
        ck, tk = per_key(c), per_key(t)
        bk = per_key(load(f"before-{n}-s{s}")[0]) if before else {}
        for key in ck:
            cc = statistics.median(x for x, _ in ck[key]); tc = statistics.median(x for x, _ in tk.get(key, [(0, 0)]))
            cb = statistics.mean(b for _, b in ck[key]); tb = statistics.mean(b for _, b in tk.get(key, [(0, 0)]))
            row = f"| {s + 1} | {key} | {cc:.0f} | {tc:.0f} | {tc / cc if cc else 0:.2f} | {cb:.0f} | {tb:.0f} | {tb / cb if cb else 0:.2f} |"
            if before:
                row += f" {statistics.median(x for x, _ in bk.get(key, [(0, 0)])):.0f} | {statistics.mean(b for _, b in bk.get(key, [(0, 0)])):.0f} |"
            print(row)
    print("\n| program | first frame ms | first frame bytes | bytes, all keys (scripts 1/2/3) | burst bytes | actual/ideal (script 1) |")
    print("| --- | --- | --- | --- | --- | --- |")
    for p in ("c", "termgrid") + (("before",) if before else ()):
        runs = [load(f"{p}-{n}-s{s}") for s in range(3)]
        b, _ = load(f"{p}-{n}-burst")
        summ = runs[0][1].get("summary", {}); ratio = f"{summ['ratio_actual_over_ideal']:.2f}" if "ratio_actual_over_ideal" in summ else "-"
        print(f"| {p} | {statistics.median(r[0]['first_frame_ms'] for r in runs):.1f} | {runs[0][0]['first_frame_bytes']} | "
              f"{' / '.join(str(r[0]['bytes_keys']) for r in runs)} | {b['bytes_keys']} | {ratio} |")
PY
