#!/usr/bin/env python3
"""Photographs in symbols, kitty and sixel: image-grid on a folder of sample
photographs in a 200x60 pseudo-terminal whose cells are 10x20 pixels (the
window size in pixels is set, as a graphical terminal sets it), with
TERMGRID_PICTURES forcing each way of drawing pictures.

    python3 Benchmarks/pixels-open.py [--copies 20] [--pages 5] [--runs 2]

The photographs are scikit-image's samples (scripts/sample-photos downloads
its wheel from PyPI once; nothing is committed), 16 of them, 300 to 800
pixels wide, copied --copies times under numbered names. Builds image-grid
(../Examples) in release. Per way, per run: the time until the first screen
of thumbnails is drawn (the output is quiet for 0.5 s, less those 0.5 s) and
the bytes written until then; then --pages PgDn keys, each waited out until
quiet (bytes per PgDn, median); then as many PgUp keys back to pictures
already shown (bytes per PgUp, median, and how many kitty transmissions,
`a=t`, they held: none, for pictures still in the cache); then the peak
memory (the process's maximum resident set).
"""
import argparse, fcntl, os, pty, select, shutil, struct, subprocess, sys, termios, time

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.join(here, "..")
examples = os.path.join(root, "Examples")


def build():
    subprocess.run(["swift", "build", "-c", "release", "--product", "image-grid"], cwd=examples, check=True, stdout=subprocess.DEVNULL)
    out = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=examples, check=True,
                         capture_output=True, text=True).stdout.strip()
    return out + "/image-grid"


class Session:
    def __init__(self, argv, pictures):
        self.start = time.monotonic()
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 60, 200, 2000, 1200))
            os.environ.update(TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8", TERMGRID_PICTURES=pictures)
            os.execv(argv[0], argv)

    def quiet(self, gap=0.5):
        """Reads until nothing comes for `gap` seconds: (bytes read, seconds until the last byte, the bytes)."""
        chunks = []
        t0 = time.monotonic()
        last = t0
        while True:
            ready, _, _ = select.select([self.fd], [], [], gap)
            if not ready:
                data = b"".join(chunks)
                return len(data), last - t0, data
            chunks.append(os.read(self.fd, 1 << 16))
            last = time.monotonic()

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


def measure(grid, folder, pictures, pages):
    s = Session([grid, folder], pictures)
    first_bytes, first_time, _ = s.quiet()
    down, back, sent_back = [], [], 0
    for _ in range(pages):
        os.write(s.fd, b"\x1b[6~")
        down.append(s.quiet()[0])
    for _ in range(pages):
        os.write(s.fd, b"\x1b[5~")
        n, _, data = s.quiet()
        back.append(n)
        sent_back += data.count(b"\x1b_Ga=t")
    memory = s.finish()
    median = lambda v: sorted(v)[len(v) // 2]
    return first_time, first_bytes, median(down), median(back), sent_back, memory


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--copies", type=int, default=20)
    p.add_argument("--pages", type=int, default=5)
    p.add_argument("--runs", type=int, default=2)
    args = p.parse_args()
    photos = subprocess.run([os.path.join(root, "scripts", "sample-photos")], check=True, capture_output=True, text=True).stdout.strip()
    grid = build()
    folder = os.path.join(here, ".pictures", f"photos-{args.copies}")
    if not os.path.exists(folder):
        os.makedirs(folder)
        samples = sorted(f for f in os.listdir(photos) if not f.startswith("."))
        for c in range(args.copies):
            for f in samples:
                shutil.copy(os.path.join(photos, f), os.path.join(folder, f"{c:03d}-{f}"))
    count = len(os.listdir(folder))
    print(f"image-grid on {count} photographs, 200x60 cells of 10x20 pixels, TERM=xterm-256color, {args.runs} runs")
    print("| pictures | first screen of thumbnails | bytes for it | bytes per PgDn | bytes per PgUp back | kitty pictures sent again scrolling back | peak memory |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for pictures in ["symbols", "kitty", "sixel"]:
        results = [measure(grid, folder, pictures, args.pages) for _ in range(args.runs)]
        def span(i, fmt):
            values = sorted(r[i] for r in results)
            return fmt(values[0]) if fmt(values[0]) == fmt(values[-1]) else f"{fmt(values[0])}-{fmt(values[-1])}"
        ms = lambda v: f"{v * 1000:.0f} ms"
        kb = lambda v: f"{v / 1000:.1f} KB"
        print(f"| {pictures} | {span(0, ms)} | {span(1, kb)} | {span(2, kb)} | {span(3, kb)} | {max(r[4] for r in results)} | {max(r[5] for r in results):.0f} MB |")
        sys.stdout.flush()


main()
