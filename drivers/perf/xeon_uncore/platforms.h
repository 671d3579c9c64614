/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The parts xeon_uncore supports, one row each: the one list of them.
 * The driver builds its platforms and the CPUs it binds from it
 * (xu_<name>_platform), the model the parts it can be loaded as
 * (sim_<name>_platform, platform=<name>), and the QEMU harness the CPU a
 * guest of each part boots with (vm-run: the row's QEMU CPU model with
 * the row's family and model).  A new part is a row here and its tables.
 *
 * Include it with XU_PLATFORM(name, family, model, qemu_cpu) defined;
 * it is read once per use, so it has no include guard.
 */
XU_PLATFORM(tulsa,	0x0f, 0x06, "core2duo")
XU_PLATFORM(dunnington,	0x06, 0x1d, "Penryn")
XU_PLATFORM(nhmex,	0x06, 0x2e, "Nehalem")
XU_PLATFORM(wsmex,	0x06, 0x2f, "Westmere")
XU_PLATFORM(snbep,	0x06, 0x2d, "SandyBridge")
XU_PLATFORM(ivbep,	0x06, 0x3e, "IvyBridge")
