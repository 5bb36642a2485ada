#!/usr/bin/env python3
"""What hostile pictures cost image-grid: peak memory and CPU time on a
folder of decompression and scan bombs, in a 160x50 pseudo-terminal.

    python3 Benchmarks/picture-bombs.py --binary new=Examples/.build/release/image-grid \\
        [--binary old=/path/to/an/older/image-grid] [--limit-mb 1024]

Makes, once, into .pictures/bombs/ (with Python's zlib and libjpeg-turbo's
cjpeg, from Debian's libjpeg-turbo-progs):
- png-bomb.png: 10,950 x 10,950 RGB of one colour, about 400 KB (360 MB of pixels);
- progressive-bomb.jpg: a progressive JPEG of 64x48 whose frame header says
  10,950 x 10,950 (its coefficients would be 360 MB);
- scan-bomb.jpg: a progressive 1024x1024 JPEG (a smooth gradient) with its
  last scan repeated to 2,000 scans;
- photo.jpg: an ordinary 1024x768 picture.

Each binary runs on the folder under a data limit (ulimit -d, --limit-mb),
shows the thumbnails, then Enter on each picture in turn (the large view:
another decode at another size), each until the output is quiet for a
second. Reported: whether it was still running, peak resident memory
(wait4's ru_maxrss) and CPU time (user + system), and the wall time.
"""
import argparse, fcntl, os, pty, select, struct, subprocess, sys, termios, time, zlib

here = os.path.dirname(os.path.abspath(__file__))
SIDE = 10_950


def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png_bomb(path):
    row = b"\x00" + bytes([200, 40, 40]) * SIDE
    z = zlib.compressobj(9)
    idat = b"".join(z.compress(row) for _ in range(SIDE)) + z.flush()
    ihdr = struct.pack(">IIBBBBB", SIDE, SIDE, 8, 2, 0, 0, 0)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", ihdr) + png_chunk(b"IDAT", idat) + png_chunk(b"IEND", b""))


def ppm(width, height, pixel):
    return b"P6 %d %d 255\n" % (width, height) + b"".join(bytes(pixel(x, y)) for y in range(height) for x in range(width))


def cjpeg(ppm_bytes, *args):
    return subprocess.run(["cjpeg", *args], input=ppm_bytes, capture_output=True, check=True).stdout


def make(folder):
    os.makedirs(folder, exist_ok=True)
    if not os.path.exists(os.path.join(folder, "png-bomb.png")):
        png_bomb(os.path.join(folder, "png-bomb.png"))
    if not os.path.exists(os.path.join(folder, "progressive-bomb.jpg")):
        jpeg = bytearray(cjpeg(ppm(64, 48, lambda x, y: (x * 4, y * 5, 90)), "-progressive"))
        sof = jpeg.index(b"\xff\xc2")
        jpeg[sof + 5:sof + 9] = struct.pack(">HH", SIDE, SIDE)
        open(os.path.join(folder, "progressive-bomb.jpg"), "wb").write(jpeg)
    if not os.path.exists(os.path.join(folder, "scan-bomb.jpg")):
        jpeg = cjpeg(ppm(1024, 1024, lambda x, y: (x // 4, y // 4, (x + y) // 8)), "-progressive", "-quality", "75")
        starts = [i for i in range(len(jpeg) - 1) if jpeg[i] == 0xFF and jpeg[i + 1] == 0xDA]
        scan = jpeg[starts[-1]:len(jpeg) - 2]
        open(os.path.join(folder, "scan-bomb.jpg"), "wb").write(jpeg[:-2] + scan * (2000 - len(starts)) + b"\xff\xd9")
    if not os.path.exists(os.path.join(folder, "photo.jpg")):
        open(os.path.join(folder, "photo.jpg"), "wb").write(cjpeg(ppm(1024, 768, lambda x, y: (x % 256, y % 256, 128))))
    return sorted(os.listdir(folder))


def run(binary, folder, count, limit_mb):
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 160, 0, 0))
    env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    start = time.time()
    p = subprocess.Popen(["sh", "-c", f'ulimit -d {limit_mb * 1024}; exec "$0" "$1"', binary, folder], stdin=slave,
                         stdout=slave, stderr=slave, env=env, start_new_session=True, close_fds=True)
    os.close(slave)
    ended = []

    def exited():
        # wait4 without waiting: reaps the program (with its usage) once it has ended.
        if not ended:
            pid, status, usage = os.wait4(p.pid, os.WNOHANG)
            if pid == p.pid:
                ended.append((status, usage))
        return bool(ended)

    def quiet(seconds=1.0, limit=180):
        end = time.time() + limit
        last = time.time()
        while time.time() < end and time.time() - last < seconds:
            r, _, _ = select.select([master], [], [], 0.1)
            if r:
                try:
                    if os.read(master, 65536):
                        last = time.time()
                except OSError:
                    return False
            if exited():
                return False
        return True

    alive = quiet(2)
    for i in range(count):
        if not alive:
            break
        os.write(master, b"\r")
        alive = quiet()
        os.write(master, b"\x1b")
        alive = alive and quiet(0.5)
        os.write(master, b"\x1b[C")
        alive = alive and quiet(0.3)
    running = not exited()
    if running:
        os.write(master, b"q")
        _, status, usage = os.wait4(p.pid, 0)
    else:
        status, usage = ended[0]
    os.close(master)
    return running, usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime, time.time() - start, status


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", action="append", required=True, help="label=path of an image-grid")
    parser.add_argument("--limit-mb", type=int, default=1024)
    args = parser.parse_args()
    folder = os.path.join(here, ".pictures", "bombs")
    files = make(folder)
    print("files: " + ", ".join(f"{f} ({os.path.getsize(os.path.join(folder, f)) // 1000} KB)" for f in files))
    print(f"| image-grid | still running | peak memory MB | CPU s | wall s |")
    print("| --- | --- | --- | --- | --- |")
    for spec in args.binary:
        label, path = spec.split("=", 1)
        running, peak, cpu, wall, status = run(path, folder, len(files), args.limit_mb)
        state = "yes" if running else f"no (status {status:#x})"
        print(f"| {label} | {state} | {peak:.0f} | {cpu:.1f} | {wall:.1f} |")


if __name__ == "__main__":
    main()
