// SPDX-License-Identifier: GPL-2.0
/*
 * xeon_uncore register access: the only place that touches MSRs.
 *
 * The hardware backend is RDMSR/WRMSR on the calling CPU.  With
 * backend=sim the same calls go to the register model in
 * xeon_uncore_sim.ko, which must be loaded first.  Either way the cost on
 * the event path is one indirect call through a pointer fixed at init.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/perf/xeon_uncore.h>
#include <linux/printk.h>
#include <linux/rcupdate.h>
#include <linux/string.h>
#include <asm/msr.h>
#include <kunit/visibility.h>

#include "uncore.h"

static int xu_hw_read(u32 msr, u64 *val)
{
	return xu_rdmsr_safe(msr, val);
}

static int xu_hw_write(u32 msr, u64 val)
{
	return xu_wrmsr_safe(msr, val);
}

static const struct xeon_uncore_msr_ops xu_hw_msr_ops = {
	.name = "hw",
	.read = xu_hw_read,
	.write = xu_hw_write,
};

static const struct xeon_uncore_msr_ops *xu_msr_ops __ro_after_init = &xu_hw_msr_ops;

u64 xu_rdmsr(u32 msr)
{
	u64 val;

	if (unlikely(xu_msr_ops->read(msr, &val))) {
		pr_warn_ratelimited("read of MSR 0x%x faulted\n", msr);
		return 0;
	}
	return val;
}

/* For registers that may not exist: an error instead of a warning. */
int xu_rdmsr_probe(u32 msr, u64 *val)
{
	return xu_msr_ops->read(msr, val);
}

void xu_wrmsr(u32 msr, u64 val)
{
	if (unlikely(xu_msr_ops->write(msr, val)))
		pr_warn_ratelimited("write of 0x%llx to MSR 0x%x faulted\n", val, msr);
}

/*
 * PCI boxes' registers are dwords in config space; a 48-bit counter is two
 * of them, low first.  A running counter can carry between the two reads:
 * read high, low, high again, and take the low half again if high moved.
 * A counter that holds still (stopped, or its box frozen) cannot carry:
 * low, then high.  A read that fails (the function is gone, or answers
 * all-ones as a removed device does: no counter has bits 63:32 all set) is
 * an error, never a value: the fold keeps the count it had.  Writes to an
 * absent function are dropped.
 */
static int xu_pci_read(struct pci_dev *pdev, u32 reg, u32 *val)
{
	if (pci_read_config_dword(pdev, reg, val))
		return -EIO;
	return 0;
}

void xu_pci_write(struct pci_dev *pdev, u32 reg, u32 val)
{
	pci_write_config_dword(pdev, reg, val);
}

int xu_read_halves(int (*read)(void *ctx, u32 reg, u32 *val), void *ctx,
		   u32 reg, u64 *val, bool still)
{
	u32 hi, lo, hi2;

	if (still) {
		if (read(ctx, reg, &lo) || read(ctx, reg + 4, &hi2))
			return -EIO;
	} else if (read(ctx, reg + 4, &hi) || read(ctx, reg, &lo) ||
		   read(ctx, reg + 4, &hi2) ||
		   (hi2 != hi && read(ctx, reg, &lo))) {
		return -EIO;
	}
	if (hi2 == U32_MAX)
		return -EIO;
	*val = (u64)hi2 << 32 | lo;
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(xu_read_halves);

static int xu_pci_read_ctx(void *pdev, u32 reg, u32 *val)
{
	return xu_pci_read(pdev, reg, val);
}

/* An MSR of a box: an error, with a warning, when it faults. */
static int xu_msr_read(u32 reg, u64 *val)
{
	int ret = xu_msr_ops->read(reg, val);

	if (unlikely(ret))
		pr_warn_ratelimited("read of MSR 0x%x faulted\n", reg);
	return ret;
}

enum xu_read { XU_READ_REG, XU_READ_CTR, XU_READ_STILL };

/*
 * Read register @reg of @box into @val: a counter (two dwords of config
 * space: running, or holding still) or a box-level register such as a
 * status (one dword).  0, or an error: the MSR faulted, the PCI function
 * is absent or gone.  Callable in NMI for MSR boxes only: config space
 * takes the PCI lock.
 */
static int xu_box_read(struct xu_box *box, u32 reg, u64 *val, enum xu_read how)
{
	struct pci_dev *pdev;
	int ret = -ENODEV;
	u32 dw;

	if (box->pmu->type->space == XU_MSR)
		return xu_msr_read(reg, val);
	rcu_read_lock();
	pdev = rcu_dereference(box->pdev);
	if (pdev && how != XU_READ_REG) {
		ret = xu_read_halves(xu_pci_read_ctx, pdev, reg, val,
				     how == XU_READ_STILL);
	} else if (pdev) {
		ret = xu_pci_read(pdev, reg, &dw) || dw == U32_MAX ? -EIO : 0;
		if (!ret)
			*val = dw;
	}
	rcu_read_unlock();
	return ret;
}

/* @still: the counter is stopped or its box frozen (it cannot carry). */
int xu_read_ctr(struct xu_box *box, u32 reg, u64 *val, bool still)
{
	return xu_box_read(box, reg, val, still ? XU_READ_STILL : XU_READ_CTR);
}

int xu_read_reg(struct xu_box *box, u32 reg, u64 *val)
{
	return xu_box_read(box, reg, val, XU_READ_REG);
}

/*
 * A box-level register that may not exist (an address no guide gives):
 * an MSR that faults is an error, with no warning; the caller says what
 * it makes of it.
 */
int xu_probe_reg(struct xu_box *box, u32 reg, u64 *val)
{
	if (box->pmu->type->space == XU_MSR)
		return xu_rdmsr_probe(reg, val);
	return xu_read_reg(box, reg, val);
}

/*
 * A register of a box: an MSR, or a dword of config space.  @ctr: a
 * counter, which in config space is two dwords; the caller has it
 * stopped or frozen, so no carry lands between them.
 */
static void xu_box_write(struct xu_box *box, u32 reg, u64 val, bool ctr)
{
	struct pci_dev *pdev;

	if (box->pmu->type->space == XU_MSR) {
		xu_wrmsr(reg, val);
		return;
	}
	rcu_read_lock();
	pdev = rcu_dereference(box->pdev);
	if (pdev) {
		xu_pci_write(pdev, reg, lower_32_bits(val));
		if (ctr)
			xu_pci_write(pdev, reg + 4, upper_32_bits(val));
	}
	rcu_read_unlock();
}

void xu_write_reg(struct xu_box *box, u32 reg, u64 val)
{
	xu_box_write(box, reg, val, false);
}

/* Preload a counter, stopped or frozen. */
void xu_write_ctr(struct xu_box *box, u32 reg, u64 val)
{
	xu_box_write(box, reg, val, true);
}

bool xu_regs_simulated(void)
{
	return xu_msr_ops != &xu_hw_msr_ops;
}

int xu_regs_init(const char *backend)
{
	const struct xeon_uncore_msr_ops *ops;

	if (!backend || !strcmp(backend, "hw"))
		return 0;
	if (strcmp(backend, "sim")) {
		pr_err("unknown backend '%s' (use hw or sim)\n", backend);
		return -EINVAL;
	}
	ops = symbol_get(xeon_uncore_sim_msr_ops);
	if (!ops) {
		pr_err("backend=sim needs xeon_uncore_sim loaded first\n");
		return -ENODEV;
	}
	xu_msr_ops = ops;
	pr_info("using the register model (%s)\n", ops->name);
	return 0;
}

void xu_regs_exit(void)
{
	if (xu_regs_simulated())
		symbol_put(xeon_uncore_sim_msr_ops);
}
