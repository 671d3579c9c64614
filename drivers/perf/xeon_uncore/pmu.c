// SPDX-License-Identifier: GPL-2.0
/*
 * xeon_uncore perf glue: event_init, and the callbacks by which perf puts
 * events on a box and takes them off (add, del, start, stop, read, the
 * box's disable/enable and transactions), for every platform.  Which
 * counter an event gets and which shared register values it holds are
 * decided here; every register write is the counter layer's (counter.c),
 * under the box lock.
 *
 * Every event of a socket lives on its collecting CPU (init.c), so the
 * callbacks run there with interrupts off; while the collector moves, on
 * the old CPU (del) and the new one (add).  A read may come from another
 * CPU of the package for a box without a PMI (PERF_EV_CAP_READ_ACTIVE_PKG,
 * under the box lock), and from NMI (perf_event_read_local() for a BPF
 * program).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/perf_event.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "uncore.h"

static inline struct xu_pmu *to_xu_pmu(struct pmu *pmu)
{
	return container_of(pmu, struct xu_pmu, pmu);
}

static inline struct xu_box *xu_event_box(struct perf_event *event)
{
	return event->pmu_private;
}

/* The box of @xp this CPU may drive, or NULL. */
static struct xu_box *xu_local_box(struct xu_pmu *xp)
{
	struct xu_socket *sk = xu_socket_of(smp_processor_id());

	if (!sk || !xu_socket_local(sk))
		return NULL;
	return xp->boxes[sk->id];
}

/* ---- add, del, start, stop ----------------------------------------- */

static void xu_event_place(struct xu_box *box, struct perf_event *event, int idx)
{
	struct hw_perf_event *hwc = &event->hw;

	hwc->idx = idx;
	hwc->config_base = xu_ctl(box, idx);
	hwc->event_base = xu_ctr(box, idx);
	box->counters[idx] = event;
	box->used |= BIT(idx);
	clear_bit(idx, &box->saturated);
}

/* @event off its counter (stopped). */
static void xu_event_unplace(struct xu_box *box, struct perf_event *event)
{
	int idx = event->hw.idx;

	box->counters[idx] = NULL;
	box->used &= ~BIT(idx);
	clear_bit(idx, &box->throttled);
	clear_bit(idx, &box->pmi_on);
	event->hw.idx = -1;
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

static unsigned long xu_allowed(struct xu_pmu *xp, struct perf_event *event)
{
	struct xu_enc enc;

	xu_event_enc(xp, event, &enc);
	return enc.counters;
}

static void xu_event_start(struct xu_box *box, struct perf_event *event,
			   bool reload)
{
	xu_ctr_start(box, event, reload);
	xu_poll_start(box, event);
}

/*
 * Stopped and folded, always: a start reads the counter afresh, and would
 * drop the count since the last fold (perf's stop without PERF_EF_UPDATE,
 * 6.16's group throttle, starts it again).  @owe: the event leaves its
 * counter for perf (a stop with PERF_EF_UPDATE, a del), not for another
 * counter of the box in an add, where it restarts at once and a sample
 * would read a group whose new member is half in; a del takes them also
 * if the event had stopped before without them.
 */
static void xu_event_stop(struct xu_box *box, struct perf_event *event,
			  bool owe)
{
	bool running = !(event->hw.state & PERF_HES_STOPPED);

	xu_ctr_stop(box, event, true);
	if (running)
		xu_poll_stop(box, event);
	if (owe)
		xu_poll_owed(box, event);
	xu_ctr_mark_owed(box, event);
}

static void xu_pmu_start(struct perf_event *event, int flags)
{
	struct xu_box *box = xu_event_box(event);
	unsigned long irqflags;

	xu_box_lock(box, &irqflags);
	xu_event_start(box, event, flags & PERF_EF_RELOAD);
	xu_box_unlock(box, irqflags);
}

static void xu_pmu_stop(struct perf_event *event, int flags)
{
	struct xu_box *box = xu_event_box(event);
	unsigned long irqflags;

	xu_box_lock(box, &irqflags);
	xu_event_stop(box, event, flags & PERF_EF_UPDATE);
	xu_box_unlock(box, irqflags);
}

static int xu_pmu_add(struct perf_event *event, int flags)
{
	struct xu_box *box = xu_event_box(event);
	const struct xu_box_type *t = box->pmu->type;
	unsigned long allowed[XU_MAX_COUNTERS], running = 0, irqflags;
	int assign[XU_MAX_COUNTERS];
	unsigned int i, n;
	struct xu_enc enc;
	int alt, ret = -ENOSPC;

	/* a stale CPU: perf put the event there as the collector moved away */
	if (!xu_socket_local(box->sk))
		return -ENODEV;
	xu_box_lock(box, &irqflags);
	n = box->n_events;
	if (n >= xu_counters_total(t))
		goto out;

	/*
	 * A shared register already holding another value in a field this
	 * event needs, in each of its alternatives: it waits (perf rotates
	 * it in when the other leaves).
	 */
	alt = xu_event_fit_shared(box->pmu, event, box->shared, &enc);
	if (alt < 0)
		goto out;
	event->hw.extra_reg.idx = alt;
	event->hw.config = enc.ctl;

	box->events[n++] = event;
	for (i = 0; i < n; i++) {
		allowed[i] = xu_allowed(box->pmu, box->events[i]);
		assign[i] = box->events[i]->hw.idx;
	}
	if (xu_assign_counters(allowed, n, assign))
		goto out;
	box->n_events = n;

	xu_box_commit_shared(box, xu_shared_take(t, box->shared, &enc));

	/* Events that must move: stop them all first, then restart. */
	for (i = 0; i < n - 1; i++) {
		struct perf_event *e = box->events[i];

		if (e->hw.idx == assign[i])
			continue;
		if (!(e->hw.state & PERF_HES_STOPPED))
			running |= BIT(i);
		xu_event_stop(box, e, false);
		xu_event_unplace(box, e);
	}
	for (i = 0; i < n - 1; i++) {
		struct perf_event *e = box->events[i];

		if (e->hw.idx >= 0)
			continue;
		xu_event_place(box, e, assign[i]);
		if (running & BIT(i))
			xu_event_start(box, e, false);
	}

	/* a sample its last stop owed stays owed (PERF_HES_ARCH) */
	event->hw.state = PERF_HES_STOPPED | PERF_HES_UPTODATE |
			  (event->hw.state & PERF_HES_ARCH);
	xu_event_place(box, event, assign[n - 1]);
	if (flags & PERF_EF_START)
		xu_event_start(box, event, false);
	if (!box->enabled && !box->frozen) {
		xu_box_thaw(box);
		box->enabled = true;
	}
	ret = 0;
out:
	xu_box_unlock(box, irqflags);
	return ret;
}

static void xu_pmu_del(struct perf_event *event, int flags)
{
	struct xu_box *box = xu_event_box(event);
	unsigned long irqflags;
	struct xu_enc enc;
	unsigned int i;

	xu_box_lock(box, &irqflags);
	xu_event_stop(box, event, true);
	xu_event_unplace(box, event);
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
		xu_box_freeze(box);
		box->enabled = false;
	}
	xu_box_unlock(box, irqflags);
}

static void xu_pmu_read(struct perf_event *event)
{
	xu_ctr_read(event);
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
	unsigned long flags;

	if (!box)
		return;
	xu_box_lock(box, &flags);
	if (!box->frozen && box->enabled) {
		xu_box_freeze(box);
		box->enabled = false;
	}
	/* after the freeze: from here a counter of the box holds still */
	box->frozen++;
	xu_box_unlock(box, flags);
}

static void xu_pmu_enable(struct pmu *pmu)
{
	struct xu_box *box = xu_local_box(to_xu_pmu(pmu));
	unsigned long flags;

	if (!box)
		return;
	xu_box_lock(box, &flags);
	if (!WARN_ON_ONCE(!box->frozen) && !--box->frozen &&
	    box->n_events && !box->enabled) {
		xu_box_thaw(box);
		box->enabled = true;
	}
	xu_box_unlock(box, flags);
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
	/* the module is loading, or unloading: its PMUs may go any time */
	if (!READ_ONCE(xu_state.live))
		return -ENODEV;

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

	event->hw.config = enc.ctl;
	event->hw.extra_reg.idx = 0;
	event->hw.idx = -1;
	/* nothing to fold until add places it (a read may come first) */
	event->hw.state = PERF_HES_STOPPED | PERF_HES_UPTODATE;

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

void xu_pmu_callbacks(struct pmu *pmu)
{
	pmu->event_init = xu_event_init;
	pmu->add = xu_pmu_add;
	pmu->del = xu_pmu_del;
	pmu->start = xu_pmu_start;
	pmu->stop = xu_pmu_stop;
	pmu->read = xu_pmu_read;
	pmu->event_idx = xu_event_idx;
	pmu->pmu_enable = xu_pmu_enable;
	pmu->pmu_disable = xu_pmu_disable;
	pmu->start_txn = xu_pmu_start_txn;
	pmu->commit_txn = xu_pmu_commit_txn;
	pmu->cancel_txn = xu_pmu_cancel_txn;
}
