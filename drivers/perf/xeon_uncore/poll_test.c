// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the interval at which poll.c reads the counters
 * (xu_poll_interval_ns, a pure helper of assign.c): short enough that no
 * counter wraps between two polls.
 */
#include "xeon_uncore_test.h"

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

static struct kunit_case xu_poll_test_cases[] = {
	KUNIT_CASE_PARAM(xu_test_poll, xu_poll_gen_params),
	KUNIT_CASE(xu_test_poll_never_wraps),
	{ }
};

static struct kunit_suite xu_poll_test_suite = {
	.name = "xeon_uncore_poll",
	.test_cases = xu_poll_test_cases,
};

kunit_test_suites(&xu_poll_test_suite);
