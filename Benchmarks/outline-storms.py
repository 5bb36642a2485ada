#!/usr/bin/env python3
"""Key storms and deep trees in file-browser: how far its outline falls behind.

    python3 Benchmarks/outline-storms.py [--apps before=PATH,after=PATH] [--rounds 2]
        [--storm 4500] [--deep 1000] [--deep-levels 5,250,500,750,1000]
        [--only storm,growing,quit,filter,deep]

Builds nothing: give the file-browser binaries to compare (`label=path`,
comma-separated; by default the release build of ../Examples), each run in
turn on the same input, alternating. Trees are made once into .trees/
(deterministic):

- `storm`: a folder `a-small` of 10 files, then five folders `big-1` to
  `big-5` of 1,500 files each.
- `deep`: a chain of --deep folders (names of two letters, so the deepest
  path stays under PATH_MAX), each holding the next and one file.

Measured on a 200x60 pseudo-terminal (TERM=xterm-256color), keys written
the way xterm sends them, as fast as the program reads them:

- storm: the five big folders opened (7,506 rows shown), then on
  `a-small` --storm keys, (Right Left) pairs: it opens and closes over
  and over above 7,500 rows; then `?`. The time from the last key written
  until the help screen is drawn ("answered"), and the CPU the program
  used from the first key.
- growing: five rounds; each opens one more big folder (1,500 rows more),
  then the same storm and `?` (closed with Esc): the time per storm as the
  rows shown grow.
- quit: the storm of "storm", then `q`: the time from `q` written until
  the program has exited.
- filter: the five big folders opened, `/`, 300 characters typed at once
  into the filter ("file-1" 50 times), Enter, `?`: the time from `?`
  written until the help is drawn, and the CPU from the first character.
- deep: Right (opens the folder with the focus), then Right (the focus to
  its first entry, the next folder), level after level in lockstep (each
  key waits until the program is quiet: 60 ms without output and without
  CPU); the CPU of the two keys at the levels asked for (the median of
  the 5 levels up to each), and the wall time until the last byte of the
  frames they made.

Every figure is the median of --rounds runs per program. Prints Markdown tables.
"""
import argparse, fcntl, os, pty, select, signal, statistics, struct, subprocess, sys, termios, time

here = os.path.dirname(os.path.abspath(__file__))
RIGHT, LEFT, UP, DOWN, ESC = b"\x1b[C", b"\x1b[D", b"\x1b[A", b"\x1b[B", b"\x1b"
HELP_TEXT = b"this help"  # the help screen's last row but one, drawn whole when it opens


def make_storm_tree(path):
    if os.path.exists(os.path.join(path, ".done")):
        return path
    os.makedirs(os.path.join(path, "a-small"), exist_ok=True)
    for c in range(10):
        open(os.path.join(path, "a-small", f"file-{c:02}.txt"), "w").close()
    for b in range(1, 6):
        os.makedirs(os.path.join(path, f"big-{b}"), exist_ok=True)
        for c in range(1500):
            open(os.path.join(path, f"big-{b}", f"file-{c:04}.txt"), "w").close()
    open(os.path.join(path, ".done"), "w").close()
    return path


def level_name(level):
    letters = "abcdefghijklmnopqrstuvwxyz0123456789"
    return letters[level // 36 % 36] + letters[level % 36]


def make_deep(path, depth):
    # Made in one chdir walk: the deepest path is about 3 bytes a level.
    if os.path.exists(os.path.join(path, f".done-{depth}")):
        return path
    subprocess.run(["rm", "-rf", path], check=True)
    os.makedirs(path)
    fd = os.open(path, os.O_RDONLY)
    for level in range(depth):
        os.mkdir(level_name(level), dir_fd=fd)
        os.close(os.open(f"file-{level_name(level)}", os.O_CREAT | os.O_WRONLY, dir_fd=fd))
        inner = os.open(level_name(level), os.O_RDONLY, dir_fd=fd)
        os.close(fd)
        fd = inner
    os.close(fd)
    open(os.path.join(path, f".done-{depth}"), "w").close()
    return path


class App:
    """file-browser on a pseudo-terminal."""

    def __init__(self, binary, folder):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.environ.update(TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
            os.execv(binary, [binary, folder])
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 60, 200, 0, 0))
        flags = fcntl.fcntl(self.fd, fcntl.F_GETFL)
        fcntl.fcntl(self.fd, fcntl.F_SETFL, flags | os.O_NONBLOCK)
        self.out = bytearray()
        self.exited = False
        self.wait_for(b"opens", 60)

    def cpu(self):
        """Seconds of CPU the program's threads have run (the scheduler's count, in ns)."""
        total = 0
        for task in os.listdir(f"/proc/{self.pid}/task"):
            try:
                with open(f"/proc/{self.pid}/task/{task}/schedstat") as f:
                    total += int(f.read().split()[0])
            except OSError:
                pass  # a worker that ended meanwhile
        return total / 1e9

    def read_some(self, timeout):
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return False
        try:
            data = os.read(self.fd, 1 << 16)
        except OSError:
            data = b""
        if not data:
            self.exited = True
            return False
        self.out += data
        self.last_output = time.monotonic()
        return True

    def write_keys(self, keys, rate):
        """Writes `keys` (a list of byte strings) at `rate` a second (0: all at once)."""
        if not rate:
            self.write(b"".join(keys))
            return
        start = time.monotonic()
        for i in range(0, len(keys), 10):
            due = start + i / rate
            while time.monotonic() < due:
                self.read_some(max(0, due - time.monotonic()))
            self.write(b"".join(keys[i : i + 10]))

    def write(self, data):
        """Writes `data`, reading the output meanwhile; returns when the last byte was taken."""
        view = memoryview(data)
        while view:
            ready_r, ready_w, _ = select.select([self.fd], [self.fd], [], 120)
            if not ready_r and not ready_w:
                raise SystemExit("the program took no input for 120 s")
            if ready_r:
                self.read_some(0)
            if ready_w:
                try:
                    view = view[os.write(self.fd, view) :]
                except BlockingIOError:
                    pass

    def wait_for(self, text, limit=600):
        start = len(self.out)
        deadline = time.monotonic() + limit
        while text not in self.out[max(0, start - len(text)) :]:
            if time.monotonic() > deadline or self.exited:
                raise SystemExit(f"no {text!r} within {limit} s")
            self.read_some(0.5)

    def settle(self, quiet=0.06):
        """Waits until nothing is written and (almost) no CPU used for `quiet` seconds."""
        last = self.cpu()
        while True:
            wrote = self.read_some(quiet)
            now = self.cpu()
            if not wrote and now - last < 0.0005:
                return
            last = now

    def quit(self):
        if not self.exited:
            self.write(b"q")
            deadline = time.monotonic() + 120
            while not self.exited and time.monotonic() < deadline:
                self.read_some(0.5)
        if not self.exited:
            os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        os.close(self.fd)


def open_big(app, k):
    """Opens big-k (row k, the focus on a-small) and comes back to a-small."""
    for key in [DOWN] * k + [RIGHT] + [UP] * k:
        app.write(key)
        app.settle()


def storm_keys(count):
    return [RIGHT, LEFT] * (count // 2)


def storm(binary, tree, count):
    app = App(binary, tree)
    for k in range(5, 0, -1):
        open_big(app, k)
    cpu0 = app.cpu()
    app.write_keys(storm_keys(count) + [b"?"], RATE)
    sent = time.monotonic()
    app.wait_for(HELP_TEXT)
    answered = time.monotonic() - sent
    cpu = app.cpu() - cpu0
    app.write(ESC)  # (closes the help: a key on it closes it, q included)
    app.settle()
    app.quit()
    return answered, cpu


def growing(binary, tree, count):
    app = App(binary, tree)
    times = []
    for k in range(5, 0, -1):
        open_big(app, k)
        app.write_keys(storm_keys(count) + [b"?"], RATE)
        sent = time.monotonic()
        app.wait_for(HELP_TEXT)
        times.append(time.monotonic() - sent)
        app.write(ESC)
        app.settle()
    app.quit()
    return times


def quit_latency(binary, tree, count):
    app = App(binary, tree)
    for k in range(5, 0, -1):
        open_big(app, k)
    app.write_keys(storm_keys(count) + [b"q"], RATE)
    sent = time.monotonic()
    while not app.exited:
        if time.monotonic() - sent > 600:
            raise SystemExit("no exit within 600 s")
        app.read_some(0.5)
    took = time.monotonic() - sent
    os.waitpid(app.pid, 0)
    os.close(app.fd)
    return took


def filter_storm(binary, tree):
    app = App(binary, tree)
    for k in range(5, 0, -1):
        open_big(app, k)
    app.write(b"/")
    app.settle()
    cpu0 = app.cpu()
    app.write(b"file-1" * 50 + b"\r?")
    sent = time.monotonic()
    app.wait_for(HELP_TEXT)
    answered = time.monotonic() - sent
    cpu = app.cpu() - cpu0
    app.write(ESC)  # (closes the help: a key on it closes it, q included)
    app.settle()
    app.quit()
    return answered, cpu


def deep(binary, tree, levels):
    """CPU and wall time of Right Right at each level (lockstep), by level."""
    app = App(binary, tree)
    app.settle()
    wanted = set()
    for level in levels:
        wanted.update(range(max(1, level - 4), level + 1))
    cpu, wall = {}, {}
    for level in range(1, max(levels) + 1):
        step_wall = 0
        c0 = app.cpu()
        for key in (RIGHT, RIGHT):
            t0 = time.monotonic()
            app.write(key)
            app.settle()
            step_wall += app.last_output - t0  # until the last byte of its frames
        if level in wanted:
            cpu[level] = app.cpu() - c0
            wall[level] = step_wall
    app.quit()
    return {level: (statistics.median(cpu[l] for l in range(max(1, level - 4), level + 1)),
                    statistics.median(wall[l] for l in range(max(1, level - 4), level + 1))) for level in levels}


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--apps", default="")
    p.add_argument("--rounds", type=int, default=2)
    p.add_argument("--storm", type=int, default=4500)
    p.add_argument("--deep", type=int, default=1000)
    p.add_argument("--deep-levels", default="1,250,500,750,1000")
    p.add_argument("--only", default="storm,growing,quit,filter,deep")
    p.add_argument("--rate", type=int, default=0, help="keys a second in a storm (0: as fast as they are read)")
    args = p.parse_args()
    global RATE
    RATE = args.rate
    if args.apps:
        apps = [tuple(a.split("=", 1)) for a in args.apps.split(",")]
    else:
        bin_path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=os.path.join(here, "..", "Examples"),
                                  check=True, capture_output=True, text=True).stdout.strip()
        apps = [("release", bin_path + "/file-browser")]
    trees = os.path.join(here, ".trees")
    only = set(args.only.split(","))
    tree = make_storm_tree(os.path.join(trees, "storm"))
    deep_tree = make_deep(os.path.join(trees, "deep"), args.deep) if "deep" in only else None

    if "storm" in only:
        results = {label: [] for label, _ in apps}
        for _ in range(args.rounds):
            for label, binary in apps:
                results[label].append(storm(binary, tree, args.storm))
        print(f"\n{args.storm:,} keys ((Right Left) pairs on a folder above 7,500 rows), then `?`:\n")
        print("| program | `?` answered after the last key | CPU for the storm |")
        print("| --- | --- | --- |")
        for label, _ in apps:
            r = results[label]
            print(f"| {label} | {statistics.median(a for a, _ in r):.2f} s | {statistics.median(c for _, c in r):.2f} s |")
        sys.stdout.flush()

    if "quit" in only:
        results = {label: [] for label, _ in apps}
        for _ in range(args.rounds):
            for label, binary in apps:
                results[label].append(quit_latency(binary, tree, args.storm))
        print(f"\n{args.storm:,} keys, then `q`:\n")
        print("| program | exited after `q` |")
        print("| --- | --- |")
        for label, _ in apps:
            print(f"| {label} | {statistics.median(results[label]):.2f} s |")
        sys.stdout.flush()

    if "growing" in only:
        results = {label: [] for label, _ in apps}
        for _ in range(args.rounds):
            for label, binary in apps:
                results[label].append(growing(binary, tree, args.storm))
        print(f"\nStorms of {args.storm:,} keys as the rows grow (one more folder of 1,500 open before each):"
              " `?` answered after the storm's last key\n")
        print("| program | " + " | ".join(f"{1506 + 1500 * i:,} rows" for i in range(5)) + " |")
        print("| --- |" + " --- |" * 5)
        for label, _ in apps:
            runs = results[label]
            cells = [f"{statistics.median(run[i] for run in runs):.2f} s" for i in range(5)]
            print(f"| {label} | " + " | ".join(cells) + " |")
        sys.stdout.flush()

    if "filter" in only:
        results = {label: [] for label, _ in apps}
        for _ in range(args.rounds):
            for label, binary in apps:
                results[label].append(filter_storm(binary, tree))
        print("\n300 characters typed at once into the filter over 7,506 entries, Enter, then `?`:\n")
        print("| program | `?` answered | CPU from the first character |")
        print("| --- | --- | --- |")
        for label, _ in apps:
            r = results[label]
            print(f"| {label} | {statistics.median(a for a, _ in r):.2f} s | {statistics.median(c for _, c in r):.2f} s |")
        sys.stdout.flush()

    if "deep" in only:
        levels = [int(l) for l in args.deep_levels.split(",") if int(l) <= args.deep]
        results = {label: [] for label, _ in apps}
        for _ in range(args.rounds):
            for label, binary in apps:
                results[label].append(deep(binary, deep_tree, levels))
        print(f"\nA chain of {args.deep:,} folders: Right Right (open, then into it) at each level, lockstep;"
              " CPU (wall) per level, median of the 5 levels up to the one named\n")
        print("| program | " + " | ".join(f"level {l}" for l in levels) + " |")
        print("| --- |" + " --- |" * len(levels))
        for label, _ in apps:
            runs = results[label]
            cells = [f"{statistics.median(r[l][0] for r in runs) * 1000:.0f} ms ({statistics.median(r[l][1] for r in runs) * 1000:.0f} ms)"
                     for l in levels]
            print(f"| {label} | " + " | ".join(cells) + " |")


main()
