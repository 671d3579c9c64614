// SPDX-License-Identifier: GPL-2.0
/*
 * xu_cost: uncore register accesses per perf callback, for make bench.
 *
 * Loaded beside the register model (xeon_uncore_sim) and one uncore
 * driver at a time (ours, or Debian's intel_uncore), it counts the
 * register accesses made on each CPU and charges them to the outermost
 * probed function running there.  An access is one the model serves (any
 * config access to its PCI functions; our driver's MSR accesses, which go
 * to the model) or an RDMSR/WRMSR of an uncore MSR (0xc00-0xfff) that the
 * msr tracepoints see (intel_uncore's, which TCG ignores).
 *
 * debugfs /sys/kernel/debug/xu_cost/:
 *   attach  "pmu TYPE CONFIG [CONFIG1 CONFIG2]": probe the struct pmu of
 *           PMU type TYPE (found through a kernel counter of that config,
 *           on the first CPU of the PMU's cpumask given as "cpu=N" first,
 *           default 0): add, del, start, stop, read, pmu_enable,
 *           pmu_disable, start_txn, commit_txn, cancel_txn.  A function
 *           shared by several PMUs (a driver's add serves every box) is
 *           probed once and counts calls for every PMU attached.
 *           "sym NAME": probe a function by name (perf's mux timer
 *           handler, a driver's poll timer or NMI handler).
 *   ops     "NAME calls N accesses N" per probed function since the last
 *           reset, outermost calls only
 *   totals  "accesses N msr N model N": on all CPUs since load
 *   reset   write anything: zero the ops table
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/debugfs.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/perf/xeon_uncore.h>
#include <linux/perf_event.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <asm/msr-trace.h>

#define XC_MAX_PROBES	24
#define XC_MAX_PMUS	64
#define XC_MSR_FIRST	0xc00
#define XC_MSR_LAST	0xfff

enum xc_arg { XC_SYM, XC_EVENT, XC_PMU };

struct xc_probe {
	struct kretprobe krp;
	const char *name;
	enum xc_arg arg;
	unsigned int idx;
};

struct xc_cpu {
	int depth;
	u64 msr;
	u64 calls[XC_MAX_PROBES];
	u64 acc[XC_MAX_PROBES];
};

struct xc_frame {
	bool outer;
	u64 start;
};

static DEFINE_PER_CPU(struct xc_cpu, xc_cpu);
static DEFINE_MUTEX(xc_mutex);
static struct xc_probe *xc_probes[XC_MAX_PROBES];
static unsigned int xc_nprobes;
static struct pmu *xc_pmus[XC_MAX_PMUS];
static unsigned int xc_npmus;
static u64 (*xc_model)(unsigned int cpu);
static struct dentry *xc_dir;

static u64 xc_now(void)
{
	unsigned int cpu = smp_processor_id();

	return per_cpu(xc_cpu, cpu).msr + xc_model(cpu);
}

static void xc_msr(void *data, unsigned int msr, u64 val, int failed)
{
	if (msr >= XC_MSR_FIRST && msr <= XC_MSR_LAST)
		this_cpu_inc(xc_cpu.msr);
}

static bool xc_pmu_attached(const struct pmu *pmu)
{
	unsigned int i, n = READ_ONCE(xc_npmus);

	for (i = 0; i < n; i++)
		if (READ_ONCE(xc_pmus[i]) == pmu)
			return true;
	return false;
}

static int xc_entry(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct xc_probe *p = container_of(get_kretprobe(ri), struct xc_probe, krp);
	struct xc_frame *f = (struct xc_frame *)ri->data;
	unsigned long arg = regs_get_kernel_argument(regs, 0);

	if (p->arg == XC_EVENT && !xc_pmu_attached(((struct perf_event *)arg)->pmu))
		return 1;
	if (p->arg == XC_PMU && !xc_pmu_attached((struct pmu *)arg))
		return 1;
	f->outer = this_cpu_inc_return(xc_cpu.depth) == 1;
	if (f->outer)
		f->start = xc_now();
	return 0;
}

static int xc_return(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct xc_probe *p = container_of(get_kretprobe(ri), struct xc_probe, krp);
	struct xc_frame *f = (struct xc_frame *)ri->data;

	this_cpu_dec(xc_cpu.depth);
	if (f->outer) {
		this_cpu_inc(xc_cpu.calls[p->idx]);
		this_cpu_add(xc_cpu.acc[p->idx], xc_now() - f->start);
	}
	return 0;
}

/* Probe @addr (or the function @sym) as @name; 0 if already probed. */
static int xc_probe_add(const char *name, void *addr, const char *sym,
			enum xc_arg arg)
{
	struct xc_probe *p;
	unsigned int i;
	int ret;

	for (i = 0; i < xc_nprobes; i++)
		if ((addr && xc_probes[i]->krp.kp.addr == addr) ||
		    (sym && !strcmp(xc_probes[i]->name, sym)))
			return 0;
	if (xc_nprobes == XC_MAX_PROBES)
		return -ENOSPC;
	p = kzalloc(sizeof(*p), GFP_KERNEL);
	if (!p)
		return -ENOMEM;
	p->name = kstrdup(name, GFP_KERNEL);
	p->arg = arg;
	p->idx = xc_nprobes;
	p->krp.kp.addr = addr;
	p->krp.kp.symbol_name = sym ? p->name : NULL;
	p->krp.entry_handler = xc_entry;
	p->krp.handler = xc_return;
	p->krp.data_size = sizeof(struct xc_frame);
	p->krp.maxactive = 4 * num_possible_cpus();
	ret = p->name ? register_kretprobe(&p->krp) : -ENOMEM;
	if (ret) {
		pr_err("cannot probe %s: %d\n", name, ret);
		kfree(p->name);
		kfree(p);
		return ret;
	}
	xc_probes[xc_nprobes++] = p;
	return 0;
}

static int xc_probe_cb(const char *name, void *fn, enum xc_arg arg)
{
	return fn ? xc_probe_add(name, fn, NULL, arg) : 0;
}

static int xc_attach_pmu(int cpu, u32 type, u64 config, u64 config1, u64 config2)
{
	struct perf_event_attr attr = {
		.type = type, .size = sizeof(attr), .config = config,
		.config1 = config1, .config2 = config2, .disabled = 1,
	};
	struct perf_event *event;
	struct pmu *pmu;
	int ret;

	event = perf_event_create_kernel_counter(&attr, cpu, NULL, NULL, NULL);
	if (IS_ERR(event))
		return PTR_ERR(event);
	pmu = event->pmu;
	perf_event_release_kernel(event);
	if (!xc_pmu_attached(pmu)) {
		if (xc_npmus == XC_MAX_PMUS)
			return -ENOSPC;
		WRITE_ONCE(xc_pmus[xc_npmus], pmu);
		WRITE_ONCE(xc_npmus, xc_npmus + 1);
	}
	ret = xc_probe_cb("add", pmu->add, XC_EVENT) ?:
	      xc_probe_cb("del", pmu->del, XC_EVENT) ?:
	      xc_probe_cb("start", pmu->start, XC_EVENT) ?:
	      xc_probe_cb("stop", pmu->stop, XC_EVENT) ?:
	      xc_probe_cb("read", pmu->read, XC_EVENT) ?:
	      xc_probe_cb("pmu_enable", pmu->pmu_enable, XC_PMU) ?:
	      xc_probe_cb("pmu_disable", pmu->pmu_disable, XC_PMU) ?:
	      xc_probe_cb("start_txn", pmu->start_txn, XC_PMU) ?:
	      xc_probe_cb("commit_txn", pmu->commit_txn, XC_PMU) ?:
	      xc_probe_cb("cancel_txn", pmu->cancel_txn, XC_PMU);
	return ret;
}

static ssize_t xc_attach_write(struct file *file, const char __user *ubuf,
			       size_t len, loff_t *ppos)
{
	u64 config = 0, config1 = 0, config2 = 0;
	char buf[128], name[64];
	int cpu = 0, ret;
	u32 type;

	if (len >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, len))
		return -EFAULT;
	buf[len] = 0;
	mutex_lock(&xc_mutex);
	if (sscanf(buf, "sym %63s", name) == 1) {
		ret = xc_probe_add(name, NULL, name, XC_SYM);
	} else if (sscanf(buf, "cpu=%d pmu %u %llx %llx %llx", &cpu, &type,
			  &config, &config1, &config2) >= 3 ||
		   sscanf(buf, "pmu %u %llx %llx %llx", &type, &config,
			  &config1, &config2) >= 2) {
		ret = xc_attach_pmu(cpu, type, config, config1, config2);
	} else {
		ret = -EINVAL;
	}
	mutex_unlock(&xc_mutex);
	return ret ?: len;
}

static const struct file_operations xc_attach_fops = {
	.owner = THIS_MODULE,
	.write = xc_attach_write,
};

static int xc_ops_show(struct seq_file *m, void *v)
{
	unsigned int i;
	int cpu;

	mutex_lock(&xc_mutex);
	for (i = 0; i < xc_nprobes; i++) {
		u64 calls = 0, acc = 0;

		for_each_possible_cpu(cpu) {
			calls += per_cpu(xc_cpu, cpu).calls[i];
			acc += per_cpu(xc_cpu, cpu).acc[i];
		}
		seq_printf(m, "%s calls %llu accesses %llu missed %lu\n",
			   xc_probes[i]->name, calls, acc,
			   xc_probes[i]->krp.nmissed + xc_probes[i]->krp.kp.nmissed);
	}
	mutex_unlock(&xc_mutex);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(xc_ops);

static int xc_totals_show(struct seq_file *m, void *v)
{
	u64 msr = 0, model = 0;
	int cpu;

	for_each_possible_cpu(cpu) {
		msr += per_cpu(xc_cpu, cpu).msr;
		model += xc_model(cpu);
	}
	seq_printf(m, "accesses %llu msr %llu model %llu\n", msr + model, msr, model);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(xc_totals);

static ssize_t xc_reset_write(struct file *file, const char __user *ubuf,
			      size_t len, loff_t *ppos)
{
	int cpu;

	mutex_lock(&xc_mutex);
	for_each_possible_cpu(cpu) {
		struct xc_cpu *c = per_cpu_ptr(&xc_cpu, cpu);

		memset(c->calls, 0, sizeof(c->calls));
		memset(c->acc, 0, sizeof(c->acc));
	}
	mutex_unlock(&xc_mutex);
	return len;
}

static const struct file_operations xc_reset_fops = {
	.owner = THIS_MODULE,
	.write = xc_reset_write,
};

static void xc_unprobe(void)
{
	while (xc_nprobes) {
		struct xc_probe *p = xc_probes[--xc_nprobes];

		unregister_kretprobe(&p->krp);
		kfree(p->name);
		kfree(p);
	}
}

static int __init xc_init(void)
{
	int ret;

	xc_model = symbol_get(xeon_uncore_sim_accesses);
	if (!xc_model) {
		pr_err("needs xeon_uncore_sim loaded first\n");
		return -ENODEV;
	}
	ret = register_trace_read_msr(xc_msr, NULL);
	if (!ret) {
		ret = register_trace_write_msr(xc_msr, NULL);
		if (ret)
			unregister_trace_read_msr(xc_msr, NULL);
	}
	if (ret) {
		symbol_put(xeon_uncore_sim_accesses);
		return ret;
	}
	xc_dir = debugfs_create_dir("xu_cost", NULL);
	debugfs_create_file("attach", 0200, xc_dir, NULL, &xc_attach_fops);
	debugfs_create_file("ops", 0444, xc_dir, NULL, &xc_ops_fops);
	debugfs_create_file("totals", 0444, xc_dir, NULL, &xc_totals_fops);
	debugfs_create_file("reset", 0200, xc_dir, NULL, &xc_reset_fops);
	return 0;
}

static void __exit xc_exit(void)
{
	debugfs_remove_recursive(xc_dir);
	xc_unprobe();
	unregister_trace_write_msr(xc_msr, NULL);
	unregister_trace_read_msr(xc_msr, NULL);
	tracepoint_synchronize_unregister();
	symbol_put(xeon_uncore_sim_accesses);
}

module_init(xc_init);
module_exit(xc_exit);
MODULE_DESCRIPTION("Register accesses per perf callback of an uncore driver (benchmark)");
MODULE_LICENSE("GPL");
