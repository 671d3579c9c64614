#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Host unit tests of matrix.py (no guest): the file `matrix` itself (its
kernels, platforms and suites exist; what matrix.py prints run-tests
reads) and the parser on small texts (sets, options, quoting, errors).

Run: python3 tools/testing/xeon_uncore/matrix_test.py [-v]
     (--harness: a line a test, as run-tests' harness part reads them)
"""
import fnmatch
import os
import re
import shlex
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import harness_unittest  # noqa: E402
import matrix  # noqa: E402


def lib_sh(func, *args):
    """the lines a lib.sh function prints"""
    p = subprocess.run(['bash', '-c', '. "$0/lib.sh" && "$@"', HERE, func] + list(args),
                       capture_output=True, text=True, check=True)
    return p.stdout.split('\n')[:-1]


class TheFile(unittest.TestCase):
    """the file run-tests reads"""

    @classmethod
    def setUpClass(cls):
        with open(matrix.MATRIX) as f:
            cls.boots = matrix.parse(f.read())

    def test_kernels(self):
        kernels = set(lib_sh('xu_kernel_names', 'all'))
        for b in self.boots:
            self.assertIn(b.kernel, kernels, 'line %d' % b.line)

    def test_every_kernel_has_boots(self):
        have = {b.kernel for b in self.boots if b.part.startswith('e2e-')}
        self.assertEqual(have, set(lib_sh('xu_kernel_names', 'all')))

    def test_platforms(self):
        platforms = {ln.split()[0] for ln in lib_sh('xu_platforms')}
        self.assertTrue(platforms)
        for b in self.boots:
            self.assertIn(b.platform, platforms, 'line %d' % b.line)

    def test_suites_are_scripts(self):
        for b in self.boots:
            for s in b.suites:
                path = os.path.join(HERE, 'e2e', s)
                self.assertTrue(os.access(path, os.X_OK), 'line %d: e2e/%s' % (b.line, s))

    def test_kunit_on_each_debug_kernel(self):
        # the KUnit suites (e2e/kunit) in a boot of each debug kernel, a
        # QEMU thread per vCPU pinned (its concurrent cases meet in their
        # windows far more often so), its tests let through by the boot's
        # XU_TEST (bash's [[ == ]] pattern, as e2e/lib.sh's run_test
        # matches it; an empty one lets every test through)
        ids = subprocess.run([sys.executable, os.path.join(HERE, 'e2e', 'test_names.py'),
                              os.path.join(HERE, 'e2e', 'kunit')],
                             capture_output=True, text=True, check=True).stdout.split()
        self.assertTrue(ids)
        for k in lib_sh('xu_kernel_names', 'debug'):
            runs = [b for b in self.boots
                    if b.kernel == k and b.part == 'e2e-' + k and 'kunit' in b.suites]
            self.assertTrue(runs, 'no e2e boot of %s runs kunit' % k)
            for b in runs:
                self.assertEqual(b.options.get('tcg'), 'multi', 'line %d: tcg=multi' % b.line)
                for w in b.env:
                    if not w.startswith('XU_TEST=') or w == 'XU_TEST=':
                        continue
                    for i in ids:
                        r = subprocess.run(['bash', '-c', '[[ $0 == $1 ]]', i, w[8:]])
                        self.assertEqual(r.returncode, 0,
                                         'line %d: %s skips kunit\'s %s' % (b.line, w, i))

    def test_perf_of_each_kernel(self):
        # a boot's guest runs the perf its kernel's line names (XU_PERF,
        # put before the system's in PATH by e2e/run) or, without one, the system's;
        # the boots of part fuzz too
        env = {k: v for k, v in os.environ.items() if k not in ('XU_GUEST_ENV', 'XU_TEST')}
        perf = {}
        for k in lib_sh('xu_kernel_names', 'all'):
            perf[k] = lib_sh('eval', 'xu_kernel %s && echo "$XU_K_PERF"' % k)[0]
            self.assertRegex(perf[k], r'^(-|linux-source-[0-9.]+)$', k)
        for part in ['e2e-' + k for k in perf] + ['fuzz']:
            p = subprocess.run([os.path.join(HERE, 'run-tests'), '--print-cmd', part],
                               capture_output=True, text=True, check=True, env=env)
            cmds = [shlex.split(ln) for ln in p.stdout.split('\n') if '/vm-run ' in ln]
            self.assertTrue(cmds, part)
            for c in cmds:
                k = c[c.index('--kernel') + 1]
                words = [w for w in c if w.startswith('XU_PERF=')]
                if perf[k] == '-':
                    self.assertEqual(words, [], '%s: %s' % (k, c))
                else:
                    self.assertEqual(len(words), 1, '%s: %s' % (k, c))
                    self.assertIn('/%s-' % perf[k], words[0])

    def test_parts(self):
        parts = {b.part for b in self.boots}
        self.assertEqual(parts, {'fuzz'} | {'e2e-' + k for k in lib_sh('xu_kernel_names', 'all')})

    def test_queue_takes_every_boot_once(self):
        """run-tests' QUEUE (make check) takes each e2e boot in one entry:
        a boot added here to a part the queue splits by boot is run"""
        with open(os.path.join(HERE, 'run-tests')) as f:
            m = re.search(r'^QUEUE=\((.*?)\)$', f.read(), re.M | re.S)
        self.assertTrue(m, "run-tests' QUEUE=(...)")
        queue = shlex.split(m.group(1))
        for b in self.boots:
            if b.part == 'fuzz':
                continue
            takes = [q for q in queue if q == b.part or
                     (q.startswith(b.part + '/') and fnmatch.fnmatchcase(b.name, q.split('/')[1]))]
            self.assertEqual(len(takes), 1, '%s/%s (line %d): %s'
                             % (b.part, b.name, b.line, takes))

    def test_printed_for_run_tests(self):
        """matrix.py PART: run-tests' fields, empty ones kept"""
        p = subprocess.run([sys.executable, os.path.join(HERE, 'matrix.py'), 'e2e-stock'],
                           capture_output=True, text=True, check=True)
        lines = p.stdout.split('\n')[:-1]
        self.assertEqual(len(lines), len([b for b in self.boots if b.part == 'e2e-stock']))
        f = lines[0].split('\x1f')
        self.assertEqual(f[:7], ['stock', 'nhmex', '', '', '', '', ''])
        self.assertIn('XU_TORTURE_COUNT=1 6', f)
        self.assertEqual(f[-1], 'pcp')

    def test_no_such_part(self):
        p = subprocess.run([sys.executable, os.path.join(HERE, 'matrix.py'), 'e2e-nokernel'],
                           capture_output=True, text=True)
        self.assertEqual((p.returncode, p.stdout), (1, ''))


class Fixtures(unittest.TestCase):
    """e2e/fixture: one file a row of platforms.h, each with what
    fixture/README says a fixture holds"""
    DIR = os.path.join(HERE, 'e2e', 'fixture')
    # every part's; PMI_*: the parts that have a PMI
    ALL = ('FAMILY HAS SIM_ARGS FUZZ_SEEDS COUNT MSR_PMU MSR_EV MSR_CFG MSR_BOX MSR_RATE '
           'SAMPLE_MORE SAMPLE_MEMBER SAMPLE_MCFG SAMPLE_MRATE SAMPLE_LGROUPS '
           'TORTURE_SAMPLE SYS_RATES PCM_REFUSED PCP_ENTRY').split()
    PMI = 'PMI_PMU PMI_EV PMI_CFG PMI_BOX PMI_RATE'.split()
    # what a family's parts set, and a HAS word's
    BY = {'nhmex': ['NCBOX', 'FVC'], 'snbep': ['CAS_EVERY'],
          'l3': ['FSB_MHZ', 'L3_GBSQ_AGENTS', 'L3_GSNPQ_AGENTS', 'L3_GBSQ_AGENT_FMT',
                 'L3_GSNPQ_AGENT_FMT', 'L3_ACCEPTED', 'L3_REFUSED'],
          'pci': ['PCI_IMC0', 'PCI_QPI0_MM'], 'pmi': PMI}

    @classmethod
    def setUpClass(cls):
        with open(os.path.join(cls.DIR, 'README')) as f:
            cls.readme = f.read()
        cls.words = re.findall(r'^  ([a-z_0-9]+) ', cls.readme.split('SIM_ARGS')[0], re.M)

    def fixture(self, plat):
        """the names of ALL and PMI a fixture sets: {name: value} (an
        array's elements joined by spaces)"""
        script = ('set -u; . "$0" && for v in "$@"; do declare -p "$v" &>/dev/null || continue; '
                  'declare -n r=$v; echo "$v=${r[*]}"; unset -n r; done')
        names = self.ALL + sorted({n for v in self.BY.values() for n in v})
        p = subprocess.run(['bash', '-c', script, os.path.join(self.DIR, plat)] + names,
                           capture_output=True, text=True, check=True)
        return dict(ln.split('=', 1) for ln in p.stdout.split('\n') if ln)

    def test_one_a_platform(self):
        platforms = {ln.split()[0] for ln in lib_sh('xu_platforms')}
        files = set(os.listdir(self.DIR)) - {'README'}
        self.assertEqual(files, platforms)

    def test_readme_names_every_variable(self):
        for v in self.ALL + [n for v in self.BY.values() for n in v]:
            self.assertRegex(self.readme, r'(^|\s)%s(\s|$)' % v)
        self.assertIn('pmi', self.words)

    def test_suites_test_readme_words(self):
        """every `has WORD` of the e2e scripts is a word of the README (a
        misspelt one would drop its tests without a SKIP line)"""
        e2e = os.path.join(HERE, 'e2e')
        for f in sorted(os.listdir(e2e)):
            path = os.path.join(e2e, f)
            if not os.path.isfile(path) or f.endswith('.py'):
                continue
            with open(path) as fh:
                code = '\n'.join(ln for ln in fh if not ln.lstrip().startswith('#'))
            for w in re.findall(r'(?m)(?:^\s*|\bif\s+|&&\s*|\|\|\s*|!\s+)has ([a-z_0-9]+)', code):
                self.assertIn(w, self.words, 'e2e/%s: has %s' % (f, w))

    def test_each_sets_what_it_must(self):
        for plat in sorted(set(os.listdir(self.DIR)) - {'README'}):
            with self.subTest(plat=plat):
                got = self.fixture(plat)
                for v in self.ALL:
                    self.assertIn(v, got)
                has = got['HAS'].split()
                for w in has:
                    self.assertIn(w, self.words)
                for v in self.PMI:
                    self.assertEqual(v in got, 'pmi' in has, v)
                for key in [got['FAMILY']] + has:
                    for v in self.BY.get(key, []):
                        self.assertIn(v, got, '%s (%s)' % (v, key))
                self.assertTrue(got['COUNT'])
                with open(os.path.join(HERE, '../../../drivers/perf/xeon_uncore',
                                       got['FAMILY'] + '.c')) as f:
                    self.assertIn('xu_%s_platform = {' % plat, f.read())
                self.assertTrue(got['FUZZ_SEEDS'].split())


class Parser(unittest.TestCase):
    def one(self, text):
        boots = matrix.parse(text)
        self.assertEqual(len(boots), 1)
        return boots[0]

    def bad(self, text, words):
        with self.assertRaises(matrix.MatrixError) as cm:
            matrix.parse(text)
        self.assertIn(words, str(cm.exception))

    def test_plain_boot(self):
        b = self.one('stock tulsa : l3 metrics\n')
        self.assertEqual((b.kernel, b.platform, b.part, b.name),
                         ('stock', 'tulsa', 'e2e-stock', 'tulsa'))
        self.assertEqual((b.options, b.env, b.suites), ({}, [], ['l3', 'metrics']))
        self.assertEqual(b.fields(), ['stock', 'tulsa', '', '', '', '', '', 'l3', 'metrics'])

    def test_sets_expand_in_place_in_order(self):
        b = self.one('set A X=1 Y="a b"\nset B @A Z=2 sim=k=v\n'
                     'debug nhmex W=0 @B X=3 : hardening\n')
        self.assertEqual(b.env, ['W=0', 'X=1', 'Y=a b', 'Z=2', 'X=3'])
        self.assertEqual(b.options, {'sim': 'k=v'})

    def test_options(self):
        b = self.one('debug snbep part=fuzz suffix=fuzz cps=10 tcg=single append="a b" : fuzz\n')
        self.assertEqual((b.part, b.name), ('fuzz', 'snbep-fuzz'))
        self.assertEqual(b.fields()[:7], ['debug', 'snbep', 'a b', '', '10', 'fuzz', 'single'])

    def test_continuation_and_comments(self):
        b = self.one('# a comment : x\n  # another\nstock nhmex X="#1" \\\n'
                     '\t: nhmex \\\n\tmetrics\n')
        self.assertEqual((b.env, b.suites, b.line), (['X=#1'], ['nhmex', 'metrics'], 3))

    def test_glob_values_kept(self):
        b = self.one('stock wsmex XU_TEST="@(perf list*|M-box:*)" : nhmex\n')
        self.assertEqual(b.env, ['XU_TEST=@(perf list*|M-box:*)'])

    def test_errors(self):
        self.bad('stock nhmex : \n', 'no suite')
        self.bad('stock nhmex nhmex\n', 'KERNEL PLATFORM')
        self.bad('stock : nhmex\n', 'KERNEL PLATFORM')
        self.bad('stock nhmex @NOPE : nhmex\n', 'no set NOPE')
        self.bad('set A @A\nstock nhmex @A : nhmex\n', 'includes itself')
        self.bad('set A X=1\nset A X=2\n', 'set A again')
        self.bad('stock nhmex simm=1 : nhmex\n', 'no option simm=')
        self.bad('stock nhmex sim=1 sim=2 : nhmex\n', 'sim= twice')
        self.bad('stock nhmex cps=two : nhmex\n', 'a number of CPUs')
        self.bad('stock nhmex tcg=many : nhmex\n', 'single or multi')
        self.bad('stock nhmex suffix=a/b : nhmex\n', 'lower-case letters, digits and -')
        self.bad('stock nhmex suffix=x* : nhmex\n', 'lower-case letters, digits and -')
        self.bad('stock nhmex word : nhmex\n', 'neither')
        self.bad('stock nhmex : Nhmex\n', 'no suite name')
        self.bad('stock nhmex X="a : nhmex\n', 'No closing quotation')
        self.bad('stock nhmex : nhmex \\\n', 'goes on')
        self.bad('stock nhmex : l3\nstock nhmex : metrics\n', 'has a boot nhmex already')

    def test_same_name_other_part(self):
        boots = matrix.parse('debug nhmex suffix=fuzz : fuzz\n'
                             'debug nhmex suffix=fuzz part=fuzz : fuzz\n')
        self.assertEqual([b.part for b in boots], ['e2e-debug', 'fuzz'])


if __name__ == '__main__':
    harness_unittest.main('matrix', __name__)
