// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the Xeon 7100 (Tulsa) and 7400 (Dunnington) L3 EMON
 * register model: register semantics, the GL_CTL commands, the per-part
 * reserved bits, the absent GL_CTL, and event counting checked against a
 * cycle-by-cycle evaluation of each box's stream.  Addresses, bits and
 * matching rules are restated here from the SDM, not taken from sim_l3.c.
 */
#include <kunit/test.h>
#include <linux/bits.h>
#include <linux/err.h>
#include <linux/math64.h>
#include <linux/module.h>

#include "sim.h"
#include "sim_test.h"

#define CTL(n)		(0x107ccU + (n))
#define GL_CTL		0x107d8U

#define CNT		0xffffffffULL
#define SAT		BIT_ULL(59)
#define FSB_ONE		BIT_ULL(58)

#define FREEZE		BIT_ULL(0)
#define UNFREEZE	BIT_ULL(1)
#define RESET		BIT_ULL(2)
#define SEL(m)		((u64)(m) << 16)
#define STATUS(m)	((u64)(m) << 48)

enum { GBSQ, GSNPQ, FSB };

/* First CTL of each unit. */
static const unsigned int unit_ctl[] = { [GBSQ] = 0, [GSNPQ] = 2, [FSB] = 4 };

/* Unit of CTLn. */
static unsigned int ctl_unit(unsigned int n)
{
	return n < 2 ? GBSQ : n < 4 ? GSNPQ : FSB;
}

struct part {
	const char *name;
	const struct sim_platform *plat;
	bool tulsa;
	u8 gbsq_agents;		/* Agent_Select bits naming an agent */
	u8 gsnpq_agents;
};

static const struct part parts[] = {
	{ "tulsa", &sim_tulsa_platform, true, 0x0f, 0x3f },
	{ "dunnington", &sim_dunnington_platform, false, 0x07, 0x27 },
};

static void part_desc(const struct part *p, char *desc)
{
	strscpy(desc, p->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(part, parts, part_desc);

/* Controls from their fields, in the SDM's bit order. */
static u64 gbsq(u8 agent, u8 flow, u8 type, u8 snoop, u8 state, u8 core,
		u8 fill, bool xsnp)
{
	return (u64)agent << 32 | (u64)flow << 36 | (u64)type << 38 |
	       (u64)snoop << 44 | (u64)state << 47 | (u64)core << 54 |
	       (u64)fill << 56 | (u64)xsnp << 58;
}

static u64 gsnpq(u8 agent, u8 type, u8 snoop, u8 state, u8 core, bool block)
{
	return (u64)agent << 32 | (u64)type << 38 | (u64)snoop << 44 |
	       (u64)state << 47 | (u64)core << 54 | (u64)block << 56;
}

static u64 fsb(u32 attrs)
{
	return (u64)attrs << 32 | FSB_ONE;
}

static const struct part *tpart(struct kunit *test)
{
	return test->param_value ?: &parts[0];
}

static u64 gbsq_any(struct kunit *test)
{
	return gbsq(tpart(test)->gbsq_agents, 0x3, 0x3f, 0x7, 0x7f, 0, 0, 0);
}

static u64 gsnpq_any(struct kunit *test)
{
	return gsnpq(tpart(test)->gsnpq_agents, 0x3f, 0x7, 0x7f, 0, 0);
}

/* The current cycle: every access brings its socket there. */
static u64 now(struct kunit *test, unsigned int sock)
{
	rd(test, sock, CTL(0));
	return tsim(test)->sock[sock].cycle;
}

/* Truth of CTLn. */
static u64 truth(struct kunit *test, unsigned int sock, unsigned int ctl)
{
	unsigned int unit = ctl_unit(ctl);

	return sim_truth(tsim(test), sock, unit, 0, ctl - unit_ctl[unit]);
}

static u32 rng_state;

static u32 rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 17;
	rng_state ^= rng_state << 5;
	return rng_state;
}

/* Bit @bit of field @lo.. of @ctl. */
static bool fbit(u64 ctl, unsigned int lo, unsigned int bit)
{
	return (ctl >> (lo + bit)) & 1;
}

/*
 * The SDM's matching rules, applied to one cycle.  GBSQ and GSNPQ: every
 * attribute must match; masks accept the values whose bit is set;
 * Core_Select 00 any, 01/10/11 this/other/both; Fill_Eviction 00 any,
 * 01 any fill, 10 fill without eviction, 11 fill with eviction; bits 58
 * (GBSQ cross-snoop) and 56 (GSNPQ blocked snoop): 1 = only those.  FSB:
 * any selected attribute.
 */
static bool matches(unsigned int unit, u64 ctl, const struct sim_l3_cycle *x)
{
	unsigned int core = (ctl >> 54) & 3, fill = (ctl >> 56) & 3;

	if (unit == FSB)
		return ((ctl >> 32) & GENMASK(25, 0)) & x->fsb;
	if (!x->txn || !fbit(ctl, 32, x->agent) || !fbit(ctl, 38, x->type) ||
	    !fbit(ctl, 44, x->snoop) || !fbit(ctl, 47, x->state) ||
	    (core && core != x->core))
		return false;
	if (unit == GSNPQ)
		return !fbit(ctl, 56, 0) || x->block;
	if (!fbit(ctl, 36, x->flow) || (fbit(ctl, 58, 0) && !x->xsnp))
		return false;
	switch (fill) {
	case 1:
		return x->fill != 0;
	case 2:
		return x->fill == 1;
	case 3:
		return x->fill == 2;
	}
	return true;
}

/* What a counter of @unit programmed with @ctl counts in [c0, c0 + n). */
static u64 brute(struct kunit *test, unsigned int unit, u64 ctl, u64 c0,
		 u64 n)
{
	const struct sim_platform *plat = tsim(test)->plat;
	struct sim_l3_cycle x;
	u64 c, cnt = 0;

	for (c = c0; c < c0 + n; c++) {
		sim_l3_at(plat, plat->types[unit], 0, c, &x);
		cnt += matches(unit, ctl, &x);
	}
	return cnt;
}

/* Program CTLn with @ctl (count 0), let @n cycles pass, check the count. */
static void check_count(struct kunit *test, unsigned int ctl_n, u64 ctl,
			u64 n, const char *what)
{
	unsigned int unit = ctl_unit(ctl_n);
	u64 c0, want, t0 = truth(test, 0, ctl_n);

	wr(test, 0, CTL(ctl_n), ctl);
	c0 = now(test, 0);
	sim_advance(tsim(test), n);
	want = brute(test, unit, ctl, c0, n);
	KUNIT_EXPECT_EQ_MSG(test, rd(test, 0, CTL(ctl_n)), ctl | want,
			    "%s: CTL%u=0x%llx over %llu cycles", what, ctl_n,
			    ctl, n);
	KUNIT_EXPECT_EQ_MSG(test, truth(test, 0, ctl_n) - t0, want, "%s", what);
	wr(test, 0, CTL(ctl_n), 0);
}

static int l3_test_init(struct kunit *test)
{
	struct sim *sim = sim_create(tpart(test)->plat, 2, 2000, 64);

	KUNIT_ASSERT_FALSE(test, IS_ERR(sim));
	sim_set_manual(sim, true);
	test->priv = sim;
	rng_state = 2463534242U;
	return 0;
}

static void l3_test_exit(struct kunit *test)
{
	sim_destroy(test->priv);
}

/* Nine registers, all 0, nothing counting; the gap before GL_CTL is empty. */
static void test_l3_reset(struct kunit *test)
{
	struct sim *sim = tsim(test);
	unsigned int s, n;
	u64 v;

	KUNIT_EXPECT_EQ(test, sim->nmap, 9U);
	for (s = 0; s < 2; s++) {
		for (n = 0; n < 8; n++)
			KUNIT_EXPECT_EQ(test, rd(test, s, CTL(n)), 0ULL);
		KUNIT_EXPECT_EQ(test, rd(test, s, GL_CTL), 0ULL);
	}
	sim_set_worst(sim, true);
	sim_advance(sim, 1000);
	for (n = 0; n < 8; n++) {
		KUNIT_EXPECT_EQ(test, rd(test, 1, CTL(n)), 0ULL);
		KUNIT_EXPECT_EQ(test, truth(test, 1, n), 0ULL);
	}
	KUNIT_EXPECT_EQ(test, sim->nviol, 0ULL);
	for (n = 0; n < 4; n++) {
		KUNIT_EXPECT_EQ(test, acc(test, 0, n & 1, CTL(8 + n), &v), -EIO);
		KUNIT_EXPECT_STREQ(test, last_why(test), "unimplemented register");
	}
	KUNIT_EXPECT_EQ(test, sim->nviol, 4ULL);
	KUNIT_EXPECT_EQ(test, sim->nfaults, 0ULL);
}

/*
 * Counting changes bits 31:0 only: the control half survives counting and
 * wrapping, and a full write presets the count.
 */
static void test_l3_count_low_half(struct kunit *test)
{
	u64 g = gbsq_any(test) | SAT, s = gsnpq_any(test), f = fsb(0x3ffffff);
	u64 c0, want;

	/* real streams, from near the top: some wrap */
	wr(test, 0, CTL(1), gbsq_any(test) | (CNT - 9));
	wr(test, 0, CTL(3), s | (CNT - 9));
	wr(test, 0, CTL(7), f | (CNT - 9));
	c0 = now(test, 0);
	sim_advance(tsim(test), 1000);
	want = brute(test, GBSQ, gbsq_any(test), c0, 1000);
	KUNIT_EXPECT_GE(test, want, 10ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, CTL(1)),
			gbsq_any(test) | ((CNT - 9 + want) & CNT));
	want = brute(test, GSNPQ, s, c0, 1000);
	KUNIT_EXPECT_GE(test, want, 10ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, CTL(3)), s | ((CNT - 9 + want) & CNT));
	want = brute(test, FSB, f, c0, 1000);
	KUNIT_EXPECT_EQ(test, rd(test, 0, CTL(7)), f | ((CNT - 9 + want) & CNT));

	/* one per cycle: exact positions */
	sim_set_worst(tsim(test), true);
	wr(test, 0, CTL(0), g | 0x12345678);
	sim_advance(tsim(test), 0x100);
	KUNIT_EXPECT_EQ(test, rd(test, 0, CTL(0)), g | 0x12345778);
	wr(test, 0, CTL(0), g & ~SAT);
	KUNIT_EXPECT_EQ(test, rd(test, 0, CTL(0)), g & ~SAT);
	wr(test, 0, CTL(2), s | (CNT - 0xff));
	sim_advance(tsim(test), 0x180);
	KUNIT_EXPECT_EQ(test, rd(test, 0, CTL(2)), s | 0x80);
	KUNIT_EXPECT_EQ(test, rd(test, 0, CTL(0)), (g & ~SAT) | 0x180);
	KUNIT_EXPECT_EQ(test, tsim(test)->nviol, 0ULL);
}

/* Without saturate: modulo 2^32, the status bit set on passing the top. */
static void test_l3_wrap_status(struct kunit *test)
{
	struct sim *sim = tsim(test);
	u64 s = gsnpq_any(test);

	sim_set_worst(sim, true);
	wr(test, 0, CTL(3), s | (CNT - 15));
	sim_advance(sim, 15);
	KUNIT_EXPECT_EQ(test, rd(test, 0, CTL(3)), s | CNT);
	KUNIT_EXPECT_EQ(test, rd(test, 0, GL_CTL), 0ULL);
	sim_advance(sim, 1);
	KUNIT_EXPECT_EQ(test, rd(test, 0, CTL(3)), s);
	KUNIT_EXPECT_EQ(test, rd(test, 0, GL_CTL), STATUS(BIT(3)));
	KUNIT_EXPECT_EQ(test, rd(test, 1, GL_CTL), 0ULL);
	/* once more round: the truth does not wrap */
	sim_advance(sim, BIT_ULL(32) + 5);
	KUNIT_EXPECT_EQ(test, rd(test, 0, CTL(3)), s | 5);
	KUNIT_EXPECT_EQ(test, truth(test, 0, 3), BIT_ULL(32) + 21);
	/* status bits ignore writes */
	wr(test, 0, GL_CTL, STATUS(0xff));
	KUNIT_EXPECT_EQ(test, rd(test, 0, GL_CTL), STATUS(BIT(3)));
	wr(test, 0, GL_CTL, 0);
	KUNIT_EXPECT_EQ(test, rd(test, 0, GL_CTL), STATUS(BIT(3)));
	KUNIT_EXPECT_EQ(test, sim->nviol, 0ULL);
}

/* With saturate: the count holds at 0xFFFFFFFF, the truth goes on. */
static void test_l3_saturate(struct kunit *test)
{
	struct sim *sim = tsim(test);
	u64 f = fsb(BIT(0)) | SAT, g = gbsq_any(test) | SAT, c0, want;

	sim_set_worst(sim, true);
	wr(test, 0, CTL(6), f | (CNT - 15));
	sim_advance(sim, 14);
	KUNIT_EXPECT_EQ(test, rd(test, 0, CTL(6)), f | (CNT - 1));
	KUNIT_EXPECT_EQ(test, rd(test, 0, GL_CTL), 0ULL);
	sim_advance(sim, 1);
	KUNIT_EXPECT_EQ(test, rd(test, 0, CTL(6)), f | CNT);
	KUNIT_EXPECT_EQ(test, rd(test, 0, GL_CTL), STATUS(BIT(6)));
	sim_advance(sim, 1000);
	KUNIT_EXPECT_EQ(test, rd(test, 0, CTL(6)), f | CNT);
	KUNIT_EXPECT_EQ(test, truth(test, 0, 6), 1015ULL);
	/* a lone saturate bit selects nothing: no counting */
	wr(test, 0, CTL(1), SAT);
	sim_advance(sim, 1000);
	KUNIT_EXPECT_EQ(test, rd(test, 0, CTL(1)), SAT);
	KUNIT_EXPECT_EQ(test, truth(test, 0, 1), 0ULL);

	/* from a real stream */
	sim_rates_reset(sim);
	wr(test, 0, CTL(0), g | (CNT - 20));
	c0 = now(test, 0);
	sim_advance(sim, 2000);
	want = brute(test, GBSQ, g, c0, 2000);
	KUNIT_EXPECT_GT(test, want, 20ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, CTL(0)), g | CNT);
	KUNIT_EXPECT_EQ(test, truth(test, 0, 0), want);
	KUNIT_EXPECT_EQ(test, rd(test, 0, GL_CTL), STATUS(BIT(0) | BIT(6)));
	KUNIT_EXPECT_EQ(test, sim->nviol, 0ULL);
}

static void program_all(struct kunit *test, unsigned int sock)
{
	unsigned int n;

	for (n = 0; n < 8; n++)
		wr(test, sock, CTL(n), n < 2 ? gbsq_any(test) :
				       n < 4 ? gsnpq_any(test) : fsb(BIT(n)));
}

static u64 count(struct kunit *test, unsigned int sock, unsigned int n)
{
	return rd(test, sock, CTL(n)) & CNT;
}

/* GL_CTL commands act on the selected counters only, and read back 0. */
static void test_l3_gl_commands(struct kunit *test)
{
	struct sim *sim = tsim(test);
	u64 g = gbsq(tpart(test)->gbsq_agents, 1, 1, 1, 1, 0, 0, 0);
	unsigned int n;

	sim_set_worst(sim, true);
	wr(test, 0, GL_CTL, SEL(0x0f) | FREEZE);
	KUNIT_EXPECT_EQ(test, rd(test, 0, GL_CTL), SEL(0x0f));
	program_all(test, 0);
	program_all(test, 1);
	sim_advance(sim, 100);
	for (n = 0; n < 8; n++) {
		KUNIT_EXPECT_EQ(test, count(test, 0, n), n < 4 ? 0ULL : 100ULL);
		KUNIT_EXPECT_EQ(test, count(test, 1, n), 100ULL);
	}
	/* a write to a frozen counter leaves it frozen */
	wr(test, 0, CTL(1), g | 5);
	wr(test, 0, GL_CTL, SEL(0x03) | UNFREEZE);
	KUNIT_EXPECT_EQ(test, rd(test, 0, GL_CTL), SEL(0x03));
	sim_advance(sim, 50);
	KUNIT_EXPECT_EQ(test, rd(test, 0, CTL(1)), g | 55);
	KUNIT_EXPECT_EQ(test, count(test, 0, 0), 50ULL);
	KUNIT_EXPECT_EQ(test, count(test, 0, 2), 0ULL);
	KUNIT_EXPECT_EQ(test, count(test, 0, 3), 0ULL);
	KUNIT_EXPECT_EQ(test, count(test, 0, 4), 150ULL);
	/* a write to a counting counter leaves it counting */
	wr(test, 0, CTL(4), fsb(BIT(4)));
	sim_advance(sim, 1);
	KUNIT_EXPECT_EQ(test, count(test, 0, 4), 1ULL);

	/* reset: counts of CTL5 and CTL7 only; controls and others kept */
	wr(test, 0, CTL(7), fsb(BIT(7)) | (CNT - 9));
	wr(test, 0, CTL(6), fsb(BIT(6)) | (CNT - 9));
	sim_advance(sim, 10);
	KUNIT_EXPECT_EQ(test, rd(test, 0, GL_CTL), SEL(0x03) | STATUS(0xc0));
	wr(test, 0, GL_CTL, SEL(0xa0) | RESET);
	KUNIT_EXPECT_EQ(test, rd(test, 0, GL_CTL), SEL(0xa0) | STATUS(0x40));
	KUNIT_EXPECT_EQ(test, rd(test, 0, CTL(5)), fsb(BIT(5)));
	KUNIT_EXPECT_EQ(test, rd(test, 0, CTL(7)), fsb(BIT(7)));
	KUNIT_EXPECT_EQ(test, rd(test, 0, CTL(6)), fsb(BIT(6)));
	KUNIT_EXPECT_EQ(test, count(test, 0, 4), 11ULL);
	KUNIT_EXPECT_EQ(test, truth(test, 0, 5), 161ULL);
	/* reset of a frozen counter: zeroed, still frozen */
	wr(test, 0, GL_CTL, SEL(0x0c) | RESET);
	wr(test, 0, CTL(2), gsnpq_any(test) | 77);
	wr(test, 0, GL_CTL, SEL(0x04) | RESET);
	KUNIT_EXPECT_EQ(test, rd(test, 0, CTL(2)), gsnpq_any(test));
	sim_advance(sim, 10);
	KUNIT_EXPECT_EQ(test, count(test, 0, 2), 0ULL);
	KUNIT_EXPECT_EQ(test, count(test, 0, 5), 10ULL);
	/* freeze all, unfreeze all */
	wr(test, 0, GL_CTL, SEL(0xff) | FREEZE);
	sim_advance(sim, 10);
	KUNIT_EXPECT_EQ(test, count(test, 0, 5), 10ULL);
	wr(test, 0, GL_CTL, SEL(0xff) | UNFREEZE);
	sim_advance(sim, 10);
	KUNIT_EXPECT_EQ(test, count(test, 0, 5), 20ULL);
	KUNIT_EXPECT_EQ(test, count(test, 0, 2), 10ULL);
	KUNIT_EXPECT_EQ(test, count(test, 1, 2), 191ULL);
	KUNIT_EXPECT_EQ(test, sim->nviol, 0ULL);
}

/* Two commands in one write: a violation, and neither runs. */
static void test_l3_gl_two_commands(struct kunit *test)
{
	static const u64 pairs[] = {
		FREEZE | UNFREEZE, FREEZE | RESET, UNFREEZE | RESET,
		FREEZE | UNFREEZE | RESET,
	};
	struct sim *sim = tsim(test);
	unsigned int i;

	sim_set_worst(sim, true);
	program_all(test, 0);
	wr(test, 0, GL_CTL, SEL(0x01) | FREEZE);
	for (i = 0; i < ARRAY_SIZE(pairs); i++) {
		wr(test, 0, GL_CTL, SEL(0xff) | pairs[i]);
		KUNIT_EXPECT_EQ(test, sim->nviol, i + 1ULL);
		KUNIT_EXPECT_STREQ(test, last_why(test),
				   "more than one GL_CTL command");
		KUNIT_EXPECT_EQ(test, rd(test, 0, GL_CTL), SEL(0xff));
		sim_advance(sim, 10);
	}
	KUNIT_EXPECT_EQ(test, count(test, 0, 0), 0ULL);
	KUNIT_EXPECT_EQ(test, count(test, 0, 1), 40ULL);
	KUNIT_EXPECT_EQ(test, count(test, 0, 7), 40ULL);

	/* GL_CTL reserved bits: reported, dropped; the command still runs */
	wr(test, 0, GL_CTL, BIT_ULL(3) | BIT_ULL(24) | BIT_ULL(47) |
	   BIT_ULL(63) | SEL(0x80) | FREEZE);
	KUNIT_EXPECT_STREQ(test, last_why(test), "reserved bits set");
	KUNIT_EXPECT_EQ(test, last_bits(test), BIT_ULL(3) | BIT_ULL(24) |
			BIT_ULL(47) | BIT_ULL(63));
	KUNIT_EXPECT_EQ(test, rd(test, 0, GL_CTL), SEL(0x80));
	sim_advance(sim, 10);
	KUNIT_EXPECT_EQ(test, count(test, 0, 7), 40ULL);
	KUNIT_EXPECT_EQ(test, count(test, 0, 6), 50ULL);
}

struct rsv_case {
	unsigned int ctl;
	u64 bits;
	bool tulsa_ok, dunnington_ok;
};

static const struct rsv_case rsv_cases[] = {
	{ 0, BIT_ULL(35), true, false },
	{ 1, BIT_ULL(35), true, false },
	{ 2, BIT_ULL(35), true, false },
	{ 3, BIT_ULL(36), true, false },
	{ 2, GENMASK_ULL(36, 35), true, false },
	{ 2, BIT_ULL(57), false, false },
	{ 3, GENMASK_ULL(58, 57), false, false },
	{ 0, BIT_ULL(60), false, false },
	{ 3, BIT_ULL(61), false, false },
	{ 5, BIT_ULL(63), false, false },
	{ 0, GENMASK_ULL(59, 36), true, true },
	{ 1, GENMASK_ULL(34, 32), true, true },
	{ 2, GENMASK_ULL(56, 37) | BIT_ULL(59), true, true },
	{ 3, GENMASK_ULL(34, 32), true, true },
	{ 4, GENMASK_ULL(59, 32), true, true },
	{ 7, GENMASK_ULL(59, 32), true, true },
};

/* Reserved bits per part: reported with the bits, dropped, rest kept. */
static void test_l3_reserved(struct kunit *test)
{
	bool tulsa = tpart(test)->tulsa;
	struct sim *sim = tsim(test);
	unsigned int i;
	u64 nviol = 0;

	for (i = 0; i < ARRAY_SIZE(rsv_cases); i++) {
		const struct rsv_case *c = &rsv_cases[i];
		bool ok = tulsa ? c->tulsa_ok : c->dunnington_ok;
		u64 keep = BIT_ULL(38) | 0x1234;

		wr(test, 0, CTL(c->ctl), c->bits | keep);
		if (!ok)
			nviol++;
		KUNIT_EXPECT_EQ_MSG(test, sim->nviol, nviol, "case %u", i);
		if (!ok) {
			KUNIT_EXPECT_STREQ(test, last_why(test),
					   "reserved bits set");
			KUNIT_EXPECT_EQ_MSG(test, last_bits(test), c->bits,
					    "case %u", i);
		}
		KUNIT_EXPECT_EQ_MSG(test, rd(test, 0, CTL(c->ctl)),
				    (ok ? c->bits : 0) | keep, "case %u", i);
		wr(test, 0, CTL(c->ctl), 0);
	}
	KUNIT_EXPECT_EQ(test, sim->nviol, nviol);
}

/* FSB counters: bit 58 set whenever the control half is not 0. */
static void test_l3_fsb_bit58(struct kunit *test)
{
	struct sim *sim = tsim(test);

	sim_set_worst(sim, true);
	wr(test, 0, CTL(4), BIT_ULL(40) | 3);
	KUNIT_EXPECT_EQ(test, sim->nviol, 1ULL);
	KUNIT_EXPECT_STREQ(test, last_why(test), "FSB bit 58 must be 1");
	KUNIT_EXPECT_EQ(test, rd(test, 0, CTL(4)), BIT_ULL(40) | 3);
	sim_advance(sim, 100);
	KUNIT_EXPECT_EQ(test, rd(test, 0, CTL(4)), BIT_ULL(40) | 3);
	KUNIT_EXPECT_EQ(test, truth(test, 0, 4), 0ULL);
	wr(test, 0, CTL(5), SAT);
	KUNIT_EXPECT_EQ(test, sim->nviol, 2ULL);
	KUNIT_EXPECT_STREQ(test, last_why(test), "FSB bit 58 must be 1");
	/* control 0, with or without a preset count, is fine */
	wr(test, 0, CTL(6), 0x1234);
	wr(test, 0, CTL(6), 0);
	/* a reserved bit is the violation reported */
	wr(test, 0, CTL(7), BIT_ULL(60) | BIT_ULL(40));
	KUNIT_EXPECT_EQ(test, sim->nviol, 3ULL);
	KUNIT_EXPECT_STREQ(test, last_why(test), "reserved bits set");
	/* with bit 58 it counts, even with no attribute (worst case) */
	wr(test, 0, CTL(4), FSB_ONE | BIT_ULL(40));
	wr(test, 0, CTL(7), FSB_ONE);
	KUNIT_EXPECT_EQ(test, sim->nviol, 3ULL);
	sim_advance(sim, 100);
	KUNIT_EXPECT_EQ(test, rd(test, 0, CTL(4)), FSB_ONE | BIT_ULL(40) | 100);
	KUNIT_EXPECT_EQ(test, rd(test, 0, CTL(7)), FSB_ONE | 100);
	/* bit 58 dropped again: stops */
	wr(test, 0, CTL(4), BIT_ULL(40) | 100);
	sim_advance(sim, 100);
	KUNIT_EXPECT_EQ(test, rd(test, 0, CTL(4)), BIT_ULL(40) | 100);
	KUNIT_EXPECT_EQ(test, sim->nviol, 4ULL);
}

/* A row that is absent on the part: -EIO and a fault, not a violation. */
static const u32 absent_base[] = { 0x100 };
static const struct sim_reg absent_regs[] = {
	{ .name = "PRESENT", .offset = 0, .count = 1, .width = 64,
	  .access = SIM_RW },
	{ .name = "ABSENT", .offset = 1, .count = 1, .width = 64,
	  .access = SIM_ABSENT },
};

static const struct sim_box_type absent_box = {
	.name = "abox", .space = SIM_MSR, .nboxes = 1, .base = absent_base,
	.regs = absent_regs, .nregs = ARRAY_SIZE(absent_regs),
};

static const struct sim_box_type *const absent_types[] = { &absent_box };

static u32 absent_pmi(struct sim_socket *s)
{
	return 0;
}

static const struct sim_platform absent_plat = {
	.name = "absent", .types = absent_types, .ntypes = 1,
	.pmi = absent_pmi,
};

static void check_absent(struct kunit *test, struct sim *sim, u32 addr,
			 u32 hole)
{
	u64 v = 0x55;

	KUNIT_EXPECT_EQ(test, sim_access(sim, 0, 3, false, addr, &v), -EIO);
	KUNIT_EXPECT_EQ(test, v, 0ULL);
	v = 0x1;
	KUNIT_EXPECT_EQ(test, sim_access(sim, 1, 4, true, addr, &v), -EIO);
	KUNIT_EXPECT_EQ(test, sim->nfaults, 2ULL);
	KUNIT_EXPECT_EQ(test, sim->nviol, 0ULL);
	KUNIT_EXPECT_EQ(test, sim->seq, 2ULL);
	KUNIT_EXPECT_EQ(test, sim->log[1].addr, addr);
	KUNIT_EXPECT_EQ(test, sim->log[2].addr, addr);
	KUNIT_EXPECT_EQ(test, sim->log[2].write, 1);
	KUNIT_EXPECT_EQ(test, sim->log[2].val, 1ULL);
	/* other unmapped addresses stay violations */
	KUNIT_EXPECT_EQ(test, sim_access(sim, 0, 0, false, hole, &v), -EIO);
	KUNIT_EXPECT_EQ(test, sim->nviol, 1ULL);
	KUNIT_EXPECT_STREQ(test, sim->viol[0].why, "unimplemented register");
	KUNIT_EXPECT_EQ(test, sim->nfaults, 2ULL);
}

static void test_l3_absent(struct kunit *test)
{
	struct sim *sim = sim_create(&absent_plat, 2, 1000, 8);
	u64 v = 7;

	KUNIT_ASSERT_FALSE(test, IS_ERR(sim));
	check_absent(test, sim, 0x101, 0x102);
	KUNIT_EXPECT_EQ(test, sim_access(sim, 0, 0, true, 0x100, &v), 0);
	KUNIT_EXPECT_EQ(test, sim_access(sim, 0, 0, false, 0x100, &v), 0);
	KUNIT_EXPECT_EQ(test, v, 7ULL);
	sim_destroy(sim);

	/* Tulsa without GL_CTL: the counters work, never frozen */
	sim = sim_create(&sim_tulsa_nogl_platform, 2, 1000, 8);
	KUNIT_ASSERT_FALSE(test, IS_ERR(sim));
	sim_set_manual(sim, true);
	check_absent(test, sim, GL_CTL, GL_CTL + 1);
	sim_set_worst(sim, true);
	v = fsb(BIT(0)) | (CNT - 1);
	KUNIT_EXPECT_EQ(test, sim_access(sim, 0, 0, true, CTL(4), &v), 0);
	sim_advance(sim, 10);
	KUNIT_EXPECT_EQ(test, sim_access(sim, 0, 0, false, CTL(4), &v), 0);
	KUNIT_EXPECT_EQ(test, v, fsb(BIT(0)) | 8);
	KUNIT_EXPECT_EQ(test, sim_truth(sim, 0, FSB, 0, 0), 10ULL);
	KUNIT_EXPECT_EQ(test, sim->nviol, 1ULL);
	sim_destroy(sim);

	/* present on both parts by default */
	KUNIT_EXPECT_EQ(test, rd(test, 0, GL_CTL), 0ULL);
	KUNIT_EXPECT_EQ(test, tsim(test)->nfaults, 0ULL);
}

/* Every stream value is one the part can produce. */
static void test_l3_streams(struct kunit *test)
{
	const struct part *p = tpart(test);
	const struct sim_platform *plat = p->plat;
	struct sim_l3_cycle x;
	unsigned int unit, c, txns, ioq_full = 0;
	u32 attrs = 0;

	for (unit = GBSQ; unit <= GSNPQ; unit++) {
		u8 agents = unit == GBSQ ? p->gbsq_agents : p->gsnpq_agents;
		u8 seen = 0;

		for (c = 0, txns = 0; c < 4096; c++) {
			sim_l3_at(plat, plat->types[unit], 0, c, &x);
			if (!x.txn)
				continue;
			txns++;
			seen |= BIT(x.agent);
			KUNIT_EXPECT_LT(test, x.flow, 2);
			KUNIT_EXPECT_LT(test, x.type, 6);
			KUNIT_EXPECT_LT(test, x.snoop, 3);
			KUNIT_EXPECT_LT(test, x.state, 7);
			KUNIT_EXPECT_GE(test, x.core, 1);
			KUNIT_EXPECT_LE(test, x.core, 3);
			KUNIT_EXPECT_LT(test, x.fill, 3);
		}
		KUNIT_EXPECT_EQ(test, seen & ~agents, 0);
		KUNIT_EXPECT_GT(test, txns, 4096U / 4);
		KUNIT_EXPECT_LT(test, txns, 4096U);
	}
	for (c = 0; c < 4096; c++) {
		sim_l3_at(plat, plat->types[FSB], 0, c, &x);
		attrs |= x.fsb;
		KUNIT_EXPECT_EQ(test, x.fsb & ~GENMASK(25, 0), 0U);
		/* IOQ_empty (47) xor IOQ_active (49); IOQ_full (48) is active */
		KUNIT_EXPECT_NE(test, !(x.fsb & BIT(15)), !(x.fsb & BIT(17)));
		if (x.fsb & BIT(16)) {
			KUNIT_EXPECT_TRUE(test, x.fsb & BIT(17));
			ioq_full++;
		}
	}
	KUNIT_EXPECT_EQ(test, attrs, (u32)GENMASK(25, 0));
	KUNIT_EXPECT_GT(test, ioq_full, 0U);
}

/* Counts over N cycles equal the rules applied to every cycle. */
static void test_l3_events(struct kunit *test)
{
	const struct part *p = tpart(test);
	u8 ga = p->gbsq_agents, sa = p->gsnpq_agents;
	const struct {
		unsigned int ctl;
		u64 val;
		const char *what;
	} cases[] = {
		{ 0, gbsq(ga, 3, 0x3f, 7, 0x7f, 0, 0, 0), "gbsq any" },
		{ 1, gbsq(0x01, 3, 0x3f, 7, 0x7f, 0, 0, 0), "gbsq agent 0" },
		{ 0, gbsq(0x04, 3, 0x3f, 7, 0x7f, 0, 0, 0), "gbsq agent 2" },
		{ 0, gbsq(ga, 2, 0x3f, 7, 0x7f, 0, 0, 0), "gbsq prefetch" },
		{ 1, gbsq(ga, 3, 0x05, 4, 0x7f, 0, 0, 0), "gbsq types 0,2 hitm" },
		{ 0, gbsq(ga, 3, 0x3f, 7, 0x41, 0, 0, 0), "gbsq states 0,6" },
		{ 0, gbsq(ga, 3, 0x3f, 7, 0x7f, 1, 0, 0), "gbsq this core" },
		{ 0, gbsq(ga, 3, 0x3f, 7, 0x7f, 2, 0, 0), "gbsq other core" },
		{ 1, gbsq(ga, 3, 0x3f, 7, 0x7f, 3, 0, 0), "gbsq both cores" },
		{ 0, gbsq(ga, 3, 0x3f, 7, 0x7f, 0, 1, 0), "gbsq any fill" },
		{ 0, gbsq(ga, 3, 0x3f, 7, 0x7f, 0, 2, 0), "gbsq fill no evict" },
		{ 1, gbsq(ga, 3, 0x3f, 7, 0x7f, 0, 3, 0), "gbsq fill evict" },
		{ 0, gbsq(ga, 3, 0x3f, 7, 0x7f, 0, 0, 1), "gbsq cross-snoop" },
		{ 1, gbsq(0x03, 1, 0x33, 3, 0x1e, 2, 1, 0) | SAT, "gbsq mix" },
		{ 2, gsnpq(sa, 0x3f, 7, 0x7f, 0, 0), "gsnpq any" },
		{ 3, gsnpq(BIT(5), 0x3f, 7, 0x7f, 0, 0), "gsnpq central" },
		{ 2, gsnpq(0x03, 0x3f, 7, 0x7f, 0, 0), "gsnpq agents 0,1" },
		{ 2, gsnpq(sa, 0x3f, 7, 0x7f, 0, 1), "gsnpq blocked" },
		{ 3, gsnpq(sa, 0x03, 2, 0x70, 3, 0), "gsnpq mix" },
		{ 4, fsb(BIT(0)), "fsb type bit 0" },
		{ 5, fsb(BIT(8)), "fsb L_hitm" },
		{ 6, fsb(BIT(15)), "fsb IOQ_empty" },
		{ 7, fsb(BIT(16) | BIT(25)), "fsb IOQ_full|other_BNR" },
		{ 4, fsb(GENMASK(25, 0)), "fsb all" },
		{ 5, fsb(0x2a5a5a5), "fsb mix" },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++)
		check_count(test, cases[i].ctl, cases[i].val, 1000 + 37 * i,
			    cases[i].what);
	if (p->tulsa)
		check_count(test, 2, gsnpq(BIT(4), 0x3f, 7, 0x7f, 0, 0), 1500,
			    "gsnpq other agents");
	KUNIT_EXPECT_EQ(test, tsim(test)->nviol, 0ULL);
}

/* Masks that select nothing count nothing; broad ones count something. */
static void test_l3_select_nothing(struct kunit *test)
{
	const struct part *p = tpart(test);
	u8 ga = p->gbsq_agents, sa = p->gsnpq_agents;
	const struct {
		unsigned int ctl;
		u64 val;
	} none[] = {
		{ 0, gbsq(0, 3, 0x3f, 7, 0x7f, 0, 0, 0) },
		{ 1, gbsq(ga, 0, 0x3f, 7, 0x7f, 0, 0, 0) },
		{ 0, gbsq(ga, 3, 0, 7, 0x7f, 0, 0, 0) },
		{ 1, gbsq(ga, 3, 0x3f, 0, 0x7f, 0, 0, 0) },
		{ 0, gbsq(ga, 3, 0x3f, 7, 0, 3, 3, 1) },
		{ 2, gsnpq(0, 0x3f, 7, 0x7f, 0, 1) },
		{ 3, gsnpq(sa, 0, 7, 0x7f, 0, 0) },
		{ 2, gsnpq(sa, 0x3f, 0, 0x7f, 0, 0) },
		{ 3, gsnpq(sa, 0x3f, 7, 0, 0, 0) },
		{ 4, FSB_ONE },
		{ 6, FSB_ONE | SAT },
	};
	struct sim *sim = tsim(test);
	unsigned int i;
	u64 c0;

	for (i = 0; i < ARRAY_SIZE(none); i++) {
		wr(test, 0, CTL(none[i].ctl), none[i].val);
		c0 = now(test, 0);
		sim_advance(sim, 3000);
		KUNIT_EXPECT_EQ_MSG(test, rd(test, 0, CTL(none[i].ctl)),
				    none[i].val, "case %u", i);
		KUNIT_EXPECT_EQ(test, brute(test, ctl_unit(none[i].ctl),
					    none[i].val, c0, 3000), 0ULL);
		wr(test, 0, CTL(none[i].ctl), 0);
	}
	KUNIT_EXPECT_EQ(test, sim->nviol, 0ULL);
	wr(test, 0, CTL(0), gbsq_any(test));
	wr(test, 0, CTL(2), gsnpq_any(test));
	wr(test, 0, CTL(4), fsb(BIT(15) | BIT(17)));
	sim_advance(sim, 3000);
	KUNIT_EXPECT_GT(test, count(test, 0, 0), 3000ULL / 4);
	KUNIT_EXPECT_GT(test, count(test, 0, 2), 3000ULL / 4);
	/* the in-order queue is either empty or active */
	KUNIT_EXPECT_EQ(test, count(test, 0, 4), 3000ULL);
}

/* A random control of @unit: every field random. */
static u64 random_ctl(struct kunit *test, unsigned int unit)
{
	const struct part *p = tpart(test);

	switch (unit) {
	case GBSQ:
		return gbsq(rng() & p->gbsq_agents, rng() & 3, rng() & 0x3f,
			    rng() & 7, rng() & 0x7f, rng() & 3, rng() & 3,
			    !(rng() & 3));
	case GSNPQ:
		return gsnpq(rng() & p->gsnpq_agents, rng() & 0x3f, rng() & 7,
			     rng() & 0x7f, rng() & 3, !(rng() & 3));
	}
	return fsb(rng() & (rng() | rng()) & GENMASK(25, 0));
}

/*
 * A control accepting a subset of what @ctl accepts: mask bits cleared
 * (a quarter of them), "any" encodings made specific, "only" bits set.
 */
static u64 narrower(unsigned int unit, u64 ctl)
{
	u64 clear = ((u64)rng() << 32 | rng()) & ((u64)rng() << 32 | rng());
	unsigned int core = (ctl >> 54) & 3, fill = (ctl >> 56) & 3;
	u64 n;

	if (unit == FSB)
		return ctl & ~(clear & GENMASK_ULL(57, 32));
	n = ctl & ~(clear & GENMASK_ULL(53, 32));
	if (!core)
		n |= (u64)(rng() & 3) << 54;
	if (unit == GSNPQ)
		return n | (u64)(rng() & 1) << 56;
	/* 00 any, 01 any fill: 11 (fill with eviction) is within both */
	if (!fill)
		n |= (u64)(rng() & 3) << 56;
	else if (fill == 1)
		n |= (u64)(rng() & 2) << 56;
	return n | (u64)(rng() & 1) << 58;
}

/* A narrower control never counts more; both follow the rules. */
static void test_l3_monotone(struct kunit *test)
{
	struct sim *sim = tsim(test);
	unsigned int i, unit;

	for (i = 0; i < 12; i++) {
		u64 broad[3], narrow[3], c0, n = 500 + rng() % 2000;

		for (unit = GBSQ; unit <= FSB; unit++) {
			unsigned int c = unit_ctl[unit];

			broad[unit] = random_ctl(test, unit);
			narrow[unit] = narrower(unit, broad[unit]);
			wr(test, 0, CTL(c), broad[unit]);
			wr(test, 0, CTL(c + 1), narrow[unit]);
		}
		c0 = now(test, 0);
		sim_advance(sim, n);
		for (unit = GBSQ; unit <= FSB; unit++) {
			unsigned int c = unit_ctl[unit];
			u64 b = count(test, 0, c), nw = count(test, 0, c + 1);

			KUNIT_EXPECT_LE_MSG(test, nw, b, "0x%llx within 0x%llx",
					    narrow[unit], broad[unit]);
			KUNIT_EXPECT_EQ(test, b, brute(test, unit, broad[unit],
						       c0, n));
			KUNIT_EXPECT_EQ(test, nw, brute(test, unit,
							narrow[unit], c0, n));
			wr(test, 0, CTL(c), 0);
			wr(test, 0, CTL(c + 1), 0);
		}
	}
	KUNIT_EXPECT_EQ(test, sim->nviol, 0ULL);
}

/* Worst case: exactly one per cycle for every counter that counts. */
static void test_l3_worst(struct kunit *test)
{
	struct sim *sim = tsim(test);
	u64 g = gbsq(0, 3, 0x3f, 7, 0x7f, 0, 0, 0), c0, want;
	unsigned int n;

	program_all(test, 0);
	wr(test, 0, CTL(1), g);			/* selects nothing */
	wr(test, 0, CTL(5), BIT_ULL(40));	/* no bit 58: counts nothing */
	wr(test, 0, GL_CTL, SEL(BIT(6)) | FREEZE);
	c0 = now(test, 0);
	sim_advance(sim, 700);
	want = brute(test, GBSQ, gbsq_any(test), c0, 700);
	/* switching settles the counts so far */
	sim_set_worst(sim, true);
	sim_advance(sim, 1000);
	KUNIT_EXPECT_EQ(test, count(test, 0, 0), want + 1000);
	KUNIT_EXPECT_EQ(test, count(test, 0, 1), 1000ULL);
	KUNIT_EXPECT_EQ(test, count(test, 0, 5), 0ULL);
	KUNIT_EXPECT_EQ(test, count(test, 0, 6), 0ULL);
	for (n = 0; n < 8; n++)
		KUNIT_EXPECT_EQ(test, count(test, 1, n), 0ULL);
	wr(test, 0, GL_CTL, SEL(0xff) | RESET);
	sim_advance(sim, 1234);
	for (n = 0; n < 8; n++)
		KUNIT_EXPECT_EQ_MSG(test, count(test, 0, n),
				    n == 5 || n == 6 ? 0ULL : 1234ULL,
				    "CTL%u", n);
	/* and back */
	wr(test, 0, GL_CTL, SEL(0xff) | RESET);
	sim_rates_reset(sim);
	c0 = now(test, 0);
	sim_advance(sim, 900);
	KUNIT_EXPECT_EQ(test, count(test, 0, 0),
			brute(test, GBSQ, gbsq_any(test), c0, 900));
	KUNIT_EXPECT_EQ(test, count(test, 0, 1), 0ULL);
	KUNIT_EXPECT_EQ(test, count(test, 0, 7),
			brute(test, FSB, fsb(BIT(7)), c0, 900));
}

/*
 * For test_listed_events (sim_test.c): the SDM names no events for these
 * monitors (REFERENCE.md 8.0), only the control fields an event is made
 * of, which test_l3_events and test_l3_streams check bit by bit.
 */
const struct ref_events sim_ref_l3[] = {
	REF_NONE("tulsa dunnington", "gbsq", "no event codes: GBSQ control fields (SDM)"),
	REF_NONE("tulsa dunnington", "gsnpq", "no event codes: GSNPQ control fields (SDM)"),
	REF_NONE("tulsa dunnington", "fsb", "no event codes: FSB control fields (SDM)"),
	{ }
};

static struct kunit_case l3_test_cases[] = {
	KUNIT_CASE_PARAM(test_l3_reset, part_gen_params),
	KUNIT_CASE_PARAM(test_l3_count_low_half, part_gen_params),
	KUNIT_CASE_PARAM(test_l3_wrap_status, part_gen_params),
	KUNIT_CASE_PARAM(test_l3_saturate, part_gen_params),
	KUNIT_CASE_PARAM(test_l3_gl_commands, part_gen_params),
	KUNIT_CASE_PARAM(test_l3_gl_two_commands, part_gen_params),
	KUNIT_CASE_PARAM(test_l3_reserved, part_gen_params),
	KUNIT_CASE_PARAM(test_l3_fsb_bit58, part_gen_params),
	KUNIT_CASE_PARAM(test_l3_absent, part_gen_params),
	KUNIT_CASE_PARAM(test_l3_streams, part_gen_params),
	KUNIT_CASE_PARAM(test_l3_events, part_gen_params),
	KUNIT_CASE_PARAM(test_l3_select_nothing, part_gen_params),
	KUNIT_CASE_PARAM(test_l3_monotone, part_gen_params),
	KUNIT_CASE_PARAM(test_l3_worst, part_gen_params),
	{}
};

static struct kunit_suite l3_test_suite = {
	.name = "xeon_uncore_sim_l3",
	.init = l3_test_init,
	.exit = l3_test_exit,
	.test_cases = l3_test_cases,
};

kunit_test_suites(&l3_test_suite);
