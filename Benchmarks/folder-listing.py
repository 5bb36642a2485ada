#!/usr/bin/env python3
"""How long image-grid takes to list a folder of pictures: its first frame.

    python3 Benchmarks/folder-listing.py --apps before=PATH,after=PATH [--counts 5000,100000] [--runs 3]

Builds nothing: give the image-grid binaries to compare (`label=path`,
comma-separated; a debug build is what `swift run` makes, and where the
listing was 25 times slower). Folders of small generated pictures (16 or 32
pixels wide: the listing reads names and sizes, not pixels) are made once
into .pictures/ by picture-folder-gen (release, built here). Each program
starts on a 200x60 pseudo-terminal (TERM=xterm-256color); the time is from
the start until its status line ("N pictures · ...") has been written.
The programs alternate; prints the best and worst of the runs.
"""
import argparse, fcntl, os, pty, select, struct, subprocess, sys, termios, time

here = os.path.dirname(os.path.abspath(__file__))


def first_frame(app, folder):
    start = time.monotonic()
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.update(TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
        os.execv(app, [app, folder])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 60, 200, 0, 0))
    out = b""
    while b" pictures \xc2\xb7 " not in out:
        ready, _, _ = select.select([fd], [], [], 600)
        if not ready:
            raise SystemExit("no first frame within 600 s")
        try:
            out += os.read(fd, 65536)
        except OSError:
            raise SystemExit("image-grid ended before its first frame")
    elapsed = time.monotonic() - start
    os.write(fd, b"q")
    while True:  # drain until it exits
        ready, _, _ = select.select([fd], [], [], 10)
        if not ready:
            break
        try:
            if not os.read(fd, 65536):
                break
        except OSError:
            break
    os.waitpid(pid, 0)
    os.close(fd)
    return elapsed


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--apps", required=True)
    p.add_argument("--counts", default="5000,100000")
    p.add_argument("--runs", type=int, default=3)
    args = p.parse_args()
    apps = [tuple(a.split("=", 1)) for a in args.apps.split(",")]
    subprocess.run(["swift", "build", "-c", "release", "--product", "picture-folder-gen"], cwd=here, check=True,
                   stdout=subprocess.DEVNULL)
    gen = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=here, check=True,
                         capture_output=True, text=True).stdout.strip() + "/picture-folder-gen"
    print("| pictures | " + " | ".join(label for label, _ in apps) + " |")
    print("| --- |" + " --- |" * len(apps))
    for n in [int(c) for c in args.counts.split(",")]:
        folder = os.path.join(here, ".pictures", f"small-{n}")
        if not os.path.isdir(folder):
            subprocess.run([gen, str(n), folder, "16" if n > 10000 else "32"], check=True, stdout=subprocess.DEVNULL)
        times = {label: [] for label, _ in apps}
        for _ in range(args.runs):
            for label, app in apps:
                times[label].append(first_frame(app, folder))
        cells = [f"{min(times[label]):.2f}-{max(times[label]):.2f} s" for label, _ in apps]
        print(f"| {n:,} | " + " | ".join(cells) + " |")
        sys.stdout.flush()


main()
