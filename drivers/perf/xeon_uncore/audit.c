// SPDX-License-Identifier: GPL-2.0
/*
 * Programs that write the uncore behind perf's back.
 *
 * Nothing stops another program from programming the same registers
 * through /dev/cpu/N/msr or PCI config space: likwid in its access-daemon
 * mode (Debian's build), PCM without PCM_USE_UNCORE_PERF=1, wrmsr,
 * setpci.  On the hardware our counts then silently become theirs.  The
 * driver reads a counter's control register and compares it with what it
 * wrote at each poll, at the stop that takes an event's final count, and
 * whenever a fold finds the count lower than at the last fold (a wrap, an
 * overflow in the PMI, or a counter another program reset): never on a
 * plain read, which stays one access.  A control that holds something
 * else means the count since the last fold is not the event's: it is
 * dropped (never a wrap's worth of garbage), the control is written back,
 * the PMU's foreign_writes file counts the finding, and the first finding
 * on each box is reported in the kernel log, naming the likely program.
 * A counter reset without its control touched reads as a wrap.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/irq_work.h>
#include <linux/perf_event.h>
#include <linux/printk.h>
#include <linux/rcupdate.h>
#include <linux/sched/signal.h>
#include <linux/string.h>
#include <linux/workqueue.h>

#include "uncore.h"

/* box->foreign.state: nothing found, being recorded, to report, reported */
enum { XU_FOREIGN_NONE, XU_FOREIGN_CLAIMED, XU_FOREIGN_READY, XU_FOREIGN_DONE };

static void xu_foreign_report(struct work_struct *work);
static DECLARE_WORK(xu_foreign_work, xu_foreign_report);

/* from any context, the NMI included */
static void xu_foreign_kick(struct irq_work *work)
{
	schedule_work(&xu_foreign_work);
}

static struct irq_work xu_foreign_irq_work = IRQ_WORK_INIT(xu_foreign_kick);

/*
 * The program most likely at it: the first running task named as one of
 * the tools known to program the uncore themselves, or as one of their
 * family (likwid-accessD, pcm-memory).
 */
static const char * const xu_foreign_tools[] = {
	"likwid", "pcm", "wrmsr", "setpci",
};

static bool xu_foreign_tool(const char *name)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(xu_foreign_tools); i++) {
		size_t n = strlen(xu_foreign_tools[i]);

		if (!strncmp(name, xu_foreign_tools[i], n) &&
		    (!name[n] || name[n] == '-'))
			return true;
	}
	return false;
}

static bool xu_foreign_culprit(char *comm, size_t len, pid_t *pid)
{
	char name[TASK_COMM_LEN];
	struct task_struct *p;
	bool found = false;

	rcu_read_lock();
	for_each_process(p) {
		get_task_comm(name, p);
		found = xu_foreign_tool(name);
		if (found) {
			strscpy(comm, name, len);
			*pid = task_pid_nr(p);
			break;
		}
	}
	rcu_read_unlock();
	return found;
}

static void xu_foreign_report_box(struct xu_box *box)
{
	const struct xu_foreign *f = &box->foreign;
	char comm[TASK_COMM_LEN], reg[32], who[64];
	pid_t pid;

	if (box->pmu->type->space == XU_MSR)
		snprintf(reg, sizeof(reg), "MSR %#x", f->reg);
	else
		snprintf(reg, sizeof(reg), "config offset %#x", f->reg);
	if (xu_foreign_culprit(comm, sizeof(comm), &pid))
		snprintf(who, sizeof(who), "likely %s (pid %d)", comm, pid);
	else
		strscpy(who, "none of likwid-*, pcm, pcm-*, wrmsr, setpci is running", sizeof(who));
	pr_warn("%s socket %u: counter %u's control (%s) holds %#llx, not the %#llx perf wrote: another program writes the uncore behind perf (%s); counts of its events are unreliable, each finding is counted in /sys/bus/event_source/devices/%s/foreign_writes\n",
		box->pmu->name, box->sk->id, f->idx, reg, f->got, f->want, who,
		box->pmu->name);
}

static void xu_foreign_report(struct work_struct *work)
{
	unsigned int s, b;
	struct xu_box *box;

	for (s = 0; s < XU_MAX_SOCKETS; s++) {
		struct xu_socket *sk = xu_socket_of_id(s);

		if (!sk)
			break;
		for (b = 0; (box = xu_socket_box_nr(sk, b)); b++) {
			if (atomic_read_acquire(&box->foreign.state) != XU_FOREIGN_READY)
				continue;
			xu_foreign_report_box(box);
			atomic_set(&box->foreign.state, XU_FOREIGN_DONE);
		}
	}
}

static void xu_foreign_found(struct xu_box *box, struct perf_event *event,
			     u64 got, u64 want)
{
	struct xu_foreign *f = &box->foreign;

	atomic_long_inc(&box->pmu->foreign_writes);
	xu_stat_inc(box->sk, foreign);
	if (atomic_cmpxchg(&f->state, XU_FOREIGN_NONE, XU_FOREIGN_CLAIMED) !=
	    XU_FOREIGN_NONE)
		return;
	f->idx = event->hw.idx;
	f->reg = event->hw.config_base;
	f->got = got;
	f->want = want;
	atomic_set_release(&f->state, XU_FOREIGN_READY);
	irq_work_queue(&xu_foreign_irq_work);
}

/*
 * Whether another program rewrote @event's control: it holds something
 * else than @want, what the driver last wrote.  A finding is counted and
 * reported (counter.c drops the interval and programs the counter again).
 * The caller holds what makes the counter its own: the box lock, or the
 * PMI.
 */
bool xu_foreign_check(struct xu_box *box, struct perf_event *event, u64 want)
{
	struct hw_perf_event *hwc = &event->hw;
	unsigned int width = xu_width(box->pmu->type, hwc->idx);
	u64 got, ours = ~0ULL;

	if (!READ_ONCE(xu_params.audit))
		return false;
	/* the 7100's CTR_CTL: the control above the count, in one register */
	if (hwc->config_base == hwc->event_base)
		ours = ~GENMASK_ULL(width - 1, 0);
	if (xu_read_reg(box, hwc->config_base, &got) || !((got ^ want) & ours))
		return false;
	xu_foreign_found(box, event, got & ours, want & ours);
	return true;
}

void xu_audit_exit(void)
{
	irq_work_sync(&xu_foreign_irq_work);
	flush_work(&xu_foreign_work);
}
