#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""ktap.py: run-tests' one reader of test results, for every part.

Run: ktap.py [--name NAME] FILE
       one (K)TAP document: the e2e guests' (e2e/run: a subtest a script),
       the harness's and static's checks
     ktap.py --suites PREFIX [--expect SUITE]... FILE
       a kernel log: the KUnit suites named PREFIX* it holds, wherever
       their KTAP sits among the kernel's other lines; each --expect
       SUITE (a name, whole) must be among them

Prints flat TAP that run-tests counts: "ok N - NAME", "ok N - NAME # SKIP
why" or "not ok N - NAME # why", then the plan.  A NAME is a result of
the document's top level, or, where that result has subtests (a script's
tests, a suite's cases), "TOP.SUB" each of them, followed by ": " and
the test's description: the first "# SUB: description" line since the
result before (e2e/lib.sh's run_test prints one; not read in a kernel
log).  Deeper levels are their parent's result.  The exit
status: 0 if every test passed or was skipped, 1 if not, 2 on a usage
error.

Strict where a producer can go wrong, each a failing line: a plan (at any
level) that does not count its results, a number out of turn, a subtest
whose result line does not name it, a document cut off before its
parent's result, no version line and no plan, a "Bail out!"; with
--expect, a suite not found.  Only "ok N NAME # SKIP" is a skip ("not ok
... # SKIP" fails).  Lines that are not KTAP (the kernel's messages, a test's output)
are skipped, indented or not.  The kernel's own reader
(tools/testing/kunit/kunit.py parse) accepts what e2e/run prints: part
harness checks it (ktap_test.py).
"""
import argparse
import re
import sys

STAMP = re.compile(r'^\[[^\]]*\]\s?')
VERSION = re.compile(r'^(\s*)(?:K?TAP version \d+)\s*$')
SUBTEST = re.compile(r'^(\s*)# Subtest: (.*?)\s*$')
PLAN = re.compile(r'^(\s*)1\.\.(\d+)(?:\s*#.*)?\s*$')
RESULT = re.compile(r'^(\s*)(ok|not ok) (\d+)(?: -)?(?: ([^#]*?))?\s*(?:#\s*(.*))?$')
DIAG = re.compile(r'^(\s*)#\s?(.*)$')
DESC = re.compile(r'^([A-Za-z_][A-Za-z0-9_.-]*): (.+)$')
BAIL = re.compile(r'^(\s*)Bail out!\s*(.*)$')


class Line:
    def __init__(self, kind, indent, m):
        self.kind = kind
        self.indent = indent
        self.m = m


def classify(text):
    for kind, rx in (('version', VERSION), ('subtest', SUBTEST), ('plan', PLAN),
                     ('result', RESULT), ('diag', DIAG), ('bail', BAIL)):
        m = rx.match(text)
        if m:
            return Line(kind, len(m.group(1)), m)
    return None


class Test:
    """A result of the document, with the subtests its block held"""

    def __init__(self, name=''):
        self.name = name
        self.ok = True
        self.skip = None  # a reason, for an "ok" only
        self.why = ''
        self.desc = ''
        self.plan = None
        self.subtests = []
        self.errors = []


class Reader:
    def __init__(self, lines, descriptions=True):
        self.lines = [classify(STAMP.sub('', ln.rstrip('\n'))) for ln in lines]
        self.i = 0
        self.descriptions = descriptions

    def peek(self):
        """the next KTAP line, past what is not KTAP"""
        while self.i < len(self.lines) and self.lines[self.i] is None:
            self.i += 1
        return self.lines[self.i] if self.i < len(self.lines) else None

    def block(self, test, indent, top=False):
        """the subtests of TEST, whose lines are at INDENT, up to the first
        KTAP line less indented (the result line of TEST, or its parent's);
        TOP: the document's top level, whose plan may come last (TAP)"""
        desc = {}
        pending = None
        while True:
            ln = self.peek()
            if ln is None or (ln.indent < indent and ln.kind not in ('diag', 'bail')):
                break
            self.i += 1
            if ln.kind == 'bail':
                test.errors.append('Bail out! ' + ln.m.group(2))
                continue
            if ln.indent > indent:
                if ln.kind in ('version', 'subtest'):
                    if pending is not None:
                        test.errors.append('%s: a subtest with no result line' % pending.name)
                        test.subtests.append(pending)
                    pending = Test()
                    if ln.kind == 'subtest':
                        pending.name = ln.m.group(2)
                    self.header(pending, ln.indent)
                    self.block(pending, ln.indent)
                continue  # a deeper line outside a block: not ours
            if ln.kind == 'diag':
                d = DESC.match(ln.m.group(2))
                if d and ln.indent == indent and self.descriptions:
                    desc.setdefault(d.group(1), d.group(2))
                continue
            if ln.kind == 'version':
                test.errors.append('a version line amid the results')
                continue
            if ln.kind == 'subtest':
                test.errors.append('"# Subtest: %s" outside a block' % ln.m.group(2))
                continue
            if ln.kind == 'plan':
                if test.plan is None and not test.subtests:
                    test.plan = int(ln.m.group(2))
                elif test.plan is None and top:
                    # TAP's plan at the end, of a document's top level
                    test.plan = int(ln.m.group(2))
                else:
                    test.errors.append('a plan (1..%s) amid the results' % ln.m.group(2))
                continue
            # a result line at this level
            sub = pending if pending is not None else Test()
            pending = None
            name = (ln.m.group(4) or '').strip()
            if sub.name and name != sub.name:
                test.errors.append('subtest "%s" ends with the result of "%s"' % (sub.name, name))
            sub.name = name or sub.name
            number = int(ln.m.group(3))
            if number != len(test.subtests) + 1:
                test.errors.append('%s: number %d, expected %d' %
                                   (sub.name, number, len(test.subtests) + 1))
            sub.ok = ln.m.group(2) == 'ok'
            rest = (ln.m.group(5) or '').strip()
            if sub.ok and re.match(r'SKIP\b', rest):
                sub.skip = rest[4:].strip()
            else:
                sub.why = rest
            sub.desc = desc.pop(sub.name, '')
            desc.clear()
            test.subtests.append(sub)
        if pending is not None:
            test.errors.append('%s: cut off before its result line' % (pending.name or 'a subtest'))
            pending.ok = False
            pending.why = 'cut off'
            test.subtests.append(pending)
        if test.plan is not None and test.plan != len(test.subtests):
            test.errors.append('a plan of %d, %d results' % (test.plan, len(test.subtests)))

    def header(self, test, indent):
        """a block's "# Subtest:" and plan, after its version line"""
        ln = self.peek()
        if ln and ln.kind == 'subtest' and ln.indent == indent:
            test.name = ln.m.group(2)
            self.i += 1
        # the plan, after diagnostics (KUnit's "# module: NAME") if any
        j = self.i
        while j < len(self.lines) and (self.lines[j] is None or (
                self.lines[j].kind == 'diag' and self.lines[j].indent == indent)):
            j += 1
        ln = self.lines[j] if j < len(self.lines) else None
        if ln and ln.kind == 'plan' and ln.indent == indent:
            test.plan = int(ln.m.group(2))
            self.i = j + 1


def document(lines):
    """LINES as one document: its top-level results"""
    r = Reader(lines)
    top = Test()
    ln = r.peek()
    while ln is not None and ln.kind == 'diag':
        r.i += 1  # what a guest prints before its KTAP
        ln = r.peek()
    if ln is None:
        top.errors.append('no KTAP in the output')
        return top
    if ln.kind == 'version':
        r.i += 1
        r.header(top, ln.indent)
    r.block(top, ln.indent, top=True)
    if top.plan is None and not top.errors:
        top.errors.append('no plan: the producer may have stopped early')
    return top


def suites(lines, prefix, expect):
    """the KUnit suites named PREFIX* in a kernel log: each a block
    (version, "# Subtest:", plan, cases) closed by a less indented result"""
    r = Reader(lines, descriptions=False)
    top = Test()
    while r.peek() is not None:
        ln = r.peek()
        r.i += 1
        if ln.kind == 'bail':
            top.errors.append('Bail out! ' + ln.m.group(2))
        if ln.kind != 'version':
            continue
        t = Test()
        r.header(t, ln.indent)
        if not t.name.startswith(prefix):
            continue  # a top-level header, or another suite's
        r.block(t, ln.indent)
        res = r.peek()
        if res and res.kind == 'result' and res.indent < ln.indent and \
           (res.m.group(4) or '').strip() == t.name:
            r.i += 1
            t.ok = res.m.group(2) == 'ok'
        else:
            t.errors.append('no result line for the suite')
        top.subtests.append(t)
    for s in expect:
        if not any(t.name == s for t in top.subtests):
            top.errors.append('%s: suite not found in the log' % s)
    return top


def flat(top):
    """(ok, skip, name, why) of each reported test"""
    out = []
    for e in top.errors:
        out.append((False, None, e, ''))
    for t in top.subtests:
        if not t.subtests:
            out.append((t.ok, t.skip, named(t.name, t.desc), t.why))
            for e in t.errors:
                out.append((False, None, '%s: %s' % (t.name, e), ''))
            continue
        for s in t.subtests:
            ok = s.ok and not s.errors and all(x.ok for x in s.subtests)
            why = s.why or '; '.join(s.errors)
            out.append((ok, s.skip, named('%s.%s' % (t.name, s.name), s.desc), why))
        for e in t.errors:
            out.append((False, None, '%s: %s' % (t.name, e), ''))
        # a failing block with a reason of its own (a script that stopped
        # early), or whose subtests all passed
        if not t.ok and (t.why or all(s.ok for s in t.subtests)):
            out.append((False, None, t.name, t.why or 'failed, no test did'))
    return out


def named(name, desc):
    return '%s: %s' % (name, desc) if desc else name


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--suites', metavar='PREFIX')
    ap.add_argument('--expect', action='append', default=[], metavar='SUITE')
    ap.add_argument('file')
    a = ap.parse_args()
    with open(a.file, errors='replace') as f:
        lines = f.readlines()
    top = suites(lines, a.suites, a.expect) if a.suites else document(lines)
    out = flat(top)
    for n, (ok, skip, name, why) in enumerate(out, 1):
        if skip is not None:
            tail = ' # SKIP' + (' ' + skip if skip else '')
        else:
            tail = ' # ' + why if why and not ok else ''
        print('%s %d - %s%s' % ('ok' if ok else 'not ok', n, name, tail))
    print('1..%d' % len(out))
    return 0 if all(o[0] for o in out) else 1


if __name__ == '__main__':
    sys.exit(main())
