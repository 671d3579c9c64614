#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Side-by-side table of bench/costs-guest's figures.

Reads "PLATFORM DRIVER BOX ROW VALUE" lines on stdin (DRIVER: upstream,
ours, ours-audit=N) and prints, per platform and box, the register accesses
of each operation for Debian's intel_uncore and ours, the ratio, and where
ours is above 1.0 the reason.  Prints figures; asserts nothing.
"""
import sys
from collections import defaultdict

ROWS = [
    ("load", "load, per socket"),
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
]

AUDIT = ("one control read per stop: the check for other programs' writes "
         "(audit=N: next column)")
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


def main():
    figs = defaultdict(dict)	# (platform, box) -> {(driver, row): value}
    boxes = []
    for line in sys.stdin:
        f = line.split()
        if len(f) != 5:
            continue
        plat, drv, box, row, val = f
        key = (plat, box)
        if key not in figs:
            boxes.append(key)
        figs[key][(drv, row)] = float(val)
    plats = []
    for plat, _ in boxes:
        if plat not in plats:
            plats.append(plat)
    for plat in plats:
        print(f"== {PLATFORMS.get(plat, plat)}: register accesses per "
              "operation, Debian's intel_uncore and ours on the same model")
        print("   (groups: every general counter of the box; rotation: one "
              "event more than counters, per tick of perf's mux timer)")
        print(f"   {'box':<14} {'operation':<32} {'upstream':>8} {'ours':>6} "
              f"{'ratio':>6} {'audit=N':>7}  why above 1.0")
        for key in [k for k in boxes if k[0] == plat]:
            box = key[1]
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
                name = "-" if box == "-" else box
                print(f"   {name:<14} {label:<32} {up:8.2f} {ours:6.2f} "
                      f"{ratio:6.2f} {na}  {why}")
        print()


if __name__ == "__main__":
    main()
