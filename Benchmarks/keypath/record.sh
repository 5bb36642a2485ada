#!/usr/bin/env bash
# Records the path of one key press in the running debug catalogue, the
# method of ../shared/tools/keypath (issue 33): a logging breakpoint on
# every function of the library and the app, first call of each.
#
#   bash Benchmarks/keypath/record.sh CHECKOUT OUTDIR [KEYPATH_TOOLS]
#
# CHECKOUT is the repository to measure (any commit; it is built in debug:
# `swift build --package-path Examples --product book-catalogue`), OUTDIR
# where the listings and summary.md go, KEYPATH_TOOLS the folder of
# trace.py and analyze.py (default: CHECKOUT/../shared/tools/keypath).
# BUILD_PREFIX is put before the build command (e.g. a lock such as
# /work/bin/serial on a shared machine). Needs gdb, strace, tmux, python3,
# binutils (nm, addr2line) and swift (demangle).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
checkout=$(cd "${1:?usage: record.sh CHECKOUT OUTDIR [KEYPATH_TOOLS]}" && pwd)
out=${2:?usage: record.sh CHECKOUT OUTDIR [KEYPATH_TOOLS]}
tools=${3:-$checkout/../shared/tools/keypath}
[ -f "$tools/trace.py" ] && [ -f "$tools/analyze.py" ] || { echo "no trace.py/analyze.py in $tools" >&2; exit 2; }
tools=$(cd "$tools" && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
for tool in gdb strace tmux nm addr2line python3 swift; do
  command -v "$tool" > /dev/null || { echo "record.sh needs $tool" >&2; exit 2; }
done
read -r -a prefix <<< "${BUILD_PREFIX:-}"
${prefix[@]+"${prefix[@]}"} swift build --package-path "$checkout/Examples" --product book-catalogue 2>&1 \
  | grep -v "prohibited flag" | tail -1
bin=$(swift build --package-path "$checkout/Examples" --show-bin-path)/book-catalogue
(cd "$checkout" && git log -1 --format='%h %s' 2> /dev/null | cut -c1-120) > "$out/commit.txt" || true
exec python3 "$here/record.py" --binary "$bin" --checkout "$checkout" --tools "$tools" --out "$out"
