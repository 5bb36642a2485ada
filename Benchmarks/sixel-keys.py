#!/usr/bin/env python3
"""How long a key waits when pictures are sixel: image-grid (release) on a
folder of sample photographs in a pseudo-terminal of 120x40 cells whose
window size says how large a cell is, TERMGRID_PICTURES=sixel. Once the
first screen's thumbnails are all drawn (the output quiet for 0.5 s), each
key of a script of focus moves (Right x12, Down x6, Up x6: the Downs and
Ups scroll, so every row is written again) is typed alone and waited out:
the time until the program's first byte for it (the key handled and its
frame on its way) and until its last (its pictures drawn), medians and
worst over the keys. Several programs are measured side by side,
alternating, in one run (an earlier build of image-grid beside this one).

    python3 Benchmarks/sixel-keys.py [--cells 10x20,40x80] [--load] [--runs 2]
        [--keys right*12,down*6,up*6] [--trace] PROGRAM [PROGRAM ...]

--load keeps the machine's other core busy (a process spinning) while
measuring. --keys gives another script (right, left, up, down, pgdn, pgup,
home, end, enter, esc, each with *N). --trace prints each key's two times
and bytes to standard error. The photographs are scikit-image's samples
(scripts/sample-photos) copied --copies times.
"""
import argparse, fcntl, os, pty, select, shutil, signal, struct, subprocess, sys, termios, time

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.join(here, "..")

NAMED = {
    "right": b"\x1b[C", "left": b"\x1b[D", "up": b"\x1b[A", "down": b"\x1b[B", "pgdn": b"\x1b[6~", "pgup": b"\x1b[5~",
    "home": b"\x1b[H", "end": b"\x1b[F", "enter": b"\r", "esc": b"\x1b",
}


def parse_keys(text):
    """right*12,down*6 -> the bytes of each key, in order."""
    keys = []
    for part in text.split(","):
        name, _, count = part.strip().partition("*")
        keys += [NAMED[name]] * int(count or 1)
    return keys


KEYS = []
TRACE = False


class Session:
    def __init__(self, argv, cell):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 120 * cell[0], 40 * cell[1]))
            os.environ.update(TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8", TERMGRID_PICTURES="sixel")
            os.execv(argv[0], argv)

    def quiet(self, gap):
        """Reads until nothing comes for `gap` seconds: (time of the first byte, of the last, bytes)."""
        first = last = None
        total = 0
        while True:
            ready, _, _ = select.select([self.fd], [], [], gap)
            if not ready:
                return first, last, total
            data = os.read(self.fd, 1 << 16)
            now = time.monotonic()
            first = first or now
            last = now
            total += len(data)

    def finish(self):
        os.write(self.fd, b"q")
        while True:
            ready, _, _ = select.select([self.fd], [], [], 5)
            if not ready:
                break
            try:
                if not os.read(self.fd, 1 << 16):
                    break
            except OSError:
                break
        _, _, usage = os.wait4(self.pid, 0)
        return usage.ru_maxrss / 1024


def measure(program, folder, cell):
    s = Session([program, folder], cell)
    s.quiet(1.5)
    first, last = [], []
    for key in KEYS:
        sent = time.monotonic()
        os.write(s.fd, key)
        f, l, n = s.quiet(0.5)
        if TRACE:
            print(key, f and round((f - sent) * 1000, 1), l and round((l - sent) * 1000, 1), n, file=sys.stderr)
        if f is None:
            continue
        first.append(f - sent)
        last.append(l - sent)
    memory = s.finish()
    return first, last, memory


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--copies", type=int, default=10)
    p.add_argument("--cells", default="10x20,40x80")
    p.add_argument("--runs", type=int, default=2)
    p.add_argument("--load", action="store_true")
    p.add_argument("--keys", default="right*12,down*6,up*6")
    p.add_argument("--trace", action="store_true")
    p.add_argument("programs", nargs="+")
    args = p.parse_args()
    global KEYS, TRACE
    KEYS = parse_keys(args.keys)
    TRACE = args.trace
    photos = subprocess.run([os.path.join(root, "scripts", "sample-photos")], check=True, capture_output=True, text=True).stdout.strip()
    folder = os.path.join(here, ".pictures", f"photos-{args.copies}")
    if not os.path.exists(folder):
        os.makedirs(folder)
        samples = sorted(f for f in os.listdir(photos) if not f.startswith("."))
        for c in range(args.copies):
            for f in samples:
                shutil.copy(os.path.join(photos, f), os.path.join(folder, f"{c:03d}-{f}"))
    spinner = subprocess.Popen([sys.executable, "-c", "while True: pass"]) if args.load else None
    try:
        print(f"image-grid, 120x40, sixel forced, {len(KEYS)} keys a run, {args.runs} runs{', the other core busy' if args.load else ''}")
        print("| program | cell | key to first byte: median / worst | key to last byte: median / worst | peak memory |")
        print("| --- | --- | --- | --- | --- |")
        for cell_text in args.cells.split(","):
            cell = tuple(int(v) for v in cell_text.split("x"))
            results = {program: ([], [], []) for program in args.programs}
            for _ in range(args.runs):
                for program in args.programs:
                    first, last, memory = measure(program, folder, cell)
                    results[program][0].extend(first)
                    results[program][1].extend(last)
                    results[program][2].append(memory)
            for program in args.programs:
                first, last, memory = results[program]
                median = lambda v: sorted(v)[len(v) // 2] if v else float("nan")
                ms = lambda v: f"{v * 1000:.1f} ms"
                print(f"| {program} | {cell_text} | {ms(median(first))} / {ms(max(first, default=float('nan')))} | "
                      f"{ms(median(last))} / {ms(max(last, default=float('nan')))} | {max(memory):.0f} MB |")
                sys.stdout.flush()
    finally:
        if spinner:
            spinner.send_signal(signal.SIGKILL)
            spinner.wait()


main()
