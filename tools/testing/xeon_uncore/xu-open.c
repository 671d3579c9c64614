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
 */
#include <errno.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

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

static int pmu_type(const char *pmu)
{
	char path[256];
	FILE *f;
	int type = -1;

	if (!strcmp(pmu, "sw"))
		return PERF_TYPE_SOFTWARE;
	snprintf(path, sizeof(path), "/sys/bus/event_source/devices/%s/type", pmu);
	f = fopen(path, "r");
	if (!f || fscanf(f, "%d", &type) != 1) {
		fprintf(stderr, "xu-open: no PMU %s\n", pmu);
		exit(2);
	}
	fclose(f);
	return type;
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

int main(int argc, char **argv)
{
	struct perf_event_attr attr[MAX_EVENTS];
	int cpu[MAX_EVENTS], pid[MAX_EVENTS];
	int n = 0, i, hold = 0, group = -1;

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
		else
			return unknown_key(k);
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
	if (hold)
		sleep(hold);
	return 0;
}
