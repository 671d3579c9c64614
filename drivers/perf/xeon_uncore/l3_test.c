// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the Xeon 7100/7400 L3 (l3.c): unit classes, encoding,
 * the differences between the parts and the wrap of a combined
 * control/count register.
 */
#include "xeon_uncore_test.h"

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

static struct kunit_case xu_l3_test_cases[] = {
	KUNIT_CASE_PARAM(xu_test_l3_encode, xu_l3_gen_params),
	KUNIT_CASE(xu_test_l3_classes),
	KUNIT_CASE(xu_test_l3_parts),
	KUNIT_CASE(xu_test_l3_wrap),
	{ }
};

static struct kunit_suite xu_l3_test_suite = {
	.name = "xeon_uncore_l3",
	.test_cases = xu_l3_test_cases,
};

kunit_test_suites(&xu_l3_test_suite);
