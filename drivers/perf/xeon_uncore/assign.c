// SPDX-License-Identifier: GPL-2.0
/*
 * xeon_uncore: the pure parts of the core -- counter assignment, config
 * validation, format strings, the poll interval, the counters a status
 * value names, a package's logical id.  No register, no perf state:
 * every layer may call them, and the KUnit suite exercises them directly.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bitmap.h>
#include <linux/bug.h>
#include <linux/cpumask.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/overflow.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/time64.h>
#include <linux/topology.h>
#include <kunit/visibility.h>

#include "uncore.h"

/*
 * The parts the driver knows, by the CPUs that have them: the rows of
 * platforms.h, each with its platform; KUnit walks them all.
 */
#define XU_PLATFORM(name, family, model, qemu)				\
	X86_MATCH_VENDOR_FAM_MODEL(INTEL, family, model, &xu_##name##_platform),
static const struct x86_cpu_id xu_cpu_id_rows[] = {
#include "platforms.h"
	{ }
};

#undef XU_PLATFORM

/* udev loads the module on these CPUs by their modalias */
MODULE_DEVICE_TABLE(x86cpu, xu_cpu_id_rows);

const struct x86_cpu_id * const xu_cpu_ids = xu_cpu_id_rows;
EXPORT_SYMBOL_IF_KUNIT(xu_cpu_ids);

/*
 * Try to give event @e a counter: a free one if it may use one, else by
 * moving already placed events along an alternating path (Kuhn's
 * augmenting path).  Depth is bounded by the number of counters.
 */
static bool xu_augment(const unsigned long *allowed, int *owner,
		       unsigned long *seen, unsigned int e, int *assign)
{
	unsigned long cand = allowed[e] & ~*seen;
	unsigned int c;

	for_each_set_bit(c, &cand, XU_MAX_COUNTERS) {
		if (owner[c] < 0) {
			owner[c] = e;
			assign[e] = c;
			return true;
		}
	}
	for_each_set_bit(c, &cand, XU_MAX_COUNTERS) {
		*seen |= BIT(c);
		if (xu_augment(allowed, owner, seen, owner[c], assign)) {
			owner[c] = e;
			assign[e] = c;
			return true;
		}
	}
	return false;
}

/**
 * xu_assign_counters() - place events on counters honouring constraints
 * @allowed: for each event, the bitmask of counters it may use
 * @n: number of events
 * @assign: in: each event's current counter or -1; out: its new counter
 *
 * Finds an assignment whenever one exists (maximum bipartite matching).
 * Events keep their current counter when that is still possible, so a
 * reschedule reprograms as little as it can.
 *
 * Return: 0, or -ENOSPC when the events cannot all be placed (@assign is
 * then unspecified).
 */
int xu_assign_counters(const unsigned long *allowed, unsigned int n, int *assign)
{
	int owner[XU_MAX_COUNTERS];
	unsigned long seen;
	unsigned int e;

	if (n > XU_MAX_COUNTERS)
		return -ENOSPC;
	for (e = 0; e < XU_MAX_COUNTERS; e++)
		owner[e] = -1;

	/* Keep whatever is still valid. */
	for (e = 0; e < n; e++) {
		int c = assign[e];

		if (c >= 0 && c < XU_MAX_COUNTERS && (allowed[e] & BIT(c)) &&
		    owner[c] < 0)
			owner[c] = e;
		else
			assign[e] = -1;
	}

	for (e = 0; e < n; e++) {
		if (assign[e] >= 0)
			continue;
		seen = 0;
		if (!xu_augment(allowed, owner, &seen, e, assign))
			return -ENOSPC;
	}
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(xu_assign_counters);

/* The counters an event with @config may use. */
unsigned long xu_event_counters(const struct xu_box_type *type, u64 config)
{
	const struct xu_constraint *c;

	for (c = xu_constraint_row(type->constraints); c; c = xu_constraint_row(c + 1))
		if ((config & c->mask) == c->match)
			return c->counters;
	return GENMASK(type->num_counters - 1, 0);
}
EXPORT_SYMBOL_IF_KUNIT(xu_event_counters);

/* The bits of @val under @mask, packed into the low bits in their order. */
static u64 xu_pack_bits(u64 val, u64 mask)
{
	u64 out = 0;
	unsigned int n = 0;

	for (; mask; mask &= mask - 1)
		out |= ((val >> __ffs64(mask)) & 1) << n++;
	return out;
}

/*
 * The most counter @idx adds a cycle counting control value @ctl
 * (struct xu_rate); a fixed counter counts its clock.
 */
unsigned int xu_event_max_inc(const struct xu_box_type *t, int idx, u64 ctl)
{
	const struct xu_rate *r;
	unsigned int code, subs;

	if (idx == t->num_counters || (ctl & t->rate_one))
		return 1;
	code = xu_pack_bits(ctl, t->rate_code);
	for (r = xu_rate_row(t->rates); r; r = xu_rate_row(r + 1)) {
		if (code < r->first || code > max(r->first, r->last))
			continue;
		subs = max_t(unsigned int, hweight64(ctl & t->rate_sub), 1);
		return min(subs * r->max_inc, t->max_inc);
	}
	return t->max_inc;
}
EXPORT_SYMBOL_IF_KUNIT(xu_event_max_inc);

/*
 * Validate the raw config words against the box's fields.  Returns NULL if
 * acceptable, or a reason for dmesg.  The kernel-owned enable bit and
 * bits the driver sets itself are accepted (raw-encoding tools such as PCM
 * set them) and ignored.
 */
const char *xu_check_config(const struct xu_pmu *xp, const u64 *config)
{
	static const char * const bad[XU_CONFIG_WORDS] = {
		"config has bits this box does not implement",
		"config1 has bits this box does not implement",
		"config2 has bits this box does not implement",
	};
	const struct xu_reserved *r;
	unsigned int w;

	for (w = 0; w < XU_CONFIG_WORDS; w++) {
		u64 ok = xp->valid[w] | xp->type->fixed[w];

		if (w == 0)
			ok |= xp->type->enable_bit;
		if (!(config[w] & ~ok))
			continue;
		for (r = xp->type->reserved; r && r->mask; r++)
			if (r->word == w && (config[w] & ~ok & r->mask))
				return r->why;
		return bad[w];
	}
	return NULL;
}
EXPORT_SYMBOL_IF_KUNIT(xu_check_config);

/*
 * Whether field @f is this type's: a field of a sibling part's list that
 * this part reserves (the E5-2600's inv on the E5-2600 v2) is not, so one
 * list serves both; such bits are refused with the reserved entry's reason.
 */
bool xu_field_present(const struct xu_box_type *t, const struct xu_field *f)
{
	const struct xu_reserved *r;

	for (r = t->reserved; r && r->mask; r++)
		if (r->word == f->word && (f->mask & ~r->mask) == 0)
			return false;
	return true;
}
EXPORT_SYMBOL_IF_KUNIT(xu_field_present);

/* The bits of each config word that the type's fields cover. */
void xu_type_valid(const struct xu_box_type *t, u64 *valid)
{
	struct xu_field * const *f;

	memset(valid, 0, XU_CONFIG_WORDS * sizeof(*valid));
	for (f = t->fields; *f; f++)
		if (xu_field_present(t, *f))
			valid[(*f)->word] |= (*f)->mask;
}
EXPORT_SYMBOL_IF_KUNIT(xu_type_valid);

/* The field of @t named @name, where the type has it, or NULL. */
static const struct xu_field *xu_field_named(const struct xu_box_type *t,
					     const char *name)
{
	struct xu_field * const *g;

	for (g = t->fields; *g; g++)
		if (!strcmp((*g)->attr.attr.name, name) && xu_field_present(t, *g))
			return *g;
	return NULL;
}

/**
 * xu_pmu_fields() - what @xp's encoder needs of its type's fields, once
 * @xp: a PMU with its type and name set
 *
 * The bits users may set, and for each field that acts through another
 * (xu_field.needs) that other field of this type, resolved by name here
 * rather than at each encode (which runs at every add and del, under the
 * box's lock).
 *
 * Return: 0, or -EINVAL (said in dmesg) when a field needs one the type
 * lacks, or more fields need one than XU_MAX_NEEDS: the type is broken
 * (a bug in its table), and the driver does not load at all
 * (xu_pmu_setup() fails, and with it the init).
 */
int xu_pmu_fields(struct xu_pmu *xp)
{
	const struct xu_box_type *t = xp->type;
	struct xu_field * const *f;

	xu_type_valid(t, xp->valid);
	xp->nneeds = 0;
	for (f = t->fields; *f; f++) {
		const struct xu_field *g;

		if (!(*f)->needs || !xu_field_present(t, *f))
			continue;
		g = xu_field_named(t, (*f)->needs);
		if (!g) {
			pr_err("%s: field %s acts through %s, which this box type lacks: the driver does not load\n",
			       xp->name, (*f)->attr.attr.name, (*f)->needs);
			return -EINVAL;
		}
		if (xp->nneeds == XU_MAX_NEEDS) {
			pr_err("%s: more than %u fields act through another: the driver does not load\n",
			       xp->name, XU_MAX_NEEDS);
			return -EINVAL;
		}
		xp->needs[xp->nneeds].f = *f;
		xp->needs[xp->nneeds++].g = g;
	}
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(xu_pmu_fields);

/*
 * True the first time @f's note @bit is asked for: encode runs at every
 * add and del, so no locked op once noted.
 */
static bool xu_field_first_note(struct xu_field *f, unsigned int bit)
{
	return !test_bit(bit, &f->noted) && !test_and_set_bit(bit, &f->noted);
}

static const char * const xu_config_word[XU_CONFIG_WORDS] = {
	"config", "config1", "config2",
};

/*
 * Fields the hardware ignores for this event were accepted and left out
 * of the registers: those in @dropped because they do not act on it
 * (xu_field.acts), the others by the box's encoder.  Say so once per
 * field, not once per open: a client such as PCM sends the same filter
 * with every event of a box, on every box, at every run.
 */
static void xu_note_ignored(const struct xu_pmu *xp, const u64 *config,
			    const struct xu_enc *enc, const u64 *dropped)
{
	struct xu_field * const *f;

	for (f = xp->type->fields; *f; f++) {
		const char *why = enc->ignored_why;
		struct xu_field *g = *f, *in = enc->ignored_in;
		u64 ign = enc->ignored[g->word] & g->mask;

		if (g->slice || !ign)
			continue;
		/* the slice the encoder names, if it holds them all */
		if (in && in->word == g->word && !(ign & ~in->mask)) {
			g = in;
			why = enc->ignored_in_why;
		}
		if (!xu_field_first_note(g, 0))
			continue;
		if (dropped[g->word] & g->mask)
			why = g->acts_why;
		/* a field the event reads in part (the R-box's xbr_mm_cfg) */
		if (ign != (config[g->word] & g->mask))
			pr_info("%s: %s bits %#llx of %s are not used by this event: ignored, as the hardware does (%s; config=%#llx config1=%#llx config2=%#llx); noted once per field\n",
				xp->name, g->attr.attr.name, ign, xu_config_word[g->word],
				why ?: "unused here", config[0], config[1], config[2]);
		else
			pr_info("%s: %s is not used by this event: ignored, as the hardware does (%s; config=%#llx config1=%#llx config2=%#llx); noted once per field\n",
				xp->name, g->attr.attr.name, why ?: "unused here",
				config[0], config[1], config[2]);
	}
}

/*
 * A value programmed as given whose meaning no guide we have states
 * (xu_enc.unsure): say so once per field, with the guess it rests on.
 */
static void xu_note_unsure(const struct xu_pmu *xp, const u64 *config,
			   const struct xu_enc *enc)
{
	struct xu_field *f = enc->unsure;

	if (!f || !xu_field_first_note(f, 2))
		return;
	pr_info("%s: %s: programmed as asked, its meaning unconfirmed (%s; config=%#llx config1=%#llx config2=%#llx); noted once per field\n",
		xp->name, f->attr.attr.name, enc->unsure_why ?: "no guide states it",
		config[0], config[1], config[2]);
}

/*
 * A field set on an event it does not act on (xu_field.acts) is left out
 * of @cfg, and said in @dropped: the hardware ignores it there.
 */
static void xu_drop_inactive(const struct xu_pmu *xp, u64 *cfg, u64 *dropped)
{
	struct xu_field * const *f;

	for (f = xp->type->fields; *f; f++) {
		u64 *w = &cfg[(*f)->word];

		if ((*f)->acts && (*w & (*f)->mask) && !(*f)->acts(cfg)) {
			dropped[(*f)->word] |= *w & (*f)->mask;
			*w &= ~(*f)->mask;
		}
	}
}

/*
 * A field set without the one it acts through (xu_field.needs: the E5s'
 * edge and inv act on the thresh comparison) would count nothing on the
 * silicon; PCM sends edge alone for its frequency transitions.  Such a
 * config is accepted, and @cfg gets the needed field at its least value
 * (1); said once per field in dmesg.  The links: xu_pmu_fields().
 */
static void xu_supply_needs(const struct xu_pmu *xp, const u64 *config,
			    u64 *cfg)
{
	unsigned int i;

	for (i = 0; i < xp->nneeds; i++) {
		struct xu_field *f = xp->needs[i].f;
		const struct xu_field *g = xp->needs[i].g;

		if (!(cfg[f->word] & f->mask) || (cfg[g->word] & g->mask))
			continue;
		cfg[g->word] |= BIT_ULL(__ffs64(g->mask));
		if (!xu_field_first_note(f, 1))
			continue;
		pr_info("%s: %s with %s 0 would count nothing (%s): programmed %s=1 (config=%#llx); noted once per field\n",
			xp->name, f->attr.attr.name, g->attr.attr.name,
			f->needs_why, g->attr.attr.name, config[0]);
	}
}

/**
 * xu_encode_alt() - validate an event's config words and translate them
 * @xp: the PMU
 * @config: attr.config, config1, config2
 * @alt: which of the event's alternative encodings (xu_enc.nalt)
 * @enc: out: the control register value, the counters the event may be
 *	placed on, and what it needs of the box's shared registers
 *
 * Bits the hardware ignores for the event (xu_field.acts, or the box's
 * encoder says so) are accepted, left out of @enc but for @enc->ignored,
 * and noted once per field in dmesg; a field the set ones act through is
 * supplied (xu_supply_needs()).
 *
 * Return: NULL, or the reason the config is refused.
 */
const char *xu_encode_alt(const struct xu_pmu *xp, const u64 *config,
			  unsigned int alt, struct xu_enc *enc)
{
	const struct xu_box_type *t = xp->type;
	const char *why = xu_check_config(xp, config);
	u64 cfg[XU_CONFIG_WORDS], dropped[XU_CONFIG_WORDS] = { };
	unsigned int w;

	memset(enc, 0, sizeof(*enc));
	if (why)
		return why;
	memcpy(cfg, config, sizeof(cfg));
	xu_drop_inactive(xp, cfg, dropped);
	xu_supply_needs(xp, config, cfg);
	if (t->ops && t->ops->encode) {
		enc->alt = alt;
		why = t->ops->encode(t, cfg, enc);
		if (!why && alt && alt >= enc->nalt)
			why = "no such alternative encoding";
		if (why)
			return why;
	} else {
		if (alt)
			return "no such alternative encoding";
		enc->ctl = cfg[0] & ~t->enable_bit;
		if (t->fixed_ctr && enc->ctl == XU_FIXED_EVENT) {
			/* a fixed counter's control has only the enable bit */
			enc->ctl = 0;
			enc->counters = BIT(t->num_counters);
		} else {
			enc->counters = xu_event_counters(t, enc->ctl);
		}
	}
	for (w = 0; w < XU_CONFIG_WORDS; w++)
		enc->ignored[w] |= dropped[w];
	xu_note_ignored(xp, config, enc, dropped);
	xu_note_unsure(xp, config, enc);
	return NULL;
}
EXPORT_SYMBOL_IF_KUNIT(xu_encode_alt);

/* The state of @t's shared registers on one box, none held: kfree() it. */
struct xu_shared_state *xu_shared_alloc(const struct xu_box_type *t)
{
	struct xu_shared_state *st;

	if (WARN_ON_ONCE(t->nshared > XU_MAX_SHARED))
		return NULL;
	return kzalloc(struct_size(st, reg, t->nshared), GFP_KERNEL);
}
EXPORT_SYMBOL_IF_KUNIT(xu_shared_alloc);

/*
 * Shared registers: a field an event uses is either unused on the box or
 * already holds the value the event wants; with @held, only the latter.
 */
static bool xu_shared_match(const struct xu_box_type *t,
			    const struct xu_shared_state *st,
			    const struct xu_enc *enc, bool held)
{
	unsigned int u, f;

	for (u = 0; u < enc->nuse; u++) {
		const struct xu_use *use = &enc->use[u];
		const struct xu_shared_val *r = &st->reg[use->reg];
		const u64 *fields = t->shared[use->reg].fields;

		for (f = 0; f < XU_MAX_FIELDS && fields[f]; f++) {
			if (!(use->mask & fields[f]))
				continue;
			if (!r->ref[f]) {
				if (held)
					return false;
				continue;
			}
			if ((r->val ^ use->val) & fields[f])
				return false;
		}
	}
	return true;
}

bool xu_shared_fits(const struct xu_box_type *t,
		    const struct xu_shared_state *st, const struct xu_enc *enc)
{
	return xu_shared_match(t, st, enc, false);
}
EXPORT_SYMBOL_IF_KUNIT(xu_shared_fits);

/*
 * Hold the fields @enc uses (it fits).  Return: the registers whose value
 * changed, or whose hardware value is not known: they need writing.
 */
unsigned long xu_shared_take(const struct xu_box_type *t,
			     struct xu_shared_state *st,
			     const struct xu_enc *enc)
{
	unsigned long regs = 0;
	unsigned int u, f;

	for (u = 0; u < enc->nuse; u++) {
		const struct xu_use *use = &enc->use[u];
		struct xu_shared_val *r = &st->reg[use->reg];
		const u64 *fields = t->shared[use->reg].fields;
		u64 old = r->val;

		for (f = 0; f < XU_MAX_FIELDS && fields[f]; f++) {
			if (!(use->mask & fields[f]))
				continue;
			if (!r->ref[f]++)
				r->val = (r->val & ~fields[f]) |
					 (use->val & fields[f]);
		}
		if (r->val != old || !(st->known & BIT(use->reg)))
			regs |= BIT(use->reg);
	}
	return regs;
}
EXPORT_SYMBOL_IF_KUNIT(xu_shared_take);

/**
 * xu_shared_place() - the alternative of an event that a box takes
 * @xp: the PMU
 * @config: the event's config words, valid
 * @st: what the box's shared registers hold
 * @enc: out: that alternative's encoding
 *
 * The first alternative whose fields all hold the values it wants
 * already, or else the first that fits: an event shares a slot before it
 * takes a free one.  For alternatives that are slots of one register open
 * to every event of a kind (the M-box's FVC slots, the R-box's pairs),
 * that places every sequence of events that any assignment could (KUnit
 * checks it against brute force); taking a free slot first would not (a
 * pair, two events of value a, the second naming the other source, then
 * one of value b).
 *
 * Return: the alternative, or -ENOSPC if none fits.
 */
int xu_shared_place(const struct xu_pmu *xp, const u64 *config,
		    const struct xu_shared_state *st, struct xu_enc *enc)
{
	unsigned int alt, n, pass;

	for (pass = 0; pass < 2; pass++) {
		for (alt = 0, n = 1; alt < n; alt++) {
			if (xu_encode_alt(xp, config, alt, enc))
				return -ENOSPC;
			if (xu_shared_match(xp->type, st, enc, !pass))
				return alt;
			n = max(enc->nalt, 1U);
		}
	}
	return -ENOSPC;
}
EXPORT_SYMBOL_IF_KUNIT(xu_shared_place);

void xu_shared_drop(const struct xu_box_type *t, struct xu_shared_state *st,
		    const struct xu_enc *enc)
{
	unsigned int u, f;

	for (u = 0; u < enc->nuse; u++) {
		const struct xu_use *use = &enc->use[u];
		struct xu_shared_val *r = &st->reg[use->reg];
		const u64 *fields = t->shared[use->reg].fields;

		for (f = 0; f < XU_MAX_FIELDS && fields[f]; f++)
			if ((use->mask & fields[f]) && !WARN_ON_ONCE(!r->ref[f]))
				r->ref[f]--;
	}
}
EXPORT_SYMBOL_IF_KUNIT(xu_shared_drop);

/* The shared registers in which some event holds a field. */
unsigned long xu_shared_held(const struct xu_box_type *t,
			     const struct xu_shared_state *st)
{
	unsigned long regs = 0;
	unsigned int i, f;

	for (i = 0; i < t->nshared; i++)
		for (f = 0; f < XU_MAX_FIELDS; f++)
			if (st->reg[i].ref[f])
				regs |= BIT(i);
	return regs;
}
EXPORT_SYMBOL_IF_KUNIT(xu_shared_held);

/*
 * Print a format: "config:0-7,21" -- one range per run of set bits, so a
 * field split across the register still reads back exactly.
 */
/* The sysfs format file of a field: its config word and bits. */
ssize_t xu_field_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct xu_field *f = container_of(attr, struct xu_field, attr);

	return xu_format_field(buf, PAGE_SIZE, f->word, f->mask);
}

int xu_format_field(char *buf, size_t len, u8 word, u64 mask)
{
	static const char * const names[XU_CONFIG_WORDS] = {
		"config", "config1", "config2"
	};
	int n = scnprintf(buf, len, "%s:", names[word]);
	const char *sep = "";

	while (mask) {
		unsigned int lo = __ffs64(mask);
		unsigned int hi = lo;

		while (hi < 63 && (mask & BIT_ULL(hi + 1)))
			hi++;
		if (hi == lo)
			n += scnprintf(buf + n, len - n, "%s%u", sep, lo);
		else
			n += scnprintf(buf + n, len - n, "%s%u-%u", sep, lo, hi);
		mask &= ~GENMASK_ULL(hi, lo);
		sep = ",";
	}
	n += scnprintf(buf + n, len - n, "\n");
	return n;
}
EXPORT_SYMBOL_IF_KUNIT(xu_format_field);

/*
 * How often to fold a counter so that it can never wrap twice between two
 * reads: a quarter of the shortest possible wrap time (width bits at the
 * box's largest per-cycle increment and the fastest uncore clock).  The
 * factor of four covers timer slack and interrupts held off by the
 * collecting CPU.  Clamped to [1 ms, 1 h].
 */
#define XU_POLL_MARGIN	4
#define XU_POLL_MIN_NS	NSEC_PER_MSEC
#define XU_POLL_MAX_NS	(3600ULL * NSEC_PER_SEC)

u64 xu_poll_interval_ns(unsigned int width, unsigned int max_inc, u64 uclk_hz)
{
	u64 per_sec, ns;

	if (!max_inc || !uclk_hz || width >= 64)
		return XU_POLL_MAX_NS;
	per_sec = mul_u64_u32_div(uclk_hz, max_inc * XU_POLL_MARGIN, 1);
	/* 2^width events at per_sec events per second */
	ns = mul_u64_u64_div_u64(BIT_ULL(width), NSEC_PER_SEC, per_sec);
	return clamp_t(u64, ns, XU_POLL_MIN_NS, XU_POLL_MAX_NS);
}
EXPORT_SYMBOL_IF_KUNIT(xu_poll_interval_ns);

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

/* The status bits of a box of type @t that are its counters'. */
u64 xu_ovf_status_bits(const struct xu_box_type *t)
{
	u64 bits = 0;
	unsigned int i;

	for (i = 0; i < xu_counters_total(t); i++)
		bits |= xu_ovf_bit(t, i);
	return bits;
}
EXPORT_SYMBOL_IF_KUNIT(xu_ovf_status_bits);

/* The logical package of physical package @phys, or -1 if none is online. */
int xu_socket_of_phys(unsigned int phys)
{
	unsigned int cpu;

	for_each_online_cpu(cpu)
		if (topology_physical_package_id(cpu) == phys)
			return topology_logical_package_id(cpu);
	return -1;
}
