# SPDX-License-Identifier: GPL-2.0
"""The model's registers by name, for the e2e oracles.

The model (xeon_uncore_sim) names every register of its part "box.ROW",
"box.ROW[n]" in a row of several, with ".hi" for the upper dword of a wide
PCI register: ROW is the guide's name of the register, box the model's box
(its type's name, with the box's index when the type has several:
"cbox3", "ubox", "qpi_mm0").  Its debugfs "regs" lists every register with
its address, "msr 0xd14 cbox0.Cn_MSR_PMON_BOX_FILTER0" or "pci
8:6:0x228 qpi_mm0.Q_Py_PCI_PMON_PKT_MATCH0"; its "log" ends each access
with the name of the register it reached ("-": none).  An oracle says
which register of which box it expects, and finds it by name: no address
is restated outside the model.
"""
import os
import re

SIM = '/sys/kernel/debug/xeon_uncore_sim'

# "SEQ CPU R|W msr 0xADDR 0xVALUE NAME" or "SEQ CPU R|W pci
# SOCKET:DEV:FN:0xOFF 0xVALUE NAME"
LOG_RE = re.compile(r'(\d+) (\d+) ([RW]) (msr|pci) (\S+) 0x([0-9a-f]+) (\S+)$')


class Access:
    """One line of the model's log."""
    __slots__ = ('seq', 'cpu', 'write', 'space', 'where', 'val', 'name')

    def __init__(self, m):
        self.seq, self.cpu = int(m.group(1)), int(m.group(2))
        self.write = m.group(3) == 'W'
        self.space, self.where = m.group(4), m.group(5)
        self.val, self.name = int(m.group(6), 16), m.group(7)

    def socket(self):
        """The socket of a PCI access (None for an MSR: the CPU's)."""
        return int(self.where.split(':')[0]) if self.space == 'pci' else None


def parse(line):
    """The access a log line records, or None."""
    m = LOG_RE.match(line.strip())
    return Access(m) if m else None


def accesses(path=None):
    """The accesses of the model's log (or of a copy at @path)."""
    with open(path or os.path.join(SIM, 'log')) as f:
        for line in f:
            a = parse(line)
            if a:
                yield a


class Regs:
    """The part's registers: {name: (space, address as the log writes it
    but for the socket)}."""

    def __init__(self, sim=SIM):
        self.at = {}
        with open(os.path.join(sim, 'regs')) as f:
            for line in f:
                space, addr, name = line.split()
                self.at[name] = (space, addr)
        self.boxes = {n.split('.', 1)[0] for n in self.at}

    def box(self, kind, n=0):
        """The model's name of box @n of the type @kind (perf's PMU name
        without uncore_ and its _n), None when the part has none."""
        for b in ('%s%d' % (kind, n), kind if n == 0 else None):
            if b in self.boxes:
                return b
        return None

    def get(self, name):
        """@name if the part has that register, else None."""
        return name if name in self.at else None

    def row(self, box, row):
        """The names of a row's registers, in index order: [box.ROW] or
        [box.ROW[0], box.ROW[1], ...]; [] when the box has no such row."""
        if box + '.' + row in self.at:
            return [box + '.' + row]
        out = []
        while '%s.%s[%d]' % (box, row, len(out)) in self.at:
            out.append('%s.%s[%d]' % (box, row, len(out)))
        return out

    def ending(self, box, suffix):
        """The name of the box's register whose row ends with @suffix."""
        hits = [n for n in self.at if n.startswith(box + '.') and
                n.endswith(suffix)]
        if len(hits) != 1:
            raise KeyError('%s: %d registers end with %s' % (box, len(hits), suffix))
        return hits[0]

    def space(self, name):
        return self.at[name][0]
