// SPDX-License-Identifier: GPL-2.0
/*
 * xu-cost: register accesses per perf operation on one uncore PMU, read
 * from the xu_cost module's debugfs files (bench/xu_cost), for make bench.
 *
 *   xu-cost PMU CPU NCTR CONFIG[:CONFIG1:CONFIG2]
 *
 * CPU: the PMU's collector (its cpumask); NCTR: its general counters.
 * Prints "ROW VALUE" lines, VALUE the mean accesses per operation:
 *   add, del, pmu_enable, pmu_disable   an event enabled and disabled
 *                                       alone (ioctl), per callback
 *   enable_ioctl, disable_ioctl         the same, all callbacks together
 *   read                                read() of one running event
 *   group_read                          read() of a group of NCTR events
 *                                       (PERF_FORMAT_GROUP), all callbacks
 *   txn_enable, txn_disable             a group of NCTR events enabled and
 *                                       disabled as one, all callbacks
 *   rotation                            NCTR + 1 events multiplexed: per
 *                                       tick of perf's mux timer
 * and "calls ROW N" for what the mean was taken over.  Needs the module's
 * "sym perf_mux_hrtimer_handler" probe for the rotation row.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#define DIR	"/sys/kernel/debug/xu_cost/"
#define MAX_OPS	24
#define ROUNDS	100

struct op {
	char name[64];
	unsigned long long calls, acc;
};

static struct op ops[MAX_OPS];
static int nops;

static void die(const char *what)
{
	fprintf(stderr, "xu-cost: %s: %s\n", what, strerror(errno));
	exit(1);
}

static void put(const char *file, const char *text)
{
	FILE *f = fopen(file, "w");

	if (!f || fputs(text, f) < 0 || fclose(f))
		die(file);
}

static void reset(void)
{
	put(DIR "reset", "1\n");
}

/* The ops table now; missed probe hits make the figures meaningless. */
static void snap(void)
{
	FILE *f = fopen(DIR "ops", "r");
	unsigned long long missed;

	if (!f)
		die(DIR "ops");
	nops = 0;
	while (nops < MAX_OPS &&
	       fscanf(f, "%63s calls %llu accesses %llu missed %llu",
		      ops[nops].name, &ops[nops].calls, &ops[nops].acc, &missed) == 4) {
		if (missed) {
			fprintf(stderr, "xu-cost: %llu missed hits of %s\n", missed,
				ops[nops].name);
			exit(1);
		}
		nops++;
	}
	fclose(f);
}

static struct op *op(const char *name)
{
	static struct op none;
	int i;

	for (i = 0; i < nops; i++)
		if (!strcmp(ops[i].name, name))
			return &ops[i];
	return &none;
}

static unsigned long long all_acc(void)
{
	unsigned long long n = 0;
	int i;

	for (i = 0; i < nops; i++)
		n += ops[i].acc;
	return n;
}

static void row(const char *name, unsigned long long acc, unsigned long long calls)
{
	if (!calls)
		return;
	printf("%s %.2f\n", name, (double)acc / calls);
	printf("calls %s %llu\n", name, calls);
}

static void row_op(const char *name)
{
	struct op *o = op(name);

	row(name, o->acc, o->calls);
}

static int type_of(const char *pmu)
{
	char path[256];
	FILE *f;
	int t;

	snprintf(path, sizeof(path), "/sys/bus/event_source/devices/%s/type", pmu);
	f = fopen(path, "r");
	if (!f || fscanf(f, "%d", &t) != 1)
		die(path);
	fclose(f);
	return t;
}

static int type, cpu;
static unsigned long long cfg[3];

static int open_ev(int group, int fmt_group)
{
	struct perf_event_attr a = {
		.type = type, .size = sizeof(a), .config = cfg[0],
		.config1 = cfg[1], .config2 = cfg[2], .disabled = group < 0,
		.read_format = fmt_group ? PERF_FORMAT_GROUP : 0,
	};
	int fd = syscall(SYS_perf_event_open, &a, -1, cpu, group, 0);

	if (fd < 0)
		die("perf_event_open");
	return fd;
}

static void ioc(int fd, unsigned long req)
{
	if (ioctl(fd, req, 0))
		die("ioctl");
}

static void rd(int fd)
{
	unsigned long long buf[64];

	if (read(fd, buf, sizeof(buf)) <= 0)
		die("read");
}

/* Enable and disable one event alone. */
static void single(void)
{
	unsigned long long en = 0, dis = 0;
	int fd = open_ev(-1, 0), i;

	reset();
	for (i = 0; i < ROUNDS; i++) {
		snap();
		en -= all_acc();
		ioc(fd, PERF_EVENT_IOC_ENABLE);
		snap();
		en += all_acc();
		dis -= all_acc();
		ioc(fd, PERF_EVENT_IOC_DISABLE);
		snap();
		dis += all_acc();
	}
	row_op("add");
	row_op("del");
	row_op("pmu_enable");
	row_op("pmu_disable");
	row("enable_ioctl", en, ROUNDS);
	row("disable_ioctl", dis, ROUNDS);

	ioc(fd, PERF_EVENT_IOC_ENABLE);
	reset();
	for (i = 0; i < ROUNDS; i++)
		rd(fd);
	snap();
	row_op("read");
	row("read_syscall", all_acc(), ROUNDS);
	close(fd);
}

/* A group of @n events: enabled and disabled as one, read as one. */
static void group(int n)
{
	unsigned long long en = 0, dis = 0;
	int fd[32], i;

	fd[0] = open_ev(-1, 1);
	for (i = 1; i < n; i++)
		fd[i] = open_ev(fd[0], 1);
	reset();
	for (i = 0; i < ROUNDS; i++) {
		snap();
		en -= all_acc();
		ioc(fd[0], PERF_EVENT_IOC_ENABLE);
		snap();
		en += all_acc();
		dis -= all_acc();
		ioc(fd[0], PERF_EVENT_IOC_DISABLE);
		snap();
		dis += all_acc();
	}
	row("txn_enable", en, ROUNDS);
	row("txn_disable", dis, ROUNDS);

	ioc(fd[0], PERF_EVENT_IOC_ENABLE);
	reset();
	for (i = 0; i < ROUNDS; i++)
		rd(fd[0]);
	snap();
	row("group_read", all_acc(), ROUNDS);
	for (i = n - 1; i >= 0; i--)
		close(fd[i]);
}

/* @n + 1 events on @n counters: perf rotates them at each mux tick. */
static void rotation(int n)
{
	int fd[33], i;
	struct op *mux;

	for (i = 0; i <= n; i++)
		fd[i] = open_ev(-1, 0);
	for (i = 0; i <= n; i++)
		ioc(fd[i], PERF_EVENT_IOC_ENABLE);
	usleep(100000);
	reset();
	sleep(2);
	snap();
	mux = op("perf_mux_hrtimer_handler");
	row("rotation", mux->acc, mux->calls);
	for (i = n; i >= 0; i--)
		close(fd[i]);
}

int main(int argc, char **argv)
{
	char attach[256];
	int n;

	if (argc != 5) {
		fprintf(stderr, "usage: xu-cost PMU CPU NCTR CONFIG[:CONFIG1:CONFIG2]\n");
		return 2;
	}
	type = type_of(argv[1]);
	cpu = atoi(argv[2]);
	n = atoi(argv[3]);
	if (n < 1 || n > 31 ||
	    sscanf(argv[4], "%lli:%lli:%lli", &cfg[0], &cfg[1], &cfg[2]) < 1) {
		fprintf(stderr, "xu-cost: bad NCTR or CONFIG\n");
		return 2;
	}
	snprintf(attach, sizeof(attach), "cpu=%d pmu %d %llx %llx %llx\n",
		 cpu, type, cfg[0], cfg[1], cfg[2]);
	put(DIR "attach", attach);
	single();
	group(n);
	rotation(n);
	return 0;
}
