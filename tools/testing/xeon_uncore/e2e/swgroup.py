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
import os
import sys
import time

from perf_open import PERF_TYPE_SOFTWARE, perf_open

PMUS = '/sys/bus/event_source/devices'


def must_open(typ, config, cpu, group=-1):
    try:
        return perf_open(typ, config, cpu, group)
    except OSError as e:
        sys.exit(f'perf_event_open type {typ} cpu {cpu}: {e.strerror}')


def main(pmu, go, nth='0'):
    with open(f'{PMUS}/{pmu}/type') as f:
        typ = int(f.read())
    with open(f'{PMUS}/{pmu}/cpumask') as f:
        cpu = int(f.read().split(',')[int(nth)].split('-')[0])
    leader = must_open(typ, 0, cpu)
    sw = must_open(PERF_TYPE_SOFTWARE, 0, cpu, leader)
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
