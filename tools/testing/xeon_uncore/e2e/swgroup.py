#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Helper of e2e/hardening: a software event left in an uncore PMU's context.

  swgroup.py PMU GO-FILE [N]

Opens PMU's event 0 on the N-th CPU of its cpumask (default the first: the
collector of socket N) as a group leader and a
software event (cpu-clock) in its group, closes the uncore event (the
software event stays in the uncore PMU's context, now alone), prints
"ready", waits until GO-FILE exists, closes the software event and prints
"closed".
"""
import ctypes
import os
import struct
import sys
import time

PMUS = '/sys/bus/event_source/devices'
NR_PERF_EVENT_OPEN = 298        # x86-64
PERF_TYPE_SOFTWARE = 1
libc = ctypes.CDLL(None, use_errno=True)


def perf_open(typ, config, cpu, group=-1):
    attr = bytearray(128)
    struct.pack_into('IIQ', attr, 0, typ, len(attr), config)
    buf = (ctypes.c_char * len(attr)).from_buffer(attr)
    fd = libc.syscall(NR_PERF_EVENT_OPEN, buf, -1, cpu, group, 0)
    if fd < 0:
        err = ctypes.get_errno()
        sys.exit(f'perf_event_open type {typ} cpu {cpu}: {os.strerror(err)}')
    return fd


def main(pmu, go, nth='0'):
    with open(f'{PMUS}/{pmu}/type') as f:
        typ = int(f.read())
    with open(f'{PMUS}/{pmu}/cpumask') as f:
        cpu = int(f.read().split(',')[int(nth)].split('-')[0])
    leader = perf_open(typ, 0, cpu)
    sw = perf_open(PERF_TYPE_SOFTWARE, 0, cpu, leader)
    os.close(leader)
    print('ready', flush=True)
    while not os.path.exists(go):
        time.sleep(0.05)
    os.close(sw)
    print('closed', flush=True)


if __name__ == '__main__':
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    main(*sys.argv[1:])
