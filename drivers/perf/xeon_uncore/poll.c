// SPDX-License-Identifier: GPL-2.0
/*
 * xeon_uncore polling: the box timer of every counter that does not
 * interrupt (a box without a PMI, a counter that cannot interrupt, a
 * socket whose collector the PMI cannot reach).  It folds each counter
 * before it can wrap, at the counter's own rate, and for a sampling event
 * often enough that at most one period passes between two expiries,
 * taking a sample for every period the count has crossed, with the timer
 * interrupt's registers: a sample points at where the CPU was at the
 * poll, up to one interval after the crossing (or, for an event leaving
 * its counter first, at that moment: xu_poll_owed()).
 *
 * The timer runs on the collector (pinned); the counter layer does every
 * fold and control write under the box lock, which the samples are taken
 * under too: a sample that reads its group (PERF_SAMPLE_READ) reads the
 * counts at one instant, the box frozen (its interrupting members too:
 * counter.c folds a read nested in its delivery).  Samples only on
 * the collector: while the socket has none (a move, see xu_cpu_offline())
 * a timer that fires elsewhere only folds, and the periods it completed
 * stay in period_left for the collector's first poll, or, for a box that
 * interrupts again then, its adoption (xu_socket_pmi_again() below).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/hrtimer.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/perf_event.h>

#include "uncore.h"

/* The shortest poll interval for sampling: a tiny period is not a busy loop. */
#define XU_SAMPLE_POLL_MIN_NS	NSEC_PER_MSEC

/* How often to poll @box for @event's samples: one period at its full rate. */
static ktime_t xu_sample_interval(const struct xu_box *box, struct perf_event *event)
{
	const struct xu_box_type *t = box->pmu->type;
	unsigned int max_inc = xu_event_max_inc(t, event->hw.idx, event->hw.config);
	u64 ns = mul_u64_u64_div_u64(event->hw.sample_period, NSEC_PER_SEC,
				     (u64)max_inc * xu_state.plat->uclk_max_hz);

	return ns_to_ktime(max_t(u64, ns, XU_SAMPLE_POLL_MIN_NS));
}

/*
 * How often to fold @event's counter: a quarter of the shortest time in
 * which it can wrap, at its own rate (xu_event_max_inc()), or poll_ms if
 * that is shorter (a longer one would let it wrap unseen); sampling,
 * often enough to see each period.
 */
static ktime_t xu_event_poll_interval(const struct xu_box *box,
				      struct perf_event *event)
{
	const struct xu_box_type *t = box->pmu->type;
	unsigned int ms = READ_ONCE(xu_params.poll_ms);
	int idx = event->hw.idx;
	ktime_t poll;

	poll = ns_to_ktime(xu_poll_interval_ns(xu_width(t, idx),
					       xu_event_max_inc(t, idx, event->hw.config),
					       xu_state.plat->uclk_max_hz));
	if (ms)
		poll = min(poll, ms_to_ktime(ms));
	if (is_sampling_event(event))
		poll = min(poll, xu_sample_interval(box, event));
	return poll;
}

/* The shortest interval the box's started, polled events need; 0: none. */
static ktime_t xu_box_poll_interval(const struct xu_box *box)
{
	ktime_t poll = 0;
	unsigned int i;

	for_each_set_bit(i, &box->used, XU_MAX_COUNTERS) {
		struct perf_event *event = box->counters[i];
		ktime_t p;

		if ((event->hw.state & PERF_HES_STOPPED) || xu_ctr_pmi(box, i))
			continue;
		p = xu_event_poll_interval(box, event);
		if (!poll || p < poll)
			poll = p;
	}
	return poll;
}

/*
 * @event started on @box (box lock held): if it is polled, arm the box's
 * timer for it.  When the box's last event stopped, the timer was
 * cancelled and its deadline kept: a restart keeps it (or fires now if it
 * has passed), since under multiplexing events stop and start every few
 * milliseconds and a timer restarted from "now" each time would never
 * expire.
 */
void xu_poll_start(struct xu_box *box, struct perf_event *event)
{
	ktime_t poll, now, at;

	lockdep_assert_held(&box->lock);
	if (xu_ctr_pmi(box, event->hw.idx))
		return;
	poll = xu_event_poll_interval(box, event);
	now = ktime_get();
	at = ktime_add(now, poll);
	if (box->n_active++ == 0) {
		if (box->next_poll && ktime_before(box->next_poll, at))
			at = ktime_after(box->next_poll, now) ? box->next_poll : now;
	} else if (poll >= box->poll ||
		   !ktime_before(at, hrtimer_get_expires(&box->timer))) {
		box->poll = min(poll, box->poll);
		return;
	}
	box->poll = poll;
	hrtimer_start(&box->timer, at, HRTIMER_MODE_ABS_PINNED_HARD);
}

/*
 * @event, polled, stopped on @box (box lock held): the timer goes with the
 * box's last polled event; it may be the timer's own callback, which must
 * never wait for itself.
 */
void xu_poll_stop(struct xu_box *box, struct perf_event *event)
{
	lockdep_assert_held(&box->lock);
	if (xu_ctr_pmi(box, event->hw.idx) || WARN_ON_ONCE(!box->n_active))
		return;
	if (--box->n_active == 0) {
		box->next_poll = hrtimer_get_expires(&box->timer);
		hrtimer_try_to_cancel(&box->timer);
	} else {
		/* the next expiry goes by the events that stay */
		box->poll = xu_box_poll_interval(box) ?: box->poll;
	}
}

/*
 * @event, polled and sampling, just stopped on @box with its count folded
 * (perf rotating it out under multiplexing, disabling or closing it,
 * changing its period), box lock held: on the collector, the samples it
 * owes are taken now, with this CPU's registers, as a poll would take
 * them.  Left to the polls, a period crossed in a slice that ended before
 * the next poll would wait for a poll that finds the event on a counter
 * again (perf's rotation and the poll can keep missing each other), and
 * be lost if none did before the event closed.  Its event limit running
 * out here leaves it to perf, which disables it shortly.
 */
void xu_poll_owed(struct xu_box *box, struct perf_event *event)
{
	struct pt_regs regs;
	bool freeze;
	u64 due;

	lockdep_assert_held(&box->lock);
	if (!is_sampling_event(event) || xu_ctr_pmi(box, event->hw.idx) ||
	    READ_ONCE(box->sk->cpu) != smp_processor_id())
		return;
	due = xu_periods_due(&event->hw);
	if (!due)
		return;
	xu_here_regs(&regs);
	freeze = xu_box_freeze_for_reads(box, BIT(event->hw.idx));
	xu_poll_samples(box, event, due, &regs);
	if (freeze)
		xu_box_thaw(box);
}

/*
 * Before samples of @ctrs' events, box lock held: a sample that reads its
 * group reads it at one instant, the box frozen.  Returns whether it froze
 * the box (the caller thaws it).
 */
bool xu_box_freeze_for_reads(struct xu_box *box, unsigned long ctrs)
{
	unsigned int i;

	lockdep_assert_held(&box->lock);
	if (!box->enabled)
		return false;
	for_each_set_bit(i, &ctrs, XU_MAX_COUNTERS) {
		if (box->counters[i]->attr.sample_type & PERF_SAMPLE_READ) {
			xu_box_freeze(box);
			return true;
		}
	}
	return false;
}

/* The box's counters to poll now: started, not interrupting. */
static unsigned long xu_box_polled(const struct xu_box *box)
{
	unsigned long polled = 0;
	unsigned int i;

	for_each_set_bit(i, &box->used, XU_MAX_COUNTERS)
		if (!(box->counters[i]->hw.state & PERF_HES_STOPPED) &&
		    !xu_ctr_pmi(box, i))
			polled |= BIT(i);
	return polled;
}

enum hrtimer_restart xu_box_poll(struct hrtimer *timer)
{
	struct xu_box *box = container_of(timer, struct xu_box, timer);
	bool here = READ_ONCE(box->sk->cpu) == smp_processor_id();
	unsigned long wrapped, seen = 0, polled, missed = 0, flags;
	bool freeze, more;
	unsigned int i;

	xu_stat_inc(box->sk, polls);
	xu_box_lock(box, &flags);
	polled = xu_box_polled(box);
	wrapped = xu_box_poll_wraps(box, &seen);
	/* samples only here (an old collector's timer only folds) */
	freeze = xu_box_freeze_for_reads(box, here ? polled : 0);
	for_each_set_bit(i, &polled, XU_MAX_COUNTERS) {
		/* another program's writes are looked for at each poll */
		if (xu_ctr_audit(box, box->counters[i], false))
			xu_ctr_fold(box, box->counters[i]);
	}
	for_each_set_bit(i, &polled, XU_MAX_COUNTERS) {
		struct perf_event *event = box->counters[i];
		u64 due;

		if (!here || !is_sampling_event(event))
			continue;
		due = xu_periods_due(&event->hw);
		/* its event limit ran out: perf disables it shortly */
		if (due && xu_poll_samples(box, event, due, get_irq_regs())) {
			xu_ctr_stop(box, event, true);
			xu_poll_stop(box, event);
		}
	}
	if (freeze)
		xu_box_thaw(box);
	if (wrapped)
		missed = xu_box_missed_wraps(box, wrapped, seen);
	more = box->n_active;
	if (more)
		hrtimer_forward_now(timer, box->poll);
	xu_box_unlock(box, flags);

	for_each_set_bit(i, &missed, XU_MAX_COUNTERS)
		pr_warn_ratelimited("%s: counter %u wrapped between two folds unseen (its poll ran late): 2^%u added to the count, which may still be short\n",
				    box->pmu->name, i, xu_width(box->pmu->type, i));
	return more ? HRTIMER_RESTART : HRTIMER_NORESTART;
}

/*
 * On the new collector at its adoption, interrupts off, the PMI routed
 * here: the counters of PMI boxes that moved polled interrupt again.  A
 * sampling event first takes the samples it owes, as a poll would (the
 * polls take none while the socket has no collector), with the box frozen
 * if a sample reads its group; one whose event limit ran out stays
 * stopped, for perf to disable.  The samples carry the adoption's time
 * and registers (those of the interrupt it runs in, else its own).  After
 * this, as before the move, a PMI box's counters interrupt exactly when
 * pmi_ok says (a PCI function's return, xu_box_reprogram(), relies on
 * it).  A PCI box that is gone is not skipped: its accesses fail, and its
 * return programs the events again as they are then.
 */
void xu_socket_pmi_again(struct xu_socket *sk)
{
	struct pt_regs regs;
	unsigned long flags, polled;
	struct xu_box *box;
	unsigned int b, i;
	bool freeze;

	if (!READ_ONCE(sk->pmi_ok))
		return;
	xu_here_regs(&regs);
	for (b = 0; (box = xu_socket_box_nr(sk, b)); b++) {
		if (!box->pmu->pmi)
			continue;
		xu_box_lock(box, &flags);
		polled = box->active & ~box->pmi_on & xu_pmi_counters(box->pmu);
		freeze = xu_box_freeze_for_reads(box, polled);
		for_each_set_bit(i, &polled, XU_MAX_COUNTERS) {
			struct perf_event *event = box->counters[i];
			u64 due;

			xu_ctr_stop(box, event, true);
			xu_poll_stop(box, event);
			due = is_sampling_event(event) ? xu_periods_due(&event->hw) : 0;
			/* those beyond the budget dropped and counted, nothing masked */
			if (due && xu_owed_samples(box, event, due, &regs))
				continue;
			xu_ctr_start(box, event, false);
		}
		if (freeze)
			xu_box_thaw(box);
		xu_box_unlock(box, flags);
	}
}
