# SPDX-License-Identifier: GPL-2.0
"""unittest for run-tests' part harness: a module's tests as KTAP, as
run-tests reads them: the version and plan lines, then "ok N - AREA: NAME"
or "not ok N - AREA: NAME" a test, after the failures of its subtests and
its own as "# " diagnostics."""
import sys
import unittest


class HarnessResult(unittest.TestResult):
    def __init__(self, area):
        super().__init__()
        self.area = area
        self.n = 0
        self.bad = False
        self.skip = None

    def startTest(self, test):
        super().startTest(test)
        self.bad = False
        self.skip = None

    def stopTest(self, test):
        super().stopTest(test)
        self.n += 1
        line = '%d - %s: %s' % (self.n, self.area, test.id().split('.', 1)[1])
        if self.bad:
            print('not ok ' + line)
        elif self.skip is not None:
            print('ok %s # SKIP %s' % (line, self.skip))
        else:
            print('ok ' + line)

    def addSkip(self, test, reason):
        super().addSkip(test, reason)
        self.skip = reason

    def _bad(self, test, err):
        self.bad = True
        print('# %s' % test.id().split('.', 1)[1])
        for ln in self._exc_info_to_string(err, test).splitlines()[-6:]:
            print('# | ' + ln)

    def addSubTest(self, test, subtest, err):
        super().addSubTest(test, subtest, err)
        if err is not None:
            self._bad(subtest, err)

    def addUnexpectedSuccess(self, test):
        super().addUnexpectedSuccess(test)
        self.bad = True
        print('# %s: passed, expected to fail' % test.id().split('.', 1)[1])

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self._bad(test, err)

    def addError(self, test, err):
        super().addError(test, err)
        self._bad(test, err)


def main(area, module):
    """unittest.main() for MODULE, or with --harness its tests as run-tests
    reads them (exit 1 on a failure or if none ran)"""
    if sys.argv[1:] != ['--harness']:
        unittest.main(module=module)
        return
    res = HarnessResult(area)
    tests = unittest.defaultTestLoader.loadTestsFromModule(sys.modules[module])
    print('KTAP version 1')
    print('1..%d' % tests.countTestCases())
    tests.run(res)
    sys.exit(0 if res.wasSuccessful() and res.testsRun else 1)
