#!/usr/bin/env python3
"""Records the path of one Right arrow in the running debug catalogue (issue 33).

    python3 record.py --binary BOOK_CATALOGUE --checkout CHECKOUT --tools KEYPATH_TOOLS --out OUTDIR

Called by record.sh, which builds the catalogue first. The method is the
keypath tool's (its README): every function of the library and the app
gets a logging breakpoint (trace.py), the first call of each is logged
while one key is handled, and analyze.py counts functions, steps, files
and module crossings. Two keys are recorded in one run of the bundled
catalogue in tmux at 120x40:

- right-moves: a Right arrow from the first book of the first author to
  the second (warmed up by an untraced Right and Left before),
- right-noop: a Right arrow that moves nothing (the focus is then last in
  its row; warmed up by an untraced Right that moved nothing).

Each is then pressed again under strace (no gdb) to count the bytes the
program writes to its terminal for it. Which functions are watched does
not depend on file names: every Swift module whose code lies in the
checkout's Sources/ or Examples/ folders, and every C function of the
checkout's Sources/ (the ncurses shim). Outputs, per key: LABEL.tsv and
LABEL.calls (the raw trace, calls per function), LABEL.listing.txt
(analyze.py --list), LABEL.functions.tsv (each function: module, file,
line), LABEL.json (the figures), LABEL.strace (the writes), LABEL.before.txt
and LABEL.after.txt (the screens); summary.md for both.
"""
import argparse
import collections
import contextlib
import io
import json
import os
import re
import runpy
import shlex
import signal
import subprocess
import sys
import time

HELPER_WORDS = (
    "outlined", "thunk", "witness", "metadata", "EnumTag", "initializeWith", "assignWith",
    "destroy", "deinit", "keypath", "key path", "one-time initialization", "default argument",
)


def run(args, **kw):
    return subprocess.run(args, check=True, capture_output=True, text=True, **kw).stdout


def watched_symbols(binary, checkout):
    """'ADDRESS NAME' lines: the library's and the app's functions, compiler-made helpers left out."""
    rows = []
    for line in run(["nm", "--defined-only", binary]).splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in ("T", "t"):
            rows.append((parts[0], parts[2]))
    roots = tuple(os.path.join(checkout, d) + os.sep for d in ("Sources", "Examples"))

    def ours(path):
        path = os.path.realpath(path) if path.startswith("/") else path
        return path.startswith(roots) and os.sep + ".build" not in path

    def where(addresses):
        if not addresses:
            return []
        return run(["addr2line", "-e", binary] + ["0x" + a for a in addresses]).splitlines()

    # Swift symbols: $s<length><module>...; a module is ours when its code lies in the checkout.
    by_module = collections.defaultdict(list)
    others = []
    for address, name in rows:
        m = re.match(r"\$s(\d+)", name)
        if m:
            length = int(m.group(1))
            by_module[name[m.end():m.end() + length]].append((address, name))
        elif not name.startswith(("$", "_$", "__", ".")):
            others.append((address, name))
    modules = []
    for module, symbols in by_module.items():
        # (64 spread over the module: most of a module's symbols can be compiler-made, without a file)
        sample = symbols[:: max(1, len(symbols) // 64)][:64]
        if any(ours(loc.split(":")[0]) for loc in where([a for a, _ in sample])):
            modules.append(module)
    keep = [s for m in modules for s in by_module[m]]
    keep += [s for s, loc in zip(others, where([a for a, _ in others])) if ours(loc.split(":")[0])]
    names = run(["swift", "demangle", "--simplified"], input="\n".join(n for _, n in keep)).split("\n")
    lowered = [w.lower() for w in HELPER_WORDS]
    kept = [s for s, d in zip(keep, names) if not any(w in d.lower() for w in lowered)]
    return kept, sorted(modules)


def load_bias(pid, binary):
    real = os.path.realpath(binary)
    for line in open(f"/proc/{pid}/maps"):
        parts = line.split()
        if len(parts) >= 6 and os.path.realpath(parts[5]) == real and int(parts[2], 16) == 0:
            return parts[0].split("-")[0]
    raise SystemExit(f"no mapping of {binary} in process {pid}")


def cpu_ticks(pid):
    try:
        fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])
    except OSError:
        return None


class Catalogue:
    """The bundled catalogue running in a tmux session of its own (a private server socket)."""

    def __init__(self, binary, cols=120, rows=40):
        self.socket = f"keypath-{os.getpid()}"
        command = "exec env LANG=C.UTF-8 LC_ALL=C.UTF-8 " + shlex.quote(binary)
        self.tmux("-f", "/dev/null", "new-session", "-d", "-s", "kp", "-x", str(cols), "-y", str(rows), command)
        self.pid = int(self.tmux("display", "-p", "-t", "kp", "#{pane_pid}").strip())
        self.tty = self.tmux("display", "-p", "-t", "kp", "#{pane_tty}").strip()

    def tmux(self, *args):
        return run(["tmux", "-L", self.socket] + list(args))

    def screen(self):
        return self.tmux("capture-pane", "-p", "-e", "-t", "kp")

    def key(self, name):
        self.tmux("send-keys", "-t", "kp", name)

    def settle(self, limit=120.0, quiet=1.0):
        """Waits until the screen and the program's CPU time stay unchanged for `quiet` seconds."""
        end = time.time() + limit
        last = (self.screen(), cpu_ticks(self.pid))
        since = time.time()
        while time.time() < end:
            time.sleep(0.2)
            now = (self.screen(), cpu_ticks(self.pid))
            if now != last:
                last, since = now, time.time()
            elif time.time() - since >= quiet:
                return last[0]
        raise SystemExit("the catalogue did not settle")

    def close(self):
        with contextlib.suppress(Exception):
            self.key("q")
            time.sleep(0.5)
        with contextlib.suppress(Exception):
            self.tmux("kill-server")


def trace_key(app, key, label, out, tools, syms, binary):
    """One key under the keypath tool's trace.py; returns when gdb has detached."""
    prefix = os.path.join(out, label)
    for ext in (".tsv", ".counts", ".calls", ".ready"):
        with contextlib.suppress(FileNotFoundError):
            os.remove(prefix + ext)
    env = dict(os.environ, SYMS=syms, BASE=load_bias(app.pid, binary), OUT=prefix)
    calls = os.path.join(os.path.dirname(os.path.abspath(__file__)), "calls.py")
    log = open(prefix + ".gdb.log", "w")
    gdb = subprocess.Popen(
        ["gdb", "-batch", "-nx", "-p", str(app.pid), "-x", os.path.join(tools, "trace.py"),
         "-ex", "continue", "-ex", "python gdb.dump()",
         "-ex", "python exec(open(%r).read())" % calls, "-ex", "detach"],
        env=env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)
    end = time.time() + 1800
    while not os.path.exists(prefix + ".ready"):
        if gdb.poll() is not None or time.time() > end:
            raise SystemExit(f"gdb did not set its breakpoints (see {prefix}.gdb.log)")
        time.sleep(0.5)
    time.sleep(2)  # gdb's `continue`
    app.key(key)
    # The key is handled when the run loop waits for input again (the shim's cn_wait_input, the
    # tool's criterion), or, should a checkout wait differently, when neither the log nor gdb's
    # and the program's CPU time move for 10 seconds.
    last, since, end = None, time.time(), time.time() + 1800
    while time.time() < end:
        time.sleep(0.5)
        lines = open(prefix + ".tsv").read().splitlines() if os.path.exists(prefix + ".tsv") else []
        if lines and lines[-1].split("\t")[2] == "cn_wait_input":
            time.sleep(2)
            break
        now = (len(lines), cpu_ticks(gdb.pid), cpu_ticks(app.pid))
        if now != last:
            last, since = now, time.time()
        elif lines and time.time() - since > 10:
            break
    os.killpg(gdb.pid, signal.SIGINT)
    try:
        gdb.wait(timeout=600)
    except subprocess.TimeoutExpired:
        os.killpg(gdb.pid, signal.SIGKILL)
        raise SystemExit(f"gdb did not detach (see {prefix}.gdb.log)")


def terminal_bytes(app, key, label, out):
    """Bytes the program writes to its terminal for one key, counted with strace (every thread)."""
    path = os.path.join(out, label + ".strace")
    strace = subprocess.Popen(
        ["strace", "-f", "-qq", "-s", "0", "-e", "trace=write,writev,pwrite64,pwritev,pwritev2",
         "-e", "signal=none", "-o", path, "-p", str(app.pid)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    end = time.time() + 60
    while "TracerPid:\t0" in open(f"/proc/{app.pid}/status").read():
        if time.time() > end:
            raise SystemExit("strace did not attach")
        time.sleep(0.1)
    time.sleep(0.5)
    app.key(key)
    app.settle()
    os.killpg(strace.pid, signal.SIGINT)
    strace.wait(timeout=60)
    tty_fds = set()
    for fd in os.listdir(f"/proc/{app.pid}/fd"):
        with contextlib.suppress(OSError):
            if os.readlink(f"/proc/{app.pid}/fd/{fd}") == app.tty:
                tty_fds.add(int(fd))
    total, calls, pending = 0, 0, {}
    for line in open(path):
        m = re.match(r"(\d+)\s+(\w+)\((\d+),.*<unfinished \.\.\.>", line)
        if m:
            pending[m.group(1)] = int(m.group(3))
            continue
        m = re.match(r"(\d+)\s+<\.\.\. \w+ resumed>.*=\s+(-?\d+)", line)
        if m:
            fd, n = pending.pop(m.group(1), None), int(m.group(2))
        else:
            m = re.match(r"(\d+)\s+\w+\((\d+),.*\)\s+=\s+(-?\d+)", line)
            if not m:
                continue
            fd, n = int(m.group(2)), int(m.group(3))
        if fd in tty_fds and n > 0:
            total += n
            calls += 1
    return {"bytes": total, "write_calls": calls, "terminal_fds": sorted(tty_fds)}


def analyze(tools, trace, syms, binary):
    """analyze.py's own output, and its globals (the function list) for the further figures."""
    script = os.path.join(tools, "analyze.py")
    listing = subprocess.run([sys.executable, script, trace, syms, binary, "--list"],
                             capture_output=True, text=True, check=True).stdout
    saved = sys.argv
    sys.argv = [script, trace, syms, binary]
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            g = runpy.run_path(script, run_name="__main__")
    finally:
        sys.argv = saved
    return listing, g


def path_figures(funcs):
    """Functions, steps, files, crossings, back crossings, entries per module, module order."""
    steps = sum(1 for i, f in enumerate(funcs) if i == 0 or f[1] != funcs[i - 1][1])
    files = len({f[1] for f in funcs})
    crossings = back = 0
    visited, entries, entry_functions = [], collections.Counter(), collections.defaultdict(list)
    for i, f in enumerate(funcs):
        if i == 0 or f[2] != funcs[i - 1][2]:
            entries[f[2]] += 1
            entry_functions[f[2]].append(f[0])
            if i:
                crossings += 1
                back += f[2] in visited
        if f[2] not in visited:
            visited.append(f[2])
    return {
        "functions": len(funcs), "steps": steps, "files": files, "crossings": crossings, "back": back,
        "entries": dict(entries), "module_order": visited, "entry_functions": dict(entry_functions),
        "files_per_module": dict(collections.Counter(m for _, m in {(f[1], f[2]) for f in funcs})),
    }


def record(label, what, app, key, args, syms, binary):
    if app is not None:
        before = app.settle()
        trace_key(app, key, label, args.out, args.tools, syms, binary)
        after = app.settle()
        open(os.path.join(args.out, label + ".before.txt"), "w").write(before)
        open(os.path.join(args.out, label + ".after.txt"), "w").write(after)
    else:
        before = open(os.path.join(args.out, label + ".before.txt")).read()
        after = open(os.path.join(args.out, label + ".after.txt")).read()
    trace = os.path.join(args.out, label + ".tsv")
    listing, g = analyze(args.tools, trace, syms, binary)
    open(os.path.join(args.out, label + ".listing.txt"), "w").write(listing)
    funcs, core = g["funcs"], g["core"]
    # The app is everything under Examples/: the executable and the libraries of the examples
    # package it imports (its model, BookCatalogueModel, since issue 33; CSVScanning, NameOrdering),
    # so that moving the app's model into a library of its own is not counted as crossings.
    funcs, core = ([(n, p, "book-catalogue" if p.startswith("Examples/") else m, l) for n, p, m, l in fs]
                   for fs in (funcs, core))
    with open(os.path.join(args.out, label + ".functions.tsv"), "w") as f:
        f.write("order\tmodule\tfile\tline\tvalue file\tfunction\n")
        for i, (name, path, module, line) in enumerate(funcs, 1):
            f.write(f"{i}\t{module}\t{path}\t{line}\t{'yes' if g['vocab'].search(path) else ''}\t{name}\n")
    calls = collections.Counter()
    app_calls = collections.Counter()
    if os.path.exists(os.path.join(args.out, label + ".calls")):
        rows = [l.rstrip("\n").split("\t") for l in open(os.path.join(args.out, label + ".calls")) if l.strip()]
        names = run(["swift", "demangle", "--simplified"], input="\n".join(r[1] for r in rows)).split("\n")
        locs = run(["addr2line", "-e", binary] + ["0x" + g["addr"][r[1]] for r in rows]).splitlines() if rows else []
        for (n, sym), name, loc in zip(rows, names, locs):
            module = g["module"](loc.split(":")[0])
            if module == "?":  # compiler-made code (derived equality, partial applies): the mangled module
                m = re.match(r"\$s(\d+)", sym)
                module = sym[m.end():m.end() + int(m.group(1))].replace("_", "-") if m else "?"
            calls[module] += int(n)
            if g["rel"](loc.split(":")[0]).startswith("Examples/"):
                app_calls[name.strip()] += int(n)
    figures = {
        "label": label, "what": what, "moved": before != after,
        "all": path_figures(funcs), "without_value_files": path_figures(core),
        "calls_per_module": dict(calls),
        "app_calls": dict(app_calls.most_common()),
        "app_modules": sorted({f[2] for f in funcs if f[1].startswith("Examples/")}),
    }
    return figures


def app_entries(figures):
    out = []
    for module in figures["app_modules"]:
        for name in figures["entry_functions"].get(module, []):
            out.append(f"{module}: {name}")
    return out


def summary(results, out, checkout, modules):
    commit = open(os.path.join(out, "commit.txt")).read().strip() if os.path.exists(os.path.join(out, "commit.txt")) else "?"
    lines = [
        "# Key path of one Right arrow in the bundled catalogue",
        "",
        f"Checkout: {commit}. Debug build of book-catalogue, tmux 120x40, recorded by "
        "`Benchmarks/keypath/record.sh` with the keypath tool's trace.py and analyze.py "
        "(first call of each function; closures folded into theirs, stored-property accessors "
        "and memberwise initialisers dropped). Watched modules: " + ", ".join(modules) + " and the C shim.",
        "",
        "| figure | " + " | ".join(r["what"] for r in results) + " |",
        "| --- | " + " | ".join("---" for _ in results) + " |",
    ]

    def row(name, f):
        lines.append(f"| {name} | " + " | ".join(str(f(r)) for r in results) + " |")

    row("screen changed", lambda r: "yes" if r["moved"] else "no")
    for key, title in (("all", ""), ("without_value_files", " (without pure value files)")):
        row("functions" + title, lambda r: r[key]["functions"])
        row("steps" + title, lambda r: r[key]["steps"])
        row("files" + title, lambda r: r[key]["files"])
        row("module crossings (back)" + title, lambda r: f"{r[key]['crossings']} ({r[key]['back']})")
        row("entries per module" + title,
            lambda r: ", ".join(f"{m} {n}" for m, n in sorted(r[key]["entries"].items(), key=lambda x: -x[1])))
        row("app entered" + title,
            lambda r: sum(r[key]["entries"].get(m, 0) for m in r["app_modules"]))
    row("bytes written to the terminal", lambda r: f"{r['bytes']['bytes']} ({r['bytes']['write_calls']} writes)")
    row("calls per module (every call, not only the first)",
        lambda r: ", ".join(f"{m} {n}" for m, n in sorted(r["calls_per_module"].items(), key=lambda x: -x[1])))
    for r in results:
        lines += ["", f"## {r['what']}: the app entered through", ""]
        for e in app_entries(r["all"] | {"app_modules": r["app_modules"]}):
            lines.append(f"- {e}")
        lines += ["", "Every call of the app's functions during the key (compiler-made helpers left out):", ""]
        for name, n in r.get("app_calls", {}).items():
            lines.append(f"- {n} × {name}")
        lines += ["", "Module order: " + " > ".join(r["all"]["module_order"]), "",
                  f"Files per module: " + ", ".join(f"{m} {n}" for m, n in r["all"]["files_per_module"].items()),
                  "", f"Listing: `{r['label']}.listing.txt` (steps), `{r['label']}.functions.tsv` (functions)."]
    lines += ["", "Bytes: the key pressed again, the program under `strace -f -e trace=write,writev,...` "
              "(no gdb), the bytes of the writes to the file descriptors open on the pane's terminal "
              "(see LABEL.strace)."]
    open(os.path.join(out, "summary.md"), "w").write("\n".join(lines) + "\n")
    return "\n".join(lines)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--binary", required=True)
    p.add_argument("--checkout", required=True)
    p.add_argument("--tools", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--analyze-only", action="store_true",
                   help="count again from the recordings already in --out (no program is run)")
    args = p.parse_args()
    args.checkout = os.path.realpath(args.checkout)
    os.makedirs(args.out, exist_ok=True)
    kept, modules = watched_symbols(args.binary, args.checkout)
    syms = os.path.join(args.out, "watched.syms")
    if args.analyze_only:
        moves = record("right-moves", "Right, one book to the next", None, "Right", args, syms, args.binary)
        noop = record("right-noop", "Right that moves nothing", None, "Right", args, syms, args.binary)
        for r in (moves, noop):
            r["bytes"] = json.load(open(os.path.join(args.out, r["label"] + ".json")))["bytes"]
            json.dump(r, open(os.path.join(args.out, r["label"] + ".json"), "w"), indent=1, ensure_ascii=False)
        print(summary([moves, noop], args.out, args.checkout, modules))
        return
    with open(syms, "w") as f:
        for address, name in kept:
            f.write(f"{address} {name}\n")
    print(f"watching {len(kept)} functions in {', '.join(modules)} and the C shim", flush=True)
    app = Catalogue(args.binary)
    try:
        app.settle()
        app.key("Right")  # warm-up: the first book to the second, and back
        app.settle()
        app.key("Left")
        moves = record("right-moves", "Right, one book to the next", app, "Right", args, syms, args.binary)
        app.key("Right")  # warm-up: the focus is last in its row, Right moves nothing
        noop = record("right-noop", "Right that moves nothing", app, "Right", args, syms, args.binary)
        noop["bytes"] = terminal_bytes(app, "Right", "right-noop", args.out)
        app.key("Left")
        app.settle()
        moves["bytes"] = terminal_bytes(app, "Right", "right-moves", args.out)
    finally:
        app.close()
    for r in (moves, noop):
        json.dump(r, open(os.path.join(args.out, r["label"] + ".json"), "w"), indent=1, ensure_ascii=False)
    print(summary([moves, noop], args.out, args.checkout, modules))


if __name__ == "__main__":
    main()
