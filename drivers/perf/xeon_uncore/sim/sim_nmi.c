// SPDX-License-Identifier: GPL-2.0
/*
 * PMI delivery for the model instance the driver programs: the overflow
 * interrupts the modelled uncore raises become real NMIs on the CPUs they
 * are meant for.
 *
 * Raising: on the Xeon 7500, a counter whose control has pmi_en passing
 * 2^48 - 1 makes the U-box set GLOBAL_STATUS.pmi and clear GLOBAL_CTL.en_all
 * (the freeze: nothing counts until software sets en_all again) and send a
 * PMI to the cores pmi_core_sel (GLOBAL_CTL 8:1) selects; sim_update()
 * models that right after the cycle of the wrap, whenever time is brought
 * forward: inside a register access (then maybe in NMI context), a debugfs
 * command, or here.  The cores are added to the socket's pmi_pending.
 *
 * Sending: one kernel thread, sim_nmi_thread(), sends every pending PMI as
 * an NMI IPI from another CPU, so that the
 * NMI interrupts real code on its target (a self-NMI would land in the IPI
 * send path).  It wakes when the next PMI is due (live clock: the exact
 * cycle is predicted from the counters' prefix sums, sim_next_pmi()) and
 * when kicked: after every register write (a write can enable, preload or
 * re-arm a counter, or select other cores), after a PMI raised inside an
 * access and after the clock, advance and rates debugfs commands.  Kicks
 * go through an irq_work, since accesses happen in NMI context too.  With
 * the manual clock there are no deadlines: the PMIs an advance raises are
 * sent after the kick.  The thread keeps itself off the CPUs the PMIs
 * currently go to whenever another CPU is online.
 *
 * Each NMI is sent with the model's lock held, so that its target cannot
 * be holding the lock when it lands (the driver's handler would see its
 * accesses refused); the thread then waits, still holding it, until the
 * model's own NMI handler, which runs first and claims nothing, has seen
 * the NMI on the target (50 ms at most: nmi_timeout).  If the target is
 * itself in an NMI waiting for the lock, the new NMI stays latched until
 * that one returns, to a context that does not hold the lock either: the
 * thread stops waiting.  A PMI for the thread's own CPU is sent after the
 * lock is dropped (nmi_self, not counted in nmi_sent).
 *
 * Core numbering (the shared assumption, xeon_uncore_assumed.h: the guide
 * calls pmi_core_sel a core mask without numbering the cores): bit i of a
 * socket's mask is the i-th core, by ascending topology_core_id() (as the
 * CPU was last seen online), of the present CPUs whose
 * topology_physical_package_id() is the socket (the socket an MSR access
 * reaches is that of the accessing CPU), and the NMI goes to the first
 * online thread of that core.  A core with no thread online, or a bit
 * beyond the socket's cores, drops the PMI (nmi_offline).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpu.h>
#include <linux/cpuhotplug.h>
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/hrtimer.h>
#include <linux/irq_work.h>
#include <linux/kernel.h>
#include <linux/kthread.h>
#include <linux/mutex.h>
#include <linux/perf_event.h>
#include <linux/percpu.h>
#include <linux/random.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/topology.h>
#include <asm/apic.h>
#include <asm/nmi.h>

#include "sim.h"

#define SIM_NMI_ACK_NS		(50 * NSEC_PER_MSEC)
#define SIM_NMI_SLACK_NS	(10 * NSEC_PER_USEC)

static struct sim *sim_nmi_sim;
static struct task_struct *sim_nmi_task;
static bool sim_nmi_kicked;
/* debugfs "pmi hold": PMIs raised stay pending, unsent, until released */
static bool sim_nmi_holding;

/* Written by the thread only. */
static u64 sim_nmi_sent, sim_nmi_self, sim_nmi_timeout, sim_nmi_offline;
static u64 sim_nmi_jittered;
/* when its last delivery expected the next PMI (ktime_get_mono_fast_ns()) */
static u64 sim_nmi_next = U64_MAX;

/*
 * nmi_jitter_us=N: when the thread has PMIs to send, it first waits a
 * random 0..N us (N at most 100 ms), so that the PMIs of a torture or fuzz
 * run land at varied points of the driver's code.  The guide does not
 * bound the PMI's latency; the overflows stay pending meanwhile, as a late
 * PMI leaves them.  0 (the default): at once.  Not the deliveries of a
 * trigger.  sim_nmi_jittered counts the waits longer than 0 that PMIs
 * were sent (or dropped for an offline core) after.
 */
static unsigned int nmi_jitter_us;
module_param(nmi_jitter_us, uint, 0644);
MODULE_PARM_DESC(nmi_jitter_us, "before sending the PMIs that are due, wait a random 0..N us (default 0)");

/* Set by the thread before it sends an NMI, cleared where it lands. */
static DEFINE_PER_CPU(atomic_t, sim_nmi_expected);

/* Deliveries: the thread's, and a trigger's from inside an access. */
static DEFINE_RAW_SPINLOCK(sim_nmi_deliver_lock);

/* The thread's own: CPUs the PMIs go to, and the affinity it last set. */
static struct cpumask sim_nmi_targets, sim_nmi_allowed, sim_nmi_applied;

/*
 * An NMI that reads a perf event, as perf_event_read_local() does for a
 * BPF program (debugfs "nmi_read"): the model owns a counting kernel event
 * on some PMU; at the next read of MSR @sim_nr_msr by the event's CPU
 * outside NMI it sends that CPU an NMI, once the access is done, in which
 * it calls the PMU's read.  What the NMI interrupts is the code around
 * that MSR read: a fold, maybe holding a lock.
 */
static struct perf_event *sim_nr_event;
static DEFINE_MUTEX(sim_nr_mutex);
static int sim_nr_cpu = -1;
static u32 sim_nr_msr;
static atomic_t sim_nr_armed;
static atomic64_t sim_nr_reads;
static DEFINE_PER_CPU(bool, sim_nr_pending);

/*
 * debugfs "pmi unrelated CPU": an NMI that is not the uncore's, as a core
 * PMU or a backtrace sends, which the model's own handler claims: what
 * the driver's handler costs for it is in nmi_accesses.
 */
static DEFINE_PER_CPU(atomic_t, sim_nmi_unrelated);
static atomic64_t sim_nmi_unrelated_sent;

int sim_nmi_unrelated_send(unsigned int cpu)
{
	if (cpu >= nr_cpu_ids || !cpu_online(cpu))
		return -EINVAL;
	atomic_inc(per_cpu_ptr(&sim_nmi_unrelated, cpu));
	atomic64_inc(&sim_nmi_unrelated_sent);
	xu_send_nmi(cpu);
	return 0;
}

static void sim_nmi_read_event(void)
{
	struct perf_event *ev = READ_ONCE(sim_nr_event);

	__this_cpu_write(sim_nr_pending, false);
	if (!ev || ev->state != PERF_EVENT_STATE_ACTIVE ||
	    ev->oncpu != smp_processor_id())
		return;
	ev->pmu->read(ev);
	atomic64_inc(&sim_nr_reads);
}

static int sim_nmi_handler(unsigned int type, struct pt_regs *regs)
{
	atomic_t *e = this_cpu_ptr(&sim_nmi_expected);
	bool mine = false;

	if (atomic_read(e))
		atomic_set(e, 0);
	if (__this_cpu_read(sim_nr_pending)) {
		sim_nmi_read_event();
		mine = true;
	}
	/* one NMI may stand for two sent together: both are taken */
	if (atomic_add_unless(this_cpu_ptr(&sim_nmi_unrelated), -1, 0))
		mine = true;
	return mine ? NMI_HANDLED : NMI_DONE;
}

/* After @msr was read by this CPU (preemption off), the model lock dropped. */
void sim_nmi_read_hook(u32 msr)
{
	if (likely(!atomic_read(&sim_nr_armed)) || in_nmi() ||
	    msr != READ_ONCE(sim_nr_msr) ||
	    smp_processor_id() != READ_ONCE(sim_nr_cpu) ||
	    atomic_cmpxchg(&sim_nr_armed, 1, 0) != 1)
		return;
	__this_cpu_write(sim_nr_pending, true);
	xu_send_nmi(smp_processor_id());
}

static void sim_nmi_read_release(void)
{
	struct perf_event *ev;

	atomic_set(&sim_nr_armed, 0);
	ev = xchg(&sim_nr_event, NULL);
	if (!ev)
		return;
	synchronize_rcu();	/* no NMI uses it any more */
	perf_event_release_kernel(ev);
}

/* "<pmu type> <config> <cpu> <msr>": arm; "off": release the event. */
int sim_nmi_read_cmd(char *cmd)
{
	struct perf_event_attr attr = { .size = sizeof(attr) };
	struct perf_event *ev;
	unsigned int cpu;
	u32 msr;

	mutex_lock(&sim_nr_mutex);
	sim_nmi_read_release();
	mutex_unlock(&sim_nr_mutex);
	if (sysfs_streq(cmd, "off"))
		return 0;
	if (sscanf(cmd, "%u %llx %u %x", &attr.type, &attr.config, &cpu, &msr) != 4)
		return -EINVAL;
	ev = perf_event_create_kernel_counter(&attr, cpu, NULL, NULL, NULL);
	if (IS_ERR(ev))
		return PTR_ERR(ev);
	mutex_lock(&sim_nr_mutex);
	WRITE_ONCE(sim_nr_msr, msr);
	WRITE_ONCE(sim_nr_cpu, ev->cpu);
	WRITE_ONCE(sim_nr_event, ev);
	atomic_set(&sim_nr_armed, 1);
	mutex_unlock(&sim_nr_mutex);
	return 0;
}

void sim_nmi_read_show(struct seq_file *m)
{
	seq_printf(m, "cpu %d msr %#x armed %d reads %lld\n", READ_ONCE(sim_nr_cpu),
		   READ_ONCE(sim_nr_msr), atomic_read(&sim_nr_armed),
		   (long long)atomic64_read(&sim_nr_reads));
}

static void sim_nmi_wake(struct irq_work *w)
{
	struct task_struct *t = READ_ONCE(sim_nmi_task);

	WRITE_ONCE(sim_nmi_kicked, true);
	if (t)
		wake_up_process(t);
}

static struct irq_work sim_nmi_work = IRQ_WORK_INIT_HARD(sim_nmi_wake);

/* Any context, NMI included. */
void sim_nmi_kick(void)
{
	if (READ_ONCE(sim_nmi_task))
		irq_work_queue(&sim_nmi_work);
}

static void sim_nmi_kick_hook(struct sim *sim)
{
	sim_nmi_kick();
}

static void sim_nmi_pmi_hook(struct sim_socket *s, u32 cores)
{
	sim_nmi_kick();
}

/*
 * Each CPU's package and core as last seen online (a CPU hotplug state of
 * the model's): an offline x86 CPU reports core 0, but its core keeps its
 * place among the package's cores.  -1: not seen.
 */
static DEFINE_PER_CPU(int, sim_cpu_pkg) = -1;
static DEFINE_PER_CPU(int, sim_cpu_core) = -1;
static enum cpuhp_state sim_cpu_state;

static int sim_cpu_online(unsigned int cpu)
{
	WRITE_ONCE(*per_cpu_ptr(&sim_cpu_core, cpu), topology_core_id(cpu));
	WRITE_ONCE(*per_cpu_ptr(&sim_cpu_pkg, cpu), topology_physical_package_id(cpu));
	return 0;
}

/* @cpu's core if it is in package @pkg, else -1 */
static int sim_cpu_core_in(unsigned int cpu, unsigned int pkg)
{
	if (cpu_online(cpu))
		return topology_physical_package_id(cpu) == pkg ? topology_core_id(cpu) : -1;
	if (READ_ONCE(*per_cpu_ptr(&sim_cpu_pkg, cpu)) != pkg)
		return -1;
	return READ_ONCE(*per_cpu_ptr(&sim_cpu_core, cpu));
}

/*
 * The CPU bit @idx of package @pkg's core mask stands for: -ENODEV if the
 * package has no such core, -EAGAIN if none of its threads is online.
 */
static int sim_nmi_core_cpu(unsigned int pkg, unsigned int idx)
{
	int prev = -1, next, cpu;
	unsigned int rank;

	for (rank = 0; rank <= idx; rank++) {
		next = INT_MAX;
		for_each_present_cpu(cpu) {
			int core = sim_cpu_core_in(cpu, pkg);

			if (core >= 0 && core > prev && core < next)
				next = core;
		}
		if (next == INT_MAX)
			return -ENODEV;
		prev = next;
	}
	for_each_online_cpu(cpu)
		if (topology_physical_package_id(cpu) == pkg &&
		    topology_core_id(cpu) == prev)
			return cpu;
	return -EAGAIN;
}

static void sim_nmi_add_targets(unsigned int pkg, u32 cores)
{
	unsigned int i;
	int cpu;

	for (i = 0; i < 32; i++) {
		if (!(cores & BIT(i)))
			continue;
		cpu = sim_nmi_core_cpu(pkg, i);
		if (cpu >= 0)
			cpumask_set_cpu(cpu, &sim_nmi_targets);
	}
}

/*
 * Send one NMI and wait for it to land: to another CPU under the lock, to
 * this one after dropping it (so that it does not land in the section).
 */
static void sim_nmi_send(int cpu)
{
	atomic_t *e = per_cpu_ptr(&sim_nmi_expected, cpu);
	u64 end = ktime_get_mono_fast_ns() + SIM_NMI_ACK_NS;

	atomic_set(e, 1);
	xu_send_nmi(cpu);
	while (atomic_read(e)) {
		/* Latched behind an NMI that waits for us: it will land. */
		if (sim_cpu_nmi_spinning(cpu))
			return;
		if (ktime_get_mono_fast_ns() > end) {
			if (atomic_xchg(e, 0))
				sim_nmi_timeout++;
			return;
		}
		cpu_relax();
	}
}

/*
 * Bring the model up to now, send the pending PMIs (held ones too with
 * @force) and note where PMIs go; the time the next one is due (U64_MAX:
 * none, or the manual clock).  @cores: how many cores' PMIs it sent or
 * dropped (no online CPU).
 */
static u64 sim_nmi_deliver(struct sim *sim, bool force, unsigned int *cores)
{
	unsigned long flags, dflags;
	unsigned int s, i;
	int self = -1, cpu;
	u64 next = U64_MAX;

	*cores = 0;
	raw_spin_lock_irqsave(&sim_nmi_deliver_lock, dflags);
	cpumask_clear(&sim_nmi_targets);
	sim_lock(sim, &flags);
	sim_update_all(sim);
	for (s = 0; s < sim->nsockets; s++) {
		struct sim_socket *sk = &sim->sock[s];
		u32 due = READ_ONCE(sim_nmi_holding) && !force ? 0 : sk->pmi_pending;

		sk->pmi_pending &= ~due;
		*cores += hweight32(due);
		for (i = 0; i < 32; i++) {
			if (!(due & BIT(i)))
				continue;
			cpu = sim_nmi_core_cpu(s, i);
			if (cpu < 0) {
				sim_nmi_offline++;
			} else if (cpu == smp_processor_id()) {
				self = cpu;
			} else {
				sim_nmi_send(cpu);
				sim_nmi_sent++;
			}
		}
		if (sim->plat->pmi_sel)
			sim_nmi_add_targets(s, sim->plat->pmi_sel(sk));
		next = min(next, sim_next_pmi(sk));
	}
	next = sim_cycle_ns(sim, next);
	sim_unlock(sim, flags);

	if (self >= 0) {
		sim_nmi_self++;
		sim_nmi_send(self);
	}
	raw_spin_unlock_irqrestore(&sim_nmi_deliver_lock, dflags);
	return next;
}

/* Off the PMI targets, when some other CPU is online. */
static void sim_nmi_affinity(void)
{
	if (!cpumask_andnot(&sim_nmi_allowed, cpu_online_mask,
			    &sim_nmi_targets))
		cpumask_copy(&sim_nmi_allowed, cpu_possible_mask);
	if (cpumask_equal(&sim_nmi_allowed, &sim_nmi_applied))
		return;
	if (!set_cpus_allowed_ptr(current, &sim_nmi_allowed))
		cpumask_copy(&sim_nmi_applied, &sim_nmi_allowed);
}

/*
 * Whether PMIs are likely due, told without bringing the counters up to
 * date: the next overflow the last delivery expected is due (a counter
 * with its PMI on; the part may send that PMI to no core), or an access
 * raised a PMI since (sim_update() under the lock: a racy peek, which the
 * delivery's own look under the lock settles).
 */
static bool sim_nmi_due(struct sim *sim)
{
	unsigned int s;

	if (READ_ONCE(sim_nmi_holding))
		return false;
	if (ktime_get_mono_fast_ns() >= sim_nmi_next)
		return true;
	for (s = 0; s < sim->nsockets; s++) {
		/* racy: a PMI raised just after goes unjittered, no more */
		if (data_race(sim->sock[s].pmi_pending))
			return true;
	}
	return false;
}

/* Whether it waited. */
static bool sim_nmi_jitter(struct sim *sim)
{
	unsigned int us = min(READ_ONCE(nmi_jitter_us), 100U * USEC_PER_MSEC);

	if (!us || !sim_nmi_due(sim))
		return false;
	us = get_random_u32() % (us + 1);
	if (!us)
		return false;
	usleep_range(us, us + 10);
	return true;
}

static int sim_nmi_thread(void *data)
{
	struct sim *sim = data;
	ktime_t until;
	unsigned int cores;
	u64 next;
	bool waited;

	cpumask_copy(&sim_nmi_applied, cpu_possible_mask);
	while (!kthread_should_stop()) {
		/* (a kick while it waits: the delivery below sees its cause) */
		waited = sim_nmi_jitter(sim);
		WRITE_ONCE(sim_nmi_kicked, false);
		cpus_read_lock();
		next = sim_nmi_deliver(sim, false, &cores);
		if (waited && cores)
			WRITE_ONCE(sim_nmi_jittered, sim_nmi_jittered + 1);
		sim_nmi_next = next;
		sim_nmi_affinity();
		cpus_read_unlock();

		set_current_state(TASK_INTERRUPTIBLE);
		if (READ_ONCE(sim_nmi_kicked) || kthread_should_stop()) {
			__set_current_state(TASK_RUNNING);
			continue;
		}
		if (next == U64_MAX) {
			schedule();
		} else {
			until = ns_to_ktime(next);
			schedule_hrtimeout_range(&until, SIM_NMI_SLACK_NS,
						 HRTIMER_MODE_ABS);
		}
		__set_current_state(TASK_RUNNING);
	}
	return 0;
}

int sim_nmi_start(struct sim *sim)
{
	struct task_struct *t;
	int ret;

	ret = cpuhp_setup_state(CPUHP_AP_ONLINE_DYN, "xeon_uncore_sim:online",
				sim_cpu_online, NULL);
	if (ret < 0)
		return ret;
	sim_cpu_state = ret;
	ret = register_nmi_handler(NMI_LOCAL, sim_nmi_handler, NMI_FLAG_FIRST,
				   "xeon_uncore_sim");
	if (ret) {
		cpuhp_remove_state(sim_cpu_state);
		return ret;
	}
	t = kthread_create(sim_nmi_thread, sim, "xeon_uncore_sim");
	if (IS_ERR(t)) {
		unregister_nmi_handler(NMI_LOCAL, "xeon_uncore_sim");
		cpuhp_remove_state(sim_cpu_state);
		return PTR_ERR(t);
	}
	sim_nmi_sim = sim;
	WRITE_ONCE(sim_nmi_task, t);
	sim->kick = sim_nmi_kick_hook;
	sim->pmi_hook = sim_nmi_pmi_hook;
	wake_up_process(t);
	return 0;
}

/*
 * After the last access from outside (driver gone, debugfs and PCI buses
 * removed).  With the task pointer cleared no kick queues the irq_work any
 * more and a late one wakes nobody; once the first sync returns no wake-up
 * can reach the task, which is then stopped.  The NMI handler stays until
 * the thread, which may be waiting for it, is gone.
 */
void sim_nmi_stop(void)
{
	struct task_struct *t = sim_nmi_task;

	if (!t)
		return;
	WRITE_ONCE(sim_nmi_task, NULL);
	irq_work_sync(&sim_nmi_work);
	kthread_stop(t);
	irq_work_sync(&sim_nmi_work);
	unregister_nmi_handler(NMI_LOCAL, "xeon_uncore_sim");
	cpuhp_remove_state(sim_cpu_state);
	sim_nmi_sim->kick = NULL;
	sim_nmi_sim->pmi_hook = NULL;
}

/*
 * From inside a register access (a trigger), interrupts off: the PMIs
 * pending now, held or not, sent to their CPUs before the access goes on
 * (this CPU's as a self-NMI).
 */
void sim_nmi_deliver_now(void)
{
	unsigned int cores;

	if (sim_nmi_sim)
		sim_nmi_deliver(sim_nmi_sim, true, &cores);
}

/*
 * Hold the PMIs (they stay pending, the sockets frozen) or let them go to
 * the cores they were raised for: a window a test can do things in.
 */
void sim_nmi_hold(bool hold)
{
	WRITE_ONCE(sim_nmi_holding, hold);
	sim_nmi_kick();
}

bool sim_nmi_held(void)
{
	return READ_ONCE(sim_nmi_holding);
}

void sim_nmi_show(struct seq_file *m)
{
	seq_printf(m, "nmi_sent %llu\n", READ_ONCE(sim_nmi_sent));
	seq_printf(m, "nmi_self %llu\n", READ_ONCE(sim_nmi_self));
	seq_printf(m, "nmi_timeout %llu\n", READ_ONCE(sim_nmi_timeout));
	seq_printf(m, "nmi_offline %llu\n", READ_ONCE(sim_nmi_offline));
	seq_printf(m, "nmi_jittered %llu\n", READ_ONCE(sim_nmi_jittered));
	seq_printf(m, "nmi_unrelated %lld\n",
		   (long long)atomic64_read(&sim_nmi_unrelated_sent));
}
