#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Side-by-side table of bench/costs-guest's figures.

Reads "PLATFORM SOCKETS DRIVER BOX ROW VALUE" lines on stdin (DRIVER:
upstream, ours, ours-audit=N) and prints, per platform and box (2 sockets),
the register accesses of each operation for Debian's intel_uncore and ours,
the ratio, and where ours is above 1.0 the reason; then the load and session
rows of each platform over the socket counts measured.  Prints figures;
asserts nothing.
"""
import sys
from collections import defaultdict

ROWS = [
    ("load", "load, per socket"),
    ("session", "a perf stat -a session"),
    ("add", "add"),
    ("del", "del"),
    ("pmu_enable", "enable (pmu_enable)"),
    ("pmu_disable", "disable (pmu_disable)"),
    ("enable_ioctl", "one event enabled (ioctl)"),
    ("disable_ioctl", "one event disabled (ioctl)"),
    ("read", "read, running"),
    ("group_read", "group read (FORMAT_GROUP)"),
    ("txn_enable", "group added (a transaction)"),
    ("txn_disable", "group removed"),
    ("rotation", "rotation (one event more)"),
    ("torn", "reads torn per 1000, bus slowed"),
]

AUDIT = ("one control read per stop: nothing in the hardware says who "
         "wrote a control, so only reading it tells another program's count "
         "from the event's (audit=N: next column)")
WHY = {
    "read": "a running 48-bit counter is two dwords: the third read "
            "(high, low, high) makes it tear-free; upstream's two can tear",
    "group_read": "the group frozen around its reads so it is one instant "
                  "(2 writes); upstream reads each member running",
    "del": AUDIT,
    "txn_disable": AUDIT,
    "rotation": AUDIT,
}

# the load row, per platform
LOAD_WHY = {
    "nhmex": "the guide's setup sequence (2.1.4) on every box: box off, each "
             "control cleared, stale overflows cleared, so nothing an earlier "
             "user left counts or interrupts once a box is enabled",
    "ivbep": "one box more (R3QPI link 2, which upstream cannot probe) and the "
             "PMI armed: global status cleared, socket unfrozen, PMI routed",
}

PLATFORMS = {
    "nhmex": "Xeon 7500 (nhmex)",
    "snbep": "Xeon E5-2600 (snbep)",
    "ivbep": "Xeon E5-2600 v2 (ivbep)",
}


def table(plat, keys, figs):
    print(f"== {PLATFORMS.get(plat, plat)}, 2 sockets: register accesses per "
          "operation, Debian's intel_uncore and ours on the same model")
    print("   (groups: every general counter of the box; rotation: one "
          "event more than counters, per tick of perf's mux timer;")
    print("   session: perf stat -a of the boxes' events, start to end, "
          "per socket)")
    print(f"   {'box':<14} {'operation':<32} {'upstream':>8} {'ours':>6} "
          f"{'ratio':>6} {'audit=N':>7}  why above 1.0")
    for key in keys:
        box = key[2]
        for row, label in ROWS:
            up = figs[key].get(("upstream", row))
            ours = figs[key].get(("ours", row))
            if up is None or ours is None:
                continue
            ratio = ours / up if up else float("nan")
            noaudit = figs[key].get(("ours-audit=N", row))
            na = f"{noaudit:7.2f}" if noaudit is not None else f"{'':7}"
            why = (LOAD_WHY.get(plat, "") if row == "load"
                   else WHY.get(row, "")) if ratio > 1.0 else ""
            print(f"   {box:<14} {label:<32} {up:8.2f} {ours:6.2f} "
                  f"{ratio:6.2f} {na}  {why}")
    print()


def scale(plat, figs):
    rows = sorted((int(k[1]), f) for k, f in figs.items()
                  if k[0] == plat and k[2] == "-")
    if len(rows) < 2:
        return
    print(f"== {PLATFORMS.get(plat, plat)}: per socket, over 1 to 8 sockets")
    print(f"   {'sockets':>7} {'load upstream':>14} {'ours':>6} {'ratio':>6}"
          f" {'session upstream':>17} {'ours':>6} {'ratio':>6}")
    for n, f in rows:
        cols = []
        for row in ("load", "session"):
            up, ours = f.get(("upstream", row)), f.get(("ours", row))
            if up is None or ours is None:
                cols.append("")
                continue
            ratio = f"{ours / up:6.2f}" if up else f"{'-':>6}"
            cols.append((up, ours, ratio))
        line = f"   {n:7d}"
        for i, c in enumerate(cols):
            w = 14 if i == 0 else 17
            line += (f" {c[0]:{w}.0f} {c[1]:6.0f} {c[2]}" if c
                     else f" {'':{w}} {'':6} {'':6}")
        print(line)
    print()


def main():
    figs = defaultdict(dict)  # (platform, sockets, box) -> {(driver, row): value}
    keys = []
    for line in sys.stdin:
        f = line.split()
        if len(f) != 6:
            continue
        plat, socks, drv, box, row, val = f
        key = (plat, socks, box)
        if key not in figs:
            keys.append(key)
        figs[key][(drv, row)] = float(val)
    plats = []
    for plat, _, _ in keys:
        if plat not in plats:
            plats.append(plat)
    for plat in plats:
        table(plat, [k for k in keys if k[0] == plat and k[1] == "2"], figs)
    for plat in plats:
        scale(plat, figs)


if __name__ == "__main__":
    main()
