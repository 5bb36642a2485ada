#!/usr/bin/env python3
"""Where grid-bench's work goes: instructions per highlight move and per start, and the
first frame's CPU and page faults, for one or more grid-bench builds beside the C reference.

    python3 Benchmarks/grid-bench-profile.py --binary before=PATH --binary after=PATH [--out DIR]

For each program (each --binary and the C reference, built here from
reference/grid_ncurses.c): under `valgrind --tool=callgrind` in a 200x60
pseudo-terminal (../shared/bench/ptybench.py), `right*20` and `right*120` at
10,000 boxes (their difference over 100 is a highlight move's instructions;
the same for every machine) and a start without keys at 1,000,000 boxes (the
first frame and `q`); then, when `perf` works, 8 starts of each program
alternating under `perf stat` (task-clock and page faults of a start to `q`).
Prints a table, and for each grid-bench the functions that run the most
instructions per highlight move (self cost). Needs valgrind (callgrind_annotate),
optionally perf, gcc, libncurses-dev, swift (demangle). Run it with nothing else
on the machine for the perf figures (under a build lock on a shared machine);
the instruction counts do not depend on the load. The callgrind files stay in
DIR for `callgrind_annotate`.
"""
import argparse
import collections
import os
import re
import shutil
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def ptybench(bench, keys, boxes, out_json, command):
    ready = "0000001" if boxes > 99_999 else "00001"
    args = [sys.executable, os.path.join(bench, "ptybench.py"), "--cols", "200", "--rows", "60", "--keys", keys,
            "--mode", "lockstep", "--ready", ready, "--first-timeout", "300", "--key-timeout", "60",
            "--json", out_json, "--"] + command + ["-n", str(boxes)]
    subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)


def has_total(cg):
    return os.path.exists(cg) and any(line.startswith(("summary:", "totals:")) for line in open(cg))


def total(cg):
    for line in open(cg):
        if line.startswith(("summary:", "totals:")):
            return int(line.split()[1])
    raise SystemExit(f"no totals in {cg}")


def self_costs(cg):
    out = subprocess.run(["callgrind_annotate", "--tree=none", "--auto=no", "--threshold=100", "--inclusive=no", cg],
                         capture_output=True, text=True, check=True).stdout
    costs = collections.Counter()
    for line in out.split("\n"):
        m = re.match(r"\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+(\S.*)$", line)
        if m and ":" in m.group(2) and "PROGRAM TOTALS" not in line and not m.group(2).startswith("=>"):
            costs[re.sub(r"\s+\[[^\]]*\]$", "", m.group(2))] += int(m.group(1).replace(",", ""))
    return costs


def perf_stat(command, boxes, bench, path):
    ptybench(bench, "", boxes, os.devnull,
             ["perf", "stat", "-x,", "-o", path, "-e", "task-clock,page-faults"] + command)
    values = {}
    for line in open(path):
        parts = line.split(",")
        if len(parts) > 3:
            try:
                values[parts[2]] = float(parts[0])
            except ValueError:
                pass
    return values


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--binary", action="append", required=True, help="NAME=PATH of a grid-bench build")
    p.add_argument("--out", default=os.path.join(HERE, "results", "profile"))
    p.add_argument("--bench-dir", default=os.environ.get("BENCH_DIR", os.path.join(HERE, "..", "..", "shared", "bench")))
    p.add_argument("--starts", type=int, default=8)
    p.add_argument("--top", type=int, default=15)
    args = p.parse_args()
    os.makedirs(args.out, exist_ok=True)
    c_bin = os.path.join(args.out, "grid_ncurses")
    subprocess.run(["gcc", "-O2", "-g", "-o", c_bin, os.path.join(HERE, "reference", "grid_ncurses.c"), "-lncursesw"],
                   check=True)
    programs = [(name, [os.path.abspath(path)]) for name, path in (b.split("=", 1) for b in args.binary)]
    programs.append(("C", [c_bin, "-m", "incr"]))
    rows = {}
    for name, command in programs:
        cg = {}
        for label, keys, boxes in (("r20", "right*20", 10_000), ("r120", "right*120", 10_000), ("start", "", 1_000_000)):
            cg[label] = os.path.join(args.out, f"{name}-{label}.cg")
            ptybench(args.bench_dir, keys, boxes, os.path.join(args.out, f"{name}-{label}.json"),
                     ["valgrind", "--tool=callgrind", f"--callgrind-out-file={cg[label]}"] + command)
            if not has_total(cg[label]) and name != "C":
                # Valgrind gives up on the debug information of some static
                # builds ("possibly corrupted debuginfo"): a copy without it
                # keeps the symbols (functions, without files).
                stripped = os.path.join(args.out, f"{name}.stripped")
                if not os.path.exists(stripped):
                    subprocess.run(["objcopy", "--strip-debug", command[0], stripped], check=True)
                ptybench(args.bench_dir, keys, boxes, os.path.join(args.out, f"{name}-{label}.json"),
                         ["valgrind", "--tool=callgrind", f"--callgrind-out-file={cg[label]}", stripped] + command[1:])
        rows[name] = {"move": (total(cg["r120"]) - total(cg["r20"])) / 100, "start": total(cg["start"]), "cg": cg}
    perf = shutil.which("perf") is not None
    if perf:
        stats = collections.defaultdict(lambda: collections.defaultdict(list))
        for i in range(args.starts):
            for name, command in programs:
                v = perf_stat(command, 1_000_000, args.bench_dir, os.path.join(args.out, f"{name}-perf-{i}.txt"))
                for k, x in v.items():
                    stats[name][k].append(x)
    print("\n| program | instructions per highlight move | instructions of a start (first frame, q) |"
          + (" CPU of a start (median, range) | page faults |" if perf else ""))
    print("| --- | --- | --- |" + (" --- | --- |" if perf else ""))
    for name, _ in programs:
        r = rows[name]
        line = f"| {name} | {r['move'] / 1000:.1f} k | {r['start'] / 1e6:.2f} M |"
        if perf and stats[name]["task-clock"]:
            tc = stats[name]["task-clock"]
            line += (f" {statistics.median(tc):.2f} ms ({min(tc):.2f}-{max(tc):.2f}) |"
                     f" {statistics.median(stats[name]['page-faults']):.0f} |")
        print(line)
    for name, _ in programs[:-1]:
        r = rows[name]
        a, b = self_costs(r["cg"]["r20"]), self_costs(r["cg"]["r120"])
        per = collections.Counter({k: (b[k] - a.get(k, 0)) / 100 for k in b})
        top = per.most_common(args.top)
        names = subprocess.run(["swift", "demangle", "--simplified"], input="\n".join(k for k, _ in top),
                               capture_output=True, text=True).stdout.split("\n")
        print(f"\n{name}: the functions that run the most instructions per highlight move (self cost)\n")
        print("| instructions | share | function |")
        print("| --- | --- | --- |")
        for (k, v), shown in zip(top, names):
            shown = re.sub(r"^.*?/(Sources|Examples)/", r"\1/", shown.strip())
            print(f"| {v:,.0f} | {100 * v / r['move']:.1f}% | {shown[:160]} |")


if __name__ == "__main__":
    main()
