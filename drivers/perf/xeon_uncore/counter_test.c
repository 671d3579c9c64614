// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the xeon_uncore core's counters (counter.c, regs.c,
 * irq.c): wrap arithmetic, counter reads, sampling periods, the PMI and
 * the state two CPUs update at once.
 */
#include "xeon_uncore_test.h"

/* ---- wrap arithmetic ------------------------------------------------ */

struct xu_wrap_case {
	unsigned int width;
	u64 prev, now, delta;
};

static const struct xu_wrap_case xu_wrap_cases[] = {
	{ 32, 0, 0, 0 },
	{ 32, 5, 9, 4 },
	{ 32, 0xfffffff0, 0x10, 0x20 },
	{ 32, 0xffffffff, 0xfffffffe, 0xffffffff },	/* one short of a full turn */
	{ 44, 0xfffffffffffULL, 0, 1 },
	{ 44, 0x80000000000ULL, 0x7ffffffffffULL, 0xfffffffffffULL },
	{ 44, 0x123, 0x456, 0x333 },
	{ 48, 0xffffffffffffULL, 0x1, 2 },
	{ 48, 0xfffffffff000ULL, 0x0000000000ffULL, 0x10ff },
	{ 48, 1ULL << 47, (1ULL << 47) - 1, 0xffffffffffffULL },
	/* bits above the width (a 64-bit read of a 48-bit register) are ignored */
	{ 48, 0xffff000000000010ULL, 0x20, 0x10 },
};

static void xu_wrap_desc(const struct xu_wrap_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "w%u %#llx->%#llx", c->width,
		 c->prev, c->now);
}

KUNIT_ARRAY_PARAM(xu_wrap, xu_wrap_cases, xu_wrap_desc);

static void xu_test_wrap(struct kunit *test)
{
	const struct xu_wrap_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, xu_delta(c->prev, c->now, c->width), c->delta);
}

/* Summing deltas of a counter that wraps many times gives the true total. */
static void xu_test_wrap_accumulate(struct kunit *test)
{
	static const unsigned int widths[] = { 32, 44, 48 };
	unsigned int w;

	for (w = 0; w < ARRAY_SIZE(widths); w++) {
		u64 mask = GENMASK_ULL(widths[w] - 1, 0);
		u64 step = mask / 3 + 12345;	/* < 2^width: at most one wrap per read */
		u64 hw = mask - 7, prev = hw, total = 0;
		unsigned int i;

		for (i = 0; i < 1000; i++) {
			hw = (hw + step) & mask;
			total += xu_delta(prev, hw, widths[w]);
			prev = hw;
		}
		KUNIT_EXPECT_EQ(test, total, 1000 * step);
	}
}

/*
 * A 48-bit PCI counter read as two dwords while it runs: a fake counter
 * that advances by @step at every dword read, started around a carry into
 * the high dword.  The value must be one the counter held during the
 * read, never a torn mix of two.  @fail_at: the dword read (1-based) that
 * fails, 0 for none.
 */
struct xu_fake_ctr {
	u64 val;
	u64 step;
	unsigned int reads, fail_at;
};

static int xu_fake_read(void *ctx, u32 reg, u32 *val)
{
	struct xu_fake_ctr *c = ctx;

	if (++c->reads == c->fail_at)
		return -EIO;
	*val = reg & 4 ? upper_32_bits(c->val) : lower_32_bits(c->val);
	c->val += c->step;
	return 0;
}

static void xu_test_read_halves(struct kunit *test)
{
	static const u64 steps[] = { 1, 3, 1000, 0x10000000 };
	unsigned int s;
	int off;

	for (s = 0; s < ARRAY_SIZE(steps); s++) {
		for (off = -8; off <= 2; off++) {
			u64 start = 0x5ffffffffULL + off * (s64)steps[s];
			struct xu_fake_ctr c = { start, steps[s] };
			u64 got = 0;

			KUNIT_ASSERT_EQ(test,
					xu_read_halves(xu_fake_read, &c, 0xa0, &got, false), 0);
			KUNIT_EXPECT_GE_MSG(test, got, start, "step %llu start %#llx",
					    steps[s], start);
			KUNIT_EXPECT_LT_MSG(test, got, c.val, "step %llu start %#llx",
					    steps[s], start);
		}
	}
}

/*
 * A read that fails at any of its dword accesses (running: including the
 * fourth, taken only when the high half moved; still: either of two), or
 * that returns the all-ones of a removed device, is an error and leaves
 * the value alone: the fold must never mistake it for a counter that went
 * back to 0 (a wrap).
 */
static void xu_read_halves_fail(struct kunit *test, bool still)
{
	struct xu_fake_ctr gone = { U64_MAX, 0 };
	unsigned int at;
	u64 got = 0x1234;

	for (at = 1; at <= (still ? 2 : 4); at++) {
		/* running: 0xffffffff + 1 per read, the high half moves */
		struct xu_fake_ctr c = { 0xffffffffULL, !still, 0, at };

		KUNIT_EXPECT_EQ_MSG(test, xu_read_halves(xu_fake_read, &c, 0xa0, &got, still),
				    -EIO, "failing dword read %u, still %d", at, still);
		KUNIT_EXPECT_EQ(test, got, 0x1234);
	}
	KUNIT_EXPECT_EQ(test, xu_read_halves(xu_fake_read, &gone, 0xa0, &got, still), -EIO);
	KUNIT_EXPECT_EQ(test, got, 0x1234);
}

static void xu_test_read_halves_fails(struct kunit *test)
{
	xu_read_halves_fail(test, false);
	xu_read_halves_fail(test, true);
}

/*
 * A counter that holds still (stopped, or its box frozen) is read in two
 * dword reads, low then high, exactly; a running one in three.
 */
static void xu_test_read_halves_still(struct kunit *test)
{
	static const u64 vals[] = { 0, 0xffffffffULL, 0x100000000ULL, 0xffffffffffffULL };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(vals); i++) {
		struct xu_fake_ctr c = { vals[i], 0 }, r = { vals[i], 0 };
		u64 got = 0;

		KUNIT_EXPECT_EQ(test, xu_read_halves(xu_fake_read, &c, 0xa0, &got, true), 0);
		KUNIT_EXPECT_EQ(test, got, vals[i]);
		KUNIT_EXPECT_EQ(test, c.reads, 2);
		KUNIT_EXPECT_EQ(test, xu_read_halves(xu_fake_read, &r, 0xa0, &got, false), 0);
		KUNIT_EXPECT_EQ(test, r.reads, 3);
	}
}

/*
 * The PMI re-arms a counting counter at the same preload every time.  A
 * fold in task context that read prev_count before an NMI folded and
 * re-armed must not succeed afterwards (it would add the NMI's increment
 * a second time): the re-arm generation makes prev_count differ.  Checked
 * by playing the interleaving on the helpers the driver folds with.
 */
static void xu_test_fold_rearm_race(struct kunit *test)
{
	static const unsigned int widths[] = { 32, 44, 48 };
	unsigned int w;

	for (w = 0; w < ARRAY_SIZE(widths); w++) {
		unsigned int width = widths[w];
		u64 mask = GENMASK_ULL(width - 1, 0);
		u64 half = BIT_ULL(width - 1);
		u64 prev = xu_prev_armed(0, half, width), count = 0;
		u64 seen, task_now, nmi_now, hw;

		/* task: reads prev_count, then the counter */
		seen = prev;
		hw = half + 1000;
		task_now = xu_prev_folded(seen, hw, width);
		/* NMI: the counter wraps, is folded and armed at the same value */
		hw = 7;
		nmi_now = xu_prev_folded(prev, hw, width);
		count += xu_delta(prev, nmi_now, width);
		prev = xu_prev_armed(nmi_now, half, width);
		KUNIT_EXPECT_EQ(test, prev & mask, seen & mask);
		/* task: its compare-and-exchange must fail, and it retries */
		KUNIT_EXPECT_NE_MSG(test, prev, seen, "width %u", width);
		hw = half + 3;
		seen = prev;
		task_now = xu_prev_folded(seen, hw, width);
		count += xu_delta(seen, task_now, width);
		/* the wrap from the preload, then the retried fold: nothing twice */
		KUNIT_EXPECT_EQ(test, count, half + 7 + 3);
		/* folds keep the generation; deltas never see it */
		KUNIT_EXPECT_EQ(test, task_now & ~mask, prev & ~mask);
		KUNIT_EXPECT_EQ(test, xu_delta(xu_prev_armed(task_now, 5, width),
					       xu_prev_folded(xu_prev_armed(task_now, 5, width),
							      9, width), width), 4);
	}
}

/*
 * Polled sampling: the periods one poll or stop finds due, and what is
 * left, in periods of last_period (sample_period may already be the next
 * one: PERF_EVENT_IOC_PERIOD).
 */
struct xu_due_case {
	s64 left;
	u64 period, due;
	s64 after;
	u64 next;
};

static const struct xu_due_case xu_due_cases[] = {
	{ 1, 100, 0, 1 },
	{ 0, 100, 1, 100 },
	{ -1, 100, 1, 99 },
	{ -99, 100, 1, 1 },
	{ -100, 100, 2, 100 },
	{ -250, 100, 3, 50 },
	/* period 1 and a huge increment: one division, not a loop */
	{ -1000000000000LL, 1, 1000000000001ULL, 1 },
	/* the period changed to 1 as the event stopped: one due, not 251 */
	{ -250, 1000, 1, 750, 1 },
	{ -250, 100, 3, 50, 1000000 },
};

static void xu_due_desc(const struct xu_due_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "left %lld period %llu next %llu",
		 c->left, c->period, c->next ?: c->period);
}

KUNIT_ARRAY_PARAM(xu_due, xu_due_cases, xu_due_desc);

static void xu_test_periods_due(struct kunit *test)
{
	const struct xu_due_case *c = test->param_value;
	struct hw_perf_event hwc = {
		.sample_period = c->next ?: c->period,
		.last_period = c->period,
	};

	local64_set(&hwc.period_left, c->left);
	KUNIT_EXPECT_EQ(test, xu_periods_due(&hwc), c->due);
	KUNIT_EXPECT_EQ(test, (s64)local64_read(&hwc.period_left), c->after);
	KUNIT_EXPECT_EQ(test, hwc.last_period, c->period);
}

/*
 * The PMI's core select: one bit per core of a package, the same for SMT
 * siblings and distinct between cores, every core reachable with a select
 * wide enough, none with a select of no bits.
 */
static void xu_test_pmi_cores(struct kunit *test)
{
	struct xu_platform wide = { .pmi_cores = 32 }, none = { };
	unsigned int a, b;

	for_each_present_cpu(a) {
		u32 m = xu_pmi_cores(&wide, a);

		KUNIT_EXPECT_EQ(test, hweight32(m), 1);
		KUNIT_EXPECT_EQ(test, xu_pmi_cores(&none, a), 0);
		for_each_present_cpu(b) {
			if (topology_physical_package_id(a) !=
			    topology_physical_package_id(b))
				continue;
			KUNIT_EXPECT_EQ(test, m == xu_pmi_cores(&wide, b),
					topology_core_id(a) == topology_core_id(b));
		}
	}
}

/* ---- lock-free state two CPUs update at once ------------------------- */

/*
 * Two threads on two CPUs play the same rounds, in step: both start a
 * round together, and neither starts the next before both have ended it.
 * Where a window is an unlocked read-modify-write, which no register
 * access splits, the model's knobs cannot widen it: the rounds repeat it
 * until the two CPUs meet in it.  @inside counts the threads inside a
 * round's window now, @met the times a thread found the other there too:
 * a run where they never met tested nothing, and is skipped as such.  A
 * thread that waits more than XU_PAIR_WAIT for the other gives up, and so
 * does the other: the test fails instead of hanging the guest.  A vCPU of
 * a TCG guest on a loaded host can stand still for seconds (10 s was
 * seen to run out with the guest's clocksource watchdog complaining):
 * the wait only has to tell a hang from a stall.
 */
#define XU_PAIR_WAIT	(60 * HZ)

struct xu_pair {
	void (*round)(struct xu_pair *p, unsigned int me, unsigned int round);
	unsigned int rounds;
	void *data;
	atomic_t arrived, inside, met;
	bool gave_up;
	struct completion done[2];
};

struct xu_pair_thread {
	struct xu_pair *p;
	unsigned int me;
};

/* false: the other thread never came, or gave up */
static bool xu_pair_wait(struct xu_pair *p, unsigned int round)
{
	unsigned long until = jiffies + XU_PAIR_WAIT;

	atomic_inc(&p->arrived);
	while (atomic_read(&p->arrived) < 2 * (int)(round + 1)) {
		if (READ_ONCE(p->gave_up) || time_after(jiffies, until)) {
			WRITE_ONCE(p->gave_up, true);
			return false;
		}
		/* a wait, not the window: no soft lockup over a long stall */
		cond_resched();
		cpu_relax();
	}
	return true;
}

/* In a round: this thread enters and leaves the window. */
static void xu_pair_enter(struct xu_pair *p)
{
	if (atomic_inc_return(&p->inside) == 2)
		atomic_inc(&p->met);
}

static void xu_pair_leave(struct xu_pair *p)
{
	atomic_dec(&p->inside);
}

static int xu_pair_fn(void *arg)
{
	struct xu_pair_thread *t = arg;
	struct xu_pair *p = t->p;
	unsigned int r;

	for (r = 0; r < p->rounds && xu_pair_wait(p, r); r++) {
		p->round(p, t->me, r);
		if (!(r % 64))
			cond_resched();
	}
	complete(&p->done[t->me]);
	return 0;
}

/*
 * Play @p's rounds on two online CPUs (hot plug held off meanwhile);
 * false: they did not all run, or the CPUs never met in a window (the
 * test is then failed or skipped).
 */
static bool xu_pair_run(struct kunit *test, struct xu_pair *p)
{
	struct xu_pair_thread t[2];
	struct task_struct *task[2];
	unsigned int cpu[2], i = 0, c;
	bool ok = true;

	cpus_read_lock();
	for_each_online_cpu(c) {
		if (i < 2)
			cpu[i++] = c;
	}
	if (i < 2) {
		cpus_read_unlock();
		kunit_skip(test, "needs two online CPUs");
	}
	atomic_set(&p->arrived, 0);
	atomic_set(&p->inside, 0);
	atomic_set(&p->met, 0);
	p->gave_up = false;
	for (i = 0; i < 2; i++) {
		t[i] = (struct xu_pair_thread){ .p = p, .me = i };
		init_completion(&p->done[i]);
		task[i] = kthread_create_on_cpu(xu_pair_fn, &t[i], cpu[i], "xu-pair/%u");
		if (IS_ERR(task[i])) {
			if (i)
				kthread_stop(task[0]);	/* never woken: it does not run */
			cpus_read_unlock();
			KUNIT_FAIL(test, "kthread_create_on_cpu: %pe", task[i]);
			return false;
		}
	}
	for (i = 0; i < 2; i++)
		wake_up_process(task[i]);
	for (i = 0; i < 2; i++) {
		if (!wait_for_completion_timeout(&p->done[i], 3 * XU_PAIR_WAIT)) {
			/* a round that never ends: the threads cannot be stopped */
			WRITE_ONCE(p->gave_up, true);
			wait_for_completion(&p->done[i]);
		}
	}
	cpus_read_unlock();
	if (READ_ONCE(p->gave_up)) {
		KUNIT_FAIL(test, "a thread waited %u s for the other and gave up",
			   XU_PAIR_WAIT / HZ);
		ok = false;
	} else if (!atomic_read(&p->met)) {
		kunit_skip(test, "the two CPUs never were in a window at once: nothing tested");
	}
	kunit_info(test, "%u rounds on CPUs %u and %u, met in a window %d times\n",
		   p->rounds, cpu[0], cpu[1], atomic_read(&p->met));
	return ok;
}

/*
 * The sample budget: the NMI and the poll timer take samples of one
 * socket at once, and during a collector move two CPUs do.  Each round is
 * one tick in which both CPUs ask for XU_BUDGET_ASKS samples each against
 * a limit of XU_BUDGET_LIMIT: every tick grants exactly the limit, and the
 * stats count every grant and every refusal.  A plain read-modify-write
 * of the tick's count or of the stats loses updates here.
 */
#define XU_BUDGET_TICKS		2000
#define XU_BUDGET_ASKS		200
#define XU_BUDGET_LIMIT		300

struct xu_budget {
	struct xu_socket *sk;
	u16 granted[2][XU_BUDGET_TICKS];
};

static void xu_budget_round(struct xu_pair *p, unsigned int me, unsigned int round)
{
	struct xu_budget *b = p->data;
	unsigned int i;

	xu_pair_enter(p);
	for (i = 0; i < XU_BUDGET_ASKS; i++)
		b->granted[me][round] += xu_tick_take(b->sk, XU_BUDGET_LIMIT, round + 1);
	xu_pair_leave(p);
}

static void xu_test_budget_concurrent(struct kunit *test)
{
	struct xu_budget *b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);
	struct xu_pair p = { .round = xu_budget_round, .rounds = XU_BUDGET_TICKS };
	unsigned int r, over = 0;
	u64 granted = 0;

	KUNIT_ASSERT_NOT_NULL(test, b);
	b->sk = kunit_kzalloc(test, sizeof(*b->sk), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, b->sk);
	p.data = b;
	if (!xu_pair_run(test, &p))
		return;
	for (r = 0; r < XU_BUDGET_TICKS; r++) {
		unsigned int n = b->granted[0][r] + b->granted[1][r];

		granted += n;
		if (n != XU_BUDGET_LIMIT && !over++)
			KUNIT_FAIL(test, "tick %u: %u samples granted, limit %u", r + 1, n,
				   XU_BUDGET_LIMIT);
	}
	KUNIT_EXPECT_EQ_MSG(test, over, 0U, "ticks over or under the limit");
	KUNIT_EXPECT_EQ(test, granted, (u64)XU_BUDGET_TICKS * XU_BUDGET_LIMIT);
	KUNIT_EXPECT_EQ(test, (u64)atomic64_read(&b->sk->stats.samples), granted);
	KUNIT_EXPECT_EQ(test, (u64)atomic64_read(&b->sk->stats.throttled),
			(u64)XU_BUDGET_TICKS * (2 * XU_BUDGET_ASKS - XU_BUDGET_LIMIT));
}

/*
 * The socket's count of interrupting counters: while the collector moves,
 * the moved boxes start on the new CPU as the old one stops the others,
 * each under its own box's lock.  Each round, each CPU starts its box's
 * counter with its interrupt and stops it again; while its own counter
 * runs the count is at least 1 (at 0, the NMI handler would take a real
 * PMI for another NMI's), and at the end it is 0.
 */
#define XU_PMI_ROUNDS	20000

struct xu_pmi_count {
	struct xu_socket *sk;
	struct xu_box box[2];
	unsigned int zero[2];
};

static void xu_pmi_count_round(struct xu_pair *p, unsigned int me, unsigned int round)
{
	struct xu_pmi_count *c = p->data;
	struct xu_box *box = &c->box[me];
	unsigned long flags;

	xu_box_lock(box, &flags);
	xu_pair_enter(p);
	xu_ctr_pmi_join(box, 0, true);
	if (atomic_read(&c->sk->pmi_active) < 1)
		c->zero[me]++;
	xu_ctr_pmi_leave(box, 0);
	xu_pair_leave(p);
	xu_box_unlock(box, flags);
}

static void xu_test_pmi_count_concurrent(struct kunit *test)
{
	struct xu_pmi_count *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);
	struct xu_pair p = { .round = xu_pmi_count_round, .rounds = XU_PMI_ROUNDS };
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, c);
	c->sk = kunit_kzalloc(test, sizeof(*c->sk), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, c->sk);
	for (i = 0; i < 2; i++) {
		c->box[i].sk = c->sk;
		raw_spin_lock_init(&c->box[i].lock);
	}
	p.data = c;
	if (!xu_pair_run(test, &p))
		return;
	KUNIT_EXPECT_EQ(test, atomic_read(&c->sk->pmi_active), 0);
	KUNIT_EXPECT_EQ(test, c->zero[0] + c->zero[1], 0U);
	for (i = 0; i < 2; i++)
		KUNIT_EXPECT_EQ(test, c->box[i].pmi_on, BIT(0));
}

/*
 * PERF_EVENT_IOC_PERIOD sets period_left to 0 before restarting with
 * PERF_EF_RELOAD: the new period counts from the restart, no sample is
 * due at once.  An overshoot carries over; a whole period or more does not.
 */
static void xu_test_period_reload(struct kunit *test)
{
	static const s64 cases[][2] = {
		{ 0, 1000 }, { -1, 999 }, { -999, 1 }, { -1000, 1000 },
		{ -5000, 1000 }, { 300, 300 },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		struct hw_perf_event hwc = { .sample_period = 1000 };

		local64_set(&hwc.period_left, cases[i][0]);
		KUNIT_EXPECT_EQ(test, xu_period_reload(&hwc), cases[i][1]);
		KUNIT_EXPECT_EQ(test, xu_periods_due(&hwc), 0);
	}
}

/*
 * A sampling event stopped with period_left L (its count folded, the
 * samples due there taken), then perhaps PERF_EVENT_IOC_PERIOD to P while
 * it is off (sample_period P, period_left 0), then started: a new period
 * begins exactly when the ioctl came and either changed the period or
 * found nothing owed (L > 0); otherwise the start goes on from L, and the
 * samples a stop left owed (L <= 0) stay owed, an ioctl of the same period
 * too (its zero cannot be told from them).  A counting event never begins
 * one.  Every L about the boundary, with and without the ioctl, the same
 * period and another, with and without the mark an earlier stop left.
 */
static void xu_test_period_owed(struct kunit *test)
{
	static const s64 lefts[] = { -2001, -1000, -1, 0, 1, 999, 1000 };
	unsigned int c;

	/* c: L (c / 16); ioctl, same, sampling, marked before: bits 0-3 */
	for (c = 0; c < ARRAY_SIZE(lefts) * 16; c++) {
		s64 left = lefts[c / 16];
		bool ioctl = c & 1, same = c & 2, sampling = c & 4, before = c & 8;
		struct hw_perf_event hwc = {
			.sample_period = 1000, .last_period = 1000,
			.state = PERF_HES_STOPPED | PERF_HES_UPTODATE |
				 (before ? PERF_HES_ARCH : 0),
		};
		bool owed = left <= 0, want;

		if (!ioctl && !same)	/* no ioctl: the period it had */
			continue;
		local64_set(&hwc.period_left, left);
		xu_period_mark_owed(&hwc, sampling);
		KUNIT_EXPECT_EQ_MSG(test, !!(hwc.state & PERF_HES_ARCH), sampling && owed,
				    "the mark: left %lld, %s event, %smarked before", left,
				    sampling ? "sampling" : "counting", before ? "" : "not ");
		/* an add keeps the mark (xu_pmu_add()) */
		hwc.state = PERF_HES_STOPPED | PERF_HES_UPTODATE | (hwc.state & PERF_HES_ARCH);
		if (ioctl) {
			hwc.sample_period = same ? 1000 : 3000;
			local64_set(&hwc.period_left, 0);
		}
		want = sampling && ioctl && (!same || !owed);
		KUNIT_EXPECT_EQ_MSG(test, xu_period_restarts(&hwc, sampling), want,
				    "left %lld, %s to the %s period, %s event, %smarked before",
				    left, ioctl ? "ioctl" : "no ioctl", same ? "same" : "other",
				    sampling ? "sampling" : "counting", before ? "" : "not ");
	}
}

static struct kunit_case xu_counter_test_cases[] = {
	KUNIT_CASE_PARAM(xu_test_wrap, xu_wrap_gen_params),
	KUNIT_CASE(xu_test_wrap_accumulate),
	KUNIT_CASE(xu_test_read_halves),
	KUNIT_CASE(xu_test_read_halves_fails),
	KUNIT_CASE(xu_test_read_halves_still),
	KUNIT_CASE(xu_test_fold_rearm_race),
	KUNIT_CASE_PARAM(xu_test_periods_due, xu_due_gen_params),
	KUNIT_CASE(xu_test_period_reload),
	KUNIT_CASE(xu_test_period_owed),
	KUNIT_CASE(xu_test_pmi_cores),
	KUNIT_CASE(xu_test_budget_concurrent),
	KUNIT_CASE(xu_test_pmi_count_concurrent),
	{ }
};

static struct kunit_suite xu_counter_test_suite = {
	.name = "xeon_uncore_counter",
	.test_cases = xu_counter_test_cases,
};

kunit_test_suites(&xu_counter_test_suite);

MODULE_DESCRIPTION("KUnit tests for xeon_uncore");
MODULE_LICENSE("GPL");
XU_IMPORT_KUNIT_NS();
