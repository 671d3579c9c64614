// SPDX-License-Identifier: GPL-2.0
/*
 * Register-accurate model of Intel Xeon uncore PMUs, served to the
 * xeon_uncore driver through xeon_uncore_sim_msr_ops.  This file is the
 * generic part: address decode, access rules, the access and violation
 * logs, guest time, deterministic event counting and debugfs.  The boxes
 * themselves are tables in sim_<platform>.c (see sim.h).
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
#include <linux/kernel.h>
#include <linux/math64.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/perf/xeon_uncore.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string.h>
#include <linux/timekeeping.h>
#include <linux/topology.h>
#include <linux/uaccess.h>
#include <kunit/visibility.h>

#include "sim.h"

static const char *const sim_space_name[] = { [SIM_MSR] = "msr" };

/*
 * The register callbacks may run in NMI context.  An NMI must never spin on
 * the lock its own CPU holds, so holders mark their CPU before taking it and
 * an NMI that finds the mark fails the access with -EBUSY instead.
 */
static DEFINE_PER_CPU(unsigned int, sim_busy);

static void sim_lock(struct sim *sim, unsigned long *flags)
	__acquires(&sim->lock)
{
	local_irq_save(*flags);
	__this_cpu_inc(sim_busy);
	barrier();
	raw_spin_lock(&sim->lock);
}

static void sim_unlock(struct sim *sim, unsigned long flags)
	__releases(&sim->lock)
{
	raw_spin_unlock(&sim->lock);
	barrier();
	__this_cpu_dec(sim_busy);
	local_irq_restore(flags);
}

/* ---- Event patterns ---------------------------------------------------- */

static u64 sim_mix(u64 x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

/* Default pattern: 4..16 values in 0..max_inc, not all zero. */
void sim_pattern_default(struct sim_pattern *pat, const char *type,
			 unsigned int box, u16 event, u8 umask, u8 max_inc)
{
	u64 h = 0;
	unsigned int i, any = 0;

	while (*type)
		h = sim_mix(h ^ (u8)*type++);
	h = sim_mix(h ^ ((u64)box << 32 | (u64)event << 8 | umask));
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
		if (t->events[i].code == code)
			return &t->events[i];
	return NULL;
}

/* An override for this box beats one for every box of the type. */
static const struct sim_rate *sim_rate_find(struct sim *sim, unsigned int tidx,
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

/* Pattern of an event on a box; false for events the box does not have. */
static bool sim_pattern_for(struct sim *sim, const struct sim_box *b,
			    u16 event, u8 umask, struct sim_pattern *pat)
{
	const struct sim_rate *r = sim_rate_find(sim, b->tidx, b->idx,
						 event, umask);
	const struct sim_event *ev = sim_event_find(b->type, event);

	if (r) {
		*pat = r->pat;
		return true;
	}
	if (!ev)
		return false;
	sim_pattern_default(pat, b->type->name, b->idx, event, umask,
			    ev->max_inc);
	return true;
}

/* ---- Time and counting ------------------------------------------------- */

static u64 sim_now(struct sim *sim)
{
	u64 ns = sim->manual ? sim->frozen : ktime_get_mono_fast_ns();

	ns = ns > sim->t0 ? ns - sim->t0 : 0;
	return mul_u64_u64_div_u64(ns, sim->hz, NSEC_PER_SEC) + sim->warp;
}

static bool sim_key_eq(const struct sim_ctr_cfg *a, const struct sim_ctr_cfg *b)
{
	return a->event == b->event && a->umask == b->umask &&
	       a->thresh == b->thresh && a->invert == b->invert &&
	       a->edge == b->edge;
}

/* Decode counter n's registers; rebuild its sums if what it counts changed. */
static struct sim_counter *sim_ctr_refresh(struct sim_socket *s,
					   struct sim_box *b, unsigned int n)
{
	struct sim_counter *c = &b->ctr[n];
	struct sim_ctr_cfg cfg = {};
	struct sim_pattern pat;

	b->type->decode(s, b, n, &cfg);
	c->cfg = cfg;
	if (!cfg.counting || (c->built && c->gen == s->sim->gen &&
			      sim_key_eq(&c->key, &cfg)))
		return c;
	if (!sim_pattern_for(s->sim, b, cfg.event, cfg.umask, &pat))
		pat.len = 0;
	sim_cum_build(&c->cum, &pat, &cfg);
	c->key = cfg;
	c->gen = s->sim->gen;
	c->built = true;
	return c;
}

static u64 sim_room(struct sim_box *b, unsigned int n)
{
	return BIT_ULL(b->type->ctr_width) - b->reg[b->type->ctr_reg][n];
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
 * Bring a socket's counters up to cycle @to.  Configuration only changes at
 * register accesses, except for the freeze a PMI causes: if a counter with
 * pmi set wraps on the way, count up to the end of the cycle it wrapped in,
 * let the platform freeze, and go on from there.
 */
static void sim_update(struct sim_socket *s, u64 to)
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
				u64 *v = &b->reg[t->ctr_reg][n], d;

				if (!c->cfg.counting)
					continue;
				d = sim_cum_at(&c->cum, stop) -
				    sim_cum_at(&c->cum, from);
				if (!d)
					continue;
				c->truth += d;
				if (d >= sim_room(b, n))
					t->overflow(s, b, n);
				*v = (*v + d) & (BIT_ULL(t->ctr_width) - 1);
			}
		}
		s->cycle = stop;
		if (!pmi)
			continue;
		cores = sim->plat->pmi(s);
		if (cores && sim->pmi_hook)
			sim->pmi_hook(s, cores);
	}
}

static void sim_update_all(struct sim *sim)
{
	u64 now = sim_now(sim);
	unsigned int i;

	for (i = 0; i < sim->nsockets; i++)
		sim_update(&sim->sock[i], now);
}

/* Until PMIs are delivered: remember which cores are owed one. */
static void sim_pmi_record(struct sim_socket *s, u32 cores)
{
	s->pmi_pending |= cores;
	s->pmi_count++;
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
	if (v->why)
		sim->viol[sim->nviol++ % SIM_VIOL_KEEP] = *v;
}

static int sim_reg_access(struct sim_socket *s, struct sim_viol *v)
{
	struct sim_log *acc = &v->acc;
	const struct sim_addr *a = sim_lookup(s->sim, acc->space, acc->addr);
	const struct sim_reg *r;
	struct sim_box *b;
	u64 keep, val;

	if (!a) {
		v->why = "unimplemented register";
		return -EIO;
	}
	b = &s->box[a->box];
	r = &b->type->regs[a->reg];
	keep = GENMASK_ULL(r->width - 1, 0) & ~r->ig;
	sim_update(s, sim_now(s->sim));

	if (!acc->write) {
		if (r->access == SIM_WO) {
			v->why = "read of write-only register";
			return -EIO;
		}
		val = r->read ? r->read(s, b, a->n) : b->reg[a->reg][a->n];
		acc->val = val & keep;
		return 0;
	}
	if (r->access == SIM_RO) {
		v->why = "write to read-only register";
		return -EIO;
	}
	val = acc->val & keep;
	if (val & r->rsv) {
		/* "Behaviour undefined": the write is kept without them. */
		v->why = "reserved bits set";
		v->bits = val & r->rsv;
		val &= ~r->rsv;
	}
	if (r->write)
		r->write(s, b, a->n, val);
	else
		b->reg[a->reg][a->n] = val;
	return 0;
}

/*
 * One RDMSR/WRMSR by @cpu on the uncore of package @socket.  Every access
 * is logged; forbidden ones are also recorded as violations.
 */
int sim_access(struct sim *sim, unsigned int socket, unsigned int cpu,
	       bool write, u32 addr, u64 *val)
{
	struct sim_viol v = {
		.acc = {
			.addr = addr, .cpu = cpu, .write = write,
			.space = SIM_MSR, .val = write ? *val : 0,
		},
	};
	unsigned long flags;
	int ret;

	if (in_nmi() && __this_cpu_read(sim_busy)) {
		atomic_inc(&sim->nmi_busy);
		return -EBUSY;
	}
	sim_lock(sim, &flags);
	if (socket < sim->nsockets) {
		ret = sim_reg_access(&sim->sock[socket], &v);
	} else {
		v.why = "socket out of range";
		ret = -EIO;
	}
	sim_record(sim, &v);
	sim_unlock(sim, flags);
	if (!write)
		*val = v.acc.val;
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(sim_access);

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

void sim_rates_reset(struct sim *sim)
{
	unsigned long flags;

	sim_lock(sim, &flags);
	sim_update_all(sim);
	sim->nrates = 0;
	sim->gen++;
	sim_unlock(sim, flags);
}
EXPORT_SYMBOL_IF_KUNIT(sim_rates_reset);

/* ---- Creation ---------------------------------------------------------- */

static int sim_check_type(const struct sim_box_type *t)
{
	unsigned int i;

	if (t->nregs > SIM_MAX_REGS || t->nctrs > SIM_MAX_INST)
		return -EINVAL;
	for (i = 0; i < t->nregs; i++) {
		const struct sim_reg *r = &t->regs[i];

		if (!r->count || r->count > SIM_MAX_INST || !r->width ||
		    r->width > 64)
			return -EINVAL;
	}
	if (!t->nctrs)
		return 0;
	if (!t->decode || !t->overflow || t->ctl_reg >= t->nregs ||
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
	unsigned int ti, bi, ri, n, box = 0, cnt = 0;

	for (ti = 0; ti < plat->ntypes; ti++) {
		const struct sim_box_type *t = plat->types[ti];

		for (ri = 0; ri < t->nregs; ri++)
			cnt += t->nboxes * t->regs[ri].count;
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
					struct sim_addr *a =
						&sim->map[sim->nmap++];

					a->addr = t->base[bi] + r->offset +
						  n * r->stride;
					a->space = t->space;
					a->box = box;
					a->reg = ri;
					a->n = n;
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
	}
}

void sim_destroy(struct sim *sim)
{
	unsigned int i;

	if (!sim)
		return;
	for (i = 0; sim->sock && i < sim->nsockets; i++)
		kvfree(sim->sock[i].box);
	kfree(sim->sock);
	kvfree(sim->map);
	kvfree(sim->log);
	kvfree(sim);
}
EXPORT_SYMBOL_IF_KUNIT(sim_destroy);

struct sim *sim_create(const struct sim_platform *plat, unsigned int sockets,
		       unsigned int uclk_mhz, unsigned int log_entries)
{
	unsigned int i, bi, ti;
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
		if (sim_check_type(plat->types[ti]))
			goto err;
		sim->first[ti] = sim->nboxes;
		sim->nboxes += plat->types[ti]->nboxes;
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
		if (!s->box)
			goto err;
		for (bi = 0; bi < sim->nboxes; bi++) {
			for (ti = plat->ntypes - 1; sim->first[ti] > bi; ti--)
				;
			s->box[bi].type = plat->types[ti];
			s->box[bi].tidx = ti;
			s->box[bi].idx = bi - sim->first[ti];
		}
		sim_reset_socket(s);
	}
	if (log_entries) {
		sim->log = kvcalloc(log_entries, sizeof(*sim->log), GFP_KERNEL);
		if (!sim->log)
			goto err;
	}
	sim->log_size = log_entries;
	sim->log_first = 1;
	raw_spin_lock_init(&sim->lock);
	sim->hz = uclk_mhz * 1000000ULL;
	sim->t0 = ktime_get_mono_fast_ns();
	sim->pmi_hook = sim_pmi_record;
	return sim;
err:
	sim_destroy(sim);
	return ERR_PTR(ret);
}
EXPORT_SYMBOL_IF_KUNIT(sim_create);

/* ---- The instance the driver sees -------------------------------------- */

static char *platform = "nhmex";
module_param(platform, charp, 0444);
MODULE_PARM_DESC(platform, "register tables to model (nhmex)");

static unsigned int sockets = 2;
module_param(sockets, uint, 0444);
MODULE_PARM_DESC(sockets, "packages modelled, 1-8; CPUs of higher packages get -EIO");

static unsigned int uclk_mhz = 2000;
module_param(uclk_mhz, uint, 0444);
MODULE_PARM_DESC(uclk_mhz, "uncore clock in MHz: one pattern step per cycle (default 2000)");

static unsigned int log_entries = 65536;
module_param(log_entries, uint, 0444);
MODULE_PARM_DESC(log_entries, "register accesses kept in debugfs log (default 65536)");

static const struct sim_platform *const sim_platforms[] = {
	&sim_nhmex_platform,
};

static struct sim *sim_live;
static struct dentry *sim_dir;

static int sim_msr_access(bool write, u32 msr, u64 *val)
{
	unsigned int cpu = get_cpu();
	int ret = sim_access(sim_live, topology_physical_package_id(cpu), cpu,
			     write, msr, val);

	put_cpu();
	return ret;
}

static int sim_msr_read(u32 msr, u64 *val)
{
	return sim_msr_access(false, msr, val);
}

static int sim_msr_write(u32 msr, u64 val)
{
	return sim_msr_access(true, msr, &val);
}

const struct xeon_uncore_msr_ops xeon_uncore_sim_msr_ops = {
	.name = "xeon_uncore_sim",
	.owner = THIS_MODULE,
	.read = sim_msr_read,
	.write = sim_msr_write,
};
EXPORT_SYMBOL_GPL(xeon_uncore_sim_msr_ops);

/* ---- debugfs ----------------------------------------------------------- */

struct sim_snap {
	u64 ctl;
	u64 val;
	u64 truth;
};

static unsigned int sim_nctrs(struct sim *sim)
{
	unsigned int i, n = 0;

	for (i = 0; i < sim->nboxes; i++)
		n += sim->sock[0].box[i].type->nctrs;
	return n;
}

/* Counters of one socket, brought up to date, in box order. */
static void sim_snapshot(struct sim *sim, unsigned int socket,
			 struct sim_snap *out)
{
	struct sim_socket *s = &sim->sock[socket];
	unsigned long flags;
	unsigned int i, n;

	sim_lock(sim, &flags);
	sim_update(s, sim_now(sim));
	for (i = 0; i < sim->nboxes; i++) {
		struct sim_box *b = &s->box[i];

		for (n = 0; n < b->type->nctrs; n++, out++) {
			out->ctl = b->reg[b->type->ctl_reg][n];
			out->val = b->reg[b->type->ctr_reg][n];
			out->truth = b->ctr[n].truth;
		}
	}
	sim_unlock(sim, flags);
}

static void sim_box_name(const struct sim_box *b, char *buf, size_t len)
{
	if (b->type->nboxes == 1)
		strscpy(buf, b->type->name, len);
	else
		snprintf(buf, len, "%s%u", b->type->name, b->idx);
}

static int sim_show_counters(struct seq_file *m, bool full)
{
	struct sim *sim = sim_live;
	struct sim_snap *snap, *p;
	unsigned int s, i, n;
	char name[24];

	snap = kmalloc_array(sim_nctrs(sim), sizeof(*snap), GFP_KERNEL);
	if (!snap)
		return -ENOMEM;
	for (s = 0; s < sim->nsockets; s++) {
		sim_snapshot(sim, s, snap);
		p = snap;
		for (i = 0; i < sim->nboxes; i++) {
			const struct sim_box *b = &sim->sock[s].box[i];

			sim_box_name(b, name, sizeof(name));
			for (n = 0; n < b->type->nctrs; n++, p++) {
				if (full)
					seq_printf(m, "%u %s %u ctl=0x%llx value=0x%llx total=%llu\n",
						   s, name, n, p->ctl, p->val,
						   p->truth);
				else
					seq_printf(m, "%u %s %u %llu\n", s,
						   name, n, p->truth);
			}
		}
	}
	kfree(snap);
	return 0;
}

static int sim_show_truth(struct seq_file *m, void *v)
{
	return sim_show_counters(m, false);
}

static int sim_cmd_truth(struct sim *sim, char *cmd)
{
	unsigned long flags;
	unsigned int s, i, n;

	if (!sysfs_streq(cmd, "reset"))
		return -EINVAL;
	sim_lock(sim, &flags);
	sim_update_all(sim);
	for (s = 0; s < sim->nsockets; s++)
		for (i = 0; i < sim->nboxes; i++)
			for (n = 0; n < SIM_MAX_INST; n++)
				sim->sock[s].box[i].ctr[n].truth = 0;
	sim_unlock(sim, flags);
	return 0;
}

static int sim_show_counters_full(struct seq_file *m, void *v)
{
	return sim_show_counters(m, true);
}

static int sim_show_info(struct seq_file *m, void *v)
{
	struct sim *sim = sim_live;
	u64 dropped, nviol, pmis;
	unsigned long flags;
	unsigned int s;
	u32 pending;
	bool manual;

	sim_lock(sim, &flags);
	dropped = sim->log_dropped;
	nviol = sim->nviol;
	manual = sim->manual;
	sim_unlock(sim, flags);

	seq_printf(m, "platform %s\n", sim->plat->name);
	seq_printf(m, "sockets %u\n", sim->nsockets);
	seq_printf(m, "uclk_hz %llu\n", sim->hz);
	seq_printf(m, "clock %s\n", manual ? "manual" : "live");
	seq_printf(m, "log_entries %u\n", sim->log_size);
	seq_printf(m, "log_dropped %llu\n", dropped);
	seq_printf(m, "violations %llu\n", nviol);
	seq_printf(m, "nmi_busy %d\n", atomic_read(&sim->nmi_busy));
	for (s = 0; s < sim->nsockets; s++) {
		sim_lock(sim, &flags);
		pmis = sim->sock[s].pmi_count;
		pending = sim->sock[s].pmi_pending;
		sim_unlock(sim, flags);
		seq_printf(m, "pmi_count_%u %llu\n", s, pmis);
		seq_printf(m, "pmi_pending_%u 0x%x\n", s, pending);
	}
	return 0;
}

static void sim_print_access(struct seq_file *m, const struct sim_log *e)
{
	seq_printf(m, "%llu %u %c %s 0x%x 0x%016llx", e->seq, e->cpu,
		   e->write ? 'W' : 'R', sim_space_name[e->space], e->addr,
		   e->val);
}

static int sim_show_violations(struct seq_file *m, void *v)
{
	struct sim *sim = sim_live;
	struct sim_viol *copy;
	unsigned long flags;
	unsigned int i, kept;
	u64 total;

	copy = kmalloc_array(SIM_VIOL_KEEP, sizeof(*copy), GFP_KERNEL);
	if (!copy)
		return -ENOMEM;
	sim_lock(sim, &flags);
	total = sim->nviol;
	kept = min_t(u64, total, SIM_VIOL_KEEP);
	for (i = 0; i < kept; i++)
		copy[i] = sim->viol[(total - kept + i) % SIM_VIOL_KEEP];
	sim_unlock(sim, flags);

	seq_printf(m, "count %llu\n", total);
	for (i = 0; i < kept; i++) {
		sim_print_access(m, &copy[i].acc);
		seq_printf(m, " %s", copy[i].why);
		if (copy[i].bits)
			seq_printf(m, " 0x%llx", copy[i].bits);
		seq_putc(m, '\n');
	}
	kfree(copy);
	return 0;
}

static int sim_cmd_violations(struct sim *sim, char *cmd)
{
	unsigned long flags;

	if (!sysfs_streq(cmd, "clear"))
		return -EINVAL;
	sim_lock(sim, &flags);
	sim->nviol = 0;
	sim_unlock(sim, flags);
	return 0;
}

static void sim_print_rate(struct seq_file *m, struct sim *sim,
			   unsigned int tidx, int box, u16 event, u8 umask,
			   const struct sim_pattern *pat)
{
	unsigned int i;

	seq_printf(m, "%s ", sim->plat->types[tidx]->name);
	if (box < 0)
		seq_puts(m, "*");
	else
		seq_printf(m, "%d", box);
	seq_printf(m, " 0x%02x 0x%02x ", event, umask);
	for (i = 0; i < pat->len; i++)
		seq_printf(m, "%s%u", i ? "," : "", pat->p[i]);
	seq_putc(m, '\n');
}

/* Overrides, then the defaults of events programmed in some counter. */
static int sim_show_rates(struct seq_file *m, void *v)
{
	struct sim *sim = sim_live;
	unsigned int nr, nu = 0, max = sim->nsockets * sim_nctrs(sim);
	struct sim_rate *rates, *used;
	unsigned long flags;
	unsigned int s, i, n, k;

	rates = kmalloc_array(SIM_MAX_RATES + max, sizeof(*rates), GFP_KERNEL);
	if (!rates)
		return -ENOMEM;
	used = rates + SIM_MAX_RATES;

	sim_lock(sim, &flags);
	nr = sim->nrates;
	memcpy(rates, sim->rate, nr * sizeof(*rates));
	for (s = 0; s < sim->nsockets; s++) {
		for (i = 0; i < sim->nboxes; i++) {
			struct sim_box *b = &sim->sock[s].box[i];

			for (n = 0; n < b->type->nctrs; n++) {
				struct sim_ctr_cfg cfg = {};
				struct sim_rate *u = &used[nu];

				b->type->decode(&sim->sock[s], b, n, &cfg);
				if (!cfg.programmed ||
				    !sim_event_find(b->type, cfg.event) ||
				    sim_rate_find(sim, b->tidx, b->idx,
						  cfg.event, cfg.umask))
					continue;
				u->tidx = b->tidx;
				u->box = b->idx;
				u->event = cfg.event;
				u->umask = cfg.umask;
				for (k = 0; k < nu; k++)
					if (used[k].tidx == u->tidx &&
					    used[k].box == u->box &&
					    used[k].event == u->event &&
					    used[k].umask == u->umask)
						break;
				if (k == nu)
					nu++;
			}
		}
	}
	sim_unlock(sim, flags);

	for (i = 0; i < nr; i++)
		sim_print_rate(m, sim, rates[i].tidx, rates[i].box,
			       rates[i].event, rates[i].umask, &rates[i].pat);
	for (i = 0; i < nu; i++) {
		const struct sim_box_type *t = sim->plat->types[used[i].tidx];
		struct sim_pattern pat;

		sim_pattern_default(&pat, t->name, used[i].box, used[i].event,
				    used[i].umask,
				    sim_event_find(t, used[i].event)->max_inc);
		sim_print_rate(m, sim, used[i].tidx, used[i].box,
			       used[i].event, used[i].umask, &pat);
	}
	kfree(rates);
	return 0;
}

/* "<boxtype> <index|*> 0x<event> 0x<umask> <p0>,<p1>,..." or "reset" */
static int sim_rate_parse(struct sim *sim, char *line)
{
	char *tok[5], *v;
	struct sim_pattern pat = {};
	unsigned int i = 0, box = 0;
	u16 event;
	u8 umask;

	if (sysfs_streq(line, "reset")) {
		sim_rates_reset(sim);
		return 0;
	}
	while (i < ARRAY_SIZE(tok) && (v = strsep(&line, " \t")))
		if (*v)
			tok[i++] = v;
	if (i < ARRAY_SIZE(tok) || (line && *skip_spaces(line)))
		return -EINVAL;
	if (kstrtou16(tok[2], 0, &event) || kstrtou8(tok[3], 0, &umask))
		return -EINVAL;
	if (strcmp(tok[1], "*") && kstrtouint(tok[1], 0, &box))
		return -EINVAL;
	while ((v = strsep(&tok[4], ","))) {
		if (pat.len == SIM_PAT_MAX || kstrtou8(v, 0, &pat.p[pat.len]))
			return -EINVAL;
		pat.len++;
	}
	if (box > S16_MAX)
		return -EINVAL;
	return sim_rate_set(sim, tok[0], strcmp(tok[1], "*") ? box : -1,
			    event, umask, &pat);
}

static int sim_cmd_rates(struct sim *sim, char *cmd)
{
	char *line;
	int ret;

	while ((line = strsep(&cmd, "\n"))) {
		line = strim(line);
		if (!*line)
			continue;
		ret = sim_rate_parse(sim, line);
		if (ret)
			return ret;
	}
	return 0;
}

static int sim_show_clock(struct seq_file *m, void *v)
{
	seq_printf(m, "%s\n", READ_ONCE(sim_live->manual) ? "manual" : "live");
	return 0;
}

static int sim_cmd_clock(struct sim *sim, char *cmd)
{
	if (sysfs_streq(cmd, "manual"))
		sim_set_manual(sim, true);
	else if (sysfs_streq(cmd, "live"))
		sim_set_manual(sim, false);
	else
		return -EINVAL;
	return 0;
}

/* Reading gives the current cycle count. */
static int sim_show_advance(struct seq_file *m, void *v)
{
	struct sim *sim = sim_live;
	unsigned long flags;
	u64 now;

	sim_lock(sim, &flags);
	now = sim_now(sim);
	sim_unlock(sim, flags);
	seq_printf(m, "%llu\n", now);
	return 0;
}

static int sim_cmd_advance(struct sim *sim, char *cmd)
{
	u64 n;
	int ret = kstrtou64(strim(cmd), 10, &n);

	if (!ret)
		sim_advance(sim, n);
	return ret;
}

static int sim_cmd_log(struct sim *sim, char *cmd)
{
	unsigned long flags;

	if (!sysfs_streq(cmd, "clear"))
		return -EINVAL;
	sim_lock(sim, &flags);
	sim->log_first = sim->seq + 1;
	sim_unlock(sim, flags);
	return 0;
}

/*
 * The log can hold many entries: it is walked one entry at a time, each
 * copied under the lock, from the oldest retained at open to the newest at
 * open.  Entries overwritten meanwhile are skipped.
 */
struct sim_log_iter {
	u64 first;
	u64 last;
	u64 cur;
};

static void *sim_log_start(struct seq_file *m, loff_t *pos)
{
	struct sim_log_iter *it = m->private;

	it->cur = it->first + *pos;
	return it->cur <= it->last ? it : NULL;
}

static void *sim_log_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return sim_log_start(m, pos);
}

static void sim_log_stop(struct seq_file *m, void *v)
{
}

static int sim_log_show(struct seq_file *m, void *v)
{
	struct sim_log_iter *it = v;
	struct sim *sim = sim_live;
	struct sim_log e = {};
	unsigned long flags;
	u32 slot;

	sim_lock(sim, &flags);
	if (it->cur >= sim->log_first && it->cur <= sim->seq) {
		div_u64_rem(it->cur, sim->log_size, &slot);
		e = sim->log[slot];
	}
	sim_unlock(sim, flags);
	if (e.seq != it->cur)
		return SEQ_SKIP;
	sim_print_access(m, &e);
	seq_putc(m, '\n');
	return 0;
}

static const struct seq_operations sim_log_seq_ops = {
	.start = sim_log_start,
	.next = sim_log_next,
	.stop = sim_log_stop,
	.show = sim_log_show,
};

struct sim_dfile {
	const char *name;
	umode_t mode;
	int (*show)(struct seq_file *m, void *v);
	int (*cmd)(struct sim *sim, char *cmd);
};

static const struct sim_dfile sim_dfiles[] = {
	{ "info", 0444, sim_show_info, NULL },
	{ "truth", 0644, sim_show_truth, sim_cmd_truth },
	{ "counters", 0444, sim_show_counters_full, NULL },
	{ "log", 0644, NULL, sim_cmd_log },
	{ "violations", 0644, sim_show_violations, sim_cmd_violations },
	{ "rates", 0644, sim_show_rates, sim_cmd_rates },
	{ "advance", 0644, sim_show_advance, sim_cmd_advance },
	{ "clock", 0644, sim_show_clock, sim_cmd_clock },
};

static int sim_dfile_open(struct inode *inode, struct file *file)
{
	const struct sim_dfile *f = inode->i_private;
	struct sim_log_iter *it;
	unsigned long flags;

	if (f->show)
		return single_open(file, f->show, NULL);

	it = __seq_open_private(file, &sim_log_seq_ops, sizeof(*it));
	if (!it)
		return -ENOMEM;
	sim_lock(sim_live, &flags);
	it->first = sim_live->log_first;
	it->last = sim_live->seq;
	sim_unlock(sim_live, flags);
	return 0;
}

static int sim_dfile_release(struct inode *inode, struct file *file)
{
	const struct sim_dfile *f = inode->i_private;

	return f->show ? single_release(inode, file) :
			 seq_release_private(inode, file);
}

static ssize_t sim_dfile_write(struct file *file, const char __user *ubuf,
			       size_t count, loff_t *ppos)
{
	const struct sim_dfile *f = file_inode(file)->i_private;
	char *buf;
	int ret;

	if (!f->cmd)
		return -EPERM;
	if (count >= PAGE_SIZE)
		return -E2BIG;
	buf = memdup_user_nul(ubuf, count);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	ret = f->cmd(sim_live, buf);
	kfree(buf);
	if (ret)
		return ret;
	return count;
}

static const struct file_operations sim_dfile_fops = {
	.owner = THIS_MODULE,
	.open = sim_dfile_open,
	.read = seq_read,
	.write = sim_dfile_write,
	.llseek = seq_lseek,
	.release = sim_dfile_release,
};

static int __init sim_init(void)
{
	const struct sim_platform *plat = NULL;
	struct sim *sim;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(sim_platforms); i++)
		if (!strcmp(platform, sim_platforms[i]->name))
			plat = sim_platforms[i];
	if (!plat || sockets < 1 || sockets > 8 || !uclk_mhz ||
	    uclk_mhz > 100000 || log_entries > (1U << 22)) {
		pr_err("need platform=nhmex, sockets=1..8, uclk_mhz=1..100000, log_entries<=4194304\n");
		return -EINVAL;
	}
	sim = sim_create(plat, sockets, uclk_mhz, log_entries);
	if (IS_ERR(sim))
		return PTR_ERR(sim);
	sim_live = sim;

	sim_dir = debugfs_create_dir("xeon_uncore_sim", NULL);
	for (i = 0; i < ARRAY_SIZE(sim_dfiles); i++)
		debugfs_create_file(sim_dfiles[i].name, sim_dfiles[i].mode,
				    sim_dir, (void *)&sim_dfiles[i],
				    &sim_dfile_fops);
	return 0;
}
module_init(sim_init);

static void __exit sim_exit(void)
{
	debugfs_remove_recursive(sim_dir);
	sim_destroy(sim_live);
}
module_exit(sim_exit);

MODULE_DESCRIPTION("Register model of Intel Xeon uncore PMUs for xeon_uncore");
MODULE_LICENSE("GPL");
