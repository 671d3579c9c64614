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

#endif /* _XEON_UNCORE_SIM_TEST_H */
