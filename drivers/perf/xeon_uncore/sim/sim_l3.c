// SPDX-License-Identifier: GPL-2.0
/*
 * Xeon 7100 ("Tulsa", CPUID 0F_06) and Xeon 7400 ("Dunnington", 06_1D) L3 /
 * caching-bus-controller EMON counters, after the SDM section "Performance
 * Monitoring with L3/Caching Bus Controller" and the per-model MSR tables.
 * Both parts are described here; where they differ, the difference is in
 * the tables (reserved bits, agents), not in the code.
 *
 * MSR_EMON_L3_CTR_CTL0..7 are each a counter and its control: bits 31:0
 * count, 58:32 select the event, 59 saturates.  CTL0-1 belong to the GBSQ
 * (global bus sequence queue), CTL2-3 to the GSNPQ (global snoop queue),
 * CTL4-7 to the FSB unit; they are the box types "gbsq", "gsnpq" and "fsb",
 * one box each.  MSR_EMON_L3_GL_CTL, which freezes, unfreezes and resets
 * selected counters and holds their overflow status, is box type "gl".
 * Where the manual is silent, the choice made is written at the row or
 * hook concerned.  Every register resets to 0, with nothing frozen.
 *
 * Events: each GBSQ and GSNPQ box sees a periodic stream of cycles, each
 * with no transaction or one transaction with a value for every attribute
 * the control selects on; each FSB box sees, in every cycle, a set of its
 * 26 attributes.  The streams follow from a hash of the platform, box type
 * and box number (not the socket), repeat within SIM_PAT_MAX cycles, and are
 * turned into a counter's per-cycle increments by matching its control
 * against every cycle of the period.  The counting clock of these units is
 * not documented: they count at uclk_mhz like every other box.
 */
#include <linux/bitfield.h>
#include <linux/bitops.h>
#include <linux/bits.h>
#include <linux/kernel.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <kunit/visibility.h>

#include "sim.h"

enum { L3_GBSQ, L3_GSNPQ, L3_FSB, L3_GL };

/* The one row of each box type. */
enum { CTR_CTL = 0 };
enum { GL_CTL = 0 };

#define MSR_EMON_L3_CTR_CTL0	0x107cc
#define MSR_EMON_L3_GL_CTL	0x107d8

/* MSR_EMON_L3_CTR_CTLn, all units */
#define L3_COUNT		GENMASK_ULL(31, 0)
#define L3_EVMASK		GENMASK_ULL(58, 32)
#define L3_SAT			BIT_ULL(59)
#define L3_RSV			GENMASK_ULL(63, 60)

/* GBSQ (CTL0-1) */
#define GBSQ_AGENT		GENMASK_ULL(35, 32)
#define GBSQ_FLOW		GENMASK_ULL(37, 36)
#define GBSQ_FILL		GENMASK_ULL(57, 56)
#define GBSQ_XSNP		BIT_ULL(58)

/* GBSQ and GSNPQ */
#define L3_TYPE			GENMASK_ULL(43, 38)
#define L3_SNOOP		GENMASK_ULL(46, 44)
#define L3_STATE		GENMASK_ULL(53, 47)
#define L3_CORE			GENMASK_ULL(55, 54)

/* GSNPQ (CTL2-3) */
#define GSNPQ_AGENT		GENMASK_ULL(37, 32)
#define GSNPQ_BLOCK		BIT_ULL(56)

/* FSB (CTL4-7) */
#define FSB_ATTR		GENMASK_ULL(57, 32)
#define FSB_ONE			BIT_ULL(58)
#define FSB_NATTR		26
/* In-order queue attributes, as bit numbers within FSB_ATTR */
#define FSB_IOQ_EMPTY		15
#define FSB_IOQ_FULL		16
#define FSB_IOQ_ACTIVE		17

/* MSR_EMON_L3_GL_CTL */
#define GL_FREEZE		BIT_ULL(0)
#define GL_UNFREEZE		BIT_ULL(1)
#define GL_RESET		BIT_ULL(2)
#define GL_CMD			GENMASK_ULL(2, 0)
#define GL_SELECT		GENMASK_ULL(23, 16)
#define GL_STATUS		GENMASK_ULL(55, 48)

/* What a counter box type's hooks need to know about its unit and part. */
struct l3_unit {
	/* GBSQ, GSNPQ: the Agent_Select bits that name an agent; 0: FSB */
	u8 agents;
	/* Does a cycle count for a counter with this control? */
	bool (*match)(u64 ctl, const struct sim_l3_cycle *x);
};

/* ---- Event streams ----------------------------------------------------- */

/* The seed of a box's stream: platform, box type and box, not socket. */
static u64 l3_seed(const struct sim_platform *plat,
		   const struct sim_box_type *t, unsigned int box)
{
	const char *c;
	u64 h = 0;

	for (c = plat->name; *c; c++)
		h = sim_mix(h ^ (u8)*c);
	for (c = t->name; *c; c++)
		h = sim_mix(h ^ (u8)*c);
	return sim_mix(h ^ box);
}

/* A stream repeats every 16..SIM_PAT_MAX cycles. */
static unsigned int l3_period(u64 seed)
{
	return 16 + (u32)(seed >> 32) % (SIM_PAT_MAX - 15);
}

/* The cycle of each period where FSB attribute @a surely occurs. */
static unsigned int l3_spot(u64 seed, unsigned int a, unsigned int len)
{
	return (u32)(sim_mix(seed ^ (0x200 + a)) >> 32) % len;
}

/* The next value in 0..n-1 from the hash state @h. */
static u32 l3_draw(u64 *h, u32 n)
{
	*h = sim_mix(*h);
	return (u32)(*h >> 32) % n;
}

/* Bit number of the k-th (from 0) set bit of @mask. */
static u8 l3_nth_bit(u8 mask, unsigned int k)
{
	while (k--)
		mask &= mask - 1;
	return __ffs(mask);
}

/*
 * Cycle @i of a period.  GBSQ and GSNPQ: a transaction in 5 cycles out of 8,
 * from any agent of the part (Agent_Select bits @agents), every attribute
 * drawn uniformly, except cross-snoops and blocked snoops: 1 in 4.  FSB:
 * each attribute occurs with its own density of 1/8 to 1/2 (drawn from the
 * seed), independently, except the in-order queue: in a cycle it is empty
 * (1 in 4), or active, and then full 1 time in 3.  Every attribute also
 * occurs in one cycle of each period, so that each can be counted.  The
 * six FSB_type bits are six independent attributes here (the type
 * encodings are unknown).
 */
static void l3_cycle(u64 seed, u8 agents, unsigned int i,
		     struct sim_l3_cycle *x)
{
	unsigned int a, q, len = l3_period(seed);
	u64 h = sim_mix(seed + i);

	memset(x, 0, sizeof(*x));
	if (!agents) {
		for (a = 0; a < FSB_NATTR; a++) {
			u32 eighths = 1 + (u32)(sim_mix(seed ^ (0x100 + a)) >> 32) % 4;

			if (l3_draw(&h, 8) < eighths || i == l3_spot(seed, a, len))
				x->fsb |= BIT(a);
		}
		x->fsb &= ~(BIT(FSB_IOQ_EMPTY) | BIT(FSB_IOQ_FULL) |
			    BIT(FSB_IOQ_ACTIVE));
		q = l3_draw(&h, 4);
		if (i == l3_spot(seed, FSB_IOQ_EMPTY, len))
			q = 0;
		else if (i == l3_spot(seed, FSB_IOQ_FULL, len))
			q = 3;
		if (!q)
			x->fsb |= BIT(FSB_IOQ_EMPTY);
		else
			x->fsb |= BIT(FSB_IOQ_ACTIVE) |
				  (q == 3 ? BIT(FSB_IOQ_FULL) : 0);
		return;
	}
	x->txn = l3_draw(&h, 8) < 5;
	x->agent = l3_nth_bit(agents, l3_draw(&h, hweight8(agents)));
	x->flow = l3_draw(&h, 2);
	x->type = l3_draw(&h, 6);
	x->snoop = l3_draw(&h, 3);
	x->state = l3_draw(&h, 7);
	x->core = 1 + l3_draw(&h, 3);
	x->fill = l3_draw(&h, 3);
	x->xsnp = !l3_draw(&h, 4);
	x->block = !l3_draw(&h, 4);
}

void sim_l3_at(const struct sim_platform *plat, const struct sim_box_type *t,
	       unsigned int box, u64 cycle, struct sim_l3_cycle *x)
{
	const struct l3_unit *u = t->priv;
	u64 seed = l3_seed(plat, t, box);
	u32 i;

	div_u64_rem(cycle, l3_period(seed), &i);
	l3_cycle(seed, u->agents, i, x);
}
EXPORT_SYMBOL_IF_KUNIT(sim_l3_at);

/*
 * Core_Module_Select (GBSQ) and Core_Select (GSNPQ, encodings assumed the
 * same): 00 any, 01 this core/module, 10 the other one(s), 11 both / more
 * than one.  Every transaction has one of the three relations.
 */
static bool l3_core_ok(u64 ctl, const struct sim_l3_cycle *x)
{
	u8 sel = FIELD_GET(L3_CORE, ctl);

	return !sel || sel == x->core;
}

/*
 * GBSQ: ANDed attributes.  Agent, flow, type, snoop and state are masks (a
 * set bit accepts that value); Fill_Eviction is 00 any, 01 any fill, 10
 * fill without eviction, 11 fill with eviction; Cross_Snoop 1 accepts
 * cross-snoops only.
 */
static bool gbsq_match(u64 ctl, const struct sim_l3_cycle *x)
{
	u8 fill = FIELD_GET(GBSQ_FILL, ctl);

	return x->txn &&
	       (FIELD_GET(GBSQ_AGENT, ctl) & BIT(x->agent)) &&
	       (FIELD_GET(GBSQ_FLOW, ctl) & BIT(x->flow)) &&
	       (FIELD_GET(L3_TYPE, ctl) & BIT(x->type)) &&
	       (FIELD_GET(L3_SNOOP, ctl) & BIT(x->snoop)) &&
	       (FIELD_GET(L3_STATE, ctl) & BIT(x->state)) &&
	       l3_core_ok(ctl, x) &&
	       (!fill || (fill == 1 ? x->fill : x->fill == fill - 1)) &&
	       (!(ctl & GBSQ_XSNP) || x->xsnp);
}

/*
 * GSNPQ: as GBSQ without flow, fill and cross-snoop.  Block_Snoop's
 * meaning is not documented: 0 accepts any snoop, 1 blocked snoops only.
 */
static bool gsnpq_match(u64 ctl, const struct sim_l3_cycle *x)
{
	return x->txn &&
	       (FIELD_GET(GSNPQ_AGENT, ctl) & BIT(x->agent)) &&
	       (FIELD_GET(L3_TYPE, ctl) & BIT(x->type)) &&
	       (FIELD_GET(L3_SNOOP, ctl) & BIT(x->snoop)) &&
	       (FIELD_GET(L3_STATE, ctl) & BIT(x->state)) &&
	       l3_core_ok(ctl, x) &&
	       (!(ctl & GSNPQ_BLOCK) || x->block);
}

/* FSB: ORed attributes, at most one increment per cycle. */
static bool fsb_match(u64 ctl, const struct sim_l3_cycle *x)
{
	return FIELD_GET(FSB_ATTR, ctl) & x->fsb;
}

static bool l3_pattern(struct sim_socket *s, struct sim_box *b,
		       unsigned int n, const struct sim_ctr_cfg *cfg,
		       struct sim_pattern *pat)
{
	const struct l3_unit *u = b->type->priv;
	u64 seed = l3_seed(s->sim->plat, b->type, b->idx);
	struct sim_l3_cycle x;
	unsigned int i;

	pat->len = l3_period(seed);
	for (i = 0; i < pat->len; i++) {
		l3_cycle(seed, u->agents, i, &x);
		pat->p[i] = u->match(cfg->ctl, &x);
	}
	return true;
}

/* ---- Registers --------------------------------------------------------- */

/* Counter n of box b is MSR_EMON_L3_CTR_CTL<this>. */
static unsigned int l3_ctl_num(const struct sim_box *b, unsigned int n)
{
	return b->type->base[b->idx] + n - MSR_EMON_L3_CTR_CTL0;
}

static struct sim_box *l3_gl(struct sim_socket *s)
{
	return sim_box(s, L3_GL, 0);
}

/*
 * There is no enable bit: a counter counts while its event mask (58:32) is
 * non-zero and GL_CTL has not frozen it.  The manual says counting starts
 * when bits 63:32 are written non-zero; 63:60 are reserved and a lone
 * saturate bit selects no event, so neither starts it here.  Freeze latches
 * (gl box state, bit n for CTLn) are GL_CTL's alone: writing a CTL does not
 * change them.
 */
static void l3_decode(struct sim_socket *s, struct sim_box *b,
		      unsigned int n, struct sim_ctr_cfg *cfg)
{
	u64 reg = b->reg[CTR_CTL][n];

	cfg->ctl = reg & ~L3_COUNT;
	cfg->programmed = reg & L3_EVMASK;
	cfg->saturate = reg & L3_SAT;
	cfg->counting = cfg->programmed &&
			!(l3_gl(s)->state & BIT(l3_ctl_num(b, n)));
}

/* An FSB counter without bit 58 counts nothing. */
static void fsb_decode(struct sim_socket *s, struct sim_box *b,
		       unsigned int n, struct sim_ctr_cfg *cfg)
{
	l3_decode(s, b, n, cfg);
	if (!(b->reg[CTR_CTL][n] & FSB_ONE))
		cfg->counting = false;
}

/* Counter wrapped or saturated: GL_event_status bit 48 + n for CTLn. */
static void l3_overflow(struct sim_socket *s, struct sim_box *b,
			unsigned int n)
{
	l3_gl(s)->reg[GL_CTL][0] |= FIELD_PREP(GL_STATUS,
					       BIT_ULL(l3_ctl_num(b, n)));
}

/* "Bit 58 must be 1" whenever an FSB counter's control half is not 0. */
static const char *fsb_write(struct sim_socket *s, struct sim_box *b,
			     unsigned int n, u64 val)
{
	b->reg[CTR_CTL][n] = val;
	if ((val & ~L3_COUNT) && !(val & FSB_ONE))
		return "FSB bit 58 must be 1";
	return NULL;
}

/*
 * One command per write, applied to the counters selected in the same
 * write.  Reset zeroes the selected counts (controls untouched) and, as a
 * model choice, clears their status bits.  The select field is kept as
 * written even when the command is refused.
 */
static const char *gl_write(struct sim_socket *s, struct sim_box *b,
			    unsigned int n, u64 val)
{
	u64 *gl = &b->reg[GL_CTL][0], cmd = val & GL_CMD;
	u8 sel = FIELD_GET(GL_SELECT, val);
	unsigned int t, i;

	*gl = (*gl & GL_STATUS) | (val & GL_SELECT);
	if (hweight64(cmd) > 1)
		return "more than one GL_CTL command";
	if (cmd & GL_FREEZE)
		b->state |= sel;
	if (cmd & GL_UNFREEZE)
		b->state &= ~(u64)sel;
	if (!(cmd & GL_RESET))
		return NULL;
	for (t = L3_GBSQ; t <= L3_FSB; t++) {
		struct sim_box *cb = sim_box(s, t, 0);

		for (i = 0; i < cb->type->nctrs; i++) {
			u64 bit = BIT_ULL(l3_ctl_num(cb, i));

			if (!(sel & bit))
				continue;
			cb->reg[CTR_CTL][i] &= ~L3_COUNT;
			*gl &= ~FIELD_PREP(GL_STATUS, bit);
		}
	}
	return NULL;
}

/*
 * The CTR_CTL rows.  Common to all: 64 bits, a full write sets control and
 * count at once (count preset); the count is 31:0.  With saturate (59) the
 * count holds at 0xFFFFFFFF (the held value is a model choice), otherwise
 * it wraps modulo 2^32; the GL_CTL status bit sets when the count passes
 * 0xFFFFFFFF, or reaches it saturating (model choice).  63:60: no field in
 * the SDM figures, reserved.
 */

/*
 * Tulsa GBSQ: Agent_Select 35:32 = the four logical processors (33:32 the
 * first core's threads, 35:34 the second's).  Nothing else reserved.
 */
static const struct sim_reg tulsa_gbsq_regs[] = {
	[CTR_CTL] = {
		.name = "MSR_EMON_L3_CTR_CTL", .offset = 0x0, .count = 2,
		.stride = 1, .width = 64, .access = SIM_RW,
		.rsv = L3_RSV,
	},
};

/*
 * Dunnington GBSQ: Agent_Select 34:32 = the three dual-core modules.  The
 * role of bit 35 is not documented for the 7400: reserved.
 */
static const struct sim_reg dunnington_gbsq_regs[] = {
	[CTR_CTL] = {
		.name = "MSR_EMON_L3_CTR_CTL", .offset = 0x0, .count = 2,
		.stride = 1, .width = 64, .access = SIM_RW,
		.rsv = L3_RSV | BIT_ULL(35),
	},
};

/*
 * Tulsa GSNPQ: Agent_Select 35:32 = the four logical processors, 36 = the
 * other symmetric agents on the bus, 37 = the central agent.  The SDM
 * figure has no field at 58:57: reserved.
 */
static const struct sim_reg tulsa_gsnpq_regs[] = {
	[CTR_CTL] = {
		.name = "MSR_EMON_L3_CTR_CTL", .offset = 0x0, .count = 2,
		.stride = 1, .width = 64, .access = SIM_RW,
		.rsv = L3_RSV | GENMASK_ULL(58, 57),
	},
};

/*
 * Dunnington GSNPQ: Agent_Select 34:32 = the three modules, 37 = the central
 * agent.  36:35 are not documented for the 7400, 58:57 have no field:
 * reserved.
 */
static const struct sim_reg dunnington_gsnpq_regs[] = {
	[CTR_CTL] = {
		.name = "MSR_EMON_L3_CTR_CTL", .offset = 0x0, .count = 2,
		.stride = 1, .width = 64, .access = SIM_RW,
		.rsv = L3_RSV | GENMASK_ULL(58, 57) | GENMASK_ULL(36, 35),
	},
};

/*
 * FSB, both parts: 57:32 are 26 ORed attributes, none reserved.  Bit 58
 * must be 1 whenever the control half (63:32) is not 0: such a write is
 * kept, reported, and the counter counts nothing until bit 58 is set.
 */
static const struct sim_reg fsb_regs[] = {
	[CTR_CTL] = {
		.name = "MSR_EMON_L3_CTR_CTL", .offset = 0x0, .count = 4,
		.stride = 1, .width = 64, .access = SIM_RW,
		.rsv = L3_RSV,
		.write = fsb_write,
	},
};

/*
 * GL_CTL: 0 freeze, 1 unfreeze, 2 reset the counters selected in 23:16
 * (bit 16 = CTL0); 55:48 overflow status (bit 48 = CTL0).  Model choices,
 * the manual being silent: commands self-clear and read back 0; the select
 * field reads back as last written; the status bits are read-only and the
 * values written there are ignored (they clear only with a reset command
 * of their counter); a write setting more than one command bit is a
 * violation and runs no command.  All other bits reserved.
 */
static const struct sim_reg gl_regs[] = {
	[GL_CTL] = {
		.name = "MSR_EMON_L3_GL_CTL", .offset = 0x0, .count = 1,
		.width = 64, .access = SIM_RW,
		.rsv = ~(GL_CMD | GL_SELECT | GL_STATUS),
		.write = gl_write,
	},
};

/*
 * Tulsa with gl_ctl=0: the per-model MSR tables list 0x107D8 for the 7400
 * only, so the 7100 may lack it.  Absent, every access raises #GP.
 */
static const struct sim_reg gl_absent_regs[] = {
	[GL_CTL] = {
		.name = "MSR_EMON_L3_GL_CTL", .offset = 0x0, .count = 1,
		.width = 64, .access = SIM_ABSENT,
	},
};

static const u32 gbsq_base[] = { MSR_EMON_L3_CTR_CTL0 };
static const u32 gsnpq_base[] = { MSR_EMON_L3_CTR_CTL0 + 2 };
static const u32 fsb_base[] = { MSR_EMON_L3_CTR_CTL0 + 4 };
static const u32 gl_base[] = { MSR_EMON_L3_GL_CTL };

static const struct l3_unit tulsa_gbsq_unit = {
	.agents = 0x0f, .match = gbsq_match,
};

static const struct l3_unit dunnington_gbsq_unit = {
	.agents = 0x07, .match = gbsq_match,
};

static const struct l3_unit tulsa_gsnpq_unit = {
	.agents = 0x3f, .match = gsnpq_match,
};

static const struct l3_unit dunnington_gsnpq_unit = {
	.agents = 0x27, .match = gsnpq_match,
};

static const struct l3_unit fsb_unit = {
	.agents = 0, .match = fsb_match,
};

/* One box of 32-bit counters, each in the low half of its control. */
static const struct sim_box_type tulsa_gbsq = {
	.name = "gbsq", .space = SIM_MSR,
	.nboxes = ARRAY_SIZE(gbsq_base), .base = gbsq_base,
	.regs = tulsa_gbsq_regs, .nregs = ARRAY_SIZE(tulsa_gbsq_regs),
	.nctrs = 2, .ctr_width = 32, .ctl_reg = CTR_CTL, .ctr_reg = CTR_CTL,
	.decode = l3_decode, .overflow = l3_overflow,
	.pattern = l3_pattern, .max_inc = 1, .priv = &tulsa_gbsq_unit,
};

static const struct sim_box_type dunnington_gbsq = {
	.name = "gbsq", .space = SIM_MSR,
	.nboxes = ARRAY_SIZE(gbsq_base), .base = gbsq_base,
	.regs = dunnington_gbsq_regs, .nregs = ARRAY_SIZE(dunnington_gbsq_regs),
	.nctrs = 2, .ctr_width = 32, .ctl_reg = CTR_CTL, .ctr_reg = CTR_CTL,
	.decode = l3_decode, .overflow = l3_overflow,
	.pattern = l3_pattern, .max_inc = 1, .priv = &dunnington_gbsq_unit,
};

static const struct sim_box_type tulsa_gsnpq = {
	.name = "gsnpq", .space = SIM_MSR,
	.nboxes = ARRAY_SIZE(gsnpq_base), .base = gsnpq_base,
	.regs = tulsa_gsnpq_regs, .nregs = ARRAY_SIZE(tulsa_gsnpq_regs),
	.nctrs = 2, .ctr_width = 32, .ctl_reg = CTR_CTL, .ctr_reg = CTR_CTL,
	.decode = l3_decode, .overflow = l3_overflow,
	.pattern = l3_pattern, .max_inc = 1, .priv = &tulsa_gsnpq_unit,
};

static const struct sim_box_type dunnington_gsnpq = {
	.name = "gsnpq", .space = SIM_MSR,
	.nboxes = ARRAY_SIZE(gsnpq_base), .base = gsnpq_base,
	.regs = dunnington_gsnpq_regs,
	.nregs = ARRAY_SIZE(dunnington_gsnpq_regs),
	.nctrs = 2, .ctr_width = 32, .ctl_reg = CTR_CTL, .ctr_reg = CTR_CTL,
	.decode = l3_decode, .overflow = l3_overflow,
	.pattern = l3_pattern, .max_inc = 1, .priv = &dunnington_gsnpq_unit,
};

static const struct sim_box_type l3_fsb = {
	.name = "fsb", .space = SIM_MSR,
	.nboxes = ARRAY_SIZE(fsb_base), .base = fsb_base,
	.regs = fsb_regs, .nregs = ARRAY_SIZE(fsb_regs),
	.nctrs = 4, .ctr_width = 32, .ctl_reg = CTR_CTL, .ctr_reg = CTR_CTL,
	.decode = fsb_decode, .overflow = l3_overflow,
	.pattern = l3_pattern, .max_inc = 1, .priv = &fsb_unit,
};

static const struct sim_box_type l3_gl_type = {
	.name = "gl", .space = SIM_MSR,
	.nboxes = ARRAY_SIZE(gl_base), .base = gl_base,
	.regs = gl_regs, .nregs = ARRAY_SIZE(gl_regs),
};

static const struct sim_box_type l3_gl_absent = {
	.name = "gl", .space = SIM_MSR,
	.nboxes = ARRAY_SIZE(gl_base), .base = gl_base,
	.regs = gl_absent_regs, .nregs = ARRAY_SIZE(gl_absent_regs),
};

/* No overflow interrupt is documented: decode never sets cfg.pmi. */
static u32 l3_pmi(struct sim_socket *s)
{
	return 0;
}

static const struct sim_box_type *const tulsa_types[] = {
	[L3_GBSQ] = &tulsa_gbsq,
	[L3_GSNPQ] = &tulsa_gsnpq,
	[L3_FSB] = &l3_fsb,
	[L3_GL] = &l3_gl_type,
};

static const struct sim_box_type *const tulsa_nogl_types[] = {
	[L3_GBSQ] = &tulsa_gbsq,
	[L3_GSNPQ] = &tulsa_gsnpq,
	[L3_FSB] = &l3_fsb,
	[L3_GL] = &l3_gl_absent,
};

static const struct sim_box_type *const dunnington_types[] = {
	[L3_GBSQ] = &dunnington_gbsq,
	[L3_GSNPQ] = &dunnington_gsnpq,
	[L3_FSB] = &l3_fsb,
	[L3_GL] = &l3_gl_type,
};

const struct sim_platform sim_tulsa_platform = {
	.name = "tulsa",
	.types = tulsa_types,
	.ntypes = ARRAY_SIZE(tulsa_types),
	.no_gl_ctl = &sim_tulsa_nogl_platform,
	.pmi = l3_pmi,
};
EXPORT_SYMBOL_IF_KUNIT(sim_tulsa_platform);

/* The same part without GL_CTL: its counters can then never be frozen. */
const struct sim_platform sim_tulsa_nogl_platform = {
	.name = "tulsa",
	.types = tulsa_nogl_types,
	.ntypes = ARRAY_SIZE(tulsa_nogl_types),
	.pmi = l3_pmi,
};
EXPORT_SYMBOL_IF_KUNIT(sim_tulsa_nogl_platform);

const struct sim_platform sim_dunnington_platform = {
	.name = "dunnington",
	.types = dunnington_types,
	.ntypes = ARRAY_SIZE(dunnington_types),
	.pmi = l3_pmi,
};
EXPORT_SYMBOL_IF_KUNIT(sim_dunnington_platform);
