# SPDX-License-Identifier: GPL-2.0
"""unittest for run-tests' part harness: a module's tests as run-tests
reads them, "ok   AREA: NAME" or "FAIL AREA: NAME" (then the failure,
indented), one line a test."""
import sys
import unittest


class HarnessResult(unittest.TestResult):
    def __init__(self, area):
        super().__init__()
        self.area = area

    def addSuccess(self, test):
        super().addSuccess(test)
        print('ok   %s: %s' % (self.area, test.id().split('.', 1)[1]))

    def _bad(self, test, err):
        print('FAIL %s: %s' % (self.area, test.id().split('.', 1)[1]))
        for ln in self._exc_info_to_string(err, test).splitlines()[-6:]:
            print('     | ' + ln)

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
    unittest.defaultTestLoader.loadTestsFromModule(sys.modules[module]).run(res)
    sys.exit(0 if res.wasSuccessful() and res.testsRun else 1)
