# SPDX-License-Identifier: GPL-2.0
"""xeon_uncore_metrics: what xeon-uncore-stat and xeon-uncore-check share.

Two halves:

* sysfs and perf_event_open (slurp, cpulist, Pmu, find_pmus, perf_open,
  perf_read, ioctl, cpuinfo): how the tools find the uncore PMUs xeon_uncore
  exposes (/sys/bus/event_source/devices/uncore_*: type, cpumask, format/,
  events/) and open counting events on them, through ctypes, with no
  dependency beyond Python's standard library;
* the metrics: per part, the metric groups (mem, llc, link, io, power),
  each metric's events, formula, unit, source and what it does not count,
  as tables and pure functions (no I/O), so that they can be tested on any
  host.

Sources: ../shared/hardware/REFERENCE.md (cited "REF n.n", a copy is
/work/shared/hardware/REFERENCE.md in the project) and the parts' guides it
restates ([G323535] Xeon 7500 uncore programming guide, [G327043] E5-2600,
[G329468] E5-2600 v2, [SDM-L3] the 7100/7400 L3/FSB monitors).  A metric
whose events or meaning those sources do not establish is not offered;
UNOFFERED says, per part and group, why.
"""
import ctypes
import errno
import fnmatch
import os
import re
import struct

PMUS = '/sys/bus/event_source/devices'
NR_PERF_EVENT_OPEN = 298                # x86-64
PERF_EVENT_IOC_ENABLE = 0x2400
PERF_EVENT_IOC_DISABLE = 0x2401
READ_TIMES = 1 | 2                      # TOTAL_TIME_ENABLED | _RUNNING
LINE = 64                               # bytes per cache line, all parts
MB = 1e6                                # MB/s: 10^6 bytes a second

_libc = None


def libc():
    global _libc
    if _libc is None:
        _libc = ctypes.CDLL(None, use_errno=True)
    return _libc


# ---- sysfs ---------------------------------------------------------------

def slurp(path, default=None):
    try:
        with open(path) as f:
            return f.read().strip()
    except OSError:
        return default


def cpulist(text):
    cpus = []
    for part in (text or '').split(','):
        if '-' in part:
            lo, hi = part.split('-')
            cpus.extend(range(int(lo), int(hi) + 1))
        elif part:
            cpus.append(int(part))
    return cpus


def package_of(cpu):
    """the CPU's package, None if it has no topology (offline)"""
    p = slurp('/sys/devices/system/cpu/cpu%d/topology/physical_package_id' % cpu)
    return int(p) if p is not None else None


def online_cpus():
    """the online CPUs (an uncore event opens on any of them)"""
    online = cpulist(slurp('/sys/devices/system/cpu/online', ''))
    return [c for c in online if package_of(c) is not None]


class Pmu:
    """One uncore PMU as sysfs shows it."""

    def __init__(self, name, root=PMUS):
        d = os.path.join(root, name)
        self.name = name
        self.type = int(slurp(d + '/type'))
        self.cpus = cpulist(slurp(d + '/cpumask'))
        self.formats = {}
        fd = d + '/format'
        for f in os.listdir(fd) if os.path.isdir(fd) else []:
            self.formats[f] = slurp(os.path.join(fd, f))
        self.events = {}
        ed = d + '/events'
        for e in os.listdir(ed) if os.path.isdir(ed) else []:
            if '.' not in e or e.rsplit('.', 1)[1] not in ('scale', 'unit'):
                self.events[e] = slurp(os.path.join(ed, e))
        self.ed = ed

    def scale(self, alias):
        """bytes per count of a named event with .scale and .unit"""
        s = slurp('%s/%s.scale' % (self.ed, alias))
        u = slurp('%s/%s.unit' % (self.ed, alias))
        mult = {'B': 1, 'KiB': 1 << 10, 'MiB': 1 << 20, 'GiB': 1 << 30}
        if s is None or u not in mult:
            return None
        return float(s) * mult[u]

    def encode(self, spec):
        """perf's event syntax (a named event or format terms) to
        (config, config1, config2), as perf encodes it from format/"""
        return encode(self.name, self.formats, self.events, spec)


def encode(name, formats, events, spec):
    """perf's event syntax to (config, config1, config2): a named event of
    events is replaced by its terms; each term goes through its format"""
    if spec in events:
        spec = events[spec]
    elif '=' not in spec and ',' not in spec and spec not in formats:
        # a name, not terms: an event alias this PMU does not have
        raise ValueError('%s has no event %s' % (name, spec))
    words = [0, 0, 0]
    for term in spec.split(','):
        field, _, val = term.partition('=')
        val = int(val, 0) if val else 1
        fmt = formats.get(field)
        if fmt is None:
            raise ValueError('%s has no format field %s' % (name, field))
        word, _, bits = fmt.partition(':')
        w = {'config': 0, 'config1': 1, 'config2': 2}[word]
        for rng in bits.split(','):
            lo, _, hi = rng.partition('-')
            lo = int(lo)
            hi = int(hi) if hi else lo
            width = hi - lo + 1
            words[w] |= (val & ((1 << width) - 1)) << lo
            val >>= width
    return tuple(words)


def find_pmus(root=PMUS):
    try:
        names = os.listdir(root)
    except OSError:
        names = []
    return {n: Pmu(n, root) for n in names if n.startswith('uncore_')}


def cpuinfo(text=None):
    """the first CPU's model name, family, model and stepping"""
    info = {}
    if text is None:
        text = slurp('/proc/cpuinfo', '') or ''
    for line in text.splitlines():
        k, _, v = line.partition(':')
        k = k.strip()
        if k in ('model name', 'cpu family', 'model', 'stepping') and k not in info:
            info[k] = v.strip()
        if not line.strip() and info:
            break
    return info


# ---- perf_event_open -----------------------------------------------------

def perf_open(pmu, words, cpu):
    """a counting event on cpu (all tasks), disabled; OSError on refusal"""
    attr = bytearray(128)
    struct.pack_into('=IIQ', attr, 0, pmu.type, len(attr), words[0])
    struct.pack_into('=Q', attr, 32, READ_TIMES)        # read_format
    struct.pack_into('=Q', attr, 40, 1)                 # disabled
    struct.pack_into('=QQ', attr, 56, words[1], words[2])
    buf = (ctypes.c_char * len(attr)).from_buffer(attr)
    fd = libc().syscall(NR_PERF_EVENT_OPEN, buf, -1, cpu, -1, ctypes.c_ulong(0))
    if fd < 0:
        err = ctypes.get_errno()
        raise OSError(err, os.strerror(err))
    return fd


def perf_read(fd):
    """(count, time_enabled ns, time_running ns); OSError when the read
    fails or is short (0 bytes once the event's PCI function went away)"""
    data = os.read(fd, 24)
    if len(data) != 24:
        raise OSError(errno.EIO, 'short read: %d of 24 bytes' % len(data))
    return struct.unpack('=QQQ', data)


def ioctl(fd, req):
    if libc().ioctl(fd, req, 0) < 0:
        err = ctypes.get_errno()
        raise OSError(err, os.strerror(err))


# ---- the parts -------------------------------------------------------------

# (cpu family, model) -> (part, name): REF 1, "CPUID family/model"
PART_OF_CPU = {
    (15, 0x06): ('tulsa', 'Xeon 7100 (Tulsa)'),
    (6, 0x1d): ('dunnington', 'Xeon 7400 (Dunnington)'),
    (6, 0x2e): ('nhmex', 'Xeon 7500 (Nehalem-EX)'),
    (6, 0x2f): ('wsmex', 'Xeon E7 (Westmere-EX)'),
    (6, 0x2d): ('snbep', 'Xeon E5-2600 (Sandy Bridge-EP)'),
    (6, 0x3e): ('ivbep', 'Xeon E5-2600 v2 (Ivy Bridge-EP)'),
}
PART_NAME = dict(PART_OF_CPU.values())
# the metric tables are the same within these families (REF 1)
FAMILY = {'tulsa': 'l3', 'dunnington': 'l3', 'nhmex': 'nhmex',
          'wsmex': 'nhmex', 'snbep': 'e5', 'ivbep': 'e5'}


def part_from_pmus(names):
    """the part from the uncore PMU names alone (REF 1, 3.1, 4.1, 5.1):
    uncore_l3 is the 7100/7400 (which of the two the names cannot
    tell: 'l3'); a W-box is the 7500/E7, the E7 with C-boxes 8 and 9
    (10 slices, REF 1); a PCU is an E5, the v2 with an IRP box (REF 4.1,
    5.1: no IRP PMU on the E5-2600)"""
    names = set(names)
    if 'uncore_l3' in names:
        return 'l3'
    if 'uncore_wbox' in names:
        return 'wsmex' if 'uncore_cbox_8' in names else 'nhmex'
    if 'uncore_pcu' in names:
        return 'ivbep' if any(n.startswith('uncore_irp') for n in names) else 'snbep'
    return None


def detect_part(info, names):
    """(part, how): /proc/cpuinfo's family and model when it names one of
    the parts; the uncore PMU names only when cpuinfo gives no family or
    model (or none that parses): upstream's intel_uncore uses the same
    names on other CPUs (uncore_pcu, uncore_imc_N on Haswell-EP onwards),
    so a CPU that is not one of ours is (None, why), never a guess from
    its PMUs"""
    fam, model = info.get('cpu family'), info.get('model')
    try:
        key = (int(fam), int(model))
    except (TypeError, ValueError):
        key = None
    if key in PART_OF_CPU:
        return PART_OF_CPU[key][0], 'cpu family %d model 0x%x' % key
    if key is not None:
        return None, ('the CPU (family %d model 0x%x) is not one of the '
                      'parts xeon_uncore supports (%s)' % (
                          key[0], key[1], ', '.join(sorted(PART_NAME))))
    part = part_from_pmus(names)
    if part:
        return part, 'uncore PMU names (no CPU family/model in /proc/cpuinfo)'
    return None, ('no CPU family/model in /proc/cpuinfo and no uncore PMU '
                  'names a part xeon_uncore supports')


# ---- formulas (pure) -------------------------------------------------------

def bandwidth(lines, seconds, bytes_per=LINE):
    """MB/s (10^6 bytes a second) of lines counts of bytes_per bytes"""
    return lines * bytes_per / seconds / MB


def per_second(count, seconds):
    return count / seconds


def percent(part, whole):
    """100 * part / whole; None when whole is 0 (no ratio to give)"""
    return None if not whole else 100.0 * part / whole


def average(occupancy, cycles):
    """an occupancy count (summed every cycle) over the cycles: the mean
    number in that state; None without cycles"""
    return None if not cycles else occupancy / cycles


class Metric:
    """One metric.

    name: group.what (e.g. mem.read_bw); box: the PMU instances it reads,
    a glob of PMU names without uncore_ (imc_*); events: {key: perf event
    syntax on that PMU}; calc(c, s): the value from c, {key: count summed
    over the instances of a socket (or of every socket for the total)}, and
    s, the seconds; per_instance: also a value per instance (channel,
    controller, link); sources: citations; excludes: what it does not
    count; total: how the value over every socket is made: 'counts', the
    formula over every socket's counts summed (rates, bandwidths, ratios);
    'sum', the sum of the sockets' values (a mean number of cores in a
    state); None, no total (a clock: the sockets' are not added)."""

    def __init__(self, name, unit, box, events, calc, formula, sources,
                 excludes, per_instance=False, total='counts', scale=None):
        self.name = name
        self.group = name.split('.')[0]
        self.unit = unit
        self.box = box
        self.events = events
        self.calc = calc
        self.formula = formula
        self.sources = sources
        self.excludes = excludes
        self.per_instance = per_instance
        self.total = total
        # a linear metric: value = num / den * (the sum of its events'
        # counts) / s, (num, den) integers (so PCP's derived metric
        # grammar can state it); None for a ratio of events
        self.scale = scale

    def value(self, counts, seconds):
        if not seconds or seconds <= 0:
            return None
        return self.calc(counts, seconds)


def _mem_bw(name, box, key, event, sources, excludes):
    """mem.read_bw or mem.write_bw: 64 B lines of @event (counted as @key)
    on @box, per instance (channel or controller)"""
    return Metric(name, 'MB/s', box, {key: event},
                  lambda c, s: bandwidth(c[key], s),
                  '%s * 64 B / s' % event, sources, excludes,
                  per_instance=True, scale=(LINE, int(MB)))


def _rate(name, unit, box, key, event, sources, excludes, **kw):
    """@event (counted as @key) on @box a second"""
    return Metric(name, unit, box, {key: event},
                  lambda c, s: per_second(c[key], s),
                  '%s / s' % event, sources, excludes, scale=(1, 1), **kw)


def _e5_metrics():
    cas = ('REF 8.2 anchors (iMC CAS_COUNT.RD / .WR: event=0x04, '
           'umask=0x03 / 0x0c) and 7.3 (cas_count_read/_write, .scale '
           '6.103515625e-5 MiB: 64 B per CAS)')
    qpi = ('REF 7.3 (upstream aliases of uncore_qpi_*: drs_data '
           'event=0x102,umask=0x08, ncb_data event=0x103,umask=0x04)')
    pcu = ('REF 4.4 (PCU occ_sel, bits 15:14: 01 cores in C0, 10 C3, '
           '11 C6, POWER_STATE_OCCUPANCY event 0x80) and 8.2 (the JSON '
           'quirk: occ_sel explicit; PCU clockticks event=0x00)')
    ms = [
        _mem_bw('mem.read_bw', 'imc_*', 'rd', 'cas_count_read', [cas],
                'reads served by a cache; it counts every read CAS of the '
                'channel whoever asked (this socket\'s cores, another '
                'socket\'s, I/O, prefetches), so local and remote are not '
                'told apart'),
        _mem_bw('mem.write_bw', 'imc_*', 'wr', 'cas_count_write', [cas],
                'writes still in a cache (not yet written back); like '
                'read_bw, every write CAS of the channel, whoever wrote'),
        _rate('link.drs_data_flits', 'flits/s', 'qpi_*', 'drs', 'drs_data', [qpi],
              'bytes (no bytes-per-flit figure in REF); non-data flits '
              'and NCB data (see ncb_data_flits); REF gives the alias, '
              'not its direction (upstream\'s JSON: transmitted)',
              per_instance=True),
        _rate('link.ncb_data_flits', 'flits/s', 'qpi_*', 'ncb', 'ncb_data', [qpi],
              'bytes; DRS data (see drs_data_flits); direction as '
              'drs_data_flits', per_instance=True),
    ]
    for st, sel in (('c0', 1), ('c3', 2), ('c6', 3)):
        ms.append(Metric(
            'power.cores_%s' % st, 'cores', 'pcu',
            {'occ': 'event=0x80,occ_sel=%d' % sel, 'clk': 'event=0x00'},
            lambda c, s: average(c['occ'], c['clk']),
            'POWER_STATE_OCCUPANCY(occ_sel=%d) / PCU clockticks: the mean '
            'number of the socket\'s cores in %s' % (sel, st.upper()),
            [pcu], 'threads (it counts cores); package C-states; the time '
            'share of one core (divide by the socket\'s cores)',
            total='sum'))
    return ms


def _nhmex_metrics():
    mbox = ('REF 3.11 (ZDP_CTL_FVC select 5: B-box commands, read/write '
            'by the command field) and 7.2 (upstream bbox_cmds_read / '
            '_write); 64 B a command is assumed (a line: REF does not size '
            'a B-box command)')
    cbox = 'REF 8.1.2 (C-box LLC_MISSES 0x14 umask ALL 0x07: S, F, I)'
    rbox = ('REF 3.13 and 8.1.5 (R-box IPERF FLITS_SENT, bit 31; '
            'upstream qpi0_flit_send/qpi1_filt_send, REF 7.2)')
    ms = [
        _mem_bw('mem.read_bw', 'mbox_*', 'rd', 'bbox_cmds_read', [mbox],
                'memory traffic the M-box makes on its own (patrol scrub, '
                'refresh); it is per M-box (memory controller), not per '
                'DIMM channel; local and remote requests are not told '
                'apart'),
        _mem_bw('mem.write_bw', 'mbox_*', 'wr', 'bbox_cmds_write', [mbox],
                'as read_bw: per M-box, B-box commands only.  Asked with '
                'read_bw, the two take turns (they need different values '
                'of the one ZDP_CTL_FVC command field, REF 3.11): both are '
                'then scaled, and marked so'),
        _rate('llc.misses', 'misses/s', 'cbox_*', 'miss', 'llc_misses', [cbox],
              'nothing beyond the umask: S-state upgrades for an RFO '
              'count as misses, as the guide defines them'),
        _rate('io.ioh_requests', 'requests/s', 'bbox_*', 'ioh', 'imt_inserts_ioh',
              ['REF 8.1.3 (B-box counter 1 IMT_INSERTS_IOH 0x0A: '
               'IOH-originated inserts in the in-flight memory table)'],
              'bytes (a request is not sized in REF); I/O to another '
              'socket\'s memory (counted at that socket\'s B-box); '
              'conflicts count as inserts (REF 8.1.3 note)'),
    ]
    # uncore_rbox_0 is ports 0-3, uncore_rbox_1 ports 4-7, and each names
    # its ports' events port0-3_flits_sent (REF 3.13; the driver's R-box
    # comment): port N is the alias port(N % 4) on R-box N / 4 alone
    for p in range(8):
        ms.append(Metric(
            'link.port%d_tx_flits' % p, 'flits/s', 'rbox_%d' % (p // 4),
            {'f': 'port%d_flits_sent' % (p % 4)},
            lambda c, s: per_second(c['f'], s),
            'port%d_flits_sent of uncore_rbox_%d / s (R-box %d holds ports '
            '%d-%d)' % (p % 4, p // 4, p // 4, p // 4 * 4, p // 4 * 4 + 3),
            [rbox],
            'received flits; bytes (no bytes-per-flit figure in REF); '
            'which port is which QPI link is the board\'s wiring; whether '
            'FLITS_SENT includes idle flits REF does not say', scale=(1, 1)))
    return ms


def _l3_metrics():
    fsb = ('REF 2.6 (FSB attributes: FSB_IOQ_empty bit 47, FSB_IOQ_active '
           'bit 49, FSB_DRDY bit 45, FSB_other_DRDY bit 55; empty + active '
           'count every bus clock)')
    gbsq = ('REF 2.4 (GBSQ Data_Flow bits 37:36 demand | prefetch; '
            'Fill_Eviction 01: transactions that fill the L3)')
    return [
        _rate('llc.lookups', 'lookups/s', 'l3', 'req', 'l3_requests', [gbsq],
              'hits and misses apart (REF gives no per-state encoding '
              'for L3_State): no miss count or hit ratio is offered'),
        _rate('llc.fills', 'fills/s', 'l3', 'fill', 'l3_fills', [gbsq],
              'misses that do not fill the L3 (REF does not say which '
              'these are), so this is not a miss count'),
        Metric('link.fsb_clock', 'MHz', 'l3',
               {'busy': 'fsb_ioq_busy_cycles',
                'empty': 'fsb_ioq_empty_cycles'},
               lambda c, s: per_second(c['busy'] + c['empty'], s) / 1e6,
               '(fsb_ioq_busy_cycles + fsb_ioq_empty_cycles) / s / 10^6',
               [fsb], 'nothing: it is the bus clock (per socket, no total)',
               total=None, scale=(1, 1000000)),
        Metric('link.fsb_busy', '%', 'l3',
               {'busy': 'fsb_ioq_busy_cycles',
                'empty': 'fsb_ioq_empty_cycles'},
               lambda c, s: percent(c['busy'], c['busy'] + c['empty']),
               '100 * fsb_ioq_busy_cycles / (busy + empty cycles)', [fsb],
               'how full the queue is: one entry or twelve count alike'),
        Metric('link.fsb_data_own', '%', 'l3',
               {'drdy': 'fsb_drdy_cycles', 'busy': 'fsb_ioq_busy_cycles',
                'empty': 'fsb_ioq_empty_cycles'},
               lambda c, s: percent(c['drdy'],
                                    c['busy'] + c['empty']),
               '100 * fsb_drdy_cycles / (busy + empty cycles): bus clocks '
               'this package drove data', [fsb],
               'bytes (REF gives no bytes per DRDY clock); data driven by '
               'other agents (link.fsb_data_other)'),
        Metric('link.fsb_data_other', '%', 'l3',
               {'odrdy': 'fsb_other_drdy_cycles',
                'busy': 'fsb_ioq_busy_cycles',
                'empty': 'fsb_ioq_empty_cycles'},
               lambda c, s: percent(c['odrdy'], c['busy'] + c['empty']),
               '100 * fsb_other_drdy_cycles / (busy + empty cycles): bus '
               'clocks another agent (chipset: memory reads; another '
               'package) drove data', [fsb],
               'bytes; which agent drove it'),
    ]


METRICS = {'e5': _e5_metrics(), 'nhmex': _nhmex_metrics(),
           'l3': _l3_metrics()}

# what a family does not offer, and why
UNOFFERED = {
    'e5': {
        'llc': 'LLC_LOOKUP (0x34) counts by the C-box filter\'s line-state '
               'mask, whose bit-to-state assignment REF 4.7 does not give',
        'io': 'no event of ours counts PCIe bytes: R2PCIe counts ring '
              'traffic, and the C-box TOR opcodes PCM uses are not in REF',
        'power (frequency limits)': 'the PCU frequency-limit event codes '
              'are not in REF (only FREQ_BAND0-3_CYCLES, which need a '
              'band value, not a limit)',
    },
    'nhmex': {
        'llc (lookups, hit ratio)':
            'LLC_HITS (0x15) counts LRU hints as well as hits (REF 8.1.2), '
            'so hits + misses overstates the lookups and hits / lookups the '
            'hit ratio, by an amount no event of REF gives; only llc.misses '
            'is offered',
        'power': 'the W-box counts throttling and turbo cycles per core, '
                 'not C-state residency; not offered',
    },
    'l3': {
        'mem': 'the memory controller is in the chipset, outside these '
               'monitors',
        'io': 'I/O goes through the chipset, outside these monitors',
        'power': 'no power monitor on these parts',
    },
}

GROUPS = ('mem', 'llc', 'link', 'io', 'power')


def metrics_of(part, groups=GROUPS):
    fam = FAMILY.get(part, part)
    return [m for m in METRICS.get(fam, []) if m.group in groups]


def unoffered(part, groups=GROUPS):
    """{group: why} for the groups asked that part cannot answer (fully)"""
    fam = FAMILY.get(part, part)
    return {g: why for g, why in UNOFFERED.get(fam, {}).items()
            if g.split(' ')[0] in groups}


def instances(box, pmu_names):
    """the PMUs (uncore_ names) a metric's box glob matches, sorted by
    their number"""
    pat = 'uncore_' + box
    names = [n for n in pmu_names if fnmatch.fnmatchcase(n, pat)]

    def key(n):
        m = re.search('([0-9]+)$', n)
        return (int(m.group(1)) if m else -1, n)
    return sorted(names, key=key)


# ---- values from counts (pure) ---------------------------------------------

class Reading:
    """One event's delta over an interval on one PMU instance of one
    socket: count, enabled and running ns, or error (refused/missing)."""

    def __init__(self, count=0, enabled=0, running=0, error=None):
        self.count = count
        self.enabled = enabled
        self.running = running
        self.error = error

    @property
    def scaled(self):
        return self.running < self.enabled

    def estimate(self):
        """the count scaled to the time enabled (perf's habit); None if
        the event never ran"""
        if self.error is not None or not self.running:
            return None
        if not self.scaled:
            return self.count
        return self.count * self.enabled / self.running


def evaluate(metric, readings, seconds):
    """metric's value over readings, {(instance, key): Reading} of one
    scope (a socket, or every socket for the total): a dict with value
    (None when a reading is missing), scaled and error."""
    if not readings:
        return {'value': None, 'scaled': False,
                'error': 'missing: no PMU %s' % metric.box}
    errs = sorted({r.error for r in readings.values() if r.error})
    if errs:
        return {'value': None, 'scaled': False, 'error': '; '.join(errs)}
    counts = {k: 0 for k in metric.events}
    scaled = False
    for (_, key), r in readings.items():
        est = r.estimate()
        if est is None:
            return {'value': None, 'scaled': True,
                    'error': 'not counted: never on a counter'}
        counts[key] += est
        scaled = scaled or r.scaled
    return {'value': metric.value(counts, seconds), 'scaled': scaled,
            'error': None}


def evaluate_total(metric, by_socket, seconds):
    """metric's value over every socket, by_socket {socket: readings as
    evaluate takes them}: the formula over the counts of every socket, or
    for total='sum' metrics the sum of the sockets' values"""
    if metric.total is None:
        return None
    if metric.total == 'counts':
        merged = {}
        for s, rd in by_socket.items():
            for (inst, key), r in rd.items():
                merged[(s, inst), key] = r
        return evaluate(metric, merged, seconds)
    vs = [evaluate(metric, rd, seconds) for _, rd in sorted(by_socket.items())]
    errs = [v['error'] for v in vs if v['error']]
    scaled = any(v['scaled'] for v in vs)
    if not vs or errs:
        return {'value': None, 'scaled': scaled,
                'error': '; '.join(errs) or 'missing: no socket'}
    if any(v['value'] is None for v in vs):
        return {'value': None, 'scaled': scaled, 'error': None}
    return {'value': sum(v['value'] for v in vs), 'scaled': scaled,
            'error': None}


# ---- the admin guide's Metrics section (one home: these tables) ------------

DOC_BEGIN = '.. metrics: generated by xeon_uncore_metrics.doc_rst(), do not edit'
DOC_END = '.. end of the generated metrics'
DOC_FAMILIES = (('l3', 'Xeon 7100 / 7400', ('tulsa', 'dunnington')),
                ('nhmex', 'Xeon 7500 and E7', ('nhmex', 'wsmex')),
                ('e5', 'Xeon E5-2600 and E5-2600 v2', ('snbep', 'ivbep')))


def _wrap(text, indent):
    import textwrap
    return textwrap.fill(' '.join(text.split()), 76, initial_indent=indent,
                         subsequent_indent=indent, break_on_hyphens=False,
                         break_long_words=False)


def doc_rst():
    """the Metrics section's per-part text of the admin guide
    (Documentation/admin-guide/perf/xeon-uncore.rst), between DOC_BEGIN
    and DOC_END: each metric, its formula, source and what it does not
    count, and what a part does not offer, from METRICS and UNOFFERED"""
    out = [DOC_BEGIN, '']
    for fam, title, parts in DOC_FAMILIES:
        head = '%s (%s)' % (title, ', '.join('``%s``' % p for p in parts))
        out += [head, '-' * len(head), '']
        for m in METRICS[fam]:
            how = m.unit
            if m.per_instance:
                how += ', per ``uncore_%s`` too' % m.box
            if m.total is None:
                how += ', no total'
            elif m.total == 'sum':
                how += ', total: the sum of the sockets\''
            out.append('``%s`` (%s)' % (m.name, how))
            out.append(_wrap('Formula: ``%s``.' % m.formula, '  '))
            for s in m.sources:
                out.append(_wrap('From: %s.' % s, '  '))
            out.append(_wrap('Does not count: %s.' % m.excludes, '  '))
            out.append('')
        for g, why in sorted(UNOFFERED.get(fam, {}).items()):
            out.append('Not offered: ``%s``' % g)
            out.append(_wrap(why + '.', '  '))
            out.append('')
    out.append(DOC_END)
    return '\n'.join(out) + '\n'


# ---- PCP: the perfevent PMDA's configuration and derived metrics -----------
#
# PCP's perfevent PMDA (Debian 12's pcp 6.0.3) reads the counters two ways.
# On the E5s, by libpfm4's names (PMU <part>_unc_<box><n>: snbep_unc_imc0,
# ivbep_unc_qpi2) in the entry of the first PMU libpfm4 finds, each event
# opened on the first CPU of each NUMA node ("node": one CPU a socket).
# libpfm4 has no uncore PMU of the 7500/E7 or the 7100/7400: there, by the
# kernel's PMUs, in its [dynamic] section: a line <pmu>.<event> names an
# event of /sys/bus/event_source/devices/<pmu>/events, which the PMDA
# encodes from the PMU's format files and opens on every CPU of the PMU's
# cpumask (ours: one CPU a socket), whichever entry it used.  That encoder
# shifts a term's value left by the lowest bit of its field and no more
# (parse_events.c, fetch_format_properties() and fetch_event_config()):
# right for a field of one range of bits, wrong for a split one (event=0x102
# on the E5's QPI, config:0-7,21); the events below use fields of one range
# (e2e/pcp compares the PMDA's encoding with perf's in the guest).  It reads
# the values as hexadecimal and drops a term without "=".
#
# The PMDA gives every event an instance domain of its own, whose instances
# are its CPUs (cpuN), and sums events into one counter in its
# "[name:derived]" sections (per instance).  PCP's derived metrics
# (pmRegisterDerived(3)) combine metrics of one instance domain only: a
# metric that is its events summed over a socket's boxes, times a constant,
# over the seconds (rate()) can be said; a ratio of events (power.cores_*,
# link.fsb_busy) cannot.
#
# What 6.0.3's configuration parser (configparser.l) does with [dynamic],
# seen with the installed PMDA and a sysfs of test PMUs (SYSFS_PREFIX): the
# lines of a section that follows [dynamic] are taken as more [dynamic]
# lines, so [dynamic] is the last section; a CPU option on a [dynamic] line
# does not choose the CPUs (the cpumask does) but is set on the last setting
# of the section before, so the lines carry none.  metrics_test.py runs
# the PMDA on the generated file so.

PCP_PREFIX = 'xeon_uncore'
# the families PCP covers: the E5s through libpfm4, the others through sysfs
PCP_FAMILIES = ('e5', 'nhmex', 'l3')
PCP_PARTS = ('snbep', 'ivbep')
# the box instances a part can have (REF 1: iMC channels, QPI ports); a
# machine may have fewer (channels not populated, a 2-link SKU)
PCP_BOXES = {'snbep': {'imc': 4, 'qpi': 2}, 'ivbep': {'imc': 8, 'qpi': 3}}
# the sysfs families' boxes of which a metric sums every instance: the most
# a part of the family has (REF 1: the E7's 10 C-boxes, the 7500's 8)
PCP_SYSFS_BOXES = {'nhmex': {'cbox': 10, 'bbox': 2}, 'l3': {}}
# our sysfs aliases (the events of the metrics) and the libpfm4 events
# that encode the same event and umask (ExtSel, bit 21, for the QPI's):
# REF 7.3's aliases, libpfm4's snbep_unc/ivbep_unc tables; e2e/pcp counts
# them against the model, which counts by event and umask
PCP_PFM_EVENTS = {
    'cas_count_read': 'UNC_M_CAS_COUNT:RD',         # event=0x04,umask=0x03
    'cas_count_write': 'UNC_M_CAS_COUNT:WR',        # event=0x04,umask=0x0c
    'drs_data': 'UNC_Q_RXL_FLITS_G1:DRS_DATA',      # event=0x102,umask=0x08
    'ncb_data': 'UNC_Q_RXL_FLITS_G2:NCB_DATA',      # event=0x103,umask=0x04
}
# metric groups a family's PCP files leave out, and why
PCP_NOT = {
    ('nhmex', 'mem'): 'its read and write events need different values of '
    'the M-box\'s one ZDP_CTL_FVC command field (REF 3.11), and the PMDA '
    'opens every event it is given at once: the two would always take '
    'turns on the counters, and the derived metric cannot mark the scaled '
    'values',
}
PCP_CONF_BEGIN = '# generated by xeon_uncore_metrics.%s(), do not edit'


def pcp_box(metric):
    """the box type of a metric's box glob (imc_* -> imc, rbox_0 -> rbox)"""
    return metric.box.split('_')[0]


def pcp_metrics(fam='e5'):
    """([(metric, pcp name)], {metric name: why not}) of a family: the
    metrics PCP is given, and those it is not"""
    ok, why = [], {}
    for m in METRICS[fam]:
        if m.scale is None:
            why[m.name] = ('a ratio of events per socket: the perfevent PMDA '
                           'gives each event its own instance domain, and a '
                           'PCP derived metric cannot combine two')
        elif (fam, m.group) in PCP_NOT:
            why[m.name] = PCP_NOT[fam, m.group]
        elif fam == 'e5' and (len(m.events) != 1 or
                              set(m.events.values()) - set(PCP_PFM_EVENTS)):
            why[m.name] = 'no libpfm4 name for its event'
        else:
            ok.append((m, '%s.%s' % (PCP_PREFIX, m.name)))
    return ok, why


def pcp_counter(metric):
    """the perfevent PMDA's derived counter summing metric's events over a
    socket's boxes (perfevent.derived.<this>.value)"""
    return '%s_%s' % (PCP_PREFIX, metric.name.replace('.', '_'))


def _pfm_events(part, metric, n):
    """metric's event on boxes 0..n-1 of part, libpfm4 strings"""
    (alias,) = metric.events.values()
    return ['%s_unc_%s%d::%s' % (part, pcp_box(metric), i, PCP_PFM_EVENTS[alias])
            for i in range(n)]


def pcp_sysfs_groups(fam, metric):
    """the PMDA's names (<pmu>.<event>) of metric's events on a socket's
    boxes: a list of them per box count, from the most the family can have
    down to one box (a box glob), or the one list of its one box"""
    pmus = [metric.box]
    if metric.box.endswith('_*'):
        most = PCP_SYSFS_BOXES[fam][pcp_box(metric)]
        pmus = ['%s_%d' % (pcp_box(metric), i) for i in range(most)]
    groups = []
    for n in range(len(pmus), 0, -1):
        groups.append(['uncore_%s.%s' % (p, e) for e in metric.events.values()
                       for p in pmus[:n]])
    return groups


def pcp_dynamic():
    """the [dynamic] section's lines: every event of the sysfs families'
    PCP metrics on every box they can have"""
    names = []
    for fam in PCP_FAMILIES[1:]:
        for m, _ in pcp_metrics(fam)[0]:
            for e in pcp_sysfs_groups(fam, m)[0]:
                if e not in names:
                    names.append(e)
    return names


def _derived_groups(fam, metric):
    if fam == 'e5':
        return [['%s node' % e for e in _pfm_events(part, metric, n)]
                for part in PCP_PARTS
                for n in range(PCP_BOXES[part][pcp_box(metric)], 0, -1)]
    return pcp_sysfs_groups(fam, metric)


def pcp_perfevent_conf():
    """the perfevent PMDA's perfevent.conf for our PMUs: per E5 part, an
    entry (the PMDA uses the first entry naming a PMU libpfm4 finds) with
    every event the metrics need on every box; per metric a derived
    counter: the event summed over the boxes, on the machine's box count
    (the alternatives, "||", from the most boxes down: the PMDA takes the
    first whose events all opened; the E5s' first); last, the [dynamic]
    section of the other parts' events"""
    ms, _ = pcp_metrics('e5')
    out = ['# SPDX-License-Identifier: GPL-2.0',
           PCP_CONF_BEGIN % 'pcp_perfevent_conf',
           '#',
           '# The perfevent PMDA\'s configuration for xeon_uncore\'s PMUs.  The Xeon',
           '# E5-2600 (snbep) and E5-2600 v2 (ivbep): their entry, libpfm4\'s names,',
           '# each event on the first CPU of each NUMA node (one a socket).  The',
           '# Xeon 7500 and E7 (nhmex, wsmex) and 7100 and 7400 (tulsa, dunnington),',
           '# which libpfm4 does not know: the [dynamic] section, the kernel\'s',
           '# PMUs and named events, each event on its PMU\'s cpumask (one CPU a',
           '# socket); it stays last, its lines without a CPU option (the PMDA',
           '# reads what follows it, and such an option, otherwise).  The derived',
           '# counters are what %s\'s PCP derived metrics read.' % PCP_PREFIX,
           '# See Documentation/admin-guide/perf/xeon-uncore.rst, "From PCP".', '']
    for part in PCP_PARTS:
        out.append('[%s_unc_imc0]' % part)
        for m, _ in ms:
            n = PCP_BOXES[part][pcp_box(m)]
            out += ['%s node' % e for e in _pfm_events(part, m, n)]
        out.append('')
    for fam in PCP_FAMILIES:
        for m, _ in pcp_metrics(fam)[0]:
            out.append('[%s:derived]' % pcp_counter(m))
            for i, g in enumerate(_derived_groups(fam, m)):
                out += (['||'] if i else []) + g
            out.append('')
    out.append('[dynamic]')
    out += pcp_dynamic()
    out.append('')
    return '\n'.join(out)


def pcp_expr(metric):
    """metric's PCP derived metric expression: its formula (scale * count /
    s) on the perfevent derived counter"""
    num, den = metric.scale
    e = 'rate(perfevent.derived.%s.value)' % pcp_counter(metric)
    if num != 1:
        e += ' * %d' % num
    if den != 1:
        e += ' / %d' % den
    return e


def pcp_derived():
    """PCP derived metrics (pmRegisterDerived(3)'s configuration syntax):
    xeon_uncore.<group>.<metric>, the metrics of xeon-uncore-stat that PCP
    can state (pcp_metrics()), each instance a socket (the socket's CPU
    that counts, as the perfevent PMDA names it)"""
    out = ['# SPDX-License-Identifier: GPL-2.0',
           PCP_CONF_BEGIN % 'pcp_derived',
           '#',
           '# xeon-uncore-stat\'s metrics as PCP derived metrics, on the perfevent',
           '# PMDA configured with perfevent.conf of this directory; an instance',
           '# (cpuN) a socket.  Not here:']
    for fam, title, _ in DOC_FAMILIES:
        why = pcp_metrics(fam)[1]
        out.append(_wrap('%s: %s.' % (title, ', '.join(sorted(why)) or 'none'),
                         '#   ').replace('\n#   ', '\n#     '))
    out.append('')
    seen = set()
    for fam in PCP_FAMILIES:
        for m, name in pcp_metrics(fam)[0]:
            if name in seen:
                raise ValueError('%s: in two families\' PCP files' % name)
            seen.add(name)
            out.append('%s = %s' % (name, pcp_expr(m)))
            out.append('%s(oneline) = %s per socket: %s' % (
                name, m.unit, ' '.join(m.formula.split())))
            out.append('')
    return '\n'.join(out)


PCP_FILES = (('perfevent.conf', pcp_perfevent_conf),
             ('xeon-uncore.conf', pcp_derived))

if __name__ == '__main__':
    # xeon_uncore_metrics.py pcp DIR: write the PCP files (PCP_FILES) there
    import sys
    if len(sys.argv) != 3 or sys.argv[1] != 'pcp':
        sys.exit('usage: xeon_uncore_metrics.py pcp DIR')
    for fname, gen in PCP_FILES:
        with open(os.path.join(sys.argv[2], fname), 'w') as f:
            f.write(gen())
