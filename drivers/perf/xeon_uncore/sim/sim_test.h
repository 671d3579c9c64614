/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers shared by the model's KUnit suites: register accesses as a CPU of
 * package @sock would make them, and the last violation recorded.  Each
 * suite's init stores its model instance in test->priv.
 */
#ifndef _XEON_UNCORE_SIM_TEST_H
#define _XEON_UNCORE_SIM_TEST_H

#include <kunit/test.h>

#include "sim.h"

static inline struct sim *tsim(struct kunit *test)
{
	return test->priv;
}

static inline int acc(struct kunit *test, unsigned int sock, bool write,
		      u32 msr, u64 *val)
{
	return sim_access(tsim(test), sock, 0, write, msr, val);
}

static inline void wr(struct kunit *test, unsigned int sock, u32 msr, u64 val)
{
	KUNIT_EXPECT_EQ_MSG(test, acc(test, sock, true, msr, &val), 0,
			    "write 0x%x", msr);
}

static inline u64 rd(struct kunit *test, unsigned int sock, u32 msr)
{
	u64 val = ~0ULL;

	KUNIT_EXPECT_EQ_MSG(test, acc(test, sock, false, msr, &val), 0,
			    "read 0x%x", msr);
	return val;
}

static inline const char *last_why(struct kunit *test)
{
	struct sim *sim = tsim(test);

	return sim->nviol ? sim->viol[(sim->nviol - 1) % SIM_VIOL_KEEP].why :
			    "";
}

static inline u64 last_bits(struct kunit *test)
{
	struct sim *sim = tsim(test);

	return sim->nviol ? sim->viol[(sim->nviol - 1) % SIM_VIOL_KEEP].bits :
			    0;
}

/*
 * The event codes the manuals list for one box type of some parts, for
 * the test that each of them counts (test_listed_events in sim_test.c),
 * restated from REFERENCE.md and the perf lists it points to, never taken
 * from the model's tables: the parts (platform names, space-separated),
 * the type's name, how a code is programmed, the codes; or, for a type
 * with counters and no event codes, why it has none.
 */
enum ref_enc {
	REF_STD,	/* ev_sel 7:0 (and ev_sel_ext 21: codes >= 0x100), umask 15:8, en 22 */
	REF_BBOX,	/* REF_CTR(n, code): counter n's own list; en 0, ev_sel 5:1 */
	REF_MBOX,	/* en 0, inc_sel 13:9; REF_FLAG | set_flag_sel 21:19, flag_mode 7 */
	REF_RBOX,	/* en 0, ev_sel 5:1 = 6 x port + sub-register, ports programmed */
};

#define REF_CTR(n, code)	((n) << 8 | (code))
#define REF_FLAG		0x100

/* { parts, type, enc, umask, codes, ARRAY_SIZE(codes) } or REF_NONE() */
struct ref_events {
	const char *parts;
	const char *type;
	u8 enc;			/* enum ref_enc */
	u8 umask;
	const u16 *codes;
	unsigned int ncodes;
	const char *none;
};

#define REF_NONE(p, t, why)	{ .parts = p, .type = t, .none = why }

/* Each ends with { }. */
extern const struct ref_events sim_ref_l3[];
extern const struct ref_events sim_ref_nhmex[];
extern const struct ref_events sim_ref_snbep[];

#endif /* _XEON_UNCORE_SIM_TEST_H */
