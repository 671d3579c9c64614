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

enum {
	SNBEP_UBOX, SNBEP_UCLK, SNBEP_CBOX, SNBEP_PCU, SNBEP_CSTATE,
	SNBEP_HA, SNBEP_IMC, SNBEP_DCLK, SNBEP_QPI, SNBEP_QPI_MM,
	SNBEP_R2PCIE, SNBEP_R3QPI, SNBEP_UNODE,
};

/*
 * Rows of the boxes with a box control: box control, counter controls,
 * counters, then the box's extra registers.
 */
enum { R_BOX, R_CTL, R_CTR, R_X0, R_X1, R_X2, R_X3 };

/* Rows of the U-box, the fixed counters and the C-state counters */
enum { F_CTL, F_CTR };

/* Rows of a QPI match/mask function */
enum { MM_MATCH0, MM_MATCH1, MM_MASK0, MM_MASK1 };

#define SNBEP_CBOXES		8

/* ---- Behaviour --------------------------------------------------------- */

static bool box_frozen(const struct sim_box *b)
{
	u64 ctl = b->reg[R_BOX][0];

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

/* rst (bit 17, where the box has it: elsewhere it is reserved) clears. */
static const char *ctl_write(struct sim_socket *s, struct sim_box *b,
			     unsigned int n, u64 val)
{
	const struct sim_box_type *t = b->type;

	if (val & CTL_RST)
		b->reg[t->ctr_reg][n] = 0;
	b->reg[t->ctl_reg][n] = val & ~CTL_RST;
	return NULL;
}

static void decode_ctl(u64 ctl, bool thresh5, struct sim_ctr_cfg *cfg)
{
	cfg->ctl = ctl;
	cfg->programmed = ctl & CTL_EN;
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
	cfg->counting = cfg->programmed && !box_frozen(b);
}

/* The U-box has no box control: a counter runs while its en is set. */
static void ubox_decode(struct sim_socket *s, struct sim_box *b,
			unsigned int n, struct sim_ctr_cfg *cfg)
{
	decode_ctl(b->reg[F_CTL][n], true, cfg);
	cfg->counting = cfg->programmed;
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
 * filter bits of the occupancy events.  FREQ_BAND0..3 use band 0..3.
 */
static void pcu_decode(struct sim_socket *s, struct sim_box *b,
		       unsigned int n, struct sim_ctr_cfg *cfg)
{
	u64 ctl = b->reg[R_CTL][n];

	decode_ctl(ctl, true, cfg);
	cfg->counting = cfg->programmed && !box_frozen(b);
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
	const struct sim_box *mm = sim_box(s, SNBEP_QPI_MM, b->idx);
	u64 m0 = mm->reg[MM_MATCH0][0], m1 = mm->reg[MM_MATCH1][0];
	u64 k0 = mm->reg[MM_MASK0][0], k1 = mm->reg[MM_MASK1][0];

	boxed_decode(s, b, n, cfg);
	if (cfg->event == EV_QPI_CTO)
		cfg->filter = FILTER_USED |
			      (sim_mix((m0 & k0) | k0 << 32) ^
			       ((m1 & k1) | k1 << 32));
}

/* UCLK: its own enable only. */
static void uclk_decode(struct sim_socket *s, struct sim_box *b,
			unsigned int n, struct sim_ctr_cfg *cfg)
{
	cfg->ctl = b->reg[F_CTL][0];
	cfg->programmed = cfg->ctl & CTL_EN;
	cfg->counting = cfg->programmed;
}

/* DCLK: its enable, and the freeze of its iMC channel's box. */
static void dclk_decode(struct sim_socket *s, struct sim_box *b,
			unsigned int n, struct sim_ctr_cfg *cfg)
{
	uclk_decode(s, b, n, cfg);
	cfg->counting = cfg->programmed &&
			!box_frozen(sim_box(s, SNBEP_IMC, b->idx));
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
 * Codes from perf's jaketown lists (ExtSel as code + 0x100), one name per
 * code.  Maximum increments: the JSON has none; 1 is used, 20 for queue
 * occupancies (the TOR's depth), the core count (8) for the PCU's
 * POWER_STATE_OCCUPANCY, and 2 for QPI CTO_COUNT ("both slots").
 */
#define EV(c, m, n)	{ .code = c, .max_inc = m, .name = n }
static const struct sim_event cbox_events[] = {
	EV(0x00, 1, "CLOCKTICKS"),
	EV(0x02, 1, "TxR_INSERTS"),
	EV(0x03, 1, "TxR_STARVED"),
	EV(0x05, 1, "RING_BOUNCES"),
	EV(0x11, 20, "RxR_OCCUPANCY"),
	EV(0x12, 1, "RxR_EXT_STARVED"),
	EV(0x13, 1, "RxR_INSERTS"),
	EV(0x14, 1, "RxR_INT_STARVED"),
	EV(0x1b, 1, "RING_AD_USED"),
	EV(0x1c, 1, "RING_AK_USED"),
	EV(0x1d, 1, "RING_BL_USED"),
	EV(0x1e, 1, "RING_IV_USED"),
	EV(0x1f, 20, "COUNTER0_OCCUPANCY"),
	EV(0x31, 1, "RxR_IPQ_RETRY"),
	EV(0x32, 1, "RxR_IRQ_RETRY"),
	EV(0x33, 1, "RxR_ISMQ_RETRY"),
	EV(0x34, 1, "LLC_LOOKUP"),
	EV(0x35, 1, "TOR_INSERTS"),
	EV(0x36, 20, "TOR_OCCUPANCY"),
	EV(0x37, 1, "LLC_VICTIMS"),
	EV(0x39, 1, "MISC"),
};

static const struct sim_event ha_events[] = {
	EV(0x00, 1, "CLOCKTICKS"),
	EV(0x01, 1, "REQUESTS"),
	EV(0x06, 1, "TRACKER_INSERTS"),
	EV(0x0b, 1, "CONFLICT_CYCLES"),
	EV(0x0c, 1, "DIRECTORY_LOOKUP"),
	EV(0x0d, 1, "DIRECTORY_UPDATE"),
	EV(0x0e, 1, "TxR_AK_NDR"),
	EV(0x0f, 1, "TxR_AD"),
	EV(0x10, 1, "TxR_BL"),
	EV(0x11, 1, "DIRECT2CORE_COUNT"),
	EV(0x12, 1, "DIRECT2CORE_CYCLES_DISABLED"),
	EV(0x13, 1, "DIRECT2CORE_TXN_OVERRIDE"),
	EV(0x14, 1, "BYPASS_IMC"),
	EV(0x15, 1, "RPQ_CYCLES_NO_REG_CREDITS"),
	EV(0x16, 1, "RPQ_CYCLES_NO_SPEC_CREDITS"),
	EV(0x18, 1, "WPQ_CYCLES_NO_REG_CREDITS"),
	EV(0x19, 1, "WPQ_CYCLES_NO_SPEC_CREDITS"),
	EV(0x1a, 1, "IMC_WRITES"),
	EV(0x1b, 1, "TAD_REQUESTS_G0"),
	EV(0x1c, 1, "TAD_REQUESTS_G1"),
	EV(0x1e, 1, "IMC_RETRY"),
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
	EV(0x35, 1, "RxL_STALLS"),
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
	EV(0x138, 2, "CTO_COUNT"),
};

static const struct sim_event imc_events[] = {
	EV(0x00, 1, "CLOCKTICKS"),
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
	EV(0x12, 1, "RPQ_CYCLES_FULL"),
	EV(0x20, 1, "WPQ_INSERTS"),
	EV(0x21, 1, "WPQ_CYCLES_NE"),
	EV(0x22, 1, "WPQ_CYCLES_FULL"),
	EV(0x23, 1, "WPQ_READ_HIT"),
	EV(0x24, 1, "WPQ_WRITE_HIT"),
	EV(0x41, 1, "POWER_THROTTLE_CYCLES"),
	EV(0x43, 1, "POWER_SELF_REFRESH"),
	EV(0x80, 20, "RPQ_OCCUPANCY"),
	EV(0x81, 20, "WPQ_OCCUPANCY"),
	EV(0x83, 1, "POWER_CKE_CYCLES"),
	EV(0x84, 1, "POWER_CHANNEL_DLLOFF"),
	EV(0x85, 1, "POWER_CHANNEL_PPD"),
	EV(0x86, 1, "POWER_CRITICAL_THROTTLE_CYCLES"),
};

static const struct sim_event r2pcie_events[] = {
	EV(0x01, 1, "CLOCKTICKS"),
	EV(0x07, 1, "RING_AD_USED"),
	EV(0x08, 1, "RING_AK_USED"),
	EV(0x09, 1, "RING_BL_USED"),
	EV(0x0a, 1, "RING_IV_USED"),
	EV(0x10, 1, "RxR_CYCLES_NE"),
	EV(0x12, 1, "RxR_AK_BOUNCES"),
	EV(0x23, 1, "TxR_CYCLES_NE"),
	EV(0x25, 1, "TxR_CYCLES_FULL"),
	EV(0x26, 1, "TxR_NACKS"),
	EV(0x32, 1, "IIO_CREDITS_USED"),
	EV(0x33, 1, "IIO_CREDITS_ACQUIRED"),
	EV(0x34, 1, "IIO_CREDITS_REJECT"),
};

static const struct sim_event r3qpi_events[] = {
	EV(0x01, 1, "CLOCKTICKS"),
	EV(0x07, 1, "RING_AD_USED"),
	EV(0x08, 1, "RING_AK_USED"),
	EV(0x09, 1, "RING_BL_USED"),
	EV(0x0a, 1, "RING_IV_USED"),
	EV(0x10, 1, "RxR_CYCLES_NE"),
	EV(0x11, 1, "RxR_INSERTS"),
	EV(0x12, 1, "RxR_BYPASSED"),
	EV(0x13, 20, "RxR_OCCUPANCY"),
	EV(0x20, 1, "IIO_CREDITS_ACQUIRED"),
	EV(0x21, 1, "IIO_CREDITS_REJECT"),
	EV(0x22, 1, "IIO_CREDITS_USED"),
	EV(0x31, 1, "VNA_CREDIT_CYCLES_OUT"),
	EV(0x32, 1, "VNA_CREDIT_CYCLES_USED"),
	EV(0x33, 1, "VNA_CREDITS_ACQUIRED"),
	EV(0x34, 1, "VNA_CREDITS_REJECT"),
	EV(0x36, 1, "VN0_CREDITS_USED"),
	EV(0x37, 1, "VN0_CREDITS_REJECT"),
};

static const struct sim_event ubox_events[] = {
	EV(0x41, 1, "FILTER_MATCH"),
	EV(0x42, 1, "EVENT_MSG"),
	EV(0x43, 1, "U2C_EVENTS"),
	EV(0x44, 1, "LOCK_CYCLES"),
	EV(0x145, 1, "PHOLD_CYCLES"),
	EV(0x146, 1, "RACU_REQUESTS"),
	EV(0x147, 1, "MSG_CHNL_SIZE_COUNT"),
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
	EV(0x80, 8, "POWER_STATE_OCCUPANCY"),
	EV(0x100, 1, "FREQ_TRANS_CYCLES"),
	EV(0x101, 1, "FREQ_MIN_IO_P_CYCLES"),
	EV(0x102, 1, "FREQ_MIN_PERF_P_CYCLES"),
	EV(0x103, 1, "CORE0_TRANSITION_CYCLES"),
	EV(0x104, 1, "CORE1_TRANSITION_CYCLES"),
	EV(0x105, 1, "CORE2_TRANSITION_CYCLES"),
	EV(0x106, 1, "CORE3_TRANSITION_CYCLES"),
	EV(0x107, 1, "CORE4_TRANSITION_CYCLES"),
	EV(0x108, 1, "CORE5_TRANSITION_CYCLES"),
	EV(0x109, 1, "CORE6_TRANSITION_CYCLES"),
	EV(0x10a, 1, "CORE7_TRANSITION_CYCLES"),
	EV(0x10b, 1, "TOTAL_TRANSITION_CYCLES"),
};

#undef EV

static const struct sim_box_type snbep_ubox = {
	.name = "ubox", .space = SIM_MSR,
	.nboxes = ARRAY_SIZE(ubox_base), .base = ubox_base,
	.regs = ubox_regs, .nregs = ARRAY_SIZE(ubox_regs),
	.nctrs = 2, .ctr_width = 44, .ctl_reg = F_CTL, .ctr_reg = F_CTR,
	.events = ubox_events, .nevents = ARRAY_SIZE(ubox_events),
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
	.decode = cbox_decode, .overflow = snbep_overflow,
};

static const struct sim_box_type snbep_pcu = {
	.name = "pcu", .space = SIM_MSR,
	.nboxes = ARRAY_SIZE(pcu_base), .base = pcu_base,
	.regs = pcu_regs, .nregs = ARRAY_SIZE(pcu_regs),
	.nctrs = 4, .ctr_width = 48, .ctl_reg = R_CTL, .ctr_reg = R_CTR,
	.events = pcu_events, .nevents = ARRAY_SIZE(pcu_events),
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
	.decode = boxed_decode, .overflow = snbep_overflow,
};

static const struct sim_box_type snbep_imc = {
	.name = "imc", .space = SIM_PCI,
	.nboxes = ARRAY_SIZE(imc_base), .base = imc_base, .devid = imc_devid,
	.regs = imc_regs, .nregs = ARRAY_SIZE(imc_regs),
	.nctrs = 4, .ctr_width = 48, .ctl_reg = R_CTL, .ctr_reg = R_CTR,
	.events = imc_events, .nevents = ARRAY_SIZE(imc_events),
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
	.decode = boxed_decode, .overflow = snbep_overflow,
};

static const struct sim_box_type snbep_r3qpi = {
	.name = "r3qpi", .space = SIM_PCI,
	.nboxes = ARRAY_SIZE(r3qpi_base), .base = r3qpi_base, .devid = r3qpi_devid,
	.regs = r3qpi_regs, .nregs = ARRAY_SIZE(r3qpi_regs),
	.nctrs = 3, .ctr_width = 44, .ctl_reg = R_CTL, .ctr_reg = R_CTR,
	.events = r3qpi_events, .nevents = ARRAY_SIZE(r3qpi_events),
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
