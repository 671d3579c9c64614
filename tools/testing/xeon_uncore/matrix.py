#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Reads the harness's matrix (what runs where: the file `matrix` beside
this one, its format in its header) for run-tests.

Run: matrix.py [--file FILE] PART
  prints PART's boots (e2e-K, fuzz), in the file's order, one a line, its
  fields separated by \\x1f (US: values hold spaces, none of them US):
    KERNEL PLATFORM APPEND SIM CPS SUFFIX TCG [NAME=VALUE...] SUITE...
  (an option the boot does not set: an empty field); exit 2 on an error
  in the file, 1 if PART has no boot.
"""
import os
import re
import shlex
import sys

MATRIX = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'matrix')
OPTIONS = ('append', 'sim', 'cps', 'suffix', 'tcg', 'part')
SEP = '\x1f'


class MatrixError(Exception):
    pass


class Boot:
    def __init__(self, kernel, platform, options, env, suites, line):
        self.kernel = kernel
        self.platform = platform
        self.options = options
        self.env = env
        self.suites = suites
        self.line = line

    @property
    def part(self):
        return self.options.get('part', 'e2e-' + self.kernel)

    @property
    def name(self):
        s = self.options.get('suffix')
        return self.platform + ('-' + s if s else '')

    def fields(self):
        return ([self.kernel, self.platform] +
                [self.options.get(o, '') for o in OPTIONS[:-1]] +
                self.env + self.suites)


def logical_lines(text):
    """(number, text) of each line but comments, a trailing backslash
    joining the next"""
    buf, start = '', None
    for n, ln in enumerate(text.splitlines(), 1):
        if start is None:
            if ln.lstrip().startswith('#'):
                continue
            start = n
        if ln.endswith('\\'):
            buf += ln[:-1] + ' '
            continue
        yield start, buf + ln
        buf, start = '', None
    if start is not None:
        raise MatrixError('%d: the last line goes on (\\) to no line' % start)


def expand(words, sets, where, seen=()):
    out = []
    for w in words:
        if w.startswith('@') and re.fullmatch(r'@[A-Za-z_][A-Za-z0-9_]*', w):
            name = w[1:]
            if name not in sets:
                raise MatrixError('%s: no set %s' % (where, name))
            if name in seen:
                raise MatrixError('%s: set %s includes itself' % (where, name))
            out += expand(sets[name], sets, where, seen + (name,))
        else:
            out.append(w)
    return out


def parse(text):
    """the file's boots, in its order"""
    sets, boots = {}, []
    for n, ln in logical_lines(text):
        try:
            words = shlex.split(ln)
        except ValueError as e:
            raise MatrixError('%d: %s' % (n, e))
        if not words:
            continue
        where = str(n)
        if words[0] == 'set':
            if len(words) < 3 or not re.fullmatch(r'[A-Za-z_][A-Za-z0-9_]*', words[1]):
                raise MatrixError('%s: set NAME WORD...' % where)
            if words[1] in sets:
                raise MatrixError('%s: set %s again' % (where, words[1]))
            sets[words[1]] = words[2:]
            continue
        if ':' not in words or words.index(':') < 2:
            raise MatrixError('%s: KERNEL PLATFORM [WORD...] : SUITE...' % where)
        i = words.index(':')
        suites = words[i + 1:]
        if not suites:
            raise MatrixError('%s: a boot with no suite' % where)
        for s in suites:
            if not re.fullmatch(r'[a-z0-9][a-z0-9-]*', s):
                raise MatrixError('%s: %r is no suite name' % (where, s))
        options, env = {}, []
        for w in expand(words[2:i], sets, where):
            key, eq, value = w.partition('=')
            if not eq:
                raise MatrixError('%s: %r is neither NAME=VALUE, option=VALUE nor @SET'
                                  % (where, w))
            if key in OPTIONS:
                if key in options:
                    raise MatrixError('%s: %s= twice' % (where, key))
                if SEP in value:
                    raise MatrixError('%s: %s= holds a \\x1f' % (where, key))
                options[key] = value
            elif re.fullmatch(r'[A-Z_][A-Z0-9_]*', key):
                if SEP in value:
                    raise MatrixError('%s: %s= holds a \\x1f' % (where, key))
                env.append(w)
            else:
                raise MatrixError('%s: no option %s= (%s, or NAME=VALUE)'
                                  % (where, key, ', '.join(OPTIONS)))
        if 'cps' in options and not re.fullmatch(r'[1-9][0-9]*', options['cps']):
            raise MatrixError('%s: cps=%s: a number of CPUs' % (where, options['cps']))
        if not re.fullmatch(r'[a-z0-9-]*', options.get('suffix', '')):
            # a part's name e2e-K/BOOT is matched as a glob: no / and no glob
            raise MatrixError('%s: suffix=%s: lower-case letters, digits and -'
                              % (where, options['suffix']))
        if options.get('tcg', 'single') not in ('single', 'multi'):
            raise MatrixError('%s: tcg=%s: single or multi' % (where, options['tcg']))
        b = Boot(words[0], words[1], options, env, suites, n)
        for o in boots:
            if (o.part, o.name) == (b.part, b.name):
                raise MatrixError('%s: part %s has a boot %s already (line %d)'
                                  % (where, b.part, b.name, o.line))
        boots.append(b)
    return boots


def main(argv):
    path = MATRIX
    if argv[:1] == ['--file'] and len(argv) > 1:
        path = argv[1]
        argv = argv[2:]
    if len(argv) != 1:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    try:
        with open(path) as f:
            boots = parse(f.read())
    except (OSError, MatrixError) as e:
        print('%s: %s' % (path, e), file=sys.stderr)
        return 2
    mine = [b for b in boots if b.part == argv[0]]
    for b in mine:
        print(SEP.join(b.fields()))
    return 0 if mine else 1


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
