# SPDX-License-Identifier: GPL-2.0
"""perf_event_open(2) for the e2e helpers, in-process (ctypes; x86-64)."""
import ctypes
import os
import struct

NR_PERF_EVENT_OPEN = 298        # x86-64
PERF_TYPE_SOFTWARE = 1
_libc = ctypes.CDLL(None, use_errno=True)


def perf_open(typ, config, cpu, group=-1, config1=0, config2=0):
    """The fd of a counting event of PMU type @typ on @cpu (every task),
    enabled, in @group's group; OSError with the errno on a refusal."""
    # struct perf_event_attr: type, size, config at 0; config1 at 56,
    # config2 at 64; zeros elsewhere (no sampling, enabled)
    attr = bytearray(128)
    struct.pack_into('=IIQ', attr, 0, typ, len(attr), config)
    struct.pack_into('=QQ', attr, 56, config1, config2)
    buf = (ctypes.c_char * len(attr)).from_buffer(attr)
    fd = _libc.syscall(NR_PERF_EVENT_OPEN, buf, -1, cpu, group,
                       ctypes.c_ulong(0))
    if fd < 0:
        err = ctypes.get_errno()
        raise OSError(err, os.strerror(err))
    return fd
