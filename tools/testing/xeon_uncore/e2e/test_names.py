#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""test_names.py SCRIPT: the tests the e2e script SCRIPT declares, an ID a
line, read from its text without running it (run-tests --list): of each
`run_test "NAME" FUNCTION [ID]` call, in the script's order, each once,
its ID (e2e/lib.sh): ID if given, else FUNCTION without "t_" or "test_".

What the shell would expand in an ID ("seed_$SEED", "t_$p") is printed as
"*", so that every ID is also a glob for XU_TEST ("seed_*").  A function
of the script that passes its arguments on to run_test declares tests
too.  Every branch's IDs are listed, whichever platform or setting takes
it: a test of another platform's branch is listed but not run."""

import re
import sys

SPECIAL = '@*#?$!-0123456789'


def expansion(s, i):
    """The end of the expansion at s[i] ('$'), or None if '$' is literal."""
    if i + 1 >= len(s):
        return None
    c = s[i + 1]
    if c in '{(':
        close = '}' if c == '{' else ')'
        depth, j = 0, i + 1
        while j < len(s):
            if s[j] == c:
                depth += 1
            elif s[j] == close:
                depth -= 1
                if depth == 0:
                    return j + 1
            j += 1
        raise ValueError(f'unclosed ${c} in: {s[i:]}')
    if c.isalpha() or c == '_':
        j = i + 1
        while j < len(s) and (s[j].isalnum() or s[j] == '_'):
            j += 1
        return j
    if c in SPECIAL:
        return i + 2
    return None


def word(s, i):
    """The shell word at s[i:], each expansion in it as '*', and where it
    ends."""
    out = []
    quoted = False
    while i < len(s) and (quoted or s[i] not in ' \t;&|<>()'):
        c = s[i]
        if c == "'" and not quoted:
            j = s.index("'", i + 1)
            out.append(s[i + 1:j])
            i = j + 1
        elif c == '"':
            quoted = not quoted
            i += 1
        elif c == '\\':
            if quoted and s[i + 1] not in '$`"\\':
                out.append(c)
            out.append(s[i + 1])
            i += 2
        elif c == '$' and expansion(s, i) is not None:
            out.append('*')
            i = expansion(s, i)
        elif c == '`':
            out.append('*')
            i = s.index('`', i + 1) + 1
        else:
            out.append(c)
            i += 1
    return re.sub(r'\*+', '*', ''.join(out)), i


def test_id(line, i):
    """The ID of the run_test call whose arguments start at line[i:]: its
    third word, else its second (FUNCTION) without "t_" or "test_"."""
    args = []
    while len(args) < 3:
        while i < len(line) and line[i] in ' \t':
            i += 1
        if i >= len(line) or line[i] in ';&|<>()#':
            break
        w, i = word(line, i)
        args.append(w)
    if len(args) < 2:
        return ''
    if len(args) == 3:
        return args[2]
    return re.sub(r'^(t_|test_)', '', args[1])


def names(text):
    lines = text.replace('\\\n', ' ').split('\n')
    # functions that pass their first argument to run_test as the name
    callers = ['run_test']
    fn = None
    for line in lines:
        m = re.match(r'(\w+)\s*\(\)\s*\{', line)
        if m:
            fn = m.group(1)
        if fn and re.search(r'\brun_test\s+"?\$(1|\{1\})"?\s', line):
            callers.append(fn)
        if line.startswith('}') or (m and line.rstrip().endswith('}')):
            fn = None
    call = re.compile(r'(?:^|[;&|(){]|\bthen|\bdo|\belse)\s*(?:%s)\s+(?=\S)'
                      % '|'.join(callers))
    seen = []
    for line in lines:
        if line.lstrip().startswith('#'):
            continue
        for m in call.finditer(line):
            name = test_id(line, m.end())
            if name.strip('*') and name not in seen:
                seen.append(name)
    return seen


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    with open(sys.argv[1], encoding='utf-8') as f:
        for name in names(f.read()):
            print(name)


if __name__ == '__main__':
    main()
