#!/usr/bin/env python3
"""Pools several runs of run-terminal-bench.sh by key class.

    python3 pool-terminal-bench.py RESULTS_DIR [RESULTS_DIR ...]

For each size (10,000 and 1,000,000 boxes) and each key script, every
press is put in a class: a highlight move (left, right; up and down within
the page), a one-row scroll (up or down at the page's edge: the C program
writes a whole row then), a page (pgdn, pgup), end or home. The presses of
the two programs are the same presses (same script, same states), so a
press's class is read from the C program's bytes for it. Each run gives a
median CPU per class, program, size and script; the table shows the median
of those over the runs (the range after it) and the ratio TermGrid / C of
the medians, and the mean bytes per press (exact; the same in every run).
"""
import json
import statistics
import sys


def press_class(key, c_bytes):
    if key in ("left", "right"):
        return "highlight move"
    if key in ("up", "down"):
        return "one-row scroll" if c_bytes > 700 else "highlight move"
    if key in ("pgdn", "pgup"):
        return "page"
    return "end, home"


def main(dirs):
    classes = ["highlight move", "one-row scroll", "page", "end, home"]
    for n in (10000, 1000000):
        print(f"\n## {n:,} boxes, 200x60: median over {len(dirs)} runs of each run's median CPU per press (range)\n")
        print("| script | key class | presses | C CPU µs | TermGrid CPU µs | CPU ratio | C bytes | TermGrid bytes | bytes ratio |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
        for s in range(3):
            per_run = {k: {"c": [], "t": []} for k in classes}
            presses = {}
            bytes_ = {k: {"c": [], "t": []} for k in classes}
            for d in dirs:
                try:
                    c = json.load(open(f"{d}/c-{n}-s{s}.json"))
                    t = json.load(open(f"{d}/termgrid-{n}-s{s}.json"))
                except (OSError, ValueError):
                    continue
                cpu = {k: {"c": [], "t": []} for k in classes}
                for cs, ts in zip(c["segments"][1:], t["segments"][1:]):
                    if cs["key"] != ts["key"]:
                        raise SystemExit(f"{d}: the two programs' presses differ")
                    k = press_class(cs["key"], cs["bytes"])
                    cpu[k]["c"].append(cs.get("cpu_us", 0))
                    cpu[k]["t"].append(ts.get("cpu_us", 0))
                    if d == dirs[0]:
                        bytes_[k]["c"].append(cs["bytes"])
                        bytes_[k]["t"].append(ts["bytes"])
                for k in classes:
                    if cpu[k]["c"]:
                        presses[k] = len(cpu[k]["c"])
                        for p in ("c", "t"):
                            per_run[k][p].append(statistics.median(cpu[k][p]))
            for k in classes:
                if not per_run[k]["c"]:
                    continue
                cm, tm = statistics.median(per_run[k]["c"]), statistics.median(per_run[k]["t"])
                cr = f"{min(per_run[k]['c']):.0f}-{max(per_run[k]['c']):.0f}"
                tr = f"{min(per_run[k]['t']):.0f}-{max(per_run[k]['t']):.0f}"
                cb, tb = statistics.mean(bytes_[k]["c"]), statistics.mean(bytes_[k]["t"])
                print(
                    f"| {s + 1} | {k} | {presses[k]} | {cm:.0f} ({cr}) | {tm:.0f} ({tr}) | {tm / cm:.2f} "
                    f"| {cb:.0f} | {tb:.0f} | {tb / cb:.2f} |"
                )
        firsts = {"c": [], "t": []}
        for d in dirs:
            for s in range(3):
                for p, name in (("c", "c"), ("t", "termgrid")):
                    try:
                        firsts[p].append(json.load(open(f"{d}/{name}-{n}-s{s}.json"))["first_frame_ms"])
                    except (OSError, ValueError, KeyError):
                        pass
        if firsts["c"] and firsts["t"]:
            c, t = statistics.median(firsts["c"]), statistics.median(firsts["t"])
            print(
                f"\nFirst frame ({len(firsts['c'])} starts each): C {c:.1f} ms ({min(firsts['c']):.1f}-{max(firsts['c']):.1f}), "
                f"TermGrid {t:.1f} ms ({min(firsts['t']):.1f}-{max(firsts['t']):.1f}), ratio {t / c:.2f}"
            )


if __name__ == "__main__":
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    main(sys.argv[1:])
