#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""What Intel PCM read through our PMUs against the model's truth, and
PCM's figures against what it read (e2e/pcm).

  pcm_check.py TOOL DIR [REFUSED]
      TOOL  memory | power | pcie, or power-pN: pcm-power -p N, its raw
            counts only
      REFUSED  config bits the part reserves (0x800000, invert, on the E5-2600
            v2): the driver must refuse exactly the opens with any of them,
            and PCM, which then has no counter there, reads nothing (0)
      DIR   one gated run of pcm-TOOL (e2e/pcm's run_gated):
            log            xu-pcm-shim's log (opens, reads, the main
                           thread's sleeps between rounds of reads)
            cpus           "CPU SOCKET" lines
            truth.0        the model's truth when PCM started (reset: 0)
            truth.K.a/.b   before and after the model's clock was advanced
                           while PCM slept for the K-th time
            counters.K     the model's counters at that sleep
            truth.end      after PCM exited
            out            PCM's CSV (memory, pcie) or stdout (power)

On the model's manual clock nothing counts but the advances, each made while
PCM sleeps between two rounds of reads, so every count PCM reads is exact:
the difference between two reads of an event equals the truth the model
counted, during the advances between them, on the counter the event
occupied (found by its control value in counters.K).  PCM's printed figures
are recomputed from those differences with PCM's own formulas (pcm-memory,
pcm-power, pcm-pcie of PCM 202302) and compared as printed.

Prints what PCM opened, every comparison ("ok ..." or "MISMATCH ..."), a
summary per socket; exits 1 on any mismatch.
"""
import collections
import math
import re
import struct
import sys

from counts import read_truth

EN = 1 << 22
# the control bits an event is: all but reset (17) and overflow enable (20)
KEY = 0xffffffff & ~((1 << 17) | (1 << 20))
# edge_det (18) and invert (23) act on the thresh comparison (31:24; 28:24
# on the U-box and PCU, whose 30 and 31 are occ_invert and occ_edge): the
# guide says to set thresh to 1 for events of at most 1 a cycle, and an
# event sent without one must be programmed with thresh=1.  But on the
# PCU's occupancy events (bit 7 without 21) occ_* act instead: the
# hardware ignores edge and invert there, and they must not be programmed.
EDGE_INV = (1 << 18) | (1 << 23)


def thresh_mask(box):
    return (0x1f if box in ('pcu', 'ubox') else 0xff) << 24


def pcu_occupancy(key, box):
    return box == 'pcu' and key & ((1 << 7) | (1 << 21)) == 1 << 7


def supplied(key, box):
    """whether an event sent with config KEY on BOX gets thresh=1"""
    if pcu_occupancy(key, box):
        return False
    return bool(key & EDGE_INV) and not key & thresh_mask(box)


def programmed_key(key, box):
    """the control bits an event sent with config KEY must be counted with"""
    if pcu_occupancy(key, box):
        return key & ~EDGE_INV
    return key | 1 << 24 if supplied(key, box) else key


# QPI events pcm-power reads (the uncore guide's encodings)
QPI_CLOCKTICKS, QPI_L0P_TX, QPI_L1 = 0x14, 0x0d, 0x12

bad = 0


def say(ok, what):
    global bad
    bad += not ok
    print(('ok ' if ok else 'MISMATCH ') + what)
    return ok


def f32(x):
    return struct.unpack('f', struct.pack('f', x))[0]


def read_counters(path):
    """{(socket, box, counter): ctl}"""
    c = {}
    with open(path) as f:
        for line in f:
            w = line.split()
            c[(int(w[0]), w[1], int(w[2]))] = int(w[3].split('=')[1], 16)
    return c


class Event:
    """One perf event PCM opened (an fd from open to close)."""

    def __init__(self, seq, kv, socket, epoch):
        self.seq = seq
        self.fd = int(kv['fd'])
        self.pmu = kv['pmu']
        self.cpu = int(kv['cpu'])
        self.socket = socket
        self.config = int(kv['config'], 16)
        self.config1 = int(kv['config1'], 16)
        self.config2 = int(kv['config2'], 16)
        self.errno = int(kv['errno'])
        self.opened = epoch      # sleeps before the open
        self.closed = None       # sleeps before the close
        self.reads = []          # (sleeps before the read, value)
        m = re.fullmatch(r'uncore_([a-z0-9]+?)(?:_(\d+))?', self.pmu)
        self.box = m.group(1) + (m.group(2) or '') if m else self.pmu
        self.fixed = self.config == 0xff and m and m.group(1) in ('imc', 'ubox')
        if self.fixed:
            self.box = 'uclk' if m.group(1) == 'ubox' else 'dclk' + m.group(2)

    def alive(self, k):
        """open while PCM slept for the k-th time"""
        return self.errno == 0 and self.opened < k and \
            (self.closed is None or self.closed >= k)

    def delta(self, k):
        """what the event counted over the k-th sleep: its first read after
        it less its last read before it"""
        before = [v for e, v in self.reads if e < k]
        after = [v for e, v in self.reads if e == k]
        if not after or None in (after[0], (before or [0])[-1]):
            return None
        return after[0] - (before[-1] if before else 0)

    def __str__(self):
        return f'{self.pmu} config={self.config:#x} config1={self.config1:#x} cpu={self.cpu}'


def parse(d):
    sockets = {}
    with open(f'{d}/cpus') as f:
        for line in f:
            cpu, s = line.split()
            sockets[int(cpu)] = int(s)
    events, byfd, epoch = [], {}, 0
    with open(f'{d}/log') as f:
        for line in f:
            kind, _, rest = line.partition(' ')
            kv = dict(w.split('=', 1) for w in rest.split() if '=' in w)
            if kind == 'open':
                ev = Event(len(events), kv, sockets.get(int(kv['cpu']), -1), epoch)
                events.append(ev)
                if ev.errno == 0:
                    byfd[ev.fd] = ev
            elif kind == 'read':
                ev = byfd.get(int(kv['fd']))
                if ev:
                    ok = kv['ret'] == '8'
                    ev.reads.append((epoch, int(kv['v']) if ok else None))
            elif kind == 'closed':
                ev = byfd.pop(int(kv['fd']), None)
                if ev:
                    ev.closed = epoch
            elif kind == 'sleep':
                epoch = int(kv['n'])
    return events, epoch


def opened(tool, events, refused_bits):
    """what PCM opened, and that the driver took every open but those with
    reserved bits"""
    seen = collections.defaultdict(collections.Counter)
    for ev in events:
        attr = f'{ev.config:#x}' + (f'/{ev.config1:#x}' if ev.config1 else '') + \
            (f'/config2={ev.config2:#x}' if ev.config2 else '') + \
            (f' REFUSED errno {ev.errno}' if ev.errno else '')
        seen[re.sub(r'_\d+$', '_N', ev.pmu)][attr] += 1
    for pmu, attrs in sorted(seen.items()):
        print(f'opened by pcm-{tool}: {pmu} config[/config1] ' +
              ' '.join(f'{a}(x{n})' for a, n in attrs.items()))
    wrong = [ev for ev in events
             if (ev.errno != 0) != bool(ev.config & refused_bits)
             or ev.errno not in (0, 22)]
    n = sum(1 for ev in events if ev.errno)
    say(not wrong, f'pcm-{tool}: the driver accepted {len(events) - n} opens, refused {n}'
        + (f' (those with reserved bits {refused_bits:#x})' if refused_bits else '')
        + (f'; wrong: {", ".join(f"{ev} errno {ev.errno}" for ev in wrong[:3])}'
           if wrong else ''))


def gate_truth(d, gates):
    """per sleep k: the counters' truth deltas and controls; checks the
    clock held between the advances"""
    t0 = read_truth(f'{d}/truth.0')
    prev, deltas, ctls = t0, {}, {}
    for k in range(1, gates + 1):
        a, b = read_truth(f'{d}/truth.{k}.a'), read_truth(f'{d}/truth.{k}.b')
        if a != prev:
            say(False, f'the model counted between advances (before sleep {k})')
        deltas[k] = {c: b[c] - a.get(c, 0) for c in b}
        ctls[k] = read_counters(f'{d}/counters.{k}')
        prev = b
    end = read_truth(f'{d}/truth.end')
    if end != prev:
        moved = [f'{c}: {end[c] - prev.get(c, 0)}' for c in end if end[c] != prev.get(c, 0)]
        say(False, f'the model counted after the last advance: {", ".join(moved[:4])}')
    return deltas, ctls


def placements(events, gates, deltas, ctls):
    """per sleep k and event: the truth the model counted on its counter"""
    want = {}
    for k in range(1, gates + 1):
        groups = collections.defaultdict(list)
        for ev in events:
            if ev.alive(k):
                groups[(ev.socket, ev.box, ev.fixed, ev.config & KEY)].append(ev)
        used = set()
        for (s, box, fixed, key), evs in groups.items():
            ctrs = sorted(c for c, ctl in ctls[k].items()
                          if c[0] == s and c[1] == box and ctl & EN
                          and (fixed or ctl & KEY == programmed_key(key, box)))
            used.update(ctrs)
            what = f'sleep {k}: socket {s} {box} config={key:#x}'
            if len(ctrs) != len(evs):
                say(False, f'{what}: {len(evs)} events on {len(ctrs)} counters {ctrs}')
                continue
            ds = {deltas[k].get(c, 0) for c in ctrs}
            if len(ds) != 1:
                say(False, f'{what}: {len(evs)} events, counters counted {sorted(ds)}')
                continue
            for ev in evs:
                want[(k, ev.seq)] = next(iter(ds))
        # (the model's C3/C6 residency counters run freely: no events)
        stray = [f'{c} +{n}' for c, n in deltas[k].items()
                 if n and c not in used and c[1] != 'cstate']
        if stray:
            say(False, f'sleep {k}: counted on counters no PCM event was on: '
                f'{", ".join(stray[:6])}')
    return want


def raw_equals_truth(tool, events, gates, want):
    """every difference between two reads (the open counts as 0) = the
    truth of the advances between them"""
    tot = collections.defaultdict(lambda: [0, 0, 0])
    for ev in events:
        points = [(ev.opened, 0)] + ev.reads
        for (e1, v1), (e2, v2) in zip(points, points[1:]):
            if v2 is None or v1 is None:
                say(False, f'{ev}: a read that was not 8 bytes')
                continue
            exp = sum(want.get((k, ev.seq), 0) for k in range(e1 + 1, e2 + 1))
            got = v2 - v1
            t = tot[ev.socket]
            t[0] += 1
            t[1] += got
            t[2] += exp
            if got != exp:
                say(False, f'{ev} fd {ev.fd}: read {v2} after {v1} (sleeps {e1}..{e2}): '
                    f'counted {got}, truth {exp}')
    for s in sorted(tot):
        n, got, exp = tot[s]
        say(got == exp, f'pcm-{tool} raw socket {s}: {n} differences between reads, '
            f'sum {got}, truth {exp}')
    if not any(t[2] for t in tot.values()):
        say(False, f'pcm-{tool}: nothing counted')


def programmed(events, k, s, pmu):
    """PCM's counters 0..3 of a box at sleep k (its open order), and the
    fixed counter; a counter the driver refused is there, reading 0"""
    evs = [ev for ev in events if ev.alive(k) and ev.socket == s and ev.pmu == pmu]
    phase = max((ev.opened for ev in evs), default=-1)
    evs += [ev for ev in events if ev.errno and ev.socket == s and ev.pmu == pmu
            and ev.opened == phase]
    evs.sort(key=lambda ev: ev.seq)
    return [ev for ev in evs if not ev.fixed], next((ev for ev in evs if ev.fixed), None)


def d(ev, k):
    if ev and ev.errno:
        return 0
    v = ev.delta(k) if ev else None
    if v is None:
        raise KeyError(f'no reads around sleep {k} for {ev}')
    return v


def check_figure(what, printed, computed):
    say(printed == computed, f'{what}: printed {printed}, from the raw counts {computed}')


def pcm_memory(events, gates, out, nsock):
    with open(out) as f:
        rows = [line.rstrip('\n').split(',') for line in f if line.strip()]
    cols = list(zip(rows[0], rows[1]))
    data = rows[2:]
    say(len(data) == gates, f'pcm-memory: {len(data)} CSV rows for {gates} intervals')
    for k, row in enumerate(data, 1):
        val = {c: v.strip() for c, v in zip(cols, row)}
        # PCM's iMC counters: 0 reads, 1 writes, 2 partial writes
        # (ServerUncorePMUs::EventPosition READ, WRITE, PARTIAL)
        raw = {}
        for s in range(nsock):
            for c in range(8):
                ctrs, _ = programmed(events, k, s, f'uncore_imc_{c}')
                if ctrs:
                    raw[(s, c)] = [d(e, k) for e in ctrs[:3]]
        # elapsed ms (PCM's own clock, an integer): those that the
        # bandwidth with the most digits allows, each tried on all figures
        n, fig = max(((n, float(val.get((f'SKT{s}', name)) or 0))
                      for (s, c), (rd, wr, _) in raw.items()
                      for n, name in ((rd, f'Ch{c}Read'), (wr, f'Ch{c}Write'))),
                     default=(0, 0.0))
        cands = range(0)
        if n and fig > 0.005:
            cands = range(math.ceil(n * 0.064 / (fig + 0.005)),
                          math.floor(n * 0.064 / (fig - 0.005)) + 1)
        best = None
        for e in list(cands)[:2000]:
            exp = memory_figures(raw, e, nsock)
            miss = [c for c in exp if val.get(c) != exp[c]]
            if best is None or len(miss) < len(best[1]):
                best = (e, miss, exp)
            if not miss:
                break
        if best is None:
            say(False, f'pcm-memory interval {k}: no elapsed time fits {fig} MB/s for {n} CAS')
            continue
        e, miss, exp = best
        for c in miss:
            check_figure(f'pcm-memory interval {k} {c[0]} {c[1]}', val.get(c), exp[c])
        for (s, c), (rd, wr, pw) in sorted(raw.items()):
            print(f'pcm-memory interval {k} socket {s} channel {c}: CAS reads {rd}, '
                  f'writes {wr}, partial {pw} -> {val.get((f"SKT{s}", f"Ch{c}Read"))} / '
                  f'{val.get((f"SKT{s}", f"Ch{c}Write"))} MB/s')
        say(not miss, f'pcm-memory interval {k}: {len(exp) - len(miss)} of {len(exp)} figures '
            f'= PCM\'s formulas on the raw counts, with {e} ms elapsed')


def memory_figures(raw, e, nsock):
    def bw(n):
        return f32(n * 64 / 1000000.0 / (e / 1000.0))
    exp, sys_rd, sys_wr = {}, f32(0.0), f32(0.0)
    for s in range(nsock):
        rd_s, wr_s, pw_s = f32(0.0), f32(0.0), 0
        skt = f'SKT{s}'
        for c in range(8):
            if (s, c) not in raw:
                continue
            rd, wr, pw = raw[(s, c)]
            if rd + wr == 0:        # PCM skips an idle channel
                exp[(skt, f'Ch{c}Read')] = exp[(skt, f'Ch{c}Write')] = ''
                continue
            exp[(skt, f'Ch{c}Read')] = '%.2f' % bw(rd)
            exp[(skt, f'Ch{c}Write')] = '%.2f' % bw(wr)
            rd_s, wr_s = f32(rd_s + bw(rd)), f32(wr_s + bw(wr))
            pw_s += int(pw / (e / 1000.0))
        exp[(skt, 'Mem Read (MB/s)')] = '%.2f' % rd_s
        exp[(skt, 'Mem Write (MB/s)')] = '%.2f' % wr_s
        exp[(skt, 'P. Write (T/s)')] = str(pw_s)
        exp[(skt, 'Memory (MB/s)')] = '%.2f' % f32(rd_s + wr_s)
        sys_rd, sys_wr = f32(sys_rd + rd_s), f32(sys_wr + wr_s)
    exp[('System', 'Read')] = '%.2f' % sys_rd
    exp[('System', 'Write')] = '%.2f' % sys_wr
    exp[('System', 'Memory')] = '%.2f' % f32(sys_rd + sys_wr)
    return exp


def boxes(events, prefix):
    """how many PMUs named PREFIX<n> PCM opened"""
    return len({ev.pmu for ev in events if ev.pmu.startswith(prefix)})


def pct(a, b):
    return '%.2f' % (100. * a / b) if b else 'nan'


def pcm_power(events, gates, out, nsock):
    with open(out) as f:
        text = f.read()
    blocks = text.split('Time elapsed:')[1:]
    say(len(blocks) == gates, f'pcm-power: {len(blocks)} reports for {gates} intervals')
    for k, block in enumerate(blocks, 1):
        lines = [ln.strip() for ln in block.split('\n---')[0].splitlines()[1:] if ln.strip()]
        seen = collections.Counter()
        for line in lines:
            m = re.match(r'S(\d+)P(\d+); QPI Clocks: (\d+); L0p Tx Cycles: (\S+)%; '
                         r'L1 Cycles: (\S+)%$', line)
            if m:
                s, p = int(m.group(1)), int(m.group(2))
                ctrs, _ = programmed(events, k, s, f'uncore_qpi_{p}')
                by = {e.config & 0xff: d(e, k) for e in ctrs}
                clk = by.get(QPI_CLOCKTICKS)
                check_figure(f'pcm-power {k} S{s}P{p} QPI clocks', m.group(3), str(clk))
                check_figure(f'pcm-power {k} S{s}P{p} L0p', m.group(4),
                             pct(by.get(QPI_L0P_TX), clk))
                check_figure(f'pcm-power {k} S{s}P{p} L1', m.group(5), pct(by.get(QPI_L1), clk))
                seen['qpi'] += 1
                continue
            m = re.match(r'S(\d+)CH(\d+); DRAMClocks: (\d+); '
                         r'Rank(\d+) CKE Off Residency: +(\S+)%; '
                         r'Rank\d+ CKE Off Average Cycles: (-?\d+); '
                         r'Rank\d+ Cycles per transition: (-?\d+)$', line)
            if m:
                s, c, rank = int(m.group(1)), int(m.group(2)), int(m.group(4))
                ctrs, fixed = programmed(events, k, s, f'uncore_imc_{c}')
                mc = [d(e, k) for e in ctrs]
                clk = d(fixed, k)
                cyc, trans = (mc[2], mc[3]) if rank & 1 else (mc[0], mc[1])
                w = f'pcm-power {k} S{s}CH{c} rank {rank}'
                check_figure(f'{w} DRAM clocks', m.group(3), str(clk))
                check_figure(f'{w} CKE off residency', m.group(5), pct(cyc, clk))
                check_figure(f'{w} CKE off average cycles', m.group(6),
                             str(cyc // trans if trans else -1))
                check_figure(f'{w} cycles per transition', m.group(7),
                             str(clk // trans if trans else -1))
                seen['imc'] += 1
                continue
            m = re.match(r'S(\d+); PCUClocks: (\d+); '
                         r'Freq band 0/1/2 cycles: (\S+)%; (\S+)%; (\S+)%$', line)
            if m:
                s = int(m.group(1))
                ctrs, _ = programmed(events, k, s, 'uncore_pcu')
                pcu = [d(e, k) for e in ctrs]
                check_figure(f'pcm-power {k} S{s} PCU clocks', m.group(2), str(pcu[0]))
                for b in range(3):
                    check_figure(f'pcm-power {k} S{s} freq band {b}', m.group(3 + b),
                                 pct(pcu[1 + b], pcu[0]))
                seen['pcu'] += 1
        want = {'qpi': nsock * boxes(events, 'uncore_qpi_'),
                'imc': 2 * nsock * boxes(events, 'uncore_imc_'), 'pcu': nsock}
        say(seen == want, f'pcm-power interval {k}: lines checked {dict(seen)}, '
            f'one per socket and port, 2 per socket and channel, 1 per socket: {want}')


def pcm_pcie(events, gates, out, nsock):
    with open(out) as f:
        rows = [line.strip() for line in f if line.strip()]
    head = rows[0].split(',')
    names = head[1:-2]      # Skt, the events, then -B's 2 bandwidths
    say(gates == 2 * len(names), f'pcm-pcie: {gates} event groups for {len(names)} events')
    # group g (sleep g + 1): counter 0 of every C-box, summed; scaled by
    # the number of groups
    sample = {}
    for s in range(nsock):
        for g in range(gates):
            n = 0
            for pmu in sorted({e.pmu for e in events if e.pmu.startswith('uncore_cbox_')}):
                ctrs, _ = programmed(events, g + 1, s, pmu)
                n += d(ctrs[0], g + 1)
            sample[(s, g)] = gates * n
    lines = 0
    for line in rows[1:]:
        m = re.match(r'(\d+),(.*)\((Total|Miss|Hit)\)$', line)
        if not m:
            continue
        lines += 1
        s, vals, flt = int(m.group(1)), m.group(2).split(','), m.group(3)
        ev = []
        for i in range(len(names)):
            miss, total = sample[(s, 2 * i)], sample[(s, 2 * i + 1)]
            ev.append({'Total': total, 'Miss': miss,
                       'Hit': total - miss if miss < total else 0}[flt])
        rd = 64 * (ev[0] + ev[4])
        wr = 64 * (ev[2] + ev[3] + ev[4] + ev[5])
        say(len(vals) == len(names) + 2, f'pcm-pcie socket {s} ({flt}): {len(vals)} values')
        for name, got, exp in zip(names + ['Rd (B)', 'Wr (B)'], vals, ev + [rd, wr]):
            check_figure(f'pcm-pcie socket {s} {name} ({flt})', got, str(exp))
    say(lines == 3 * nsock, f'pcm-pcie: {lines} lines checked, Total, Miss and Hit per socket')


def main(tool, d, refused_bits=0):
    events, gates = parse(d)
    opened(tool, events, refused_bits)
    deltas, ctls = gate_truth(d, gates)
    want = placements(events, gates, deltas, ctls)
    raw_equals_truth(tool, events, gates, want)
    nsock = len({s for s in (ev.socket for ev in events) if s >= 0})
    if tool.startswith('power-p'):
        # other PCU profiles: the raw counts are checked, not the figures;
        # each event given thresh=1 must have counted (its edges), but for
        # profile 6 on the v2: PCM sends the package C-state residencies
        # as 0x2b/0x2d, which perf's JSON has with the extension bit
        # (0x12b/0x12d), so they select no event and count nothing
        for ev in events:
            if ev.errno or ev.fixed or not supplied(ev.config, ev.box):
                continue
            n = sum(v for (k, seq), v in want.items() if seq == ev.seq)
            if tool == 'power-p6' and ev.box == 'pcu':
                print(f'pcm-{tool}: {ev.box} config={ev.config:#x} (thresh=1 supplied) '
                      f'counted {n}: no such event without the extension bit')
                continue
            say(n > 0, f'pcm-{tool}: {ev.box} config={ev.config:#x} (thresh=1 supplied) '
                f'counted {n}')
        print(f'pcm-{tool}: {gates} intervals, {len(events)} opens, {bad} mismatches')
        return 1 if bad else 0
    try:
        {'memory': pcm_memory, 'power': pcm_power, 'pcie': pcm_pcie}[tool](
            events, gates, f'{d}/out', nsock)
    except (KeyError, IndexError, ValueError) as e:
        say(False, f'pcm-{tool}: cannot recompute its figures: {e!r}')
    print(f'pcm-{tool}: {gates} intervals, {len(events)} opens, {bad} mismatches')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1], sys.argv[2], int(sys.argv[3], 0) if len(sys.argv) > 3 else 0))
