// SPDX-License-Identifier: GPL-2.0
/*
 * xeon_uncore overflows by the uncore PMI, and sample delivery, for every
 * platform.
 *
 * A platform with pmi_status and a box type with a pmi_bit and an xu_ovf:
 * every counter of such a box interrupts on overflow (counter.c arms it: a
 * sampling counter with 2^width - period, a counting one with
 * 2^(width-1), so that it interrupts every half range and a fold never
 * misses a whole lap; no timer polls it, but while the collector moves
 * or is out of the PMI's reach).  The PMI is an NMI on the CPU
 * the socket routes it to, its collector.  The walk reads the status
 * registers the box types' xu_ovf tables name and hands each box's
 * overflowed counters to xu_box_overflow(), which folds, samples and
 * re-arms them while the hardware holds the socket frozen, so that a group
 * is read at one instant.  The NMI walks the MSR boxes.  It leaves to a
 * walk in hard irq on the same CPU (the late walk: an irq_work, hard on
 * PREEMPT_RT too) what it must not touch: the PCI boxes, since config
 * space takes the PCI lock, which the NMI may have interrupted, and the
 * whole PMI when the code it interrupted holds a box lock (counter.c).
 * That walk takes the box locks and then unfreezes the socket.  Its
 * samples carry a copy of registers (the NMI's, for PCI boxes), their
 * kernel callchain the sampled address alone (the stack it points into
 * has moved on by then).
 *
 * While the collector moves, a PMI is not walked: it goes to the old CPU
 * until the new one adopts the socket.  The old CPU unfreezes the socket
 * (counting events lose nothing) and leaves the status to the new
 * collector, which walks the pending overflow when it adopts the socket.
 * The events start on the new one polled, so that no counter interrupts
 * once the old CPU is dead (the PMI would reach no CPU, and the socket
 * would stay frozen until the adoption); the adoption takes the samples
 * they owe and has them interrupt again.
 *
 * perf_event_overflow() is not exported to modules, so xu_sample() does
 * what it would (compat.h's xu_perf_overflow()).  The perf core's
 * throttling is not reachable from here: sample_limit caps the samples of
 * a socket per tick, and beyond it the counters' interrupts are masked
 * until the next tick.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpumask.h>
#include <linux/irq_work.h>
#include <linux/jiffies.h>
#include <linux/perf_event.h>
#include <linux/topology.h>
#include <kunit/visibility.h>
#include <asm/irq_regs.h>
#include <asm/nmi.h>

#include "uncore.h"

/*
 * Most samples one event takes at once (a poll, or an adoption, that
 * finds several periods crossed), even with sample_limit=0.
 */
#define XU_SAMPLES_AT_ONCE	64

static const struct xu_platform *xu_irq_plat;
static bool xu_nmi_registered;

/* Global status bits that lead to PCI boxes: walked by xu_late_work. */
static u64 xu_pci_summary;

/* ---- delivery ------------------------------------------------------- */

/*
 * Count a sample against the socket's tick @now (jiffies, kept in the
 * high half of sk->tick, the samples taken in it in the low); false: over
 * @limit samples in the tick (0: no limit).  From the NMI and the poll
 * timer at once, and during a collector move on two CPUs: lock-free
 * (KUnit xu_test_budget_concurrent).
 */
bool xu_tick_take(struct xu_socket *sk, unsigned int limit, u32 now)
{
	s64 old = atomic64_read(&sk->tick), new;

	do {
		u32 n = (u32)old;

		if ((u32)((u64)old >> 32) != now)
			n = 0;
		if (limit && n >= limit) {
			xu_stat_inc(sk, throttled);
			return false;
		}
		new = (s64)((u64)now << 32 | (n + 1));
	} while (!atomic64_try_cmpxchg(&sk->tick, &old, new));
	xu_stat_inc(sk, samples);
	return true;
}
EXPORT_SYMBOL_IF_KUNIT(xu_tick_take);

static bool xu_tick_budget(struct xu_socket *sk)
{
	return xu_tick_take(sk, READ_ONCE(xu_params.sample_limit), jiffies);
}

#if defined(CONFIG_BPF_SYSCALL) && defined(XU_BPF_OVERFLOW) && XU_BPF_OVERFLOW == 2
DEFINE_PER_CPU(int, xu_bpf_nest);
#endif

/*
 * One sample of @event, as perf_event_overflow() gives it (compat.h);
 * @copy: @regs are a copy of the PMI's (a PCI box's sample, in the
 * irq_work), whose kernel callchain is the sampled address alone.  Returns
 * true when its event limit ran out: the caller stops the counter.
 */
static bool xu_sample(struct xu_socket *sk, struct perf_event *event,
		      struct pt_regs *regs, bool copy)
{
	struct xu_box *box = event->pmu_private;
	struct perf_sample_data data;
	int holder = READ_ONCE(box->holder);
	bool ret;

	perf_sample_data_init(&data, 0, event->hw.last_period);
	/*
	 * The copy's kernel stack is never unwound.  Without the kernel's
	 * part, perf unwinds the user part itself, from the task then current.
	 */
	if (copy && (event->attr.sample_type & PERF_SAMPLE_CALLCHAIN) &&
	    !event->attr.exclude_callchain_kernel)
		xu_perf_sample_ip_only(&data, (struct perf_callchain_entry *)sk->pmi_chain,
				       regs);
	/* its group's reads fold here (xu_ctr_read()) */
	WRITE_ONCE(box->holder, smp_processor_id());
	ret = xu_perf_overflow(event, &data, regs);
	WRITE_ONCE(box->holder, holder);
	return ret;
}

/*
 * Over the limit: at the next tick, say so and re-arm what was masked.
 * debugfs throttle_ms lengthens the throttle, for tests that must hold
 * one across a collector move or a counter reassignment.
 */
static void xu_unthrottle_at_next_tick(struct xu_socket *sk)
{
	u32 ms = READ_ONCE(xu_params.throttle_ms);

	if (!hrtimer_active(&sk->unthrottle))
		hrtimer_start(&sk->unthrottle,
			      ms ? ms_to_ktime(ms) : ns_to_ktime(TICK_NSEC),
			      HRTIMER_MODE_REL_PINNED_HARD);
}

enum xu_due { XU_DUE_TAKEN, XU_DUE_LIMIT, XU_DUE_THROTTLED };

/*
 * On the collector: a sample of @event for each of @due periods crossed,
 * at most XU_SAMPLES_AT_ONCE however large @due is and whatever
 * sample_limit says: the rest are dropped, counted as throttled
 * (XU_DUE_THROTTLED).  XU_DUE_LIMIT: the event's limit ran out (the
 * caller stops its counter).
 */
static enum xu_due xu_samples_due(struct xu_box *box, struct perf_event *event,
				  u64 due, struct pt_regs *regs, bool copy)
{
	struct xu_socket *sk = box->sk;
	u64 i;

	for (i = 0; i < due; i++) {
		if (i == XU_SAMPLES_AT_ONCE || !xu_tick_budget(sk)) {
			xu_stat_add(sk, throttled, due - i - (i < XU_SAMPLES_AT_ONCE));
			return XU_DUE_THROTTLED;
		}
		if (xu_sample(sk, event, regs, copy))
			return XU_DUE_LIMIT;
	}
	return XU_DUE_TAKEN;
}

/* At an adoption (poll.c): xu_samples_due(), nothing masked; true: limit ran out */
bool xu_owed_samples(struct xu_box *box, struct perf_event *event, u64 due,
		     struct pt_regs *regs)
{
	return xu_samples_due(box, event, due, regs, true) == XU_DUE_LIMIT;
}

/*
 * On the collector, @event polled: xu_samples_due() with @regs, live (the
 * poll timer's interrupt, or the caller's own at a stop: poll.c); over the
 * budget, the rest dropped until the next tick.
 */
bool xu_poll_samples(struct xu_box *box, struct perf_event *event, u64 due,
		     struct pt_regs *regs)
{
	enum xu_due ret;

	if (!regs)
		return false;
	ret = xu_samples_due(box, event, due, regs, false);
	if (ret == XU_DUE_THROTTLED)
		xu_unthrottle_at_next_tick(box->sk);
	return ret == XU_DUE_LIMIT;
}

/* ---- the walk ------------------------------------------------------- */

/*
 * Counters @ovf of @box overflowed (their status cleared), the socket
 * frozen; in the NMI, or the late walk under the box lock.  Counting events
 * fold (a wrap); sampling events fold, take a sample if a period has
 * passed, and are armed again.
 */
static void xu_box_overflow(struct xu_box *box, unsigned long ovf,
			    struct pt_regs *regs, bool copy)
{
	struct xu_socket *sk = box->sk;
	unsigned int i;

	for_each_set_bit(i, &ovf, XU_MAX_COUNTERS) {
		struct perf_event *event = box->counters[i];

		/* stopped since, or a stale status from before a move */
		if (!test_bit(i, &box->active) || !event || !xu_ctr_pmi(box, i))
			continue;
		xu_stat_inc(sk, overflows);
		/*
		 * Unreadable: not armed again either, the next fold catches
		 * up; another program's counter: dropped, armed again (the
		 * fold of a wrap checks the control)
		 */
		if (!xu_ctr_fold(box, event))
			continue;
		xu_ctr_period_sync(box, event);
		if (!is_sampling_event(event) ||
		    local64_read(&event->hw.period_left) > 0) {
			xu_ctr_arm(box, event, false);
			continue;
		}
		if (!xu_tick_budget(sk)) {
			xu_ctr_throttle(box, event);
			irq_work_queue(&sk->throttle_work);
			continue;
		}
		xu_ctr_arm(box, event, true);
		/* its event limit ran out: perf disables it shortly */
		if (xu_sample(sk, event, regs, copy))
			xu_ctr_stop(box, event, false);
	}
}

#define XU_OVF_MIDS	4	/* intermediate summaries read once per walk */

struct xu_ovf_mids {
	unsigned int n;
	u32 reg[XU_OVF_MIDS];
	u64 val[XU_OVF_MIDS];
};

/*
 * Does box @box report an overflow in its intermediate summary (if it has
 * one)?  Each summary register is read once per walk; one that cannot be
 * read leads to its boxes' own status.
 */
static bool xu_ovf_mid(struct xu_box *box, const struct xu_ovf *o,
		       struct xu_ovf_mids *m)
{
	unsigned int i, idx = box->pmu->idx;
	u64 val;

	if (!o->mid || !o->mid[idx])
		return true;
	for (i = 0; i < m->n; i++)
		if (m->reg[i] == o->mid[idx])
			return m->val[i] & o->mid_bits[idx];
	if (xu_read_reg(box, o->mid[idx], &val))
		return true;
	if (m->n < XU_OVF_MIDS) {
		m->reg[m->n] = o->mid[idx];
		m->val[m->n++] = val;
	}
	return val & o->mid_bits[idx];
}

/*
 * The socket frozen: every box in @space with a summary bit set in the
 * global @status (and in its intermediate summary, if it has one) has its
 * overflowed counters handled.  A box with no counter on the PMI and no
 * counter that left it since the last walk (see xu_ctr_stop()) is not
 * read.  MSR boxes in the NMI; PCI boxes, and a PMI the NMI could not
 * walk, in the late walk (not in NMI), each box under its lock.
 *
 * A summary bit set with every box under it that was read showing no
 * overflow, where some of them read an assumed status
 * (xu_ovf.status_assumed) as 0: the overflow that set the bit set no
 * status bit the driver reads.  Each of those boxes is taken again, its
 * wrapped counters found by reading them (xu_box_status_lost()).
 * Decided per summary bit, not per box: the C-boxes share one, and one
 * C-box's status reads 0 whenever another's counter overflowed.
 */
static void xu_socket_overflow(struct xu_socket *sk, u64 status,
			       struct pt_regs *regs, enum xu_space space)
{
	struct xu_ovf_mids mids = { };
	bool nmi = in_nmi();
	struct xu_box *box;
	unsigned long flags, ovf;
	u64 found = 0, zero = 0, lost;
	unsigned int b;

	for (b = 0; (box = xu_socket_box_nr(sk, b)); b++) {
		const struct xu_box_type *t = box->pmu->type;
		const struct xu_ovf *o = t->ovf;
		u64 sum;

		if (!o || !box->pmu->pmi || t->space != space)
			continue;
		if (!READ_ONCE(box->pmi_on) && !READ_ONCE(box->pmi_stale))
			continue;
		sum = o->summary ? o->summary[box->pmu->idx] : o->summary_mask;
		if (!(status & sum) || !xu_ovf_mid(box, o, &mids))
			continue;
		if (!nmi)
			xu_box_lock(box, &flags);
		WRITE_ONCE(box->pmi_stale, false);
		if (!xu_box_take_status(box, &ovf)) {
			/* unreadable: not known to have read 0 */
			found |= status & sum;
		} else if (ovf) {
			found |= status & sum;
			xu_box_overflow(box, ovf, regs, !nmi);
		} else if (o->status_assumed && !box->status_bad) {
			box->status_zero = true;
			zero |= status & sum;
		}
		if (!nmi)
			xu_box_unlock(box, flags);
	}
	/* each box that read 0 has its mark cleared, whether or not it is lost */
	lost = zero & ~found;
	for (b = 0; zero && (box = xu_socket_box_nr(sk, b)); b++) {
		const struct xu_ovf *o = box->pmu->type->ovf;
		u64 sum;

		if (!READ_ONCE(box->status_zero))
			continue;
		sum = o->summary ? o->summary[box->pmu->idx] : o->summary_mask;
		if (!nmi)
			xu_box_lock(box, &flags);
		box->status_zero = false;
		if (sum & lost)
			xu_box_overflow(box, xu_box_status_lost(box, sum & lost), regs, !nmi);
		if (!nmi)
			xu_box_unlock(box, flags);
	}
}

/*
 * Per CPU: the walk an NMI of that CPU left for later, in hard irq (on
 * PREEMPT_RT too) as soon as interrupts are back on there: config space
 * (the PCI boxes) is not for an NMI, nor a box whose lock the interrupted
 * code holds.  Per CPU rather than per socket: one still queued on a
 * collector that is going away does not hold up the next collector's.
 */
static DEFINE_PER_CPU(struct irq_work, xu_late_work);

/*
 * One uncore PMI with @status pending: the platform clears its global
 * latches, the walk takes the MSR boxes, the platform unfreezes, unless
 * PCI boxes overflowed: their walk, and the unfreeze, are left to the
 * late walk.
 */
static void xu_handle_pmi(struct xu_socket *sk, u64 status, struct pt_regs *regs)
{
	xu_irq_plat->pmi_ack(sk, status);
	xu_socket_overflow(sk, status, regs, XU_MSR);
	if (status & xu_pci_summary) {
		sk->pmi_regs = *regs;
		atomic64_or(status & xu_pci_summary, &sk->deferred);
		irq_work_queue(this_cpu_ptr(&xu_late_work));
	} else if (!atomic64_read(&sk->deferred)) {
		xu_irq_plat->pmi_unfreeze(sk);
	}
}

/*
 * On the collector, interrupts off: what its NMIs left.  The PCI boxes
 * they deferred (@sk's deferred summary bits) and the whole PMI pending
 * now: with @adopt, one left pending while the collector moved (the
 * adoption), else one an NMI could not walk (it interrupted a box lock's
 * holder: sk->pmi_late).  Under the box locks, the PMI held off meanwhile
 * (an NMI then only leaves more for later).  The samples carry the
 * registers of the NMI that deferred the walk (for the PCI boxes, the one
 * that deferred them), else those of the interrupt this runs in where the
 * entry code saved them (the irq_work's mostly does not), else the
 * walk's own: a copy either way, so their kernel callchain is the sampled
 * address alone.
 */
static void xu_pmi_walk_late(struct xu_socket *sk, bool adopt)
{
	struct pt_regs regs;
	u64 status, now = 0;
	bool live = adopt;

	xu_pmi_hold();
	if (!adopt && atomic_read(&sk->pmi_late)) {
		/*
		 * Set: this CPU's NMIs leave the copy alone until the flag is
		 * cleared, so copy it first; one after that writes a new copy
		 * and queues the next walk.  (Clear: an NMI from now on sets
		 * it and queues the next walk, which takes its copy.)
		 */
		regs = sk->late_regs;
		live = atomic_xchg(&sk->pmi_late, 0);
	}
	if (live)
		now = xu_irq_plat->pmi_status(sk);
	if (!live || adopt)
		xu_here_regs(&regs);
	if (now) {
		xu_irq_plat->pmi_ack(sk, now);
		xu_socket_overflow(sk, now, &regs, XU_MSR);
	}
	status = atomic64_xchg(&sk->deferred, 0);
	if (status)
		regs = sk->pmi_regs;
	status |= now & xu_pci_summary;
	if (status)
		xu_socket_overflow(sk, status, &regs, XU_PCI);
	if (status || now) {
		xu_stat_inc(sk, late);
		xu_irq_plat->pmi_unfreeze(sk);
	} else if (live && !atomic_read(&sk->pmi_active)) {
		/* as in xu_nmi_collect(): nothing the last event left */
		WRITE_ONCE(sk->pmi_stale, false);
	}
	xu_pmi_release();
}

/*
 * Routed to a CPU that is not the collector while the collector moves
 * (the socket's cpu is -1 then): the old one, until the new one adopts the
 * socket and routes the PMI to itself.  Ours, but the events are not ours
 * to touch: unfreeze the socket so that its counters count on, and leave
 * the status pending for the new collector.  Only the CPU the PMI is
 * routed to claims it and writes the global control, and not while a
 * route is being set (ctl_lock) nor while this CPU holds a box lock (the
 * late work does it then).  Returns whether it claimed a pending PMI.
 */
static bool xu_pmi_stray(struct xu_socket *sk, int cpu)
{
	if (READ_ONCE(sk->pmi_cpu) != cpu || !xu_irq_plat->pmi_status(sk))
		return false;
	if (xu_pmi_excluded()) {
		irq_work_queue(this_cpu_ptr(&xu_late_work));
		return true;
	}
	if (!raw_spin_trylock(&sk->ctl_lock))
		return true;
	if (READ_ONCE(sk->pmi_cpu) == cpu) {
		xu_stat_inc(sk, stray);
		xu_irq_plat->pmi_unfreeze(sk);
	}
	raw_spin_unlock(&sk->ctl_lock);
	return true;
}

/*
 * In hard irq context after an NMI of this CPU, interrupts off.  On the
 * collector: the late walk.  Anywhere else (the collector moved since)
 * the deferred bits stay for the socket's next collector, which walks
 * them when it adopts the socket; the CPU the PMI is still routed to lets
 * the socket count on.
 */
static void xu_late(struct irq_work *work)
{
	int cpu = smp_processor_id();
	struct xu_socket *sk = xu_socket_of(cpu);

	if (!sk)
		return;
	if (READ_ONCE(sk->cpu) == cpu)
		xu_pmi_walk_late(sk, false);
	else if (xu_irq_plat->pmi_status)
		xu_pmi_stray(sk, cpu);
}

/* On the collector: its PMI, unless the code it interrupted holds a box lock. */
static int xu_nmi_collect(struct xu_socket *sk, struct pt_regs *regs)
{
	u64 status = xu_irq_plat->pmi_status(sk);

	if (!status) {
		/* what the last event to leave may have left is not there */
		if (!atomic_read(&sk->pmi_active))
			WRITE_ONCE(sk->pmi_stale, false);
		return NMI_DONE;
	}
	if (xu_pmi_excluded()) {
		/* the first since the last late walk: its registers for the samples */
		if (!atomic_cmpxchg(&sk->pmi_late, 0, 1))
			sk->late_regs = *regs;
		irq_work_queue(this_cpu_ptr(&xu_late_work));
		return NMI_HANDLED;
	}
	xu_handle_pmi(sk, status, regs);
	xu_stat_inc(sk, nmis);
	return NMI_HANDLED;
}

static int xu_nmi_handler(unsigned int type, struct pt_regs *regs)
{
	int cpu = smp_processor_id();
	struct xu_socket *sk = xu_socket_of(cpu);

	/* no event, no leftover: not ours, and nothing to read */
	if (!sk || (!atomic_read(&sk->pmi_active) && !READ_ONCE(sk->pmi_stale)))
		return NMI_DONE;
	if (READ_ONCE(sk->cpu) != cpu)
		return xu_pmi_stray(sk, cpu) ? NMI_HANDLED : NMI_DONE;
	return xu_nmi_collect(sk, regs);
}

/* ---- throttling ----------------------------------------------------- */

/* From the NMI, which cannot start a timer. */
static void xu_throttle_work(struct irq_work *work)
{
	xu_unthrottle_at_next_tick(container_of(work, struct xu_socket, throttle_work));
}

/* Whether a box of @sk has a counter throttled. */
static bool xu_socket_throttled(struct xu_socket *sk)
{
	struct xu_box *box;
	unsigned int b;

	for (b = 0; (box = xu_socket_box_nr(sk, b)); b++)
		if (READ_ONCE(box->throttled))
			return true;
	return false;
}

/*
 * A tick after a throttle: say so, and arm every throttled counter again.
 * Only the collector touches its boxes: a timer that fires elsewhere (it
 * went with a collector that died, the socket moving) does nothing; the
 * new collector cancels it and arms its own when it adopts the socket.
 */
static enum hrtimer_restart xu_unthrottle(struct hrtimer *timer)
{
	struct xu_socket *sk = container_of(timer, struct xu_socket, unthrottle);
	int cpu = READ_ONCE(sk->cpu);
	struct xu_box *box;
	unsigned long flags;
	unsigned int b, i;

	if (cpu != smp_processor_id())
		return HRTIMER_NORESTART;
	pr_info_ratelimited("socket %u: over sample_limit=%u samples per tick, interrupts masked until the next tick (%llu samples dropped so far)\n",
			    sk->id, READ_ONCE(xu_params.sample_limit),
			    (u64)atomic64_read(&sk->stats.throttled));
	for (b = 0; (box = xu_socket_box_nr(sk, b)); b++) {
		if (!READ_ONCE(box->throttled))
			continue;
		xu_box_lock(box, &flags);
		for_each_set_bit(i, &box->throttled, XU_MAX_COUNTERS) {
			if (box->counters[i])
				xu_ctr_unthrottle(box, box->counters[i]);
			else
				clear_bit(i, &box->throttled);
		}
		xu_box_unlock(box, flags);
	}
	return HRTIMER_NORESTART;
}

/*
 * On the new collector, interrupts off, once it routes the PMI to itself:
 * an overflow its PMI left pending while the collector moved (the old CPU
 * only unfroze the socket), PCI boxes the old CPU's walk never took, and
 * counters still throttled (then xu_socket_pmi_again(), poll.c).
 */
void xu_socket_adopted(struct xu_socket *sk)
{
	/* here, not by the late work: it may still be queued on the old CPU */
	atomic_set(&sk->pmi_late, 0);
	xu_pmi_walk_late(sk, xu_irq_plat->pmi_status && xu_nmi_registered);
	/* the old collector's, which went with its CPU: never to fire elsewhere */
	hrtimer_cancel(&sk->unthrottle);
	if (xu_socket_throttled(sk))
		xu_unthrottle_at_next_tick(sk);
}

/* ---- the PMI's reach ------------------------------------------------ */

/*
 * The package and core of each CPU, as last seen online: x86 resets an
 * offline CPU's core ID to 0 (remove_siblinginfo()), but its core keeps
 * its place in the package.
 */
struct xu_cpu_place {
	u16 pkg, core;
	bool known;
};

static DEFINE_PER_CPU(struct xu_cpu_place, xu_cpu_place);

/* On @cpu coming online (init.c's hotplug callback) */
void xu_cpu_seen(unsigned int cpu)
{
	struct xu_cpu_place *p = per_cpu_ptr(&xu_cpu_place, cpu);

	WRITE_ONCE(p->pkg, topology_physical_package_id(cpu));
	WRITE_ONCE(p->core, topology_core_id(cpu));
	/* the place before its flag: read on other CPUs */
	smp_store_release(&p->known, true);
}

static bool xu_cpu_core(unsigned int cpu, unsigned int *pkg, unsigned int *core)
{
	const struct xu_cpu_place *p = per_cpu_ptr(&xu_cpu_place, cpu);

	if (cpu_online(cpu)) {
		*pkg = topology_physical_package_id(cpu);
		*core = topology_core_id(cpu);
		return true;
	}
	/* pairs with xu_cpu_seen()'s release */
	if (!smp_load_acquire(&p->known))
		return false;
	*pkg = READ_ONCE(p->pkg);
	*core = READ_ONCE(p->core);
	return true;
}

/*
 * pmi_core_sel is a mask of the package's cores; which bit is which core
 * is not documented.  The assumption (xeon_uncore_assumed.h, shared with
 * the model): bit i is the i-th core of the package in ascending core ID
 * order, counting every present core (here, one that has not been online
 * since the driver loaded is not known, nor counted).
 */
static unsigned int xu_core_rank(unsigned int cpu)
{
	unsigned int c, pkg, core, id, p, rank = 0;
	DECLARE_BITMAP(seen, 256) = { };

	if (!xu_cpu_core(cpu, &pkg, &core))
		return 0;
	for_each_present_cpu(c) {
		if (!xu_cpu_core(c, &p, &id) || p != pkg || id >= core ||
		    id >= 256 || test_and_set_bit(id, seen))
			continue;
		rank++;
	}
	return rank;
}

/* The core select mask that sends @plat's PMI to @cpu; 0: out of its reach. */
u32 xu_pmi_cores(const struct xu_platform *plat, unsigned int cpu)
{
	unsigned int core = xu_core_rank(cpu);

	return core < plat->pmi_cores ? BIT(core) : 0;
}
EXPORT_SYMBOL_IF_KUNIT(xu_pmi_cores);

/* ---- setup ---------------------------------------------------------- */

void xu_socket_irq_init(struct xu_socket *sk)
{
	raw_spin_lock_init(&sk->ctl_lock);
	init_irq_work(&sk->throttle_work, xu_throttle_work);
	xu_hrtimer_setup(&sk->unthrottle, xu_unthrottle, CLOCK_MONOTONIC,
			 HRTIMER_MODE_REL_PINNED_HARD);
}

void xu_socket_irq_exit(struct xu_socket *sk)
{
	irq_work_sync(&sk->throttle_work);
	hrtimer_cancel(&sk->unthrottle);
	irq_work_sync(&sk->throttle_work);
}

/* Whether @plat's overflows interrupt here (pmi=1, and a PMI it has). */
bool xu_irq_pmi(void)
{
	return xu_nmi_registered;
}

int xu_irq_init(const struct xu_platform *plat, bool use_pmi)
{
	const struct xu_box_type * const *t;
	unsigned int i;
	int ret;

	xu_irq_plat = plat;
	xu_pci_summary = 0;
	for_each_possible_cpu(i)
		per_cpu(xu_late_work, i) = IRQ_WORK_INIT_HARD(xu_late);
	for (t = plat->types; *t; t++) {
		const struct xu_ovf *o = (*t)->ovf;

		if (!o || (*t)->space == XU_MSR)
			continue;
		xu_pci_summary |= o->summary_mask;
		for (i = 0; o->summary && i < (*t)->num_boxes; i++)
			xu_pci_summary |= o->summary[i];
	}
	if (!use_pmi || !plat->pmi_status)
		return 0;
	ret = register_nmi_handler(NMI_LOCAL, xu_nmi_handler, 0, KBUILD_MODNAME);
	if (ret)
		return ret;
	xu_nmi_registered = true;
	return 0;
}

/* After every PMU is gone: no NMI of ours, then no late walk left. */
void xu_irq_exit(void)
{
	unsigned int cpu;

	if (xu_nmi_registered)
		unregister_nmi_handler(NMI_LOCAL, KBUILD_MODNAME);
	xu_nmi_registered = false;
	for_each_possible_cpu(cpu)
		irq_work_sync(per_cpu_ptr(&xu_late_work, cpu));
}
