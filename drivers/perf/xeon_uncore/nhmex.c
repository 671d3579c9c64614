// SPDX-License-Identifier: GPL-2.0
/*
 * Xeon 7500 (Nehalem-EX, family 6 model 0x2e) and Xeon E7 (Westmere-EX,
 * model 0x2f) uncore: the U-box, the C-boxes (8; the E7 has 10), the two
 * S-boxes, the two B-boxes, the two M-boxes, the R-box (two halves of 8
 * counters, uncore_rbox_0 and _1) and the W-box with its fixed counter.
 *
 * Source: Intel Xeon Processor 7500 Series Uncore Programming Guide
 * (323535-001), sections 2.1 (global control), 2.2 (U-box), 2.3 (C-box),
 * 2.4 (B-box), 2.5 (S-box), 2.6 (R-box), 2.7 (M-box), 2.8 (W-box).  The
 * E7's two more C-boxes and its M-box ZDP_CTL_FVC layout are Linux's.
 *
 * A counter counts when U_MSR_PMON_GLOBAL_CTL.en_all, its box's ctr_en bit
 * (the U-box's is GLOBAL_CTL.en) and its own en bit are all set.  en_all and
 * the U-box's en are set once per socket: GLOBAL_CTL is written only at
 * socket setup, when the PMI moves and by the PMI handler, never from a
 * shadow that could unfreeze a socket the hardware froze.  Every other box
 * is frozen and unfrozen with its ctr_en bits; the U-box has one counter.
 *
 * Overflow (guide 2.1.1, 2.1.5): a counter with pmi_en that overflows sets
 * its bit in its box's status.  The U-box's global status summarises the
 * U-box (ov_u), the W-box (ov_w) and the two S-boxes' SUMMARY registers
 * (ov_s0, ov_s1), which in turn summarise their side of the chip: pairs of
 * C-boxes (ov_c_l, ov_c_r), the side's B-box and M-box (one bit, ov_mb),
 * the side's R-box half (ov_r) and the S-box itself (ov_s).  The U-box then
 * sends a PMI to the cores in pmi_core_sel and clears en_all, freezing the
 * socket.  The handler reads down that tree (each box's xu_ovf), clears the
 * status bits it read (write 1 to the OVF_CTL registers; the summaries
 * above clear with them) and sets en_all again.
 */
#include <linux/bits.h>
#include <linux/perf/xeon_uncore_assumed.h>
#include <kunit/visibility.h>

#include "uncore.h"

#define NHMEX_U_GLOBAL_CTL		0xc00
#define NHMEX_U_GLOBAL_CTL_EN		BIT_ULL(0)	/* U-box counter */
#define NHMEX_U_GLOBAL_CTL_CORE_SEL	XU_ASSUMED_NHMEX_PMI_CORE_SEL
#define NHMEX_U_GLOBAL_CTL_EN_ALL	BIT_ULL(28)
#define NHMEX_U_GLOBAL_STATUS		0xc01
#define NHMEX_U_GLOBAL_OVF_CTL		0xc02
/* GLOBAL_STATUS, and bit for bit GLOBAL_OVF_CTL */
#define NHMEX_U_ST_OV_U			XU_ASSUMED_NHMEX_U_ST_OV_U
#define NHMEX_U_ST_OV_W			XU_ASSUMED_NHMEX_U_ST_OV_W
#define NHMEX_U_ST_OV_S1		BIT_ULL(2)	/* C-boxes 4-7 */
#define NHMEX_U_ST_OV_S0		BIT_ULL(3)	/* C-boxes 0-3 */
#define NHMEX_U_ST_PMI			BIT_ULL(30)
#define NHMEX_U_ST_COND			BIT_ULL(31)
#define NHMEX_U_ST_LATCHES		(NHMEX_U_ST_OV_U | NHMEX_U_ST_OV_W | \
					 NHMEX_U_ST_PMI | NHMEX_U_ST_COND)
#define NHMEX_U_ST_ANY			(NHMEX_U_ST_LATCHES | NHMEX_U_ST_OV_S0 | \
					 NHMEX_U_ST_OV_S1)
#define NHMEX_U_EV_SEL			0xc10
#define NHMEX_U_CTR			0xc11

/* Box-level registers of every box but the U-box (guide 2.1.3) */
#define NHMEX_BOX_STATUS		1	/* from the box control */
#define NHMEX_BOX_OVF_CTL		2
#define NHMEX_SIDES			2	/* S-boxes, B-boxes: one a side */

/* S-box SUMMARY (guide 2.5, table 2-26): which boxes of a side overflowed */
#define NHMEX_S0_SUMMARY		0xc43
#define NHMEX_S1_SUMMARY		0xcc3
#define NHMEX_S_SUM_OV_C_R		XU_ASSUMED_NHMEX_S_SUM_OV_C_R
#define NHMEX_S_SUM_OV_C_L		BIT_ULL(2)
#define NHMEX_S_SUM_OV_MB		BIT_ULL(16)	/* B-box (M-box) */
#define NHMEX_S_SUM_OV_S		BIT_ULL(18)
#define NHMEX_S_SUM_OV_R		BIT_ULL(19)	/* the R-box half */

/* Counter control of the U-, C-, S- and W-boxes (guide 2.2.3, 2.3.3) */
#define NHMEX_CTL_EV_SEL		GENMASK_ULL(7, 0)
#define NHMEX_CTL_UMASK			GENMASK_ULL(15, 8)
#define NHMEX_CTL_EDGE			BIT_ULL(18)
#define NHMEX_CTL_PMI_EN		BIT_ULL(20)
#define NHMEX_CTL_EN			BIT_ULL(22)
#define NHMEX_CTL_INVERT		BIT_ULL(23)
#define NHMEX_CTL_THRESH		GENMASK_ULL(31, 24)

XU_FIELD(event, event, 0, NHMEX_CTL_EV_SEL);
XU_FIELD(umask, umask, 0, NHMEX_CTL_UMASK);
XU_FIELD(edge, edge, 0, NHMEX_CTL_EDGE);
XU_FIELD(inv, inv, 0, NHMEX_CTL_INVERT);
XU_FIELD(thresh, thresh, 0, NHMEX_CTL_THRESH);
/* a match/mask pair in config1/config2, as Linux packs it */
XU_FIELD(match, match, 1, U64_MAX);
XU_FIELD(mask, mask, 2, U64_MAX);

/*
 * Every box but the U-box: its box control's ctr_en bits (and the W-box's
 * fixed_en) gate each counter: all on, or all frozen.
 */
#define NHMEX_W_FIXED_EN		BIT_ULL(31)

static u64 nhmex_box_counters(const struct xu_box *box)
{
	const struct xu_box_type *t = box->pmu->type;

	return GENMASK_ULL(t->num_counters - 1, 0) |
	       (t->fixed_ctr ? NHMEX_W_FIXED_EN : 0);
}

static void nhmex_box_enable(struct xu_box *box)
{
	xu_wrmsr(xu_box_ctl(box), nhmex_box_counters(box));
}

static void nhmex_box_disable(struct xu_box *box)
{
	xu_wrmsr(xu_box_ctl(box), 0);
}

/* Setup sequence (guide 2.1.4): box off, controls cleared, stale overflows cleared. */
static void nhmex_box_init(struct xu_box *box)
{
	unsigned int i;

	nhmex_box_disable(box);
	for (i = 0; i < xu_counters_total(box->pmu->type); i++)
		xu_wrmsr(xu_ctl(box, i), 0);
	xu_wrmsr(xu_box_ovf_clear(box), nhmex_box_counters(box));
}

/* The box-level sequences; @...: the box's own encoder, commit */
#define NHMEX_BOX_OPS(...) {				\
	.init_box	= nhmex_box_init,		\
	.exit_box	= nhmex_box_init,		\
	.enable_box	= nhmex_box_enable,		\
	.disable_box	= nhmex_box_disable,		\
	__VA_ARGS__					\
}

/* ---- U-box (guide 2.2) ------------------------------------------------ */

/* The U-box control has no umask, invert or threshold. */
static struct xu_field * const nhmex_ubox_fields[] = {
	&xu_field_event, &xu_field_edge, NULL,
};

/* Event codes above 0xff in secondary transcriptions are left out. */
static const struct xu_event_desc nhmex_ubox_events[] = {
	XU_EVENT("buf_valid_local_int",		"event=0x00"),
	XU_EVENT("buf_valid_remote_int",	"event=0x01"),
	XU_EVENT("buf_valid_lock",		"event=0x02"),
	XU_EVENT("buf_valid_stst",		"event=0x03"),
	XU_EVENT("buf_valid_spc_cycles",	"event=0x04"),
	XU_EVENT("u2r_requests",		"event=0x50"),
	XU_EVENT("u2b_request_cycles",		"event=0x51"),
	{ }
};

static void nhmex_ubox_init(struct xu_box *box)
{
	xu_wrmsr(NHMEX_U_EV_SEL, 0);
	xu_wrmsr(NHMEX_U_GLOBAL_OVF_CTL, NHMEX_U_ST_LATCHES);
}

/* Its one counter's overflow is ov_u itself. */
static const struct xu_ovf nhmex_ubox_ovf = {
	.summary_mask	= NHMEX_U_ST_OV_U,
};

static const struct xu_box_ops nhmex_ubox_ops = {
	.init_box	= nhmex_ubox_init,
	.exit_box	= nhmex_ubox_init,
};

static const struct xu_box_type nhmex_ubox = {
	.name		= "ubox",
	.num_boxes	= 1,
	.num_counters	= 1,
	.width		= 48,
	.max_inc	= 1,
	.ctl0		= NHMEX_U_EV_SEL,
	.ctr0		= NHMEX_U_CTR,
	.enable_bit	= NHMEX_CTL_EN,
	.pmi_bit	= NHMEX_CTL_PMI_EN,
	.ovf		= &nhmex_ubox_ovf,
	.fields		= nhmex_ubox_fields,
	.events		= nhmex_ubox_events,
	.ops		= &nhmex_ubox_ops,
};

/* ---- C-boxes (guide 2.3) ---------------------------------------------- */

#define NHMEX_C0_GLOBAL_CTL		0xd00
#define NHMEX_C_CTRS			6
#define NHMEX_C_BOXES			8
#define WSMEX_C_BOXES			10	/* Westmere-EX */

/*
 * C-box register blocks are not in box order (guide table 2-9); the
 * Westmere-EX's C-boxes 8 and 9 are at 0xf40 and 0xfc0 (Linux's offsets).
 */
static const u32 nhmex_cbox_offsets[WSMEX_C_BOXES] = {
	0x00, 0x80, 0x40, 0xc0, 0x20, 0xa0, 0x60, 0xe0, 0x240, 0x2c0,
};

static struct xu_field * const nhmex_cbox_fields[] = {
	&xu_field_event, &xu_field_umask, &xu_field_edge, &xu_field_inv,
	&xu_field_thresh, NULL,
};

/*
 * Events whose umask the guide documents, and queue events that take none.
 * "all" umasks set every sub-event bit the guide defines for the event.
 */
static const struct xu_event_desc nhmex_cbox_events[] = {
	XU_EVENT("bounces_p2c_ad",		"event=0x01,umask=0x03"),
	XU_EVENT("bounces_c2p_ak",		"event=0x02,umask=0x03"),
	XU_EVENT("bounces_c2p_bl",		"event=0x03,umask=0x03"),
	XU_EVENT("sinks_s2c",			"event=0x07,umask=0x07"),
	XU_EVENT("starved_egress",		"event=0x0b,umask=0x7f"),
	XU_EVENT("maf_ack",			"event=0x10"),
	XU_EVENT("llc_misses",			"event=0x14,umask=0x07"),
	XU_EVENT("llc_misses.s_state",		"event=0x14,umask=0x01"),
	XU_EVENT("llc_misses.f_state",		"event=0x14,umask=0x02"),
	XU_EVENT("llc_misses.i_state",		"event=0x14,umask=0x04"),
	XU_EVENT("llc_hits",			"event=0x15,umask=0x0f"),
	XU_EVENT("llc_s_fills",			"event=0x16,umask=0x0f"),
	XU_EVENT("llc_victims",			"event=0x17,umask=0x0f"),
	XU_EVENT("occupancy_irq",		"event=0x18"),
	XU_EVENT("trans_irq",			"event=0x19"),
	XU_EVENT("occupancy_ipq",		"event=0x1a"),
	XU_EVENT("trans_ipq",			"event=0x1b"),
	XU_EVENT("trans_rwrf",			"event=0x21"),
	{ }
};

/*
 * Rates (struct xu_rate, guide's per-event maxima where our copy shows
 * them): one a cycle per umask bit for the hit, miss, fill, victim and
 * transaction counts, SINKS_P2C's 3, OCCUPANCY_IPQ's 8; the others may
 * add the box's 24 (OCCUPANCY_IRQ).
 */
static const struct xu_rate nhmex_cbox_rates[] = {
	XU_RATE(0x05, 3), XU_RATE(0x0e, 1), XU_RATE(0x10, 1),
	XU_RATES(0x14, 0x17, 1), XU_RATE(0x19, 1), XU_RATE(0x1a, 8),
	XU_RATE(0x1b, 1), XU_RATE(0x21, 1),
	{ }
};

/*
 * S-box 0 summarises C-boxes 0-3, S-box 1 C-boxes 4-7, a pair of boxes to
 * a SUMMARY bit (guide 2.5, table 2-26).  Where the Westmere-EX's C-boxes
 * 8 and 9 report is not in the guide: they are read whenever either S-box
 * summary is set, with no SUMMARY bit of their own (mid 0).
 */
#define NHMEX_U_ST_OV_S			(NHMEX_U_ST_OV_S0 | NHMEX_U_ST_OV_S1)

static const u64 nhmex_cbox_summary[WSMEX_C_BOXES] = {
	NHMEX_U_ST_OV_S0, NHMEX_U_ST_OV_S0, NHMEX_U_ST_OV_S0, NHMEX_U_ST_OV_S0,
	NHMEX_U_ST_OV_S1, NHMEX_U_ST_OV_S1, NHMEX_U_ST_OV_S1, NHMEX_U_ST_OV_S1,
	NHMEX_U_ST_OV_S, NHMEX_U_ST_OV_S,
};

static const u32 nhmex_cbox_mid[WSMEX_C_BOXES] = {
	NHMEX_S0_SUMMARY, NHMEX_S0_SUMMARY, NHMEX_S0_SUMMARY, NHMEX_S0_SUMMARY,
	NHMEX_S1_SUMMARY, NHMEX_S1_SUMMARY, NHMEX_S1_SUMMARY, NHMEX_S1_SUMMARY,
};

#define NHMEX_CBOX_SUM(c)	(XU_ASSUMED_NHMEX_CBOX_RIGHT(c) ?		\
				 NHMEX_S_SUM_OV_C_R : NHMEX_S_SUM_OV_C_L)

static const u64 nhmex_cbox_mid_bits[WSMEX_C_BOXES] = {
	NHMEX_CBOX_SUM(0), NHMEX_CBOX_SUM(1), NHMEX_CBOX_SUM(2),
	NHMEX_CBOX_SUM(3), NHMEX_CBOX_SUM(4), NHMEX_CBOX_SUM(5),
	NHMEX_CBOX_SUM(6), NHMEX_CBOX_SUM(7),
};

static const struct xu_ovf nhmex_cbox_ovf = {
	.summary	= nhmex_cbox_summary,
	.mid		= nhmex_cbox_mid,
	.mid_bits	= nhmex_cbox_mid_bits,
	.status		= NHMEX_C0_GLOBAL_CTL + NHMEX_BOX_STATUS,
	.clear		= NHMEX_C0_GLOBAL_CTL + NHMEX_BOX_OVF_CTL,
	.always		= true,
};

static const struct xu_box_ops nhmex_cbox_ops = NHMEX_BOX_OPS();

/* The C-boxes of both parts: all but their number. */
#define NHMEX_CBOX(_n)							\
	.name		= "cbox",					\
	.num_boxes	= _n,						\
	.num_counters	= NHMEX_C_CTRS,					\
	.width		= 48,						\
	.max_inc	= 24,		/* OCCUPANCY_IRQ */		\
	.rates		= nhmex_cbox_rates,				\
	.rate_code	= NHMEX_CTL_EV_SEL,				\
	.rate_sub	= NHMEX_CTL_UMASK,				\
	.rate_one	= NHMEX_CTL_EDGE | NHMEX_CTL_THRESH,		\
	.box_ctl	= NHMEX_C0_GLOBAL_CTL,				\
	.box_offsets	= nhmex_cbox_offsets,				\
	.ctl0		= NHMEX_C0_GLOBAL_CTL + 0x10,			\
	.ctr0		= NHMEX_C0_GLOBAL_CTL + 0x11,			\
	.ctl_stride	= 2,						\
	.ctr_stride	= 2,						\
	.enable_bit	= NHMEX_CTL_EN,					\
	.pmi_bit	= NHMEX_CTL_PMI_EN,				\
	.ovf		= &nhmex_cbox_ovf,				\
	.fields		= nhmex_cbox_fields,				\
	.events		= nhmex_cbox_events,				\
	.ops		= &nhmex_cbox_ops

static const struct xu_box_type nhmex_cbox = { NHMEX_CBOX(NHMEX_C_BOXES) };
static const struct xu_box_type wsmex_cbox = { NHMEX_CBOX(WSMEX_C_BOXES) };

/* The S-box and B-box of each side report in that side's SUMMARY. */
static const u64 nhmex_side_summary[NHMEX_SIDES] = {
	NHMEX_U_ST_OV_S0, NHMEX_U_ST_OV_S1,
};

static const u32 nhmex_side_mid[NHMEX_SIDES] = {
	NHMEX_S0_SUMMARY, NHMEX_S1_SUMMARY,
};

/* ---- S-boxes (guide 2.5) ---------------------------------------------- */

#define NHMEX_S0_GLOBAL_CTL		0xc40
#define NHMEX_S_CTRS			4
/* the match/mask set: MM_CFG, MATCH, MASK, tabled apart from the box */
#define NHMEX_S0_MM_CFG			0xe48
#define NHMEX_S1_MM_CFG			0xe58
#define NHMEX_S_MM_CFG_EN		BIT_ULL(63)
#define NHMEX_S_TO_R_PROG_EV		0x00	/* counts what MATCH/MASK select */

static const u32 nhmex_sbox_offsets[NHMEX_SIDES] = { 0x00, 0x80 };

static struct xu_field * const nhmex_sbox_fields[] = {
	&xu_field_event, &xu_field_umask, &xu_field_edge, &xu_field_inv,
	&xu_field_thresh, &xu_field_match, &xu_field_mask, NULL,
};

/*
 * The guide's list (reference 8.1.4); the NCB, NCS and DRS queue events
 * take a umask of C-box pairs (bit 0: C-box 0 or 4, ... bit 3: 3 or 7):
 * all four here.  Not named: the events whose sub-events the guide names
 * without our copy giving their bits, which count nothing with none
 * selected: the HOM queue events (0x03, 0x06, 0x07) and PKTS_SENT_HOM
 * (0x60), R-box and/or B-box; TO_RING_MSGQ_OCCUPANCY (0x26), the message
 * class; the egress events (0x40-0x43), the ring FIFOs.
 */
static const struct xu_event_desc nhmex_sbox_events[] = {
	XU_EVENT("to_r_prog_ev",			"event=0x00"),
	XU_EVENT("to_r_snp_msgq_cycles_full",		"event=0x08"),
	XU_EVENT("to_r_snp_msgq_cycles_ne",		"event=0x09"),
	XU_EVENT("to_r_snp_msgq_occupancy",		"event=0x0a"),
	XU_EVENT("to_r_ndr_msgq_cycles_full",		"event=0x0b"),
	XU_EVENT("to_r_ndr_msgq_cycles_ne",		"event=0x0c"),
	XU_EVENT("to_r_ndr_msgq_occupancy",		"event=0x0d"),
	XU_EVENT("to_r_drs_msgq_cycles_full",		"event=0x0e,umask=0x0f"),
	XU_EVENT("to_r_drs_msgq_cycles_ne",		"event=0x0f,umask=0x0f"),
	XU_EVENT("to_r_drs_msgq_occupancy",		"event=0x10,umask=0x0f"),
	XU_EVENT("to_r_ncb_msgq_cycles_full",		"event=0x11,umask=0x0f"),
	XU_EVENT("to_r_ncb_msgq_cycles_ne",		"event=0x12,umask=0x0f"),
	XU_EVENT("to_r_ncb_msgq_occupancy",		"event=0x13,umask=0x0f"),
	XU_EVENT("to_r_ncs_msgq_cycles_full",		"event=0x14,umask=0x0f"),
	XU_EVENT("to_r_ncs_msgq_cycles_ne",		"event=0x15,umask=0x0f"),
	XU_EVENT("to_r_ncs_msgq_occupancy",		"event=0x16,umask=0x0f"),
	XU_EVENT("to_ring_snp_msgq_cycles_full",	"event=0x20"),
	XU_EVENT("to_ring_ncb_msgq_cycles_full",	"event=0x21"),
	XU_EVENT("to_ring_ncs_msgq_cycles_full",	"event=0x22"),
	XU_EVENT("to_ring_snp_msgq_cycles_ne",		"event=0x23"),
	XU_EVENT("to_ring_ncb_msgq_cycles_ne",		"event=0x24"),
	XU_EVENT("to_ring_ndr_msgq_cycles_full",	"event=0x27"),
	XU_EVENT("to_ring_ndr_msgq_cycles_ne",		"event=0x28"),
	XU_EVENT("to_ring_ndr_msgq_occupancy",		"event=0x29"),
	XU_EVENT("to_ring_r2s_msgq_cycles_full",	"event=0x2a"),
	XU_EVENT("to_ring_b2s_msgq_cycles_full",	"event=0x2b"),
	XU_EVENT("to_ring_r2s_msgq_cycles_ne",		"event=0x2c"),
	XU_EVENT("to_ring_b2s_msgq_cycles_ne",		"event=0x2d"),
	XU_EVENT("to_ring_r2s_msgq_occupancy",		"event=0x2e"),
	XU_EVENT("to_ring_b2s_msgq_occupancy",		"event=0x2f"),
	XU_EVENT("halfline_bypass",			"event=0x30"),
	XU_EVENT("req_tbl_occupancy",			"event=0x31"),
	XU_EVENT("rbox_hom_bypass",			"event=0x50"),
	XU_EVENT("rbox_snp_bypass",			"event=0x51"),
	XU_EVENT("s2b_hom_bypass",			"event=0x52"),
	XU_EVENT("b2s_drs_bypass",			"event=0x53"),
	XU_EVENT("bbox_hom_bypass",			"event=0x54"),
	XU_EVENT("pkts_sent_snp",			"event=0x62"),
	XU_EVENT("pkts_sent_ndr",			"event=0x63"),
	XU_EVENT("pkts_sent_drs",			"event=0x64"),
	XU_EVENT("flits_sent_drs",			"event=0x65"),
	XU_EVENT("pkts_sent_ncs",			"event=0x66"),
	XU_EVENT("flits_sent_ncs",			"event=0x67"),
	XU_EVENT("pkts_sent_ncb",			"event=0x68"),
	XU_EVENT("flits_sent_ncb",			"event=0x69"),
	XU_EVENT("rbox_credit_returns",			"event=0x6a"),
	XU_EVENT("bbox_credit_returns",			"event=0x6b"),
	XU_EVENT("to_r_b_requests",			"event=0x6c"),
	XU_EVENT("pkts_rcvd_ndr",			"event=0x70"),
	XU_EVENT("pkts_rcvd_snp",			"event=0x71"),
	XU_EVENT("pkts_rcvd_drs_from_r",		"event=0x72"),
	XU_EVENT("pkts_rcvd_drs_from_b",		"event=0x73"),
	XU_EVENT("pkts_rcvd_ncs",			"event=0x74"),
	XU_EVENT("pkts_rcvd_ncb",			"event=0x75"),
	XU_EVENT("rbox_credit_carriers",		"event=0x76"),
	XU_EVENT("bbox_credits",			"event=0x77"),
	XU_EVENT("no_credit_hom",			"event=0x80"),
	XU_EVENT("no_credit_snp",			"event=0x81"),
	XU_EVENT("no_credit_drs",			"event=0x82"),
	XU_EVENT("no_credit_ncs",			"event=0x83"),
	XU_EVENT("no_credit_ncb",			"event=0x84"),
	XU_EVENT("no_credit_ndr",			"event=0x85"),
	XU_EVENT("no_credit_vna",			"event=0x86"),
	XU_EVENT("no_credit_ad",			"event=0x87"),
	XU_EVENT("no_credit_ak",			"event=0x88"),
	XU_EVENT("no_credit_bl",			"event=0x89"),
	XU_EVENT("no_credit_ipq",			"event=0x8a"),
	{ }
};

/* MATCH and MASK, each whole: one event reads them */
static const struct xu_shared_reg nhmex_sbox_mm[] = {
	{ .name = "S-box match", .addr = (const u32[]){ 0xe49, 0xe59 },
	  .fields = { U64_MAX } },
	{ .name = "S-box mask", .addr = (const u32[]){ 0xe4a, 0xe5a },
	  .fields = { U64_MAX } },
};

static const u32 nhmex_sbox_mm_cfg[NHMEX_SIDES] = {
	NHMEX_S0_MM_CFG, NHMEX_S1_MM_CFG,
};

static const char *nhmex_sbox_encode(const struct xu_box_type *t,
				     const u64 *config, struct xu_enc *enc)
{
	enc->ctl = config[0] & ~t->enable_bit;
	enc->counters = GENMASK(t->num_counters - 1, 0);
	if ((enc->ctl & NHMEX_CTL_EV_SEL) == NHMEX_S_TO_R_PROG_EV) {
		xu_enc_use(enc, 0, config[1], U64_MAX);
		xu_enc_use(enc, 1, config[2], U64_MAX);
	} else {
		enc->ignored[1] = config[1];
		enc->ignored[2] = config[2];
		enc->ignored_why = "match/mask are for TO_R_PROG_EV, event=0x00";
	}
	return NULL;
}

/*
 * The match/mask set's sequence (Linux's, after the guide's set-up
 * order): matcher off, MATCH and MASK, matcher on.
 */
static void nhmex_sbox_commit(struct xu_box *box, unsigned long regs)
{
	u32 cfg = nhmex_sbox_mm_cfg[box->pmu->idx];
	unsigned int i;

	xu_wrmsr(cfg, 0);
	for_each_set_bit(i, &regs, box->pmu->type->nshared)
		xu_wrmsr(xu_shared_addr(box, i), box->shared->reg[i].val);
	xu_wrmsr(cfg, NHMEX_S_MM_CFG_EN);
}

static const u64 nhmex_sbox_mid_bits[NHMEX_SIDES] = {
	NHMEX_S_SUM_OV_S, NHMEX_S_SUM_OV_S,
};

static const struct xu_ovf nhmex_sbox_ovf = {
	.summary	= nhmex_side_summary,
	.mid		= nhmex_side_mid,
	.mid_bits	= nhmex_sbox_mid_bits,
	.status		= NHMEX_S0_GLOBAL_CTL + NHMEX_BOX_STATUS,
	.clear		= NHMEX_S0_GLOBAL_CTL + NHMEX_BOX_OVF_CTL,
	.always		= true,
};

static const struct xu_box_ops nhmex_sbox_ops =
	NHMEX_BOX_OPS(.encode = nhmex_sbox_encode,
		      .commit_shared = nhmex_sbox_commit);

static const struct xu_box_type nhmex_sbox = {
	.name		= "sbox",
	.num_boxes	= NHMEX_SIDES,
	.num_counters	= NHMEX_S_CTRS,
	.width		= 48,
	.max_inc	= 64,		/* TO_R_B_HOM_MSGQ_OCCUPANCY */
	.box_ctl	= NHMEX_S0_GLOBAL_CTL,
	.box_offsets	= nhmex_sbox_offsets,
	.ctl0		= NHMEX_S0_GLOBAL_CTL + 0x10,
	.ctr0		= NHMEX_S0_GLOBAL_CTL + 0x11,
	.ctl_stride	= 2,
	.ctr_stride	= 2,
	.shared		= nhmex_sbox_mm,
	.nshared	= ARRAY_SIZE(nhmex_sbox_mm),
	.enable_bit	= NHMEX_CTL_EN,
	.pmi_bit	= NHMEX_CTL_PMI_EN,
	.ovf		= &nhmex_sbox_ovf,
	.fields		= nhmex_sbox_fields,
	.events		= nhmex_sbox_events,
	.ops		= &nhmex_sbox_ops,
};

/* ---- B-boxes (guide 2.4) ---------------------------------------------- */

#define NHMEX_B0_GLOBAL_CTL		0xc20
#define NHMEX_B_CTRS			4
/* PERF_CTL: Linux's layout (the guide's bit table is not in our copy) */
#define NHMEX_B_CTL_EN			BIT_ULL(0)
#define NHMEX_B_CTL_EV_SEL		GENMASK_ULL(5, 1)
#define NHMEX_B_CTL_PMI_EN		BIT_ULL(6)
/* not programmed: which counter's list the code is from (Linux's packing) */
#define NHMEX_B_COUNTER			GENMASK_ULL(7, 6)

static const u32 nhmex_bbox_offsets[NHMEX_SIDES] = { 0x00, 0x40 };

XU_FIELD(bbox_event, event, 0, NHMEX_B_CTL_EV_SEL);
XU_FIELD(bbox_counter, counter, 0, NHMEX_B_COUNTER);

static struct xu_field * const nhmex_bbox_fields[] = {
	&xu_field_bbox_event, &xu_field_bbox_counter, &xu_field_match,
	&xu_field_mask, NULL,
};

/* Each counter has its own list (reference 8.1.3): counter= says which. */
#define NHMEX_BEV(_name, _ctr, _code) \
	XU_EVENT(_name, "event=" #_code ",counter=" #_ctr)
/*
 * The tracker-file occupancies count the overflows of a subcounter:
 * "Multiply by 256 to determine the correct count" (the guide's B-box
 * event list).
 */
#define NHMEX_BEV_TF(_name, _code) \
	{ .name = (_name), .config = "event=" #_code ",counter=0", .scale = "256" }
static const struct xu_event_desc nhmex_bbox_events[] = {
	NHMEX_BEV("msg_addr_in_match",		0, 0x01),
	NHMEX_BEV("opcode_addr_in_match",	0, 0x02),
	NHMEX_BEV("msg_opcode_addr_in_match",	0, 0x03),
	NHMEX_BEV_TF("tf_all",			   0x04),
	NHMEX_BEV_TF("tf_wr",			   0x05),
	NHMEX_BEV_TF("tf_invitoe",		   0x06),
	NHMEX_BEV("imt_valid_occupancy",	0, 0x07),
	NHMEX_BEV("drsq_occupancy",		0, 0x09),
	NHMEX_BEV_TF("tf_ioh",			   0x0b),
	NHMEX_BEV_TF("tf_ioh_wr",		   0x0d),
	NHMEX_BEV_TF("tf_ioh_invitoe",		   0x0f),
	NHMEX_BEV("snpoq_occupancy",		0, 0x12),
	NHMEX_BEV("dirq_occupancy",		0, 0x17),
	NHMEX_BEV_TF("tf_ioh_non_invitoe_rd",	   0x1c),
	NHMEX_BEV("msg_in_match",		1, 0x01),
	NHMEX_BEV("msg_out_match",		1, 0x02),
	NHMEX_BEV("opcode_in_match",		1, 0x03),
	NHMEX_BEV("opcode_out_match",		1, 0x04),
	NHMEX_BEV("msg_opcode_in_match",	1, 0x05),
	NHMEX_BEV("msg_opcode_out_match",	1, 0x06),
	NHMEX_BEV("imt_inserts_all",		1, 0x07),
	NHMEX_BEV("drsq_inserts",		1, 0x09),
	NHMEX_BEV("imt_inserts_ioh",		1, 0x0a),
	NHMEX_BEV("imt_inserts_non_ioh",	1, 0x0b),
	NHMEX_BEV("imt_inserts_wr",		1, 0x0c),
	NHMEX_BEV("imt_inserts_ioh_wr",		1, 0x0d),
	NHMEX_BEV("imt_inserts_non_ioh_wr",	1, 0x0e),
	NHMEX_BEV("imt_inserts_invitoe",	1, 0x0f),
	NHMEX_BEV("imt_inserts_ioh_invitoe",	1, 0x10),
	NHMEX_BEV("snpoq_inserts",		1, 0x12),
	NHMEX_BEV("dirq_inserts",		1, 0x17),
	NHMEX_BEV("imt_inserts_non_ioh_invitoe", 1, 0x1c),
	NHMEX_BEV("imt_inserts_rd",		1, 0x1d),
	NHMEX_BEV("imt_inserts_non_ioh_rd",	1, 0x1f),
	NHMEX_BEV("msgs_in_non_snp",		2, 0x01),
	NHMEX_BEV("msgs_s_to_b",		2, 0x02),
	NHMEX_BEV("msgs_b_to_s",		2, 0x03),
	NHMEX_BEV("addr_in_match",		2, 0x04),
	NHMEX_BEV("imt_ne_cycles",		2, 0x07),
	NHMEX_BEV("early_ack",			3, 0x02),
	NHMEX_BEV("imt_prealloc",		3, 0x06),
	NHMEX_BEV("cohq_bypass",		3, 0x0e),
	NHMEX_BEV("demand_fetch",		3, 0x0f),
	NHMEX_BEV("implicit_wbs",		3, 0x12),
	NHMEX_BEV("cohq_imt_alloc_wait",	3, 0x13),
	NHMEX_BEV("sbox_vn0_unavail",		3, 0x14),
	NHMEX_BEV("rbox_vna_unavail",		3, 0x15),
	NHMEX_BEV("imt_full",			3, 0x16),
	NHMEX_BEV("conflicts",			3, 0x17),
	NHMEX_BEV("ack_before_last_snp",	3, 0x19),
	{ }
};

#undef NHMEX_BEV

/* The counter is part of the event: counter= binds it. */
static const struct xu_constraint nhmex_bbox_constraints[] = {
	XU_CONSTRAINT(NHMEX_B_COUNTER, 0x00, BIT(0)),
	XU_CONSTRAINT(NHMEX_B_COUNTER, 0x40, BIT(1)),
	XU_CONSTRAINT(NHMEX_B_COUNTER, 0x80, BIT(2)),
	XU_CONSTRAINT(NHMEX_B_COUNTER, 0xc0, BIT(3)),
	{ }
};

static const struct xu_shared_reg nhmex_bbox_mm[] = {
	{ .name = "B-box match", .addr = (const u32[]){ 0xe45, 0xe4d },
	  .fields = { U64_MAX } },
	{ .name = "B-box mask", .addr = (const u32[]){ 0xe46, 0xe4e },
	  .fields = { U64_MAX } },
};

/* The events that count what MATCH/MASK select (guide 2.4.4). */
static bool nhmex_bbox_uses_match(unsigned int ctr, unsigned int code)
{
	switch (ctr) {
	case 0:
		return code >= 0x01 && code <= 0x03;
	case 1:
		return code >= 0x01 && code <= 0x06;
	case 2:
		return code == 0x04;
	}
	return false;
}

static const char *nhmex_bbox_encode(const struct xu_box_type *t,
				     const u64 *config, struct xu_enc *enc)
{
	unsigned int ctr = FIELD_GET(NHMEX_B_COUNTER, config[0]);
	unsigned int code = FIELD_GET(NHMEX_B_CTL_EV_SEL, config[0]);

	enc->ctl = config[0] & NHMEX_B_CTL_EV_SEL;
	enc->counters = xu_event_counters(t, config[0]);
	if (nhmex_bbox_uses_match(ctr, code)) {
		xu_enc_use(enc, 0, config[1], U64_MAX);
		xu_enc_use(enc, 1, config[2], U64_MAX);
	} else {
		enc->ignored[1] = config[1];
		enc->ignored[2] = config[2];
		enc->ignored_why = "match/mask are for the *_MATCH events";
	}
	return NULL;
}

static const u64 nhmex_bbox_mid_bits[NHMEX_SIDES] = {
	NHMEX_S_SUM_OV_MB, NHMEX_S_SUM_OV_MB,
};

static const struct xu_ovf nhmex_bbox_ovf = {
	.summary	= nhmex_side_summary,
	.mid		= nhmex_side_mid,
	.mid_bits	= nhmex_bbox_mid_bits,
	.status		= NHMEX_B0_GLOBAL_CTL + NHMEX_BOX_STATUS,
	.clear		= NHMEX_B0_GLOBAL_CTL + NHMEX_BOX_OVF_CTL,
	.always		= true,
};

static const struct xu_box_ops nhmex_bbox_ops =
	NHMEX_BOX_OPS(.encode = nhmex_bbox_encode);

static const struct xu_box_type nhmex_bbox = {
	.name		= "bbox",
	.num_boxes	= NHMEX_SIDES,
	.num_counters	= NHMEX_B_CTRS,
	.width		= 48,
	.max_inc	= 1,
	.box_ctl	= NHMEX_B0_GLOBAL_CTL,
	.box_offsets	= nhmex_bbox_offsets,
	.ctl0		= NHMEX_B0_GLOBAL_CTL + 0x10,
	.ctr0		= NHMEX_B0_GLOBAL_CTL + 0x11,
	.ctl_stride	= 2,
	.ctr_stride	= 2,
	.shared		= nhmex_bbox_mm,
	.nshared	= ARRAY_SIZE(nhmex_bbox_mm),
	.enable_bit	= NHMEX_B_CTL_EN,
	.pmi_bit	= NHMEX_B_CTL_PMI_EN,
	.ovf		= &nhmex_bbox_ovf,
	.fields		= nhmex_bbox_fields,
	.events		= nhmex_bbox_events,
	.constraints	= nhmex_bbox_constraints,
	.ops		= &nhmex_bbox_ops,
};

/* ---- M-boxes (guide 2.7) ---------------------------------------------- */

/*
 * The memory controllers, one a side: 6 counters whose event is chosen by
 * inc_sel (flag_mode 0) or set_flag_sel (flag_mode 1), many of them
 * further selected by one of seven sub-control registers of the box, the
 * PLD events also by an address match.  Each sub-control is one value
 * for the whole box, held per event; ZDP_CTL_FVC holds a 3-bit selector
 * for each of the four FVC events (inc_sel 0xd-0x10) and fields the four
 * share, so an FVC event takes whichever of the four slots is free or
 * holds its selector (upstream does the same).
 */
#define NHMEX_M0_GLOBAL_CTL		0xca0
#define NHMEX_M_CTRS			6
#define NHMEX_M_DSP			0xca5	/* M-box 0's sub-controls */
#define NHMEX_M_ISS			0xca6
#define NHMEX_M_MAP			0xca7
#define NHMEX_M_MSC_THR			0xca8
#define NHMEX_M_PGT			0xca9
#define NHMEX_M_PLD			0xcaa
#define NHMEX_M_ZDP_CTL_FVC		0xcab
#define NHMEX_M_CTL_EN			BIT_ULL(0)
#define NHMEX_M_CTL_PMI_EN		BIT_ULL(1)
#define NHMEX_M_CTL_COUNT_MODE		GENMASK_ULL(3, 2)
#define NHMEX_M_CTL_STORAGE_MODE	GENMASK_ULL(5, 4)
#define NHMEX_M_CTL_WRAP_MODE		BIT_ULL(6)
#define NHMEX_M_CTL_FLAG_MODE		BIT_ULL(7)
#define NHMEX_M_CTL_INC_SEL		GENMASK_ULL(13, 9)
#define NHMEX_M_CTL_SET_FLAG_SEL	GENMASK_ULL(21, 19)
#define NHMEX_M_SUB			GENMASK_ULL(31, 0)	/* config1's halves */
/*
 * What a sub-control implements, where the guide's field table is in our
 * copy: ISS's fields end at 9:7 (sched_mode_pld_trig), 31:10 are "ig"
 * (read 0, writes ignored).  The others: all 32 bits.
 */
#define NHMEX_M_ISS_BITS		GENMASK_ULL(9, 0)
#define NHMEX_M_PLD_CFG			GENMASK_ULL(63, 32)
/* the address match of the PLD events, in config2 (upstream's packing) */
#define NHMEX_M_FILTER_MATCH		GENMASK_ULL(33, 0)
#define NHMEX_M_FILTER_MASK		GENMASK_ULL(61, 34)
#define NHMEX_M_FILTER_EN		BIT_ULL(63)
#define NHMEX_M_MM_CFG_EN		BIT_ULL(63)
#define NHMEX_M_FVC_EV0			0xd	/* inc_sel of FVC_EV0; 1-3 follow */
#define NHMEX_M_FVC_SLOTS		4
#define NHMEX_M_SUB_USE \
	"a sub-control value is read by its register's events only, the address match by PLD events (inc_sel 0xa, 0xb)"
#define NHMEX_M_ISS_USE \
	"the ISS implements iss= bits 9:0 only; " NHMEX_M_SUB_USE

static const u32 nhmex_mbox_offsets[NHMEX_SIDES] = { 0x00, 0x40 };

XU_FIELD(count_mode, count_mode, 0, NHMEX_M_CTL_COUNT_MODE);
XU_FIELD(storage_mode, storage_mode, 0, NHMEX_M_CTL_STORAGE_MODE);
XU_FIELD(wrap_mode, wrap_mode, 0, NHMEX_M_CTL_WRAP_MODE);
XU_FIELD(flag_mode, flag_mode, 0, NHMEX_M_CTL_FLAG_MODE);
XU_FIELD(inc_sel, inc_sel, 0, NHMEX_M_CTL_INC_SEL);
XU_FIELD(set_flag_sel, set_flag_sel, 0, NHMEX_M_CTL_SET_FLAG_SEL);
XU_FIELD(filter_cfg_en, filter_cfg_en, 2, NHMEX_M_FILTER_EN);
XU_FIELD(filter_match, filter_match, 2, NHMEX_M_FILTER_MATCH);
XU_FIELD(filter_mask, filter_mask, 2, NHMEX_M_FILTER_MASK);
/* one sub-control value in config1's low half, named for each register */
XU_FIELD(dsp, dsp, 1, NHMEX_M_SUB);
XU_FIELD_SLICE(thr, thr, 1, NHMEX_M_SUB);
XU_FIELD_SLICE(fvc, fvc, 1, NHMEX_M_SUB);
XU_FIELD_SLICE(pgt, pgt, 1, NHMEX_M_SUB);
XU_FIELD_SLICE(map, map, 1, NHMEX_M_SUB);
XU_FIELD_SLICE(iss, iss, 1, NHMEX_M_SUB);
XU_FIELD(pld, pld, 1, NHMEX_M_PLD_CFG);

static struct xu_field * const nhmex_mbox_fields[] = {
	&xu_field_count_mode, &xu_field_storage_mode, &xu_field_wrap_mode,
	&xu_field_flag_mode, &xu_field_inc_sel, &xu_field_set_flag_sel,
	&xu_field_filter_cfg_en, &xu_field_filter_match, &xu_field_filter_mask,
	&xu_field_dsp, &xu_field_thr, &xu_field_fvc, &xu_field_pgt,
	&xu_field_map, &xu_field_iss, &xu_field_pld, NULL,
};

/*
 * The guide's lists (reference 8.1.6); the sub-control values that refine
 * the events are the user's (dsp=, iss=, ...; 0 here).
 */
static const struct xu_event_desc nhmex_mbox_guide_events[] = {
XU_EVENT("dsp_fill",			"inc_sel=0x00"),
	XU_EVENT("cycles_mfull",		"inc_sel=0x01"),
	XU_EVENT("retry_mfull",			"inc_sel=0x02"),
	XU_EVENT("retry_starve",		"inc_sel=0x03"),
	XU_EVENT("therm_trp_up",		"inc_sel=0x04"),
	XU_EVENT("therm_trp_dn",		"inc_sel=0x05"),
	XU_EVENT("refresh",			"inc_sel=0x06"),
	XU_EVENT("refresh_conflict",		"inc_sel=0x07"),
	XU_EVENT("sched_mode_changes",		"inc_sel=0x08"),
	XU_EVENT("iss_ev",			"inc_sel=0x09"),
	XU_EVENT("dram_cmd",			"inc_sel=0x0a"),
	XU_EVENT("pld_retry_ev",		"inc_sel=0x0b"),
	XU_EVENT("ma_par_err",			"inc_sel=0x0c"),
	XU_EVENT("fvc_ev0",			"inc_sel=0x0d"),
	XU_EVENT("fvc_ev1",			"inc_sel=0x0e"),
	XU_EVENT("fvc_ev2",			"inc_sel=0x0f"),
	XU_EVENT("fvc_ev3",			"inc_sel=0x10"),
	XU_EVENT("patrol_txns",			"inc_sel=0x11"),
	XU_EVENT("trans_cmds",			"inc_sel=0x12"),
	XU_EVENT("page_miss",			"inc_sel=0x13"),
	XU_EVENT("page_hit",			"inc_sel=0x14"),
	XU_EVENT("page_empty",			"inc_sel=0x15"),
	XU_EVENT("pgt_page_ev",			"inc_sel=0x16"),
	XU_EVENT("multicas",			"inc_sel=0x17"),
	XU_EVENT("fvid_race",			"inc_sel=0x18"),
	XU_EVENT("tt_cmd_conflict",		"inc_sel=0x19"),
	XU_EVENT("bbox_cmds_all",		"inc_sel=0x1a"),
	XU_EVENT("mbox_clockticks",		"inc_sel=0x1b"),
	XU_EVENT("sched_inflight_cmds",		"inc_sel=0x1c"),
	XU_EVENT("inflight_cmds",		"inc_sel=0x1d"),
	XU_EVENT("cycles_dsp_fill",		"flag_mode=1,set_flag_sel=0x0"),
	XU_EVENT("cycles_sched_mode",		"flag_mode=1,set_flag_sel=0x1"),
	XU_EVENT("cycles_retryq_mfull",		"flag_mode=1,set_flag_sel=0x3"),
	XU_EVENT("cycles_retryq_starved",	"flag_mode=1,set_flag_sel=0x4"),
	XU_EVENT("cycles_pgt_state",		"flag_mode=1,set_flag_sel=0x5"),
	XU_EVENT("bcmd_schedq_occupancy",	"flag_mode=1,set_flag_sel=0x6"),
	{ }
};

/*
 * upstream's two FVC names: FVC_EV0's selector set to B-box commands (5),
 * the command field to read (0) or write (1), where each part has them.
 */
static const struct xu_event_desc nhmex_mbox_events[] = {
	XU_EVENT("bbox_cmds_read",		"inc_sel=0xd,fvc=0x2800"),
	XU_EVENT("bbox_cmds_write",		"inc_sel=0xd,fvc=0x2820"),
	XU_EVENTS_MORE(nhmex_mbox_guide_events),
};

static const struct xu_event_desc wsmex_mbox_events[] = {
	XU_EVENT("bbox_cmds_read",		"inc_sel=0xd,fvc=0x5000"),
	XU_EVENT("bbox_cmds_write",		"inc_sel=0xd,fvc=0x5040"),
	XU_EVENTS_MORE(nhmex_mbox_guide_events),
};

/* the box's shared registers, xu_enc.use[] indices */
enum {
	NHMEX_M_REG_DSP, NHMEX_M_REG_ISS, NHMEX_M_REG_MAP, NHMEX_M_REG_MSC_THR,
	NHMEX_M_REG_PGT, NHMEX_M_REG_PLD, NHMEX_M_REG_ZDP,
	NHMEX_M_REG_MM_CFG, NHMEX_M_REG_MATCH, NHMEX_M_REG_MASK,
	NHMEX_M_NREGS
};

/*
 * ZDP_CTL_FVC: a part's fields shared by the four FVC events, and where
 * slot 0's selector is (the others 3 bits apart).
 */
struct nhmex_mbox_part {
	u64 fvc_shared;
	u64 fvc_resp;
	unsigned int fvc_slot0;
};

#define NHMEX_M_ZDP_SLOT(_part, _n)	(7ULL << ((_part)->fvc_slot0 + 3 * (_n)))

/*
 * Nehalem-EX: fields 10:0 and 23, selectors at 13:11 ... 22:20; the
 * Westmere-EX shifts it all up a bit (Linux's masks).
 */
#define NHMEX_M_ZDP_SHARED		(GENMASK_ULL(10, 0) | BIT_ULL(23))
#define WSMEX_M_ZDP_SHARED		(GENMASK_ULL(11, 0) | BIT_ULL(24))

static const struct nhmex_mbox_part nhmex_mbox_part = {
	.fvc_shared	= NHMEX_M_ZDP_SHARED,
	.fvc_resp	= XU_ASSUMED_NHMEX_FVC_RESP,
	.fvc_slot0	= 11,
};

static const struct nhmex_mbox_part wsmex_mbox_part = {
	.fvc_shared	= WSMEX_M_ZDP_SHARED,
	.fvc_resp	= XU_ASSUMED_WSMEX_FVC_RESP,
	.fvc_slot0	= 12,
};

/* A part's shared registers: its ZDP_CTL_FVC fields, the rest the same. */
#define NHMEX_M_REGS(...) {						\
	[NHMEX_M_REG_DSP]	= { .name = "M-box DSP", .offset = NHMEX_M_DSP,	\
				    .fields = { NHMEX_M_SUB } },		\
	[NHMEX_M_REG_ISS]	= { .name = "M-box ISS", .offset = NHMEX_M_ISS,	\
				    .fields = { NHMEX_M_ISS_BITS } },		\
	[NHMEX_M_REG_MAP]	= { .name = "M-box MAP", .offset = NHMEX_M_MAP,	\
				    .fields = { NHMEX_M_SUB } },		\
	[NHMEX_M_REG_MSC_THR]	= { .name = "M-box MSC_THR",			\
				    .offset = NHMEX_M_MSC_THR,			\
				    .fields = { NHMEX_M_SUB } },		\
	[NHMEX_M_REG_PGT]	= { .name = "M-box PGT", .offset = NHMEX_M_PGT,	\
				    .fields = { NHMEX_M_SUB } },		\
	[NHMEX_M_REG_PLD]	= { .name = "M-box PLD", .offset = NHMEX_M_PLD,	\
				    .fields = { NHMEX_M_SUB } },		\
	[NHMEX_M_REG_ZDP]	= { .name = "M-box ZDP_CTL_FVC",		\
				    .offset = NHMEX_M_ZDP_CTL_FVC,		\
				    .fields = { __VA_ARGS__ } },		\
	[NHMEX_M_REG_MM_CFG]	= { .name = "M-box MM_CFG",			\
				    .addr = (const u32[]){ 0xe54, 0xe5c },	\
				    .fields = { U64_MAX } },			\
	[NHMEX_M_REG_MATCH]	= { .name = "M-box address MATCH",		\
				    .addr = (const u32[]){ 0xe55, 0xe5d },	\
				    .fields = { U64_MAX } },			\
	[NHMEX_M_REG_MASK]	= { .name = "M-box address MASK",		\
				    .addr = (const u32[]){ 0xe56, 0xe5e },	\
				    .fields = { U64_MAX } },			\
}

static const struct xu_shared_reg nhmex_mbox_regs[NHMEX_M_NREGS] =
	NHMEX_M_REGS(NHMEX_M_ZDP_SHARED, GENMASK_ULL(13, 11), GENMASK_ULL(16, 14),
		     GENMASK_ULL(19, 17), GENMASK_ULL(22, 20));

static const struct xu_shared_reg wsmex_mbox_regs[NHMEX_M_NREGS] =
	NHMEX_M_REGS(WSMEX_M_ZDP_SHARED, GENMASK_ULL(14, 12), GENMASK_ULL(17, 15),
		     GENMASK_ULL(20, 18), GENMASK_ULL(23, 21));

/*
 * Which sub-control an event reads, from config1's low half (the PLD from
 * its high half), as upstream's extra-register table has it.
 */
struct nhmex_mbox_sub {
	bool flag;
	u8 sel;
	u8 reg;
};

static const struct nhmex_mbox_sub nhmex_mbox_subs[] = {
	{ false, 0x00, NHMEX_M_REG_DSP },
	{ false, 0x04, NHMEX_M_REG_MSC_THR },
	{ false, 0x05, NHMEX_M_REG_MSC_THR },
	{ false, 0x09, NHMEX_M_REG_ISS },
	{ false, 0x0a, NHMEX_M_REG_ISS },
	{ false, 0x0a, NHMEX_M_REG_PLD },
	{ false, 0x0b, NHMEX_M_REG_PLD },
	{ false, 0x16, NHMEX_M_REG_PGT },
	{ true, 0x0, NHMEX_M_REG_DSP },
	{ true, 0x1, NHMEX_M_REG_ISS },
	{ true, 0x5, NHMEX_M_REG_PGT },
	{ true, 0x6, NHMEX_M_REG_MAP },
};

/*
 * Selector 6 counts the B-box responses the response field picks (the
 * field's place the shared assumption); response 6 is reserved there
 * (Table 2-82), "nothing will be counted" in the event table: refused.
 */
#define NHMEX_M_FVC_BBOX_RSP		6
#define NHMEX_M_FVC_RSP_RESERVED	6

/* An FVC event in slot (its own + alt) % 4: its selector moves there. */
static const char *nhmex_mbox_fvc(const struct nhmex_mbox_part *part,
				  unsigned int own, const u64 *config,
				  struct xu_enc *enc)
{
	unsigned int slot = (own + enc->alt) % NHMEX_M_FVC_SLOTS;
	u64 v = config[1] & NHMEX_M_SUB, sel;

	sel = (v & NHMEX_M_ZDP_SLOT(part, own)) >> (part->fvc_slot0 + 3 * own);
	if (sel == NHMEX_M_FVC_BBOX_RSP &&
	    (v & part->fvc_resp) >> __ffs64(part->fvc_resp) == NHMEX_M_FVC_RSP_RESERVED)
		return "fvc: B-box response 6 is reserved (the guide's Table 2-82)";
	enc->nalt = NHMEX_M_FVC_SLOTS;
	enc->ctl &= ~NHMEX_M_CTL_INC_SEL;
	enc->ctl |= FIELD_PREP(NHMEX_M_CTL_INC_SEL, NHMEX_M_FVC_EV0 + slot);
	xu_enc_use(enc, NHMEX_M_REG_ZDP,
		   (v & part->fvc_shared) | sel << (part->fvc_slot0 + 3 * slot),
		   part->fvc_shared | NHMEX_M_ZDP_SLOT(part, slot));
	enc->ignored[1] &= ~(part->fvc_shared | NHMEX_M_ZDP_SLOT(part, own));
	return NULL;
}

static const char *nhmex_mbox_encode(const struct xu_box_type *t,
				     const u64 *config, struct xu_enc *enc)
{
	const struct nhmex_mbox_part *part = t->priv;
	bool flag = config[0] & NHMEX_M_CTL_FLAG_MODE;
	unsigned int sel = flag ? FIELD_GET(NHMEX_M_CTL_SET_FLAG_SEL, config[0]) :
				  FIELD_GET(NHMEX_M_CTL_INC_SEL, config[0]);
	bool pld = false;
	unsigned int i;

	enc->ctl = config[0] & ~t->enable_bit;
	enc->counters = GENMASK(t->num_counters - 1, 0);
	enc->ignored[1] = config[1];
	enc->ignored[2] = config[2];
	enc->ignored_why = NHMEX_M_SUB_USE;
	for (i = 0; i < ARRAY_SIZE(nhmex_mbox_subs); i++) {
		const struct nhmex_mbox_sub *s = &nhmex_mbox_subs[i];
		u64 half = s->reg == NHMEX_M_REG_PLD ? NHMEX_M_PLD_CFG : NHMEX_M_SUB;
		/* what the register implements, its one field: the rest ignored */
		u64 bits = t->shared[s->reg].fields[0];
		unsigned int shift = __ffs64(half);

		if (s->flag != flag || s->sel != sel)
			continue;
		xu_enc_use(enc, s->reg, (config[1] & half) >> shift, bits);
		enc->ignored[1] &= ~(bits << shift);
		if (s->reg == NHMEX_M_REG_ISS && (config[1] & half & ~(bits << shift)))
			enc->ignored_why = NHMEX_M_ISS_USE;
		pld |= s->reg == NHMEX_M_REG_PLD;
	}
	if (!flag && sel >= NHMEX_M_FVC_EV0 &&
	    sel < NHMEX_M_FVC_EV0 + NHMEX_M_FVC_SLOTS) {
		const char *why = nhmex_mbox_fvc(part, sel - NHMEX_M_FVC_EV0, config, enc);

		if (why)
			return why;
	}
	if (pld) {
		/* disabled (MM_CFG 0) unless filter_cfg_en: held either way */
		bool on = config[2] & NHMEX_M_FILTER_EN;

		xu_enc_use(enc, NHMEX_M_REG_MM_CFG, on ? NHMEX_M_MM_CFG_EN : 0, U64_MAX);
		xu_enc_use(enc, NHMEX_M_REG_MATCH,
			   on ? FIELD_GET(NHMEX_M_FILTER_MATCH, config[2]) : 0, U64_MAX);
		xu_enc_use(enc, NHMEX_M_REG_MASK,
			   on ? FIELD_GET(NHMEX_M_FILTER_MASK, config[2]) : 0, U64_MAX);
		enc->ignored[2] = on ? 0 : config[2];
	}
	return NULL;
}

/*
 * The sub-controls are written as they are; the address match inside its
 * MM_CFG disable/enable, as the S-box's.
 */
static void nhmex_mbox_commit(struct xu_box *box, unsigned long regs)
{
	const unsigned long mm = BIT(NHMEX_M_REG_MM_CFG) | BIT(NHMEX_M_REG_MATCH) |
				 BIT(NHMEX_M_REG_MASK);
	unsigned int i;

	for_each_set_bit(i, &regs, NHMEX_M_REG_MM_CFG)
		xu_wrmsr(xu_shared_addr(box, i), box->shared->reg[i].val);
	if (!(regs & mm))
		return;
	xu_wrmsr(xu_shared_addr(box, NHMEX_M_REG_MM_CFG), 0);
	for (i = NHMEX_M_REG_MATCH; i <= NHMEX_M_REG_MASK; i++)
		if (regs & BIT(i))
			xu_wrmsr(xu_shared_addr(box, i), box->shared->reg[i].val);
	xu_wrmsr(xu_shared_addr(box, NHMEX_M_REG_MM_CFG),
		 box->shared->reg[NHMEX_M_REG_MM_CFG].val);
}

static const u64 nhmex_mbox_mid_bits[NHMEX_SIDES] = {
	NHMEX_S_SUM_OV_MB, NHMEX_S_SUM_OV_MB,
};

static const struct xu_ovf nhmex_mbox_ovf = {
	.summary	= nhmex_side_summary,
	.mid		= nhmex_side_mid,
	.mid_bits	= nhmex_mbox_mid_bits,
	.status		= NHMEX_M0_GLOBAL_CTL + NHMEX_BOX_STATUS,
	.clear		= NHMEX_M0_GLOBAL_CTL + NHMEX_BOX_OVF_CTL,
	.always		= true,
};

static const struct xu_box_ops nhmex_mbox_ops =
	NHMEX_BOX_OPS(.encode = nhmex_mbox_encode,
		      .commit_shared = nhmex_mbox_commit);

/* The M-boxes of both parts: their ZDP_CTL_FVC layout and FVC names. */
#define NHMEX_MBOX(_part, _regs, _events)				\
	.priv		= _part,					\
	.name		= "mbox",					\
	.num_boxes	= NHMEX_SIDES,					\
	.num_counters	= NHMEX_M_CTRS,					\
	.width		= 48,						\
	.max_inc	= 1,						\
	.box_ctl	= NHMEX_M0_GLOBAL_CTL,				\
	.box_offsets	= nhmex_mbox_offsets,				\
	.ctl0		= NHMEX_M0_GLOBAL_CTL + 0x10,			\
	.ctr0		= NHMEX_M0_GLOBAL_CTL + 0x11,			\
	.ctl_stride	= 2,						\
	.ctr_stride	= 2,						\
	.shared		= _regs,					\
	.nshared	= NHMEX_M_NREGS,				\
	.enable_bit	= NHMEX_M_CTL_EN,				\
	.pmi_bit	= NHMEX_M_CTL_PMI_EN,				\
	.ovf		= &nhmex_mbox_ovf,				\
	.fields		= nhmex_mbox_fields,				\
	.events		= _events,					\
	.ops		= &nhmex_mbox_ops

static const struct xu_box_type nhmex_mbox = {
	NHMEX_MBOX(&nhmex_mbox_part, nhmex_mbox_regs, nhmex_mbox_events),
};

static const struct xu_box_type wsmex_mbox = {
	NHMEX_MBOX(&wsmex_mbox_part, wsmex_mbox_regs, wsmex_mbox_events),
};

/* ---- R-box (guide 2.6) ------------------------------------------------ */

/*
 * The QPI router: two halves of 8 counters, uncore_rbox_0 for ports 0-3
 * and uncore_rbox_1 for ports 4-7.  A counter's ev_sel does not name an
 * event: ev_sel = 6 x port + source, the source one of the port's
 * sub-registers, whose value is the event: IPERF_CFG0 and 1, the low and
 * high byte of QLX_CFG, XBAR match/mask sets 1 and 2.  The two of a pair
 * count the same events, so an event whose register holds another value
 * takes the other of its pair (upstream does the same).
 */
#define NHMEX_R_GLOBAL_CTL		0xe00
#define NHMEX_R_CTRS			8
#define NHMEX_R_PORTS			4	/* a half */
#define NHMEX_R_SOURCES			6	/* a port */
#define NHMEX_R_CTL_EN			BIT_ULL(0)
#define NHMEX_R_CTL_EV_SEL		GENMASK_ULL(5, 1)
#define NHMEX_R_CTL_PMI_EN		BIT_ULL(6)
/* the XBAR set's MM_CFG, in the upper half of config (upstream's packing) */
#define NHMEX_R_XBR_MM_CFG		GENMASK_ULL(63, 32)
#define NHMEX_R_IPERF_CFG		GENMASK_ULL(31, 0)
#define NHMEX_R_QLX_CFG			GENMASK_ULL(15, 0)
/* IPERF_CFG (Table 2-48): new packets' class mask and VN select (2-59) */
#define NHMEX_R_IPERF_NEW_PC		GENMASK_ULL(5, 0)
#define NHMEX_R_IPERF_NEW_VN		GENMASK_ULL(7, 6)
#define NHMEX_R_IPERF_MC		GENMASK_ULL(20, 17)
#define NHMEX_R_IPERF_IG		GENMASK_ULL(23, 22)	/* read 0, writes ignored */
/* XBAR MM_CFG (Table 2-50) as config's upper half holds its bits 31:0 */
#define NHMEX_R_XBR_MM_TRIG_EN		BIT_ULL(21)
#define NHMEX_R_XBR_MM_IG		GENMASK_ULL(31, 22)
#define NHMEX_R_VN_WHY	"new-packet VN select (7:6) 0b11 read as every VN; the guide's table has 00 VN0, 01 VN1, 10 VNA"
#define NHMEX_R_TRIG_WHY "xbr_mm_cfg: without mm_trig_en (bit 21, config:53) the XBAR set counts nothing"
/* MATCH and MASK (Tables 2-51, 2-52): "Reserved. Must write to 0" */
#define NHMEX_R_XBR_RSV			(GENMASK_ULL(63, 52) | GENMASK_ULL(47, 36) | \
					 GENMASK_ULL(30, 18))
#define NHMEX_R_QLX_EVENT		GENMASK_ULL(7, 0)	/* one source's */

enum {	/* sources: ev_sel % 6 */
	NHMEX_R_IPERF0, NHMEX_R_IPERF1, NHMEX_R_QLX0, NHMEX_R_QLX1,
	NHMEX_R_XBR1, NHMEX_R_XBR2,
};

/* a port's shared registers: IPERF0, IPERF1, QLX, XBAR set 1, set 2 */
enum {
	NHMEX_R_REG_IPERF0, NHMEX_R_REG_IPERF1, NHMEX_R_REG_QLX,
	NHMEX_R_REG_XBR1,		/* MM_CFG, MATCH, MASK */
	NHMEX_R_REG_XBR2 = NHMEX_R_REG_XBR1 + 3,
	NHMEX_R_PORT_REGS = NHMEX_R_REG_XBR2 + 3,
};

static const u32 nhmex_rbox_offsets[NHMEX_SIDES] = { 0x00, 0x20 };

XU_FIELD(rbox_event, event, 0, NHMEX_R_CTL_EV_SEL);
XU_FIELD(xbr_mm_cfg, xbr_mm_cfg, 0, NHMEX_R_XBR_MM_CFG);
XU_FIELD(xbr_match, xbr_match, 1, U64_MAX);
XU_FIELD(xbr_mask, xbr_mask, 2, U64_MAX);
XU_FIELD_SLICE(qlx_cfg, qlx_cfg, 1, NHMEX_R_QLX_CFG);
XU_FIELD_SLICE(iperf_cfg, iperf_cfg, 1, NHMEX_R_IPERF_CFG);

static struct xu_field * const nhmex_rbox_fields[] = {
	&xu_field_rbox_event, &xu_field_xbr_mm_cfg, &xu_field_xbr_match,
	&xu_field_xbr_mask, &xu_field_qlx_cfg, &xu_field_iperf_cfg, NULL,
};

/*
 * Each port's IPERF events (reference 8.1.5, a bit or field of IPERF_CFG
 * each; RETRYQ_NE/OV, whose bits are uncertain, are left out) and QLX
 * arbitration events (sel in the low nibble, class and VN 0), and
 * upstream's six names, its spelling kept.
 *
 * NEW_PACKETS_RECV: the class mask 5:0 "Anded with" the VN select 7:6,
 * which the guide's Table 2-59 defines as 00 VN0, 01 VN1, 10 VNA: a name
 * per VN, all classes.  0b11 is not in our copy of the table; likwid and
 * upstream's qpi*_date_response read it as every VN, the shared
 * assumption: programmed as asked, noted once, and not named here.
 *
 * The EOT events count per message class MC (20:17; its encodings the
 * shared assumption): with MC_ROLL_ALLOC (21) every allocation of the
 * class into the EOT (EOT_INSERTS), without it "a rolling count ...
 * whenever count overflows 7b count val of 128" of them, which the guide
 * calls EOT_OCCUPANCY: one count per 128 allocations, so its names say
 * rolling inserts and carry a scale of 128.  HOM0's rolling count has MC
 * and MC_ROLL_ALLOC 0, which selects no EOT event (the assumption).
 */
#define NHMEX_R_EOT_INSERTS(_p, _ev, _cls, _cfg) \
	XU_EVENT("port" #_p "_eot_inserts_" #_cls, "event=" #_ev ",iperf_cfg=" #_cfg)
#define NHMEX_R_EOT_ROLLING(_p, _ev, _cls, _cfg)			\
	{ .name = "port" #_p "_eot_rolling_inserts_" #_cls,		\
	  .config = "event=" #_ev ",iperf_cfg=" #_cfg, .scale = "128" }

static const struct xu_event_desc nhmex_rbox_events[] = {
	XU_EVENT("port0_new_packets_recv_vn0",		"event=0x0,iperf_cfg=0x3f"),
	XU_EVENT("port0_new_packets_recv_vn1",		"event=0x0,iperf_cfg=0x7f"),
	XU_EVENT("port0_new_packets_recv_vna",		"event=0x0,iperf_cfg=0xbf"),
	XU_EVENT("port0_inque_read_win",		"event=0x0,iperf_cfg=0x100"),
	XU_EVENT("port0_alloc_to_arb",			"event=0x0,iperf_cfg=0xfe00"),
	XU_EVENT("port0_eot_ne_cycles",			"event=0x0,iperf_cfg=0x10000"),
	NHMEX_R_EOT_INSERTS(0, 0x0, hom0, 0x200000),
	NHMEX_R_EOT_INSERTS(0, 0x0, hom1, 0x220000),
	NHMEX_R_EOT_INSERTS(0, 0x0, ndr, 0x240000),
	NHMEX_R_EOT_INSERTS(0, 0x0, snp, 0x260000),
	NHMEX_R_EOT_INSERTS(0, 0x0, ncs, 0x280000),
	NHMEX_R_EOT_INSERTS(0, 0x0, ncb, 0x380000),
	NHMEX_R_EOT_INSERTS(0, 0x0, drs, 0x3c0000),
	NHMEX_R_EOT_ROLLING(0, 0x0, hom1, 0x20000),
	NHMEX_R_EOT_ROLLING(0, 0x0, ndr, 0x40000),
	NHMEX_R_EOT_ROLLING(0, 0x0, snp, 0x60000),
	NHMEX_R_EOT_ROLLING(0, 0x0, ncs, 0x80000),
	NHMEX_R_EOT_ROLLING(0, 0x0, ncb, 0x180000),
	NHMEX_R_EOT_ROLLING(0, 0x0, drs, 0x1c0000),
	XU_EVENT("port0_flits_recv_err",		"event=0x0,iperf_cfg=0x1000000"),
	XU_EVENT("port0_flits_recv_spec",		"event=0x0,iperf_cfg=0x2000000"),
	XU_EVENT("port0_outputq_ne",			"event=0x0,iperf_cfg=0x4000000"),
	XU_EVENT("port0_outputq_ovfl",			"event=0x0,iperf_cfg=0x8000000"),
	XU_EVENT("port0_null_idle",			"event=0x0,iperf_cfg=0x40000000"),
	XU_EVENT("port0_flits_sent",			"event=0x0,iperf_cfg=0x80000000"),
	XU_EVENT("port0_global_arb_bid",		"event=0x2,qlx_cfg=0x2"),
	XU_EVENT("port0_que_arb_bid_fail",		"event=0x2,qlx_cfg=0x3"),
	XU_EVENT("port0_local_arb_bid_fail",		"event=0x2,qlx_cfg=0x4"),
	XU_EVENT("port0_global_arb_bid_fail",		"event=0x2,qlx_cfg=0x5"),
	XU_EVENT("port0_que_arb_home_order_kill",	"event=0x2,qlx_cfg=0x6"),
	XU_EVENT("port0_local_arb_home_order_kill",	"event=0x2,qlx_cfg=0x7"),
	XU_EVENT("port0_global_arb_home_order_kill",	"event=0x2,qlx_cfg=0x8"),
	XU_EVENT("port0_target_available",		"event=0x2,qlx_cfg=0x9"),
	XU_EVENT("port0_starving",			"event=0x2,qlx_cfg=0xa"),
	XU_EVENT("port1_new_packets_recv_vn0",		"event=0x6,iperf_cfg=0x3f"),
	XU_EVENT("port1_new_packets_recv_vn1",		"event=0x6,iperf_cfg=0x7f"),
	XU_EVENT("port1_new_packets_recv_vna",		"event=0x6,iperf_cfg=0xbf"),
	XU_EVENT("port1_inque_read_win",		"event=0x6,iperf_cfg=0x100"),
	XU_EVENT("port1_alloc_to_arb",			"event=0x6,iperf_cfg=0xfe00"),
	XU_EVENT("port1_eot_ne_cycles",			"event=0x6,iperf_cfg=0x10000"),
	NHMEX_R_EOT_INSERTS(1, 0x6, hom0, 0x200000),
	NHMEX_R_EOT_INSERTS(1, 0x6, hom1, 0x220000),
	NHMEX_R_EOT_INSERTS(1, 0x6, ndr, 0x240000),
	NHMEX_R_EOT_INSERTS(1, 0x6, snp, 0x260000),
	NHMEX_R_EOT_INSERTS(1, 0x6, ncs, 0x280000),
	NHMEX_R_EOT_INSERTS(1, 0x6, ncb, 0x380000),
	NHMEX_R_EOT_INSERTS(1, 0x6, drs, 0x3c0000),
	NHMEX_R_EOT_ROLLING(1, 0x6, hom1, 0x20000),
	NHMEX_R_EOT_ROLLING(1, 0x6, ndr, 0x40000),
	NHMEX_R_EOT_ROLLING(1, 0x6, snp, 0x60000),
	NHMEX_R_EOT_ROLLING(1, 0x6, ncs, 0x80000),
	NHMEX_R_EOT_ROLLING(1, 0x6, ncb, 0x180000),
	NHMEX_R_EOT_ROLLING(1, 0x6, drs, 0x1c0000),
	XU_EVENT("port1_flits_recv_err",		"event=0x6,iperf_cfg=0x1000000"),
	XU_EVENT("port1_flits_recv_spec",		"event=0x6,iperf_cfg=0x2000000"),
	XU_EVENT("port1_outputq_ne",			"event=0x6,iperf_cfg=0x4000000"),
	XU_EVENT("port1_outputq_ovfl",			"event=0x6,iperf_cfg=0x8000000"),
	XU_EVENT("port1_null_idle",			"event=0x6,iperf_cfg=0x40000000"),
	XU_EVENT("port1_flits_sent",			"event=0x6,iperf_cfg=0x80000000"),
	XU_EVENT("port1_global_arb_bid",		"event=0x8,qlx_cfg=0x2"),
	XU_EVENT("port1_que_arb_bid_fail",		"event=0x8,qlx_cfg=0x3"),
	XU_EVENT("port1_local_arb_bid_fail",		"event=0x8,qlx_cfg=0x4"),
	XU_EVENT("port1_global_arb_bid_fail",		"event=0x8,qlx_cfg=0x5"),
	XU_EVENT("port1_que_arb_home_order_kill",	"event=0x8,qlx_cfg=0x6"),
	XU_EVENT("port1_local_arb_home_order_kill",	"event=0x8,qlx_cfg=0x7"),
	XU_EVENT("port1_global_arb_home_order_kill",	"event=0x8,qlx_cfg=0x8"),
	XU_EVENT("port1_target_available",		"event=0x8,qlx_cfg=0x9"),
	XU_EVENT("port1_starving",			"event=0x8,qlx_cfg=0xa"),
	XU_EVENT("port2_new_packets_recv_vn0",		"event=0xc,iperf_cfg=0x3f"),
	XU_EVENT("port2_new_packets_recv_vn1",		"event=0xc,iperf_cfg=0x7f"),
	XU_EVENT("port2_new_packets_recv_vna",		"event=0xc,iperf_cfg=0xbf"),
	XU_EVENT("port2_inque_read_win",		"event=0xc,iperf_cfg=0x100"),
	XU_EVENT("port2_alloc_to_arb",			"event=0xc,iperf_cfg=0xfe00"),
	XU_EVENT("port2_eot_ne_cycles",			"event=0xc,iperf_cfg=0x10000"),
	NHMEX_R_EOT_INSERTS(2, 0xc, hom0, 0x200000),
	NHMEX_R_EOT_INSERTS(2, 0xc, hom1, 0x220000),
	NHMEX_R_EOT_INSERTS(2, 0xc, ndr, 0x240000),
	NHMEX_R_EOT_INSERTS(2, 0xc, snp, 0x260000),
	NHMEX_R_EOT_INSERTS(2, 0xc, ncs, 0x280000),
	NHMEX_R_EOT_INSERTS(2, 0xc, ncb, 0x380000),
	NHMEX_R_EOT_INSERTS(2, 0xc, drs, 0x3c0000),
	NHMEX_R_EOT_ROLLING(2, 0xc, hom1, 0x20000),
	NHMEX_R_EOT_ROLLING(2, 0xc, ndr, 0x40000),
	NHMEX_R_EOT_ROLLING(2, 0xc, snp, 0x60000),
	NHMEX_R_EOT_ROLLING(2, 0xc, ncs, 0x80000),
	NHMEX_R_EOT_ROLLING(2, 0xc, ncb, 0x180000),
	NHMEX_R_EOT_ROLLING(2, 0xc, drs, 0x1c0000),
	XU_EVENT("port2_flits_recv_err",		"event=0xc,iperf_cfg=0x1000000"),
	XU_EVENT("port2_flits_recv_spec",		"event=0xc,iperf_cfg=0x2000000"),
	XU_EVENT("port2_outputq_ne",			"event=0xc,iperf_cfg=0x4000000"),
	XU_EVENT("port2_outputq_ovfl",			"event=0xc,iperf_cfg=0x8000000"),
	XU_EVENT("port2_null_idle",			"event=0xc,iperf_cfg=0x40000000"),
	XU_EVENT("port2_flits_sent",			"event=0xc,iperf_cfg=0x80000000"),
	XU_EVENT("port2_global_arb_bid",		"event=0xe,qlx_cfg=0x2"),
	XU_EVENT("port2_que_arb_bid_fail",		"event=0xe,qlx_cfg=0x3"),
	XU_EVENT("port2_local_arb_bid_fail",		"event=0xe,qlx_cfg=0x4"),
	XU_EVENT("port2_global_arb_bid_fail",		"event=0xe,qlx_cfg=0x5"),
	XU_EVENT("port2_que_arb_home_order_kill",	"event=0xe,qlx_cfg=0x6"),
	XU_EVENT("port2_local_arb_home_order_kill",	"event=0xe,qlx_cfg=0x7"),
	XU_EVENT("port2_global_arb_home_order_kill",	"event=0xe,qlx_cfg=0x8"),
	XU_EVENT("port2_target_available",		"event=0xe,qlx_cfg=0x9"),
	XU_EVENT("port2_starving",			"event=0xe,qlx_cfg=0xa"),
	XU_EVENT("port3_new_packets_recv_vn0",		"event=0x12,iperf_cfg=0x3f"),
	XU_EVENT("port3_new_packets_recv_vn1",		"event=0x12,iperf_cfg=0x7f"),
	XU_EVENT("port3_new_packets_recv_vna",		"event=0x12,iperf_cfg=0xbf"),
	XU_EVENT("port3_inque_read_win",		"event=0x12,iperf_cfg=0x100"),
	XU_EVENT("port3_alloc_to_arb",			"event=0x12,iperf_cfg=0xfe00"),
	XU_EVENT("port3_eot_ne_cycles",			"event=0x12,iperf_cfg=0x10000"),
	NHMEX_R_EOT_INSERTS(3, 0x12, hom0, 0x200000),
	NHMEX_R_EOT_INSERTS(3, 0x12, hom1, 0x220000),
	NHMEX_R_EOT_INSERTS(3, 0x12, ndr, 0x240000),
	NHMEX_R_EOT_INSERTS(3, 0x12, snp, 0x260000),
	NHMEX_R_EOT_INSERTS(3, 0x12, ncs, 0x280000),
	NHMEX_R_EOT_INSERTS(3, 0x12, ncb, 0x380000),
	NHMEX_R_EOT_INSERTS(3, 0x12, drs, 0x3c0000),
	NHMEX_R_EOT_ROLLING(3, 0x12, hom1, 0x20000),
	NHMEX_R_EOT_ROLLING(3, 0x12, ndr, 0x40000),
	NHMEX_R_EOT_ROLLING(3, 0x12, snp, 0x60000),
	NHMEX_R_EOT_ROLLING(3, 0x12, ncs, 0x80000),
	NHMEX_R_EOT_ROLLING(3, 0x12, ncb, 0x180000),
	NHMEX_R_EOT_ROLLING(3, 0x12, drs, 0x1c0000),
	XU_EVENT("port3_flits_recv_err",		"event=0x12,iperf_cfg=0x1000000"),
	XU_EVENT("port3_flits_recv_spec",		"event=0x12,iperf_cfg=0x2000000"),
	XU_EVENT("port3_outputq_ne",			"event=0x12,iperf_cfg=0x4000000"),
	XU_EVENT("port3_outputq_ovfl",			"event=0x12,iperf_cfg=0x8000000"),
	XU_EVENT("port3_null_idle",			"event=0x12,iperf_cfg=0x40000000"),
	XU_EVENT("port3_flits_sent",			"event=0x12,iperf_cfg=0x80000000"),
	XU_EVENT("port3_global_arb_bid",		"event=0x14,qlx_cfg=0x2"),
	XU_EVENT("port3_que_arb_bid_fail",		"event=0x14,qlx_cfg=0x3"),
	XU_EVENT("port3_local_arb_bid_fail",		"event=0x14,qlx_cfg=0x4"),
	XU_EVENT("port3_global_arb_bid_fail",		"event=0x14,qlx_cfg=0x5"),
	XU_EVENT("port3_que_arb_home_order_kill",	"event=0x14,qlx_cfg=0x6"),
	XU_EVENT("port3_local_arb_home_order_kill",	"event=0x14,qlx_cfg=0x7"),
	XU_EVENT("port3_global_arb_home_order_kill",	"event=0x14,qlx_cfg=0x8"),
	XU_EVENT("port3_target_available",		"event=0x14,qlx_cfg=0x9"),
	XU_EVENT("port3_starving",			"event=0x14,qlx_cfg=0xa"),
	XU_EVENT("qpi0_flit_send",		"event=0x0,iperf_cfg=0x80000000"),
	XU_EVENT("qpi1_filt_send",		"event=0x6,iperf_cfg=0x80000000"),
	XU_EVENT("qpi0_idle_filt",		"event=0x0,iperf_cfg=0x40000000"),
	XU_EVENT("qpi1_idle_filt",		"event=0x6,iperf_cfg=0x40000000"),
	/* DRS with VN select 0b11: every VN, the shared assumption */
	XU_EVENT("qpi0_date_response",		"event=0x0,iperf_cfg=0xc4"),
	XU_EVENT("qpi1_date_response",		"event=0x6,iperf_cfg=0xc4"),
	{ }
};

/*
 * Port p's registers (p = 0-3 of the half; the right half's ports are
 * 4-7): IPERF_CFG0 0xe04 + p, IPERF_CFG1 0xe24 + p, QLX_CFG 0xe0c + p
 * (ports 4-7: 0xe2c + p - 4), XBAR set 1 at 0xe60 + 4p (4-7: 0xe70 + 4p),
 * set 2 at 0xe70 + 4p (4-7: 0xe80 + 4p), each MM_CFG, MATCH, MASK: a
 * shared register of a left-half port and its right-half twin a row.
 */
#define NHMEX_R_REG(_name, _left, _right, ...) {			\
	.name = "R-box " _name,						\
	.addr = (const u32[]){ _left, _right },				\
	.fields = { __VA_ARGS__ },					\
}

static const struct xu_shared_reg nhmex_rbox_regs[] = {
	/* port 0 (right half: 4) */
	NHMEX_R_REG("IPERF_CFG0", 0xe04, 0xe08, NHMEX_R_IPERF_CFG),
	NHMEX_R_REG("IPERF_CFG1", 0xe24, 0xe28, NHMEX_R_IPERF_CFG),
	NHMEX_R_REG("QLX_CFG", 0xe0c, 0xe2c, NHMEX_R_QLX_EVENT, NHMEX_R_QLX_EVENT << 8),
	NHMEX_R_REG("XBAR set 1 MM_CFG", 0xe60, 0xe80, U64_MAX),
	NHMEX_R_REG("XBAR set 1 MATCH", 0xe61, 0xe81, U64_MAX),
	NHMEX_R_REG("XBAR set 1 MASK", 0xe62, 0xe82, U64_MAX),
	NHMEX_R_REG("XBAR set 2 MM_CFG", 0xe70, 0xe90, U64_MAX),
	NHMEX_R_REG("XBAR set 2 MATCH", 0xe71, 0xe91, U64_MAX),
	NHMEX_R_REG("XBAR set 2 MASK", 0xe72, 0xe92, U64_MAX),
	/* port 1 (right half: 5) */
	NHMEX_R_REG("IPERF_CFG0", 0xe05, 0xe09, NHMEX_R_IPERF_CFG),
	NHMEX_R_REG("IPERF_CFG1", 0xe25, 0xe29, NHMEX_R_IPERF_CFG),
	NHMEX_R_REG("QLX_CFG", 0xe0d, 0xe2d, NHMEX_R_QLX_EVENT, NHMEX_R_QLX_EVENT << 8),
	NHMEX_R_REG("XBAR set 1 MM_CFG", 0xe64, 0xe84, U64_MAX),
	NHMEX_R_REG("XBAR set 1 MATCH", 0xe65, 0xe85, U64_MAX),
	NHMEX_R_REG("XBAR set 1 MASK", 0xe66, 0xe86, U64_MAX),
	NHMEX_R_REG("XBAR set 2 MM_CFG", 0xe74, 0xe94, U64_MAX),
	NHMEX_R_REG("XBAR set 2 MATCH", 0xe75, 0xe95, U64_MAX),
	NHMEX_R_REG("XBAR set 2 MASK", 0xe76, 0xe96, U64_MAX),
	/* port 2 (right half: 6) */
	NHMEX_R_REG("IPERF_CFG0", 0xe06, 0xe0a, NHMEX_R_IPERF_CFG),
	NHMEX_R_REG("IPERF_CFG1", 0xe26, 0xe2a, NHMEX_R_IPERF_CFG),
	NHMEX_R_REG("QLX_CFG", 0xe0e, 0xe2e, NHMEX_R_QLX_EVENT, NHMEX_R_QLX_EVENT << 8),
	NHMEX_R_REG("XBAR set 1 MM_CFG", 0xe68, 0xe88, U64_MAX),
	NHMEX_R_REG("XBAR set 1 MATCH", 0xe69, 0xe89, U64_MAX),
	NHMEX_R_REG("XBAR set 1 MASK", 0xe6a, 0xe8a, U64_MAX),
	NHMEX_R_REG("XBAR set 2 MM_CFG", 0xe78, 0xe98, U64_MAX),
	NHMEX_R_REG("XBAR set 2 MATCH", 0xe79, 0xe99, U64_MAX),
	NHMEX_R_REG("XBAR set 2 MASK", 0xe7a, 0xe9a, U64_MAX),
	/* port 3 (right half: 7) */
	NHMEX_R_REG("IPERF_CFG0", 0xe07, 0xe0b, NHMEX_R_IPERF_CFG),
	NHMEX_R_REG("IPERF_CFG1", 0xe27, 0xe2b, NHMEX_R_IPERF_CFG),
	NHMEX_R_REG("QLX_CFG", 0xe0f, 0xe2f, NHMEX_R_QLX_EVENT, NHMEX_R_QLX_EVENT << 8),
	NHMEX_R_REG("XBAR set 1 MM_CFG", 0xe6c, 0xe8c, U64_MAX),
	NHMEX_R_REG("XBAR set 1 MATCH", 0xe6d, 0xe8d, U64_MAX),
	NHMEX_R_REG("XBAR set 1 MASK", 0xe6e, 0xe8e, U64_MAX),
	NHMEX_R_REG("XBAR set 2 MM_CFG", 0xe7c, 0xe9c, U64_MAX),
	NHMEX_R_REG("XBAR set 2 MATCH", 0xe7d, 0xe9d, U64_MAX),
	NHMEX_R_REG("XBAR set 2 MASK", 0xe7e, 0xe9e, U64_MAX),
};

/*
 * Alternative 0 is the source the event names, 1 the other of its pair,
 * holding the same value (a QLX byte moves to the other byte).
 */
static const char *nhmex_rbox_encode(const struct xu_box_type *t,
				     const u64 *config, struct xu_enc *enc)
{
	unsigned int ev = FIELD_GET(NHMEX_R_CTL_EV_SEL, config[0]);
	unsigned int port = ev / NHMEX_R_SOURCES, src = ev % NHMEX_R_SOURCES;
	unsigned int use = enc->alt ? src ^ 1 : src;
	unsigned int reg = port * NHMEX_R_PORT_REGS;
	u64 qlx, mm_cfg;

	if (ev >= NHMEX_R_PORTS * NHMEX_R_SOURCES)
		return "event (6 x port + source) is above 0x17";
	enc->nalt = 2;
	enc->ctl = FIELD_PREP(NHMEX_R_CTL_EV_SEL, port * NHMEX_R_SOURCES + use);
	enc->counters = GENMASK(t->num_counters - 1, 0);
	enc->ignored[0] = config[0] & NHMEX_R_XBR_MM_CFG;
	enc->ignored[1] = config[1];
	enc->ignored[2] = config[2];
	enc->ignored_why = "iperf_cfg is for sources 0-1, qlx_cfg 2-3, xbr_* 4-5 (event % 6)";
	switch (src) {
	case NHMEX_R_IPERF0:
	case NHMEX_R_IPERF1:
		if ((config[1] & XU_ASSUMED_NHMEX_R_EOT_SEL) &&
		    !(XU_ASSUMED_NHMEX_R_EOT_MCS &
		      BIT(FIELD_GET(NHMEX_R_IPERF_MC, config[1]))))
			return "iperf_cfg: EOT message class (MC, 20:17) not one of 0-4, 0xc, 0xe";
		if ((config[1] & NHMEX_R_IPERF_NEW_PC) &&
		    FIELD_GET(NHMEX_R_IPERF_NEW_VN, config[1]) == XU_ASSUMED_NHMEX_R_VN_ANY) {
			enc->unsure = &xu_field_iperf_cfg;
			enc->unsure_why = NHMEX_R_VN_WHY;
		}
		xu_enc_use(enc, reg + use, config[1] & NHMEX_R_IPERF_CFG & ~NHMEX_R_IPERF_IG,
			   NHMEX_R_IPERF_CFG);
		enc->ignored[1] &= ~NHMEX_R_IPERF_CFG;
		if (config[1] & NHMEX_R_IPERF_IG) {
			enc->ignored[1] |= config[1] & NHMEX_R_IPERF_IG;
			enc->ignored_in = &xu_field_iperf_cfg;
			enc->ignored_in_why = "iperf_cfg bits 23:22 read zero, writes ignored";
		}
		break;
	case NHMEX_R_QLX0:
	case NHMEX_R_QLX1:
		qlx = (config[1] >> (8 * (src - NHMEX_R_QLX0))) & NHMEX_R_QLX_EVENT;
		xu_enc_use(enc, reg + NHMEX_R_REG_QLX,
			   qlx << (8 * (use - NHMEX_R_QLX0)),
			   NHMEX_R_QLX_EVENT << (8 * (use - NHMEX_R_QLX0)));
		enc->ignored[1] &= ~(NHMEX_R_QLX_EVENT << (8 * (src - NHMEX_R_QLX0)));
		break;
	default:
		/*
		 * MM_CFG's dis (63) is beyond what config holds: always 0,
		 * the set the PMU's.  Without mm_trig_en the set triggers
		 * nothing; its "ig" bits are accepted and not programmed.
		 */
		mm_cfg = config[0] >> 32;
		if (!(mm_cfg & NHMEX_R_XBR_MM_TRIG_EN))
			return NHMEX_R_TRIG_WHY;
		if ((config[1] | config[2]) & NHMEX_R_XBR_RSV)
			return "xbr_match/xbr_mask: bits 63:52, 47:36, 30:18 are reserved";
		reg += use == NHMEX_R_XBR1 ? NHMEX_R_REG_XBR1 : NHMEX_R_REG_XBR2;
		xu_enc_use(enc, reg, mm_cfg & ~NHMEX_R_XBR_MM_IG, U64_MAX);
		xu_enc_use(enc, reg + 1, config[1], U64_MAX);
		xu_enc_use(enc, reg + 2, config[2], U64_MAX);
		memset(enc->ignored, 0, sizeof(enc->ignored));
		enc->ignored[0] = (mm_cfg & NHMEX_R_XBR_MM_IG) << 32;
		enc->ignored_why = "xbr_mm_cfg bits 31:22 (config:54-63) read zero, writes ignored";
		break;
	}
	return NULL;
}

static const u64 nhmex_rbox_mid_bits[NHMEX_SIDES] = {
	NHMEX_S_SUM_OV_R, NHMEX_S_SUM_OV_R,
};

static const struct xu_ovf nhmex_rbox_ovf = {
	.summary	= nhmex_side_summary,
	.mid		= nhmex_side_mid,
	.mid_bits	= nhmex_rbox_mid_bits,
	.status		= NHMEX_R_GLOBAL_CTL + NHMEX_BOX_STATUS,
	.clear		= NHMEX_R_GLOBAL_CTL + NHMEX_BOX_OVF_CTL,
	.always		= true,
};

static const struct xu_box_ops nhmex_rbox_ops =
	NHMEX_BOX_OPS(.encode = nhmex_rbox_encode);

static const struct xu_box_type nhmex_rbox = {
	.name		= "rbox",
	.num_boxes	= NHMEX_SIDES,
	.num_counters	= NHMEX_R_CTRS,
	.width		= 48,
	.max_inc	= 1,
	.box_ctl	= NHMEX_R_GLOBAL_CTL,
	.box_offsets	= nhmex_rbox_offsets,
	.ctl0		= NHMEX_R_GLOBAL_CTL + 0x10,
	.ctr0		= NHMEX_R_GLOBAL_CTL + 0x11,
	.ctl_stride	= 2,
	.ctr_stride	= 2,
	.shared		= nhmex_rbox_regs,
	.nshared	= ARRAY_SIZE(nhmex_rbox_regs),
	.enable_bit	= NHMEX_R_CTL_EN,
	.pmi_bit	= NHMEX_R_CTL_PMI_EN,
	.ovf		= &nhmex_rbox_ovf,
	.fields		= nhmex_rbox_fields,
	.events		= nhmex_rbox_events,
	.ops		= &nhmex_rbox_ops,
};

/* ---- W-box (guide 2.8) ------------------------------------------------ */

#define NHMEX_W_GLOBAL_CTL		0xc80
#define NHMEX_W_CTRS			4
#define NHMEX_W_FIXED_CTR		0x394
#define NHMEX_W_FIXED_CTL		0x395
#define NHMEX_W_FIXED_CTL_EN		BIT_ULL(0)

/* umask: the cores whose condition counts (bit k: core k) */
static const struct xu_event_desc nhmex_wbox_events[] = {
	XU_EVENT("clockticks",			"event=0xff,umask=0"),
	XU_EVENT("c_throttle_tmp",		"event=0x00,umask=0xff"),
	XU_EVENT("c_c0_throttle_die",		"event=0x01,umask=0xff"),
	XU_EVENT("prochot",			"event=0x02,umask=0xff"),
	XU_EVENT("c_c0_throttle_prochot",	"event=0x03,umask=0xff"),
	XU_EVENT("c_cycles_turbo",		"event=0x04,umask=0xff"),
	XU_EVENT("tm1_on",			"event=0x07,umask=0xff"),
	XU_EVENT("ratio_change_abort",		"event=0x08,umask=0xff"),
	{ }
};

/* counters 0-3, and the fixed counter at bit 31 */
static const u8 nhmex_wbox_ctr_bit[NHMEX_W_CTRS + 1] = { 0, 1, 2, 3, 31 };

static const struct xu_ovf nhmex_wbox_ovf = {
	.summary_mask	= NHMEX_U_ST_OV_W,
	.status		= NHMEX_W_GLOBAL_CTL + NHMEX_BOX_STATUS,
	.clear		= NHMEX_W_GLOBAL_CTL + NHMEX_BOX_OVF_CTL,
	.ctr_bit	= nhmex_wbox_ctr_bit,
	.always		= true,
};

static const struct xu_box_ops nhmex_wbox_ops = NHMEX_BOX_OPS();

/*
 * The fixed counter of uncore clocks: its control's enable is bit 0; the
 * guide's pmi_en for it has no position in our copy, so it is polled.
 */
static const struct xu_box_type nhmex_wbox = {
	.name		= "wbox",
	.num_boxes	= 1,
	.num_counters	= NHMEX_W_CTRS,
	.width		= 48,
	.max_inc	= 1,
	.box_ctl	= NHMEX_W_GLOBAL_CTL,
	.ctl0		= NHMEX_W_GLOBAL_CTL + 0x10,
	.ctr0		= NHMEX_W_GLOBAL_CTL + 0x11,
	.ctl_stride	= 2,
	.ctr_stride	= 2,
	.fixed_ctl	= NHMEX_W_FIXED_CTL,
	.fixed_ctr	= NHMEX_W_FIXED_CTR,
	.fixed_width	= 48,
	.fixed_enable_bit = NHMEX_W_FIXED_CTL_EN,
	.fixed_nopmi	= true,
	.enable_bit	= NHMEX_CTL_EN,
	.pmi_bit	= NHMEX_CTL_PMI_EN,
	.ovf		= &nhmex_wbox_ovf,
	.fields		= nhmex_cbox_fields,
	.events		= nhmex_wbox_events,
	.ops		= &nhmex_wbox_ops,
};

/* ---- The part --------------------------------------------------------- */

static const struct xu_box_type * const wsmex_types[] = {
	&nhmex_ubox, &wsmex_cbox, &nhmex_sbox, &nhmex_bbox, &wsmex_mbox,
	&nhmex_rbox, &nhmex_wbox, NULL,
};

static const struct xu_box_type * const nhmex_types[] = {
	&nhmex_ubox, &nhmex_cbox, &nhmex_sbox, &nhmex_bbox, &nhmex_mbox,
	&nhmex_rbox, &nhmex_wbox, NULL,
};

static void nhmex_quiesce_socket(struct xu_socket *sk)
{
	WRITE_ONCE(sk->global_ctl, 0);
	xu_wrmsr(NHMEX_U_GLOBAL_CTL, 0);
}

static void nhmex_init_socket(struct xu_socket *sk)
{
	WRITE_ONCE(sk->global_ctl, NHMEX_U_GLOBAL_CTL_EN_ALL | NHMEX_U_GLOBAL_CTL_EN);
	xu_wrmsr(NHMEX_U_GLOBAL_CTL, sk->global_ctl);
}

static void nhmex_exit_socket(struct xu_socket *sk)
{
	WRITE_ONCE(sk->global_ctl, 0);
	xu_wrmsr(NHMEX_U_GLOBAL_CTL, 0);
}

static u64 nhmex_pmi_status(struct xu_socket *sk)
{
	return xu_rdmsr(NHMEX_U_GLOBAL_STATUS) & NHMEX_U_ST_ANY;
}

/*
 * A pending overflow froze the socket (en_all clear): keep it frozen, the
 * handler unfreezes once it has read the counters.
 */
static void nhmex_set_pmi_cpu(struct xu_socket *sk, u32 cores)
{
	u64 ctl = sk->global_ctl & ~NHMEX_U_GLOBAL_CTL_CORE_SEL;

	ctl |= FIELD_PREP(NHMEX_U_GLOBAL_CTL_CORE_SEL, cores);
	/* read by an NMI's unfreeze on this CPU */
	WRITE_ONCE(sk->global_ctl, ctl);
	if (nhmex_pmi_status(sk))
		ctl &= ~NHMEX_U_GLOBAL_CTL_EN_ALL;
	xu_wrmsr(NHMEX_U_GLOBAL_CTL, ctl);
}

/*
 * Clear the latches read before the walk: an overflow after this read
 * sets them again (and interrupts again) instead of being cleared unseen.
 * The S-box summaries clear with the C-box status below them.
 */
static void nhmex_pmi_ack(struct xu_socket *sk, u64 status)
{
	xu_wrmsr(NHMEX_U_GLOBAL_OVF_CTL, status & NHMEX_U_ST_LATCHES);
}

/* en_all again */
static void nhmex_pmi_unfreeze(struct xu_socket *sk)
{
	xu_wrmsr(NHMEX_U_GLOBAL_CTL, READ_ONCE(sk->global_ctl));
}

/*
 * Both parts: the global control and the PMI.  The upper bound of the
 * uncore clock: no 7500 or E7 part clocks it above its cores' 2.67 GHz.
 * pmi_core_sel reaches 8 cores (the guide's examples; the E7 has 10): a
 * collector beyond them is not interrupted, which dmesg says (the
 * collector is the package's first online CPU, so only with cores 0-7
 * all offline).
 */
#define NHMEX_PLATFORM(_name, _types)					\
	.name		= _name,					\
	.uclk_max_hz	= 2667000000ULL,				\
	.types		= _types,					\
	.quiesce_socket	= nhmex_quiesce_socket,				\
	.init_socket	= nhmex_init_socket,				\
	.exit_socket	= nhmex_exit_socket,				\
	.pmi_cores	= HWEIGHT64(NHMEX_U_GLOBAL_CTL_CORE_SEL),	\
	.set_pmi_cpu	= nhmex_set_pmi_cpu,				\
	.pmi_status	= nhmex_pmi_status,				\
	.pmi_ack	= nhmex_pmi_ack,				\
	.pmi_unfreeze	= nhmex_pmi_unfreeze

const struct xu_platform xu_nhmex_platform = {
	NHMEX_PLATFORM("Xeon 7500 (Nehalem-EX)", nhmex_types),
};
EXPORT_SYMBOL_IF_KUNIT(xu_nhmex_platform);

const struct xu_platform xu_wsmex_platform = {
	NHMEX_PLATFORM("Xeon E7 (Westmere-EX)", wsmex_types),
};
EXPORT_SYMBOL_IF_KUNIT(xu_wsmex_platform);
