// SPDX-License-Identifier: GPL-2.0
/*
 * xeon_uncore module: parameters, the platform and its sockets, CPU
 * hotplug, the PMUs' setup and registration (sysfs), debugfs.
 *
 * Each socket has one collecting CPU (sysfs cpumask); every event of a
 * socket lives there.  The collector changes only in the hotplug
 * callbacks, in this order: a socket coming up is set up on its first CPU
 * before that CPU is published; a collector going offline withdraws
 * itself (-1) first, then perf migrates the events, and once the old CPU
 * is dead the new one routes the PMI to itself, publishes itself and
 * takes what was left pending meanwhile (xu_socket_adopt()).  The last CPU
 * of a package stays the collector until it is dead: perf tears its
 * events down after our offline callback, and until then they count and
 * interrupt as before.
 *
 * Load and unload in arm_dsu_pmu's order: the sockets come up (the
 * hotplug state) before the PMUs are registered, and the PMUs go before
 * the sockets; debugfs is the last thing made and the first removed.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpu.h>
#include <linux/cpuhotplug.h>
#include <linux/cpumask.h>
#include <linux/debugfs.h>
#include <linux/delay.h>
#include <linux/module.h>
#include <linux/namei.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/topology.h>
#include <asm/cpufeature.h>
#include <asm/processor.h>

#include "uncore.h"

struct xu_state xu_state;

struct xu_params xu_params = {
	.pmi = true,
	.sample_limit = 32,
	.audit = true,
};

static char *backend = "hw";
module_param(backend, charp, 0444);
MODULE_PARM_DESC(backend, "Register access: hw (default) or sim (xeon_uncore_sim model)");

module_param_named(pmi, xu_params.pmi, bool, 0444);
MODULE_PARM_DESC(pmi, "Take overflows by the uncore PMI where the part has one (default); 0: poll every box");

static bool allow_hypervisor;
module_param(allow_hypervisor, bool, 0444);
MODULE_PARM_DESC(allow_hypervisor, "Load on the hardware backend even under a hypervisor");

module_param_named(poll_ms, xu_params.poll_ms, uint, 0644);
MODULE_PARM_DESC(poll_ms, "Counter fold interval in ms, at most the derived one; 0 (default): derived from counter width, rate and clock");

module_param_named(sample_limit, xu_params.sample_limit, uint, 0644);
MODULE_PARM_DESC(sample_limit, "Most samples per socket per tick (0: no limit); beyond it interrupts are masked until the next tick");

module_param_named(audit, xu_params.audit, bool, 0644);
MODULE_PARM_DESC(audit, "check counter controls for other programs' writes at each poll, stop, overflow and wrap (default Y; N: one register read less per check, writes behind perf unseen)");

static enum cpuhp_state xu_hp_state, xu_hp_dead;
static struct dentry *xu_debugfs;

static inline struct xu_pmu *to_xu_pmu(struct pmu *pmu)
{
	return container_of(pmu, struct xu_pmu, pmu);
}

/* ---- sysfs ---------------------------------------------------------- */

static ssize_t cpumask_show(struct device *dev, struct device_attribute *attr,
			    char *buf)
{
	const char *sep = "";
	unsigned int cpu;
	int n = 0;

	/* One collecting CPU per socket, ascending; derived, never stored twice. */
	for_each_online_cpu(cpu) {
		struct xu_socket *sk = xu_socket_of(cpu);

		if (sk && READ_ONCE(sk->cpu) == (int)cpu) {
			n += sysfs_emit_at(buf, n, "%s%u", sep, cpu);
			sep = ",";
		}
	}
	return n + sysfs_emit_at(buf, n, "\n");
}
static DEVICE_ATTR_RO(cpumask);

/* Controls of this PMU's counters found rewritten by another program. */
static ssize_t foreign_writes_show(struct device *dev,
				   struct device_attribute *attr, char *buf)
{
	struct xu_pmu *xp = to_xu_pmu(dev_get_drvdata(dev));

	return sysfs_emit(buf, "%ld\n", atomic_long_read(&xp->foreign_writes));
}
static DEVICE_ATTR_RO(foreign_writes);

static struct attribute *xu_cpumask_attrs[] = {
	&dev_attr_cpumask.attr,
	&dev_attr_foreign_writes.attr,
	NULL,
};

static const struct attribute_group xu_cpumask_group = {
	.attrs = xu_cpumask_attrs,
};

static void xu_events_group_free(struct attribute_group *grp)
{
	struct attribute **a;

	if (!grp)
		return;
	for (a = grp->attrs; *a; a++)
		kfree((*a)->name);
	kfree(grp);
}

/* events/<name> plus <name>.scale and <name>.unit where the table has them */
static struct attribute_group *xu_events_group(const struct xu_box_type *t)
{
	struct perf_pmu_events_attr *pa;
	struct attribute_group *grp;
	struct attribute **attrs;
	const struct xu_event_desc *d;
	unsigned int n = 0, i = 0;

	for (d = xu_event_row(t->events); d; d = xu_event_row(d + 1))
		n += 1 + !!d->scale + !!d->unit;

	grp = kzalloc(sizeof(*grp) + (n + 1) * sizeof(*attrs) + n * sizeof(*pa),
		      GFP_KERNEL);
	if (!grp)
		return NULL;
	attrs = (struct attribute **)(grp + 1);
	pa = (struct perf_pmu_events_attr *)(attrs + n + 1);
	grp->name = "events";
	grp->attrs = attrs;

	for (d = xu_event_row(t->events); d; d = xu_event_row(d + 1)) {
		static const char * const suffix[3] = { "", ".scale", ".unit" };
		const char *str[3] = { d->config, d->scale, d->unit };
		unsigned int k;

		for (k = 0; k < 3; k++) {
			if (!str[k])
				continue;
			sysfs_attr_init(&pa[i].attr.attr);
			pa[i].attr.attr.name = kasprintf(GFP_KERNEL, "%s%s",
							 d->name, suffix[k]);
			if (!pa[i].attr.attr.name) {
				xu_events_group_free(grp);
				return NULL;
			}
			pa[i].attr.attr.mode = 0444;
			pa[i].attr.show = perf_event_sysfs_show;
			pa[i].event_str = str[k];
			attrs[i] = &pa[i].attr.attr;
			i++;
		}
	}
	return grp;
}

static struct attribute_group *xu_format_group(const struct xu_box_type *t)
{
	struct attribute_group *grp;
	struct attribute **attrs;
	unsigned int n = 0, i;

	while (t->fields[n])
		n++;
	grp = kzalloc(sizeof(*grp) + (n + 1) * sizeof(*attrs), GFP_KERNEL);
	if (!grp)
		return NULL;
	attrs = (struct attribute **)(grp + 1);
	for (i = 0, n = 0; t->fields[i]; i++)
		if (xu_field_present(t, t->fields[i]))
			attrs[n++] = &t->fields[i]->attr.attr;
	grp->name = "format";
	grp->attrs = attrs;
	return grp;
}

/* ---- PMUs ----------------------------------------------------------- */

static bool xu_pmu_name_taken(const char *name)
{
	char *path = kasprintf(GFP_KERNEL, "/sys/bus/event_source/devices/%s", name);
	struct path p;
	bool taken;

	if (!path)
		return false;
	taken = !kern_path(path, 0, &p);
	if (taken)
		path_put(&p);
	kfree(path);
	return taken;
}

static void xu_pmu_free(struct xu_pmu *xp)
{
	unsigned int s;

	for (s = 0; s < XU_MAX_SOCKETS; s++) {
		if (!xp->boxes[s])
			continue;
		/* its last event stopped it, maybe as it ran */
		hrtimer_cancel(&xp->boxes[s]->timer);
		kfree(xp->boxes[s]->shared);
		kfree(xp->boxes[s]);
	}
	kfree(xp->format);
	xu_events_group_free(xp->events);
}

static int xu_pmu_setup(struct xu_pmu *xp, const struct xu_box_type *t,
			unsigned int idx)
{
	const struct xu_platform *plat = xu_state.plat;
	unsigned int s;

	xp->type = t;
	xp->idx = idx;
	xp->pmi = xu_params.pmi && t->pmi_bit && t->ovf && plat->pmi_status;
	if (t->num_boxes == 1)
		snprintf(xp->name, sizeof(xp->name), "uncore_%s", t->name);
	else
		snprintf(xp->name, sizeof(xp->name), "uncore_%s_%u", t->name, idx);

	if (xu_pmu_fields(xp))
		return -EINVAL;

	for (s = 0; s < xu_state.nr_sockets; s++) {
		struct xu_box *box = kzalloc(sizeof(*box), GFP_KERNEL);

		if (!box)
			return -ENOMEM;
		/* xu_pmu_free() cancels it, whatever fails after */
		xu_hrtimer_setup(&box->timer, xu_box_poll, CLOCK_MONOTONIC,
				 HRTIMER_MODE_REL_PINNED_HARD);
		xp->boxes[s] = box;
		box->pmu = xp;
		box->sk = &xu_state.sockets[s];
		box->base = t->box_offsets ? t->box_offsets[idx] : idx * t->box_stride;
		raw_spin_lock_init(&box->lock);
		box->holder = -1;
		box->shared = xu_shared_alloc(t);
		if (!box->shared)
			return -ENOMEM;
	}

	xp->format = xu_format_group(t);
	xp->events = xu_events_group(t);
	if (!xp->format || !xp->events)
		return -ENOMEM;
	xp->groups[0] = xp->format;
	xp->groups[1] = xp->events;
	xp->groups[2] = &xu_cpumask_group;

	xp->pmu = (struct pmu) {
		.module		= THIS_MODULE,
		.task_ctx_nr	= perf_invalid_context,
		.capabilities	= PERF_PMU_CAP_NO_EXCLUDE,
		.attr_groups	= xp->groups,
	};
	xu_pmu_callbacks(&xp->pmu);
	return 0;
}

/* CPUID leaf 0xb: level type (ECX 15:8; 1 SMT, 2 core), CPUs (EBX 15:0) */
#define XU_CPUID_LEVEL_TYPE	GENMASK(15, 8)
#define XU_CPUID_LEVEL_CPUS	GENMASK(15, 0)

/*
 * Cores per package as the kernel counts them: logical processors at the
 * core level of CPUID leaf 0xb over those at the SMT level; 0 if unknown.
 */
static unsigned int xu_cores_per_package(void)
{
	unsigned int eax, smt, ecx, edx, pkg;

	if (boot_cpu_data.cpuid_level < 0xb)
		return 0;
	cpuid_count(0xb, 0, &eax, &smt, &ecx, &edx);
	if (FIELD_GET(XU_CPUID_LEVEL_TYPE, ecx) != 1)
		return 0;
	cpuid_count(0xb, 1, &eax, &pkg, &ecx, &edx);
	if (FIELD_GET(XU_CPUID_LEVEL_TYPE, ecx) != 2)
		return 0;
	smt = FIELD_GET(XU_CPUID_LEVEL_CPUS, smt);
	pkg = FIELD_GET(XU_CPUID_LEVEL_CPUS, pkg);
	if (!smt || pkg < smt)
		return 0;
	return pkg / smt;
}

/* Boxes of @t on this machine's sockets. */
static unsigned int xu_num_boxes(const struct xu_box_type *t)
{
	unsigned int cores = t->per_core ? xu_cores_per_package() : 0;

	return cores ? min(t->num_boxes, cores) : t->num_boxes;
}

static void xu_pmus_free(void)
{
	struct xu_pmu *pmus = xu_state.pmus;
	unsigned int i, n = xu_state.nr_pmus;

	xu_state.nr_pmus = 0;
	xu_state.pmus = NULL;
	for (i = 0; i < n; i++)
		xu_pmu_free(&pmus[i]);
	kfree(pmus);
}

/* Every PMU and its boxes, before any is visible. */
static int xu_pmus_setup(void)
{
	const struct xu_box_type * const *t;
	struct xu_pmu *pmus;
	unsigned int i, n = 0;
	int ret;

	for (t = xu_state.plat->types; *t; t++)
		n += xu_num_boxes(*t);
	pmus = kcalloc(n, sizeof(*pmus), GFP_KERNEL);
	if (!pmus)
		return -ENOMEM;
	xu_state.pmus = pmus;
	for (t = xu_state.plat->types; *t; t++) {
		for (i = 0; i < xu_num_boxes(*t); i++) {
			/* counted before it is set up: a failure frees it too */
			ret = xu_pmu_setup(&pmus[xu_state.nr_pmus++], *t, i);
			if (ret) {
				xu_pmus_free();
				return ret;
			}
		}
	}
	return 0;
}

/* A PMU whose box is absent on every socket is not registered at all. */
static bool xu_pmu_anywhere(const struct xu_pmu *xp)
{
	unsigned int s;

	for (s = 0; s < xu_state.nr_sockets; s++)
		if (xu_box_present(xp->boxes[s]))
			return true;
	return false;
}

/*
 * Events may be made (event_init), and migrate with their collector, or
 * not.  A hotplug callback sees the PMUs all registered or none: one in
 * progress when they go would migrate a context perf_pmu_unregister()
 * frees.  Events made while the module loads would outlive a failed load.
 */
static void xu_set_live(bool live)
{
	cpus_read_lock();
	WRITE_ONCE(xu_state.live, live);
	cpus_read_unlock();
}

static void xu_pmus_unregister(void)
{
	unsigned int i;

	for (i = 0; i < xu_state.nr_pmus; i++) {
		struct xu_pmu *xp = &xu_state.pmus[i];

		if (xp->registered)
			perf_pmu_unregister(&xp->pmu);
		WRITE_ONCE(xp->registered, false);
	}
}

static int xu_pmus_register(void)
{
	unsigned int i;
	int ret;

	for (i = 0; i < xu_state.nr_pmus; i++) {
		struct xu_pmu *xp = &xu_state.pmus[i];

		if (!xu_pmu_anywhere(xp))
			continue;
		if (xu_pmu_name_taken(xp->name)) {
			pr_err("PMU %s already exists, probably from intel_uncore: rmmod intel_uncore, and put 'blacklist intel_uncore' in /etc/modprobe.d/xeon-uncore.conf\n",
			       xp->name);
			ret = -EBUSY;
			goto err;
		}
		ret = perf_pmu_register(&xp->pmu, xp->name, -1);
		if (ret)
			goto err;
		WRITE_ONCE(xp->registered, true);
	}
	return 0;
err:
	xu_pmus_unregister();
	return ret;
}

/*
 * Before the PMUs go: wait until the kernel holds no reference to their
 * contexts.  Once the module is unloading no event is ours (each holds a
 * module reference), but a software event that was in a group with ours
 * lives in the uncore PMU's context and keeps a reference to it after
 * ours closed, on its list or off it (its CPU went offline), and
 * perf_pmu_unregister() would free the context under it (up to Linux
 * 6.14; compat.h's xu_pmu_ctx_refs()).  CPU hotplug is held off, so no
 * event is between two CPUs' contexts (perf_pmu_migrate_context() in
 * xu_cpu_offline()) while the contexts are counted.
 */
static void xu_pmus_wait_unreferenced(void)
{
	bool said = false;
	unsigned int i;
	int cpu;

	cpus_read_lock();
	for (i = 0; i < xu_state.nr_pmus; i++) {
		struct xu_pmu *xp = &xu_state.pmus[i];

		if (!xp->registered)
			continue;
		for_each_possible_cpu(cpu) {
			while (xu_pmu_ctx_refs(&xp->pmu, cpu) > 0) {
				if (!said)
					pr_warn("%s: unload waits: an event grouped with its events is still open on CPU %d (a software event; close it)\n",
						xp->name, cpu);
				said = true;
				msleep(100);
			}
		}
	}
	cpus_read_unlock();
	if (said)
		pr_info("the events are closed, unloading\n");
}

/* ---- sockets and CPU hotplug ---------------------------------------- */

/*
 * Whether the uncore PMI reaches @cpu (its core is one the PMI's core
 * select has a bit for).  A socket whose collector it does not reach has
 * its boxes polled (counter.c), and dmesg says so.
 */
static bool xu_pmi_reaches(struct xu_socket *sk, unsigned int cpu)
{
	const struct xu_platform *plat = xu_state.plat;

	if (!xu_irq_pmi() || !plat->set_pmi_cpu || xu_pmi_cores(plat, cpu))
		return true;
	pr_warn_ratelimited("CPU %u is a core of its package beyond the %u the uncore PMI can select: socket %u's boxes are polled while it collects\n",
			    cpu, plat->pmi_cores, sk->id);
	return false;
}

/*
 * Route @sk's PMI to @cpu (interrupts off, on @cpu), or to no core when
 * it is out of reach; a pending overflow keeps the socket frozen for
 * @cpu's handler.  The PMI is held off here, and the CPU it went to
 * before does not write the global control meanwhile (xu_pmi_stray()).
 */
static void xu_socket_route_pmi(struct xu_socket *sk, int cpu)
{
	const struct xu_platform *plat = xu_state.plat;

	if (!xu_irq_pmi() || !plat->set_pmi_cpu)
		return;
	xu_pmi_hold();
	raw_spin_lock(&sk->ctl_lock);
	WRITE_ONCE(sk->pmi_cpu, cpu);
	plat->set_pmi_cpu(sk, xu_pmi_cores(plat, cpu));
	raw_spin_unlock(&sk->ctl_lock);
	xu_pmi_release();
}

/* On @cpu, the socket's first: before @cpu is published as its collector. */
static void xu_socket_init(struct xu_socket *sk, int cpu)
{
	unsigned long flags;
	unsigned int i;

	/*
	 * The guides' setup order: the socket stopped, every box reset, then
	 * counting again.  What another program left enabled (or a dead
	 * collector left frozen) cannot count, wrap and freeze or interrupt
	 * the socket in between, and the reset clears what it latched.
	 */
	if (xu_state.plat->quiesce_socket)
		xu_state.plat->quiesce_socket(sk);
	/* what a dead collector left the socket frozen for is gone with it */
	atomic64_set(&sk->deferred, 0);
	atomic_set(&sk->pmi_late, 0);
	for (i = 0; i < xu_state.nr_pmus; i++) {
		struct xu_box *box = xu_state.pmus[i].boxes[sk->id];

		if (!xu_box_present(box))
			continue;
		xu_box_lock(box, &flags);
		xu_box_reset(box);
		xu_box_unlock(box, flags);
	}
	if (xu_state.plat->init_socket)
		xu_state.plat->init_socket(sk);
	WRITE_ONCE(sk->pmi_ok, xu_pmi_reaches(sk, cpu));
	/*
	 * Route the PMI last: a socket whose last CPU died with an overflow
	 * pending is still frozen with its status set, which set_pmi_cpu
	 * would keep frozen for a handler; the boxes' setup has cleared it.
	 */
	local_irq_save(flags);
	xu_socket_route_pmi(sk, cpu);
	local_irq_restore(flags);
}

/* On the socket's collector: the boxes as found at reset. */
static void xu_socket_exit(void *info)
{
	struct xu_socket *sk = info;
	unsigned long flags;
	unsigned int i;

	for (i = 0; i < xu_state.nr_pmus; i++) {
		struct xu_box *box = xu_state.pmus[i].boxes[sk->id];

		if (!xu_box_present(box))
			continue;
		xu_box_lock(box, &flags);
		xu_box_release(box);
		xu_box_unlock(box, flags);
	}
	if (xu_state.plat->exit_socket)
		xu_state.plat->exit_socket(sk);
	WRITE_ONCE(sk->pmi_cpu, -1);
	WRITE_ONCE(sk->cpu, -1);
}

/*
 * On the new collector, its events migrated and the old CPU dead: route
 * the PMI here, publish, and take what the move left pending.
 */
static void xu_socket_adopt(void *info)
{
	struct xu_socket *sk = info;
	int cpu = smp_processor_id();

	WRITE_ONCE(sk->pmi_ok, xu_pmi_reaches(sk, cpu));
	xu_socket_route_pmi(sk, cpu);
	WRITE_ONCE(sk->cpu, cpu);
	WRITE_ONCE(sk->target, -1);
	xu_socket_adopted(sk);
	xu_socket_pmi_again(sk);
}

static void xu_socket_move_done(struct xu_socket *sk)
{
	smp_call_function_single(sk->target, xu_socket_adopt, sk, 1);
}

static int xu_cpu_online(unsigned int cpu)
{
	struct xu_socket *sk = xu_socket_of(cpu);

	xu_cpu_seen(cpu);
	if (!sk)
		return 0;
	/* an offline rolled back after the events moved: the move stands */
	if (sk->target >= 0)
		xu_socket_move_done(sk);
	if (sk->cpu >= 0)
		return 0;
	xu_socket_init(sk, cpu);
	WRITE_ONCE(sk->cpu, cpu);
	return 0;
}

/*
 * The CPU of @cpu's package the collector moves to: the first online, one
 * the PMI reaches if there is one.  nr_cpu_ids: none.
 */
static unsigned int xu_move_target(unsigned int cpu)
{
	const struct xu_platform *plat = xu_state.plat;
	unsigned int t, first = nr_cpu_ids;

	for_each_cpu(t, topology_core_cpumask(cpu)) {
		if (t == cpu || !cpu_online(t))
			continue;
		if (!xu_irq_pmi() || !plat->set_pmi_cpu || xu_pmi_cores(plat, t))
			return t;
		if (first == nr_cpu_ids)
			first = t;
	}
	return first;
}

static int xu_cpu_offline(unsigned int cpu)
{
	struct xu_socket *sk = xu_socket_of(cpu);
	unsigned int target, i;
	unsigned long flags;

	if (!sk || sk->cpu != cpu)
		return 0;
	/* The last CPU of the package stays its collector until dead. */
	target = xu_move_target(cpu);
	if (target >= nr_cpu_ids)
		return 0;

	/*
	 * The target adopts the socket once this CPU is dead.  Until then
	 * no sample is taken: perf record gives a socket's events one ring
	 * buffer per CPU it opened them on, and perf's own events on this
	 * CPU write to it until perf tears them down, after this callback.
	 * That buffer takes one writing CPU at a time (its head and nesting
	 * count are CPU-local): two make its published head step back, and
	 * perf then reads records twice or stops seeing new ones.
	 *
	 * The events start on the target polled: once this CPU is dead, the
	 * PMI, still routed here, would reach no CPU, and the hardware would
	 * hold the socket frozen for the overflow until the adoption (on the
	 * Xeon 7500 every counter stops).  No counter interrupts after the
	 * move, so none freezes it; the adoption has them interrupt again,
	 * as the target's place in the PMI's reach allows.
	 */
	local_irq_save(flags);
	WRITE_ONCE(sk->target, target);
	/* a timer of the collector's finds it gone before pmi_ok changes */
	WRITE_ONCE(sk->cpu, -1);
	WRITE_ONCE(sk->pmi_ok, false);
	local_irq_restore(flags);
	/*
	 * The PMI stays here until the target adopts the socket: this CPU's
	 * stray handler lets the socket count on meanwhile, for the events
	 * that have not moved yet.  Not while the PMUs come or go
	 * (xu_set_live()).
	 */
	for (i = 0; READ_ONCE(xu_state.live) && i < xu_state.nr_pmus; i++)
		if (xu_state.pmus[i].registered)
			perf_pmu_migrate_context(&xu_state.pmus[i].pmu, cpu, target);
	return 0;
}

/* On a control CPU, after @cpu died: perf has torn its events down. */
static int xu_cpu_dead(unsigned int cpu)
{
	struct xu_socket *sk = xu_socket_of(cpu);

	if (sk && sk->target >= 0) {
		xu_socket_move_done(sk);
	} else if (sk && READ_ONCE(sk->cpu) == (int)cpu) {
		WRITE_ONCE(sk->pmi_cpu, -1);
		WRITE_ONCE(sk->cpu, -1);
	}
	return 0;
}

static int xu_hotplug_init(void)
{
	int ret;

	ret = cpuhp_setup_state_nocalls(CPUHP_BP_PREPARE_DYN, "perf/xeon_uncore:dead",
					NULL, xu_cpu_dead);
	if (ret < 0)
		return ret;
	xu_hp_dead = ret;
	ret = cpuhp_setup_state(CPUHP_AP_ONLINE_DYN, "perf/xeon_uncore:online",
				xu_cpu_online, xu_cpu_offline);
	if (ret < 0) {
		cpuhp_remove_state_nocalls(xu_hp_dead);
		return ret;
	}
	xu_hp_state = ret;
	return 0;
}

/* The hotplug states gone, each socket's boxes as found at reset. */
static void xu_hotplug_exit(void)
{
	unsigned int s;
	int cpu;

	cpus_read_lock();
	cpuhp_remove_state_nocalls_cpuslocked(xu_hp_state);
	cpuhp_remove_state_nocalls_cpuslocked(xu_hp_dead);
	for (s = 0; s < xu_state.nr_sockets; s++) {
		cpu = READ_ONCE(xu_state.sockets[s].cpu);
		if (cpu >= 0)
			smp_call_function_single(cpu, xu_socket_exit,
						 &xu_state.sockets[s], 1);
	}
	cpus_read_unlock();
}

/* ---- debugfs -------------------------------------------------------- */

/* Boxes of @sk whose poll timer is armed now, and the shortest interval. */
static unsigned int xu_timers_armed(struct xu_socket *sk, u64 *min_ns)
{
	unsigned int b, n = 0;
	struct xu_box *box;

	*min_ns = 0;
	for (b = 0; (box = xu_socket_box_nr(sk, b)); b++) {
		u64 ns = ktime_to_ns(READ_ONCE(box->poll));

		if (!hrtimer_active(&box->timer))
			continue;
		n++;
		if (!*min_ns || ns < *min_ns)
			*min_ns = ns;
	}
	return n;
}

#define XU_STAT(sk, f)	((u64)atomic64_read(&(sk)->stats.f))

static int xu_stats_show(struct seq_file *m, void *v)
{
	unsigned int i;

	for (i = 0; i < xu_state.nr_sockets; i++) {
		struct xu_socket *sk = &xu_state.sockets[i];
		unsigned int armed;
		u64 min_ns;

		armed = xu_timers_armed(sk, &min_ns);
		seq_printf(m, "socket %u armed %u poll_us %llu polls %llu nmis %llu stray %llu late %llu overflows %llu samples %llu throttled %llu read_errors %llu foreign %llu missed_wraps %llu phantom %llu\n",
			   i, armed, div_u64(min_ns, NSEC_PER_USEC), XU_STAT(sk, polls),
			   XU_STAT(sk, nmis), XU_STAT(sk, stray), XU_STAT(sk, late),
			   XU_STAT(sk, overflows), XU_STAT(sk, samples),
			   XU_STAT(sk, throttled), XU_STAT(sk, read_errors),
			   XU_STAT(sk, foreign), XU_STAT(sk, missed_wraps),
			   XU_STAT(sk, phantom));
	}
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(xu_stats);

/* Each box whose poll timer is armed: its PMU, socket and interval. */
static int xu_timers_show(struct seq_file *m, void *v)
{
	unsigned int i, b;
	struct xu_box *box;

	for (i = 0; i < xu_state.nr_sockets; i++) {
		struct xu_socket *sk = &xu_state.sockets[i];

		for (b = 0; (box = xu_socket_box_nr(sk, b)); b++)
			if (hrtimer_active(&box->timer))
				seq_printf(m, "%s %u poll_us %llu\n", box->pmu->name, i,
					   div_u64(ktime_to_ns(READ_ONCE(box->poll)),
						   NSEC_PER_USEC));
	}
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(xu_timers);

/* ---- module --------------------------------------------------------- */

static const struct xu_platform *xu_detect(void)
{
	const struct x86_cpu_id *id = x86_match_cpu(xu_cpu_ids);

	return id ? (const struct xu_platform *)id->driver_data : NULL;
}

static void xu_sockets_irq_exit(void)
{
	unsigned int i;

	for (i = 0; i < xu_state.nr_sockets; i++)
		xu_socket_irq_exit(&xu_state.sockets[i]);
}

static int __init xu_init(void)
{
	unsigned int i, n;
	int ret;

	xu_compat_report();
	xu_state.plat = xu_detect();
	if (!xu_state.plat) {
		pr_info("no supported uncore on this CPU (family %#x model %#x)\n",
			boot_cpu_data.x86, boot_cpu_data.x86_model);
		return -ENODEV;
	}

	ret = xu_regs_init(backend);
	if (ret)
		return ret;

	ret = -ENODEV;
	if (!xu_regs_simulated() && boot_cpu_has(X86_FEATURE_HYPERVISOR) &&
	    !allow_hypervisor) {
		pr_info("running under a hypervisor, which rarely passes the uncore through; load with allow_hypervisor=1 to try anyway\n");
		goto err_regs;
	}

	xu_state.nr_sockets = topology_max_packages();
	if (xu_state.nr_sockets > XU_MAX_SOCKETS) {
		pr_err("%u packages, at most %u supported\n", xu_state.nr_sockets,
		       XU_MAX_SOCKETS);
		goto err_regs;
	}
	for (i = 0; i < xu_state.nr_sockets; i++) {
		struct xu_socket *sk = &xu_state.sockets[i];

		sk->id = i;
		sk->cpu = -1;
		sk->target = -1;
		sk->pmi_cpu = -1;
		xu_socket_irq_init(sk);
	}

	ret = xu_irq_init(xu_state.plat, xu_params.pmi);
	if (ret)
		goto err_irq;
	ret = xu_pmus_setup();
	if (ret)
		goto err_pmus;
	ret = xu_pci_init(xu_state.plat, xu_state.pmus, xu_state.nr_pmus);
	if (ret)
		goto err_pmus;
	ret = xu_hotplug_init();
	if (ret)
		goto err_pci;
	ret = xu_pmus_register();
	if (ret)
		goto err_hotplug;

	xu_debugfs = debugfs_create_dir(KBUILD_MODNAME, NULL);
	debugfs_create_file("stats", 0444, xu_debugfs, NULL, &xu_stats_fops);
	debugfs_create_file("timers", 0444, xu_debugfs, NULL, &xu_timers_fops);
	/* a knob for the harness, on the model only */
	if (xu_regs_simulated())
		debugfs_create_u32("throttle_ms", 0600, xu_debugfs, &xu_params.throttle_ms);

	xu_set_live(true);
	for (i = 0, n = 0; i < xu_state.nr_pmus; i++)
		n += xu_state.pmus[i].registered;
	pr_info("%s: %u PMUs on %u sockets\n", xu_state.plat->name, n,
		xu_state.nr_sockets);
	return 0;

err_hotplug:
	xu_hotplug_exit();
err_pci:
	xu_pci_exit();
err_pmus:
	xu_irq_exit();
err_irq:
	xu_sockets_irq_exit();
	xu_audit_exit();
	xu_pmus_free();
err_regs:
	xu_regs_exit();
	return ret;
}

static void __exit xu_exit(void)
{
	xu_set_live(false);
	debugfs_remove_recursive(xu_debugfs);
	xu_pmus_wait_unreferenced();
	xu_pmus_unregister();
	xu_hotplug_exit();
	xu_pci_exit();
	xu_irq_exit();
	xu_sockets_irq_exit();
	xu_audit_exit();
	xu_pmus_free();
	xu_regs_exit();
}

module_init(xu_init);
module_exit(xu_exit);

MODULE_DESCRIPTION("Uncore PMUs of Intel Xeon 7100/7400/7500 and E5-2600 (v1/v2)");
MODULE_LICENSE("GPL");
