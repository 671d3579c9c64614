/* SPDX-License-Identifier: GPL-2.0 */
/*
 * xeon_uncore: types shared by the core and the platform files.
 *
 * A platform is a list of box types.  A box type is data: how many boxes a
 * socket has, their counters and registers, the config fields users may
 * set (which double as the sysfs format and as the validation mask), named
 * events and per-event counter constraints.  Ops exist only where a box
 * differs from the generic MSR box.
 *
 * The core is in layers, each calling only those below it:
 *
 *   init.c     module init: parameters, sockets and CPU hotplug, the
 *              PMUs' setup, registration and sysfs, debugfs; pci.c finds
 *              the PCI boxes and re-programs them when they come back
 *   pmu.c      perf glue: event_init, add/del/start/stop/read, transactions
 *   poll.c     the poll timer        irq.c  the uncore PMI, samples
 *   counter.c  a counter's life: every control and counter write, fold,
 *              audit, arm and reset, under the box lock or in the PMI
 *   audit.c    other programs' writes, found and reported
 *   regs.c     register access: MSRs, config space, or the model
 *
 * with assign.c's pure helpers and compat.h's kernel-version helpers
 * beside them all.  The platform files (l3.c, nhmex.c, snbep.c) are
 * tables and a few ops that the core calls; they call only regs.c and
 * assign.c.
 */
#ifndef _XEON_UNCORE_H
#define _XEON_UNCORE_H

#include <linux/bitfield.h>
#include <linux/bits.h>
#include <linux/device.h>
#include <linux/hrtimer.h>
#include <linux/irq_work.h>
#include <linux/pci.h>
#include <linux/perf_event.h>
#include <linux/rcupdate.h>
#include <linux/spinlock.h>
#include <linux/topology.h>
#include <linux/types.h>
#include <asm/cpu_device_id.h>
#include <asm/irq_regs.h>

#include "compat.h"

#define XU_MAX_COUNTERS		16
#define XU_MAX_SOCKETS		8
#define XU_CONFIG_WORDS		3	/* attr.config, config1, config2 */
#define XU_MAX_SHARED		BITS_PER_LONG	/* shared registers per box */
#define XU_MAX_USES		6	/* shared registers one event programs */
#define XU_MAX_FIELDS		8	/* refcounted fields per shared register */
#define XU_MAX_NEEDS		4	/* fields of a type that act through another */
#define XU_FIXED_EVENT		0xff	/* event=0xff selects a box's fixed counter */

/*
 * One config field: a mask in one of the three config words.  A slice is
 * a named part of another field of the box (upstream's QPI match_opc
 * inside match0): both set the same bits, the slice by name.  @needs:
 * the name of the box's field this one acts through, which must then be
 * non-zero: when it is 0 the encoder programs it at 1 (@needs_why says
 * why, in dmesg; the link is resolved once per PMU, xu_pmu_fields()).
 * @acts: whether the field acts on the event that config selects (NULL:
 * on every event); where it does not, the hardware ignores it: accepted,
 * not programmed, nothing supplied for it, noted once (@acts_why).
 * @noted: bit 0 once dmesg has said that an event's hardware ignores the
 * field (see xu_enc.ignored), bit 1 once it has said that the needed
 * field was supplied, bit 2 once it has said that a value of the field
 * has an unconfirmed meaning (xu_enc.unsure).
 */
struct xu_field {
	struct device_attribute attr;
	u8 word;
	bool slice;
	u64 mask;
	const char *needs;
	const char *needs_why;
	bool (*acts)(const u64 *config);
	const char *acts_why;
	unsigned long noted;
};

ssize_t xu_field_show(struct device *dev, struct device_attribute *attr,
		      char *buf);

#define XU_FIELD(_var, _name, _word, _mask)				\
	static struct xu_field xu_field_##_var = {			\
		.attr = __ATTR(_name, 0444, xu_field_show, NULL),	\
		.word = (_word),					\
		.mask = (_mask),					\
	}

#define XU_FIELD_NEEDS_ON(_var, _name, _word, _mask, _needs, _why,	\
			  _acts, _acts_why)				\
	static struct xu_field xu_field_##_var = {			\
		.attr = __ATTR(_name, 0444, xu_field_show, NULL),	\
		.word = (_word),					\
		.mask = (_mask),					\
		.needs = (_needs),					\
		.needs_why = (_why),					\
		.acts = (_acts),					\
		.acts_why = (_acts_why),				\
	}
#define XU_FIELD_NEEDS(_var, _name, _word, _mask, _needs, _why)	\
	XU_FIELD_NEEDS_ON(_var, _name, _word, _mask, _needs, _why, NULL, NULL)

#define XU_FIELD_SLICE(_var, _name, _word, _mask)			\
	static struct xu_field xu_field_##_var = {			\
		.attr = __ATTR(_name, 0444, xu_field_show, NULL),	\
		.word = (_word),					\
		.slice = true,						\
		.mask = (_mask),					\
	}

/*
 * A named event: an alias string, with optional scale and unit.  A row
 * with no name ends the table, or goes on in @more (a part's own events
 * before those its sibling part shares).
 */
struct xu_event_desc {
	const char *name;
	const char *config;
	const char *scale;
	const char *unit;
	const struct xu_event_desc *more;
};

#define XU_EVENT(_name, _config) { .name = (_name), .config = (_config) }
#define XU_EVENTS_MORE(_table)	{ .more = (_table) }

/* @d, or the row a chain of tables goes on at; NULL: the end of the list */
static inline const struct xu_event_desc *
xu_event_row(const struct xu_event_desc *d)
{
	while (d && !d->name)
		d = d->more;
	return d;
}

/* Events matching (config & mask) == match may only use counters in @counters. */
struct xu_constraint {
	u64 mask;
	u64 match;
	unsigned long counters;
	/* a row with no counters ends the table, or goes on in @more */
	const struct xu_constraint *more;
};

#define XU_CONSTRAINT(_mask, _match, _counters) \
	{ .mask = (_mask), .match = (_match), .counters = (_counters) }
/* the last row of a part's table that adds to a sibling part's */
#define XU_CONSTRAINTS_MORE(_table)	{ .more = (_table) }

/* @c, or the row a chain of tables goes on at; NULL: the end of the list */
static inline const struct xu_constraint *
xu_constraint_row(const struct xu_constraint *c)
{
	while (c && !c->counters)
		c = c->more;
	return c;
}

/*
 * How fast an event counts, for how often a polled counter must be folded.
 * An event whose code is in [@first, @last] (@first alone when @last is
 * below it) adds at most @max_inc a cycle for each subevent it selects
 * (a selection of several adds up), never more than its type's max_inc;
 * a code in no row (an occupancy, or one the guide does not list) may add
 * the type's max_inc.  The code is the control's bits in the type's
 * rate_code, packed low (the QPI's extended event select is code bit 8).
 * A row with no max_inc ends the table, or goes on in @more.
 */
struct xu_rate {
	u16 first, last;
	u16 max_inc;
	const struct xu_rate *more;
};

#define XU_RATES(_first, _last, _max_inc) \
	{ .first = (_first), .last = (_last), .max_inc = (_max_inc) }
/* one code: @last below @first */
#define XU_RATE(_code, _max_inc)	{ .first = (_code), .max_inc = (_max_inc) }
#define XU_RATES_MORE(_table)	{ .more = (_table) }

static inline const struct xu_rate *xu_rate_row(const struct xu_rate *r)
{
	while (r && !r->max_inc)
		r = r->more;
	return r;
}

/*
 * Bits of a config word that this part reserves where a sibling part has a
 * field (the E5-2600's invert on the E5-2600 v2): refused, saying why.
 */
struct xu_reserved {
	u8 word;
	u64 mask;
	const char *why;
};

struct xu_box;
struct xu_box_type;

/*
 * A register that all counters of a box share (a filter, a match or mask
 * register, a sub-control), reference-counted per field: events needing
 * different values in one field are never on the box together.  Its
 * address (MSR boxes): @offset from the box's base, or, where the boxes
 * of a type do not keep one layout, box i's register at @addr[i].
 */
struct xu_shared_reg {
	const char *name;
	u32 offset;
	const u32 *addr;		/* [num_boxes]; NULL: base + offset */
	u64 fields[XU_MAX_FIELDS];	/* 0-terminated */
};

/* One shared register of a box: its value, and who holds each field. */
struct xu_shared_val {
	u64 val;
	u8 ref[XU_MAX_FIELDS];
};

/* A box's shared registers, as many as its type has (xu_shared_alloc()). */
struct xu_shared_state {
	unsigned long known;	/* registers whose hardware value is reg[].val */
	struct xu_shared_val reg[];
};

/* An event's hold on one shared register: @val in the fields of @mask. */
struct xu_use {
	u8 reg;			/* index in the type's shared[] */
	u64 val;
	u64 mask;		/* whole fields of the register */
};

/*
 * What an event asks of a box: its control value, counters, shared values.
 * @alt: in: which of the event's alternative encodings (an M-box FVC event
 * in another slot of its register) to give; @nalt: out: how many it has,
 * 0 or 1 for one.  The core places an event by an alternative that
 * shares held values, else the first that fits (xu_shared_place()), and
 * keeps it with the event until it leaves.
 * @use: the shared registers it programs, at most one entry a register
 * (xu_enc_use()).
 * @ignored: bits of the config words that the hardware does not read for
 * this event (a filter or match field of another event): accepted, never
 * programmed, and no hold on a shared register; @ignored_why says which
 * events do read them; @ignored_in, if set, a slice that holds some of
 * them, which dmesg names (with @ignored_in_why) instead of the field it
 * is part of when it holds all of that field's.
 * @unsure: a field programmed as given, with a value whose meaning no
 * guide we have states (a shared assumption, xeon_uncore_assumed.h):
 * noted once per field, @unsure_why says which value and the guess.
 */
struct xu_enc {
	u64 ctl;
	unsigned long counters;
	unsigned int alt, nalt;
	unsigned int nuse;
	struct xu_use use[XU_MAX_USES];
	u64 ignored[XU_CONFIG_WORDS];
	const char *ignored_why;
	struct xu_field *ignored_in;
	const char *ignored_in_why;
	struct xu_field *unsure;
	const char *unsure_why;
};

/* Does @enc hold anything but 0 in a shared register? */
static inline bool xu_enc_vals(const struct xu_enc *enc)
{
	unsigned int i;

	for (i = 0; i < enc->nuse; i++)
		if (enc->use[i].val)
			return true;
	return false;
}

/* @enc holds @val in the fields @mask of shared register @reg (none: 0). */
static inline void xu_enc_use(struct xu_enc *enc, unsigned int reg, u64 val,
			      u64 mask)
{
	unsigned int i;

	if (!mask)
		return;
	for (i = 0; i < enc->nuse && enc->use[i].reg != reg; i++)
		;
	if (WARN_ON_ONCE(i == XU_MAX_USES))
		return;
	if (i == enc->nuse)
		enc->use[enc->nuse++] = (struct xu_use){ .reg = reg };
	enc->use[i].val = (enc->use[i].val & ~mask) | (val & mask);
	enc->use[i].mask |= mask;
}

struct xu_socket;

/* Only for boxes that are not a plain "box control + N ctl/ctr MSR pairs". */
struct xu_box_ops {
	void (*init_box)(struct xu_box *box);
	void (*exit_box)(struct xu_box *box);
	void (*enable_box)(struct xu_box *box);
	void (*disable_box)(struct xu_box *box);
	/*
	 * Start counting (under the box lock, hw.prev_count just read from
	 * the counter; may preset both) / stop so that a read that follows
	 * gets the final count.  Default: write the control register with
	 * the enable bit / write it with 0.
	 */
	void (*enable_event)(struct xu_box *box, struct perf_event *event);
	void (*disable_event)(struct xu_box *box, struct perf_event *event);
	/*
	 * Translate validated config words into @enc; NULL, or why not.
	 * Default: config without the enable bit, counters from the
	 * constraints (or the fixed counter for event=0xff), no shared
	 * registers.
	 */
	const char *(*encode)(const struct xu_box_type *type, const u64 *config,
			      struct xu_enc *enc);
	/*
	 * Program the shared registers in @regs (bits: indices in the
	 * type's shared[]), whose values are in box->shared, in whatever
	 * sequence the box needs.  Default: each at xu_shared_addr().
	 */
	void (*commit_shared)(struct xu_box *box, unsigned long regs);
};

/*
 * How a box reports its counters' overflows on a platform with an uncore
 * PMI, walked by the core (xu_socket_overflow()): the bit of the global
 * status that summarises the box, the box's own status register with a
 * bit per counter, and where writing the bits read clears them.  One such
 * table per box type is the whole overflow tree of a part.
 */
struct xu_ovf {
	const u64 *summary;	/* global status bits of box i; NULL: @summary_mask */
	u64 summary_mask;
	/*
	 * A summary register between the global status and box i (the
	 * Xeon 7500's S-box SUMMARY): MSR @mid[i], in which box i reports
	 * at @mid_bits[i]; NULL, or a 0 entry: the box reports to the
	 * global status directly.  Read once per PMI, however many boxes
	 * report to it.
	 */
	const u32 *mid;
	const u64 *mid_bits;
	u32 status;		/* from the box's base; 0: the summary is counter 0's */
	u32 clear;		/* from the box's base: write 1s to clear; 0: @status (W1C) */
	/*
	 * @status is at an address no guide gives: checked at the load's
	 * reset before it is used (xu_box_reset()); one that faults there,
	 * holds bits no counter of the box has, or keeps its bits when they
	 * are written, is not used again.  One that reads 0 under a summary
	 * bit no box shows is read around (xu_box_status_lost()).
	 */
	bool status_assumed;
	const u8 *ctr_bit;	/* status bit of counter i; NULL: bit i */
	/*
	 * The status bits are set on every overflow, interrupt enabled or
	 * not: a polled counter that wrapped unseen between two folds
	 * shows (xu_box_poll()).
	 */
	bool always;
};

enum xu_space {
	XU_MSR,
	XU_PCI,		/* registers are offsets in a PCI function's config space */
};

struct xu_box_type {
	const char *name;		/* PMU is uncore_<name>[_<n>] */
	u8 space;			/* enum xu_space */
	const u16 *pci_ids;		/* PCI: device ID of box i */
	const u16 *pci_aux_ids;		/* PCI: its companion function; 0: none */
	unsigned int num_boxes;		/* per socket */
	bool per_core;			/* one box per core, at most num_boxes */
	unsigned int num_counters;
	unsigned int width;		/* counter bits */
	unsigned int max_inc;		/* largest per-cycle increment of any event */
	/*
	 * Per-event rates (struct xu_rate): the control bits of the event
	 * code, of the subevent selection, and those that make any event
	 * add at most 1 a cycle (a threshold compares, edge detect counts
	 * transitions).
	 */
	const struct xu_rate *rates;
	u64 rate_code;
	u64 rate_sub;
	u64 rate_one;

	/* MSR layout: box i's registers are offset by box_offsets[i] */
	u32 box_ctl;			/* box enable/freeze; 0 if none */
	const u32 *box_offsets;		/* NULL: box i is at i * box_stride */
	u32 box_stride;
	u32 ctl0;			/* event select of counter 0 */
	u32 ctr0;			/* count of counter 0 */
	u8 ctl_stride;
	u8 ctr_stride;
	/* counters at irregular places: counter i at these offsets from the base */
	const u32 *ctl_offsets;
	const u32 *ctr_offsets;
	/* a fixed counter, index num_counters, selected by event=0xff */
	u32 fixed_ctl;
	u32 fixed_ctr;			/* 0: none */
	unsigned int fixed_width;
	u64 fixed_enable_bit;		/* its control's enable; 0: enable_bit */
	bool fixed_nopmi;		/* it cannot interrupt: always polled */
	const struct xu_shared_reg *shared;	/* [nshared] */
	unsigned int nshared;

	u64 enable_bit;			/* kernel-owned local enable in the ctl register */
	u64 pmi_bit;			/* ctl bit: interrupt on overflow; 0: cannot */
	const struct xu_ovf *ovf;	/* with pmi_bit: where overflows show */
	u64 sat_bit;			/* control bit: saturate instead of wrapping */
	/* bits the driver sets itself; accepted from users, who need not */
	u64 fixed[XU_CONFIG_WORDS];
	unsigned int rdpmc0;		/* RDPMC index of counter 0; 0: none */

	struct xu_field * const *fields;		/* NULL-terminated */
	const struct xu_reserved *reserved;		/* { } terminated */
	const struct xu_event_desc *events;		/* { } terminated */
	const struct xu_constraint *constraints;	/* { } terminated */
	const struct xu_box_ops *ops;
	const void *priv;	/* the platform's: a part's variant of the box */
};

struct xu_platform {
	const char *name;
	u64 uclk_max_hz;		/* fastest clock any counter counts in, any SKU */
	const struct xu_box_type * const *types;	/* NULL-terminated */
	const void *priv;	/* the platform's own data */
	/* PCI boxes: the logical package of a PCI function, or < 0 */
	int (*pci_socket)(const struct xu_platform *plat, struct pci_dev *pdev);
	/*
	 * On the socket's CPU, when it gets its collector: @quiesce_socket
	 * stops every counter and routes no PMI, before the boxes' reset;
	 * @init_socket lets the socket count again, after it.
	 */
	void (*quiesce_socket)(struct xu_socket *sk);
	void (*init_socket)(struct xu_socket *sk);
	void (*exit_socket)(struct xu_socket *sk);
	/*
	 * The uncore PMI, for platforms that have one; the core walks the
	 * boxes (their xu_ovf).  pmi_cores: how many cores the global
	 * control's core select reaches.  On the new collector, interrupts
	 * off: route the socket's PMI to the cores of mask @cores (the
	 * collector's bit, or 0 when it is out of reach), never unfreezing
	 * a socket the hardware froze for a pending overflow.  The global
	 * status, 0 when no overflow is pending (changes nothing; any
	 * context, NMI included).  In the NMI, before the walk: clear the
	 * latches of @status that the boxes' status registers do not clear.
	 * After it: unfreeze the socket.
	 */
	unsigned int pmi_cores;
	void (*set_pmi_cpu)(struct xu_socket *sk, u32 cores);
	u64 (*pmi_status)(struct xu_socket *sk);
	void (*pmi_ack)(struct xu_socket *sk, u64 status);
	void (*pmi_unfreeze)(struct xu_socket *sk);
};

/* What the overflow paths did, per socket; debugfs "stats". */
struct xu_stats {
	atomic64_t polls;	/* box poll timer expiries */
	atomic64_t nmis;	/* uncore PMIs handled */
	atomic64_t stray;	/* PMIs on a CPU that is not the collector (a move) */
	atomic64_t late;	/* PMIs walked after their NMI (irq.c) */
	atomic64_t overflows;	/* counter overflows handled in the PMI */
	atomic64_t samples;
	atomic64_t throttled;	/* samples not taken: over sample_limit */
	atomic64_t read_errors;	/* counter reads that failed: not folded */
	atomic64_t foreign;	/* controls found rewritten by another program */
	atomic64_t missed_wraps; /* polled counters found to have wrapped unseen */
	/* assumed status bits of interrupting counters that did not wrap */
	atomic64_t phantom;
};

/* From any context (the NMI, the poll, a reader on another CPU). */
#define xu_stat_inc(sk, f)	atomic64_inc(&(sk)->stats.f)
#define xu_stat_add(sk, f, n)	atomic64_add((n), &(sk)->stats.f)

/*
 * Per-socket state.  @cpu is published last when a socket comes up and
 * withdrawn (-1) when the collector moves, after @target is set and
 * before @pmi_ok is cleared: while it is -1 no CPU drives the boxes,
 * event_init refuses, and a PMI is not walked (init.c).
 */
struct xu_socket {
	unsigned int id;		/* logical package id */
	int cpu;			/* collecting CPU, -1 when none */
	int target;			/* CPU the events are moving to, or -1 */
	int pmi_cpu;			/* CPU the PMI is routed to, -1: none */
	bool pmi_ok;			/* PMI boxes interrupt (else polled: unreachable, moving) */
	/* the global control's writers but the collector's PMI (xu_pmi_stray()) */
	raw_spinlock_t ctl_lock;
	/*
	 * What the PMI left to the collector's late walk (irq.c), the socket
	 * frozen until it has walked it: summary bits of PCI boxes (config
	 * space is not for an NMI), and whether a PMI came while the
	 * collector held a box lock (@pmi_late); the registers those NMIs
	 * interrupted, for the samples the late walk takes (@pmi_regs: the
	 * PCI boxes'; @late_regs: the first NMI since the last walk that
	 * found a box lock held), and room for those samples' callchain
	 * (the sampled address alone).
	 */
	atomic64_t deferred;
	atomic_t pmi_late;
	struct pt_regs pmi_regs;
	struct pt_regs late_regs;
	u64 pmi_chain[3];
	u64 global_ctl;			/* shadow of the global control register */
	/*
	 * Counters on the PMI started, and whether one stopped since the PMI
	 * last found no overflow: with neither, no PMI can be ours and the
	 * NMI handler reads nothing.
	 */
	atomic_t pmi_active;
	bool pmi_stale;
	/* the current tick (high half) and its samples, against sample_limit */
	atomic64_t tick;
	struct irq_work throttle_work;	/* from the NMI: arm @unthrottle */
	struct hrtimer unthrottle;	/* next tick: re-arm throttled counters */
	struct xu_stats stats;
};

/* A field of a type (@f) and the one it acts through there (@g): xu_field.needs */
struct xu_need {
	struct xu_field *f;
	const struct xu_field *g;
};

struct xu_pmu {
	struct pmu pmu;
	const struct xu_box_type *type;
	unsigned int idx;		/* box index within the socket */
	char name[32];
	/* from type->fields, by xu_pmu_fields() */
	u64 valid[XU_CONFIG_WORDS];	/* bits users may set */
	unsigned int nneeds;
	struct xu_need needs[XU_MAX_NEEDS];
	struct attribute_group *format;
	struct attribute_group *events;
	const struct attribute_group *groups[4];	/* format, events, cpumask */
	bool registered;		/* with perf: its box exists somewhere */
	bool pmi;			/* overflows interrupt: no polling, lockless folds */
	atomic_long_t foreign_writes;	/* controls found rewritten (audit.c) */
	/* bit 0: dmesg told of a status not used; 1: of one that read 0 in a PMI */
	unsigned long noted;
	struct xu_box *boxes[XU_MAX_SOCKETS];
};

/* The first control register of a box found rewritten (audit.c). */
struct xu_foreign {
	atomic_t state;
	unsigned int idx;
	u32 reg;
	u64 got, want;
};

/* One box of one socket. */
struct xu_box {
	struct xu_pmu *pmu;
	struct xu_socket *sk;
	/* PCI boxes: the function and its companion (match/mask), or NULL */
	struct pci_dev __rcu *pdev;
	struct pci_dev __rcu *aux;
	u32 base;			/* offset of this box's registers */
	raw_spinlock_t lock;		/* folds from other CPUs of the package */
	int holder;			/* the CPU delivering a sample under the lock, -1 */
	unsigned int n_events;		/* collected, in events[] */
	unsigned int n_active;		/* started on polled counters */
	struct perf_event *events[XU_MAX_COUNTERS];
	struct perf_event *counters[XU_MAX_COUNTERS];
	unsigned long used;		/* counters with an event */
	/* atomic bitops: read in the NMI and by the timers */
	unsigned long active;		/* counters started */
	unsigned long pmi_on;		/* counters started interrupting (else polled) */
	unsigned long throttled;	/* PMI masked until the next tick */
	struct xu_shared_state *shared;
	unsigned long saturated;	/* counters found saturated, reported */
	bool enabled;			/* box-level enable written */
	unsigned int frozen;		/* pmu_disable and transactions, nested */
	/*
	 * A PMI counter stopped since the walk last read the status (it may
	 * have overflowed as it stopped); a box with no counter on the PMI and
	 * no such leftover is not read in the PMI.
	 */
	bool pmi_stale;
	/*
	 * Polled boxes whose overflow status is set on every wrap
	 * (xu_ovf.always), under @lock: counters folded, and counters a
	 * fold found wrapped, since the poll last read the status or the
	 * counter started (its status bit cleared then); counters whose
	 * status showed a wrap that no fold could check yet (a failed read),
	 * for the next poll.
	 */
	unsigned long folded;
	unsigned long wrap_seen;
	unsigned long wrap_pending;
	/*
	 * Its assumed status register (xu_ovf.status_assumed) failed the
	 * load's check: never read or written; a PMI of the box finds the
	 * wrapped counters by reading them (xu_box_take_status()).
	 */
	bool status_bad;
	/* in the PMI walk: its assumed status read 0 (xu_socket_overflow()) */
	bool status_zero;
	/*
	 * Its assumed status read 0 on an overflow its summary showed, or
	 * showed a counter overflowed that did not wrap: still read, but
	 * its PMIs take the counters found wrapped by reading them
	 * (xu_box_take_status())
	 */
	bool status_suspect;
	/*
	 * PMI counters whose stop folded a wrap since the box's status was
	 * last read: that wrap's status bit may still be set when the PMI
	 * reads it, with the counter started again since
	 * (xu_box_assumed_ovf())
	 */
	unsigned long wrap_folded;
	/* PMI boxes: the value each counter was last armed with */
	u64 armed[XU_MAX_COUNTERS];
	struct hrtimer timer;
	ktime_t poll;
	ktime_t next_poll;		/* when the timer was due when last cancelled */
	struct xu_foreign foreign;
};

/*
 * The loaded driver (init.c): its module parameters, its platform, its
 * sockets and their PMUs.  The layers below read them; init.c alone
 * writes them, before the PMUs are registered and after they are gone.
 */
struct xu_params {
	bool pmi;			/* overflows by the uncore PMI where there is one */
	unsigned int poll_ms;		/* fold interval; 0: from each event's rate */
	unsigned int sample_limit;	/* samples per socket per tick; 0: no limit */
	bool audit;			/* look for other programs' writes */
	u32 throttle_ms;		/* debugfs: a throttle's length; 0: a tick */
};

struct xu_state {
	const struct xu_platform *plat;
	struct xu_socket sockets[XU_MAX_SOCKETS];
	unsigned int nr_sockets;
	struct xu_pmu *pmus;
	unsigned int nr_pmus;
	/*
	 * Loaded: events may be made, and follow their collector (set last
	 * by init, cleared first by exit and a failed init, with CPU hotplug
	 * held off).
	 */
	bool live;
};

extern struct xu_params xu_params;
extern struct xu_state xu_state;

static inline struct xu_socket *xu_socket_of_id(unsigned int id)
{
	return id < xu_state.nr_sockets ? &xu_state.sockets[id] : NULL;
}

static inline struct xu_socket *xu_socket_of(int cpu)
{
	return xu_socket_of_id(topology_logical_package_id(cpu));
}

/* The @i-th box of socket @sk in PMU order, or NULL past the last. */
static inline struct xu_box *xu_socket_box_nr(struct xu_socket *sk, unsigned int i)
{
	return i < xu_state.nr_pmus ? xu_state.pmus[i].boxes[sk->id] : NULL;
}

/* Whether this CPU drives @sk's boxes: its collector, or the one it moves to. */
static inline bool xu_socket_local(const struct xu_socket *sk)
{
	int cpu = smp_processor_id();

	return READ_ONCE(sk->cpu) == cpu || READ_ONCE(sk->target) == cpu;
}

/* Register access (regs.c): the hardware, or the model. */
int xu_regs_init(const char *backend);
void xu_regs_exit(void);
bool xu_regs_simulated(void);
u64 xu_rdmsr(u32 msr);
int xu_rdmsr_probe(u32 msr, u64 *val);
void xu_wrmsr(u32 msr, u64 val);
int xu_read_ctr(struct xu_box *box, u32 reg, u64 *val, bool still);
int xu_read_reg(struct xu_box *box, u32 reg, u64 *val);
int xu_probe_reg(struct xu_box *box, u32 reg, u64 *val);
int xu_read_halves(int (*read)(void *ctx, u32 reg, u32 *val), void *ctx,
		   u32 reg, u64 *val, bool still);
void xu_write_reg(struct xu_box *box, u32 reg, u64 val);
void xu_write_ctr(struct xu_box *box, u32 reg, u64 val);
void xu_pci_write(struct pci_dev *pdev, u32 reg, u32 val);

/* Other programs' writes to our counters (audit.c) */
bool xu_foreign_check(struct xu_box *box, struct perf_event *event, u64 want);
void xu_audit_exit(void);

/* A counter's life (counter.c): under the box lock, or in the PMI */
void xu_box_lock(struct xu_box *box, unsigned long *flags);
void xu_box_unlock(struct xu_box *box, unsigned long flags);
void xu_pmi_hold(void);
void xu_pmi_release(void);
bool xu_pmi_excluded(void);
bool xu_ctr_pmi(const struct xu_box *box, int idx);
u64 xu_ctr_ctl(const struct xu_box *box, const struct perf_event *event);
void xu_ctr_start(struct xu_box *box, struct perf_event *event, bool reload);
void xu_ctr_stop(struct xu_box *box, struct perf_event *event, bool update);
bool xu_ctr_fold(struct xu_box *box, struct perf_event *event);
bool xu_ctr_audit(struct xu_box *box, struct perf_event *event, bool stopping);
void xu_ctr_read(struct perf_event *event);
void xu_ctr_arm(struct xu_box *box, struct perf_event *event, bool reload);
void xu_ctr_period_sync(struct xu_box *box, struct perf_event *event);
void xu_ctr_mark_owed(struct xu_box *box, struct perf_event *event);
void xu_ctr_throttle(struct xu_box *box, struct perf_event *event);
void xu_ctr_unthrottle(struct xu_box *box, struct perf_event *event);
s64 xu_period_reload(struct hw_perf_event *hwc);
u64 xu_periods_due(struct hw_perf_event *hwc);
void xu_period_mark_owed(struct hw_perf_event *hwc, bool sampling);
bool xu_period_restarts(const struct hw_perf_event *hwc, bool sampling);
void xu_ctr_pmi_join(struct xu_box *box, int idx, bool pmi);
void xu_ctr_pmi_leave(struct xu_box *box, int idx);
void xu_box_freeze(struct xu_box *box);
void xu_box_thaw(struct xu_box *box);
void xu_box_reset(struct xu_box *box);
void xu_box_release(struct xu_box *box);
void xu_box_commit_shared(struct xu_box *box, unsigned long regs);
bool xu_box_take_status(struct xu_box *box, unsigned long *ovf);
unsigned long xu_box_status_lost(struct xu_box *box, u64 sum);
unsigned long xu_box_poll_wraps(struct xu_box *box, unsigned long *seen);
unsigned long xu_box_missed_wraps(struct xu_box *box, unsigned long wrapped,
				  unsigned long seen);
void xu_box_fold_all(struct xu_box *box);
void xu_box_reprogram(struct xu_box *box, bool counters);

/* Polling (poll.c) */
void xu_poll_start(struct xu_box *box, struct perf_event *event);
void xu_poll_stop(struct xu_box *box, struct perf_event *event);
void xu_poll_owed(struct xu_box *box, struct perf_event *event);
bool xu_box_freeze_for_reads(struct xu_box *box, unsigned long ctrs);
void xu_socket_pmi_again(struct xu_socket *sk);
bool xu_owed_samples(struct xu_box *box, struct perf_event *event, u64 due,
		     struct pt_regs *regs);
enum hrtimer_restart xu_box_poll(struct hrtimer *timer);

/* The uncore PMI and sample delivery (irq.c) */
int xu_irq_init(const struct xu_platform *plat, bool use_pmi);
void xu_irq_exit(void);
bool xu_irq_pmi(void);
void xu_socket_irq_init(struct xu_socket *sk);
void xu_socket_irq_exit(struct xu_socket *sk);
void xu_socket_adopted(struct xu_socket *sk);
bool xu_poll_samples(struct xu_box *box, struct perf_event *event, u64 due,
		     struct pt_regs *regs);
u32 xu_pmi_cores(const struct xu_platform *plat, unsigned int cpu);
bool xu_tick_take(struct xu_socket *sk, unsigned int limit, u32 now);
void xu_cpu_seen(unsigned int cpu);

/* perf glue (pmu.c) */
void xu_pmu_callbacks(struct pmu *pmu);

/* Whether box @xp->idx of its type has a companion (match/mask) function. */
static inline bool xu_box_has_aux(const struct xu_pmu *xp)
{
	return xp->type->pci_aux_ids && xp->type->pci_aux_ids[xp->idx];
}

/* PCI discovery (pci.c) */
int xu_pci_init(const struct xu_platform *plat, struct xu_pmu *pmus,
		unsigned int npmus);
void xu_pci_exit(void);

/* Whether @box is there: an MSR box always, a PCI box while its function is. */
static inline bool xu_box_present(const struct xu_box *box)
{
	return box->pmu->type->space != XU_PCI || rcu_access_pointer(box->pdev);
}

/*
 * The registers for samples taken outside the NMI: the interrupt's, else
 * the caller's (inlined, so that the stack pointer is of a frame live for
 * the walk).
 */
static __always_inline void xu_here_regs(struct pt_regs *regs)
{
	struct pt_regs *irq_regs = get_irq_regs();

	if (irq_regs) {
		*regs = *irq_regs;
		return;
	}
	memset(regs, 0, sizeof(*regs));
	perf_fetch_caller_regs(regs);
}

/* Pure helpers, tested by KUnit. */
static inline u64 xu_delta(u64 prev, u64 now, unsigned int width)
{
	return (now - prev) & GENMASK_ULL(width - 1, 0);
}

/*
 * hw.prev_count: the counter value last folded in its low @width bits and,
 * above them, a generation that only arming a counter (writing it) bumps.
 * A fold's compare-and-exchange then fails when the PMI re-armed the
 * counter after the fold read prev_count, even at the same preload.
 */
static inline u64 xu_prev_folded(u64 prev, u64 now, unsigned int width)
{
	u64 mask = GENMASK_ULL(width - 1, 0);

	return (prev & ~mask) | (now & mask);
}

static inline u64 xu_prev_armed(u64 prev, u64 val, unsigned int width)
{
	u64 mask = GENMASK_ULL(width - 1, 0);

	return ((prev | mask) + 1) | (val & mask);
}

u64 xu_poll_interval_ns(unsigned int width, unsigned int max_inc, u64 uclk_hz);
unsigned long xu_ovf_counters(const struct xu_box_type *t, u64 status);
u64 xu_ovf_status_bits(const struct xu_box_type *t);
int xu_socket_of_phys(unsigned int phys);
int xu_assign_counters(const unsigned long *allowed, unsigned int n, int *assign);
unsigned long xu_event_counters(const struct xu_box_type *type, u64 config);
unsigned int xu_event_max_inc(const struct xu_box_type *t, int idx, u64 ctl);
const char *xu_check_config(const struct xu_pmu *xp, const u64 *config);
bool xu_field_present(const struct xu_box_type *t, const struct xu_field *f);
void xu_type_valid(const struct xu_box_type *t, u64 *valid);
int xu_pmu_fields(struct xu_pmu *xp);
const char *xu_encode_alt(const struct xu_pmu *xp, const u64 *config,
			  unsigned int alt, struct xu_enc *enc);
static inline const char *xu_encode(const struct xu_pmu *xp, const u64 *config,
				    struct xu_enc *enc)
{
	return xu_encode_alt(xp, config, 0, enc);
}

int xu_shared_place(const struct xu_pmu *xp, const u64 *config,
		    const struct xu_shared_state *st, struct xu_enc *enc);
struct xu_shared_state *xu_shared_alloc(const struct xu_box_type *t);
bool xu_shared_fits(const struct xu_box_type *t,
		    const struct xu_shared_state *st, const struct xu_enc *enc);
unsigned long xu_shared_take(const struct xu_box_type *t,
			     struct xu_shared_state *st,
			     const struct xu_enc *enc);
void xu_shared_drop(const struct xu_box_type *t, struct xu_shared_state *st,
		    const struct xu_enc *enc);
unsigned long xu_shared_held(const struct xu_box_type *t,
			     const struct xu_shared_state *st);

static inline unsigned int xu_counters_total(const struct xu_box_type *t)
{
	return t->num_counters + !!t->fixed_ctr;
}

static inline unsigned int xu_width(const struct xu_box_type *t, int idx)
{
	return idx == t->num_counters ? t->fixed_width : t->width;
}

/* The enable bit of counter @idx's control. */
static inline u64 xu_enable_bit(const struct xu_box_type *t, int idx)
{
	if (idx == t->num_counters && t->fixed_enable_bit)
		return t->fixed_enable_bit;
	return t->enable_bit;
}

/*
 * The counters of @xp's boxes that interrupt on overflow (their PMU takes
 * the PMI); the others are polled.
 */
static inline unsigned long xu_pmi_counters(const struct xu_pmu *xp)
{
	const struct xu_box_type *t = xp->type;
	unsigned long all = GENMASK(xu_counters_total(t) - 1, 0);

	if (!xp->pmi)
		return 0;
	return t->fixed_nopmi ? all & ~BIT(t->num_counters) : all;
}

int xu_format_field(char *buf, size_t len, u8 word, u64 mask);

/* Register addresses of a box: its box-level registers, its counter @i. */
static inline u32 xu_box_ctl(const struct xu_box *box)
{
	return box->base + box->pmu->type->box_ctl;
}

/* Where writing 1s clears the box's overflow status (xu_ovf.clear). */
static inline u32 xu_box_ovf_clear(const struct xu_box *box)
{
	const struct xu_ovf *o = box->pmu->type->ovf;

	return box->base + (o->clear ?: o->status);
}

/* The status bit of counter @i of a box of type @t (xu_ovf.ctr_bit). */
static inline u64 xu_ovf_bit(const struct xu_box_type *t, unsigned int i)
{
	return BIT_ULL(t->ovf->ctr_bit ? t->ovf->ctr_bit[i] : i);
}

static inline u32 xu_ctl(const struct xu_box *box, unsigned int i)
{
	const struct xu_box_type *t = box->pmu->type;

	if (i == t->num_counters)
		return box->base + t->fixed_ctl;
	if (t->ctl_offsets)
		return box->base + t->ctl_offsets[i];
	return box->base + t->ctl0 + i * t->ctl_stride;
}

static inline u32 xu_ctr(const struct xu_box *box, unsigned int i)
{
	const struct xu_box_type *t = box->pmu->type;

	if (i == t->num_counters)
		return box->base + t->fixed_ctr;
	if (t->ctr_offsets)
		return box->base + t->ctr_offsets[i];
	return box->base + t->ctr0 + i * t->ctr_stride;
}

/* Shared register @i of a box (MSR boxes; PCI boxes: commit_shared). */
static inline u32 xu_shared_addr(const struct xu_box *box, unsigned int i)
{
	const struct xu_shared_reg *r = &box->pmu->type->shared[i];

	return r->addr ? r->addr[box->pmu->idx] : box->base + r->offset;
}

/* the platforms of platforms.h's rows */
extern const struct xu_platform xu_tulsa_platform;
extern const struct xu_platform xu_dunnington_platform;
extern const struct xu_platform xu_nhmex_platform;
extern const struct xu_platform xu_wsmex_platform;
extern const struct xu_platform xu_snbep_platform;
extern const struct xu_platform xu_ivbep_platform;
/* every supported platform, by its CPUID; driver_data 0 ends it (assign.c) */
extern const struct x86_cpu_id * const xu_cpu_ids;

#endif /* _XEON_UNCORE_H */
