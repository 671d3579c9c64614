// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the Xeon E5-2600 (Sandy Bridge-EP) register model: MSR
 * and PCI boxes, PCI dword access to 48-bit counters, box freeze, reset
 * bits, reserved bits, write-only box controls, filters and match/mask,
 * fixed counters and the U-box node-ID registers; and of the E5-2600 v2's:
 * overflow status, freeze and PMI, its iMC and IRP layouts, reserved bits.  Addresses and bits are
 * restated here from the guide, not taken from the tables under test.
 */
#include <kunit/test.h>
#include <linux/bits.h>
#include <linux/err.h>
#include <linux/module.h>
#include <linux/perf/xeon_uncore_assumed.h>
#include <linux/string.h>

#include "sim.h"
#include "sim_test.h"

/* MSRs */
#define U_CTL(n)	(0xc10 + (n))
#define U_CTR(n)	(0xc16 + (n))
#define UCLK_CTL	0xc08
#define UCLK_CTR	0xc09
#define C_BOX(b)	(0xd04 + 0x20 * (b))
#define C_CTL(b, n)	(0xd10 + 0x20 * (b) + (n))
#define C_FILTER(b)	(0xd14 + 0x20 * (b))
#define C_CTR(b, n)	(0xd16 + 0x20 * (b) + (n))
#define P_BOX		0xc24
#define P_CTL(n)	(0xc30 + (n))
#define P_FILTER	0xc34
#define P_CTR(n)	(0xc36 + (n))
#define CORE_C3		0x3fc

/* PCI functions and offsets */
#define HA		SIM_PCI_ADDR(14, 1, 0)
#define IMC(c)		SIM_PCI_ADDR(16, imc_fn[c], 0)
#define QPI(p)		SIM_PCI_ADDR(8 + (p), 2, 0)
#define QPI_MM(p)	SIM_PCI_ADDR(8 + (p), 6, 0)
#define R2PCIE		SIM_PCI_ADDR(19, 1, 0)
#define R3QPI(l)	SIM_PCI_ADDR(19, 5 + (l), 0)
#define UNODE		SIM_PCI_ADDR(11, 0, 0)
#define PCTR(n)		(0xa0 + 8 * (n))
#define PCTL(n)		(0xd8 + 4 * (n))
#define PBOX		0xf4
#define DCLK_CTR	0xd0
#define DCLK_CTL	0xf0

static const unsigned int imc_fn[] = { 0, 1, 4, 5 };

#define RST_CTRL	BIT_ULL(0)
#define RST_CTRS	BIT_ULL(1)
#define FRZ		BIT_ULL(8)
#define FRZ_EN		BIT_ULL(16)

#define RST		BIT_ULL(17)
#define EDGE		BIT_ULL(18)
#define TID_EN		BIT_ULL(19)
#define EXT		BIT_ULL(21)
#define EN		BIT_ULL(22)
#define CTL(ev, um)	((u64)(ev) | (u64)(um) << 8 | EN)

static u32 prd(struct kunit *test, unsigned int sock, u32 addr)
{
	u32 val = ~0U;

	KUNIT_EXPECT_EQ_MSG(test, sim_pci_access(tsim(test), sock, 0, false,
						 addr, 4, &val), 0,
			    "pci read 0x%x", addr);
	return val;
}

static void pwr(struct kunit *test, unsigned int sock, u32 addr, u32 val)
{
	KUNIT_EXPECT_EQ_MSG(test, sim_pci_access(tsim(test), sock, 0, true,
						 addr, 4, &val), 0,
			    "pci write 0x%x", addr);
}

static u64 prd64(struct kunit *test, unsigned int sock, u32 addr)
{
	return prd(test, sock, addr) | (u64)prd(test, sock, addr + 4) << 32;
}

static u64 nviol(struct kunit *test)
{
	return tsim(test)->nviol;
}

static int snbep_test_init(struct kunit *test)
{
	struct sim *sim = sim_create(&sim_snbep_platform, 2, 2000, 64);

	KUNIT_ASSERT_FALSE(test, IS_ERR(sim));
	sim_set_manual(sim, true);
	test->priv = sim;
	return 0;
}

static void snbep_test_exit(struct kunit *test)
{
	sim_destroy(test->priv);
}

static void test_snbep_reset_values(struct kunit *test)
{
	unsigned int n, b;

	for (n = 0; n < 2; n++) {
		KUNIT_EXPECT_EQ(test, rd(test, 0, U_CTL(n)), 0ULL);
		KUNIT_EXPECT_EQ(test, rd(test, 0, U_CTR(n)), 0ULL);
	}
	for (b = 0; b < 8; b++) {
		KUNIT_EXPECT_EQ(test, rd(test, 1, C_FILTER(b)), 0ULL);
		for (n = 0; n < 4; n++)
			KUNIT_EXPECT_EQ(test, rd(test, 1, C_CTL(b, n)), 0ULL);
	}
	for (n = 0; n < 4; n++) {
		KUNIT_EXPECT_EQ(test, prd64(test, 0, IMC(3) + PCTR(n)), 0ULL);
		KUNIT_EXPECT_EQ(test, prd(test, 0, HA + PCTL(n)), 0U);
	}
	KUNIT_EXPECT_EQ(test, prd(test, 1, QPI_MM(1) + 0x23c), 0U);
	KUNIT_EXPECT_EQ(test, nviol(test), 0ULL);
}

/* 48-bit counters are two dwords; each half is written on its own. */
static void test_snbep_pci_dwords(struct kunit *test)
{
	u32 a = QPI(1) + PCTR(2);
	u32 v16;

	pwr(test, 0, a, 0x89abcdef);
	pwr(test, 0, a + 4, 0xffff0123);	/* bits 63:48 are not there */
	KUNIT_EXPECT_EQ(test, prd(test, 0, a), 0x89abcdefU);
	KUNIT_EXPECT_EQ(test, prd(test, 0, a + 4), 0x0123U);
	pwr(test, 0, a, 0x1);
	KUNIT_EXPECT_EQ(test, prd64(test, 0, a), 0x012300000001ULL);
	pwr(test, 0, a + 4, 0x0);
	KUNIT_EXPECT_EQ(test, prd64(test, 0, a), 0x1ULL);
	/* A word access inside the dword */
	v16 = 0xbeef;
	KUNIT_EXPECT_EQ(test, sim_pci_access(tsim(test), 0, 0, true, a + 2, 2,
					     &v16), 0);
	KUNIT_EXPECT_EQ(test, prd(test, 0, a), 0xbeef0001U);
	/* 44-bit R3QPI counter */
	pwr(test, 0, R3QPI(0) + PCTR(0) + 4, 0xffffffff);
	KUNIT_EXPECT_EQ(test, prd(test, 0, R3QPI(0) + PCTR(0) + 4), 0xfffU);
	/* Other socket untouched; header bytes are not the model's */
	KUNIT_EXPECT_EQ(test, prd64(test, 1, a), 0ULL);
	KUNIT_EXPECT_EQ(test, sim_pci_access(tsim(test), 0, 0, false,
					     HA + 0x0, 4, &v16), -ENOENT);
	KUNIT_EXPECT_EQ(test, nviol(test), 0ULL);
	/* Counting crosses the dword boundary */
	pwr(test, 0, HA + PCTR(0), 0xfffffff0);
	pwr(test, 0, HA + PCTL(0), CTL(0x00, 0));
	sim_advance(tsim(test), 100);
	KUNIT_EXPECT_EQ(test, prd64(test, 0, HA + PCTR(0)),
			0xfffffff0ULL + sim_truth(tsim(test), 0, 5, 0, 0));
}

/*
 * edge_det and invert act on the threshold comparison: enabled with no
 * threshold, a counter counts nothing and the write is a violation; with
 * one it counts (C-box 1's TOR_OCCUPANCY on counter 0, socket 0).
 */
static void test_snbep_edge_needs_thresh(struct kunit *test)
{
	static const u64 cond[] = { EDGE, BIT_ULL(23), EDGE | BIT_ULL(23) };
	struct sim_pattern pat = { .len = 4, .p = { 0, 3, 0, 2 } };
	unsigned int i;

	/* empty and not in turn: each condition holds, or changes, in some cycles */
	KUNIT_ASSERT_EQ(test, sim_rate_set(tsim(test), "cbox", 1, 0x36, 0, &pat), 0);
	for (i = 0; i < ARRAY_SIZE(cond); i++) {
		u64 n = nviol(test);

		wr(test, 0, C_CTR(1, 0), 0);
		wr(test, 0, C_CTL(1, 0), CTL(0x36, 0) | cond[i]);
		KUNIT_EXPECT_EQ(test, nviol(test), n + 1);
		KUNIT_EXPECT_STREQ(test, last_why(test),
				   "edge_det or invert enabled without a threshold");
		sim_advance(tsim(test), 1000);
		KUNIT_EXPECT_EQ_MSG(test, rd(test, 0, C_CTR(1, 0)), 0ULL, "ctl %#llx", cond[i]);
		wr(test, 0, C_CTL(1, 0), CTL(0x36, 0) | cond[i] | 1ULL << 24);
		KUNIT_EXPECT_EQ(test, nviol(test), n + 1);
		sim_advance(tsim(test), 1000);
		KUNIT_EXPECT_GT_MSG(test, rd(test, 0, C_CTR(1, 0)), 0ULL, "ctl %#llx", cond[i]);
		wr(test, 0, C_CTL(1, 0), 0);
	}
}

static void test_snbep_freeze(struct kunit *test)
{
	struct sim *sim = tsim(test);
	u64 a, b;

	pwr(test, 0, R2PCIE + PCTL(0), CTL(0x01, 0));
	sim_advance(sim, 1000);
	a = prd64(test, 0, R2PCIE + PCTR(0));
	KUNIT_EXPECT_GT(test, a, 0ULL);
	/* frz without frz_en: no effect */
	pwr(test, 0, R2PCIE + PBOX, FRZ);
	sim_advance(sim, 1000);
	b = prd64(test, 0, R2PCIE + PCTR(0));
	KUNIT_EXPECT_GT(test, b, a);
	/* with frz_en: frozen */
	pwr(test, 0, R2PCIE + PBOX, FRZ | FRZ_EN);
	sim_advance(sim, 1000);
	KUNIT_EXPECT_EQ(test, prd64(test, 0, R2PCIE + PCTR(0)), b);
	/* the MSR C-box the same way */
	wr(test, 0, C_BOX(3), FRZ | FRZ_EN);
	wr(test, 0, C_CTL(3, 1), CTL(0x00, 0));
	sim_advance(sim, 1000);
	KUNIT_EXPECT_EQ(test, rd(test, 0, C_CTR(3, 1)), 0ULL);
	wr(test, 0, C_BOX(3), FRZ_EN);
	sim_advance(sim, 1000);
	KUNIT_EXPECT_GT(test, rd(test, 0, C_CTR(3, 1)), 0ULL);
	/* DCLK obeys its iMC channel's freeze */
	pwr(test, 0, IMC(2) + DCLK_CTL, EN);
	pwr(test, 0, IMC(2) + PBOX, FRZ | FRZ_EN);
	sim_advance(sim, 1000);
	KUNIT_EXPECT_EQ(test, prd64(test, 0, IMC(2) + DCLK_CTR), 0ULL);
	KUNIT_EXPECT_EQ(test, nviol(test), 0ULL);
}

static void test_snbep_reset_bits(struct kunit *test)
{
	struct sim *sim = tsim(test);

	/* box rst_ctrs zeroes counters, rst_ctrl the controls */
	wr(test, 0, P_CTL(2), CTL(0x00, 0));
	sim_advance(sim, 500);
	KUNIT_EXPECT_GT(test, rd(test, 0, P_CTR(2)), 0ULL);
	wr(test, 0, P_BOX, RST_CTRS);
	KUNIT_EXPECT_EQ(test, rd(test, 0, P_CTR(2)), 0ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, P_CTL(2)), CTL(0x00, 0));
	wr(test, 0, P_BOX, RST_CTRL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, P_CTL(2)), 0ULL);
	/* per-counter rst: clears, reads back 0 */
	pwr(test, 1, R3QPI(1) + PCTR(2), 1234);
	pwr(test, 1, R3QPI(1) + PCTL(2), RST);
	KUNIT_EXPECT_EQ(test, prd64(test, 1, R3QPI(1) + PCTR(2)), 0ULL);
	KUNIT_EXPECT_EQ(test, prd(test, 1, R3QPI(1) + PCTL(2)), 0U);
	KUNIT_EXPECT_EQ(test, nviol(test), 0ULL);
	/* the iMC has neither: reserved, recorded, no effect */
	pwr(test, 0, IMC(0) + PCTR(1), 99);
	pwr(test, 0, IMC(0) + PBOX, RST_CTRS | FRZ_EN);
	KUNIT_EXPECT_STREQ(test, last_why(test), "reserved bits set");
	KUNIT_EXPECT_EQ(test, last_bits(test), RST_CTRS);
	KUNIT_EXPECT_EQ(test, prd64(test, 0, IMC(0) + PCTR(1)), 99ULL);
	pwr(test, 0, IMC(0) + PCTL(1), RST);
	KUNIT_EXPECT_EQ(test, last_bits(test), RST);
	KUNIT_EXPECT_EQ(test, prd64(test, 0, IMC(0) + PCTR(1)), 99ULL);
}

struct rsv_case {
	const char *name;
	bool pci;
	u32 addr;
	u64 bits;	/* reserved */
	u64 ok;		/* accepted */
};

static const struct rsv_case rsv_cases[] = {
	{ "ubox", false, U_CTL(0), BIT_ULL(29) | TID_EN,
	  EDGE | RST | EXT | GENMASK_ULL(28, 24) },
	{ "cbox", false, C_CTL(0, 0), EXT | BIT_ULL(20) | BIT_ULL(16),
	  TID_EN | RST | GENMASK_ULL(31, 24) },
	{ "pcu", false, P_CTL(0), GENMASK_ULL(13, 8) | TID_EN | BIT_ULL(29),
	  GENMASK_ULL(15, 14) | BIT_ULL(30) | BIT_ULL(31) | EXT },
	{ "ha", true, HA + PCTL(0), RST | TID_EN | EXT, GENMASK_ULL(31, 23) },
	{ "imc", true, IMC(1) + PCTL(0), RST | TID_EN | EXT | BIT_ULL(16),
	  EDGE },
	{ "qpi", true, QPI(0) + PCTL(3), TID_EN | BIT_ULL(20), EXT | RST },
	{ "r2pcie", true, R2PCIE + PCTL(0), EXT | TID_EN, RST },
	{ "r3qpi", true, R3QPI(1) + PCTL(2), EXT | TID_EN, RST },
	{ "cbox filter", false, C_FILTER(7), GENMASK_ULL(9, 5),
	  GENMASK_ULL(31, 10) | GENMASK_ULL(4, 0) },
	{ "box ctl", true, QPI(1) + PBOX, BIT_ULL(2) | BIT_ULL(17),
	  FRZ | FRZ_EN },
	{ "qpi match0", true, QPI_MM(0) + 0x228, BIT_ULL(20), BIT_ULL(31) },
};

static void rsv_desc(const struct rsv_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(rsv, rsv_cases, rsv_desc);

static void test_snbep_reserved(struct kunit *test)
{
	const struct rsv_case *c = test->param_value;
	u64 bit;

	for (bit = 1; bit; bit <<= 1) {
		u64 before = nviol(test);

		if (!((c->bits | c->ok) & bit) || (c->pci && bit >> 32))
			continue;
		if (c->pci)
			pwr(test, 0, c->addr, bit);
		else
			wr(test, 0, c->addr, bit);
		KUNIT_EXPECT_EQ_MSG(test, nviol(test) - before,
				    c->bits & bit ? 1ULL : 0ULL,
				    "bit %d", __ffs64(bit));
	}
}

static void test_snbep_write_only(struct kunit *test)
{
	u64 v;
	u32 p;

	KUNIT_EXPECT_EQ(test, acc(test, 0, false, C_BOX(0), &v), -EIO);
	KUNIT_EXPECT_STREQ(test, last_why(test), "read of write-only register");
	KUNIT_EXPECT_EQ(test, acc(test, 0, false, P_BOX, &v), -EIO);
	KUNIT_EXPECT_EQ(test, sim_pci_access(tsim(test), 1, 0, false,
					     HA + PBOX, 4, &p), -EIO);
	KUNIT_EXPECT_EQ(test, p, 0U);
	/* a byte of it is as forbidden */
	KUNIT_EXPECT_EQ(test, sim_pci_access(tsim(test), 1, 0, false,
					     IMC(0) + PBOX + 2, 1, &p), -EIO);
	KUNIT_EXPECT_EQ(test, nviol(test), 4ULL);
	/* read-only: the C-state counters and the node-ID registers */
	v = 5;
	KUNIT_EXPECT_EQ(test, acc(test, 0, true, CORE_C3, &v), -EIO);
	KUNIT_EXPECT_STREQ(test, last_why(test), "write to read-only register");
	p = 3;
	KUNIT_EXPECT_EQ(test, sim_pci_access(tsim(test), 0, 0, true,
					     UNODE + 0x40, 4, &p), -EIO);
	KUNIT_EXPECT_EQ(test, nviol(test), 6ULL);
}

/*
 * Increments over SPAN cycles: a whole number of periods of every pattern
 * (4..16 long), so equal patterns give equal counts whatever the phase.
 */
#define SPAN	720720

static u64 count_for(struct kunit *test, unsigned int tidx, unsigned int box,
		     unsigned int ctr)
{
	u64 t0 = sim_truth(tsim(test), 0, tidx, box, ctr);

	sim_advance(tsim(test), SPAN);
	return sim_truth(tsim(test), 0, tidx, box, ctr) - t0;
}

enum { T_UBOX, T_UCLK, T_CBOX, T_PCU, T_CSTATE, T_HA, T_IMC, T_DCLK, T_QPI };

/* The filter field an event uses changes what it counts; others do not. */
static void test_snbep_filters(struct kunit *test)
{
	u64 a, b, c;

	/* C-box LLC_LOOKUP uses state */
	wr(test, 0, C_CTL(2, 0), CTL(0x34, 0x03));
	wr(test, 0, C_FILTER(2), 0x1fULL << 18);
	a = count_for(test, T_CBOX, 2, 0);
	KUNIT_EXPECT_EQ(test, count_for(test, T_CBOX, 2, 0), a);
	wr(test, 0, C_FILTER(2), 0x01ULL << 18);
	b = count_for(test, T_CBOX, 2, 0);
	/* opc is not LLC_LOOKUP's field */
	wr(test, 0, C_FILTER(2), 0x01ULL << 18 | 0x1c8ULL << 23);
	c = count_for(test, T_CBOX, 2, 0);
	KUNIT_EXPECT_EQ(test, b, c);
	KUNIT_EXPECT_NE(test, a, b);

	/*
	 * Every LLC_LOOKUP sub-event uses state: ANY (0x11) and libpfm4's
	 * 0x1f too.  A 0/1 pattern's density can repeat, so some other state
	 * must differ.
	 */
	wr(test, 0, C_CTL(3, 0), CTL(0x34, 0x11));
	wr(test, 0, C_FILTER(3), 0x1fULL << 18);
	a = count_for(test, T_CBOX, 3, 0);
	for (c = 0, b = 0x1; b < 0x1f; b++) {
		wr(test, 0, C_FILTER(3), b << 18);
		c += count_for(test, T_CBOX, 3, 0) != a;
	}
	KUNIT_EXPECT_GT(test, c, 0ULL);

	/* TOR_OCCUPANCY.ALL (0x08) ignores opc; OPCODE (0x01) matches it */
	wr(test, 0, C_CTL(5, 0), CTL(0x36, 0x08));
	wr(test, 0, C_FILTER(5), 0);
	a = count_for(test, T_CBOX, 5, 0);
	wr(test, 0, C_FILTER(5), 0x180ULL << 23);
	KUNIT_EXPECT_EQ(test, count_for(test, T_CBOX, 5, 0), a);
	wr(test, 0, C_CTL(5, 0), CTL(0x36, 0x01));
	a = count_for(test, T_CBOX, 5, 0);
	for (c = 0, b = 0x181; b < 0x190; b++) {
		wr(test, 0, C_FILTER(5), b << 23);
		c += count_for(test, T_CBOX, 5, 0) != a;
	}
	KUNIT_EXPECT_GT(test, c, 0ULL);

	/* tid only with tid_en */
	wr(test, 0, C_CTL(4, 1), CTL(0x00, 0));
	a = count_for(test, T_CBOX, 4, 1);
	wr(test, 0, C_FILTER(4), 0x5);
	KUNIT_EXPECT_EQ(test, count_for(test, T_CBOX, 4, 1), a);
	wr(test, 0, C_CTL(4, 1), CTL(0x00, 0) | TID_EN);
	b = count_for(test, T_CBOX, 4, 1);
	wr(test, 0, C_FILTER(4), 0x6);
	KUNIT_EXPECT_NE(test, count_for(test, T_CBOX, 4, 1), b);

	/* PCU FREQ_BAND1_CYCLES uses band 1 */
	wr(test, 0, P_CTL(1), CTL(0x0c, 0));
	wr(test, 0, P_FILTER, 0x20ULL << 8);
	a = count_for(test, T_PCU, 0, 1);
	wr(test, 0, P_FILTER, 0x20ULL << 8 | 0x33);
	KUNIT_EXPECT_EQ(test, count_for(test, T_PCU, 0, 1), a);
	/* a 0/1 pattern's density can repeat: some other band must differ */
	for (c = 0, b = 0x10; b < 0x18; b++) {
		wr(test, 0, P_FILTER, b << 8);
		c += count_for(test, T_PCU, 0, 1) != a;
	}
	KUNIT_EXPECT_GT(test, c, 0ULL);

	/*
	 * POWER_STATE_OCCUPANCY (C0): occ_invert/occ_edge act on it instead
	 * of the generic invert and edge_det, which then change nothing,
	 * need no threshold, and are no violation
	 */
	wr(test, 0, P_CTL(2), CTL(0x80, 0) | 1ULL << 14);
	a = count_for(test, T_PCU, 0, 2);
	KUNIT_EXPECT_GT(test, a, 0ULL);
	b = nviol(test);
	wr(test, 0, P_CTL(2), CTL(0x80, 0) | 1ULL << 14 | EDGE | BIT_ULL(23));
	KUNIT_EXPECT_EQ(test, count_for(test, T_PCU, 0, 2), a);
	KUNIT_EXPECT_EQ(test, nviol(test), b);
	wr(test, 0, P_CTL(2), 0);

	/* QPI CTO_COUNT (0x38 + ev_sel_ext) uses match under mask */
	pwr(test, 0, QPI(0) + PCTL(0), CTL(0x38, 0) | EXT);
	pwr(test, 0, QPI_MM(0) + 0x228, 0x3 << 9);
	pwr(test, 0, QPI_MM(0) + 0x238, 0xf << 9);
	a = count_for(test, T_QPI, 0, 0);
	pwr(test, 0, QPI_MM(0) + 0x228, 0x3 << 9 | 0x3 << 5);	/* unmasked */
	KUNIT_EXPECT_EQ(test, count_for(test, T_QPI, 0, 0), a);
	pwr(test, 0, QPI_MM(0) + 0x228, 0xe << 9);
	KUNIT_EXPECT_NE(test, count_for(test, T_QPI, 0, 0), a);
	/* the other port's match/mask is not port 0's */
	b = count_for(test, T_QPI, 0, 0);
	pwr(test, 0, QPI_MM(1) + 0x238, 0xf << 9);
	KUNIT_EXPECT_EQ(test, count_for(test, T_QPI, 0, 0), b);
	KUNIT_EXPECT_EQ(test, nviol(test), 0ULL);
}

static void test_snbep_fixed(struct kunit *test)
{
	wr(test, 0, UCLK_CTL, EN);
	pwr(test, 1, IMC(3) + DCLK_CTL, EN);
	KUNIT_EXPECT_EQ(test, count_for(test, T_UCLK, 0, 0), (u64)SPAN);
	KUNIT_EXPECT_EQ(test, rd(test, 0, UCLK_CTR), (u64)SPAN);
	sim_advance(tsim(test), 777);
	KUNIT_EXPECT_EQ(test, prd64(test, 1, IMC(3) + DCLK_CTR), SPAN + 777ULL);
	KUNIT_EXPECT_EQ(test, prd64(test, 1, IMC(2) + DCLK_CTR), 0ULL);
	wr(test, 0, UCLK_CTL, 0);
	KUNIT_EXPECT_EQ(test, count_for(test, T_UCLK, 0, 0), 0ULL);
	/* 48 bits: wraps from 2^48 - 1 */
	wr(test, 0, UCLK_CTR, BIT_ULL(48) - 10);
	wr(test, 0, UCLK_CTL, EN);
	sim_advance(tsim(test), 15);
	KUNIT_EXPECT_EQ(test, rd(test, 0, UCLK_CTR), 5ULL);
	/* anything but en is reserved */
	wr(test, 0, UCLK_CTL, EN | BIT_ULL(20));
	KUNIT_EXPECT_EQ(test, last_bits(test), BIT_ULL(20));
	/* C3 residency counts on its own, at most once per cycle */
	KUNIT_EXPECT_LE(test, count_for(test, T_CSTATE, 0, 0), (u64)SPAN);
	KUNIT_EXPECT_GT(test, rd(test, 0, CORE_C3), 0ULL);
}

static void test_snbep_node_id(struct kunit *test)
{
	unsigned int s, i;

	for (s = 0; s < 2; s++) {
		u32 nid = prd(test, s, UNODE + 0x40) & 7;
		u32 map = prd(test, s, UNODE + 0x54);
		int found = -1;

		for (i = 0; i < 8; i++)
			if (((map >> (3 * i)) & 7) == nid) {
				found = i;
				break;
			}
		KUNIT_EXPECT_EQ(test, found, (int)s);
	}
}

/* U-box: 44-bit counters, 5-bit threshold, no box control. */
static void test_snbep_ubox(struct kunit *test)
{
	wr(test, 0, U_CTR(1), BIT_ULL(44) - 1);
	KUNIT_EXPECT_EQ(test, rd(test, 0, U_CTR(1)), BIT_ULL(44) - 1);
	wr(test, 0, U_CTR(1), BIT_ULL(44));
	KUNIT_EXPECT_EQ(test, rd(test, 0, U_CTR(1)), 0ULL);
	wr(test, 0, U_CTL(1), CTL(0x44, 0) | RST);
	KUNIT_EXPECT_EQ(test, rd(test, 0, U_CTL(1)), CTL(0x44, 0));
	KUNIT_EXPECT_GT(test, count_for(test, T_UBOX, 0, 1), 0ULL);
	KUNIT_EXPECT_EQ(test, nviol(test), 0ULL);
}

/*
 * The two parts share one event table per box type: each type finds
 * exactly the rows of its part (and of both), none shadowed by another
 * row of the same code.
 */
static void test_snbep_events_per_part(struct kunit *test)
{
	static const struct sim_platform *const plats[] = {
		&sim_snbep_platform, &sim_ivbep_platform,
	};
	unsigned int p, i, e;

	for (p = 0; p < ARRAY_SIZE(plats); p++) {
		for (i = 0; i < plats[p]->ntypes; i++) {
			const struct sim_box_type *t = plats[p]->types[i];

			for (e = 0; e < t->nevents; e++) {
				const struct sim_event *ev = &t->events[e];
				const struct sim_event *found = sim_event_find(t, ev->code);

				if (!ev->parts || ev->parts & t->part)
					KUNIT_EXPECT_PTR_EQ_MSG(test, found, ev, "%s %s 0x%x",
								plats[p]->name, t->name, ev->code);
				else
					KUNIT_EXPECT_PTR_NE(test, found, ev);
			}
		}
	}
}

static struct kunit_case snbep_test_cases[] = {
	KUNIT_CASE(test_snbep_reset_values),
	KUNIT_CASE(test_snbep_pci_dwords),
	KUNIT_CASE(test_snbep_freeze),
	KUNIT_CASE(test_snbep_edge_needs_thresh),
	KUNIT_CASE(test_snbep_reset_bits),
	KUNIT_CASE_PARAM(test_snbep_reserved, rsv_gen_params),
	KUNIT_CASE(test_snbep_write_only),
	KUNIT_CASE(test_snbep_filters),
	KUNIT_CASE(test_snbep_fixed),
	KUNIT_CASE(test_snbep_node_id),
	KUNIT_CASE(test_snbep_ubox),
	KUNIT_CASE(test_snbep_events_per_part),
	{}
};

static struct kunit_suite snbep_test_suite = {
	.name = "xeon_uncore_sim_snbep",
	.init = snbep_test_init,
	.exit = snbep_test_exit,
	.test_cases = snbep_test_cases,
};

/* ---- E5-2600 v2 ------------------------------------------------------- */

#define V2_GCTL		0xc00
#define V2_GSTATUS	0xc01
#define V2_C_STATUS(b)	(XU_ASSUMED_IVBEP_C0_BOX_STATUS + 0x20 * (b))
#define V2_C_FILTER1(b)	(0xd1a + 0x20 * (b))
#define V2_OV_EN	BIT_ULL(20)
#define V2_INVERT	BIT_ULL(23)
#define V2_UNFRZ_ALL	BIT_ULL(29)
#define V2_FRZ_ALL	BIT_ULL(31)
#define V2_OV_C		XU_ASSUMED_IVBEP_OV_C
#define V2_OV_M		XU_ASSUMED_IVBEP_OV_M
#define V2_IRP		SIM_PCI_ADDR(5, 6, 0)
#define V2_PSTATUS	0xf8

static const unsigned int imc_fn_v2[] = { 4, 5, 0, 1 };

/* iMC channel c: controller 0 (device 16) or 1 (device 30) */
static u32 v2_imc(unsigned int c)
{
	return SIM_PCI_ADDR(c < 4 ? 16 : 30, imc_fn_v2[c % 4], 0);
}

static int ivbep_test_init(struct kunit *test)
{
	struct sim *sim = sim_create(&sim_ivbep_platform, 2, 2000, 64);

	KUNIT_ASSERT_FALSE(test, IS_ERR(sim));
	sim_set_manual(sim, true);
	test->priv = sim;
	return 0;
}

/*
 * A C-box counter with ov_en wraps: its status bit, the C-box summary,
 * every counter frozen, a PMI for the pmi_core_sel cores; both statuses
 * clear by writing 1s; unfrz_all counts again.
 */
static void test_ivbep_overflow_freeze(struct kunit *test)
{
	struct sim *sim = tsim(test);
	u64 before;

	wr(test, 1, V2_GCTL, 0x4);		/* core 2 */
	wr(test, 1, C_CTR(3, 1), BIT_ULL(44) - 2);
	wr(test, 1, C_CTL(3, 1), CTL(0x00, 0) | V2_OV_EN);
	wr(test, 1, U_CTL(0), CTL(0x42, 0x1));
	sim_advance(sim, 1000);
	KUNIT_EXPECT_EQ(test, rd(test, 1, V2_C_STATUS(3)), BIT_ULL(1));
	KUNIT_EXPECT_EQ(test, rd(test, 1, V2_GSTATUS), V2_OV_C);
	KUNIT_EXPECT_EQ(test, sim->sock[1].pmi_pending, 0x4U);
	KUNIT_EXPECT_EQ(test, rd(test, 0, V2_GSTATUS), 0ULL);
	/* frozen: neither the C-box nor the U-box counts on */
	before = rd(test, 1, U_CTR(0));
	sim_advance(sim, 1000);
	KUNIT_EXPECT_EQ(test, rd(test, 1, U_CTR(0)), before);
	KUNIT_EXPECT_LT(test, rd(test, 1, C_CTR(3, 1)), 1000ULL);
	wr(test, 1, V2_C_STATUS(3), BIT_ULL(1));
	wr(test, 1, V2_GSTATUS, V2_OV_C);
	KUNIT_EXPECT_EQ(test, rd(test, 1, V2_C_STATUS(3)), 0ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 1, V2_GSTATUS), 0ULL);
	wr(test, 1, V2_GCTL, 0x4 | V2_UNFRZ_ALL);
	KUNIT_EXPECT_EQ(test, rd(test, 1, V2_GCTL), 0x4ULL);	/* frz bits read 0 */
	sim_advance(sim, 1000);
	KUNIT_EXPECT_GT(test, rd(test, 1, U_CTR(0)), before);
	wr(test, 1, V2_GCTL, V2_FRZ_ALL);
	before = rd(test, 1, U_CTR(0));
	sim_advance(sim, 1000);
	KUNIT_EXPECT_EQ(test, rd(test, 1, U_CTR(0)), before);
	KUNIT_EXPECT_EQ(test, nviol(test), 0ULL);
}

/* Without ov_en a counter wraps silently: no status, no freeze. */
static void test_ivbep_silent_wrap(struct kunit *test)
{
	wr(test, 0, C_CTR(0, 0), BIT_ULL(44) - 2);
	wr(test, 0, C_CTL(0, 0), CTL(0x00, 0));
	sim_advance(tsim(test), 1000);
	KUNIT_EXPECT_EQ(test, rd(test, 0, V2_C_STATUS(0)), 0ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, V2_GSTATUS), 0ULL);
	KUNIT_EXPECT_EQ(test, tsim(test)->sock[0].pmi_pending, 0U);
	KUNIT_EXPECT_LT(test, rd(test, 0, C_CTR(0, 0)), 1000ULL);
}

/* iMC status: the DCLK counter at bit 0, counter 0 at bit 1 (channel 6). */
static void test_ivbep_imc_status(struct kunit *test)
{
	u32 imc = v2_imc(6);

	pwr(test, 0, imc + DCLK_CTR, U32_MAX - 1);
	pwr(test, 0, imc + DCLK_CTR + 4, 0xffff);
	pwr(test, 0, imc + DCLK_CTL, EN | V2_OV_EN);
	sim_advance(tsim(test), 1000);
	KUNIT_EXPECT_EQ(test, prd(test, 0, imc + V2_PSTATUS), 0x1U);
	KUNIT_EXPECT_EQ(test, rd(test, 0, V2_GSTATUS), V2_OV_M);
	pwr(test, 0, imc + V2_PSTATUS, 0x1);
	wr(test, 0, V2_GSTATUS, V2_OV_M);
	wr(test, 0, V2_GCTL, V2_UNFRZ_ALL);
	pwr(test, 0, imc + PCTR(0), U32_MAX - 1);
	pwr(test, 0, imc + PCTR(0) + 4, 0xffff);
	pwr(test, 0, imc + PCTL(0), CTL(0x00, 0) | V2_OV_EN);
	sim_advance(tsim(test), 1000);
	KUNIT_EXPECT_EQ(test, prd(test, 0, imc + V2_PSTATUS), 0x2U);
	KUNIT_EXPECT_EQ(test, nviol(test), 0ULL);
}

/* IRP counters: 0xa0, 0xb0, 0xb8, 0xc0, controls 0xd8-0xe4. */
static void test_ivbep_irp_offsets(struct kunit *test)
{
	static const u32 ctr[] = { 0xa0, 0xb0, 0xb8, 0xc0 };
	unsigned int n;

	for (n = 0; n < 4; n++) {
		pwr(test, 1, V2_IRP + ctr[n], 0x100 + n);
		KUNIT_EXPECT_EQ(test, prd(test, 1, V2_IRP + ctr[n]), 0x100U + n);
	}
	pwr(test, 1, V2_IRP + PCTL(2), CTL(0x01, 0));
	sim_advance(tsim(test), 1000);
	KUNIT_EXPECT_GT(test, prd64(test, 1, V2_IRP + 0xb8), 0x102ULL);
	KUNIT_EXPECT_EQ(test, prd64(test, 1, V2_IRP + 0xb0), 0x101ULL);
	KUNIT_EXPECT_EQ(test, nviol(test), 0ULL);
}

/*
 * R3QPI (guide 2.10.2): ring events count on counter 2 only, occupancy on
 * counter 0 only; enabled elsewhere they count nothing, a violation each.
 */
static void test_ivbep_r3qpi_counters(struct kunit *test)
{
	static const struct { u8 ev; unsigned int on, off; } c[] = {
		{ 0x07, 2, 0 },	/* RING_AD_USED */
		{ 0x0a, 2, 1 },	/* RING_IV_USED */
		{ 0x13, 0, 2 },	/* RxR_OCCUPANCY */
	};
	unsigned int i, l = 1;

	for (i = 0; i < ARRAY_SIZE(c); i++) {
		u64 on, off, n = nviol(test);

		pwr(test, 0, R3QPI(l) + PBOX, FRZ);
		pwr(test, 0, R3QPI(l) + PCTR(c[i].on), 0);
		pwr(test, 0, R3QPI(l) + PCTR(c[i].off), 0);
		pwr(test, 0, R3QPI(l) + PCTL(c[i].on), CTL(c[i].ev, 0));
		KUNIT_EXPECT_EQ(test, nviol(test), n);
		pwr(test, 0, R3QPI(l) + PCTL(c[i].off), CTL(c[i].ev, 0));
		KUNIT_EXPECT_EQ(test, nviol(test), n + 1);
		KUNIT_EXPECT_STREQ(test, last_why(test),
				   "event enabled on a counter that cannot count it");
		pwr(test, 0, R3QPI(l) + PBOX, 0);
		sim_advance(tsim(test), 1000);
		on = prd64(test, 0, R3QPI(l) + PCTR(c[i].on));
		off = prd64(test, 0, R3QPI(l) + PCTR(c[i].off));
		KUNIT_EXPECT_GT_MSG(test, on, 0ULL, "event %#x on counter %u", c[i].ev, c[i].on);
		KUNIT_EXPECT_EQ_MSG(test, off, 0ULL, "event %#x on counter %u", c[i].ev, c[i].off);
		pwr(test, 0, R3QPI(l) + PCTL(c[i].on), 0);
		pwr(test, 0, R3QPI(l) + PCTL(c[i].off), 0);
	}
}

/* invert (23) is reserved; FILTER1 has nid 15:0, opc/c6/nc/isoc 31:20. */
static void test_ivbep_reserved(struct kunit *test)
{
	wr(test, 0, C_CTL(1, 0), CTL(0x34, 0x3) | V2_INVERT);
	KUNIT_EXPECT_EQ(test, nviol(test), 1ULL);
	KUNIT_EXPECT_EQ(test, last_bits(test), V2_INVERT);
	wr(test, 0, V2_C_FILTER1(1), 0xfff0ffffULL);
	KUNIT_EXPECT_EQ(test, nviol(test), 1ULL);
	wr(test, 0, V2_C_FILTER1(1), BIT_ULL(16));
	KUNIT_EXPECT_EQ(test, nviol(test), 2ULL);
	wr(test, 0, C_BOX(1), FRZ_EN);
	KUNIT_EXPECT_EQ(test, nviol(test), 3ULL);
}

static struct kunit_case ivbep_test_cases[] = {
	KUNIT_CASE(test_ivbep_overflow_freeze),
	KUNIT_CASE(test_ivbep_silent_wrap),
	KUNIT_CASE(test_ivbep_imc_status),
	KUNIT_CASE(test_ivbep_irp_offsets),
	KUNIT_CASE(test_ivbep_reserved),
	KUNIT_CASE(test_ivbep_r3qpi_counters),
	{}
};

static struct kunit_suite ivbep_test_suite = {
	.name = "xeon_uncore_sim_ivbep",
	.init = ivbep_test_init,
	.exit = snbep_test_exit,
	.test_cases = ivbep_test_cases,
};

/* ---- Event codes listed for both parts ------------------------------- */

/*
 * For test_listed_events (sim_test.c): every event code of perf's
 * jaketown (E5-2600) and ivytown (E5-2600 v2) lists (REFERENCE.md 8.2;
 * ExtSel as code + 0x100), by unit, and those libpfm4's tables of the
 * guides add ([PFM]).  Not listed: event 0xff of perf and libpfm4's iMC,
 * the fixed DCLK counter (its own type), and the codes upstream's
 * constraint tables name and no list does (REFERENCE.md 4.8).
 */
/* jaketown uncore-other.json, Unit "UBOX": 7 codes */
static const u16 snb_ubox[] = {
	0x41, 0x42, 0x43, 0x44, 0x145, 0x146, 0x147,
};

/*
 * jaketown uncore-cache.json, Unit "CBO": 21 codes; [PFM]: 0x04
 * TxR_ADS_USED, 0x07 RING_SRC_THRTL, 0x21 ISMQ_DRD_MISS_OCC
 */
static const u16 snb_cbox[] = {
	0x00, 0x02, 0x03, 0x04, 0x05, 0x07, 0x11, 0x12,
	0x13, 0x14, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f, 0x21,
	0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x39,
};

/* jaketown uncore-power.json, Unit "PCU": 37 codes */
static const u16 snb_pcu[] = {
	0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
	0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x1e, 0x1f,
	0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x2f, 0x32,
	0x80, 0x100, 0x101, 0x102, 0x103, 0x104, 0x105, 0x106,
	0x107, 0x108, 0x109, 0x10a, 0x10b,
};

/* jaketown uncore-cache.json, Unit "HA": 37 codes */
static const u16 snb_ha[] = {
	0x00, 0x01, 0x06, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
	0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x18,
	0x19, 0x1a, 0x1b, 0x1c, 0x1e, 0x22, 0x27, 0x28,
	0x29, 0x2a, 0x2f, 0x30, 0x31, 0x32, 0x33, 0x34,
	0x35, 0x36, 0x3e, 0x3f, 0x40,
};

/* jaketown uncore-memory.json, Unit "iMC": 25 codes */
static const u16 snb_imc[] = {
	0x00, 0x01, 0x02, 0x04, 0x05, 0x06, 0x07, 0x08,
	0x09, 0x10, 0x11, 0x12, 0x20, 0x21, 0x22, 0x23,
	0x24, 0x41, 0x43, 0x80, 0x81, 0x83, 0x84, 0x85,
	0x86,
};

/* jaketown uncore-interconnect.json, Unit "QPI LL": 41 codes */
static const u16 snb_qpi[] = {
	0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
	0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0f, 0x10,
	0x12, 0x13, 0x14, 0x35, 0x100, 0x101, 0x102, 0x103,
	0x109, 0x10a, 0x10b, 0x10c, 0x10d, 0x10e, 0x115, 0x116,
	0x117, 0x118, 0x119, 0x11a, 0x11b, 0x11c, 0x11d, 0x11e,
	0x138,
};

/*
 * jaketown uncore-other.json, Unit "R2PCIe": 13 codes; [PFM]: 0x24
 * TxR_INSERTS
 */
static const u16 snb_r2pcie[] = {
	0x01, 0x07, 0x08, 0x09, 0x0a, 0x10, 0x12, 0x23,
	0x24, 0x25, 0x26, 0x32, 0x33, 0x34,
};

/*
 * jaketown uncore-other.json, Unit "R3QPI": 18 codes; [PFM]: 0x24
 * TxR_INSERTS, 0x25 TxR_CYCLES_FULL, 0x26 TxR_NACK
 */
static const u16 snb_r3qpi[] = {
	0x01, 0x07, 0x08, 0x09, 0x0a, 0x10, 0x11, 0x12,
	0x13, 0x20, 0x21, 0x22, 0x24, 0x25, 0x26, 0x31,
	0x32, 0x33, 0x34, 0x36, 0x37,
};

/* ivytown uncore-other.json, Unit "UBOX": 6 codes */
static const u16 ivb_ubox[] = {
	0x41, 0x42, 0x43, 0x44, 0x45, 0x46,
};

/*
 * ivytown uncore-cache.json, Unit "CBO": 23 codes; [PFM]: 0x07
 * RING_SRC_THRTL
 */
static const u16 ivb_cbox[] = {
	0x00, 0x02, 0x03, 0x04, 0x05, 0x07, 0x11, 0x12,
	0x13, 0x14, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f, 0x31,
	0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x39, 0x3c,
};

/* ivytown uncore-power.json, Unit "PCU": 71 codes */
static const u16 ivb_pcu[] = {
	0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
	0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x1e, 0x1f,
	0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x2f, 0x32,
	0x40, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x60,
	0x61, 0x62, 0x63, 0x70, 0x71, 0x72, 0x73, 0x74,
	0x75, 0x76, 0x77, 0x78, 0x79, 0x7a, 0x7b, 0x7c,
	0x7d, 0x7e, 0x80, 0x117, 0x118, 0x119, 0x11a, 0x11b,
	0x11c, 0x11d, 0x11e, 0x11f, 0x120, 0x121, 0x122, 0x123,
	0x124, 0x125, 0x126, 0x12a, 0x12b, 0x12c, 0x12d,
};

/* ivytown uncore-cache.json, Unit "HA": 52 codes */
static const u16 ivb_ha[] = {
	0x00, 0x01, 0x03, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
	0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17,
	0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1e, 0x21, 0x22,
	0x27, 0x28, 0x29, 0x2a, 0x2f, 0x30, 0x31, 0x32,
	0x33, 0x34, 0x35, 0x36, 0x3e, 0x3f, 0x40, 0x41,
	0x42, 0x43, 0x51, 0x52, 0x53, 0x54, 0x56, 0x57,
	0x58, 0x59, 0x5a, 0x60,
};

/* ivytown uncore-memory.json, Unit "iMC": 44 codes */
static const u16 ivb_imc[] = {
	0x00, 0x01, 0x02, 0x04, 0x05, 0x06, 0x07, 0x08,
	0x09, 0x10, 0x11, 0x20, 0x21, 0x22, 0x23, 0x24,
	0x41, 0x43, 0x83, 0x84, 0x85, 0x86, 0x90, 0x91,
	0xa0, 0xa1, 0xb0, 0xb1, 0xb2, 0xb3, 0xb4, 0xb5,
	0xb6, 0xb7, 0xb8, 0xb9, 0xba, 0xbb, 0xbc, 0xbd,
	0xbe, 0xbf, 0xc0, 0xc1,
};

/* ivytown uncore-other.json, Unit "IRP": 27 codes */
static const u16 ivb_irp[] = {
	0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
	0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
	0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17,
	0x18, 0x19, 0x1a,
};

/* ivytown uncore-interconnect.json, Unit "QPI LL": 63 codes */
static const u16 ivb_qpi[] = {
	0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
	0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0f, 0x10,
	0x12, 0x13, 0x14, 0x100, 0x101, 0x102, 0x103, 0x109,
	0x10a, 0x10b, 0x10c, 0x10d, 0x10e, 0x10f, 0x110, 0x111,
	0x112, 0x113, 0x114, 0x115, 0x116, 0x117, 0x118, 0x119,
	0x11a, 0x11b, 0x11c, 0x11d, 0x11e, 0x11f, 0x120, 0x121,
	0x122, 0x123, 0x124, 0x125, 0x126, 0x127, 0x128, 0x129,
	0x12a, 0x12b, 0x12c, 0x135, 0x138, 0x139, 0x13a,
};

/* ivytown uncore-other.json, Unit "R2PCIe": 16 codes */
static const u16 ivb_r2pcie[] = {
	0x01, 0x07, 0x08, 0x09, 0x0a, 0x10, 0x11, 0x12,
	0x13, 0x23, 0x25, 0x26, 0x28, 0x32, 0x33, 0x34,
};

/*
 * ivytown uncore-other.json, Unit "R3QPI": 26 codes; [PFM]: 0x23
 * TxR_CYCLES_NE, 0x25 TxR_CYCLES_FULL
 */
static const u16 ivb_r3qpi[] = {
	0x01, 0x07, 0x08, 0x09, 0x0a, 0x10, 0x11, 0x12,
	0x13, 0x23, 0x25, 0x26, 0x28, 0x29, 0x2a, 0x2b,
	0x2c, 0x2d, 0x2e, 0x2f, 0x31, 0x32, 0x33, 0x34,
	0x36, 0x37, 0x38, 0x39,
};

const struct ref_events sim_ref_snbep[] = {
	{ "snbep", "ubox", REF_STD, 0, snb_ubox, ARRAY_SIZE(snb_ubox) },
	REF_NONE("snbep ivbep", "uclk", "fixed counter: uncore clocks"),
	{ "snbep", "cbox", REF_STD, 0, snb_cbox, ARRAY_SIZE(snb_cbox) },
	{ "snbep", "pcu", REF_STD, 0, snb_pcu, ARRAY_SIZE(snb_pcu) },
	REF_NONE("snbep ivbep", "cstate", "fixed counters: core C3/C6 residency"),
	{ "snbep", "ha", REF_STD, 0, snb_ha, ARRAY_SIZE(snb_ha) },
	{ "snbep", "imc", REF_STD, 0, snb_imc, ARRAY_SIZE(snb_imc) },
	REF_NONE("snbep ivbep", "dclk", "fixed counter: DRAM clocks (perf event 0xff)"),
	{ "snbep", "qpi", REF_STD, 0, snb_qpi, ARRAY_SIZE(snb_qpi) },
	{ "snbep", "r2pcie", REF_STD, 0, snb_r2pcie, ARRAY_SIZE(snb_r2pcie) },
	{ "snbep", "r3qpi", REF_STD, 0, snb_r3qpi, ARRAY_SIZE(snb_r3qpi) },
	{ "ivbep", "ubox", REF_STD, 0, ivb_ubox, ARRAY_SIZE(ivb_ubox) },
	{ "ivbep", "cbox", REF_STD, 0, ivb_cbox, ARRAY_SIZE(ivb_cbox) },
	{ "ivbep", "pcu", REF_STD, 0, ivb_pcu, ARRAY_SIZE(ivb_pcu) },
	{ "ivbep", "ha", REF_STD, 0, ivb_ha, ARRAY_SIZE(ivb_ha) },
	{ "ivbep", "imc", REF_STD, 0, ivb_imc, ARRAY_SIZE(ivb_imc) },
	{ "ivbep", "irp", REF_STD, 0, ivb_irp, ARRAY_SIZE(ivb_irp) },
	{ "ivbep", "qpi", REF_STD, 0, ivb_qpi, ARRAY_SIZE(ivb_qpi) },
	{ "ivbep", "r2pcie", REF_STD, 0, ivb_r2pcie, ARRAY_SIZE(ivb_r2pcie) },
	{ "ivbep", "r3qpi", REF_STD, 0, ivb_r3qpi, ARRAY_SIZE(ivb_r3qpi) },
	{ }
};

kunit_test_suites(&snbep_test_suite, &ivbep_test_suite);
