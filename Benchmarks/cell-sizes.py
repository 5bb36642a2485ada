#!/usr/bin/env python3
"""What a terminal's word on its cell size costs image-grid: peak memory,
CPU and how it ended, when the terminal says its cells are far larger than
any terminal's, in a 120x40 pseudo-terminal under a data limit.

    python3 Benchmarks/cell-sizes.py --binary new=Examples/.build/release/image-grid \\
        [--binary old=/path/to/an/older/image-grid] [--limit-mb 1024] [--copies 10] [--runs 1]

The cases (those of the issue, and one a terminal has):
- the answer to the picture queries says a cell of 10,000 x 10,000 pixels
  (xterm as a VT340: sixel), 999,999,999 each way (kitty 0.35), 1,000 x
  2,000 (sixel), 200 x 400 (sixel; kitty 0.26);
- the window's size in pixels says 65,535 x 65,535, or cells of 200 x 400
  (24,000 x 16,000), with TERMGRID_PICTURES=sixel;
- a cell of 10 x 20 by the answer (sixel): the ordinary case.

Each binary runs on a folder of scikit-image's sample photographs
(scripts/sample-photos) copied --copies times, under `ulimit -d`
(--limit-mb). The answers are written when the program asks (its DA1 query,
ESC [ c); then the first screen is waited out (the output quiet for a
second, at most 60 s), Enter opens the large view, Esc closes it, each
waited out, and q ends it. Reported: how it ended (its status, or the
signal), peak resident memory (wait4's ru_maxrss), CPU time (user +
system) and the time from the answer until the screen was quiet.
"""
import argparse, fcntl, os, pty, select, shutil, signal, struct, subprocess, sys, termios, time

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.join(here, "..")

XTERM = "\x1bP>|XTerm(379)\x1b\\"
XTERM_DA1 = "\x1b[?63;1;2;4;6;9;15;22c"
KITTY_OK = "\x1b_Gi=31;OK\x1b\\"

# (name, answer to the queries or None, window pixels or None, environment)
CASES = [
    ("reply 10000 x 10000, sixel", XTERM + "\x1b[6;10000;10000t" + XTERM_DA1, None, {}),
    ("reply 999999999 each way, kitty", "\x1bP>|kitty(0.35.2)\x1b\\" + KITTY_OK + "\x1b[6;999999999;999999999t\x1b[?62;c", None, {}),
    ("reply 1000 x 2000, sixel", XTERM + "\x1b[6;2000;1000t" + XTERM_DA1, None, {}),
    ("reply 200 x 400, sixel", XTERM + "\x1b[6;400;200t" + XTERM_DA1, None, {}),
    ("reply 200 x 400, kitty 0.26", "\x1bP>|kitty(0.26.5)\x1b\\" + KITTY_OK + "\x1b[6;400;200t\x1b[?62;c", None, {}),
    ("window 65535 x 65535 px, sixel forced", None, (65535, 65535), {"TERMGRID_PICTURES": "sixel"}),
    ("window of 200 x 400 cells, sixel forced", None, (24000, 16000), {"TERMGRID_PICTURES": "sixel"}),
    ("reply 10 x 20, sixel (a real cell)", XTERM + "\x1b[6;20;10t" + XTERM_DA1, None, {}),
]


class Session:
    def __init__(self, binary, folder, limit_mb, window, environment):
        self.output = bytearray()
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, *(window or (0, 0))))
            os.environ.update(TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
            os.environ.pop("TERMGRID_PICTURES", None)
            os.environ.update(environment)
            os.execv("/bin/sh", ["/bin/sh", "-c", f'ulimit -d {limit_mb * 1024}; exec "$0" "$1"', binary, folder])

    def read(self, timeout):
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return False
        try:
            data = os.read(self.fd, 1 << 16)
        except OSError:
            data = b""
        if not data:
            raise EOFError
        self.output += data
        return True

    def wait_for(self, needle, timeout):
        deadline = time.monotonic() + timeout
        while needle not in self.output and time.monotonic() < deadline:
            self.read(0.05)
        return needle in self.output

    def quiet(self, gap=1.0, limit=60.0):
        """Reads until nothing comes for `gap` seconds (at most `limit`): the time until the last byte."""
        t0 = time.monotonic()
        last = t0
        while time.monotonic() - t0 < limit:
            if not self.read(gap):
                break
            last = time.monotonic()
        return last - t0

    def finish(self):
        try:
            os.write(self.fd, b"q")
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                self.read(0.5)
        except (EOFError, OSError):
            pass
        # The output ends a moment before the process can be waited for
        # (its other threads are still being ended): give it 10 s.
        deadline = time.monotonic() + 10
        pid, status, usage = os.wait4(self.pid, os.WNOHANG)
        while pid == 0 and time.monotonic() < deadline:
            time.sleep(0.05)
            pid, status, usage = os.wait4(self.pid, os.WNOHANG)
        if pid == 0:
            os.kill(self.pid, signal.SIGKILL)
            _, status, usage = os.wait4(self.pid, 0)
            ended = "still running after q (killed)"
        elif os.WIFSIGNALED(status):
            ended = signal.Signals(os.WTERMSIG(status)).name
        else:
            ended = f"status {os.WEXITSTATUS(status)}"
        os.close(self.fd)
        return ended, usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime


def measure(binary, folder, limit_mb, case):
    _, answer, window, environment = case
    s = Session(binary, folder, limit_mb, window, environment)
    drawn = float("nan")
    try:
        if answer is not None:
            if s.wait_for(b"\x1b[c", 30):
                os.write(s.fd, answer.encode())
        drawn = s.quiet()
        for key in (b"\r", b"\x1b"):
            os.write(s.fd, key)
            s.quiet()
    except (EOFError, OSError):
        pass
    ended, memory, cpu = s.finish()
    pixels = b"\x1bP0;1;0q" in s.output or b"\x1b_Ga=" in s.output
    return ended, memory, cpu, drawn, pixels


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--binary", action="append", required=True, help="NAME=PATH")
    p.add_argument("--limit-mb", type=int, default=1024)
    p.add_argument("--copies", type=int, default=10)
    p.add_argument("--runs", type=int, default=1)
    args = p.parse_args()
    binaries = [b.split("=", 1) for b in args.binary]
    photos = subprocess.run([os.path.join(root, "scripts", "sample-photos")], check=True, capture_output=True, text=True).stdout.strip()
    folder = os.path.join(here, ".pictures", f"photos-{args.copies}")
    if not os.path.exists(folder):
        os.makedirs(folder)
        samples = sorted(f for f in os.listdir(photos) if not f.startswith("."))
        for c in range(args.copies):
            for f in samples:
                shutil.copy(os.path.join(photos, f), os.path.join(folder, f"{c:03d}-{f}"))
    print(f"image-grid, 120x40, {len(os.listdir(folder))} photographs, ulimit -d {args.limit_mb} MB, {args.runs} run(s)")
    print("| case | image-grid | ended | peak memory | CPU | answer to quiet screen | pixels written |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for case in CASES:
        for _ in range(args.runs):
            for name, binary in binaries:
                ended, memory, cpu, drawn, pixels = measure(binary, folder, args.limit_mb, case)
                print(f"| {case[0]} | {name} | {ended} | {memory:.0f} MB | {cpu:.1f} s | {drawn:.1f} s | {'yes' if pixels else 'no'} |")
                sys.stdout.flush()


main()
