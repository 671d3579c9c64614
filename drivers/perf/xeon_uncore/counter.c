// SPDX-License-Identifier: GPL-2.0
/*
 * xeon_uncore counter life: every write to a counter, its control, its
 * box's control and status and its shared registers, and every fold of a
 * count into its event, happens here, in one of two places:
 *
 * - Under the box lock (xu_box_lock(): a raw spinlock, interrupts off).
 *   The collector takes it in the perf callbacks, the poll and unthrottle
 *   timers, the late walk after a PMI and PCI hot plug; another CPU of the
 *   package only to read a polled box (PERF_EV_CAP_READ_ACTIVE_PKG).
 *
 * - In the uncore PMI (an NMI on the collector, irq.c), which takes no
 *   lock.  It runs only when the code it interrupted holds no box lock on
 *   that CPU: xu_box_lock() counts the box locks a CPU holds, and an NMI
 *   that finds the count non-zero (xu_pmi_excluded()) leaves its overflow
 *   to an irq_work on this CPU, which walks it under the box locks once
 *   interrupts are back on (the lock sections run with them off).  No
 *   other CPU touches a box with a PMI: such a box has no package readers,
 *   and while its collector moves no PMI is handled.  So every function
 *   here sees a counter's state whole: assert_owned() checks one of the
 *   two.
 *
 * Reads nested in a section that holds a box lock on this CPU and reads
 * in NMI do not wait for the lock (xu_ctr_read()): they fold where this
 * CPU is delivering a sample of the box under its lock (the sample reads
 * its group's members) or the lock is free, else the event keeps the
 * count of its last fold.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/lockdep.h>
#include <linux/percpu.h>
#include <linux/perf_event.h>
#include <linux/math64.h>
#include <linux/printk.h>
#include <kunit/visibility.h>

#include "uncore.h"

/* Box locks this CPU holds (or walks that hold the PMI off as one does). */
static DEFINE_PER_CPU(unsigned int, xu_held);

/*
 * Who may touch @box's counters here: its lock's holder, or the PMI (a
 * nested read in it takes the lock; else no CPU may hold it).
 */
static void assert_owned(struct xu_box *box)
{
	if (!in_nmi())
		lockdep_assert_held(&box->lock);
	else if (__this_cpu_read(xu_held))
		WARN_ON_ONCE(!raw_spin_is_locked(&box->lock));
	else
		WARN_ON_ONCE(raw_spin_is_locked(&box->lock));
}

/*
 * The PMI is held off first: code that runs nested in the section, before
 * the lock is taken too (a BPF program on a kprobe that reads an event of
 * the box), finds the count non-zero and does not wait for the lock.
 */
void xu_box_lock(struct xu_box *box, unsigned long *flags)
	__acquires(&box->lock)
{
	local_irq_save(*flags);
	xu_pmi_hold();
	raw_spin_lock(&box->lock);
}
EXPORT_SYMBOL_IF_KUNIT(xu_box_lock);

/*
 * A PMI that came meanwhile was left to an irq_work on this CPU, which
 * runs once interrupts are back on.
 */
void xu_box_unlock(struct xu_box *box, unsigned long flags)
	__releases(&box->lock)
{
	raw_spin_unlock(&box->lock);
	xu_pmi_release();
	local_irq_restore(flags);
}
EXPORT_SYMBOL_IF_KUNIT(xu_box_unlock);

/*
 * Hold the PMI off on this CPU (interrupts off) as a box lock does, for a
 * walk that needs several boxes at one time (irq.c's late walk).
 */
void xu_pmi_hold(void)
{
	__this_cpu_inc(xu_held);
	barrier();
}

void xu_pmi_release(void)
{
	barrier();
	__this_cpu_dec(xu_held);
}

/*
 * In the NMI: whether the code it interrupted holds a box lock (or holds
 * the PMI off); if so the NMI must not touch a box.
 */
bool xu_pmi_excluded(void)
{
	return __this_cpu_read(xu_held);
}

/* ---- a counter's control ------------------------------------------- */

/* Whether counter @idx of @box interrupts on overflow now (else polled). */
bool xu_ctr_pmi(const struct xu_box *box, int idx)
{
	return idx >= 0 && test_bit(idx, &box->pmi_on);
}

/* @box's counters on the PMI now (interrupting: a throttled one is not). */
static unsigned long xu_box_interrupting(struct xu_box *box)
{
	return READ_ONCE(box->active) & READ_ONCE(box->pmi_on) &
	       ~READ_ONCE(box->throttled);
}

/*
 * Whether PMI counter @idx of @box, at @count, has wrapped since it was
 * last armed or synced (box->armed): it counts up from that value.
 */
static bool xu_ctr_past_wrap(const struct xu_box *box, int idx, u64 count)
{
	u64 mask = GENMASK_ULL(xu_width(box->pmu->type, idx) - 1, 0);

	return (count & mask) < box->armed[idx];
}

/*
 * Counter @idx of @box starts interrupting on overflow (@pmi) or polled.
 * Its socket counts the running counters that interrupt: the NMI handler
 * tells an uncore PMI from another NMI by that count.  Boxes have locks of
 * their own, and while the collector moves the moved boxes start on the
 * new CPU as the old one stops the others: the count is atomic (KUnit
 * xu_test_pmi_count_concurrent).
 */
void xu_ctr_pmi_join(struct xu_box *box, int idx, bool pmi)
{
	assert_owned(box);
	if (pmi) {
		set_bit(idx, &box->pmi_on);
		atomic_inc(&box->sk->pmi_active);
	} else {
		clear_bit(idx, &box->pmi_on);
	}
}
EXPORT_SYMBOL_IF_KUNIT(xu_ctr_pmi_join);

/* Counter @idx of @box stopped: it leaves its socket's count if it was in it. */
void xu_ctr_pmi_leave(struct xu_box *box, int idx)
{
	assert_owned(box);
	if (!xu_ctr_pmi(box, idx))
		return;
	/* it may have overflowed as it stopped: the PMI reads its box once more */
	WRITE_ONCE(box->pmi_stale, true);
	WRITE_ONCE(box->sk->pmi_stale, true);
	atomic_dec(&box->sk->pmi_active);
}
EXPORT_SYMBOL_IF_KUNIT(xu_ctr_pmi_leave);

/* The control value of @event's counter as the driver writes it. */
u64 xu_ctr_ctl(const struct xu_box *box, const struct perf_event *event)
{
	const struct xu_box_type *t = box->pmu->type;
	int idx = event->hw.idx;
	u64 ctl = event->hw.config | xu_enable_bit(t, idx);

	if (xu_ctr_pmi(box, idx) && !test_bit(idx, &box->throttled))
		ctl |= t->pmi_bit;
	return ctl;
}

static void xu_ctr_enable(struct xu_box *box, struct perf_event *event)
{
	const struct xu_box_ops *ops = box->pmu->type->ops;

	if (ops && ops->enable_event)
		ops->enable_event(box, event);
	else
		xu_write_reg(box, event->hw.config_base, xu_ctr_ctl(box, event));
}

static void xu_ctr_disable(struct xu_box *box, struct perf_event *event)
{
	const struct xu_box_ops *ops = box->pmu->type->ops;

	if (ops && ops->disable_event)
		ops->disable_event(box, event);
	else
		xu_write_reg(box, event->hw.config_base, 0);
}

/* ---- folds ---------------------------------------------------------- */

/*
 * A counter in saturate mode stops at its maximum: the count is exact up
 * to there and frozen after.  Say so once, instead of being silently low.
 */
static void xu_check_saturated(struct xu_box *box, struct perf_event *event,
			       u64 now)
{
	const struct xu_box_type *t = box->pmu->type;
	struct hw_perf_event *hwc = &event->hw;
	u64 max = GENMASK_ULL(xu_width(t, hwc->idx) - 1, 0);

	if (!(hwc->config & t->sat_bit) || now != max ||
	    test_and_set_bit(hwc->idx, &box->saturated))
		return;
	pr_warn_ratelimited("%s: counter %d saturated at %llu counts (config=%#llx config1=%#llx config2=%#llx); the event counts no further\n",
			    box->pmu->name, hwc->idx, max, event->attr.config,
			    event->attr.config1, event->attr.config2);
}

/*
 * Whether @event's counter holds still while it is read: stopped, or its
 * box frozen by perf's disable or a transaction (which only the collector
 * knows, with interrupts off).
 */
static bool xu_ctr_still(const struct xu_box *box, const struct perf_event *event)
{
	const struct xu_box_ops *ops = box->pmu->type->ops;

	return (event->hw.state & PERF_HES_STOPPED) ||
	       (irqs_disabled() && box->frozen && ops && ops->disable_box &&
		READ_ONCE(box->sk->cpu) == smp_processor_id());
}

/*
 * Fold the hardware count into event->count and, for a polled sampling
 * event, out of what is left of its period.  A counter that cannot be
 * read is not folded: the next fold that can takes the whole increment.
 * A count lower than at the last fold is a wrap (an overflow, for a PMI
 * counter), or another program took the counter: its control is checked
 * first.  The compare-and-exchange on prev_count fails when the counter
 * was armed since it was read (the generation above the count, see
 * xu_prev_armed()).  false: not folded.
 */
bool xu_ctr_fold(struct xu_box *box, struct perf_event *event)
{
	struct hw_perf_event *hwc = &event->hw;
	unsigned int width = xu_width(box->pmu->type, hwc->idx);
	u64 mask = GENMASK_ULL(width - 1, 0);
	u64 prev, now, delta;
	bool wrapped;

	assert_owned(box);
	do {
		prev = local64_read(&hwc->prev_count);
		if (xu_read_ctr(box, hwc->event_base, &now, xu_ctr_still(box, event))) {
			xu_stat_inc(box->sk, read_errors);
			return false;
		}
		/* the count alone (the 7100's control shares its register) */
		now &= mask;
		wrapped = now < (prev & mask);
		/* a stopped counter's control is 0, the driver's doing */
		if (wrapped && !(hwc->state & PERF_HES_STOPPED) &&
		    !xu_ctr_audit(box, event, false))
			return false;
		now = xu_prev_folded(prev, now, width);
	} while (local64_cmpxchg(&hwc->prev_count, prev, now) != prev);
	if (!xu_ctr_pmi(box, hwc->idx)) {
		box->folded |= BIT(hwc->idx);
		if (wrapped)
			box->wrap_seen |= BIT(hwc->idx);
	}

	delta = xu_delta(prev, now, width);
	local64_add(delta, &event->count);
	/* a PMI counter counts its period from the value it armed */
	if (is_sampling_event(event) && !xu_ctr_pmi(box, hwc->idx))
		local64_sub(delta, &hwc->period_left);
	xu_check_saturated(box, event, now & mask);
	return true;
}

/*
 * Whether @event's counter still holds the driver's programming (audit.c
 * looks).  If not, the count since the last fold is dropped and, unless
 * @stopping, the counter programmed again (a PMI counter armed again).
 */
bool xu_ctr_audit(struct xu_box *box, struct perf_event *event, bool stopping)
{
	struct hw_perf_event *hwc = &event->hw;
	unsigned int width = xu_width(box->pmu->type, hwc->idx);
	u64 now;

	if (!xu_foreign_check(box, event, xu_ctr_ctl(box, event)))
		return true;
	/* counting as the other program set it: maybe running */
	if (!xu_read_ctr(box, hwc->event_base, &now, false)) {
		now = xu_prev_folded(local64_read(&hwc->prev_count), now, width);
		local64_set(&hwc->prev_count, now);
		box->armed[hwc->idx] = now & GENMASK_ULL(width - 1, 0);
	}
	if (stopping)
		return false;
	/* maybe counting (the other program's enable): armed stopped */
	if (xu_ctr_pmi(box, hwc->idx)) {
		xu_ctr_disable(box, event);
		xu_ctr_arm(box, event, false);
	}
	xu_ctr_enable(box, event);
	return false;
}

/*
 * A read of @event from any CPU of the package (a box with a PMI: only
 * from its collector).  One that must not wait (see the file's header)
 * folds if the lock is free, or if this CPU is delivering a sample of the
 * box under its lock (a group sample's read of its members from the poll
 * or the late walk, a BPF program run by such a sample: box->holder, set
 * only around the delivery and cleared for each such fold, never amid a
 * multi-step update such as an audit's re-arm); else the event keeps its
 * last fold.  PCI boxes are not read in NMI (config space may take a
 * lock).
 */
void xu_ctr_read(struct perf_event *event)
{
	struct xu_box *box = event->pmu_private;
	unsigned long flags;

	if (in_nmi() || __this_cpu_read(xu_held)) {
		if (in_nmi() && box->pmu->type->space != XU_MSR)
			return;
		if (!in_nmi() && READ_ONCE(box->holder) == smp_processor_id()) {
			/* not again from inside this fold (a BPF kprobe in it) */
			WRITE_ONCE(box->holder, -1);
			if (!(event->hw.state & PERF_HES_UPTODATE))
				xu_ctr_fold(box, event);
			WRITE_ONCE(box->holder, smp_processor_id());
			return;
		}
		if (raw_spin_trylock(&box->lock)) {
			xu_pmi_hold();
			if (!(event->hw.state & PERF_HES_UPTODATE))
				xu_ctr_fold(box, event);
			xu_pmi_release();
			raw_spin_unlock(&box->lock);
		}
		return;
	}
	xu_box_lock(box, &flags);
	if (!(event->hw.state & PERF_HES_UPTODATE))
		xu_ctr_fold(box, event);
	xu_box_unlock(box, flags);
}

/* ---- periods -------------------------------------------------------- */

/*
 * What is left of a sampling event's period once a sample was due: the
 * overshoot carries into the next period, unless it was a whole period or
 * more (a throttle, or PERF_EVENT_IOC_PERIOD, which sets 0): then a whole
 * period from now.
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
 * A sampling event, just folded (polled, at an adoption or a stop): the
 * periods its count has crossed, taken out of period_left at once.  They
 * are periods of last_period, the one the count ran under:
 * PERF_EVENT_IOC_PERIOD writes sample_period before it stops the event,
 * and the new one counts from the restart (xu_period_reload()).
 */
u64 xu_periods_due(struct hw_perf_event *hwc)
{
	s64 left = local64_read(&hwc->period_left);
	u64 due;

	if (left > 0)
		return 0;
	due = 1 + div64_u64(-left, hwc->last_period);
	local64_add(due * hwc->last_period, &hwc->period_left);
	return due;
}
EXPORT_SYMBOL_IF_KUNIT(xu_periods_due);

/*
 * Preload a PMI counter: a sampling event's to overflow after what is
 * left of its period, a counting event's after half the range.  The
 * counter is stopped, or frozen in the PMI.  A sampling event's period is
 * then counted from this value (xu_ctr_period_sync()), never from folds,
 * which a read may make at any time.  Without @reload, a sample that was
 * due when the event stopped (multiplexing) is owed: the counter
 * overflows at its next count and the PMI takes it.
 */
void xu_ctr_arm(struct xu_box *box, struct perf_event *event, bool reload)
{
	struct hw_perf_event *hwc = &event->hw;
	unsigned int width = xu_width(box->pmu->type, hwc->idx);
	s64 left = BIT_ULL(width - 1);
	u64 val;

	assert_owned(box);
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
 * A PMI counter's sampling event, just folded, its counter not
 * interrupting (in the PMI, or stopped): take what it counted since it
 * was armed out of the period, and count on from here.
 */
void xu_ctr_period_sync(struct xu_box *box, struct perf_event *event)
{
	struct hw_perf_event *hwc = &event->hw;
	unsigned int width = xu_width(box->pmu->type, hwc->idx);
	u64 now = local64_read(&hwc->prev_count) & GENMASK_ULL(width - 1, 0);

	if (!is_sampling_event(event))
		return;
	local64_sub(xu_delta(box->armed[hwc->idx], now, width), &hwc->period_left);
	box->armed[hwc->idx] = now;
}

/* ---- start and stop ------------------------------------------------- */

/* Whether @box's socket takes its PMI now (its collector in the PMI's reach). */
static bool xu_box_pmi_now(const struct xu_box *box)
{
	return box->pmu->pmi && READ_ONCE(box->sk->pmi_ok);
}

/* Whether @box's status records every wrap of a polled counter. */
static bool xu_box_wrap_status(const struct xu_box *box)
{
	const struct xu_ovf *o = box->pmu->type->ovf;

	return o && o->always && o->status && !box->status_bad &&
	       !xu_box_pmi_now(box);
}

/*
 * Start @event's counter, stopped, at its index: it interrupts on
 * overflow if its box takes the PMI now, else it is polled.  @reload: a
 * new period (PERF_EVENT_IOC_PERIOD) counts from here.
 */
void xu_ctr_start(struct xu_box *box, struct perf_event *event, bool reload)
{
	struct hw_perf_event *hwc = &event->hw;
	int idx = hwc->idx;
	bool pmi = xu_box_pmi_now(box) && (xu_pmi_counters(box->pmu) & BIT(idx));
	u64 now;

	assert_owned(box);
	if (WARN_ON_ONCE(idx < 0 || !(hwc->state & PERF_HES_STOPPED)))
		return;
	if (xu_period_restarts(hwc, is_sampling_event(event)))
		reload = true;
	/* a throttle or a stale interrupt enable goes with the counter's last event */
	clear_bit(idx, &box->throttled);
	xu_ctr_pmi_join(box, idx, pmi);
	if (pmi) {
		xu_ctr_arm(box, event, reload);
	} else {
		if (reload && is_sampling_event(event))
			xu_period_reload(hwc);
		/*
		 * An overflow its status shows from now on is its own, and so
		 * are the folds and wraps the poll weighs it against.
		 */
		if (xu_box_wrap_status(box)) {
			xu_write_reg(box, xu_box_ovf_clear(box),
				     xu_ovf_bit(box->pmu->type, idx));
			box->wrap_seen &= ~BIT(idx);
			box->wrap_pending &= ~BIT(idx);
		}
		/* stopped: its control is off */
		if (!xu_read_ctr(box, hwc->event_base, &now, true))
			local64_set(&hwc->prev_count,
				    xu_prev_folded(local64_read(&hwc->prev_count), now,
						   xu_width(box->pmu->type, idx)));
	}
	hwc->state = 0;
	set_bit(idx, &box->active);
	xu_ctr_enable(box, event);
}

/*
 * Stop @event's counter; @update: take its final count (a final count
 * another program made is not the event's).  Also the PMI's, for an event
 * whose limit ran out.
 */
void xu_ctr_stop(struct xu_box *box, struct perf_event *event, bool update)
{
	struct hw_perf_event *hwc = &event->hw;
	int idx = hwc->idx;

	assert_owned(box);
	if (!(hwc->state & PERF_HES_STOPPED)) {
		if (update)
			xu_ctr_audit(box, event, true);
		/* stop counting first, so that the final read is the final count */
		xu_ctr_disable(box, event);
		clear_bit(idx, &box->active);
		hwc->state |= PERF_HES_STOPPED;
		xu_ctr_pmi_leave(box, idx);
	}
	if (update && !(hwc->state & PERF_HES_UPTODATE)) {
		xu_ctr_fold(box, event);
		if (xu_ctr_pmi(box, idx)) {
			/*
			 * a wrap no PMI has taken (this fold's, or an earlier
			 * read's if this one failed): its bit may be set
			 */
			if (xu_ctr_past_wrap(box, idx, local64_read(&hwc->prev_count)))
				set_bit(idx, &box->wrap_folded);
			xu_ctr_period_sync(box, event);
		}
		hwc->state |= PERF_HES_UPTODATE;
	}
}

/*
 * After a stop, once the caller took the samples it takes there (or none):
 * mark a sampling event whose period_left is still <= 0, samples owed at
 * its next start, in hw.state (PERF_HES_ARCH, the PMU driver's bit; an
 * add keeps it).  xu_period_restarts() tells it from the zero
 * PERF_EVENT_IOC_PERIOD writes while the event is off.
 */
void xu_period_mark_owed(struct hw_perf_event *hwc, bool sampling)
{
	if (sampling && local64_read(&hwc->period_left) <= 0)
		hwc->state |= PERF_HES_ARCH;
	else
		hwc->state &= ~PERF_HES_ARCH;
}
EXPORT_SYMBOL_IF_KUNIT(xu_period_mark_owed);

/*
 * At a start: whether a sampling event begins a new period, as at a
 * reload.  PERF_EVENT_IOC_PERIOD on an event off its counter wrote
 * sample_period and zeroed period_left: the new period counts from the
 * start.  The period may be the one it had (the same value, or A then B
 * then A): a stop that left samples owed marked it
 * (xu_period_mark_owed()), so period_left <= 0 without the mark is that
 * zero, and with it the samples owed, which stay so (the zero cannot be
 * told from them).  Owed samples and a new period B: the reload drops
 * them, as perf's own PMUs do.
 */
bool xu_period_restarts(const struct hw_perf_event *hwc, bool sampling)
{
	return sampling &&
	       (hwc->last_period != hwc->sample_period ||
		(local64_read(&hwc->period_left) <= 0 &&
		 !(hwc->state & PERF_HES_ARCH)));
}
EXPORT_SYMBOL_IF_KUNIT(xu_period_restarts);

void xu_ctr_mark_owed(struct xu_box *box, struct perf_event *event)
{
	assert_owned(box);
	xu_period_mark_owed(&event->hw, is_sampling_event(event));
}

/* In the PMI, over sample_limit: it counts on, no longer interrupting. */
void xu_ctr_throttle(struct xu_box *box, struct perf_event *event)
{
	assert_owned(box);
	set_bit(event->hw.idx, &box->throttled);
	xu_write_reg(box, event->hw.config_base, xu_ctr_ctl(box, event));
}

/* A tick later: fold (as throttled), then a whole period, interrupting. */
void xu_ctr_unthrottle(struct xu_box *box, struct perf_event *event)
{
	assert_owned(box);
	if (!test_bit(event->hw.idx, &box->throttled))
		return;
	if (event->hw.state & PERF_HES_STOPPED) {
		clear_bit(event->hw.idx, &box->throttled);
		return;
	}
	xu_ctr_stop(box, event, true);
	xu_ctr_start(box, event, true);
}

/* ---- a box ---------------------------------------------------------- */

/* Freeze / thaw the whole box (its box control). */
void xu_box_freeze(struct xu_box *box)
{
	const struct xu_box_ops *ops = box->pmu->type->ops;

	assert_owned(box);
	if (ops && ops->disable_box)
		ops->disable_box(box);
}

void xu_box_thaw(struct xu_box *box)
{
	const struct xu_box_ops *ops = box->pmu->type->ops;

	assert_owned(box);
	if (ops && ops->enable_box)
		ops->enable_box(box);
}

/*
 * @box's assumed status register (@reg) is not the box's status: never
 * read or written again (box->status_bad).  dmesg says so once per PMU,
 * not per socket: the address is a guess about the part, the same on
 * every socket, so the socket that finds it first speaks for all (each
 * socket's box still checks its own and stops using it on its own).
 */
static void xu_box_status_wrong(struct xu_box *box, u32 reg, const char *why,
				u64 st)
{
	box->status_bad = true;
	if (!test_and_set_bit(0, &box->pmu->noted))
		pr_warn("%s: socket %u: the assumed status MSR %#x %s (read %#llx, counters' bits %#llx): not used; its PMIs read the counters instead; said once, for every socket (the address is the part's)\n",
			box->pmu->name, box->sk->id, reg, why, st,
			xu_ovf_status_bits(box->pmu->type));
}

/*
 * At the load, on the socket's CPU: a status register whose address is a
 * guess (xu_ovf.status_assumed) is read safely before it is used.  If it
 * faults (no such MSR here), holds bits that are no counter's of the box,
 * or keeps the bits read once they are written back (a status register
 * is W1C, as the guide has the status registers it gives: one that does
 * not clear is some other register, read-write), the guess is wrong on
 * this machine (xu_box_status_wrong()).  Else the overflows it latched
 * before are cleared.  One that reads 0 and is another register still can
 * only be seen in a PMI (xu_box_status_lost()).
 */
static void xu_box_check_status(struct xu_box *box)
{
	const struct xu_box_type *t = box->pmu->type;
	u32 reg = box->base + t->ovf->status;
	u64 st = 0, mine = xu_ovf_status_bits(t);
	const char *why = NULL;

	if (box->status_bad)
		return;
	if (xu_probe_reg(box, reg, &st)) {
		why = "faults";
	} else if (st & ~mine) {
		why = "holds bits no counter of the box has";
	} else if (st) {
		xu_write_reg(box, xu_box_ovf_clear(box), st);
		if (xu_probe_reg(box, reg, &st))
			why = "faults";
		else if (st)
			why = "keeps its bits when they are written (no W1C status)";
	}
	if (why)
		xu_box_status_wrong(box, reg, why, st);
}

/*
 * The box's setup sequence (its counters off and cleared, frozen), then
 * every counter's control 0, the fixed one's too: the guides reset the
 * controls "to prevent errant overflows" from what another program left
 * (an enabled counter with its overflow on would freeze or interrupt the
 * socket), and not every box's reset reaches them (no box control, a
 * reset bit reserved, a fixed counter's control).  Then the overflows
 * the box's status latched before, the bits read and only those: a stale
 * one would show a later PMI an overflow no counter had.  Where the
 * status address is a guess (xu_ovf.status_assumed), only once a safe
 * read has found it plausible (xu_box_check_status()): a wrong guess
 * must not have the driver write an unknown MSR at every load.
 */
void xu_box_reset(struct xu_box *box)
{
	const struct xu_box_type *t = box->pmu->type;
	unsigned int i, n = xu_counters_total(t);
	unsigned long stale;

	assert_owned(box);
	if (t->ops && t->ops->init_box)
		t->ops->init_box(box);
	for (i = 0; i < n; i++)
		xu_write_reg(box, xu_ctl(box, i), 0);
	if (t->ovf && t->ovf->status && t->ovf->status_assumed)
		xu_box_check_status(box);
	else if (t->ovf && t->ovf->status)
		xu_box_take_status(box, &stale);
	box->wrap_folded = 0;
	box->shared->known = 0;
}

/* As found at reset, when the socket goes. */
void xu_box_release(struct xu_box *box)
{
	const struct xu_box_ops *ops = box->pmu->type->ops;

	assert_owned(box);
	if (ops && ops->exit_box)
		ops->exit_box(box);
}

/* Program the shared registers @regs with the values box->shared holds. */
void xu_box_commit_shared(struct xu_box *box, unsigned long regs)
{
	const struct xu_box_type *t = box->pmu->type;
	unsigned int i;

	assert_owned(box);
	if (!regs)
		return;
	box->shared->known |= regs;
	if (t->ops && t->ops->commit_shared) {
		t->ops->commit_shared(box, regs);
		return;
	}
	for_each_set_bit(i, &regs, t->nshared)
		xu_write_reg(box, xu_shared_addr(box, i), box->shared->reg[i].val);
}

/*
 * A box whose status register is not used (box->status_bad) or not
 * trusted alone (box->status_suspect), in the PMI with its summary bit
 * set, the socket frozen: the counters on the PMI
 * (interrupting: a throttled one reports no overflow) whose count is
 * below the value last armed or synced (box->armed), which they passed
 * by wrapping.  One
 * that cannot be read is taken too: its fold counts the failed read.
 */
static unsigned long xu_box_wrapped(struct xu_box *box)
{
	unsigned long on = xu_box_interrupting(box), ovf = 0;
	unsigned int i;

	for_each_set_bit(i, &on, XU_MAX_COUNTERS) {
		struct perf_event *event = box->counters[i];
		u64 now;

		if (!event)
			continue;
		/*
		 * Against the value it was armed with, which only the box's
		 * owner changes: prev_count moves with every lockless read,
		 * and a read between the wrap and this PMI would hide it.
		 */
		if (xu_read_ctr(box, event->hw.event_base, &now, true) ||
		    xu_ctr_past_wrap(box, i, now))
			ovf |= BIT(i);
	}
	return ovf;
}

/*
 * @box's assumed status (xu_ovf.status_assumed) read @ovf in the PMI: of
 * the counters on the PMI, those it names that wrapped, and once it is
 * suspect, every one that wrapped.  A bit of a counter whose stop took a
 * wrap before this read (@folded, box->wrap_folded) is that wrap's, even
 * though the counter was armed afresh since: taken, so the sample the stop
 * left owing comes now.  A bit of any other interrupting counter that did
 * not wrap (a count at or above the value armed) is no overflow: the
 * register is not only a status (a read-write register of another
 * function that another program wrote).  Taken as an overflow, it would
 * also make the box look as if it had explained its summary bit, and a
 * wrap of a box under that bit whose status reads 0 would go unread.  The
 * box is read around from then on (box->status_suspect); dmesg says once
 * per PMU what was seen.
 */
static unsigned long xu_box_assumed_ovf(struct xu_box *box, unsigned long ovf,
					unsigned long folded)
{
	unsigned long wrapped = xu_box_wrapped(box) | (ovf & folded);
	unsigned long phantom = ovf & xu_box_interrupting(box) & ~wrapped;

	if (phantom)
		xu_stat_add(box->sk, phantom, hweight_long(phantom));
	if (phantom && !box->status_suspect) {
		box->status_suspect = true;
		if (!test_bit(2, &box->pmu->noted) && !test_and_set_bit(2, &box->pmu->noted))
			pr_warn("%s: socket %u: the assumed status MSR %#x shows counters %#lx overflowed that did not wrap: not only a status (another function's register, written by another program?); its bits are checked against the counters and wrapped counters found by reading them; said once\n",
				box->pmu->name, box->sk->id,
				box->base + box->pmu->type->ovf->status, phantom);
	}
	return box->status_suspect ? wrapped : ovf & wrapped;
}

/*
 * In the PMI or its walk: the counters whose overflow @box's status shows,
 * read and cleared (the bits read: an overflow after the read sets them
 * again and interrupts again).  A box with no status register is a
 * one-counter box whose summary bit is its overflow; a box whose status
 * is not used, its counters found wrapped (xu_box_wrapped()); one whose
 * status is a guess, its bits checked against its counters
 * (xu_box_assumed_ovf()).  A counter that wrapped with its bit set is
 * taken once.  false: unreadable.
 */
bool xu_box_take_status(struct xu_box *box, unsigned long *ovf)
{
	const struct xu_box_type *t = box->pmu->type;
	unsigned long folded;
	u64 st = BIT(0);

	assert_owned(box);
	if (box->status_bad) {
		box->wrap_folded = 0;
		*ovf = xu_box_wrapped(box);
		return true;
	}
	if (t->ovf->status) {
		if (xu_read_reg(box, box->base + t->ovf->status, &st))
			return false;
		if (st)
			xu_write_reg(box, xu_box_ovf_clear(box), st);
	}
	folded = box->wrap_folded;
	box->wrap_folded = 0;
	*ovf = xu_ovf_counters(t, st);
	if (t->ovf->status_assumed && (*ovf || box->status_suspect))
		*ovf = xu_box_assumed_ovf(box, *ovf, folded);
	return true;
}

/*
 * In the PMI or its walk, @box's assumed status (xu_ovf.status_assumed)
 * having read 0 while the global summary bits @sum it reports to were set
 * and no box read under them showed an overflow.  The overflow is not
 * lost: this PMI's wrapped counters are found by reading them
 * (xu_box_wrapped()), and so are every later PMI's (box->status_suspect):
 * a box under a summary bit another box explains is not read around, and
 * its wrap would be missed.  Which guess failed is not known here (the
 * status address, or the summary bit assumed for the box; or another
 * program's counter under the same bit overflowed), so nothing is blamed
 * and the register stays in use; dmesg says once per PMU what was seen.
 */
unsigned long xu_box_status_lost(struct xu_box *box, u64 sum)
{
	assert_owned(box);
	box->status_suspect = true;
	if (!test_bit(1, &box->pmu->noted) && !test_and_set_bit(1, &box->pmu->noted))
		pr_warn("%s: socket %u: the assumed status MSR %#x reads 0 on an overflow the global summary shows (summary bits %#llx): the status address or the box's summary bit is a wrong guess, or another program's counter overflowed; wrapped counters found by reading them; said once\n",
			box->pmu->name, box->sk->id,
			box->base + box->pmu->type->ovf->status, sum);
	return xu_box_wrapped(box);
}

/*
 * A polled box whose status shows every wrap (xu_ovf.always), before its
 * poll folds: read and clear the status, and take the counters folds
 * found wrapped since the last such read (@seen).  Returns the counters
 * with an event whose bit was set (a counter's bit is cleared as it
 * starts): each wrapped since the last read, so the first fold after that
 * wrap must have found it; and those a failed read left to this poll.
 */
unsigned long xu_box_poll_wraps(struct xu_box *box, unsigned long *seen)
{
	const struct xu_box_type *t = box->pmu->type;
	unsigned long wrapped;
	u64 st;

	assert_owned(box);
	if (!xu_box_wrap_status(box))
		return 0;
	/* unreadable: the next poll's read covers this one's time too */
	if (xu_read_reg(box, box->base + t->ovf->status, &st))
		return 0;
	*seen = box->wrap_seen;
	box->wrap_seen = 0;
	box->folded = 0;
	if (st)
		xu_write_reg(box, xu_box_ovf_clear(box), st);
	wrapped = (xu_ovf_counters(t, st) | box->wrap_pending) & box->active;
	box->wrap_pending = 0;
	return wrapped;
}

/*
 * After the poll's folds: a counter of @wrapped that no fold found wrapped
 * went round unseen (the timer ran more than a wrap late).  Its count is
 * short by a wrap at least: one is added, and counted.  One no fold could
 * read is checked at the next poll.  A saturating counter's status means
 * it stopped, not wrapped.  Returns the counters a wrap was added to.
 */
unsigned long xu_box_missed_wraps(struct xu_box *box, unsigned long wrapped,
				  unsigned long seen)
{
	const struct xu_box_type *t = box->pmu->type;
	unsigned long missed = 0;
	unsigned int i;

	assert_owned(box);
	wrapped &= box->used & ~(seen | box->wrap_seen);
	box->wrap_pending |= wrapped & ~box->folded;
	wrapped &= box->folded;
	for_each_set_bit(i, &wrapped, XU_MAX_COUNTERS) {
		struct perf_event *event = box->counters[i];
		u64 lap = BIT_ULL(xu_width(t, i));

		if (event->hw.config & t->sat_bit)
			continue;
		local64_add(lap, &event->count);
		if (is_sampling_event(event))
			local64_sub(lap, &event->hw.period_left);
		xu_stat_inc(box->sk, missed_wraps);
		missed |= BIT(i);
	}
	return missed;
}

/*
 * A PCI function going (remove, unbind): fold its running counters one
 * last time while it answers.
 */
void xu_box_fold_all(struct xu_box *box)
{
	unsigned int i;

	assert_owned(box);
	for_each_set_bit(i, &box->used, XU_MAX_COUNTERS)
		if (!(box->counters[i]->hw.state & PERF_HES_STOPPED))
			xu_ctr_fold(box, box->counters[i]);
}

/*
 * A PCI function back (rescan, bind) while its box has events: program the
 * box again as the events have it, and count on from the counters' values
 * then (no fold: what the function did while gone is unknown).  Of a
 * companion (match/mask) function (@counters false) only the shared
 * registers: the counters never stopped.
 */
void xu_box_reprogram(struct xu_box *box, bool counters)
{
	const struct xu_box_type *t = box->pmu->type;
	unsigned int i;

	assert_owned(box);
	if (counters)
		xu_box_reset(box);
	box->shared->known = 0;
	xu_box_commit_shared(box, xu_shared_held(t, box->shared));
	if (!counters)
		return;
	for_each_set_bit(i, &box->used, XU_MAX_COUNTERS) {
		struct perf_event *event = box->counters[i];

		if (event->hw.state & PERF_HES_STOPPED)
			continue;
		xu_ctr_stop(box, event, false);
		xu_ctr_mark_owed(box, event);
		xu_ctr_start(box, event, false);
	}
	if (box->enabled)
		xu_box_thaw(box);
}
