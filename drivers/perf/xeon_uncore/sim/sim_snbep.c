// SPDX-License-Identifier: GPL-2.0
/*
 * Xeon E5-2600 (Sandy Bridge-EP, family 6 model 0x2d) uncore, after the
 * register tables of the E5-2600 Uncore Performance Monitoring Guide
 * (327043-001).  MSR boxes: U-box with its UCLK fixed counter, eight
 * C-boxes, the PCU and its C3/C6 residency counters.  PCI boxes, in the
 * functions of the socket's uncore bus (served by sim_pci.c): HA, four iMC
 * channels with their DCLK fixed counters, two QPI ports with their
 * match/mask functions, R2PCIe, two R3QPI links, and the U-box function
 * whose node-ID registers map a bus to its socket.  Where the guide is
 * silent or disagrees with upstream Linux, the choice is written at the
 * row concerned.
 *
 * The part has no overflow status or interrupt: counters wrap silently.
 * Box control registers are write-only, as the guide says: reading one is
 * a violation even though upstream Linux read-modify-writes them.
 *
 * Filters: the fields of a C-box FILTER, the PCU band of a FREQ_BAND event
 * and the QPI match/mask that an event uses are part of what selects its
 * pattern (sim_ctr_cfg.filter), so each value gives its own deterministic
 * count.  Fixed counters count exactly one per cycle while enabled.
 */
#include <linux/bitfield.h>
#include <linux/bits.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/perf/xeon_uncore_assumed.h>
#include <kunit/visibility.h>

#include "sim.h"

/* Counter control (*_PMON_CTLn), generic layout and per-box extras */
#define CTL_EV_SEL		GENMASK_ULL(7, 0)
#define CTL_UMASK		GENMASK_ULL(15, 8)
#define CTL_RST			BIT_ULL(17)
#define CTL_EDGE		BIT_ULL(18)
#define CTL_TID_EN		BIT_ULL(19)	/* C-box */
#define CTL_EV_SEL_EXT		BIT_ULL(21)	/* QPI, PCU */
#define CTL_EN			BIT_ULL(22)
#define CTL_INVERT		BIT_ULL(23)
#define CTL_THRESH		GENMASK_ULL(31, 24)
#define CTL_THRESH5		GENMASK_ULL(28, 24)	/* U-box, PCU */
#define PCU_OCC_SEL		GENMASK_ULL(15, 14)
#define PCU_OCC_INVERT		BIT_ULL(30)
#define PCU_OCC_EDGE		BIT_ULL(31)
#define MSR_HIGH		GENMASK_ULL(63, 32)

/* Box control (*_PMON_BOX_CTL) */
#define BOX_RST_CTRL		BIT_ULL(0)
#define BOX_RST_CTRS		BIT_ULL(1)
#define BOX_FRZ			BIT_ULL(8)
#define BOX_FRZ_EN		BIT_ULL(16)
#define BOX_RSV			(GENMASK_ULL(31, 0) & ~(BOX_RST_CTRL | \
				 BOX_RST_CTRS | BOX_FRZ | BOX_FRZ_EN))

/* C-box FILTER */
#define CF_TID			GENMASK_ULL(4, 0)
#define CF_NID			GENMASK_ULL(17, 10)
#define CF_STATE		GENMASK_ULL(22, 18)
#define CF_OPC			GENMASK_ULL(31, 23)
#define CF_RSV			(GENMASK_ULL(9, 5) | MSR_HIGH)
#define CBOX_UMASK_NID		0x40
#define CBOX_UMASK_OPC		0x01	/* TOR_*: the OPCODE sub-events */

/* C-box events that use a FILTER field besides tid */
#define EV_LLC_LOOKUP		0x34
#define EV_TOR_INSERTS		0x35
#define EV_TOR_OCCUPANCY	0x36
#define EV_LLC_VICTIMS		0x37

/* PCU events */
#define EV_FREQ_BAND0		0x0b
#define EV_FREQ_BAND3		0x0e
#define PCU_EV_OCC		0x80	/* ev_sel bit 7: occupancy events */

/* QPI: CTO_COUNT counts the packets the match/mask registers select */
#define EV_QPI_CTO		0x138

/* Marks a filter value as present, so that a value of 0 counts its own way. */
#define FILTER_USED		BIT_ULL(63)

/* Box types of both parts, in this order; the E5-2600 v2 adds the IRP. */
enum {
	SNBEP_UBOX, SNBEP_UCLK, SNBEP_CBOX, SNBEP_PCU, SNBEP_CSTATE,
	SNBEP_HA, SNBEP_IMC, SNBEP_DCLK, SNBEP_QPI, SNBEP_QPI_MM,
	SNBEP_R2PCIE, SNBEP_R3QPI, SNBEP_UNODE, IVBEP_IRP,
};

/*
 * Rows of the boxes with a box control: box control, counter controls,
 * counters, then the box's extra registers.
 */
enum { R_BOX, R_CTL, R_CTR, R_X0, R_X1, R_X2, R_X3 };

/*
 * Rows of the U-box, the fixed counters and the C-state counters; the
 * E5-2600 v2's U-box also has the global registers and its status.
 */
enum { F_CTL, F_CTR, U_GCTL, U_GST, U_GCFG, U_BST };

/* Rows of a QPI match/mask function */
enum { MM_MATCH0, MM_MATCH1, MM_MASK0, MM_MASK1 };

#define SNBEP_CBOXES		8

/*
 * E5-2600 v2: where a box type's overflows show (its priv; the E5-2600's
 * types have none).  Counter n of a box sets bit bit0 + n of the status
 * row of the same-numbered box of type status_tidx (itself, or the iMC
 * channel for its DCLK counter, the U-box for UCLK), and the summary bits
 * in U_MSR_PMON_GLOBAL_STATUS.  The summary layout is not in the guide:
 * it is the shared assumption (xeon_uncore_assumed.h).
 */
struct ivbep_ovf {
	u8 status_tidx;
	u8 status_row;
	u8 bit0;
	u64 summary;
	const u64 *summary_box;	/* per box, when they differ */
};

/* U_MSR_PMON_GLOBAL_CTL */
#define IVBEP_G_CORE_SEL	GENMASK_ULL(14, 0)
#define IVBEP_G_UNFRZ_ALL	BIT_ULL(29)
#define IVBEP_G_WK_ON_PMI	BIT_ULL(30)
#define IVBEP_G_FRZ_ALL		BIT_ULL(31)
#define IVBEP_G_RSV		(GENMASK_ULL(28, 15) | MSR_HIGH)
#define CTL_OV_EN		BIT_ULL(20)
#define IVBEP_FROZEN		BIT_ULL(0)	/* U-box state: frz_all in effect */

/* ---- Behaviour --------------------------------------------------------- */

static struct sim_box *ubox_of(struct sim_socket *s)
{
	return sim_box(s, SNBEP_UBOX, 0);
}

/* E5-2600 v2: every counter stops while the uncore is frozen. */
static bool global_frozen(struct sim_socket *s, const struct sim_box *b)
{
	return b->type->priv && (ubox_of(s)->state & IVBEP_FROZEN);
}

/* The E5-2600 freezes a box with frz and frz_en, the v2 with frz alone. */
static bool box_frozen(struct sim_socket *s, const struct sim_box *b)
{
	u64 ctl = b->reg[R_BOX][0];

	if (b->type->priv)
		return (ctl & BOX_FRZ) || global_frozen(s, b);
	return (ctl & BOX_FRZ) && (ctl & BOX_FRZ_EN);
}

/*
 * rst_ctrl and rst_ctrs act once and read back 0 (the register is
 * write-only anyway); frz and frz_en are held.  In the iMC both reset bits
 * are reserved, so the engine has dropped them before this runs.
 */
static const char *box_ctl_write(struct sim_socket *s, struct sim_box *b,
				 unsigned int n, u64 val)
{
	const struct sim_box_type *t = b->type;
	unsigned int i;

	for (i = 0; i < t->nctrs; i++) {
		if (val & BOX_RST_CTRL)
			b->reg[t->ctl_reg][i] = 0;
		if (val & BOX_RST_CTRS)
			b->reg[t->ctr_reg][i] = 0;
	}
	b->reg[R_BOX][0] = val & (BOX_FRZ | BOX_FRZ_EN);
	return NULL;
}

/*
 * edge_det and invert act on the threshold comparison's result: each "is
 * in series following .thresh, Due to this, the .thresh field must be
 * set to a non-0 value" (the R3QPI control's table; every box's, on both
 * parts, is the shared assumption).  Without a threshold they have
 * nothing to act on, and the counter counts nothing.
 */
static bool ctl_conditioned(const struct sim_ctr_cfg *cfg)
{
	return cfg->thresh || !(cfg->edge || cfg->invert);
}

/*
 * rst (bit 17, where the box has it: elsewhere it is reserved) clears.
 * Enabling edge_det or invert without a threshold is a violation.
 */
static const char *ctl_write(struct sim_socket *s, struct sim_box *b,
			     unsigned int n, u64 val)
{
	const struct sim_box_type *t = b->type;
	struct sim_ctr_cfg cfg = {};

	if (val & CTL_RST)
		b->reg[t->ctr_reg][n] = 0;
	b->reg[t->ctl_reg][n] = val & ~CTL_RST;
	t->decode(s, b, n, &cfg);
	if (cfg.programmed && !ctl_conditioned(&cfg))
		return "edge_det or invert enabled without a threshold";
	return NULL;
}

static void decode_ctl(u64 ctl, bool thresh5, struct sim_ctr_cfg *cfg)
{
	cfg->ctl = ctl;
	cfg->programmed = ctl & CTL_EN;
	cfg->pmi = ctl & CTL_OV_EN;	/* reserved, hence never set, on the E5-2600 */
	cfg->edge = ctl & CTL_EDGE;
	cfg->invert = ctl & CTL_INVERT;
	if (thresh5)
		cfg->thresh = FIELD_GET(CTL_THRESH5, ctl);
	else
		cfg->thresh = FIELD_GET(CTL_THRESH, ctl);
	cfg->umask = FIELD_GET(CTL_UMASK, ctl);
	cfg->event = FIELD_GET(CTL_EV_SEL, ctl);
	if (ctl & CTL_EV_SEL_EXT)
		cfg->event |= 0x100;
}

/* Boxes with a box control, no filter: HA, iMC, QPI without match. */
static void boxed_decode(struct sim_socket *s, struct sim_box *b,
			 unsigned int n, struct sim_ctr_cfg *cfg)
{
	decode_ctl(b->reg[R_CTL][n], false, cfg);
	cfg->counting = cfg->programmed && ctl_conditioned(cfg) && !box_frozen(s, b);
}

/* The U-box has no box control: a counter runs while its en is set. */
static void ubox_decode(struct sim_socket *s, struct sim_box *b,
			unsigned int n, struct sim_ctr_cfg *cfg)
{
	decode_ctl(b->reg[F_CTL][n], true, cfg);
	cfg->counting = cfg->programmed && ctl_conditioned(cfg) && !global_frozen(s, b);
}

/*
 * The FILTER fields an event uses (guide 2.3.5 and the event list of
 * 2.3.6): tid with tid_en; state for every LLC_LOOKUP sub-event; opc for
 * the OPCODE sub-events (umask bit 0) of the TOR events; nid for the TOR
 * and LLC events whose umask has the NID bit.  The others do not look at
 * the filter.
 */
static void cbox_decode(struct sim_socket *s, struct sim_box *b,
			unsigned int n, struct sim_ctr_cfg *cfg)
{
	u64 filter = b->reg[R_X0][0], used = 0;

	boxed_decode(s, b, n, cfg);
	if (cfg->ctl & CTL_TID_EN)
		used |= CF_TID;
	switch (cfg->event) {
	case EV_LLC_LOOKUP:
		used |= CF_STATE;
		break;
	case EV_TOR_INSERTS:
	case EV_TOR_OCCUPANCY:
		if (cfg->umask & CBOX_UMASK_OPC)
			used |= CF_OPC;
		break;
	}
	if (cfg->event >= EV_LLC_LOOKUP && cfg->event <= EV_LLC_VICTIMS &&
	    (cfg->umask & CBOX_UMASK_NID))
		used |= CF_NID;
	if (used)
		cfg->filter = FILTER_USED | (filter & used);
}

/*
 * No umask: occ_sel (15:14) picks the occupancy sub-counter and stands in
 * the umask slot of the pattern key; occ_invert and occ_edge are taken as
 * filter bits of the occupancy events, on which they act "instead of the
 * generic invert/edge": those do not act there.  FREQ_BAND0..3 use band
 * 0..3.
 */
static void pcu_decode(struct sim_socket *s, struct sim_box *b,
		       unsigned int n, struct sim_ctr_cfg *cfg)
{
	u64 ctl = b->reg[R_CTL][n];

	decode_ctl(ctl, true, cfg);
	if ((cfg->event & PCU_EV_OCC) && !(cfg->event & 0x100)) {
		cfg->edge = false;
		cfg->invert = false;
	}
	cfg->counting = cfg->programmed && ctl_conditioned(cfg) && !box_frozen(s, b);
	cfg->umask = FIELD_GET(PCU_OCC_SEL, ctl);
	if (cfg->event >= EV_FREQ_BAND0 && cfg->event <= EV_FREQ_BAND3)
		cfg->filter = FILTER_USED |
			      ((b->reg[R_X0][0] >>
				(8 * (cfg->event - EV_FREQ_BAND0))) & 0xff);
	else if ((cfg->event & PCU_EV_OCC) && (cfg->event & 0x100) == 0)
		cfg->filter = ctl & (PCU_OCC_INVERT | PCU_OCC_EDGE);
}

/*
 * CTO_COUNT counts the packets the port's match/mask registers select:
 * only the match bits under the mask matter, so they and the mask are the
 * filter.
 */
static void qpi_decode(struct sim_socket *s, struct sim_box *b,
		       unsigned int n, struct sim_ctr_cfg *cfg)
{
	const struct sim_box *mm;
	u64 m0, m1, k0, k1;

	boxed_decode(s, b, n, cfg);
	/* the E5-2600 v2's port 2 has no match/mask function: all packets */
	if (b->idx >= s->sim->plat->types[SNBEP_QPI_MM]->nboxes) {
		if (cfg->event == EV_QPI_CTO)
			cfg->filter = FILTER_USED;
		return;
	}
	mm = sim_box(s, SNBEP_QPI_MM, b->idx);
	m0 = mm->reg[MM_MATCH0][0];
	m1 = mm->reg[MM_MATCH1][0];
	k0 = mm->reg[MM_MASK0][0];
	k1 = mm->reg[MM_MASK1][0];
	if (cfg->event == EV_QPI_CTO)
		cfg->filter = FILTER_USED |
			      (sim_mix((m0 & k0) | k0 << 32) ^
			       ((m1 & k1) | k1 << 32));
}

/* UCLK: its own enable (and on the v2, ov_en and the global freeze). */
static void uclk_decode(struct sim_socket *s, struct sim_box *b,
			unsigned int n, struct sim_ctr_cfg *cfg)
{
	cfg->ctl = b->reg[F_CTL][0];
	cfg->programmed = cfg->ctl & CTL_EN;
	cfg->pmi = cfg->ctl & CTL_OV_EN;
	cfg->counting = cfg->programmed && !global_frozen(s, b);
}

/* DCLK: its enable, and the freeze of its iMC channel's box. */
static void dclk_decode(struct sim_socket *s, struct sim_box *b,
			unsigned int n, struct sim_ctr_cfg *cfg)
{
	uclk_decode(s, b, n, cfg);
	cfg->counting = cfg->programmed &&
			!box_frozen(s, sim_box(s, SNBEP_IMC, b->idx));
}

/* Free-running: always counting; counter n is C3 (0) or C6 (1). */
static void cstate_decode(struct sim_socket *s, struct sim_box *b,
			  unsigned int n, struct sim_ctr_cfg *cfg)
{
	cfg->programmed = true;
	cfg->counting = true;
	cfg->event = n;
}

/* Fixed counters: one per cycle. */
static bool fixed_pattern(struct sim_socket *s, struct sim_box *b,
			  unsigned int n, const struct sim_ctr_cfg *cfg,
			  struct sim_pattern *pat)
{
	pat->len = 1;
	pat->p[0] = 1;
	return true;
}

/* C3/C6 residency: cycles with some core in that state, at most 1. */
static bool cstate_pattern(struct sim_socket *s, struct sim_box *b,
			   unsigned int n, const struct sim_ctr_cfg *cfg,
			   struct sim_pattern *pat)
{
	sim_pattern_default(pat, b->type->name, b->idx, n, 0, 0, 1);
	return true;
}

/* No overflow status or interrupt on this part: counters just wrap. */
static void snbep_overflow(struct sim_socket *s, struct sim_box *b,
			   unsigned int n)
{
}

static u32 snbep_pmi(struct sim_socket *s)
{
	return 0;
}

/*
 * CPUNODEID (0x40): the socket's node ID in bits 2:0.  GIDNIDMAP (0x54):
 * 3 bits per node giving its node ID; the model numbers nodes like
 * sockets, so node i's field holds i and the node-ID search finds the
 * socket.
 */
static u64 unode_read(struct sim_socket *s, struct sim_box *b, unsigned int n)
{
	unsigned int i;
	u64 map = 0;

	if (n == 0)
		return s->id & 7;
	for (i = 0; i < 8; i++)
		map |= (u64)i << (3 * i);
	return map;
}

/* ---- Register tables --------------------------------------------------- */

/*
 * Reserved bits of each box's counter controls (32 significant bits; the
 * MSR ones also reserve 63:32).  rst (17) is taken as present wherever the
 * guide's per-box table does not reserve it, i.e. everywhere but the HA
 * and iMC (for the C-box and U-box the guide leaves it open).  Bit 21 is
 * ev_sel_ext in the QPI and, as perf's jaketown events use it, the PCU
 * and the U-box (PHOLD_CYCLES, RACU_REQUESTS, MSG_CHNL_SIZE_COUNT are
 * ExtSel events there, 0x145-0x147).
 */
#define RSV_COMMON		(BIT_ULL(16) | BIT_ULL(20))
#define UBOX_CTL_RSV		(RSV_COMMON | CTL_TID_EN | \
				 GENMASK_ULL(31, 29) | MSR_HIGH)
#define CBOX_CTL_RSV		(RSV_COMMON | CTL_EV_SEL_EXT | MSR_HIGH)
#define PCU_CTL_RSV		(RSV_COMMON | GENMASK_ULL(13, 8) | CTL_TID_EN | \
				 BIT_ULL(29) | MSR_HIGH)
#define HA_CTL_RSV		(RSV_COMMON | CTL_RST | CTL_TID_EN | \
				 CTL_EV_SEL_EXT)
#define IMC_CTL_RSV		HA_CTL_RSV
#define QPI_CTL_RSV		(RSV_COMMON | CTL_TID_EN)
#define R2_CTL_RSV		(RSV_COMMON | CTL_TID_EN | CTL_EV_SEL_EXT)

#define BOX_CTL_ROW(o, w, r) {						\
	.name = "PMON_BOX_CTL", .offset = o, .count = 1, .width = w,	\
	.access = SIM_WO, .rsv = r, .write = box_ctl_write,		\
}

#define CTL_ROW(o, c, s, w, r) {					\
	.name = "PMON_CTL", .offset = o, .count = c, .stride = s,	\
	.width = w, .access = SIM_RW, .rsv = r, .write = ctl_write,	\
}

#define CTR_ROW(o, c, s, w) {						\
	.name = "PMON_CTR", .offset = o, .count = c, .stride = s,	\
	.width = w, .access = SIM_RW,					\
}

#define PLAIN_ROW(nm, o, w, r) {					\
	.name = nm, .offset = o, .count = 1, .width = w,		\
	.access = SIM_RW, .rsv = r,					\
}

/* U-box: 0xc10/0xc11 controls, 0xc16/0xc17 counters, 44 bits. */
static const u32 ubox_base[] = { 0xc00 };

static const struct sim_reg ubox_regs[] = {
	[F_CTL] = CTL_ROW(0x10, 2, 1, 64, UBOX_CTL_RSV),
	[F_CTR] = CTR_ROW(0x16, 2, 1, 44),
};

/*
 * UCLK fixed counter: control 0xc08 (en, bit 22; all else reserved),
 * counter 0xc09.  The guide calls it 48-bit but its field table shows
 * 43:0; 48 bits are modelled, as upstream Linux uses.
 */
static const u32 uclk_base[] = { 0xc08 };

static const struct sim_reg uclk_regs[] = {
	[F_CTL] = PLAIN_ROW("U_MSR_PMON_UCLK_FIXED_CTL", 0x0, 64, ~CTL_EN),
	[F_CTR] = CTR_ROW(0x1, 1, 1, 48),
};

/* C-box n: box control 0xd04 + 0x20n, controls 0xd10.., filter, counters. */
static const u32 cbox_base[SNBEP_CBOXES] = {
	0xd00, 0xd20, 0xd40, 0xd60, 0xd80, 0xda0, 0xdc0, 0xde0,
};

static const struct sim_reg cbox_regs[] = {
	[R_BOX] = BOX_CTL_ROW(0x4, 64, BOX_RSV | MSR_HIGH),
	[R_CTL] = CTL_ROW(0x10, 4, 1, 64, CBOX_CTL_RSV),
	[R_CTR] = CTR_ROW(0x16, 4, 1, 44),
	[R_X0] = PLAIN_ROW("Cn_MSR_PMON_BOX_FILTER", 0x14, 64, CF_RSV),
};

/* PCU: box control 0xc24, controls 0xc30.., filter 0xc34, counters 0xc36... */
static const u32 pcu_base[] = { 0xc20 };

static const struct sim_reg pcu_regs[] = {
	[R_BOX] = BOX_CTL_ROW(0x4, 64, BOX_RSV | MSR_HIGH),
	[R_CTL] = CTL_ROW(0x10, 4, 1, 64, PCU_CTL_RSV),
	[R_CTR] = CTR_ROW(0x16, 4, 1, 48),
	[R_X0] = PLAIN_ROW("PCU_MSR_PMON_BOX_FILTER", 0x14, 64, MSR_HIGH),
};

/*
 * PCU_MSR_CORE_C3_CTR / C6_CTR (0x3fc, 0x3fd): free-running 64-bit
 * counters, read-only.  The engine keeps counts below 2^63, which no run
 * reaches.
 */
static const u32 cstate_base[] = { 0x3fc };

static const struct sim_reg cstate_regs[] = {
	[F_CTL] = {
		.name = "PCU_MSR_CORE_CX_CTR", .offset = 0x0, .count = 2,
		.stride = 1, .width = 64, .access = SIM_RO,
	},
};

#define PCI_FN(dev, fn)		SIM_PCI_ADDR(dev, fn, 0)

/* PCI boxes: counters 0xa0.. (two dwords each), controls 0xd8.., box 0xf4. */
#define PCI_BOX(r)	BOX_CTL_ROW(0xf4, 32, r)
#define PCI_CTL(n, r)	CTL_ROW(0xd8, n, 4, 32, r)
#define PCI_CTR(n, w)	CTR_ROW(0xa0, n, 8, w)

/* HA (14:1) and its address/opcode match registers (no effect modelled). */
static const u32 ha_base[] = { PCI_FN(14, 1) };

static const u16 ha_devid[] = { 0x3c46 };

static const struct sim_reg ha_regs[] = {
	[R_BOX] = PCI_BOX(BOX_RSV),
	[R_CTL] = PCI_CTL(4, HA_CTL_RSV),
	[R_CTR] = PCI_CTR(4, 48),
	[R_X0] = PLAIN_ROW("HA_PCI_PMON_BOX_ADDRMATCH0", 0x40, 32,
			   GENMASK_ULL(5, 0)),
	[R_X1] = PLAIN_ROW("HA_PCI_PMON_BOX_ADDRMATCH1", 0x44, 32,
			   GENMASK_ULL(31, 14)),
	[R_X2] = PLAIN_ROW("HA_PCI_PMON_BOX_OPCODEMATCH", 0x48, 32,
			   GENMASK_ULL(31, 6)),
};

/*
 * iMC channels 0-3 (16:0, 16:1, 16:4, 16:5).  The guide's table reserves
 * bits 1:0 of the iMC box control (only frz and frz_en): upstream Linux
 * writes rst_ctrl|rst_ctrs|frz_en there as everywhere, which the model
 * records as reserved bits set and ignores.
 */
static const u32 imc_base[] = {
	PCI_FN(16, 0), PCI_FN(16, 1), PCI_FN(16, 4), PCI_FN(16, 5),
};

static const u16 imc_devid[] = { 0x3cb0, 0x3cb1, 0x3cb4, 0x3cb5 };

static const struct sim_reg imc_regs[] = {
	[R_BOX] = PCI_BOX(BOX_RSV | BOX_RST_CTRL | BOX_RST_CTRS),
	[R_CTL] = PCI_CTL(4, IMC_CTL_RSV),
	[R_CTR] = PCI_CTR(4, 48),
};

/*
 * DCLK fixed counter of each iMC channel, in the channel's function:
 * control 0xf0 (en, bit 22, per upstream; all else taken as reserved),
 * counter 0xd0.  It obeys its channel's box freeze.
 */
static const struct sim_reg dclk_regs[] = {
	[F_CTL] = PLAIN_ROW("MC_CHy_PCI_PMON_FIXED_CTL", 0xf0, 32,
			    GENMASK_ULL(31, 0) & ~CTL_EN),
	[F_CTR] = CTR_ROW(0xd0, 1, 8, 48),
};

/* QPI ports 0 and 1 (8:2, 9:2). */
static const u32 qpi_base[] = { PCI_FN(8, 2), PCI_FN(9, 2) };

static const u16 qpi_devid[] = { 0x3c41, 0x3c42 };

static const struct sim_reg qpi_regs[] = {
	[R_BOX] = PCI_BOX(BOX_RSV),
	[R_CTL] = PCI_CTL(4, QPI_CTL_RSV),
	[R_CTR] = PCI_CTR(4, 48),
};

/* Their packet match/mask functions (8:6, 9:6). */
static const u32 qpi_mm_base[] = { PCI_FN(8, 6), PCI_FN(9, 6) };

static const u16 qpi_mm_devid[] = { 0x3c86, 0x3c96 };

#define QPI_M0_RSV	(GENMASK_ULL(2, 0) | GENMASK_ULL(30, 18))
#define QPI_M1_RSV	(GENMASK_ULL(31, 20) | GENMASK_ULL(15, 4))

static const struct sim_reg qpi_mm_regs[] = {
	[MM_MATCH0] = PLAIN_ROW("Q_Py_PCI_PMON_PKT_MATCH0", 0x228, 32,
				QPI_M0_RSV),
	[MM_MATCH1] = PLAIN_ROW("Q_Py_PCI_PMON_PKT_MATCH1", 0x22c, 32,
				QPI_M1_RSV),
	[MM_MASK0] = PLAIN_ROW("Q_Py_PCI_PMON_PKT_MASK0", 0x238, 32,
			       QPI_M0_RSV),
	[MM_MASK1] = PLAIN_ROW("Q_Py_PCI_PMON_PKT_MASK1", 0x23c, 32,
			       QPI_M1_RSV),
};

/* R2PCIe (19:1), 44-bit counters. */
static const u32 r2pcie_base[] = { PCI_FN(19, 1) };

static const u16 r2pcie_devid[] = { 0x3c43 };

static const struct sim_reg r2pcie_regs[] = {
	[R_BOX] = PCI_BOX(BOX_RSV),
	[R_CTL] = PCI_CTL(4, R2_CTL_RSV),
	[R_CTR] = PCI_CTR(4, 44),
};

/* R3QPI links 0 and 1 (19:5, 19:6): three 44-bit counters. */
static const u32 r3qpi_base[] = { PCI_FN(19, 5), PCI_FN(19, 6) };

static const u16 r3qpi_devid[] = { 0x3c44, 0x3c45 };

static const struct sim_reg r3qpi_regs[] = {
	[R_BOX] = PCI_BOX(BOX_RSV),
	[R_CTL] = PCI_CTL(3, R2_CTL_RSV),
	[R_CTR] = PCI_CTR(3, 44),
};

/*
 * The U-box function (device ID 0x3ce0): CPUNODEID at 0x40 and GIDNIDMAP
 * at 0x54, read-only to software.  Upstream Linux finds it by device ID
 * alone (snbep_uncore_pci_init() passes 0x3ce0 to
 * snbep_pci2phy_map_init(), which walks pci_get_device()), so its place
 * does not matter to it; 11:0 is the datasheet's U-box device.
 */
static const u32 unode_base[] = { PCI_FN(11, 0) };

static const u16 unode_devid[] = { 0x3ce0 };

static const struct sim_reg unode_regs[] = {
	{
		.name = "CPUNODEID/GIDNIDMAP", .offset = 0x40, .count = 2,
		.stride = 0x14, .width = 32, .access = SIM_RO,
		.read = unode_read,
	},
};

/* ---- Events ------------------------------------------------------------ */

/*
 * Codes from perf's jaketown (E5-2600) and ivytown (E5-2600 v2) lists
 * (ExtSel as code + 0x100), one name per code, one table per box type for
 * both parts: EV rows are in both lists, EV_SNB and EV_IVB rows in one
 * (a box type's .part picks them).  Rows marked PFM are codes the perf
 * lists lack and libpfm4's tables of the guides name (intel_snbep_unc_* /
 * intel_ivbep_unc_*; upstream's constraint tables schedule them too).
 * Maximum increments: neither list has any;
 * 1 is used, 20 for queue occupancies (the TOR's depth), the core count for
 * the PCU's POWER_STATE_OCCUPANCY, and 2 for QPI CTO_COUNT ("both slots").
 * The PFM rows' maxima are as doubtful: no source we have gives them.
 */
#define PART_SNB	BIT(0)
#define PART_IVB	BIT(1)
#define EV_ON(c, m, n, p, k)	{ .code = c, .max_inc = m, .name = n, .parts = p, .ctrs = k }
#define EV_PARTS(c, m, n, p)	EV_ON(c, m, n, p, 0)
#define EV(c, m, n)		EV_PARTS(c, m, n, 0)
#define EV_SNB(c, m, n)		EV_PARTS(c, m, n, PART_SNB)
#define EV_IVB(c, m, n)		EV_PARTS(c, m, n, PART_IVB)
#define EV_IVB_ON(c, m, n, k)	EV_ON(c, m, n, PART_IVB, k)
static const struct sim_event cbox_events[] = {
	EV(0x00, 1, "CLOCKTICKS"),
	EV(0x02, 1, "TxR_INSERTS"),
	EV(0x03, 1, "TxR_STARVED"),
	EV(0x04, 1, "TxR_ADS_USED"),		/* E5-2600: PFM */
	EV(0x05, 1, "RING_BOUNCES"),
	EV(0x07, 1, "RING_SRC_THRTL"),		/* PFM */
	EV(0x11, 20, "RxR_OCCUPANCY"),
	EV(0x12, 1, "RxR_EXT_STARVED"),
	EV(0x13, 1, "RxR_INSERTS"),
	EV(0x14, 1, "RxR_INT_STARVED"),
	EV(0x1b, 1, "RING_AD_USED"),
	EV(0x1c, 1, "RING_AK_USED"),
	EV(0x1d, 1, "RING_BL_USED"),
	EV(0x1e, 1, "RING_IV_USED"),
	EV(0x1f, 20, "COUNTER0_OCCUPANCY"),
	EV_SNB(0x21, 20, "ISMQ_DRD_MISS_OCC"),	/* PFM */
	EV(0x31, 1, "RxR_IPQ_RETRY"),
	EV(0x32, 1, "RxR_IRQ_RETRY"),
	EV(0x33, 1, "RxR_ISMQ_RETRY"),
	EV(0x34, 1, "LLC_LOOKUP"),
	EV(0x35, 1, "TOR_INSERTS"),
	EV(0x36, 20, "TOR_OCCUPANCY"),
	EV(0x37, 1, "LLC_VICTIMS"),
	EV(0x39, 1, "MISC"),
	EV_IVB(0x3c, 1, "QLRU"),
};

static const struct sim_event ha_events[] = {
	EV(0x00, 1, "CLOCKTICKS"),
	EV(0x01, 1, "REQUESTS"),
	EV_IVB(0x03, 1, "TRACKER_CYCLES_NE"),
	EV_SNB(0x06, 1, "TRACKER_INSERTS"),
	EV(0x0b, 1, "CONFLICT_CYCLES"),
	EV(0x0c, 1, "DIRECTORY_LOOKUP"),
	EV(0x0d, 1, "DIRECTORY_UPDATE"),
	EV_IVB(0x0e, 1, "TxR_AK"),
	EV_SNB(0x0e, 1, "TxR_AK_NDR"),
	EV(0x0f, 1, "TxR_AD"),
	EV(0x10, 1, "TxR_BL"),
	EV(0x11, 1, "DIRECT2CORE_COUNT"),
	EV(0x12, 1, "DIRECT2CORE_CYCLES_DISABLED"),
	EV(0x13, 1, "DIRECT2CORE_TXN_OVERRIDE"),
	EV(0x14, 1, "BYPASS_IMC"),
	EV(0x15, 1, "RPQ_CYCLES_NO_REG_CREDITS"),
	EV(0x16, 1, "RPQ_CYCLES_NO_SPEC_CREDITS"),
	EV_IVB(0x17, 1, "IMC_READS"),
	EV(0x18, 1, "WPQ_CYCLES_NO_REG_CREDITS"),
	EV(0x19, 1, "WPQ_CYCLES_NO_SPEC_CREDITS"),
	EV(0x1a, 1, "IMC_WRITES"),
	EV(0x1b, 1, "TAD_REQUESTS_G0"),
	EV(0x1c, 1, "TAD_REQUESTS_G1"),
	EV(0x1e, 1, "IMC_RETRY"),
	EV_IVB(0x21, 1, "SNOOP_RESP"),
	EV(0x22, 1, "IGR_NO_CREDIT_CYCLES"),
	EV(0x27, 1, "TxR_AD_INSERTS"),
	EV(0x28, 20, "TxR_AD_OCCUPANCY"),
	EV(0x29, 1, "TxR_AD_CYCLES_NE"),
	EV(0x2a, 1, "TxR_AD_CYCLES_FULL"),
	EV(0x2f, 1, "TxR_AK_INSERTS"),
	EV(0x30, 20, "TxR_AK_OCCUPANCY"),
	EV(0x31, 1, "TxR_AK_CYCLES_NE"),
	EV(0x32, 1, "TxR_AK_CYCLES_FULL"),
	EV(0x33, 1, "TxR_BL_INSERTS"),
	EV(0x34, 20, "TxR_BL_OCCUPANCY"),
	EV(0x35, 1, "TxR_BL_CYCLES_NE"),
	EV(0x36, 1, "TxR_BL_CYCLES_FULL"),
	EV(0x3e, 1, "RING_AD_USED"),
	EV(0x3f, 1, "RING_AK_USED"),
	EV(0x40, 1, "RING_BL_USED"),
	EV_IVB(0x41, 1, "DIRECTORY_LAT_OPT"),
	EV_IVB(0x42, 1, "BT_CYCLES_NE"),
	EV_IVB(0x43, 20, "BT_OCCUPANCY"),
	EV_IVB(0x51, 1, "BT_TO_HT_NOT_ISSUED"),
	EV_IVB(0x52, 1, "BT_BYPASS"),
	EV_IVB(0x53, 1, "OSB"),
	EV_IVB(0x54, 1, "OSB_EDR"),
	EV_IVB(0x56, 1, "IODC_INSERTS"),
	EV_IVB(0x57, 1, "IODC_CONFLICTS"),
	EV_IVB(0x58, 1, "IODC_OLEN_WBMTOI"),
	EV_IVB(0x59, 1, "IGR_AD_QPI2_ACCUMULATOR"),
	EV_IVB(0x5a, 1, "IGR_BL_QPI2_ACCUMULATOR"),
	EV_IVB(0x60, 1, "SNP_RESP_RECV_LOCAL"),
};

static const struct sim_event qpi_events[] = {
	EV(0x00, 1, "TxL_FLITS_G0"),
	EV(0x01, 1, "RxL_FLITS_G0"),
	EV(0x02, 1, "TxL_CRC_NO_CREDITS"),
	EV(0x03, 1, "RxL_CRC_ERRORS"),
	EV(0x04, 1, "TxL_INSERTS"),
	EV(0x05, 1, "TxL_BYPASSED"),
	EV(0x06, 1, "TxL_CYCLES_NE"),
	EV(0x07, 20, "TxL_OCCUPANCY"),
	EV(0x08, 1, "RxL_INSERTS"),
	EV(0x09, 1, "RxL_BYPASSED"),
	EV(0x0a, 1, "RxL_CYCLES_NE"),
	EV(0x0b, 20, "RxL_OCCUPANCY"),
	EV(0x0c, 1, "TxL0_POWER_CYCLES"),
	EV(0x0d, 1, "TxL0P_POWER_CYCLES"),
	EV(0x0f, 1, "RxL0_POWER_CYCLES"),
	EV(0x10, 1, "RxL0P_POWER_CYCLES"),
	EV(0x12, 1, "L1_POWER_CYCLES"),
	EV(0x13, 1, "DIRECT2CORE"),
	EV(0x14, 1, "CLOCKTICKS"),
	EV_SNB(0x35, 1, "RxL_STALLS"),
	EV(0x100, 1, "TxL_FLITS_G1"),
	EV(0x101, 1, "TxL_FLITS_G2"),
	EV(0x102, 1, "RxL_FLITS_G1"),
	EV(0x103, 1, "RxL_FLITS_G2"),
	EV(0x109, 1, "RxL_INSERTS_DRS"),
	EV(0x10a, 1, "RxL_INSERTS_NCB"),
	EV(0x10b, 1, "RxL_INSERTS_NCS"),
	EV(0x10c, 1, "RxL_INSERTS_HOM"),
	EV(0x10d, 1, "RxL_INSERTS_SNP"),
	EV(0x10e, 1, "RxL_INSERTS_NDR"),
	EV_IVB(0x10f, 1, "RxL_CYCLES_NE_DRS"),
	EV_IVB(0x110, 1, "RxL_CYCLES_NE_NCB"),
	EV_IVB(0x111, 1, "RxL_CYCLES_NE_NCS"),
	EV_IVB(0x112, 1, "RxL_CYCLES_NE_HOM"),
	EV_IVB(0x113, 1, "RxL_CYCLES_NE_SNP"),
	EV_IVB(0x114, 1, "RxL_CYCLES_NE_NDR"),
	EV(0x115, 20, "RxL_OCCUPANCY_DRS"),
	EV(0x116, 20, "RxL_OCCUPANCY_NCB"),
	EV(0x117, 20, "RxL_OCCUPANCY_NCS"),
	EV(0x118, 20, "RxL_OCCUPANCY_HOM"),
	EV(0x119, 20, "RxL_OCCUPANCY_SNP"),
	EV(0x11a, 20, "RxL_OCCUPANCY_NDR"),
	EV(0x11b, 20, "VNA_CREDIT_RETURN_OCCUPANCY"),
	EV(0x11c, 1, "VNA_CREDIT_RETURNS"),
	EV(0x11d, 1, "RxL_CREDITS_CONSUMED_VNA"),
	EV(0x11e, 1, "RxL_CREDITS_CONSUMED_VN0"),
	EV_IVB(0x11f, 20, "TxR_BL_DRS_CREDIT_OCCUPANCY"),
	EV_IVB(0x120, 20, "TxR_BL_NCB_CREDIT_OCCUPANCY"),
	EV_IVB(0x121, 20, "TxR_BL_NCS_CREDIT_OCCUPANCY"),
	EV_IVB(0x122, 20, "TxR_AD_HOM_CREDIT_OCCUPANCY"),
	EV_IVB(0x123, 20, "TxR_AD_SNP_CREDIT_OCCUPANCY"),
	EV_IVB(0x124, 20, "TxR_AD_NDR_CREDIT_OCCUPANCY"),
	EV_IVB(0x125, 20, "TxR_AK_NDR_CREDIT_OCCUPANCY"),
	EV_IVB(0x126, 1, "TxR_AD_HOM_CREDIT_ACQUIRED"),
	EV_IVB(0x127, 1, "TxR_AD_SNP_CREDIT_ACQUIRED"),
	EV_IVB(0x128, 1, "TxR_AD_NDR_CREDIT_ACQUIRED"),
	EV_IVB(0x129, 1, "TxR_AK_NDR_CREDIT_ACQUIRED"),
	EV_IVB(0x12a, 1, "TxR_BL_DRS_CREDIT_ACQUIRED"),
	EV_IVB(0x12b, 1, "TxR_BL_NCB_CREDIT_ACQUIRED"),
	EV_IVB(0x12c, 1, "TxR_BL_NCS_CREDIT_ACQUIRED"),
	EV_IVB(0x135, 1, "RxL_STALLS_VN0"),
	EV(0x138, 2, "CTO_COUNT"),
	EV_IVB(0x139, 1, "RxL_CREDITS_CONSUMED_VN1"),
	EV_IVB(0x13a, 1, "RxL_STALLS_VN1"),
};

static const struct sim_event imc_events[] = {
	EV_SNB(0x00, 1, "CLOCKTICKS"),
	EV_IVB(0x00, 1, "DCLOCKTICKS"),
	EV(0x01, 1, "ACT_COUNT"),
	EV(0x02, 1, "PRE_COUNT"),
	EV(0x04, 1, "CAS_COUNT"),
	EV(0x05, 1, "DRAM_REFRESH"),
	EV(0x06, 1, "DRAM_PRE_ALL"),
	EV(0x07, 1, "MAJOR_MODES"),
	EV(0x08, 1, "PREEMPTION"),
	EV(0x09, 1, "ECC_CORRECTABLE_ERRORS"),
	EV(0x10, 1, "RPQ_INSERTS"),
	EV(0x11, 1, "RPQ_CYCLES_NE"),
	EV_SNB(0x12, 1, "RPQ_CYCLES_FULL"),
	EV(0x20, 1, "WPQ_INSERTS"),
	EV(0x21, 1, "WPQ_CYCLES_NE"),
	EV(0x22, 1, "WPQ_CYCLES_FULL"),
	EV(0x23, 1, "WPQ_READ_HIT"),
	EV(0x24, 1, "WPQ_WRITE_HIT"),
	EV(0x41, 1, "POWER_THROTTLE_CYCLES"),
	EV(0x43, 1, "POWER_SELF_REFRESH"),
	EV_SNB(0x80, 20, "RPQ_OCCUPANCY"),
	EV_SNB(0x81, 20, "WPQ_OCCUPANCY"),
	EV(0x83, 1, "POWER_CKE_CYCLES"),
	EV(0x84, 1, "POWER_CHANNEL_DLLOFF"),
	EV(0x85, 1, "POWER_CHANNEL_PPD"),
	EV(0x86, 1, "POWER_CRITICAL_THROTTLE_CYCLES"),
	EV_IVB(0x90, 1, "VMSE_WR_PUSH"),
	EV_IVB(0x91, 20, "VMSE_MXB_WR_OCCUPANCY"),
	EV_IVB(0xa0, 1, "RD_CAS_PRIO"),
	EV_IVB(0xa1, 1, "BYP_CMDS"),
	EV_IVB(0xb0, 1, "RD_CAS_RANK0"),
	EV_IVB(0xb1, 1, "RD_CAS_RANK1"),
	EV_IVB(0xb2, 1, "RD_CAS_RANK2"),
	EV_IVB(0xb3, 1, "RD_CAS_RANK3"),
	EV_IVB(0xb4, 1, "RD_CAS_RANK4"),
	EV_IVB(0xb5, 1, "RD_CAS_RANK5"),
	EV_IVB(0xb6, 1, "RD_CAS_RANK6"),
	EV_IVB(0xb7, 1, "RD_CAS_RANK7"),
	EV_IVB(0xb8, 1, "WR_CAS_RANK0"),
	EV_IVB(0xb9, 1, "WR_CAS_RANK1"),
	EV_IVB(0xba, 1, "WR_CAS_RANK2"),
	EV_IVB(0xbb, 1, "WR_CAS_RANK3"),
	EV_IVB(0xbc, 1, "WR_CAS_RANK4"),
	EV_IVB(0xbd, 1, "WR_CAS_RANK5"),
	EV_IVB(0xbe, 1, "WR_CAS_RANK6"),
	EV_IVB(0xbf, 1, "WR_CAS_RANK7"),
	EV_IVB(0xc0, 1, "WMM_TO_RMM"),
	EV_IVB(0xc1, 1, "WRONG_MM"),
};

static const struct sim_event r2pcie_events[] = {
	EV(0x01, 1, "CLOCKTICKS"),
	EV(0x07, 1, "RING_AD_USED"),
	EV(0x08, 1, "RING_AK_USED"),
	EV(0x09, 1, "RING_BL_USED"),
	EV(0x0a, 1, "RING_IV_USED"),
	EV(0x10, 1, "RxR_CYCLES_NE"),
	EV_IVB(0x11, 1, "RxR_INSERTS"),
	EV(0x12, 1, "RxR_AK_BOUNCES"),
	EV_IVB(0x13, 20, "RxR_OCCUPANCY"),
	EV(0x23, 1, "TxR_CYCLES_NE"),
	EV_SNB(0x24, 1, "TxR_INSERTS"),		/* PFM */
	EV(0x25, 1, "TxR_CYCLES_FULL"),
	EV_SNB(0x26, 1, "TxR_NACKS"),
	EV_IVB(0x26, 1, "TxR_NACK_CW"),
	EV_IVB(0x28, 1, "TxR_NACK_CCW"),
	EV(0x32, 1, "IIO_CREDITS_USED"),
	EV(0x33, 1, "IIO_CREDITS_ACQUIRED"),
	EV(0x34, 1, "IIO_CREDITS_REJECT"),
};

/*
 * The v2's guide (2.10.2): "Only counter 0 can be used for tracking
 * occupancy events.  Only counter 2 can be used to count ring events."
 * The E5-2600's excerpts say nothing of it: there any counter counts them.
 */
static const struct sim_event r3qpi_events[] = {
	EV(0x01, 1, "CLOCKTICKS"),
	EV_SNB(0x07, 1, "RING_AD_USED"),
	EV_SNB(0x08, 1, "RING_AK_USED"),
	EV_SNB(0x09, 1, "RING_BL_USED"),
	EV_SNB(0x0a, 1, "RING_IV_USED"),
	EV_IVB_ON(0x07, 1, "RING_AD_USED", BIT(2)),
	EV_IVB_ON(0x08, 1, "RING_AK_USED", BIT(2)),
	EV_IVB_ON(0x09, 1, "RING_BL_USED", BIT(2)),
	EV_IVB_ON(0x0a, 1, "RING_IV_USED", BIT(2)),
	EV(0x10, 1, "RxR_CYCLES_NE"),
	EV(0x11, 1, "RxR_INSERTS"),
	EV_IVB(0x12, 1, "RxR_AD_BYPASSED"),
	EV_SNB(0x12, 1, "RxR_BYPASSED"),
	EV_SNB(0x13, 20, "RxR_OCCUPANCY"),
	EV_IVB_ON(0x13, 20, "RxR_OCCUPANCY", BIT(0)),
	EV_SNB(0x20, 1, "IIO_CREDITS_ACQUIRED"),
	EV_SNB(0x21, 1, "IIO_CREDITS_REJECT"),
	EV_SNB(0x22, 1, "IIO_CREDITS_USED"),
	EV_IVB(0x23, 1, "TxR_CYCLES_NE"),	/* PFM */
	EV_SNB(0x24, 1, "TxR_INSERTS"),		/* PFM */
	EV(0x25, 1, "TxR_CYCLES_FULL"),		/* PFM */
	EV_SNB(0x26, 1, "TxR_NACK"),		/* PFM */
	EV_IVB(0x26, 1, "TxR_NACK_CW"),
	EV_IVB(0x28, 1, "TxR_NACK_CCW"),
	EV_IVB(0x29, 1, "QPI0_AD_CREDITS_EMPTY"),
	EV_IVB(0x2a, 1, "QPI1_AD_CREDITS_EMPTY"),
	EV_IVB(0x2b, 1, "C_LO_AD_CREDITS_EMPTY"),
	EV_IVB(0x2c, 1, "C_HI_AD_CREDITS_EMPTY"),
	EV_IVB(0x2d, 1, "QPI0_BL_CREDITS_EMPTY"),
	EV_IVB(0x2e, 1, "QPI1_BL_CREDITS_EMPTY"),
	EV_IVB(0x2f, 1, "HA_R2_BL_CREDITS_EMPTY"),
	EV(0x31, 1, "VNA_CREDIT_CYCLES_OUT"),
	EV(0x32, 1, "VNA_CREDIT_CYCLES_USED"),
	EV(0x33, 1, "VNA_CREDITS_ACQUIRED"),
	EV(0x34, 1, "VNA_CREDITS_REJECT"),
	EV(0x36, 1, "VN0_CREDITS_USED"),
	EV(0x37, 1, "VN0_CREDITS_REJECT"),
	EV_IVB(0x38, 1, "VN1_CREDITS_USED"),
	EV_IVB(0x39, 1, "VN1_CREDITS_REJECT"),
};

static const struct sim_event ubox_events[] = {
	EV(0x41, 1, "FILTER_MATCH"),
	EV(0x42, 1, "EVENT_MSG"),
	EV(0x43, 1, "U2C_EVENTS"),
	EV(0x44, 1, "LOCK_CYCLES"),
	EV_IVB(0x45, 1, "PHOLD_CYCLES"),
	EV_IVB(0x46, 1, "RACU_REQUESTS"),
	EV_SNB(0x145, 1, "PHOLD_CYCLES"),
	EV_SNB(0x146, 1, "RACU_REQUESTS"),
	EV_SNB(0x147, 1, "MSG_CHNL_SIZE_COUNT"),
};

static const struct sim_event pcu_events[] = {
	EV(0x00, 1, "CLOCKTICKS"),
	EV(0x01, 1, "VOLT_TRANS_CYCLES_INCREASE"),
	EV(0x02, 1, "VOLT_TRANS_CYCLES_DECREASE"),
	EV(0x03, 1, "VOLT_TRANS_CYCLES_CHANGE"),
	EV(0x04, 1, "FREQ_MAX_LIMIT_THERMAL_CYCLES"),
	EV(0x05, 1, "FREQ_MAX_POWER_CYCLES"),
	EV(0x06, 1, "FREQ_MAX_OS_CYCLES"),
	EV(0x07, 1, "FREQ_MAX_CURRENT_CYCLES"),
	EV(0x09, 1, "PROCHOT_INTERNAL_CYCLES"),
	EV(0x0a, 1, "PROCHOT_EXTERNAL_CYCLES"),
	EV(0x0b, 1, "FREQ_BAND0_CYCLES"),
	EV(0x0c, 1, "FREQ_BAND1_CYCLES"),
	EV(0x0d, 1, "FREQ_BAND2_CYCLES"),
	EV(0x0e, 1, "FREQ_BAND3_CYCLES"),
	EV(0x1e, 1, "DEMOTIONS_CORE0"),
	EV(0x1f, 1, "DEMOTIONS_CORE1"),
	EV(0x20, 1, "DEMOTIONS_CORE2"),
	EV(0x21, 1, "DEMOTIONS_CORE3"),
	EV(0x22, 1, "DEMOTIONS_CORE4"),
	EV(0x23, 1, "DEMOTIONS_CORE5"),
	EV(0x24, 1, "DEMOTIONS_CORE6"),
	EV(0x25, 1, "DEMOTIONS_CORE7"),
	EV(0x2f, 1, "MEMORY_PHASE_SHEDDING_CYCLES"),
	EV(0x32, 1, "VR_HOT_CYCLES"),
	EV_IVB(0x40, 1, "DEMOTIONS_CORE8"),
	EV_IVB(0x41, 1, "DEMOTIONS_CORE9"),
	EV_IVB(0x42, 1, "DEMOTIONS_CORE10"),
	EV_IVB(0x43, 1, "DEMOTIONS_CORE11"),
	EV_IVB(0x44, 1, "DEMOTIONS_CORE12"),
	EV_IVB(0x45, 1, "DEMOTIONS_CORE13"),
	EV_IVB(0x46, 1, "DEMOTIONS_CORE14"),
	EV_IVB(0x60, 1, "FREQ_TRANS_CYCLES"),
	EV_IVB(0x61, 1, "FREQ_MIN_IO_P_CYCLES"),
	EV_IVB(0x62, 1, "FREQ_MIN_PERF_P_CYCLES"),
	EV_IVB(0x63, 1, "TOTAL_TRANSITION_CYCLES"),
	EV_IVB(0x70, 1, "CORE0_TRANSITION_CYCLES"),
	EV_IVB(0x71, 1, "CORE1_TRANSITION_CYCLES"),
	EV_IVB(0x72, 1, "CORE2_TRANSITION_CYCLES"),
	EV_IVB(0x73, 1, "CORE3_TRANSITION_CYCLES"),
	EV_IVB(0x74, 1, "CORE4_TRANSITION_CYCLES"),
	EV_IVB(0x75, 1, "CORE5_TRANSITION_CYCLES"),
	EV_IVB(0x76, 1, "CORE6_TRANSITION_CYCLES"),
	EV_IVB(0x77, 1, "CORE7_TRANSITION_CYCLES"),
	EV_IVB(0x78, 1, "CORE8_TRANSITION_CYCLES"),
	EV_IVB(0x79, 1, "CORE9_TRANSITION_CYCLES"),
	EV_IVB(0x7a, 1, "CORE10_TRANSITION_CYCLES"),
	EV_IVB(0x7b, 1, "CORE11_TRANSITION_CYCLES"),
	EV_IVB(0x7c, 1, "CORE12_TRANSITION_CYCLES"),
	EV_IVB(0x7d, 1, "CORE13_TRANSITION_CYCLES"),
	EV_IVB(0x7e, 1, "CORE14_TRANSITION_CYCLES"),
	EV_SNB(0x80, 8, "POWER_STATE_OCCUPANCY"),
	EV_IVB(0x80, 15, "POWER_STATE_OCCUPANCY"),
	EV_SNB(0x100, 1, "FREQ_TRANS_CYCLES"),
	EV_SNB(0x101, 1, "FREQ_MIN_IO_P_CYCLES"),
	EV_SNB(0x102, 1, "FREQ_MIN_PERF_P_CYCLES"),
	EV_SNB(0x103, 1, "CORE0_TRANSITION_CYCLES"),
	EV_SNB(0x104, 1, "CORE1_TRANSITION_CYCLES"),
	EV_SNB(0x105, 1, "CORE2_TRANSITION_CYCLES"),
	EV_SNB(0x106, 1, "CORE3_TRANSITION_CYCLES"),
	EV_SNB(0x107, 1, "CORE4_TRANSITION_CYCLES"),
	EV_SNB(0x108, 1, "CORE5_TRANSITION_CYCLES"),
	EV_SNB(0x109, 1, "CORE6_TRANSITION_CYCLES"),
	EV_SNB(0x10a, 1, "CORE7_TRANSITION_CYCLES"),
	EV_SNB(0x10b, 1, "TOTAL_TRANSITION_CYCLES"),
	EV_IVB(0x117, 1, "DELAYED_C_STATE_ABORT_CORE0"),
	EV_IVB(0x118, 1, "DELAYED_C_STATE_ABORT_CORE1"),
	EV_IVB(0x119, 1, "DELAYED_C_STATE_ABORT_CORE2"),
	EV_IVB(0x11a, 1, "DELAYED_C_STATE_ABORT_CORE3"),
	EV_IVB(0x11b, 1, "DELAYED_C_STATE_ABORT_CORE4"),
	EV_IVB(0x11c, 1, "DELAYED_C_STATE_ABORT_CORE5"),
	EV_IVB(0x11d, 1, "DELAYED_C_STATE_ABORT_CORE6"),
	EV_IVB(0x11e, 1, "DELAYED_C_STATE_ABORT_CORE7"),
	EV_IVB(0x11f, 1, "DELAYED_C_STATE_ABORT_CORE8"),
	EV_IVB(0x120, 1, "DELAYED_C_STATE_ABORT_CORE9"),
	EV_IVB(0x121, 1, "DELAYED_C_STATE_ABORT_CORE10"),
	EV_IVB(0x122, 1, "DELAYED_C_STATE_ABORT_CORE11"),
	EV_IVB(0x123, 1, "DELAYED_C_STATE_ABORT_CORE12"),
	EV_IVB(0x124, 1, "DELAYED_C_STATE_ABORT_CORE13"),
	EV_IVB(0x125, 1, "DELAYED_C_STATE_ABORT_CORE14"),
	EV_IVB(0x126, 1, "PKG_C_EXIT_LATENCY"),
	EV_IVB(0x12a, 1, "PKG_C_STATE_RESIDENCY_C0_CYCLES"),
	EV_IVB(0x12b, 1, "PKG_C_STATE_RESIDENCY_C2_CYCLES"),
	EV_IVB(0x12c, 1, "PKG_C_STATE_RESIDENCY_C3_CYCLES"),
	EV_IVB(0x12d, 1, "PKG_C_STATE_RESIDENCY_C6_CYCLES"),
};

static const struct sim_box_type snbep_ubox = {
	.name = "ubox", .space = SIM_MSR,
	.nboxes = ARRAY_SIZE(ubox_base), .base = ubox_base,
	.regs = ubox_regs, .nregs = ARRAY_SIZE(ubox_regs),
	.nctrs = 2, .ctr_width = 44, .ctl_reg = F_CTL, .ctr_reg = F_CTR,
	.events = ubox_events, .nevents = ARRAY_SIZE(ubox_events),
	.part = PART_SNB,
	.decode = ubox_decode, .overflow = snbep_overflow,
};

static const struct sim_box_type snbep_uclk = {
	.name = "uclk", .space = SIM_MSR,
	.nboxes = ARRAY_SIZE(uclk_base), .base = uclk_base,
	.regs = uclk_regs, .nregs = ARRAY_SIZE(uclk_regs),
	.nctrs = 1, .ctr_width = 48, .ctl_reg = F_CTL, .ctr_reg = F_CTR,
	.decode = uclk_decode, .overflow = snbep_overflow,
	.pattern = fixed_pattern, .max_inc = 1,
};

static const struct sim_box_type snbep_cbox = {
	.name = "cbox", .space = SIM_MSR,
	.nboxes = ARRAY_SIZE(cbox_base), .base = cbox_base,
	.regs = cbox_regs, .nregs = ARRAY_SIZE(cbox_regs),
	.nctrs = 4, .ctr_width = 44, .ctl_reg = R_CTL, .ctr_reg = R_CTR,
	.events = cbox_events, .nevents = ARRAY_SIZE(cbox_events),
	.part = PART_SNB,
	.decode = cbox_decode, .overflow = snbep_overflow,
};

static const struct sim_box_type snbep_pcu = {
	.name = "pcu", .space = SIM_MSR,
	.nboxes = ARRAY_SIZE(pcu_base), .base = pcu_base,
	.regs = pcu_regs, .nregs = ARRAY_SIZE(pcu_regs),
	.nctrs = 4, .ctr_width = 48, .ctl_reg = R_CTL, .ctr_reg = R_CTR,
	.events = pcu_events, .nevents = ARRAY_SIZE(pcu_events),
	.part = PART_SNB,
	.decode = pcu_decode, .overflow = snbep_overflow,
};

static const struct sim_box_type snbep_cstate = {
	.name = "cstate", .space = SIM_MSR,
	.nboxes = ARRAY_SIZE(cstate_base), .base = cstate_base,
	.regs = cstate_regs, .nregs = ARRAY_SIZE(cstate_regs),
	.nctrs = 2, .ctr_width = 63, .ctl_reg = F_CTL, .ctr_reg = F_CTL,
	.decode = cstate_decode, .overflow = snbep_overflow,
	.pattern = cstate_pattern, .max_inc = 1,
};

static const struct sim_box_type snbep_ha = {
	.name = "ha", .space = SIM_PCI,
	.nboxes = ARRAY_SIZE(ha_base), .base = ha_base, .devid = ha_devid,
	.regs = ha_regs, .nregs = ARRAY_SIZE(ha_regs),
	.nctrs = 4, .ctr_width = 48, .ctl_reg = R_CTL, .ctr_reg = R_CTR,
	.events = ha_events, .nevents = ARRAY_SIZE(ha_events),
	.part = PART_SNB,
	.decode = boxed_decode, .overflow = snbep_overflow,
};

static const struct sim_box_type snbep_imc = {
	.name = "imc", .space = SIM_PCI,
	.nboxes = ARRAY_SIZE(imc_base), .base = imc_base, .devid = imc_devid,
	.regs = imc_regs, .nregs = ARRAY_SIZE(imc_regs),
	.nctrs = 4, .ctr_width = 48, .ctl_reg = R_CTL, .ctr_reg = R_CTR,
	.events = imc_events, .nevents = ARRAY_SIZE(imc_events),
	.part = PART_SNB,
	.decode = boxed_decode, .overflow = snbep_overflow,
};

static const struct sim_box_type snbep_dclk = {
	.name = "dclk", .space = SIM_PCI,
	.nboxes = ARRAY_SIZE(imc_base), .base = imc_base,
	.regs = dclk_regs, .nregs = ARRAY_SIZE(dclk_regs),
	.nctrs = 1, .ctr_width = 48, .ctl_reg = F_CTL, .ctr_reg = F_CTR,
	.decode = dclk_decode, .overflow = snbep_overflow,
	.pattern = fixed_pattern, .max_inc = 1,
};

static const struct sim_box_type snbep_qpi = {
	.name = "qpi", .space = SIM_PCI,
	.nboxes = ARRAY_SIZE(qpi_base), .base = qpi_base, .devid = qpi_devid,
	.regs = qpi_regs, .nregs = ARRAY_SIZE(qpi_regs),
	.nctrs = 4, .ctr_width = 48, .ctl_reg = R_CTL, .ctr_reg = R_CTR,
	.events = qpi_events, .nevents = ARRAY_SIZE(qpi_events),
	.part = PART_SNB,
	.decode = qpi_decode, .overflow = snbep_overflow,
};

static const struct sim_box_type snbep_qpi_mm = {
	.name = "qpi_mm", .space = SIM_PCI,
	.nboxes = ARRAY_SIZE(qpi_mm_base), .base = qpi_mm_base,
	.devid = qpi_mm_devid,
	.regs = qpi_mm_regs, .nregs = ARRAY_SIZE(qpi_mm_regs),
};

static const struct sim_box_type snbep_r2pcie = {
	.name = "r2pcie", .space = SIM_PCI,
	.nboxes = ARRAY_SIZE(r2pcie_base), .base = r2pcie_base, .devid = r2pcie_devid,
	.regs = r2pcie_regs, .nregs = ARRAY_SIZE(r2pcie_regs),
	.nctrs = 4, .ctr_width = 44, .ctl_reg = R_CTL, .ctr_reg = R_CTR,
	.events = r2pcie_events, .nevents = ARRAY_SIZE(r2pcie_events),
	.part = PART_SNB,
	.decode = boxed_decode, .overflow = snbep_overflow,
};

static const struct sim_box_type snbep_r3qpi = {
	.name = "r3qpi", .space = SIM_PCI,
	.nboxes = ARRAY_SIZE(r3qpi_base), .base = r3qpi_base, .devid = r3qpi_devid,
	.regs = r3qpi_regs, .nregs = ARRAY_SIZE(r3qpi_regs),
	.nctrs = 3, .ctr_width = 44, .ctl_reg = R_CTL, .ctr_reg = R_CTR,
	.events = r3qpi_events, .nevents = ARRAY_SIZE(r3qpi_events),
	.part = PART_SNB,
	.decode = boxed_decode, .overflow = snbep_overflow,
};

static const struct sim_box_type snbep_unode = {
	.name = "ubox_node", .space = SIM_PCI,
	.nboxes = ARRAY_SIZE(unode_base), .base = unode_base,
	.devid = unode_devid,
	.regs = unode_regs, .nregs = ARRAY_SIZE(unode_regs),
};

static const struct sim_box_type *const snbep_types[] = {
	[SNBEP_UBOX] = &snbep_ubox,
	[SNBEP_UCLK] = &snbep_uclk,
	[SNBEP_CBOX] = &snbep_cbox,
	[SNBEP_PCU] = &snbep_pcu,
	[SNBEP_CSTATE] = &snbep_cstate,
	[SNBEP_HA] = &snbep_ha,
	[SNBEP_IMC] = &snbep_imc,
	[SNBEP_DCLK] = &snbep_dclk,
	[SNBEP_QPI] = &snbep_qpi,
	[SNBEP_QPI_MM] = &snbep_qpi_mm,
	[SNBEP_R2PCIE] = &snbep_r2pcie,
	[SNBEP_R3QPI] = &snbep_r3qpi,
	[SNBEP_UNODE] = &snbep_unode,
};

const struct sim_platform sim_snbep_platform = {
	.name = "snbep",
	.types = snbep_types,
	.ntypes = ARRAY_SIZE(snbep_types),
	.pmi = snbep_pmi,
};
EXPORT_SYMBOL_IF_KUNIT(sim_snbep_platform);

/* ==== Xeon E5-2600 v2 (Ivy Bridge-EP) =================================== */

/*
 * After the E5-2600 v2 Uncore Performance Monitoring Guide (329468): the
 * E5-2600's boxes and registers, plus 15 C-boxes with FILTER0/FILTER1, a
 * second HA, a second memory controller (iMC channels 4-7), the IRP, a
 * third QPI port (without a match/mask function) and R3QPI link; ov_en in
 * every counter control; per-box W1C status registers; the global
 * control (frz_all, unfrz_all, pmi_core_sel) and status.  A counter with
 * ov_en that wraps sets its status bit and its summary bit, freezes every
 * counter and raises a PMI on the pmi_core_sel cores.  Box controls have
 * no frz_en; invert is reserved everywhere.  Status addresses the guide
 * leaves open are the driver's (snbep.c), as the summary bits are.
 */

#define V2_RSV_COMMON		(BIT_ULL(16) | CTL_INVERT)
#define V2_UBOX_CTL_RSV		(V2_RSV_COMMON | CTL_TID_EN | CTL_EV_SEL_EXT | \
				 GENMASK_ULL(31, 29) | MSR_HIGH)
#define V2_CBOX_CTL_RSV		(V2_RSV_COMMON | CTL_EV_SEL_EXT | MSR_HIGH)
#define V2_PCU_CTL_RSV		(V2_RSV_COMMON | GENMASK_ULL(13, 8) | CTL_TID_EN | \
				 BIT_ULL(29) | MSR_HIGH)
#define V2_HA_CTL_RSV		(V2_RSV_COMMON | CTL_RST | CTL_TID_EN | CTL_EV_SEL_EXT)
#define V2_QPI_CTL_RSV		(V2_RSV_COMMON | CTL_TID_EN)
#define V2_R_CTL_RSV		(V2_RSV_COMMON | CTL_TID_EN | CTL_EV_SEL_EXT)
#define V2_BOX_RSV		(GENMASK_ULL(31, 0) & \
				 ~(BOX_RST_CTRL | BOX_RST_CTRS | BOX_FRZ))
#define V2_FIXED_RSV		(GENMASK_ULL(31, 0) & ~(CTL_EN | CTL_OV_EN))

/* C-box FILTER0 (0xd14) and FILTER1 (0xd1a) */
#define V2_CF_TID		GENMASK_ULL(4, 0)
#define V2_CF_LINK		GENMASK_ULL(8, 5)
#define V2_CF_STATE		GENMASK_ULL(22, 17)
#define V2_CF0_RSV		(GENMASK_ULL(16, 9) | GENMASK_ULL(31, 23) | MSR_HIGH)
#define V2_CF_NID		GENMASK_ULL(15, 0)
#define V2_CF_OPC_ALL		GENMASK_ULL(31, 20)	/* opc, c6, nc, isoc */
#define V2_CF1_RSV		(GENMASK_ULL(19, 16) | MSR_HIGH)
#define EV_RXR_IPQ_RETRY	0x31
#define CBOX_UMASK_LINK		0x10

#define V2_CBOXES		15

/*
 * The filter fields an event uses: as on the E5-2600, opc with its
 * qualifiers, and the link for RxR_IPQ_RETRY's QPI_CREDITS sub-event.
 * Both registers' used bits make the filter.
 */
static void v2_cbox_decode(struct sim_socket *s, struct sim_box *b,
			   unsigned int n, struct sim_ctr_cfg *cfg)
{
	u64 used0 = 0, used1 = 0;

	boxed_decode(s, b, n, cfg);
	if (cfg->ctl & CTL_TID_EN)
		used0 |= V2_CF_TID;
	if (cfg->event == EV_RXR_IPQ_RETRY && (cfg->umask & CBOX_UMASK_LINK))
		used0 |= V2_CF_LINK;
	if (cfg->event == EV_LLC_LOOKUP)
		used0 |= V2_CF_STATE;
	if ((cfg->event == EV_TOR_INSERTS || cfg->event == EV_TOR_OCCUPANCY) &&
	    (cfg->umask & CBOX_UMASK_OPC))
		used1 |= V2_CF_OPC_ALL;
	if (cfg->event >= EV_LLC_LOOKUP && cfg->event <= EV_LLC_VICTIMS &&
	    (cfg->umask & CBOX_UMASK_NID))
		used1 |= V2_CF_NID;
	if (used0 | used1)
		cfg->filter = FILTER_USED | (b->reg[R_X0][0] & used0) |
			      (b->reg[R_X1][0] & used1) << 32;
}

/* Status registers: write 1 to clear. */
static const char *v2_status_write(struct sim_socket *s, struct sim_box *b,
				   unsigned int n, u64 val)
{
	const struct ivbep_ovf *o = b->type->priv;

	b->reg[o->status_row][n] &= ~val;
	return NULL;
}

/* frz_all and unfrz_all act when written as 1 and read back 0. */
static const char *v2_gctl_write(struct sim_socket *s, struct sim_box *b,
				 unsigned int n, u64 val)
{
	if (val & IVBEP_G_FRZ_ALL)
		b->state |= IVBEP_FROZEN;
	if (val & IVBEP_G_UNFRZ_ALL)
		b->state &= ~IVBEP_FROZEN;
	b->reg[U_GCTL][0] = val & (IVBEP_G_CORE_SEL | IVBEP_G_WK_ON_PMI);
	return NULL;
}

static const char *v2_gstatus_write(struct sim_socket *s, struct sim_box *b,
				    unsigned int n, u64 val)
{
	b->reg[U_GST][0] &= ~val;
	return NULL;
}

/*
 * The status registers at the assumptions header's addresses (U-box,
 * PCU, C-boxes): with this set the model is a part that has none there,
 * each access faulting as an unimplemented MSR's does (#GP), so that a
 * driver's check of the guess can be seen to hold.
 */
static bool v2_status_gp;
module_param(v2_status_gp, bool, 0644);
MODULE_PARM_DESC(v2_status_gp, "E5-2600 v2: the assumed U-box, PCU and C-box status MSRs (0xc15, 0xc35, 0xd15 + 0x20n) absent: accesses fault");

#define STATUS_ROW(nm, o, w, r) {					\
	.name = nm, .offset = o, .count = 1, .width = w,		\
	.access = SIM_RW, .rsv = r, .write = v2_status_write,		\
}

/*
 * Or, with this set, they hold some other register of the part: one that
 * reads bit 31 set (no counter's) and ignores writes.
 */
static bool v2_status_other;
module_param(v2_status_other, bool, 0644);
MODULE_PARM_DESC(v2_status_other, "E5-2600 v2: the assumed U-box, PCU and C-box status MSRs hold another register: read 0x80000000, writes ignored");

#define V2_OTHER_REG		BIT_ULL(31)

/*
 * Or, with this set (and v2_status_other not), they hold a plain
 * read-write register of some other function: it reads back what was
 * last written (the row's implemented bits) and overflows never set it;
 * the latch knob sets bits in it as the other function would.  A wrong
 * guess that reads 0, or bits a counter could have, at the load.  Set it
 * before the driver loads: what the status held then is what it holds.
 */
static bool v2_status_rw;
module_param(v2_status_rw, bool, 0644);
MODULE_PARM_DESC(v2_status_rw, "E5-2600 v2: the assumed U-box, PCU and C-box status MSRs hold another register, plain read-write: read back what was written, never set by overflows");

/*
 * Which C-boxes' assumed status v2_status_rw makes that register (bit n:
 * C-box n; the U-box's and PCU's always), so that a C-box whose guess is
 * wrong can sit beside one whose guess holds under the summary bit they
 * share.  Set it with v2_status_rw, before the driver loads.
 */
static uint v2_status_rw_cboxes = GENMASK(V2_CBOXES - 1, 0);
module_param(v2_status_rw_cboxes, uint, 0644);
MODULE_PARM_DESC(v2_status_rw_cboxes, "E5-2600 v2: the C-boxes (bit n: C-box n) whose assumed status v2_status_rw makes a read-write register (default all); the U-box's and PCU's always");

/* Whether @b's assumed status is v2_status_rw's register. */
static bool v2_status_is_rw(const struct sim_box *b)
{
	if (!READ_ONCE(v2_status_rw))
		return false;
	return b->tidx != SNBEP_CBOX ||
	       (b->idx < V2_CBOXES && (READ_ONCE(v2_status_rw_cboxes) & BIT(b->idx)));
}

static u64 v2_guessed_read(struct sim_socket *s, struct sim_box *b, unsigned int n)
{
	const struct ivbep_ovf *o = b->type->priv;

	return READ_ONCE(v2_status_other) ? V2_OTHER_REG : b->reg[o->status_row][n];
}

static const char *v2_guessed_write(struct sim_socket *s, struct sim_box *b,
				    unsigned int n, u64 val)
{
	const struct ivbep_ovf *o = b->type->priv;

	if (READ_ONCE(v2_status_other))
		return NULL;
	if (v2_status_is_rw(b)) {
		b->reg[o->status_row][n] = val;
		return NULL;
	}
	return v2_status_write(s, b, n, val);
}

/* Whether row @row of @b's type is a status at a guessed address. */
static bool v2_status_guessed(const struct sim_box *b, unsigned int row)
{
	return b->type->regs[row].read == v2_guessed_read;
}

/*
 * The guide names the R3QPI summary both ov_rq (one field) and ov_r3{0,1}
 * (one per agent).  The shared assumption has two bits; with this set,
 * the model reports every R3QPI link in the first, as a part with one
 * ov_rq bit would: a driver must work under both.
 */
static bool v2_one_rq_bit;
module_param(v2_one_rq_bit, bool, 0644);
MODULE_PARM_DESC(v2_one_rq_bit, "E5-2600 v2: every R3QPI link's overflow in one global status bit (ov_rq)");

/* Only a counter with ov_en reports; the others wrap silently. */
static void v2_overflow(struct sim_socket *s, struct sim_box *b, unsigned int n)
{
	const struct ivbep_ovf *o = b->type->priv;
	struct sim_box *sb = sim_box(s, o->status_tidx, b->idx);
	u64 sum = o->summary_box ? o->summary_box[b->idx] : o->summary;

	if (!b->ctr[n].cfg.pmi)
		return;
	if (sum == XU_ASSUMED_IVBEP_OV_R3_1 && READ_ONCE(v2_one_rq_bit))
		sum = XU_ASSUMED_IVBEP_OV_R3_0;
	/* a read-write register of another function (v2_status_rw) is not set */
	if (!v2_status_is_rw(sb) || !v2_status_guessed(sb, o->status_row))
		sb->reg[o->status_row][0] |= BIT_ULL(o->bit0 + n);
	ubox_of(s)->reg[U_GST][0] |= sum;
}

static u32 v2_pmi_sel(struct sim_socket *s)
{
	return FIELD_GET(IVBEP_G_CORE_SEL, ubox_of(s)->reg[U_GCTL][0]);
}

/* Freeze on overflow always; the PMI goes to the pmi_core_sel cores. */
static u32 v2_pmi(struct sim_socket *s)
{
	ubox_of(s)->state |= IVBEP_FROZEN;
	return v2_pmi_sel(s);
}

/* at an address the assumptions header guesses */
#define GUESSED_STATUS_ROW(nm, o, r) {					\
	.name = nm, .offset = o, .count = 1, .width = 64,		\
	.access = SIM_RW, .rsv = r, .read = v2_guessed_read,		\
	.write = v2_guessed_write, .absent_if = &v2_status_gp,		\
}

#define V2_OVF(_tidx, _row, _bit0, _sum) \
	(&(const struct ivbep_ovf){ .status_tidx = _tidx, .status_row = _row, \
				    .bit0 = _bit0, .summary = _sum })

/* U-box: the E5-2600's counters, the global registers, its status (assumed) */
static const struct sim_reg v2_ubox_regs[] = {
	[F_CTL] = CTL_ROW(0x10, 2, 1, 64, V2_UBOX_CTL_RSV),
	[F_CTR] = CTR_ROW(0x16, 2, 1, 44),
	[U_GCTL] = {
		.name = "U_MSR_PMON_GLOBAL_CTL", .offset = 0x0, .count = 1,
		.width = 64, .access = SIM_RW, .rsv = IVBEP_G_RSV,
		.write = v2_gctl_write,
	},
	[U_GST] = {
		.name = "U_MSR_PMON_GLOBAL_STATUS", .offset = 0x1, .count = 1,
		.width = 64, .access = SIM_RW, .rsv = ~XU_ASSUMED_IVBEP_OV_ALL,
		.write = v2_gstatus_write,
	},
	/* fields not in our copy of the guide: storage */
	[U_GCFG] = PLAIN_ROW("U_MSR_PMON_GLOBAL_CONFIG", 0x6, 64, MSR_HIGH),
	/* counters 0, 1 and (assumed) the UCLK counter */
	[U_BST] = GUESSED_STATUS_ROW("U_MSR_PMON_BOX_STATUS",
				     XU_ASSUMED_IVBEP_U_BOX_STATUS - 0xc00, ~GENMASK_ULL(2, 0)),
};

static const struct sim_reg v2_uclk_regs[] = {
	[F_CTL] = PLAIN_ROW("U_MSR_PMON_UCLK_FIXED_CTL", 0x0, 64,
			    V2_FIXED_RSV | MSR_HIGH),
	[F_CTR] = CTR_ROW(0x1, 1, 1, 48),
};

static const u32 v2_cbox_base[V2_CBOXES] = {
	0xd00, 0xd20, 0xd40, 0xd60, 0xd80, 0xda0, 0xdc0, 0xde0,
	0xe00, 0xe20, 0xe40, 0xe60, 0xe80, 0xea0, 0xec0,
};

static const struct sim_reg v2_cbox_regs[] = {
	[R_BOX] = BOX_CTL_ROW(0x4, 64, V2_BOX_RSV | MSR_HIGH),
	[R_CTL] = CTL_ROW(0x10, 4, 1, 64, V2_CBOX_CTL_RSV),
	[R_CTR] = CTR_ROW(0x16, 4, 1, 44),
	[R_X0] = PLAIN_ROW("Cn_MSR_PMON_BOX_FILTER0", 0x14, 64, V2_CF0_RSV),
	[R_X1] = PLAIN_ROW("Cn_MSR_PMON_BOX_FILTER1", 0x1a, 64, V2_CF1_RSV),
	[R_X2] = GUESSED_STATUS_ROW("Cn_MSR_PMON_BOX_STATUS",
				    XU_ASSUMED_IVBEP_C0_BOX_STATUS - 0xd00, ~GENMASK_ULL(3, 0)),
};

static const struct sim_reg v2_pcu_regs[] = {
	[R_BOX] = BOX_CTL_ROW(0x4, 64, V2_BOX_RSV | MSR_HIGH),
	[R_CTL] = CTL_ROW(0x10, 4, 1, 64, V2_PCU_CTL_RSV),
	[R_CTR] = CTR_ROW(0x16, 4, 1, 48),
	[R_X0] = PLAIN_ROW("PCU_MSR_PMON_BOX_FILTER", 0x14, 64, MSR_HIGH),
	[R_X1] = GUESSED_STATUS_ROW("PCU_MSR_PMON_BOX_STATUS",
				    XU_ASSUMED_IVBEP_PCU_BOX_STATUS - 0xc20, ~GENMASK_ULL(3, 0)),
};

#define V2_PCI_STATUS(bits)	STATUS_ROW("PCI_PMON_BOX_STATUS", 0xf8, 32, \
					   GENMASK_ULL(31, 0) & ~GENMASK_ULL((bits) - 1, 0))

static const u32 v2_ha_base[] = { PCI_FN(14, 1), PCI_FN(28, 1) };

static const u16 v2_ha_devid[] = { 0x0e30, 0x0e38 };

static const struct sim_reg v2_ha_regs[] = {
	[R_BOX] = PCI_BOX(V2_BOX_RSV),
	[R_CTL] = PCI_CTL(4, V2_HA_CTL_RSV),
	[R_CTR] = PCI_CTR(4, 48),
	[R_X0] = PLAIN_ROW("HA_PCI_PMON_BOX_ADDRMATCH0", 0x40, 32,
			   GENMASK_ULL(5, 0)),
	[R_X1] = PLAIN_ROW("HA_PCI_PMON_BOX_ADDRMATCH1", 0x44, 32,
			   GENMASK_ULL(31, 14)),
	[R_X2] = PLAIN_ROW("HA_PCI_PMON_BOX_OPCODEMATCH", 0x48, 32,
			   GENMASK_ULL(31, 6)),
	[R_X3] = V2_PCI_STATUS(4),
};

/* Channels 0-3 of each controller: functions 4, 5, 0, 1 (upstream's order) */
static const u32 v2_imc_base[] = {
	PCI_FN(16, 4), PCI_FN(16, 5), PCI_FN(16, 0), PCI_FN(16, 1),
	PCI_FN(30, 4), PCI_FN(30, 5), PCI_FN(30, 0), PCI_FN(30, 1),
};

static const u16 v2_imc_devid[] = {
	0x0eb4, 0x0eb5, 0x0eb0, 0x0eb1, 0x0ef4, 0x0ef5, 0x0ef0, 0x0ef1,
};

/* status: the DCLK counter at bit 0, counters 0-3 at bits 1-4 */
static const struct sim_reg v2_imc_regs[] = {
	[R_BOX] = PCI_BOX(V2_BOX_RSV),
	[R_CTL] = PCI_CTL(4, V2_HA_CTL_RSV),
	[R_CTR] = PCI_CTR(4, 48),
	[R_X0] = V2_PCI_STATUS(5),
};

static const struct sim_reg v2_dclk_regs[] = {
	[F_CTL] = PLAIN_ROW("MC_CHy_PCI_PMON_FIXED_CTL", 0xf0, 32, V2_FIXED_RSV),
	[F_CTR] = CTR_ROW(0xd0, 1, 8, 48),
};

/* IRP (5:6): IRP0's two counters at 0xa0, 0xb0, IRP1's at 0xb8, 0xc0 */
static const u32 v2_irp_base[] = { PCI_FN(5, 6) };

static const u16 v2_irp_devid[] = { 0x0e39 };

static const struct sim_reg v2_irp_regs[] = {
	[R_BOX] = PCI_BOX(V2_BOX_RSV),
	[R_CTL] = PCI_CTL(4, V2_HA_CTL_RSV),
	[R_CTR] = {
		.name = "PMON_CTR", .offset = 0xa0, .count = 4,
		.offs = (const u16[]){ 0x00, 0x10, 0x18, 0x20 },
		.width = 48, .access = SIM_RW,
	},
	[R_X0] = V2_PCI_STATUS(4),
};

/* QPI ports 0-2 (8:2, 9:2, 24:2); match/mask only for ports 0 and 1 */
static const u32 v2_qpi_base[] = { PCI_FN(8, 2), PCI_FN(9, 2), PCI_FN(24, 2) };

static const u16 v2_qpi_devid[] = { 0x0e32, 0x0e33, 0x0e3a };

static const struct sim_reg v2_qpi_regs[] = {
	[R_BOX] = PCI_BOX(V2_BOX_RSV),
	[R_CTL] = PCI_CTL(4, V2_QPI_CTL_RSV),
	[R_CTR] = PCI_CTR(4, 48),
	[R_X0] = V2_PCI_STATUS(4),
};

static const u16 v2_qpi_mm_devid[] = { 0x0e86, 0x0e96 };

static const u32 v2_r2pcie_base[] = { PCI_FN(19, 1) };

static const u16 v2_r2pcie_devid[] = { 0x0e34 };

static const struct sim_reg v2_r2pcie_regs[] = {
	[R_BOX] = PCI_BOX(V2_BOX_RSV),
	[R_CTL] = PCI_CTL(4, V2_R_CTL_RSV),
	[R_CTR] = PCI_CTR(4, 44),
	[R_X0] = V2_PCI_STATUS(4),
};

/* links 0, 1 (R3QPI agent 0, 19:5 and 19:6) and 2 (agent 1, 18:5) */
static const u32 v2_r3qpi_base[] = { PCI_FN(19, 5), PCI_FN(19, 6), PCI_FN(18, 5) };

static const u16 v2_r3qpi_devid[] = { 0x0e36, 0x0e37, 0x0e3e };

static const struct sim_reg v2_r3qpi_regs[] = {
	[R_BOX] = PCI_BOX(V2_BOX_RSV),
	[R_CTL] = PCI_CTL(3, V2_R_CTL_RSV),
	[R_CTR] = PCI_CTR(3, 44),
	[R_X0] = V2_PCI_STATUS(3),
};

static const u16 v2_unode_devid[] = { 0x0e1e };

/* ---- Events: the IRP's (the other types share the E5-2600's tables) ---- */

static const struct sim_event ivbep_irp_events[] = {
	EV(0x00, 1, "CLOCKTICKS"),
	EV(0x01, 1, "RxR_BL_DRS_INSERTS"),
	EV(0x02, 1, "RxR_BL_NCB_INSERTS"),
	EV(0x03, 1, "RxR_BL_NCS_INSERTS"),
	EV(0x04, 1, "RxR_BL_DRS_CYCLES_FULL"),
	EV(0x05, 1, "RxR_BL_NCB_CYCLES_FULL"),
	EV(0x06, 1, "RxR_BL_NCS_CYCLES_FULL"),
	EV(0x07, 20, "RxR_BL_DRS_OCCUPANCY"),
	EV(0x08, 20, "RxR_BL_NCB_OCCUPANCY"),
	EV(0x09, 20, "RxR_BL_NCS_OCCUPANCY"),
	EV(0x0a, 1, "RxR_AK_INSERTS"),
	EV(0x0b, 1, "RxR_AK_CYCLES_FULL"),
	EV(0x0c, 20, "RxR_AK_OCCUPANCY"),
	EV(0x0d, 20, "TxR_REQUEST_OCCUPANCY"),
	EV(0x0e, 1, "TxR_DATA_INSERTS_NCB"),
	EV(0x0f, 1, "TxR_DATA_INSERTS_NCS"),
	EV(0x10, 20, "CACHE_READ_OCCUPANCY"),
	EV(0x11, 20, "CACHE_WRITE_OCCUPANCY"),
	EV(0x12, 20, "CACHE_TOTAL_OCCUPANCY"),
	EV(0x13, 20, "CACHE_OWN_OCCUPANCY"),
	EV(0x14, 20, "CACHE_ACK_PENDING_OCCUPANCY"),
	EV(0x15, 1, "TRANSACTIONS"),
	EV(0x16, 1, "TICKLES"),
	EV(0x17, 1, "ADDRESS_MATCH"),
	EV(0x18, 1, "TxR_AD_STALL_CREDIT_CYCLES"),
	EV(0x19, 1, "TxR_BL_STALL_CREDIT_CYCLES"),
	EV(0x1a, 1, "WRITE_ORDERING_STALL_CYCLES"),
};

#undef EV
#undef EV_SNB
#undef EV_IVB
#undef EV_PARTS

static const struct sim_box_type v2_ubox = {
	.name = "ubox", .space = SIM_MSR,
	.nboxes = ARRAY_SIZE(ubox_base), .base = ubox_base,
	.regs = v2_ubox_regs, .nregs = ARRAY_SIZE(v2_ubox_regs),
	.nctrs = 2, .ctr_width = 44,
	.events = ubox_events, .nevents = ARRAY_SIZE(ubox_events),
	.part = PART_IVB,
	.decode = ubox_decode, .overflow = v2_overflow,
	.priv = V2_OVF(SNBEP_UBOX, U_BST, 0, XU_ASSUMED_IVBEP_OV_U),
	.ctl_reg = F_CTL, .ctr_reg = F_CTR,
};

static const struct sim_box_type v2_uclk = {
	.name = "uclk", .space = SIM_MSR,
	.nboxes = ARRAY_SIZE(uclk_base), .base = uclk_base,
	.regs = v2_uclk_regs, .nregs = ARRAY_SIZE(v2_uclk_regs),
	.nctrs = 1, .ctr_width = 48, .ctl_reg = F_CTL, .ctr_reg = F_CTR,
	.decode = uclk_decode, .overflow = v2_overflow,
	.pattern = fixed_pattern, .max_inc = 1,
	.priv = V2_OVF(SNBEP_UBOX, U_BST, XU_ASSUMED_IVBEP_UCLK_STATUS_BIT,
		       XU_ASSUMED_IVBEP_OV_U_FIXED),
};

static const struct sim_box_type v2_cbox = {
	.name = "cbox", .space = SIM_MSR,
	.nboxes = ARRAY_SIZE(v2_cbox_base), .base = v2_cbox_base,
	.regs = v2_cbox_regs, .nregs = ARRAY_SIZE(v2_cbox_regs),
	.nctrs = 4, .ctr_width = 44,
	.events = cbox_events, .nevents = ARRAY_SIZE(cbox_events),
	.part = PART_IVB,
	.decode = v2_cbox_decode, .overflow = v2_overflow,
	.priv = V2_OVF(SNBEP_CBOX, R_X2, 0, XU_ASSUMED_IVBEP_OV_C),
	.ctl_reg = R_CTL, .ctr_reg = R_CTR,
};

static const struct sim_box_type v2_pcu = {
	.name = "pcu", .space = SIM_MSR,
	.nboxes = ARRAY_SIZE(pcu_base), .base = pcu_base,
	.regs = v2_pcu_regs, .nregs = ARRAY_SIZE(v2_pcu_regs),
	.nctrs = 4, .ctr_width = 48,
	.events = pcu_events, .nevents = ARRAY_SIZE(pcu_events),
	.part = PART_IVB,
	.decode = pcu_decode, .overflow = v2_overflow,
	.priv = V2_OVF(SNBEP_PCU, R_X1, 0, XU_ASSUMED_IVBEP_OV_P),
	.ctl_reg = R_CTL, .ctr_reg = R_CTR,
};

static const struct sim_box_type v2_ha = {
	.name = "ha", .space = SIM_PCI,
	.nboxes = ARRAY_SIZE(v2_ha_base), .base = v2_ha_base, .devid = v2_ha_devid,
	.regs = v2_ha_regs, .nregs = ARRAY_SIZE(v2_ha_regs),
	.nctrs = 4, .ctr_width = 48,
	.events = ha_events, .nevents = ARRAY_SIZE(ha_events),
	.part = PART_IVB,
	.decode = boxed_decode, .overflow = v2_overflow,
	.priv = V2_OVF(SNBEP_HA, R_X3, 0, XU_ASSUMED_IVBEP_OV_H),
	.ctl_reg = R_CTL, .ctr_reg = R_CTR,
};

static const struct sim_box_type v2_imc = {
	.name = "imc", .space = SIM_PCI,
	.nboxes = ARRAY_SIZE(v2_imc_base), .base = v2_imc_base, .devid = v2_imc_devid,
	.regs = v2_imc_regs, .nregs = ARRAY_SIZE(v2_imc_regs),
	.nctrs = 4, .ctr_width = 48,
	.events = imc_events, .nevents = ARRAY_SIZE(imc_events),
	.part = PART_IVB,
	.decode = boxed_decode, .overflow = v2_overflow,
	.priv = V2_OVF(SNBEP_IMC, R_X0, XU_ASSUMED_IVBEP_IMC_CTR0_STATUS_BIT,
		       XU_ASSUMED_IVBEP_OV_M),
	.ctl_reg = R_CTL, .ctr_reg = R_CTR,
};

static const struct sim_box_type v2_dclk = {
	.name = "dclk", .space = SIM_PCI,
	.nboxes = ARRAY_SIZE(v2_imc_base), .base = v2_imc_base,
	.regs = v2_dclk_regs, .nregs = ARRAY_SIZE(v2_dclk_regs),
	.nctrs = 1, .ctr_width = 48, .ctl_reg = F_CTL, .ctr_reg = F_CTR,
	.decode = dclk_decode, .overflow = v2_overflow,
	.pattern = fixed_pattern, .max_inc = 1,
	.priv = V2_OVF(SNBEP_IMC, R_X0, 0, XU_ASSUMED_IVBEP_OV_M),
};

static const struct sim_box_type v2_irp = {
	.name = "irp", .space = SIM_PCI,
	.nboxes = ARRAY_SIZE(v2_irp_base), .base = v2_irp_base, .devid = v2_irp_devid,
	.regs = v2_irp_regs, .nregs = ARRAY_SIZE(v2_irp_regs),
	.nctrs = 4, .ctr_width = 48,
	.events = ivbep_irp_events, .nevents = ARRAY_SIZE(ivbep_irp_events),
	.decode = boxed_decode, .overflow = v2_overflow,
	.priv = V2_OVF(IVBEP_IRP, R_X0, 0, XU_ASSUMED_IVBEP_OV_I),
	.ctl_reg = R_CTL, .ctr_reg = R_CTR,
};

static const struct sim_box_type v2_qpi = {
	.name = "qpi", .space = SIM_PCI,
	.nboxes = ARRAY_SIZE(v2_qpi_base), .base = v2_qpi_base, .devid = v2_qpi_devid,
	.regs = v2_qpi_regs, .nregs = ARRAY_SIZE(v2_qpi_regs),
	.nctrs = 4, .ctr_width = 48,
	.events = qpi_events, .nevents = ARRAY_SIZE(qpi_events),
	.part = PART_IVB,
	.decode = qpi_decode, .overflow = v2_overflow,
	.priv = V2_OVF(SNBEP_QPI, R_X0, 0, XU_ASSUMED_IVBEP_OV_Q),
	.ctl_reg = R_CTL, .ctr_reg = R_CTR,
};

static const struct sim_box_type v2_qpi_mm = {
	.name = "qpi_mm", .space = SIM_PCI,
	.nboxes = ARRAY_SIZE(qpi_mm_base), .base = qpi_mm_base,
	.devid = v2_qpi_mm_devid,
	.regs = qpi_mm_regs, .nregs = ARRAY_SIZE(qpi_mm_regs),
};

static const struct sim_box_type v2_r2pcie = {
	.name = "r2pcie", .space = SIM_PCI,
	.nboxes = ARRAY_SIZE(v2_r2pcie_base), .base = v2_r2pcie_base, .devid = v2_r2pcie_devid,
	.regs = v2_r2pcie_regs, .nregs = ARRAY_SIZE(v2_r2pcie_regs),
	.nctrs = 4, .ctr_width = 44,
	.events = r2pcie_events, .nevents = ARRAY_SIZE(r2pcie_events),
	.part = PART_IVB,
	.decode = boxed_decode, .overflow = v2_overflow,
	.priv = V2_OVF(SNBEP_R2PCIE, R_X0, 0, XU_ASSUMED_IVBEP_OV_R2),
	.ctl_reg = R_CTL, .ctr_reg = R_CTR,
};

static const struct sim_box_type v2_r3qpi = {
	.name = "r3qpi", .space = SIM_PCI,
	.nboxes = ARRAY_SIZE(v2_r3qpi_base), .base = v2_r3qpi_base, .devid = v2_r3qpi_devid,
	.regs = v2_r3qpi_regs, .nregs = ARRAY_SIZE(v2_r3qpi_regs),
	.nctrs = 3, .ctr_width = 44,
	.events = r3qpi_events, .nevents = ARRAY_SIZE(r3qpi_events),
	.part = PART_IVB,
	.decode = boxed_decode, .overflow = v2_overflow,
	.priv = (&(const struct ivbep_ovf){
			.status_tidx = SNBEP_R3QPI, .status_row = R_X0,
			.summary_box = (const u64[]){
				XU_ASSUMED_IVBEP_OV_R3_0, XU_ASSUMED_IVBEP_OV_R3_0,
				XU_ASSUMED_IVBEP_OV_R3_1,
			},
		}),
	.ctl_reg = R_CTL, .ctr_reg = R_CTR,
};

static const struct sim_box_type v2_unode = {
	.name = "ubox_node", .space = SIM_PCI,
	.nboxes = ARRAY_SIZE(unode_base), .base = unode_base,
	.devid = v2_unode_devid,
	.regs = unode_regs, .nregs = ARRAY_SIZE(unode_regs),
};

static const struct sim_box_type *const ivbep_types[] = {
	[SNBEP_UBOX] = &v2_ubox,
	[SNBEP_UCLK] = &v2_uclk,
	[SNBEP_CBOX] = &v2_cbox,
	[SNBEP_PCU] = &v2_pcu,
	[SNBEP_CSTATE] = &snbep_cstate,
	[SNBEP_HA] = &v2_ha,
	[SNBEP_IMC] = &v2_imc,
	[SNBEP_DCLK] = &v2_dclk,
	[SNBEP_QPI] = &v2_qpi,
	[SNBEP_QPI_MM] = &v2_qpi_mm,
	[SNBEP_R2PCIE] = &v2_r2pcie,
	[SNBEP_R3QPI] = &v2_r3qpi,
	[SNBEP_UNODE] = &v2_unode,
	[IVBEP_IRP] = &v2_irp,
};

static bool v2_frozen(struct sim_socket *s)
{
	return ubox_of(s)->state & IVBEP_FROZEN;
}

const struct sim_platform sim_ivbep_platform = {
	.name = "ivbep",
	.types = ivbep_types,
	.ntypes = ARRAY_SIZE(ivbep_types),
	.pmi = v2_pmi,
	.pmi_sel = v2_pmi_sel,
	.frozen = v2_frozen,
};
EXPORT_SYMBOL_IF_KUNIT(sim_ivbep_platform);
