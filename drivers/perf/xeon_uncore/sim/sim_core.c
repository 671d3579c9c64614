// SPDX-License-Identifier: GPL-2.0
/*
 * Register-accurate model of Intel Xeon uncore PMUs, served to the
 * xeon_uncore driver through xeon_uncore_sim_msr_ops.  This file is the
 * generic engine: address decode, access rules, the access and violation
 * logs, guest time and deterministic event counting.  The boxes themselves
 * are tables in sim_<platform>.c (see sim.h); the module parameters, the
 * MSR ops and debugfs are in sim_module.c.
 *
 * Time: every socket runs at uclk_mhz.  The cycle count is always derived
 * from one origin, cycles = (now_ns - t0) * uclk_hz / 1e9 + warp, so it
 * never drifts; debugfs "advance" adds to warp and "clock manual" stops
 * now_ns.  Counters are brought up to the current cycle lazily, whenever
 * their socket is touched, with exact closed-form sums.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bsearch.h>
#include <linux/debugfs.h>
#include <linux/err.h>
#include <linux/hardirq.h>
#include <linux/irqflags.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/perf/xeon_uncore.h>
#include <linux/seq_file.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string.h>
#include <linux/timekeeping.h>
#include <linux/topology.h>
#include <linux/uaccess.h>
#include <kunit/visibility.h>

#include "sim.h"

const char *const sim_space_name[] = { [SIM_MSR] = "msr", [SIM_PCI] = "pci" };

/*
 * The register callbacks may run in NMI context, and the model sends NMIs
 * itself (sim_nmi.c) while CPUs may be spinning for its lock: the lock is a
 * test-and-set lock, which an NMI can take over the context it interrupted
 * as long as that context only waits for it (a queued spinlock would queue
 * the NMI behind its own CPU).  The lock word holds the owner's CPU number
 * plus one, so an NMI can tell without a race whether its own CPU holds
 * the lock: such an access fails with -EBUSY instead of spinning forever.
 * Holders keep interrupts off, so nothing but an NMI can interrupt them.
 *
 * sim_nmi_spin marks a CPU spinning for the lock in NMI context: an NMI
 * sent to it now is latched until that one returns (sim_nmi.c).
 */
static DEFINE_PER_CPU(bool, sim_nmi_spin);

void sim_lock(struct sim *sim, unsigned long *flags)
	__acquires(&sim->lock)
{
	int me, old = 0;

	local_irq_save(*flags);
	me = smp_processor_id() + 1;
	if (!atomic_try_cmpxchg_acquire(&sim->lock, &old, me)) {
		bool nmi = in_nmi();

		if (nmi)
			__this_cpu_write(sim_nmi_spin, true);
		do {
			cpu_relax();
			old = 0;
		} while (atomic_read(&sim->lock) ||
			 !atomic_try_cmpxchg_acquire(&sim->lock, &old, me));
		if (nmi)
			__this_cpu_write(sim_nmi_spin, false);
	}
	__acquire(&sim->lock);
}

void sim_unlock(struct sim *sim, unsigned long flags)
	__releases(&sim->lock)
{
	__release(&sim->lock);
	atomic_set_release(&sim->lock, 0);
	local_irq_restore(flags);
}

/* Whether this CPU holds the lock (interrupts off, so it cannot change). */
static bool sim_lock_mine(struct sim *sim)
{
	return atomic_read(&sim->lock) == smp_processor_id() + 1;
}

/* @cpu is in NMI context, waiting for the lock. */
bool sim_cpu_nmi_spinning(unsigned int cpu)
{
	return READ_ONCE(per_cpu(sim_nmi_spin, cpu));
}

/* ---- Event patterns ---------------------------------------------------- */

u64 sim_mix(u64 x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

/*
 * Default pattern: 4..16 values in 0..max_inc, not all zero.  A non-zero
 * @filter (the filter or match bits the event uses) selects another
 * pattern for each value; 0 gives the unfiltered one.
 */
void sim_pattern_default(struct sim_pattern *pat, const char *type,
			 unsigned int box, u16 event, u8 umask, u64 filter,
			 u8 max_inc)
{
	u64 h = 0;
	unsigned int i, any = 0;

	while (*type)
		h = sim_mix(h ^ (u8)*type++);
	h = sim_mix(h ^ ((u64)box << 32 | (u64)event << 8 | umask));
	if (filter)
		h = sim_mix(h ^ filter);
	pat->len = 4 + (u32)(h >> 32) % 13;
	for (i = 0; i < pat->len; i++) {
		h = sim_mix(h);
		pat->p[i] = (u32)(h >> 32) % (max_inc + 1U);
		any |= pat->p[i];
	}
	if (!any)
		pat->p[(u32)h % pat->len] = max_inc;
}
EXPORT_SYMBOL_IF_KUNIT(sim_pattern_default);

/* The parts of the one list (../platforms.h), by the name they load as. */
#define XU_PLATFORM(name, family, model, qemu)	{ #name, &sim_##name##_platform },
static const struct sim_platform_row sim_platform_row_table[] = {
#include "../platforms.h"
	{ }
};

#undef XU_PLATFORM

const struct sim_platform_row * const sim_platform_rows = sim_platform_row_table;
EXPORT_SYMBOL_IF_KUNIT(sim_platform_rows);

static bool sim_cond(u8 p, const struct sim_ctr_cfg *cfg)
{
	if (!cfg->thresh)
		return p;
	return cfg->invert ? p < cfg->thresh : p >= cfg->thresh;
}

/*
 * Per cycle: thresh = 0 adds p; otherwise 1 when the threshold test holds.
 * Edge adds 1 when the test (p > 0 without threshold) holds and did not in
 * the signal's previous cycle, which for a periodic signal is p[len - 1]
 * before p[0], whether or not the counter was counting then.
 */
void sim_cum_build(struct sim_cum *cum, const struct sim_pattern *pat,
		   const struct sim_ctr_cfg *cfg)
{
	unsigned int i, len = pat->len;
	bool prev = len && sim_cond(pat->p[len - 1], cfg);

	cum->len = len;
	cum->prefix[0] = 0;
	for (i = 0; i < len; i++) {
		bool cond = sim_cond(pat->p[i], cfg);
		u32 q;

		if (cfg->edge)
			q = cond && !prev;
		else if (cfg->thresh)
			q = cond;
		else
			q = pat->p[i];
		prev = cond;
		cum->prefix[i + 1] = cum->prefix[i] + q;
	}
	cum->sum = cum->prefix[len];
}
EXPORT_SYMBOL_IF_KUNIT(sim_cum_build);

/* G(c): increments over cycles [0, c). */
u64 sim_cum_at(const struct sim_cum *cum, u64 cycle)
{
	u32 r;
	u64 q;

	if (!cum->len)
		return 0;
	q = div_u64_rem(cycle, cum->len, &r);
	return q * cum->sum + cum->prefix[r];
}
EXPORT_SYMBOL_IF_KUNIT(sim_cum_at);

const struct sim_event *sim_event_find(const struct sim_box_type *t, u16 code)
{
	unsigned int i;

	for (i = 0; i < t->nevents; i++)
		if (t->events[i].code == code &&
		    (!t->events[i].parts || t->events[i].parts & t->part))
			return &t->events[i];
	return NULL;
}
EXPORT_SYMBOL_IF_KUNIT(sim_event_find);

/*
 * Whether counter @n of a box of type @t can count the event @cfg selects
 * (struct sim_event's @ctrs): elsewhere it counts nothing.
 */
static bool sim_ctr_can(const struct sim_box_type *t,
			const struct sim_ctr_cfg *cfg, unsigned int n)
{
	const struct sim_event *ev = sim_event_find(t, cfg->event);

	return !ev || !ev->ctrs || (ev->ctrs & BIT(n));
}

/* An override for this box beats one for every box of the type. */
const struct sim_rate *sim_rate_find(struct sim *sim, unsigned int tidx,
				     int box, u16 event, u8 umask)
{
	const struct sim_rate *any = NULL;
	unsigned int i;

	for (i = 0; i < sim->nrates; i++) {
		const struct sim_rate *r = &sim->rate[i];

		if (r->tidx != tidx || r->event != event || r->umask != umask)
			continue;
		if (r->box == box)
			return r;
		if (r->box < 0)
			any = r;
	}
	return any;
}

/*
 * Pattern of an event on a box; false for events the box does not have.
 * An override holds for every filter value.
 */
static bool sim_pattern_for(struct sim *sim, const struct sim_box *b,
			    const struct sim_ctr_cfg *cfg,
			    struct sim_pattern *pat)
{
	const struct sim_rate *r = sim_rate_find(sim, b->tidx, b->idx,
						 cfg->event, cfg->umask);
	const struct sim_event *ev = sim_event_find(b->type, cfg->event);

	if (r) {
		*pat = r->pat;
		return true;
	}
	if (!ev)
		return false;
	sim_pattern_default(pat, b->type->name, b->idx, cfg->event,
			    cfg->umask, cfg->filter, ev->max_inc);
	return true;
}

/*
 * Worst-case rate: the most a counter programmed with @cfg can add in one
 * cycle, added in every cycle.  That is the event's maximum, or 1 when a
 * threshold or edge detection makes the counter count a 0/1 condition; 0
 * for events the box does not have.
 */
static u8 sim_worst_inc(const struct sim_box_type *t,
			const struct sim_ctr_cfg *cfg)
{
	const struct sim_event *ev;

	if (t->pattern)
		return t->max_inc;
	ev = sim_event_find(t, cfg->event);
	if (!ev)
		return 0;
	return cfg->thresh || cfg->edge ? 1 : ev->max_inc;
}

/* ---- Time and counting ------------------------------------------------- */

/* The cycle count at monotonic time @ns (live clock). */
static u64 sim_cycles_at(struct sim *sim, u64 ns)
{
	ns = ns > sim->t0 ? ns - sim->t0 : 0;
	return mul_u64_u64_div_u64(ns, sim->hz, NSEC_PER_SEC) + sim->warp;
}

u64 sim_now(struct sim *sim)
{
	return sim_cycles_at(sim, sim->manual ? sim->frozen :
				  ktime_get_mono_fast_ns());
}

/*
 * The earliest monotonic time (ktime_get_mono_fast_ns()) at which the live
 * clock reaches @cycle: at or before the current time if it already has,
 * U64_MAX with the manual clock or beyond the range of ktime.
 */
u64 sim_cycle_ns(struct sim *sim, u64 cycle)
{
	u64 d, ns;

	if (sim->manual || cycle == U64_MAX)
		return U64_MAX;
	if (cycle <= sim->warp)
		return sim->t0;
	/* beyond 2^62 cycles the cycle count of the time could overflow */
	if (cycle - sim->warp >= BIT_ULL(62) ||
	    div64_u64(cycle - sim->warp, sim->hz) >= KTIME_SEC_MAX)
		return U64_MAX;
	d = mul_u64_u64_div_u64(cycle - sim->warp, NSEC_PER_SEC, sim->hz);
	/* rounded down: step up until the cycle count gets there */
	while (d < (u64)KTIME_MAX && sim_cycles_at(sim, sim->t0 + d) < cycle)
		d++;
	ns = sim->t0 + d;
	return d >= (u64)KTIME_MAX || ns >= (u64)KTIME_MAX ? U64_MAX : ns;
}
EXPORT_SYMBOL_IF_KUNIT(sim_cycle_ns);

/* For KUnit: the cycle count the live clock shows at monotonic time @ns. */
u64 sim_cycles_at_ns(struct sim *sim, u64 ns)
{
	return sim_cycles_at(sim, ns);
}
EXPORT_SYMBOL_IF_KUNIT(sim_cycles_at_ns);

static bool sim_key_eq(const struct sim_ctr_cfg *a, const struct sim_ctr_cfg *b)
{
	return a->event == b->event && a->umask == b->umask &&
	       a->thresh == b->thresh && a->invert == b->invert &&
	       a->edge == b->edge && a->ctl == b->ctl &&
	       a->filter == b->filter;
}

/* Decode counter n's registers; rebuild its sums if what it counts changed. */
static struct sim_counter *sim_ctr_refresh(struct sim_socket *s,
					   struct sim_box *b, unsigned int n)
{
	static const struct sim_ctr_cfg plain = {};
	const struct sim_box_type *t = b->type;
	struct sim_counter *c = &b->ctr[n];
	struct sim_ctr_cfg cfg = {};
	struct sim_pattern pat;

	t->decode(s, b, n, &cfg);
	c->cfg = cfg;
	if (!cfg.counting || (c->built && c->gen == s->sim->gen &&
			      sim_key_eq(&c->key, &cfg)))
		return c;
	if (!sim_ctr_can(t, &cfg, n)) {
		pat.len = 0;
		sim_cum_build(&c->cum, &pat, &plain);
	} else if (s->sim->worst) {
		pat.p[0] = sim_worst_inc(t, &cfg);
		pat.len = pat.p[0] ? 1 : 0;
		sim_cum_build(&c->cum, &pat, &plain);
	} else {
		if (t->pattern ? !t->pattern(s, b, n, &cfg, &pat) :
		    !sim_pattern_for(s->sim, b, &cfg, &pat))
			pat.len = 0;
		sim_cum_build(&c->cum, &pat, &cfg);
	}
	c->key = cfg;
	c->gen = s->sim->gen;
	c->built = true;
	return c;
}

/* The count bits of a counter's register (all of it unless shared). */
static u64 sim_ctr_mask(const struct sim_box_type *t)
{
	return BIT_ULL(t->ctr_width) - 1;
}

/* Increments until counter n wraps. */
static u64 sim_room(struct sim_box *b, unsigned int n)
{
	const struct sim_box_type *t = b->type;

	return BIT_ULL(t->ctr_width) - (b->reg[t->ctr_reg][n] & sim_ctr_mask(t));
}

/* Smallest k in (from, to] with G(k) - G(from) >= room, or 0. */
static u64 sim_overflow_at(const struct sim_cum *cum, u64 from, u64 to,
			   u64 room)
{
	u64 base = sim_cum_at(cum, from), lo = from + 1, hi = to;

	if (sim_cum_at(cum, to) - base < room)
		return 0;
	while (lo < hi) {
		u64 mid = lo + (hi - lo) / 2;

		if (sim_cum_at(cum, mid) - base >= room)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

/*
 * Add @d increments to counter n.  Only its count bits change: the rest
 * of a register that also holds the control is kept.  Saturating, the count
 * sticks at its maximum and reports reaching it; otherwise it wraps and
 * reports passing it.  The truth takes every increment either way;
 * @overflows counts every wrap (saturating: every add that reaches or
 * stays at the maximum, as reported).
 */
static void sim_ctr_add(struct sim_socket *s, struct sim_box *b,
			unsigned int n, u64 d)
{
	const struct sim_box_type *t = b->type;
	u64 *v = &b->reg[t->ctr_reg][n], mask = sim_ctr_mask(t);
	u64 cnt = *v & mask;

	b->ctr[n].truth += d;
	if (b->ctr[n].cfg.saturate) {
		if (d >= mask - cnt) {
			b->ctr[n].overflows++;
			t->overflow(s, b, n);
			cnt = mask;
		} else {
			cnt += d;
		}
	} else {
		if (d >= sim_room(b, n)) {
			/* a long lazy span may wrap it more than once */
			b->ctr[n].overflows += (d >> t->ctr_width) +
					       ((cnt + (d & mask)) >> t->ctr_width);
			t->overflow(s, b, n);
		}
		cnt = (cnt + d) & mask;
	}
	*v = (*v & ~mask) | cnt;
}

/*
 * Bring a socket's counters up to cycle @to.  Configuration only changes at
 * register accesses, except for the freeze a PMI causes: if a counter with
 * pmi set wraps on the way, count up to the end of the cycle it wrapped in,
 * let the platform freeze, and go on from there.  The cores the platform
 * sends the PMI to are added to s->pmi_pending, for whoever delivers PMIs
 * (sim_nmi.c) to take, and sim->pmi_hook, if any, is told.  Both happen
 * under the lock, possibly in NMI context.
 */
void sim_update(struct sim_socket *s, u64 to)
{
	struct sim *sim = s->sim;
	unsigned int i, n;

	while (s->cycle < to) {
		u64 from = s->cycle, stop = to;
		bool pmi = false;
		u32 cores;

		for (i = 0; i < sim->nboxes; i++) {
			struct sim_box *b = &s->box[i];

			for (n = 0; n < b->type->nctrs; n++) {
				struct sim_counter *c = sim_ctr_refresh(s, b, n);
				u64 k;

				if (!c->cfg.counting || !c->cfg.pmi)
					continue;
				k = sim_overflow_at(&c->cum, from, stop,
						    sim_room(b, n));
				if (k) {
					stop = k;
					pmi = true;
				}
			}
		}
		for (i = 0; i < sim->nboxes; i++) {
			struct sim_box *b = &s->box[i];
			const struct sim_box_type *t = b->type;

			for (n = 0; n < t->nctrs; n++) {
				struct sim_counter *c = &b->ctr[n];
				u64 d;

				if (!c->cfg.counting)
					continue;
				d = sim_cum_at(&c->cum, stop) -
				    sim_cum_at(&c->cum, from);
				if (d)
					sim_ctr_add(s, b, n, d);
			}
		}
		s->cycle = stop;
		if (!pmi)
			continue;
		cores = sim->plat->pmi(s);
		if (!cores)
			continue;
		s->pmi_pending |= cores;
		s->pmi_count++;
		if (sim->pmi_hook)
			sim->pmi_hook(s, cores);
	}
}

/*
 * The earliest cycle after s->cycle at which a counting counter with
 * cfg.pmi set overflows, assuming no register changes meanwhile: the cycle
 * in which sim_update() will raise the next PMI.  U64_MAX if none will.
 * Within len cycles any counter adds exactly cum.sum, so the overflow lies
 * within ceil(room / sum) periods: a binary search over that range.
 */
u64 sim_next_pmi(struct sim_socket *s)
{
	struct sim *sim = s->sim;
	u64 best = U64_MAX, from = s->cycle;
	unsigned int i, n;

	for (i = 0; i < sim->nboxes; i++) {
		struct sim_box *b = &s->box[i];

		for (n = 0; n < b->type->nctrs; n++) {
			struct sim_counter *c = sim_ctr_refresh(s, b, n);
			u64 room, span, k;

			if (!c->cfg.counting || !c->cfg.pmi || !c->cum.sum)
				continue;
			room = sim_room(b, n);
			span = div64_u64(room + c->cum.sum - 1, c->cum.sum) *
			       c->cum.len;
			if (span > U64_MAX - from)
				span = U64_MAX - from;
			k = sim_overflow_at(&c->cum, from, from + span, room);
			if (k && k < best)
				best = k;
		}
	}
	return best;
}
EXPORT_SYMBOL_IF_KUNIT(sim_next_pmi);

void sim_update_all(struct sim *sim)
{
	u64 now = sim_now(sim);
	unsigned int i;

	for (i = 0; i < sim->nsockets; i++)
		sim_update(&sim->sock[i], now);
}

/* ---- Register access --------------------------------------------------- */

static int sim_addr_cmp(const void *a, const void *b)
{
	const struct sim_addr *x = a, *y = b;

	if (x->space != y->space)
		return x->space < y->space ? -1 : 1;
	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return 0;
}

static const struct sim_addr *sim_lookup(struct sim *sim, u8 space, u32 addr)
{
	struct sim_addr key = { .space = space, .addr = addr };

	return bsearch(&key, sim->map, sim->nmap, sizeof(key), sim_addr_cmp);
}

/* The box's name: its type's, with its index when the type has several. */
void sim_box_name(const struct sim_box *b, char *buf, size_t len)
{
	if (b->type->nboxes == 1)
		strscpy(buf, b->type->name, len);
	else
		snprintf(buf, len, "%s%u", b->type->name, b->idx);
}
EXPORT_SYMBOL_IF_KUNIT(sim_box_name);

/*
 * The name of the register at @a: "box.ROW" (the guide's name of the row),
 * "box.ROW[n]" in a row of several, ".hi" after it for the upper dword of
 * a PCI register wider than 32 bits.  Unique in the part's map.
 */
void sim_addr_name(const struct sim *sim, const struct sim_addr *a,
		   char *buf, size_t len)
{
	const struct sim_box *b = &sim->sock[0].box[a->box];
	const struct sim_reg *r = &b->type->regs[a->reg];
	char box[SIM_NAME_LEN];

	sim_box_name(b, box, sizeof(box));
	if (r->count > 1)
		snprintf(buf, len, "%s.%s[%u]%s", box, r->name, a->n,
			 a->hi ? ".hi" : "");
	else
		snprintf(buf, len, "%s.%s%s", box, r->name, a->hi ? ".hi" : "");
}
EXPORT_SYMBOL_IF_KUNIT(sim_addr_name);

/* The register a logged access reached, NULL when none is there. */
const struct sim_addr *sim_log_reg(struct sim *sim, const struct sim_log *e)
{
	return sim_lookup(sim, e->space,
			  e->space == SIM_PCI ? e->addr & ~3U : e->addr);
}
EXPORT_SYMBOL_IF_KUNIT(sim_log_reg);

static void sim_record(struct sim *sim, struct sim_viol *v)
{
	struct sim_log *acc = &v->acc;
	u32 slot;

	acc->seq = ++sim->seq;
	if (sim->log_size) {
		if (acc->seq - sim->log_first >= sim->log_size) {
			sim->log_first++;
			sim->log_dropped++;
		}
		div_u64_rem(acc->seq, sim->log_size, &slot);
		sim->log[slot] = *acc;
	} else {
		sim->log_dropped++;
		sim->log_first = acc->seq + 1;
	}
	if (v->fault)
		sim->nfaults++;
	else if (v->why)
		sim->viol[sim->nviol++ % SIM_VIOL_KEEP] = *v;
}

/* A register the part lacks (now): its accesses fault. */
static bool sim_reg_absent(const struct sim_reg *r)
{
	return r->access == SIM_ABSENT || (r->absent_if && READ_ONCE(*r->absent_if));
}

/*
 * Access the bits @mask of the register at @a: a whole MSR, or the bytes of
 * a PCI dword that one config access covers.  @shift places the access
 * value in the register.  The rules of the register apply as to a whole
 * access; a partial write keeps the other bits as they are held.
 */
static int sim_reg_access(struct sim_socket *s, struct sim_viol *v,
			  const struct sim_addr *a, unsigned int shift,
			  u64 mask)
{
	struct sim_log *acc = &v->acc;
	const struct sim_reg *r;
	const char *why;
	struct sim_box *b;
	u64 keep, val;

	if (!a) {
		v->why = "unimplemented register";
		return -EIO;
	}
	b = &s->box[a->box];
	r = &b->type->regs[a->reg];
	if (sim_reg_absent(r)) {
		v->fault = true;
		return -EIO;
	}
	keep = GENMASK_ULL(r->width - 1, 0) & ~r->ig;
	sim_update(s, sim_now(s->sim));

	if (!acc->write) {
		if (r->access == SIM_WO) {
			v->why = "read of write-only register";
			return -EIO;
		}
		val = r->read ? r->read(s, b, a->n) : b->reg[a->reg][a->n];
		acc->val = (val & keep & mask) >> shift;
		return 0;
	}
	if (r->access == SIM_RO) {
		v->why = "write to read-only register";
		return -EIO;
	}
	val = (b->reg[a->reg][a->n] & ~mask) | ((acc->val << shift) & mask);
	val &= keep;
	if (val & r->rsv & mask) {
		/* "Behaviour undefined": the write is kept without them. */
		v->why = "reserved bits set";
		v->bits = (val & r->rsv & mask) >> shift;
	}
	val &= ~r->rsv;
	if (r->write) {
		why = r->write(s, b, a->n, val);
		if (why && !v->why)
			v->why = why;
	} else {
		b->reg[a->reg][a->n] = val;
	}
	if (a->reg == b->type->ctl_reg && a->n < b->type->nctrs && !v->why) {
		struct sim_ctr_cfg cfg = {};

		b->type->decode(s, b, a->n, &cfg);
		if (cfg.programmed && !sim_ctr_can(b->type, &cfg, a->n))
			v->why = "event enabled on a counter that cannot count it";
	}
	return 0;
}

/* Under the lock: whether this read is one an injected fault fails. */
static bool sim_fault_hit(struct sim *sim, u8 space, u32 addr)
{
	if (!sim->fault_left || sim->fault_space != space || sim->fault_addr != addr)
		return false;
	sim->fault_left--;
	sim->fault_hits++;
	return true;
}

static bool sim_nmi_refused(struct sim *sim)
{
	if (in_nmi() && sim_lock_mine(sim)) {
		atomic_inc(&sim->nmi_busy);
		return true;
	}
	return false;
}

/*
 * Register accesses made on each CPU, to any model (benchmarks charge them
 * to the code running there: xeon_uncore_sim_accesses()).
 */
static DEFINE_PER_CPU(u64, sim_cpu_accesses);

u64 sim_accesses_on(unsigned int cpu)
{
	return per_cpu(sim_cpu_accesses, cpu);
}

/* Under the lock, interrupts off: one more access on this CPU. */
static void sim_count_access(struct sim *sim)
{
	this_cpu_inc(sim_cpu_accesses);
	sim->warp += sim->step;
	if (in_nmi())
		sim->nmi_accesses++;
}

/* Under the lock: one MSR access of @v's on @socket, checked and logged. */
static int sim_msr_locked(struct sim *sim, unsigned int socket,
			  struct sim_viol *v)
{
	int ret;

	sim_count_access(sim);
	if (!v->acc.write && sim_fault_hit(sim, SIM_MSR, v->acc.addr)) {
		ret = -EIO;
	} else if (socket < sim->nsockets) {
		ret = sim_reg_access(&sim->sock[socket], v,
				     sim_lookup(sim, SIM_MSR, v->acc.addr), 0, ~0ULL);
	} else {
		v->why = "socket out of range";
		ret = -EIO;
	}
	sim_record(sim, v);
	return ret;
}

/*
 * One RDMSR/WRMSR by @cpu on the uncore of package @socket.  Every access
 * is logged; forbidden ones are also recorded as violations, those to
 * absent registers counted as faults.
 */
int sim_access(struct sim *sim, unsigned int socket, unsigned int cpu,
	       bool write, u32 addr, u64 *val)
{
	struct sim_viol v = {
		.acc = {
			.addr = addr, .cpu = cpu, .write = write,
			.space = SIM_MSR, .val = write ? *val : 0, .size = 8,
		},
	};
	unsigned long flags;
	int ret;

	if (sim_nmi_refused(sim))
		return -EBUSY;
	sim_lock(sim, &flags);
	ret = sim_msr_locked(sim, socket, &v);
	sim_unlock(sim, flags);
	if (write && sim->kick)
		sim->kick(sim);
	if (!write)
		*val = v.acc.val;
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(sim_access);

/* Under the lock: one config access of @v's to the register at @a. */
static int sim_pci_locked(struct sim *sim, unsigned int socket,
			  const struct sim_addr *a, struct sim_viol *v)
{
	unsigned int shift = 32 * a->hi + 8 * (v->acc.addr & 3);
	int ret;

	sim_count_access(sim);
	if (!v->acc.write && sim_fault_hit(sim, SIM_PCI, v->acc.addr & ~3U))
		ret = -ENXIO;
	else
		ret = sim_reg_access(&sim->sock[socket], v, a, shift,
				     GENMASK_ULL(8 * v->acc.size - 1, 0) << shift);
	if (ret == -EIO && v->fault)
		ret = -ENXIO;
	sim_record(sim, v);
	return ret;
}

/*
 * One configuration access of @size bytes (1, 2 or 4, naturally aligned)
 * at @addr = SIM_PCI_ADDR(dev, fn, offset) of socket @socket, made by
 * @cpu.  -ENOENT, with nothing logged, when the dword holds no register of
 * the model: the caller serves the standard header and capabilities
 * itself.  Otherwise the access is logged and checked like an MSR access;
 * a forbidden read returns 0 (and -EIO, as sim_access() does).  -ENXIO
 * when the function does not answer: a read an injected fault fails, or a
 * register the part lacks.
 */
int sim_pci_access(struct sim *sim, unsigned int socket, unsigned int cpu,
		   bool write, u32 addr, unsigned int size, u32 *val)
{
	struct sim_viol v = {
		.acc = {
			.addr = addr, .cpu = cpu, .write = write,
			.space = SIM_PCI, .val = write ? *val : 0,
			.size = size, .socket = socket,
		},
	};
	unsigned int off = addr & 3;
	const struct sim_addr *a;
	unsigned long flags;
	int ret;

	if ((size != 1 && size != 2 && size != 4) || off & (size - 1) ||
	    socket >= sim->nsockets)
		return -EINVAL;
	a = sim_lookup(sim, SIM_PCI, addr & ~3U);
	if (!a)
		return -ENOENT;
	if (write && size < 4)
		v.acc.val &= GENMASK(8 * size - 1, 0);
	if (sim_nmi_refused(sim))
		return -EBUSY;
	sim_lock(sim, &flags);
	ret = sim_pci_locked(sim, socket, a, &v);
	sim_unlock(sim, flags);
	if (write && sim->kick)
		sim->kick(sim);
	if (!write)
		*val = v.acc.val;
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(sim_pci_access);

/*
 * Writes of another program, behind the driver's back (the poke knob):
 * all of @n land between two accesses of the driver, as a program's
 * writes do that the driver does not happen to interleave.  A PCI write
 * is a whole dword.  -EINVAL, with nothing written, if one is no register.
 */
int sim_poke(struct sim *sim, const struct sim_poke *p, unsigned int n)
{
	unsigned int i, cpu = raw_smp_processor_id();
	unsigned long flags;
	int ret = 0;

	for (i = 0; i < n; i++)
		if (p[i].socket >= sim->nsockets ||
		    !sim_lookup(sim, p[i].space, p[i].addr) ||
		    (p[i].space == SIM_PCI && p[i].addr & 3))
			return -EINVAL;
	sim_lock(sim, &flags);
	for (i = 0; i < n; i++) {
		struct sim_viol v = {
			.acc = {
				.addr = p[i].addr, .cpu = cpu, .write = true,
				.space = p[i].space, .val = p[i].val,
				.size = p[i].space == SIM_PCI ? 4 : 8,
				.socket = p[i].socket,
			},
		};

		if (p[i].space == SIM_PCI)
			ret = sim_pci_locked(sim, p[i].socket,
					     sim_lookup(sim, SIM_PCI, p[i].addr), &v) ?: ret;
		else
			ret = sim_msr_locked(sim, p[i].socket, &v) ?: ret;
	}
	sim_unlock(sim, flags);
	if (sim->kick)
		sim->kick(sim);
	return ret;
}

/*
 * Bits the hardware itself set in MSR @addr of @socket (the latch knob):
 * a status register's overflows that a program before the driver left
 * latched.  ORed into the register as held, not written: a W1C write
 * could only clear them.  -EINVAL, with nothing set, if @addr is no
 * register the part has or @bits are not all implemented bits of it.
 */
int sim_latch(struct sim *sim, unsigned int socket, u32 addr, u64 bits)
{
	const struct sim_addr *a = sim_lookup(sim, SIM_MSR, addr);
	const struct sim_reg *r;
	struct sim_box *b;
	unsigned long flags;

	if (!a || socket >= sim->nsockets)
		return -EINVAL;
	b = &sim->sock[socket].box[a->box];
	r = &b->type->regs[a->reg];
	if (sim_reg_absent(r) || r->access != SIM_RW ||
	    bits & ~(GENMASK_ULL(r->width - 1, 0) & ~r->rsv & ~r->ig))
		return -EINVAL;
	sim_lock(sim, &flags);
	sim_update(&sim->sock[socket], sim_now(sim));
	b->reg[a->reg][a->n] |= bits;
	sim_unlock(sim, flags);
	return 0;
}

/* ---- Control ----------------------------------------------------------- */

void sim_set_manual(struct sim *sim, bool manual)
{
	unsigned long flags;
	u64 ns;

	sim_lock(sim, &flags);
	if (manual != sim->manual) {
		ns = ktime_get_mono_fast_ns();
		if (manual)
			sim->frozen = ns;
		else
			sim->t0 += ns - sim->frozen;
		sim->manual = manual;
	}
	sim_unlock(sim, flags);
}
EXPORT_SYMBOL_IF_KUNIT(sim_set_manual);

void sim_advance(struct sim *sim, u64 cycles)
{
	unsigned long flags;

	sim_lock(sim, &flags);
	sim->warp += cycles;
	sim_unlock(sim, flags);
}
EXPORT_SYMBOL_IF_KUNIT(sim_advance);

u64 sim_truth(struct sim *sim, unsigned int socket, unsigned int tidx,
	      unsigned int box, unsigned int ctr)
{
	struct sim_socket *s = &sim->sock[socket];
	unsigned long flags;
	u64 t;

	sim_lock(sim, &flags);
	sim_update(s, sim_now(sim));
	t = sim_box(s, tidx, box)->ctr[ctr].truth;
	sim_unlock(sim, flags);
	return t;
}
EXPORT_SYMBOL_IF_KUNIT(sim_truth);

static int sim_type_find(struct sim *sim, const char *name)
{
	unsigned int i;

	for (i = 0; i < sim->plat->ntypes; i++)
		if (!strcmp(sim->plat->types[i]->name, name))
			return i;
	return -EINVAL;
}

/* New patterns apply from now on: counts so far are settled first. */
int sim_rate_set(struct sim *sim, const char *type, int box, u16 event,
		 u8 umask, const struct sim_pattern *pat)
{
	const struct sim_box_type *t;
	const struct sim_event *ev;
	struct sim_rate *r = NULL;
	unsigned long flags;
	int tidx = sim_type_find(sim, type);
	unsigned int i;
	int ret = 0;

	if (tidx < 0)
		return tidx;
	t = sim->plat->types[tidx];
	ev = sim_event_find(t, event);
	if (!ev || box < -1 || box >= (int)t->nboxes || !pat->len ||
	    pat->len > SIM_PAT_MAX)
		return -EINVAL;
	for (i = 0; i < pat->len; i++)
		if (pat->p[i] > ev->max_inc)
			return -EINVAL;

	sim_lock(sim, &flags);
	for (i = 0; i < sim->nrates && !r; i++) {
		struct sim_rate *o = &sim->rate[i];

		if (o->tidx == tidx && o->box == box && o->event == event &&
		    o->umask == umask)
			r = o;
	}
	if (!r && sim->nrates < SIM_MAX_RATES)
		r = &sim->rate[sim->nrates++];
	if (r) {
		sim_update_all(sim);
		r->tidx = tidx;
		r->box = box;
		r->event = event;
		r->umask = umask;
		r->pat = *pat;
		sim->gen++;
	} else {
		ret = -ENOSPC;
	}
	sim_unlock(sim, flags);
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(sim_rate_set);

/* Drops the overrides and the worst-case rate. */
void sim_rates_reset(struct sim *sim)
{
	unsigned long flags;

	sim_lock(sim, &flags);
	sim_update_all(sim);
	sim->nrates = 0;
	sim->worst = false;
	sim->gen++;
	sim_unlock(sim, flags);
}
EXPORT_SYMBOL_IF_KUNIT(sim_rates_reset);

/*
 * Worst-case rate on or off, for every counter of every socket: while on,
 * every counting counter adds sim_worst_inc() in every cycle, whatever the
 * overrides say.  Counts so far are settled first.
 */
void sim_set_worst(struct sim *sim, bool on)
{
	unsigned long flags;

	sim_lock(sim, &flags);
	if (sim->worst != on) {
		sim_update_all(sim);
		sim->worst = on;
		sim->gen++;
	}
	sim_unlock(sim, flags);
}
EXPORT_SYMBOL_IF_KUNIT(sim_set_worst);

/* ---- Creation ---------------------------------------------------------- */

/* Map entries of a register: one, or one per dword in PCI space. */
static unsigned int sim_dwords(const struct sim_box_type *t,
			       const struct sim_reg *r)
{
	return t->space == SIM_PCI && r->width > 32 ? 2 : 1;
}

/* Where register @n of row @r sits, from its box's base. */
static u32 sim_reg_offset(const struct sim_reg *r, unsigned int n)
{
	return r->offset + (r->offs ? r->offs[n] : n * r->stride);
}

/* The address of register @n of row @r in box @bi of type @t. */
u32 sim_reg_addr(const struct sim_box_type *t, const struct sim_reg *r,
		 unsigned int bi, unsigned int n)
{
	if (r->at)
		return r->at[bi] + sim_reg_offset(r, n) - r->offset;
	return t->base[bi] + sim_reg_offset(r, n);
}
EXPORT_SYMBOL_IF_KUNIT(sim_reg_addr);

static int sim_check_type(const struct sim_box_type *t)
{
	unsigned int i, n;

	/* the counters' controls and counts are rows of the table */
	if (t->nregs > SIM_MAX_REGS || t->ctl_reg >= t->nregs ||
	    t->ctr_reg >= t->nregs || t->nctrs > t->regs[t->ctl_reg].count ||
	    t->nctrs > t->regs[t->ctr_reg].count)
		return -EINVAL;
	for (i = 0; i < t->nregs; i++) {
		const struct sim_reg *r = &t->regs[i];

		if (!r->count || !r->width ||
		    r->width > 64 || r->access > SIM_ABSENT ||
		    (r->at && t->space != SIM_MSR))
			return -EINVAL;
		/* PCI registers are whole dwords within a 4 KiB function. */
		for (n = 0; t->space == SIM_PCI && n < r->count; n++)
			if (sim_reg_offset(r, n) & 3 ||
			    sim_reg_offset(r, n) + 4 * sim_dwords(t, r) > SZ_4K)
				return -EINVAL;
	}
	if (!t->nctrs)
		return 0;
	if (!t->decode || !t->overflow || (t->pattern && !t->max_inc) ||
	    t->ctl_reg >= t->nregs ||
	    t->ctr_reg >= t->nregs || t->regs[t->ctl_reg].count < t->nctrs ||
	    t->regs[t->ctr_reg].count < t->nctrs || !t->ctr_width ||
	    t->ctr_width >= 64)
		return -EINVAL;
	for (i = 0; i < t->nevents; i++)
		if (!t->events[i].max_inc)
			return -EINVAL;
	return 0;
}

/* One socket's address map: every register of every box, sorted. */
static int sim_build_map(struct sim *sim)
{
	const struct sim_platform *plat = sim->plat;
	unsigned int ti, bi, ri, n, h, box = 0, cnt = 0;

	for (ti = 0; ti < plat->ntypes; ti++) {
		const struct sim_box_type *t = plat->types[ti];

		for (ri = 0; ri < t->nregs; ri++)
			cnt += t->nboxes * t->regs[ri].count *
			       sim_dwords(t, &t->regs[ri]);
	}
	sim->map = kvcalloc(cnt, sizeof(*sim->map), GFP_KERNEL);
	if (!sim->map)
		return -ENOMEM;

	for (ti = 0; ti < plat->ntypes; ti++) {
		const struct sim_box_type *t = plat->types[ti];

		for (bi = 0; bi < t->nboxes; bi++, box++) {
			for (ri = 0; ri < t->nregs; ri++) {
				const struct sim_reg *r = &t->regs[ri];

				for (n = 0; n < r->count; n++) {
					for (h = 0; h < sim_dwords(t, r); h++) {
						struct sim_addr *a =
							&sim->map[sim->nmap++];

						a->addr = sim_reg_addr(t, r, bi, n) +
							  4 * h;
						a->space = t->space;
						a->box = box;
						a->reg = ri;
						a->n = n;
						a->hi = h;
					}
				}
			}
		}
	}
	sort(sim->map, sim->nmap, sizeof(*sim->map), sim_addr_cmp, NULL);
	for (n = 1; n < sim->nmap; n++)
		if (!sim_addr_cmp(&sim->map[n - 1], &sim->map[n]))
			return -EINVAL;
	return 0;
}

static void sim_reset_socket(struct sim_socket *s)
{
	unsigned int i, ri, n;

	for (i = 0; i < s->sim->nboxes; i++) {
		struct sim_box *b = &s->box[i];

		for (ri = 0; ri < b->type->nregs; ri++)
			for (n = 0; n < b->type->regs[ri].count; n++)
				b->reg[ri][n] = b->type->regs[ri].reset;
		b->state = 0;
	}
}

/* Each box's type, and its rows and counters in the socket's arrays. */
static void sim_lay_out_boxes(struct sim_socket *s)
{
	const struct sim_platform *plat = s->sim->plat;
	struct sim_counter *ctr = s->ctrs;
	u64 *reg = s->regs;
	unsigned int bi, ti, ri;

	for (bi = 0; bi < s->sim->nboxes; bi++) {
		struct sim_box *b = &s->box[bi];

		for (ti = plat->ntypes - 1; s->sim->first[ti] > bi; ti--)
			;
		b->type = plat->types[ti];
		b->tidx = ti;
		b->idx = bi - s->sim->first[ti];
		for (ri = 0; ri < b->type->nregs; ri++) {
			b->reg[ri] = reg;
			reg += b->type->regs[ri].count;
		}
		b->ctr = ctr;
		ctr += b->type->nctrs;
	}
}

void sim_destroy(struct sim *sim)
{
	unsigned int i;

	if (!sim)
		return;
	for (i = 0; sim->sock && i < sim->nsockets; i++) {
		kvfree(sim->sock[i].box);
		kvfree(sim->sock[i].regs);
		kvfree(sim->sock[i].ctrs);
	}
	kfree(sim->sock);
	kvfree(sim->map);
	kvfree(sim->log);
	kvfree(sim);
}
EXPORT_SYMBOL_IF_KUNIT(sim_destroy);

struct sim *sim_create(const struct sim_platform *plat, unsigned int sockets,
		       unsigned int uclk_mhz, unsigned int log_entries)
{
	unsigned int i, ti, ri, nregs = 0, nctrs = 0;
	struct sim *sim;
	int ret = -EINVAL;

	if (!sockets || !uclk_mhz || !plat->ntypes ||
	    plat->ntypes > SIM_MAX_TYPES || !plat->pmi)
		return ERR_PTR(-EINVAL);
	sim = kvzalloc(sizeof(*sim), GFP_KERNEL);
	if (!sim)
		return ERR_PTR(-ENOMEM);
	sim->plat = plat;
	sim->nsockets = sockets;
	for (ti = 0; ti < plat->ntypes; ti++) {
		const struct sim_box_type *t = plat->types[ti];

		if (sim_check_type(t))
			goto err;
		sim->first[ti] = sim->nboxes;
		sim->nboxes += t->nboxes;
		nctrs += t->nboxes * t->nctrs;
		for (ri = 0; ri < t->nregs; ri++)
			nregs += t->nboxes * t->regs[ri].count;
	}
	ret = sim_build_map(sim);
	if (ret)
		goto err;

	ret = -ENOMEM;
	sim->sock = kcalloc(sockets, sizeof(*sim->sock), GFP_KERNEL);
	if (!sim->sock)
		goto err;
	for (i = 0; i < sockets; i++) {
		struct sim_socket *s = &sim->sock[i];

		s->sim = sim;
		s->id = i;
		s->box = kvcalloc(sim->nboxes, sizeof(*s->box), GFP_KERNEL);
		s->regs = kvcalloc(nregs, sizeof(*s->regs), GFP_KERNEL);
		s->ctrs = kvcalloc(nctrs, sizeof(*s->ctrs), GFP_KERNEL);
		if (!s->box || !s->regs || !s->ctrs)
			goto err;
		sim_lay_out_boxes(s);
		sim_reset_socket(s);
	}
	if (log_entries) {
		sim->log = kvcalloc(log_entries, sizeof(*sim->log), GFP_KERNEL);
		if (!sim->log)
			goto err;
	}
	sim->log_size = log_entries;
	sim->log_first = 1;
	atomic_set(&sim->lock, 0);
	sim->hz = uclk_mhz * 1000000ULL;
	sim->t0 = ktime_get_mono_fast_ns();
	return sim;
err:
	sim_destroy(sim);
	return ERR_PTR(ret);
}
EXPORT_SYMBOL_IF_KUNIT(sim_create);
