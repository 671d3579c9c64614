#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Host unit tests of xeon-uncore-stat and its metrics module (no guest):
each formula against a value computed by hand, the part detection, the
events each metric names against the driver's sources, scaled and
refused/missing values, and the JSON, CSV and table outputs.

Run: python3 tools/testing/xeon_uncore/metrics_test.py [-v]
     (--harness: a line a test, as run-tests' harness part reads them)
"""
import csv
import importlib.machinery
import importlib.util
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

TREE = os.path.realpath(os.path.join(os.path.dirname(__file__), '..', '..', '..'))
TOOLS = os.path.join(TREE, 'tools', 'xeon_uncore')
DRIVER = os.path.join(TREE, 'drivers', 'perf', 'xeon_uncore')
sys.path.insert(0, TOOLS)
sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
import harness_unittest  # noqa: E402
import xeon_uncore_metrics as xm  # noqa: E402


def load_stat():
    path = os.path.join(TOOLS, 'xeon-uncore-stat')
    loader = importlib.machinery.SourceFileLoader('xeon_uncore_stat', path)
    spec = importlib.util.spec_from_loader('xeon_uncore_stat', loader)
    mod = importlib.util.module_from_spec(spec)
    loader.exec_module(mod)
    return mod


stat = load_stat()


def metric(part, name):
    ms = [m for m in xm.metrics_of(part) if m.name == name]
    assert len(ms) == 1, (part, name)
    return ms[0]


# (family's part, metric, counts, seconds, value by hand)
CASES = [
    # 1,000,000 CAS * 64 B over 2 s = 32,000,000 B/s = 32 MB/s
    ('snbep', 'mem.read_bw', {'rd': 1000000}, 2.0, 32.0),
    # 500,000 * 64 B / 0.5 s = 64 MB/s
    ('snbep', 'mem.write_bw', {'wr': 500000}, 0.5, 64.0),
    ('snbep', 'link.drs_data_flits', {'drs': 3000}, 1.5, 2000.0),
    ('snbep', 'link.ncb_data_flits', {'ncb': 10}, 0.25, 40.0),
    # 12,000 core-cycles in C0 over 4,000 PCU cycles: 3 cores on average
    ('snbep', 'power.cores_c0', {'occ': 12000, 'clk': 4000}, 1.0, 3.0),
    ('snbep', 'power.cores_c3', {'occ': 2000, 'clk': 4000}, 1.0, 0.5),
    ('snbep', 'power.cores_c6', {'occ': 0, 'clk': 4000}, 1.0, 0.0),
    # 15,625 lines * 64 B = 1,000,000 B in 1 s
    ('nhmex', 'mem.read_bw', {'rd': 15625}, 1.0, 1.0),
    ('nhmex', 'mem.write_bw', {'wr': 31250}, 4.0, 0.5),
    ('nhmex', 'llc.misses', {'miss': 100}, 2.0, 50.0),
    ('nhmex', 'io.ioh_requests', {'ioh': 7}, 0.5, 14.0),
    ('nhmex', 'link.port0_tx_flits', {'f': 1000}, 4.0, 250.0),
    ('nhmex', 'link.port1_tx_flits', {'f': 1}, 0.001, 1000.0),
    ('nhmex', 'link.port2_tx_flits', {'f': 0}, 1.0, 0.0),
    ('nhmex', 'link.port3_tx_flits', {'f': 5}, 5.0, 1.0),
    ('nhmex', 'link.port4_tx_flits', {'f': 8}, 2.0, 4.0),
    ('nhmex', 'link.port5_tx_flits', {'f': 9}, 3.0, 3.0),
    ('nhmex', 'link.port6_tx_flits', {'f': 0}, 3.0, 0.0),
    ('nhmex', 'link.port7_tx_flits', {'f': 70}, 7.0, 10.0),
    ('tulsa', 'llc.lookups', {'req': 900}, 3.0, 300.0),
    ('tulsa', 'llc.fills', {'fill': 90}, 3.0, 30.0),
    # 150e6 + 50e6 bus clocks in 1 s: 200 MHz
    ('tulsa', 'link.fsb_clock', {'busy': 150000000, 'empty': 50000000}, 1.0,
     200.0),
    ('tulsa', 'link.fsb_busy', {'busy': 150, 'empty': 50}, 1.0, 75.0),
    ('tulsa', 'link.fsb_data_own', {'drdy': 20, 'busy': 150, 'empty': 50},
     1.0, 10.0),
    ('tulsa', 'link.fsb_data_other', {'odrdy': 40, 'busy': 150,
                                      'empty': 50}, 1.0, 20.0),
]


class Formulas(unittest.TestCase):
    """one test per formula (added below, test_formula_<part>_<metric>)"""

    def test_every_metric_has_a_case(self):
        have = {(xm.FAMILY[p], n) for p, n, _, _, _ in CASES}
        for fam, ms in xm.METRICS.items():
            for m in ms:
                self.assertIn((fam, m.name), have,
                              'no hand-computed case for %s %s' % (fam, m.name))

    def test_ratios_without_denominator_are_none(self):
        self.assertIsNone(metric('tulsa', 'link.fsb_busy').value(
            {'busy': 0, 'empty': 0}, 1.0))
        self.assertIsNone(metric('snbep', 'power.cores_c0').value(
            {'occ': 5, 'clk': 0}, 1.0))
        self.assertIsNone(metric('snbep', 'mem.read_bw').value({'rd': 5}, 0))


def _case(part, name, counts, seconds, want):
    def t(self):
        m = metric(part, name)
        self.assertEqual(sorted(counts), sorted(m.events))
        self.assertAlmostEqual(m.value(counts, seconds), want, places=9)
    return t


for _p, _n, _c, _s, _w in CASES:
    setattr(Formulas, 'test_formula_%s_%s' % (_p, _n.replace('.', '_')),
            _case(_p, _n, _c, _s, _w))


class Tables(unittest.TestCase):
    def test_same_metrics_within_a_family(self):
        for a, b in (('tulsa', 'dunnington'), ('nhmex', 'wsmex'),
                     ('snbep', 'ivbep')):
            self.assertEqual([m.name for m in xm.metrics_of(a)],
                             [m.name for m in xm.metrics_of(b)])

    def test_every_metric_documented(self):
        for fam, ms in xm.METRICS.items():
            for m in ms:
                self.assertIn(m.group, xm.GROUPS)
                self.assertTrue(m.sources and all(s.startswith('REF ')
                                                  for s in m.sources), m.name)
                self.assertTrue(m.excludes and m.formula and m.unit, m.name)

    def test_unanswered_groups_are_said(self):
        for part in xm.PART_NAME:
            have = {m.group for m in xm.metrics_of(part)}
            said = {g.split(' ')[0] for g in xm.unoffered(part)}
            for g in xm.GROUPS:
                self.assertTrue(g in have or g in said, (part, g))
        self.assertEqual(set(xm.unoffered('tulsa', ['mem'])), {'mem'})
        self.assertEqual(xm.unoffered('snbep', ['mem']), {})

    def test_nhmex_llc_without_lru_hints(self):
        """LLC_HITS counts LRU hints too (REF 8.1.2): no nhmex metric
        reads it (no lookups or hit ratio made of it), and llc says why"""
        for part in ('nhmex', 'wsmex'):
            for m in xm.metrics_of(part):
                self.assertNotIn('llc_hits', m.events.values(), m.name)
            self.assertEqual([m.name for m in xm.metrics_of(part, ['llc'])],
                             ['llc.misses'])
            why = ' '.join(xm.unoffered(part, ['llc']).values())
            self.assertIn('LRU hints', why)

    def test_events_exist_in_the_driver(self):
        """a named event a metric uses is an event of the box type the
        metric reads (its struct xu_box_type's .events table, in every
        definition of that type in the family's source: snbep and ivbep,
        nhmex and wsmex), a term is one of that box type's format fields
        (its .fields array's XU_FIELD sysfs names)"""
        src = {'e5': 'snbep.c', 'nhmex': 'nhmex.c', 'l3': 'l3.c'}
        for fam, ms in xm.METRICS.items():
            boxes = driver_boxes(os.path.join(DRIVER, src[fam]))
            for m in ms:
                box = re.sub(r'(_\*|_[0-9]+)$', '', m.box)
                self.assertIn(box, boxes, '%s: no box type %s in %s' % (
                    m.name, box, src[fam]))
                for events, fields in boxes[box]:
                    for spec in m.events.values():
                        if '=' in spec:
                            self.assertIsNotNone(fields, (m.name, box))
                            for term in spec.split(','):
                                self.assertIn(term.split('=')[0], fields,
                                              '%s: %s not a field of %s' % (
                                                  m.name, spec, box))
                        else:
                            self.assertIn(spec, events,
                                          '%s: %s not an event of %s' % (
                                              m.name, spec, box))

    def test_driver_boxes_reads_the_tables(self):
        """the parser below finds what the metrics' test relies on, and
        tells box types apart (an event of one is not of another)"""
        b = driver_boxes(os.path.join(DRIVER, 'nhmex.c'))
        self.assertIn('port3_flits_sent', b['rbox'][0][0])
        self.assertNotIn('port3_flits_sent', b['cbox'][0][0])
        self.assertEqual(len(b['mbox']), 2)         # nhmex and wsmex
        for events, _ in b['mbox']:
            self.assertIn('bbox_cmds_read', events)
            self.assertIn('dsp_fill', events)       # XU_EVENTS_MORE
        self.assertNotIn('bbox_cmds_read', b['bbox'][0][0])
        e5 = driver_boxes(os.path.join(DRIVER, 'snbep.c'))
        self.assertEqual(len(e5['pcu']), 2)
        for _, fields in e5['pcu']:
            self.assertIn('occ_sel', fields)
        self.assertNotIn('occ_sel', e5['imc'][0][1])


# ---- the driver's box types, read from its C source (test_events_...) ----

def _balanced(text, i, open_='(', close=')'):
    """the index just past the bracket closing the one at text[i]"""
    depth = 0
    for j in range(i, len(text)):
        if text[j] == open_:
            depth += 1
        elif text[j] == close:
            depth -= 1
            if not depth:
                return j + 1
    raise ValueError('unbalanced at %d' % i)


def _split_args(s):
    args, depth, cur = [], 0, ''
    for ch in s:
        if ch in '({[':
            depth += 1
        elif ch in ')}]':
            depth -= 1
        if ch == ',' and not depth:
            args.append(cur.strip())
            cur = ''
        else:
            cur += ch
    args.append(cur.strip())
    return args


def expand(text):
    """the file with its own function-like macros expanded (the ones it
    #defines; a few rounds, for macros that use macros) and the
    #defines dropped: enough C preprocessing to read its tables"""
    text = re.sub(r'\\\n', ' ', text)
    defines = {}
    lines = []
    for ln in text.split('\n'):
        m = re.match(r'#define (\w+)\(([^)]*)\)\s*(.*)', ln)
        if m:
            defines[m.group(1)] = ([p.strip() for p in m.group(2).split(',')],
                                   m.group(3))
        elif not ln.startswith('#'):
            lines.append(ln)
    text = '\n'.join(lines)
    for _ in range(4):
        out, i, changed = [], 0, False
        pat = re.compile(r'\b(%s)\(' % '|'.join(map(re.escape, defines)))
        while True:
            m = pat.search(text, i)
            if not m:
                break
            end = _balanced(text, m.end() - 1)
            params, body = defines[m.group(1)]
            args = _split_args(text[m.end():end - 1])
            for p, a in zip(params, args):
                body = re.sub(r'\b%s\b' % re.escape(p), lambda _m, a=a: a, body)
            out.append(text[i:m.start()])
            out.append(body)
            i = end
            changed = True
        out.append(text[i:])
        text = ''.join(out)
        if not changed:
            break
    return text


def driver_boxes(path):
    """{box type name: [(named events, format fields or None), one per
    struct xu_box_type of that name in the file]}: the events of its
    .events table (with the tables XU_EVENTS_MORE adds), the sysfs names
    of its .fields array's XU_FIELDs"""
    with open(path) as f:
        raw = f.read()
    fieldname = dict(re.findall(r'XU_FIELD\((\w+),\s*(\w+),', raw))
    text = expand(raw)
    tables = {}
    for m in re.finditer(r'xu_event_desc (\w+)\[\] = \{', text):
        tables[m.group(1)] = text[m.end() - 1:_balanced(text, m.end() - 1, '{', '}')]

    def names(t):
        body = tables[t]
        # a name of adjacent literals and a macro's #parameters, joined
        # ("port" #_p "_eot": port<_p>_eot)
        n = {''.join(a or '<%s>' % b for a, b in re.findall(r'"([^"]*)"|#(\w+)', lit))
             for lit in re.findall(r'(?:\.name = \(?|XU_EVENT\()((?:"[^"]*"|\s|#\w+)+)',
                                   body)}
        for more in re.findall(r'(?:\.more = \(?|XU_EVENTS_MORE\()(\w+)', body):
            n |= names(more)
        return n
    arrays = {}
    for m in re.finditer(r'xu_field \* const (\w+)\[\] = \{', text):
        body = text[m.end() - 1:_balanced(text, m.end() - 1, '{', '}')]
        arrays[m.group(1)] = {fieldname[f] for f in
                              re.findall(r'xu_field_(\w+)', body) if f in fieldname}
    boxes = {}
    for m in re.finditer(r'xu_box_type (\w+) =\s*\{', text):
        body = text[m.end() - 1:_balanced(text, m.end() - 1, '{', '}')]
        name = re.search(r'\.name\s*=\s*\(?"([a-z0-9_]+)"', body)
        ev = re.search(r'\.events\s*=\s*\(?(\w+)', body)
        fl = re.search(r'\.fields\s*=\s*\(?(\w+)', body)
        if not name:
            continue
        boxes.setdefault(name.group(1), []).append(
            (names(ev.group(1)) if ev else set(),
             arrays.get(fl.group(1)) if fl else None))
    return boxes


CPUINFO = '''processor\t: 0
vendor_id\t: GenuineIntel
cpu family\t: %d
model\t\t: %d
model name\t: Intel(R) Xeon(R) CPU
stepping\t: 2

processor\t: 1
cpu family\t: 99
'''


GUIDE = os.path.join(TREE, 'Documentation', 'admin-guide', 'perf', 'xeon-uncore.rst')


class Guide(unittest.TestCase):
    """the admin guide's Metrics section is doc_rst() of these tables, so
    the two cannot drift: a metric added, renamed or reworded here and not
    there (or there by hand) fails"""

    def section(self):
        with open(GUIDE) as f:
            text = f.read()
        a = text.find(xm.DOC_BEGIN)
        b = text.find(xm.DOC_END)
        self.assertTrue(0 <= a < b, 'no generated block in ' + GUIDE)
        self.assertIn('\nMetrics\n=======\n', text[:a])
        return text[a:b + len(xm.DOC_END) + 1]

    def test_section_is_generated(self):
        self.assertEqual(self.section(), xm.doc_rst(),
                         'regenerate the block from xeon_uncore_metrics.doc_rst()')

    def test_every_metric_in_its_part(self):
        sec = self.section()
        heads = [(fam, sec.index(title)) for fam, title, _ in xm.DOC_FAMILIES]
        ends = [h for _, h in heads[1:]] + [len(sec)]
        flat = ' '.join
        for (fam, start), end in zip(heads, ends):
            part = flat(sec[start:end].split())
            for m in xm.METRICS[fam]:
                self.assertIn('``%s``' % m.name, part, (fam, m.name))
                self.assertIn(flat(m.formula.split()), part, (fam, m.name))
                self.assertIn(flat(m.excludes.split()), part, (fam, m.name))
            for g, why in xm.UNOFFERED.get(fam, {}).items():
                self.assertIn(flat(why.split()), part, (fam, g))
        self.assertEqual({f for f, _, _ in xm.DOC_FAMILIES}, set(xm.METRICS))

    def test_bbox_line_size_guess_listed(self):
        with open(GUIDE) as f:
            text = f.read()
        confirm = text[text.index('To confirm on hardware\n====='):]
        self.assertIn('64 B per B-box command', confirm)


PCPDIR = os.path.join(TOOLS, 'pcp')


class Pcp(unittest.TestCase):
    """the PCP files the package ships (tools/xeon_uncore/pcp) are
    pcp_perfevent_conf() and pcp_derived() of the tables; the derived
    metrics are xeon-uncore-stat's, by name and formula; PCP's own parser
    takes them (when pminfo is installed)"""

    def test_box_counts_are_the_drivers(self):
        # PCP_BOXES restates how many iMC channels and QPI ports each E5
        # part has; the driver's PCI box rows are the one home of that
        with open(os.path.join(DRIVER, 'snbep.c')) as f:
            rows = re.findall(r'SNBEP_PCI_BOX\(&(\w+)_part, "(\w+)", (\d+)', f.read())
        drv = {}
        for part, box, n in rows:
            drv.setdefault(part, {})[box] = int(n)
        for part, boxes in xm.PCP_BOXES.items():
            for box, n in boxes.items():
                self.assertEqual(n, drv[part][box], '%s %s' % (part, box))

    def derived(self):
        """{name: expression} of the derived config, its other lines
        ((oneline) help) checked for their metric"""
        defs, helps = {}, set()
        for ln in xm.pcp_derived().splitlines():
            if not ln or ln.startswith('#'):
                continue
            name, sep, expr = ln.partition(' = ')
            self.assertTrue(sep, ln)
            m = re.fullmatch(r'([a-z0-9_.]+)(\(oneline\))?', name)
            self.assertTrue(m, ln)
            if m.group(2):
                helps.add(m.group(1))
            else:
                self.assertNotIn(name, defs)
                defs[name] = expr
        self.assertEqual(helps, set(defs))
        return defs

    def test_files_are_generated(self):
        for fname, gen in xm.PCP_FILES:
            with open(os.path.join(PCPDIR, fname)) as f:
                self.assertEqual(f.read(), gen(), 'regenerate: python3 '
                                 'tools/xeon_uncore/xeon_uncore_metrics.py pcp '
                                 'tools/xeon_uncore/pcp')

    def test_names_are_xeon_uncore_stats(self):
        defs = self.derived()
        names = set()
        for fam in xm.PCP_FAMILIES:
            ms, why = xm.pcp_metrics(fam)
            names |= {n for _, n in ms}
            self.assertTrue(ms, fam)
            for part in [p for p, f in xm.FAMILY.items() if f == fam]:
                stat_names = {m.name for m in xm.metrics_of(part)}
                for m, n in ms:
                    self.assertEqual(n, 'xeon_uncore.' + m.name)
                    self.assertIn(m.name, stat_names, part)
                # every metric of the part: in PCP, or said why not
                self.assertEqual(stat_names, {m.name for m, _ in ms} | set(why))
            self.assertFalse({m.name for m, _ in ms} & set(why))
        self.assertEqual(set(defs), names)
        for n in ('mem.read_bw', 'llc.misses', 'io.ioh_requests', 'link.port7_tx_flits',
                  'llc.lookups', 'link.fsb_clock'):
            self.assertIn('xeon_uncore.' + n, defs)
        self.assertIn('mem.read_bw', xm.pcp_metrics('nhmex')[1])
        self.assertIn('link.fsb_busy', xm.pcp_metrics('l3')[1])

    def test_expression_is_the_formula(self):
        """each expression: rate() of the metric's perfevent counter times
        its scale, and the scale is the formula xeon-uncore-stat computes
        (of the sum of its events' counts)"""
        defs = self.derived()
        for fam in xm.PCP_FAMILIES:
            for m, n in xm.pcp_metrics(fam)[0]:
                num, den = m.scale
                for counts, sec in (((1000000, 3), 2.0), ((7, 0), 0.125), ((0, 5), 1.0)):
                    c = dict(zip(m.events, counts))
                    total = sum(c.values())
                    self.assertAlmostEqual(m.calc(c, sec), num * total / den / sec,
                                           delta=1e-12 * max(total, 1), msg=n)
                e = re.fullmatch(r'rate\(perfevent\.derived\.([a-z0-9_]+)\.value\)'
                                 r'(?: \* (\d+))?(?: / (\d+))?', defs[n])
                self.assertTrue(e, defs[n])
                self.assertEqual(e.group(1), xm.pcp_counter(m))
                self.assertEqual((int(e.group(2) or 1), int(e.group(3) or 1)), m.scale, n)
        self.assertEqual(xm.pcp_expr(metric('snbep', 'mem.read_bw')),
                         'rate(perfevent.derived.xeon_uncore_mem_read_bw.value)'
                         ' * 64 / 1000000')
        self.assertEqual(xm.pcp_expr(metric('tulsa', 'link.fsb_clock')),
                         'rate(perfevent.derived.xeon_uncore_link_fsb_clock.value)'
                         ' / 1000000')

    def conf(self):
        """perfevent.conf's ({entry: [[events]]}, {derived: [[events]]},
        [dynamic lines], the order of the sections), a CPU option kept
        after its event (event + ' ' + option)"""
        entries, derived, order, cur = {}, {}, [], None
        for ln in xm.pcp_perfevent_conf().splitlines():
            if not ln or ln.startswith('#'):
                continue
            h = re.fullmatch(r'\[(\S+)\]', ln)
            if h:
                order.append(h.group(1))
                if h.group(1).endswith(':derived'):
                    cur = derived.setdefault(h.group(1)[:-8], [[]])
                else:
                    cur = entries.setdefault(h.group(1), [[]])
                continue
            if ln == '||':
                self.assertIn(cur, derived.values())
                cur.append([])
                continue
            cur[-1].append(ln)
        dynamic = entries.pop('dynamic')[0]
        return entries, derived, dynamic, order

    def test_perfevent_conf(self):
        """an entry an E5 part, each event of the claimed metrics on each of
        the part's boxes, on the first CPU of each node; a derived counter a
        metric whose first group per part is every box, the others one box
        fewer each, all of its entry's events"""
        entries, derived, _, _ = self.conf()
        self.assertEqual(sorted(entries), sorted('%s_unc_imc0' % p for p in xm.PCP_PARTS))
        ms = xm.pcp_metrics()[0]
        self.assertEqual(sorted(derived), sorted(
            xm.pcp_counter(m) for f in xm.PCP_FAMILIES for m, _ in xm.pcp_metrics(f)[0]))
        for ln in sum(entries.values(), [[]])[0]:
            self.assertEqual(ln.split()[1:], ['node'], ln)
        for m, _ in ms:
            (alias,) = m.events.values()
            groups = [[ln.split()[0] for ln in g if ln.endswith(' node')]
                      for g in derived[xm.pcp_counter(m)]]
            for part in xm.PCP_PARTS:
                n = xm.PCP_BOXES[part][xm.pcp_box(m)]
                mine = [g for g in groups if g[0].startswith(part + '_')]
                self.assertEqual([len(g) for g in mine], list(range(n, 0, -1)))
                pfm = xm.PCP_PFM_EVENTS[alias]
                want = ['%s_unc_%s%d::%s' % (part, xm.pcp_box(m), i, pfm)
                        for i in range(n)]
                self.assertEqual(mine[0], want)
                for g in mine:
                    self.assertTrue(set(g) <= {e.split()[0] for e in
                                               entries['%s_unc_imc0' % part][0]})

    def test_perfevent_conf_dynamic(self):
        """the 7500/E7 and 7100/7400: [dynamic] is the last section, its
        lines <pmu>.<event> with no CPU option, none the start of another
        (the PMDA enables an event whose name starts a line's); a metric's
        derived counter sums its events on every box the family can have,
        then one box fewer each, of the [dynamic] lines"""
        _, derived, dynamic, order = self.conf()
        self.assertEqual(order[-1], 'dynamic')
        self.assertEqual(order.count('dynamic'), 1)
        for ln in dynamic:
            self.assertRegex(ln, r'^uncore_[a-z0-9_]+\.[a-z0-9_.]+$')
            for other in dynamic:
                self.assertTrue(other == ln or not ln.startswith(other), (ln, other))
        self.assertEqual(len(set(dynamic)), len(dynamic))
        for fam in xm.PCP_FAMILIES[1:]:
            for m, _ in xm.pcp_metrics(fam)[0]:
                groups = derived[xm.pcp_counter(m)]
                for g in groups:
                    self.assertTrue(set(g) <= set(dynamic), g)
                first = groups[0]
                if m.box.endswith('_*'):
                    n = xm.PCP_SYSFS_BOXES[fam][xm.pcp_box(m)]
                    self.assertEqual([len(g) for g in groups],
                                     [len(m.events) * k for k in range(n, 0, -1)])
                    boxes = ['%s_%d' % (xm.pcp_box(m), i) for i in range(n)]
                else:
                    self.assertEqual(len(groups), 1)
                    boxes = [m.box]
                self.assertEqual(sorted(first), sorted(
                    'uncore_%s.%s' % (b, e) for b in boxes for e in m.events.values()))
        self.assertIn('uncore_cbox_9.llc_misses', dynamic)          # the E7's 10
        self.assertIn('uncore_rbox_1.port3_flits_sent', dynamic)     # port 7

    def test_dynamic_events_are_the_drivers(self):
        """each [dynamic] line's event is an event of that box type in the
        driver's tables, and no other event of the type starts its name
        (the PMDA would open that one too)"""
        _, _, dynamic, _ = self.conf()
        boxes = {}
        for src in ('nhmex.c', 'l3.c'):
            boxes.update(driver_boxes(os.path.join(DRIVER, src)))
        for ln in dynamic:
            pmu, _, ev = ln.partition('.')
            box = re.sub(r'_[0-9]+$', '', pmu[len('uncore_'):])
            self.assertIn(box, boxes, ln)
            for events, _ in boxes[box]:
                self.assertIn(ev, events, ln)
                self.assertEqual([e for e in events if ev.startswith(e) and e != ev], [], ln)

    def test_guide_and_readme(self):
        """the admin guide's "From PCP" names every PCP metric and every
        metric it leaves out; it and the README give the same two commands,
        on the files the package installs"""
        with open(GUIDE) as f:
            guide = f.read()
        sec = guide[guide.index('\nFrom PCP\n--------\n'):]
        sec = sec[:sec.index('\n=====')]
        with open(os.path.join(TREE, 'README.md')) as f:
            readme = f.read()
        for fam in xm.PCP_FAMILIES:
            ms, why = xm.pcp_metrics(fam)
            # the R-box ports as a range: port0_tx_flits ... port7_tx_flits
            rng = '``xeon_uncore.link.port0_tx_flits`` ... ``port7_tx_flits``'
            for _, n in ms:
                self.assertTrue('``%s``' % n in sec or
                                re.fullmatch(r'xeon_uncore\.link\.port[0-7]_tx_flits', n)
                                and rng in sec, n)
            for n in why:
                self.assertIn('``%s``' % n, sec)
        for ln in ('fetch_event_config()', 'fetch_format_properties()',
                   'perf_setup_dynamic_events()', 'configparser.l'):
            self.assertIn(ln, sec)
        cmds = [ln.strip() for ln in sec.splitlines()
                if '/usr/share/xeon-uncore/pcp/' in ln and ln.startswith('  ')]
        self.assertEqual(len(cmds), 2, cmds)
        for c in cmds:
            self.assertIn('\n%s\n' % c, readme)
        for fname, _ in xm.PCP_FILES:
            self.assertIn('/usr/share/xeon-uncore/pcp/' + fname, ' '.join(cmds))
        with open(os.path.join(TREE, 'debian', 'rules')) as f:
            rules = f.read()
        self.assertIn('for f in %s; do' % ' '.join(f for f, _ in xm.PCP_FILES), rules)
        self.assertIn('usr/share/xeon-uncore/pcp/$$f', rules)

    def test_pmda_encode(self):
        """e2e/pcp's restatement of the PMDA's sysfs encoder: the value
        shifted to its field's lowest bit, read as hexadecimal: perf's
        encoding for the fields of one range, not for a split one (the E5
        QPI's event=0x102, which sets umask bit 0 instead of bit 21)"""
        sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), 'e2e'))
        import metrics_check as mc
        f = {'event': 'config:0-7,21', 'umask': 'config:8-15',
             'iperf_cfg': 'config1:0-31', 'fsb_drdy': 'config2:45'}
        for spec in ('event=0x14,umask=0x07', 'event=0x0,iperf_cfg=0x80000000',
                     'fsb_drdy=1'):
            self.assertEqual(mc.pmda_encode(f, spec), xm.encode('p', f, {}, spec), spec)
        self.assertEqual(mc.pmda_encode(f, 'event=0x102,umask=0x08'), (0x902, 0, 0))
        self.assertEqual(xm.encode('p', f, {}, 'event=0x102,umask=0x08'), (0x200802, 0, 0))
        self.assertEqual(mc.pmda_encode(f, 'umask=10'), (0x1000, 0, 0))   # hex
        self.assertEqual(mc.pmda_encode(f, 'event=0x1,edge'), (1, 0, 0))
        self.assertIsNone(mc.pmda_encode(f, 'event=0x1,edge=1'))

    PMDA = '/var/lib/pcp/pmdas/perfevent/pmda_perfevent.so'

    def pmda_run(self, d, pmus, cpumask):
        """pminfo -f of perfevent.derived and .hwcounters from PCP's
        perfevent PMDA (the DSO, in pminfo's process) on the generated
        perfevent.conf and a sysfs of PMUS {pmu: [events]} in D, each event
        the software PMU's cpu-clock (event=0x0 of type 1: it opens on any
        host); {metric: [instance names]} of the metrics with values"""
        sysfs = os.path.join(d, 'sys')
        for pmu, evs in pmus.items():
            pd = os.path.join(sysfs, 'bus', 'event_source', 'devices', pmu)
            os.makedirs(os.path.join(pd, 'format'))
            os.makedirs(os.path.join(pd, 'events'))
            for f, text in (('type', '1'), ('cpumask', cpumask),
                            ('format/event', 'config:0-7')):
                with open(os.path.join(pd, f), 'w') as fh:
                    fh.write(text + '\n')
            for e in evs:
                with open(os.path.join(pd, 'events', e), 'w') as fh:
                    fh.write('event=0x0\n')
        pmdas = os.path.join(d, 'pmdas')
        os.makedirs(os.path.join(pmdas, 'perfevent'))
        with open(os.path.join(pmdas, 'perfevent', 'perfevent.conf'), 'w') as f:
            f.write(xm.pcp_perfevent_conf())
        root = os.path.join(d, 'root')
        with open(root, 'w') as f:
            f.write('root { perfevent }\nperfevent {\n    version 127:0:0\n'
                    '    active 127:0:1\n    hwcounters 127:*:*\n'
                    '    derived 127:*:*\n}\n')
        env = dict(os.environ, PCP_PMDAS_DIR=pmdas, SYSFS_PREFIX=sysfs)
        r = subprocess.run(['pminfo', '-L', '-K', 'clear', '-K',
                            'add,127,%s,perfevent_init' % self.PMDA, '-n', root,
                            '-f', 'perfevent.derived', 'perfevent.hwcounters'],
                           env=env, capture_output=True, text=True, timeout=120)
        self.assertEqual(r.returncode, 0, r.stderr[-2000:])
        self.assertNotIn('Syntax error', r.stderr)
        vals, cur = {}, None
        for ln in r.stdout.splitlines():
            if ln.startswith('perfevent.'):
                cur = ln.strip()
                continue
            i = re.match(r'\s+inst \[\d+ or "(cpu\d+)"\] value', ln)
            if i and cur.endswith('.value'):
                vals.setdefault(cur[:-len('.value')], []).append(i.group(1))
        return vals

    def test_pmda_reads_the_dynamic_section(self):
        """PCP's own perfevent PMDA (the installed one: Debian 12's 6.0.3)
        on the generated perfevent.conf and PMUs named as the 7500's (8
        C-boxes), the E7's (10) and the 7100/7400's: every [dynamic] event
        present opens on its PMU's cpumask and no other event of those
        PMUs; the family's derived counters, and no other family's, are
        set up, an instance a CPU of the cpumask (libpfm4 finds no E5
        PMU here, so the E5 entries are not used)"""
        if not shutil.which('pminfo') or not os.path.exists(self.PMDA):
            self.skipTest('no pminfo or perfevent PMDA (pcp not installed)')
        if os.geteuid() != 0:
            self.skipTest('not root: the PMDA opens CPU-wide events')
        cpus = sorted(os.sched_getaffinity(0))[:2]
        cpumask = ','.join(map(str, cpus))
        _, _, dynamic, _ = self.conf()
        decoy = {'cbox': 'llc_misses.s_state', 'bbox': 'imt_inserts_ioh_wr',
                 'rbox': 'port0_flits_sent_x', 'l3': 'l3_requests.demand'}
        for fam, pmus in (
                ('nhmex', ['cbox_%d' % i for i in range(8)] + ['bbox_0', 'bbox_1',
                                                               'rbox_0', 'rbox_1']),
                ('nhmex', ['cbox_%d' % i for i in range(10)] + ['bbox_0', 'bbox_1',
                                                                'rbox_0', 'rbox_1']),
                ('l3', ['l3'])):
            evs = {'uncore_' + p: [ln.partition('.')[2] for ln in dynamic
                                   if ln.partition('.')[0] == 'uncore_' + p]
                   + [decoy[p.split('_')[0]]] for p in pmus}
            with tempfile.TemporaryDirectory() as d:
                vals = self.pmda_run(d, evs, cpumask)
            want = {'perfevent.derived.' + xm.pcp_counter(m)
                    for m, _ in xm.pcp_metrics(fam)[0]}
            want |= {'perfevent.hwcounters.%s.%s' % (p, e)
                     for p, es in evs.items() for e in es[:-1]}
            self.assertEqual(sorted(vals), sorted(want), (fam, pmus))
            for k, insts in vals.items():
                self.assertEqual(insts, ['cpu%d' % c for c in cpus], k)

    def test_pcp_parses_the_derived_metrics(self):
        pminfo = shutil.which('pminfo')
        if not pminfo:
            self.skipTest('no pminfo (pcp not installed)')
        with tempfile.TemporaryDirectory() as d:
            pmns = os.path.join(d, 'root')
            with open(pmns, 'w') as f:
                f.write('root {\n}\n')
            env = dict(os.environ, PCP_DERIVED_CONFIG=os.path.join(PCPDIR, 'xeon-uncore.conf'))
            r = subprocess.run([pminfo, '-L', '-n', pmns, 'xeon_uncore'], env=env,
                               capture_output=True, text=True, timeout=60)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertNotIn('rror', r.stderr)
        self.assertEqual(set(r.stdout.split()), set(self.derived()))


class Detect(unittest.TestCase):
    def test_from_cpuinfo(self):
        for (fam, model), (part, _) in xm.PART_OF_CPU.items():
            info = xm.cpuinfo(CPUINFO % (fam, model))
            self.assertEqual(xm.detect_part(info, [])[0], part)

    def test_from_pmu_names(self):
        """the PMU names decide only without a family/model"""
        e5 = ['uncore_ubox', 'uncore_pcu', 'uncore_cbox_0', 'uncore_imc_0',
              'uncore_qpi_0']
        nhm = ['uncore_wbox', 'uncore_ubox', 'uncore_mbox_0'] + \
            ['uncore_cbox_%d' % i for i in range(8)]
        for info in ({}, {'cpu family': '6'}, {'cpu family': 'x', 'model': '?'}):
            for names, want in ((e5, 'snbep'), (e5 + ['uncore_irp'], 'ivbep'),
                                (nhm, 'nhmex'),
                                (nhm + ['uncore_cbox_8', 'uncore_cbox_9'], 'wsmex'),
                                (['uncore_l3'], 'l3'), (['uncore_foo'], None),
                                ([], None)):
                self.assertEqual(xm.detect_part(info, names)[0], want,
                                 (info, names))
        # the l3 family without the CPU: the family's metrics
        self.assertEqual([m.name for m in xm.metrics_of('l3')],
                         [m.name for m in xm.metrics_of('tulsa')])

    def test_other_cpu_is_refused(self):
        """upstream intel_uncore gives Broadwell-EP (0x4f) and Skylake-SP
        (0x55) the E5s' PMU names: a CPU that is not ours is None, with
        the family and model said, whatever its PMUs are called"""
        e5 = ['uncore_ubox', 'uncore_pcu', 'uncore_cbox_0', 'uncore_imc_0',
              'uncore_qpi_0', 'uncore_irp']
        for model in (0x4f, 0x55, 0x3f):
            info = xm.cpuinfo(CPUINFO % (6, model))
            part, why = xm.detect_part(info, e5)
            self.assertIsNone(part, model)
            self.assertIn('model 0x%x' % model, why)

    def test_instances_sorted_by_number(self):
        names = ['uncore_imc_10', 'uncore_imc_2', 'uncore_qpi_0', 'uncore_imc_0']
        self.assertEqual(xm.instances('imc_*', names),
                         ['uncore_imc_0', 'uncore_imc_2', 'uncore_imc_10'])
        self.assertEqual(xm.instances('pcu', ['uncore_pcu']), ['uncore_pcu'])

    def test_encode(self):
        fm = {'event': 'config:0-7', 'umask': 'config:8-15',
              'occ_sel': 'config:14-15', 'fvc': 'config1:0-31'}
        ev = {'cas_count_read': 'event=0x04,umask=0x03'}
        self.assertEqual(xm.encode('x', fm, ev, 'cas_count_read'), (0x304, 0, 0))
        self.assertEqual(xm.encode('x', fm, ev, 'event=0x80,occ_sel=3'),
                         (0xc080, 0, 0))
        self.assertEqual(xm.encode('x', fm, ev, 'fvc=0x2800'), (0, 0x2800, 0))
        with self.assertRaisesRegex(ValueError, 'x has no format field nope'):
            xm.encode('x', fm, ev, 'nope=1')

    def test_encode_missing_alias(self):
        """a name that is no event of the PMU is said to be that, not a
        format field; a bare format field (a flag) still encodes"""
        fm = {'event': 'config:0-7', 'edge': 'config:18'}
        with self.assertRaisesRegex(ValueError, '^uncore_x has no event port9_flits$'):
            xm.encode('uncore_x', fm, {}, 'port9_flits')
        self.assertEqual(xm.encode('x', fm, {}, 'event=1,edge'), (1 | 1 << 18, 0, 0))
        self.assertEqual(xm.encode('x', fm, {}, 'edge'), (1 << 18, 0, 0))


class Scaled(unittest.TestCase):
    def test_reading(self):
        r = xm.Reading(100, 2000, 1000)
        self.assertTrue(r.scaled)
        self.assertEqual(r.estimate(), 200)
        full = xm.Reading(100, 2000, 2000)
        self.assertFalse(full.scaled)
        self.assertEqual(full.estimate(), 100)
        self.assertIsNone(xm.Reading(0, 2000, 0).estimate())
        self.assertIsNone(xm.Reading(error='refused').estimate())

    def test_evaluate(self):
        m = metric('snbep', 'mem.read_bw')
        # channel 0 ran half the time: its 1000 CAS are taken as 2000
        rd = {('imc_0', 'rd'): xm.Reading(1000, 10, 5),
              ('imc_1', 'rd'): xm.Reading(1000, 10, 10)}
        v = xm.evaluate(m, rd, 1.0)
        self.assertTrue(v['scaled'])
        self.assertIsNone(v['error'])
        self.assertAlmostEqual(v['value'], 3000 * 64 / 1e6)
        rd[('imc_1', 'rd')] = xm.Reading(error='refused: errno 16')
        v = xm.evaluate(m, rd, 1.0)
        self.assertIsNone(v['value'])
        self.assertEqual(v['error'], 'refused: errno 16')
        v = xm.evaluate(m, {}, 1.0)
        self.assertIsNone(v['value'])
        self.assertTrue(v['error'].startswith('missing'))
        v = xm.evaluate(m, {('imc_0', 'rd'): xm.Reading(0, 10, 0)}, 1.0)
        self.assertIsNone(v['value'])
        self.assertIn('never on a counter', v['error'])


class Output(unittest.TestCase):
    """values() over two sockets of an E5 with two channels; socket 1's
    channel 1 refused, socket 0's channel 0 multiplexed"""

    def rows(self):
        pmus = {'uncore_imc_0': None, 'uncore_imc_1': None}
        ms = [metric('snbep', 'mem.read_bw')]
        d = {(0, 'uncore_imc_0', 'cas_count_read'): xm.Reading(500, 10, 5),
             (0, 'uncore_imc_1', 'cas_count_read'): xm.Reading(1000, 10, 10),
             (1, 'uncore_imc_0', 'cas_count_read'): xm.Reading(3000, 10, 10),
             (1, 'uncore_imc_1', 'cas_count_read'):
                 xm.Reading(error='refused: uncore_imc_1: errno 16')}
        return stat.values(ms, pmus, [0, 1], d, 2.0)

    def test_values(self):
        rows = {(r['socket'], r['instance']): r for r in self.rows()}
        self.assertEqual(len(rows), 2 + 1 + 4)
        s0 = rows[(0, None)]
        # (500 * 10/5 + 1000) * 64 B / 2 s
        self.assertAlmostEqual(s0['value'], 2000 * 64 / 2 / 1e6)
        self.assertTrue(s0['scaled'])
        self.assertFalse(rows[(0, 'imc_1')]['scaled'])
        self.assertAlmostEqual(rows[(1, 'imc_0')]['value'], 3000 * 64 / 2e6)
        for k in ((1, None), ('all', None), (1, 'imc_1')):
            self.assertIsNone(rows[k]['value'], k)
            self.assertIn('refused', rows[k]['error'])

    def test_json_lines(self):
        out = io.StringIO()
        rows = self.rows()
        stat.json_line(out, 0.5, 0.5, rows, 'snbep')
        stat.json_line(out, 1.0, 0.5, rows, 'snbep')
        lines = out.getvalue().splitlines()
        self.assertEqual(len(lines), 2)
        o = json.loads(lines[1])
        self.assertEqual(set(o), {'time', 'seconds', 'part', 'values'})
        self.assertEqual(o['time'], 1.0)
        self.assertEqual(o['part'], 'snbep')
        v = o['values'][0]
        self.assertEqual(set(v), {'socket', 'instance', 'metric', 'unit',
                                  'value', 'scaled', 'error'})
        self.assertEqual((v['socket'], v['metric'], v['unit'], v['scaled']),
                         (0, 'mem.read_bw', 'MB/s', True))
        bad = [x for x in o['values'] if x['socket'] == 'all'][0]
        self.assertIsNone(bad['value'])
        self.assertIn('refused', bad['error'])

    def test_totals(self):
        """the total of a mean number of cores is the sockets' sum (3 + 1
        cores in C0), of a bandwidth the counts' (the sockets' sum too),
        of a ratio the ratio of the summed counts"""
        c0 = metric('snbep', 'power.cores_c0')
        occ, clk = c0.events['occ'], c0.events['clk']
        d = {(0, 'uncore_pcu', occ): xm.Reading(3000, 9, 9),
             (0, 'uncore_pcu', clk): xm.Reading(1000, 9, 9),
             (1, 'uncore_pcu', occ): xm.Reading(1000, 9, 9),
             (1, 'uncore_pcu', clk): xm.Reading(1000, 9, 9)}
        rows = {r['socket']: r['value'] for r in
                stat.values([c0], {'uncore_pcu': None}, [0, 1], d, 1.0)}
        self.assertEqual(rows, {0: 3.0, 1: 1.0, 'all': 4.0})
        fb = metric('tulsa', 'link.fsb_busy')
        busy, empty = fb.events['busy'], fb.events['empty']
        d = {(0, 'uncore_l3', busy): xm.Reading(90, 9, 9),
             (0, 'uncore_l3', empty): xm.Reading(10, 9, 9),
             (1, 'uncore_l3', busy): xm.Reading(0, 9, 9),
             (1, 'uncore_l3', empty): xm.Reading(100, 9, 9)}
        rows = {r['socket']: r['value'] for r in
                stat.values([fb], {'uncore_l3': None}, [0, 1], d, 1.0)}
        self.assertEqual(rows, {0: 90.0, 1: 0.0, 'all': 45.0})
        # a bus clock: per socket, no total (not 400 MHz for two 200s)
        fc = metric('tulsa', 'link.fsb_clock')
        d = {(s, 'uncore_l3', fc.events[k]): xm.Reading(100000000, 9, 9)
             for s in (0, 1) for k in ('busy', 'empty')}
        rows = {r['socket']: r['value'] for r in
                stat.values([fc], {'uncore_l3': None}, [0, 1], d, 1.0)}
        self.assertEqual(rows, {0: 200.0, 1: 200.0})

    def test_nhmex_ports_one_rbox_each(self):
        """R-box 1's port0_flits_sent is port 4 (nhmex.c: uncore_rbox_1
        holds ports 4-7): link.portN_tx_flits reads the one R-box of port
        N, so port 0 is not port 0 + port 4, and ports 4-7 have a value"""
        ms = [m for m in xm.metrics_of('nhmex') if m.group == 'link']
        self.assertEqual([m.name for m in ms],
                         ['link.port%d_tx_flits' % p for p in range(8)])
        pmus = {'uncore_rbox_0': None, 'uncore_rbox_1': None}
        d = {}
        for half in (0, 1):
            for p in range(4):
                # port N sends 10 * (N + 1) flits
                d[(0, 'uncore_rbox_%d' % half, 'port%d_flits_sent' % p)] = \
                    xm.Reading(10 * (half * 4 + p + 1), 9, 9)
        rows = {r['metric']: r['value'] for r in stat.values(ms, pmus, [0], d, 1.0)
                if r['socket'] == 0 and r['instance'] is None}
        self.assertEqual(rows, {'link.port%d_tx_flits' % p: 10.0 * (p + 1)
                                for p in range(8)})

    def test_json_gives_the_count_back(self):
        """value * seconds / 64 B is the count: seconds is not rounded
        (e2e/metrics saw 2000.003 lines for 2000 at 6 decimals)"""
        secs = 0.2693151234567
        m = metric('snbep', 'mem.write_bw')
        d = {(0, 'uncore_imc_0', 'cas_count_write'): xm.Reading(2000, 9, 9)}
        rows = stat.values([m], {'uncore_imc_0': None}, [0], d, secs)
        out = io.StringIO()
        stat.json_line(out, secs, secs, rows, 'snbep')
        o = json.loads(out.getvalue())
        for v in o['values']:
            self.assertEqual(round(v['value'] * o['seconds'] * 1e6 / 64, 9),
                             2000)

    def test_csv(self):
        out = io.StringIO()
        rows = self.rows()
        stat.csv_rows(out, 0.5, 0.5, rows, True)
        stat.csv_rows(out, 1.0, 0.5, rows, False)
        got = list(csv.reader(io.StringIO(out.getvalue())))
        self.assertEqual(tuple(got[0]), stat.CSV_FIELDS)
        self.assertEqual(len(got), 1 + 2 * len(rows))
        first = dict(zip(got[0], got[1]))
        self.assertEqual((first['socket'], first['metric'], first['scaled']),
                         ('0', 'mem.read_bw', '1'))
        self.assertAlmostEqual(float(first['value']), 0.064)
        bad = [dict(zip(got[0], r)) for r in got[1:] if r[2] == 'all'][0]
        self.assertEqual(bad['value'], '')
        self.assertIn('refused', bad['error'])

    def test_table(self):
        out = io.StringIO()
        stat.table(out, 1.0, 1.0, self.rows(), True)
        lines = out.getvalue().splitlines()
        self.assertTrue(lines[0].startswith('# time'))
        s0 = [ln for ln in lines[1:] if ln.split()[1:3] == ['0', '-']][0]
        self.assertRegex(s0, r' 0\.06\* MB/s$')
        s1 = [ln for ln in lines[1:] if ln.split()[1:3] == ['1', '-']][0]
        self.assertIn('refused', s1)
        self.assertNotRegex(s1, r'MB/s$')


# The tool's main() on this host with the sysfs and system-call functions
# of the module replaced: one E5 socket with one iMC channel whose
# cas_count_read counts 1000 a read.  argv[1]: MODE, the rest the tool's
# arguments.  MODE refuse: every perf_event_open fails (EBUSY); half:
# cas_count_write's does; gone: the fds read 0 bytes after the first read
# (a PCI function removed); noenable: the real ioctl, on /dev/null (ENOTTY);
# ok.
FAKE = r"""
import errno, os, sys
sys.path.insert(0, %(tools)r)
import importlib.machinery, importlib.util
loader = importlib.machinery.SourceFileLoader('st', %(stat)r)
spec = importlib.util.spec_from_loader('st', loader)
st = importlib.util.module_from_spec(spec)
loader.exec_module(st)
xm = st.xm
mode = sys.argv[1]


class P:
    name, type, cpus = 'uncore_imc_0', 99, [0]

    def encode(self, spec):
        return (2 if spec == 'cas_count_write' else 1, 0, 0)


reads = {}


def perf_open(pmu, words, cpu):
    if mode == 'refuse' or (mode == 'half' and words[0] == 2):
        raise OSError(errno.EBUSY, os.strerror(errno.EBUSY))
    if mode == 'gone':
        r, w = os.pipe()
        os.write(w, bytes(24))          # the first read: zeros
        os.close(w)                     # then 0 bytes, as a gone device
        return r
    return os.open('/dev/null', os.O_RDONLY)


def perf_read(fd):
    n = reads[fd] = reads.get(fd, 0) + 1
    return (1000 * n, 10 * n, 10 * n)


xm.find_pmus = lambda root=None: {'uncore_imc_0': P()}
xm.detect_part = lambda info, names: ('snbep', 'test')
xm.online_cpus = lambda: [0]
xm.package_of = lambda c: 0
xm.perf_open = perf_open
if mode != 'gone':
    xm.perf_read = perf_read
if mode != 'noenable':
    xm.ioctl = lambda fd, req: None
st.platform.machine = lambda: 'x86_64'
sys.exit(st.main(sys.argv[2:]))
"""


class Run(unittest.TestCase):
    """main() with the system calls faked (FAKE): the exit status, read
    errors, signals"""

    def tool(self, mode, *args, **kw):
        import subprocess
        src = FAKE % {'tools': TOOLS, 'stat': os.path.join(TOOLS, 'xeon-uncore-stat')}
        return subprocess.Popen([sys.executable, '-c', src, mode] + list(args),
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                universal_newlines=True, **kw)

    def test_no_event_opened_is_status_1(self):
        """nothing opened: status 1, said, the command not run (it
        would have exited 0)"""
        p = self.tool('refuse', '--json', 'mem', '--', 'true')
        out, err = p.communicate(timeout=60)
        self.assertEqual(p.returncode, 1, err)
        self.assertIn('no event opened', err)
        self.assertEqual(out, '')

    def test_an_error_is_status_3(self):
        """one metric refused, the other counted, the command exited 0:
        status 3 (the old tool: 0)"""
        p = self.tool('half', '--json', 'mem', '--', 'true')
        out, err = p.communicate(timeout=60)
        self.assertEqual(p.returncode, 3, err)
        vs = {v['metric']: v for v in json.loads(out)['values']
              if v['socket'] == 0 and v['instance'] is None}
        self.assertIsNone(vs['mem.read_bw']['error'])
        self.assertIn('refused', vs['mem.write_bw']['error'])

    def test_enable_refused_is_an_error_not_a_crash(self):
        """the enable ioctl refused on every event: said, status 1"""
        p = self.tool('noenable', '--json', 'mem', '--', 'true')
        out, err = p.communicate(timeout=60)
        self.assertNotIn('Traceback', err)
        self.assertEqual(p.returncode, 1, err)
        self.assertIn('enable: errno 25', err)

    def test_read_error_is_an_error_not_a_crash(self):
        """a 0-byte read (the PCI function gone) is that counter's error:
        the metric is an error, no traceback, status 3"""
        p = self.tool('gone', '--json', 'mem', '--', 'true')
        out, err = p.communicate(timeout=60)
        self.assertNotIn('Traceback', err)
        self.assertEqual(p.returncode, 3, err)
        o = json.loads(out.splitlines()[-1])
        self.assertTrue(o['values'])
        for v in o['values']:
            self.assertIsNone(v['value'], v)
            self.assertIn('read error', v['error'])
            self.assertIn('short read: 0 of 24 bytes', v['error'])

    def test_ok_is_status_of_the_command(self):
        p = self.tool('ok', '--json', 'mem', '--', 'sh', '-c', 'exit 5')
        out, err = p.communicate(timeout=60)
        self.assertEqual(p.returncode, 5, err)
        p = self.tool('ok', '--json', 'mem', '--', 'true')
        out, err = p.communicate(timeout=60)
        self.assertEqual(p.returncode, 0, err)
        o = json.loads(out)
        self.assertTrue(all(v['error'] is None for v in o['values']), o)

    def test_sigterm_kills_and_waits_for_the_command(self):
        """SIGTERM to the tool: the command gets it and is waited for, and
        a last interval is printed (the old tool died at once, printing
        nothing and leaving the command running)"""
        import signal
        import tempfile
        import time
        with tempfile.TemporaryDirectory() as d:
            pidf = os.path.join(d, 'pid')
            p = self.tool('ok', '--json', 'mem', '--', 'sh', '-c',
                          'echo $$ >%s.t; mv %s.t %s; exec sleep 30'
                          % (pidf, pidf, pidf))
            for _ in range(300):
                if os.path.exists(pidf):
                    break
                time.sleep(0.05)
            with open(pidf) as f:
                child = int(f.read())
            time.sleep(0.2)
            p.send_signal(signal.SIGTERM)
            try:
                out, err = p.communicate(timeout=20)
            finally:
                try:
                    os.kill(child, signal.SIGKILL)
                    alive = True
                except ProcessLookupError:
                    alive = False
            self.assertFalse(alive, 'the command outlived the tool')
            self.assertEqual(p.returncode, 128 + signal.SIGTERM, err)
            lines = out.splitlines()
            self.assertEqual(len(lines), 1, out)
            o = json.loads(lines[0])
            self.assertGreater(o['seconds'], 0.2)

    def test_signal_without_command_prints_last_interval(self):
        """-a -I: SIGINT or SIGTERM ends the run after the intervals so
        far and a last one up to the signal; status 0 (the old tool: a
        SIGTERM killed it, the last interval unprinted)"""
        import signal
        import time
        for sig in (signal.SIGINT, signal.SIGTERM):
            p = self.tool('ok', '-a', '-I', '100', '--json', 'mem')
            # a printed interval: the handlers are in place (a fixed
            # sleep raced the tool's start on a loaded host)
            first = p.stdout.readline()
            t = time.monotonic()
            p.send_signal(sig)
            out, err = p.communicate(timeout=20)
            out = first + out
            took = time.monotonic() - t
            self.assertEqual(p.returncode, 0, (sig, err))
            self.assertNotIn('Traceback', err)
            lines = [json.loads(ln) for ln in out.splitlines()]
            self.assertGreaterEqual(len(lines), 2, out)
            # the last interval ends at the signal: at most an interval
            # (0.1 s) and the time the tool takes to see it (1 s: a loaded
            # 2-core host)
            self.assertLessEqual(lines[-1]['seconds'], 0.1 + 1.0, lines[-1])
            self.assertLess(took, 5)


class CheckAlone(unittest.TestCase):
    def test_check_without_the_module(self):
        """xeon-uncore-check copied without xeon_uncore_metrics.py: exit 2
        and a message naming the file to copy and where the package puts
        it, not a traceback"""
        import shutil
        import subprocess
        import tempfile
        if os.path.exists('/usr/share/xeon-uncore/xeon_uncore_metrics.py'):
            self.skipTest('the package\'s copy is installed on this host')
        with tempfile.TemporaryDirectory() as d:
            tool = os.path.join(d, 'xeon-uncore-check')
            shutil.copy(os.path.join(TOOLS, 'xeon-uncore-check'), tool)
            p = subprocess.run([sys.executable, tool, '--help'],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               universal_newlines=True, timeout=60,
                               env=dict(os.environ, PYTHONPATH=''))
        self.assertEqual(p.returncode, 2, p.stderr)
        self.assertNotIn('Traceback', p.stderr)
        self.assertIn('copy xeon_uncore_metrics.py', p.stderr)
        self.assertIn(d, p.stderr)
        self.assertIn('/usr/share/xeon-uncore', p.stderr)


if __name__ == '__main__':
    harness_unittest.main('metrics', __name__)
