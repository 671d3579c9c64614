// SPDX-License-Identifier: GPL-2.0
/*
 * xeon_uncore overflows and sampling, for every platform.
 *
 * Two ways an overflow is noticed:
 *
 * - The uncore PMI (a platform with pmi_status, a box type with a pmi_bit
 *   and an xu_ovf).  Every counter of such a box is programmed to
 *   interrupt: a sampling counter is preloaded with 2^width - period, a
 *   counting one with 2^(width-1), so it interrupts every half range and
 *   a fold never misses a whole lap: no timer has to poll it.  The PMI is
 *   an NMI on the CPU the socket routes it to, its collecting CPU.  The
 *   core walks the status registers that the box types' xu_ovf tables
 *   name and hands each box's overflowed counters to xu_box_overflow(),
 *   which folds, samples and re-arms while the hardware holds the socket
 *   frozen, so a group is read at one instant.  The NMI walks the MSR
 *   boxes.  Config space takes the PCI lock, which the NMI may have
 *   interrupted: the PCI boxes' summary bits go to an irq_work on the same
 *   CPU (hard irq, on PREEMPT_RT too), which walks those boxes and then
 *   unfreezes the socket.  Their samples carry the registers the NMI
 *   interrupted, as the MSR boxes' do.
 *
 * - Polling (every other box).  The box hrtimer folds the counters before
 *   they can wrap; for a sampling event it also runs often enough that at
 *   most one period passes between two expiries at the box's highest
 *   rate, and emits a sample for every period the count has crossed, with
 *   the timer interrupt's registers: a sample points at where the CPU was
 *   at the poll, up to one interval after the crossing.
 *
 * perf_event_overflow() is not exported to modules, so xu_sample() does
 * what it would (compat.h's xu_perf_overflow()).  The perf core's
 * throttling is not reachable from here: sample_limit caps the
 * samples of a socket per tick, and beyond it the counters' interrupts are
 * masked until the next tick.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpumask.h>
#include <linux/debugfs.h>
#include <linux/filter.h>
#include <linux/irq_work.h>
#include <linux/jiffies.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/perf_event.h>
#include <linux/seq_file.h>
#include <linux/topology.h>
#include <kunit/visibility.h>
#include <asm/apic.h>
#include <asm/irq_regs.h>
#include <asm/nmi.h>

#include "uncore.h"

static unsigned int sample_limit = 32;
module_param(sample_limit, uint, 0644);
MODULE_PARM_DESC(sample_limit, "Most samples per socket per tick (0: no limit); beyond it interrupts are masked until the next tick");

/* The shortest poll interval for sampling: a tiny period is not a busy loop. */
#define XU_SAMPLE_POLL_MIN_NS	NSEC_PER_MSEC
/* Most samples one event takes at one poll, even with sample_limit=0. */
#define XU_POLL_MAX_SAMPLES	64

static const struct xu_platform *xu_irq_plat;
static bool xu_nmi_registered;
static struct dentry *xu_debugfs;

/* ---- delivery ------------------------------------------------------- */

/* Count a sample against the socket's tick; false: over sample_limit. */
static bool xu_tick_budget(struct xu_socket *sk)
{
	unsigned int limit = READ_ONCE(sample_limit);
	unsigned long now = jiffies;

	if (sk->tick != now) {
		sk->tick = now;
		sk->tick_samples = 0;
	}
	if (limit && sk->tick_samples >= limit) {
		sk->stats.throttled++;
		return false;
	}
	sk->tick_samples++;
	sk->stats.samples++;
	return true;
}

#if defined(CONFIG_BPF_SYSCALL) && defined(XU_BPF_OVERFLOW) && XU_BPF_OVERFLOW == 2
DEFINE_PER_CPU(int, xu_bpf_nest);
#endif

/*
 * One sample of @event, as perf_event_overflow() gives it (compat.h).
 * Returns true when its event limit ran out: the caller stops the counter.
 */
static bool xu_sample(struct perf_event *event, struct pt_regs *regs)
{
	struct perf_sample_data data;

	perf_sample_data_init(&data, 0, event->hw.last_period);
	return xu_perf_overflow(event, &data, regs);
}

/* ---- PMI boxes ------------------------------------------------------ */

/*
 * What is left of a sampling event's period once a sample was due: the
 * overshoot carries into the next period, unless it was a whole period or
 * more (a throttle, or PERF_EVENT_IOC_PERIOD, which sets 0): then a
 * whole period from now.
 */
s64 xu_period_reload(struct hw_perf_event *hwc)
{
	s64 period = hwc->sample_period;
	s64 left = local64_read(&hwc->period_left);

	if (left <= -period)
		left = period;
	else if (left <= 0)
		left += period;
	local64_set(&hwc->period_left, left);
	hwc->last_period = period;
	return left;
}
EXPORT_SYMBOL_IF_KUNIT(xu_period_reload);

/*
 * Preload a PMI box's counter: a sampling event's to overflow after what
 * is left of its period, a counting event's after half the range.  The
 * counter is stopped, or frozen in the PMI.  A sampling event's period is
 * then counted from this value (xu_event_period_sync), never from folds,
 * which a read may make at any time.  Without @reload, a sample that was
 * due when the event stopped (a collector move, multiplexing) is owed:
 * the counter overflows at its next count and the PMI takes it.
 */
void xu_event_set_period(struct xu_box *box, struct perf_event *event,
			 bool reload)
{
	struct hw_perf_event *hwc = &event->hw;
	unsigned int width = xu_width(box->pmu->type, hwc->idx);
	s64 left = BIT_ULL(width - 1);
	u64 val;

	if (is_sampling_event(event)) {
		left = local64_read(&hwc->period_left);
		if (reload || left > 0)
			left = xu_period_reload(hwc);
		else
			left = 1;
	}

	/* a longer period takes several overflows, one sample at the last */
	left = min_t(s64, left, BIT_ULL(width - 1));
	val = (u64)-left & GENMASK_ULL(width - 1, 0);
	box->armed[hwc->idx] = val;
	local64_set(&hwc->prev_count,
		    xu_prev_armed(local64_read(&hwc->prev_count), val, width));
	xu_write_ctr(box, hwc->event_base, val);
}

/*
 * A PMI box's sampling event, just folded, not interruptible by the PMI
 * (in it, or stopped): take what the counter counted since it was armed
 * out of the period, and count on from here.
 */
void xu_event_period_sync(struct xu_box *box, struct perf_event *event)
{
	struct hw_perf_event *hwc = &event->hw;
	unsigned int width = xu_width(box->pmu->type, hwc->idx);
	u64 now = local64_read(&hwc->prev_count) & GENMASK_ULL(width - 1, 0);

	if (!is_sampling_event(event))
		return;
	local64_sub(xu_delta(box->armed[hwc->idx], now, width), &hwc->period_left);
	box->armed[hwc->idx] = now;
}

static void xu_throttle(struct xu_box *box, struct perf_event *event)
{
	struct hw_perf_event *hwc = &event->hw;

	/* keeps counting, no longer interrupts */
	set_bit(hwc->idx, &box->throttled);
	xu_write_reg(box, hwc->config_base, xu_event_ctl(box, event));
	irq_work_queue(&box->sk->throttle_work);
}

/*
 * In the PMI, with the socket frozen: counters @ovf of @box overflowed
 * and their status is cleared.  Counting events fold (a wrap); sampling
 * events fold, take a sample if a period has passed and re-arm.
 */
void xu_box_overflow(struct xu_box *box, unsigned long ovf, struct pt_regs *regs)
{
	struct xu_socket *sk = box->sk;
	unsigned int i;

	for_each_set_bit(i, &ovf, XU_MAX_COUNTERS) {
		struct perf_event *event = READ_ONCE(box->counters[i]);

		/* stopped since, or a stale status from before a move */
		if (!test_bit(i, &box->active) || !event)
			continue;
		sk->stats.overflows++;
		/*
		 * Unreadable: not re-armed either, the next fold catches up;
		 * another program's counter: dropped, armed again (the fold
		 * of a wrap checks the control)
		 */
		if (!xu_event_fold(box, event))
			continue;
		xu_event_period_sync(box, event);
		if (!is_sampling_event(event) ||
		    local64_read(&event->hw.period_left) > 0) {
			xu_event_set_period(box, event, false);
			continue;
		}
		if (!xu_tick_budget(sk)) {
			xu_throttle(box, event);
			continue;
		}
		xu_event_set_period(box, event, true);
		if (xu_sample(event, regs)) {
			/* perf disables the event shortly; stop counting now */
			clear_bit(i, &box->active);
			xu_write_reg(box, event->hw.config_base, 0);
			event->hw.state |= PERF_HES_STOPPED;
		}
	}
}

/* The counters whose bits are set in a status value of a box of type @t. */
unsigned long xu_ovf_counters(const struct xu_box_type *t, u64 status)
{
	const struct xu_ovf *o = t->ovf;
	unsigned long ovf = 0;
	unsigned int i;

	if (!o->ctr_bit)
		return status & GENMASK(xu_counters_total(t) - 1, 0);
	for (i = 0; i < xu_counters_total(t); i++)
		if (status & BIT_ULL(o->ctr_bit[i]))
			ovf |= BIT(i);
	return ovf;
}
EXPORT_SYMBOL_IF_KUNIT(xu_ovf_counters);

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
 * In the PMI, the socket frozen: every box in @space with a summary bit
 * set in the global @status (and in its intermediate summary, if it has
 * one) has its status read and cleared (the bits read: an overflow after
 * the read sets them again and interrupts again), and its overflowed
 * counters handled.  A box with no status register is a one-counter box
 * whose summary bit is its overflow.
 */
void xu_socket_overflow(struct xu_socket *sk, u64 status, struct pt_regs *regs,
			enum xu_space space)
{
	struct xu_ovf_mids mids = { };
	struct xu_box *box;
	unsigned int b;

	for (b = 0; (box = xu_socket_box_nr(sk, b)); b++) {
		const struct xu_box_type *t = box->pmu->type;
		const struct xu_ovf *o = t->ovf;
		u64 st = BIT(0);
		u64 sum;

		if (!o || !box->pmu->pmi || t->space != space)
			continue;
		/* nothing there to overflow: not read (see xu_pmu_del()) */
		if (!READ_ONCE(box->used) && !READ_ONCE(box->pmi_stale))
			continue;
		sum = o->summary ? o->summary[box->pmu->idx] : o->summary_mask;
		if (!(status & sum) || !xu_ovf_mid(box, o, &mids))
			continue;
		WRITE_ONCE(box->pmi_stale, false);
		if (o->status) {
			if (xu_read_reg(box, box->base + o->status, &st) || !st)
				continue;
			xu_write_reg(box, xu_box_ovf_clear(box), st);
		}
		/* a counter that cannot interrupt wraps into its next poll */
		xu_box_overflow(box, xu_ovf_counters(t, st) &
				xu_pmi_counters(box->pmu), regs);
	}
}

/* Global status bits that lead to PCI boxes: walked in sk->pmi_work. */
static u64 xu_pci_summary;

/*
 * One uncore PMI: the platform clears its global latches, the core walks
 * the MSR boxes, the platform unfreezes, unless PCI boxes overflowed:
 * then their walk, and the unfreeze, are left to sk->pmi_work.  false: no
 * overflow was pending.
 */
static bool xu_handle_pmi(struct xu_socket *sk, struct pt_regs *regs)
{
	u64 status = xu_irq_plat->pmi_status(sk);

	if (!status) {
		/* what the last event to leave may have left is not there */
		if (!READ_ONCE(sk->pmi_events))
			WRITE_ONCE(sk->pmi_stale, false);
		return false;
	}
	xu_irq_plat->pmi_ack(sk, status);
	xu_socket_overflow(sk, status, regs, XU_MSR);
	if (status & xu_pci_summary) {
		sk->pmi_regs = *regs;
		WRITE_ONCE(sk->deferred, sk->deferred | (status & xu_pci_summary));
		irq_work_queue(&sk->pmi_work);
	} else if (!READ_ONCE(sk->deferred)) {
		xu_irq_plat->pmi_unfreeze(sk);
	}
	return true;
}

/*
 * On the collector, in hard irq context just after the NMI: the PCI boxes
 * the PMI left here, sampled with the registers the NMI interrupted (the
 * irq_work interrupt does not set irq regs), then the unfreeze.  Run
 * anywhere else (the collector moved before this ran) it leaves the bits
 * to the socket's next collector, whose xu_socket_pmi_deferred() queues
 * it again.
 */
static void xu_pmi_work(struct irq_work *work)
{
	struct xu_socket *sk = container_of(work, struct xu_socket, pmi_work);
	u64 status;

	if (READ_ONCE(sk->cpu) != smp_processor_id())
		return;
	status = xchg(&sk->deferred, 0);
	if (!status)
		return;
	xu_socket_overflow(sk, status, &sk->pmi_regs, XU_PCI);
	xu_irq_plat->pmi_unfreeze(sk);
}

/* On a new collector, interrupts off: take over what the last one left. */
void xu_socket_pmi_deferred(struct xu_socket *sk)
{
	if (READ_ONCE(sk->deferred))
		irq_work_queue(&sk->pmi_work);
}

static int xu_nmi_handler(unsigned int type, struct pt_regs *regs)
{
	int cpu = smp_processor_id();
	struct xu_socket *sk = xu_socket_of(cpu);

	if (!sk)
		return NMI_DONE;
	/* no event, no leftover, no kick: not ours, and nothing to read */
	if (!READ_ONCE(sk->pmi_events) && !READ_ONCE(sk->pmi_stale) &&
	    !atomic_read(&sk->kick))
		return NMI_DONE;
	if (READ_ONCE(sk->cpu) != cpu) {
		/*
		 * Routed here while the collector moves (it is -1 then):
		 * ours, but the events are not ours to touch; the new
		 * collector handles the status when it adopts the socket.
		 */
		if (READ_ONCE(sk->pmi_cpu) != cpu && READ_ONCE(sk->target) < 0)
			return NMI_DONE;
		if (!xu_irq_plat->pmi_status(sk))
			return NMI_DONE;
		sk->stats.stray++;
		return NMI_HANDLED;
	}
	if (xu_handle_pmi(sk, regs)) {
		sk->stats.nmis++;
		return NMI_HANDLED;
	}
	/* our own kick, whose overflow an earlier NMI already handled */
	if (atomic_add_unless(&sk->kick, -1, 0))
		return NMI_HANDLED;
	return NMI_DONE;
}

/* On the collector: an overflow is pending with no PMI on its way here. */
void xu_socket_pmi_kick(struct xu_socket *sk)
{
	sk->stats.kicks++;
	atomic_inc(&sk->kick);
	xu_send_nmi_self();
}

/* Over the limit: at the next tick, say so and re-arm what was masked. */
static void xu_unthrottle_at_next_tick(struct xu_socket *sk)
{
	if (!hrtimer_active(&sk->unthrottle))
		hrtimer_start(&sk->unthrottle, ns_to_ktime(TICK_NSEC),
			      HRTIMER_MODE_REL_PINNED_HARD);
}

/* From the NMI, which cannot start a timer. */
static void xu_throttle_work(struct irq_work *work)
{
	xu_unthrottle_at_next_tick(container_of(work, struct xu_socket, throttle_work));
}

static enum hrtimer_restart xu_unthrottle(struct hrtimer *timer)
{
	struct xu_socket *sk = container_of(timer, struct xu_socket, unthrottle);
	bool here = READ_ONCE(sk->cpu) == smp_processor_id();
	struct xu_box *box;
	unsigned int b, i;

	pr_info_ratelimited("socket %u: over sample_limit=%u samples per tick, interrupts masked until the next tick (%llu samples dropped so far)\n",
			    sk->id, READ_ONCE(sample_limit), sk->stats.throttled);
	for (b = 0; (box = xu_socket_box_nr(sk, b)); b++) {
		unsigned long thr = READ_ONCE(box->throttled);

		/*
		 * stop and restart: fold (the counter as throttled), then a
		 * whole period again, interrupting
		 */
		for_each_set_bit(i, &thr, XU_MAX_COUNTERS) {
			struct perf_event *event = box->counters[i];

			if (!here || !event || (event->hw.state & PERF_HES_STOPPED)) {
				clear_bit(i, &box->throttled);
				continue;
			}
			xu_pmu_stop(event, PERF_EF_UPDATE);
			clear_bit(i, &box->throttled);
			xu_pmu_start(event, PERF_EF_RELOAD);
		}
	}
	return HRTIMER_NORESTART;
}

/* ---- polled boxes --------------------------------------------------- */

/* How often to poll @box for @event's samples: one period at its full rate. */
ktime_t xu_sample_interval(const struct xu_box *box, struct perf_event *event)
{
	const struct xu_box_type *t = box->pmu->type;
	unsigned int max_inc = xu_event_max_inc(t, event->hw.idx, event->hw.config);
	u64 ns = mul_u64_u64_div_u64(event->hw.sample_period, NSEC_PER_SEC,
				     (u64)max_inc * xu_irq_plat->uclk_max_hz);

	return ns_to_ktime(max_t(u64, ns, XU_SAMPLE_POLL_MIN_NS));
}

/*
 * A polled sampling event, just folded, under its box lock: the periods
 * its count has crossed, taken out of period_left at once.
 */
u64 xu_periods_due(struct hw_perf_event *hwc)
{
	s64 left = local64_read(&hwc->period_left);
	u64 due;

	if (left > 0)
		return 0;
	due = 1 + div64_u64(-left, hwc->sample_period);
	local64_add(due * hwc->sample_period, &hwc->period_left);
	hwc->last_period = hwc->sample_period;
	return due;
}
EXPORT_SYMBOL_IF_KUNIT(xu_periods_due);

/*
 * In the poll timer: a sample for each of @due periods crossed, at most
 * XU_POLL_MAX_SAMPLES however large @due is and whatever sample_limit
 * says: the rest are dropped, counted as throttled.
 */
void xu_poll_samples(struct xu_box *box, struct perf_event *event, u64 due)
{
	struct pt_regs *regs = get_irq_regs();
	struct xu_socket *sk = box->sk;
	u64 i;

	if (!regs)
		return;
	for (i = 0; i < due; i++) {
		if (i == XU_POLL_MAX_SAMPLES || !xu_tick_budget(sk)) {
			sk->stats.throttled += due - i - (i < XU_POLL_MAX_SAMPLES);
			xu_unthrottle_at_next_tick(sk);
			return;
		}
		if (xu_sample(event, regs)) {
			xu_pmu_stop(event, PERF_EF_UPDATE);
			return;
		}
	}
}

/*
 * pmi_core_sel is a mask of the package's cores; which bit is which core
 * is not documented.  Taken here: bit i is the i-th core of the package
 * in ascending core ID order, counting every present core.
 */
static unsigned int xu_core_rank(unsigned int cpu)
{
	unsigned int c, pkg = topology_physical_package_id(cpu);
	unsigned int core = topology_core_id(cpu), rank = 0;
	DECLARE_BITMAP(seen, 256) = { };

	for_each_present_cpu(c) {
		unsigned int id = topology_core_id(c);

		if (topology_physical_package_id(c) != pkg || id >= core ||
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

	if (core < plat->pmi_cores)
		return BIT(core);
	pr_warn_once("CPU %u is core %u of its package, beyond the %u the uncore PMI can select: overflows of its socket are not interrupted\n",
		     cpu, core, plat->pmi_cores);
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(xu_pmi_cores);

/* ---- setup ---------------------------------------------------------- */

/* Boxes of @sk whose poll timer is armed now, and the shortest interval. */
static unsigned int xu_timers_armed(struct xu_socket *sk, u64 *min_ns)
{
	unsigned int b, n = 0;
	struct xu_box *box;

	*min_ns = 0;
	for (b = 0; (box = xu_socket_box_nr(sk, b)); b++) {
		u64 ns = ktime_to_ns(READ_ONCE(box->poll));

		if (!hrtimer_active(&box->timer))
			continue;
		n++;
		if (!*min_ns || ns < *min_ns)
			*min_ns = ns;
	}
	return n;
}

static int xu_stats_show(struct seq_file *m, void *v)
{
	unsigned int i;

	for (i = 0; i < XU_MAX_SOCKETS; i++) {
		struct xu_socket *sk = xu_socket_of_id(i);
		const struct xu_stats *st;
		unsigned int armed;
		u64 min_ns;

		if (!sk)
			break;
		st = &sk->stats;
		armed = xu_timers_armed(sk, &min_ns);
		seq_printf(m, "socket %u armed %u poll_us %llu polls %llu nmis %llu stray %llu kicks %llu overflows %llu samples %llu throttled %llu read_errors %llu foreign %llu missed_wraps %llu\n",
			   i, armed, div_u64(min_ns, NSEC_PER_USEC), st->polls,
			   st->nmis, st->stray, st->kicks, st->overflows,
			   st->samples, st->throttled, st->read_errors, st->foreign,
			   st->missed_wraps);
	}
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(xu_stats);

/* Each box whose poll timer is armed: its PMU, socket and interval. */
static int xu_timers_show(struct seq_file *m, void *v)
{
	unsigned int i, b;
	struct xu_box *box;

	for (i = 0; i < XU_MAX_SOCKETS; i++) {
		struct xu_socket *sk = xu_socket_of_id(i);

		if (!sk)
			break;
		for (b = 0; (box = xu_socket_box_nr(sk, b)); b++)
			if (hrtimer_active(&box->timer))
				seq_printf(m, "%s %u poll_us %llu\n", box->pmu->name, i,
					   div_u64(ktime_to_ns(READ_ONCE(box->poll)),
						   NSEC_PER_USEC));
	}
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(xu_timers);

void xu_socket_irq_init(struct xu_socket *sk)
{
	init_irq_work(&sk->throttle_work, xu_throttle_work);
	sk->pmi_work = IRQ_WORK_INIT_HARD(xu_pmi_work);
	xu_hrtimer_setup(&sk->unthrottle, xu_unthrottle, CLOCK_MONOTONIC,
			 HRTIMER_MODE_REL_PINNED_HARD);
}

void xu_socket_irq_exit(struct xu_socket *sk)
{
	irq_work_sync(&sk->pmi_work);
	irq_work_sync(&sk->throttle_work);
	hrtimer_cancel(&sk->unthrottle);
}

int xu_irq_init(const struct xu_platform *plat, bool use_pmi)
{
	const struct xu_box_type * const *t;
	unsigned int i;
	int ret;

	xu_irq_plat = plat;
	xu_pci_summary = 0;
	for (t = plat->types; *t; t++) {
		const struct xu_ovf *o = (*t)->ovf;

		if (!o || (*t)->space == XU_MSR)
			continue;
		xu_pci_summary |= o->summary_mask;
		for (i = 0; o->summary && i < (*t)->num_boxes; i++)
			xu_pci_summary |= o->summary[i];
	}
	xu_debugfs = debugfs_create_dir(KBUILD_MODNAME, NULL);
	debugfs_create_file("stats", 0444, xu_debugfs, NULL, &xu_stats_fops);
	debugfs_create_file("timers", 0444, xu_debugfs, NULL, &xu_timers_fops);
	if (!use_pmi || !plat->pmi_status)
		return 0;
	ret = register_nmi_handler(NMI_LOCAL, xu_nmi_handler, 0, KBUILD_MODNAME);
	if (ret) {
		debugfs_remove_recursive(xu_debugfs);
		return ret;
	}
	xu_nmi_registered = true;
	return 0;
}

void xu_irq_exit(void)
{
	if (xu_nmi_registered)
		unregister_nmi_handler(NMI_LOCAL, KBUILD_MODNAME);
	xu_nmi_registered = false;
	debugfs_remove_recursive(xu_debugfs);
}
