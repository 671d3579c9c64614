// SPDX-License-Identifier: GPL-2.0
/*
 * Xeon E5-2600 (Sandy Bridge-EP, family 6 model 0x2d) uncore: the boxes
 * in MSR space -- U-box, C-boxes, PCU.
 *
 * Source: Intel Xeon Processor E5-2600 Product Family Uncore Performance
 * Monitoring Guide (327043-001), sections 2.1 (sequences), 2.3 (C-box),
 * 2.4 (PCU), 2.5 (U-box); counter constraints as upstream Linux applies
 * them.  This part has no uncore overflow interrupt.
 *
 * Work in progress: the PCI boxes (HA, iMC, QPI, R2PCIe, R3QPI) come
 * next; the core's PCI discovery (pci.c) is ready for them.
 */
#include <linux/bitfield.h>
#include <linux/bits.h>
#include <linux/kernel.h>
#include <kunit/visibility.h>

#include "uncore.h"

/* Counter control (guide 2.1.3); fields differ per box below. */
#define SNBEP_CTL_EV_SEL	GENMASK_ULL(7, 0)
#define SNBEP_CTL_UMASK		GENMASK_ULL(15, 8)
#define SNBEP_CTL_EDGE		BIT_ULL(18)
#define SNBEP_CTL_TID_EN	BIT_ULL(19)	/* C-box */
#define SNBEP_CTL_EV_SEL_EXT	BIT_ULL(21)	/* 9th event-select bit */
#define SNBEP_CTL_EN		BIT_ULL(22)
#define SNBEP_CTL_INVERT	BIT_ULL(23)
#define SNBEP_CTL_THRESH8	GENMASK_ULL(31, 24)
#define SNBEP_CTL_THRESH5	GENMASK_ULL(28, 24)	/* U-box, PCU */
#define SNBEP_PCU_OCC_SEL	GENMASK_ULL(15, 14)
#define SNBEP_PCU_OCC_INVERT	BIT_ULL(30)
#define SNBEP_PCU_OCC_EDGE	BIT_ULL(31)

/* Box control (guide 2.1.2) */
#define SNBEP_BOX_RST_CTRL	BIT_ULL(0)
#define SNBEP_BOX_RST_CTRS	BIT_ULL(1)
#define SNBEP_BOX_FRZ		BIT_ULL(8)
#define SNBEP_BOX_FRZ_EN	BIT_ULL(16)

/* C-box filter (guide table 2-19) */
#define SNBEP_CF_TID		GENMASK_ULL(4, 0)
#define SNBEP_CF_NID		GENMASK_ULL(17, 10)
#define SNBEP_CF_STATE		GENMASK_ULL(22, 18)
#define SNBEP_CF_OPC		GENMASK_ULL(31, 23)

/* PCU filter: four frequency bands in 100 MHz units */
#define SNBEP_PF_BAND(n)	(0xffULL << (8 * (n)))

#define SNBEP_U_CTL0		0xc10
#define SNBEP_U_CTR0		0xc16
#define SNBEP_U_FIXED_CTL	0xc08
#define SNBEP_U_FIXED_CTR	0xc09
#define SNBEP_C0_BOX_CTL	0xd04		/* C-box n: + n * 0x20 */
#define SNBEP_C0_CTL0		0xd10
#define SNBEP_C0_FILTER		0xd14
#define SNBEP_C0_CTR0		0xd16
#define SNBEP_C_STRIDE		0x20
#define SNBEP_PCU_BOX_CTL	0xc24
#define SNBEP_PCU_CTL0		0xc30
#define SNBEP_PCU_FILTER	0xc34
#define SNBEP_PCU_CTR0		0xc36

XU_FIELD(event,		event,		0, SNBEP_CTL_EV_SEL);
XU_FIELD(event_ext,	event,		0, SNBEP_CTL_EV_SEL | SNBEP_CTL_EV_SEL_EXT);
XU_FIELD(umask,		umask,		0, SNBEP_CTL_UMASK);
XU_FIELD(edge,		edge,		0, SNBEP_CTL_EDGE);
XU_FIELD(tid_en,	tid_en,		0, SNBEP_CTL_TID_EN);
XU_FIELD(inv,		inv,		0, SNBEP_CTL_INVERT);
XU_FIELD(thresh8,	thresh,		0, SNBEP_CTL_THRESH8);
XU_FIELD(thresh5,	thresh,		0, SNBEP_CTL_THRESH5);
XU_FIELD(occ_sel,	occ_sel,	0, SNBEP_PCU_OCC_SEL);
XU_FIELD(occ_invert,	occ_invert,	0, SNBEP_PCU_OCC_INVERT);
XU_FIELD(occ_edge,	occ_edge,	0, SNBEP_PCU_OCC_EDGE);
XU_FIELD(filter_tid,	filter_tid,	1, SNBEP_CF_TID);
XU_FIELD(filter_nid,	filter_nid,	1, SNBEP_CF_NID);
XU_FIELD(filter_state,	filter_state,	1, SNBEP_CF_STATE);
XU_FIELD(filter_opc,	filter_opc,	1, SNBEP_CF_OPC);
XU_FIELD(filter_band0,	filter_band0,	1, SNBEP_PF_BAND(0));
XU_FIELD(filter_band1,	filter_band1,	1, SNBEP_PF_BAND(1));
XU_FIELD(filter_band2,	filter_band2,	1, SNBEP_PF_BAND(2));
XU_FIELD(filter_band3,	filter_band3,	1, SNBEP_PF_BAND(3));

static struct xu_field * const snbep_ubox_fields[] = {
	&xu_field_event, &xu_field_umask, &xu_field_edge, &xu_field_inv,
	&xu_field_thresh5, NULL,
};

static struct xu_field * const snbep_cbox_fields[] = {
	&xu_field_event, &xu_field_umask, &xu_field_edge, &xu_field_tid_en,
	&xu_field_inv, &xu_field_thresh8, &xu_field_filter_tid,
	&xu_field_filter_nid, &xu_field_filter_state, &xu_field_filter_opc,
	NULL,
};

/* occ_edge is the hardware's bit 31 (upstream declares config:14-51). */
static struct xu_field * const snbep_pcu_fields[] = {
	&xu_field_event_ext, &xu_field_occ_sel, &xu_field_edge, &xu_field_inv,
	&xu_field_thresh5, &xu_field_occ_invert, &xu_field_occ_edge,
	&xu_field_filter_band0, &xu_field_filter_band1,
	&xu_field_filter_band2, &xu_field_filter_band3, NULL,
};

/* Queue occupancies only accumulate behind counter 0; rings on 2-3. */
static const struct xu_constraint snbep_cbox_constraints[] = {
	XU_CONSTRAINT(SNBEP_CTL_EV_SEL, 0x01, 0x1),
	XU_CONSTRAINT(SNBEP_CTL_EV_SEL, 0x02, 0x3),
	XU_CONSTRAINT(SNBEP_CTL_EV_SEL, 0x04, 0x3),
	XU_CONSTRAINT(SNBEP_CTL_EV_SEL, 0x05, 0x3),
	XU_CONSTRAINT(SNBEP_CTL_EV_SEL, 0x07, 0x3),
	XU_CONSTRAINT(SNBEP_CTL_EV_SEL, 0x09, 0x3),
	XU_CONSTRAINT(SNBEP_CTL_EV_SEL, 0x11, 0x1),
	XU_CONSTRAINT(SNBEP_CTL_EV_SEL, 0x12, 0x3),
	XU_CONSTRAINT(SNBEP_CTL_EV_SEL, 0x13, 0x3),
	XU_CONSTRAINT(SNBEP_CTL_EV_SEL, 0x1b, 0xc),
	XU_CONSTRAINT(SNBEP_CTL_EV_SEL, 0x1c, 0xc),
	XU_CONSTRAINT(SNBEP_CTL_EV_SEL, 0x1d, 0xc),
	XU_CONSTRAINT(SNBEP_CTL_EV_SEL, 0x1e, 0xc),
	XU_CONSTRAINT(SNBEP_CTL_EV_SEL, 0x1f, 0xe),	/* reads counter 0 */
	XU_CONSTRAINT(SNBEP_CTL_EV_SEL, 0x21, 0x3),
	XU_CONSTRAINT(SNBEP_CTL_EV_SEL, 0x23, 0x3),
	XU_CONSTRAINT(SNBEP_CTL_EV_SEL, 0x31, 0x3),
	XU_CONSTRAINT(SNBEP_CTL_EV_SEL, 0x32, 0x3),
	XU_CONSTRAINT(SNBEP_CTL_EV_SEL, 0x33, 0x3),
	XU_CONSTRAINT(SNBEP_CTL_EV_SEL, 0x34, 0x3),
	XU_CONSTRAINT(SNBEP_CTL_EV_SEL, 0x35, 0x3),
	XU_CONSTRAINT(SNBEP_CTL_EV_SEL, 0x36, 0x1),
	XU_CONSTRAINT(SNBEP_CTL_EV_SEL, 0x37, 0x3),
	XU_CONSTRAINT(SNBEP_CTL_EV_SEL, 0x38, 0x3),
	XU_CONSTRAINT(SNBEP_CTL_EV_SEL, 0x39, 0x3),
	XU_CONSTRAINT(SNBEP_CTL_EV_SEL, 0x3b, 0x1),
	{ }
};

/*
 * Which C-box filter fields an event uses (guide 2.3.5; upstream's
 * table), by event code range and umask.  LLC_LOOKUP 0x34, TOR_INSERTS
 * 0x35 and TOR_OCCUPANCY 0x36 (same sub-events), LLC_VICTIMS 0x37.
 */
struct snbep_filter_use {
	u8 ev_first, ev_last, umask_mask, umask;
	u64 fields;
};

static const struct snbep_filter_use snbep_cbox_filter_use[] = {
	{ 0x34, 0x34, 0xff, 0x03, SNBEP_CF_STATE },
	{ 0x34, 0x34, 0xff, 0x05, SNBEP_CF_STATE },
	{ 0x34, 0x34, 0xff, 0x09, SNBEP_CF_STATE },
	{ 0x34, 0x34, 0xff, 0x41, SNBEP_CF_STATE | SNBEP_CF_NID },
	{ 0x34, 0x34, 0xff, 0x43, SNBEP_CF_STATE | SNBEP_CF_NID },
	{ 0x34, 0x34, 0xff, 0x45, SNBEP_CF_STATE | SNBEP_CF_NID },
	{ 0x34, 0x34, 0xff, 0x49, SNBEP_CF_STATE | SNBEP_CF_NID },
	{ 0x35, 0x36, 0xff, 0x01, SNBEP_CF_OPC },
	{ 0x35, 0x36, 0xff, 0x03, SNBEP_CF_OPC },
	{ 0x35, 0x36, 0xff, 0x41, SNBEP_CF_OPC | SNBEP_CF_NID },
	{ 0x35, 0x36, 0xff, 0x43, SNBEP_CF_OPC | SNBEP_CF_NID },
	{ 0x35, 0x36, 0xff, 0x44, SNBEP_CF_NID },
	{ 0x35, 0x36, 0xff, 0x48, SNBEP_CF_NID },
	{ 0x35, 0x36, 0xff, 0x4a, SNBEP_CF_NID },
	{ 0x35, 0x36, 0xff, 0x50, SNBEP_CF_NID },
	{ 0x37, 0x37, 0x40, 0x40, SNBEP_CF_NID },
};

#define SNBEP_CF_USE \
	"tid: tid_en=1; state: LLC_LOOKUP; opc: TOR_*; nid: umask bit 0x40"

static const char *snbep_cbox_encode(const struct xu_box_type *t,
				     const u64 *config, struct xu_enc *enc)
{
	u8 ev = FIELD_GET(SNBEP_CTL_EV_SEL, config[0]);
	u8 umask = FIELD_GET(SNBEP_CTL_UMASK, config[0]);
	u64 fields = 0, filter = config[1];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(snbep_cbox_filter_use); i++) {
		const struct snbep_filter_use *u = &snbep_cbox_filter_use[i];

		if (ev >= u->ev_first && ev <= u->ev_last &&
		    (umask & u->umask_mask) == u->umask)
			fields |= u->fields;
	}
	if (config[0] & SNBEP_CTL_TID_EN)
		fields |= SNBEP_CF_TID;
	if (filter & ~fields)
		return "a filter field the event does not use (" SNBEP_CF_USE ")";

	/* A state mask of 0 would match no line: 0 means any state. */
	if ((fields & SNBEP_CF_STATE) && !(filter & SNBEP_CF_STATE))
		filter |= SNBEP_CF_STATE;

	enc->ctl = config[0];
	enc->counters = xu_event_counters(t, enc->ctl);
	enc->shared[0] = filter;
	enc->shared_mask[0] = fields;
	return NULL;
}

/*
 * FREQ_BAND0..3_CYCLES (0x0b-0x0e, without the extension bit) each use
 * their band of the filter; bit 7 marks the occupancy events occ_sel
 * feeds.
 */
#define SNBEP_PF_USE	"filter_band<n> is for FREQ_BAND<n>_CYCLES, 0x0b-0x0e"

static const char *snbep_pcu_encode(const struct xu_box_type *t,
				    const u64 *config, struct xu_enc *enc)
{
	u64 ev = config[0] & (SNBEP_CTL_EV_SEL | SNBEP_CTL_EV_SEL_EXT);
	u64 fields = 0;

	if (ev >= 0x0b && ev <= 0x0e)
		fields = SNBEP_PF_BAND(ev - 0x0b);
	if (config[1] & ~fields)
		return "a filter band the event does not use (" SNBEP_PF_USE ")";
	if ((config[0] & SNBEP_PCU_OCC_SEL) && !(ev & BIT_ULL(7)))
		return "occ_sel applies to occupancy events (0x80-0x8f) only";

	enc->ctl = config[0];
	enc->counters = GENMASK(t->num_counters - 1, 0);
	enc->shared[0] = config[1];
	enc->shared_mask[0] = fields;
	return NULL;
}

static void snbep_box_init(struct xu_box *box)
{
	xu_write_reg(box, xu_box_ctl(box), SNBEP_BOX_FRZ_EN | SNBEP_BOX_FRZ |
		 SNBEP_BOX_RST_CTRL | SNBEP_BOX_RST_CTRS);
}

static void snbep_box_exit(struct xu_box *box)
{
	xu_write_reg(box, xu_box_ctl(box), SNBEP_BOX_RST_CTRL | SNBEP_BOX_RST_CTRS);
}

/* frz_en stays set for the session; frz freezes the box. */
static void snbep_box_enable(struct xu_box *box)
{
	xu_write_reg(box, xu_box_ctl(box), SNBEP_BOX_FRZ_EN);
}

static void snbep_box_disable(struct xu_box *box)
{
	xu_write_reg(box, xu_box_ctl(box), SNBEP_BOX_FRZ_EN | SNBEP_BOX_FRZ);
}

/* Every box with a box control: the same sequences, its own encoder. */
#define SNBEP_BOX_OPS(_encode) {			\
	.init_box	= snbep_box_init,		\
	.exit_box	= snbep_box_exit,		\
	.enable_box	= snbep_box_enable,		\
	.disable_box	= snbep_box_disable,		\
	.encode		= _encode,			\
}

static const struct xu_box_ops snbep_cbox_ops = SNBEP_BOX_OPS(snbep_cbox_encode);
static const struct xu_box_ops snbep_pcu_ops = SNBEP_BOX_OPS(snbep_pcu_encode);

static const struct xu_shared_reg snbep_cbox_filter = {
	.name	= "C-box filter",
	.offset	= SNBEP_C0_FILTER,
	.fields	= { SNBEP_CF_TID, SNBEP_CF_NID, SNBEP_CF_STATE, SNBEP_CF_OPC },
};

static const struct xu_shared_reg snbep_pcu_filter = {
	.name	= "PCU band filter",
	.offset	= SNBEP_PCU_FILTER,
	.fields	= { SNBEP_PF_BAND(0), SNBEP_PF_BAND(1), SNBEP_PF_BAND(2),
		    SNBEP_PF_BAND(3) },
};

/* The U-box has no box control: its counters run while their en is set. */
static const struct xu_box_type snbep_ubox = {
	.name		= "ubox",
	.num_boxes	= 1,
	.num_counters	= 2,
	.width		= 44,
	.max_inc	= 1,
	.ctl0		= SNBEP_U_CTL0,
	.ctr0		= SNBEP_U_CTR0,
	.ctl_stride	= 1,
	.ctr_stride	= 1,
	.fixed_ctl	= SNBEP_U_FIXED_CTL,
	.fixed_ctr	= SNBEP_U_FIXED_CTR,
	.fixed_width	= 48,
	.enable_bit	= SNBEP_CTL_EN,
	.fields		= snbep_ubox_fields,
};

/* max_inc: TOR_OCCUPANCY adds up to the 20 TOR entries per cycle. */
static const struct xu_box_type snbep_cbox = {
	.name		= "cbox",
	.num_boxes	= 8,
	.num_counters	= 4,
	.width		= 44,
	.max_inc	= 20,
	.box_stride	= SNBEP_C_STRIDE,
	.box_ctl	= SNBEP_C0_BOX_CTL,
	.ctl0		= SNBEP_C0_CTL0,
	.ctr0		= SNBEP_C0_CTR0,
	.ctl_stride	= 1,
	.ctr_stride	= 1,
	.enable_bit	= SNBEP_CTL_EN,
	.shared		= &snbep_cbox_filter,
	.nshared	= 1,
	.fields		= snbep_cbox_fields,
	.constraints	= snbep_cbox_constraints,
	.ops		= &snbep_cbox_ops,
};

static const struct xu_box_type snbep_pcu = {
	.name		= "pcu",
	.num_boxes	= 1,
	.num_counters	= 4,
	.width		= 48,
	.max_inc	= 8,		/* occupancy: cores in a C-state */
	.box_ctl	= SNBEP_PCU_BOX_CTL,
	.ctl0		= SNBEP_PCU_CTL0,
	.ctr0		= SNBEP_PCU_CTR0,
	.ctl_stride	= 1,
	.ctr_stride	= 1,
	.enable_bit	= SNBEP_CTL_EN,
	.shared		= &snbep_pcu_filter,
	.nshared	= 1,
	.fields		= snbep_pcu_fields,
	.ops		= &snbep_pcu_ops,
};

static const struct xu_box_type * const snbep_types[] = {
	&snbep_ubox, &snbep_cbox, &snbep_pcu, NULL,
};

const struct xu_platform xu_snbep_platform = {
	.name		= "Xeon E5-2600 (Sandy Bridge-EP)",
	.family		= 6,
	.model		= 0x2d,
	/* the ring runs at core clock: the fastest turbo of the line, 3.8 GHz */
	.uclk_max_hz	= 3800000000ULL,
	.types		= snbep_types,
};
EXPORT_SYMBOL_IF_KUNIT(xu_snbep_platform);
