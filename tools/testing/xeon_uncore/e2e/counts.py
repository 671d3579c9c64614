#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""count = truth for a table of events, in one process (a guest under TCG
spends most of a shell loop starting awk).

  counts.py CSV TRUTH CHECKS
      CSV     perf stat -x, -a --per-socket output
      TRUTH   a copy of the model's truth ("SOCKET BOX COUNTER COUNT" lines),
              taken once perf stat has ended
      CHECKS  "EVENT BOX [COUNTER...]" lines: EVENT as perf stat was given
              it, its count on each socket the sum of BOX's counters there
              (or of those listed)

Prints each comparison; exits 1 if a count differs from the truth, an event
has no count on a socket, or a box counted nothing on every socket.
"""
import sys


def read_truth(path):
    truth = {}
    with open(path) as f:
        for line in f:
            s, box, n, count = line.split()
            truth[(int(s), box, int(n))] = int(count)
    return truth


def csv_counts(path, event):
    """{socket: count} of EVENT (perf's CSV does not quote its commas)."""
    key, counts = ',' + event + ',', {}
    with open(path) as f:
        for line in f:
            i = line.find(key)
            pre = line[:i].split(',') if i >= 0 else []
            if len(pre) == 4 and pre[0].startswith('S') and pre[2].isdigit():
                counts.setdefault(int(pre[0][1:]), int(pre[2]))
    return counts


def main(csv, truth_path, checks_path):
    truth = read_truth(truth_path)
    sockets = sorted({s for s, _, _ in truth})
    bad = 0
    with open(checks_path) as f:
        checks = [line.split() for line in f if line.strip()]
    for event, box, *ctrs in checks:
        want = set(int(n) for n in ctrs)
        got = csv_counts(csv, event)
        total = 0
        for s in sockets:
            t = sum(c for (ts, b, n), c in truth.items()
                    if ts == s and b == box and (not want or n in want))
            total += t
            ok = got.get(s) == t
            bad += not ok
            print(f'{"ok" if ok else "MISMATCH"} {event} socket {s}: '
                  f'got {got.get(s, "none")}, truth of {box}'
                  f'{" " + ",".join(ctrs) if ctrs else ""} {t}')
        if not total:
            bad += 1
            print(f'MISMATCH {box} counted nothing')
    print(f'{len(checks)} events, {bad} mismatches')
    return 1 if bad else 0


if __name__ == '__main__':
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    sys.exit(main(*sys.argv[1:]))
