/* SPDX-License-Identifier: GPL-2.0 */
/*
 * xeon_uncore compat: the perf internals the driver reaches into and the
 * kernel APIs that changed between Linux 6.1 and mainline, one helper each,
 * and nowhere else.  conftest.sh (run by the Makefile) reads the headers of
 * the kernel being built against and says which layout or API it has
 * (XU_* below).  A perf internal whose layout conftest.sh does not know
 * selects no code: the feature that needs it is left out, the build goes
 * on, and xu_compat_report() says so in dmesg at load.  An API whose old
 * declaration is gone selects the newest one.  Never an #error: a DKMS
 * build at a kernel upgrade must not fail.
 *
 * Include it last (uncore.h and sim.h do): with XU_POISON (W=1 builds)
 * the identifiers these helpers hide are poisoned after it, so a direct
 * use elsewhere fails the build.
 */
#ifndef _XEON_UNCORE_COMPAT_H
#define _XEON_UNCORE_COMPAT_H

#include <linux/atomic.h>
#include <linux/cpumask.h>
#include <linux/hrtimer.h>
#include <linux/irq_work.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/perf_event.h>
#include <linux/printk.h>
#include <linux/rcupdate.h>
#include <linux/refcount.h>
#include <asm/apic.h>
#include <asm/msr.h>
#include <asm/nmi.h>
#if defined(CONFIG_BPF_SYSCALL) && defined(XU_BPF_OVERFLOW) && XU_BPF_OVERFLOW == 2
#include <linux/filter.h>
#endif

/* ---- APIs that changed ---------------------------------------------- */

/* 6.13: hrtimer_setup(); 6.15: hrtimer_init() gone, ->function private */
static inline void xu_hrtimer_setup(struct hrtimer *timer,
				    enum hrtimer_restart (*fn)(struct hrtimer *),
				    clockid_t clock, enum hrtimer_mode mode)
{
#ifdef XU_HAVE_HRTIMER_SETUP
	hrtimer_setup(timer, fn, clock, mode);
#else
	hrtimer_init(timer, clock, mode);
	timer->function = fn;
#endif
}

/* 6.16: rdmsrl_safe()/wrmsrl_safe() became rdmsrq_safe()/wrmsrq_safe() */
static inline int xu_rdmsr_safe(u32 msr, u64 *val)
{
#ifdef XU_HAVE_MSRQ
	return rdmsrq_safe(msr, val);
#else
	return rdmsrl_safe(msr, (unsigned long long *)val);
#endif
}

static inline int xu_wrmsr_safe(u32 msr, u64 val)
{
#ifdef XU_HAVE_MSRQ
	return wrmsrq_safe(msr, val);
#else
	return wrmsrl_safe(msr, val);
#endif
}

/*
 * An NMI to @cpu, this one too (the model's PMIs; the driver sends none):
 * by its APIC ID, never the "self" shorthand, which takes fixed
 * interrupts only (the x2APIC's SELF_IPI register a vector, and 2 is
 * illegal): the SDM's table of valid ICR combinations.  6.6: the APIC's
 * IPIs through static calls, which modules may call (of those only the
 * self and mask ones are exported).
 */
static inline void xu_send_nmi(int cpu)
{
#ifdef XU_HAVE_APIC_SEND_IPI_MASK
	__apic_send_IPI_mask(cpumask_of(cpu), NMI_VECTOR);
#else
	apic->send_IPI_mask(cpumask_of(cpu), NMI_VECTOR);
#endif
}

/* 6.13: symbol namespaces are string literals (the KUnit tests import one) */
#ifdef XU_IMPORT_NS_STRING
#define XU_IMPORT_KUNIT_NS()	MODULE_IMPORT_NS("EXPORTED_FOR_KUNIT_TESTING")
#else
#define XU_IMPORT_KUNIT_NS()	MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING)
#endif

/* 6.18: a KUnit parameter generator written out (not KUNIT_ARRAY_PARAM) */
#ifdef XU_KUNIT_GEN_TEST
#define XU_KUNIT_GEN_PARAMS(name) \
	const void *(name)(struct kunit *test, const void *prev, char *desc)
#else
#define XU_KUNIT_GEN_PARAMS(name)	const void *(name)(const void *prev, char *desc)
#endif

/*
 * 6.6: KUnit case attributes.  A slow case (a brute force over every
 * input) is one kunit.filter="speed>slow" leaves out where it proves
 * nothing more, as under the race detector: it runs on one thread.
 */
#ifdef XU_KUNIT_SPEED
#define XU_KUNIT_CASE_SLOW(f)	KUNIT_CASE_SLOW(f)
#else
#define XU_KUNIT_CASE_SLOW(f)	KUNIT_CASE(f)
#endif

/* ---- perf internals ------------------------------------------------- */

/*
 * References the kernel holds to @pmu's context on @cpu, for the unload:
 * events the perf core keeps there (a software event left from a group
 * whose uncore events closed lives in the uncore PMU's context, on or off
 * its list) would have it freed under them by perf_pmu_unregister() up to
 * 6.14.  From 6.15 the context is refcounted and outlives the PMU (6.16
 * revokes the events too): nothing to wait for.  -1: unknown layout.
 */
static inline int xu_pmu_ctx_refs(struct pmu *pmu, int cpu)
{
#if defined(XU_PMU_CTX) && XU_PMU_CTX == 1
	/* 6.1: the context's own reference, one per event */
	return refcount_read(&per_cpu_ptr(pmu->pmu_cpu_context, cpu)->ctx.refcount) - 1;
#elif defined(XU_PMU_CTX) && XU_PMU_CTX == 2
	/*
	 * 6.2 - 6.14: the embedded pmu context, one reference per event
	 * while it is on its context (its count starts at 1, unused)
	 */
	struct perf_event_pmu_context *epc = &per_cpu_ptr(pmu->cpu_pmu_context, cpu)->epc;

	return READ_ONCE(epc->ctx) ? atomic_read(&epc->refcount) : 0;
#elif defined(XU_PMU_CTX) && XU_PMU_CTX == 3
	return 0;
#else
	return -1;
#endif
}

#if defined(CONFIG_BPF_SYSCALL) && defined(XU_BPF_OVERFLOW) && XU_BPF_OVERFLOW == 2
/* the nesting count xu_perf_overflow() keeps (bpf_prog_active is not exported) */
DECLARE_PER_CPU(int, xu_bpf_nest);

/*
 * From 6.10 the core's overflow path runs a BPF_PROG_TYPE_PERF_EVENT
 * program attached to the event before the event limit and the handler,
 * and drops the sample when it returns 0 or would nest in another BPF
 * program on this CPU.  That path is not exported: this is it, with an
 * empty callchain for the stack helpers (perf_callchain() is not exported
 * either).  Up to 6.9 the program replaced the overflow handler, which
 * xu_perf_overflow() calls: nothing to do here then.
 */
static inline bool xu_perf_bpf(struct perf_event *event,
			       struct perf_sample_data *data,
			       struct pt_regs *regs)
{
	static struct perf_callchain_entry no_callchain;
	struct bpf_perf_event_data_kern ctx = {
		.regs = perf_arch_bpf_user_pt_regs(regs),
		.data = data,
		.event = event,
	};
	struct bpf_prog *prog;
	bool keep = false;

	if (!READ_ONCE(event->prog))
		return true;
	/*
	 * As perf_prepare_sample() would give them to the program; a
	 * callchain the sample has already (a PCI box's, the sampled
	 * address) stays.
	 */
	data->addr = 0;
	if (!(data->sample_flags & PERF_SAMPLE_CALLCHAIN))
		data->callchain = &no_callchain;
	if (this_cpu_inc_return(xu_bpf_nest) == 1) {
		rcu_read_lock();
		prog = READ_ONCE(event->prog);
		if (prog && prog->type == BPF_PROG_TYPE_PERF_EVENT)
			keep = bpf_prog_run(prog, &ctx);
		else
			keep = true;
		rcu_read_unlock();
	}
	this_cpu_dec(xu_bpf_nest);
	return keep;
}
#else
static inline bool xu_perf_bpf(struct perf_event *event,
			       struct perf_sample_data *data,
			       struct pt_regs *regs)
{
	return true;
}
#endif

/*
 * perf_event_disable_inatomic(), which is not exported: the flag and the
 * irq_work that acts on it (its own since 6.9).  false: not on this
 * kernel's layout (the counter is stopped, perf is not told).
 */
static inline bool xu_perf_disable_inatomic(struct perf_event *event)
{
#if defined(XU_PENDING_DISABLE) && XU_PENDING_DISABLE == 2
	event->pending_disable = 1;
	irq_work_queue(&event->pending_disable_irq);
	return true;
#elif defined(XU_PENDING_DISABLE) && XU_PENDING_DISABLE == 1
	event->pending_disable = 1;
	irq_work_queue(&event->pending_irq);
	return true;
#else
	return false;
#endif
}

/*
 * A sample whose @regs are a copy taken earlier (the PMI's, for a box
 * walked in its irq_work once the interrupted code moved on): its kernel
 * callchain is the sampled address alone, never an unwind of a stack that
 * has changed since.  false: the kernel cannot take a callchain from a
 * driver; perf then unwinds the copy.
 *
 * Up to 6.2 perf_prepare_sample() adds the size of any callchain to the
 * record's; from 6.3 only of one it takes itself, and a callchain given
 * must be counted in dyn_size, as perf_sample_save_callchain() does.  A
 * record that under-states its size is overwritten by the next one: perf
 * script stops at it ("Can't parse sample") and loses the rest.
 */
static inline bool xu_perf_sample_ip_only(struct perf_sample_data *data,
					  struct perf_callchain_entry *chain,
					  struct pt_regs *regs)
{
#ifdef XU_HAVE_SAMPLE_FLAGS
	chain->nr = 0;
	if (user_mode(regs))
		return true;
	chain->ip[chain->nr++] = PERF_CONTEXT_KERNEL;
	chain->ip[chain->nr++] = instruction_pointer(regs);
	data->callchain = chain;
	data->sample_flags |= PERF_SAMPLE_CALLCHAIN;
#if XU_HAVE_SAMPLE_FLAGS == 2
	data->dyn_size += (1 + chain->nr) * sizeof(u64);
#endif
	return true;
#else
	return false;
#endif
}

/*
 * perf_event_overflow(), which is not exported to modules: the event's
 * BPF program (6.10+), its event limit (PERF_EVENT_IOC_REFRESH), its
 * overflow handler (the ring buffer; a BPF program up to 6.9), SIGIO and
 * wakeups.  Returns true when the event limit ran out: the caller stops
 * the counter, and the perf core disables the event from the irq_work
 * queued here.  @data: initialised by the caller.
 */
static inline bool xu_perf_overflow(struct perf_event *event,
				    struct perf_sample_data *data,
				    struct pt_regs *regs)
{
	int limit = atomic_read(&event->event_limit);
	perf_overflow_handler_t handler;
	bool stop = false;

	if (!xu_perf_bpf(event, data, regs))
		return false;
	event->pending_kill = POLL_IN;
	if (limit && atomic_dec_and_test(&event->event_limit)) {
		stop = true;
		event->pending_kill = POLL_HUP;
		xu_perf_disable_inatomic(event);
	}
	handler = READ_ONCE(event->overflow_handler);
	handler(event, data, regs);
	if (READ_ONCE(event->fasync) && event->pending_kill) {
		event->pending_wakeup = 1;
		irq_work_queue(&event->pending_irq);
	}
	return stop;
}

/* At load: what this kernel's layouts leave out, once each. */
static inline void xu_compat_report(void)
{
#if !defined(XU_PMU_CTX)
	pr_info("this kernel's perf context layout is unknown to the driver: unload does not wait for software events left from uncore groups; close them before rmmod\n");
#endif
#if !defined(XU_PENDING_DISABLE)
	pr_info("this kernel's perf_event layout is unknown to the driver: an event limit (PERF_EVENT_IOC_REFRESH) that runs out stops the counter, but perf still shows the event enabled\n");
#endif
#if defined(CONFIG_BPF_SYSCALL) && !defined(XU_BPF_OVERFLOW)
	pr_info("this kernel's BPF overflow path is unknown to the driver: BPF programs attached to uncore events are not run\n");
#endif
#if !defined(XU_HAVE_SAMPLE_FLAGS)
	pr_info("this kernel takes no callchain from a driver: PCI-box samples taken after the PMI unwind a copy of the interrupted registers\n");
#endif
}

#ifdef XU_POISON
/* only the helpers above may name these */
#pragma GCC poison hrtimer_init rdmsrl_safe wrmsrl_safe rdmsrq_safe wrmsrq_safe
#pragma GCC poison send_IPI_self send_IPI_mask __apic_send_IPI_self __apic_send_IPI_mask
#pragma GCC poison pmu_disable_count pmu_cpu_context cpu_pmu_context
#pragma GCC poison orig_overflow_handler pending_disable pending_disable_irq
#pragma GCC poison pending_irq pending_kill pending_wakeup event_limit
#endif

#endif /* _XEON_UNCORE_COMPAT_H */
