// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the uncore register model: register semantics of the
 * Xeon 7500 U-box and C-boxes and of the other boxes' status and overflow
 * registers, the event codes the guides list for every part's boxes, and
 * the exactness of event counting.
 * Addresses and bits are restated here from the guide, not taken from the
 * tables under test.
 */
#include <kunit/test.h>
#include <linux/bits.h>
#include <linux/err.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/perf/xeon_uncore_assumed.h>
#include <linux/string.h>

#include "sim.h"
#include "sim_test.h"

#define U_CTL		0xc00
#define U_STATUS	0xc01
#define U_OVF		0xc02
#define U_EVSEL		0xc10
#define U_CTR		0xc11

#define U_EN		BIT_ULL(0)
#define U_CORE_SEL(m)	((u64)(m) << __ffs64(XU_ASSUMED_NHMEX_PMI_CORE_SEL))
#define EN_ALL		BIT_ULL(28)
#define RST_ALL		BIT_ULL(29)
#define FRZ_ALL		XU_ASSUMED_NHMEX_FRZ_ALL
#define ST_PMI		BIT_ULL(30)
#define ST_OV_S0	BIT_ULL(3)
#define ST_OV_S1	BIT_ULL(2)
#define ST_OV_U		XU_ASSUMED_NHMEX_U_ST_OV_U

#define EDGE		BIT_ULL(18)
#define PMI_EN		BIT_ULL(20)
#define EN		BIT_ULL(22)
#define INV		BIT_ULL(23)
#define EVSEL(ev, um, th)	((ev) | (u64)(um) << 8 | (u64)(th) << 24)

#define CTR_MAX		BIT_ULL(48)

static const u32 cbase[] = {
	0xd00, 0xd80, 0xd40, 0xdc0, 0xd20, 0xda0, 0xd60, 0xde0,
};

#define C_CTL(b)	(cbase[b])
#define C_STATUS(b)	(cbase[b] + 1)
#define C_OVF(b)	(cbase[b] + 2)
/* S-box s, B-box b (one a side), the W-box: status, overflow clear */
#define S_STATUS(s)	(0xc41 + 0x80 * (s))
#define S_OVF(s)	(0xc42 + 0x80 * (s))
#define S_SUMMARY(s)	(0xc43 + 0x80 * (s))
#define B_STATUS(b)	(0xc21 + 0x40 * (b))
#define B_OVF(b)	(0xc22 + 0x40 * (b))
#define W_STATUS	0xc81
#define W_OVF		0xc82
#define C_EVSEL(b, n)	(cbase[b] + 0x10 + 2 * (n))
#define C_CTR(b, n)	(cbase[b] + 0x11 + 2 * (n))

enum { UBOX, CBOX };

/* The current cycle: every access brings its socket there. */
static u64 now(struct kunit *test, unsigned int sock)
{
	rd(test, sock, U_CTL);
	return tsim(test)->sock[sock].cycle;
}

static void set_rate(struct kunit *test, const char *type, int box, u16 ev,
		     u8 umask, const u8 *p, unsigned int len)
{
	struct sim_pattern pat = { .len = len };

	memcpy(pat.p, p, len);
	KUNIT_ASSERT_EQ(test, sim_rate_set(tsim(test), type, box, ev, umask,
					   &pat), 0);
}

static const u8 one[] = { 1 };

/* Counter n of C-box b counts evsel, everything above it enabled. */
static void cbox_count(struct kunit *test, unsigned int sock, unsigned int b,
		       unsigned int n, u64 evsel)
{
	wr(test, sock, U_CTL, EN_ALL);
	wr(test, sock, C_CTL(b), rd(test, sock, C_CTL(b)) | BIT_ULL(n));
	wr(test, sock, C_EVSEL(b, n), evsel | EN);
}

static u32 rng_state;

static u32 rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 17;
	rng_state ^= rng_state << 5;
	return rng_state;
}

static void random_pattern(struct sim_pattern *pat, u8 max)
{
	unsigned int i;

	pat->len = 1 + rng() % SIM_PAT_MAX;
	for (i = 0; i < pat->len; i++)
		pat->p[i] = rng() % (max + 1U);
}

/* Reference: the counting rules applied one cycle at a time. */
static bool cond(u8 v, const struct sim_ctr_cfg *cfg)
{
	if (!cfg->thresh)
		return v > 0;
	return cfg->invert ? v < cfg->thresh : v >= cfg->thresh;
}

static u64 brute(const struct sim_pattern *pat, const struct sim_ctr_cfg *cfg,
		 u64 a, u64 b)
{
	u64 c, n = 0;
	u32 i;

	for (c = a; c < b; c++) {
		div_u64_rem(c, pat->len, &i);
		if (cfg->edge)
			n += cond(pat->p[i], cfg) &&
			     !cond(pat->p[(i + pat->len - 1) % pat->len], cfg);
		else if (cfg->thresh)
			n += cond(pat->p[i], cfg);
		else
			n += pat->p[i];
	}
	return n;
}

static int sim_test_init(struct kunit *test)
{
	struct sim *sim = sim_create(&sim_nhmex_platform, 2, 2000, 64);

	KUNIT_ASSERT_FALSE(test, IS_ERR(sim));
	sim_set_manual(sim, true);
	test->priv = sim;
	rng_state = 2463534242U;
	return 0;
}

static void sim_test_exit(struct kunit *test)
{
	sim_destroy(test->priv);
}

/* Every register the guide defines exists and resets to 0. */
static void test_reset_values(struct kunit *test)
{
	struct sim *sim = tsim(test);
	unsigned int i, s, b, n;

	/*
	 * U, 8 C, 2 S (+ match), 2 B (+ match), 2 M (+ match), 2 R halves
	 * (+ 8 ports), W (+ its fixed counter)
	 */
	KUNIT_EXPECT_EQ(test, sim->nmap, 5U + 8 * (3 + 2 * 6) + 2 * (4 + 2 * 4) +
			2 * 3 + 2 * (3 + 2 * 4) + 2 * 2 + 2 * (3 + 8 + 2 * 6) + 2 * 3 +
			2 * (3 + 2 * 8) + 8 * (3 + 2 * 3) + (3 + 2 * 4) + 2);
	for (s = 0; s < 2; s++) {
		for (i = 0; i < sim->nmap; i++) {
			const struct sim_addr *a = &sim->map[i];
			const struct sim_box *bx = &sim->sock[s].box[a->box];

			if (bx->type->regs[a->reg].access == SIM_WO)
				continue;
			KUNIT_EXPECT_EQ_MSG(test, rd(test, s, a->addr), 0ULL,
					    "0x%x", a->addr);
		}
		for (b = 0; b < 8; b++) {
			for (n = 0; n < 6; n++) {
				KUNIT_EXPECT_EQ(test, rd(test, s, C_EVSEL(b, n)), 0ULL);
				KUNIT_EXPECT_EQ(test, rd(test, s, C_CTR(b, n)), 0ULL);
			}
		}
	}
	KUNIT_EXPECT_EQ(test, sim->nviol, 0ULL);
}

/* Bits above the implemented width and "ig" bits vanish silently. */
static void test_width_and_ignored(struct kunit *test)
{
	wr(test, 0, C_CTR(0, 0), ~0ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, C_CTR(0, 0)), CTR_MAX - 1);
	wr(test, 0, U_CTR, 0xabcd000012345678ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, U_CTR), 0x000012345678ULL);
	wr(test, 0, C_CTL(3), 0xffffffff00000000ULL | 0x3f);
	KUNIT_EXPECT_EQ(test, rd(test, 0, C_CTL(3)), 0x3fULL);
	wr(test, 0, C_CTL(3), 0xffffffc0ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, C_CTL(3)), 0ULL);
	wr(test, 0, U_EVSEL, 0xffffffff00000000ULL | EVSEL(0x50, 0xff, 0xff) |
	   EN | INV | EDGE);
	KUNIT_EXPECT_EQ(test, rd(test, 0, U_EVSEL), 0x50 | EN | EDGE);
	wr(test, 0, C_EVSEL(1, 2), BIT_ULL(63) | BIT_ULL(55) | 0x14);
	KUNIT_EXPECT_EQ(test, rd(test, 0, C_EVSEL(1, 2)), 0x14ULL);
	wr(test, 0, U_STATUS, GENMASK_ULL(29, 4));
	KUNIT_EXPECT_EQ(test, rd(test, 0, U_STATUS), 0ULL);
	KUNIT_EXPECT_EQ(test, tsim(test)->nviol, 0ULL);
}

static void test_write_only(struct kunit *test)
{
	struct sim *sim = tsim(test);
	u64 v = 1;

	KUNIT_EXPECT_EQ(test, acc(test, 0, false, U_OVF, &v), -EIO);
	KUNIT_EXPECT_EQ(test, v, 0ULL);
	KUNIT_EXPECT_EQ(test, sim->nviol, 1ULL);
	KUNIT_EXPECT_STREQ(test, last_why(test), "read of write-only register");
	KUNIT_EXPECT_EQ(test, acc(test, 1, false, C_OVF(7), &v), -EIO);
	KUNIT_EXPECT_EQ(test, sim->nviol, 2ULL);
	KUNIT_EXPECT_EQ(test, sim->viol[1].acc.addr, (u32)C_OVF(7));
	KUNIT_EXPECT_EQ(test, sim->viol[1].acc.write, 0);
	KUNIT_EXPECT_EQ(test, sim->viol[1].acc.seq, sim->seq);
}

/* NHM-EX U/C boxes have no read-only register: use a one-row platform. */
static const u32 ro_base[] = { 0x100 };
static const struct sim_reg ro_regs[] = {
	{ .name = "RO", .offset = 0, .count = 1, .width = 32,
	  .access = SIM_RO, .reset = 0x1234 },
};

static const struct sim_box_type ro_box = {
	.name = "rbox", .space = SIM_MSR, .nboxes = 1, .base = ro_base,
	.regs = ro_regs, .nregs = ARRAY_SIZE(ro_regs),
};

static const struct sim_box_type *const ro_types[] = { &ro_box };

static u32 ro_pmi(struct sim_socket *s)
{
	return 0;
}

static const struct sim_platform ro_plat = {
	.name = "ro", .types = ro_types, .ntypes = 1, .pmi = ro_pmi,
};

static void test_read_only(struct kunit *test)
{
	struct sim *sim = sim_create(&ro_plat, 1, 1000, 4);
	u64 v = 0xffff;

	KUNIT_ASSERT_FALSE(test, IS_ERR(sim));
	KUNIT_EXPECT_EQ(test, sim_access(sim, 0, 0, true, 0x100, &v), -EIO);
	KUNIT_EXPECT_EQ(test, sim->nviol, 1ULL);
	KUNIT_EXPECT_STREQ(test, sim->viol[0].why, "write to read-only register");
	KUNIT_EXPECT_EQ(test, sim_access(sim, 0, 0, false, 0x100, &v), 0);
	KUNIT_EXPECT_EQ(test, v, 0x1234ULL);
	KUNIT_EXPECT_EQ(test, sim->nviol, 1ULL);
	sim_destroy(sim);
}

static void test_reserved(struct kunit *test)
{
	struct sim *sim = tsim(test);

	wr(test, 0, C_EVSEL(4, 5), BIT_ULL(61) | BIT_ULL(21) | 0x14 | EN);
	KUNIT_EXPECT_EQ(test, sim->nviol, 1ULL);
	KUNIT_EXPECT_STREQ(test, last_why(test), "reserved bits set");
	KUNIT_EXPECT_EQ(test, sim->viol[0].bits, BIT_ULL(61) | BIT_ULL(21));
	KUNIT_EXPECT_EQ(test, sim->viol[0].acc.val,
			BIT_ULL(61) | BIT_ULL(21) | 0x14 | EN);
	KUNIT_EXPECT_EQ(test, rd(test, 0, C_EVSEL(4, 5)), 0x14 | EN);
	wr(test, 0, C_EVSEL(4, 5), BIT_ULL(40));
	KUNIT_EXPECT_EQ(test, sim->nviol, 2ULL);
	wr(test, 0, U_CTL, BIT_ULL(30) | EN_ALL);
	KUNIT_EXPECT_EQ(test, sim->nviol, 3ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, U_CTL), EN_ALL);
	wr(test, 0, C_STATUS(0), BIT_ULL(6));
	wr(test, 0, C_OVF(0), BIT_ULL(31));
	wr(test, 0, U_OVF, BIT_ULL(4));
	KUNIT_EXPECT_EQ(test, sim->nviol, 6ULL);
	/* pmi_core_sel is taken as 8 bits wide */
	wr(test, 0, U_CTL, U_CORE_SEL(0xff));
	KUNIT_EXPECT_EQ(test, sim->nviol, 6ULL);
}

static void test_unimplemented(struct kunit *test)
{
	struct sim *sim = tsim(test);
	static const u32 holes[] = { 0xc03, 0xc12, 0xd03, 0xd0f, 0xd1c, 0xe03 };
	unsigned int i;
	u64 v = 0;

	for (i = 0; i < ARRAY_SIZE(holes); i++) {
		KUNIT_EXPECT_EQ(test, acc(test, 0, i & 1, holes[i], &v), -EIO);
		KUNIT_EXPECT_STREQ(test, last_why(test), "unimplemented register");
	}
	KUNIT_EXPECT_EQ(test, sim_access(sim, 2, 5, false, U_CTL, &v), -EIO);
	KUNIT_EXPECT_STREQ(test, last_why(test), "socket out of range");
	KUNIT_EXPECT_EQ(test, sim->nviol, (u64)ARRAY_SIZE(holes) + 1);
	KUNIT_EXPECT_EQ(test, sim->seq, sim->nviol);
}

/* Status: set by software (RW), cleared through OVF_CTL, summarised up. */
static void test_status_w1c(struct kunit *test)
{
	wr(test, 0, C_STATUS(2), 0x3f);
	KUNIT_EXPECT_EQ(test, rd(test, 0, U_STATUS), ST_OV_S0);
	wr(test, 0, C_OVF(2), 0x05);
	KUNIT_EXPECT_EQ(test, rd(test, 0, C_STATUS(2)), 0x3aULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, U_STATUS), ST_OV_S0);
	wr(test, 0, C_OVF(2), 0x3a);
	KUNIT_EXPECT_EQ(test, rd(test, 0, C_STATUS(2)), 0ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, U_STATUS), 0ULL);

	wr(test, 0, C_STATUS(6), 0x01);
	KUNIT_EXPECT_EQ(test, rd(test, 0, U_STATUS), ST_OV_S1);
	KUNIT_EXPECT_EQ(test, rd(test, 1, U_STATUS), 0ULL);
	/* the summary clears only from below */
	wr(test, 0, U_OVF, ST_OV_S1);
	KUNIT_EXPECT_EQ(test, rd(test, 0, U_STATUS), ST_OV_S1);
	wr(test, 0, C_OVF(6), 0x01);

	/* ov_w (bit 1) is the W-box's status, not a latch software sets */
	wr(test, 0, U_STATUS, BIT_ULL(31) | ST_PMI | 0x3);
	KUNIT_EXPECT_EQ(test, rd(test, 0, U_STATUS), BIT_ULL(31) | ST_PMI | 0x1);
	wr(test, 0, U_OVF, ST_PMI | ST_OV_U);
	KUNIT_EXPECT_EQ(test, rd(test, 0, U_STATUS), BIT_ULL(31));
	wr(test, 0, W_STATUS, BIT_ULL(31));
	KUNIT_EXPECT_EQ(test, rd(test, 0, U_STATUS), BIT_ULL(31) | 0x2);
	wr(test, 0, W_OVF, BIT_ULL(31));
	KUNIT_EXPECT_EQ(test, rd(test, 0, U_STATUS), BIT_ULL(31));

	/* the S-box SUMMARY: a bit per pair of C-boxes, the S- and B-box */
	wr(test, 0, C_STATUS(5), 0x01);
	KUNIT_EXPECT_EQ(test, rd(test, 0, S_SUMMARY(1)), BIT_ULL(2));
	KUNIT_EXPECT_EQ(test, rd(test, 0, S_SUMMARY(0)), 0ULL);
	wr(test, 0, C_STATUS(6), 0x01);
	wr(test, 0, B_STATUS(1), 0x08);
	wr(test, 0, S_STATUS(1), 0x04);
	KUNIT_EXPECT_EQ(test, rd(test, 0, S_SUMMARY(1)),
			BIT_ULL(18) | BIT_ULL(16) | BIT_ULL(2) | BIT_ULL(0));
	KUNIT_EXPECT_EQ(test, rd(test, 0, U_STATUS), BIT_ULL(31) | ST_OV_S1);
	wr(test, 0, C_OVF(5), 0x01);
	wr(test, 0, C_OVF(6), 0x01);
	wr(test, 0, B_OVF(1), 0x08);
	wr(test, 0, S_OVF(1), 0x04);
	KUNIT_EXPECT_EQ(test, rd(test, 0, S_SUMMARY(1)), 0ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, U_STATUS), BIT_ULL(31));
	KUNIT_EXPECT_EQ(test, tsim(test)->nviol, 0ULL);
}

struct en_case {
	bool ubox;
	bool en_all, frz_all, box_en, local_en;
	const char *desc;
};

static const struct en_case en_cases[] = {
	{ false, 1, 0, 1, 1, "cbox all enabled" },
	{ false, 0, 0, 1, 1, "cbox en_all clear" },
	{ false, 1, 1, 1, 1, "cbox frz_all set" },
	{ false, 1, 0, 0, 1, "cbox ctr_en clear" },
	{ false, 1, 0, 1, 0, "cbox local en clear" },
	{ true, 1, 0, 1, 1, "ubox all enabled" },
	{ true, 0, 0, 1, 1, "ubox en_all clear" },
	{ true, 1, 1, 1, 1, "ubox frz_all set" },
	{ true, 1, 0, 0, 1, "ubox U en clear" },
	{ true, 1, 0, 1, 0, "ubox local en clear" },
};

static void en_case_desc(const struct en_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(en, en_cases, en_case_desc);

static void test_enable_hierarchy(struct kunit *test)
{
	const struct en_case *c = test->param_value;
	struct sim *sim = tsim(test);
	u64 gctl = (c->en_all ? EN_ALL : 0) | (c->frz_all ? FRZ_ALL : 0);
	u64 local = c->local_en ? EN : 0;
	u64 want = (c->en_all && !c->frz_all && c->box_en && c->local_en) ?
		   1000 : 0;

	set_rate(test, "ubox", 0, 0x50, 0, one, 1);
	set_rate(test, "cbox", 2, 0x14, 0x07, one, 1);
	if (c->ubox) {
		wr(test, 0, U_EVSEL, 0x50 | local);
		wr(test, 0, U_CTL, gctl | (c->box_en ? U_EN : 0));
	} else {
		wr(test, 0, C_CTL(2), c->box_en ? BIT_ULL(3) : 0);
		wr(test, 0, C_EVSEL(2, 3), EVSEL(0x14, 0x07, 0) | local);
		wr(test, 0, U_CTL, gctl | U_EN);
	}
	sim_advance(sim, 1000);
	if (c->ubox) {
		KUNIT_EXPECT_EQ(test, rd(test, 0, U_CTR), want);
		KUNIT_EXPECT_EQ(test, sim_truth(sim, 0, UBOX, 0, 0), want);
	} else {
		KUNIT_EXPECT_EQ(test, rd(test, 0, C_CTR(2, 3)), want);
		KUNIT_EXPECT_EQ(test, sim_truth(sim, 0, CBOX, 2, 3), want);
	}
	KUNIT_EXPECT_EQ(test, sim_truth(sim, 1, CBOX, 2, 3), 0ULL);
}

static void test_rst_all(struct kunit *test)
{
	struct sim *sim = tsim(test);

	set_rate(test, "cbox", -1, 0x10, 0, one, 1);
	set_rate(test, "ubox", -1, 0x00, 0, one, 1);
	cbox_count(test, 0, 1, 3, EVSEL(0x10, 0, 0));
	wr(test, 0, U_EVSEL, 0x00 | EN);
	wr(test, 0, U_CTL, EN_ALL | U_EN);
	sim_advance(sim, 500);
	KUNIT_EXPECT_EQ(test, rd(test, 0, C_CTR(1, 3)), 500ULL);
	wr(test, 0, U_CTL, EN_ALL | U_EN | RST_ALL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, U_CTL), EN_ALL | U_EN);
	KUNIT_EXPECT_EQ(test, rd(test, 0, C_CTR(1, 3)), 0ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, U_CTR), 0ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, C_EVSEL(1, 3)), EVSEL(0x10, 0, 0) | EN);
	sim_advance(sim, 10);
	KUNIT_EXPECT_EQ(test, rd(test, 0, C_CTR(1, 3)), 10ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, U_CTR), 10ULL);
	KUNIT_EXPECT_EQ(test, sim_truth(sim, 0, CBOX, 1, 3), 510ULL);
	KUNIT_EXPECT_EQ(test, sim_truth(sim, 0, UBOX, 0, 0), 510ULL);
}

static void test_overflow_status(struct kunit *test)
{
	struct sim *sim = tsim(test);

	set_rate(test, "cbox", 5, 0x10, 0, one, 1);
	cbox_count(test, 0, 5, 4, EVSEL(0x10, 0, 0));
	wr(test, 0, C_CTR(5, 4), CTR_MAX - 10);
	sim_advance(sim, 5);
	KUNIT_EXPECT_EQ(test, rd(test, 0, C_CTR(5, 4)), CTR_MAX - 5);
	KUNIT_EXPECT_EQ(test, rd(test, 0, C_STATUS(5)), 0ULL);
	sim_advance(sim, 20);
	KUNIT_EXPECT_EQ(test, rd(test, 0, C_CTR(5, 4)), 15ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, C_STATUS(5)), BIT_ULL(4));
	KUNIT_EXPECT_EQ(test, rd(test, 0, U_STATUS), ST_OV_S1);
	KUNIT_EXPECT_EQ(test, sim_truth(sim, 0, CBOX, 5, 4), 25ULL);

	set_rate(test, "ubox", 0, 0x51, 0, one, 1);
	wr(test, 0, U_EVSEL, 0x51 | EN);
	wr(test, 0, U_CTL, EN_ALL | U_EN);
	wr(test, 0, U_CTR, CTR_MAX - 1);
	sim_advance(sim, 3);
	KUNIT_EXPECT_EQ(test, rd(test, 0, U_CTR), 2ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, U_STATUS), ST_OV_S1 | ST_OV_U);
	KUNIT_EXPECT_EQ(test, rd(test, 1, U_STATUS), 0ULL);
}

/* A pmi_en counter's wrap sets pmi and stops all counting right there. */
static void test_pmi(struct kunit *test)
{
	struct sim *sim = tsim(test);
	struct sim_socket *s = &sim->sock[0];

	set_rate(test, "cbox", -1, 0x10, 0, one, 1);
	cbox_count(test, 0, 0, 0, EVSEL(0x10, 0, 0) | PMI_EN);
	cbox_count(test, 0, 3, 1, EVSEL(0x10, 0, 0));
	wr(test, 0, C_CTR(0, 0), CTR_MAX - 100);
	wr(test, 0, U_CTL, EN_ALL | U_CORE_SEL(0x5));
	sim_advance(sim, 1000);
	KUNIT_EXPECT_EQ(test, rd(test, 0, C_CTR(0, 0)), 0ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, C_CTR(3, 1)), 100ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, C_STATUS(0)), 1ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, U_STATUS), ST_PMI | ST_OV_S0);
	KUNIT_EXPECT_EQ(test, rd(test, 0, U_CTL), U_CORE_SEL(0x5));
	KUNIT_EXPECT_EQ(test, s->pmi_count, 1ULL);
	KUNIT_EXPECT_EQ(test, s->pmi_pending, 0x5U);
	KUNIT_EXPECT_EQ(test, sim_truth(sim, 0, CBOX, 0, 0), 100ULL);

	/* the guide's restart: clear status, re-preload, set en_all */
	wr(test, 0, C_OVF(0), 1);
	wr(test, 0, U_OVF, ST_PMI);
	wr(test, 0, C_CTR(0, 0), CTR_MAX - 50);
	wr(test, 0, U_CTL, EN_ALL);
	sim_advance(sim, 30);
	KUNIT_EXPECT_EQ(test, rd(test, 0, C_CTR(0, 0)), CTR_MAX - 20);
	KUNIT_EXPECT_EQ(test, rd(test, 0, U_STATUS), 0ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, C_CTR(3, 1)), 130ULL);
	/* no cores selected: status and freeze, but no PMI sent */
	sim_advance(sim, 100);
	KUNIT_EXPECT_EQ(test, rd(test, 0, U_STATUS), ST_PMI | ST_OV_S0);
	KUNIT_EXPECT_EQ(test, rd(test, 0, C_CTR(3, 1)), 150ULL);
	KUNIT_EXPECT_EQ(test, s->pmi_count, 1ULL);
}

/* The freeze lands exactly after the wrapping cycle, for any pattern. */
static void test_pmi_random(struct kunit *test)
{
	struct sim_ctr_cfg cfg = {};
	struct sim_pattern pat;
	unsigned int i;

	for (i = 0; i < 20; i++) {
		u64 c0, room = 1 + rng() % 500, want, k;

		sim_test_exit(test);
		sim_test_init(test);
		rng_state += i;
		random_pattern(&pat, 24);
		pat.p[rng() % pat.len] = 1 + rng() % 24;
		set_rate(test, "cbox", 7, 0x18, 0, pat.p, pat.len);
		cbox_count(test, 0, 7, 5, EVSEL(0x18, 0, 0) | PMI_EN);
		wr(test, 0, C_CTR(7, 5), CTR_MAX - room);
		c0 = now(test, 0);
		for (k = c0, want = 0; want < room; k++)
			want += brute(&pat, &cfg, k, k + 1);
		want -= room;
		sim_advance(tsim(test), 100000);
		KUNIT_EXPECT_EQ(test, rd(test, 0, C_CTR(7, 5)), want);
		KUNIT_EXPECT_EQ(test, sim_truth(tsim(test), 0, CBOX, 7, 5),
				room + want);
		KUNIT_EXPECT_EQ(test, rd(test, 0, U_STATUS), ST_PMI | ST_OV_S1);
	}
}

struct cnt_case {
	u8 thresh;
	bool invert, edge;
	u8 event, max;
};

static const struct cnt_case cnt_cases[] = {
	{ 0, 0, 0, 0x18, 24 }, { 0, 0, 1, 0x18, 24 }, { 0, 1, 0, 0x18, 24 },
	{ 5, 0, 0, 0x18, 24 }, { 5, 1, 0, 0x18, 24 }, { 5, 0, 1, 0x18, 24 },
	{ 5, 1, 1, 0x18, 24 }, { 24, 0, 0, 0x18, 24 }, { 25, 1, 1, 0x18, 24 },
	{ 1, 0, 0, 0x1a, 8 }, { 8, 1, 1, 0x1a, 8 }, { 3, 0, 1, 0x05, 3 },
	{ 0, 0, 0, 0x14, 1 }, { 0, 0, 1, 0x14, 1 }, { 1, 1, 0, 0x14, 1 },
	{ 1, 1, 1, 0x14, 1 }, { 255, 1, 0, 0x14, 1 },
};

static void cnt_case_desc(const struct cnt_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE,
		 "event 0x%02x thresh %u invert %d edge %d", c->event,
		 c->thresh, c->invert, c->edge);
}

KUNIT_ARRAY_PARAM(cnt, cnt_cases, cnt_case_desc);

/* G against counting cycle by cycle, alone and through the registers. */
static void test_threshold_edge(struct kunit *test)
{
	const struct cnt_case *c = test->param_value;
	struct sim_ctr_cfg cfg = {
		.thresh = c->thresh, .invert = c->invert, .edge = c->edge,
	};
	struct sim_pattern pat;
	struct sim_cum cum;
	unsigned int i, j;

	rng_state += c->event * 131 + c->thresh * 7 + c->invert * 2 + c->edge;
	for (i = 0; i < 30; i++) {
		random_pattern(&pat, c->max);
		sim_cum_build(&cum, &pat, &cfg);
		for (j = 0; j < 20; j++) {
			u64 a = rng() % 5000, b = a + rng() % 3000;

			KUNIT_EXPECT_EQ(test, sim_cum_at(&cum, b) -
					sim_cum_at(&cum, a),
					brute(&pat, &cfg, a, b));
		}
	}

	for (i = 0; i < 8; i++) {
		u64 evsel = EVSEL(c->event, 0x01, c->thresh) |
			    (c->invert ? INV : 0) | (c->edge ? EDGE : 0);
		u64 c0, n = rng() % 4000;

		random_pattern(&pat, c->max);
		set_rate(test, "cbox", i, c->event, 0x01, pat.p, pat.len);
		cbox_count(test, 1, i, i % 6, evsel);
		wr(test, 1, C_CTR(i, i % 6), 0);
		c0 = now(test, 1);
		sim_advance(tsim(test), n);
		KUNIT_EXPECT_EQ(test, rd(test, 1, C_CTR(i, i % 6)),
				brute(&pat, &cfg, c0, c0 + n));
		wr(test, 1, C_EVSEL(i, i % 6), 0);
	}
}

/* G stays exact far from the origin and over very long spans. */
static void test_long_spans(struct kunit *test)
{
	struct sim_ctr_cfg cfg = {};
	struct sim_pattern pat;
	struct sim_cum cum;
	unsigned int i;

	for (i = 0; i < 50; i++) {
		u64 a = ((u64)rng() << 20) + rng(), k = ((u64)rng() << 8) + rng();
		u64 b = a + rng() % 1000;

		random_pattern(&pat, 24);
		sim_cum_build(&cum, &pat, &cfg);
		KUNIT_EXPECT_EQ(test,
				sim_cum_at(&cum, a + k * pat.len) - sim_cum_at(&cum, a),
				k * cum.sum);
		KUNIT_EXPECT_EQ(test, sim_cum_at(&cum, b) - sim_cum_at(&cum, a),
				brute(&pat, &cfg, a, b));
	}
}

/*
 * sim_next_pmi() against counting cycle by cycle: the cycle after which the
 * counter has taken room increments, where the model then raises the PMI.
 * A second pmi_en counter and one without pmi_en compete with it.
 */
static void test_next_pmi(struct kunit *test)
{
	const struct cnt_case *c = test->param_value;
	struct sim_ctr_cfg cfg = {
		.thresh = c->thresh, .invert = c->invert, .edge = c->edge,
	};
	u64 evsel = EVSEL(c->event, 0x01, c->thresh) | (c->invert ? INV : 0) |
		    (c->edge ? EDGE : 0) | PMI_EN;
	struct sim_socket *s = &tsim(test)->sock[1];
	struct sim_pattern pat, pat2;
	unsigned int i;

	rng_state += c->event * 17 + c->thresh * 3 + c->invert * 5 + c->edge;
	for (i = 0; i < 6; i++) {
		u64 c0, k, n, want, room = 1 + rng() % 300, room2;

		sim_test_exit(test);
		sim_test_init(test);
		s = &tsim(test)->sock[1];
		rng_state += i;
		random_pattern(&pat, c->max);
		set_rate(test, "cbox", 2, c->event, 0x01, pat.p, pat.len);
		cbox_count(test, 1, 2, 3, evsel);
		wr(test, 1, C_CTR(2, 3), CTR_MAX - room);
		/* overflows sooner, without pmi_en: no PMI */
		set_rate(test, "cbox", 4, 0x14, 0x01, one, 1);
		cbox_count(test, 1, 4, 0, EVSEL(0x14, 0x01, 0));
		wr(test, 1, C_CTR(4, 0), CTR_MAX - 1);
		/* maybe a second pmi_en counter, sooner or later */
		room2 = 1 + rng() % 600;
		if (i & 1) {
			random_pattern(&pat2, 1);
			pat2.p[0] = 1;
			set_rate(test, "cbox", 6, 0x15, 0x01, pat2.p, pat2.len);
			cbox_count(test, 1, 6, 1, EVSEL(0x15, 0x01, 0) | PMI_EN);
			wr(test, 1, C_CTR(6, 1), CTR_MAX - room2);
		}
		wr(test, 1, U_CTL, EN_ALL | U_CORE_SEL(1));
		c0 = now(test, 1);
		want = U64_MAX;
		if (brute(&pat, &cfg, 0, pat.len)) {
			for (k = c0, n = 0; n < room; k++)
				n += brute(&pat, &cfg, k, k + 1);
			want = k;
		}
		if (i & 1) {
			static const struct sim_ctr_cfg plain = {};

			for (k = c0, n = 0; n < room2 && k < want; k++)
				n += brute(&pat2, &plain, k, k + 1);
			if (n >= room2)
				want = k;
		}
		KUNIT_EXPECT_EQ(test, sim_next_pmi(s), want);
		if (want == U64_MAX) {
			sim_advance(tsim(test), 10000);
			KUNIT_EXPECT_EQ(test, s->pmi_count, 0ULL);
			continue;
		}
		sim_advance(tsim(test), want - 1 - c0);
		KUNIT_EXPECT_EQ(test, rd(test, 1, U_STATUS) & ST_PMI, 0ULL);
		KUNIT_EXPECT_EQ(test, s->pmi_count, 0ULL);
		sim_advance(tsim(test), 1);
		KUNIT_EXPECT_EQ(test, rd(test, 1, U_STATUS) & ST_PMI, ST_PMI);
		KUNIT_EXPECT_EQ(test, s->pmi_count, 1ULL);
		/* frozen: nothing more to come */
		KUNIT_EXPECT_EQ(test, sim_next_pmi(s), U64_MAX);
	}
}

/* Every wrap over a long span is counted, pmi_en or not. */
static void test_overflows(struct kunit *test)
{
	static const u8 full[] = { 24 };
	struct sim *sim = tsim(test);
	unsigned int i;

	set_rate(test, "cbox", -1, 0x18, 0, full, 1);
	for (i = 0; i < 4; i++) {
		struct sim_counter *c = &sim_box(&sim->sock[0], CBOX, i)->ctr[1];
		u64 v0 = ((u64)rng() << 16 | rng()) & (CTR_MAX - 1);
		u64 n = BIT_ULL(44 + i) + rng(), t0 = c->truth;
		u64 o0 = c->overflows;

		cbox_count(test, 0, i, 1, EVSEL(0x18, 0, 0));
		wr(test, 0, C_CTR(i, 1), v0);
		sim_advance(sim, n);
		KUNIT_EXPECT_EQ(test, sim_truth(sim, 0, CBOX, i, 1) - t0, 24 * n);
		KUNIT_EXPECT_EQ(test, c->overflows - o0, (v0 + 24 * n) >> 48);
		KUNIT_EXPECT_EQ(test, rd(test, 0, C_CTR(i, 1)),
				(v0 + 24 * n) & (CTR_MAX - 1));
	}
	/* counted one read at a time: the same */
	cbox_count(test, 0, 7, 0, EVSEL(0x18, 0, 0));
	wr(test, 0, C_CTR(7, 0), CTR_MAX - 100);
	for (i = 0; i < 1000; i++) {
		sim_advance(sim, ((u64)rng() << 14) + rng() % 7);
		rd(test, 0, C_CTR(7, 0));
	}
	KUNIT_EXPECT_EQ(test, sim_box(&sim->sock[0], CBOX, 7)->ctr[0].overflows,
			(CTR_MAX - 100 + sim_truth(sim, 0, CBOX, 7, 0)) >> 48);
}

/* The live clock reaches a cycle exactly at the time sim_cycle_ns() gives. */
static void test_cycle_ns(struct kunit *test)
{
	static const unsigned int mhz[] = { 2000, 1333, 1, 100000 };
	unsigned int i, j;

	KUNIT_EXPECT_EQ(test, sim_cycle_ns(tsim(test), 1000), U64_MAX);
	for (i = 0; i < ARRAY_SIZE(mhz); i++) {
		struct sim *sim = sim_create(&sim_nhmex_platform, 1, mhz[i], 0);

		KUNIT_ASSERT_FALSE(test, IS_ERR(sim));
		sim_advance(sim, 12345);
		KUNIT_EXPECT_EQ(test, sim_cycle_ns(sim, 12345), sim->t0);
		KUNIT_EXPECT_EQ(test, sim_cycle_ns(sim, U64_MAX), U64_MAX);
		/* centuries away: beyond ktime */
		KUNIT_EXPECT_EQ(test, sim_cycle_ns(sim, U64_MAX - 1), U64_MAX);
		for (j = 0; j < 200; j++) {
			u64 c = 12346 + ((u64)rng() << (rng() % 21)) + rng() % 7;
			u64 ns = sim_cycle_ns(sim, c);

			KUNIT_EXPECT_GE(test, sim_cycles_at_ns(sim, ns), c);
			KUNIT_EXPECT_LT(test, sim_cycles_at_ns(sim, ns - 1), c);
		}
		sim_destroy(sim);
	}
}

/* Truth goes past 2^48 while the counter wraps; lazy updates are exact. */
static void test_truth_no_wrap(struct kunit *test)
{
	static const u8 full[] = { 24 };
	struct sim *sim = tsim(test);
	u64 n = BIT_ULL(45) + 12345, i;

	set_rate(test, "cbox", -1, 0x18, 0, full, 1);
	cbox_count(test, 0, 4, 2, EVSEL(0x18, 0, 0));
	cbox_count(test, 1, 4, 2, EVSEL(0x18, 0, 0));
	/* socket 1 is looked at often, socket 0 only at the end */
	for (i = 0; i < 8; i++) {
		sim_advance(sim, n / 8);
		rd(test, 1, C_CTR(4, 2));
	}
	sim_advance(sim, n % 8);
	KUNIT_EXPECT_EQ(test, sim_truth(sim, 0, CBOX, 4, 2), 24 * n);
	KUNIT_EXPECT_EQ(test, sim_truth(sim, 1, CBOX, 4, 2), 24 * n);
	KUNIT_EXPECT_EQ(test, rd(test, 0, C_CTR(4, 2)), (24 * n) & (CTR_MAX - 1));
	KUNIT_EXPECT_EQ(test, rd(test, 1, C_CTR(4, 2)), (24 * n) & (CTR_MAX - 1));
	KUNIT_EXPECT_EQ(test, rd(test, 0, C_STATUS(4)), BIT_ULL(2));
	/* writing the counter leaves the truth alone */
	wr(test, 0, C_CTR(4, 2), 7);
	KUNIT_EXPECT_EQ(test, sim_truth(sim, 0, CBOX, 4, 2), 24 * n);
}

static void test_sockets_independent(struct kunit *test)
{
	struct sim *sim = tsim(test);

	cbox_count(test, 0, 6, 0, EVSEL(0x14, 0x07, 0));
	KUNIT_EXPECT_EQ(test, rd(test, 1, C_EVSEL(6, 0)), 0ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 1, U_CTL), 0ULL);
	sim_advance(sim, 10000);
	KUNIT_EXPECT_GT(test, rd(test, 0, C_CTR(6, 0)), 0ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 1, C_CTR(6, 0)), 0ULL);
	/* an unknown event counts nothing */
	wr(test, 0, C_CTR(6, 1), 0);
	cbox_count(test, 0, 6, 1, EVSEL(0x09, 0x01, 0));
	sim_advance(sim, 10000);
	KUNIT_EXPECT_EQ(test, rd(test, 0, C_CTR(6, 1)), 0ULL);
}

/*
 * Events the guide gives sub-events, restated: the C-box codes whose umask
 * table our copy shows, each table beginning "b00000000: nothing will be
 * counted", and the S-box codes whose sub-events it names (the HOM queue
 * and HOM packets: R-box and/or B-box; TO_RING_MSGQ_OCCUPANCY: the message
 * class; the egress events: the ring FIFOs).
 */
struct subev_case {
	u16 event;
	const char *name;
};

static const struct subev_case cbox_subev_cases[] = {
	{ 0x01, "BOUNCES_P2C_AD" }, { 0x02, "BOUNCES_C2P_AK" },
	{ 0x05, "SINKS_P2C" }, { 0x07, "SINKS_S2C" }, { 0x0a, "ARB_WINS" },
	{ 0x0b, "STARVED_EGRESS" }, { 0x0c, "EGRESS_BYPASS_WINS" },
	{ 0x11, "MAF_NACK1" }, { 0x12, "MAF_NACK2" }, { 0x14, "LLC_MISSES" },
	{ 0x15, "LLC_HITS" }, { 0x16, "LLC_S_FILLS" }, { 0x17, "LLC_VICTIMS" },
	{ 0x28, "SNP_HITS" },
};

static const struct subev_case sbox_subev_cases[] = {
	{ 0x03, "TO_R_B_HOM_MSGQ_CYCLES_FULL" },
	{ 0x06, "TO_R_B_HOM_MSGQ_CYCLES_NE" },
	{ 0x07, "TO_R_B_HOM_MSGQ_OCCUPANCY" },
	{ 0x26, "TO_RING_MSGQ_OCCUPANCY" }, { 0x40, "EGRESS_BYPASS" },
	{ 0x41, "EGRESS_ARB_WINS" }, { 0x42, "EGRESS_ARB_LOSSES" },
	{ 0x43, "EGRESS_STARVED" }, { 0x60, "PKTS_SENT_HOM" },
	{ 0x0e, "TO_R_DRS_MSGQ_CYCLES_FULL" }, { 0x0f, "TO_R_DRS_MSGQ_CYCLES_NE" },
	{ 0x10, "TO_R_DRS_MSGQ_OCCUPANCY" }, { 0x11, "TO_R_NCB_MSGQ_CYCLES_FULL" },
	{ 0x12, "TO_R_NCB_MSGQ_CYCLES_NE" }, { 0x13, "TO_R_NCB_MSGQ_OCCUPANCY" },
	{ 0x14, "TO_R_NCS_MSGQ_CYCLES_FULL" }, { 0x15, "TO_R_NCS_MSGQ_CYCLES_NE" },
	{ 0x16, "TO_R_NCS_MSGQ_OCCUPANCY" },
};

/* the W-box's per-core events: "the selected core" */
static const struct subev_case wbox_subev_cases[] = {
	{ 0x00, "C_THROTTLE_TMP" }, { 0x01, "C_C0_THROTTLE_DIE" },
	{ 0x03, "C_C0_THROTTLE_PROCHOT" }, { 0x04, "C_CYCLES_TURBO" },
};

static void subev_case_desc(const struct subev_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "0x%02x %s", c->event, c->name);
}

KUNIT_ARRAY_PARAM(cbox_subev, cbox_subev_cases, subev_case_desc);
KUNIT_ARRAY_PARAM(sbox_subev, sbox_subev_cases, subev_case_desc);
KUNIT_ARRAY_PARAM(wbox_subev, wbox_subev_cases, subev_case_desc);

/*
 * A box's counter n (its GLOBAL_CTL, EVT_SEL and CTR at @ctl, @evsel,
 * @ctr) programmed with @event: umask 0 counts nothing, and is no
 * violation (the guide defines it); a sub-event selected counts.
 */
static void subev_count(struct kunit *test, u32 ctl, u32 evsel, u32 ctr,
			unsigned int n, u16 event)
{
	struct sim *sim = tsim(test);

	wr(test, 0, U_CTL, EN_ALL);
	wr(test, 0, ctl, BIT_ULL(n));
	wr(test, 0, evsel, EVSEL(event, 0, 0) | EN);
	sim_advance(sim, 10000);
	KUNIT_EXPECT_EQ_MSG(test, rd(test, 0, ctr), 0ULL, "umask 0 counted");
	KUNIT_EXPECT_EQ(test, sim->nviol, 0ULL);
	wr(test, 0, evsel, EVSEL(event, 0x01, 0) | EN);
	sim_advance(sim, 10000);
	KUNIT_EXPECT_GT_MSG(test, rd(test, 0, ctr), 0ULL, "umask 0x01 counted nothing");
}

/* "b00000000: nothing will be counted" (C-box umask tables) */
static void test_cbox_no_subevent(struct kunit *test)
{
	const struct subev_case *c = test->param_value;

	subev_count(test, C_CTL(3), C_EVSEL(3, 2), C_CTR(3, 2), 2, c->event);
}

/* S-box 1, counter 3: 0xcc0 its GLOBAL_CTL, 0xcd6/0xcd7 the pair */
static void test_sbox_no_subevent(struct kunit *test)
{
	const struct subev_case *c = test->param_value;

	subev_count(test, 0xcc0, 0xcd6, 0xcd7, 3, c->event);
}

/* The W-box, counter 1: 0xc80 its GLOBAL_CTL, 0xc92/0xc93 the pair */
static void test_wbox_no_subevent(struct kunit *test)
{
	const struct subev_case *c = test->param_value;

	subev_count(test, 0xc80, 0xc92, 0xc93, 1, c->event);
}

/*
 * FVC response 6: "nothing will be counted" (the FVC event table) and
 * reserved (the register's encodings, Table 2-82): counts nothing, and
 * writing it with a slot on the B-box responses is a violation.  M-box 0: GLOBAL_CTL 0xca0,
 * ZDP_CTL_FVC 0xcab, CNT_CTL/CNT k at 0xcb0/0xcb1 + 2k (en bit 0,
 * inc_sel 13:9, FVC_EV0-3 0xd-0x10).  Slot k's 3-bit selector at
 * @slot0 + 3k (6: B-box responses, 5: B-box commands), the response
 * field 3 bits at @resp.
 */
static u64 fvc_acc(struct kunit *test, struct sim *sim, u32 msr, bool write,
		   u64 val)
{
	KUNIT_EXPECT_EQ(test, sim_access(sim, 0, 0, write, msr, &val), 0);
	return val;
}

static void fvc_rsp_check(struct kunit *test, const struct sim_platform *plat,
			  unsigned int slot0, unsigned int resp)
{
	struct sim *sim = sim_create(plat, 1, 2000, 64);
	u64 zdp = 6ULL << slot0 | 5ULL << (slot0 + 3);
	unsigned int k;

	KUNIT_ASSERT_FALSE(test, IS_ERR(sim));
	sim_set_manual(sim, true);
	fvc_acc(test, sim, U_CTL, true, EN_ALL);
	fvc_acc(test, sim, 0xcab, true, zdp | 6ULL << resp);
	fvc_acc(test, sim, 0xca0, true, 0x3);
	for (k = 0; k < 2; k++)
		fvc_acc(test, sim, 0xcb0 + 2 * k, true,
			BIT_ULL(0) | (0x0dULL + k) << 9);
	sim_advance(sim, 10000);
	KUNIT_EXPECT_EQ_MSG(test, fvc_acc(test, sim, 0xcb1, false, 0), 0ULL,
			    "%s: B-box responses, response 6", plat->name);
	KUNIT_EXPECT_GT_MSG(test, fvc_acc(test, sim, 0xcb3, false, 0), 0ULL,
			    "%s: B-box commands", plat->name);
	/* reserved in Table 2-82: a violation */
	KUNIT_EXPECT_EQ(test, sim->nviol, 1ULL);
	KUNIT_EXPECT_STREQ(test, sim->nviol ? sim->viol[0].why : "",
			   "ZDP_CTL_FVC: B-box response 6 is reserved (Table 2-82)");
	/* response 6 with no slot on the B-box responses: no violation */
	fvc_acc(test, sim, 0xcab, true, 5ULL << slot0 | 6ULL << resp);
	KUNIT_EXPECT_EQ(test, sim->nviol, 1ULL);
	/* response 5 (sparing ack) counts */
	fvc_acc(test, sim, 0xcab, true, zdp | 5ULL << resp);
	sim_advance(sim, 10000);
	KUNIT_EXPECT_GT_MSG(test, fvc_acc(test, sim, 0xcb1, false, 0), 0ULL,
			    "%s: B-box responses, response 5", plat->name);
	sim_destroy(sim);
}

static void test_fvc_response_6(struct kunit *test)
{
	fvc_rsp_check(test, &sim_nhmex_platform, 11, 8);
	fvc_rsp_check(test, &sim_wsmex_platform, 12, 9);
}

static void test_default_patterns(struct kunit *test)
{
	const struct sim_platform *plat = &sim_nhmex_platform;
	struct sim_pattern a, b;
	unsigned int t, e, box, um, i, sum;

	for (t = 0; t < plat->ntypes; t++) {
		const struct sim_box_type *bt = plat->types[t];

		for (e = 0; e < bt->nevents; e++) {
			const struct sim_event *ev = &bt->events[e];

			for (box = 0; box < bt->nboxes; box++) {
				for (um = 0; um < 256; um += 37) {
					sim_pattern_default(&a, bt->name, box,
							    ev->code, um, 0,
							    ev->max_inc);
					sim_pattern_default(&b, bt->name, box,
							    ev->code, um, 0,
							    ev->max_inc);
					KUNIT_EXPECT_EQ(test, memcmp(&a, &b, 1 + a.len), 0);
					KUNIT_EXPECT_GE(test, a.len, 4);
					KUNIT_EXPECT_LE(test, a.len, 16);
					for (i = 0, sum = 0; i < a.len; i++) {
						KUNIT_EXPECT_LE(test, a.p[i], ev->max_inc);
						sum += a.p[i];
					}
					KUNIT_EXPECT_GT(test, sum, 0U);
				}
			}
		}
	}
}

static void test_rate_checks(struct kunit *test)
{
	struct sim *sim = tsim(test);
	struct sim_pattern pat = { .len = 2, .p = { 8, 9 } };

	KUNIT_EXPECT_EQ(test, sim_rate_set(sim, "cbox", 0, 0x1a, 0, &pat), -EINVAL);
	pat.p[1] = 8;
	KUNIT_EXPECT_EQ(test, sim_rate_set(sim, "cbox", 0, 0x1a, 0, &pat), 0);
	KUNIT_EXPECT_EQ(test, sim_rate_set(sim, "cbox", 8, 0x1a, 0, &pat), -EINVAL);
	KUNIT_EXPECT_EQ(test, sim_rate_set(sim, "cbox", 0, 0x09, 0, &pat), -EINVAL);
	KUNIT_EXPECT_EQ(test, sim_rate_set(sim, "sbox", 0, 0x1a, 0, &pat), -EINVAL);
	pat.len = 0;
	KUNIT_EXPECT_EQ(test, sim_rate_set(sim, "cbox", 0, 0x1a, 0, &pat), -EINVAL);
	pat.len = SIM_PAT_MAX + 1;
	KUNIT_EXPECT_EQ(test, sim_rate_set(sim, "cbox", 0, 0x1a, 0, &pat), -EINVAL);
	KUNIT_EXPECT_EQ(test, sim->nrates, 1U);
	sim_rates_reset(sim);
	KUNIT_EXPECT_EQ(test, sim->nrates, 0U);
}

/*
 * Worst-case rate: the event's maximum in every cycle (1 where a threshold
 * or edge detection counts a condition), overrides notwithstanding;
 * switching settles the counts first, and "reset" switches it off.
 */
static void test_worst_rate(struct kunit *test)
{
	static const u64 evsel[] = {
		EVSEL(0x18, 0, 0), EVSEL(0x18, 0, 5), EVSEL(0x1a, 0, 0) | EDGE,
		EVSEL(0x09, 0, 0), EVSEL(0x14, 0x07, 0), EVSEL(0x05, 0x03, 1) | INV,
	};
	static const u64 inc[] = { 24, 1, 1, 0, 1, 1 };
	struct sim *sim = tsim(test);
	u64 before[ARRAY_SIZE(evsel)], u;
	unsigned int n;

	set_rate(test, "cbox", -1, 0x18, 0, one, 1);
	for (n = 0; n < ARRAY_SIZE(evsel); n++)
		cbox_count(test, 0, 3, n, evsel[n]);
	wr(test, 0, U_EVSEL, 0x50 | EN);
	wr(test, 0, U_CTL, EN_ALL | U_EN);
	sim_advance(sim, 100);
	KUNIT_EXPECT_EQ(test, rd(test, 0, C_CTR(3, 0)), 100ULL);
	for (n = 0; n < ARRAY_SIZE(evsel); n++)
		before[n] = rd(test, 0, C_CTR(3, n));
	u = rd(test, 0, U_CTR);
	sim_set_worst(sim, true);
	sim_advance(sim, 1000);
	for (n = 0; n < ARRAY_SIZE(evsel); n++)
		KUNIT_EXPECT_EQ_MSG(test, rd(test, 0, C_CTR(3, n)) - before[n],
				    1000 * inc[n], "counter %u", n);
	KUNIT_EXPECT_EQ(test, rd(test, 0, U_CTR) - u, 1000ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 1, C_CTR(3, 0)), 0ULL);
	KUNIT_EXPECT_EQ(test, sim_truth(sim, 0, CBOX, 3, 0), 24100ULL);

	sim_rates_reset(sim);
	KUNIT_EXPECT_FALSE(test, sim->worst);
	set_rate(test, "cbox", -1, 0x18, 0, one, 1);
	sim_advance(sim, 10);
	KUNIT_EXPECT_EQ(test, rd(test, 0, C_CTR(3, 0)), 24110ULL);
}

static void test_log_ring(struct kunit *test)
{
	struct sim *sim = tsim(test);
	unsigned int i;

	for (i = 0; i < 100; i++)
		rd(test, 0, U_CTL);
	KUNIT_EXPECT_EQ(test, sim->seq, 100ULL);
	KUNIT_EXPECT_EQ(test, sim->log_dropped, 100ULL - 64);
	KUNIT_EXPECT_EQ(test, sim->log_first, 100ULL - 64 + 1);
	KUNIT_EXPECT_EQ(test, sim->log[100 % 64].seq, 100ULL);
}

/* Every part of the one list (../platforms.h) is modelled under its name. */
static void test_platform_list(struct kunit *test)
{
	const struct sim_platform_row *row;
	unsigned int n = 0;

	for (row = sim_platform_rows; row->name; row++, n++) {
		KUNIT_EXPECT_STREQ(test, row->plat->name, row->name);
		KUNIT_EXPECT_GT(test, row->plat->ntypes, 0U);
	}
	KUNIT_EXPECT_GE(test, n, 5U);
	KUNIT_EXPECT_PTR_EQ(test, sim_tulsa_platform.no_gl_ctl, &sim_tulsa_nogl_platform);
}

/* ---- Every event code the manuals list counts ------------------------- */

/*
 * The Xeon 7500 and E7 (REFERENCE.md 8.1), by box type.  Not listed: the
 * U-box's RECOV, CORRECTED_ERR and FATAL_ERR, whose only codes (0x1DF,
 * 0x1E4, 0x1E6, [LIKWID]) do not fit the 8-bit ev_sel, and UNCORRECTED_ERR,
 * which has no code; the C-box's ARB_LOSSES, listed at ARB_WINS' 0x0A
 * (presumably 0x09, which no source confirms); the M-box's set_flag_sel
 * 0x2, which the guide leaves unnamed.
 */
static const u16 nhmex_ubox[] = {
	0x00, 0x01, 0x02, 0x03, 0x04, 0x50, 0x51, 0xf8, 0xf9,
};

static const u16 nhmex_cbox[] = {
	0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08,
	0x0a, 0x0b, 0x0c, 0x0e, 0x10, 0x11, 0x12, 0x14,
	0x15, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1c,
	0x1d, 0x1e, 0x1f, 0x20, 0x21, 0x22, 0x23, 0x27,
	0x28,
};

static const u16 nhmex_sbox[] = {
	0x00, 0x03, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b,
	0x0c, 0x0d, 0x0e, 0x0f, 0x10, 0x11, 0x12, 0x13,
	0x14, 0x15, 0x16, 0x20, 0x21, 0x22, 0x23, 0x24,
	0x26, 0x27, 0x28, 0x29, 0x2a, 0x2b, 0x2c, 0x2d,
	0x2e, 0x2f, 0x30, 0x31, 0x40, 0x41, 0x42, 0x43,
	0x50, 0x51, 0x52, 0x53, 0x54, 0x60, 0x62, 0x63,
	0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0x6a, 0x6b,
	0x6c, 0x70, 0x71, 0x72, 0x73, 0x74, 0x75, 0x76,
	0x77, 0x80, 0x81, 0x82, 0x83, 0x84, 0x85, 0x86,
	0x87, 0x88, 0x89, 0x8a,
};

/* each counter its own list */
static const u16 nhmex_bbox[] = {
	REF_CTR(0, 0x01), REF_CTR(0, 0x02), REF_CTR(0, 0x03), REF_CTR(0, 0x04),
	REF_CTR(0, 0x05), REF_CTR(0, 0x06), REF_CTR(0, 0x07), REF_CTR(0, 0x09),
	REF_CTR(0, 0x0b), REF_CTR(0, 0x0d), REF_CTR(0, 0x0f), REF_CTR(0, 0x12),
	REF_CTR(0, 0x17), REF_CTR(0, 0x1c),
	REF_CTR(1, 0x01), REF_CTR(1, 0x02), REF_CTR(1, 0x03), REF_CTR(1, 0x04),
	REF_CTR(1, 0x05), REF_CTR(1, 0x06), REF_CTR(1, 0x07), REF_CTR(1, 0x09),
	REF_CTR(1, 0x0a), REF_CTR(1, 0x0b), REF_CTR(1, 0x0c), REF_CTR(1, 0x0d),
	REF_CTR(1, 0x0e), REF_CTR(1, 0x0f), REF_CTR(1, 0x10), REF_CTR(1, 0x12),
	REF_CTR(1, 0x17), REF_CTR(1, 0x1c), REF_CTR(1, 0x1d), REF_CTR(1, 0x1f),
	REF_CTR(2, 0x01), REF_CTR(2, 0x02), REF_CTR(2, 0x03), REF_CTR(2, 0x04),
	REF_CTR(2, 0x07),
	REF_CTR(3, 0x02), REF_CTR(3, 0x06), REF_CTR(3, 0x0e), REF_CTR(3, 0x0f),
	REF_CTR(3, 0x12), REF_CTR(3, 0x13), REF_CTR(3, 0x14), REF_CTR(3, 0x15),
	REF_CTR(3, 0x16), REF_CTR(3, 0x17), REF_CTR(3, 0x19),
};

/* inc_sel 0x00-0x1d (FVC_EV0-3 at 0x0d-0x10), then set_flag_sel */
static const u16 nhmex_mbox[] = {
	0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
	0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
	0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17,
	0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d,
	REF_FLAG | 0x0, REF_FLAG | 0x1, REF_FLAG | 0x3, REF_FLAG | 0x4,
	REF_FLAG | 0x5, REF_FLAG | 0x6,
};

/*
 * ev_sel = 6 x (port mod 4) + the sub-register holding the event
 * (REFERENCE.md 3.13): IPERF_CFG0/1, QLX_CFG's two bytes, XBAR sets 1/2.
 */
static const u16 nhmex_rbox[] = {
	0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
	0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
	0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17,
};

/* umask: the cores, all of them */
static const u16 nhmex_wbox[] = {
	0x00, 0x01, 0x02, 0x03, 0x04, 0x07, 0x08,
};

const struct ref_events sim_ref_nhmex[] = {
	{ "nhmex wsmex", "ubox", REF_STD, 0, nhmex_ubox, ARRAY_SIZE(nhmex_ubox) },
	{ "nhmex wsmex", "cbox", REF_STD, 0x01, nhmex_cbox, ARRAY_SIZE(nhmex_cbox) },
	{ "nhmex wsmex", "sbox", REF_STD, 0x01, nhmex_sbox, ARRAY_SIZE(nhmex_sbox) },
	{ "nhmex wsmex", "bbox", REF_BBOX, 0, nhmex_bbox, ARRAY_SIZE(nhmex_bbox) },
	{ "nhmex wsmex", "mbox", REF_MBOX, 0, nhmex_mbox, ARRAY_SIZE(nhmex_mbox) },
	{ "nhmex wsmex", "rbox", REF_RBOX, 0, nhmex_rbox, ARRAY_SIZE(nhmex_rbox) },
	{ "nhmex wsmex", "wbox", REF_STD, 0xff, nhmex_wbox, ARRAY_SIZE(nhmex_wbox) },
	REF_NONE("nhmex wsmex", "wfix", "fixed counter: uncore clocks"),
	{ }
};

static const struct ref_events *const ref_lists[] = {
	sim_ref_l3, sim_ref_nhmex, sim_ref_snbep,
};

/* Is @part one of the space-separated names of @parts? */
static bool ref_has_part(const char *parts, const char *part)
{
	size_t len = strlen(part);
	const char *p;

	for (p = strstr(parts, part); p; p = strstr(p + len, part))
		if ((p == parts || p[-1] == ' ') && (!p[len] || p[len] == ' '))
			return true;
	return false;
}

static const struct ref_events *ref_find(const char *part, const char *type)
{
	const struct ref_events *r;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(ref_lists); i++)
		for (r = ref_lists[i]; r->type; r++)
			if (!strcmp(r->type, type) && ref_has_part(r->parts, part))
				return r;
	return NULL;
}

/* The control value that selects @code, and the counter it must be on. */
static u64 ref_ctl(const struct ref_events *r, u16 code, unsigned int *n)
{
	switch (r->enc) {
	case REF_BBOX:
		*n = code >> 8;
		return BIT_ULL(0) | (u64)(code & 0x1f) << 1;
	case REF_MBOX:
		if (code & REF_FLAG)
			return BIT_ULL(0) | BIT_ULL(7) | (u64)(code & 0x7) << 19;
		return BIT_ULL(0) | (u64)code << 9;
	case REF_RBOX:
		return BIT_ULL(0) | (u64)code << 1;
	}
	return (code & 0xff) | (u64)r->umask << 8 |
	       (code & 0x100 ? BIT_ULL(21) : 0) | EN;
}

/* R-box sub-registers (REFERENCE.md 3.13): an event in each of them */
#define R_IPERF0(p)		(0xe04 + (p))
#define R_IPERF1(p)		(0xe24 + (p))
#define R_FLITS_SENT		BIT_ULL(31)
#define R_GLOBAL_ARB_BID	0x0202ULL	/* sel 0x2 in both bytes */

static u32 r_qlx(unsigned int p)
{
	return p < 4 ? 0xe0c + p : 0xe2c + p - 4;
}

static void ref_rports(struct kunit *test, struct sim *sim)
{
	unsigned int p, i;

	for (p = 0; p < 8; p++) {
		const u32 msr[] = { R_IPERF0(p), R_IPERF1(p), r_qlx(p) };
		u64 val[] = { R_FLITS_SENT, R_FLITS_SENT, R_GLOBAL_ARB_BID };

		for (i = 0; i < ARRAY_SIZE(msr); i++)
			KUNIT_EXPECT_EQ_MSG(test, sim_access(sim, 0, 0, true, msr[i], &val[i]),
					    0, "R-box port %u: MSR 0x%x", p, msr[i]);
	}
}

/* The last violation's reason, or "" */
static const char *sim_why(const struct sim *sim)
{
	return sim->nviol ? sim->viol[(sim->nviol - 1) % SIM_VIOL_KEEP].why : "";
}

/*
 * Program counter n of every box of type ti with the code, as a driver
 * would (a register write, no violation; at the address the model's table
 * gives, which other tests check), and see what the model makes
 * of it: the event its decode finds must be in the type's table, and the
 * default pattern of that event (what the engine counts without a rate
 * override) must add something.  False after a failure.
 */
static bool ref_check(struct kunit *test, struct sim *sim, unsigned int ti,
		      const struct ref_events *r, unsigned int i)
{
	const struct sim_box_type *t = sim->plat->types[ti];
	struct sim_socket *s = &sim->sock[0];
	const char *pn = sim->plat->name;
	u16 code = r->codes[i];
	unsigned int bi, k, sum, n = i % t->nctrs;
	u64 ctl = ref_ctl(r, code, &n);
	const struct sim_event *on = sim_event_find(t, code);

	/* an event the guide puts on some counters: the first of them */
	if (on && on->ctrs && !(on->ctrs & BIT(n)))
		n = __ffs(on->ctrs);
	if (n >= t->nctrs) {
		KUNIT_FAIL(test, "%s %s 0x%x: no counter %u", pn, t->name, code, n);
		return false;
	}
	for (bi = 0; bi < t->nboxes; bi++) {
		u32 addr = sim_reg_addr(t, &t->regs[t->ctl_reg], bi, n);
		struct sim_ctr_cfg cfg = {};
		const struct sim_event *ev;
		struct sim_pattern pat;
		u64 nviol = sim->nviol;
		u32 lo = ctl;
		u64 val = ctl;
		int ret;

		if (t->space == SIM_PCI)
			ret = sim_pci_access(sim, 0, 0, true, addr, 4, &lo);
		else
			ret = sim_access(sim, 0, 0, true, addr, &val);
		KUNIT_EXPECT_EQ_MSG(test, ret, 0, "%s %s%u 0x%x", pn, t->name, bi, code);
		if (sim->nviol != nviol) {
			KUNIT_FAIL(test, "%s %s%u: code 0x%x, control 0x%llx: %s",
				   pn, t->name, bi, code, ctl, sim_why(sim));
			return false;
		}
		t->decode(s, sim_box(s, ti, bi), n, &cfg);
		ev = sim_event_find(t, cfg.event);
		if (!cfg.programmed || !ev) {
			KUNIT_FAIL(test, "%s %s%u counter %u: listed code 0x%x counts nothing (%s)",
				   pn, t->name, bi, n, code,
				   cfg.programmed ? "no such event" : "not enabled");
			return false;
		}
		/* "b00000000: nothing will be counted" */
		if (ev->subevents && !cfg.umask) {
			KUNIT_FAIL(test, "%s %s%u: code 0x%x (%s) with no sub-event counts nothing",
				   pn, t->name, bi, code, ev->name);
			return false;
		}
		sim_pattern_default(&pat, t->name, bi, cfg.event, cfg.umask,
				    cfg.filter, ev->max_inc);
		for (k = 0, sum = 0; k < pat.len; k++)
			sum += pat.p[k];
		if (!sum) {
			KUNIT_FAIL(test, "%s %s%u: code 0x%x (%s) adds nothing",
				   pn, t->name, bi, code, ev->name);
			return false;
		}
	}
	return true;
}

/* The platforms of the one list (../platforms.h), one case each. */
static XU_KUNIT_GEN_PARAMS(plat_row_gen_params)
{
	const struct sim_platform_row *row = prev;

	row = row ? row + 1 : sim_platform_rows;
	if (!row->name)
		return NULL;
	strscpy(desc, row->name, KUNIT_PARAM_DESC_SIZE);
	return row;
}

/*
 * Every event code the manuals list for a box type (the ref_events lists,
 * restated here and in sim_l3_test.c and sim_snbep_test.c) counts
 * something in every box of the type, for every type with counters of
 * every part; a type without codes says why, and has no event table.
 */
static void test_listed_events(struct kunit *test)
{
	const struct sim_platform_row *row = test->param_value;
	const struct sim_platform *plat = row->plat;
	const struct ref_events *r;
	unsigned int ti, i, ok, total = 0;
	struct sim *sim;

	sim = sim_create(plat, 1, 2000, 64);
	KUNIT_ASSERT_FALSE(test, IS_ERR(sim));
	sim_set_manual(sim, true);
	for (ti = 0; ti < plat->ntypes; ti++) {
		const struct sim_box_type *t = plat->types[ti];

		if (!t->nctrs)
			continue;
		r = ref_find(row->name, t->name);
		if (!r) {
			KUNIT_FAIL(test, "%s %s: no list of its event codes", row->name, t->name);
			continue;
		}
		if (!r->ncodes) {
			KUNIT_EXPECT_NOT_ERR_OR_NULL(test, r->none);
			KUNIT_EXPECT_EQ_MSG(test, t->nevents, 0U, "%s %s", row->name, t->name);
			continue;
		}
		KUNIT_EXPECT_TRUE_MSG(test, !t->pattern, "%s %s: pattern hook", row->name, t->name);
		if (r->enc == REF_RBOX)
			ref_rports(test, sim);
		for (i = 0, ok = 0; i < r->ncodes; i++)
			ok += ref_check(test, sim, ti, r, i);
		KUNIT_EXPECT_EQ(test, ok, r->ncodes);
		kunit_info(test, "%s %s: %u of %u listed codes count in its %u boxes\n",
			   row->name, t->name, ok, r->ncodes, t->nboxes);
		total += ok;
	}
	/* and no list names a type the part does not have */
	for (i = 0; i < ARRAY_SIZE(ref_lists); i++) {
		for (r = ref_lists[i]; r->type; r++) {
			if (!ref_has_part(r->parts, row->name))
				continue;
			for (ti = 0; ti < plat->ntypes; ti++)
				if (!strcmp(plat->types[ti]->name, r->type) &&
				    plat->types[ti]->nctrs)
					break;
			KUNIT_EXPECT_LT_MSG(test, ti, plat->ntypes, "%s %s", row->name, r->type);
		}
	}
	kunit_info(test, "%s: %u listed codes count\n", row->name, total);
	sim_destroy(sim);
}

/* ---- Register names: the log's and the regs view's ------------------- */

/*
 * Every register of every part: its name fits, starts with its box's name
 * and holds its row's, and no other register of the part has it (the
 * oracles find registers by these names, so two alike would be one).
 * Against every name before it, not a sorted list's neighbours.  And a
 * logged access finds its register: at its address, and in PCI space at
 * any byte of its dword; an address of no register finds none.
 */
static void test_reg_names(struct kunit *test)
{
	const struct sim_platform_row *row = test->param_value;
	char box[SIM_NAME_LEN], wide[2 * SIM_NAME_LEN];
	struct sim_log e = {};
	unsigned int i, j, k;
	struct sim *sim;
	char *names;

	sim = sim_create(row->plat, 1, 2000, 64);
	KUNIT_ASSERT_FALSE(test, IS_ERR(sim));
	names = kunit_kcalloc(test, sim->nmap, SIM_NAME_LEN, GFP_KERNEL);
	if (!names) {
		sim_destroy(sim);
		KUNIT_FAIL(test, "no memory");
		return;
	}
	for (i = 0; i < sim->nmap; i++) {
		const struct sim_addr *a = &sim->map[i];
		const struct sim_box *b = &sim->sock[0].box[a->box];
		char *name = names + i * SIM_NAME_LEN;

		sim_addr_name(sim, a, wide, sizeof(wide));
		KUNIT_EXPECT_LT_MSG(test, strlen(wide), SIM_NAME_LEN, "%s", wide);
		sim_addr_name(sim, a, name, SIM_NAME_LEN);
		sim_box_name(b, box, sizeof(box));
		KUNIT_EXPECT_TRUE_MSG(test, str_has_prefix(name, box) &&
				      name[strlen(box)] == '.', "%s: box %s", name, box);
		KUNIT_EXPECT_NOT_NULL_MSG(test, strstr(name, b->type->regs[a->reg].name),
					  "%s", name);
		KUNIT_EXPECT_NULL_MSG(test, strchr(name, ' '), "%s", name);
		for (j = 0; j < i; j++)
			if (!strcmp(name, names + j * SIM_NAME_LEN))
				KUNIT_FAIL(test, "%s: %s twice", row->name, name);
		e.space = a->space;
		for (k = 0; k < (a->space == SIM_PCI ? 4 : 1); k++) {
			e.addr = a->addr + k;
			KUNIT_EXPECT_PTR_EQ_MSG(test, sim_log_reg(sim, &e), a, "%s + %u", name, k);
		}
	}
	/* MSR 0 (no uncore register) and the last dword of dev 31 fn 7 */
	e.space = SIM_MSR;
	e.addr = 0;
	KUNIT_EXPECT_NULL(test, sim_log_reg(sim, &e));
	e.space = SIM_PCI;
	e.addr = SIM_PCI_ADDR(31, 7, 0xffc);
	KUNIT_EXPECT_NULL(test, sim_log_reg(sim, &e));
	kunit_info(test, "%s: %u registers, each named once\n", row->name, sim->nmap);
	sim_destroy(sim);
}

/*
 * R-box half h (guide 2.6): GLOBAL_CTL, GLOBAL_STATUS and OVF_CTL at
 * 0xe00/0xe01/0xe02 + 0x20h, counter n's control and count at
 * 0xe10/0xe11 + 0x20h + 2n: en 0, ev_sel 5:1 (0: the half's first port's
 * IPERF_CFG0).
 */
#define R_GCTL(h)		(0xe00 + 0x20 * (h))
#define R_STATUS(h)		(0xe01 + 0x20 * (h))
#define R_OVF(h)		(0xe02 + 0x20 * (h))
#define R_PMON_CTL(h, n)	(0xe10 + 0x20 * (h) + 2 * (n))
#define R_PMON_CTR(h, n)	(0xe11 + 0x20 * (h) + 2 * (n))

/*
 * The R-box's access pairs (software_hardware) differ from the C- and
 * S-boxes' (RW_RW status, WO_RO OVF_CTL): R_MSR_PMON_GLOBAL_STATUS is
 * RO_WO, read-only to software, and R_MSR_PMON_OVF_CTL is RW1C_WO,
 * readable, a 1 written clears.  An overflow sets the status; writing
 * the status is a violation and changes nothing; OVF_CTL reads without
 * one and clears the bits written.
 */
static void test_rbox_status_access(struct kunit *test)
{
	struct sim *sim = tsim(test);
	unsigned int h;
	u64 v, nviol;

	wr(test, 0, U_CTL, EN_ALL);
	for (h = 0; h < 2; h++) {
		/* counter 5 counts port 4h's flits sent, one a cycle */
		set_rate(test, "rbox", h, 0x0, 4 * h, one, 1);
		wr(test, 0, R_IPERF0(4 * h), R_FLITS_SENT);
		wr(test, 0, R_GCTL(h), BIT_ULL(5));
		wr(test, 0, R_PMON_CTR(h, 5), CTR_MAX - 4);
		wr(test, 0, R_PMON_CTL(h, 5), BIT_ULL(0));
	}
	sim_advance(sim, 10);
	for (h = 0; h < 2; h++) {
		KUNIT_EXPECT_EQ(test, rd(test, 0, R_PMON_CTR(h, 5)), 6ULL);
		KUNIT_EXPECT_EQ(test, rd(test, 0, R_STATUS(h)), BIT_ULL(5));
		/* OVF_CTL is readable: no violation, the bits it would clear */
		nviol = sim->nviol;
		v = ~0ULL;
		KUNIT_EXPECT_EQ(test, acc(test, 0, false, R_OVF(h), &v), 0);
		KUNIT_EXPECT_EQ(test, v, BIT_ULL(5));
		KUNIT_EXPECT_EQ(test, sim->nviol, nviol);

		/* the status is not software's to write, not even to clear */
		v = 0;
		KUNIT_EXPECT_EQ(test, acc(test, 0, true, R_STATUS(h), &v), -EIO);
		KUNIT_EXPECT_EQ(test, sim->nviol, nviol + 1);
		KUNIT_EXPECT_STREQ(test, last_why(test), "write to read-only register");
		KUNIT_EXPECT_EQ(test, rd(test, 0, R_STATUS(h)), BIT_ULL(5));
		v = BIT_ULL(2);
		KUNIT_EXPECT_EQ(test, acc(test, 0, true, R_STATUS(h), &v), -EIO);
		KUNIT_EXPECT_EQ(test, rd(test, 0, R_STATUS(h)), BIT_ULL(5));
		KUNIT_EXPECT_EQ(test, sim->nviol, nviol + 2);

		/* the side's S-box SUMMARY shows ov_r (19) until OVF_CTL clears */
		KUNIT_EXPECT_EQ(test, rd(test, 0, S_SUMMARY(h)), BIT_ULL(19));
		wr(test, 0, R_OVF(h), BIT_ULL(5));
		KUNIT_EXPECT_EQ(test, rd(test, 0, R_STATUS(h)), 0ULL);
		KUNIT_EXPECT_EQ(test, rd(test, 0, R_OVF(h)), 0ULL);
		KUNIT_EXPECT_EQ(test, rd(test, 0, S_SUMMARY(h)), 0ULL);
		KUNIT_EXPECT_EQ(test, sim->nviol, nviol + 2);
	}
}

/*
 * R-box half 0's counter @n on port 0's source @src (0, 1: IPERF_CFG0, 1;
 * 4: XBAR set 1), counted over 10000 cycles from 0.
 */
static u64 rport_count(struct kunit *test, unsigned int n, unsigned int src)
{
	wr(test, 0, U_CTL, EN_ALL);
	wr(test, 0, R_GCTL(0), BIT_ULL(n));
	wr(test, 0, R_PMON_CTR(0, n), 0);
	wr(test, 0, R_PMON_CTL(0, n), BIT_ULL(0) | (u64)src << 1);
	sim_advance(tsim(test), 10000);
	return rd(test, 0, R_PMON_CTR(0, n));
}

/*
 * IPERF_CFG's EOT events (Table 2-48): MC (20:17) the message class,
 * MC_ROLL_ALLOC (21) every allocation or the rolling count.  The classes
 * (the shared assumption): 0-4, 0xc, 0xe; any other MC is undefined: a
 * violation, and the EOT part counts nothing.  21:17 all 0: no EOT event.
 */
static void test_rbox_eot_classes(struct kunit *test)
{
	struct sim *sim = tsim(test);
	unsigned int mc, roll;
	u64 nviol, got;

	for (roll = 0; roll < 2; roll++) {
		for (mc = 0; mc < 16; mc++) {
			u64 v = (u64)roll << 21 | (u64)mc << 17;
			bool cls = XU_ASSUMED_NHMEX_R_EOT_MCS & BIT(mc);

			nviol = sim->nviol;
			wr(test, 0, R_IPERF0(0), v);
			got = rport_count(test, 0, 0);
			if (!v) {
				KUNIT_EXPECT_EQ(test, got, 0ULL);
				KUNIT_EXPECT_EQ(test, sim->nviol, nviol);
			} else if (cls) {
				KUNIT_EXPECT_GT_MSG(test, got, 0ULL, "MC %u roll %u", mc, roll);
				KUNIT_EXPECT_EQ_MSG(test, sim->nviol, nviol, "MC %u roll %u",
						    mc, roll);
			} else {
				KUNIT_EXPECT_EQ_MSG(test, got, 0ULL, "MC %u roll %u", mc, roll);
				KUNIT_EXPECT_EQ_MSG(test, sim->nviol, nviol + 1,
						    "MC %u roll %u", mc, roll);
				KUNIT_EXPECT_STREQ(test, last_why(test),
						   "IPERF_CFG: MC (20:17) encodes no message class");
			}
		}
	}
	/* the other events of the value count as they would alone */
	wr(test, 0, R_IPERF0(0), R_FLITS_SENT | 0xfULL << 17);
	wr(test, 0, R_IPERF1(0), R_FLITS_SENT);
	wr(test, 0, R_GCTL(0), BIT_ULL(0) | BIT_ULL(1));
	wr(test, 0, R_PMON_CTR(0, 0), 0);
	wr(test, 0, R_PMON_CTR(0, 1), 0);
	wr(test, 0, R_PMON_CTL(0, 0), BIT_ULL(0));
	wr(test, 0, R_PMON_CTL(0, 1), BIT_ULL(0) | 1 << 1);
	sim_advance(sim, 10000);
	KUNIT_EXPECT_GT(test, rd(test, 0, R_PMON_CTR(0, 1)), 0ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, R_PMON_CTR(0, 0)),
			rd(test, 0, R_PMON_CTR(0, 1)));
	/* 23:22 "Read zero, writes ignored" */
	wr(test, 0, R_IPERF1(0), R_FLITS_SENT | GENMASK_ULL(23, 22));
	KUNIT_EXPECT_EQ(test, rd(test, 0, R_IPERF1(0)), R_FLITS_SENT);
}

/*
 * NEW_PACKETS_RECV: the class mask 5:0 "Anded with" the VN select 7:6
 * (Table 2-59: 00 VN0, 01 VN1, 10 VNA; 0b11 every VN, the shared
 * assumption XU_ASSUMED_NHMEX_R_VN_ANY, counts too); no class selects
 * nothing, with any VN.  None is a violation.
 */
static void test_rbox_new_packets_vn(struct kunit *test)
{
	static const struct { u64 v; bool counts, viol; } rows[] = {
		{ 0x04, true, false }, { 0x44, true, false }, { 0x84, true, false },
		{ 0xbf, true, false }, { 0xc4, true, false }, { 0xff, true, false },
		{ 0x40, false, false }, { 0xc0, false, false },
	};
	struct sim *sim = tsim(test);
	unsigned int i;
	u64 nviol, got;

	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		nviol = sim->nviol;
		wr(test, 0, R_IPERF0(0), rows[i].v);
		got = rport_count(test, 0, 0);
		if (rows[i].counts)
			KUNIT_EXPECT_GT_MSG(test, got, 0ULL, "0x%llx", rows[i].v);
		else
			KUNIT_EXPECT_EQ_MSG(test, got, 0ULL, "0x%llx", rows[i].v);
		KUNIT_EXPECT_EQ_MSG(test, sim->nviol, nviol + rows[i].viol,
				    "0x%llx", rows[i].v);
	}
}

/*
 * XBAR set 1 of port 0 (MM_CFG, MATCH, MASK at 0xe60-0xe62): counts only
 * with dis (63) 0 and mm_trig_en (21) 1; MM_CFG 62:22 read zero, writes
 * ignored; MATCH/MASK 63:52, 47:36, 30:18 reserved: a violation, dropped.
 */
static void test_rbox_xbar(struct kunit *test)
{
	struct sim *sim = tsim(test);
	u64 nviol = sim->nviol;

	wr(test, 0, 0xe61, 0x1c00);
	wr(test, 0, 0xe62, 0x1fe0);
	wr(test, 0, 0xe60, 0);
	KUNIT_EXPECT_EQ_MSG(test, rport_count(test, 0, 4), 0ULL, "mm_trig_en 0 counted");
	wr(test, 0, 0xe60, BIT_ULL(21));
	KUNIT_EXPECT_GT(test, rport_count(test, 0, 4), 0ULL);
	wr(test, 0, 0xe60, BIT_ULL(63) | BIT_ULL(21));
	KUNIT_EXPECT_EQ_MSG(test, rport_count(test, 0, 4), 0ULL, "dis 1 counted");
	KUNIT_EXPECT_EQ(test, sim->nviol, nviol);

	wr(test, 0, 0xe60, GENMASK_ULL(62, 22) | BIT_ULL(21) | 0x5);
	KUNIT_EXPECT_EQ(test, rd(test, 0, 0xe60), BIT_ULL(21) | 0x5);
	KUNIT_EXPECT_EQ(test, sim->nviol, nviol);

	wr(test, 0, 0xe61, BIT_ULL(52) | 0x8ULL << 48 | 0x1c00);
	KUNIT_EXPECT_EQ(test, sim->nviol, nviol + 1);
	KUNIT_EXPECT_EQ(test, last_bits(test), BIT_ULL(52));
	KUNIT_EXPECT_EQ(test, rd(test, 0, 0xe61), 0x8ULL << 48 | 0x1c00);
	wr(test, 0, 0xe62, BIT_ULL(36) | BIT_ULL(18) | 0x1fULL << 31 | 0x1fe0);
	KUNIT_EXPECT_EQ(test, sim->nviol, nviol + 2);
	KUNIT_EXPECT_EQ(test, last_bits(test), BIT_ULL(36) | BIT_ULL(18));
	KUNIT_EXPECT_EQ(test, rd(test, 0, 0xe62), 0x1fULL << 31 | 0x1fe0);
	/* set 2 of port 7 (0xe9d, 0xe9e) alike */
	wr(test, 0, 0xe9e, GENMASK_ULL(63, 52));
	KUNIT_EXPECT_EQ(test, sim->nviol, nviol + 3);
	KUNIT_EXPECT_EQ(test, rd(test, 0, 0xe9e), 0ULL);
}

static struct kunit_case sim_test_cases[] = {
	KUNIT_CASE(test_platform_list),
	KUNIT_CASE_PARAM(test_listed_events, plat_row_gen_params),
	KUNIT_CASE_PARAM(test_reg_names, plat_row_gen_params),
	KUNIT_CASE(test_reset_values),
	KUNIT_CASE(test_width_and_ignored),
	KUNIT_CASE(test_write_only),
	KUNIT_CASE(test_read_only),
	KUNIT_CASE(test_reserved),
	KUNIT_CASE(test_unimplemented),
	KUNIT_CASE(test_status_w1c),
	KUNIT_CASE(test_rbox_status_access),
	KUNIT_CASE(test_rbox_eot_classes),
	KUNIT_CASE(test_rbox_new_packets_vn),
	KUNIT_CASE(test_rbox_xbar),
	KUNIT_CASE_PARAM(test_enable_hierarchy, en_gen_params),
	KUNIT_CASE(test_rst_all),
	KUNIT_CASE(test_overflow_status),
	KUNIT_CASE(test_pmi),
	KUNIT_CASE(test_pmi_random),
	KUNIT_CASE_PARAM(test_threshold_edge, cnt_gen_params),
	KUNIT_CASE(test_long_spans),
	KUNIT_CASE_PARAM(test_next_pmi, cnt_gen_params),
	KUNIT_CASE(test_overflows),
	KUNIT_CASE(test_cycle_ns),
	KUNIT_CASE(test_truth_no_wrap),
	KUNIT_CASE(test_sockets_independent),
	KUNIT_CASE_PARAM(test_cbox_no_subevent, cbox_subev_gen_params),
	KUNIT_CASE_PARAM(test_sbox_no_subevent, sbox_subev_gen_params),
	KUNIT_CASE_PARAM(test_wbox_no_subevent, wbox_subev_gen_params),
	KUNIT_CASE(test_fvc_response_6),
	KUNIT_CASE(test_default_patterns),
	KUNIT_CASE(test_rate_checks),
	KUNIT_CASE(test_log_ring),
	KUNIT_CASE(test_worst_rate),
	{}
};

static struct kunit_suite sim_test_suite = {
	.name = "xeon_uncore_sim",
	.init = sim_test_init,
	.exit = sim_test_exit,
	.test_cases = sim_test_cases,
};

kunit_test_suites(&sim_test_suite);

MODULE_DESCRIPTION("KUnit tests for the Xeon uncore register model");
MODULE_LICENSE("GPL");
XU_IMPORT_KUNIT_NS();
