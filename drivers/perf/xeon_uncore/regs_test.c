// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of every box type's registers: their layout (no two
 * overlap) and the overflow tree.
 */
#include "xeon_uncore_test.h"

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

static struct kunit_case xu_regs_test_cases[] = {
	KUNIT_CASE_PARAM(xu_test_register_layout, xu_type_gen),
	KUNIT_CASE_PARAM(xu_test_overflow_tree, xu_type_gen),
	{ }
};

static struct kunit_suite xu_regs_test_suite = {
	.name = "xeon_uncore_regs",
	.test_cases = xu_regs_test_cases,
};

kunit_test_suites(&xu_regs_test_suite);
