// SPDX-License-Identifier: GPL-2.0
/*
 * xu-open: open one perf event (or a group) with exactly the attributes
 * given and print the errno perf_event_open returned, so tests can check
 * the driver's refusals precisely (perf itself rewords most of them).
 *
 *   xu-open PMU [key=value ...] [-- key=value ...]...
 *
 * Keys: config, config1, config2, cpu (default 0), pid (default -1),
 * period, freq (sample_freq with attr.freq), excl=user|kernel|hv|idle|
 * host|guest, type (PMU type number; default read from sysfs for PMU).
 * Each "--" starts another event in the same group (leader first); an
 * event may name another PMU with pmu=NAME or "sw" for a software event.
 * Prints "OK" and holds the events open for hold=SECONDS (default 0),
 * or prints the errno name of the first failing open and exits 1.
 *
 * refresh=N rounds=R (a sampling leader, opened disabled): R times, arm
 * it with PERF_EVENT_IOC_REFRESH N and wait for its samples, each with a
 * queued signal (fcntl O_ASYNC, F_SETSIG); then check that it stopped.
 * Prints "round <r> samples <n> signals <n> hup <n> stopped <0|1>".
 *
 * reads=N: open the group disabled, enable it as a whole, read it N
 * times, 20 ms apart, in one read() each (PERF_FORMAT_GROUP); prints
 * "read <k> <value>..." (leader first).
 *
 * newperiod=P2 changes=N ms=M (a sampling leader, opened disabled, its
 * period P1): enable it; N times, M ms apart, read its count, change its
 * period with PERF_EVENT_IOC_PERIOD and read it again, the periods P2 + 1,
 * P1 + 2, P2 + 3, ... (distinct, so that a sample's period says which
 * stretch it is of); M ms later disable it and read it.  Prints
 * "change <k> <before> <after> <period>" for each change, "end <count>",
 * and "period <p> samples <n>" for each sample period seen.
 *
 * off=1 with newperiod=P2 changes=N ms=M: the changes are made while the
 * event is off, and leave its period P1: N times, M ms apart, disable it,
 * read its count, set its period to P1 (odd changes) or to P2 and then P1
 * (even ones), and enable it again.  Prints "off <k> <count>" for each,
 * then as above.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "xu-tool.h"

#define MAX_EVENTS 32

static const char *errname(int e)
{
	switch (e) {
	case EINVAL: return "EINVAL";
	case EOPNOTSUPP: return "EOPNOTSUPP";
	case ENOENT: return "ENOENT";
	case ENODEV: return "ENODEV";
	case EBUSY: return "EBUSY";
	case EACCES: return "EACCES";
	case EPERM: return "EPERM";
	case ENOSPC: return "ENOSPC";
	default: return "OTHER";
	}
}

#define RB_PAGES 16

static unsigned long long read_count(int fd)
{
	unsigned long long v[3] = { 0 };

	if (read(fd, v, sizeof(v)) < (ssize_t)sizeof(v[0]))
		return 0;
	return v[0];
}

static int refresh_rounds(int fd, int refresh, int rounds)
{
	struct perf_event_mmap_page *pg = xu_async_ring(fd, RB_PAGES);
	unsigned long long tail = 0, c0, c1;
	int r, waited, samples;

	if (!pg)
		return 1;
	for (r = 1; r <= rounds; r++) {
		__atomic_store_n(&signals, 0, __ATOMIC_RELAXED);
		__atomic_store_n(&hups, 0, __ATOMIC_RELAXED);
		samples = 0;
		if (ioctl(fd, PERF_EVENT_IOC_REFRESH, refresh)) {
			perror("xu-open: PERF_EVENT_IOC_REFRESH");
			return 1;
		}
		for (waited = 0; samples < refresh && waited < 10000; waited += 10) {
			nap_ms(10);
			samples += rb_samples(pg, &tail);
		}
		/* disabled once the limit ran out: nothing more comes */
		nap_ms(300);
		samples += rb_samples(pg, &tail);
		c0 = read_count(fd);
		nap_ms(200);
		c1 = read_count(fd);
		printf("round %d samples %d signals %d hup %d stopped %d\n", r,
		       samples, __atomic_load_n(&signals, __ATOMIC_RELAXED),
		       __atomic_load_n(&hups, __ATOMIC_RELAXED), c0 == c1);
	}
	return 0;
}

#define MAX_PERIODS 64

/* The ring's samples (PERF_SAMPLE_PERIOD alone), counted per period. */
static void period_samples(struct perf_event_mmap_page *pg)
{
	unsigned long long head = __atomic_load_n(&pg->data_head, __ATOMIC_ACQUIRE);
	unsigned long long tail = 0, period[MAX_PERIODS] = { 0 }, p;
	struct perf_event_header *h;
	int n[MAX_PERIODS] = { 0 }, k, i;

	/*
	 * read once, at the end: a ring that filled lost samples (the kernel
	 * writes no record that does not fit; these are 16 bytes)
	 */
	if (head + 64 >= pg->data_size)
		printf("ring full: samples lost\n");
	while ((h = rb_next(pg, head, &tail))) {
		if (h->type != PERF_RECORD_SAMPLE)
			continue;
		p = rb_u64(pg, h, tail, 0);
		for (k = 0; k < MAX_PERIODS && n[k] && period[k] != p; k++)
			;
		if (k < MAX_PERIODS) {
			period[k] = p;
			n[k]++;
		}
	}
	for (i = 0; i < MAX_PERIODS && n[i]; i++)
		printf("period %llu samples %d\n", period[i], n[i]);
}

/* @req (PERF_EVENT_IOC_@name) on @fd, with @arg; 1 on a failure, said */
static int fd_ioctl(int fd, unsigned long req, void *arg, const char *name)
{
	if (ioctl(fd, req, arg)) {
		fprintf(stderr, "xu-open: PERF_EVENT_IOC_%s: %s\n", name, strerror(errno));
		return 1;
	}
	return 0;
}

/* PERF_EVENT_IOC_PERIOD @p on @fd */
static int set_period(int fd, unsigned long long p)
{
	return fd_ioctl(fd, PERF_EVENT_IOC_PERIOD, &p, "PERIOD");
}

/* newperiod= (@off: with off=1) */
static int new_periods(int fd, unsigned long long p1, unsigned long long p2,
		       int changes, int ms, int off)
{
	struct perf_event_mmap_page *pg = xu_ring(fd, RB_PAGES);
	unsigned long long before, after, p;
	int k;

	if (!pg || fd_ioctl(fd, PERF_EVENT_IOC_ENABLE, NULL, "ENABLE"))
		return 1;
	for (k = 1; k <= changes; k++) {
		nap_ms(ms);
		if (off) {
			if (fd_ioctl(fd, PERF_EVENT_IOC_DISABLE, NULL, "DISABLE"))
				return 1;
			printf("off %d %llu\n", k, read_count(fd));
			if ((k % 2 == 0 && set_period(fd, p2)) || set_period(fd, p1) ||
			    fd_ioctl(fd, PERF_EVENT_IOC_ENABLE, NULL, "ENABLE"))
				return 1;
			continue;
		}
		p = (k % 2 ? p2 : p1) + k;
		before = read_count(fd);
		if (set_period(fd, p))
			return 1;
		after = read_count(fd);
		printf("change %d %llu %llu %llu\n", k, before, after, p);
	}
	nap_ms(ms);
	if (fd_ioctl(fd, PERF_EVENT_IOC_DISABLE, NULL, "DISABLE"))
		return 1;
	printf("end %llu\n", read_count(fd));
	period_samples(pg);
	return 0;
}

static int unknown_key(const char *key)
{
	fprintf(stderr, "xu-open: unknown key %s\n", key);
	return 2;
}

static int set_exclude(struct perf_event_attr *attr, const char *what)
{
	if (!strcmp(what, "user"))
		attr->exclude_user = 1;
	else if (!strcmp(what, "kernel"))
		attr->exclude_kernel = 1;
	else if (!strcmp(what, "hv"))
		attr->exclude_hv = 1;
	else if (!strcmp(what, "idle"))
		attr->exclude_idle = 1;
	else if (!strcmp(what, "host"))
		attr->exclude_host = 1;
	else if (!strcmp(what, "guest"))
		attr->exclude_guest = 1;
	else
		return -1;
	return 0;
}

/* @reads group reads of @group's @n events, one line each */
static int group_reads(int group, int n, int reads)
{
	unsigned long long buf[3 + MAX_EVENTS];
	struct timespec ts = { 0, 20 * 1000 * 1000 };
	ssize_t want = (ssize_t)((3 + n) * sizeof(buf[0]));
	int k, i;

	if (ioctl(group, PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP)) {
		printf("enable failed\n");
		return 1;
	}
	for (k = 1; k <= reads; k++) {
		nanosleep(&ts, NULL);
		if (read(group, buf, sizeof(buf)) != want || buf[0] != (unsigned long long)n) {
			printf("read %d failed\n", k);
			return 1;
		}
		printf("read %d", k);
		for (i = 0; i < n; i++)
			printf(" %llu", buf[3 + i]);
		printf("\n");
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct perf_event_attr attr[MAX_EVENTS];
	int cpu[MAX_EVENTS], pid[MAX_EVENTS];
	int n = 0, i, hold = 0, group = -1, refresh = 0, rounds = 1, reads = 0;
	unsigned long long newperiod = 0;
	int ms = 1000, changes = 1, off = 0;

	xu_prog = "xu-open";
	if (argc < 2) {
		fprintf(stderr, "usage: xu-open PMU [key=value]... [-- key=value...]\n");
		return 2;
	}

	for (i = 1; i < argc; i++) {
		char *k = argv[i], *v;
		unsigned long long val;

		if (i == 1 || !strcmp(k, "--")) {
			if (n == MAX_EVENTS)
				return 2;
			memset(&attr[n], 0, sizeof(attr[n]));
			attr[n].size = sizeof(attr[n]);
			attr[n].type = pmu_type(argv[1]);
			attr[n].read_format = PERF_FORMAT_TOTAL_TIME_ENABLED |
					      PERF_FORMAT_TOTAL_TIME_RUNNING;
			cpu[n] = 0;
			pid[n] = -1;
			n++;
			continue;
		}
		v = strchr(k, '=');
		if (!v) {
			fprintf(stderr, "xu-open: bad argument %s\n", k);
			return 2;
		}
		*v++ = '\0';
		val = strtoull(v, NULL, 0);
		if (!strcmp(k, "freq")) {
			attr[n - 1].freq = 1;
			attr[n - 1].sample_freq = val;
			continue;
		}
		if (!strcmp(k, "excl")) {
			if (set_exclude(&attr[n - 1], v))
				return 2;
			continue;
		}
		if (!strcmp(k, "pmu"))
			attr[n - 1].type = pmu_type(v);
		else if (!strcmp(k, "config"))
			attr[n - 1].config = val;
		else if (!strcmp(k, "config1"))
			attr[n - 1].config1 = val;
		else if (!strcmp(k, "config2"))
			attr[n - 1].config2 = val;
		else if (!strcmp(k, "cpu"))
			cpu[n - 1] = (int)strtol(v, NULL, 0);
		else if (!strcmp(k, "pid"))
			pid[n - 1] = (int)strtol(v, NULL, 0);
		else if (!strcmp(k, "period"))
			attr[n - 1].sample_period = val;
		else if (!strcmp(k, "hold"))
			hold = (int)val;
		else if (!strcmp(k, "refresh"))
			refresh = (int)val;
		else if (!strcmp(k, "rounds"))
			rounds = (int)val;
		else if (!strcmp(k, "reads"))
			reads = (int)val;
		else if (!strcmp(k, "newperiod"))
			newperiod = val;
		else if (!strcmp(k, "ms"))
			ms = (int)val;
		else if (!strcmp(k, "changes"))
			changes = (int)val;
		else if (!strcmp(k, "off"))
			off = !!val;
		else
			return unknown_key(k);
	}

	if (reads) {
		attr[0].read_format |= PERF_FORMAT_GROUP;
		attr[0].disabled = 1;
	}
	if (refresh) {
		attr[0].disabled = 1;
		attr[0].wakeup_events = 1;
		attr[0].sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_PERIOD;
	}
	if (newperiod) {
		attr[0].disabled = 1;
		attr[0].sample_type = PERF_SAMPLE_PERIOD;
	}
	for (i = 0; i < n; i++) {
		int fd = syscall(SYS_perf_event_open, &attr[i], pid[i], cpu[i],
				 i ? group : -1, 0);

		if (fd < 0) {
			printf("%s\n", errname(errno));
			return 1;
		}
		if (!i)
			group = fd;
	}
	printf("OK\n");
	fflush(stdout);
	if (refresh)
		return refresh_rounds(group, refresh, rounds);
	if (reads)
		return group_reads(group, n, reads);
	if (newperiod)
		return new_periods(group, attr[0].sample_period, newperiod, changes, ms, off);
	if (hold)
		sleep(hold);
	return 0;
}
