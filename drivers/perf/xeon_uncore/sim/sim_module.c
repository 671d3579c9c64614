// SPDX-License-Identifier: GPL-2.0
/*
 * xeon_uncore_sim module: its parameters, the one model instance the
 * driver programs through xeon_uncore_sim_msr_ops, and the debugfs files
 * under /sys/kernel/debug/xeon_uncore_sim/ (formats in
 * Documentation/dev-tools/xeon-uncore.rst).  The register engine is in
 * sim_core.c.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bsearch.h>
#include <linux/cpuhotplug.h>
#include <linux/debugfs.h>
#include <linux/delay.h>
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/math64.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/perf_event.h>
#include <linux/perf/xeon_uncore.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string.h>
#include <linux/timekeeping.h>
#include <linux/topology.h>
#include <linux/uaccess.h>
#include <kunit/visibility.h>

#include "sim.h"

/* ---- The instance the driver sees -------------------------------------- */

static char *platform = "nhmex";
module_param(platform, charp, 0444);
MODULE_PARM_DESC(platform, "the part to model, a row of platforms.h (default nhmex)");

static unsigned int sockets = 2;
module_param(sockets, uint, 0444);
MODULE_PARM_DESC(sockets, "packages modelled, 1-8; CPUs of higher packages get -EIO");

static unsigned int uclk_mhz = 2000;
module_param(uclk_mhz, uint, 0444);
MODULE_PARM_DESC(uclk_mhz, "uncore clock in MHz: one pattern step per cycle (default 2000)");

static unsigned int log_entries = 65536;
module_param(log_entries, uint, 0444);
MODULE_PARM_DESC(log_entries, "register accesses kept in debugfs log (default 65536)");

static bool gl_ctl = true;
module_param(gl_ctl, bool, 0444);
MODULE_PARM_DESC(gl_ctl, "tulsa: implement MSR_EMON_L3_GL_CTL (0x107d8); 0: it faults like an absent MSR (default 1)");

static struct sim *sim_live;
static struct dentry *sim_dir;

/*
 * debugfs "trigger": at one access of one register (an MSR, or a dword of
 * a socket's config space) by one CPU (outside NMI),
 * before or after it: the PMIs pending now are sent (held ones too: an
 * overflow handled at an exact point of the driver's code), the clock is
 * advanced and then they are (an overflow at that point), or the CPU
 * spins for a while (a window another CPU or the test can act in).  One
 * shot each; up to SIM_TRIGGERS armed at once.
 */
enum { SIM_TRIG_PMI, SIM_TRIG_TICK, SIM_TRIG_STALL };

#define SIM_TRIGGERS	4

static struct sim_trigger {
	atomic_t armed;
	bool after;
	u8 kind;		/* 0: any access, 1: a read, 2: a write, 3: a write of non-0 */
	u8 action;
	u8 space;		/* SIM_MSR, SIM_PCI */
	unsigned int socket;	/* SIM_PCI: the socket whose config space */
	u32 addr;		/* the MSR, or SIM_PCI_ADDR() of the dword */
	int cpu;
	u32 arg;		/* stall: microseconds; tick: cycles */
} sim_trig[SIM_TRIGGERS];

static atomic_t sim_trig_any;
static atomic64_t sim_trig_fired;
/* whether the socket of the CPU was frozen when the last trigger fired */
static atomic_t sim_trig_frozen = ATOMIC_INIT(-1);

/* Whether @socket's global control stops every counter now (-1: no such control). */
static int sim_frozen(struct sim *sim, unsigned int socket)
{
	unsigned long flags;
	int frozen = -1;

	if (!sim->plat->frozen || socket >= sim->nsockets)
		return -1;
	sim_lock(sim, &flags);
	sim_update(&sim->sock[socket], sim_now(sim));
	frozen = sim->plat->frozen(&sim->sock[socket]);
	sim_unlock(sim, flags);
	return frozen;
}

/* At an access (sim_pci.c's too): fire what is armed for it. */
void sim_trigger(bool after, bool write, u64 val, u8 space,
		 unsigned int socket, u32 addr, unsigned int cpu)
{
	struct sim_trigger *t;
	u32 us;

	if (likely(!atomic_read(&sim_trig_any)) || in_nmi())
		return;
	for (t = sim_trig; t < sim_trig + SIM_TRIGGERS; t++) {
		if (!atomic_read_acquire(&t->armed) || READ_ONCE(t->after) != after ||
		    t->space != space || t->addr != addr || t->cpu != cpu ||
		    (space == SIM_PCI && t->socket != socket) ||
		    (t->kind && t->kind != 1 + write && !(t->kind == 3 && write && val)) ||
		    atomic_cmpxchg(&t->armed, 1, 0) != 1)
			continue;
		atomic_dec(&sim_trig_any);
		atomic_set(&sim_trig_frozen,
			   sim_frozen(sim_live, topology_physical_package_id(cpu)));
		atomic64_inc(&sim_trig_fired);
		switch (t->action) {
		case SIM_TRIG_TICK:
			sim_advance(sim_live, READ_ONCE(t->arg));
			fallthrough;
		case SIM_TRIG_PMI:
			sim_nmi_deliver_now();
			break;
		default:
			for (us = READ_ONCE(t->arg); us; us -= min(us, 1000U))
				udelay(min(us, 1000U));
		}
	}
}

/*
 * "dead <cpu> ACTION": fires once CPU <cpu> has died, on a CPU that stays,
 * ahead of the driver's callback for the death (its hotplug state is set
 * up when the first is armed, after the driver's, and a dead CPU's states
 * are torn down newest first): a PMI raised when the CPU it was routed to
 * is gone and the driver has not yet heard of it.  The socket's frozen
 * state is noted after the action, once the socket counts on or after
 * SIM_DEAD_WAIT_NS: whether a CPU took that PMI.
 */
#define SIM_DEAD_WAIT_NS	(500 * NSEC_PER_MSEC)

static struct sim_trigger sim_trig_dead;
static int sim_dead_state;	/* its hotplug state; 0: not set up */
static DEFINE_MUTEX(sim_dead_lock);

static int sim_cpu_dead_trig(unsigned int cpu)
{
	struct sim_trigger *t = &sim_trig_dead;
	unsigned int socket = topology_physical_package_id(cpu);
	u64 end = ktime_get_mono_fast_ns() + SIM_DEAD_WAIT_NS;
	int frozen;

	if (t->cpu != cpu || atomic_cmpxchg(&t->armed, 1, 0) != 1)
		return 0;
	atomic64_inc(&sim_trig_fired);
	if (t->action == SIM_TRIG_TICK)
		sim_advance(sim_live, READ_ONCE(t->arg));
	preempt_disable();
	sim_nmi_deliver_now();
	preempt_enable();
	while ((frozen = sim_frozen(sim_live, socket)) == 1 &&
	       ktime_get_mono_fast_ns() < end)
		usleep_range(1000, 2000);
	atomic_set(&sim_trig_frozen, frozen);
	return 0;
}

/*
 * Its hotplug state goes with it: the next arming sets one up again, after
 * the driver's even if the driver was loaded again meanwhile (the test
 * checks the order).
 */
static void sim_disarm_dead(void)
{
	mutex_lock(&sim_dead_lock);
	atomic_set(&sim_trig_dead.armed, 0);
	if (sim_dead_state)
		cpuhp_remove_state_nocalls(sim_dead_state);
	sim_dead_state = 0;
	mutex_unlock(&sim_dead_lock);
}

static int sim_arm_dead(unsigned int cpu, const char *what, u32 arg, int n)
{
	struct sim_trigger *t = &sim_trig_dead;
	int ret = 0;
	u8 action;

	if (cpu >= nr_cpu_ids)
		return -EINVAL;
	if (!strcmp(what, "pmi") && n == 2)
		action = SIM_TRIG_PMI;
	else if (!strcmp(what, "tick") && n == 3)
		action = SIM_TRIG_TICK;
	else
		return -EINVAL;
	mutex_lock(&sim_dead_lock);
	if (!sim_dead_state) {
		ret = cpuhp_setup_state_nocalls(CPUHP_BP_PREPARE_DYN,
						"xeon_uncore_sim:dead-trigger",
						NULL, sim_cpu_dead_trig);
		if (ret > 0) {
			sim_dead_state = ret;
			ret = 0;
		}
	}
	/* the callback runs with hotplug held: it sees the fields whole */
	cpus_read_lock();
	if (!ret && atomic_read(&t->armed))
		ret = -EBUSY;
	if (!ret) {
		t->action = action;
		t->cpu = cpu;
		t->arg = arg;
		atomic_set(&t->armed, 1);
	}
	cpus_read_unlock();
	mutex_unlock(&sim_dead_lock);
	return ret;
}

static int sim_msr_access(bool write, u32 msr, u64 *val)
{
	unsigned int cpu = get_cpu();
	int ret;

	sim_trigger(false, write, *val, SIM_MSR, 0, msr, cpu);
	ret = sim_access(sim_live, topology_physical_package_id(cpu), cpu,
			 write, msr, val);
	if (!write)
		sim_nmi_read_hook(msr);
	sim_trigger(true, write, *val, SIM_MSR, 0, msr, cpu);
	put_cpu();
	return ret;
}

static int sim_msr_read(u32 msr, u64 *val)
{
	return sim_msr_access(false, msr, val);
}

static int sim_msr_write(u32 msr, u64 val)
{
	return sim_msr_access(true, msr, &val);
}

const struct xeon_uncore_msr_ops xeon_uncore_sim_msr_ops = {
	.name = "xeon_uncore_sim",
	.owner = THIS_MODULE,
	.read = sim_msr_read,
	.write = sim_msr_write,
};
EXPORT_SYMBOL_GPL(xeon_uncore_sim_msr_ops);

u64 xeon_uncore_sim_accesses(unsigned int cpu)
{
	return sim_accesses_on(cpu);
}
EXPORT_SYMBOL_GPL(xeon_uncore_sim_accesses);

/* ---- debugfs ----------------------------------------------------------- */

struct sim_snap {
	u32 ctl_at, ctr_at;	/* the control's and the count's addresses */
	u64 ctl;
	u64 val;
	u64 truth;
	u64 overflows;
	bool pmi;		/* its overflow requests a PMI, as decoded */
};

static unsigned int sim_nctrs(struct sim *sim)
{
	unsigned int i, n = 0;

	for (i = 0; i < sim->nboxes; i++)
		n += sim->sock[0].box[i].type->nctrs;
	return n;
}

/*
 * Counters of one socket, brought up to date, in box order.  When one
 * register holds both, ctl is the register without its count bits.
 */
static void sim_snapshot(struct sim *sim, unsigned int socket,
			 struct sim_snap *out)
{
	struct sim_socket *s = &sim->sock[socket];
	unsigned long flags;
	unsigned int i, n;

	sim_lock(sim, &flags);
	sim_update(s, sim_now(sim));
	for (i = 0; i < sim->nboxes; i++) {
		struct sim_box *b = &s->box[i];
		const struct sim_box_type *t = b->type;
		u64 mask = BIT_ULL(t->ctr_width) - 1;

		for (n = 0; n < t->nctrs; n++, out++) {
			out->ctl_at = sim_reg_addr(t, &t->regs[t->ctl_reg], b->idx, n);
			out->ctr_at = sim_reg_addr(t, &t->regs[t->ctr_reg], b->idx, n);
			out->ctl = b->reg[t->ctl_reg][n];
			if (t->ctl_reg == t->ctr_reg)
				out->ctl &= ~mask;
			out->val = b->reg[t->ctr_reg][n] & mask;
			out->truth = b->ctr[n].truth;
			out->overflows = b->ctr[n].overflows;
			out->pmi = b->ctr[n].cfg.pmi;
		}
	}
	sim_unlock(sim, flags);
}

enum sim_show { SIM_SHOW_TRUTH, SIM_SHOW_FULL, SIM_SHOW_OVERFLOWS };

static int sim_show_counters(struct seq_file *m, enum sim_show what)
{
	struct sim *sim = sim_live;
	struct sim_snap *snap, *p;
	unsigned int s, i, n;
	char name[24];

	snap = kmalloc_array(sim_nctrs(sim), sizeof(*snap), GFP_KERNEL);
	if (!snap)
		return -ENOMEM;
	for (s = 0; s < sim->nsockets; s++) {
		sim_snapshot(sim, s, snap);
		p = snap;
		for (i = 0; i < sim->nboxes; i++) {
			const struct sim_box *b = &sim->sock[s].box[i];

			sim_box_name(b, name, sizeof(name));
			for (n = 0; n < b->type->nctrs; n++, p++) {
				if (what == SIM_SHOW_FULL && b->type->space == SIM_PCI)
					seq_printf(m, "%u %s %u ctl=0x%llx value=0x%llx total=%llu ctl_at=pci:%x.%x:0x%x ctr_at=pci:%x.%x:0x%x pmi=%d width=%u\n",
						   s, name, n, p->ctl, p->val,
						   p->truth,
						   SIM_PCI_DEVFN(p->ctl_at) >> 3,
						   SIM_PCI_DEVFN(p->ctl_at) & 7,
						   SIM_PCI_OFF(p->ctl_at),
						   SIM_PCI_DEVFN(p->ctr_at) >> 3,
						   SIM_PCI_DEVFN(p->ctr_at) & 7,
						   SIM_PCI_OFF(p->ctr_at), p->pmi,
						   b->type->ctr_width);
				else if (what == SIM_SHOW_FULL)
					seq_printf(m, "%u %s %u ctl=0x%llx value=0x%llx total=%llu ctl_at=msr:0x%x ctr_at=msr:0x%x pmi=%d width=%u\n",
						   s, name, n, p->ctl, p->val,
						   p->truth, p->ctl_at, p->ctr_at, p->pmi,
						   b->type->ctr_width);
				else
					seq_printf(m, "%u %s %u %llu\n", s,
						   name, n,
						   what == SIM_SHOW_TRUTH ?
						   p->truth : p->overflows);
			}
		}
	}
	kfree(snap);
	return 0;
}

static int sim_show_truth(struct seq_file *m, void *v)
{
	return sim_show_counters(m, SIM_SHOW_TRUTH);
}

/* Overflows the model reported per counter: `truth`'s format. */
static int sim_show_overflows(struct seq_file *m, void *v)
{
	return sim_show_counters(m, SIM_SHOW_OVERFLOWS);
}

static int sim_cmd_truth(struct sim *sim, char *cmd)
{
	unsigned long flags;
	unsigned int s, i, n;

	if (!sysfs_streq(cmd, "reset"))
		return -EINVAL;
	sim_lock(sim, &flags);
	sim_update_all(sim);
	for (s = 0; s < sim->nsockets; s++)
		for (i = 0; i < sim->nboxes; i++)
			for (n = 0; n < sim->sock[s].box[i].type->nctrs; n++) {
				sim->sock[s].box[i].ctr[n].truth = 0;
				sim->sock[s].box[i].ctr[n].overflows = 0;
			}
	sim_unlock(sim, flags);
	return 0;
}

static int sim_show_counters_full(struct seq_file *m, void *v)
{
	return sim_show_counters(m, SIM_SHOW_FULL);
}

static int sim_show_info(struct seq_file *m, void *v)
{
	struct sim *sim = sim_live;
	u64 dropped, nviol, nfaults, pmis, nmi_accesses;
	unsigned long flags;
	unsigned int s;
	u32 pending;
	bool manual;

	sim_lock(sim, &flags);
	dropped = sim->log_dropped;
	nviol = sim->nviol;
	nfaults = sim->nfaults;
	manual = sim->manual;
	nmi_accesses = sim->nmi_accesses;
	sim_unlock(sim, flags);

	seq_printf(m, "platform %s\n", sim->plat->name);
	seq_printf(m, "sockets %u\n", sim->nsockets);
	seq_printf(m, "uclk_hz %llu\n", sim->hz);
	seq_printf(m, "clock %s\n", manual ? "manual" : "live");
	seq_printf(m, "log_entries %u\n", sim->log_size);
	seq_printf(m, "log_dropped %llu\n", dropped);
	seq_printf(m, "violations %llu\n", nviol);
	seq_printf(m, "faults %llu\n", nfaults);
	seq_printf(m, "nmi_busy %d\n", atomic_read(&sim->nmi_busy));
	for (s = 0; s < sim->nsockets; s++) {
		bool frozen;

		sim_lock(sim, &flags);
		sim_update(&sim->sock[s], sim_now(sim));
		pmis = sim->sock[s].pmi_count;
		pending = sim->sock[s].pmi_pending;
		frozen = sim->plat->frozen && sim->plat->frozen(&sim->sock[s]);
		sim_unlock(sim, flags);
		seq_printf(m, "pmi_count_%u %llu\n", s, pmis);
		seq_printf(m, "pmi_pending_%u 0x%x\n", s, pending);
		seq_printf(m, "frozen_%u %d\n", s, frozen);
	}
	sim_nmi_show(m);
	seq_printf(m, "nmi_accesses %llu\n", nmi_accesses);
	return 0;
}

/* A register's address as the guide writes it: PCI's dev:fn in decimal */
static void sim_print_addr(struct seq_file *m, u8 space, u32 addr)
{
	if (space == SIM_PCI)
		seq_printf(m, "%u:%u:0x%03x", SIM_PCI_DEVFN(addr) >> 3,
			   SIM_PCI_DEVFN(addr) & 7, SIM_PCI_OFF(addr));
	else
		seq_printf(m, "0x%x", addr);
}

/*
 * MSR: "... msr 0x<msr> 0x<16 digits> NAME".  PCI: "... pci <socket>:<dev>:
 * <fn>:0x<offset> 0x<value> NAME", the value with two digits per byte
 * accessed.  NAME: the register's (sim_addr_name()), "-" where the part
 * has none.
 */
static void sim_print_access(struct seq_file *m, struct sim *sim,
			     const struct sim_log *e)
{
	const struct sim_addr *a = sim_log_reg(sim, e);
	char name[SIM_NAME_LEN] = "-";

	seq_printf(m, "%llu %u %c %s ", e->seq, e->cpu, e->write ? 'W' : 'R',
		   sim_space_name[e->space]);
	if (e->space == SIM_PCI)
		seq_printf(m, "%u:", e->socket);
	sim_print_addr(m, e->space, e->addr);
	if (e->space == SIM_PCI)
		seq_printf(m, " 0x%0*llx", 2 * e->size, e->val);
	else
		seq_printf(m, " 0x%016llx", e->val);
	if (a)
		sim_addr_name(sim, a, name, sizeof(name));
	seq_printf(m, " %s", name);
}

/*
 * regs: the part's address map, a line a register (a dword of a wide PCI
 * one), in address order: "msr 0x<msr> NAME" or "pci <dev>:<fn>:0x<offset>
 * NAME".  What the oracles look names up in, never restating an address.
 */
static int sim_show_regs(struct seq_file *m, void *v)
{
	struct sim *sim = sim_live;
	char name[SIM_NAME_LEN];
	unsigned int i;

	for (i = 0; i < sim->nmap; i++) {
		const struct sim_addr *a = &sim->map[i];

		seq_printf(m, "%s ", sim_space_name[a->space]);
		sim_print_addr(m, a->space, a->addr);
		sim_addr_name(sim, a, name, sizeof(name));
		seq_printf(m, " %s\n", name);
	}
	return 0;
}

static int sim_show_violations(struct seq_file *m, void *v)
{
	struct sim *sim = sim_live;
	struct sim_viol *copy;
	unsigned long flags;
	unsigned int i, kept;
	u64 total;

	copy = kmalloc_array(SIM_VIOL_KEEP, sizeof(*copy), GFP_KERNEL);
	if (!copy)
		return -ENOMEM;
	sim_lock(sim, &flags);
	total = sim->nviol;
	kept = min_t(u64, total, SIM_VIOL_KEEP);
	for (i = 0; i < kept; i++)
		copy[i] = sim->viol[(total - kept + i) % SIM_VIOL_KEEP];
	sim_unlock(sim, flags);

	seq_printf(m, "count %llu\n", total);
	for (i = 0; i < kept; i++) {
		sim_print_access(m, sim, &copy[i].acc);
		seq_printf(m, " %s", copy[i].why);
		if (copy[i].bits)
			seq_printf(m, " 0x%llx", copy[i].bits);
		seq_putc(m, '\n');
	}
	kfree(copy);
	return 0;
}

static int sim_cmd_violations(struct sim *sim, char *cmd)
{
	unsigned long flags;

	if (!sysfs_streq(cmd, "clear"))
		return -EINVAL;
	sim_lock(sim, &flags);
	sim->nviol = 0;
	sim_unlock(sim, flags);
	return 0;
}

static void sim_print_rate(struct seq_file *m, struct sim *sim,
			   unsigned int tidx, int box, u16 event, u8 umask,
			   const struct sim_pattern *pat)
{
	unsigned int i;

	seq_printf(m, "%s ", sim->plat->types[tidx]->name);
	if (box < 0)
		seq_puts(m, "*");
	else
		seq_printf(m, "%d", box);
	seq_printf(m, " 0x%02x 0x%02x ", event, umask);
	for (i = 0; i < pat->len; i++)
		seq_printf(m, "%s%u", i ? "," : "", pat->p[i]);
	seq_putc(m, '\n');
}

/*
 * "worst" while that is on, the overrides, then the defaults of events
 * programmed in some counter (box types with their own pattern hook, which
 * have no events, are not listed).
 */
static int sim_show_rates(struct seq_file *m, void *v)
{
	struct sim *sim = sim_live;
	unsigned int nr, nu = 0, max = sim->nsockets * sim_nctrs(sim);
	struct sim_rate *rates, *used;
	unsigned long flags;
	unsigned int s, i, n, k;
	bool worst;

	rates = kmalloc_array(SIM_MAX_RATES + max, sizeof(*rates), GFP_KERNEL);
	if (!rates)
		return -ENOMEM;
	used = rates + SIM_MAX_RATES;

	sim_lock(sim, &flags);
	worst = sim->worst;
	nr = sim->nrates;
	memcpy(rates, sim->rate, nr * sizeof(*rates));
	for (s = 0; s < sim->nsockets; s++) {
		for (i = 0; i < sim->nboxes; i++) {
			struct sim_box *b = &sim->sock[s].box[i];

			for (n = 0; n < b->type->nctrs; n++) {
				struct sim_ctr_cfg cfg = {};
				struct sim_rate *u = &used[nu];

				b->type->decode(&sim->sock[s], b, n, &cfg);
				if (!cfg.programmed || cfg.filter ||
				    !sim_event_find(b->type, cfg.event) ||
				    sim_rate_find(sim, b->tidx, b->idx,
						  cfg.event, cfg.umask))
					continue;
				u->tidx = b->tidx;
				u->box = b->idx;
				u->event = cfg.event;
				u->umask = cfg.umask;
				for (k = 0; k < nu; k++)
					if (used[k].tidx == u->tidx &&
					    used[k].box == u->box &&
					    used[k].event == u->event &&
					    used[k].umask == u->umask)
						break;
				if (k == nu)
					nu++;
			}
		}
	}
	sim_unlock(sim, flags);

	if (worst)
		seq_puts(m, "worst\n");
	for (i = 0; i < nr; i++)
		sim_print_rate(m, sim, rates[i].tidx, rates[i].box,
			       rates[i].event, rates[i].umask, &rates[i].pat);
	for (i = 0; i < nu; i++) {
		const struct sim_box_type *t = sim->plat->types[used[i].tidx];
		struct sim_pattern pat;

		sim_pattern_default(&pat, t->name, used[i].box, used[i].event,
				    used[i].umask, 0,
				    sim_event_find(t, used[i].event)->max_inc);
		sim_print_rate(m, sim, used[i].tidx, used[i].box,
			       used[i].event, used[i].umask, &pat);
	}
	kfree(rates);
	return 0;
}

/* "<boxtype> <index|*> 0x<event> 0x<umask> <p0>,<p1>,...", "worst", "reset" */
static int sim_rate_parse(struct sim *sim, char *line)
{
	char *tok[5], *v;
	struct sim_pattern pat = {};
	unsigned int i = 0, box = 0;
	u16 event;
	u8 umask;

	if (sysfs_streq(line, "reset")) {
		sim_rates_reset(sim);
		return 0;
	}
	if (sysfs_streq(line, "worst")) {
		sim_set_worst(sim, true);
		return 0;
	}
	while (i < ARRAY_SIZE(tok) && (v = strsep(&line, " \t")))
		if (*v)
			tok[i++] = v;
	if (i < ARRAY_SIZE(tok) || (line && *skip_spaces(line)))
		return -EINVAL;
	if (kstrtou16(tok[2], 0, &event) || kstrtou8(tok[3], 0, &umask))
		return -EINVAL;
	if (strcmp(tok[1], "*") && kstrtouint(tok[1], 0, &box))
		return -EINVAL;
	while ((v = strsep(&tok[4], ","))) {
		if (pat.len == SIM_PAT_MAX || kstrtou8(v, 0, &pat.p[pat.len]))
			return -EINVAL;
		pat.len++;
	}
	if (box > S16_MAX)
		return -EINVAL;
	return sim_rate_set(sim, tok[0], strcmp(tok[1], "*") ? box : -1,
			    event, umask, &pat);
}

static int sim_cmd_rates(struct sim *sim, char *cmd)
{
	char *line;
	int ret;

	while ((line = strsep(&cmd, "\n"))) {
		line = strim(line);
		if (!*line)
			continue;
		ret = sim_rate_parse(sim, line);
		sim_nmi_kick();
		if (ret)
			return ret;
	}
	return 0;
}

/* "msr 0x<addr> <n>", "pci <dev>.<fn> 0x<offset> <n>": fail the next n reads. */
static int sim_show_faults(struct seq_file *m, void *v)
{
	struct sim *sim = sim_live;
	unsigned long flags;
	u32 addr, left;
	u64 hits;
	u8 space;

	sim_lock(sim, &flags);
	space = sim->fault_space;
	addr = sim->fault_addr;
	left = sim->fault_left;
	hits = sim->fault_hits;
	sim_unlock(sim, flags);
	seq_printf(m, "%s %#x left %u hits %llu\n", space == SIM_PCI ? "pci" : "msr",
		   addr, left, hits);
	return 0;
}

static int sim_cmd_faults(struct sim *sim, char *cmd)
{
	unsigned int dev, fn, off, n;
	unsigned long flags;
	u32 addr;
	u8 space;

	if (sscanf(cmd, "msr %x %u", &addr, &n) == 2) {
		space = SIM_MSR;
	} else if (sscanf(cmd, "pci %x.%x %x %u", &dev, &fn, &off, &n) == 4 &&
		   dev < 32 && fn < 8 && off < 4096) {
		space = SIM_PCI;
		addr = SIM_PCI_ADDR(dev, fn, off & ~3U);
	} else {
		return -EINVAL;
	}
	sim_lock(sim, &flags);
	sim->fault_space = space;
	sim->fault_addr = addr;
	sim->fault_left = n;
	sim_unlock(sim, flags);
	return 0;
}

/*
 * Writes of another program behind the driver's back (wrmsr through
 * /dev/cpu/N/msr, setpci): "msr <socket> 0x<addr> 0x<value>", "pci
 * <socket> <dev>.<fn> 0x<offset> 0x<dword>", several separated by ';',
 * which land together between two accesses of the driver.
 */
#define SIM_POKES	8

static int sim_show_poke(struct seq_file *m, void *v)
{
	seq_puts(m, "msr <socket> 0x<addr> 0x<value>\npci <socket> <dev>.<fn> 0x<offset> 0x<dword>\n");
	return 0;
}

static int sim_cmd_poke(struct sim *sim, char *cmd)
{
	struct sim_poke p[SIM_POKES];
	unsigned int n = 0, socket, dev, fn, off;
	char *one;
	u32 addr;
	u64 val;
	int ret;

	while ((one = strsep(&cmd, ";\n"))) {
		one = strim(one);
		if (!*one)
			continue;
		if (n == SIM_POKES)
			return -E2BIG;
		if (sscanf(one, "msr %u %x %llx", &socket, &addr, &val) == 3)
			p[n++] = (struct sim_poke){ SIM_MSR, socket, addr, val };
		else if (sscanf(one, "pci %u %x.%x %x %llx", &socket, &dev, &fn,
				&off, &val) == 5 && dev < 32 && fn < 8 &&
			 off < 4096 && val <= U32_MAX)
			p[n++] = (struct sim_poke){ SIM_PCI, socket,
						    SIM_PCI_ADDR(dev, fn, off), val };
		else
			return -EINVAL;
	}
	ret = sim_poke(sim, p, n);
	sim_nmi_kick();
	return ret;
}

/*
 * Overflows the hardware latched before the driver loaded (another
 * program's counters, PCM's or likwid's): "msr <socket> 0x<addr>
 * 0x<bits>", several separated by ';', set in status registers as held.
 */
static int sim_show_latch(struct seq_file *m, void *v)
{
	seq_puts(m, "msr <socket> 0x<addr> 0x<bits>\n");
	return 0;
}

static int sim_cmd_latch(struct sim *sim, char *cmd)
{
	unsigned int socket;
	char *one;
	u32 addr;
	u64 bits;
	int ret;

	while ((one = strsep(&cmd, ";\n"))) {
		one = strim(one);
		if (!*one)
			continue;
		if (sscanf(one, "msr %u %x %llx", &socket, &addr, &bits) != 3)
			return -EINVAL;
		ret = sim_latch(sim, socket, addr, bits);
		if (ret)
			return ret;
	}
	return 0;
}

static int sim_show_trigger(struct seq_file *m, void *v)
{
	seq_printf(m, "armed %d fired %lld frozen %d\n",
		   atomic_read(&sim_trig_any) + atomic_read(&sim_trig_dead.armed),
		   (long long)atomic64_read(&sim_trig_fired),
		   atomic_read(&sim_trig_frozen));
	return 0;
}

/*
 * "WHEN msr 0x<addr> <cpu> ACTION" or "WHEN pci <socket> <dev>.<fn>
 * 0x<offset> <cpu> ACTION", WHEN before or after (any access), or
 * before-read, after-write, after-set (a write of a value not 0) and the
 * like, ACTION pmi, tick <cycles> or stall <usecs>, arms one more; "dead
 * <cpu> pmi|tick <cycles>" arms the one at a CPU's death; "off" disarms
 * them all.
 */
static int sim_cmd_trigger(struct sim *sim, char *cmd)
{
	struct sim_trigger *t;
	char when[16], what[8], *kind;
	unsigned int cpu, arg = 0, socket = 0, dev, fn, off;
	u8 action, space = SIM_MSR;
	u32 addr;
	int n;

	if (sysfs_streq(cmd, "off")) {
		for (t = sim_trig; t < sim_trig + SIM_TRIGGERS; t++)
			if (atomic_xchg(&t->armed, 0))
				atomic_dec(&sim_trig_any);
		sim_disarm_dead();
		return 0;
	}
	n = sscanf(cmd, "dead %u %7s %u", &cpu, what, &arg);
	if (n >= 2)
		return sim_arm_dead(cpu, what, arg, n);
	n = sscanf(cmd, "%15s msr %x %u %7s %u", when, &addr, &cpu, what, &arg);
	if (n < 4) {
		n = sscanf(cmd, "%15s pci %u %x.%x %x %u %7s %u", when, &socket,
			   &dev, &fn, &off, &cpu, what, &arg);
		if (n < 7 || dev >= 32 || fn >= 8 || off >= 4096 || (off & 3))
			return -EINVAL;
		n -= 3;
		space = SIM_PCI;
		addr = SIM_PCI_ADDR(dev, fn, off);
	}
	kind = strchr(when, '-');
	if (kind)
		*kind++ = 0;
	if (n < 4 || (strcmp(when, "before") && strcmp(when, "after")) ||
	    (kind && strcmp(kind, "read") && strcmp(kind, "write") && strcmp(kind, "set")) ||
	    cpu >= nr_cpu_ids)
		return -EINVAL;
	if (!strcmp(what, "pmi") && n == 4)
		action = SIM_TRIG_PMI;
	else if (!strcmp(what, "tick") && n == 5)
		action = SIM_TRIG_TICK;
	else if (!strcmp(what, "stall") && n == 5 && arg && arg <= 2000000)
		action = SIM_TRIG_STALL;
	else
		return -EINVAL;
	for (t = sim_trig; t < sim_trig + SIM_TRIGGERS; t++)
		if (!atomic_read(&t->armed))
			break;
	if (t == sim_trig + SIM_TRIGGERS)
		return -EBUSY;
	t->action = action;
	t->kind = !kind ? 0 : !strcmp(kind, "read") ? 1 : !strcmp(kind, "write") ? 2 : 3;
	t->space = space;
	t->socket = socket;
	t->addr = addr;
	t->cpu = cpu;
	WRITE_ONCE(t->after, !strcmp(when, "after"));
	WRITE_ONCE(t->arg, arg);
	atomic_set_release(&t->armed, 1);
	atomic_inc(&sim_trig_any);
	return 0;
}

/*
 * debugfs "squat": a PMU of the model's registered under a name (as
 * intel_uncore would hold one of the driver's), so that the driver's load
 * fails at its registration; "-" unregisters it.
 */
static int sim_squat_init(struct perf_event *event)
{
	return -ENOENT;
}

static void sim_squat_nop(struct perf_event *event, int flags)
{
}

static int sim_squat_add(struct perf_event *event, int flags)
{
	return -EINVAL;
}

static void sim_squat_read(struct perf_event *event)
{
}

static struct pmu sim_squat_pmu = {
	.module		= THIS_MODULE,
	.task_ctx_nr	= perf_invalid_context,
	.event_init	= sim_squat_init,
	.add		= sim_squat_add,
	.del		= sim_squat_nop,
	.start		= sim_squat_nop,
	.stop		= sim_squat_nop,
	.read		= sim_squat_read,
};

static char sim_squat_name[32];
static DEFINE_MUTEX(sim_squat_lock);

static void sim_squat_release(void)
{
	if (sim_squat_name[0])
		perf_pmu_unregister(&sim_squat_pmu);
	sim_squat_name[0] = 0;
}

static int sim_show_squat(struct seq_file *m, void *v)
{
	mutex_lock(&sim_squat_lock);
	seq_printf(m, "%s\n", sim_squat_name[0] ? sim_squat_name : "-");
	mutex_unlock(&sim_squat_lock);
	return 0;
}

static int sim_cmd_squat(struct sim *sim, char *cmd)
{
	int ret = 0;

	cmd = strim(cmd);
	mutex_lock(&sim_squat_lock);
	sim_squat_release();
	if (strcmp(cmd, "-")) {
		strscpy(sim_squat_name, cmd, sizeof(sim_squat_name));
		ret = perf_pmu_register(&sim_squat_pmu, sim_squat_name, -1);
		if (ret)
			sim_squat_name[0] = 0;
	}
	mutex_unlock(&sim_squat_lock);
	return ret;
}

static int sim_show_nmi_read(struct seq_file *m, void *v)
{
	sim_nmi_read_show(m);
	return 0;
}

static int sim_cmd_nmi_read(struct sim *sim, char *cmd)
{
	return sim_nmi_read_cmd(cmd);
}

/* "hold": raised PMIs stay pending; "release": they are sent. */
static int sim_show_pmi(struct seq_file *m, void *v)
{
	seq_printf(m, "%s\n", sim_nmi_held() ? "hold" : "release");
	return 0;
}

/* "hold", "release", or "unrelated CPU" (an NMI not the uncore's) */
static int sim_cmd_pmi(struct sim *sim, char *cmd)
{
	unsigned int cpu;

	if (sscanf(cmd, "unrelated %u", &cpu) == 1)
		return sim_nmi_unrelated_send(cpu);
	if (sysfs_streq(cmd, "hold"))
		sim_nmi_hold(true);
	else if (sysfs_streq(cmd, "release"))
		sim_nmi_hold(false);
	else
		return -EINVAL;
	return 0;
}

static int sim_show_clock(struct seq_file *m, void *v)
{
	seq_printf(m, "%s\n", READ_ONCE(sim_live->manual) ? "manual" : "live");
	return 0;
}

static int sim_cmd_clock(struct sim *sim, char *cmd)
{
	if (sysfs_streq(cmd, "manual"))
		sim_set_manual(sim, true);
	else if (sysfs_streq(cmd, "live"))
		sim_set_manual(sim, false);
	else
		return -EINVAL;
	sim_nmi_kick();
	return 0;
}

/* Reading gives the current cycle count. */
static int sim_show_advance(struct seq_file *m, void *v)
{
	struct sim *sim = sim_live;
	unsigned long flags;
	u64 now;

	sim_lock(sim, &flags);
	now = sim_now(sim);
	sim_unlock(sim, flags);
	seq_printf(m, "%llu\n", now);
	return 0;
}

/* "N": N cycles more now; "step N": N more at every register access */
static int sim_cmd_advance(struct sim *sim, char *cmd)
{
	unsigned long flags;
	u64 n;
	int ret;

	if (sscanf(cmd, "step %llu", &n) == 1) {
		sim_lock(sim, &flags);
		sim->step = n;
		sim_unlock(sim, flags);
		return 0;
	}
	ret = kstrtou64(strim(cmd), 10, &n);
	if (!ret) {
		sim_advance(sim, n);
		sim_nmi_kick();
	}
	return ret;
}

static int sim_cmd_log(struct sim *sim, char *cmd)
{
	unsigned long flags;

	if (!sysfs_streq(cmd, "clear"))
		return -EINVAL;
	sim_lock(sim, &flags);
	sim->log_first = sim->seq + 1;
	sim_unlock(sim, flags);
	return 0;
}

/*
 * The log can hold many entries: it is walked one entry at a time, each
 * copied under the lock, from the oldest retained at open to the newest at
 * open.  Entries overwritten meanwhile are skipped.
 */
struct sim_log_iter {
	u64 first;
	u64 last;
	u64 cur;
};

static void *sim_log_start(struct seq_file *m, loff_t *pos)
{
	struct sim_log_iter *it = m->private;

	it->cur = it->first + *pos;
	return it->cur <= it->last ? it : NULL;
}

static void *sim_log_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return sim_log_start(m, pos);
}

static void sim_log_stop(struct seq_file *m, void *v)
{
}

static int sim_log_show(struct seq_file *m, void *v)
{
	struct sim_log_iter *it = v;
	struct sim *sim = sim_live;
	struct sim_log e = {};
	unsigned long flags;
	u32 slot;

	sim_lock(sim, &flags);
	if (it->cur >= sim->log_first && it->cur <= sim->seq) {
		div_u64_rem(it->cur, sim->log_size, &slot);
		e = sim->log[slot];
	}
	sim_unlock(sim, flags);
	if (e.seq != it->cur)
		return SEQ_SKIP;
	sim_print_access(m, sim, &e);
	seq_putc(m, '\n');
	return 0;
}

static const struct seq_operations sim_log_seq_ops = {
	.start = sim_log_start,
	.next = sim_log_next,
	.stop = sim_log_stop,
	.show = sim_log_show,
};

struct sim_dfile {
	const char *name;
	umode_t mode;
	int (*show)(struct seq_file *m, void *v);
	int (*cmd)(struct sim *sim, char *cmd);
};

static const struct sim_dfile sim_dfiles[] = {
	{ "info", 0444, sim_show_info, NULL },
	{ "truth", 0644, sim_show_truth, sim_cmd_truth },
	{ "overflows", 0444, sim_show_overflows, NULL },
	{ "counters", 0444, sim_show_counters_full, NULL },
	{ "regs", 0444, sim_show_regs, NULL },
	{ "log", 0644, NULL, sim_cmd_log },
	{ "violations", 0644, sim_show_violations, sim_cmd_violations },
	{ "rates", 0644, sim_show_rates, sim_cmd_rates },
	{ "advance", 0644, sim_show_advance, sim_cmd_advance },
	{ "clock", 0644, sim_show_clock, sim_cmd_clock },
	{ "faults", 0644, sim_show_faults, sim_cmd_faults },
	{ "pmi", 0644, sim_show_pmi, sim_cmd_pmi },
	{ "nmi_read", 0644, sim_show_nmi_read, sim_cmd_nmi_read },
	{ "poke", 0644, sim_show_poke, sim_cmd_poke },
	{ "trigger", 0644, sim_show_trigger, sim_cmd_trigger },
	{ "squat", 0644, sim_show_squat, sim_cmd_squat },
	{ "latch", 0644, sim_show_latch, sim_cmd_latch },
};

static int sim_dfile_open(struct inode *inode, struct file *file)
{
	const struct sim_dfile *f = inode->i_private;
	struct sim_log_iter *it;
	unsigned long flags;

	if (f->show)
		return single_open(file, f->show, NULL);

	it = __seq_open_private(file, &sim_log_seq_ops, sizeof(*it));
	if (!it)
		return -ENOMEM;
	sim_lock(sim_live, &flags);
	it->first = sim_live->log_first;
	it->last = sim_live->seq;
	sim_unlock(sim_live, flags);
	return 0;
}

static int sim_dfile_release(struct inode *inode, struct file *file)
{
	const struct sim_dfile *f = inode->i_private;

	return f->show ? single_release(inode, file) :
			 seq_release_private(inode, file);
}

static ssize_t sim_dfile_write(struct file *file, const char __user *ubuf,
			       size_t count, loff_t *ppos)
{
	const struct sim_dfile *f = file_inode(file)->i_private;
	char *buf;
	int ret;

	if (!f->cmd)
		return -EPERM;
	if (count >= PAGE_SIZE)
		return -E2BIG;
	buf = memdup_user_nul(ubuf, count);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	ret = f->cmd(sim_live, buf);
	kfree(buf);
	if (ret)
		return ret;
	return count;
}

static const struct file_operations sim_dfile_fops = {
	.owner = THIS_MODULE,
	.open = sim_dfile_open,
	.read = seq_read,
	.write = sim_dfile_write,
	.llseek = seq_lseek,
	.release = sim_dfile_release,
};

static int __init sim_init(void)
{
	const struct sim_platform *plat = NULL;
	const struct sim_platform_row *row;
	struct sim *sim;
	unsigned int i;
	int ret;

	for (row = sim_platform_rows; row->name; row++)
		if (!strcmp(platform, row->name))
			plat = row->plat;
	if (plat && !gl_ctl && plat->no_gl_ctl)
		plat = plat->no_gl_ctl;
	if (!plat) {
		pr_err("platform=%s: not a part of platforms.h, which has:\n", platform);
		for (row = sim_platform_rows; row->name; row++)
			pr_err("  %s\n", row->name);
		return -EINVAL;
	}
	if (sockets < 1 || sockets > 8 || !uclk_mhz || uclk_mhz > 100000 ||
	    log_entries > (1U << 22)) {
		pr_err("need sockets=1..8, uclk_mhz=1..100000, log_entries<=4194304\n");
		return -EINVAL;
	}
	sim = sim_create(plat, sockets, uclk_mhz, log_entries);
	if (IS_ERR(sim))
		return PTR_ERR(sim);
	sim_live = sim;
	ret = sim_nmi_start(sim);
	if (ret) {
		sim_destroy(sim);
		return ret;
	}
	ret = sim_pci_create(sim);
	if (ret) {
		sim_nmi_stop();
		sim_destroy(sim);
		return ret;
	}

	sim_dir = debugfs_create_dir("xeon_uncore_sim", NULL);
	for (i = 0; i < ARRAY_SIZE(sim_dfiles); i++)
		debugfs_create_file(sim_dfiles[i].name, sim_dfiles[i].mode,
				    sim_dir, (void *)&sim_dfiles[i],
				    &sim_dfile_fops);
	return 0;
}
module_init(sim_init);

static void __exit sim_exit(void)
{
	debugfs_remove_recursive(sim_dir);
	if (sim_dead_state)
		cpuhp_remove_state_nocalls(sim_dead_state);
	mutex_lock(&sim_squat_lock);
	sim_squat_release();
	mutex_unlock(&sim_squat_lock);
	sim_pci_destroy();
	sim_nmi_stop();
	sim_destroy(sim_live);
}
module_exit(sim_exit);

MODULE_DESCRIPTION("Register model of Intel Xeon uncore PMUs for xeon_uncore");
MODULE_LICENSE("GPL");
