#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Helper of e2e/perf-table: perf's uncore event table of the model's part
against the model.

  perf_table.py part
                                        the model's platform and perf's
                                        table for it ("snbep jaketown")
  perf_table.py plan JSON_DIR PLAN [MUX_MS]
                                        the table, what each event should
                                        program, the perf stat batches
                                        (their events in PLAN.<batch>.events)
  perf_table.py wait PLAN BATCH SECS|auto CTL ACK
                                        perf stat's workload: enables the
                                        events through perf's control
                                        fifos, returns once the model has
                                        shown every event of the batch
                                        enabled on every box
  perf_table.py check PLAN LOG SUMMARY CSV...
                                        replays the model's register log
                                        (since the modules loaded) against
                                        the table
  perf_table.py pfm-plan XU_PFM_OUT PLAN
                                        the plan from xu-pfm --open's output
                                        (e2e/libpfm4): libpfm4's encodings,
                                        what each should program; check
                                        PLAN LOG SUMMARY then replays a log
                                        cut at xu-pfm's sessions (--log,
                                        --history) against them

The part is the model's platform (its debugfs info), one of PARTS: the
Xeon E5-2600 (snbep, perf's jaketown table) and E5-2600 v2 (ivbep,
ivytown).  Everything expected is derived here from the JSON fields
(EventCode, UMask, ExtSel, Counter) and from the part's uncore guide
(327043-001, 329468) for the registers each box has, box control
sequences and filter fields; nothing is read back from the driver.  The
registers are named as the model names them (simregs.py), their addresses
looked up in its regs view.  The units a part lacks are the part's
not_on_part, which the model must lack too; the counters a box has, and
the QPI ports with a match/mask function, are stated here and checked
against the model.

With libpfm4's table instead of perf's (pfm-plan), the expectation of each
encoding is libpfm4's raw register values: the counter control is config
with the enable bit (the driver's; on the v2 with or without ov_en), the
filter fields the event reads hold what config1 (and, for QPI's mask,
config2) packs, as upstream's format does: the C-box's filter register(s)
in config1 (on the v2 FILTER0 in bits 31:0, FILTER1 in 63:32), the PCU's
bands in config1, QPI's match in config1 and mask in config2.  A field set
that the event does not read is accepted and not programmed by the driver
(noted once in dmesg), as the hardware ignores it: counted apart.
"""
import glob
import json
import os
import re
import sys
import time

import simregs
from simregs import Regs

SIM = '/sys/kernel/debug/xeon_uncore_sim'
PMUS = '/sys/bus/event_source/devices'

CTL_TID_EN = 1 << 19            # C-box: the filter's tid applies
CTL_OV_EN = 1 << 20             # E5-2600 v2: overflow reporting
CTL_EV_SEL_EXT = 1 << 21
CTL_EN = 1 << 22
FIXED_EVENT = 0xff              # config of the fixed counter (iMC, U-box)
FIXED = 'fixed'                 # Checker.by_ctl's key of fixed-counter events

BOX_FRZ_EN, BOX_FRZ = 1 << 16, 1 << 8

# JSON Unit -> the unit's PMU, uncore_<unit> in lower case (jevents.py)
# but for the units its table renames.  This test names a unit by its
# PMU's name without uncore_ ("cbox", "qpi", "imc").
JEVENTS_RENAMED = {'CBO': 'cbox', 'QPI LL': 'qpi'}


def unit_of_json(unit):
    return JEVENTS_RENAMED.get(unit, unit.lower())


def unit_pmu(unit):
    return 'uncore_' + unit


def not_on_part(part, unit):
    return PARTS[part]['not_on_part'].get(unit, 'unknown to this test')


# Counter constraints of the events whose JSON entry has no "Counter":
# upstream Linux's snbep_uncore_{cbox,r2pcie,r3qpi}_constraints (guide
# 2.3.3, 2.9.2, 2.10.2: queue occupancies only accumulate behind counter
# 0), which upstream's ivbep_uncore_* types use too.  An event they do
# not list (ivytown's R2PCIe RxR_OCCUPANCY, 0x13) may take any counter.
FALLBACK_COUNTERS = {
    ('cbox', 0x11): [0], ('cbox', 0x36): [0],
    ('r2pcie', 0x12): [0], ('r2pcie', 0x23): [0, 1], ('r2pcie', 0x25): [0, 1],
    ('r2pcie', 0x13): [0, 1, 2, 3],
    ('r3qpi', 0x13): [0],
}

# C-box filter fields: (register kind, mask in the register), and which
# events read which field (guide 2.3.5 / 329468 2.3.5): LLC_LOOKUP (0x34)
# selects by line state; TOR_INSERTS/TOR_OCCUPANCY's OPCODE sub-events
# (umask bit 0) by opcode; the NID sub-events (umask bit 6) of LLC_LOOKUP,
# TOR_* and LLC_VICTIMS (0x37) by node; on the v2, RxR_IPQ_RETRY's
# QPI_CREDITS (0x31, umask bit 4) by link.  tid only with tid_en, which no
# table event has.
CF_USE_SNB = [(0x34, 0x34, 0x00, 'state'), (0x35, 0x36, 0x01, 'opc'),
              (0x34, 0x37, 0x40, 'nid')]
CF_USE_IVB = CF_USE_SNB + [(0x31, 0x31, 0x10, 'link')]

# Per part: perf's table, the units it does not have, the box control
# values of the guide's sequences, the C-box filter fields and the
# registers (rows) that hold them, the QPI ports with a match/mask function.
PARTS = {
    'snbep': {
        'table': 'jaketown',
        'not_on_part': {'irp': 'no IRP box on E5-2600'},
        # guide 2.1.2: init (frz_en, frz, reset counters and controls),
        # exit (reset), unfreeze, freeze; the iMC's box control has only
        # frz_en and frz.  Frozen: frz under frz_en.
        'box_values': {0x10103, 0x3, 0x10000, 0x10100},
        'imc_box_values': {0x10100, 0x0, 0x10000},
        'frz_en': BOX_FRZ_EN,
        # guide table 2-19: one filter register
        'cf': {'tid': ('filter', 0x1f), 'nid': ('filter', 0xff << 10),
               'state': ('filter', 0x1f << 18), 'opc': ('filter', 0x1ff << 23)},
        'cf_regs': {'filter': 'Cn_MSR_PMON_BOX_FILTER'},
        # the filter registers in config1, 32 bits each from bit 0
        'cf_config1': ['filter'],
        'cf_use': CF_USE_SNB,
        'qpi_mm_ports': 2,
        'pmi': False,
        'log_cap': 15000,
    },
    'ivbep': {
        'table': 'ivytown',
        'not_on_part': {},
        # 329468 2.1: no frz_en, the boxes obey frz alone: init (frz,
        # reset), exit (reset), unfreeze, freeze; the iMC's the same
        # (its setup sequence resets every DRAM channel's box too).
        'box_values': {0x103, 0x3, 0x0, 0x100},
        'imc_box_values': {0x103, 0x3, 0x0, 0x100},
        'frz_en': 0,
        # FILTER0: tid 4:0, link 8:5, state 22:17; FILTER1: nid 15:0, opc
        # 28:20 with its c6, nc and isoc qualifiers 31:29
        'cf': {'tid': ('filter0', 0x1f), 'link': ('filter0', 0xf << 5),
               'state': ('filter0', 0x3f << 17), 'nid': ('filter1', 0xffff),
               'opc': ('filter1', 0xfff << 20)},
        'cf_regs': {'filter0': 'Cn_MSR_PMON_BOX_FILTER0',
                    'filter1': 'Cn_MSR_PMON_BOX_FILTER1'},
        'cf_config1': ['filter0', 'filter1'],
        'cf_use': CF_USE_IVB,
        # port 2 has no match/mask function
        'qpi_mm_ports': 2,
        # ov_en, box status registers (W1C), the global control and
        # status (2.1.1-2.1.5): a counter that reports overflows is
        # preloaded when counting (5.8 step 4)
        'pmi': True,
        'log_cap': 11000,
    },
}

# The IRP (v2): two sub-units of two counters in one PMU; perf's "Counter"
# numbers a sub-unit's counters (329468, upstream's 4-counter uncore_irp).
IRP_SUBUNIT_COUNTERS = 2

# Counters a box has (guide 2.x), but for the types of 4
BOX_COUNTERS = {'ubox': 2, 'r3qpi': 3}

# v2 global registers (329468 2.1.4-2.1.5, REFERENCE 5.2)
IVB_GLOBAL_CTL = 'ubox.U_MSR_PMON_GLOBAL_CTL'
IVB_GLOBAL_STATUS = 'ubox.U_MSR_PMON_GLOBAL_STATUS'
IVB_G_CORE_SEL, IVB_G_UNFRZ, IVB_G_FRZ = 0x7fff, 1 << 29, 1 << 31
IVB_OV_ALL = 0x7ff              # the summary bits (positions: the model's)


def sim_info(key):
    with open(SIM + '/info') as f:
        for line in f:
            w = line.split()
            if len(w) == 2 and w[0] == key:
                return w[1]
    return None


def sim_platform():
    return sim_info('platform')


def this_part():
    name = sim_platform()
    if name not in PARTS:
        raise SystemExit('model platform %s: no perf table known to this test'
                         % name)
    return name, PARTS[name]


def shift(mask):
    return (mask & -mask).bit_length() - 1


def cbox_filter_use(pt, code, umask):
    """The C-box filter fields an event uses (the part's cf_use)."""
    return [f for first, last, bit, f in pt['cf_use']
            if first <= code <= last and (not bit or umask & bit)]


def shared_layout(pt, unit):
    """Where upstream's format packs a unit's shared registers in the
    config words, {kind: (word, shift)}, and every field of them, {name:
    (kind, mask in the register)}."""
    if unit == 'cbox':
        return ({k: (1, 32 * i) for i, k in enumerate(pt['cf_config1'])},
                dict(pt['cf']))
    if unit == 'pcu':
        return ({'filter': (1, 0)},
                {'band%d' % n: ('filter', 0xff << (8 * n)) for n in range(4)})
    if unit == 'qpi':
        regs = {'match0': (1, 0), 'match1': (1, 32),
                'mask0': (2, 0), 'mask1': (2, 32)}
        return regs, {k: (k, 0xffffffff) for k in regs}
    return {}, {}


def fields_read(pt, unit, config):
    """The shared-register fields the event with control @config reads:
    the C-box's as the guide attaches them (cbox_filter_use, tid with
    tid_en), a PCU band by FREQ_BAND<n>_CYCLES (0x0b-0x0e), QPI's match
    and mask by CTO_COUNT (0x38 with the extension bit)."""
    code, umask = config & 0xff, (config >> 8) & 0xff
    ext = bool(config & CTL_EV_SEL_EXT)
    if unit == 'cbox':
        used = cbox_filter_use(pt, code, umask)
        return used + ['tid'] if config & CTL_TID_EN else used
    if unit == 'pcu' and not ext and 0x0b <= code <= 0x0e:
        return ['band%d' % (code - 0x0b)]
    if unit == 'qpi' and ext and code == 0x38:
        return ['match0', 'match1', 'mask0', 'mask1']
    return []


def expected_shared(pt, unit, code, ext, umask):
    """[(register kind, mask, value)] the event needs in its box's shared
    registers.  The 6.1 JSON has no Filter fields, so every field holds its
    "no selection" value: the state field all states (0 would match no
    line), link, node, opcode (with its qualifiers), bands, match and mask
    0."""
    _, fields = shared_layout(pt, unit)
    config = code | umask << 8 | (CTL_EV_SEL_EXT if ext else 0)
    out = []
    for f in fields_read(pt, unit, config):
        kind, mask = fields[f]
        out.append((kind, mask, mask if f == 'state' else 0))
    return out


def pmu_instances(prefix):
    """perf's expansion of a table PMU name: the PMU, or its _<n> boxes."""
    names = []
    for d in os.listdir(PMUS):
        if d == prefix or re.fullmatch(re.escape(prefix) + r'_\d+', d):
            names.append(d)
    return sorted(names, key=lambda n: [int(x) if x.isdigit() else x
                                        for x in re.split(r'(\d+)', n)])


def cpulist(text):
    cpus = []
    for part in text.strip().split(','):
        if '-' in part:
            a, b = part.split('-')
            cpus.extend(range(int(a), int(b) + 1))
        elif part:
            cpus.append(int(part))
    return cpus


def cpu_socket():
    m = {}
    for d in glob.glob('/sys/devices/system/cpu/cpu[0-9]*/topology'):
        cpu = int(re.search(r'cpu(\d+)/topology', d).group(1))
        with open(d + '/physical_package_id') as f:
            m[cpu] = int(f.read())
    return m


_REGS = []


def model_disagrees(why):
    """A fact this test states that the model's part does not have: a
    problem, on stdout as the plan's are, and the end of the run."""
    print('problem: ' + why)
    sys.exit(1)


def model_regs():
    """The model's registers (its regs view), read once."""
    if not _REGS:
        _REGS.append(Regs(SIM))
    return _REGS[0]


def pmu_kind(pmu):
    """(box type, index) of a perf uncore PMU: uncore_cbox_3 -> ('cbox',
    3), uncore_pcu -> ('pcu', 0); None for another name."""
    m = re.fullmatch(r'uncore_([a-z0-9]+?)(?:_(\d+))?', pmu)
    return (m.group(1), int(m.group(2) or 0)) if m else None


def pmu_box(pmu):
    """The model's box of a perf PMU (uncore_cbox_3 -> cbox3), None when
    the part has no such box."""
    return model_regs().box(*pmu_kind(pmu))


def box_regs(pt, pmu):
    """Registers of a PMU's box (guide 2.3-2.10), by the model's names:
    space, counter controls, box control, shared registers {kind: name};
    on a part with overflow reporting, the box status register (name, its
    bits) and the counters' (name, counting preload: 2^(width-1), a dword
    each half in PCI space)."""
    R = model_regs()
    kind, n = pmu_kind(pmu)
    box = R.box(kind, n)
    ctl = R.row(box, 'PMON_CTL')
    if len(ctl) != BOX_COUNTERS.get(kind, 4):
        model_disagrees('%s: the model\'s %s has %d counter controls, not %d'
                        % (pmu, box, len(ctl), BOX_COUNTERS.get(kind, 4)))
    r = {'space': R.space(ctl[0]), 'ctl': ctl,
         'box': R.get(box + '.PMON_BOX_CTL'), 'shared': {}, 'ctr': []}
    # the fixed counter: the U-box's UCLK, the iMC channel's DCLK (their
    # own boxes in the model)
    fixed = {'ubox': ('uclk', 'U_MSR_PMON_UCLK_FIXED_CTL'),
             'imc': ('dclk', 'MC_CHy_PCI_PMON_FIXED_CTL')}.get(kind)
    fbox = R.box(fixed[0], n) if fixed else None
    if fbox:
        r['fixed'] = fbox + '.' + fixed[1]
    if kind == 'cbox':
        r['shared'] = {k: box + '.' + row for k, row in pt['cf_regs'].items()}
    elif kind == 'pcu':
        r['shared'] = {'filter': box + '.PCU_MSR_PMON_BOX_FILTER'}
    elif kind == 'qpi':
        mm = R.box('qpi_mm', n)
        if bool(mm) != (n < pt['qpi_mm_ports']):
            model_disagrees('%s: the model %s a match/mask function for it'
                            % (pmu, 'has' if mm else 'lacks'))
        if mm:
            mm += '.Q_Py_PCI_PMON_PKT_'
            r['shared'] = {'match0': mm + 'MATCH0', 'match1': mm + 'MATCH1',
                           'mask0': mm + 'MASK0', 'mask1': mm + 'MASK1'}
    if pt['pmi']:
        # a bit a counter, the fixed one first on the iMC (bit 0), last
        # on the U-box (bit 2)
        r['status'] = (R.ending(box, 'BOX_STATUS'),
                       (1 << (len(ctl) + bool(fbox))) - 1)
        width = 44 if kind in ('ubox', 'cbox', 'r2pcie', 'r3qpi') else 48
        ctrs = [(c, 1 << (width - 1)) for c in R.row(box, 'PMON_CTR')]
        if fbox:
            ctrs += [(fbox + '.PMON_CTR', 1 << 47)]
        for c, half in ctrs:
            if r['space'] == 'pci':
                r['ctr'] += [(c, half & 0xffffffff), (c + '.hi', half >> 32)]
            else:
                r['ctr'].append((c, half))
    return r


# ---- plan --------------------------------------------------------------

def load_table(json_dir):
    events = []
    for path in sorted(glob.glob(os.path.join(json_dir, 'uncore-*.json'))):
        with open(path) as f:
            for e in json.load(f):
                events.append(e)
    return events


def encode(e):
    code = int(e.get('EventCode', '0').split(',')[0], 0)
    umask = int(e.get('UMask', '0'), 0)
    ext = int(e.get('ExtSel', '0'), 0)
    ctl = CTL_EN | (CTL_EV_SEL_EXT if ext else 0) | (umask << 8) | code
    return code, umask, ext, ctl


# JSON fields: the encoding ones this test derives its expectations from,
# and descriptive ones.  Anything else (Filter, EdgeDetect, Invert,
# CounterMask, ...) would change what perf programs: not modelled here.
ENCODING_KEYS = {'EventCode', 'UMask', 'ExtSel', 'Counter'}
OTHER_KEYS = {'EventName', 'Unit', 'PerPkg', 'BriefDescription',
              'PublicDescription', 'MetricExpr', 'MetricName', 'ScaleUnit',
              'Deprecated', 'Errata'}


def cmd_part():
    name, pt = this_part()
    print('%s %s' % (name, pt['table']))
    return 0


def cmd_plan(json_dir, plan_path, mux_ms='50'):
    mux_ms = int(mux_ms)
    name, pt = this_part()
    table = load_table(json_dir)
    plan = {'part': name, 'total': len(table), 'na': {}, 'events': [],
            'batches': [], 'problems': []}
    if not table:
        plan['problems'].append('no uncore-*.json in %s' % json_dir)
    units = {}
    for e in table:
        unit = unit_of_json(e['Unit'])
        if unit in pt['not_on_part']:
            plan['na'].setdefault(unit, []).append(e['EventName'])
            continue
        if not pmu_box(unit_pmu(unit)):
            plan['problems'].append('%s: unit %s, no box of the model\'s %s'
                                    % (e['EventName'], e['Unit'], name))
            continue
        odd = set(e) - ENCODING_KEYS - OTHER_KEYS
        if odd:
            plan['problems'].append('%s: fields %s not understood by this test'
                                    % (e['EventName'], ', '.join(sorted(odd))))
        code, umask, ext, ctl = encode(e)
        if 'Counter' in e:
            ctrs = [int(c) for c in e['Counter'].split(',')]
            if unit == 'irp':
                ctrs = sorted(c + IRP_SUBUNIT_COUNTERS * u for c in ctrs
                              for u in range(2))
        else:
            ctrs = FALLBACK_COUNTERS.get((unit, code))
            if ctrs is None:
                plan['problems'].append('%s: no Counter and no known constraint'
                                        % e['EventName'])
                ctrs = []
        ev = {'name': e['EventName'].lower(), 'unit': unit, 'ctl': ctl,
              'counters': ctrs,
              'shared': expected_shared(pt, unit, code, ext, umask)}
        plan['events'].append(ev)
        units.setdefault(unit, []).append(len(plan['events']) - 1)
    for ev in plan['events']:
        ev['pmus'] = pmu_instances(unit_pmu(ev['unit']))
    for unit in pt['not_on_part']:
        for p in pmu_instances(unit_pmu(unit)):
            plan['problems'].append('%s exists: %s' % (p, not_on_part(name, unit)))
        if pmu_box(unit_pmu(unit)):
            plan['problems'].append('the model has a %s box: %s'
                                    % (unit, not_on_part(name, unit)))
    plan['pmu_cpus'] = {}
    for ev in plan['events']:
        for p in ev['pmus']:
            with open(os.path.join(PMUS, p, 'cpumask')) as f:
                plan['pmu_cpus'][p] = cpulist(f.read())
    # The model's log keeps 65536 accesses.  Each box of a perf stat
    # rotates through all its unit's events in that perf stat, one event
    # per rotation; a rotation takes all its counters off and puts them
    # back (a control write and a counter read each way, two dword reads
    # per PCI counter), between a freeze and an unfreeze.  perf's enabling
    # the events one by one costs about one more such cycle.  Units share a
    # perf stat while a cycle of all their boxes costs at most CAP entries,
    # so that enabling and three cycles fit; the C-boxes are split.  A box
    # that reports overflows also preloads each counter it puts back.  The
    # v2's guest has twice the PCI boxes and is slower per cycle: 33 iMC
    # events on its 16 channels took 58000 to 65536 entries at 15000.  A
    # model loaded with a longer log (log_entries) takes larger batches:
    # fewer perf stat runs, the same rotations.
    CAP = pt['log_cap'] * int(sim_info('log_entries') or 65536) // 65536
    parts = []
    for unit, idx in units.items():
        pmus = plan['events'][idx[0]]['pmus']
        if not pmus:
            plan['problems'].append('no %s PMU for the %d %s events'
                                    % (unit_pmu(unit), len(idx), unit))
            continue
        regs = box_regs(pt, pmus[0])
        rot = len(regs['ctl']) * 2 * (1 + (2 if regs['space'] == 'pci' else 1))
        rot += len(regs['ctr'])
        rot = rot * 11 // 10 + (2 if regs['box'] is not None else 0)
        ctx = sum(len(plan['pmu_cpus'][p]) for p in pmus)
        nb = -(-len(idx) * ctx * rot // CAP)
        per = -(-len(idx) // nb)
        for i in range(nb):
            chunk = idx[i * per:(i + 1) * per]
            parts.append((len(chunk) * ctx * rot, unit, chunk, pmus))
    # Largest first, each into the emptiest batch it fits: a batch's
    # entries also grow with how long its slowest box takes to show every
    # event (on the v2, 20 U-box events beside 22 iMC ones took 7 cycles
    # and overflowed the log).
    bins = []
    for size, unit, chunk, pmus in sorted(parts, key=lambda p: -p[0]):
        fits = [b for b in bins if b['size'] + size <= CAP]
        if fits:
            b = min(fits, key=lambda b: b['size'])
        else:
            b = {'size': 0, 'units': [], 'events': [], 'pmus': []}
            bins.append(b)
        b['size'] += size
        b['units'].append((unit, len(chunk)))
        b['events'] += chunk
        b['pmus'] += pmus
    # The boxes of a unit with fewer events rotate more slowly, so that all
    # units of a perf stat complete a cycle in about the same time.
    for b in bins:
        most = max(n for _, n in b['units'])
        b['cycle'] = most * mux_ms / 1000.0
        b['mux'] = {}
        for unit, n in b['units']:
            for p in plan['events'][units[unit][0]]['pmus']:
                b['mux'][p] = max(mux_ms, mux_ms * most // n)
        b['label'] = ', '.join('%d %s' % (n, u) for u, n in b['units'])
    plan['batches'] = bins
    with open(plan_path, 'w') as f:
        json.dump(plan, f)
    for i, b in enumerate(bins):
        with open('%s.%d.events' % (plan_path, i), 'w') as f:
            f.write(','.join(plan['events'][e]['name'] for e in b['events']))
    print('table events %d' % plan['total'])
    print('applicable %d' % len(plan['events']))
    for unit, names in plan['na'].items():
        print('not applicable %s %d' % (unit, len(names)))
    for i, b in enumerate(bins):
        lines = sum(len(plan['pmu_cpus'][p]) for e in b['events']
                    for p in plan['events'][e]['pmus'])
        print('batch\t%d\t%s\t%d\t%s' % (
            i, b['label'], lines,
            ' '.join('%s:%d' % kv for kv in sorted(b['mux'].items()))))
    for p in plan['problems']:
        print('problem: ' + p)
    return 1 if plan['problems'] else 0


def read_plan(path):
    with open(path) as f:
        return json.load(f)


# ---- wait --------------------------------------------------------------

def perf_control(ctl, ack, cmd):
    """perf stat --control fifo:CTL,ACK: 'enable' or 'disable' its events."""
    with open(ctl, 'w') as f:
        f.write(cmd + '\n')
    with open(ack) as f:
        f.readline()


def cmd_wait(plan_path, batch, limit, ctl, ack):
    """perf stat's workload: enables perf's events (perf stat -D -1), waits
    until every event of the batch has been seen enabled in every box of
    its unit on every socket (sampled from the model's counter state) or
    the time limit, and disables them again.  So the boxes rotate their
    events only while this runs, not while perf starts and exits."""
    plan = read_plan(plan_path)
    b = plan['batches'][int(batch)]
    # A box cannot rotate faster than its interval: past a few cycles the
    # log would overflow anyway.
    limit = float(limit) if limit != 'auto' else 3 * b['cycle'] + 10
    want = {}                   # (socket, model box) -> controls to see
    socks = cpu_socket()
    for i in b['events']:
        ev = plan['events'][i]
        for p in ev['pmus']:
            for c in plan['pmu_cpus'][p]:
                want.setdefault((str(socks[c]), pmu_box(p)), set()).add(ev['ctl'])
    seen = {k: set() for k in want}
    # a counter's overflow reporting is not part of its event
    ov_en = CTL_OV_EN if PARTS[plan['part']]['pmi'] else 0
    perf_control(ctl, ack, 'enable')
    start = time.monotonic()
    n = 0
    while True:
        n += 1
        with open(SIM + '/counters') as f:
            for line in f:
                w = line.split()
                if len(w) >= 4 and (w[0], w[1]) in seen:
                    seen[(w[0], w[1])].add(int(w[3][len('ctl='):], 16) & ~ov_en)
        missing = sum(len(want[k] - seen[k]) for k in want)
        if not missing:
            break
        if time.monotonic() - start > limit:
            print('wait: %d (socket, box, event)s never seen after %.1fs'
                  % (missing, limit), file=sys.stderr)
            break
        time.sleep(0.003)
    perf_control(ctl, ack, 'disable')
    print('wait: %.2fs, %d samples' % (time.monotonic() - start, n),
          file=sys.stderr)
    return 0


# ---- libpfm4's encodings (e2e/libpfm4) ----------------------------------

def pmu_unit(pmu):
    """The unit of a perf uncore PMU of a box the model's part has:
    uncore_cbox_3 -> 'cbox'."""
    k = pmu_kind(pmu)
    return k[0] if k and pmu_box(pmu) else None


def pfm_shared(pt, unit, words):
    """What an encoding [config, config1, config2] asks of its box's shared
    registers: [(kind, mask, value)] for the fields the event reads; the
    fields it sets that the event does not read; config1's and config2's
    bits that are no field's."""
    regs, fields = shared_layout(pt, unit)
    used = fields_read(pt, unit, words[0])
    shared, ignored, covered = [], [], [0, 0, 0]
    for name, (kind, mask) in fields.items():
        w, sh = regs[kind]
        covered[w] |= mask << sh
        val = (words[w] >> sh) & mask
        if name in used:
            shared.append((kind, mask, val))
        elif val:
            ignored.append(name)
    return shared, ignored, [words[w] & ~covered[w] for w in (1, 2)]


PFM_ENC_RE = re.compile(r'(\S+) (\S+) type=(\d+) config=(\S+) config1=(\S+) '
                        r'config2=(\S+) fstr=(\S+)(?: attr=(\S+))?'
                        r'(?: open=(\w+)(.*))?$')
PFM_REFUSED_RE = re.compile(r'(\S+) libpfm4: (.*)$')
PFM_END_RE = re.compile(r'# xu-pfm: (\d+) strings')
PFM_NONE_RE = re.compile(r'# xu-pfm: no completion of (\S+)')
# libpfm4's refusals that xu-pfm --complete completes (PFM_ERR_UMASK, _ATTR)
PFM_COMPLETED = ('invalid or missing unit mask', 'invalid event attribute')


def parse_pfm(path):
    """xu-pfm's output: a dict per string (str, and pfm: libpfm4's refusal,
    or pmu, words, fstr, attr, open, rest, dmesg), the strings libpfm4
    refused alone that no completion made encodable, and what did not
    parse."""
    out, none, problems, total = [], [], [], None
    with open(path) as f:
        for line in f:
            line = line.rstrip('\n')
            m = PFM_END_RE.match(line)
            if m:
                total = int(m.group(1))
            m = PFM_NONE_RE.match(line)
            if m:
                none.append(m.group(1))
            if line.startswith('#') or not line:
                continue
            if line.startswith('\tdmesg: ') and out:
                out[-1].setdefault('dmesg', []).append(line[len('\tdmesg: '):])
                continue
            if line.startswith('\tretry: ') and out:
                out[-1]['retry'] = line[len('\tretry: '):]
                continue
            m = PFM_ENC_RE.fullmatch(line)
            if m:
                out.append({'str': m.group(1), 'pmu': m.group(2),
                            'words': [int(m.group(i), 0) for i in (4, 5, 6)],
                            'fstr': m.group(7), 'attr': m.group(8),
                            'open': m.group(9), 'rest': (m.group(10) or '').strip()})
                continue
            m = PFM_REFUSED_RE.fullmatch(line)
            if m:
                out.append({'str': m.group(1), 'pfm': m.group(2)})
                continue
            problems.append('xu-pfm line not understood: ' + line)
    if total is None:
        problems.append('xu-pfm did not finish (no summary line)')
    elif total != len(out):
        problems.append('xu-pfm says %d strings, %d lines' % (total, len(out)))
    return out, none, problems


def absent_cbox(pfm_str, ncbox):
    """A string of a libpfm4 C-box PMU beyond the part's C-boxes: libpfm4
    4.13 calls every snbep_unc_cbo<n> present on the E5-2600's model
    (the v2's only with its perf PMU), whatever the part's core count."""
    m = re.match(r'(?:snbep|ivbep)_unc_cbo(\d+)::', pfm_str)
    return bool(m) and int(m.group(1)) >= ncbox


def pfm_group(pfm_str):
    """'table': a string of xu-pfm's walk, pmu::EVENT or pmu::EVENT:UMASK;
    'completion': one of xu-pfm --complete's, one that libpfm4 refuses
    alone with another unit mask or an attribute (nf=, ff=) added."""
    rest = pfm_str.split('::', 1)[1]
    return 'completion' if rest.count(':') > 1 or '=' in rest else 'table'


def cmd_pfm_plan(out_path, plan_path):
    name, pt = this_part()
    strings, none, problems = parse_pfm(out_path)
    pmus = {}
    for d in os.listdir(PMUS):
        if pmu_unit(d) and pmu_unit(d) not in pt['not_on_part']:
            pmus[d] = pmu_unit(d)
    ncbox = sum(1 for u in pmus.values() if u == 'cbox')
    # per group: strings, and those of absent C-boxes
    plan = {'source': 'libpfm4', 'part': name, 'total': len(strings),
            'ncbox': ncbox, 'pmus': pmus, 'events': [], 'pmu_cpus': {},
            'strings': {'table': 0, 'completion': 0}, 'absent': [],
            'pfm_refused': [], 'refused': [], 'broken': [], 'notes': [],
            'no_completion': [n for n in none if not absent_cbox(n, ncbox)],
            'problems': problems}
    for s in strings:
        group = pfm_group(s['str'])
        if absent_cbox(s['str'], ncbox):
            if 'pfm' in s:
                plan['absent'].append(s['str'])
            else:
                plan['broken'].append([s['str'], 'encoded for a C-box this '
                                       'part does not have'])
            continue
        plan['strings'][group] += 1
        if 'pfm' in s:
            plan['pfm_refused'].append([s['str'], group, s['pfm']])
            continue
        pmu, words = s['pmu'], s['words']
        tag = '%s: ' % pmu
        said = [d for d in s.get('dmesg', []) if tag in d]
        unit = pmus.get(pmu)
        if unit is None:
            plan['broken'].append([s['str'], 'libpfm4 chose PMU %s, not one '
                                   'of this part\'s uncore PMUs' % pmu])
            continue
        if s.get('retry'):
            plan['broken'].append([s['str'], 'refused, then %s' % s['retry']])
            continue
        if s['open'] == 'refused':
            # the driver's reason, not its notes of ignored fields
            why = [d for d in said if 'is not used by this event' not in d]
            plan['refused'].append([s['str'], group, s['rest'], why])
            continue
        if s['open'] != 'ok':
            plan['broken'].append([s['str'], 'open=%s %s' % (s['open'], s['rest'])])
            continue
        plan['notes'] += [[s['str'], d] for d in said]
        regs = box_regs(pt, pmu)
        fixed = (words[0] & ~CTL_EN) == FIXED_EVENT and 'fixed' in regs
        shared, ignored, rest = ([], [], words[1:]) if fixed else \
            pfm_shared(pt, unit, words)
        ev = {'name': s['str'], 'group': group, 'unit': unit, 'pmus': [pmu],
              'words': words, 'fstr': s['fstr'], 'fixed': fixed,
              'ctl': CTL_EN if fixed else words[0] | CTL_EN,
              'counters': list(range(len(regs['ctl']))),
              'shared': shared, 'ignored': ignored}
        if any(rest):
            ev['odd'] = ('accepted with config1 bits 0x%x, config2 bits 0x%x '
                         'that are no field of the box' % tuple(rest))
        plan['events'].append(ev)
        if pmu not in plan['pmu_cpus']:
            with open(os.path.join(PMUS, pmu, 'cpumask')) as f:
                plan['pmu_cpus'][pmu] = cpulist(f.read())
    with open(plan_path, 'w') as f:
        json.dump(plan, f)
    print('strings %d (%d of the walk, %d completions, %d of absent C-boxes): '
          '%d opened, %d refused by libpfm4, %d by the driver, %d broken'
          % (plan['total'], plan['strings']['table'],
             plan['strings']['completion'], len(plan['absent']),
             len(plan['events']), len(plan['pfm_refused']),
             len(plan['refused']), len(plan['broken'])))
    for p in problems:
        print('problem: ' + p)
    return 1 if problems else 0


def pfm_summary(c, plan, summary_path):
    """e2e/libpfm4's figures, of the walk's strings and of the completions:
    N of M programmed as libpfm4 encodes them, K refused (by libpfm4 or by
    the driver); then the lists."""
    events = plan['events']
    for i, ev in enumerate(events):
        if ev.get('odd'):
            c.bad(i, ev['odd'])
    fig = {}
    for g in ('table', 'completion'):
        good = sum(1 for i, ev in enumerate(events)
                   if ev['group'] == g and i not in c.ev_bad)
        k = sum(1 for r in plan['pfm_refused'] + plan['refused'] if r[1] == g)
        fig[g] = (good, plan['strings'][g], k)
    unexplained = [r for r in plan['refused'] if not r[3]]
    ignored = {}
    for i, ev in enumerate(events):
        if i not in c.ev_bad:
            for f in ev['ignored']:
                ignored.setdefault('%s %s' % (ev['unit'], f), []).append(ev['name'])
    nign = sum(1 for i, ev in enumerate(events)
               if ev['ignored'] and i not in c.ev_bad)
    for i in sorted(c.ev_bad):
        ev = events[i]
        print('%s (%s config=0x%x config1=0x%x config2=0x%x): %s'
              % (ev['name'], ev['pmus'][0], ev['words'][0], ev['words'][1],
                 ev['words'][2], '; '.join(c.ev_bad[i][:3])))
    for s, why in plan['broken']:
        print('%s: %s' % (s, why))
    for s in c.stray[:50]:
        print('stray: ' + s)
    if len(c.stray) > 50:
        print('stray: ... %d in all' % len(c.stray))
    with open(summary_path, 'w') as f:
        f.write('%d of %d programmed as libpfm4 encodes, %d refused\n' % fig['table'])
        f.write('%d register writes no libpfm4 encoding calls for\n' % len(c.stray))
        f.write('completions: %d of %d programmed as libpfm4 encodes, %d refused '
                '(strings libpfm4 refuses alone, with another unit mask of '
                'their event, nf=1 or ff=32 added)\n' % fig['completion'])
        completed = sum(1 for r in plan['pfm_refused']
                        if r[1] == 'table' and r[0] not in plan['no_completion']
                        and r[2] in PFM_COMPLETED)
        f.write('refused: %d by libpfm4 (%d of them completed: see the '
                'completions), %d by the driver (%d without a reason in dmesg); '
                'wrong: %d, broken: %d\n'
                % (len(plan['pfm_refused']), completed, len(plan['refused']),
                   len(unexplained), len(c.ev_bad), len(plan['broken'])))
        f.write('programmed: %d of the %d with a filter field their event does '
                'not read, accepted and not programmed\n'
                % (nign, fig['table'][0] + fig['completion'][0]))
        if plan['absent']:
            f.write('absent: %d strings of libpfm4 C-box PMUs past the part\'s '
                    '%d C-boxes (libpfm4 has no perf PMU for them)\n'
                    % (len(plan['absent']), plan['ncbox']))
        for field, names in sorted(ignored.items()):
            f.write('not programmed: %s (not read by the event): %d strings, '
                    'e.g. %s\n' % (field, len(names), names[0]))
        for s, text in plan['notes']:
            f.write('dmesg: %s: %s\n' % (s, text))
        for s, _, err, why in plan['refused']:
            f.write('refused by the driver: %s: %s: %s\n'
                    % (s, err, ' | '.join(why[:1]) or 'no reason in dmesg'))
        for s, _, why in plan['pfm_refused']:
            f.write('refused by libpfm4: %s: %s\n' % (s, why))
        for s in plan['no_completion']:
            f.write('no completion: %s: libpfm4 refuses it with every other '
                    'unit mask, nf=1 and ff=32\n' % s)
    print('checked %d encodings (%d strings, %d of absent C-boxes); %d stray '
          'writes' % (len(events), plan['total'], len(plan['absent']),
                      len(c.stray)))
    if c.ov_en:
        print('%d counter controls had ov_en (overflow reporting), not '
              'part of their event' % c.ov_en_ctls)
    return 1 if (c.ev_bad or c.stray or unexplained or plan['broken'] or
                 plan['problems'] or
                 any(good + k != m for good, m, k in fig.values())) else 0


# ---- scheduled ---------------------------------------------------------

def parse_csv(path):
    """perf stat -x, -A --no-merge: (name, pmu, cpu) -> (count, run)."""
    out = {}
    with open(path) as f:
        for line in f:
            if line.startswith('#') or not line.strip():
                continue
            w = line.rstrip('\n').split(',')
            if len(w) < 5 or not w[0].startswith('CPU'):
                continue
            m = re.fullmatch(r'(\S+) \[(\S+)\]', w[3])
            name, pmu = (m.group(1), m.group(2)) if m else (w[3], None)
            out[(name, pmu, int(w[0][3:]))] = (w[1], w[4])
    return out


def scheduled_failures(plan, batch, csv):
    """{event index: [why]} for the batch's events that perf did not resolve
    to all their boxes or that never had a counter."""
    b = plan['batches'][batch]
    rows = parse_csv(csv) if os.path.exists(csv) else {}
    bad = {}
    for i in b['events']:
        ev = plan['events'][i]
        why = []
        if not ev['pmus']:
            why.append('no %s PMU' % unit_pmu(ev['unit']))
        got = {k[1] for k in rows if k[0] == ev['name']}
        if got != set(ev['pmus']):
            why.append('perf resolved it to [%s], want [%s]' %
                       (' '.join(sorted(str(p) for p in got)),
                        ' '.join(ev['pmus'])))
        for pmu in ev['pmus']:
            for cpu in plan['pmu_cpus'][pmu]:
                r = rows.get((ev['name'], pmu, cpu))
                if r is None:
                    if pmu in got:
                        why.append('%s CPU%d: no count' % (pmu, cpu))
                    continue
                count, run = r
                if not count.isdigit() or not run.isdigit() or int(run) == 0:
                    why.append('%s CPU%d: count %s, running time %s' %
                               (pmu, cpu, count, run))
        if why:
            bad[i] = why
    return bad


# ---- check -------------------------------------------------------------

class Box:
    def __init__(self, pmu, socket, regs):
        self.pmu, self.socket, self.regs = pmu, socket, regs
        self.frozen = regs['box'] is not None   # until the init sequence
        self.ctl = [0] * len(regs['ctl'])
        self.fixed = 0                          # the fixed counter's control
        self.shared = {}                        # kind -> value last written

    def where(self):
        return '%s socket %d' % (self.pmu, self.socket)


class Checker:
    """Replays the model's register log against a plan's events: perf's
    table (every event may be on its boxes at any time) or libpfm4's
    encodings (one session at a time, session())."""

    def __init__(self, plan):
        self.plan = plan
        self.pt = pt = PARTS[plan['part']]
        self.ov_en = CTL_OV_EN if pt['pmi'] else 0
        self.pfm = plan.get('source') == 'libpfm4'
        self.whose = ('libpfm4 encoding of the session' if self.pfm
                      else 'table event')
        self.in_session = None
        self.active(range(len(plan['events'])) if not self.pfm else [])
        # every PMU whose boxes the log may show
        self.unit_of = dict(plan.get('pmus', {}))
        for ev in plan['events']:
            for p in ev['pmus']:
                self.unit_of[p] = ev['unit']
        # per unit and shared register kind: field mask -> allowed values
        self.allowed_shared = {}
        for ev in plan['events']:
            for kind, mask, val in ev['shared']:
                d = self.allowed_shared.setdefault((ev['unit'], kind), {})
                d.setdefault(mask, {0}).add(val)
        self.sockets = sorted(set(cpu_socket().values()))
        self.reg = {}           # (socket|None, register name) -> (box, what, idx)
        self.boxes = []
        for pmu in sorted(self.unit_of):
            regs = box_regs(pt, pmu)
            for s in self.sockets:
                box = Box(pmu, s, regs)
                self.boxes.append(box)
                sk = s if regs['space'] == 'pci' else None
                for i, a in enumerate(regs['ctl']):
                    self.reg[(sk, a)] = (box, 'ctl', i)
                if regs['box'] is not None:
                    self.reg[(sk, regs['box'])] = (box, 'box', 0)
                if regs.get('fixed') is not None:
                    self.reg[(sk, regs['fixed'])] = (box, 'fixed', 0)
                for kind, a in regs['shared'].items():
                    self.reg[(sk, a)] = (box, kind, 0)
                for a, preload in regs['ctr']:
                    self.reg[(sk, a)] = (box, 'ctr', preload)
                if 'status' in regs:
                    self.reg[(sk, regs['status'][0])] = \
                        (box, 'status', regs['status'][1])
                if pt['pmi'] and pmu == 'uncore_ubox':
                    self.reg[(None, IVB_GLOBAL_CTL)] = (box, 'gctl', 0)
                    self.reg[(None, IVB_GLOBAL_STATUS)] = (box, 'gstatus', 0)
        # the v2's global freeze (frz_all, unfrz_all), per socket
        self.gfrozen = {s: False for s in self.sockets}
        self.ov_en_ctls = 0     # counter controls with ov_en
        # MSR registers are per socket: the box of the writing CPU's socket
        self.box_at = {(b.pmu, b.socket): b for b in self.boxes}
        self.cpu_socket = cpu_socket()
        self.ev_bad = {}        # event index -> [why]
        self.ran = set()        # (event index, pmu, socket): counted, right config
        self.stray = []         # writes no table event calls for

    def active(self, events):
        """The events the log may show on their boxes: by_ctl, (pmu,
        control or FIXED) -> [event index]."""
        self.by_ctl = {}
        for i in events:
            ev = self.plan['events'][i]
            for p in ev['pmus']:
                key = (p, FIXED if ev.get('fixed') else ev['ctl'])
                self.by_ctl.setdefault(key, []).append(i)

    def session(self, name):
        """xu-pfm's session of the string @name: only its encoding (none if
        it was refused) may count from here on."""
        if not hasattr(self, 'by_name'):
            self.by_name = {}
            for i, ev in enumerate(self.plan['events']):
                self.by_name.setdefault(ev['name'], []).append(i)
        self.in_session = name
        self.active(self.by_name.get(name, []))

    def odd(self, why):
        self.stray.append(why + (' [session %s]' % self.in_session
                                 if self.in_session else ''))

    def bad(self, i, why):
        lst = self.ev_bad.setdefault(i, [])
        if why not in lst:
            lst.append(why)

    def lookup(self, acc):
        """(box, what, idx) of the register a logged access reached."""
        if acc.space == 'msr':
            hit = self.reg.get((None, acc.name))
            if not hit:
                return None
            box, what, idx = hit
            box = self.box_at.get((box.pmu, self.cpu_socket.get(acc.cpu)))
            return (box, what, idx) if box else None
        return self.reg.get((acc.socket(), acc.name))

    def check_running(self, box):
        """The box counts: each enabled event's shared fields must hold
        what the table (or libpfm4's encoding) calls for."""
        if box.frozen or self.gfrozen[box.socket]:
            return
        ctls = [(idx, ctl & ~self.ov_en) for idx, ctl in enumerate(box.ctl)]
        ctls.append(('fixed', FIXED if box.fixed & CTL_EN else 0))
        for idx, ctl in ctls:
            if not ctl:
                continue
            for i in self.by_ctl.get((box.pmu, ctl), []):
                ok = True
                for kind, mask, val in self.plan['events'][i]['shared']:
                    # a QPI port without a match/mask function counts
                    # every packet: what match 0 under mask 0 selects
                    if kind not in box.regs['shared']:
                        continue
                    cur = box.shared.get(kind)
                    if cur is None:
                        ok = False
                        self.bad(i, '%s: counted on counter %s with its %s never written'
                                 % (box.where(), idx, kind))
                    elif cur & mask != val:
                        ok = False
                        self.bad(i, '%s: counted on counter %s with %s 0x%x: '
                                 'field 0x%x is 0x%x, wants 0x%x'
                                 % (box.where(), idx, kind, cur, mask,
                                    (cur & mask) >> shift(mask), val >> shift(mask)))
                if ok:
                    self.ran.add((i, box.pmu, box.socket))

    def write(self, acc):
        seq, space, where, val = acc.seq, acc.space, acc.where, acc.val
        hit = self.lookup(acc)
        if not hit:
            self.odd('seq %d: CPU%d %s %s (%s) = 0x%x: not a register of the '
                     'table\'s boxes' % (seq, acc.cpu, space, where, acc.name, val))
            return
        box, what, idx = hit
        unit = self.unit_of[box.pmu]
        loc = '%s %s %s' % (box.where(), what, where)
        if what == 'ctl':
            box.ctl[idx] = val
            if val == 0:
                return
            if val & self.ov_en:
                self.ov_en_ctls += 1
            evs = self.by_ctl.get((box.pmu, val & ~self.ov_en))
            if not evs:
                self.odd('seq %d: %s counter %d control 0x%x: no %s'
                         % (seq, box.where(), idx, val, self.whose))
                return
            for i in evs:
                if idx not in self.plan['events'][i]['counters']:
                    self.bad(i, '%s: on counter %d, allowed %s' %
                             (box.where(), idx, self.plan['events'][i]['counters']))
            self.check_running(box)
        elif what == 'box':
            ok = self.pt['imc_box_values' if unit == 'imc' else 'box_values']
            if val not in ok:
                self.odd('seq %d: %s = 0x%x: not a box control sequence value'
                         % (seq, loc, val))
            frz_en = self.pt['frz_en']
            box.frozen = bool(val & BOX_FRZ and (val & frz_en or not frz_en))
            self.check_running(box)
        elif what == 'ctr':
            # idx: the preload; counting, a counter that reports overflows
            # starts half-way (329468 5.8: 2^W - period)
            if not self.ov_en or val != idx:
                self.odd('seq %d: %s = 0x%x: not a counting preload'
                         % (seq, loc, val))
        elif what == 'status':
            # W1C, a bit per counter (idx: the box's bits)
            if val & ~idx:
                self.odd('seq %d: %s = 0x%x: bits 0x%x are no counter\'s'
                         % (seq, loc, val, val & ~idx))
        elif what == 'gctl':
            if val & ~(IVB_G_CORE_SEL | IVB_G_UNFRZ | IVB_G_FRZ) or \
               (val & IVB_G_UNFRZ and val & IVB_G_FRZ):
                self.odd('seq %d: %s = 0x%x: not a global control sequence value'
                         % (seq, loc, val))
            if val & (IVB_G_UNFRZ | IVB_G_FRZ):
                self.gfrozen[box.socket] = bool(val & IVB_G_FRZ)
                for b in self.boxes:
                    if b.socket == box.socket:
                        self.check_running(b)
        elif what == 'gstatus':
            if val & ~IVB_OV_ALL:
                self.odd('seq %d: %s = 0x%x: bits 0x%x are no box\'s summary'
                         % (seq, loc, val, val & ~IVB_OV_ALL))
        elif what == 'fixed':
            box.fixed = val
            if not val:
                return
            if not self.by_ctl.get((box.pmu, FIXED)):
                self.odd('seq %d: %s = 0x%x: no %s uses the fixed counter'
                         % (seq, loc, val, self.whose))
            elif val & ~self.ov_en != CTL_EN:
                self.odd('seq %d: %s = 0x%x: not the fixed counter\'s enable'
                         % (seq, loc, val))
            self.check_running(box)
        else:
            fields = self.allowed_shared.get((unit, what), {})
            rest = val
            for mask, vals in fields.items():
                rest &= ~mask
                if val & mask not in vals:
                    self.odd('seq %d: %s = 0x%x: field 0x%x is 0x%x, events want %s'
                             % (seq, loc, val, mask, (val & mask) >> shift(mask),
                                ' or '.join('0x%x' % (v >> shift(mask))
                                            for v in sorted(vals))))
            if rest:
                self.odd('seq %d: %s = 0x%x: bits 0x%x no event uses'
                         % (seq, loc, val, rest))
            box.shared[what] = val
            self.check_running(box)


def cmd_check(plan_path, log_path, summary_path, csvs):
    plan = read_plan(plan_path)
    c = Checker(plan)
    last = None
    with open(log_path) as f:
        for line in f:
            if c.pfm and line.startswith('session '):
                # xu-pfm --history: "session N STRING"
                c.session(line.split()[2])
                continue
            acc = simregs.parse(line)
            if not acc:
                continue
            if last is not None and acc.seq != last + 1:
                c.odd('log: entries %d..%d missing' % (last + 1, acc.seq - 1))
            last = acc.seq
            if acc.write:
                c.write(acc)
    # perf's side, batch by batch
    for b, csv in enumerate(csvs):
        for i, why in scheduled_failures(plan, b, csv).items():
            for w in why:
                c.bad(i, w)
    calls = 'libpfm4 encodes' if c.pfm else 'the table calls for'
    for i, ev in enumerate(plan['events']):
        if not ev['pmus']:
            c.bad(i, 'no %s PMU' % unit_pmu(ev['unit']))
        for pmu in ev['pmus']:
            for s in c.sockets:
                if (i, pmu, s) not in c.ran:
                    c.bad(i, '%s socket %d: never counted with %s' % (
                        pmu, s, 'its fixed counter enabled' if ev.get('fixed')
                        else 'its control 0x%x' % ev['ctl']) +
                        (' and shared registers as %s' % calls
                         if ev['shared'] else ''))
    if c.pfm:
        return pfm_summary(c, plan, summary_path)
    return table_summary(c, plan, summary_path)


def table_summary(c, plan, summary_path):
    """e2e/perf-table's figures: the table's events resolved and
    programmed correctly."""
    na = sum(len(v) for v in plan['na'].values())
    napp = len(plan['events'])
    good = napp - len(c.ev_bad)
    for i in sorted(c.ev_bad):
        print('%s: %s' % (plan['events'][i]['name'], '; '.join(c.ev_bad[i][:3])))
    for s in c.stray[:50]:
        print('stray: ' + s)
    if len(c.stray) > 50:
        print('stray: ... %d in all' % len(c.stray))
    with open(summary_path, 'w') as f:
        f.write('%d of %d applicable events resolved and programmed correctly; %s\n'
                % (good, napp, '; '.join(
                    '%d %s events not applicable (%s)'
                    % (len(v), u, not_on_part(plan['part'], u))
                    for u, v in plan['na'].items()) or 'all events apply'))
        f.write('%d register writes no table event calls for\n' % len(c.stray))
    print('checked %d events (%d not applicable of %d); %d stray writes'
          % (napp, na, plan['total'], len(c.stray)))
    if c.ov_en:
        print('%d counter controls had ov_en (overflow reporting), not '
              'part of their event' % c.ov_en_ctls)
    return 1 if c.ev_bad or c.stray or good + na != plan['total'] else 0


def main(argv):
    cmds = {'part': (cmd_part, 0), 'plan': (cmd_plan, 2),
            'wait': (cmd_wait, 5), 'check': (cmd_check, 3),
            'pfm-plan': (cmd_pfm_plan, 2)}
    if len(argv) < 2 or argv[1] not in cmds or len(argv) - 2 < cmds[argv[1]][1]:
        print(__doc__, file=sys.stderr)
        return 2
    fn, n = cmds[argv[1]]
    args = argv[2:]
    if argv[1] == 'wait':
        return fn(*args[:5])
    if argv[1] == 'plan':
        return fn(*args[:3])
    if argv[1] == 'check':
        return fn(args[0], args[1], args[2], args[3:])
    if argv[1] == 'pfm-plan':
        return fn(*args[:2])
    return fn()


if __name__ == '__main__':
    sys.exit(main(sys.argv))
