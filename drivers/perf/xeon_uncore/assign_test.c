// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the xeon_uncore core's counter assignment (assign.c):
 * events placed on counters against brute force, the shared registers
 * (filters, the Xeon 7500's R-box pairs and M-box slots) and the fixed
 * counter.  The suites of the other areas sit beside this one (*_test.c);
 * all are one module, xeon_uncore_test.
 */
#include "xeon_uncore_test.h"

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

static struct kunit_case xu_assign_test_cases[] = {
	XU_KUNIT_CASE_SLOW(xu_test_assign_brute),
	KUNIT_CASE(xu_test_assign_sticky),
	KUNIT_CASE(xu_test_assign_no_needless_moves),
	KUNIT_CASE(xu_test_assign_too_many),
	KUNIT_CASE(xu_test_shared_arbitration),
	KUNIT_CASE(xu_test_slot_rotation),
	KUNIT_CASE(xu_test_rbox_pairs),
	XU_KUNIT_CASE_SLOW(xu_test_mbox_fvc),
	KUNIT_CASE(xu_test_mbox_iss_ignored),
	KUNIT_CASE(xu_test_fixed_counter),
	{ }
};

static struct kunit_suite xu_assign_test_suite = {
	.name = "xeon_uncore_assign",
	.test_cases = xu_assign_test_cases,
};

kunit_test_suites(&xu_assign_test_suite);
