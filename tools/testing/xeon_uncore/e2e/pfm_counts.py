#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Uncore counts of PAPI and PCP (both on libpfm4) against the model's
truth, for e2e/papi and e2e/pcp.

  pfm_counts.py events PLATFORM SET
      the event table: "STRING BOX [fixed]" lines (libpfm4 string, the
      model's box whose counters count it, fixed for a fixed counter)
  pfm_counts.py native PLATFORM PAPI_NATIVE_AVAIL_OUTPUT
      every uncore PMU of ours in sysfs has its libpfm4 PMU in PAPI's
      list, with events, and the tables' events are listed
  pfm_counts.py papi PLATFORM CYCLES TRUTH OUTPUT
      papi_command_line's OUTPUT (events "STRING:cpu=N" of the tables, the
      events of a box instance on one CPU of its socket) against TRUTH, a
      copy of the model's truth taken after it ran, with the truth reset
      before and the manual clock advanced CYCLES cycles inside the
      measured run
  pfm_counts.py pcpconf PLATFORM
      the perfevent PMDA's events: set 1 on the first CPU of each NUMA
      node ("node"), and the PCP_EXTRA events each on one CPU ("N") of its
      socket
  pfm_counts.py pcp PLATFORM CYCLES TRUTH0 PMINFO0 TRUTH1 PMINFO1
      what the perfevent PMDA counted between two "pminfo -f" fetches
      (PMINFO0, PMINFO1) against what the model counted between the two
      truth copies taken with them (the manual clock advanced CYCLES
      cycles in between, nothing else moving it); TRUTH0 and PMINFO0 "-":
      from 0, the truth reset before the PMDA opened its events

Each event is alone on its box on its socket, so its count there is the
sum of its box's counters.  A fixed counter (the iMC's DCLK) also counts
exactly CYCLES.  The same box counts different events on the two sockets
somewhere in each run (PAPI: set 1 on one socket with set 2 on the other;
PCP: PCP_EXTRA), so a count reported for the wrong socket differs from the
truth.  Prints each comparison, "ok ..." or "MISMATCH ..."; exits 1 on a
count that differs from the truth, a box that counted nothing, an event or
a socket without a count, an event PAPI could not add, and on counting
that no event explains (a box with a truth on a socket where none of its
events is; the free-running C-state counters aside).
"""
import glob
import os
import re
import sys

# One event per box instance in each set; STRING BOX [fixed].  The
# E5-2600's libpfm4 PMUs are snbep_unc_*, the v2's ivbep_unc_*.
EVENTS = {
    ('snbep', 1): """
        snbep_unc_cbo0::UNC_C_CLOCKTICKS                 cbox0
        snbep_unc_cbo1::UNC_C_LLC_LOOKUP:DATA_READ:STATE_MESIF cbox1
        snbep_unc_ha::UNC_H_REQUESTS:READS               ha
        snbep_unc_imc0::UNC_M_CAS_COUNT:RD               imc0
        snbep_unc_imc1::UNC_M_CLOCKTICKS                 dclk1 fixed
        snbep_unc_imc2::UNC_M_ACT_COUNT                  imc2
        snbep_unc_imc3::UNC_M_PRE_COUNT:PAGE_MISS        imc3
        snbep_unc_pcu::UNC_P_FREQ_BAND0_CYCLES:ff=32     pcu
        snbep_unc_qpi0::UNC_Q_TXL_FLITS_G0:DATA          qpi0
        snbep_unc_qpi1::UNC_Q_RXL_FLITS_G1:DRS           qpi1
        snbep_unc_r2pcie::UNC_R2_RING_AD_USED:ANY        r2pcie
        snbep_unc_r3qpi0::UNC_R3_CLOCKTICKS              r3qpi0
        snbep_unc_r3qpi1::UNC_R3_RXR_INSERTS:DRS         r3qpi1
        snbep_unc_ubo::UNC_U_EVENT_MSG:DOORBELL_RCVD     ubox
    """,
    ('snbep', 2): """
        snbep_unc_cbo0::UNC_C_RXR_OCCUPANCY:IRQ          cbox0
        snbep_unc_cbo1::UNC_C_TOR_INSERTS:OPCODE:OPC_RFO cbox1
        snbep_unc_ha::UNC_H_CLOCKTICKS                   ha
        snbep_unc_imc0::UNC_M_CLOCKTICKS                 dclk0 fixed
        snbep_unc_imc1::UNC_M_CAS_COUNT:WR               imc1
        snbep_unc_pcu::UNC_P_POWER_STATE_OCCUPANCY:CORES_C0 pcu
        snbep_unc_qpi0::UNC_Q_CLOCKTICKS                 qpi0
        snbep_unc_r2pcie::UNC_R2_CLOCKTICKS              r2pcie
        snbep_unc_r3qpi1::UNC_R3_CLOCKTICKS              r3qpi1
        snbep_unc_ubo::UNC_U_LOCK_CYCLES                 ubox
    """,
    ('ivbep', 1): """
        ivbep_unc_cbo0::UNC_C_CLOCKTICKS                 cbox0
        ivbep_unc_cbo1::UNC_C_LLC_LOOKUP:DATA_READ:STATE_MESIF cbox1
        ivbep_unc_ha0::UNC_H_REQUESTS:READS              ha0
        ivbep_unc_ha1::UNC_H_CLOCKTICKS                  ha1
        ivbep_unc_imc0::UNC_M_CAS_COUNT:RD               imc0
        ivbep_unc_imc1::UNC_M_CLOCKTICKS                 dclk1 fixed
        ivbep_unc_imc2::UNC_M_DCLOCKTICKS                imc2
        ivbep_unc_imc3::UNC_M_ACT_COUNT:WR               imc3
        ivbep_unc_imc4::UNC_M_PRE_COUNT:PAGE_MISS        imc4
        ivbep_unc_irp::UNC_I_TRANSACTIONS:READS          irp
        ivbep_unc_pcu::UNC_P_FREQ_BAND0_CYCLES:ff=32     pcu
        ivbep_unc_qpi0::UNC_Q_TXL_FLITS_G0:DATA          qpi0
        ivbep_unc_qpi1::UNC_Q_RXL_FLITS_G1:DRS           qpi1
        ivbep_unc_qpi2::UNC_Q_CLOCKTICKS                 qpi2
        ivbep_unc_r2pcie::UNC_R2_RING_AD_USED:CW         r2pcie
        ivbep_unc_r3qpi0::UNC_R3_CLOCKTICKS              r3qpi0
        ivbep_unc_r3qpi1::UNC_R3_RXR_INSERTS:DRS         r3qpi1
        ivbep_unc_r3qpi2::UNC_R3_CLOCKTICKS              r3qpi2
        ivbep_unc_ubo::UNC_U_EVENT_MSG:DOORBELL_RCVD     ubox
    """,
    ('ivbep', 2): """
        ivbep_unc_cbo0::UNC_C_RXR_OCCUPANCY:IRQ          cbox0
        ivbep_unc_cbo1::UNC_C_TOR_INSERTS:OPCODE:OPC_RFO cbox1
        ivbep_unc_ha0::UNC_H_CLOCKTICKS                  ha0
        ivbep_unc_ha1::UNC_H_REQUESTS:WRITES             ha1
        ivbep_unc_imc0::UNC_M_CLOCKTICKS                 dclk0 fixed
        ivbep_unc_irp::UNC_I_CLOCKTICKS                  irp
        ivbep_unc_pcu::UNC_P_POWER_STATE_OCCUPANCY:CORES_C0 pcu
        ivbep_unc_r2pcie::UNC_R2_CLOCKTICKS              r2pcie
        ivbep_unc_ubo::UNC_U_LOCK_CYCLES                 ubox
    """,
}

# PCP: events on one socket only, on a box that set 1 leaves free (the
# iMC channel 1's general counters: set 1 uses its DCLK), each socket
# another event; STRING BOX SOCKET
PCP_EXTRA = {
    'snbep': """
        snbep_unc_imc1::UNC_M_CAS_COUNT:WR               imc1 0
        snbep_unc_imc1::UNC_M_ACT_COUNT                  imc1 1
    """,
    'ivbep': """
        ivbep_unc_imc1::UNC_M_CAS_COUNT:WR               imc1 0
        ivbep_unc_imc1::UNC_M_ACT_COUNT:RD               imc1 1
    """,
}

FREE_RUNNING = {'cstate'}

PMUS = '/sys/bus/event_source/devices'


def events(platform, evset):
    rows = []
    for line in EVENTS[(platform, int(evset))].strip().splitlines():
        f = line.split()
        rows.append((f[0], f[1], len(f) > 2 and f[2] == 'fixed'))
    return rows


def boxes(platform):
    """{STRING: (BOX, FIXED)} of every table of PLATFORM"""
    rows = events(platform, 1) + events(platform, 2)
    rows += [(s, b, False) for s, b, _ in extras(platform)]
    table = {}
    for string, box, fixed in rows:
        assert table.get(string, (box, fixed)) == (box, fixed), string
        table[string] = (box, fixed)
    return table


def extras(platform):
    return [(f[0], f[1], int(f[2])) for f in
            (line.split() for line in PCP_EXTRA[platform].strip().splitlines())]


def cpu_ids():
    """the online CPUs (those with a topology directory)"""
    return sorted(int(re.search(r'cpu(\d+)/', c).group(1)) for c in
                  glob.glob('/sys/devices/system/cpu/cpu[0-9]*/topology/physical_package_id'))


def first_cpu(sock):
    return min(c for c in cpu_ids() if socket_of(c) == sock)


def read_truth(path):
    truth = {}
    with open(path) as f:
        for line in f:
            s, box, _, count = line.split()
            truth[(int(s), box)] = truth.get((int(s), box), 0) + int(count)
    return truth


def socket_of(cpu):
    with open(f'/sys/devices/system/cpu/cpu{cpu}/topology/physical_package_id') as f:
        return int(f.read())


def sockets():
    return sorted({socket_of(c) for c in cpu_ids()})


class Checker:
    def __init__(self, cycles):
        self.cycles = cycles
        self.bad = 0
        self.seen = set()

    def stray(self, delta):
        """counting on a (socket, box) that no compared event explains"""
        for (s, box), n in sorted(delta.items()):
            if n and box not in FREE_RUNNING and (s, box) not in self.seen:
                print(f'MISMATCH socket {s} {box}: counted {n}, no event of ours there')
                self.bad += 1

    def compare(self, event, box, fixed, sock, cpu, got, want):
        """got: the tool's count; want: the truth of box on sock."""
        self.seen.add((sock, box))
        why = []
        if got is None:
            why.append('no count')
        elif got != want:
            why.append('count != truth')
        if want <= 0 and self.cycles > 0:
            why.append('the box counted nothing')
        if fixed and want != self.cycles:
            why.append(f'a fixed counter counted {want}, not {self.cycles} cycles')
        self.bad += bool(why)
        print(f'{"MISMATCH" if why else "ok"} {event} socket {sock} (cpu {cpu}): '
              f'count {"none" if got is None else got}, truth of {box} {want}'
              f'{" = the cycles advanced" if fixed and want == self.cycles else ""}'
              f'{" # " + "; ".join(why) if why else ""}')


def cmd_events(platform, evset):
    for string, box, fixed in events(platform, evset):
        print(string, box, 'fixed' if fixed else '')
    return 0


def libpfm_name(platform, pmu):
    """uncore_cbox_3 -> snbep_unc_cbo3, uncore_ha_1 -> ivbep_unc_ha1, ..."""
    m = re.fullmatch(r'uncore_([a-z0-9]+?)(?:_(\d+))?', pmu)
    base, n = m.group(1), m.group(2) or ''
    base = {'cbox': 'cbo', 'ubox': 'ubo'}.get(base, base)
    return f'{platform}_unc_{base}{n}'


def cmd_native(platform, path):
    listed = {}
    with open(path) as f:
        for line in f:
            m = re.match(r'^\| ([a-z0-9_]+)::(\S+)', line)
            if m:
                listed.setdefault(m.group(1), []).append(m.group(2))
    ours = sorted(os.path.basename(p) for p in glob.glob(f'{PMUS}/uncore_*'))
    bad = 0
    if not ours:
        print('MISMATCH no uncore_* PMU in sysfs')
        bad += 1
    types = {}
    for pmu in ours:
        name = libpfm_name(platform, pmu)
        n = len(listed.get(name, []))
        types.setdefault(re.sub(r'\d+$', '', name), []).append(f'{name}:{n}')
        if not n:
            print(f'MISMATCH {pmu}: {name} not in papi_native_avail')
            bad += 1
    for t, pmus in sorted(types.items()):
        print(f'ok {t}: {" ".join(pmus)} (PMU:events)')
    extra = sorted(set(listed) - {libpfm_name(platform, p) for p in ours})
    extra = [p for p in extra if p.startswith(f'{platform}_unc_')]
    if extra:
        print(f'NOTE: PAPI lists {len(extra)} uncore PMUs without a sysfs PMU: '
              f'{" ".join(extra)}')
    for string in boxes(platform):
        pmu, ev = string.split('::')
        if ev.split(':')[0] not in listed.get(pmu, []):
            print(f'MISMATCH {string}: {ev.split(":")[0]} not listed under {pmu}')
            bad += 1
    return 1 if bad else 0


def cmd_papi(platform, cycles, truth_path, out_path):
    truth = read_truth(truth_path)
    table = boxes(platform)
    added, failed, got = [], [], {}
    with open(out_path) as f:
        for line in f:
            m = re.match(r'^(Successfully added|Failed adding): (\S+):cpu=(\d+)$', line)
            if m:
                (added if m.group(1)[0] == 'S' else failed).append((m.group(2), int(m.group(3))))
            m = re.match(r'^(\S+):cpu=(\d+) :\s+(-?\d+)', line)
            if m:
                got[(m.group(1), int(m.group(2)))] = int(m.group(3))
    chk = Checker(int(cycles))
    for string, cpu in failed:
        print(f'MISMATCH {string}:cpu={cpu}: PAPI could not add it')
        chk.bad += 1
    if not added:
        print('MISMATCH no event added')
        chk.bad += 1
    for string, cpu in added:
        box, fixed = table[string]
        s = socket_of(cpu)
        chk.compare(string, box, fixed, s, cpu, got.get((string, cpu)),
                    truth.get((s, box), 0))
    chk.stray(truth)
    return 1 if chk.bad else 0


def cmd_pcpconf(platform):
    for string, _, _ in events(platform, 1):
        print(string, 'node')
    for string, _, sock in extras(platform):
        print(string, first_cpu(sock))
    return 0


def metric(string):
    # the perfevent PMDA's normalize_metric_name()
    return 'perfevent.hwcounters.' + re.sub(r'[^A-Za-z0-9_.]', '_', string) + '.value'


def read_pminfo(path):
    """{metric: {cpu: value}} of a "pminfo -f" output"""
    vals, cur = {}, None
    with open(path) as f:
        for line in f:
            if line.startswith('perfevent.'):
                cur = vals.setdefault(line.strip(), {})
                continue
            m = re.match(r'\s+inst \[\d+ or "cpu(\d+)"\] value (-?\d+)', line)
            if m and cur is not None:
                cur[int(m.group(1))] = int(m.group(2))
    return vals


def cmd_pcp(platform, cycles, t0_path, p0_path, t1_path, p1_path):
    t1, p1 = read_truth(t1_path), read_pminfo(p1_path)
    if t0_path == '-' and p0_path == '-':
        # since the PMDA opened its events: from 0
        t0 = {}
        p0 = {name: {cpu: 0 for cpu in v} for name, v in p1.items()}
    else:
        t0, p0 = read_truth(t0_path), read_pminfo(p0_path)
    delta = {k: t1.get(k, 0) - t0.get(k, 0) for k in set(t0) | set(t1)}
    chk = Checker(int(cycles))
    todo = [(string, box, fixed, sockets()) for string, box, fixed in events(platform, 1)]
    todo += [(string, box, False, [sock]) for string, box, sock in extras(platform)]
    for string, box, fixed, socks in todo:
        name = metric(string)
        v0, v1 = p0.get(name, {}), p1.get(name, {})
        by_socket = {}
        for cpu in v1:
            by_socket.setdefault(socket_of(cpu), []).append(cpu)
        if set(by_socket) - set(socks) or any(len(c) > 1 for c in by_socket.values()):
            print(f'MISMATCH {name}: instances {sorted(v1)}, want one on each of sockets {socks}')
            chk.bad += 1
        for s in socks:
            cpu = by_socket.get(s, [None])[0]
            got = None
            if cpu in v1 and cpu in v0:
                got = v1[cpu] - v0[cpu]
            chk.compare(string, box, fixed, s, cpu, got, delta.get((s, box), 0))
    chk.stray(delta)
    return 1 if chk.bad else 0


def main(argv):
    cmds = {'events': (cmd_events, 2), 'native': (cmd_native, 2),
            'papi': (cmd_papi, 4), 'pcpconf': (cmd_pcpconf, 1),
            'pcp': (cmd_pcp, 6)}
    if len(argv) < 2 or argv[1] not in cmds or len(argv) - 2 != cmds[argv[1]][1]:
        sys.exit(__doc__)
    return cmds[argv[1]][0](*argv[2:])


if __name__ == '__main__':
    sys.exit(main(sys.argv))
