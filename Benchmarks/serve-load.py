#!/usr/bin/env python3
"""Load on a TermGrid app served over SSH (issue 34): N viewers at once on
loopback, each a real SSH session (asyncssh: `pip install asyncssh`) with a
pty of COLSxROWS, pressing arrow keys at RATE a second for SECONDS.

    python3 Benchmarks/serve-load.py --pid PID --port PORT --key KEY \
        [--sessions 100] [--rate 20] [--seconds 60] [--cols 80] [--rows 24]

PID is the serving process (its memory and CPU are read from /proc). It
prints: the server's resident memory before and with every session open
(and the difference per session), its CPU per key (user + system over the
run, divided by the keys pressed), the key-to-frame latency (from writing a
key to the first bytes after it: median, p99, max), keys pressed, and
sessions that failed.

    python3 Benchmarks/serve-load.py --pid PID --port PORT --key KEY \
        --edits 1000 [--sessions 10] [--rate 20] [--edit-keys du]

instead has one more session (the editor) press the edit keys in turn
(`d` deletes the focused book, `u` undoes it: each an edit of the shared
catalogue of `book-catalogue --serve`) EDITS times at RATE a second while
SESSIONS viewers only watch, and prints the time from each edit's key to
the first bytes each watcher receives after it (the change reaching their
grid: median, p99, max) and the server's CPU per edit.
"""
import argparse, asyncio, os, random, statistics, sys, time

try:
    import asyncssh
except ImportError:
    sys.exit("serve-load.py needs asyncssh: pip install asyncssh")

KEYS = ["\x1b[C", "\x1b[D", "\x1b[B", "\x1b[A"]


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Viewer:
    def __init__(self):
        self.latencies = []
        self.pending = None
        self.keys = 0
        self.bytes = 0
        self.first = asyncio.get_event_loop().create_future()

    def data(self, chunk):
        self.bytes += len(chunk)
        now = time.perf_counter()
        if not self.first.done():
            self.first.set_result(now)
        if self.pending is not None:
            self.latencies.append(now - self.pending)
            self.pending = None


async def viewer(args, index, ready, go, results):
    v = Viewer()
    try:
        conn = await asyncssh.connect(
            "127.0.0.1", args.port, username=f"viewer{index}", client_keys=[args.key], known_hosts=None)
        chan, _ = await conn.create_session(
            lambda: Session(v), term_type="xterm-256color", term_size=(args.cols, args.rows))
        await asyncio.wait_for(v.first, 30)
        await asyncio.sleep(0.5)
        ready.append(index)
        await go.wait()
        rng = random.Random(index)
        start = time.perf_counter()
        next_at = start + rng.random() / args.rate
        while time.perf_counter() - start < args.seconds:
            await asyncio.sleep(max(0, next_at - time.perf_counter()))
            v.pending = time.perf_counter()
            chan.write(rng.choice(KEYS))
            v.keys += 1
            next_at += 1 / args.rate
        await asyncio.sleep(0.5)
        v.pending = None
        chan.write("q")
        await asyncio.sleep(0.2)
        conn.close()
    except Exception as e:
        results.append(("failed", index, repr(e)))
        return
    results.append(("ok", v))


class Session(asyncssh.SSHClientSession):
    def __init__(self, v):
        self.v = v

    def data_received(self, data, datatype):
        self.v.data(data)


async def edits(args):
    rss_before = rss_kib(args.pid)
    loop = asyncio.get_event_loop()
    watchers = []
    conns = []
    for i in range(args.sessions + 1):
        v = Viewer()
        conn = await asyncssh.connect(
            "127.0.0.1", args.port, username=f"viewer{i}", client_keys=[args.key], known_hosts=None)
        chan, _ = await conn.create_session(
            lambda v=v: Session(v), term_type="xterm-256color", term_size=(args.cols, args.rows))
        await asyncio.wait_for(v.first, 30)
        conns.append((conn, chan))
        watchers.append(v)
    editor_v, (editor_conn, editor) = watchers[0], conns[0]
    watchers = watchers[1:]
    await asyncio.sleep(1.0)
    rss_open = rss_kib(args.pid)
    cpu_before = cpu_seconds(args.pid)
    missed = 0
    for n in range(args.edits):
        for v in watchers:
            v.pending = None
        t0 = time.perf_counter()
        for v in watchers:
            v.pending = t0
        editor.write(args.edit_keys[n % len(args.edit_keys)])
        await asyncio.sleep(1 / args.rate)
        missed += sum(1 for v in watchers if v.pending is not None)
    await asyncio.sleep(1.0)
    cpu = cpu_seconds(args.pid) - cpu_before
    lat = sorted(l for v in watchers for l in v.latencies)
    print(f"{args.sessions} watchers and an editor, {args.cols}x{args.rows}, {args.edits} edits at {args.rate:g} a second")
    print(f"server memory: {rss_before / 1024:.1f} MiB before, {rss_open / 1024:.1f} MiB with {args.sessions + 1} open")
    print(f"server CPU: {cpu:.2f} s for {args.edits} edits ({cpu / args.edits * 1e3:.2f} ms an edit, every viewer's grid updated)")
    if lat:
        p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))]
        print(f"edit to each watcher's frame: median {statistics.median(lat) * 1000:.2f} ms, p99 {p99 * 1000:.2f} ms, "
              f"max {lat[-1] * 1000:.2f} ms ({len(lat)} frames; {missed} watcher-edits with no frame before the next edit)")
    for conn, chan in conns:
        chan.write("q")
    await asyncio.sleep(0.5)
    for conn, chan in conns:
        conn.close()


async def main():
    p = argparse.ArgumentParser()
    p.add_argument("--pid", type=int, required=True)
    p.add_argument("--port", type=int, required=True)
    p.add_argument("--key", required=True)
    p.add_argument("--sessions", type=int, default=100)
    p.add_argument("--rate", type=float, default=20)
    p.add_argument("--seconds", type=float, default=60)
    p.add_argument("--cols", type=int, default=80)
    p.add_argument("--rows", type=int, default=24)
    p.add_argument("--edits", type=int, default=0)
    p.add_argument("--edit-keys", default="du")
    args = p.parse_args()
    if args.edits:
        await edits(args)
        return
    rss_before = rss_kib(args.pid)
    ready, results = [], []
    go = asyncio.Event()
    tasks = [asyncio.create_task(viewer(args, i, ready, go, results)) for i in range(args.sessions)]
    deadline = time.time() + 120
    while len(ready) + len(results) < args.sessions and time.time() < deadline:
        await asyncio.sleep(0.1)
    rss_open = rss_kib(args.pid)
    cpu_before = cpu_seconds(args.pid)
    go.set()
    await asyncio.gather(*tasks)
    cpu = cpu_seconds(args.pid) - cpu_before
    ok = [r[1] for r in results if r[0] == "ok"]
    failed = [r for r in results if r[0] == "failed"]
    lat = sorted(l for v in ok for l in v.latencies)
    keys = sum(v.keys for v in ok)
    answered = len(lat)
    print(f"sessions {args.sessions} ({len(ok)} ok, {len(failed)} failed), {args.cols}x{args.rows}, "
          f"{args.rate:g} keys/s each for {args.seconds:g} s")
    print(f"server memory: {rss_before / 1024:.1f} MiB before, {rss_open / 1024:.1f} MiB with {len(ready)} open "
          f"({(rss_open - rss_before) / max(1, len(ready)):.0f} KiB a session)")
    if keys:
        print(f"server CPU: {cpu:.2f} s for {keys} keys ({cpu / keys * 1e6:.0f} us a key)")
    if lat:
        p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))]
        print(f"key to frame: median {statistics.median(lat) * 1000:.2f} ms, p99 {p99 * 1000:.2f} ms, "
              f"max {lat[-1] * 1000:.2f} ms ({answered} of {keys} keys answered by a frame)")
    for f in failed[:5]:
        print("failed:", f[1], f[2])


asyncio.run(main())
