// SPDX-License-Identifier: GPL-2.0
/*
 * The model's PCI boxes on simulated PCI root buses, one per modelled
 * socket, so that an ordinary pci_driver (ours, or the kernel's own
 * intel_uncore) finds and programs them through config accesses.
 *
 * The buses live in a private PCI domain above 0xffff (picked as vmd.c
 * does), bus 0x3f for socket 0 and 0x7f for socket 1 as on real 2-socket
 * systems (0x40 apart up to 4 sockets, 0x20 apart beyond).  Each function
 * the platform's SIM_PCI box types name gets a standard header: Intel's
 * vendor ID, the box type's device ID, class 0x1101 (performance
 * counters) for counting boxes and 0x0880 otherwise, no BARs, interrupt
 * pin 0, and a PCI Express capability (root-complex integrated endpoint)
 * at 0x60 so that the core gives the function 4 KiB of config space.
 * Functions named in pci_hide are left out, as a BIOS hides them.
 * Function 0 of a device with no box there is a placeholder (device ID
 * 0x3cff, made up) so that the core scans the other functions; every
 * function of a device with several carries the multi-function bit.
 *
 * Every config access that touches a dword holding a model register goes
 * to sim_pci_access() (logged and checked there); everything else is the
 * header, served from a 256-byte image per function in which only the
 * command register, cache line size, latency timer, interrupt line and
 * 0x40-0xff outside the capability's fixed fields are writable.  Above
 * 0x100 such bytes read 0 and ignore writes.  pci_ops run under the PCI
 * core's raw spinlock with interrupts off, as does the model's lock.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/device.h>
#include <linux/kernel.h>
#include <linux/pci.h>
#include <linux/slab.h>
#include <linux/topology.h>

#include "sim.h"

#define SIM_PCI_MAX_FN		32
#define SIM_PCI_CAP		0x60
#define SIM_PCI_PLACEHOLDER	0x3cff
#define SIM_PCI_CLASS_PMON	0x110100
#define SIM_PCI_CLASS_OTHER	0x088000

struct sim_pci_fn {
	u8 devfn;
	u16 devid;
	u32 class;
	bool multi;
	u8 cfg[PCI_CFG_SPACE_SIZE];
};

struct sim_pci_host {
	struct pci_sysdata sd;		/* bus->sysdata */
	struct sim *sim;
	struct pci_bus *bus;
	struct resource busn;
	unsigned int socket;
	unsigned int nfn;
	struct sim_pci_fn fn[SIM_PCI_MAX_FN];
};

static char *pci_hide = "";
module_param(pci_hide, charp, 0444);
MODULE_PARM_DESC(pci_hide, "functions the BIOS hides: socket:device.function in lspci's hex, comma-separated (e.g. 0:10.5,1:13.1)");

static struct device *sim_pci_root;
static struct sim_pci_host **sim_pci_hosts;
static unsigned int sim_pci_nhosts;

static struct sim_pci_fn *sim_pci_fn_find(struct sim_pci_host *h,
					  unsigned int devfn)
{
	unsigned int i;

	for (i = 0; i < h->nfn; i++)
		if (h->fn[i].devfn == devfn)
			return &h->fn[i];
	return NULL;
}

static bool sim_pci_writable(unsigned int off)
{
	switch (off) {
	case PCI_COMMAND:
	case PCI_COMMAND + 1:
	case PCI_CACHE_LINE_SIZE:
	case PCI_LATENCY_TIMER:
	case PCI_INTERRUPT_LINE:
		return true;
	}
	if (off < 0x40)
		return false;
	/* Capability ID, next pointer, flags and DEVCAP, DEVCAP2 */
	if (off >= SIM_PCI_CAP && off < SIM_PCI_CAP + PCI_EXP_DEVCTL)
		return false;
	if (off >= SIM_PCI_CAP + PCI_EXP_DEVCAP2 &&
	    off < SIM_PCI_CAP + PCI_EXP_DEVCTL2)
		return false;
	return true;
}

static int sim_pci_read(struct pci_bus *bus, unsigned int devfn, int where,
			int size, u32 *val)
{
	struct sim_pci_host *h = container_of(bus->sysdata,
					      struct sim_pci_host, sd);
	struct sim_pci_fn *f = sim_pci_fn_find(h, devfn);
	int i, ret;

	if (!f) {
		PCI_SET_ERROR_RESPONSE(val);
		return PCIBIOS_DEVICE_NOT_FOUND;
	}
	if (where < 0 || where + size > PCI_CFG_SPACE_EXP_SIZE)
		return PCIBIOS_BAD_REGISTER_NUMBER;
	/*
	 * x86 config accesses are lockless and may be preemptible: the CPU
	 * logged is the one the access started on.
	 */
	sim_trigger(false, false, 0, SIM_PCI, h->socket, devfn << 12 | (where & ~3),
		    raw_smp_processor_id());
	ret = sim_pci_access(h->sim, h->socket, raw_smp_processor_id(), false,
			     devfn << 12 | where, size, val);
	sim_trigger(true, false, 0, SIM_PCI, h->socket, devfn << 12 | (where & ~3),
		    raw_smp_processor_id());
	if (ret == -ENOENT) {
		*val = 0;
		for (i = size - 1; i >= 0 && where < PCI_CFG_SPACE_SIZE; i--)
			*val = *val << 8 | f->cfg[where + i];
	} else if (ret == -ENXIO) {
		/* an injected fault: the function does not answer */
		PCI_SET_ERROR_RESPONSE(val);
		return PCIBIOS_DEVICE_NOT_FOUND;
	} else if (ret) {
		/* A read the guide forbids (recorded) returns 0. */
		*val = 0;
	}
	return PCIBIOS_SUCCESSFUL;
}

static int sim_pci_write(struct pci_bus *bus, unsigned int devfn, int where,
			 int size, u32 val)
{
	struct sim_pci_host *h = container_of(bus->sysdata,
					      struct sim_pci_host, sd);
	struct sim_pci_fn *f = sim_pci_fn_find(h, devfn);
	int i, ret;

	if (!f)
		return PCIBIOS_DEVICE_NOT_FOUND;
	if (where < 0 || where + size > PCI_CFG_SPACE_EXP_SIZE)
		return PCIBIOS_BAD_REGISTER_NUMBER;
	sim_trigger(false, true, val, SIM_PCI, h->socket, devfn << 12 | (where & ~3),
		    raw_smp_processor_id());
	ret = sim_pci_access(h->sim, h->socket, raw_smp_processor_id(), true,
			     devfn << 12 | where, size, &val);
	sim_trigger(true, true, val, SIM_PCI, h->socket, devfn << 12 | (where & ~3),
		    raw_smp_processor_id());
	if (ret != -ENOENT)
		return PCIBIOS_SUCCESSFUL;
	for (i = 0; i < size && where + i < PCI_CFG_SPACE_SIZE; i++)
		if (sim_pci_writable(where + i))
			f->cfg[where + i] = val >> (8 * i);
	return PCIBIOS_SUCCESSFUL;
}

static struct pci_ops sim_pci_ops = {
	.read = sim_pci_read,
	.write = sim_pci_write,
};

/* Config space is little-endian. */
static void sim_pci_put16(u8 *c, unsigned int off, u16 val)
{
	c[off] = val;
	c[off + 1] = val >> 8;
}

static void sim_pci_header(struct sim_pci_fn *f)
{
	u8 *c = f->cfg;

	sim_pci_put16(c, PCI_VENDOR_ID, PCI_VENDOR_ID_INTEL);
	sim_pci_put16(c, PCI_DEVICE_ID, f->devid);
	sim_pci_put16(c, PCI_STATUS, PCI_STATUS_CAP_LIST);
	c[PCI_CLASS_PROG] = f->class;
	sim_pci_put16(c, PCI_CLASS_DEVICE, f->class >> 8);
	c[PCI_HEADER_TYPE] = PCI_HEADER_TYPE_NORMAL | (f->multi ? 0x80 : 0);
	sim_pci_put16(c, PCI_SUBSYSTEM_VENDOR_ID, PCI_VENDOR_ID_INTEL);
	c[PCI_CAPABILITY_LIST] = SIM_PCI_CAP;
	c[SIM_PCI_CAP + PCI_CAP_LIST_ID] = PCI_CAP_ID_EXP;
	sim_pci_put16(c, SIM_PCI_CAP + PCI_EXP_FLAGS,
		      2 | PCI_EXP_TYPE_RC_END << 4);
}

static int sim_pci_add_fn(struct sim_pci_host *h, unsigned int devfn,
			  u16 devid, u32 class)
{
	struct sim_pci_fn *f = sim_pci_fn_find(h, devfn);

	if (f)
		return f->devid == devid ? 0 : -EINVAL;
	if (h->nfn == SIM_PCI_MAX_FN)
		return -ENOSPC;
	f = &h->fn[h->nfn++];
	f->devfn = devfn;
	f->devid = devid;
	f->class = class;
	return 0;
}

/* Is @devfn of @socket in pci_hide? */
static bool sim_pci_hidden(unsigned int socket, unsigned int devfn)
{
	const char *p = pci_hide;
	unsigned int s, dev, fn;
	int n;

	while (p && sscanf(p, "%u:%x.%x%n", &s, &dev, &fn, &n) == 3) {
		if (s == socket && PCI_DEVFN(dev, fn) == devfn)
			return true;
		p += n;
		if (*p++ != ',')
			break;
	}
	return false;
}

/* The functions of the platform's PCI boxes, with placeholders. */
static int sim_pci_functions(struct sim_pci_host *h)
{
	const struct sim_platform *plat = h->sim->plat;
	unsigned int ti, bi, i, j, n;
	int ret;

	for (ti = 0; ti < plat->ntypes; ti++) {
		const struct sim_box_type *t = plat->types[ti];

		if (t->space != SIM_PCI || !t->devid)
			continue;
		for (bi = 0; bi < t->nboxes; bi++) {
			if (sim_pci_hidden(h->socket, SIM_PCI_DEVFN(t->base[bi])))
				continue;
			ret = sim_pci_add_fn(h, SIM_PCI_DEVFN(t->base[bi]),
					     t->devid[bi], t->nctrs ?
					     SIM_PCI_CLASS_PMON :
					     SIM_PCI_CLASS_OTHER);
			if (ret)
				return ret;
		}
	}
	n = h->nfn;
	for (i = 0; i < n; i++) {
		unsigned int fn0 = PCI_DEVFN(PCI_SLOT(h->fn[i].devfn), 0);

		if (sim_pci_fn_find(h, fn0))
			continue;
		ret = sim_pci_add_fn(h, fn0, SIM_PCI_PLACEHOLDER,
				     SIM_PCI_CLASS_OTHER);
		if (ret)
			return ret;
	}
	for (i = 0; i < h->nfn; i++) {
		for (j = 0; j < h->nfn; j++)
			if (j != i && PCI_SLOT(h->fn[j].devfn) ==
				      PCI_SLOT(h->fn[i].devfn))
				h->fn[i].multi = true;
		sim_pci_header(&h->fn[i]);
	}
	return 0;
}

static bool sim_pci_needed(const struct sim_platform *plat)
{
	unsigned int i;

	for (i = 0; i < plat->ntypes; i++)
		if (plat->types[i]->space == SIM_PCI)
			return true;
	return false;
}

/* The NUMA node of a CPU of package @socket; the first online one if none. */
static int sim_pci_node(unsigned int socket)
{
	unsigned int cpu;

	for_each_online_cpu(cpu)
		if (topology_physical_package_id(cpu) == socket)
			return cpu_to_node(cpu);
	return first_online_node;
}

/* As vmd.c does: one above every domain in use, and above 0xffff. */
static int sim_pci_free_domain(void)
{
	struct pci_bus *bus = NULL;
	int domain = 0xffff;

	while ((bus = pci_find_next_bus(bus)))
		domain = max(domain, pci_domain_nr(bus));
	return domain + 1;
}

/*
 * pci_remove_root_bus() deletes the host bridge but leaves it the reference
 * pci_create_root_bus() gave its creator (6.1 and 6.12 alike): dropped
 * here, or the bridge and its windows leak with every unload of the model.
 */
static void sim_pci_remove_bus(struct sim_pci_host *h)
{
	struct pci_host_bridge *bridge = pci_find_host_bridge(h->bus);

	pci_lock_rescan_remove();
	pci_stop_root_bus(h->bus);
	pci_remove_root_bus(h->bus);
	pci_unlock_rescan_remove();
	pci_free_host_bridge(bridge);
}

void sim_pci_destroy(void)
{
	unsigned int i;

	for (i = sim_pci_nhosts; i-- > 0;) {
		sim_pci_remove_bus(sim_pci_hosts[i]);
		kfree(sim_pci_hosts[i]);
	}
	kfree(sim_pci_hosts);
	sim_pci_hosts = NULL;
	sim_pci_nhosts = 0;
	if (sim_pci_root)
		root_device_unregister(sim_pci_root);
	sim_pci_root = NULL;
}

/* One root bus per socket of @sim, if its platform has PCI boxes. */
int sim_pci_create(struct sim *sim)
{
	unsigned int s, step = sim->nsockets > 4 ? 0x20 : 0x40;
	struct sim_pci_host *h;
	LIST_HEAD(res);
	int domain, ret;

	if (!sim_pci_needed(sim->plat))
		return 0;
	sim_pci_hosts = kcalloc(sim->nsockets, sizeof(*sim_pci_hosts),
				GFP_KERNEL);
	if (!sim_pci_hosts)
		return -ENOMEM;
	sim_pci_root = root_device_register("xeon_uncore_sim");
	if (IS_ERR(sim_pci_root)) {
		ret = PTR_ERR(sim_pci_root);
		sim_pci_root = NULL;
		goto err;
	}
	domain = sim_pci_free_domain();
	for (s = 0; s < sim->nsockets; s++) {
		h = kzalloc(sizeof(*h), GFP_KERNEL);
		if (!h) {
			ret = -ENOMEM;
			goto err;
		}
		h->sim = sim;
		h->socket = s;
		h->sd.domain = domain;
		h->sd.node = sim_pci_node(s);
		ret = sim_pci_functions(h);
		if (ret) {
			kfree(h);
			goto err;
		}
		h->busn.name = "xeon_uncore_sim";
		h->busn.start = step * (s + 1) - 1;
		h->busn.end = h->busn.start;
		h->busn.flags = IORESOURCE_BUS;
		pci_add_resource(&res, &h->busn);

		pci_lock_rescan_remove();
		h->bus = pci_scan_root_bus(sim_pci_root, h->busn.start,
					   &sim_pci_ops, &h->sd, &res);
		if (h->bus)
			pci_bus_add_devices(h->bus);
		pci_unlock_rescan_remove();
		if (!h->bus) {
			pci_free_resource_list(&res);
			kfree(h);
			ret = -ENODEV;
			goto err;
		}
		sim_pci_hosts[sim_pci_nhosts++] = h;
	}
	pr_info("PCI domain %04x: uncore buses of %u socket(s)\n", domain,
		sim->nsockets);
	return 0;
err:
	sim_pci_destroy();
	return ret;
}
