#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""e2e/metrics' comparisons of xeon-uncore-stat's output with the model's
truth (argv as e2e/metrics passes them; each prints its lines, BAD ones
for a mismatch, and exits non-zero on any):
  metrics_check.py mem|scaled|l3|nhmex|e5lp|rbox|pcp|pcpwant|pcpsys ARGS..."""
import json
import math
import re
import sys


def _one_line(out, outer, bad):
    """the tool's one JSON object of OUT (no -I) and its seconds, checked
    against the shell's time around it"""
    lines = open(out).read().splitlines()
    if len(lines) != 1:
        bad.append('%d JSON lines, want 1 (no -I)' % len(lines))
    o = json.loads(lines[-1])
    if not 0 < o['seconds'] <= outer:
        bad.append('the tool\'s seconds %r not in (0, %.6f], its time from the shell'
                   % (o['seconds'], outer))
    print('NOTE: the tool\'s seconds %.6f, %.6f s from the shell' % (o['seconds'], outer))
    return o


def _truth(truth):
    """{(socket, box, counter): count} of every counter of the model
    (truth lists them all, counting or not)"""
    t = {}
    for ln in open(truth):
        s, box, n, v = ln.split()
        t[(int(s), box, int(n))] = int(v)
    return t


def _counters(ctrs, truth):
    """[(socket, box, counter, ctl, truth)] of every counter a control
    enables (the controls as read while the tool counted)"""
    t = _truth(truth)
    r = []
    for ln in open(ctrs):
        m = re.match(r'(\d+) (\S+) (\d+) ctl=(0x[0-9a-f]+)', ln)
        if m and int(m.group(4), 16):
            k = (int(m.group(1)), m.group(2), int(m.group(3)))
            r.append(k + (int(m.group(4), 16), t.get(k, 0)))
    return r


def _boxes(truth):
    """{socket: {box, ...}} of every counter the model has (truth lists
    them all, counting or not): what the tool must have covered"""
    r = {}
    for s, box, _ in _truth(truth):
        r.setdefault(s, set()).add(box)
    return r


def _judge(o, want, bad, fmt='%-8s %-22s %-4s %-6s %20.6f, formula(truth) %s'):
    """every value of the tool's object O against WANT {(metric, socket,
    instance): value}: equal to 1e-9, not scaled, no error; none missing"""
    seen = set()
    for v in o['values']:
        k = (v['metric'], v['socket'], v['instance'])
        seen.add(k)
        if v['error'] or v['scaled'] or v['value'] is None:
            bad.append('%s: error %s scaled %s' % (k, v['error'], v['scaled']))
            continue
        exp = want.get(k)
        ok = exp is not None and abs(v['value'] - exp) <= 1e-9 * max(abs(exp), 1)
        print(fmt % ('ok' if ok else 'MISMATCH', v['metric'], v['socket'],
                     v['instance'] or '-', v['value'], exp))
        if not ok:
            bad.append('%s: %s, formula(truth) %s' % (k, v['value'], exp))
    for k in sorted(set(want) - seen, key=str):
        bad.append('no value for %s' % (k,))


def _end(bad):
    for b in bad:
        print('BAD ' + b)
    sys.exit(1 if bad else 0)


def _pcp_end(sums, ms, sockets, rows, stamps, bad):
    """the end of a pmrep check: no value no metric explains, the
    intervals noted, the verdict"""
    extra = sorted(set(sums) - {(name, s) for _, name in ms for s in sockets})
    if extra:
        bad.append('values no metric of the part explains: %s' % extra)
    print('NOTE: %d samples, intervals %s s' % (len(rows), [
        '%.6f' % (b - a).total_seconds() for a, b in zip(stamps, stamps[1:])]))
    _end(bad)


def mem(argv):
    out, truth, rd, wr = argv[1], argv[2], int(argv[3]), int(argv[4])
    cycles = int(argv[5])
    outer = float(argv[7]) - float(argv[6])
    bad = []
    o = _one_line(out, outer, bad)
    t = {}
    for (s, box, _), v in _truth(truth).items():
        if box.startswith('imc'):
            t[(s, 'imc_' + box[3:])] = t.get((s, 'imc_' + box[3:]), 0) + v
    sockets = sorted({s for s, _ in t})
    chans = sorted({c for _, c in t})
    want = {}
    for m, per in (('mem.read_bw', rd), ('mem.write_bw', wr)):
        for s in sockets:
            for c in chans:
                n = t[(s, c)] if per else 0
                want[(m, s, c)] = n
                if per and n != cycles // per:
                    bad.append('truth %s %d %s: %d, want %d' % (m, s, c, n, cycles // per))
            want[(m, s, None)] = sum(want[(m, s, c)] for c in chans)
        want[(m, 'all', None)] = sum(want[(m, s, None)] for s in sockets)
    # the formula, restated: 64 B a CAS, MB/s = lines x 64 / 1e6 / s
    _judge(o, {k: n * 64 / 1e6 / o['seconds'] for k, n in want.items()}, bad)
    for m in ('mem.read_bw', 'mem.write_bw'):
        print('NOTE: %s all sockets: truth %d lines over %.6f s' % (
            m, want[(m, 'all', None)], o['seconds']))
    _end(bad)


def scaled(argv):
    bad = []
    n = 0
    vals = []
    outer = float(argv[3]) - float(argv[2])
    objs = [json.loads(ln) for ln in open(argv[1])]
    # The intervals: the tool emits a line once the monotonic clock passes each
    # 0.3 s deadline from its start, and a last one when sleep 1.5 exits.  Its
    # wait wakes at the deadline; a TCG guest on a loaded 2-core host may run
    # it late: LATE = 0.2 s is allowed for that (and for the time the emit
    # itself takes, tens of ms in TCG), well under the 0.3 s interval, so a
    # skipped or doubled interval still shows.  Each line's seconds is the time
    # since the previous line (exact: both from the same clock readings).
    LATE = 0.2
    prev = 0.0
    for i, o in enumerate(objs):
        last = i == len(objs) - 1
        if abs(o['seconds'] - (o['time'] - prev)) > 1e-6:
            bad.append('line %d: seconds %r but %r since the previous line'
                       % (i, o['seconds'], o['time'] - prev))
        if not last and not 0.3 * (i + 1) <= o['time'] <= 0.3 * (i + 1) + LATE:
            bad.append('line %d at %.6f s, want its deadline %.1f s (+%.1f s)'
                       % (i, o['time'], 0.3 * (i + 1), LATE))
        if last and not 0 < o['seconds'] <= 0.3 + LATE:
            bad.append('the last line\'s seconds %r, want (0, %.1f]' % (o['seconds'], 0.3 + LATE))
        prev = o['time']
    if objs:
        end = objs[-1]['time']
        # sleep 1.5 ran inside the tool's window, which lies inside the shell's
        if not 1.5 <= end <= outer:
            bad.append('the tool counted %.6f s, want [1.5, %.6f] (sleep 1.5; its time '
                       'from the shell)' % (end, outer))
        # one line a deadline before the end, but the one the command's exit
        # may have overtaken (the exit is handled first), and the last
        full = math.floor(end / 0.3)
        if not full - 1 <= len(objs) - 1 <= full:
            bad.append('%d lines over %.6f s at -I 300, want %d or %d and the last'
                       % (len(objs), end, full - 1, full))
        print('NOTE: %d lines over %.6f s (%.6f s from the shell): seconds %s' % (
            len(objs), end, outer, ['%.3f' % o['seconds'] for o in objs]))
    for o in objs:
        for v in o['values']:
            n += 1
            vals.append(v)
            inst = v['instance']
            if v['value'] is None and not v['error']:
                bad.append('a value of None without an error: %s' % v)
            # imc_0 and what sums it are multiplexed; the other channels not
            want = inst in (None, 'imc_0')
            if v['scaled'] != want:
                bad.append('%s %s %s scaled %s, want %s' % (
                    v['metric'], v['socket'], inst, v['scaled'], want))
            print(o['time'], v['metric'], v['socket'], inst, v['value'],
                  v['scaled'], v['error'])
    if not n:
        bad.append('no values')
    sc = [v for v in vals if v['scaled']]
    print('NOTE: %d values, %d scaled (all of imc_0 or a total): %s' % (
        n, len(sc), sorted({(v['socket'], v['instance']) for v in sc}, key=str)))
    for b in bad[:20]:
        print('BAD ' + b)
    sys.exit(1 if bad else 0)


def l3(argv):
    out, ctrs, truth, cycles = argv[1], argv[2], argv[3], int(argv[4])
    outer = float(argv[6]) - float(argv[5])
    bad = []
    o = _one_line(out, outer, bad)
    sec = o['seconds']
    ev = {}
    for s, box, n, ctl, v in _counters(ctrs, truth):
        if box not in ('gbsq', 'fsb'):
            continue
        if box == 'gbsq':
            name = 'fill' if (ctl >> 56) & 3 == 1 else 'req' if (ctl >> 36) & 3 == 3 else None
        else:
            sel = [k for k, b in (('drdy', 45), ('empty', 47), ('busy', 49), ('odrdy', 55))
                   if ctl >> b & 1]
            name = sel[0] if len(sel) == 1 else None
        if name is None or (s, name) in ev:
            bad.append('socket %d %s %d ctl %#x: no single event of the tool' % (s, box, n, ctl))
            continue
        ev[(s, name)] = v
    sockets = sorted(_boxes(truth))     # every socket of the model
    keys = ('req', 'fill', 'drdy', 'empty', 'busy', 'odrdy')
    for s in sockets:
        for k in keys:
            if (s, k) not in ev:
                bad.append('socket %d: no counter held %s' % (s, k))
        clk = ev.get((s, 'busy'), 0) + ev.get((s, 'empty'), 0)
        if clk != cycles:
            bad.append('socket %d: busy + empty truth %d, want every cycle %d' % (s, clk, cycles))
    if bad:
        _end(bad)

    def formulas(c):
        clk = c['busy'] + c['empty']
        return {
            'llc.lookups': c['req'] / sec,
            'llc.fills': c['fill'] / sec,
            'link.fsb_clock': clk / sec / 1e6,
            'link.fsb_busy': 100.0 * c['busy'] / clk,
            'link.fsb_data_own': 100.0 * c['drdy'] / clk,
            'link.fsb_data_other': 100.0 * c['odrdy'] / clk,
        }

    want = {}
    for s in sockets:
        for m, v in formulas({k: ev[(s, k)] for k in keys}).items():
            want[(m, s, None)] = v
    for m, v in formulas({k: sum(ev[(s, k)] for s in sockets) for k in keys}).items():
        if m != 'link.fsb_clock':           # a clock: no total
            want[(m, 'all', None)] = v
    _judge(o, want, bad)
    print('NOTE: %.6f s, truth per socket and event: %s' % (sec, sorted(ev.items())))
    _end(bad)


def nhmex(argv):
    out, ctrs, truth, cycles = argv[1], argv[2], argv[3], int(argv[4])
    ncbox = int(argv[5])
    outer = float(argv[7]) - float(argv[6])
    bad = []
    o = _one_line(out, outer, bad)
    sec = o['seconds']
    t = _truth(truth)
    c = {}
    for s, box, n, ctl, v in _counters(ctrs, truth):
        if not re.fullmatch(r'cbox\d+', box):
            continue
        k = {0x14: 'miss'}.get(ctl & 0xff)
        if k is None or (s, box, k) in c:
            bad.append('socket %d %s %d ctl %#x: no single event of the tool' % (s, box, n, ctl))
            continue
        c[(s, box, k)] = v
    sockets = sorted(_boxes(truth))     # every socket of the model
    ev = {}
    for s in sockets:
        boxes = sorted({b for s2, b, _ in c if s2 == s})
        if len(boxes) != ncbox:
            bad.append('socket %d: the tool\'s events on %d C-boxes, want %d' % (
                s, len(boxes), ncbox))
        for b in boxes:
            if c.get((s, b, 'miss')) != cycles // 4:
                bad.append('truth %d %s miss: %s, want %d' % (s, b, c.get((s, b, 'miss')),
                                                              cycles // 4))
        ev[(s, 'miss')] = sum(c.get((s, b, 'miss'), 0) for b in boxes)
        ev[(s, 'ioh')] = sum(v for (s2, box, _), v in t.items()
                             if s2 == s and box.startswith('bbox'))
    if bad:
        _end(bad)

    def formulas(x):
        return {
            'llc.misses': x['miss'] / sec,
            'io.ioh_requests': x['ioh'] / sec,
        }

    want = {}
    keys = ('miss', 'ioh')
    for s in sockets:
        for m, v in formulas({k: ev[(s, k)] for k in keys}).items():
            want[(m, s, None)] = v
    for m, v in formulas({k: sum(ev[(s, k)] for s in sockets) for k in keys}).items():
        want[(m, 'all', None)] = v
    _judge(o, want, bad)
    print('NOTE: %.6f s, truth per socket and event: %s' % (sec, sorted(ev.items())))
    _end(bad)


def socket_of(cpu):
    with open('/sys/devices/system/cpu/cpu%d/topology/physical_package_id' % cpu) as f:
        return int(f.read())


def pcp(argv):
    """pmrep's CSV of the derived metrics (per instance cpuN, a socket)
    against the truth: the sum over pmrep's intervals of value x the
    interval's seconds is what the metric gives over one second of the
    counts; the counts from the rates (every box of the type counted its
    events once every PER cycles, which the truth of each box confirms)"""
    import csv
    import datetime
    xm = _xm()
    out, truth, part, cycles = argv[1], argv[2], argv[3], int(argv[4])
    per = dict(zip(('cas_count_read', 'cas_count_write', 'drs_data', 'ncb_data'),
                   map(int, argv[5:9])))
    bad = []
    t = {}
    for (s, box, _), v in _truth(truth).items():
        t[(s, box)] = t.get((s, box), 0) + v
    # each box's truth: its events' counts, nothing else counted
    boxes = {}
    for (s, box), v in sorted(t.items()):
        kind = box.rstrip('0123456789')
        evs = [a for a in per if xm.PCP_PFM_EVENTS[a].startswith(
            {'imc': 'UNC_M_', 'qpi': 'UNC_Q_'}.get(kind, '-'))]
        want = sum(cycles // per[a] for a in evs)
        if kind == 'cstate':        # free-running, counts on its own
            continue
        if v != want and (evs or v):
            bad.append('truth socket %d %s: %d, want %d (%s)' % (s, box, v, want,
                                                                 ' + '.join(evs) or 'none'))
        if evs:
            boxes.setdefault((s, kind), []).append(box)
    ms, _ = xm.pcp_metrics()
    rows = list(csv.reader(open(out)))
    head, rows = rows[0], rows[1:]
    stamps = [datetime.datetime.strptime(r[0], '%Y-%m-%d %H:%M:%S.%f') for r in rows]
    sums = {}
    nonzero = {}
    for j, col in enumerate(head[1:], 1):
        name, _, inst = col.rpartition('-')
        cpu = int(inst[3:])
        key = (name, socket_of(cpu))
        if key in sums:     # two instances of one socket: one would hide the other
            bad.append('%s: a second instance on socket %d (%s)' % (name, key[1], inst))
            continue
        sums[key] = 0.0
        for i in range(1, len(rows)):
            if rows[i][j] == '':
                bad.append('%s %s: no value at sample %d' % (name, inst, i))
                continue
            dt = (stamps[i] - stamps[i - 1]).total_seconds()
            v = float(rows[i][j])
            sums[key] += v * dt
            nonzero[key] = nonzero.get(key, 0) + (v != 0)
    if len(rows) < 2:
        bad.append('%d samples, want 2 or more' % len(rows))
    sockets = sorted({s for s, _ in boxes})
    for m, name in ms:
        (key, alias), = m.events.items()
        kind = xm.pcp_box(m)
        for s in sockets:
            n = len(boxes.get((s, kind), []))
            if not 0 < n <= xm.PCP_BOXES[part][kind]:
                bad.append('socket %d: %d %s boxes, %s has 1 to %d' % (
                    s, n, kind, part, xm.PCP_BOXES[part][kind]))
            exp = m.calc({key: n * (cycles // per[alias])}, 1.0)
            got = sums.get((name, s))
            ok = got is not None and abs(got - exp) <= 1e-5 * exp
            print('%-4s %-32s socket %d: sum(value x s) %s, formula(truth) over 1 s '
                  '%.9f (%d %s x %d); intervals not 0: %s' % (
                      'ok' if ok else 'MISMATCH', name, s,
                      'none' if got is None else '%.9f' % got, exp, n, kind,
                      cycles // per[alias], nonzero.get((name, s))))
            if not ok:
                bad.append('%s socket %d: %s, formula(truth) %.9f' % (name, s, got, exp))
            else:
                print('NOTE: %s socket %d: sum over intervals of value x s %.9f = '
                      'formula(truth) over 1 s %.9f' % (name, s, got, exp))
    _pcp_end(sums, ms, sockets, rows, stamps, bad)


def _xm():
    import os
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                    '..', '..', '..', 'xeon_uncore'))
    import xeon_uncore_metrics as xm
    return xm


def pmda_encode(formats, spec):
    """what PCP 6.0.3's perfevent PMDA makes of a sysfs event SPEC with a
    PMU's FORMATS ({field: 'config1:0-7,21'}), restated from its
    parse_events.c: each term's value, read as hexadecimal, shifted left by
    the lowest bit of its field's first range and ORed in (no mask, no
    other range); a term without "=" is dropped.  (config, config1,
    config2), or None when a term names no field (the PMDA fails the
    event)"""
    words = [0, 0, 0]
    for term in spec.split(','):
        field, eq, val = term.partition('=')
        if not eq:
            continue
        fmt = formats.get(field)
        if fmt is None:
            return None
        word, _, bits = fmt.partition(':')
        lo = int(re.match(r'\d+', bits).group(0))
        w = {'config1': 1, 'config2': 2}.get(word, 0)
        words[w] |= int(val, 16) << lo
    return tuple(words)


def pcpwant(argv):
    """pcpwant PART CONF: for e2e/pcp, what the PMDA should open on this
    machine with the package's perfevent.conf CONF, printed as "EVENTS
    DERIVED" and a line of NAMES: the events x CPUs of the [dynamic] lines
    whose PMU has the event (each on its PMU's cpumask), 0 on an E5 (its
    entry's events are counted from the file), the derived counters of
    PART's family and the names of its PCP metrics;
    BAD lines, and exit 1, for an event the PMDA would encode otherwise
    than perf (a split field, a decimal value)"""
    import os
    xm = _xm()
    part, conf = argv[1], argv[2]
    lines = open(conf).read().split('\n[dynamic]\n')[1].split()
    n, bad = 0, []
    for ln in lines:
        pmu, _, ev = ln.partition('.')
        d = os.path.join(xm.PMUS, pmu)
        if not os.path.exists(os.path.join(d, 'events', ev)):
            continue
        p = xm.Pmu(pmu)
        n += len(p.cpus)
        perf, pmda = p.encode(ev), pmda_encode(p.formats, p.events[ev])
        print('# %s: %s, perf %s, PMDA %s, on %s' % (
            ln, p.events[ev], ' '.join(map(hex, perf)),
            pmda and ' '.join(map(hex, pmda)), p.cpus), file=sys.stderr)
        if perf != pmda:
            bad.append('%s: the PMDA would encode %s as %s, perf as %s' % (
                ln, p.events[ev], pmda, perf))
    for b in bad:
        print('BAD ' + b)
    ms = xm.pcp_metrics(xm.FAMILY[part])[0]
    print(n, len(ms))
    print(' '.join(name for _, name in ms))
    sys.exit(1 if bad else 0)


def pcpsys(argv):
    """pcpsys CSV TRUTH CTRS PART CYCLES: pmrep's CSV of the derived
    metrics of the 7500/E7 or 7100/7400 (the perfevent PMDA's [dynamic]
    events; an instance a socket's CPU) against the truth, as pcp does:
    the sum over pmrep's intervals of value x seconds is the metric's
    formula over 1 s of the counts.  The counts, per socket, PMU and
    event: on the 7500/E7 a C-box counts only llc_misses (the model's
    rate: one every 4 cycles), a B-box only imt_inserts_ioh (its own
    stream), an R-box counter port P's flits (the model's rate: one every
    10 + P cycles, which tells the ports apart); on the 7100/7400 each
    counter's control (CTRS, read while pmcd held the events) says which
    event it held, as l3 reads them"""
    import csv
    import datetime
    xm = _xm()
    out, truth, ctrs, part, cycles = argv[1:5] + [int(argv[5])]
    fam = xm.FAMILY[part]
    bad = []
    counts = {}
    if fam == 'nhmex':
        for s, box, n, ctl, v in _counters(ctrs, truth):
            kind, num = re.match(r'([a-z]+)(\d*)$', box).groups()
            pmu = 'uncore_%s_%s' % (kind, num)
            if kind == 'cbox':
                if ctl & 0xff != 0x14 or v != cycles // 4:
                    bad.append('socket %d %s %d ctl %#x: truth %d, want llc_misses '
                               '%d' % (s, box, n, ctl, v, cycles // 4))
                k = (s, pmu, 'llc_misses')
            elif kind == 'bbox':
                k = (s, pmu, 'imt_inserts_ioh')
            elif kind == 'rbox':
                near = [p for p in range(8) if p // 4 == int(num)
                        and abs(v - cycles / (10 + p)) <= 1]
                if len(near) != 1:
                    bad.append('socket %d %s %d: truth %d is no port\'s rate' % (s, box, n, v))
                    continue
                k = (s, pmu, 'port%d_flits_sent' % (near[0] % 4))
            else:
                bad.append('socket %d %s %d ctl %#x: a box no PCP metric reads' % (s, box, n, ctl))
                continue
            if k in counts:
                bad.append('%s: two counters' % (k,))
            counts[k] = v
    else:
        names = {'req': 'l3_requests', 'fill': 'l3_fills', 'busy': 'fsb_ioq_busy_cycles',
                 'empty': 'fsb_ioq_empty_cycles'}
        for s, box, n, ctl, v in _counters(ctrs, truth):
            if box == 'gbsq':
                k = 'fill' if (ctl >> 56) & 3 == 1 else 'req' if (ctl >> 36) & 3 == 3 else None
            else:
                sel = [k for k, b in (('empty', 47), ('busy', 49)) if ctl >> b & 1]
                k = sel[0] if len(sel) == 1 and box == 'fsb' else None
            if k is None or (s, 'uncore_l3', names[k]) in counts:
                bad.append('socket %d %s %d ctl %#x: no single event of the PMDA\'s'
                           % (s, box, n, ctl))
                continue
            counts[(s, 'uncore_l3', names[k])] = v
        for s in {k[0] for k in counts}:
            clk = counts.get((s, 'uncore_l3', 'fsb_ioq_busy_cycles'), 0) + \
                counts.get((s, 'uncore_l3', 'fsb_ioq_empty_cycles'), 0)
            if clk != cycles:
                bad.append('socket %d: busy + empty truth %d, want every cycle %d'
                           % (s, clk, cycles))
    print('NOTE: truth per socket, PMU and event: %s' % sorted(counts.items()))
    rows = list(csv.reader(open(out)))
    head, rows = rows[0], rows[1:]
    stamps = [datetime.datetime.strptime(r[0], '%Y-%m-%d %H:%M:%S.%f') for r in rows]
    if len(rows) < 2:
        bad.append('%d samples, want 2 or more' % len(rows))
    sums = {}
    for j, col in enumerate(head[1:], 1):
        name, _, inst = col.rpartition('-')
        key = (name, socket_of(int(inst[3:])))
        sums[key] = 0.0
        for i in range(1, len(rows)):
            if rows[i][j] == '':
                bad.append('%s %s: no value at sample %d' % (name, inst, i))
                continue
            sums[key] += float(rows[i][j]) * (stamps[i] - stamps[i - 1]).total_seconds()
    sockets = sorted({k[0] for k in counts})
    ms = xm.pcp_metrics(fam)[0]
    for m, name in ms:
        for s in sockets:
            c = {}
            for key, alias in m.events.items():
                c[key] = sum(v for (s2, pmu, a), v in counts.items()
                             if s2 == s and a == alias and
                             xm.instances(m.box, [pmu]))
            exp = m.calc(c, 1.0)
            got = sums.get((name, s))
            ok = got is not None and abs(got - exp) <= 1e-5 * exp
            print('%-4s %-32s socket %d: sum(value x s) %s, formula(truth) over 1 s '
                  '%.9f (%s)' % ('ok' if ok else 'MISMATCH', name, s,
                                 'none' if got is None else '%.9f' % got, exp, c))
            if not ok:
                bad.append('%s socket %d: %s, formula(truth) %.9f' % (name, s, got, exp))
            elif not exp:
                bad.append('%s socket %d: formula(truth) 0: the test counted nothing'
                           % (name, s))
            else:
                print('NOTE: %s socket %d: sum over intervals of value x s %.9f = '
                      'formula(truth) over 1 s %.9f' % (name, s, got, exp))
    _pcp_end(sums, ms, sockets, rows, stamps, bad)


def e5lp(argv):
    """link and power on the E5-2600s.  A QPI counter whose control selects
    event 0x02 with ev_sel_ext (bit 21) and umask 0x08 held drs_data,
    0x03 + ext with umask 0x04 ncb_data (REF: ev_sel_ext, 7.3's aliases); a
    PCU counter with event 0x80 held the occupancy its occ_sel (15:14)
    names: 1 cores in C0, 2 C3, 3 C6; event 0x00 the PCU clock (REF 4.4).
    The formulas, restated from the admin guide: flits a second per port,
    per socket (the ports summed) and in total; cores in a state = its
    occupancy / the PCU clocks, per socket, the total the sockets' sum."""
    out, ctrs, truth = argv[1], argv[2], argv[3]
    bad = []
    o = _one_line(out, float(argv[5]) - float(argv[4]), bad)
    sec = o['seconds']
    ev = {}
    for s, box, n, ctl, v in _counters(ctrs, truth):
        code, umask, ext = ctl & 0xff, ctl >> 8 & 0xff, ctl >> 21 & 1
        k = None
        if box.startswith('qpi') and ext:
            k = {(0x02, 0x08): 'drs', (0x03, 0x04): 'ncb'}.get((code, umask))
        elif box == 'pcu' and not ext:
            k = {0x80: 'occ%d' % (ctl >> 14 & 3), 0x00: 'clk'}.get(code)
        if k is None or (s, box, k) in ev:
            bad.append('socket %d %s %d ctl %#x: no single event of the tool' % (s, box, n, ctl))
            continue
        ev[(s, box, k)] = v
    # every socket and QPI port of the model, whether the tool counted
    # there or not
    boxes = _boxes(truth)
    sockets = sorted(boxes)
    ports = sorted({b for s in sockets for b in boxes[s] if b.startswith('qpi')})
    if not sockets or not ports:
        bad.append('the model lists no socket or no QPI port: %s' % boxes)
    for s in sockets:
        for k in [(p, e) for p in ports for e in ('drs', 'ncb')] + \
                 [('pcu', e) for e in ('clk', 'occ1', 'occ2', 'occ3')]:
            if not ev.get((s,) + k):
                bad.append('socket %d %s %s: no counter, or it counted nothing' % ((s,) + k))
    if bad:
        _end(bad)
    want = {}
    for m, e in (('link.drs_data_flits', 'drs'), ('link.ncb_data_flits', 'ncb')):
        for s in sockets:
            for p in ports:
                want[(m, s, 'qpi_' + p[3:])] = ev[(s, p, e)] / sec
            want[(m, s, None)] = sum(ev[(s, p, e)] for p in ports) / sec
        want[(m, 'all', None)] = sum(ev[(s, p, e)] for s in sockets for p in ports) / sec
    for m, e in (('power.cores_c0', 'occ1'), ('power.cores_c3', 'occ2'),
                 ('power.cores_c6', 'occ3')):
        for s in sockets:
            want[(m, s, None)] = ev[(s, 'pcu', e)] / ev[(s, 'pcu', 'clk')]
        want[(m, 'all', None)] = sum(want[(m, s, None)] for s in sockets)
    _judge(o, want, bad)
    print('NOTE: %.6f s, truth per socket, box and event: %s' % (sec, sorted(ev.items())))
    _end(bad)


def rbox(argv):
    """link on the 7500/E7: port P's flits sent at a rate of its own (one
    every 10 + P cycles, so no two ports' counts are alike); the tool's
    link.portP_tx_flits x seconds must be the truth of one counter of R-box
    P / 4 on that socket, the one that counted P's rate (CYCLES / (10 + P),
    give or take the pattern's phase), and the R-boxes count nothing
    else.  Formula, restated from the admin guide: FLITS_SENT of the port
    a second, per socket and in total."""
    out, ctrs, truth, cycles = argv[1], argv[2], argv[3], int(argv[4])
    bad = []
    o = _one_line(out, float(argv[6]) - float(argv[5]), bad)
    sec = o['seconds']
    ctr = [c for c in _counters(ctrs, truth) if c[1].startswith('rbox')]
    sockets = sorted(_boxes(truth))     # every socket of the model
    if not sockets:
        bad.append('the model lists no socket')
    held = {}
    for s, box, n, ctl, v in ctr:
        near = [p for p in range(8) if 'rbox%d' % (p // 4) == box
                and abs(v - cycles / (10 + p)) <= 1]
        if len(near) != 1 or (s, near[0]) in held:
            bad.append('socket %d %s %d ctl %#x: truth %d is no port\'s rate alone'
                       % (s, box, n, ctl, v))
            continue
        held[(s, near[0])] = v
    for s in sockets:
        for p in range(8):
            if (s, p) not in held:
                bad.append('socket %d: no R-box counter counted port %d' % (s, p))
    if bad:
        _end(bad)
    want = {}
    for p in range(8):
        m = 'link.port%d_tx_flits' % p
        for s in sockets:
            want[(m, s, None)] = held[(s, p)] / sec
        want[(m, 'all', None)] = sum(held[(s, p)] for s in sockets) / sec
    _judge(o, want, bad)
    print('NOTE: %.6f s, truth per socket and port: %s' % (sec, sorted(held.items())))
    _end(bad)


if __name__ == '__main__':
    sys.exit({'mem': mem, 'scaled': scaled, 'l3': l3, 'nhmex': nhmex,
              'e5lp': e5lp, 'rbox': rbox, 'pcp': pcp, 'pcpwant': pcpwant,
              'pcpsys': pcpsys}[sys.argv[1]](sys.argv[1:]))
