#!/bin/bash
# The served catalogue's cost of an edit, as the viewers see it:
#
#   serve-catalogue-edits.sh BOOK_CATALOGUE CSV [EDITS] [VIEWERS]
#
# Serves CSV with BOOK_CATALOGUE (a release build of book-catalogue) on a free
# port, connects VIEWERS viewers (default 2; OpenSSH in a tmux server of its
# own, 80x24), and presses d then u EDITS times (default 10) in the first:
# each a delete of the focused book and its undo, two requests that every
# viewer takes in and animates. After each key it waits until the server's
# CPU time stops growing; prints the server's CPU time (user + system) per
# request. PREP_KEYS (tmux key names) are pressed in the first viewer before
# the count starts: "m Left Enter" moves a book in the file, out of the ids'
# order, so that every viewer then takes each request in whole (the rebuild
# a viewer falls back to). Run it through /work/bin/serial (nothing else running), with the
# builds to compare side by side in one run.
set -euo pipefail
bin=$1 csv=$2 edits=${3:-10} viewers=${4:-2}
work=$(mktemp -d)
sock=serve-edits-$$
trap 'tmux -L $sock kill-server 2>/dev/null || true; [ -n "${pid:-}" ] && kill $pid 2>/dev/null; rm -rf "$work"' EXIT
ssh-keygen -q -t ed25519 -N "" -f "$work/key"
cp "$work/key.pub" "$work/authorized_keys"
(cd "$work" && exec "$bin" --data "$csv" --serve 0 --host-key "$work/hostkey" --authorized-keys "$work/authorized_keys" \
  >"$work/log" 2>&1) &
pid=$!
for _ in $(seq 600); do grep -q 'port=' "$work/log" 2>/dev/null && break; sleep 0.1; done
port=$(grep -o 'port=[0-9]*' "$work/log" | head -1 | cut -d= -f2)
cpu() { awk '{print $14 + $15}' /proc/$pid/stat; }
# Waits until the CPU time has not grown for 0.5 s (at most 120 s).
idle() {
  local last now same=0
  last=$(cpu)
  for _ in $(seq 1200); do
    sleep 0.1
    now=$(cpu)
    if [ "$now" = "$last" ]; then same=$((same + 1)); else same=0; last=$now; fi
    [ $same -ge 5 ] && return 0
  done
  echo "server never went idle" >&2
  return 1
}
for v in $(seq "$viewers"); do
  tmux -L $sock new-session -d -s v$v -x 80 -y 24 \
    "ssh -tt -p $port -F /dev/null -i $work/key -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR ada@127.0.0.1"
done
for v in $(seq "$viewers"); do
  for _ in $(seq 600); do tmux -L $sock capture-pane -p -t v$v | grep -q "$viewers viewing" && break; sleep 0.1; done
done
idle
if [ -n "${PREP_KEYS:-}" ]; then
  for k in $PREP_KEYS; do
    tmux -L $sock send-keys -t v1 "$k"
    idle
  done
fi
start=$(cpu)
for _ in $(seq "$edits"); do
  tmux -L $sock send-keys -t v1 d
  idle
  tmux -L $sock send-keys -t v1 u
  idle
done
end=$(cpu)
ticks=$(getconf CLK_TCK)
books=$(grep -o '([0-9]* books)' "$work/log" | tr -dc 0-9)
awk -v t=$((end - start)) -v hz="$ticks" -v n=$((2 * edits)) -v b="$books" -v v="$viewers" -v bin="$bin" \
  'BEGIN { printf "%s: %d books, %d viewers: %.1f ms of server CPU a request (%d requests)\n", bin, b, v, 1000 * t / hz / n, n }'
