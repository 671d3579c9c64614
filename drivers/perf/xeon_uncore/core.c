// SPDX-License-Identifier: GPL-2.0
/*
 * xeon_uncore core: perf glue, counter scheduling, wrap polling and CPU
 * hotplug for every platform.  Platforms are described by data in their
 * own files; nothing here names one.
 *
 * Each socket has one collecting CPU (sysfs cpumask).  Every event of a
 * socket lives on that CPU, so box state is only ever changed there with
 * interrupts off.  Two things run besides: the uncore PMI, an NMI on that
 * CPU (irq.c), which folds lock-free and so may interrupt any of it; and,
 * for boxes without a PMI, pmu->read of an event alone from another CPU of
 * the same package (PERF_EV_CAP_READ_ACTIVE_PKG), which folds under the box
 * lock.
 *
 * The collector changes only in the hotplug callbacks, in this order: a
 * socket coming up is initialised on its first CPU before that CPU is
 * published; a collector going offline withdraws itself (-1) first, then
 * perf migrates the events, and once the old CPU is dead the new one
 * routes the PMI to itself, publishes itself and handles any overflow left
 * pending meanwhile (no samples in between: xu_cpu_offline).  The
 * last CPU of a package stays the collector until it is dead: perf tears
 * its events down after our offline callback, and until then they count
 * and interrupt as before.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpu.h>
#include <linux/cpuhotplug.h>
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/module.h>
#include <linux/namei.h>
#include <linux/slab.h>
#include <linux/topology.h>
#include <asm/cpufeature.h>
#include <asm/processor.h>

#include "uncore.h"

static char *backend = "hw";
module_param(backend, charp, 0444);
MODULE_PARM_DESC(backend, "Register access: hw (default) or sim (xeon_uncore_sim model)");

static bool pmi = true;
module_param(pmi, bool, 0444);
MODULE_PARM_DESC(pmi, "Take overflows by the uncore PMI where the part has one (default); 0: poll every box");

static bool allow_hypervisor;
module_param(allow_hypervisor, bool, 0444);
MODULE_PARM_DESC(allow_hypervisor, "Load on the hardware backend even under a hypervisor");

static unsigned int poll_ms;
module_param(poll_ms, uint, 0644);
MODULE_PARM_DESC(poll_ms, "Counter fold interval in ms; 0 (default) derives it from counter width, rate and clock");

static const struct xu_platform *xu_plat;
static struct xu_socket xu_sockets[XU_MAX_SOCKETS];
static unsigned int xu_nr_sockets;
static struct xu_pmu *xu_pmus;
static unsigned int xu_nr_pmus;
static enum cpuhp_state xu_hp_state, xu_hp_dead;
static bool xu_unloading;

static inline struct xu_pmu *to_xu_pmu(struct pmu *pmu)
{
	return container_of(pmu, struct xu_pmu, pmu);
}

static inline struct xu_box *xu_event_box(struct perf_event *event)
{
	return event->pmu_private;
}

struct xu_socket *xu_socket_of(int cpu)
{
	unsigned int id = topology_logical_package_id(cpu);

	return id < xu_nr_sockets ? &xu_sockets[id] : NULL;
}

struct xu_socket *xu_socket_of_id(unsigned int id)
{
	return id < xu_nr_sockets ? &xu_sockets[id] : NULL;
}

/* The @i-th box of socket @sk in PMU order, or NULL past the last. */
struct xu_box *xu_socket_box_nr(struct xu_socket *sk, unsigned int i)
{
	return i < xu_nr_pmus ? xu_pmus[i].boxes[sk->id] : NULL;
}

/* Box @idx of type @t on socket @sk, or NULL. */
struct xu_box *xu_socket_box(struct xu_socket *sk, const struct xu_box_type *t,
			     unsigned int idx)
{
	unsigned int i;

	for (i = 0; i < xu_nr_pmus; i++)
		if (xu_pmus[i].type == t && xu_pmus[i].idx == idx)
			return xu_pmus[i].boxes[sk->id];
	return NULL;
}

/* Whether this CPU drives @sk's boxes: its collector, or the one it moves to. */
static bool xu_socket_local(const struct xu_socket *sk)
{
	int cpu = smp_processor_id();

	return READ_ONCE(sk->cpu) == cpu || READ_ONCE(sk->target) == cpu;
}

/* The box of @xp this CPU may drive, or NULL. */
static struct xu_box *xu_local_box(struct xu_pmu *xp)
{
	struct xu_socket *sk = xu_socket_of(smp_processor_id());

	if (!sk || !xu_socket_local(sk))
		return NULL;
	return xp->boxes[sk->id];
}

/* ---- sysfs ---------------------------------------------------------- */

ssize_t xu_field_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct xu_field *f = container_of(attr, struct xu_field, attr);

	return xu_format_field(buf, PAGE_SIZE, f->word, f->mask);
}

static ssize_t cpumask_show(struct device *dev, struct device_attribute *attr,
			    char *buf)
{
	const char *sep = "";
	unsigned int cpu;
	int n = 0;

	/* One collecting CPU per socket, ascending; derived, never stored twice. */
	for_each_online_cpu(cpu) {
		struct xu_socket *sk = xu_socket_of(cpu);

		if (sk && READ_ONCE(sk->cpu) == (int)cpu) {
			n += sysfs_emit_at(buf, n, "%s%u", sep, cpu);
			sep = ",";
		}
	}
	return n + sysfs_emit_at(buf, n, "\n");
}
static DEVICE_ATTR_RO(cpumask);

/* Controls of this PMU's counters found rewritten by another program. */
static ssize_t foreign_writes_show(struct device *dev,
				   struct device_attribute *attr, char *buf)
{
	struct xu_pmu *xp = to_xu_pmu(dev_get_drvdata(dev));

	return sysfs_emit(buf, "%ld\n", atomic_long_read(&xp->foreign_writes));
}
static DEVICE_ATTR_RO(foreign_writes);

static struct attribute *xu_cpumask_attrs[] = {
	&dev_attr_cpumask.attr,
	&dev_attr_foreign_writes.attr,
	NULL,
};

static const struct attribute_group xu_cpumask_group = {
	.attrs = xu_cpumask_attrs,
};

/* ---- counters ------------------------------------------------------- */

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

	if (!(hwc->config & t->sat_bit) || (now & max) != max ||
	    (box->saturated & BIT(hwc->idx)))
		return;
	box->saturated |= BIT(hwc->idx);
	pr_warn_ratelimited("%s: counter %d saturated at %llu counts (config=%#llx config1=%#llx config2=%#llx); the event counts no further\n",
			    box->pmu->name, hwc->idx, max, event->attr.config,
			    event->attr.config1, event->attr.config2);
}

/* Whether counter @idx of @box interrupts on overflow (else: polled). */
static bool xu_ctr_pmi(const struct xu_box *box, int idx)
{
	return idx >= 0 && (xu_pmi_counters(box->pmu) & BIT(idx));
}

/*
 * Whether @event's counter holds still while it is read: stopped, or its
 * box frozen by perf's disable or a transaction.  Only the collector, in
 * that section (interrupts off), knows the box is frozen: a fold from
 * another CPU of the package, or from anywhere once the collector thaws
 * it, reads a running counter.
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
 * event, out of what is left of its period.  Lock-free against the PMI on
 * this CPU: a fold that the NMI's fold or re-arm overtakes retries (the
 * re-arm generation in prev_count, see xu_prev_armed()).  A counter that
 * cannot be read is not folded: the next fold that can takes the whole
 * increment.  false: not folded.
 */
bool xu_event_fold(struct xu_box *box, struct perf_event *event)
{
	struct hw_perf_event *hwc = &event->hw;
	unsigned int width = xu_width(box->pmu->type, hwc->idx);
	u64 prev, now, delta;
	bool wrapped;

	do {
		prev = local64_read(&hwc->prev_count);
		if (xu_read_ctr(box, hwc->event_base, &now, xu_ctr_still(box, event))) {
			box->sk->stats.read_errors++;
			return false;
		}
		/*
		 * Backwards: a wrap (an overflow in the PMI), or another
		 * program took the counter: not a wrap's worth of its count.
		 * (A stopped counter's control is 0, the driver's doing.)
		 */
		wrapped = now < (prev & GENMASK_ULL(width - 1, 0));
		if (wrapped && !(hwc->state & PERF_HES_STOPPED) &&
		    !xu_event_audit(box, event, false))
			return false;
		now = xu_prev_folded(prev, now, width);
	} while (local64_cmpxchg(&hwc->prev_count, prev, now) != prev);
	/* a polled box's folds hold its lock (xu_event_update()) */
	if (!box->pmu->pmi) {
		box->folded |= BIT(hwc->idx);
		if (wrapped)
			box->wrap_seen |= BIT(hwc->idx);
	}

	delta = xu_delta(prev, now, width);
	local64_add(delta, &event->count);
	/* a PMI box counts its period from the value it armed (irq.c) */
	if (is_sampling_event(event) && !xu_ctr_pmi(box, hwc->idx))
		local64_sub(delta, &hwc->period_left);
	xu_check_saturated(box, event, now);
	return true;
}

/*
 * Fold from any CPU of the package (boxes with a PMI: only the collector).
 * In NMI (perf_event_read_local() for a BPF program) the code the NMI
 * interrupted may hold the box lock, and config space takes the PCI lock:
 * an MSR box folds if its lock is free (a PMI box needs none), otherwise
 * the event keeps the count of its last fold.  @poll: the poll timer,
 * which takes the sample periods the fold completed (returned; 0 for
 * everyone else).
 */
static u64 xu_event_update(struct perf_event *event, bool poll)
{
	struct xu_box *box = xu_event_box(event);
	unsigned long flags;
	u64 due = 0;

	if (in_nmi() && box->pmu->type->space != XU_MSR)
		return 0;
	if (box->pmu->pmi) {
		if (!(event->hw.state & PERF_HES_UPTODATE))
			xu_event_fold(box, event);
		/* a counter of the box that cannot interrupt samples by poll */
		if (poll && is_sampling_event(event))
			return xu_periods_due(&event->hw);
		return 0;
	}
	if (in_nmi()) {
		if (!raw_spin_trylock(&box->lock))
			return 0;
		if (!(event->hw.state & PERF_HES_UPTODATE))
			xu_event_fold(box, event);
		raw_spin_unlock(&box->lock);
		return 0;
	}
	raw_spin_lock_irqsave(&box->lock, flags);
	if (!(event->hw.state & PERF_HES_UPTODATE))
		xu_event_fold(box, event);
	/* under the lock: a read from another CPU folds into period_left too */
	if (poll && is_sampling_event(event))
		due = xu_periods_due(&event->hw);
	raw_spin_unlock_irqrestore(&box->lock, flags);
	return due;
}

/*
 * xu_event_audit() under the box lock, which a fold from another CPU of
 * the package takes too.
 */
static bool xu_box_audit(struct xu_box *box, struct perf_event *event,
			 bool stopping)
{
	unsigned long flags;
	bool ours;

	raw_spin_lock_irqsave(&box->lock, flags);
	ours = xu_event_audit(box, event, stopping);
	raw_spin_unlock_irqrestore(&box->lock, flags);
	return ours;
}

/*
 * How often to fold @event's counter: a quarter of the shortest time in
 * which it can wrap, at its own rate (xu_event_max_inc()); sampling, often
 * enough to see each period.
 */
static ktime_t xu_event_poll_interval(const struct xu_box *box,
				      struct perf_event *event)
{
	const struct xu_box_type *t = box->pmu->type;
	unsigned int ms = READ_ONCE(poll_ms);
	int idx = event->hw.idx;
	ktime_t poll;

	if (ms)
		poll = ms_to_ktime(ms);
	else
		poll = ns_to_ktime(xu_poll_interval_ns(xu_width(t, idx),
						       xu_event_max_inc(t, idx, event->hw.config),
						       xu_plat->uclk_max_hz));
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

static void xu_box_enable(struct xu_box *box)
{
	const struct xu_box_ops *ops = box->pmu->type->ops;

	if (ops && ops->enable_box)
		ops->enable_box(box);
}

static void xu_box_disable(struct xu_box *box)
{
	const struct xu_box_ops *ops = box->pmu->type->ops;

	if (ops && ops->disable_box)
		ops->disable_box(box);
}

/* Whether @box is polled and its status records every overflow. */
static bool xu_box_wrap_status(const struct xu_box *box)
{
	const struct xu_ovf *o = box->pmu->type->ovf;

	return o && o->always && o->status && !box->pmu->pmi;
}

/*
 * A polled box whose status shows every wrap (xu_ovf.always), before its
 * poll folds: read and clear the status, and take, under the box lock,
 * the counters folds found wrapped since the last such read (@seen).
 * Returns the counters with an event whose bit was set (a counter's bit
 * is cleared as it starts): each wrapped since the last read, so the
 * first fold after that wrap must have found it; and those a failed read
 * left to this poll.
 */
static unsigned long xu_box_wraps(struct xu_box *box, unsigned long *seen)
{
	const struct xu_box_type *t = box->pmu->type;
	unsigned long flags, wrapped = 0;
	u64 st;

	if (!xu_box_wrap_status(box))
		return 0;
	raw_spin_lock_irqsave(&box->lock, flags);
	/* unreadable: the next poll's read covers this one's time too */
	if (xu_read_reg(box, box->base + t->ovf->status, &st))
		goto out;
	*seen = box->wrap_seen;
	box->wrap_seen = 0;
	box->folded = 0;
	box->wrap_fresh = 0;
	if (st)
		xu_write_reg(box, xu_box_ovf_clear(box), st);
	wrapped = (xu_ovf_counters(t, st) | box->wrap_pending) & box->active;
	box->wrap_pending = 0;
out:
	raw_spin_unlock_irqrestore(&box->lock, flags);
	return wrapped;
}

/*
 * After the poll's folds: a counter of @wrapped that no fold found wrapped
 * went round unseen (the timer ran more than a wrap late).  Its count is
 * short by a wrap at least: one is added, and counted.  One no fold could
 * read is checked at the next poll.  A saturating counter's status means
 * it stopped, not wrapped.
 */
static void xu_box_missed_wraps(struct xu_box *box, unsigned long wrapped,
				unsigned long seen)
{
	const struct xu_box_type *t = box->pmu->type;
	unsigned long flags, missed = 0;
	unsigned int i;

	raw_spin_lock_irqsave(&box->lock, flags);
	wrapped &= box->used & ~(seen | box->wrap_seen | box->wrap_fresh);
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
		box->sk->stats.missed_wraps++;
		missed |= BIT(i);
	}
	raw_spin_unlock_irqrestore(&box->lock, flags);
	for_each_set_bit(i, &missed, XU_MAX_COUNTERS)
		pr_warn_ratelimited("%s: counter %u wrapped between two folds unseen (its poll ran late): 2^%u added to the count, which may still be short\n",
				    box->pmu->name, i, xu_width(t, i));
}

/*
 * Boxes without a PMI: fold before a counter can wrap, sample when due.
 * Samples only on the collector: while the socket has none (a move, see
 * xu_cpu_offline) a timer folds, and the periods it completed stay in
 * period_left for the collector's first poll.
 */
static enum hrtimer_restart xu_box_poll(struct hrtimer *timer)
{
	struct xu_box *box = container_of(timer, struct xu_box, timer);
	bool here = READ_ONCE(box->sk->cpu) == smp_processor_id();
	unsigned long wrapped, seen = 0;
	bool freeze = false;
	unsigned int i;

	box->sk->stats.polls++;
	wrapped = xu_box_wraps(box, &seen);
	/* a sample that reads its group reads it at one instant */
	for_each_set_bit(i, &box->used, XU_MAX_COUNTERS)
		if (box->counters[i]->attr.sample_type & PERF_SAMPLE_READ)
			freeze = box->enabled;
	if (freeze)
		xu_box_disable(box);
	for_each_set_bit(i, &box->used, XU_MAX_COUNTERS) {
		struct perf_event *event = box->counters[i];
		u64 due;

		if ((event->hw.state & PERF_HES_STOPPED) || xu_ctr_pmi(box, i) ||
		    !xu_box_audit(box, event, false))
			continue;
		due = xu_event_update(event, here);
		if (due)
			xu_poll_samples(box, event, due);
	}
	if (freeze)
		xu_box_enable(box);
	if (wrapped)
		xu_box_missed_wraps(box, wrapped, seen);
	/* a sample may have stopped the last event (its event limit) */
	if (!box->n_active)
		return HRTIMER_NORESTART;
	hrtimer_forward_now(timer, box->poll);
	return HRTIMER_RESTART;
}

void xu_event_enable(struct xu_box *box, struct perf_event *event)
{
	const struct xu_box_ops *ops = box->pmu->type->ops;

	if (ops && ops->enable_event)
		ops->enable_event(box, event);
	else
		xu_write_reg(box, event->hw.config_base, xu_event_ctl(box, event));
}

static void xu_event_disable(struct xu_box *box, struct perf_event *event)
{
	const struct xu_box_ops *ops = box->pmu->type->ops;

	if (ops && ops->disable_event)
		ops->disable_event(box, event);
	else
		xu_write_reg(box, event->hw.config_base, 0);
}

/*
 * Arm @box's poll timer for an event that starts.  When the box's last
 * event stopped, the timer was cancelled and its deadline kept: a restart
 * keeps it (or fires now if it has passed), since under multiplexing
 * events stop and start every few milliseconds and a timer restarted from
 * "now" each time would never expire.
 */
static void xu_box_timer_start(struct xu_box *box, ktime_t poll)
{
	ktime_t now = ktime_get(), at = ktime_add(now, poll);

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

void xu_pmu_start(struct perf_event *event, int flags)
{
	struct xu_box *box = xu_event_box(event);
	struct hw_perf_event *hwc = &event->hw;
	unsigned long irqflags;
	ktime_t poll;
	u64 now;

	if (WARN_ON_ONCE(hwc->idx < 0 || !(hwc->state & PERF_HES_STOPPED)))
		return;

	/* Under the lock: enable_event may preset the count and prev_count. */
	raw_spin_lock_irqsave(&box->lock, irqflags);
	if (xu_ctr_pmi(box, hwc->idx)) {
		xu_event_set_period(box, event, flags & PERF_EF_RELOAD);
	} else {
		/* a new period (PERF_EVENT_IOC_PERIOD): counted from here */
		if ((flags & PERF_EF_RELOAD) && is_sampling_event(event))
			xu_period_reload(hwc);
		/* an overflow its status shows from now on is its own */
		if (xu_box_wrap_status(box)) {
			xu_write_reg(box, xu_box_ovf_clear(box),
				     xu_ovf_bit(box->pmu->type, hwc->idx));
			box->wrap_fresh |= BIT(hwc->idx);
			box->wrap_pending &= ~BIT(hwc->idx);
		}
		/* stopped: its control is off */
		if (!xu_read_ctr(box, hwc->event_base, &now, true))
			local64_set(&hwc->prev_count,
				    xu_prev_folded(local64_read(&hwc->prev_count), now,
						   xu_width(box->pmu->type, hwc->idx)));
	}
	hwc->state = 0;
	xu_event_enable(box, event);
	raw_spin_unlock_irqrestore(&box->lock, irqflags);
	set_bit(hwc->idx, &box->active);

	if (xu_ctr_pmi(box, hwc->idx))
		return;
	poll = xu_event_poll_interval(box, event);
	xu_box_timer_start(box, poll);
}

void xu_pmu_stop(struct perf_event *event, int flags)
{
	struct xu_box *box = xu_event_box(event);
	struct hw_perf_event *hwc = &event->hw;

	/* first: the PMI leaves it alone from here (it may have stopped it) */
	clear_bit(hwc->idx, &box->active);
	if (!(hwc->state & PERF_HES_STOPPED)) {
		/* a final count another program made is not the event's */
		if (flags & PERF_EF_UPDATE)
			xu_box_audit(box, event, true);
		/* Stop counting first, so the final read is the final count. */
		xu_event_disable(box, event);
		hwc->state |= PERF_HES_STOPPED;
		/* may run in the timer's own callback: never wait for it */
		if (!xu_ctr_pmi(box, hwc->idx) && --box->n_active == 0) {
			box->next_poll = hrtimer_get_expires(&box->timer);
			hrtimer_try_to_cancel(&box->timer);
		} else if (!xu_ctr_pmi(box, hwc->idx)) {
			/* the next expiry goes by the events that stay */
			box->poll = xu_box_poll_interval(box) ?: box->poll;
		}
	}
	if ((flags & PERF_EF_UPDATE) && !(hwc->state & PERF_HES_UPTODATE)) {
		xu_event_update(event, false);
		if (xu_ctr_pmi(box, hwc->idx))
			xu_event_period_sync(box, event);
		hwc->state |= PERF_HES_UPTODATE;
	}
}

static void xu_event_place(struct xu_box *box, struct perf_event *event, int idx)
{
	struct hw_perf_event *hwc = &event->hw;

	hwc->idx = idx;
	hwc->config_base = xu_ctl(box, idx);
	hwc->event_base = xu_ctr(box, idx);
	box->counters[idx] = event;
	box->used |= BIT(idx);
	box->saturated &= ~BIT(idx);
}

/*
 * The alternative encoding an event was placed with (xu_shared_place()),
 * kept from add to del; hw.extra_reg is otherwise unused by this driver.
 */
static unsigned int xu_event_alt(const struct perf_event *event)
{
	return event->hw.extra_reg.idx;
}

static void xu_event_config(const struct perf_event *event, u64 *config)
{
	config[0] = event->attr.config;
	config[1] = event->attr.config1;
	config[2] = event->attr.config2;
}

/* What @event asks of its box; its config was validated by event_init. */
static void xu_event_enc(struct xu_pmu *xp, struct perf_event *event,
			 struct xu_enc *enc)
{
	u64 config[XU_CONFIG_WORDS];

	xu_event_config(event, config);
	if (xu_encode_alt(xp, config, xu_event_alt(event), enc))
		memset(enc, 0, sizeof(*enc));
}

/*
 * The first alternative of @event that fits the shared registers @st
 * describes, in @enc; -ENOSPC: none.  Only add keeps it with the event
 * (a group's validation must not touch its members: they may be on a box).
 */
static int xu_event_fit_shared(struct xu_pmu *xp, struct perf_event *event,
			       const struct xu_shared_state *st,
			       struct xu_enc *enc)
{
	u64 config[XU_CONFIG_WORDS];

	xu_event_config(event, config);
	return xu_shared_place(xp, config, st, enc);
}

/* The control value of @event as @enc encodes it, with its PMI enable. */
static void xu_event_set_ctl(struct xu_pmu *xp, struct perf_event *event,
			     const struct xu_enc *enc)
{
	event->hw.config = enc->ctl;
	if (enc->counters & xu_pmi_counters(xp))
		event->hw.config |= xp->type->pmi_bit;
}

static unsigned long xu_allowed(struct xu_pmu *xp, struct perf_event *event)
{
	struct xu_enc enc;

	xu_event_enc(xp, event, &enc);
	return enc.counters;
}

/* Program the shared registers @regs with the values box->shared holds. */
static void xu_shared_commit(struct xu_box *box, unsigned long regs)
{
	const struct xu_box_type *t = box->pmu->type;
	unsigned int i;

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

static int xu_pmu_add(struct perf_event *event, int flags)
{
	struct xu_box *box = xu_event_box(event);
	const struct xu_box_type *t = box->pmu->type;
	unsigned long allowed[XU_MAX_COUNTERS], running = 0;
	int assign[XU_MAX_COUNTERS];
	unsigned int i, n = box->n_events;
	struct xu_enc enc;
	int alt;

	/* a stale CPU: perf put the event there as the collector moved away */
	if (!xu_socket_local(box->sk))
		return -ENODEV;
	if (n >= xu_counters_total(t))
		return -ENOSPC;

	/*
	 * A shared register already holding another value in a field this
	 * event needs, in each of its alternatives: it waits (perf rotates
	 * it in when the other leaves).
	 */
	alt = xu_event_fit_shared(box->pmu, event, box->shared, &enc);
	if (alt < 0)
		return -ENOSPC;
	event->hw.extra_reg.idx = alt;
	xu_event_set_ctl(box->pmu, event, &enc);

	box->events[n++] = event;
	for (i = 0; i < n; i++) {
		allowed[i] = xu_allowed(box->pmu, box->events[i]);
		assign[i] = box->events[i]->hw.idx;
	}
	if (xu_assign_counters(allowed, n, assign))
		return -ENOSPC;
	box->n_events = n;

	xu_shared_commit(box, xu_shared_take(t, box->shared, &enc));

	/* Events that must move: stop them all first, then restart. */
	for (i = 0; i < n - 1; i++) {
		struct perf_event *e = box->events[i];

		if (e->hw.idx == assign[i])
			continue;
		if (!(e->hw.state & PERF_HES_STOPPED))
			running |= BIT(i);
		xu_pmu_stop(e, PERF_EF_UPDATE);
		box->counters[e->hw.idx] = NULL;
		box->used &= ~BIT(e->hw.idx);
		e->hw.idx = -1;
	}
	for (i = 0; i < n - 1; i++) {
		struct perf_event *e = box->events[i];

		if (e->hw.idx >= 0)
			continue;
		xu_event_place(box, e, assign[i]);
		if (running & BIT(i))
			xu_pmu_start(e, 0);
	}

	event->hw.state = PERF_HES_STOPPED | PERF_HES_UPTODATE;
	xu_event_place(box, event, assign[n - 1]);
	if (flags & PERF_EF_START)
		xu_pmu_start(event, 0);
	if (!box->enabled && !box->frozen) {
		xu_box_enable(box);
		box->enabled = true;
	}
	if (box->pmu->pmi)
		WRITE_ONCE(box->sk->pmi_events, box->sk->pmi_events + 1);
	return 0;
}

static void xu_pmu_del(struct perf_event *event, int flags)
{
	struct xu_box *box = xu_event_box(event);
	struct hw_perf_event *hwc = &event->hw;
	struct xu_enc enc;
	unsigned int i;

	/* before the counter leaves box->used, where the PMI looks */
	if (box->pmu->pmi) {
		WRITE_ONCE(box->pmi_stale, true);
		WRITE_ONCE(box->sk->pmi_stale, true);
		barrier();
		WRITE_ONCE(box->sk->pmi_events, box->sk->pmi_events - 1);
	}
	xu_pmu_stop(event, PERF_EF_UPDATE);
	clear_bit(hwc->idx, &box->throttled);
	box->counters[hwc->idx] = NULL;
	box->used &= ~BIT(hwc->idx);
	hwc->idx = -1;
	/* the registers keep their values: reprogrammed when next needed */
	xu_event_enc(box->pmu, event, &enc);
	xu_shared_drop(box->pmu->type, box->shared, &enc);

	for (i = 0; i < box->n_events; i++) {
		if (box->events[i] != event)
			continue;
		box->n_events--;
		memmove(&box->events[i], &box->events[i + 1],
			(box->n_events - i) * sizeof(box->events[0]));
		break;
	}
	if (!box->n_events && box->enabled) {
		xu_box_disable(box);
		box->enabled = false;
	}
}

static void xu_pmu_read(struct perf_event *event)
{
	xu_event_update(event, false);
}

/* perf_event_mmap_page.index: RDPMC index + 1 where the counters have one. */
static int xu_event_idx(struct perf_event *event)
{
	const struct xu_box_type *t = to_xu_pmu(event->pmu)->type;

	if (!t->rdpmc0 || event->hw.idx < 0)
		return 0;
	return t->rdpmc0 + event->hw.idx + 1;
}

/*
 * The box is frozen while perf has it disabled (perf_pmu_disable(), which
 * calls pmu_disable at its outermost level only) and across perf's
 * transactions: a group is added (PERF_PMU_TXN_ADD) and read
 * (PERF_PMU_TXN_READ, PERF_FORMAT_GROUP) between start_txn and
 * commit_txn, on the collector, so it starts and is read at one instant
 * (a group is one box's).  The two nest: the box counts both, frozen at
 * the first and thawed at the last.
 */
static void xu_pmu_disable(struct pmu *pmu)
{
	struct xu_box *box = xu_local_box(to_xu_pmu(pmu));

	if (!box)
		return;
	if (!box->frozen && box->enabled) {
		xu_box_disable(box);
		box->enabled = false;
	}
	/* after the freeze: from here a counter of the box holds still */
	box->frozen++;
}

static void xu_pmu_enable(struct pmu *pmu)
{
	struct xu_box *box = xu_local_box(to_xu_pmu(pmu));

	if (!box || WARN_ON_ONCE(!box->frozen) || --box->frozen)
		return;
	if (box->n_events && !box->enabled) {
		xu_box_enable(box);
		box->enabled = true;
	}
}

static void xu_pmu_start_txn(struct pmu *pmu, unsigned int flags)
{
	xu_pmu_disable(pmu);
}

static int xu_pmu_commit_txn(struct pmu *pmu)
{
	xu_pmu_enable(pmu);
	return 0;
}

static void xu_pmu_cancel_txn(struct pmu *pmu)
{
	xu_pmu_enable(pmu);
}

/* ---- event_init ----------------------------------------------------- */

#define xu_refuse(xp, err, fmt, ...) ({					\
	pr_info_ratelimited("%s: " fmt "\n", (xp)->name, ##__VA_ARGS__);	\
	(err);								\
})

#define XU_MIXED_GROUP "a group may only mix this PMU with software events"

/*
 * Can @event, its leader and siblings of this PMU ever be on the box
 * together: counters for all, and one value for every shared field?
 */
static int xu_validate_group(struct xu_pmu *xp, struct perf_event *event)
{
	struct perf_event *leader = event->group_leader, *sib;
	struct perf_event *members[XU_MAX_COUNTERS + 1];
	struct xu_shared_state *shared;
	unsigned long allowed[XU_MAX_COUNTERS + 1];
	unsigned int total = xu_counters_total(xp->type);
	int assign[XU_MAX_COUNTERS + 1];
	unsigned int n = 0, i;

	if (leader == event)
		return 0;

	if (leader->pmu == event->pmu)
		members[n++] = leader;
	else if (!is_software_event(leader))
		return xu_refuse(xp, -EINVAL, XU_MIXED_GROUP);

	for_each_sibling_event(sib, leader) {
		if (sib->pmu != event->pmu) {
			if (is_software_event(sib))
				continue;
			return xu_refuse(xp, -EINVAL, XU_MIXED_GROUP);
		}
		if (n >= total)
			goto nofit;
		members[n++] = sib;
	}
	if (n >= total)
		goto nofit;
	members[n++] = event;

	shared = xu_shared_alloc(xp->type);
	if (!shared)
		return -ENOMEM;
	/* as add places them on an empty box, in order (xu_shared_place()) */
	for (i = 0; i < n; i++) {
		struct xu_enc enc;

		if (xu_event_fit_shared(xp, members[i], shared, &enc) < 0) {
			kfree(shared);
			return xu_refuse(xp, -EINVAL,
					 "group members need different values in one shared filter/match field");
		}
		xu_shared_take(xp->type, shared, &enc);
		allowed[i] = enc.counters;
	}
	kfree(shared);

	memset(assign, 0xff, sizeof(assign));
	if (!xu_assign_counters(allowed, n, assign))
		return 0;
nofit:
	return xu_refuse(xp, -EINVAL, "group can never fit the box's %u counters", total);
}

static int xu_event_init(struct perf_event *event)
{
	struct xu_pmu *xp = to_xu_pmu(event->pmu);
	struct perf_event_attr *attr = &event->attr;
	const u64 config[XU_CONFIG_WORDS] = {
		attr->config, attr->config1, attr->config2
	};
	struct xu_socket *sk;
	struct xu_box *box;
	struct xu_enc enc;
	const char *why;
	int cpu;

	if (attr->type != event->pmu->type)
		return -ENOENT;

	if (event->cpu < 0)
		return xu_refuse(xp, -EINVAL,
				 "per-task events are impossible, counters are socket-wide (use -a or -C)");
	if (attr->freq)
		return xu_refuse(xp, -EINVAL,
				 "frequency mode (-F, perf record's default) is not supported: give a period (perf record -c N, or period=N in the event)");
	if (is_sampling_event(event) && has_branch_stack(event))
		return xu_refuse(xp, -EOPNOTSUPP, "uncore samples have no branch stack");
	if (attr->exclude_user || attr->exclude_kernel || attr->exclude_hv)
		return xu_refuse(xp, -EINVAL,
				 "uncore counters cannot exclude user, kernel or hypervisor mode");
	if (attr->exclude_idle)
		return xu_refuse(xp, -EINVAL, "uncore counters cannot exclude idle time");
	if (attr->exclude_host || attr->exclude_guest) {
		/* perf tries these first on every run, then retries without */
		pr_info_once("%s: uncore counters cannot exclude host or guest time\n",
			     xp->name);
		return -EINVAL;
	}

	why = xu_encode(xp, config, &enc);
	if (why)
		return xu_refuse(xp, -EINVAL, "%s (config=%#llx config1=%#llx config2=%#llx)",
				 why, config[0], config[1], config[2]);

	sk = xu_socket_of(event->cpu);
	if (!sk)
		return xu_refuse(xp, -ENODEV, "no socket for CPU %d", event->cpu);
	cpu = READ_ONCE(sk->cpu);
	if (cpu < 0 && READ_ONCE(sk->target) >= 0)
		return xu_refuse(xp, -EAGAIN,
				 "socket %u's collecting CPU is moving (CPU hotplug); try again",
				 sk->id);
	if (cpu < 0)
		return xu_refuse(xp, -ENODEV, "no online CPU in the package of CPU %d", event->cpu);
	box = xp->boxes[sk->id];
	if (!xu_box_present(box))
		return xu_refuse(xp, -ENODEV, "its PCI device was not found on socket %u",
				 sk->id);
	/* a match of 0 under a mask of 0 is every packet: no function needed */
	if (xu_enc_vals(&enc) && xp->type->pci_aux_ids && !xu_box_has_aux(xp))
		return xu_refuse(xp, -EOPNOTSUPP,
				 "the event needs a match/mask PCI function, which this box does not have");
	if (enc.nuse && xu_box_has_aux(xp) &&
	    !rcu_access_pointer(box->aux))
		return xu_refuse(xp, -ENODEV,
				 "the event needs the match/mask PCI device, not found on socket %u",
				 sk->id);

	xu_event_set_ctl(xp, event, &enc);
	event->hw.extra_reg.idx = 0;
	event->hw.idx = -1;

	if (xu_validate_group(xp, event))
		return -EINVAL;

	event->cpu = cpu;
	event->pmu_private = box;
	/*
	 * With a PMI, every fold stays on the collector (lock-free vs the
	 * NMI).  A member of a group does not take the cap, so perf reads the
	 * group on the collector, which freezes the box for it (start_txn).
	 */
	if (!xp->pmi && event->group_leader == event)
		event->event_caps |= PERF_EV_CAP_READ_ACTIVE_PKG;
	return 0;
}

/* ---- PMU registration ----------------------------------------------- */

static void xu_events_group_free(struct attribute_group *grp)
{
	struct attribute **a;

	if (!grp)
		return;
	for (a = grp->attrs; *a; a++)
		kfree((*a)->name);
	kfree(grp);
}

/* events/<name> plus <name>.scale and <name>.unit where the table has them */
static struct attribute_group *xu_events_group(const struct xu_box_type *t)
{
	struct perf_pmu_events_attr *pa;
	struct attribute_group *grp;
	struct attribute **attrs;
	const struct xu_event_desc *d;
	unsigned int n = 0, i = 0;

	for (d = xu_event_row(t->events); d; d = xu_event_row(d + 1))
		n += 1 + !!d->scale + !!d->unit;

	grp = kzalloc(sizeof(*grp) + (n + 1) * sizeof(*attrs) + n * sizeof(*pa),
		      GFP_KERNEL);
	if (!grp)
		return NULL;
	attrs = (struct attribute **)(grp + 1);
	pa = (struct perf_pmu_events_attr *)(attrs + n + 1);
	grp->name = "events";
	grp->attrs = attrs;

	for (d = xu_event_row(t->events); d; d = xu_event_row(d + 1)) {
		static const char * const suffix[3] = { "", ".scale", ".unit" };
		const char *str[3] = { d->config, d->scale, d->unit };
		unsigned int k;

		for (k = 0; k < 3; k++) {
			if (!str[k])
				continue;
			sysfs_attr_init(&pa[i].attr.attr);
			pa[i].attr.attr.name = kasprintf(GFP_KERNEL, "%s%s",
							 d->name, suffix[k]);
			if (!pa[i].attr.attr.name) {
				xu_events_group_free(grp);
				return NULL;
			}
			pa[i].attr.attr.mode = 0444;
			pa[i].attr.show = perf_event_sysfs_show;
			pa[i].event_str = str[k];
			attrs[i] = &pa[i].attr.attr;
			i++;
		}
	}
	return grp;
}

static struct attribute_group *xu_format_group(const struct xu_box_type *t)
{
	struct attribute_group *grp;
	struct attribute **attrs;
	unsigned int n = 0, i;

	while (t->fields[n])
		n++;
	grp = kzalloc(sizeof(*grp) + (n + 1) * sizeof(*attrs), GFP_KERNEL);
	if (!grp)
		return NULL;
	attrs = (struct attribute **)(grp + 1);
	for (i = 0, n = 0; t->fields[i]; i++)
		if (xu_field_present(t, t->fields[i]))
			attrs[n++] = &t->fields[i]->attr.attr;
	grp->name = "format";
	grp->attrs = attrs;
	return grp;
}

static bool xu_pmu_name_taken(const char *name)
{
	char *path = kasprintf(GFP_KERNEL, "/sys/bus/event_source/devices/%s", name);
	struct path p;
	bool taken;

	if (!path)
		return false;
	taken = !kern_path(path, 0, &p);
	if (taken)
		path_put(&p);
	kfree(path);
	return taken;
}

static void xu_pmu_free(struct xu_pmu *xp)
{
	unsigned int s;

	for (s = 0; s < XU_MAX_SOCKETS; s++) {
		if (xp->boxes[s])
			kfree(xp->boxes[s]->shared);
		kfree(xp->boxes[s]);
	}
	kfree(xp->format);
	xu_events_group_free(xp->events);
}

static int xu_pmu_setup(struct xu_pmu *xp, const struct xu_box_type *t,
			unsigned int idx)
{
	unsigned int s;

	xp->type = t;
	xp->idx = idx;
	xp->pmi = pmi && t->pmi_bit && t->ovf && xu_plat->pmi_status;
	if (t->num_boxes == 1)
		snprintf(xp->name, sizeof(xp->name), "uncore_%s", t->name);
	else
		snprintf(xp->name, sizeof(xp->name), "uncore_%s_%u", t->name, idx);

	xu_type_valid(t, xp->valid);

	for (s = 0; s < xu_nr_sockets; s++) {
		struct xu_box *box = kzalloc(sizeof(*box), GFP_KERNEL);

		if (!box)
			return -ENOMEM;
		xp->boxes[s] = box;
		box->shared = xu_shared_alloc(t);
		if (!box->shared)
			return -ENOMEM;
		box->pmu = xp;
		box->sk = &xu_sockets[s];
		box->base = t->box_offsets ? t->box_offsets[idx] : idx * t->box_stride;
		raw_spin_lock_init(&box->lock);
		xu_hrtimer_setup(&box->timer, xu_box_poll, CLOCK_MONOTONIC,
				 HRTIMER_MODE_REL_PINNED_HARD);
	}

	xp->format = xu_format_group(t);
	xp->events = xu_events_group(t);
	if (!xp->format || !xp->events)
		return -ENOMEM;
	xp->groups[0] = xp->format;
	xp->groups[1] = xp->events;
	xp->groups[2] = &xu_cpumask_group;

	xp->pmu = (struct pmu) {
		.module		= THIS_MODULE,
		.task_ctx_nr	= perf_invalid_context,
		.capabilities	= PERF_PMU_CAP_NO_EXCLUDE,
		.attr_groups	= xp->groups,
		.event_init	= xu_event_init,
		.add		= xu_pmu_add,
		.del		= xu_pmu_del,
		.start		= xu_pmu_start,
		.stop		= xu_pmu_stop,
		.read		= xu_pmu_read,
		.event_idx	= xu_event_idx,
		.pmu_enable	= xu_pmu_enable,
		.pmu_disable	= xu_pmu_disable,
		.start_txn	= xu_pmu_start_txn,
		.commit_txn	= xu_pmu_commit_txn,
		.cancel_txn	= xu_pmu_cancel_txn,
	};
	return 0;
}

/* CPUID leaf 0xb: level type (ECX 15:8; 1 SMT, 2 core), CPUs (EBX 15:0) */
#define XU_CPUID_LEVEL_TYPE	GENMASK(15, 8)
#define XU_CPUID_LEVEL_CPUS	GENMASK(15, 0)

/*
 * Cores per package as the kernel counts them: logical processors at the
 * core level of CPUID leaf 0xb over those at the SMT level; 0 if unknown.
 */
static unsigned int xu_cores_per_package(void)
{
	unsigned int eax, smt, ecx, edx, pkg;

	if (boot_cpu_data.cpuid_level < 0xb)
		return 0;
	cpuid_count(0xb, 0, &eax, &smt, &ecx, &edx);
	if (FIELD_GET(XU_CPUID_LEVEL_TYPE, ecx) != 1)
		return 0;
	cpuid_count(0xb, 1, &eax, &pkg, &ecx, &edx);
	if (FIELD_GET(XU_CPUID_LEVEL_TYPE, ecx) != 2)
		return 0;
	smt = FIELD_GET(XU_CPUID_LEVEL_CPUS, smt);
	pkg = FIELD_GET(XU_CPUID_LEVEL_CPUS, pkg);
	if (!smt || pkg < smt)
		return 0;
	return pkg / smt;
}

/* Boxes of @t on this machine's sockets. */
static unsigned int xu_num_boxes(const struct xu_box_type *t)
{
	unsigned int cores = t->per_core ? xu_cores_per_package() : 0;

	return cores ? min(t->num_boxes, cores) : t->num_boxes;
}

/* Every PMU and its boxes, before any is visible. */
static int xu_pmus_setup(void)
{
	const struct xu_box_type * const *t;
	unsigned int i, n = 0;
	int ret;

	for (t = xu_plat->types; *t; t++)
		n += xu_num_boxes(*t);
	xu_pmus = kcalloc(n, sizeof(*xu_pmus), GFP_KERNEL);
	if (!xu_pmus)
		return -ENOMEM;

	for (t = xu_plat->types; *t; t++) {
		for (i = 0; i < xu_num_boxes(*t); i++) {
			ret = xu_pmu_setup(&xu_pmus[xu_nr_pmus], *t, i);
			if (ret) {
				xu_pmu_free(&xu_pmus[xu_nr_pmus]);
				return ret;
			}
			xu_nr_pmus++;
		}
	}
	return 0;
}

/* A PMU whose box is absent on every socket is not registered at all. */
static bool xu_pmu_anywhere(const struct xu_pmu *xp)
{
	unsigned int s;

	for (s = 0; s < xu_nr_sockets; s++)
		if (xu_box_present(xp->boxes[s]))
			return true;
	return false;
}

static int xu_pmus_register(void)
{
	unsigned int i;
	int ret;

	for (i = 0; i < xu_nr_pmus; i++) {
		struct xu_pmu *xp = &xu_pmus[i];

		if (!xu_pmu_anywhere(xp))
			continue;
		if (xu_pmu_name_taken(xp->name)) {
			pr_err("PMU %s already exists, probably from intel_uncore: rmmod intel_uncore, and put 'blacklist intel_uncore' in /etc/modprobe.d/xeon-uncore.conf\n",
			       xp->name);
			return -EBUSY;
		}
		ret = perf_pmu_register(&xp->pmu, xp->name, -1);
		if (ret)
			return ret;
		xp->registered = true;
	}
	return 0;
}

/*
 * Before the PMUs go: wait until the kernel holds no reference to their
 * contexts.  Once the module is unloading no event is ours (each holds a
 * module reference), but a software event that was in a group with ours
 * lives in the uncore PMU's context and keeps a reference to it after
 * ours closed, on its list or off it (its CPU went offline), and
 * perf_pmu_unregister() would free the context under it (up to Linux
 * 6.14; compat.h's xu_pmu_ctx_refs()).  CPU hotplug is held off, so no
 * event is between two CPUs' contexts (perf_pmu_migrate_context() in
 * xu_cpu_offline()) while the contexts are counted.
 */
static void xu_pmus_wait_unreferenced(void)
{
	bool said = false;
	unsigned int i;
	int cpu;

	cpus_read_lock();
	for (i = 0; i < xu_nr_pmus; i++) {
		struct xu_pmu *xp = &xu_pmus[i];

		if (!xp->registered)
			continue;
		for_each_possible_cpu(cpu) {
			while (xu_pmu_ctx_refs(&xp->pmu, cpu) > 0) {
				if (!said)
					pr_warn("%s: unload waits: an event grouped with its events is still open on CPU %d (a software event; close it)\n",
						xp->name, cpu);
				said = true;
				msleep(100);
			}
		}
	}
	cpus_read_unlock();
	if (said)
		pr_info("the events are closed, unloading\n");
}

static void xu_pmus_unregister(void)
{
	unsigned int i;

	for (i = 0; i < xu_nr_pmus; i++) {
		if (xu_pmus[i].registered)
			perf_pmu_unregister(&xu_pmus[i].pmu);
		xu_pmus[i].registered = false;
	}
}

static void xu_pmus_free(void)
{
	while (xu_nr_pmus--)
		xu_pmu_free(&xu_pmus[xu_nr_pmus]);
	kfree(xu_pmus);
	xu_pmus = NULL;
}

/* The logical package of physical package @phys, or -1 if none is online. */
int xu_socket_of_phys(unsigned int phys)
{
	unsigned int cpu;

	for_each_online_cpu(cpu)
		if (topology_physical_package_id(cpu) == phys)
			return topology_logical_package_id(cpu);
	return -1;
}

/* ---- sockets and CPU hotplug ---------------------------------------- */

/* On @cpu, the socket's first: before @cpu is published as its collector. */
static void xu_socket_init(struct xu_socket *sk, int cpu)
{
	unsigned int i;

	if (xu_plat->init_socket)
		xu_plat->init_socket(sk);
	/* what a dead collector left the socket frozen for is gone with it */
	WRITE_ONCE(sk->deferred, 0);
	for (i = 0; i < xu_nr_pmus; i++) {
		struct xu_box *box = xu_pmus[i].boxes[sk->id];
		const struct xu_box_ops *ops = box->pmu->type->ops;

		if (!xu_box_present(box))
			continue;
		if (ops && ops->init_box)
			ops->init_box(box);
		box->shared->known = 0;
	}
	/*
	 * Route the PMI last: a socket whose last CPU died with an overflow
	 * pending is still frozen with its status set, which set_pmi_cpu
	 * would keep frozen for a handler; the boxes' init has cleared it.
	 */
	if (pmi && xu_plat->set_pmi_cpu) {
		WRITE_ONCE(sk->pmi_cpu, cpu);
		xu_plat->set_pmi_cpu(sk, xu_pmi_cores(xu_plat, cpu));
	}
}

static void xu_socket_exit(struct xu_socket *sk)
{
	unsigned int i;

	for (i = 0; i < xu_nr_pmus; i++) {
		struct xu_box *box = xu_pmus[i].boxes[sk->id];
		const struct xu_box_ops *ops = box->pmu->type->ops;

		if (!xu_box_present(box))
			continue;
		if (ops && ops->exit_box)
			ops->exit_box(box);
	}
	if (xu_plat->exit_socket)
		xu_plat->exit_socket(sk);
}

/*
 * On the new collector, its events migrated and the old CPU dead: route
 * the PMI here, then publish.  An overflow whose PMI went to the old CPU
 * meanwhile was only claimed there and left the socket frozen: handle it
 * now, in an NMI; PCI boxes the old CPU's PMI left to its irq_work and it
 * could not walk there, here in ours.
 */
static void xu_socket_adopt(void *info)
{
	struct xu_socket *sk = info;
	int cpu = smp_processor_id();

	if (pmi && xu_plat->set_pmi_cpu) {
		WRITE_ONCE(sk->pmi_cpu, cpu);
		xu_plat->set_pmi_cpu(sk, xu_pmi_cores(xu_plat, cpu));
	}
	WRITE_ONCE(sk->cpu, cpu);
	WRITE_ONCE(sk->target, -1);
	if (pmi && xu_plat->pmi_status && xu_plat->pmi_status(sk))
		xu_socket_pmi_kick(sk);
	xu_socket_pmi_deferred(sk);
}

static void xu_socket_move_done(struct xu_socket *sk)
{
	smp_call_function_single(sk->target, xu_socket_adopt, sk, 1);
}

static int xu_cpu_online(unsigned int cpu)
{
	struct xu_socket *sk = xu_socket_of(cpu);

	if (!sk)
		return 0;
	/* an offline rolled back after the events moved: the move stands */
	if (sk->target >= 0)
		xu_socket_move_done(sk);
	if (sk->cpu >= 0)
		return 0;
	xu_socket_init(sk, cpu);
	WRITE_ONCE(sk->cpu, cpu);
	return 0;
}

static int xu_cpu_offline(unsigned int cpu)
{
	struct xu_socket *sk = xu_socket_of(cpu);
	unsigned int target, i;

	if (!sk || sk->cpu != cpu)
		return 0;

	if (xu_unloading) {
		xu_socket_exit(sk);
		WRITE_ONCE(sk->pmi_cpu, -1);
		WRITE_ONCE(sk->cpu, -1);
		return 0;
	}

	for_each_cpu(target, topology_core_cpumask(cpu))
		if (target != cpu && cpu_online(target))
			break;
	/* The last CPU of the package stays its collector until dead. */
	if (target >= nr_cpu_ids)
		return 0;

	/*
	 * The target adopts the socket once this CPU is dead.  Until then
	 * no sample is taken: perf record gives a socket's events one ring
	 * buffer per CPU it opened them on, and perf's own events on this
	 * CPU write to it until perf tears them down, after this callback.
	 * That buffer takes one writing CPU at a time (its head and nesting
	 * count are CPU-local): two make its published head step back, and
	 * perf then reads records twice or stops seeing new ones.
	 */
	WRITE_ONCE(sk->target, target);
	WRITE_ONCE(sk->cpu, -1);
	for (i = 0; i < xu_nr_pmus; i++)
		if (xu_pmus[i].registered)
			perf_pmu_migrate_context(&xu_pmus[i].pmu, cpu, target);
	return 0;
}

/* On a control CPU, after @cpu died: perf has torn its events down. */
static int xu_cpu_dead(unsigned int cpu)
{
	struct xu_socket *sk = xu_socket_of(cpu);

	if (sk && sk->target >= 0) {
		xu_socket_move_done(sk);
	} else if (sk && READ_ONCE(sk->cpu) == (int)cpu) {
		WRITE_ONCE(sk->pmi_cpu, -1);
		WRITE_ONCE(sk->cpu, -1);
	}
	return 0;
}

/*
 * PCI functions that go (remove, unbind) and come back (rescan, bind)
 * while their box has events: on the collector, fold them one last time
 * while the function answers; when it is back, program the box again as
 * the events have it, and count on from the counters' values then.  A
 * companion (match/mask) function that comes back only has its shared
 * registers written again: the counters never stopped.  CPU hotplug is
 * held off, so the collector stays.
 */
static void xu_box_detach_local(void *info)
{
	struct xu_box *box = info;
	unsigned int i;

	if (!xu_socket_local(box->sk))
		return;
	for_each_set_bit(i, &box->used, XU_MAX_COUNTERS)
		if (!(box->counters[i]->hw.state & PERF_HES_STOPPED))
			xu_event_update(box->counters[i], false);
}

static void xu_box_reprogram(struct xu_box *box, bool counters)
{
	const struct xu_box_type *t = box->pmu->type;
	unsigned int i;

	if (!xu_socket_local(box->sk))
		return;
	if (counters && t->ops && t->ops->init_box)
		t->ops->init_box(box);
	box->shared->known = 0;
	xu_shared_commit(box, xu_shared_held(t, box->shared));
	for_each_set_bit(i, &box->used, XU_MAX_COUNTERS) {
		struct perf_event *event = box->counters[i];

		if (!counters || (event->hw.state & PERF_HES_STOPPED))
			continue;
		/* no fold: what the function did while gone is unknown */
		xu_pmu_stop(event, 0);
		xu_pmu_start(event, 0);
	}
	if (counters && box->enabled)
		xu_box_enable(box);
}

static void xu_box_attach_local(void *info)
{
	xu_box_reprogram(info, true);
}

static void xu_box_attach_aux_local(void *info)
{
	xu_box_reprogram(info, false);
}

static void xu_box_on_collector(struct xu_box *box, smp_call_func_t fn)
{
	int cpu;

	cpus_read_lock();
	cpu = READ_ONCE(box->sk->cpu);
	if (cpu >= 0)
		smp_call_function_single(cpu, fn, box, 1);
	cpus_read_unlock();
}

void xu_box_detach(struct xu_box *box)
{
	xu_box_on_collector(box, xu_box_detach_local);
}

void xu_box_attach(struct xu_box *box, bool aux)
{
	xu_box_on_collector(box, aux ? xu_box_attach_aux_local : xu_box_attach_local);
}

/* ---- module --------------------------------------------------------- */

/* After the sockets' PMI routing is off: no NMI, timer or irq_work left. */
static void xu_irqs_exit(void)
{
	unsigned int i;

	xu_irq_exit();
	for (i = 0; i < xu_nr_sockets; i++)
		xu_socket_irq_exit(&xu_sockets[i]);
}

static const struct xu_platform *xu_detect(void)
{
	const struct x86_cpu_id *id = x86_match_cpu(xu_cpu_ids);

	return id ? (const struct xu_platform *)id->driver_data : NULL;
}

static int __init xu_init(void)
{
	unsigned int i, n;
	int ret;

	xu_compat_report();
	xu_plat = xu_detect();
	if (!xu_plat) {
		pr_info("no supported uncore on this CPU (family %#x model %#x)\n",
			boot_cpu_data.x86, boot_cpu_data.x86_model);
		return -ENODEV;
	}

	ret = xu_regs_init(backend);
	if (ret)
		return ret;

	ret = -ENODEV;
	if (!xu_regs_simulated() && boot_cpu_has(X86_FEATURE_HYPERVISOR) &&
	    !allow_hypervisor) {
		pr_info("running under a hypervisor, which rarely passes the uncore through; load with allow_hypervisor=1 to try anyway\n");
		goto err_regs;
	}

	xu_nr_sockets = topology_max_packages();
	if (xu_nr_sockets > XU_MAX_SOCKETS) {
		pr_err("%u packages, at most %u supported\n", xu_nr_sockets, XU_MAX_SOCKETS);
		goto err_regs;
	}
	for (i = 0; i < xu_nr_sockets; i++) {
		xu_sockets[i].id = i;
		xu_sockets[i].cpu = -1;
		xu_sockets[i].target = -1;
		xu_sockets[i].pmi_cpu = -1;
		xu_socket_irq_init(&xu_sockets[i]);
	}

	ret = xu_irq_init(xu_plat, pmi);
	if (ret)
		goto err_regs;
	ret = xu_pmus_setup();
	if (ret)
		goto err_pmus;
	ret = xu_pci_init(xu_plat, xu_pmus, xu_nr_pmus);
	if (ret)
		goto err_pmus;
	ret = xu_pmus_register();
	if (ret)
		goto err_pci;

	ret = cpuhp_setup_state_nocalls(CPUHP_BP_PREPARE_DYN, "perf/xeon_uncore:dead",
					NULL, xu_cpu_dead);
	if (ret < 0)
		goto err_pci;
	xu_hp_dead = ret;
	ret = cpuhp_setup_state(CPUHP_AP_ONLINE_DYN, "perf/xeon_uncore:online",
				xu_cpu_online, xu_cpu_offline);
	if (ret < 0)
		goto err_dead;
	xu_hp_state = ret;

	for (i = 0, n = 0; i < xu_nr_pmus; i++)
		n += xu_pmus[i].registered;
	pr_info("%s: %u PMUs on %u sockets\n", xu_plat->name, n, xu_nr_sockets);
	return 0;

err_dead:
	cpuhp_remove_state_nocalls(xu_hp_dead);
err_pci:
	xu_pmus_unregister();
	xu_pci_exit();
err_pmus:
	xu_pmus_free();
	xu_irqs_exit();
err_regs:
	xu_regs_exit();
	return ret;
}

static void __exit xu_exit(void)
{
	xu_pmus_wait_unreferenced();
	xu_unloading = true;
	cpuhp_remove_state(xu_hp_state);
	cpuhp_remove_state_nocalls(xu_hp_dead);
	xu_pmus_unregister();
	xu_pci_exit();
	xu_irqs_exit();
	xu_audit_exit();
	xu_pmus_free();
	xu_regs_exit();
}

module_init(xu_init);
module_exit(xu_exit);

MODULE_DESCRIPTION("Uncore PMUs of Intel Xeon 7100/7400/7500 and E5-2600 (v1/v2)");
MODULE_LICENSE("GPL");
