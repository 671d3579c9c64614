// SPDX-License-Identifier: GPL-2.0
/*
 * Xeon 7500 (Nehalem-EX, family 6 model 0x2e) uncore: U-box and C-boxes.
 *
 * Source: Intel Xeon Processor 7500 Series Uncore Programming Guide
 * (323535-001), sections 2.1 (global control), 2.2 (U-box), 2.3 (C-box).
 *
 * A counter counts when U_MSR_PMON_GLOBAL_CTL.en_all, its box's ctr_en bit
 * (the U-box's is GLOBAL_CTL.en) and its own en bit are all set.  en_all and
 * the U-box's en are set once per socket: GLOBAL_CTL is written only at
 * socket setup, when the PMI moves and by the PMI handler, never from a
 * shadow that could unfreeze a socket the hardware froze.  C-boxes are
 * frozen and unfrozen with their ctr_en bits; the U-box has one counter.
 *
 * Overflow (guide 2.1.2, 2.1.5): a counter with pmi_en that overflows sets
 * its bit in its box's status, which the U-box summarises (ov_u, and ov_s0/
 * ov_s1 for C-boxes 0-3/4-7 through the S-boxes); the U-box then sends a
 * PMI to the cores in pmi_core_sel and clears en_all, freezing the socket.
 * The handler clears the status bits it read (write 1 to the OVF_CTL
 * registers) and sets en_all again.
 */
#include <linux/bits.h>
#include <kunit/visibility.h>

#include "uncore.h"

#define NHMEX_U_GLOBAL_CTL		0xc00
#define NHMEX_U_GLOBAL_CTL_EN		BIT_ULL(0)	/* U-box counter */
#define NHMEX_U_GLOBAL_CTL_CORE_SEL	GENMASK_ULL(8, 1)
#define NHMEX_U_GLOBAL_CTL_EN_ALL	BIT_ULL(28)
#define NHMEX_U_GLOBAL_STATUS		0xc01
#define NHMEX_U_GLOBAL_OVF_CTL		0xc02
/* GLOBAL_STATUS, and bit for bit GLOBAL_OVF_CTL */
#define NHMEX_U_ST_OV_U			BIT_ULL(0)
#define NHMEX_U_ST_OV_W			BIT_ULL(1)
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

#define NHMEX_C0_GLOBAL_CTL		0xd00
#define NHMEX_C_STATUS			1	/* from the box control */
#define NHMEX_C_OVF_CTL			2
#define NHMEX_C_CTRS			6
#define NHMEX_C_BOXES			8

/* Counter control, shared by the U-box and the C-boxes (guide 2.2.3, 2.3.3) */
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

/* The U-box control has no umask, invert or threshold. */
static struct xu_field * const nhmex_ubox_fields[] = {
	&xu_field_event, &xu_field_edge, NULL,
};

static struct xu_field * const nhmex_cbox_fields[] = {
	&xu_field_event, &xu_field_umask, &xu_field_edge, &xu_field_inv,
	&xu_field_thresh, NULL,
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

/* C-box register blocks are not in box order (guide table 2-9). */
static const u32 nhmex_cbox_offsets[] = {
	0x00, 0x80, 0x40, 0xc0, 0x20, 0xa0, 0x60, 0xe0,
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

/* The box control's ctr_en bits gate each counter: all on, or all frozen. */
static void nhmex_cbox_enable(struct xu_box *box)
{
	xu_wrmsr(xu_box_ctl(box), GENMASK_ULL(NHMEX_C_CTRS - 1, 0));
}

static void nhmex_cbox_disable(struct xu_box *box)
{
	xu_wrmsr(xu_box_ctl(box), 0);
}

/* Setup sequence (guide 2.1.4): box off, controls cleared, stale overflows cleared. */
static void nhmex_cbox_init(struct xu_box *box)
{
	unsigned int i;

	nhmex_cbox_disable(box);
	for (i = 0; i < NHMEX_C_CTRS; i++)
		xu_wrmsr(xu_ctl(box, i), 0);
	xu_wrmsr(xu_box_ovf_clear(box), GENMASK_ULL(NHMEX_C_CTRS - 1, 0));
}

/* S-box 0 summarises C-boxes 0-3, S-box 1 C-boxes 4-7 (guide 2.1.5). */
static const u64 nhmex_cbox_summary[NHMEX_C_BOXES] = {
	NHMEX_U_ST_OV_S0, NHMEX_U_ST_OV_S0, NHMEX_U_ST_OV_S0, NHMEX_U_ST_OV_S0,
	NHMEX_U_ST_OV_S1, NHMEX_U_ST_OV_S1, NHMEX_U_ST_OV_S1, NHMEX_U_ST_OV_S1,
};

static const struct xu_ovf nhmex_cbox_ovf = {
	.summary	= nhmex_cbox_summary,
	.status		= NHMEX_C0_GLOBAL_CTL + NHMEX_C_STATUS,
	.clear		= NHMEX_C0_GLOBAL_CTL + NHMEX_C_OVF_CTL,
};

static const struct xu_box_ops nhmex_cbox_ops = {
	.init_box	= nhmex_cbox_init,
	.exit_box	= nhmex_cbox_init,
	.enable_box	= nhmex_cbox_enable,
	.disable_box	= nhmex_cbox_disable,
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

static const struct xu_box_type nhmex_cbox = {
	.name		= "cbox",
	.num_boxes	= NHMEX_C_BOXES,
	.num_counters	= NHMEX_C_CTRS,
	.width		= 48,
	.max_inc	= 24,		/* OCCUPANCY_IRQ */
	.box_ctl	= NHMEX_C0_GLOBAL_CTL,
	.box_offsets	= nhmex_cbox_offsets,
	.ctl0		= NHMEX_C0_GLOBAL_CTL + 0x10,
	.ctr0		= NHMEX_C0_GLOBAL_CTL + 0x11,
	.ctl_stride	= 2,
	.ctr_stride	= 2,
	.enable_bit	= NHMEX_CTL_EN,
	.pmi_bit	= NHMEX_CTL_PMI_EN,
	.ovf		= &nhmex_cbox_ovf,
	.fields		= nhmex_cbox_fields,
	.events		= nhmex_cbox_events,
	.ops		= &nhmex_cbox_ops,
};

static const struct xu_box_type * const nhmex_types[] = {
	&nhmex_ubox, &nhmex_cbox, NULL,
};

static void nhmex_init_socket(struct xu_socket *sk)
{
	sk->global_ctl = NHMEX_U_GLOBAL_CTL_EN_ALL | NHMEX_U_GLOBAL_CTL_EN;
	xu_wrmsr(NHMEX_U_GLOBAL_CTL, sk->global_ctl);
}

static void nhmex_exit_socket(struct xu_socket *sk)
{
	sk->global_ctl = 0;
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
	sk->global_ctl = ctl;
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
	xu_wrmsr(NHMEX_U_GLOBAL_CTL, sk->global_ctl);
}

const struct xu_platform xu_nhmex_platform = {
	.name		= "Xeon 7500 (Nehalem-EX)",
	/* Upper bound: no 7500 part clocks its uncore above its cores' 2.66 GHz. */
	.uclk_max_hz	= 2666000000ULL,
	.types		= nhmex_types,
	.init_socket	= nhmex_init_socket,
	.exit_socket	= nhmex_exit_socket,
	.pmi_cores	= HWEIGHT64(NHMEX_U_GLOBAL_CTL_CORE_SEL),
	.set_pmi_cpu	= nhmex_set_pmi_cpu,
	.pmi_status	= nhmex_pmi_status,
	.pmi_ack	= nhmex_pmi_ack,
	.pmi_unfreeze	= nhmex_pmi_unfreeze,
};
EXPORT_SYMBOL_IF_KUNIT(xu_nhmex_platform);
