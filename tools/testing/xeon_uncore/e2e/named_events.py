#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Every named event of every uncore PMU counts; on the Xeon 7500 / E7
each also programs what the guide says.

  named_events.py SIM_DIR

For each events/ alias of each uncore PMU, the config words are built
from the PMU's format/ as perf builds them and the event is opened
(perf_event_open on CPU 0), alone on its box: in each round, one event of
every PMU at once (rounds()). On the 7500 / E7 the registers must then
hold what the Uncore Programming Guide (323535) gives for it: its counter
control written, with its enable and PMI bits, on the counter the event
may use, and the sub-registers its value selects (R-box IPERF/QLX, M-box
sub-controls and ZDP_CTL_FVC slot) holding their values, from the
model's register log since the model and the driver were loaded (every
register resets to 0: a sub-register not written since holds 0). Which
register of which box an event programs, and with what, is this script's
own, from the guide's register tables, not the driver's (the E5-2600s'
encodings are perf-table's); the registers are the model's names
(simregs.py), whose addresses it alone knows. On
every part, a refusal fails, and while open the event must count
something in WAIT_CYCLES of the model's clock, the longest a pattern of
the model's repeats in: a name whose encoding selects nothing (an event
the box does not have; with sub-events and none selected, which the
model counts as the guide says: nothing) is no use. Prints one line per
mismatch and "N of M named events [programmed as the guide says and]
counting". XU_NAMED_PMUS="GLOB ...": only the PMUs (uncore_ stripped)
that match one of the globs.
"""
import errno
import fnmatch
import os
import struct
import sys
import time

import simregs
from perf_open import perf_open

PMUS = '/sys/bus/event_source/devices'
EN22, PMI20 = 1 << 22, 1 << 20          # U-, C-, S-, W-box control
# (flag_mode, selector): the M-box sub-controls it reads (PLD: config1's
# high half, the others its low half)
M_SUB = {
    (0, 0x00): ['DSP'], (0, 0x04): ['MSC_THR'], (0, 0x05): ['MSC_THR'],
    (0, 0x09): ['ISS'], (0, 0x0a): ['ISS', 'PLD'], (0, 0x0b): ['PLD'],
    (0, 0x16): ['PGT'],
    (1, 0x0): ['DSP'], (1, 0x1): ['ISS'], (1, 0x5): ['PGT'], (1, 0x6): ['MAP'],
}
M_CTL = 0x383efc    # count, storage, wrap, flag mode, inc_sel, set_flag_sel
# An event that counts at all counts within one period of its pattern:
# at most SIM_PAT_MAX (sim.h) cycles of the model's clock
WAIT_CYCLES = 64
# events/ files that describe an event rather than name one
NOT_EVENTS = ('.scale', '.unit', '.per-pkg', '.snapshot')


def fields(pmu):
    """{name: (word, [bit, ...])} of the PMU's format/ files."""
    out = {}
    d = os.path.join(PMUS, pmu, 'format')
    for name in os.listdir(d):
        word, bits = open(os.path.join(d, name)).read().strip().split(':')
        w = {'config': 0, 'config1': 1, 'config2': 2}[word]
        lst = []
        for r in bits.split(','):
            lo, _, hi = r.partition('-')
            lst += range(int(lo), int(hi or lo) + 1)
        out[name] = (w, lst)
    return out


def config_of(alias, fmt):
    """The config words perf builds for an alias string."""
    cfg = [0, 0, 0]
    for term in alias.split(','):
        name, _, val = term.partition('=')
        w, bits = fmt[name]
        v = int(val, 0)
        for i, b in enumerate(bits):
            if v >> i & 1:
                cfg[w] |= 1 << b
    return cfg


def expected(regs, box, idx, cfg):
    """[(register name, value)]: the control @cfg programs on an empty
    box (box @idx of its type: perf's PMU number; @regs the model's
    registers), then the sub-registers it reads"""
    c0 = cfg[0]
    at = (regs.box(box, idx) or '%s%d' % (box, idx)) + '.'
    if box == 'ubox':
        return [(at + 'U_MSR_PMON_EV_SEL', c0 | EN22 | PMI20)]
    if box in ('cbox', 'sbox', 'wbox'):
        if box == 'wbox' and c0 & 0xff == 0xff:
            return [('wfix.W_MSR_PMON_FIXED_CTR_CTL', 1)]  # enable only
        row = {'cbox': 'C_MSR_PMON_EVT_SEL', 'sbox': 'S_MSR_PMON_EVT_SEL',
               'wbox': 'W_MSR_PMON_EVT_SEL'}[box]
        return [(at + row + '[0]', c0 | EN22 | PMI20)]
    if box == 'bbox':                        # the counter is the event's
        ctr = c0 >> 6 & 3
        return [(at + 'B_MSR_PERF_CTL[%d]' % ctr, (c0 & 0x3e) | 1 | 1 << 6)]
    if box == 'mbox':
        flag = c0 >> 7 & 1
        sel = c0 >> 19 & 7 if flag else c0 >> 9 & 0x1f
        out = [(at + 'M_MSR_PMU_CNT_CTL[0]', (c0 & M_CTL) | 1 | 2)]
        for sub in M_SUB.get((flag, sel), []):
            half = cfg[1] >> 32 if sub == 'PLD' else cfg[1]
            out.append((at + 'M_MSR_PMU_' + sub, half & 0xffffffff))
        if not flag and 0xd <= sel <= 0x10:  # its own slot, free on an empty box
            out.append((at + 'M_MSR_PMU_ZDP_CTL_FVC', cfg[1] & 0xffffffff))
        return out
    # rbox: ev_sel = 6 x port + source; a port's sub-registers are the
    # model's box rport<port>
    ev = c0 >> 1 & 0x1f
    port, src = idx * 4 + ev // 6, ev % 6
    out = [(at + 'R_MSR_PMON_CTL[0]', (c0 & 0x3e) | 1 | 1 << 6)]
    if src < 2:
        out.append(('rport%d.R_MSR_PORT_IPERF_CFG%d' % (port, src),
                    cfg[1] & 0xffffffff))
    elif src < 4:
        out.append(('rport%d.R_MSR_PORT_QLX_CFG' % port,
                    (cfg[1] >> 8 * (src - 2) & 0xff) << 8 * (src - 2)))
    return out


def named(only):
    """[(pmu, type, box, idx, [(event, alias, cfg), ...]), ...]: the
    uncore PMUs with named events that XU_NAMED_PMUS selects, their
    events"""
    out = []
    for pmu in sorted(os.listdir(PMUS)):
        if not pmu.startswith('uncore_') or not os.path.isdir(
                os.path.join(PMUS, pmu, 'events')):
            continue
        name = pmu[len('uncore_'):]
        if not any(fnmatch.fnmatch(name, g) for g in only):
            continue
        box, _, idx = name.partition('_')
        fmt = fields(pmu)
        evs = []
        for ev in sorted(os.listdir(os.path.join(PMUS, pmu, 'events'))):
            if ev.endswith(NOT_EVENTS):
                continue
            alias = open(os.path.join(PMUS, pmu, 'events', ev)).read().strip()
            evs.append((ev, alias, config_of(alias, fmt)))
        with open(os.path.join(PMUS, pmu, 'type')) as f:
            typ = int(f.read())
        out.append((pmu, typ, box, int(idx or 0), evs))
    return out


def rounds(pmus):
    """Batches of (pmu, typ, box, idx, event): one event of each PMU (its
    box otherwise empty), the PMU's events in turn, each PMU's list
    rotated by its box number so that boxes of one type hold different
    events at once (an event's control written to a sibling box's address
    shows)."""
    for k in range(max([len(p[4]) for p in pmus] or [0])):
        batch = []
        for pmu, typ, box, idx, evs in pmus:
            if k < len(evs):
                batch.append((pmu, typ, box, idx, evs[(k + idx) % len(evs)]))
        yield batch


def count_batch(batch, wait):
    """Open each event of @batch on CPU 0, let them count @wait seconds,
    read and close them: [('OK', count) or (the errno's name, None)]."""
    res, fds = [], []
    for _, typ, _, _, (_, _, cfg) in batch:
        try:
            fds.append(perf_open(typ, cfg[0], 0, config1=cfg[1],
                                 config2=cfg[2]))
            res.append(None)
        except OSError as e:
            fds.append(None)
            res.append((errno.errorcode.get(e.errno, 'errno %d' % e.errno),
                        None))
    try:
        time.sleep(wait)
        for i, fd in enumerate(fds):
            if fd is not None:
                res[i] = ('OK', struct.unpack('=Q', os.read(fd, 8))[0])
    finally:
        for fd in fds:
            if fd is not None:
                os.close(fd)
    return res


def main(sim):
    plat = next(line.split()[1] for line in open(os.path.join(sim, 'info'))
                if line.startswith('platform'))
    hz = next(int(line.split()[1]) for line in
              open(os.path.join(sim, 'info')) if line.startswith('uclk_hz'))
    regs = plat in ('nhmex', 'wsmex')
    model = simregs.Regs(sim) if regs else None
    total = bad = nround = 0
    held = {}       # every register written since the model loaded
    log = os.path.join(sim, 'log')
    for batch in rounds(named(os.environ.get('XU_NAMED_PMUS', '*').split())):
        nround += 1
        if regs:
            open(log, 'w').write('clear\n')
        res = count_batch(batch, WAIT_CYCLES / hz)
        writes = set()
        if regs:
            for acc in simregs.accesses(log):
                if acc.write:
                    writes.add((acc.name, acc.val))
                    held[acc.name] = acc.val
        for (pmu, _, box, idx, (ev, alias, cfg)), (r, count) in zip(
                batch, res):
            total += 1
            miss = []
            if regs:
                want = expected(model, box, idx, cfg)
                miss = [w for w in want if w[0] not in model.at]
                ctl, *subs = want
                miss += [ctl] if ctl not in writes else []
                miss += [w for w in subs if held.get(w[0], 0) != w[1]]
            if r != 'OK' or miss:
                bad += 1
                print('MISMATCH %s/%s/ (%s): %s, missing %s' % (
                      pmu, ev, alias, r, ' '.join('%s=%#x' % w for w in miss)))
            elif not count:
                bad += 1
                print('MISMATCH %s/%s/ (%s): counted nothing in %d cycles'
                      % (pmu, ev, alias, WAIT_CYCLES))
    print('%d of %d named events %scounting (%d rounds)' % (
          total - bad, total, 'programmed as the guide says and ' if regs
          else '', nround))
    return 1 if bad or not total else 0


if __name__ == '__main__':
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sys.exit(main(*sys.argv[1:]))
