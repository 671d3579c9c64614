// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the xeon_uncore core: wrap arithmetic, poll interval,
 * counter assignment (against brute force), config validation and the
 * sysfs format strings of every platform table.
 */
#include <kunit/test.h>
#include <linux/bitfield.h>
#include <linux/completion.h>
#include <linux/cpu.h>
#include <linux/cpumask.h>
#include <linux/kernel.h>
#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/time64.h>
#include <linux/topology.h>

#include "uncore.h"

XU_IMPORT_KUNIT_NS();

/* ---- wrap arithmetic ------------------------------------------------ */

struct xu_wrap_case {
	unsigned int width;
	u64 prev, now, delta;
};

static const struct xu_wrap_case xu_wrap_cases[] = {
	{ 32, 0, 0, 0 },
	{ 32, 5, 9, 4 },
	{ 32, 0xfffffff0, 0x10, 0x20 },
	{ 32, 0xffffffff, 0xfffffffe, 0xffffffff },	/* one short of a full turn */
	{ 44, 0xfffffffffffULL, 0, 1 },
	{ 44, 0x80000000000ULL, 0x7ffffffffffULL, 0xfffffffffffULL },
	{ 44, 0x123, 0x456, 0x333 },
	{ 48, 0xffffffffffffULL, 0x1, 2 },
	{ 48, 0xfffffffff000ULL, 0x0000000000ffULL, 0x10ff },
	{ 48, 1ULL << 47, (1ULL << 47) - 1, 0xffffffffffffULL },
	/* bits above the width (a 64-bit read of a 48-bit register) are ignored */
	{ 48, 0xffff000000000010ULL, 0x20, 0x10 },
};

static void xu_wrap_desc(const struct xu_wrap_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "w%u %#llx->%#llx", c->width,
		 c->prev, c->now);
}

KUNIT_ARRAY_PARAM(xu_wrap, xu_wrap_cases, xu_wrap_desc);

static void xu_test_wrap(struct kunit *test)
{
	const struct xu_wrap_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, xu_delta(c->prev, c->now, c->width), c->delta);
}

/* Summing deltas of a counter that wraps many times gives the true total. */
static void xu_test_wrap_accumulate(struct kunit *test)
{
	static const unsigned int widths[] = { 32, 44, 48 };
	unsigned int w;

	for (w = 0; w < ARRAY_SIZE(widths); w++) {
		u64 mask = GENMASK_ULL(widths[w] - 1, 0);
		u64 step = mask / 3 + 12345;	/* < 2^width: at most one wrap per read */
		u64 hw = mask - 7, prev = hw, total = 0;
		unsigned int i;

		for (i = 0; i < 1000; i++) {
			hw = (hw + step) & mask;
			total += xu_delta(prev, hw, widths[w]);
			prev = hw;
		}
		KUNIT_EXPECT_EQ(test, total, 1000 * step);
	}
}

/* ---- poll interval -------------------------------------------------- */

struct xu_poll_case {
	unsigned int width, max_inc;
	u64 hz, ns;
};

static const struct xu_poll_case xu_poll_cases[] = {
	/* 2^32 / (1 * 1 GHz * 4) = 1.073741824 s */
	{ 32, 1, 1000000000ULL, 1073741824ULL },
	/* 2^44 / (24 * 2 GHz * 4) = 91.625968 s */
	{ 44, 24, 2000000000ULL, 91625968981ULL },
	/* 2^48 / (24 * 2.666 GHz * 4) = 1099.8 s */
	{ 48, 24, 2666000000ULL, 1099786574419ULL },
	/* 2^48 at one per cycle of 2.666 GHz would be 7.3 h: clamped to 1 h */
	{ 48, 1, 2666000000ULL, 3600000000000ULL },
	/* 2^44 / (255 * 3.8 GHz * 4) = 4.538747689 s: an E5-2600 R3QPI occupancy */
	{ 44, 255, 3800000000ULL, 4538747689ULL },
	/* absurdly fast counting is clamped to 1 ms */
	{ 32, 255, 100000000000ULL, 1000000ULL },
};

static void xu_poll_desc(const struct xu_poll_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "w%u inc%u %lluHz", c->width,
		 c->max_inc, c->hz);
}

KUNIT_ARRAY_PARAM(xu_poll, xu_poll_cases, xu_poll_desc);

static void xu_test_poll(struct kunit *test)
{
	const struct xu_poll_case *c = test->param_value;
	u64 ns = xu_poll_interval_ns(c->width, c->max_inc, c->hz);

	KUNIT_EXPECT_EQ(test, ns, c->ns);
}

/* Whatever the inputs, one interval never lets a counter wrap. */
static void xu_test_poll_never_wraps(struct kunit *test)
{
	static const unsigned int widths[] = { 32, 44, 48 };
	static const unsigned int incs[] = { 1, 2, 8, 24, 64, 255 };
	static const u64 hz[] = { 133000000ULL, 1000000000ULL, 3400000000ULL };
	unsigned int w, i, h;

	for (w = 0; w < ARRAY_SIZE(widths); w++)
		for (i = 0; i < ARRAY_SIZE(incs); i++)
			for (h = 0; h < ARRAY_SIZE(hz); h++) {
				u64 ns = xu_poll_interval_ns(widths[w], incs[i], hz[h]);
				/* worst-case events in one interval, in u128-free form */
				u64 ev = mul_u64_u64_div_u64(ns, hz[h] * incs[i],
							     NSEC_PER_SEC);

				if (ns == 1000000ULL)
					continue;	/* clamped: documented */
				KUNIT_EXPECT_LT(test, ev, BIT_ULL(widths[w]));
				KUNIT_EXPECT_LE(test, ev, BIT_ULL(widths[w]) / 4 + 1);
			}
}

/* ---- counter assignment --------------------------------------------- */

/* Does any assignment exist?  Dynamic programming over used-counter sets. */
static bool xu_brute_feasible(const unsigned long *allowed, unsigned int n,
			      unsigned int counters)
{
	u32 reach = 1;	/* bit s: counter set s is reachable after i events */
	unsigned int i, s, c;

	for (i = 0; i < n; i++) {
		u32 next = 0;

		for (s = 0; s < BIT(counters); s++) {
			if (!(reach & BIT(s)))
				continue;
			for (c = 0; c < counters; c++)
				if ((allowed[i] & BIT(c)) && !(s & BIT(c)))
					next |= BIT(s | BIT(c));
		}
		reach = next;
	}
	return reach != 0;
}

static void xu_test_assign_brute(struct kunit *test)
{
	unsigned long allowed[5];
	int assign[5];
	unsigned int counters, n, i, checked = 0;

	for (counters = 1; counters <= 4; counters++) {
		unsigned int masks = BIT(counters);

		for (n = 1; n <= counters + 1; n++) {
			unsigned int combos = 1, k;

			for (i = 0; i < n; i++)
				combos *= masks;
			for (k = 0; k < combos; k++) {
				unsigned int v = k, used = 0;
				bool want;
				int ret;

				for (i = 0; i < n; i++) {
					allowed[i] = v % masks;
					v /= masks;
					assign[i] = -1;
				}
				want = xu_brute_feasible(allowed, n, counters);
				ret = xu_assign_counters(allowed, n, assign);
				checked++;
				if (want != !ret) {
					KUNIT_FAIL(test, "counters=%u n=%u k=%u: brute %d, got %d",
						   counters, n, k, want, ret);
					return;
				}
				if (ret)
					continue;
				for (i = 0; i < n; i++) {
					KUNIT_ASSERT_GE(test, assign[i], 0);
					KUNIT_ASSERT_TRUE(test, allowed[i] & BIT(assign[i]));
					KUNIT_ASSERT_FALSE(test, used & BIT(assign[i]));
					used |= BIT(assign[i]);
				}
			}
		}
	}
	kunit_info(test, "%u constraint sets checked against brute force", checked);
}

/* A feasible reschedule keeps events where they are. */
static void xu_test_assign_sticky(struct kunit *test)
{
	unsigned long allowed[4] = { 0xf, 0xf, 0xf, 0x1 };
	int assign[4] = { 2, 0, 3, -1 };

	/* event 3 needs counter 0, so only event 1 moves */
	KUNIT_ASSERT_EQ(test, xu_assign_counters(allowed, 4, assign), 0);
	KUNIT_EXPECT_EQ(test, assign[0], 2);
	KUNIT_EXPECT_EQ(test, assign[2], 3);
	KUNIT_EXPECT_EQ(test, assign[3], 0);
	KUNIT_EXPECT_EQ(test, assign[1], 1);
}

/*
 * Adding an event that may use a free counter never moves a placed one:
 * every constraint set of 4 counters, for 1 to 3 placed events.
 */
static void xu_test_assign_no_needless_moves(struct kunit *test)
{
	unsigned int n, i, combo, moved = 0, tried = 0;
	unsigned long allowed[4], used;
	int assign[4], before[4];

	for (n = 1; n <= 3; n++) {
		/* 4 bits of allowed mask per event, n + 1 events */
		for (combo = 0; combo < 1U << (4 * (n + 1)); combo++) {
			used = 0;
			for (i = 0; i <= n; i++) {
				allowed[i] = (combo >> (4 * i)) & 0xf;
				assign[i] = -1;
			}
			if (xu_assign_counters(allowed, n, assign))
				continue;
			for (i = 0; i < n; i++)
				used |= BIT(assign[i]);
			if (!(allowed[n] & ~used))
				continue;
			memcpy(before, assign, sizeof(before));
			tried++;
			KUNIT_ASSERT_EQ(test, xu_assign_counters(allowed, n + 1, assign), 0);
			for (i = 0; i < n; i++)
				moved += assign[i] != before[i];
		}
	}
	KUNIT_EXPECT_GT(test, tried, 1000U);
	KUNIT_EXPECT_EQ(test, moved, 0U);
}

static void xu_test_assign_too_many(struct kunit *test)
{
	unsigned long allowed[XU_MAX_COUNTERS + 1];
	int assign[XU_MAX_COUNTERS + 1];
	unsigned int i;

	for (i = 0; i <= XU_MAX_COUNTERS; i++) {
		allowed[i] = GENMASK(XU_MAX_COUNTERS - 1, 0);
		assign[i] = -1;
	}
	KUNIT_EXPECT_EQ(test, xu_assign_counters(allowed, XU_MAX_COUNTERS, assign), 0);
	KUNIT_EXPECT_EQ(test, xu_assign_counters(allowed, XU_MAX_COUNTERS + 1, assign),
			-ENOSPC);
}

/* ---- platform tables: formats, validation, constraints -------------- */

/*
 * The tests below run once for every box type of every platform in the
 * driver's own list: the parameter is the type's slot in its platform's
 * NULL-terminated list, so nothing here needs resizing when one is added.
 */
static const struct xu_platform *xu_id_plat(const struct x86_cpu_id *id)
{
	return (const struct xu_platform *)id->driver_data;
}

/* The row of xu_cpu_ids whose platform has type slot @slot, or NULL. */
static const struct x86_cpu_id *xu_plat_of(const struct xu_box_type * const *slot)
{
	const struct xu_box_type * const *t;
	const struct x86_cpu_id *id;

	for (id = xu_cpu_ids; id->driver_data; id++)
		for (t = xu_id_plat(id)->types; *t; t++)
			if (t == slot)
				return id;
	return NULL;
}

/* The type after @prev (NULL: the first) of every platform, or NULL. */
static const void *xu_type_next(const void *prev, char *desc)
{
	const struct xu_box_type * const *slot = prev;
	const struct x86_cpu_id *id = slot ? xu_plat_of(slot) : xu_cpu_ids;

	if (!id || !id->driver_data)
		return NULL;
	slot = slot ? slot + 1 : xu_id_plat(id)->types;
	while (!*slot) {
		if (!(++id)->driver_data)
			return NULL;
		slot = xu_id_plat(id)->types;
	}
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s %s", xu_id_plat(id)->name, (*slot)->name);
	return slot;
}

static XU_KUNIT_GEN_PARAMS(xu_type_gen)
{
	return xu_type_next(prev, desc);
}

static const struct xu_box_type *xu_param_type(struct kunit *test)
{
	return *(const struct xu_box_type * const *)test->param_value;
}

/* The generator reaches every type of every platform, each once. */
static void xu_test_type_walk(struct kunit *test)
{
	char desc[KUNIT_PARAM_DESC_SIZE];
	const struct xu_box_type * const *t;
	const struct x86_cpu_id *id;
	const void *param = NULL;
	unsigned int want = 0, got = 0;

	for (id = xu_cpu_ids; id->driver_data; id++)
		for (t = xu_id_plat(id)->types; *t; t++)
			want++;
	/* Tulsa 1, Dunnington 1, Xeon 7500 2, E5-2600 8, E5-2600 v2 9 */
	KUNIT_EXPECT_GE(test, want, 21U);
	while ((param = xu_type_next(param, desc))) {
		KUNIT_EXPECT_NOT_NULL(test, xu_plat_of(param));
		got++;
	}
	KUNIT_EXPECT_EQ(test, got, want);
}

/* The CPUID row of @plat in xu_cpu_ids, or NULL. */
static const struct x86_cpu_id *xu_test_cpu_id(const struct xu_platform *plat)
{
	const struct x86_cpu_id *id;

	for (id = xu_cpu_ids; id->driver_data; id++)
		if (id->driver_data == (kernel_ulong_t)plat)
			return id;
	return NULL;
}

/*
 * The one list of platforms (platforms.h): Intel's CPUs, no two rows for
 * one family and model or for one platform, every row with box types.
 */
static void xu_test_platform_list(struct kunit *test)
{
	const struct x86_cpu_id *id, *o;
	unsigned int n = 0;

	for (id = xu_cpu_ids; id->driver_data; id++, n++) {
		KUNIT_EXPECT_EQ(test, id->vendor, X86_VENDOR_INTEL);
		KUNIT_EXPECT_NOT_NULL(test, xu_id_plat(id)->types[0]);
		for (o = xu_cpu_ids; o < id; o++) {
			KUNIT_EXPECT_FALSE(test, o->family == id->family &&
					   o->model == id->model);
			KUNIT_EXPECT_NE(test, o->driver_data, id->driver_data);
		}
	}
	/* tulsa, dunnington, nhmex, snbep, ivbep */
	KUNIT_EXPECT_GE(test, n, 5U);
}

/* Parse "config1:0-7,21\n" back into a word and a mask. */
static int xu_parse_format(const char *s, u8 *word, u64 *mask)
{
	unsigned int lo, hi;
	int n;

	if (!strncmp(s, "config1:", 8))
		*word = 1, s += 8;
	else if (!strncmp(s, "config2:", 8))
		*word = 2, s += 8;
	else if (!strncmp(s, "config:", 7))
		*word = 0, s += 7;
	else
		return -EINVAL;
	*mask = 0;
	for (;;) {
		if (sscanf(s, "%u-%u%n", &lo, &hi, &n) == 2)
			s += n;
		else if (sscanf(s, "%u%n", &lo, &n) == 1)
			hi = lo, s += n;
		else
			return -EINVAL;
		if (hi < lo || hi > 63)
			return -EINVAL;
		*mask |= GENMASK_ULL(hi, lo);
		if (*s == ',')
			s++;
		else
			return strcmp(s, "\n") ? -EINVAL : 0;
	}
}

static void xu_test_format_roundtrip(struct kunit *test)
{
	const struct xu_box_type *type = xu_param_type(test);
	struct xu_field * const *f;
	u64 seen[XU_CONFIG_WORDS] = { };

	for (f = type->fields; *f; f++) {
		char buf[64];
		u64 mask;
		u8 word;

		xu_format_field(buf, sizeof(buf), (*f)->word, (*f)->mask);
		KUNIT_ASSERT_EQ_MSG(test, xu_parse_format(buf, &word, &mask), 0,
				    "%s: '%s'", (*f)->attr.attr.name, buf);
		KUNIT_EXPECT_EQ(test, word, (*f)->word);
		KUNIT_EXPECT_EQ(test, mask, (*f)->mask);
		/* fields never overlap, and never cover the kernel's enable bit */
		if (word == 0)
			KUNIT_EXPECT_EQ(test, mask & type->enable_bit, 0ULL);
		if ((*f)->slice)
			continue;
		KUNIT_EXPECT_EQ(test, seen[word] & mask, 0ULL);
		seen[word] |= mask;
	}
	/* a slice names a part of the box's other fields */
	for (f = type->fields; *f; f++)
		if ((*f)->slice)
			KUNIT_EXPECT_EQ_MSG(test, (*f)->mask & ~seen[(*f)->word], 0ULL,
					    "slice %s", (*f)->attr.attr.name);
}

static void xu_test_format_split(struct kunit *test)
{
	char buf[64];

	xu_format_field(buf, sizeof(buf), 0, GENMASK_ULL(7, 0) | BIT_ULL(21));
	KUNIT_EXPECT_STREQ(test, buf, "config:0-7,21\n");
	xu_format_field(buf, sizeof(buf), 1, BIT_ULL(63));
	KUNIT_EXPECT_STREQ(test, buf, "config1:63\n");
	xu_format_field(buf, sizeof(buf), 2, GENMASK_ULL(63, 0));
	KUNIT_EXPECT_STREQ(test, buf, "config2:0-63\n");
}

static void xu_setup_pmu(struct kunit *test, struct xu_pmu *xp,
			 const struct xu_box_type *t)
{
	memset(xp, 0, sizeof(*xp));
	xp->type = t;
	snprintf(xp->name, sizeof(xp->name), "uncore_%s", t->name);
	KUNIT_ASSERT_EQ_MSG(test, xu_pmu_fields(xp), 0, "%s", xp->name);
}

/*
 * A field that acts through another (xu_field.needs: the E5s' edge and
 * inv through thresh) is never programmed without it: set alone, the
 * encoder supplies the least value; with every other value (brute force
 * over the needed field's width) that value is programmed as given.
 */
static void xu_test_field_needs(struct kunit *test)
{
	const struct xu_box_type *t = xu_param_type(test);
	struct xu_field * const *f;
	struct xu_pmu xp;

	xu_setup_pmu(test, &xp, t);
	for (f = t->fields; *f; f++) {
		const struct xu_field *g = NULL;
		unsigned int shift, i;
		u64 v, vmax;

		if (!(*f)->needs || !xu_field_present(t, *f))
			continue;
		/* resolved once, to this type's field of that name */
		for (i = 0; i < xp.nneeds; i++)
			if (xp.needs[i].f == *f)
				g = xp.needs[i].g;
		KUNIT_ASSERT_NOT_NULL_MSG(test, g, "%s: %s needs %s, not resolved",
					  t->name, (*f)->attr.attr.name, (*f)->needs);
		KUNIT_EXPECT_STREQ(test, g->attr.attr.name, (*f)->needs);
		KUNIT_EXPECT_TRUE(test, xu_field_present(t, g));
		KUNIT_EXPECT_NOT_NULL(test, (*f)->needs_why);
		/* both are control bits: the encoder's ctl shows them */
		KUNIT_ASSERT_EQ(test, (*f)->word, 0);
		KUNIT_ASSERT_EQ(test, g->word, 0);
		shift = __ffs64(g->mask);
		vmax = g->mask >> shift;
		for (v = 0; v <= vmax; v++) {
			u64 config[XU_CONFIG_WORDS] = { v << shift | (*f)->mask };
			struct xu_enc enc;

			KUNIT_ASSERT_TRUE(test, !(*f)->acts || (*f)->acts(config));
			KUNIT_ASSERT_NULL_MSG(test, xu_encode(&xp, config, &enc),
					      "%s: %s with %s=%llu", t->name,
					      (*f)->attr.attr.name, (*f)->needs, v);
			KUNIT_EXPECT_EQ_MSG(test, (enc.ctl & g->mask) >> shift, v ?: 1,
					    "%s: %s with %s=%llu", t->name,
					    (*f)->attr.attr.name, (*f)->needs, v);
			KUNIT_EXPECT_TRUE(test, enc.ctl & (*f)->mask);
		}
	}
}

/*
 * The E5s' edge and inv act through thresh on every box that has them
 * (xeon_uncore_assumed.h): a box type that lost the "needs" would pass
 * xu_test_field_needs by testing nothing.
 */
static void xu_test_field_needs_e5(struct kunit *test)
{
	const struct xu_platform * const plats[] = {
		&xu_snbep_platform, &xu_ivbep_platform,
	};
	const struct xu_box_type * const *t;
	struct xu_field * const *f;
	unsigned int i, n = 0;

	for (i = 0; i < ARRAY_SIZE(plats); i++)
		for (t = plats[i]->types; *t; t++)
			for (f = (*t)->fields; *f; f++) {
				const char *name = (*f)->attr.attr.name;

				if (!xu_field_present(*t, *f) ||
				    (strcmp(name, "edge") && strcmp(name, "inv")))
					continue;
				KUNIT_EXPECT_STREQ_MSG(test, (*f)->needs ?: "", "thresh",
						       "%s: %s", (*t)->name, name);
				/* inactive on the PCU's occupancy events only */
				KUNIT_EXPECT_EQ_MSG(test, !(*f)->acts, !!strcmp((*t)->name, "pcu"),
						    "%s: %s", (*t)->name, name);
				n++;
			}
	KUNIT_EXPECT_GE(test, n, 10U);
}

/*
 * A field's needs is resolved once per PMU, by name, to the type's own
 * field (xu_pmu_fields()); a type whose field needs one it lacks (or a
 * sibling part's that it reserves), or with more needing fields than the
 * PMU holds, is refused at registration, not left to encode as if it
 * needed nothing.
 */
#define XU_TEST_FIELD(_name, _mask, _needs, _why)			\
	{ .attr = { .attr = { .name = (_name) } }, .mask = (_mask),	\
	  .needs = (_needs), .needs_why = (_why) }

static void xu_test_needs_resolved(struct kunit *test)
{
	static struct xu_field edge = XU_TEST_FIELD("edge", BIT_ULL(18), "thresh", "t");
	static struct xu_field inv = XU_TEST_FIELD("inv", BIT_ULL(23), "thresh", "t");
	static struct xu_field lost = XU_TEST_FIELD("lost", BIT_ULL(19), "nothere", "t");
	static struct xu_field thresh = XU_TEST_FIELD("thresh", GENMASK_ULL(31, 24), NULL, NULL);
	static struct xu_field * const good[] = { &edge, &inv, &thresh, NULL };
	static struct xu_field * const missing[] = { &edge, &lost, &thresh, NULL };
	static struct xu_field * const none[] = { &edge, NULL };
	static struct xu_field * const many[] = {
		&edge, &inv, &edge, &inv, &edge, &thresh, NULL,
	};
	static const struct xu_reserved no_thresh[] = {
		{ .word = 0, .mask = GENMASK_ULL(31, 24), .why = "reserved" }, { }
	};
	struct xu_box_type t = { .name = "needs", .num_counters = 1, .width = 48 };
	u64 config[XU_CONFIG_WORDS] = { BIT_ULL(18) };
	struct xu_enc enc;
	struct xu_pmu xp = { .type = &t, .name = "uncore_needs" };

	BUILD_BUG_ON(ARRAY_SIZE(many) - 2 <= XU_MAX_NEEDS);
	t.fields = good;
	KUNIT_ASSERT_EQ(test, xu_pmu_fields(&xp), 0);
	KUNIT_ASSERT_EQ(test, xp.nneeds, 2U);
	KUNIT_EXPECT_PTR_EQ(test, xp.needs[0].f, &edge);
	KUNIT_EXPECT_PTR_EQ(test, xp.needs[0].g, (const struct xu_field *)&thresh);
	KUNIT_EXPECT_PTR_EQ(test, xp.needs[1].f, &inv);
	KUNIT_EXPECT_PTR_EQ(test, xp.needs[1].g, (const struct xu_field *)&thresh);
	/* the stored link is what encode uses: thresh supplied */
	KUNIT_ASSERT_NULL(test, xu_encode(&xp, config, &enc));
	KUNIT_EXPECT_EQ(test, enc.ctl, BIT_ULL(18) | BIT_ULL(24));

	t.fields = missing;
	KUNIT_EXPECT_EQ(test, xu_pmu_fields(&xp), -EINVAL);
	t.fields = none;
	KUNIT_EXPECT_EQ(test, xu_pmu_fields(&xp), -EINVAL);
	t.fields = many;
	KUNIT_EXPECT_EQ(test, xu_pmu_fields(&xp), -EINVAL);
	/* a needed field the part reserves is no field of the type */
	t.fields = good;
	t.reserved = no_thresh;
	KUNIT_EXPECT_EQ(test, xu_pmu_fields(&xp), -EINVAL);
}

/* Every field accepted in full; every other bit but kernel-owned ones refused. */
static void xu_test_config_bits(struct kunit *test)
{
	const struct xu_box_type *type = xu_param_type(test);
	const struct xu_reserved *r;
	struct xu_pmu xp;
	unsigned int w, bit;

	xu_setup_pmu(test, &xp, type);
	for (w = 0; w < XU_CONFIG_WORDS; w++) {
		for (bit = 0; bit < 64; bit++) {
			u64 config[XU_CONFIG_WORDS] = { };
			bool want = xp.valid[w] & BIT_ULL(bit);

			if (w == 0 && (type->enable_bit & BIT_ULL(bit)))
				want = true;
			if (type->fixed[w] & BIT_ULL(bit))
				want = true;
			config[w] = BIT_ULL(bit);
			KUNIT_EXPECT_EQ_MSG(test, !xu_check_config(&xp, config), want,
					    "config%u bit %u", w, bit);
		}
	}
	/* a reserved field is refused with its own reason, and is no field */
	for (r = type->reserved; r && r->mask; r++) {
		u64 config[XU_CONFIG_WORDS] = { };

		KUNIT_EXPECT_EQ(test, xp.valid[r->word] & r->mask, 0ULL);
		config[r->word] = r->mask;
		KUNIT_EXPECT_PTR_EQ(test, xu_check_config(&xp, config), r->why);
	}
}

/* ---- register layout and the overflow tree, per box type ------------ */

struct xu_reg_span {
	u32 start, len;
	const char *what;
	unsigned int box, i;
};

/* spans of one box: counters (ctl, ctr), box_ctl, status, clear, shared */
#define XU_BOX_SPANS(t)	(2 * XU_MAX_COUNTERS + 3 + (t)->nshared)

/* Every register of every box of @t, as address ranges. */
static unsigned int xu_type_spans(const struct xu_box_type *t,
				  struct xu_reg_span *sp)
{
	bool pci = t->space == XU_PCI;
	struct xu_pmu xp = { .type = t };
	struct xu_box box = { .pmu = &xp };
	unsigned int b, i, n = 0;

	for (b = 0; b < t->num_boxes; b++) {
		/* a PCI box is a function of its own: only box 0's layout */
		if (pci && b)
			break;
		xp.idx = b;
		box.base = t->box_offsets ? t->box_offsets[b] : b * t->box_stride;
		for (i = 0; i < xu_counters_total(t); i++) {
			sp[n++] = (struct xu_reg_span){ xu_ctl(&box, i), pci ? 4 : 1,
							"ctl", b, i };
			sp[n++] = (struct xu_reg_span){ xu_ctr(&box, i), pci ? 8 : 1,
							"ctr", b, i };
		}
		if (t->box_ctl)
			sp[n++] = (struct xu_reg_span){ xu_box_ctl(&box), pci ? 4 : 1,
							"box_ctl", b, 0 };
		if (t->ovf && t->ovf->status)
			sp[n++] = (struct xu_reg_span){ box.base + t->ovf->status,
							pci ? 4 : 1, "status", b, 0 };
		if (t->ovf && t->ovf->status && t->ovf->clear)
			sp[n++] = (struct xu_reg_span){ box.base + t->ovf->clear,
							pci ? 4 : 1, "clear", b, 0 };
		for (i = 0; i < t->nshared && t->space == XU_MSR; i++)
			sp[n++] = (struct xu_reg_span){ xu_shared_addr(&box, i),
							1, "shared", b, i };
	}
	return n;
}

/* One counter's control and count in one register (the 7100's CTR_CTL). */
static bool xu_same_counter(const struct xu_reg_span *a, const struct xu_reg_span *b)
{
	return a->box == b->box && a->i == b->i && a->start == b->start &&
	       !strcmp(a->what, "ctl") && !strcmp(b->what, "ctr");
}

/*
 * No two registers of a type's boxes overlap (brute force over all pairs):
 * strides, box offsets and irregular counter offsets all place each
 * register once.
 */
static void xu_test_register_layout(struct kunit *test)
{
	const struct xu_box_type *t = xu_param_type(test);
	struct xu_reg_span *sp;
	unsigned int n, a, b;

	KUNIT_ASSERT_LE(test, t->nshared, (unsigned int)XU_MAX_SHARED);
	sp = kunit_kcalloc(test, t->num_boxes * XU_BOX_SPANS(t), sizeof(*sp),
			   GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, sp);
	KUNIT_ASSERT_LE(test, xu_counters_total(t), (unsigned int)XU_MAX_COUNTERS);
	n = xu_type_spans(t, sp);
	KUNIT_EXPECT_GT(test, n, 0U);
	for (a = 0; a < n; a++) {
		for (b = a + 1; b < n; b++) {
			bool apart = sp[a].start + sp[a].len <= sp[b].start ||
				     sp[b].start + sp[b].len <= sp[a].start;

			KUNIT_EXPECT_TRUE_MSG(test, apart || xu_same_counter(&sp[a], &sp[b]),
					      "%s %u of box %u at 0x%x overlaps %s %u of box %u at 0x%x",
					      sp[a].what, sp[a].i, sp[a].box, sp[a].start,
					      sp[b].what, sp[b].i, sp[b].box, sp[b].start);
		}
	}
}

/*
 * A type that interrupts says where its overflows show; every set of its
 * counters comes back from the status bits of exactly that set (every
 * subset, brute force), and other bits name no counter.
 */
static void xu_test_overflow_tree(struct kunit *test)
{
	const struct xu_box_type *t = xu_param_type(test);
	const struct xu_ovf *o = t->ovf;
	unsigned int n = xu_counters_total(t), i;
	unsigned long set;
	u64 used = 0;

	if (!t->pmi_bit) {
		KUNIT_EXPECT_NULL(test, o);
		return;
	}
	KUNIT_ASSERT_NOT_NULL(test, o);
	for (i = 0; i < t->num_boxes; i++) {
		KUNIT_EXPECT_NE(test, o->summary ? o->summary[i] : o->summary_mask, 0ULL);
		/* a box behind an intermediate summary has a bit there */
		if (o->mid && o->mid[i])
			KUNIT_EXPECT_NE(test, hweight64(o->mid_bits[i]), 0);
	}
	KUNIT_EXPECT_EQ(test, !o->mid, !o->mid_bits);
	if (!o->status) {
		/* the summary bit is the overflow: one counter only */
		KUNIT_EXPECT_EQ(test, n, 1U);
		return;
	}
	for (i = 0; i < n; i++) {
		u8 bit = o->ctr_bit ? o->ctr_bit[i] : i;

		KUNIT_EXPECT_LT(test, bit, 64);
		KUNIT_EXPECT_FALSE_MSG(test, used & BIT_ULL(bit),
				       "counter %u shares status bit %u", i, bit);
		used |= BIT_ULL(bit);
	}
	/* what the load's check of an assumed status register allows */
	KUNIT_EXPECT_EQ(test, xu_ovf_status_bits(t), used);
	for (set = 0; set < BIT(n); set++) {
		u64 st = 0;

		for (i = 0; i < n; i++)
			if (set & BIT(i))
				st |= BIT_ULL(o->ctr_bit ? o->ctr_bit[i] : i);
		KUNIT_EXPECT_EQ(test, xu_ovf_counters(t, st), set);
		KUNIT_EXPECT_EQ(test, xu_ovf_counters(t, st | ~used), set);
	}
}

/* What perf does with a field value: its bits spread over the mask, in order. */
static u64 xu_deposit(u64 mask, u64 v)
{
	u64 out = 0;

	for (; mask && v; mask &= mask - 1, v >>= 1)
		if (v & 1)
			out |= BIT_ULL(__ffs64(mask));
	return out;
}

/*
 * Named events only use fields the box has, with values that fit them, and
 * the driver accepts the config perf builds from them.
 */
static void xu_test_event_aliases(struct kunit *test)
{
	const struct xu_box_type *type = xu_param_type(test);
	const struct xu_event_desc *d, *o;
	struct xu_pmu xp;

	xu_setup_pmu(test, &xp, type);
	for (d = xu_event_row(type->events); d; d = xu_event_row(d + 1)) {
		char *s = kstrdup(d->config, GFP_KERNEL), *p = s, *tok;
		u64 config[XU_CONFIG_WORDS] = { };
		struct xu_enc enc;
		const char *why;

		KUNIT_ASSERT_NOT_NULL(test, s);
		while ((tok = strsep(&p, ","))) {
			char *eq = strchr(tok, '=');
			struct xu_field * const *f;
			u64 v, max;
			bool found = false;

			KUNIT_ASSERT_NOT_NULL_MSG(test, eq, "%s: '%s'", d->name, tok);
			*eq = '\0';
			KUNIT_ASSERT_EQ(test, kstrtou64(eq + 1, 0, &v), 0);
			for (f = type->fields; *f; f++) {
				if (strcmp((*f)->attr.attr.name, tok))
					continue;
				found = true;
				max = GENMASK_ULL(hweight64((*f)->mask) - 1, 0);
				KUNIT_EXPECT_EQ_MSG(test, v & ~max, 0ULL,
						    "%s: %s too wide", d->name, tok);
				config[(*f)->word] |= xu_deposit((*f)->mask, v);
			}
			KUNIT_EXPECT_TRUE_MSG(test, found, "%s uses unknown field %s",
					      d->name, tok);
		}
		kfree(s);
		why = xu_encode(&xp, config, &enc);
		KUNIT_EXPECT_PTR_EQ_MSG(test, why, NULL, "%s: %s", d->name, why);
		KUNIT_EXPECT_NE_MSG(test, enc.counters, 0UL, "%s", d->name);
		/* one sysfs file a name, across the chained tables too */
		for (o = xu_event_row(type->events); o != d; o = xu_event_row(o + 1))
			KUNIT_EXPECT_NE_MSG(test, strcmp(o->name, d->name), 0,
					    "%s named twice", d->name);
	}
}

static void xu_test_constraints(struct kunit *test)
{
	const struct xu_box_type *type = xu_param_type(test);
	const struct xu_constraint *k;
	unsigned long all = GENMASK(type->num_counters - 1, 0);

	KUNIT_EXPECT_LE(test, type->num_counters, XU_MAX_COUNTERS);
	KUNIT_EXPECT_GE(test, type->width, 32U);
	KUNIT_EXPECT_LE(test, type->width, 48U);
	KUNIT_EXPECT_GE(test, type->max_inc, 1U);
	for (k = xu_constraint_row(type->constraints); k; k = xu_constraint_row(k + 1)) {
		KUNIT_EXPECT_EQ(test, k->counters & ~all, 0UL);
		KUNIT_EXPECT_EQ(test, xu_event_counters(type, k->match), k->counters);
	}
	if (!type->constraints)
		KUNIT_EXPECT_EQ(test, xu_event_counters(type, 0x14), all);
}

/* The control value whose rate_code bits read @code, bit by bit. */
static u64 xu_test_code_ctl(const struct xu_box_type *t, unsigned int code)
{
	unsigned int b, n = 0;
	u64 ctl = 0;

	for (b = 0; b < 64; b++) {
		if (!(t->rate_code & BIT_ULL(b)))
			continue;
		if (code & BIT(n))
			ctl |= BIT_ULL(b);
		n++;
	}
	return ctl;
}

/*
 * Rates, against brute force: an event's rate is the largest that any
 * row containing its code gives (overlapping rows may not understate),
 * times the subevents it selects, capped at the type's worst case; a code
 * in no row, the worst case; a threshold or edge, 1; a fixed counter, 1.
 * And the interval each rate gives is a quarter turn of the counter at
 * most.  Every type of every platform, every code, five umasks.
 */
static void xu_test_rates(struct kunit *test)
{
	static const u64 subs[] = { 0, 0x01, 0x03, 0x0f, 0xff };
	const struct xu_box_type *t = xu_param_type(test);
	const struct xu_platform *plat = xu_id_plat(xu_plat_of(test->param_value));
	unsigned int ncodes = BIT(hweight64(t->rate_code)), code, u, listed = 0;
	const struct xu_rate *r;

	for (r = xu_rate_row(t->rates); r; r = xu_rate_row(r + 1)) {
		KUNIT_EXPECT_LT(test, r->first, ncodes);
		KUNIT_EXPECT_LT(test, r->last, ncodes);
		KUNIT_EXPECT_LE(test, r->max_inc, t->max_inc);
	}
	for (code = 0; code < ncodes; code++) {
		for (u = 0; u < ARRAY_SIZE(subs); u++) {
			u64 sub = subs[u] << __ffs64(t->rate_sub | BIT_ULL(63));
			u64 ctl = xu_test_code_ctl(t, code) | (sub & t->rate_sub);
			unsigned int n = max_t(unsigned int, hweight64(ctl & t->rate_sub), 1);
			unsigned int want = 0, got, w = t->width;
			u64 ns, ev;

			for (r = xu_rate_row(t->rates); r; r = xu_rate_row(r + 1)) {
				unsigned int last = r->last < r->first ? r->first : r->last;

				if (code >= r->first && code <= last)
					want = max(want, min(r->max_inc * n, t->max_inc));
			}
			if (!want)
				want = t->max_inc;
			else if (!u)
				listed++;
			got = xu_event_max_inc(t, 0, ctl);
			KUNIT_EXPECT_EQ_MSG(test, got, want, "code %#x ctl %#llx", code, ctl);
			if (t->rate_one)
				KUNIT_EXPECT_EQ(test, xu_event_max_inc(t, 0, ctl | t->rate_one),
						1U);
			ns = xu_poll_interval_ns(w, got, plat->uclk_max_hz);
			ev = mul_u64_u64_div_u64(ns, plat->uclk_max_hz * got, NSEC_PER_SEC);
			if (ns > NSEC_PER_MSEC)
				KUNIT_EXPECT_LE(test, ev, BIT_ULL(w) / 4 + 1);
		}
	}
	if (t->fixed_ctr)
		KUNIT_EXPECT_EQ(test, xu_event_max_inc(t, t->num_counters, 0), 1U);
	kunit_info(test, "%u of %u codes at their own rate", listed, ncodes);
}

/* The box type @name of the platform of CPU model @model, or NULL. */
static const struct xu_box_type *xu_test_type(u8 model, const char *name)
{
	const struct xu_box_type * const *t;
	const struct x86_cpu_id *id;

	for (id = xu_cpu_ids; id->driver_data; id++)
		if (id->model == model)
			for (t = xu_id_plat(id)->types; *t; t++)
				if (!strcmp((*t)->name, name))
					return *t;
	return NULL;
}

/*
 * Rates, known answers restated from the guides (occupancies at the box's
 * worst case, counts at one a cycle for each umask bit, a threshold or
 * edge at one): a table that understated an event would fail here.
 */
static void xu_test_rate_answers(struct kunit *test)
{
	static const struct {
		u8 model;
		const char *type;
		u64 ctl;
		unsigned int want;
	} cases[] = {
		{ 0x2d, "cbox", 0x0036, 20 },		/* TOR_OCCUPANCY */
		{ 0x2d, "cbox", 0x0334, 2 },		/* LLC_LOOKUP, 2 states */
		{ 0x2d, "cbox", 0x01000036, 1 },	/* TOR_OCCUPANCY, thresh=1 */
		{ 0x2d, "cbox", 0x0001, 20 },		/* not in the guide */
		{ 0x2d, "r2pcie", 0x0013, 32 },		/* not the E5-2600's */
		{ 0x2d, "r2pcie", 0x0001, 1 },		/* CLOCKTICKS */
		/* R3QPI: "a maximum of 8b per cycle" (v2 guide; E5-2600 assumed) */
		{ 0x2d, "r3qpi", 0x0133, 255 },		/* VNA_CREDITS_ACQUIRED */
		{ 0x2d, "r3qpi", 0x0013, 255 },		/* RxR_OCCUPANCY */
		{ 0x2d, "r3qpi", 0xff07, 8 },		/* RING_AD_USED, 8 umask bits */
		{ 0x2d, "r3qpi", 0x0307, 2 },		/* RING_AD_USED, CW even/odd */
		{ 0x3e, "r3qpi", 0xff0a, 8 },		/* RING_IV_USED, 8 umask bits */
		{ 0x2d, "imc", 0x0f04, 4 },		/* CAS_COUNT.ALL */
		{ 0x2d, "imc", 0x0080, 64 },		/* RPQ_OCCUPANCY */
		{ 0x2d, "ha", 0x0028, 128 },		/* TxR_AD_OCCUPANCY */
		{ 0x2d, "qpi", 0x200038, 2 },		/* CTO_COUNT */
		{ 0x2d, "pcu", 0x0080, 8 },		/* POWER_STATE_OCCUPANCY */
		{ 0x2d, "pcu", 0x80000080, 1 },		/* the same, occ_edge */
		{ 0x3e, "r3qpi", 0x0013, 255 },		/* RxR_OCCUPANCY: 8 bits */
		{ 0x3e, "r3qpi", 0x0140, 255 },		/* not in the guide */
		{ 0x3e, "r3qpi", 0x0139, 1 },		/* VN1_CREDITS_REJECT */
		{ 0x3e, "ha", 0x0059, 128 },		/* an accumulator */
		{ 0x3e, "irp", 0x0007, 32 },		/* an occupancy */
		{ 0x2e, "cbox", 0x0018, 24 },		/* OCCUPANCY_IRQ */
		{ 0x2e, "cbox", 0x0714, 3 },		/* LLC_MISSES, 3 states */
		{ 0x2e, "cbox", 0x001a, 8 },		/* OCCUPANCY_IPQ */
		{ 0x2e, "cbox", 0x040018, 1 },		/* OCCUPANCY_IRQ, edge */
		{ 0x2e, "sbox", 0x0001, 64 },		/* no table */
	};
	const struct xu_box_type *t;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		t = xu_test_type(cases[i].model, cases[i].type);
		KUNIT_ASSERT_NOT_NULL(test, t);
		KUNIT_EXPECT_EQ_MSG(test, xu_event_max_inc(t, 0, cases[i].ctl), cases[i].want,
				    "model %#x %s ctl %#llx", cases[i].model, cases[i].type,
				    cases[i].ctl);
	}
	/* what the poll makes of it: an E5-2600 R3QPI occupancy every 4.5 s */
	t = xu_test_type(0x2d, "r3qpi");
	KUNIT_ASSERT_NOT_NULL(test, t);
	KUNIT_EXPECT_EQ(test, xu_poll_interval_ns(t->width, xu_event_max_inc(t, 0, 0x13),
						  xu_snbep_platform.uclk_max_hz),
			4538747689ULL);
}

/*
 * The PCU's occupancy events with the generic edge (or inv): the hardware
 * ignores it there, so it is not programmed, the poll follows the
 * occupancy's rate (the cores), and dmesg says so (the field's note).
 */
static void xu_test_pcu_occupancy_edge(struct kunit *test)
{
	static const u8 models[] = { 0x2d, 0x3e };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(models); i++) {
		const struct xu_box_type *t = xu_test_type(models[i], "pcu");
		u64 config[XU_CONFIG_WORDS] = { 0x80 | 0x1ULL << 14 | BIT_ULL(18) };
		struct xu_field * const *f;
		struct xu_field *edge = NULL;
		struct xu_enc enc;
		struct xu_pmu xp;

		KUNIT_ASSERT_NOT_NULL(test, t);
		for (f = t->fields; *f; f++)
			if (!strcmp((*f)->attr.attr.name, "edge"))
				edge = *f;
		KUNIT_ASSERT_NOT_NULL(test, edge);
		clear_bit(0, &edge->noted);
		xu_setup_pmu(test, &xp, t);
		KUNIT_ASSERT_NULL(test, xu_encode(&xp, config, &enc));
		KUNIT_EXPECT_EQ(test, xu_event_max_inc(t, 0, enc.ctl), t->max_inc);
		KUNIT_EXPECT_GT(test, t->max_inc, 1U);
		KUNIT_EXPECT_TRUE(test, test_bit(0, &edge->noted));
		/* occ_edge does act: one a cycle */
		config[0] |= BIT_ULL(31);
		KUNIT_ASSERT_NULL(test, xu_encode(&xp, config, &enc));
		KUNIT_EXPECT_EQ(test, xu_event_max_inc(t, 0, enc.ctl), 1U);
	}
}

/* ---- Xeon 7100/7400 L3: unit classes, encoding, part differences ---- */

/*
 * Expected values restated from the SDM's L3/caching bus controller
 * figures, not taken from l3.c: GBSQ flow 37:36, type 43:38, snoop 46:44,
 * L3 state 53:47 (all ANDed; 0 is programmed as all ones), GSNPQ type
 * 43:38, snoop 46:44, state 53:47; FSB bit 58 must be 1; saturate 59.
 */
#define T_GBSQ_ANY	(0x3ULL << 36 | 0x3fULL << 38 | 0x7ULL << 44 | 0x7fULL << 47)
#define T_GSNPQ_ANY	(0x3fULL << 38 | 0x7ULL << 44 | 0x7fULL << 47)
#define T_GBSQ_AGENTS_7100	(0xfULL << 32)
#define T_GBSQ_AGENTS_7400	(0x7ULL << 32)
#define T_GSNPQ_AGENTS_7100	(0x3fULL << 32)
#define T_GSNPQ_AGENTS_7400	(0x7ULL << 32 | 1ULL << 37)
#define T_FSB_ONE	BIT_ULL(58)
#define T_SAT		BIT_ULL(59)

enum { T_TULSA, T_DUNNINGTON };

struct xu_l3_case {
	const char *what;
	u8 part;
	u64 config[XU_CONFIG_WORDS];
	bool ok;
	u64 ctl;
	unsigned long counters;
};

static const struct xu_l3_case xu_l3_cases[] = {
	{ "gbsq fill 7100", T_TULSA, { 1ULL << 56 }, true,
	  1ULL << 56 | T_GBSQ_ANY | T_GBSQ_AGENTS_7100, 0x03 },
	{ "gbsq fill 7400", T_DUNNINGTON, { 1ULL << 56 }, true,
	  1ULL << 56 | T_GBSQ_ANY | T_GBSQ_AGENTS_7400, 0x03 },
	{ "gbsq agent and flow kept", T_TULSA, { 1ULL << 33 | 1ULL << 36 }, true,
	  1ULL << 33 | 1ULL << 36 | (T_GBSQ_ANY & ~(3ULL << 36)), 0x03 },
	{ "gbsq agent bit 35 on 7100", T_TULSA, { 1ULL << 35 }, true,
	  1ULL << 35 | T_GBSQ_ANY, 0x03 },
	{ "gbsq agent bit 35 on 7400", T_DUNNINGTON, { 1ULL << 35 }, false },
	{ "gbsq hitm, saturate", T_DUNNINGTON, { T_SAT | 4ULL << 44 }, true,
	  T_SAT | 4ULL << 44 | (T_GBSQ_ANY & ~(7ULL << 44)) | T_GBSQ_AGENTS_7400,
	  0x03 },
	{ "gbsq cross snoop, core", T_TULSA, { 1ULL << 58 | 2ULL << 54 }, true,
	  1ULL << 58 | 2ULL << 54 | T_GBSQ_ANY | T_GBSQ_AGENTS_7100, 0x03 },
	{ "gsnpq hitm 7100", T_TULSA, { 0, 4ULL << 44 }, true,
	  4ULL << 44 | (T_GSNPQ_ANY & ~(7ULL << 44)) | T_GSNPQ_AGENTS_7100, 0x0c },
	{ "gsnpq hitm 7400", T_DUNNINGTON, { 0, 4ULL << 44 }, true,
	  4ULL << 44 | (T_GSNPQ_ANY & ~(7ULL << 44)) | T_GSNPQ_AGENTS_7400, 0x0c },
	{ "gsnpq central agent 7400", T_DUNNINGTON, { 0, 1ULL << 37 }, true,
	  1ULL << 37 | T_GSNPQ_ANY, 0x0c },
	{ "gsnpq agent bit 36 on 7100", T_TULSA, { 0, 1ULL << 36 }, true,
	  1ULL << 36 | T_GSNPQ_ANY, 0x0c },
	{ "gsnpq agent bit 36 on 7400", T_DUNNINGTON, { 0, 1ULL << 36 }, false },
	{ "gsnpq bit 57", T_TULSA, { 0, 1ULL << 57 }, false },
	{ "gsnpq bit 58", T_DUNNINGTON, { 0, 1ULL << 58 }, false },
	{ "gsnpq block, saturate", T_TULSA, { T_SAT, 1ULL << 56 }, true,
	  T_SAT | 1ULL << 56 | T_GSNPQ_ANY | T_GSNPQ_AGENTS_7100, 0x0c },
	{ "fsb drdy", T_TULSA, { 0, 0, 1ULL << 45 }, true,
	  1ULL << 45 | T_FSB_ONE, 0xf0 },
	{ "fsb drdy, user sets bit 58", T_DUNNINGTON,
	  { 0, 0, 1ULL << 45 | T_FSB_ONE }, true, 1ULL << 45 | T_FSB_ONE, 0xf0 },
	{ "fsb type and other bnr, saturate", T_DUNNINGTON,
	  { T_SAT, 0, 0x3fULL << 32 | 1ULL << 57 }, true,
	  T_SAT | 0x3fULL << 32 | 1ULL << 57 | T_FSB_ONE, 0xf0 },
	{ "fsb bit 58 alone", T_TULSA, { 0, 0, T_FSB_ONE }, false },
	{ "nothing", T_TULSA, { }, false },
	{ "saturate alone", T_DUNNINGTON, { T_SAT }, false },
	{ "gbsq and fsb", T_TULSA, { 1ULL << 36, 0, 1ULL << 45 }, false },
	{ "gbsq and gsnpq", T_DUNNINGTON, { 1ULL << 36, 1ULL << 44 }, false },
	{ "count bits", T_TULSA, { 1ULL << 36 | 0x1234 }, false },
	{ "fsb count bits", T_TULSA, { 0, 0, 1ULL << 45 | 1 }, false },
	{ "bit 60", T_DUNNINGTON, { 1ULL << 60 | 1ULL << 36 }, false },
	{ "bit 63 of config2", T_TULSA, { 0, 0, 1ULL << 63 | 1ULL << 45 }, false },
};

static void xu_l3_desc(const struct xu_l3_case *c, char *desc)
{
	strscpy(desc, c->what, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(xu_l3, xu_l3_cases, xu_l3_desc);

static const struct xu_platform *xu_l3_plat(u8 part)
{
	return part == T_TULSA ? &xu_tulsa_platform : &xu_dunnington_platform;
}

static void xu_test_l3_encode(struct kunit *test)
{
	const struct xu_l3_case *c = test->param_value;
	struct xu_enc enc;
	const char *why;
	struct xu_pmu xp;

	xu_setup_pmu(test, &xp, xu_l3_plat(c->part)->types[0]);
	why = xu_encode(&xp, c->config, &enc);
	KUNIT_ASSERT_EQ_MSG(test, !why, c->ok, "%s", why ?: "accepted");
	if (!c->ok)
		return;
	KUNIT_EXPECT_EQ(test, enc.ctl, c->ctl);
	KUNIT_EXPECT_EQ(test, enc.counters, c->counters);
	/* the control half only: the count bits are the driver's preset */
	KUNIT_EXPECT_EQ(test, enc.ctl & GENMASK_ULL(31, 0), 0ULL);
	KUNIT_EXPECT_EQ(test, enc.ctl & GENMASK_ULL(63, 60), 0ULL);
}

/* Each unit's events fit its own counters only, whatever else is there. */
static void xu_test_l3_classes(struct kunit *test)
{
	static const u64 unit_config[3][XU_CONFIG_WORDS] = {
		{ 1ULL << 36 }, { 0, 1ULL << 44 }, { 0, 0, 1ULL << 45 },
	};
	static const unsigned long unit_ctrs[3] = { 0x03, 0x0c, 0xf0 };
	unsigned long allowed[XU_MAX_COUNTERS];
	int assign[XU_MAX_COUNTERS];
	unsigned int p, u, n, i;
	struct xu_enc enc;

	for (p = 0; p < 2; p++) {
		struct xu_pmu xp;

		xu_setup_pmu(test, &xp, xu_l3_plat(p)->types[0]);
		/* n events of one unit: fit while n <= its counters */
		for (u = 0; u < 3; u++) {
			for (n = 1; n <= 5; n++) {
				for (i = 0; i < n; i++) {
					KUNIT_ASSERT_NULL(test,
							  xu_encode(&xp, unit_config[u], &enc));
					allowed[i] = enc.counters;
					assign[i] = -1;
				}
				KUNIT_EXPECT_EQ(test, !xu_assign_counters(allowed, n, assign),
						n <= hweight_long(unit_ctrs[u]));
				for (i = 0; n <= hweight_long(unit_ctrs[u]) && i < n; i++)
					KUNIT_EXPECT_TRUE(test, unit_ctrs[u] & BIT(assign[i]));
			}
		}
		/* all eight: 2 GBSQ, 2 GSNPQ, 4 FSB, interleaved */
		for (i = 0; i < 8; i++) {
			static const u8 order[8] = { 2, 1, 0, 2, 1, 2, 0, 2 };

			KUNIT_ASSERT_NULL(test, xu_encode(&xp, unit_config[order[i]], &enc));
			allowed[i] = enc.counters;
			assign[i] = -1;
		}
		KUNIT_ASSERT_EQ(test, xu_assign_counters(allowed, 8, assign), 0);
		for (i = 0; i < 8; i++)
			KUNIT_EXPECT_TRUE(test, allowed[i] & BIT(assign[i]));
	}
}

/* What differs between the 7100 and the 7400, and the polling it implies. */
static void xu_test_l3_parts(struct kunit *test)
{
	static const struct {
		u8 family, model;
		unsigned int rdpmc0;
		const char *gbsq_agent, *gsnpq_agent;
		u64 poll_ns;
	} want[2] = {
		/* 2^32 / (4 * 7.0e9/s) and 2^32 / (4 * 5.34e9/s) */
		[T_TULSA] = { 0xf, 0x06, 18, "config:32-35\n", "config1:32-37\n", 153391689 },
		[T_DUNNINGTON] = { 0x6, 0x1d, 2, "config:32-34\n", "config1:32-34,37\n",
				   201075247 },
	};
	unsigned int p;

	for (p = 0; p < 2; p++) {
		const struct xu_platform *plat = xu_l3_plat(p);
		const struct x86_cpu_id *id;
		const struct xu_box_type *t = plat->types[0];
		struct xu_field * const *f;
		u64 ns;

		id = xu_test_cpu_id(plat);
		KUNIT_ASSERT_NOT_NULL(test, id);
		KUNIT_EXPECT_EQ(test, id->family, want[p].family);
		KUNIT_EXPECT_EQ(test, id->model, want[p].model);
		KUNIT_EXPECT_STREQ(test, t->name, "l3");
		KUNIT_EXPECT_NULL(test, plat->types[1]);
		KUNIT_EXPECT_EQ(test, t->num_counters, 8U);
		KUNIT_EXPECT_EQ(test, t->width, 32U);
		KUNIT_EXPECT_EQ(test, t->ctl0, 0x107ccU);
		KUNIT_EXPECT_EQ(test, t->ctr0, t->ctl0);
		KUNIT_EXPECT_EQ(test, t->rdpmc0, want[p].rdpmc0);
		for (f = t->fields; *f; f++) {
			const char *name = (*f)->attr.attr.name, *exp = NULL;
			char buf[64];

			if (!strcmp(name, "gbsq_agent"))
				exp = want[p].gbsq_agent;
			else if (!strcmp(name, "gsnpq_agent"))
				exp = want[p].gsnpq_agent;
			if (!exp)
				continue;
			xu_format_field(buf, sizeof(buf), (*f)->word, (*f)->mask);
			KUNIT_EXPECT_STREQ(test, buf, exp);
		}
		ns = xu_poll_interval_ns(t->width, t->max_inc, plat->uclk_max_hz);
		KUNIT_EXPECT_EQ(test, ns, want[p].poll_ns);
		/* at the assumed fastest rate one interval is a quarter turn */
		KUNIT_EXPECT_LT(test, mul_u64_u64_div_u64(ns, plat->uclk_max_hz * t->max_inc,
							  NSEC_PER_SEC),
				BIT_ULL(30) + 1);
	}
}

/* A 64-bit read of a combined control/count register folds like a 32-bit one. */
static void xu_test_l3_wrap(struct kunit *test)
{
	const u64 ctl = (T_GBSQ_ANY | 1ULL << 56) & ~GENMASK_ULL(31, 0);
	u64 prev = ctl | 0xffffff00, total = 0;
	unsigned int i;

	/* 5 wraps in steps of just under 2^32 / 3 */
	for (i = 0; i < 16; i++) {
		u64 next = ctl | (((prev & 0xffffffff) + 0x55555000) & 0xffffffff);

		total += xu_delta(prev, next, 32);
		prev = next;
	}
	KUNIT_EXPECT_EQ(test, total, 16ULL * 0x55555000);
	KUNIT_EXPECT_GE(test, total, 5ULL << 32);
	/* control bits changing between reads (a reprogram) do not leak in */
	KUNIT_EXPECT_EQ(test, xu_delta(0x10, ctl | 0x20, 32), 0x10ULL);
}

/* ---- shared registers and fixed counters ----------------------------- */

/* A C-box-like filter: tid 4:0, nid 17:10, state 22:18, opc 31:23. */
static const struct xu_shared_reg xu_test_filter = {
	.name = "filter",
	.fields = { GENMASK_ULL(4, 0), GENMASK_ULL(17, 10), GENMASK_ULL(22, 18),
		    GENMASK_ULL(31, 23) },
};

static const struct xu_box_type xu_test_shared_type = {
	.name = "test", .num_counters = 4, .width = 44,
	.shared = &xu_test_filter, .nshared = 1,
};

static struct xu_enc xu_test_enc(u64 mask, u64 val)
{
	struct xu_enc e = { .counters = 0xf };

	xu_enc_use(&e, 0, val, mask);
	return e;
}

/* What @enc holds in shared register @reg: its value, its fields in @mask. */
static u64 xu_test_use(const struct xu_enc *enc, unsigned int reg, u64 *mask)
{
	unsigned int u;

	*mask = 0;
	for (u = 0; u < enc->nuse; u++) {
		if (enc->use[u].reg != reg)
			continue;
		*mask = enc->use[u].mask;
		return enc->use[u].val & *mask;
	}
	return 0;
}

static void xu_test_shared_arbitration(struct kunit *test)
{
	const struct xu_box_type *t = &xu_test_shared_type;
	const u64 state = GENMASK_ULL(22, 18), opc = GENMASK_ULL(31, 23);
	struct xu_enc a = xu_test_enc(state, 0x1fULL << 18);
	struct xu_enc b = xu_test_enc(state, 0x1fULL << 18);
	struct xu_enc c = xu_test_enc(state, 0x01ULL << 18);
	struct xu_enc d = xu_test_enc(opc, 0x182ULL << 23);
	struct xu_enc none = xu_test_enc(0, 0);
	struct xu_shared_state *st = xu_shared_alloc(t);

	KUNIT_ASSERT_NOT_NULL(test, st);
	KUNIT_EXPECT_EQ(test, none.nuse, 0U);
	KUNIT_EXPECT_EQ(test, xu_shared_held(t, st), 0UL);
	KUNIT_EXPECT_TRUE(test, xu_shared_fits(t, st, &a));
	/* a register whose hardware value is unknown is written */
	KUNIT_EXPECT_EQ(test, xu_shared_take(t, st, &a), BIT(0));
	KUNIT_EXPECT_EQ(test, st->reg[0].val, 0x1fULL << 18);
	st->known = BIT(0);
	/* the same value shares the field; another value does not fit */
	KUNIT_EXPECT_TRUE(test, xu_shared_fits(t, st, &b));
	KUNIT_EXPECT_FALSE(test, xu_shared_fits(t, st, &c));
	KUNIT_EXPECT_EQ(test, xu_shared_take(t, st, &b), 0UL);
	/* another field of the same register, and events needing none */
	KUNIT_EXPECT_TRUE(test, xu_shared_fits(t, st, &d));
	KUNIT_EXPECT_TRUE(test, xu_shared_fits(t, st, &none));
	KUNIT_EXPECT_EQ(test, xu_shared_take(t, st, &d), BIT(0));
	KUNIT_EXPECT_EQ(test, st->reg[0].val, 0x1fULL << 18 | 0x182ULL << 23);
	/* the field frees only when its last user leaves */
	xu_shared_drop(t, st, &a);
	KUNIT_EXPECT_FALSE(test, xu_shared_fits(t, st, &c));
	xu_shared_drop(t, st, &b);
	KUNIT_EXPECT_TRUE(test, xu_shared_fits(t, st, &c));
	xu_shared_take(t, st, &c);
	KUNIT_EXPECT_EQ(test, st->reg[0].val, 0x01ULL << 18 | 0x182ULL << 23);
	KUNIT_EXPECT_EQ(test, st->reg[0].ref[2], 1);
	KUNIT_EXPECT_EQ(test, st->reg[0].ref[3], 1);
	/* held while any field is: what a box that comes back rewrites */
	KUNIT_EXPECT_EQ(test, xu_shared_held(t, st), BIT(0));
	xu_shared_drop(t, st, &c);
	KUNIT_EXPECT_EQ(test, xu_shared_held(t, st), BIT(0));
	xu_shared_drop(t, st, &d);
	KUNIT_EXPECT_EQ(test, xu_shared_held(t, st), 0UL);
	kfree(st);
}

/*
 * Alternatives: three slots of one register, 3 bits each, any of them open
 * to every event (as the M-box's FVC slots); the control says which slot.
 */
#define XU_TEST_SLOTS	3
#define XU_TEST_VALUES	4	/* one more than the slots: some sets fail */
#define XU_TEST_SEQ	5

static const struct xu_shared_reg xu_test_slots = {
	.name = "slots",
	.fields = { GENMASK_ULL(2, 0), GENMASK_ULL(5, 3), GENMASK_ULL(8, 6) },
};

static const char *xu_test_slot_encode(const struct xu_box_type *t,
				       const u64 *config, struct xu_enc *enc)
{
	enc->nalt = XU_TEST_SLOTS;
	enc->ctl = (config[0] & 0xff) | enc->alt << 8;
	enc->counters = GENMASK(t->num_counters - 1, 0);
	xu_enc_use(enc, 0, config[1] << (3 * enc->alt),
		   GENMASK_ULL(2, 0) << (3 * enc->alt));
	return NULL;
}

/* The longest prefix of @v that some assignment of @slots slots holds. */
static unsigned int xu_test_slots_brute(const u8 *v, unsigned int len,
					unsigned int slots)
{
	unsigned int a, i, j, n = 1, best = 0;

	for (i = 0; i < len; i++)
		n *= slots;
	for (a = 0; a < n; a++) {
		unsigned int slot[XU_TEST_SEQ], x = a;

		for (i = 0; i < len; i++, x /= slots)
			slot[i] = x % slots;
		for (i = 0; i < len; i++) {
			for (j = 0; j < i; j++)
				if (slot[i] == slot[j] && v[i] != v[j])
					break;
			if (j < i)
				break;
		}
		best = max(best, i);
	}
	return best;
}

/*
 * Placement over the alternatives (xu_shared_place(): a held slot of the
 * same value, else the first free), as add and group validation place
 * events, against brute force: every sequence of up to five events places
 * exactly the longest prefix any assignment of slots could; the slot an
 * event got is in its control and holds its value; a slot freed by one
 * event takes the next that needs one.
 */
static void xu_test_slot_rotation(struct kunit *test)
{
	static struct xu_field ev = { .word = 0, .mask = GENMASK_ULL(7, 0) };
	static struct xu_field val = { .word = 1, .mask = GENMASK_ULL(2, 0) };
	static struct xu_field * const fields[] = { &ev, &val, NULL };
	static const struct xu_box_ops ops = { .encode = xu_test_slot_encode };
	const struct xu_box_type t = {
		.name = "slots", .num_counters = 8, .width = 48,
		.shared = &xu_test_slots, .nshared = 1,
		.fields = fields, .ops = &ops,
	};
	u64 config[XU_CONFIG_WORDS] = { 0x12 };
	struct xu_enc enc, first = { };
	struct xu_shared_state *st;
	unsigned int len, seq, nseq, i, placed, x;
	u8 v[XU_TEST_SEQ];
	struct xu_pmu xp;
	int alt;

	xu_setup_pmu(test, &xp, &t);
	st = xu_shared_alloc(&t);
	KUNIT_ASSERT_NOT_NULL(test, st);
	for (len = 1, nseq = XU_TEST_VALUES; len <= XU_TEST_SEQ;
	     len++, nseq *= XU_TEST_VALUES) {
		for (seq = 0; seq < nseq; seq++) {
			for (i = 0, x = seq; i < len; i++, x /= XU_TEST_VALUES)
				v[i] = 1 + x % XU_TEST_VALUES;
			memset(st->reg, 0, sizeof(st->reg[0]) * t.nshared);
			for (placed = 0; placed < len; placed++) {
				config[1] = v[placed];
				alt = xu_shared_place(&xp, config, st, &enc);
				if (alt < 0)
					break;
				KUNIT_EXPECT_EQ(test, enc.ctl, 0x12ULL | alt << 8);
				xu_shared_take(&t, st, &enc);
				KUNIT_EXPECT_EQ(test, (st->reg[0].val >> (3 * alt)) & 7, v[placed]);
				if (!placed)
					first = enc;
			}
			KUNIT_EXPECT_EQ_MSG(test, placed,
					    xu_test_slots_brute(v, len, XU_TEST_SLOTS),
					    "sequence %u of %u events", seq, len);
			if (placed == len || !placed)
				continue;
			/*
			 * Every slot was held by another value.  The first
			 * event leaves: if it held its slot alone, the event
			 * that did not fit takes that slot.
			 */
			for (i = 1; i < placed && v[i] != v[0]; i++)
				;
			if (i < placed)
				continue;
			xu_shared_drop(&t, st, &first);
			config[1] = v[placed];
			alt = xu_shared_place(&xp, config, st, &enc);
			KUNIT_EXPECT_EQ_MSG(test, alt, (int)first.alt,
					    "sequence %u of %u events", seq, len);
		}
	}
	kfree(st);
}

/*
 * The Xeon 7500's R-box: an event names one source of a pair (IPERF_CFG0
 * or 1, QLX_CFG's low or high byte, XBAR set 1 or 2 of a port) and may
 * take the other.  Placement against brute force, for each pair on the
 * first and last port of a half: every sequence of up to four events
 * naming either source with one of three values places the longest prefix
 * any choice of sources could, each in the source its control selects,
 * which holds its value.
 */
#define XU_TEST_PAIR_SEQ	4
#define XU_TEST_PAIR_VALUES	3

/* An event of the pair @kind on @port, naming source @which, value @val. */
static void xu_test_rbox_config(unsigned int kind, unsigned int port,
				unsigned int which, u8 val, u64 *config)
{
	config[0] = (u64)(port * 6 + kind + which) << 1;
	config[1] = val;
	config[2] = 0;
	if (kind == 2)
		config[1] <<= 8 * which;
	if (kind == 4) {
		/* a set counts with mm_trig_en (MM_CFG 21) only */
		config[0] |= (BIT_ULL(21) | val) << 32;
		config[2] = val;
	}
}

/* Placed in source @used: that source holds @val (a set: in all three). */
static void xu_test_rbox_held(struct kunit *test, const struct xu_shared_state *st,
			      unsigned int kind, unsigned int port,
			      unsigned int used, u8 val)
{
	unsigned int reg = port * 9 + kind + used, r;

	if (kind == 2) {
		reg = port * 9 + 2;
		KUNIT_EXPECT_EQ(test, (st->reg[reg].val >> (8 * used)) & 0xff, val);
		return;
	}
	if (kind == 4) {
		reg = port * 9 + 3 + 3 * used;
		KUNIT_EXPECT_EQ(test, st->reg[reg].val, BIT_ULL(21) | val);
		reg++;
	}
	for (r = 0; r < (kind == 4 ? 2 : 1); r++)
		KUNIT_EXPECT_EQ(test, st->reg[reg + r].val, val);
}

static void xu_test_rbox_pair(struct kunit *test, struct xu_pmu *xp,
			      struct xu_shared_state *st, unsigned int kind,
			      unsigned int port)
{
	const unsigned int opts = 2 * XU_TEST_PAIR_VALUES;
	unsigned int len, nseq, seq, i, x, placed, used;
	u64 config[XU_CONFIG_WORDS];
	u8 v[XU_TEST_PAIR_SEQ];
	struct xu_enc enc;

	for (len = 1, nseq = opts; len <= XU_TEST_PAIR_SEQ; len++, nseq *= opts) {
		for (seq = 0; seq < nseq; seq++) {
			memset(st->reg, 0, sizeof(st->reg[0]) * xp->type->nshared);
			for (i = 0, x = seq; i < len; i++, x /= opts)
				v[i] = 1 + x % opts / 2;
			for (placed = 0, x = seq; placed < len; placed++, x /= opts) {
				xu_test_rbox_config(kind, port, x % 2, v[placed], config);
				if (xu_shared_place(xp, config, st, &enc) < 0)
					break;
				xu_shared_take(xp->type, st, &enc);
				used = ((enc.ctl >> 1) & 0x1f) - port * 6 - kind;
				KUNIT_ASSERT_LT(test, used, 2U);
				xu_test_rbox_held(test, st, kind, port, used, v[placed]);
			}
			KUNIT_EXPECT_EQ_MSG(test, placed, xu_test_slots_brute(v, len, 2),
					    "kind %u port %u sequence %u of %u",
					    kind, port, seq, len);
		}
	}
}

/*
 * The M-box's FVC events: four slots of ZDP_CTL_FVC, any FVC event in any
 * of them.  Sequences of up to five FVC events (FVC_EV0-3 named, selectors
 * 1-5) place the longest prefix four slots could hold, each in the slot
 * its inc_sel names, holding its selector.
 */
static void xu_test_mbox_fvc(struct kunit *test)
{
	const struct xu_box_type * const *t = xu_nhmex_platform.types;
	unsigned int len, nseq, seq, i, x, placed, slot;
	u64 config[XU_CONFIG_WORDS] = { };
	struct xu_shared_state *st;
	u8 v[XU_TEST_SEQ];
	struct xu_enc enc;
	struct xu_pmu xp;

	for (; *t && strcmp((*t)->name, "mbox"); t++)
		;
	KUNIT_ASSERT_NOT_NULL(test, *t);
	xu_setup_pmu(test, &xp, *t);
	st = xu_shared_alloc(*t);
	KUNIT_ASSERT_NOT_NULL(test, st);
	for (len = 1, nseq = 20; len <= XU_TEST_SEQ; len++, nseq *= 20) {
		/* every sequence up to three events, a sample of longer ones */
		for (seq = 0; seq < nseq; seq += len <= 3 ? 1 : 97) {
			memset(st->reg, 0, sizeof(st->reg[0]) * (*t)->nshared);
			for (i = 0, x = seq; i < len; i++, x /= 20)
				v[i] = 1 + x % 20 / 4;
			for (placed = 0, x = seq; placed < len; placed++, x /= 20) {
				slot = x % 4;
				config[0] = (0xdULL + slot) << 9;
				config[1] = (u64)v[placed] << (11 + 3 * slot);
				if (xu_shared_place(&xp, config, st, &enc) < 0)
					break;
				xu_shared_take(*t, st, &enc);
				slot = ((enc.ctl >> 9) & 0x1f) - 0xd;
				KUNIT_ASSERT_LT(test, slot, 4U);
				KUNIT_EXPECT_EQ(test, (st->reg[6].val >> (11 + 3 * slot)) & 7,
						v[placed]);
			}
			KUNIT_EXPECT_EQ_MSG(test, placed, xu_test_slots_brute(v, len, 4),
					    "sequence %u of %u", seq, len);
		}
	}
	kfree(st);
}

/*
 * The M-box ISS implements bits 9:0; the guide's ISS field table gives
 * 31:10 as "ig" (reads 0, writes ignored).  Two events whose iss= differ
 * only above bit 9 hold the same value: they share the register, which is
 * programmed without those bits, and the bits are noted once.  A
 * difference in 9:0 still keeps them apart.
 */
static void xu_test_mbox_iss_ignored(struct kunit *test)
{
	/* iss_ev (inc_sel 0x9); cycles_sched_mode (flag_mode, set_flag_sel 1) */
	const u64 iss_ev[XU_CONFIG_WORDS] = { 0x9ULL << 9, 0x3 };
	const u64 sched[XU_CONFIG_WORDS] = { BIT_ULL(7) | 0x1ULL << 19, 0xfffffc03 };
	const u64 iss_ev7[XU_CONFIG_WORDS] = { 0x9ULL << 9, 0x7 };
	const struct xu_box_type * const *t = xu_nhmex_platform.types;
	struct xu_field * const *f;
	struct xu_shared_state *st;
	/* (off the stack: KASAN's redzones put three over the frame limit) */
	struct xu_enc *a, *b, *c;
	struct xu_pmu xp;
	unsigned int iss;
	u64 mask;

	for (; *t && strcmp((*t)->name, "mbox"); t++)
		;
	KUNIT_ASSERT_NOT_NULL(test, *t);
	for (iss = 0; iss < (*t)->nshared; iss++)
		if (!strcmp((*t)->shared[iss].name, "M-box ISS"))
			break;
	KUNIT_ASSERT_LT(test, iss, (*t)->nshared);
	a = kunit_kzalloc(test, sizeof(*a), GFP_KERNEL);
	b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);
	c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);
	KUNIT_ASSERT_TRUE(test, a && b && c);
	xu_setup_pmu(test, &xp, *t);
	for (f = (*t)->fields; *f; f++)
		clear_bit(0, &(*f)->noted);
	st = xu_shared_alloc(*t);
	KUNIT_ASSERT_NOT_NULL(test, st);

	KUNIT_ASSERT_EQ(test, xu_shared_place(&xp, iss_ev, st, a), 0);
	xu_shared_take(*t, st, a);
	KUNIT_EXPECT_EQ(test, st->reg[iss].val, 0x3ULL);
	KUNIT_EXPECT_EQ_MSG(test, xu_shared_place(&xp, sched, st, b), 0,
			    "iss=0xfffffc03 does not share ISS = 0x3");
	KUNIT_EXPECT_EQ(test, b->ignored[1], 0xfffffc00ULL);
	KUNIT_EXPECT_EQ(test, xu_test_use(b, iss, &mask), 0x3ULL);
	KUNIT_EXPECT_EQ(test, mask, 0x3ffULL);
	/* a second reason to write: none, the value is the one held */
	st->known = BIT(iss);
	KUNIT_EXPECT_EQ(test, xu_shared_take(*t, st, b) & BIT(iss), 0UL);
	KUNIT_EXPECT_EQ(test, st->reg[iss].val, 0x3ULL);
	/* noted, under the field that covers config1 31:10 */
	for (f = (*t)->fields; *f; f++)
		if ((*f)->word == 1 && !(*f)->slice && ((*f)->mask & 0xfffffc00))
			KUNIT_EXPECT_TRUE_MSG(test, test_bit(0, &(*f)->noted), "%s",
					      (*f)->attr.attr.name);
	/* 9:0 differ: apart, until both holders are gone */
	KUNIT_EXPECT_LT(test, xu_shared_place(&xp, iss_ev7, st, c), 0);
	xu_shared_drop(*t, st, a);
	KUNIT_EXPECT_LT(test, xu_shared_place(&xp, iss_ev7, st, c), 0);
	xu_shared_drop(*t, st, b);
	KUNIT_EXPECT_EQ(test, xu_shared_place(&xp, iss_ev7, st, c), 0);

	/* the value with ignored bits first: programmed without them */
	memset(st->reg, 0, sizeof(st->reg[0]) * (*t)->nshared);
	KUNIT_ASSERT_EQ(test, xu_shared_place(&xp, sched, st, b), 0);
	xu_shared_take(*t, st, b);
	KUNIT_EXPECT_EQ(test, st->reg[iss].val, 0x3ULL);
	KUNIT_EXPECT_EQ(test, xu_shared_place(&xp, iss_ev, st, a), 0);
	kfree(st);
}

static void xu_test_rbox_pairs(struct kunit *test)
{
	static const unsigned int kinds[] = { 0, 2, 4 }, ports[] = { 0, 3 };
	const struct xu_box_type * const *t = xu_nhmex_platform.types;
	struct xu_shared_state *st;
	unsigned int k, p;
	struct xu_pmu xp;

	for (; *t && strcmp((*t)->name, "rbox"); t++)
		;
	KUNIT_ASSERT_NOT_NULL(test, *t);
	xu_setup_pmu(test, &xp, *t);
	st = xu_shared_alloc(*t);
	KUNIT_ASSERT_NOT_NULL(test, st);
	for (k = 0; k < ARRAY_SIZE(kinds); k++)
		for (p = 0; p < ARRAY_SIZE(ports); p++)
			xu_test_rbox_pair(test, &xp, st, kinds[k], ports[p]);
	kfree(st);
}

/* event=0xff selects the fixed counter, index num_counters, its own width. */
static void xu_test_fixed_counter(struct kunit *test)
{
	static struct xu_field ev = { .word = 0, .mask = GENMASK_ULL(7, 0) };
	static struct xu_field * const fields[] = { &ev, NULL };
	const struct xu_box_type t = {
		.name = "fixed", .num_counters = 4, .width = 44,
		.fixed_ctl = 0xf0, .fixed_ctr = 0xd0, .fixed_width = 48,
		.fields = fields,
	};
	const u64 fixed[XU_CONFIG_WORDS] = { 0xff }, general[XU_CONFIG_WORDS] = { 0x04 };
	struct xu_enc enc;
	struct xu_pmu xp;

	xu_setup_pmu(test, &xp, &t);
	KUNIT_EXPECT_EQ(test, xu_counters_total(&t), 5U);
	KUNIT_ASSERT_NULL(test, xu_encode(&xp, fixed, &enc));
	KUNIT_EXPECT_EQ(test, enc.counters, BIT(4));
	KUNIT_EXPECT_EQ(test, enc.ctl, 0ULL);
	KUNIT_ASSERT_NULL(test, xu_encode(&xp, general, &enc));
	KUNIT_EXPECT_EQ(test, enc.counters, 0xfUL);
	KUNIT_EXPECT_EQ(test, xu_width(&t, 4), 48U);
	KUNIT_EXPECT_EQ(test, xu_width(&t, 3), 44U);
}

/* ---- Encoders: filters, match/mask, counter bindings ------------------ */

struct xu_encode_case {
	const char *what;
	const char *box;
	u64 config[XU_CONFIG_WORDS];
	bool ok;
	unsigned long counters;
	u64 filter, filter_mask;	/* shared register 0 */
	u64 shared1, shared1_mask;	/* 1: QPI's, the S- and B-box's mask */
	u64 ignored1, ignored2;		/* accepted, not programmed */
	u64 ignored0;
	const char *unsure;		/* a field programmed, meaning unconfirmed */
	const struct xu_platform *plat;	/* NULL: the E5-2600 */
	u64 ctl;			/* 0: config[0] (0 for a fixed counter) */
};

#define V2	.plat = &xu_ivbep_platform
#define NHM	.plat = &xu_nhmex_platform

#define I_STATE		(0x3fULL << 17)
#define I_OPC1		GENMASK_ULL(31, 20)	/* opc, c6, nc, isoc in FILTER1 */

#define T_STATE		(0x1fULL << 18)
#define T_OPC		(0x1ffULL << 23)
#define T_NID		(0xffULL << 10)

/* Filter fields: tid 4:0, nid 17:10, state 22:18, opc 31:23 (guide table 2-19). */
static const struct xu_encode_case xu_encode_cases[] = {
	{ "llc_lookup data_read, state any", "cbox", { 0x0334 }, true, 0x3,
	  0x1fULL << 18, 0x1fULL << 18 },
	{ "llc_lookup state M", "cbox", { 0x0334, 0x10ULL << 18 }, true, 0x3,
	  0x10ULL << 18, 0x1fULL << 18 },
	{ "llc_lookup nid", "cbox", { 0x4334, 0x1ULL << 18 | 0x2ULL << 10 }, true, 0x3,
	  0x1ULL << 18 | 0x2ULL << 10, 0x1fULL << 18 | 0xffULL << 10 },
	{ "tor_inserts opcode", "cbox", { 0x0135, 0x180ULL << 23 }, true, 0x3,
	  0x180ULL << 23, 0x1ffULL << 23 },
	{ "tor_occupancy opcode on counter 0", "cbox", { 0x0136, 0x182ULL << 23 }, true,
	  0x1, 0x182ULL << 23, 0x1ffULL << 23 },
	{ "tor_inserts nid only", "cbox", { 0x4835, 0x4ULL << 10 }, true, 0x3,
	  0x4ULL << 10, 0xffULL << 10 },
	{ "llc_victims nid", "cbox", { 0x4137, 0x1ULL << 10 }, true, 0x3,
	  0x1ULL << 10, 0xffULL << 10 },
	/* an LLC_LOOKUP: the state too, all states as none is given */
	{ "tid with tid_en", "cbox", { 0x80000 | 0x0134, 0x3 }, true, 0x3,
	  T_STATE | 0x3, T_STATE | 0x1f },
	{ "tid with tid_en on a ring event", "cbox", { 0x80000 | 0x011b, 0x3 }, true,
	  0xc, 0x3, 0x1f },
	/* a filter field the event's hardware does not read: ignored */
	{ "tid without tid_en", "cbox", { 0x0134, 0x3 }, true, 0x3,
	  T_STATE, T_STATE, .ignored1 = 0x3 },
	{ "state on tor_inserts", "cbox", { 0x0135, 0x1ULL << 18 }, true, 0x3,
	  0, T_OPC, .ignored1 = 0x1ULL << 18 },
	{ "opc on llc_lookup", "cbox", { 0x0334, 0x1ULL << 23 }, true, 0x3,
	  T_STATE, T_STATE, .ignored1 = 0x1ULL << 23 },
	{ "nid without the nid umask bit", "cbox", { 0x0334, 0x1ULL << 10 }, true, 0x3,
	  T_STATE, T_STATE, .ignored1 = 0x1ULL << 10 },
	{ "opc on tor_inserts.all", "cbox", { 0x0835, 0x180ULL << 23 }, true, 0x3,
	  0, 0, .ignored1 = 0x180ULL << 23 },
	{ "every filter field on a ring event", "cbox", { 0x011b, 0xfffffc1f }, true,
	  0xc, 0, 0, .ignored1 = 0xfffffc1f },
	/* every LLC_LOOKUP sub-event reads the state (guide 2.3.6) */
	{ "llc_lookup any (ivytown list: 0x11)", "cbox", { 0x1134, 0x7c0000 }, true, 0x3,
	  0x7c0000, T_STATE },
	{ "llc_lookup nid, any state", "cbox", { 0x5134, 0x1ULL << 10 }, true, 0x3,
	  T_STATE | 0x1ULL << 10, T_STATE | T_NID },
	{ "ring event on counters 2-3", "cbox", { 0x011b }, true, 0xc, 0, 0 },
	{ "counter0_occupancy not on 0", "cbox", { 0x1f }, true, 0xe, 0, 0 },
	{ "rxr_occupancy on 0", "cbox", { 0x0111 }, true, 0x1, 0, 0 },
	{ "unconstrained", "cbox", { 0x0000 }, true, 0xf, 0, 0 },
	{ "band0", "pcu", { 0x0b, 0x20 }, true, 0xf, 0x20, 0xff },
	{ "band3", "pcu", { 0x0e, 0x1eULL << 24 }, true, 0xf, 0x1eULL << 24, 0xffULL << 24 },
	{ "band1 value on band0 event", "pcu", { 0x0b, 0x20ULL << 8 }, true, 0xf,
	  0, 0xff, .ignored1 = 0x20ULL << 8 },
	{ "band on 0x10b (total_transition_cycles)", "pcu", { 0x20000b, 0x20 }, true,
	  0xf, 0, 0, .ignored1 = 0x20 },
	{ "0x10b without a band", "pcu", { 0x20000b }, true, 0xf, 0, 0 },
	{ "occupancy c6", "pcu", { 0x80 | 0x3ULL << 14 }, true, 0xf, 0, 0 },
	{ "occ_sel off occupancy", "pcu", { 0x03 | 0x1ULL << 14 }, false },
	{ "occ_edge is bit 31", "pcu", { 0x80 | 0x1ULL << 14 | BIT_ULL(31) }, true, 0xf, 0, 0 },
	{ "pcu umask", "pcu", { 0x0103 }, false },
	/*
	 * occupancy (bit 7, not 21): occ_edge/occ_invert act, the generic
	 * edge and inv are ignored (no thresh supplied); 0x180 is none
	 */
	{ "occupancy: edge ignored", "pcu", { 0x80 | 0x1ULL << 14 | BIT_ULL(18) }, true, 0xf,
	  0, 0, .ignored0 = BIT_ULL(18), .ctl = 0x80 | 0x1ULL << 14 },
	{ "occupancy: inv ignored, thresh kept", "pcu",
	  { 0xff | 0x2ULL << 14 | BIT_ULL(23) | 0x3ULL << 24 }, true, 0xf, 0, 0,
	  .ignored0 = BIT_ULL(23), .ctl = 0xff | 0x2ULL << 14 | 0x3ULL << 24 },
	{ "0x180 is no occupancy event: occ_sel", "pcu", { 0x200080 | 0x1ULL << 14 }, false },
	{ "0x180 is no occupancy event: edge, thresh=1", "pcu", { 0x200080 | BIT_ULL(18) },
	  true, 0xf, 0, 0, .ctl = 0x200080 | BIT_ULL(18) | 0x1ULL << 24 },
	{ "occupancy: edge ignored", "pcu", { 0x80 | 0x3ULL << 14 | BIT_ULL(18) }, true, 0xf,
	  0, 0, .ignored0 = BIT_ULL(18), .ctl = 0x80 | 0x3ULL << 14, V2 },
	{ "0x180 is no occupancy event: occ_sel", "pcu", { 0x200080 | 0x1ULL << 14 }, false, V2 },
	{ "ubox thresh bit 29", "ubox", { 0x20000000 | 0x01 }, false },
	{ "ubox uclk fixed", "ubox", { 0xff }, true, 0x4, 0, 0 },
	{ "ubox phold_cycles (ExtSel)", "ubox", { 0x200045 | 0x100 }, true, 0x3, 0, 0 },
	{ "txr_starved on 0-1 (jaketown)", "cbox", { 0x0303 }, true, 0x3, 0, 0 },
	{ "rxr_int_starved on 0-1 (jaketown)", "cbox", { 0x0114 }, true, 0x3, 0, 0 },
	/* PCI boxes; QPI match/mask: dnid 17:13, mc 12:9, opc 8:5 ... */
	{ "ha requests", "ha", { 0x0301 }, true, 0xf, 0, 0 },
	{ "ha has no ExtSel", "ha", { 0x200001 }, false },
	{ "ha has no tid_en", "ha", { 0x80001 }, false },
	{ "imc cas_count", "imc", { 0x0304 }, true, 0xf, 0, 0 },
	{ "imc dclk fixed", "imc", { 0xff }, true, 0x10, 0, 0 },
	{ "imc has no ExtSel", "imc", { 0x200004 }, false },
	{ "cto_count match/mask", "qpi", { 0x200038, 0xeULL << 9, 0xfULL << 9 }, true,
	  0xf, 0xeULL << 9, U64_MAX, 0xfULL << 9, U64_MAX },
	{ "cto_count rds in MATCH1", "qpi", { 0x200038, 0x1ULL << 48, 0xfULL << 48 },
	  true, 0xf, 0x1ULL << 48, U64_MAX, 0xfULL << 48, U64_MAX },
	{ "cto_count, match all", "qpi", { 0x200038 }, true, 0xf, 0, U64_MAX, 0, U64_MAX },
	{ "reserved match0 bit", "qpi", { 0x200038, 0x1 }, false },
	{ "reserved mask1 bit", "qpi", { 0x200038, 0, 0x1ULL << 36 }, false },
	{ "match on another event", "qpi", { 0x14, 0x20 }, true, 0xf, 0, 0, 0, 0,
	  0x20 },
	{ "0x38 without ExtSel takes no match", "qpi", { 0x38, 0x20, 0x1e00 }, true,
	  0xf, 0, 0, 0, 0, 0x20, 0x1e00 },
	{ "reserved match bit on another event", "qpi", { 0x14, 0x1 }, false },
	{ "reserved mask bit on another event", "qpi", { 0x14, 0, 0x1ULL << 36 }, false },
	{ "drs_data (ExtSel)", "qpi", { 0x200802 }, true, 0xf, 0, 0 },
	{ "r2pcie ak bounces on 0", "r2pcie", { 0x12 }, true, 0x1, 0, 0 },
	{ "r2pcie ring", "r2pcie", { 0x0107 }, true, 0xf, 0, 0 },
	{ "r3qpi occupancy on 0", "r3qpi", { 0x0113 }, true, 0x1, 0, 0 },
	{ "r3qpi three counters", "r3qpi", { 0x0101 }, true, 0x7, 0, 0 },
	/*
	 * What real clients send, as captured from them against the model
	 * (pfm_get_os_event_encoding(PFM_OS_PERF_EVENT) of Debian's libpfm4
	 * 4.13.0-1, which PAPI and PCP use).
	 */
	{ "libpfm4 UNC_C_LLC_LOOKUP:ANY", "cbox", { 0x1f34, 0x7c0000 }, true, 0x3,
	  0x7c0000, T_STATE },
	{ "libpfm4 UNC_C_LLC_LOOKUP:ANY:STATE_M", "cbox", { 0x1f34, 0x200000 }, true,
	  0x3, 0x200000, T_STATE },
	{ "libpfm4 UNC_C_LLC_LOOKUP:NID:nf=1", "cbox", { 0x4334, 0x7c0400 }, true, 0x3,
	  0x7c0400, T_STATE | T_NID },
	{ "libpfm4 UNC_C_TOR_OCCUPANCY:OPC_RFO", "cbox", { 0x0836, 0xc0000000 }, true,
	  0x1, 0, 0, .ignored1 = 0xc0000000 },
	{ "libpfm4 UNC_C_TOR_OCCUPANCY:OPC_PCIWILF", "cbox", { 0x0836, 0xca000000 },
	  true, 0x1, 0, 0, .ignored1 = 0xca000000 },
	{ "libpfm4 UNC_C_TOR_OCCUPANCY:NID_OPCODE:OPC_RFO:nf=1", "cbox",
	  { 0x4136, 0xc0000400 }, true, 0x1, 0xc0000400, T_OPC | T_NID },
	{ "libpfm4 UNC_P_FREQ_BAND0_CYCLES:ff=32", "pcu", { 0x0b, 0x20 }, true, 0xf,
	  0x20, 0xff },
	/*
	 * PCM (Debian's pcm 202302) with PCM_USE_UNCORE_PERF=1, from its
	 * source: every counter is EN | event with the box's whole filter.
	 * pcm-power PCU profile 0 (default): clockticks and FREQ_BAND0..2,
	 * bands 12/20/40; pcm-pcie: TOR_INSERTS.OPCODE or MISS_OPCODE on
	 * counter 0, idle counters, opcode PCIeRdCur 0x19e or PCIeNSRd 0x1e4.
	 */
	{ "pcm-power clockticks", "pcu", { 0x400000, 0x28140c }, true, 0xf, 0, 0,
	  .ignored1 = 0x28140c },
	{ "pcm-power band0", "pcu", { 0x40000b, 0x28140c }, true, 0xf, 0x0c, 0xff,
	  .ignored1 = 0x281400 },
	{ "pcm-power band1", "pcu", { 0x40000c, 0x28140c }, true, 0xf, 0x1400, 0xff00,
	  .ignored1 = 0x28000c },
	{ "pcm-power band2", "pcu", { 0x40000d, 0x28140c }, true, 0xf, 0x280000,
	  0xff0000, .ignored1 = 0x140c },
	{ "pcm-pcie tor_inserts.opcode", "cbox", { 0x400135, 0xcf000000 }, true, 0x3,
	  0xcf000000, T_OPC },
	{ "pcm-pcie tor_inserts.miss_opcode", "cbox", { 0x400335, 0xf2000000 }, true,
	  0x3, 0xf2000000, T_OPC },
	{ "pcm-pcie idle counter", "cbox", { 0x400000, 0xcf000000 }, true, 0xf, 0, 0,
	  .ignored1 = 0xcf000000 },

	/*
	 * E5-2600 v2: FILTER0 is config1 31:0 (tid 4:0, link 8:5, state
	 * 22:17), FILTER1 63:32 (nid 47:32, opc 60:52, c6, nc, isoc 61-63),
	 * each register's value in its own bits.
	 */
	{ "llc_lookup, state any", "cbox", { 0x0334 }, true, 0x3,
	  I_STATE, I_STATE, V2 },
	{ "llc_lookup nid: both registers", "cbox", { 0x4134, 0x2ULL << 17 | 0x5ULL << 32 },
	  true, 0x3, 0x2ULL << 17, I_STATE, 0x5, 0xffff, V2 },
	{ "tor_inserts opcode with nc", "cbox", { 0x0135, 0x182ULL << 52 | BIT_ULL(62) },
	  true, 0x3, 0, 0, 0x182 << 20 | BIT(30), I_OPC1, V2 },
	{ "tor_inserts opcode and nid", "cbox", { 0x4135, 0x181ULL << 52 | 0x3ULL << 32 },
	  true, 0x3, 0, 0, 0x181 << 20 | 0x3, I_OPC1 | 0xffff, V2 },
	{ "rxr_ipq_retry qpi_credits: link", "cbox", { 0x1031, 0x5ULL << 5 }, true, 0x3,
	  0x5ULL << 5, 0xfULL << 5, V2 },
	{ "link on another event: ignored", "cbox", { 0x0131, 0x5ULL << 5 }, true, 0x3,
	  0, 0, .ignored1 = 0x5ULL << 5, V2 },
	{ "invert is reserved", "cbox", { 0x800000 | 0x0034 }, false, V2 },
	{ "invert is reserved (PCI box)", "r3qpi", { 0x800000 | 0x0010 }, false, V2 },
	{ "r3qpi ring event on counter 2 only", "r3qpi", { 0x0107 }, true, 0x4, V2 },
	/* the v2's constraints go on in the E5-2600's table */
	{ "r3qpi occupancy on counter 0 (E5-2600's row)", "r3qpi", { 0x0113 }, true, 0x1,
	  V2 },
	{ "cbox qlru on counters 0-1", "cbox", { 0x013c }, true, 0x3, V2 },
	{ "cbox rxr_occupancy on counter 0 (E5-2600's row)", "cbox", { 0x0111 }, true, 0x1,
	  V2 },
	{ "r2pcie txr_nack_ccw on counters 0-1", "r2pcie", { 0x0128 }, true, 0x3, V2 },
	{ "r2pcie rxr_ak_bounces on counter 0 (E5-2600's row)", "r2pcie", { 0x0112 }, true,
	  0x1, V2 },
	{ "r2pcie 0x28 unconstrained on the E5-2600", "r2pcie", { 0x0128 }, true, 0xf },
	{ "pcu event extension (upstream refuses it)", "pcu", { 0x200000 | 0x17 }, true,
	  0xf, V2 },
	{ "qpi cto_count with a match", "qpi", { 0x200038, 0x1ULL << 5, 0xfULL << 5 }, true,
	  0xf, 0x1ULL << 5, U64_MAX, 0xfULL << 5, U64_MAX, V2 },
	/* Xeon 7500: S-box match/mask, B-box counter lists, W-box fixed */
	{ "to_r_prog_ev with match/mask", "sbox", { 0x00, 0x123, 0xfff }, true, 0xf,
	  0x123, U64_MAX, 0xfff, U64_MAX, NHM },
	{ "match on another event: ignored", "sbox", { 0x07, 0x5 }, true, 0xf,
	  .ignored1 = 0x5, NHM },
	{ "enable bit accepted, not kept", "sbox", { 0x400007 }, true, 0xf, NHM,
	  .ctl = 0x7 },
	{ "msg_addr_in_match on counter 0", "bbox", { 0x02, 0x5, 0x7 }, true, 0x1,
	  0x5, U64_MAX, 0x7, U64_MAX, NHM, .ctl = 0x2 },
	{ "addr_in_match on counter 2", "bbox", { 0x88, 0x2, 0x3 }, true, 0x4,
	  0x2, U64_MAX, 0x3, U64_MAX, NHM, .ctl = 0x8 },
	{ "conflicts: counter 3, match ignored", "bbox", { 0xee, 0x1, 0x1 }, true, 0x8,
	  .ignored1 = 0x1, .ignored2 = 0x1, NHM, .ctl = 0x2e },
	{ "imt_ne_cycles: counter 2, no match", "bbox", { 0x8e, 0x1 }, true, 0x4,
	  .ignored1 = 0x1, NHM, .ctl = 0xe },
	{ "enable bit (0) accepted, not kept", "bbox", { 0x03 }, true, 0x1,
	  0, U64_MAX, 0, U64_MAX, NHM, .ctl = 0x2 },
	{ "bit 8 not implemented", "bbox", { 0x102 }, false, NHM },
	{ "clockticks: the fixed counter", "wbox", { 0xff }, true, BIT(4), NHM },
	{ "a core mask", "wbox", { 0x0304 }, true, 0xf, NHM },
	{ "bit 50 reserved", "wbox", { BIT_ULL(50) | 0x4 }, false, NHM },
	{ "port 0 IPERF_CFG0: flits_sent", "rbox", { 0x0, 0x80000000 }, true, 0xff,
	  0x80000000, 0xffffffff, NHM },
	{ "port 0 IPERF_CFG1", "rbox", { 0x2, 0x5 }, true, 0xff, 0, 0, 0x5, 0xffffffff,
	  NHM },
	{ "IPERF with xbr fields: ignored", "rbox", { 0x2 | 7ULL << 32, BIT_ULL(32) | 5, 3 },
	  true, 0xff, 0, 0, 0x5, 0xffffffff, .ignored0 = 7ULL << 32,
	  .ignored1 = BIT_ULL(32), .ignored2 = 3, NHM, .ctl = 0x2 },
	{ "port 3 XBAR set 2", "rbox", { 0x2e | (BIT_ULL(21) | 9) << 32, 0x1c00, 0x1fe0 },
	  true, 0xff, NHM, .ctl = 0x2e },
	/* XBAR MM_CFG: mm_trig_en 21 "to enable", 31:22 ig (Table 2-50) */
	{ "XBAR set without mm_trig_en: counts nothing", "rbox",
	  { 0x2e | 9ULL << 32, 0x1c00, 0x1fe0 }, false, NHM },
	{ "XBAR MM_CFG ig bits: accepted, not programmed", "rbox",
	  { 0x8 | (BIT_ULL(31) | BIT_ULL(22) | BIT_ULL(21)) << 32, 0x1c00, 0x1fe0 },
	  true, 0xff, .ignored0 = (BIT_ULL(31) | BIT_ULL(22)) << 32, NHM, .ctl = 0x8 },
	/* MATCH/MASK 63:52, 47:36, 30:18 reserved (Tables 2-51, 2-52) */
	{ "XBAR MATCH bit 52 reserved", "rbox",
	  { 0x8 | BIT_ULL(21) << 32, BIT_ULL(52) | 0x1c00, 0x1fe0 }, false, NHM },
	{ "XBAR MATCH bit 36 reserved", "rbox",
	  { 0x8 | BIT_ULL(21) << 32, BIT_ULL(36), 0x1fe0 }, false, NHM },
	{ "XBAR MASK bit 18 reserved", "rbox",
	  { 0xa | BIT_ULL(21) << 32, 0x1c00, BIT_ULL(18) | 0x1fe0 }, false, NHM },
	{ "XBAR MASK bit 30 reserved", "rbox",
	  { 0xa | BIT_ULL(21) << 32, 0x1c00, BIT_ULL(30) }, false, NHM },
	{ "XBAR RDS (51:48) and RNID (35:31)", "rbox",
	  { 0xa | BIT_ULL(21) << 32, 0x8ULL << 48 | 0x1fULL << 31 | 0x1c00,
	    0xfULL << 48 | 0x1fe0 }, true, 0xff, NHM, .ctl = 0xa },
	/* IPERF_CFG: EOT message classes, new-packet VN select */
	{ "IPERF EOT inserts of DRS (MC 0xe)", "rbox", { 0x0, 0x3c0000 }, true, 0xff,
	  0x3c0000, 0xffffffff, NHM },
	{ "IPERF EOT rolling count of NCB (MC 0xc)", "rbox", { 0x0, 0x180000 }, true,
	  0xff, 0x180000, 0xffffffff, NHM },
	{ "IPERF EOT MC 0xf encodes no class", "rbox", { 0x0, 0x1e0000 }, false, NHM },
	{ "IPERF EOT inserts, MC 0xf", "rbox", { 0x0, 0x3e0000 }, false, NHM },
	{ "IPERF1: EOT MC 5 encodes no class", "rbox", { 0x2, 0x2a0000 }, false, NHM },
	{ "IPERF new packets on VNA", "rbox", { 0x0, 0xbf }, true, 0xff, 0xbf,
	  0xffffffff, NHM },
	{ "IPERF 23:22 read zero: ignored, not programmed", "rbox",
	  { 0x0, 0xbf | GENMASK_ULL(23, 22) }, true, 0xff, 0xbf, 0xffffffff,
	  .ignored1 = GENMASK_ULL(23, 22), NHM },
	/* 0b11: every VN, the shared assumption, programmed and noted */
	{ "IPERF new packets, VN select 0b11 (upstream's date_response)", "rbox",
	  { 0x0, 0xc4 }, true, 0xff, 0xc4, 0xffffffff, .unsure = "iperf_cfg", NHM },
	{ "IPERF1 new packets of every class, VN select 0b11", "rbox",
	  { 0x2, 0xff }, true, 0xff, 0, 0, 0xff, 0xffffffff, .unsure = "iperf_cfg", NHM },
	{ "IPERF VN select 0b11 with no class: selects nothing", "rbox",
	  { 0x0, 0xc0 | BIT_ULL(31) }, true, 0xff, 0xc0 | BIT_ULL(31), 0xffffffff, NHM },
	{ "QLX high byte, the low one ignored", "rbox", { 0x6, 0x0507 }, true, 0xff,
	  .ignored1 = 0x07, NHM },
	{ "event above 0x17", "rbox", { 0x30 }, false, NHM },
	{ "pmi_en (bit 6) kernel-owned", "rbox", { 0x40 }, false, NHM },
	{ "dsp_fill: DSP", "mbox", { 0x0, 0x5 }, true, 0x3f, 0x5, 0xffffffff, NHM },
	/* ISS: 9:0 implemented, 31:10 "ig" (guide, the ISS field table) */
	{ "iss_ev: ISS, PLD half ignored", "mbox", { 0x1200, 0x3 | 1ULL << 32 }, true, 0x3f,
	  0, 0, 0x3, 0x3ff, .ignored1 = 1ULL << 32, NHM },
	{ "iss_ev: ISS bits 31:10 ignored", "mbox", { 0x1200, 0xfffffc03 }, true, 0x3f,
	  0, 0, 0x3, 0x3ff, .ignored1 = 0xfffffc00, NHM },
	{ "cycles_sched_mode: ISS bit 31 ignored", "mbox", { 0x80080, BIT_ULL(31) | 0x5 },
	  true, 0x3f, 0, 0, 0x5, 0x3ff, .ignored1 = BIT_ULL(31), NHM },
	{ "dram_cmd: ISS, PLD, address match", "mbox",
	  { 0x1400, 0x7 | 0x1f00ULL << 32, BIT_ULL(63) | 0x5ULL << 34 | 0x123 }, true, 0x3f,
	  0, 0, 0x7, 0x3ff, NHM },
	{ "dram_cmd: ISS bits 31:10 ignored, PLD all 32", "mbox",
	  { 0x1400, 0xffffffffULL << 32 | 0xffffffff }, true, 0x3f,
	  0, 0, 0x3ff, 0x3ff, .ignored1 = 0xfffffc00, NHM },
	{ "pld_retry_ev: match off, config2 ignored", "mbox", { 0x1600, 0, 0x123 }, true,
	  0x3f, .ignored2 = 0x123, NHM },
	{ "fvc_ev2 in its own slot", "mbox", { 0x1e00, 5ULL << 17 | 0x20 }, true, 0x3f, NHM },
	{ "fvc_ev0: another slot's selector ignored", "mbox", { 0x1a00, 5ULL << 14 }, true,
	  0x3f, .ignored1 = 5ULL << 14, NHM },
	{ "address match on a non-PLD event ignored", "mbox", { 0x200, 0, BIT_ULL(63) | 1 },
	  true, 0x3f, .ignored2 = BIT_ULL(63) | 1, NHM },
	{ "set_flag_sel 6: MAP", "mbox", { 0x300080, 0x9 }, true, 0x3f, NHM },
	/* FVC selector 6, B-box responses: response 6 reserved (Table 2-82) */
	{ "fvc_ev0: B-box response 6 reserved", "mbox", { 0x1a00, 6ULL << 11 | 6ULL << 8 },
	  false, NHM },
	{ "fvc_ev1: B-box response 6 reserved", "mbox", { 0x1c00, 6ULL << 14 | 6ULL << 8 },
	  false, NHM },
	{ "fvc_ev0: B-box response 5", "mbox", { 0x1a00, 6ULL << 11 | 5ULL << 8 }, true,
	  0x3f, NHM },
	{ "fvc_ev0: response 6 with B-box commands (5)", "mbox",
	  { 0x1a00, 5ULL << 11 | 6ULL << 8 }, true, 0x3f, NHM },
	{ "E7 fvc_ev0: B-box response 6 reserved", "mbox",
	  { 0x1a00, 6ULL << 12 | 6ULL << 9 }, false, .plat = &xu_wsmex_platform },
	{ "E7 fvc_ev0: B-box response 3", "mbox", { 0x1a00, 6ULL << 12 | 3ULL << 9 }, true,
	  0x3f, .plat = &xu_wsmex_platform },
	{ "bit 8 not implemented", "mbox", { 0x100 }, false, NHM },
	{ "config2 bit 62 not implemented", "mbox", { 0x1600, 0, BIT_ULL(62) }, false, NHM },
};

#undef V2
#undef NHM

/*
 * XBAR MM_CFG 31:22 "Read zero, writes ignored" (config:54-63): left out
 * of the value programmed, which keeps mm_trig_en and the low bits.
 * Port 1's set 2 (event 0xb) is shared register 9 + 3 + 3.
 */
static void xu_test_rbox_xbr_ig(struct kunit *test)
{
	const struct xu_box_type * const *t = xu_nhmex_platform.types;
	u64 config[XU_CONFIG_WORDS] = {
		0xb << 1 | (GENMASK_ULL(31, 22) | BIT_ULL(21) | 0x5) << 32, 0x1c00, 0x1fe0,
	};
	struct xu_enc enc;
	struct xu_pmu xp;
	u64 mask;

	for (; *t && strcmp((*t)->name, "rbox"); t++)
		;
	KUNIT_ASSERT_NOT_NULL(test, *t);
	xu_setup_pmu(test, &xp, *t);
	KUNIT_ASSERT_NULL(test, xu_encode(&xp, config, &enc));
	KUNIT_EXPECT_EQ(test, xu_test_use(&enc, 9 + 6, &mask), BIT_ULL(21) | 0x5);
	KUNIT_EXPECT_EQ(test, xu_test_use(&enc, 9 + 7, &mask), 0x1c00ULL);
	KUNIT_EXPECT_EQ(test, xu_test_use(&enc, 9 + 8, &mask), 0x1fe0ULL);
	KUNIT_EXPECT_EQ(test, enc.ignored[0], GENMASK_ULL(63, 54));
}

static const struct xu_platform *xu_case_plat(const struct xu_encode_case *c)
{
	return c->plat ?: &xu_snbep_platform;
}

static void xu_encode_desc(const struct xu_encode_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s %s: %s", xu_case_plat(c)->name,
		 c->box, c->what);
}

KUNIT_ARRAY_PARAM(xu_encode, xu_encode_cases, xu_encode_desc);

static void xu_test_encode(struct kunit *test)
{
	const struct xu_encode_case *c = test->param_value;
	const struct xu_box_type * const *t;
	struct xu_shared_state *st;
	u64 mask0, mask1, mask;
	unsigned int s, f;
	struct xu_enc enc;
	const char *why;
	struct xu_pmu xp;

	t = xu_case_plat(c)->types;
	for (; *t && strcmp((*t)->name, c->box); t++)
		;
	KUNIT_ASSERT_NOT_NULL(test, *t);
	xu_setup_pmu(test, &xp, *t);
	why = xu_encode(&xp, c->config, &enc);
	KUNIT_ASSERT_EQ_MSG(test, !why, c->ok, "%s", why ?: "accepted");
	if (!c->ok)
		return;
	/* the control is the config, but for a fixed counter's: enable only */
	KUNIT_EXPECT_EQ(test, enc.ctl, c->ctl ?:
			(c->counters == BIT((*t)->num_counters) ? 0 : c->config[0]));
	KUNIT_EXPECT_EQ(test, enc.counters, c->counters);
	KUNIT_EXPECT_EQ(test, xu_test_use(&enc, 0, &mask0), c->filter);
	KUNIT_EXPECT_EQ(test, mask0, c->filter_mask);
	KUNIT_EXPECT_EQ(test, xu_test_use(&enc, 1, &mask1), c->shared1);
	KUNIT_EXPECT_EQ(test, mask1, c->shared1_mask);
	KUNIT_EXPECT_EQ(test, enc.ignored[0], c->ignored0);
	KUNIT_EXPECT_EQ(test, enc.ignored[1], c->ignored1);
	KUNIT_EXPECT_EQ(test, enc.ignored[2], c->ignored2);
	KUNIT_EXPECT_STREQ(test, enc.unsure ? enc.unsure->attr.attr.name : "none",
			   c->unsure ?: "none");

	/* what is ignored takes no field of a shared register, and no value */
	st = xu_shared_alloc(*t);
	KUNIT_ASSERT_NOT_NULL(test, st);
	xu_shared_take(*t, st, &enc);
	for (s = 0; s < (*t)->nshared; s++) {
		const u64 *fields = (*t)->shared[s].fields;

		xu_test_use(&enc, s, &mask);
		KUNIT_EXPECT_EQ(test, st->reg[s].val & ~mask, 0ULL);
		for (f = 0; f < XU_MAX_FIELDS && fields[f]; f++)
			KUNIT_EXPECT_EQ_MSG(test, st->reg[s].ref[f],
					    !!(mask & fields[f]),
					    "%s field %u", (*t)->shared[s].name, f);
	}
	kfree(st);
}

/*
 * A field ignored for an event is noted once (its noted bit), whichever
 * event or PMU of the type hits it again; a field the event uses is not.
 */
static void xu_test_ignored_noted_once(struct kunit *test)
{
	/* PCM's pcm-power: its whole band filter on FREQ_BAND0_CYCLES */
	const u64 config[XU_CONFIG_WORDS] = { 0x40000b, 0x28140c };
	const struct xu_box_type * const *t;
	struct xu_field * const *f;
	unsigned int round;
	struct xu_enc enc;
	struct xu_pmu xp;
	u64 mask;

	for (t = xu_snbep_platform.types; *t && strcmp((*t)->name, "pcu"); t++)
		;
	KUNIT_ASSERT_NOT_NULL(test, *t);
	xu_setup_pmu(test, &xp, *t);
	for (f = (*t)->fields; *f; f++)
		clear_bit(0, &(*f)->noted);
	for (round = 0; round < 3; round++) {
		KUNIT_ASSERT_NULL(test, xu_encode(&xp, config, &enc));
		for (f = (*t)->fields; *f; f++) {
			bool ignored = (*f)->word == 1 &&
				       ((*f)->mask & config[1] & ~0xffULL);

			KUNIT_EXPECT_EQ_MSG(test, test_bit(0, &(*f)->noted), ignored,
					    "%s, round %u", (*f)->attr.attr.name, round);
		}
	}
	KUNIT_EXPECT_EQ(test, xu_test_use(&enc, 0, &mask), 0x0cULL);
	KUNIT_EXPECT_EQ(test, enc.ignored[1], 0x281400ULL);
}

/*
 * The 7500's R-box PMU in @xp, each field's note @bit cleared (the notes
 * are per field, for every PMU of the type).
 */
static const struct xu_box_type *xu_test_rbox_notes(struct kunit *test,
						    struct xu_pmu *xp,
						    unsigned int bit)
{
	const struct xu_box_type *t = xu_test_type(0x2e, "rbox");
	struct xu_field * const *f;

	KUNIT_ASSERT_NOT_NULL(test, t);
	xu_setup_pmu(test, xp, t);
	for (f = t->fields; *f; f++)
		clear_bit(bit, &(*f)->noted);
	return t;
}

/*
 * Bits an encoder says a slice holds (the 7500 R-box's IPERF_CFG 23:22,
 * read zero) are noted on that slice, not on the field it is part of.
 */
static void xu_test_ignored_in_slice(struct kunit *test)
{
	static const u64 cfg[XU_CONFIG_WORDS] = { 0x0, 0xbf | GENMASK_ULL(23, 22) };
	const struct xu_box_type *t;
	struct xu_field * const *f;
	struct xu_enc enc;
	struct xu_pmu xp;

	t = xu_test_rbox_notes(test, &xp, 0);
	KUNIT_ASSERT_NULL(test, xu_encode(&xp, cfg, &enc));
	for (f = t->fields; *f; f++)
		KUNIT_EXPECT_EQ_MSG(test, test_bit(0, &(*f)->noted),
				    !strcmp((*f)->attr.attr.name, "iperf_cfg"),
				    "%s", (*f)->attr.attr.name);
}

/*
 * A value whose meaning no guide states (the 7500 R-box's VN select 0b11)
 * is noted once, on its field; a defined value is not noted.
 */
static void xu_test_unsure_noted_once(struct kunit *test)
{
	static const u64 vna[XU_CONFIG_WORDS] = { 0x0, 0x84 };
	static const u64 any[XU_CONFIG_WORDS] = { 0x0, 0xc4 };
	const struct xu_box_type *t;
	struct xu_field * const *f;
	struct xu_enc enc;
	struct xu_pmu xp;
	unsigned int round;

	t = xu_test_rbox_notes(test, &xp, 2);
	KUNIT_ASSERT_NULL(test, xu_encode(&xp, vna, &enc));
	for (f = t->fields; *f; f++)
		KUNIT_EXPECT_FALSE_MSG(test, test_bit(2, &(*f)->noted), "%s",
				       (*f)->attr.attr.name);
	for (round = 0; round < 2; round++) {
		KUNIT_ASSERT_NULL(test, xu_encode(&xp, any, &enc));
		for (f = t->fields; *f; f++)
			KUNIT_EXPECT_EQ_MSG(test, test_bit(2, &(*f)->noted),
					    !strcmp((*f)->attr.attr.name, "iperf_cfg"),
					    "%s, round %u", (*f)->attr.attr.name, round);
	}
}

/*
 * A 48-bit PCI counter read as two dwords while it runs: a fake counter
 * that advances by @step at every dword read, started around a carry into
 * the high dword.  The value must be one the counter held during the
 * read, never a torn mix of two.  @fail_at: the dword read (1-based) that
 * fails, 0 for none.
 */
struct xu_fake_ctr {
	u64 val;
	u64 step;
	unsigned int reads, fail_at;
};

static int xu_fake_read(void *ctx, u32 reg, u32 *val)
{
	struct xu_fake_ctr *c = ctx;

	if (++c->reads == c->fail_at)
		return -EIO;
	*val = reg & 4 ? upper_32_bits(c->val) : lower_32_bits(c->val);
	c->val += c->step;
	return 0;
}

static void xu_test_read_halves(struct kunit *test)
{
	static const u64 steps[] = { 1, 3, 1000, 0x10000000 };
	unsigned int s;
	int off;

	for (s = 0; s < ARRAY_SIZE(steps); s++) {
		for (off = -8; off <= 2; off++) {
			u64 start = 0x5ffffffffULL + off * (s64)steps[s];
			struct xu_fake_ctr c = { start, steps[s] };
			u64 got = 0;

			KUNIT_ASSERT_EQ(test,
					xu_read_halves(xu_fake_read, &c, 0xa0, &got, false), 0);
			KUNIT_EXPECT_GE_MSG(test, got, start, "step %llu start %#llx",
					    steps[s], start);
			KUNIT_EXPECT_LT_MSG(test, got, c.val, "step %llu start %#llx",
					    steps[s], start);
		}
	}
}

/*
 * A read that fails at any of its dword accesses (running: including the
 * fourth, taken only when the high half moved; still: either of two), or
 * that returns the all-ones of a removed device, is an error and leaves
 * the value alone: the fold must never mistake it for a counter that went
 * back to 0 (a wrap).
 */
static void xu_read_halves_fail(struct kunit *test, bool still)
{
	struct xu_fake_ctr gone = { U64_MAX, 0 };
	unsigned int at;
	u64 got = 0x1234;

	for (at = 1; at <= (still ? 2 : 4); at++) {
		/* running: 0xffffffff + 1 per read, the high half moves */
		struct xu_fake_ctr c = { 0xffffffffULL, !still, 0, at };

		KUNIT_EXPECT_EQ_MSG(test, xu_read_halves(xu_fake_read, &c, 0xa0, &got, still),
				    -EIO, "failing dword read %u, still %d", at, still);
		KUNIT_EXPECT_EQ(test, got, 0x1234);
	}
	KUNIT_EXPECT_EQ(test, xu_read_halves(xu_fake_read, &gone, 0xa0, &got, still), -EIO);
	KUNIT_EXPECT_EQ(test, got, 0x1234);
}

static void xu_test_read_halves_fails(struct kunit *test)
{
	xu_read_halves_fail(test, false);
	xu_read_halves_fail(test, true);
}

/*
 * A counter that holds still (stopped, or its box frozen) is read in two
 * dword reads, low then high, exactly; a running one in three.
 */
static void xu_test_read_halves_still(struct kunit *test)
{
	static const u64 vals[] = { 0, 0xffffffffULL, 0x100000000ULL, 0xffffffffffffULL };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(vals); i++) {
		struct xu_fake_ctr c = { vals[i], 0 }, r = { vals[i], 0 };
		u64 got = 0;

		KUNIT_EXPECT_EQ(test, xu_read_halves(xu_fake_read, &c, 0xa0, &got, true), 0);
		KUNIT_EXPECT_EQ(test, got, vals[i]);
		KUNIT_EXPECT_EQ(test, c.reads, 2);
		KUNIT_EXPECT_EQ(test, xu_read_halves(xu_fake_read, &r, 0xa0, &got, false), 0);
		KUNIT_EXPECT_EQ(test, r.reads, 3);
	}
}

/*
 * The PMI re-arms a counting counter at the same preload every time.  A
 * fold in task context that read prev_count before an NMI folded and
 * re-armed must not succeed afterwards (it would add the NMI's increment
 * a second time): the re-arm generation makes prev_count differ.  Checked
 * by playing the interleaving on the helpers the driver folds with.
 */
static void xu_test_fold_rearm_race(struct kunit *test)
{
	static const unsigned int widths[] = { 32, 44, 48 };
	unsigned int w;

	for (w = 0; w < ARRAY_SIZE(widths); w++) {
		unsigned int width = widths[w];
		u64 mask = GENMASK_ULL(width - 1, 0);
		u64 half = BIT_ULL(width - 1);
		u64 prev = xu_prev_armed(0, half, width), count = 0;
		u64 seen, task_now, nmi_now, hw;

		/* task: reads prev_count, then the counter */
		seen = prev;
		hw = half + 1000;
		task_now = xu_prev_folded(seen, hw, width);
		/* NMI: the counter wraps, is folded and armed at the same value */
		hw = 7;
		nmi_now = xu_prev_folded(prev, hw, width);
		count += xu_delta(prev, nmi_now, width);
		prev = xu_prev_armed(nmi_now, half, width);
		KUNIT_EXPECT_EQ(test, prev & mask, seen & mask);
		/* task: its compare-and-exchange must fail, and it retries */
		KUNIT_EXPECT_NE_MSG(test, prev, seen, "width %u", width);
		hw = half + 3;
		seen = prev;
		task_now = xu_prev_folded(seen, hw, width);
		count += xu_delta(seen, task_now, width);
		/* the wrap from the preload, then the retried fold: nothing twice */
		KUNIT_EXPECT_EQ(test, count, half + 7 + 3);
		/* folds keep the generation; deltas never see it */
		KUNIT_EXPECT_EQ(test, task_now & ~mask, prev & ~mask);
		KUNIT_EXPECT_EQ(test, xu_delta(xu_prev_armed(task_now, 5, width),
					       xu_prev_folded(xu_prev_armed(task_now, 5, width),
							      9, width), width), 4);
	}
}

/* Polled sampling: the periods one poll finds due, and what is left. */
struct xu_due_case {
	s64 left;
	u64 period, due;
	s64 after;
};

static const struct xu_due_case xu_due_cases[] = {
	{ 1, 100, 0, 1 },
	{ 0, 100, 1, 100 },
	{ -1, 100, 1, 99 },
	{ -99, 100, 1, 1 },
	{ -100, 100, 2, 100 },
	{ -250, 100, 3, 50 },
	/* period 1 and a huge increment: one division, not a loop */
	{ -1000000000000LL, 1, 1000000000001ULL, 1 },
};

static void xu_due_desc(const struct xu_due_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "left %lld period %llu", c->left,
		 c->period);
}

KUNIT_ARRAY_PARAM(xu_due, xu_due_cases, xu_due_desc);

static void xu_test_periods_due(struct kunit *test)
{
	const struct xu_due_case *c = test->param_value;
	struct hw_perf_event hwc = { .sample_period = c->period };

	local64_set(&hwc.period_left, c->left);
	KUNIT_EXPECT_EQ(test, xu_periods_due(&hwc), c->due);
	KUNIT_EXPECT_EQ(test, (s64)local64_read(&hwc.period_left), c->after);
	KUNIT_EXPECT_EQ(test, hwc.last_period, c->due ? c->period : 0);
}

/*
 * The PMI's core select: one bit per core of a package, the same for SMT
 * siblings and distinct between cores, every core reachable with a select
 * wide enough, none with a select of no bits.
 */
static void xu_test_pmi_cores(struct kunit *test)
{
	struct xu_platform wide = { .pmi_cores = 32 }, none = { };
	unsigned int a, b;

	for_each_present_cpu(a) {
		u32 m = xu_pmi_cores(&wide, a);

		KUNIT_EXPECT_EQ(test, hweight32(m), 1);
		KUNIT_EXPECT_EQ(test, xu_pmi_cores(&none, a), 0);
		for_each_present_cpu(b) {
			if (topology_physical_package_id(a) !=
			    topology_physical_package_id(b))
				continue;
			KUNIT_EXPECT_EQ(test, m == xu_pmi_cores(&wide, b),
					topology_core_id(a) == topology_core_id(b));
		}
	}
}

/* ---- lock-free state two CPUs update at once ------------------------- */

/*
 * Two threads on two CPUs play the same rounds, in step: both start a
 * round together, and neither starts the next before both have ended it.
 * Where a window is an unlocked read-modify-write, which no register
 * access splits, the model's knobs cannot widen it: the rounds repeat it
 * until the two CPUs meet in it.  @inside counts the threads inside a
 * round's window now, @met the times a thread found the other there too:
 * a run where they never met tested nothing, and is skipped as such.  A
 * thread that waits more than XU_PAIR_WAIT for the other gives up, and so
 * does the other: the test fails instead of hanging the guest.  A vCPU of
 * a TCG guest on a loaded host can stand still for seconds (10 s was
 * seen to run out with the guest's clocksource watchdog complaining):
 * the wait only has to tell a hang from a stall.
 */
#define XU_PAIR_WAIT	(60 * HZ)

struct xu_pair {
	void (*round)(struct xu_pair *p, unsigned int me, unsigned int round);
	unsigned int rounds;
	void *data;
	atomic_t arrived, inside, met;
	bool gave_up;
	struct completion done[2];
};

struct xu_pair_thread {
	struct xu_pair *p;
	unsigned int me;
};

/* false: the other thread never came, or gave up */
static bool xu_pair_wait(struct xu_pair *p, unsigned int round)
{
	unsigned long until = jiffies + XU_PAIR_WAIT;

	atomic_inc(&p->arrived);
	while (atomic_read(&p->arrived) < 2 * (int)(round + 1)) {
		if (READ_ONCE(p->gave_up) || time_after(jiffies, until)) {
			WRITE_ONCE(p->gave_up, true);
			return false;
		}
		/* a wait, not the window: no soft lockup over a long stall */
		cond_resched();
		cpu_relax();
	}
	return true;
}

/* In a round: this thread enters and leaves the window. */
static void xu_pair_enter(struct xu_pair *p)
{
	if (atomic_inc_return(&p->inside) == 2)
		atomic_inc(&p->met);
}

static void xu_pair_leave(struct xu_pair *p)
{
	atomic_dec(&p->inside);
}

static int xu_pair_fn(void *arg)
{
	struct xu_pair_thread *t = arg;
	struct xu_pair *p = t->p;
	unsigned int r;

	for (r = 0; r < p->rounds && xu_pair_wait(p, r); r++) {
		p->round(p, t->me, r);
		if (!(r % 64))
			cond_resched();
	}
	complete(&p->done[t->me]);
	return 0;
}

/*
 * Play @p's rounds on two online CPUs (hot plug held off meanwhile);
 * false: they did not all run, or the CPUs never met in a window (the
 * test is then failed or skipped).
 */
static bool xu_pair_run(struct kunit *test, struct xu_pair *p)
{
	struct xu_pair_thread t[2];
	struct task_struct *task[2];
	unsigned int cpu[2], i = 0, c;
	bool ok = true;

	cpus_read_lock();
	for_each_online_cpu(c) {
		if (i < 2)
			cpu[i++] = c;
	}
	if (i < 2) {
		cpus_read_unlock();
		kunit_skip(test, "needs two online CPUs");
	}
	atomic_set(&p->arrived, 0);
	atomic_set(&p->inside, 0);
	atomic_set(&p->met, 0);
	p->gave_up = false;
	for (i = 0; i < 2; i++) {
		t[i] = (struct xu_pair_thread){ .p = p, .me = i };
		init_completion(&p->done[i]);
		task[i] = kthread_create_on_cpu(xu_pair_fn, &t[i], cpu[i], "xu-pair/%u");
		if (IS_ERR(task[i])) {
			if (i)
				kthread_stop(task[0]);	/* never woken: it does not run */
			cpus_read_unlock();
			KUNIT_FAIL(test, "kthread_create_on_cpu: %pe", task[i]);
			return false;
		}
	}
	for (i = 0; i < 2; i++)
		wake_up_process(task[i]);
	for (i = 0; i < 2; i++) {
		if (!wait_for_completion_timeout(&p->done[i], 3 * XU_PAIR_WAIT)) {
			/* a round that never ends: the threads cannot be stopped */
			WRITE_ONCE(p->gave_up, true);
			wait_for_completion(&p->done[i]);
		}
	}
	cpus_read_unlock();
	if (READ_ONCE(p->gave_up)) {
		KUNIT_FAIL(test, "a thread waited %u s for the other and gave up",
			   XU_PAIR_WAIT / HZ);
		ok = false;
	} else if (!atomic_read(&p->met)) {
		kunit_skip(test, "the two CPUs never were in a window at once: nothing tested");
	}
	kunit_info(test, "%u rounds on CPUs %u and %u, met in a window %d times\n",
		   p->rounds, cpu[0], cpu[1], atomic_read(&p->met));
	return ok;
}

/*
 * The sample budget: the NMI and the poll timer take samples of one
 * socket at once, and during a collector move two CPUs do.  Each round is
 * one tick in which both CPUs ask for XU_BUDGET_ASKS samples each against
 * a limit of XU_BUDGET_LIMIT: every tick grants exactly the limit, and the
 * stats count every grant and every refusal.  A plain read-modify-write
 * of the tick's count or of the stats loses updates here.
 */
#define XU_BUDGET_TICKS		2000
#define XU_BUDGET_ASKS		200
#define XU_BUDGET_LIMIT		300

struct xu_budget {
	struct xu_socket *sk;
	u16 granted[2][XU_BUDGET_TICKS];
};

static void xu_budget_round(struct xu_pair *p, unsigned int me, unsigned int round)
{
	struct xu_budget *b = p->data;
	unsigned int i;

	xu_pair_enter(p);
	for (i = 0; i < XU_BUDGET_ASKS; i++)
		b->granted[me][round] += xu_tick_take(b->sk, XU_BUDGET_LIMIT, round + 1);
	xu_pair_leave(p);
}

static void xu_test_budget_concurrent(struct kunit *test)
{
	struct xu_budget *b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);
	struct xu_pair p = { .round = xu_budget_round, .rounds = XU_BUDGET_TICKS };
	unsigned int r, over = 0;
	u64 granted = 0;

	KUNIT_ASSERT_NOT_NULL(test, b);
	b->sk = kunit_kzalloc(test, sizeof(*b->sk), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, b->sk);
	p.data = b;
	if (!xu_pair_run(test, &p))
		return;
	for (r = 0; r < XU_BUDGET_TICKS; r++) {
		unsigned int n = b->granted[0][r] + b->granted[1][r];

		granted += n;
		if (n != XU_BUDGET_LIMIT && !over++)
			KUNIT_FAIL(test, "tick %u: %u samples granted, limit %u", r + 1, n,
				   XU_BUDGET_LIMIT);
	}
	KUNIT_EXPECT_EQ_MSG(test, over, 0U, "ticks over or under the limit");
	KUNIT_EXPECT_EQ(test, granted, (u64)XU_BUDGET_TICKS * XU_BUDGET_LIMIT);
	KUNIT_EXPECT_EQ(test, (u64)atomic64_read(&b->sk->stats.samples), granted);
	KUNIT_EXPECT_EQ(test, (u64)atomic64_read(&b->sk->stats.throttled),
			(u64)XU_BUDGET_TICKS * (2 * XU_BUDGET_ASKS - XU_BUDGET_LIMIT));
}

/*
 * The socket's count of interrupting counters: while the collector moves,
 * the moved boxes start on the new CPU as the old one stops the others,
 * each under its own box's lock.  Each round, each CPU starts its box's
 * counter with its interrupt and stops it again; while its own counter
 * runs the count is at least 1 (at 0, the NMI handler would take a real
 * PMI for another NMI's), and at the end it is 0.
 */
#define XU_PMI_ROUNDS	20000

struct xu_pmi_count {
	struct xu_socket *sk;
	struct xu_box box[2];
	unsigned int zero[2];
};

static void xu_pmi_count_round(struct xu_pair *p, unsigned int me, unsigned int round)
{
	struct xu_pmi_count *c = p->data;
	struct xu_box *box = &c->box[me];
	unsigned long flags;

	xu_box_lock(box, &flags);
	xu_pair_enter(p);
	xu_ctr_pmi_join(box, 0, true);
	if (atomic_read(&c->sk->pmi_active) < 1)
		c->zero[me]++;
	xu_ctr_pmi_leave(box, 0);
	xu_pair_leave(p);
	xu_box_unlock(box, flags);
}

static void xu_test_pmi_count_concurrent(struct kunit *test)
{
	struct xu_pmi_count *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);
	struct xu_pair p = { .round = xu_pmi_count_round, .rounds = XU_PMI_ROUNDS };
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, c);
	c->sk = kunit_kzalloc(test, sizeof(*c->sk), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, c->sk);
	for (i = 0; i < 2; i++) {
		c->box[i].sk = c->sk;
		raw_spin_lock_init(&c->box[i].lock);
	}
	p.data = c;
	if (!xu_pair_run(test, &p))
		return;
	KUNIT_EXPECT_EQ(test, atomic_read(&c->sk->pmi_active), 0);
	KUNIT_EXPECT_EQ(test, c->zero[0] + c->zero[1], 0U);
	for (i = 0; i < 2; i++)
		KUNIT_EXPECT_EQ(test, c->box[i].pmi_on, BIT(0));
}

/*
 * PERF_EVENT_IOC_PERIOD sets period_left to 0 before restarting with
 * PERF_EF_RELOAD: the new period counts from the restart, no sample is
 * due at once.  An overshoot carries over; a whole period or more does not.
 */
static void xu_test_period_reload(struct kunit *test)
{
	static const s64 cases[][2] = {
		{ 0, 1000 }, { -1, 999 }, { -999, 1 }, { -1000, 1000 },
		{ -5000, 1000 }, { 300, 300 },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		struct hw_perf_event hwc = { .sample_period = 1000 };

		local64_set(&hwc.period_left, cases[i][0]);
		KUNIT_EXPECT_EQ(test, xu_period_reload(&hwc), cases[i][1]);
		KUNIT_EXPECT_EQ(test, xu_periods_due(&hwc), 0);
	}
}

static struct kunit_case xu_core_cases[] = {
	KUNIT_CASE_PARAM(xu_test_wrap, xu_wrap_gen_params),
	KUNIT_CASE(xu_test_wrap_accumulate),
	KUNIT_CASE_PARAM(xu_test_poll, xu_poll_gen_params),
	KUNIT_CASE(xu_test_poll_never_wraps),
	XU_KUNIT_CASE_SLOW(xu_test_assign_brute),
	KUNIT_CASE(xu_test_assign_sticky),
	KUNIT_CASE(xu_test_assign_no_needless_moves),
	KUNIT_CASE(xu_test_assign_too_many),
	KUNIT_CASE(xu_test_format_split),
	KUNIT_CASE(xu_test_type_walk),
	KUNIT_CASE(xu_test_platform_list),
	KUNIT_CASE_PARAM(xu_test_format_roundtrip, xu_type_gen),
	KUNIT_CASE_PARAM(xu_test_config_bits, xu_type_gen),
	KUNIT_CASE_PARAM(xu_test_field_needs, xu_type_gen),
	KUNIT_CASE(xu_test_field_needs_e5),
	KUNIT_CASE(xu_test_needs_resolved),
	KUNIT_CASE(xu_test_pcu_occupancy_edge),
	KUNIT_CASE_PARAM(xu_test_event_aliases, xu_type_gen),
	KUNIT_CASE_PARAM(xu_test_constraints, xu_type_gen),
	KUNIT_CASE_PARAM(xu_test_rates, xu_type_gen),
	KUNIT_CASE(xu_test_rate_answers),
	KUNIT_CASE_PARAM(xu_test_register_layout, xu_type_gen),
	KUNIT_CASE_PARAM(xu_test_overflow_tree, xu_type_gen),
	KUNIT_CASE_PARAM(xu_test_l3_encode, xu_l3_gen_params),
	KUNIT_CASE(xu_test_l3_classes),
	KUNIT_CASE(xu_test_l3_parts),
	KUNIT_CASE(xu_test_l3_wrap),
	KUNIT_CASE(xu_test_shared_arbitration),
	KUNIT_CASE(xu_test_slot_rotation),
	KUNIT_CASE(xu_test_rbox_pairs),
	KUNIT_CASE(xu_test_rbox_xbr_ig),
	XU_KUNIT_CASE_SLOW(xu_test_mbox_fvc),
	KUNIT_CASE(xu_test_mbox_iss_ignored),
	KUNIT_CASE(xu_test_fixed_counter),
	KUNIT_CASE_PARAM(xu_test_encode, xu_encode_gen_params),
	KUNIT_CASE(xu_test_ignored_noted_once),
	KUNIT_CASE(xu_test_unsure_noted_once),
	KUNIT_CASE(xu_test_ignored_in_slice),
	KUNIT_CASE(xu_test_read_halves),
	KUNIT_CASE(xu_test_read_halves_fails),
	KUNIT_CASE(xu_test_read_halves_still),
	KUNIT_CASE(xu_test_fold_rearm_race),
	KUNIT_CASE_PARAM(xu_test_periods_due, xu_due_gen_params),
	KUNIT_CASE(xu_test_period_reload),
	KUNIT_CASE(xu_test_pmi_cores),
	KUNIT_CASE(xu_test_budget_concurrent),
	KUNIT_CASE(xu_test_pmi_count_concurrent),
	{ }
};

static struct kunit_suite xu_core_suite = {
	.name = "xeon_uncore_core",
	.test_cases = xu_core_cases,
};

kunit_test_suites(&xu_core_suite);

MODULE_DESCRIPTION("KUnit tests for xeon_uncore");
MODULE_LICENSE("GPL");
