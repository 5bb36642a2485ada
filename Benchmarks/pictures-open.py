#!/usr/bin/env python3
"""Pictures on screen: image-grid on a folder of pictures, and the book
catalogue on a Calibre library, each in a 200x60 pseudo-terminal.

    python3 Benchmarks/pictures-open.py [--pictures 10000] [--books 100000] [--pages 40] [--runs 3]

Builds picture-folder-gen (here), image-grid and book-catalogue (../Examples)
in release. Makes, once, into .pictures/: a folder of generated pictures
(picture-folder-gen: 480-pixel JPEGs and PNGs in folders of 100), and a
Calibre library: one book added by calibredb (so the schema, triggers and
folders are Calibre's own), then the rest inserted in bulk through SQLite
with stand-ins for the functions Calibre registers (title_sort, uuid4):
authors, series, tags, ratings, publishers, ISBNs, dates, and a cover for
every book (50 cover files, copies of generated pictures).

For each, per run: the first frame (from the start until the status line
is written), the time until every picture on the first screen is drawn (the
output is quiet for 0.3 s, less those 0.3 s), then --pages PgDn keys, each
waited out until quiet: the bytes written per PgDn until its pictures are
in, and the time. Peak memory is the process's maximum resident set (wait4)
after those pages; with --cache 2 the cache is full by then (thumbnails of
14x7 cells, a few kilobytes each), so that row is the memory with the cache full.
"""
import argparse, fcntl, os, pty, random, re, select, shutil, sqlite3, struct, subprocess, sys, termios, time, uuid

here = os.path.dirname(os.path.abspath(__file__))
examples = os.path.join(here, "..", "Examples")


def bin_path(cwd):
    return subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=cwd, check=True,
                          capture_output=True, text=True).stdout.strip()


def build():
    subprocess.run(["swift", "build", "-c", "release", "--product", "picture-folder-gen"], cwd=here, check=True, stdout=subprocess.DEVNULL)
    for product in ["image-grid", "book-catalogue"]:
        subprocess.run(["swift", "build", "-c", "release", "--product", product], cwd=examples, check=True, stdout=subprocess.DEVNULL)
    return bin_path(here) + "/picture-folder-gen", bin_path(examples) + "/image-grid", bin_path(examples) + "/book-catalogue"


def make_calibre(folder, n, gen):
    if os.path.exists(os.path.join(folder, "metadata.db")):
        return
    os.makedirs(folder)
    covers = folder + ".covers"
    subprocess.run([gen, "50", covers, "300"], check=True, stdout=subprocess.DEVNULL)
    cover_files = sorted(os.path.join(d, f) for d, _, fs in os.walk(covers) for f in fs if f.endswith(".jpg"))
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    # The seed book has no cover: calibre's Qt reads PNG covers headless, not every JPEG.
    subprocess.run(["calibredb", "--with-library", folder, "add", "--empty", "-t", "Seed", "-a", "Seed Author"],
                   check=True, env=env, stdout=subprocess.DEVNULL)
    db = sqlite3.connect(os.path.join(folder, "metadata.db"))
    db.create_function("title_sort", 1, lambda t: t)
    db.create_function("uuid4", 0, lambda: str(uuid.uuid4()))
    rng = random.Random(2026)
    words = ["night", "river", "glass", "winter", "garden", "stone", "silver", "house", "empire", "letters", "ocean",
             "memory", "fire", "light", "shadow", "kingdom", "city", "storm", "song", "journey"]
    authors = [f"{rng.choice(['Ada', 'Ben', 'Chloe', 'Dmitri', 'Elif', 'Femi', 'Gita', 'Hiro'])} "
               f"{rng.choice(['Abara', 'Brandt', 'Costa', 'Dahl', 'Eze', 'Fujita', 'Gomez', 'Haddad'])}{i}" for i in range(n // 10)]
    db.executemany("INSERT INTO authors(name, sort) VALUES (?, ?)", [(a, a.split(" ")[1] + ", " + a.split(" ")[0]) for a in authors])
    db.executemany("INSERT INTO series(name, sort) VALUES (?, ?)", [(f"The {w.title()} Cycle {i}", f"{w} Cycle {i}") for i, w in
                                                                      enumerate(rng.choice(words) for _ in range(n // 50))])
    db.executemany("INSERT INTO tags(name) VALUES (?)", [(f"{w}-{i}",) for i, w in enumerate(words * 10)])
    db.executemany("INSERT OR IGNORE INTO ratings(rating) VALUES (?)", [(r,) for r in range(0, 11)])
    db.executemany("INSERT INTO publishers(name) VALUES (?)", [(f"Press {i}",) for i in range(100)])
    cover_dirs = []
    for i, f in enumerate(cover_files):
        d = os.path.join(folder, "Covers", f"c{i:02d}")
        os.makedirs(d, exist_ok=True)
        shutil.copy(f, os.path.join(d, "cover.jpg"))
        cover_dirs.append(f"Covers/c{i:02d}")
    ids = {name: i for i, name in db.execute("SELECT id, name FROM authors")}
    author_ids = [i for (i,) in db.execute("SELECT id FROM authors WHERE name != 'Seed Author'")]
    series_ids = [i for (i,) in db.execute("SELECT id FROM series")]
    tag_ids = [i for (i,) in db.execute("SELECT id FROM tags")]
    rating_ids = {r: i for i, r in db.execute("SELECT id, rating FROM ratings")}
    publisher_ids = [i for (i,) in db.execute("SELECT id FROM publishers")]
    books = []
    for i in range(n - 1):
        title = " ".join(rng.choice(words) for _ in range(rng.randint(1, 4))).title() + f" {i}"
        year = rng.randint(1800, 2025)
        books.append((title, title, f"{year}-06-15 00:00:00+00:00", rng.random() * 10, "x", cover_dirs[i % len(cover_dirs)], 1))
    db.executemany("INSERT INTO books(title, sort, pubdate, series_index, author_sort, path, has_cover) VALUES (?,?,?,?,?,?,?)", books)
    book_ids = [i for (i,) in db.execute("SELECT id FROM books WHERE title != 'Seed' ORDER BY id")]
    db.executemany("INSERT INTO books_authors_link(book, author) VALUES (?, ?)", [(b, rng.choice(author_ids)) for b in book_ids])
    db.executemany("INSERT INTO books_series_link(book, series) VALUES (?, ?)", [(b, rng.choice(series_ids)) for b in book_ids if rng.random() < 0.3])
    db.executemany("INSERT OR IGNORE INTO books_tags_link(book, tag) VALUES (?, ?)", [(b, rng.choice(tag_ids)) for b in book_ids for _ in range(2)])
    db.executemany("INSERT INTO books_ratings_link(book, rating) VALUES (?, ?)", [(b, rating_ids[rng.randint(1, 10)]) for b in book_ids if rng.random() < 0.5])
    db.executemany("INSERT INTO books_publishers_link(book, publisher) VALUES (?, ?)", [(b, rng.choice(publisher_ids)) for b in book_ids])
    db.executemany("INSERT INTO identifiers(book, type, val) VALUES (?, 'isbn', ?)", [(b, f"978{b:010d}") for b in book_ids])
    db.commit()
    db.close()


class Session:
    def __init__(self, argv):
        self.start = time.monotonic()
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            # The size is set before the program starts, so its first frame is already 200x60.
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 60, 200, 0, 0))
            os.environ.update(TERM="xterm-256color", COLORTERM="truecolor", LANG="C.UTF-8", LC_ALL="C.UTF-8")
            os.execv(argv[0], argv)
        self.out = b""

    def read_until(self, marker, timeout=60):
        """Reads until `marker` is on screen: matched in the output without its escape sequences
        (curses switches character sets and colours between words)."""
        while marker not in re.sub(rb"\x1b(\[[0-9;?]*[A-Za-z]|[()][0-9A-B])", b"", self.out):
            ready, _, _ = select.select([self.fd], [], [], timeout)
            if not ready:
                raise SystemExit(f"no {marker!r} within {timeout} s")
            self.out += os.read(self.fd, 1 << 16)
        return time.monotonic() - self.start

    def quiet(self, gap=0.3):
        """Reads until nothing comes for `gap` seconds: (bytes read, seconds until the last byte)."""
        n = 0
        t0 = time.monotonic()
        last = t0
        while True:
            ready, _, _ = select.select([self.fd], [], [], gap)
            if not ready:
                return n, last - t0
            data = os.read(self.fd, 1 << 16)
            n += len(data)
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


def measure(argv, marker, pages):
    s = Session(argv)
    first = s.read_until(marker)
    _, settle = s.quiet()
    settled = first + settle
    page_bytes, page_times = [], []
    for _ in range(pages):
        os.write(s.fd, b"\x1b[6~")
        n, t = s.quiet()
        page_bytes.append(n)
        page_times.append(t)
    memory = s.finish()
    return first, settled, sorted(page_bytes)[len(page_bytes) // 2], sorted(page_times)[len(page_times) // 2], memory


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--pictures", type=int, default=10000)
    p.add_argument("--books", type=int, default=100000)
    p.add_argument("--pages", type=int, default=40)
    p.add_argument("--runs", type=int, default=3)
    args = p.parse_args()
    gen, grid, catalogue = build()
    folder = os.path.join(here, ".pictures")
    os.makedirs(folder, exist_ok=True)
    pictures = os.path.join(folder, f"pictures-{args.pictures}")
    if not os.path.exists(pictures):
        subprocess.run([gen, str(args.pictures), pictures], check=True)
    library = os.path.join(folder, f"calibre-{args.books}")
    make_calibre(library, args.books, gen)
    print("| what | first frame | every picture on screen | bytes per PgDn (median) | PgDn until its pictures are in (median) | peak memory |")
    print("| --- | --- | --- | --- | --- | --- |")
    for name, argv, marker in [
        (f"image-grid, {args.pictures:,} pictures", [grid, pictures], b" pictures \xc2\xb7 "),
        # A cache of 2 MB is full after a few pages: the memory is then the program's and the budget's.
        (f"image-grid, {args.pictures:,} pictures, --cache 2", [grid, pictures, "--cache", "2"], b" pictures \xc2\xb7 "),
        (f"Calibre, {args.books:,} books", [catalogue, "--calibre", library], b" books \xc2\xb7 "),
    ]:
        results = [measure(argv, marker, args.pages) for _ in range(args.runs)]
        def span(i, fmt):
            values = sorted(r[i] for r in results)
            return f"{fmt(values[0])}-{fmt(values[-1])}"
        ms = lambda v: f"{v * 1000:.0f} ms"
        kb = lambda v: f"{v / 1000:.1f} KB"
        print(f"| {name} | {span(0, ms)} | {span(1, ms)} | {span(2, kb)} | {span(3, ms)} | {max(r[4] for r in results):.0f} MB |")
        sys.stdout.flush()


main()
