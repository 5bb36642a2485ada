#!/usr/bin/env python3
"""How long the book catalogue takes to open, and how much memory.

    python3 Benchmarks/catalogue-open.py [--sizes 10000,100000,1000000] [--runs 3]

Builds catalogue-gen (here) and book-catalogue (../Examples) in release,
generates each catalogue once (deterministic, Goodreads columns) into
.catalogues/, then for each size starts book-catalogue on a 200x60
pseudo-terminal and times it from the start until its status line
("N books · ...") has been written: the first frame. Peak memory is the
process's maximum resident set (wait4). `--export` is timed too (the load,
regrouping and the atomic write). Prints the best and worst of the runs.
"""
import argparse, fcntl, os, pty, select, struct, subprocess, sys, termios, time

here = os.path.dirname(os.path.abspath(__file__))


def build():
    subprocess.run(["swift", "build", "-c", "release", "--product", "catalogue-gen"], cwd=here, check=True,
                   stdout=subprocess.DEVNULL)
    subprocess.run(["swift", "build", "-c", "release", "--product", "book-catalogue"], cwd=os.path.join(here, "..", "Examples"),
                   check=True, stdout=subprocess.DEVNULL)
    gen = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=here, check=True,
                         capture_output=True, text=True).stdout.strip() + "/catalogue-gen"
    app = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=os.path.join(here, "..", "Examples"),
                         check=True, capture_output=True, text=True).stdout.strip() + "/book-catalogue"
    return gen, app


def first_frame(app, data):
    start = time.monotonic()
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.update(TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
        os.execv(app, [app, "--data", data])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 60, 200, 0, 0))
    out = b""
    while b" books \xc2\xb7 " not in out:
        ready, _, _ = select.select([fd], [], [], 60)
        if not ready:
            raise SystemExit("no first frame within 60 s")
        try:
            out += os.read(fd, 65536)
        except OSError:
            raise SystemExit("book-catalogue ended before its first frame")
    elapsed = time.monotonic() - start
    os.write(fd, b"q")
    while True:  # drain until it exits
        ready, _, _ = select.select([fd], [], [], 5)
        if not ready:
            break
        try:
            if not os.read(fd, 65536):
                break
        except OSError:
            break
    _, _, usage = os.wait4(pid, 0)
    return elapsed, usage.ru_maxrss / 1024


def export(app, data, target):
    start = time.monotonic()
    subprocess.run([app, "--data", data, "--export", target], check=True)
    return time.monotonic() - start


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--sizes", default="10000,100000,1000000")
    p.add_argument("--runs", type=int, default=3)
    args = p.parse_args()
    gen, app = build()
    folder = os.path.join(here, ".catalogues")
    os.makedirs(folder, exist_ok=True)
    print("| books (file) | first frame | its peak memory | --export |")
    print("| --- | --- | --- | --- |")
    for n in [int(s) for s in args.sizes.split(",")]:
        data = os.path.join(folder, f"books-{n}.csv")
        if not os.path.exists(data):
            with open(data, "wb") as f:
                subprocess.run([gen, "-n", str(n)], stdout=f, check=True)
        frames = [first_frame(app, data) for _ in range(args.runs)]
        exports = [export(app, data, os.path.join(folder, "export.csv")) for _ in range(args.runs)]
        times = sorted(t for t, _ in frames)
        memory = max(m for _, m in frames)
        size = os.path.getsize(data) / 1e6
        print(f"| {n:,} ({size:.1f} MB) | {times[0]:.3f}-{times[-1]:.3f} s | {memory:.0f} MB | "
              f"{min(exports):.2f}-{max(exports):.2f} s |")
        sys.stdout.flush()


main()
