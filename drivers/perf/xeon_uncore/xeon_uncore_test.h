/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers shared by the xeon_uncore core's KUnit suites (*_test.c): the
 * walk over every box type of every platform, and a PMU set up for a type.
 */
#ifndef _XEON_UNCORE_TEST_H
#define _XEON_UNCORE_TEST_H

#include <kunit/test.h>
#include <linux/bitfield.h>
#include <linux/completion.h>
#include <linux/cpu.h>
#include <linux/cpumask.h>
#include <linux/kernel.h>
#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/time64.h>
#include <linux/topology.h>

#include "uncore.h"

/*
 * The tests given xu_type_gen run once for every box type of every
 * platform in the driver's own list: the parameter is the type's slot in
 * its platform's NULL-terminated list, so nothing here needs resizing when
 * one is added.
 */
static inline const struct xu_platform *xu_id_plat(const struct x86_cpu_id *id)
{
	return (const struct xu_platform *)id->driver_data;
}

/* The row of xu_cpu_ids whose platform has type slot @slot, or NULL. */
static inline const struct x86_cpu_id *xu_plat_of(const struct xu_box_type * const *slot)
{
	const struct xu_box_type * const *t;
	const struct x86_cpu_id *id;

	for (id = xu_cpu_ids; id->driver_data; id++)
		for (t = xu_id_plat(id)->types; *t; t++)
			if (t == slot)
				return id;
	return NULL;
}

/* The type after @prev (NULL: the first) of every platform, or NULL. */
static inline const void *xu_type_next(const void *prev, char *desc)
{
	const struct xu_box_type * const *slot = prev;
	const struct x86_cpu_id *id = slot ? xu_plat_of(slot) : xu_cpu_ids;

	if (!id || !id->driver_data)
		return NULL;
	slot = slot ? slot + 1 : xu_id_plat(id)->types;
	while (!*slot) {
		if (!(++id)->driver_data)
			return NULL;
		slot = xu_id_plat(id)->types;
	}
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s %s", xu_id_plat(id)->name, (*slot)->name);
	return slot;
}

static inline const struct xu_box_type *xu_param_type(struct kunit *test)
{
	return *(const struct xu_box_type * const *)test->param_value;
}

/* The CPUID row of @plat in xu_cpu_ids, or NULL. */
static inline const struct x86_cpu_id *xu_test_cpu_id(const struct xu_platform *plat)
{
	const struct x86_cpu_id *id;

	for (id = xu_cpu_ids; id->driver_data; id++)
		if (id->driver_data == (kernel_ulong_t)plat)
			return id;
	return NULL;
}

static inline void xu_setup_pmu(struct kunit *test, struct xu_pmu *xp,
				const struct xu_box_type *t)
{
	memset(xp, 0, sizeof(*xp));
	xp->type = t;
	snprintf(xp->name, sizeof(xp->name), "uncore_%s", t->name);
	KUNIT_ASSERT_EQ_MSG(test, xu_pmu_fields(xp), 0, "%s", xp->name);
}

/* The box type @name of the platform of CPU model @model, or NULL. */
static inline const struct xu_box_type *xu_test_type(u8 model, const char *name)
{
	const struct xu_box_type * const *t;
	const struct x86_cpu_id *id;

	for (id = xu_cpu_ids; id->driver_data; id++)
		if (id->model == model)
			for (t = xu_id_plat(id)->types; *t; t++)
				if (!strcmp((*t)->name, name))
					return *t;
	return NULL;
}

/* What @enc holds in shared register @reg: its value, its fields in @mask. */
static inline u64 xu_test_use(const struct xu_enc *enc, unsigned int reg, u64 *mask)
{
	unsigned int u;

	*mask = 0;
	for (u = 0; u < enc->nuse; u++) {
		if (enc->use[u].reg != reg)
			continue;
		*mask = enc->use[u].mask;
		return enc->use[u].val & *mask;
	}
	return 0;
}

/* The parameters of a test run for every box type of every platform */
static inline XU_KUNIT_GEN_PARAMS(xu_type_gen)
{
	return xu_type_next(prev, desc);
}

#endif /* _XEON_UNCORE_TEST_H */
