// SPDX-License-Identifier: GPL-2.0
/*
 * xeon_uncore PCI discovery: boxes that live in PCI configuration space are
 * found by an ordinary pci_driver over the platform's uncore device IDs,
 * and each function is attached to the box of its socket.  A function that
 * is missing (or hidden by the BIOS) leaves its box absent on that socket:
 * events there are refused with a reason, everything else works.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpu.h>
#include <linux/mutex.h>
#include <linux/pci.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/topology.h>

#include "uncore.h"

static const struct xu_platform *xu_pci_plat;
static struct xu_pmu *xu_pci_pmus;
static unsigned int xu_pci_npmus;
static struct pci_device_id *xu_pci_ids;
static bool xu_pci_registered;

/*
 * The socket of each uncore bus, asked of the platform (its node-ID
 * registers) for the first function probed there and kept while the
 * driver is loaded: a bus does not change package.  A function that comes
 * back after a remove finds its bus here.
 */
#define XU_PCI_BUSES	(2 * XU_MAX_SOCKETS)

static struct xu_pci_bus {
	int domain;
	int bus;		/* -1: free */
	int socket;
} xu_pci_buses[XU_PCI_BUSES];

static DEFINE_MUTEX(xu_pci_buses_lock);

static int xu_pci_socket(struct pci_dev *pdev)
{
	int domain = pci_domain_nr(pdev->bus), nr = pdev->bus->number;
	struct xu_pci_bus *b, *free = NULL;
	int socket;

	mutex_lock(&xu_pci_buses_lock);
	for (b = xu_pci_buses; b < xu_pci_buses + XU_PCI_BUSES; b++) {
		if (b->bus == nr && b->domain == domain) {
			socket = b->socket;
			goto out;
		}
		if (b->bus < 0 && !free)
			free = b;
	}
	socket = xu_pci_plat->pci_socket(xu_pci_plat, pdev);
	/* an error may be a function that answers later: asked again */
	if (socket >= 0 && free)
		*free = (struct xu_pci_bus){ .domain = domain, .bus = nr, .socket = socket };
out:
	mutex_unlock(&xu_pci_buses_lock);
	return socket;
}

/* The box a device ID stands for on @socket, and whether as its companion. */
static struct xu_box *xu_pci_box(u16 device, unsigned int socket, bool *aux)
{
	unsigned int i;

	for (i = 0; i < xu_pci_npmus; i++) {
		struct xu_pmu *xp = &xu_pci_pmus[i];
		const struct xu_box_type *t = xp->type;

		if (t->space != XU_PCI)
			continue;
		*aux = xu_box_has_aux(xp) && t->pci_aux_ids[xp->idx] == device;
		if (*aux || t->pci_ids[xp->idx] == device)
			return xp->boxes[socket];
	}
	return NULL;
}

/*
 * PCI functions that go (remove, unbind) and come back (rescan, bind)
 * while their box has events: on the collector, fold them one last time
 * while the function answers; when it is back, program the box again as
 * the events have it (counter.c).  CPU hotplug is held off, so the
 * collector stays.
 */
static void xu_box_detach_local(void *info)
{
	struct xu_box *box = info;
	unsigned long flags;

	if (!xu_socket_local(box->sk))
		return;
	xu_box_lock(box, &flags);
	xu_box_fold_all(box);
	xu_box_unlock(box, flags);
}

static void xu_box_reprogram_local(struct xu_box *box, bool counters)
{
	unsigned long flags;

	if (!xu_socket_local(box->sk))
		return;
	xu_box_lock(box, &flags);
	xu_box_reprogram(box, counters);
	xu_box_unlock(box, flags);
}

static void xu_box_attach_local(void *info)
{
	xu_box_reprogram_local(info, true);
}

static void xu_box_attach_aux_local(void *info)
{
	xu_box_reprogram_local(info, false);
}

static void xu_box_on_collector(struct xu_box *box, smp_call_func_t fn)
{
	int cpu;

	cpus_read_lock();
	cpu = READ_ONCE(box->sk->cpu);
	if (cpu >= 0)
		smp_call_function_single(cpu, fn, box, 1);
	cpus_read_unlock();
}

static int xu_pci_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	int socket = xu_pci_socket(pdev);
	struct xu_box *box;
	bool aux;

	if (socket < 0 || socket >= XU_MAX_SOCKETS) {
		dev_info(&pdev->dev, "no online package owns this uncore function\n");
		return -ENODEV;
	}
	box = xu_pci_box(pdev->device, socket, &aux);
	if (!box)
		return -ENODEV;
	if (aux ? rcu_access_pointer(box->aux) : rcu_access_pointer(box->pdev)) {
		dev_warn(&pdev->dev, "second function for %s on socket %d\n",
			 box->pmu->name, socket);
		return -EBUSY;
	}
	pci_set_drvdata(pdev, box);
	if (aux)
		rcu_assign_pointer(box->aux, pdev);
	else
		rcu_assign_pointer(box->pdev, pdev);
	/* back after a remove or unbind, with events open: program them again */
	xu_box_on_collector(box, aux ? xu_box_attach_aux_local : xu_box_attach_local);
	return 0;
}

/*
 * Register accesses take the pointers under RCU: once a grace period has
 * passed, none holds the old one.  Events still open keep the count of
 * their last fold, taken here while the function still answers.
 */
static void xu_pci_remove(struct pci_dev *pdev)
{
	struct xu_box *box = pci_get_drvdata(pdev);

	if (rcu_access_pointer(box->pdev) == pdev) {
		xu_box_on_collector(box, xu_box_detach_local);
		RCU_INIT_POINTER(box->pdev, NULL);
		dev_info(&pdev->dev, "%s: function removed; its events stop counting until it is back\n",
			 box->pmu->name);
	}
	if (rcu_access_pointer(box->aux) == pdev)
		RCU_INIT_POINTER(box->aux, NULL);
	synchronize_rcu();
}

static struct pci_driver xu_pci_driver = {
	.name		= "xeon_uncore",
	.probe		= xu_pci_probe,
	.remove		= xu_pci_remove,
};

/* Say which functions were not found, once, at load. */
static void xu_pci_report(unsigned int nsockets)
{
	unsigned int i, s;

	for (i = 0; i < xu_pci_npmus; i++) {
		struct xu_pmu *xp = &xu_pci_pmus[i];
		const struct xu_box_type *t = xp->type;

		if (t->space != XU_PCI)
			continue;
		for (s = 0; s < nsockets; s++) {
			struct xu_box *box = xp->boxes[s];

			if (!rcu_access_pointer(box->pdev))
				pr_info("%s: PCI device 8086:%04x not found on socket %u, not counted there (hidden by the BIOS?)\n",
					xp->name, t->pci_ids[xp->idx], s);
			else if (xu_box_has_aux(xp) && !rcu_access_pointer(box->aux))
				pr_info("%s: match/mask device 8086:%04x not found on socket %u; events that need it are refused there\n",
					xp->name, t->pci_aux_ids[xp->idx], s);
		}
	}
}

int xu_pci_init(const struct xu_platform *plat, struct xu_pmu *pmus,
		unsigned int npmus)
{
	unsigned int i, n = 0, nsockets = 0;
	int ret;

	for (i = 0; i < npmus; i++) {
		if (pmus[i].type->space != XU_PCI)
			continue;
		n += 1 + xu_box_has_aux(&pmus[i]);
	}
	if (!n)
		return 0;
	if (WARN_ON(!plat->pci_socket))
		return -EINVAL;

	xu_pci_ids = kcalloc(n + 1, sizeof(*xu_pci_ids), GFP_KERNEL);
	if (!xu_pci_ids)
		return -ENOMEM;
	for (i = 0, n = 0; i < npmus; i++) {
		const struct xu_box_type *t = pmus[i].type;

		if (t->space != XU_PCI)
			continue;
		xu_pci_ids[n++] = (struct pci_device_id) {
			PCI_DEVICE(PCI_VENDOR_ID_INTEL, t->pci_ids[pmus[i].idx])
		};
		if (xu_box_has_aux(&pmus[i]))
			xu_pci_ids[n++] = (struct pci_device_id) {
				PCI_DEVICE(PCI_VENDOR_ID_INTEL,
					   t->pci_aux_ids[pmus[i].idx])
			};
	}
	for (i = 0; i < XU_PCI_BUSES; i++)
		xu_pci_buses[i].bus = -1;
	xu_pci_plat = plat;
	xu_pci_pmus = pmus;
	xu_pci_npmus = npmus;
	xu_pci_driver.id_table = xu_pci_ids;
	ret = pci_register_driver(&xu_pci_driver);
	if (ret) {
		kfree(xu_pci_ids);
		xu_pci_ids = NULL;
		return ret;
	}
	xu_pci_registered = true;
	while (nsockets < XU_MAX_SOCKETS && pmus[0].boxes[nsockets])
		nsockets++;
	xu_pci_report(nsockets);
	return 0;
}

void xu_pci_exit(void)
{
	if (xu_pci_registered)
		pci_unregister_driver(&xu_pci_driver);
	xu_pci_registered = false;
	kfree(xu_pci_ids);
	xu_pci_ids = NULL;
}
