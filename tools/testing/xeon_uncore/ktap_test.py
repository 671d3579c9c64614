#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Tests of ktap.py, run-tests' reader of results, and of what e2e/run
prints: e2e/run and e2e/lib.sh run here on the host with scripts of
their kind (no guest), and the kernel's own KTAP reader
(tools/testing/kunit's kunit_parser, from $XU_KUNIT_DIR: part harness
sets it) must find their output well formed.

Run: ktap_test.py [--harness] (part harness: KTAP, harness_unittest)"""
import contextlib
import io
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import harness_unittest  # noqa: E402
import ktap  # noqa: E402


def flat(text, **kw):
    lines = textwrap.dedent(text).lstrip('\n').splitlines(True)
    if kw:
        top = ktap.suites(lines, kw['prefix'], kw.get('expect', []))
    else:
        top = ktap.document(lines)
    return [(ok, skip, name) for ok, skip, name, _ in ktap.flat(top)]


def failing(out):
    return [name for ok, _, name in out if not ok]


class Document(unittest.TestCase):
    def test_nested_scripts(self):
        out = flat('''
            KTAP version 1
            1..2
              KTAP version 1
              # Subtest: l3
              # a_test: its description
              # time: 3 s
              ok 1 a_test
              what a test printed
              not ok 2 b # got 1, want 2
              ok 3 c # SKIP not in XU_TEST
            # e2e/l3: 32 s
            not ok 1 l3
              KTAP version 1
              # Subtest: metrics
              ok 1 m
            ok 2 metrics
            ''')
        self.assertEqual(out, [(True, None, 'l3.a_test: its description'),
                               (False, None, 'l3.b'),
                               (True, 'not in XU_TEST', 'l3.c'),
                               (True, None, 'metrics.m')])

    def test_script_failed_with_no_failing_test(self):
        out = flat('''
            KTAP version 1
            1..1
              KTAP version 1
              # Subtest: s
              ok 1 a
            not ok 1 s # stopped before its end, exit status 1
            ''')
        self.assertEqual(failing(out), ['s'])

    def test_cut_off(self):
        out = flat('''
            KTAP version 1
            1..2
              KTAP version 1
              # Subtest: s
              ok 1 a
            ''')
        self.assertIn('s', failing(out))
        self.assertIn('a plan of 2, 1 results', failing(out))

    def test_plan_counts_results(self):
        self.assertEqual(failing(flat('KTAP version 1\n1..3\nok 1 a\nok 2 b\n')),
                         ['a plan of 3, 2 results'])

    def test_tap_plan_last(self):
        self.assertEqual(flat('ok 1 - a\nnot ok 2 - b # why\n1..2\n'),
                         [(True, None, 'a'), (False, None, 'b')])
        self.assertEqual(failing(flat('ok 1 - a\n1..2\n')), ['a plan of 2, 1 results'])

    def test_no_plan(self):
        self.assertEqual(failing(flat('ok 1 - a\n')),
                         ['no plan: the producer may have stopped early'])

    def test_nothing(self):
        self.assertEqual(failing(flat('some output\n')), ['no KTAP in the output'])

    def test_numbers_in_turn(self):
        self.assertEqual(failing(flat('KTAP version 1\n1..2\nok 1 a\nok 3 b\n')),
                         ['b: number 3, expected 2'])

    def test_subtest_named_in_its_result(self):
        out = flat('''
            KTAP version 1
            1..1
              KTAP version 1
              # Subtest: s
              ok 1 a
            ok 1 t
            ''')
        self.assertEqual(failing(out), ['subtest "s" ends with the result of "t"'])


class KUnit(unittest.TestCase):
    LOG = '''
        [    2.0] xeon_uncore_sim: loading out-of-tree module taints kernel.
        [    3.0]     KTAP version 1
        [    3.1]     # Subtest: xeon_uncore_assign
        [    3.2]     1..2
        [    3.3]     ok 1 brute_force
        [    3.4]         KTAP version 1
        [    3.5]         # Subtest: params
        [    3.6]         ok 1 one
        [    3.7]         not ok 2 two
        [    3.8]     # params: pass:1 fail:1 skip:0 total:2
        [    3.9]     not ok 2 params
        [    4.0] ok 1 xeon_uncore_assign
        [    5.0] KTAP version 1
        [    5.1] 1..1
        [    5.2]     KTAP version 1
        [    5.3]     # Subtest: xeon_uncore_sim
        [    5.4]     # module: xeon_uncore_sim_test
        [    5.5]     1..1
        [    5.6]     ok 1 reset # SKIP slow
        [    5.7] ok 1 xeon_uncore_sim
        [    6.0]     KTAP version 1
        [    6.1]     # Subtest: other_suite
        [    6.2]     1..1
        [    6.3]     not ok 1 x
        [    6.4] not ok 1 other_suite
        '''

    def test_suites_of_a_kernel_log(self):
        out = flat(self.LOG, prefix='xeon_uncore')
        self.assertEqual([(ok, skip, name.split(':')[0]) for ok, skip, name in out],
                         [(True, None, 'xeon_uncore_assign.brute_force'),
                          (False, None, 'xeon_uncore_assign.params'),
                          (True, 'slow', 'xeon_uncore_sim.reset')])

    def test_expected_suite_missing(self):
        out = flat(self.LOG, prefix='xeon_uncore', expect=['xeon_uncore_sim', 'xeon_uncore_l3'])
        self.assertEqual(failing(out)[0], 'xeon_uncore_l3: suite not found in the log')

    def test_command_line_as_run_tests_gives_it(self):
        with tempfile.NamedTemporaryFile('w', suffix='.log') as f:
            f.write(textwrap.dedent(self.LOG))
            f.flush()
            r = subprocess.run([sys.executable, os.path.join(HERE, 'ktap.py'),
                                '--suites', 'xeon_uncore', '--expect', 'xeon_uncore_assign',
                                '--expect', 'xeon_uncore_sim_l3', f.name],
                               stdout=subprocess.PIPE, universal_newlines=True)
        self.assertEqual(r.returncode, 1)
        lines = r.stdout.splitlines()
        self.assertEqual(lines[0], 'not ok 1 - xeon_uncore_sim_l3: suite not found in the log')
        self.assertEqual(lines[-1], '1..4')

    def test_not_ok_skip_fails(self):
        out = flat('''
            KTAP version 1
            1..2
            not ok 1 a # SKIP because
            ok 2 b # skip is not the directive
            ''')
        self.assertEqual(out, [(False, None, 'a'), (True, None, 'b')])

    def test_bail_out(self):
        self.assertIn('Bail out! no perf',
                      failing(flat('KTAP version 1\n1..1\nok 1 a\nBail out! no perf\n')))

    def test_suite_crashed(self):
        out = flat('''
                KTAP version 1
                # Subtest: xeon_uncore_regs
                1..3
                ok 1 a
            [   9.0] BUG: unable to handle page fault
            ''', prefix='xeon_uncore')
        self.assertIn('xeon_uncore_regs: a plan of 3, 1 results', failing(out))
        self.assertIn('xeon_uncore_regs: no result line for the suite', failing(out))


SCRIPT = '''#!/bin/bash
. ./lib.sh
t_pass() { :; }
t_fail() { fail "wanted 2"; }
t_note() { note "a note"; echo "NOTE: kept"; }
t_lines() { fail "$(printf 'ok 9 - injected\\nnot ok 10 x')"; }
t_empty() { fail ""; }
run_test "passes" t_pass
run_test "fails, a # in the reason" t_fail
run_test "notes" t_note
[ "${STOP:-}" != 1 ] || exit 0
run_test "last, its own ID" t_pass last
run_test "a reason of two lines" t_lines
run_test "a reason that is empty" t_empty
finish
'''


class E2eRunPerf(unittest.TestCase):
    """e2e/run's XU_PERF: the perf the scripts run, or a bail-out"""

    def run_with(self, perf):
        with tempfile.TemporaryDirectory(prefix='xu-ktap-test.') as d:
            shutil.copy(os.path.join(HERE, 'e2e', 'run'), d)
            os.mkdir(os.path.join(d, 'bin'))
            with open(os.path.join(d, 'bin', 'perf'), 'w') as f:
                f.write('#!/bin/sh\n')
            os.chmod(os.path.join(d, 'bin', 'perf'), 0o755)
            env = dict(os.environ, TMPDIR=d, XU_PERF=os.path.join(d, perf))
            r = subprocess.run([os.path.join(d, 'run')], env=env, stdout=subprocess.PIPE,
                               universal_newlines=True)
            return r.returncode, r.stdout.replace(d, 'DIR')

    def test_before_the_systems(self):
        rc, out = self.run_with('bin')
        self.assertEqual(rc, 0, out)
        self.assertIn('# perf used: DIR/bin/perf\n', out)

    def test_no_perf_there(self):
        rc, out = self.run_with('none')
        self.assertEqual(rc, 1)
        self.assertEqual(out, 'Bail out! XU_PERF=DIR/none: no perf there\n')
        self.assertFalse(ktap.flat(ktap.document(out.splitlines(True)))[0][0])


QPI, CBOX = 'uncore_qpi_0/event=0x0,umask=0x1/', 'uncore_cbox_0/event=0x0/'
KMARK, UMARK = 'ffffffffffffff80', 'fffffffffffffe00'
IP, GARBAGE = 'ffffffff8143302b', 'fffffffefffffffe'


def sample_dump(off, cpu, t, ip, chain, event):
    """One sample as perf script -D -F cpu,time,event --ns prints it: the
    raw record, its callchain, then the script's line (ending in a space)."""
    lines = ['', '%s@/tmp/cc.data [0x48]: event: 9' % off, '.',
             '. ... raw event: size 72 bytes',
             '.  0000:  09 00 00 00 01 00 48 00 2b 30 43 81 ff ff ff ff  ......H.+0C.....',
             '%d 1000000000%d %s [0x48]: PERF_RECORD_SAMPLE(IP, 0x1): 7/7: 0x%s period: 1 addr: 0'
             % (cpu, t, off, ip.lstrip('0')),
             '... FP chain: nr:%d' % len(chain)]
    lines += ['..... %2d: %s' % (i, f) for i, f in enumerate(chain)]
    lines += [' ... thread: sh:7', ' ...... dso: [kernel.kallsyms]',
              '[%03d] 10.00000000%d: %s: ' % (cpu, t, event)]
    return '\n'.join(lines) + '\n'


# A COMM record, then: a QPI sample whose user stack held GARBAGE and a
# word equal to the kernel's marker (its frame pointers unwound by the
# kernel); a C-box one written twice; one whose marker is named (as
# mainline's perf prints it); one with a frame of the hypervisor's
# context; a QPI one with a frame before any marker and a kernel chain
# that does not start at its address; one with no callchain.
CBOX_CHAIN = [KMARK, IP, 'ffffffff8170a34a', 'ffffffff8170b452']
DUMP = ('''
0x1a8@/tmp/cc.data [0x30]: event: 3
.
. ... raw event: size 48 bytes
.  0000:  03 00 00 00 00 00 30 00 07 00 00 00 07 00 00 00  ......0.........
0 0 0x1a8 [0x30]: PERF_RECORD_COMM: sh:7/7
''' + sample_dump('0x4f8', 1, 1, IP,
                  [KMARK, IP, UMARK, GARBAGE, KMARK, '00007f32a46f2ad7', 'ffffffff81000130'],
                  QPI)
        + sample_dump('0x568', 0, 2, IP, CBOX_CHAIN, CBOX)
        + sample_dump('0x5b0', 0, 2, IP, CBOX_CHAIN, CBOX)
        + sample_dump('0x5f8', 1, 3, '00007f32a46f2ad7',
                      [UMARK + ' (PERF_CONTEXT_USER)', '00007f32a46f2ad7', GARBAGE], QPI)
        + sample_dump('0x638', 0, 4, IP, ['ffffffffffffffe0', '0000000000001000', KMARK, IP], CBOX)
        + sample_dump('0x680', 1, 5, IP, ['ffffffff81000130', KMARK, 'ffffffff8170a34a'], QPI)
        + sample_dump('0x6c8', 1, 6, IP, [], QPI))


class CallchainFrames(unittest.TestCase):
    """e2e/lib.sh's callchain_frames: frames by their context, not address"""

    def test_contexts(self):
        with tempfile.TemporaryDirectory(prefix='xu-ktap-test.') as d:
            shutil.copy(os.path.join(HERE, 'e2e', 'lib.sh'), d)
            with open(os.path.join(d, 'dump'), 'w') as f:
                f.write(DUMP.lstrip('\n'))
            script = ('. ./lib.sh; perf() { cat dump; }; '
                      'callchain_frames cc.data uncore_qpi_0 out && cat out')
            r = subprocess.run(['bash', '-c', script], cwd=d, stdout=subprocess.PIPE,
                               env=dict(os.environ, TMPDIR=d),
                               universal_newlines=True, check=True)
        self.assertEqual(r.stdout, 'pci 1 4 0 1 1\nmsr 3 0 0 1 1\npci 0 2 0 0 1\n'
                                   'msr 1 0 1 1 1\npci 1 0 1 1 0\npci 0 0 0 0 1\n')


class E2eRun(unittest.TestCase):
    """e2e/run and lib.sh on the host: two scripts, one cut short"""

    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix='xu-ktap-test.')
        for f in ('run', 'lib.sh'):
            shutil.copy(os.path.join(HERE, 'e2e', f), cls.dir)
        for name, stop in (('one', ''), ('two', '1')):
            with open(os.path.join(cls.dir, name), 'w') as f:
                f.write(SCRIPT.replace('${STOP:-}', stop))
            os.chmod(os.path.join(cls.dir, name), 0o755)
        env = dict(os.environ, TMPDIR=cls.dir)
        for k in ('XU_TEST', 'XU_BOOT_TEST', 'XU_DRV_INSMOD', 'XU_PERF'):
            env.pop(k, None)
        r = subprocess.run([os.path.join(cls.dir, 'run'), 'one', 'two'], env=env,
                           stdout=subprocess.PIPE, universal_newlines=True)
        cls.rc = r.returncode
        cls.out = r.stdout

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.dir)

    def test_results(self):
        out = flat(self.out)
        self.assertEqual(out, [(True, None, 'one.pass: passes'),
                               (False, None, 'one.fail: fails, a # in the reason'),
                               (True, None, 'one.note: notes'),
                               (True, None, 'one.last: last, its own ID'),
                               (False, None, 'one.lines: a reason of two lines'),
                               (False, None, 'one.empty: a reason that is empty'),
                               (True, None, 'two.pass: passes'),
                               (False, None, 'two.fail: fails, a # in the reason'),
                               (True, None, 'two.note: notes'),
                               (False, None, 'two')])
        self.assertEqual(ktap.flat(ktap.document(self.out.splitlines(True)))[-1][3],
                         'stopped before its end, exit status 0')
        self.assertEqual(self.rc, 1)

    def test_notes_before_the_result(self):
        lines = self.out.splitlines()
        i = lines.index('  ok 3 note')
        self.assertIn('  # a note', lines[i - 4:i])
        self.assertIn('  # NOTE: kept', lines[i - 4:i])

    def test_kernels_reader_agrees(self):
        kdir = os.environ.get('XU_KUNIT_DIR')
        if not kdir or not os.path.exists(os.path.join(kdir, 'kunit_parser.py')):
            self.skipTest('no tools/testing/kunit (XU_KUNIT_DIR)')
        sys.path.insert(0, kdir)
        # (imported here: its printer takes the stdout it finds then)
        with contextlib.redirect_stdout(io.StringIO()):
            import kunit_parser
            test = kunit_parser.parse_run_tests(self.out.splitlines(True))
        c = test.counts
        self.assertEqual((c.passed, c.failed, c.skipped, c.crashed, c.errors),
                         (5, 4, 0, 0, 0))
        self.assertEqual([t.name for t in test.subtests], ['one', 'two'])
        self.assertEqual([t.name for t in test.subtests[0].subtests],
                         ['pass', 'fail', 'note', 'last', 'lines', 'empty'])


if __name__ == '__main__':
    harness_unittest.main('ktap', __name__)
