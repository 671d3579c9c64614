// SPDX-License-Identifier: GPL-2.0
/*
 * Xeon 7100 (Tulsa, family 0xf model 6) and Xeon 7400 (Dunnington, family
 * 6 model 0x1d): the EMON counters of the L3 / caching bus controller.
 *
 * Source: Intel SDM Vol. 3B, "Performance Monitoring with L3/Caching Bus
 * Controller" (18.21 in the 2013 and later editions), and the SDM MSR
 * tables.
 *
 * Eight MSRs, 0x107cc-0x107d3, are each both control (63:32) and 32-bit
 * count (31:0).  There is no enable bit: a counter counts while its control
 * half is non-zero.  Counters 0-1 watch the GBSQ (global bus sequence
 * queue), 2-3 the GSNPQ (global snoop queue), 4-7 the front-side bus.  The
 * event mask in 58:32 means something different for each of the three
 * units, so a perf user picks the unit by the config word the fields live
 * in: GBSQ fields in config, GSNPQ fields in config1, FSB fields in
 * config2, each at its hardware bit position.  MSR_EMON_L3_GL_CTL
 * (0x107d8) freezes, unfreezes and resets any subset of the eight.
 *
 * Family 0xf models 3 and 4 (Xeon MP with 8 MB L3) have other monitors at
 * the same MSR numbers: only the exact family/model match loads this.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bitfield.h>
#include <linux/bits.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <kunit/visibility.h>

#include "uncore.h"

#define L3_CTL0			0x107cc		/* MSR_EMON_L3_CTR_CTL0 */
#define L3_CTRS			8
#define L3_ALL			GENMASK(L3_CTRS - 1, 0)

#define L3_COUNT		GENMASK_ULL(31, 0)
#define L3_EVENT_MASK		GENMASK_ULL(58, 32)
#define L3_SATURATE		BIT_ULL(59)
#define L3_FSB_ONE		BIT_ULL(58)	/* must be 1 on FSB counters */

#define L3_GL_CTL		0x107d8		/* MSR_EMON_L3_GL_CTL */
#define L3_GL_FREEZE		BIT_ULL(0)
#define L3_GL_UNFREEZE		BIT_ULL(1)
#define L3_GL_SELECT		GENMASK_ULL(23, 16)

/* GBSQ, counters 0-1: attributes ANDed (SDM figure "GBSQ event mask") */
#define GBSQ_AGENT_7100		GENMASK_ULL(35, 32)	/* one per thread */
#define GBSQ_AGENT_7400		GENMASK_ULL(34, 32)	/* one per module */
#define GBSQ_FLOW		GENMASK_ULL(37, 36)	/* demand, prefetch */
#define GBSQ_TYPE		GENMASK_ULL(43, 38)
#define GBSQ_SNOOP		GENMASK_ULL(46, 44)	/* clean, HIT, HITM */
#define GBSQ_STATE		GENMASK_ULL(53, 47)	/* L3 line states */
#define GBSQ_CORE		GENMASK_ULL(55, 54)	/* encoded, 0: any */
#define GBSQ_FILL		GENMASK_ULL(57, 56)	/* encoded, 0: any */
#define GBSQ_XSNP		BIT_ULL(58)		/* cross snoops only */

/* GSNPQ, counters 2-3: attributes ANDed; bits 58:57 undefined */
#define GSNPQ_AGENT_7100	GENMASK_ULL(37, 32)	/* threads, others, chipset */
#define GSNPQ_AGENT_7400	(GENMASK_ULL(34, 32) | BIT_ULL(37))
#define GSNPQ_TYPE		GENMASK_ULL(43, 38)
#define GSNPQ_SNOOP		GENMASK_ULL(46, 44)
#define GSNPQ_STATE		GENMASK_ULL(53, 47)
#define GSNPQ_CORE		GENMASK_ULL(55, 54)
#define GSNPQ_BLOCK		BIT_ULL(56)

/* FSB, counters 4-7: attributes ORed, one per bit */
#define FSB_TYPE		GENMASK_ULL(37, 32)
#define FSB_BIT(n)		BIT_ULL(n)

enum { L3_GBSQ, L3_GSNPQ, L3_FSB, L3_UNITS };

/* The config word each unit's fields live in is its index. */
static const struct {
	const char *name;
	unsigned long counters;
	u64 and_masks[4];	/* ANDed masks besides the agent: 0 means any */
} l3_units[L3_UNITS] = {
	[L3_GBSQ]  = { "GBSQ",  0x03, { GBSQ_FLOW, GBSQ_TYPE, GBSQ_SNOOP, GBSQ_STATE } },
	[L3_GSNPQ] = { "GSNPQ", 0x0c, { GSNPQ_TYPE, GSNPQ_SNOOP, GSNPQ_STATE } },
	[L3_FSB]   = { "FSB",   0xf0, { } },
};

/* What differs between the two parts' encodings. */
struct l3_part {
	u64 agent[L3_FSB];	/* Agent_Select of GBSQ and GSNPQ */
};

static const struct l3_part tulsa_part = {
	.agent = { GBSQ_AGENT_7100, GSNPQ_AGENT_7100 },
};

static const struct l3_part dunnington_part = {
	.agent = { GBSQ_AGENT_7400, GSNPQ_AGENT_7400 },
};

XU_FIELD(gbsq_agent_7100,	gbsq_agent,	0, GBSQ_AGENT_7100);
XU_FIELD(gbsq_agent_7400,	gbsq_agent,	0, GBSQ_AGENT_7400);
XU_FIELD(gbsq_flow,		gbsq_flow,	0, GBSQ_FLOW);
XU_FIELD(gbsq_type,		gbsq_type,	0, GBSQ_TYPE);
XU_FIELD(gbsq_snoop,		gbsq_snoop,	0, GBSQ_SNOOP);
XU_FIELD(gbsq_l3_state,		gbsq_l3_state,	0, GBSQ_STATE);
XU_FIELD(gbsq_core,		gbsq_core,	0, GBSQ_CORE);
XU_FIELD(gbsq_fill,		gbsq_fill,	0, GBSQ_FILL);
XU_FIELD(gbsq_xsnp,		gbsq_xsnp,	0, GBSQ_XSNP);
XU_FIELD(saturate,		saturate,	0, L3_SATURATE);

XU_FIELD(gsnpq_agent_7100,	gsnpq_agent,	1, GSNPQ_AGENT_7100);
XU_FIELD(gsnpq_agent_7400,	gsnpq_agent,	1, GSNPQ_AGENT_7400);
XU_FIELD(gsnpq_type,		gsnpq_type,	1, GSNPQ_TYPE);
XU_FIELD(gsnpq_snoop,		gsnpq_snoop,	1, GSNPQ_SNOOP);
XU_FIELD(gsnpq_l2_state,	gsnpq_l2_state,	1, GSNPQ_STATE);
XU_FIELD(gsnpq_core,		gsnpq_core,	1, GSNPQ_CORE);
XU_FIELD(gsnpq_block,		gsnpq_block,	1, GSNPQ_BLOCK);

XU_FIELD(fsb_type,		fsb_type,		2, FSB_TYPE);
XU_FIELD(fsb_l_clear,		fsb_l_clear,		2, FSB_BIT(38));
XU_FIELD(fsb_l_hit,		fsb_l_hit,		2, FSB_BIT(39));
XU_FIELD(fsb_l_hitm,		fsb_l_hitm,		2, FSB_BIT(40));
XU_FIELD(fsb_l_defer,		fsb_l_defer,		2, FSB_BIT(41));
XU_FIELD(fsb_l_retry,		fsb_l_retry,		2, FSB_BIT(42));
XU_FIELD(fsb_l_snoop_stall,	fsb_l_snoop_stall,	2, FSB_BIT(43));
XU_FIELD(fsb_dbsy,		fsb_dbsy,		2, FSB_BIT(44));
XU_FIELD(fsb_drdy,		fsb_drdy,		2, FSB_BIT(45));
XU_FIELD(fsb_bnr,		fsb_bnr,		2, FSB_BIT(46));
XU_FIELD(fsb_ioq_empty,		fsb_ioq_empty,		2, FSB_BIT(47));
XU_FIELD(fsb_ioq_full,		fsb_ioq_full,		2, FSB_BIT(48));
XU_FIELD(fsb_ioq_active,	fsb_ioq_active,		2, FSB_BIT(49));
XU_FIELD(fsb_ww_data,		fsb_ww_data,		2, FSB_BIT(50));
XU_FIELD(fsb_ww_issue,		fsb_ww_issue,		2, FSB_BIT(51));
XU_FIELD(fsb_wr_issue,		fsb_wr_issue,		2, FSB_BIT(52));
XU_FIELD(fsb_rw_issue,		fsb_rw_issue,		2, FSB_BIT(53));
XU_FIELD(fsb_other_dbsy,	fsb_other_dbsy,		2, FSB_BIT(54));
XU_FIELD(fsb_other_drdy,	fsb_other_drdy,		2, FSB_BIT(55));
XU_FIELD(fsb_other_snoop_stall,	fsb_other_snoop_stall,	2, FSB_BIT(56));
XU_FIELD(fsb_other_bnr,		fsb_other_bnr,		2, FSB_BIT(57));

/* The same fields on both parts, but for which agents there are. */
#define L3_FIELDS(_name, _gbsq_agent, _gsnpq_agent)			\
static struct xu_field * const _name[] = {				\
	&(_gbsq_agent), &xu_field_gbsq_flow, &xu_field_gbsq_type,		\
	&xu_field_gbsq_snoop, &xu_field_gbsq_l3_state,			\
	&xu_field_gbsq_core, &xu_field_gbsq_fill, &xu_field_gbsq_xsnp,	\
	&xu_field_saturate,						\
	&(_gsnpq_agent), &xu_field_gsnpq_type, &xu_field_gsnpq_snoop,	\
	&xu_field_gsnpq_l2_state, &xu_field_gsnpq_core,			\
	&xu_field_gsnpq_block,						\
	&xu_field_fsb_type, &xu_field_fsb_l_clear, &xu_field_fsb_l_hit,	\
	&xu_field_fsb_l_hitm, &xu_field_fsb_l_defer,			\
	&xu_field_fsb_l_retry, &xu_field_fsb_l_snoop_stall,		\
	&xu_field_fsb_dbsy, &xu_field_fsb_drdy, &xu_field_fsb_bnr,	\
	&xu_field_fsb_ioq_empty, &xu_field_fsb_ioq_full,		\
	&xu_field_fsb_ioq_active, &xu_field_fsb_ww_data,		\
	&xu_field_fsb_ww_issue, &xu_field_fsb_wr_issue,			\
	&xu_field_fsb_rw_issue, &xu_field_fsb_other_dbsy,		\
	&xu_field_fsb_other_drdy, &xu_field_fsb_other_snoop_stall,	\
	&xu_field_fsb_other_bnr, NULL,					\
}

L3_FIELDS(tulsa_fields, xu_field_gbsq_agent_7100, xu_field_gsnpq_agent_7100);
L3_FIELDS(dunnington_fields, xu_field_gbsq_agent_7400, xu_field_gsnpq_agent_7400);

/*
 * ANDed mask fields left at 0 are programmed as "any", so these name only
 * what they select.  The SDM defines no event list for these counters.
 */
static const struct xu_event_desc l3_events[] = {
	XU_EVENT("l3_requests",			"gbsq_flow=0x3"),
	XU_EVENT("l3_requests.demand",		"gbsq_flow=0x1"),
	XU_EVENT("l3_requests.prefetch",	"gbsq_flow=0x2"),
	XU_EVENT("l3_requests.hitm",		"gbsq_snoop=0x4"),
	XU_EVENT("l3_requests.cross_snoop",	"gbsq_xsnp=1"),
	XU_EVENT("l3_fills",			"gbsq_fill=0x1"),
	XU_EVENT("l3_fills.no_eviction",	"gbsq_fill=0x2"),
	XU_EVENT("l3_fills.eviction",		"gbsq_fill=0x3"),
	XU_EVENT("l3_snoops",			"gsnpq_snoop=0x7"),
	XU_EVENT("l3_snoops.hit",		"gsnpq_snoop=0x2"),
	XU_EVENT("l3_snoops.hitm",		"gsnpq_snoop=0x4"),
	XU_EVENT("fsb_drdy_cycles",		"fsb_drdy=1"),
	XU_EVENT("fsb_dbsy_cycles",		"fsb_dbsy=1"),
	XU_EVENT("fsb_bnr",			"fsb_bnr=1"),
	XU_EVENT("fsb_ioq_full_cycles",		"fsb_ioq_full=1"),
	XU_EVENT("fsb_ioq_empty_cycles",	"fsb_ioq_empty=1"),
	XU_EVENT("fsb_ioq_busy_cycles",		"fsb_ioq_active=1"),
	XU_EVENT("fsb_snoops.hit",		"fsb_l_hit=1"),
	XU_EVENT("fsb_snoops.hitm",		"fsb_l_hitm=1"),
	XU_EVENT("fsb_defers",			"fsb_l_defer=1"),
	XU_EVENT("fsb_retries",			"fsb_l_retry=1"),
	XU_EVENT("fsb_snoop_stalls",		"fsb_l_snoop_stall=1"),
	XU_EVENT("fsb_other_drdy_cycles",	"fsb_other_drdy=1"),
	{ }
};

#define L3_WORDS	"GBSQ fields are in config, GSNPQ in config1, FSB in config2"

/*
 * The unit is the one config word with event-mask bits; its mask goes to
 * bits 58:32 of the counter, with saturate, the FSB's must-be-one bit, and
 * "any" in every ANDed mask left at 0 (which would never count).
 */
static const char *l3_encode(const struct xu_box_type *t, const u64 *config,
			     struct xu_enc *enc)
{
	const struct l3_part *part = t->priv;
	int unit = -1;
	unsigned int w, i;
	u64 mask = 0;

	for (w = 0; w < L3_UNITS; w++) {
		u64 m = config[w] & L3_EVENT_MASK & ~t->fixed[w];

		if (!m)
			continue;
		if (unit >= 0)
			return "fields of more than one unit (" L3_WORDS ")";
		unit = w;
		mask = m;
	}
	if (unit < 0)
		return "no GBSQ, GSNPQ or FSB field set (" L3_WORDS ")";

	if (unit != L3_FSB) {
		if (!(mask & part->agent[unit]))
			mask |= part->agent[unit];
		for (i = 0; i < ARRAY_SIZE(l3_units[unit].and_masks); i++) {
			u64 m = l3_units[unit].and_masks[i];

			if (m && !(mask & m))
				mask |= m;
		}
	} else {
		mask |= L3_FSB_ONE;
	}
	enc->ctl = mask | (config[0] & L3_SATURATE);
	enc->counters = l3_units[unit].counters;
	return NULL;
}

/*
 * Whether MSR_EMON_L3_GL_CTL exists: the SDM describes it for this L3,
 * but its 0F_06 MSR table does not list it.  Probed with a faulting-safe
 * read.  Without it each counter is started and stopped on its own: a
 * group does not start at one instant, and a stop loses what counts
 * between reading the counter and clearing its control.
 */
static bool l3_gl;

static void l3_gl_cmd(u64 cmd, unsigned long counters)
{
	xu_wrmsr(L3_GL_CTL, FIELD_PREP(L3_GL_SELECT, counters) | cmd);
}

/* Counters off and zero; frozen until the core enables the box. */
static void l3_init_box(struct xu_box *box)
{
	unsigned int i;
	u64 val;

	l3_gl = !xu_rdmsr_probe(L3_GL_CTL, &val);
	if (!l3_gl)
		pr_info_once("%s: no MSR_EMON_L3_GL_CTL: counters start and stop one by one\n",
			     box->pmu->name);
	else
		l3_gl_cmd(L3_GL_FREEZE, L3_ALL);
	for (i = 0; i < L3_CTRS; i++)
		xu_wrmsr(xu_ctl(box, i), 0);
}

/* As found at reset: controls and counts 0, nothing frozen. */
static void l3_exit_box(struct xu_box *box)
{
	unsigned int i;

	if (l3_gl)
		l3_gl_cmd(L3_GL_FREEZE, L3_ALL);
	for (i = 0; i < L3_CTRS; i++)
		xu_wrmsr(xu_ctl(box, i), 0);
	if (l3_gl)
		l3_gl_cmd(L3_GL_UNFREEZE, L3_ALL);
}

/* Counters with a zero control do not count, so all eight can be unfrozen. */
static void l3_enable_box(struct xu_box *box)
{
	if (l3_gl)
		l3_gl_cmd(L3_GL_UNFREEZE, L3_ALL);
}

static void l3_disable_box(struct xu_box *box)
{
	if (l3_gl)
		l3_gl_cmd(L3_GL_FREEZE, L3_ALL);
}

/*
 * One write programs the event and zeroes its count, so that a saturating
 * event has the whole 2^32 - 1 from each start.  Called under the box lock.
 */
static void l3_enable_event(struct xu_box *box, struct perf_event *event)
{
	struct hw_perf_event *hwc = &event->hw;

	local64_set(&hwc->prev_count, 0);
	xu_wrmsr(hwc->config_base, hwc->config);
	if (l3_gl && box->enabled)
		l3_gl_cmd(L3_GL_UNFREEZE, BIT(hwc->idx));
}

/* Clearing the control must keep the count for the final read. */
static void l3_disable_event(struct xu_box *box, struct perf_event *event)
{
	struct hw_perf_event *hwc = &event->hw;

	if (l3_gl)
		l3_gl_cmd(L3_GL_FREEZE, BIT(hwc->idx));
	xu_wrmsr(hwc->config_base, xu_rdmsr(hwc->config_base) & L3_COUNT);
}

static const struct xu_box_ops l3_ops = {
	.init_box	= l3_init_box,
	.exit_box	= l3_exit_box,
	.enable_box	= l3_enable_box,
	.disable_box	= l3_disable_box,
	.enable_event	= l3_enable_event,
	.disable_event	= l3_disable_event,
	.encode		= l3_encode,
};

/*
 * One PMU per package, "uncore_l3".  RDPMC reaches the counters at ECX
 * 18-25 on the 7100 and 2-9 on the 7400 (newer SDM editions; older ones
 * give 18-25 for both); the driver reads them with RDMSR either way.
 */
#define L3_BOX(_fields, _part, _rdpmc0) {			\
	.name		= "l3",					\
	.num_boxes	= 1,					\
	.num_counters	= L3_CTRS,				\
	.width		= 32,					\
	.max_inc	= 1,					\
	.ctl0		= L3_CTL0,				\
	.ctr0		= L3_CTL0,				\
	.ctl_stride	= 1,					\
	.ctr_stride	= 1,					\
	.sat_bit	= L3_SATURATE,				\
	.fixed		= { [L3_FSB] = L3_FSB_ONE },		\
	.rdpmc0		= (_rdpmc0),				\
	.fields		= (_fields),				\
	.events		= l3_events,				\
	.ops		= &l3_ops,				\
	.priv		= (_part),				\
}

static const struct xu_box_type tulsa_l3 = L3_BOX(tulsa_fields, &tulsa_part, 18);
static const struct xu_box_type dunnington_l3 =
	L3_BOX(dunnington_fields, &dunnington_part, 2);

static const struct xu_box_type * const tulsa_types[] = { &tulsa_l3, NULL };
static const struct xu_box_type * const dunnington_types[] = {
	&dunnington_l3, NULL,
};

/*
 * The SDM does not say which clock the counters count in.  The L3 runs at
 * core clock on these parts; the bound used for polling is twice the
 * fastest core clock of the line (7150N: 3.5 GHz, X7460: 2.67 GHz), so
 * that even a counter counting at double rate cannot wrap twice between
 * two folds.  That is a fold every 153 ms (7100) or 201 ms (7400).
 */
const struct xu_platform xu_tulsa_platform = {
	.name		= "Xeon 7100 (Tulsa)",
	.uclk_max_hz	= 7000000000ULL,
	.types		= tulsa_types,
};
EXPORT_SYMBOL_IF_KUNIT(xu_tulsa_platform);

const struct xu_platform xu_dunnington_platform = {
	.name		= "Xeon 7400 (Dunnington)",
	.uclk_max_hz	= 5340000000ULL,
	.types		= dunnington_types,
};
EXPORT_SYMBOL_IF_KUNIT(xu_dunnington_platform);
