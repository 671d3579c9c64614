// SPDX-License-Identifier: GPL-2.0
/*
 * Xeon 7500 (Nehalem-EX) uncore: U-box and C-boxes, after the register
 * tables of the Xeon 7500 Uncore Programming Guide (323535-001).  Where the
 * guide is silent, unreadable in our copy or contradicts itself, the choice
 * made is written at the row concerned.  Every register resets to 0.
 */
#include <linux/bitfield.h>
#include <linux/bits.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <kunit/visibility.h>

#include "sim.h"

enum { NHMEX_UBOX, NHMEX_CBOX };

/* Row order shared by both box types. */
enum { GLOBAL_CTL, GLOBAL_STATUS, GLOBAL_OVF_CTL, EVT_SEL, CTR };

/* U_MSR_PMON_GLOBAL_CTL */
#define U_CTL_EN		BIT_ULL(0)
#define U_CTL_PMI_CORE_SEL	GENMASK_ULL(8, 1)
#define U_CTL_EN_ALL		BIT_ULL(28)
#define U_CTL_RST_ALL		BIT_ULL(29)
#define U_CTL_FRZ_ALL		BIT_ULL(31)

/* U_MSR_PMON_GLOBAL_STATUS and, bit for bit, U_MSR_PMON_GLOBAL_OVF_CTL */
#define U_ST_OV_U		BIT_ULL(0)
#define U_ST_OV_W		BIT_ULL(1)
#define U_ST_OV_S1		BIT_ULL(2)
#define U_ST_OV_S0		BIT_ULL(3)
#define U_ST_PMI		BIT_ULL(30)
#define U_ST_COND		BIT_ULL(31)

/* Counter control: C-box EVT_SEL; the U-box EV_SEL has the marked subset. */
#define CTL_EV_SEL		GENMASK_ULL(7, 0)	/* U */
#define CTL_UMASK		GENMASK_ULL(15, 8)
#define CTL_EDGE		BIT_ULL(18)		/* U */
#define CTL_PMI_EN		BIT_ULL(20)		/* U */
#define CTL_EN			BIT_ULL(22)		/* U */
#define CTL_INVERT		BIT_ULL(23)
#define CTL_THRESH		GENMASK_ULL(31, 24)

#define NHMEX_CBOXES		8
#define NHMEX_CTRS		6	/* per C-box */

static u64 *ureg(struct sim_socket *s, unsigned int row)
{
	return &sim_box(s, NHMEX_UBOX, 0)->reg[row][0];
}

static bool nhmex_running(struct sim_socket *s)
{
	u64 ctl = *ureg(s, GLOBAL_CTL);

	return (ctl & U_CTL_EN_ALL) && !(ctl & U_CTL_FRZ_ALL);
}

/*
 * rst_all zeroes every counter of the socket when written as 1 and reads
 * back 0.  Controls and status bits are left alone.
 */
static const char *u_ctl_write(struct sim_socket *s, struct sim_box *b,
			       unsigned int n, u64 val)
{
	struct sim *sim = s->sim;
	unsigned int i, c;

	if (val & U_CTL_RST_ALL) {
		for (i = 0; i < sim->nboxes; i++) {
			struct sim_box *bx = &s->box[i];

			for (c = 0; c < bx->type->nctrs; c++)
				bx->reg[bx->type->ctr_reg][c] = 0;
		}
	}
	b->reg[GLOBAL_CTL][0] = val & ~U_CTL_RST_ALL;
	return NULL;
}

/*
 * ov_s0/ov_s1 summarise C-boxes 0-3 and 4-7 (through S-box 0/1, not
 * modelled here).  They are not latches: the guide says clearing the
 * lowest-level bit clears every summary above it, so they are computed
 * from the C-box status registers and writes to them have no effect.
 */
static u64 u_status_read(struct sim_socket *s, struct sim_box *b,
			 unsigned int n)
{
	u64 val = b->reg[GLOBAL_STATUS][0];
	unsigned int i;

	for (i = 0; i < NHMEX_CBOXES; i++) {
		if (sim_box(s, NHMEX_CBOX, i)->reg[GLOBAL_STATUS][0])
			val |= i < NHMEX_CBOXES / 2 ? U_ST_OV_S0 : U_ST_OV_S1;
	}
	return val;
}

static const char *u_status_write(struct sim_socket *s, struct sim_box *b,
				  unsigned int n, u64 val)
{
	b->reg[GLOBAL_STATUS][0] = val & ~(U_ST_OV_S0 | U_ST_OV_S1);
	return NULL;
}

static const char *ovf_ctl_write(struct sim_socket *s, struct sim_box *b,
				 unsigned int n, u64 val)
{
	b->reg[GLOBAL_STATUS][0] &= ~val;
	return NULL;
}

static const u32 ubox_base[] = { 0xc00 };

static const struct sim_reg ubox_regs[] = {
	/*
	 * pmi_core_sel: Linux uses 4:1, the guide's examples are 8-bit core
	 * masks; 8:1 accepted.  Bits 27:9 and 30 are not documented:
	 * reserved.  frz_all (31) is taken from Linux: while set nothing
	 * counts.
	 */
	[GLOBAL_CTL] = {
		.name = "U_MSR_PMON_GLOBAL_CTL", .offset = 0x0, .count = 1,
		.width = 32, .access = SIM_RW,
		.rsv = GENMASK_ULL(27, 9) | BIT_ULL(30),
		.write = u_ctl_write,
	},
	/*
	 * The guide prints "ig 31:4" next to cond (31) and pmi (30): 29:4
	 * taken as ignored.  Which of bits 1/0 is the W-box and which the
	 * U-box is not found: the U-box counter reports in bit 0.  Software
	 * may set or clear cond, pmi, ov_w and ov_u (RW); cond is never set
	 * by the model.
	 */
	[GLOBAL_STATUS] = {
		.name = "U_MSR_PMON_GLOBAL_STATUS", .offset = 0x1, .count = 1,
		.width = 32, .access = SIM_RW,
		.ig = GENMASK_ULL(29, 4),
		.read = u_status_read, .write = u_status_write,
	},
	/*
	 * Layout not in the guide: assumed to mirror GLOBAL_STATUS, bits
	 * 29:4 reserved.  Write-only like the box-level OVF_CTLs: reading is
	 * a violation.  Writing 1 clears the status latch; ov_s0/ov_s1 only
	 * clear with the C-box status below them.
	 */
	[GLOBAL_OVF_CTL] = {
		.name = "U_MSR_PMON_GLOBAL_OVF_CTL", .offset = 0x2, .count = 1,
		.width = 32, .access = SIM_WO,
		.rsv = GENMASK_ULL(29, 4),
		.write = ovf_ctl_write,
	},
	/*
	 * 32 bits: ev_sel 7:0 (field width from Linux; the guide row is
	 * cut), edge 18, pmi_en 20, en 22; all other bits ignored.  The
	 * guide also lists bit 62 as reserved, which a 32-bit register
	 * cannot hold: it is dropped with the other bits above 31.
	 */
	[EVT_SEL] = {
		.name = "U_MSR_PMON_EV_SEL", .offset = 0x10, .count = 1,
		.width = 32, .access = SIM_RW,
		.ig = GENMASK_ULL(31, 0) &
		      ~(CTL_EV_SEL | CTL_EDGE | CTL_PMI_EN | CTL_EN),
	},
	[CTR] = {
		.name = "U_MSR_PMON_CTR", .offset = 0x11, .count = 1,
		.width = 48, .access = SIM_RW,
	},
};

/* Box blocks are 0x20 apart, but not in box order. */
static const u32 cbox_base[NHMEX_CBOXES] = {
	0xd00, 0xd80, 0xd40, 0xdc0, 0xd20, 0xda0, 0xd60, 0xde0,
};

static const struct sim_reg cbox_regs[] = {
	/* ctr_en 5:0; the other bits are ignored. */
	[GLOBAL_CTL] = {
		.name = "C_MSR_PMON_GLOBAL_CTL", .offset = 0x0, .count = 1,
		.width = 32, .access = SIM_RW,
		.ig = GENMASK_ULL(31, NHMEX_CTRS),
	},
	/* ov 5:0; bits 31:6 not in our copy of the guide: reserved. */
	[GLOBAL_STATUS] = {
		.name = "C_MSR_PMON_GLOBAL_STATUS", .offset = 0x1, .count = 1,
		.width = 32, .access = SIM_RW,
		.rsv = GENMASK_ULL(31, NHMEX_CTRS),
	},
	/* WO_RO: writing 1 to clr_ov[i] clears ov[i]; 31:6 reserved. */
	[GLOBAL_OVF_CTL] = {
		.name = "C_MSR_PMON_GLOBAL_OVF_CTL", .offset = 0x2, .count = 1,
		.width = 32, .access = SIM_WO,
		.rsv = GENMASK_ULL(31, NHMEX_CTRS),
		.write = ovf_ctl_write,
	},
	/*
	 * 63 and 60:50 ignored, 62:61 reserved, per the guide.  The guide's
	 * rows for 49:32, 21, 19 and 17:16 are missing from our copy: they
	 * are treated as reserved.  The C-box text words the threshold test
	 * both ways; the E5 reading is used: invert=0 counts p >= thresh,
	 * invert=1 counts p < thresh.
	 */
	[EVT_SEL] = {
		.name = "C_MSR_PMON_EVT_SEL", .offset = 0x10,
		.count = NHMEX_CTRS, .stride = 2,
		.width = 64, .access = SIM_RW,
		.rsv = GENMASK_ULL(62, 61) | GENMASK_ULL(49, 32) | BIT_ULL(21) |
		       BIT_ULL(19) | GENMASK_ULL(17, 16),
		.ig = BIT_ULL(63) | GENMASK_ULL(60, 50),
	},
	[CTR] = {
		.name = "C_MSR_PMON_CTR", .offset = 0x11,
		.count = NHMEX_CTRS, .stride = 2,
		.width = 48, .access = SIM_RW,
	},
};

/* Codes and "Max Inc/Cyc" from the guide.  NOMAX: none in our copy, 1 used. */
#define EV(c, m, n)	{ .code = c, .max_inc = m, .name = n }
#define NOMAX		1

/*
 * RECOV, CORRECTED_ERR and FATAL_ERR appear only with 9-bit codes (0x1DF,
 * 0x1E4, 0x1E6) that ev_sel cannot hold, and UNCORRECTED_ERR has no code:
 * none of them can be selected here.
 */
static const struct sim_event ubox_events[] = {
	EV(0x00, 1, "BUF_VALID_LOCAL_INT"),
	EV(0x01, 1, "BUF_VALID_REMOTE_INT"),
	EV(0x02, 1, "BUF_VALID_LOCK"),
	EV(0x03, 1, "BUF_VALID_STST"),
	EV(0x04, 1, "BUF_VALID_SPC_CYCLES"),
	EV(0x50, 1, "U2R_REQUESTS"),
	EV(0x51, 1, "U2B_REQUEST_CYCLES"),
	EV(0xf8, NOMAX, "WOKEN"),
	EV(0xf9, NOMAX, "IPIS_SENT"),
};

/*
 * ARB_WINS and ARB_LOSSES are both listed at 0x0A; one of them is
 * presumably 0x09, which is left unimplemented (counts nothing).
 */
static const struct sim_event cbox_events[] = {
	EV(0x01, NOMAX, "BOUNCES_P2C_AD"),
	EV(0x02, NOMAX, "BOUNCES_C2P_AK"),
	EV(0x03, NOMAX, "BOUNCES_C2P_BL"),
	EV(0x04, NOMAX, "BOUNCES_C2P_IV"),
	EV(0x05, 3, "SINKS_P2C"),
	EV(0x06, NOMAX, "SINKS_C2P"),
	EV(0x07, NOMAX, "SINKS_S2C"),
	EV(0x08, NOMAX, "SINKS_S2P_BL"),
	EV(0x0a, NOMAX, "ARB_WINS"),
	EV(0x0b, NOMAX, "STARVED_EGRESS"),
	EV(0x0c, NOMAX, "EGRESS_BYPASS_WINS"),
	EV(0x0e, 1, "INGRESS_BYPASS_WINS_AD"),
	EV(0x10, 1, "MAF_ACK"),
	EV(0x11, NOMAX, "MAF_NACK1"),
	EV(0x12, NOMAX, "MAF_NACK2"),
	EV(0x14, 1, "LLC_MISSES"),
	EV(0x15, 1, "LLC_HITS"),
	EV(0x16, 1, "LLC_S_FILLS"),
	EV(0x17, 1, "LLC_VICTIMS"),
	EV(0x18, 24, "OCCUPANCY_IRQ"),
	EV(0x19, 1, "TRANS_IRQ"),
	EV(0x1a, 8, "OCCUPANCY_IPQ"),
	EV(0x1b, 1, "TRANS_IPQ"),
	EV(0x1c, NOMAX, "OCCUPANCY_VIQ"),
	EV(0x1d, NOMAX, "TRANS_VIQ"),
	EV(0x1e, NOMAX, "OCCUPANCY_MAF"),
	EV(0x1f, NOMAX, "TRANS_MAF"),
	EV(0x20, NOMAX, "OCCUPANCY_RWRF"),
	EV(0x21, 1, "TRANS_RWRF"),
	EV(0x22, NOMAX, "OCCUPANCY_RSPF"),
	EV(0x23, NOMAX, "TRANS_RSPF"),
	EV(0x27, NOMAX, "SNPS"),
	EV(0x28, NOMAX, "SNP_HITS"),
};

#undef NOMAX
#undef EV

static void decode_common(u64 ctl, struct sim_ctr_cfg *cfg)
{
	cfg->programmed = ctl & CTL_EN;
	cfg->pmi = ctl & CTL_PMI_EN;
	cfg->edge = ctl & CTL_EDGE;
	cfg->event = FIELD_GET(CTL_EV_SEL, ctl);
}

static void ubox_decode(struct sim_socket *s, struct sim_box *b,
			unsigned int n, struct sim_ctr_cfg *cfg)
{
	decode_common(b->reg[EVT_SEL][n], cfg);
	cfg->counting = cfg->programmed && nhmex_running(s) &&
			(*ureg(s, GLOBAL_CTL) & U_CTL_EN);
}

static void cbox_decode(struct sim_socket *s, struct sim_box *b,
			unsigned int n, struct sim_ctr_cfg *cfg)
{
	u64 ctl = b->reg[EVT_SEL][n];

	decode_common(ctl, cfg);
	cfg->umask = FIELD_GET(CTL_UMASK, ctl);
	cfg->thresh = FIELD_GET(CTL_THRESH, ctl);
	cfg->invert = ctl & CTL_INVERT;
	cfg->counting = cfg->programmed && nhmex_running(s) &&
			(b->reg[GLOBAL_CTL][0] & BIT_ULL(n));
}

static void ubox_overflow(struct sim_socket *s, struct sim_box *b,
			  unsigned int n)
{
	b->reg[GLOBAL_STATUS][0] |= U_ST_OV_U;
}

static void cbox_overflow(struct sim_socket *s, struct sim_box *b,
			  unsigned int n)
{
	b->reg[GLOBAL_STATUS][0] |= BIT_ULL(n);
}

/*
 * The guide: on overflow of a counter with pmi_en the U-box raises a PMI
 * to the pmi_core_sel cores and disables counting, and the restart
 * sequence ends by setting en_all.  The model therefore sets pmi and
 * clears en_all, right after the cycle in which the counter passed 2^48.
 * Status and freeze happen even with pmi_core_sel = 0 ("no PMI sent").
 * The mask returned is sent as NMIs by sim_nmi.c, which numbers cores in
 * ascending topology_core_id() order within the package: the guide calls
 * pmi_core_sel a core mask without saying how cores are numbered.
 */
static u32 nhmex_pmi(struct sim_socket *s)
{
	u64 *ctl = ureg(s, GLOBAL_CTL);

	*ureg(s, GLOBAL_STATUS) |= U_ST_PMI;
	*ctl &= ~U_CTL_EN_ALL;
	return FIELD_GET(U_CTL_PMI_CORE_SEL, *ctl);
}

static u32 nhmex_pmi_sel(struct sim_socket *s)
{
	return FIELD_GET(U_CTL_PMI_CORE_SEL, *ureg(s, GLOBAL_CTL));
}

static const struct sim_box_type nhmex_ubox = {
	.name = "ubox", .space = SIM_MSR,
	.nboxes = ARRAY_SIZE(ubox_base), .base = ubox_base,
	.regs = ubox_regs, .nregs = ARRAY_SIZE(ubox_regs),
	.nctrs = 1, .ctr_width = 48, .ctl_reg = EVT_SEL, .ctr_reg = CTR,
	.events = ubox_events, .nevents = ARRAY_SIZE(ubox_events),
	.decode = ubox_decode, .overflow = ubox_overflow,
};

static const struct sim_box_type nhmex_cbox = {
	.name = "cbox", .space = SIM_MSR,
	.nboxes = ARRAY_SIZE(cbox_base), .base = cbox_base,
	.regs = cbox_regs, .nregs = ARRAY_SIZE(cbox_regs),
	.nctrs = NHMEX_CTRS, .ctr_width = 48, .ctl_reg = EVT_SEL, .ctr_reg = CTR,
	.events = cbox_events, .nevents = ARRAY_SIZE(cbox_events),
	.decode = cbox_decode, .overflow = cbox_overflow,
};

static const struct sim_box_type *const nhmex_types[] = {
	[NHMEX_UBOX] = &nhmex_ubox,
	[NHMEX_CBOX] = &nhmex_cbox,
};

const struct sim_platform sim_nhmex_platform = {
	.name = "nhmex",
	.types = nhmex_types,
	.ntypes = ARRAY_SIZE(nhmex_types),
	.pmi = nhmex_pmi,
	.pmi_sel = nhmex_pmi_sel,
};
EXPORT_SYMBOL_IF_KUNIT(sim_nhmex_platform);
