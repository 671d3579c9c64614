// SPDX-License-Identifier: GPL-2.0
/*
 * Xeon E5-2600 (Sandy Bridge-EP, family 6 model 0x2d) uncore: U-box,
 * C-boxes and PCU in MSR space; HA, four iMC channels, two QPI ports (and
 * their packet match/mask functions), R2PCIe and two R3QPI links in the
 * PCI configuration space of the socket's uncore bus.
 *
 * Source: Intel Xeon Processor E5-2600 Product Family Uncore Performance
 * Monitoring Guide (327043-001), sections 2.1 (sequences), 2.3 (C-box),
 * 2.4 (PCU), 2.5 (U-box), 2.6 (HA), 2.7 (iMC), 2.8 (QPI), 2.9 (R2PCIe),
 * 2.10 (R3QPI); counter constraints as upstream Linux applies them,
 * narrowed where perf's jaketown event list restricts an event further.
 * This part has no uncore overflow interrupt.
 *
 * Xeon E5-2600 v2 (Ivy Bridge-EP, model 0x3e), from its guide (329468):
 * the same boxes and registers, plus 15 C-boxes with two filter registers,
 * a second HA and iMC, the IRP, a third QPI port and R3QPI link; a
 * global control with freeze and unfreeze, per-counter ov_en, per-box
 * overflow status and a PMI (ivbep_* below, after the E5-2600's boxes).
 * The two parts share the encoders and the box sequences; what differs is
 * data, in struct snbep_part, which every box type of both points to.
 */
#include <linux/bitfield.h>
#include <linux/bits.h>
#include <linux/kernel.h>
#include <linux/perf/xeon_uncore_assumed.h>
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

#define SNBEP_CTL_OV_EN		BIT_ULL(20)	/* E5-2600 v2 */

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

/* PCI boxes: offsets in the function's configuration space */
#define SNBEP_PCI_CTR0		0xa0		/* two dwords each */
#define SNBEP_PCI_CTL0		0xd8
#define SNBEP_PCI_BOX_CTL	0xf4
#define SNBEP_MC_FIXED_CTR	0xd0
#define SNBEP_MC_FIXED_CTL	0xf0
#define SNBEP_QPI_MATCH		0x228		/* MATCH0, MATCH1 at +4 */
#define SNBEP_QPI_MASK		0x238		/* MASK0, MASK1 at +4 */

/* QPI packet match/mask fields, as one 64-bit value: MATCH0 31:0, MATCH1 63:32 */
#define SNBEP_QPI_VNW	GENMASK_ULL(4, 3)	/* virtual network */
#define SNBEP_QPI_OPC	GENMASK_ULL(8, 5)	/* opcode */
#define SNBEP_QPI_MC	GENMASK_ULL(12, 9)	/* message class */
#define SNBEP_QPI_DNID	GENMASK_ULL(17, 13)	/* destination node */
#define SNBEP_QPI_RNID4	BIT_ULL(31)	/* remote node, bit 4 */
#define SNBEP_QPI_RNID30	GENMASK_ULL(35, 32)	/* remote node, bits 3:0 (MATCH1) */
#define SNBEP_QPI_RDS	GENMASK_ULL(51, 48)	/* response data state (MATCH1) */
#define SNBEP_QPI_MM_RSV	(~(SNBEP_QPI_VNW | SNBEP_QPI_OPC | SNBEP_QPI_MC | \
				   SNBEP_QPI_DNID | SNBEP_QPI_RNID4 | \
				   SNBEP_QPI_RNID30 | SNBEP_QPI_RDS))

/* The U-box function: which node this bus is, and node -> socket */
#define SNBEP_UBOX_DID		0x3ce0
#define SNBEP_CPUNODEID		0x40
#define SNBEP_GIDNIDMAP		0x54
#define SNBEP_NODEID		GENMASK(2, 0)

#define SNBEP_QPI_CTO_COUNT	(0x38 | SNBEP_CTL_EV_SEL_EXT)

XU_FIELD(event,		event,		0, SNBEP_CTL_EV_SEL);
XU_FIELD(event_ext,	event,		0, SNBEP_CTL_EV_SEL | SNBEP_CTL_EV_SEL_EXT);
XU_FIELD(umask,		umask,		0, SNBEP_CTL_UMASK);
/*
 * The guide: ".invert/.edge_det is in series following .thresh, Due to
 * this, the .thresh field must be set to a non-0 value": without it the
 * encoder programs thresh=1 (every box, both parts: xeon_uncore_assumed.h).
 */
#define SNBEP_NEEDS_THRESH "it is in series following thresh, which must then be non-0 (the guide's note); for events that increment by no more than 1 per cycle, set thresh to 0x1"
XU_FIELD_NEEDS(edge,	edge,		0, SNBEP_CTL_EDGE, "thresh", SNBEP_NEEDS_THRESH);
XU_FIELD(tid_en,	tid_en,		0, SNBEP_CTL_TID_EN);
XU_FIELD_NEEDS(inv,	inv,		0, SNBEP_CTL_INVERT, "thresh", SNBEP_NEEDS_THRESH);

/*
 * The PCU's occupancy events: "ev_sel[7] = 1" (POWER_STATE_OCCUPANCY,
 * 0x80), without the extension bit.  Bit 21 is the event select's ninth
 * bit: with it the select names another event (perf's ExtSel codes,
 * 0x100-0x12d on these parts), and no list has one at 0x180-0x1ff.
 * occ_sel feeds the occupancy events only; occ_invert and occ_edge act
 * on them "instead of the generic invert/edge", which the hardware then
 * ignores: accepted, not programmed, and no thresh supplied for them.
 */
static bool snbep_pcu_occupancy(const u64 *config)
{
	return (config[0] & (BIT_ULL(7) | SNBEP_CTL_EV_SEL_EXT)) == BIT_ULL(7);
}

static bool snbep_pcu_not_occupancy(const u64 *config)
{
	return !snbep_pcu_occupancy(config);
}

#define SNBEP_PCU_GENERIC "on the occupancy events (0x80-0xff) occ_edge and occ_invert act instead"
XU_FIELD_NEEDS_ON(pcu_edge, edge, 0, SNBEP_CTL_EDGE, "thresh", SNBEP_NEEDS_THRESH,
		  snbep_pcu_not_occupancy, SNBEP_PCU_GENERIC);
XU_FIELD_NEEDS_ON(pcu_inv, inv, 0, SNBEP_CTL_INVERT, "thresh", SNBEP_NEEDS_THRESH,
		  snbep_pcu_not_occupancy, SNBEP_PCU_GENERIC);
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
/* QPI packet match (config1) and mask (config2): MATCH0/MASK0 are bits 31:0 */
XU_FIELD(match0,	match0,		1, GENMASK_ULL(31, 0));
XU_FIELD(match1,	match1,		1, GENMASK_ULL(63, 32));
XU_FIELD(mask0,		mask0,		2, GENMASK_ULL(31, 0));
XU_FIELD(mask1,		mask1,		2, GENMASK_ULL(63, 32));
/* and upstream's names for the packet fields in them */
XU_FIELD_SLICE(match_vnw,	match_vnw,	1, SNBEP_QPI_VNW);
XU_FIELD_SLICE(match_opc,	match_opc,	1, SNBEP_QPI_OPC);
XU_FIELD_SLICE(match_mc,	match_mc,	1, SNBEP_QPI_MC);
XU_FIELD_SLICE(match_dnid,	match_dnid,	1, SNBEP_QPI_DNID);
XU_FIELD_SLICE(match_rnid4,	match_rnid4,	1, SNBEP_QPI_RNID4);
XU_FIELD_SLICE(match_rnid30,	match_rnid30,	1, SNBEP_QPI_RNID30);
XU_FIELD_SLICE(match_rds,	match_rds,	1, SNBEP_QPI_RDS);
XU_FIELD_SLICE(mask_vnw,	mask_vnw,	2, SNBEP_QPI_VNW);
XU_FIELD_SLICE(mask_opc,	mask_opc,	2, SNBEP_QPI_OPC);
XU_FIELD_SLICE(mask_mc,	mask_mc,	2, SNBEP_QPI_MC);
XU_FIELD_SLICE(mask_dnid,	mask_dnid,	2, SNBEP_QPI_DNID);
XU_FIELD_SLICE(mask_rnid4,	mask_rnid4,	2, SNBEP_QPI_RNID4);
XU_FIELD_SLICE(mask_rnid30,	mask_rnid30,	2, SNBEP_QPI_RNID30);
XU_FIELD_SLICE(mask_rds,	mask_rds,	2, SNBEP_QPI_RDS);

/* perf's jaketown list has U-box events with the extension bit (0x145-0x147) */
static struct xu_field * const snbep_ubox_fields[] = {
	&xu_field_event_ext, &xu_field_umask, &xu_field_edge, &xu_field_inv,
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
	&xu_field_event_ext, &xu_field_occ_sel, &xu_field_pcu_edge, &xu_field_pcu_inv,
	&xu_field_thresh5, &xu_field_occ_invert, &xu_field_occ_edge,
	&xu_field_filter_band0, &xu_field_filter_band1,
	&xu_field_filter_band2, &xu_field_filter_band3, NULL,
};

static struct xu_field * const snbep_pci_fields[] = {
	&xu_field_event, &xu_field_umask, &xu_field_edge, &xu_field_inv,
	&xu_field_thresh8, NULL,
};

static struct xu_field * const snbep_qpi_fields[] = {
	&xu_field_event_ext, &xu_field_umask, &xu_field_edge, &xu_field_inv,
	&xu_field_thresh8, &xu_field_match_rds, &xu_field_match_rnid30,
	&xu_field_match_rnid4, &xu_field_match_dnid, &xu_field_match_mc,
	&xu_field_match_opc, &xu_field_match_vnw, &xu_field_match0,
	&xu_field_match1, &xu_field_mask_rds, &xu_field_mask_rnid30,
	&xu_field_mask_rnid4, &xu_field_mask_dnid, &xu_field_mask_mc,
	&xu_field_mask_opc, &xu_field_mask_vnw, &xu_field_mask0,
	&xu_field_mask1, NULL,
};

/*
 * Queue occupancies only accumulate behind counter 0; rings on 2-3.
 * TxR_STARVED (0x03) and RxR_INT_STARVED (0x14) are on counters 0-1 per
 * perf's jaketown list (upstream allows all four).
 */
static const struct xu_constraint snbep_cbox_constraints[] = {
	XU_CONSTRAINT(SNBEP_CTL_EV_SEL, 0x01, 0x1),
	XU_CONSTRAINT(SNBEP_CTL_EV_SEL, 0x02, 0x3),
	XU_CONSTRAINT(SNBEP_CTL_EV_SEL, 0x03, 0x3),
	XU_CONSTRAINT(SNBEP_CTL_EV_SEL, 0x04, 0x3),
	XU_CONSTRAINT(SNBEP_CTL_EV_SEL, 0x05, 0x3),
	XU_CONSTRAINT(SNBEP_CTL_EV_SEL, 0x07, 0x3),
	XU_CONSTRAINT(SNBEP_CTL_EV_SEL, 0x09, 0x3),
	XU_CONSTRAINT(SNBEP_CTL_EV_SEL, 0x11, 0x1),
	XU_CONSTRAINT(SNBEP_CTL_EV_SEL, 0x12, 0x3),
	XU_CONSTRAINT(SNBEP_CTL_EV_SEL, 0x13, 0x3),
	XU_CONSTRAINT(SNBEP_CTL_EV_SEL, 0x14, 0x3),
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

/* R2PCIe and R3QPI ring and queue events (0x13 and 0x12: occupancies) */
#define SNBEP_R_ON(ev, ctrs)	XU_CONSTRAINT(SNBEP_CTL_EV_SEL, ev, ctrs)

static const struct xu_constraint snbep_r2pcie_constraints[] = {
	SNBEP_R_ON(0x10, 0x3), SNBEP_R_ON(0x11, 0x3), SNBEP_R_ON(0x12, 0x1),
	SNBEP_R_ON(0x23, 0x3), SNBEP_R_ON(0x24, 0x3), SNBEP_R_ON(0x25, 0x3),
	SNBEP_R_ON(0x26, 0x3), SNBEP_R_ON(0x32, 0x3), SNBEP_R_ON(0x33, 0x3),
	SNBEP_R_ON(0x34, 0x3),
	{ }
};

static const struct xu_constraint snbep_r3qpi_constraints[] = {
	SNBEP_R_ON(0x10, 0x3), SNBEP_R_ON(0x11, 0x3), SNBEP_R_ON(0x12, 0x3),
	SNBEP_R_ON(0x13, 0x1), SNBEP_R_ON(0x20, 0x3), SNBEP_R_ON(0x21, 0x3),
	SNBEP_R_ON(0x22, 0x3), SNBEP_R_ON(0x23, 0x3), SNBEP_R_ON(0x24, 0x3),
	SNBEP_R_ON(0x25, 0x3), SNBEP_R_ON(0x26, 0x3), SNBEP_R_ON(0x28, 0x3),
	SNBEP_R_ON(0x29, 0x3), SNBEP_R_ON(0x2a, 0x3), SNBEP_R_ON(0x2b, 0x3),
	SNBEP_R_ON(0x2c, 0x3), SNBEP_R_ON(0x2d, 0x3), SNBEP_R_ON(0x2e, 0x3),
	SNBEP_R_ON(0x2f, 0x3), SNBEP_R_ON(0x30, 0x3), SNBEP_R_ON(0x31, 0x3),
	SNBEP_R_ON(0x32, 0x3), SNBEP_R_ON(0x33, 0x3), SNBEP_R_ON(0x34, 0x3),
	SNBEP_R_ON(0x36, 0x3), SNBEP_R_ON(0x37, 0x3), SNBEP_R_ON(0x38, 0x3),
	SNBEP_R_ON(0x39, 0x3),
	{ }
};

/*
 * Rates (struct xu_rate): the events of perf's jaketown list (and
 * libpfm4's rows where perf lacks a code) that count cycles or
 * occurrences, at most one a cycle for each umask bit set.  Left at the
 * box's max_inc: occupancies, accumulators, and credit events that
 * increment by the credits taken in a cycle.  The U-box, PCU and QPI
 * have none: their worst case already polls at most once an hour or
 * three.
 */
#define SNBEP_RATE_BITS(_thresh)				\
	.rate_code	= SNBEP_CTL_EV_SEL | SNBEP_CTL_EV_SEL_EXT,	\
	.rate_sub	= SNBEP_CTL_UMASK,				\
	.rate_one	= SNBEP_CTL_EDGE | (_thresh)

#define SNBEP_COUNTS(_first, _last)	XU_RATES(_first, _last, 1)
#define SNBEP_COUNT(_code)		XU_RATE(_code, 1)

static const struct xu_rate snbep_cbox_rates[] = {
	SNBEP_COUNT(0x00), SNBEP_COUNTS(0x02, 0x05), SNBEP_COUNT(0x07),
	SNBEP_COUNTS(0x12, 0x14), SNBEP_COUNTS(0x1b, 0x1e),
	SNBEP_COUNTS(0x31, 0x35), SNBEP_COUNT(0x37), SNBEP_COUNT(0x39),
	{ }
};

static const struct xu_rate snbep_ha_common_rates[] = {
	SNBEP_COUNTS(0x00, 0x01), SNBEP_COUNTS(0x0b, 0x16),
	SNBEP_COUNTS(0x18, 0x1c), SNBEP_COUNT(0x1e), SNBEP_COUNT(0x22),
	SNBEP_COUNT(0x27), SNBEP_COUNTS(0x29, 0x2a), SNBEP_COUNT(0x2f),
	SNBEP_COUNTS(0x31, 0x33), SNBEP_COUNTS(0x35, 0x36),
	SNBEP_COUNTS(0x3e, 0x40),
	{ }
};

static const struct xu_rate snbep_ha_rates[] = {
	SNBEP_COUNT(0x06),
	XU_RATES_MORE(snbep_ha_common_rates),
};

static const struct xu_rate snbep_imc_common_rates[] = {
	SNBEP_COUNTS(0x00, 0x02), SNBEP_COUNTS(0x04, 0x09),
	SNBEP_COUNTS(0x10, 0x11), SNBEP_COUNTS(0x20, 0x24), SNBEP_COUNT(0x41),
	SNBEP_COUNT(0x43), SNBEP_COUNTS(0x83, 0x86),
	{ }
};

static const struct xu_rate snbep_imc_rates[] = {
	SNBEP_COUNT(0x12),
	XU_RATES_MORE(snbep_imc_common_rates),
};

static const struct xu_rate snbep_r2pcie_common_rates[] = {
	SNBEP_COUNT(0x01), SNBEP_COUNTS(0x07, 0x0a), SNBEP_COUNT(0x10),
	SNBEP_COUNT(0x12), SNBEP_COUNT(0x23), SNBEP_COUNTS(0x25, 0x26),
	SNBEP_COUNT(0x32), SNBEP_COUNT(0x34),
	{ }
};

static const struct xu_rate snbep_r2pcie_rates[] = {
	SNBEP_COUNT(0x24),
	XU_RATES_MORE(snbep_r2pcie_common_rates),
};

static const struct xu_rate snbep_r3qpi_common_rates[] = {
	SNBEP_COUNT(0x01), SNBEP_COUNTS(0x07, 0x0a), SNBEP_COUNTS(0x10, 0x12),
	SNBEP_COUNTS(0x25, 0x26), SNBEP_COUNTS(0x31, 0x32), SNBEP_COUNT(0x34),
	SNBEP_COUNT(0x37),
	{ }
};

static const struct xu_rate snbep_r3qpi_rates[] = {
	SNBEP_COUNTS(0x21, 0x22), SNBEP_COUNT(0x24),
	XU_RATES_MORE(snbep_r3qpi_common_rates),
};

/* 64 bytes per CAS, in MiB */
#define SNBEP_CAS_MIB	.scale = "6.103515625e-5", .unit = "MiB"

static const struct xu_event_desc snbep_imc_events[] = {
	XU_EVENT("clockticks", "event=0xff,umask=0x00"),
	{ .name = "cas_count_read", .config = "event=0x04,umask=0x03", SNBEP_CAS_MIB },
	{ .name = "cas_count_write", .config = "event=0x04,umask=0x0c", SNBEP_CAS_MIB },
	{ }
};

static const struct xu_event_desc snbep_qpi_events[] = {
	XU_EVENT("clockticks",		"event=0x14"),
	XU_EVENT("txl_flits_active",	"event=0x00,umask=0x06"),
	XU_EVENT("drs_data",		"event=0x102,umask=0x08"),
	XU_EVENT("ncb_data",		"event=0x103,umask=0x04"),
	{ }
};

/*
 * Which C-box filter fields an event uses (guide 2.3.5, the event list of
 * 2.3.6): LLC_LOOKUP (0x34) matches every sub-event against the line
 * states of filter_state; the OPCODE sub-events (umask bit 0) of
 * TOR_INSERTS and TOR_OCCUPANCY (0x35, 0x36) match filter_opc; the NID
 * sub-events (umask bit 6) of LLC_LOOKUP, TOR_* and LLC_VICTIMS (0x37)
 * match filter_nid; filter_tid applies with tid_en.  Every other event
 * ignores the filter.  (Upstream lists LLC_LOOKUP umasks one by one and
 * misses ANY: 0x11 in perf's ivytown list for the same C-box, 0x1f in
 * libpfm4.)
 */
struct snbep_filter_use {
	u8 ev_first, ev_last;
	u8 umask_bit;		/* 0: every sub-event */
	u64 field;		/* in config1 */
};

/*
 * What differs between the two parts in the boxes they share (every box
 * type's priv): the box control's freeze enable, which the E5-2600 v2
 * does not have, and the C-box filter: its fields in config1 (FILTER0
 * is config1 31:0; the E5-2600 v2's FILTER1 is 63:32, upstream's packing)
 * and which events read which field.
 */
struct snbep_part {
	u16 ubox_did;		/* the U-box function: node IDs */
	u64 frz_en;
	const struct snbep_filter_use *cf_use;	/* { } terminated */
	u64 cf_tid, cf_state;
	const char *cf_why;
};

static const struct snbep_filter_use snbep_cbox_filter_use[] = {
	{ 0x34, 0x34, 0x00, SNBEP_CF_STATE },
	{ 0x35, 0x36, 0x01, SNBEP_CF_OPC },
	{ 0x34, 0x37, 0x40, SNBEP_CF_NID },
	{ }
};

static const struct snbep_part snbep_part = {
	.ubox_did	= SNBEP_UBOX_DID,
	.frz_en		= SNBEP_BOX_FRZ_EN,
	.cf_use		= snbep_cbox_filter_use,
	.cf_tid		= SNBEP_CF_TID,
	.cf_state	= SNBEP_CF_STATE,
	.cf_why		= "tid: tid_en=1; state: LLC_LOOKUP; opc: TOR_* with umask bit 0x01; "
			  "nid: 0x34-0x37 with umask bit 0x40",
};

/* The filter fields the hardware reads for an event with control @ctl. */
static u64 snbep_cbox_filter_fields(const struct snbep_part *part, u64 ctl)
{
	u8 ev = FIELD_GET(SNBEP_CTL_EV_SEL, ctl);
	u8 umask = FIELD_GET(SNBEP_CTL_UMASK, ctl);
	const struct snbep_filter_use *u;
	u64 fields = 0;

	for (u = part->cf_use; u->field; u++)
		if (ev >= u->ev_first && ev <= u->ev_last &&
		    (!u->umask_bit || (umask & u->umask_bit)))
			fields |= u->field;
	if (ctl & SNBEP_CTL_TID_EN)
		fields |= part->cf_tid;
	return fields;
}

/* Filter register i holds config1's bits 32i+31:32i. */
static const char *snbep_cbox_encode(const struct xu_box_type *t,
				     const u64 *config, struct xu_enc *enc)
{
	const struct snbep_part *part = t->priv;
	u64 fields = snbep_cbox_filter_fields(part, config[0]);
	u64 filter = config[1] & fields;
	unsigned int i;

	/* A state mask of 0 would match no line: 0 means any state. */
	if ((fields & part->cf_state) && !(filter & part->cf_state))
		filter |= part->cf_state;

	enc->ctl = config[0];
	enc->counters = xu_event_counters(t, enc->ctl);
	for (i = 0; i < t->nshared; i++)
		xu_enc_use(enc, i, (filter >> (32 * i)) & U32_MAX,
			   (fields >> (32 * i)) & U32_MAX);
	enc->ignored[1] = config[1] & ~fields;
	enc->ignored_why = part->cf_why;
	return NULL;
}

/*
 * FREQ_BAND0..3_CYCLES (0x0b-0x0e, without the extension bit) each use
 * their band of the filter, and no other event reads it; occ_sel feeds
 * the occupancy events (snbep_pcu_occupancy()).
 */
#define SNBEP_PF_USE	"filter_band<n> is for FREQ_BAND<n>_CYCLES, 0x0b-0x0e"

static const char *snbep_pcu_encode(const struct xu_box_type *t,
				    const u64 *config, struct xu_enc *enc)
{
	u64 ev = config[0] & (SNBEP_CTL_EV_SEL | SNBEP_CTL_EV_SEL_EXT);
	u64 fields = 0;

	if ((config[0] & SNBEP_PCU_OCC_SEL) && !snbep_pcu_occupancy(config))
		return "occ_sel applies to the occupancy events (0x80-0xff, no extension bit) only";
	if (ev >= 0x0b && ev <= 0x0e)
		fields = SNBEP_PF_BAND(ev - 0x0b);

	enc->ctl = config[0];
	enc->counters = GENMASK(t->num_counters - 1, 0);
	xu_enc_use(enc, 0, config[1], fields);
	enc->ignored[1] = config[1] & ~fields;
	enc->ignored_why = SNBEP_PF_USE;
	return NULL;
}

/*
 * QPI: CTO_COUNT (event 0x38 with the extension bit) counts the packets
 * that the port's match/mask function selects; the whole match and mask
 * registers are its.  No other event reads them.  Bits the packet format
 * reserves are refused on every event: the registers do not implement
 * them.
 */
static const char *snbep_qpi_encode(const struct xu_box_type *t,
				    const u64 *config, struct xu_enc *enc)
{
	u64 ev = config[0] & (SNBEP_CTL_EV_SEL | SNBEP_CTL_EV_SEL_EXT);

	if ((config[1] | config[2]) & SNBEP_QPI_MM_RSV)
		return "match/mask bits outside the packet fields (rsv-0)";
	if (ev == SNBEP_QPI_CTO_COUNT) {
		xu_enc_use(enc, 0, config[1], U64_MAX);
		xu_enc_use(enc, 1, config[2], U64_MAX);
	} else {
		enc->ignored[1] = config[1];
		enc->ignored[2] = config[2];
		enc->ignored_why = "match/mask are for CTO_COUNT, event=0x138";
	}
	enc->ctl = config[0];
	enc->counters = GENMASK(t->num_counters - 1, 0);
	return NULL;
}

/* Match and mask are two dwords each, in the port's companion function. */
static void snbep_qpi_commit_shared(struct xu_box *box, unsigned long regs)
{
	const struct xu_box_type *t = box->pmu->type;
	struct pci_dev *aux;
	unsigned int i;

	rcu_read_lock();
	aux = rcu_dereference(box->aux);
	for_each_set_bit(i, &regs, t->nshared) {
		u32 reg = t->shared[i].offset;
		u64 val = box->shared->reg[i].val;

		if (!aux)
			break;
		xu_pci_write(aux, reg, lower_32_bits(val));
		xu_pci_write(aux, reg + 4, upper_32_bits(val));
	}
	rcu_read_unlock();
}

static u64 snbep_frz_en(const struct xu_box *box)
{
	const struct snbep_part *part = box->pmu->type->priv;

	return part->frz_en;
}

static void snbep_box_init(struct xu_box *box)
{
	xu_write_reg(box, xu_box_ctl(box), snbep_frz_en(box) | SNBEP_BOX_FRZ |
		 SNBEP_BOX_RST_CTRL | SNBEP_BOX_RST_CTRS);
}

static void snbep_box_exit(struct xu_box *box)
{
	xu_write_reg(box, xu_box_ctl(box), SNBEP_BOX_RST_CTRL | SNBEP_BOX_RST_CTRS);
}

/* frz_en (E5-2600) stays set for the session; frz freezes the box. */
static void snbep_box_enable(struct xu_box *box)
{
	xu_write_reg(box, xu_box_ctl(box), snbep_frz_en(box));
}

static void snbep_box_disable(struct xu_box *box)
{
	xu_write_reg(box, xu_box_ctl(box), snbep_frz_en(box) | SNBEP_BOX_FRZ);
}

/*
 * The E5-2600's iMC box control has only frz and frz_en (guide table
 * 2-60: bits 1:0 reserved): its controls the core clears one by one, and
 * the driver reads a counter when an event starts.  (The v2's iMC resets
 * like every other box: its setup sequence sets MC_CHy_PCI_PMON_BOX_CTL
 * [1:0] to 0x3.)
 */
static void snbep_imc_box_init(struct xu_box *box)
{
	xu_write_reg(box, xu_box_ctl(box), snbep_frz_en(box) | SNBEP_BOX_FRZ);
}

static void snbep_imc_box_exit(struct xu_box *box)
{
	xu_write_reg(box, xu_box_ctl(box), 0);
}

/* Every box with a box control: the same sequences, its own encoder. */
#define SNBEP_BOX_OPS(_init, _exit, _encode, ...) {	\
	.init_box	= _init,			\
	.exit_box	= _exit,			\
	.enable_box	= snbep_box_enable,		\
	.disable_box	= snbep_box_disable,		\
	.encode		= _encode,			\
	__VA_ARGS__					\
}

static const struct xu_box_ops snbep_box_ops =
	SNBEP_BOX_OPS(snbep_box_init, snbep_box_exit, NULL);
static const struct xu_box_ops snbep_cbox_ops =
	SNBEP_BOX_OPS(snbep_box_init, snbep_box_exit, snbep_cbox_encode);
static const struct xu_box_ops snbep_pcu_ops =
	SNBEP_BOX_OPS(snbep_box_init, snbep_box_exit, snbep_pcu_encode);
static const struct xu_box_ops snbep_imc_ops =
	SNBEP_BOX_OPS(snbep_imc_box_init, snbep_imc_box_exit, NULL);
static const struct xu_box_ops snbep_qpi_ops =
	SNBEP_BOX_OPS(snbep_box_init, snbep_box_exit, snbep_qpi_encode,
		      .commit_shared = snbep_qpi_commit_shared);

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

/*
 * The U-box has no box control: its counters run while their en is set.
 * Its layout, the C-box's and the PCU's are both parts'.
 */
#define SNBEP_UBOX_LAYOUT(_part)				\
	.priv		= _part,				\
	.name		= "ubox",				\
	.num_boxes	= 1,					\
	.num_counters	= 2,					\
	.width		= 44,					\
	.max_inc	= 1,					\
	.ctl0		= SNBEP_U_CTL0,				\
	.ctr0		= SNBEP_U_CTR0,				\
	.ctl_stride	= 1,					\
	.ctr_stride	= 1,					\
	.fixed_ctl	= SNBEP_U_FIXED_CTL,			\
	.fixed_ctr	= SNBEP_U_FIXED_CTR,			\
	.fixed_width	= 48,					\
	.enable_bit	= SNBEP_CTL_EN,				\
	SNBEP_RATE_BITS(SNBEP_CTL_THRESH5)

static const struct xu_box_type snbep_ubox = {
	SNBEP_UBOX_LAYOUT(&snbep_part),
	.fields		= snbep_ubox_fields,
};

/*
 * max_inc: TOR_OCCUPANCY adds up to the 20 TOR entries per cycle.  A part
 * with fewer cores has as many C-boxes (LLC slices): 2 to 8 of the die's 8.
 */
#define SNBEP_CBOX_LAYOUT(_part, _n)				\
	.priv		= _part,				\
	.name		= "cbox",				\
	.num_boxes	= _n,					\
	.per_core	= true,					\
	.num_counters	= 4,					\
	.width		= 44,					\
	.max_inc	= 20,					\
	.box_stride	= SNBEP_C_STRIDE,			\
	.box_ctl	= SNBEP_C0_BOX_CTL,			\
	.ctl0		= SNBEP_C0_CTL0,			\
	.ctr0		= SNBEP_C0_CTR0,			\
	.ctl_stride	= 1,					\
	.ctr_stride	= 1,					\
	.enable_bit	= SNBEP_CTL_EN,				\
	SNBEP_RATE_BITS(SNBEP_CTL_THRESH8),			\
	.ops		= &snbep_cbox_ops

static const struct xu_box_type snbep_cbox = {
	SNBEP_CBOX_LAYOUT(&snbep_part, 8),
	.rates		= snbep_cbox_rates,
	.constraints	= snbep_cbox_constraints,
	.shared		= &snbep_cbox_filter,
	.nshared	= 1,
	.fields		= snbep_cbox_fields,
};

/* max_inc: occupancy, the cores in a C-state */
#define SNBEP_PCU_LAYOUT(_part, _cores)				\
	.priv		= _part,				\
	.name		= "pcu",				\
	.num_boxes	= 1,					\
	.num_counters	= 4,					\
	.width		= 48,					\
	.max_inc	= _cores,				\
	.box_ctl	= SNBEP_PCU_BOX_CTL,			\
	.ctl0		= SNBEP_PCU_CTL0,			\
	.ctr0		= SNBEP_PCU_CTR0,			\
	.ctl_stride	= 1,					\
	.ctr_stride	= 1,					\
	.enable_bit	= SNBEP_CTL_EN,				\
	.shared		= &snbep_pcu_filter,			\
	.nshared	= 1,					\
	.fields		= snbep_pcu_fields,			\
	SNBEP_RATE_BITS(SNBEP_CTL_THRESH5 | SNBEP_PCU_OCC_EDGE),	\
	.ops		= &snbep_pcu_ops

static const struct xu_box_type snbep_pcu = {
	SNBEP_PCU_LAYOUT(&snbep_part, 8),
};

static const struct xu_shared_reg snbep_qpi_mm[] = {
	{ .name = "QPI packet match", .offset = SNBEP_QPI_MATCH,
	  .fields = { U64_MAX } },
	{ .name = "QPI packet mask", .offset = SNBEP_QPI_MASK,
	  .fields = { U64_MAX } },
};

/* Boxes in PCI configuration space: box control, 4 controls, 4 counters. */
#define SNBEP_PCI_BOX(_part, _name, _n, _ids, _ctrs, _width)	\
	.priv		= _part,				\
	.name		= _name,				\
	.space		= XU_PCI,				\
	.pci_ids	= _ids,					\
	.num_boxes	= _n,					\
	.num_counters	= _ctrs,				\
	.width		= _width,				\
	.box_ctl	= SNBEP_PCI_BOX_CTL,			\
	.ctl0		= SNBEP_PCI_CTL0,			\
	.ctr0		= SNBEP_PCI_CTR0,			\
	.ctl_stride	= 4,					\
	.ctr_stride	= 8,					\
	.enable_bit	= SNBEP_CTL_EN,				\
	SNBEP_RATE_BITS(SNBEP_CTL_THRESH8)

/*
 * max_inc: the deepest queue a box's occupancy events count (HA tracker
 * 128 entries; R2PCIe ingress queues below 32); 1 for flit, CAS and
 * clock events.  The R3QPI's: its guide's 8-bit increment.
 */
static const struct xu_box_type snbep_ha = {
	SNBEP_PCI_BOX(&snbep_part, "ha", 1, (const u16[]){ 0x3c46 }, 4, 48),
	.max_inc	= 128,
	.rates		= snbep_ha_rates,
	.fields		= snbep_pci_fields,
	.ops		= &snbep_box_ops,
};

static const struct xu_box_type snbep_imc = {
	SNBEP_PCI_BOX(&snbep_part, "imc", 4, ((const u16[]){ 0x3cb0, 0x3cb1, 0x3cb4, 0x3cb5 }),
		      4, 48),
	.max_inc	= 64,		/* RPQ/WPQ occupancy */
	.fixed_ctl	= SNBEP_MC_FIXED_CTL,
	.fixed_ctr	= SNBEP_MC_FIXED_CTR,
	.fixed_width	= 48,
	.rates		= snbep_imc_rates,
	.fields		= snbep_pci_fields,
	.events		= snbep_imc_events,
	.ops		= &snbep_imc_ops,
};

static const struct xu_box_type snbep_qpi = {
	SNBEP_PCI_BOX(&snbep_part, "qpi", 2, ((const u16[]){ 0x3c41, 0x3c42 }), 4, 48),
	.pci_aux_ids	= (const u16[]){ 0x3c86, 0x3c96 },
	.max_inc	= 2,		/* two flit slots per cycle */
	.shared		= snbep_qpi_mm,
	.nshared	= ARRAY_SIZE(snbep_qpi_mm),
	.fields		= snbep_qpi_fields,
	.events		= snbep_qpi_events,
	.ops		= &snbep_qpi_ops,
};

static const struct xu_box_type snbep_r2pcie = {
	SNBEP_PCI_BOX(&snbep_part, "r2pcie", 1, (const u16[]){ 0x3c43 }, 4, 44),
	.max_inc	= 32,
	.fields		= snbep_pci_fields,
	.rates		= snbep_r2pcie_rates,
	.constraints	= snbep_r2pcie_constraints,
	.ops		= &snbep_box_ops,
};

/* max_inc: the v2's "maximum of 8b per cycle" (xeon_uncore_assumed.h) */
static const struct xu_box_type snbep_r3qpi = {
	SNBEP_PCI_BOX(&snbep_part, "r3qpi", 2, ((const u16[]){ 0x3c44, 0x3c45 }), 3, 44),
	.max_inc	= XU_ASSUMED_SNBEP_R3QPI_MAX_INC,
	.fields		= snbep_pci_fields,
	.rates		= snbep_r3qpi_rates,
	.constraints	= snbep_r3qpi_constraints,
	.ops		= &snbep_box_ops,
};

static const struct xu_box_type * const snbep_types[] = {
	&snbep_ubox, &snbep_cbox, &snbep_pcu, &snbep_ha, &snbep_imc,
	&snbep_qpi, &snbep_r2pcie, &snbep_r3qpi, NULL,
};

/*
 * A PCI function's socket: the U-box function on the same bus holds the
 * bus's node ID (CPUNODEID 2:0) and the node ID of every socket
 * (GIDNIDMAP, three bits per socket).  The socket whose entry is this
 * node's ID is the physical package.
 */
static int snbep_pci_socket(const struct xu_platform *plat, struct pci_dev *pdev)
{
	const struct snbep_part *part = plat->priv;
	struct pci_dev *ubox = NULL;
	u32 node, map;
	int phys;

	while ((ubox = pci_get_device(PCI_VENDOR_ID_INTEL, part->ubox_did, ubox)))
		if (ubox->bus == pdev->bus)
			break;
	if (!ubox)
		return -ENODEV;
	if (pci_read_config_dword(ubox, SNBEP_CPUNODEID, &node) ||
	    pci_read_config_dword(ubox, SNBEP_GIDNIDMAP, &map)) {
		pci_dev_put(ubox);
		return -EIO;
	}
	pci_dev_put(ubox);
	node &= SNBEP_NODEID;
	for (phys = 0; phys < 8; phys++)
		if (((map >> (3 * phys)) & SNBEP_NODEID) == node)
			return xu_socket_of_phys(phys);
	return -ENODEV;
}

const struct xu_platform xu_snbep_platform = {
	.name		= "Xeon E5-2600 (Sandy Bridge-EP)",
	/* the ring runs at core clock: the fastest turbo of the line, 3.8 GHz */
	.uclk_max_hz	= 3800000000ULL,
	.types		= snbep_types,
	.priv		= &snbep_part,
	.pci_socket	= snbep_pci_socket,
};
EXPORT_SYMBOL_IF_KUNIT(xu_snbep_platform);

/* ==== Xeon E5-2600 v2 (Ivy Bridge-EP) =================================== */

#define IVBEP_U_GLOBAL_CTL		0xc00
#define IVBEP_U_GLOBAL_CORE_SEL		GENMASK_ULL(14, 0)
#define IVBEP_U_GLOBAL_UNFRZ_ALL	BIT_ULL(29)
#define IVBEP_U_GLOBAL_FRZ_ALL		BIT_ULL(31)
#define IVBEP_U_GLOBAL_STATUS		0xc01
#define IVBEP_UBOX_DID			0x0e1e

/*
 * U_MSR_PMON_GLOBAL_STATUS: the guide names ov_u, ov_u_fixed and ov_rq
 * (or ov_r3{0,1}) but not where they are: xeon_uncore_assumed.h.
 */
#define IVBEP_OV_U			XU_ASSUMED_IVBEP_OV_U
#define IVBEP_OV_U_FIXED		XU_ASSUMED_IVBEP_OV_U_FIXED
#define IVBEP_OV_C			XU_ASSUMED_IVBEP_OV_C
#define IVBEP_OV_P			XU_ASSUMED_IVBEP_OV_P
#define IVBEP_OV_H			XU_ASSUMED_IVBEP_OV_H
#define IVBEP_OV_M			XU_ASSUMED_IVBEP_OV_M
#define IVBEP_OV_I			XU_ASSUMED_IVBEP_OV_I
#define IVBEP_OV_Q			XU_ASSUMED_IVBEP_OV_Q
#define IVBEP_OV_R2			XU_ASSUMED_IVBEP_OV_R2
#define IVBEP_OV_R3_0			XU_ASSUMED_IVBEP_OV_R3_0
#define IVBEP_OV_R3_1			XU_ASSUMED_IVBEP_OV_R3_1
#define IVBEP_OV_ALL			XU_ASSUMED_IVBEP_OV_ALL

/*
 * Box status registers: W1C, a bit per counter.  PCI boxes at 0xf8; the
 * MSR boxes' are not in the guide: xeon_uncore_assumed.h.  The core reads
 * those safely at the load and uses one only if it answers with no bit
 * but its counters' (xu_box_reset()).
 */
#define IVBEP_PCI_BOX_STATUS		0xf8
#define IVBEP_U_BOX_STATUS		XU_ASSUMED_IVBEP_U_BOX_STATUS
#define IVBEP_PCU_BOX_STATUS		XU_ASSUMED_IVBEP_PCU_BOX_STATUS
#define IVBEP_C0_BOX_STATUS		XU_ASSUMED_IVBEP_C0_BOX_STATUS
#define IVBEP_C0_FILTER1		0xd1a

/* C-box FILTER0 (config1 31:0) and FILTER1 (config1 63:32, upstream's packing) */
#define IVBEP_CF_TID		GENMASK_ULL(4, 0)
#define IVBEP_CF_LINK		GENMASK_ULL(8, 5)
#define IVBEP_CF_STATE		GENMASK_ULL(22, 17)
#define IVBEP_CF_NID		GENMASK_ULL(47, 32)
#define IVBEP_CF_OPC		GENMASK_ULL(60, 52)
#define IVBEP_CF_C6		BIT_ULL(61)
#define IVBEP_CF_NC		BIT_ULL(62)
#define IVBEP_CF_ISOC		BIT_ULL(63)
/* opc and its qualifiers go together: one field of FILTER1 */
#define IVBEP_CF_OPC_ALL	(IVBEP_CF_OPC | IVBEP_CF_C6 | IVBEP_CF_NC | IVBEP_CF_ISOC)

XU_FIELD(filter_link,	filter_link,	1, IVBEP_CF_LINK);
XU_FIELD(filter_state2,	filter_state,	1, IVBEP_CF_STATE);
XU_FIELD(filter_nid2,	filter_nid,	1, IVBEP_CF_NID);
XU_FIELD(filter_opc2,	filter_opc,	1, IVBEP_CF_OPC);
XU_FIELD(filter_c6,	filter_c6,	1, IVBEP_CF_C6);
XU_FIELD(filter_nc,	filter_nc,	1, IVBEP_CF_NC);
XU_FIELD(filter_isoc,	filter_isoc,	1, IVBEP_CF_ISOC);

/*
 * Every box of the part: invert is gone (guide: bit 23 reserved), so the
 * E5-2600's inv field, where a type shares its list, is not this part's.
 */
static const struct xu_reserved ivbep_reserved[] = {
	{ 0, SNBEP_CTL_INVERT,
	  "inv (config:23) is reserved on the E5-2600 v2: its counters cannot invert" },
	{ }
};

/* Every box interrupts: ov_en, its W1C status, the summary bits to it. */
#define IVBEP_PMI_AT(_summary, _status, _assumed)			\
	.pmi_bit	= SNBEP_CTL_OV_EN,				\
	.ovf		= &(const struct xu_ovf){			\
		.summary_mask	= (_summary),				\
		.status		= (_status),				\
		.status_assumed	= (_assumed),				\
	},								\
	.reserved	= ivbep_reserved
#define IVBEP_PMI(_summary, _status)	IVBEP_PMI_AT(_summary, _status, false)
/*
 * an MSR box's status address is not in the guide (xeon_uncore_assumed.h):
 * checked at the load; if wrong, the box's PMIs read its counters
 */
#define IVBEP_PMI_MSR(_summary, _status) IVBEP_PMI_AT(_summary, _status, true)

/*
 * Which filter fields an event reads: as on the E5-2600, and the link of
 * RxR_IPQ_RETRY's QPI_CREDITS sub-event (0x31, umask bit 0x10); opc comes
 * with its c6, nc and isoc qualifiers.
 */
static const struct snbep_filter_use ivbep_cbox_filter_use[] = {
	{ 0x34, 0x34, 0x00, IVBEP_CF_STATE },
	{ 0x35, 0x36, 0x01, IVBEP_CF_OPC_ALL },
	{ 0x34, 0x37, 0x40, IVBEP_CF_NID },
	{ 0x31, 0x31, 0x10, IVBEP_CF_LINK },
	{ }
};

static const struct snbep_part ivbep_part = {
	.ubox_did	= IVBEP_UBOX_DID,
	.cf_use		= ivbep_cbox_filter_use,
	.cf_tid		= IVBEP_CF_TID,
	.cf_state	= IVBEP_CF_STATE,
	.cf_why		= "tid: tid_en=1; link: 0x31 with umask bit 0x10; state: LLC_LOOKUP; "
			  "opc, c6, nc, isoc: TOR_* with umask bit 0x01; "
			  "nid: 0x34-0x37 with umask bit 0x40",
};

/* -- U-box */

static struct xu_field * const ivbep_ubox_fields[] = {
	&xu_field_event, &xu_field_umask, &xu_field_edge, &xu_field_thresh5, NULL,
};

/* counters 0, 1 (the guide's ov 1:0) and the fixed counter (assumed) */
static const struct xu_box_type ivbep_ubox = {
	SNBEP_UBOX_LAYOUT(&ivbep_part),
	.pmi_bit	= SNBEP_CTL_OV_EN,
	.ovf		= &(const struct xu_ovf){
		.summary_mask	= IVBEP_OV_U | IVBEP_OV_U_FIXED,
		.status		= IVBEP_U_BOX_STATUS,
		.status_assumed	= true,
		.ctr_bit	= (const u8[]){ 0, 1, XU_ASSUMED_IVBEP_UCLK_STATUS_BIT },
	},
	.reserved	= ivbep_reserved,
	.fields		= ivbep_ubox_fields,
};

/* -- C-box */

static struct xu_field * const ivbep_cbox_fields[] = {
	&xu_field_event, &xu_field_umask, &xu_field_edge, &xu_field_tid_en,
	&xu_field_thresh8, &xu_field_filter_tid, &xu_field_filter_link,
	&xu_field_filter_state2, &xu_field_filter_nid2, &xu_field_filter_opc2,
	&xu_field_filter_nc, &xu_field_filter_c6, &xu_field_filter_isoc, NULL,
};

/* fields in each register's own bits */
static const struct xu_shared_reg ivbep_cbox_filters[] = {
	{ .name = "C-box FILTER0", .offset = SNBEP_C0_FILTER,
	  .fields = { IVBEP_CF_TID, IVBEP_CF_LINK, IVBEP_CF_STATE } },
	{ .name = "C-box FILTER1", .offset = IVBEP_C0_FILTER1,
	  .fields = { IVBEP_CF_NID >> 32, IVBEP_CF_OPC_ALL >> 32 } },
};

/*
 * The E5-2600's constraints (upstream keeps them unchanged), and QLRU,
 * new in this part, on counters 0-1 as perf's ivytown table has it.
 */
/* rates: the E5-2600's, and QLRU */
static const struct xu_rate ivbep_cbox_rates[] = {
	SNBEP_COUNT(0x3c),
	XU_RATES_MORE(snbep_cbox_rates),
};

static const struct xu_constraint ivbep_cbox_constraints[] = {
	XU_CONSTRAINT(SNBEP_CTL_EV_SEL, 0x3c, 0x3),
	XU_CONSTRAINTS_MORE(snbep_cbox_constraints),
};

static const struct xu_box_type ivbep_cbox = {
	SNBEP_CBOX_LAYOUT(&ivbep_part, 15),
	IVBEP_PMI_MSR(IVBEP_OV_C, IVBEP_C0_BOX_STATUS),
	.rates		= ivbep_cbox_rates,
	.constraints	= ivbep_cbox_constraints,
	.shared		= ivbep_cbox_filters,
	.nshared	= ARRAY_SIZE(ivbep_cbox_filters),
	.fields		= ivbep_cbox_fields,
};

/* -- PCU: the E5-2600's fields, its event extension bit (upstream drops it here) */

static const struct xu_box_type ivbep_pcu = {
	SNBEP_PCU_LAYOUT(&ivbep_part, 15),
	IVBEP_PMI_MSR(IVBEP_OV_P, IVBEP_PCU_BOX_STATUS),
};

/*
 * -- PCI boxes: the E5-2600's layout and fields (inv: reserved, hence
 * hidden), ov_en, a status register
 */

/* rates (as the E5-2600's, from perf's ivytown list) */
static const struct xu_rate ivbep_ha_rates[] = {
	SNBEP_COUNT(0x03), SNBEP_COUNT(0x17), SNBEP_COUNT(0x21),
	SNBEP_COUNTS(0x41, 0x42), SNBEP_COUNTS(0x51, 0x54),
	SNBEP_COUNTS(0x56, 0x58), SNBEP_COUNT(0x60),
	XU_RATES_MORE(snbep_ha_common_rates),
};

static const struct xu_rate ivbep_imc_rates[] = {
	SNBEP_COUNT(0x90), SNBEP_COUNTS(0xa0, 0xa1), SNBEP_COUNTS(0xb0, 0xc1),
	XU_RATES_MORE(snbep_imc_common_rates),
};

static const struct xu_rate ivbep_irp_rates[] = {
	SNBEP_COUNTS(0x00, 0x06), SNBEP_COUNTS(0x0a, 0x0b),
	SNBEP_COUNTS(0x0e, 0x0f), SNBEP_COUNTS(0x15, 0x1a),
	{ }
};

static const struct xu_rate ivbep_r2pcie_rates[] = {
	SNBEP_COUNT(0x11), SNBEP_COUNT(0x28),
	XU_RATES_MORE(snbep_r2pcie_common_rates),
};

static const struct xu_rate ivbep_r3qpi_rates[] = {
	SNBEP_COUNT(0x23), SNBEP_COUNTS(0x28, 0x2f), SNBEP_COUNT(0x39),
	XU_RATES_MORE(snbep_r3qpi_common_rates),
};

static const struct xu_box_type ivbep_ha = {
	SNBEP_PCI_BOX(&ivbep_part, "ha", 2, ((const u16[]){ 0x0e30, 0x0e38 }), 4, 48),
	IVBEP_PMI(IVBEP_OV_H, IVBEP_PCI_BOX_STATUS),
	.max_inc	= 128,
	.rates		= ivbep_ha_rates,
	.fields		= snbep_pci_fields,
	.ops		= &snbep_box_ops,
};

/* status: the DCLK counter is bit 0, counters 0-3 bits 1-4 */
static const struct xu_box_type ivbep_imc = {
	SNBEP_PCI_BOX(&ivbep_part, "imc", 8,
		      ((const u16[]){ 0x0eb4, 0x0eb5, 0x0eb0, 0x0eb1,
				      0x0ef4, 0x0ef5, 0x0ef0, 0x0ef1 }), 4, 48),
	.pmi_bit	= SNBEP_CTL_OV_EN,
	.ovf		= &(const struct xu_ovf){
		.summary_mask	= IVBEP_OV_M,
		.status		= IVBEP_PCI_BOX_STATUS,
		/* the fixed DCLK counter at bit 0; the others assumed */
		.ctr_bit	= (const u8[]){
			XU_ASSUMED_IVBEP_IMC_CTR0_STATUS_BIT,
			XU_ASSUMED_IVBEP_IMC_CTR0_STATUS_BIT + 1,
			XU_ASSUMED_IVBEP_IMC_CTR0_STATUS_BIT + 2,
			XU_ASSUMED_IVBEP_IMC_CTR0_STATUS_BIT + 3, 0,
		},
	},
	.reserved	= ivbep_reserved,
	.max_inc	= 64,
	.fixed_ctl	= SNBEP_MC_FIXED_CTL,
	.fixed_ctr	= SNBEP_MC_FIXED_CTR,
	.fixed_width	= 48,
	.rates		= ivbep_imc_rates,
	.fields		= snbep_pci_fields,
	.events		= snbep_imc_events,
	.ops		= &snbep_box_ops,	/* it resets like the others */
};

/* IRP0's two counters, then IRP1's, at irregular offsets */
static const struct xu_box_type ivbep_irp = {
	SNBEP_PCI_BOX(&ivbep_part, "irp", 1, ((const u16[]){ 0x0e39 }), 4, 48),
	IVBEP_PMI(IVBEP_OV_I, IVBEP_PCI_BOX_STATUS),
	.ctl_offsets	= (const u32[]){ 0xd8, 0xdc, 0xe0, 0xe4 },
	.ctr_offsets	= (const u32[]){ 0xa0, 0xb0, 0xb8, 0xc0 },
	.max_inc	= 32,
	.rates		= ivbep_irp_rates,
	.fields		= snbep_pci_fields,
	.ops		= &snbep_box_ops,
};

/* Port 2 has no match/mask function: its CTO_COUNT with a match is refused. */
static const struct xu_box_type ivbep_qpi = {
	SNBEP_PCI_BOX(&ivbep_part, "qpi", 3, ((const u16[]){ 0x0e32, 0x0e33, 0x0e3a }), 4, 48),
	IVBEP_PMI(IVBEP_OV_Q, IVBEP_PCI_BOX_STATUS),
	.pci_aux_ids	= (const u16[]){ 0x0e86, 0x0e96, 0 },
	.max_inc	= 2,
	.shared		= snbep_qpi_mm,
	.nshared	= ARRAY_SIZE(snbep_qpi_mm),
	.fields		= snbep_qpi_fields,
	.events		= snbep_qpi_events,
	.ops		= &snbep_qpi_ops,
};

/* the E5-2600's, and TxR_NACK_CCW, new here: counters 0-1 (ivytown) */
static const struct xu_constraint ivbep_r2pcie_constraints[] = {
	SNBEP_R_ON(0x28, 0x3),
	XU_CONSTRAINTS_MORE(snbep_r2pcie_constraints),
};

static const struct xu_box_type ivbep_r2pcie = {
	SNBEP_PCI_BOX(&ivbep_part, "r2pcie", 1, ((const u16[]){ 0x0e34 }), 4, 44),
	IVBEP_PMI(IVBEP_OV_R2, IVBEP_PCI_BOX_STATUS),
	.max_inc	= 32,
	.fields		= snbep_pci_fields,
	.rates		= ivbep_r2pcie_rates,
	.constraints	= ivbep_r2pcie_constraints,
	.ops		= &snbep_box_ops,
};

/*
 * Guide 2.10.2: occupancy on counter 0 only, ring events (RING_AD/AK/BL/
 * IV_USED, 0x07-0x0a) on counter 2 only; the rest as on the E5-2600.
 * Upstream sizes this type for two links and maps a third; three here.
 */
static const struct xu_constraint ivbep_r3qpi_constraints[] = {
	SNBEP_R_ON(0x07, 0x4), SNBEP_R_ON(0x08, 0x4), SNBEP_R_ON(0x09, 0x4),
	SNBEP_R_ON(0x0a, 0x4),
	XU_CONSTRAINTS_MORE(snbep_r3qpi_constraints),
};

/*
 * max_inc: "the R3QPI counters can increment by a maximum of 8b per
 * cycle" (guide 2.10.2; "b" as in its "44b wide counters"): 8 bits, 255
 */
static const struct xu_box_type ivbep_r3qpi = {
	SNBEP_PCI_BOX(&ivbep_part, "r3qpi", 3,
		      ((const u16[]){ 0x0e36, 0x0e37, 0x0e3e }), 3, 44),
	.pmi_bit	= SNBEP_CTL_OV_EN,
	/*
	 * The guide names one ov_rq field and also ov_r3{0,1}: every link is
	 * read on either bit, so one summary bit or two both work.
	 */
	.ovf		= &(const struct xu_ovf){
		.summary_mask	= IVBEP_OV_R3_0 | IVBEP_OV_R3_1,
		.status		= IVBEP_PCI_BOX_STATUS,
	},
	.reserved	= ivbep_reserved,
	.max_inc	= 255,
	.fields		= snbep_pci_fields,
	.rates		= ivbep_r3qpi_rates,
	.constraints	= ivbep_r3qpi_constraints,
	.ops		= &snbep_box_ops,
};

static const struct xu_box_type * const ivbep_types[] = {
	&ivbep_ubox, &ivbep_cbox, &ivbep_pcu, &ivbep_ha, &ivbep_imc,
	&ivbep_irp, &ivbep_qpi, &ivbep_r2pcie, &ivbep_r3qpi, NULL,
};

/* -- the global control and status: freeze, unfreeze, the PMI */

static u64 ivbep_pmi_status(struct xu_socket *sk)
{
	return xu_rdmsr(IVBEP_U_GLOBAL_STATUS) & IVBEP_OV_ALL;
}

/* Frozen, no PMI routed (pmi_core_sel 0): the boxes reset next. */
static void ivbep_quiesce_socket(struct xu_socket *sk)
{
	WRITE_ONCE(sk->global_ctl, 0);
	xu_wrmsr(IVBEP_U_GLOBAL_CTL, IVBEP_U_GLOBAL_FRZ_ALL);
}

/* The summaries the boxes' reset left (the bits read: W1C), then unfrozen. */
static void ivbep_init_socket(struct xu_socket *sk)
{
	u64 st = ivbep_pmi_status(sk);

	if (st)
		xu_wrmsr(IVBEP_U_GLOBAL_STATUS, st);
	xu_wrmsr(IVBEP_U_GLOBAL_CTL, IVBEP_U_GLOBAL_UNFRZ_ALL);
}

static void ivbep_exit_socket(struct xu_socket *sk)
{
	xu_wrmsr(IVBEP_U_GLOBAL_CTL, IVBEP_U_GLOBAL_UNFRZ_ALL);
}

/* frz_all and unfrz_all act only when written as 1: routing never unfreezes. */
static void ivbep_set_pmi_cpu(struct xu_socket *sk, u32 cores)
{
	/* read by an NMI's unfreeze on this CPU */
	WRITE_ONCE(sk->global_ctl, FIELD_PREP(IVBEP_U_GLOBAL_CORE_SEL, cores));
	xu_wrmsr(IVBEP_U_GLOBAL_CTL, sk->global_ctl);
}

/* The summaries are W1C; the boxes' status below them the walk clears. */
static void ivbep_pmi_ack(struct xu_socket *sk, u64 status)
{
	xu_wrmsr(IVBEP_U_GLOBAL_STATUS, status);
}

static void ivbep_pmi_unfreeze(struct xu_socket *sk)
{
	xu_wrmsr(IVBEP_U_GLOBAL_CTL, READ_ONCE(sk->global_ctl) | IVBEP_U_GLOBAL_UNFRZ_ALL);
}

const struct xu_platform xu_ivbep_platform = {
	.name		= "Xeon E5-2600 v2 (Ivy Bridge-EP)",
	/* the ring runs at core clock: the fastest turbo of the line, 4.0 GHz */
	.uclk_max_hz	= 4000000000ULL,
	.types		= ivbep_types,
	.priv		= &ivbep_part,
	.pci_socket	= snbep_pci_socket,
	.quiesce_socket	= ivbep_quiesce_socket,
	.init_socket	= ivbep_init_socket,
	.exit_socket	= ivbep_exit_socket,
	.pmi_cores	= HWEIGHT64(IVBEP_U_GLOBAL_CORE_SEL),
	.set_pmi_cpu	= ivbep_set_pmi_cpu,
	.pmi_status	= ivbep_pmi_status,
	.pmi_ack	= ivbep_pmi_ack,
	.pmi_unfreeze	= ivbep_pmi_unfreeze,
};
EXPORT_SYMBOL_IF_KUNIT(xu_ivbep_platform);
