/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one interface the xeon_uncore driver and its register model share.
 *
 * Every MSR access the driver makes goes through a struct xeon_uncore_msr_ops.
 * On hardware that is rdmsr/wrmsr; with the model loaded it is the model's
 * register file.  Either way the access is made on the calling CPU and
 * reaches the uncore of that CPU's package, exactly as RDMSR/WRMSR would.
 * PCI boxes need no hook: the model serves them as PCI functions on a
 * simulated host bus, so the driver's ordinary config-space accessors work.
 *
 * Both callbacks may be called with interrupts disabled and from NMI
 * context; implementations must not sleep.  They return 0 or a negative
 * errno (-EIO where the hardware would raise #GP).
 */
#ifndef _LINUX_PERF_XEON_UNCORE_H
#define _LINUX_PERF_XEON_UNCORE_H

#include <linux/types.h>

struct module;

struct xeon_uncore_msr_ops {
	const char *name;
	struct module *owner;
	int (*read)(u32 msr, u64 *val);
	int (*write)(u32 msr, u64 val);
};

/* Provided by xeon_uncore_sim.ko; the driver looks it up with symbol_get(). */
extern const struct xeon_uncore_msr_ops xeon_uncore_sim_msr_ops;

/*
 * Also xeon_uncore_sim.ko's: the register accesses (MSR, and config space
 * of its PCI functions) made on @cpu since the model was loaded, by any
 * driver.  For benchmarks (tools/testing/xeon_uncore/bench), which charge
 * them to the code running on that CPU.
 */
u64 xeon_uncore_sim_accesses(unsigned int cpu);

#endif /* _LINUX_PERF_XEON_UNCORE_H */
