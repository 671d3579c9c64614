// SPDX-License-Identifier: GPL-2.0
/*
 * Xeon 7500 (Nehalem-EX) uncore: the U-box, 8 C-boxes, the two S-boxes
 * with their match/mask sets, the two B-boxes with theirs, the two M-boxes
 * with their address match, the R-box (two halves of 8 counters, and the
 * sub-registers of its 8 ports) and the W-box with its fixed counter.
 * The Xeon E7 (Westmere-EX) is the same with 10 C-boxes and the M-box's
 * ZDP_CTL_FVC fields a bit higher, as Linux has them: the guide is the
 * 7500's, the Xeon 7500 Uncore Programming Guide (323535-001), whose
 * register tables this follows.  Where the guide is silent, unreadable in
 * our copy or contradicts itself, the choice made is written at the row
 * concerned.  Every register resets to 0.  Registers the guide tables
 * apart from a box's block (match/mask sets, the W-box's fixed counter,
 * the R-box's port sub-registers) are box types of their own, at their
 * own addresses.
 */
#include <linux/bitfield.h>
#include <linux/bits.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/perf/xeon_uncore_assumed.h>
#include <kunit/visibility.h>

#include "sim.h"

enum {
	NHMEX_UBOX, NHMEX_CBOX, NHMEX_SBOX, NHMEX_SMATCH, NHMEX_BBOX,
	NHMEX_BMATCH, NHMEX_MBOX, NHMEX_MMATCH, NHMEX_RBOX, NHMEX_RPORT,
	NHMEX_WBOX, NHMEX_WFIX,
};

/* Row order shared by the boxes with a counter block; SUMMARY: S-box only. */
enum { GLOBAL_CTL, GLOBAL_STATUS, GLOBAL_OVF_CTL, EVT_SEL, CTR, SUMMARY };

/* U_MSR_PMON_GLOBAL_CTL */
#define U_CTL_EN		BIT_ULL(0)
#define U_CTL_PMI_CORE_SEL	XU_ASSUMED_NHMEX_PMI_CORE_SEL
#define U_CTL_EN_ALL		BIT_ULL(28)
#define U_CTL_RST_ALL		BIT_ULL(29)
#define U_CTL_FRZ_ALL		XU_ASSUMED_NHMEX_FRZ_ALL

/* U_MSR_PMON_GLOBAL_STATUS and, bit for bit, U_MSR_PMON_GLOBAL_OVF_CTL */
#define U_ST_OV_U		XU_ASSUMED_NHMEX_U_ST_OV_U
#define U_ST_OV_W		XU_ASSUMED_NHMEX_U_ST_OV_W
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
#define WSMEX_CBOXES		10	/* Westmere-EX */
#define NHMEX_CTRS		6	/* per C-box */
#define NHMEX_SIDES		2	/* S-boxes, B-boxes: one per side */
#define NHMEX_S_CTRS		4
#define NHMEX_B_CTRS		4
#define NHMEX_W_CTRS		4

/* S_MSR_PMON_SUMMARY (guide 2.5, table 2-26) */
#define S_SUM_OV_C_R		XU_ASSUMED_NHMEX_S_SUM_OV_C_R
#define S_SUM_OV_C_L		BIT_ULL(2)	/* "Overflow in left C Boxes" */
#define S_SUM_OV_MB		BIT_ULL(16)	/* the B-box (or M-box) of the side */
#define S_SUM_OV_S		BIT_ULL(18)
#define S_SUM_OV_R		BIT_ULL(19)	/* the R-box half of the side */

/* S_MSR_MM_CFG: the match/mask enable */
#define S_MM_CFG_EN		BIT_ULL(63)
#define S_EV_TO_R_PROG		0x00	/* counts what MATCH/MASK select */

/* B-box PERF_CTL (Linux's layout; the guide's bit table is not in our copy) */
#define B_CTL_EN		BIT_ULL(0)
#define B_CTL_EV_SEL		GENMASK_ULL(5, 1)
#define B_CTL_PMI_EN		BIT_ULL(6)
/* a B-box event is its counter and its code: counter n's list is its own */
#define B_EVENT(ctr, code)	((ctr) << 5 | (code))

/* M-box CNT_CTL (guide 2.7, Linux's positions) */
#define NHMEX_M_CTRS		6
#define M_CTL_EN		BIT_ULL(0)
#define M_CTL_PMI_EN		BIT_ULL(1)
#define M_CTL_MODES		GENMASK_ULL(6, 2)	/* count, storage, wrap */
#define M_CTL_FLAG_MODE		BIT_ULL(7)
#define M_CTL_INC_SEL		GENMASK_ULL(13, 9)
#define M_CTL_SET_FLAG_SEL	GENMASK_ULL(21, 19)
#define M_EV_SET_FLAG		0x20	/* model event codes of set_flag_sel */
#define M_INC_FVC_EV0		0x0d	/* FVC_EV0-3: 0xd-0x10, one function */
#define M_INC_DRAM_CMD		0x0a	/* the PLD events: 0xa, 0xb */
#define M_INC_PLD_RETRY		0x0b
#define M_MM_CFG_EN		BIT_ULL(63)
/*
 * ZDP_CTL_FVC: the fields the four FVC slots share, and where slot 0's
 * selector is; the Westmere-EX's are a bit higher (Linux's masks).  The
 * response field (the guide's Table 2-82 encodings) has no position in
 * our copy: the shared assumption.
 */
struct mbox_part {
	u64 zdp_shared;
	u64 zdp_resp;
	unsigned int zdp_slot0;
};

static const struct mbox_part nhmex_mbox_part = {
	.zdp_shared = GENMASK_ULL(10, 0) | BIT_ULL(23),
	.zdp_resp = XU_ASSUMED_NHMEX_FVC_RESP, .zdp_slot0 = 11,
};

static const struct mbox_part wsmex_mbox_part = {
	.zdp_shared = GENMASK_ULL(11, 0) | BIT_ULL(24),
	.zdp_resp = XU_ASSUMED_WSMEX_FVC_RESP, .zdp_slot0 = 12,
};

/*
 * FVC slot selector 6 counts the B-box responses the response field
 * picks.  Response 6 is reserved in the field's encodings (Table 2-82)
 * and "nothing will be counted" in the event table: both hold, so
 * writing it with a slot on the B-box responses is a violation, and it
 * counts nothing.
 */
#define M_FVC_BBOX_RSP		6
#define M_FVC_RSP_RESERVED	6

/* R-box PMON_CTL (guide 2.6): ev_sel = 6 x port + source */
#define NHMEX_R_CTRS		8	/* a half */
#define NHMEX_R_PORTS		8
#define R_CTL_EN		BIT_ULL(0)
#define R_CTL_EV_SEL		GENMASK_ULL(5, 1)
#define R_CTL_PMI_EN		BIT_ULL(6)
/*
 * R_MSR_PORT_IPERF_CFG (guide Table 2-48): NEW_PC, the new-packet class
 * mask, "Anded with" the VN select (Table 2-59: 00 VN0, 01 VN1, 10 VNA;
 * 11 is the shared assumption: every VN); EOT events per message class
 * (MC, MC_ROLL_ALLOC: see the shared assumption); 23:22 "Read zero,
 * writes ignored".
 */
#define R_IPERF_NEW_PC		GENMASK_ULL(5, 0)
#define R_IPERF_NEW_VN		GENMASK_ULL(7, 6)
#define R_IPERF_NEW		(R_IPERF_NEW_PC | R_IPERF_NEW_VN)
#define R_IPERF_MC		GENMASK_ULL(20, 17)
#define R_IPERF_EOT		XU_ASSUMED_NHMEX_R_EOT_SEL
#define R_IPERF_IG		GENMASK_ULL(23, 22)
/*
 * XBAR set (guide Tables 2-50 to 2-52): MM_CFG dis 63 ("Set to 0 to
 * enable use by PMUs"), 62:22 "Read zero, writes ignored", mm_trig_en 21
 * ("Set to 1 to enable mask match trigger"); MATCH and MASK 63:52, 47:36
 * and 30:18 "Reserved. Must write to 0 else behavior is undefined".
 */
#define R_XBR_MM_DIS		BIT_ULL(63)
#define R_XBR_MM_IG		GENMASK_ULL(62, 22)
#define R_XBR_MM_TRIG_EN	BIT_ULL(21)
#define R_XBR_MM_RSV		(GENMASK_ULL(63, 52) | GENMASK_ULL(47, 36) | \
				 GENMASK_ULL(30, 18))

/* W-box GLOBAL_CTL/STATUS/OVF_CTL: the fixed counter's bit */
#define W_FIXED			BIT_ULL(31)
#define W_FIX_CTL_EN		BIT_ULL(0)
/* filter bits mark a match value, so that 0 counts its own way */
#define MATCH_USED		BIT_ULL(63)

static u64 *ureg(struct sim_socket *s, unsigned int row)
{
	return &sim_box(s, NHMEX_UBOX, 0)->reg[row][0];
}

static bool nhmex_running(struct sim_socket *s)
{
	u64 ctl = *ureg(s, GLOBAL_CTL);

	return (ctl & U_CTL_EN_ALL) && !(ctl & U_CTL_FRZ_ALL);
}

static bool nhmex_frozen(struct sim_socket *s)
{
	return !nhmex_running(s);
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

static u64 box_status(struct sim_socket *s, unsigned int type, unsigned int i)
{
	return sim_box(s, type, i)->reg[GLOBAL_STATUS][0];
}

/*
 * S-box @side's SUMMARY (guide 2.5, table 2-26): which boxes of its side
 * of the chip have an overflow.  Not a latch: the guide says clearing the
 * lowest-level bit clears every summary above it, so it is computed from
 * the status registers below it.  Which C-boxes are the "left" ones
 * (ov_c_l) and which the right (ov_c_r) is the shared assumption.
 */
static u64 s_summary(struct sim_socket *s, unsigned int side)
{
	unsigned int i, c = side * NHMEX_CBOXES / NHMEX_SIDES;
	u64 val = 0;

	for (i = 0; i < NHMEX_CBOXES / NHMEX_SIDES; i++)
		if (box_status(s, NHMEX_CBOX, c + i))
			val |= XU_ASSUMED_NHMEX_CBOX_RIGHT(i) ? S_SUM_OV_C_R : S_SUM_OV_C_L;
	if (box_status(s, NHMEX_SBOX, side))
		val |= S_SUM_OV_S;
	if (box_status(s, NHMEX_BBOX, side) || box_status(s, NHMEX_MBOX, side))
		val |= S_SUM_OV_MB;
	if (box_status(s, NHMEX_RBOX, side))
		val |= S_SUM_OV_R;
	return val;
}

static u64 s_summary_read(struct sim_socket *s, struct sim_box *b,
			  unsigned int n)
{
	return s_summary(s, b->idx);
}

/*
 * The Westmere-EX's C-boxes 8 and 9: where they report is not in the
 * guide.  The model reports them in ov_s0 or ov_s1 of the global status
 * (the shared assumption) with no SUMMARY bit (a driver that walks by
 * SUMMARY alone misses them).
 */
static u64 wsmex_cbox_status(struct sim_socket *s, unsigned int i)
{
	if (i >= s->sim->plat->types[NHMEX_CBOX]->nboxes)
		return 0;
	return box_status(s, NHMEX_CBOX, i);
}

/*
 * ov_s0/ov_s1 summarise the S-boxes' SUMMARY registers, ov_w the W-box's
 * status: computed like them, writes to them have no effect.
 */
#define U_ST_COMPUTED		(U_ST_OV_S0 | U_ST_OV_S1 | U_ST_OV_W)

static u64 u_status_read(struct sim_socket *s, struct sim_box *b,
			 unsigned int n)
{
	u64 val = b->reg[GLOBAL_STATUS][0];
	unsigned int c;

	if (s_summary(s, 0))
		val |= U_ST_OV_S0;
	if (s_summary(s, 1))
		val |= U_ST_OV_S1;
	for (c = NHMEX_CBOXES; c < WSMEX_CBOXES; c++)
		if (wsmex_cbox_status(s, c))
			val |= XU_ASSUMED_WSMEX_CBOX_SIDE(c) ? U_ST_OV_S1 : U_ST_OV_S0;
	if (box_status(s, NHMEX_WBOX, 0))
		val |= U_ST_OV_W;
	return val;
}

static const char *u_status_write(struct sim_socket *s, struct sim_box *b,
				  unsigned int n, u64 val)
{
	b->reg[GLOBAL_STATUS][0] = val & ~U_ST_COMPUTED;
	return NULL;
}

static const char *ovf_ctl_write(struct sim_socket *s, struct sim_box *b,
				 unsigned int n, u64 val)
{
	b->reg[GLOBAL_STATUS][0] &= ~val;
	return NULL;
}

/*
 * The R-box's RW1C OVF_CTL reads as the overflow bits it clears (the
 * shared assumption).
 */
static u64 r_ovf_ctl_read(struct sim_socket *s, struct sim_box *b,
			  unsigned int n)
{
	return b->reg[GLOBAL_STATUS][0] & XU_ASSUMED_NHMEX_R_OVF_CTL_READ;
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
	 * U-box is not found: the U-box counter reports in bit 0, the W-box
	 * in bit 1.  Software may set or clear cond, pmi and ov_u (RW); cond
	 * is never set by the model.
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

/*
 * Box blocks are 0x20 apart, but not in box order; the Westmere-EX's
 * C-boxes 8 and 9 at 0xf40 and 0xfc0 (Linux's offsets).
 */
static const u32 cbox_base[WSMEX_CBOXES] = {
	0xd00, 0xd80, 0xd40, 0xdc0, 0xd20, 0xda0, 0xd60, 0xde0, 0xf40, 0xfc0,
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

/*
 * S-boxes (guide 2.5): the C-box block layout with 4 counters, and a
 * SUMMARY register the overflows of the side's boxes show in.
 */
static const u32 sbox_base[NHMEX_SIDES] = { 0xc40, 0xcc0 };

static const struct sim_reg sbox_regs[] = {
	/* ctr_en 3:0; the other bits are ignored. */
	[GLOBAL_CTL] = {
		.name = "S_MSR_PMON_GLOBAL_CTL", .offset = 0x0, .count = 1,
		.width = 32, .access = SIM_RW,
		.ig = GENMASK_ULL(31, NHMEX_S_CTRS),
	},
	[GLOBAL_STATUS] = {
		.name = "S_MSR_PMON_GLOBAL_STATUS", .offset = 0x1, .count = 1,
		.width = 32, .access = SIM_RW,
		.rsv = GENMASK_ULL(31, NHMEX_S_CTRS),
	},
	[GLOBAL_OVF_CTL] = {
		.name = "S_MSR_PMON_GLOBAL_OVF_CTL", .offset = 0x2, .count = 1,
		.width = 32, .access = SIM_WO,
		.rsv = GENMASK_ULL(31, NHMEX_S_CTRS),
		.write = ovf_ctl_write,
	},
	/* RO_WO: computed from the status registers below it. */
	[SUMMARY] = {
		.name = "S_MSR_PMON_SUMMARY", .offset = 0x3, .count = 1,
		.width = 32, .access = SIM_RO,
		.read = s_summary_read,
	},
	/*
	 * The C-box layout.  The guide's reset_occ_cnt control has no bit
	 * position in our copy: the bits the C-box treats as reserved are
	 * reserved here too.
	 */
	[EVT_SEL] = {
		.name = "S_MSR_PMON_EVT_SEL", .offset = 0x10,
		.count = NHMEX_S_CTRS, .stride = 2,
		.width = 64, .access = SIM_RW,
		.rsv = GENMASK_ULL(62, 61) | GENMASK_ULL(49, 32) | BIT_ULL(21) |
		       BIT_ULL(19) | GENMASK_ULL(17, 16),
		.ig = BIT_ULL(63) | GENMASK_ULL(60, 50),
	},
	[CTR] = {
		.name = "S_MSR_PMON_CTR", .offset = 0x11,
		.count = NHMEX_S_CTRS, .stride = 2,
		.width = 48, .access = SIM_RW,
	},
};

/*
 * S-box match/mask (guide 2.5.4), tabled apart from the box: MM_CFG
 * (enable, bit 63; its other fields are not in our copy: reserved), MATCH
 * and MASK (opc 58:48, mc 47:43, addr 42:5, hnid 4:0, and above 58 a
 * request/response select we cannot read: all 64 bits are kept).  MATCH
 * and MASK written while the matcher is on are a violation: the sequence
 * (Linux's, and the guide's set-up order) turns it off first.
 */
enum { MM_CFG, MATCH, MASK };

static const u32 smatch_base[NHMEX_SIDES] = { 0xe48, 0xe58 };

static const char *mm_write(struct sim_socket *s, struct sim_box *b,
			    unsigned int n, u64 val)
{
	b->reg[n == 0 ? MATCH : MASK][0] = val;
	if (b->reg[MM_CFG][0] & S_MM_CFG_EN)
		return "match/mask written with MM_CFG enabled (disable it first)";
	return NULL;
}

static const char *mm_match_write(struct sim_socket *s, struct sim_box *b,
				  unsigned int n, u64 val)
{
	return mm_write(s, b, 0, val);
}

static const char *mm_mask_write(struct sim_socket *s, struct sim_box *b,
				 unsigned int n, u64 val)
{
	return mm_write(s, b, 1, val);
}

static const struct sim_reg smatch_regs[] = {
	[MM_CFG] = {
		.name = "S_MSR_MM_CFG", .offset = 0x0, .count = 1,
		.width = 64, .access = SIM_RW,
		.rsv = ~S_MM_CFG_EN,
	},
	[MATCH] = {
		.name = "S_MSR_MATCH", .offset = 0x1, .count = 1,
		.width = 64, .access = SIM_RW, .write = mm_match_write,
	},
	[MASK] = {
		.name = "S_MSR_MASK", .offset = 0x2, .count = 1,
		.width = 64, .access = SIM_RW, .write = mm_mask_write,
	},
};

/*
 * B-boxes (guide 2.4): 4 counters, each with its own event list; the
 * control holds only en, ev_sel and pmi_en (positions from Linux, the
 * guide's table is not in our copy): every other bit is reserved.
 */
static const u32 bbox_base[NHMEX_SIDES] = { 0xc20, 0xc60 };

static const struct sim_reg bbox_regs[] = {
	[GLOBAL_CTL] = {
		.name = "B_MSR_PMON_GLOBAL_CTL", .offset = 0x0, .count = 1,
		.width = 32, .access = SIM_RW,
		.ig = GENMASK_ULL(31, NHMEX_B_CTRS),
	},
	[GLOBAL_STATUS] = {
		.name = "B_MSR_PMON_GLOBAL_STATUS", .offset = 0x1, .count = 1,
		.width = 32, .access = SIM_RW,
		.rsv = GENMASK_ULL(31, NHMEX_B_CTRS),
	},
	[GLOBAL_OVF_CTL] = {
		.name = "B_MSR_PMON_GLOBAL_OVF_CTL", .offset = 0x2, .count = 1,
		.width = 32, .access = SIM_WO,
		.rsv = GENMASK_ULL(31, NHMEX_B_CTRS),
		.write = ovf_ctl_write,
	},
	[EVT_SEL] = {
		.name = "B_MSR_PERF_CTL", .offset = 0x10,
		.count = NHMEX_B_CTRS, .stride = 2,
		.width = 64, .access = SIM_RW,
		.rsv = ~(B_CTL_EN | B_CTL_EV_SEL | B_CTL_PMI_EN),
	},
	[CTR] = {
		.name = "B_MSR_PERF_CNT", .offset = 0x11,
		.count = NHMEX_B_CTRS, .stride = 2,
		.width = 48, .access = SIM_RW,
	},
};

/* B-box MATCH/MASK: raw 64-bit packet fields (their layout is not found) */
enum { B_MATCH, B_MASK };

static const u32 bmatch_base[NHMEX_SIDES] = { 0xe45, 0xe4d };

static const struct sim_reg bmatch_regs[] = {
	[B_MATCH] = {
		.name = "B_MSR_MATCH_REG", .offset = 0x0, .count = 1,
		.width = 64, .access = SIM_RW,
	},
	[B_MASK] = {
		.name = "B_MSR_MASK_REG", .offset = 0x1, .count = 1,
		.width = 64, .access = SIM_RW,
	},
};

/*
 * M-boxes (guide 2.7): 6 counters and seven sub-control registers (32 bits
 * significant) that refine what many events count.  CNT_CTL: en 0,
 * pmi_en 1, count_mode 3:2, storage_mode 5:4, wrap_mode 6, flag_mode 7,
 * inc_sel 13:9, set_flag_sel 21:19 (positions from Linux), 24:22 and 62:61
 * reserved; the guide's dec_sel and rst_flag_sel have no position in our
 * copy (18:14 likely), so 18:14 and 8 are reserved too, the rest ignored.
 */
enum {
	M_TIMESTAMP = SUMMARY, M_DSP, M_ISS, M_MAP, M_MSC_THR, M_PGT, M_PLD,
	M_ZDP,
};

static const u32 mbox_base[NHMEX_SIDES] = { 0xca0, 0xce0 };

#define M_SUBCTL_IG(_row, _name, _off, _ig)				\
	[_row] = {							\
		.name = _name, .offset = _off, .count = 1,		\
		.width = 32, .access = SIM_RW, .ig = (_ig),		\
	}
#define M_SUBCTL(_row, _name, _off)	M_SUBCTL_IG(_row, _name, _off, 0)

/* Response 6 (reserved) with a slot selecting the B-box responses */
static const char *m_zdp_write(struct sim_socket *s, struct sim_box *b,
			       unsigned int n, u64 val)
{
	const struct mbox_part *part = b->type->priv;
	unsigned int k;

	b->reg[M_ZDP][n] = val;
	if ((val & part->zdp_resp) >> __ffs64(part->zdp_resp) != M_FVC_RSP_RESERVED)
		return NULL;
	for (k = 0; k < 4; k++)
		if (((val >> (part->zdp_slot0 + 3 * k)) & 7) == M_FVC_BBOX_RSP)
			return "ZDP_CTL_FVC: B-box response 6 is reserved (Table 2-82)";
	return NULL;
}

static const struct sim_reg mbox_regs[] = {
	[GLOBAL_CTL] = {
		.name = "M_MSR_PMON_GLOBAL_CTL", .offset = 0x0, .count = 1,
		.width = 32, .access = SIM_RW,
		.ig = GENMASK_ULL(31, NHMEX_M_CTRS),
	},
	[GLOBAL_STATUS] = {
		.name = "M_MSR_PMON_GLOBAL_STATUS", .offset = 0x1, .count = 1,
		.width = 32, .access = SIM_RW,
		.rsv = GENMASK_ULL(31, NHMEX_M_CTRS),
	},
	[GLOBAL_OVF_CTL] = {
		.name = "M_MSR_PMON_GLOBAL_OVF_CTL", .offset = 0x2, .count = 1,
		.width = 32, .access = SIM_WO,
		.rsv = GENMASK_ULL(31, NHMEX_M_CTRS),
		.write = ovf_ctl_write,
	},
	[M_TIMESTAMP] = {
		.name = "M_MSR_PMU_TIMESTAMP_UNIT", .offset = 0x4, .count = 1,
		.width = 64, .access = SIM_RW,
	},
	M_SUBCTL(M_DSP, "M_MSR_PMU_DSP", 0x5),
	/* "ig 31 10 Reads 0 writes ignored" */
	M_SUBCTL_IG(M_ISS, "M_MSR_PMU_ISS", 0x6, GENMASK_ULL(31, 10)),
	M_SUBCTL(M_MAP, "M_MSR_PMU_MAP", 0x7),
	M_SUBCTL(M_MSC_THR, "M_MSR_PMU_MSC_THR", 0x8),
	M_SUBCTL(M_PGT, "M_MSR_PMU_PGT", 0x9),
	M_SUBCTL(M_PLD, "M_MSR_PMU_PLD", 0xa),
	[M_ZDP] = {
		.name = "M_MSR_PMU_ZDP_CTL_FVC", .offset = 0xb, .count = 1,
		.width = 32, .access = SIM_RW, .write = m_zdp_write,
	},
	[EVT_SEL] = {
		.name = "M_MSR_PMU_CNT_CTL", .offset = 0x10,
		.count = NHMEX_M_CTRS, .stride = 2,
		.width = 64, .access = SIM_RW,
		.rsv = GENMASK_ULL(62, 61) | GENMASK_ULL(24, 22) |
		       GENMASK_ULL(18, 14) | BIT_ULL(8),
		.ig = BIT_ULL(63) | GENMASK_ULL(60, 25),
	},
	[CTR] = {
		.name = "M_MSR_PMU_CNT", .offset = 0x11,
		.count = NHMEX_M_CTRS, .stride = 2,
		.width = 48, .access = SIM_RW,
	},
};

#undef M_SUBCTL
#undef M_SUBCTL_IG

/*
 * The address match of the PLD events, tabled apart from the box: MM_CFG
 * (enable, bit 63; the rest reserved), MATCH (34 bits) and MASK (27 bits,
 * Linux's widths: above them reserved).  Written with the match on: a
 * violation, as the S-box's.
 */
static const u32 mmatch_base[NHMEX_SIDES] = { 0xe54, 0xe5c };

static const struct sim_reg mmatch_regs[] = {
	[MM_CFG] = {
		.name = "M_MSR_PMU_MM_CFG", .offset = 0x0, .count = 1,
		.width = 64, .access = SIM_RW,
		.rsv = ~M_MM_CFG_EN,
	},
	[MATCH] = {
		.name = "M_MSR_PMU_ADDR_MATCH", .offset = 0x1, .count = 1,
		.width = 64, .access = SIM_RW, .write = mm_match_write,
		.rsv = GENMASK_ULL(63, 34),
	},
	[MASK] = {
		.name = "M_MSR_PMU_ADDR_MASK", .offset = 0x2, .count = 1,
		.width = 64, .access = SIM_RW, .write = mm_mask_write,
		.rsv = GENMASK_ULL(63, 27),
	},
};

/*
 * The R-box (guide 2.6): two halves of 8 counters, ports 0-3 and 4-7.
 * PMON_CTL: en 0, ev_sel 5:1, pmi_en 6, 62:61 reserved, the rest ignored.
 */
static const u32 rbox_base[NHMEX_SIDES] = { 0xe00, 0xe20 };

static const struct sim_reg rbox_regs[] = {
	[GLOBAL_CTL] = {
		.name = "R_MSR_PMON_GLOBAL_CTL", .offset = 0x0, .count = 1,
		.width = 32, .access = SIM_RW,
		.ig = GENMASK_ULL(31, NHMEX_R_CTRS),
	},
	/*
	 * Unlike the C- and S-boxes' (RW_RW), the R-box's status is RO_WO:
	 * software reads it, only the hardware sets it; it clears through
	 * OVF_CTL.  Our copy has the left half's rows: the right half's
	 * are taken to be the same (the shared assumption).
	 */
	[GLOBAL_STATUS] = {
		.name = "R_MSR_PMON_GLOBAL_STATUS", .offset = 0x1, .count = 1,
		.width = 32, .access = SIM_RO,
	},
	/*
	 * The guide names the left half's "..._15_8": it serves 7:0.
	 * RW1C_WO, not the C- and S-boxes' write-only WO_RO: software reads
	 * it and writes 1 to clear, the hardware sets it.  Its field table
	 * is not in our copy: a read returns the overflow bits a write of
	 * 1 would clear, the status's (the shared assumption).
	 */
	[GLOBAL_OVF_CTL] = {
		.name = "R_MSR_PMON_GLOBAL_OVF_CTL", .offset = 0x2, .count = 1,
		.width = 32, .access = SIM_RW,
		.rsv = GENMASK_ULL(31, NHMEX_R_CTRS),
		.read = r_ovf_ctl_read, .write = ovf_ctl_write,
	},
	[EVT_SEL] = {
		.name = "R_MSR_PMON_CTL", .offset = 0x10,
		.count = NHMEX_R_CTRS, .stride = 2,
		.width = 64, .access = SIM_RW,
		.rsv = GENMASK_ULL(62, 61),
		.ig = ~(R_CTL_EN | R_CTL_EV_SEL | R_CTL_PMI_EN | GENMASK_ULL(62, 61)),
	},
	[CTR] = {
		.name = "R_MSR_PMON_CTR", .offset = 0x11,
		.count = NHMEX_R_CTRS, .stride = 2,
		.width = 48, .access = SIM_RW,
	},
};

/*
 * The R-box's per-port sub-registers, a box per port (0-7) at the guide's
 * irregular addresses: IPERF_CFG0 (0xe04 + p) and 1 (0xe24 + p), QLX_CFG
 * (0xe0c + p, ports 4-7 0xe2c + p - 4; two 8-bit events in 15:0, the rest
 * not in our copy: reserved), and the XBAR match/mask sets 1 and 2
 * (MM_CFG, MATCH, MASK at 0xe60/0xe70 + 4p, ports 4-7 0x10 higher): a
 * row for MM_CFG and one for MATCH and MASK, whose reserved bits differ.
 * MM_CFG's 15:0 are not in our copy: kept as written.
 */
enum { IPERF0, IPERF1, QLX, XBR1, XBR1_MM, XBR2, XBR2_MM };

static const u32 rport_iperf0[NHMEX_R_PORTS] = {
	0xe04, 0xe05, 0xe06, 0xe07, 0xe08, 0xe09, 0xe0a, 0xe0b,
};

static const u32 rport_iperf1[NHMEX_R_PORTS] = {
	0xe24, 0xe25, 0xe26, 0xe27, 0xe28, 0xe29, 0xe2a, 0xe2b,
};

static const u32 rport_qlx[NHMEX_R_PORTS] = {
	0xe0c, 0xe0d, 0xe0e, 0xe0f, 0xe2c, 0xe2d, 0xe2e, 0xe2f,
};

static const u32 rport_xbr1[NHMEX_R_PORTS] = {
	0xe60, 0xe64, 0xe68, 0xe6c, 0xe80, 0xe84, 0xe88, 0xe8c,
};

static const u32 rport_xbr2[NHMEX_R_PORTS] = {
	0xe70, 0xe74, 0xe78, 0xe7c, 0xe90, 0xe94, 0xe98, 0xe9c,
};

static const u32 rport_xbr1_mm[NHMEX_R_PORTS] = {
	0xe61, 0xe65, 0xe69, 0xe6d, 0xe81, 0xe85, 0xe89, 0xe8d,
};

static const u32 rport_xbr2_mm[NHMEX_R_PORTS] = {
	0xe71, 0xe75, 0xe79, 0xe7d, 0xe91, 0xe95, 0xe99, 0xe9d,
};

/*
 * Why an IPERF_CFG value is undefined, or NULL: an EOT event of an MC
 * that encodes no message class.  (VN select 0b11 counts every VN, the
 * shared assumption XU_ASSUMED_NHMEX_R_VN_ANY.)
 */
static const char *r_iperf_undefined(u64 val)
{
	if ((val & R_IPERF_EOT) &&
	    !(XU_ASSUMED_NHMEX_R_EOT_MCS & BIT(FIELD_GET(R_IPERF_MC, val))))
		return "IPERF_CFG: MC (20:17) encodes no message class";
	return NULL;
}

static const char *r_iperf0_write(struct sim_socket *s, struct sim_box *b,
				  unsigned int n, u64 val)
{
	b->reg[IPERF0][n] = val;
	return r_iperf_undefined(val);
}

static const char *r_iperf1_write(struct sim_socket *s, struct sim_box *b,
				  unsigned int n, u64 val)
{
	b->reg[IPERF1][n] = val;
	return r_iperf_undefined(val);
}

static const struct sim_reg rport_regs[] = {
	[IPERF0] = {
		.name = "R_MSR_PORT_IPERF_CFG0", .at = rport_iperf0, .count = 1,
		.width = 32, .access = SIM_RW, .ig = R_IPERF_IG,
		.write = r_iperf0_write,
	},
	[IPERF1] = {
		.name = "R_MSR_PORT_IPERF_CFG1", .at = rport_iperf1, .count = 1,
		.width = 32, .access = SIM_RW, .ig = R_IPERF_IG,
		.write = r_iperf1_write,
	},
	[QLX] = {
		.name = "R_MSR_PORT_QLX_CFG", .at = rport_qlx, .count = 1,
		.width = 64, .access = SIM_RW,
		.rsv = GENMASK_ULL(63, 16),
	},
	[XBR1] = {
		.name = "R_MSR_PORT_XBR_SET1_MM_CFG", .at = rport_xbr1, .count = 1,
		.width = 64, .access = SIM_RW, .ig = R_XBR_MM_IG,
	},
	[XBR1_MM] = {
		.name = "R_MSR_PORT_XBR_SET1_MATCH_MASK", .at = rport_xbr1_mm,
		.count = 2, .stride = 1, .width = 64, .access = SIM_RW,
		.rsv = R_XBR_MM_RSV,
	},
	[XBR2] = {
		.name = "R_MSR_PORT_XBR_SET2_MM_CFG", .at = rport_xbr2, .count = 1,
		.width = 64, .access = SIM_RW, .ig = R_XBR_MM_IG,
	},
	[XBR2_MM] = {
		.name = "R_MSR_PORT_XBR_SET2_MATCH_MASK", .at = rport_xbr2_mm,
		.count = 2, .stride = 1, .width = 64, .access = SIM_RW,
		.rsv = R_XBR_MM_RSV,
	},
};

/*
 * The W-box (guide 2.8): 4 counters in the C-box control layout (bit 50
 * reserved as well), umask a core mask; bit 31 of its box registers is the
 * fixed counter's.  The guide's OVF_CTL row says clr_ov 5:0 for 4
 * counters: 5:4 are taken as ignored.
 */
static const u32 wbox_base[] = { 0xc80 };

static const struct sim_reg wbox_regs[] = {
	[GLOBAL_CTL] = {
		.name = "W_MSR_PMON_GLOBAL_CTL", .offset = 0x0, .count = 1,
		.width = 32, .access = SIM_RW,
		.ig = GENMASK_ULL(30, NHMEX_W_CTRS),
	},
	[GLOBAL_STATUS] = {
		.name = "W_MSR_PMON_GLOBAL_STATUS", .offset = 0x1, .count = 1,
		.width = 32, .access = SIM_RW,
		.rsv = GENMASK_ULL(30, NHMEX_W_CTRS),
	},
	[GLOBAL_OVF_CTL] = {
		.name = "W_MSR_PMON_GLOBAL_OVF_CTL", .offset = 0x2, .count = 1,
		.width = 32, .access = SIM_WO,
		.ig = GENMASK_ULL(5, NHMEX_W_CTRS),
		.rsv = GENMASK_ULL(30, 6),
		.write = ovf_ctl_write,
	},
	[EVT_SEL] = {
		.name = "W_MSR_PMON_EVT_SEL", .offset = 0x10,
		.count = NHMEX_W_CTRS, .stride = 2,
		.width = 64, .access = SIM_RW,
		.rsv = GENMASK_ULL(62, 61) | BIT_ULL(50) | GENMASK_ULL(49, 32) |
		       BIT_ULL(21) | BIT_ULL(19) | GENMASK_ULL(17, 16),
		.ig = BIT_ULL(63) | GENMASK_ULL(60, 51),
	},
	[CTR] = {
		.name = "W_MSR_PMON_CTR", .offset = 0x11,
		.count = NHMEX_W_CTRS, .stride = 2,
		.width = 48, .access = SIM_RW,
	},
};

/*
 * The W-box's fixed counter of uncore clocks, at 0x394 with its control
 * at 0x395: enable is bit 0 (Linux); the guide lists a pmi_en whose
 * position is not in our copy, so the rest is reserved and this counter
 * never interrupts.  It counts while the W-box's fixed_en is set too.
 */
enum { FIX_CTR, FIX_CTL };

static const u32 wfix_base[] = { 0x394 };

static const struct sim_reg wfix_regs[] = {
	[FIX_CTR] = {
		.name = "W_MSR_PMON_FIXED_CTR", .offset = 0x0, .count = 1,
		.width = 48, .access = SIM_RW,
	},
	[FIX_CTL] = {
		.name = "W_MSR_PMON_FIXED_CTR_CTL", .offset = 0x1, .count = 1,
		.width = 64, .access = SIM_RW,
		.rsv = ~W_FIX_CTL_EN,
	},
};

/*
 * Codes and "Max Inc/Cyc" from the guide.  NOMAX: none in our copy, 1 used.
 * SEV: an event the guide gives sub-events (a umask table): with umask 0
 * it counts nothing.
 */
#define EV(c, m, n)	{ .code = c, .max_inc = m, .name = n }
#define SEV(c, m, n)	{ .code = c, .max_inc = m, .subevents = true, .name = n }
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
 * presumably 0x09, which is left unimplemented (counts nothing).  The
 * umask tables of the guide's C-box events begin "b00000000: nothing will
 * be counted": the events our copy shows a table for are SEV.  Umask 0
 * is a defined encoding, so it counts nothing without being a violation.
 * BOUNCES_C2P_BL and _IV, SINKS_C2P, SINKS_S2P_BL and SNPS show no umask
 * in our copy: what it does not say, the model does not forbid.
 */
static const struct sim_event cbox_events[] = {
	SEV(0x01, NOMAX, "BOUNCES_P2C_AD"),
	SEV(0x02, NOMAX, "BOUNCES_C2P_AK"),
	EV(0x03, NOMAX, "BOUNCES_C2P_BL"),
	EV(0x04, NOMAX, "BOUNCES_C2P_IV"),
	SEV(0x05, 3, "SINKS_P2C"),
	EV(0x06, NOMAX, "SINKS_C2P"),
	SEV(0x07, NOMAX, "SINKS_S2C"),
	EV(0x08, NOMAX, "SINKS_S2P_BL"),
	SEV(0x0a, NOMAX, "ARB_WINS"),
	SEV(0x0b, NOMAX, "STARVED_EGRESS"),
	SEV(0x0c, NOMAX, "EGRESS_BYPASS_WINS"),
	EV(0x0e, 1, "INGRESS_BYPASS_WINS_AD"),
	EV(0x10, 1, "MAF_ACK"),
	SEV(0x11, NOMAX, "MAF_NACK1"),
	SEV(0x12, NOMAX, "MAF_NACK2"),
	SEV(0x14, 1, "LLC_MISSES"),
	SEV(0x15, 1, "LLC_HITS"),
	SEV(0x16, 1, "LLC_S_FILLS"),
	SEV(0x17, 1, "LLC_VICTIMS"),
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
	SEV(0x28, NOMAX, "SNP_HITS"),
};

/*
 * Codes whose "Max Inc" our copy does not show count at most 1 (NOMAX),
 * the occupancy queues at their depth where the guide gives it.  SEV:
 * the HOM queue events and PKTS_SENT_HOM count for the R-box and/or B-box
 * sub-events selected ("if both R Box and B Box sub events are
 * selected..."), TO_RING_MSGQ_OCCUPANCY for the message classes selected,
 * the egress events for the ring FIFOs selected ("enabling multiple
 * subevents in this category..."), the DRS, NCB and NCS queue events for
 * "the selected C Box" (the umask a C-box pair mask): none selected,
 * nothing counts.
 */
static const struct sim_event sbox_events[] = {
	EV(0x00, 1, "TO_R_PROG_EV"),
	SEV(0x03, 1, "TO_R_B_HOM_MSGQ_CYCLES_FULL"),
	SEV(0x06, 1, "TO_R_B_HOM_MSGQ_CYCLES_NE"),
	SEV(0x07, 64, "TO_R_B_HOM_MSGQ_OCCUPANCY"),
	EV(0x08, 1, "TO_R_SNP_MSGQ_CYCLES_FULL"),
	EV(0x09, 1, "TO_R_SNP_MSGQ_CYCLES_NE"),
	EV(0x0a, 32, "TO_R_SNP_MSGQ_OCCUPANCY"),
	EV(0x0b, 1, "TO_R_NDR_MSGQ_CYCLES_FULL"),
	EV(0x0c, 1, "TO_R_NDR_MSGQ_CYCLES_NE"),
	EV(0x0d, 16, "TO_R_NDR_MSGQ_OCCUPANCY"),
	SEV(0x0e, 1, "TO_R_DRS_MSGQ_CYCLES_FULL"),
	SEV(0x0f, 1, "TO_R_DRS_MSGQ_CYCLES_NE"),
	SEV(0x10, 16, "TO_R_DRS_MSGQ_OCCUPANCY"),
	SEV(0x11, 1, "TO_R_NCB_MSGQ_CYCLES_FULL"),
	SEV(0x12, 1, "TO_R_NCB_MSGQ_CYCLES_NE"),
	SEV(0x13, 8, "TO_R_NCB_MSGQ_OCCUPANCY"),
	SEV(0x14, 1, "TO_R_NCS_MSGQ_CYCLES_FULL"),
	SEV(0x15, 1, "TO_R_NCS_MSGQ_CYCLES_NE"),
	SEV(0x16, 2, "TO_R_NCS_MSGQ_OCCUPANCY"),
	EV(0x20, 1, "TO_RING_SNP_MSGQ_CYCLES_FULL"),
	EV(0x21, 1, "TO_RING_NCB_MSGQ_CYCLES_FULL"),
	EV(0x22, 1, "TO_RING_NCS_MSGQ_CYCLES_FULL"),
	EV(0x23, 1, "TO_RING_SNP_MSGQ_CYCLES_NE"),
	EV(0x24, 1, "TO_RING_NCB_MSGQ_CYCLES_NE"),
	SEV(0x26, NOMAX, "TO_RING_MSGQ_OCCUPANCY"),
	EV(0x27, 1, "TO_RING_NDR_MSGQ_CYCLES_FULL"),
	EV(0x28, 1, "TO_RING_NDR_MSGQ_CYCLES_NE"),
	EV(0x29, NOMAX, "TO_RING_NDR_MSGQ_OCCUPANCY"),
	EV(0x2a, 1, "TO_RING_R2S_MSGQ_CYCLES_FULL"),
	EV(0x2b, 1, "TO_RING_B2S_MSGQ_CYCLES_FULL"),
	EV(0x2c, 1, "TO_RING_R2S_MSGQ_CYCLES_NE"),
	EV(0x2d, 1, "TO_RING_B2S_MSGQ_CYCLES_NE"),
	EV(0x2e, NOMAX, "TO_RING_R2S_MSGQ_OCCUPANCY"),
	EV(0x2f, NOMAX, "TO_RING_B2S_MSGQ_OCCUPANCY"),
	EV(0x30, 1, "HALFLINE_BYPASS"),
	EV(0x31, NOMAX, "REQ_TBL_OCCUPANCY"),
	SEV(0x40, NOMAX, "EGRESS_BYPASS"),
	SEV(0x41, NOMAX, "EGRESS_ARB_WINS"),
	SEV(0x42, 1, "EGRESS_ARB_LOSSES"),
	SEV(0x43, 1, "EGRESS_STARVED"),
	EV(0x50, 1, "RBOX_HOM_BYPASS"),
	EV(0x51, 1, "RBOX_SNP_BYPASS"),
	EV(0x52, 1, "S2B_HOM_BYPASS"),
	EV(0x53, 1, "B2S_DRS_BYPASS"),
	EV(0x54, 1, "BBOX_HOM_BYPASS"),
	SEV(0x60, 1, "PKTS_SENT_HOM"),
	EV(0x62, 1, "PKTS_SENT_SNP"),
	EV(0x63, NOMAX, "PKTS_SENT_NDR"),
	EV(0x64, NOMAX, "PKTS_SENT_DRS"),
	EV(0x65, NOMAX, "FLITS_SENT_DRS"),
	EV(0x66, NOMAX, "PKTS_SENT_NCS"),
	EV(0x67, NOMAX, "FLITS_SENT_NCS"),
	EV(0x68, 11, "PKTS_SENT_NCB"),
	EV(0x69, NOMAX, "FLITS_SENT_NCB"),
	EV(0x6a, 1, "RBOX_CREDIT_RETURNS"),
	EV(0x6b, 1, "BBOX_CREDIT_RETURNS"),
	EV(0x6c, NOMAX, "TO_R_B_REQUESTS"),
	EV(0x70, NOMAX, "PKTS_RCVD_NDR"),
	EV(0x71, NOMAX, "PKTS_RCVD_SNP"),
	EV(0x72, NOMAX, "PKTS_RCVD_DRS_FROM_R"),
	EV(0x73, NOMAX, "PKTS_RCVD_DRS_FROM_B"),
	EV(0x74, NOMAX, "PKTS_RCVD_NCS"),
	EV(0x75, 1, "PKTS_RCVD_NCB"),
	EV(0x76, 1, "RBOX_CREDIT_CARRIERS"),
	EV(0x77, NOMAX, "BBOX_CREDITS"),
	EV(0x80, 1, "NO_CREDIT_HOM"),
	EV(0x81, 1, "NO_CREDIT_SNP"),
	EV(0x82, 1, "NO_CREDIT_DRS"),
	EV(0x83, 1, "NO_CREDIT_NCS"),
	EV(0x84, 1, "NO_CREDIT_NCB"),
	EV(0x85, 1, "NO_CREDIT_NDR"),
	EV(0x86, 1, "NO_CREDIT_VNA"),
	EV(0x87, 1, "NO_CREDIT_AD"),
	EV(0x88, 1, "NO_CREDIT_AK"),
	EV(0x89, 1, "NO_CREDIT_BL"),
	EV(0x8a, 1, "NO_CREDIT_IPQ"),
};

/* Each counter's own list; every B-box event adds at most 1 a cycle. */
#define BEV(c, code, n)	EV(B_EVENT(c, code), 1, n)
static const struct sim_event bbox_events[] = {
	BEV(0, 0x01, "MSG_ADDR_IN_MATCH"),
	BEV(0, 0x02, "OPCODE_ADDR_IN_MATCH"),
	BEV(0, 0x03, "MSG_OPCODE_ADDR_IN_MATCH"),
	BEV(0, 0x04, "TF_ALL"),
	BEV(0, 0x05, "TF_WR"),
	BEV(0, 0x06, "TF_INVITOE"),
	BEV(0, 0x07, "IMT_VALID_OCCUPANCY"),
	BEV(0, 0x09, "DRSQ_OCCUPANCY"),
	BEV(0, 0x0b, "TF_IOH"),
	BEV(0, 0x0d, "TF_IOH_WR"),
	BEV(0, 0x0f, "TF_IOH_INVITOE"),
	BEV(0, 0x12, "SNPOQ_OCCUPANCY"),
	BEV(0, 0x17, "DIRQ_OCCUPANCY"),
	BEV(0, 0x1c, "TF_IOH_NON_INVITOE_RD"),
	BEV(1, 0x01, "MSG_IN_MATCH"),
	BEV(1, 0x02, "MSG_OUT_MATCH"),
	BEV(1, 0x03, "OPCODE_IN_MATCH"),
	BEV(1, 0x04, "OPCODE_OUT_MATCH"),
	BEV(1, 0x05, "MSG_OPCODE_IN_MATCH"),
	BEV(1, 0x06, "MSG_OPCODE_OUT_MATCH"),
	BEV(1, 0x07, "IMT_INSERTS_ALL"),
	BEV(1, 0x09, "DRSQ_INSERTS"),
	BEV(1, 0x0a, "IMT_INSERTS_IOH"),
	BEV(1, 0x0b, "IMT_INSERTS_NON_IOH"),
	BEV(1, 0x0c, "IMT_INSERTS_WR"),
	BEV(1, 0x0d, "IMT_INSERTS_IOH_WR"),
	BEV(1, 0x0e, "IMT_INSERTS_NON_IOH_WR"),
	BEV(1, 0x0f, "IMT_INSERTS_INVITOE"),
	BEV(1, 0x10, "IMT_INSERTS_IOH_INVITOE"),
	BEV(1, 0x12, "SNPOQ_INSERTS"),
	BEV(1, 0x17, "DIRQ_INSERTS"),
	BEV(1, 0x1c, "IMT_INSERTS_NON_IOH_INVITOE"),
	BEV(1, 0x1d, "IMT_INSERTS_RD"),
	BEV(1, 0x1f, "IMT_INSERTS_NON_IOH_RD"),
	BEV(2, 0x01, "MSGS_IN_NON_SNP"),
	BEV(2, 0x02, "MSGS_S_TO_B"),
	BEV(2, 0x03, "MSGS_B_TO_S"),
	BEV(2, 0x04, "ADDR_IN_MATCH"),
	BEV(2, 0x07, "IMT_NE_CYCLES"),
	BEV(3, 0x02, "EARLY_ACK"),
	BEV(3, 0x06, "IMT_PREALLOC"),
	BEV(3, 0x0e, "COHQ_BYPASS"),
	BEV(3, 0x0f, "DEMAND_FETCH"),
	BEV(3, 0x12, "IMPLICIT_WBS"),
	BEV(3, 0x13, "COHQ_IMT_ALLOC_WAIT"),
	BEV(3, 0x14, "SBOX_VN0_UNAVAIL"),
	BEV(3, 0x15, "RBOX_VNA_UNAVAIL"),
	BEV(3, 0x16, "IMT_FULL"),
	BEV(3, 0x17, "CONFLICTS"),
	BEV(3, 0x19, "ACK_BEFORE_LAST_SNP"),
};

#undef BEV

/*
 * inc_sel codes, and 0x20 + set_flag_sel (whose 0x2 the guide does not
 * name); FVC_EV1-3 count as FVC_EV0 (mbox_decode).
 */
static const struct sim_event mbox_events[] = {
	EV(0x00, 1, "DSP_FILL"),
	EV(0x01, 1, "CYCLES_MFULL"),
	EV(0x02, NOMAX, "RETRY_MFULL"),
	EV(0x03, NOMAX, "RETRY_STARVE"),
	EV(0x04, 1, "THERM_TRP_UP"),
	EV(0x05, 1, "THERM_TRP_DN"),
	EV(0x06, 1, "REFRESH"),
	EV(0x07, 1, "REFRESH_CONFLICT"),
	EV(0x08, 1, "SCHED_MODE_CHANGES"),
	EV(0x09, 1, "ISS_EV"),
	EV(0x0a, 1, "DRAM_CMD"),
	EV(0x0b, 1, "PLD_RETRY_EV"),
	EV(0x0c, 1, "MA_PAR_ERR"),
	EV(0x0d, 1, "FVC_EV0-3"),
	EV(0x11, NOMAX, "PATROL_TXNS"),
	EV(0x12, NOMAX, "TRANS_CMDS"),
	EV(0x13, 1, "PAGE_MISS"),
	EV(0x14, 1, "PAGE_HIT"),
	EV(0x15, 1, "PAGE_EMPTY"),
	EV(0x16, 1, "PGT_PAGE_EV"),
	EV(0x17, NOMAX, "MULTICAS"),
	EV(0x18, NOMAX, "FVID_RACE"),
	EV(0x19, 1, "TT_CMD_CONFLICT"),
	EV(0x1a, NOMAX, "BBOX_CMDS_ALL"),
	EV(0x1b, 1, "MBOX_CLOCKTICKS"),
	EV(0x1c, NOMAX, "SCHED_INFLIGHT_CMDS"),
	EV(0x1d, NOMAX, "INFLIGHT_CMDS"),
	EV(M_EV_SET_FLAG | 0x0, 1, "CYCLES_DSP_FILL"),
	EV(M_EV_SET_FLAG | 0x1, 1, "CYCLES_SCHED_MODE"),
	EV(M_EV_SET_FLAG | 0x3, 1, "CYCLES_RETRYQ_MFULL"),
	EV(M_EV_SET_FLAG | 0x4, 1, "CYCLES_RETRYQ_STARVED"),
	EV(M_EV_SET_FLAG | 0x5, 1, "CYCLES_PGT_STATE"),
	EV(M_EV_SET_FLAG | 0x6, NOMAX, "BCMD_SCHEDQ_OCCUPANCY"),
};

/*
 * The R-box's "events" are its sub-register kinds, the value in the
 * register the stream counted (rbox_decode): IPERF, QLX, XBAR match.
 */
static const struct sim_event rbox_events[] = {
	EV(0x0, 1, "IPERF"),
	EV(0x2, 1, "QLX"),
	EV(0x4, 1, "XBAR"),
};

/* umask: the cores whose condition counts (bit k core k) */
/*
 * The per-core events count for "the selected core" (the umask a core
 * bitmask): none selected, nothing counts.
 */
static const struct sim_event wbox_events[] = {
	SEV(0x00, 1, "C_THROTTLE_TMP"),
	SEV(0x01, 1, "C_C0_THROTTLE_DIE"),
	EV(0x02, 1, "PROCHOT"),
	SEV(0x03, 1, "C_C0_THROTTLE_PROCHOT"),
	SEV(0x04, 1, "C_CYCLES_TURBO"),
	EV(0x07, 1, "TM1_ON"),
	EV(0x08, 1, "RATIO_CHANGE_ABORT"),
};

#undef NOMAX
#undef SEV
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

/* An event with sub-events (SEV) and none selected: it counts nothing. */
static bool no_subevent(const struct sim_box_type *t,
			const struct sim_ctr_cfg *cfg)
{
	const struct sim_event *ev = sim_event_find(t, cfg->event);

	return ev && ev->subevents && !cfg->umask;
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
			(b->reg[GLOBAL_CTL][0] & BIT_ULL(n)) &&
			!no_subevent(b->type, cfg);
}

/* What a match/mask pair selects: its own deterministic stream. */
static u64 match_filter(u64 match, u64 mask)
{
	return MATCH_USED | sim_mix(match ^ sim_mix(mask));
}

/*
 * TO_R_PROG_EV counts the packets MATCH/MASK select while MM_CFG enables
 * them, nothing while it does not; no other S-box event reads them.
 */
static void sbox_decode(struct sim_socket *s, struct sim_box *b,
			unsigned int n, struct sim_ctr_cfg *cfg)
{
	struct sim_box *mm = sim_box(s, NHMEX_SMATCH, b->idx);

	cbox_decode(s, b, n, cfg);
	if (cfg->event != S_EV_TO_R_PROG)
		return;
	if (!(mm->reg[MM_CFG][0] & S_MM_CFG_EN))
		cfg->counting = false;
	cfg->filter = match_filter(mm->reg[MATCH][0], mm->reg[MASK][0]);
}

/* The events that count what the side's MATCH/MASK select (guide 2.4.4). */
static bool bbox_uses_match(unsigned int ctr, unsigned int code)
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

static void bbox_decode(struct sim_socket *s, struct sim_box *b,
			unsigned int n, struct sim_ctr_cfg *cfg)
{
	struct sim_box *mm = sim_box(s, NHMEX_BMATCH, b->idx);
	u64 ctl = b->reg[EVT_SEL][n];
	unsigned int code = FIELD_GET(B_CTL_EV_SEL, ctl);

	cfg->programmed = ctl & B_CTL_EN;
	cfg->pmi = ctl & B_CTL_PMI_EN;
	cfg->event = B_EVENT(n, code);
	cfg->counting = cfg->programmed && nhmex_running(s) &&
			(b->reg[GLOBAL_CTL][0] & BIT_ULL(n));
	if (bbox_uses_match(n, code))
		cfg->filter = match_filter(mm->reg[B_MATCH][0],
					   mm->reg[B_MASK][0]);
}

/* The sub-control an M-box event reads (the guide's "subcontrol" column). */
static int mbox_subctl(u16 event)
{
	switch (event) {
	case 0x00:
	case M_EV_SET_FLAG | 0x0:
		return M_DSP;
	case 0x04:
	case 0x05:
		return M_MSC_THR;
	case 0x09:
	case M_EV_SET_FLAG | 0x1:
		return M_ISS;
	case 0x16:
	case M_EV_SET_FLAG | 0x5:
		return M_PGT;
	case M_EV_SET_FLAG | 0x6:
		return M_MAP;
	case M_INC_PLD_RETRY:
		return M_PLD;
	}
	return -1;
}

/*
 * An M-box counter counts the stream its selector, its modes and the
 * sub-controls the event reads select: DRAM_CMD reads ISS and PLD, the
 * PLD events the address match while MM_CFG enables it, an FVC event its
 * slot's 3-bit selector of ZDP_CTL_FVC and the fields the slots share
 * (nothing for the B-box responses with response 6).
 */
static void mbox_decode(struct sim_socket *s, struct sim_box *b,
			unsigned int n, struct sim_ctr_cfg *cfg)
{
	u64 ctl = b->reg[EVT_SEL][n], f = ctl & M_CTL_MODES;
	struct sim_box *mm = sim_box(s, NHMEX_MMATCH, b->idx);
	unsigned int inc = FIELD_GET(M_CTL_INC_SEL, ctl), slot, sel;
	bool nothing = false;
	int sub;

	cfg->programmed = ctl & M_CTL_EN;
	cfg->pmi = ctl & M_CTL_PMI_EN;
	if (ctl & M_CTL_FLAG_MODE)
		cfg->event = M_EV_SET_FLAG | FIELD_GET(M_CTL_SET_FLAG_SEL, ctl);
	else
		cfg->event = inc;
	sub = mbox_subctl(cfg->event);
	if (sub >= 0)
		f ^= sim_mix(b->reg[sub][0] + sub);
	if (cfg->event == M_INC_DRAM_CMD)
		f ^= sim_mix(b->reg[M_ISS][0]) ^ sim_mix(~b->reg[M_PLD][0]);
	if ((cfg->event == M_INC_DRAM_CMD || cfg->event == M_INC_PLD_RETRY) &&
	    (mm->reg[MM_CFG][0] & M_MM_CFG_EN))
		f ^= match_filter(mm->reg[MATCH][0], mm->reg[MASK][0]);
	if (!(ctl & M_CTL_FLAG_MODE) && inc >= M_INC_FVC_EV0 &&
	    inc < M_INC_FVC_EV0 + 4) {
		u64 zdp = b->reg[M_ZDP][0];
		const struct mbox_part *part = b->type->priv;

		slot = inc - M_INC_FVC_EV0;
		sel = (zdp >> (part->zdp_slot0 + 3 * slot)) & 7;
		cfg->event = M_INC_FVC_EV0;
		f ^= sim_mix((zdp & part->zdp_shared) << 3 | sel);
		nothing = sel == M_FVC_BBOX_RSP &&
			  (zdp & part->zdp_resp) >> __ffs64(part->zdp_resp) ==
			  M_FVC_RSP_RESERVED;
	}
	cfg->filter = f | MATCH_USED;
	cfg->counting = cfg->programmed && !nothing && nhmex_running(s) &&
			(b->reg[GLOBAL_CTL][0] & BIT_ULL(n));
}

/*
 * What of an IPERF_CFG value counts: all but an EOT event of an MC that
 * encodes no class, and but new packets of no class (the class mask
 * "Anded with" the VN select; 0b11 the assumed "every VN", a stream of
 * its own here, not derived from the three VNs' counts); 0: nothing.
 * The rest of the value picks the stream, so each EOT class counts its
 * own.
 */
static u64 r_iperf_counts(u64 val)
{
	if ((val & R_IPERF_EOT) &&
	    !(XU_ASSUMED_NHMEX_R_EOT_MCS & BIT(FIELD_GET(R_IPERF_MC, val))))
		val &= ~R_IPERF_EOT;
	if (!(val & R_IPERF_NEW_PC))
		val &= ~R_IPERF_NEW;
	return val;
}

/*
 * ev_sel names a sub-register of a port of the half (6 x port + source);
 * what it counts is the value there: the two IPERF_CFGs, QLX_CFG's two
 * bytes and the two XBAR sets of one value count the same stream.  An
 * IPERF_CFG selecting nothing defined (r_iperf_counts()) counts nothing;
 * an XBAR set counts only while MM_CFG has dis 0 and mm_trig_en 1.
 * ev_sel above 0x17 selects nothing either.
 */
static void rbox_decode(struct sim_socket *s, struct sim_box *b,
			unsigned int n, struct sim_ctr_cfg *cfg)
{
	u64 ctl = b->reg[EVT_SEL][n];
	unsigned int ev = FIELD_GET(R_CTL_EV_SEL, ctl);
	unsigned int port = b->idx * NHMEX_R_PORTS / 2 + ev / 6, src = ev % 6;
	struct sim_box *p = sim_box(s, NHMEX_RPORT, port % NHMEX_R_PORTS);
	u64 mm_cfg = p->reg[src == 4 ? XBR1 : XBR2][0];
	const u64 *mm = p->reg[src == 4 ? XBR1_MM : XBR2_MM];
	bool selects = ev < 0x18;

	cfg->programmed = ctl & R_CTL_EN;
	cfg->pmi = ctl & R_CTL_PMI_EN;
	cfg->event = src & ~1;
	cfg->umask = port;
	switch (src) {
	case 0:
	case 1:
		cfg->filter = r_iperf_counts(p->reg[src == 0 ? IPERF0 : IPERF1][0]);
		selects &= !!cfg->filter;
		break;
	case 2:
	case 3:
		cfg->filter = (p->reg[QLX][0] >> (8 * (src - 2))) & 0xff;
		break;
	default:
		cfg->filter = match_filter(mm_cfg ^ sim_mix(mm[0]), mm[1]);
		selects &= !(mm_cfg & R_XBR_MM_DIS) && (mm_cfg & R_XBR_MM_TRIG_EN);
		break;
	}
	cfg->filter |= MATCH_USED;
	cfg->counting = cfg->programmed && selects && nhmex_running(s) &&
			(b->reg[GLOBAL_CTL][0] & BIT_ULL(n));
}

static void wfix_decode(struct sim_socket *s, struct sim_box *b,
			unsigned int n, struct sim_ctr_cfg *cfg)
{
	u64 wctl = sim_box(s, NHMEX_WBOX, 0)->reg[GLOBAL_CTL][0];

	cfg->programmed = b->reg[FIX_CTL][0] & W_FIX_CTL_EN;
	cfg->counting = cfg->programmed && nhmex_running(s) &&
			(wctl & W_FIXED);
}

/* one uncore clock a cycle */
static bool wfix_pattern(struct sim_socket *s, struct sim_box *b,
			 unsigned int n, const struct sim_ctr_cfg *cfg,
			 struct sim_pattern *pat)
{
	pat->len = 1;
	pat->p[0] = 1;
	return true;
}

static void ubox_overflow(struct sim_socket *s, struct sim_box *b,
			  unsigned int n)
{
	b->reg[GLOBAL_STATUS][0] |= U_ST_OV_U;
}

static void box_overflow(struct sim_socket *s, struct sim_box *b,
			 unsigned int n)
{
	b->reg[GLOBAL_STATUS][0] |= BIT_ULL(n);
}

static void wfix_overflow(struct sim_socket *s, struct sim_box *b,
			  unsigned int n)
{
	sim_box(s, NHMEX_WBOX, 0)->reg[GLOBAL_STATUS][0] |= W_FIXED;
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

#define CBOX_TYPE(_n)							\
	.name = "cbox", .space = SIM_MSR,				\
	.nboxes = _n, .base = cbox_base,				\
	.regs = cbox_regs, .nregs = ARRAY_SIZE(cbox_regs),		\
	.nctrs = NHMEX_CTRS, .ctr_width = 48, .ctl_reg = EVT_SEL, .ctr_reg = CTR, \
	.events = cbox_events, .nevents = ARRAY_SIZE(cbox_events),	\
	.decode = cbox_decode, .overflow = box_overflow

static const struct sim_box_type nhmex_cbox = { CBOX_TYPE(NHMEX_CBOXES) };
static const struct sim_box_type wsmex_cbox = { CBOX_TYPE(WSMEX_CBOXES) };

static const struct sim_box_type nhmex_sbox = {
	.name = "sbox", .space = SIM_MSR,
	.nboxes = ARRAY_SIZE(sbox_base), .base = sbox_base,
	.regs = sbox_regs, .nregs = ARRAY_SIZE(sbox_regs),
	.nctrs = NHMEX_S_CTRS, .ctr_width = 48, .ctl_reg = EVT_SEL, .ctr_reg = CTR,
	.events = sbox_events, .nevents = ARRAY_SIZE(sbox_events),
	.decode = sbox_decode, .overflow = box_overflow,
};

static const struct sim_box_type nhmex_smatch = {
	.name = "smatch", .space = SIM_MSR,
	.nboxes = ARRAY_SIZE(smatch_base), .base = smatch_base,
	.regs = smatch_regs, .nregs = ARRAY_SIZE(smatch_regs),
};

static const struct sim_box_type nhmex_bbox = {
	.name = "bbox", .space = SIM_MSR,
	.nboxes = ARRAY_SIZE(bbox_base), .base = bbox_base,
	.regs = bbox_regs, .nregs = ARRAY_SIZE(bbox_regs),
	.nctrs = NHMEX_B_CTRS, .ctr_width = 48, .ctl_reg = EVT_SEL, .ctr_reg = CTR,
	.events = bbox_events, .nevents = ARRAY_SIZE(bbox_events),
	.decode = bbox_decode, .overflow = box_overflow,
};

static const struct sim_box_type nhmex_bmatch = {
	.name = "bmatch", .space = SIM_MSR,
	.nboxes = ARRAY_SIZE(bmatch_base), .base = bmatch_base,
	.regs = bmatch_regs, .nregs = ARRAY_SIZE(bmatch_regs),
};

#define MBOX_TYPE(_part)						\
	.name = "mbox", .space = SIM_MSR,				\
	.nboxes = ARRAY_SIZE(mbox_base), .base = mbox_base,		\
	.regs = mbox_regs, .nregs = ARRAY_SIZE(mbox_regs),		\
	.nctrs = NHMEX_M_CTRS, .ctr_width = 48, .ctl_reg = EVT_SEL, .ctr_reg = CTR, \
	.events = mbox_events, .nevents = ARRAY_SIZE(mbox_events),	\
	.decode = mbox_decode, .overflow = box_overflow,		\
	.priv = _part

static const struct sim_box_type nhmex_mbox = { MBOX_TYPE(&nhmex_mbox_part) };
static const struct sim_box_type wsmex_mbox = { MBOX_TYPE(&wsmex_mbox_part) };

static const struct sim_box_type nhmex_mmatch = {
	.name = "mmatch", .space = SIM_MSR,
	.nboxes = ARRAY_SIZE(mmatch_base), .base = mmatch_base,
	.regs = mmatch_regs, .nregs = ARRAY_SIZE(mmatch_regs),
};

static const struct sim_box_type nhmex_rbox = {
	.name = "rbox", .space = SIM_MSR,
	.nboxes = ARRAY_SIZE(rbox_base), .base = rbox_base,
	.regs = rbox_regs, .nregs = ARRAY_SIZE(rbox_regs),
	.nctrs = NHMEX_R_CTRS, .ctr_width = 48, .ctl_reg = EVT_SEL, .ctr_reg = CTR,
	.events = rbox_events, .nevents = ARRAY_SIZE(rbox_events),
	.decode = rbox_decode, .overflow = box_overflow,
};

static const struct sim_box_type nhmex_rport = {
	.name = "rport", .space = SIM_MSR,
	.nboxes = NHMEX_R_PORTS, .base = rport_iperf0,
	.regs = rport_regs, .nregs = ARRAY_SIZE(rport_regs),
};

static const struct sim_box_type nhmex_wbox = {
	.name = "wbox", .space = SIM_MSR,
	.nboxes = ARRAY_SIZE(wbox_base), .base = wbox_base,
	.regs = wbox_regs, .nregs = ARRAY_SIZE(wbox_regs),
	.nctrs = NHMEX_W_CTRS, .ctr_width = 48, .ctl_reg = EVT_SEL, .ctr_reg = CTR,
	.events = wbox_events, .nevents = ARRAY_SIZE(wbox_events),
	.decode = cbox_decode, .overflow = box_overflow,
};

static const struct sim_box_type nhmex_wfix = {
	.name = "wfix", .space = SIM_MSR,
	.nboxes = ARRAY_SIZE(wfix_base), .base = wfix_base,
	.regs = wfix_regs, .nregs = ARRAY_SIZE(wfix_regs),
	.nctrs = 1, .ctr_width = 48, .ctl_reg = FIX_CTL, .ctr_reg = FIX_CTR,
	.decode = wfix_decode, .overflow = wfix_overflow,
	.pattern = wfix_pattern, .max_inc = 1,
};

static const struct sim_box_type *const nhmex_types[] = {
	[NHMEX_UBOX] = &nhmex_ubox,
	[NHMEX_CBOX] = &nhmex_cbox,
	[NHMEX_SBOX] = &nhmex_sbox,
	[NHMEX_SMATCH] = &nhmex_smatch,
	[NHMEX_BBOX] = &nhmex_bbox,
	[NHMEX_BMATCH] = &nhmex_bmatch,
	[NHMEX_MBOX] = &nhmex_mbox,
	[NHMEX_MMATCH] = &nhmex_mmatch,
	[NHMEX_RBOX] = &nhmex_rbox,
	[NHMEX_RPORT] = &nhmex_rport,
	[NHMEX_WBOX] = &nhmex_wbox,
	[NHMEX_WFIX] = &nhmex_wfix,
};

/* The E7 (Westmere-EX): 10 C-boxes, ZDP_CTL_FVC a bit higher. */
static const struct sim_box_type *const wsmex_types[] = {
	[NHMEX_UBOX] = &nhmex_ubox,
	[NHMEX_CBOX] = &wsmex_cbox,
	[NHMEX_SBOX] = &nhmex_sbox,
	[NHMEX_SMATCH] = &nhmex_smatch,
	[NHMEX_BBOX] = &nhmex_bbox,
	[NHMEX_BMATCH] = &nhmex_bmatch,
	[NHMEX_MBOX] = &wsmex_mbox,
	[NHMEX_MMATCH] = &nhmex_mmatch,
	[NHMEX_RBOX] = &nhmex_rbox,
	[NHMEX_RPORT] = &nhmex_rport,
	[NHMEX_WBOX] = &nhmex_wbox,
	[NHMEX_WFIX] = &nhmex_wfix,
};

const struct sim_platform sim_nhmex_platform = {
	.name = "nhmex",
	.types = nhmex_types,
	.ntypes = ARRAY_SIZE(nhmex_types),
	.pmi = nhmex_pmi,
	.pmi_sel = nhmex_pmi_sel,
	.frozen = nhmex_frozen,
};
EXPORT_SYMBOL_IF_KUNIT(sim_nhmex_platform);

const struct sim_platform sim_wsmex_platform = {
	.name = "wsmex",
	.types = wsmex_types,
	.ntypes = ARRAY_SIZE(wsmex_types),
	.pmi = nhmex_pmi,
	.pmi_sel = nhmex_pmi_sel,
	.frozen = nhmex_frozen,
};
EXPORT_SYMBOL_IF_KUNIT(sim_wsmex_platform);
