#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Helper of e2e/torture: CPU hotplug loops and the bookkeeping around them.

  torture.py hotplug CYCLES [--socket-every K] [--quiesce SECONDS]
        CYCLES times: offline and online again the collecting CPU of every
        socket (read from the PMUs' cpumask each time); every K cycles
        also offline every CPU of the last socket (its collector first,
        so that the events move before the package goes) and online them
        again.  After each step every uncore PMU's cpumask must name
        exactly one online CPU of each socket that has one.  With
        --quiesce, before each whole-socket offline and at the end, every
        rate in the model's `rates` file is set to 0 and the helper waits
        SECONDS (no overflow in flight when events go away); the rates are
        restored after the socket is back.  Prints one line
        "moves M socket_cycles S errors E" (and the first errors), exits
        1 on any error.  A collector the kernel will not offline (one
        without an "online" file: x86's CPU 0 since 6.5, whatever
        cpu0_hotplug says) stays, and is named on a line "fixed CPU,...".

        With --times FILE, each offline and online is logged there as
        "<CLOCK_MONOTONIC seconds> cpuN offline|online" (perf's sample
        times on x86 are on the same clock, give or take a tick).

  torture.py samples SCRIPT
        perf script -F cpu,time,event --ns lines: "<pmu> <socket> <samples>"
        per PMU and socket the samples were taken on (a moved collector
        samples on another CPU of its socket), each record once (see
        repeats).

  torture.py gaps SCRIPT PMU SOCKET [TIMES]
        Where a sample count went wrong: the samples of PMU on SOCKET, the
        three shortest gaps between consecutive samples against the median
        one (a sample taken twice shows as a gap near 0), each with the
        hotplug steps of TIMES in the 0.5 s before it.

  torture.py repeats SCRIPT [TIMES]
        Sample lines of perf script -F cpu,time,event --ns that occur more
        than once (same PMU, CPU and time to the nanosecond: one record
        that perf record wrote twice, not two samples), each with its
        count and the hotplug steps of TIMES in the 0.5 s before it; then
        "repeats N".  perf record 6.1 to 6.12 writes a record twice when
        the kernel publishes it between the two reads of data_head in
        perf_mmap__push(): it copies up to the second and resumes from the
        first.  Such records sit at the end of one copy of a ring buffer
        and again at the start of the next.

  torture.py kmemleak REPORT MODULE...
        /sys/kernel/debug/kmemleak contents: prints each leak whose
        backtrace names one of the modules or holds an address no symbol
        resolves (a module unloaded since), then "ours N others M";
        exits 1 if N > 0.
"""
import glob
import os
import re
import sys
import time

SIM = '/sys/kernel/debug/xeon_uncore_sim'
PMUS = '/sys/bus/event_source/devices'
CPUS = '/sys/devices/system/cpu'


def read(path):
    with open(path) as f:
        return f.read().strip()


def write(path, text):
    with open(path, 'w') as f:
        f.write(text)


def cpulist(text):
    out = []
    for part in text.split(','):
        if not part:
            continue
        lo, _, hi = part.partition('-')
        out.extend(range(int(lo), int(hi or lo) + 1))
    return out


class Hotplug:
    def __init__(self, quiesce, times=None):
        self.quiesce_s = quiesce
        self.times = open(times, 'w') if times else None
        self.errors = []
        self.moves = 0
        self.socket_cycles = 0
        self.pmus = sorted(p for p in glob.glob(PMUS + '/uncore_*')
                           if os.path.exists(p + '/cpumask'))
        if not self.pmus:
            sys.exit('torture.py: no uncore PMU with a cpumask')
        # every CPU is online at the start: topology is readable
        self.socket = {}
        for c in cpulist(read(CPUS + '/online')):
            self.socket[c] = int(read(f'{CPUS}/cpu{c}/topology/physical_package_id'))
        self.sockets = sorted(set(self.socket.values()))
        # CPUs the kernel will not offline: no "online" file (x86's CPU 0
        # from 6.5)
        self.fixed = {c for c in self.socket
                      if not os.path.exists(f'{CPUS}/cpu{c}/online')}
        self.saved_rates = []

    def error(self, what):
        self.errors.append(what)

    def online_cpus(self):
        return set(cpulist(read(CPUS + '/online')))

    def set_online(self, cpu, on):
        what = 'online' if on else 'offline'
        if self.times:
            self.times.write(f'{time.monotonic():.6f} cpu{cpu} {what}\n')
        try:
            write(f'{CPUS}/cpu{cpu}/online', '1' if on else '0')
        except OSError as e:
            self.error(f'cpu{cpu} {what}: {e.strerror}')
            return False
        return True

    def check_masks(self, when):
        """Every PMU: one online CPU per socket that has one online."""
        online = self.online_cpus()
        want = {self.socket[c] for c in online}
        for p in self.pmus:
            mask = cpulist(read(p + '/cpumask'))
            got = [self.socket.get(c) for c in mask]
            bad = [c for c in mask if c not in online]
            if bad or sorted(got) != sorted(want):
                self.error(f'{when}: {os.path.basename(p)} cpumask {mask}, '
                           f'online {sorted(online)}')
                return

    def collector(self, s):
        for c in cpulist(read(self.pmus[0] + '/cpumask')):
            if self.socket[c] == s:
                return c
        return None

    def quiesce(self):
        if self.quiesce_s is None:
            return
        lines = [ln for ln in read(SIM + '/rates').splitlines()
                 if ln and ln != 'worst']
        self.saved_rates += [ln for ln in lines if not ln.endswith(' 0')]
        for ln in lines:
            write(SIM + '/rates', ln.rsplit(' ', 1)[0] + ' 0')
        # the PMIs raised so far sent (a loaded host can hold a vCPU back
        # for long), then time for their handlers
        for _ in range(100):
            info = dict(ln.split(' ', 1) for ln in read(SIM + '/info').splitlines())
            if all(int(v, 16) == 0 for k, v in info.items()
                   if k.startswith('pmi_pending_')) and info['nmi_busy'] == '0':
                break
            time.sleep(0.1)
        else:
            self.error('PMIs still pending 10 s after the rates went to 0')
        time.sleep(self.quiesce_s)

    def restore(self):
        for ln in self.saved_rates:
            write(SIM + '/rates', ln)
        self.saved_rates = []

    def move_collectors(self):
        for s in self.sockets:
            c = self.collector(s)
            if c is None:
                self.error(f'socket {s} has no collector')
                continue
            if c in self.fixed:
                continue
            if self.set_online(c, False):
                self.check_masks(f'cpu{c} offline')
                self.set_online(c, True)
                self.check_masks(f'cpu{c} back')
                self.moves += 1

    def cycle_socket(self):
        s = self.sockets[-1]
        c = self.collector(s)
        cpus = [c] + sorted(x for x in self.socket if self.socket[x] == s and x != c)
        self.quiesce()
        for x in cpus:
            self.set_online(x, False)
        self.check_masks(f'socket {s} offline')
        for x in reversed(cpus):
            self.set_online(x, True)
        self.check_masks(f'socket {s} back')
        self.restore()
        self.socket_cycles += 1

    def run(self, cycles, every):
        self.check_masks('start')
        for i in range(1, cycles + 1):
            self.move_collectors()
            if every and i % every == 0:
                self.cycle_socket()
            if len(self.errors) > 20:
                break
        self.quiesce()
        print(f'moves {self.moves} socket_cycles {self.socket_cycles} '
              f'errors {len(self.errors)}')
        if self.fixed:
            print('fixed ' + ','.join(str(c) for c in sorted(self.fixed)))
        for e in self.errors[:10]:
            print('  ' + e)
        return 1 if self.errors else 0


def cmd_hotplug(args):
    cycles, every, quiesce, times = int(args[0]), 0, None, None
    rest = args[1:]
    while rest:
        if rest[0] == '--socket-every':
            every = int(rest[1])
        elif rest[0] == '--times':
            times = rest[1]
        elif rest[0] == '--quiesce':
            quiesce = float(rest[1])
        else:
            sys.exit(f'torture.py: unknown option {rest[0]}')
        rest = rest[2:]
    return Hotplug(quiesce, times).run(cycles, every)


SAMPLE_LINE = re.compile(r'\s*\[(\d+)\]\s+(?:([\d.]+):\s+)?(uncore_\w+)/')


def script_samples(path):
    """(cpu, socket, time or None, pmu) of each sample line of perf script"""
    sock = {}
    for d in glob.glob(CPUS + '/cpu[0-9]*/topology/physical_package_id'):
        sock[int(re.search(r'cpu(\d+)/', d).group(1))] = int(read(d))
    with open(path) as f:
        for line in f:
            m = SAMPLE_LINE.match(line)
            if m:
                cpu = int(m.group(1))
                t = float(m.group(2)) if m.group(2) else None
                yield cpu, sock[cpu], t, m.group(3)


def cmd_samples(args):
    n = {}
    for _, s, _, pmu in set(script_samples(args[0])):
        n[(pmu, s)] = n.get((pmu, s), 0) + 1
    for (pmu, s), k in sorted(n.items()):
        print(pmu, s, k)
    return 0


def cmd_gaps(args):
    pmu, s = args[1], int(args[2])
    steps = hotplug_steps(args[3] if len(args) > 3 else None)
    ts = [(t, cpu) for cpu, so, t, p in script_samples(args[0])
          if p == pmu and so == s and t is not None]
    ts.sort()
    gaps = sorted((ts[i][0] - ts[i - 1][0], i) for i in range(1, len(ts)))
    if not gaps:
        print(f'{pmu} socket {s}: {len(ts)} samples, no gaps')
        return 0
    print(f'{pmu} socket {s}: {len(ts)} samples, median gap '
          f'{gaps[len(gaps) // 2][0] * 1e3:.3f} ms')
    for g, i in gaps[:3]:
        t, cpu = ts[i]
        print(f'  gap {g * 1e3:.3f} ms before the sample at {t:.6f} on cpu{cpu} '
              f'(previous on cpu{ts[i - 1][1]}); hotplug before it: {steps_before(steps, t)}')
    return 0


def hotplug_steps(path):
    """(time, what) of each step a --times file logged"""
    if not path or not os.path.exists(path):
        return []
    with open(path) as f:
        return [(float(ln.split()[0]), ' '.join(ln.split()[1:])) for ln in f if ln.strip()]


def steps_before(steps, t):
    return ', '.join(f'{st - t:+.3f} {w}' for st, w in steps if t - 0.5 <= st <= t) or 'none'


def cmd_repeats(args):
    seen = {}
    steps = hotplug_steps(args[1] if len(args) > 1 else None)
    for cpu, _, t, pmu in script_samples(args[0]):
        if t is not None:
            seen[(pmu, cpu, t)] = seen.get((pmu, cpu, t), 0) + 1
    rep = sorted((k, n) for k, n in seen.items() if n > 1)
    for (pmu, cpu, t), n in rep:
        print(f'  {pmu} cpu{cpu} at {t:.9f}: {n} times; hotplug before it: '
              f'{steps_before(steps, t)}')
    print(f'repeats {len(rep)}')
    return 0


def cmd_kmemleak(args):
    text = read(args[0]) if os.path.getsize(args[0]) else ''
    mods = args[1:]
    ours = others = 0
    for leak in re.split(r'\n(?=unreferenced object)', text):
        if not leak.startswith('unreferenced object'):
            continue
        trace = leak.split('backtrace:', 1)[-1]
        if any(m in trace for m in mods) or re.search(r'\[<[0-9a-f]+>\] 0x[0-9a-f]+', trace):
            ours += 1
            print(leak)
        else:
            others += 1
    print(f'ours {ours} others {others}')
    return 1 if ours else 0


def main():
    cmds = {'hotplug': cmd_hotplug, 'samples': cmd_samples, 'gaps': cmd_gaps,
            'repeats': cmd_repeats, 'kmemleak': cmd_kmemleak}
    if len(sys.argv) < 3 or sys.argv[1] not in cmds:
        sys.exit(__doc__)
    return cmds[sys.argv[1]](sys.argv[2:])


if __name__ == '__main__':
    sys.exit(main())
