// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of every platform's tables: the platform list, the sysfs
 * format strings, config validation, fields that act through others,
 * event aliases, constraints and rate codes.
 */
#include "xeon_uncore_test.h"

/* ---- platform tables: formats, validation, constraints -------------- */

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

static struct kunit_case xu_fields_test_cases[] = {
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
	{ }
};

static struct kunit_suite xu_fields_test_suite = {
	.name = "xeon_uncore_fields",
	.test_cases = xu_fields_test_cases,
};

kunit_test_suites(&xu_fields_test_suite);
