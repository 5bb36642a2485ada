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
When the runs hold an earlier grid-bench too (run-terminal-bench.sh with
GRID_BENCH_BEFORE), its CPU, ratio and bytes follow in three more columns.
"""
import json
import os
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
    before = any(os.path.exists(f"{d}/before-10000-s0.json") for d in dirs)
    programs = ("c", "t", "b") if before else ("c", "t")
    for n in (10000, 1000000):
        print(f"\n## {n:,} boxes, 200x60: median over {len(dirs)} runs of each run's median CPU per press (range)\n")
        extra = " before CPU µs | before CPU ratio | before bytes |" if before else ""
        print("| script | key class | presses | C CPU µs | TermGrid CPU µs | CPU ratio | C bytes | TermGrid bytes | bytes ratio |" + extra)
        print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |" + (" --- | --- | --- |" if before else ""))
        for s in range(3):
            per_run = {k: {p: [] for p in programs} for k in classes}
            presses = {}
            bytes_ = {k: {p: [] for p in programs} for k in classes}
            for d in dirs:
                try:
                    c = json.load(open(f"{d}/c-{n}-s{s}.json"))
                    t = json.load(open(f"{d}/termgrid-{n}-s{s}.json"))
                    b = json.load(open(f"{d}/before-{n}-s{s}.json")) if before else t
                except (OSError, ValueError):
                    continue
                cpu = {k: {p: [] for p in programs} for k in classes}
                for cs, ts, bs in zip(c["segments"][1:], t["segments"][1:], b["segments"][1:]):
                    if cs["key"] != ts["key"] or cs["key"] != bs["key"]:
                        raise SystemExit(f"{d}: the programs' presses differ")
                    k = press_class(cs["key"], cs["bytes"])
                    for p, seg in zip(programs, (cs, ts, bs)):
                        cpu[k][p].append(seg.get("cpu_us", 0))
                        if d == dirs[0]:
                            bytes_[k][p].append(seg["bytes"])
                for k in classes:
                    if cpu[k]["c"]:
                        presses[k] = len(cpu[k]["c"])
                        for p in programs:
                            per_run[k][p].append(statistics.median(cpu[k][p]))
            for k in classes:
                if not per_run[k]["c"]:
                    continue
                cm, tm = statistics.median(per_run[k]["c"]), statistics.median(per_run[k]["t"])
                cr = f"{min(per_run[k]['c']):.0f}-{max(per_run[k]['c']):.0f}"
                tr = f"{min(per_run[k]['t']):.0f}-{max(per_run[k]['t']):.0f}"
                cb, tb = statistics.mean(bytes_[k]["c"]), statistics.mean(bytes_[k]["t"])
                row = (
                    f"| {s + 1} | {k} | {presses[k]} | {cm:.0f} ({cr}) | {tm:.0f} ({tr}) | {tm / cm:.2f} "
                    f"| {cb:.0f} | {tb:.0f} | {tb / cb:.2f} |"
                )
                if before:
                    bm = statistics.median(per_run[k]["b"])
                    br = f"{min(per_run[k]['b']):.0f}-{max(per_run[k]['b']):.0f}"
                    row += f" {bm:.0f} ({br}) | {bm / cm:.2f} | {statistics.mean(bytes_[k]['b']):.0f} |"
                print(row)
        firsts = {p: [] for p in programs}
        for d in dirs:
            for s in range(3):
                for p, name in (("c", "c"), ("t", "termgrid"), ("b", "before"))[: len(programs)]:
                    try:
                        firsts[p].append(json.load(open(f"{d}/{name}-{n}-s{s}.json"))["first_frame_ms"])
                    except (OSError, ValueError, KeyError):
                        pass
        if firsts["c"] and firsts["t"]:
            c, t = statistics.median(firsts["c"]), statistics.median(firsts["t"])
            print(
                f"\nFirst frame ({len(firsts['c'])} starts each): C {c:.1f} ms ({min(firsts['c']):.1f}-{max(firsts['c']):.1f}), "
                f"TermGrid {t:.1f} ms ({min(firsts['t']):.1f}-{max(firsts['t']):.1f}), ratio {t / c:.2f}"
                + (
                    f"; before {statistics.median(firsts['b']):.1f} ms "
                    f"({min(firsts['b']):.1f}-{max(firsts['b']):.1f}), ratio {statistics.median(firsts['b']) / c:.2f}"
                    if before and firsts["b"]
                    else ""
                )
            )


if __name__ == "__main__":
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    main(sys.argv[1:])
